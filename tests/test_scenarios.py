"""Scenario files: the examples, the command, and every way a file can be wrong."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ENGLISH_RULES, ROOT, needs_reference, read, run_broken_scenario

from judgekit.engine.rules import REFS
from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

EXAMPLES = sorted((ROOT / "examples" / "disputes").glob("*.yaml"))


def test_there_are_at_least_fifteen_example_disputes():
    assert len(EXAMPLES) >= 15


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_example_dispute_holds(path):
    trace = runner.run(scenario.load(path))
    failed = [
        f"line {v.line}: {v.description}: expected {v.expected}, got {v.actual}" for v in trace.verdicts if not v.passed
    ]
    assert trace.verdicts and not failed, failed


def test_card_library_loads_and_uses_known_keywords():
    cards = scenario.library()
    assert cards["躁烈的副官"].might == 5 and ("强攻", 1) in cards["躁烈的副官"].keywords
    assert cards["沃利贝尔 - 震怒天声"].triggers["attack"][0] == {"deal": {"amount": 5, "split": True}}


@needs_reference
def test_every_rule_in_the_table_exists_in_the_reference():
    numbers = set(re.findall(r"^(\d{3}(?:\.[0-9a-z]+)*)\.? ", read(ENGLISH_RULES), re.MULTILINE))
    missing = {key: ref.number for key, ref in REFS.items() if ref.number not in numbers}
    assert not missing


def test_rule_table_numbers_are_unique_per_concept():
    numbers = [ref.number for ref in REFS.values()]
    assert len(numbers) == len(set(numbers))


def test_every_rule_in_the_table_is_cited_by_the_engine():
    """A key no module names is a rule no trace can cite: a dead entry, or a duplicate of one in use."""
    folders = [ROOT / "judgekit" / "engine", ROOT / "judgekit" / "scenarios"]  # the engine, and what checks its input
    source = "".join(
        path.read_text(encoding="utf-8") for folder in folders for path in folder.glob("*.py") if path.name != "rules.py"
    )
    named = set(re.findall(r"[\"']([a-z0-9_]+)[\"']", source))
    assert sorted(set(REFS) - named) == []


# -- the command --------------------------------------------------------------


def test_run_prints_steps_rules_board_and_verdicts(bundled, cli):
    code, out, _ = cli("run", str(EXAMPLES[0]))
    assert code == 0
    assert "第 1 步：结算 顺劈，目标：副官" in out and "［规则 477.2.a、807.2 · zh-2026-07-17］" in out
    assert "最终局面" in out and "✓" in out and "引用的规则" in out


def test_run_markdown_and_json_render_the_same_trace(bundled, cli):
    code, markdown, _ = cli("run", str(EXAMPLES[0]), "--format", "markdown")
    assert code == 0 and markdown.startswith("## 争议：") and "### 步骤" in markdown
    code, out, _ = cli("run", str(EXAMPLES[0]), "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["passed"] is True and document["numbering"] == "2026-07"
    cited = [rule["number"] for rule in document["rules"]]
    assert "807.2" in cited and all(number in markdown for number in cited)


def test_explain_says_when_the_local_index_has_no_text(bundled, cli):
    code, out, _ = cli("run", str(EXAMPLES[0]), "--explain")
    assert code == 0 and "本地规则库无此条正文" in out


@needs_reference
def test_explain_prints_rule_text_once_the_english_rules_are_imported(fresh, cli):
    assert cli("import", str(ENGLISH_RULES), "--edition", "en-2026-07-16")[0] == 0
    code, out, _ = cli("run", str(EXAMPLES[0]), "--explain")
    assert code == 0 and "807.2（en-2026-07-16）If a Unit has Assault" in out


def test_failed_expectation_exits_1_with_expected_and_actual(bundled, cli, tmp_path):
    broken = tmp_path / "wrong.yaml"
    broken.write_text(read(EXAMPLES[0]).replace("might: 9", "might: 8"), encoding="utf-8")
    code, out, _ = cli("run", str(broken))
    assert code == 1 and "✗" in out and "战力 = 8" in out and "战力 = 9" in out and "might" not in out


def test_check_runs_a_folder(bundled, cli, tmp_path):
    code, out, _ = cli("run", "--check", str(EXAMPLES[0].parent))
    assert code == 0 and out.count("通过") == len(EXAMPLES)
    (tmp_path / "a.yaml").write_text(read(EXAMPLES[0]), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(read(EXAMPLES[0]).replace("might: 9", "might: 8"), encoding="utf-8")
    assert cli("run", "--check", str(tmp_path))[0] == 1
    (tmp_path / "c.yaml").write_text("title: [", encoding="utf-8")
    code, out, _ = cli("run", "--check", str(tmp_path))
    assert code == 2 and "无效  c.yaml" in out


# -- invalid scenarios: file, line, what was expected; exit code 2 --------------

BASE = """title: t
state:
  players:
    A:
      base:
        - {id: a1, card: 先锋中士}
    B: {}
  battlefields:
    - {name: 东}
