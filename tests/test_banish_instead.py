"""“its death this turn becomes a banishment”: ``replace_death: {instead: banish}`` — the chosen unit's next death this
turn is replaced by its banishment (369, 427): no killed event, no Deathknell, the card in its owner's banishment."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·放逐令: {type: spell, cost: 0, target: unit, effects: [{replace_death: {instead: banish}}]}
  示例·处决: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
  示例·亡语者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: killed, subject: self}
        effects: [{draw: 1}]
"""


def test_its_death_is_a_banishment_instead():
    state = board("hand: [示例·放逐令, 示例·处决], deck: 3", "deck: 3, base: [{id: 亡, card: 示例·亡语者}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·放逐令\n  targets: 亡\n- pass:\n- play: 示例·处决\n  targets: 亡\n- pass:\n")
    assert "亡" not in final.units and [c.name for c in final.players["B"].banishment] == ["示例·亡语者"]
    assert final.players["B"].trash == [] and final.players["B"].drawn == 0 and "427.2" in " ".join(trace.cited())


TOKENS = """cards:
  示例·驱逐: {type: spell, cost: 0, target: unit, effects: [{banish: null}]}
  示例·重演: {type: spell, cost: 0, target: unit, effects: [{banish_and_replay: null}]}
  示例·小精灵: {type: token, might: 1}
"""


def test_a_banished_token_ceases_to_exist():
    state = board("hand: [示例·驱逐]", "base: [{id: 灵, card: 示例·小精灵}]")
    trace, final = play_scenario(TOKENS, state, script="- play: 示例·驱逐\n  targets: 灵\n- pass:\n")
    assert "灵" not in final.units and final.players["B"].banishment == [] and "186.1" in " ".join(trace.cited())


def test_a_token_banished_to_be_played_again_is_not_played():
    state = board("hand: [示例·重演]", "base: [{id: 灵, card: 示例·小精灵}]")
    trace, final = play_scenario(TOKENS, state, script="- play: 示例·重演\n  targets: 灵\n- pass:\n")
    assert final.units.keys() == set() and final.players["B"].banishment == [] and "186.1" in " ".join(trace.cited())
