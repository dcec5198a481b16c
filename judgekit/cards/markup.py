"""Card text markup → plain readable text and structured keywords.

Three markups reach judgekit: the Chinese catalog's ``{{法盾}}``, ``{{强攻2}}``,
``{{S}}``, ``{{红色}}``, ``{{等级6>}}``; the English gallery's ``[Assault 2]``
and ``:rb_energy_2:`` icon tokens; and the errata lists' ``[C]``, ``[E]``, ``[1]``,
``[M]``, ``[待命]``.  Icons become readable words (energy costs circled digits,
runes and might by name); keywords keep their name and value in the text and are
returned as records (name, value, cost) for linking to the glossary.
"""

from __future__ import annotations

import html
import re
from typing import NamedTuple

DOMAINS_ZH = {"红色": "Fury", "绿色": "Calm", "蓝色": "Mind", "橙色": "Body", "紫色": "Chaos", "黄色": "Order"}
RUNE_WORDS = {
    "zh": {**{zh: f"{zh}符能" for zh in DOMAINS_ZH}, "A": "任意符能", "C": "本色符能"},
    "en": {**{en.lower(): f"{en} rune" for en in DOMAINS_ZH.values()}, "rainbow": "any rune",
           "A": "any rune", "C": "rune of its domain"},
}
MIGHT = {"zh": "战力", "en": "Might"}
EXHAUST = {"zh": "横置", "en": "Exhaust"}
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
ARROW = "▸"
NO_TEXT = ("[NO TEXT]", "<p>[NO TEXT]</p>")

_ZH_TOKEN = re.compile(r"\{\{([^{}]*)\}\}")
_EN_ICON = re.compile(r":rb_([a-z]+)(?:_([a-z0-9]+))?:")
_BRACKET = re.compile(r"\[([^\[\]\n]{1,24})\]")
# A keyword with its value and an optional cost: 强攻2, 回响2红色, 装配1橙色, 等级6>, Assault 2.
_KEYWORD = re.compile(
    r"^(?P<name>[^\d>\[\]]+?)\s*(?P<value>\d+)?\s*(?P<cost>(?:[AC]|" + "|".join(DOMAINS_ZH) + r")*)\s*(?P<arrow>>)?$"
)


class Keyword(NamedTuple):
    name: str
    value: int | None
    cost: str  # readable cost of keywords such as 装配 (Equip) or 回响 (Repeat), or ""


class ParsedText(NamedTuple):
    plain: str
    keywords: tuple[Keyword, ...]


def energy(amount: str) -> str:
    number = int(amount)
    return CIRCLED[number] if number < len(CIRCLED) else f"({number})"


def _icon(token: str, language: str, domain: str = "") -> str | None:
    """The readable word for an icon token, or None when *token* is a keyword.

    The errata lists write a rune of the card's own domain as [C]; with the card's
    *domain* known it is named (Order rune, 黄色符能).
    """
    if token == "C" and domain:
        return _domain_rune(domain, language) or RUNE_WORDS[language]["C"]
    if token.isdigit():
        return energy(token)
    if token in ("S", "s", "M"):
        return MIGHT[language]
    if token in ("E", "T", "横置"):
        return EXHAUST[language]
    if token in RUNE_WORDS[language]:
        return RUNE_WORDS[language][token]
    if token in (">", ">>"):
        return ARROW * len(token)
    return None


def _domain_rune(domain: str, language: str) -> str | None:
    if language == "en":
        return RUNE_WORDS["en"].get(domain.lower())
    colour = next((zh for zh, en in DOMAINS_ZH.items() if en == domain), None)
    return RUNE_WORDS["zh"][colour] if colour else None


def _cost_words(cost: str, language: str) -> str:
    """A keyword's rune cost written after it (装配橙色, 装配A): runes by name."""
    return "".join(_icon(part, language) or part for part in re.findall(r"[AC]|[\u4e00-\u9fff]{2}", cost))


def _keyword(token: str, language: str) -> tuple[str, Keyword | None]:
    """The readable text of a keyword token and its record."""
    match = _KEYWORD.match(token.strip())
    if not match:
        return token, None
    name, number, cost_source = match["name"].strip(), match["value"], match["cost"]
    if number and cost_source:
        # 装配1橙色 / 回响2红色: a number before a rune is an energy cost, not a value.
        value, cost = None, energy(number) + _cost_words(cost_source, language)
    else:
        value, cost = (int(number) if number else None), _cost_words(cost_source, language)
    text = name + (f" {value}" if value is not None else "") + (f" {cost}" if cost else "")
    if match["arrow"]:
        text += " " + ARROW
    return text, Keyword(name, value, cost)


def _replace_tokens(text: str, pattern: re.Pattern, language: str, found: list[Keyword], domain: str) -> str:
    def replace(match: re.Match) -> str:
        token = match[1]
        icon = _icon(token, language, domain)
        if icon is not None:
            return icon
        readable, keyword = _keyword(token, language)
        if keyword is not None:
            found.append(keyword)
        return readable

    return pattern.sub(replace, text)


def _english_icon(match: re.Match) -> str:
    kind, detail = match[1], match[2]
    if kind == "energy" and detail and detail.isdigit():
        return energy(detail)
    if kind == "rune" and detail:
        return RUNE_WORDS["en"].get(detail, f"{detail} rune")
    if kind == "might":
        return MIGHT["en"]
    if kind == "exhaust":
        return EXHAUST["en"]
    return match[0]


def _count_repeated_runes(text: str, language: str) -> str:
    """“Body runeBody rune” → “Body rune×2”: icons side by side read as a count."""
    for word in set(RUNE_WORDS[language].values()):
        text = re.sub(f"(?:{re.escape(word)}){{2,}}", lambda m, w=word: f"{w}×{len(m[0]) // len(w)}", text)
    return text


def parse_text(text: str | None, language: str, domain: str = "") -> ParsedText:
    """Plain text and keywords of card text in any of the three markups; *domain*: the card's only domain."""
    if not text or text.strip() in NO_TEXT:
        return ParsedText("", ())
    found: list[Keyword] = []
    plain = _ZH_TOKEN.sub(lambda m: "[" + m[1] + "]", text.replace("\r\n", "\n"))
    plain = _EN_ICON.sub(_english_icon, plain)
    plain = re.sub(r"<br\s*/?>|</p>\s*<p>|</ul>", "\n", plain)
    plain = re.sub(r"<li>", "\n• ", plain)
    plain = html.unescape(re.sub(r"</?[a-z]+[^<>]*>", "", plain))  # the community list's HTML
    plain = _replace_tokens(plain, _BRACKET, language, found, domain)
    plain = _count_repeated_runes(plain, language)
    plain = re.sub(r"(?<=\S)[ \t]*(▸+)", r" \1", plain)  # [Level 3][>] and {{等级3>}} alike: “等级 3 ▸”
    plain = re.sub(r"[ \t]+\n", "\n", plain).strip()
    if plain.endswith('"') and plain.count('"') % 2:
        plain = plain[:-1].rstrip()  # an unmatched quote the catalog left after the text
    unique = tuple(dict.fromkeys(found))
    return ParsedText(plain, unique)
