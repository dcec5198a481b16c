"""The judge's command line: rule, search, faq, card, cards, cite, import, editions, index.

``judgekit rule`` and ``judgekit card`` must start fast, so whoosh, jieba and
sqlite-utils are imported only by the commands that need them (search, import,
rebuilding).

No ``from __future__ import annotations`` here: typer reads every command's parameter annotations on every
run, and string annotations made it compile and evaluate some 280 of them (about 30 ms of each command).
"""

import contextlib
import errno
import functools
import os
import shutil
import sqlite3
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from judgekit import clitext, render
from judgekit.corpus import Corpus, Workspace, load
from judgekit.errors import DocumentError, JudgekitError, ScenarioError, UsageError
from judgekit.index.store import Store

clitext.use_chinese()  # before typer formats any help: it reads its panel titles once

app = typer.Typer(
    cls=clitext.ChineseGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
faq_app = typer.Typer(cls=clitext.ChineseGroup, no_args_is_help=True, help="“化神争锋”等官方 FAQ：列表、查看、搜索。")
index_app = typer.Typer(cls=clitext.ChineseGroup, no_args_is_help=True, help="本地规则库与搜索索引：重建、位置、导入问题。")
cards_app = typer.Typer(cls=clitext.ChineseGroup, no_args_is_help=True, help="已导入的卡牌：搜索卡牌文字，查看卡牌库与导入问题。")


class _QueryFirst(clitext.ChineseGroup):
    """`judgekit penalty 多看了牌` is `judgekit penalty show 多看了牌`; `judgekit penalty record …` records."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["show", *args]
        return super().parse_args(ctx, args)


penalty_app = typer.Typer(cls=_QueryFirst, no_args_is_help=True,
                          help="赛事处罚：按违规的编号、英文名或中文说法查处罚（penalty 多看了牌），或记入当前赛事（penalty record）。")
event_app = typer.Typer(cls=clitext.ChineseGroup, no_args_is_help=True, help="赛事的处罚记录：建立赛事、切换、列出记录并导出。")
app.add_typer(faq_app, name="faq")
app.add_typer(index_app, name="index")
app.add_typer(cards_app, name="cards")
app.add_typer(penalty_app, name="penalty")
app.add_typer(event_app, name="event")


class Kind(str, Enum):
    rule = "rule"
    tr = "tr"
    faq = "faq"
    guide = "guide"


class Format(str, Enum):
    text = "text"
    markdown = "markdown"
    json = "json"


class Only(str, Enum):
    moved = "moved"
    changed = "changed"
    added = "added"
    removed = "removed"


FormatOption = Annotated[Format, typer.Option("--format", "-f", help="text、markdown 或 json。")]
EditionOption = Annotated[str | None, typer.Option("--edition", "-e", help="只在此版本中查找，如 zh-2026-10-10。")]
JsonOption = Annotated[bool, typer.Option("--json", help="输出 JSON。")]
LimitOption = Annotated[int, typer.Option("--limit", "-n", min=1, max=200, help="最多显示多少条结果。")]


class _PrintableOutput:
    """Standard output that shows the control characters of imported text as escapes (render.printable)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(render.printable(text) if isinstance(text, str) else text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _error(message) -> None:
    typer.echo(f"错误：{render.printable(str(message))}", err=True)


def reports_errors(command):
    """Turn a judge's mistake into a message and an exit code, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            try:
                with contextlib.redirect_stdout(_PrintableOutput(sys.stdout)):
                    return command(*args, **kwargs)
            except sqlite3.DatabaseError as error:
                if _disk_full(error) or not _set_aside_damaged_stores(error):
                    raise
                with contextlib.redirect_stdout(_PrintableOutput(sys.stdout)):
                    return command(*args, **kwargs)  # once more: the store is built again as it is opened
        except JudgekitError as error:
            _error(error)
            raise typer.Exit(error.exit_code) from None
        except BrokenPipeError:
            # The reader went away (`judgekit faq list | head`): stop quietly, as the
            # Python documentation recommends, without a second error at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except sqlite3.DatabaseError as error:
            if _disk_full(error):
                home = Workspace.default()
                _error(f"磁盘已满，无法写入 judgekit 的数据（{home.cache}）；请腾出磁盘空间后重试，已有的数据没有改动")
            else:
                _error(f"本地规则库损坏（{error}）。请运行 judgekit index rebuild。")
            raise typer.Exit(1) from None
        except OSError as error:
            _error(_os_error_message(error))
            raise typer.Exit(1) from None

    return wrapper


def _disk_full(error: sqlite3.DatabaseError) -> bool:
    """SQLite's “database or disk is full”: nothing is damaged, there is no room to write."""
    return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL


def _set_aside_damaged_stores(error: sqlite3.DatabaseError) -> bool:
    """Delete the store or card store *error* came from when it is damaged (derived data); whether one was."""
    from judgekit.cards.registry import database as cards_database
    from judgekit.corpus.lock import writing

    workspace = Workspace.default()
    damaged = False
    with writing(workspace):
        for path in (workspace.database, cards_database(workspace)):
            if path.is_file() and not _intact(path):
                _error(f"本地数据库 {path} 已损坏（{error}），正在重建；无需处理。")
                path.unlink()
                damaged = True
    return damaged


def _intact(path: Path) -> bool:
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            return connection.execute("pragma quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError:
        return False


def _os_error_message(error: OSError) -> str:
    home = Workspace.default()
    if error.errno == errno.ENOSPC:
        # shutil names the file it copies from first and the one it writes to second: the full disk is the latter's.
        where = error.filename2 or error.filename or home.cache
        return f"磁盘已满，无法写入 {where}；请腾出磁盘空间后重试（judgekit 的数据在 {home.cache} 与 {home.data}）"
    where = error.filename or f"judgekit 的数据（{home.cache}）"
    return f"无法读写 {where}：{error.strerror or error}；请检查它的权限和磁盘空间。"


def _progress_printer(message: str) -> None:
    typer.echo(f"… {message}", err=True)


def _open(rebuild: bool = False) -> tuple[Workspace, Corpus, Store]:
    """The workspace, corpus and store; problems with imported documents are reported once."""
    workspace = Workspace.default()
    corpus = load(workspace)
    for warning in corpus.warnings:
        _error(warning)
    store = Store.open(workspace, corpus, rebuild=rebuild)
    return workspace, store.corpus, store


def _open_cards(workspace: Workspace):
    """The card store; imported card files deleted or damaged since are reported once."""
    from judgekit.cards.store import open_store

    cards = open_store(workspace)
    for message in cards.damaged():
        _error(message)
    return cards


def _index_progress(stack: contextlib.ExitStack):
    """A progress bar that appears only once an index is actually being built."""
    bars = []

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(stack.enter_context(typer.progressbar(length=total, label="建立搜索索引", file=sys.stderr)))
        bars[0].update(1)

    return progress


OLDER_SPARE = 3  # hits asked of the index for each one shown: the older editions of a rule fold into it


def _search(words: list[str], kinds: tuple[str, ...], edition: str | None, limit: int, as_json: bool) -> None:
    from judgekit.editions.order import fold_older
    from judgekit.index.query import checked_query, rule_numbers
    from judgekit.index.search import search_repairing

    text = checked_query(words)
    workspace, corpus, store = _open()
    edition = corpus.edition(edition).id if edition is not None else None
    numbered = bool(rule_numbers(text)[0])  # a number asked for is shown in every edition that has it
    with contextlib.ExitStack() as stack:
        hits = search_repairing(
            workspace, store, text, kinds=kinds, edition=edition, limit=limit if numbered else limit * OLDER_SPARE,
            progress=_index_progress(stack), notice=_error, cards=_card_store(workspace, text),
        )
    older, now = _followed(store, hits)
    if not numbered:
        hits = fold_older(hits, older, now, lambda edition: corpus.edition(edition).numbering if edition else None)[:limit]
    if as_json:
        typer.echo(render.to_json([render.hit_dict(h) | {"older_edition": h.kind in ("rule", "tr") and h.edition in older,
                                                         "now": render.now_dict(now.get((h.edition, h.ref)))}
                                   for h in hits]))
    else:
        typer.echo(render.hits_text(hits, older, {key: render.now_text(key[1], n) for key, n in now.items()}))
    _report_unknown_numbers(store, text)


def _followed(store: Store, hits) -> tuple[set[str], dict]:
    """Editions a newer one replaced, and where each rule hit of one of them lives in the newest edition."""
    from judgekit.editions.order import older_editions

    older = older_editions(list(store.corpus.editions))
    now = {(h.edition, h.ref): store.maps.follow(h.edition, h.ref) for h in hits if h.kind in ("rule", "tr") and h.edition in older}
    return older, now


def _report_unknown_numbers(store: Store, text: str) -> None:
    """A rule number of the query that no edition holds is said, not silently dropped."""
    from judgekit.index.query import rule_numbers

    for number in rule_numbers(text)[0]:
        if not store.db.execute("select 1 from rules where ref = ? or ref like ? limit 1", (number, number + ".%")).fetchone():
            typer.echo(f"注意：规则 {number} 不在本地任何版本中（{'、'.join(e.id for e in store.corpus.editions)}），"
                       f"只按其余的词搜索；旧版编号可导入当时的规则后用 judgekit rule {number} --as-of 日期 查看", err=True)


def _card_store(workspace: Workspace, text: str):
    """The imported cards, for the search to recognise the cards *text* names; None when none are imported
    or *text* cannot name one."""
    from judgekit.cards.names import may_name_card
    from judgekit.cards.registry import read_manifest

    if not may_name_card(text) or not read_manifest(workspace):
        return None
    from judgekit.cards.store import open_store

    return open_store(workspace)


# -- commands ---------------------------------------------------------------


def _print_version(value: bool) -> None:
    if value:
        from judgekit import __version__

        typer.echo(f"judgekit {__version__}")
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="显示版本号。")
    ] = False,
) -> None:
    """《符文战场》裁判工具：查规则、查 FAQ、引用裁定。"""


