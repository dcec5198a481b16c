"""Text, Markdown and JSON renderings of cards, card lists and card imports."""

from __future__ import annotations

import re
from functools import cache
from itertools import zip_longest
from pathlib import Path

from judgekit.cards.lookup import CardSummary, CardView, Match, full_name
from judgekit.cards.names import SET_NAMES
from judgekit.corpus.text import display_width

TYPE_LABELS = {"unit": "单位", "spell": "法术", "gear": "装备", "battlefield": "战场", "legend": "传奇",
               "rune": "符文"}
SUPERTYPE_LABELS = {"champion": "英雄", "signature": "专属", "token": "指示物"}
LANGUAGE_LABELS = {"zh": "中文", "en": "English"}
FORMAT_LABELS = {"errata-overlay": "社区整理"}
SIDE_BY_SIDE_MIN = 100  # terminal columns from which Chinese and English are printed side by side
COLUMN_GAP = " │ "
NO_LINE_START = "。，、；：！？）」』”"  # closing punctuation stays at the end of the line it closes
_WIDE = "\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"


@cache
def _wrap_token() -> re.Pattern:
    """Where a line may break: after any Chinese character, or after a word and its spaces.

    Compiled on first use (the negated class of wide ranges takes about 10 ms): only a wide terminal wraps.
    """
    return re.compile(f"[{_WIDE}]|[^\\s{_WIDE}]+\\s*|\\s+")


def names(summary: CardSummary) -> str:
    zh = full_name(summary.name_zh, summary.title_zh)
    return " · ".join(name for name in (zh, summary.name_english) if name)


def type_label(card_type: str, supertypes: str = "") -> str:
    prefix = "".join(SUPERTYPE_LABELS.get(s, s) for s in supertypes.split("、") if s)
    return prefix + TYPE_LABELS.get(card_type, card_type or "类型不明")


def facts_line(view: CardView) -> str:
    s = view.summary
    parts = [type_label(s.type, view.supertypes)]
    if s.energy is not None or view.power is not None:
        cost = f"{s.energy if s.energy is not None else 0} 能量" + (f" + {view.power} 符能" if view.power else "")
        parts.append(f"费用 {cost}")
    if s.might is not None:
        parts.append(f"战力 {s.might}")
    if view.domains:
        parts.append(f"领域 {view.domains}")
    if view.tags:
        parts.append(f"标签 {view.tags}")
    return " · ".join(parts)


def summary_line(summary: CardSummary) -> str:
    facts = [type_label(summary.type)]
    if summary.energy is not None:
        facts.append(f"费用 {summary.energy}")
    if summary.might is not None:
        facts.append(f"战力 {summary.might}")
    return f"  {summary.id:<10} {names(summary)}  （{' · '.join(facts)}）"


LIST_LIMIT = 40  # a list longer than this is cut, with a note
MATCH_NOTES = {"part": "（名称中含有此词）", "traditional": "（按简体字查找）"}


def card_list_text(match: Match, query: str) -> str:
    cards = match.cards
    lines = [f"“{query}”对应 {len(cards)} 张卡牌{MATCH_NOTES.get(match.how, '')}："]
    lines += [summary_line(card) for card in cards[:LIST_LIMIT]]
    if len(cards) > LIST_LIMIT:
        lines.append(f"  ……只列出前 {LIST_LIMIT} 张；写得更具体些，或用 --json 列出全部")
    lines.append(f"用编号查看其中一张，如：judgekit card {cards[0].id}")
    return "\n".join(lines)


def _set_name(code: str) -> str:
    name = SET_NAMES.get(code.split("-", 1)[0])
    return f"{name}；" if name else ""


def _keyword_label(keyword) -> str:
    value = f" {keyword.value}" if keyword.value is not None else ""
    cost = f"（{keyword.cost}）" if keyword.cost else ""
    return f"{keyword.name}{value}{cost}"


