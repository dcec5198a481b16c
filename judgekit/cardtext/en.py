"""English card text → the card language (docs/card-language.md): the trees the Chinese side emits.

The input is a card's current English text as the card store keeps it (``card_texts.current``:
markup already read by ``judgekit.cards.markup``, so ``[Assault 2]`` is ``Assault 2`` and
``:rb_energy_2:`` is ``②``).  ``split_clauses`` cuts it into clauses (a keyword with its reminder,
a sentence, a ``Level 6 ▸`` or ``Empowered ▸`` prefix); ``compile_english`` turns the clauses into
one card tree, or names the clauses it could not read.  All or nothing: one clause not understood
and the card has no tree.  A reminder in parentheses is never compiled: it is checked to restate
its keyword (value included) and dropped.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from typing import NamedTuple

from judgekit.cards.facts import ENGINE_DOMAINS, ENGINE_TAGS
from judgekit.cards.markup import CIRCLED
from judgekit.cardtext import clauses as model
from judgekit.cardtext.clauses import CardClauses, Problem
from judgekit.engine.cards import ANY_OBJECT_KINDS, OBJECT_KINDS

# English keyword → the engine's Chinese keyword name (the glossary's and the later sets').
KEYWORDS = {
    "accelerate": "急速", "action": "迅捷", "assault": "强攻", "deathknell": "绝念", "deflect": "法盾",
    "ganking": "游走", "hidden": "待命", "legion": "鼓舞", "reaction": "反应", "shield": "坚守", "tank": "壁垒",
    "temporary": "瞬息", "vision": "预知", "repeat": "回响", "flow": "流转", "equip": "装配", "empower": "强化",
    "ambush": "伏击", "weaponmaster": "百炼", "hunt": "狩猎", "backline": "后排", "quick-draw": "灵便",
    "predict": "洞察", "unique": "唯我",
}
# Keywords printed with a number: the number is their value, not a cost.
VALUED = {"assault", "deflect", "shield", "hunt", "predict"}
# Keywords printed with a cost after them (Equip ②Fury rune, Repeat ②, Flow ④, Empower ⑤).
COSTED = {"equip", "repeat", "flow", "empower"}
# Limited actions the catalog marks up like keywords (436): a line “Predict 5.” is an instruction, its
# reminder checked as a sentence's parenthesis is (“Look at the top …”).
INSTRUCTIONS = {"predict"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}

_PREFIX = re.compile(
    r"^(?P<prefix>(?:Empowered|Level \d+|Action|Reaction|Deathknell|Legion)(?:(?:\s*▸)+\s*(?:Deathknell|Action|Reaction))?)\s*(?:▸+|—)\s*"
)
_REMINDER = re.compile(r"\s*\(([^()]*)\)")
_KEYWORD_NAMES = "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))
_RUNE = r"(?:(?:Fury|Calm|Mind|Body|Chaos|Order|any) rune(?:×\d+)?)"
_COST_TEXT = rf"(?:[{CIRCLED}]|\(\d+\)|{_RUNE})+"
_KEYWORD_HEAD = re.compile(
    rf"^(?P<name>{_KEYWORD_NAMES})(?![\w-])(?:\s+(?P<value>\d+))?(?:\s*(?:—\s*)?(?P<cost>{_COST_TEXT}(?:\s*/\s*{_COST_TEXT})*))?",
    re.IGNORECASE,
)


# where a move may go, the limits of its source (449.1): the place is chosen as it resolves
_LIMITED_DESTINATIONS = {"location where there's a unit with the same controller": {"units_of": "its_controller"},
                         "battlefield you control": {"battlefield": True, "controlled_by": "you"},
                         "battlefield where you have units": {"battlefield": True, "units_of": "you"}}


@cache
def _pattern(pattern: str, flags: int = 0) -> re.Pattern:
    """Every pattern compiled once: the card pool's clauses outnumber the re module's own cache."""
    return re.compile(pattern, flags)


def _fullmatch(pattern: str, text: str, flags: int = 0) -> re.Match | None:
    return _pattern(pattern, flags).fullmatch(text)


def _match(pattern: str, text: str, flags: int = 0) -> re.Match | None:
    return _pattern(pattern, flags).match(text)


def _search(pattern: str, text: str, flags: int = 0) -> re.Match | None:
    return _pattern(pattern, flags).search(text)


def _split(pattern: str, text: str) -> list[str]:
    return _pattern(pattern).split(text)


def _sub(pattern: str, replacement: str, text: str) -> str:
    return _pattern(pattern).sub(replacement, text)


class Clause(NamedTuple):
    """One clause of a card's text: a keyword, or a sentence, with what the text says around it."""

    text: str  # without its reminder: “Assault 2”, “When you play me, draw 1.”
    line: int  # 1-based line of the card text
    prefix: str = ""  # “Empowered”, “Level 6”, “Action”, “Reaction”, “Deathknell”: the ▸ prefix of its line
    reminder: str = ""  # the parenthesised reminder after a keyword, checked and dropped
    keyword: str = ""  # the keyword's English name (lower case) when the clause is a keyword
    unexplained: str = ""  # a parenthesis in the sentence that restates none of the words before it

    def where(self) -> str:
        return f"第 {self.line} 行“{self.text}”"


class NotUnderstood(Exception):
    """A clause, or a part of one, that no pattern reads."""


# -- splitting -------------------------------------------------------------------


_ELIDED = re.compile(r"\s*\((?:\.\.\.|…)\)")  # “(...)”: a reminder the printing left out, which says nothing


def _without_elisions(line: str, stated: set[str]) -> str:
    """*line* without its elided reminders; a keyword that opens it with one (“Hidden (...) Play …”) and was stated on an
    earlier line is that keyword again, not a second instance (the printing repeats it before the ability's text)."""
    head = _KEYWORD_HEAD.match(line)
    if head and head[0].strip().lower() in stated and _ELIDED.match(line, head.end()):
        line = line[_ELIDED.match(line, head.end()).end():].lstrip()
    return _ELIDED.sub("", line)


# “Deal 2 to a unit. (repeated six times)”: a line printed once for N lines of the same words
_REPEATED = re.compile(r"\s*\(repeated (\d+|" + "|".join(NUMBERS) + r") times\)$", re.IGNORECASE)


def _printed_lines(text: str) -> list[str]:
    """The card's lines, a line marked as repeated written out that many times."""
    lines = []
    for raw in text.splitlines():
        repeated = _REPEATED.search(raw.strip())
        lines += [raw.strip()[:repeated.start()]] * _number(repeated[1]) if repeated else [raw]
    return lines


def split_clauses(text: str) -> list[Clause]:
    """The clauses of an English card text, line by line; a sentence inside quotes stays whole."""
    clauses: list[Clause] = []
    for number, raw in enumerate(_printed_lines(text), start=1):
        line = _without_elisions(raw.strip(), {clause.text.lower() for clause in clauses if clause.keyword})
        if not line:
            continue
        prefix = ""
        match = _PREFIX.match(line)
        if match:
            prefix, line = _sub(r"(?:\s*▸)+\s*", " ▸ ", match["prefix"]), line[match.end():]
        clauses += _line_clauses(line, number, prefix)
    return clauses


def _line_clauses(line: str, number: int, prefix: str) -> list[Clause]:
    out: list[Clause] = []
    shared = False  # the keyword before was followed by a comma: the next one's reminder is both
    while line:
        keyword = _KEYWORD_HEAD.match(line)
        if keyword and keyword["name"].lower() in COSTED and _match(r"\s*—", line[keyword.end("name"):]):
            keyword = _KEYWORD_HEAD.match(line[:keyword.end("name")])  # “Empower — ①, Exhaust”: the cost after the dash
        rest = line[keyword.end():] if keyword else ""
        if keyword and (not rest or rest[0] in " (.—," and (rest[0] != "," or _KEYWORD_HEAD.match(rest[1:].lstrip()))) \
                and not _match(r"\s*(?:me|a|an|the|it|this|costs?|\d)\b", rest) and keyword["name"].lower() not in INSTRUCTIONS:
            name, text = keyword["name"].lower(), keyword[0].strip()
            dash = _match(r"\s*—\s*([^()]+?)\s*(?=\(|$)", rest) if name in COSTED and not keyword["cost"] else None
            if dash:  # “Empower — Discard 1”: a cost in words after the dash
                text, rest = f"{text} — {dash[1].rstrip('.')}", rest[dash.end():]
            reminder = _REMINDER.match(rest)
            if reminder and out and out[-1].keyword and not out[-1].reminder and out[-1].line == number and shared:
                out[-1] = out[-1]._replace(reminder=reminder[1].strip())  # “Assault 2, Shield 2 (… attacker or defender.)”
            shared = rest.startswith(",")
            out.append(Clause(text, number, prefix, reminder[1].strip() if reminder else "", name))
            line = rest[reminder.end() if reminder else 0:].lstrip(" .,")
            continue
        reminder_only = _fullmatch(r"\(([^()]*)\)", line)
        if reminder_only:  # “(I enter exhausted.)”: a rule printed as a reminder, without a keyword
            out += [Clause(s, number, prefix) for s in _sentences(reminder_only[1])]
            break
        trailing = _REMINDER.search(line)
        if trailing and out and out[-1].keyword and not out[-1].reminder and trailing.end() == len(line):
            out[-1] = out[-1]._replace(reminder=trailing[1].strip())  # “Empower ⑤. This ability costs … (Pay …)”
            line = line[:trailing.start()]
        sentences = [Clause(s, number, prefix) for s in _sentences(_REMINDER.sub("", line))]
        unexplained = _unexplained(f"{prefix} {line}")  # “Deathknell ▸ … (When I die, get the effect.)”
        if sentences and unexplained:
            sentences[-1] = sentences[-1]._replace(unexplained=unexplained)
        out += sentences
        break
    return out


# Words a parenthesis in a sentence restates: its keywords' reminders, and the terms a reminder explains.
_TERM_WORDS = {"mighty": "Mighty while", "buff": "buff", "stun": "combat damage", "burn": "Main Deck",
               "empower": "Empowered", "recall": "base", "add": "add resources", "level": "XP",
               "calm": "Calm rune", "fury": "Fury rune", "ignoring its energy cost": "still pay its Power cost",
               "prevent the next": "extra combat damage",
               "your units": "including me",  # this unit is one of them
               "bonus damage": "Each instance of damage",
               "beginning phase": "before scoring", "alone": "no other friendly units",  # 315: the Beginning Phase's steps before its scoring  # 437.5.a: lethal counts the Prevent Value
               "mind": "Mind rune", "body": "Body rune", "chaos": "Chaos rune", "order": "Order rune",
               "legion": "card this turn",  # 812.1.c: another card, or one for an activated ability
               "win a combat": "remain after combat",  # 466.3: the winner of a combat
               "gold gear token": "add any rune",  # the Gold token's own ability, restated
               "units here": "includes attackers", "token here": "also at the battlefield",
               "energy cost": "power cost",  # 206: a card's Energy and Power costs are two costs
               "battlefield": "bases are not battlefield",  # 107.1: a base is no battlefield
               "play": "pay its cost",  # 356.1: a card played pays its costs unless told otherwise
               "take control": "start a combat",  # a unit changing sides at a battlefield: a combat or a conquest
               "move": "you're the attacker",  # who attacks when units of both sides move
               "name a tag": "are tags",  # 763: examples of tags
               "play me only": "anywhere else"}  # a permission that is the only one


def _unexplained(line: str) -> str:
    """The first parenthesis of a sentence line that restates no keyword or term written before it
    (since the previous one): a rule in brackets (“(You can't play me anywhere else.)” after no permission) is not
    dropped unread."""
    start = 0
    for match in _REMINDER.finditer(line):
        before = line[start:match.start()].lower()
        reminder = match[1].lower()
        words = {**_REMINDER_WORDS, **_TERM_WORDS}
        if not any(_search(rf"\b{_escape(name)}", before) and phrase.lower() in reminder
                   for name, phrase in words.items()) and not _restates_token(before, match[1]):
            return match[1].strip()
        start = match.end()
    return ""


def _restates_token(before: str, reminder: str) -> bool:
    """“play a 0 Might Shadow Clone unit token. (It has "When I attack, …")”: the token's ability, restated — it is read
    as an English card's text and must be the library token's own abilities (cards/library.yaml), else it is not dropped."""
    quoted = _fullmatch(r'it has "(.+)"', reminder.strip(), re.IGNORECASE)
    made = [name for name in TOKENS if _search(rf"\b{re.escape(name.lower())} unit tokens?\b", before)]
    if not quoted or len(made) != 1:
        return False
    printed = _library().get(TOKENS[made[0]], {})
    parts, problems = compile_english(quoted[1], {"type": "token", "might": printed.get("might")})
    return not problems and bool(printed.get("abilities")) and parts.get("abilities") == printed["abilities"]


@cache
def _library() -> dict:
    """The hand-written library (cards/library.yaml): the tokens' own facts and abilities."""
    from judgekit.scenarios.scenario import library_path
    from judgekit.scenarios.schema import load_yaml

    return load_yaml(library_path().read_text(encoding="utf-8"), str(library_path()))


def _token_tag(word: str) -> str | None:
    """“Recruit” → 随从: a token's name that is also its tag (the library token carries it), as in “a non-Recruit unit”."""
    name = TOKENS.get(word)
    return name if name and name in (_library().get(name) or {}).get("tags", ()) else None


def _escape(name: str) -> str:
    return re.escape(name)


def _sentences(text: str) -> list[str]:
    """Sentences of *text*; a full stop inside quotes or parentheses does not end one."""
    sentences, depth, start = [], 0, 0
    quoted = False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char in ".—" and not quoted and depth == 0:
            end = index + 1
            if char == "—" and not _search(r"(?:Choose one|choose one to give me this turn)\s*—$", text[:end]):
                continue
            piece = text[start:end].strip()
            if piece.strip(". "):  # a doubled full stop (“control..”) ends nothing more
                sentences.append(piece)
            start = end
    piece = text[start:].strip()
    if piece:
        sentences.append(piece)
    return sentences


# -- numbers, costs, selectors ---------------------------------------------------------

_NUM = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"


