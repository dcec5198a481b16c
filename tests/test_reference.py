"""The full English Core Rules v1.4 imported into a judgekit home (skipped without ../shared/reference)."""

import json
import re
import shutil

import pytest
from conftest import ENGLISH_RULES, REFERENCE, needs_reference, read
from typer.testing import CliRunner

from judgekit.cards.lookup import CardStore
from judgekit.cli import app
from judgekit.corpus import Workspace, bundled_glossary

pytestmark = needs_reference

KEYWORDS = {
    "Accelerate": 805, "Action": 806, "Assault": 807, "Deathknell": 808, "Deflect": 809, "Ganking": 810,
    "Hidden": 811, "Legion": 812, "Reaction": 813, "Shield": 814, "Tank": 815, "Temporary": 816,
    "Vision": 817, "Repeat": 820,
}


@pytest.fixture(scope="module")
def english_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("english-home")
    runner = CliRunner()
    result = runner.invoke(
        app, ["import", str(ENGLISH_RULES), "--edition", "en-2026-07-16"], env={"JUDGEKIT_HOME": str(home)}
    )
    assert result.exit_code == 0, result.stderr
    return home, result.stdout


@pytest.fixture
def run(english_home):
    home, _ = english_home
    runner = CliRunner()

    def invoke(*args):
        result = runner.invoke(app, list(args), env={"JUDGEKIT_HOME": str(home)})
        return result.exit_code, result.stdout, result.stderr

    return invoke


def test_import_report(english_home):
    _, report = english_home
    assert "版式 english：规则 2381 条" in report
    assert "无法归位的行 0；重复编号 0" in report


def test_editions_count(run):
    counts = {row["id"]: row["rules"] for row in json.loads(run("editions", "--json")[1])}
    assert counts["en-2026-07-16"] == 2381
    assert counts["zh-2026-10-10"] == 83  # the bundled editions are untouched


def test_faq_citations_resolve_in_the_same_numbering(run):
    _code, out, _ = run("faq", "show", "3", "--json")
    citation = json.loads(out)["citations"][0]
    assert citation["edition"] == "zh-2026-07-17"
    assert [r["edition"] for r in citation["resolved"]] == ["en-2026-07-16"]
    assert citation["resolved"][0]["ref"] == "370.1"


def test_rule_lists_the_faq_that_cites_it(run):
    code, out, _ = run("rule", "054.2", "-e", "en-2026-07-16", "--json")
    data = json.loads(out)
    printed = next(line for line in read(ENGLISH_RULES).splitlines() if line.startswith("054.2. "))
    assert code == 0 and data["text"] == printed.removeprefix("054.2. ")
    assert [f["id"] for f in data["cited_by"]] == [25]
    # the current edition's 054.2 is another numbering: the FAQ does not cite it
    assert json.loads(run("rule", "054.2", "--json")[1])["cited_by"] == []


def test_cite_lists_the_faq_entries(run):
    code, out, _ = run("cite", "370.1", "-e", "en-2026-07-16")
    assert code == 0 and "【规则 370.1】Riftbound Core Rules v1.4" in out
    assert "引用本条的 FAQ：FAQ 3（370.1、370.1.b）" in out
    code, out, _ = run("cite", "370.1", "-e", "en-2026-07-16", "--format", "markdown")
    assert "- 引用本条的 FAQ 3（370.1、370.1.b）：" in out


@pytest.mark.parametrize("name, number", KEYWORDS.items())
def test_english_keyword_definition_first(run, name, number):
    _code, out, _ = run("search", name, "--edition", "en-2026-07-16", "--limit", "1", "--json")
    first = json.loads(out)[0]
    assert first["ref"] == str(number) or first["ref"].startswith(f"{number}.")


def test_english_query_finds_both_languages(run):
    hits = json.loads(run("search", "Repeat", "--limit", "30", "--json")[1])
    assert {"zh-2026-10-10", "en-2026-07-16"} <= {hit["edition"] for hit in hits}


def _keyword_headings() -> dict[str, str]:
    """The keyword glossary chapter (804) of the English rules: heading → number (805 Accelerate … 829 Flow)."""
    return {m.group(2): m.group(1) for m in re.finditer(r"^(8[0-2]\d)\. (\S[^\n]*)$", read(ENGLISH_RULES), re.MULTILINE)
            if 805 <= int(m.group(1)) <= 829}


def test_every_keyword_of_the_glossary_chapter_is_a_glossary_term():
    headings = _keyword_headings()
    assert len(headings) == 25
    assert set(headings) - {term["en"] for term in bundled_glossary()} == set()


@pytest.fixture(scope="module")
def cards_home(english_home, tmp_path_factory):
    """The English rules' home with the reference card files imported as well (a copy: search would use the cards)."""
    home = tmp_path_factory.mktemp("english-cards") / "home"
    shutil.copytree(english_home[0], home)
    result = CliRunner().invoke(app, ["import", str(REFERENCE / "cards")], env={"JUDGEKIT_HOME": str(home)})
    assert result.exit_code == 0, result.stderr
    return home


@pytest.mark.parametrize("keyword", ["Equip", "Quick-Draw", "Ambush", "Level", "Unique", "Empower", "Flow", "Predict"])
def test_a_cards_keyword_links_to_the_rule_that_defines_it(cards_home, keyword):
    """A keyword a card prints links to its rule: the glossary chapter's, or 436 Predict (a keyword action)."""
    cards = CardStore.open(Workspace(cards_home / "cache", cards_home / "data"))
    row = cards.db.execute("select card_id from card_keywords where name = ? order by card_id", (keyword,)).fetchone()
    assert row, f"no card prints {keyword}"
    result = CliRunner().invoke(app, ["card", row["card_id"], "--json"], env={"JUDGEKIT_HOME": str(cards_home)})
    assert result.exit_code == 0, result.stderr
    printed = next(k for k in json.loads(result.stdout)["keywords"] if k["name"] == keyword)
    number = _keyword_headings().get(keyword, "436")
    assert ("en-2026-07-16", number) in {(r["edition"], r["ref"]) for r in printed["rules"]}