def keyword_lines(view: CardView) -> list[str]:
    """One line per keyword: its names in both languages and the rules that define it."""
    by_term: dict[str, list] = {}
    for keyword in view.keywords:
        by_term.setdefault(keyword.term or keyword.name, []).append(keyword)
    lines = []
    for keywords in by_term.values():
        labels = " / ".join(dict.fromkeys(_keyword_label(k) for k in keywords))
        rules = next((k.rules for k in keywords if k.rules), ())
        if rules:
            where = "；".join(f"规则 {r.ref}（{r.edition}）" for r in rules)
        elif any(k.term for k in keywords):
            where = "词汇表有此术语，本地规则中没有其定义"
        else:
            where = "不在 glossary.toml 中"
        lines.append(f"  {labels} → {where}")
    return lines


def _errata_line(errata) -> str:
    label = FORMAT_LABELS.get(errata.format, "官方勘误")
    notes = f"（{'；'.join(errata.notes.splitlines())}）" if errata.notes else ""
    return f"  {errata.date}  {LANGUAGE_LABELS.get(errata.language, errata.language)}  {label}：{errata.document}{notes}"


def card_text(view: CardView, width: int = 0) -> str:
    """The card for a terminal; from SIDE_BY_SIDE_MIN columns of *width* the two languages stand side by side."""
    s = view.summary
    lines = [f"{s.id}  {names(s)}", facts_line(view),
             "印刷版本：" + "、".join(f"{code}（{_set_name(code)}{langs}）" for code, langs in view.printings)]
    if len(view.texts) == 2 and width >= SIDE_BY_SIDE_MIN:
        lines += [""] + _side_by_side(view, (width - len(COLUMN_GAP)) // 2)
    else:
        for text in view.texts:
            lines += [""] + [line for section in _text_sections(view, text) for line in section]
    lines += ["", *understood_lines(view.compiled)]
    if view.errata:
        lines += ["", "勘误："] + [_errata_line(e) for e in view.errata]
    if view.conflicts:
        lines += ["", "中英文资料不一致（两者都保留）："]
        lines += [f"  {field}：中文 {zh}，英文 {en}" for field, zh, en in view.conflicts]
    if view.keywords:
        lines += ["", "关键词："] + keyword_lines(view)
    lines += ["", "提到此卡的 FAQ：" if view.faq else "提到此卡的 FAQ：无（本地 FAQ 中没有找到）"]
    lines += [f"  FAQ {m.id}（{m.document} 第 {m.number} 条）{m.question}" for m in view.faq]
    return "\n".join(lines)


def _text_sections(view: CardView, text, column: int = 0) -> list[list[str]]:
    """One language's name, current text and (when errata changed it) printed text, each a list of lines."""
    label = LANGUAGE_LABELS.get(text.language, text.language)
    sections = [[f"【{label}】{full_name(text.name, text.title, text.language)}"],
                _indented(text.current or "（无文字）", "  ", column)]
    dates = "、".join(sorted({e.date for e in view.errata if e.language == text.language}))
    if text.printed != text.current:
        sections.append([f"  印刷文本（勘误前{'，勘误日期 ' + dates if dates else ''}）："]
                        + _indented(text.printed, "    ", column))
    elif dates:
        sections.append([f"  （{dates} 的勘误没有改变此语言的文字）"])
    elif any(t.printed != t.current for t in view.texts):
        sections.append(["  （此语言的资料没有勘误）"])
    return sections


def _side_by_side(view: CardView, column: int) -> list[str]:
    """The two languages in columns, their sections starting on the same row."""
    left, right = (_text_sections(view, text, column) for text in view.texts)
    rows = []
    for a, b in zip(left, right, strict=False):
        for line_a, line_b in zip_longest(a, b, fillvalue=""):
            rows.append((line_a + " " * (column - display_width(line_a)) + COLUMN_GAP + line_b).rstrip())
    return rows


def _indented(text: str, prefix: str, column: int) -> list[str]:
    lines = wrap(text, column - display_width(prefix)) if column else text.split("\n")
    return [prefix + line for line in lines]


def wrap(text: str, width: int) -> list[str]:
    """*text* in lines of at most *width* columns (a Chinese character is two), breaking between words."""
    out = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _wrap_token().findall(paragraph):
            if line and display_width(line + token.rstrip()) > width and token not in NO_LINE_START:
                out.append(line.rstrip())
                line = token.lstrip()
            else:
                line += token
        out.append(line.rstrip())
    return out


COMPILED_STATUS = {"compiled": "已编译", "disagreement": "中英文编译结果不一致，未采用",
                   "not_executable": "已读懂，但引擎尚不能执行", "not_understood": "有读不懂的句子，未编译",
                   "unreadable": "文字无法读取", "no_text": "资料中没有文字"}
LANGUAGE_SOURCES = {"zh": "中文文字", "en": "英文文字"}


def understood_lines(compiled) -> list[str]:
    """“引擎的理解”: the tree rendered in Chinese, or the clause not read; and which text was compiled."""
    source = LANGUAGE_SOURCES.get(compiled.language, "")
    if compiled.document:
        dated = f"，{compiled.document_date}" if compiled.document_date else ""
        errata = f"，含 {compiled.errata_date} 的勘误" if compiled.errata_date else "，无勘误"
        source += f"（{compiled.document}{dated}{errata}）"
    head = f"引擎的理解（{COMPILED_STATUS.get(compiled.status, compiled.status)}" + (f"，依据{source}" if source else "")
    lines = [head + "）："]
    if compiled.understood and compiled.status in ("compiled", "not_executable"):
        lines += ["  " + line for line in compiled.understood.split("\n")]
    elif compiled.status == "compiled":
        lines.append("  （没有能力：只有印刷数据与关键词）")
    if compiled.problem:
        lines.append("  " + compiled.problem)
    return lines


def card_markdown(view: CardView) -> str:
    s = view.summary
    lines = [f"### {s.id} {names(s)}", "", facts_line(view), ""]
    texts = {t.language: t for t in view.texts}
    headers = [f"{LANGUAGE_LABELS.get(lang, lang)}：{full_name(t.name, t.title, lang)}" for lang, t in texts.items()]
    lines += ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines.append("| " + " | ".join(t.current.replace("\n", "<br>") for t in texts.values()) + " |")
    changed = [t for t in texts.values() if t.printed != t.current]
    if changed:
        lines += ["", "**印刷文本（勘误前）：**", ""]
        quoted = [f"> {LANGUAGE_LABELS.get(t.language, t.language)}：{t.printed}".replace("\n", " ") for t in changed]
        lines += "\n>\n".join(quoted).split("\n")
    lines += ["", *understood_lines(view.compiled)]
    if view.errata:
        lines += ["", "**勘误：**", ""] + [f"-{_errata_line(e)[1:]}" for e in view.errata]
    if view.keywords:
        lines += ["", "**关键词：**", ""] + [f"-{line[1:]}" for line in keyword_lines(view)]
    if view.faq:
        lines += ["", "**提到此卡的 FAQ：**", ""]
        lines += [f"- FAQ {m.id}（{m.document} 第 {m.number} 条）{m.question}" for m in view.faq]
    return "\n".join(lines)


def card_dict(view: CardView) -> dict:
    return {
        **view.summary._asdict(),
        "supertypes": [s for s in view.supertypes.split("、") if s],
        "power": view.power,
        "domains": [d for d in view.domains.split("、") if d],
        "tags": [t for t in view.tags.split("、") if t],
        "printings": [{"code": code, "languages": langs.split("/")} for code, langs in view.printings],
        "texts": [t._asdict() for t in view.texts],
        "errata": [e._asdict() for e in view.errata],
        "keywords": [{**k._asdict(), "rules": [r._asdict() for r in k.rules]} for k in view.keywords],
        "conflicts": [{"field": f, "zh": zh, "en": en} for f, zh, en in view.conflicts],
        "faq": [m._asdict() for m in view.faq],
        "compiled": view.compiled._asdict(),
    }


def import_text(file: Path, result) -> str:
    """What a card import read: counts, the join, conflicts and errata it could not place."""
    parsed, report = result.parsed, result.report
    kinds = {}
    for problem in report.problems:
        # Conflicts belong to no one file; the other problems are reported with their own file.
        if problem.document in ("", result.document.id):
            kinds.setdefault(problem.kind, []).append(problem)
    read = (f"卡牌 {len(parsed.printings)} 张印刷" if parsed.printings
            else f"名称 {len(parsed.aliases)} 条" if parsed.aliases else f"勘误 {len(parsed.errata)} 条")
    out = [
        (f"已导入 {file} → {result.document.id}（{result.document.format}，{read}"
        f"{'，替换了同名的旧导入' if result.replaced else ''}）"),
        (f"  卡牌库：{report.cards} 张卡，{report.printings} 个印刷版本，{report.errata} 条勘误；"
        f"中英文资料不一致 {report.conflicts} 处"),
    ]
    if "duplicate" in kinds:
        out.append(f"  重复的印刷记录 {len(kinds['duplicate'])} 条，只保留一条（如 {kinds['duplicate'][0].detail}）")
    if parsed.printings:  # conflicts are between card files; an errata import changes none
        out += [f"  不一致：{p.detail}" for p in kinds.get("conflict", [])[:20]]
    out += [f"  {p.document} 第 {p.line} 行：{p.detail}" for p in kinds.get("errata", [])[:20]]
    if len(kinds.get("conflict", [])) > 20 or len(kinds.get("errata", [])) > 20:
        out.append("  ……其余见 judgekit cards info")
    return "\n".join(out)


def hits_text(hits) -> str:
    if not hits:
        return "没有找到匹配的卡牌。"
    return "\n".join(f"{hit.id:<10} {hit.names}\n    {hit.snippet}" for hit in hits)


def _current_texts(item: dict) -> list[tuple[str, str, str]]:
    """(language label, name, current text) of a card dict, Chinese first."""
    return [(LANGUAGE_LABELS.get(t["language"], t["language"]), full_name(t["name"], t["title"], t["language"]),
             t["current"]) for t in item["texts"]]


def _errata_note(item: dict) -> str:
    if not item["errata"]:
        return ""
    dates = "、".join(sorted({e["date"] for e in item["errata"]}))
    return f"勘误：本卡文字经 {dates} 勘误，上为勘误后的现行文本。"


def cite_card_text(item: dict) -> list[str]:
    item = item["card"]
    lines = [f"【卡牌 {item['id']}】{names(CardSummary(**{k: item[k] for k in CardSummary._fields}))}"]
    lines += [f"{label}：{text}" for label, _, text in _current_texts(item)]
    return lines + ([_errata_note(item)] if item["errata"] else [])


def cite_card_markdown(item: dict) -> list[str]:
    item = item["card"]
    lines = [f"**卡牌 {item['id']}**（{names(CardSummary(**{k: item[k] for k in CardSummary._fields}))}）", ""]
    for label, name, text in _current_texts(item):
        lines += [f"> **{label}（{name}）：** " + text.replace("\n", " ").strip(), ">"]
    lines = lines[:-1]
    return lines + (["", f"*{_errata_note(item)}*"] if item["errata"] else [])


def _where(problem) -> str:
    return f"{problem['document']} 第 {problem['line']} 行：" if problem["document"] else ""


def info_text(database: Path, documents, counts: dict[str, int], problems, verdicts=()) -> str:
    """Where cards.db is, the card files it was built from, every import problem, and the compilation:
    cards per verdict, each card whose two languages disagree or whose text cannot be read."""
    out = [f"卡牌库：{database}",
           "  " + "，".join(f"{table} {count}" for table, count in counts.items()), "导入的卡牌文件："]
    out += [f"  {d['id']:<44} {d['kind']:<6} {d['format']:<14} {d['date'] or '—':<10} {d['entries']:>5} 条"
            for d in documents]
    duplicates = [p for p in problems if p["kind"] == "duplicate"]
    if duplicates:
        out.append(f"重复的印刷记录 {len(duplicates)} 条（各保留一条）")
    others = [p for p in problems if p["kind"] != "duplicate"]
    if others:
        out.append("问题：")
        out += [f"  [{p['kind']}] {_where(p)}{p['detail']}" for p in others]
    if verdicts:
        by_status: dict[str, int] = {}
        for v in verdicts:
            by_status[v["status"]] = by_status.get(v["status"], 0) + 1
        out.append("卡牌文字的编译：" + "，".join(f"{COMPILED_STATUS.get(s, s)} {n} 张" for s, n in by_status.items()))
        reported = [v for v in verdicts if v["status"] in ("disagreement", "unreadable")]
        out += [f"  [{v['status']}] {v['card_id']}：{v['problem']}" for v in reported]
        if by_status.get("not_understood") or by_status.get("not_executable"):
            out.append("  未编译的卡：judgekit card 编号 显示读不懂的句子；judgekit cards coverage 按句型统计")
    return "\n".join(out)
