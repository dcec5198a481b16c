"""The typed ability tree in card definitions: triggers, costs, conditions, limits, and the old short form."""

from __future__ import annotations

import pytest

from judgekit.engine.cards import AbilityCost, Trigger
from judgekit.engine.scenario import parse
from judgekit.errors import ScenarioError

SCENARIO = """
title: 能力树
cards:
  守望者:
    type: unit
    might: 2
    triggers:
      attack:
        - draw: 1
    abilities:
      - name: 送别
        trigger: {event: killed, subject: friendly}
        condition: {mighty: true}
        intervening: true
        limit: turn
        effects: [{draw: 1}]
      - cost: {energy: 1, exhaust: true}
        target: enemy_unit
        effects: [{deal: 2}]
        duration: turn
state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 甲, card: 守望者}]}
    B: {}
script: []
"""


def test_the_ability_tree_is_read_with_the_short_form():
    card = parse(SCENARIO, "t.yaml").state.cards["守望者"]
    attack, farewell, activated = card.abilities
    assert attack.name == "attack" and attack.trigger == Trigger("attacked", "self")
    assert farewell.trigger == Trigger("killed", "friendly")
    assert farewell.condition == (("mighty", True),) and farewell.intervening and farewell.limit == "turn"
    assert activated.kind == "activated" and activated.name == "ability2"
    assert activated.cost == AbilityCost(energy=1, exhaust=True) and activated.target.who == "enemy"
    assert card.triggers == {"attack": ({"draw": 1},), "送别": ({"draw": 1},)}


def test_a_trigger_on_an_unknown_event_names_the_line():
    bad = SCENARIO.replace("event: killed", "event: exploded")
    with pytest.raises(ScenarioError, match=r"t\.yaml:1[0-9]: .*event"):
        parse(bad, "t.yaml")
