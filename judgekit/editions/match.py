"""Pair the rules of two editions by what they say, not by their numbers.

Rules are renumbered often (v1.4 moved movement from 440 to 445), so a number
alone says nothing across editions.  Pairs are found in rounds:

1. the same text on both sides, once each (or under the same number);
2. rounds of best-first pairing by text similarity (Dice over words, or
   over character pairs in Chinese), where a rule under a paired parent, or
   after a paired neighbour, needs less similarity than a rule out of place;
3. what is left: an old rule whose words a new rule holds, beyond what the
   old rule paired with it says, was merged into it; a new rule whose words
   an old rule held beyond its new counterpart was split off it.

:func:`classify` turns pairs into changes; it also classifies pairs composed
across several editions (see :mod:`judgekit.editions.maps`).
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple


class Rule(NamedTuple):
    ref: str
    parent: str | None
    text: str  # title and text, as printed


class Change(NamedTuple):
    kind: str  # unchanged | moved | reworded | added | removed | split | merged
    old: tuple[str, ...]
    new: tuple[str, ...]
    text_changed: bool = False


KINDS = ("unchanged", "moved", "reworded", "split", "merged", "added", "removed")

# Bump when the matching changes: stored maps carry it in their digest, so maps matched by older code
# are matched again instead of being copied into a new store.
MATCHING = 2
SIMILAR = 0.6  # Dice similarity enough to pair two rules anywhere in the document
SIMILAR_IN_PLACE = 0.4  # … enough for a rule under the parent, or after the neighbour, its counterpart has
CONTAINED = 0.8  # share of a rule's words found in the rule it was split from or merged into
BEYOND = 0.5  # … and in what that rule holds beyond its own counterpart
MIN_PART_WORDS = 5  # shorter rules are too common to tell where they came from
COMMON = 60  # words in more rules than this do not propose candidates
ROUNDS = 4

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "＂": '"', "\u00a0": " "})
_WORD = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]+")


_PUNCTUATION_ONLY = operator.methodcaller("group", 1)
_AROUND_PUNCTUATION = re.compile(r"\s*([,.;:!?\"'()\[\]，。；：！？（）“”])\s*")


@lru_cache(maxsize=1 << 14)
def normalised(text: str) -> str:
    """*text* as compared: case, quote styles, runs of spaces and spaces at punctuation ignored."""
    return _AROUND_PUNCTUATION.sub(_PUNCTUATION_ONLY, " ".join(text.translate(_QUOTES).lower().split()))


def tokens(text: str) -> Counter:
    """Words of *text*; a run of Chinese characters gives its character pairs (a lone character itself)."""
    found: list[str] = []
    for word in _WORD.findall(normalised(text)):
        if word[0] >= "\u3400" and len(word) > 1:
            found += [word[i:i + 2] for i in range(len(word) - 1)]
        else:
            found.append(word)
    return Counter(found)


def shared(a: Counter, b: Counter, less: Counter | None = None) -> int:
    """How many words *a* and *b* have in common (of *b* without the words of *less*)."""
    if less is None:
        small, large = (a, b) if len(a) <= len(b) else (b, a)
        return sum(min(count, large[word]) for word, count in small.items() if word in large)
    return sum(min(count, b[word] - less.get(word, 0)) for word, count in a.items() if b.get(word, 0) > less.get(word, 0))


def dice(a: Counter, b: Counter) -> float:
    total = a.total() + b.total()
    return 2 * shared(a, b) / total if total else 1.0


def contained(part: Counter, whole: Counter, less: Counter | None = None) -> float:
    """The share of *part*'s words found in *whole* (without the words of *less*)."""
    size = part.total()
    return shared(part, whole, less) / size if size else 0.0


class _Side:
    """One edition's rules, indexed for matching."""

    def __init__(self, rules: list[Rule]):
        self.rules = rules
        self.by_ref = {rule.ref: rule for rule in rules}
        self.words = {rule.ref: tokens(rule.text) for rule in rules}
        self.sizes = {ref: sum(words.values()) for ref, words in self.words.items()}
        self.previous: dict[str, str | None] = {}
        self.following: dict[str, tuple[str, ...]] = {}
        self.children: dict[str | None, list[str]] = {}
        last: dict[str | None, str] = {}
        for rule in rules:  # in document order
            self.previous[rule.ref] = last.get(rule.parent)
            if rule.parent in last:
                self.following[last[rule.parent]] = (rule.ref,)
            last[rule.parent] = rule.ref
            self.children.setdefault(rule.parent, []).append(rule.ref)
        self.postings: dict[str, list[str]] = {}
        for ref, words in self.words.items():
            for word in words:
                self.postings.setdefault(word, []).append(ref)

    def sharing(self, words: Counter, limit: int = 4) -> set[str]:
        """Rules holding one of the rarest *limit* words of *words* (common words propose nothing)."""
        rare = sorted((len(self.postings.get(w, ())), w) for w in words)
        found: set[str] = set()
        for count, word in rare[:limit]:
            if 0 < count <= COMMON:
                found.update(self.postings[word])
        return found


