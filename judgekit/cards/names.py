"""Card names and codes as lookup keys: one spelling for “德莱文 - 血斧飞旋”, “Draven, Vanquisher”, “emperor’s dais”,
one for “OGN·242/298” and “ogn-242-298”."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# Sets in release order; a card's code is its earliest printing's.
SET_ORDER = ("OGN", "OGS", "SFD", "UNL", "VEN")
SET_NAMES = {"OGN": "起源 Origins", "OGS": "起源 试炼之地 Proving Grounds", "SFD": "铸魂淬炼 Spiritforged",
             "UNL": "破限 Unleashed", "VEN": "化神争锋 Vendetta"}
# Promotional sets restart their numbers per product, so their codes keep the total (OPP-001-219).
PROMO_SETS = ("OPP", "PR", "JDG")
_CODE = re.compile(
    r"^(?P<set>[A-Za-z]+)[-·](?P<number>[A-Za-z]*\d+)(?P<variant>[a-z*]*)(?:[-/](?P<total>\d+))?(?P<promo>·P)?$"
)
_NOISE = re.compile(r"[\s\-‐–—·・,，.。:：'’‘\"“”「」【】()（）!！?？]+")


def name_key(text: str) -> str:
    """Lower-case, full-width folded, without spaces, dashes or punctuation."""
    return _NOISE.sub("", unicodedata.normalize("NFKC", text).lower())


def parse_code(raw: str) -> tuple[str, str, str]:
    """(printing code, card number, set) of a code in any file's spelling (OGN·242/298, ogn-242-298)."""
    match = _CODE.match(raw.strip())
    if not match:
        raise ValueError(raw)
    set_id = match["set"].upper()
    base = f"{set_id}-{match['number'].upper()}"
    if set_id in PROMO_SETS and match["total"]:
        base += f"-{match['total']}"
    code = base + match["variant"] + ("-P" if match["promo"] else "")
    return code, base, set_id


def set_rank(code: str) -> tuple[int, str]:
    set_id = code.split("-", 1)[0]
    return (SET_ORDER.index(set_id) if set_id in SET_ORDER else len(SET_ORDER), code)


# What a query must hold to name a card (see CardStore.mentions): a quote, three Chinese characters in a row,
# or two English words in a row.  A query without any (回响, 规则 820.1) leaves the card store closed.
def may_name_card(text: str) -> bool:
    return bool(_may_name_card().search(unicodedata.normalize("NFKC", text)))


@cache
def _may_name_card() -> re.Pattern:
    # Compiled on first use: 2 ms that `judgekit card` (it imports this module) need not pay.
    return re.compile(r"[【“「\"]|[\u4e00-\u9fff]{3}|[A-Za-z]+[\s,]+[A-Za-z]+")
