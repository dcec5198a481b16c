"""The judge's command line: rule, search, faq, cite, import, editions, index.

``judgekit rule`` must start fast, so whoosh, jieba and sqlite-utils are
imported only by the commands that need them (search, import, rebuilding).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from judgekit import render
from judgekit.corpus import Corpus, Workspace, load
from judgekit.errors import JudgekitError, ScenarioError
from judgekit.index.store import Store

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
faq_app = typer.Typer(no_args_is_help=True, help="“化神争锋”等官方 FAQ：列表、查看、搜索。")
index_app = typer.Typer(no_args_is_help=True, help="本地规则库与搜索索引：重建、位置、导入问题。")
app.add_typer(faq_app, name="faq")
app.add_typer(index_app, name="index")


class Kind(str, Enum):
    rule = "rule"
    faq = "faq"
    guide = "guide"


class Format(str, Enum):
    text = "text"
    markdown = "markdown"
    json = "json"


EditionOption = Annotated[str | None, typer.Option("--edition", "-e", help="只在此版本中查找，如 zh-2026-10-10。")]
JsonOption = Annotated[bool, typer.Option("--json", help="输出 JSON。")]
LimitOption = Annotated[int, typer.Option("--limit", "-n", min=1, max=200, help="最多显示多少条结果。")]


def reports_errors(command):
    """Turn a judge's mistake into a message and an exit code, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except JudgekitError as error:
            typer.echo(f"错误：{error}", err=True)
            raise typer.Exit(error.exit_code) from None
        except BrokenPipeError:
            # The reader went away (`judgekit faq list | head`): stop quietly, as the
            # Python documentation recommends, without a second error at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except sqlite3.DatabaseError as error:
            typer.echo(f"错误：本地规则库损坏（{error}）。请运行 judgekit index rebuild。", err=True)
            raise typer.Exit(1) from None
        except OSError as error:
            typer.echo(f"错误：无法读写 {error.filename or ''}：{error.strerror or error}", err=True)
            raise typer.Exit(1) from None

    return wrapper


def _progress_printer(message: str) -> None:
    typer.echo(f"… {message}", err=True)


def _open(rebuild: bool = False) -> tuple[Workspace, Corpus, Store]:
    workspace = Workspace.default()
    corpus = load(workspace)
    return workspace, corpus, Store.open(workspace, corpus, rebuild=rebuild)


def _index(workspace: Workspace, store: Store, rebuild: bool = False):
    """Open the search index; a progress bar appears only while it is being built."""
    from judgekit.index.search import SearchIndex

    with contextlib.ExitStack() as stack:
        bars = []

        def progress(done: int, total: int) -> None:
            if not bars:
                bars.append(stack.enter_context(typer.progressbar(length=total, label="建立搜索索引", file=sys.stderr)))
            bars[0].update(1)

        return SearchIndex.open(workspace, store, rebuild=rebuild, progress=progress)


def _search(words: list[str], kinds: tuple[str, ...], edition: str | None, limit: int, as_json: bool) -> None:
    workspace, corpus, store = _open()
    edition = corpus.edition(edition).id if edition else None
    index = _index(workspace, store)
    hits = index.search(" ".join(words), kinds=kinds, edition=edition, limit=limit)
    index.close()
    typer.echo(render.to_json([render.hit_dict(h) for h in hits]) if as_json else render.hits_text(hits))


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
    as_json: JsonOption = False,
) -> None:
    """按编号查规则：正文、举例、下级规则、参见、引用它的 FAQ、版本。"""
    _, _, store = _open()
    view = store.rule(number, edition)
    typer.echo(render.to_json(render.rule_dict(view)) if as_json else render.rule_text(view))


@app.command()
@reports_errors
def search(
    words: Annotated[
        list[str], typer.Argument(help="关键词，可用中文、英文关键词名或繁体字，如 回响 费用、Assault、迴響。")
    ],
    limit: LimitOption = 10,
    kind: Annotated[
        Kind | None, typer.Option("--kind", "-k", help="只搜规则（rule）、FAQ（faq）或指南（guide）。")
    ] = None,
    edition: EditionOption = None,
    as_json: JsonOption = False,
) -> None:
    """全文搜索规则、FAQ 与入门指南，按相关度与权威性排序。"""
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
    view = store.faq(number)
    typer.echo(render.to_json(render.faq_dict(view, corpus)) if as_json else render.faq_text(view, corpus))


@faq_app.command("search")
@reports_errors
def faq_search(
    words: Annotated[list[str], typer.Argument(help="关键词。")],
    limit: LimitOption = 10,
    as_json: JsonOption = False,
) -> None:
    """只在 FAQ 中搜索。"""
    _search(words, ("faq",), None, limit, as_json)


@app.command()
@reports_errors
def cite(
    refs: Annotated[list[str], typer.Argument(help="规则编号或 faq:N，如 820.2.a 359.3.f.3 faq:2。")],
    output: Annotated[Format, typer.Option("--format", "-f", help="text、markdown 或 json。")] = Format.text,
    edition: EditionOption = None,
) -> None:
    """引用规则原文与 FAQ 条目（含版本与来源），可直接贴进裁定。"""
    _, corpus, store = _open()
    views, missing = store.cited(refs, edition)
    items = render.cite_items(views, corpus)
    if items:
        if output is Format.json:
            typer.echo(render.to_json(items))
        elif output is Format.markdown:
            typer.echo(render.cite_markdown(items))
        else:
            typer.echo(render.cite_text(items))
    for message in missing:
        typer.echo(f"错误：{message}", err=True)
    if missing:
        raise typer.Exit(1)


