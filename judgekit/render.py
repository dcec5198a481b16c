"""Renderings of lookups: plain text for the terminal, Markdown for rulings, JSON for tools.

Each view (a rule, an FAQ entry, search hits) is turned into a plain dict once
(:func:`rule_dict`, :func:`faq_dict`, :func:`hit_dict`); JSON is that dict, and
the text and Markdown renderings read the same dict, so the three never drift.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from judgekit.corpus import Corpus, Edition
from judgekit.index.store import FaqView, RuleNode, RuleView

if TYPE_CHECKING:
    import sqlite3
    from pathlib import Path

    from judgekit.corpus import Workspace
    from judgekit.corpus.importer import ImportResult
    from judgekit.index.search import Hit

STATUS_LABELS = {"current": "当前版本", "superseded": "旧版", "earlier": "早期版本", "imported": "导入"}
KIND_LABELS = {"rule": "规则", "tr": "赛事规则", "faq": "FAQ", "guide": "指南（非官方）"}


def rule_word(kind: str) -> str:
    """How a rule of this kind is named: 规则 820.1, 赛事规则 702.5 (the Tournament Rules)."""
    return "赛事规则" if kind == "tournament" else "规则"


# Characters a document may hold that a terminal would act on: C0/C1 controls but the newline
# and the tab (ESC starts escape sequences, CR overwrites a line) and the bidirectional overrides.
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """*text* with every character a terminal would act on written as its escape (``\\x1b``)."""
    return _UNSAFE.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), text)


def to_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def edition_label(edition: Edition) -> str:
    status = STATUS_LABELS.get(edition.status, edition.status)
    date = f" · {edition.date}" if edition.date else ""
    return f"{edition.id}（{status}{date}）"


# -- dicts ------------------------------------------------------------------


def _node_dict(node: RuleNode) -> dict:
    return {"ref": node.ref, "title": node.title, "text": node.text, "children": [_node_dict(c) for c in node.children]}


def rule_dict(view: RuleView) -> dict:
    return {
        "ref": view.ref,
        "kind": view.kind,
        "edition": view.edition.id,
        "edition_title": view.edition.title,
        "edition_date": view.edition.date,
        "edition_status": view.edition.status,
        "present": view.present,
        "title": view.title,
        "breadcrumb": list(view.breadcrumb),
        "text": view.text,
        "examples": list(view.examples),
        "children": [_node_dict(c) for c in view.children],
        "xrefs": [x._asdict() for x in view.xrefs],
        "cited_by": [f._asdict() for f in view.cited_by],
        "also_in": list(view.also_in),
        "same_numbering": list(view.same_numbering),
        "older_editions": list(view.older),
        "now": now_dict(view.now),
        "source": {"document": view.document, "line": view.line},
    }


def faq_dict(view: FaqView, corpus: Corpus) -> dict:
    return {
        "id": view.id,
        "number": view.number,
        "document": view.document,
        "cites_edition": view.edition,
        "question": view.question,
        "answer": view.answer,
        "explanation": list(view.explanation),
        "notes": list(view.notes),
        "citations": [
            {
                "ref": c.ref,
                "raw": c.raw,
                "kind": c.kind,
                "edition": c.edition,
                "resolved": [r._asdict() for r in c.resolved],
                "now": now_dict(c.now),
            }
            for c in view.citations
        ],
        "precedence": precedence_note(view.edition, corpus),
        "source": {"document": view.document, "line": view.line},
    }


def now_dict(now: tuple[str, tuple[str, ...]] | None) -> dict | None:
    return {"edition": now[0], "refs": list(now[1])} if now else None


def now_text(ref: str, now: tuple[str, tuple[str, ...]] | None) -> str:
    """Where rule *ref* of an older edition lives in the newest one; "" when it is there unchanged in number."""
    if now is None:
        return ""
    edition, refs = now
    if not refs:
        return f"现行 {edition} 中已没有这条规则"
    return "" if refs == (ref,) else f"现行编号：{'、'.join(refs)}（{edition}）"


def hit_dict(hit: Hit) -> dict:
    return hit._asdict() | {"languages": [{"edition": edition, "snippet": text} for edition, text in hit.languages],
                            "older": [{"edition": edition, "ref": ref} for edition, ref in hit.older]}


def older_text(hit: Hit) -> str:
    """The older editions folded into *hit*: where each had this rule."""
    places = [f"{edition} {'同号' if ref == hit.ref else f'为 {ref}'}" for edition, ref in hit.older]
    return f"    旧版：{'；'.join(places)}" if places else ""


def precedence_note(faq_edition: str, corpus: Corpus) -> str:
    """The FAQ's own precedence rule, applied to the editions at hand."""
    cited = corpus.edition(faq_edition)
    note = f"此 FAQ 引用 {cited.id} 的编号；FAQ 与核心规则不一致时以 FAQ 为准"
    newer = [e for e in corpus.editions if e.status == "current" and e.date and cited.date and e.date > cited.date]
    if newer:
        note += f"，但较新的核心规则（{newer[0].id}，{newer[0].date}）与 FAQ 不一致时以新版核心规则为准"
    return note + "。"


