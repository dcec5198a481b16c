"""Pieces every rules layout shares: examples, cross-references, titles, duplicates."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from judgekit.corpus.model import CrossRef, Problem, RuleEntry
from judgekit.corpus.text import SENTENCE_END, display_width
from judgekit.refs import RuleNumber, RuleNumberError

NUMBER = r"\d{3}(?:\.(?:\d+|[a-z]))*"


@dataclass(frozen=True)
class Language:
    """How one language marks examples and cross-references in rules text."""

    code: str
    spaced_words: bool  # words are separated by spaces, so a line break stands for one
    example_marker: re.Pattern[str]
    xref: re.Pattern[str]
    title_max_width: int


ZH = Language(
    code="zh",
    spaced_words=False,
    example_marker=re.compile(r"举例[：:]\s*"),
    # 想获取更多有关信息，请查阅规则349.打出卡牌。 / 请查阅规则352.5. 目标选取。
    xref=re.compile(rf"请查阅规则\s*(?P<ref>{NUMBER})\.?\s*(?P<label>[^。]*?)\s*。"),
    title_max_width=32,
)
EN = Language(
    code="en",
    spaced_words=True,
    example_marker=re.compile(r"\bExample:\s*"),
    # See rule 197. Locations for more information. / See rule 808 Deathknell for more information
    xref=re.compile(rf"\bSee rule\s+(?P<ref>{NUMBER})\.?\s*(?P<label>.*?)\s*for more information"),
    title_max_width=48,
)


def split_examples(paragraphs: list[str], language: Language) -> tuple[list[str], list[str]]:
    """Separate rule text from its examples.

    An example runs from its marker to the next marker; paragraphs after an
    example belong to it (lists under “举例：”) unless they are cross-references.
    """
    text: list[str] = []
    examples: list[str] = []
    for paragraph in paragraphs:
        pieces = language.example_marker.split(paragraph)
        head, tail = pieces[0].strip(), [p.strip() for p in pieces[1:]]
        if head:
            if examples and not tail and not language.xref.search(head):
                examples[-1] = f"{examples[-1]}\n{head}".strip()
            else:
                text.append(head)
        examples.extend(tail)
    return text, examples


def find_xrefs(parts: list[str], language: Language) -> tuple[CrossRef, ...]:
    found: list[CrossRef] = []
    for part in parts:
        for match in language.xref.finditer(part):
            try:
                target = str(RuleNumber.parse(match.group("ref")))
            except RuleNumberError:
                continue
            xref = CrossRef(target, match.group("label").strip(" .。"))
            if xref not in found:
                found.append(xref)
    return tuple(found)


def looks_like_title(text: str, language: Language) -> bool:
    """Short, unpunctuated lines are headings: “701. 增益”, “177. Multiple Types”."""
    text = text.strip()
    return (
        bool(text)
        and "\n" not in text
        and display_width(text) <= language.title_max_width
        and not text.endswith(SENTENCE_END)
    )


def drop_duplicates(entries: list[RuleEntry], problems: list[Problem]) -> list[RuleEntry]:
    """Keep the first entry of each number; report every later one."""
    seen: dict[str, RuleEntry] = {}
    for entry in entries:
        first = seen.get(entry.ref)
        if first is None:
            seen[entry.ref] = entry
        else:
            same = "文字相同" if first.text == entry.text else "文字不同"
            problems.append(Problem(entry.line, "duplicate", f"{entry.ref} 重复出现（{same}），保留第 {first.line} 行"))
    return list(seen.values())


def unplaced(line_number: int, line: str) -> Problem:
    return Problem(line_number, "unplaced", line.strip())


# A rule number as OCR misreads it: 0 as O, 1 as l or I (“82O.1.”); the letters of real rule
# numbers (701.1.l) parse as they are and are left alone.
_MISREAD = re.compile(r"^\s*(?:•\s*)?([0-9OoIl]{3}(?:\.(?:[0-9OoIl]+|[a-z]))*)\.?(?=\s|$|[^\w.])")
_DIGIT_LOOKALIKES = str.maketrans("OoIl", "0011")


def suspect_lines(text: str, reported: set[int]) -> list[Problem]:
    """Lines a parser took in without complaint that are not what they seem, as unplaced-line problems.

    A garbled line (control characters, U+FFFD) and a rule number with a misread digit would
    otherwise vanish into the text of the rule before them.
    """
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if number in reported:
            continue
        if any(char == "\ufffd" or (unicodedata.category(char) == "Cc" and char not in "\t\f") for char in line):
            problems.append(Problem(number, "unplaced", f"乱码或控制字符：{line.strip()[:80]!r}"))
        elif (match := _MISREAD.match(line)) and re.search(r"[OoIl]", match[1]) and len(re.findall(r"\d", match[1])) >= 2:
            try:
                RuleNumber.parse(match[1])
            except RuleNumberError:
                fixed = match[1].translate(_DIGIT_LOOKALIKES)
                try:
                    meant = f"（是 {RuleNumber.parse(fixed)} 吗？）"
                except RuleNumberError:
                    continue
                problems.append(Problem(number, "unplaced", f"疑似误识别的规则编号“{match[1]}”{meant}，没有作为规则读入：{line.strip()[:80]}"))
    return problems
