"""Card names as lookup keys: one spelling for “德莱文 - 血斧飞旋”, “Draven, Vanquisher”, “emperor’s dais”."""

from __future__ import annotations

import re
import unicodedata

# Sets in release order; a card's code is its earliest printing's.
SET_ORDER = ("OGN", "OGS", "SFD", "UNL", "VEN")
SET_NAMES = {"OGN": "起源 Origins", "OGS": "起源 试炼之地 Proving Grounds", "SFD": "铸魂淬炼 Spiritforged",
             "UNL": "破限 Unleashed", "VEN": "化神争锋 Vendetta"}
_NOISE = re.compile(r"[\s\-‐–—·・,，.。:：'’‘\"“”「」【】()（）!！?？]+")


def name_key(text: str) -> str:
    """Lower-case, full-width folded, without spaces, dashes or punctuation."""
    return _NOISE.sub("", unicodedata.normalize("NFKC", text).lower())


def set_rank(code: str) -> tuple[int, str]:
    set_id = code.split("-", 1)[0]
    return (SET_ORDER.index(set_id) if set_id in SET_ORDER else len(SET_ORDER), code)


# What a query must hold to name a card (see CardStore.mentions): a quote, three Chinese characters in a row,
# or two English words in a row.  A query without any (回响, 规则 820.1) leaves the card store closed.
_MAY_NAME_CARD = re.compile(r"[【“「\"]|[\u4e00-\u9fff]{3}|[A-Za-z]+[\s,]+[A-Za-z]+")


def may_name_card(text: str) -> bool:
    return bool(_MAY_NAME_CARD.search(unicodedata.normalize("NFKC", text)))
