"""A filter that does not match (“return a non-Dragon unit”, “一张非单位的牌”): ``not: FILTER`` in a target spec, an
``each``/``count`` filter and a card filter."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·驱逐: {type: spell, cost: 0, target: {not: {tag: 龙}}, effects: [{return_to_hand: null}]}
  示例·清场: {type: spell, cost: 0, effects: [{kill: {to: {each: {who: enemy, not: {tag: 龙}}}}}]}
  示例·拾荒: {type: spell, cost: 0, effects: [{return_from_trash: {card: {kind: any, not: {kind: unit}}}}]}
  示例·幼龙: {type: unit, might: 2, tags: [龙]}
  示例·兵: {type: unit, might: 1}
  示例·小咒: {type: spell, cost: 1, effects: [{draw: 1}]}
"""
ENEMIES = "base: [{id: 龙, card: 示例·幼龙}, {id: 兵, card: 示例·兵}]"


def test_a_dragon_cant_be_chosen_by_a_non_dragon_target_and_another_unit_can():
    state = board("hand: [示例·驱逐]", ENEMIES)
    play_scenario(CARDS, state, script="- play: 示例·驱逐\n  targets: 龙\n  expect_illegal: 355.9.b\n")
    _, final = play_scenario(CARDS, state, script="- play: 示例·驱逐\n  targets: 兵\n- pass:\n")
    assert "兵" not in final.units and "龙" in final.units


def test_each_and_a_card_filter_leave_out_what_matches_inside():
    _, final = play_scenario(CARDS, board("hand: [示例·清场]", ENEMIES), script="- play: 示例·清场\n- pass:\n")
    assert list(final.units) == ["龙"]
    state = board("hand: [示例·拾荒], trash: [示例·兵, 示例·小咒]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·拾荒\n- pass:\n")
    assert [card.name for card in final.players["A"].hand] == ["示例·小咒"]
