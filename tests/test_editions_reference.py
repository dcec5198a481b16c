"""Editions on the real documents: the four English history editions, the 2026-07 Markdown and an FAQ.

Every expected pair below was looked up by hand in ../shared/reference/rules-history (the rule's
text under each number).  A fifth, invented edition (the 2026-07 Markdown dated 2026-09-01 with
809.1.c reworded) plays a future update, so that the examples and the bundled FAQ can go stale.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from conftest import ENGLISH_RULES, REFERENCE, ROOT, needs_reference, read

HISTORY = REFERENCE / "rules-history"
UNLEASHED_FAQ = REFERENCE / "faq" / "zh" / "faq-zh-unleashed-official-2026-04-29.txt"

pytestmark = needs_reference

# v1.3 (2026-03-30) → v1.4 (2026-06-18): movement, recalls, combat, scoring and layers moved by five.
MOVED_IN_V14 = {
    ("440", "445"),  # Movement
    ("441", "446"),  # Moving is a Limited Action.
    ("448", "453"),  # When a Move action is complete, perform a Cleanup.
    ("451", "456"),  # Recalls are not Moves.
    ("454", "459"),  # Combat
    ("460.2.c.3", "465.2.c.3"),  # Units must have lethal damage assigned to them in full …
    ("462", "467"),  # Scoring
    ("464", "469"),  # A player Scores in one of two ways:
    ("465", "470"),  # A player may only Score, from either method, once per Battlefield per turn.
    ("468", "473"),  # Layers
    ("316.4", "316.7"),  # Combat (the turn's combat step)
}


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    folder = tmp_path_factory.mktemp("editions")
    for path in sorted(HISTORY.glob("core-rules-en-v1.*.txt")):
        shutil.copy(path, folder / path.name)
    shutil.copy(ENGLISH_RULES, folder / ENGLISH_RULES.name)
    shutil.copy(UNLEASHED_FAQ, folder / UNLEASHED_FAQ.name)
    future = read(ENGLISH_RULES).replace("2026-07-16", "2026-09-01")
    future = future.replace("809.1.c. It is functionally short for", "809.1.c. It is shorthand for", 1)
    (folder / "core-rules-en-2026-09-01.md").write_text(future, encoding="utf-8")
    home = tmp_path_factory.mktemp("editions-home")
    return home, folder


@pytest.fixture
def run(home, cli, monkeypatch):
    path, folder = home
    monkeypatch.setenv("JUDGEKIT_HOME", str(path))
    if not (path / "data").exists():
        code, _, err = cli("import", str(folder))
        assert code == 0, err
    return cli


def test_v13_to_v14_renumbering_of_movement_and_scoring_is_reported_as_moves(run):
    code, out, _ = run("diff", "en-2026-03-30", "en-2026-06-18", "--json")
    assert code == 0
    report = json.loads(out)
    moved = {(old, new) for c in report["changes"] if c["kind"] == "moved" for old in c["old"] for new in c["new"]}
    assert MOVED_IN_V14 <= moved, MOVED_IN_V14 - moved
    removed = {ref for c in report["changes"] if c["kind"] == "removed" for ref in c["old"]}
    added = {ref for c in report["changes"] if c["kind"] == "added" for ref in c["new"]}
    assert not removed & {old for old, _ in MOVED_IN_V14} and not added & {new for _, new in MOVED_IN_V14}
    assert report["counts"]["moved"] > 400 and report["counts"]["removed"] < report["counts"]["moved"] / 10


def test_diff_prints_counts_first_then_each_change(run):
    code, out, _ = run("diff", "en-2026-03-30", "en-2026-06-18", "--only", "moved")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "en-2026-03-30 → en-2026-06-18"
    assert lines[1].startswith("未变 ") and "移动 " in lines[1] and "删除 " in lines[1]
    assert "  440 → 445  Movement" in lines
    assert "新增：" not in lines and "删除：" not in lines
    code, out, _ = run("diff", "en-2026-03-30", "en-2026-06-18", "--only", "changed", "--format", "markdown")
    assert out.startswith("## en-2026-03-30 → en-2026-06-18") and "~~" in out and "**" in out


def test_a_diff_over_several_editions_names_the_editions_between(run):
    code, out, _ = run("diff", "en-2025-12-01", "en-2026-07-16", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["via"] == ["en-2026-03-30", "en-2026-06-18"]
    deflect = next(c for c in report["changes"] if c["old"] == ["735.1.c"])
    assert deflect["kind"] == "moved" and deflect["new"] == ["809.1.c"] and deflect["text_changed"]


def test_an_old_number_given_with_its_edition_is_deflect_and_says_where_it_lives_now(run):
    code, out, _ = run("rule", "735.1.c", "--edition", "en-2025-12-01")
    assert code == 0 and "Deflect" in out and "现行编号：809.1.c（en-2026-09-01）" in out
    code, out, _ = run("rule", "735.1.c", "--as-of", "2026-01-14")
    assert code == 0 and out.startswith("规则 735.1.c  ·  en-2025-12-01") and "Deflect" in out
    assert "现行编号：809.1.c（en-2026-09-01）" in out
    code, out, _ = run("rule", "735.1.c", "--as-of", "2026-01-14", "--json")
    assert json.loads(out)["now"] == {"edition": "en-2026-09-01", "refs": ["809.1.c"]}


def test_history_shows_the_rule_in_every_edition(run):
    code, out, _ = run("rule", "809.1.c", "-e", "en-2026-07-16", "--history", "--json")
    assert code == 0
    places = {p["edition"]: p for p in json.loads(out)["editions"]}
    assert places["en-2025-10-01"]["refs"] == ["725.1.c"]
    assert places["en-2025-12-01"]["refs"] == ["735.1.c"] and places["en-2025-12-01"]["change"] == "moved"
    assert places["en-2026-03-30"]["refs"] == ["809.1.c"]
    assert places["en-2026-09-01"]["change"] == "reworded"
    assert ["-", "functionally short"] in places["en-2026-09-01"]["diff"]


def test_newest_edition_first(run):
    code, out, _ = run("rule", "820.1", "-e", "en-2026-07-16")
    assert "en-2026-09-01、en-2026-06-18（旧版）" in out
    code, out, _ = run("search", "809.1.c", "--json")
    editions = [hit["edition"] for hit in json.loads(out) if hit["ref"] == "809.1.c"]
    assert editions[0] == "en-2026-09-01" and editions.index("en-2026-03-30") > editions.index("en-2026-06-18")
    code, out, _ = run("search", "735.1.c")
    assert code == 0
    assert "735.1.c  ·  en-2025-12-01（旧版）  ·  现行编号：809.1.c（en-2026-09-01）" in out


def test_faq_citations_resolve_in_their_edition_and_show_todays_number(run):
    code, out, _ = run("faq", "stale", "--json")
    entries = json.loads(out)
    cited = {(c["ref"], tuple(c["refs"]), c["kind"]) for e in entries for c in e["changed"]}
    assert ("460.2.c.3", ("465.2.c.3",), "moved") in cited  # the Unleashed FAQ cites v1.3 numbers
    assert all(e["edition"] == "en-2026-03-30" for e in entries)  # the bundled FAQ's rules did not change
    faq_id = next(e["faq_id"] for e in entries if any(c["ref"] == "460.2.c.3" for c in e["changed"]))
    code, out, _ = run("faq", "show", str(faq_id))
    assert code == 0 and "现行编号：465.2.c.3（en-2026-09-01）" in out


def _citing(folder, number: str) -> set[str]:
    """Scenario files of *folder* whose `cites:` name *number* (read from the YAML text)."""
    pattern = re.compile(rf"cites:.*(?<![\d.]){re.escape(number)}(?![.\w])")
    return {path.name for path in folder.glob("*.yaml") if pattern.search(read(path))}


def test_run_check_flags_the_scenarios_citing_a_rule_reworded_since(run):
    folder = ROOT / "examples" / "disputes"
    code, out, _ = run("run", "--check", str(folder))
    assert code == 0
    flagged, current = set(), None
    for line in out.splitlines():
        if not line.startswith(" "):
            current = line.split()[1].split("（")[0] if len(line.split()) > 1 else None
        elif "过时引用" in line:
            assert "809.1.c（en-2026-09-01）改写" in line, line
            flagged.add(current)
    assert flagged == _citing(folder, "809.1.c") and flagged
