"""355.4 — a triggered ability that moves units to a place its controller chooses chooses it as it goes on the chain,
as a spell does as it is played: the controller's question without defaults (every place valid for the units it
moves), the first with them (marked), kept with the chain item and checked again as it resolves (355.4.a); a
``resolve_chain … to:`` still states the choice; synthetic cards."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·游侠:
    type: unit
    might: 2
    abilities:
      - name: 转战
        trigger: played
        effects: [{move: {to: chosen_battlefield}}]
  示例·兵: {type: unit, might: 1}
"""

def _state() -> str:
    return ("state:\n  turn: {player: A, phase: main}\n  players:\n    A: {energy: 5, hand: [示例·游侠]}\n    B: {}\n"
            "  battlefields:\n    - {name: 北, controller: A}\n    - {name: 南}\n")


def test_with_defaults_the_destination_is_chosen_as_the_trigger_goes_on_the_chain():
    trace, final = play_scenario(CARDS, _state(), script="- play: 示例·游侠\n")
    chosen = [event for step in trace.steps for event in step.events if "加入结算链时选择移动目的地：北" in event.text]
    assert chosen and "355.4" in chosen[0].numbers and chosen[0].default
    assert final.units["示例·游侠"].location == "北"


def test_the_unit_moves_there_as_it_resolves():
    _, final = play_scenario(CARDS, _state(), script="- play: 示例·游侠\n- pass:\n")
    assert final.units["示例·游侠"].location == "北" and not final.chain


def test_without_defaults_it_is_the_controllers_question_as_it_goes_on():
    script = "- play: 示例·游侠\n- choose: [南]\n"
    _, final = play_scenario("defaults: false\n" + CARDS, _state(), script=script)
    assert final.chain[-1].destination == "南"


def test_a_destination_stated_as_it_resolves_is_still_the_choice():
    _, final = play_scenario(CARDS, _state(), script="- play: 示例·游侠\n- pass: A\n- resolve_chain:\n  to: 南\n")
    assert final.units["示例·游侠"].location == "南"
