"""Compiled card trees in the card store (issue 16): made as ``cards.db`` is built, read by
``judgekit card`` and by scenarios that name a catalog card.

Every text of a card is compiled (``judgekit.cardtext.compile_card``: the current Chinese text and
the current English text, errata applied); the card's verdict is then one of

- ``compiled`` — a tree the engine runs: the Chinese one, else the English one; where both compiled
  they must say the same (``judgekit.cardtext.compare``);
- ``disagreement`` — both languages compiled to different trees: one of them is misread or the two
  texts differ, so neither is used;
- ``not_executable`` / ``not_understood`` / ``unreadable`` — no language gave a tree the engine runs
  (the primary language's problem is kept: the clause not read, or the form the engine lacks);
- ``no_text`` — the card data has no text in any language (a rune, a vanilla unit, or a catalog
  without text): only its printed facts are known, and they are what a scenario gets.

Tables (see docs/card-compiler.md): ``card_compiled`` (one row a card and language) and
``card_trees`` (one row a card: the verdict, the tree, the language and text it came from).
"""

from __future__ import annotations

import json
import sqlite3
from typing import NamedTuple

SCHEMA = """
create table card_compiled (card_id text, language text, status text, tree text, understood text,
    problems text, needs text);
create table card_trees (card_id text primary key, status text, language text, tree text, understood text,
    problem text, document text, errata_date text);
create index card_compiled_card on card_compiled (card_id);
"""
USABLE = ("compiled", "no_text")
STATUS_NAMES = {"compiled": "已编译", "disagreement": "中英文编译结果不一致", "not_executable": "已读懂，引擎尚不能执行",
                "not_understood": "有未读懂的句子", "unreadable": "文字无法读取", "no_text": "卡牌资料没有文字"}


class Verdict(NamedTuple):
    card_id: str
    status: str
    language: str  # the language the tree (or the problem) comes from
    tree: dict | None
    understood: str  # the tree in plain Chinese, generated
    problem: str  # why there is no tree: the clause not read, the form missing, the differences


def write_trees(connection: sqlite3.Connection) -> dict[str, int]:
    """Compile every card of the store being built on *connection*; the count of cards per status."""
    from judgekit.cards.lookup import CardStore
    from judgekit.cardtext import compile_card
    from judgekit.cardtext.catalog import sources

    connection.executescript(SCHEMA)
    store = CardStore(connection)
    compiled_rows, tree_rows = [], []
    counts: dict[str, int] = {}
    texts = {(r["card_id"], r["language"]): r["document"]
             for r in connection.execute("select card_id, language, document from card_texts")}
    errata = {(r["card_id"], r["language"]): r["date"] for r in connection.execute(
        "select card_id, language, max(date) as date from errata group by card_id, language")}
    for card_id, by_language in sorted(sources(store).items()):
        has_text = any(source.text.strip() for source in by_language.values())
        results = {language: _compiled(compile_card, source)
                   for language, source in by_language.items() if has_text}
        for language, result in results.items():
            compiled_rows.append((card_id, language, result.status, _json(result.tree), result.understood,
                                  json.dumps([p._asdict() for p in result.problems], ensure_ascii=False),
                                  json.dumps(list(result.needs), ensure_ascii=False)))
        verdict = decide(card_id, results)
        counts[verdict.status] = counts.get(verdict.status, 0) + 1
        tree_rows.append((card_id, verdict.status, verdict.language, _json(verdict.tree), verdict.understood,
                          verdict.problem, texts.get((card_id, verdict.language), ""),
                          errata.get((card_id, verdict.language), "")))
    connection.executemany("insert into card_compiled values (?, ?, ?, ?, ?, ?, ?)", compiled_rows)
    connection.executemany("insert into card_trees values (?, ?, ?, ?, ?, ?, ?, ?)", tree_rows)
    return counts


def _compiled(compile_card, source):
    """*source* compiled; a compiler defect on one card is that card's problem, not a failed import."""
    from judgekit.cardtext import Compiled, Problem

    try:
        return compile_card(source)
    except Exception as error:  # noqa: BLE001 — reported per card (card_compiled.problems), never a traceback
        return Compiled(source.code, source.language, "unreadable", None,
                        (Problem(0, "", f"编译器出错：{type(error).__name__}: {error}"),))


def decide(card_id: str, results: dict) -> Verdict:
    """The card's verdict from each language's compilation (``Compiled`` by language, texts only)."""
    from judgekit.cardtext.compare import disagreement

    if not results:
        return Verdict(card_id, "no_text", "", None, "", "卡牌资料中没有这张卡的文字：只有印刷数据")
    zh, en = results.get("zh"), results.get("en")
    if zh is not None and en is not None and zh.tree is not None and en.tree is not None:
        differences = disagreement(zh.tree, en.tree)
        if differences:
            return Verdict(card_id, "disagreement", "", None, "",
                           "中英文文字编译的结果不同：" + "；".join(differences[:5]))
    for result in (zh, en):
        if result is not None and result.compiled:
            return Verdict(card_id, "compiled", result.language, result.tree, result.understood, "")
    primary = zh or en
    return Verdict(card_id, primary.status, primary.language, None, primary.understood, problem_text(primary))


def problem_text(result) -> str:
    """The first reason a compilation gave no tree the engine runs, for a one-line message."""
    if result.needs:
        return "引擎尚不支持：" + "；".join(result.needs)
    if result.problems:
        first = result.problems[0]
        where = f"第 {first.line} 行" if first.line else ""
        clause = f"“{first.clause}”" if first.clause else ""
        return f"{where}{clause}{'：' if where or clause else ''}{first.reason}"
    return ""


def _json(tree: dict | None) -> str | None:
    return json.dumps(tree, ensure_ascii=False, sort_keys=False) if tree is not None else None


def read_verdict(db: sqlite3.Connection, card_id: str) -> sqlite3.Row:
    """The card's stored verdict (every card of a built store has one)."""
    return db.execute("select * from card_trees where card_id = ?", (card_id,)).fetchone()
