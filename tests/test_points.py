"""Points gained by effects (471.1.a.1) and a "can't gain points" on the board (054.1, 468.1)."""

from __future__ import annotations

from judgekit.scenarios import runner, scenario

TEXT = """title: t
cards:
  冕卫:
    type: unit
    cost: 7
    might: 4
    cant: [{{action: gain_points, affects: enemy, while: at_battlefield}}]
state:
  turn: {{player: A, phase: main}}
  players:
    A: {{points: 7}}
    B:
{b_base}
  battlefields:
    - name: 北方战场
      controller: B
      units: [{b_field}]
script:
  - effect: [{{gain_points: {{amount: 1}}}}]
    controller: A
"""
GUARD = "{id: 冕卫, card: 冕卫}"
SENTRY = "{id: 潜伏者, card: 船坞潜伏者}"


def points_after(guard_at_battlefield: bool) -> int:
    b_base = "      {}" if guard_at_battlefield else f"      base: [{GUARD}]"
    text = TEXT.format(b_base=b_base, b_field=GUARD if guard_at_battlefield else SENTRY)
    _, state = runner.play(scenario.parse(text, "t.yaml"))
    return state.players["A"].points


def test_an_effects_point_is_gained_even_as_the_final_point():
    assert points_after(guard_at_battlefield=False) == 8


def test_a_cant_gain_points_at_a_battlefield_stops_the_point():
    assert points_after(guard_at_battlefield=True) == 7
