"""The three real Tournament Rules editions of ../shared/reference/tournament (skipped without them).

Every infraction of 702–704 is looked up by its number and by the project's Chinese name; the
expected names and default penalties are the headings of the 2026-07-16 edition, read by hand.
The upgrades are those 702.1.b, 703.1.b and 704.1.b state: 3 of one kind at every OPL, 6 in total
at competitive, 5 at professional, 702.17 excepted; 2 of one kind of unsporting conduct.
"""

from __future__ import annotations

import json

import pytest
from conftest import REFERENCE
from typer.testing import CliRunner

from judgekit.cli import app

FOLDER = REFERENCE / "tournament"
pytestmark = pytest.mark.skipif(not FOLDER.is_dir(), reason="../shared/reference is not present on this machine")
NEWEST = "tournament-en-2026-07-16"

INFRACTIONS = [
    ("702.2", "Missed Trigger", "No Penalty", "遗漏触发"),
    ("702.3", "Forgetting to Score a Point", "No Penalty", "忘记得分"),
    ("702.4", "Forgetting to Draw Cards", "No Penalty", "忘记抓牌"),
    ("702.5", "Looking at Extra Cards", "Warning", "多看牌"),
    ("702.6", "Channeling Too Many Runes", "Warning", "多引导符文"),
    ("702.7", "Channeling Too Few Runes", "No Penalty", "少引导符文"),
    ("702.8", "Overpayment for Cost", "No Penalty", "多付费用"),
    ("702.9", "Mispayment for Cost", "Warning", "费用支付错误"),
    ("702.10", "Looking at Secret Information", "Warning", "查看秘密信息"),
    ("702.11", "Looking at Opponent Private Information", "Warning", "查看对手私密信息"),
    ("702.12", "Drawing Extra Cards", "Warning", "多抓牌"),
    ("702.13", "Facedown Card Error", "Warning", "面朝下放置错误"),
    ("702.14", "Mulligan Procedure Error", "Warning", "调度程序错误"),
    ("702.15", "Forgetting to Ready During the Awaken Phase", "No Penalty", "唤醒阶段忘记重置"),
    ("702.16", "General Error", "Warning", "一般错误"),
    ("702.17", "Failure to Maintain Game State", "Warning", "未维护游戏状态"),
    ("703.2", "Slow Play", "Warning", "拖延比赛"),
    ("703.3", "Decklist Error", "Game Loss", "卡组登记错误"),
    ("703.4", "Deck Presentation Error", "Warning", "卡组出示错误"),
    ("703.5", "Communication Violation", "Warning", "沟通违规"),
    ("703.6", "Marked Cards", "Warning", "记号牌"),
    ("703.7", "Insufficient Randomization", "Warning", "洗牌不充分"),
    ("703.8", "Late to Match", None, "迟到"),
    ("703.9", "Outside Assistance", None, "场外协助"),
    ("703.10", "Improperly Determining a Winner", "Match Loss", "不当决定胜负"),
    ("704.2", "Unsporting Minor", "Warning", "轻微违背体育精神"),
    ("704.3", "Unsporting Major", "Disqualification", "严重违背体育精神"),
    ("704.4", "Angle Shooting", "Warning", "钻规则空子"),
    ("704.5", "Bribery", "Match Loss", "贿赂"),
    ("704.6", "Wagering", "Disqualification", "赌博"),
    ("704.7", "Theft", "Disqualification", "盗窃"),
    ("704.8", "Cheating", "Disqualification", "作弊"),
]


def run(home, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"JUDGEKIT_HOME": str(home)})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    home = tmp_path_factory.mktemp("tournament-reference")
    code, _, stderr = run(home, "import", str(FOLDER))
    assert code == 0, stderr
    return home


@pytest.fixture
def home(imported):
    (imported / "data" / "events.db").unlink(missing_ok=True)
    return imported


def penalty(home, *args: str) -> dict:
    code, stdout, stderr = run(home, "penalty", *args, "--json")
    assert code == 0, stderr
    return json.loads(stdout)


def test_the_guide_lists_exactly_these_infractions(imported, monkeypatch):
    from judgekit.corpus import Workspace, load
    from judgekit.index.store import Store
    from judgekit.tournament.commands import guide

    monkeypatch.setenv("JUDGEKIT_HOME", str(imported))
    workspace = Workspace.default()
    read = guide(Store.open(workspace, load(workspace)))
    assert [(i.ref, i.name, i.default) for i in read.infractions] == [row[:3] for row in INFRACTIONS]


