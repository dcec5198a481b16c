"""Abilities given to units (issue 16, round compiler-control): “让X在本回合内获得“ABILITY””, the quoted text compiled as
a unit's own ability — any ability the compiler reads —, on synthetic cards: tree, round trip, English, and scenarios
where the unit uses the ability it was given, and loses it as the turn ends (477.2.a, 317.2.c)."""

from __future__ import annotations

import pytest
from conftest import board, compiled_in_both, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card


def _compiled(text: str, card_type: str = "spell"):
    return compile_card(CardSource("T-320", "zh", text, {"type": card_type, "cost": 1, "might": 2}, "试验牌"))


DRAW_ON_EXHAUST = {"cost": {"exhaust": True}, "effects": [{"draw": 1}]}
SPELLS = [
    ("让一名友方单位在本回合内获得“横置：抽一张牌。”", {"who": "friendly"}, [{"grant": {"ability": DRAW_ON_EXHAUST}}]),
    # a triggered ability, beside a Might change on the same unit
    ("让一名单位在本回合内战力+1。在本回合内，该单位拥有“当我进攻时，对此处的一名敌方单位造成1点伤害。”", {},
     [{"might": 1}, {"grant": {"ability": {"trigger": "attacked", "target": {"who": "enemy", "where": "here"},
                                           "effects": [{"deal": 1}]}}}]),
    # on every friendly unit here, an activated ability with a Power cost
    ("让此处的所有友方单位在本回合内获得“支付任意符能：让我变为活跃状态。”", None,
     [{"grant": {"ability": {"cost": {"power": 1}, "effects": [{"ready": None}]},
                 "to": {"each": {"who": "friendly", "where": "here"}}}}]),
]


@pytest.mark.parametrize(("text", "target", "effects"), SPELLS, ids=[text for text, _, _ in SPELLS])
def test_a_quoted_ability_given_this_turn_compiles_and_back(text, target, effects):
    result = _compiled(text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree.get("target") == target
    assert result.tree["effects"] == effects
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_a_quoted_text_that_is_no_ability_is_not_read():
    # a keyword (its own form, grant: KEYWORD) or an unreadable sentence in quotes: not read as an ability
    assert _compiled("让一名友方单位在本回合内获得“壁垒”").status == "not_understood"
    assert _compiled("让一名友方单位在本回合内获得“横置：做一件不存在的事。”").status == "not_understood"


def test_the_english_gives_the_same_ability():
    tree = compiled_in_both("让一名友方单位在本回合内获得“横置：抽一张牌。”", 'Give a friendly unit "Exhaust: Draw 1." this turn.',
                            {"type": "spell", "cost": 1})
    assert tree["effects"] == [{"grant": {"ability": DRAW_ON_EXHAUST}}]
    # a leading “This turn,” is each instruction's: the Might and the ability, on the one unit chosen
    tree = compiled_in_both("让一名友方单位在本回合内战力+1，让其在本回合内获得“横置：抽一张牌”。",
                            'This turn, give a friendly unit +1 Might and give it "Exhaust: Draw 1."', {"type": "spell", "cost": 1})
    assert tree["effects"] == [{"might": 1}, {"grant": {"ability": DRAW_ON_EXHAUST}}]


def _cards(text: str) -> str:
    return f"cards:\n  试验牌: {flow(_compiled(text).tree)}\n  兵: {{type: unit, might: 2}}\n  守: {{type: unit, might: 4}}\n"


def test_a_unit_given_an_activated_ability_uses_it_this_turn_and_not_the_next():
    cards = _cards(SPELLS[0][0])
    state = board("hand: [试验牌], energy: 1, deck: 3, base: [{id: 友, card: 兵}]", "deck: 3")
    script = "- play: 试验牌\n  targets: 友\n- pass:\n- activate: 友\n  ability: 获得的技能\n- pass:\n"
    _, final = play_scenario(cards, state, script=script)
    assert len(final.players["A"].hand) == 1 and final.units["友"].exhausted
    later = "- play: 试验牌\n  targets: 友\n- pass:\n- end_turn:\n- end_turn:\n- activate: 友\n  ability: 获得的技能\n" \
        "  expect_illegal: \"380\"\n"
    play_scenario(cards, state, script=later)


def test_a_unit_given_a_triggered_ability_triggers_it_as_its_own():
    cards = _cards(SPELLS[1][0])
    state = board("hand: [试验牌], energy: 1, base: [{id: 友, card: 兵}]", "",
                  "name: 北方, controller: B, units: [{id: 敌, card: 守, controller: B}]")
    script = "- play: 试验牌\n  targets: 友\n- pass:\n- move: 友\n  to: 北方\n- pass:\n"
    trace, final = play_scenario(cards, state, script=script)
    # 1 from the ability it was given as it attacked, then 3 in combat (2 + 1 this turn): 4 kills the 4-Might defender
    assert "敌" not in final.units
    assert any("获得的技能" in event.text for step in trace.steps for event in step.events)
