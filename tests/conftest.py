"""Shared fixtures: a judgekit home built once per session, and fresh ones for imports."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cardtext import CardSource, compile_card
from judgekit.cli import app
from judgekit.corpus import Workspace, load
from judgekit.index.store import Store
from judgekit.scenarios.runner import play, run
from judgekit.scenarios.scenario import parse

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_corpus"
FAQ = ROOT / "faq"
REFERENCE = ROOT.parent / "shared" / "reference"
ENGLISH_RULES = REFERENCE / "core-rules-en-2026-07-16.md"

needs_reference = pytest.mark.skipif(
    not ENGLISH_RULES.exists(), reason="../shared/reference is not present on this machine"
)


def run_broken_scenario(cli, tmp_path: Path, base: str, old: str, new: str) -> tuple[int, str, str]:
    """`judgekit run` on *base* with *old* replaced by *new*, written as bad.yaml: (exit code, stdout, stderr)."""
    assert old in base
    path = tmp_path / "bad.yaml"
    path.write_text(base.replace(old, new, 1), encoding="utf-8")
    return cli("run", str(path))


HEAVY_MODULES = ("whoosh", "jieba", "opencc", "sqlite_utils")


def heavy_modules_loaded(home: Path, *args: str, watched: tuple[str, ...] = HEAVY_MODULES) -> list[str]:
    """Which of the *watched* modules (whoosh, jieba, OpenCC and sqlite-utils, or packages and modules named
    in full) `judgekit ARGS` loads, in a fresh interpreter."""
    import subprocess
    import sys

    script = (
        "import json, sys\n"
        "from typer.testing import CliRunner\n"
        "from judgekit.cli import app\n"
        f"result = CliRunner().invoke(app, {list(args)!r})\n"
        "assert result.exit_code == 0, result.output\n"
        f"watched = {list(watched)!r}\n"
        "print(json.dumps([w for w in watched if any(m == w or m.startswith(w + '.') for m in sys.modules)]))\n"
    )
    env = {"JUDGEKIT_HOME": str(home), "PATH": ""}
    output = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    return json.loads(output.stdout)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# -- scenarios written in a test ------------------------------------------------


def board(a: str = "", b: str = "", battlefield: str = "") -> str:
    """The ``state:`` of a two-player scenario in A's main phase.

    *a* and *b* are the entries of each player's mapping, *battlefield* those of the one
    battlefield (none when empty), all in flow style: ``board("base: [{id: 中士, card: 先锋中士}]")``.
    """
    text = f"state:\n  turn: {{player: A, phase: main}}\n  players:\n    A: {{{a}}}\n    B: {{{b}}}\n"
    return text + (f"  battlefields:\n    - {{{battlefield}}}\n" if battlefield else "")


def scenario_text(*parts: str, script: str) -> str:
    """``title: t``, then *parts* (cards, options, the board) and *script*, each dedented."""
    return "title: t\n" + "".join(textwrap.dedent(part) for part in parts) + "script:\n" + textwrap.dedent(script)


def passes(source: str):
    """The trace of running the scenario *source*, which must have verdicts and meet every one."""
    trace = run(parse(source, "t.yaml"))
    failed = [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed
    return trace


def flow(value) -> str:
    """*value* as YAML flow style (JSON is YAML): a compiled card tree put into a scenario's text."""
    return json.dumps(value, ensure_ascii=False)


def play_scenario(*parts: str, script: str, source: str = "test.yaml", verdicts_pass: bool = True):
    """(trace, final state) of playing the scenario ``scenario_text(*parts, script=script)``; every verdict of the
    script (an ``expect_illegal`` step's refusal and its rule among them) must pass unless *verdicts_pass* is False."""
    trace, final = play(parse(scenario_text(*parts, script=script), source))
    if verdicts_pass:
        failed = [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
        assert not failed, failed
    return trace, final


@pytest.fixture(scope="session")
def bundled_home(tmp_path_factory) -> Path:
    """A judgekit home with the bundled corpus built into a store and a search index."""
    home = tmp_path_factory.mktemp("judgekit-home")
    workspace = Workspace(home / "cache", home / "data")
    store = Store.open(workspace, load(workspace))
    from judgekit.index.search import SearchIndex

    SearchIndex.open(workspace, store).close()
    return home


@pytest.fixture(scope="session")
def reference_cards_home(tmp_path_factory) -> Path:
    """A judgekit home with the reference card files imported (for tests that skip without them), built once."""
    from typer.testing import CliRunner

    from judgekit.cli import app

    home = tmp_path_factory.mktemp("reference-cards")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUDGEKIT_HOME", str(home))
        result = CliRunner().invoke(app, ["import", str(REFERENCE / "cards")])
    assert result.exit_code == 0, result.stderr
    return home


@pytest.fixture
def bundled(bundled_home, monkeypatch) -> Workspace:
    monkeypatch.setenv("JUDGEKIT_HOME", str(bundled_home))
    return Workspace.default()


@pytest.fixture
def fresh(tmp_path, monkeypatch) -> Workspace:
    """An empty judgekit home, for tests that import documents."""
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    return Workspace.default()


@pytest.fixture
def store(bundled) -> Store:
    return Store.open(bundled, load(bundled))


@pytest.fixture
def index(bundled, store):
    from judgekit.index.search import SearchIndex

    opened = SearchIndex.open(bundled, store)
    yield opened
    opened.close()


@pytest.fixture
def cli():
    """Run a judgekit command; returns (exit code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str):
        result = runner.invoke(app, list(args))
        return result.exit_code, result.stdout, result.stderr

    return run


def compiled_in_both(zh: str, en: str, facts: dict) -> dict:
    """The one tree an invented Chinese text and its English compile to; the Chinese rendering reads back to it."""
    zh_result, en_result = (compile_card(CardSource("T-219", language, text, facts, "试验牌"))
                            for language, text in (("zh", zh), ("en", en)))
    assert zh_result.status == en_result.status == "compiled", (zh_result.problems, en_result.problems)
    assert zh_result.tree == en_result.tree
    assert compile_card(CardSource("T-219", "zh", zh_result.understood, facts, "试验牌")).tree == zh_result.tree
    return zh_result.tree
