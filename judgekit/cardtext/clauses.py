"""A card's current text → abilities → clauses (the clause model both compilers and the census read).

The text is the card store's plain current text (``cards.db`` ``card_texts.current``: markup already
made readable by :mod:`judgekit.cards.markup`, errata applied).  Here it is normalised (full-width
punctuation, no spaces), cut into abilities (one a line; the mode lines after “从下列中选择一个”
belong to the line that offers them), each ability's head recognised (a keyword line, “等级 N ▸”,
“绝念 ▸”, a timing “反应 ▸”), its reminder text checked against the keyword it restates and dropped,
and its body cut into clauses: sentences, and the links between them (“然后”, “若如此做”).
"""

from __future__ import annotations

import re
from typing import NamedTuple

# The keywords of 805–829 by their Chinese names: (English name, rule, takes a value).
KEYWORDS = {
    "急速": ("Accelerate", "805", False), "迅捷": ("Action", "806", False), "强攻": ("Assault", "807", True),
    "绝念": ("Deathknell", "808", False), "法盾": ("Deflect", "809", True), "游走": ("Ganking", "810", False),
    "待命": ("Hidden", "811", False), "鼓舞": ("Legion", "812", False), "反应": ("Reaction", "813", False),
    "坚守": ("Shield", "814", True), "壁垒": ("Tank", "815", False), "瞬息": ("Temporary", "816", False),
    "预知": ("Vision", "817", False), "装配": ("Equip", "818", False), "灵便": ("Quick-Draw", "819", False),
    "回响": ("Repeat", "820", False), "百炼": ("Weaponmaster", "821", False), "伏击": ("Ambush", "822", False),
    "狩猎": ("Hunt", "823", True), "等级": ("Level", "824", True), "唯我": ("Unique", "825", False),
    "后排": ("Backline", "826", False), "强化": ("Empower", "827", False), "已强化": ("Empowered", "828", False),
    "流转": ("Flow", "829", False),
    "洞察": ("Predict", "436", True),  # a limited action the catalog marks up like a keyword
}
# Glossary terms a reminder may restate too (强力: “a unit with 5 Might or more”).
TERMS = {"强力": "Mighty", "增益": "Buff", "眩晕": "Stun"}
# Longest first, so 已强化 is not read as 强化.
_KEYWORD_NAMES = sorted(KEYWORDS, key=len, reverse=True)
_REMINDED_NAMES = sorted({*KEYWORDS, *TERMS}, key=len, reverse=True)
_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_WIDE = str.maketrans({"(": "（", ")": "）", ",": "，", ":": "：", ";": "；", "!": "！", "?": "？",
                       "—": "—", "–": "—", "－": "—", "\u3000": " "})
_MODE_HEADER = re.compile(r"从(?:下列|以下)中?选择(?P<count>一|两|二|三)(?:项|个)?(?P<turn>本回合)?(?P<distinct>未选过的效果)?—?$")
_MODE_LINE = re.compile(r"^[-•·—]\s*")  # “— 抽一张牌” after “从下列中选择一个 —” too
_REMINDER = re.compile(r"（[^（）]*）")
_KEYWORD_AT = re.compile(r"(?P<name>" + "|".join(_KEYWORD_NAMES) + r")(?P<value>\d+)?")
_REMINDED_AT = re.compile(r"(?P<name>" + "|".join(_REMINDED_NAMES) + r")(?P<value>\d+)?")
_SENTENCE_END = "。！？"
LINKS = {"然后": "then", "随后": "then", "若如此做": "if_you_do", "如果你这样做": "if_you_do", "若你如此做": "if_you_do",
         "如果如此做": "if_you_do", "如果你这么做": "if_you_do", "若你这样做": "if_you_do", "若你这么做": "if_you_do",
         "若其如此做": "if_they_do"}
_SENTENCE_SPLIT = re.compile(f"[{_SENTENCE_END}]")
_LINK = re.compile(r"^(?P<link>" + "|".join(sorted(LINKS, key=len, reverse=True)) + r")[，,]?")


class Keyword(NamedTuple):
    name: str  # Chinese name, as in KEYWORDS
    value: int | None
    cost: str  # a cost written after it (装配红色符能), normalised