@app.command()
@reports_errors
def rule(
    number: Annotated[str, typer.Argument(help="规则编号，如 820.1、135.2.b.3、８２０．１。")],
    edition: EditionOption = None,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="按当时生效的版本解读编号：日期（2026-01-14）或 faq:N。")
    ] = None,
    history: Annotated[bool, typer.Option("--history", help="列出这条规则在同一文档各版本中的编号、正文与改动。")] = False,
    side_by_side: Annotated[
        bool, typer.Option("--side-by-side", help="中英文并排，逐段对照（英文为准）。")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """按编号查规则：正文、举例、下级规则、参见、引用它的 FAQ、版本；旧版编号给出现行编号。"""
    if history and side_by_side:
        raise UsageError("--history 与 --side-by-side 只能给一个")
    if side_by_side:
        if as_of is not None:
            raise UsageError("--as-of 与 --side-by-side 只能给一个")
        _, _, store = _open()
        _print_side_by_side(store, number, edition, Format.json if as_json else Format.text)
        return
    _show_rule(number, edition, as_json, "rules", as_of, history)


@app.command()
@reports_errors
def tr(
    number: Annotated[str, typer.Argument(help="赛事规则（Tournament Rules）编号，如 702.5、703.8.b。")],
    edition: Annotated[
        str | None, typer.Option("--edition", "-e", help="只在此版本中查找，如 tournament-en-2026-04-29；默认最新版。")
    ] = None,
    history: Annotated[bool, typer.Option("--history", help="列出这条规则在各版赛事规则中的编号、正文与改动。")] = False,
    as_json: JsonOption = False,
) -> None:
    """按编号查赛事规则（英文原文为准，104.2）：正文、下级规则、版本；默认最新导入的版本。"""
    _show_rule(number, edition, as_json, "tournament", history=history)


def _show_rule(
    number: str, edition: str | None, as_json: bool, kind: str, as_of: str | None = None, history: bool = False
) -> None:
    if as_of is not None and edition is not None:
        raise UsageError("--as-of 与 --edition 只能给一个")
    _, _, store = _open()
    view = store.rule_as_of(number, as_of, kind) if as_of is not None else store.rule(number, edition, kind)
    if history:
        from judgekit.editions import report

        located = store.maps.history(view.edition.id, view.ref)
        typer.echo(render.to_json(report.history_dict(view.ref, view.edition.id, located)) if as_json
                   else report.history_text(view.ref, view.edition.id, located))
        return
    typer.echo(render.to_json(render.rule_dict(view)) if as_json else render.rule_text(view))


def _print_side_by_side(store: Store, number: str, edition: str | None, output: Format) -> None:
    from judgekit.editions import report

    data = report.side_by_side_dict(*store.bilingual(number, edition))
    typer.echo(render.to_json(data) if output is Format.json else report.side_by_side_text(data, output is Format.markdown))


@app.command()
@reports_errors
def search(
    words: Annotated[
        list[str], typer.Argument(help="关键词，可用中文、英文关键词名或繁体字，如 回响 费用、Assault、迴響。")
    ],
    limit: LimitOption = 10,
    kind: Annotated[
        Kind | None,
        typer.Option("--kind", "-k", help="只搜核心规则（rule）、赛事规则（tr）、FAQ（faq）或指南（guide）。"),
    ] = None,
    edition: EditionOption = None,
    as_json: JsonOption = False,
) -> None:
    """全文搜索规则、赛事规则、FAQ 与入门指南（各自标明），按相关度与权威性排序。"""
    _search(words, (kind.value,) if kind else (), edition, limit, as_json)


@faq_app.command("list")
@reports_errors
def faq_list(as_json: JsonOption = False) -> None:
    """列出全部 FAQ 条目。"""
    _, _, store = _open()
    rows = store.faq_list()
    if as_json:
        typer.echo(render.to_json([dict(row) for row in rows]))
    elif rows:
        typer.echo(render.faq_list_text(rows))


@faq_app.command("show")
@reports_errors
def faq_show(
    number: Annotated[int, typer.Argument(help="FAQ 条目编号（见 judgekit faq list）。")],
    as_json: JsonOption = False,
) -> None:
    """查看一条 FAQ：问题、答案、解释、勘误、相关规则（能解析的附上规则原文）。"""
    _, corpus, store = _open()
    from judgekit.scenarios import faqsuite

    view = store.faq(number)
    if as_json:
        typer.echo(render.to_json(render.faq_dict(view, corpus) | {"scenarios": faqsuite.scenario_listing(number)}))
    else:
        typer.echo(render.faq_text(view, corpus))
        typer.echo(faqsuite.scenario_text(number), nl=False)


def _words_search(app_: typer.Typer, words_help: str):
    """Register the decorated function as *app_*'s ``search``: words, --limit and --json; it searches and prints."""

    def register(search_and_print):
        # The help is a default, not an annotation: annotations are strings here and cannot see *words_help*.
        def command(
            words: list[str] = typer.Argument(help=words_help),  # noqa: B008 - typer reads its options from defaults
            limit: LimitOption = 10, as_json: JsonOption = False,
        ) -> None:
            search_and_print(words, limit, as_json)

        command.__doc__ = search_and_print.__doc__
        app_.command("search")(reports_errors(command))
        return search_and_print

    return register


@faq_app.command("stale")
@reports_errors
def faq_stale(as_json: JsonOption = False) -> None:
    """列出引用的规则在最新版本中已移动、改写或删除的 FAQ 条目，附上改动。"""
    from judgekit.editions import stale

    _, _, store = _open()
    entries = stale.faq_stale(store)
    if as_json:
        typer.echo(render.to_json([
            {**entry._asdict(), "changed": [stale.cited_dict(c) for c in entry.changed]} for entry in entries
        ]))
    else:
        typer.echo(stale.faq_stale_text(entries))


@_words_search(faq_app, "关键词。")
def faq_search(words: list[str], limit: int, as_json: bool) -> None:
    """只在 FAQ 中搜索。"""
    _search(words, ("faq",), None, limit, as_json)


@app.command()
@reports_errors
def cite(
    refs: Annotated[
        list[str],
        typer.Argument(help="规则编号、tr:赛事规则编号、faq:N 或 card:编号，如 820.2.a tr:702.5 faq:2 card:SFD-112。"),
    ],
    output: FormatOption = Format.text,
    edition: EditionOption = None,
    side_by_side: Annotated[
        bool, typer.Option("--side-by-side", help="规则中英文并排，逐段对照（英文为准）。")
    ] = False,
) -> None:
    """引用规则与赛事规则原文、FAQ 条目与卡牌现行文本（含版本、勘误与来源），可直接贴进裁定。

    --edition 只用于与它同属一种文档的编号（核心规则或赛事规则）。
    """
    workspace, corpus, store = _open()
    items, missing = [], []
    for ref in refs:
        if side_by_side and not ref.lower().startswith(("card:", "faq")):
            try:
                _print_side_by_side(store, ref, edition, output)
            except JudgekitError as error:
                missing.append(str(error))
        elif ref.lower().startswith("card:"):
            _cite_card(workspace, store, ref[len("card:"):], items, missing)
        else:
            views, not_found = store.cited([ref], edition)
            items += render.cite_items(views, corpus)
            missing += not_found
    if items:
        if output is Format.json:
            typer.echo(render.to_json(items))
        elif output is Format.markdown:
            typer.echo(render.cite_markdown(items))
        else:
            typer.echo(render.cite_text(items))
    for message in missing:
        _error(message)
    if missing:
        raise typer.Exit(1)


def _cite_card(workspace: Workspace, store: Store, query: str, items: list, missing: list) -> None:
    from judgekit.cards import render as card_render

    try:
        cards = _open_cards(workspace)
        match = cards.find(query)
        if len(match.cards) > 1:
            named = "、".join(c.id for c in match.cards[:8])
            raise JudgekitError(f"card:{query} 对应 {len(match.cards)} 张卡牌（{named}）；请写编号")
        view = cards.view(match.cards[0].id, store.db)
        items.append({"type": "card", "card": card_render.card_dict(view)})
    except JudgekitError as error:
        missing.append(str(error))


@app.command("import")
@reports_errors
def import_(
    given_path: Annotated[
        str | None,  # not a typer Path: "" would become ".", and its readable check is in English
        typer.Argument(metavar="PATH", help="完整的官方规则或 FAQ 文档、卡牌数据 JSON、勘误表，或装有这些文件的文件夹。"),
    ] = None,
    edition: Annotated[
        str | None,
        typer.Option("--edition", "-e", help="规则或 FAQ 所属版本，如 en-2026-07-16；FAQ 填其引用的版本。默认按文档页眉的日期与类别确定。"),
    ] = None,
    kind: Annotated[
        str | None, typer.Option("--kind", help="cards（卡牌数据）、errata（勘误表）或 names（卡名对照表）；默认按内容自动识别。")
    ] = None,
    layout: Annotated[str | None, typer.Option(help="版式：export、pdftext、english、faq；默认自动识别。")] = None,
    date: Annotated[str | None, typer.Option(help="新版本的日期，或勘误表的公布日期（YYYY-MM-DD）。")] = None,
    numbering: Annotated[str | None, typer.Option(help="新版本与哪个编号体系相同（如 2026-07）。")] = None,
    title: Annotated[str | None, typer.Option(help="文档标题。")] = None,
    replace: Annotated[
        bool, typer.Option("--replace", help="允许以本文件为准，改动版本中已导入的规则文字（不加时列出改动并拒绝导入）。")
    ] = False,
    remove: Annotated[
        str | None, typer.Option("--remove", metavar="ID", help="撤销一次导入：移除该文档（编号见 judgekit editions）。")
    ] = None,
) -> None:
    """导入完整规则、FAQ、卡牌数据或勘误表（单个文件或整个文件夹）到本地库，并重建索引；--remove ID 撤销导入。"""
    from judgekit.cards.importer import KINDS, import_card_files, remove_card_file
    from judgekit.cards.render import import_text as card_import_text
    from judgekit.corpus.importer import import_documents, plan_import, remove_document
    from judgekit.index.rebuild import rebuild_for

    if given_path is not None and not given_path.strip():
        raise UsageError("要导入的文件名是空的；请写出文件或文件夹的路径，如 judgekit import core-rules.md")
    path = Path(given_path) if given_path is not None else None
    if date is not None:
        _check_date(date)
    if kind not in (None, *KINDS, "rules", "faq"):
        raise UsageError(f"--kind {kind}：只能是 cards、errata、names、rules 或 faq")
    if remove is not None and path is not None:
        raise UsageError("--remove 与要导入的文件不能同时给出")
    if kind is not None and path is not None and path.is_dir():
        raise UsageError(f"--kind 只用于单个文件；{path} 是文件夹，其中每个文件按内容自动识别")
    if remove is None and path is None:
        raise UsageError("用法：judgekit import 文件或文件夹 [--edition 版本]，或 judgekit import --remove 文档编号")
    workspace = Workspace.default()
    plan = plan_import(path, kind) if path is not None else None
    folder = path is not None and path.is_dir()  # a folder's refusals are reported together; a file's is the error
    if plan and plan.card_files and not plan.documents and (edition or layout or numbering):
        raise UsageError(f"{path} 是卡牌文件：--edition、--layout、--numbering 只用于规则与 FAQ 文档")
    refused: list[tuple[Path, str]] = list(plan.refused) if plan else []
    if plan and plan.card_files:  # one build of the card store for all of a folder's card files
        imported, refused_cards = import_card_files(workspace, plan.card_files, date=date, title=title)
        if refused_cards and not folder:
            raise refused_cards[0][1]
        for result in imported:
            typer.echo(card_import_text(result.path, result))
        refused += [(card_file, str(error)) for card_file, error in refused_cards]
    with contextlib.ExitStack() as stack:
        index_progress = _index_progress(stack)

        def rebuild(updated: Corpus) -> None:
            rebuild_for(workspace, updated, _progress_printer, index_progress)

        if remove is not None:
            if removed := remove_card_file(workspace, remove):
                typer.echo(f"已移除导入的卡牌文件 {removed.id}（{removed.title}）。")
                return
            entry = remove_document(workspace, remove, rebuild)
            typer.echo(f"已移除导入的文档 {entry['id']}（原文件 {entry.get('from') or entry['file']}）。")
            return
        results, refused_documents = import_documents(
            workspace, plan.documents, edition, layout=layout, date=date, numbering=numbering, title=title,
            replace=replace, rebuild=rebuild,
        ) if plan.documents else ([], [])
    if refused_documents and not folder:
        raise DocumentError(refused_documents[0][1])
    refused += refused_documents
    # The store's list includes numbers the document shares with other documents of its edition.
    store = Store.open(workspace, load(workspace)) if results else None
    for result in results:
        typer.echo(render.import_text(result.path, result, store.problems(result.source.id)))
    for passed_over in plan.passed_over:
        typer.echo(render.printable(f"跳过 {passed_over}：不是规则、FAQ 文档，也不是卡牌数据"), err=True)
    for refused_path, message in refused:
        _error(message if str(refused_path) in message else f"{refused_path}：{message}")
    if refused:
        raise typer.Exit(1)


def _check_date(date: str) -> None:
    from judgekit.editions.order import is_date

    if not is_date(date):
        raise UsageError(f"--date {date}：不是有效的日期；应写作 YYYY-MM-DD，如 2026-07-16")


@app.command()
@reports_errors
def editions(as_json: JsonOption = False) -> None:
    """列出各版本及其规则条数。"""
    _, _, store = _open()
    rows = store.edition_rows()
    typer.echo(render.to_json(rows) if as_json else render.editions_text(rows))


@app.command("diff")
@reports_errors
def diff_(
    old: Annotated[str, typer.Argument(help="旧版本，如 en-2026-03-30（见 judgekit editions）。")],
    new: Annotated[str, typer.Argument(help="新版本，如 en-2026-06-18。")],
    only: Annotated[Only | None, typer.Option("--only", help="只列出 moved、changed、added 或 removed。")] = None,
    output: FormatOption = Format.text,
    as_json: JsonOption = False,
) -> None:
    """比较同一文档的两个版本：先列各类条数，再逐条列出移动（旧编号 → 新编号）、改写（逐词差异）、拆分、合并、新增、删除。"""
    from judgekit.editions import report

    _, corpus, store = _open()
    old_id, new_id = corpus.edition(old).id, corpus.edition(new).id
    changes, chain, texts = store.maps.diff(old_id, new_id)
    data = report.diff_dict(old_id, new_id, chain, changes, texts, only.value if only else None)
    fmt = Format.json if as_json else output
    typer.echo(render.to_json(data) if fmt is Format.json else report.diff_text(data, fmt is Format.markdown))


@index_app.command("rebuild")
@reports_errors
def index_rebuild() -> None:
    """强制重建本地规则库与搜索索引。"""
    from judgekit.index.search import SearchIndex

    workspace, _, store = _open(rebuild=True)
    with contextlib.ExitStack() as stack:
        SearchIndex.open(workspace, store, rebuild=True, progress=_index_progress(stack)).close()
    counts = store.edition_counts()
    typer.echo(f"已重建：{workspace.database}（规则 {sum(counts.values())} 条）与搜索索引。")


@index_app.command("info")
@reports_errors
def index_info() -> None:
    """本地规则库的位置（可用 sqlite-utils 或 Datasette 打开）与各文档的导入情况。"""
    workspace, _, store = _open()
    typer.echo(render.index_info_text(workspace, store.documents()))


@index_app.command("problems")
@reports_errors
def index_problems(
    document: Annotated[str | None, typer.Argument(help="文档编号（见 judgekit index info）。")] = None,
) -> None:
    """列出导入时无法归位的行、重复编号与无法解析的引用。"""
    _, _, store = _open()
    typer.echo(render.problems_text(store.problems(document)))


# -- cards --------------------------------------------------------------------

CardQuery = Annotated[
    list[str], typer.Argument(help="卡牌编号、中文或英文卡名（可不带称号、可只写一部分、可用繁体），如 海兽钓钩、SFD-112。")
]


@app.command()
@reports_errors
def card(query: CardQuery, output: FormatOption = Format.text, as_json: JsonOption = False) -> None:
    """查卡：中英文现行文本、勘误前的印刷文本与勘误日期、关键词对应的规则、提到此卡的 FAQ。"""
    from judgekit.cards import render as card_render

    workspace, _, store = _open()
    cards = _open_cards(workspace)
    text = " ".join(query)
    match = cards.find(text)
    fmt = Format.json if as_json else output
    if len(match.cards) > 1:
        listed = [c._asdict() for c in match.cards]
        typer.echo(render.to_json(listed) if fmt is Format.json else card_render.card_list_text(match, text))
        return
    view = cards.view(match.cards[0].id, store.db)
    if fmt is Format.json:
        typer.echo(render.to_json(card_render.card_dict(view)))
    elif fmt is Format.markdown:
        typer.echo(card_render.card_markdown(view))
    else:
        # Side by side only on a terminal wide enough; a pipe or a file gets one language after the other.
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 0
        typer.echo(card_render.card_text(view, width))


@_words_search(cards_app, "卡牌文字中的词，如 眩晕 战场、Assault、迴響。")
def cards_search(words: list[str], limit: int, as_json: bool) -> None:
    """在已导入卡牌的名称与现行文字中搜索（与规则搜索同一分词）。"""
    from judgekit.cards import render as card_render
    from judgekit.cards.search import CardIndex
    from judgekit.index.query import checked_query

    text = checked_query(words, "judgekit cards search")
    workspace = Workspace.default()
    index = CardIndex.open(workspace, _open_cards(workspace))
    try:
        hits = index.search(text, limit=limit)
    finally:
        index.close()
    typer.echo(render.to_json([h._asdict() for h in hits]) if as_json else card_render.hits_text(hits))


@cards_app.command("info")
@reports_errors
def cards_info() -> None:
    """卡牌库的位置、导入的卡牌文件与导入问题（对不上卡牌的勘误、中英文不一致、重复记录）。"""
    from judgekit.cards import render as card_render
    from judgekit.cards.registry import database

    workspace = Workspace.default()
    cards = _open_cards(workspace)
    typer.echo(card_render.info_text(database(workspace), cards.documents(), cards.counts(), cards.problems(),
                                     cards.verdicts()))


@cards_app.command("census")
@reports_errors
def cards_census(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="从已导入的卡牌重新统计，并写入 cards/census.json。")] = False,
    as_json: JsonOption = False,
) -> None:
    """卡牌条款普查：每条条款归入的模式（触发、条件、费用、选择、效果、数量、持续、限制、替代）及其数量。"""
    import json

    from judgekit.cardtext import census

    path = census.census_file()
    if rebuild:
        from judgekit.cards.store import open_store
        from judgekit.cardtext.catalog import primary_sources

        data = census.take(primary_sources(open_store(Workspace.default()))).as_json()
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        typer.echo(f"已写入 {path}", err=True)
    elif not path.is_file():
        raise UsageError(f"没有普查文件 {path}；先导入卡牌数据，再运行 judgekit cards census --rebuild")
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
    typer.echo(render.to_json(data) if as_json else census.census_text(data))


