"""Chinese words → the English words of the rules, learnt from the cards' two printed texts.

A Chinese question searched against English rules finds them only through the
English forms of its words.  The glossary and the judge vocabulary name a few
hundred; the cards name the rest of the game's everyday words: a card printed
in both languages says the same thing twice (打出我时 / When you play me), and
over the seven hundred cards printed in both, a Chinese word and the English
word it translates stand in the same card lines far more often than chance.

The table pairs each Chinese word with the English words whose Dice
coefficient with it (2 × lines holding both / lines holding each) is high, and
for which it is (nearly) the best Chinese word: “造成 … 伤害” / “deal”: deal
goes to 造成, damage to 伤害.  Words of one character are left out: most are part
of a longer word (本 of 本回合 is not “turn”) or of a name cut into characters
(魄/罗 of 魄罗, not “poro”).  Reminder text in brackets is left out (it
repeats a keyword's explanation on every card that has the keyword).  Lines
are paired when the two texts have as many lines, else the whole texts are.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

MIN_LINES = 3  # a word in fewer card lines than this is too rare to learn from
MIN_DICE = 0.5
NEAR_BEST = 0.75  # an English word goes to the Chinese words scoring at least this share of its best one
MAX_TRANSLATIONS = 2

_REMINDER = re.compile(r"（[^（）]*）|\([^()]*\)")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_ENGLISH_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")


def aligned(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each (Chinese, English) card text as the line pairs it is made of, reminder text left out."""
    units = []
    for chinese, english in pairs:
        zh = [line for line in _REMINDER.sub(" ", chinese).splitlines() if line.strip()]
        en = [line for line in _REMINDER.sub(" ", english).splitlines() if line.strip()]
        if len(zh) == len(en):
            units += zip(zh, en)
        elif zh and en:
            units.append(("\n".join(zh), "\n".join(en)))
    return units


def learn(
    pairs: Iterable[tuple[str, str]],
    chinese_words: Callable[[str], Iterable[str]],
    english_stem: Callable[[str], str],
    ignored: Callable[[str], bool] = lambda word: False,
) -> dict[str, tuple[str, ...]]:
    """Chinese word → its English translations (as printed, lower-cased), from (Chinese, English) text *pairs*.

    *chinese_words* cuts Chinese text into words as a query is cut; *english_stem* is the form the index
    keeps an English word under (the translations are the surface words most printed for a stem);
    *ignored* words (question words, particles) are never learnt.
    """
    stems: dict[str, str] = {}
    printed: dict[str, Counter] = {}
    in_zh: Counter = Counter()
    in_en: Counter = Counter()
    both: Counter = Counter()
    for chinese, english in aligned(pairs):
        zh = {word for word in chinese_words(chinese) if len(word) > 1 and _HAN.search(word) and not ignored(word)}
        en = set()
        for word in _ENGLISH_WORD.findall(english.lower()):
            if len(word) < 3 or ignored(word):
                continue
            stem = stems.setdefault(word, english_stem(word))
            printed.setdefault(stem, Counter())[word] += 1
            en.add(stem)
        in_zh.update(zh)
        in_en.update(en)
        both.update((a, b) for a in zh for b in en)
    dice = {
        (a, b): 2 * count / (in_zh[a] + in_en[b])
        for (a, b), count in both.items()
        if count >= MIN_LINES and in_zh[a] >= MIN_LINES
    }
    best_for: dict[str, float] = {}
    for (_, b), score in dice.items():
        best_for[b] = max(best_for.get(b, 0.0), score)
    table: dict[str, list[tuple[float, str]]] = {}
    for (a, b), score in dice.items():
        if score >= MIN_DICE and score >= NEAR_BEST * best_for[b]:
            table.setdefault(a, []).append((score, printed[b].most_common(1)[0][0]))
    return {a: tuple(word for score, word in sorted(found, reverse=True)[:MAX_TRANSLATIONS]
                     if score >= NEAR_BEST * max(found)[0]) for a, found in table.items()}
