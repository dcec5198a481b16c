"""The combat's resolution step (466): what combat damage triggered resolves first, then the result, control, conquest."""

from __future__ import annotations

from conftest import play_scenario

from judgekit.engine.state import base_of

GUARD = "  示例·卫兵:\n    type: unit\n    cost: 2\n    might: 2\n"
SELF_KILLER = """cards:
  示例·受击者:
    type: unit
    cost: 2
    might: 3
    abilities:
      - trigger: {event: damaged, subject: self}
        effects:
          - kill: null
""" + GUARD
B_ATTACKS = """state:
  turn: {player: B, phase: main}
  players:
    A: {}
    B:
      base:
        - {id: 进攻者, card: 示例·受击者}
  battlefields:
    - name: 北方战场
      controller: A
      units:
        - {id: 防守者, card: 示例·卫兵}
"""


# 466.2, 466.3.d, 466.5.b — a trigger combat damage caused resolves before the result: nobody is left, nobody conquers
def test_what_combat_damage_triggers_resolves_before_the_result_and_no_one_conquers_an_empty_battlefield():
    trace, state = play_scenario(SELF_KILLER, B_ATTACKS, script="- move: 进攻者\n  to: 北方战场\n- pass:\n")
    assert "进攻者" not in state.units and state.players["B"].points == 0
    assert state.battlefields["北方战场"].controller is None
    cited = trace.cited()
    assert cited.index("466.2") < cited.index("466.5.b") and "466.5.d" not in cited


DRAGON = """cards:
  示例·古龙:
    type: unit
    cost: 5
    might: 3
    passives: {any_damage_lethal: 1}
  示例·大块头:
    type: unit
    cost: 5
    might: 5
"""
DRAGON_ATTACKS = """state:
  turn: {player: A, phase: main}
  players:
    A:
      base:
        - {id: 古龙, card: 示例·古龙}
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 甲, card: 示例·大块头}
        - {id: 乙, card: 示例·大块头}
"""


# 142.4.c, 465.2.c.3 — with any amount of A's damage lethal, 1 is lethal damage: A may split 3 as 1 and 2
def test_any_damage_lethal_makes_one_point_a_lethal_assignment():
    script = "- move: 古龙\n  to: 北方战场\n- pass:\n  assign: {A: {甲: 1, 乙: 2}, B: {古龙: 10}}\n"
    _, state = play_scenario(DRAGON, DRAGON_ATTACKS, script=script)
    assert "甲" not in state.units and "乙" not in state.units


def test_the_default_assignment_spreads_lethal_damage_when_any_amount_is_lethal():
    _, state = play_scenario(DRAGON, DRAGON_ATTACKS, script="- move: 古龙\n  to: 北方战场\n- pass:\n")
    assert "甲" not in state.units and "乙" not in state.units


HOURGLASS = """cards:
  示例·沙漏:
    type: gear
    cost: 2
    replacements:
      - {event: die, affects: friendly, recall: true, kill_self: true}
  示例·胜者:
    type: unit
    cost: 4
    might: 4
    abilities:
      - trigger: won_combat
        effects:
          - draw: 1
""" + GUARD
TWO_ATTACK = """state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      gear: [示例·沙漏]
      base:
        - {id: 甲, card: 示例·卫兵}
        - {id: 乙, card: 示例·胜者}
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 丙, card: 示例·卫兵}
"""


# 466.3.a, 466.3.d, 370.1.a.1 — an attacker the hourglass recalled instead of dying is no cleanup recall: A wins
def test_an_attacker_a_replacement_sent_to_base_leaves_a_result_and_the_winner_wins():
    script = "- move: [甲, 乙]\n  to: 北方战场\n- pass:\n  assign: {A: {丙: 6}, B: {甲: 2}}\n"
    _, state = play_scenario(HOURGLASS, TWO_ATTACK, script=script)
    assert state.units["甲"].location == base_of("A") and "丙" not in state.units
    assert state.players["A"].drawn == 1 and state.players["A"].points == 1
    assert state.battlefields["北方战场"].controller == "A"


MONUMENT = """cards:
  示例·丰碑:
    type: battlefield
    cant: [{action: gain_points}]
  示例·征服者:
    type: unit
    cost: 2
    might: 2
    abilities:
      - trigger: conquered
        effects:
          - draw: 1
"""


# 054.1, 469.1.b, 471.2.c — where players can't score, taking control is control only: no point, no conquer trigger
def test_taking_a_battlefield_where_no_one_can_score_is_no_conquest():
    state_text = """state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base:
        - {id: 甲, card: 示例·征服者}
    B: {}
  battlefields:
    - {name: 丰碑, card: 示例·丰碑}
"""
    trace, state = play_scenario(MONUMENT, state_text, script="- move: 甲\n  to: 丰碑\n- pass:\n")
    assert state.battlefields["丰碑"].controller == "A"
    assert state.players["A"].points == 0 and state.players["A"].drawn == 0
    assert state.scored.get("A", []) == [] and "469.1.b" in trace.cited()


MIXOLOGIST = """cards:
  示例·调酒师:
    type: unit
    cost: 5
    might: 5
    triggers:
      deathknell:
        - play_from_trash: {max_cost: 3}
  示例·小兵:
    type: unit
    cost: 2
    might: 2
"""
AT_THE_NORTH = """state:
  turn: {player: A, phase: main}
  players:
    A:
      trash: [示例·小兵]
      base:
        - {id: 调酒师, card: 示例·调酒师}
    B: {}
  battlefields:
    - name: 北方战场
      controller: A
      units:
        - {id: 中士, card: 先锋中士}
"""
KILL_THEN_RESOLVE = "- effect: [{kill: null}]\n  targets: 调酒师\n  controller: B\n- resolve_chain:\n  to: {to}\n"


# 355.2, 419.3 — a unit an effect plays from the trash enters where its player chooses: the step's `to`
def test_a_unit_played_from_the_trash_by_an_effect_enters_where_the_step_says():
    defaults_off = "defaults: false\n"
    _, state = play_scenario(MIXOLOGIST, defaults_off, AT_THE_NORTH, script=KILL_THEN_RESOLVE.replace("{to}", "北方战场"))
    (played,) = [unit for unit in state.units.values() if unit.card == "示例·小兵"]
    assert played.location == "北方战场"