@cards_app.command("coverage")
@reports_errors
def cards_coverage(
    as_json: JsonOption = False,
    problems: Annotated[bool, typer.Option("--problems", help="逐张列出未编译的卡牌及其第一条没读懂的条款（不含留出集）。")] = False,
) -> None:
    """卡牌文字编译的覆盖率：编译成功的卡牌（按系列、类型）、关键词、阻碍最多卡牌的条款模式、留出集。"""
    import json

    from judgekit.cards.store import open_store
    from judgekit.cardtext import census, coverage
    from judgekit.cardtext.catalog import every_source

    measured = coverage.measure(every_source(open_store(Workspace.default())))
    if problems:
        listed = measured.problems()
        held_back = sum(not r.compiled for r in measured.held_out())
        typer.echo(render.to_json({"problems": listed, "held_out_not_listed": held_back}) if as_json
                   else coverage.problems_text(listed, held_back))
        return
    data = measured.as_json()
    path = census.census_file()
    census_data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
    if census_data:
        data["census"] = {key: census_data[key] for key in
                          ("cards", "patterns_expressible", "patterns_total", "cards_expressible")}
    typer.echo(render.to_json(data) if as_json else coverage.coverage_text(data, data.get("census")))


# -- tournament penalties and the event log -------------------------------------------