# -- text -------------------------------------------------------------------


def _tree_lines(nodes: list[RuleNode], depth: int = 1) -> list[str]:
    lines = []
    for node in nodes:
        head = f"{'  ' * depth}{node.ref}"
        body = " ".join(filter(None, [node.title and f"【{node.title}】", node.text.replace("\n", " ")]))
        lines.append(f"{head}  {body}".rstrip())
        lines += _tree_lines(node.children, depth + 1)
    return lines


def rule_text(view: RuleView) -> str:
    newer = "  ·  已有更新的版本" if view.edition.id in view.older else ""
    out = [f"{rule_word(view.kind)} {view.ref}  ·  {edition_label(view.edition)}{newer}"]
    if line := now_text(view.ref, view.now):
        out.append(line)
    if not view.present:
        out.append(f"（本地语料没有 {view.ref} 本条，只有其下级规则）")
    if view.breadcrumb:
        out.append("所属：" + " › ".join(view.breadcrumb))
    if view.title:
        out.append(f"【{view.title}】")
    if view.text:
        out.append(view.text)
    out += [f"举例：{example}" for example in view.examples]
    if view.children:
        out.append("")
        out.append("下级规则：")
        out += _tree_lines(view.children)
    if view.xrefs:
        out.append("")
        out += [
            f"参见：规则 {x.target} {x.label}" + ("" if x.found else "（本地语料未收录）") for x in view.xrefs
        ]
    if view.cited_by:
        out.append("")
        out.append("引用本条的 FAQ：")
        out += [f"  FAQ {f.id}（{f.cited_as}）{f.question}" for f in view.cited_by]
    older = set(view.older)

    def listed(editions) -> str:
        return "、".join(f"{e}（旧版）" if e in older else e for e in editions)

    if view.same_numbering:
        out.append("")
        out.append(f"编号体系相同（{view.edition.numbering}）的版本也有 {view.ref}：{listed(view.same_numbering)}")
    if others := [e for e in view.also_in if e not in view.same_numbering]:
        out.append("")
        out.append(f"其他版本也有编号 {view.ref}：{listed(others)}（编号体系不同，未必是同一条规则）")
    if view.present:
        out.append(f"来源：{view.document} 第 {view.line} 行")
    return "\n".join(out)


def faq_text(view: FaqView, corpus: Corpus) -> str:
    out = [f"FAQ {view.id}  ·  {view.document}", f"问：{view.question}", f"答：{view.answer}"]
    if view.explanation:
        out.append("")
        out += view.explanation
    if view.notes:
        out.append("")
        out += [f"注意（勘误/变更）：{note}" for note in view.notes]
    if view.citations:
        out.append("")
        out.append(f"相关规则（{view.edition} 编号）：")
        for c in view.citations:
            label = "" if c.kind == "related" else "（正文提及）"
            now = now_text(c.ref, c.now)
            now = f"  〔{now}〕" if now else ""
            if c.resolved:
                for r in c.resolved:
                    out.append(f"  {c.ref}{label} → {r.edition}：{r.title or r.text}{now}")
            else:
                out.append(f"  {c.ref}{label} → 本地语料未收录 {c.edition} 版的这条规则")
    out.append("")
    out.append(precedence_note(view.edition, corpus))
    return "\n".join(out)