class Clause(NamedTuple):
    text: str  # normalised, reminder text removed, link words removed, ends without “。”
    link: str  # "" | then | if_you_do | if_they_do | mode


class Ability(NamedTuple):
    line: int  # 1-based line of the card text
    head: str  # "" | keyword | level | keyword_prefix (绝念 ▸ …) | timing (反应 ▸ …)
    keywords: tuple[Keyword, ...]  # a keyword line's keywords; the level or keyword of a prefixed ability
    clauses: tuple[Clause, ...]
    modes: int = 0  # how many of the mode clauses are chosen (0: no modes)
    distinct: bool | str = False  # “从以下中选择一个未选过的效果”: each execution a mode not chosen before (a Repeat's, 820.2);
    # ``turn``: “……本回合未选过的效果” (not chosen this turn)


class Problem(NamedTuple):
    line: int
    clause: str
    reason: str  # Chinese: why the clause was not understood


class CardClauses(NamedTuple):
    abilities: tuple[Ability, ...]
    problems: tuple[Problem, ...]


# “that battlefield” after “when you conquer / hold a battlefield”: the battlefield scored, a filter's `where: scored`
# (both compilers read it in a trigger's condition, and only after scoring events)
SCORED = {"where": "scored"}

# “when you play a card from anywhere other than your hand”: a card — no token, which is not one (185) and is played
# from no zone — of yours, played from a trash, a deck, facedown (both compilers' trigger)
PLAYED_NOT_FROM_HAND = {"event": "played", "subject": "any", "player": "you", "played_from": {"not": "hand"},
                        "card": {"token": False}}


def scores_only(events) -> bool:
    """Whether each of a trigger's *events* (its name or dict) is a conquer or a hold, so “that battlefield” is the one scored."""
    return all((event if isinstance(event, str) else event.get("event")) in ("conquered", "held") for event in events)


LEVEL_TARGETS = "_level_targets"  # how many targets a spell's Level lines chose (set as they are read, checked after)


def level_target(parts: dict, not_read: type[Exception]) -> None:
    """824.1.b.1 — a spell's last target part that only instructions of one Level act on (each with ``if: {level: N}``,
    the Level keyword's condition) exists only while its controller has N XP: the part gets ``if: {level: N}``, chosen
    only then as the card is played. A target a Level line chose that this does not cover is not read (it would be
    chosen without the XP)."""
    chosen = parts.pop(LEVEL_TARGETS, 0)
    target = parts.get("target")
    parts_ = target if isinstance(target, list) else []
    level = _only_level(parts.get("effects", ()), len(parts_)) if len(parts_) > 1 and isinstance(parts_[-1], dict) else None
    if level is not None and "if" not in parts_[-1]:
        parts_[-1] = {**parts_[-1], "if": {"level": level}}
    elif chosen:
        raise not_read("“等级▸”的效果选择的目标")
    if chosen > 1:
        raise not_read("“等级▸”的效果选择的目标")


def _only_level(effects, number: int) -> int | None:
    """N when every instruction naming target part *number* (``{target: number}``) carries ``if: {level: N}``, else None."""
    levels: set = set()

    def refers(value) -> bool:
        if isinstance(value, dict):
            return value == {"target": number} or any(refers(item) for item in value.values())
        return isinstance(value, list) and any(refers(item) for item in value)

    for effect in effects:
        if not refers(effect):
            continue
        (params,) = effect.values()
        condition = params.get("if") if isinstance(params, dict) else None
        if not isinstance(condition, dict) or set(condition) != {"level"}:
            return None
        levels.add(condition["level"])
    return levels.pop() if len(levels) == 1 else None


def add_to_empower(parts: dict, text: str, not_read: type[Exception], **part) -> None:
    """One line of an object Empowered more than once (441.1.c.1) into the card's ``empower`` (zh and en): *part* is ``times``,
    ``might_each`` or ``keywords`` with ``keywords_at``; *not_read* when no Empower came before or the line says it again."""
    empower = parts.get("empower")
    if empower is None or any(key in empower for key in part):
        raise not_read(f"“{text}”之前没有强化（或说了两次）")
    empower.update(part)


