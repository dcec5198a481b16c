"""The Chinese compiler: clauses → card-language tree, by tables of bidirectional templates.

Each template is Chinese wording with typed slots and the tree it means.  The same tables parse a
clause (wording → tree) and render a tree back (tree → the first template whose tree fits), so
“what the engine understood” is generated from the tree and the round trip is render → compile.
A clause that no template reads, or a slot no grammar reads, is a problem of the card: nothing is
guessed.

Slots: ``{to}`` an object (“一名敌方单位”, “我”, “其”, “此处所有敌方单位”), ``{n}`` a number written
in digits, ``{c}`` a count in Chinese numerals (“两张”), ``{kw}`` a keyword with its value.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import re
from typing import NamedTuple

from judgekit.cardtext.clauses import (
    KEYWORDS,
    LEVEL_TARGETS,
    PLAYED_NOT_FROM_HAND,
    SCORED,
    Ability,
    CardClauses,
    Clause,
    Problem,
    add_to_empower,
    level_target,
    mode_clauses,
    number,
    scores_only,
    split_card,
)
from judgekit.engine.cards import ANY_OBJECT_KINDS, OBJECT_KIND_NAMES, OBJECT_KINDS, UNIT_TYPES
from judgekit.engine.instructions import PLAYER_ACTIONS

split = split_card

_CHINESE = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}
_ORDINALS = {**_CHINESE, 2: "二"}  # “第二张”, never “第两张”
_NUMBER = r"\d+|十[一二三四五六七八九]?|[一二两三四五六七八九]"
_KEYWORD = r"(?:" + "|".join(sorted(KEYWORDS, key=len, reverse=True)) + r")\d*"


class NotRead(ValueError):
    """A clause, or a part of one, that no template reads (its message says which part)."""


def chinese(value: int) -> str:
    if value not in _CHINESE:
        raise NotRead(f"数量 {value}")
    return _CHINESE[value]


# -- objects (SELECTOR) ------------------------------------------------------------------

MEASURE = {"unit": "名", "gear": "件", "spell": "个", "card": "张"}
KIND_WORDS = {"unit": "单位", "gear": "装备", "spell": "法术", "card": "牌"}
UNIT_OR_GEAR = ["unit", "gear"]  # one target either kind (“一个敌方单位或装备”, 355.9): a target spec's kind list
_UNIT_OR_GEAR_WORDS = ("个", "单位或装备")  # its measure and noun
# Objects of several kinds chosen as one (“最多四个单位、装备或符文”, “一个其他休眠的物体”; 123: runes and legends are game
# objects too, 415.1 readies any on the board): a kind list, in this one order whatever order the text names them in
_OBJECT_KIND_WORDS = {words: kind for kind, words in OBJECT_KIND_NAMES.items()}
ANY_OBJECT = "物体"  # any of the four
_KIND_JOINS = ("和/或", "、", "或")  # the words between the kinds of a list, the last one the rendering's before the last kind
_KIND_LIST = "(?:" + "|".join(_OBJECT_KIND_WORDS) + ")(?:(?:" + "|".join(_KIND_JOINS) + ")(?:" + "|".join(_OBJECT_KIND_WORDS) + "))+"
_LIST_MEASURES = ("个", "张")  # “一个单位或装备”, “另一张友方装备或单位”: the measure of a kind list, the first one written
# “一名X单位或一件Y装备”: each kind its own words; a unit at a battlefield or any gear is the gear or the unit not in a base
_EITHER_OBJECT = re.compile(r"^(?P<unit>一名[^或]*单位)或(?P<gear>一件[^或]*装备)$")
_UNIT_AT_A_BATTLEFIELD_OR_GEAR = {"kind": UNIT_OR_GEAR, "not": {"kind": "unit", "where": "base"}}
_UNIT_AT_A_BATTLEFIELD_OR_GEAR_WORDS = "一名战场上的单位或一件装备"
WHO_WORDS = {"friendly": "友方", "enemy": "敌方"}
WHERE_WORDS = {"here": "此处的", "battlefield": "战场上的", "base": "你基地中的", "moved_between": "我移动的起点或终点战场上的",
               "same_battlefield": "其所在位置的", "there": "其所在位置的", "on_me": "贴附于我的",  # the two before: where the targets before are
               "moved_from": "移动起点战场上的"}  # where the units the move before moved were (“该战场上有…”)
STATE_WORDS = (("exhausted", True, "休眠的"), ("exhausted", False, "活跃的"), ("stunned", True, "被眩晕的"),
               ("buffed", True, "拥有增益的"), ("token", True, "指示物"), ("token", False, "非指示物"),
               ("attacking", True, "进攻方"), ("defending", True, "防守方"), ("damaged", True, "已受伤的"),
               ("attacking", True, "正在进攻的"), ("alone", True, "落单的"), ("in_combat", True, "战斗中的"),
               ("in_combat", False, "不在战斗中的"),
               ("empowered", True, "已强化的"), ("exhausted", True, "处于休眠状态的"), ("exhausted", False, "处于活跃状态的"),
               ("same_name", True, "与我同名的"),  # its card has the source card's name
               ("equipped", True, "配装的"), ("equipped", True, "已装配的"),  # with a gear attached (“一名配装的友方单位”, 435)
               # a unit played from any zone but a hand (a trash, a deck, facedown): `played_from` on the unit, 355.2
               *(("played_from", {"not": "hand"}, words) for words in ("从手牌以外的位置被打出的", "从手牌以外位置被打出的",
                                                                       "从手牌以外的任意位置被打出的")),
               # the same states said other ways, and each one's absence (未/没有: the flag false), after the words written
               ("stunned", True, "处于眩晕状态的"), ("stunned", True, "已被眩晕的"), ("stunned", False, "未被眩晕的"),
               ("damaged", True, "受伤的"), ("damaged", True, "已受到伤害的"), ("damaged", False, "未受伤的"),
               ("damaged", False, "没有受伤的"), ("buffed", True, "带有增益的"), ("buffed", True, "具有增益的"),
               ("buffed", True, "有增益的"), ("buffed", False, "没有增益的"), ("buffed", False, "未拥有增益的"),
               ("empowered", True, "被强化的"), ("empowered", False, "未强化的"), ("empowered", False, "未被强化的"),
               ("equipped", False, "未配装的"), ("attacking", True, "进攻中的"), ("defending", True, "正在防守的"),
               ("defending", True, "防守中的"), ("in_combat", True, "正在战斗中的"), ("in_combat", True, "参与战斗的"),
               ("in_combat", False, "未参与战斗的"), ("exhausted", True, "已休眠的"))
# States written after friendly/enemy (“友方强力单位”); read before it too.
LATE_STATE_WORDS = (("mighty", True, "强力"),
                    # a printed domain (“一名敌方翠意单位”: domain: 翠意); a token has none (185.3.b)
                    *(("domain", domain, domain) for domain in ("炽烈", "翠意", "灵光", "摧破", "混沌", "序理")))
# A comparison: the four words a tree is written with, and the other words for them (“不超过3” is “不高于3”).
COMPARE_WORDS = {"不高于": "le", "不低于": "ge", "低于": "lt", "高于": "gt", "等于": "eq"}
COMPARE_SYNONYMS = {"为": "eq", "不超过": "le", "不大于": "le", "不多于": "le", "不少于": "ge", "不小于": "ge",
                    "小于": "lt", "少于": "lt", "大于": "gt", "超过": "gt", "多于": "gt"}
_COMPARE = "|".join(sorted((*COMPARE_WORDS, *COMPARE_SYNONYMS), key=len, reverse=True))
EQUIPMENT = "武装"
_CHOSEN_UNIT = "所选单位"  # the unit chosen beside a battlefield (“战力低于所选单位的敌方单位”)  # an Equipment: a gear with the tag 武装 (its printed tag; Equip, 718)
# “战力低于其的”: lower than the unit chosen just before it (the ability's first target; checked in parse_object)
_EARLIER_MIGHT = {"might_of": {"target": 1}}
EVENT_SUBJECT = "event_subject"
CREATED = "created"  # the units the instructions played so far, a token above all (the engine's ``created``)
SELF_WORDS = {"我": "self", "此牌": "self", "此装备": "self", "此单位": "self"}
# “你的传奇”: the controller's legend, in its Legend Zone (174.5; the selector `legend`, on ready and exhaust)
LEGEND_WORDS = {"你的传奇": "legend", "你的传奇卡牌": "legend"}
# “一名传奇”: a legend chosen, any player's (107.4.c: in its Legend Zone); “一名对手的传奇”: an opponent's
LEGEND_TARGETS = {"一名传奇": {"kind": "legend"}, "一个传奇": {"kind": "legend"}, "一名对手的传奇": {"kind": "legend", "who": "enemy"}}
# Words that mean “the ability's target” once a target was chosen before them.
_THE_CHOSEN = (_CHOSEN_UNIT, "所选的单位")  # the one unit chosen, said so: never what was played
PRONOUNS = ("其", "它", "该单位", "那名单位", "这名单位", "该装备", "该法术", "所选择的单位", "它们", "他们", "这些单位")
_GEAR_PRONOUNS = ("其", "它", "该装备")  # the words naming a gear the trigger's event is about; the first two as for a unit
# “该友方单位”, “该敌方单位”: the one target, which must be a friendly (an enemy) unit
_SIDED_PRONOUNS = {"该友方单位": "friendly", "该敌方单位": "enemy"}
# “你基地中的X”: in *your* base, so a unit you control (107.1.c: what a player controls resides in their base) —
# `where: base` alone would match a unit in any player's base.
_WHERE_ALIASES = {"此处的": "here", "战场上的": "battlefield", "你基地中的": "base_friendly", "此战场上的": "here",
                  "一处战场上的": "battlefield", "一处战场的": "battlefield", "任意战场上的": "battlefield", "战场上": "battlefield",
                  "所有战场上的": "battlefield", "你此处的": "here_friendly", "你的": "friendly", "此处": "here",
                  "我所处战场上的": "here", "我所在战场上的": "here", "你此处": "here_friendly",
                  "任意战场中的": "battlefield", "你控制的": "friendly", "受你控制的": "friendly",
                  "其所在位置的": "same_battlefield", "此处由你控制的": "here_friendly", "你在此处的": "here_friendly",
                  "自己的": "friendly", "自己": "friendly", "自己控制的": "friendly",
                  "自己在此处控制的": "here_friendly", "你在此处控制的": "here_friendly", "基地中的": "base", "基地里的": "base",
                  "我移动的起点或终点战场上的": "moved_between",  # a move trigger's two ends (359.3.f.3)
                  "移动起点战场上的": "moved_from",  # after a move: where the units it moved were (“该战场上有…”)
                  "我方": "friendly", "我方的": "friendly", "对手控制的": "enemy",
                  "在此处的": "here", "位于此处的": "here",
                  "你": "friendly",  # “你任意数量的单位”, “你两名单位”: yours, written before the count
                  "贴附于我的": "on_me",  # a gear attached to the source unit (435)
                  # the same places and sides said other ways; “场上的” is on the board, every object the phrase names is
                  "由你控制的": "friendly", "你所控制的": "friendly", "你场上的": "friendly", "由对手控制的": "enemy",
                  "受对手控制的": "enemy", "对手所控制的": "enemy", "对手的": "enemy", "场上的": "", "在场上的": "",
                  "在战场上的": "battlefield", "战场中的": "battlefield", "在基地中的": "base", "你的基地中的": "base_friendly",
                  "你基地里的": "base_friendly", "在你基地中的": "base_friendly", "这里的": "here", "此战场中的": "here"}
_WHERE = "|".join(sorted(_WHERE_ALIASES, key=len, reverse=True))
_ONE_BATTLEFIELD = ("一处战场上的", "一处战场的")  # one unit there, or every unit at a battlefield chosen (355.10.d)
# A battlefield chosen (170.7): “选择一处战场”, and then “该处的…”/“该战场上的…” the units at it (`where: there`)
BATTLEFIELD_WORDS = ("一处战场", "一个战场")
BATTLEFIELD = {"kind": "battlefield"}
_BATTLEFIELD_SIDES = {"你控制的": "friendly", "受你控制的": "friendly", "对手控制的": "enemy"}  # who controls it now
_BATTLEFIELD_WHOSE = {"friendly": "你控制的", "enemy": "对手控制的"}
# a unit chosen right after a battlefield: at it, or not (“a unit you control at a different location”)
_AT_THE_BATTLEFIELD = {"same_battlefield": "该处的", "other_location": "不在该处的"}
_AT_THE_CHOSEN = re.compile(r"^(?:该处|该战场上?)的?(?P<rest>.+)$")
# An object phrase is read as parts, in any order and each once (a place twice: “你的”, “此处的”): a place, “其他”, a Might,
# a keyword, a printed cost, states, a side, tags or “非”-tag, each with or without its 的 and joined by 的 or 且 (“一名战力
# 不高于3且休眠的友方单位”), around its count (“一名”, “最多两名”, “另一名”, “任意数量的”) or its “所有”, and its noun last.
# The rendering writes one order (``_filter_words``); every order of the same parts reads as the same filter.
_STATE_WORD = {w[:-1]: w for _, _, w in STATE_WORDS if w.endswith("的") and len(w) > 2}  # “休眠”: “休眠的”
_KEYWORDS = "|".join(sorted(KEYWORDS, key=len, reverse=True))
_PHRASE_PARTS = tuple((name, re.compile(pattern)) for name, pattern in (
    ("where", rf"(?P<where>{_WHERE})"),
    ("count", rf"(?:任意)?(?P<count>最多(?:{_NUMBER})|(?:{_NUMBER})|最多另一|另一)(?P<measure>[名件个张])"),
    ("any", r"(?P<any>任意数量的?)"),
    ("all", r"(?P<all>所有|全部)"),
    ("other", r"(?P<other>其他|其它)"),
    ("might", rf"(?P<might>(?:{_COMPARE})\d+战力|战力(?:{_COMPARE})(?:\d+|我|其|{_CHOSEN_UNIT}))"),
    ("keyword", rf"(?P<lacks>未|没有|不)?(?:拥有|具有|带有)(?P<keyword>{_KEYWORDS})(?:关键词|技能)?"),
    ("cost", rf"(?:法力)?费用(?P<cost_compare>{_COMPARE})(?P<cost>[⓪①②③④⑤⑥⑦⑧⑨⑩]|我战力|我的战力)"),
    ("nontag", r"非(?P<nontag>“[^”]+”)(?:属性)?(?:标签)?"),
    ("tag", r"(?:拥有|具有|带有)?(?P<tag>(?:“[^”]+”[、或])*“[^”]+”属性)(?:标签)?"),
    ("who", r"(?P<who>友方|敌方)"),
    ("states", "(?P<states>" + "|".join(sorted({w for _, _, w in (*STATE_WORDS, *LATE_STATE_WORDS)} | set(_STATE_WORD),
                                                key=len, reverse=True)) + ")"),
    ("join", r"的|且"),
))
_PHRASE_KIND = re.compile(rf"(?P<kind>{_KIND_LIST}|{ANY_OBJECT}|单位|装备|法术|牌|武装)$")
_EACH_KINDS = ("单位", "装备", "武装")
_REPEATABLE = {"where": 2, "states": 99, "join": 99}  # how often a part may be said (the rest once)


class _Phrase(dict):
    """The parts of an object phrase by their names, as a match's groups: a part not said is None."""

    def __getitem__(self, key):
        return self.get(key)

    def groupdict(self) -> dict:
        return self


def _phrase_parts(text: str, table: tuple = _PHRASE_PARTS, start: int = 0) -> list[tuple[str, dict]] | None:
    """The parts of *table* *text* is made of from *start*, the first way it divides (None: it does not)."""
    if start == len(text):
        return []
    for name, part in table:
        match = part.match(text, start)
        if match and match.end() > start:
            rest = _phrase_parts(text, table, match.end())
            if rest is not None:
                return [(name, match.groupdict()), *rest]
    return None


def _said_once(parts: list[tuple[str, dict]]) -> _Phrase | None:
    """The groups of *parts* as one phrase, when no part but a joiner is said twice."""
    said = [name for name, _ in parts if name != "join"]
    if len(said) != len(set(said)):
        return None
    phrase = _Phrase()
    for _, groups in parts:
        phrase.update(groups)
    return phrase


def _phrase(text: str, form: str) -> _Phrase | None:
    """The parts of an object phrase of *form*: ``chosen`` (a count), ``each`` (“所有”), ``subject`` (neither, “所有”
    optional); None when *text* is not one."""
    kind = _PHRASE_KIND.search(text)
    if not kind or (form != "chosen" and kind["kind"] not in _EACH_KINDS):
        return None
    parts = _phrase_parts(text[:kind.start()])
    if parts is None:
        return None
    said = [name for name, _ in parts]
    if any(said.count(name) > _REPEATABLE.get(name, 1) for name in set(said)):
        return None
    counted, every = said.count("count") + said.count("any"), "all" in said
    if counted != (form == "chosen") or form != "subject" and every == (form == "chosen"):
        return None  # chosen: one count and no “所有”; each: “所有” and no count; subject: no count
    phrase = _Phrase(kind=kind["kind"])
    wheres = [groups["where"] for name, groups in parts if name == "where"]
    phrase.update(where=wheres[0] if wheres else None, where_after=wheres[1] if len(wheres) > 1 else None)
    phrase["states"] = "".join(_STATE_WORD.get(groups["states"], groups["states"]) for name, groups in parts if name == "states")
    for name, groups in parts:
        if name not in ("where", "states", "join"):
            phrase.update(groups)
    return phrase


class _PhraseForm:
    """A reader of one form of object phrase, called as a compiled pattern is (``.match``)."""

    def __init__(self, form: str):
        self.form = form

    def match(self, text: str) -> _Phrase | None:
        return _phrase(text, self.form)


_OBJECT = _PhraseForm("chosen")
_EACH = _PhraseForm("each")
_MIGHT = {**COMPARE_WORDS, **COMPARE_SYNONYMS}
_MIGHT_WORDS = {value: key for key, value in COMPARE_WORDS.items()}
_KINDS = {word: kind for kind, word in KIND_WORDS.items()}


def parse_tags(words: str | None) -> str | list[str] | None:
    """The tag, or the tags any of which (a list), of “X属性” words; None for none."""
    if not words:
        return None
    tags = re.findall(r"“([^”]+)”", words)
    return tags[0] if len(tags) == 1 else tags


def tag_words(tag: str | list[str] | dict | None) -> str:
    if isinstance(tag, dict):  # the tag its source named as it was played (763)
        if tag != {"named": True}:
            raise NotRead(f"属性标签 {tag}")
        return "具有该属性标签的"
    tags = [tag] if isinstance(tag, str) else list(tag or [])
    return "、".join(f"“{t}”" for t in tags[:-1]) + ("或" if len(tags) > 1 else "") + f"“{tags[-1]}”属性" if tags else ""


def _equipment(spec: dict, kind_word: str) -> dict:
    """“武装” is a gear with the tag 武装: not with another tag too."""
    if kind_word != EQUIPMENT:
        return spec
    if "tag" in spec:
        raise NotRead(f"有属性的{EQUIPMENT}")
    return {**spec, "kind": "gear", "tag": EQUIPMENT}


def kinds_of(words: str) -> str | list[str]:
    """The kind a noun names (“武装” a gear), or the kinds of a list (“单位、装备或符文”; “物体” all four), in one order."""
    if words == EQUIPMENT:
        return "gear"
    if words == ANY_OBJECT:
        return list(ANY_OBJECT_KINDS)
    parts = re.split("|".join(map(re.escape, _KIND_JOINS)), words)
    if len(parts) == 1:
        return _KINDS[words]
    kinds = [_OBJECT_KIND_WORDS[part] for part in parts]
    if len(set(kinds)) != len(kinds):
        raise NotRead(f"种类说了两次：{words}")
    return [kind for kind in OBJECT_KINDS if kind in kinds]


def kind_list_words(kinds: list[str]) -> str:
    """The words of a kind list: “物体” for all four, else “单位、装备或符文”."""
    if tuple(kinds) == ANY_OBJECT_KINDS:
        return ANY_OBJECT
    words = [next(w for w, k in _OBJECT_KIND_WORDS.items() if k == kind) for kind in kinds]
    return "、".join(words[:-1]) + _KIND_JOINS[-1] + words[-1]


def _filter(match: re.Match) -> dict:
    spec: dict = {}
    kind = kinds_of(match["kind"])
    if kind != "unit":
        spec["kind"] = kind
    if match["who"]:
        spec["who"] = {"友方": "friendly", "敌方": "enemy"}[match["who"]]
    for where in (match["where"], match.groupdict().get("where_after")):
        if not where:
            continue
        place = _WHERE_ALIASES[where]
        if place in ("friendly", "here_friendly", "base_friendly", "enemy"):  # whose, written where a place is
            side = "enemy" if place == "enemy" else "friendly"  # (“你控制的”, “对手控制的”, “你基地中的”)
            if spec.get("who", side) != side:
                raise NotRead("友方与敌方")
            spec["who"] = side
            place = {"here_friendly": "here", "base_friendly": "base"}.get(place, "")
        if place and spec.get("where", place) != place:
            raise NotRead("两个位置")
        if place:
            spec["where"] = place
    if match["other"]:
        spec["other"] = True
    if match.groupdict().get("tag"):
        spec["tag"] = parse_tags(match["tag"])
    spec = _equipment(spec, match["kind"])
    if match.groupdict().get("keyword"):  # “未拥有瞬息的”: a filter that does not match, `not: {keyword}`
        spec.update({"not": {"keyword": match["keyword"]}} if match["lacks"] else {"keyword": match["keyword"]})
    if match.groupdict().get("nontag"):
        if "not" in spec:
            raise NotRead("两个“非”")
        spec["not"] = {"tag": parse_tags(match["nontag"])}
    states = (match.groupdict().get("early") or "") + match["states"] + (match.groupdict().get("late") or "")
    for key, value, word in sorted((*STATE_WORDS, *LATE_STATE_WORDS), key=lambda s: -len(s[2])):
        if word in states:
            if spec.get(key, value) != value:
                raise NotRead(states)
            spec[key] = value
            states = states.replace(word, "", 1)
    if states:
        raise NotRead(states)
    if match.groupdict().get("cost"):
        bound = {"might_of": "self"} if match["cost"].startswith("我") else _CIRCLED.index(match["cost"])
        spec["cost"] = {_MIGHT[match["cost_compare"]]: bound}
    if match.groupdict().get("might"):
        compare = re.search(rf"({_COMPARE})(\d+|我|其|{_CHOSEN_UNIT})", match["might"])
        spec["might"] = {_MIGHT[compare[1]]: {"might_of": "self"} if compare[2] == "我" else
                         dict(_EARLIER_MIGHT) if compare[2] == "其" else {"might_of": _CHOSEN_UNIT} if
                         compare[2] == _CHOSEN_UNIT else int(compare[2])}
    return spec


def _filter_words(spec: dict) -> tuple[str, str]:
    """(words before the count, words between count and kind) of a filter."""
    before = WHERE_WORDS.get(spec.get("where", ""), "")
    if spec.get("where") == "base" and spec.get("who") != "friendly":  # any player's base (“你基地中的” is yours)
        before = "基地中的"
    if spec.get("where") not in (None, *WHERE_WORDS):
        raise NotRead(f"位置 {spec['where']}")
    middle = "其他" if (spec.get("other") or spec.get("other_than_targets")) and "count" not in spec.get("_", ()) else ""
    if spec.get("not") == ELSEWHERE:
        middle = _ELSEWHERE_WORDS[0] + middle
    if "might" in spec:
        (compare, value), = spec["might"].items()
        if value == {"might_of": "self"}:
            middle += f"战力{_MIGHT_WORDS[compare]}我的"
        elif value == _EARLIER_MIGHT:
            middle += f"战力{_MIGHT_WORDS[compare]}其的"
        elif value == {"might_of": _CHOSEN_UNIT}:
            middle += f"战力{_MIGHT_WORDS[compare]}{_CHOSEN_UNIT}的"
        elif isinstance(value, int):
            middle += f"战力为{value}的" if compare == "eq" else f"{_MIGHT_WORDS[compare]}{value}战力的"
        else:
            raise NotRead(f"战力的比较 {value}")
    middle += f"拥有{spec['keyword']}的" if "keyword" in spec else ""
    if "cost" in spec:  # a printed Energy cost compared with a number or with my Might
        (compare, value), = spec["cost"].items()
        if value != {"might_of": "self"} and not (isinstance(value, int) and 0 <= value <= 10):
            raise NotRead(f"费用的比较 {value}")
        middle += f"法力费用{_MIGHT_WORDS[compare]}{'我战力' if isinstance(value, dict) else _CIRCLED[value]}的"
    if "not" in spec and set(spec["not"]) != {"keyword"} and not _not_tag(spec["not"]) and spec["not"] != ELSEWHERE:
        raise NotRead(f"不符合的条件 {spec['not']}")
    if set(spec.get("not", ())) == {"keyword"}:
        middle += f"未拥有{spec['not']['keyword']}的"
    middle += "".join(_state_words(spec, STATE_WORDS)) + WHO_WORDS.get(spec.get("who", ""), "")
    middle += "".join(_state_words(spec, LATE_STATE_WORDS))
    if _not_tag(spec.get("not")):
        middle += f"非“{spec['not']['tag']}”属性"
    middle += tag_words(spec.get("tag"))
    return before, middle


def _not_tag(spec) -> bool:
    """`not: {tag: X}` of one tag: written “非“X”属性”."""
    return isinstance(spec, dict) and set(spec) == {"tag"} and isinstance(spec["tag"], str)


def _state_words(spec: dict, words: tuple) -> list[str]:
    """The words of the states *spec* has, each state once (the first of its words)."""
    shown = {}
    for key, value, word in words:
        if key in spec and (spec[key] is value or (isinstance(value, (str, dict)) and spec[key] == value)):
            shown.setdefault(key, word)
    return list(shown.values())


_FILTER_KEYS = {"kind", "who", "where", "other", "other_than_targets", "count", "up_to", "might", "cost", "tag", "keyword", "not",
                *(key for key, _, _ in (*STATE_WORDS, *LATE_STATE_WORDS))}


class Scope:
    """The targets an ability chose so far.  While an ability is read each chosen object is ``{target: N}``
    (the N-th spec, counted from 1); once all of it is read, :meth:`settle` writes a single target as the default
    (no ``to:``) and keeps ``{target: N}`` when there are several, so an effect on the first of two targets never
    reads as both."""

    def __init__(self):
        self.targets: list[dict | str] = []
        self.event_unit = False  # a trigger whose event is about a unit: “该单位” may name that unit
        self.event_gear = False  # a trigger whose event is a gear played by another: “该装备”, “其” name that gear
        self.own_battlefield = False  # a trigger of the source arriving at a battlefield: “该战场” is where it is
        self.event_side = ""  # friendly | enemy: whose unit the trigger's event is about (“该敌方单位”)
        self.event_battlefield = False  # the event's unit is at a battlefield: “该战场” is where it is
        self.event_field = False  # the trigger's event is about a battlefield (“当你防守一处战场时”): “该战场” is it
        self.rendered = 0  # targets already named while rendering
        self.paying = False  # inside “支付任意数量的……，以此”: “该数量” is the amount paid (``{paid: true}``)
        self.made = ""  # the token the latest instruction played (“打出一名“黄沙士兵”，让其…”: “其” is it, ``created``)
        self.made_named = False  # “该“映像”…” named it since: a “其” after that is the token, not a unit chosen
        self.opens_trigger = False  # rendering: the next instruction opens a triggered ability's body
        self.discarded = False  # an instruction before discarded your cards: “被弃置手牌的法力费用” reads them
        self.revealed = False  # a look before revealed cards of the deck: “当中每有一张…”, “将展示的牌回收” read them
        self.paid_with = ""  # the act of the ability's cost ``object`` part: “被回收单位” names the unit it took
        self.paid_target: dict | None = None  # “如果你支付了该额外费用，则改为选择Y”: Y, a spell's ``target_if_paid``
        self.subject = None  # “该单位对…造成等同于其战力的伤害”: the unit the sentence is about, what its “其” names
        self.event_move = False  # a trigger on another unit's move: “跟随它一起移动” goes where that move went

    def choose(self, spec: dict) -> dict:
        self.targets.append(spec)
        self.made_named = False
        return {"target": len(self.targets)}  # the language counts target specs from 1

    def target(self) -> dict | list | None:
        if not self.targets:
            return None
        return self.targets[0] if len(self.targets) == 1 else list(self.targets)

    def settle(self, value):
        """*value* (effects, a condition …) with each ``{target: N}`` as the tree writes it: a single target's
        is the default, ``to``/``what`` left out and ``target`` elsewhere (``might_of: target``)."""
        if isinstance(value, list):
            return [self.settle(item) for item in value]
        if not isinstance(value, dict):
            return value
        settled = {}
        for key, item in value.items():
            if isinstance(item, dict) and _JOINED_TARGETS in item:
                if item[_JOINED_TARGETS] != list(range(1, len(self.targets) + 1)):
                    raise NotRead("几个目标中的一部分")
                continue  # all the targets: the default
            if _is_target_ref(item) and len(self.targets) == 1:
                if key in ("to", "what"):
                    continue
                item = "target"
            written = self.settle(item)
            if isinstance(item, dict) and isinstance(written, dict) and len(written) < len(item):
                written = _collapsed(key, written)[key]  # a verb's params without their object: `stun: null`
            settled[key] = written
        return settled


def _is_target_ref(value) -> bool:
    return isinstance(value, dict) and set(value) == {"target"} and isinstance(value["target"], int)


_DOING_HERE = {"进攻此处的": "正在进攻的", "防守此处的": "防守方"}


_ANY_NUMBER = "任意数量的"
# A chosen player (355.5): “选择一名玩家/对手，让其…” — the player actions' `who: chosen_player`
PLAYER_WORDS = {"一名玩家": {"kind": "player"}, "一名对手": {"kind": "player", "who": "enemy"}}
CHOSEN_PLAYER = "chosen_player"


def _chosen_player(scope: Scope) -> dict | None:
    """The one target when it is a player."""
    one = scope.targets[0] if len(scope.targets) == 1 else None
    return one if isinstance(one, dict) and one.get("kind") == "player" else None


# “位于此处的/位于此处且…”: where a unit is, written with 位于 (the rest of the phrase after 且 still qualifies it)
_LOCATED_AT = {"此处": "此处的", "战场上": "战场上的", "你的基地中": "你基地中的", "基地中": "基地中的"}
_LOCATED = re.compile("位于(?P<at>" + "|".join(sorted(_LOCATED_AT, key=len, reverse=True)) + ")(?:的|且)")
# several units of one spec at one location (the engine's `same_location`); “一处战场上的” is one battlefield for them all
_SAME_LOCATION = re.compile(r"^(?P<at>同一位置的|一处战场上的?)(?P<rest>(?:最多)?(?:[两三四五六七八九十]|\d+)名.+|任意数量的.+)$")
_PER_LOCATION = "每个位置"  # “每个位置最多一名敌方单位”: up to one at each location, any number in all (355.9.b)
# “在其他位置的”, “位于不同位置的”: not where the source is (`not: {where: here}`), the first wording the one written
_ELSEWHERE_WORDS = ("位于不同位置的", "位于其他位置的", "在其他位置的", "在其他位置", "不同位置的")
_ELSEWHERE = re.compile("|".join(_ELSEWHERE_WORDS))
ELSEWHERE = {"where": "here"}
# “选择一名友方单位和另一名与之位置不同的友方单位”: the second at another location than the first (`where: other_location`)
_APART_WORDS = "与之位置不同的"
_APART_FROM_IT = re.compile(rf"^(?P<count>另一名|一名){_APART_WORDS}(?P<rest>.+)$")


def parse_object(text: str, scope: Scope):
    """The selector an object phrase means: "self", {"each": filter} or {"target": N} (see :class:`Scope`)."""
    together = _SAME_LOCATION.match(text)
    if together:  # “同一位置的最多三名单位”, “一处战场上任意数量的友方单位”: several units, all at one location
        mark = len(scope.targets)
        chosen = parse_object(together["rest"], scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) and len(scope.targets) == mark + 1 else None
        if not isinstance(spec, dict) or spec.get("count", 1) == 1 or "where" in spec and together["at"] != "同一位置的":
            del scope.targets[mark:]
            raise NotRead(f"“{text}”")
        spec["same_location"] = True
        if together["at"] != "同一位置的":
            _place(spec, "battlefield")
        return chosen
    if text.startswith(_PER_LOCATION + "最多一"):
        chosen = parse_object(text[len(_PER_LOCATION):], scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) else None
        if not isinstance(spec, dict) or spec.get("count", 1) != 1 or not spec.pop("up_to", False) or spec.get("other"):
            raise NotRead(f"“{text}”")
        spec.update(count=None, per_location=True)
        return chosen
    text = text.replace("至多", "最多")  # “至多两名” is “最多两名”: up to two
    text = text.replace("其他所有", "所有其他")  # “其他所有友方单位” is “所有其他友方单位”
    text = re.sub(r"(?<=[名件个])不同的", "", text)  # “两名不同的敌方单位”: targets are different units anyway (355.5)
    text = re.sub(r"(?:^|(?<=的))每名(?=[^，]*单位$)", "所有", text)  # “（此处的）每名敌方单位”: every one of them
    text = _LOCATED.sub(lambda m: _LOCATED_AT[m["at"]], text)  # “一名位于此处且战力低于我的…”: “此处的” and the rest
    named = next((words for words in _NAMED_TAG_WORDS if words in text), None)
    if named:  # “一名具有该属性标签的单位”: the tag its source named as it was played (763; the card's name_tag)
        chosen = parse_object(text.replace(named, "", 1), scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) else chosen.get("each") if isinstance(chosen, dict) else None
        if not isinstance(spec, dict) or "tag" in spec or spec.get("kind", "unit") != "unit":
            raise NotRead(f"“{text}”")
        spec["tag"] = dict(NAMED_TAG)
        return chosen
    elsewhere = _ELSEWHERE.search(text)
    if elsewhere:  # “一名在其他位置受你控制的单位”: the rest of the phrase, at another location than the source's
        chosen = parse_object(text[:elsewhere.start()] + text[elsewhere.end():], scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) else chosen.get("each") if isinstance(chosen, dict) else None
        if not isinstance(spec, dict) or "not" in spec or spec.get("where") or spec.get("kind", "unit") != "unit":
            raise NotRead(f"“{text}”")
        spec["not"] = dict(ELSEWHERE)
        return chosen
    if text in SELF_WORDS:
        return SELF_WORDS[text]
    if scope.paid_with and text in _PAID_WITH_WORDS[scope.paid_with]:  # the unit the ability's cost took
        return PAID_WITH
    if text in LEGEND_WORDS:
        return LEGEND_WORDS[text]
    if text in LEGEND_TARGETS:
        return scope.choose(dict(LEGEND_TARGETS[text]))
    item = parse_chain_item(text, scope)
    if item is not None:
        return item
    if text in PLAYER_WORDS:
        if scope.targets:  # a player and other targets: which one “其” is would be guessed
            raise NotRead(f"“{text}”")
        return scope.choose(dict(PLAYER_WORDS[text]))
    if text in BATTLEFIELD_WORDS:
        return _choose_battlefield(text, scope)
    either = _EITHER_OBJECT.match(text)
    if either:
        return _either_object(either, scope, text)
    whose = next((who for words, who in _BATTLEFIELD_SIDES.items() if text in (words + w for w in BATTLEFIELD_WORDS)), None)
    if whose and not _chosen_battlefield(scope):  # “你控制的一处战场”: who controls it now (170.7)
        chosen = _choose_battlefield(text, scope)
        scope.targets[-1]["who"] = whose
        return chosen
    first = scope.targets[0] if len(scope.targets) == 1 else None
    one_unit = isinstance(first, dict) and not _is_battlefield(first) and first.get("kind", "unit") == "unit" \
        and first.get("count", 1) == 1
    apart = _APART_FROM_IT.match(text) if one_unit else None
    if apart:  # “（另）一名与之位置不同的X” right after one unit: one chosen where it is not (`where: other_location`)
        chosen = parse_object(apart["count"] + apart["rest"], scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) and len(scope.targets) == 2 else None
        if not isinstance(spec, dict) or "where" in spec or spec.get("kind", "unit") != "unit" or spec.get("count", 1) != 1:
            raise NotRead(f"“{text}”")
        spec["where"] = "other_location"
        return chosen
    away = _AT_THE_BATTLEFIELD["other_location"]
    away = away if text.startswith(away) and len(scope.targets) == 1 and _chosen_battlefield(scope) else None
    if away:  # “不在该处的一名友方单位” right after the battlefield: one chosen elsewhere (`where: other_location`)
        chosen = parse_object(text[len(away):], scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) and len(scope.targets) == 2 else None
        if not isinstance(spec, dict) or "where" in spec or spec.get("kind", "unit") != "unit":
            raise NotRead(f"“{text}”")
        spec["where"] = "other_location"
        return chosen
    at_chosen = _AT_THE_CHOSEN.match(text)
    if at_chosen and _chosen_battlefield(scope):  # “该处的所有友方单位”: every one at the battlefield chosen
        return _units_there(at_chosen["rest"], scope)
    if scope.subject is not None and text in ("其", "它"):  # the subject of the sentence: “该单位对…造成等同于其战力的伤害”
        return dict(scope.subject)
    if text in _SIDED_PRONOUNS:
        if not scope.targets and scope.event_unit and scope.event_side == _SIDED_PRONOUNS[text]:
            return scope.choose(EVENT_SUBJECT)  # “当你移动一名敌方单位时，…眩晕该敌方单位”: the event's unit
        index = _sided_target(scope, _SIDED_PRONOUNS[text])
        if index is None:
            raise NotRead(f"“{text}”指代不明")
        return {"target": index}
    if (text in PRONOUNS or text == _CHOSEN_UNIT) and len(scope.targets) > 1 and _unit_target(scope):
        return {"target": _unit_target(scope)}  # the one unit chosen beside a battlefield
    if text in _KIND_PRONOUNS and len(scope.targets) > 1 and _beside_items(scope, _KIND_PRONOUNS[text]):
        return {"target": _beside_items(scope, _KIND_PRONOUNS[text])}  # “该法术”, “该单位” of a unit and a spell chosen
    some = re.fullmatch(rf"其中(?:的)?最多(?P<n>{_NUMBER})名“(?P<name>[^”]+)”", text)
    if some and some["name"] == scope.made:  # “让其中最多两名“黄沙士兵”…”: up to N of the tokens just played, picked
        return {CREATED: {"up_to": number(some["n"])}}
    if scope.made and text in (f"该“{scope.made}”", f"这些“{scope.made}”", f"其中的“{scope.made}”"):
        scope.made_named = True  # the token by name: “其” after it is the token too, what the sentence was about
        return CREATED
    if scope.made and text in PRONOUNS and (scope.made_named or not scope.targets and not scope.event_unit):
        return CREATED  # nothing chosen before: “其” is what was just played (359.3.f.3)
    if text in _THE_CHOSEN and len(scope.targets) == 1:
        return {"target": 1}
    if text in PRONOUNS:
        if not scope.targets and (scope.event_unit or scope.event_gear and text in _GEAR_PRONOUNS):
            return scope.choose(EVENT_SUBJECT)  # the triggering event's object, locked in as it triggers (359.3.f.3.a)
        if len(scope.targets) != 1 or scope.made:  # nothing chosen, several, or a unit chosen and one played: not guessed
            raise NotRead(f"“{text}”指代不明")
        return {"target": 1}
    if text.startswith(_OF_ITS_CONTROLLER) and len(scope.targets) == 1 and isinstance(scope.targets[0], dict) and \
            scope.targets[0].get("kind", "unit") == "unit":  # “选择一名单位和其控制者的一件武装”: that unit's controller's
        read = parse_object(text[len(_OF_ITS_CONTROLLER):], scope)
        if read != {"target": 2} or set(scope.targets[1]) & {"who", "same_controller"}:
            del scope.targets[1:]
            raise NotRead(f"“{text}”")
        scope.targets[1]["same_controller"] = {"target": 1}
        return read
    named = _NAMED_UNIT.fullmatch(text)
    if named and named["name"] == scope.made:  # the tokens just played, or others of that name: not guessed
        raise NotRead(f"“{text}”：刚打出的“{scope.made}”还是其他同名单位")
    if named and TOKENS.get(named["name"], ("",))[0] == "unit":  # “你控制的一名“影分身””: a unit of that name (185.1)
        mark = len(scope.targets)
        read = parse_object(named["rest"] + KIND_WORDS["unit"], scope)
        spec = read["each"] if isinstance(read, dict) and set(read) == {"each"} else \
            scope.targets[-1] if _is_target_ref(read) and len(scope.targets) == mark + 1 else None
        if not isinstance(spec, dict) or spec.get("kind", "unit") != "unit" or "name" in spec:
            del scope.targets[mark:]
            raise NotRead(f"“{text}”")
        spec["name"] = named["name"]
        return read
    if "包括我在内的所有" in text and "其他" not in text:  # “including me”: what “all …” means without “other”
        text = text.replace("包括我在内的", "", 1)
    for doing, state in _DOING_HERE.items():  # “一名进攻此处的敌方单位”: attacking, here
        text = text.replace(doing, "此处的" + state, 1)
    each = _EACH.match(text)
    if not each:
        each = _SUBJECT.match(text)  # a noun phrase without a count names every unit it fits: “你此处的其他单位”
        if each and not any(each[group] for group in ("where", "other", "might", "states", "late", "who", "tag")):
            each = None
    chosen = _OBJECT.match(text)
    if each and not chosen:
        spec = _filter(each)
        if each.groupdict().get("where") in _ONE_BATTLEFIELD:  # every unit at one battlefield: the battlefield is chosen
            _choose_battlefield(text, scope)
            return {"each": _there(spec, text, scope)}
        if _EARLIER_MIGHT in spec.get("might", {}).values():
            raise NotRead(f"“{text}”：“其”指代不明")
        spec = _chosen_unit_might(spec, scope, text)
        if spec.get("where") == "same_battlefield":  # every unit where the chosen targets are
            if not scope.targets:
                raise NotRead(f"“{text}”指代不明")
            spec["where"] = "there"
        return {"each": _other_than_chosen(spec, scope, text)}
    if not chosen:
        return _joined(text, scope)
    spec = _filter(chosen)
    if spec.get("where") == "same_battlefield" and not scope.targets:
        raise NotRead(f"“{text}”指代不明")
    if _EARLIER_MIGHT in spec.get("might", {}).values() and len(scope.targets) != 1:
        raise NotRead(f"“{text}”：“其”指代不明")  # the one unit chosen before it
    spec = _chosen_unit_might(spec, scope, text)
    count_word = chosen["count"]
    if chosen["any"]:  # “任意数量的”: any number chosen, none included (355.13) — `count: null` alone is all, not chosen
        if spec.get("kind", "unit") != "unit":
            raise NotRead(f"“{text}”")
        spec.update(count=None, up_to=True)
        return scope.choose(spec)
    if count_word in ("另一", "最多另一"):
        spec["other"] = True
        if count_word == "最多另一":
            spec["up_to"] = True
    elif count_word.startswith("最多"):
        spec["count"], spec["up_to"] = number(count_word[2:]), True
    elif number(count_word) != 1:
        spec["count"] = number(count_word)
    if isinstance(spec.get("kind"), list):  # objects of several kinds, measured “个” (or “张”)
        if chosen["measure"] not in _LIST_MEASURES:
            raise NotRead(f"“{text}”")
    elif chosen["measure"] != MEASURE.get(spec.get("kind", "unit")) and not (chosen["measure"] == "个" and
                                                                         spec.get("kind", "unit") == "unit"):
        raise NotRead(f"量词“{chosen['measure']}”")
    return scope.choose(spec)


# “选择一名友方单位和一个法术。无效化该法术，并让该单位…”: beside an item on the chain, “该法术” is that item and “该单位”
# the one unit chosen with it
_KIND_PRONOUNS = {"该法术": "spell", "该单位": "unit"}


def _beside_items(scope: Scope, kind: str) -> int | None:
    """The one target of *kind* (spell: an item on the chain) when the others are units and items on the chain only
    (one unit, one item: never which of two units), by its number; None otherwise."""
    kinds = [spec.get("kind", "unit") if isinstance(spec, dict) else None for spec in scope.targets]
    if kinds.count("spell") != 1 or kinds.count("unit") != 1 or set(kinds) - {"unit", "spell"} or \
            any(spec.get("count", 1) != 1 or spec.get("up_to") for spec in scope.targets):
        return None
    return kinds.index(kind) + 1


def _sided_target(scope: Scope, side: str) -> int | None:
    """The one target of that side (“该友方单位” among a friendly and an enemy unit chosen), by its number; None when
    no target or several are of that side (which one is not guessed)."""
    sided = [number for number, spec in enumerate(scope.targets, 1)
             if isinstance(spec, dict) and spec.get("who") == side and spec.get("kind", "unit") == "unit"]
    return sided[0] if len(sided) == 1 else None


def _other_than_chosen(spec: dict, scope: Scope, text: str) -> dict:
    """“其他敌方单位” after an enemy unit was chosen (“眩晕一名敌方单位，并对其他敌方单位…”) is other than it
    (`other_than_targets`), not other than the source; of your side it could be either (not guessed)."""
    side = spec.get("who")
    if not spec.get("other") or side is None or _chosen_battlefield(scope):
        return spec  # (beside a battlefield chosen, `_there` reads it)
    if side == "friendly" and _sided_target(scope, side) is not None:
        raise NotRead(f"“{text}”：其他（来源还是所选单位）")
    maybe = [number for number, chosen in enumerate(scope.targets, 1) if isinstance(chosen, dict)
             and chosen.get("kind", "unit") == "unit" and chosen.get("who") != "friendly"]
    if side != "enemy" or len(maybe) != 1:  # the one unit chosen that may be an enemy
        return spec
    return {**{key: value for key, value in spec.items() if key != "other"}, "other_than_targets": True}


def _chosen_unit_might(spec: dict, scope: Scope, text: str) -> dict:
    """“战力低于所选单位的”: Might compared with the one unit chosen beside a battlefield, as it executes."""
    might = spec.get("might", {})
    if {"might_of": _CHOSEN_UNIT} not in might.values():
        return spec
    if _unit_target(scope) is None:
        raise NotRead(f"“{text}”：所选单位指代不明")
    return {**spec, "might": {op: {"might_of": {"target": _unit_target(scope)}} for op in might}}


def _either_object(either: re.Match, scope: Scope, text: str) -> dict:
    """“一名友方单位或一件友方装备” (one target either kind, the same words for both), “一名战场上的单位或一件装备” (a unit
    at a battlefield, or a gear anywhere: not a unit in a base); other pairs are not guessed."""
    mark = len(scope.targets)
    try:
        parse_object(either["unit"], scope), parse_object(either["gear"], scope)
        unit, gear = scope.targets[mark:]
    finally:
        del scope.targets[mark:]
    gear = {key: value for key, value in gear.items() if key != "kind"}
    if unit == {"where": "battlefield"} and not gear:
        return scope.choose(copy.deepcopy(_UNIT_AT_A_BATTLEFIELD_OR_GEAR))
    if unit != gear or set(unit) & {"count", "up_to", "other"}:
        raise NotRead(f"“{text}”")
    return scope.choose({"kind": list(UNIT_OR_GEAR), **unit})


def _is_battlefield(spec) -> bool:
    return isinstance(spec, dict) and spec.get("kind") == "battlefield"


def _chosen_battlefield(scope: Scope) -> bool:
    return any(_is_battlefield(spec) for spec in scope.targets)


def _battlefield_number(scope: Scope) -> int:
    return next(number for number, spec in enumerate(scope.targets, 1) if _is_battlefield(spec))


def _unit_target(scope: Scope) -> int | None:
    """The one unit chosen beside a battlefield (“所选单位”, “该单位” among them), by its number; None for none or two."""
    units = [number for number, spec in enumerate(scope.targets, 1)
             if isinstance(spec, dict) and spec.get("kind", "unit") == "unit"]
    return units[0] if len(units) == 1 and _chosen_battlefield(scope) else None


def _choose_battlefield(text: str, scope: Scope) -> dict:
    """The battlefield chosen: the one target, or one beside units (a spell's own, the engine checks), never two."""
    if _chosen_battlefield(scope) or _chosen_player(scope) or any(not isinstance(spec, dict) for spec in scope.targets):
        raise NotRead(f"“{text}”：战场与其他目标一起选择")
    return scope.choose(dict(BATTLEFIELD))


def _there(spec: dict, text: str, scope: Scope) -> dict:
    """A filter of every unit at the battlefield chosen: no other place; “其他” is other than the unit chosen beside it
    (a spell has no source: other than what, with no unit chosen, is not guessed)."""
    if spec.get("where", "battlefield") != "battlefield" or spec.get("kind", "unit") != "unit":
        raise NotRead(f"“{text}”")
    if spec.get("other"):
        if _unit_target(scope) is None:
            raise NotRead(f"“{text}”：其他")
        spec = {**{key: value for key, value in spec.items() if key != "other"}, "other_than_targets": True}
    return {**spec, "where": "there"}


def _units_there(rest: str, scope: Scope) -> dict:
    """“该处的（所有）友方单位” after a battlefield chosen: every unit of that phrase at it; “该处的一名敌方单位” right
    after it, one chosen there (``where: same_battlefield``)."""
    if re.match(r"^(?:最多)?(?:一|" + _NUMBER + r")[名个]", rest) and len(scope.targets) == 1 and _chosen_battlefield(scope):
        chosen = parse_object(rest, scope)
        spec = scope.targets[-1] if _is_target_ref(chosen) and len(scope.targets) == 2 else None
        if not isinstance(spec, dict) or "where" in spec or spec.get("kind", "unit") != "unit":
            raise NotRead(f"“该处的{rest}”")
        spec["where"] = "same_battlefield"
        return chosen
    chosen = parse_object(rest if rest.startswith("所有") else "所有" + rest, scope)
    if set(chosen) != {"each"}:
        raise NotRead(f"“该处的{rest}”")
    return {"each": _there(chosen["each"], rest, scope)}


_SAME_BATTLEFIELD = "位于同一个战场上的"
_SAME_BATTLEFIELD_PAIR = re.compile(r"^(?:位于)?同一(?:处|个)战场上的两名(?P<what>.+)$")  # “同一处战场上的两名单位”


def _joined(text: str, scope: Scope) -> dict:
    """“一名友方单位和一名敌方单位”: two targets of one effect, ``{_targets: [N, M]}`` until settled (then no ``to:``:
    an effect without it acts on all the targets).  “位于同一个战场上的X和Y”: Y at the battlefield of X."""
    pair = _SAME_BATTLEFIELD_PAIR.match(text)
    if pair:  # two specs of one unit each, the second at the first one's battlefield
        text = f"{_SAME_BATTLEFIELD}一名{pair['what']}和一名{pair['what']}"
    same = text.startswith(_SAME_BATTLEFIELD)
    body = text[len(_SAME_BATTLEFIELD):] if same else text
    mark = len(scope.targets)
    for joint in re.finditer("和", body):
        try:
            first, second = parse_object(body[:joint.start()], scope), parse_object(body[joint.end():], scope)
            if not (_is_target_ref(first) and _is_target_ref(second)):
                raise NotRead(text)
            if same:
                _place(scope.targets[-2], "battlefield")
                _place(scope.targets[-1], "same_battlefield")
            return {_JOINED_TARGETS: [first["target"], second["target"]]}
        except NotRead:
            del scope.targets[mark:]
    raise NotRead(text)


_JOINED_TARGETS = "_targets"


def _render_joined(scope: Scope) -> str:
    """All the targets, named once, joined by “和” (the same battlefield said once, before both)."""
    if scope.rendered or len(scope.targets) != 2 or not all(isinstance(spec, dict) for spec in scope.targets):
        raise NotRead("几个目标的同一效果")
    first, second = scope.targets
    if first.get("where") == "battlefield" and second.get("where") == "same_battlefield":
        names = [_render_chosen({k: v for k, v in spec.items() if k != "where"}) for spec in scope.targets]
        text = _SAME_BATTLEFIELD + "和".join(names)
    else:
        text = "和".join(_render_chosen(spec) for spec in scope.targets)
    scope.rendered = len(scope.targets)
    return text


_OF_ITS_CONTROLLER = "其控制者的"  # after one unit chosen: an object its controller controls (``same_controller``)


# a unit named by its card's name, a token's (“一名受你控制的“影分身””): the object grammar with 单位 for the name
_NAMED_UNIT = re.compile(r"(?P<rest>.*?)“(?P<name>[^”]+)”")


def _with_name(words: str, spec: dict) -> str:
    """The words of *spec* without its ``name``, the noun 单位 replaced by the name (read back by ``_NAMED_UNIT``)."""
    if not words.endswith(KIND_WORDS["unit"]) or spec.get("kind", "unit") != "unit" or not isinstance(spec["name"], str):
        raise NotRead(f"名为 {spec['name']} 的对象")
    return words.removesuffix(KIND_WORDS["unit"]) + f"“{spec['name']}”"


def render_object(selector, scope: Scope) -> str:
    if selector == "self":
        return "我"
    if selector == "legend":
        return next(iter(LEGEND_WORDS))
    if selector == THIS_CARD:
        return "此牌"
    if selector == PAID_WITH and scope.paid_with:
        return _PAID_WITH_WORDS[scope.paid_with][0]
    if selector == CREATED:  # by name once a unit was chosen too (“其” would be that unit)
        return f"该“{scope.made}”" if scope.targets and scope.made else "其"
    if isinstance(selector, dict) and set(selector) == {CREATED} and scope.made and set(selector[CREATED]) == {"up_to"}:
        return f"其中最多{chinese(selector[CREATED]['up_to'])}名“{scope.made}”"
    if selector is None and not scope.targets:
        return "我"  # an effect without targets acts on its source
    if selector is None or (isinstance(selector, dict) and "target" in selector):
        index = 0 if selector is None else selector["target"] - 1
        if selector is None and len(scope.targets) > 1:
            return _render_joined(scope)
        if index < scope.rendered:
            if len(scope.targets) > 1:
                return _named_again(scope, index + 1)
            spec = scope.targets[0]
            return "该法术" if spec in ("spell", "enemy_spell") or (isinstance(spec, dict) and spec.get("kind") == "spell") else "其"
        if index != scope.rendered or index >= len(scope.targets):
            raise NotRead("目标的次序")
        scope.rendered += 1
        return _render_event_subject(scope) if scope.targets[index] == EVENT_SUBJECT else _render_chosen(scope.targets[index])
    if isinstance(selector, dict) and set(selector) == {"each"} and "name" in selector["each"]:
        rest = {key: value for key, value in selector["each"].items() if key != "name"}
        return _with_name(render_object({"each": rest}, scope), selector["each"])
    if isinstance(selector, dict) and set(selector) == {"each"}:
        spec = selector["each"]
        if set(spec) - _FILTER_KEYS or "count" in spec:
            raise NotRead("“所有”的条件")
        chosen = _unit_target(scope)
        if chosen and {"might_of": {"target": chosen}} in spec.get("might", {}).values():  # “战力低于所选单位的”
            spec = {**spec, "might": {op: {"might_of": _CHOSEN_UNIT} for op in spec["might"]}}
        before, middle = _filter_words(spec)
        if spec.get("where") == "there" and _chosen_battlefield(scope) and scope.rendered == len(scope.targets):
            before = "该处的"  # the battlefield (and the units beside it) named first
        elif spec.get("where") == "there" and _chosen_battlefield(scope):  # chosen as first named, “该处” after that
            before, scope.rendered = ("该处的" if scope.rendered else _ONE_BATTLEFIELD[0]), 1
        return f"{before}所有{middle}{KIND_WORDS[spec.get('kind', 'unit')]}"
    raise NotRead(f"对象 {selector}")


def _named_again(scope: Scope, number: int) -> str:
    """One of several targets, named before: the one of its side (“该友方单位”), or the one unit beside a battlefield."""
    spec = scope.targets[number - 1]
    side = spec.get("who") if isinstance(spec, dict) else None
    if side in WHO_WORDS and _sided_target(scope, side) == number:
        return f"该{WHO_WORDS[side]}单位"
    if _unit_target(scope) == number:
        return "该单位"
    if _beside_items(scope, "spell") == number:
        return "该法术"
    raise NotRead("再次提到几个目标之一")


def _render_battlefield_beside(scope: Scope) -> str:
    """“选择一名友方单位和一处战场。”, “选择一处战场和该处的一名敌方单位。”: every target named at once, first."""
    names = []
    for spec in scope.targets:
        if _is_battlefield(spec):
            names.append(_render_chosen(spec))
        elif isinstance(spec, dict) and spec.get("where") in _AT_THE_BATTLEFIELD and len(names) == 1 and \
                _is_battlefield(scope.targets[0]):
            rest = {key: value for key, value in spec.items() if key != "where"}
            names.append(_AT_THE_BATTLEFIELD[spec["where"]] + _render_chosen(rest))
        elif isinstance(spec, dict) and spec.get("where") == "other_location" and len(names) == 1:
            rest = _render_chosen({key: value for key, value in spec.items() if key != "where"})
            count = next((c for c in ("另一名", "一名") if rest.startswith(c)), None)
            if count is None:
                raise NotRead(f"目标 {spec}")
            names.append(count + _APART_WORDS + rest[len(count):])
        else:
            names.append(_render_chosen(spec))
    scope.rendered = len(scope.targets)
    return "选择" + "和".join(names) + "。"


def _render_event_subject(scope: Scope) -> str:
    """The words naming the triggering event's object: a gear's or a unit's (“该装备”, “该单位”)."""
    return "该装备" if scope.event_gear else "该单位"


def _render_chosen(spec: dict | str) -> str:
    if spec == EVENT_SUBJECT:
        return "该单位"
    if isinstance(spec, dict) and spec.get("kind") == "legend":
        return next(words for words, legend in LEGEND_TARGETS.items() if legend == spec)
    if _is_battlefield(spec):
        if set(spec) - {"kind", "who"}:
            raise NotRead(f"战场的目标 {spec}")
        return _BATTLEFIELD_WHOSE.get(spec.get("who", ""), "") + BATTLEFIELD_WORDS[0]
    if isinstance(spec, dict) and spec.get("same_location"):
        rest = {key: value for key, value in spec.items() if key != "same_location"}
        at = "同一位置的" if "where" not in rest else "一处战场上的"
        if rest.pop("where", "battlefield") != "battlefield" or rest.get("count", 1) == 1:
            raise NotRead(f"同一位置的目标 {spec}")
        return at + _render_chosen(rest)
    if isinstance(spec, dict) and spec.get("per_location"):
        if "count" not in spec or spec["count"] is not None or "up_to" in spec:
            raise NotRead(f"每个位置的目标 {spec}")
        rest = {key: value for key, value in spec.items() if key not in ("per_location", "count")}
        return _PER_LOCATION + _render_chosen({**rest, "up_to": True})
    if spec.get("kind") == "spell" and set(spec) <= {"kind", "who", "chooses", "chooses_no_other", "cost", "power"}:
        return render_chain_item(spec)
    if "name" in spec:
        return _with_name(_render_chosen({key: value for key, value in spec.items() if key != "name"}), spec)
    if spec.get("same_controller") == {"target": 1}:  # the second of two, after the unit whose controller it is
        return _OF_ITS_CONTROLLER + _render_chosen({key: value for key, value in spec.items() if key != "same_controller"})
    if set(spec) - _FILTER_KEYS:
        raise NotRead(f"目标的条件 {sorted(set(spec) - _FILTER_KEYS)}")
    if spec == _UNIT_AT_A_BATTLEFIELD_OR_GEAR:
        return _UNIT_AT_A_BATTLEFIELD_OR_GEAR_WORDS
    kind = spec.get("kind", "unit")
    count = spec.get("count", 1)
    several = isinstance(kind, list)  # objects of several kinds (“一个单位或装备”, “最多四个单位、装备或符文”)
    if several and count is None:
        raise NotRead(f"几种物体的目标 {spec}")
    measure = _LIST_MEASURES[0] if several else MEASURE[kind]
    before, middle = _filter_words({key: value for key, value in spec.items() if key != "other"})
    if count is None and spec.get("up_to") and not spec.get("other"):
        count_words = _ANY_NUMBER
    elif spec.get("up_to") and spec.get("other") and count == 1:
        count_words = f"最多另一{measure}"
    elif spec.get("up_to"):
        count_words = f"最多{chinese(count)}{measure}"
    elif spec.get("other") and count == 1:
        count_words = f"另一{measure}"
    else:
        count_words = f"{chinese(count)}{measure}"
    if spec.get("other") and "另" not in count_words:  # “另一名”, “最多另一名”: other said once
        middle = "其他" + middle
    return f"{before}{count_words}{middle}{kind_list_words(kind) if several else KIND_WORDS[kind]}"


# -- effects ----------------------------------------------------------------------------


class Template(NamedTuple):
    zh: str  # wording with slots {to} {n} {c} {kw}
    verb: str
    slots: tuple[str, ...]  # which params the slots fill, in slot order: "to", "amount", "keyword"
    fixed: dict  # params the wording always means
    scalar: str = ""  # the param written as the verb's whole value when it is the only one ("deal: 3")
    where: str = ""  # where the wording puts its object (“从战场上移动”: at a battlefield), added to its filter


def _t(zh: str, verb: str, fixed: dict | None = None, scalar: str = "", where: str = "") -> Template:
    slots = tuple({"to": "to", "n": "amount", "c": "amount", "neg": "amount", "kw": "keyword", "rune": "rune",
                   "amt": "measure"}[s]
                  for s in re.findall(r"\{(\w+)\}", zh))
    return Template(zh, verb, slots, fixed or {}, scalar, where)


_THAT_BATTLEFIELD = "该战场"
# “战力翻倍”: +X where X is the unit's own Might as the instruction executes (of the target, or of the source).
DOUBLED = "doubled"


def _doubled_of(selector, scope: Scope):
    """Whose Might a doubling adds: the source's (“我”, or no target) or the chosen target's (``{target: N}`` while
    read, ``target`` in a tree with one target)."""
    if selector == "self" or (selector is None and not scope.targets):
        return "self"
    if _is_target_ref(selector):
        return selector
    if selector is None and len(scope.targets) == 1:
        return "target"
    raise NotRead("战力翻倍的对象")


# The first template of a verb with the same params is the one a tree renders with.
EFFECTS = (
    _t("对{to}造成{n}点伤害", "deal", scalar="amount"),
    _t("对{to}各造成{n}点伤害", "deal", scalar="amount"),
    _t("对{to}各造成{n}点伤害，不分敌我", "deal", scalar="amount"),  # restates “所有单位”: friendly and enemy
    # an amount read as the instruction executes, “等同于X” (see ``parse_amount``)
    _t("对{to}造成等同于{amt}的伤害", "deal"),
    _t("对{to}各造成等同于{amt}的伤害", "deal"),
    _t("让{to}获得{kw}", "grant", {"until": "permanent"}),
    _t("让{to}变为{kw}", "grant", {"until": "permanent"}),
    _t("让{to}在本回合内战力+{n}", "might", scalar="amount"),
    _t("让{to}本回合内战力+{n}", "might", scalar="amount"),
    _t("{to}本回合内额外获得战力+{n}", "might", scalar="amount"),  # “则它本回合内额外获得战力+1”: one more +1
    _t("{to}本回合内战力+{n}", "might", scalar="amount"),  # “你的“机械”属性单位本回合内战力+1”: the units named, no 让
    _t("{to}在本回合内战力+{n}", "might", scalar="amount"),
    _t("给予{to}在本回合内战力+{n}", "might", scalar="amount"),
    _t("给予{to}本回合内战力+{n}", "might", scalar="amount"),
    _t("在本回合内，让{to}战力+{n}", "might", scalar="amount"),
    _t("让{to}在本回合内战力-{neg}", "might", scalar="amount"),
    _t("让{to}本回合内战力-{neg}", "might", scalar="amount"),
    _t("让{to}在本回合内战力-{neg}，不得低于1战力", "might", {"min": 1}),
    _t("让{to}本回合内战力-{neg}，不得低于1战力", "might", {"min": 1}),
    _t("让{to}在本回合内获得我的关键词", "grant", {"keywords_of": "self"}),  # each one I have as it executes
    _t("让{to}在本回合内获得{kw}", "grant"),
    _t("让{to}本回合内获得{kw}", "grant"),
    _t("{to}在本回合内获得{kw}", "grant"),  # “你在此处的单位在本回合内获得游走”: the units named, no 让
    _t("抽{c}张牌", "draw", scalar="amount"),
    _t("再抽{c}张牌", "draw", scalar="amount"),  # “则再抽一张牌”: one more card, after those of the draw step
    _t("弃置{c}张手牌", "discard", scalar="amount"),
    _t("弃置所有手牌", "discard", {"all": True}),  # the whole hand of the player discarding (“每名玩家弃置自己的…”)
    _t("召出{c}枚休眠的符文", "channel", {"exhausted": True}),
    _t("召出{c}枚休眠符文", "channel", {"exhausted": True}),
    _t("每名玩家召出{c}枚休眠的符文", "channel", {"exhausted": True, "who": "each_player"}),
    _t("每名玩家抽{c}张牌", "draw", {"who": "each_player"}),
    _t("其控制者抽{c}张牌", "draw", {"who": "target_controller"}),
    _t("让其控制者抽{c}张牌", "draw", {"who": "target_controller"}),
    _t("每名玩家弃置{c}张手牌", "discard", {"who": "each_player"}),
    _t("每名对手弃置{c}张手牌", "discard", {"who": "opponent"}),  # each opponent (135.2.b.5.a)
    _t("让其弃置{c}张手牌", "discard", {"who": CHOSEN_PLAYER}),  # the chosen player (“选择一名玩家，让其…”)
    _t("让其抽{c}张牌", "draw", {"who": CHOSEN_PLAYER}),
    _t("让其焚烧{c}张牌", "burn", {"who": CHOSEN_PLAYER}),
    _t("让其获得{n}分", "gain_points", {"who": CHOSEN_PLAYER}),
    _t("每名对手抽{c}张牌", "draw", {"who": "opponent"}),
    _t("让其拥有者召出{c}枚休眠的符文", "channel", {"exhausted": True, "who": "target_owner"}),
    _t("让其控制者召出{c}枚休眠的符文", "channel", {"exhausted": True, "who": "target_controller"}),
    _t("其控制者召出{c}枚休眠的符文", "channel", {"exhausted": True, "who": "target_controller"}),
    _t("其拥有者召出{c}枚休眠的符文", "channel", {"exhausted": True, "who": "target_owner"}),
    _t("让{to}在本回合内获得等同于{amt}的+战力加成", "might"),
    _t("让{to}在本回合内获得等同于{amt}的战力加成", "might"),
    _t("抽等同于{amt}的牌", "draw"),
    # the Might it has before increases and decreases, this turn (477.1.a.1 before 477.3: the engine's might_becomes)
    _t("让{to}的基础战力在本回合内变为{n}", "might_becomes", scalar="amount"),
    _t("让{to}在本回合内战力翻倍", "might", {"amount": DOUBLED}),
    _t("让{to}本回合内战力翻倍", "might", {"amount": DOUBLED}),
    _t("让{to}在本次战斗期间战力翻倍", "might", {"amount": DOUBLED, "until": "combat"}),  # until the combat ends
    _t("在这场战斗中，{to}的战力翻倍", "might", {"amount": DOUBLED, "until": "combat"}),
    _t("在这场战斗中，让{to}战力翻倍", "might", {"amount": DOUBLED, "until": "combat"}),
    _t("获得{n}经验", "gain_xp", scalar="amount"),
    _t("召出{c}枚符文", "channel", scalar="amount"),
    # 415: the engine readies as many of the controller's exhausted runes as it can, up to N
    _t("让你的所有符文变为活跃状态", "ready_runes", {"amount": {"runes_of": "you"}}),  # all of them (415)
    _t("让最多{c}枚符文变为活跃状态", "ready_runes", scalar="amount"),
    _t("让最多{c}枚友方符文变为活跃状态", "ready_runes", scalar="amount"),
    _t("让{c}枚符文变为活跃状态", "ready_runes", scalar="amount"),
    _t("强化{to}", "empower"),  # 441
    _t("解除{to}的强化", "disempower"),  # 442
    _t("摧毁{to}", "kill"),
    _t("将{to}摧毁", "kill"),
    _t("眩晕{to}", "stun"),
    _t("将{to}眩晕", "stun"),
    _t("让{to}变为活跃状态", "ready"),
    _t("让{to}变为休眠状态", "exhaust"),
    _t("将{to}变为活跃状态", "ready"),
    _t("将{to}变为休眠状态", "exhaust"),
    _t("让{to}进入休眠状态", "exhaust"),
    _t("给予{to}增益", "buff"),
    _t("消耗{to}的增益", "spend_buff"),  # 702.2.b: a buff of each unit it acts on, spent by the controller
    _t("消耗{to}身上的增益", "spend_buff"),
    _t("治疗{to}", "heal"),  # its damage removed
    _t("放逐{to}", "banish"),
    _t("放逐{to}，然后让其拥有者将其打出到其所属的基地，无视其费用", "banish_and_replay", {"at": "base"}),  # read by _replayed
    _t("放逐{to}，然后让其拥有者将其打出，无视其费用", "banish_and_replay", {"at": "any"}),
    _t("放逐{to}，然后让其拥有者将其打出到任意一处战场，无视其费用", "banish_and_replay", {"at": "any_battlefield"}),
    _t("将{to}放逐", "banish"),
    # 427, 419.3: the owner plays the banished unit to the location it left, ignoring its cost
    _t("放逐{to}，其所有者随即将其打出到同一位置，无视其费用", "banish_and_replay"),
    _t("让{to}返回其所属的手牌", "return_to_hand"),
    _t("将{to}返回其所属的手牌", "return_to_hand"),
    _t("让{to}返回其所有者的手牌", "return_to_hand"),
    _t("让{to}返回所属的手牌", "return_to_hand"),  # “让我返回所属的手牌”: its owner's, as 其所属
    _t("把{to}送回所属的手牌", "return_to_hand"),
    # a card put on its owner's main deck (108.4.d): at the end its owner (“其拥有者”) or you choose, or at the one named
    _t("其拥有者将{to}放到其主牌堆的顶部或底部", "to_deck", {"position": "top_or_bottom"}),
    _t("让其拥有者将{to}放到其主牌堆的顶部或底部", "to_deck", {"position": "top_or_bottom"}),
    _t("将一张手牌放到主牌堆的顶部或底部", "hand_to_deck", {"position": "top_or_bottom"}),
    _t("将一张手牌放到你的主牌堆的顶部或底部", "hand_to_deck", {"position": "top_or_bottom"}),
    _t("将一张手牌放到主牌堆顶部", "hand_to_deck", {"position": "top"}),
    _t("将一张手牌放到主牌堆底部", "hand_to_deck", {"position": "bottom"}),
    _t("让{to}从战场上返回其所属的手牌", "return_to_hand", where="battlefield"),
    _t("无效化{to}", "counter"),
    _t("获得{to}的控制权", "gain_control"),
    _t("获得{to}控制权", "gain_control"),  # “你获得其控制权”
    _t("失去{to}的控制权", "lose_control"),  # 477.1.a: control back to its owner (a delayed “at end of turn” mostly)
    _t("为{to}指定新的目标", "new_choices"),  # 751: new choices for a chain item (a spell chosen before)
    _t("将{to}从战场上移动到其所属的基地", "move", {"to": "base"}, where="battlefield"),
    _t("将{to}从战场移动到其基地", "move", {"to": "base"}, where="battlefield"),
    _t("将{to}从战场上移动到基地", "move", {"to": "base"}, where="battlefield"),
    _t("将{to}移动到其基地", "move", {"to": "base"}),
    _t("将{to}移动到其所属的基地", "move", {"to": "base"}),
    _t("将{to}移动到你的基地", "move", {"to": "base"}),
    _t("将{to}移动到基地", "move", {"to": "base"}),
    _t("将{to}召回", "recall"),
    # “此处”, “此战场”: where the source is as the instruction executes (359.3.f.2, `source`); after “当我移动到一处
    # 战场时” or “当你将我打出到一处战场时”, “该战场”/“相同的战场” is the battlefield of the trigger condition, locked in
    # as it triggers (359.3.f.3, `here`; see ``_OWN_BATTLEFIELD``)
    _t("将{to}移动到此处", "move", {"to": "source"}),
    _t("移动{to}到此处", "move", {"to": "source"}),
    _t("将{to}移动到此战场", "move", {"to": "source"}),
    _t("将{to}移动到我所在的战场", "move", {"to": "source"}),
    _t("移动{to}到我所在的战场", "move", {"to": "source"}),
    # the source and the unit chosen each to where the other is (two moves; a unit in a base goes to its own base)
    _t("将我移动到{to}所在的位置，再将其移动到我原来的位置", "swap_places"),
    # the two units chosen each to where the other is (449), the source apart
    _t("将两名单位分别移动到对方的位置", "swap_places", {"each_other": True}),
    _t("将这两名单位分别移动到对方的位置", "swap_places", {"each_other": True}),
    _t("把我移动到{to}所在位置，将其移动到我原来的位置", "swap_places"),
    _t("将我移动到{to}的位置，再将它移动到我原来的位置", "swap_places"),
    _t("将{to}移动到" + _THAT_BATTLEFIELD, "move", {"to": "here"}),
    _t("移动{to}", "move", {"to": "chosen"}),
    # “to or from its base” (449.1): from a battlefield to its base, or from its base to a battlefield
    _t("在战场和其所属基地之间移动{to}", "move", {"to": "to_or_from_base"}),
    _t("在战场和你的基地之间移动{to}", "move", {"to": "to_or_from_base"}),
    # a place chosen as it resolves within the limits the card sets (449.1)
    _t("将{to}移动到其控制者的其他单位所在的一处位置", "move", {"to": {"chosen": {"units_of": "its_controller"}}}),
    _t("将{to}移动到你控制的一处战场", "move", {"to": {"chosen": {"battlefield": True, "controlled_by": "you"}}}),
    _t("将{to}移动到有你的单位的一处战场", "move", {"to": {"chosen": {"battlefield": True, "units_of": "you"}}}),
    # an open battlefield: one no one controls as the move is done (a unit moved there before it keeps it open, 190.3)
    _t("将{to}移动到一处开放的战场", "move", {"to": {"chosen": {"battlefield": True, "open": True}}}),
    # a battlefield the controller chooses as it resolves, never a base
    _t("将{to}移动到一处战场", "move", {"to": "chosen_battlefield"}),
    _t("将{to}移动到任意一处战场", "move", {"to": "chosen_battlefield"}),
    _t("移动{to}到一处战场", "move", {"to": "chosen_battlefield"}),
    _t("将{to}移动到另一处战场", "move", {"to": "chosen_battlefield"}),  # another than its own: a move changes place (446.1)
    _t("让{to}在本次战斗期间获得{kw}", "grant", {"until": "combat"}),
    _t("让{to}在本次战斗期间战力+{n}", "might", {"until": "combat"}),  # until the combat ends
    _t("让{to}在本次战斗期间战力-{neg}", "might", {"until": "combat"}),
    _t("使{to}在本次战斗期间获得{kw}", "grant", {"until": "combat"}),
    _t("让{to}受到的所有伤害在本回合内翻倍", "double_damage"),
    _t("让{to}在本回合内战力互换", "swap_might"),  # 433: two units chosen
    _t("本回合{to}受到的所有伤害翻倍", "double_damage"),
    _t("在本回合内防止{to}接下来受到的{n}点伤害", "prevent", scalar="amount"),  # 437.1.b.1, 437.3: a value used up across events
    # 437.1.b.1: all of the next damage dealt to it this turn, one event (`prevent: next`)
    _t("在本回合内，防止{to}下一次受到的伤害", "prevent", {"amount": "next"}, scalar="amount"),
    _t("在本回合内，抵挡{to}下一次受到的伤害", "prevent", {"amount": "next"}, scalar="amount"),
    # 437.1.b: all damage of some sources this turn, to every unit (“无效化……的伤害” is the same prevention)
    *(_t(words, "prevent", {"amount": "all", "from": ["spell", "ability"]}) for words in (
        "在本回合内，防止法术和技能造成的所有伤害", "无效化本回合内所有法术或技能的伤害", "防止本回合内所有法术和技能造成的伤害")),
    # 758 until the turn ends, on the units it acts on (the static is “我无法被敌方法术和技能选作目标”)
    _t("让{to}在本回合内无法被敌方法术和技能选作目标", "protect", {"by": "enemy"}),
    _t("让{to}在本回合内无法被法术和技能选作目标", "protect", {"by": "any"}),
    # its controller can't move it this turn (054.1): “当对手打出一名单位时，…该对手在本回合内无法移动该单位”
    _t("{to}在本回合内无法被其控制者移动", "forbid_move"),
    _t("该对手在本回合内无法移动{to}", "forbid_move"),
    _t("其控制者在本回合内无法移动{to}", "forbid_move"),
    _t("在本回合后再进行一个回合", "extra_turn"),
    _t("对手本回合内不能打出卡牌", "forbid_playing", {"who": "opponents"}),
    _t("对手在本回合内不能打出卡牌", "forbid_playing", {"who": "opponents"}),
    _t("获得{n}分", "gain_points"),
    _t("获得{rune}", "add"),
    _t("进攻方和防守方分别获得{rune}", "add", {"who": "combatants"}),  # 464.2.c: the attacker and the defender
    _t("获得{rune}，用以支付符能费用", "add"),
    _t("获得{rune}，用以支付法力费用", "add"),
    _t("从你的废牌堆中回收{c}张牌", "recycle"),  # 416.4: from the controller's trash, as many as there are
    _t("从废牌堆中回收{c}张牌", "recycle"),
    _t("从你的废牌堆回收{c}张卡牌", "recycle"),
    # 416.1.b: runes of yours to the bottom of your rune deck, which ones your choice (``from: runes``)
    _t("你必须回收{c}枚你的符文", "recycle", {"from": "runes"}),
    _t("将{to}卸除", "detach"),  # a chosen gear from its unit (435)
    _t("回收{c}枚你的符文", "recycle", {"from": "runes"}),
    _t("焚烧{c}张牌", "burn", scalar="amount"),  # 440: the top N of your Main Deck into your trash
    _t("每名玩家焚烧{c}张牌", "burn", {"who": "each_player"}),
    _t("每名对手焚烧{c}张牌", "burn", {"who": "opponent"}),
    # 440.1: burning is moving the top cards of your Main Deck to your trash, however it is worded
    _t("将你主牌堆顶部的{c}张牌放入废牌堆", "burn", scalar="amount"),
    _t("将你主牌堆顶部的{c}张牌放入你的废牌堆", "burn", scalar="amount"),
    _t("洞察{c}张牌", "predict", scalar="amount"),
    _t("进行洞察", "predict"),
    _t("洞察{n}", "predict", scalar="amount"),  # the keyword-styled “洞察2”: Predict 2 (436.3)
    # battlefields and legends
    _t("激活此处所有单位的征服效果", "activate_conquer"),  # 383.4.g.1
    _t("宣告一个法术的名称", "name_card", {"amount": "spell"}, scalar="amount"),  # 761: the source remembers it
    _t("你赢得游戏胜利", "win_game"),  # 195
    _t("立即赢得对局", "win_game"),
    _t("让最多{c}枚符文变为活跃状态", "ready_runes", scalar="amount"),  # 415: up to N of your runes
    _t("额外获得{n}分", "gain_points"),
    _t("获得的分数+{n}", "gain_points"),  # “你获得的分数+1”: you score 1 point (OGN-066)
)
_SLOT_PATTERNS = {"to": r"(?P<to>.+?)", "n": r"(?P<n>\d+)", "neg": r"(?P<neg>\d+)", "c": rf"(?P<c>{_NUMBER})",
                  "kw": rf"(?P<kw>{_KEYWORD})", "amt": r"(?P<amt>.+?)", "rune": r"(?P<rune>[⓪①②③④⑤⑥⑦⑧⑨⑩]?(?:和?(?:任意|红色|绿色|蓝色|橙色|紫色|黄色)符能(?:×\d+)?)*)"}
_COMPILED = [(re.compile("^" + re.sub(r"\{(\w+)\}", lambda m: _SLOT_PATTERNS[m[1]], re.escape(t.zh).replace(
    r"\{", "{").replace(r"\}", "}")) + "$"), t) for t in EFFECTS]
# A verb's object parameter: “to” for most, the move destination is “to” too, so a moved object is “what”.
_OBJECT_PARAM = {"move": "what"}


def _keyword_value(text: str) -> tuple[str, int | None]:
    match = re.fullmatch(rf"(?P<name>{'|'.join(sorted(KEYWORDS, key=len, reverse=True))})(?P<value>\d+)?", text)
    if not match:
        raise NotRead(text)
    return match["name"], int(match["value"]) if match["value"] else None


def _effect(template: Template, values: dict, scope: Scope) -> dict:
    params = dict(template.fixed)
    for slot, param in zip(re.findall(r"\{(\w+)\}", template.zh), template.slots, strict=True):
        raw = values[slot]
        if param == "to":
            selector = parse_object(raw, scope)
            if template.where:
                _place(_spec_of(selector, scope), template.where)
            if selector is not None:
                params[_OBJECT_PARAM.get(template.verb, "to")] = selector
        elif param == "measure":
            params["amount"] = parse_amount(raw, scope)
        elif param == "amount":
            amount = number(raw)
            if amount is None:
                raise NotRead(raw)
            params["amount"] = -amount if slot == "neg" else amount
        elif param == "rune":
            if not raw:
                raise NotRead("获得什么")
            paid: dict = {}
            _pay(raw, paid)
            params.update(paid)
        elif param == "keyword":
            name, value = _keyword_value(raw)
            params["keyword"] = name
            if value is not None:
                params["value"] = value
    if params.get("amount") == DOUBLED:
        params["amount"] = {"might_of": _doubled_of(params.get("to"), scope)}
    if str(params.get("who", "")).startswith("target_") and not scope.targets:
        raise NotRead("“其”指代不明")
    if params.get("who") == CHOSEN_PLAYER and _chosen_player(scope) is None:
        raise NotRead("“其”不是选择的玩家")
    if template.scalar and set(params) == {template.scalar} and not isinstance(params[template.scalar], dict):
        return {template.verb: params[template.scalar]}
    if template.verb == "channel" and "amount" in params:
        params["count"] = params.pop("amount")
    return {template.verb: params or None}


# Tokens a card can play by name: their type, printed Might and printed keyword (the text restates the Might
# and the keyword, “它拥有瞬息”; both are checked, neither is compiled: the token card has them).
# 随从 is the library's Recruit of 187.1 (its printings 随从（德玛西亚） … have the same facts).
TOKENS = {"随从": ("unit", 1, ""), "精灵": ("unit", 3, "瞬息"), "机器人": ("unit", 3, ""), "黄沙士兵": ("unit", 2, ""),
          "战鹰": ("unit", 1, "法盾"), "映像": ("unit", 0, ""), "金币": ("gear", None, ""),
          "触手": ("unit", 1, ""),  # Vendetta's Tentacle: no Chinese printing yet, the name is the library's (cards/library.yaml)
          "影分身": ("unit", 0, "")}  # Vendetta's Shadow Clone, the same way (its ability too: the library's)
_CREATE = re.compile(
    rf"^(?:(?P<here>在此处)|(?P<origin>在我移动的起点位置))?(?:额外)?打出(?P<count>{_NUMBER})(?:名|个)(?P<ready>处于活跃状态的|活跃状态的|休眠的)?"
    r"(?:(?P<might>\d+)战力的?)?“(?P<token>[^”]+)”(?P<kind>装备指示物|单位指示物)?(?:(?P<base>到你的基地)|(?P<to_here>到此处))?"
    r"(?:，它们?拥有(?P<keyword>[^，]+))?$"
)


_MADE_BY_PLAY = "打出的牌"  # Scope.made after a card (not a token) is played: named only by a pronoun
_CREATE_PUT = re.compile(r"^将(?P<what>[^，]+?“[^”]+”(?:装备指示物|单位指示物)?)打出(?P<where>到你的基地|到此处)$")


def parse_create(text: str) -> dict | None:
    """“打出两名1战力的“战鹰”到你的基地” → ``create: {token, count, play: true}``; None when it is no such clause."""
    put = _CREATE_PUT.match(text)  # “将一名“映像”打出到你的基地”: the same words, the token before the verb
    match = _CREATE.match(f"打出{put['what']}{put['where']}" if put else text)
    if not match:
        return None
    token = match["token"]
    if token not in TOKENS:
        raise NotRead(f"指示物“{token}”")
    kind, might, keyword = TOKENS[token]
    stated = int(match["might"]) if match["might"] else might  # the Might is restated, or left to the token card
    if stated != might or (match["ready"] == "休眠的") != (kind == "gear") or (match["kind"] == "装备指示物") != (kind == "gear"):
        raise NotRead(f"“{token}”的战力或状态与指示物不符")
    if match["keyword"] and match["keyword"] != keyword:
        raise NotRead(f"“{token}”拥有的关键词与指示物不符")
    if sum(bool(match[place]) for place in ("here", "origin", "base", "to_here")) > 1:
        raise NotRead("两个位置")
    params: dict = {"token": token}
    count = number(match["count"])
    if count != 1:
        params["count"] = count
    if match["here"] or match["to_here"]:  # “在此处打出…” / “打出…到此处”
        params["at"] = "here"
    if match["base"]:  # the effect restricts where the token is played (184.2); none named: base or a battlefield
        params["at"] = "base"
    if match["origin"]:  # where the move that triggered the ability started, locked in as it triggered (359.3.f.3)
        params["at"] = "origin"
    if match["ready"] in ("处于活跃状态的", "活跃状态的"):
        params["ready"] = True
    return {"create": {**params, "play": True}}


# “它们变为我的复制体”, “该“映像”变为所选单位的复制体”: the units named first become copies of the one named after (477.1.b.1)
_COPY = re.compile(r"^(?:让)?(?P<to>.+?)变为(?P<of>.+?)的复制体$")


# “让X在本回合内获得“ABILITY””, “在本回合内，X拥有“ABILITY””: an ability given to units until the turn ends (477.2.a), the
# quoted text read as one ability of a unit's own (its “我” the unit that has it), any ability the compiler reads
_GRANTED = (re.compile(r"^让(?P<to>[^“”，]+?)在本回合内获得“(?P<ability>[^“”]+)”$"),
            re.compile(r"^(?:在)?本回合内，(?P<to>[^“”，]+?)拥有“(?P<ability>[^“”]+)”$"))


def parse_granted(text: str, scope: Scope) -> dict | None:
    match = next((found for pattern in _GRANTED if (found := pattern.match(text))), None)
    if not match:
        return None
    return {"grant": {"ability": quoted_ability(match["ability"]), "to": parse_object(match["to"], scope)}}


def quoted_ability(text: str) -> dict:
    """The one ability a quoted text gives (“横置：抽一张牌。”), read as a unit's; a keyword, or more than one ability, is
    not read here."""
    parts, problems = compile_clauses(split(text), {"type": "unit", "name": ""})
    if problems or set(parts) != {"abilities"} or len(parts["abilities"]) != 1 or \
            not {"trigger", "cost"} & set(parts["abilities"][0]):
        raise NotRead(f"引号中的技能“{text}”")
    return parts["abilities"][0]


def render_granted(params: dict, scope: Scope) -> str:
    if set(params) - {"ability", "to"}:
        raise NotRead(f"给予技能 {params}")
    said = render({"type": "unit", "abilities": [params["ability"]]}).removesuffix("。")
    return f"让{render_object(params.get('to'), scope)}在本回合内获得“{said}”"


def parse_copy(text: str, scope: Scope) -> dict | None:
    match = _COPY.match(text)
    if not match:
        return None
    to, of = parse_object(match["to"], scope), parse_object(match["of"], scope)
    if not all(isinstance(one, str) or _is_target_ref(one) for one in (to, of)) or to == of:
        raise NotRead(f"“{text}”：复制的对象")
    return {"become_copy": {"of": of, "to": to}}


def render_copy(params: dict, scope: Scope) -> str:
    if set(params) - {"of", "to"} or "of" not in params:
        raise NotRead(f"become_copy {params}")
    to = render_object(params.get("to"), scope)
    if params["of"] == "target" and scope.rendered:  # the one target, settled, named before: “所选单位”
        return f"{to}变为{_THE_CHOSEN[0]}的复制体"
    of = {"target": 1} if params["of"] == "target" else params["of"]
    return f"{to}变为{render_object(of, scope)}的复制体"


_CREATE_AT = {"here": "在此处", "origin": "在我移动的起点位置"}


def render_create(params: dict) -> str:
    token = params["token"]
    kind, might, keyword = TOKENS[token]
    count = chinese(params.get("count", 1))
    where = _CREATE_AT.get(params.get("at"), "")
    to_base = "到你的基地" if params.get("at") == "base" else ""
    if params.get("at") not in (None, "base", *_CREATE_AT) or set(params) - {"token", "count", "at", "ready", "play"} or \
            not params.get("play"):
        raise NotRead(f"指示物 {params}")
    if kind == "gear":
        return f"{where}打出{count}个休眠的“{token}”装备指示物{to_base}"
    ready = "处于活跃状态的" if params.get("ready") else ""
    restated = f"，{'它们' if params.get('count', 1) > 1 else '它'}拥有{keyword}" if keyword else ""
    return f"{where}打出{count}名{ready}{might}战力的“{token}”{to_base}{restated}"


def _spec_of(selector, scope: Scope) -> dict:
    """The filter an object selector reads: a chosen target's spec or an “each” filter (not the source)."""
    if isinstance(selector, dict) and "each" in selector:
        return selector["each"]
    if selector is None or (isinstance(selector, dict) and "target" in selector):
        index = 0 if selector is None else selector["target"] - 1
        if 0 <= index < len(scope.targets) and isinstance(scope.targets[index], dict):
            return scope.targets[index]
    raise NotRead("位置所指的对象")


def _place(spec: dict, where: str) -> None:
    if spec.get("where", where) != where:
        raise NotRead("两个位置")
    spec["where"] = where


# “让所有单位和装备返回其所属的手牌”: the same instruction on every unit and on every gear (two selectors: a filter
# selects one kind), written back as two instructions
_UNITS_AND_GEAR = "所有单位和装备"


def _units_and_gear(text: str, scope: Scope) -> list[dict] | None:
    if text.count(_UNITS_AND_GEAR) != 1:
        return None
    return [parse_effect(text.replace(_UNITS_AND_GEAR, "所有" + kind), scope) for kind in ("单位", "装备")]


# “本回合内，让一名单位战力+2，另一名单位战力-2”: Might changes this turn, “让” and “本回合内” said once for all
_THIS_TURN_MIGHTS = re.compile(r"^(?:(?:在)?本回合内，让(?P<rest>.+，.+)|让(?P<until_end>.+，.+)，直到(?:本)?回合结束)$")
_MIGHT_CHANGE = re.compile(r"^(?P<but>而)?(?P<what>[^，]+?)战力(?P<change>[+-]\d+)$")
_FLOOR = "不得低于1战力"
_ALL_OF = re.compile(r"^(?P<place>.+?所有)(?:友方|敌方)单位$")  # “该处的所有友方单位”: the place and “all” a “而” shares
_SIDE_ONLY = ("友方单位", "敌方单位")


def _this_turn_mights(text: str, scope: Scope) -> list[dict] | None:
    match = _THIS_TURN_MIGHTS.match(text)
    if not match:
        return None
    match = {"rest": match["rest"] or match["until_end"]}
    pieces: list[str] = []
    for piece in match["rest"].split("，"):
        if piece == _FLOOR and pieces:  # the floor belongs to the change before it
            pieces[-1] += "，" + piece
        else:
            pieces.append(piece)
    changes = [_MIGHT_CHANGE.match(piece.removesuffix("，" + _FLOOR)) for piece in pieces]
    if len(pieces) < 2 or not all(changes):
        return None
    whats = [change["what"] for change in changes]
    first = _ALL_OF.match(whats[0])
    for index, change in enumerate(changes[1:], 1):  # “A的所有友方单位战力+1，而敌方单位战力-1”: the enemy units of A's place
        if change["but"] and first and change["what"] in _SIDE_ONLY:
            whats[index] = first["place"] + change["what"]
    return [parse_effect(f"让{what}在本回合内战力{change['change']}" +
                         ("，" + _FLOOR if piece.endswith(_FLOOR) else ""), scope)
            for what, change, piece in zip(whats, changes, pieces, strict=True)]


_GAIN = rf"(?:战力\+\d+|{_KEYWORD})"
_GRANTS = re.compile(rf"^(?:让|给予)(?P<to>.+?)(?:在)?本回合内获得(?P<gains>{_GAIN}(?:(?:和|、){_GAIN})+)$")


def parse_grants(text: str, scope: Scope) -> list[dict] | None:
    """“让一名单位在本回合内获得坚守3和壁垒”, “…获得战力+3和壁垒”: one effect a gain (Might this turn, a keyword
    this turn), all on the object named once."""
    match = _GRANTS.match(text)
    if not match:
        return None
    to = parse_object(match["to"], scope)
    effects = []
    for gain in re.split("和|、", match["gains"]):
        if gain.startswith("战力+"):
            effects.append({"might": {"amount": int(gain[3:]), "to": to}})
            continue
        name, value = _keyword_value(gain)
        effects.append({"grant": {"keyword": name, **({"value": value} if value is not None else {}), "to": to}})
    return effects


_OWN_BATTLEFIELD = ("该战场", "相同的战场")
# “我可以选择跟随它一起移动”: after another unit's move, the source moved to its destination (``to: arrival``)
_FOLLOW_WORDS = ("跟随它一起移动", "跟随其一起移动", "跟随该单位一起移动", "随它一起移动")
_FOLLOW = {"move": {"to": "arrival"}}
_FIGHT = ("让这两名单位相互以自身战力给对方造成伤害", "让这两名单位互相以自身战力给对方造成伤害")
_FIGHT_ME = "让我和这名单位相互以自身战力给对方造成伤害"


# “对此处的敌方单位造成共计5点伤害，可在多名敌方单位之间分摊”: damage split among any number of the units named,
# each chosen one dealt at least 1 (``deal: {split: true}``, the units a target of any number); “合计造成” is “造成共计”,
# and the total may be an amount (“合计造成等同于其战力的伤害”)
_SPLIT = re.compile(r"^对(?P<to>[^，]+?)(?:造成共计|合计造成)(?:(?P<n>\d+)点|等同于(?P<amt>[^，]+?)的)伤害，"
                    r"可在多名(?P<who>敌方|友方)?单位之间分摊$")


def parse_split(text: str, scope: Scope) -> dict | None:
    match = _SPLIT.match(text)
    if not match:
        return None
    selector = parse_object(match["to"], scope)
    spec = selector.get("each") if isinstance(selector, dict) else None
    if spec is None or set(spec) & {"count", "kind"} or \
            (match["who"] and spec.get("who") != {"敌方": "enemy", "友方": "friendly"}[match["who"]]):
        raise NotRead(f"分摊伤害的对象“{match['to']}”")
    to = scope.choose({**spec, "count": None})
    return {"deal": {"amount": int(match["n"]) if match["n"] else parse_amount(match["amt"], scope), "split": True, "to": to}}


def render_split(params: dict, scope: Scope) -> str:
    selector = params.get("to")
    index = 0 if selector is None else selector.get("target", 0) - 1 if _is_target_ref(selector) else -1
    spec = scope.targets[index] if 0 <= index < len(scope.targets) and index == scope.rendered else None
    if not isinstance(spec, dict) or spec.get("count", 1) is not None or set(params) - {"amount", "split", "to"} or \
            set(spec) - _FILTER_KEYS or {"kind", "up_to"} & set(spec):
        raise NotRead(f"分摊伤害 {params}")
    scope.rendered += 1
    before, middle = _filter_words({key: value for key, value in spec.items() if key != "count"})
    amount = params["amount"]
    total = f"{amount}点" if isinstance(amount, int) else f"等同于{render_amount(amount, scope)}的"
    return f"对{before}{middle}单位造成共计{total}伤害，可在多名{WHO_WORDS.get(spec.get('who', ''), '')}单位之间分摊"


# “该单位对一名敌方单位造成等同于其战力的伤害”: a unit chosen before is the source of the damage (417.6.b.3; its
# controller responsible, 417.6.b.4), ``deal: {by: SELECTOR}``; “其” in the rest is that unit, the sentence's subject
_BY_UNIT = re.compile(r"^(?P<by>该单位|该友方单位|该敌方单位|它|其)(?P<rest>对[^，]+(?:造成|合计造成).*伤害(?:，可在多名.*单位之间分摊)?)$")
_BY_UNIT_WORDS = "该单位"


def parse_by_unit(text: str, scope: Scope) -> dict | None:
    match = _BY_UNIT.match(text)
    if not match:
        return None
    by = parse_object(match["by"], scope)
    spec = scope.targets[by["target"] - 1] if _is_target_ref(by) else None
    if not isinstance(spec, dict) or _is_battlefield(spec) or spec.get("kind", "unit") != "unit" or \
            spec.get("count", 1) != 1 or spec.get("up_to"):
        raise NotRead(f"“{text}”：造成伤害的单位")
    scope.subject = by
    try:
        effect = parse_effect(match["rest"], scope)
    finally:
        scope.subject = None
    verb, params = _params(effect)
    if verb != "deal" or "by" in params or params.get("to", {"target": 0}) == by:
        raise NotRead(f"“{text}”：造成伤害的单位")
    return with_param(effect, "by", by)


def render_by_unit(params: dict, scope: Scope) -> str:
    by = params["by"]
    index = by["target"] if _is_target_ref(by) else 1 if by == "target" else 0
    chosen = ""
    if index == scope.rendered + 1:  # not named yet: chosen first, “选择一名友方单位，该单位对…”
        chosen = "选择" + render_object({"target": index}, scope) + "，"
    if index != scope.rendered or index == 0:  # the unit named just before
        raise NotRead(f"造成伤害的单位 {by}")
    scope.subject = {"target": index}
    try:
        rest = render_effect({"deal": {key: value for key, value in params.items() if key != "by"}}, scope)
    finally:
        scope.subject = None
    return chosen + _BY_UNIT_WORDS + rest


# “本回合内，将其战力提升至与另一名友方单位战力相同”: its Might becomes the other's this turn, only if that is higher —
# never lowered (``might_becomes: {amount: {might_of: B}, raise_only: true}``)
_RAISE_MIGHT = re.compile(r"^(?:在)?本回合内，将(?P<to>.+?)的?战力提升至与(?P<of>.+?)的?战力相同$")


def parse_raise_might(text: str, scope: Scope) -> dict | None:
    match = _RAISE_MIGHT.match(text)
    if not match:
        return None
    to = parse_object(match["to"], scope)
    of = parse_object(match["of"], scope)
    if not (to == "self" or _is_target_ref(to)) or not (of == "self" or _is_target_ref(of)) or to == of:
        raise NotRead(f"“{text}”：谁的战力")
    return {"might_becomes": {"amount": {"might_of": of}, "raise_only": True, "to": to}}


def render_raise_might(params: dict, scope: Scope) -> str:
    if set(params) - {"amount", "raise_only", "to"} or not isinstance(params["amount"], dict) or \
            set(params["amount"]) != {"might_of"}:
        raise NotRead(f"战力提升 {params}")
    of = params["amount"]["might_of"]
    to = render_object(params.get("to"), scope)
    other = render_object({"target": 1} if of == "target" else of, scope)
    return f"本回合内，将{to}{'的' if to == '我' else ''}战力提升至与{other}战力相同"


# “无效化一个法术。让其返回所属的手牌，而不是将其放入废牌堆”: the countered card to its owner's hand (`counter: {to: hand}`)
_TO_HAND_INSTEAD = "让其返回所属的手牌，而不是将其放入废牌堆"


# “无效化一个法术，如果对手在本回合内打出过另一个法术”: the counter done only if that player has played (finalized, 419.4.b)
# such a card this turn, “另一” other than the item countered (``counter: {if_played: {by, card_type, other}}``)
_IF_PLAYED = re.compile(r"^(?P<counter>无效化[^，]+)，如果(?P<by>对手|你)在本回合内打出过(?P<other>另一|一)(?P<measure>[个名件张])"
                        r"(?P<kind>法术|单位|装备|牌)$")
_PLAYED_KINDS_ZH = {"法术": ("spell", "个"), "单位": ("unit", "名"), "装备": ("gear", "件"), "牌": ("any", "张")}


def parse_counter_if_played(text: str, scope: Scope) -> dict | None:
    match = _IF_PLAYED.match(text)
    if not match:
        return None
    kind, measure = _PLAYED_KINDS_ZH[match["kind"]]
    if match["measure"] != measure or not _counters_a_target(parse_effect(match["counter"], scope)):
        raise NotRead(text)
    played = {"by": "opponent" if match["by"] == "对手" else "you", "card_type": kind,
              **({"other": True} if match["other"] == "另一" else {})}
    return {"counter": {"if_played": played}}


def render_counter_if_played(params: dict, scope: Scope) -> str:
    played = params["if_played"]
    if set(params) != {"if_played"} or set(played) - {"by", "card_type", "other"}:
        raise NotRead(f"无效化 {params}")
    kind = next(words for words, (name, _) in _PLAYED_KINDS_ZH.items() if name == played.get("card_type", "any"))
    who = "对手" if played.get("by", "you") == "opponent" else "你"
    return (render_effect({"counter": None}, scope) + f"，如果{who}在本回合内打出过{'另一' if played.get('other') else '一'}"
            f"{_PLAYED_KINDS_ZH[kind][1]}{kind}")


def parse_counter_to_hand(text: str, scope: Scope) -> dict | None:
    if not text.endswith("，" + _TO_HAND_INSTEAD):
        return None
    if not _counters_a_target(parse_effect(text[:-len(_TO_HAND_INSTEAD) - 1], scope)):
        raise NotRead(text)
    return {"counter": {"to": "hand"}}


def _counters_a_target(effect: dict) -> bool:
    """“无效化X” and nothing more, X the (one) chosen spell."""
    params = effect.get("counter", False)
    return set(effect) == {"counter"} and (params is None or (set(params) == {"to"} and _is_target_ref(params["to"])))


# -- an item on the chain (355.9.a.2, ``kind: spell``): “一个法术”, “一个敌方法术或技能” and what it must be ---------
# “以该单位为目标且不以其他友方单位为目标的” (the one unit chosen before: ``chooses: {target: N}``, ``chooses_no_other``),
# “将友方单位或友方装备选为目标的” (``chooses: {any: [FILTER, …]}``), “费用不高于④且不高于任意符能的” (its printed costs,
# 206: ``cost``, ``power``).  The engine's ``kind: spell`` is any item on the chain, an ability too: “法术” and “法术或技能”
# are read alike, and written “法术或技能” unless a printed cost is compared (an ability has none, so it is a spell).
_ITEM = re.compile(
    r"^一个(?P<chooses>(?:以|将)(?P<chosen>[^为选，]+?)(?:为|选为)目标(?:且不以其他(?P<no_other>友方|敌方)?单位为目标)?的)?"
    r"(?:(?P<energy>法力)?费用(?P<compare>" + _COMPARE + r")(?P<cost>[⓪①②③④⑤⑥⑦⑧⑨⑩])(?P<power>且不高于任意符能)?的)?"
    r"(?P<who>敌方|友方)?(?:法术或技能|技能或法术|法术)$"
)
# “一个法术，但其费用不得高于④，也不得高于任意符能”: the same limits said after the noun
_ITEM_LIMITS = re.compile(r"^一个(?P<item>[^，]*法术(?:或技能)?)，但其(?P<energy>法力)?费用不得高于(?P<cost>[⓪①②③④⑤⑥⑦⑧⑨⑩])"
                          r"(?P<power>，也不得高于任意符能)?$")
_CHOSEN_KINDS = {"单位": {}, "装备": {"kind": "gear"}}
_ITEM_SIDES = {"友方": "friendly", "敌方": "enemy"}


def parse_chain_item(text: str, scope: Scope) -> dict | None:
    """The item on the chain *text* names, chosen (``{target: N}``), or None when *text* names none."""
    limits = _ITEM_LIMITS.match(text)
    if limits:
        words = f"{'法力' if limits['energy'] else ''}费用不高于{limits['cost']}{'且不高于任意符能' if limits['power'] else ''}的"
        text = "一个" + words + limits["item"]
        if not _ITEM.match(text) or _ITEM.match(text)["cost"] != limits["cost"]:
            raise NotRead(f"“{text}”")
    match = _ITEM.match(text)
    if not match:
        return None
    spec: dict = {"kind": "spell"}
    if match["who"]:
        spec["who"] = _ITEM_SIDES[match["who"]]
    if match["chooses"]:
        spec.update(_item_chooses(match, scope, text))
    if match["cost"]:
        if match["power"] and (_MIGHT[match["compare"]] != "le" or match["energy"]):
            raise NotRead(f"“{text}”")
        spec["cost"] = {_MIGHT[match["compare"]]: _CIRCLED.index(match["cost"])}
        if match["power"]:
            spec["power"] = {"le": 1}
    return scope.choose(spec)


def _item_chooses(match: re.Match, scope: Scope, text: str) -> dict:
    """“以该单位为目标”: the one unit chosen before (no other unit chosen: not guessed which); “将友方单位或友方装备选为
    目标”: any object of those kinds and sides it chose."""
    chosen = match["chosen"]
    if chosen in PRONOUNS or chosen in _THE_CHOSEN:
        units = [number for number, spec in enumerate(scope.targets, 1)
                 if isinstance(spec, dict) and spec.get("kind", "unit") == "unit"]
        if len(units) != 1 or len(scope.targets) != 1:
            raise NotRead(f"“{text}”：“{chosen}”指代不明")
        found = {"chooses": {"target": units[0]}}
        if match["no_other"] is not None or "且不以其他" in match["chooses"]:
            found["chooses_no_other"] = _ITEM_SIDES.get(match["no_other"] or "", "any")
        return found
    if "且不以其他" in match["chooses"]:
        raise NotRead(f"“{text}”")
    filters = []
    for part in chosen.split("或"):
        side = next((word for word in _ITEM_SIDES if part.startswith(word)), "")
        kind = _CHOSEN_KINDS.get(part[len(side):])
        if kind is None:
            raise NotRead(f"“{text}”：“{part}”")
        filters.append({**({"who": _ITEM_SIDES[side]} if side else {}), **kind})
    return {"chooses": {"any": filters}}


def render_chain_item(spec: dict) -> str:
    if set(spec) - {"kind", "who", "chooses", "chooses_no_other", "cost", "power"}:
        raise NotRead(f"结算链上的项 {spec}")
    words = ""
    chooses = spec.get("chooses")
    if chooses and "target" in chooses:
        side = spec.get("chooses_no_other")
        words = "以该单位为目标" + ("" if side is None else f"且不以其他{WHO_WORDS.get(side, '')}单位为目标") + "的"
    elif chooses:
        parts = chooses["any"] if isinstance(chooses["any"], list) else [chooses["any"]]
        if "chooses_no_other" in spec or any(set(part) - {"who", "kind"} or part.get("kind", "unit") not in ("unit", "gear")
                                             for part in parts):
            raise NotRead(f"结算链上的项 {spec}")
        words = "将" + "或".join(WHO_WORDS.get(part.get("who", ""), "") + KIND_WORDS[part.get("kind", "unit")]
                                for part in parts) + "选为目标的"
    if "cost" in spec:
        (compare, value), = spec["cost"].items()
        if not isinstance(value, int) or not 0 <= value <= 10 or ("power" in spec and (compare, spec["power"]) != ("le", {"le": 1})):
            raise NotRead(f"结算链上的项 {spec}")
        words += f"{'' if 'power' in spec else '法力'}费用{_MIGHT_WORDS[compare]}{_CIRCLED[value]}"
        words += "且不高于任意符能的" if "power" in spec else "的"
    elif "power" in spec:
        raise NotRead(f"结算链上的项 {spec}")
    # without a printed cost to compare, the engine's item may be an ability too: said so (“法术或技能”)
    noun = "法术" if "cost" in spec else "法术或技能"
    return f"一个{words}{WHO_WORDS.get(spec.get('who', ''), '')}{noun}"


def _counter_the_item(effect: dict, scope: Scope) -> dict:
    """“无效化该法术” beside a unit chosen: ``counter`` acts on the item on the chain chosen, never on units, and takes
    no ``to:`` (the one spell spec among the targets; with two, which one is not guessed)."""
    params = effect.get("counter")
    if not (isinstance(params, dict) and _is_target_ref(params.get("to")) and len(scope.targets) > 1):
        return effect
    if _item_specs(scope) != [params["to"]["target"]]:
        raise NotRead("无效化哪一个法术")
    rest = {key: value for key, value in params.items() if key != "to"}
    return {"counter": rest or None}


def _item_specs(scope: Scope) -> list[int]:
    return [number for number, spec in enumerate(scope.targets, 1) if isinstance(spec, dict) and spec.get("kind") == "spell"]


def render_counter_to_hand(scope: Scope) -> str:
    return render_effect({"counter": None}, scope) + "，" + _TO_HAND_INSTEAD


# Limited resources (``add: {only, in_showdown}``): “获得任意符能，但仅可用于打出法术”, “获得②，仅可用于打出装备或使用装备技能”,
# “获得①，此法力仅可在法术对决期间消耗” (also as a sentence of its own after the add, ``limit_added``).
_LIMITED = re.compile(r"^(?P<add>获得[^，]+)，(?P<limit>(?:但)?(?:此法力|此符能|该法力|该符能)?仅可(?:用于|在).+)$")
_LIMIT_USES = re.compile(r"^(?:但)?(?:此法力|此符能|该法力|该符能)?仅可用于(?P<uses>.+)$")
_IN_SHOWDOWN = re.compile(r"^(?:但)?(?:此法力|此符能|该法力|该符能)?仅可在法术对决期间(?:消耗|使用)$")
_USE_WORDS = {"法术": "spell", "单位": "unit", "装备": "gear", "装备技能": "gear_ability", "单位技能": "unit_ability"}
_USE_VERB = {"spell": "打出", "unit": "打出", "gear": "打出", "gear_ability": "使用", "unit_ability": "使用"}


def _limit(text: str) -> dict | None:
    """What a limit on added Energy / Power says (``only``, ``in_showdown``), or None when *text* is none."""
    if _IN_SHOWDOWN.match(text):
        return {"in_showdown": True}
    uses = _LIMIT_USES.match(text)
    if not uses:
        return None
    only, verb = [], ""
    for part in uses["uses"].split("或"):
        said = re.match(r"^(打出|使用)?(.+?)(?:的技能)?$", part)
        verb = said[1] or verb
        use = _USE_WORDS.get(said[2] + ("技能" if part.endswith("的技能") else ""))
        if use is None or _USE_VERB[use] != verb or use in only:
            return None
        only.append(use)
    return {"only": only}


def parse_limited_add(text: str, scope: Scope) -> dict | None:
    match = _LIMITED.match(text)
    limit = _limit(match["limit"]) if match else None
    if limit is None:
        return None
    added = parse_effect(match["add"], scope)
    if set(added) != {"add"}:
        raise NotRead(match["add"])
    return {"add": {**added["add"], **limit}}


def limit_added(effects: list[dict], text: str) -> bool:
    """“获得①。此法力仅可在法术对决期间消耗”: the sentence limits the resource the add just before it added."""
    limit = _limit(text) if effects and set(effects[-1]) == {"add"} else None
    if limit is None or set(limit) & set(effects[-1]["add"]):
        return False
    effects[-1] = {"add": {**effects[-1]["add"], **limit}}
    return True


def render_limited_add(params: dict, scope: Scope) -> str:
    added = render_effect({"add": {key: value for key, value in params.items() if key not in ("only", "in_showdown")}}, scope)
    if "in_showdown" in params and "only" not in params:
        return f"{added}，此法力仅可在法术对决期间消耗"
    if "in_showdown" in params or not params["only"]:
        raise NotRead(f"获得 {params}")
    uses, verb = [], ""
    for use in params["only"]:
        word = next(word for word, name in _USE_WORDS.items() if name == use)
        uses.append(("" if _USE_VERB[use] == verb else _USE_VERB[use]) + word)
        verb = _USE_VERB[use]
    return f"{added}，仅可用于{'或'.join(uses)}"


# “重复此装备的打出效果”: this card's play effect (its “when you play this” ability's instructions, 383.4) done again —
# the instructions copied in as the card is compiled (``_repeated_play``); the placeholder waits for them until then
_REPEAT_PLAY = ("重复此装备的打出效果", "重复此牌的打出效果")
_PLAY_EFFECTS = "_play_effects"


def _repeated_play(parts: dict) -> None:
    """Each ``_PLAY_EFFECTS`` placeholder of *parts* becomes the instructions of the card's one “when you play this”
    ability (no target, condition or cost: only those are instructions alone)."""
    played = [entry for entry in parts.get("abilities", ()) if entry.get("trigger") == "played"]

    def instructions() -> list[dict]:
        if len(played) != 1 or set(played[0]) != {"trigger", "effects"}:
            raise NotRead("“重复此装备的打出效果”：此牌没有恰好一个无目标、无条件的打出效果")
        return copy.deepcopy(played[0]["effects"])

    def replaced(value):
        if isinstance(value, list):
            return [item for element in value
                    for item in (instructions() if element == {_PLAY_EFFECTS: True} else [replaced(element)])]
        if isinstance(value, dict):
            return {key: replaced(item) for key, item in value.items()}
        return value

    parts.update(replaced({key: value for key, value in parts.items() if key != "abilities"}))


def parse_effect(text: str, scope: Scope) -> dict:
    """One instruction: the first template that reads the whole of *text*."""
    if text in _REPEAT_PLAY:
        return {_PLAY_EFFECTS: True}
    to_hand = parse_counter_to_hand(text, scope) or parse_counter_if_played(text, scope)
    if to_hand:
        return to_hand
    next_death = parse_next_death(text, scope)
    if next_death:
        return next_death
    limited = parse_limited_add(text, scope)
    if limited:
        return limited
    made = parse_create(text)
    if made:
        scope.made = made["create"]["token"]
        return made
    copy = parse_copy(text, scope)
    if copy:
        return copy
    played = parse_play(text, scope)
    if played:
        scope.made = _MADE_BY_PLAY  # “其” after it is the card played (``created``)
        return played
    if scope.revealed and text in _RECYCLE_REVEALED:  # the cards the look before revealed, still on top (424.1.a.2)
        return {"recycle": {"from": "revealed"}}
    looked = parse_look(text)
    scope.revealed = scope.revealed or bool(looked and looked["look"].get("reveal"))
    created = looked or parse_reveal_until(text) or parse_return_from_trash(text) or \
        parse_banish_cards(text) or \
        parse_attach(text, scope) or \
        parse_next_card(text) or parse_ban(text, scope) or parse_turn_cost(text) or parse_by_unit(text, scope) or \
        parse_split(text, scope) or \
        parse_kill_own(text) or parse_each_chooses(text) or parse_raise_might(text, scope) or parse_move_to_unit(text, scope) or \
        parse_reveal_hand(text, scope) or parse_pick_from_hand(text, scope) or parse_recycle_from(text) or \
        parse_look_facedown(text, scope)
    if created:
        return created
    if text in _FOLLOW_WORDS:  # “跟随它一起移动”: the source to where the move that triggered it went (359.3.f.3)
        if not scope.event_move or scope.targets:
            raise NotRead(f"“{text}”：跟随哪一次移动")
        return dict(_FOLLOW)
    if text in _FIGHT:  # “these two units”: exactly the two units chosen
        if sum(spec.get("count", 1) for spec in scope.targets) != 2 or any(s.get("up_to") for s in scope.targets):
            raise NotRead("“这两名单位”不是恰好选择的两名单位")
        return {"fight": None}
    if text == _FIGHT_ME:  # “me and that unit”: the source and the one unit chosen
        if len(scope.targets) != 1 or scope.targets[0].get("count", 1) != 1 or scope.targets[0].get("up_to"):
            raise NotRead("“这名单位”不是恰好选择的一名单位")
        return {"fight": {"with": "self"}}
    text = text.replace("移动至", "移动到")  # 至 and 到 are the same “to” in a move
    # one move instruction has one destination for all it moves (449.1): “移动X到同一位置”, “将X移动到同一位置” are “移动X”
    text = re.sub(r"^(?:移动(?P<a>.+)|将(?P<b>.+)移动)到同一位置$", lambda m: "移动" + (m["a"] or m["b"]), text)
    text = _same_words(text)
    field = _TO_THE_EVENTS_BATTLEFIELD.match(text)
    if field and scope.event_field:  # “当你防守一处战场时，…将我移动到该处”: the event's battlefield, locked in (359.3.f.3)
        return {"move": {"what": parse_object(field["what"], scope), "to": {"location_of": EVENT_SUBJECT}}}
    arrival = re.search(f"到(?:{'|'.join(_OWN_BATTLEFIELD)})$", text)
    if arrival and scope.event_battlefield and not scope.own_battlefield:  # the battlefield of the event's unit
        return parse_effect(text[:arrival.start()] + "到该单位所在的战场", scope)
    if arrival:  # “移动到该战场”: the battlefield the source has just come to, read only after such a trigger
        if not scope.own_battlefield:
            raise NotRead(f"“{text}”：哪一处战场")
        text = text[:arrival.start()] + "到" + _THAT_BATTLEFIELD
    last: NotRead | None = None
    for pattern, template in _COMPILED:
        match = pattern.match(text)
        if match:
            mark = len(scope.targets)
            try:
                effect = _counter_the_item(_effect(template, match.groupdict(), scope), scope)
                if effect.get("move") in ({"to": "source"}, {"to": "source", "what": "self"}) and not scope.targets:
                    # the source to where it is: no move (446.1), so not the reading meant
                    raise NotRead(f"“{text}”：将我移动到我所在的战场")
                scope.discarded = scope.discarded or isinstance(effect.get("discard"), int)  # your own discard
                return effect
            except NotRead as error:
                del scope.targets[mark:]
                last = error
    if text.startswith(_YOU) and not text.startswith(_YOU_MAY) and last is None:
        return _done_by_you(text.removeprefix(_YOU), scope)
    each = _done_by_each(text, scope)
    if each:
        return each
    raise last or NotRead(text)


# “每名玩家/每名对手 + a player's action”: each player it names performs it (135.2.b.5.a, ``who:``), “自己的” their own;
# the templates' own rows (“每名玩家抽{c}张牌”) are read first and write their trees back.
PLAYER_SUBJECTS = {"每名玩家": "each_player", "每名对手": "opponent"}
_OWN = re.compile("(?:自己|他们自己|其自己)的")


def _done_by_each(text: str, scope: Scope) -> dict | None:
    subject = next((words for words in PLAYER_SUBJECTS if text.startswith(words)), None)
    if subject is None:
        return None
    try:
        effect = parse_effect(_OWN.sub("", text.removeprefix(subject), count=1), scope)
    except NotRead:
        raise NotRead(text) from None
    verb, params = _params(effect)
    if verb not in PLAYER_ACTIONS or "who" in params:
        raise NotRead(text)
    return {verb: {**params, "who": PLAYER_SUBJECTS[subject]}}


def _render_by_each(verb: str, params: dict, scope: Scope) -> str | None:
    subject = next((words for words, who in PLAYER_SUBJECTS.items() if who == params.get("who")), None)
    if subject is None or verb not in PLAYER_ACTIONS:
        return None
    own = {key: value for key, value in params.items() if key != "who"}
    return subject + render_effect({verb: own if set(own) != {"amount"} else own["amount"]}, scope)


# Words an instruction may be written with that mean what the templates' words mean: read as those (the templates write
# their own).  “使X…” is “让X…”; “本回合” before a change is “本回合内”; a unit is returned to its owner's hand however
# the owner is named, readied however the state is entered; “召回X” is “将X召回”; its damage removed is a heal.
_SAME_WORDS = (
    (re.compile(r"^使(?!用)"), "让"),
    (re.compile(r"本回合中?(?=战力|获得)"), "本回合内"),
    (re.compile(r"在(?:本次|这场|此次|本场)战斗(?:中|内)(?=战力|获得)"), "在本次战斗期间"),
    (re.compile(r"^让(?P<to>[^，]+?)(?P<gain>获得[^，]+|战力[+-]\d+)，直到(?:本)?回合结束$"), r"让\g<to>在本回合内\g<gain>"),
    (re.compile(r"^(?:该单位|它|该敌方单位|该友方单位)的(?=控制者|拥有者)"), "其"),
    (re.compile(r"获得\+(?P<n>\d+)战力$"), r"战力+\g<n>"),  # “获得+2战力”: “战力+2”
    (re.compile(r"^让(?P<to>[^，]+?)的战力在本回合内(?P<n>[+-]\d+)"), r"让\g<to>在本回合内战力\g<n>"),
    (re.compile(r"^(?:在)?本回合内，?让?(?P<to>[^，]+?)(?P<change>战力[+-]\d+(?:，不得低于1战力)?)$"), r"让\g<to>在本回合内\g<change>"),
    (re.compile(r"^给予(?P<to>[^，]+?)(?:在)?本回合内(?:获得)?(?=" + _KEYWORD + "$)"), r"让\g<to>在本回合内获得"),
    (re.compile(r"返回(?:其|它的)(?:所有者|拥有者)的手牌$"), "返回其所属的手牌"),
    (re.compile(r"^将(?P<to>.+?)返回(?=其所属的手牌$)"), r"让\g<to>返回"),
    (re.compile(r"(?:放回|回到)(?=其所属的手牌$)"), "返回"),
    (re.compile(r"移回(?=(?:其|你的)?(?:所属的)?基地$)"), "移动到"),
    (re.compile(r"移动到其控制者的基地$"), "移动到其基地"),  # its controller's base is its own (to: base)
    (re.compile(r"从战场上?移动到(?:其(?:所属的)?)?基地$"), "从战场上移动到其所属的基地"),
    (re.compile(r"进入活跃状态$"), "变为活跃状态"),
    (re.compile(r"^(?P<verb>获得|失去)(?P<it>其|它|该单位)控制权$"), r"\g<verb>\g<it>的控制权"),  # “失去其控制权”
    (re.compile(r"^召回(?P<to>.+)$"), r"将\g<to>召回"),
    (re.compile(r"^移除(?P<to>.+?)(?:所受|受到)的?(?:所有)?伤害$"), r"治疗\g<to>"),
)


def _same_words(text: str) -> str:
    for pattern, words in _SAME_WORDS:
        text = pattern.sub(words, text, count=1)
    return text


# “你抽一张牌”, “你获得1分”: 你 names the controller, who performs a player's action unless told otherwise.
_YOU, _YOU_MAY = "你", "你可以"
_YOUR_ACTIONS = PLAYER_ACTIONS | {"gain_points", "gain_control"}  # “你获得其控制权”: the controller does it


def _done_by_you(text: str, scope: Scope) -> dict:
    try:
        effect = parse_effect(text, scope)
    except NotRead:
        raise NotRead(_YOU + text) from None
    verb, params = _params(effect)
    if verb not in _YOUR_ACTIONS or "who" in params:
        raise NotRead(_YOU + text)
    return effect


def _params(effect: dict) -> tuple[str, dict]:
    (verb, value), = effect.items()
    if isinstance(value, dict):
        params = dict(value)
        if verb == "channel" and "count" in params:
            params["amount"] = params.pop("count")
        return verb, params
    if value is None:
        return verb, {}
    return verb, {"amount": value}


# The params each kind of slot fills: (required, optional).
_FILLS = {"amount": ({"amount"}, set()), "measure": ({"amount"}, set()), "keyword": ({"keyword"}, {"value"}),
          "rune": (set(), {"energy", "power", "runes"})}


def _fits(template: Template, verb: str, params: dict) -> bool:
    """Whether *template* writes the effect ``{verb: params}``: same verb, fixed params and slots."""
    object_param = _OBJECT_PARAM.get(verb, "to")
    doubled = template.fixed.get("amount") == DOUBLED
    if template.verb != verb or any(params.get(k) != v for k, v in template.fixed.items() if not (doubled and k == "amount")):
        return False
    if doubled:
        amount = params.get("amount")
        return isinstance(amount, dict) and set(amount) == {"might_of"} and set(params) <= {"amount", "to", *template.fixed}
    required, optional = set(), set()
    for slot in template.slots:
        if slot != "to":
            required |= _FILLS[slot][0]
            optional |= _FILLS[slot][1]
    rest = set(params) - set(template.fixed) - {object_param}
    if not required <= rest or rest - required - optional:
        return False
    if "amount" in required and not isinstance(params["amount"], dict if "measure" in template.slots else int):
        return False
    if "to" not in template.slots and object_param in params:
        return False
    selector = params.get(object_param)
    each = isinstance(selector, dict) and "each" in selector
    if ("各" in template.zh) != (each and verb == "deal"):
        return False
    amount = params.get("amount", 0)
    return verb != "might" or ("{neg}" in template.zh) == (isinstance(amount, int) and amount < 0)


# “……，这些单位的控制者必须相同且总计战力不超过8”: restrictions on the units chosen together (355.9.b), after the
# instruction that chooses them — one controller for all (``one_controller``), their Mights' total (``total_might``)
_GROUP = re.compile(r"^(?P<body>.+)，这些单位(?P<parts>[^，]+)$")
_ONE_CONTROLLER_WORDS = ("的控制者必须相同", "的控制者相同", "必须由同一名玩家控制")
_TOTAL_MIGHT = re.compile(rf"^的?(?:总计战力|战力总计|战力合计|合计战力)(?:必须)?(?P<op>{_COMPARE})(?P<n>\d+)$")
GROUP_KEYS = ("one_controller", "total_might")


def parse_group(text: str, scope: Scope) -> list[dict] | None:
    match = _GROUP.match(text)
    if not match:
        return None
    group: dict = {}
    for part in match["parts"].split("且"):
        total = _TOTAL_MIGHT.match(part)
        if part in _ONE_CONTROLLER_WORDS and "one_controller" not in group:
            group["one_controller"] = True
        elif total and "total_might" not in group:
            op = COMPARE_WORDS.get(total["op"]) or COMPARE_SYNONYMS[total["op"]]
            group["total_might"] = {op: int(total["n"])}
        else:
            return None
    mark = len(scope.targets)
    effects = parse_instructions(match["body"], scope)
    spec = scope.targets[-1] if len(scope.targets) == mark + 1 else None
    if not isinstance(spec, dict) or spec.get("kind", "unit") != "unit" or _is_battlefield(spec) or \
            spec.get("count", 1) == 1 or set(spec) & set(GROUP_KEYS):
        raise NotRead(f"“{text}”：“这些单位”不是刚选择的多名单位")
    spec.update(group)
    return effects


def _render_group(effect: dict, scope: Scope) -> str | None:
    """The effect choosing a spec with group restrictions: the effect on the units alone, then “，这些单位……”."""
    index = scope.rendered
    spec = scope.targets[index] if index < len(scope.targets) else None
    if not isinstance(spec, dict) or not set(spec) & set(GROUP_KEYS):
        return None
    scope.targets[index] = {key: value for key, value in spec.items() if key not in GROUP_KEYS}
    try:
        text = render_effect(effect, scope)
    finally:
        scope.targets[index] = spec
    if scope.rendered <= index:
        raise NotRead(f"目标的整体限制 {spec}")
    parts = [_ONE_CONTROLLER_WORDS[0]] if spec.get("one_controller") else []
    for op, bound in (spec.get("total_might") or {}).items():
        word = next(words for words, key in COMPARE_WORDS.items() if key == op)
        parts.append(f"{'的' if not parts else ''}总计战力{word}{bound}")
    return text + "，这些单位" + "且".join(parts)


def render_effect(effect: dict, scope: Scope) -> str:
    """The effect in the wording of the first template that fits it."""
    grouped = _render_group(effect, scope)
    if grouped is not None:
        return grouped
    if effect == _FOLLOW:  # read back only after a trigger on another unit's move
        return _FOLLOW_WORDS[0]
    verb, params = _params(effect)
    if params.get("who") in ("target_controller", "target_owner") and not scope.rendered and len(scope.targets) == 1 \
            and isinstance(scope.targets[0], dict):  # “选择一名敌方单位，其控制者抽一张牌”: the unit named first
        return "选择" + render_object({"target": 1}, scope) + "，" + render_effect(effect, scope)
    if verb == "create" and isinstance(effect["create"], dict):
        scope.made = effect["create"]["token"]
        return render_create(effect["create"])
    if verb == "become_copy":
        return render_copy(params, scope)
    if verb == "grant" and isinstance(params, dict) and "ability" in params:
        return render_granted(params, scope)
    if verb == "look":
        return render_look(params)
    if verb == "reveal_until" and params == {"card_type": "unit"}:
        return _REVEAL_WORDS
    if verb == "return_champion" and effect["return_champion"] is None:
        return _RETURN_CHAMPION_WORDS[0]
    if verb == "hide_free" and effect["hide_free"] is None:
        return _HIDE_FREE_WORDS[0]
    if verb == "buff_bonus" and isinstance(effect["buff_bonus"], int):
        return _BUFF_BONUS_WORDS.format(n=effect["buff_bonus"])
    if verb == "attach" and isinstance(effect["attach"], str) and len(scope.targets) == 1:
        return render_attach(effect["attach"], scope)
    if verb == "attach" and effect["attach"] == {"gear": CREATED}:
        return "将其贴附到我身上"
    if verb == "attach" and effect["attach"] in ({"gear": _ATTACHED, "of": ref, "to": "self"} for ref in ("target", {"target": 1})) \
            and scope.rendered == len(scope.targets) == 1:
        return _ONE_OF_ITS_EQUIPMENT_TO_ME[0]
    if verb == "deal" and "by" in params:
        return render_by_unit(params, scope)
    if verb == "deal" and params.get("split"):
        return render_split(params, scope)
    if verb == "counter" and params == {"to": "hand"}:
        return render_counter_to_hand(scope)
    if verb == "counter" and "if_played" in params:
        return render_counter_if_played(params, scope)
    if verb == "counter" and not params and len(scope.targets) > 1 and len(_item_specs(scope)) == 1:
        return render_effect({"counter": {"to": {"target": _item_specs(scope)[0]}}}, scope)
    if verb == "replace_death" and (set(params) <= {"instead"} or set(params) == {"pay"}):
        chosen = ""
        if not scope.rendered and len(scope.targets) == 1 and isinstance(scope.targets[0], dict):  # “它” named first
            chosen, scope.rendered = "选择" + _render_chosen(scope.targets[0]) + "，", 1
        return chosen + render_next_death(params)
    if verb == "fight" and effect["fight"] in (None, {"with": "self"}):  # the units chosen first, then what they do
        # the units not named yet are chosen here (“…战力+3，选择一名敌方单位，让这两名单位…”: the second of two)
        unnamed = scope.targets[scope.rendered:]
        if not unnamed or not all(isinstance(spec, dict) for spec in unnamed) or \
                (scope.rendered and (effect["fight"] is not None or len(scope.targets) != 2)):
            raise NotRead("相互伤害的目标")
        scope.rendered = len(scope.targets)
        then = _FIGHT[0] if effect["fight"] is None else _FIGHT_ME
        return "选择" + "和".join(_render_chosen(spec) for spec in unnamed) + "，" + then
    if verb == "next_time" and set(params) == {"event", "by", "effects", "to"} and params["event"] == "killed" and \
            params["by"] == "self" and _is_target_ref(params["to"]):
        return _render_killed_each(params, scope)
    if verb == "next_time":
        return _render_next_time_it(params, scope)
    if verb == "add" and ("only" in params or "in_showdown" in params):
        return render_limited_add(params, scope)
    if verb == "kill_own":
        return render_kill_own(params)
    if verb == "each_chooses":
        return render_each_chooses(params)
    if verb == "kill_rest" and effect["kill_rest"] is None:
        return KILL_REST_WORDS
    if verb == "move" and isinstance(params.get("to"), dict) and "location_of" in params["to"]:
        return render_move_to_unit(params, scope)
    if verb == "might_becomes" and params.get("raise_only"):
        return render_raise_might(params, scope)
    if verb == "play":
        return render_play(params, scope)
    if verb == "return_from_trash":
        return render_return_from_trash(params)
    if verb == "banish_cards":
        return render_banish_cards(params)
    if verb == "reveal_hand":
        return render_reveal_hand(params)
    if verb == "pick_from_hand":
        return render_pick_from_hand(params)
    if verb == "look_facedown" and params == {"who": CHOSEN_PLAYER}:
        return LOOK_FACEDOWN_WORDS[0]
    if verb == "recycle" and render_recycle_from(params):
        return render_recycle_from(params)
    if verb in ("discount_next", "boost_next_spell", "enters_ready_next"):
        return render_next_card(verb, params)
    if verb == "turn_cost_change" and render_turn_cost(params):
        return render_turn_cost(params)
    if verb == "forbid_playing" and render_ban(params) and (set(params) - {"who"} or params.get("who") not in (None, "opponents")):
        return render_ban(params)
    per = _per_count(params)
    if per is not None:
        return f"{render_per(per, scope)}{render_effect({verb: {**params, 'amount': 1}}, scope)}"
    among = _revealed_count(params.get("amount"))
    if among is not None:
        return _PER_REVEALED_WORDS.format(card=render_card(among).removeprefix("一张")) + render_effect({verb: {**params, "amount": 1}}, scope)
    if verb == "recycle" and params == {"from": "revealed"}:
        return _RECYCLE_REVEALED[0]
    tags = _tags_among(params.get("amount"))
    if tags:
        return f"你的单位中每有一种{_tags_words(tags)}属性标签，{render_effect({verb: {**params, 'amount': 1}}, scope)}"
    if params.get("amount") in (_OTHER_BATTLEFIELDS, _ALL_BATTLEFIELDS):
        words = _PER_BATTLEFIELD if params["amount"] == _OTHER_BATTLEFIELDS else _PER_ANY_BATTLEFIELD
        return words + render_effect({verb: {**params, "amount": 1}}, scope)
    for template in EFFECTS:
        if not _fits(template, verb, params):
            continue
        marker = scope.rendered
        selector = params.get(_OBJECT_PARAM.get(verb, "to"))
        if template.fixed.get("amount") == DOUBLED and params["amount"]["might_of"] != _doubled_of(selector, scope):
            continue
        try:
            spec = _spec_of(selector, scope) if template.where else {}
        except NotRead:
            continue
        if spec.get("where") != (template.where or spec.get("where")):
            continue
        placed = spec.pop("where") if template.where else None
        try:
            text = template.zh
            for slot in re.findall(r"\{(\w+)\}", template.zh):
                text = text.replace("{" + slot + "}", _render_slot(slot, params, selector, scope), 1)
            return text
        except NotRead:
            scope.rendered = marker
        finally:
            if placed:
                spec["where"] = placed
    by_each = _render_by_each(verb, params, scope)
    if by_each:
        return by_each
    raise NotRead(f"无法写出 {effect}")


def _render_slot(slot: str, params: dict, selector, scope: Scope) -> str:
    if slot == "to":
        return render_object(selector, scope)
    if slot in ("n", "neg"):
        return str(abs(params["amount"]))
    if slot == "c":
        return chinese(params["amount"])
    if slot == "rune":
        paid = {key: params[key] for key in ("energy", "power", "runes") if key in params}
        return render_cost(paid)[2:]
    if slot == "amt":
        return render_amount(params["amount"], scope)
    if slot == "kw":
        value = params.get("value")
        return params["keyword"] + (str(value) if value is not None else "")
    raise NotRead(slot)


# -- amounts “等同于X”: read as the instruction executes (the source's or a unit's Might, a count, a hand, a trash, points)

AMOUNT_WORDS = (  # (wording, amount): the words an amount is written with, and the other ways it is said
    (r"我的?战力", "我战力", {"might_of": "self"}),
    (r"你的?手牌(?:的)?(?:数量|数)", "你的手牌数量", {"hand_of": "you"}),
    (r"你的?废牌堆(?:中|里)?的?(?:卡牌|牌)(?:的)?(?:数量|数)", "你废牌堆中的卡牌数量", {"trash_of": "you"}),
    (r"你(?:当前)?的分数", "你的分数", {"points_of": "you"}),
    (r"你的?经验(?:值)?", "你的经验", {"xp_of": "you"}),
)
PAID = {"paid": True}  # the amount a ``pay_any`` paid, in its instructions only
_PAID_WORDS = ("该数量", "支付的数量")
EXCESS = {"excess_assigned": True}  # “该过量伤害”: the damage you assigned beyond lethal in the combat (465.2.c.4)
_EXCESS_WORDS = ("该过量伤害", "过量伤害")
DISCARDED_COST = {"discarded_cost": True}  # the Energy cost of the cards the discard before took
_DISCARDED_COST_WORDS = ("被弃置手牌的法力费用", "被弃置的牌的法力费用", "弃置的牌的法力费用")
_REFERENT_MIGHT = re.compile(r"^(?P<who>其|它|该单位|该友方单位|该敌方单位)的?战力$")
# “等同于我强攻数值”: the value of a keyword I have now (``keyword_value``)
_MY_KEYWORD_VALUE = re.compile(r"^我的?(?P<keyword>" + "|".join(sorted(KEYWORDS, key=len, reverse=True)) + r")数值$")
_REFERENT_DAMAGE = re.compile(r"^(?P<who>其|它|该单位|该友方单位|该敌方单位)(?:已受|所受)的?伤害$")  # the damage marked on it
_COUNT_OF = re.compile(r"^(?P<what>.+?)的?数量$")
_PAID_WITH_MIGHT = re.compile(r"^(?P<who>.+?单位)的?战力$")
_FORMER_MIGHT = ("前者战力", "前者的战力")


def _two_units(scope: Scope) -> bool:
    return len(scope.targets) == 2 and all(isinstance(spec, dict) and spec.get("kind", "unit") == "unit" and
                                           spec.get("count", 1) == 1 for spec in scope.targets)
_ITEM_COST = re.compile(r"^(?P<who>该法术)的?法力费用$")


def parse_amount(words: str, scope: Scope) -> dict:
    """The amount “等同于WORDS” means: one of ``AMOUNT_WORDS``, a unit named before's Might (“其战力”), or how many units
    a phrase names as it executes (“此处敌方单位的数量”: ``{count: FILTER}``)."""
    fixed = next((amount for pattern, _, amount in AMOUNT_WORDS if re.fullmatch(pattern, words)), None)
    if fixed is not None:
        return dict(fixed)
    if scope.paying and words in _PAID_WORDS:
        return dict(PAID)
    if scope.discarded and words in _DISCARDED_COST_WORDS:  # the cards your discard before took (their Power ignored)
        return dict(DISCARDED_COST)
    if words in _EXCESS_WORDS:
        return dict(EXCESS)
    own = _MY_KEYWORD_VALUE.match(words)
    if own:
        return {"keyword_value": own["keyword"]}
    item_cost = _ITEM_COST.match(words)
    if item_cost:  # “该法术（的）法力费用”: the printed Energy cost of the item chosen (206), read as it executes
        item = parse_object(item_cost["who"], scope)
        if not _is_target_ref(item) or scope.targets[item["target"] - 1].get("kind") != "spell":
            raise NotRead(f"“{words}”：哪一个法术")
        return {"cost_of": item}
    if words in _FORMER_MIGHT and _two_units(scope):  # “前者战力”: the first of the two units chosen
        return {"might_of": {"target": 1}}
    paid = _PAID_WITH_MIGHT.match(words) if scope.paid_with else None
    if paid and paid["who"] in _PAID_WITH_WORDS[scope.paid_with]:  # “被回收单位的战力”: as it was paid (359.3.e.13)
        return {"might_of": PAID_WITH}
    referent = _REFERENT_MIGHT.match(words) or _REFERENT_DAMAGE.match(words)
    if referent:
        unit = parse_object(referent["who"], scope)
        if not _is_target_ref(unit):
            raise NotRead(f"“{words}”：谁的战力")
        return {"might_of" if referent.re is _REFERENT_MIGHT else "damage_of": unit}
    counted = _COUNT_OF.match(words)
    if counted:
        selector = parse_object(counted["what"], scope)
        if isinstance(selector, dict) and set(selector) == {"each"}:
            return {"count": selector["each"]}
    raise NotRead(f"数量“{words}”")


def render_amount(amount, scope: Scope) -> str:
    known = next((words for _, words, fixed in AMOUNT_WORDS if fixed == amount), None)
    if known is not None:
        return known
    if amount == PAID and scope.paying:
        return _PAID_WORDS[0]
    if amount == DISCARDED_COST:
        return _DISCARDED_COST_WORDS[0]
    if amount == EXCESS:
        return _EXCESS_WORDS[0]
    if amount == {"might_of": {"target": 1}} and _two_units(scope) and _sided_target(scope, scope.targets[0].get("who", "")) != 1:
        return _FORMER_MIGHT[0]  # the first of two units, when “该友方单位” would not say which
    if amount == {"might_of": PAID_WITH} and scope.paid_with:
        return _PAID_WITH_WORDS[scope.paid_with][0] + "的战力"
    if isinstance(amount, dict) and set(amount) == {"might_of"} and scope.subject is not None and \
            amount["might_of"] in (scope.subject, "target"):
        return "其战力"  # the sentence's subject (render_by_unit)
    if isinstance(amount, dict) and set(amount) == {"might_of"} and amount["might_of"] not in ("self", "legend"):
        return _render_referent(amount["might_of"], scope) + "战力"
    if isinstance(amount, dict) and set(amount) == {"damage_of"} and amount["damage_of"] not in ("self", "legend"):
        return _render_referent(amount["damage_of"], scope) + "已受伤害"
    if isinstance(amount, dict) and set(amount) == {"count"}:
        return render_object({"each": amount["count"]}, scope) + "的数量"
    if isinstance(amount, dict) and set(amount) == {"keyword_value"}:
        return f"我{amount['keyword_value']}数值"
    if isinstance(amount, dict) and set(amount) == {"cost_of"} and _is_target_ref(amount["cost_of"]) and \
            _beside_items(scope, "spell") == amount["cost_of"]["target"]:
        return "该法术法力费用"
    raise NotRead(f"数量 {amount}")


# -- cards in a zone (CARD_FILTER): “一名单位”, “一张法力费用不低于④的法术牌”, “一名费用不高于③且不高于任意符能的单位” --

_CARD_KINDS = {"单位": "unit", "单位牌": "unit", "装备牌": "gear", "装备": "gear", "法术牌": "spell", "法术": "spell", "牌": "any", "卡牌": "any",
               EQUIPMENT: "gear"}
_CARD_WORDS = {"unit": ("名", "单位"), "gear": ("件", "装备"), "spell": ("张", "法术牌"), "any": ("张", "牌")}
# A card's parts (CARD_FILTER), in any order and each once, joined by 的 or 且: its printed costs, a keyword, a domain, tags,
# a token or not; its measure first and its noun last (“一张带有待命技能的灵光卡牌”, “一名“机械”属性的费用不高于③的单位”).
_CARD_PARTS = tuple((name, re.compile(pattern)) for name, pattern in (
    ("cost", rf"(?P<energy>法力)?费用(?P<compare>{_COMPARE})(?P<cost>[⓪①②③④⑤⑥⑦⑧⑨⑩]|你当前分数)(?P<power>且不高于任意符能)?"),
    ("power", rf"符能费用(?P<pcompare>{_COMPARE})任意符能(?:×(?P<runes>\d+))?"),
    ("keyword", rf"(?:带有|拥有|具有)(?P<keyword>{_KEYWORDS})(?:技能|关键词)?"),
    ("domain", r"(?P<domain>炽烈|翠意|灵光|摧破|混沌|序理)(?:领域)?"),
    ("tag", r"(?:拥有|具有|带有)?(?P<tag>(?:“[^”]+”[、或])*“[^”]+”属性)(?:标签)?"),
    ("token", r"(?P<token>非指示物|指示物)"),
    ("join", r"的|且"),
))
_CARD_NOUN = re.compile(r"^一(?P<measure>[名件张个])(?P<parts>.*?)(?P<kind>单位牌|单位|装备牌|装备|法术牌|法术|卡牌|牌|武装)$")


class _CardPhrase:
    """The reader of a card's words (``_CARD_PARTS``), called as a compiled pattern is (``.match``)."""

    @staticmethod
    def match(text: str) -> _Phrase | None:
        noun = _CARD_NOUN.match(text)
        parts = _phrase_parts(noun["parts"], _CARD_PARTS) if noun else None
        phrase = _said_once(parts) if parts is not None else None
        if phrase is not None:
            phrase.update(measure=noun["measure"], kind=noun["kind"])
        return phrase


_CARD = _CardPhrase()
_EITHER_CARD = re.compile(r"^(?P<first>一[名件张个][^或]+)或(?P<second>一[名件张个][^或]+)$")  # “一名单位或一件装备”


_NON_KIND = re.compile(r"^一张非(?P<kind>单位|法术|装备)(?:卡牌|牌)$")  # “一张非单位卡牌”: any card but a unit
_NON_WORDS = {"unit": "单位", "spell": "法术", "gear": "装备"}


# a cost compared with an amount read as the instruction executes (“法力费用低于你当前分数的”), only where the engine reads it:
# the card a ``play`` plays
_COST_AMOUNTS = {"你当前分数": {"points_of": "you"}}


# “一名法力和符能费用不高于被摧毁单位的单位”: both its costs at most those of the unit killed to pay the card's
# additional cost (357.2), read as the instruction executes (``killed_for_cost``)
_AS_KILLED = re.compile(r"^一(?P<measure>[名件张个])法力和符能费用不高于被摧毁单位的(?P<rest>.+)$")
_AS_KILLED_SPEC = {"cost": {"le": {"killed_for_cost": "energy"}}, "power": {"le": {"killed_for_cost": "power"}}}


def parse_card(text: str, amounts: bool = False) -> dict:
    """A CARD_FILTER of a card not on the board (in a deck, a hand, a trash): kind, Energy cost, Power cost, tag;
    two plain kinds joined by 或 are a list of kinds (either fits); “非X” any card but one of kind X; *amounts*: its
    cost may be compared with an amount (``_COST_AMOUNTS``, ``_AS_KILLED``)."""
    as_killed = _AS_KILLED.match(text) if amounts else None
    if as_killed:
        spec = parse_card(f"一{as_killed['measure']}{as_killed['rest']}")
        if set(spec) & {"cost", "power"}:
            raise NotRead(f"卡牌“{text}”")
        return {**spec, **_AS_KILLED_SPEC}
    non = _NON_KIND.match(text)
    if non:
        return {"kind": "any", "not": {"kind": _CARD_KINDS[non["kind"]]}}
    either = _EITHER_CARD.match(text)
    if either:
        kinds = [parse_card(either[part]) for part in ("first", "second")]
        if any(set(spec) != {"kind"} for spec in kinds):
            raise NotRead(f"卡牌“{text}”")
        return {"kind": [spec["kind"] for spec in kinds]}
    match = _CARD.match(text)
    if not match or (match["power"] and _MIGHT[match["compare"]] != "le"):
        raise NotRead(f"卡牌“{text}”")
    kind = _CARD_KINDS[match["kind"]]
    if match["measure"] not in (_CARD_WORDS[kind][0], "张", "个"):
        raise NotRead(f"量词“{match['measure']}”")
    spec: dict = {} if kind == "any" else {"kind": kind}
    if match["cost"] in _COST_AMOUNTS and not amounts:
        raise NotRead(f"卡牌“{text}”")
    if match["cost"]:
        spec["cost"] = {_MIGHT[match["compare"]]: _COST_AMOUNTS.get(match["cost"]) or _CIRCLED.index(match["cost"])}
    if match["power"]:
        spec["power"] = {"le": 1}
    if match["pcompare"]:  # “符能费用不低于任意符能×2的”: its printed Power cost, a number of runes
        if match["cost"]:
            raise NotRead(f"卡牌“{text}”")
        spec["power"] = {_MIGHT[match["pcompare"]]: int(match["runes"] or 1)}
    if match["keyword"]:  # “一张带有待命技能的卡牌”: a printed keyword
        spec["keyword"] = match["keyword"]
    if match["tag"]:
        spec["tag"] = parse_tags(match["tag"])
    if match["domain"]:
        spec["domain"] = match["domain"]
    if match["token"]:  # “一件非指示物装备”: a token's card or not (185.1; ``token``)
        spec["token"] = match["token"] == _TOKEN_WORDS[True]
    if kind == "any" and spec:  # “一张带有待命技能的牌”: any kind of card (a CARD_FILTER without a kind is a unit's)
        spec = {"kind": "any", **spec}
    return _equipment(spec, match["kind"])


_TOKEN_WORDS = {True: "指示物", False: "非指示物"}


def render_card(spec: dict) -> str:
    if {key: spec.get(key) for key in _AS_KILLED_SPEC} == _AS_KILLED_SPEC:
        rest = render_card({key: value for key, value in spec.items() if key not in _AS_KILLED_SPEC})
        return rest[:2] + "法力和符能费用不高于被摧毁单位的" + rest[2:]
    if "not" in spec:
        if spec != {"kind": "any", "not": {"kind": spec["not"].get("kind")}} or spec["not"]["kind"] not in _NON_WORDS:
            raise NotRead(f"卡牌 {spec}")
        return f"一张非{_NON_WORDS[spec['not']['kind']]}卡牌"
    if set(spec) - {"kind", "cost", "power", "tag", "keyword", "domain", "token"} or ("cost" in spec and spec.get("power", {"le": 1}) != {"le": 1}):
        raise NotRead(f"卡牌 {spec}")
    if isinstance(spec.get("kind"), list):
        if set(spec) != {"kind"} or len(spec["kind"]) != 2:
            raise NotRead(f"卡牌 {spec}")
        return "或".join(render_card({"kind": kind}) for kind in spec["kind"])
    measure, noun = _CARD_WORDS[spec.get("kind", "any")]
    words = ""
    if "cost" in spec:
        (compare, value), = spec["cost"].items()
        bound = next((words for words, amount in _COST_AMOUNTS.items() if amount == value), None) if isinstance(value, dict) \
            else _CIRCLED[value]
        if bound is None:
            raise NotRead(f"卡牌 {spec}")
        words = f"费用{_MIGHT_WORDS[compare]}{bound}{'且不高于任意符能' if 'power' in spec else ''}的"
    elif "power" in spec:
        (compare, value), = spec["power"].items()
        words = f"符能费用{_MIGHT_WORDS[compare]}任意符能{f'×{value}' if value > 1 else ''}的"
    tag = (f"带有{spec['keyword']}技能的" if isinstance(spec.get("keyword"), str) else "") + spec.get("domain", "") + \
        tag_words(spec.get("tag")) + _TOKEN_WORDS.get(spec.get("token"), "")
    return f"一{measure}{words}{tag}{noun}"


# -- playing a card from a zone by an effect (419.3): “从你的废牌堆中打出一名单位，无视其法力费用” ----------

_ZONES = {"你的废牌堆中": "trash", "废牌堆中": "trash", "你的手牌中": "hand", "手牌中": "hand"}
_THEIR_TRASH = "其废牌堆中"  # the chosen player's (``whose: chosen_player``): “从其废牌堆中打出一名单位”
_ZONES_AFTER = {"你的废牌堆": "trash", "废牌堆": "trash", "你的手牌": "hand", "手牌": "hand"}  # “将X从手牌打出”
_PRICES = {"无视其费用": True, "无视费用": True, "无需支付打出费用": True, "无视其法力费用": "energy",
           "无需支付其法力费用": "energy"}
_PLACES = {"到你的基地": "base", "到你控制的一处战场": "battlefield"}  # none named: base or a battlefield (806.3)
_PRICE = r"(?:，(?:(?P<price>" + "|".join(_PRICES) + r")|其费用减少(?P<discount>[①②③④⑤⑥⑦⑧⑨⑩])|" + \
    r"(?:将)?其(?:所需)?(?:法力)?费用减去(?P<less>[^，]+)))?$"  # “将其所需法力费用减去被回收单位的战力”: an AMOUNT less
_LESS_WORDS = "将其所需法力费用减去"
_PLAY = re.compile(r"^从(?P<zone>" + "|".join(_ZONES) + r")(?:正面朝上)?打出(?P<card>.+?)(?P<place>" + "|".join(_PLACES) + ")?" + _PRICE)
# no zone named, at a price: a card is played from its player's hand (419.1.a: cards are played from hand by default)
_PLAY_FROM_HAND = re.compile(r"^打出(?P<card>一[名件张][^“，]+?)(?P<place>" + "|".join(_PLACES) + r")?(?P<rest>，(?:" +
                             "|".join(_PRICES) + r"|其费用减少[①②③④⑤⑥⑦⑧⑨⑩]))$")
_PLAY_AFTER = re.compile(r"^将(?P<card>.+?)从(?P<zone>" + "|".join(_ZONES_AFTER) + r")中?打出(?P<place>" +
                         "|".join(_PLACES) + ")?" + _PRICE)


# “打出一名以此方式放逐的单位”: a card of the banishment this object's effect banished (427.3), its cost paid
_PLAY_BANISHED_WITH = re.compile(r"^打出一(?P<measure>[名件张])以此方式放逐的(?P<kind>单位|装备|法术牌|牌)$")
_PLAY_BANISHED_WITH_WORDS = "打出一{measure}以此方式放逐的{noun}"


def _played_banished_with(text: str) -> dict | None:
    match = _PLAY_BANISHED_WITH.match(text)
    if not match:
        return None
    card = parse_card("一" + match["measure"] + match["kind"])
    return {"play": {"from": "banishment", "card": {"kind": "any", **card}, "banished_with_this": True, "at": "any"}}


def parse_play(text: str, scope: Scope | None = None) -> dict | None:
    """``play: {from, card, ignore_cost | discount, at}``: a card of any type (each played its way: a unit to a place, a
    gear to the base, a spell onto the chain); without a price the card's cost is paid (“（仍需支付其费用。）”), “其费用减少③” is ``discount: 3`` (356.4); a unit
    played without a place named goes to its player's base or a battlefield they control (806.3)."""
    banished = _played_banished_with(text)
    if banished:
        return banished
    hand = _PLAY_FROM_HAND.match(text)
    if hand:
        text = f"从手牌中打出{hand['card']}{hand['place'] or ''}{hand['rest']}"
    theirs = text.startswith("从" + _THEIR_TRASH)
    if theirs:  # the chosen player's trash: read as a trash, then theirs
        text = "从废牌堆中" + text[len("从" + _THEIR_TRASH):]
    match = _PLAY.match(text)
    after = None if match else _PLAY_AFTER.match(text)
    if not (match or after):
        return None
    found = match or after
    card = parse_card(found["card"], amounts=True)
    card.setdefault("kind", "any")  # any card (CARD_FILTER's default is a unit): each is played its way (419.3)
    params: dict = {"from": (_ZONES if match else _ZONES_AFTER)[found["zone"]], "card": card}
    if found["price"]:
        params["ignore_cost"] = _PRICES[found["price"]]
    if found["discount"]:
        params["discount"] = _CIRCLED.index(found["discount"])
    if found["less"]:  # its Energy cost less an amount read as it is played (356.4)
        params["discount"] = parse_amount(found["less"], scope or Scope())
    if theirs:
        if not match or params["from"] != "trash":
            raise NotRead(f"“{text}”")
        params["whose"] = CHOSEN_PLAYER
    return {"play": {**params, "at": _PLACES.get(found["place"] or "", "any")}}


def render_play(params: dict, scope: Scope | None = None) -> str:
    if params.get("banished_with_this"):
        kind = params.get("card", {}).get("kind")
        if params != {"from": "banishment", "card": {"kind": kind}, "banished_with_this": True, "at": "any"} or \
                not isinstance(kind, str) or kind not in _CARD_WORDS:
            raise NotRead(f"打出 {params}")
        measure, noun = _CARD_WORDS[kind]
        return _PLAY_BANISHED_WITH_WORDS.format(measure=measure, noun=noun)
    if params.get("at") == "here":
        return render_play({**params, "at": "any"}) + "。" + _PLAY_UNIT_THERE_TOO
    if params.get("then") == "recycle":
        return render_play({key: value for key, value in params.items() if key != "then"}) + "，然后" + _RECYCLE_IT[0]
    if params.get("whose") == CHOSEN_PLAYER and params.get("from") == "trash":
        mine = render_play({key: value for key, value in params.items() if key != "whose"})
        return "从" + _THEIR_TRASH + mine[len("从") + len(next(iter(_ZONES))):]
    zone = next((words for words, zone in _ZONES.items() if zone == params.get("from")), None)
    price = next((words for words, value in _PRICES.items() if value == params.get("ignore_cost")), "")
    place = next((words for words, at in _PLACES.items() if at == params.get("at")), "")
    discount = params.get("discount")
    if isinstance(discount, dict):
        price = _LESS_WORDS + render_amount(discount, scope or Scope()) if not price else None
    elif discount is not None:
        price = f"其费用减少{_CIRCLED[discount]}" if not price and 0 < discount < len(_CIRCLED) else None
    if zone is None or price is None or (not place and params.get("at") != "any") or \
            set(params) - {"from", "card", "ignore_cost", "discount", "at"} or "at" not in params:
        raise NotRead(f"打出 {params}")
    return f"从{zone}打出{render_card(params['card'])}{place}{'，' + price if price else ''}"


# -- returning a card from the trash to its hand (355.10.a): “让一名单位从你的废牌堆返回手牌” ------------------

_RETURN = re.compile(r"^让(?:(?P<card>[^从]+?)从你的废牌堆|你废牌堆[里中]的(?P<held>.+?))返回(?:你的)?手牌$")
# “让此牌从废牌堆返回你的手牌”: this card, from the trash its ability works in (385.2)
_RETURN_ME = ("让此牌从废牌堆返回你的手牌", "让此牌从你的废牌堆返回你的手牌", "让我从废牌堆返回你的手牌")
# “让任意废牌堆中的最多两名单位返回其拥有者的手牌”: from every player's trash (``whose: any``), each to its owner's hand
_RETURN_ANY = re.compile(rf"^让任意废牌堆中的(?P<up_to>最多)?(?P<c>{_NUMBER})(?P<measure>[名件张])(?P<kind>单位|装备|法术牌|牌)"
                         r"返回其(?:拥有者|所属者)的手牌$")


# “让最多两张待命卡牌从废牌堆里返回你的手牌”: (up to) N cards of the controller's trash that fit (``amount``, ``up_to``)
_RETURN_SOME = re.compile(rf"^让(?P<up_to>最多)?(?P<c>{_NUMBER})(?P<measure>[名件张])(?P<what>[^从]+?)从(?:你的)?废牌堆[里中]?"
                          r"返回(?:你的)?手牌$")
_KEYWORD_CARD = re.compile(r"^(?P<keyword>" + "|".join(sorted(KEYWORDS, key=len, reverse=True)) + r")(?P<noun>卡牌|牌|单位|法术牌|装备)$")


def parse_return_from_trash(text: str) -> dict | None:
    """``return_from_trash: {card}``: one card of the controller's trash that fits, back to their hand;
    ``{this_card: true}``: the card whose ability it is."""
    if text in _RETURN_ME:
        return {"return_from_trash": {"this_card": True}}
    some = _RETURN_SOME.match(text)
    if some and (some["up_to"] or number(some["c"]) > 1):
        keyword = _KEYWORD_CARD.match(some["what"])  # “待命卡牌”: a card with that printed keyword
        what = f"带有{keyword['keyword']}技能的{keyword['noun']}" if keyword else some["what"]
        return {"return_from_trash": {"card": parse_card("一" + some["measure"] + what), "amount": number(some["c"]),
                                      **({"up_to": True} if some["up_to"] else {})}}
    many = _RETURN_ANY.match(text)
    if many:
        card = parse_card("一" + many["measure"] + many["kind"]) or {"kind": "any"}
        return {"return_from_trash": {"card": card, "amount": number(many["c"]), "whose": "any",
                                      **({"up_to": True} if many["up_to"] else {})}}
    match = _RETURN.match(text)
    if not match:
        return None
    return {"return_from_trash": {"card": parse_card(match["card"] or match["held"])}}


def render_return_from_trash(params: dict) -> str:
    if params == {"this_card": True}:
        return _RETURN_ME[0]
    if params.get("whose") == "any" and set(params) <= {"card", "amount", "whose", "up_to"} and \
            isinstance(params.get("amount"), int) and set(params.get("card", {})) == {"kind"} and \
            isinstance(params["card"]["kind"], str):
        measure, noun = _CARD_WORDS[params["card"]["kind"]]
        return f"让任意废牌堆中的{'最多' if params.get('up_to') else ''}{chinese(params['amount'])}{measure}{noun}返回其拥有者的手牌"
    if set(params) - {"up_to"} == {"card", "amount"} and isinstance(params["amount"], int) and \
            (params["amount"] > 1 or params.get("up_to")):
        card = render_card(params["card"])  # “一张…”: its count written instead of “一”
        return f"让{'最多' if params.get('up_to') else ''}{chinese(params['amount'])}{card[1:]}从你的废牌堆返回手牌"
    if set(params) != {"card"}:
        raise NotRead(f"返回手牌 {params}")
    return f"让{render_card(params['card'])}从你的废牌堆返回手牌"


# -- recycling from trashes (416.1.a): “从任意废牌堆中回收最多四张卡牌”, “从对手的废牌堆里总共选择最多三张牌。让其拥有者将其
# 回收” — whose trashes (``whose``) and “最多” (``up_to``: the controller's choice how many); your own trash and an exact count
# are the templates' (“从你的废牌堆中回收{c}张牌”) -------------------------------------------------------------------------
_TRASH_WHOSE = {"你的": "you", "": "you", "对手的": "opponents", "任意": "any", "任意一名玩家的": "any"}
_RECYCLE_FROM = re.compile(r"^从(?P<whose>对手的|任意一名玩家的|任意|你的)?废牌堆[里中]?(?P<act>回收|总共选择|选择)(?P<up_to>最多)?"
                           rf"(?P<c>{_NUMBER})张(?P<card>单位|法术|装备)?(?:卡)?牌$")
_CHOSEN_FIRST = "_chosen"  # “…选择N张牌” waiting for “让其拥有者将其回收”
_RECYCLE_CHOSEN = ("让其拥有者将其回收", "让其所有者将其回收", "让其拥有者将这些牌回收")


def parse_recycle_from(text: str) -> dict | None:
    match = _RECYCLE_FROM.match(text)
    if not match or (match["whose"] in (None, "你的") and not match["up_to"] and not match["card"] and match["act"] == "回收"):
        return None
    params: dict = {"from": "trash", "amount": number(match["c"])}
    if _TRASH_WHOSE[match["whose"] or ""] != "you":
        params["whose"] = _TRASH_WHOSE[match["whose"] or ""]
    if match["up_to"]:
        params["up_to"] = True
    if match["card"]:
        params["card"] = {"kind": _CARD_KINDS[match["card"]]}
    if match["act"] != "回收":
        params[_CHOSEN_FIRST] = True
    return {"recycle": params}


def continue_recycle(effect: dict, text: str) -> bool:
    params = effect["recycle"]
    if not isinstance(params, dict) or not params.get(_CHOSEN_FIRST) or text not in _RECYCLE_CHOSEN:
        return False
    del params[_CHOSEN_FIRST]
    return True


def render_recycle_from(params: dict) -> str | None:
    if not ({"whose", "up_to", "card"} & set(params)) or set(params) - {"from", "amount", "whose", "up_to", "card"} or \
            params.get("from") != "trash" or not isinstance(params.get("amount"), int):
        return None
    card = params.get("card", {"kind": "any"})
    if set(card) != {"kind"} or card["kind"] not in (*_NON_WORDS, "any"):
        return None
    whose = next(words for words, value in _TRASH_WHOSE.items() if value == params.get("whose", "you"))
    card = _NON_WORDS.get(card["kind"], "")
    return f"从{whose}废牌堆中回收{'最多' if params.get('up_to') else ''}{chinese(params['amount'])}张{card}牌"


# -- banishing cards from a trash (427.1): “从你的废牌堆中放逐一名单位”, “放逐你废牌堆中的所有单位” (``all``) --------

_BANISH_FROM = re.compile(rf"^从(?P<whose>你的|任意|对手的)?废牌堆中?放逐(?P<up_to>最多)?(?P<c>{_NUMBER})(?P<measure>[名件张])"
                          r"(?P<kind>单位|装备|法术牌|牌|卡牌)$")
_BANISH_ALL = re.compile(r"^放逐你废牌堆中的所有(?P<kind>单位|装备|法术牌|牌|卡牌)$")
_BANISH_WHOSE = {"你的": "you", "": "you", "任意": "any", "对手的": "opponents"}


def parse_banish_cards(text: str) -> dict | None:
    every = _BANISH_ALL.match(text)
    match = _BANISH_FROM.match(text) if not every else None
    if not (every or match):
        return None
    found = every or match
    card = parse_card("一" + ("张" if every else match["measure"]) + found["kind"]) or {"kind": "any"}
    if every:
        return {"banish_cards": {"card": card, "all": True}}
    params: dict = {"card": card}
    if number(match["c"]) != 1:
        params["amount"] = number(match["c"])
    if _BANISH_WHOSE[match["whose"] or ""] != "you":
        params["whose"] = _BANISH_WHOSE[match["whose"] or ""]
    if match["up_to"]:
        params["up_to"] = True
    return {"banish_cards": params}


def render_banish_cards(params: dict) -> str:
    kind = params.get("card", {"kind": "any"}).get("kind", "unit")
    if set(params) - {"card", "all", "amount", "whose", "up_to"} or set(params.get("card", {})) - {"kind"} or \
            not isinstance(kind, str) or kind not in _CARD_WORDS or params.get("from", "trash") != "trash":
        raise NotRead(f"放逐 {params}")
    measure, noun = _CARD_WORDS[kind]
    if params.get("all"):
        if set(params) - {"card", "all"}:
            raise NotRead(f"放逐 {params}")
        return f"放逐你废牌堆中的所有{noun}"
    whose = next(words for words, value in _BANISH_WHOSE.items() if value == params.get("whose", "you"))
    amount = params.get("amount", 1)
    if not isinstance(amount, int):
        raise NotRead(f"放逐 {params}")
    return f"从{whose}废牌堆中放逐{'最多' if params.get('up_to') else ''}{chinese(amount)}{measure}{noun}"


# -- the next card you play this turn: “你在本回合内打出的下一个法术费用减少⑤” (356.4), “…造成的伤害+1” (713),
# “…获得等同于其费用的回响” (820) — one effect made now, waiting for that card ------------------------------------

_NEXT_KINDS = {"法术": "spell", "单位": "unit", "装备": "gear", "牌": ""}
_NEXT_MEASURE = {"spell": "个", "unit": "名", "gear": "件", "": "张"}
_NEXT = re.compile(
    r"^(?:在本回合内，|本回合内，?)?让?你(?:在本回合内?|本回合内?)?(?:打出)?的下一(?:个|张|名|件)"
    r"(?P<kind>法术|单位|装备|牌)(?P<what>.+)$"
)
_NEXT_DISCOUNT = re.compile(r"^的?费用减少(?P<energy>[①②③④⑤⑥⑦⑧⑨⑩])(?P<power>和任意符能(?:×(?P<times>\d+))?)?$")
_NEXT_SPELL = {  # what the next spell gets (boost_next_spell), the first wording the one written
    "造成的伤害+": "bonus_damage",
    "获得等同于其费用的回响": "repeat_at_cost",
    "获得等同于其基础费用的回响": "repeat_at_cost",
}


_ALL_PLAYED_READY = re.compile(r"^(?:在本回合内，|本回合内，?)?你(?:在本回合内)?打出的所有单位以活跃状态进场$")
_READY = "以活跃状态进场"


# “在本回合内，你可以选择从手牌中打出CARD，无视其法力费用”: a permission this turn for one card from
# hand (``discount_next: {ignore: energy, card}``, 356.1.b.2)
_MAY_PLAY_IGNORING = re.compile(r"^(?:在本回合内，|本回合内，?)你可以(?:选择)?(?:在本回合内)?从(?:你的)?手牌中打出(?P<card>一[名件张].+?)，"
                                r"无视其法力费用$")
_MAY_PLAY_IGNORING_WORDS = "在本回合内，你可以选择从手牌中打出{card}，无视其法力费用"


def parse_next_card(text: str) -> dict | None:
    """``discount_next: {energy, power, kind}``, ``boost_next_spell: {bonus_damage | repeat_at_cost}`` or
    ``enters_ready_next`` (the next unit, ``all``: every unit played this turn enters ready, 369.3); None when *text*
    is about no next card."""
    ignoring = _MAY_PLAY_IGNORING.match(text)
    if ignoring:
        card = parse_card(ignoring["card"])
        return {"discount_next": {"ignore": "energy", "card": {"kind": "any", **card}}}
    if _ALL_PLAYED_READY.match(text):
        return {"enters_ready_next": {"all": True}}
    match = _NEXT.match(text)
    if not match:
        return None
    kind, what = _NEXT_KINDS[match["kind"]], match["what"]
    if kind == "unit" and what == _READY:
        return {"enters_ready_next": None}
    discount = _NEXT_DISCOUNT.match(what)
    if discount:
        power = int(discount["times"] or 1) if discount["power"] else 0
        params = {"energy": _CIRCLED.index(discount["energy"]), **({"power": power} if power else {})}
        return {"discount_next": {**params, **({"kind": kind} if kind else {})}}
    if kind != "spell":
        raise NotRead(f"下一{match['kind']}{what}")
    if what.startswith("造成的伤害+") and what[6:].isdigit():
        return {"boost_next_spell": {"bonus_damage": int(what[6:])}}
    if _NEXT_SPELL.get(what) == "repeat_at_cost":
        return {"boost_next_spell": {"repeat_at_cost": True}}
    raise NotRead(f"下一个法术{what}")


def render_next_card(verb: str, params: dict) -> str:
    if verb == "discount_next" and set(params) == {"ignore", "card"} and params["ignore"] == "energy":
        return _MAY_PLAY_IGNORING_WORDS.format(card=render_card(params["card"]))
    if verb == "enters_ready_next" and params in ({}, {"all": True}):
        return "在本回合内，你打出的所有单位" + _READY if params else "你在本回合内打出的下一名单位" + _READY
    kind = "spell" if verb == "boost_next_spell" else params.get("kind", "")
    noun = next(word for word, value in _NEXT_KINDS.items() if value == kind)
    head = f"你在本回合内打出的下一{_NEXT_MEASURE[kind]}{noun}"
    if verb == "discount_next" and set(params) - {"kind"} <= {"energy", "power"} and \
            0 < params.get("energy", 0) < len(_CIRCLED):
        power = params.get("power", 0)
        return f"{head}的费用减少{_CIRCLED[params['energy']]}{'和任意符能' if power else ''}{f'×{power}' if power > 1 else ''}"
    if verb == "boost_next_spell" and set(params) == {"bonus_damage"}:
        return f"{head}造成的伤害+{params['bonus_damage']}"
    if verb == "boost_next_spell" and params == {"repeat_at_cost": True}:
        return f"让{head}获得等同于其费用的回响"
    raise NotRead(f"下一张牌 {verb} {params}")


# -- “你可以选择支付①和红色符能，以此从废牌堆中将我打出”: a card in its owner's trash plays itself for that cost
# (``play_me: {energy, power}``, the Power of the card's own domain, 419.3); its ability works from the trash.

_PLAY_ME = ("从废牌堆中将我打出", "从你的废牌堆中将我打出", "将我从废牌堆中打出", "将我从你的废牌堆中打出")
_OWN_POWER = "此牌领域的符能"
_DOMAINS_NAMED = "_domains"  # the domains its Power names, checked against the card's own as the card is compiled


def parse_play_me(cost: str) -> dict:
    pieces = cost.split("和")
    own = [piece for piece in pieces if piece == _OWN_POWER]
    paid = _paid("和".join(piece for piece in pieces if piece != _OWN_POWER)) if len(own) < len(pieces) else {}
    if "power" in paid or set(paid) - {"energy", "runes"}:
        raise NotRead(f"从废牌堆中打出我的费用“{cost}”")
    params = {**({"energy": paid["energy"]} if paid.get("energy") else {}),
              "power": len(own) + len(paid.get("runes", []))}
    return {"play_me": {**params, **({_DOMAINS_NAMED: paid["runes"]} if paid.get("runes") else {})}}


def render_play_me(params: dict) -> str:
    if set(params) - {"energy", "power"}:
        raise NotRead(f"从废牌堆中打出我 {params}")
    cost = [_CIRCLED[params["energy"]]] if params.get("energy") else []
    return f"你可以选择支付{'和'.join(cost + [_OWN_POWER] * params.get('power', 0))}，以此{_PLAY_ME[0]}"


def _plays_itself(effects: list) -> bool:
    """Whether the effects play or return the card itself from its owner's trash (the ability works there, 385.2)."""
    return any("play_me" in effect or (effect.get("return_from_trash") or {}).get("this_card") for effect in effects)


def _play_me_from_trash_only(parts: dict, entries: list[dict]) -> None:
    """“将我从废牌堆中打出” (and “让此牌从废牌堆返回你的手牌”) is read in a triggered ability only (it works from the trash);
    elsewhere (Legion, a spell, an activated ability) it would be a permission to play it from the trash, which the
    language has no form for."""
    elsewhere = [e.get("effects", ()) for e in entries if not (isinstance(e.get("trigger"), dict) and
                                                              e["trigger"].get("zone") == "trash")]
    if any(_plays_itself(effects) for effects in [parts.get("effects", ()), parts.get("legion", ()), *elsewhere]):
        raise NotRead("从废牌堆中将我打出或返回手牌（触发能力之外：引擎尚无此形式）")


def _own_domains(entry: dict, domains: list) -> None:
    """The Power a ``play_me`` or the card's own cost change names is of the card's own domains (the engine pays or
    lowers Power of them, or of any domain): checked, then dropped."""
    holders = [effect["play_me"] for effect in entry.get("effects", ()) if isinstance(effect.get("play_me"), dict)]
    if isinstance(entry.get("static"), dict) and isinstance(entry["static"].get("cost_change"), dict):
        holders.append(entry["static"]["cost_change"])
    for holder in holders:
        if set(holder.pop(_DOMAINS_NAMED, [])) - set(domains):
            raise NotRead("所说的符能不是此牌的领域")


# -- “你的非指示物单位在本回合内的打出费用增加①”: this turn's plays of one kind cost more or less (356.3–356.4) -------

_TURN_COST = re.compile(
    r"^(?:(?P<whose>你的|对手的)(?:非指示物)?(?P<kind>单位|法术|装备|牌)在本回合内的(?:打出)?费用"
    r"|在本回合内，(?P<who>你|对手)打出的(?:非指示物)?(?P<kind2>单位|法术|装备|牌)(?:的)?费用)"
    r"(?P<way>增加|减少)(?P<cost>[^，]+)$"
)
_TURN_KINDS = {"单位": "unit", "法术": "spell", "装备": "gear", "牌": ""}


def parse_turn_cost(text: str) -> dict | None:
    match = _TURN_COST.match(text)
    if not match:
        return None
    paid = _paid(match["cost"])
    if set(paid) - {"energy", "power"}:
        raise NotRead(f"费用变化“{match['cost']}”")
    sign = 1 if match["way"] == "增加" else -1
    opponents = (match["whose"] or match["who"]) in ("对手的", "对手")
    kind = _TURN_KINDS[match["kind"] or match["kind2"]]
    return {"turn_cost_change": {**{key: sign * value for key, value in paid.items()}, **({"kind": kind} if kind else {}),
                                 **({"who": "opponents"} if opponents else {})}}


def render_turn_cost(params: dict) -> str | None:
    amounts = {key: params[key] for key in ("energy", "power") if key in params}
    signs = {value > 0 for value in amounts.values()}
    if not amounts or len(signs) != 1 or set(params) - {"energy", "power", "kind", "who"}:
        return None
    noun = next(word for word, kind in _TURN_KINDS.items() if kind == params.get("kind", ""))
    whose = "对手的" if params.get("who") == "opponents" else "你的"
    cost = render_cost({key: abs(value) for key, value in amounts.items()}).removeprefix("支付")
    return f"{whose}{noun}在本回合内的打出费用{'增加' if signs == {True} else '减少'}{cost}"


# -- “其控制者在本回合内无法打出法术”: a ban from now on this turn (054.1), of one card type or of every card ----------

_BAN = re.compile(r"^(?P<who>其控制者|对手|你)(?:在)?本回合内(?:无法|不能)打出(?P<kind>法术|单位|装备|卡牌)$")
_BAN_WHO = {"其控制者": "target_controller", "对手": "opponents", "你": "you"}
_BAN_KINDS = {"法术": "spell", "单位": "unit", "装备": "gear", "卡牌": ""}


def parse_ban(text: str, scope: Scope) -> dict | None:
    match = _BAN.match(text)
    if not match:
        return None
    who, kind = _BAN_WHO[match["who"]], _BAN_KINDS[match["kind"]]
    if who == "target_controller" and len(scope.targets) != 1:
        raise NotRead("“其控制者”指代不明")
    return {"forbid_playing": {"who": who, **({"kind": kind} if kind else {})}}


def render_ban(params: dict) -> str | None:
    who = next((words for words, value in _BAN_WHO.items() if value == params.get("who", "opponents")), None)
    kind = next((words for words, value in _BAN_KINDS.items() if value == params.get("kind", "")), None)
    if who is None or kind is None or set(params) - {"who", "kind"}:
        return None
    return f"{who}在本回合内无法打出{kind}"


# -- “将一名友方单位移动到该敌方单位的战场上”: a move to where a unit named before is, as the move executes
# (359.3.f.2; move: {to: {location_of: SELECTOR}}; the unit in a base or gone: not done).  The unit whose battlefield
# it is was named first, so it is read first; the unit moved may be a new target.

_TO_UNITS_BATTLEFIELD = re.compile(r"^(?:将(?P<what>.+?)移动到|移动(?P<what_after>.+?)到)(?P<ref>.+?)(?:所在的?|的)战场上?$")
_TO_UNITS_BATTLEFIELD_WORDS = "将{what}移动到{ref}所在的战场"


# after a trigger whose event is a battlefield (defended, conquered or held by you): to that battlefield
_TO_THE_EVENTS_BATTLEFIELD = re.compile(r"^将(?P<what>.+?)移动到(?:该战场|该处)$")
_TO_THE_EVENTS_BATTLEFIELD_WORDS = "将{what}移动到该战场"
_TO_CHOSEN_BATTLEFIELD = re.compile(r"^将(?P<what>.+?)移动到(?:此|该)战场$")  # a battlefield chosen beside units
_TO_CHOSEN_BATTLEFIELD_WORDS = "将{what}移动到该战场"


def parse_move_to_unit(text: str, scope: Scope) -> dict | None:
    chosen = _TO_CHOSEN_BATTLEFIELD.match(text.replace("移动至", "移动到"))
    if chosen and _chosen_battlefield(scope) and len(scope.targets) > 1:  # “将该友方单位移动到此战场”: the one chosen
        what = parse_object(chosen["what"], scope)
        return {"move": {"what": what, "to": {"location_of": {"target": _battlefield_number(scope)}}}}
    match = _TO_UNITS_BATTLEFIELD.match(text.replace("移动至", "移动到"))
    if not match:
        return None
    if not (match["ref"] in PRONOUNS or match["ref"] in _SIDED_PRONOUNS):  # “将一名友方单位移动到一名敌方单位所在的战场”
        mark = len(scope.targets)
        try:
            what, ref = parse_object(match["what"] or match["what_after"], scope), parse_object(match["ref"], scope)
        except NotRead:  # not a unit's battlefield (“移动到相同的战场”): the templates read it
            what = ref = None
        if what != {"target": mark + 1} or ref != {"target": mark + 2}:  # both chosen, in the order they are named
            del scope.targets[mark:]
            return None
        return {"move": {"what": what, "to": {"location_of": ref}}}
    ref = parse_object(match["ref"], scope)
    what = parse_object(match["what"] or match["what_after"], scope)
    if what == ref:
        raise NotRead(f"“{text}”：移动到自己所在的战场")
    return {"move": {**({"what": what} if what is not None else {}), "to": {"location_of": ref}}}


def _render_referent(selector, scope: Scope) -> str:
    """A unit named again (“其”, “该敌方单位”, “该单位”): the words that read back as the same selector."""
    spec = scope.targets[selector["target"] - 1] if _is_target_ref(selector) and selector["target"] <= len(scope.targets) \
        else scope.targets[0] if selector == "target" and len(scope.targets) == 1 else None
    if spec == EVENT_SUBJECT:
        return _render_event_subject(scope)
    if len(scope.targets) == 1 and spec is not None:
        return "其"
    sided = next((words for words, who in _SIDED_PRONOUNS.items() if isinstance(spec, dict) and spec.get("who") == who), None)
    if sided is None or _sided_target(scope, _SIDED_PRONOUNS[sided]) != (selector["target"] if _is_target_ref(selector) else 1):
        raise NotRead(f"所指的单位 {selector}")
    return sided


def render_move_to_unit(params: dict, scope: Scope) -> str:
    if set(params) - {"what", "to"}:
        raise NotRead(f"move {params}")
    ref = params["to"]["location_of"]
    if ref == EVENT_SUBJECT:  # the battlefield the trigger's event is about (read only after such a trigger)
        return _TO_THE_EVENTS_BATTLEFIELD_WORDS.format(what=render_object(params.get("what"), scope))
    index = ref["target"] if _is_target_ref(ref) else 1 if ref == "target" else 0
    if 0 < index <= len(scope.targets) and _is_battlefield(scope.targets[index - 1]):  # the battlefield chosen beside
        return _TO_CHOSEN_BATTLEFIELD_WORDS.format(what=render_object(params.get("what"), scope))
    if params.get("what") == {"target": scope.rendered + 1} and index == scope.rendered + 2:  # both chosen here
        what = render_object(params["what"], scope)
        return _TO_UNITS_BATTLEFIELD_WORDS.format(what=what, ref=render_object(ref, scope))
    chosen = ""
    if index > scope.rendered:  # the unit whose battlefield it is, chosen first (it is read first)
        if index != scope.rendered + 1:
            raise NotRead("目标的次序")
        if scope.targets[index - 1] == EVENT_SUBJECT:  # the triggering event's unit: named by “该单位”, not chosen
            scope.rendered += 1
        else:
            chosen = "选择" + render_object({"target": index}, scope) + "，"
    what = render_object(params.get("what"), scope)
    return chosen + _TO_UNITS_BATTLEFIELD_WORDS.format(what=what, ref=_render_referent(ref, scope))


# -- “每名玩家必须摧毁自己的一名单位”: each player who is named kills one of their own units or gear, their choice (428)

_KILL_OWN = re.compile(r"^(?P<who>每名玩家|每名对手|你)(?:都)?(?:必须)?摧毁(?:自己|你)(?:控制)?的一(?P<kind>名单位|件装备)$")
_KILL_OWN_WHO = {"每名玩家": "each_player", "每名对手": "opponent", "你": "you"}
_KILL_OWN_KINDS = {"名单位": "unit", "件装备": "gear"}


def parse_kill_own(text: str) -> dict | None:
    if _KILL_REST.match(text):
        return {"kill_rest": None}
    match = _KILL_OWN.match(text)
    if not match:
        return None
    who, kind = _KILL_OWN_WHO[match["who"]], _KILL_OWN_KINDS[match["kind"]]
    params = {**({"kind": kind} if kind != "unit" else {}), **({"who": who} if who != "you" else {})}
    return {"kill_own": params or None}


# “每名玩家选择自己控制的一名单位，并摧毁其余的单位”: each keeps one, every other unit is killed together (370.1.a.2)
_KILL_REST = re.compile(r"^每名玩家(?:各)?选择自己控制的一名单位，并摧毁其余(?:的|所有)?单位$")
KILL_REST_WORDS = "每名玩家选择自己控制的一名单位，并摧毁其余的单位"


# “从下一名玩家开始，每名玩家（可以）让一名单位返回…手牌”: each in turn chooses any unit (or, “可以”, none) and returns
# it before the next one chooses (each_chooses)
_EACH_CHOOSES = re.compile(r"^从下一名玩家开始，每名玩家(?P<may>可以(?:选择)?)?让一名单位返回其所属的手牌$")
EACH_CHOOSES_WORDS = "从下一名玩家开始，每名玩家{may}让一名单位返回其所属的手牌"


# “从下一名玩家开始，每名其他玩家选择一个X（且未被此法术选中过的）单位。摧毁选中的所有单位”: each other player in turn picks
# one (``others``, ``card``, ``distinct``: not one picked before), then one kill of them all (``then: kill, together``);
# the sentence after it says what is done, so the choosing is read with ``then`` open until then (`_body`)
_NEXT_FIRST = "从下一名玩家开始，"
_NOT_PICKED = "未被此法术选中过的"
_PICK_IN_TURN = re.compile("^" + _NEXT_FIRST + r"每名(?P<others>其他)?玩家选择一(?:个|名)(?P<what>[^，]*?)(?:且?(?P<distinct>"
                           + _NOT_PICKED + r"))?单位$")
_NOT_YOURS = "不受你控制"  # a unit you don't control: of an opponent (who: enemy)
KILL_PICKED_WORDS = ("摧毁选中的所有单位", "摧毁所有被选中的单位")


def parse_each_chooses(text: str) -> dict | None:
    match = _EACH_CHOOSES.match(text)
    if match:
        return {"each_chooses": {"then": "return_to_hand", **({"may": True} if match["may"] else {})}}
    picks = _PICK_IN_TURN.match(text)
    if not picks:
        return None
    what = picks["what"].removesuffix("的")
    spec = {"who": "enemy"} if what == _NOT_YOURS else dict(parse_subject(what + "单位")["each"]) if what else {}
    return {"each_chooses": {"then": None, **({"others": True} if picks["others"] else {}), **({"card": spec} if spec else {}),
                             **({"distinct": True} if picks["distinct"] else {})}}


def render_each_chooses(params: dict) -> str:
    if params.get("then") == "kill" and params.get("together") and set(params) <= {"then", "together", "others", "card", "distinct"}:
        spec = params.get("card", {})
        what = _NOT_YOURS if spec == {"who": "enemy"} else render_subject({"each": spec}).removeprefix("所有").removesuffix("单位") \
            if spec else ""
        joint = ("且" if what else "") + _NOT_PICKED if params.get("distinct") else ("的" if what and what == _NOT_YOURS else "")
        who = "其他" if params.get("others") else ""
        return f"{_NEXT_FIRST}每名{who}玩家选择一个{what}{joint}单位。{KILL_PICKED_WORDS[0]}"
    if params.get("then") != "return_to_hand" or set(params) - {"then", "may"}:
        raise NotRead(f"each_chooses {params}")
    return EACH_CHOOSES_WORDS.format(may="可以选择" if params.get("may") else "")


def render_kill_own(params: dict) -> str:
    who = next((words for words, value in _KILL_OWN_WHO.items() if value == params.get("who", "you")), None)
    kind = next((words for words, value in _KILL_OWN_KINDS.items() if value == params.get("kind", "unit")), None)
    if who is None or kind is None or set(params) - {"who", "kind"}:
        raise NotRead(f"kill_own {params}")
    return f"{who}摧毁自己的一{kind}"


# -- looking at the top of the main deck (431): one clause opens it, the next ones say what is taken and
# what becomes of the rest; they are one ``look``.

_LOOK = re.compile(rf"^(?:(?P<each>每名对手)(?P<act_each>查看|展示)其|(?P<act>查看|展示)(?:你)?)主牌堆顶部的(?P<c>{_NUMBER})张牌$")
_EACH_OPPONENTS = "每名对手{act}其"  # each opponent's top cards (``whose: opponents``), the controller taking among them all
_LOOK_TAKE = (  # (wording with {card}, the take it means besides its card)
    ("你可以选择从中展示{card}，并抽取该卡牌", {"to": "hand", "may": True}),
    ("选择其中一张加入手牌", {"to": "hand"}),
    ("抽取其中一张", {"to": "hand"}),
    ("如果是{card}，则将其放入你的手牌", {"to": "hand"}),  # a revealed card that fits is taken, no choice
    ("如果是{card}，则抽取该卡牌", {"to": "hand"}),
)
_LOOK_REST = ("回收其余的卡牌", "回收其余卡牌", "回收另一张卡牌", "并回收其余的卡牌", "否则将其回收")
_LOOK_TRASH = "将其余的卡牌置入你的废牌堆"  # “Put the rest into your trash” (rest: trash)
_LOOK_TRASH_OTHERWISE = ("否则将其置入你的废牌堆", "否则将其放入你的废牌堆")  # the one revealed card, when not taken
_LOOK_DRAW = ("抽取其中未被放逐的卡牌",)  # “Draw any you didn't banish” (rest: draw), after a banished take
# A card of any kind taken (the engine's CARD_FILTER without a kind is a unit): “抽取其中一张”, “你可以选择从中抽取一张牌”
_ANY_CARD = {"kind": "any"}
_LOOK_ANY = ("你可以选择从中抽取一张牌", {"to": "hand", "may": True})
# “（你可以选择）（从中）放逐CARD/其中一张。将其打出（，PRICE）”: two sentences, one take — banished, then played from the
# banishment (427.1, 419.3); the first alone is not read (``_BANISHED`` waits for the second)
_BANISH_TAKE = re.compile(r"^(?P<may>你可以选择)?(?:从中放逐(?P<card>.+)|放逐其中一张|你?从中选择一张，将其放逐)$")
_PLAY_BANISHED = re.compile(r"^(?:将其打出|(?:将其)?当作自己的牌打出)" + _PRICE)  # played by the controller: as their own
_BANISHED = "_banished"
# after a take that plays the card: a unit of it goes here, or may (the player's choice, 355.2.b)
_TAKEN_HERE = {"如果打出的卡牌为单位，则可以选择将其打出到此处": "base_or_here", "如果其为单位，则将其打出到此处": "here"}


def parse_look(text: str) -> dict | None:
    match = _LOOK.match(text)
    if not match:
        return None
    reveal = (match["act"] or match["act_each"]) == "展示"
    return {"look": {"amount": number(match["c"]), **({"reveal": True} if reveal else {}),
                     **({"whose": "opponents"} if match["each"] else {})}}


# a look at N cards (N > 1) followed by “从这N张牌中回收任意数量的卡牌” + “其余的…按任意顺序放回” is
# predicting N cards as 436.1.a defines it (recycle any number, the rest back on top in any order): ``predict: N``
_PREDICTED = re.compile(rf"^(?:你可以选择)?从(?:这(?P<c>{_NUMBER})张牌|其)中回收任意数量的卡牌，(?:并)?将其余的卡牌按任意顺序放回(?:原处|主牌堆顶部)$")


def _predicted(effect: dict, text: str) -> bool:
    match = _PREDICTED.match(text) if set(effect) == {"look"} and set(effect["look"]) == {"amount"} else None
    return bool(match) and isinstance(effect["look"]["amount"], int) and effect["look"]["amount"] > 1 and \
        (match["c"] is None or number(match["c"]) == effect["look"]["amount"])


def continue_look(look: dict, text: str) -> bool:
    """Whether *text* says more of the *look* before it (what is taken, what becomes of the rest); then it is added."""
    params = look["look"]
    # a revealed card taken if it fits, “否则将其回收”; after any other take, “回收其余的卡牌”
    conditional = bool(params.get("reveal")) and not params.get("take", {}).get("banish")
    for trashed in _LOOK_TRASH_OTHERWISE:  # a revealed card that does not fit goes to the trash
        if conditional and text.endswith("，" + trashed) and "rest" not in params:
            if not continue_look(look, text[:-len(trashed) - 1]):
                return False
            params["rest"] = "trash"
            return True
    for rest in _LOOK_REST:
        if text.endswith("，" + rest) and "rest" not in params and (rest == "否则将其回收") == conditional:
            if not continue_look(look, text[:-len(rest) - 1]):
                return False
            params["rest"] = "recycle"
            return True
    if text in _LOOK_REST and "rest" not in params and (text != "回收另一张卡牌" or params["amount"] == 2) and \
            (text == "否则将其回收") == conditional:
        params["rest"] = "recycle"
        return True
    if text == _LOOK_TRASH and "rest" not in params and not params.get("reveal"):
        params["rest"] = "trash"
        return True
    if text in _LOOK_DRAW and "rest" not in params and params.get("take", {}).get("banish") and "whose" not in params:
        params["rest"] = "draw"
        return True
    take = params.get("take", {})
    at = _TAKEN_HERE.get(text)
    if at and take.get("to") == "play" and "at" not in take and "rest" not in params:  # where a unit it plays goes
        take["at"] = at
        return True
    if take.get(_BANISHED) and "rest" not in params:
        played = _PLAY_BANISHED.match(text)
        if not played or played["less"]:  # a look's take has no discount of an amount
            return False
        take.pop(_BANISHED)
        take.update({"to": "play", "banish": True})
        if played["price"]:
            take["ignore_cost"] = _PRICES[played["price"]]
        if played["discount"]:
            take["discount"] = _CIRCLED.index(played["discount"])
        return True
    if "take" in params or "rest" in params:
        return False
    banished = _BANISH_TAKE.match(text)
    if banished:
        # “从中放逐一张牌”: any card (a filter without a kind would be a unit's)
        card = (parse_card(banished["card"]) if banished["card"] else None) or dict(_ANY_CARD)
        params["take"] = {"card": card, **({"may": True} if banished["may"] else {}), _BANISHED: True}
        return True
    if text == _LOOK_ANY[0] and not params.get("reveal"):
        params["take"] = {"card": dict(_ANY_CARD), **_LOOK_ANY[1]}
        return True
    for words, take in _LOOK_TAKE:
        if words.startswith("如果是") != bool(params.get("reveal")):
            continue
        pattern = "^" + re.escape(words).replace(r"\{card\}", "(?P<card>.+)") + "$"
        match = re.match(pattern, text)
        if match:
            card = parse_card(match["card"]) if "card" in match.groupdict() else {}
            params["take"] = {"card": card or dict(_ANY_CARD), **take}
            return True
    return False


def render_look(params: dict) -> str:
    reveal = params.get("reveal", False)
    if set(params) - {"amount", "take", "rest", "reveal", "whose"} or params.get("whose", "opponents") != "opponents" or params.get("rest", "recycle") not in ("recycle", "trash", "draw") or \
            not isinstance(params["amount"], int) or reveal not in (True, False) or (reveal and "take" not in params and "rest" in params):
        raise NotRead(f"查看 {params}")
    act = "展示" if reveal else "查看"
    text = f"{_EACH_OPPONENTS.format(act=act) if 'whose' in params else act + '你'}主牌堆顶部的{chinese(params['amount'])}张牌"
    if "take" in params and params["take"].get("banish"):
        text += "。" + _render_banished({k: v for k, v in params["take"].items() if k != "at"})
        at = params["take"].get("at")
        if at:
            text += "。" + next(words for words, value in _TAKEN_HERE.items() if value == at)
    elif "take" in params:
        take = dict(params["take"])
        card = take.pop("card", {})
        if card == _ANY_CARD and take == _LOOK_ANY[1] and not reveal:
            words = _LOOK_ANY[0]
        else:
            named = bool(card and card != _ANY_CARD)
            words = next((w for w, t in _LOOK_TAKE if t == take and w.startswith("如果是") == reveal
                          and ("{card}" in w) == (named or bool(take.get("may"))) and (named or card == _ANY_CARD)),
                         None)
        if words is None:
            raise NotRead(f"查看后取牌 {params['take']}")
        text += "。" + words.replace("{card}", render_card(card))
    if "rest" not in params:
        return text
    if params["rest"] == "trash" and reveal and not params["take"].get("banish"):
        return text + "，" + _LOOK_TRASH_OTHERWISE[0]
    if params["rest"] == "trash":
        return text + "。" + _LOOK_TRASH
    if params["rest"] == "draw":
        if not params.get("take", {}).get("banish"):
            raise NotRead(f"查看 {params}")
        return text + "。" + _LOOK_DRAW[0]
    return text + ("，否则将其回收" if reveal and not params["take"].get("banish") else "。回收其余的卡牌")


def _render_banished(take: dict) -> str:
    if take.get("to") != "play" or set(take) - {"card", "may", "to", "banish", "ignore_cost", "discount"}:
        raise NotRead(f"查看后取牌 {take}")
    card = take.get("card", _ANY_CARD)
    words = ("你可以选择" if take.get("may") else "") + ("放逐其中一张" if card == _ANY_CARD else "从中放逐" + render_card(card))
    price = next((words for words, value in _PRICES.items() if value == take.get("ignore_cost")), "") if "ignore_cost" in take else ""
    discount = take.get("discount")
    if discount is not None:
        if price or not 0 < discount < len(_CIRCLED):
            raise NotRead(f"查看后取牌 {take}")
        price = f"其费用减少{_CIRCLED[discount]}"
    return words + "。将其打出" + ("，" + price if price else "")


# “…逐一展示卡牌，直到翻出一名单位为止，将其放逐” + “将其打出，无视费用” + “回收其余的卡牌”: one reveal_until
# (reveal until a unit, banish it, play it ignoring its cost, recycle the rest), read over its sentences; each part is
# needed (``_STEPS`` waits for the next), none is guessed
_REVEAL_UNTIL = re.compile(r"^从(?:你的)?主牌堆顶部开始逐一展示卡牌，直到(?:翻出|展示出)一名单位为止，将其放逐$")
_REVEAL_STEPS = (("打出", re.compile(r"^(?:然后)?将其打出，无视(?:其)?费用(?P<rest>，(?:并|然后)?回收其余的卡牌)?$")),
                 ("回收", re.compile(r"^(?:并|然后)?回收其余的卡牌$")))
_STEPS = "_steps"
_REVEAL_WORDS = "从你的主牌堆顶部开始逐一展示卡牌，直到展示出一名单位为止，将其放逐。将其打出，无视其费用。回收其余的卡牌"


def parse_reveal_until(text: str) -> dict | None:
    return {"reveal_until": {"card_type": "unit", _STEPS: ["打出", "回收"]}} if _REVEAL_UNTIL.match(text) else None


def continue_reveal(effect: dict, text: str) -> bool:
    """Whether *text* is the next part of the reveal_until before it (then it is taken)."""
    steps = effect["reveal_until"].get(_STEPS, [])
    pattern = next((pattern for step, pattern in _REVEAL_STEPS if steps and step == steps[0]), None)
    found = pattern.match(text) if pattern else None
    if not found:
        return False
    del steps[: 2 if found.groupdict().get("rest") else 1]
    if not steps:
        effect["reveal_until"].pop(_STEPS)
    return True


# “将此牌贴附到你控制的一名单位上”: a gear's own ability attaching it (434), the unit chosen; ``attach`` names the gear, so
# the card's own name is put in as the card is compiled (``_OWN_GEAR`` until then). “其” is this card only after a trigger
# about it (no event unit, nothing chosen before). The rendering names it: “将“NAME”贴附到…上”, read back the same.
_ATTACH = re.compile(r"^将(?P<what>其|此牌|此装备|“(?P<name>[^”]+)”)贴附到(?P<to>.+?)上$")
_OWN_GEAR = "_own_gear"
_ATTACHED = "attached"  # ``attach: {gear: attached, of}``: one of the Equipment attached to the unit ``of`` names
_ONE_OF_ITS_EQUIPMENT_TO_ME = ("将其中一件武装贴附到我身上", "将其中一件武装贴附到我上")
# “为该单位贴附或卸除该武装”: the unit and the gear chosen (one each), the gear attached to it or detached from it
_ATTACH_OR_DETACH = re.compile(r"^为(?P<unit>该单位|其)贴附或卸除(?P<gear>该武装|该装备)$")
_ATTACH_OR_DETACH_WORDS = "为该单位贴附或卸除该武装"


def _chosen_pair(scope: Scope) -> tuple[int, int] | None:
    """(unit, gear): the numbers of the one unit and the one gear chosen, when they are the two targets."""
    kinds = [spec.get("kind", "unit") if isinstance(spec, dict) else "" for spec in scope.targets]
    return (kinds.index("unit") + 1, kinds.index("gear") + 1) if sorted(kinds) == ["gear", "unit"] else None


def _attach_or_detach(match: re.Match, scope: Scope) -> dict:
    pair = _chosen_pair(scope)
    if pair is None:
        raise NotRead(f"“{match[0]}”：所选的单位与装备")
    unit, gear = ({"target": n} for n in pair)
    return {"one_of": [[{"attach": {"gear": gear, "to": unit}}], [{"detach": {"to": gear, "from": unit}}]]}


def _is_attach_or_detach(effect: dict, scope: Scope) -> bool:
    pair = _chosen_pair(scope)
    if pair is None or set(effect) != {"one_of"}:
        return False
    unit, gear = ({"target": n} for n in pair)
    return effect["one_of"] == [[{"attach": {"gear": gear, "to": unit}}], [{"detach": {"to": gear, "from": unit}}]]


def parse_attach(text: str, scope: Scope) -> dict | None:
    either = _ATTACH_OR_DETACH.match(text)
    if either:
        return _attach_or_detach(either, scope)
    if text in _ONE_OF_ITS_EQUIPMENT_TO_ME:  # “将其中一件武装贴附到我身上”: one of the one unit chosen's, to me
        if len(scope.targets) != 1 or not isinstance(scope.targets[0], dict) or scope.targets[0].get("kind", "unit") != "unit":
            raise NotRead(f"“{text}”：谁的武装")
        return {"attach": {"gear": _ATTACHED, "of": {"target": 1}, "to": "self"}}
    match = _ATTACH.match(text)
    if not match:
        return None
    if match["what"] == "其" and scope.made == _MADE_BY_PLAY and not scope.targets and not scope.event_unit \
            and match["to"] in ("我", "我身"):  # the gear just played, to me (“将其贴附到我身上”)
        return {"attach": {"gear": CREATED}}
    if match["what"] == "其" and (scope.event_unit or scope.targets):
        raise NotRead("“其”指代不明")
    unit = parse_object(match["to"], scope)
    if unit != {"target": len(scope.targets)} or scope.targets[-1].get("who") != "friendly" or len(scope.targets) != 1:
        raise NotRead(f"贴附到“{match['to']}”")
    return {"attach": match["name"] or _OWN_GEAR}


def render_attach(name: str, scope: Scope) -> str:
    return f"将“{name}”贴附到{render_object({'target': 1}, scope)}上"


def own_gear(entry, name: str, card_type: str):
    """*entry* with ``_OWN_GEAR`` the card's name: a gear's own (none for any other card)."""
    if isinstance(entry, list):
        return [own_gear(item, name, card_type) for item in entry]
    if isinstance(entry, dict):
        if entry.get("attach") == _OWN_GEAR:
            if card_type != "gear" or not name:
                raise NotRead("贴附此牌：此牌不是装备")
            return {**entry, "attach": name}
        return {key: own_gear(value, name, card_type) for key, value in entry.items()}
    return entry


_RECYCLE_IT = ("将其回收", "回收该法术")  # after a spell played by the effect: “then recycle it”
_PLAY_UNIT_THERE_TOO = "如果其为单位，则将其打出到此处"  # after a play: a unit it plays goes where the source is (``at: here``)


def continues(effect: dict, text: str) -> bool:
    """Whether *text* says more of the *effect* before it, read over several sentences (look, reveal_until; a play's
    “如果其为单位，则将其打出到此处”), also the last effect of a “you may (pay)” before it."""
    if set(effect) == {"look"}:
        return continue_look(effect, text)
    if set(effect) == {"reveal_until"}:
        return continue_reveal(effect, text)
    if set(effect) == {"reveal_hand"}:
        return _picked(effect, text)
    if set(effect) == {"recycle"}:
        return continue_recycle(effect, text)
    if set(effect) == {"play"} and text == _PLAY_UNIT_THERE_TOO and effect["play"].get("at") == "any":
        effect["play"]["at"] = "here"
        return True
    if set(effect) == {"play"} and text in _RECYCLE_IT and effect["play"].get("card", {}).get("kind") == "spell" \
            and "then" not in effect["play"]:
        effect["play"]["then"] = "recycle"  # “然后将其回收”: the spell played is recycled as it leaves the chain (390.3.a)
        return True
    nested = _maybe_done(effect)
    return bool(nested) and continues(nested[-1], text)


def _maybe_done(effect: dict) -> list[dict]:
    """The effects a “你可以（选择）（支付X，以此）” effect does, or none."""
    nested = effect.get("may") if set(effect) == {"may"} else (effect.get("may_pay") or {}).get("then") \
        if set(effect) == {"may_pay"} else None
    return nested if isinstance(nested, list) else []


# -- a hand revealed and a card chosen from it (424.1): “让一名对手展示手牌。从中选择一张，让对手将其弃置” -------------
# The revealing player is the chosen one (“一名对手” chosen here, or “其/该对手/对手” chosen before); the choice of the
# card is the effect's controller's, its owner discards or recycles it.
_REVEALER = {"一名对手": "一名对手", "一名玩家": "一名玩家", "其": "", "该对手": "enemy", "对手": "enemy", "该玩家": ""}
_REVEAL_HAND = re.compile(r"^(?:(?:指定|选择)(?P<chosen>一名对手|一名玩家)，)?让(?P<who>" + "|".join(_REVEALER) +
                          r")展示(?:自己的|其)?手牌(?:，(?:然后|并)?(?P<rest>.+))?$")
_PICK = re.compile(r"^(?:然后|并)?(?:你)?从(?:中|其手牌中)选择(?P<card>一[张名件][^，]*)，(?:并)?让(?:对手|该对手|其)将其(?P<then>弃置|回收)$")
_PICK_WORDS = {"弃置": "discard", "回收": "recycle"}


# “本回合内，你可以查看该对手正面朝下的卡牌” after an opponent was chosen: their facedown cards, private (128.4), are
# the controller's to look at this turn (``look_facedown``); the first wording is written
LOOK_FACEDOWN_WORDS = ("本回合内，你可以选择查看该对手正面朝下的卡牌", "在本回合内，你可以选择查看该对手正面朝下的卡牌",
                       "本回合内，你可以选择查看其正面朝下的卡牌")


def parse_look_facedown(text: str, scope: Scope) -> dict | None:
    if text not in LOOK_FACEDOWN_WORDS:
        return None
    chosen = _chosen_player(scope)
    if chosen is None or chosen.get("who") != "enemy":
        raise NotRead(f"“{text}”之前没有选择一名对手")
    return {"look_facedown": {"who": CHOSEN_PLAYER}}


def parse_reveal_hand(text: str, scope: Scope) -> dict | None:
    match = _REVEAL_HAND.match(text)
    if not match:
        return None
    named, who = match["chosen"], match["who"]
    if named and _REVEALER[who] not in ("", "enemy"):
        raise NotRead(text)  # “选择一名对手，让一名对手…”: two players
    if named or who in PLAYER_WORDS:
        parse_object(named or who, scope)  # the player chosen (355.5)
    chosen = _chosen_player(scope)
    if chosen is None or (_REVEALER[who] == "enemy" and chosen.get("who") != "enemy"):
        raise NotRead(f"“{who}”不是选择的玩家")
    effect: dict = {"reveal_hand": {"who": CHOSEN_PLAYER}}
    if match["rest"] and not _picked(effect, match["rest"]):
        raise NotRead(match["rest"])
    return effect


# “从其手牌中选择一张卡牌” after the hand was revealed, and in the next sentence “若如此做，则让该对手弃置该卡牌”: the pick as an
# instruction of its own (``pick_from_hand``, its ``then`` from that sentence), the effect of a cost paid between them (204.3.b)
_PICK_ONLY = re.compile(r"^(?:你)?从(?:其|该对手的|对手的)手牌中选择(?P<card>一[张名件][^，]*)"
                        r"(?:，让(?:对手|该对手|其)将其(?P<then>弃置|回收))?$")
_PICKED_DONE = re.compile(r"^让(?:该对手|对手|其)(?P<then>弃置|回收)(?:该卡牌|该牌|这张牌)(?:，并(?P<rest>.+))?$")


def parse_pick_from_hand(text: str, scope: Scope) -> dict | None:
    match = _PICK_ONLY.match(text)
    if not match or _chosen_player(scope) is None:
        return None
    card = {"kind": "any"} if match["card"] in ("一张", "一张卡牌", "一张牌") else parse_card(match["card"])
    then = {"then": _PICK_WORDS[match["then"]]} if match["then"] else {}
    return {"pick_from_hand": {"who": CHOSEN_PLAYER, "card": {"kind": "any", **card}, **then}}


def _unfinished_pick(effects: list[dict]) -> dict | None:
    """The ``pick_from_hand`` params still without their ``then``, last of *effects* or of the “you may pay” ending them."""
    last = effects[-1] if effects else None
    if last and set(last) == {"pick_from_hand"} and "then" not in last["pick_from_hand"]:
        return last["pick_from_hand"]
    return _unfinished_pick(_maybe_done(last)) if last else None


def finish_pick(effects: list[dict], text: str, scope: Scope) -> bool:
    """“让该对手弃置该卡牌，并抽一张牌” after an unfinished pick: its ``then``, and what the same player does next, added where
    the pick is (inside the “you may pay”: what “if you do” conditions is the paid branch)."""
    pick, match = _unfinished_pick(effects), _PICKED_DONE.match(text)
    if pick is None or not match:
        return False
    pick["then"] = _PICK_WORDS[match["then"]]
    if match["rest"]:
        done = parse_instructions("让其" + match["rest"], scope)
        if not all(_params(effect)[1].get("who") == CHOSEN_PLAYER for effect in done):
            raise NotRead(match["rest"])
        branch = effects if set(effects[-1]) == {"pick_from_hand"} else _maybe_done(effects[-1])
        branch += done
    return True


def render_pick_from_hand(params: dict) -> str:
    if set(params) != {"who", "card", "then"} or params["who"] != CHOSEN_PLAYER:
        raise NotRead(f"选牌 {params}")
    card = "一张卡牌" if params["card"] == {"kind": "any"} else render_card(params["card"])
    then = next(words for words, then in _PICK_WORDS.items() if then == params["then"])
    return f"从其手牌中选择{card}，让其将其{then}"


def _picked(effect: dict, text: str) -> bool:
    """“从中选择一张CARD，让对手将其弃置/回收” after the hand was revealed: the card the controller picks from it."""
    match = _PICK.match(text)
    if not match or "pick" in effect["reveal_hand"]:
        return False
    card = {"kind": "any"} if match["card"] == "一张" else parse_card(match["card"])
    effect["reveal_hand"]["pick"] = {"card": {"kind": "any", **card}, "then": _PICK_WORDS[match["then"]]}
    return True


def render_reveal_hand(params: dict) -> str:
    pick = params.get("pick")
    if params.get("who") != CHOSEN_PLAYER or set(params) - {"who", "pick"}:
        raise NotRead(f"展示手牌 {params}")
    if not pick:
        return "让其展示手牌"
    card = "一张" if pick["card"] == {"kind": "any"} else render_card(pick["card"])
    then = next(words for words, then in _PICK_WORDS.items() if then == pick["then"])
    return f"让其展示手牌，然后从中选择{card}，让其将其{then}"


def unfinished_look(effects: list[dict]) -> bool:
    """A look whose “放逐其中一张” was not followed by “将其打出”, a reveal_until without its play or recycling: a part alone
    is no effect the language has (also inside a “you may (pay)”)."""
    for effect in effects:
        if unfinished_look(_maybe_done(effect)):
            return True
        if set(effect) == {"look"} and _BANISHED in effect["look"].get("take", {}) or \
                set(effect) == {"reveal_until"} and _STEPS in effect["reveal_until"] or \
                set(effect) == {"recycle"} and _CHOSEN_FIRST in (effect["recycle"] or {}):
            return True
    return False


# -- instructions: effects in sequence, “然后”, “你可以”, “若如此做” ---------------------------

_MAY = re.compile(r"^(?:你)?可以(?:选择)?")
_JOINT = re.compile("，再|，并|，且|，|、并|、|并")  # “A、B、并C”: a list of instructions too
_SHARED_OBJECT = re.compile(r"^让(?P<what>我|其|它|该单位)(?P<first>变为活跃状态|变为休眠状态)，且本回合内?(?P<second>战力[+-]\d+)$")  # one object, named once


_ALSO_GAINS = re.compile(rf"^让(?P<to>[^，]+?)在本回合内(?P<might>战力[+-]\d+)，并获得(?P<gains>{_KEYWORD})$")
_FIGHT_NAMED = re.compile(r"^让(?P<pair>一名[^，]+和一名[^，]+?)相互以自身战力给对方造成伤害$")


def _choose_both(text: str, scope: Scope) -> list[dict]:
    """“选择任意一名友方和一名敌方单位”: two targets, the noun said once after the second (“一名友方” is a unit)."""
    first, _, second = text.partition("和")
    mark = len(scope.targets)
    for words in (first if first.endswith("单位") else first + "单位", second):
        if parse_object(words, scope) != {"target": len(scope.targets)}:
            del scope.targets[mark:]
            raise NotRead(f"选择“{text}”")
    return []


_BUFF_BONUS = re.compile(r"^(?:在)?本回合内，所有增益可额外给予友方单位战力\+(?P<n>\d+)$")
_BUFF_BONUS_WORDS = "在本回合内，所有增益可额外给予友方单位战力+{n}"
_RETURN_CHAMPION_WORDS = ("让你的选定英雄从废牌堆返回英雄区域", "让该英雄从废牌堆中返回英雄区域", "让你的选定英雄从你的废牌堆返回你的英雄区域")
_HIDE_FREE_WORDS = ("在本回合内，你可以选择无视费用地正面朝下布置待命卡牌", "在本回合内，你可以选择无视费用地隐藏卡牌",
                    "本回合内，你可以选择无视费用地正面朝下布置待命卡牌")


def parse_instructions(text: str, scope: Scope) -> list[dict]:
    """The effects of a clause body: one effect, or effects joined by “，并”/“并”/“，”.

    “选择X” chooses the ability's target and does nothing else: what follows acts on “其”.
    """
    text = re.sub(r"^(选择[^，]+)，(和[^，]+)", r"\1\2", text)  # “选择X，和Y”: the two chosen, the comma a pause
    # “让X在本回合内获得我的关键词和等同于我战力的+战力加成”: two instructions on X, the keywords and then the Might
    text = re.sub(r"^让([^，]+?)在本回合内获得我的关键词和(等同于[^，]+的\+?战力加成)$", r"让\1在本回合内获得我的关键词，并让其在本回合内获得\2", text)
    text = re.sub(r"^(选择[^，]+)，以及([^，]+)", r"\1和\2", text)  # “选择一处战场，以及该处的…”: the same
    choose = re.match(r"^(?P<each>在每个位置)?选择(?P<what>[^，]+)(?:，并?(?P<rest>.+))?$", text)  # “选择X，并对…”: X, then
    if choose and choose["rest"] in _FIGHT and "和" in choose["what"] and not choose["each"]:
        return _choose_both(choose["what"], scope) + parse_instructions(choose["rest"], scope)
    if choose:
        mark = len(scope.targets)
        what = (_PER_LOCATION if choose["each"] else "") + choose["what"]
        try:
            chosen = parse_object(what, scope)
            if chosen == {_JOINED_TARGETS: [mark + 1, mark + 2]} and len(scope.targets) == mark + 2:
                chosen = {"target": mark + 1}  # “选择X和Y”: both chosen, nothing done to them yet
            elif len(scope.targets) != mark + 1:
                chosen = None
            if chosen != {"target": mark + 1}:
                raise NotRead(f"选择“{choose['what']}”")
            return parse_instructions(choose["rest"], scope) if choose["rest"] else []
        except NotRead:
            del scope.targets[mark:]
    grouped = parse_group(text, scope)
    if grouped is not None:
        return grouped
    if text.startswith("我可以选择") and text[len("我可以选择"):] in _FOLLOW_WORDS:  # “I may be moved with it”: the same
        text = "你可以选择" + text[len("我可以选择"):]
    delayed = _at_turn_end(text, scope) or _next_time_you_play(text) or _next_time_it(text, scope) or \
        _this_turn_whenever(text) or _at_next_main(text)
    if delayed:
        return delayed
    granted = parse_granted(text, scope)
    if granted:
        return [granted]
    if text in _RETURN_CHAMPION_WORDS:  # 108.3.c.1: your Chosen Champion back to an empty Champion Zone
        return [{"return_champion": None}]
    if text in _HIDE_FREE_WORDS:  # 811.1.b: this turn the controller hides cards without paying the hide cost
        return [{"hide_free": None}]
    bonus = _BUFF_BONUS.match(text)
    if bonus:  # this turn each buff on your units gives +N Might more (702); before the “本回合内，X战力+N” word orders
        return [{"buff_bonus": int(bonus["n"])}]
    lets = _UNLESS_LETS.match(text)
    if lets:  # “除非其控制者选择让你X，否则Y”: the chosen one's controller decides whether you do X; Y when they do not
        return [{"unless_lets": {"then": parse_instructions(lets["act"], scope),
                                 "otherwise": parse_instructions(lets["rest"], scope)}}]
    unless = _UNLESS_PAYS.match(text)
    if unless:  # “除非其控制者选择支付②，否则Y”: the chosen one's controller decides and pays; Y when they do not
        return [{"may_pay": {"cost": _paid(unless["cost"]), "payer": "target_controller",
                             "otherwise": parse_instructions(unless["rest"], scope)}}]
    conditional = _CONDITION.match(text)
    if conditional and not _INSTEAD.match(text):
        return _if(_of_the_chosen(parse_condition(conditional["condition"]), scope), parse_instructions(conditional["rest"], scope))
    if re.match(r"^你可以选择(?:任意数量|最多)", text):  # choosing any number, or up to N, may choose none (355.13)
        return parse_instructions(text[len("你可以"):], scope)
    if re.match(r"^你可以选择一[名个][^，]+$", text):  # “你可以选择一名X。” and what follows acts on it: up to one chosen
        return parse_instructions("选择最多" + text[len("你可以选择"):], scope)
    spent = _spent_to(text, scope)
    if spent:
        return spent
    paying = parse_pay_any(text, scope)
    if paying:
        return [paying]
    may = _MAY.match(text)
    if may:
        chosen, by_doing, then = re.sub("，从而", "，以此", text[may.end():], count=1).partition("，以此")
        paying = re.fullmatch(r"(支付[^，来以]+)(?:来|以|，)(.+)", chosen) if not by_doing else None
        if paying:  # “你可以选择支付①来获得1经验”, “…支付①，将…”: the same as “…支付①，以此…”
            chosen, by_doing, then = paying[1], "来", paying[2]
        elif not by_doing:  # “你可以选择弃置一张手牌来抽两张牌”: X来Y, X an instruction, the same as “X，以此Y”
            chosen, by_doing, then = _done_to(chosen, scope)
        paid_alone = _payment_alone(chosen) if not by_doing else None
        if paid_alone:  # “你可以选择支付①。若如此做，Y”: Y, the next sentence's, is what paying does (``_body``)
            return [{"may_pay": {"cost": paid_alone, "then": []}}]
        if not by_doing:
            return [{"may": parse_instructions(chosen, scope)}]
        if chosen.startswith("支付") and then in _PLAY_ME:
            return [parse_play_me(chosen[2:])]
        if re.fullmatch(r"消耗\d+经验", chosen):  # “你可以选择消耗3经验，以此…” (730.2)
            return [{"may_pay": {"cost": parse_cost(chosen), "then": parse_instructions(then, scope)}}]
        if chosen.startswith("支付") and _XP_PAID.fullmatch(chosen[2:]):  # “你可以选择支付2经验，…”: the same
            return [{"may_pay": {"cost": {"xp": int(_XP_PAID.fullmatch(chosen[2:])["xp"])},
                                 "then": parse_instructions(then, scope)}}]
        if chosen.startswith("支付"):
            return [{"may_pay": {"cost": _paid(chosen[2:]), "then": parse_instructions(then, scope)}}]
        done = [with_param(effect, "if", {"you_did": True}) for effect in parse_instructions(then, scope)]
        return [{"may": parse_instructions(chosen, scope)}, *done]
    per = _PER.match(text)
    if per:
        return parse_per(per, scope)
    among = _PER_REVEALED.match(text) if scope.revealed else None
    if among:
        return parse_per_revealed(among, scope)
    per_tag = parse_per_tag(text, scope)
    if per_tag:
        return per_tag
    if text.startswith(_PER_BATTLEFIELD):
        return _per_battlefield(text[len(_PER_BATTLEFIELD):], scope)
    if text.startswith(_PER_ANY_BATTLEFIELD):
        return _per_battlefield(text[len(_PER_ANY_BATTLEFIELD):], scope, _ALL_BATTLEFIELDS)
    grants = parse_grants(text, scope) or _this_turn_mights(text, scope) or _units_and_gear(text, scope)
    if grants:
        return grants
    shared = _SHARED_OBJECT.match(text)
    if shared:  # “让我变为活跃状态，且本回合战力+1”: the second effect acts on the first one's object
        return parse_instructions(f"让{shared['what']}{shared['first']}，并让{shared['what']}本回合内{shared['second']}", scope)
    also = _ALSO_GAINS.match(text)
    if also:  # “让X在本回合内战力+2，并获得强攻”: the keyword to the same one, for as long
        return parse_instructions(f"让{also['to']}在本回合内{also['might']}，并让其在本回合内获得{also['gains']}", scope)
    fight = _FIGHT_NAMED.match(text)
    if fight:  # “让一名友方单位和一名敌方单位相互以自身战力…”: the two chosen, then they fight
        return parse_instructions(f"选择{fight['pair']}，{_FIGHT[0]}", scope)
    try:
        return [parse_effect(text, scope)]
    except NotRead:
        for joint in _JOINT.finditer(text):
            if joint[0] == "、" and "或" in text[joint.end():]:  # “A、B或C”: a list of choices (one_of), not of instructions
                continue
            mark = len(scope.targets)
            try:
                return [parse_effect(text[:joint.start()], scope), *parse_instructions(text[joint.end():], scope)]
            except NotRead:
                del scope.targets[mark:]
        toggled = _READY_OR_EXHAUST.match(text)
        if toggled:  # “让一名传奇变为活跃或休眠状态”: the one chosen, readied or exhausted as it resolves (one_of)
            ready = parse_effect(f"让{toggled['to']}变为活跃状态", scope)
            return [{"one_of": [[ready], [{"exhaust": ready["ready"]}]]}]
        either = _one_of(text, scope)
        if either:
            return either
        raise


def _done_to(chosen: str, scope: Scope) -> tuple[str, str, str]:
    """(X, “来”, Y) of “X来Y” when both sides read as instructions (tried on a copy of *scope*: the reading that follows
    chooses its targets itself), else (*chosen*, "", "")."""
    for joint in re.finditer("来", chosen):
        trial = copy.deepcopy(scope)
        try:
            parse_instructions(chosen[:joint.start()], trial)
            parse_instructions(chosen[joint.end():], trial)
        except NotRead:
            continue
        return chosen[:joint.start()], "来", chosen[joint.end():]
    return chosen, "", ""


def _payment_alone(chosen: str) -> dict | None:
    """The cost of “你可以选择支付①” / “…支付2经验” / “…消耗2经验” said alone, or None."""
    if re.fullmatch(r"消耗\d+经验", chosen):
        return parse_cost(chosen)
    if not chosen.startswith("支付"):
        return None
    xp = _XP_PAID.fullmatch(chosen[2:])
    return {"xp": int(xp["xp"])} if xp else _paid(chosen[2:])


def _awaiting_payment(effects: list[dict]) -> dict | None:
    """The last instruction's “you may pay” params when what paying does is still to be read (its ``then`` empty)."""
    last = effects[-1] if effects else None
    return last["may_pay"] if last and set(last) == {"may_pay"} and last["may_pay"].get("then") == [] else None


def _spent_to(text: str, scope: Scope) -> list[dict] | None:
    """“消耗它们的增益，以此Y” (204.3.b: a cost within a spell's instructions): each chosen unit has a buff to spend (its
    filter says so, checked again as it resolves), so the cost is always paid and Y follows it."""
    cost, by_doing, then = text.partition("，以此")
    if not by_doing or not cost.startswith("消耗"):
        return None
    spend = parse_effect(cost, scope)
    selector = spend.get("spend_buff", {}).get("to") if isinstance(spend.get("spend_buff"), dict) else None
    spec = scope.targets[selector["target"] - 1] if _is_target_ref(selector) else {}
    if not isinstance(spec, dict) or not spec.get("buffed") or spec.get("who") != "friendly":  # only yours (702.2.b)
        raise NotRead(f"“{cost}”：消耗的增益可能不存在，或不是你的")
    return [spend, *parse_instructions(then, scope)]


# 204.3.b: a cost of any size within instructions, “支付任意数量的任意符能，以此Y” (``pay_any``): in Y “该数量” and “获得等量的…”
# are the amount paid, read once as it was paid
_PAY_ANY = re.compile(r"^支付任意数量的(?P<what>任意符能|法力|能量)(?:来|，以此|，)(?P<rest>.+)$")
_PAY_ANY_WORDS = {"任意符能": "power", "法力": "energy", "能量": "energy"}
_ADD_PAID = re.compile(r"^获得等量的(?P<what>任意符能|法力|能量)$")
# “你可以选择消耗任意数量的增益。每消耗一个增益，便Y”: buffs of your units, as many as the controller chooses; Y that often
_SPEND_ANY_BUFFS = re.compile(r"^你?(?:可以|可)选择消耗任意数量的增益$")
_PER_BUFF_SPENT = re.compile(r"^每消耗一个增益，(?:便|就)(?P<rest>.+)$")
_SPEND_ANY_BUFFS_WORDS = "你可以选择消耗任意数量的增益。每消耗一个增益，便"


def parse_pay_any(text: str, scope: Scope) -> dict | None:
    if _SPEND_ANY_BUFFS.match(text):  # what spending does is the next sentence's (“每消耗一个增益，便Y”, ``_body``)
        return {"pay_any": {"resource": "buffs", "then": []}}
    match = _PAY_ANY.match(text)
    if not match:
        return None
    added = _ADD_PAID.match(match["rest"])
    if added:
        then = [{"add": {_PAY_ANY_WORDS[added["what"]]: dict(PAID)}}]
    else:
        scope.paying = True
        try:
            then = parse_instructions(match["rest"], scope)
        finally:
            scope.paying = False
    return {"pay_any": {"resource": _PAY_ANY_WORDS[match["what"]], "then": then}}


def render_pay_any(params: dict, scope: Scope) -> str:
    paid = "任意符能" if params["resource"] == "power" else "法力"
    then = params["then"]
    if params["resource"] == "buffs":
        if len(then) != 1 or set(then[0]) != {"repeat"} or set(then[0]["repeat"]) != {"times", "effects"} or \
                then[0]["repeat"]["times"] != PAID:
            raise NotRead(f"消耗任意数量的增益 {params}")
        return _SPEND_ANY_BUFFS_WORDS + render_instructions(then[0]["repeat"]["effects"], scope)
    if len(then) == 1 and set(then[0]) == {"add"} and len(then[0]["add"]) == 1 and PAID in then[0]["add"].values():
        (added,) = then[0]["add"]
        return f"支付任意数量的{paid}，以此获得等量的{'任意符能' if added == 'power' else '法力'}"
    scope.paying = True
    try:
        return f"支付任意数量的{paid}，以此" + render_instructions(then, scope)
    finally:
        scope.paying = False


_UNLESS_LETS = re.compile(r"^除非(?:其|该单位的)控制者选择让你(?P<act>[^，]+)，否则(?P<rest>.+)$")
_UNLESS_PAYS = re.compile(r"^除非(?:其|该单位的|该法术的)控制者选择支付(?P<cost>[^，]+)，否则(?P<rest>.+)$")


_READY_OR_EXHAUST = re.compile(r"^让(?P<to>[^，]+?)变为活跃或休眠状态$")
_READY_OR_EXHAUST_WORDS = "变为活跃或休眠状态"


def _one_of(text: str, scope: Scope) -> list[dict] | None:
    """“抽一张牌或召出一枚休眠的符文”: one of two instructions, chosen as it resolves (``one_of``, as a mode, 355.3);
    neither may choose a target (it would be chosen whichever is done)."""
    for joint in re.finditer("或", text):
        mark = len(scope.targets)
        before = text[:joint.start()]
        for parts in ([before], before.split("、")) if "、" in before else ([before],):  # “A、B或C”: one of three
            try:
                branches = [[parse_effect(part, scope)] for part in (*parts, text[joint.end():])]
                break
            except NotRead:
                del scope.targets[mark:]
        else:
            continue
        if len(scope.targets) != mark:
            del scope.targets[mark:]
            raise NotRead(f"“{text}”中选择目标的一项")
        return [{"one_of": branches}]
    return None


# “你场上每有一名强力单位，就抽一张牌”: an amount of one for each unit that fits, counted as it executes.
# (the instruction after 就/便 may name its doer first: “…，我便在本回合内战力+1”, “…，你便抽一张牌”)
_PER = re.compile(r"^(?P<whose>你场上|场上|你|此战场上|此处)?每(?:有|控制|拥有)一(?P<measure>名|件)(?P<what>[^，]+?)，"
                  r"(?P<doer>我|你)?(?:就|便)(?P<rest>.+)$")
_THERE = "此战场上"  # after a unit chosen at a battlefield: that battlefield (“for each enemy unit there”)


# “你的单位中每有一种“鸟类”、“猫科”…属性标签，Y”: Y once for each of those tags one of your units has (``tags_among``);
# “你的单位合计具有“鸟类”、…所有属性标签”: all of them (the list written where the card's “以下” stands, _inline_tags)
_TAG_LIST = r"(?P<tags>“[^”]+”(?:、“[^”]+”)+)"
_PER_TAG = re.compile(rf"^你的单位中每有一种{_TAG_LIST}属性标签，(?:则)?(?P<rest>.+)$")
_ALL_TAGS = re.compile(rf"^你的单位(?:合计)?具有{_TAG_LIST}(?:所有|全部)?属性标签$")


def _listed(match: re.Match) -> list[str]:
    return re.findall(r"“([^”]+)”", match["tags"])


def _tags_words(tags: list[str]) -> str:
    return "、".join(f"“{tag}”" for tag in tags)


def parse_per_tag(text: str, scope: Scope) -> list[dict] | None:
    """“你的单位中每有一种TAGS属性标签，（则）X（便）Y”: Y's amount of one becomes ``{tags_among: TAGS}``."""
    match = _PER_TAG.match(text)
    if not match:
        return None
    rest = match["rest"]
    subject = re.match(r"^(?P<who>[^，]+?)便(?P<verb>.+)$", rest)
    rest = f"让{subject['who']}{subject['verb'].replace('获得战力', '战力', 1)}" if subject else rest  # “X便获得战力+1”
    effects = parse_instructions(rest, scope)
    verb, params = _params(effects[0]) if len(effects) == 1 else ("", {})
    if params.get("amount") != 1:
        raise NotRead("“每有一种属性标签”之后的效果")
    return [{verb: _collapsed(verb, _unparams(verb, {**params, "amount": {"tags_among": _listed(match)}}))[verb]}]


# “当中每有一张带有待命技能的卡牌，便Y”: Y's amount of one becomes the count of the cards the look before revealed
# that fit (``{revealed: CARD_FILTER}``, their printed facts, 424.1), read after a revealing look only
_PER_REVEALED = re.compile(r"^(?:当中|其中|这些牌中|展示的牌中)每有一张(?P<card>[^，]+?)，(?P<doer>我|你)?(?:就|便)(?P<rest>[^，]+)"
                           r"(?:，(?P<more>.+))?$")  # what follows the one instruction is the next ones
_PER_REVEALED_WORDS = "当中每有一张{card}，便"
_RECYCLE_REVEALED = ("将展示的牌回收", "回收展示的牌", "将展示的卡牌回收", "回收展示的卡牌")


def parse_per_revealed(match: re.Match, scope: Scope) -> list[dict]:
    card = parse_card("一张" + match["card"])
    card = card if "kind" in card else {"kind": "any", **card}  # “卡牌”, “牌”: any card (a CARD_FILTER's default is a unit)
    effects = parse_instructions((match["doer"] or "") + match["rest"], scope)
    verb, params = _params(effects[0]) if len(effects) == 1 and card else ("", {})
    if params.get("amount") != 1:
        raise NotRead("“当中每有一张”之后的效果")
    more = parse_instructions(match["more"], scope) if match["more"] else []
    return [{verb: _collapsed(verb, _unparams(verb, {**params, "amount": {"revealed": card}}))[verb]}, *more]


def _revealed_count(amount) -> dict | None:
    return amount["revealed"] if isinstance(amount, dict) and set(amount) == {"revealed"} else None


def _tags_among(amount) -> list[str] | None:
    return amount["tags_among"] if isinstance(amount, dict) and set(amount) == {"tags_among"} else None


def parse_per(match: re.Match, scope: Scope) -> list[dict]:
    """One effect whose amount of one becomes ``{count: FILTER}``; a larger amount is done once per unit (``repeat``)."""
    there, here = match["whose"] == _THERE, match["whose"] == "此处"  # 此处: where the source is
    counted = counted_units(None if there or here else match["whose"], ("此处的" if here else "") + match["what"],
                            match["measure"])
    if there:
        if len(scope.targets) != 1 or not isinstance(scope.targets[0], dict) or \
                scope.targets[0].get("where") != "battlefield" or "where" in counted:
            raise NotRead("“此战场”指代不明")
        counted["where"] = "there"
    effects = parse_instructions((match["doer"] or "") + match["rest"], scope)
    if len(effects) != 1:
        raise NotRead("“每有一名”之后的效果")
    verb, params = _params(effects[0])
    if params.get("amount") == 1:
        return [{verb: _collapsed(verb, _unparams(verb, {**params, "amount": {"count": counted}}))[verb]}]
    return [{"repeat": {"times": {"count": counted}, "effects": effects}}]


# “你和盟友每控制一处其他战场，你便抽一张牌”: one for each battlefield your team controls other than the source's
_PER_BATTLEFIELD = "你和盟友每控制一处其他战场，你便"
_OTHER_BATTLEFIELDS = {"other_battlefields_of": "team"}
_PER_ANY_BATTLEFIELD = "你和盟友每控制一处战场，你便"  # every one of them: ``battlefields_of``
_ALL_BATTLEFIELDS = {"battlefields_of": "team"}


def _per_battlefield(rest: str, scope: Scope, counted: dict = _OTHER_BATTLEFIELDS) -> list[dict]:
    effects = parse_instructions(rest, scope)
    if len(effects) != 1 or _params(effects[0])[1].get("amount") != 1:
        raise NotRead("“每控制一处战场”之后的效果")
    verb, params = _params(effects[0])
    return [{verb: _collapsed(verb, _unparams(verb, {**params, "amount": dict(counted)}))[verb]}]


def counted_units(whose: str | None, what: str, measure: str = "名") -> dict:
    """The units “（你场上|场上|你）每有/控制一名WHAT” counts, or the gear of “每有一件WHAT”: a filter (你, 你场上: yours)."""
    words = _SUBJECT.match(what)
    if not words:
        raise NotRead(f"每有一{measure}“{what}”")
    counted = _filter(words)
    if measure != MEASURE[counted.get("kind", "unit")]:
        raise NotRead(f"量词“{measure}”与“{what}”")
    if whose in ("你场上", "你"):
        if counted.get("who", "friendly") != "friendly":
            raise NotRead("每有一名的控制者")
        counted["who"] = "friendly"
    return counted


def _per_count(params: dict) -> dict | None:
    amount = params.get("amount")
    return amount["count"] if isinstance(amount, dict) and set(amount) == {"count"} else None


def render_per(counted: dict, scope: Scope | None = None) -> str:
    if set(counted) - _FILTER_KEYS or {"count", "up_to"} & set(counted) or counted.get("kind", "unit") not in ("unit", "gear"):
        raise NotRead(f"计数 {counted}")
    kind = counted.get("kind", "unit")
    counted = {key: value for key, value in counted.items() if key != "kind"}
    if counted.get("where") == "there":  # the unit chosen first, then its battlefield
        if scope is None or len(scope.targets) != 1 or scope.rendered:
            raise NotRead("“此战场”的目标")
        _, middle = _filter_words({key: value for key, value in counted.items() if key != "where"})
        return f"选择{render_object({'target': 1}, scope)}，{_THERE}每有一名{middle}单位，就"
    if kind != "unit" and counted.get("where") == "there":
        raise NotRead(f"计数 {counted}")
    before, middle = _filter_words(counted)
    return f"场上每有一{MEASURE[kind]}{before}{middle}{KIND_WORDS[kind]}，就"


# “在本回合结束时，Y” / “让X在本回合结束时Y”: a delayed trigger for this turn's end (390.2), whoever's turn it is.
_TURN_END = "在本回合结束时"
_THIS_TURN_ENDING = {"event": "turn_ending", "subject": "any", "player": "any"}


# “回合结束时，” / “本回合结束时，” say the same; the sentence it opens is the delayed trigger's whole, “，然后” inside it too
# (``clauses.TIMED_SENTENCE`` keeps it one clause): “回合结束时，失去该单位的控制权，然后将它召回”.
_TURN_END_HEAD = re.compile(r"^(?:在)?本?回合结束时，")


def _at_turn_end(text: str, scope: Scope) -> list[dict] | None:
    head = _TURN_END_HEAD.match(text)
    if head:
        rest = text[head.end():]
    else:
        moved = re.fullmatch(rf"(让[^，]+?){_TURN_END}([^，]+)", text)
        if not moved:
            return None
        rest = moved[1] + moved[2]
    mark = len(scope.targets)
    effects = [effect for piece in re.split(r"，然后，?", rest) for effect in parse_instructions(piece, scope)]
    if len(scope.targets) != mark:  # what it acts on would be chosen now, as the ability resolves: not read yet
        raise NotRead(f"“{_TURN_END}”的对象")
    return [{"delayed": {"trigger": dict(_THIS_TURN_ENDING), "effects": effects}}]


# “你本回合下一次打出一名单位时，让其变为活跃状态”: a delayed trigger this turn (390.2), once (its limit), on that unit
_NEXT_PLAYED = re.compile(r"^则?你(?:在)?本回合(?:内)?下一次打出一名(?P<kind>单位)时，(?P<rest>.+)$")
_NEXT_PLAYED_TRIGGER = {"event": "played", "subject": "friendly", "card_type": "unit"}


def _next_time_you_play(text: str) -> list[dict] | None:
    match = _NEXT_PLAYED.match(text)
    if not match:
        return None
    inner = Scope()
    inner.event_unit = True
    entry = _with_target({"trigger": dict(_NEXT_PLAYED_TRIGGER), "limit": "turn"}, inner,
                         parse_instructions(match["rest"], inner))
    if entry.get("target") not in (None, EVENT_SUBJECT):
        raise NotRead("“下一次打出一名单位时”的对象")
    return [{"delayed": entry}]


_NEXT_MAIN = re.compile(r"^(?:在你的|你在)下一个主阶段开始时，?(?P<rest>.+)$")
_NEXT_MAIN_WORDS = "在你的下一个主阶段开始时，"
_NEXT_MAIN_TRIGGER = {"event": "main_began", "subject": "any", "player": "you"}


def _at_next_main(text: str) -> list[dict] | None:
    """“在你的下一个主阶段开始时，Y”: a delayed trigger that waits, past this turn if need be, for the start of its
    controller's next Main Phase and triggers once (390.2, ``once``); what it acts on is chosen as it triggers, and
    “此战场” in it is where its maker was as it was made, locked in with it (359.3.f.3.b: a move ``to: here``)."""
    match = _NEXT_MAIN.match(text)
    if not match:
        return None
    inner = Scope()
    effects = _moves_to(parse_instructions(match["rest"], inner), "source", "here")
    return [{"delayed": _with_target({"trigger": dict(_NEXT_MAIN_TRIGGER), "once": True}, inner, effects)}]


def _moves_to(effects: list[dict], old: str, new: str) -> list[dict]:
    """*effects* with each move (inside “you may” too) to *old* going to *new* instead."""
    def moved(effect: dict) -> dict:
        (verb, value), = effect.items()
        if verb == "may":
            return {"may": [moved(e) for e in value]}
        if verb == "move" and isinstance(value, dict) and value.get("to") == old:
            return {"move": {**value, "to": new}}
        return effect
    return [moved(effect) for effect in effects]


def _render_next_main(delayed: dict) -> str | None:
    if {k: v for k, v in delayed.items() if k not in ("effects", "target")} != {"trigger": _NEXT_MAIN_TRIGGER, "once": True}:
        return None
    return _NEXT_MAIN_WORDS + _render_body(_moves_to(delayed["effects"], "here", "source"),
                                           delayed.get("target")).removesuffix("。")


def _render_next_time_you_play(delayed: dict) -> str | None:
    if {k: v for k, v in delayed.items() if k not in ("effects", "target")} != \
            {"trigger": _NEXT_PLAYED_TRIGGER, "limit": "turn"} or delayed.get("target", EVENT_SUBJECT) != EVENT_SUBJECT:
        return None
    body = _render_body(delayed["effects"], delayed.get("target")).removesuffix("。")
    return "你本回合下一次打出一名单位时，" + body.replace("该单位", "其")


# “在本回合内，每当TRIGGER时，Y”: a delayed triggered ability for the rest of this turn (390.2: a triggered ability with a
# frame of time as its restriction), its trigger any of the trigger grammar's about another object or a player; after a
# unit's event “它/其/该单位” is that unit (``target: event_subject``). “直接” (straight away) says nothing more.
_THIS_TURN_WHENEVER = re.compile(r"^(?:在)?本回合内，(?P<trigger>每?当.+)$")
_WHENEVER_THIS_TURN = "在本回合内，每"


def _this_turn_whenever(text: str) -> list[dict] | None:
    match = _THIS_TURN_WHENEVER.match(text)
    found = _trigger(match["trigger"], "") if match else None
    if found is None:
        return None
    event, body, limited = found
    if limited or not isinstance(event, dict) or event.get("subject", "self") == "self":
        raise NotRead("本回合内的延迟触发")
    inner = Scope()
    inner.event_unit = _about_a_unit(event)
    entry = _with_target({"trigger": event}, inner, parse_instructions(body.removeprefix("直接"), inner))
    if entry.get("target") not in (None, EVENT_SUBJECT):
        raise NotRead("本回合内的延迟触发所选的目标")
    return [{"delayed": entry}]


def _render_this_turn_whenever(delayed: dict) -> str | None:
    if set(delayed) - {"trigger", "target", "effects"} or delayed.get("target", EVENT_SUBJECT) != EVENT_SUBJECT or \
            delayed["trigger"] in (_THIS_TURN_ENDING, _NEXT_PLAYED_TRIGGER):
        return None
    try:
        trigger = _render_trigger(delayed["trigger"], "")
    except NotRead:
        return None
    return _WHENEVER_THIS_TURN + trigger + "，" + _render_body(delayed["effects"], delayed.get("target")).removesuffix("。")


# “当其在本回合内被摧毁时，Y”: the next time the chosen unit dies (is damaged, moves) this turn, Y (next_time, 390.2)
# (“当该单位在本回合赢得一场战斗时”: the next combat it wins, 466.3.c); “在它本回合下次受到伤害时，将其摧毁”: “其” the unit bound
_NEXT_TIME_EVENTS = {"killed": "被摧毁", "damaged": "受到伤害", "moved": "移动", "won_combat": "赢得一场战斗"}
_NEXT_TIME_IT = re.compile(r"^(?:当(?:其|它|该单位)在?本回合内?|在(?:它|其|该单位)本回合(?:内)?下次)(?P<event>" +
                           "|".join(_NEXT_TIME_EVENTS.values()) + r")时，(?P<rest>.+)$")


# “如果该单位被此法术摧毁，则（进行一次：）Y”: it dies later, in a cleanup (323.5), so “if this kills it” is a trigger on
# its death attributed to this spell (428.5.c: what dealt the lethal damage): the next time it dies this turn, by this
_KILLED_BY_THIS = re.compile(r"^如果(?:该单位|它|其)被此法术摧毁，则(?:进行一次：)?(?P<rest>.+)$")
_KILLED_BY_THIS_WORDS = "如果该单位被此法术摧毁，则进行一次："


# “（对…造成伤害。）每有一名单位因此被摧毁，则进行一次：Y”: for each unit the damage just dealt kills, Y — a delayed
# trigger on each unit that damage was dealt to, its next death this turn attributed to this (428.5.c: the cleanup's kill
# is the spell's or ability's whose instruction dealt the damage), as “如果该单位被此法术摧毁” is for one unit
_KILLED_EACH = re.compile(r"^每有一名单位因此被摧毁，(?:则|便|就)?(?:进行一次：)?(?P<rest>.+)$")
_KILLED_EACH_WORDS = "每有一名单位因此被摧毁，则进行一次："


def killed_each(effects: list[dict], text: str, scope: Scope) -> dict | None:
    """The delayed trigger of “每有一名单位因此被摧毁，则…” after a damage instruction that chose its units."""
    match = _KILLED_EACH.match(text)
    if not match:
        return None
    verb, params = _params(effects[-1]) if effects else ("", {})
    dealt = params.get("to", {"target": 1} if len(scope.targets) == 1 else None)
    if verb != "deal" or not _is_target_ref(dealt) or "if" in params:
        raise NotRead("“每有一名单位因此被摧毁”之前没有对所选单位造成伤害")
    inner = Scope()
    inner.event_unit = True  # “其”: the unit that died
    then = parse_instructions(match["rest"], inner)
    if inner.targets not in ([], [EVENT_SUBJECT]):
        raise NotRead("“每有一名单位因此被摧毁”之后的目标")
    then = inner.settle(then) if inner.targets else then
    return {"next_time": {"event": "killed", "by": "self", "effects": then, "to": dealt}}


def _render_killed_each(params: dict, scope: Scope) -> str:
    inner = Scope()
    inner.targets, inner.rendered = [EVENT_SUBJECT], 1
    return _KILLED_EACH_WORDS + render_instructions(params["effects"], inner)


def _next_time_it(text: str, scope: Scope) -> list[dict] | None:
    match = _NEXT_TIME_IT.match(text) or _KILLED_BY_THIS.match(text)
    if not match:
        return None
    if len(scope.targets) != 1:
        raise NotRead("“当其在本回合内…时”的对象")
    inner = Scope()
    inner.event_unit = True  # “将其摧毁”: the unit the delayed trigger is bound to, its event's (the default)
    effects = parse_instructions(match["rest"], inner)
    if inner.targets not in ([], [EVENT_SUBJECT]):
        raise NotRead("“当其在本回合内…时”之后的目标")
    effects = inner.settle(effects) if inner.targets else effects
    if match.re is _KILLED_BY_THIS:
        return [{"next_time": {"event": "killed", "by": "self", "effects": effects}}]
    event = next(key for key, words in _NEXT_TIME_EVENTS.items() if words == match["event"])
    return [{"next_time": {"event": event, "effects": effects}}]


def _render_next_time_it(params: dict, scope: Scope) -> str:
    by_this = params.get("by") == "self" and params["event"] == "killed"
    if set(params) - {"by"} != {"event", "effects"} or params["event"] not in _NEXT_TIME_EVENTS or \
            len(scope.targets) != 1 or ("by" in params and not by_this):
        raise NotRead(f"next_time {params}")
    chosen = "" if scope.rendered else "选择" + render_object({"target": 1}, scope) + "，"  # the unit, named first
    inner = Scope()
    inner.targets, inner.rendered = [EVENT_SUBJECT], 1  # what the effects act on by default is “其”
    several = isinstance(scope.targets[0], dict) and scope.targets[0].get("count", 1) is None  # each of the units dealt to
    when = (_KILLED_EACH_WORDS if several else _KILLED_BY_THIS_WORDS) if by_this else \
        f"当其在本回合内{_NEXT_TIME_EVENTS[params['event']]}时，"
    return chosen + when + render_instructions(params["effects"], inner)


def with_param(effect: dict, key: str, value) -> dict:
    """*effect* with one more parameter (a scalar shorthand becomes its mapping)."""
    verb, params = _params(effect)
    return {verb: {**_unparams(verb, params), key: value}}


def _unparams(verb: str, params: dict) -> dict:
    return {("count" if verb == "channel" and key == "amount" else key): value for key, value in params.items()}


def render_instructions(effects: list[dict], scope: Scope) -> str:
    """Effects as one clause body, in order; those done “if you do” follow “。若如此做，”, then “。然后，”."""
    groups: list[tuple[bool, list[dict]]] = []
    for effect in effects:
        conditional = _if_you_did(effect) and set(effect) != {"do_this"}  # “若如此做，则进行一次：” is written by its own
        if not groups or groups[-1][0] != conditional:
            groups.append((conditional, []))
        groups[-1][1].append(_without_if(effect) if conditional else effect)
    text = ""
    for number_, (conditional, group) in enumerate(groups):
        if number_:
            text += "。若如此做，" if conditional else "。然后，"
        elif conditional:
            raise NotRead("“若如此做”之前没有“你可以”")
        elif number_ + 1 < len(groups) and groups[number_ + 1][0] and not (_offered(group) or _performed(group)):
            raise NotRead("“若如此做”之前没有“你可以”或摧毁")
        text += _render_sequence(group, scope)
    return text


def _if_you_did(effect: dict) -> bool:
    value = next(iter(effect.values()))
    return isinstance(value, dict) and value.get("if") == {"you_did": True}


def _without_if(effect: dict) -> dict:
    (verb, value), = effect.items()
    return _collapsed(verb, {key: item for key, item in value.items() if key != "if"})


def _collapsed(verb: str, params: dict) -> dict:
    """``{verb: params}`` in its shortest form: ``deal: 3`` for an amount alone, ``stun: null`` for none."""
    scalar = next((t.scalar for t in EFFECTS if t.verb == verb and t.scalar), "")
    if scalar and set(params) == {scalar} and not isinstance(params[scalar], dict):  # a mapping is the params
        return {verb: params[scalar]}
    return {verb: params or None}


# “如果C，则Y” inside a body: Y's instructions are done only when C holds as each executes (``if:``, 359.3.e);
# a condition right after a trigger is the trigger's own (383.2.a.1, `_conditioned`), never this.
_LINK_VERBS = ("may", "may_pay", "repeat", "delayed", "when", "do_this")
# Conditions on the ability's source unit: after it has died they could not be read (a Deathknell's effects).
_OF_THE_SOURCE = ("mighty", "at_battlefield", "in_combat", "alone", "empowered", "buffed")


def _of_the_chosen(condition: dict, scope: Scope) -> dict:
    """*condition*, when a ``target_is`` of a gear (“如果它是一件武装”) is about a chosen gear; a unit chosen is never one."""
    wanted = condition.get("target_is")
    if isinstance(wanted, dict) and wanted.get("kind") == "gear":
        kinds = {kind for spec in scope.targets if isinstance(spec, dict)
                 for kind in ([spec.get("kind", "unit")] if isinstance(spec.get("kind", "unit"), str) else spec["kind"])}
        if "gear" not in kinds:
            raise NotRead("条件说的是装备，所选的却不是装备")
    return condition


def _asks(effects: list[dict]) -> bool:
    return any(set(effect) == {"may"} for effect in effects)


# An instruction whose action the engine knows was done or not (359.3.e.14.b: replaced, it was not): “摧毁一名友方单位。
# 若如此做，则…” reads it as “if you do” without a “you may”.
_PERFORMED_VERBS = ("kill",)


def _performed(effects: list[dict]) -> bool:
    return bool(effects) and set(effects[-1]) <= set(_PERFORMED_VERBS) and not _if_you_did(effects[-1])


def _offered(effects: list[dict]) -> bool:
    """Whether a “你可以” (or “如果C，则你可以”) came before: what “若如此做” reads."""
    return any(_asks([effect]) or set(effect) == {"when"} and _asks(effect["when"]["effects"]) for effect in effects)


def _if(condition: dict, effects: list[dict]) -> list[dict]:
    """Each effect under *condition*; a “你可以” among them puts them all under ``when`` (“如果C，则你可以选择Y”: not
    even asked unless C holds as it executes)."""
    if any(_condition_of(effect) is not None for effect in effects if set(effect) != {"may"}):
        raise NotRead("条件之后的另一个条件")
    if any(set(effect) & set(_LINK_VERBS) for effect in effects):
        return [{"when": {"if": condition, "effects": effects}}]
    return [with_param(effect, "if", condition) for effect in effects]


def _render_if(effects: list[dict], scope: Scope) -> tuple[str, int]:
    """“如果C，则Y1，Y2” for the effects at the head of *effects* that share one condition (not “you did”): the text
    and how many it wrote; ("", 0) when the first has none."""
    condition = _condition_of(effects[0]) if set(effects[0]) - set(_LINK_VERBS) else None
    if condition is None or condition == {"you_did": True}:
        return "", 0
    count = next((i for i, effect in enumerate(effects) if _condition_of(effect) != condition), len(effects))
    return _render_condition_head(condition, scope) + "，".join(
        render_effect(_without_if(effect), scope) for effect in effects[:count]), count


def _render_condition_head(condition: dict, scope: Scope) -> str:
    """“如果C，则”, after the chosen one is named when C is about it (“它” once it is chosen)."""
    chosen = ""
    if "target_is" in str(condition) and scope.rendered == 0 and len(scope.targets) == 1:
        chosen = f"选择{render_object({'target': 1}, scope)}，"
    return chosen + f"如果{render_condition(condition)}，则"


# “X。如果C，则改为Y”: X when C does not hold, Y (in its place) when it does — both instructions conditional.
_INSTEAD = re.compile(r"^(?:如果|若)(?P<condition>[^，]+)，则改为(?P<rest>.+)$")


# “则改为造成2点伤害”, “则改为战力+4”: the same deal or Might change (its object and duration), another amount
_AMOUNT_ONLY = {"deal": re.compile(r"^造成(?P<n>\d+)点伤害$"), "might": re.compile(r"^战力(?P<n>[+-]\d+)$")}


def _instead(before: dict, match: re.Match, scope: Scope) -> list[dict]:
    """“X。如果C，则改为Y” (`_instead_pair`); after “你可以选择X” the pair is what you may do."""
    condition = parse_condition(match["condition"])
    inner = before["may"] if set(before) == {"may"} and len(before["may"]) == 1 else None
    replaced = inner[0] if inner else before
    verb = next(iter(replaced))
    amount = _AMOUNT_ONLY[verb].match(match["rest"]) if verb in _AMOUNT_ONLY else None
    replacing = [with_param(replaced, "amount", int(amount["n"]))] if amount else parse_instructions(match["rest"], scope)
    if len(replacing) != 1 or _condition_of(replaced) is not None:
        raise NotRead(f"“则改为{match['rest']}”")
    pair = _instead_pair(replaced, replacing[0], condition)
    return [{"may": pair}] if inner else pair


def _instead_pair(replaced: dict, replacing: dict, condition: dict) -> list[dict]:
    """“X。如果C，则改为Y”: Y on C, then X on “not C” — Y first, so that X cannot make C hold before it is read (a stun
    then “if it's already stunned”, 359.3.e); once Y is done, X's “not C” reads the board Y left (a unit Y moved away no
    longer meets C: X on a chosen unit that left does nothing)."""
    return [with_param(replacing, "if", condition), with_param(replaced, "if", _negated(condition))]


# “每名玩家X。如果C，则你无需以此方式X”: on C only the opponents do X — the pair of “X。如果C，则改为每名对手X”
# (`_instead_pair`), X an instruction each player does (``who: each_player``) whose wording for “you” is the rest.
_EXEMPT = re.compile(r"^(?:如果|若)(?P<condition>[^，]+)，则你(?:无需|不必|不用)以此方式(?P<rest>.+)$")


def _exempt(before: dict, match: re.Match, scope: Scope) -> list[dict]:
    verb, params = next(iter(before.items()))
    if not isinstance(params, dict) or params.get("who") != "each_player" or "if" in params:
        raise NotRead(f"“你无需以此方式{match['rest']}”之前不是每名玩家的指示")
    rest = match["rest"]
    yours = parse_instructions("你" + rest, scope) if not rest.startswith("摧毁") else \
        parse_instructions("你摧毁自己的" + rest.removeprefix("摧毁"), scope)
    own = {key: value for key, value in params.items() if key != "who"}
    if len(yours) != 1 or set(yours[0]) != {verb} or (yours[0][verb] or {}) != own:
        raise NotRead(f"“你无需以此方式{rest}”")
    return _instead_pair(before, {verb: {**params, "who": "opponent"}}, parse_condition(match["condition"]))


# “如果C，则X。否则，Y”: Y on “not C”, C the condition of the instructions just before.
_OTHERWISE = "否则，"


def _otherwise(before: list[dict], text: str, scope: Scope) -> list[dict]:
    condition = _condition_of(before[-1]) if before and set(before[-1]) - set(_LINK_VERBS) else None
    if condition is None or condition == {"you_did": True}:
        raise NotRead("“否则”之前没有条件")
    return _if(_negated(condition), parse_instructions(text, scope))


def _negated(condition: dict) -> dict:
    return condition["not"] if set(condition) == {"not"} else {"not": condition}


def _condition_of(effect: dict):
    value = next(iter(effect.values()))
    return value.get("if") if isinstance(value, dict) else None


def _render_instead(first: dict, second: dict, scope: Scope) -> str | None:
    """“X。如果C，则改为Y” for Y on C followed by X on “not C” (`_instead_pair`); None for any other pair."""
    condition = _condition_of(first)
    if condition is None or condition == {"you_did": True} or _condition_of(second) != _negated(condition):
        return None
    try:  # “如果C，则Y。否则，X” is the same pair (written when C has no wording of its own here)
        words = render_condition(condition)
    except NotRead:
        return None
    return (render_effect(_without_if(second), scope) + f"。如果{words}，则改为" +
            render_effect(_without_if(first), scope))


def _reflexive_sentence(effect: dict) -> bool:
    """A “进行一次：” is a sentence of its own (its “：” would read as a cost's within another)."""
    return set(effect) == {"do_this"} or set(effect) == {"next_time"} and effect["next_time"].get("by") == "self"


def _render_sequence(effects: list[dict], scope: Scope) -> str:
    """Effects joined by “，”; what follows a “你可以” starts a sentence of its own, outside it."""
    text, conditional, looked = "", False, False
    effects = list(effects)
    while effects:
        opening, scope.opens_trigger = scope.opens_trigger and not text, False
        if text:  # what follows a “你可以”, a look (whose wording is sentences) or a condition starts a sentence
            text += "。" if text.startswith(("你可以", "查看")) or "。你可以" in text or "则改为" in text or conditional or \
                looked or _reflexive_sentence(effects[0]) else "，"
        looked = set(effects[0]) == {"look"}
        instead = _render_instead(effects[0], effects[1], scope) if len(effects) > 1 else None
        written, count = ("", 0) if instead is not None else _render_if(effects, scope)
        conditional = bool(count)
        if count:
            text += written
            condition = _condition_of(effects[0])
            del effects[:count]
            otherwise = next((i for i, effect in enumerate(effects) if _condition_of(effect) != _negated(condition)),
                             len(effects))
            if otherwise and set(effects[0]) - set(_LINK_VERBS):
                text += f"。{_OTHERWISE}" + "，".join(render_effect(_without_if(e), scope) for e in effects[:otherwise])
                del effects[:otherwise]
            continue
        effect = effects.pop(0)
        if instead is not None:
            text += instead
            effects.pop(0)
        elif set(effect) == {"may"}:
            text += "你可以选择" + render_instructions(effect["may"], scope)
        elif set(effect) == {"when"}:
            text += _render_condition_head(effect["when"]["if"], scope) + render_instructions(effect["when"]["effects"], scope)
        elif set(effect) == {"do_this"} and set(effect["do_this"]) - {"effects"} <= {"if", "target"}:
            done = effect["do_this"].get("if")
            head = "然后" if done is None else "若如此做，则" if done == {"you_did": True} else \
                _render_condition_head(done, scope)
            text += head + _DO_THIS + render_instructions(
                effect["do_this"]["effects"], _reflexive_scope(scope, effect["do_this"].get("target")))
        elif _is_attach_or_detach(effect, scope) and scope.rendered == len(scope.targets):
            text += _ATTACH_OR_DETACH_WORDS
        elif set(effect) == {"one_of"} and len(effect["one_of"]) == 2 and [set(b[0]) for b in effect["one_of"] if len(b) == 1] == \
                [{"ready"}, {"exhaust"}] and effect["one_of"][0][0]["ready"] == effect["one_of"][1][0]["exhaust"]:
            text += render_effect(effect["one_of"][0][0], scope).removesuffix("变为活跃状态") + _READY_OR_EXHAUST_WORDS
        elif set(effect) == {"one_of"} and len(effect["one_of"]) >= 2 and all(len(b) == 1 for b in effect["one_of"]):
            words = [render_effect(branch[0], scope) for branch in effect["one_of"]]
            text += "、".join(words[:-1]) + "或" + words[-1]
        elif set(effect) == {"repeat"} and set(effect["repeat"]) == {"times", "effects"} and \
                _per_count({"amount": effect["repeat"]["times"]}) is not None:
            text += render_per(effect["repeat"]["times"]["count"], scope) + _render_sequence(effect["repeat"]["effects"], scope)
        elif set(effect) == {"delayed"} and effect["delayed"] == {"trigger": _THIS_TURN_ENDING,
                                                                 "effects": effect["delayed"].get("effects")}:
            text += f"{_TURN_END}，" + render_instructions(effect["delayed"]["effects"], scope)
        elif set(effect) == {"delayed"} and _render_next_time_you_play(effect["delayed"]):
            text += _render_next_time_you_play(effect["delayed"])
        elif set(effect) == {"delayed"} and _render_this_turn_whenever(effect["delayed"]):
            text += _render_this_turn_whenever(effect["delayed"])
        elif set(effect) == {"delayed"} and _render_next_main(effect["delayed"]):
            text += _render_next_main(effect["delayed"])
        elif set(effect) == {"play_me"} and isinstance(effect["play_me"], dict):
            text += render_play_me(effect["play_me"])
        elif set(effect) == {"may_pay"} and set(effect["may_pay"]) == {"cost", "payer", "otherwise"} and \
                effect["may_pay"]["payer"] == "target_controller":
            chosen = ""
            if scope.rendered == 0 and len(scope.targets) == 1 and isinstance(scope.targets[0], (dict, str)):
                chosen, scope.rendered = "选择" + _render_chosen(scope.targets[0]) + "，", 1  # “其” needs it named first
            text += (f"{chosen}除非其控制者选择{render_cost(effect['may_pay']['cost'])}，否则" +
                     _render_sequence(effect["may_pay"]["otherwise"], scope))
        elif set(effect) == {"unless_lets"} and set(effect["unless_lets"]) == {"then", "otherwise"}:
            chosen = ""
            if scope.rendered == 0 and len(scope.targets) == 1 and isinstance(scope.targets[0], dict):
                chosen, scope.rendered = "选择" + _render_chosen(scope.targets[0]) + "，", 1  # “其” needs it named first
            text += (f"{chosen}除非其控制者选择让你{_render_sequence(effect['unless_lets']['then'], scope)}，否则" +
                     _render_sequence(effect["unless_lets"]["otherwise"], scope))
        elif set(effect) == {"pay_any"} and set(effect["pay_any"]) == {"resource", "then"}:
            text += render_pay_any(effect["pay_any"], scope)
        elif set(effect) == {"may_pay"} and set(effect["may_pay"]) - {"otherwise"} == {"cost", "then"}:
            # opening a triggered ability, “你可以选择支付①，以此Y” is its cost (204.3.a): a payment as it resolves says “若如此做”
            link = "。若如此做，" if opening and set(effect["may_pay"]["cost"]) <= {"energy", "power", "runes"} else "，以此"
            text += ("你可以选择" + render_cost(effect["may_pay"]["cost"]) + link +
                     render_instructions(effect["may_pay"]["then"], scope))
            if "otherwise" in effect["may_pay"]:  # a sentence of its own: what is done when it is not paid
                text += f"。{_OTHERWISE}" + render_instructions(effect["may_pay"]["otherwise"], scope)
        else:
            text += render_effect(effect, scope)
    return text


# “放逐一名单位，然后让其拥有者将它打出到…，无视费用”: one ``banish_and_replay`` (427, 419.3), the owner
# playing the banished card to their base (``at: base``) or where they choose (``at: any``: base or a battlefield of theirs)
_REPLAY = re.compile(r"^让其(?:拥有者|所有者)将(?:它|其)打出(?P<place>到其所属的基地|到其基地|到任意一处战场)?，无视其?费用"
                     r"(?:，(?P<rest>.+))?$")
_REPLAY_AT = {"到其所属的基地": "base", "到其基地": "base", "到任意一处战场": "any_battlefield", None: "any"}


def _replayed(previous: dict, match: re.Match) -> dict:
    verb, params = _params(previous)
    if verb != "banish" or set(params) - {"to"} or not (params.get("to") is None or _is_target_ref(params["to"])):
        raise NotRead("“让其拥有者将它打出”之前不是放逐一名所选单位")
    return {"banish_and_replay": {**params, "at": _REPLAY_AT[match["place"]]}}


_CHANNEL_SHORT = {"channel_short": True}
_DO_THIS = "进行一次："  # a reflexive trigger, 387.1: “Do this:”
_CONDITIONED_REFLEXIVE = re.compile(r"^如果(?P<cond>[^，]+)，则进行一次：(?P<rest>.+)$")  # 387.2: its condition first


def _reflexive_scope(scope: Scope, own) -> Scope:
    """Where a reflexive trigger's instructions are rendered: its own targets (named as they are chosen), else the card's."""
    if own is None:
        return scope
    inner = copy.copy(scope)
    inner.targets, inner.rendered = (list(own) if isinstance(own, list) else [own]), 0
    return inner


# “选择X。如果你支付了该额外费用，则改为选择Y。…”: with the optional additional cost paid the spell chooses Y instead (its
# ``target_if_paid``, 355.1.a: that choice is made before targets), one object as X is; what follows names either as “其”.
_PAID_TARGET = re.compile(r"^如果你(?:已)?支付了(?:该|此|这项)额外费用，则改为选择(?P<what>[^，]+)$")
_PAID_TARGET_WORDS = "如果你支付了该额外费用，则改为选择"


def _paid_target(words: str, scope: Scope) -> dict:
    """The one object “改为选择Y” chooses, of the kind the spell's own target is."""
    mine = Scope()
    chosen = parse_object(words, mine)
    first = scope.targets[0]
    if chosen != {"target": 1} or len(mine.targets) != 1 or not isinstance(first, dict) or \
            not isinstance(mine.targets[0], dict) or mine.targets[0].get("kind", "unit") != first.get("kind", "unit") or \
            {"count", "up_to"} & (set(first) | set(mine.targets[0])):
        raise NotRead(f"改为选择“{words}”")
    return mine.targets[0]


def _body(clauses: tuple[Clause, ...], scope: Scope, before: list[dict] | None = None) -> list[dict]:
    """The effects of an ability's clauses in order, after *before*; “然后” just continues, “若如此做”
    conditions what follows on the last “你可以”."""
    effects: list[dict] = list(before or ())
    for index, clause in enumerate(clauses):
        if clause.link == "if_you_do" and finish_pick(effects, clause.text, scope):
            continue
        per_buff = _PER_BUFF_SPENT.match(clause.text) if clause.link == "" else None
        if per_buff and effects and effects[-1] == {"pay_any": {"resource": "buffs", "then": []}}:
            effects[-1]["pay_any"]["then"] = [{"repeat": {"times": dict(PAID),
                                                          "effects": parse_instructions(per_buff["rest"], scope)}}]
            continue
        if clause.link == "if_you_do" and _awaiting_payment(effects) is not None:
            _awaiting_payment(effects)["then"] = parse_instructions(clause.text, scope)
            continue
        killed = killed_each(effects, clause.text, scope) if clause.link in ("", "then") else None
        if killed:
            effects.append(killed)
            continue
        reflexive = clause.text.startswith(_DO_THIS) and clause.link in ("then", "if_you_do")
        conditioned = _CONDITIONED_REFLEXIVE.match(clause.text) if clause.link in ("", "then") else None
        if conditioned and _KILLED_BY_THIS.match(clause.text):
            conditioned = None  # “if this kills it”: a death later, next_time (_next_time)
        if clause.link == "if_you_do" and not (_offered(effects) or _performed(effects)):
            raise NotRead("“若如此做”之前没有“你可以”")
        if reflexive or conditioned:  # “然后进行一次：X。Y”: X and what follows are the reflexive trigger's (387.1, 388.1)
            done = {"you_did": True} if clause.link == "if_you_do" else parse_condition(conditioned["cond"]) if conditioned \
                else None  # 387.2: its condition, checked as it is reached
            chosen_before = len(scope.targets)
            first = conditioned["rest"] if conditioned else clause.text[len(_DO_THIS):]
            inner = _body((Clause(first, ""), *clauses[index + 1:]), scope)
            effects.append({"do_this": {**_own_targets(scope, chosen_before, inner), **({"if": done} if done else {})}})
            break
        if clause.link == "if_you_do":
            effects += [with_param(effect, "if", {"you_did": True}) for effect in parse_instructions(clause.text, scope)]
        elif clause.link == "then" and effects and _REPLAY.match(clause.text):
            replay = _REPLAY.match(clause.text)
            effects[-1] = _replayed(effects[-1], replay)
            effects += parse_instructions(replay["rest"], scope) if replay["rest"] else []
        elif clause.link == "" and not effects and len(scope.targets) == 1 and _PAID_TARGET.match(clause.text):
            scope.paid_target = _paid_target(_PAID_TARGET.match(clause.text)["what"], scope)
        elif clause.link == "" and effects and _INSTEAD.match(clause.text) and not _NEXT_DEATH.match(clause.text):
            effects[-1:] = _instead(effects[-1], _INSTEAD.match(clause.text), scope)
        elif clause.link in ("", "then") and clause.text in KILL_PICKED_WORDS and effects and \
                set(effects[-1]) == {"each_chooses"} and effects[-1]["each_chooses"]["then"] is None:
            effects[-1]["each_chooses"].update(then="kill", together=True)  # every unit picked, killed together
        elif clause.link == "" and effects and _EXEMPT.match(clause.text):
            effects[-1:] = _exempt(effects[-1], _EXEMPT.match(clause.text), scope)
        elif clause.link == "" and clause.text.startswith(_OTHERWISE) and _unpaid_otherwise(effects):
            # “你可以选择支付X，以此Y。否则，Z”: Z when X is not paid (the payment's own otherwise)
            effects[-1] = {"may_pay": {**effects[-1]["may_pay"],
                                       "otherwise": parse_instructions(clause.text[len(_OTHERWISE):], scope)}}
        elif clause.link == "" and clause.text.startswith(_OTHERWISE):
            effects += _otherwise(effects, clause.text[len(_OTHERWISE):], scope)
        elif clause.link == "" and clause.text == _TO_HAND_INSTEAD and effects and _counters_a_target(effects[-1]):
            effects[-1] = {"counter": {"to": "hand"}}  # the countered card goes to its owner's hand, not the trash
        elif clause.link == "" and limit_added(effects, clause.text):
            continue
        elif clause.link == "" and effects and _predicted(effects[-1], clause.text):
            effects[-1] = {"predict": effects[-1]["look"]["amount"]}
        elif clause.link in ("", "then"):
            if not (effects and continues(effects[-1], clause.text)):
                effects += _same_doer(effects, parse_instructions(clause.text, scope), clause.link)
            elif set(effects[-1]) == {"look"} and effects[-1]["look"].get("take", {}).get("to") == "play":
                scope.made = _MADE_BY_PLAY  # “其” after it is the card the look played (``created``)
        else:
            raise NotRead(f"连接词（{clause.link}）")
    if unfinished_look(effects):
        raise NotRead("展示或查看的牌放逐之后，没有读到将其打出（或回收其余的卡牌）")
    if any(set(effect) == {"may_pay"} and effect["may_pay"].get("then") == [] for effect in effects):
        raise NotRead("“你可以选择支付……”之后没有读到“若如此做”")
    if any(set(effect) == {"each_chooses"} and effect["each_chooses"]["then"] is None for effect in effects):
        raise NotRead("每名玩家依次选择单位之后，没有读到对所选单位做什么")
    if any(set(effect) == {"pay_any"} and not effect["pay_any"]["then"] for effect in effects):
        raise NotRead("“消耗任意数量的增益”之后没有读到“每消耗一个增益，便……”")
    for index, effect in enumerate(effects):  # “如果你无法达成”: the channel just before fell short
        if _condition_of(effect) == _CHANNEL_SHORT and not any("channel" in before for before in effects[:index]):
            raise NotRead("“你无法达成”之前没有召出符文")
        if "took" in (_condition_of(effect) or {}) and not any(_takes_to_hand(before) for before in effects[:index]):
            raise NotRead("“你展示了……”之前没有展示并抽取卡牌")
        if _condition_of(effect) == _NOT_TAKEN and not (index and _takes_to_hand(effects[index - 1])):
            raise NotRead("“你没有将其放入你的手牌”之前没有展示并抽取卡牌")
        if _mentions_moved_from(_condition_of(effect)) and not (index and _moves_from_a_battlefield(effects[index - 1])):
            raise NotRead("“该战场上”之前没有将所选单位从战场移走")
    return effects


def _mentions_moved_from(value) -> bool:
    if isinstance(value, dict):
        return value.get("where") == "moved_from" or any(_mentions_moved_from(part) for part in value.values())
    return isinstance(value, list) and any(_mentions_moved_from(part) for part in value)


def _moves_from_a_battlefield(effect: dict) -> bool:
    """A move of chosen units away from a battlefield (“将一名敌方单位从战场移动到其基地”): “该战场” after it is where they were."""
    verb, params = _params(effect)
    what = params.get("what")
    return verb == "move" and (what is None or _is_target_ref(what)) and "if" not in params


def _own_targets(scope: Scope, chosen_before: int, inner: list[dict]) -> dict:
    """A reflexive trigger's instructions, with the targets they choose as its own: it chooses them as it is finalized,
    after what made it has resolved (355.5.b), so they are not the card's.  Beside targets chosen before it, which
    of them “these units” names would be guessed."""
    if len(scope.targets) == chosen_before:
        return {"effects": inner}
    if chosen_before:
        raise NotRead("“进行一次”中选择的目标与之前选择的目标并用")
    own = scope.target()
    inner = scope.settle(inner)
    scope.targets.clear()
    return {"target": own, "effects": inner}


def _takes_to_hand(effect: dict) -> bool:
    """A look that takes a card into the hand (the engine says whether it took one, for the instruction after it)."""
    return set(effect) == {"look"} and effect["look"].get("take", {}).get("to") == "hand"


def _unpaid_otherwise(effects: list[dict]) -> bool:
    """The last instruction is “you may pay X to Y” (the controller's own payment) without what is done otherwise."""
    return bool(effects) and set(effects[-1]) == {"may_pay"} and set(effects[-1]["may_pay"]) == {"cost", "then"}


def _same_doer(before: list[dict], after: list[dict], link: str) -> list[dict]:
    """“每名玩家弃置自己的所有手牌，然后抽四张牌”: after “然后” a player's action with no subject is done by the players the
    action before it named (its ``who:``), the sentence's one subject."""
    if link != "then" or not before:
        return after
    verb, params = _params(before[-1])
    who = params.get("who") if verb in PLAYER_ACTIONS else None
    if who not in PLAYER_SUBJECTS.values():
        return after
    return [with_param(effect, "who", who) if _params(effect)[0] in PLAYER_ACTIONS and "who" not in _params(effect)[1]
            else effect for effect in after]


# -- abilities --------------------------------------------------------------------------

_BATTLEFIELD = ("battlefield",)
_MOVED_TO_BATTLEFIELD = {"event": "moved", "zone": "battlefield"}
# “当你将我打出到一处战场时”: played, and where it works is a battlefield once played (the event comes after it)
_PLAYED_TO_BATTLEFIELD = {"event": "played", "zone": "battlefield"}
_ARRIVALS = (_MOVED_TO_BATTLEFIELD, _PLAYED_TO_BATTLEFIELD)  # after them “该战场” is where the source is
_YOU_CONQUERED = {"event": "conquered", "subject": "any", "player": "you"}
_YOU_HELD = {"event": "held", "subject": "any", "player": "you"}
_TURN_BEGAN = {"event": "turn_began", "subject": "any", "player": "you"}
_TURN_ENDING = {"event": "turn_ending", "subject": "any", "player": "you"}
# Wordings of two events with the same effects: each is a triggered ability of its own.
PAIRED = {"attacked_or_defended": ("attacked", "defended"), "conquered_or_held": ("conquered", "held"),
          "you_conquered_or_held": (_YOU_CONQUERED, _YOU_HELD),
          "opponent_scored": ({**_YOU_CONQUERED, "player": "opponent"}, {**_YOU_HELD, "player": "opponent"}),
          # 740.2.a: alone, no other friendly unit where it is (as it attacks or defends)
          "friendly_alone_attacked_or_defended": tuple({"event": event, "subject": "friendly", "card": {"alone": True}}
                                                       for event in ("attacked", "defended")),
          # 740.2.b: one on one, it and the one enemy unit there both alone (as it attacks or defends)
          "one_on_one_attacked_or_defended": tuple({"event": event, "card": {"one_on_one": True}}
                                                   for event in ("attacked", "defended"))}
# (wording, trigger, the card types it is written on: () for any); a tree is written with the first
# wording that fits the card's type.
TRIGGERS = (
    ("当你打出我时", "played", ()),
    ("当你将我打出到一处战场时", _PLAYED_TO_BATTLEFIELD, ()),
    ("当你将我打出至一处战场时", _PLAYED_TO_BATTLEFIELD, ()),
    ("当你将我打出到战场时", _PLAYED_TO_BATTLEFIELD, ()),
    ("当你打出此牌时", "played", ()),
    ("当我被打出时", "played", ()),
    ("当你据守此处时", "held", _BATTLEFIELD),
    ("当你征服此处时", "conquered", _BATTLEFIELD),
    ("当你防守此处时", {"event": "player_defended", "subject": "any", "player": "you", "at": "here"}, _BATTLEFIELD),
    ("当我进攻时", "attacked", ()),
    ("当我参与的战斗结束时", "combat_ended", ()),  # 466.7: each unit that was in the combat, still on the board
    ("当此处的战斗开始时", "combat_began", _BATTLEFIELD),  # 464.2: the battlefield's event
    # a showdown opening at the source's battlefield, non-combat or with a combat (316.8.b, 464.2.b)
    ("当法术对决在此处开始时", {"event": "showdown_began", "subject": "any", "at": "here"}, ()),
    ("当此处的法术对决开始时", {"event": "showdown_began", "subject": "any", "at": "here"}, ()),
    ("当我进攻或防守时", "attacked_or_defended", ()),
    ("当你在此处得分时", "conquered_or_held", _BATTLEFIELD),
    ("当我征服或据守一处战场时", "conquered_or_held", ()),
    # to score is to conquer or to hold (469)
    ("当一名对手得分时", "opponent_scored", ()),
    ("当对手得分时", "opponent_scored", ()),
    ("在每名玩家各自的开始阶段开始时", {"event": "turn_began", "subject": "any", "player": "any"}, ()),
    ("当我防守时", "defended", ()),
    ("当我征服一处战场时", "conquered", ()),
    ("当我据守一处战场时", "held", ()),
    ("当我移动时", "moved", ()),
    # “to a battlefield”: where the source is once it moved (the event comes after the move, 383.2.c)
    ("当我移动到一处战场时", _MOVED_TO_BATTLEFIELD, ()),
    ("当我移动至一处战场时", _MOVED_TO_BATTLEFIELD, ()),
    ("当我移动至战场时", _MOVED_TO_BATTLEFIELD, ()),
    ("当我移动到战场时", _MOVED_TO_BATTLEFIELD, ()),
    ("当我赢得一场战斗时", "won_combat", ()),
    ("当我赢得战斗时", "won_combat", ()),
    ("当你赢得一场战斗时", {"event": "combat_won", "subject": "any", "player": "you"}, ()),  # 466.3.a
    # a stun or a buff done by you, on a unit not already stunned or buffed (423.1.a.1, 426.1.c)
    ("当你眩晕一名敌方单位时", {"event": "stunned", "subject": "enemy", "player": "you"}, ()),
    # the unit as it is stunned: at a battlefield (after it, “该战场” is that unit's battlefield)
    ("当你眩晕战场上的一名敌方单位时", {"event": "stunned", "subject": "enemy", "player": "you",
                                    "card": {"where": "battlefield"}}, ()),
    # one event for an action however many it acts on: a discard, a recycle to your deck, a stun (“任意数量”)
    ("当你弃置任意数量的手牌时", {"event": "cards_discarded", "subject": "any", "player": "you"}, ()),
    ("当你将任意数量的卡牌回收到自己的主牌堆时", {"event": "cards_recycled", "subject": "any", "player": "you"}, ()),
    ("当你将任意数量的卡牌回收到你的主牌堆时", {"event": "cards_recycled", "subject": "any", "player": "you"}, ()),
    ("当你眩晕任意数量的敌方单位时", {"event": "units_stunned", "subject": "enemy", "player": "you"}, ()),
    # once however many die together (one kill instruction, one cleanup): the units' side
    *((f"当任意数量的{words}单位被摧毁时", {"event": "units_killed", "subject": side}, ())
      for words, side in (("敌方", "enemy"), ("友方", "friendly"), ("", "any"))),
    # a choice made by a spell of yours (383.4.b: the chosen event of a spell's targets is the spell's)
    ("当你将我选为法术目标时", {"event": "chosen", "player": "you", "by": "spell"}, ()),
    # an activated ability played (206.1), its object the gear that has it
    ("当你使用一件装备的主动技能时", {"event": "activated", "subject": "any", "player": "you", "card_type": "gear"}, ()),
    ("当你给予我增益时", {"event": "buffed", "subject": "self", "player": "you"}, ()),
    # a gear of yours becomes attached to me (434; the event's object the unit, its cause the gear): an Equipment, the one
    # gear attached (718)
    ("当你为我贴附一件武装时", {"event": "attached", "player": "you"}, ()),
    ("当你给予一名友方单位增益时", {"event": "buffed", "subject": "friendly", "player": "you"}, ()),
    # “you conquer/hold”: any battlefield, scored by the ability's controller (383.4.c.2, 383.4.d.2)
    ("当你征服一处战场时", _YOU_CONQUERED, ()),
    # 383.4.f: the player defends, once a combat; its object the battlefield (anywhere, not only here)
    ("当你防守一处战场时", {"event": "player_defended", "subject": "any", "player": "you"}, ()),
    ("当你据守一处战场时", _YOU_HELD, ()),
    ("当你征服或据守一处战场时", "you_conquered_or_held", ()),
    # “you or an ally” (2v2): a player of your team scores (489.8; in 1v1, you)
    *((f"当你或{ally}据守一处战场时", {**_YOU_HELD, "player": "team"}, ()) for ally in ("一名盟友", "一名友方玩家")),
    *((f"当你或{ally}征服一处战场时", {**_YOU_CONQUERED, "player": "team"}, ()) for ally in ("一名盟友", "一名友方玩家")),
    ("当你得分时", "you_conquered_or_held", ()),
    # “at the start of your turn” is the start of your Beginning Phase (315.2.a.1); its end, 317.1.a
    ("在你的开始阶段开始时", _TURN_BEGAN, ()),
    ("在你的回合开始阶段", _TURN_BEGAN, ()),
    ("在你的回合开始时", _TURN_BEGAN, ()),
    ("在你的回合结束时", _TURN_ENDING, ()),
    ("在你回合结束时", _TURN_ENDING, ()),
    ("当我被摧毁时", "killed", ()),
    # a gear leaving the board (killed, returned to a hand), checked while it is still there (384.2)
    ("当此牌离场时", "left_board", ("gear",)),
    ("当此装备离场时", "left_board", ("gear",)),
    ("当我变为强力单位时", "became_mighty", ()),
    ("当我被选为目标时", "chosen", ()),
    ("当你将一名友方单位选为目标时", {"event": "chosen", "subject": "friendly", "player": "you"}, ()),  # 383.4.b
    ("当你消耗一个增益时", {"event": "buff_spent", "subject": "friendly", "player": "you"}, ()),  # 702.2.b
    # 427: a card of yours banished by you, from the board or the chain (its player the owner, its cause the banisher)
    ("当你放逐一张你拥有的牌时", {"event": "banished", "subject": "any", "player": "you", "responsible": "you"}, ()),
    ("当你打出另一名单位时", {"event": "played", "subject": "friendly", "card_type": "unit", "other": True}, ()),
    # the played card meets a filter: read on the unit as it is on the board, on a spell's printed cost
    ("当你打出一名强力单位时", {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"mighty": True}}, ()),
    ("当你打出一名指示物单位时", {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"token": True}}, ()),
    ("当另一名友方单位被摧毁时", {"event": "killed", "subject": "friendly", "other": True}, ()),
    ("当一名友方单位被摧毁时", {"event": "killed", "subject": "friendly"}, ()),
    ("当你的友方单位被摧毁时", {"event": "killed", "subject": "friendly"}, ()),
    ("当一名敌方单位被摧毁时", {"event": "killed", "subject": "enemy"}, ()),
    ("当一名单位从此处向别处移动时", {"event": "moved", "subject": "any", "at": "from_here"}, ()),
    ("当对手打出一件装备时", {"event": "played", "subject": "enemy", "card_type": "gear"}, ()),
    ("当一名友方单位独自进攻或防守时", "friendly_alone_attacked_or_defended", ()),
    ("当我进行一对一的进攻或防守时", "one_on_one_attacked_or_defended", ()),
    ("当我一对一进攻或防守时", "one_on_one_attacked_or_defended", ()),
    ("当你的一名单位变为强力时", {"event": "became_mighty", "subject": "friendly"}, ()),
    ("当你控制的一名单位变为强力时", {"event": "became_mighty", "subject": "friendly"}, ()),
    ("当我被强化时", "empowered", ()),
    # 441.2.a: anything you empower (a unit, a gear, a legend, yours or not) but the source
    ("当你强化另一件事物时", {"event": "empowered", "subject": "any", "player": "you", "other": True}, ()),
    # 315.1.b.1, 415.3.b: you ready your units as you awaken, and by spells and abilities
    ("当你让一名友方单位变为活跃状态时", {"event": "readied", "subject": "friendly", "player": "you"}, ()),
    # 416.1.b: one of your runes recycled, by an effect or as you pay Power
    ("当你回收一枚符文时", {"event": "rune_recycled", "subject": "any", "player": "you"}, ()),
    # the mover is the moved event's player: you move an enemy unit by a spell or an ability of yours
    ("当你移动一名敌方单位时", {"event": "moved", "subject": "enemy", "player": "you"}, ()),
    # 428.5: a kill attributed to a spell (or an ability a spell made) you control
    *((f"当你{use}法术摧毁一名{side}单位时", {"event": "killed", "subject": subject, "responsible": "you", "by": "spell"}, ())
      for side, subject in (("", "any"), ("敌方", "enemy"), ("友方", "friendly")) for use in ("使用", "用")),
    # you hide a card (811.1.c: Hide, which is no play)
    *((words, {"event": "hid", "subject": "any", "player": "you"}, ())
      for words in ("当你正面朝下放置一张牌时", "当你正面朝下放置一张卡牌时", "当你隐藏一张牌时")),
    # a card, not a token (185), played from any zone but the hand (a trash, the deck, facedown)
    *((f"当你从{where}打出一张{card}时", PLAYED_NOT_FROM_HAND, ()) for where in ("手牌以外的位置", "手牌以外的任意位置")
      for card in ("牌", "卡牌")),
    # a card played from facedown (811.1.c.3): any card of yours, or this one
    *((f"当你将{what}从{state}打出时", {**tree, "hidden": True}, ())
      for what, tree in (("一张牌", {"event": "played", "subject": "any", "player": "you"}),
                         ("一张卡牌", {"event": "played", "subject": "any", "player": "you"}), ("此牌", {"event": "played"}),
                         ("我", {"event": "played"}))
      for state in ("正面朝下的状态", "正面朝下的状态中", "正面朝下的待命状态中", "正面朝下的待命状态")),
    ("当我变为活跃状态时", "readied", ()),  # by a spell or ability, or as its controller awakens (315.1)
    ("当此处的一名敌方单位被摧毁时", {"event": "killed", "subject": "enemy", "at": "here"}, ()),
    ("当此处的一名友方单位被摧毁时", {"event": "killed", "subject": "friendly", "at": "here"}, ()),
    ("当此处的另一名友方单位被摧毁时", {"event": "killed", "subject": "friendly", "at": "here", "other": True}, ()),
    ("在你的主阶段开始时", {"event": "main_began", "subject": "any", "player": "you"}, ()),
    # each enemy unit attacking at a battlefield its watcher's controller controls as it attacks (the defender's, 464.2.e)
    *((f"当{one}敌方单位进攻你控制的战场时", {"event": "attacked", "subject": "enemy", "at": "friendly_battlefield"}, ())
      for one in ("", "一名")),
)
_LONGEST_TRIGGERS = sorted(TRIGGERS, key=lambda row: -len(row[0]))
# 204.3.a: a cost within instructions opening a triggered ability is its base cost, paid to finalize it: “你可以选择
# [支付X(并)]OWN，以此Y”, OWN one of the source's own costs the engine pays there (exhausting it, spending its buff), Energy
# and Power beside it (“支付①并让此牌变为休眠状态”, “支付橙色符能让此牌变为休眠状态”), or a payment alone (“你可以选择支付①，以此Y”,
# “…支付①来Y”, “…支付①，Y”). XP, a discard and a payment that plays the card from its trash stay instructions
# (`may_pay`, `may`, `play_me`: the engine pays no such trigger cost).
_OWN_TRIGGER_COSTS = {**{f"让{me}变为休眠状态": "exhaust" for me in ("我", "此牌", "此装备")}, "消耗我的增益": "spend_buff"}
_OWN_TRIGGER_COST = "|".join(_OWN_TRIGGER_COSTS)
_TRIGGER_COST_HEAD = re.compile(rf"^你可以(?:选择)?(?:支付(?P<paid>[^，并让]+?)(?:并|，)?)?(?P<own>{_OWN_TRIGGER_COST})(?:，以此|，从而|来)")
_XP_PAID = re.compile(r"(?P<xp>\d+)经验")  # “你可以选择支付2经验，…” (730.2): XP is no trigger cost the engine pays, a may_pay
_TRIGGER_PAYMENT = re.compile(r"^你可以(?:选择)?支付(?P<paid>[^，来以]+?)(?:，以此|，从而|以此|来|以|，)")
# buffs of your units, not targeted (355.10.c.1): “你可以选择消耗一个增益，以此Y” (`spend_buffs: N`)
_TRIGGER_BUFFS = re.compile(rf"^你可以(?:选择)?消耗(?P<n>{_NUMBER}|一)个增益(?:，以此|，从而|来)")
# friendly objects killed (204.3.a): “你可以选择摧毁三个其他友方单位和/或装备，以此Y” (`kill: {count, kind, other}`; 名 units, 件
# gear, 个 either)
_TRIGGER_KILLS = re.compile(rf"^你可以(?:选择)?摧毁(?P<n>{_NUMBER})(?P<measure>[名件个])(?P<other>其他)?友方"
                            r"(?P<what>单位和/或装备|单位或装备|单位|装备)(?:，以此|，从而|来)")
_KILL_KINDS = {"单位和/或装备": ["unit", "gear"], "单位或装备": ["unit", "gear"], "单位": "unit", "装备": "gear"}
_KILL_MEASURES = {"unit": "名", "gear": "件"}
# the source's card in its owner's trash recycled (416.1.a): “绝念—回收我，以此Y” (a cost, 204.3.a, with or without 你可以选择)
_RECYCLE_ME = re.compile(r"^(?:你可以选择)?回收(?:我|此牌)，以此")
_RECYCLE_ME_WORDS = "回收我，以此"
# “从任意废牌堆中放逐一张牌，以此Y” first in a trigger's effect: its base cost (204.3.a), a card of any trash or your own
_BANISH_FROM_TRASH = re.compile(r"^从(?P<whose>任意|你的)废牌堆[中里]?放逐一张(?:卡)?牌，以此")


# A cost paid with one unit of the controller's (`object: {act, what}`, 204.3.a, 377), in a triggered ability's cost or an
# activated one's: an act on a unit any noun phrase of yours names (`parse_object`: “你在此处控制的一名单位”, “另一名友方单位”,
# “一名“机械”属性友方单位”) — made to return to its owner's hand, exhausted, or recycled (416.1.a).  The instructions name
# it again by words of its act (`paid_with`; its Might as it was paid, 359.3.e.13).
PAID_WITH = "paid_with"
_OBJECT_ACTS = (
    (re.compile(r"^[让将](?P<what>.+?)返回(?:其所属的?|其拥有者的|所属的)手牌$"), "return_to_hand", "让{what}返回其所属的手牌"),
    (re.compile(r"^[让将](?P<what>.+?)变为休眠状态$"), "exhaust", "让{what}变为休眠状态"),
    (re.compile(r"^回收(?P<what>.+?单位)$"), "recycle", "回收{what}"),
)
_PAID_WITH_WORDS = {  # the unit the cost took, named again: the first wording is written
    "return_to_hand": ("被返回手牌的单位", "因此返回手牌的单位"),
    "exhaust": ("因此技能而休眠的单位", "你因此技能而休眠的单位", "因此而休眠的单位"),
    "recycle": ("被回收单位", "被回收的单位", "回收的单位"),
}
_OBJECT_COST_HEAD = re.compile(r"^你可以(?:选择)?(?:支付(?P<paid>[^，并让将]+?)(?:并|，))?(?P<part>(?:让|将|回收)[^，]+?)"
                               r"(?:，以此|，从而|来)")


def parse_object_part(words: str) -> dict | None:
    """``{act, what}`` of a cost part done to one unit of yours (“让你在此处控制的一名单位返回其所属的手牌”), or None."""
    for pattern, act, _ in _OBJECT_ACTS:
        match = pattern.match(words)
        if not match:
            continue
        scope = Scope()
        try:
            chosen = parse_object(match["what"], scope)
        except NotRead:
            return None
        spec = scope.targets[0] if chosen == {"target": 1} and len(scope.targets) == 1 else None
        if not isinstance(spec, dict) or spec.get("who") != "friendly" or spec.get("kind", "unit") != "unit" or \
                set(spec) & {"count", "up_to", "same_location", "per_location"}:
            return None  # one unit of yours, nothing else (“我”, an enemy unit, several: other forms or not read)
        return {"act": act, "what": spec}
    return None


def render_object_part(part: dict) -> str:
    words = next((words for _, act, words in _OBJECT_ACTS if act == part["act"]), None)
    scope = Scope()
    scope.targets = [part.get("what", {"who": "friendly"})]
    what = render_object({"target": 1}, scope)
    if words is None or parse_object_part(words.format(what=what)) != part:
        raise NotRead(f"费用 {part}")
    return words.format(what=what)


def _trigger_cost(body: str) -> tuple[dict, str] | None:
    """(the triggered ability's base cost, the body after it) of a body opening with one, or None."""
    with_object = _OBJECT_COST_HEAD.match(body)
    part = parse_object_part(with_object["part"]) if with_object else None
    if part:  # “你可以选择（支付②并）让此处的一名友方单位返回其所属的手牌，以此Y”
        return {**(_paid(with_object["paid"]) if with_object["paid"] else {}), "object": part}, body[with_object.end():]
    buffs = _TRIGGER_BUFFS.match(body)
    if buffs:
        return {"spend_buffs": number(buffs["n"])}, body[buffs.end():]
    recycled = _RECYCLE_ME.match(body)
    if recycled:
        return {"recycle_self": True}, body[recycled.end():]
    kills = _TRIGGER_KILLS.match(body)
    if kills:
        kind = _KILL_KINDS[kills["what"]]
        if kills["measure"] != (_KILL_MEASURES[kind] if isinstance(kind, str) else "个"):
            raise NotRead(f"费用“{kills[0]}”")
        return {"kill": {"count": number(kills["n"]), "kind": kind, **({"other": True} if kills["other"] else {})}}, \
            body[kills.end():]
    banished = _BANISH_FROM_TRASH.match(body)
    if banished:
        return {"banish_from_trash": "any" if banished["whose"] == "任意" else "you"}, body[banished.end():]
    match = _TRIGGER_COST_HEAD.match(body)
    payment = _TRIGGER_PAYMENT.match(body) if not match else None
    if payment and body[payment.end():] not in _PLAY_ME and not _XP_PAID.fullmatch(payment["paid"]):
        return _paid(payment["paid"]), body[payment.end():]
    if not match:
        return None
    cost = {_OWN_TRIGGER_COSTS[match["own"]]: True}
    if match["paid"]:
        _pay(match["paid"], cost)
    return cost, body[match.end():]


def _render_trigger_cost(cost: dict) -> str:
    if set(cost) == {"spend_buffs"} and isinstance(cost["spend_buffs"], int) and cost["spend_buffs"] > 0:
        return f"你可以选择消耗{'一' if cost['spend_buffs'] == 1 else chinese(cost['spend_buffs'])}个增益，以此"
    if cost == {"recycle_self": True}:
        return _RECYCLE_ME_WORDS
    if set(cost) == {"kill"} and set(cost["kill"]) - {"other"} == {"count", "kind"}:
        kind = cost["kill"]["kind"]
        what = next((words for words, value in _KILL_KINDS.items() if value == kind), None)
        if what is None:
            raise NotRead(f"触发能力的费用 {cost}")
        measure = _KILL_MEASURES.get(kind, "个") if isinstance(kind, str) else "个"
        other = "其他" if cost["kill"].get("other") else ""
        return f"你可以选择摧毁{chinese(cost['kill']['count'])}{measure}{other}友方{what}，以此"
    if set(cost) == {"banish_from_trash"}:
        return f"从{'任意' if cost['banish_from_trash'] == 'any' else '你的'}废牌堆中放逐一张牌，以此"
    if "object" in cost and not set(cost) - {"object", "energy", "power", "runes"}:
        paid = render_cost({key: value for key, value in cost.items() if key != "object"})
        return f"你可以选择{paid + '并' if paid else ''}{render_object_part(cost['object'])}，以此"
    own = [key for key in cost if key in _OWN_TRIGGER_COSTS.values()]
    if len(own) > 1 or set(cost) - {*own, "energy", "power", "runes"} or not cost:
        raise NotRead(f"触发能力的费用 {cost}")
    paid = render_cost({key: value for key, value in cost.items() if key not in own})
    if not own:
        return f"你可以选择{paid}，以此"
    words = next(w for w, key in _OWN_TRIGGER_COSTS.items() if key == own[0])
    return f"你可以选择{paid + '并' if paid else ''}{words}，以此"


_LIMITS = ("每回合首次，", "每回合首次：", "每回合限一次，")
# Keywords written “X ▸ effects” whose effects the card keeps under a key of its own.
PREFIXED = {"绝念": ("triggers", "deathknell"), "鼓舞": ("legion", None)}
_NOT_TAKEN = {"you_did": False}  # after a revealed card taken if it fits: it was not (“否则…”), the look says (`_body`)
CONDITIONS = (
    ("我位于战场上", {"at_battlefield": True}),
    ("你的英雄区域为空", {"champion_zone_empty": True}), ("你的英雄区域已无英雄单位牌", {"champion_zone_empty": True}),
    ("你没有将其放入你的手牌", _NOT_TAKEN), ("你没有抽取该卡牌", _NOT_TAKEN), ("你未抽取该卡牌", _NOT_TAKEN),
    ("你支付了该额外费用", {"paid_additional_cost": True}),
    ("你的废牌堆中有与我同名的牌", {"in_trash": {"same_name": True}}),  # one card at least
    ("你支付了我的额外费用", {"paid_additional_cost": True}),
    # the channel just done fell short (the engine's turn records each channel): after a channel only (`_body`)
    ("你无法达成", {"channel_short": True}), ("你无法以此方式召出两枚符文", {"channel_short": True}),
    ("你无法以此方式召出一枚符文", {"channel_short": True}),
    ("我是强力单位", {"mighty": True}),
    ("我处于战斗中", {"in_combat": True}),
    ("我为强力单位", {"mighty": True}),
    ("我变为强力单位", {"mighty": True}),  # a static's “如果我变为强力单位，则我获得…”: while I am (English “While I'm Mighty”)
    ("我已强化", {"empowered": True}),
    ("此处没有其他友方单位", {"alone": True}),
    ("我拥有增益", {"buffed": True}),
    ("我未强化", {"not": {"empowered": True}}),
    ("我不在战斗中", {"not": {"in_combat": True}}),  # “unless I'm in combat”
    # “if you play me to a battlefield”: where I am as I enter (a static read then, 369.3) or as my play trigger
    # resolves (OGN-223's English: “if I am at a battlefield”)
    ("你将我打出到一处战场", {"at_battlefield": True}),
    ("你将我打出至一处战场", {"at_battlefield": True}),
    # where the card is played from, read as its own cost is determined (cost_change statics only: carddefs)
    ("我从你手牌以外的位置被打出", {"from_hand": False}),
    ("你将我从手牌以外的位置打出", {"from_hand": False}),
    ("你从手牌中打出此牌", {"from_hand": True}),
    # the turn and its phase: “若此时是你的开始阶段” (315.2)
    ("此时是你的开始阶段", {"your_phase": "beginning"}),
    ("此时是你的回合", {"turn": "you"}), ("此时是对手的回合", {"turn": "opponent"}),
    ("此时正在进行法术对决", {"in_showdown": True}),
    # a Deathknell's “if I didn't die alone” (808.1.d.3: as it dies, other friendly units there)
    ("我被摧毁时未处于落单状态", {"alone": False}),
    # about the unit chosen: the only unit its controller (you) controls where it is (`there`: the targets' place)
    ("它是你在该处唯一控制的单位", {"controls": {"where": "there"}, "at_most": 1}),
    *((f"你在本回合消耗了不低于{c}的费用来打出一个法术", {"spent_on_spell": n}) for n, c in enumerate("①②③④⑤⑥⑦⑧⑨", 1)),
    ("对手控制着任意战场", {"opponent_battlefields": {"ge": 1}}),
    # a battlefield's “若此战场受你控制” (its controller's; an uncontrolled one's “you” is no one, 190.6.d)
    ("此战场受你控制", {"controls_this_battlefield": True}),
    # the source dealt damage this turn (its damaged events)
    ("我在本回合内受到过伤害", {"damaged_this_turn": True}),
    ("我在本回合内未受到过伤害", {"not": {"damaged_this_turn": True}}),
    ("你控制着已强化的事物", {"controls_empowered": True}),  # a unit, a gear or a legend of yours (441.2)
    # after “当你打出一张法术牌时”: the Energy paid for the card just played (a trigger's own reading, of its event)
    *((f"消耗了不低于{c}法力", {"spent_on_it": n}) for n, c in enumerate("①②③④⑤⑥⑦⑧⑨", 1)),
)
_CONDITION = re.compile(r"^(?:如果|若)(?P<condition>[^，]+(?:，且[^，]+)*)，则(?P<rest>.+)$")  # “如果A，且B，则Y”
# Rune colours → domains as card data names them (cards/library.yaml, the English compiler).
DOMAIN_RUNES = {"红色": "炽烈", "绿色": "翠意", "蓝色": "灵光", "橙色": "摧破", "紫色": "混沌", "黄色": "序理"}
_RUNE_WORDS = {domain: colour + "符能" for colour, domain in DOMAIN_RUNES.items()}
_CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"  # energy up to 20, as the markup writes it
TIMINGS = {"反应": "reaction", "迅捷": "action"}


_EITHER = ("、或", "，或", "或")  # “当你打出我时、或当我征服一处战场时”: either event triggers it


def _trigger(text: str, card_type: str) -> tuple[str | dict | list, str, bool] | None:
    """(trigger, the rest of the clause, once each turn) of a clause that opens with a trigger; several
    triggers joined by “或” are a list."""
    limit = next((words for words in _LIMITS if text.startswith(words)), "")
    limited, text = bool(limit), text[len(limit):]
    if card_type == "battlefield":  # a battlefield says “here” (053.3), “此战场” too: “当你征服此战场时”
        head, joint, rest = text.partition("时，")
        text = head.replace("此战场", "此处") + joint + rest
    found = []
    while True:
        text = text.removeprefix("每")  # “每当…时” (whenever) is “当…时”: a triggered ability triggers each time (383.2)
        read = _one_trigger(text, card_type) or (_one_trigger("当" + text[1:], card_type) if text.startswith("在") else None)
        if read is None:
            return None
        words, trees = read
        found += trees
        text = text[len(words):]
        joint = next((j for j in _EITHER if text.startswith(j)), "")
        if not joint:
            break
        text = text[len(joint):]
    if not text.startswith("，"):
        return None
    return (found[0] if len(found) == 1 else found), text[1:], limited


def _one_trigger(text: str, card_type: str) -> tuple[str, list] | None:
    """(its words, its triggers) of the one trigger *text* opens with (“当X时”), or None."""
    words, tree = next(((w, t) for w, t, types in _LONGEST_TRIGGERS
                        if text.startswith(w) and (not types or card_type in types)), ("", None))
    if tree is not None:
        return words, [dict(tree) if isinstance(tree, dict) else tree]
    return _played_unit(text) or _played_card(text) or _unit_event_here(text) or _unit_chosen(text) or \
        _moved_from_here(text) or _unit_event(text) or _player_event(text) or _own_card_events(text)


# “当此牌被打出、弃置或摧毁时”: what happens to the card itself, one ability each (383.4): played, discarded — from a
# hand to the trash, where the ability then is (385.2: ``zone: trash``) —, killed
_OWN_CARD_EVENTS = {"打出": "played", "弃置": {"event": "discarded", "zone": "trash"}, "摧毁": "killed"}
_OWN_CARD_EVENT = re.compile(r"^当此牌被(?P<events>(?:打出|弃置|摧毁)(?:(?:、|或|、或)(?:打出|弃置|摧毁))*)时")
_OWN_DISCARDED_WORDS = "当此牌被弃置时"


def _own_card_events(text: str) -> tuple[str, list] | None:
    match = _OWN_CARD_EVENT.match(text)
    if match is None:
        return None
    said = re.findall("打出|弃置|摧毁", match["events"])
    if len(set(said)) != len(said):
        return None
    return match[0], [dict(_OWN_CARD_EVENTS[word]) if isinstance(_OWN_CARD_EVENTS[word], dict) else _OWN_CARD_EVENTS[word]
                      for word in said]


# “当你打出其他“龙”属性单位时”: a unit you play, read on it as it is on the board; “当你打出我或X时” is either.
_PLAYED_UNIT = re.compile(r"^当你打出(?P<me>我或)?(?:一名)?(?P<what>[^时，]+?单位)时")
_PLAYED_A_UNIT = {"event": "played", "subject": "friendly", "card_type": "unit"}


def _played_unit(text: str) -> tuple[str, list] | None:
    """(the trigger's words, its triggers) of “当你打出[我或][一名]UNITS时”, UNITS a filter of your own units."""
    match = _PLAYED_UNIT.match(text)
    words = _SUBJECT.match(match["what"]) if match else None
    if not words:
        return None
    spec = _filter(words)
    if spec.pop("who", "friendly") != "friendly" or "where" in spec or not spec:
        return None
    trigger = {**_PLAYED_A_UNIT, **({"other": True} if spec.pop("other", False) else {})}
    if spec:
        trigger["card"] = spec
    return match[0], (["played", trigger] if match["me"] else [trigger])


# A unit's event at the source's battlefield, a grammar of WHO × EVENT × UNITS (their filter): “当你/对手/一名玩家在此处打出
# 一名UNITS时” (played there: ``at: here``), “当一名UNITS移动到此处时” (moved, now here), “当一名UNITS在此处被摧毁时”.
_PLAYED_HERE = re.compile(r"^当(?P<who>你|对手|一名对手|一名玩家|玩家)在此处打出(?:一名)?(?P<what>[^时，]*?单位)时")
_UNIT_HERE = re.compile(r"^当(?:一名)?(?P<what>[^时，]*?单位)(?P<event>移动到此处|移动至此处|在此处被摧毁|进攻此处|防守此处)时"
                        r"|^当此处的一名(?P<here_what>[^时，]*?单位)(?P<returned>返回到一名玩家的手牌|返回其所有者的手牌)时")
_PLAYERS_HERE = {"你": {"subject": "friendly"}, "对手": {"subject": "enemy"}, "一名对手": {"subject": "enemy"},
                 "一名玩家": {"subject": "any", "player": "any"}, "玩家": {"subject": "any", "player": "any"}}
_EVENTS_HERE = {"移动到此处": "moved", "移动至此处": "moved", "在此处被摧毁": "killed", "进攻此处": "attacked",
                "防守此处": "defended"}  # each unit attacking / defending here (383.4.e–f)
_SIDES = {"friendly": "友方", "enemy": "敌方"}


def _unit_event_here(text: str) -> tuple[str, list] | None:
    """(the trigger's words, its trigger) of a unit event here (above), or None."""
    played, unit = _PLAYED_HERE.match(text), _UNIT_HERE.match(text)
    match = played or unit
    what = (match["what"] or match.groupdict().get("here_what")) if match else None
    words = _SUBJECT.match(what) if match and what != "单位" else None
    if match is None or (words is None and what != "单位"):
        return None
    spec = _filter(words) if words else {}
    if "where" in spec or "other" in spec or spec.get("kind", "unit") != "unit":
        return None
    side = spec.pop("who", None)
    if played:
        trigger = {"event": "played", **_PLAYERS_HERE[played["who"]], "card_type": "unit", "at": "here"}
        if side is not None and side != {"friendly": "friendly"}.get(trigger["subject"], side):
            return None  # “当你在此处打出一名敌方单位时”
    elif unit["returned"]:  # to its owner's hand: the event's player (“该玩家”)
        trigger = {"event": "returned_to_hand", "subject": side or "any", "player": "any", "at": "here"}
    else:
        trigger = {"event": _EVENTS_HERE[unit["event"]], "subject": side or "any", "at": "here"}
    return match[0], [{**trigger, **({"card": spec} if spec else {})}]


# A unit's own event, a grammar of UNIT × EVENT: “当我受到伤害时”, “当一名友方单位进攻时”, “当另一名“机械”属性友方单位
#被眩晕时”: the event of the source (``subject: self``) or of any unit the phrase names (its side the subject, “另一”
# ``other``, the rest of its filter ``card``, read on the unit as the event happens); a unit killed has left the board,
# so only its side is read then (the filter reads units on the board).  Each event is the engine's (383.4).
_UNIT_EVENT_WORDS = {"进攻": "attacked", "防守": "defended", "移动": "moved", "被摧毁": "killed", "受到伤害": "damaged",
                     "被眩晕": "stunned", "变为活跃状态": "readied", "赢得一场战斗": "won_combat", "被强化": "empowered",
                     "变为强力单位": "became_mighty", "被选为目标": "chosen", "承受伤害": "damaged"}
_ANY_ONE_UNIT = {"任意单位": "一名单位", "任意一名单位": "一名单位"}  # “每当任意单位…时”: each time any unit does
_UNIT_EVENT = re.compile(r"^当(?P<what>我|[^时，]*?单位)(?P<event>" + "|".join(sorted(_UNIT_EVENT_WORDS, key=len, reverse=True)) + ")时")
_CARD_ONLY_ON_BOARD = ("killed",)
# what a killed unit's filter reads as it last was on the board (the engine's ``last_known``, 359.3.f.3): its own states,
# printed tags and token-ness, not Might or keywords (which the board around it gave)
_AS_IT_DIED = {"who", "other", "buffed", "stunned", "exhausted", "token", "tag", "not"}


def _unit_event(text: str) -> tuple[str, list] | None:
    match = _UNIT_EVENT.match(text)
    if match is None:
        return None
    event = _UNIT_EVENT_WORDS[match["event"]]
    if match["what"] == "我":
        return match[0], [{"event": event}]
    what = _ANY_ONE_UNIT.get(match["what"], match["what"])
    chosen, words = _OBJECT.match(what), _SUBJECT.match(what)
    if chosen and (chosen["any"] or chosen["count"] not in ("一", "另一")):
        return None
    if not (chosen or words):
        return None
    spec = _filter(chosen or words)
    if chosen and chosen["count"] == "另一":
        spec["other"] = True
    if "where" in spec or spec.get("kind", "unit") != "unit" or (event in _CARD_ONLY_ON_BOARD and
                                                                set(spec) - {"kind"} - _AS_IT_DIED):
        return None
    trigger = {"event": event, "subject": spec.pop("who", "any"), **({"other": True} if spec.pop("other", False) else {})}
    return match[0], [{**trigger, **({"card": spec} if spec else {})}]


# “当一名友方单位从我的位置向别处移动时”: a unit (of the units ``_unit_event`` reads) moving away from where the source is
# (``at: from_here``; “我的位置”/“我所在的位置” are “此处”, the source's location, 053.3); “有” before a count-less phrase
_MOVED_FROM_HERE = re.compile(r"^当有?(?P<what>[^时，从]*?单位)从(?:此处|我的位置|我所在的位置)向别处移动时")
_MOVED_FROM_HERE_WORDS = "从此处向别处移动时"


def _moved_from_here(text: str) -> tuple[str, list] | None:
    match = _MOVED_FROM_HERE.match(text)
    read = _unit_event(f"当{match['what']}移动时") if match else None
    if read is None or len(read[1]) != 1:
        return None
    return match[0], [{**read[1][0], "at": "from_here"}]


def _render_moved_from_here(trigger) -> str | None:
    if not isinstance(trigger, dict) or trigger.get("event") != "moved" or trigger.get("at") != "from_here":
        return None
    said = _render_unit_event({key: value for key, value in trigger.items() if key != "at"})
    return said[:-len("移动时")] + _MOVED_FROM_HERE_WORDS if said and said.endswith("单位移动时") else None


def _render_unit_event(trigger) -> str | None:
    event = next((words for words, name in _UNIT_EVENT_WORDS.items() if isinstance(trigger, dict) and
                  name == trigger.get("event")), None)
    if event is None or set(trigger) - {"event", "subject", "other", "card"}:
        return None
    if set(trigger) == {"event"}:
        return f"当我{event}时"
    card = trigger.get("card", {})
    if trigger.get("subject") not in ("any", *_SIDES) or set(card) - _FILTER_KEYS or \
            {"who", "where", "other", "count", "up_to", "kind"} & set(card):
        return None
    side = {"who": trigger["subject"]} if trigger["subject"] in _SIDES else {}
    _, middle = _filter_words({**card, **side})  # the side before a tag: “友方非“机械”属性单位”
    return f"当{'另一' if trigger.get('other') else '一'}名{middle}单位{event}时"


# A player's event, a grammar of PLAYER × ACTION: “当你抽一张牌时” (drawn), “当对手征服一处战场时”, and an action on a unit
# “当你/对手眩晕（给予…增益、强化、移动、摧毁）一名UNITS时” — the event's player (the mover, the stunner …; a kill's
# ``responsible``, 428.5), the unit's side and filter as in ``_unit_event``.
_EVENT_PLAYERS = {"你": "you", "对手": "opponent", "一名对手": "opponent", "一名玩家": "any", "玩家": "any"}
_PLAYER_ACTIONS = (("抽一张牌", "drawn"), ("抽牌", "drawn"), ("征服一处战场", "conquered"), ("据守一处战场", "held"))
_UNIT_ACTIONS = {"眩晕": ("stunned", ""), "给予": ("buffed", "增益"), "强化": ("empowered", ""), "移动": ("moved", ""),
                 "摧毁": ("killed", "")}
# a move's destination, a battlefield other than the source's location (``at: other_battlefield``: from a base, any one)
_MOVED_ELSEWHERE_WORDS = ("到我不在的其他战场", "到我不在的战场", "到我所在战场以外的战场")
_PLAYER_EVENT = re.compile(r"^当(?P<who>" + "|".join(sorted(_EVENT_PLAYERS, key=len, reverse=True)) + r")(?:(?P<action>" +
                           "|".join(words for words, _ in _PLAYER_ACTIONS) + r")|(?P<verb>" + "|".join(_UNIT_ACTIONS) +
                           r")(?P<what>[^时，]*?单位)(?P<then>增益)?)(?P<to>" + "|".join(_MOVED_ELSEWHERE_WORDS) + r")?时")


def _player_event(text: str) -> tuple[str, list] | None:
    match = _PLAYER_EVENT.match(text)
    if match is None:
        return None
    player = _EVENT_PLAYERS[match["who"]]
    if match["action"]:
        return match[0], [{"event": dict(_PLAYER_ACTIONS)[match["action"]], "subject": "any", "player": player}]
    event, after = _UNIT_ACTIONS[match["verb"]]
    if (match["then"] or "") != after or (match["to"] and event != "moved"):
        return None
    unit = _unit_event(f"当{match['what']}{next(w for w, e in _UNIT_EVENT_WORDS.items() if e == 'killed')}时") \
        if event == "killed" else _unit_event(f"当{match['what']}进攻时")  # the unit's phrase, read as a unit event's
    if unit is None or unit[1][0].get("subject") is None:
        return None
    trigger = {**unit[1][0], "event": event}
    if event == "killed":  # who killed it is who is responsible (428.5): you, or anyone
        if player == "opponent":
            return None
        trigger["responsible"] = player
    else:
        trigger["player"] = player
    if match["to"]:
        trigger["at"] = "other_battlefield"
    return match[0], [trigger]


def _render_player_event(trigger) -> str | None:
    if not isinstance(trigger, dict):
        return None
    who = next((w for w, p in _EVENT_PLAYERS.items() if p == trigger.get("player", trigger.get("responsible"))), None)
    action = next((w for w, e in _PLAYER_ACTIONS if e == trigger.get("event")), None)
    if who and action and set(trigger) == {"event", "subject", "player"} and trigger["subject"] == "any":
        return f"当{who}{action}时"
    verb = next((w for w, (e, _) in _UNIT_ACTIONS.items() if e == trigger.get("event")), None)
    to = _MOVED_ELSEWHERE_WORDS[0] if trigger.get("at") == "other_battlefield" and verb == "移动" else ""
    trigger = {k: v for k, v in trigger.items() if not (to and k == "at")}
    key = "responsible" if trigger.get("event") == "killed" else "player"
    if who is None or verb is None or key not in trigger or {"player", "responsible"} - {key} & set(trigger):
        return None
    unit = _render_unit_event({k: v for k, v in trigger.items() if k != key and k != "event"} | {"event": "attacked"})
    if unit is None or not unit.startswith("当一名") and not unit.startswith("当另一名"):
        return None
    return f"当{who}{verb}{unit[1:-len('进攻时')]}{_UNIT_ACTIONS[verb][1]}{to}时"


# “当你/对手/（一名）玩家将（此处的）一名UNITS选为（法术）目标时”: a unit chosen (383.4.b) by that player, by a spell only
# with “法术” (``by: spell``); UNITS the object grammar's filter, its side the event's subject.
_CHOSEN = re.compile(r"^当(?P<who>你|对手|一名对手|一名玩家|玩家)将(?P<here>此处的)?一名(?P<what>[^时，]*?单位)选为(?P<spell>法术)?目标时")
_CHOOSERS = {"你": {}, "对手": {"player": "opponent"}, "一名对手": {"player": "opponent"}, "一名玩家": {"player": "any"},
             "玩家": {"player": "any"}}


def _unit_chosen(text: str) -> tuple[str, list] | None:
    match = _CHOSEN.match(text)
    words = _SUBJECT.match(match["what"]) if match and match["what"] != "单位" else None
    if match is None or (words is None and match["what"] != "单位"):
        return None
    spec = _filter(words) if words else {}
    if "where" in spec or "other" in spec or spec.get("kind", "unit") != "unit" or (match["who"] == "你" and not spec.get("who")):
        return None  # “当你将一名单位选为目标时” without a side is another row's or none
    trigger = {"event": "chosen", "subject": spec.pop("who", "any"), **_CHOOSERS[match["who"]],
               **({"at": "here"} if match["here"] else {}), **({"by": "spell"} if match["spell"] else {})}
    if trigger.get("player", "you") == "you":
        trigger["player"] = "you"
    return match[0], [{**trigger, **({"card": spec} if spec else {})}]


def _render_unit_chosen(trigger) -> str | None:
    if not isinstance(trigger, dict) or trigger.get("event") != "chosen" or set(trigger) - {
            "event", "subject", "player", "at", "by", "card"} or trigger.get("at", "here") != "here" or \
            trigger.get("by", "spell") != "spell" or set(trigger.get("card", {})) - _FILTER_KEYS or \
            {"who", "where", "other", "count", "up_to", "kind"} & set(trigger.get("card", {})):
        return None
    who = next((w for w, tree in _CHOOSERS.items() if tree.get("player", "you") == trigger.get("player")), None)
    if who is None or trigger.get("subject") not in ("any", *_SIDES) or (who == "你" and trigger["subject"] == "any"):
        return None
    _, middle = _filter_words(trigger.get("card", {}))
    here = "此处的" if "at" in trigger else ""
    return f"当{who}将{here}一名{middle}{_SIDES.get(trigger['subject'], '')}单位选为{'法术' if 'by' in trigger else ''}目标时"


def _render_unit_event_here(trigger) -> str | None:
    if not isinstance(trigger, dict) or trigger.get("at") != "here" or set(trigger.get("card", {})) - _FILTER_KEYS or \
            {"who", "where", "other", "count", "up_to", "kind"} & set(trigger.get("card", {})):
        return None
    _, middle = _filter_words(trigger.get("card", {}))
    rest = {key: value for key, value in trigger.items() if key not in ("card", "at", "event")}
    if trigger["event"] == "played" and rest.pop("card_type", None) == "unit":
        who = next((words for words, tree in _PLAYERS_HERE.items() if tree == rest), None)
        return f"当{who}在此处打出一名{middle}单位时" if who else None
    if trigger["event"] == "returned_to_hand" and rest.pop("player", None) == "any" and set(rest) == {"subject"} and \
            rest["subject"] in ("any", *_SIDES):
        return f"当此处的一名{middle}{_SIDES.get(rest['subject'], '')}单位返回到一名玩家的手牌时"
    event = next((words for words, name in _EVENTS_HERE.items() if name == trigger["event"]), None)
    if event is None or set(rest) != {"subject"} or rest["subject"] not in ("any", *_SIDES):
        return None
    return f"当一名{middle}{_SIDES.get(rest['subject'], '')}单位{event}时"


# “当PLAYER打出CARD时”: a card played by you, an opponent or any player (who: the event's player, 383.4), CARD a phrase of the
# card grammar, measure word optional (“当对手打出法术时”) — a FILTER on its printed facts (a unit read as it is on the
# board, a gear or spell as a card): “当你打出一张符能费用不低于任意符能×2的卡牌时”
_PLAYED_BY = {"你": "you", "一名对手": "opponent", "对手": "opponent", "一名玩家": "any"}
_PLAYED_CARD = re.compile(r"^当(?P<who>" + "|".join(_PLAYED_BY) + r")打出(?P<card>[^时，]+?)时")
_MEASURES = ("", "一名", "一张", "一件", "一个")


def _played_shape(who: str, kind: str) -> dict:
    """The played trigger of a card of *kind* (any: every card) played by *who*."""
    if kind == "any":
        return {"event": "played", "subject": "any", "player": who}
    side = {"you": "friendly", "opponent": "enemy"}.get(who)
    return {"event": "played", "subject": side, "card_type": kind} if side else \
        {"event": "played", "subject": "any", "player": "any", "card_type": kind}


def _played_card(text: str) -> tuple[str, list] | None:
    match = _PLAYED_CARD.match(text)
    spec = None
    for measure in _MEASURES if match else ():
        with contextlib.suppress(NotRead):
            spec = parse_card(measure + match["card"])
            break
    if spec is None:
        return None
    kind = spec.pop("kind", "any")
    if not isinstance(kind, str):
        return None
    return match[0], [{**_played_shape(_PLAYED_BY[match["who"]], kind), **({"card": spec} if spec else {})}]


def _render_played_card(trigger) -> str | None:
    if not isinstance(trigger, dict) or set(trigger.get("card", {})) - {"cost", "power", "tag", "token"}:
        return None
    bare = {k: v for k, v in trigger.items() if k != "card"}
    found = next(((words, kind) for words, who in _PLAYED_BY.items() for kind in ("any", "unit", "spell", "gear")
                  if _played_shape(who, kind) == bare), None)
    if found is None:
        return None
    words, kind = found
    try:
        return f"当{words}打出{render_card({**({} if kind == 'any' else {'kind': kind}), **trigger.get('card', {})})}时"
    except NotRead:
        return None


def _render_played_unit(trigger) -> str | None:
    if not isinstance(trigger, dict) or {k: v for k, v in trigger.items() if k not in ("other", "card")} != _PLAYED_A_UNIT \
            or set(trigger.get("card", {})) - _FILTER_KEYS or {"who", "where", "other", "count", "up_to"} & set(trigger.get("card", {})):
        return None
    _, middle = _filter_words(trigger.get("card", {}))
    return f"当你打出{'其他' if trigger.get('other') else ''}{middle}单位时"


# “你控制着[不少于N名]UNITS” (“你在此处有其他单位”, “你的基地中有不少于两名其他单位”): a count of your own units.
_COMPARED = {"不超过": "le", "不多于": "le", "至多": "le", "不少于": "ge", "至少": "ge", "不低于": "ge", "不足": "lt",
             "少于": "lt", "低于": "lt", "多于": "gt", "超过": "gt", "高于": "gt", "恰好": "eq", "有且仅有": "eq"}
_COMPARED_WORDS = {value: key for key, value in reversed(_COMPARED.items())}
_CMP = "(?P<cmp>" + "|".join(sorted(_COMPARED, key=len, reverse=True)) + ")"
# How many units (gear) a count asks for: “不少于两名”, “至少两名”, “多于一名”, “不超过两名”, “恰好/有且仅有一名” — the bounds
# `at_least` / `at_most` of a count (`_count_bounds`); none or “一名” is at least one.
_COUNT = rf"(?:{_CMP}(?P<n>{_NUMBER})[名件枚]|一[名件枚])?"
_CONTROLS = re.compile(rf"^你(?:控制着|场上拥有|(?P<here>在此处)(?:有|控制着)|(?P<there>在其所在位置|在该处)(?:有|控制着)|(?P<field>在(?:各处)?战场上)(?:有(?!且仅有)|控制着|拥有)?|"
                       rf"(?P<base>的基地中)有){_COUNT}(?P<what>.*(?:单位|装备))$")


_ANOTHER_COUNTED = re.compile(r"(?P<verb>控制着|有|拥有)另一(?P<measure>[名件])")
_CONTROLS_NONE = re.compile(r"^你(?:未控制着?|没有控制着?|没有)(?P<what>(?![不至多少恰有])\S*(?:单位|装备))$")


def _count_bounds(match: re.Match) -> dict:
    if not match.groupdict().get("n"):
        return {}
    n, way = number(match["n"]), _COMPARED[match["cmp"]]
    # an upper bound alone counts from none (a count is at least one unless it says otherwise)
    return {"ge": {"at_least": n}, "gt": {"at_least": n + 1}, "le": {"at_least": 0, "at_most": n},
            "lt": {"at_least": 0, "at_most": n - 1}, "eq": {"at_least": n, "at_most": n}}[way]
_HERE_UNITS = re.compile(rf"^你(?P<here>在此)拥有{_COUNT}(?P<base>)(?P<what>单位)$")
# “当你征服/据守一处战场时，如果你在该战场上拥有不少于四名单位”: your units at the battlefield scored (`where: scored`),
# read as the ability triggers (383.2.a.1); only after a conquer or hold trigger (_triggered checks it)
_SCORED_UNITS = re.compile(rf"^你在该战场上(?:拥有|有|控制着)(?:至少|不少于)(?P<n>{_NUMBER})名单位$")


# Conditions on how many runes you control: (wording with a count, its bound in `$defs/condition`).
# The runes you control, counted with the count phrase (“你拥有不少于八枚符文”, “…不多于三枚符文”: from none)
_RUNE_COUNT = re.compile(rf"^你(?:拥有|有|控制着){_COUNT}符文$")
_RUNES_OF_YOURS = {"kind": "rune", "who": "friendly"}
_LEVEL = re.compile(r"你(?:拥有|有)(?:不少于|至少|不低于)(\d+)点?经验值?|你的经验值?(?:不少于|至少|不低于)(\d+)点?")
# “如果你的其他单位的总计战力不低于5”: the Might of the units a subject names, summed (`might_total`, bounded as a count
# is); the first wording is written
_MIGHT_TOTAL_WORDS = ("总计战力", "战力总和", "合计战力", "总战力")
_MIGHT_TOTAL = re.compile(rf"^(?P<what>.+?单位)的?(?:{'|'.join(_MIGHT_TOTAL_WORDS)}){_CMP}(?P<n>\d+)$")  # “你的单位总战力…”
# “an opponent's score is within N points of the Victory Score” (194.3): the gap, compared (the first wording is written).
SCORE_GAPS = (("对手得分距离胜利得分不超过{n}分", "le"), ("对手的得分距离胜利得分不超过{n}分", "le"))
# “此处有（一名）处于活跃状态的敌方单位”: a count of anyone's units here (at least one)
_THERE_IS_HERE = re.compile(rf"^(?P<place>此处|战场上|场上|该战场上)(?:(?P<none>没有)|有{_COUNT})(?P<what>.*单位)$")  # anyone's units there
# “该战场上” in a condition: the battlefield a move before it moved units away from (`where: moved_from`, `_body` checks)
_THERE_PLACES = {"此处": "此处的", "战场上": "战场上的", "场上": "", "该战场上": WHERE_WORDS["moved_from"]}
_STATE_PHRASES = {"处于活跃状态的": "活跃的", "处于休眠状态的": "休眠的"}
_OPPONENT_CONTROLS = re.compile(rf"^对手控制着{_COUNT}(?P<what>.*单位)$")
# Conditions on the board, the hand and this turn's history, each a wording with a count (c) or none
_BOARD_CONDITIONS = (
    ("你的手牌不超过{c}张", "hand", "le"), ("你的手牌不多于{c}张", "hand", "le"), ("你的手牌不少于{c}张", "hand", "ge"),
    ("你的手牌不足{c}张", "hand", "lt"), ("你的手牌少于{c}张", "hand", "lt"),
    ("你的废牌堆中不少于{c}张牌", "trash", "ge"),
    ("对手已控制任意战场", "opponent_battlefields", 1),
    ("你控制着一张正面朝下的卡牌", "facedown", 1), ("你在战场上控制着一张正面朝下的待命牌", "facedown", 1),
)
# What happened this turn (the engine's turn events): wording → (condition key, side); the first wording is written.
_THIS_TURN_WORDS = {"本回合内有单位被摧毁": ("killed_this_turn", "any"), "本回合内有一名单位被摧毁": ("killed_this_turn", "any"),
                    "本回合内有一名敌方单位被摧毁": ("killed_this_turn", "enemy"),
                    "本回合内有一名友方单位被摧毁": ("killed_this_turn", "friendly"),
                    "你本回合内已经弃置过手牌": ("discarded_this_turn", "friendly"),
                    "你本回合内弃置过手牌": ("discarded_this_turn", "friendly"),
                    "你已在本回合内获得了经验值": ("gained_xp_this_turn", "friendly"),
                    "你本回合内获得过经验": ("gained_xp_this_turn", "friendly")}


def _board_condition(text: str) -> dict | None:
    if text in _THIS_TURN_WORDS:
        key, side = _THIS_TURN_WORDS[text]
        return {key: side}
    for words, key, bound in _BOARD_CONDITIONS:
        if isinstance(bound, int):
            if text == words:
                return {key: {"ge": bound}}
            continue
        match = re.fullmatch(words.replace("{c}", f"({_NUMBER})"), text)
        if match:
            return {key: {bound: number(match[1])}}
    return None


def _render_board_condition(condition: dict) -> str | None:
    if len(condition) == 1 and any(key == next(iter(condition)) for key, _ in _THIS_TURN_WORDS.values()):
        (key, side), = condition.items()
        return next((w for w, wanted in _THIS_TURN_WORDS.items() if wanted == (key, side)), None)
    if len(condition) != 1:
        return None
    (key, compared), = condition.items()
    if not isinstance(compared, dict) or len(compared) != 1:
        return None
    (bound, value), = compared.items()
    for words, wanted, way in _BOARD_CONDITIONS:
        if wanted == key and (way == bound if isinstance(bound, str) and not isinstance(way, int) else
                              (isinstance(way, int) and bound == "ge" and value == way)):
            return words.replace("{c}", chinese(value)) if "{c}" in words else words
    return None


# Conditions on the chosen target as the instruction executes (`target_is`: every chosen one still there meets the
# filter): “如果它已强化，则…”. One grammar, SUBJECT PREDICATE: the subject a word for the chosen one (“它”, “其”, “该单位”,
# “它们” for several), the predicate a state it is in (`_TARGET_STATES`, “未/没有” before it for not), “是/为（一名）UNITS”
# (the object grammar's filter: “是强力单位”, “是一名休眠的敌方单位”, “是“机械”属性单位”), “拥有KEYWORD”, or its Might
# compared (“的战力不高于3”). A tree is written back with the first words of each part.
_TARGET_SUBJECTS = ("它", "其", "该单位", "这名单位", "那名单位", "它们", "他们")
_TARGET_STATES = (  # (words, filter key): the state holds (True); after 未/没有 it does not
    ("已强化", "empowered"), ("已被强化", "empowered"), ("被强化", "empowered"),
    ("已经被眩晕", "stunned"), ("已被眩晕", "stunned"), ("被眩晕", "stunned"), ("此前已被眩晕", "stunned"),
    ("拥有增益", "buffed"), ("带有增益", "buffed"), ("有增益", "buffed"),
    ("处于休眠状态", "exhausted"), ("已受伤", "damaged"), ("受到过伤害", "damaged"), ("已受到伤害", "damaged"),
    ("落单", "alone"), ("已配有武装", "equipped"), ("配有武装", "equipped"), ("处于战斗中", "in_combat"),
)
_TARGET_NOT = ("未", "没有")
_TARGET_READY = "处于活跃状态"  # exhausted: false
_TARGET_IS = re.compile(r"^(?:是|为)(?:一名)?(?P<what>.+)$")
# “如果它是一件武装”: the chosen gear is an Equipment (a gear with the Equipment tag, 武装)
_GEAR_IS = {"是一件武装": {"kind": "gear", "tag": "武装"}, "为一件武装": {"kind": "gear", "tag": "武装"}}
_TARGET_KEYWORD = re.compile(rf"^(?P<not>未|没有)?拥有(?P<keyword>{_KEYWORD})$")
_TARGET_MIGHT = re.compile(rf"^的战力(?P<compare>{_COMPARE})(?P<n>\d+)$")


def _target_predicate(text: str) -> dict | None:
    """The filter the chosen one meets when *text* (what follows the subject) holds, or None."""
    if text == _TARGET_READY:
        return {"exhausted": False}
    negated = next((word for word in _TARGET_NOT if text.startswith(word)), "")
    state = next((key for words, key in _TARGET_STATES if text[len(negated):] == words), None)
    if state:
        return {state: not negated}
    keyword = _TARGET_KEYWORD.match(text)
    if keyword and not keyword["not"]:
        return {"keyword": keyword["keyword"]}
    might = _TARGET_MIGHT.match(text)
    if might:
        return {"might": {_MIGHT[might["compare"]]: int(might["n"])}}
    if text in _GEAR_IS:
        return dict(_GEAR_IS[text])
    unit = _TARGET_IS.match(text)
    if unit:
        what = unit["what"] if unit["what"].endswith("单位") else unit["what"] + "单位"  # “是进攻方”, “是指示物”
        with contextlib.suppress(NotRead):
            spec = dict(parse_subject(what)["each"]) if what != "单位" else {}
            if spec and not set(spec) - {"who", "tag", "keyword", "might", *(key for key, _, _ in STATE_WORDS),
                                         *(key for key, _, _ in LATE_STATE_WORDS)}:
                return spec
    return None


def _render_target_predicate(wanted: dict) -> str | None:
    if wanted == {"exhausted": False}:
        return _TARGET_READY
    gear = next((words for words, spec in _GEAR_IS.items() if spec == wanted), None)
    if gear:
        return gear
    if len(wanted) == 1:
        (key, value), = wanted.items()
        state = next((words for words, state_key in _TARGET_STATES if state_key == key), None)
        if state and isinstance(value, bool):
            return state if value else _TARGET_NOT[0] + state
        if key == "keyword":
            return f"拥有{value}"
        if key == "might" and isinstance(value, dict) and len(value) == 1:
            (compare, bound), = value.items()
            return f"的战力{_MIGHT_WORDS[compare]}{bound}" if isinstance(bound, int) else None
    with contextlib.suppress(NotRead):
        words = render_subject({"each": wanted}).removeprefix("所有")
        short = words.removesuffix("单位")  # “是进攻方”, “是指示物”: a role or a token, not “…单位”
        tried = (short, words) if short.endswith(("进攻方", "防守方", "指示物")) else (words,)
        return next(("是" + w for w in tried if _target_predicate("是" + w) == wanted), None)
    return None
# Conditions of a triggered ability on what its controller played this turn (419.4): the card just played is the
# first (first_played), or they have played each of these kinds of non-token card (played_this_turn).
FIRST_PLAYED = "这是你本回合打出的首张牌"
_PLAYED_KINDS = {"unit": "非指示物单位", "gear": "非指示物装备", "spell": "法术"}
_PLAYED_THIS_TURN = re.compile(r"^你(?:在)?本回合(?:内)?(?:已经?)?打出过(?:一张|一个|一名|一件)?"
                               r"(?P<kinds>(?:非指示物单位|非指示物装备|法术)(?:(?:、|和)(?:非指示物单位|非指示物装备|法术))*)(?:牌)?$")
_FIRST_PLAYED = re.compile(r"^这是你(?:在)?本回合(?:内)?打出的(?:首张|第一张)(?:卡)?牌$")  # the first wording is written


def _played_condition(text: str) -> dict | None:
    if _FIRST_PLAYED.match(text):
        return {"first_played": True}
    played = _PLAYED_THIS_TURN.match(text)
    if played:
        words = {word: kind for kind, word in _PLAYED_KINDS.items()}
        return {"played_this_turn": [words[word] for word in re.split("、|和", played["kinds"])]}
    return None


def _render_played_condition(condition: dict) -> str | None:
    if condition == {"first_played": True}:
        return FIRST_PLAYED
    if set(condition) == {"played_this_turn"}:
        words = [_PLAYED_KINDS[kind] for kind in condition["played_this_turn"]]
        return "你本回合打出过" + ("、".join(words[:-1]) + "和" if len(words) > 1 else "") + words[-1]
    return None


# The source's own state (“如果我…”), one grammar beside the fixed wordings of CONDITIONS (which write a tree back):
# 我/此牌/此单位/此装备, then a state of the source the engine reads (`filters.CONDITIONS`), “未/没有/不” for not.
_SOURCE_SUBJECTS = ("我", "此牌", "此单位", "此装备")
_SOURCE_STATES = (
    (("是强力单位", "为强力单位", "是强力的", "强力"), "mighty"),
    (("位于战场上", "在战场上", "处于战场上", "位于战场中", "在战场中", "位于一处战场上"), "at_battlefield"),
    (("处于战斗中", "在战斗中", "正在战斗"), "in_combat"),
    (("已强化", "已被强化", "被强化", "强化"), "empowered"),
    (("拥有增益", "带有增益", "有增益"), "buffed"),
    (("落单", "处于落单状态"), "alone"),
    (("是进攻方", "为进攻方"), "attacking"),
)
_SOURCE_NOT = ("未", "没", "不")  # “没有增益” is 没 + 有增益


# What happened this turn (the engine's turn records): the Power you paid, how often the source moved, a unit that died
# in your phase; the source attacking with another unit. (pattern, the condition it builds from the match)
_PHASE_WORDS = {"开始阶段": "beginning", "主阶段": "main", "结束阶段": "ending", "召出阶段": "channel", "抽牌阶段": "draw"}
_HISTORY = (
    (rf"^你(?:在本回合内)?(?:{_CMP})?支付(?:了|过)任意符能(?:×(?P<n>\d+))?$",
     lambda m: {"power_spent_this_turn": {_COMPARED.get(m["cmp"] or "", "ge"): int(m["n"] or 1)}}),
    (rf"^我(?:在本回合内)?移动(?:了|过)(?P<n>{_NUMBER})次$", lambda m: {"moved_this_turn": {"ge": number(m["n"])}}),
    (r"^一名(?P<side>友方|敌方)?单位在你的(?P<phase>" + "|".join(_PHASE_WORDS) + r")被摧毁$",
     lambda m: {"killed_this_turn": {"side": {"友方": "friendly", "敌方": "enemy"}.get(m["side"] or "", "any"),
                                     "phase": _PHASE_WORDS[m["phase"]]}}),
    (r"^我和另一名(?:友方)?单位一起进攻(?:一处战场)?$", lambda m: {"attacking": True, "count": {"attacking": True, "other": True}}),
    # 383.4.b: a spell or ability of yours chose such a unit as its target this turn
    (r"^你(?:在本回合内|本回合)选择过一名(?P<side>敌方|友方)单位$", lambda m: {"chose_this_turn": _SIDE_WORDS[m["side"]]}),
)
_SIDE_WORDS = {"敌方": "enemy", "友方": "friendly"}


def _history_condition(text: str) -> dict | None:
    for pattern, build in _HISTORY:
        match = re.match(pattern, text)
        if match:
            return build(match)
    return None


def _render_history_condition(condition: dict) -> str | None:
    if set(condition) == {"chose_this_turn"} and condition["chose_this_turn"] in _SIDE_WORDS.values():
        side = next(words for words, side in _SIDE_WORDS.items() if side == condition["chose_this_turn"])
        return f"你在本回合内选择过一名{side}单位"
    if set(condition) == {"power_spent_this_turn"} and list(condition["power_spent_this_turn"]) == ["ge"]:
        n = condition["power_spent_this_turn"]["ge"]
        return "你在本回合内至少支付了任意符能" + (f"×{n}" if n > 1 else "")
    if set(condition) == {"moved_this_turn"} and list(condition["moved_this_turn"]) == ["ge"]:
        return f"我在本回合内移动了{chinese(condition['moved_this_turn']['ge'])}次"
    killed = condition.get("killed_this_turn")
    if set(condition) == {"killed_this_turn"} and isinstance(killed, dict):
        side = {"friendly": "友方", "enemy": "敌方", "any": ""}[killed["side"]]
        phase = next(words for words, key in _PHASE_WORDS.items() if key == killed["phase"])
        return f"一名{side}单位在你的{phase}被摧毁"
    if condition == {"attacking": True, "count": {"attacking": True, "other": True}}:
        return "我和另一名单位一起进攻一处战场"
    return None


def _source_condition(text: str) -> dict | None:
    subject = next((words for words in _SOURCE_SUBJECTS if text.startswith(words)), None)
    if subject is None:
        return None
    predicate = text[len(subject):]
    negated = next((word for word in _SOURCE_NOT if predicate.startswith(word)), "")
    for words, key in _SOURCE_STATES:
        if predicate in words:
            return {key: True}
        if negated and predicate[len(negated):] in words:
            return {"not": {key: True}}
    return None


# “其中至少一个拥有瞬息”: of the chosen units, one at least meets it — not all of them fail it (``target_is`` reads them all)
_ONE_OF_THEM = ("其中至少一个", "其中至少一名", "它们中至少有一个")


def _target_condition(text: str) -> dict | None:
    played = _played_condition(text)
    if played:
        return played
    some = next((words for words in _ONE_OF_THEM if text.startswith(words)), None)
    found = _target_predicate(text[len(some):]) if some else None
    if found:
        return {"not": {"target_is": {"not": found}}}
    subject = next((words for words in sorted(_TARGET_SUBJECTS, key=len, reverse=True) if text.startswith(words)), None)
    found = _target_predicate(text[len(subject):]) if subject else None
    return {"target_is": found} if found else None


def _render_target_condition(condition: dict) -> str | None:
    played = _render_played_condition(condition)
    if played:
        return played
    inner = condition.get("not") if set(condition) == {"not"} else None
    failed = inner.get("target_is") if isinstance(inner, dict) and set(inner) == {"target_is"} else None
    if isinstance(failed, dict) and set(failed) == {"not"} and isinstance(failed["not"], dict):
        words = _render_target_predicate(failed["not"])
        return _ONE_OF_THEM[0] + words if words else None
    if set(condition) != {"target_is"}:
        return None
    words = _render_target_predicate(condition["target_is"]) if isinstance(condition["target_is"], dict) else None
    return _TARGET_SUBJECTS[0] + words if words else None


_REVEALED = re.compile(r"^你展示了(?P<card>.+)$")  # “如果你展示了一名“鸟类”…属性单位”: the card the look took (``took``)


def parse_condition(text: str) -> dict:
    target = _target_condition(text)
    if target:
        return target
    revealed = _REVEALED.match(text)
    if revealed:
        return {"took": parse_card(revealed["card"])}
    for words, tree in CONDITIONS:
        if text == words:
            return dict(tree)
    source = _source_condition(text) or _history_condition(text)
    if source:
        return source
    both = _both(text)
    if both:
        return both
    compared = _compared_number(text) or _against(text)
    if compared:
        return compared
    scored = _SCORED_UNITS.match(text)
    if scored:
        return {"controls": dict(SCORED), "at_least": number(scored["n"])}
    with_units = _battlefield_with(text)
    if with_units:
        return with_units
    controls = _CONTROLS.match(_ANOTHER_COUNTED.sub(r"\g<verb>一\g<measure>其他", text))  # “另一名单位”: one other
    if controls:
        return _controls(controls)
    uncontrolled = _CONTROLS_NONE.match(text)
    if uncontrolled:  # “你未控制其他单位”: none at all
        return {**_controls(_CONTROLS.match("你控制着" + uncontrolled["what"])), "at_least": 0, "at_most": 0}
    here = _HERE_UNITS.match(text)
    if here:  # a battlefield's “你在此拥有至少七名单位”: your units here
        return _controls(here)
    there = _THERE_IS_HERE.match(text)
    if there:
        what = there["what"]
        for phrase, word in _STATE_PHRASES.items():
            what = what.replace(phrase, word)
        words = _THERE_PLACES[there["place"]] + what
        bounds = {"at_least": 0, "at_most": 0} if there["none"] else _count_bounds(there)  # “此处没有敌方单位”: none
        return {"count": parse_subject(words)["each"] if words != "单位" else {}, **bounds}
    level = _LEVEL.fullmatch(text)
    if level:  # the reminder of Level (824.1.c): “如果你拥有不少于6经验，则获得该效果”; at least N XP, in any of its words
        return {"level": int(level[1] or level[2])}
    for words, comparison in SCORE_GAPS:
        match = re.fullmatch(words.replace("{n}", r"(\d+)"), text)
        if match:
            return {"opponent_to_win": {comparison: int(match[1])}}
    history = _board_condition(text)
    if history:
        return history
    all_tags = _ALL_TAGS.match(text)
    if all_tags:  # every one of the tags among your units (at_least: all, the engine's default)
        return {"tags_among": _listed(all_tags)}
    theirs = _OPPONENT_CONTROLS.match(text)
    if theirs:  # “对手控制着一名被眩晕的单位”: a count of enemy units (at least one), anywhere
        return {"count": parse_subject(re.sub(r"((?:“[^”]+”属性)?单位)$", r"敌方\1", theirs["what"]))["each"],
                **_count_bounds(theirs)}
    runes = _RUNE_COUNT.match(text)
    if runes and runes["n"]:  # the runes you control (count's kind: rune)
        return {"count": dict(_RUNES_OF_YOURS), **_count_bounds(runes)}
    total = _MIGHT_TOTAL.match(text)
    if total:
        return {"might_total": parse_subject(total["what"])["each"], **_count_bounds(total)}
    raise NotRead(f"条件“{text}”")


# “A且B”, “A，且B”: both hold (keys AND-ed); “有且仅有” is no joint. Each side is a condition of its own, and they
# may not share a key (two counts of units would need two conditions).
_AND = re.compile(r"，?(?<!有)且(?!仅)")


def _both(text: str) -> dict | None:
    for joint in _AND.finditer(text):
        try:
            first, second = parse_condition(text[:joint.start()]), parse_condition(text[joint.end():])
        except NotRead:
            continue
        if not set(first) & set(second):
            return {**first, **second}
    return None


# A number about you or an opponent compared (the engine's PLAYER_NUMBERS): “你的手牌不超过两张”, “你有且仅有四张手牌”,
# “你的废牌堆中有不少于五张牌”, “你的分数不低于5分”, “你控制着至少两处战场”. (pattern with {cmp} and {n}, key); a tree is
# written back with the first pattern of its key and the first word of its comparison.
_NUMBERS_COMPARED = (
    ("你的手牌{cmp}{n}张", "hand"), ("你的手牌数{cmp}{n}张?", "hand"), ("你(?:有|拥有)?{cmp}{n}张手牌", "hand"),
    ("你的废牌堆中有{cmp}{n}张(?:卡)?牌", "trash"), ("你的废牌堆(?:中|里)?{cmp}{n}张(?:卡)?牌", "trash"),
    ("你的(?:分数|得分){cmp}{n}分?", "points"), ("你(?:拥有|有){cmp}{n}分", "points"),
    ("对手的(?:分数|得分){cmp}{n}分?", "opponent_points"),
    ("你的(?:分数|得分)距离胜利得分{cmp}{n}分", "to_win"),  # 194.3: the points you still need
    ("你控制着{cmp}{n}处战场", "battlefields"), ("你(?:已)?控制{cmp}{n}处战场", "battlefields"),
    # the damage you assigned beyond lethal in the combat under way (465.2.c.4), read as a conquer triggers
    ("你给敌方单位(?:分配了|造成过|造成了|分配过){cmp}{n}点的过量伤害", "excess_assigned"),
)
_IN_DIGITS = ("points", "opponent_points", "excess_assigned", "to_win")  # written “5分”, “5点”, not in Chinese numerals


def _compared_number(text: str) -> dict | None:
    for pattern, key in _NUMBERS_COMPARED:
        match = re.fullmatch(pattern.replace("{cmp}", _CMP).replace("{n}", f"(?P<n>{_NUMBER}|\\d+)"), text)
        if match:
            return {key: {_COMPARED[match["cmp"]]: number(match["n"])}}
    return None


# A number of yours compared with an opponent's, or an opponent's with yours (`PLAYER_NUMBERS` against the amount of the
# other side, an opponent's the highest): “对手的分数高于你”, “你控制的符文少于对手”. (words, your key, the opponent's key
# or None, the amount); the first words are written, with the comparison's first word for its measure.
_AGAINST = (("的分数", "points", "opponent_points", "points_of"), ("的得分", "points", "opponent_points", "points_of"),
            ("控制的符文", "runes", None, "runes_of"), ("的符文", "runes", None, "runes_of"),
            ("的手牌", "hand", None, "hand_of"), ("的手牌数", "hand", None, "hand_of"))
_AGAINST_WORDS = {"points": {"gt": "高于", "lt": "低于", "ge": "不低于", "le": "不高于"},
                  "count": {"gt": "多于", "lt": "少于", "ge": "不少于", "le": "不多于"}}
_AGAINST_PATTERN = re.compile(r"^(?P<who>你|对手)(?P<what>" + "|".join(sorted({w for w, *_ in _AGAINST}, key=len, reverse=True))
                              + r")(?P<cmp>" + "|".join(sorted({w for words in _AGAINST_WORDS.values() for w in words.values()},
                                                               key=len, reverse=True)) + r")(?P<other>对手|你)$")


def _against(text: str) -> dict | None:
    match = _AGAINST_PATTERN.match(text)
    if not match or match["who"] == match["other"]:
        return None
    _, yours, theirs, amount = next(entry for entry in _AGAINST if entry[0] == match["what"])
    measure = "points" if yours == "points" else "count"
    way = next((way for way, word in _AGAINST_WORDS[measure].items() if word == match["cmp"]), None)
    key = yours if match["who"] == "你" else theirs
    if way is None or key is None:
        return None
    return {key: {way: {amount: "opponent" if match["who"] == "你" else "you"}}}


def _render_against(condition: dict) -> str | None:
    if len(condition) != 1:
        return None
    (key, compared), = condition.items()
    if not isinstance(compared, dict) or len(compared) != 1:
        return None
    (way, bound), = compared.items()
    for words, yours, theirs, amount in _AGAINST:
        who = "你" if key == yours else "对手" if key == theirs else None
        if who and bound == {amount: "opponent" if who == "你" else "you"}:
            word = _AGAINST_WORDS["points" if yours == "points" else "count"].get(way)
            return f"{who}{words}{word}{'对手' if who == '你' else '你'}" if word else None
    return None


def _render_compared_number(condition: dict) -> str | None:
    against = _render_against(condition)
    if against:
        return against
    if len(condition) != 1:
        return None
    (key, compared), = condition.items()
    pattern = next((p for p, k in _NUMBERS_COMPARED if k == key), None)
    if pattern is None or not isinstance(compared, dict) or len(compared) != 1:
        return None
    (way, value), = compared.items()
    if way not in _COMPARED_WORDS or not isinstance(value, int):
        return None
    count = str(value) if key in _IN_DIGITS else chinese(value)
    return re.sub(r"\(\?:([^|)]+)[^)]*\)\??", r"\1", pattern).replace("张?", "张").replace("分?", "分").replace(
        "{cmp}", _COMPARED_WORDS[way]).replace("{n}", count)


# “你控制着一处有恰好两名单位的战场” (“一处恰好有…” too): a battlefield you control with that many of the units named there,
# any side's (``controls_battlefield_with``), counted as it is read
_BATTLEFIELD_WITH = re.compile(rf"^你控制着一处有{_COUNT}(?P<what>[^，]*?单位)的战场$")


def _battlefield_with(text: str) -> dict | None:
    match = _BATTLEFIELD_WITH.match(re.sub(r"^你控制着一处(恰好|至少|不少于|不超过)有", r"你控制着一处有\1", text))
    if not match:
        return None
    units = parse_subject(match["what"])["each"] if match["what"] != "单位" else {}
    return {"controls_battlefield_with": {"units": units, **_count_bounds(match)} if units else {**_count_bounds(match)}}


def _render_battlefield_with(wanted: dict) -> str:
    bounds = _render_bounds(wanted)
    units = render_subject({"each": wanted["units"]}).replace("所有", "") if wanted.get("units") else "单位"
    if bounds is None or set(wanted) - {"units", "at_least", "at_most"}:
        raise NotRead(f"条件 controls_battlefield_with {wanted}")
    return f"你控制着一处有{bounds}{units}的战场"


def _controls(match: re.Match) -> dict:
    # “其他“机械”单位” names the tag without “属性”; the subject grammar wants it
    what = re.sub(r"^(其他)?(“[^”]+”)单位$", r"\1\2属性单位", match["what"])
    place = "此处的" if match["here"] else "其所在位置的" if match.groupdict().get("there") else \
        "你基地中的" if match["base"] else "战场上的" if match.groupdict().get("field") else ""
    bare = {"单位": {}, "装备": {"kind": "gear"}}.get(what) if not place else None  # “你控制着不少于两件装备”
    spec = dict(parse_subject(place + what)["each"]) if bare is None else dict(bare)
    if spec.pop("who", "friendly") != "friendly":
        raise NotRead(f"条件“你控制着{match['what']}”")
    if match.groupdict().get("there") or spec.get("where") == "same_battlefield":
        spec["where"] = "there"  # “你在其所在位置有…”: where the chosen targets are as it executes
    return {"controls": spec, **_count_bounds(match)}


def _render_bounds(condition: dict, measure: str = "名") -> str | None:
    """“不少于两名”, “不超过两名”, “恰好两名” (“” for at least one) of a count's bounds, or None."""
    least, most = condition.get("at_least"), condition.get("at_most")
    if most is None:
        return f"不少于{chinese(least)}{measure}" if least and least > 1 else "" if least != 0 else None
    if least == 0 and most:
        return f"不超过{chinese(most)}{measure}"
    return f"恰好{chinese(least)}{measure}" if least == most and most else None


def _render_counted(condition: dict) -> str | None:
    """A count of anyone's units here, at battlefields or anywhere, or of an opponent's (`_THERE_IS_HERE`, ...)."""
    if set(condition) - {"at_least", "at_most"} != {"count"} or not isinstance(condition["count"], dict):
        return None
    none = condition.get("at_least") == condition.get("at_most") == 0 and len(condition) == 3
    spec, bounds = dict(condition["count"]), "" if none else _render_bounds(condition)
    where = spec.pop("where", None)
    if bounds is None or set(spec) - _FILTER_KEYS or spec.get("kind", "unit") != "unit":
        return None
    if where is None and spec.get("who") == "enemy":
        del spec["who"]
        units = render_subject({"each": spec}).replace("所有", "") if spec else "单位"
        return f"对手控制着{bounds}{units}"
    place = next((p for p, words in _THERE_PLACES.items() if words == WHERE_WORDS.get(where or "", "")), None)
    if place is None:
        return None
    units = render_subject({"each": spec}).replace("所有", "") if spec else "单位"
    return f"{place}没有{units}" if none else f"{place}有{bounds}{units}"


def render_condition(condition: dict) -> str:
    if set(condition) == {"took"}:
        return "你展示了" + render_card(condition["took"])
    words = next((w for w, tree in CONDITIONS if tree == condition), None) or _render_target_condition(condition)
    if words is not None:
        return words
    history = _render_history_condition(condition)
    if history:
        return history
    state = next((words for words, key in _SOURCE_STATES if condition in ({key: True}, {"not": {key: True}})), None)
    if state:  # a state of the source with no fixed wording
        return _SOURCE_SUBJECTS[0] + ("未" if "not" in condition else "") + state[0]
    simple = next(((w, tree) for w, tree in CONDITIONS if len(condition) > len(tree) and
                   all(condition.get(key) == value for key, value in tree.items())), None)
    if simple:  # one of the simple conditions and the rest: “我位于战场上且…”
        return simple[0] + "且" + render_condition({k: v for k, v in condition.items() if k not in simple[1]})
    compared = _render_compared_number(condition)
    if compared:
        return compared
    if set(condition) == {"controls_battlefield_with"}:
        return _render_battlefield_with(condition["controls_battlefield_with"])
    if set(condition) - {"at_least", "at_most"} == {"might_total"}:  # a total in digits: “不低于5”
        least, most = condition.get("at_least", 1), condition.get("at_most")
        bound = f"不低于{least}" if most is None else f"不超过{most}" if least == 0 else f"恰好{most}" if least == most else None
        if bound:
            return render_subject({"each": condition["might_total"]}).replace("所有", "") + "的" + _MIGHT_TOTAL_WORDS[0] + bound
    if set(condition) == {"tags_among"} and len(condition["tags_among"]) > 1:
        return f"你的单位合计具有{_tags_words(condition['tags_among'])}所有属性标签"
    parts = [key for key in condition if key not in ("at_least", "at_most")]
    if len(parts) > 1:  # two conditions AND-ed: the first part that is one alone, “，且” the rest
        for key in parts:
            with contextlib.suppress(NotRead):
                alone = render_condition({key: condition[key]})
                rest = render_condition({k: v for k, v in condition.items() if k != key})
                return f"{alone}，且{rest}"
    if set(condition) == {"controls", "at_least"} and condition["controls"] == SCORED:
        return f"你在该战场上拥有不少于{chinese(condition['at_least'])}名单位"
    if set(condition) in ({"controls"}, {"controls", "at_least"}):
        spec = condition["controls"]
        measure = MEASURE[spec.get("kind", "unit")]  # “你控制着不少于三件其他装备”: gear on the board too
        at_least = f"不少于{chinese(condition['at_least'])}{measure}" if "at_least" in condition else ""
        units = render_subject({"each": spec}).replace("所有", "") if spec else "单位"
        return f"你控制着{at_least}{units}"
    places = {"here": "在此处有", "there": "在其所在位置有", "battlefield": "在战场上有", None: "控制着"}
    if set(condition) == {"controls", "at_least", "at_most"} and condition["at_least"] == 0:  # “不超过两名”, “未控制”
        spec = condition["controls"]
        units = render_subject({"each": spec}).replace("所有", "") if spec else "单位"
        if not condition["at_most"]:
            return f"你未控制{units}"
        return f"你控制着不超过{chinese(condition['at_most'])}{MEASURE[spec.get('kind', 'unit')]}{units}"
    if set(condition) == {"controls", "at_least", "at_most"} and condition["at_least"] == condition["at_most"] and \
            condition["controls"].get("where") in places:
        spec = {key: value for key, value in condition["controls"].items() if key != "where"}
        units = render_subject({"each": spec}).replace("所有", "") if spec else "单位"
        place = places[condition["controls"].get("where")]
        return f"你{place}恰好{chinese(condition['at_least'])}名{units}"
    if set(condition) - {"at_least"} == {"count"} and condition["count"].get("where") == "here" and \
            condition.get("at_least", 2) > 1:  # “此处有不少于两名敌方单位”: at least N of anyone's units here
        spec = {key: value for key, value in condition["count"].items() if key != "where"}
        at_least = f"不少于{chinese(condition['at_least'])}名" if "at_least" in condition else ""
        return "此处有" + at_least + (render_subject({"each": spec}).replace("所有", "") if spec else "单位")
    if set(condition) == {"level"}:
        return f"你拥有不少于{condition['level']}经验"
    if set(condition) == {"opponent_to_win"} and len(condition["opponent_to_win"]) == 1:
        (comparison, gap), = condition["opponent_to_win"].items()
        words = next((w.replace("{n}", str(gap)) for w, c in SCORE_GAPS if c == comparison), None)
        if words is not None:
            return words
    board = _render_board_condition(condition)
    if board:
        return board
    if set(condition) == {"count"} and condition["count"].get("who") == "enemy" and "where" not in condition["count"]:
        units = render_subject({"each": condition["count"]}).replace("所有", "").replace("敌方", "")
        return "对手控制着一名" + units
    counted = _render_counted(condition)
    if counted:
        return counted
    if condition.get("count") == _RUNES_OF_YOURS:
        bounds = _render_bounds(condition, "枚")
        if bounds:
            return f"你拥有{bounds}符文"
    raise NotRead(f"条件 {condition}")


# An activated ability's cost is a sequence of cost parts (377), in any order, joined by “，” or “、”: what each part says
# and the cost key it adds (the first wording of each is the one written).  The source exhausting itself is “横置”, said
# also of it by name; its Energy and Power with “支付” or alone (“①，横置”).
_EXHAUST_SELF = ("横置", "横置我", "横置此牌", "横置此装备")
_KILL_SELF = ("摧毁此牌", "摧毁我", "摧毁此装备", "摧毁此单位")
_COST_COUNTS = (  # (pattern, cost key): a part with a count
    (re.compile(rf"^弃置(?P<n>{_NUMBER})张手牌$"), "discard"),
    (re.compile(r"^消耗(?P<n>\d+)经验$"), "xp"),  # spend XP (730.2)
    (re.compile(rf"^消耗(?P<n>{_NUMBER})个增益$"), "spend_buffs"),  # buffs of your units, not targeted (355.10.c.1)
    (re.compile(rf"^从(?:你的)?废牌堆中?回收(?P<n>{_NUMBER})张(?:卡)?牌$"), "recycle"),  # 416.1.a
)


def parse_cost(text: str) -> dict:
    """An activated ability's cost: its parts (above; “横置”, “支付①”, “支付红色符能”, “摧毁此牌”, “消耗我的增益”, …)."""
    cost: dict = {}
    for part in re.split("，|、", text):
        _cost_part(part, cost)
    return cost


def _cost_part(part: str, cost: dict) -> None:
    """Add to *cost* what the cost part *part* says; NotRead when no part is said so, or a part is said twice."""
    counted = next(((key, match) for pattern, key in _COST_COUNTS if (match := pattern.match(part))), None)
    single = {"exhaust": part in _EXHAUST_SELF, "kill_self": part in _KILL_SELF, "spend_buff": part == "消耗我的增益",
              "kill_friendly": part == "摧毁一名友方单位"}
    said = next((key for key, fits in single.items() if fits), None)
    if said and said not in cost:
        cost[said] = True
    elif counted and counted[0] not in cost and number(counted[1]["n"]):
        cost[counted[0]] = number(counted[1]["n"])
    elif part in _KILL_UNIT_OR_GEAR and "kill_friendly" not in cost:  # a friendly unit or an unattached friendly gear
        cost["kill_friendly"] = "unit_or_gear"
    elif (match := _CARDS_OF_A_KIND.fullmatch(part)) and _CARDS_OF_A_KIND_VERBS[match["verb"]] not in cost:
        cost[_CARDS_OF_A_KIND_VERBS[match["verb"]]] = {"card": _card_of_a_kind(match["card"], part)}  # cards that fit
    elif part in ("解除我的强化", "解除此牌的强化") and "disempower" not in cost:
        cost["disempower"] = "self"
    elif part.startswith("支付"):
        _pay(part[2:], cost)
    elif part and (part[0] in _CIRCLED or part.endswith("符能")):  # “①，横置”: Energy and Power without “支付”
        _pay(part, cost)
    elif (taken := parse_object_part(part)) is not None and "object" not in cost:  # one unit of yours (377)
        cost["object"] = taken
    else:
        raise NotRead(f"费用“{part}”")


# a cost part taking one card of a kind: discarded from the hand, recycled from the trash (``{card: CARD_FILTER}``)
_CARDS_OF_A_KIND_VERBS = {"弃置": "discard", "从你的废牌堆中回收": "recycle", "从废牌堆中回收": "recycle"}
_CARDS_OF_A_KIND = re.compile(rf"(?P<verb>{'|'.join(_CARDS_OF_A_KIND_VERBS)})(?P<card>一[名件张][^，]+)")
_CARDS_OF_A_KIND_WORDS = {"discard": "弃置", "recycle": "从你的废牌堆中回收"}


def _card_of_a_kind(words: str, part: str) -> dict:
    card = parse_card(words)
    if "kind" not in card:  # any card: the plain “弃置一张手牌” / “回收一张牌”
        raise NotRead(f"费用“{part}”")
    return card


_KILL_UNIT_OR_GEAR = ("摧毁一名友方单位或装备", "摧毁一个友方单位或装备", "摧毁一名友方单位或一件友方装备")


def _paid(text: str) -> dict:
    """The cost “①和红色符能” names (what follows “支付”)."""
    cost: dict = {}
    _pay(text, cost)
    return cost


def _pay(text: str, cost: dict) -> None:
    for piece in text.split("和"):
        if len(piece) == 1 and piece in _CIRCLED:
            cost["energy"] = cost.get("energy", 0) + _CIRCLED.index(piece)
        elif re.fullmatch(r"任意符能(?:×\d+)?", piece):
            cost["power"] = cost.get("power", 0) + int(piece[5:] or 1)
        elif (times := re.fullmatch(r"(..)符能(?:×(\d+))?", piece)) and times[1] in DOMAIN_RUNES:  # “橙色符能×2”
            cost.setdefault("runes", []).extend([DOMAIN_RUNES[times[1]]] * int(times[2] or 1))
        else:
            raise NotRead(f"费用“{piece}”")


def render_cost(cost: dict) -> str:
    paid = []
    if cost.get("energy"):
        paid.append(_CIRCLED[cost["energy"]])
    power = cost.get("power", 0)
    paid += ["任意符能" + (f"×{power}" if power > 1 else "")] if power else []
    paid += [_RUNE_WORDS[domain] for domain in cost.get("runes", ())]
    parts = ["支付" + "和".join(paid)] if paid else []
    parts += [render_object_part(cost["object"])] if cost.get("object") else []
    words = {"discard": "弃置一张手牌", "kill_self": "摧毁此牌", "kill_friendly": "摧毁一名友方单位",
             "spend_buff": "消耗我的增益", "exhaust": "横置"}
    parts += [f"消耗{cost['xp']}经验"] if cost.get("xp") else []
    parts += [f"消耗{chinese(cost['spend_buffs'])}个增益"] if cost.get("spend_buffs") else []
    parts += [f"弃置{chinese(cost['discard'])}张手牌"] if isinstance(cost.get("discard"), int) and cost["discard"] > 1 else []
    kinds = {part: cost[part] for part in _CARDS_OF_A_KIND_WORDS if isinstance(cost.get(part), dict)}
    if any(set(given) != {"card"} for given in kinds.values()):
        raise NotRead(f"费用 {cost}")
    parts += [_CARDS_OF_A_KIND_WORDS[part] + render_card(given["card"]) for part, given in kinds.items()]
    parts += [f"从你的废牌堆回收{chinese(cost['recycle'])}张卡牌"] if cost.get("recycle") and "recycle" not in kinds else []
    parts += ["解除我的强化"] if cost.get("disempower") == "self" else []
    parts += [text + ("或装备" if key == "kill_friendly" and cost[key] == "unit_or_gear" else "")
              for key, text in words.items() if cost.get(key) and key not in kinds and not (key == "discard" and cost[key] != 1)]
    unknown = set(cost) - {"energy", "power", "runes", "xp", "recycle", "object", "spend_buffs", *words} - \
        ({"disempower"} if cost.get("disempower") == "self" else set())
    if unknown:
        raise NotRead(f"费用 {cost}")
    return "，".join(parts)


def _conditioned(text: str, scope: Scope) -> tuple[dict | None, list[dict]]:
    """(condition, effects) of “如果X，则Y” or (None, effects) of a plain body."""
    match = _CONDITION.match(text)
    if match:
        return parse_condition(match["condition"]), parse_instructions(match["rest"], scope)
    return None, parse_instructions(text, scope)


def _with_target(entry: dict, scope: Scope, effects: list[dict]) -> dict:
    if scope.paid_target is not None:  # an ability has no optional additional cost of its own
        raise NotRead("“如果你支付了该额外费用，则改为选择”不在法术上")
    if scope.target() is not None:
        entry["target"] = scope.target()
    entry["effects"] = scope.settle(effects) if scope.targets else [_source_default(effect) for effect in effects]
    return entry


def _source_default(effect: dict) -> dict:
    """Without targets an effect acts on the ability's source: ``to: self`` is the default, not written."""
    (verb, value), = effect.items()
    if verb == "may":
        return {"may": [_source_default(e) for e in value]}
    if verb == "one_of":
        return {"one_of": [[_source_default(e) for e in branch] for branch in value]}
    if verb == "when":
        return {"when": {**value, "effects": [_source_default(e) for e in value["effects"]]}}
    if not isinstance(value, dict) or value.get(_OBJECT_PARAM.get(verb, "to")) != "self":
        return effect
    return _collapsed(verb, {key: item for key, item in value.items() if key != _OBJECT_PARAM.get(verb, "to")})


_UNIT_EVENTS = ("killed", "played", "moved", "attacked", "defended", "became_mighty", "damaged", "stunned", "buffed",
                "readied")


def _at_a_battlefield(trigger) -> bool:
    """A trigger about a unit at a battlefield as the event happens (“当你眩晕战场上的一名敌方单位时”)."""
    return isinstance(trigger, dict) and _about_a_unit(trigger) and (trigger.get("card") or {}).get("where") == "battlefield"


def _about_a_battlefield(trigger) -> bool:
    """A trigger whose event's object is a battlefield anywhere (“当你防守/征服/据守一处战场时”: 383.4.c–f)."""
    return isinstance(trigger, dict) and trigger.get("subject") == "any" and "at" not in trigger and \
        trigger["event"] in ("player_defended", "conquered", "held")


def _about_a_gear(trigger) -> bool:
    """Whether the trigger's event is a gear another plays (“当对手打出一件装备时”): its “该装备” is that gear."""
    return isinstance(trigger, dict) and trigger.get("subject", "self") != "self" and trigger["event"] == "played" and \
        trigger.get("card_type") == "gear"


def _about_a_unit(trigger) -> bool:
    """Whether the trigger's event is about a unit other than the source (“当一名敌方单位被摧毁时”)."""
    if isinstance(trigger, str) and trigger in PAIRED:
        return all(_about_a_unit(one) for one in PAIRED[trigger])
    return isinstance(trigger, dict) and trigger.get("subject", "self") != "self" and \
        trigger["event"] in _UNIT_EVENTS and trigger.get("card_type", "unit") == "unit"


_EVENT_PLAYER = "该玩家"


def _by_any_player(trigger) -> bool:
    """Whether the trigger's event may be any player's (so “that player” is the one whose event it was)."""
    return isinstance(trigger, dict) and trigger.get("player") == "any"


_OTHER_THAN_EVENT = "other_than_event"


def _event_other(target, old: str, new: str):
    """*target* (a spec, a list of them, or none) with the filter key *old* written *new*: “另一名” on a battlefield's
    trigger about a unit is other than the event's unit; written back as “另一名” again."""
    if isinstance(target, list):
        return [_event_other(one, old, new) for one in target]
    if isinstance(target, dict) and old in target:
        return {(new if key == old else key): value for key, value in target.items()}
    return target


def _plays_a_card(event) -> bool:
    """A trigger on a card played by someone (not on the source's own play): “当你打出一张法术牌时”."""
    return isinstance(event, dict) and event.get("event") == "played" and event.get("subject", "self") != "self"


def _scores(event) -> bool:
    """Whether every event of a trigger (paired wordings: both) is a conquer or a hold (“该战场”: the one scored)."""
    return scores_only([part for one in (event if isinstance(event, list) else [event])
                        for part in (PAIRED[one] if isinstance(one, str) and one in PAIRED else (one,))])


# “每回合限一次，如果我位于战场上，当…时，…”: the trigger's condition written before it (checked as it triggers,
# 383.2.a.1, as when written after it); “如果我在场上，则每当…” says what every ability on the board is (nothing)
_CONDITION_FIRST = re.compile(r"^(?P<limit>每回合首次[，：]|每回合限一次，)?(?:如果|若)(?P<condition>[^，]+)，(?:则)?(?P<rest>(?:每)?当.+)$")
_ON_THE_BOARD = ("我在场上",)


# “每名玩家在各自的第一个回合开始阶段，（额外）Y”: each player, as their first turn's Beginning Phase starts, does Y (a
# battlefield's trigger whose event player controls it, 190.6.c); “额外” says the channel is besides the Channel Phase's
_FIRST_TURNS = "每名玩家在各自的第一个回合开始阶段，"
_EACH_TURN_BEGAN = "在每名玩家各自的开始阶段开始时，"
_FIRST_TURN = {"first_turn": True}


# “当你以强力单位征服此处时”: you conquer here with a Mighty unit of yours present (383.4.c.2.a), the trigger and its
# condition (read as it triggers) written as one; the rendering writes them apart
_WITH_UNITS = {"当你以强力单位征服此处时，": ("当你征服此处时，", "你在此处有强力单位"),
               # a conquest “after an attack”: the unit conquers as an attacker of the combat just won (466.5)
               "当我通过进攻征服一处战场时，": ("当我征服一处战场时，", "我是进攻方")}


def _written_in_trigger(text: str, card_type: str) -> tuple[str, dict | None]:
    """*text* as the trigger it says and the condition written in it (a battlefield's first turn; a conquer with a
    Mighty unit, or after an attack), or unchanged."""
    with_units = next((words for words in _WITH_UNITS if text.startswith(words)), None)
    if with_units:
        trigger, condition = _WITH_UNITS[with_units]
        return trigger + text[len(with_units):], parse_condition(condition)
    if card_type != "battlefield" or not text.startswith(_FIRST_TURNS):
        return text, None
    rest = text[len(_FIRST_TURNS):]
    return _EACH_TURN_BEGAN + _EVENT_PLAYER + rest.removeprefix("额外"), dict(_FIRST_TURN)


# “当你在对手的回合内打出…时”: when the play happens, written inside the trigger — the trigger's condition, checked as it
# triggers (383.2.a.1): whose turn it is, a showdown; the rendering writes it back there
_PLAYED_WHEN = (("在对手的回合内", {"turn": "opponent"}), ("在你的回合中", {"turn": "you"}),
                ("在法术对决期间", {"in_showdown": True}), ("在对手回合内", {"turn": "opponent"}),
                ("在你的回合内", {"turn": "you"}))
_PLAYED_WHEN_AT = re.compile(r"^(?P<head>(?:每回合首次[，：]|每回合限一次，)?每?当你)(?P<when>" +
                             "|".join(words for words, _ in _PLAYED_WHEN) + r")(?P<rest>(?:打出|将).+)$")


# “每当你在回合中打出第二张牌时”: any card you play that is your N-th completed play this turn (419.4.a), ``played_nth``
_NTH_PLAYED = re.compile(rf"^(?P<head>(?:每回合首次[，：]|每回合限一次，)?每?当你)(?:在回合中|在一个回合中|在本回合内)?打出第"
                         rf"(?P<c>{_NUMBER})张(?:卡)?牌(?P<rest>时.+)$")
_ANY_CARD_PLAYED = "当你打出一张牌时"


# “每回合首次，当友方单位在你的开始阶段被摧毁时”: the phase a unit dies in, written inside the trigger — the trigger's
# condition, checked as the unit dies (383.2.a.1): it is its controller's turn, in that phase (``your_phase``)
_DIED_IN_PHASE = re.compile(r"^(?P<head>(?:每回合首次[，：]|每回合限一次，)?每?当[^时，]*?单位)在你的(?P<phase>" +
                            "|".join(_PHASE_WORDS) + r")(?P<rest>被摧毁时.+)$")


_I_DIED, _I_DIED_IN_COMBAT = "当我被摧毁时", "当我在战斗中被摧毁时"


def _played_when(text: str) -> tuple[str, dict | None]:
    """*text* without the time of the play (or of a death) written in its trigger, and the condition it is; or unchanged."""
    nth = _NTH_PLAYED.match(text)
    if nth:
        return nth["head"] + "打出一张牌" + nth["rest"], {"played_nth": number(nth["c"])}
    died = _DIED_IN_PHASE.match(text)
    if died:
        return died["head"] + died["rest"], {"your_phase": _PHASE_WORDS[died["phase"]]}
    if text.startswith(_I_DIED_IN_COMBAT):  # “当我在战斗中被摧毁时”: in combat as I die (the source's own state)
        return _I_DIED + text[len(_I_DIED_IN_COMBAT):], {"in_combat": True}
    match = _PLAYED_WHEN_AT.match(text)
    if not match:
        return text, None
    return match["head"] + match["rest"], dict(next(tree for words, tree in _PLAYED_WHEN if words == match["when"]))


def _render_played_when(head: str, condition: dict) -> tuple[str, dict]:
    """The trigger's words *head* with the time of the play written in (taken out of *condition*), when it fits."""
    if condition.get("in_combat") is True and head.endswith(_I_DIED + "，"):
        return head.removesuffix(_I_DIED + "，") + _I_DIED_IN_COMBAT + "，", {k: v for k, v in condition.items() if k != "in_combat"}
    phase = next((words for words, name in _PHASE_WORDS.items() if condition.get("your_phase") == name), None)
    if phase and head.endswith("单位被摧毁时，"):
        return head.removesuffix("被摧毁时，") + f"在你的{phase}被摧毁时，", {k: v for k, v in condition.items() if k != "your_phase"}
    nth = condition.get("played_nth")
    if nth and _ANY_CARD_PLAYED in head and nth in _ORDINALS:
        head = head.replace(_ANY_CARD_PLAYED, f"当你在回合中打出第{_ORDINALS[nth]}张牌时", 1)
        condition = {k: v for k, v in condition.items() if k != "played_nth"}
    words = next((w for w, tree in _PLAYED_WHEN if set(tree) <= set(condition) and
                  all(condition[k] == v for k, v in tree.items())), None)
    at = next((start for start in ("当你打出", "当你将") if start in head), None)
    if words is None or at is None:
        return head, condition
    when = next(tree for w, tree in _PLAYED_WHEN if w == words)
    return head.replace(at, "当你" + words + at[2:], 1), {k: v for k, v in condition.items() if k not in when}


# A trigger's frame, however it is written (383.1): “每当X时” and “在X时” are “当X时”, and so is “X时” without a word before
# it (“打出我时，…”, “我被打出时，…”), the player “你” left unsaid in “（你）打出我时”.  Tried in that order, the first read.
_TRIGGER_LIMIT = re.compile(r"^(?:每回合首次[，：]|每回合限一次，)?")


def _trigger_frames(text: str) -> list[str]:
    """*text*, and *text* with its trigger in the frame “当X时” when written otherwise (above)."""
    limit = _TRIGGER_LIMIT.match(text)[0]
    head = text[len(limit):]
    if head.startswith("每当"):
        return [text, limit + head[1:]]
    if head.startswith("在"):
        return [text, limit + "当" + head[1:]]
    if head.startswith(("当", "如果", "每名玩家")) or "时，" not in head:
        return [text]
    return [text, limit + "当" + head, limit + "当你" + head]


def _trigger_head(text: str, card_type: str) -> tuple[tuple, dict | None, dict | None] | None:
    """(the trigger as ``_trigger`` reads it, the condition written before it, the one written in it) of a clause that
    opens with a trigger in any of its frames, or None."""
    for framed in _trigger_frames(text):
        framed, before = _written_in_trigger(framed, card_type)
        framed, when = _played_when(framed)
        written_first = _CONDITION_FIRST.match(framed) if before is None else None
        if written_first and _trigger(written_first["rest"], card_type):
            framed = (written_first["limit"] or "") + written_first["rest"]
            before = None if written_first["condition"] in _ON_THE_BOARD else parse_condition(written_first["condition"])
        trigger = _trigger(framed, card_type)
        if trigger:
            return trigger, before, when
    return None


def _triggered(first: Clause, rest: tuple[Clause, ...], scope: Scope, card_type: str,
               modes: tuple[Clause, ...] | None = None) -> dict | None:
    head = _trigger_head(first.text, card_type) if not first.link else None
    if not head:
        return None
    (event, body, limited), before, when = head
    entry: dict = {"trigger": event}
    scope.event_unit = all(_about_a_unit(one) for one in (event if isinstance(event, list) else [event]))
    scope.event_move = isinstance(event, dict) and event.get("event") == "moved" and event.get("subject", "self") != "self"
    scope.event_gear = _about_a_gear(event)
    scope.own_battlefield = event in _ARRIVALS
    scope.event_battlefield = _at_a_battlefield(event)
    scope.event_field = _about_a_battlefield(event)
    scope.event_side = event.get("subject", "") if isinstance(event, dict) else ""
    if body.startswith(_EVENT_PLAYER) and card_type == "battlefield" and _by_any_player(event):
        # “当一名玩家打出法术时，该玩家可以选择…”: the player of the event controls the ability and chooses (190.6.c)
        entry["chooser"], body = "event_player", body[len(_EVENT_PLAYER):]
    paid = _trigger_cost(body)
    if paid:
        entry["cost"], body = paid
        scope.paid_with = entry["cost"].get("object", {}).get("act", "")
        if entry["cost"].get("recycle_self") and event != "killed":
            raise NotRead("回收我：我不在废牌堆中")  # only a card that has just died is there as its trigger is finalized
    if modes is not None:  # “当X时，从下列中选择一个—” and its mode lines: one of them as it resolves (one_of)
        if body or rest:
            raise NotRead("模式之前的文字")
        condition, effects = None, [{"one_of": [_body(mode_clauses(clause), scope) for clause in modes]}]
        if len(scope.targets) > 1:  # two modes choosing: which is chosen as it goes on the chain would be guessed
            raise NotRead("几个模式各自选择目标")
    else:
        condition, effects = _conditioned(body, scope)
        effects = _body(rest, scope, effects)
    if _plays_itself(effects):  # “…，以此从废牌堆中将我打出”: the ability works from its owner's trash (385.2)
        if not isinstance(event, dict) or event.get("subject", "self") == "self" or "zone" in event:
            raise NotRead("从废牌堆中打出我的触发")
        entry["trigger"] = {**event, "zone": "trash"}
    for written in (before, when):
        if written:
            if condition and set(written) & set(condition):
                raise NotRead("触发前后的两个条件")
            condition = {**written, **(condition or {})}
    if condition and condition.get("controls") == SCORED and not _scores(event):
        raise NotRead("“该战场”不是所征服或据守的战场")
    if condition and "spent_on_it" in condition and not _plays_a_card(event):
        raise NotRead("“消耗了……法力”不是在打出一张牌之后")
    if condition and "controls_this_battlefield" in condition and card_type != "battlefield":
        raise NotRead("“此战场”不是战场的")
    if condition:
        entry["condition"] = condition
    entry = _with_target(entry, scope, effects)
    if card_type == "battlefield" and scope.event_unit and "target" in entry:
        # “另一名” after a unit's event is other than that unit (a battlefield's `other` would be other than itself)
        entry["target"] = _event_other(entry.get("target"), "other", _OTHER_THAN_EVENT)
    if limited:
        entry["limit"] = "turn"
    return entry


# “我必须位于战场中才能使用此技能”: a condition on using an activated ability (377.2.b), a sentence after its effects.
USE_CONDITIONS = (
    ("我必须位于战场上才能使用此技能", {"at_battlefield": True}),
    ("我必须位于战场中才能使用此技能", {"at_battlefield": True}),
    # this turn's history (383.4.b: a spell or ability of yours chose the unit as its target)
    ("你必须在本回合内选择过一名敌方单位才能使用此技能", {"chose_this_turn": "enemy"}),
    ("你必须在本回合内选择过一名友方单位才能使用此技能", {"chose_this_turn": "friendly"}),
)
_ONCE_A_TURN = ("此技能每回合只能使用一次", "每回合限一次", "每回合只能使用一次", "每回合仅可使用一次")  # an activated ability's
# limit (the first wording written)


# An activated ability's own cost change, read as it is activated (356.4): “此技能的费用减少③”, “如果C，则…”, “场上每存在一名X，
# 此技能的费用便减少①”; Empower's the same with 强化技能 (a line of its own after the keyword).
_THIS_ABILITY, _EMPOWER_ABILITY = "此技能", "强化技能"
# “此技能的法力费用减少你所选单位的战力”: its Energy lowered by the Might of the unit it chose as it is activated (356.4;
# ``per: {might_of: target}``, no cost below 0, 356.6)
_CHOSEN_MIGHT = "你所选单位的战力"
_ABILITY_COST = re.compile(
    rf"^(?:如果(?P<condition>.+?)，则|(?P<whose>场上|你)每(?:存在|有|控制)一(?P<measure>名|件|枚)(?P<what>[^，]+?)，)?"
    rf"(?P<ability>{_THIS_ABILITY}|{_EMPOWER_ABILITY})的?(?:法力)?费用便?减少(?:(?P<energy>[⓪①②③④⑤⑥⑦⑧⑨⑩])|(?P<might>{_CHOSEN_MIGHT}))$")


def parse_ability_cost(text: str) -> tuple[str, dict] | None:
    """(此技能 | 强化技能, the ``cost_change`` of that ability), or None when *text* is no such clause."""
    match = _ABILITY_COST.match(text)
    if not match:
        return None
    if match["might"]:
        if match["condition"] or match["what"]:
            raise NotRead(f"技能的费用变化“{text}”")
        return match["ability"], {"energy": -1, "per": {"might_of": "target"}}
    change: dict = {"energy": -_CIRCLED.index(match["energy"])}
    if match["condition"]:
        change["while"] = parse_condition(match["condition"])
    if match["what"] and match["measure"] == "枚":  # runes are counted, not units (the players' runes)
        if match["what"] != "符文" or match["whose"] != "你":
            raise NotRead(f"每有一枚“{match['what']}”")
        change["per"] = {"count": {"kind": "rune", "who": "friendly"}}
    elif match["what"]:
        change["per"] = {"count": counted_units(match["whose"], match["what"], match["measure"])}
    return match["ability"], change


def render_ability_cost(change: dict, ability: str) -> str:
    if set(change) - {"energy", "while", "per"} or not isinstance(change.get("energy"), int) or change["energy"] >= 0:
        raise NotRead(f"技能的费用变化 {change}")
    if change == {"energy": -1, "per": {"might_of": "target"}}:
        return f"{ability}的法力费用减少{_CHOSEN_MIGHT}"
    reduced = f"{ability}的费用{'便' if 'per' in change else ''}减少{_CIRCLED[-change['energy']]}"
    if "while" in change:
        return f"如果{render_condition(change['while'])}，则" + reduced
    if change.get("per") == {"count": {"kind": "rune", "who": "friendly"}}:
        return "你每控制一枚符文，" + reduced
    if "per" in change:
        counted = _per_count({"amount": change["per"]})
        if counted is None:
            raise NotRead(f"技能的费用变化 {change}")
        return render_per(counted).removesuffix("就") + reduced
    return reduced


# “你可以选择摧毁此装备，以此Y” standing alone (no trigger before it): the activated ability “摧毁此装备：Y” (“Kill this: Y”),
# its cost the source's own
_OWN_COST_ABILITY = re.compile(r"^你可以选择(?P<cost>摧毁此装备|摧毁此牌)，以此(?P<body>.+)$")


def _outside_quotes(text: str, char: str) -> int:
    """The index of the first *char* of *text* not inside “…”, or -1."""
    depth = 0
    for index, seen in enumerate(text):
        depth += {"“": 1, "”": -1}.get(seen, 0)
        if seen == char and depth <= 0:
            return index
    return -1


def _activated(first: Clause, rest: tuple[Clause, ...], scope: Scope, timing: str = "") -> dict | None:
    own = _OWN_COST_ABILITY.match(first.text) if not first.link else None
    if own:
        first = first._replace(text=f"{own['cost']}：{own['body']}")
    colon = _outside_quotes(first.text, "：")
    if first.link or colon < 0:  # a colon inside a quoted ability is that ability's
        return None
    cost_text, body = first.text[:colon], first.text[colon + 1:]
    once = next((words for words in _ONCE_A_TURN if cost_text.startswith(words + "，")), None)
    cost_text = cost_text[len(once) + 1:] if once else cost_text  # “每回合限一次，横置：…”: the limit said first
    match = re.match(r"^(反应|迅捷)[—-]", body) or re.match(r"^(反应|迅捷)?(?:，|^)(?=鼓舞[—-])", body)
    if match:
        timing, body = (TIMINGS[match[1]] if match[1] else timing), body[match.end():]
    legion = body.startswith(_LEGION_EFFECTS)
    body = body[len(_LEGION_EFFECTS):] if legion else body
    entry: dict = {"cost": parse_cost(cost_text)}
    scope.paid_with = entry["cost"].get("object", {}).get("act", "")
    if timing:
        entry["timing"] = timing
    if rest and not rest[-1].link and rest[-1].text in _ONCE_A_TURN:  # “此技能每回合只能使用一次” (its last sentence)
        if once:
            raise NotRead("“每回合限一次”说了两次")
        entry["limit"], rest = "turn", rest[:-1]
    elif once:
        entry["limit"] = "turn"
    use = next((tree for words, tree in USE_CONDITIONS if rest and not rest[-1].link and rest[-1].text == words), None)
    if use:
        entry["condition"], rest = dict(use), rest[:-1]
    own = parse_ability_cost(rest[-1].text) if rest and not rest[-1].link else None
    if own and own[0] == _THIS_ABILITY:  # its own cost change, the ability's last sentence
        entry["cost_change"], rest = own[1], rest[:-1]
    effects = _body(rest, scope, parse_instructions(body, scope))
    if legion:  # “横置：反应，鼓舞—Y”: Y only if you've played another card this turn, as it resolves (812)
        effects = _if(dict(_LEGION_IF), effects)
    return _with_target(entry, scope, effects)


_LEGION_EFFECTS = "鼓舞—"
_LEGION_IF = {"legion": True}


def _legion_effects(effects: list[dict]) -> list[dict] | None:
    """An activated ability's effects without their Legion condition when every one has it (“鼓舞—Y”), else None."""
    if effects and all(_condition_of(effect) == _LEGION_IF for effect in effects):
        return [_without_if(effect) for effect in effects]
    return None


def _render_use_condition(condition: dict) -> str:
    words = next((w for w, tree in USE_CONDITIONS if tree == condition), None)
    if words is None:
        raise NotRead(f"启动能力的使用条件 {condition}")
    return words + "。"


# The objects a static ability changes: every unit the phrase names (“此处的其他友方单位”, “你的“机械”属性单位”).
_SUBJECT = _PhraseForm("subject")


def parse_subject(text: str):
    if text in SELF_WORDS:
        return "self"
    if text.endswith("指示物"):  # “你的指示物”: your tokens; only units enter ready or have Might and keywords
        text += "单位"
    if text == "所有单位":  # every unit on the board, whoever controls it
        return {"each": {}}
    match = _SUBJECT.match(text)
    if not match or not any(match[group] for group in ("where", "other", "might", "keyword", "states", "late", "who", "tag")):
        raise NotRead(f"持续效果的对象“{text}”")
    return {"each": _filter(match)}


def render_subject(selector) -> str:
    return "我" if selector == "self" else render_object(selector, Scope())


_GAINED = rf"(?:战力\+\d+|{_KEYWORD})"
_STATIC = re.compile(rf"^(?P<subject>.+?)(?:额外)?(?:获得|拥有|具有)(?P<gains>{_GAINED}(?:(?:和|、){_GAINED})*)(?P<ready>，并以活跃状态进场)?$")


def _equipment_grant(keyword: str, value: int | None) -> dict:
    return {"equipment_grant": keyword, **({"value": value} if value is not None else {})}


def _with_subject(static: dict, subject: str) -> dict:
    selector = parse_subject(subject)
    return static if selector == "self" else {**static, "to": selector}


_KEYWORD_NAME = "|".join(sorted(KEYWORDS, key=len, reverse=True))


def _unless_it_has(keyword: str, subject: str) -> dict:
    """A grant to the units SUBJECT names that do not have *keyword* already."""
    selector = parse_subject(subject)
    if selector == "self":
        raise NotRead(f"“如未拥有{keyword}”的对象“{subject}”")
    return {"grant": keyword, "to": {"each": {**selector["each"], "not": {"keyword": keyword}}}}


def _render_unless_it_has(static: dict) -> str | None:
    """“SUBJECT如未拥有K，则额外获得K” for a grant whose filter leaves out the units with K, else None."""
    chosen = static.get("to", {}).get("each", {}) if isinstance(static.get("to"), dict) else {}
    if set(static) != {"grant", "to"} or chosen.get("not") != {"keyword": static["grant"]}:
        return None
    rest = {key: value for key, value in chosen.items() if key != "not"}
    return f"{render_subject({'each': rest})}如未拥有{static['grant']}，则额外获得{static['grant']}"


_CANT_WORDS = {"move_to_base": "无法移动到基地", "deal_combat_damage": "无法造成战斗伤害", "be_dealt_damage": "无法受到伤害",
               "become_ready": "无法变为活跃状态"}  # not readied by anything, its Awaken Phase included (054.1 over 315.1)
# “SUBJECT的瞬息效果不会触发”: Temporary does not kill them at their Beginning Phase (054.1 over 816.1.b)
_SILENT_TEMPORARY = "的瞬息效果不会触发"
_CANT_SAID_ALSO = {"免疫伤害": "be_dealt_damage"}  # “我免疫伤害”: no damage can be dealt to me (054.1, 465.2.c.10)
# 054.1: what enemy spells and abilities deal only (`by: enemy`; all damage is _CANT_WORDS' be_dealt_damage)
_ENEMY_DAMAGE_WORDS = "无法受到敌方法术和技能造成的伤害"
# “把你的分数加到我的战力上”: a static Might of an amount (your points)
AMOUNT_STATICS = (("把你的分数加到我的战力上", {"points_of": "you"}),)
_EQUIPMENT_EVERYWHERE = ("你各处的武装都获得",)  # ``{equipment_has: 灵便}``
_STATIC_FORMS = (
    # 369.3: a unit enters ready instead of exhausted
    (re.compile(r"^(?P<subject>.+)以活跃状态进场$"), lambda m: _with_subject({"enters_ready": True}, m["subject"])),
    # a gear that enters exhausted (369.3)
    (re.compile(r"^(?:此牌|此装备)以休眠状态进场$"), lambda m: {"enters_exhausted": True}),
    # 315.3.b: how many runes each player channels at the start of their Channel Phase (2 unless this says fewer)
    (re.compile(rf"^(?:每名)?玩家在(?:其|自己的)召出阶段开始时只召出(?P<c>{_NUMBER})枚符文$"),
     lambda m: {"channel_phase": number(m["c"])}),
    # 137.3: the attached Equipment's printed Might bonus counts double for this unit
    (re.compile(r"^贴附在我身上的每件武装(?:都)?提供双倍(?:的)?基础战力加成$"), lambda m: {"might_bonus_times": 2}),
    # “你的“金币”装备指示物的获得效果额外产生①”: your gear tokens of that name add more as their Add ability resolves (429.1)
    (re.compile(r"^你的“(?P<name>[^”]+)”装备指示物的获得效果额外产生(?P<energy>[①②③④⑤⑥⑦⑧⑨⑩])$"),
     lambda m: {"add_more": {"energy": _CIRCLED.index(m["energy"])}, "gear": _gear_token(m["name"])}),
    # “你的每件武装都会提供强攻”: each Equipment of yours gives its unit the keyword (718.5.e, values summed)
    (re.compile(r"^你的每件武装都(?:会)?提供(?P<kw>\S+)$"), lambda m: _equipment_grant(*_keyword_value(m["kw"]))),
    # “你各处的武装都获得灵便”: your Equipment wherever it is, a hand too (819.1.b: Reaction as it is played)
    (re.compile(r"^你(?:各处|所有位置)的(?:每件)?武装都(?:获得|拥有)(?P<kw>灵便)$"), lambda m: {"equipment_has": m["kw"]}),
    # a Might increase said without “获得” (“我战力+1”, 477.3)
    (re.compile(r"^(?P<subject>.+?)战力\+(?P<n>\d+)$"), lambda m: {"might": int(m["n"]), "to": parse_subject(m["subject"])}),
    # a Might decrease, with a floor (477.3: “此处被眩晕的敌方单位战力-8，不得低于1战力”)
    (re.compile(r"^(?P<subject>.+?)战力-(?P<n>\d+)(?:，不得低于(?P<min>\d+)战力)?$"),
     lambda m: _with_subject({"might": -int(m["n"]), **({"min": int(m["min"])} if m["min"] else {})}, m["subject"])),
    # restrictions on units (054.1): “我无法移动到基地”, “我无法造成战斗伤害”
    *((re.compile(rf"^(?P<subject>.+)(?:无法|不能){words[2:]}$"), lambda m, cant=cant: _with_subject({"cant": cant}, m["subject"]))
      for cant, words in _CANT_WORDS.items()),
    *((re.compile(rf"^(?P<subject>.+){words}$"), lambda m, cant=cant: _with_subject({"cant": cant}, m["subject"]))
      for words, cant in _CANT_SAID_ALSO.items()),
    (re.compile(rf"^(?P<subject>.+?单位){_SILENT_TEMPORARY}$"), lambda m: _with_subject({"cant": "trigger_temporary"}, m["subject"])),
    (re.compile(rf"^(?P<subject>.+){_ENEMY_DAMAGE_WORDS}$"),
     lambda m: _with_subject({"cant": "be_dealt_damage", "by": "enemy"}, m["subject"])),
    # can't be chosen by (enemy) spells and abilities
    (re.compile(r"^(?P<subject>.+)(?:无法|不能)被(?P<enemy>敌方)?法术(?:和|或)技能选(?:作|为)目标$"),
     lambda m: _with_subject({"cant": "be_chosen", **({} if m["enemy"] else {"by": "any"})}, m["subject"])),
    # a keyword's value an amount read whenever the layers ask (477.3.b): “我拥有等同于此处敌方单位数量的强攻数值”
    (re.compile(rf"^(?P<subject>.+?)拥有等同于(?P<amount>.+)的(?P<kw>{'|'.join(sorted(KEYWORDS, key=len, reverse=True))})数值$"),
     lambda m: _with_subject({"grant": m["kw"], "value": parse_amount(m["amount"], Scope())}, m["subject"])),
    # a keyword given only to those without it (809.2 sums Deflect): “所有拥有增益的友方单位如未拥有法盾，则额外获得法盾”
    (re.compile(rf"^(?P<subject>.+?)如未拥有(?P<kw>{_KEYWORD_NAME})，则(?:额外)?获得(?P=kw)$"), lambda m: _unless_it_has(m["kw"], m["subject"])),
    # a spell of its own: “I can't be countered” (054.1)
    (re.compile(r"^(?:此牌|此法术)无法被无效化$"), lambda m: {"cant": "be_countered"}),
    # my Might increased by an amount read whenever it is looked at (477.3; ``AMOUNT_STATICS``)
    *((re.compile(f"^{words}$"), lambda m, amount=amount: {"might": dict(amount), "to": "self"})
      for words, amount in AMOUNT_STATICS),
)


# “此处每有一名拥有增益的友方单位，我便获得战力+1”: Might for each unit counted (a static's amount, 477.3)
_MIGHT_PER = re.compile(r"^(?P<whose>此处你|此处|你场上|场上|你)?每有一(?P<measure>名|件)(?P<what>[^，]+?)，我(?:便|就)获得战力\+1$")
# “我所在战场上的…”, “我所处的战场每有…”: at my battlefield — here, while I am at one (at base there is none)
_AT_MY_BATTLEFIELD = ("我所在战场上的", "我所处战场上的", "我所在战场上", "我所处的战场")


# “你在我所处战场的瞬息效果”: the Temporary of your units there (a gear does not stay at a battlefield, 149.3)
_YOURS_AT_MY_BATTLEFIELD = re.compile(r"^你在我所(?:处|在)战场(?:上)?的(?=瞬息效果)")


def _at_my_battlefield(text: str) -> str | None:
    """*text* with “at my battlefield” written as “here”, or None when it does not start with it."""
    text = _YOURS_AT_MY_BATTLEFIELD.sub("我所在战场上的友方单位的", text)
    place = next((words for words in _AT_MY_BATTLEFIELD if text.startswith(words)), None)
    if place is None:
        return None
    rest = text[len(place):]
    return ("此处" if rest.startswith(("每", "你每")) else "此处的") + rest


def _might_per(text: str) -> dict | None:
    match = _MIGHT_PER.match(text)
    if not match:
        return None
    here = (match["whose"] or "").startswith("此处")  # “此处你每有一名…”: yours here
    whose = "你" if match["whose"] == "此处你" else None if here else match["whose"]
    return {"might": {"count": counted_units(whose, ("此处的" if here else "") + match["what"], match["measure"])}}


def _render_might_per(static: dict) -> str | None:
    counted = _per_count({"amount": static.get("might")})
    if counted is None or set(static) - {"might", "to"} or static.get("to", "self") != "self":
        return None
    return render_per(counted).removesuffix("，就") + "，我便获得战力+1"


def parse_statics(text: str) -> list[dict]:
    """Static abilities: “我以活跃状态进场”, “SUBJECT获得战力+N”, “SUBJECT获得KEYWORD”, several joined by “和”/“、”
    (“我获得战力+1和法盾，并以活跃状态进场” is three)."""
    own_cost = parse_own_cost(text)
    if own_cost:
        return own_cost
    per = _might_per(text)
    if per:
        return [per]
    for pattern, build in _STATIC_FORMS:
        form = pattern.match(text)
        with contextlib.suppress(NotRead):
            if form:
                return [build(form)]
    match = _STATIC.match(text)
    if not match:
        raise NotRead(text)
    subject = parse_subject(match["subject"])
    statics = []
    for gain in re.split("和|、", match["gains"]):
        if gain.startswith("战力+"):
            statics.append({"might": int(gain[3:]), "to": subject})
        else:
            name, value = _keyword_value(gain)
            statics.append({"grant": name, **({"value": value} if value is not None else {}), "to": subject})
    if match["ready"]:
        if subject != "self":
            raise NotRead("以活跃状态进场的对象")
        statics.append({"enters_ready": True})
    return statics


def _gear_token(name: str) -> str:
    """A gear token's name (“金币”, ``TOKENS``), refused otherwise."""
    if TOKENS.get(name, ("",))[0] != "gear":
        raise NotRead(f"装备指示物“{name}”")
    return name


def render_static(static: dict) -> str:
    if set(static) == {"add_more", "gear"} and set(static["add_more"]) == {"energy"}:
        return f"你的“{static['gear']}”装备指示物的获得效果额外产生{_CIRCLED[static['add_more']['energy']]}"
    per = _render_might_per(static) or _render_unless_it_has(static)
    if per:
        return per
    subject = render_subject(static.get("to"))
    if set(static) - {"to"} == {"enters_ready"}:
        return f"{subject}以活跃状态进场"
    if static == {"enters_exhausted": True}:
        return "此牌以休眠状态进场"
    if set(static) == {"channel_phase"} and isinstance(static["channel_phase"], int):
        return f"每名玩家在其召出阶段开始时只召出{chinese(static['channel_phase'])}枚符文"
    if static == {"might_bonus_times": 2}:
        return "贴附在我身上的每件武装提供双倍基础战力加成"
    if set(static) - {"value"} == {"equipment_grant"}:
        return f"你的每件武装都会提供{static['equipment_grant']}{static.get('value', '')}"
    if set(static) == {"equipment_has"}:
        return _EQUIPMENT_EVERYWHERE[0] + static["equipment_has"]
    if static == {"cant": "be_countered"}:
        return "此牌无法被无效化"
    if set(static) - {"to", "min"} == {"might"} and isinstance(static["might"], int) and static["might"] < 0:
        floor = f"，不得低于{static['min']}战力" if "min" in static else ""
        return f"{subject}战力{static['might']}{floor}"
    if set(static) - {"to"} == {"cant"} and static["cant"] == "trigger_temporary" and static.get("to", "self") != "self":
        return subject + _SILENT_TEMPORARY
    if set(static) - {"to"} == {"cant"} and static["cant"] in _CANT_WORDS:
        return subject + _CANT_WORDS[static["cant"]]
    if set(static) - {"to"} == {"cant", "by"} and static["cant"] == "be_dealt_damage" and static["by"] == "enemy":
        return subject + _ENEMY_DAMAGE_WORDS
    if set(static) - {"to", "by"} == {"cant"} and static["cant"] == "be_chosen":
        return f"{subject}无法被{'敌方' if static.get('by', 'enemy') == 'enemy' else ''}法术和技能选作目标"
    if set(static) == {"cost_change"}:
        return render_own_cost(static["cost_change"])
    if set(static) == {"play_to"} and isinstance(static["play_to"], str):
        return render_play_permission("friendly", static["play_to"])
    added = next((words for words, amount in AMOUNT_STATICS if static == {"might": amount, "to": "self"}), None)
    if added:
        return added
    if set(static) == {"might", "to"} and isinstance(static["might"], int):
        return f"{subject}获得战力+{static['might']}"
    if set(static) - {"to"} == {"grant", "value"} and isinstance(static["value"], dict):
        return f"{subject}拥有等同于{render_amount(static['value'], Scope())}的{static['grant']}数值"
    if set(static) - {"value"} == {"grant", "to"}:
        return f"{subject}获得{static['grant']}{static.get('value') or ''}"
    raise NotRead(f"持续效果 {static}")


# -- cost changes (356.3–356.4): the card's own cost as it is played (a static), other cards' (card level) ------

_CIRCLE = "[⓪①②③④⑤⑥⑦⑧⑨⑩]"
_OWN_COST = re.compile(
    r"^(?:(?P<trash>你的废牌堆中每有一张(?P<same>与我同名的)?牌，)|(?P<whose>你场上|场上|你)?每(?:有|控制)一(?P<measure>名|件)(?P<what>[^，]+?)，)?"
    r"(?:此牌|我|此法术)的?(?:法力)?费用(?:便|就)?(?P<way>减少|增加)"
    rf"(?P<energy>{_CIRCLE})(?:和(?P<rune>..符能|此牌领域的符能)(?:×(?P<times>\d+))?)?(?:，不得低于(?P<min>{_CIRCLE}))?"
    r"(?P<ready>，并以活跃状态进场)?$"
)


def parse_own_cost(text: str) -> list[dict] | None:
    """“此牌的费用减少②”, “你每控制一名强力单位，我的费用便减少②” (``per: {count}``, 356.4), “…，不得低于①” (``min``,
    356.4.e); “…，并以活跃状态进场” adds “I enter ready” (369.3). None when *text* is no such clause."""
    if text in _IGNORE_MY_COST:
        return [{"cost_change": {"ignore": True}}]
    per_tag = _PER_TAG.match(text)
    if per_tag:  # “你的单位中每有一种TAGS属性标签，我的费用便减少①”: per tag among your units
        own = parse_own_cost(per_tag["rest"]) if not per_tag["rest"].startswith("你的单位中") else None
        if not own or "per" in own[0]["cost_change"] or not per_tag["rest"].startswith("我的费用便"):
            raise NotRead(f"费用变化“{text}”")
        own[0]["cost_change"]["per"] = {"tags_among": _listed(per_tag)}
        return own
    match = _OWN_COST.match(text)
    if not match:
        return None
    sign = 1 if match["way"] == "增加" else -1  # an increase (356.3) or a discount (356.4)
    if sign > 0 and match["min"]:
        raise NotRead("费用增加的下限")
    change: dict = {"energy": sign * _CIRCLED.index(match["energy"])}
    if match["rune"]:  # Power: any domain (任意符能), or the card's own (checked as the card is compiled)
        change["power"] = sign * int(match["times"] or 1)
        colour = DOMAIN_RUNES.get(match["rune"][:2]) if match["rune"][2:] == "符能" else None
        if match["rune"] not in ("任意符能", _OWN_POWER) and colour is None:
            raise NotRead(f"费用“{match['rune']}”")
        if colour:
            change[_DOMAINS_NAMED] = [colour]
    if match["what"]:
        change["per"] = {"count": counted_units(match["whose"], match["what"], match["measure"])}
    if match["trash"]:  # every card there, or those with the card's own name
        change["per"] = {"in_trash": {"same_name": True}} if match["same"] else {"trash_of": "you"}
    if match["min"]:
        change["min"] = _CIRCLED.index(match["min"])
    return [{"cost_change": change}, *([{"enters_ready": True}] if match["ready"] else [])]


# “无视此法术的费用”: the card's base Energy and Power are 0 (356.1.b.1), e.g. while its optional cost is paid
_IGNORE_MY_COST = ("无视此法术的费用", "无视我的费用")


def render_own_cost(change: dict) -> str:
    if change == {"ignore": True}:
        return _IGNORE_MY_COST[0]
    energy, power = change.get("energy"), change.get("power", 0)
    sign = 1 if isinstance(energy, int) and energy > 0 else -1
    if set(change) - {"energy", "per", "min", "power"} or not isinstance(energy, int) or not 0 < abs(energy) < len(_CIRCLED) \
            or not isinstance(power, int) or power * sign < 0 or (sign > 0 and "min" in change):
        raise NotRead(f"费用变化 {change}")
    runes = f"和{_OWN_POWER}" + (f"×{abs(power)}" if abs(power) > 1 else "") if power else ""
    per = ""
    if change.get("per") == {"trash_of": "you"}:
        per = "你的废牌堆中每有一张牌，"
    elif change.get("per") == {"in_trash": {"same_name": True}}:
        per = "你的废牌堆中每有一张与我同名的牌，"
    elif _tags_among(change.get("per")):
        per = f"你的单位中每有一种{_tags_words(change['per']['tags_among'])}属性标签，"
    elif "per" in change:
        counted = _per_count({"amount": change["per"]})
        if counted is None:
            raise NotRead(f"费用变化 {change}")
        per = render_per(counted).removesuffix("就")
    minimum = f"，不得低于{_CIRCLED[change['min']]}" if "min" in change else ""
    way = "增加" if sign > 0 else "减少"
    return f"{per}{'我的费用便' if per else '此牌的费用'}{way}{_CIRCLED[abs(energy)]}{runes}{minimum}"


# Card-level ``cost_changes`` (356.3–356.4, costs.py): other cards' costs while this unit is on the board
# (``friendly_spells`` / ``enemy_spells``, ``while: in_combat | at_battlefield``), its own cost for each card played
# this turn (``per: cards_played``, 419.4.b), and the optional additional costs its controller pays (356.4.c).
_CHANGES_WHILE = {"我处于战斗中": "in_combat", "我位于战场上": "at_battlefield", "我已强化": "empowered",
                  "此战场受你控制": "controlled"}  # a battlefield's: they work for its controller
_SPELLS_COST = re.compile(rf"^(?:所有)?(?P<who>友方|敌方|你的|对手的)法术的?费用(?P<way>减少|增加)(?P<cost>[^，]+?)"
                          rf"(?:，不得低于(?P<min>{_CIRCLE}))?$")
_YOUR_SPELLS_ENERGY = re.compile(rf"^你打出法术所需的法力费用减少(?P<cost>{_CIRCLE})(?:，不得低于(?P<min>{_CIRCLE}))?$")
_YOUR_UNITS_COST = re.compile(rf"^你的(?:“(?P<tag>[^”]+)”属性)?单位的?(?:法力)?费用(?P<way>减少|增加)(?P<cost>[^，]+?)"
                              rf"(?:，不得低于(?P<min>{_CIRCLE}))?$")
_PER_CARD_PLAYED = re.compile(rf"^你在本回合内每打出过一张牌，我的费用便减少(?P<cost>{_CIRCLE})(?:，不得低于(?P<min>{_CIRCLE}))?$")
# “在本回合内，你每通过据守获得1分，我的费用就减少②和绿色符能”: each battlefield its player scored by holding this turn,
# a point gained or not (``per: points_scored_holding``, 468.1); a named rune is Power of the card's own domain
_PER_HOLD_SCORED = re.compile(rf"^在本回合内，你每通过据守获得1分，我的费用(?:便|就)减少(?P<cost>{_CIRCLE}(?:和[^，]+)?)"
                              rf"(?:，不得低于(?P<min>{_CIRCLE}))?$")
_OPTIONAL_COSTS = "你支付的可选额外费用，其费用减少①或任意符能"
# The cards of one type its controller plays, narrowed by where they are played from and a printed keyword (356.4):
# “你从废牌堆中打出的拥有流转的法术的费用减少②，不得低于①” (``from: trash``, ``keyword``; at least one of the two, else
# the plainer wordings above say it).
_PLAYED_CARDS_COST = re.compile(
    r"^你(?P<zone>从(?:你的)?废牌堆中?)?打出的(?:拥有(?P<keyword>" + "|".join(sorted(KEYWORDS, key=len, reverse=True)) +
    rf")的)?(?P<kind>法术|单位|装备)的?(?:法力)?费用(?P<way>减少|增加)(?P<cost>[^，]+?)(?:，不得低于(?P<min>{_CIRCLE}))?$")
# A unit's own permission to be played to other battlefields (355.2.b), card level; the first wording of a value is written.
# 355.2.b — a permission to be played to another battlefield: WHO (我: the card itself, card-level ``play_to``;
# 友方单位: its controller's units while it is on the board, a static ``play_to``) × the battlefield, in three
# sentence shapes: “你可以选择将WHO打出到PLACE”, “WHO可以被打出到PLACE”, “如果一处战场上的敌方单位落单，则可以将WHO打出至该战场”.
_PLAY_PLACES = {"敌方控制的战场": "enemy_controlled", "一处开放的战场": "open", "开放的战场": "open",
                "你正在进攻的战场": "attacking", "有敌方单位的战场": "enemy_units"}
_PLAY_WHO = {"我": "self", "友方单位": "friendly"}
_PLAY_PERMISSION = re.compile(
    r"^(?:你可以选择将(?P<who>我|友方单位)打出到|(?P<who2>我|友方单位)可以被打出到)(?P<place>" + "|".join(_PLAY_PLACES) + r")$"
    r"|^如果一处战场上的敌方单位落单，则可以将(?P<who3>我|友方单位)打出[至到]该战场$"
)
# the wording each is written in (the first of its place)
_PLAY_WORDS = {("self", "enemy_controlled"): "你可以选择将我打出到敌方控制的战场", ("self", "open"): "你可以选择将我打出到一处开放的战场",
               ("self", "attacking"): "我可以被打出到你正在进攻的战场",
               ("friendly", "enemy_controlled"): "友方单位可以被打出到敌方控制的战场",
               ("friendly", "open"): "友方单位可以被打出到开放的战场", ("friendly", "attacking"): "友方单位可以被打出到你正在进攻的战场",
               ("self", "enemy_units"): "我可以被打出到有敌方单位的战场",
               ("friendly", "enemy_units"): "友方单位可以被打出到有敌方单位的战场",
               **{(who, "lone_enemy"): f"如果一处战场上的敌方单位落单，则可以将{words}打出至该战场" for words, who in _PLAY_WHO.items()}}


def parse_play_permission(text: str) -> tuple[str, str] | None:
    """(who, place) of a play permission (355.2.b), or None when *text* is none."""
    match = _PLAY_PERMISSION.match(text)
    if not match:
        return None
    who = match["who"] or match["who2"] or match["who3"]
    return _PLAY_WHO[who], _PLAY_PLACES[match["place"]] if match["place"] else "lone_enemy"


def render_play_permission(who: str, place: str) -> str:
    words = _PLAY_WORDS.get((who, place))
    if words is None:
        raise NotRead(f"play_to {place}")
    return words


# 822.1.d — Ambush as a verb: “我可以伏击到PLACE（，即使你在该处没有（其他）单位）” — the card may be played to PLACE with the
# permissions of the Ambush keyword (Reaction too, 822.1.b): card-level ``ambush_to``, PLACE as ``play_to``'s.
# “你可以选择将我伏击至该单位所在的战场（，即使…）” after a mandatory cost killing a friendly unit: where that unit was
# (``cost_killed``, the card's ``additional_cost: {kill}`` checked where it is read).
_AMBUSH_PERMISSION = re.compile(r"^(?:我可以|你可以选择将我)伏击(?:到|至)(?P<place>" + "|".join([*_PLAY_PLACES, "该单位所在的战场"]) +
                                r")(?:，即使你在该处没有(?:其他)?单位)?$")
_KILLED_PLACE = "该单位所在的战场"


def parse_ambush_permission(text: str) -> str | None:
    match = _AMBUSH_PERMISSION.match(text)
    if not match:
        return None
    return "cost_killed" if match["place"] == _KILLED_PLACE else _PLAY_PLACES[match["place"]]


def render_ambush_permission(place: str) -> str:
    if place == "cost_killed":
        return f"你可以选择将我伏击至{_KILLED_PLACE}，即使你在该处没有其他单位"
    words = next((words for words, name in _PLAY_PLACES.items() if name == place), None)
    if words is None:
        raise NotRead(f"ambush_to {place}")
    return f"我可以伏击到{words}，即使你在该处没有单位"


_CHOOSING_ME = re.compile(r"^你以我为目标的法术的?费用减少(?:(?P<either>①或任意符能)|(?P<cost>[^，]+))$")
# A battlefield's, for every player whoever controls it: “选择此处一名或多名友方单位的法术费用减少任意符能” — each spell that
# chooses a unit here of that side, seen from the spell's player (``spells_choosing_here``, ``who``)
_CHOOSING_HERE = re.compile(r"^选择此处一名或多名(?P<who>友方|敌方)?单位的法术的?费用(?P<way>减少|增加)(?P<cost>[^，]+)$")
_CHOOSING_SIDES = {"友方": "friendly", "敌方": "enemy", None: "any"}


# A battlefield's (``while: controlled``): “每回合打出的第一件友方非指示物装备的费用减少①” — the first gear (unit, spell)
# card its controller plays each turn (``first``; a token is no card, so “非指示物” is what ``first`` counts), “友方装备的费用
# 减少①” (``friendly_gear``), “友方回响的费用减少①” (each Repeat cost they pay, 820.1).
_FIRST_EACH_TURN = re.compile(r"^每回合打出的第一(?P<measure>[件名个张])友方(?:非指示物)?(?P<kind>单位|装备|法术)(?P<rest>的?费用.+)$")
_FRIENDLY_GEAR = re.compile(r"^(?:友方|你的)装备(?P<rest>的?费用.+)$")
_REPEAT_COSTS = re.compile(rf"^友方回响的费用减少(?P<cost>{_CIRCLE})$")
_FRIENDLY_APPLIES = {"单位": "friendly_units", "装备": "friendly_gear", "法术": "friendly_spells"}
_FIRST_WORDS = {"friendly_units": "名", "friendly_gear": "件", "friendly_spells": "个"}


# a battlefield's changes of its controller's activated abilities (356.4): “每回合启动的第一个友方装备技能的费用减少①” (gear
# abilities, ``first``), “此处你的单位的强化费用减少①或任意符能” (Empower costs, ``where: here``; “①或任意符能”: ``either``)
_GEAR_ABILITIES = re.compile(rf"^(?P<first>每回合启动的第一个)?友方装备技能的费用减少(?P<cost>{_CIRCLE})$")
_EMPOWER_COSTS = re.compile(r"^(?P<here>此处)?你的单位的强化费用减少(?:(?P<either>①或任意符能)|(?P<cost>[^，]+))$")


def _ability_change(text: str) -> dict | None:
    gear = _GEAR_ABILITIES.match(text)
    if gear:
        return {"applies": "gear_abilities", **({"first": True} if gear["first"] else {}), "energy": -_CIRCLED.index(gear["cost"])}
    empower = _EMPOWER_COSTS.match(text)
    if not empower:
        return None
    where = {"where": "here"} if empower["here"] else {}
    if empower["either"]:
        return {"applies": "empower_costs", **where, "energy": -1, "power": -1, "either": True}
    return _change({"applies": "empower_costs", **where}, "减少", empower["cost"], None)


def _render_ability_change(change: dict) -> str | None:
    plain = {key: value for key, value in change.items() if key != "while"}
    if plain.get("applies") == "gear_abilities" and set(plain) - {"first"} == {"applies", "energy"} and plain["energy"] < 0:
        return f"{'每回合启动的第一个' if plain.get('first') else ''}友方装备技能的费用减少{_CIRCLED[-plain['energy']]}"
    if plain.get("applies") != "empower_costs" or set(plain) - {"applies", "where", "energy", "power", "either"}:
        return None
    here = "此处" if plain.get("where") == "here" else ""
    if plain.get("either"):
        return f"{here}你的单位的强化费用减少①或任意符能" if (plain.get("energy"), plain.get("power")) == (-1, -1) else None
    amounts = {key: -plain[key] for key in ("energy", "power") if plain.get(key)}
    if not amounts or any(value < 0 for value in amounts.values()):
        return None
    return f"{here}你的单位的强化费用减少" + render_cost(amounts).removeprefix("支付")


def _battlefield_change(text: str) -> dict | None:
    """A cost change of a battlefield's own wordings (above), without its ``while``; None when *text* is none."""
    repeat = _REPEAT_COSTS.match(text)
    if repeat:
        return {"applies": "repeat_costs", "energy": -_CIRCLED.index(repeat["cost"])}
    ability = _ability_change(text)
    if ability:
        return ability
    first = _FIRST_EACH_TURN.match(text)
    gear = _FRIENDLY_GEAR.match(text) if not first else None
    found = first or gear
    rest = _SPELLS_COST.match("友方法术" + found["rest"]) if found else None
    if not rest or (first and _FIRST_WORDS[_FRIENDLY_APPLIES[first["kind"]]] != first["measure"]):
        return None
    applies = {"applies": _FRIENDLY_APPLIES[first["kind"]] if first else "friendly_gear", **({"first": True} if first else {})}
    return _change(applies, rest["way"], rest["cost"], rest["min"])


def _render_battlefield_change(change: dict) -> str | None:
    """The words of a battlefield's change after “如果此战场受你控制，则”, or None when it is not one of them."""
    if change.get("applies") == "repeat_costs":
        return f"友方回响的费用减少{_CIRCLED[-change['energy']]}" if set(change) == {"applies", "energy", "while"} else None
    if change.get("applies") in ("gear_abilities", "empower_costs"):
        return _render_ability_change(change)
    plain = {key: value for key, value in change.items() if key not in ("first", "while")}
    if change.get("applies") not in _FIRST_WORDS or (change["applies"] != "friendly_gear" and not change.get("first")):
        return None
    words = render_cost_change({**plain, "applies": "friendly_spells"}).removeprefix("所有友方法术")
    kind = {"friendly_units": "单位", "friendly_gear": "装备", "friendly_spells": "法术"}[change["applies"]]
    if change.get("first"):
        token = "" if kind == "法术" else "非指示物"
        return f"每回合打出的第一{_FIRST_WORDS[change['applies']]}友方{token}{kind}{words}"
    return f"友方{kind}{words}"


def parse_cost_changes(text: str) -> list[dict] | None:
    """The card-level ``cost_changes`` *text* says, or None when it says none."""
    condition = _CONDITION.match(text)
    if condition and _CHANGES_WHILE.get(condition["condition"]) == "controlled":
        change = _battlefield_change(condition["rest"])
        return [{**change, "while": "controlled"}] if change else None
    if text == _OPTIONAL_COSTS:
        return [{"applies": "optional_costs"}]
    here = _CHOOSING_HERE.match(text)
    if here:
        return [_change({"applies": "spells_choosing_here", "who": _CHOOSING_SIDES[here["who"]]}, here["way"], here["cost"], None)]
    choosing = _CHOOSING_ME.match(text)
    if choosing:  # spells you play that choose me; “①或任意符能”: one of the two (the player's choice)
        if choosing["either"]:
            return [{"applies": "spells_choosing_me", "energy": -1, "power": -1, "either": True}]
        return [_change({"applies": "spells_choosing_me"}, "减少", choosing["cost"], None)]
    played = _PER_CARD_PLAYED.match(text)
    if played:
        return [_change({"applies": "self", "per": "cards_played"}, "减少", played["cost"], played["min"])]
    narrowed = _PLAYED_CARDS_COST.match(text)
    if narrowed and (narrowed["zone"] or narrowed["keyword"]):
        applies = {"applies": _FRIENDLY_APPLIES[narrowed["kind"]], **({"keyword": narrowed["keyword"]} if narrowed["keyword"] else {}),
                   **({"from": "trash"} if narrowed["zone"] else {})}
        return [_change(applies, narrowed["way"], narrowed["cost"], narrowed["min"])]
    held = _PER_HOLD_SCORED.match(text)
    if held:
        return [_change({"applies": "self", "per": "points_scored_holding"}, "减少", held["cost"], held["min"], own_runes=True)]
    condition = _CONDITION.match(text)
    during = _CHANGES_WHILE.get(condition["condition"]) if condition else None
    if condition and during is None:
        return None
    changes = []
    for part in (condition["rest"] if condition else text).split("，而"):
        spells, yours, units = _SPELLS_COST.match(part), _YOUR_SPELLS_ENERGY.match(part), _YOUR_UNITS_COST.match(part)
        if units:  # “你的“龙”属性单位法力费用减少②，不得低于①”: the unit cards you play (with that tag)
            applies = {"applies": "friendly_units", **({"tag": units["tag"]} if units["tag"] else {})}
            changes.append(_change(applies, units["way"], units["cost"], units["min"]))
        elif spells:
            applies = "friendly_spells" if spells["who"] in ("友方", "你的") else "enemy_spells"
            changes.append(_change({"applies": applies}, spells["way"], spells["cost"], spells["min"]))
        elif yours:
            changes.append(_change({"applies": "friendly_spells"}, "减少", yours["cost"], yours["min"]))
        else:
            return None
    return [{**change, **({"while": during} if during else {})} for change in changes]


def _change(change: dict, way: str, cost: str, minimum: str | None, own_runes: bool = False) -> dict:
    """*own_runes*: the card's own cost, whose named runes are Power of its domains (checked as the card is compiled)."""
    paid = _paid(cost.replace(_OWN_POWER, "任意符能")) if own_runes else _paid(cost)
    if own_runes and paid.get("runes"):
        change[_DOMAINS_NAMED] = sorted(set(paid["runes"]))
        paid["power"] = paid.get("power", 0) + len(paid.pop("runes"))
    if set(paid) - {"energy", "power"} or (minimum and way != "减少"):
        raise NotRead(f"费用变化“{cost}”")
    sign = -1 if way == "减少" else 1
    change.update({key: sign * value for key, value in paid.items()})
    return {**change, **({"min": _CIRCLED.index(minimum)} if minimum else {})}


def render_cost_change(change: dict) -> str:
    if change.get("while") == "controlled":
        words = _render_battlefield_change(change)
        if words is None:
            raise NotRead(f"费用变化 {change}")
        return f"如果此战场受你控制，则{words}"
    if change == {"applies": "optional_costs"}:
        return _OPTIONAL_COSTS
    if change.get("applies") == "spells_choosing_here" and not set(change) - {"applies", "who", "energy", "power"}:
        amounts = {key: change[key] for key in ("energy", "power") if change.get(key)}
        if not amounts or len({value > 0 for value in amounts.values()}) != 1:
            raise NotRead(f"费用变化 {change}")
        side = next(words or "" for words, who in _CHOOSING_SIDES.items() if who == change.get("who", "any"))
        way = "增加" if next(iter(amounts.values())) > 0 else "减少"
        cost = render_cost({key: abs(value) for key, value in amounts.items()}).removeprefix("支付")
        return f"选择此处一名或多名{side}单位的法术的费用{way}{cost}"
    if change == {"applies": "spells_choosing_me", "energy": -1, "power": -1, "either": True}:
        return "你以我为目标的法术费用减少①或任意符能"
    if change.get("applies") == "spells_choosing_me" and set(change) - {"applies", "energy", "power"} == set() and \
            all(change.get(key, 0) <= 0 for key in ("energy", "power")) and (change.get("energy") or change.get("power")):
        amounts = {key: -change[key] for key in ("energy", "power") if change.get(key)}
        return "你以我为目标的法术费用减少" + render_cost(amounts).removeprefix("支付")
    amounts = {key: change[key] for key in ("energy", "power") if key in change}
    signs = {value > 0 for value in amounts.values()}
    if not amounts or len(signs) != 1 or set(change) - {"applies", "energy", "power", "per", "min", "while", "tag", "keyword", "from"}:
        raise NotRead(f"费用变化 {change}")
    increase = signs == {True}
    way = "增加" if increase else "减少"
    cost = render_cost({key: abs(value) for key, value in amounts.items()}).removeprefix("支付")
    minimum = f"，不得低于{_CIRCLED[change['min']]}" if "min" in change else ""
    if increase and minimum:
        raise NotRead(f"费用变化 {change}")
    if change["applies"] == "self" and change.get("per") == "cards_played" and "while" not in change and \
            set(amounts) == {"energy"}:
        return f"你在本回合内每打出过一张牌，我的费用便减少{cost}{minimum}"
    if ("keyword" in change or "from" in change) and change["applies"] in _FIRST_WORDS and \
            set(change) - {"applies", "energy", "power", "min", "keyword", "from"} == set():
        kind = {"friendly_units": "单位", "friendly_gear": "装备", "friendly_spells": "法术"}[change["applies"]]
        zone = "从废牌堆中" if change.get("from") == "trash" else ""
        keyword = f"拥有{change['keyword']}的" if "keyword" in change else ""
        return f"你{zone}打出的{keyword}{kind}的费用{way}{cost}{minimum}"
    if change["applies"] == "self" and change.get("per") == "points_scored_holding" and "while" not in change and \
            not increase and "energy" in amounts:
        runes = f"和{_OWN_POWER}" + (f"×{-amounts['power']}" if amounts.get("power", 0) < -1 else "") if "power" in amounts else ""
        return f"在本回合内，你每通过据守获得1分，我的费用就减少{_CIRCLED[-amounts['energy']]}{runes}{minimum}"
    if change["applies"] not in ("friendly_spells", "enemy_spells", "friendly_units") or "per" in change or \
            ("tag" in change and change["applies"] != "friendly_units"):
        raise NotRead(f"费用变化 {change}")
    condition = next((f"如果{words}，则" for words, key in _CHANGES_WHILE.items() if key == change.get("while")), "")
    if "while" in change and not condition:
        raise NotRead(f"费用变化 {change}")
    if change["applies"] == "friendly_units":
        tag = f"“{change['tag']}”属性" if "tag" in change else ""
        return f"{condition}你的{tag}单位的费用{way}{cost}{minimum}"
    who = "友方" if change["applies"] == "friendly_spells" else "敌方"
    return f"{condition}所有{who}法术的费用{way}{cost}{minimum}"


def _cost_instead(parts: dict, text: str, level: int) -> list[dict] | None:
    """“等级11▸改为此牌的费用减少④” after “等级6▸此牌的费用减少②”: at the higher level the larger change applies instead of
    the smaller one, which is the smaller one and the difference (a higher level is the lower one too, 824.1.c), so the
    difference is this level's static. None when *text* is no such clause."""
    own = parse_own_cost(text.removeprefix("改为")) if text.startswith("改为") else None
    amounts = ("energy", "power")
    if not own or len(own) != 1 or set(own[0]["cost_change"]) - {*amounts, _DOMAINS_NAMED}:
        return None
    lower = [entry["static"]["cost_change"] for entry in parts.get("abilities", ())
             if set(entry) == {"static", "while"} and set(entry["static"]) == {"cost_change"}
             and set(entry["while"]) == {"level"} and entry["while"]["level"] < level]
    if not lower or any(set(change) - set(amounts) for change in lower):
        raise NotRead("“改为”之前没有较低等级的费用减少")
    new = own[0]["cost_change"]
    difference = {key: new.get(key, 0) - sum(change.get(key, 0) for change in lower) for key in amounts}
    if any(value > 0 for value in difference.values()) or not any(difference.values()):
        raise NotRead("“改为”的费用减少不比较低等级的大")
    named = {_DOMAINS_NAMED: new[_DOMAINS_NAMED]} if _DOMAINS_NAMED in new else {}
    return [{"static": {"cost_change": {key: value for key, value in difference.items() if value} | named}}]


LEGION = "鼓舞"


def _legion_cost(ability: Ability) -> list[dict] | None:
    """“鼓舞—我的费用减少②”: Legion of the card's own cost (812), ``while: {legion: true}`` read as it is played."""
    if ability.head != "keyword_prefix" or [k.name for k in ability.keywords] != [LEGION] or len(ability.clauses) != 1:
        return None
    own = parse_own_cost(ability.clauses[0].text)
    if not own or len(own) != 1:
        return None
    return [{"static": own[0], "while": {"legion": True}}]


_FROM_TRASH = re.compile(rf"^你可以选择支付(?P<cost>[^，以来]+)(?:，以此|，|来|以)(?:{'|'.join(_PLAY_ME)})$")


def _legion_from_trash(ability: Ability, parts: dict) -> bool:
    """“鼓舞▸你可以选择支付③和红色符能，将我从废牌堆中打出”: the card's own permission to be played from its owner's
    trash for that cost (366.1, 356.1.a) while Legion holds (812.1.c) — card-level ``from_trash: {cost, while}``."""
    if ability.head != "keyword_prefix" or [k.name for k in ability.keywords] != [LEGION] or len(ability.clauses) != 1:
        return False
    match = _FROM_TRASH.match(ability.clauses[0].text)
    if not match:
        return False
    cost = _paid(match["cost"])
    if not cost or set(cost) - {"energy", "power", "runes"} or "from_trash" in parts:
        raise NotRead(f"从废牌堆中将我打出的费用“{match['cost']}”")
    parts["from_trash"] = {"cost": cost, "while": {"legion": True}}
    parts.setdefault("keywords", {})[LEGION] = None
    return True


def render_from_trash(from_trash: dict) -> str:
    if from_trash.get("while") != {"legion": True} or set(from_trash) != {"cost", "while"}:
        raise NotRead(f"从废牌堆中将我打出 {from_trash}")
    return f"{LEGION}▸你可以选择{render_cost(from_trash['cost'])}，以此{_PLAY_ME[0]}。"


def _prefixed(ability: Ability, scope: Scope, parts: dict) -> None:
    name = ability.keywords[0].name
    if name not in PREFIXED or len(ability.keywords) != 1:
        raise NotRead(f"“{name} ▸”")
    key, sub = PREFIXED[name]
    effects = _body(ability.clauses, scope)
    if scope.target():
        raise NotRead(f"“{name} ▸”的目标")
    if name == "绝念" and any(set(_condition_of(effect) or {}) & set(_OF_THE_SOURCE) for effect in effects):
        raise NotRead("绝念效果中关于我自身的条件（我已离场）")
    if sub:
        parts.setdefault(key, {})[sub] = effects
    else:
        parts[key] = effects
    parts.setdefault("keywords", {})[name] = None


_INSTEAD_NOW = "改为立即"  # “鼓舞—改为立即将其摧毁”: Legion's effects in place of the spell's (legion_instead)


def _spell_legion(ability: Ability, parts: dict) -> None:
    """A spell's “鼓舞—…” acting on the spell's own targets (“其”), chosen as it is played; “改为…” replaces the
    spell's effects (``legion_instead``, 812)."""
    if len(ability.keywords) != 1 or "legion" in parts:
        raise NotRead("“鼓舞 ▸”")
    scope = Scope()
    scope.targets = list(parts[_SPELL_TARGETS])
    clauses = ability.clauses
    instead = clauses[0].text.startswith("改为")
    if instead:
        first = clauses[0].text.removeprefix(_INSTEAD_NOW).removeprefix("改为")
        clauses = (clauses[0]._replace(text=first), *clauses[1:])
    effects = _body(clauses, scope)
    if len(scope.targets) != len(parts[_SPELL_TARGETS]):
        raise NotRead("“鼓舞 ▸”选择的目标")
    parts["legion"] = scope.settle(effects)
    if instead:
        parts["legion_instead"] = True
    parts.setdefault("keywords", {})["鼓舞"] = None


def _render_spell_legion(tree: dict) -> str:
    scope = Scope()
    scope.targets = list(tree["target"]) if isinstance(tree["target"], list) else [tree["target"]]
    scope.rendered = len(scope.targets)  # the spell's targets are named by its own line: here they are “其”
    return "鼓舞▸" + (_INSTEAD_NOW if tree.get("legion_instead") else "") + render_instructions(tree["legion"], scope) + "。"


def _chooses(ability: Ability) -> bool:
    """Whether the effects of a “X▸” ability choose a target (its keyword's own effects have none)."""
    scope = Scope()
    try:
        _body(ability.clauses, scope)
    except NotRead:
        return False
    return scope.target() is not None


def _head_condition(ability: Ability) -> dict | None:
    """The condition a “X ▸” head puts on its ability: 等级N▸ (824.1.c), 已强化▸ (828: active only while empowered)."""
    if ability.head == "level":
        return {"level": ability.keywords[0].value}
    if ability.head == "keyword_prefix" and [k.name for k in ability.keywords] == [EMPOWERED]:
        return {"empowered": True}
    return None


def _ability(ability: Ability, card_type: str, parts: dict) -> None:
    """Add one ability of the card to *parts* (the tree being built)."""
    scope = Scope()
    head_condition = _head_condition(ability)
    if ability.head == "keyword_prefix" and [k.name for k in ability.keywords] == [EMPOWER]:
        if len(ability.clauses) != 1 or "empower" in parts:  # “强化—弃置一张手牌”: Empower with a cost in words
            raise NotRead("强化的费用")
        either = ability.clauses[0].text.split(_EITHER_COST)
        if len(either) == 2:  # “强化—①或橙色符能”: either cost, two Empower abilities (827.3)
            parts["empower"] = {"cost": _keyword_cost_alone(either[0]), "or": _keyword_cost_alone(either[1])}
            return
        parts["empower"] = {"cost": parse_cost(ability.clauses[0].text)}
        return
    if _legion_from_trash(ability, parts):
        return
    own_cost = _legion_cost(ability)
    if own_cost:
        parts.setdefault("keywords", {})[LEGION] = None
        parts.setdefault("abilities", []).extend(own_cost)
        return
    if ability.head == "keyword_prefix" and not head_condition:
        name = ability.keywords[0].name if len(ability.keywords) == 1 else ""
        first = ability.clauses[0]
        if name == "绝念" and not first.link and _trigger(first.text, card_type) is None and \
                (_CONDITION.match(first.text) and not _INSTEAD.match(first.text) or _chooses(ability) or
                 _RECYCLE_ME.match(first.text)):
            # “绝念▸如果我是强力单位，则…” is “when I die, if …” (808.1.c), checked as it dies (428.1.a.1.b); and
            # “绝念▸对一名敌方单位造成4点伤害” chooses its target as the trigger goes on the chain: the trigger form
            first = first._replace(text="当我被摧毁时，" + first.text)
        entry = _triggered(first, ability.clauses[1:], scope, card_type) if name in ("鼓舞", "绝念") else None
        # “绝念—当我被摧毁时，如果…” restates its keyword's trigger (808.1) to give it a condition
        if entry is None or (name == "绝念" and entry["trigger"] != "killed"):
            if name == "鼓舞" and card_type == "spell" and parts.get(_SPELL_TARGETS):
                _spell_legion(ability, parts)
                return
            _prefixed(ability, Scope(), parts)
            return
        if name == "鼓舞":
            entry["condition"] = {"legion": True, **entry.get("condition", {})}
        parts.setdefault("keywords", {})[name] = None
        parts.setdefault("abilities", []).extend(_split_events(entry))
        return
    if ability.modes:
        _modes(ability, card_type, parts)
        return
    first, rest = ability.clauses[0], ability.clauses[1:]
    timed = re.match("^(反应|迅捷)▸", first.text) if ability.head == "level" else None
    if ability.head == "timing":
        entry = _activated(first, rest, scope, TIMINGS[ability.keywords[0].name])
    elif timed:  # “等级6▸反应▸横置：Y”: a level's activated ability with its timing (824.1.c, 813)
        entry = _activated(first._replace(text=first.text[timed.end():]), rest, scope, TIMINGS[timed[1]])
    else:
        entry = _triggered(first, rest, scope, card_type) or _activated(first, rest, scope)
    if not entry and not ability.head:
        entry = _as_revealed(ability.clauses) or _death_instead(ability.clauses, card_type)
    entries = [entry] if entry else _chosen_instead(ability.clauses) or (_static(ability.clauses) if ability.head != "timing"
                                                                         else None)
    if not entries and ability.head == "level" and len(ability.clauses) == 1:
        entries = _cost_instead(parts, ability.clauses[0].text, head_condition["level"])
    if not entries and not ability.head and card_type != "spell" and len(ability.clauses) > 1 and \
            not ability.clauses[1].link and _static(ability.clauses[:1]):
        # “如果…，则我以活跃状态进场。每当我征服一处战场时，…”: a static sentence, then another ability on the same line
        parts.setdefault("abilities", []).extend(_static(ability.clauses[:1]))
        _ability(ability._replace(clauses=ability.clauses[1:]), card_type, parts)
        return
    if head_condition and not entries and card_type == "spell" and ability.head == "level":
        _spell_level(ability, head_condition, parts)
        return
    if head_condition:
        if not entries:
            raise NotRead(f"“{ability.keywords[0].name}▸”的效果")
        for item in entries:
            key = "while" if "static" in item else "condition"
            item[key] = {**item.get(key, {}), **head_condition}
    if entries:
        for item in entries:
            parts.setdefault("abilities", []).extend(_split_events(item))
        return
    if card_type != "spell":
        raise NotRead(first.text)
    # A spell's lines share its targets; a later line may choose more, so every line is settled again.
    scope.targets = list(parts.get(_SPELL_TARGETS, ()))
    unsettled = parts.get(_SPELL_EFFECTS, []) + _body(ability.clauses, scope)
    if scope.paid_target is not None:
        if parts.get(_SPELL_EFFECTS) or len(scope.targets) != 1:
            raise NotRead("“改为选择”：不止一组目标")
        parts["target_if_paid"] = scope.paid_target
    parts[_SPELL_TARGETS], parts[_SPELL_EFFECTS] = scope.targets, unsettled
    if scope.target() is not None:
        parts["target"] = scope.target()
    parts["effects"] = [_this_card(effect) for effect in scope.settle(unsettled)]


def _spell_level(ability: Ability, level: dict, parts: dict) -> None:
    """A spell's “等级N▸Y” (824.1.b.1: while you have N XP the card has Y): Y's instructions with ``if: {level: N}``,
    done when its controller has N XP as each executes; “等级N▸改为Y” replaces the instruction before it. Y may not
    choose a target of its own: without the XP the card would not have it to choose (not read)."""
    scope = Scope()
    scope.targets = list(parts.get(_SPELL_TARGETS, ()))
    before, mark = list(parts.get(_SPELL_EFFECTS, [])), len(scope.targets)
    first = ability.clauses[0]
    if first.text.startswith("改为") and not first.link and before:
        replacing = _body((first._replace(text=first.text[2:]), *ability.clauses[1:]), scope)
        if len(replacing) != 1 or _condition_of(before[-1]) is not None:
            raise NotRead(f"“等级▸改为{first.text[2:]}”")
        before[-1:] = _instead_pair(before[-1], replacing[0], level)
    else:
        before += _if(level, _body(ability.clauses, scope))
    parts[LEVEL_TARGETS] = parts.get(LEVEL_TARGETS, 0) + len(scope.targets) - mark  # checked once read (level_target)
    if len(scope.targets) != mark:
        parts[_SPELL_TARGETS] = scope.targets
        parts["target"] = scope.target()
    parts[_SPELL_EFFECTS] = before
    parts["effects"] = [_this_card(effect) for effect in scope.settle(before)]


# A spell's “放逐此牌”: its own card on the chain (359.3.e.15), not a unit — the spell has no source unit.
THIS_CARD = "this_card"


def _this_card(effect: dict) -> dict:
    return {"banish": {"to": THIS_CARD}} if effect == {"banish": {"to": "self"}} else effect


# Where a spell keeps its targets and effects as read (``{target: N}``) while its lines are compiled.
_SPELL_TARGETS, _SPELL_EFFECTS = "_spell_targets", "_spell_effects"


_UNLESS = re.compile(r"^除非(?P<condition>[^，]+)，否则(?P<rest>.+)$")
# “如果X，则该单位Y”: X describes a unit and Y is its static — Y on every unit X describes, while it does
_THAT_UNIT = re.compile(r"^如果(?P<unit>[^，]+)，则该单位(?P<rest>.+)$")
UNITS_DESCRIBED = (
    ("你只有一名友方单位防守一处战场", {"who": "friendly", "defending": True, "alone": True}),  # 740.2.a: defends alone
    ("防守此处的单位落单", {"where": "here", "defending": True, "alone": True}),
)


def _that_unit(text: str) -> str | None:
    """The static sentence of “如果X，则该单位Y” with X's units as its subject, or None."""
    match = _THAT_UNIT.match(text)
    spec = next((spec for words, spec in UNITS_DESCRIBED if match and words == match["unit"]), None)
    if spec is None:
        return None
    return render_subject({"each": spec}) + re.sub(r"^战力\+", "获得战力+", match["rest"])


def _render_while(condition: dict) -> str:
    """A static's condition: “如果C，则”, or “除非C，否则” for one that is “not C” with no wording of its own."""
    try:
        return f"如果{render_condition(condition)}，则"
    except NotRead:
        if set(condition) != {"not"}:
            raise
        return f"除非{render_condition(condition['not'])}，否则"


# A static's condition in the frames of “while” (“只要C，S”, “当C时，S”, “在C期间，S”): “如果C，则S” (C any condition).
_WHILE_FRAME = re.compile(r"^(?:只要(?P<so_long>[^，]+)|当(?P<when>[^，]+)时|在(?P<during>[^，]+)期间)，(?:则)?(?P<rest>.+)$")


def _while_framed(text: str) -> re.Match | None:
    """*text* as ``_CONDITION`` reads “如果C，则S”, when it is said in a frame of “while” whose C is a condition; or None."""
    match = _WHILE_FRAME.match(text)
    condition = match and (match["so_long"] or match["when"] or match["during"])
    try:
        parse_condition(condition) if condition else None
    except NotRead:
        return None
    return _CONDITION.match(f"如果{condition}，则{match['rest']}") if condition else None


def _static(clauses: tuple[Clause, ...]) -> list[dict] | None:
    """A static ability, “如果X，则STATIC” with its condition as ``while``; None when the clause is none."""
    if len(clauses) != 1 or clauses[0].link:
        return None
    # “当我在场上时，…”: a static ability works while its card is on the board anyway (its `while` is not needed)
    text, condition = clauses[0].text.removeprefix("当我在场上时，"), None
    # “在本回合内，如果C，则S”: C is about this turn already (its history conditions); the words add nothing
    text = re.sub(r"^(?:在)?本回合内，(?=如果)", "", text)
    text = _that_unit(text) or text
    match = _CONDITION.match(text) or _while_framed(text)
    unless = _UNLESS.match(text)
    try:
        if match:
            condition, text = parse_condition(match["condition"]), match["rest"]
        elif unless:  # “除非C，否则STATIC”: while C does not hold
            condition, text = _negated(parse_condition(unless["condition"])), unless["rest"]
        here = _at_my_battlefield(text)
        if here:
            condition, text = {**(condition or {}), "at_battlefield": True}, here
        statics = parse_statics(text)
    except NotRead:
        return None
    return [{"static": static, **({"while": condition} if condition else {})} for static in statics]


def _split_events(entry: dict) -> list[dict]:
    """“当我进攻或防守时” is two triggered abilities with the same effects."""
    if isinstance(entry.get("trigger"), str) and entry["trigger"] in PAIRED:
        return [{**entry, "trigger": event} for event in PAIRED[entry["trigger"]]]
    if isinstance(entry.get("trigger"), list):
        return [item for event in entry["trigger"] for item in _split_events({**entry, "trigger": event})]
    return [entry]


def _modes(ability: Ability, card_type: str, parts: dict) -> None:
    """A spell's “从下列中选择一个”: each mode line is the effects of one mode; a triggered ability's (“当X时，从下列中选择
    一个—”) is one ``one_of`` of the mode lines, picked as it resolves, “本回合未选过的” each once a turn (``distinct_modes:
    turn``)."""
    if card_type != "spell" and ability.modes == 1 and not ability.head and ability.clauses and \
            not ability.clauses[0].link and all(clause.link == "mode" for clause in ability.clauses[1:]):
        entry = _triggered(Clause(ability.clauses[0].text + "，", ""), (), Scope(), card_type, ability.clauses[1:])
        if entry is None or len(ability.clauses) < 3 or ability.distinct is True:
            raise NotRead("模式")
        if ability.distinct == "turn":
            entry["distinct_modes"] = "turn"
        parts.setdefault("abilities", []).extend(_split_events(entry))
        return
    if card_type != "spell" or ability.modes != 1 or ability.head or "modes" in parts or ability.distinct == "turn":
        raise NotRead("模式")
    modes = {}
    for number_, clause in enumerate(ability.clauses, start=1):
        if clause.link != "mode":
            raise NotRead("模式之前的文字")
        scope = Scope()
        effects = scope.settle(_body(mode_clauses(clause), scope))
        # a mode choosing a target chooses its own (355.3, 355.5): {target, effects}
        modes[str(number_)] = {"target": scope.target(), "effects": effects} if scope.targets else effects
    parts["modes"] = modes
    if ability.distinct:  # “从以下中选择一个未选过的效果”: each execution another mode (355.3, 820.2)
        parts["distinct_modes"] = True


EQUIP = "装配"
EMPOWER = "强化"
EMPOWERED = "已强化"
FLOW = "流转"


def _keywords(ability: Ability, facts: dict, parts: dict) -> None:
    """A keyword line: each keyword with its value; a valued keyword without one has 1 (807.1.b.3),
    Repeat's value is its Energy cost (820), Equip is the ability it stands for (818), Empower with a
    cost the engine's `empower: {cost}` (827.1.c.1: “[cost]: empower me”)."""
    for keyword in ability.keywords:
        value = keyword.value
        if keyword.name == EQUIP:
            parts.setdefault("abilities", []).append(_equip(keyword.cost, facts))
            continue
        if keyword.name == EMPOWER and keyword.cost and value is None and "empower" not in parts:
            parts["empower"] = {"cost": _keyword_cost(keyword.cost)}
            continue
        if keyword.name == FLOW and keyword.cost and value is None and set(_keyword_cost(keyword.cost)) - {"energy"}:
            if "flow" in parts:  # a Flow cost with Power (829.1.c, “流转④红色符能”): the card's flow cost
                raise NotRead("第二个流转费用")
            parts["flow"] = {"cost": _keyword_cost(keyword.cost)}
            parts.setdefault("keywords", {})[FLOW] = None
            continue
        if keyword.name == "回响" and keyword.cost and value is None and (len(keyword.cost) != 1 or keyword.cost not in _CIRCLED):
            if "repeat" in parts or "回响" in parts.get("keywords", {}):  # 820.1.d: a Repeat with Power, the card's one Repeat
                raise NotRead(f"回响的费用“{keyword.cost}”")
            parts["repeat"] = [_keyword_cost(keyword.cost)]  # “回响②红色符能”: {energy: 2, runes: [炽烈]}
            parts.setdefault("keywords", {})[keyword.name] = None
            continue
        if keyword.name == "回响" and keyword.cost:
            if len(keyword.cost) != 1 or keyword.cost not in _CIRCLED or value is not None:
                raise NotRead(f"回响的费用“{keyword.cost}”")
            value = _CIRCLED.index(keyword.cost)
        elif keyword.cost:
            raise NotRead(f"{keyword.name}的费用“{keyword.cost}”")
        if value is None and KEYWORDS[keyword.name][2]:
            value = 1
        parts.setdefault("keywords", {})[keyword.name] = value


def _keyword_cost(cost_text: str) -> dict:
    """A keyword's cost written after it (装配绿色符能, 强化②橙色符能) as a cost."""
    return _paid("和".join(re.findall(r"[⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]|..符能(?:×\d+)?", cost_text)))


_EITHER_COST = "或"


def _keyword_cost_alone(cost_text: str) -> dict:
    """A cost of Energy and runes written after a keyword, the whole text read (“①”, “橙色符能”)."""
    cost = _keyword_cost(cost_text)
    if not cost or _render_keyword_cost(cost) != cost_text:
        raise NotRead(f"费用“{cost_text}”")
    return cost


def _render_keyword_cost(cost: dict) -> str:
    return render_cost(cost).removeprefix("支付").replace("和", "")


def _equip(cost_text: str, facts: dict) -> dict:
    if not cost_text or not facts.get("name"):
        raise NotRead("装配的费用或装备的名称")
    return _equip_ability(_keyword_cost(cost_text), facts["name"])


def _equip_in_words(ability: Ability, facts: dict, parts: dict) -> bool:
    """“装配—消耗1经验”: Equip with its cost written in words (818.1: “[cost]: attach this to a unit you control”)."""
    if ability.head != "keyword_prefix" or [k.name for k in ability.keywords] != [EQUIP] or len(ability.clauses) != 1:
        return False
    if not facts.get("name"):
        raise NotRead("装备的名称")
    parts.setdefault("abilities", []).append(_equip_ability(parse_cost(ability.clauses[0].text), facts["name"]))
    return True


REPEAT = "回响"


def _repeat_in_words(ability: Ability, parts: dict) -> bool:
    """“回响—弃置一张手牌”: a Repeat whose cost is written in words (820.1), the card's one Repeat; “回响—支付①/支付任意符能”
    is one Repeat instance per cost, each paid or not on its own (820.1.c.2)."""
    if ability.head != "keyword_prefix" or [k.name for k in ability.keywords] != [REPEAT] or len(ability.clauses) != 1:
        return False
    costs = [parse_cost(part) for part in ability.clauses[0].text.split("/")]
    if any(not cost or set(cost) - {"energy", "power", "runes", "discard"} for cost in costs) or "repeat" in parts or \
            REPEAT in parts.get("keywords", {}):
        raise NotRead(f"回响的费用“{ability.clauses[0].text}”")
    parts["repeat"] = costs
    parts.setdefault("keywords", {})[REPEAT] = None
    return True


def _equip_changed(ability: Ability, facts: dict, parts: dict) -> bool:
    """“装配③任意符能。此技能的法力费用减少你所选单位的战力”: Equip (818.1) with its own cost change in the same line, read
    as it is activated (356.4)."""
    if ability.head or len(ability.clauses) != 2 or any(clause.link for clause in ability.clauses):
        return False
    equip = re.fullmatch(rf"{EQUIP}(?P<cost>(?:[⓪①②③④⑤⑥⑦⑧⑨⑩]|..符能(?:×\d+)?)+)", ability.clauses[0].text)
    own = parse_ability_cost(ability.clauses[1].text) if equip else None
    if not own or own[0] != _THIS_ABILITY:
        return False
    parts.setdefault("abilities", []).append({**_equip(equip["cost"], facts), "cost_change": own[1]})
    return True


def _equip_ability(cost: dict, name: str) -> dict:
    return {"name": EQUIP, "cost": cost, "target": {"who": "friendly"}, "effects": [{"attach": name}]}


def _render_equip(cost: dict) -> str:
    """“装配①绿色符能”, or “装配—消耗1经验” for a cost that is not Energy and Power alone."""
    if set(cost) <= {"energy", "power", "runes"}:
        return EQUIP + _render_keyword_cost(cost)
    return f"{EQUIP}—{render_cost(cost)}"


def _is_equip(entry: dict, name: str, changed: bool = False) -> bool:
    """*changed*: its own cost change beside it (“此技能的法力费用减少…”) is no other ability."""
    keys = {"name", "cost", "target", "effects"} | ({"cost_change"} & set(entry) if changed else set())
    return entry.get("name") == EQUIP and set(entry) == keys and \
        entry["target"] == {"who": "friendly"} and entry["effects"] == [{"attach": name}]


# Restrictions and costs the engine reads at the card level today (docs/card-language.md §6: the
# `{static: …}` forms are not yet), read and written as a whole clause; the English compiler writes
# the same (judgekit/cardtext/en.py `_CARD_STATICS`).
CARD_LEVEL = (
    ("你必须摧毁一名友方单位，作为打出我的额外费用", "additional_cost", {"kill": "friendly_unit"}),
    ("单位无法从此处移动到基地", "cant", {"action": "move_to_base"}),
    ("对手无法得分", "cant", {"action": "gain_points", "affects": "enemy"}),
    ("对手无法获得分数", "cant", {"action": "gain_points", "affects": "enemy"}),
    # 054.2: “opponents can only play units to their base” — no permission overrides it
    ("对手只能把单位打到自己的基地", "cant", {"action": "play_unit_to_battlefield", "affects": "enemy"}),
    # spells and abilities can't ready enemy units and gear (054.1: the instruction on them is not done)
    ("禁止敌方单位和装备通过法术或技能效果变为活跃状态", "cant", {"action": "ready", "affects": "enemy"}),
    ("单位无法被打出到此处", "cant", {"action": "play_unit_here"}),
    # 054.1 over 811: opponents can't play the cards they hid at my battlefield (“Your opponents' Hidden cards can't be revealed here”)
    ("对手的待命卡牌无法在此处被翻开打出", "cant", {"action": "play_hidden_here", "affects": "enemy"}),
    ("对手无法打出我宣告的名称的法术", "cant", {"action": "play_named", "affects": "enemy"}),
    ("你只能将我打出到你本回合征服的战场上", "play_only", "conquered_this_turn"),  # 054.2
    # the engine's `passives` (one clause each, the card's own rule)
    ("我在战斗中最后承担伤害", "passives", {"assigned_last": 1}),  # 465.2.c.8
    ("我可以拥有不限数量的增益", "passives", {"any_number_of_buffs": True}),  # 426.1.b.2
    # deck building: any number of copies, not up to 3 (over 103.2.b); nothing in a game, as Unique (825)
    ("你的卡组可以包含任意数量的与我同名的卡牌", "passives", {"deck_any_number": True}),
    # a unit's: its controller's triggered abilities trigger once more (events.EXTRA_TRIGGERS)
    ("你的所有绝念效果额外触发一次", "passives", {"extra_deathknell": 1}),
    # 370.1.b: a point from conquering or holding in a player's first two turns is a card drawn instead
    ("如果一名玩家将在其前两个回合内因征服或据守获得1分，则改为让其抽一张牌", "passives", {"score_draws_first_turns": 2}),
    ("你征服此处时的征服效果额外触发一次", "passives", {"extra_conquer_here": 1}),
    ("你据守此处时的据守效果额外触发一次", "passives", {"extra_hold_here": 1}),
    ("玩家为选择此处物件的法术和技能支付费用时无视法盾", "passives", {"ignore_deflect_here": True}),  # a battlefield's
    ("支付此法术的费用时无视法盾", "passives", {"ignore_deflect": True}),
    ("你在此处分配战斗伤害时无视壁垒", "passives", {"ignore_tank_here": True}),  # a unit's: its controller's assignment (815, 766)  # a spell's own (765–767): its targets' Deflect
    ("单位可从任意位置移动到此处", "passives", {"moves_here_from_anywhere": True}),  # a battlefield's (002 over 144.4)
    ("你造成的任意数量伤害，都足以将敌方单位摧毁", "passives", {"any_damage_lethal": 1}),  # 142.4.c
    ("你的法术和技能造成的伤害+1", "passives", {"bonus_damage": 1}),
    ("使赢得游戏所需的分数+1", "passives", {"victory_score": 1}),
    ("提升我的战力，数值等同于你废牌堆的卡牌数量", "passives", {"might_per_trash": 1}),
    ("我拥有场上其他友方传奇、单位、装备卡牌的所有横置技能", "passives", {"gains_exhaust_abilities": 1}),
    ("复制该单位的技能描述到此武装的效果文字", "passives", {"copy_attached_text": 1}),  # 477.1.b.1.b
)
_CARD_LEVEL_WHILE = (re.compile(r"^如果我位于战场上，则(?P<rest>.+)$"), {"while": "at_battlefield"})
_ATTACHED_FRAME = re.compile(r"^在此(?:牌|装备)贴附于单位期间，(?P<rest>.+?)(?:，在贴附期间持续生效)?$")


def _level_clause(text: str) -> tuple[str, dict | str] | None:
    """The CARD_LEVEL entry *text* reads: a clause of the table, under the battlefield condition (a `cant`) or in the
    attachment frame (a `passives`)."""
    found = next(((key, value) for words, key, value in CARD_LEVEL if words == text), None)
    condition, framed = _CARD_LEVEL_WHILE[0].match(text), _ATTACHED_FRAME.match(text)
    if found is None and condition:
        inner = _level_clause(condition["rest"])
        found = ("cant", {**inner[1], **_CARD_LEVEL_WHILE[1]}) if inner and inner[0] == "cant" and \
            "while" not in inner[1] else None
    if found is None and framed:
        inner = _level_clause(framed["rest"])
        found = inner if inner and inner[0] == "passives" else None
    return found


def _render_level_clause(key: str, value) -> str | None:
    if key == "cant" and isinstance(value, dict) and value.get("while") == "at_battlefield":
        words = _render_level_clause(key, {k: v for k, v in value.items() if k != "while"})
        return "如果我位于战场上，则" + words if words else None
    return next((w for w, k, v in CARD_LEVEL if k == key and v == value), None)


# “as you play me”, in any frame of that trigger (``_trigger_frames``): what is said then is the play's own
_PLAYING_ME = r"(?:(?:每?当|在)?你?打出(?:我|此牌)时|每?当?(?:我|此牌)被打出时)，"
# 356.2.b.1: “（打出我时，）你可以选择COST（，）作为（打出我/此牌的）额外费用”, paid or not as the card is played;
# “如果你支付了该额外费用” reads it, and so does what follows “，以此” or “若如此做，” when it is the card's own cost
# change (“让我的费用减少②”: a static cost change while it is paid, read as the cost is determined, 356.4).
_OPTIONAL_COST = re.compile(rf"^(?:{_PLAYING_ME})?你?可以选择(?P<cost>[^，]+?)，?作为(?:打出(?:我|此牌)的)?额外费用"
                            r"(?:，以此(?P<then>.+))?$")
# the same with what it is said first: “作为打出此牌的额外费用，你可以选择支付①（，以此Y）”
_OPTIONAL_COST_FIRST = re.compile(r"^作为打出(?P<me>我|此牌)的额外费用，(?P<may>你可以选择[^，]+)(?P<then>，以此.+)?$")
_OFFERED_IF = re.compile(r"^如果(?P<condition>[^，]+)，则(?P<rest>你可以选择.+)$")
_ENTERS_READY_WORDS = ("让我以活跃状态进场", "我以活跃状态进场")
# after “你可以选择消耗任意数量的增益作为额外费用”: the card's cost lowered for each buff spent (``discount_each``, 356.4)
_EACH_BUFF = re.compile(r"^每消耗一个增益，(?:就|便)?让?我的费用减少(?P<cost>[^，]+)$")
_OPTIONAL_KINDS = {"energy", "power", "runes", "discard", "xp"}  # what `additional_cost.optional` pays in resources
PAID_ADDITIONAL = {"paid_additional_cost": True}


# 357.2: “你必须COST，作为打出我/此牌的额外费用”, a mandatory additional cost: “摧毁一名（FILTER的）友方单位”
# (`kill: friendly_unit`, or the FILTER the unit killed must meet: “一名友方强力单位” is `{mighty: true}`), “消耗N经验”,
# “将一件友方装备返回其所属的手牌” (`return_to_hand: friendly_gear`).
_RETURN_GEAR = {"return_to_hand": "friendly_gear"}  # “将一件友方装备返回其所属的手牌”
_MANDATORY_COST = re.compile(r"^你必须(?P<cost>[^，]+)，作为打出(?:我|此牌)的额外费用$")


def _mandatory_cost(text: str) -> dict | None:
    match = _MANDATORY_COST.match(text)
    if not match:
        return None
    cost = match["cost"]
    if re.fullmatch(r"消耗\d+经验", cost):
        return {"xp": parse_cost(cost)["xp"]}
    if re.fullmatch(r"将一件友方装备返回其(?:所属|拥有者)的手牌", cost):  # its owner's hand (the engine's return_gear)
        return dict(_RETURN_GEAR)
    paid = _object_cost(cost, ("unit",))
    if not paid or set(paid) != {"kill"}:
        raise NotRead(f"额外费用“{cost}”")
    return paid


def _render_mandatory_cost(value: dict) -> str | None:
    if value == _RETURN_GEAR:
        return "你必须将一件友方装备返回其拥有者的手牌，作为打出我的额外费用"
    if set(value) == {"xp"}:
        return f"你必须消耗{value['xp']}经验，作为打出我的额外费用"
    if set(value) == {"kill"} and isinstance(value["kill"], dict):
        return f"你必须{_render_object_cost(value)}，作为打出我的额外费用"
    return None


# An additional cost paid with an object of your own (356.7): killing or exhausting one of your units (`friendly_unit`,
# or the FILTER it must meet) or gear (`{kind: gear}`), exhausting your legend, spending buffs (N, or `any` number).
_OWN_OBJECT_COST = re.compile(r"^(?:(?P<kill>摧毁)(?P<killed>一(?:名|件).+)|让(?P<exhausted>一名.+单位)变为休眠状态)$")
_LEGEND_COST = re.compile(r"^让你的传奇(?:卡牌)?(?:进入|变为)休眠状态$")
_BUFFS_COST = {"消耗一个增益": 1, "消耗任意数量的增益": "any"}


def _object_cost(text: str, kinds: tuple[str, ...]) -> dict | None:
    """The cost *text* pays with an object of your own of *kinds* (``unit``, ``gear``), or None when it names none."""
    if text in _BUFFS_COST:
        return {"spend_buff": _BUFFS_COST[text]}
    if _LEGEND_COST.match(text):
        return {"exhaust": "legend"}
    match = _OWN_OBJECT_COST.match(text)
    if not match:
        return None
    verb, words = ("kill", match["killed"]) if match["kill"] else ("exhaust", match["exhausted"])
    measure, what = words[1], words[2:]
    kind = "gear" if measure == "件" and what.endswith("装备") else "unit" if measure == "名" and what.endswith("单位") else ""
    if kind not in kinds:
        raise NotRead(f"费用“{text}”")
    if what == "友方单位":
        return {verb: "friendly_unit"}
    spec = dict(parse_subject(what)["each"])
    if spec.pop("who", "friendly") != "friendly" or (kind == "unit" and not spec):
        raise NotRead(f"费用“{text}”")
    return {verb: spec}


def _render_object_cost(cost: dict) -> str:
    (verb, value), = cost.items()
    if verb == "spend_buff":
        return next(words for words, n in _BUFFS_COST.items() if n == value)
    if value == "legend":
        return "让你的传奇进入休眠状态"
    spec = {"who": "friendly", **(value if isinstance(value, dict) else {})}
    words = render_subject({"each": spec}).removeprefix("所有")
    words = ("一件" if spec.get("kind") == "gear" else "一名") + words
    return f"摧毁{words}" if verb == "kill" else f"让{words}变为休眠状态"


def _optional_paid(text: str) -> dict:
    """What an optional additional cost pays: resources, a discard or XP (`parse_cost`), or an object of yours."""
    paid = _object_cost(text, ("unit", "gear"))
    if paid is not None:
        return paid
    cost = parse_cost(text)
    if set(cost) - _OPTIONAL_KINDS:
        raise NotRead(f"可选额外费用“{text}”")
    return cost


def _render_optional_paid(cost: dict) -> str:
    return render_cost(cost) if set(cost) <= _OPTIONAL_KINDS else _render_object_cost(cost)


def _optional_cost(ability: Ability, parts: dict, card_type: str = "") -> bool:
    """Whether *ability* is an optional additional cost, maybe with the cost change paying it brings, or on a spell
    the instructions done when it was paid (“若如此做，则抽两张牌。否则，抽一张牌”: ``if: paid_additional_cost``)."""
    first = ability.clauses[0] if ability.clauses and not ability.head else None
    text = _OPTIONAL_COST_FIRST.sub(r"\g<may>，作为打出\g<me>的额外费用\g<then>", first.text) if first else ""
    offered = _OFFERED_IF.match(text)  # “如果C，则你可以选择X，作为…额外费用”: only while C holds as it is played
    text = offered["rest"] if offered else text
    optional = _OPTIONAL_COST.match(text) if first and not first.link else None
    rest = ability.clauses[1:]
    each = _EACH_BUFF.match(rest[0].text) if optional and len(rest) == 1 and not rest[0].link and not optional["then"] \
        and not offered else None
    if each and _object_cost(optional["cost"], ("unit",)) == {"spend_buff": "any"}:
        if "additional_cost" in parts:
            raise NotRead(f"可选额外费用“{optional['cost']}”")
        parts["additional_cost"] = {"optional": {"spend_buff": "any"}, "discount_each": _paid(each["cost"])}
        return True
    if optional and rest and not rest[0].link and not optional["then"] and not offered:
        _paid_then_said_apart(ability, optional["cost"], parts, card_type)
        return True
    if not optional or (rest and (rest[0].link != "if_you_do" or optional["then"])):
        return False
    then = optional["then"] or (rest[0].text if rest else "")
    statics = []
    with contextlib.suppress(NotRead):
        statics = parse_statics(then.removeprefix("让")) if then else []
    is_change = [set(static) for static in statics] == [{"cost_change"}]
    if len(rest) > 1 and not (card_type == "spell" and not is_change):
        return False
    if "additional_cost" in parts:
        raise NotRead(f"可选额外费用“{optional['cost']}”")
    parts["additional_cost"] = {"optional": _optional_paid(optional["cost"]),
                                **({"while": parse_condition(offered["condition"])} if offered else {})}
    if then in _ENTERS_READY_WORDS and card_type in ("unit", "champion") and len(rest) <= 1:
        parts["additional_cost"]["enters_ready"] = True  # “…，以此让我以活跃状态进场” (369.3), as Accelerate does
    elif then and is_change:
        parts.setdefault("abilities", []).append({"static": statics[0], "while": dict(PAID_ADDITIONAL)})
    elif then and card_type == "spell":  # the spell's own instructions, done as it resolves when it was paid
        scope = Scope()
        scope.targets = list(parts.get(_SPELL_TARGETS, ()))
        done = _if(dict(PAID_ADDITIONAL), parse_instructions(then, scope))
        effects = parts.get(_SPELL_EFFECTS, []) + _body(rest[1:], scope, done)
        parts[_SPELL_TARGETS], parts[_SPELL_EFFECTS] = scope.targets, effects
        if scope.target() is not None:
            parts["target"] = scope.target()
        parts["effects"] = [_this_card(effect) for effect in scope.settle(effects)]
    elif then:
        raise NotRead(f"支付额外费用后的“{then}”")
    return True


def _paid_then_said_apart(ability: Ability, cost: str, parts: dict, card_type: str) -> None:
    """“打出我时，你可以选择COST作为额外费用。如果你支付了该额外费用，则Y”: the optional cost, and the sentences after it
    in the same line, which are what the play does (a spell's instructions; a permanent's “当你打出我时，…”, 356.2.b.1), the
    paid cost one condition they may name."""
    if "additional_cost" in parts:
        raise NotRead(f"可选额外费用“{cost}”")
    parts["additional_cost"] = {"optional": _optional_paid(cost)}
    first, *more = ability.clauses[1:]
    said = first if card_type == "spell" else first._replace(text="当你打出我时，" + first.text)
    _ability(ability._replace(clauses=(said, *more)), card_type, parts)


# Empowered more than once (441.1.c.1), lines after the keyword: how often it may be, its Might for each time, and the
# keywords it has once Empowered so many times (the Empower part's ``times``, ``might_each``, ``keywords``/``keywords_at``)
_EMPOWER_TIMES = re.compile(rf"^我最多可以被强化(?P<n>{_NUMBER})次$")
_EMPOWER_MIGHT = re.compile(r"^我每被强化一次，便获得战力\+(?P<n>\d+)$")
_EMPOWER_KEYWORDS = re.compile(rf"^如果我已被强化(?P<n>{_NUMBER})次，则我获得(?P<gains>{_KEYWORD}(?:(?:和|、){_KEYWORD})*)$")


def _empowered_many(text: str, parts: dict) -> bool:
    """Whether *text* is one of those lines (then read into the card's ``empower``)."""
    times, might, keywords = (pattern.match(text) for pattern in (_EMPOWER_TIMES, _EMPOWER_MIGHT, _EMPOWER_KEYWORDS))
    if not (times or might or keywords):
        return False
    if times:
        add_to_empower(parts, text, NotRead, times=number(times["n"]))
    elif might:
        add_to_empower(parts, text, NotRead, might_each=int(might["n"]))
    else:
        gains = dict(_keyword_value(gain) for gain in re.split("和|、", keywords["gains"]))
        add_to_empower(parts, text, NotRead, keywords=gains, keywords_at=number(keywords["n"]))
    return True



def _render_empowered_many(empower: dict) -> list[str]:
    lines = [f"我最多可以被强化{chinese(empower['times'])}次。"] if "times" in empower else []
    if "might_each" in empower:
        lines.append(f"我每被强化一次，便获得战力+{empower['might_each']}。")
    if "keywords" in empower:
        gains = "和".join(f"{name}{'' if value is None else value}" for name, value in empower["keywords"].items())
        lines.append(f"若我已被强化{chinese(empower.get('keywords_at', 1))}次，则我获得{gains}。")
    return lines


# 763, 135.2.b.3: “打出此牌/我时，宣告一种属性标签” — a tag named as the card is played (card-level ``name_tag``), or one of
# a list (“从“鸟类”、…或“魄罗”属性标签中选择一个”), “我获得该属性标签” after it the unit's own (``gain``); “具有该属性标签的”
# names it in a filter (``tag: {named: true}``).
_AS_PLAYED = "^" + _PLAYING_ME
_NAME_ANY_TAG = re.compile(_AS_PLAYED + r"宣告一(?:种|个)属性标签$")
_NAME_LISTED_TAG = re.compile(_AS_PLAYED + r"从(?P<tags>“[^”]+”(?:、“[^”]+”)*或“[^”]+”)属性标签中选择一(?:个|种)$")
_GAIN_NAMED_TAG = "我获得该属性标签"
NAMED_TAG = {"named": True}
_NAMED_TAG_WORDS = ("具有该属性标签的", "拥有该属性标签的", "带有该属性标签的")


def _names_a_tag(ability: Ability, parts: dict, card_type: str) -> bool:
    """Whether *ability* is the naming of a tag as the card is played (then its ``name_tag`` is in *parts*)."""
    if ability.head or not ability.clauses or any(clause.link for clause in ability.clauses) or len(ability.clauses) > 2:
        return False
    first = ability.clauses[0].text
    anyone, listed = _NAME_ANY_TAG.match(first), _NAME_LISTED_TAG.match(first)
    if not (anyone or listed):
        return False
    gains = [clause.text for clause in ability.clauses[1:]]
    if "name_tag" in parts or gains not in ([], [_GAIN_NAMED_TAG]) or (gains and card_type not in ("unit", "champion")):
        raise NotRead(f"宣告属性标签“{'。'.join(clause.text for clause in ability.clauses)}”")
    parts["name_tag"] = {**({"from": re.findall(r"“([^”]+)”", listed["tags"])} if listed else {}),
                         **({"gain": True} if gains else {})}
    return True


def _names_named_tag(value) -> bool:
    if isinstance(value, dict):
        return value.get("tag") == NAMED_TAG or any(_names_named_tag(part) for key, part in value.items() if key != "name_tag")
    return isinstance(value, list) and any(_names_named_tag(part) for part in value)


def _render_name_tag(params: dict, card_type: str) -> str:
    me = "我" if card_type in ("unit", "champion") else "此牌"
    tags = params.get("from")
    if set(params) - {"from", "gain"} or (tags is not None and len(tags) < 2):
        raise NotRead(f"name_tag {params}")
    said = (f"从{'、'.join(f'“{tag}”' for tag in tags[:-1])}或“{tags[-1]}”属性标签中选择一个" if tags else "宣告一种属性标签")
    return f"打出{me}时，{said}。" + (_GAIN_NAMED_TAG + "。" if params.get("gain") else "")


def _add_place(parts: dict, key: str, place: str) -> None:
    """One more place in a card-level list of places (``play_to``, ``ambush_to``); the same place twice is not read."""
    held = parts.get(key, [])
    held = [held] if isinstance(held, str) else held
    if place in held:
        raise NotRead(f"第二个 {key}")
    parts[key] = place if not held else [*held, place]


def _card_level(ability: Ability, parts: dict, card_type: str = "") -> bool:
    """Whether *ability* is one of the card-level clauses (then its part is in *parts*)."""
    if _optional_cost(ability, parts, card_type):
        return True
    if ability.head or len(ability.clauses) != 1:
        return False
    if _empowered_many(ability.clauses[0].text, parts):
        return True
    own = parse_ability_cost(ability.clauses[0].text)
    if own and own[0] == _EMPOWER_ABILITY:  # the Empower ability's own cost change (after the keyword)
        if "cost" not in parts.get("empower", {}) or "cost_change" in parts["empower"]:
            raise NotRead("强化技能的费用变化")
        parts["empower"]["cost_change"] = own[1]
        return True
    changes = parse_cost_changes(ability.clauses[0].text)
    if changes:
        parts.setdefault("cost_changes", []).extend(changes)
        return True
    permission = parse_play_permission(ability.clauses[0].text)
    if permission and permission[0] == "friendly":  # 355.2.b: a battlefield its controller's units may be played to
        parts.setdefault("abilities", []).append({"static": {"play_to": permission[1]}})
        return True
    if permission:  # 355.2.b: a battlefield this unit may also be played to
        _add_place(parts, "play_to", permission[1])
        return True
    ambush = parse_ambush_permission(ability.clauses[0].text)
    if ambush:  # 822.1.d: a battlefield Ambush's permission also takes this unit to
        _add_place(parts, "ambush_to", ambush)
        return True
    here = _PLAY_HERE.match(ability.clauses[0].text)
    if here and "play_here" not in parts:  # 355.2.b, 356.2.b: a battlefield taking units with a tag for extra Power
        parts["play_here"] = {"tag": here["tag"], "power": int(here["power"] or 1)}
        return True
    found = _level_clause(ability.clauses[0].text)
    before = _NO_SCORE_BEFORE.match(ability.clauses[0].text) if found is None else None
    if before and number(before["n"]) and number(before["n"]) >= 2:  # a battlefield's, the players' first turns
        found = ("cant", {"action": "gain_points", "before_own_turn": number(before["n"])})
    early = _NOT_PLAYED_EARLY.match(ability.clauses[0].text) if found is None else None
    if early and number(early["n"]):  # the card's own rule (054.1): not on its player's first N turns
        found = ("cant", {"action": "be_played", "first_own_turns": number(early["n"])})
    mandatory = _mandatory_cost(ability.clauses[0].text) if found is None else None
    if mandatory:
        found = ("additional_cost", mandatory)
    if found is None:
        return False
    key, value = found
    if key == "cant":
        parts.setdefault("cant", []).append(dict(value))
    elif key == "passives" and not set(value) & set(parts.get("passives", {})):
        parts.setdefault("passives", {}).update(value)
    elif key in parts:
        raise NotRead(f"第二个 {key}")
    else:
        parts[key] = dict(value) if isinstance(value, dict) else value
    return True


# “每名玩家在各自的第三回合开始前，无法从此处得分”: no one scores here before their own N-th turn has begun
_NO_SCORE_BEFORE = re.compile(rf"^每名玩家在各自的第(?P<n>{_NUMBER})(?:个)?回合开始前，无法从此处得分$")
# “我无法在你的前三个回合内被打出”: this card can't be played during its player's first N turns of their own
_NOT_PLAYED_EARLY = re.compile(rf"^我无法在你的前(?P<n>{_NUMBER})个回合内被打出$")


def _render_not_played_early(value: dict) -> str | None:
    if set(value) != {"action", "first_own_turns"} or value["action"] != "be_played":
        return None
    return f"我无法在你的前{chinese(value['first_own_turns'])}个回合内被打出"


def _render_no_score_before(value: dict) -> str | None:
    if set(value) != {"action", "before_own_turn"} or value["action"] != "gain_points":
        return None
    nth = value["before_own_turn"]
    return f"每名玩家在各自的第{'二' if nth == 2 else chinese(nth)}回合开始前，无法从此处得分"


_PLAY_HERE = re.compile(r"^任何玩家都可以支付任意符能(?:×(?P<power>\d+))?作为额外费用，将一名“(?P<tag>[^”]+)”属性单位打出到此战场$")


def _render_play_here(params: dict) -> str:
    if set(params) != {"tag", "power"}:
        raise NotRead(f"play_here {params}")
    power = f"×{params['power']}" if params["power"] > 1 else ""
    return f"任何玩家都可以支付任意符能{power}作为额外费用，将一名“{params['tag']}”属性单位打出到此战场。"


# “如果你在本回合（内）消耗了不低于N的费用来打出一个法术，则你可以选择COST来将我打出”: the card's alternative cost
# (`alternative_cost: {spent_on_spell, energy, power}`, its condition the Energy paid for one spell this turn); the
# engine's Power is of the card's domains, so a rune named must be the card's one domain.
_SPENT = r"你在本回合(?:内)?消耗了不低于(?P<spent>[①②③④⑤⑥⑦⑧⑨⑩])的费用来打出一个法术"
_ALTERNATIVE = re.compile(rf"^如果{_SPENT}，则你可以选择支付(?P<cost>[^，]+)来将我打出$")


def _alternative_cost(ability: Ability, facts: dict, parts: dict) -> bool:
    match = _ALTERNATIVE.match(ability.clauses[0].text) if len(ability.clauses) == 1 and not ability.head else None
    if not match:
        return False
    cost, domains = _paid(match["cost"]), facts.get("domains") or []
    runes = cost.pop("runes", [])
    if set(cost) - {"energy"} or "alternative_cost" in parts or (runes and (len(set(domains)) != 1 or set(runes) != set(domains))):
        raise NotRead(f"替代费用“{match['cost']}”")
    parts["alternative_cost"] = {"spent_on_spell": _CIRCLED.index(match["spent"]), **cost, **({"power": len(runes)} if runes else {})}
    return True


def _render_alternative_cost(tree: dict) -> list[str]:
    alternative = dict(tree.get("alternative_cost") or {})
    if not alternative:
        return []
    spent, power = alternative.pop("spent_on_spell", None), alternative.pop("power", 0)
    domains = tree.get("domains") or []
    if spent is None or set(alternative) - {"energy"} or (power and len(set(domains)) != 1):
        raise NotRead(f"替代费用 {tree['alternative_cost']}")
    cost = render_cost({**alternative, **({"runes": [domains[0]] * power} if power else {})})
    return [f"如果你在本回合消耗了不低于{_CIRCLED[spent]}的费用来打出一个法术，则你可以选择{cost}来将我打出。"]


def _render_card_level(tree: dict) -> list[str]:
    lines = [render_cost_change(change) + "。" for change in tree.get("cost_changes", ())]
    places = tree.get("play_to", [])
    for place in [places] if isinstance(places, str) else places:
        lines.append(render_play_permission("self", place) + "。")
    places = tree.get("ambush_to", [])
    for place in [places] if isinstance(places, str) else places:
        lines.append(render_ambush_permission(place) + "。")
    if "name_tag" in tree:
        lines.append(_render_name_tag(tree["name_tag"], tree.get("type", "")))
    lines += _render_alternative_cost(tree)
    lines += [_render_play_here(tree["play_here"])] if "play_here" in tree else []
    passives = [{name: value} for name, value in (tree.get("passives") or {}).items()]
    for key in ("additional_cost", "play_only", "cant", "passives"):
        values = {"cant": tree.get("cant", []), "passives": passives}.get(key, [tree[key]] if key in tree else [])
        for value in values:
            words = _render_level_clause(key, value)
            if key == "additional_cost" and set(value) == {"optional", "discount_each"} and \
                    value["optional"] == {"spend_buff": "any"}:
                words = f"你可以选择{_render_optional_paid(value['optional'])}，作为打出我的额外费用。" \
                    f"每消耗一个增益，就让我的费用减少{render_cost(value['discount_each']).removeprefix('支付')}"
            elif key == "additional_cost" and "optional" in value and set(value) <= {"optional", "while", "enters_ready"}:
                words = ("如果" + render_condition(value["while"]) + "，则" if "while" in value else "") + \
                    f"你可以选择{_render_optional_paid(value['optional'])}，作为打出我的额外费用" + \
                    ("，以此" + _ENTERS_READY_WORDS[0] if value.get("enters_ready") else "")
            elif key == "additional_cost" and words is None:
                words = _render_mandatory_cost(value)
            elif key == "cant" and words is None:
                words = _render_no_score_before(value) or _render_not_played_early(value)
            if words is None:
                raise NotRead(f"{key} {value}")
            lines.append(words + "。")
    return lines


# “…以下属性标签…—“鸟类”、“猫科”、“犬形”、“魄罗””: the tags listed after the dash are the ones “以下” names; read with the
# list where “以下” stands (“你的单位中每有一种“鸟类”、…属性标签”), as the rendering writes it. A later “以上全部四种属性标签”
# names the same list again (its count checked against it).
_LISTED_TAGS = re.compile(r"^(?P<before>.*?)以下(?P<after>(?:所有|全部)?属性标签.*)—(?P<tags>“[^”]+”(?:[、和或]“[^”]+”)+)$")
_TAGS_ABOVE = re.compile(rf"以上(?:全部|所有)?(?P<c>{_NUMBER})种属性标签")


def _inline_tags(ability: Ability, above: list[str]) -> tuple[Ability, list[str]]:
    """*ability* with each listed tags written where “以下” (or “以上”, the list before) stands, and the last list."""
    clauses = []
    for clause in ability.clauses:
        listed = _LISTED_TAGS.match(clause.text)
        again = _TAGS_ABOVE.search(clause.text)
        if listed and "以下" not in listed["before"] + listed["after"]:
            above = re.findall(r"“([^”]+)”", listed["tags"])
            clause = clause._replace(text=listed["before"] + _tags_words(above) + listed["after"])
        elif again and above and number(again["c"]) == len(above):
            clause = clause._replace(text=clause.text.replace(again[0], _tags_words(above) + "所有属性标签", 1))
        clauses.append(clause)
    return ability._replace(clauses=tuple(clauses)), above


# Words any clause may be written with that mean what the grammar's words mean, read as those before any table (the
# tables and the rendering use the grammar's): “若” is “如果” (the link words “若如此做”… aside), “本回合中” is “本回合内”, “你可以X”
# is “你可以选择X”, “N点经验（值）” is “N经验”, “获得+N战力” is “战力+N”, and “如果C，Y” with no “则” in the clause is “如果C，则Y”.
_IF_WORDS = re.compile(r"若(?!如此做|你如此做|你这样做|你这么做|其如此做)")
_MAY_WORDS = re.compile(r"你可以(?!选择)")
_XP_WORDS = re.compile(r"(?P<n>\d+)点?经验值?")
_PLUS_MIGHT_WORDS = re.compile(r"获得\+(?P<n>\d+)(?:点)?战力")
_IF_WITHOUT_THEN = re.compile(r"(?P<condition>如果(?!如此做|你如此做|你这样做|你这么做)[^，。则]+(?:，且[^，。则]+)*)，(?!则|且)"
                              r"(?![^。]*?(?<!否)则)")


def canonical(text: str) -> str:
    """*text* in the grammar's own words (above)."""
    text = _XP_WORDS.sub(r"\g<n>经验", _IF_WORDS.sub("如果", text).replace("本回合中", "本回合内"))
    text = _PLUS_MIGHT_WORDS.sub(r"战力+\g<n>", text)
    return _IF_WITHOUT_THEN.sub(r"\g<condition>，则", _MAY_WORDS.sub("你可以选择", text))


def _in_canonical_words(ability: Ability) -> Ability:
    return ability._replace(clauses=tuple(clause._replace(text=canonical(clause.text)) for clause in ability.clauses))


def compile_clauses(card: CardClauses, facts: dict) -> tuple[dict, tuple[Problem, ...]]:
    """The tree parts (keywords, target, effects, abilities) of *card*, or the clauses not understood."""
    parts: dict = {}
    problems: list[Problem] = []
    above: list[str] = []
    for written in card.abilities:
        ability, above = _inline_tags(_in_canonical_words(written), above)
        try:
            if _card_level(ability, parts, facts.get("type", "")) or _alternative_cost(ability, facts, parts) or \
                    _names_a_tag(ability, parts, facts.get("type", "")):
                continue
            if ability.head == "keyword":
                _keywords(ability, facts, parts)
                continue
            if _equip_in_words(ability, facts, parts) or _repeat_in_words(ability, parts) or _equip_changed(ability, facts, parts):
                continue
            before = len(parts.get("abilities", ()))
            _ability(ability, facts.get("type", ""), parts)
            if "abilities" in parts:
                parts["abilities"] = own_gear(parts["abilities"], facts.get("name", ""), facts.get("type", ""))
            for entry in parts.get("abilities", [])[before:]:
                _own_domains(entry, facts.get("domains", []))
            _play_me_from_trash_only(parts, parts.get("abilities", [])[before:])
        except NotRead as error:
            text = "。".join(c.text for c in written.clauses)
            problems.append(Problem(ability.line, text, f"没有读懂：{error}"))
    parts.pop(_SPELL_TARGETS, None)
    parts.pop(_SPELL_EFFECTS, None)
    try:
        level_target(parts, NotRead)
    except NotRead as error:
        problems.append(Problem(0, "", f"没有读懂：{error}"))
    for change in parts.get("cost_changes", ()):  # the card's own cost: a rune it names is of its domains
        if set(change.pop(_DOMAINS_NAMED, [])) - set(facts.get("domains", [])):
            problems.append(Problem(0, "", "没有读懂：所说的符能不是此牌的领域"))
    try:
        _repeated_play(parts)
    except NotRead as error:
        problems.append(Problem(0, "", f"没有读懂：{error}"))
    places = parts.get("ambush_to", [])
    if "cost_killed" in ([places] if isinstance(places, str) else places) and "kill" not in parts.get("additional_cost", {}):
        problems.append(Problem(0, "", "没有读懂：“该单位所在的战场”，但此牌没有摧毁友方单位的额外费用"))
    if "target_if_paid" in parts and "optional" not in parts.get("additional_cost", {}):
        problems.append(Problem(0, "", "没有读懂：“如果你支付了该额外费用”，但此牌没有可选的额外费用"))
    if _names_named_tag(parts) and "name_tag" not in parts:  # “该属性标签” with no tag named as it was played
        problems.append(Problem(0, "", "没有读懂：“该属性标签”之前此牌没有宣告属性标签"))
    return parts, tuple(problems)


# -- rendering a whole card -------------------------------------------------------------


def _chosen_for_reflexive(effects: list[dict]) -> bool:
    """Whether only tokens are played before a “进行一次” that the target is named in (“选择一名单位。打出…。然后进行一次：…
    所选单位…”): the target is named first, as it is chosen."""
    head = list(itertools.takewhile(lambda effect: set(effect) != {"do_this"}, effects))
    return len(head) < len(effects) and all(set(effect) == {"create"} for effect in head)


def _render_body(effects: list[dict], target, trigger: bool = False, event_gear: bool = False, paid: str = "") -> str:
    scope = Scope()
    scope.paid_with = paid  # the act of the ability's cost ``object``: its unit named again
    scope.opens_trigger = trigger
    scope.event_gear = event_gear
    if target is not None:
        scope.targets = list(target) if isinstance(target, list) else [target]
    chosen = _chosen_player(scope)
    if chosen is not None:  # “选择一名对手，让其…”: the player is chosen first, the instructions say what they do
        scope.rendered = 1
        return "选择" + next(w for w, spec in PLAYER_WORDS.items() if spec == chosen) + "，" + render_instructions(effects, scope) + "。"
    if len(scope.targets) == 1 and isinstance(scope.targets[0], dict) and _chosen_for_reflexive(effects):
        scope.rendered = 1  # chosen as the card is played, named in the reflexive trigger after tokens were played
        return "选择" + _render_chosen(scope.targets[0]) + "。" + render_instructions(effects, scope) + "。"
    if _chosen_battlefield(scope) and (len(scope.targets) > 1 or "who" in scope.targets[0]):  # named first, then “该处”
        return _render_battlefield_beside(scope) + render_instructions(effects, scope) + "。"
    if len(scope.targets) == 2 and isinstance(scope.targets[1], dict) and scope.targets[1].get("where") == "other_location":
        return _render_battlefield_beside(scope) + render_instructions(effects, scope) + "。"  # both named first
    if _chosen_pair(scope) == (1, 2) and effects and _is_attach_or_detach(effects[0], scope):  # the two named first
        chosen = "选择" + "和".join(_render_chosen(spec) for spec in scope.targets) + "。"
        scope.rendered = 2
        return chosen + render_instructions(effects, scope) + "。"
    try:
        return render_instructions(effects, scope) + "。"
    except NotRead:  # “选择一名友方单位。摧毁一名战力低于其的敌方单位”: the first target only chosen, named first
        if len(scope.targets) < 2 or not isinstance(scope.targets[0], dict):
            raise
    scope.rendered = 1
    try:
        return "选择" + _render_chosen(scope.targets[0]) + "。" + render_instructions(effects, scope) + "。"
    except NotRead:  # “选择一名友方单位和一个法术。无效化该法术，…”: every target chosen first, each named again after
        if len(scope.targets) != 2 or not all(isinstance(spec, dict) for spec in scope.targets):
            raise
    scope.rendered = 2
    return "选择" + "和".join(map(_render_chosen, scope.targets)) + "。" + render_instructions(effects, scope) + "。"


def _render_trigger(trigger, card_type: str, effects: list = ()) -> str:
    if isinstance(trigger, dict) and trigger.get("zone") == "trash" and _plays_itself(effects):
        trigger = {key: value for key, value in trigger.items() if key != "zone"}  # the effect says where it works
    if isinstance(trigger, list):
        return _EITHER[0].join(_render_trigger(one, card_type) for one in trigger)
    words = next((w for w, tree, types in TRIGGERS if tree == trigger and (not types or card_type in types)), None)
    words = words or _render_played_unit(trigger) or _render_played_card(trigger) or _render_unit_event_here(trigger) or \
        _render_unit_chosen(trigger) or _render_moved_from_here(trigger) or _render_unit_event(trigger) or \
        _render_player_event(trigger) or \
        (_OWN_DISCARDED_WORDS if trigger == _OWN_CARD_EVENTS["弃置"] else None)
    if words is None:
        raise NotRead(f"触发 {trigger}")
    return words


# 369: the chosen unit's next death this turn replaced (`replace_death`, on the ability's target): “如果该单位在本回合内被
# 摧毁，则改为将其放逐” (`instead: banish`), “（在）本回合内，（当）它下次被摧毁时，改为…” with the steps of a heal, an
# exhausting and a recall, each said; with a payment then (“你可以选择支付红色符能，以此改为…”, `pay`) the controller decides
# as it would die (204.3.b).
_NEXT_DEATH = re.compile(r"^(?:如果(?:该单位|它|其)(?:在)?本回合(?:内)?(?:将)?被摧毁，则|(?:在)?本回合内，(?:当)?(?:它|其)下次(?:将)?被摧毁时，)"
                         r"(?:你可以选择支付(?P<paid>[^，]+)，以此)?改为(?P<rest>.+)$")
_BANISHED_INSTEAD = ("将其放逐", "放逐它", "将该单位放逐")


def parse_next_death(text: str, scope: Scope) -> dict | None:
    match = _NEXT_DEATH.match(text)
    if not match or scope.target() is None:
        return None
    paid = {"pay": _paid(match["paid"])} if match["paid"] else {}
    if match["rest"] in _BANISHED_INSTEAD and not paid:
        return {"replace_death": {"instead": "banish"}}
    steps = [_DEATH_STEPS.get(word) for word in _DEATH_JOINTS.split(match["rest"])]
    if sorted(map(str, steps)) != ["exhaust", "heal", "recall"]:
        raise NotRead(f"阵亡的替代“{match['rest']}”")
    return {"replace_death": paid or None}


def render_next_death(params: dict) -> str:
    if params.get("instead") == "banish":
        return f"如果该单位在本回合内被摧毁，则改为{_BANISHED_INSTEAD[0]}"
    paid = f"你可以选择{render_cost(params['pay'])}，以此" if params.get("pay") else ""
    return f"在本回合内，它下次将被摧毁时，{paid}改为让其进入休眠状态，移除其所受伤害，并将其召回"


# 368.1, 369: “如果SUBJECT被摧毁，则改为X”, a replacement of the death of the units SUBJECT names: a gear's “一名友方单位”
# (`affects: friendly`, read while it is on the board unattached, 718.3) or “我所贴附的单位” (`attached`); X the steps of
# the engine's die replacement, in one sentence or the next: “将此牌摧毁” (`kill_self`), “移除其所受伤害” and “将其召回”
# (`recall`: heal and recall, one step), “让其进入休眠状态” (`exhaust`, else the unit is recalled ready).
_DEATH_SUBJECTS = {"一名友方单位": "friendly", "我所贴附的单位": "attached", "所贴附的单位": "attached"}
_DEATH_INSTEAD = re.compile(r"^如果(?P<who>" + "|".join(_DEATH_SUBJECTS) + r")(?:将要|将)?被摧毁，则改为(?P<rest>.+)$")
_DEATH_STEPS = {"将此牌摧毁": "kill_self", "摧毁此牌": "kill_self", "将此装备摧毁": "kill_self", "摧毁此装备": "kill_self",
                "移除该单位所受伤害": "heal", "移除其所受伤害": "heal", "治疗该单位": "heal", "治疗其": "heal",
                "让其进入休眠状态": "exhaust", "让其变为休眠状态": "exhaust", "将其变为休眠状态": "exhaust",
                "将其召回": "recall", "将该单位召回": "recall"}
_DEATH_JOINTS = re.compile("，并|、并|，|、|并")


# a battlefield's (368.1): “如果此处的一名单位（在战斗中）被摧毁，其控制者可以选择支付X，以此改为…” — the units here, the dying
# unit's controller deciding and paying as it would die (``affects: here``, ``payer: unit_controller``, 204.3.b)
_HERE_DEATH = re.compile(r"^如果此处的一名单位(?P<combat>在战斗中)?(?:将要|将)?被摧毁，(?:则)?其控制者可以选择支付(?P<paid>[^，]+)，"
                         r"以此改为(?P<rest>.+)$")


def _death_here_paid(text: str) -> dict | None:
    match = _HERE_DEATH.match(text)
    if not match:
        return None
    steps = [_DEATH_STEPS.get(word) for word in _DEATH_JOINTS.split(match["rest"])]
    if sorted(map(str, steps)) != ["exhaust", "heal", "recall"]:
        raise NotRead(f"阵亡的替代“{match['rest']}”")
    return {"replacement": {"event": "die", "affects": "here", **({"in_combat": True} if match["combat"] else {}),
                            "recall": True, "pay": _paid(match["paid"]), "payer": "unit_controller"}}


def _render_death_here_paid(replacement: dict) -> str:
    combat = "在战斗中" if replacement.get("in_combat") else ""
    return (f"如果此处的一名单位{combat}被摧毁，其控制者可以选择{render_cost(replacement['pay'])}，以此改为移除其所受伤害，"
            "让其变为休眠状态，并将其召回。")


# 370.1.b.1: “如果我从你的主牌堆中被展示，则你获得②” — the reveal (424.1) and, with it, an Add by the card's owner, no
# chain item: a replacement of the event by the same event plus the action (``{event: revealed, from: deck, add}``)
_AS_REVEALED = re.compile(r"^如果(?:我|此牌)从你的主牌堆(?:中)?被展示，(?:则)?(?:你)?(?P<add>获得.+)$")
AS_REVEALED_WORDS = "如果我从你的主牌堆中被展示，则你"


def _as_revealed(clauses: tuple[Clause, ...]) -> dict | None:
    match = _AS_REVEALED.match(clauses[0].text) if len(clauses) == 1 and not clauses[0].link else None
    if match is None:
        return None
    added = parse_effect(match["add"], Scope())
    if set(added) != {"add"} or not isinstance(added["add"], dict) or set(added["add"]) - {"energy", "power", "runes"}:
        raise NotRead(f"展示时的行动“{match['add']}”")
    return {"replacement": {"event": "revealed", "from": "deck", "add": added["add"]}}


# “如果一个将我选作目标的法术或技能将眩晕我、或给予我-战力、或把我送回手牌，则改为给予我在本回合内战力+3”: one replacement of
# the source's per event listed (368.1; `affects: me_chosen`, `becomes: N`: Might this turn instead of the event, 370).
_CHOSEN_INSTEAD = re.compile(r"^如果(?:一个)?将我选(?:作|为)目标的法术或技能(?:将要|将|会)(?P<events>.+?)，则改为(?:给予|让)我(?:在)?本回合内"
                             r"(?:获得)?战力\+(?P<n>\d+)$")
_CHOSEN_EVENTS = (("stun", ("眩晕我",)), ("might", ("给予我-战力", "让我-战力")),
                  ("return_to_hand", ("把我送回手牌", "让我返回所属的手牌", "让我返回其所属的手牌")))  # the first written
_CHOSEN_INSTEAD_WORDS = "如果一个将我选作目标的法术或技能将{events}，则改为给予我在本回合内战力+{n}。"


def _chosen_instead(clauses: tuple[Clause, ...]) -> list[dict] | None:
    match = _CHOSEN_INSTEAD.match(clauses[0].text) if len(clauses) == 1 and not clauses[0].link else None
    if not match:
        return None
    found = []
    for words in re.split("、或|，或|、|或", match["events"]):
        event = next((event for event, said in _CHOSEN_EVENTS if words in said), None)
        if event is None or event in found:
            raise NotRead(f"将我选作目标的法术或技能“{words}”")
        found.append(event)
    return [{"replacement": {"event": event, "affects": "me_chosen", "becomes": int(match["n"])}} for event in found]


def _render_chosen_instead(replacement: dict) -> str:
    words = next((said[0] for event, said in _CHOSEN_EVENTS if event == replacement["event"]), None)
    if words is None or set(replacement) != {"event", "affects", "becomes"} or not isinstance(replacement["becomes"], int) \
            or replacement["becomes"] <= 0:
        raise NotRead(f"替代 {replacement}")
    return _CHOSEN_INSTEAD_WORDS.format(events=words, n=replacement["becomes"])


def _death_instead(clauses: tuple[Clause, ...], card_type: str) -> dict | None:
    if card_type == "battlefield" and len(clauses) == 1 and not clauses[0].link:
        here = _death_here_paid(clauses[0].text)
        if here:
            return here
    if card_type in UNIT_TYPES and len(clauses) == 1 and not clauses[0].link:
        watched = _UNIT_DEATH.match(clauses[0].text)
        if watched:
            return {"replacement": {"event": "die", "affects": {"each": _watched_units(watched)},
                                    **_death_steps(watched["rest"], ())}}
    match = _DEATH_INSTEAD.match(clauses[0].text) if clauses and not clauses[0].link else None
    if not match:
        return None
    if card_type != "gear" or any(clause.link for clause in clauses[1:]):
        raise NotRead(f"阵亡的替代“{clauses[0].text}”")
    return {"replacement": {"event": "die", "affects": _DEATH_SUBJECTS[match["who"]],
                            **_death_steps(match["rest"], tuple(c.text for c in clauses[1:]))}}


def _death_steps(first: str, more: tuple[str, ...]) -> dict:
    """The die replacement's steps said in *first* and the sentences after it: heal and recall (``recall``), exhausted
    unless it is not said (``exhaust: false``), a gear's “kill this” (``kill_self``)."""
    steps = [_DEATH_STEPS.get(word) for text in (first, *more) for word in _DEATH_JOINTS.split(text)]
    if None in steps or len(set(steps)) != len(steps) or not {"heal", "recall"} <= set(steps):
        raise NotRead(f"阵亡的替代“{'。'.join((first, *more))}”")
    return {"recall": True, **({} if "exhaust" in steps else {"exhaust": False}),  # recalled ready: the default exhausts
            **({"kill_self": True} if "kill_self" in steps else {})}


# A unit's (368.1): “如果SUBJECT被摧毁（，且该单位的STATE），则改为…” — each unit the phrase names, seen from
# this unit while it is on the board (``affects: {each: FILTER}``), its state read as it would die
_UNIT_DEATH = re.compile(r"^如果(?P<who>[^，]+?)(?P<noun>单位)(?:将要|将)?被摧毁(?:，且该单位的(?P<state>[^，]+))?，则改为(?P<rest>.+)$")


def _watched_units(match: re.Match) -> dict:
    scope = Scope()
    phrase = match["who"] + (f"{match['state']}的" if match["state"] else "") + match["noun"]
    chosen = parse_object(phrase, scope)
    spec = scope.targets[0] if chosen == {"target": 1} and len(scope.targets) == 1 else None
    if not isinstance(spec, dict) or spec.get("count", 1) != 1 or spec.get("up_to") or spec.get("kind", "unit") != "unit":
        raise NotRead(f"阵亡的替代的对象“{phrase}”")
    return spec


def _render_death_instead(replacement: dict) -> str:
    if replacement.get("affects") == "here" and replacement.get("payer") == "unit_controller" and \
            set(replacement) - {"in_combat"} == {"event", "affects", "recall", "pay", "payer"}:
        return _render_death_here_paid(replacement)
    affects = replacement.get("affects")
    watched = affects.get("each") if isinstance(affects, dict) and set(affects) == {"each"} else None
    if set(replacement) - {"event", "affects", "recall", "exhaust", "kill_self"} or replacement.get("event") != "die" or \
            not replacement.get("recall") or (watched is None and affects not in _DEATH_SUBJECTS.values()) or \
            (watched is not None and replacement.get("kill_self")):
        raise NotRead(f"替代 {replacement}")
    who = _render_chosen(watched) if watched is not None else \
        next(words for words, said in _DEATH_SUBJECTS.items() if said == affects)
    first = "摧毁此装备，并" if replacement.get("kill_self") else ""
    steps = ["移除该单位所受伤害", *(["让其变为休眠状态"] if replacement.get("exhaust", True) else []), "并将其召回"]
    return f"如果{who}被摧毁，则改为{first}" + "，".join(steps) + "。"


_MODES_THIS_TURN_WORDS = "从以下中选择一个本回合未选过的效果—"
_MODES_WORDS = "从下列中选择一个—"


def _one_of_in_lines(entry: dict) -> bool:
    """A triggered ability's lone “do A or B” of branches that are no single instruction each: written as mode lines."""
    effects = entry["effects"]
    return len(effects) == 1 and set(effects[0]) == {"one_of"} and any(len(branch) != 1 for branch in effects[0]["one_of"])


def _render_mode_lines(entry: dict) -> str:
    """“从下列中选择一个—” and one line a branch (what ``_modes`` reads of a triggered ability)."""
    effects = entry["effects"]
    if len(effects) != 1 or set(effects[0]) != {"one_of"} or set(entry) - {"trigger", "effects", "target", "distinct_modes",
                                                                          "limit", "name"}:
        raise NotRead(f"模式 {entry}")
    header = _MODES_THIS_TURN_WORDS if entry.get("distinct_modes") == "turn" else _MODES_WORDS
    return header + "".join("\n-" + _render_body(branch, entry.get("target"), trigger=True) for branch in effects[0]["one_of"])


def _render_ability(entry: dict, card_type: str) -> str:
    if set(entry) - {"condition"} == {"replacement"} and entry["replacement"].get("affects") == "me_chosen":
        condition = dict(entry.get("condition", {}))
        head = f"{EMPOWERED}▸" if condition.pop("empowered", False) else ""
        if condition:
            raise NotRead(f"替代能力的条件 {condition}")
        return head + _render_chosen_instead(entry["replacement"])
    if set(entry) == {"replacement"} and entry["replacement"].get("event") == "revealed":
        return AS_REVEALED_WORDS + render_effect({"add": entry["replacement"]["add"]}, Scope()) + "。"
    if set(entry) == {"replacement"}:
        return _render_death_instead(entry["replacement"])
    level = (entry.get("while") or entry.get("condition") or {}).get("level")
    if level is not None:
        key = "while" if "static" in entry else "condition"
        rest = {k: v for k, v in entry[key].items() if k != "level"}
        inner = {**entry, key: rest} if rest else {k: v for k, v in entry.items() if k != key}
        return f"等级{level}▸" + _render_ability(inner, card_type)
    if "static" in entry and entry.get("while") == {"legion": True} and set(entry["static"]) == {"cost_change"}:
        return f"{LEGION}—" + render_static(entry["static"]) + "。"
    if "static" in entry:
        condition = _render_while(entry["while"]) if entry.get("while") else ""
        return condition + render_static(entry["static"]) + "。"
    if "trigger" in entry:
        condition = dict(entry.get("condition", {}))
        legion = condition.pop("legion", False)
        head = ("鼓舞—" if legion else "") + (_LIMITS[0] if entry.get("limit") == "turn" else "")
        head += _render_trigger(entry["trigger"], card_type, entry["effects"]) + "，"
        head, condition = _render_played_when(head, condition)
        if "cost" in entry:
            head += _render_trigger_cost(entry["cost"])
        first_turns = condition == _FIRST_TURN and entry.get("chooser") == "event_player" and \
            head == _EACH_TURN_BEGAN and card_type == "battlefield"
        if condition and not first_turns:
            head += "如果" + render_condition(condition) + "，则"
        if entry.get("distinct_modes") == "turn" or _one_of_in_lines(entry):
            return head + _render_mode_lines(entry)
        body = _render_body(entry["effects"], _event_other(entry.get("target"), _OTHER_THAN_EVENT, "other"), trigger=True,
                            event_gear=_about_a_gear(entry["trigger"]), paid=_paid_act(entry))
        if first_turns:
            return _FIRST_TURNS + body.removeprefix(_YOU)
        if entry.get("chooser") == "event_player":  # the event's player does it: “该玩家（可以选择）…”
            head, body = head + _EVENT_PLAYER, body.removeprefix(_YOU) if body.startswith(_YOU_MAY) else body
        return head + body
    condition = dict(entry.get("condition", {}))
    if condition.pop("empowered", False):
        inner = {k: v for k, v in entry.items() if k != "condition"}
        return f"{EMPOWERED}▸" + _render_ability({**inner, "condition": condition} if condition else inner, card_type)
    timing = {"reaction": "反应—", "action": "迅捷—"}.get(entry.get("timing", ""), "")
    use = _render_use_condition(condition) if condition else ""
    effects = _legion_effects(entry["effects"])
    if effects is not None:  # “反应，鼓舞—Y”
        timing = (timing.removesuffix("—") + "，" if timing else "") + _LEGION_EFFECTS
    own = "" if "cost_change" not in entry else render_ability_cost(entry["cost_change"], _THIS_ABILITY) + "。"
    once = _ONCE_A_TURN[0] + "。" if entry.get("limit") == "turn" else ""
    return render_cost(entry["cost"]) + "：" + timing + _render_body(effects or entry["effects"], entry.get("target"),
                                                                   paid=_paid_act(entry)) + use + once + own


def _paid_act(entry: dict) -> str:
    """The act of an ability's cost ``object`` part (“” without one): how its instructions name that unit again."""
    return (entry.get("cost") or {}).get("object", {}).get("act", "")


def render(tree: dict, name: str = "") -> str:
    """The tree of the card *name* in plain Chinese, one ability a line; it compiles back to the same tree."""
    if isinstance(tree.get("target"), list) and isinstance(tree["target"][-1], dict) and "if" in tree["target"][-1]:
        # a Level's own target (level_target): said by the Level's instructions, read back from them
        tree = {**tree, "target": [*tree["target"][:-1], {k: v for k, v in tree["target"][-1].items() if k != "if"}]}
    lines = []
    prefixed = {keyword for keyword, (key, sub) in PREFIXED.items() if (tree.get(key) or {}) and
                (sub is None or sub in tree.get(key, {}))}
    said = {LEGION} if (tree.get("from_trash") or {}).get("while") == {"legion": True} else set()  # on its own line
    for keyword, value in (tree.get("keywords") or {}).items():
        if keyword in prefixed | said:
            continue
        if keyword == "回响" and value is not None:
            lines.append(f"回响{_CIRCLED[value]}")
        elif keyword == "回响" and len(tree.get("repeat") or ()) == 1 and isinstance(tree["repeat"][0], dict) and \
                "discard" in tree["repeat"][0]:  # a cost in words after the dash
            lines.append(f"{REPEAT}—{render_cost(tree['repeat'][0])}")
        elif keyword == "回响" and len(tree.get("repeat") or ()) > 1 and all(isinstance(c, dict) for c in tree["repeat"]):
            lines.append(f"{REPEAT}—" + "/".join(render_cost(cost) for cost in tree["repeat"]))  # one instance a cost
        elif keyword == "回响" and len(tree.get("repeat") or ()) == 1 and isinstance(tree["repeat"][0], dict):
            lines.append("回响" + _render_keyword_cost(tree["repeat"][0]))
        elif keyword == FLOW and "flow" in tree:
            lines.append(FLOW + _render_keyword_cost(tree["flow"]["cost"]))
        else:
            shown = value is not None and not (value == 1 and KEYWORDS[keyword][2])  # “强攻” is 强攻 1
            lines.append(f"{keyword}{value if shown else ''}")
    spell_legion = tree.get("type") == "spell" and "target" in tree and "鼓舞" in prefixed
    for keyword in sorted(prefixed - ({"鼓舞"} if spell_legion else set())):
        key, sub = PREFIXED[keyword]
        lines.append(f"{keyword}▸" + _render_body(tree[key][sub] if sub else tree[key], None))
    if tree.get("legion_instead") and not spell_legion:
        raise NotRead("鼓舞的“改为”")
    if "effects" in tree and "target_if_paid" in tree:  # “选择X。如果你支付了该额外费用，则改为选择Y。…”
        scope = Scope()
        scope.targets, scope.rendered = [tree["target"]], 1
        lines.append("选择" + _render_chosen(tree["target"]) + "。" + _PAID_TARGET_WORDS + _render_chosen(tree["target_if_paid"]) +
                     "。" + render_instructions(tree["effects"], scope) + "。")
    elif "effects" in tree:
        lines.append(_render_body(tree["effects"], tree.get("target")))
    if spell_legion:  # after the line that chooses the targets it acts on
        lines.append(_render_spell_legion(tree))
    if "modes" in tree:
        lines.append("从下列中选择一个未选过的效果—" if tree.get("distinct_modes") else "从下列中选择一个—")
        lines += ["-" + (_render_body(mode["effects"], mode["target"]) if isinstance(mode, dict) else _render_body(mode, None))
                  for mode in tree["modes"].values()]
    abilities = list(tree.get("abilities") or ())
    if "from_trash" in tree:
        lines.append(render_from_trash(tree["from_trash"]))
    if "empower" in tree:
        many = {"times", "might_each", "keywords", "keywords_at"}
        if set(tree["empower"]) - {"cost_change", "or"} - many != {"cost"} or \
                ("keywords_at" in tree["empower"]) > ("keywords" in tree["empower"]):
            raise NotRead(f"强化 {tree['empower']}")
        cost = tree["empower"]["cost"]
        in_resources = not set(cost) - {"energy", "power", "runes"}
        if "or" in tree["empower"]:  # either cost (827.3)
            if not in_resources or set(tree["empower"]["or"]) - {"energy", "power", "runes"}:
                raise NotRead(f"强化 {tree['empower']}")
            lines.append(EMPOWER + "—" + _render_keyword_cost(cost) + _EITHER_COST + _render_keyword_cost(tree["empower"]["or"]))
        else:
            lines.append(EMPOWER + (_render_keyword_cost(cost) if in_resources else "—" + render_cost(cost)))
        if "cost_change" in tree["empower"]:  # a line of its own after the keyword
            lines.append(render_ability_cost(tree["empower"]["cost_change"], _EMPOWER_ABILITY) + "。")
        lines += _render_empowered_many(tree["empower"])
    while abilities:
        entry = abilities.pop(0)
        if _is_equip(entry, name, changed=True):
            change = f"。{render_ability_cost(entry['cost_change'], _THIS_ABILITY)}" if "cost_change" in entry else ""
            if change and set(entry["cost"]) - {"energy", "power", "runes"}:
                raise NotRead(f"装配 {entry}")
            lines.append(_render_equip(entry["cost"]) + change)
            continue
        paired = next((name for name, (first, second) in PAIRED.items() if entry.get("trigger") == first and
                       abilities and abilities[0] == {**entry, "trigger": second}), None)
        if paired:
            abilities.pop(0)
            entry = {**entry, "trigger": paired}
        either = [entry["trigger"]] if "trigger" in entry else []
        while either and abilities and "trigger" in abilities[0] and abilities[0] == {**entry, "trigger": abilities[0]["trigger"]}:
            either.append(abilities.pop(0)["trigger"])
        if len(either) > 1:
            entry = {**entry, "trigger": either}
        lines.append(_render_level_cost_instead(entry, tree["abilities"]) or _render_ability(entry, tree.get("type", "")))
    return "\n".join(lines + _render_card_level(tree))


def _level_of_cost_change(entry: dict) -> int | None:
    """N of a “等级N▸此牌的费用减少…” static; None for any other ability."""
    if set(entry) == {"static", "while"} and set(entry["static"]) == {"cost_change"} and set(entry["while"]) == {"level"}:
        return entry["while"]["level"]
    return None


def _render_level_cost_instead(entry: dict, abilities: list[dict]) -> str | None:
    """A higher level's cost change as the card words it, “等级6▸改为此牌的费用减少④”: the total of its own and the
    lower levels' changes, for the tree holds each level's difference (_cost_instead). None for any other ability."""
    level = _level_of_cost_change(entry)
    lower = [a for a in abilities if level is not None and (other := _level_of_cost_change(a)) is not None and other < level]
    if not lower:
        return None
    total = {key: sum(a["static"]["cost_change"].get(key, 0) for a in [*lower, entry]) for key in ("energy", "power")}
    return f"等级{level}▸改为" + render_own_cost({key: value for key, value in total.items() if value}) + "。"
