"""“Each Equipment attached to me gives double its base Might bonus” (137.3): the compiled static
``{might_bonus_times: 2}`` in Chinese and English, its round trip, and the engine doubling the printed Might bonus of
each attached gear — once, however many such abilities reach the unit.

Synthetic wordings only (our own sentences in the cards' style).
"""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine.layers import explain_might, might

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

