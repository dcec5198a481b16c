"""Is an FAQ already in the store under another layout?  Then importing it would keep it twice.

The bundled Vendetta FAQ (the text of the web page) and its PDF version hold the
same entries, wrapped, paged and lightly edited differently: comparing files
finds nothing, comparing entries finds the twin.  Two FAQs are the same
document when nearly every question of the shorter one has a question of the
other that says nearly the same (the same characters in the same order, past
markers, spacing, punctuation and script: a Traditional-character edition of an FAQ is that FAQ).
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache

from judgekit.chinese import to_simplified
from judgekit.corpus.model import ParsedDocument

SAME_QUESTION = 0.8  # share of matching characters for two questions to be one question edited
SAME_DOCUMENT = 0.8  # share of the shorter FAQ's questions found in the other
_MARKER = re.compile(r"^(?:问|Q\d*|问题\s*[\d.]+)\s*[:：]", re.IGNORECASE)


@lru_cache(maxsize=4096)  # an import compares each stored FAQ's questions against every file it takes
def _question(text: str) -> str:
    text = to_simplified(unicodedata.normalize("NFKC", text))
    return re.sub(r"[\W_]+", "", _MARKER.sub("", text)).lower()


def shared_questions(new: ParsedDocument, old: ParsedDocument) -> tuple[int, int]:
    """(questions of the shorter FAQ found in the other, questions of the shorter FAQ)."""
    ours = [_question(entry.question) for entry in new.faqs]
    theirs = [_question(entry.question) for entry in old.faqs]
    shorter, longer = sorted((ours, theirs), key=len)
    exact = set(longer)
    found = sum(1 for q in shorter if q in exact or any(_alike(q, other) for other in longer))
    return found, len(shorter)


def _alike(a: str, b: str) -> bool:
    if min(len(a), len(b)) < SAME_QUESTION * max(len(a), len(b)):
        return False  # cannot reach the ratio: spare the comparison
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    # quick_ratio bounds ratio from above and costs a count of characters: most pairs end there.
    return matcher.quick_ratio() >= SAME_QUESTION and matcher.ratio() >= SAME_QUESTION


def is_twin(new: ParsedDocument, old: ParsedDocument) -> bool:
    found, of = shared_questions(new, old)
    return of > 0 and found >= SAME_DOCUMENT * of