def hits_text(hits: list[Hit], older: set[str] = frozenset(), now: dict | None = None) -> str:
    """Ranked hits; a hit from an edition a newer one replaced is labelled, with the rule's number today."""
    if not hits:
        return "没有找到结果。"
    out = []
    now = now or {}
    for n, hit in enumerate(hits, start=1):
        kind = KIND_LABELS.get(hit.kind, hit.kind)
        labelled = hit.kind in ("rule", "tr") and hit.edition in older
        where = f"{hit.edition}{'（旧版）' if labelled else ''}" if hit.edition else "非官方"
        if moved := now.get((hit.edition, hit.ref)):
            where += f"  ·  {moved}"
        name = {"rule": hit.ref, "tr": hit.ref, "faq": f"FAQ {hit.ref}", "guide": f"§{hit.ref} {hit.title}"}[hit.kind]
        defines = f"  ·  定义：{hit.defines.replace(' | ', ' / ')}" if hit.defines else ""
        cited = f"  ·  {'、'.join(f'FAQ {ref}' for ref in hit.cited_by)} 引用" if hit.cited_by else ""
        out.append(f"{n:>2}. [{kind}] {name}  ·  {where}  ·  {hit.score:.2f}{defines}{cited}")
        if hit.kind in ("rule", "tr") and (hit.breadcrumb or hit.title):
            out.append("    " + " › ".join(filter(None, [hit.breadcrumb, hit.title])))
        if hit.kind == "faq":
            out.append(f"    问：{hit.title}")
        out.append(f"    {hit.snippet}")
        out += [f"    {edition}：{text}" for edition, text in hit.languages]
        out += [line for line in [older_text(hit)] if line]
    return "\n".join(out)


# -- citations ----------------------------------------------------------------


def cite_items(views: list[RuleView | FaqView], corpus: Corpus) -> list[dict]:
    """The dicts of cited rules and FAQ entries, each tagged with its type."""
    return [
        {"type": "faq", **faq_dict(view, corpus)} if isinstance(view, FaqView) else {"type": "rule", **rule_dict(view)}
        for view in views
    ]


def _cite_blocks(items: list[dict], renderers: dict, separator: str) -> str:
    """Each cited item in the lines its type's renderer gives, the blocks joined by *separator*."""
    return separator.join("\n".join(renderers[item["type"]](item)) for item in items)


def _faq_cite_text(item: dict) -> list[str]:
    lines = [f"【FAQ {item['id']}】{item['document']}", f"问：{item['question']}", f"答：{item['answer']}"]
    lines += [f"相关规则（{item['cites_edition']} 编号）：{'、'.join(c['ref'] for c in item['citations'])}"]
    return lines + [item["precedence"]]


def _rule_cite_text(item: dict) -> list[str]:
    date = f" · {item['edition_date']}" if item["edition_date"] else ""
    lines = [f"【{rule_word(item['kind'])} {item['ref']}】{item['edition_title']}{date}"]
    if item["breadcrumb"]:
        lines.append("所属：" + " › ".join(item["breadcrumb"]))
    lines += [t for t in (item["title"], item["text"]) if t]
    lines += [f"举例：{e}" for e in item["examples"]]
    lines += [f"引用本条的 FAQ：FAQ {f['id']}（{f['cited_as']}）{f['question']}" for f in item["cited_by"]]
    return lines + [f"来源：{item['source']['document']} 第 {item['source']['line']} 行"]


def cite_text(items: list[dict]) -> str:
    from judgekit.cards.render import cite_card_text  # here, so `rule`, `search` and `run` need not import cards

    return _cite_blocks(items, {"card": cite_card_text, "faq": _faq_cite_text, "rule": _rule_cite_text}, "\n\n")


def _faq_cite_markdown(item: dict) -> list[str]:
    cited = "、".join(f"`{c['ref']}`" for c in item["citations"])
    return [
        f"**FAQ {item['id']}**（{item['document']}）",
        "",
        f"> **问：** {item['question']}",
        ">",
        f"> **答：** {item['answer']}",
        "",
        f"相关规则（{item['cites_edition']} 编号）：{cited}",
        "",
        f"*{item['precedence']}*",
    ]


def _rule_cite_markdown(item: dict) -> list[str]:
    date = f"，{item['edition_date']}" if item["edition_date"] else ""
    lines = [f"**{rule_word(item['kind'])} {item['ref']}**（{item['edition_title']}{date}）"]
    if item["breadcrumb"]:
        lines.append(f"所属：{' › '.join(item['breadcrumb'])}")
    lines.append("")
    body = [t for t in (item["title"], item["text"]) if t]
    lines += [f"> {line}" for text in body for line in text.split("\n")]
    for example in item["examples"]:
        lines += [">", f"> *举例：* {example}"]
    lines += [""] + [f"- 引用本条的 FAQ {f['id']}（{f['cited_as']}）：{f['question']}" for f in item["cited_by"]]
    return lines + ["", f"— {item['source']['document']}，第 {item['source']['line']} 行"]


