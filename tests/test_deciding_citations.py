"""The rule an answer rests on is cited where the engine applies it — each case a ruling of the blind set
(blind/, 2026-12-04) that reached the right board without naming its deciding rule."""

from __future__ import annotations

from conftest import play_scenario

TURN = "state:\n  turn: {player: A, phase: main}\n  players:\n"


def _cited(cards: str, players: str, script: str, rest: str = "") -> set[str]:
    trace, _ = play_scenario(cards, TURN + players + rest, script=script)
    return {number for step in trace.steps for event in step.events for number in event.numbers}


def test_a_cost_within_the_later_part_of_an_effect_is_paid_as_it_resolves():
    """204.3.b — Insightful Investigator's “you may pay 2 XP to …”."""
    cards = "cards:\n  示例·付费:\n    {type: spell, cost: 0, effects: [{may_pay: {cost: {xp: 2}, then: [{draw: 1}]}}]}\n"
    script = "- play: 示例·付费\n- pass:\n  answer: {pay: true}\n"
    assert "204.3.b" in _cited(cards, "    A: {hand: [示例·付费], deck: 3, xp: 2}\n    B: {}\n", script)


def test_you_may_take_one_of_the_cards_looked_at_is_decided_as_it_resolves():
    """383.3.a.3 — Ornn, Blacksmith: “you may reveal a gear from among them and draw it”."""
    cards = ("cards:\n  示例·探查:\n    {type: spell, cost: 0, effects: [{look: {amount: 2, take: {card: {kind: gear}, to: hand,"
             " may: true}, rest: recycle}}]}\n  示例·长剑:\n    {type: gear, cost: 1}\n")
    players = "    A: {hand: [示例·探查], deck: [示例·长剑, 焚烧, 焚烧]}\n    B: {}\n"
    assert "383.3.a.3" in _cited(cards, players, "- play: 示例·探查\n- pass:\n")


def test_swapping_places_with_a_unit_already_at_the_same_place_is_no_move():
    """446.1 — Azir, Ascendant choosing the Treasure Hunter beside him: nothing moves."""
    cards = ("cards:\n  示例·换位:\n    {type: spell, cost: 0, target: friendly_unit, effects: [{swap_places: null}]}\n"
             "  示例·将军:\n    {type: unit, cost: 0, might: 3, abilities: [{cost: {energy: 0}, target: friendly_unit,"
             " effects: [{swap_places: null}]}]}\n")
    rest = ("  battlefields:\n    - name: 北\n      controller: A\n      units: [{id: 将军, card: 示例·将军},"
            " {id: 兵, card: 示例·将军}]\n")
    script = "- activate: 将军\n  ability: ability1\n  targets: 兵\n- pass:\n"
    assert "446.1" in _cited(cards, "    A: {}\n    B: {}\n", script, rest)


def test_a_gear_copying_its_units_text_copies_the_printed_text_only():
    """477.1.b.1.b — Svellsongur attached after Cleave: the Assault 3 Cleave gave is not copied."""
    cards = ("cards:\n  示例·歌剑:\n    {type: gear, cost: 0, passives: {copy_attached_text: 1}}\n"
             "  示例·装上:\n    {type: spell, cost: 0, target: friendly_unit, effects: [{attach: 示例·歌剑}]}\n")
    players = ("    A:\n      hand: [示例·装上]\n      gear: [示例·歌剑]\n      base: [{id: 兵, card: 警觉的哨兵}]\n"
               "    B: {}\n")
    assert "477.1.b.1.b" in _cited(cards, players, "- play: 示例·装上\n  targets: 兵\n- pass:\n")


def test_one_of_two_repeats_paid_says_each_is_paid_or_not_individually():
    """820.1.c.2 — Temporal Portal's Repeat on Frigid Touch, which has its own: one of the two paid."""
    cards = ("cards:\n  示例·连射:\n    {type: spell, cost: 0, keywords: {回响: 1}, repeat: [1, 1], target: unit,"
             " effects: [{deal: 1}]}\n")
    players = "    A: {hand: [示例·连射], runes: 2}\n    B: {base: [{id: 敌, card: 警觉的哨兵}]}\n"
    script = "- play: 示例·连射\n  targets: 敌\n  repeat: [1]\n  repeat_targets: [[敌]]\n- pass:\n"
    assert "820.1.c.2" in _cited(cards, players, script)


def test_an_attached_gear_can_be_chosen():
    """718.5.b — Angle Shot choosing a unit and the gear already attached to it."""
    cards = ("cards:\n  示例·取放:\n    {type: spell, cost: 0, target: [{}, {kind: gear}], effects: [{detach: {to: {target: 2},"
             " from: {target: 1}}}, {draw: 1}]}\n"
             "  示例·剑:\n    {type: gear, cost: 0}\n")
    players = ("    A:\n      hand: [示例·取放]\n      deck: 2\n      base: [{id: 兵, card: 警觉的哨兵, attached: [示例·剑]}]\n"
               "    B: {}\n")
    assert "718.5.b" in _cited(cards, players, "- play: 示例·取放\n  targets: [兵, 示例·剑]\n- pass:\n")
