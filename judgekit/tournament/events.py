"""An event's penalty log: a SQLite database in the judgekit home (``data/events.db``; see docs/tournament.md).

Every write happens under the home's write lock (:mod:`judgekit.corpus.lock`)
and in one transaction: the count of the player's earlier infractions and the
new record are read and written together, so two judges recording at once
each see the other's record, and a command that fails part-way leaves the log
as it was.  Readers need no lock.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import Workspace
from judgekit.corpus.lock import writing
from judgekit.errors import UsageError
from judgekit.tournament.guide import Guide, Infraction
from judgekit.tournament.upgrade import Committed, Decision, decide

SCHEMA = """
create table if not exists events (
    id integer primary key,
    name text not null unique,
    opl text not null,
    created text not null
);
create table if not exists players (
    id integer primary key,
    event_id integer not null references events(id),
    name text not null,
    first_seen text not null,
    unique (event_id, name)
);
create table if not exists records (
    id integer primary key,
    event_id integer not null references events(id),
    player_id integer not null references players(id),
    recorded_at text not null,
    round integer,
    infraction text not null,
    name text not null,
    category text not null,
    base_penalty text not null,
    penalty text not null,
    upgraded_by text not null default '',
    note text not null default '',
    edition text not null
);
create index if not exists records_by_player on records (event_id, player_id);
create table if not exists meta (key text primary key, value text not null);
"""
MAX_NAME = 100
MAX_NOTE = 2000


class Recorded(NamedTuple):
    number: int  # the record's id in the log
    event: dict
    infraction: Infraction
    decision: Decision


def database(workspace: Workspace) -> Path:
    return workspace.data / "events.db"


def _connect(workspace: Workspace) -> sqlite3.Connection:
    workspace.data.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(database(workspace), isolation_level=None)
    connection.row_factory = sqlite3.Row
    connection.execute("pragma foreign_keys = on")
    connection.executescript(SCHEMA)
    return connection


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _checked(text: str, what: str, limit: int) -> str:
    text = " ".join(text.split())
    if not text:
        raise UsageError(f"{what}是空的")
    if len(text) > limit:
        raise UsageError(f"{what}有 {len(text)} 个字符，超过上限 {limit}")
    return text


class _Writing:
    """The write lock and one immediate transaction: committed on success, rolled back on any failure."""

    def __init__(self, workspace: Workspace):
        self.workspace = workspace

    def __enter__(self) -> sqlite3.Connection:
        self.lock = writing(self.workspace)
        self.lock.__enter__()
        try:
            self.db = _connect(self.workspace)
            self.db.execute("begin immediate")
        except BaseException:
            self.lock.__exit__(None, None, None)
            raise
        return self.db

    def __exit__(self, kind, error, trace) -> None:
        try:
            self.db.execute("commit" if kind is None else "rollback")
            self.db.close()
        finally:
            self.lock.__exit__(kind, error, trace)


def new_event(workspace: Workspace, name: str, opl: str) -> dict:
    """Create the event *name* at *opl* and make it the current one."""
    name = _checked(name, "赛事名称", MAX_NAME)
    with _Writing(workspace) as db:
        if db.execute("select 1 from events where name = ?", (name,)).fetchone():
            raise UsageError(f"赛事“{name}”已经存在；要继续记录它，运行 judgekit event use {name}")
        created = _now()
        event_id = db.execute("insert into events (name, opl, created) values (?, ?, ?)", (name, opl, created)).lastrowid
        _make_current(db, event_id)
    return {"id": event_id, "name": name, "opl": opl, "created": created}


def use_event(workspace: Workspace, name: str) -> dict:
    with _Writing(workspace) as db:
        event = _event(db, name)
        _make_current(db, event["id"])
    return event


def _make_current(db: sqlite3.Connection, event_id: int) -> None:
    db.execute("insert or replace into meta (key, value) values ('current_event', ?)", (str(event_id),))


def _event(db: sqlite3.Connection, name: str | None) -> dict:
    """The event *name*, or the current one; a UsageError says how to make one."""
    if name is not None:
        row = db.execute("select * from events where name = ?", (name,)).fetchone()
        if row is None:
            known = "、".join(r["name"] for r in db.execute("select name from events order by id")) or "（没有）"
            raise UsageError(f"没有赛事“{name}”；已有的赛事：{known}")
        return dict(row)
    row = db.execute(
        "select e.* from events e join meta m on m.key = 'current_event' and e.id = cast(m.value as integer)"
    ).fetchone()
    if row is None:
        raise UsageError("还没有赛事：先运行 judgekit event new 赛事名称 --opl competitive")
    return dict(row)


def record(
    workspace: Workspace,
    guide: Guide,
    player: str,
    infraction: Infraction,
    base: str,
    *,
    round_number: int | None = None,
    note: str = "",
    event_name: str | None = None,
) -> Recorded:
    """Record *player*'s *infraction* in the event and decide the penalty to give (702.1.b)."""
    player = _checked(player, "选手名", MAX_NAME)
    note = " ".join(note.split())
    if len(note) > MAX_NOTE:
        raise UsageError(f"备注有 {len(note)} 个字符，超过上限 {MAX_NOTE}")
    with _Writing(workspace) as db:
        event = _event(db, event_name)
        now = _now()
        db.execute("insert or ignore into players (event_id, name, first_seen) values (?, ?, ?)",
                   (event["id"], player, now))
        player_id = db.execute("select id from players where event_id = ? and name = ?",
                               (event["id"], player)).fetchone()["id"]
        history = [
            Committed(r["infraction"], r["category"], r["base_penalty"])
            for r in db.execute("select infraction, category, base_penalty from records where event_id = ? "
                                "and player_id = ? order by id", (event["id"], player_id))
        ]
        decision = decide(guide, event["opl"], history, infraction, base)
        number = db.execute(
            "insert into records (event_id, player_id, recorded_at, round, infraction, name, category, base_penalty,"
            " penalty, upgraded_by, note, edition) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (event["id"], player_id, now, round_number, infraction.ref, infraction.name, infraction.category.ref,
             base, decision.penalty, "、".join(rule.ref for rule in decision.upgraded_by), note, guide.edition.id),
        ).lastrowid
    return Recorded(number, event, infraction, decision)


def log(workspace: Workspace, event_name: str | None = None, player: str | None = None) -> tuple[dict, list[dict]]:
    """The event (the current one by default) and its records (of *player* only, when given), oldest first."""
    if not database(workspace).exists():
        raise UsageError("还没有赛事：先运行 judgekit event new 赛事名称 --opl competitive")
    db = sqlite3.connect(f"file:{database(workspace)}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    try:
        event = _event(db, event_name)
        records = [dict(r) for r in db.execute(
            "select r.id, r.recorded_at, r.round, p.name as player, r.infraction, r.name, r.category,"
            " r.base_penalty, r.penalty, r.upgraded_by, r.note, r.edition"
            " from records r join players p on p.id = r.player_id where r.event_id = ? and p.name = coalesce(?, p.name)"
            " order by r.id", (event["id"], " ".join(player.split()) if player is not None else None))]
    finally:
        db.close()
    return event, records


def events(workspace: Workspace) -> list[dict]:
    if not database(workspace).exists():
        return []
    db = sqlite3.connect(f"file:{database(workspace)}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    try:
        current = db.execute("select value from meta where key = 'current_event'").fetchone()
        return [{**dict(r), "current": current is not None and str(r["id"]) == current["value"]}
                for r in db.execute("select e.*, (select count(*) from records x where x.event_id = e.id) as records"
                                    " from events e order by e.id")]
    finally:
        db.close()