def normalise(text: str) -> str:
    """One spelling of the text: full-width punctuation, no spaces, one kind of dash and arrow."""
    text = text.translate(_WIDE)
    text = re.sub(r"[ \t]+", "", text)
    text = re.sub(r"“([^“”]+)“(?=属性)", r"“\1”", text)  # “魄罗“属性: a closing quote printed as an opening one
    return re.sub("▸{2,}", "▸", text)


def number(word: str) -> int | None:
    """2, “两”, “十” → the integer; None when *word* is no number."""
    if word.isdigit():
        return int(word)
    if len(word) == 2 and word[0] == "十" and word[1] in _NUMERALS:
        return 10 + _NUMERALS[word[1]]
    return _NUMERALS.get(word)


def _numbers_in(text: str) -> set[int]:
    found = {int(n) for n in re.findall(r"\d+", text)}
    found |= {_NUMERALS[c] for c in text if c in _NUMERALS}
    return found


def _fits(reminder: str, keyword: Keyword) -> bool:
    """Whether *reminder* can restate *keyword*: a keyword with a value has that value in it (1 when omitted)."""
    if not KEYWORDS.get(keyword.name, ("", "", False))[2]:
        return True
    numbers = _numbers_in(reminder)
    return keyword.value in numbers if keyword.value is not None else numbers <= {1}


def _strip_reminders(text: str, line: int, problems: list[Problem]) -> str:
    """*text* without its reminders.

    A reminder restates a keyword or term written before it, since the previous reminder (or the
    level that opens the line); one with a value must carry that value, else the card is reported.
    """
    out, position = [], 0
    opening = _REMINDED_AT.match(text)
    for match in _REMINDER.finditer(text):
        before = text[position:match.start()]
        out.append(before)
        named = [Keyword(k["name"], int(k["value"]) if k["value"] else None, "") for k in _REMINDED_AT.finditer(before)]
        if opening and opening["name"] == "等级":
            named.append(Keyword("等级", int(opening["value"]) if opening["value"] else None, ""))
        reminder = match[0][1:-1]
        if named and not any(_fits(reminder, keyword) for keyword in named):
            shown = "、".join(f"{k.name}{k.value or ''}" for k in named)
            problems.append(Problem(line, text, f"提示文字（{reminder}）与关键词“{shown}”的数值不符"))
        position = match.end()
    out.append(text[position:])
    return "".join(out)


def _keyword_line(text: str) -> tuple[Keyword, ...] | None:
    """The keywords of a line that holds only keywords (“壁垒”, “强攻2”, “装配红色符能”, “法盾游走”)."""
    found, position = [], 0
    while position < len(text):
        match = _KEYWORD_AT.match(text, position)
        if not match:
            return None
        position = match.end()
        cost = re.match(r"(?:[⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]|(?:红色|绿色|蓝色|橙色|紫色|黄色|任意|本色)符能(?:×\d+)?)+", text[position:])
        cost_text = cost[0] if cost else ""
        position += len(cost_text)
        found.append(Keyword(match["name"], int(match["value"]) if match["value"] else None, cost_text))
        while position < len(text) and text[position] in "、，":
            position += 1
    return tuple(found) or None


def _split_sentences(text: str) -> list[str]:
    """Sentences of *text*, cut at “。” outside quotes (a quoted ability is one piece)."""
    if "“" not in text:
        return [s.strip("，") for s in _SENTENCE_SPLIT.split(text) if s.strip("，")]
    sentences, depth, current = [], 0, []
    for char in text:
        depth += {"“": 1, "”": -1}.get(char, 0)
        if char in _SENTENCE_END and depth <= 0:
            sentences.append("".join(current))
            current = []
        else:
            current.append(char)
    sentences.append("".join(current))
    return [s.strip("，") for s in sentences if s.strip("，")]


# A sentence opening with a time (“在本回合结束时，…”) is a delayed trigger's whole instructions: “，然后” inside it is its own.
TIMED_SENTENCE = re.compile(r"^(?:在)?本?回合结束时，")


