"""Tournament rules as a document kind of their own, penalties and the event log, on a synthetic document.

tests/tournament/tournament-rules-sample.txt is written for these tests (its wording is invented; its
thresholds differ from the real editions': 2 of one kind, 4 in total at competitive, 3 at professional),
so that nothing here depends on ../shared/reference or on numbers the code could have been tuned to.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import heavy_modules_loaded
from typer.testing import CliRunner

from judgekit.cli import app

SAMPLE = Path(__file__).parent / "tournament" / "tournament-rules-sample.txt"
NEWEST = "tournament-en-2030-01-15"
OLDER = "tournament-en-2029-01-15"


def run(home: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"JUDGEKIT_HOME": str(home)})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    """A home with an older edition of the sample imported first, then the sample itself."""
    folder = tmp_path_factory.mktemp("sample")
    older = folder / "tournament-rules-older.txt"
    text = SAMPLE.read_text(encoding="utf-8")
    older.write_text(text.replace("1/15/2030", "1/15/2029").replace("sees more cards", "looks at more cards"),
                     encoding="utf-8")
    home = tmp_path_factory.mktemp("tournament-home")
    for document in (older, SAMPLE):
        code, _, stderr = run(home, "import", str(document))
        assert code == 0, stderr
    return home


@pytest.fixture
def home(imported) -> Path:
    """The imported home with an empty event log."""
    (imported / "data" / "events.db").unlink(missing_ok=True)
    return imported


# -- the document kind ----------------------------------------------------------------


def test_the_header_makes_it_a_tournament_document(imported):
    manifest = json.loads((imported / "data" / "imports" / "manifest.json").read_text(encoding="utf-8"))
    assert {(d["edition"], d["kind"]) for d in manifest["documents"]} == {(NEWEST, "tournament"), (OLDER, "tournament")}


def test_rule_does_not_answer_with_a_tournament_rule_and_tr_does(imported):
    code, _, stderr = run(imported, "rule", "702.4")  # the bundled early core rules stop at 702.3.a
    assert code == 1 and NEWEST not in stderr and OLDER not in stderr
    code, stdout, _ = run(imported, "rule", "702.3")
    assert code == 0 and stdout.startswith("规则 702.3  ·  zh-earlier") and NEWEST not in stdout
    code, stdout, _ = run(imported, "tr", "702.3")
    assert code == 0
    assert stdout.startswith(f"赛事规则 702.3  ·  {NEWEST}")
    assert "Game Play Errors" in stdout and "702.3.a.1" in stdout  # breadcrumb, children
    assert f"其他版本也有编号 702.3：{OLDER}" in stdout


def test_tr_json_and_an_older_edition(imported):
    code, stdout, _ = run(imported, "tr", "702.3", "--json", "--edition", OLDER)
    view = json.loads(stdout)
    assert code == 0 and view["kind"] == "tournament" and view["edition"] == OLDER
    assert "looks at more cards" in view["text"]
    assert [child["ref"] for child in view["children"]] == ["702.3.a"]


def test_an_edition_of_the_other_document_is_refused(imported):
    code, _, stderr = run(imported, "tr", "820.1", "--edition", "zh-2026-10-10")
    assert code == 1 and "judgekit rule" in stderr
    code, _, stderr = run(imported, "rule", "702.3", "--edition", NEWEST)
    assert code == 1 and "judgekit tr" in stderr


def test_tournament_rules_cannot_join_a_core_rules_edition(imported, tmp_path):
    code, _, stderr = run(imported, "import", str(SAMPLE), "--edition", "en-2026-07-16")
    assert code == 1 and "核心规则的版本" in stderr


def test_search_labels_tournament_rules_and_shows_the_newest_edition_with_the_older_folded_in(imported):
    code, stdout, _ = run(imported, "search", "--kind", "tr", "extra", "cards", "--json")
    hits = json.loads(stdout)
    assert code == 0 and hits and {hit["kind"] for hit in hits} == {"tr"}
    shown = [hit for hit in hits if hit["ref"] == "702.3"]  # the older edition folded into the newest's hit
    assert [hit["edition"] for hit in shown] == [NEWEST] and shown[0]["older"] == [{"edition": OLDER, "ref": "702.3"}]
    code, stdout, _ = run(imported, "search", "Peeking", "extra", "cards")
    assert code == 0 and f"[赛事规则] 702.3  ·  {NEWEST}" in stdout


def test_cite_names_tournament_and_core_rules(imported):
    code, stdout, stderr = run(imported, "cite", "tr:702.3", "820.1")
    assert code == 0, stderr
    assert "【赛事规则 702.3】" in stdout and "【规则 820.1】" in stdout
    code, stdout, _ = run(imported, "cite", "tr:702.3", "820.1", "--format", "json")
    kinds = [(item["ref"], item["kind"]) for item in json.loads(stdout)]
    assert kinds == [("702.3", "tournament"), ("820.1", "rules")]


# -- penalties ------------------------------------------------------------------------------


def penalty(home: Path, *args: str) -> dict:
    code, stdout, stderr = run(home, "penalty", *args, "--json")
    assert code == 0, stderr
    return json.loads(stdout)


@pytest.mark.parametrize("query, ref", [
    ("702.3", "702.3"), ("702.3.a.1", "702.3"), ("Peeking at Extra Cards", "702.3"), ("slow play", "703.2"),
    ("拖延比赛", "703.2"), ("拖延比賽", "703.2"), ("他打得太慢", "703.2"), ("赌博", "704.3"), ("Arriving Late", "703.3"),
])
def test_an_infraction_is_found_by_number_name_or_chinese_words(imported, query, ref):
    assert penalty(imported, query)["ref"] == ref


def test_a_penalty_lookup_shows_category_default_remedies_and_upgrades(imported):
    item = penalty(imported, "702.3")
    assert item["edition"] == NEWEST and item["category"]["ref"] == "702"
    assert item["default_penalty"] == "Warning"
    assert [r["ref"] for r in item["remedies"]] == ["702.3.a", "702.3.a.1"]
    assert [(u["ref"], u["scope"], u["count"]) for u in item["upgrades"]] == [
        ("702.1.b.1", "same", 2), ("702.1.b.2", "total", 4), ("702.1.b.3", "total", 3)]
    code, stdout, _ = run(imported, "penalty", "702.3")
    assert code == 0 and "默认处罚：Warning（警告）" in stdout and "本项目所拟" in stdout and "104.2" in stdout


def test_the_opl_chooses_the_rules_shown(imported):
    casual = penalty(imported, "702.4", "--opl", "local")
    professional = penalty(imported, "702.4", "--opl", "professional")
    assert casual["opl"] == "casual" and [u["ref"] for u in casual["upgrades"]] == ["702.1.b.1"]
    assert [c["ref"] for c in casual["conditions"]] == []
    assert [c["ref"] for c in professional["conditions"]] == ["702.4.b"]
    assert [u["ref"] for u in professional["upgrades"]] == ["702.1.b.1", "702.1.b.3"]


def test_a_penalty_lookup_loads_no_search_machinery(imported):
    assert heavy_modules_loaded(imported, "penalty", "拖延比赛") == []


def test_an_older_edition_on_request(imported):
    assert "looks at more cards" in penalty(imported, "702.3", "--edition", OLDER)["text"]


def test_an_excepted_infraction_says_it_never_upgrades(imported):
    assert penalty(imported, "702.9")["exempt"] == ["702.1.b.1", "702.9.a"]


def test_an_unknown_infraction_gets_the_closest_ones(imported):
    assert penalty(imported, "Peeking at Extra Card")["ref"] == "702.3"  # the query inside one name
    code, _, stderr = run(imported, "penalty", "Peking at cards")
    assert code == 1 and "你是不是要找" in stderr and "702.3 Peeking at Extra Cards" in stderr
    code, _, stderr = run(imported, "penalty", "error")  # inside two names
    assert code == 1 and "可能指 2 种违规" in stderr and "702.9" in stderr and "703.4" in stderr


def test_an_unknown_opl_is_a_usage_error(imported):
    code, _, stderr = run(imported, "penalty", "702.3", "--opl", "regional")
    assert code == 2 and "casual" in stderr and "Traceback" not in stderr


# -- the event log --------------------------------------------------------------------------


def record(home: Path, player: str, infraction: str, *more: str) -> dict:
    code, stdout, stderr = run(home, "penalty", "record", player, infraction, *more, "--json")
    assert code == 0, stderr
    return json.loads(stdout)


def given(home: Path, opl: str, records: list[tuple[str, ...]]) -> list[tuple[str, list[str]]]:
    assert run(home, "event", "new", f"event-{opl}", "--opl", opl)[0] == 0
    return [(r["penalty"], r["upgraded_by"]) for r in (record(home, *each) for each in records)]


def test_the_same_infraction_upgrades_at_its_threshold_at_every_opl(home):
    for opl in ("casual", "competitive", "professional"):
        assert given(home, opl, [("A", "702.3"), ("A", "702.3")]) == [
            ("Warning", []), ("Game Loss", ["702.1.b.1"])], opl


def test_the_total_upgrades_only_where_its_opl_says_so(home):
    different = [("A", "702.3"), ("A", "702.4"), ("A", "702.2", "--penalty", "warning"), ("A", "702.9")]
    assert given(home, "casual", different) == [("Warning", [])] * 4
    assert given(home, "competitive", different) == [("Warning", [])] * 4  # the 4th, 702.9, never upgrades
    assert given(home, "professional", different[:3]) == [("Warning", [])] * 2 + [("Game Loss", ["702.1.b.3"])]


def test_an_exempt_infraction_counts_towards_the_total(home):
    records = [("A", "702.9"), ("A", "702.9"), ("A", "702.9"), ("A", "702.3")]
    assert given(home, "competitive", records) == [("Warning", [])] * 3 + [("Game Loss", ["702.1.b.2"])]


def test_no_penalty_infractions_do_not_count_and_players_are_apart(home):
    records = [("A", "702.2"), ("A", "702.2"), ("B", "702.3"), ("A", "702.3"), ("B", "702.3")]
    assert given(home, "professional", records) == [
        ("No Penalty", []), ("No Penalty", []), ("Warning", []), ("Warning", []), ("Game Loss", ["702.1.b.1"])]
    code, stdout, _ = run(home, "event", "log", "--player", "B", "--format", "json")
    assert code == 0 and [(r["player"], r["penalty"]) for r in json.loads(stdout)["records"]] == [
        ("B", "Warning"), ("B", "Game Loss")]


def test_each_category_has_its_own_rules(home):
    records = [("A", "703.2"), ("A", "703.2"), ("A", "703.2"), ("A", "704.2"), ("A", "704.2")]
    assert given(home, "casual", records) == [
        ("Warning", []), ("Warning", []), ("Game Loss", ["703.1.b"]), ("Warning", []), ("Game Loss", ["704.1.b"])]


def test_the_log_exports_what_was_recorded(home):
    given(home, "competitive", [("张三", "拖延比赛", "--round", "2", "--note", "第二轮 超时")])
    code, stdout, _ = run(home, "event", "log", "--format", "json")
    log = json.loads(stdout)
    assert code == 0 and log["event"]["opl"] == "competitive"
    [entry] = log["records"]
    assert (entry["player"], entry["infraction"], entry["round"], entry["note"], entry["edition"]) == (
        "张三", "703.2", 2, "第二轮 超时", NEWEST)
    code, stdout, _ = run(home, "event", "log", "--format", "csv")
    assert stdout.splitlines()[0].startswith("id,recorded_at,round,player,infraction")
    assert ",张三,703.2,Slow Play,Warning,Warning,," in stdout
    code, stdout, _ = run(home, "event", "log", "--format", "markdown")
    assert "| 张三 | 703.2 Slow Play | Warning |" in stdout


@pytest.mark.parametrize("args, message", [
    (("penalty", "record", "A", "702.3"), "event new"),
    (("event", "new", "x", "--opl", "regional"), "casual"),
    (("event", "log"), "event new"),
    (("event", "log", "--format", "xml"), "csv"),
])
def test_bad_input_is_a_usage_error(home, args, message):
    code, _, stderr = run(home, *args)
    assert code == 2 and message in stderr and "Traceback" not in stderr


def test_a_failed_record_leaves_the_log_as_it_was(home):
    given(home, "casual", [("A", "702.3")])
    assert run(home, "penalty", "record", "A", "Peking at cards")[0] == 1
    code, _, stderr = run(home, "penalty", "record", "A", "703.3")  # no default penalty: --penalty needed
    assert code == 2 and "--penalty" in stderr and "703.3.a" in stderr
    assert run(home, "event", "new", "event-casual", "--opl", "casual")[0] == 2  # it exists already
    assert len(json.loads(run(home, "event", "log", "--format", "json")[1])["records"]) == 1


def test_an_interrupted_record_writes_nothing(home, monkeypatch):
    from judgekit.corpus import Workspace, load
    from judgekit.index.store import Store
    from judgekit.tournament import commands, events, names

    given(home, "casual", [("A", "702.3")])
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    workspace = Workspace.default()
    guide = commands.guide(Store.open(workspace, load(workspace)))

    def broken(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(events, "decide", broken)
    with pytest.raises(KeyboardInterrupt):
        events.record(workspace, guide, "B", names.find(guide, "702.4"), "Warning")
    assert [r["player"] for r in events.log(workspace)[1]] == ["A"]


def test_two_judges_recording_at_once_both_count(home):
    assert run(home, "event", "new", "together", "--opl", "casual")[0] == 0
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "JUDGEKIT_HOME": str(home), "PYTHONPATH": str(root)}
    judges = [subprocess.Popen([sys.executable, "-m", "judgekit", "penalty", "record", "A", "702.3"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    assert [judge.wait(timeout=60) for judge in judges] == [0, 0]
    penalties = sorted(r["penalty"] for r in json.loads(run(home, "event", "log", "--format", "json")[1])["records"])
    assert penalties == ["Game Loss", "Warning"]


def test_an_import_lists_the_lines_it_could_not_place(tmp_path):
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    garbled = tmp_path / "tournament-rules-garbled.txt"
    garbled.write_text("\n".join([*lines[:2], "@@ page furniture @@", *lines[2:]]), encoding="utf-8")
    code, stdout, stderr = run(tmp_path / "home", "import", str(garbled))
    assert code == 0, stderr
    assert "无法归位的行 1" in stdout and "第 3 行 [unplaced] @@ page furniture @@" in stdout


def test_a_damaged_log_is_reported_and_left_alone(home):
    log = home / "data" / "events.db"
    log.write_bytes(b"not a database" * 100)
    for args in (("event", "log"), ("event", "new", "x", "--opl", "casual"), ("penalty", "record", "A", "702.3")):
        code, _, stderr = run(home, *args)
        assert code == 1 and str(log) in stderr and "Traceback" not in stderr, args
    assert log.read_bytes() == b"not a database" * 100
