"""Stale rulings: FAQ entries and scenarios citing rules that changed since the edition they were written against."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from judgekit.editions.maps import Cited, EditionMaps

if TYPE_CHECKING:
    from judgekit.index.store import Store
    from judgekit.scenarios.scenario import Scenario


class StaleEntry(NamedTuple):
    faq_id: int
    document: str
    question: str
    edition: str
    changed: tuple[Cited, ...]


def stale_citations(maps: EditionMaps, edition: str, refs: list[str]) -> tuple[Cited, ...]:
    """Of *refs* (numbers of *edition*), those whose rule moved, changed or went by the newest edition."""
    found = (maps.change(edition, ref) for ref in dict.fromkeys(refs))
    return tuple(cited for cited in found if cited is not None and cited.stale)


def faq_stale(store: Store) -> list[StaleEntry]:
    """Every FAQ entry with a cited rule that changed, in FAQ order."""
    entries: dict[int, dict] = {}
    for row in store.db.execute(
        "select f.id, f.question, d.title, c.edition, c.ref from faq_citations c join faq f on f.id = c.faq_id "
        "join documents d on d.id = f.document order by f.id, c.seq"
    ):
        entry = entries.setdefault(row["id"], {"row": row, "refs": []})
        entry["refs"].append(row["ref"])
    stale = []
    for faq_id, entry in entries.items():
        row = entry["row"]
        changed = stale_citations(store.maps, row["edition"], entry["refs"])
        if changed:
            stale.append(StaleEntry(faq_id, row["title"], row["question"], row["edition"], changed))
    return stale


def scenario_cites(scenario: Scenario) -> tuple[str, ...]:
    """The rule numbers a scenario's author wrote: ``cites`` expectations and the rules refusing steps."""
    items = [e.data for e in scenario.expectations] + [e.data for step in scenario.script for e in step.expect]
    numbers = []
    for item in items:
        cites = item.get("cites", ())
        numbers += [str(n) for n in ([cites] if isinstance(cites, (str, int, float)) else cites)]
    numbers += [step.refusing_rule for step in scenario.script if step.refusing_rule]
    return tuple(dict.fromkeys(numbers))


def cited_line(cited: Cited, markdown: bool = False) -> str:
    """“735.1.c → 809.1.c（en-2026-07-16）移动并改写：…”"""
    from judgekit.editions.report import KIND_LABELS, marked, word_diff  # here: every `judgekit run` finds, few render

    kind = "在该版中没有这条规则" if cited.kind == "missing" else KIND_LABELS[cited.kind]
    if cited.reworded:
        kind += "并改写" if cited.kind in ("moved", "split", "merged") else ""
    where = f"{cited.ref} → {'、'.join(cited.refs)}" if cited.refs and cited.refs != (cited.ref,) else cited.ref
    line = f"{where}（{cited.newest}）{kind}"
    if cited.reworded:
        line += "：" + marked(word_diff(cited.old_text, cited.new_text), markdown)
    return line


def cited_dict(cited: Cited) -> dict:
    from judgekit.editions.report import word_diff

    entry = cited._asdict()
    entry["refs"] = list(cited.refs)
    if cited.reworded:
        entry["diff"] = [list(run) for run in word_diff(cited.old_text, cited.new_text)]
    return entry


def faq_stale_text(entries: list[StaleEntry]) -> str:
    if not entries:
        return "没有过时的 FAQ 引用：各条 FAQ 引用的规则在最新版本中编号与文字都未变（或没有可对照的更新版本）。"
    out = []
    for entry in entries:
        out.append(f"FAQ {entry.faq_id}（{entry.document}，按 {entry.edition} 编号）{entry.question}")
        out += [f"  {cited_line(cited)}" for cited in entry.changed]
    total = sum(len(entry.changed) for entry in entries)
    out += ["", f"共 {len(entries)} 条 FAQ、{total} 处引用的规则已有变化。"]
    return "\n".join(out)
