"""“我无法变为活跃状态”: ``{static: {cant: become_ready}}`` — neither a spell or ability nor the Awaken Phase readies it
(054.1 over 315.1); ``cant: ready`` stops spells and abilities only."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·石像:
    type: unit
    might: 5
    abilities:
      - static: {cant: become_ready}
  示例·唤醒: {type: spell, cost: 0, target: unit, effects: [{ready: null}]}
  示例·兵: {type: unit, might: 1}
"""


def test_it_stays_exhausted_through_a_spell_and_the_awaken_phase():
    state = board("hand: [示例·唤醒], deck: 3, base: [{id: 像, card: 示例·石像, exhausted: true}, {id: 兵, card: 示例·兵, exhausted: true}]", "deck: 3")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·唤醒\n  targets: 像\n- pass:\n")
    assert final.units["像"].exhausted and "054.1" in " ".join(trace.cited())
    _, final = play_scenario(CARDS, state, script="- end_turn:\n- end_turn:\n")
    assert final.units["像"].exhausted and not final.units["兵"].exhausted