OplOption = Annotated[
    str | None, typer.Option("--opl", help="赛事等级（205）：casual（local）、competitive 或 professional。")
]
EventOption = Annotated[str | None, typer.Option("--event", help="记入/列出此赛事；默认当前赛事。")]


@penalty_app.command("show")
@reports_errors
def penalty_show(
    query: Annotated[list[str], typer.Argument(help="违规编号、英文名或中文说法，如 702.5、Slow Play、多看了牌、迟到。")],
    edition: Annotated[
        str | None, typer.Option("--edition", "-e", help="赛事规则版本，如 tournament-en-2026-04-29；默认最新版。")
    ] = None,
    opl: OplOption = None,
    as_json: JsonOption = False,
) -> None:
    """违规的类别、默认处罚、改变处罚的情形、补救措施与重复违规的升级规则（英文原文为准）。"""
    from judgekit.tournament.commands import show_penalty

    _, _, store = _open()
    typer.echo(show_penalty(store, " ".join(query), edition, opl, as_json))


@penalty_app.command("record")
@reports_errors
def penalty_record(
    player: Annotated[str, typer.Argument(help="选手名（首次出现即加入本赛事）。")],
    infraction: Annotated[list[str], typer.Argument(help="违规编号或名称，如 702.5、多看了牌。")],
    round_number: Annotated[int | None, typer.Option("--round", min=1, help="轮次。")] = None,
    note: Annotated[str, typer.Option("--note", help="裁判备注。")] = "",
    penalty: Annotated[
        str | None, typer.Option("--penalty", help="裁判判定的基础处罚（如 702.2.e 的 Warning）；默认为该违规的默认处罚。")
    ] = None,
    event: EventOption = None,
    as_json: JsonOption = False,
) -> None:
    """把一次违规记入当前赛事，并给出应给的处罚：按 702.1.b 等规则在重复时升级，并写明依据。"""
    from judgekit.tournament.commands import record_penalty

    workspace, _, store = _open()
    typer.echo(record_penalty(workspace, store, player, " ".join(infraction), round_number=round_number, note=note,
                              penalty=penalty, event_name=event, as_json=as_json))


