"""Read card files: which format a file is, and its printings or errata as records.

Card data (JSON, kind ``cards``):

- ``zh-catalog`` — the official Chinese catalog: ``{"cards": [{"cardNo", "cardName", "subTitle",
  "cardCategoryName", "energy", "power" (= might), "returnEnergy" (= power), "cardColorList",
  "tag", "hero" (the champion tag), "region" (the region tag), "cardEffect", …}]}``: its tags are the three
  fields' together, as the English sources list them in one (“Cat, Rengar, Ixtal”)
- ``en-gallery`` — the official English gallery: ``{"cards": [{"code", "name", "type", "energy",
  "might", "domains", "tags", "text", …}]}``
- ``riftcodex`` — the community English list: ``[{"riftbound_id", "name", "attributes",
  "classification", "text": {"plain", "rich"}, "tags", …}]``
- ``errata-overlay`` — community English errata: ``{"errata_documents": [{"slug", "announced_on"}],
  "entries": [{"official_name", "card_ids", "document", "old_text", "new_text"}]}``

Errata lists (text, kind ``errata``): ``errata-zh`` (card name, ``[新文本]``, ▲, ``[旧文本]``, from
the PDF) and ``errata-en`` (Markdown with ``[NEW TEXT]`` and ``[OLD TEXT]`` headings).

Name tables (Markdown, kind ``names``): ``aliases``, a table with the columns Chinese, English
and code (``| 灵魂折镜 | Rebuttal | VEN-152 |``): names the card data lacks, such as the Chinese
names of cards whose Chinese printing is not imported yet.

Every check happens here, before anything is written: a file of the wrong shape or a card
without a code is a DocumentError naming the file and the entry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

from judgekit.cards.names import parse_code
from judgekit.corpus.sources import not_utf8, read_bytes
from judgekit.errors import DocumentError

CARD_FORMATS = ("zh-catalog", "en-gallery", "riftcodex", "errata-overlay")
ERRATA_FORMATS = ("errata-zh", "errata-en")
FORMAT_KINDS = {**{name: "cards" for name in CARD_FORMATS}, **{name: "errata" for name in ERRATA_FORMATS},
                "aliases": "names"}
FORMAT_LANGUAGES = {"zh-catalog": "zh", "en-gallery": "en", "riftcodex": "en", "errata-overlay": "en",
                    "errata-zh": "zh", "errata-en": "en", "aliases": "zh"}
# Which source's facts and text win when several describe a card in one language.
FORMAT_AUTHORITY = {"zh-catalog": 0, "en-gallery": 0, "errata-zh": 0, "errata-en": 0,
                    "riftcodex": 1, "errata-overlay": 1, "aliases": 2}

TYPES_ZH = {
    "单位": ("unit", ()), "英雄单位": ("unit", ("champion",)), "专属单位": ("unit", ("signature",)),
    "指示物单位": ("unit", ("token",)), "法术": ("spell", ()), "专属法术": ("spell", ("signature",)),
    "装备": ("gear", ()), "专属装备": ("gear", ("signature",)), "指示物装备": ("gear", ("token",)),
    "战场": ("battlefield", ()), "指示物战场": ("battlefield", ("token",)), "传奇": ("legend", ()),
    "符文": ("rune", ()),
}
COLOURS = {"red": "Fury", "green": "Calm", "blue": "Mind", "orange": "Body", "purple": "Chaos",
           "yellow": "Order", "colorless": "Colorless"}
_DATE = re.compile(r"(20\d\d-\d\d-\d\d)")


class Printing(NamedTuple):
    code: str  # this printing: OGN-242, SFD-020a, UNL-T01
    base: str  # the card number without variant letters: SFD-020a → SFD-020
    set_id: str
    language: str
    name: str
    title: str
    type: str  # unit, spell, gear, battlefield, legend, rune, or "" when the file does not say
    supertypes: tuple[str, ...]
    energy: int | None
    power: int | None
    might: int | None
    domains: tuple[str, ...]
    tags: tuple[str, ...]
    text: str  # as printed, with the file's markup
    rarity: str
    format: str


class Errata(NamedTuple):
    language: str
    card_name: str
    codes: tuple[str, ...]  # card codes the list names, or () when it names the card only
    new_text: str
    old_text: str
    date: str
    line: int
    # The list's editorial notes on it (“注：只有英文版卡牌的文本…”, “Note: Text only differs…”, what its new-text
    # marker says, “[新文本 – 与目前卡面文本一致]”) and the label of its section (“翻译优化”): kept beside the
    # texts, never part of a card's text.
    notes: tuple[str, ...] = ()


class Alias(NamedTuple):
    zh: str  # “梅尔 - 奥法觉醒”
    en: str  # “Mel, Newly Awakened”
    codes: tuple[str, ...]  # card numbers: (“VEN-086”, “VEN-181”)
    line: int


class CardFile(NamedTuple):
    format: str
    kind: str  # cards | errata | names
    language: str
    date: str
    printings: tuple[Printing, ...]
    errata: tuple[Errata, ...]
    aliases: tuple[Alias, ...] = ()


def _number(value) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# An errata list's markers open their lines: a text that merely mentions them (a README) is none.
_ERRATA_ZH, _ERRATA_ZH_OLD = (re.compile(rf"^\s*\[{word}", re.MULTILINE) for word in ("新文本", "旧文本"))
_ERRATA_EN, _ERRATA_EN_OLD = (re.compile(rf"^(?:#+\s*)?\[{word} TEXT\]", re.MULTILINE) for word in ("NEW", "OLD"))


def detect_format(raw: bytes) -> str | None:
    """The format of a card file from its content, or None when it is no card file."""
    head = raw.lstrip()[:1]
    if head in (b"{", b"["):
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return None
        return _json_format(data)
    text = raw[:200_000].decode("utf-8", errors="replace")
    if _ALIAS_HEADER.search(text):
        return "aliases"
    if _ERRATA_ZH.search(text) and _ERRATA_ZH_OLD.search(text):
        return "errata-zh"
    if _ERRATA_EN.search(text) and _ERRATA_EN_OLD.search(text):
        return "errata-en"
    return None


def _json_format(data) -> str | None:
    if isinstance(data, list):
        first = next((item for item in data if isinstance(item, dict)), {})
        return "riftcodex" if "riftbound_id" in first or "classification" in first else None
    if not isinstance(data, dict):
        return None
    if "entries" in data and "errata_documents" in data:
        return "errata-overlay"
    cards = data.get("cards")
    if isinstance(cards, list):
        first = next((item for item in cards if isinstance(item, dict)), {})
        if "cardNo" in first or "cardName" in first:
            return "zh-catalog"
        if "code" in first or "collector_number" in first:
            return "en-gallery"
    return None


def read_card_file(path: Path, fmt: str, date: str | None = None) -> CardFile:
    """Parse *path* as *fmt*; every problem is a DocumentError naming the file and the entry."""
    raw = read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise not_utf8(path, error) from None
    language = FORMAT_LANGUAGES[fmt]
    if fmt == "aliases":
        aliases = _aliases(text)
        if not aliases:
            raise DocumentError(f"{path}：名称表中没有读到任何“| 中文名 | 英文名 | 编号 |”行")
        return CardFile(fmt, "names", language, date or _date_from_name(path), (), (), tuple(aliases))
    if fmt in ERRATA_FORMATS:
        stated = date or _date_from_name(path)
        if not stated:
            raise DocumentError(
                f"{path}：勘误表没有写明公布日期（文件名中也没有 YYYY-MM-DD）；请用 --date YYYY-MM-DD 指定"
            )
        errata = _errata_list(text, language, stated)
        if not errata:
            raise DocumentError(f"{path}：没有读到任何勘误条目（[新文本]/[NEW TEXT] 与 [旧文本]/[OLD TEXT]）")
        return CardFile(fmt, "errata", language, stated, (), tuple(errata))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DocumentError(f"{path}：不是有效的 JSON（第 {error.lineno} 行第 {error.colno} 列：{error.msg}）") from None
    if _json_format(data) != fmt:
        raise DocumentError(f"{path}：JSON 的结构不是 {fmt} 卡牌数据；请检查文件，或不带 --kind 让 judgekit 自动识别")
    reader = {"zh-catalog": _zh_catalog, "en-gallery": _en_gallery, "riftcodex": _riftcodex,
              "errata-overlay": _overlay}[fmt]
    return reader(path, data, date)


def _card_number(raw) -> str:
    if not isinstance(raw, str):
        return ""
    try:
        return parse_code(raw)[1]
    except ValueError:
        return ""


def _date_from_name(path: Path) -> str:
    match = _DATE.search(path.name)
    return match[1] if match else ""


def _entries(path: Path, items, what: str):
    """The dict entries of *items*, or a DocumentError that names the first one that is not."""
    if not isinstance(items, list) or not items:
        raise DocumentError(f"{path}：{what} 不是非空列表")
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise DocumentError(f"{path}：第 {number} 张卡不是 JSON 对象")
        yield number, item


def _code(path: Path, number: int, item: dict, key: str) -> tuple[str, str, str]:
    raw = item.get(key)
    label = item.get("cardName") or item.get("name") or "?"
    if not isinstance(raw, str) or not raw.strip():
        raise DocumentError(f"{path}：第 {number} 张卡（{label}）没有卡牌编号 {key}；请补上编号后重新导入")
    try:
        return parse_code(raw)
    except ValueError:
        raise DocumentError(f"{path}：第 {number} 张卡（{label}）的编号“{raw}”无法识别（应如 OGN-242/298）") from None


def _text(path: Path, number: int, item: dict, key: str) -> str:
    """The text field *key* of entry *number* ("" when absent); a DocumentError when it holds no text."""
    value = item.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        shown = json.dumps(value, ensure_ascii=False)
        raise DocumentError(f"{path}：第 {number} 项的 {key} 应是文字，却是 {shown[:40]}；请改正后重新导入")
    return value


def _object(path: Path, number: int, item: dict, key: str) -> dict:
    """The JSON object *key* of entry *number* ({} when absent); a DocumentError when it is something else."""
    value = item.get(key) or {}
    if not isinstance(value, dict):
        raise DocumentError(f"{path}：第 {number} 项的 {key} 应是 JSON 对象；请改正后重新导入")
    return value


def _strings(value) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return tuple(part for part in re.split(r"[,，、/|]\s*", value) if part)
    return tuple(str(part) for part in (value if isinstance(value, list) else [value]) if part)


def _zh_tags(path: Path, number: int, item: dict) -> tuple[str, ...]:
    """A Chinese catalog entry's tags: its “tag” field (约德尔人|机械), then its champion (“hero”) and region tags,
    which the catalog prints apart and the English sources list among the tags (UNL-024: Cat, Rengar, Ixtal)."""
    fields = (_strings(item.get("tag")), _strings(_text(path, number, item, "hero").strip()),
              _strings(_text(path, number, item, "region").strip()))
    return tuple(dict.fromkeys(tag.strip() for field in fields for tag in field if tag.strip()))


def _zh_catalog(path: Path, data: dict, date: str | None) -> CardFile:
    printings = []
    for number, item in _entries(path, data["cards"], "cards"):
        code, base, set_id = _code(path, number, item, "cardNo")
        card_type, supertypes = TYPES_ZH.get(_text(path, number, item, "cardCategoryName"), ("", ()))
        name, title = _text(path, number, item, "cardName").strip(), _text(path, number, item, "subTitle").strip()
        hero = _text(path, number, item, "hero").strip()
        if card_type == "legend" and hero and not title and hero != name:
            name, title = hero, name  # a legend is printed as its epithet; the errata and FAQ write “乐芙兰 - 诡术妖姬”
        printings.append(Printing(
            code=code, base=base, set_id=set_id, language="zh", name=name, title=title,
            type=card_type, supertypes=supertypes,
            energy=_number(item.get("energy")), power=_number(item.get("returnEnergy")),
            might=_number(item.get("power")),
            domains=tuple(COLOURS.get(c, c) for c in item.get("cardColorList") or ()),
            tags=_zh_tags(path, number, item), text=_text(path, number, item, "cardEffect"),
            rarity=_text(path, number, item, "rarityName"), format="zh-catalog",
        ))
    return CardFile("zh-catalog", "cards", "zh", date or str(data.get("fetchedAt") or ""), tuple(printings), ())


def split_title(name: str, separators: tuple[str, ...] = (" - ", ", ")) -> tuple[str, str]:
    """“梅尔 - 奥法觉醒” → (梅尔, 奥法觉醒): split at the first of *separators* the name holds; no title without one."""
    for separator in separators:
        if separator in name:
            first, rest = name.split(separator, 1)
            return first.strip(), rest.strip()
    return name.strip(), ""


def _split_english_name(name: str) -> tuple[str, str]:
    """“Draven, Showboat” and “Draven - Showboat (Alternate Art)” → (Draven, Showboat)."""
    name = re.sub(r"\s*\((?:alternate art|metal|overnumbered|signature|showcase)[^)]*\)\s*$", "", name, flags=re.IGNORECASE)
    return split_title(name, (", ", " - "))


def _en_gallery(path: Path, data: dict, date: str | None) -> CardFile:
    printings = []
    for number, item in _entries(path, data["cards"], "cards"):
        code, base, set_id = _code(path, number, item, "code")
        name, title = _split_english_name(_text(path, number, item, "name"))
        tags = _strings(item.get("tags"))
        card_type = _text(path, number, item, "type")
        if card_type == "Legend" and len(tags) == 1 and not title:
            name, title = tags[0], name  # the gallery names a legend by its epithet; its tag is the champion
        printings.append(Printing(
            code=code, base=base, set_id=set_id, language="en", name=name, title=title,
            type=card_type.lower(), supertypes=(),
            energy=_number(item.get("energy")), power=None, might=_number(item.get("might")),
            domains=_strings(item.get("domains")), tags=tags,
            text=_text(path, number, item, "text"), rarity=_text(path, number, item, "rarity"), format="en-gallery",
        ))
    return CardFile("en-gallery", "cards", "en", date or str(data.get("snapshot_date") or ""), tuple(printings), ())


def _riftcodex(path: Path, data: list, date: str | None) -> CardFile:
    printings = []
    for number, item in _entries(path, data, "the list"):
        code, base, set_id = _code(path, number, item, "riftbound_id")
        name, title = _split_english_name(_text(path, number, item, "name"))
        attributes = _object(path, number, item, "attributes")
        classification = _object(path, number, item, "classification")
        text = _object(path, number, item, "text")
        supertype = _text(path, number, classification, "supertype").lower()
        printings.append(Printing(
            code=code, base=base, set_id=set_id, language="en", name=name, title=title,
            type=_text(path, number, classification, "type").lower(),
            supertypes=(supertype,) if supertype and supertype != "basic" else (),
            energy=_number(attributes.get("energy")), power=_number(attributes.get("power")),
            might=_number(attributes.get("might")), domains=_strings(classification.get("domain")),
            tags=_strings(item.get("tags")),
            text=_text(path, number, text, "rich") or _text(path, number, text, "plain"),
            rarity=_text(path, number, classification, "rarity"), format="riftcodex",
        ))
    return CardFile("riftcodex", "cards", "en", date or _date_from_name(path), tuple(printings), ())


def _overlay(path: Path, data: dict, date: str | None) -> CardFile:
    announcements = [d for d in data.get("errata_documents") or [] if isinstance(d, dict)]
    dates = {d.get("slug"): d.get("announced_on", "") for d in announcements}
    errata = []
    for number, item in _entries(path, data["entries"], "entries"):
        ids = item.get("card_ids") or []
        codes = [_card_number(raw) for raw in (ids if isinstance(ids, list) else [ids])]
        codes = [code for code in codes if code]  # an unreadable id (“OGN-?”): joined by name instead
        name, new_text = _text(path, number, item, "official_name"), _text(path, number, item, "new_text")
        if not codes and not name:
            raise DocumentError(f"{path}：第 {number} 条勘误既没有卡牌编号也没有卡名")
        if not new_text:
            raise DocumentError(f"{path}：第 {number} 条勘误（{name}）没有 new_text")
        errata.append(Errata(
            language="en", card_name=name, codes=tuple(codes),
            new_text=new_text, old_text=_text(path, number, item, "old_text"),
            date=dates.get(item.get("document"), "") or date or str(data.get("last_verified") or ""), line=number,
        ))
    return CardFile("errata-overlay", "cards", "en", date or str(data.get("last_verified") or ""), (), tuple(errata))


# -- errata lists -------------------------------------------------------------

_NEW = re.compile(r"^\[(新文本|NEW TEXT)\s*(?:[-–—:：]\s*)?([^\]]*)\]$")  # “[新文本 – 与目前卡面文本一致]”: a note on it
_OLD = re.compile(r"^\[(旧文本|OLD TEXT)[^\]]*\]$")
_SET_HEADING = re.compile(r"^(“[^”]+”系列卡牌|[A-Z][\w ]* Cards)$")
_NOTE = re.compile(r"^(?:注|Note)\s*[：:]", re.IGNORECASE)
_SECTION_LABEL = re.compile(r"^(?:翻译优化|Translation (?:improvements?|updates?|fixes))$", re.IGNORECASE)
_SKIP = re.compile(r"^(=====\s*PAGE \d+\s*=====|\[Download [^\]]*\])$")
_DIGIT_SPACE = re.compile(r"(?<=\d) +(?=[\u4e00-\u9fff])")  # “高1 点”: a PDF artefact
_KEYWORD_LINE = re.compile(r"^\[[^\]]+\]$")  # a keyword alone on its line ends its paragraph
_PARAGRAPH_END = tuple("。！？）)】」”")


def _clean(line: str) -> str:
    return re.sub(r"^(#+|>)\s*", "", line.strip()).strip()


def _paragraphs(lines: list[str], language: str) -> str:
    """Join an errata text's lines: PDF wraps in Chinese are undone, paragraphs kept."""
    out: list[str] = []
    for line in lines:
        if language == "zh":
            line = _DIGIT_SPACE.sub("", line)
        if language == "zh" and out and not out[-1].endswith(_PARAGRAPH_END) and not _KEYWORD_LINE.match(out[-1]):
            out[-1] += line
        else:
            out.append(line)
    return "\n".join(out)