@app.command("import")
@reports_errors
def import_(
    path: Annotated[Path, typer.Argument(help="完整的官方规则或 FAQ 文档（UTF-8 文本），或装有这些文档的文件夹。")],
    edition: Annotated[
        str | None,
        typer.Option("--edition", "-e", help="文档所属版本，如 en-2026-07-16；FAQ 填其引用的版本。默认按文档页眉的日期与类别确定。"),
    ] = None,
    layout: Annotated[str | None, typer.Option(help="版式：export、pdftext、english、faq；默认自动识别。")] = None,
    date: Annotated[str | None, typer.Option(help="新版本的日期（YYYY-MM-DD）。")] = None,
    numbering: Annotated[str | None, typer.Option(help="新版本与哪个编号体系相同（如 2026-07）。")] = None,
    title: Annotated[str | None, typer.Option(help="文档标题。")] = None,
) -> None:
    """导入完整规则或 FAQ（单个文档或整个文件夹）到本地规则库，并重建索引。"""
    from judgekit.corpus.importer import documents_in, import_documents

    workspace = Workspace.default()
    corpus = load(workspace)

    def rebuild(updated: Corpus) -> None:
        store = Store.open(workspace, updated, rebuild=True, progress=_progress_printer)
        _index(workspace, store, rebuild=True).close()

    paths, skipped = documents_in(path)
    results, refused = import_documents(
        workspace, corpus, paths, edition, layout=layout, date=date, numbering=numbering, title=title, rebuild=rebuild
    )
    # The store's list includes numbers the document shares with other documents of its edition.
    store = Store.open(workspace, load(workspace))
    for result in results:
        typer.echo(render.import_text(result.path, result, store.problems(result.source.id)))
    for skipped_path in skipped:
        typer.echo(f"跳过 {skipped_path}：不是 .txt 或 .md 文本文档", err=True)
    for refused_path, message in refused:
        typer.echo(f"错误：{message}" if str(refused_path) in message else f"错误：{refused_path}：{message}", err=True)
    if refused:
        raise typer.Exit(1)


@app.command()
@reports_errors
def editions(as_json: JsonOption = False) -> None:
    """列出各版本及其规则条数。"""
    _, _, store = _open()
    rows = store.edition_rows()
    typer.echo(render.to_json(rows) if as_json else render.editions_text(rows))


@index_app.command("rebuild")
@reports_errors
def index_rebuild() -> None:
    """强制重建本地规则库与搜索索引。"""
    workspace, _, store = _open(rebuild=True)
    _index(workspace, store, rebuild=True).close()
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


# -- scenarios ----------------------------------------------------------------


def _rule_texts(corpus: Corpus, store: Store, edition: str, numbers: list[str]) -> dict:
    """Local text for each cited number, from the editions sharing the scenario's numbering."""
    from judgekit.engine.report import RuleText
    from judgekit.engine.rules import NUMBERING

    try:
        chosen = corpus.edition(edition)
    except JudgekitError as error:
        raise ScenarioError(f"场景的 edition：{error}") from None
    if chosen.numbering != NUMBERING:
        raise ScenarioError(
            f"场景的 edition 为 {edition}（编号体系 {chosen.numbering}），但引擎引用的规则采用 {NUMBERING} 编号体系；"
            f"请写 zh-2026-07-17 或 en-2026-07-16"
        )
    texts = {}
    for number in numbers:
        found = store.resolve(edition, number)
        texts[number] = RuleText(found[0].edition, found[0].text) if found else None
    return texts


def _run_one(path: Path, corpus: Corpus, store: Store) -> tuple:
    from judgekit.engine import runner, scenario

    loaded = scenario.load(path)
    trace = runner.run(loaded)
    return trace, _rule_texts(corpus, store, loaded.edition, trace.cited())


@app.command()
@reports_errors
def run(
    path: Annotated[Path, typer.Argument(help="争议场景文件（YAML），或与 --check 一起使用的文件夹。")],
    output: Annotated[Format, typer.Option("--format", "-f", help="输出格式。")] = Format.text,
    explain: Annotated[bool, typer.Option("--explain", help="列出每条引用规则的完整正文。")] = False,
    check: Annotated[bool, typer.Option("--check", help="运行文件夹中的所有场景，只报告结果。")] = False,
) -> None:
    """重现争议：按脚本逐步结算局面，列出每一步适用的规则，并核对预期。

    退出码：0 预期全部成立；1 有预期不成立；2 场景无效。
    """
    _, corpus, store = _open()
    if check:
        raise typer.Exit(_check_folder(path, corpus, store))
    from judgekit.engine.report import RENDERERS

    trace, texts = _run_one(path, corpus, store)
    typer.echo(RENDERERS[output.value](trace, texts, explain), nl=False)
    if not trace.passed:
        raise typer.Exit(1)


def _check_folder(folder: Path, corpus: Corpus, store: Store) -> int:
    if not folder.is_dir():
        raise ScenarioError(f"{folder}：不是文件夹（--check 需要一个放着场景文件的文件夹）")
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    if not files:
        raise ScenarioError(f"{folder}：没有 .yaml 场景文件")
    worst = 0
    for path in files:
        try:
            trace, _ = _run_one(path, corpus, store)
        except ScenarioError as error:
            typer.echo(f"无效  {path.name}：{error}")
            worst = 2
            continue
        failed = [v for v in trace.verdicts if not v.passed]
        if failed:
            typer.echo(
                f"不符  {path.name}："
                + "；".join(f"第 {v.line} 行 {v.description}：预期 {v.expected}，实际 {v.actual}" for v in failed)
            )
            worst = max(worst, 1)
        else:
            typer.echo(f"通过  {path.name}（{len(trace.steps)} 步，{len(trace.verdicts)} 项预期）")
    typer.echo(f"共 {len(files)} 个场景")
    return worst


def main() -> None:
    app()
