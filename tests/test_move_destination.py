"""355.4 — a spell that moves units to a place its controller chooses: the destination is chosen as it is played
(the play step's ``to``; with ``defaults: false`` a question), kept with the chain item and checked again as it
resolves: no longer valid (355.4.a), and that move is not done (359.3.e.6). Synthetic cards only."""

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  哨兵: {type: unit, might: 1}
  调度: {type: spell, cost: 0, target: friendly_unit, effects: [{move: {to: chosen_battlefield}}]}
  会合: {type: spell, cost: 0, target: friendly_unit, effects: [{move: {to: {chosen: {battlefield: true, units_of: you}}}}]}
  整备: {type: spell, cost: 0, target: friendly_unit, effects: [{ready: null}]}
"""
STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [调度, 会合, 整备], base: [{id: 友, card: 哨兵}]}
    B: {}
  battlefields:
    - {name: 北, controller: A, units: [{id: 驻, card: 哨兵, controller: A}]}
    - {name: 南}
"""


def test_the_destination_is_chosen_as_the_spell_is_played_and_kept_with_the_chain_item():
    trace, final = play_scenario(CARDS, STATE, script="- play: 调度\n  targets: 友\n  to: 南\n")
    assert final.chain[-1].destination == "南" and final.units["友"].location == "base:A"
    assert "355.4" in trace.cited()


def test_the_unit_is_moved_to_it_as_the_spell_resolves():
    _, final = play_scenario(CARDS, STATE, script="- play: 调度\n  targets: 友\n  to: 南\n- pass: A\n- resolve_chain:\n")
    assert final.units["友"].location == "南" and not final.chain


@pytest.mark.parametrize(("card", "meanwhile", "where"), [
    ("调度", "- effect: [{move: {to: 南}}]\n  targets: 友\n  controller: A\n", "南"),  # already there (355.4.a)
    ("会合", "- effect: [{kill: null}]\n  targets: 驻\n  controller: A\n", "base:A"),  # your unit there is gone (449.1)
])
def test_a_destination_no_longer_valid_as_it_resolves_and_the_move_is_not_done(card, meanwhile, where):
    to = "南" if card == "调度" else "北"
    script = f"- play: {card}\n  targets: 友\n  to: {to}\n{meanwhile}- pass: A\n- resolve_chain:\n"
    trace, final = play_scenario(CARDS, STATE, script=script)
    assert final.units["友"].location == where and not final.chain
    assert {"355.4.a", "359.3.e.6"} <= set(trace.cited())


@pytest.mark.parametrize(("card", "to", "rule"), [("调度", "base", "449"), ("会合", "南", "449.1"), ("调度", None, "355.4"),
                                                   ("整备", "南", "355.2.a")])
def test_a_destination_invalid_or_missing_as_it_is_played_is_refused(card, to, rule):
    script = f"- play: {card}\n  targets: 友\n" + (f"  to: {to}\n" if to else "") + f"  expect_illegal: {rule}\n"
    _, final = play_scenario(CARDS, STATE, script=script)
    assert not final.chain and final.units["友"].location == "base:A"


def test_an_answer_at_resolution_is_refused_and_points_to_the_play_step():
    script = "- play: 调度\n  targets: 友\n  to: 南\n- pass: A\n- resolve_chain:\n  to: 北\n  expect_illegal: 355.4\n"
    trace, final = play_scenario(CARDS, STATE, script=script)
    refusal = next(event.text for step in trace.steps for event in step.events if "play 步骤" in event.text)
    assert "打出时已选择（南）" in refusal and final.chain[-1].destination == "南"


def test_without_defaults_the_destination_is_a_question_as_it_is_played():
    script = "script:\n  - play: 调度\n    targets: 友\n"
    with pytest.raises(ScenarioStopped) as stopped:
        play(parse("title: t\ndefaults: false\n" + CARDS + STATE + script, "t.yaml"))
    assert stopped.value.trace.pending["kind"] == "play_destination"
    assert stopped.value.trace.pending["options"] == ["北", "南"]  # every battlefield, not the base it is in
    script += "  - choose: [南]\n    player: A\n  - pass: A\n  - resolve_chain:\n"
    trace, final = play(parse("title: t\ndefaults: false\n" + CARDS + STATE + script, "t.yaml"))
    assert trace.stopped is None and final.units["友"].location == "南" and "355.4" in trace.cited()