script:
  - move: a1
    to: 东
"""


@pytest.mark.parametrize(
    "old, new, line, message",
    [
        ("title: t", "title: t\ncolour: red", 2, "未知字段“colour”"),
        ("    B: {}", "    B: {points: three}", 7, "应为整数"),
        ("card: 先锋中士", "card: 先锋中土", 6, "未知的牌“先锋中土”"),
        ("card: 先锋中士}", "card: 先锋中士, buffs: 2}", 6, "只能有一个增益"),
        ("card: 先锋中士}", "card: 先锋中士, damage: 4}", 6, "致命伤害"),
        ("card: 先锋中士}", "card: 先锋中士, controller: B}", 6, "只能在其控制者的基地"),
        ("card: 先锋中士}", "card: 顺劈}", 6, "不是单位牌"),
        ("    to: 东", "    to: 西", 12, "没有名为“西”的战场"),
        ("  - move: a1", "  - fly: a1", 11, "未知字段“fly”"),
        ("  - move: a1\n    to: 东", "  - move: a1\n    to: 东\n    pass:", 11, "恰有一个动作"),
        ("    to: 东", "    to: 东\n  - move: a1\n    to: base", 13, "不合规则"),
        ("script:", "expect:\n  - unit: a1\n    points: 3\nscript:", 11, "不接受 points"),
        ("    B: {}", "    B: {}\n    C: {}", 3, "需要 2 名玩家"),
        ("title: t", "title: t\ntitle: u", 2, "重复"),
        ("    B: {}", "    B: {points: 8}", 7, "游戏已经结束"),
        ("title: t", "title: t\nmode: 2v2", 2, "需要 4 名玩家"),
        ("state:", "state: [", 4, "不是有效的 YAML"),
    ],
)
def test_invalid_scenarios_say_where_and_why(bundled, cli, tmp_path, old, new, line, message):
    code, out, err = run_broken_scenario(cli, tmp_path, BASE, old, new)
    assert code == 2, out
    assert f"bad.yaml:{line}" in err and message in err and "Traceback" not in err


def test_the_base_scenario_itself_is_valid(bundled, cli, tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert cli("run", str(path))[0] == 0


def test_missing_file_and_wrong_edition_exit_2(bundled, cli, tmp_path):
    code, _, err = cli("run", str(tmp_path / "none.yaml"))
    assert code == 2 and "none.yaml" in err
    path = tmp_path / "edition.yaml"
    path.write_text(BASE.replace("title: t", "title: t\nedition: zh-2026-10-10"), encoding="utf-8")
    code, _, err = cli("run", str(path))
    assert code == 2 and "编号体系" in err
    path.write_text(BASE.replace("title: t", "title: t\nedition: zh-1999"), encoding="utf-8")
    assert cli("run", str(path))[0] == 2


def test_expect_illegal_records_the_refusal(bundled, cli, tmp_path):
    path = tmp_path / "refused.yaml"
    text = BASE + "  - pass:\n  - move: a1\n    to: base\n    expect_illegal: true\nexpect:\n  - cites: 144.2\n"
    path.write_text(text, encoding="utf-8")
    code, out, _ = cli("run", str(path))
    assert code == 0 and "规则不允许" in out
    path.write_text(BASE + "    expect_illegal: true\n", encoding="utf-8")
    code, out, _ = cli("run", str(path))
    assert code == 1 and "应被规则拒绝" in out


def test_a_passing_expect_illegal_prints_its_tick(bundled, cli, tmp_path):
    path = tmp_path / "refused.yaml"
    path.write_text(BASE + "  - pass:\n  - move: a1\n    to: base\n    expect_illegal: true\n", encoding="utf-8")
    code, out, _ = cli("run", str(path))
    assert code == 0 and "✓ 第 3 步“标准移动：a1 → 基地”被规则拒绝：被拒绝" in out


STOPS = BASE + """    expect:
      - unit: a1
        location: 东
  - move: a1
    to: base
expect:
  - unit: a1
    location: 东
