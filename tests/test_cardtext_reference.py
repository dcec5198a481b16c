"""The card-text compiler on the full reference catalog (skipped without ../shared/reference).

Nothing from the cards is copied here: expectations are computed from the files or are codes.
"""

from __future__ import annotations

import json

import pytest
from conftest import REFERENCE
from typer.testing import CliRunner

from judgekit.cards.store import open_store
from judgekit.cardtext.catalog import primary_sources
from judgekit.cardtext.census import census_file, take
from judgekit.cli import app
from judgekit.corpus import Workspace

CARDS = REFERENCE / "cards"
pytestmark = pytest.mark.skipif(not CARDS.is_dir(), reason="../shared/reference/cards is not present on this machine")


def _announced(path) -> str:
    overlay = json.loads(next(CARDS.glob("errata-overlay-*.json")).read_text(encoding="utf-8"))
    return next(d["announced_on"] for d in overlay["errata_documents"] if d["slug"] in path.name)


def reference_imports() -> list[list[str]]:
    """The `judgekit import` arguments that load every card file and errata list of the reference folder."""
    commands = [[str(path)] for path in sorted(CARDS.glob("*.json"))]
    commands += [[str(path)] for path in sorted((REFERENCE / "faq" / "zh").glob("errata-zh-*.txt"))]
    commands += [[str(path), "--date", _announced(path)] for path in sorted((REFERENCE / "faq" / "en").glob("errata-en-*.md"))]
    return commands + [[str(CARDS / "names-zh-en.md")]]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    home = tmp_path_factory.mktemp("cardtext-reference")
    patch = pytest.MonkeyPatch()
    patch.setenv("JUDGEKIT_HOME", str(home))
    for args in reference_imports():
        result = CliRunner().invoke(app, ["import", *args])
        assert result.exit_code == 0, result.stderr
    yield open_store(Workspace.default())
    patch.undo()


@pytest.fixture(scope="module")
def sources(store):
    return primary_sources(store)


def test_the_committed_census_is_the_one_the_catalog_gives(sources):
    committed = json.loads(census_file().read_text(encoding="utf-8"))
    assert take(sources).as_json() == committed, "cards/census.json is stale: run judgekit cards census --rebuild"


def test_every_card_has_one_primary_source(store, sources):
    cards = store.db.execute("select count(*) from cards").fetchone()[0]
    assert len(sources) == len({s.code for s in sources}) == cards
    with_chinese = {row[0] for row in store.db.execute(
        "select card_id from card_texts where language = 'zh' and current != ''")}
    assert {s.code for s in sources if s.language == "zh" and s.text} == with_chinese


def test_every_compiled_card_renders_to_text_that_compiles_to_the_same_tree(sources):
    from judgekit.cardtext import compile_card

    failures = []
    results = [compile_card(source) for source in sources]
    for source, result in zip(sources, results, strict=True):
        if result.tree is None:
            continue
        # The rendering is Chinese whatever the source language: the Chinese compiler reads it back.
        again = compile_card(source._replace(language="zh", text=result.understood))
        if again.tree != result.tree:
            failures.append(source.code)
    assert sum(r.tree is not None for r in results) > 100
    assert failures == []


def test_no_card_of_the_catalog_raises_and_every_uncompiled_card_names_its_clause(sources):
    from judgekit.cardtext import compile_card

    for result in map(compile_card, sources):
        assert (result.tree is None) == bool(result.problems), result.code
        assert all(p.reason for p in result.problems)


def test_coverage_counts_every_card_once_and_its_held_out_set(store, sources):
    from judgekit.cardtext.catalog import held_out
    from judgekit.cardtext.coverage import measure

    data = measure(sources).as_json()
    assert data["cards"] == len(sources) == sum(data["statuses"].values())
    assert sum(v["cards"] for v in data["by_set"].values()) == data["cards"]
    assert data["held_out"]["cards"] == sum(held_out(s.code) for s in sources)
    assert set(data["keywords"]) >= {"伏击", "等级", "回响"}


