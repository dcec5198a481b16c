"""Combat damage assignment with demands on the order (815, 465.2.c.8–9): Tank first, “assigned last” last."""

from __future__ import annotations

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
defaults: false
cards:
  机甲: {type: unit, might: 6}
  后排: {type: unit, might: 3, passives: {assigned_last: 1}}
  前排: {type: unit, might: 4}
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 机甲, card: 机甲}]
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 后排, card: 后排, grants: [{keyword: 壁垒}]}
        - {id: 前排, card: 前排}
script:
  - {move: 机甲, to: 北方战场}
  - pass:
    assign: {A: PLAN, B: {机甲: 7}}
"""


def run(plan: str, tank: bool = True):
    text = BOARD.replace("PLAN", plan)
    if not tank:
        text = text.replace(", grants: [{keyword: 壁垒}]", "")
    return play(parse(text, "test.yaml"))


@pytest.mark.parametrize(
    "plan, survivor", [("{后排: 3, 前排: 3}", "前排"), ("{前排: 4, 后排: 2}", "后排")], ids=["tank-applies", "last-applies"]
)
def test_a_unit_with_both_demands_takes_either_order(plan, survivor):
    trace, final = run(plan)
    assert list(final.units) == [survivor]
    assert "465.2.c.8" in trace.cited()


def test_assigned_last_alone_forbids_lethal_on_it_first():
    with pytest.raises(ScenarioError, match="必须最后被分配战斗伤害.*465.2.c.8"):
        run("{后排: 3, 前排: 3}", tank=False)


def test_tank_alone_forbids_the_other_first():
    text = BOARD.replace("PLAN", "{前排: 4, 后排: 2}").replace(", passives: {assigned_last: 1}", "")
    with pytest.raises(ScenarioError, match="壁垒"):
        play(parse(text, "test.yaml"))


def test_either_choice_still_forbids_overassigning_before_lethal():
    with pytest.raises(ScenarioError, match="465.2.c.4"):
        run("{后排: 1, 前排: 5}")


def test_backline_is_the_keyword_of_being_assigned_last():
    """826.3 — Backline (后排) is “I must be assigned lethal damage after the other units of my controller”."""
    text = BOARD.replace("passives: {assigned_last: 1}", "keywords: {后排: null}").replace("PLAN", "{后排: 3, 前排: 3}")
    with pytest.raises(ScenarioError, match="必须最后被分配战斗伤害"):
        play(parse(text.replace(", grants: [{keyword: 壁垒}]", ""), "test.yaml"))
    _, final = play(parse(text.replace("{后排: 3, 前排: 3}", "{前排: 4, 后排: 2}").replace(", grants: [{keyword: 壁垒}]", ""), "test.yaml"))
    assert list(final.units) == ["后排"]


def test_unique_is_a_deck_constraint_with_no_effect_in_the_game():
    """825.3–825.4 — a Unique (唯我) unit plays and fights as one without it."""
    text = BOARD.replace("前排: {type: unit, might: 4}", "前排: {type: unit, might: 4, keywords: {唯我: null}}").replace("PLAN", "{前排: 4, 后排: 2}")
    _, final = play(parse(text, "test.yaml"))
    assert list(final.units) == ["后排"]
