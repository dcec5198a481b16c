"""The compiler's forms of where a unit was played from, of events seen from elsewhere than the board, and of the
top of the deck (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine
runs it), the round trip (the rendering compiles to the same tree), both languages where both are read; then the
tree run in a scenario, so it does what the card says and not otherwise.
"""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from conftest import flow as _flow

from judgekit.cardtext import CardSource, compile_card


def _compiled(text: str, card_type: str = "unit", language: str = ""):
    language = language or ("en" if text.isascii() else "zh")
    return compile_card(CardSource("T-310", language, text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type, "zh")
    assert again.tree == result.tree, result.understood
    return result.tree


# -- where a unit was played from (355.2; the unit's ``played_from``) ---------------------------------------------

NOT_FROM_HAND = {"who": "friendly", "played_from": {"not": "hand"}}
PLAYED_ELSEWHERE = [
    ("从手牌以外的位置被打出的友方单位获得急速。", {"grant": "急速", "to": {"each": NOT_FROM_HAND}}),
    ("所有从手牌以外位置被打出的友方单位获得强攻。", {"grant": "强攻", "to": {"each": NOT_FROM_HAND}}),
    ("Friendly units played from anywhere other than a player's hand have Accelerate.",
     {"grant": "急速", "to": {"each": NOT_FROM_HAND}}),
    ("Your units played from anywhere other than your hand have Assault.", {"grant": "强攻", "to": {"each": NOT_FROM_HAND}}),
]


@pytest.mark.parametrize(("text", "static"), PLAYED_ELSEWHERE, ids=[text for text, _ in PLAYED_ELSEWHERE])
def test_units_played_from_anywhere_but_a_hand_are_a_filter_of_the_static_in_both_languages(text, static):
    assert _round_trip(text)["abilities"] == [{"static": static}]


def test_played_from_a_hand_is_no_state_the_grammar_invents():
    assert _compiled("从手牌中被打出的友方单位获得急速。").status == "not_understood"


CARDS = """cards:
  试验牌: TREE
  唤回者:
    type: unit
    might: 1
    abilities:
      - trigger: played
        effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true}}]
  步兵: {type: unit, might: 2, domains: [炽烈]}
"""


def test_a_unit_played_from_the_trash_is_offered_the_accelerate_the_compiled_static_gives():
    # 805.1.a: 唤回者 (from hand: no Accelerate) plays 步兵 from the trash; 步兵 has Accelerate as it enters, paid
    tree = {**_round_trip(PLAYED_ELSEWHERE[0][0]), "cost": 2}
    state = board("hand: [唤回者], trash: [步兵], base: [{id: 试, card: 试验牌}], energy: 1, power: {炽烈: 1}")
    _, final = play_scenario(CARDS.replace("TREE", _flow(tree)), state,
                             script="- play: 唤回者\n- pass:\n  accelerate: true\n")
    assert not final.units["步兵"].exhausted and final.players["A"].energy == 0
    assert final.units["唤回者"].exhausted
