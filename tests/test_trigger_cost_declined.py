"""404.2 — a player may decline to pay a cost a triggered ability incurred (an enemy target's Deflect, 809.1.d; a
“you may [pay] to …” base cost, 204.3.a): the ability stops being a pending item and leaves the chain, which is not
a counter (404.2.a).  Without defaults it is the controller's question; with them the engine pays (a default), and a
``choose`` right after the step is the script's answer, the step running again from the state before it."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import might

CARDS = """cards:
  示例·探子:
    type: unit
    might: 3
    abilities:
      - trigger: attacked
        target: {who: enemy, where: here}
        effects: [{might: -2}]
  示例·盾兵: {type: unit, might: 6, keywords: {法盾: null}}
"""

STATE = board("runes: [灵光], base: [{id: 探子, card: 示例·探子}]", "",
              "name: 北, controller: B, units: [{id: 盾兵, card: 示例·盾兵}]")


def test_with_defaults_a_choose_after_the_step_declines_the_deflect_and_the_trigger_leaves():
    trace, final = play_scenario(CARDS, STATE, script="- move: 探子\n  to: 北\n- choose: false\n")
    assert not final.chain and might(final, final.units["盾兵"]) == 6
    assert sum(not rune.exhausted for rune in final.players["A"].runes) == 1  # nothing was paid
    cited = " ".join(trace.cited())
    assert "404.2" in cited and "404.2.a" in cited


def test_with_defaults_and_no_answer_the_deflect_is_paid_as_a_marked_default():
    trace, final = play_scenario(CARDS, STATE, script="- move: 探子\n  to: 北\n- pass:\n")
    assert might(final, final.units["盾兵"]) <= 4
    assert any(event.default and "法盾" in event.text for step in trace.steps for event in step.events)


def test_without_defaults_paying_the_deflect_is_the_controllers_question():
    source = "defaults: false\n" + STATE
    trace, final = play_scenario(CARDS, source, script="- move: 探子\n  to: 北\n- choose: false\n")
    assert not final.chain and might(final, final.units["盾兵"]) == 6
    trace, final = play_scenario(CARDS, source, script="- move: 探子\n  to: 北\n- choose: true\n")
    assert len(final.chain) == 1 and not final.players["A"].runes  # paid: the rune recycled for its Power
    assert not any(event.default for step in trace.steps for event in step.events if "法盾" in event.text)