def _number(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBERS:
        return NUMBERS[word]
    raise NotUnderstood(word)


def _energy(text: str) -> int:
    """①, ⑫, (21): an energy amount."""
    if len(text) == 1 and text in CIRCLED:
        return CIRCLED.index(text)
    match = _fullmatch(r"\((\d+)\)", text)
    if match:
        return int(match[1])
    raise NotUnderstood(text)


def cost_of(text: str) -> dict:
    """A cost in icons and words (“①Fury rune×2, Exhaust”) → {energy, power, exhaust, …}."""
    cost: dict = {}
    for part in _split(r",\s*|\s+and\s+", text.strip().rstrip(".")):
        rest = part.strip()
        while rest:
            energy = _match(rf"[{CIRCLED}]|\(\d+\)", rest)
            rune = _match(rf"{_RUNE}", rest)
            if energy:
                cost["energy"] = cost.get("energy", 0) + _energy(energy[0])
                rest = rest[energy.end():]
            elif rune:  # “any rune” is Power of any domain, a domain's rune is named (runes: [Fury])
                times = _search(r"×(\d+)$", rune[0])
                count = int(times[1]) if times else 1
                domain = rune[0].split(" ", 1)[0]
                if domain == "any":
                    cost["power"] = cost.get("power", 0) + count
                else:  # by the engine's domain names, as the card data gives them (runes: [炽烈])
                    cost.setdefault("runes", []).extend([ENGINE_DOMAINS[domain]] * count)
                rest = rest[rune.end():]
            else:
                word = _COST_WORDS.get(rest.lower())
                if word is None:
                    discard = _fullmatch(rf"discard ({_NUM})", rest, re.IGNORECASE)
                    xp = _fullmatch(r"(?:(?:spend|pay) )?(\d+) XP", rest, re.IGNORECASE)  # 730.2 (“pay” taken off before)
                    recycle = _fullmatch(rf"recycle ({_NUM}) from your trash", rest, re.IGNORECASE)  # 416.1.a
                    # one card of a kind: “discard a gear”, “recycle a unit from your trash” ({card: CARD_FILTER})
                    of_a_kind = _fullmatch(r"(discard|recycle) (an? (?:unit|gear|spell))( from your trash)?", rest,
                                           re.IGNORECASE)
                    if of_a_kind and (of_a_kind[1].lower() == "recycle") == bool(of_a_kind[3]):
                        word = {of_a_kind[1].lower(): {"card": card_filter(of_a_kind[2])}}
                    elif (taken := object_part(rest)) is not None and "object" not in cost:  # one unit of yours (377)
                        word = {"object": taken}
                    elif discard:
                        word = {"discard": _number(discard[1])}
                    elif xp:
                        word = {"xp": int(xp[1])}
                    elif recycle:
                        word = {"recycle": _number(recycle[1])}
                    else:
                        raise NotUnderstood(rest)
                cost.update(word)
                rest = ""
    if not cost:
        raise NotUnderstood(text)
    return cost


# 204.3.a: a cost within instructions opening a triggered ability is its base cost, paid to finalize it; the engine
# pays Energy, Power and the source's own exhausting or buff there (XP and a discard stay “you may pay … to …”: may_pay)
_TRIGGER_COST_KINDS = {"energy", "power", "runes", "exhaust", "spend_buff"}


_KILLED_KINDS = {"units and/or gear": ["unit", "gear"], "units or gear": ["unit", "gear"], "units": "unit", "unit": "unit",
                 "gear": "gear"}


# A cost part done to one unit of yours (the Chinese ``parse_object_part``): “return a unit you control here to its owner's
# hand”, “exhaust a unit you control”, “recycle another friendly unit” — ``object: {act, what}``; the instructions name it
# again (``paid_with``) only in the Chinese for now.
_OBJECT_ACTS = (
    (re.compile(r"^return (?P<what>.+?) to (?:its|their) owner's hand$", re.IGNORECASE), "return_to_hand"),
    (re.compile(r"^exhaust (?P<what>(?!me$|this$).+)$", re.IGNORECASE), "exhaust"),
    (re.compile(r"^recycle (?P<what>(?!me$|this$).+?)$", re.IGNORECASE), "recycle"),
)


def object_part(text: str) -> dict | None:
    for pattern, act in _OBJECT_ACTS:
        match = pattern.match(text.strip())
        if not match or _match(r"from (?:your|a|any) trash", match["what"], re.IGNORECASE):
            continue
        try:
            found = selector(match["what"])
        except NotUnderstood:
            return None
        spec = found.spec
        if found.kind != "chosen" or spec.get("who") != "friendly" or spec.get("kind", "unit") != "unit" or \
                set(spec) & {"count", "up_to", "same_location", "per_location"}:
            return None
        return {"act": act, "what": spec}
    return None


_OBJECT_TRIGGER_COST = re.compile(r"^you may (?:pay (?P<paid>[^,]+?) and )?(?P<part>(?:return|exhaust|recycle) .+?(?: to (?:its|"
                                  r"their) owner's hand)?) to (?P<then>.+)$", re.IGNORECASE)


def _trigger_cost(rest: str) -> tuple[dict, str] | None:
    with_object = _OBJECT_TRIGGER_COST.match(rest)
    part = object_part(with_object["part"]) if with_object else None
    if part:  # “you may [pay ② and] return another friendly unit to its owner's hand to …” (204.3.a)
        try:
            paid = cost_of(with_object["paid"]) if with_object["paid"] else {}
        except NotUnderstood:
            return None
        if set(paid) <= {"energy", "power", "runes"}:
            return {**paid, "object": part}, with_object["then"]
    banish = _match(r"^banish a card from (any|your) trash to (?P<then>.+)$", rest, re.IGNORECASE)
    if banish:  # 204.3.a: first in the effect, the triggered ability's base cost (the Chinese 从任意废牌堆中放逐一张牌，以此)
        return {"banish_from_trash": "any" if banish[1].lower() == "any" else "you"}, banish["then"]
    buffs = _match(rf"^you may spend ({_NUM}) buffs? to (?P<then>.+)$", rest, re.IGNORECASE)
    if buffs:  # buffs of your units, not targeted (355.10.c.1; the Chinese 你可以选择消耗一个增益，以此)
        return {"spend_buffs": _number(buffs[1])}, buffs["then"]
    kills = _match(rf"^you may kill ({_NUM}) (other )?friendly ({'|'.join(_KILLED_KINDS)}) to (?P<then>.+)$", rest,
                   re.IGNORECASE)
    if kills:  # friendly objects killed (204.3.a; the Chinese 你可以选择摧毁三个其他友方单位和/或装备，以此)
        return {"kill": {"count": _number(kills[1]), "kind": _KILLED_KINDS[kills[3].lower()],
                         **({"other": True} if kills[2] else {})}}, kills["then"]
    match = _match(r"^you may (?:pay (?P<paid>.+?)|(?P<own>exhaust (?:me|this)|spend my buff)) to (?P<then>.+)$", rest,
                   re.IGNORECASE)
    if not match or _match(r"play me from your trash", match["then"], re.IGNORECASE):
        return None
    try:
        cost = cost_of(match["paid"] or match["own"])
    except NotUnderstood:
        return None
    return (cost, match["then"]) if set(cost) <= _TRIGGER_COST_KINDS else None


_COST_WORDS = {
    "exhaust": {"exhaust": True}, "exhaust me": {"exhaust": True}, "exhaust this": {"exhaust": True},
    "spend my buff": {"spend_buff": True}, "kill me": {"kill_self": True}, "kill this": {"kill_self": True},
    "disempower me": {"disempower": "self"}, "disempower this": {"disempower": "self"},
    "kill a friendly unit": {"kill_friendly": True}, "kill a friendly unit or gear": {"kill_friendly": "unit_or_gear"},
}

_KINDS = {
    "unit": "unit", "units": "unit", "gear": "gear", "spell": "spell", "spells": "spell", "card": "card",
    "cards": "card", "rune": "rune", "runes": "rune", "battlefield": "battlefield", "battlefields": "battlefield",
    "equipment": "equipment", "legend": "legend", "legends": "legend",
}
_ADJECTIVES = {
    "friendly": ("who", "friendly"), "enemy": ("who", "enemy"), "other": ("other", True),
    "exhausted": ("exhausted", True), "ready": ("exhausted", False), "stunned": ("stunned", True),
    "buffed": ("buffed", True), "token": ("token", True), "non-token": ("token", False),
    "mighty": ("mighty", True), "damaged": ("damaged", True), "attacking": ("attacking", True),
    "defending": ("defending", True), "empowered": ("empowered", True), "equipped": ("equipped", True),
}
_PLACES = [
    # a move trigger's two ends, locked in as it triggers (359.3.f.3): where I moved from or to
    (r"at a battlefield I moved to or from|at a battlefield I moved from or to", {"where": "moved_between"}),
    (r"here|at my battlefield", {"where": "here"}), (r"there|at that battlefield", {"where": "there"}),
    (r"at a battlefield|at battlefields|at any battlefield|at battlefield|from a battlefield", {"where": "battlefield"}),
    (r"in your base|at your base", {"where": "base", "who": "friendly"}),
    (r"in a base|in bases|at a base", {"where": "base"}),  # any player's (the Chinese 基地中的)  # yours (107.1.c) (r"in your trash|from your trash", {"where": "trash"}),
    (r"in your hand|from your hand", {"where": "hand"}), (r"you control", {"who": "friendly"}),
    (r"anywhere", {}),  # a unit anywhere on the board: what a unit filter means without a place
    (r"attacking", {"attacking": True}), (r"defending", {"defending": True}),  # “an enemy unit attacking here”
    (r"in combat", {"in_combat": True}),
    # “a unit that's alone / that is exhausted”: a state said after the noun (the Chinese 落单的, 休眠的 …)
    (r"that(?:'s| is| are) alone", {"alone": True}), (r"that(?:'s| is| are) exhausted", {"exhausted": True}),
    (r"that(?:'s| is| are) stunned", {"stunned": True}), (r"that(?:'s| is| are) buffed", {"buffed": True}),
    (r"that(?:'s| is| are) damaged", {"damaged": True}),
    (r"at its location", {"where": "same_battlefield"}),  # where the unit chosen before it is
    (r"at a different location", {"where": "other_location"}),  # not where the ones chosen before it are
    (r"with my name", {"same_name": True}),  # its card has the source card's name
    (r"at the same location", {"same_location": True}),  # several chosen, all at one location (checked in selector)
    (r"at each location", {"per_location": True}),  # “up to one … at each location” (355.9.b; checked in selector)
    # restrictions on the units chosen together (355.9.b; the Chinese “，这些单位的控制者必须相同且总计战力不高于N”)
    (r"(?:and )?with the same controller", {"one_controller": True}),
    (r"attached to me", {"where": "on_me"}),  # a gear attached to the source unit (435)
    # a unit played from any zone but a hand (the Chinese 从手牌以外的位置被打出的): where it was played from, on the unit
    (r"played from anywhere other than (?:a player's|your|their) hand", {"played_from": {"not": "hand"}}),
    (r"an opponent controls|your opponents control", {"who": "enemy"}),
]
# A chosen player (355.5), as the Chinese side's PLAYER_WORDS: “choose a player / an opponent. They …”
PLAYER_SPECS = {"player": {"kind": "player"}, "opponent": {"kind": "player", "who": "enemy"}}
_SELF = re.compile(r"^(?:me|myself|this|this unit|this gear|this spell|this card|I)$", re.IGNORECASE)
_PRONOUN = re.compile(r"^(?:it|them|that unit|those units|that gear|that spell|the unit|that card)$", re.IGNORECASE)


def _token_kind(name: str) -> str:
    """The kind of a token of the library by its (Chinese) name: unit or gear (the Chinese compiler's table)."""
    from judgekit.cardtext.zh import TOKENS as TOKEN_FACTS

    return TOKEN_FACTS[name][0] if name in TOKEN_FACTS else ""


def _tag_noun(word: str) -> str | None:
    """“Mech” / “Mechs” → 机械: a tag named as a unit's noun (Equipment is a kind of gear, not read here)."""
    for name in (word, word[:-1] if word.endswith("s") else ""):
        if name in ENGINE_TAGS and name != "Equipment":
            return ENGINE_TAGS[name]
    return None


# “with less Might than it”: the unit chosen just before, the ability's first target (as the Chinese 战力低于其的)
_EARLIER_MIGHT = {"might_of": {"target": 1}}


class Selector(NamedTuple):
    kind: str  # self | target | each | chosen | event_subject
    spec: dict  # the FILTER (with count / up_to for a chosen one)


# “Bird, Cat, Dog, or Poro (units)”, “Mech or Dragon”: one of several tags, as a unit's noun
_TAG_LIST = re.compile(r"^(?P<tags>(?:[A-Z][\w-]*, )+(?:and/)?or [A-Z][\w-]*|[A-Z][\w-]* or [A-Z][\w-]*)(?: units?)?\b\s*")
_OBJECT_NOUN = r"\b(?:units?|gear|runes?|legends?|facedown cards?)\b"
_KIND_LIST = re.compile(rf"^(?:,\s*{_OBJECT_NOUN}\s*)*,?\s*(?:and/or|or)\s+{_OBJECT_NOUN}\s*", re.IGNORECASE)
# “something else that's exhausted”, “something besides me that's exhausted”: any object on the board (123: units, gear,
# runes, legends; 415.1), not the source (the Chinese 一个其他休眠的物体)
_SOMETHING = re.compile(r"^something(?P<other> else| besides me)?(?: that's| that is)?(?P<state> exhausted| ready)?(?P<here> here)?$",
                        re.IGNORECASE)


def selector(phrase: str, battlefield: bool = False) -> Selector:
    """A noun phrase → what it names: me, “it”, each/all of a filter, or a choice (a target).  With *battlefield*, “all
    enemy units at a battlefield” is every such unit at one battlefield chosen first (``where: there`` and the spec
    marked ``_battlefield``); without it, that phrase is not read."""
    phrase = phrase.strip().rstrip(".")
    if _SELF.match(phrase):
        return Selector("self", {})
    if _PRONOUN.match(phrase):
        return Selector("target", {})
    phrase = _sub(r"\s+each$", "", phrase)  # “give two friendly units each +2 Might”: each chosen one
    phrase = _sub(r"\s+each(?= with\b)", "", phrase)  # “any number of enemy units here each with 5 Might or less”
    one_of = _match(r"^one of your (.+)$", phrase, re.IGNORECASE)
    if one_of:  # “one of your other units here”: a friendly one chosen
        found = selector(f"your {one_of[1]}")
        if found.kind != "each":
            raise NotUnderstood(phrase)
        return Selector("chosen", found.spec)
    each_of = _match(r"^each of (.+)$", phrase, re.IGNORECASE)
    if each_of:  # “deal 6 to each of up to two units”: the chosen ones, each
        return selector(each_of[1])
    named = _match(r"^(.+?) with the named tag$", phrase, re.IGNORECASE)
    if named:  # the tag its source named as it was played (763; the Chinese 具有该属性标签的)
        found = selector(named[1], battlefield)
        if found.kind not in ("chosen", "each") or "tag" in found.spec or found.spec.get("kind", "unit") != "unit":
            raise NotUnderstood(phrase)
        return Selector(found.kind, {**found.spec, "tag": {"named": True}})
    something = _SOMETHING.match(phrase)
    if something:
        state = {" exhausted": {"exhausted": True}, " ready": {"exhausted": False}}.get((something["state"] or "").lower(), {})
        if something["here"]:  # “something here”: what can be at a battlefield, a unit or a gear (runes and legends never are)
            return Selector("chosen", {"kind": ["unit", "gear"], **({"other": True} if something["other"] else {}), **state,
                                       "where": "here"})
        return Selector("chosen", {"kind": list(ANY_OBJECT_KINDS), **({"other": True} if something["other"] else {}), **state})
    player = _fullmatch(r"an? (player|opponent)", phrase, re.IGNORECASE)
    if player:  # a chosen player (355.5): what “they” do next is theirs (`who: chosen_player`)
        return Selector("chosen", dict(PLAYER_SPECS[player[1].lower()]))
    words = phrase
    spec: dict = {}
    kind = "chosen"
    quantity = _match(rf"^(?:(?P<upto>up to ({_NUM}))|(?P<all>all|each)|(?P<any>any number of)|(?P<n>{_NUM})|"
                        r"(?P<another>another)|(?P<your>your)|(?P<enemy>enemy)|(?P<other>other)|(?P<friendly>friendly)(?=\s+units\b))\s+",
                        words, re.IGNORECASE)
    if not quantity:
        raise NotUnderstood(phrase)
    words = words[quantity.end():]
    if quantity["upto"]:
        spec.update(count=_number(quantity[2]), up_to=True)
    elif quantity["all"]:
        kind = "each"
    elif quantity["any"]:  # any number chosen, none included (355.13): `count: null` alone would be all, not chosen
        spec.update(count=None, up_to=True)
        if _match(r"your ", words, re.IGNORECASE):  # “any number of your token units”
            spec["who"], words = "friendly", words[len("your "):]
    elif quantity["n"]:
        count = _number(quantity["n"])
        if count != 1:
            spec["count"] = count
    elif quantity["another"]:
        spec["other"] = True
    elif quantity["your"]:
        kind, spec["who"] = "each", "friendly"
    elif quantity["enemy"]:
        kind, spec["who"] = "each", "enemy"
    elif quantity["other"]:
        kind, spec["other"] = "each", True
    elif quantity["friendly"]:  # “give friendly units +5 Might”: every one, as “your units”
        kind, spec["who"] = "each", "friendly"
    while True:
        adjective = _match(r"^([\w-]+)\s+", words)
        if not adjective:
            break
        word = adjective[1]
        if word.lower() in _ADJECTIVES:
            key, value = _ADJECTIVES[word.lower()]
            spec[key] = value
        elif word in ENGINE_DOMAINS and "domain" not in spec:  # “an enemy Calm unit”: its printed domain
            spec["domain"] = ENGINE_DOMAINS[word]
        elif word.startswith("non-") and (_tag_noun(word[4:]) or _token_tag(word[4:])) and "not" not in spec:
            spec["not"] = {"tag": _tag_noun(word[4:]) or _token_tag(word[4:])}  # “a non-Dragon unit”, “non-Recruit”
        elif word.lower() == "other" or word.lower() == "another":
            spec["other"] = True
        else:
            break
        words = words[adjective.end():]
    if spec.get("up_to") and spec.get("other") and spec.get("count") == 1:  # “up to one other”: the Chinese 最多另一名
        del spec["count"]
    noun = _match(r"^([\w-]+)\b\s*", words)
    tags = _TAG_LIST.match(words)
    names = [_tag_noun(word) for word in re.findall(r"[A-Z][\w-]*", tags["tags"])] if tags else []
    listed = bool(names) and all(names) and len(set(names)) == len(names)
    tag = _tag_noun(noun[1]) if noun and not listed else None
    if tag:  # “another friendly Mech”, “Your Mechs”: units with that tag (the engine's tag names)
        spec["tag"] = tag
        words = "unit" + words[noun.end(1):]
        noun = _match(r"^([\w-]+)\b\s*", words)
    elif listed:  # “a Bird, Cat, Dog, or Poro you control”: a unit with one of those tags (the Chinese “鸟类”、…或“魄罗”属性单位)
        spec["tag"] = names
        words = "unit " + words[tags.end():]
        noun = _match(r"^([\w-]+)\b\s*", words)
    token = None if tag else _match(r"^(" + "|".join(re.escape(name) for name in TOKENS) + r")s?\b", words)
    if token and _token_kind(TOKENS[token[1]]) == "unit":  # “a Shadow Clone you control”: a unit of that name (185.1)
        spec["name"] = TOKENS[token[1]]
        words = "unit" + words[token.end():]
        noun = _match(r"^([\w-]+)\b\s*", words)
    if not noun or noun[1].lower() not in _KINDS:
        raise NotUnderstood(phrase)
    if _KINDS[noun[1].lower()] == "equipment":  # a gear with the tag Equipment (the Chinese 武装)
        spec = {"kind": "gear", "tag": ENGINE_TAGS["Equipment"], **spec}
    elif _KINDS[noun[1].lower()] != "unit":  # a unit is the default of a target and of `each`
        spec = {"kind": _KINDS[noun[1].lower()], **spec}
    words = words[noun.end():]
    if spec.get("kind") == "spell":  # an item on the chain (355.9.a.2): what it chose, its printed costs (206)
        words = _chain_item(spec, words, phrase)
    first = _KINDS[noun[1].lower()]
    either = _KIND_LIST.match(words) if first in OBJECT_KINDS and "tag" not in spec else None
    if either:  # “an enemy Chaos unit or gear”, “up to 4 units, gear, and/or runes”: one of several kinds (355.9, 123),
        kinds = [first, *("facedown" if word.lower().startswith("facedown") else _KINDS[word.lower()]
                          for word in re.findall(_OBJECT_NOUN, either[0], re.IGNORECASE))]
        if kind != "chosen" or len(set(kinds)) != len(kinds):  # the adjectives said once for all of them
            raise NotUnderstood(phrase)
        spec = {"kind": [k for k in OBJECT_KINDS if k in kinds], **{key: value for key, value in spec.items() if key != "kind"}}
        words = words[either.end():]
    while words:
        for pattern, keys in _PLACES:
            place = _match(rf"^(?:{pattern})\b\s*", words, re.IGNORECASE)
            if place and re.match(r"(?:at|from) a battlefield", place[0], re.IGNORECASE) and kind == "each":
                # “all enemy units at a battlefield”: one battlefield, chosen first (355.10.d) — not every battlefield
                if not battlefield or place[0].lower().startswith("from") or spec.get("other") or "kind" in spec:
                    raise NotUnderstood(f"{phrase}: one battlefield chosen first")
                spec.update(where="there", _battlefield=True)
                words = words[place.end():]
                break
            if place and re.match(r"at a battlefield", place[0], re.IGNORECASE) and spec.get("count", 1) is None:
                spec["same_location"] = True  # “any number of … at a battlefield”: all at one (the Chinese 一处战场上任意数量的)
            if place:
                spec.update(keys)
                words = words[place.end():]
                break
        else:
            total = _match(r"^(?:and |with )?a total Might of (\d+) or (less|more)\b\s*", words)
            if total and "total_might" not in spec:  # their Mights added up (355.9.b), checked where chosen
                spec["total_might"] = {"le" if total[2] == "less" else "ge": int(total[1])}
                words = words[total.end():]
                continue
            might = _match(r"^with (\d+) Might(?: or (less|more))?\b\s*", words)  # none: exactly (“with 0 Might”)
            cost = _match(rf"^with Energy cost no more than ([{CIRCLED}]|my Might)\s*", words)
            less = _match(r"^with less Might than (?:me|mine|(?P<it>it))\b\s*", words)
            lacking = _match(rf"^(?P<with>with|without) (?P<kw>{_KEYWORD_NAMES})\b\s*", words, re.IGNORECASE)
            if lacking and not might and not cost and not less:  # “a friendly unit without Temporary” (not: {keyword})
                name = _keyword_zh(lacking["kw"])
                spec.update({"not": {"keyword": name}} if lacking["with"].lower() == "without" else {"keyword": name})
                words = words[lacking.end():]
                continue
            keyword = _match(r"^with ([A-Z][\w-]*)\b\s*", words)  # “units here with Tank”: a keyword it has now
            if might:
                spec["might"] = {{"less": "le", "more": "ge", None: "eq"}[might[2]]: int(might[1])}
                words = words[might.end():]
            elif cost:
                spec["cost"] = {"le": {"might_of": "self"} if cost[1] == "my Might" else _energy(cost[1])}
                words = words[cost.end():]
            elif less:  # than me, or than the unit chosen before it (checked where it is chosen, _Scope.to)
                spec["might"] = {"lt": dict(_EARLIER_MIGHT) if less["it"] else {"might_of": "self"}}
                words = words[less.end():]
            elif keyword and keyword[1].lower() in KEYWORDS:
                spec["keyword"] = _keyword_zh(keyword[1])
                words = words[keyword.end():]
            else:
                raise NotUnderstood(phrase)
    if (spec.get("one_controller") or spec.get("total_might")) and (kind != "chosen" or spec.get("count", 1) == 1):
        raise NotUnderstood(phrase)  # a restriction on several chosen together
    if spec.get("same_location") and (kind != "chosen" or spec.get("count", 1) == 1):
        raise NotUnderstood(phrase)  # one unit is always at one location
    if spec.get("per_location"):  # up to one at each location, any number in all (the Chinese 在每个位置选择最多一名…)
        if kind != "chosen" or spec.get("count") != 1 or not spec.get("up_to") or spec.get("other"):
            raise NotUnderstood(phrase)
        spec.update(count=None)
        del spec["up_to"]
    return Selector(kind, spec)


_ITEM_CHOSE = re.compile(r"^that chooses (?P<what>it|(?:an? )?(?:(?:friendly|enemy) )?(?:unit|gear)(?: or (?:an? )?(?:(?:friendly|enemy) )?"
                         r"(?:unit|gear))?)(?P<no_other> and no other (?:(?P<side>friendly|enemy) )?units?)?\b\s*", re.IGNORECASE)
_ITEM_COSTS = re.compile(rf"^that costs no more than (?P<cost>[{CIRCLED}])(?P<power> and no more than any rune)?\b\s*", re.IGNORECASE)
CHOSE_IT = "_it"  # “that chooses it”: the one unit chosen before, numbered where the selector is chosen (_Scope.to)


def _chain_item(spec: dict, words: str, phrase: str) -> str:
    """“(enemy) spell or ability that chooses a friendly unit or gear”, “… that chooses it and no other friendly unit”,
    “spell that costs no more than ④ and no more than any rune”: the spec's ``chooses`` / ``chooses_no_other`` /
    ``cost`` / ``power`` (the Chinese 将友方单位或友方装备选为目标的, 以该单位为目标且不以其他友方单位为目标的, 费用不高于④且不高于
    任意符能的); “or ability” adds nothing (the engine's item is any on the chain). The rest of *words* is returned."""
    words = re.sub(r"^or abilit(?:y|ies)\b\s*", "", words, flags=re.IGNORECASE)
    chose = _ITEM_CHOSE.match(words)
    if chose:
        if chose["what"].lower() == "it":
            spec["chooses"] = {"target": CHOSE_IT}
            if chose["no_other"]:
                spec["chooses_no_other"] = (chose["side"] or "any").lower()
        elif chose["no_other"]:
            raise NotUnderstood(phrase)
        else:
            parts = re.split(r"\s+or\s+", re.sub(r"^an?\s+", "", chose["what"], flags=re.IGNORECASE), flags=re.IGNORECASE)
            side = re.match(r"(friendly|enemy)\s", parts[0], re.IGNORECASE)
            filters = []
            for part in parts:
                own = re.match(r"(?:an?\s+)?(?:(friendly|enemy)\s+)?(unit|gear)$", part, re.IGNORECASE)
                who = (own[1] or (side[1] if side else "")).lower()
                filters.append({**({"who": who} if who else {}), **({"kind": "gear"} if own[2].lower() == "gear" else {})})
            spec["chooses"] = {"any": filters}
        words = words[chose.end():]
    costs = _ITEM_COSTS.match(words)
    if costs:
        spec["cost"] = {"le": _energy(costs["cost"])}
        if costs["power"]:
            spec["power"] = {"le": 1}
        words = words[costs.end():]
    return words


# -- instructions -----------------------------------------------------------------------


class _Scope:
    """What the sentences of one ability (or of a spell) have chosen so far, for “it” and “that unit”."""

    def __init__(self, subject: str = ""):
        self.targets: list[dict] = []
        self.subject = subject  # “event_subject” when “it” is the triggering event's object
        self.event_player = False  # the triggering event's player does the instructions (“that player channels 1 rune”)
        self.origin = False  # “there” is where the move that triggered the ability started (359.3.f.3)
        self.arrival = False  # another unit's move triggered it: “I may be moved with it” goes where it went (359.3.f.3)
        self.field = False  # “there” is the battlefield the triggering event is about (“When you defend at a battlefield”)
        self.made = False  # an instruction played tokens: “it”/“them” after it, nothing chosen, is them (``created``)
        self.discarded = False  # an instruction discarded your cards: “its Energy cost” after it, nothing chosen, is theirs
        self.excess = False  # the trigger's condition reads the excess damage assigned: “deal that much” is that amount

    def to(self, phrase: str) -> dict | str | None:
        """The `to:` of an effect on *phrase*: None for the ability's (first) target."""
        joined = _fullmatch(r"((?:an?|another) .+?) and ((?:an?|another) .+?)( at the same battlefield)?", phrase.strip(),
                            re.IGNORECASE)
        if joined and not self.targets:  # “a friendly unit and an enemy unit”: two specs the effect acts on (its default)
            first, second = selector(joined[1]), selector(joined[2])
            if first.kind != "chosen" or second.kind != "chosen":
                raise NotUnderstood(phrase)
            if joined[3]:  # the second at the first one's battlefield (where: same_battlefield)
                first.spec.setdefault("where", "battlefield")
                second.spec["where"] = "same_battlefield"
            self.targets += [first.spec, second.spec]
            return None
        sided = _fullmatch(r"the (friendly|enemy) unit", phrase.strip(), re.IGNORECASE)
        if sided:  # the one target of that side (the Chinese 该友方单位 / 该敌方单位)
            side = [n for n, spec in enumerate(self.targets, 1) if isinstance(spec, dict) and spec.get("who") == sided[1].lower()]
            if len(side) != 1:
                raise NotUnderstood(phrase)
            return _TargetRef(side[0])
        found = selector(phrase, battlefield=True)
        spec = found.spec
        if "name" in spec and self.made:  # the tokens just played, or others of that name: not guessed
            raise NotUnderstood(f"{phrase}: the tokens played or others")
        if spec.pop("_battlefield", False):  # the battlefield is the one target, then every unit there (where: there)
            if self.targets:
                raise NotUnderstood(f"{phrase}: 战场与其他目标一起选择")
            self.targets.append({"kind": "battlefield"})
            return {"each": spec}
        if found.kind == "self":
            return "self"
        if found.kind == "target" and self.made and phrase.strip().lower() in _PRONOUNS:
            if self.targets or self.subject:  # a unit chosen and tokens played: which one “it” is would be guessed
                raise NotUnderstood(phrase)
            return "created"
        beside = self._beside_item(phrase) if found.kind == "target" else None
        if beside is not None:  # “that spell”, “that unit” of one unit and one item chosen (the Chinese 该法术, 该单位)
            return _TargetRef(beside)
        if found.kind == "target":
            if self.targets and self._one_unit(any_side=True) and {"kind": "battlefield"} in self.targets:
                return _TargetRef(self._one_unit(any_side=True))  # “that unit” beside a battlefield chosen: the one unit
            if self.targets:
                return _TargetRef(len(self.targets))
            if self.subject:  # the triggering event's unit: the ability's target (359.3.f.3.a), as the Chinese side has it
                self.targets.append(self.subject)
                return _TargetRef(1)
            raise NotUnderstood(phrase)
        if _EARLIER_MIGHT in spec.get("might", {}).values() and (found.kind != "chosen" or len(self.targets) != 1):
            raise NotUnderstood(phrase)  # “it” is the one unit chosen before
        if found.kind == "each":
            if spec.get("where") == "same_battlefield" and self.targets:  # “at its location”: where the chosen ones are
                spec["where"] = "there"
            if spec.get("other") and spec.get("who") == "enemy" and self._one_unit():  # other than the one chosen
                del spec["other"]  # (not than the source: it is no enemy), as the Chinese 其他敌方单位 after one chosen
                spec["other_than_targets"] = True
            return {"each": spec}
        if spec.get("chooses") == {"target": CHOSE_IT}:  # the one unit chosen before it (not guessed among several)
            units = [n for n, chosen in enumerate(self.targets, 1) if isinstance(chosen, dict) and chosen.get("kind", "unit") == "unit"]
            if len(units) != 1 or len(self.targets) != 1:
                raise NotUnderstood(f"{phrase}: “it”")
            spec["chooses"] = {"target": units[0]}
        self.targets.append(spec)
        return _TargetRef(len(self.targets))

    def _beside_item(self, phrase: str) -> int | None:
        kind = {"that spell": "spell", "that unit": "unit"}.get(phrase.strip().lower())
        kinds = [spec.get("kind", "unit") if isinstance(spec, dict) else None for spec in self.targets]
        if kind is None or sorted(kinds, key=str) != ["spell", "unit"] or \
                any(spec.get("count", 1) != 1 or spec.get("up_to") for spec in self.targets):
            return None
        return kinds.index(kind) + 1

    def _one_unit(self, any_side: bool = False) -> int | None:
        """The number of the one unit target spec (of any side, or one that may be an enemy: “another enemy unit” is
        other than it), or None."""
        units = [n for n, spec in enumerate(self.targets, 1) if isinstance(spec, dict) and
                 spec.get("kind", "unit") == "unit" and (any_side or spec.get("who") != "friendly")]
        return units[0] if len(units) == 1 else None


_PRONOUNS = ("it", "them", "they")


class _TargetRef(int):
    """The N-th target spec of the ability, counted from 1 as the language counts them (resolved when the ability
    is finished)."""


def _with_to(verb: str, params: dict, to) -> dict:
    if to is not None:
        params = {**params, "to": to}
    if not params:
        return {verb: None}
    if set(params) == {"amount"}:
        return {verb: params["amount"]}
    return {verb: params}


_SIMPLE_VERBS = {"kill": "kill", "ready": "ready", "exhaust": "exhaust", "stun": "stun", "buff": "buff",
                 "banish": "banish", "recall": "recall", "heal": "heal", "empower": "empower",
                 "disempower": "disempower", "counter": "counter"}


_PER_UNIT = re.compile(r"(.+) for each (?:of )?((?:other )?(?:your|enemy|friendly) .+|unit there|(?:Equipment|gear) attached to me)",
                       re.IGNORECASE)


def _per_unit(text: str, scope: _Scope) -> list[dict] | None:
    """“draw 1 for each of your Mighty units”, “+2 Might … for each enemy unit there”: counted as it executes — one
    each is the amount (``{count: FILTER}``), more each the instruction repeated (``repeat: {times: {count}}``)."""
    per = _PER_UNIT.fullmatch(text)
    if not per:
        return None
    words = per[2]
    counted = selector(words if words.lower().startswith("your ") or words.endswith("s") else f"each {words}")
    effects = _effect(per[1], scope)
    if counted.kind != "each" or not effects:
        raise NotUnderstood(text)
    count = {"count": counted.spec}
    (verb, params), = effects[0].items() if len(effects) == 1 else ((None, None),)
    if params == 1 or (isinstance(params, dict) and params.get("amount") == 1):  # one per unit: the amount
        return [{verb: {**params, "amount": count} if isinstance(params, dict) else {"amount": count}}]
    return [{"repeat": {"times": count, "effects": effects}}]


_PLAYED_TYPES = {"spell": "spell", "unit": "unit", "gear": "gear", "card": "any"}


def _effect(text: str, scope: _Scope) -> list[dict]:
    """One imperative instruction (“deal 3 to a unit”) → effects."""
    text = text.strip().rstrip(".").strip()
    unless = _fullmatch(rf"(.+) unless its controller pays ({_COST_TEXT})", text, re.IGNORECASE)
    if unless:  # the chosen one's controller decides and pays, else it is done (the Chinese 除非其控制者选择支付②，否则…)
        effects = _effect(unless[1], scope)
        if not scope.targets:
            raise NotUnderstood(text)
        return [{"may_pay": {"cost": cost_of(unless[2]), "payer": "target_controller", "otherwise": effects}}]
    unless = _fullmatch(r"(.+) unless its controller has you (.+)", text, re.IGNORECASE)
    if unless:  # the chosen one's controller decides whether you do the second (the Chinese 除非其控制者选择让你…，否则…)
        effects = _effect(unless[1], scope)
        if not scope.targets:
            raise NotUnderstood(text)
        return [{"unless_lets": {"then": _effect(unless[2], scope), "otherwise": effects}}]
    toggled = _fullmatch(r"ready or exhaust (.+)", text, re.IGNORECASE)
    if toggled:  # the one chosen, readied or exhausted as it resolves (the Chinese 让…变为活跃或休眠状态)
        ready = _effect(f"ready {toggled[1]}", scope)
        if len(ready) != 1 or set(ready[0]) != {"ready"}:
            raise NotUnderstood(text)
        return [{"one_of": [ready, [{"exhaust": ready[0]["ready"]}]]}]
    two = _fullmatch(r"give (.+?) ([+-]\d+) Might this turn and (.+?) ([+-]\d+) Might this turn(?:, to a minimum of (\d+) Might)?",
                     text, re.IGNORECASE)
    if two:  # one Might change each (“give a unit +2 Might this turn and another unit -2 Might this turn”); a floor is
        changes = [(two[1], int(two[2])), (two[3], int(two[4]))]  # the decreases' (“…, to a minimum of 1 Might”)
        if two[5] and not any(amount < 0 for _, amount in changes):
            raise NotUnderstood(text)
        return [_with_to("might", {"amount": amount, **({"min": int(two[5])} if two[5] and amount < 0 else {})},
                         scope.to(phrase)) for phrase, amount in changes]
    team = _fullmatch(r"(.+) for each (other )?battlefield you or allies control", text, re.IGNORECASE)
    if team:  # 489.8: your team's battlefields (other than the source's), one each (the Chinese 你和盟友每控制一处…)
        effects = _effect(team[1], scope)
        (verb, params), = effects[0].items() if len(effects) == 1 else ((None, None),)
        if params != 1 and not (isinstance(params, dict) and params.get("amount") == 1):
            raise NotUnderstood(text)
        amount = {"other_battlefields_of" if team[2] else "battlefields_of": "team"}
        return [{verb: {**params, "amount": amount} if isinstance(params, dict) else {"amount": amount}}]
    them = _fullmatch(r"that player (\w+?)s (.+)", text, re.IGNORECASE) if scope.event_player else None
    if them:  # the ability's chooser, the event's player, does it: the instruction as its doer says it
        text = f"{them[1]} {them[2]}"
    per = _per_unit(text, scope)
    if per is not None:
        return per
    split = _fullmatch(rf"deal ({_NUM}) damage split among any number of (.+)", text, re.IGNORECASE)
    if split:  # each chosen one dealt at least 1 (the Chinese 造成共计N点伤害，可在多名…之间分摊)
        to = scope.to(f"any number of {split[2]}")
        scope.targets[-1].pop("up_to", None)  # the split's own units (count: null), as the Chinese side reads them
        return [_with_to("deal", {"amount": _number(split[1]), "split": True}, to)]
    match = _fullmatch(rf"deal ({_NUM}) to (.+)", text, re.IGNORECASE)
    if match:
        return [_with_to("deal", {"amount": _number(match[1])}, scope.to(match[2]))]
    match = _fullmatch(r"the next time you play a unit this turn, (.+)", text, re.IGNORECASE)
    if match:  # a delayed trigger this turn (390.2), once, on that unit (“it”: the event's unit)
        inner = _Scope("event_subject")
        effects = _instructions(match[1], inner)
        if inner.targets not in ([], ["event_subject"]):
            raise NotUnderstood(text)
        delayed = {"trigger": {"event": "played", "subject": "friendly", "card_type": "unit"}, "limit": "turn",
                   **({"target": "event_subject"} if inner.targets else {}),
                   "effects": [_resolve(effect, len(inner.targets)) for effect in effects]}
        return [{"delayed": delayed}]
    match = _fullmatch(r"when it (dies|is dealt damage|moves|wins a combat) this turn, (.+)", text, re.IGNORECASE)
    if match:  # the next time the chosen unit dies (…) this turn (390.2): a delayed trigger on it
        if not scope.targets:
            raise NotUnderstood(text)
        event = {"dies": "killed", "is dealt damage": "damaged", "moves": "moved", "wins a combat": "won_combat"}[match[1].lower()]
        inner = _Scope()
        effects = _instructions(match[2], inner)
        if inner.targets:
            raise NotUnderstood(text)
        return [{"next_time": {"event": event, "effects": [_resolve(effect, 0) for effect in effects]}}]
    match = _fullmatch(r"(.+) at (?:the )?end of (?:this )?turn", text, re.IGNORECASE)
    if match:  # a delayed trigger at this turn's end, whoever's turn (390.2; the Chinese 在本回合结束时); nothing chosen
        # by it: “it” is what was chosen before, remembered as it is made (resolved with the ability's other effects)
        mark = len(scope.targets)
        effects = _instructions(match[1], scope)
        if len(scope.targets) != mark or scope.made:
            raise NotUnderstood(text)
        return [{"delayed": {"trigger": {"event": "turn_ending", "subject": "any", "player": "any"}, "effects": effects}}]
    if _fullmatch(r"prevent all spell and ability damage this turn", text, re.IGNORECASE):  # 437.1.b: of those sources
        return [{"prevent": {"amount": "all", "from": ["spell", "ability"]}}]  # to every unit (the Chinese 防止……所有伤害)
    match = _fullmatch(rf"prevent the next ({_NUM}) damage that would be dealt to (.+?) this turn", text, re.IGNORECASE)
    if match:  # 437.1.b.1: a Prevent Value, used up across damage events this turn
        return [_with_to("prevent", {"amount": _number(match[1])}, scope.to(match[2]))]
    match = _fullmatch(r"double (my|.+?'s) Might this (turn|combat)", text, re.IGNORECASE)
    if match:  # +X, X its own Might as the instruction executes (the Chinese 战力翻倍); “this combat”: until it ends
        until = {"until": "combat"} if match[2].lower() == "combat" else {}
        if match[1].lower() == "my":
            return [{"might": {"amount": {"might_of": "self"}, **until}}]
        to = scope.to(match[1][:-2])
        if not isinstance(to, _TargetRef):
            raise NotUnderstood(text)
        return [{"might": {"amount": {"might_of": to}, "to": to, **until}}]
    match = _fullmatch(r"(my|its|.+?'s) base Might becomes (\d+) this turn", text, re.IGNORECASE)
    if match:  # 477.1.a.1: increases and decreases still apply on top (the engine's might_becomes)
        to = "self" if match[1].lower() == "my" else scope.to("it" if match[1].lower() == "its" else match[1][:-2])
        return [_with_to("might_becomes", {"amount": int(match[2])}, to)]
    match = _fullmatch(r"(?:this turn, )?increase (my|its|.+?'s) Might to (its Might|the Might of .+?)(?: this turn)?",
                       text, re.IGNORECASE)
    if match:  # becomes the other's Might this turn, only if that is higher (never lowered)
        to = "self" if match[1].lower() == "my" else scope.to("it" if match[1].lower() == "its" else match[1][:-2])
        of = scope.to("it" if match[2].lower() == "its might" else match[2][len("the Might of "):])
        if not isinstance(of, _TargetRef) or of == to:
            raise NotUnderstood(text)
        return [{"might_becomes": {"amount": {"might_of": of}, "raise_only": True, "to": to}}]
    match = _fullmatch(r"deal damage to (.+?) equal to the damage marked on it", text, re.IGNORECASE)
    if match:  # the damage already on the unit chosen (the Chinese 造成等同于其已受伤害的伤害)
        to = scope.to(match[1])
        if not isinstance(to, _TargetRef):
            raise NotUnderstood(text)
        return [{"deal": {"amount": {"damage_of": to}, "to": to}}]
    match = _fullmatch(r"deal (.+?) as damage to (.+)", text, re.IGNORECASE)
    if match:  # “deal its Energy cost as damage to …”: the same amount as “deal damage equal to …”
        return [_with_to("deal", {"amount": amount_equal(match[1], scope)}, scope.to(match[2]))]
    match = _fullmatch(r"deal that much to (.+)", text, re.IGNORECASE) if scope.excess else None
    if match:  # “that much” of the excess damage the trigger's condition read (the Chinese 等同于该过量伤害)
        return [_with_to("deal", {"amount": {"excess_assigned": True}}, scope.to(match[1]))]
    match = _fullmatch(r"deal damage equal to (.+?) to (.+)", text, re.IGNORECASE)
    if match and not _match(r"(?:their|our) Mights\b", match[1], re.IGNORECASE):
        return [_with_to("deal", {"amount": amount_equal(match[1], scope)}, scope.to(match[2]))]
    match = _fullmatch(r"give (.+?) my keywords(?: and \+Might equal to (.+?))? this turn", text, re.IGNORECASE)
    if match:  # each keyword I have as it executes (the Chinese 获得我的关键词), then the Might (和等同于…的+战力加成)
        to = scope.to(match[1])
        granted = [_with_to("grant", {"keywords_of": "self"}, to)]
        return granted + ([_with_to("might", {"amount": amount_equal(match[2], scope)}, to)] if match[2] else [])
    match = _fullmatch(r"give (.+?) \+Might equal to (.+?) this turn", text, re.IGNORECASE)
    if match:  # the Chinese 获得等同于X的+战力加成
        to = scope.to(match[1])
        return [_with_to("might", {"amount": amount_equal(match[2], scope)}, to)]
    match = _fullmatch(r"give \+Might equal to (.+?) to (.+?) this turn", text, re.IGNORECASE)
    if match:  # the same, the amount said first: read first (“its Might” is what was named before)
        amount = amount_equal(match[1], scope)
        return [_with_to("might", {"amount": amount}, scope.to(match[2]))]
    match = _fullmatch(r"draw cards equal to (.+)", text, re.IGNORECASE)
    if match:
        return [{"draw": {"amount": amount_equal(match[1], scope)}}]
    match = _fullmatch(r"(each player|each opponent|you) (?:must )?kills? one of (?:their|your) (units|gear)", text,
                       re.IGNORECASE)
    if match:  # each of them chooses one of their own (428; the Chinese 每名玩家摧毁自己的一件装备)
        who = {"each player": "each_player", "each opponent": "opponent"}.get(match[1].lower())
        params = {**({"kind": "gear"} if match[2].lower() == "gear" else {}), **({"who": who} if who else {})}
        return [{"kill_own": params or None}]
    match = _fullmatch(r"starting with the next player, each player (may )?returns? (?:a|one) unit to its owner's hand", text,
                       re.IGNORECASE)
    if match:  # in turn from the next player, each chooses a unit and returns it (the Chinese 从下一名玩家开始，每名玩家…)
        return [{"each_chooses": {"then": "return_to_hand", **({"may": True} if match[1] else {})}}]
    if _fullmatch(r"return your Chosen Champion from your trash to your Champion Zone", text, re.IGNORECASE):
        return [{"return_champion": None}]  # 108.3.c.1 (the Chinese 让你的选定英雄从废牌堆返回英雄区域)
    if _fullmatch(r"you (?:can|may) hide cards ignoring (?:their )?costs this turn", text, re.IGNORECASE):
        return [{"hide_free": None}]  # 811.1.b: the hide cost not paid this turn (the Chinese 无视费用地正面朝下布置待命卡牌)
    match = _fullmatch(r"starting with the next player, each (other )?player chooses an? (.+?)( that hasn't been chosen for "
                       r"this spell)?", text, re.IGNORECASE)
    if match:  # each picks one in turn; the next sentence says what is done to them all (the Chinese 每名其他玩家选择一个…)
        what = match[2].strip()
        spec = {"who": "enemy"} if what == "unit you don't control" else selector("each " + what + "s").spec \
            if what.endswith("unit") else None
        if spec is None:
            raise NotUnderstood(text)
        return [{"each_chooses": {"then": None, **({"others": True} if match[1] else {}), **({"card": spec} if spec else {}),
                                  **({"distinct": True} if match[3] else {})}}]
    match = _fullmatch(r"buffs give an additional \+(\d+) Might to (?:friendly|your) units this turn", text, re.IGNORECASE)
    if match:  # for the rest of the turn each buff on your units gives N more (the Chinese 所有增益可额外给予友方单位战力+N)
        return [{"buff_bonus": int(match[1])}]
    match = _fullmatch(rf"you must recycle ({_NUM}) of your runes|you must recycle one of your runes", text, re.IGNORECASE)
    if match:  # 416.1.b: runes of yours, no choice of a target (the Chinese 你必须回收一枚你的符文)
        return [{"recycle": {"from": "runes", "amount": _number(match[1]) if match[1] else 1}}]
    match = _fullmatch(r"give (.+?) ([+-]\d+) Might this combat", text, re.IGNORECASE)
    if match:  # until the combat ends (the Chinese 在本次战斗期间战力+N)
        return [_with_to("might", {"amount": int(match[2]), "until": "combat"}, scope.to(match[1]))]
    match = _fullmatch(r"give (.+?) ([+-]\d+) Might(?: and (.+?))? this turn(?:, to a minimum of (\d+) Might)?",
                         text, re.IGNORECASE)
    if match:
        to = scope.to(match[1])
        params: dict = {"amount": int(match[2])}
        if match[4]:
            params["min"] = int(match[4])  # this turn: might's default duration
        effects = [_with_to("might", params, to)]
        if match[3]:
            effects += [_with_to("grant", grant, to) for grant in _keyword_list(match[3])]
        return effects
    match = _fullmatch(r"(?i:give) (.+?) ((?:[A-Z][\w-]*(?: \d+)?)(?:(?:,| and) [A-Z][\w-]*(?: \d+)?)*) this turn", text)
    if match:
        to = scope.to(match[1])
        return [_with_to("grant", grant, to) for grant in _keyword_list(match[2])]
    match = _fullmatch(r"(?:(?i:give) (.+?) |(?i:(it|they) gains?) )((?:[A-Z][\w-]*(?: \d+)?)(?:(?:,| and) [A-Z][\w-]*(?: \d+)?)*)"
                       r"( this combat)?", text)
    if match and (match[1] or match[4]):  # “Give it Temporary” (no duration: for good), “It gains Shield 2 this combat”
        to = scope.to(match[1] or match[2])
        until = "combat" if match[4] else "permanent"
        return [_with_to("grant", {**grant, "until": until}, to) for grant in _keyword_list(match[3])]
    match = _fullmatch(rf"(draw|discard) ({_NUM})", text, re.IGNORECASE)
    if match:
        scope.discarded = scope.discarded or match[1].lower() == "discard"
        return [{match[1].lower(): _number(match[2])}]
    match = _fullmatch(r"(?:(each player|each opponent) discards their|discard your) hand", text, re.IGNORECASE)
    if match:  # the whole hand of the player discarding (the Chinese 弃置所有手牌)
        who = {"each player": "each_player", "each opponent": "opponent"}.get((match[1] or "").lower())
        return [{"discard": {"all": True, **({"who": who} if who else {})}}]
    match = _fullmatch(rf"its (owner|controller) channels ({_NUM}) runes? exhausted", text, re.IGNORECASE)
    if match:  # the target's owner or controller channels
        if not scope.targets:
            raise NotUnderstood(text)
        return [{"channel": {"count": _number(match[2]), "exhausted": True, "who": f"target_{match[1].lower()}"}}]
    if _fullmatch(r"opponents can't play cards this turn", text, re.IGNORECASE):
        return [{"forbid_playing": {"who": "opponents"}}]
    if _fullmatch(r"its controller can't play spells this turn", text, re.IGNORECASE) and scope.targets:
        return [{"forbid_playing": {"who": "target_controller", "kind": "spell"}}]
    match = _fullmatch(r"(.+?) can't be chosen by (enemy )?spells and abilities this turn", text, re.IGNORECASE)
    if match:  # 758 for the rest of the turn, on the units it acts on (the static form is `cant: be_chosen`)
        return [_with_to("protect", {"by": "enemy" if match[2] else "any"}, scope.to(match[1]))]
    if _fullmatch(r"they can't move it this turn", text, re.IGNORECASE) and scope.targets:  # 054.1: its controller
        return [{"forbid_move": None}]
    match = _fullmatch(r"counter (.+?) if (an opponent|you) (?:has|have) played (another|an?) (spell|unit|gear|card) this turn",
                       text, re.IGNORECASE)
    if match:  # “if an opponent has played another spell this turn”: checked as it would counter (419.4.b: finalized)
        played = {"by": "opponent" if match[2].lower() == "an opponent" else "you",
                  "card_type": _PLAYED_TYPES[match[4].lower()], **({"other": True} if match[3].lower() == "another" else {})}
        return [_with_to("counter", {"if_played": played}, scope.to(match[1]))]
    match = _fullmatch(r"double all damage that would be dealt to (.+?) this turn", text, re.IGNORECASE)
    if match:  # a replacement on it this turn (the Chinese 受到的所有伤害翻倍)
        return [_with_to("double_damage", {}, scope.to(match[1]))]
    match = _fullmatch(r'give (.+?) "(.+)"(?: this turn)?', text, re.IGNORECASE) or \
        _fullmatch(r'(?:this turn, )?(.+?) (?:has|have) "(.+)"(?: this turn)?', text, re.IGNORECASE)
    if match:  # an ability given until the turn ends (477.2.a; the Chinese 让X在本回合内获得“……”), read as a unit's own
        parts, problems = compile_english(match[2], {"type": "unit"})
        if problems or set(parts or {}) != {"abilities"} or len(parts["abilities"]) != 1 or \
                not {"trigger", "cost"} & set(parts["abilities"][0]):
            raise NotUnderstood(text)
        return [_with_to("grant", {"ability": parts["abilities"][0]}, scope.to(match[1]))]
    match = _fullmatch(r"(gain|take|lose) control of (.+)", text, re.IGNORECASE)
    if match:  # “lose control of it”: back to its owner (477.1.a; the Chinese 失去…的控制权)
        verb = "lose_control" if match[1].lower() == "lose" else "gain_control"
        return [_with_to(verb, {}, scope.to(match[2]))]
    if _fullmatch(r"make new choices for it", text, re.IGNORECASE) and scope.targets:
        return [{"new_choices": None}]
    if _fullmatch(r"you win the game", text, re.IGNORECASE):
        return [{"win_game": None}]
    if _fullmatch(r"activate the conquer effects of units here", text, re.IGNORECASE):  # 383.4.g.1
        return [{"activate_conquer": None}]
    if _fullmatch(r"give (?:the next spell you play this turn|your next spell this turn) Repeat equal to its (?:base )?cost",
                  text, re.IGNORECASE):  # 820: Repeat at the spell's own cost (the Chinese 等同于其（基础）费用的回响)
        return [{"boost_next_spell": {"repeat_at_cost": True}}]
    match = _fullmatch(rf"your (?:non-token )?(unit|spell|gear)s? cost ({_COST_TEXT}) (more|less) to play this turn", text,
                       re.IGNORECASE)
    if match:  # this turn's plays of that kind (356.3–356.4; a card played is never a token, 185)
        change = _cost_change(match[2], match[3].lower(), [])
        return [{"turn_cost_change": {**change, "kind": match[1].lower()}}]
    if _fullmatch(r"the next unit you play this turn enters ready", text, re.IGNORECASE):  # 369.3
        return [{"enters_ready_next": None}]
    if _fullmatch(r"units you play this turn enter ready", text, re.IGNORECASE):
        return [{"enters_ready_next": {"all": True}}]
    match = _fullmatch(r"the next spell you play this turn deals (\d+) Bonus Damage", text, re.IGNORECASE)
    if match:  # 713: each instance of its damage (the Chinese 造成的伤害+N)
        return [{"boost_next_spell": {"bonus_damage": int(match[1])}}]
    match = _fullmatch(rf"(?P<who>each player|each opponent|its controller) (?P<verb>draw|discard)s ({_NUM})", text,
                       re.IGNORECASE)
    if match:  # who does it: every player, every opponent, or the controller of the ability's target
        who = {"each player": "each_player", "each opponent": "opponent"}.get(match["who"].lower(), "target_controller")
        if who == "target_controller" and not scope.targets:
            raise NotUnderstood(text)
        return [{match["verb"].lower(): {"amount": _number(match[3]), "who": who}}]
    match = _fullmatch(rf"they (?P<verb>draw|discard|burn) (?P<n>{_NUM})|they (?:score|gain) (?P<points>{_NUM}) points?", text,
                       re.IGNORECASE)
    if match:  # the chosen player does it (“Choose an opponent. They Burn 3.”, “… They score 1 point.”)
        if len(scope.targets) != 1 or scope.targets[0].get("kind") != "player":
            raise NotUnderstood(text)
        verb = match["verb"].lower() if match["verb"] else "gain_points"
        return [{verb: {"amount": _number(match["n"] or match["points"]), "who": "chosen_player"}}]
    match = _fullmatch(rf"each player channels ({_NUM}) runes? exhausted", text, re.IGNORECASE)
    if match:
        return [{"channel": {"count": _number(match[1]), "exhausted": True, "who": "each_player"}}]
    match = _fullmatch(rf"channel ({_NUM}) runes?( exhausted)?", text, re.IGNORECASE)
    if match:
        count = _number(match[1])  # the Chinese 召出N枚符文 is the scalar
        return [{"channel": {"count": count, "exhausted": True} if match[2] else count}]
    match = _fullmatch(rf"the next (card|spell|unit|gear) you play this turn costs ({_COST_TEXT}) less", text, re.IGNORECASE)
    if match:  # 356.4: a discount waiting for that card (zh 你本回合打出的下一张牌费用减少…)
        cost = cost_of(match[2])
        if set(cost) - {"energy", "power"}:
            raise NotUnderstood(text)
        kind = {"card": {}}.get(match[1].lower(), {"kind": match[1].lower()})
        return [{"discount_next": {**cost, **kind}}]
    match = _fullmatch(rf"(look at|reveal) the top (?:({_NUM}) cards|card) of your Main Deck", text, re.IGNORECASE)
    if match:  # what is taken of them and where the rest go: the next sentences (_Body._look_goes_on)
        return [{"look": {"amount": _number(match[2]) if match[2] else 1,
                          **({"reveal": True} if match[1].lower() == "reveal" else {})}}]
    if _fullmatch(r"take (?:a|an extra) turn after this one", text, re.IGNORECASE):
        return [{"extra_turn": None}]
    match = _fullmatch(r"gain (\d+) XP", text, re.IGNORECASE)
    if match:
        return [{"gain_xp": int(match[1])}]
    match = _fullmatch(rf"ready (?:up to )?({_NUM}) (?:friendly )?runes?", text, re.IGNORECASE)
    if match:  # runes are no units: the verb of its own, on the controller's exhausted runes
        return [{"ready_runes": _number(match[1])}]
    match = _fullmatch(rf"(?:you )?(?:score|gain) ({_NUM}) points?", text, re.IGNORECASE)
    if match:  # {amount: N}, as the Chinese side reads “获得N分”
        return [{"gain_points": {"amount": _number(match[1])}}]
    if _fullmatch(r"name a spell", text, re.IGNORECASE):  # 761: the source remembers the name
        return [{"name_card": "spell"}]
    match = _fullmatch(rf"put the top ({_NUM}) cards? of your Main Deck into your trash", text, re.IGNORECASE)
    if match:  # what Burn is (440), as the Chinese side reads it
        return [{"burn": _number(match[1])}]
    match = _fullmatch(rf"(?:(?P<who>each player|each opponent) burns|burn) ({_NUM})", text, re.IGNORECASE)
    if match:  # 440: the top N of the Main Deck into the trash, as many as possible (burning out, 431)
        who = {"each player": "each_player", "each opponent": "opponent"}.get((match["who"] or "").lower())
        return [{"burn": {"amount": _number(match[2]), "who": who} if who else _number(match[2])}]
    if _fullmatch(r"predict", text, re.IGNORECASE):  # 436: the top card (zh 进行洞察)
        return [{"predict": None}]
    match = _fullmatch(rf"recycle ({_NUM}) from your trash", text, re.IGNORECASE)
    if match:  # 416.4: as many as there are (the Chinese 从你的废牌堆中回收N张牌)
        return [{"recycle": {"amount": _number(match[1])}}]
    match = _fullmatch(r"predict (\d+)", text, re.IGNORECASE)
    if match:
        return [{"predict": int(match[1])}]
    match = _fullmatch(r"banish all (unit|gear|spell|card)s? from your trash", text, re.IGNORECASE)
    if match:  # every one that fits (the Chinese 放逐你废牌堆中的所有单位)
        return [{"banish_cards": {"card": {"kind": _CARD_NOUNS[match[1].lower()]}, "all": True}}]
    match = _fullmatch(r"play an? (unit|gear|spell|card) banished with this", text, re.IGNORECASE)
    if match:  # one this object's effect banished, its cost paid (427.3; the Chinese 打出一名以此方式放逐的单位)
        return [{"play": {"from": "banishment", "card": {"kind": _CARD_NOUNS[match[1].lower()]}, "banished_with_this": True,
                          "at": "any"}}]
    match = _fullmatch(r"put a card from your hand on the (top or bottom|top|bottom) of your Main Deck", text, re.IGNORECASE)
    if match:  # 108.4.d: which card and (top or bottom) which end, the player's choice
        return [{"hand_to_deck": {"position": match[1].lower().replace(" ", "_")}}]
    match = _fullmatch(r"its owner (?:places|puts) it on the top or bottom of their Main Deck", text, re.IGNORECASE)
    if match and scope.targets:  # the chosen unit, its owner choosing the end (the Chinese 其拥有者将该单位放到…)
        return [{"to_deck": {"position": "top_or_bottom"}}]
    match = _fullmatch(rf"banish (up to )?({_NUM}) (unit|gear|spell|card)s? from (your|any) trash", text, re.IGNORECASE)
    if match:  # 427.1: to their owners' banishments (the Chinese 从你的/任意废牌堆中放逐…)
        amount = _number(match[2])
        return [{"banish_cards": {"card": {"kind": _CARD_NOUNS[match[3].lower()]}, **({"amount": amount} if amount != 1 else {}),
                                  **({"whose": "any"} if match[4].lower() == "any" else {}), **({"up_to": True} if match[1] else {})}}]
    match = _fullmatch(rf"return (up to )?({_NUM}) (unit|gear|spell|card)s? from trashes to their owners' hands", text,
                       re.IGNORECASE)
    if match:  # from every player's trash, each to its owner's hand (the Chinese 让任意废牌堆中的…返回其拥有者的手牌)
        return [{"return_from_trash": {"card": {"kind": _CARD_NOUNS[match[3].lower()]}, "amount": _number(match[2]),
                                       "whose": "any", **({"up_to": True} if match[1] else {})}}]
    match = _fullmatch(r"return (.+?) to (?:its|their|my) owners?'?s?'? hands?", text, re.IGNORECASE)
    if match:
        return [_with_to("return_to_hand", {}, to) for to in _units_and_gear(match[1], scope)]
    if _fullmatch(r"move each to the other's location|move them to each other's locations", text, re.IGNORECASE):
        if len(scope.targets) != 2:  # the two units chosen, each to where the other is (449; the Chinese 分别移动到对方的位置)
            raise NotUnderstood(text)
        return [{"swap_places": {"each_other": True}}]
    if _fullmatch(r"attach (?:that|the) Equipment to (?:that|the) unit or detach (?:it|(?:that|the) Equipment) from "
                  r"(?:it|(?:that|the) unit)", text, re.IGNORECASE):
        kinds = [spec.get("kind", "unit") if isinstance(spec, dict) else "" for spec in scope.targets]
        if kinds != ["unit", "gear"]:  # the unit and the Equipment chosen (the Chinese 为该单位贴附或卸除该武装)
            raise NotUnderstood(text)
        return [{"one_of": [[{"attach": {"gear": {"target": 2}, "to": {"target": 1}}}],
                            [{"detach": {"to": {"target": 2}, "from": {"target": 1}}}]]}]
    if _fullmatch(r"attach one of its Equipment to me", text, re.IGNORECASE):  # the one unit chosen's, picked as it resolves
        if len(scope.targets) != 1 or scope.targets[0].get("kind", "unit") != "unit":
            raise NotUnderstood(text)
        return [{"attach": {"gear": "attached", "of": "target", "to": "self"}}]
    match = _fullmatch(r"move me and (.+?) to each other's locations|move me to (it)s location and it to my original location",
                       text, re.IGNORECASE)
    if match:  # 449: the source and the one unit chosen each move to where the other is (the Chinese 将我移动到它的位置…)
        other = scope.to(match[1] or "it")
        if (other is not None and other != _TargetRef(1)) or len(scope.targets) != 1:  # exactly the one unit chosen
            raise NotUnderstood(text)
        return [{"swap_places": None}]
    match = _fullmatch(r"move (.+?) to or from (?:its|their|your) base", text, re.IGNORECASE)
    if match:  # from a battlefield to its base or back (449.1; the Chinese 在战场和其所属基地之间移动…)
        return [{"move": {"to": "to_or_from_base", "what": scope.to(match[1])}}]
    match = _fullmatch(r"move (.+?) to (?:(?:its|their|your) )?base", text, re.IGNORECASE)
    if match:  # `move`'s `to:` is the destination (docs/card-language.md): the object must be the target
        chosen = len(scope.targets)
        moved = scope.to(match[1])
        if moved == "self" and not scope.targets:  # “Move me to your base”: the source, no target
            return [{"move": {"to": "base"}}]
        if not isinstance(moved, _TargetRef):
            raise NotUnderstood(text)
        if len(scope.targets) > chosen and not set(scope.targets[-1]) & {"attacking", "defending", "in_combat"}:
            scope.targets[-1].setdefault("where", "battlefield")  # moved to base from a battlefield (144.4.b): chosen there
        return [{"move": {"to": "base"}}]
    match = _fullmatch(r"move (.+?) (?:there|to that battlefield)", text, re.IGNORECASE)
    if match and scope.field:  # the battlefield the trigger's event is about, locked in as it triggers (359.3.f.3)
        moved = scope.to(match[1])
        return [{"move": {**({"what": moved} if moved not in (None, "self") else {}), "to": {"location_of": "event_subject"}}}]
    match = _fullmatch(r"move (.+?) to that battlefield", text, re.IGNORECASE)
    fields = [n for n, spec in enumerate(scope.targets, 1) if isinstance(spec, dict) and spec.get("kind") == "battlefield"]
    if match and fields and len(scope.targets) > 1:  # the battlefield chosen beside the units (170.7)
        moved = scope.to(match[1])
        if not isinstance(moved, _TargetRef):
            raise NotUnderstood(text)
        return [{"move": {"what": moved, "to": {"location_of": _TargetRef(fields[0])}}}]
    match = _fullmatch(r"move (.+?) to (that|the same) battlefield", text, re.IGNORECASE)
    if match:  # after “When I move to a battlefield”: where I am (the Chinese 移动到该战场: to: here)
        chosen = len(scope.targets)
        if _SELF.match(match[1].strip()) and scope.subject and match[2].lower() == "that":
            # “When you stun an enemy unit at a battlefield, move me to that battlefield”: where the event's unit is
            return [{"move": {"what": "self", "to": {"location_of": scope.to("it")}}}]
        if not isinstance(scope.to(match[1]), _TargetRef):
            raise NotUnderstood(text)
        if match[2].lower() == "the same" and len(scope.targets) > chosen:  # not me: I am there already (the
            scope.targets[-1]["other"] = True  # Chinese 另一名; a unit cannot move to where it is)
        return [{"move": {"to": "here"}}]
    match = _fullmatch(r"move (.+?) to (?:here|this battlefield)", text, re.IGNORECASE)
    if match:  # to where the source is (the Chinese 移动…到此处: to: source)
        moved = scope.to(match[1])
        if not isinstance(moved, _TargetRef):
            raise NotUnderstood(text)
        return [{"move": {"to": "source"}}]
    match = _fullmatch(r"move (.+?) to (?:that|the) (friendly|enemy) unit's battlefield", text, re.IGNORECASE)
    if match:  # where the unit of that side chosen before is (the Chinese 移动至该敌方单位的战场上)
        where = scope.to(f"the {match[2]} unit")
        moved = scope.to(match[1])
        if not isinstance(moved, _TargetRef) or moved == where:
            raise NotUnderstood(text)
        return [{"move": {"what": moved, "to": {"location_of": where}}}]
    match = _fullmatch(r"move (.+?) to a (location where there's a unit with the same controller|battlefield you control|"
                       r"battlefield where you have units)", text, re.IGNORECASE)
    if match:  # a place chosen as it resolves within the limits the card sets (449.1; the Chinese 移动到你控制的一处战场…)
        where = _LIMITED_DESTINATIONS[match[2].lower()]
        return [{"move": {"to": {"chosen": dict(where)}, "what": scope.to(match[1])}}]
    match = _fullmatch(r"move (.+?) to (?:a|another|a different) battlefield", text, re.IGNORECASE)
    if match:  # to a battlefield of its controller's choice (the Chinese 移动到一处战场)
        moved = scope.to(match[1])
        return [{"move": {"to": "chosen_battlefield", **({"what": moved} if moved is not None else {})}}]
    match = _fullmatch(r"move (.+?)(?: to a single location)?", text, re.IGNORECASE)
    if match:  # to a location of its controller's choice, one for all it moves (449.1); the moved object is `what`
        moved = scope.to(match[1])
        return [{"move": {"to": "chosen", **({"what": moved} if moved is not None else {})}}]
    swap = _fullmatch(r"swap the Might of two units at the same battlefield this turn", text, re.IGNORECASE)
    if swap and not scope.targets:  # 433: two units, the second at the first one's battlefield
        scope.targets += [{"where": "battlefield"}, {"where": "same_battlefield"}]
        return [{"swap_might": None}]
    fight = _fullmatch(r"(?P<who>they|we) deal damage equal to (?:their|our) Mights to each other", text, re.IGNORECASE)
    if fight:  # “they”: exactly the two units chosen; “we”: the source and the one unit chosen
        chosen = [spec.get("count", 1) if not spec.get("up_to") else 0 for spec in scope.targets]
        if fight["who"].lower() == "they" and sum(chosen) == 2 and all(chosen):
            return [{"fight": None}]
        if fight["who"].lower() == "we" and chosen == [1]:
            return [{"fight": {"with": "self"}}]
        raise NotUnderstood(text)
    created = _created(text, scope)
    if created is not None:
        scope.made = scope.made or bool(created["create"].get("play"))
        return [created]
    played = _played(text)
    if played is not None:
        return [played]
    some = _fullmatch(rf"return (up to )?({_NUM}) (unit|gear|spell|card)s?(?: with ([A-Z][\w-]*))? from your trash to your hand",
                      text, re.IGNORECASE)
    if some and (some[1] or _number(some[2]) > 1):  # (up to) N cards of your trash that fit (the Chinese 让最多两张…返回…)
        card = {"kind": _CARD_NOUNS[some[3].lower()], **({"keyword": _keyword_zh(some[4])} if some[4] else {})}
        return [{"return_from_trash": {"card": card, "amount": _number(some[2]), **({"up_to": True} if some[1] else {})}}]
    back = _fullmatch(r"return (.+?) from your trash to your hand", text, re.IGNORECASE)
    if back:  # one card of your trash that fits, back to your hand (the Chinese side's return_from_trash)
        return [{"return_from_trash": {"card": card_filter(back[1])}}]
    match = _fullmatch(r"the attacker and (?:the )?defender each add ((?:[①-⑳]|\w+ rune)+)", text, re.IGNORECASE)
    if match:  # 464.2.c: each of the combat's two players
        return [{"add": {**cost_of(match[1]), "who": "combatants"}}]
    match = _fullmatch(rf"add ({_COST_TEXT})", text, re.IGNORECASE)
    if match:
        return [{"add": cost_of(match[1])}]
    verb = _fullmatch(r"(\w+) (.+)", text)
    if verb and verb[1].lower() in _SIMPLE_VERBS:
        if verb[1].lower() == "banish" and _fullmatch(r"this|this spell", verb[2].strip(), re.IGNORECASE):
            return [{"banish": {"to": "this_card"}}]  # a spell banishing its own card, not a source unit
        found = [_with_to(_SIMPLE_VERBS[verb[1].lower()], {}, to) for to in _units_and_gear(verb[2], scope)]
        return [_countering_the_item(effect, scope) for effect in found]
    raise NotUnderstood(text)


def _countering_the_item(effect: dict, scope: _Scope) -> dict:
    """“Counter that spell” beside a unit chosen: counter acts on the one item on the chain chosen and takes no `to:`
    (the Chinese _counter_the_item)."""
    to = effect["counter"].get("to") if isinstance(effect.get("counter"), dict) else None
    if not isinstance(to, _TargetRef) or len(scope.targets) < 2:
        return effect
    items = [n for n, spec in enumerate(scope.targets, 1) if isinstance(spec, dict) and spec.get("kind") == "spell"]
    if items != [to]:
        raise NotUnderstood("counter: which item")
    return {"counter": None}


def _units_and_gear(phrase: str, scope: _Scope) -> list:
    """The `to:` of each effect on *phrase*: “all units and gear” is every unit and every gear, one effect each (as the
    Chinese 所有单位和装备); any other phrase one."""
    both = _fullmatch(r"all (?P<before>(?:[\w-]+ )*?)units and gear(?P<after>(?: .+)?)", phrase.strip(), re.IGNORECASE)
    if not both:
        return [scope.to(phrase)]
    return [scope.to(f"all {both['before']}{noun}{both['after']}") for noun in ("units", "gear")]


# An amount “equal to X” (the Chinese side's parse_amount): read as the instruction executes.
_AMOUNT_WORDS = {"my might": {"might_of": "self"}, "the number of cards in your hand": {"hand_of": "you"},
                 "the number of cards in your trash": {"trash_of": "you"}, "your points": {"points_of": "you"},
                 "your score": {"points_of": "you"}, "your xp": {"xp_of": "you"}}


def amount_equal(words: str, scope: _Scope) -> dict:
    """“my Might”, “my Assault”, “its Might”, “the number of enemy units here” → the amount it is."""
    words = words.strip()
    fixed = _AMOUNT_WORDS.get(words.lower())
    if fixed is not None:
        return dict(fixed)
    if scope.discarded and not scope.targets and words.lower() in ("its energy cost", "the discarded card's energy cost"):
        return {"discarded_cost": True}  # the cards the discard before took (the Chinese 被弃置手牌的法力费用)
    own = _fullmatch(rf"my ({_KEYWORD_NAMES})", words, re.IGNORECASE)
    if own and own[1].lower() in VALUED:  # the value of a keyword I have now (the Chinese 我强攻数值)
        return {"keyword_value": _keyword_zh(own[1])}
    item_cost = _fullmatch(r"that spell's Energy cost", words, re.IGNORECASE)
    if item_cost:  # the printed Energy cost of the spell chosen (206; the Chinese 该法术法力费用)
        item = scope.to("that spell")
        if not isinstance(item, _TargetRef) or scope.targets[item - 1].get("kind") != "spell":
            raise NotUnderstood(words)
        return {"cost_of": item}
    referent = _fullmatch(r"(its|that unit's|the (?:friendly|enemy) unit's) Might", words, re.IGNORECASE)
    if referent:
        unit = scope.to("it" if referent[1].lower() == "its" else referent[1][:-2])
        if not isinstance(unit, _TargetRef):
            raise NotUnderstood(words)
        return {"might_of": unit}
    counted = _fullmatch(r"the number of (.+)", words, re.IGNORECASE)
    if counted:
        found = selector(counted[1] if counted[1].lower().startswith("your ") else f"all {counted[1]}")
        if found.kind == "each":
            return {"count": found.spec}
    raise NotUnderstood(words)


# -- cards not on the board (CARD_FILTER) and playing them by an effect (419.3) -------------------------------

_CARD_NOUNS = {"unit": "unit", "gear": "gear", "spell": "spell", "card": "any"}
_CARD_FILTER = re.compile(
    rf"an? (?P<kind>unit|gear|spell|card)(?: (?:costing|with (?:Energy )?cost) no more than (?P<cost>[{CIRCLED}])"
    rf"(?: and (?:Power cost )?no more than (?P<power>any rune))?| with Energy cost (?P<least>[{CIRCLED}]) or more)?",
    re.IGNORECASE)


def card_filter(phrase: str) -> dict:
    """“a unit with Energy cost no more than ③ and Power cost no more than any rune” → {kind: unit, cost: {le: 3},
    power: {le: 1}}: a card in a deck, a hand or a trash (the Chinese side's CARD_FILTER)."""
    tags = _fullmatch(r"an? ([A-Z]\w*)(?:, ([A-Z]\w*))*,? or ([A-Z]\w*)|an? ([A-Z]\w*)", phrase.strip())
    if tags:  # “a Bird, Cat, Dog, or Poro”: a unit with any of those tags
        names = [_tag_noun(word) for word in _split(r",? or |, ", phrase.strip()[phrase.index(" ") + 1:])]
        if all(names):
            return {"kind": "unit", "tag": names if len(names) > 1 else names[0]}
    other = _fullmatch(r"an? non-(unit|gear|spell) card", phrase.strip(), re.IGNORECASE)
    if other:  # any card but that kind (the Chinese 一张非单位卡牌)
        return {"kind": "any", "not": {"kind": _CARD_NOUNS[other[1].lower()]}}
    as_killed = _fullmatch(r"(an? (?:unit|gear|spell|card)) that costs no more Energy and no more Power than the killed unit",
                           phrase.strip(), re.IGNORECASE)
    if as_killed:  # both costs at most those of the unit killed for the additional cost (the Chinese 不高于被摧毁单位的)
        spec = card_filter(as_killed[1])
        return {**spec, "cost": {"le": {"killed_for_cost": "energy"}}, "power": {"le": {"killed_for_cost": "power"}}}
    domain = _fullmatch(rf"an? ({'|'.join(ENGINE_DOMAINS)}) (.+)", phrase.strip())
    if domain:  # its printed domain (“a Mind card”)
        return {**card_filter(f"a {domain[2]}"), "domain": ENGINE_DOMAINS[domain[1]]}
    either = _fullmatch(r"an? (unit|gear|spell) or (?:an? )?(unit|gear|spell)", phrase.strip(), re.IGNORECASE)
    if either:  # “a unit or gear”: either kind
        return {"kind": [_CARD_NOUNS[either[1].lower()], _CARD_NOUNS[either[2].lower()]]}
    match = _CARD_FILTER.fullmatch(phrase.strip())
    if not match:
        raise NotUnderstood(phrase)
    kind = _CARD_NOUNS[match["kind"].lower()]
    spec: dict = {"kind": kind}  # “a card”: kind any (without a kind the filter is a unit)
    if match["cost"]:
        spec["cost"] = {"le": _energy(match["cost"])}
    if match["least"]:
        spec["cost"] = {"ge": _energy(match["least"])}
    if match["power"]:
        spec["power"] = {"le": 1}
    return spec


_ZONE_WORDS = {"from your trash": "trash", "in your trash": "trash", "from your hand": "hand", "from hand": "hand",
               "in your hand": "hand"}
_ZONE = "|".join(_ZONE_WORDS)
_IGNORING = r",? ignoring its (?P<energy>Energy )?cost"
_PLAY = re.compile(rf"play (?P<card>.+?) (?P<zone>{_ZONE})(?P<after> .+?)??(?P<base> to your base)?{_IGNORING}",
                   re.IGNORECASE)
_PLAY_IT = re.compile(rf"play it(?P<base> to your base)?{_IGNORING}", re.IGNORECASE)
_CHOOSE_CARD = re.compile(rf"(?P<may>you may )?choose (?P<card>.+?) (?P<zone>{_ZONE})(?P<after> .+)?", re.IGNORECASE)


def _play(card: dict, zone: str, base: bool, energy: bool) -> dict:
    """``play: {from, card, ignore_cost, at}`` as the Chinese side writes it: a unit card only (the engine plays no
    spell or gear by an effect yet); without a place named, its player's base or a battlefield they control."""
    if card.get("kind") not in ("unit", "gear", "spell"):  # one kind: the engine plays each its way (419.3)
        raise NotUnderstood("由效果打出几种牌之一")
    return {"play": {"from": zone, "card": card, "ignore_cost": "energy" if energy else True,
                     "at": "base" if base else "any"}}


def _played(text: str) -> dict | None:
    """“play a unit from your trash, ignoring its Energy cost”; the filter may come after the zone."""
    match = _PLAY.fullmatch(text)
    if not match:
        return None
    card = card_filter(match["card"] + (match["after"] or ""))
    return _play(card, _ZONE_WORDS[match["zone"].lower()], bool(match["base"]), bool(match["energy"]))


# The catalog's tokens by their English names → the token card's Chinese name, as scenarios and the Chinese
# compiler name it (zh.TOKENS: its kind, Might and the keyword the text restates, “with Temporary”).
# Recruit is the library's 随从 (187.1), as on the Chinese side: its token cards print the same facts.
TOKENS = {"Recruit": "随从", "Sprite": "精灵", "Mech": "机器人", "Sand Soldier": "黄沙士兵", "Bird": "战鹰", "Reflection": "映像",
          "Gold": "金币", "Tentacle": "触手", "Shadow Clone": "影分身"}
# The region a card names after a token (“Tentacle unit tokens from Bilgewater”): which printing of the token, checked
# against the token's own (the token made is the same card whatever the region said).
TOKEN_REGIONS = {"Tentacle": "Bilgewater"}
_CREATE = re.compile(
    rf"play (?P<count>{_NUM}) (?P<ready>ready )?(?:(?P<might>\d+|[{CIRCLED}]) Might )?(?P<token>[A-Z][\w' ]*?) "
    r"(?P<kind>unit|gear) tokens?(?: from (?P<region>[A-Z][\w ]*?))?(?: with (?P<keyword>[A-Z][\w-]*))?(?P<exhausted> exhausted)?"
    r"(?P<at> (?:to|in|into) your base| here| there)?", re.IGNORECASE)


def _created(text: str, scope: _Scope) -> dict | None:
    """“Play two 3 Might Mech unit tokens here” → ``create: {token: 机器人, count: 2, at: here, play: true}``
    (the Chinese side's form); the Might, kind and keyword stated must be the token's."""
    from judgekit.cardtext.zh import TOKENS as TOKEN_FACTS

    match = _CREATE.fullmatch(text)
    if not match:
        return None
    if match["token"] not in TOKENS:
        raise NotUnderstood(f"指示物“{match['token']}”")
    token = TOKENS[match["token"]]
    kind, might, keyword = TOKEN_FACTS[token]
    stated_keyword = _keyword_zh(match["keyword"]) if match["keyword"] else None
    gear = kind == "gear"
    stated = (_energy(match["might"]) if match["might"] in CIRCLED else int(match["might"])) if match["might"] else None
    if match["kind"].lower() != kind or (stated is not None and stated != might) or \
            (stated_keyword and stated_keyword != keyword) or bool(match["exhausted"]) != gear or (gear and match["ready"]) or \
            (match["region"] and match["region"] != TOKEN_REGIONS.get(match["token"])):
        raise NotUnderstood(f"“{match['token']}”的战力、关键词、状态或地区与指示物不符")
    params: dict = {"token": token}
    if _number(match["count"]) != 1:
        params["count"] = _number(match["count"])
    if match["at"] and "here" in match["at"]:
        params["at"] = "here"
    if match["at"] and "base" in match["at"]:  # the effect restricts where it is played (184.2), as zh 到你的基地
        params["at"] = "base"
    if match["at"] and "there" in match["at"]:  # only where a move started (the Chinese 在我移动的起点位置)
        if not scope.origin:
            raise NotUnderstood(text)
        params["at"] = "origin"
    if match["ready"]:
        params["ready"] = True
    return {"create": {**params, "play": True}}


def _keyword_zh(name: str) -> str:
    zh = KEYWORDS.get(name.lower())
    if zh is None:
        raise NotUnderstood(name)
    return zh


def _keyword_list(text: str) -> list[dict]:
    """“Deflect and Assault 2” → [{keyword: 法盾}, {keyword: 强攻, value: 2}]."""
    grants = []
    for part in _split(r",\s*(?:and\s+)?|\s+and\s+", text.strip()):
        match = _fullmatch(r"([A-Z][\w-]*)(?: (\d+))?", part.strip())
        if not match:
            raise NotUnderstood(part)
        grant = {"keyword": _keyword_zh(match[1])}
        if match[2]:
            grant["value"] = int(match[2])
        grants.append(grant)
    return grants


_CONDITIONS = [
    (rf"you control ({_NUM}) or more runes|you have (\d+)\+ runes", lambda m: {
        "count": {"kind": "rune", "who": "friendly"}, "at_least": _number(m[1] or m[2])}),
    (rf"you control ({_NUM}) or fewer runes", lambda m: {"count": {"kind": "rune", "who": "friendly"},  # none too
                                                          "at_least": 0, "at_most": _number(m[1])}),
    (r"I'm at a battlefield|I am at a battlefield", lambda m: {"at_battlefield": True}),
    (r"you paid the additional cost|you paid additional cost|you paid my additional cost", lambda m: {"paid_additional_cost": True}),
    (r"your Champion Zone is empty", lambda m: {"champion_zone_empty": True}),  # 108.3 (the Chinese 你的英雄区域为空)
    # 383.4.b: a spell or ability of yours chose such a unit this turn (the Chinese 你在本回合内选择过一名敌方单位)
    (r"you've chosen an? (enemy|friendly) unit this turn|you have chosen an? (enemy|friendly) unit this turn",
     lambda m: {"chose_this_turn": (m[1] or m[2]).lower()}),
    # the damage you assigned beyond lethal in the combat (465.2.c.4; the Chinese 你给敌方单位分配了不少于N点的过量伤害)
    (rf"you assigned ({_NUM}) or more excess damage to enemy units", lambda m: {"excess_assigned": {"ge": _number(m[1])}}),
    # what happened this turn: who discarded; a killed unit's controller as it died
    (r"you've discarded a card this turn|you have discarded a card this turn",
     lambda m: {"discarded_this_turn": "friendly"}),
    (r"an? (?:(enemy|friendly) )?unit (?:has )?died this turn", lambda m: {"killed_this_turn": m[1] or "any"}),
    (r"an opponent controls a battlefield", lambda m: {"opponent_battlefields": {"ge": 1}}),
    (rf"you've spent ([{CIRCLED}]) or more to play a spell this turn", lambda m: {"spent_on_spell": _energy(m[1])}),
    (rf"you have ({_NUM}) or fewer cards in your hand", lambda m: {"hand": {"le": _number(m[1])}}),
    # 811: cards the player hid at battlefields (the Chinese 你控制着一张正面朝下的卡牌)
    (r"you control a facedown card(?: at a battlefield)?", lambda m: {"facedown": {"ge": 1}}),
    (r"you control this battlefield", lambda m: {"controls_this_battlefield": True}),
    # after “when you play a spell”: the Energy paid for the card just played (the trigger's own reading)
    (rf"you spent ([{CIRCLED}]) or more", lambda m: {"spent_on_it": _energy(m[1])}),
    (r"I'm Empowered|I am Empowered|this is Empowered", lambda m: {"empowered": True}),
    (r"I'm Mighty|I am Mighty", lambda m: {"mighty": True}),
    (r"I'm in combat|I am in combat", lambda m: {"in_combat": True}),
    (r"I'm buffed|I am buffed|I have a buff", lambda m: {"buffed": True}),
    (r"I was Mighty", lambda m: {"mighty": True}),  # a Deathknell's: as it died
    (r"you play me to a battlefield", lambda m: {"at_battlefield": True}),  # where I am as I enter
    (r"I died alone", lambda m: {"alone": True}),  # 808.1.d.3
    (r"I didn't die alone|I did not die alone", lambda m: {"alone": False}),
    (r"I haven't been dealt damage this turn", lambda m: {"not": {"damaged_this_turn": True}}),
    (r"I've been dealt damage this turn|I have been dealt damage this turn", lambda m: {"damaged_this_turn": True}),
    (r"you control fewer runes than an opponent", lambda m: {"runes": {"lt": {"runes_of": "opponent"}}}),
    # your points or hand against an opponent's (the highest), or an opponent's points against yours (the Chinese _against)
    (r"you have (more|fewer) (points|cards in (?:your )?hand) than an opponent", lambda m: {
        "points" if m[2].lower() == "points" else "hand": {"gt" if m[1].lower() == "more" else "lt": {
            "points_of" if m[2].lower() == "points" else "hand_of": "opponent"}}}),
    (r"you have (\d+) or more XP|you have at least (\d+) XP", lambda m: {"level": int(m[1] or m[2])}),  # 824.1.c
    (r"an opponent has (more|fewer) points than you",
     lambda m: {"opponent_points": {"gt" if m[1].lower() == "more" else "lt": {"points_of": "you"}}}),
    (r"it's your Beginning Phase|it is your Beginning Phase", lambda m: {"your_phase": "beginning"}),
    (r"you played this from your hand|you played me from your hand", lambda m: {"from_hand": True}),
    (r"you've gained XP this turn|you have gained XP this turn", lambda m: {"gained_xp_this_turn": "friendly"}),
    (r"an opponent controls (an? [\w -]+? unit)", lambda m: {"count": {**selector(m[1]).spec, "who": "enemy"}}),
    (r"it's already stunned", lambda m: {"target_is": {"stunned": True}}),
    (r"it's Mighty|it is Mighty", lambda m: {"target_is": {"mighty": True}}),
    # of the units chosen, one at least has the keyword: not all of them lack it (the Chinese 其中至少一个拥有…)
    (rf"at least one of them has ({_KEYWORD_NAMES})",
     lambda m: {"not": {"target_is": {"not": {"keyword": KEYWORDS[m[1].lower()]}}}}),
    (r"an enemy unit is alone here", lambda m: {"count": {"who": "enemy", "where": "here", "alone": True}}),
    # “that battlefield” after a move away from it (checked where the condition is read): where the units moved were
    (r"there's an enemy unit alone at that battlefield|an enemy unit is alone at that battlefield",
     lambda m: {"count": {"who": "enemy", "where": "moved_from", "alone": True}}),
    (rf"you have ({_NUM}) or more other units in your base",
     lambda m: {"controls": {"where": "base", "other": True}, "at_least": _number(m[1])}),
    (r"you do", lambda m: {"you_did": True}),
    (r"you have a card with my name in your trash", lambda m: {"in_trash": {"same_name": True}}),  # one at least
    # after a channel: fewer runes channelled than it says (the Chinese 你无法达成 / 你无法以此方式召出两枚符文)
    (rf"you can't|you couldn't channel ({_NUM}) runes? this way", lambda m: dict(_CHANNEL_SHORT)),
    (rf"you have exactly ({_NUM}) cards? in (?:your )?hand", lambda m: {"hand": {"eq": _number(m[1])}}),
    (rf"you have exactly ({_NUM}) units? at battlefields", lambda m: {
        "controls": {"where": "battlefield"}, "at_least": _number(m[1]), "at_most": _number(m[1])}),
    # this turn's history (the engine's turn records), as the Chinese side's _HISTORY
    (r"you've spent at least any rune(?:×(\d+))? this turn|you have spent at least any rune(?:×(\d+))? this turn",
     lambda m: {"power_spent_this_turn": {"ge": int(m[1] or m[2] or 1)}}),
    (r"an? (?:(friendly|enemy) )?unit died during your (Beginning|Main|Ending|Channel|Draw) Phase this turn",
     lambda m: {"killed_this_turn": {"side": (m[1] or "any").lower(), "phase": m[2].lower()}}),
    (rf"I(?: have|'ve) moved ({_NUM}|twice) times? this turn|I(?: have|'ve) moved (twice) this turn",
     lambda m: {"moved_this_turn": {"ge": 2 if (m[1] or m[2]).lower() == "twice" else _number(m[1])}}),
    (r"I'm attacking with another unit|I am attacking with another unit",
     lambda m: {"attacking": True, "count": {"attacking": True, "other": True}}),
    # a unit, a gear or a legend of yours with the status (441.2)
    (r"you control something that's Empowered|you control something Empowered", lambda m: {"controls_empowered": True}),
    (r"it's your turn|it is your turn", lambda m: {"turn": "you"}),
    (r"it's an opponent's turn|it is an opponent's turn", lambda m: {"turn": "opponent"}),
    # 194.3: the opponent nearest to winning, within N points of the Victory Score
    (r"an opponent's score is within (\d+) points? of the Victory Score", lambda m: {"opponent_to_win": {"le": int(m[1])}}),
    (r"your score is (not )?within (\d+) points? of the Victory Score",  # 194.3: the points you still need
     lambda m: {"to_win": {"gt" if m[1] else "le": int(m[2])}}),
    (rf"you have (\d+)\+ units here|you have ({_NUM}) or more units here",
     lambda m: {"controls": {"where": "here"}, "at_least": _number(m[1] or m[2])}),
    (r"you have another unit here", lambda m: {"controls": {"where": "here", "other": True}}),
    # “that battlefield” after “when you conquer / hold”: the one scored (the trigger is checked in _ability)
    (rf"you have (\d+)\+ units at that battlefield|you have ({_NUM}) or more units at that battlefield",
     lambda m: {"controls": dict(model.SCORED), "at_least": _number(m[1] or m[2])}),
    # the chosen target as the instruction executes (target_is: every chosen one still there meets the filter)
    (r"it's Empowered|it is Empowered|that unit is Empowered", lambda m: {"target_is": {"empowered": True}}),
    (r"it's equipped|it is equipped|that unit is equipped", lambda m: {"target_is": {"equipped": True}}),
    (r"it's stunned|it is stunned", lambda m: {"target_is": {"stunned": True}}),
    (r"it's (?:attacking|an attacker)", lambda m: {"target_is": {"attacking": True}}),
    (r"it's (?:defending|a defender)", lambda m: {"target_is": {"defending": True}}),
    (r"it has (\d+) Might or (less|more)", lambda m: {"target_is": {"might": {"le" if m[2] == "less" else "ge": int(m[1])}}}),
    (r"you have (\d+) or more points", lambda m: {"points": {"ge": int(m[1])}}),
    # “there” after a chosen unit (moved): where the chosen targets are as it executes (the Chinese 你在其所在位置有…)
    (rf"you have (exactly )?({_NUM})( or more)? units? there", lambda m: {
        "controls": {"where": "there"}, "at_least": _number(m[2]), **({"at_most": _number(m[2])} if m[1] else {})}),
    # a battlefield you control with that many units there, any side's (the Chinese 你控制着一处有恰好两名单位的战场)
    (rf"you control a battlefield with (exactly |at least )?({_NUM})( or more)? units there", lambda m: {
        "controls_battlefield_with": {"at_least": _number(m[2]), **({"at_most": _number(m[2])} if m[1] == "exactly " else {})}}),
    (rf"there (?:is|are) exactly ({_NUM}) (other )?units? you control here", lambda m: {
        "controls": {"where": "here", **({"other": True} if m[2] else {})},
        "at_least": _number(m[1]), "at_most": _number(m[1])}),
]


_CHANNEL_SHORT = {"channel_short": True}
_UNITS_WHERE = {"there": "units there", "here": "units here"}  # “they each get …” after a count of your units (_Body)


def condition(text: str) -> dict:
    both = _fullmatch(r"(?P<first>(?P<verb>you (?:have|control) ).+?) and (?P<second>you .+|exactly .+)", text.strip(),
                      re.IGNORECASE)
    if both:  # “you have exactly 4 cards in hand and exactly 4 units at battlefields”: both hold, when they share no key
        second_text = both["second"] if both["second"].lower().startswith("you") else both["verb"] + both["second"]
        try:
            first, second = condition(both["first"]), condition(second_text)
        except NotUnderstood:
            first = second = None
        if first is not None and not set(first) & set(second):
            return {**first, **second}
    for pattern, build in _CONDITIONS:
        match = _fullmatch(pattern, text.strip(), re.IGNORECASE)
        if match:
            return build(match)
    played = _fullmatch(r"you've played (.+) this turn", text.strip(), re.IGNORECASE)
    if played:  # 419.4.b: each of these kinds of non-token card played this turn (a trigger's condition)
        kinds = {"a non-token unit": "unit", "a non-token gear": "gear", "a spell": "spell"}
        parts = _split(r",\s*(?:and\s+)?|\s+and\s+", played[1])
        if not all(part.lower() in kinds for part in parts):
            raise NotUnderstood(text)
        return {"played_this_turn": [kinds[part.lower()] for part in parts]}
    one = _fullmatch(r"you control (?:an?|another) ([\w -]+?)", text.strip(), re.IGNORECASE)
    if one and not _search(r"\bor more\b", one[1]):  # “you control another Empowered unit / a Mech”: one of yours
        try:
            found = selector(f"all {'other ' if text.strip().lower().startswith('you control another') else ''}{one[1]}")
        except NotUnderstood:
            found = None
        if found and found.kind == "each" and found.spec.get("who", "friendly") == "friendly" and "kind" not in found.spec:
            return {"controls": {k: v for k, v in found.spec.items() if k != "who"}}
    yours = _fullmatch(rf"you control ({_NUM}) or more ((?:other )?(?:[\w-]+ )*?(?:units|gear))", text.strip(), re.IGNORECASE)
    if yours:  # “you control 3 or more other gear”: a count of your own units or gear on the board
        found = selector(f"all {yours[2]}")
        if found.kind != "each" or found.spec.get("who", "friendly") != "friendly":
            raise NotUnderstood(text)
        return {"controls": {k: v for k, v in found.spec.items() if k != "who"}, "at_least": _number(yours[1])}
    several = _fullmatch(rf"there are ({_NUM}) or more ([\w -]+? units) here", text.strip(), re.IGNORECASE)
    if several:  # “there are two or more enemy units here”: anyone's units here, at least N
        found = selector(f"all {several[2]} here")
        if found.kind != "each":
            raise NotUnderstood(text)
        return {"count": found.spec, "at_least": _number(several[1])}
    here = _fullmatch(r"there(?:'s| is) (an? [\w -]+?) here", text.strip(), re.IGNORECASE)
    if here:  # “there's a stunned enemy unit here”: anyone's units here, at least one
        found = selector(f"{here[1]} here")
        if found.kind != "chosen" or set(found.spec) & {"count", "up_to", "kind"}:
            raise NotUnderstood(text)
        return {"count": found.spec}
    total = _fullmatch(r"(your (?:other )?|(?:other )?(?:friendly |enemy )?)((?:[\w-]+ )*?units(?: here)?) have (?:a )?total "
                       r"Might (?:of )?(\d+) or (more|less)", text.strip(), re.IGNORECASE)
    if total:  # “your other units have total Might 5 or more”: the Might of the units named, summed (as the Chinese 总计战力)
        whose = total[1].lower()
        found = selector("all " + whose.replace("your ", "") + ("friendly " if whose.startswith("your") else "") + total[2])
        if found.kind != "each":
            raise NotUnderstood(text)
        n = int(total[3])
        return {"might_total": found.spec, **({"at_least": n} if total[4].lower() == "more" else {"at_least": 0, "at_most": n})}
    there = _fullmatch(r"I'm at a battlefield with (.+ you control)", text.strip(), re.IGNORECASE)
    if there:  # “I'm at a battlefield with exactly one other unit you control”: both parts hold
        return {"at_battlefield": True, **condition(f"there is {there[1]} here")}
    raise NotUnderstood(text)


def _if_clause(text: str) -> tuple[dict, str] | None:
    """“if C, Y” → (C, Y); C may hold commas (“if you've played a unit, a gear, and a spell this turn, …”): the first
    comma after which the words before read as a condition ends it.  None when *text* does not start with “if”."""
    if not _match(r"if ", text, re.IGNORECASE):
        return None
    commas = [match.start() for match in re.finditer(", ", text)]
    if not commas:
        return None
    for comma in commas:
        try:
            return condition(text[3:comma]), text[comma + 2:]
        except NotUnderstood:
            continue
    raise NotUnderstood(text[3:commas[0]])


def _with_condition(effects: list[dict], cond: dict) -> list[dict]:
    """Every effect done only when *cond* holds (`if:` on each)."""
    out = []
    for effect in effects:
        (verb, params), = effect.items()
        if verb == "may":  # a link takes no `if:` of its own (the Chinese 如果C，则你可以选择Y: when)
            out.append({"when": {"if": cond, "effects": [effect]}})
            continue
        if params is None:
            params = {}
        elif not isinstance(params, dict):
            params = {"amount": params}
        out.append({verb: {**params, "if": cond}})
    return out


_VERBS_AFTER_AND = (r"(?:deal|give|draw|discard|kill|ready|stun|buff|banish|return|move|channel|play|counter|score|predict|"
                    r"heal|recall|empower|disempower|exhaust|add|gain|burn)\b")
_THEN = re.compile(rf",? then |,? and (?={_VERBS_AFTER_AND}|you may )", re.IGNORECASE)


_SPEND_USES = {"spells": "spell", "units": "unit", "gear": "gear", "activated abilities of units": "unit_ability",
               "activated abilities of gear": "gear_ability", "gear abilities": "gear_ability", "unit abilities": "unit_ability"}


def _spend_only(text: str) -> dict | None:
    """“Spend this Energy (Power) only to play units or activated abilities of units”, “… only during showdowns”: what
    limits an added resource (``add: {only, in_showdown}``), or None."""
    showdown = _fullmatch(r"spend this (?:energy|power) only during (?:a )?showdowns?", text.strip().rstrip("."), re.IGNORECASE)
    if showdown:
        return {"in_showdown": True}
    uses = _fullmatch(r"(?:spend this (?:energy|power)|use) only to (?:play )?(.+)", text.strip().rstrip("."), re.IGNORECASE)
    if not uses:
        return None
    only = [_SPEND_USES.get(part.strip().lower().removeprefix("play ").removeprefix("use ")) for part in
            _split(r",\s*(?:or\s+)?|\s+or\s+", uses[1])]
    return {"only": only} if only and None not in only and len(set(only)) == len(only) else None


PAID = {"paid": True}  # what a ``pay_any`` paid, the “that much” of its instructions


def _that_much(text: str, scope: _Scope) -> list[dict]:
    """What “pay any amount of … to” does with the amount paid: “Add that much Energy / any rune”, “deal that much
    damage to X”, “draw that many”."""
    added = _fullmatch(r"add that much (energy|any rune)", text, re.IGNORECASE)
    if added:
        return [{"add": {"energy" if added[1].lower() == "energy" else "power": dict(PAID)}}]
    said = _fullmatch(r"(deal) that much damage( to .+)|(draw) that many", text, re.IGNORECASE)
    if not said:
        raise NotUnderstood(text)
    (effect,) = _effect(f"deal 1{said[2]}" if said[1] else "draw 1", scope)
    (verb, params), = effect.items()
    return [{verb: {**params, "amount": dict(PAID)} if isinstance(params, dict) else {"amount": dict(PAID)}}]


def _instructions(text: str, scope: _Scope) -> list[dict]:
    """A run of instructions joined by “then” / “and”, each possibly “you may …”."""
    effects: list[dict] = []
    if _match(r"the next time you play a unit this turn, ", text.strip(), re.IGNORECASE):  # one delayed trigger, whole
        return _effect(text, scope)
    if _fullmatch(r".+ at (?:the )?end of (?:this )?turn", text.strip().rstrip("."), re.IGNORECASE):
        # “Lose control of it and recall it at end of turn”: the time is the whole run's
        return _effect(text.strip().rstrip("."), scope)
    replay = _fullmatch(r"banish (.+?),? then its owner plays it(?P<at> to the same location| to their base| to any battlefield)?, "
                        r"ignoring (?:its )?cost",
                        text.strip().rstrip("."), re.IGNORECASE)
    if replay:  # 427, 419.3: one instruction, the banished unit played again where it was, to its base, or either
        at = {" to the same location": {}, " to their base": {"at": "base"},
              " to any battlefield": {"at": "any_battlefield"}}.get((replay["at"] or "").lower(), {"at": "any"})
        return [_with_to("banish_and_replay", at, scope.to(replay[1]))]
    doer = ""  # “each player discards their hand, then draws 4”: the doer goes on
    parts = _THEN.split(text.strip().rstrip("."))
    this_turn = _match(r"this turn, ", text.strip(), re.IGNORECASE)
    if this_turn and len(parts) > 1:  # “This turn, double its Might and give it …”: the duration is each instruction's
        parts = [f"{part.strip()[this_turn.end() if index == 0 else 0:]} this turn" for index, part in enumerate(parts)]
    for part in parts:
        part = part.strip()
        if doer and _match(r"(?:draws|discards|burns|channels) ", part, re.IGNORECASE):
            part = f"{doer} {part}"
        doer = (_match(r"(each player|each opponent) ", part, re.IGNORECASE) or [""])[0].strip()
        if scope.event_player and _match(r"(?:that player|they) may ", part, re.IGNORECASE):  # the event's player (190.6.c)
            part = "you " + part.split(" ", 2 if part.lower().startswith("that") else 1)[-1]
        later = _fullmatch(r"(?:this turn, )?you may play (.+?) from (?:your )?hand(?: this turn)?, ignoring its Energy cost",
                           part, re.IGNORECASE)
        if later:  # a permission this turn for one card from hand (356.1.b.2; the Chinese 在本回合内，你可以选择从手牌中打出…)
            effects.append({"discount_next": {"ignore": "energy", "card": {"kind": "any", **card_filter(later[1])}}})
            continue
        if scope.arrival and _fullmatch(r"I may be moved with (?:it|that unit)", part, re.IGNORECASE):
            effects.append({"may": [{"move": {"to": "arrival"}}]})  # the Chinese 我可以选择跟随它一起移动
            continue
        may_pay = _fullmatch(r"you may pay (.+?) to (.+)", part, re.IGNORECASE) or \
            _fullmatch(r"you may (spend \d+ XP) to (.+)", part, re.IGNORECASE)
        may = _fullmatch(r"you may (.+)", part, re.IGNORECASE)
        by_doing = _fullmatch(r"you may ((?:burn|discard|kill|banish|recycle) .+?) to (.+)", part, re.IGNORECASE)
        if by_doing:  # “you may kill a unit you control here to draw 1”; not when the words after “to” are a place
            mark = len(scope.targets)
            try:
                _effect(by_doing[1], _Scope())
                _effect(by_doing[2], _Scope(scope.subject))
            except NotUnderstood:
                by_doing = None
            del scope.targets[mark:]
        paying = _fullmatch(r"you may pay (.+)", part, re.IGNORECASE) if not may_pay else None
        any_amount = _fullmatch(r"pay any amount of (energy|any rune) to (.+)", part, re.IGNORECASE)
        if any_amount:  # 204.3.b: a cost of any size within instructions (the Chinese 支付任意数量的…，以此…等量)
            effects.append({"pay_any": {"resource": "energy" if any_amount[1].lower() == "energy" else "power",
                                        "then": _that_much(any_amount[2], scope)}})
        elif paying and _cost_or_none(paying[1]) is not None:  # “You may pay ①.” and “If you do, …” after it (_Body)
            effects.append({"may_pay": {"cost": cost_of(paying[1]), "then": []}})
        elif may_pay:
            effects.append({"may_pay": {"cost": cost_of(may_pay[1]), "then": _instructions(may_pay[2], scope)}})
        elif by_doing:  # “you may Burn 1 to give me +1 Might”: the second done if you did the first (zh 你可以选择X，以此Y)
            effects.append({"may": _instructions(by_doing[1], scope)})
            effects += _with_condition(_instructions(by_doing[2], scope), {"you_did": True})
        elif may:
            effects.append({"may": _instructions(may[1], scope)})
        else:
            effects += _either(part, scope) or _effect(part, scope)
    return effects


def _cost_or_none(text: str) -> dict | None:
    try:
        return cost_of(text)
    except NotUnderstood:
        return None


def _either(text: str, scope: _Scope) -> list[dict] | None:
    """“draw 1 or channel 1 rune exhausted”: one of two instructions, chosen as it resolves (``one_of``, as a mode,
    355.3); None when *text* is not two instructions joined by “or”."""
    first, joint, second = text.partition(" or ")
    if not joint or " or " in second:
        return None
    mark = len(scope.targets)
    try:
        branches = [_effect(first, scope), _effect(second, scope)]
    except NotUnderstood:
        del scope.targets[mark:]
        return None
    return [{"one_of": branches}]


class _Body:
    """The instructions of one ability (or a spell) being read sentence by sentence."""

    def __init__(self, scope: _Scope):
        self.scope = scope
        self.effects: list[dict] = []
        self.last_condition: dict | None = None
        self.chosen_card: tuple[dict, str, bool] | None = None  # a card chosen in a zone, for the next sentence
        self.choosing_one = False  # “choose one —” read: the mode lines follow
        self.every_if: dict | None = None  # a condition on every instruction (an activated ability's Legion)
        self.picking: dict | None = None  # the card you choose from a revealed hand, for “They recycle that card”
        self.keeping = False  # “Each player chooses a unit they control.” read: “Kill the rest.” follows (kill_rest)
        self.level_targets = 0  # targets a spell's Level lines chose (clauses.level_target)
        # “Then do this: X. Y.”: where the reflexive trigger's instructions start, its `if`, the targets chosen before it
        self.reflexive: tuple[int, dict | None, int] | None = None

    def modes(self, lines: list[str]) -> None:
        """After “choose one —”: each line one branch of ``one_of`` (355.3, chosen as the ability resolves)."""
        if not self.choosing_one:
            raise NotUnderstood("模式")
        grants, self.choosing_one = self.choosing_one == "grants", False
        if grants:  # “choose one to give me this turn —” and a keyword a line: one of the grants, to me this turn
            self.effects.append({"one_of": [[{"grant": grant} for grant in _keyword_list(line)] for line in lines]})
            return
        self.effects.append({"one_of": [_instructions(line, self.scope) for line in lines]})

    def sentence(self, text: str) -> None:
        text = text.strip().rstrip(".")
        if _fullmatch(r"choose one —", text, re.IGNORECASE) and not self.effects:
            self.choosing_one = True
            return
        if _fullmatch(r"choose one to give me this turn —", text, re.IGNORECASE) and not self.effects:
            self.choosing_one = "grants"
            return
        if self.keeping:  # each keeps the unit chosen, every other unit killed together (370.1.a.2)
            if not _fullmatch(r"kill the rest", text, re.IGNORECASE):
                raise NotUnderstood(text)
            self.keeping = False
            self.effects.append({"kill_rest": None})
            return
        if _fullmatch(r"each player chooses a unit they control", text, re.IGNORECASE):
            self.keeping = True
            return
        if self.chosen_card is not None:  # “… choose a unit in your trash …. Play it to your base, ignoring its cost.”
            (card, zone, may), self.chosen_card = self.chosen_card, None
            play_it = _PLAY_IT.fullmatch(text)
            if not play_it:
                raise NotUnderstood(text)
            played = [_play(card, zone, bool(play_it["base"]), bool(play_it["energy"]))]
            self.effects += [{"may": played}] if may else played
            return
        look = self._last_look()
        trashed = _fullmatch(r"otherwise, put it (?:in|into) your trash(?: and (.+))?", text, re.IGNORECASE) \
            if look is not None else None
        if trashed and look.get("amount") == 1 and look.get("reveal") and look.get("take", {}).get("to") == "hand" and \
                "rest" not in look:  # the revealed card not taken goes to the trash; what else then, by the look's take
            look["rest"] = "trash"
            if trashed[1]:
                self.effects += _with_condition(_instructions(trashed[1], self.scope), {"you_did": False})
            return
        if look is not None and self._look_goes_on(look, text):
            self.scope.made = self.scope.made or look.get("take", {}).get("to") == "play"  # “it”: the card it played
            return
        if self.effects and set(self.effects[-1]) == {"counter"} and \
                set(self.effects[-1]["counter"] or {}) <= {"to"} and \
                _fullmatch(r"return it to its owner's hand instead of putting it in their trash", text, re.IGNORECASE):
            self.effects[-1] = {"counter": {"to": "hand"}}  # the spell just countered (the Chinese 而不是将其放入废牌堆)
            if len(self.scope.targets) != 1:
                raise NotUnderstood(text)
            return
        limit = _spend_only(text) if self.effects and set(self.effects[-1]) == {"add"} else None
        if limit:  # “Add ②. Spend this Energy only to play spells.”: the resource just added, limited (as zh reads it)
            self.effects[-1] = {"add": {**self.effects[-1]["add"], **limit}}
            return
        if self._revealed_hand(text):
            return
        do_this = _fullmatch(r"(?P<done>if you do, )?(?:then )?(?P<may>you may )?do this: (?P<rest>.+)", text, re.IGNORECASE)
        if do_this:  # “Then do this: X. Y.”: X and what follows are a reflexive trigger's (387.1, 388.1)
            if self.reflexive is not None:
                raise NotUnderstood(text)
            done = {"you_did": True} if do_this["done"] else None
            self.reflexive = (len(self.effects), done, len(self.scope.targets))
            rest = do_this["rest"]
            text = f"{do_this['may'] or ''}{rest[0].lower() if do_this['may'] else rest[0]}{rest[1:]}"
        their = _fullmatch(rf"(?P<may>you may )?choose (?P<card>an? .+?) in (?P<whose>your|their) trash and play it{_IGNORING}",
                           text, re.IGNORECASE)
        if their:  # chosen and played in one sentence; “their trash”: the chosen player's (whose: chosen_player)
            played = _play(card_filter(their["card"]), "trash", False, bool(their["energy"]))
            if their["whose"].lower() == "their":
                if len(self.scope.targets) != 1 or self.scope.targets[0].get("kind") != "player":
                    raise NotUnderstood(text)
                played["play"]["whose"] = "chosen_player"
            self.effects += [{"may": [played]}] if their["may"] else [played]
            return
        card = _CHOOSE_CARD.fullmatch(text)
        if card:  # a card not on the board, chosen as it resolves: what the next sentence plays
            self.chosen_card = (card_filter(card["card"] + (card["after"] or "")), _ZONE_WORDS[card["zone"].lower()],
                                bool(card["may"]))
            return
        choose = _fullmatch(r"(?:then )?choose (.+)", text, re.IGNORECASE)
        if choose and not _match(r"(?:one|a mode)\b", choose[1], re.IGNORECASE):
            paired = _fullmatch(r"(.+?) and (an? .+?) with the same controller", choose[1], re.IGNORECASE)
            if paired and not self.scope.targets:  # the second controlled by the first one's controller
                self.scope.to(paired[1])
                self.scope.to(paired[2])
                if len(self.scope.targets) != 2:
                    raise NotUnderstood(text)
                self.scope.targets[1]["same_controller"] = {"target": 1}
                return
            for part in _split(r"\s+and\s+(?=an?\b|another\b|up to\b)", choose[1]):
                self.scope.to(part)
            return
        if self._paid_or_not(text) or self._buffs_spent(text):
            return
        if _match(r"then,? if ", text, re.IGNORECASE):  # “Then if you control 7 or more runes, draw 1”: “then” only goes on
            text = _sub(r"^(?i:then),? ", "", text)
        otherwise = _fullmatch(r"otherwise, (.+)", text, re.IGNORECASE)
        if otherwise:
            if self.last_condition is None:
                raise NotUnderstood(text)
            self.effects += _with_condition(_instructions(otherwise[1], self.scope), {"not": self.last_condition})
            return
        last = self.effects[-1].get("each_chooses") if self.effects and set(self.effects[-1]) == {"each_chooses"} else None
        if last is not None and last["then"] is None:  # what is done to the units picked in turn (the Chinese 摧毁选中的所有单位)
            if not _fullmatch(r"kill (?:those|these|the chosen) units", text, re.IGNORECASE):
                raise NotUnderstood(text)
            last.update(then="kill", together=True)
            return
        death = self._next_death(text)
        if death is not None:  # the chosen unit's next death this turn, replaced (369; the engine's replace_death)
            if not self.scope.targets:
                raise NotUnderstood(text)
            self.effects.append(death)
            return
        conditional = _if_clause(text)
        if conditional:
            cond, rest = conditional
            if cond == _CHANNEL_SHORT and not (self.effects and "channel" in self.effects[-1]):
                raise NotUnderstood(text)  # fewer runes channelled: only after a channel
            if (cond.get("count") or {}).get("where") == "moved_from" and not (self.effects and "move" in self.effects[-1]):
                raise NotUnderstood(text)  # “that battlefield”: only after a move away from one
            exempt = _fullmatch(r"you don't kill (?:a|one of your) (unit|gear)s? this way", rest, re.IGNORECASE)
            last = self.effects[-1] if self.effects else {}
            (verb, params), = last.items() if len(last) == 1 else ((None, None),)
            if exempt and verb == "kill_own" and isinstance(params, dict) and params.get("who") == "each_player" \
                    and "if" not in params:
                # “Each player kills one of their units. If C, you don't kill a unit this way”: on C only the opponents
                # do it (zh's _exempt)
                if params.get("kind", "unit") != exempt[1].lower():
                    raise NotUnderstood(text)
                self.effects[-1:] = _with_condition([{verb: {**params, "who": "opponent"}}], cond) + \
                    _with_condition([last], {"not": cond})
                self.last_condition = cond
                return
            instead = _fullmatch(r"(.+?) instead", rest, re.IGNORECASE)
            if instead:  # “If C, deal 5 to it instead”: the earlier instruction only when C does not hold, after
                if not self.effects:  # the new one (as zh's _instead_pair: the earlier one cannot make C hold first)
                    raise NotUnderstood(text)
                last = self.effects[-1]
                inner = last["may"] if set(last) == {"may"} and len(last["may"]) == 1 else None  # “you may X. If C, Y instead”
                before = inner or self.effects[-1:]
                amount = _fullmatch(r"deal (\d+)", instead[1], re.IGNORECASE)
                (verb, params), = before[0].items()
                new = [{verb: {**(params if isinstance(params, dict) else {}), "amount": int(amount[1])}}] \
                    if amount and verb == "deal" else _instructions(instead[1], self.scope)  # “deal 2 instead”: the same deal
                pair = _with_condition(new, cond) + _with_condition(before, {"not": cond})
                self.effects[-1:] = [{"may": pair}] if inner else pair
                self.last_condition = cond
                return
            counted = _fullmatch(r"they each (?:get|have) (.+)", rest, re.IGNORECASE)
            if counted and set(cond) - {"at_least", "at_most"} == {"controls"} and \
                    set(cond["controls"]) <= {"where"}:  # “they”: the units of yours counted
                rest = f"give your {_UNITS_WHERE.get(cond['controls'].get('where'), 'units')} {counted[1]}"
            self.effects += _with_condition(_instructions(rest, self.scope), cond)
            self.last_condition = cond
            return
        then = _fullmatch(r"then (.+)", text, re.IGNORECASE)
        text = then[1] if then else text
        trailing = _fullmatch(r"(.+?) if (.+)", text, re.IGNORECASE)
        if trailing:  # “Then kill it if it has 3 Might or less”: the condition after its instruction
            try:
                cond = condition(trailing[2])
            except NotUnderstood:
                cond = None
            if cond is not None:
                self.effects += _with_condition(_instructions(trailing[1], self.scope), cond)
                self.last_condition = cond
                return
        self.effects += _instructions(text, self.scope)

    def _paid_or_not(self, text: str) -> bool:
        """After “You may pay ①.”: “If you do, Y.” is what the payment does (``then``), and “Otherwise, Z.” after it what
        is done when it is not paid (``otherwise``; the Chinese 你可以选择支付①，以此Y。否则，Z)."""
        paying = self.effects[-1].get("may_pay") if self.effects and set(self.effects[-1]) == {"may_pay"} else None
        if paying is None or "payer" in paying:
            return False
        done = _fullmatch(r"if you do, (.+)", text, re.IGNORECASE) if not paying["then"] else None
        otherwise = _fullmatch(r"otherwise, (.+)", text, re.IGNORECASE) if paying["then"] and "otherwise" not in paying \
            else None
        if done:
            paying["then"] = _instructions(done[1], self.scope)
        elif otherwise:
            paying["otherwise"] = _instructions(otherwise[1], self.scope)
        return bool(done or otherwise)

    def _buffs_spent(self, text: str) -> bool:
        """“(You may) spend any number of buffs. For each buff spent, Y.”: buffs of your units in any number, Y that often
        (``pay_any`` of buffs, Y a repeat of {paid} times; the Chinese 消耗任意数量的增益。每消耗一个增益，便Y)."""
        if _fullmatch(r"(?:you may )?spend any number of buffs", text, re.IGNORECASE):
            self.effects.append({"pay_any": {"resource": "buffs", "then": []}})
            return True
        each = _fullmatch(r"for each buff (?:you )?spent, (.+)", text, re.IGNORECASE)
        if not each or self.effects[-1:] != [{"pay_any": {"resource": "buffs", "then": []}}]:
            return False
        self.effects[-1]["pay_any"]["then"] = [{"repeat": {"times": dict(PAID), "effects": _instructions(each[1], self.scope)}}]
        return True

    def _revealed_hand(self, text: str) -> bool:
        """“They reveal their hand (and you choose CARD from it).”, “Choose CARD from it, and recycle that card.”, “They
        discard that card.”: the chosen player's hand revealed, and the card you pick from it that they recycle or discard
        (``reveal_hand: {who: chosen_player, pick: {card, then}}``, as the Chinese 让其展示手牌，并从中选择…)."""
        if _fullmatch(r"you can look at their facedown cards this turn", text, re.IGNORECASE):
            if self.scope.targets != [PLAYER_SPECS["opponent"]]:  # an opponent chosen (the Chinese 该对手正面朝下的卡牌)
                raise NotUnderstood(text)
            self.effects.append({"look_facedown": {"who": "chosen_player"}})
            return True
        reveal = _fullmatch(r"they reveal their hand(?: and you choose (?P<card>.+?) from it)?", text, re.IGNORECASE)
        if reveal:
            if self.scope.targets != [PLAYER_SPECS["opponent"]] and self.scope.targets != [PLAYER_SPECS["player"]]:
                raise NotUnderstood(text)
            self.effects.append({"reveal_hand": {"who": "chosen_player"}})
            self.picking = card_filter(reveal["card"]) if reveal["card"] else None
            return True
        last = self.effects[-1].get("reveal_hand") if self.effects and set(self.effects[-1]) == {"reveal_hand"} else None
        pick = _fullmatch(r"choose (?P<card>.+?) from it,? and (?:they )?(?P<then>recycle|discard) that card", text,
                          re.IGNORECASE)
        then = _fullmatch(r"they (?P<then>recycle|discard) (?:that card|it)", text, re.IGNORECASE)
        if last is None or "pick" in last or not (pick or (then and self.picking)):
            return False
        card = card_filter(pick["card"]) if pick else self.picking
        last["pick"] = {"card": {"kind": "any", **card}, "then": (pick or then)["then"].lower()}
        self.picking = None
        return True

    @staticmethod
    def _next_death(text: str) -> dict | None:
        """A death replaced for the rest of the turn (“if it would die this turn, … instead”, or “the next time …”, with
        one or more instructions such as healing, exhausting or recalling it) → ``replace_death``; None for any other
        sentence."""
        match = _fullmatch(r"(?:if|the next time) (?:it|that unit) would die this turn, (.+) instead", text, re.IGNORECASE)
        if not match:
            return None
        if _fullmatch(r"banish it", match[1], re.IGNORECASE):
            return {"replace_death": {"instead": "banish"}}
        steps = sorted(part.lower() for part in _split(r",\s*(?:and\s+)?|\s+and\s+", match[1]))
        if steps != ["exhaust it", "heal it", "recall it"]:
            raise NotUnderstood(text)
        return {"replace_death": None}

    def _last_look(self) -> dict | None:
        """The cards the last instruction looked at or revealed (“you may reveal …” included), which the next sentences
        go on with; None when it did not look."""
        last = self.effects[-1] if self.effects else {}
        if set(last) == {"may"} and len(last["may"]) == 1:
            last = last["may"][0]
        return last["look"] if set(last) == {"look"} else None

    def level(self, level: int, sentences: list[str]) -> None:
        """A spell's “Level N ▸ Y”: Y's instructions only with N XP (``if: {level: N}``); “Level N ▸ Y instead” does Y in
        place of the instruction before it (``{not: {level: N}}`` on that one). Y choosing a target of its own is not
        read (without the XP the spell has nothing to choose it with)."""
        cond = {"level": level}
        chosen = len(self.scope.targets)
        for number_, text in enumerate(sentences):
            text = text.strip().rstrip(".")
            instead = _fullmatch(r"(.+?) instead", text, re.IGNORECASE)
            effects = _instructions(instead[1] if instead else text, self.scope)
            if len(self.scope.targets) != chosen:  # a target of its own: only with the XP (checked once read, level_target)
                if instead:
                    raise NotUnderstood(f"等级{level}的目标")
                self.level_targets += len(self.scope.targets) - chosen
                chosen = len(self.scope.targets)
            if instead:  # the new one first, then the replaced one on “not” (as zh's _instead_pair)
                if number_ or not self.effects or len(effects) != 1:
                    raise NotUnderstood(text)
                self.effects[-1:] = _with_condition(effects, cond) + _with_condition(self.effects[-1:], {"not": cond})
                continue
            self.effects += _with_condition(effects, cond)

    @staticmethod
    def _look_goes_on(look: dict, text: str) -> bool:
        """“You may reveal a unit from among them and draw it.”, “Put 1 into your hand and recycle the rest.”,
        “If it's a gear, draw it. Otherwise, recycle it.” (after revealing the top card), “You may banish one, then play
        it, reducing its cost by ②.”, “(Then) recycle the rest.”, “Draw any you didn't banish.”: the cards looked at or
        revealed, one taken and the rest recycled, trashed or drawn (one ``look``)."""
        text = _sub(r"^(?i:then) ", "", text.strip().rstrip("."))
        rest = _search(r"(?i:,? and recycle the (?:rest|other)$|^recycle the (?:rest|remaining cards)$|"
                       r"^put the rest into your trash$|^draw any you didn't banish$|^otherwise, recycle it$)", text)
        taken = text[:rest.start()] if rest else text
        if rest and ("rest" in look or (rest[0].lower().startswith("otherwise") and
                                        not (look.get("amount") == 1 and look.get("reveal") and "take" in look))):
            return False
        here = _fullmatch(r"if it is a unit, you may play it here", taken, re.IGNORECASE) if taken else None
        if here:  # the card banished and played: a unit may go here instead of to base (the Chinese 则可以选择将其打出到此处)
            take = look.get("take", {})
            if take.get("to") != "play" or "at" in take:
                return False
            take["at"] = "base_or_here"
            return True
        if taken:
            if "take" in look:
                return False
            take = _look_take(taken, look)
            if take is None:
                return False
            look["take"] = take
        if rest:
            words = rest[0].lower()
            look["rest"] = "trash" if "trash" in words else "draw" if "draw" in words else "recycle"
        return True

    def finish(self, into: dict) -> dict:
        """*into* with `target` (one spec or a list) and `effects`, target references resolved."""
        if self.chosen_card is not None:
            raise NotUnderstood("选出的卡牌后没有打出它的指示")
        if self.keeping:
            raise NotUnderstood("“each player chooses a unit they control”之后没有读到“kill the rest”")
        if any(set(effect) == {"may_pay"} and effect["may_pay"].get("then") == [] for effect in self.effects):
            raise NotUnderstood("“you may pay …”之后没有读到付费后做的事")
        if any(set(effect) == {"pay_any"} and not effect["pay_any"]["then"] for effect in self.effects):
            raise NotUnderstood("“spend any number of buffs”之后没有读到“for each buff spent, …”")
        effects = self._reflexive_wrapped()
        targets = self.scope.targets
        if targets:
            into["target"] = targets[0] if len(targets) == 1 else targets
        effects = _with_condition(effects, self.every_if) if self.every_if else effects
        into["effects"] = [_resolve(effect, len(targets)) for effect in effects]
        if not into["effects"]:
            raise NotUnderstood("没有效果")
        return into


    def _reflexive_wrapped(self) -> list[dict]:
        """The effects with those after “do this:” a `do_this` (as zh's 进行一次): the targets chosen in it are its own,
        chosen as it is finalized after its maker resolved (355.5.b); beside targets chosen before it, not read."""
        if self.reflexive is None:
            return self.effects
        start, done, chosen_before = self.reflexive
        inner, own = self.effects[start:], self.scope.targets[chosen_before:]
        if own and chosen_before:
            raise NotUnderstood("“do this”中选择的目标与之前选择的目标并用")
        reflexive: dict = {"effects": inner}
        if own:
            reflexive = {"target": own[0] if len(own) == 1 else own, "effects": _resolve(inner, len(own))}
            del self.scope.targets[chosen_before:]
        if not inner:
            raise NotUnderstood("“do this:”之后没有指示")
        return self.effects[:start] + [{"do_this": {**reflexive, **({"if": done} if done else {})}}]


def _look_take(text: str, look: dict) -> dict | None:
    """What is taken of the cards looked at or revealed (``look.take``), or None when *text* says no such thing."""
    reveal = _fullmatch(r"(you may )?(?:reveal|choose) (.+?) from among them and draw it", text, re.IGNORECASE)
    if reveal:
        return {"card": card_filter(reveal[2]), "to": "hand", **({"may": True} if reveal[1] else {})}
    if text.lower() in ("put 1 into your hand", "draw one", "draw 1"):
        return {"card": {"kind": "any"}, "to": "hand"}  # any card: kind any
    kind = _fullmatch(r"if it's (an? \w+), (?:draw it|put it (?:in|into) your hand)", text, re.IGNORECASE)
    if kind and look.get("amount") == 1 and look.get("reveal"):  # the one card revealed, if it is of that kind
        return {"card": card_filter(kind[1]), "to": "hand"}
    banish = _fullmatch(rf"you may banish (one|.+? from among them),? (?:then|and) play it(?:, reducing its (?:Energy )?cost by ([{CIRCLED}]))?",
                        text, re.IGNORECASE)
    if banish:  # banished, then played from the banishment (the Chinese 放逐其中一张，然后将其打出)
        card = {"kind": "any"} if banish[1].lower() == "one" else card_filter(banish[1][:-len(" from among them")])
        return {"card": card, "may": True, "to": "play", "banish": True,
                **({"discount": _energy(banish[2])} if banish[2] else {})}
    return None


# Verbs the Chinese side keeps as {amount: N} (获得N分): not written as the scalar shorthand.
_AMOUNT_KEPT = {"gain_points", "recycle"}


def _resolve(value, target_count: int, nested: bool = False, verb: str = ""):
    """Target references → nothing (the only target: the default) or {target: N}; an effect on its own
    source without targets loses its `to: self`, except inside a payment's `then` (as the Chinese side
    writes both)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in ("to", "what") and isinstance(item, _TargetRef):
                if target_count > 1:
                    out[key] = {"target": int(item)}
                continue
            if key == "to" and item == "self" and not target_count and not nested:
                continue  # without targets an effect acts on its source
            if key == "each" and item == {}:  # every unit: an empty filter, not a missing one
                out[key] = {}
                continue
            inner = nested or key in ("then", "otherwise")
            out[key] = _resolve(item, target_count, inner, key if len(value) == 1 else verb)
        if len(out) == 1 and "amount" in out and not isinstance(out["amount"], dict) and verb not in _AMOUNT_KEPT:
            return out["amount"]
        return out or None
    if isinstance(value, list):
        return [_resolve(item, target_count, nested) for item in value]
    if isinstance(value, _TargetRef):  # “double its Might”: {might_of: target} of the only target, else {target: N}
        return "target" if target_count == 1 else {"target": int(value)}
    return value


# -- abilities ------------------------------------------------------------------------

_TRIGGERS = [
    (r"you play me|you play this|I'm played|I am played", {"event": "played", "subject": "self"}),
    (r"I attack", {"event": "attacked", "subject": "self"}),
    # played, and where it works is a battlefield once played (the event comes after it)
    (r"you play me to a battlefield", {"event": "played", "zone": "battlefield"}),
    (r"I defend", {"event": "defended", "subject": "self"}),
    # A battlefield's own events: a unit of yours conquers or holds it (as the Chinese side writes them).
    # “after an attack”: as an attacker of the combat won (466.5; the Chinese 当我通过进攻征服一处战场时)
    (r"I conquer after an attack", {"event": "conquered", "subject": "self", "_condition": {"attacking": True}}),
    (r"I conquer|you conquer here", {"event": "conquered", "subject": "self"}),
    (r"I hold|you hold here", {"event": "held", "subject": "self"}),
    (r"you defend here", {"event": "player_defended", "subject": "any", "player": "you", "at": "here"}),
    # 383.4.f: once a combat, anywhere; its object the battlefield (“there” after it is that battlefield)
    (r"you defend at a battlefield", {"event": "player_defended", "subject": "any", "player": "you", "_field": True}),
    (r"I move", {"event": "moved", "subject": "self"}),
    # where I am once moved (the event follows the move, 383.2.c)
    (r"I move to a battlefield", {"event": "moved", "zone": "battlefield"}),
    (r"I win a combat", {"event": "won_combat", "subject": "self"}),
    (r"you win a combat", {"event": "combat_won", "subject": "any", "player": "you"}),  # 466.3.a: once a combat
    (r"another friendly unit dies", {"event": "killed", "subject": "friendly", "other": True}),
    (r"I die", {"event": "killed", "subject": "self"}),
    (r"I die (?:in|during) (?:a )?combat", {"event": "killed", "subject": "self", "_condition": {"in_combat": True}}),
    (r"(?:I|this) leaves? the board", {"event": "left_board", "subject": "self"}),  # killed, banished, returned …
    (r"a combat (?:that )?I was in ends", {"event": "combat_ended", "subject": "self"}),  # 466.7
    (r"(?:a )?combat starts here", {"event": "combat_began", "subject": "self"}),  # a battlefield's (464.2)
    (r"a showdown begins here", {"event": "showdown_began", "subject": "any", "at": "here"}),  # 316.8.b, 464.2.b
    (r"I become Empowered", {"event": "empowered", "subject": "self"}),
    # 441.2.a: anything you empower (a unit, a gear, a legend, yours or not) but the source
    (r"you empower something else", {"event": "empowered", "subject": "any", "player": "you", "other": True}),
    # readied by a spell or ability, or as its controller awakens (315.1): the engine's `readied`
    (r"I become ready|I'm readied", {"event": "readied", "subject": "self"}),
    # any battlefield, scored by the ability's controller (383.4.c.2, 383.4.d.2): the scorer is the event's player
    (r"you conquer", {"event": "conquered", "subject": "any", "player": "you"}),
    # your units here as it is conquered, one of them at least Mighty (the Chinese 当你以强力单位征服此处时)
    (r"you conquer here with one or more Mighty units", {"event": "conquered", "subject": "self",
                                                          "_condition": {"controls": {"where": "here", "mighty": True}}}),
    (r"you hold", {"event": "held", "subject": "any", "player": "you"}),
    # any card you play, the first of the turn (419.4.a): the trigger's condition first_played
    (r"you play your first card each turn", {"event": "played", "subject": "any", "player": "you",
                                             "_condition": {"first_played": True}}),
    (r"you play a spell", {"event": "played", "subject": "friendly", "card_type": "spell"}),
    # the played card meets a filter: read on the unit as it is on the board, on a spell's printed cost
    (r"you play a Mighty unit", {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"mighty": True}}),
    (r"you play a token unit", {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"token": True}}),
    *((rf"you play a spell that costs {circled} or more",
       {"event": "played", "subject": "friendly", "card_type": "spell", "card": {"cost": {"ge": n}}})
      for n, circled in enumerate(CIRCLED) if n),
    # a stun, a buff or a readying done by you, on a unit not already so (423.1.a.1, 426.1.c)
    (r"you stun an enemy unit", {"event": "stunned", "subject": "enemy", "player": "you"}),
    (r"you stun an enemy unit at a battlefield", {"event": "stunned", "subject": "enemy", "player": "you",
                                                  "card": {"where": "battlefield"}}),
    (r"you buff me", {"event": "buffed", "subject": "self", "player": "you"}),
    (r"you buff a friendly unit", {"event": "buffed", "subject": "friendly", "player": "you"}),
    (r"you ready a friendly unit", {"event": "readied", "subject": "friendly", "player": "you"}),
    # 428.5: a kill attributed to a spell (or an ability a spell made) you control
    (r"you kill a unit with a spell", {"event": "killed", "subject": "any", "responsible": "you", "by": "spell"}),
    (r"a unit you control becomes Mighty", {"event": "became_mighty", "subject": "friendly"}),
    # a unit moving away from where the source is (the Chinese 从此处/我的位置向别处移动时): here is my location (053.3)
    *((rf"{unit} moves from (?:here|my location)", {"event": "moved", "subject": side, "at": "from_here", **other})
      for unit, side, other in (("a unit", "any", {}), ("a friendly unit", "friendly", {}), ("an enemy unit", "enemy", {}),
                                ("another friendly unit", "friendly", {"other": True}))),
    # to score is to conquer or to hold (469); alone, no other friendly unit where it is (740.2.a)
    (r"an opponent scores", tuple({"event": event, "subject": "any", "player": "opponent"} for event in ("conquered", "held"))),
    (r"a friendly unit attacks or defends alone",
     tuple({"event": event, "subject": "friendly", "card": {"alone": True}} for event in ("attacked", "defended"))),
    (r"I attack or defend one on one",  # 740.2.b: I and the one enemy unit there both alone
     tuple({"event": event, "card": {"one_on_one": True}} for event in ("attacked", "defended"))),
    (r"you play a unit", {"event": "played", "subject": "friendly", "card_type": "unit"}),
    (r"you play another unit", {"event": "played", "subject": "friendly", "card_type": "unit", "other": True}),
    (r"an opponent plays a spell", {"event": "played", "subject": "enemy", "card_type": "spell"}),
    (r"an opponent plays a unit", {"event": "played", "subject": "enemy", "card_type": "unit"}),
    (r"an opponent plays a gear", {"event": "played", "subject": "enemy", "card_type": "gear"}),
    # a token's card or not (185.1), of a gear or a spell played (the Chinese 一件非指示物装备): the card filter ``token``
    *((rf"{who} an? {words}{kind}", {"event": "played", "subject": side, "card_type": kind, "card": {"token": token}})
      for who, side in (("you play", "friendly"), ("an opponent plays", "enemy"))
      for words, token in (("non-token ", False), ("token ", True)) for kind in ("gear", "spell")),
    (r"a friendly unit dies", {"event": "killed", "subject": "friendly"}),
    (r"one of your units becomes Mighty", {"event": "became_mighty", "subject": "friendly"}),
    (r"an enemy unit dies", {"event": "killed", "subject": "enemy"}),
    (r"an enemy unit here dies", {"event": "killed", "subject": "enemy", "at": "here"}),
    (r"a friendly unit here dies", {"event": "killed", "subject": "friendly", "at": "here"}),
    (r"another friendly unit here dies", {"event": "killed", "subject": "friendly", "at": "here", "other": True}),
    # The turn's events are the turn player's: “your” is `player: you`, about no object (`subject: any`).
    (r"the start of your Main Phase", {"event": "main_began", "subject": "any", "player": "you"}),
    (r"(?:the )?start of your (?:turn|Beginning Phase)", {"event": "turn_began", "subject": "any", "player": "you"}),
    (r"the start of each player's Beginning Phase", {"event": "turn_began", "subject": "any", "player": "any"}),
    # the game's first round, the turn player doing it (190.6.b): “that player …”
    (r"the start of each player's first Beginning Phase", {"event": "turn_began", "subject": "any", "player": "any",
                                                           "_condition": {"first_turn": True}, "_chooser": "event_player"}),
    # the mover: a spell or ability of yours moves it, or you move it (a standard move)
    (r"you move an enemy unit", {"event": "moved", "subject": "enemy", "player": "you"}),
    # a move to a battlefield other than the source's location (from a base: any), by the opponent (the Chinese 到我不在的其他战场)
    (r"an opponent moves (?:a unit )?to a battlefield other than mine",
     {"event": "moved", "subject": "any", "player": "opponent", "at": "other_battlefield"}),
    (r"the end of your turn", {"event": "turn_ending", "subject": "any", "player": "you"}),
    # what you play and when, as the Chinese side's triggers (the condition checked as it triggers, 383.2.a.1)
    *((rf"you play your {word} card in a turn", {"event": "played", "subject": "any", "player": "you",
                                                "_condition": {"played_nth": n}})
      for n, word in ((2, "second"), (3, "third"), (4, "fourth"))),  # 419.4.a
    (r"you play a card on an opponent's turn", {"event": "played", "subject": "any", "player": "you",
                                                "_condition": {"turn": "opponent"}}),
    (r"you play a spell on an opponent's turn", {"event": "played", "subject": "friendly", "card_type": "spell",
                                                 "_condition": {"turn": "opponent"}}),
    (r"you play a unit during a showdown", {"event": "played", "subject": "friendly", "card_type": "unit",
                                            "_condition": {"in_showdown": True}}),
    (r"you play a card from (?:Hidden|face down)", {"event": "played", "subject": "any", "player": "you", "hidden": True}),
    # a card, not a token (185), played from any zone but the hand (a trash, the deck, facedown)
    (r"you play a card from anywhere other than your hand", model.PLAYED_NOT_FROM_HAND),
    (r"you hide a card", {"event": "hid", "subject": "any", "player": "you"}),  # 811
    # once an action however many (the Chinese 每当你弃置/回收/眩晕任意数量的…时)
    (r"you discard one or more cards", {"event": "cards_discarded", "subject": "any", "player": "you"}),
    (r"you recycle one or more cards to your Main Deck", {"event": "cards_recycled", "subject": "any", "player": "you"}),
    (r"you stun one or more enemy units", {"event": "units_stunned", "subject": "enemy", "player": "you"}),
    *((rf"you play a card with Power cost any rune×{n} or more",
       {"event": "played", "subject": "any", "player": "you", "card": {"power": {"ge": n}}}) for n in range(2, 5)),
    (r"you use an activated ability of a gear", {"event": "activated", "subject": "any", "player": "you",
                                                 "card_type": "gear"}),
    # chosen (355.5): by a spell of yours, or a friendly unit chosen by your spell or ability
    (r"you choose me with a spell", {"event": "chosen", "player": "you", "by": "spell"}),
    (r"you choose a friendly unit", {"event": "chosen", "subject": "friendly", "player": "you"}),
    (r"you or an ally (?:holds?|hold a battlefield)", {"event": "held", "subject": "any", "player": "team"}),  # 489.8
    (r"you or an ally (?:conquers?|conquer a battlefield)", {"event": "conquered", "subject": "any", "player": "team"}),
    (r"a player plays a spell", {"event": "played", "subject": "any", "player": "any", "card_type": "spell"}),
    # a unit here back in a hand, its owner the event's player, who does what the ability says (190.6.c)
    (r"a unit here is returned to a player's hand", {"event": "returned_to_hand", "subject": "any", "player": "any",
                                                     "at": "here", "_chooser": "event_player"}),
    # each enemy attacker at a battlefield the ability's controller controls (383.4.e, 464.2.e)
    (r"an enemy unit attacks a battlefield you control", {"event": "attacked", "subject": "enemy",
                                                          "at": "friendly_battlefield"}),
    (r"you spend a buff", {"event": "buff_spent", "subject": "friendly", "player": "you"}),  # 702.2.b
    # 427: to its owner's banishment, from the board or the chain; its player the owner, its cause the banisher
    (r"you banish a card you own", {"event": "banished", "subject": "any", "player": "you", "responsible": "you"}),
    # 416.1.b: one of your runes recycled, by an effect or as you pay Power
    (r"you recycle a rune", {"event": "rune_recycled", "subject": "any", "player": "you"}),
    # this card played from facedown (811.1.c.3)
    (r"you play (?:me|this) from (?:face down|facedown|Hidden)", {"event": "played", "hidden": True}),
    (r"I score", ("conquered", "held")),
    # “there” in its instructions is where the move started, locked in as it triggers (359.3.f.3)
    (r"I move from a location", {"event": "moved", "subject": "self", "_origin": True}),  # to score is to conquer or to hold (469)
    # once however many die together (one kill instruction, one cleanup): the units' side
    *((rf"one or more {words}units die", {"event": "units_killed", "subject": side})
      for words, side in (("enemy ", "enemy"), ("friendly ", "friendly"), ("", "any"))),
]
_WHEN = re.compile(r"^(?:(?P<once>Once each turn, )?(?:When|Whenever|At) (?P<events>this is (?:played|discarded|killed)"
                   r"(?:(?:,|,? or) (?:played|discarded|killed))+|.+?)|"
                   r"The first time (?P<first>.+?) each turn), (?P<rest>.+)$", re.IGNORECASE)


# what happens to the card itself, one ability each (the Chinese 当此牌被打出、弃置或摧毁时): a discard seen from the trash
_OWN_CARD_EVENTS = {"played": "played", "discarded": {"event": "discarded", "zone": "trash"}, "killed": "killed"}


def _own_card_events(text: str) -> list | None:
    """“this is played, discarded, or killed”, “this is discarded”: the card's own events, or None."""
    own = _fullmatch(r"this is ((?:played|discarded|killed)(?:(?:,|,? or) (?:played|discarded|killed))*)", text.strip(), re.IGNORECASE)
    if own is None or own[1].lower() in ("played", "killed"):  # those alone are other rows' (“When you play this”, …)
        return None
    said = re.findall("played|discarded|killed", own[1].lower())
    return None if len(set(said)) != len(said) else [dict(e) if isinstance(e, dict) else e for e in map(_OWN_CARD_EVENTS.get, said)]


# a verb with no doer after “or”, the first event's doer its own (“I attack or defend”, “you conquer or hold”)
_SUBJECTLESS = r"(?:attack|defend|conquer|hold|move|score|die)\b.*"
LIMITED = "_limited"  # an event of several joined by “or”, limited once a turn on its own (its ability's ``limit: turn``)


def _triggers(text: str) -> list[dict]:
    """“you play me or when I conquer” / “I attack or defend” → the trigger of each event."""
    own = _own_card_events(text)
    if own:
        return own
    found: list = []
    whole = any(_fullmatch(pattern, text.strip(), re.IGNORECASE) for pattern, _ in _TRIGGERS)
    subject = _match(r"(?:I|you)(?= )", text.strip())
    for part in [text] if whole else _split(r"\s+(?:or|and) (?:when |at )?|,? (?:or|and) when ", text):
        part = part.strip()
        if found and subject and _fullmatch(_SUBJECTLESS, part, re.IGNORECASE):  # “I conquer or hold”: the same doer's
            part = f"{subject[0]} {part}"
        if found == ["played"] and not _match(r"you |I |an? |the ", part):  # “you play me or another Dragon”
            part = "you play " + part
        limited = _fullmatch(r"the first time (.+) each turn", part, re.IGNORECASE)
        if limited:  # “When you play me or the first time you play a gear each turn”: that event once a turn (its own limit)
            if not found:  # the first event limited and the others not: not guessed
                raise NotUnderstood(text)
            found += [{LIMITED: trigger} for trigger in _triggers(limited[1])]
            continue
        for pattern, trigger in _TRIGGERS:
            if _fullmatch(pattern, part, re.IGNORECASE):  # the source's own event: the shorthand `played`
                if isinstance(trigger, tuple):  # one wording, two events (“an opponent scores”: conquers or holds)
                    found += [dict(one) if isinstance(one, dict) else one for one in trigger]
                else:
                    found.append(trigger["event"] if trigger.get("subject") == "self" and len(trigger) == 2
                                 else dict(trigger))
                break
        else:
            played = _played_unit_trigger(part) or _unit_dies_trigger(part)
            if played is None:
                raise NotUnderstood(text)
            found.append(played)
    return found


def _every_unit_filter(article: str, words: str) -> dict | None:
    """The filter of “a/another WORDS” in a trigger, read as the selector of every such unit; None if it is not one."""
    try:
        found = selector(f"all {'other ' if article.lower() == 'another' else ''}{words}")
    except NotUnderstood:
        return None
    return dict(found.spec) if found.kind == "each" else None


def _unit_dies_trigger(text: str) -> dict | None:
    """“a buffed friendly unit dies”, “another enemy unit here dies”, “you kill a stunned enemy unit”: a unit killed, of a
    side, read by its filter as it last was (the Chinese 当一名拥有增益的友方单位被摧毁时); “you kill” is the kill you are
    responsible for (428.5)."""
    match = _fullmatch(r"(?P<you>you kill )?(?P<one>an?|another) (?P<what>.+?)(?(you)|(?P<here> here)? dies)", text,
                       re.IGNORECASE)
    if not match:
        return None
    spec = _every_unit_filter(match["one"], match["what"])
    side = spec.pop("who", None) if spec is not None else None
    if side is None or "kind" in spec or "where" in spec:
        return None
    trigger = {"event": "killed", "subject": side, **({"other": True} if spec.pop("other", False) else {}),
               **({"at": "here"} if match["here"] else {}), **({"responsible": "you"} if match["you"] else {})}
    return {**trigger, "card": spec} if spec else trigger


def _shorthand(trigger):
    """The source's own event as the shorthand the Chinese side writes (`moved`), once its markers are read."""
    return trigger["event"] if isinstance(trigger, dict) and set(trigger) == {"event", "subject"} and \
        trigger["subject"] == "self" else trigger


def _played_unit_trigger(text: str) -> dict | None:
    """“you play another Dragon”, “you play a Mighty unit”: a unit you play that fits a filter of your own units, read
    on the unit as it is on the board (the Chinese 当你打出其他“龙”属性单位时)."""
    match = _fullmatch(r"you play (an?|another) (.+)", text, re.IGNORECASE)
    if not match:
        return None
    spec = _every_unit_filter(match[1], match[2])
    if spec is None or spec.pop("who", "friendly") != "friendly" or {"kind", "where"} & set(spec):
        return None
    trigger = {"event": "played", "subject": "friendly", "card_type": "unit",
               **({"other": True} if spec.pop("other", False) else {})}
    return {**trigger, "card": spec} if spec else trigger


_STATIC_SUBJECTS = r"I|Your units that are Empowered|Your Empowered units|Your token units|Your tokens|[Yy]our other units here|Your units|Other friendly units(?: here)?|Friendly units|Your other units|Units here"
_STATIC_MIGHT = re.compile(rf"^(?P<who>{_STATIC_SUBJECTS}) (?:have|has|get) (?:an additional )?"
                           r"(?P<might>[+-]\d+) Might(?P<here> here)?(?: and (?P<grants>.+))?$")
_STATIC_GRANT = re.compile(rf"^(?P<who>{_STATIC_SUBJECTS}) (?:have|has) "
                           r"(?P<grants>[A-Z][\w-]*(?: \d+)?(?:(?:,|,? and) [A-Z][\w-]*(?: \d+)?)*)$")
_STATIC_WHO = {"i": "self", "your units": {"each": {"who": "friendly"}},
               "friendly units": {"each": {"who": "friendly"}},
               "other friendly units": {"each": {"who": "friendly", "other": True}},
               "your other units": {"each": {"who": "friendly", "other": True}},  # a unit: the default of each
               "other friendly units here": {"each": {"who": "friendly", "other": True, "where": "here"}},
               "units here": {"each": {"where": "here"}},
               "your units that are empowered": {"each": {"who": "friendly", "empowered": True}},
               "your empowered units": {"each": {"who": "friendly", "empowered": True}},
               "your tokens": {"each": {"who": "friendly", "token": True}},
               "your other units here": {"each": {"who": "friendly", "where": "here", "other": True}},
               "your token units": {"each": {"who": "friendly", "token": True}}}


_CHOSEN_EVENTS = {"stun me": "stun", "give me -might": "might", "return me to hand": "return_to_hand",
                  "return me to my owner's hand": "return_to_hand"}


def _statics(text: str, condition_: dict | None) -> list[dict] | None:
    """A static ability (“I have +1 Might”, “Your units have Deflect”), or None when *text* is none."""
    text = text.strip().rstrip(".")
    revealed = _fullmatch(r"As (?:I'm|I am|this is) revealed from your (?:Main )?Deck, (?P<add>Add .+)", text, re.IGNORECASE)
    if revealed and not condition_:  # 370.1.b.1: the reveal plus an Add by the card's owner (the Chinese 如果我从你的主牌堆中被展示)
        added = _effect(revealed["add"], _Scope())
        if len(added) != 1 or set(added[0]) != {"add"} or not isinstance(added[0]["add"], dict):
            raise NotUnderstood(text)
        return [{"replacement": {"event": "revealed", "from": "deck", "add": added[0]["add"]}}]
    chosen = _fullmatch(r"If a spell or ability that chooses me would (?P<events>.+?), give me \+(?P<n>\d+) Might this turn instead",
                        text, re.IGNORECASE)
    if chosen:  # one replacement per event listed (368.1, 370), the Chinese 如果一个将我选作目标的法术或技能将…，则改为…
        found = []
        for words in _split(r",\s*(?:or\s+)?|\s+or\s+", chosen["events"]):
            event = _CHOSEN_EVENTS.get(words.strip().lower())
            if event is None or event in found:
                raise NotUnderstood(text)
            found.append(event)
        return [{"replacement": {"event": event, "affects": "me_chosen", "becomes": int(chosen["n"])},
                 **({"condition": dict(condition_)} if condition_ else {})} for event in found]
    alone = _fullmatch(r"While (?P<who>a friendly unit|a unit here|an enemy unit here) (?:is )?(?P<side>attack|defend)(?:s|ing) "
                       r"alone, it (?:gets|has) (?P<might>[+-]\d+) Might", text)
    if alone and not condition_:  # each such unit attacking or defending alone (740.2.a), as the Chinese side reads it
        side = "attacking" if alone["side"] == "attack" else "defending"
        who = {"a friendly unit": {"who": "friendly"}, "a unit here": {"where": "here"},
               "an enemy unit here": {"who": "enemy", "where": "here"}}[alone["who"]]
        return [{"static": {"might": int(alone["might"]), "to": {"each": {**who, side: True, "alone": True}}}}]
    while_ = _match(r"^While (?P<condition>[^,]+), (?P<rest>.+)$", text)
    after = _match(r"^(?P<rest>I have [^,]+?) while (?P<condition>[^,]+)$", text) if not while_ else None
    if after and not condition_:  # “I have +2 Might while I'm at a battlefield”: the condition after the static
        while_ = after
    if while_ and not condition_:  # “While I'm Mighty, I have Deflect”: the static's own condition
        condition_, text = condition(while_["condition"]), while_["rest"]
    if not while_ and not condition_:  # “If C, I have Assault.”, “I enter ready if C”: the static's condition
        while_ = _match(r"^If (?P<condition>[^,]+), (?P<rest>.+)$", text) or \
            _match(r"^(?P<rest>I enter ready) if (?P<condition>[^,]+)$", text)
        if while_:
            inner = _statics(while_["rest"], None)
            if not inner or any("while" in static for static in inner):
                return None
            try:
                condition_, text = condition(while_["condition"]), while_["rest"]
            except NotUnderstood:
                return None
    both = _fullmatch(r"(?P<first>I have [^,]+?) and (?P<second>can't be dealt damage(?: unless [^,]+)?)", text)
    if both:  # “I have +3 Might and can't be dealt damage unless I'm in combat”: the “unless” is the second's alone
        first, second = _statics(both["first"], condition_), _statics(f"I {both['second']}", condition_)
        return first + second if first and second else None
    unless = _match(r"^(?P<rest>[^,]+?) unless (?P<condition>[^,]+)$", text) if not while_ else None
    if unless and "not" not in (condition_ or {}):  # “I can't be chosen … unless I'm in combat”: while it does not hold
        try:  # (beside the ▸ prefix's condition, “Empowered ▸ … unless …”)
            condition_, text = {**(condition_ or {}), "not": condition(unless["condition"])}, unless["rest"]
        except NotUnderstood:
            return None  # no condition (“… unless its controller pays ②”): no static either
    extra = {"while": condition_} if condition_ else {}  # beside the static, as the Chinese side writes it
    more = _fullmatch(r"your (?P<token>[A-Z][\w ]*?) (?:ADD|add|adds) an additional (?P<energy>[①②③④⑤⑥⑦⑧⑨⑩])", text)
    if more and more["token"] in TOKENS:  # your gear tokens' Add abilities add more (the Chinese 获得效果额外产生①, 429.1)
        from judgekit.cardtext.zh import TOKENS as TOKEN_FACTS

        if TOKEN_FACTS[TOKENS[more["token"]]][0] != "gear":
            return None
        return [{"static": {"add_more": {"energy": _energy(more["energy"])}, "gear": TOKENS[more["token"]]}, **extra}]
    if _fullmatch(r"Your Equipment everywhere (?:have|has) Quick-Draw", text, re.IGNORECASE):  # a hand too (819.1.b)
        return [{"static": {"equipment_has": "灵便"}, **extra}]
    ready = _search(r",? and enter ready$", text)
    if ready:  # “I have +1 Might and enter ready”: two statics
        text = text[:ready.start()]
    might = _STATIC_MIGHT.match(text)
    grant = _STATIC_GRANT.match(text)
    statics: list[dict] = []
    described = _fullmatch(r"(?P<who>(?:Other|Your|Friendly|Enemy|Units|Stunned|Exhausted|Buffed|Damaged) [\w '-]+?) "
                           r"(?:have|has|get) (?:(?P<might>[+-]\d+) Might(?:, to a minimum of (?P<min>\d+) Might)?|"
                           r"(?P<grants>[A-Z][\w-]*(?: \d+)?(?:(?:,|,? and) [A-Z][\w-]*(?: \d+)?)*))", text) \
        if not might and not grant else None
    if described:  # “Other buffed friendly units at my battlefield have +2 Might”, “Your Mechs have Shield”: the units
        try:  # the filter reads
            found = selector(f"all {described['who']}" if not described["who"].startswith("Your") else described["who"])
        except NotUnderstood:
            return None
        if found.kind != "each":
            return None
        if described["might"]:  # a decrease may have a floor (“to a minimum of 1 Might”)
            statics.append({"might": int(described["might"]), **({"min": int(described["min"])} if described["min"] else {}),
                            "to": {"each": found.spec}})
        else:
            statics += [_grant_static(g, {"each": found.spec}) for g in _keyword_list(described["grants"])]
        if described["who"].endswith("at my battlefield") and not condition_:  # none at base: while I am at one
            extra = {"while": {"at_battlefield": True}}
    elif might:  # “Other friendly units have +1 Might here”: the place may follow the Might
        to = _STATIC_WHO[might["who"].lower() + (" here" if might["here"] else "")]
        statics.append({"might": int(might["might"]), "to": to})
        statics += [_grant_static(g, to) for g in _keyword_list(might["grants"] or "")] if might["grants"] else []
    elif grant:
        to = _STATIC_WHO[grant["who"].lower()]
        statics += [_grant_static(g, to) for g in _keyword_list(grant["grants"])]
    elif channel := _fullmatch(rf"(?:players only channel|each player only channels) ({_NUM}) runes? at the start of their "
                               r"Channel Phase", text, re.IGNORECASE):
        statics.append({"channel_phase": _number(channel[1])})  # 315.3.b: fewer than 2 (the Chinese 只召出一枚符文)
    elif chosen := _fullmatch(rf"(?P<who>{_STATIC_SUBJECTS}) can't be chosen by (?P<enemy>enemy )?spells and abilities", text):
        to = _STATIC_WHO[chosen["who"].lower()]  # 758; the unit itself is the static's default
        statics.append({"cant": "be_chosen", **({} if chosen["enemy"] else {"by": "any"}),
                        **({} if to == "self" else {"to": to})})
    elif per := _fullmatch(r"I (?:have|get) \+1 Might for each (.+?)", text):  # 477.3: counted as it is read
        counted = selector(f"each {per[1]}")
        if counted.kind != "each":
            raise NotUnderstood(text)
        statics.append({"might": {"count": counted.spec}})
        if _search(r"\bat my battlefield$", per[1]) and not condition_:  # none at base: while I am at one
            extra = {"while": {"at_battlefield": True}}
    elif valued := _fullmatch(rf"I have (?P<kw>{_KEYWORD_NAMES}) equal to (?P<amount>.+)", text, re.IGNORECASE):
        if valued["kw"].lower() not in VALUED:  # a keyword's value read whenever the layers ask (477.3.b)
            return None
        statics.append({"grant": _keyword_zh(valued["kw"]), "value": amount_equal(valued["amount"], _Scope())})
    elif _fullmatch(r"My Might is increased by your points", text):  # 477.3: read whenever it is looked at
        statics.append({"might": {"points_of": "you"}, "to": "self"})
    elif _fullmatch(r"(?:This|This spell|I) can't be countered", text):  # its own card (054.1)
        statics.append({"cant": "be_countered"})
    elif entering := _fullmatch(rf"(?P<who>{_STATIC_SUBJECTS}) enters? ready", text):  # 369.3
        to = _STATIC_WHO[entering["who"].lower()]
        statics.append({"enters_ready": True, **({} if to == "self" else {"to": to})})
    elif undamaged := _fullmatch(r"I can't be dealt damage|I don't take damage|(?P<enemy>prevent all damage that enemy spells and abilities would "
                                 r"deal to me)", text, re.IGNORECASE):  # 054.1: no damage marked on me
        statics.append({"cant": "be_dealt_damage", **({"by": "enemy"} if undamaged["enemy"] else {})})
    elif _fullmatch(r"I don't deal combat damage", text):
        statics.append({"cant": "deal_combat_damage"})
    elif banned := _fullmatch(r"(?P<who>(?:Your|Enemy|Friendly|Other) [\w -]+?) (?P<cant>can't be chosen by enemy spells and abilities|"
                              r"don't deal combat damage)", text):  # the units a filter describes (758, 423.1.b)
        try:
            found = selector(banned["who"] if banned["who"].startswith("Your") else f"all {banned['who']}")
        except NotUnderstood:
            return None
        if found.kind != "each":
            return None
        statics.append({"cant": "be_chosen" if banned["cant"].startswith("can't") else "deal_combat_damage",
                        "to": {"each": found.spec}})
    elif moving := _fullmatch(r"(?P<who>I|Units) can't move to base", text):
        statics.append({"cant": "move_to_base", **({"to": {"each": {}}} if moving["who"] == "Units" else {})})
    elif _fullmatch(r"This enters exhausted", text):  # a gear (149.1: gear enter ready)
        statics.append({"enters_exhausted": True})
    elif _fullmatch(r"Each Equipment attached to me gives (?:double|twice) its base Might bonus", text):  # 137.3
        statics.append({"might_bonus_times": 2})
    elif gives := _fullmatch(rf"Your Equipment each gives? (?P<kw>{_KEYWORD_NAMES})(?: (?P<value>\d+))?", text, re.IGNORECASE):
        statics.append({"equipment_grant": _keyword_zh(gives["kw"]), **({"value": int(gives["value"])} if gives["value"] else {})})
    if ready:
        if not statics or statics[0].get("to", "self") != "self":
            return None
        statics.append({"enters_ready": True})
    return [{"static": static, **extra} for static in statics] or None


def _statics_instead(ability: model.Ability) -> list[dict] | None:
    """“Your units have +1 Might. If I'm Empowered, they have +2 Might instead.”: the first static while the
    condition does not hold, the second (on the same units) while it does; None when the ability is no such pair."""
    if ability.head or len(ability.clauses) != 2:
        return None
    first, second = (clause.text.strip().rstrip(".") for clause in ability.clauses)
    instead = _fullmatch(r"If (?P<condition>.+?), (?:they|it) (?P<verb>have|has|get) (?P<what>.+) instead", second)
    subject = _STATIC_MIGHT.match(first) or _STATIC_GRANT.match(first)
    if not instead or not subject:
        return None
    cond = condition(instead["condition"])
    otherwise = _statics(first, {"not": cond})
    then = _statics(f"{subject['who']} {instead['verb']} {instead['what']}", cond)
    return otherwise + then if otherwise and then else None


def _grant_static(grant: dict, to) -> dict:
    return {"grant": grant["keyword"], **({"value": grant["value"]} if "value" in grant else {}), "to": to}


# A keyword's reminder restates it: these words must be in it (and its number, for a keyword with one).
_REMINDER_WORDS = {
    "accelerate": "enter ready", "action": "Play on your turn", "assault": "attacker", "deathknell": "When I die",
    "deflect": "to choose", "ganking": "battlefield to battlefield", "hidden": "Hide now", "legion": "another card",
    "reaction": "Play any time", "shield": "defender", "tank": "combat damage first", "temporary": "Beginning Phase",
    "vision": "top card", "repeat": "repeat", "flow": "from your trash", "equip": "Attach", "empower": "Empower",
    "ambush": "as a Reaction", "weaponmaster": "Equip", "hunt": "XP", "predict": "Look at the top",
    "quick-draw": "attach it", "unique": "only 1 card", "backline": "combat damage last",
}


def check_reminder(clause: Clause, value: int | None) -> None:
    """The reminder restates its keyword (value included), or the clause is not understood."""
    if not clause.reminder:
        return
    words = _REMINDER_WORDS.get(clause.keyword)
    if words is None or words.lower() not in clause.reminder.lower():
        raise NotUnderstood(f"释义“{clause.reminder}”与关键词 {clause.text} 不符")
    if clause.keyword in VALUED:
        stated = {int(n) for n in re.findall(r"[+×]?(\d+)", clause.reminder)}
        if (value or 1) not in stated | ({1} if not stated else set()) or len(stated) > 1:
            raise NotUnderstood(f"释义“{clause.reminder}”的数值与关键词 {clause.text} 不符")


# Restrictions and costs the engine reads at the card level today (docs/card-language.md §6: the
# `{static: …}` forms are not yet); `affects` and `while` are seen from the card's controller.
_ENEMY_UNITS_PLACE = "a battlefield where there are enemy units"
_EVEN_WITHOUT_YOURS = r"(?:,? even if you (?:don't|do not) have (?:other )?units there)?"
_CARD_STATICS = [
    (r"As an additional cost to play (?:me|this), return a friendly gear to its owner's hand",
     {"additional_cost": {"return_to_hand": "friendly_gear"}}),
    (r"Units can't move from here to base", {"cant": [{"action": "move_to_base"}]}),
    (r"Units can't be played here", {"cant": [{"action": "play_unit_here"}]}),
    # a unit's own play-location permission (play_to; the script's to: names the battlefield)
    (r"You may play me to an occupied enemy battlefield", {"play_to": "enemy_controlled"}),
    (r"You may play me to an open battlefield", {"play_to": "open"}),
    (r"I can be played to a battlefield you're attacking", {"play_to": "attacking"}),
    (r"I can be played to " + _ENEMY_UNITS_PLACE, {"play_to": "enemy_units"}),
    # Ambush as a verb (822.1.d): played there with the Ambush keyword's permissions (ambush_to); the clause after the
    # place (none of your units need be there) restates the permission
    (r"I can Ambush to " + _ENEMY_UNITS_PLACE + _EVEN_WITHOUT_YOURS, {"ambush_to": "enemy_units"}),
    # after “As an additional cost to play me, kill a … you control”: where that unit was (checked with the tree)
    (r"You may Ambush me to its battlefield" + _EVEN_WITHOUT_YOURS, {"ambush_to": "cost_killed"}),
    (r"I must be assigned combat damage last", {"passives": {"assigned_last": 1}}),  # 465.2.c.8
    (r"I can have any number of buffs", {"passives": {"any_number_of_buffs": True}}),  # 426.1.b.2
    # 370.1.b: a point scored in a player's first two turns replaced (the Chinese 前两个回合内…改为让其抽一张牌)
    ((r"If a player would score 1 point from (?:conquering|conquest) or holding during their first or second turns?, they "
      r"draw 1 instead"),
     {"passives": {"score_draws_first_turns": 2}}),
    # a battlefield's: no one scores here before their own N-th turn has begun (the Chinese 每名玩家在各自的第N回合开始前…)
    *((rf"Players can't score here until their {word} turn", {"cant": [{"action": "gain_points", "before_own_turn": n}]})
      for n, word in ((2, "second"), (3, "third"), (4, "fourth"))),
    # the card's own rule (054.1): not during its player's first N turns
    *((rf"I can't be played on your (?:{words}) turns?", {"cant": [{"action": "be_played", "first_own_turns": n}]})
      for n, words in ((1, "first"), (2, "first or second|first and second"), (3, "first, second,? or third"))),
    (r"Your spells and abilities deal 1 Bonus Damage", {"passives": {"bonus_damage": 1}}),
    (r"Any amount of your damage is enough to kill enemy units", {"passives": {"any_damage_lethal": 1}}),  # 142.4.c
    (r"My Might is increased by the number of cards in your trash", {"passives": {"might_per_trash": 1}}),
    (r"I have all Exhaust abilities of all friendly legends, units, and gear", {"passives": {"gains_exhaust_abilities": 1}}),
    (r"Increase the points needed to win the game by 1", {"passives": {"victory_score": 1}}),
    (r"Your spells and abilities can't be countered", {"cant": [{"action": "counter", "affects": "friendly"}]}),
    (r"Players ignore Deflect while paying for spells and abilities choosing something here",  # a battlefield's
     {"passives": {"ignore_deflect_here": True}}),
    (r"Ignore Deflect while paying this spell's cost", {"passives": {"ignore_deflect": True}}),
    (r"You ignore Tank while assigning combat damage here", {"passives": {"ignore_tank_here": True}}),  # 815, 766  # a spell's own (765–767)
]
# Restrictions on the other side that hold only while this unit is at a battlefield (`while: at_battlefield`): the
# sentence after that opening.
_AT_BATTLEFIELD = "While I'm at a battlefield, "
_CANTS_AT_BATTLEFIELD = [
    (r"opponents can't gain points", {"action": "gain_points", "affects": "enemy"}),
    (r"opponents can only play units to their base", {"action": "play_unit_to_battlefield", "affects": "enemy"}),  # 054.2
    (r"spells and abilities can't ready enemy units and gear", {"action": "ready", "affects": "enemy"}),
    (r"opponents can't play spells with that name", {"action": "play_named", "affects": "enemy"}),  # the name named (761)
]


# The optional additional cost (356.2.b.1), in the orders the cards print it; “If you paid the additional cost”
# reads it.  Energy, Power, a discard (422) or XP (730.2).
_OPTIONAL_COST = (r"You may (?:pay )?(?P<cost>[^.]+?) as (?:an )?additional cost to play (?:me|this)",
                  r"As you play (?:me|this), you may (?:pay )?(?P<cost>[^.]+?) as (?:an )?additional cost",
                  r"As an additional cost to play (?:me|this), you may (?:pay )?(?P<cost>[^.]+?)")


def _card_statics(text: str) -> dict | None:
    text = text.strip().rstrip(".")
    if _fullmatch(r"As you play (?:me|this), name a tag", text):  # 763, 135.2.b.3 (the Chinese 宣告一种属性标签)
        return {"name_tag": {}}
    listed = _fullmatch(r"As you play me, choose ((?:[A-Z]\w*, )+)or ([A-Z]\w*)\. I gain that tag", text)
    if listed:  # one of these tags, the unit's own from then on (the Chinese 从…属性标签中选择一个。我获得该属性标签)
        names = [_tag_noun(word) for word in [*listed[1].rstrip(", ").split(", "), listed[2]]]
        if not all(names):
            raise NotUnderstood(text)
        return {"name_tag": {"from": names, "gain": True}}
    for pattern, parts in _CARD_STATICS:
        if _fullmatch(pattern, text):
            return copy.deepcopy(parts)
    mandatory = _fullmatch(r"As an additional cost to play (?:me|this), (?P<cost>kill [^.]+)", text)
    if mandatory:  # 357.2: a unit of yours killed, any the object reader reads (the Chinese _mandatory_cost)
        paid = _object_cost(mandatory["cost"])
        if not paid or set(paid) != {"kill"}:
            raise NotUnderstood(f"额外费用“{mandatory['cost']}”")
        return {"additional_cost": paid}
    if text.startswith(_AT_BATTLEFIELD):
        for pattern, cant in _CANTS_AT_BATTLEFIELD:
            if _fullmatch(pattern, text[len(_AT_BATTLEFIELD):]):
                return {"cant": [{**cant, "while": "at_battlefield"}]}
    here = _fullmatch(rf"Any player may pay ({_COST_TEXT}) as an additional cost to play an? ([A-Z][\w ]*?)\. "
                      r"If they do, they play it to this battlefield", text)
    if here:  # 355.2.b, 356.2.b: a battlefield taking units with that tag (as printed) for extra Power
        cost = cost_of(here[1])
        if set(cost) != {"power"}:
            raise NotUnderstood(here[1])
        return {"play_here": {"tag": here[2], "power": cost["power"]}}
    each = _fullmatch(r"(?P<optional>.+?)\. Reduce my cost by (?P<cost>.+?) for each buff you spend", text)
    if each:  # 356.4: an optional cost of any number of buffs, then the card's cost lowered by a rune for each of them
        parts = _card_statics(each["optional"])
        cost = cost_of(each["cost"])
        if not parts or parts.get("additional_cost") != {"optional": {"spend_buff": "any"}} or \
                set(cost) - {"energy", "power", "runes"}:
            raise NotUnderstood(text)
        return {"additional_cost": {**parts["additional_cost"], "discount_each": cost}}
    cheaper = _fullmatch(rf"(?P<optional>.+?)\. If you do, (?:(?:I|this) costs? (?P<cost>[{CIRCLED}]) less|"
                         rf"reduce my cost by (?P<by>[{CIRCLED}])|(?P<ignore>ignore (?:this spell's|my) cost))", text)
    if cheaper:  # 356.2.b.1: “…as an additional cost to play me. If you do, I cost ③ less.” (read as the cost is determined)
        parts = _card_statics(cheaper["optional"])
        if not parts or "additional_cost" not in parts:
            raise NotUnderstood(text)
        paid = {"ignore": True} if cheaper["ignore"] else {"energy": -_energy(cheaper["cost"] or cheaper["by"])}
        change = {"static": {"cost_change": paid}, "while": {"paid_additional_cost": True}}  # 356.1.b.1: ignored
        return {**parts, "abilities": [change]}
    for pattern in _OPTIONAL_COST:
        optional = _fullmatch(pattern, text)
        if optional:
            cost = _object_cost(optional["cost"])
            if cost is not None:
                return {"additional_cost": {"optional": cost}}
            cost = cost_of(optional["cost"])
            if set(cost) - {"energy", "power", "runes", "discard", "xp"}:
                raise NotUnderstood(f"可选额外费用“{optional['cost']}”")
            return {"additional_cost": {"optional": cost}}
    return None


def _card_level(ability: model.Ability) -> dict | None:
    """The card-level parts of an ability's sentences read together, or each sentence on its own (two card-level rules
    printed on one line: “As an additional cost to play me, kill …. You may Ambush me to its battlefield …”)."""
    whole = _card_statics(" ".join(clause.text for clause in ability.clauses))
    if whole is not None or len(ability.clauses) < 2:
        return whole
    parts: dict = {}
    for clause in ability.clauses:
        found = _card_statics(clause.text)
        if found is None or set(found) & set(parts):
            return None
        parts.update(found)
    return parts


def _object_cost(text: str) -> dict | None:
    """An optional additional cost paid with an object of yours (the Chinese side's _object_cost): “kill a friendly gear”
    ``{kill: {kind: gear}}``, “exhaust a friendly unit” ``{exhaust: friendly_unit}``, “spend a buff” ``{spend_buff: 1}``."""
    if _fullmatch(r"spend a buff", text, re.IGNORECASE):
        return {"spend_buff": 1}
    if _fullmatch(r"spend any number of buffs", text, re.IGNORECASE):
        return {"spend_buff": "any"}
    if _fullmatch(r"exhaust your legend", text, re.IGNORECASE):  # 174.5 (the Chinese 让你的传奇变为休眠状态)
        return {"exhaust": "legend"}
    match = _fullmatch(r"(kill|exhaust) (an?) (friendly .+|.+ you control)", text, re.IGNORECASE)
    if not match:
        return None
    found = selector(f"all {match[3]}")
    spec = {key: value for key, value in found.spec.items() if key != "who"}
    if found.kind != "each" or found.spec.get("who") != "friendly":
        raise NotUnderstood(text)
    return {match[1].lower(): spec or "friendly_unit"}


# -- cost changes (356.3–356.4): the card's own cost as it is played, other cards' while it is on the board ----------

_OWN_COST = re.compile(
    rf"(?:If (?P<before>[^,]+), )?(?:This|I|this) costs? (?P<cost>{_COST_TEXT}) (?P<way>less|more)"
    r"(?: for each (?P<per>.+?)| if (?P<after>.+?)| (?P<elsewhere>to play from anywhere other than your hand))?"
    rf"(?:,? to a minimum of (?P<min>[{CIRCLED}]))?(?P<ready> and enter ready)?")
# what “for each …” counts in the card's own cost: the cards in your trash, or units / gear on the board (a selector)
_OWN_COST_PER = {"card in your trash": {"trash_of": "you"}, "card with my name in your trash": {"in_trash": {"same_name": True}}}
_CARDS_PLAYED = "card you've played this turn"  # 419.4.b: a card-level change (`per: cards_played`)
# card-level changes of the card's own cost “for each …” (the engine's ``per``): cards played this turn (419.4.b), points
# scored from holding this turn — each battlefield held, a point gained or not (468.1)
_PER_CARD_LEVEL = {_CARDS_PLAYED: "cards_played", "point you scored from holding this turn": "points_scored_holding"}


def _cost_change(cost_text: str, way: str, domains: list) -> dict:
    """“②Calm rune” less → {energy: -2, power: -1}: Energy and Power; a named rune is Power of the card's own domain
    (the engine lowers Power of its domains), as the Chinese side checks it."""
    cost = cost_of(cost_text)
    runes = cost.pop("runes", [])
    if set(cost) - {"energy", "power"} or set(runes) - set(domains):
        raise NotUnderstood(f"费用变化“{cost_text}”")
    if runes:
        cost["power"] = cost.get("power", 0) + len(runes)
    sign = -1 if way == "less" else 1
    return {key: sign * value for key, value in cost.items()}


def _own_cost(text: str, condition_: dict | None, facts: dict) -> tuple[list[dict], dict] | None:
    """“I cost ① less for each gear you control”, “If C, I cost ② less and enter ready”, “… to a minimum of ①”: the
    card's own cost change — a static (``{static: {cost_change}}``, read as it is played) and, for each card played this
    turn, the card-level ``cost_changes`` (``applies: self``).  None when *text* is no such clause."""
    match = _OWN_COST.fullmatch(text.strip().rstrip("."))
    if not match:
        return None
    change = _cost_change(match["cost"], match["way"], facts.get("domains") or [])
    if match["min"]:
        if match["way"] != "less":
            raise NotUnderstood(text)
        change["min"] = _energy(match["min"])
    conditions = [c for c in (condition_, match["before"] and condition(match["before"]),
                              match["after"] and condition(match["after"])) if c]
    if match["elsewhere"]:
        conditions.append({"from_hand": False})
    if len(conditions) > 1:
        raise NotUnderstood(text)
    extra = {"while": conditions[0]} if conditions else {}
    if match["per"] in _PER_CARD_LEVEL:
        if extra or match["ready"]:
            raise NotUnderstood(text)
        return [], {"cost_changes": [{"applies": "self", "per": _PER_CARD_LEVEL[match["per"]], **change}]}
    if match["per"]:
        change["per"] = _per_of(match["per"])
    statics = [{"static": {"cost_change": change}, **extra}]
    if match["ready"]:
        statics.append({"static": {"enters_ready": True}, **copy.deepcopy(extra)})
    return statics, {}


def _per_of(words: str) -> dict:
    """What “for each WORDS” counts in a cost change: the cards in your trash, or units / gear / runes (a selector)."""
    per = _OWN_COST_PER.get(words)
    if per is not None:
        return dict(per)
    words = words.removeprefix("of ")  # “of your Mighty units”, “gear you control”
    counted = selector(words if words.lower().startswith("your ") else f"each {words}")
    if counted.kind != "each":
        raise NotUnderstood(words)
    return {"count": counted.spec}


_ABILITY_COST = re.compile(rf"This ability costs (?P<cost>[{CIRCLED}]) less(?: if (?P<if>.+?)| for each (?P<per>.+?))?\.?")
# its Energy lowered by the Might of the unit it chose as it is activated (356.4), as the Chinese 此技能的法力费用减少你所选单位的战力
_MIGHT_CHOSEN = "the Might of the unit you choose"
_CHOSEN_MIGHT = f"This ability's Energy cost is reduced by {_MIGHT_CHOSEN}."


def _ability_cost(text: str) -> dict | None:
    """“This ability costs ③ less if you control 4 or fewer runes / ① less for each rune you control”: an activated
    ability's (or Empower's) own ``cost_change``, read as it is activated (356.4); None when *text* is none."""
    if text.strip() in (_CHOSEN_MIGHT, _CHOSEN_MIGHT.rstrip(".")):
        return {"energy": -1, "per": {"might_of": "target"}}
    match = _ABILITY_COST.fullmatch(text.strip())
    if not match:
        return None
    change: dict = {"energy": -_energy(match["cost"])}
    if match["if"]:
        change["while"] = condition(match["if"])
    if match["per"]:
        change["per"] = _per_of(match["per"])
    return change


_EMPOWER_TIMES = re.compile(rf"I can be Empowered up to (?P<n>{_NUM}) times\.?", re.IGNORECASE)
_EMPOWER_MIGHT = re.compile(r"I have \+(?P<n>\d+) Might for each time I'm Empowered\.?")
_EMPOWER_KEYWORDS = re.compile(rf"While I'm Empowered (?:(?P<n>{_NUM}) times|(?P<twice>twice)), I have (?P<grants>.+?)\.?")


def _empowered_many(text: str, tree: dict) -> bool:
    """An object Empowered more than once (441.1.c.1): how often it may be (“… up to two times”), its Might for each time
    and the keywords it has once Empowered that often (“While I'm Empowered twice, I have Tank”) — the card's Empower part
    (``times``, ``might_each``, ``keywords`` with ``keywords_at``, as the Chinese 我最多可以被强化两次 …); False for any
    other sentence."""
    times, might, keywords = (pattern.fullmatch(text.strip()) for pattern in (_EMPOWER_TIMES, _EMPOWER_MIGHT, _EMPOWER_KEYWORDS))
    if not (times or might or keywords):
        return False
    if times:
        model.add_to_empower(tree, text, NotUnderstood, times=_number(times["n"]))
    elif might:
        model.add_to_empower(tree, text, NotUnderstood, might_each=int(might["n"]))
    else:
        grants = {grant["keyword"]: grant.get("value") for grant in _keyword_list(keywords["grants"])}
        model.add_to_empower(tree, text, NotUnderstood, keywords=grants,
                       keywords_at=2 if keywords["twice"] else _number(keywords["n"]))
    return True


def _cost_instead(before: list[dict], statics: list[dict], level: int) -> list[dict]:
    """“Level 11 ▸ This costs ④ less instead” after “Level 6 ▸ This costs ② less”: at the higher level the larger change
    applies instead of the smaller, which is the smaller one and the difference (a higher level is the lower one too,
    824.1.c) — the difference is this level's static, as the Chinese side has it."""
    lower = [entry["static"]["cost_change"] for entry in before
             if set(entry) == {"static", "while"} and set(entry["static"]) == {"cost_change"}
             and set(entry["while"]) == {"level"} and entry["while"]["level"] < level]
    if len(statics) != 1 or not lower or set(statics[0]["static"]) != {"cost_change"}:
        raise NotUnderstood("等级的“instead”")
    change = statics[0]["static"]["cost_change"]
    if set(change) - {"energy", "power"} or any(set(c) - {"energy", "power"} for c in lower):
        raise NotUnderstood("等级的“instead”")
    difference = {key: change.get(key, 0) - sum(c.get(key, 0) for c in lower) for key in ("energy", "power")}
    if any(value > 0 for value in difference.values()) or not any(difference.values()):
        raise NotUnderstood("等级的“instead”")
    return [{**statics[0], "static": {"cost_change": {key: value for key, value in difference.items() if value}}}]


# Other cards' costs while this card is on the board (card-level ``cost_changes``), from its controller's side.
# whose cards: your / friendly / enemy spells, “the Energy costs for spells you play”, “Your Dragons' Energy costs”;
# changed: “cost ① less / more” or “is / are reduced / increased by ①”
_SPELLS_COST = re.compile(
    r"(?:(?P<who>Your|Friendly|friendly|Enemy|enemy|Opponents'|your) spells|(?P<energy>the Energy costs? for spells you play)|"
    r"Your (?P<tag>[A-Z]\w*?)s'? Energy costs|Your (?P<units>units)) "
    rf"(?:costs? (?P<cost>{_COST_TEXT}) (?P<way>less|more)|(?:is|are) (?P<reduced>reduced|increased) by (?P<by>{_COST_TEXT}))"
    rf"(?:,? to a minimum of (?P<min>[{CIRCLED}]))?")
_SPELLS_SIDE = {"your": "friendly_spells", "friendly": "friendly_spells", "enemy": "enemy_spells",
                "opponents'": "enemy_spells"}


def _changed_cards(match: re.Match) -> dict | None:
    """The ``applies`` (and ``tag``) of a cost change's subject, or None when it names no cards the engine changes."""
    if match["who"]:
        return {"applies": _SPELLS_SIDE[match["who"].lower()]}
    if match["energy"]:
        return {"applies": "friendly_spells"}
    if match["units"]:
        return {"applies": "friendly_units"}
    tag = _tag_noun(match["tag"] + "s")
    return {"applies": "friendly_units", "tag": tag} if tag else None
# the conditions of a unit's cost changes the engine reads (``while``), and the ▸ prefix's
_CHANGES_WHILE = {"I'm in combat": "in_combat", "I'm at a battlefield": "at_battlefield",
                  "you control this battlefield": "controlled"}  # a battlefield's: for the player who controls it
# other subjects of a change, as the Chinese side names them (友方回响的费用, 每回合打出的第一件友方非指示物装备)
_CHANGED = {"friendly Repeat costs": {"applies": "repeat_costs"},
            # the controller's activated abilities (the Chinese 每回合启动的第一个友方装备技能)
            "the first friendly gear activated ability played each turn": {"applies": "gear_abilities", "first": True},
            "friendly gear activated abilities": {"applies": "gear_abilities"},
            "the first friendly non-token gear played each turn": {"applies": "friendly_gear", "first": True}}
_CHANGES_EITHER = {
    "Your spells that choose me cost ① or any rune less": {"applies": "spells_choosing_me", "energy": -1, "power": -1,
                                                           "either": True},
    "Optional additional costs you pay cost ① or any rune less": {"applies": "optional_costs"},
}


# the cards of one type you play, narrowed by a printed keyword and where they are played from (as the Chinese
# 你从废牌堆中打出的拥有流转的法术): “Units with Repeat you play from your trash cost ② less”
_PLAYED_CARDS_COST = re.compile(
    rf"(?P<kind>Spells|Units|Gear)(?: with (?P<keyword>[A-Z][\w-]+))? you play(?P<zone> from your trash)? "
    rf"costs? (?P<cost>{_COST_TEXT}) (?P<way>less|more)(?:,? to a minimum of (?P<min>[{CIRCLED}]))?")
_PLAYED_KINDS = {"Spells": "friendly_spells", "Units": "friendly_units", "Gear": "friendly_gear"}


# a battlefield's, for every player: each spell choosing a unit here of a side seen from the spell's player (the Chinese
# 选择此处一名或多名友方单位的法术)
_CHOOSING_HERE = re.compile(
    rf"Each spell that chooses (?:one or more|an?|any) units? here(?: that (?:are|is) (?P<side>friendly|enemy) to it)? "
    rf"costs? (?P<cost>{_COST_TEXT}) (?P<way>less|more)")


# a battlefield's “your” is its controller's (190.6.d): the Empower costs of their units (here), as the Chinese
# 此处你的单位的强化费用减少①或任意符能
_EMPOWER_COSTS = re.compile(rf"Empower costs of your units(?P<here> here)? cost (?:(?P<either>① or any rune)|(?P<cost>{_COST_TEXT})) less")


def _played_cards_cost(text: str) -> dict | None:
    empower = _EMPOWER_COSTS.fullmatch(text)
    if empower:
        where = {"where": "here"} if empower["here"] else {}
        amounts = {"energy": -1, "power": -1, "either": True} if empower["either"] else _cost_change(empower["cost"], "less", [])
        return {"cost_changes": [{"applies": "empower_costs", **where, **amounts, "while": "controlled"}]}
    here = _CHOOSING_HERE.fullmatch(text)
    if here:
        change = {"applies": "spells_choosing_here", "who": here["side"] or "any", **_cost_change(here["cost"], here["way"], [])}
        return {"cost_changes": [change]}
    match = _PLAYED_CARDS_COST.fullmatch(text)
    if not match or not (match["keyword"] or match["zone"]):
        return None
    keyword = KEYWORDS.get(match["keyword"].lower()) if match["keyword"] else None
    if match["keyword"] and keyword is None or (match["min"] and match["way"] != "less"):
        raise NotUnderstood(text)
    change = {"applies": _PLAYED_KINDS[match["kind"]], **({"keyword": keyword} if keyword else {}),
              **({"from": "trash"} if match["zone"] else {}), **_cost_change(match["cost"], match["way"], [])}
    return {"cost_changes": [{**change, **({"min": _energy(match["min"])} if match["min"] else {})}]}


def _cost_changes(text: str, condition_: dict | None) -> dict | None:
    """“While I'm in combat, friendly spells cost ①any rune less to a minimum of ①, and enemy spells cost ①any rune
    more”, “Empowered ▸ Your spells cost ① less”: ``cost_changes`` of the spells played while this unit is on the board
    (356.3–356.4). None when *text* is none."""
    text = text.strip().rstrip(".")
    if text in _CHANGES_EITHER and not condition_:
        return {"cost_changes": [dict(_CHANGES_EITHER[text])]}
    played = _played_cards_cost(text) if not condition_ else None
    if played:
        return played
    during = None
    while_ = _fullmatch(r"While (?P<condition>[^,]+), (?P<rest>.+)", text)
    if while_:
        if condition_ or while_["condition"] not in _CHANGES_WHILE:
            return None
        during, text = _CHANGES_WHILE[while_["condition"]], while_["rest"]
    elif condition_ is not None:
        if condition_ != {"empowered": True}:
            return None
        during = "empowered"
    changes = []
    other = _fullmatch(rf"(?P<subject>{'|'.join(_CHANGED)}) costs? (?P<cost>[{CIRCLED}]) (?P<way>less|more)", text)
    if other:
        change = {**_CHANGED[other["subject"]], **_cost_change(other["cost"], other["way"], [])}
        return {"cost_changes": [{**change, **({"while": during} if during else {})}]}
    for part in _split(r",? and (?=\w+'? spells cost)", text):
        match = _SPELLS_COST.fullmatch(part.strip())
        cards = _changed_cards(match) if match else None
        if not cards:
            return None
        way = match["way"] or {"reduced": "less", "increased": "more"}[match["reduced"]]
        change = {**cards, **_cost_change(match["cost"] or match["by"], way, [])}
        if (match["energy"] or match["tag"]) and set(change) - {"applies", "tag", "energy"}:
            return None  # an Energy cost changed by Energy only
        if match["min"]:
            if way != "less":
                return None
            change["min"] = _energy(match["min"])
        changes.append({**change, **({"while": during} if during else {})})
    return {"cost_changes": changes}


# -- the shared clause model (judgekit/cardtext/clauses.py) -----------------------------------

# The ▸ prefixes as the clause model's head keywords (Chinese names), and back.
_PREFIX_KEYWORDS = {"Empowered": "已强化", "Action": "迅捷", "Reaction": "反应", "Deathknell": "绝念", "Legion": "鼓舞"}
_TIMINGS = {"迅捷": "action", "反应": "reaction"}
_HEADS = {"已强化": "keyword_prefix", "绝念": "keyword_prefix", "鼓舞": "keyword_prefix", "迅捷": "timing", "反应": "timing"}
_ZH_KEYWORDS = {zh: en for en, zh in KEYWORDS.items()}
# A keyword prefix whose effects live at the card level, as the Chinese side writes them.
_PREFIXED = {"绝念": ("triggers", "deathknell"), "鼓舞": ("legion", None)}


def split(text: str) -> CardClauses:
    """The card's abilities in the clause model both compilers and the census read.

    A keyword line is an ability of its own (its reminder checked here and dropped); the sentences
    of a line that go on with the ability before them (“If you do, …”, “Then …”) are its clauses.
    """
    abilities: list[model.Ability] = []
    mode_line = 0  # the line of the last mode read
    problems: list[Problem] = []
    for clause in split_clauses(text):
        last = abilities[-1] if abilities else None
        if clause.keyword and last and last.modes and clause.line > last.line and \
                _search(_GIVE_ME_ONE, last.clauses[0].text):  # “choose one to give me this turn —”: keywords, one a line
            match = _KEYWORD_HEAD.match(clause.text)
            try:
                check_reminder(clause, int(match["value"]) if match["value"] else None)
            except NotUnderstood as error:
                problems.append(Problem(clause.line, clause.text, str(error)))
            abilities[-1] = last._replace(clauses=last.clauses + (model.Clause(clause.text, "mode"),))
            continue
        if clause.keyword:
            match = _KEYWORD_HEAD.match(clause.text)
            value = int(match["value"]) if match["value"] else None
            cost = clause.text.split("—", 1)[1].strip() if "—" in clause.text else match["cost"] or ""
            try:
                check_reminder(clause, value)
            except NotUnderstood as error:
                problems.append(Problem(clause.line, clause.text, str(error)))
            abilities.append(model.Ability(clause.line, "keyword", (model.Keyword(KEYWORDS[clause.keyword], value, cost),),
                                           ()))
            continue
        if clause.unexplained:
            problems.append(Problem(clause.line, clause.text, f"括号中的文字“{clause.unexplained}”不是前面关键词的释义，无法略去"))
        last = abilities[-1] if abilities else None
        if last and last.modes and not clause.prefix and clause.line > last.line:  # the lines after “choose one —”
            if clause.line == mode_line:  # a mode's later sentence (“Deal 2 to a unit. Then draw 1.”): the same mode
                joined = model.Clause(f"{last.clauses[-1].text} {clause.text}", "mode")
                abilities[-1] = last._replace(clauses=last.clauses[:-1] + (joined,))
            else:
                abilities[-1] = last._replace(clauses=last.clauses + (model.Clause(clause.text, "mode"),))
            mode_line = clause.line
            continue
        if last and last.head != "keyword" and last.line == clause.line and _continues(clause.text):
            abilities[-1] = last._replace(clauses=last.clauses + (model.Clause(clause.text, ""),))
            continue
        head, keywords = _head(clause.prefix)
        modes = 1 if _search(rf"(?:^|, )choose one —$|{_GIVE_ME_ONE}|^{_NOT_CHOSEN}$", clause.text, re.IGNORECASE) else 0  # 355.3: one mode chosen
        abilities.append(model.Ability(clause.line, head, keywords, (model.Clause(clause.text, ""),), modes))
    return CardClauses(tuple(abilities), tuple(problems))


_GIVE_ME_ONE = r"(?:^|, )choose one to give me this turn —$"  # each line after it a keyword I get this turn


def _head(prefix: str) -> tuple[str, tuple[model.Keyword, ...]]:
    if not prefix:
        return "", ()
    level = _fullmatch(r"Level (\d+)(?: ▸ (Action|Reaction))?", prefix)
    if level:  # “Level 6 ▸ Reaction ▸ …”: an ability of that level played with that timing
        timing = (model.Keyword(_PREFIX_KEYWORDS[level[2]], None, ""),) if level[2] else ()
        return "level", (model.Keyword("等级", int(level[1]), ""), *timing)
    names = [_PREFIX_KEYWORDS[part.strip()] for part in prefix.split("▸")]
    return _HEADS[names[-1]], tuple(model.Keyword(name, None, "") for name in names)


def compile_clauses(card: CardClauses, facts: dict) -> tuple[dict, tuple[Problem, ...]]:
    """The tree parts (keywords, target, effects, abilities) of *card*, or every clause not understood."""
    tree: dict = {}
    problems: list[Problem] = []
    spell = _Body(_Scope()) if facts.get("type") == "spell" else None
    bodies: list[tuple[dict, _Body]] = []
    for ability in card.abilities:
        try:
            if ability.head == "keyword":
                for keyword in ability.keywords:
                    _keyword(keyword, tree, facts.get("name", ""))
                continue
            modes = [clause.text for clause in ability.clauses if clause.link == "mode"]
            if ability.modes and not modes:
                raise NotUnderstood("“choose one —”之后没有模式")
            if ability.modes and _fullmatch(r"Choose one —", ability.clauses[0].text, re.IGNORECASE):
                _spell_modes(modes, tree, facts)  # a spell's modes, one chosen as it is played (355.3)
                continue
            if ability.modes and _fullmatch(_NOT_CHOSEN, ability.clauses[0].text, re.IGNORECASE):
                _spell_modes(modes, tree, facts)  # each execution (a Repeat's, 820.2) another mode (the Chinese 未选过的效果)
                tree["distinct_modes"] = True
                continue
            first, *rest = [clause for clause in ability.clauses if clause.link != "mode"]
            prefixed = _PREFIXED.get(ability.keywords[0].name) if ability.head == "keyword_prefix" else None
            if _legion_trigger(ability):  # “Legion — When you play me, …”: a triggered ability, only with Legion
                tree.setdefault("keywords", {})[LEGION] = None
                prefixed = None
            own = _own_cost(first.text, {"legion": True}, facts) \
                if [k.name for k in ability.keywords] == [LEGION] and ability.head == "keyword_prefix" and not rest else None
            if own is not None and not own[1]:  # “Legion — I cost ② less”: read as it is played (812.1.c)
                tree.setdefault("keywords", {})[LEGION] = None
                tree.setdefault("abilities", []).extend(own[0])
                continue
            trash = _fullmatch(rf"you may play me from your trash for ({_COST_TEXT})\.?", first.text, re.IGNORECASE) \
                if [k.name for k in ability.keywords] == [LEGION] and ability.head == "keyword_prefix" and not rest else None
            if trash and "from_trash" not in tree:  # the card's own permission while Legion holds (366.1, 356.1.a)
                tree.setdefault("keywords", {})[LEGION] = None
                tree["from_trash"] = {"cost": cost_of(trash[1]), "while": {"legion": True}}
                continue
            if prefixed and len(ability.keywords) == 1:  # “Deathknell — …”, “Legion — …”: the keyword and its effects
                body = _Body(_Scope())
                dies_if = _if_clause(first.text) if ability.keywords[0].name == DEATHKNELL else None
                for number_, clause in enumerate(ability.clauses):
                    body.sentence(dies_if[1] if dies_if and not number_ else clause.text)
                if ability.keywords[0].name == DEATHKNELL and (dies_if or body.scope.targets):
                    # “Deathknell — If I was Mighty, …” / one choosing a target: the trigger “when I die” (808.1, 383.2.a.1)
                    entry = {"trigger": "killed", **({"condition": dies_if[0]} if dies_if else {})}
                    tree.setdefault("keywords", {})[DEATHKNELL] = None
                    bodies.append((entry, body))
                    tree.setdefault("abilities", []).append(entry)
                    continue
                if body.scope.targets:
                    raise NotUnderstood(f"{ability.keywords[0].name}的目标")
                tree.setdefault("keywords", {})[ability.keywords[0].name] = None
                key, sub = prefixed
                effects = body.finish({})["effects"]
                if sub:
                    tree.setdefault(key, {})[sub] = effects
                else:
                    tree[key] = effects
                continue
            started = _ability(first.text, ability)
            if started is not None:
                body, entries = started
                if modes:  # a triggered ability's “choose one —”: one of the instructions, chosen as it resolves
                    body.modes(modes)
                for clause in rest:
                    own = _ability_cost(clause.text) if "cost" in entries[0] and clause is rest[-1] else None
                    if own:  # “This ability costs ① less for each …”: its own cost change, as it is activated
                        entries[0]["cost_change"] = own
                        continue
                    if "cost" in entries[0] and clause is rest[-1] and _fullmatch(r"Use only once (?:per|each) turn\.?", clause.text):
                        entries[0]["limit"] = "turn"  # its use limited, checked as it is activated (the Chinese 每回合仅可使用一次)
                        continue
                    use = _fullmatch(r"Use this ability only while (.+?)\.?", clause.text) or \
                        _fullmatch(r"Use only if (.+?)(?P<once> and only once each turn)?\.?", clause.text)
                    if use and "cost" in entries[0]:  # 377.2.b: checked as it is activated
                        entries[0]["condition"] = {**entries[0].get("condition", {}), **condition(use[1])}
                        if use.groupdict().get("once"):  # its limit (383.3.e.1 as for a triggered one's)
                            entries[0]["limit"] = "turn"
                        continue
                    if _fullmatch(r"Use (?:this ability )?only once each turn\.?", clause.text) and "cost" in entries[0]:
                        entries[0]["limit"] = "turn"
                        continue
                    body.sentence(clause.text)
                bodies.append((entries[0], body))
                tree.setdefault("abilities", []).extend(entries)
                continue
            if not rest and not ability.head and _empowered_many(first.text, tree):
                continue
            own = _ability_cost(first.text) if not rest and not ability.head and "empower" in tree else None
            if own and "cost_change" not in tree["empower"]:  # after “Empower ⑤.”: the Empower ability's cost change
                tree["empower"]["cost_change"] = own
                continue
            equip = [entry for entry in tree.get("abilities", ()) if entry.get("name") == "装配"]
            own = _ability_cost(first.text) if not rest and not ability.head and equip else None
            if own and "cost_change" not in equip[-1]:  # after “Equip ③any rune.”: the Equip ability's cost change
                equip[-1]["cost_change"] = own
                continue
            if not rest and not ability.head and facts.get("type") in _UNIT_TYPES and \
                    _fullmatch(r"I enter exhausted\.?", first.text):
                continue  # “(I enter exhausted.)”: the rule every unit follows (143.4), nothing of its own
            deck = _fullmatch(r"Your deck can have any number of cards (?:named (?P<name>.+?)|with my name)\.?", first.text) \
                if not rest and not ability.head else None
            if deck and (deck["name"] is None or deck["name"] in (facts.get("name_en"), facts.get("name"))):
                tree.setdefault("passives", {})["deck_any_number"] = True  # a deck-building permission over 103.2.b
                continue
            card_level = _card_level(ability) if not ability.head else None
            if card_level is not None:
                for key, value in card_level.items():
                    if isinstance(value, list):
                        tree.setdefault(key, []).extend(value)
                    elif key in tree:
                        raise NotUnderstood(first.text)
                    else:
                        tree[key] = value
                continue
            if not rest and ability.head != "timing":
                changed = _cost_changes(first.text, _head_condition(ability))
                instead = ability.head == "level" and _search(r" instead\.?$", first.text)
                text_ = first.text[:instead.start()] if instead else first.text
                own = _own_cost(text_, _head_condition(ability), facts) if changed is None else ([], changed)
                if own is not None:
                    if instead:  # “Level 11 ▸ This costs ④ less instead”: the difference beside the lower level's
                        own = (_cost_instead(tree.get("abilities", []), own[0], ability.keywords[0].value), own[1])
                    tree.setdefault("abilities", []).extend(own[0])
                    for key, value in own[1].items():
                        tree.setdefault(key, []).extend(value)
                    continue
            statics = _statics(first.text, _head_condition(ability)) if not rest else _statics_instead(ability)
            if statics is not None and ability.head != "timing":
                tree.setdefault("abilities", []).extend(statics)
                continue
            if spell is not None and not ability.head:
                for clause in ability.clauses:
                    spell.sentence(clause.text)
                continue
            if spell is not None and ability.head == "level":  # a spell's Level line: read as it resolves (824.1.b.1)
                spell.level(ability.keywords[0].value, [clause.text for clause in ability.clauses])
                continue
            raise NotUnderstood(first.text)
        except NotUnderstood as error:
            text = " ".join(c.text for c in ability.clauses) or " ".join(k.name for k in ability.keywords)
            problems.append(Problem(ability.line, text, f"没有读懂：{error}"))
    if problems:
        return {}, tuple(problems)
    try:
        for ability, body in bodies:
            body.finish(ability)
        if spell is not None and (spell.effects or spell.keeping):
            spell.finish(tree)
    except NotUnderstood as error:
        return {}, (Problem(0, "", f"没有读懂：{error}"),)
    tree["abilities"] = _one_per_event(tree.get("abilities", []))
    tree[model.LEVEL_TARGETS] = spell.level_targets if spell is not None else 0
    try:
        model.level_target(tree, NotUnderstood)
    except NotUnderstood as error:
        return {}, (Problem(0, "", f"没有读懂：{error}"),)
    return {key: value for key, value in tree.items() if key not in ("abilities", "keywords") or value}, ()


_NOT_CHOSEN = r"Choose one you haven't (?:already )?chosen —"


def _spell_modes(lines: list[str], tree: dict, facts: dict) -> None:
    """A spell's “Choose one —” and its mode lines: ``modes`` (the Chinese 从下列中选择一个); a mode choosing a target
    chooses its own, ``{target, effects}`` (355.3, 355.5)."""
    if facts.get("type") != "spell" or "modes" in tree:
        raise NotUnderstood("模式")
    modes = {}
    for number_, line in enumerate(lines, start=1):
        body = _Body(_Scope())
        for sentence in _sentences(line):
            body.sentence(sentence)
        mode = body.finish({})
        modes[str(number_)] = mode if "target" in mode else mode["effects"]
    tree["modes"] = modes


def _one_per_event(abilities: list[dict]) -> list[dict]:
    """“When I attack or defend, …”: one ability for each event, with the same instructions."""
    out = []
    for ability in abilities:
        also = ability.pop("_also", [])
        out += [ability] + [{**copy.deepcopy(ability), "trigger": trigger[LIMITED], "limit": "turn"}
                            if isinstance(trigger, dict) and LIMITED in trigger else {**copy.deepcopy(ability), "trigger": trigger}
                            for trigger in also]
    return out


def render(tree: dict, name: str = "") -> str:
    """What the engine understood, in plain Chinese: the one renderer every language shares.

    The Chinese must read back into the same tree (the Chinese compiler's round trip): what the judge
    is shown is then exactly what the engine runs. A tree the renderer cannot write, or whose Chinese
    reads back differently, raises ValueError — the card is not understood.
    """
    from judgekit.cardtext import zh

    try:
        text = zh.render(tree, name)
    except (KeyError, TypeError, AttributeError) as error:  # a form the renderer does not know
        raise ValueError(f"无法写成中文：{type(error).__name__} {error}") from None
    facts = {key: value for key, value in tree.items() if key in _FACT_KEYS}
    parts, problems = zh.compile_clauses(zh.split(text), {**facts, "name": name})
    if problems or {**facts, **parts} != tree:
        raise ValueError(f"写成的中文“{text}”读不回同一棵树")
    return text


_FACT_KEYS = ("type", "name_en", "cost", "power", "might", "domains", "tags", "token")  # printed facts, not compiled


def compile_english(text: str, facts: dict) -> tuple[dict | None, tuple[Problem, ...]]:
    """The tree parts of an English card text, or None and every problem (the clauses not understood)."""
    card = split(text)
    parts, problems = compile_clauses(card, facts)
    problems = (*card.problems, *problems)
    return (None, problems) if problems else (parts, ())


def _continues(text: str) -> bool:
    """A sentence that goes on with the ability before it on the same line (not a new ability)."""
    if _match(r"When it (?:dies|is dealt damage|moves|wins a combat) this turn, ", text):  # a delayed trigger on the chosen unit
        return True
    return not _WHEN.match(text) and not _activated_head(text)


def _activated_head(text: str) -> re.Match | None:
    match = _match(r"^(?P<cost>[^:\"]+?):\s+(?P<rest>.+)$", text)
    if not match:
        return None
    try:
        cost_of(match["cost"])
    except NotUnderstood:
        return None
    return match


LEGION = "鼓舞"
DEATHKNELL = "绝念"
_UNIT_TYPES = ("unit", "champion", "token")


def _legion_trigger(ability: model.Ability) -> bool:
    return ability.head == "keyword_prefix" and [k.name for k in ability.keywords] == [LEGION] and \
        bool(_WHEN.match(ability.clauses[0].text))


def _head_condition(ability: model.Ability) -> dict | None:
    """The condition a ▸ prefix sets: Empowered, Level N, Legion before a trigger (812)."""
    names = [k.name for k in ability.keywords]
    if ability.head == "level":
        return {"level": ability.keywords[0].value}
    if "已强化" in names:
        return {"empowered": True}
    if _legion_trigger(ability):
        return {"legion": True}
    return None


def _ability(text: str, ability: model.Ability) -> tuple[_Body, list[dict]] | None:
    """The triggered or activated ability *text* starts (its body open for more sentences), or None."""
    names = [k.name for k in ability.keywords]
    condition_ = _head_condition(ability)
    if "绝念" in names:
        body = _Body(_Scope())
        body.sentence(text)
        entry: dict = {"trigger": "killed"}
        if condition_:
            entry["condition"] = condition_
        return body, [entry]
    during = _fullmatch(r"(?P<when>(?:Once each turn, )?(?i:when|whenever) [^,]+?) while (?P<condition>[^,]+), (?P<rest>.+)", text)
    if during:  # “When an enemy unit dies while I'm at a battlefield, Y”: the trigger's condition (383.2.a.1)
        try:
            condition(during["condition"])
            text = f"{during['when']}, if {during['condition']}, {during['rest']}"
        except NotUnderstood:
            pass
    controlled = _fullmatch(r"While you control this battlefield, (?P<rest>(?i:when|whenever|at) .+)", text)
    pre = [{"controls_this_battlefield": True}] if controlled else []  # a battlefield's trigger for its controller
    text = f"{controlled['rest'][0].upper()}{controlled['rest'][1:]}" if controlled else text
    before = _fullmatch(r"If (?P<condition>[^,]+?) (?P<when>at the start of [^,]+), (?P<rest>.+)", text)
    if before:  # “If C at the start of your Beginning Phase, Y”: the trigger with its condition (383.2.a.1)
        text = f"{before['when'][0].upper()}{before['when'][1:]}, if {before['condition']}, {before['rest']}"
    when = _WHEN.match(text)
    if when:
        triggers = _triggers(when["events"] or _sub(r"^(?=I |you )", "", when["first"]))
        subject = "" if isinstance(triggers[0], str) or "subject" not in triggers[0] else "event_subject"
        body = _Body(_Scope(subject))
        rest = when["rest"]
        conditions = ([condition_] if condition_ else []) + pre
        conditions += [trigger.pop("_condition") for trigger in triggers if isinstance(trigger, dict) and "_condition" in trigger]
        choosers = {trigger.pop("_chooser") for trigger in triggers if isinstance(trigger, dict) and "_chooser" in trigger}
        body.scope.origin = any(trigger.pop("_origin", False) for trigger in triggers if isinstance(trigger, dict))
        body.scope.field = any(trigger.pop("_field", False) for trigger in triggers if isinstance(trigger, dict))
        body.scope.arrival = all(isinstance(trigger, dict) and trigger.get("event") == "moved" and
                                 trigger.get("subject", "self") != "self" for trigger in triggers)
        triggers = [{LIMITED: _shorthand(trigger[LIMITED])} if isinstance(trigger, dict) and LIMITED in trigger
                    else _shorthand(trigger) for trigger in triggers]
        entry = {"trigger": triggers[0]}
        if choosers:  # the event's player does what the ability says (190.6.b, 190.6.c): “that player …”
            entry["chooser"], = choosers
            body.scope.event_player = True
        conditional = _if_clause(rest)
        if conditional:
            conditions.append(conditional[0])
            rest = conditional[1]
        rest = _sub(r"(?i:to your Champion Zone if it is empty)", "to your Champion Zone if your Champion Zone is empty", rest)
        trailing = _fullmatch(r"(?P<rest>[^.]+?) if (?P<condition>[^,.]+)\.?", rest) if not conditional else None
        if trailing:  # “When I defend, give me +2 Might this turn if I'm Empowered.”: the trigger's condition too
            try:
                conditions.append(condition(trailing["condition"]))
                rest = trailing["rest"]
            except NotUnderstood:
                pass
        if conditions:
            entry["condition"] = {key: value for c in conditions for key, value in c.items()}
            body.scope.excess = "excess_assigned" in entry["condition"]
            if entry["condition"].get("controls") == model.SCORED and not model.scores_only(triggers):
                raise NotUnderstood("that battlefield (no battlefield was conquered or held)")
        if when["once"] or when["first"]:  # “once each turn”, “the first time … each turn”: 每回合首次
            entry["limit"] = "turn"
        cost = _trigger_cost(rest)
        if cost:  # “you may [pay ① and] exhaust me to …”, “you may pay ① to …”: the triggered ability's cost (204.3.a)
            entry["cost"], rest = cost
        if len(triggers) > 1:
            entry["_also"] = triggers[1:]
        anyone = not choosers and isinstance(triggers[0], dict) and triggers[0].get("player") == "any" and \
            _match(r"they may ", rest, re.IGNORECASE)
        if anyone:  # “When a player plays a spell, they may …”: that player does it (190.6.c), “they control” theirs
            entry["chooser"], body.scope.event_player = "event_player", True
            rest = _sub(r"\bthey control\b", "you control", rest)
        body.sentence(rest)
        return body, [entry]
    head = _activated_head(text)
    if head:
        body = _Body(_Scope())
        rest = head["rest"]
        entry = {"cost": cost_of(head["cost"])}
        timing = _match(r"^(?:(Action|Reaction)(?:,\s*(Legion))?|(Legion))\s*—\s*", rest)
        if timing:
            if timing[1]:
                entry["timing"] = timing[1].lower()
            if timing[2] or timing[3]:  # “Exhaust: Reaction, Legion — Y”: Y only with Legion (812; zh 横置：反应，鼓舞—Y)
                body.every_if = {"legion": True}
            rest = rest[timing.end():]
        elif ability.head in ("timing", "level") and names[-1] in _TIMINGS:
            entry["timing"] = _TIMINGS[names[-1]]
        if condition_:
            entry["condition"] = condition_
        body.sentence(rest)
        return body, [entry]
    return None


def _keyword(keyword: model.Keyword, tree: dict, card_name: str) -> None:
    """A keyword → `keywords` (or the sugar of a keyword with a cost: 强化, 装配, 回响, 流转)."""
    name = _ZH_KEYWORDS[keyword.name]
    if name not in COSTED:
        if keyword.value is not None and name not in VALUED:
            raise NotUnderstood(keyword.name)
        # A valued keyword without its number has 1 (Assault is Assault 1, 807.1.b.3).
        tree.setdefault("keywords", {})[keyword.name] = 1 if keyword.value is None and name in VALUED else keyword.value
        return
    if name == "repeat" and keyword.cost and "/" in keyword.cost:  # one Repeat instance per cost (820.1.c.2)
        if "repeat" in tree:
            raise NotUnderstood(f"{keyword.name} 的费用")
        tree["repeat"] = [cost_of(part.strip()) for part in keyword.cost.split("/")]
        tree.setdefault("keywords", {})[keyword.name] = None
        return
    either = _fullmatch(r"(.+?) or (.+)", keyword.cost or "") if name == "empower" else None
    if either:  # “Empower — ① or Body rune” (“Pay either cost”): two Empower abilities, one for each cost (827.3)
        tree["empower"] = {"cost": cost_of(either[1]), "or": cost_of(either[2])}
        return
    cost = cost_of(keyword.cost) if keyword.cost else {}
    if name == "empower":
        tree["empower"] = {"cost": cost}
    elif name == "equip":  # the ability it stands for (818): pay its cost, attach this card to a friendly unit
        if not card_name or not cost:
            raise NotUnderstood("装配的费用或装备的名称")
        tree.setdefault("abilities", []).append(
            {"name": keyword.name, "cost": cost, "target": {"who": "friendly"}, "effects": [{"attach": card_name}]})
    elif name == "flow" and set(cost) - {"energy"}:  # a Flow cost with Power: the card's flow cost (829.1.c)
        if set(cost) - {"energy", "power", "runes"} or "flow" in tree:
            raise NotUnderstood(f"{keyword.name} 的费用")
        tree["flow"] = {"cost": cost}
        tree.setdefault("keywords", {})[keyword.name] = None
    elif name == "repeat" and set(cost) - {"energy"}:  # Repeat with Power (820.1.d) or a discard: its cost beside the keyword
        if set(cost) - {"energy", "power", "runes", "discard"} or "repeat" in tree:
            raise NotUnderstood(f"{keyword.name} 的费用")
        tree["repeat"] = [cost]
        tree.setdefault("keywords", {})[keyword.name] = None
    elif set(cost) - {"energy"}:  # Flow without Power keeps an Energy cost only: the value (流转 2)
        raise NotUnderstood(f"{keyword.name} 的符能费用")
    else:
        tree.setdefault("keywords", {})[keyword.name] = cost.get("energy", 0)