def test_coverage_command_prints_the_figures(store):
    result = CliRunner().invoke(app, ["cards", "coverage", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["compiled"] <= data["cards"] and "blocking_patterns" in data
    text = CliRunner().invoke(app, ["cards", "coverage"]).stdout
    assert text.startswith("编译成功的卡牌：") and "留出集" in text


def test_coverage_problems_lists_each_card_not_compiled_but_the_held_out_ones(store, sources):
    from judgekit.cardtext import compile_card
    from judgekit.cardtext.catalog import held_out

    result = CliRunner().invoke(app, ["cards", "coverage", "--problems", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    verdicts = dict(store.db.execute("select card_id, status from card_trees"))
    failed = {r.code: r for r in map(compile_card, sources)
              if verdicts[r.code] != "compiled" and not (r.compiled and verdicts[r.code] == "no_text")}
    assert [p["code"] for p in data["problems"]] == [code for code in failed if not held_out(code)]
    assert data["held_out_not_listed"] == sum(held_out(code) for code in failed) > 0
    for listed in data["problems"]:
        if listed["status"] == "disagreement":  # both texts compiled: the reason is their difference
            assert verdicts[listed["code"]] == "disagreement" and "中英文" in listed["reason"]
            continue
        first = failed[listed["code"]].problems[:1]
        assert listed["reason"] == (first[0].reason if first else "需要：" + "；".join(failed[listed["code"]].needs))
    text = CliRunner().invoke(app, ["cards", "coverage", "--problems"]).stdout.splitlines()
    assert len(text) == len(data["problems"]) + 1 and text[-1].startswith(f"共 {len(data['problems'])} 张未编译")


# -- the compiled trees against the cards cards/library.yaml writes by hand -------------------------

PRINTED = ("type", "cost", "power", "might", "domains", "tags", "name_en", "token")
LIBRARY_EVENTS = {"play": "played", "attack": "attacked", "defend": "defended", "conquer": "conquered",
                  "hold": "held"}
# Cards whose hand-written tree and compiled tree differ, and why (reported to the lead).
LIBRARY_DIFFERENCES: dict[str, str] = {}


def _desugared(card: dict) -> dict:
    """A library entry in the compiler's canonical forms: target shorthands spelled out, card-level
    triggers as abilities (each taking the card's target), no printed facts."""
    from judgekit.engine.cards import TARGET_SHORTHANDS

    tree = {key: value for key, value in card.items() if key not in PRINTED}
    if isinstance(tree.get("target"), str):
        tree["target"] = dict(TARGET_SHORTHANDS[tree["target"]])
    for name, effects in (tree.pop("triggers", None) or {}).items():
        if name == "deathknell":
            tree.setdefault("triggers", {})["deathknell"] = effects
            continue
        entry = {"trigger": LIBRARY_EVENTS[name]}
        if "target" in tree:
            entry["target"] = tree.pop("target")
        tree.setdefault("abilities", []).append({**entry, "effects": effects})
    return tree


def test_compiled_trees_equal_the_hand_written_library_or_the_difference_is_explained(store, sources):
    import re

    import yaml

    from judgekit.cardtext import compile_card
    from judgekit.corpus.sources import bundled_root

    text = (bundled_root() / "cards" / "library.yaml").read_text(encoding="utf-8")
    codes = dict(re.findall(r"^(\S[^:\n]*):\s*#\s*([A-Z]+-T?\d+)", text, re.MULTILINE))
    by_code = {source.code: source for source in sources}
    differences = {}
    library = yaml.safe_load(text)
    # a token no catalog card prints (Vendetta's Tentacle) has no code and nothing to compare; any other card has one
    assert all(card["type"] == "token" for name, card in library.items() if name not in codes)
    for name, card in library.items():
        if name not in codes:
            continue
        result = compile_card(by_code[codes[name]])
        compiled = {key: value for key, value in (result.tree or {}).items() if key not in PRINTED}
        if result.tree is None or _desugared(card) != compiled:
            differences[codes[name]] = result.status
    assert set(differences) == set(LIBRARY_DIFFERENCES), differences