@event_app.command("new")
@reports_errors
def event_new(
    name: Annotated[str, typer.Argument(help="赛事名称。")],
    opl: Annotated[str, typer.Option("--opl", help="赛事等级（205）：casual（local）、competitive 或 professional。")],
) -> None:
    """建立赛事并设为当前赛事。"""
    from judgekit.tournament.commands import new_event

    typer.echo(new_event(Workspace.default(), name, opl))


@event_app.command("use")
@reports_errors
def event_use(name: Annotated[str, typer.Argument(help="赛事名称。")]) -> None:
    """把已有的赛事设为当前赛事。"""
    from judgekit.tournament.commands import use_event

    typer.echo(use_event(Workspace.default(), name))


@event_app.command("list")
@reports_errors
def event_list() -> None:
    """列出赛事（* 为当前赛事）。"""
    from judgekit.tournament.commands import list_events

    typer.echo(list_events(Workspace.default()))


@event_app.command("log")
@reports_errors
def event_log(
    output: Annotated[str, typer.Option("--format", "-f", help="text、markdown、json 或 csv。")] = "text",
    event: EventOption = None,
    player: Annotated[str | None, typer.Option("--player", help="只列此选手的记录。")] = None,
) -> None:
    """列出赛事的处罚记录；--format markdown|json|csv 导出给赛事组织者。"""
    from judgekit.tournament.commands import show_log

    typer.echo(show_log(Workspace.default(), output, event, player))


