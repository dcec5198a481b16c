"""“Each Equipment attached to me gives double its base Might bonus” (137.3): the compiled static
``{might_bonus_times: 2}`` in Chinese and English, its round trip, and the engine doubling the printed Might bonus of
each attached gear — once, however many such abilities reach the unit; and “your Equipment each give Assault”
(``{equipment_grant: 强攻}``): each Equipment its controller controls gives its unit the keyword; and returning a
friendly gear to its owner's hand as a mandatory additional cost (357.2).

Synthetic wordings only (our own sentences in the cards' style).
"""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine.layers import explain_might, keywords, might

UNIT = {"type": "unit", "cost": 3, "might": 2}
DOUBLED = [{"static": {"might_bonus_times": 2}}]


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "贴附在我身上的每件武装都提供双倍的基础战力加成。"),
    ("en", "Each Equipment attached to me gives twice its base Might bonus."),
])
def test_the_doubled_bonus_compiles_in_both_languages(language, text):
    result = compile_card(CardSource("T-068", language, text, UNIT, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == DOUBLED
    if language == "zh":  # the rendered Chinese compiles to the same tree
        again = compile_card(CardSource("T-068", "zh", result.understood, UNIT, "试验牌"))
        assert again.tree == result.tree, result.understood


CARDS = """cards:
  示例·刃: {type: gear, cost: 0, tags: [武装], might_bonus: 2}
  示例·盾: {type: gear, cost: 0, tags: [武装], might_bonus: 1}
  示例·匠: {type: unit, cost: 3, might: 3, abilities: ABILITIES}
  示例·兵: {type: unit, cost: 3, might: 3}
"""


def _might(abilities: str, gear: str) -> tuple[int, int, str]:
    state = board(f"deck: 1, base: [{{id: 匠, card: 示例·匠, attached: [{gear}]}}, {{id: 兵, card: 示例·兵}}]")
    _, final = play_scenario(CARDS.replace("ABILITIES", abilities), state, script="- end_turn:\n")
    return might(final, final.units["匠"]), might(final, final.units["兵"]), explain_might(final, final.units["匠"])


def test_each_attached_gears_printed_bonus_counts_twice():
    doubled, plain, why = _might("[{static: {might_bonus_times: 2}}]", "示例·刃, 示例·盾")
    assert (doubled, plain) == (3 + 2 * 2 + 2 * 1, 3) and "×2" in why


def test_two_such_abilities_double_once_and_none_leaves_the_bonus_as_printed():
    assert _might("[{static: {might_bonus_times: 2}}, {static: {might_bonus_times: 2}}]", "示例·刃")[0] == 3 + 2 * 2
    assert _might("[]", "示例·刃")[0] == 3 + 2



LEGEND = {"type": "legend"}


@pytest.mark.parametrize(("language", "text", "static"), [
    ("zh", "你的每件武装都提供坚守。", {"equipment_grant": "坚守"}),
    ("zh", "你的每件武装都会提供强攻2。", {"equipment_grant": "强攻", "value": 2}),
    ("en", "Your Equipment each give Shield.", {"equipment_grant": "坚守"}),
    ("en", "Your Equipment each give Assault 2.", {"equipment_grant": "强攻", "value": 2}),
])
def test_your_equipment_giving_a_keyword_compiles_in_both_languages(language, text, static):
    result = compile_card(CardSource("T-183", language, text, LEGEND, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{"static": static}]
    if language == "zh":
        again = compile_card(CardSource("T-183", "zh", result.understood, LEGEND, "试验牌"))
        assert again.tree == result.tree, result.understood


GIVERS = """cards:
  示例·枪: {type: legend, abilities: [{static: {equipment_grant: 强攻}}]}
  示例·刃: {type: gear, cost: 0, tags: [武装], might_bonus: 0}
  示例·符: {type: gear, cost: 0, might_bonus: 0}
  示例·兵: {type: unit, cost: 3, might: 3}
"""


@pytest.mark.parametrize(("legend", "gear", "assault"), [
    ("示例·枪", "示例·刃, 示例·刃", 2),  # each Equipment once, Assault values summed (807.2)
    ("示例·枪", "示例·符", None),  # a gear without the Equipment tag is no Equipment (150.1)
    (None, "示例·刃", None),
])
def test_each_of_your_attached_equipment_gives_its_unit_the_keyword(legend, gear, assault):
    mine = f"legend: {legend}, " if legend else ""
    state = board(f"{mine}deck: 1, base: [{{id: 兵, card: 示例·兵, attached: [{gear}]}}]")
    _, final = play_scenario(GIVERS, state, script="- end_turn:\n")
    assert keywords(final, final.units["兵"]).get("强攻") == assault


def test_an_opponents_equipment_gives_nothing_by_your_legend():
    state = board("legend: 示例·枪, deck: 1", "deck: 1, base: [{id: 兵, card: 示例·兵, attached: [示例·刃]}]")
    _, final = play_scenario(GIVERS, state, script="- end_turn:\n")
    assert "强攻" not in keywords(final, final.units["兵"])


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "你必须将一件友方装备返回其拥有者的手牌，作为打出此牌的额外费用。"),
    ("en", "As an additional cost to play this, return a friendly gear to its owner's hand."),
])
def test_returning_a_friendly_gear_as_the_mandatory_additional_cost_compiles(language, text):
    """357.2: the engine's ``additional_cost: {return_to_hand: friendly_gear}`` (tests/test_return_gear_cost.py runs it)."""
    facts = {"type": "unit", "cost": 2, "might": 4}
    result = compile_card(CardSource("T-044", language, text, facts, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["additional_cost"] == {"return_to_hand": "friendly_gear"} and "abilities" not in result.tree
    if language == "zh":
        again = compile_card(CardSource("T-044", "zh", result.understood, facts, "试验牌"))
        assert again.tree == result.tree, result.understood


def test_the_compiled_return_cost_is_paid_with_the_named_gear():
    facts = {"type": "unit", "cost": 0, "might": 4}
    tree = compile_card(CardSource("T-044", "zh", "你必须将一件友方装备返回其拥有者的手牌，作为打出此牌的额外费用。", facts, "试验牌")).tree
    cards = f"cards:\n  示例·盾: {{type: gear, cost: 1}}\n  示例·需: {flow(tree)}\n"
    _, final = play_scenario(cards, board("hand: [示例·需], gear: [示例·盾]"), script="- play: 示例·需\n")
    assert [c.name for c in final.players["A"].hand] == ["示例·盾"] and not final.gear
