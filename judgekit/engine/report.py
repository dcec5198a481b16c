"""Renderings of one trace: text for the terminal, Markdown to paste, JSON for tools."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import NamedTuple

from judgekit.engine.rules import NUMBERING, REFS
from judgekit.engine.trace import Event, Trace


class RuleText(NamedTuple):
    edition: str
    text: str


def _rule_label(number: str, texts: dict[str, RuleText | None]) -> str:
    found = texts.get(number)
    return f"{number}（{found.edition}）" if found else number


def _event_line(event: Event, texts: dict[str, RuleText | None]) -> str:
    default = "〔默认〕" if event.default else ""
    rules = "、".join(_rule_label(n, texts) for n in event.numbers)
    return f"{default}{event.text}" + (f"  ［规则 {rules}］" if rules else "")


def _summaries(trace: Trace) -> dict[str, str]:
    by_number = {ref.number: ref.summary for ref in REFS.values()}
    return {number: by_number[number] for number in trace.cited()}


def text(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:
    out = [f"争议：{trace.title}"]
    if trace.question:
        out.append(f"问题：{trace.question}")
    out.append(f"规则版本：{trace.edition}（编号体系 {NUMBERING}）   场景：{trace.source}")
    out += ["", "初始局面："] + [f"  {line}" for line in trace.initial]
    for step in trace.steps:
        where = f"（第 {step.line} 行）" if step.line else ""
        out += ["", f"第 {step.number} 步：{step.action}{where}"]
        out += [f"  · {_event_line(event, texts)}" for event in step.events]
        out += [f"    {change}" for change in step.changes]
    out += ["", "最终局面："] + [f"  {line}" for line in trace.final]
    if trace.verdicts:
        out += ["", "预期："]
        for verdict in trace.verdicts:
            mark = "✓" if verdict.passed else "✗"
            out.append(
                f"  {mark} {verdict.description}：{verdict.expected}"
                + ("" if verdict.passed else f"；实际 {verdict.actual}")
            )
    out += ["", "引用的规则："] + _cited_lines(trace, texts, explain, prefix="  ")
    return "\n".join(out) + "\n"


def _cited_lines(trace: Trace, texts: dict[str, RuleText | None], explain: bool, prefix: str) -> list[str]:
    lines = []
    for number, summary in _summaries(trace).items():
        found = texts.get(number)
        if explain and found:
            lines.append(f"{prefix}{number}（{found.edition}）{found.text}")
        else:
            lines.append(
                f"{prefix}{number}  {summary}" + ("" if found else "（本地规则库无此条正文）" if explain else "")
            )
    return lines


def markdown(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:
    out = [f"## 争议：{trace.title}", ""]
    if trace.question:
        out += [f"**问题：** {trace.question}", ""]
    out += [f"规则版本：`{trace.edition}`（编号体系 {NUMBERING}）", "", "### 初始局面", ""]
    out += [f"- {line}" for line in trace.initial]
    out += ["", "### 步骤", ""]
    for step in trace.steps:
        out.append(f"{step.number}. **{step.action}**")
        out += [f"   - {_event_line(event, texts)}" for event in step.events]
        if step.changes:
            labels = {"+": "新增 ", "~": "", "−": "移除 "}
            out.append("   - 状态变化：" + "；".join(labels[change[0]] + change[2:] for change in step.changes))
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
    for number, summary in _summaries(trace).items():
        found = texts.get(number)
        if explain and found:
            out.append(f"> **{number}**（{found.edition}）{found.text}\n")
        else:
            out.append(f"- **{number}** {summary}")
    return "\n".join(out) + "\n"


def as_json(trace: Trace, texts: dict[str, RuleText | None], explain: bool = False) -> str:
    def event(e: Event) -> dict:
        return {"text": e.text, "rules": list(e.numbers), "default": e.default}

    document = {
        "title": trace.title,
        "question": trace.question,
        "edition": trace.edition,
        "numbering": NUMBERING,
        "source": trace.source,
        "initial": trace.initial,
        "steps": [
            {
                "number": s.number,
                "action": s.action,
                "line": s.line,
                "events": [event(e) for e in s.events],
                "changes": list(s.changes),
                "refused": s.refused,
            }
            for s in trace.steps
        ],
        "final": trace.final,
        "verdicts": [asdict(v) for v in trace.verdicts],
        "passed": trace.passed,
        "rules": [
            {
                "number": number,
                "summary": summary,
                "edition": texts[number].edition if texts.get(number) else None,
                "text": texts[number].text if texts.get(number) else None,
            }
            for number, summary in _summaries(trace).items()
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


RENDERERS = {"text": text, "markdown": markdown, "json": as_json}