# -- scenarios ----------------------------------------------------------------


@app.command()
@reports_errors
def run(
    path: Annotated[
        Path | None, typer.Argument(help="争议场景文件（YAML），或与 --check 一起使用的文件夹。")
    ] = None,
    output: Annotated[Format, typer.Option("--format", "-f", help="输出格式。")] = Format.text,
    explain: Annotated[
        bool, typer.Option("--explain", help="列出每条引用规则的完整正文，以及每一步之前的决定与其他合法选项。")
    ] = False,
    check: Annotated[bool, typer.Option("--check", help="运行文件夹中的所有场景，只报告结果。")] = False,
    faq: Annotated[
        int | None, typer.Option("--faq", min=1, help="运行复现随包 FAQ 第 N 条的场景（见 judgekit faq show N）。")
    ] = None,
) -> None:
    """重现争议：按脚本逐步结算局面，列出每一步适用的规则，并核对预期。

    退出码：0 预期全部成立；1 有预期不成立；2 场景无效。
    """
    from judgekit.scenarios import faqsuite, report, session

    if (path is None) == (faq is None) or (check and faq is not None):
        raise UsageError("请给出一个场景文件（或与 --check 一起给文件夹），或用 --faq N，二者选一")
    _, corpus, store = _open()
    if check:
        result = session.check_folder(path, corpus, store, _checked_printer(report))
        typer.echo(report.check_summary(result))
        raise typer.Exit(result.exit_code)
    failed = stopped = False
    for each in [path] if path else faqsuite.scenarios_to_run(faq):
        try:
            ran = session.run_file(each, corpus, store, explain)
        except ScenarioError as error:
            if output is not Format.json:
                raise
            typer.echo(report.json_error(error, each))  # the file could not be read as a scenario at all
            raise typer.Exit(error.exit_code) from None
        trace = ran.trace
        typer.echo(report.RENDERERS[output.value](trace, ran.texts, explain), nl=False)
        if trace.stopped:  # the run ended at a step: the verdicts before it are printed above
            typer.echo(f"错误：{trace.stopped}", err=True)
        failed = failed or not trace.passed
        stopped = stopped or trace.stopped is not None
    if stopped:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)


def _checked_printer(report):
    """Print a folder check's line for each file, and the cited rules that changed since its edition."""
    from judgekit.editions.stale import cited_line

    def printed(checked) -> None:
        typer.echo(report.check_line(checked))
        for cited in checked.run.stale if checked.run else ():
            typer.echo(f"      过时引用（按 {cited.edition} 编号）：{cited_line(cited)}")

    return printed


def main() -> None:
    # A terminal or file in GBK, Big5 or latin-1 cannot take every character: those are
    # replaced (“?”) rather than ending the command with a UnicodeEncodeError.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    app()
