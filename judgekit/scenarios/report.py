"""Renderings of one trace (text for the terminal, Markdown to paste, JSON for tools) and of a folder check."""

from __future__ import annotations

import json
from dataclasses import asdict

from judgekit.engine.rules import NUMBERING, REFS
from judgekit.engine.trace import Event, Trace
from judgekit.scenarios import faqsuite
from judgekit.scenarios.session import CheckedFile, FolderCheck, RuleText


def _event_line(event: Event, edition: str) -> str:
    default = "〔默认〕" if event.default else ""
    rules = f"  ［规则 {'、'.join(event.numbers)} · {edition}］" if event.numbers else ""
    return f"{default}{event.text}{rules}"


def _cited(trace: Trace, texts: dict[str, RuleText | None], explain: bool) -> list[tuple[str, str, str]]:
    """(number, edition, text) for every cited rule: the local text (shortened unless *explain*), or judgekit's summary."""
    rows = []
    for number in trace.cited():
        found = texts.get(number)
        if found is None:
            rows.append((number, trace.edition, f"{SUMMARIES[number]}〔judgekit 摘要，本地规则库无此条正文〕"))
        elif not found.text.strip():  # a heading: its number names a section, the summary says what it is about
            rows.append((number, found.edition, SUMMARIES[number]))
        elif explain or len(found.text) <= SHORT:
            rows.append((number, found.edition, found.text))
        else:
            rows.append((number, found.edition, found.text[:SHORT] + "…"))
    return rows


SHORT = 80  # characters of local rule text shown without --explain
SUMMARIES = {ref.number: ref.summary for ref in REFS.values()}


def _conflict_line(conflict: dict) -> str:
    winner = "FAQ" if conflict["winner"] == "faq" else "规则"
    return f"FAQ 与规则不一致：FAQ {conflict['faq']}；规则 {conflict['rules']}。预期按{winner}设定：{conflict['why']}"