"""


def test_a_failed_step_ends_the_run_and_keeps_every_verdict_before_it(bundled, cli, tmp_path):
    path = tmp_path / "stops.yaml"
    path.write_text(STOPS, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 2 and "stops.yaml:16: 第 2 步" in err and "不合规则" in err
    assert "✓ 第 1 步后：a1：位置 = 东" in out and "运行在此中止" in out and "Traceback" not in err
    code, out, _ = cli("run", str(path), "--format", "json")
    document = json.loads(out)
    assert code == 2 and document["passed"] is False and "第 2 步" in document["stopped"]
    assert [v["passed"] for v in document["verdicts"]] == [True]


def test_an_invalid_scenario_under_json_prints_a_json_error(bundled, cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BASE.replace("title: t", "title: t\ncolour: red"), encoding="utf-8")
    code, out, _ = cli("run", str(path), "--format", "json")
    document = json.loads(out)
    assert code == 2 and document["exit_code"] == 2 and "bad.yaml:2" in document["error"] and "colour" in document["error"]


def test_an_expectation_about_a_unit_that_never_was_on_the_board_is_invalid(bundled, cli, tmp_path):
    path = tmp_path / "ghost.yaml"
    path.write_text(BASE + "expect:\n  - unit: 和风贤者\n    alive: false\n", encoding="utf-8")
    code, _, err = cli("run", str(path))
    assert code == 2 and "ghost.yaml:14" in err and "从未在场上出现过" in err


def test_scenario_parse_errors_are_scenario_errors():
    with pytest.raises(ScenarioError):
        scenario.parse("- just a list", "x.yaml")


def test_schema_file_is_json_with_definitions():
    schema = json.loads(read(ROOT / "judgekit" / "scenarios" / "scenario.schema.json"))
    assert {"card", "unit", "action", "expectation", "effect"} <= set(schema["$defs"])


def test_the_documented_example_runs_and_holds(bundled, cli, tmp_path):
    page = read(ROOT / "docs" / "scenarios.md")
    example = re.search(r"## A scenario file\n\n```yaml\n(.*?)```", page, re.DOTALL).group(1)
    path = tmp_path / "readme.yaml"
    path.write_text(example, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 0, out + err
    assert "规则不允许" in out and "312.1.b" in out and "813.1.c.1" in out


def test_pass_with_assign_and_card_with_player_are_one_action_and_one_subject(bundled, cli, tmp_path):
    text = BASE.replace("    B: {}", "    B:\n      base:\n        - {id: b1, card: 强强魄罗}").replace(
        "    - {name: 东}", "    - {name: 东}\n    - {name: 西, controller: B, units: [{id: b2, card: 船坞潜伏者}]}"
    )
    text = text.replace("    to: 东\n", "    to: 西\n  - pass:\n    assign: {A: {b2: 4}, B: {a1: 3}}\n")
    text += "expect:\n  - card: 船坞潜伏者\n    player: B\n    zone: trash\n  - unit: a1\n    damage: 0\n"
    path = tmp_path / "forms.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 0, out + err


def test_a_scenario_can_start_mid_chain(bundled, cli, tmp_path):
    text = """title: 进攻触发仍在结算链上
state:
  players:
    A:
      base:
        - {id: 安妮, card: 安妮 - 汹涌烈焰}
    B: {}
  battlefields:
    - name: 北
      controller: B
      units:
        - {id: 沃利贝尔, card: 沃利贝尔 - 震怒天声, controller: A}
        - {id: r1, card: 随从（德玛西亚）}
        - {id: r2, card: 随从（德玛西亚）}
  chain:
    - {unit: 沃利贝尔, ability: attack}
script:
  - resolve_chain:
    targets: [r1, r2]
    split: {r1: 3, r2: 3}
expect:
  - unit: r1
    alive: false
  - cites: 715.3
"""
    path = tmp_path / "chain.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 0, out + err


def test_a_card_definition_may_say_what_it_approximates_and_the_trace_marks_it(bundled, cli, tmp_path):
    path = tmp_path / "approx.yaml"
    card = "cards:\n  示例·兵:\n    type: unit\n    might: 2\n    approximated: 印刷的“此处”写作基地\nstate:"
    path.write_text(BASE.replace("state:", card, 1), encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 0, out + err
    assert "〔近似〕示例·兵：印刷的“此处”写作基地" in out
    code, out, _ = cli("run", str(path), "--format", "json")
    assert json.loads(out)["approximated"] == {"示例·兵": "印刷的“此处”写作基地"}


CHAIN = """title: t
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [焚烧]
      runes: [炽烈, 炽烈]
    B:
      hand: [训练有素]
      runes: [翠意, 翠意]
  battlefields:
    - name: 东
      controller: B
      units:
        - {id: 潜伏者, card: 船坞潜伏者}
script:
  - play: 焚烧
    targets: 潜伏者
  - pass: A
  - play: 训练有素
    player: B
    targets: 潜伏者
    expect:
      - chain: CHAIN
"""


@pytest.mark.parametrize(
    "chain, passed",
    [
        ("[训练有素, 焚烧]", True),
        ("[{item: 训练有素, controller: B}, {item: '#1', controller: A}]", True),
        ("2", True),
        ("[焚烧, 训练有素]", False),
        ("[{item: 训练有素, controller: A}, 焚烧]", False),
        ("[训练有素]", False),
    ],
)
def test_chain_expectations_check_the_items_their_order_and_controllers(chain, passed):
    trace = runner.run(scenario.parse(CHAIN.replace("CHAIN", chain), "c.yaml"))
    (result,) = trace.verdicts
    assert result.passed is passed, (result.expected, result.actual)
