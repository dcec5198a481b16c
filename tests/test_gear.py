"""Gear attached and detached by effects (434, 435), left behind by a unit leaving (719.5), recalled in cleanups (149.3)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine.layers import might
from judgekit.engine.state import base_of
from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

CARDS = """cards:
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
  示例·法术:
    type: spell
    cost: 0
    target: unit
    effects:
      - {effect}
"""
PLAY_THE_SPELL = "- play: 示例·法术\n  targets: 中士\n- pass:\n"


def played(effect: str, gear: str = "[]", attached: str = "[]"):
    sergeant = "{id: 中士, card: 先锋中士, attached: " + attached + "}"
    state = board(f"hand: [示例·法术], gear: {gear}", "", f"name: 东, controller: A, units: [{sergeant}]")
    return play_scenario(CARDS.format(effect=effect), state, script=PLAY_THE_SPELL, source="s.yaml")


def test_detached_gear_stays_at_the_battlefield_until_the_cleanup_recalls_it():
    trace, state = played("detach: 示例·长剑", attached="[示例·长剑]")
    assert might(state, state.units["中士"]) == 4 and state.units["中士"].attached == []
    (gear,) = state.gear.values()
    assert (gear.card, gear.controller, gear.location) == ("示例·长剑", "A", base_of("A"))
    assert {"435.4", "149.3"} <= set(trace.cited())


def test_gear_of_a_unit_that_dies_is_left_unattached_and_recalled():
    trace, state = played("kill: null", attached="[示例·长剑]")
    assert "中士" not in state.units
    assert [(g.card, g.location) for g in state.gear.values()] == [("示例·长剑", base_of("A"))]
    assert {"719.5", "149.3"} <= set(trace.cited())


def test_gear_in_base_attaches_to_a_unit_and_adds_its_might_bonus():
    trace, state = played("attach: 示例·长剑", gear="[示例·长剑]")
    assert state.gear == {} and state.units["中士"].attached == ["示例·长剑"]
    assert might(state, state.units["中士"]) == 6
    assert "434.4" in trace.cited()


def test_attaching_a_gear_the_player_does_not_have_is_refused():
    with pytest.raises(ScenarioError, match="在场上没有 示例·长剑"):
        played("attach: 示例·长剑")


def test_detaching_what_is_not_attached_does_nothing():
    trace, state = played("detach: 示例·长剑")
    assert state.gear == {} and "435.1.a.1" in trace.cited()


def test_only_gear_can_be_placed_in_a_base_as_gear():
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: “先锋中士”不是装备牌"):
        played("detach: null", gear="[先锋中士]")


EQUIP = """title: 装配
cards:
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
    abilities:
      - name: 装配
        cost: {energy: 1}
        target: friendly_unit
        effects:
          - attach: 示例·长剑
state:
  turn: {player: A, phase: main}
  players:
    A:
      runes: 1
      gear: [示例·长剑]
    B:
      base:
        - {id: 敌兵, card: 先锋中士}
  battlefields:
    - name: 东
      controller: A
      units:
        - {id: 中士, card: 先锋中士}
script:
  - activate: 示例·长剑
    ability: 装配
    targets: 敌兵
    expect_illegal: true
  - activate: 示例·长剑
    ability: 装配
    targets: 中士
    expect:
      - player: A
        ready_runes: 0
      - unit: 中士
        might: 4
  - pass:
expect:
  - unit: 中士
    might: 6
  - cites: [434.4, 377.3]
"""


def test_equip_is_a_gear_ability_activated_through_the_chain_with_its_cost():
    """818.1.c.2: “[Cost]: attach this gear to a unit you control” — target, cost, chain, then attach."""
    trace, state = runner.play(scenario.parse(EQUIP, "equip.yaml"))
    failed = [v for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed
    assert state.gear == {} and state.units["中士"].attached == ["示例·长剑"]



COPYING = """title: t
cards:
  射手:
    type: unit
    cost: 4
    might: 4
    abilities:
      - trigger: attached
        effects: [{draw: 1}]
  复制者: {type: gear, cost: 3, passives: {copy_attached_text: 1}}
  护甲: {type: gear, cost: 1}
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 5
      gear: [GEAR]
      base: [{id: 射手, card: 射手ALREADY}]
    B: {}
script:
  - effect: [{attach: GEAR}]
    targets: 射手
    controller: A
"""


def drawn_after_attaching(gear: str, already: str) -> int:
    text = COPYING.replace("GEAR", gear).replace("ALREADY", f", attached: [{already}]" if already else "")
    _, state = runner.play(scenario.parse(text, "t.yaml"))
    return state.players["A"].drawn


def test_a_copy_made_as_a_gear_is_attached_misses_that_attach():
    assert drawn_after_attaching("复制者", "") == 1


def test_a_copy_already_attached_sees_the_next_attach():
    assert drawn_after_attaching("护甲", "复制者") == 2


STRIKE = """title: t
cards:
  击倒:
    type: spell
    cost: 0
    target: {who: friendly, equipped: true}
    effects: [{deal_own_might: null}, {detach: null}]
  布甲: {type: gear, cost: 1}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [击倒]
      base: [{id: 中士, card: 先锋中士, attached: [布甲]}, {id: 魄罗, card: 强强魄罗}]
    B:
      base: [{id: 潜伏者, card: 船坞潜伏者}]
