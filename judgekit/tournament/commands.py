"""What ``judgekit penalty`` and ``judgekit event`` do; the command line only passes their arguments on."""

from __future__ import annotations

import contextlib
import json
import sqlite3

from judgekit.corpus import Workspace
from judgekit.corpus.sources import TOURNAMENT
from judgekit.errors import JudgekitError, UsageError
from judgekit.index.store import Store
from judgekit.tournament import events, names, render
from judgekit.tournament.guide import Guide, read_guide

LOG_FORMATS = ("text", "markdown", "json", "csv")


def _to_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def guide(store: Store, edition: str | None = None) -> Guide:
    """The penalty guide of *edition*, or of the newest tournament edition."""
    return read_guide(store.db, store.editions_for(edition, TOURNAMENT)[0])


def show_penalty(store: Store, query: str, edition: str | None, opl: str | None, as_json: bool) -> str:
    chosen = guide(store, edition)
    level = names.opl(opl) if opl is not None else None
    item = render.penalty_dict(chosen, names.find(chosen, query), level)
    return _to_json(item) if as_json else render.penalty_text(item)


@contextlib.contextmanager
def _log_file(workspace: Workspace):
    """A damaged log file as a message naming it; the file itself is left as it is."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        raise JudgekitError(f"赛事记录 {events.database(workspace)} 无法读写（{error}）；文件未改动，请先备份它") from None


def new_event(workspace: Workspace, name: str, opl: str) -> str:
    with _log_file(workspace):
        event = events.new_event(workspace, name, names.opl(opl))
    return f"已建立赛事“{event['name']}”（OPL {event['opl']}），此后的处罚记录都记入它。"


def use_event(workspace: Workspace, name: str) -> str:
    with _log_file(workspace):
        event = events.use_event(workspace, name)
    return f"当前赛事：“{event['name']}”（OPL {event['opl']}）。"


def list_events(workspace: Workspace) -> str:
    with _log_file(workspace):
        rows = events.events(workspace)
    if not rows:
        return "还没有赛事：用 judgekit event new 赛事名称 --opl competitive 建立。"
    return "\n".join(f"{'*' if r['current'] else ' '} {r['name']}  ·  OPL {r['opl']}  ·  {r['records']} 条记录  ·  "
                     f"建立于 {r['created']}" for r in rows)


def record_penalty(
    workspace: Workspace,
    store: Store,
    player: str,
    query: str,
    *,
    round_number: int | None,
    note: str,
    penalty: str | None,
    event_name: str | None,
    as_json: bool,
) -> str:
    chosen = guide(store)
    infraction = names.find(chosen, query)
    base = names.penalty(penalty) if penalty is not None else infraction.default
    if base is None:
        stated = "；".join(f"{c.ref} [{'/'.join(c.penalties)}]" for c in infraction.conditions)
        raise UsageError(f"{names.label(infraction)} 没有默认处罚，按情形而定（{stated}）；请用 --penalty 指定，如 --penalty Warning")
    with _log_file(workspace):
        recorded = events.record(workspace, chosen, player, infraction, base, round_number=round_number, note=note,
                                 event_name=event_name)
    if as_json:
        decision = recorded.decision
        return _to_json({"id": recorded.number, "event": recorded.event["name"], "opl": recorded.event["opl"],
                         "player": " ".join(player.split()), "infraction": infraction.ref, "name": infraction.name,
                         "base_penalty": decision.base, "penalty": decision.penalty,
                         "upgraded_by": [rule.ref for rule in decision.upgraded_by], "exempt": list(decision.exempt),
                         "edition": chosen.edition.id})
    return render.decision_text(infraction, " ".join(player.split()), recorded.decision, recorded.number)


def show_log(workspace: Workspace, output: str, event_name: str | None, player: str | None = None) -> str:
    if output not in LOG_FORMATS:
        raise UsageError(f"--format {output}：只能是 {'、'.join(LOG_FORMATS)}")
    with _log_file(workspace):
        event, records = events.log(workspace, event_name, player)
    if output == "json":
        return _to_json({"event": event, "records": records})
    if output == "csv":
        return render.log_csv(records)
    return render.log_markdown(event, records) if output == "markdown" else render.log_text(event, records)
