"""Control of chain items and new choices (751–753), “has played” checks (419.4.b), naming (761–762),
untargetable units (757–758) and ignoring Deflect (765–767): the cases the FAQ scenarios do not show."""

from __future__ import annotations

import textwrap

import pytest

from judgekit.engine import actions as act
from judgekit.engine.rules import OpenDecisionError
from judgekit.engine.targeting import Choices
from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """
cards:
  折镜:
    type: spell
    cost: 1
    keywords: {反应: null}
    target: {kind: spell, max_cost: 4}
    effects:
      - may_pay: {cost: {power: 1}, then: [{gain_control: null}, {new_choices: null}], otherwise: [{counter: null}]}
  沙:
    type: spell
    cost: 1
    keywords: {反应: null}
    target: spell
    effects: [{counter: {if_played: {by: opponent, card_type: spell, other: true}}}]
  大法术:
    type: spell
    cost: 5
    keywords: {迅捷: null}
    target: unit
    effects: [{deal: 1}]
  远谋者:
    type: unit
    cost: 2
    might: 2
    abilities:
      - {trigger: conquered, condition: {played_this_turn: [unit, gear, spell]}, effects: [{gain_points: {amount: 1}}]}
  断头台:
    type: spell
    cost: 1
    keywords: {迅捷: null}
    target: unit
    effects: [{next_time: {event: damaged, effects: [{kill: null}]}}]
    legion: [{kill: null}]
    legion_instead: true
  锤:
    type: unit
    cost: 5
    might: 5
    cost_changes: [{applies: self, energy: -3, per: cards_played, min: 1}]
"""

BOARD = """
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [断头台, 焚烧, 训练有素, 大法术, 锤, 莽莽魄罗]
      runes: 12
      deck: 3
      base:
        - {id: 远谋, card: 远谋者}
    B:
      hand: [折镜, 沙]
      runes: 4
      deck: 3
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 潜伏者, card: 船坞潜伏者}
    - name: 东部战场
"""


def run(script: str, defaults: bool = True):
    text = "title: t\n" + f"defaults: {str(defaults).lower()}\n" + CARDS + BOARD + "script:\n" + textwrap.dedent(script)
    return play(parse(text, "test.yaml"))


def verdicts(trace) -> list[bool]:
    return [v.passed for v in trace.verdicts]


def test_a_spell_that_is_the_only_one_an_opponent_played_is_not_countered():
    _, final = run("""
        - {play: 焚烧, targets: 潜伏者}
        - {pass: A}
        - {play: 沙, player: B, targets: "#1"}
        - {pass: }
    """)
    assert final.units["潜伏者"].damage == 2


def test_an_answer_the_resolving_item_does_not_ask_for_is_refused():
    with pytest.raises(ScenarioError, match="test.yaml:.*不需要回答 pay"):
        run("""
            - {play: 焚烧, targets: 潜伏者}
            - {pass: A}
            - {pass: B, answer: {pay: true}}
        """)


def test_an_answer_on_a_pass_that_resolves_nothing_is_refused():
    with pytest.raises(ScenarioError, match="test.yaml:.*answer 无处可用"):
        run("""
            - {play: 焚烧, targets: 潜伏者}
            - {pass: A, answer: {pay: false}}
        """)


def test_an_optional_payment_left_open_is_an_open_decision_without_defaults():
    with pytest.raises(ScenarioError, match="answer: \\{pay: true\\|false\\}"):
        run("""
            - {play: 焚烧, targets: 潜伏者, pay: {exhaust: 2}}
            - {pass: A}
            - {play: 折镜, player: B, targets: "#1", pay: {exhaust: 1}}
            - {pass: B}
            - {pass: A}
        """, defaults=False)


def test_new_targets_must_be_legal_for_the_spell_they_are_made_for():
    trace, _ = run("""
        - {play: 焚烧, targets: 潜伏者}
        - {pass: A}
        - {play: 折镜, player: B, targets: "#1"}
        - {pass: B}
        - {pass: A, answer: {pay: true, new_targets: [远谋]}, expect_illegal: 355.9}
    """)
    assert all(verdicts(trace))


def test_a_spell_costing_more_than_the_limit_cannot_be_chosen():
    trace, _ = run("""
        - {play: 大法术, targets: 潜伏者}
        - {pass: A}
        - {play: 折镜, player: B, targets: "#1", expect_illegal: 355.9}
    """)
    assert all(verdicts(trace))


