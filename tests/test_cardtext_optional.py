"""The Chinese compiler's “you may” under a condition and optional costs (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine runs
it) and the round trip (the rendering compiles to the same tree); the trees are then run in scenarios, so the engine
does what the wording says and not otherwise.
"""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from test_cardtext_may import _passes, _source
from test_cardtext_triggers import _compiled, _flow, compiles_to

from judgekit.errors import ScenarioError

DRAW = [{"draw": 1}]

CARDS = [
    # “如果C，则你可以选择Y”: the “you may” is asked only when C holds as it executes (when: {if, effects})
    ("unit", "当我进攻时，抽一张牌。如果你控制着不少于两名其他单位，则你可以选择给予我增益。",
     [{"trigger": "attacked", "effects": [
         {"draw": 1}, {"when": {"if": {"controls": {"other": True}, "at_least": 2}, "effects": [{"may": [{"buff": None}]}]}}]}]),
    ("unit", "当我防守时，让我本回合内战力+1。如果我已被强化，则你可以选择支付②，以此抽一张牌。",
     [{"trigger": "defended", "effects": [
         {"might": 1}, {"when": {"if": {"empowered": True}, "effects": [{"may_pay": {"cost": {"energy": 2}, "then": DRAW}}]}}]}]),
    # a level's activated ability with its timing (824.1.c, 813); “▸ ▸▸” printed for one arrow
    ("gear", "等级4▸反应▸横置：抽一张牌。",
     [{"cost": {"exhaust": True}, "timing": "reaction", "effects": DRAW, "condition": {"level": 4}}]),
    ("unit", "等级 2 ▸ ▸▸迅捷 ▸ 支付②：让我在本回合内战力+2。",
     [{"cost": {"energy": 2}, "timing": "action", "effects": [{"might": 2}], "condition": {"level": 2}}]),
    # an activated cost taking one card of a kind: from the hand, from the trash (``{card: CARD_FILTER}``)
    ("gear", "弃置一张法术牌，横置：抽两张牌。",
     [{"cost": {"discard": {"card": {"kind": "spell"}}, "exhaust": True}, "effects": [{"draw": 2}]}]),
    ("gear", "支付①，从你的废牌堆中回收一件装备，横置：抽一张牌。",
     [{"cost": {"energy": 1, "recycle": {"card": {"kind": "gear"}}, "exhaust": True}, "effects": DRAW}]),
    ("gear", "摧毁一个友方单位或装备，支付①：抽一张牌。", [{"cost": {"kill_friendly": "unit_or_gear", "energy": 1}, "effects": DRAW}]),
    # “你可以选择支付X。若如此做，Y”: a payment as it resolves (may_pay), not the trigger's cost (which “X，以此Y” is)
    ("unit", "当我进攻时，你可以选择支付②。若如此做，给予我增益。",
     [{"trigger": "attacked", "effects": [{"may_pay": {"cost": {"energy": 2}, "then": [{"buff": {"to": "self"}}]}}]}]),
    ("unit", "当我防守时，你可以选择支付2经验。若你这样做，抽一张牌。否则，弃置一张手牌。",
     [{"trigger": "defended", "effects": [{"may_pay": {"cost": {"xp": 2}, "then": DRAW, "otherwise": [{"discard": 1}]}}]}]),
    # “X来Y” is “X，以此Y”: the source's own cost opening a trigger is its cost, any other instruction a “you may”
    ("unit", "当我进攻时，你可以选择让我变为休眠状态来给予我增益。",
     [{"trigger": "attacked", "cost": {"exhaust": True}, "effects": [{"buff": None}]}]),  # no target: its source
    ("unit", "当我防守时，你可以选择弃置一张手牌来抽两张牌。",
     [{"trigger": "defended", "effects": [{"may": [{"discard": 1}]}, {"draw": {"amount": 2, "if": {"you_did": True}}}]}]),
    # “你可以支付X，以此/从而/以Y”: the same trigger cost with or without 选择
    ("unit", "当我进攻时，你可以支付①，从而抽一张牌。", [{"trigger": "attacked", "cost": {"energy": 1}, "effects": DRAW}]),
    ("unit", "当我进攻时，你可以选择支付红色符能以抽一张牌。", [{"trigger": "attacked", "cost": {"runes": ["炽烈"]}, "effects": DRAW}]),
    # buffs spent in any number, what follows done once for each (pay_any of buffs)
    ("unit", "当我进攻时，可选择消耗任意数量的增益。每消耗一个增益，便抽一张牌。",
     [{"trigger": "attacked", "effects": [{"pay_any": {"resource": "buffs", "then": [
         {"repeat": {"times": {"paid": True}, "effects": DRAW}}]}}]}]),
    # a cost of any size within instructions (204.3.b): “该数量” / “等量” is what was paid
    ("gear", "支付②：支付任意数量的任意符能，以此抽等同于该数量的牌。",
     [{"cost": {"energy": 2}, "effects": [{"pay_any": {"resource": "power", "then": [{"draw": {"amount": {"paid": True}}}]}}]}]),
    ("gear", "横置：支付任意数量的能量来获得等量的任意符能。",
     [{"cost": {"exhaust": True}, "effects": [{"pay_any": {"resource": "energy", "then": [{"add": {"power": {"paid": True}}}]}}]}]),
    # a death replaced only if paid as it would die (``replace_death: {pay}``)
    ("gear", "横置：选择一名友方单位。本回合内，当它下次被摧毁时，你可以选择支付①，以此改为将其召回，并让其进入休眠状态，移除其所受伤害。",
     [{"cost": {"exhaust": True}, "target": {"who": "friendly"}, "effects": [{"replace_death": {"pay": {"energy": 1}}}]}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


SPELL_WHEN = "你可以选择抽一张牌。如果你控制着不少于{n}名单位，则你可以选择抽一张牌。若如此做，抽一张牌。"


@pytest.mark.parametrize(("units", "answers", "hand"), [
    (2, "[true, true]", 3),  # the condition holds: asked, done, and “if you do” follows it
    (2, "[true, false]", 1),  # declined: “if you do” is not done
    (9, "[true]", 1),  # the condition fails: not asked, and “if you do” is not done though the first “you may” was
])
def test_a_you_may_under_a_condition_is_asked_only_when_it_holds_and_if_you_do_follows_it(units, answers, hand):
    tree = _compiled(SPELL_WHEN.format(n=units), "spell").tree
    assert tree["effects"][1] == {"when": {"if": {"controls": {}, "at_least": units}, "effects": [{"may": DRAW}]}}
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}",
                                          "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow({**tree, "cost": 1}))
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, f"  - play: 新牌\n  - pass:\n    answer: {{may: {answers}}}", f"  - player: A\n    hand: {hand}")


# 204.3.b: spending the buffs of units chosen with a buff is a cost always paid (their filter is checked as it resolves);
# “你可以选择任意数量…” chooses any number, none included (355.13): the “you may” adds nothing
SPEND_TO_READY = "你可以选择任意数量拥有增益的友方单位，消耗它们的增益，以此让它们变为活跃状态。然后，给予所有友方单位增益。"


def test_spending_chosen_units_buffs_to_ready_them_compiles_and_back():
    result = _compiled(SPEND_TO_READY, "spell")
    assert result.status == "compiled", result.problems
    assert result.tree["target"] == {"who": "friendly", "buffed": True, "count": None, "up_to": True}
    assert result.tree["effects"] == [{"spend_buff": None}, {"ready": None}, {"buff": {"to": {"each": {"who": "friendly"}}}}]
    assert _compiled(result.understood, "spell").tree == result.tree


@pytest.mark.parametrize("text", [
    "你可以选择任意数量的友方单位，消耗它们的增益，以此让它们变为活跃状态。",  # not all of them have one to spend
    "你可以选择任意数量拥有增益的敌方单位，消耗它们的增益，以此眩晕它们。",  # an opponent's buffs are not yours to spend
])
def test_a_buff_that_may_not_be_there_or_not_yours_is_not_read_as_a_cost_always_paid(text):
    assert _compiled(text, "spell").status == "not_understood"


def test_the_chosen_units_spend_their_buffs_ready_and_are_buffed_again_and_the_others_keep_theirs():
    tree = _compiled(SPEND_TO_READY, "spell").tree
    cards = "cards:\n  示例·召集: " + _flow({**tree, "cost": 0}) + "\n  示例·兵: {type: unit, cost: 0, might: 1}\n"
    state = board("hand: [示例·召集], deck: 3, base: [{id: 甲, card: 示例·兵, buffs: 1, exhausted: true}, "
                  "{id: 乙, card: 示例·兵, buffs: 1, exhausted: true}, {id: 丙, card: 示例·兵}]")
    _, final = play_scenario(cards, state, script="- play: 示例·召集\n  targets: [甲]\n- pass:\n")
    assert not final.units["甲"].exhausted and final.units["甲"].buffs == 1  # spent, readied, buffed again
    assert final.units["乙"].exhausted and final.units["乙"].buffs == 1  # not chosen: its buff kept, no second one
    assert final.units["丙"].buffs == 1
    spent = "\n  示例·召集: " + _flow({**tree, "cost": 0, "effects": tree["effects"][:2]})
    _, final = play_scenario(cards.replace("\n  示例·召集: " + _flow({**tree, "cost": 0}), spent), state,
                             script="- play: 示例·召集\n  targets: [甲, 乙]\n- pass:\n")
    assert [(final.units[u].exhausted, final.units[u].buffs) for u in "甲乙"] == [(False, 0), (False, 0)]


# 204.3.a: “绝念—回收我，以此Y” opens a triggered ability with a cost: the dead unit's card recycled from its owner's trash
# (416.1.a) to finalize it; a token (no card in the trash) cannot pay it, and no other trigger finds its card there
RECYCLE_ME = "绝念▸回收我，以此让你的所有符文变为活跃状态。"


def test_recycle_me_opens_a_deathknell_as_its_cost_and_only_a_deathknell():
    compiles_to("unit", RECYCLE_ME, [{"trigger": "killed", "cost": {"recycle_self": True},
                                     "effects": [{"ready_runes": {"amount": {"runes_of": "you"}}}]}])
    assert _compiled("当我进攻时，回收我，以此抽两张牌。", "unit").status == "not_understood"


@pytest.mark.parametrize(("token", "deck", "ready"), [(False, 3, 3), (True, 2, 0)])
def test_the_dead_units_card_goes_under_the_deck_and_the_runes_ready_and_a_token_cannot_pay(token, deck, ready):
    tree = {**_compiled(RECYCLE_ME, "unit").tree, "cost": 2}
    if token:
        tree["type"] = "token"
    cards = ("cards:\n  示例·轮回: " + _flow(tree) +
             "\n  示例·斩: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}\n")
    state = board("hand: [示例·斩], deck: 2, runes: [{domain: 炽烈, exhausted: true}, {domain: 炽烈, exhausted: true}, "
                  "{domain: 炽烈, exhausted: true}], base: [{id: 轮, card: 示例·轮回}]")
    _, final = play_scenario(cards, state, script="- play: 示例·斩\n  targets: 轮\n- pass:\n")
    player = final.players["A"]
    assert len(player.deck) == deck and [card.name for card in player.trash] == ["示例·斩"]
    assert sum(not rune.exhausted for rune in player.runes) == ready
    if not token:
        assert player.deck[-1].name == "示例·轮回"  # at the bottom


def test_recycling_its_card_is_refused_as_the_cost_of_any_other_ability():
    for ability in ('{trigger: attacked, cost: {recycle_self: true}, effects: [{draw: 1}]}',
                    '{cost: {recycle_self: true}, effects: [{draw: 1}]}',
                    '{trigger: {event: killed, subject: friendly}, cost: {recycle_self: true}, effects: [{draw: 1}]}'):
        cards = "cards:\n  示例·轮回: {type: unit, cost: 1, might: 1, abilities: [" + ability + "]}\n"
        with pytest.raises(ScenarioError, match="recycle_self"):
            play_scenario(cards, board("base: [{id: 轮, card: 示例·轮回}]"), script="- pass:\n")


def test_that_amount_outside_a_payment_of_any_size_is_not_read():
    assert _compiled("抽一张牌，然后抽等同于该数量的牌。", "spell").status == "not_understood"


def test_a_compiled_payment_of_any_size_deals_what_was_paid():
    tree = _compiled("支付任意数量的法力，以此对一名敌方单位造成等同于该数量的伤害。", "spell").tree
    assert tree["effects"] == [{"pay_any": {"resource": "energy", "then": [{"deal": {"amount": {"paid": True}}}]}}]
    cards = "cards:\n  新牌: " + _flow({**tree, "cost": 0}) + "\n  巨兵: {type: unit, might: 9}\n"
    state = board("hand: [新牌], runes: 3", "base: [{id: 敌, card: 巨兵}]")
    _, final = play_scenario(cards, state, script="- play: 新牌\n  targets: 敌\n- pass:\n  answer: {amount: 2}\n")
    assert final.units["敌"].damage == 2 and sum(rune.exhausted for rune in final.players["A"].runes) == 2


PAID_PICK = "当你打出我时，选择一名对手。让其展示手牌。你可以选择支付3经验，从其手牌中选择一张法术牌。若如此做，则让该对手回收该卡牌，并抽一张牌。"


@pytest.mark.parametrize(("pay", "xp", "trash_size", "drawn"), [("true", 0, 0, 1), ("false", 3, 0, 0)])
def test_a_card_picked_from_a_revealed_hand_after_paying_xp(pay, xp, trash_size, drawn):
    tree = _compiled(PAID_PICK, "unit").tree
    assert tree["abilities"][0]["effects"] == [
        {"reveal_hand": {"who": "chosen_player"}},
        {"may_pay": {"cost": {"xp": 3}, "then": [
            {"pick_from_hand": {"who": "chosen_player", "card": {"kind": "spell"}, "then": "recycle"}},
            {"draw": {"who": "chosen_player", "amount": 1}}]}}]
    cards = "cards:\n  新牌: " + _flow({**tree, "cost": 0}) + "\n  妙法: {type: spell}\n  兵: {type: unit, might: 1}\n"
    state = board("hand: [新牌], xp: 3", "hand: [兵, 妙法], deck: 2")
    _, final = play_scenario(cards, state, script=f"- play: 新牌\n- pass:\n  answer: {{pay: {pay}}}\n")
    hand = [card.name for card in final.players["B"].hand]
    assert final.players["A"].xp == xp and final.players["B"].drawn == drawn
    assert ("妙法" in hand) == (pay == "false") and "兵" in hand  # the spell recycled, not the unit
    assert len(final.players["B"].trash) == trash_size


def test_a_payment_said_alone_needs_what_paying_does():
    assert _compiled("当我进攻时，你可以选择支付①。", "unit").status == "not_understood"


@pytest.mark.parametrize(("pay", "drawn", "runes_left"), [("true", 1, 0), ("false", 0, 1)])
def test_a_payment_then_if_you_do_is_asked_as_the_trigger_resolves(pay, drawn, runes_left):
    tree = _compiled("当我移动时，你可以选择支付①。如果你这么做，则抽一张牌。", "unit").tree
    assert tree["abilities"] == [{"trigger": "moved", "effects": [{"may_pay": {"cost": {"energy": 1}, "then": DRAW}}]}]
    cards = "cards:\n  新牌: " + _flow({**tree, "cost": 0}) + "\n"
    state = board("runes: 1, deck: 2, base: [{id: 新, card: 新牌}]", "", "name: 北方战场")
    _, final = play_scenario(cards, state, script=f"- move: 新\n  to: 北方战场\n- pass:\n  answer: {{pay: {pay}}}\n")
    assert final.players["A"].drawn == drawn and sum(not rune.exhausted for rune in final.players["A"].runes) == runes_left


def test_an_optional_additional_cost_said_first():
    tree = _compiled("作为打出此牌的额外费用，你可以选择弃置一张手牌。若如此做，则抽两张牌。", "spell").tree
    assert tree["additional_cost"] == {"optional": {"discard": 1}}
    assert tree["effects"] == [{"draw": {"amount": 2, "if": {"paid_additional_cost": True}}}]


def test_an_optional_cost_offered_under_a_condition_makes_me_enter_ready():
    tree = _compiled("如果你在本回合打出过法术，则你可以选择弃置一张手牌作为额外费用，以此让我以活跃状态进场。", "unit").tree
    assert tree["additional_cost"] == {"optional": {"discard": 1}, "while": {"played_this_turn": ["spell"]}, "enters_ready": True}
    assert _compiled("你可以选择支付①作为额外费用，以此让我以活跃状态进场。", "spell").status == "not_understood"


def test_a_battlefields_death_replacement_paid_by_the_units_controller():
    tree = _compiled("如果此处的一名单位被摧毁，其控制者可以选择支付①，以此改为将其召回，并让其变为休眠状态，移除其所受伤害。",
                     "battlefield").tree
    assert tree["abilities"] == [{"replacement": {"event": "die", "affects": "here", "recall": True, "pay": {"energy": 1},
                                                  "payer": "unit_controller"}}]