@pytest.mark.parametrize("ref, name, default, zh", INFRACTIONS, ids=[row[0] for row in INFRACTIONS])
def test_each_infraction_by_number_and_by_its_chinese_name(imported, ref, name, default, zh):
    by_number = penalty(imported, ref)
    assert (by_number["ref"], by_number["name"], by_number["default_penalty"], by_number["name_zh"]) == (
        ref, name, default, zh)
    assert by_number["edition"] == NEWEST
    assert penalty(imported, zh)["ref"] == ref


@pytest.mark.parametrize("words, ref", [
    ("多看了牌", "702.5"), ("忘记抓牌", "702.4"), ("漏了触发", "702.2"), ("迟到", "703.8"), ("卡组登记错误", "703.3"),
    ("他多看了牌怎么办", "702.5"),
])
def test_what_judges_say(imported, words, ref):
    assert penalty(imported, words)["ref"] == ref


def test_the_newest_edition_answers_and_an_older_one_on_request(imported):
    assert "underpaying its requirements" in penalty(imported, "702.9")["text"]
    older = penalty(imported, "702.9", "--edition", "tournament-en-2026-04-29")
    assert "incorrect domain" in older["text"]
    code, stdout, _ = run(imported, "tr", "702.9")
    assert code == 0 and stdout.startswith(f"赛事规则 702.9  ·  {NEWEST}")


def test_search_puts_the_newest_tournament_edition_first(imported):
    code, stdout, _ = run(imported, "search", "--kind", "tr", "Mispayment", "for", "Cost", "--json")
    assert code == 0
    editions = [hit["edition"] for hit in json.loads(stdout) if hit["ref"] == "702.9"]
    assert editions[0] == NEWEST


def given(home, opl: str, records: list[tuple[str, ...]]) -> list[tuple[str, list[str]]]:
    assert run(home, "event", "new", f"event-{opl}", "--opl", opl)[0] == 0
    results = []
    for each in records:
        code, stdout, stderr = run(home, "penalty", "record", *each, "--json")
        assert code == 0, stderr
        results.append((json.loads(stdout)["penalty"], json.loads(stdout)["upgraded_by"]))
    return results


WARNINGS = ["702.5", "702.6", "702.9", "702.10", "702.11", "702.12"]  # six different game play error [Warning]s


@pytest.mark.parametrize("opl", ["casual", "competitive", "professional"])
def test_the_third_of_one_kind_is_a_game_loss_at_every_opl(home, opl):
    assert given(home, opl, [("A", "多看了牌")] * 3) == [("Warning", [])] * 2 + [("Game Loss", ["702.1.b.1"])]


@pytest.mark.parametrize("opl, upgraded", [("casual", None), ("competitive", 6), ("professional", 5)])
def test_the_total_of_game_play_errors_at_each_opl(home, opl, upgraded):
    found = given(home, opl, [("A", ref) for ref in WARNINGS])
    rule = {"competitive": "702.1.b.2", "professional": "702.1.b.3"}.get(opl)
    expected = [("Warning", []) if upgraded is None or n < upgraded else ("Game Loss", [rule])
                for n in range(1, len(WARNINGS) + 1)]
    assert found == expected


def test_failure_to_maintain_game_state_never_upgrades_but_counts(home):
    found = given(home, "professional", [("A", "702.17")] * 4 + [("A", "702.5")])
    assert found == [("Warning", [])] * 4 + [("Game Loss", ["702.1.b.3"])]


def test_tournament_errors_and_unsporting_conduct(home):
    found = given(home, "casual", [("A", "拖延比赛")] * 3 + [("A", "704.2")] * 2)
    assert found == [("Warning", []), ("Warning", []), ("Game Loss", ["703.1.b.1"]), ("Warning", []),
                     ("Game Loss", ["704.1.b"])]


def test_late_to_match_needs_the_penalty_the_judge_chose(home):
    assert run(home, "event", "new", "late", "--opl", "competitive")[0] == 0
    code, _, stderr = run(home, "penalty", "record", "A", "迟到")
    assert code == 2 and "703.8.a" in stderr
    assert given(home, "professional", [("A", "迟到", "--penalty", "警告")]) == [("Warning", [])]
