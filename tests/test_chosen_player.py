"""A chosen player (355.5, “choose a player / an opponent. They …”): ``target: {kind: player, who}`` and the player
actions' ``who: chosen_player``; named by the script's targets (a player id), else the first legal one (a default)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·点名:
    type: spell
    target: {target}
    effects:
      - burn: {amount: 1, who: chosen_player}
      - draw: {amount: 1, who: chosen_player}
  示例·行者:
    type: unit
    might: 2
    abilities:
      - trigger: moved
        target: {kind: player, who: enemy}
        effects: [{burn: {amount: 2, who: chosen_player}}]
"""


def cast(target: str, targets: str):
    state = board("hand: [示例·点名], deck: [顺劈, 顺劈, 顺劈]", "deck: [先锋中士, 先锋中士, 先锋中士]")
    named = f"\n  targets: {targets}" if targets else ""
    return play_scenario(CARDS.replace("{target}", target), state, script=f"- play: 示例·点名{named}\n- pass:\n")


def test_the_chosen_player_burns_and_draws_yourself_included():
    _, state = cast("{kind: player}", "A")
    assert (len(state.players["A"].deck), len(state.players["A"].hand)) == (1, 1)
    _, state = cast("{kind: player}", "B")
    assert (len(state.players["B"].deck), len(state.players["B"].hand), len(state.players["B"].trash)) == (1, 1, 1)


def test_an_opponent_must_be_an_opponent():
    with pytest.raises(ScenarioStopped, match="不是 示例·点名 可以选择的玩家"):
        cast("{kind: player, who: enemy}", "A")


def test_a_trigger_chooses_an_opponent_the_first_by_default():
    state = board("base: [{id: 行者, card: 示例·行者}]", "deck: [先锋中士, 先锋中士, 先锋中士]", "name: 北, controller: A")
    _, final = play_scenario(CARDS.replace("{target}", "{kind: player}"), state, script="- move: 行者\n  to: 北\n")
    assert len(final.players["B"].trash) == 2


def test_without_defaults_the_chosen_player_is_a_question():
    from conftest import scenario_text

    from judgekit.engine import actions as act
    from judgekit.scenarios.scenario import parse

    state = board("hand: [示例·点名], deck: [顺劈, 顺劈, 顺劈]", "deck: [先锋中士, 先锋中士, 先锋中士]")
    text = scenario_text("defaults: false\n", CARDS.replace("{target}", "{kind: player}"), state,
                         script="- play: 示例·点名\n")
    scenario = parse(text, "test.yaml")
    held = scenario.state
    for step in scenario.script:
        held, _ = act.apply(held, step.action)
    assert held.question().kind == "play_targets" and held.question().options == (("A",), ("B",))
    chosen, _ = act.apply(held, act.Choose(("B",)))
    for player in ("A", "B"):
        chosen, _ = act.apply(chosen, act.Pass(player))
    assert len(chosen.players["B"].trash) == 1 and len(chosen.players["B"].hand) == 1
