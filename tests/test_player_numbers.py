"""Numbers about the players in conditions and amounts: hand size, trash size, battlefields controlled (yours or an
opponent's), and whether a (friendly, enemy) unit died this turn — read as an instruction executes, as a static is read,
or as a trigger triggers."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·算术:
    type: spell
    effects: [{effect}]
"""


def cast(effect: str, a: str = "", b: str = "", battlefield: str = "", before: str = "", hand: str = ""):
    state = board(f"hand: [示例·算术{hand}], deck: 9{a}", f"deck: 2{b}", battlefield)
    return play_scenario(CARDS.replace("{effect}", effect), state, script=f"{before}- play: 示例·算术\n- pass:\n")


def drawn(state) -> int:
    return 9 - len(state.players["A"].deck)


def test_draw_one_for_each_card_in_your_trash():
    _, state = cast("draw: {amount: {trash_of: you}}", a=", trash: [顺劈, 顺劈]")
    assert drawn(state) == 2


def test_if_your_hand_has_two_cards_or_fewer():
    _, state = cast("draw: {amount: 1, if: {hand: {le: 2}}}", hand=", 顺劈, 顺劈")
    assert drawn(state) == 1  # the spell has left the hand: two cards
    _, state = cast("draw: {amount: 1, if: {hand: {le: 1}}}", hand=", 顺劈, 顺劈")
    assert drawn(state) == 0


def test_if_an_opponent_controls_a_battlefield():
    effect = "draw: {amount: 1, if: {opponent_battlefields: {ge: 1}}}"
    _, state = cast(effect, battlefield="name: 北, controller: B")
    assert drawn(state) == 1
    _, state = cast(effect, battlefield="name: 北, controller: A")
    assert drawn(state) == 0


def test_if_an_enemy_unit_died_this_turn():
    effect = "draw: {amount: 1, if: {killed_this_turn: enemy}}"
    kill = "- effect: [{kill: null}]\n  targets: 敌\n  controller: A\n"
    _, state = cast(effect, b=", base: [{id: 敌, card: 先锋中士}]", before=kill)
    assert drawn(state) == 1
    _, state = cast(effect.replace("enemy", "friendly"), b=", base: [{id: 敌, card: 先锋中士}]", before=kill)
    assert drawn(state) == 0


UNIT = """cards:
  示例·书虫:
    type: unit
    might: 1
    abilities:
      - trigger: played
        condition: {trash: {ge: 2}}
        effects: [{draw: 1}]
      - static: {might: 2, while: {hand: {le: 0}}}
"""


def test_a_trigger_condition_and_a_static_read_the_players_numbers():
    from judgekit.engine.layers import might

    state = board("hand: [示例·书虫], deck: 9, trash: [顺劈, 顺劈]")
    _, final = play_scenario(UNIT, state, script="- play: 示例·书虫\n")
    assert 9 - len(final.players["A"].deck) == 1 and might(final, final.units["示例·书虫"]) == 1  # a card in hand now
    state = board("hand: [示例·书虫], deck: 9, trash: [顺劈]")
    _, final = play_scenario(UNIT, state, script="- play: 示例·书虫\n")
    assert len(final.players["A"].deck) == 9 and might(final, final.units["示例·书虫"]) == 3  # an empty hand: +2
