"""A tag named as the card is played (763, 135.2.b.3): card-level ``name_tag`` — any tag a card has, or one of a list
(``from``), the unit's own from then on with ``gain``; ``tag: {named: true}`` in a filter is the tag its source named.

Synthetic cards only; the trees, the round trip, both languages, what is refused, and the engine reading the tag."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioError, ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

GEAR_ZH = "打出此牌时，宣告一种属性标签。\n横置：让一名具有该属性标签的单位在本回合内战力-3。"
GEAR_EN = "As you play this, name a tag.\nExhaust: Give a unit with the named tag -3 Might this turn."
UNIT_ZH = "当你打出我时，从“猫科”、“犬形”或“鸟类”属性标签中选择一个。我获得该属性标签。"
UNIT_EN = "As you play me, choose Cat, Dog, or Bird. I gain that tag."
NAMED = {"tag": {"named": True}}


def _compiled(text: str, card_type: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, {"type": card_type, "cost": 1, "might": 2}, "试验牌"))


@pytest.mark.parametrize("language, text", [("zh", GEAR_ZH), ("en", GEAR_EN)])
def test_a_gear_names_any_tag_and_its_ability_chooses_a_unit_with_it(language, text):
    result = _compiled(text, "gear", language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["name_tag"] == {}
    assert result.tree["abilities"] == [{"cost": {"exhaust": True}, "target": NAMED, "effects": [{"might": -3}]}]
    assert _compiled(result.understood, "gear").tree == result.tree, result.understood


@pytest.mark.parametrize("language, text", [("zh", UNIT_ZH), ("en", UNIT_EN)])
def test_a_unit_names_one_of_a_list_and_gains_it(language, text):
    result = _compiled(text, "unit", language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["name_tag"] == {"from": ["猫科", "犬形", "鸟类"], "gain": True}
    assert _compiled(result.understood, "unit").tree == result.tree, result.understood


def test_the_named_tag_is_not_read_without_a_tag_named_nor_gained_by_a_gear():
    assert _compiled("横置：让一名具有该属性标签的单位在本回合内战力-3。", "gear").status == "not_understood"
    assert _compiled("打出此牌时，从“猫科”或“鸟类”属性标签中选择一个。我获得该属性标签。", "gear").status == "not_understood"


BOARD = """\
title: 宣告属性标签
cards:
  名单: GEAR
  灵猫: UNIT
  猫: {type: unit, might: 4, tags: [猫科]}
  狗: {type: unit, might: 4, tags: [犬形]}
  捕猫: {type: spell, cost: 1, target: {tag: 猫科}, effects: [{kill: null}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [名单, 灵猫, 捕猫]
      runes: 3
      base: [{id: 甲, card: 猫}, {id: 乙, card: 狗}]
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


def _board(script: str, expect: str = "  []") -> str:
    gear = json.dumps({"type": "gear", "cost": 1, **_compiled(GEAR_ZH, "gear").tree}, ensure_ascii=False)
    unit = json.dumps({"type": "unit", "cost": 1, "might": 2, **_compiled(UNIT_ZH, "unit").tree}, ensure_ascii=False)
    return BOARD.replace("GEAR", gear).replace("UNIT", unit).replace("SCRIPT", script).replace("EXPECT", expect)


ACTIVATE = "  - play: 名单\n    name_tag: 犬形\n  - activate: 名单\n    ability: ability1\n    targets: {target}\n  - pass:\n"


def test_the_gears_ability_takes_a_unit_with_the_tag_it_named():
    trace, _ = play(parse(_board(ACTIVATE.format(target="乙"), "  - unit: 乙\n    might: 1\n  - cites: [135.2.b.3, 763]"), "t.yaml"))
    assert trace.passed
    with pytest.raises(ScenarioStopped, match="有效目标"):  # 甲 is a Cat: not the tag named
        play(parse(_board(ACTIVATE.format(target="甲")), "t.yaml"))


@pytest.mark.parametrize("named, legal", [("猫科", True), ("鸟类", False)])
def test_the_unit_has_the_tag_it_named(named, legal):
    script = f"  - play: 灵猫\n    name_tag: {named}\n  - play: 捕猫\n    targets: 灵猫\n  - pass:\n"
    if legal:
        trace, _ = play(parse(_board(script, "  - unit: 灵猫\n    alive: false"), "t.yaml"))
        assert trace.passed
    else:
        with pytest.raises(ScenarioStopped, match="有效目标"):
            play(parse(_board(script), "t.yaml"))


def test_a_tag_not_offered_or_unsaid_is_refused_and_a_list_defaults_to_its_first():
    with pytest.raises(ScenarioStopped, match="763"):
        play(parse(_board("  - play: 灵猫\n    name_tag: 魄罗\n"), "t.yaml"))
    with pytest.raises(ScenarioStopped, match="name_tag"):  # any tag: the script must say which
        play(parse(_board("  - play: 名单\n"), "t.yaml"))
    trace, _ = play(parse(_board("  - play: 灵猫\n  - play: 捕猫\n    targets: 灵猫\n  - pass:\n",
                                 "  - unit: 灵猫\n    alive: false"), "t.yaml"))  # 猫科, the list's first: a default
    assert trace.passed


def test_the_named_tag_without_name_tag_is_refused_in_a_scenario():
    card = '{type: gear, cost: 1, abilities: [{cost: {exhaust: true}, target: {tag: {named: true}}, effects: [{might: -3}]}]}'
    with pytest.raises(ScenarioError, match="name_tag"):
        parse(BOARD.replace("GEAR", card).replace("UNIT", "{type: unit, might: 1}").replace("SCRIPT", "  []").replace(
            "EXPECT", "  []").replace("script:\n  []", "script: []"), "t.yaml")
