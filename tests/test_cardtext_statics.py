"""Static abilities and replacements (issue 16, family cc-static), on synthetic card text (our own sentences, no catalog text): each
wording's tree, the gate and the round trip, and the engine applying it — a gear's static included (148.1.a: an
unattached gear's passive abilities work while it is on the board)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from test_cardtext_triggers import _compiled, compiles_to

from judgekit.engine.layers import keywords, might
from judgekit.errors import ScenarioError

CARDS = [
    # a keyword given only to those without it: Deflect sums (809.2), so one who has it gets no second
    ("gear", "所有被眩晕的敌方单位如未拥有壁垒，则额外获得壁垒。",
     [{"static": {"grant": "壁垒", "to": {"each": {"who": "enemy", "stunned": True, "not": {"keyword": "壁垒"}}}}}]),
    # a unit's replacement of the deaths of the units it names (368.1, 369), their state read as they would die
    ("champion", "如果你控制的另一名单位将被摧毁，且该单位的战力低于我，则改为治疗其，让其进入休眠状态，并将该单位召回。",
     [{"replacement": {"event": "die", "recall": True, "affects": {"each": {
         "who": "friendly", "other": True, "might": {"lt": {"might_of": "self"}}}}}}]),
    ("unit", "如果一名友方单位被摧毁，则改为移除其所受伤害，并将其召回。",
     [{"replacement": {"event": "die", "affects": {"each": {"who": "friendly"}}, "recall": True, "exhaust": False}}]),
    # a restriction on the units named: not readied by anything (054.1 over 315.1)
    ("unit", "此处的敌方单位无法变为活跃状态。", [{"static": {"cant": "become_ready", "to": {"each": {"where": "here", "who": "enemy"}}}}]),
    # Temporary not triggering for the units named (054.1 over 816.1.b); “at my battlefield”: here, while I am at one
    ("unit", "你在我所在战场的瞬息效果不会触发。", [{"static": {"cant": "trigger_temporary", "to": {"each": {
        "who": "friendly", "where": "here"}}}, "while": {"at_battlefield": True}}]),
    ("unit", "此处的敌方单位的瞬息效果不会触发。", [{"static": {"cant": "trigger_temporary", "to": {"each": {
        "where": "here", "who": "enemy"}}}}]),
    ("unit", "此处的其他友方单位如未拥有坚守，则获得坚守。",
     [{"static": {"grant": "坚守", "to": {"each": {"where": "here", "other": True, "who": "friendly",
                                                 "not": {"keyword": "坚守"}}}}}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


@pytest.mark.parametrize(("card_type", "text"), [
    ("unit", "我如未拥有游走，则获得游走。"),  # a grant to me on a condition of mine is no filter
    ("unit", "如果最多两名友方单位被摧毁，则改为移除其所受伤害，并将其召回。"),  # a death watched is each unit's own
    ("spell", "如果一名友方单位被摧毁，则改为移除其所受伤害，并将其召回。"),  # a unit's printed replacement only
    ("unit", "如果一名友方单位被摧毁，则改为将其召回。"),  # heal and recall are one step of the engine's
])
def test_a_wording_outside_the_forms_is_not_compiled(card_type, text):
    assert _compiled(text, card_type).status != "compiled"


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


def test_an_attached_gears_static_reads_from_its_unit():
    gear = GEAR.replace("{who: friendly, buffed: true, not: {keyword: 法盾}}", "{who: friendly, where: here, other: true}")
    here = "[{id: 甲, card: 示例·兵, controller: A, attached: [示例·碑]}, {id: 乙, card: 示例·兵, controller: A}]"
    state = board("deck: 3, base: [{id: 家, card: 示例·兵}]", "deck: 3", battlefield=f"name: 北方, units: {here}")
    _, final = play_scenario(gear, state, script="- end_turn:\n")
    assert [keywords(final, final.units[name]).get("法盾") for name in ("甲", "乙", "家")] == [None, 1, None]


def test_a_gears_might_static_reads_its_own_empowered_status():
    state = board("hand: [示例·强化], deck: 3, gear: [示例·炉], base: [{id: 甲, card: 示例·兵}]", "deck: 3")
    _, before = play_scenario(GEAR, state, script="- end_turn:\n")
    _, after = play_scenario(GEAR, state, script="- play: 示例·强化\n  targets: 示例·炉\n- pass:\n")
    assert (might(before, before.units["甲"]), might(after, after.units["甲"])) == (3, 4)


SORAKA = """cards:
  示例·星者:
    type: unit
    might: 4
    abilities:
      - replacement: {event: die, recall: true, affects: {each: {who: friendly, where: here, other: true, might: {lt: {might_of: self}}}}}
  示例·灭: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
  示例·兵: {type: unit, might: 2}
  示例·巨兵: {type: unit, might: 5}
"""


@pytest.mark.parametrize(("dying", "saved"), [("兵", True), ("巨兵", False), ("敌", False), ("家", False), ("星", False)])
def test_a_weaker_friendly_unit_here_is_recalled_instead_of_dying(dying, saved):
    here = ("[{id: 星, card: 示例·星者, controller: A}, {id: 兵, card: 示例·兵, controller: A, damage: 1},"
            " {id: 巨兵, card: 示例·巨兵, controller: A}, {id: 敌, card: 示例·兵, controller: B}]")
    state = board("hand: [示例·灭], deck: 3, base: [{id: 家, card: 示例·兵}]", "deck: 3", battlefield=f"name: 北方, units: {here}")
    _, final = play_scenario(SORAKA, state, script=f"- play: 示例·灭\n  targets: {dying}\n- pass:\n")
    unit = final.units.get(dying)
    assert (unit is not None and unit.location == "base:A" and unit.exhausted and unit.damage == 0) == saved
    assert (unit is None) == (not saved)


def test_a_gear_watching_the_units_a_filter_names_is_refused():
    gear = SORAKA.replace("type: unit\n    might: 4", "type: gear\n    cost: 1")
    with pytest.raises(ScenarioError, match="affects"):
        play_scenario(gear, board("deck: 3", "deck: 3"), script="- end_turn:\n")


def test_enemy_units_here_stay_exhausted_through_their_awaken_phase():
    cards = """cards:
  示例·冰像:
    type: unit
    might: 3
    abilities:
      - static: {cant: become_ready, to: {each: {where: here, who: enemy}}}
  示例·兵: {type: unit, might: 2}
"""
    here = "[{id: 像, card: 示例·冰像, controller: A}, {id: 敌, card: 示例·兵, controller: B, exhausted: true}]"
    state = board("deck: 3", "deck: 3, base: [{id: 家, card: 示例·兵, exhausted: true}]", battlefield=f"name: 北方, units: {here}")
    _, final = play_scenario(cards, state, script="- end_turn:\n")
    assert final.units["敌"].exhausted and not final.units["家"].exhausted


def test_temporary_does_not_kill_the_units_the_static_names():
    cards = """cards:
  示例·幻影:
    type: unit
    might: 3
    abilities:
      - {static: {cant: trigger_temporary, to: {each: {who: friendly, where: here}}}, while: {at_battlefield: true}}
  示例·影: {type: unit, might: 1, keywords: {瞬息: null}}
"""
    here = "[{id: 幻, card: 示例·幻影, controller: B}, {id: 影, card: 示例·影, controller: B}]"
    state = board("deck: 3", "deck: 3, base: [{id: 家影, card: 示例·影}]", battlefield=f"name: 北方, units: {here}")
    trace, final = play_scenario(cards, state, script="- end_turn:\n")
    assert "影" in final.units and "家影" not in final.units and "054.1" in " ".join(trace.cited())
