"""The renumbering maps in the store: written as the store is built, read by diff, history and lookups.

Editions of one document (the core rules or the tournament rules, in one
language) form a chain ordered by date; the store holds the map between each
edition and the next (tables ``edition_pairs`` and ``edition_map``, see
docs/editions.md).  A map between editions further apart is the composition
of the maps between them, classified by the same :func:`match.classify`.

Only the standard library is imported (no sqlite-utils): ``judgekit rule``
reads maps on its start-up path.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
import zlib
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import Corpus, Edition
from judgekit.editions.order import document_of
from judgekit.errors import JudgekitError, UnknownRuleError, UsageError
from judgekit.refs import RuleNumber

TABLES = {
    "edition_pairs": ({"old": str, "new": str, "document": str, "seconds": float, "digest": str}, None),
    "edition_map": ({"old": str, "new": str, "kind": str, "old_ref": str, "new_ref": str}, None),
}
DOCUMENT_LABELS = {"core": "核心规则", "tournament": "赛事规则"}


def chains(corpus: Corpus, counts: dict[str, int], stated_kinds: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each document's dated editions that hold rules, oldest first."""
    found: dict[str, list[Edition]] = {}
    for edition in corpus.editions:
        if counts.get(edition.id) and edition.date:
            found.setdefault(document_of(edition, stated_kinds.get(edition.id, set())), []).append(edition)
    return {
        document: [e.id for e in sorted(editions, key=lambda e: (e.date, -e.rank))]
        for document, editions in found.items()
        if len(editions) > 1
    }


def build_rows(corpus: Corpus, rules: list[dict], stated_kinds: dict[str, set[str]], previous: Path | None = None):
    """The rows of both tables for every pair of consecutive editions.

    A pair whose two editions hold the same rules as in the *previous* store is
    copied from it; the others are matched here.
    """
    from judgekit.editions.match import MATCHING, Rule, classify, match  # matching runs at import only

    by_edition: dict[str, list[Rule]] = {}
    for row in sorted(rules, key=lambda r: r["sort_key"]):
        by_edition.setdefault(row["edition"], []).append(Rule(row["ref"], row["parent"], _printed(row)))
    counts = {edition: len(rows) for edition, rows in by_edition.items()}
    digests = {edition: zlib.crc32(repr((MATCHING, rows)).encode()) for edition, rows in by_edition.items()}
    kept = _previous_pairs(previous)
    pairs, rows = [], []
    for document, chain in chains(corpus, counts, stated_kinds).items():
        for old, new in pairwise(chain):
            started = time.perf_counter()
            digest = f"{digests[old]:08x}{digests[new]:08x}"
            if (old, new, digest) in kept:
                rows += kept[old, new, digest]
            else:
                sides = by_edition[old], by_edition[new]
                links = match(*sides)
                found = classify(links, *({r.ref: r.text for r in side} for side in sides))
                kinds = {ref: change.kind for change in found for ref in change.old}
                rows += [{"old": old, "new": new, "kind": kinds[o], "old_ref": o, "new_ref": n} for o, n in links]
                rows += [
                    {"old": old, "new": new, "kind": c.kind, "old_ref": "".join(c.old), "new_ref": "".join(c.new)}
                    for c in found
                    if c.kind in ("added", "removed")
                ]
            seconds = time.perf_counter() - started
            pairs.append({"old": old, "new": new, "document": document, "seconds": seconds, "digest": digest})
    return pairs, rows


def _previous_pairs(path: Path | None) -> dict[tuple[str, str, str], list[dict]]:
    """The maps of the store in use, by (old, new, digest); nothing when it has none or cannot be read."""
    if path is None or not path.exists():
        return {}
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            db.row_factory = sqlite3.Row
            digests = {(r["old"], r["new"]): r["digest"] for r in db.execute("select old, new, digest from edition_pairs")}
            kept: dict[tuple[str, str, str], list[dict]] = {}
            for row in db.execute("select * from edition_map"):
                kept.setdefault((row["old"], row["new"], digests[row["old"], row["new"]]), []).append(dict(row))
            return kept
    except (sqlite3.DatabaseError, KeyError):
        return {}


def _printed(row) -> str:
    return " ".join(filter(None, (row["title"], row["text"])))


class Located(NamedTuple):
    """A rule found in one edition of a chain: its number(s) there and the change from the previous edition."""

    edition: str
    refs: tuple[str, ...]
    texts: tuple[str, ...]
    kind: str  # how it got here from the previous edition of the chain ("" for the first)
    previous_texts: tuple[str, ...] = ()


