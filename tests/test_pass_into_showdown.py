"""A bare ``pass:`` is every player passing until nothing is left to pass on (with nothing at all it is refused: a
step that changes nothing is a script error, never silently accepted): when the resolution it ran leaves a
battlefield contested (323.8), the showdown that opens (344) is passed through as well and ends with its control
established (347.2.a, 348.2.a) — a conquest where no enemy unit is left (469.1); synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·收购:
    type: spell
    cost: 1
    target: {who: enemy, where: battlefield}
    effects: [{gain_control: null}]
  示例·兵: {type: unit, might: 3}
"""


def test_a_showdown_its_resolution_opened_is_passed_through():
    state = board("energy: 1, hand: [示例·收购]", "", "name: 北方战场, controller: B, units: [{id: 兵, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·收购\n  targets: 兵\n- pass:\n")
    assert final.units["兵"].controller == "A"
    assert final.battlefields["北方战场"].controller == "A" and final.players["A"].points == 1
    assert final.showdown is None
    cited = trace.cited()
    assert "347.2.a" in cited and "469.1" in cited


def test_a_single_players_pass_stops_where_the_showdown_opens():
    state = board("energy: 1, hand: [示例·收购]", "", "name: 北方战场, controller: B, units: [{id: 兵, card: 示例·兵}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·收购\n  targets: 兵\n- pass: A\n- pass: B\n")
    assert final.showdown is not None and final.players["A"].points == 0


def test_with_nothing_to_pass_on_the_step_is_refused():
    state = board("energy: 1, hand: [示例·收购]", "", "name: 北方战场, controller: B, units: [{id: 兵, card: 示例·兵}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·收购\n  targets: 兵\n- pass:\n- pass:\n  expect_illegal: 347.2.a\n")
    assert final.battlefields["北方战场"].controller == "A" and final.players["A"].points == 1
