"""What a judge types for an infraction, a penalty or an OPL, and the project's Chinese names (infractions.toml).

An infraction is found by its number (702.5, or a rule under it), its English
heading, its Chinese name or one of the phrases judges say (多看了牌); a
phrase inside a longer query counts too (“他多看了牌怎么办”).  What matches
nothing gets the closest names as a suggestion.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from judgekit.errors import JudgekitError, UsageError
from judgekit.refs import RuleNumber, RuleNumberError
from judgekit.tournament.guide import Guide, Infraction

VOCABULARY = Path(__file__).with_name("infractions.toml")
_NOISE = re.compile(r"[\s\-‐–—·・,，.。:：;；'’‘\"“”「」【】()（）!！?？、]+")
_HAS_DIGIT = re.compile(r"\d")


class UnknownInfractionError(JudgekitError):
    """A query that names no infraction of the edition."""


class Names(NamedTuple):
    infractions: dict[str, tuple[str, tuple[str, ...]]]  # English heading → (Chinese name, what judges say)
    penalties: dict[str, tuple[str, tuple[str, ...]]]  # English penalty → (Chinese name, what judges say)
    categories: dict[str, str]  # English section heading → Chinese name
    opls: dict[str, tuple[str, tuple[str, ...]]]  # OPL → (Chinese name, what judges say)

    def zh(self, infraction: Infraction) -> str:
        return self.infractions.get(infraction.name, ("", ()))[0]


def key(text: str) -> str:
    """Lower-case, full-width folded, without spaces or punctuation."""
    return _NOISE.sub("", unicodedata.normalize("NFKC", text).lower())


@lru_cache(maxsize=1)
def vocabulary() -> Names:
    table = tomllib.loads(VOCABULARY.read_text(encoding="utf-8"))

    def named(entries: dict) -> dict[str, tuple[str, tuple[str, ...]]]:
        return {name: (entry["zh"], tuple(entry.get("says", []))) for name, entry in entries.items()}

    return Names(
        {entry["en"]: (entry["zh"], tuple(entry.get("says", []))) for entry in table["infraction"]},
        named(table["penalties"]),
        dict(table["categories"]),
        named(table["opl"]),
    )


def _spellings(infraction: Infraction) -> list[str]:
    zh, says = vocabulary().infractions.get(infraction.name, ("", ()))
    return [infraction.name, *([zh] if zh else []), *says]


def find(guide: Guide, query: str) -> Infraction:
    """The infraction *query* names in *guide*; an UnknownInfractionError suggests the closest ones."""
    text = unicodedata.normalize("NFKC", query).strip()
    if not key(text):
        raise UsageError("请写违规的编号或名称，如 judgekit penalty 702.5 或 judgekit penalty 多看了牌")
    if _HAS_DIGIT.match(text):
        try:
            found = guide.infraction(str(RuleNumber.parse(text)))
        except RuleNumberError:
            found = None
        if found:
            return found
    wanted = key(text)
    spelled = [(key(spelling), infraction) for infraction in guide.infractions for spelling in _spellings(infraction)]
    exact = {infraction.ref: infraction for spelling, infraction in spelled if spelling == wanted}
    if len(exact) == 1:
        return next(iter(exact.values()))
    # A phrase inside the query (他多看了牌): the longest wins.  Else the query inside names (抓牌: 忘记抓牌, 多抓牌).
    inside = [(len(spelling), infraction) for spelling, infraction in spelled if len(spelling) >= 2 and spelling in wanted]
    longest = max((length for length, _ in inside), default=0)
    best = {infraction.ref: infraction for length, infraction in inside if length == longest}
    if not best and len(wanted) >= 2:
        best = {infraction.ref: infraction for spelling, infraction in spelled if wanted in spelling}
    if len(best) == 1:
        return next(iter(best.values()))
    if not best and re.search(r"[\u4e00-\u9fff]", text):
        from judgekit.chinese import to_simplified  # only here: OpenCC costs a cold start ~13 ms

        if (simplified := to_simplified(text)) != text:
            return find(guide, simplified)  # 遲到 → 迟到
    candidates = list(best.values()) or _closest(spelled, wanted)
    raise UnknownInfractionError(_unknown_message(guide, query, candidates, ambiguous=bool(best)))


def _closest(spelled: list[tuple[str, Infraction]], wanted: str, count: int = 3) -> list[Infraction]:
    scored = sorted(((difflib.SequenceMatcher(None, wanted, spelling).ratio(), infraction)
                     for spelling, infraction in spelled), key=lambda pair: -pair[0])
    found: dict[str, Infraction] = {}
    for score, infraction in scored:
        if score > 0 and len(found) < count:
            found.setdefault(infraction.ref, infraction)
    return list(found.values())


def label(infraction: Infraction) -> str:
    zh = vocabulary().zh(infraction)
    return f"{infraction.ref} {infraction.name}" + (f"（{zh}）" if zh else "")


def _unknown_message(guide: Guide, query: str, candidates: list[Infraction], ambiguous: bool) -> str:
    where = f"{guide.edition.id} 的赛事规则"
    if ambiguous:
        listed = "；".join(label(i) for i in candidates)
        return f"“{query}”可能指 {len(candidates)} 种违规：{listed}。请写得更具体，或写编号"
    suggestion = "；".join(label(i) for i in candidates)
    return f"{where}中没有违规“{query}”。" + (f"你是不是要找：{suggestion}？" if suggestion else "")


def _choose(table: dict[str, tuple[str, tuple[str, ...]]], text: str, unknown: str) -> str:
    """The name in *table* that *text* spells; a UsageError with *unknown* and every name otherwise."""
    wanted = key(text)
    found = next((name for name, (zh, says) in table.items() if wanted in {key(name), key(zh), *map(key, says)}), None)
    if found is None:
        known = "、".join(f"{name}（{zh}）" for name, (zh, _) in table.items())
        raise UsageError(f"{unknown}：“{text}”；可用：{known}")
    return found


def opl(text: str) -> str:
    """The OPL *text* names (competitive, 竞技, local → casual)."""
    return _choose(vocabulary().opls, text, "没有这个 OPL（赛事等级，205；local 即 casual）")


def penalty(text: str) -> str:
    """The penalty *text* names (Warning, 警告, GL)."""
    return _choose(vocabulary().penalties, text, "没有这种处罚")


def penalty_label(name: str | None) -> str:
    if name is None:
        return "按情形（见下方改变处罚的情形）"
    zh = vocabulary().penalties.get(name, ("", ()))[0]
    return f"{name}（{zh}）" if zh else name
