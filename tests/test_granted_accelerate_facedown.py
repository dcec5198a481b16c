"""805.1.a, 811.1.c.3 — Accelerate a static gives the units a player plays from anywhere but the hand is the card's as it
is played from face down: the play may pay it and the unit enters ready.  From the hand it has none."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·掘地者:
    type: unit
    might: 3
    abilities:
      - static: {grant: 急速, to: {each: {who: friendly, played_from: {not: hand}}}}
  示例·伏兵: {type: unit, cost: 2, might: 2, domains: [炽烈], keywords: {待命: null}}
"""


def _state(where: str) -> str:
    hidden = "facedown: {card: 示例·伏兵, by: A, turn: 0}, " if where == "facedown" else ""
    hand = "hand: [示例·伏兵], " if where == "hand" else ""
    return f"""state:
  turn: {{player: A, phase: main, number: 2}}
  players:
    A: {{{hand}runes: [炽烈, 炽烈, 炽烈], base: [{{id: 掘, card: 示例·掘地者}}]}}
    B: {{}}
  battlefields:
    - {{name: 北, controller: A, {hidden}units: [{{id: 守, card: 示例·掘地者}}]}}
"""


def test_played_from_face_down_it_has_the_granted_accelerate_and_enters_ready():
    _, final = play_scenario(CARDS, _state("facedown"), script="- play: 示例·伏兵\n  from_hidden: 北\n  accelerate: true\n")
    entered = [unit for unit in final.units.values() if unit.card == "示例·伏兵"]
    assert entered and entered[0].location == "北" and not entered[0].exhausted


def test_played_from_the_hand_it_has_no_accelerate():
    with pytest.raises(ScenarioStopped, match="急速"):
        play_scenario(CARDS, _state("hand"), script="- play: 示例·伏兵\n  accelerate: true\n")