def _errata_list(text: str, language: str, date: str) -> list[Errata]:
    """Entries of an errata list: the line before each new-text marker names the card."""
    entries: list[Errata] = []
    current: dict | None = None  # the entry being read: name, line, new and old lines, notes
    section: list[tuple[int, str]] = []  # lines since the last marker
    label: str | None = None  # the section label the entries that follow it are under
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _clean(raw)
        if _SET_HEADING.match(line):
            label = None
        if not line or _SKIP.match(line) or _SET_HEADING.match(line) or line == "▲":
            continue
        if _SECTION_LABEL.match(line):
            label = line
            continue
        if _NOTE.match(line) and current is not None:
            current["notes"].append(line)
            continue
        if marker := _NEW.match(line):
            if not section:
                raise DocumentError(f"第 {number} 行：[新文本]/[NEW TEXT] 前没有卡名")
            name_line, name = section.pop()
            if current is not None:
                current["old" if current["old"] is not None else "new"] = [t for _, t in section]
                entries.append(_errata(current, language, date))
            notes = [note for note in (label, marker[2].strip()) if note]
            current, section = {"name": name, "line": name_line, "new": [], "old": None, "notes": notes}, []
        elif _OLD.match(line) and current is not None:
            current["new"], current["old"], section = [t for _, t in section], [], []
        else:
            section.append((number, line))
    if current is not None:
        current["old" if current["old"] is not None else "new"] = [t for _, t in section]
        entries.append(_errata(current, language, date))
    return entries


