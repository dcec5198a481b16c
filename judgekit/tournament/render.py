"""Renderings of a penalty lookup and of an event's log: one dict each, then text, Markdown, JSON or CSV.

The English rule text is always shown, as the authority (104.2); the Chinese
names and one-line summaries are the project's and labelled so.
"""

from __future__ import annotations

import csv
import io

from judgekit.tournament.guide import Guide, Infraction, UpgradeRule
from judgekit.tournament.names import label, penalty_label, vocabulary
from judgekit.tournament.upgrade import Decision

OURS = "中文名称与摘要为本项目所拟，仅供查找；以英文原文为准（赛事规则 104.2）。"


def _opls_text(opls: tuple[str, ...]) -> str:
    return "、".join(f"{opl}（{vocabulary().opls[opl][0]}）" if opl in vocabulary().opls else opl for opl in opls)


def upgrade_summary(rule: UpgradeRule, category_zh: str) -> str:
    """The project's one-line Chinese summary of an upgrade rule."""
    where = f"仅 {_opls_text(rule.opls)}" if rule.opls else "各级 OPL"
    counted = "同一种违规" if rule.scope == "same" else f"任意{category_zh or '此类违规'}合计"
    return f"{where}：同一赛事中{counted}的 [{rule.base}] 第 {rule.count} 次起升级为 [{rule.to}]"


def _category_zh(infraction: Infraction) -> str:
    return vocabulary().categories.get(infraction.category.name, "")


def penalty_dict(guide: Guide, infraction: Infraction, opl: str | None) -> dict:
    category_zh = _category_zh(infraction)
    return {
        "ref": infraction.ref,
        "name": infraction.name,
        "name_zh": vocabulary().zh(infraction),
        "edition": guide.edition.id,
        "edition_date": guide.edition.date,
        "opl": opl,
        "category": {"ref": infraction.category.ref, "name": infraction.category.name, "name_zh": category_zh},
        "default_penalty": infraction.default,
        "default_penalty_zh": vocabulary().penalties[infraction.default][0] if infraction.default else None,
        "text": infraction.summary,
        "conditions": [c._asdict() for c in infraction.conditions if guide.applies_at(c.opls, opl)],
        "details": [c._asdict() for c in infraction.details],
        "remedies": [c._asdict() for c in infraction.remedies],
        "upgrades": [
            {**rule._asdict(), "summary_zh": upgrade_summary(rule, category_zh)}
            for rule in infraction.category.upgrades if guide.applies_at(rule.opls, opl)
        ],
        "exempt": list(infraction.exempt),
        "source": {"line": infraction.line},
        "note": OURS,
    }


def penalty_text(item: dict) -> str:
    zh = f"（{item['name_zh']}）" if item["name_zh"] else ""
    at = f"  ·  OPL {_opls_text((item['opl'],))}" if item["opl"] else ""
    out = [
        f"赛事规则 {item['ref']} {item['name']}{zh}  ·  {item['edition']}（{item['edition_date']}）{at}",
        f"类别：{item['category']['ref']} {item['category']['name']}"
        + (f"（{item['category']['name_zh']}）" if item["category"]["name_zh"] else ""),
        f"默认处罚：{penalty_label(item['default_penalty'])}",
    ]
    if item["text"]:
        out.append(f"原文（英文为准）：{item['text']}")
    if item["details"]:
        out += ["", "说明："] + [f"  {c['ref']}  {c['text']}" for c in item["details"]]
    if item["conditions"]:
        out += ["", "改变处罚的情形："] + [f"  {c['ref']}  {c['text']}" for c in item["conditions"]]
    if item["remedies"]:
        out += ["", "补救措施："] + [f"  {c['ref']}  {c['text']}" for c in item["remedies"]]
    if item["upgrades"] or item["exempt"]:
        out += ["", "重复违规的升级："]
        out += [f"  {u['ref']}  {u['summary_zh']}\n      {u['text']}" for u in item["upgrades"]]
        if item["exempt"]:
            out.append(f"  本违规不因重复而升级（{'、'.join(item['exempt'])}）；"
                       "按合计规则的“any category”，它仍计入合计（本项目的理解）。")
    out += ["", OURS]
    return "\n".join(out)


# -- the event log ------------------------------------------------------------------


def decision_text(infraction: Infraction, player: str, decision: Decision, number: int) -> str:
    """What `penalty record` prints: the penalty to give and the rule that made it so."""
    out = [f"已记录 #{number}：{player} · {label(infraction)}", f"应给处罚：{penalty_label(decision.penalty)}"]
    if decision.upgraded_by:
        for rule in decision.upgraded_by:
            out.append(f"  由 {penalty_label(decision.base)} 升级：赛事规则 {rule.ref}（{rule.text}）")
    elif decision.exempt:
        out.append(f"  不因重复而升级：{'、'.join(decision.exempt)}")
    for rule, count in decision.counts:
        if rule not in decision.upgraded_by:
            out.append(f"  {rule.ref}：这是第 {count} 次，第 {rule.count} 次起升级为 {penalty_label(rule.to)}")
    return "\n".join(out)


LOG_COLUMNS = ("id", "recorded_at", "round", "player", "infraction", "name", "base_penalty", "penalty",
               "upgraded_by", "note", "edition")


def log_markdown(event: dict, records: list[dict]) -> str:
    out = [f"# 处罚记录：{event['name']}", "", f"OPL：{event['opl']} · 建立于 {event['created']}", ""]
    out.append("| # | 时间 | 轮次 | 选手 | 违规 | 处罚 | 升级依据 | 备注 | 版本 |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for r in records:
        cells = [str(r["id"]), r["recorded_at"], str(r["round"] or ""), r["player"],
                 f"{r['infraction']} {r['name']}", r["penalty"], r["upgraded_by"], r["note"], r["edition"]]
        out.append("| " + " | ".join(cell.replace("|", "\\|").replace("\n", " ") for cell in cells) + " |")
    return "\n".join(out)


def log_csv(records: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=LOG_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return buffer.getvalue().rstrip("\n")


def log_text(event: dict, records: list[dict]) -> str:
    out = [f"赛事 {event['name']} · OPL {event['opl']} · {len(records)} 条记录"]
    for r in records:
        rnd = f"第 {r['round']} 轮 " if r["round"] else ""
        upgraded = f"（由 {r['base_penalty']} 升级，{r['upgraded_by']}）" if r["upgraded_by"] else ""
        note = f" · {r['note']}" if r["note"] else ""
        out.append(f"{r['id']:>3}. {r['recorded_at']} {rnd}{r['player']} · {r['infraction']} {r['name']}"
                   f" → {r['penalty']}{upgraded}{note}")
    return "\n".join(out)
