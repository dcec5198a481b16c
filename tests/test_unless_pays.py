"""“Counter a spell unless its controller pays ②” (may_pay with payer: target_controller): the chosen spell's
controller decides and pays; the effect is its own controller's either way."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·咒语: {type: spell, cost: 0, effects: [{draw: 1}]}
  示例·税令:
    type: spell
    cost: 0
    keywords: {反应: null}
    target: spell
    effects:
      - may_pay: {cost: {energy: 2}, payer: target_controller, otherwise: [{counter: null}]}
"""
STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·咒语], deck: 3, runes: 2}
    B: {hand: [示例·税令]}
"""


def run(answer: str, then: str = ""):
    script = ("- play: 示例·咒语\n- pass: A\n- play: 示例·税令\n  player: B\n  targets: \"#1\"\n- pass: B\n"
              f"- pass: A\n  answer: {{pay: {answer}}}\n{then}")
    return play_scenario(CARDS, STATE, script=script)


def test_the_spells_controller_pays_and_it_resolves():
    _, state = run("true", "- pass: A\n- pass: B\n")
    assert len(state.players["A"].hand) == 1 and all(rune.exhausted for rune in state.players["A"].runes)


def test_the_spells_controller_declines_and_it_is_countered():
    _, state = run("false")
    assert state.chain == [] and state.players["A"].hand == [] and [c.name for c in state.players["A"].trash] == ["示例·咒语"]