def cite_markdown(items: list[dict]) -> str:
    from judgekit.cards.render import cite_card_markdown

    renderers = {"card": cite_card_markdown, "faq": _faq_cite_markdown, "rule": _rule_cite_markdown}
    return _cite_blocks(items, renderers, "\n\n---\n\n")


# -- lists: FAQ, editions, the store ------------------------------------------


def faq_list_text(rows: list[sqlite3.Row]) -> str:
    out = []
    for row in rows:
        out.append(f"{row['id']:>3}. {row['question']}")
        if row["citations"]:
            out.append(f"     相关规则（{row['edition']} 编号）：{row['citations']}")
    return "\n".join(out)


def editions_text(rows: list[dict]) -> str:
    out = []
    for row in rows:
        status = STATUS_LABELS.get(row["status"], row["status"])
        date = row["date"] or "—"
        out.append(f"{row['id']:<16} {status:<6} {date:<10} {row['rules']:>5} 条  编号体系 {row['numbering']}")
        out.append(f"{'':<16} {row['title']}")
        if row["note"]:
            out.append(f"{'':<16} {row['note']}")
        out += [f"{'':<16} · {origin_text(document)}" for document in row.get("documents", [])]
    return "\n".join(out)


def origin_text(document: dict) -> str:
    if document["origin"] == "bundled":
        return f"{document['id']}（{document['kind']}，随 judgekit 提供）"
    return (f"{document['id']}（{document['kind']}，导入自 {document['from'] or '未记录'}，"
            f"{document['imported'] or '时间未记录'}；可用 judgekit import --remove {document['id']} 撤销）")


def index_info_text(workspace: Workspace, documents: list[sqlite3.Row]) -> str:
    out = [
        f"规则库：{workspace.database}",
        f"搜索索引：{workspace.current_index() or '尚未建立（首次搜索时建立）'}",
        f"导入的文档：{workspace.imports}",
    ]
    out += [
        f"  {row['id']:<32} {row['kind']:<6} {row['layout']:<8} {row['origin']:<8} "
        f"{row['entries']:>5} 条  问题 {row['problems']}"
        for row in documents
    ]
    return "\n".join(out)


def problems_text(rows: list[sqlite3.Row]) -> str:
    if not rows:
        return "没有问题。"
    return "\n".join(f"{row['document']} 第 {row['line']} 行 [{row['kind']}] {row['detail']}" for row in rows)


def import_text(file: Path, result: ImportResult, problems: list[sqlite3.Row]) -> str:
    """What an import read: entries per kind, what the header states, and every line it could not place."""
    doc = result.document
    counts = {kind: sum(1 for p in problems if p["kind"] == kind) for kind in ("unplaced", "duplicate", "citation")}
    stated = "，".join(part for part in (doc.kind and f"类别 {doc.kind}", doc.date and f"日期 {doc.date}") if part)
    if result.replaces and result.replaces != result.source.id:
        replaced = f"，替换了同一份 FAQ 的旧导入 {result.replaces}（版式不同）"
    else:
        replaced = "，替换了同名的旧导入" if result.replaced else ""
    out = [
        (f"已导入 {file.name} → {result.source.id}（{edition_label(result.edition)}"
        f"{'，新版本' if result.new_edition else ''}{replaced}）"),
        f"  版式 {doc.layout}：规则 {len(doc.rules)} 条，FAQ {len(doc.faqs)} 条，指南 {len(doc.sections)} 节；"
        f"页眉 {doc.header_lines} 行；无法归位的行 {counts['unplaced']}；重复编号 {counts['duplicate']}；"
        f"无法解析的引用 {counts['citation']}" + (f"；页眉写明{stated}" if stated else ""),
    ]
    if doc.stated_count and doc.stated_count != len(doc.rules):
        out.append(f"  注意：文档声明共 {doc.stated_count} 条，实际读到 {len(doc.rules)} 条（可能只是节选）。")
    if doc.date and result.edition.date and doc.date != result.edition.date:
        out.append(f"  注意：文档写明的日期 {doc.date} 与版本 {result.edition.id} 的日期 {result.edition.date} 不同。")
    # Every line that could not be placed is shown; other problems up to a screenful.
    unplaced = [p for p in problems if p["kind"] == "unplaced"]
    others = [p for p in problems if p["kind"] != "unplaced"]
    out += [f"  第 {p['line']} 行 [{p['kind']}] {p['detail']}" for p in unplaced + others[:20]]
    if len(others) > 20:
        out.append(f"  ……另有 {len(others) - 20} 条，见 judgekit index problems {result.source.id}")
    return "\n".join(out)
