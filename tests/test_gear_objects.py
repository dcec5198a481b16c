"""Gear as the object of effects (148.1.a.3): readied, exhausted, returned to hand, given a keyword, killed all at once,
counted; an attached gear's status is its own (719.4); a token gear ceases to exist off the board (186.1)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine import gear
from judgekit.engine.trace import Log
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·长剑: {type: gear, cost: 1, might_bonus: 2}
  示例·法术:
    {target}
    type: spell
    effects: [{effect}]
"""


def cast(effect: str, target: str = "target: {kind: gear}", targets: str = "示例·长剑", gear: str = "[示例·长剑]",
         attached: str = "[]", enemy_gear: str = "[]"):
    sergeant = "{id: 中士, card: 先锋中士, attached: " + attached + "}"
    state = board(f"hand: [示例·法术], deck: 3, gear: {gear}, base: [{sergeant}]", f"gear: {enemy_gear}")
    named = f"\n  targets: {targets}" if targets else ""
    script = f"- play: 示例·法术{named}\n- pass:\n"
    return play_scenario(CARDS.replace("{target}", target).replace("{effect}", effect), state, script=script)


def test_a_chosen_gear_is_readied_and_an_exhausted_one_only_then():
    trace, state = cast("ready: null", gear="[{card: 示例·长剑, exhausted: true}]")
    assert [g.exhausted for g in state.gear.values()] == [False] and "148.1.a.3" in trace.cited()
    _trace, state = cast("exhaust: null")
    assert [g.exhausted for g in state.gear.values()] == [True]


def test_an_attached_gear_is_exhausted_apart_from_its_unit_and_keeps_its_status_as_it_detaches():
    trace, state = cast("exhaust: null", gear="[]", attached="[示例·长剑]")
    sergeant = state.units["中士"]
    assert sergeant.gear_exhausted == ("示例·长剑",) and not sergeant.exhausted
    assert "719.4" in trace.cited()
    gear.detach(state, Log(), sergeant, "示例·长剑")  # detached, it stays on the board exhausted, as it was
    assert [(g.card, g.exhausted) for g in state.gear.values()] == [("示例·长剑", True)] and sergeant.gear_exhausted == ()


def test_a_gear_returns_to_its_owners_hand_and_an_attached_one_detaches_first():
    trace, state = cast("return_to_hand: null")
    assert state.gear == {} and [card.name for card in state.players["A"].hand] == ["示例·长剑"]
    assert {"148.1.a.3", "359.3.e.4"} <= set(trace.cited())
    trace, state = cast("return_to_hand: null", gear="[]", attached="[示例·长剑]")
    assert state.units["中士"].attached == [] and state.gear == {}
    assert [card.name for card in state.players["A"].hand] == ["示例·长剑"]


def test_a_gear_given_a_keyword_keeps_it():
    trace, state = cast("grant: {keyword: 瞬息, until: permanent}")
    assert [g.granted for g in state.gear.values()] == [("瞬息",)] and "135.4.b" in trace.cited()


def test_a_keyword_given_to_a_gear_for_a_turn_is_refused():
    with pytest.raises(ScenarioError, match="给予装备的关键词目前只能是永久的"):
        cast("grant: {keyword: 瞬息}")


def test_kill_all_gear_kills_every_gear_attached_or_not_and_no_unit():
    _trace, state = cast("kill: {to: {each: {kind: gear}}}", target="", targets="", attached="[示例·长剑]",
                        enemy_gear="[示例·长剑]")
    assert state.gear == {} and state.units["中士"].attached == []
    assert [card.name for card in state.players["A"].trash] == ["示例·长剑", "示例·长剑", "示例·法术"]
    assert [card.name for card in state.players["B"].trash] == ["示例·长剑"]


def test_each_enemy_gear_exhausted_only_and_gear_counted():
    trace, state = cast("exhaust: {to: {each: {kind: gear, who: enemy}}}", target="", targets="", enemy_gear="[示例·长剑]")
    assert [(g.controller, g.exhausted) for g in state.gear.values()] == [("A", False), ("B", True)]
    assert "148.1.a.3" in trace.cited()
    effect = "draw: {amount: {count: {kind: gear, who: friendly}}}"
    _trace, state = cast(effect, target="", targets="", attached="[示例·长剑]", enemy_gear="[示例·长剑]")
    assert len(state.players["A"].hand) == 2  # two friendly gear (one attached): two cards drawn


def test_a_gear_filter_that_reads_a_units_state_is_refused():
    with pytest.raises(ScenarioError, match="装备的筛选不能读取单位的状态（stunned）"):
        cast("kill: {to: {each: {kind: gear, stunned: true}}}", target="", targets="")


def test_a_unit_verb_on_every_gear_is_refused():
    with pytest.raises(ScenarioError, match="效果 stun 只作用于单位"):
        cast("stun: {to: {each: {kind: gear}}}", target="", targets="")


def test_the_gear_left_by_a_killed_token_gear_ceases_to_exist():
    cards = CARDS.replace("  示例·长剑:", "  示例·金币: {type: gear, token: true}\n  示例·长剑:")
    state = board("hand: [示例·法术], gear: [示例·金币], base: [{id: 中士, card: 先锋中士}]")
    script = "- play: 示例·法术\n  targets: 示例·金币\n- pass:\n"
    trace, final = play_scenario(cards.replace("{target}", "target: {kind: gear}").replace("{effect}", "kill: null"),
                                 state, script=script)
    assert final.gear == {} and [card.name for card in final.players["A"].trash] == ["示例·法术"]
    assert "186.1" in trace.cited()


GOLD_MAKER = """cards:
  示例·铸币:
    type: spell
    cost: 0
    effects:
      - create: {token: 金币, count: 2, play: true}
"""


# 187.5, 184.1 — Gold gear tokens made exhausted (as the cards say), owned and controlled by their maker (182, 183)
def test_gold_gear_tokens_are_made_exhausted_in_their_makers_base_and_played():
    state = board("hand: [示例·铸币]")
    trace, final = play_scenario(GOLD_MAKER, state, script="- play: 示例·铸币\n- pass:\n")
    assert [(g.card, g.owner, g.controller, g.location, g.exhausted) for g in final.gear.values()] == \
        [("金币", "A", "A", "base:A", True)] * 2
    assert [e.kind for e in final.this_turn].count("played") == 3  # the spell and both tokens (185.2.a)
    assert {"183", "184.1", "185.2.a"} <= set(trace.cited())


# 187.5 — Gold: “Kill this, exhaust: add any rune”; killed, a token gear ceases to exist (186.1)
def test_a_ready_gold_is_killed_to_add_one_power_and_is_gone():
    state = board("gear: [金币]")
    trace, final = play_scenario(state, script="- activate: 金币\n  ability: ability1\n")
    assert final.gear == {} and final.players["A"].trash == [] and sum(final.players["A"].power.values()) == 1
    assert "186.1" in trace.cited()


def test_token_true_is_refused_on_a_unit():
    cards = "cards:\n  示例·假币:\n    type: unit\n    might: 1\n    token: true\n"
    with pytest.raises(ScenarioError, match="token: true 只写在指示物装备上"):
        play_scenario(cards, board(), script="- pass:\n")
