"""“Discard 1, then deal the discarded card's Energy cost as damage” (``{discarded_cost: true}``, issue 16): the amount
is the Energy cost of the cards the resolution's latest discard instruction discarded (422), its Power cost ignored;
read only after your own discard, on synthetic cards."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.cardtext import CardSource, compile_card

TREE = [{"discard": 1}, {"deal": {"amount": {"discarded_cost": True}}}]
TEXTS = [
    ("zh", "弃置一张手牌，然后对一名敌方单位造成等同于被弃置手牌的法力费用的伤害。"),
    ("zh", "弃置一张手牌。对一名敌方单位造成等同于被弃置的牌的法力费用的伤害。"),
    ("en", "Discard 1. Deal its Energy cost as damage to an enemy unit."),
    ("en", "Discard 1, then deal damage equal to the discarded card's Energy cost to an enemy unit."),
]


def _compiled(language: str, text: str):
    return compile_card(CardSource("T-521", language, text, {"type": "spell", "cost": 1}, "试验牌"))


@pytest.mark.parametrize(("language", "text"), TEXTS, ids=[text for _, text in TEXTS])
def test_the_discarded_cards_cost_compiles_to_its_tree_and_back(language, text):
    result = _compiled(language, text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == TREE and result.tree["target"] == {"who": "enemy"}
    assert _compiled("zh", result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", ["对一名敌方单位造成等同于被弃置手牌的法力费用的伤害。",  # no discard before it
                                  "每名对手弃置一张手牌，然后对一名敌方单位造成等同于被弃置手牌的法力费用的伤害。"])
def test_without_your_discard_before_the_cost_is_not_read(text):
    assert _compiled("zh", text).status != "compiled"


CARDS = """cards:
  示例·怒掷:
    type: spell
    target: enemy_unit
    effects: [{discard: 1}, {deal: {amount: {discarded_cost: true}}}]
  示例·重物: {type: unit, cost: 3, power: 2, might: 3}
  示例·巨人: {type: unit, might: 6}
"""


@pytest.mark.parametrize(("hand", "damage"), [("[示例·怒掷, 示例·重物]", 3), ("[示例·怒掷]", 0)])
def test_the_damage_is_the_discarded_cards_energy_cost(hand, damage):
    state = board(f"hand: {hand}", "base: [{id: 敌, card: 示例·巨人}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·怒掷\n  targets: [敌]\n- pass:\n")
    assert final.units["敌"].damage == damage  # 3 Energy, its Power cost not counted; nothing discarded: 0
    assert "422" in " ".join(trace.cited())
