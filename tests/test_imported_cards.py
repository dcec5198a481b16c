"""Scenarios naming imported cards: printed facts from the card data, did-you-mean and ambiguity errors."""

from __future__ import annotations

import json
import shutil

import pytest
from test_cards import zh_card

from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

CARDS = [
    zh_card("TST·001/100", "铁砧卫士", energy=3, might=2, effect="{{强攻2}}"),
    zh_card("TST·002/100", "雷鸣", "英雄单位", "风暴之子", energy=4, might=3, power=1, effect="{{壁垒}}"),
    zh_card("TST·003/100", "雷鸣", "英雄单位", "静夜行者", energy=5, might=5),
]

SCENARIO = """title: 导入的卡牌
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      base:
        - {{id: 卫士, card: {card}}}
    B: {{}}
  battlefields:
    - name: 东
      controller: B
      units:
        - {{id: 雷鸣, card: 雷鸣 - 风暴之子}}
script:
  - move: 卫士
    to: 东
  - pass:
expect:
  - unit: 雷鸣
    alive: false
  - unit: 卫士
    alive: true
  - battlefield: 东
    controller: A
"""


@pytest.fixture
def card_home(bundled_home, tmp_path, monkeypatch, cli):
    """The bundled home plus a small synthetic card file imported."""
    home = tmp_path / "home"
    shutil.copytree(bundled_home, home)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    catalog = tmp_path / "catalog-zh.json"
    catalog.write_text(json.dumps({"fetchedAt": "2026-04-27", "cards": CARDS}, ensure_ascii=False), "utf-8")
    code, _, err = cli("import", str(catalog))
    assert code == 0, err
    return home


def scenario_naming(card: str, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.format(card=card), encoding="utf-8")
    return path


def test_an_imported_card_brings_its_printed_facts(card_home, tmp_path):
    """Its 强攻 2 makes the 2-might attacker a 4-might one: it kills the 3-might defender and survives."""
    loaded = scenario.load(scenario_naming("铁砧卫士", tmp_path))
    card = loaded.state.cards["铁砧卫士"]
    assert (card.type, card.cost, card.might, card.keywords) == ("unit", 3, 2, (("强攻", 2),))
    trace = runner.run(loaded)
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_the_library_wins_over_the_imported_data(card_home, tmp_path):
    loaded = scenario.load(scenario_naming("警觉的哨兵", tmp_path))
    assert loaded.state.cards["警觉的哨兵"] is scenario.library()["警觉的哨兵"]


def test_a_misspelt_imported_card_gets_did_you_mean(card_home, tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:7: 未知的牌“铁砧卫兵”.*是否指：.*铁砧卫士"):
        scenario.load(scenario_naming("铁砧卫兵", tmp_path))


def test_a_name_several_imported_cards_share_lists_them(card_home, tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:7: .*雷鸣.*风暴之子.*静夜行者"):
        scenario.load(scenario_naming("雷鸣", tmp_path))


def test_a_full_name_picks_one_of_them(card_home, tmp_path):
    card = scenario.load(scenario_naming("雷鸣 - 风暴之子", tmp_path)).state.cards["雷鸣 - 风暴之子"]
    assert (card.type, card.might, card.keywords) == ("champion", 3, (("壁垒", None),))


def test_without_imported_cards_an_unknown_name_points_at_the_library(bundled, tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: 未知的牌“.*library\.yaml"):
        scenario.load(scenario_naming("铁砧卫士", tmp_path))