script:
  - play: 击倒
    targets: 中士
  - pass:
"""


def test_an_equipped_unit_deals_its_might_to_an_enemy_and_loses_its_gear():
    _, state = runner.play(scenario.parse(STRIKE, "t.yaml"))
    assert "潜伏者" not in state.units and not state.units["中士"].attached


def test_an_unequipped_unit_is_no_legal_target():
    refused = STRIKE.replace("targets: 中士", "targets: 魄罗\n    expect_illegal: true")
    _, state = runner.play(scenario.parse(refused.replace("  - pass:\n", ""), "t.yaml"))
    assert "潜伏者" in state.units


TAKER = """title: t
cards:
  夺者: {type: unit, cost: 0, might: 2, triggers: {play: [{take_gear_while_here: null}]}}
  宝物: {type: gear, cost: 1}
state:
  turn: {player: B, phase: main}
  players:
    A: {gear: [宝物]}
    B: {hand: [夺者]}
script:
  - play: 夺者
  - effect: [{kill: null}]
    targets: 夺者
    controller: A
"""


def test_a_gear_taken_while_its_taker_is_on_the_board_returns_to_its_owner_when_it_leaves():
    loaded = scenario.parse(TAKER, "t.yaml")
    _, taken = runner.play(scenario.parse(TAKER.split("  - effect:")[0], "t.yaml"))
    assert taken.gear["宝物"].controller == "B" and taken.gear["宝物"].location == base_of("B")
    _, state = runner.play(loaded)
    assert state.gear["宝物"].controller == "A" and state.gear["宝物"].location == base_of("A")


# 337.2, 149.1, 149.2 — a gear card played resolves as it is finalized and enters its controller's base ready
def test_a_gear_played_from_hand_enters_the_base_ready():
    state_text = board("hand: [示例·长剑], energy: 1", "", "name: 东")
    trace, state = play_scenario(CARDS.format(effect="draw: 1"), state_text, script="- play: 示例·长剑\n")
    assert state.chain == [] and state.players["A"].trash == [] and state.players["A"].energy == 0
    (gear,) = state.gear.values()
    assert (gear.card, gear.controller, gear.location, gear.exhausted) == ("示例·长剑", "A", base_of("A"), False)
    assert {"337.2", "149.1"} <= set(trace.cited())


# 811.1.d.1.a — a hidden gear is played at its battlefield; the next cleanup recalls it to base (149.3)
def test_a_gear_played_from_face_down_enters_at_its_battlefield_then_is_recalled():
    facedown = "name: 东, controller: A, facedown: {card: 示例·暗器, by: A, turn: 0}, units: [{id: 中士, card: 先锋中士}]"
    cards = CARDS.format(effect="draw: 1") + "  示例·暗器:\n    type: gear\n    cost: 2\n    keywords: {待命: null}\n"
    trace, state = play_scenario(cards, board("", "", facedown), script="- play: 示例·暗器\n  from_hidden: 东\n")
    assert state.chain == [] and state.players["A"].trash == []
    (gear,) = state.gear.values()
    assert (gear.card, gear.location) == ("示例·暗器", base_of("A"))
    assert {"811.1.d.1.a", "149.3"} <= set(trace.cited())


TRIGGER_ON_GEAR = """cards:
  示例·匠人:
    type: unit
    cost: 0
    might: 2
    abilities:
      - trigger: played
        target: {kind: gear, who: friendly, up_to: true}
        effects:
          - {effect}
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
"""


def trigger_on_gear(effect: str, gear: str):
    state = board(f"hand: [示例·匠人], gear: {gear}, base: [{{id: 中士, card: 先锋中士}}]", "gear: [示例·长剑]")
    return play_scenario(TRIGGER_ON_GEAR.replace("{effect}", effect), state, script="- play: 示例·匠人\n- pass:\n")


# 355.5, 383.3 — a trigger that chooses a gear chooses a gear, of the kind it names (friendly), never a unit
def test_a_trigger_that_chooses_a_gear_kills_a_friendly_gear_not_a_unit():
    _, state = trigger_on_gear("kill: null", "[示例·长剑]")
    assert "中士" in state.units and [g.controller for g in state.gear.values()] == ["B"]
    assert state.players["A"].trash[0].name == "示例·长剑"


# 355.13 — “up to one gear” with none to choose goes on the chain choosing none, and does nothing
def test_a_trigger_that_may_choose_no_gear_chooses_none():
    trace, state = trigger_on_gear("kill: null", "[]")
    assert "中士" in state.units and len(state.gear) == 1 and state.players["A"].trash == []
    assert "355.13" in trace.cited()


def test_a_unit_verb_on_a_gear_target_is_refused_at_its_line():
    with pytest.raises(ScenarioError, match=r"test\.yaml:\d+: 示例·匠人：目标是装备，效果 deal"):
        trigger_on_gear("deal: 2", "[示例·长剑]")