def _clauses(text: str) -> list[Clause]:
    """Clauses of a body: each sentence, its leading link word taken off; “，然后” inside a sentence cuts too (not in a
    sentence that opens with a time, ``TIMED_SENTENCE``)."""
    clauses = []
    for sentence in _split_sentences(text):
        pieces = [sentence] if TIMED_SENTENCE.match(sentence) else re.split(r"，然后，?", sentence)
        for number_in_sentence, piece in enumerate(pieces):
            link = "then" if number_in_sentence else ""
            match = _LINK.match(piece)
            if match:
                link, piece = LINKS[match["link"]], piece[match.end():]
                if link in ("if_you_do", "if_they_do"):
                    piece = piece.removeprefix("则")  # “若如此做，则…”: the 则 restates the link
            if piece:
                clauses.append(Clause(piece, link))
    return clauses


def mode_clauses(mode: Clause) -> tuple[Clause, ...]:
    """The clauses of one mode line (a mode clause holds the whole line: its sentences are one mode's instructions)."""
    return tuple(_clauses(mode.text))


def _head(text: str) -> tuple[str, tuple[Keyword, ...], str]:
    """(head kind, its keywords, the rest) of an ability line that opens with “X ▸”."""
    match = re.match(r"(?P<prefix>[^▸—-]{1,12})[▸—-]", text)
    if not match:
        return "", (), text
    prefix, rest = match["prefix"], text[match.end():]
    keywords = _keyword_line(prefix)
    if not keywords:
        return "", (), text
    if keywords[0].name == "等级":
        return "level", keywords, rest
    if keywords[0].name in ("反应", "迅捷"):
        return "timing", keywords, rest
    return "keyword_prefix", keywords, rest


def _unwrapped(raw_lines: list[str]) -> list[tuple[int, str]]:
    """(line number, line): a line that ends in a quoted name (not a quoted sentence) goes on with the next (“让其中最多两名“黄沙士兵”” ⏎ “变为
    活跃状态。”: a sentence the printed text wrapped), the pair numbered by its first line."""
    lines: list[tuple[int, str]] = []
    for line_number, raw in enumerate(raw_lines, start=1):
        if lines and lines[-1][1].rstrip().endswith("”") and lines[-1][1].rstrip()[-2:-1] not in _SENTENCE_END:
            lines[-1] = (lines[-1][0], lines[-1][1].rstrip() + raw.lstrip())
            continue
        lines.append((line_number, raw))
    return lines


def _lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of the text; a keyword and its reminder followed by more text on the same
    line (“回响②（…）让一名单位…”) are two lines, the keyword's and the rest's."""
    lines = []
    for line_number, raw in _unwrapped(normalise(text).split("\n")):
        while (match := _REMINDER.search(raw)) and match.end() < len(raw) and _keyword_line(raw[:match.start()]):
            lines.append((line_number, raw[:match.end()]))
            raw = raw[match.end():].lstrip("。，")
        lines.append((line_number, raw))
    return lines


def split_card(text: str) -> CardClauses:
    """The abilities and clauses of a card's plain current text; unreadable parts become problems."""
    problems: list[Problem] = []
    abilities: list[Ability] = []
    for line_number, raw in _lines(text):
        if not raw.strip():
            continue
        line = _strip_reminders(raw, line_number, problems)
        if _REMINDER.sub("", line) != line or "（" in line or "）" in line:
            problems.append(Problem(line_number, raw, "括号不成对，无法分开提示文字"))
            continue
        if not line:
            continue  # a line that is only a rule reminder
        if _MODE_LINE.match(line) and abilities and abilities[-1].modes:
            last = abilities[-1]
            mode = _MODE_LINE.sub("", line, count=1).rstrip("。")  # one mode, however many sentences (mode_clauses)
            abilities[-1] = last._replace(clauses=(*last.clauses, Clause(mode, "mode")))
            continue
        keywords = _keyword_line(line)
        if keywords:
            abilities.append(Ability(line_number, "keyword", keywords, ()))
            continue
        head, head_keywords, body = _head(line)
        modes = _MODE_HEADER.search(body)
        count = 0
        if modes:
            count = number(modes["count"]) or 1
            body = body[:modes.start()]
        distinct = ("turn" if modes["turn"] else True) if modes and modes["distinct"] else False
        abilities.append(Ability(line_number, head, head_keywords, tuple(_clauses(body)), count, distinct))
    return CardClauses(tuple(abilities), tuple(problems))