def text(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:
    out = [f"争议：{trace.title}"]
    if trace.question:
        out.append(f"问题：{trace.question}")
    out.append(f"规则版本：{trace.edition}（编号体系 {NUMBERING}）   场景：{trace.source}")
    if trace.conflict:
        out.append(_conflict_line(trace.conflict))
    out += ["", "初始局面："] + [f"  {line}" for line in trace.initial]
    out += [f"  〔近似〕{card}：{what}" for card, what in trace.approximated]
    for step in trace.steps:
        where = f"（第 {step.line} 行）" if step.line else ""
        out += ["", f"第 {step.number} 步：{step.action}{where}"]
        if step.options:
            out += [f"  ？{step.options[0]}"] + [f"      - {option}" for option in step.options[1:]]
        out += [f"  · {_event_line(event, trace.edition)}" for event in step.events]
        out += [f"    {change}" for change in step.changes]
    if trace.stopped:
        out += ["", f"运行在此中止：{trace.stopped}"]
    out += ["", "最终局面："] + [f"  {line}" for line in trace.final]
    if trace.verdicts:
        out += ["", "预期："]
        for verdict in trace.verdicts:
            mark = "✓" if verdict.passed else "✗"
            out.append(
                f"  {mark} {verdict.description}：{verdict.expected}"
                + ("" if verdict.passed else f"；实际 {verdict.actual}")
            )
    out += ["", "引用的规则："] + [
        f"  {number}（{edition}）{body}" for number, edition, body in _cited(trace, texts, explain)
    ]
    return "\n".join(out) + "\n"


def markdown(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:
    out = [f"## 争议：{trace.title}", ""]
    if trace.question:
        out += [f"**问题：** {trace.question}", ""]
    out += [f"规则版本：`{trace.edition}`（编号体系 {NUMBERING}）", ""]
    if trace.conflict:
        out += [_conflict_line(trace.conflict), ""]
    out += ["### 初始局面", ""]
    out += [f"- {line}" for line in trace.initial]
    out += [f"- 〔近似〕{card}：{what}" for card, what in trace.approximated]
    out += ["", "### 步骤", ""]
    for step in trace.steps:
        out.append(f"{step.number}. **{step.action}**")
        if step.options:
            out.append(f"   - ？{step.options[0]}：" + "；".join(step.options[1:]))
        out += [f"   - {_event_line(event, trace.edition)}" for event in step.events]
        if step.changes:
            labels = {"+": "新增 ", "~": "", "−": "移除 "}
            out.append("   - 状态变化：" + "；".join(labels[change[0]] + change[2:] for change in step.changes))
    if trace.stopped:
        out += ["", f"**运行在此中止：** {trace.stopped}"]
    out += ["", "### 最终局面", ""] + [f"- {line}" for line in trace.final]
    if trace.verdicts:
        out += ["", "### 预期", ""]
        for verdict in trace.verdicts:
            mark = "✅" if verdict.passed else "❌"
            out.append(
                f"- {mark} {verdict.description}：{verdict.expected}"
                + ("" if verdict.passed else f"；实际 {verdict.actual}")
            )
    out += ["", "### 引用的规则", ""]
    out += [f"- **{number}**（{edition}）{body}" for number, edition, body in _cited(trace, texts, explain)]
    return "\n".join(out) + "\n"


def _json_rules(trace: Trace, texts: dict[str, RuleText | None]):
    for number in trace.cited():
        found = texts.get(number)
        yield number, found.edition if found else trace.edition, found


def as_json(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:

    def event(e: Event) -> dict:
        return {"text": e.text, "rules": list(e.numbers), "default": e.default}

    document = {
        "title": trace.title,
        "question": trace.question,
        "edition": trace.edition,
        "numbering": NUMBERING,
        "source": trace.source,
        "conflict": trace.conflict,
        "approximated": dict(trace.approximated),
        "initial": trace.initial,
        "steps": [
            {
                "number": s.number,
                "action": s.action,
                "line": s.line,
                "events": [event(e) for e in s.events],
                "changes": list(s.changes),
                "refused": s.refused,
                "decision": list(s.options),
            }
            for s in trace.steps
        ],
        "final": trace.final,
        "verdicts": [asdict(v) for v in trace.verdicts],
        "passed": trace.passed,
        "stopped": trace.stopped,
        "pending": trace.pending,
        "rules": [
            {"number": number, "edition": edition, "summary": SUMMARIES[number], "text": found.text if found else None}
            for number, edition, found in _json_rules(trace, texts)
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


RENDERERS = {"text": text, "markdown": markdown, "json": as_json}


def json_error(error: Exception, source) -> str:
    """An invalid scenario under ``--format json``: the error as an object, for tools."""
    document = {"source": str(source), "error": str(error), "exit_code": getattr(error, "exit_code", 2), "passed": False}
    return json.dumps(document, ensure_ascii=False, indent=2)


# -- a folder check (judgekit run --check) ----------------------------------------


def check_line(checked: CheckedFile) -> str:
    """One line per file: passed, not as expected (which expectations), or invalid (why)."""
    name = checked.path.name
    if checked.error is not None:
        return f"无效  {name}：{checked.error}"
    if checked.failed:
        return f"不符  {name}：" + "；".join(
            f"第 {v.line} 行 {v.description}：预期 {v.expected}，实际 {v.actual}" for v in checked.failed
        )
    trace = checked.run.trace
    return f"通过  {name}（{len(trace.steps)} 步，{len(trace.verdicts)} 项预期）"


def check_summary(result: FolderCheck) -> str:
    """The count of scenarios, then how many rulings of each FAQ the folder reproduces."""
    lines = [f"共 {len(result.files)} 个场景"]
    if result.shows_coverage:
        lines.append("\n".join(faqsuite.coverage_lines(result.outcomes)))
    return "\n".join(lines)