def translation_only(entry: Errata) -> bool:
    """Whether the list files *entry* under a translation section (翻译优化): a change to one language's wording,
    which the other language's list of the same announcement has no entry for."""
    return any(_SECTION_LABEL.match(note) for note in entry.notes)


def _errata(entry: dict, language: str, date: str) -> Errata:
    return Errata(language, entry["name"], (), _paragraphs(entry["new"], language),
                  _paragraphs(entry["old"] or [], language), date, entry["line"], tuple(entry["notes"]))


# -- name tables ----------------------------------------------------------------

_ALIAS_HEADER = re.compile(r"^\|\s*(Chinese|中文)[^|]*\|\s*(English|英文)[^|]*\|\s*(code|编号)[^|]*\|\s*$",
                           re.IGNORECASE | re.MULTILINE)


def _aliases(text: str) -> list[Alias]:
    """The rows of the first table whose header is Chinese | English | code."""
    aliases: list[Alias] = []
    in_table = False
    for number, line in enumerate(text.splitlines(), start=1):
        if _ALIAS_HEADER.match(line):
            in_table = True
            continue
        if not in_table or re.match(r"^\|[\s|:-]+\|$", line.strip()):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3:
            break  # the table ended
        codes = tuple(code for code in (_card_number(raw) for raw in re.split(r"[/,，、]", cells[2])) if code)
        if not codes:
            raise DocumentError(f"第 {number} 行：名称“{cells[0]}”没有可识别的卡牌编号（应如 VEN-152）")
        aliases.append(Alias(cells[0], cells[1], codes, number))
    return aliases