class Cited(NamedTuple):
    """A rule number cited against one edition, followed to the newest edition of its document."""

    ref: str
    edition: str  # the edition the citation was written against
    holder: str  # the edition holding its text (the same, or one numbered the same)
    newest: str
    kind: str  # a change kind (see match.KINDS), or "missing": the edition has no such rule
    refs: tuple[str, ...]  # its numbers in the newest edition
    old_text: str
    new_text: str

    @property
    def stale(self) -> bool:
        return self.kind != "unchanged"

    @property
    def reworded(self) -> bool:
        """Whether its text in the newest edition differs from the cited one."""
        from judgekit.editions.match import normalised

        return bool(self.refs) and normalised(self.old_text) != normalised(self.new_text)


class EditionMaps:
    def __init__(self, db: sqlite3.Connection, corpus: Corpus):
        self.db = db
        self.corpus = corpus
        try:
            rows = db.execute("select old, new, document from edition_pairs").fetchall()
        except sqlite3.OperationalError:  # a store built before maps existed is rebuilt on its next change
            rows = []
        self.next = {row[0]: row[1] for row in rows}
        self.previous = {row[1]: row[0] for row in rows}
        self.document = {edition: row[2] for row in rows for edition in row[:2]}

    # -- which edition ---------------------------------------------------------

    def holder(self, edition_id: str) -> str | None:
        """The edition of the chains that holds *edition_id*'s numbers: itself, or one numbered the same."""
        if edition_id in self.document:
            return edition_id
        numbering = self.corpus.edition(edition_id).numbering
        return next(
            (e.id for e in self.corpus.editions if e.numbering == numbering and e.id in self.document), None
        )

    def chain(self, edition_id: str) -> list[str]:
        start = edition_id
        while start in self.previous:
            start = self.previous[start]
        found = [start]
        while found[-1] in self.next:
            found.append(self.next[found[-1]])
        return found

    def in_force(self, date: str) -> list[Edition]:
        """Of each document, the newest edition holding rules dated on or before *date* (newest first)."""
        holding = {row[0] for row in self.db.execute("select id from editions where rules > 0")}
        chosen: dict[str, Edition] = {}
        for edition in self.corpus.editions:
            if edition.id in holding and edition.date and edition.date <= date:
                document = self.document.get(edition.id) or document_of(edition)
                if document not in chosen or edition.date > chosen[document].date:
                    chosen[document] = edition
        return sorted(chosen.values(), key=lambda e: (e.date, -e.rank), reverse=True)

    def between(self, old: str, new: str) -> list[str]:
        """The chain from *old* to *new*; a UsageError when they are not editions of one document, in order."""
        old_holder, new_holder = self.holder(old), self.holder(new)
        for given, holder in ((old, old_holder), (new, new_holder)):
            if holder is None:
                raise JudgekitError(
                    f"版本 {given} 没有可比较的版本：同一文档（同一语言）至少要有两个带日期、有正文的版本；"
                    f"可用 judgekit import 导入其他版本（见 judgekit editions）"
                )
        if self.document[old_holder] != self.document[new_holder]:
            raise UsageError(
                f"{old} 与 {new} 不是同一文档的版本（{self._label(old_holder)} 与 {self._label(new_holder)}），无法比较"
            )
        chain = self.chain(old_holder)
        start, end = chain.index(old_holder), chain.index(new_holder)
        if start > end:
            raise UsageError(f"{old} 比 {new} 新；请把旧版本写在前面：judgekit diff {new} {old}")
        return chain[start:end + 1]

    def _label(self, edition_id: str) -> str:
        kind, language = self.document[edition_id].split("/")
        return f"{DOCUMENT_LABELS[kind]}，{language}"

    # -- links -----------------------------------------------------------------

    def _step(self, old: str, new: str) -> list[tuple[str, str, str]]:
        return [tuple(r) for r in self.db.execute(
            "select old_ref, new_ref, kind from edition_map where old = ? and new = ?", (old, new))]

    def _onward(self, old: str, new: str, refs: set[str]) -> set[str]:
        """The numbers in *new* of the rules numbered *refs* in *old* (a search follows a few rules, not the map)."""
        marks = ",".join("?" * len(refs))
        return {r[0] for r in self.db.execute(
            f"select new_ref from edition_map where old = ? and new = ? and old_ref in ({marks}) and new_ref != ''",
            (old, new, *refs))} if refs else set()

    def links(self, chain: list[str]) -> set[tuple[str, str]]:
        """(number in the first edition, number in the last) for every rule that lives through *chain*."""
        links = {(o, n) for o, n, _ in self._step(chain[0], chain[1]) if o and n}
        for old, new in pairwise(chain[1:]):
            onward: dict[str, list[str]] = {}
            for o, n, _ in self._step(old, new):
                if o and n:
                    onward.setdefault(o, []).append(n)
            links = {(first, last) for first, middle in links for last in onward.get(middle, ())}
        return links

    def texts(self, edition: str) -> dict[str, str]:
        return {
            r[0]: " ".join(filter(None, r[1:]))
            for r in self.db.execute("select ref, title, text from rules where edition = ? order by sort_key", (edition,))
        }

    def diff(self, old: str, new: str):
        """The changes from *old* to *new* (editions of one document), the chain between them, and the
        texts of its first and last edition."""
        from judgekit.editions.match import classify

        chain = self.between(old, new)
        texts = self.texts(chain[0]), self.texts(chain[-1])
        links = ((ref, ref) for ref in texts[0]) if len(chain) == 1 else self.links(chain)
        return classify(links, *texts), chain, texts

    def follow(self, edition_id: str, ref: str) -> tuple[str, tuple[str, ...]] | None:
        """Where rule *ref* of *edition_id*'s numbering is in the newest edition: (edition, numbers).

        None when no newer edition of the document is mapped; numbers are empty when it was removed.
        """
        holder = self.holder(edition_id)
        if holder is None:
            return None
        chain = self.chain(holder)
        chain = chain[chain.index(holder):]
        if len(chain) == 1:
            return None
        refs = {ref}
        for old, new in pairwise(chain):
            refs = self._onward(old, new, refs)
        return chain[-1], tuple(sorted(refs, key=lambda r: RuleNumber.parse(r).sort_key))

    def history(self, edition_id: str, ref: str) -> list[Located]:
        """Rule *ref* of *edition_id* in every edition of its chain, oldest first."""
        holder = self.holder(edition_id)
        if holder is None:
            raise JudgekitError(
                f"{edition_id} 所属文档只有这一个带日期、有正文的版本，没有历史可查；可用 judgekit import 导入其他版本"
            )
        if not self.db.execute("select 1 from rules where edition = ? and ref = ?", (holder, ref)).fetchone():
            raise UnknownRuleError(f"规则 {ref} 不在 {holder} 中，无法列出它的历史")
        chain = self.chain(holder)
        at = chain.index(holder)
        found: dict[str, set[str]] = {holder: {ref}}
        for older, newer in zip(reversed(chain[:at]), reversed(chain[1:at + 1]), strict=False):
            found[older] = {o for o, n, _ in self._step(older, newer) if n in found[newer] and o}
        for older, newer in zip(chain[at:], chain[at + 1:], strict=False):
            found[newer] = {n for o, n, _ in self._step(older, newer) if o in found[older] and n}
        located: list[Located] = []
        for position, edition in enumerate(chain):
            refs = tuple(sorted(found[edition], key=lambda r: RuleNumber.parse(r).sort_key))
            texts = self._texts_of(edition, refs)
            kind = ""
            if position:
                previous = located[-1]
                kind = self._kind(chain[position - 1], edition, previous.refs, refs, previous.texts, texts)
            located.append(Located(edition, refs, texts, kind, located[-1].texts if located else ()))
        return located

    def _texts_of(self, edition: str, refs: tuple[str, ...]) -> tuple[str, ...]:
        texts = []
        for ref in refs:
            row = self.db.execute("select title, text from rules where edition = ? and ref = ?", (edition, ref)).fetchone()
            texts.append(" ".join(filter(None, row)) if row else "")
        return tuple(texts)

    def _kind(self, old: str, new: str, old_refs, new_refs, old_texts, new_texts) -> str:
        if not old_refs:
            return "added" if new_refs else ""
        if not new_refs:
            return "removed"
        kinds = {k for o, n, k in self._step(old, new) if o in old_refs and n in new_refs}
        return next(iter(kinds)) if len(kinds) == 1 else "split"

    def change(self, edition_id: str, ref: str) -> Cited | None:
        """What became of rule *ref* of *edition_id*'s numbering in the newest edition of its document.

        None when no newer edition is mapped; kind "missing" when the edition has no such rule.
        """
        from judgekit.editions.match import classify

        followed = self.follow(edition_id, ref)
        if followed is None:
            return None
        holder = self.holder(edition_id)
        newest, refs = followed
        (old_text,) = self._texts_of(holder, (ref,))
        if not self.db.execute("select 1 from rules where edition = ? and ref = ?", (holder, ref)).fetchone():
            return Cited(ref, edition_id, holder, newest, "missing", (), "", "")
        new_texts = self._texts_of(newest, refs)
        (change,) = classify({(ref, n) for n in refs}, {ref: old_text}, dict(zip(refs, new_texts, strict=True)))
        return Cited(ref, edition_id, holder, newest, change.kind, refs, old_text, " ".join(new_texts))
