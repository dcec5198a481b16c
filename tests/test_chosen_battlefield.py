"""A chosen battlefield (170.7; “deal 3 to all enemy units at a battlefield” targets the battlefield, not the units,
355.10.d): ``target: {kind: battlefield, who}`` and the units at it, ``{each: {…, where: there}}``, read as the spell
resolves; named by the script's targets (a battlefield's name), else the first legal one (a default)."""

from __future__ import annotations

import pytest
from conftest import play_scenario, scenario_text

from judgekit.errors import ScenarioError, ScenarioStopped

CARDS = """cards:
  示例·地裂:
    type: spell
    target: {target}
    effects:
      - deal: {amount: 3, to: {each: {who: enemy, where: there}}}
  示例·鼓舞:
    type: spell
    target: {kind: battlefield}
    effects:
      - might: {amount: 1, to: {each: {who: friendly, where: there}}}
      - might: {amount: -1, min: 1, to: {each: {who: enemy, where: there}}}
"""

BOARD = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·地裂, 示例·鼓舞], base: [{id: 甲, card: 先锋中士}]}
    B: {base: [{id: 家, card: 先锋中士}]}
  battlefields:
    - {name: 北, controller: A, units: [{id: 友, card: 先锋中士, controller: A}, {id: 敌一, card: 先锋中士, controller: B}]}
    - {name: 南, controller: B, units: [{id: 敌二, card: 先锋中士, controller: B}]}
"""


def cast(card: str, target: str = "{kind: battlefield}", named: str = "", extra: str = ""):
    targets = f"\n  targets: {named}" if named else ""
    return play_scenario(CARDS.replace("{target}", target), BOARD, script=f"- play: {card}{targets}\n{extra}- pass:\n")


def damage(state) -> dict[str, int]:
    return {unit.id: unit.damage for unit in state.units.values()}


def test_every_enemy_unit_at_the_battlefield_chosen_and_no_other():
    _, state = cast("示例·地裂", named="[南]")
    assert damage(state) == {"甲": 0, "家": 0, "友": 0, "敌一": 0, "敌二": 3}


def test_a_spell_played_names_its_battlefield():
    with pytest.raises(ScenarioStopped, match="须选择1 处战场"):
        cast("示例·地裂")


def test_a_battlefield_an_opponent_controls():
    _, state = cast("示例·地裂", "{kind: battlefield, who: enemy}", "[南]")
    assert (damage(state)["敌一"], damage(state)["敌二"]) == (0, 3)
    with pytest.raises(ScenarioStopped, match="不是 示例·地裂 可以选择的战场"):
        cast("示例·地裂", "{kind: battlefield, who: enemy}", "[北]")


def test_not_a_battlefield():
    with pytest.raises(ScenarioStopped, match="不是 示例·地裂 可以选择的战场"):
        cast("示例·地裂", named="[甲]")


def test_the_units_there_as_it_resolves_not_as_it_was_played():
    # 355.10.d: the units are not targets: a unit moved there in reaction is dealt the damage too
    react = "- pass: A\n- play: 示例·挪移\n  player: B\n  targets: [家]\n"
    cards = CARDS.replace("{target}", "{kind: battlefield}") + """  示例·挪移:
    type: spell
    keywords: {反应: null}
    target: friendly_unit
    effects:
      - move: {to: 南}
"""
    board = BOARD.replace("B: {base:", "B: {hand: [示例·挪移], base:")
    _, state = play_scenario(cards, board, script=f"- play: 示例·地裂\n  targets: [南]\n{react}- pass:\n")
    assert (damage(state)["家"], damage(state)["敌二"], damage(state)["敌一"]) == (3, 3, 0)


def test_friendly_and_enemy_units_there_each_their_own_change():
    _, state = cast("示例·鼓舞", named="[北]")
    mights = {unit.id: unit for unit in state.units.values()}
    from judgekit.engine.layers import might

    assert {name: might(state, unit) for name, unit in mights.items()} == {"甲": 4, "家": 4, "友": 5, "敌一": 3, "敌二": 4}


def test_an_activated_ability_chooses_its_battlefield_as_it_is_activated():
    cards = CARDS.replace("{target}", "{kind: battlefield}") + """  示例·哨塔:
    type: unit
    might: 2
    abilities:
      - cost: {exhaust: true}
        target: {kind: battlefield}
        effects: [{deal: {amount: 1, to: {each: {who: enemy, where: there}}}}]
"""
    board = BOARD.replace("base: [{id: 甲, card: 先锋中士}]", "base: [{id: 甲, card: 先锋中士}, {id: 塔, card: 示例·哨塔}]")
    _, state = play_scenario(cards, board, script="- activate: 塔\n  ability: ability1\n  targets: [南]\n- pass:\n")
    assert (damage(state)["敌一"], damage(state)["敌二"]) == (0, 1)
    _, state = play_scenario(cards, board, script="- activate: 塔\n  ability: ability1\n- pass:\n")  # the first one, a default
    assert (damage(state)["敌一"], damage(state)["敌二"]) == (1, 0)


def test_a_trigger_choosing_a_battlefield_is_refused():
    cards = """cards:
  示例·行者:
    type: unit
    might: 2
    abilities:
      - trigger: moved
        target: {kind: battlefield}
        effects: [{deal: {amount: 1, to: {each: {who: enemy, where: there}}}}]