def match(old_rules: list[Rule], new_rules: list[Rule]) -> list[tuple[str, str]]:
    """Pairs (old number, new number): the same rule, or a rule split from or merged into another."""
    old, new = _Side(old_rules), _Side(new_rules)
    pairs: dict[str, str] = {}  # old -> new
    taken: set[str] = set()

    def pair(old_ref: str, new_ref: str) -> None:
        pairs[old_ref] = new_ref
        taken.add(new_ref)

    exact: dict[str, tuple[list[str], list[str]]] = {}
    for side, index in ((old, 0), (new, 1)):
        for rule in side.rules:
            exact.setdefault(normalised(rule.text), ([], []))[index].append(rule.ref)
    for old_refs, new_refs in exact.values():
        if len(old_refs) == len(new_refs) == 1:
            pair(old_refs[0], new_refs[0])
        else:
            for ref in set(old_refs) & set(new_refs):
                pair(ref, ref)

    for _ in range(ROUNDS):
        proposals = []
        for rule in old.rules:
            if rule.ref in pairs:
                continue
            words = old.words[rule.ref]
            parent_there = pairs.get(rule.parent) if rule.parent else None
            previous_there = pairs.get(old.previous[rule.ref] or "")
            candidates = new.sharing(words) | set(exact[normalised(rule.text)][1])
            if previous_there is not None:  # the rule after the neighbour's counterpart
                candidates.update(new.following.get(previous_there, ()))
            candidates.update(new.children.get(parent_there, ()) if parent_there else ())
            if rule.ref in new.by_ref:
                candidates.add(rule.ref)
            for ref in candidates - taken:
                similarity = dice(words, new.words[ref])
                in_place = (parent_there is not None and new.by_ref[ref].parent == parent_there) or (
                    previous_there is not None and new.previous[ref] == previous_there
                )
                if similarity >= SIMILAR or (in_place and similarity >= SIMILAR_IN_PLACE):
                    score = similarity + 0.2 * in_place + 0.05 * (ref == rule.ref)
                    proposals.append((score, rule.ref, ref))
        added = 0
        for _, old_ref, new_ref in sorted(proposals, reverse=True):
            if old_ref not in pairs and new_ref not in taken:
                pair(old_ref, new_ref)
                added += 1
        if not added:
            break

    links = set(pairs.items())
    old_of = {new_ref: old_ref for old_ref, new_ref in pairs.items()}
    links.update((o, n) for n, o in _parts(new, old, old_of, pairs))  # split off an old rule
    links.update(_parts(old, new, pairs, old_of))  # merged into a new rule
    return sorted(links)


def _parts(side: _Side, other: _Side, counterpart: dict[str, str], other_counterpart: dict[str, str]):
    """(unpaired rule of *side*, rule of *other*) where the other rule holds most of the rule's words, and
    they are largely what it holds beyond its own counterpart on *side*: text split off it, or merged into it."""
    for rule in side.rules:
        words = side.words[rule.ref]
        if rule.ref in counterpart or side.sizes[rule.ref] < MIN_PART_WORDS:
            continue
        best = (0.0, "")
        for ref in other.sharing(words, limit=6) & other_counterpart.keys():
            if contained(words, other.words[ref]) >= CONTAINED:
                beyond = contained(words, other.words[ref], side.words[other_counterpart[ref]])
                if beyond >= BEYOND:
                    best = max(best, (beyond, ref))
        if best[1]:
            yield rule.ref, best[1]


def classify(
    links: Iterable[tuple[str, str]], old_texts: dict[str, str], new_texts: dict[str, str]
) -> list[Change]:
    """Changes from pairs: each group of linked rules, then the rules linked to nothing."""
    links = sorted(set(links))
    new_of: dict[str, list[str]] = {}
    old_of: dict[str, list[str]] = {}
    for old_ref, new_ref in links:
        new_of.setdefault(old_ref, []).append(new_ref)
        old_of.setdefault(new_ref, []).append(old_ref)
    changes: list[Change] = []
    seen: set[str] = set()
    for old_ref, _ in links:
        if old_ref in seen:
            continue
        olds, news = _component(old_ref, new_of, old_of)
        seen.update(olds)
        old_raw, new_raw = [old_texts.get(r, "") for r in olds], [new_texts.get(r, "") for r in news]
        # The same text as printed needs no normalising (most rules of two editions are).
        changed = old_raw != new_raw and " ".join(map(normalised, old_raw)) != " ".join(map(normalised, new_raw))
        if len(olds) == 1 and len(news) == 1:
            kind = "moved" if olds[0] != news[0] else ("reworded" if changed else "unchanged")
        else:
            kind = "split" if len(olds) == 1 else "merged" if len(news) == 1 else "split"
        changes.append(Change(kind, olds, news, changed))
    changes += [Change("removed", (ref,), ()) for ref in old_texts if ref not in new_of]
    changes += [Change("added", (), (ref,)) for ref in new_texts if ref not in old_of]
    return changes


def _component(start: str, new_of: dict[str, list[str]], old_of: dict[str, list[str]]):
    """The old and new rules linked to *start*, directly or through each other."""
    olds, news = {start}, set()
    frontier = [start]
    while frontier:
        ref = frontier.pop()
        for new_ref in new_of.get(ref, ()):
            if new_ref not in news:
                news.add(new_ref)
                frontier += [o for o in old_of[new_ref] if o not in olds]
                olds.update(old_of[new_ref])
    return tuple(sorted(olds)), tuple(sorted(news))