def test_without_a_card_of_each_type_played_the_conquer_condition_fails():
    _, final = run("""
        - {play: 训练有素, targets: 远谋}
        - {pass: }
        - {move: 远谋, to: 东部战场}
        - {pass: }
    """)
    assert final.players["A"].points == 1  # the conquest only: no unit and no gear were played


def test_a_discount_stops_at_its_minimum():
    _, final = run("""
        - {play: 莽莽魄罗}
        - {play: 训练有素, targets: 远谋}
        - {pass: }
        - {play: 锤}
    """)
    spent = 12 - sum(not rune.exhausted for rune in final.players["A"].runes)
    assert spent == 2 + 2 + 1  # two cards finalized: 5 − 6 stops at the minimum of 1



def test_a_spell_with_a_cost_limit_cannot_choose_an_ability():
    text = "title: t\ndefaults: false\n" + CARDS + textwrap.dedent("""
      号手:
        type: unit
        cost: 1
        might: 1
        triggers: {attack: [{draw: 1}]}
    state:
      turn: {player: A, phase: main}
      chain:
        - {unit: 号手, ability: attack}
      players:
        A:
          deck: 2
          base: [{id: 号手, card: 号手}]
        B: {hand: [折镜], runes: 2}
    script:
      - {pass: A}
      - {play: 折镜, player: B, targets: 号手, expect_illegal: 355.9}
    """)
    trace, _ = play(parse(text, "test.yaml"))
    assert all(verdicts(trace))


def test_a_naming_trigger_waits_for_its_answer_and_passing_is_still_offered():
    text = "title: t\n" + textwrap.dedent("""
    cards:
      猫:
        type: unit
        cost: 2
        might: 3
        abilities: [{name: 宣告, trigger: played, effects: [{name_card: spell}]}]
    state:
      turn: {player: A, phase: main}
      chain:
        - {unit: 猫, ability: 宣告}
      players:
        A:
          base: [{id: 猫, card: 猫}]
        B: {}
    script: []
    """)
    state = parse(text, "test.yaml").state
    assert state.chain, "a trigger that names a card is never resolved by the engine's defaults"
    assert act.Pass("A") in act.decision(state).options
    done, _ = act.apply(state, act.Pass("A"))
    held, _ = act.apply(done, act.Pass("B"))  # the owed answer: a question held in the state, not a refusal
    assert held.question().kind == "name" and ("训练有素",) in held.question().options and held.chain
    with pytest.raises(OpenDecisionError):
        act.apply(held, act.Pass("B"))
    assert act.apply(held, act.Choose(("训练有素",)))[0].units["猫"].named == "训练有素"
    named, _ = act.apply(done, act.Pass("B", answer=Choices(named="训练有素")))
    assert named.units["猫"].named == "训练有素"


def test_without_legion_the_chosen_unit_dies_the_next_time_it_is_dealt_damage_and_only_it():
    trace, final = run("""
        - {play: 断头台, targets: 潜伏者}
        - pass:
          expect: [{unit: 潜伏者, alive: true}]
        - {play: 训练有素, targets: 远谋}
        - pass:
        - {play: 焚烧, targets: 潜伏者}
        - pass:
    """)
    assert all(verdicts(trace)) and "潜伏者" not in final.units
    assert "断头台 的鼓舞效果生效" not in "".join(e.text for s in trace.steps for e in s.events)


def test_without_defaults_new_choices_are_the_new_controller_s_question():
    script = """
        - {play: 焚烧, targets: 潜伏者, pay: {exhaust: 2}}
        - {pass: A}
        - {play: 折镜, player: B, targets: "#1", pay: {exhaust: 1}}
        - {pass: B}
        - {pass: A, answer: {pay: {recycle: 1}}}
    """
    east = BOARD.replace("    - name: 东部战场\n", "    - name: 东部战场\n      controller: A\n      units:\n"
                                                 "        - {id: 哨兵, card: 远谋者}\n")
    text = "title: t\ndefaults: false\n" + CARDS + east + "script:\n" + textwrap.dedent(script)
    scenario = parse(text, "test.yaml")
    state = scenario.state
    for step in scenario.script:
        state, _ = act.apply(state, step.action)
    question = state.question()
    assert question.kind == "new_choices" and question.player == "B" and question.options == (("潜伏者",), ("哨兵",))
    remade, _ = act.apply(state, act.Choose(("哨兵",)))
    assert remade.chain[-1].targets == (("哨兵",),) and remade.chain[-1].controller == "B"