"""
    with pytest.raises(ScenarioError, match="触发能力选择战场"):
        play_scenario(cards, BOARD, script="- pass:\n")


def test_without_defaults_the_battlefield_is_a_question():
    from judgekit.engine import actions as act
    from judgekit.scenarios.scenario import parse

    text = scenario_text("defaults: false\n", CARDS.replace("{target}", "{kind: battlefield}"), BOARD,
                         script="- play: 示例·地裂\n")
    held = parse(text, "test.yaml").state
    for step in parse(text, "test.yaml").script:
        held, _ = act.apply(held, step.action)
    assert held.question().kind == "play_targets" and held.question().options == (("北",), ("南",))
    chosen, _ = act.apply(held, act.Choose(("南",)))
    for player in ("A", "B"):
        chosen, _ = act.apply(chosen, act.Pass(player))
    assert (damage(chosen)["敌一"], damage(chosen)["敌二"]) == (0, 3)


# -- a spell's battlefield beside its units (170.7, 355.5): each part its own choice, named in order ------------

BESIDE = """cards:
  示例·对视:
    type: spell
    target: [{who: friendly}, {kind: battlefield}]
    effects:
      - move: {what: {each: {who: enemy, where: there, might: {lt: {might_of: {target: 1}}}}}, to: base}
  示例·新月:
    type: spell
    target: [{kind: battlefield}, {who: enemy, where: same_battlefield}]
    effects:
      - deal: {amount: 4, to: {target: 2}}
      - deal: {amount: 1, to: {each: {who: enemy, where: there, other_than_targets: true}}}
  示例·出击:
    type: spell
    target: [{who: friendly, where: base}, {kind: battlefield}]
    effects:
      - deal: {amount: {might_of: {target: 1}}, to: {each: {who: enemy, where: there}}}
      - move: {what: {target: 1}, to: {location_of: {target: 2}}}
  示例·调遣:
    type: spell
    target: [{kind: battlefield, who: friendly}, {who: friendly, where: other_location}]
    effects:
      - move: {what: {target: 2}, to: {location_of: {target: 1}}}
      - might: {amount: 2, to: {target: 2}}
  示例·弱: {type: unit, might: 1}
  示例·强: {type: unit, might: 6}
"""
BESIDE_BOARD = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·对视, 示例·新月, 示例·出击, 示例·调遣], base: [{id: 甲, card: 先锋中士}]}
    B: {base: [{id: 家, card: 示例·弱}]}
  battlefields:
    - {name: 北, controller: A, units: [{id: 友, card: 先锋中士, controller: A}, {id: 敌一, card: 示例·弱, controller: B},
                                        {id: 敌三, card: 示例·强, controller: B}]}
    - {name: 南, controller: B, units: [{id: 敌二, card: 示例·弱, controller: B}]}
"""


def beside(card: str, named: str):
    return play_scenario(BESIDE, BESIDE_BOARD, script=f"- play: {card}\n  targets: {named}\n- pass:\n")[1]


def test_the_enemy_units_there_weaker_than_the_unit_chosen_go_to_base():
    state = beside("示例·对视", "[友, 北]")  # 先锋中士 has 4 Might: 敌一 (1) goes, 敌三 (6) stays, 敌二 is elsewhere
    assert {unit.id: unit.location for unit in state.units.values() if unit.controller == "B"} == {
        "家": state.units["家"].location, "敌一": state.units["家"].location, "敌三": "北", "敌二": "南"}


def test_the_unit_chosen_there_and_the_other_enemy_units_there():
    state = beside("示例·新月", "[北, 敌三]")
    assert (damage(state)["敌三"], damage(state)["友"], damage(state)["敌二"]) == (4, 0, 0)
    assert "敌一" not in state.units  # 1 damage kills the 1-Might unit beside it


def test_the_unit_must_be_at_the_battlefield_chosen_and_a_battlefield_is_named_by_its_part():
    with pytest.raises(ScenarioStopped, match="不与前一组目标"):
        beside("示例·新月", "[北, 敌二]")
    with pytest.raises(ScenarioStopped, match="不是 示例·新月 可以选择的战场"):
        beside("示例·新月", "[甲, 敌三]")


def test_damage_of_the_unit_chosen_at_the_battlefield_chosen_then_the_unit_moves_there():
    state = beside("示例·出击", "[甲, 南]")
    assert "敌二" not in state.units and state.units["甲"].location == "南"


def test_a_battlefield_beside_units_only_in_a_spell_own_instructions():
    cards = BESIDE + """  示例·哨塔:
    type: unit
    might: 2
    abilities:
      - cost: {exhaust: true}
        target: [{who: friendly}, {kind: battlefield}]
        effects: [{deal: {amount: 1, to: {each: {who: enemy, where: there}}}}]
"""
    with pytest.raises(ScenarioError, match="battlefield"):  # an ability's parts choose units only (not built)
        play_scenario(cards, BESIDE_BOARD, script="- pass:\n")
    unit_play = BESIDE.replace("  示例·对视:\n    type: spell", "  示例·对视:\n    type: unit\n    might: 1")
    with pytest.raises(ScenarioError, match="法术自身的指示可以另有一处战场"):  # a unit's own play instructions neither
        play_scenario(unit_play, BESIDE_BOARD, script="- pass:\n")


def test_a_unit_at_another_location_than_the_battlefield_chosen_moves_there():
    state = beside("示例·调遣", "[北, 甲]")
    from judgekit.engine.layers import might

    assert state.units["甲"].location == "北" and might(state, state.units["甲"]) == 6  # 先锋中士 has 4
    with pytest.raises(ScenarioStopped, match="与前一组目标位于同一位置"):  # 友 is at 北 already
        beside("示例·调遣", "[北, 友]")
    with pytest.raises(ScenarioStopped, match="不是 示例·调遣 可以选择的战场"):  # 南 is B's
        beside("示例·调遣", "[南, 甲]")
