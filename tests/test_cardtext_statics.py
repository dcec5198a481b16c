"""Static abilities (issue 16, family cc-static), on synthetic card text (our own sentences, no catalog text): each
wording's tree, the gate and the round trip, and the engine applying it — a gear's static included (148.1.a: an
unattached gear's passive abilities work while it is on the board)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from test_cardtext_triggers import compiles_to

from judgekit.engine.layers import keywords, might

CARDS = [
    # a keyword given only to those without it: Deflect sums (809.2), so one who has it gets no second
    ("gear", "所有被眩晕的敌方单位如未拥有法盾，则额外获得法盾。",
     [{"static": {"grant": "法盾", "to": {"each": {"who": "enemy", "stunned": True, "not": {"keyword": "法盾"}}}}}]),
    ("unit", "此处的其他友方单位如未拥有坚守，则获得坚守。",
     [{"static": {"grant": "坚守", "to": {"each": {"where": "here", "other": True, "who": "friendly",
                                                 "not": {"keyword": "坚守"}}}}}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


def test_only_if_it_has_it_not_is_not_said_of_me():
    from test_cardtext_triggers import _compiled

    assert _compiled("我如未拥有法盾，则额外获得法盾。", "unit").status == "not_understood"


GEAR = """cards:
  示例·碑:
    type: gear
    cost: 2
    abilities:
      - static: {grant: 法盾, to: {each: {who: friendly, buffed: true, not: {keyword: 法盾}}}}
  示例·炉:
    type: gear
    cost: 2
    abilities:
      - {static: {might: 1, to: {each: {who: friendly}}}, while: {not: {empowered: true}}}
      - {static: {might: 2, to: {each: {who: friendly}}}, while: {empowered: true}}
  示例·强化: {type: spell, cost: 0, target: {kind: gear}, effects: [{empower: null}]}
  示例·盾兵: {type: unit, might: 2, keywords: {法盾: null}}
  示例·兵: {type: unit, might: 2}
"""


def test_a_gears_grant_reaches_the_units_it_names_and_gives_no_second_deflect():
    units = ("[{id: 甲, card: 示例·兵, buffs: 1}, {id: 乙, card: 示例·盾兵, buffs: 1}, {id: 丙, card: 示例·兵}]")
    state = board(f"gear: [示例·碑], deck: 3, base: {units}", "deck: 3, base: [{id: 敌, card: 示例·兵, buffs: 1}]")
    _, final = play_scenario(GEAR, state, script="- end_turn:\n")
    assert [keywords(final, final.units[name]).get("法盾") for name in ("甲", "乙", "丙", "敌")] == [1, 1, None, None]


def test_a_gears_might_static_reads_its_own_empowered_status():
    state = board("hand: [示例·强化], deck: 3, gear: [示例·炉], base: [{id: 甲, card: 示例·兵}]", "deck: 3")
    _, before = play_scenario(GEAR, state, script="- end_turn:\n")
    _, after = play_scenario(GEAR, state, script="- play: 示例·强化\n  targets: 示例·炉\n- pass:\n")
    assert (might(before, before.units["甲"]), might(after, after.units["甲"])) == (3, 4)
