"""A cost paid with one unit of the controller's (issue 16): ``object: {act, what}`` in a triggered ability's cost
(204.3.a) or an activated one's (377) — the unit made to return to its owner's hand, exhausted or recycled, any noun
phrase of yours naming it — and the instructions naming that unit again (``paid_with``: “被回收单位”, “因此技能而休眠的
单位”), its Might as it was paid once it left the board (359.3.e.13); a play's discount of such an amount.

Each wording: the tree, the gate, the round trip; then the tree run in a scenario, so it does what the card says.
"""

from __future__ import annotations

import re

import pytest
from conftest import board, play_scenario
from conftest import flow as _flow

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine.layers import might


def _compiled(text: str, card_type: str = "unit"):
    language = "en" if re.match("[A-Za-z]", text) else "zh"
    return compile_card(CardSource("T-320", language, text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood
    return {key: value for key, value in result.tree.items() if key not in ("type", "cost", "might")}


RETURN_HERE = {"act": "return_to_hand", "what": {"who": "friendly", "where": "here"}}
RECYCLE_OTHER = {"act": "recycle", "what": {"who": "friendly", "other": True}}
EXHAUST_ONE = {"act": "exhaust", "what": {"who": "friendly"}}
PAID_MIGHT = {"might_of": "paid_with"}

TRIGGERED = [  # (text, card type, its cost, its effects): the parts combined with other triggers, payments and verbs
    ("当你据守此处时，你可以支付①并让你在此处控制的一名单位返回其所属的手牌，以此抽一张牌。", "battlefield",
     {"energy": 1, "object": RETURN_HERE}, [{"draw": 1}]),
    ("当我进攻时，你可以选择回收另一名友方单位，以此抽两张牌。", "unit", {"object": RECYCLE_OTHER}, [{"draw": 2}]),
    ("当你打出我时，你可以选择让一名友方“机械”属性单位变为休眠状态，以此让我在本回合内战力+2。", "unit",
     {"object": {"act": "exhaust", "what": {"who": "friendly", "tag": "机械"}}}, [{"might": 2}]),
    ("当我防守时，你可以选择支付②并回收你控制的另一名单位，以此让我在本回合内战力+1。", "unit",
     {"energy": 2, "object": RECYCLE_OTHER}, [{"might": 1}]),
]


@pytest.mark.parametrize(("text", "card_type", "cost", "effects"), TRIGGERED, ids=[t for t, *_ in TRIGGERED])
def test_a_trigger_cost_paid_with_a_unit_of_yours_is_any_act_on_any_phrase_of_yours(text, card_type, cost, effects):
    (ability,) = _round_trip(text, card_type)["abilities"]
    assert ability["cost"] == cost and ability["effects"] == effects


ACTIVATED = [  # (text, its cost, its target, its effects)
    ("让你控制的一名单位变为休眠状态，横置：让因此技能而休眠的单位在本回合内战力+2。", {"object": EXHAUST_ONE, "exhaust": True},
     None, [{"might": {"to": "paid_with", "amount": 2}}]),
    ("支付①，让另一名友方单位返回其所属的手牌：抽一张牌。", {"energy": 1, "object": {"act": "return_to_hand",
                                                                   "what": {"who": "friendly", "other": True}}},
     None, [{"draw": 1}]),
    ("将你控制的一名单位变为休眠状态，横置：对一名敌方单位造成等同于因此技能而休眠的单位的战力的伤害。",
     {"object": EXHAUST_ONE, "exhaust": True}, {"who": "enemy"}, [{"deal": {"amount": PAID_MIGHT}}]),
]


@pytest.mark.parametrize(("text", "cost", "target", "effects"), ACTIVATED, ids=[t for t, *_ in ACTIVATED])
def test_an_activated_cost_takes_a_unit_of_yours_among_its_parts_and_its_instructions_name_it_again(text, cost, target,
                                                                                                    effects):
    (ability,) = _round_trip(text, "gear")["abilities"]
    assert ability["cost"] == cost and ability["effects"] == effects and ability.get("target") == target


def test_the_unit_recycled_gives_its_might_to_an_amount_and_to_a_plays_discount():
    text = "当我进攻时，你可以回收一名友方“机械”属性单位，以此从废牌堆中打出一件装备，将其所需法力费用减去被回收单位的战力。"
    (ability,) = _round_trip(text)["abilities"]
    assert ability["cost"] == {"object": {"act": "recycle", "what": {"who": "friendly", "tag": "机械"}}}
    assert ability["effects"] == [{"play": {"from": "trash", "card": {"kind": "gear"}, "discount": PAID_MIGHT, "at": "any"}}]


NOT_READ = [
    "当你打出我时，对一名敌方单位造成等同于被回收单位的战力的伤害。",  # no cost recycled a unit
    "当我进攻时，你可以选择回收另一名友方单位，以此对一名敌方单位造成等同于因此技能而休眠的单位的战力的伤害。",  # another act
]


@pytest.mark.parametrize("text", NOT_READ)
def test_the_paid_unit_is_named_only_after_a_cost_that_took_one_by_that_act(text):
    assert _compiled(text).status == "not_understood"


def test_a_unit_not_yours_or_several_units_are_no_cost_of_one_unit_of_yours():
    assert "object" not in str(_compiled("当我进攻时，你可以选择让一名敌方单位返回其所属的手牌，以此抽一张牌。").tree)
    assert "object" not in str(_compiled("当我进攻时，你可以选择回收两名友方单位，以此抽一张牌。").tree)


# -- in play -------------------------------------------------------------------------------------------------------------

def _card(text: str, card_type: str = "unit", **facts) -> str:
    result = _compiled(text, card_type)
    assert result.status == "compiled", result.problems
    return _flow({**result.tree, **facts})


RECYCLER = "当你打出我时，你可以选择回收另一名友方单位，以此对一名敌方单位造成等同于被回收单位的战力的伤害。"


def test_the_recycled_unit_goes_to_the_bottom_of_its_deck_and_its_might_as_paid_is_dealt():
    cards = f"cards:\n  试验牌: {_card(RECYCLER, cost=0)}\n  兵: {{type: unit, might: 3}}\n  大兵: {{type: unit, might: 5}}\n"
    state = board("hand: [试验牌], deck: 2, base: [{id: 友, card: 兵}]", "base: [{id: 敌, card: 大兵}]")
    trace, final = play_scenario(cards, state, script="- play: 试验牌\n- pass:\n")
    assert "友" not in final.units and final.players["A"].deck[-1].name == "兵"  # recycled: at the bottom (416.1.a)
    assert final.units["敌"].damage == 3  # its Might as it was paid, looked back at (359.3.e.13)
    assert "204.3.a" in trace.cited() and "359.3.e.13" in trace.cited()


def test_with_no_other_unit_of_yours_the_trigger_cost_cannot_be_paid_and_it_is_not_on_the_chain():
    cards = f"cards:\n  试验牌: {_card(RECYCLER, cost=0)}\n  大兵: {{type: unit, might: 5}}\n"
    _, final = play_scenario(cards, board("hand: [试验牌], deck: 2", "base: [{id: 敌, card: 大兵}]"),
                             script="- play: 试验牌\n")
    assert final.units["敌"].damage == 0 and not final.chain


def test_a_unit_returned_here_pays_the_trigger_and_one_elsewhere_cannot():
    text = "当你打出我时，你可以选择支付①并让你在此处控制的另一名单位返回其所属的手牌，以此抽两张牌。"
    cards = f"cards:\n  试验牌: {_card(text, cost=0)}\n  兵: {{type: unit, might: 1}}\n"
    here = board("hand: [试验牌], deck: 3, energy: 1", "", "name: 战场, controller: A, units: [{id: 友, card: 兵, controller: A}]")
    script = "- play: 试验牌\n  to: 战场\n- pass:\n"
    _, final = play_scenario(cards, here, script=script)
    assert "友" not in final.units and "兵" in [card.name for card in final.players["A"].hand]
    assert len(final.players["A"].hand) == 3 and final.players["A"].energy == 0  # 兵 and the two cards drawn
    base = board("hand: [试验牌], deck: 3, energy: 1, base: [{id: 友, card: 兵}]", "", "name: 战场, controller: A")
    _, final = play_scenario(cards, base, script=script.replace("- pass:\n", ""))
    assert "友" in final.units and not final.players["A"].hand  # 友 is not here: no cost paid, nothing drawn


GEAR = "让你控制的一名单位变为休眠状态，横置：让因此技能而休眠的单位在本回合内战力+2。"


def test_an_activated_cost_exhausts_a_ready_unit_of_yours_and_the_ability_acts_on_that_unit():
    cards = f"cards:\n  试验牌: {_card(GEAR, 'gear', cost=0)}\n  兵: {{type: unit, might: 1}}\n"
    state = board("gear: [试验牌], base: [{id: 累, card: 兵, exhausted: true}, {id: 友, card: 兵}]")
    _, final = play_scenario(cards, state, script="- activate: 试验牌\n  ability: ability1\n- pass:\n")
    assert final.units["友"].exhausted and might(final, final.units["友"]) == 3
    assert might(final, final.units["累"]) == 1  # the unit already exhausted could not pay


def test_an_activated_cost_with_no_ready_unit_of_yours_cannot_be_paid():
    cards = f"cards:\n  试验牌: {_card(GEAR, 'gear', cost=0)}\n  兵: {{type: unit, might: 1}}\n"
    state = board("gear: [试验牌], base: [{id: 累, card: 兵, exhausted: true}]")
    play_scenario(cards, state, script="- activate: 试验牌\n  ability: ability1\n  expect_illegal: 358.2\n")


def test_the_play_is_discounted_by_the_might_of_the_unit_recycled():
    text = "当你打出我时，你可以回收你控制的另一名单位来从废牌堆中打出一名单位，将其所需法力费用减去被回收单位的战力。"
    cards = f"cards:\n  试验牌: {_card(text, cost=0)}\n  兵: {{type: unit, might: 3}}\n  巨像: {{type: unit, cost: 4, might: 6}}\n"
    state = board("hand: [试验牌], deck: 2, energy: 1, trash: [巨像], base: [{id: 友, card: 兵}]")
    _, final = play_scenario(cards, state, script="- play: 试验牌\n- pass:\n")
    assert any(unit.card == "巨像" for unit in final.units.values()) and final.players["A"].energy == 0  # 4 − 3 paid


# -- “如果你支付了该额外费用，则改为选择Y”: the target with the optional additional cost paid (355.1.a) -----------------

WIDER = "你可以选择支付②，作为打出此牌的额外费用。\n选择一名不高于2战力的敌方单位。如果你支付了该额外费用，则改为选择一名敌方单位。对其造成3点伤害。"
XP_READY = ("你可以选择消耗2经验，作为打出此牌的额外费用。\n选择你基地中的一名友方单位。如果你支付了该额外费用，则改为选择战场上的"
            "一名单位。让其变为活跃状态。")
WIDENED = [  # (text, target, target if paid)
    (WIDER, {"who": "enemy", "might": {"le": 2}}, {"who": "enemy"}),
    (XP_READY, {"who": "friendly", "where": "base"}, {"where": "battlefield"}),
]


@pytest.mark.parametrize(("text", "target", "paid"), WIDENED, ids=[t for t, *_ in WIDENED])
def test_a_spell_chooses_another_target_when_its_optional_additional_cost_is_paid(text, target, paid):
    tree = _round_trip(text, "spell")
    assert tree["target"] == target and tree["target_if_paid"] == paid


def test_a_target_instead_needs_an_optional_additional_cost_and_one_object_as_the_first():
    assert _compiled(WIDER.split("\n")[1], "spell").status == "not_understood"  # no additional cost to pay
    assert _compiled(WIDER.replace("改为选择一名敌方单位", "改为选择一件敌方装备"), "spell").status == "not_understood"
    assert _compiled(WIDER.replace("改为选择一名敌方单位", "改为选择两名敌方单位"), "spell").status == "not_understood"


@pytest.mark.parametrize(("pay", "target"), [("true", "大"), ("true", "小"), ("false", "小")])
def test_the_target_chosen_is_checked_against_the_spec_the_payment_chose(pay, target):
    result = _compiled(WIDER, "spell")
    cards = f"cards:\n  试验牌: {_flow({**result.tree, 'cost': 0})}\n  兵: {{type: unit, might: 2}}\n  巨: {{type: unit, might: 5}}\n"
    state = board("hand: [试验牌], energy: 2", "base: [{id: 小, card: 兵}, {id: 大, card: 巨}]")
    _, final = play_scenario(cards, state, script=f"- play: 试验牌\n  pay_additional: {pay}\n  targets: [{target}]\n- pass:\n")
    assert final.players["A"].energy == (0 if pay == "true" else 2)
    assert (final.units[target].damage == 3) if target == "大" else target not in final.units  # 3 damage: the 2 Might one dies


def test_unpaid_the_spell_cannot_choose_the_wider_target():
    result = _compiled(WIDER, "spell")
    cards = f"cards:\n  试验牌: {_flow({**result.tree, 'cost': 0})}\n  巨: {{type: unit, might: 5}}\n"
    state = board("hand: [试验牌], energy: 2", "base: [{id: 大, card: 巨}]")
    play_scenario(cards, state, script="- play: 试验牌\n  targets: [大]\n  expect_illegal: 355.9.b\n")


LISTED = [  # “A、B、并C”: instructions listed with 、 (and a last 、并), each its own; “A、B或C” stays a choice of one
    ("选择一名敌方单位。你获得其控制权、将其变为休眠状态、并将其召回。", [{"gain_control": None}, {"exhaust": None}, {"recall": None}]),
    ("选择一名友方单位。让其变为活跃状态、并将其召回。", [{"ready": None}, {"recall": None}]),
]


@pytest.mark.parametrize(("text", "effects"), LISTED, ids=[t for t, _ in LISTED])
def test_instructions_listed_with_a_pause_mark_are_each_done(text, effects):
    assert _round_trip(text, "spell")["effects"] == effects


def test_a_list_ending_in_or_is_still_one_choice():
    tree = _round_trip("当你打出我时，让我在本回合内获得强攻2、让我在本回合内获得法盾2或让我在本回合内获得游走。")
    assert len(tree["abilities"][0]["effects"][0]["one_of"]) == 3


# -- “如果一个将我选作目标的法术或技能将眩晕我、或给予我-战力、或把我送回手牌，则改为…”: one replacement per event (368.1, 370) ---

NAVAL = ("强化 橙色符能×2（支付橙色符能×2：强化我。仅在未强化时可用。）\n已强化 ▸ 如果一个将我选作目标的法术或技能将眩晕我、"
         "或给予我-战力、或把我送回手牌，则改为给予我在本回合内战力+2。")


def test_each_event_a_spell_choosing_me_would_do_is_a_replacement_of_mine_under_its_head_condition():
    abilities = _round_trip(NAVAL, "champion")["abilities"]
    assert [a["replacement"]["event"] for a in abilities] == ["stun", "might", "return_to_hand"]
    assert all(a["replacement"]["becomes"] == 2 and a["condition"] == {"empowered": True} for a in abilities)
    alone = _round_trip("如果一个将我选作目标的法术或技能将把我送回手牌，则改为给予我在本回合内战力+1。")["abilities"]
    assert alone == [{"replacement": {"event": "return_to_hand", "affects": "me_chosen", "becomes": 1}}]
    assert _compiled("如果一个将我选作目标的法术或技能将摧毁我，则改为给予我在本回合内战力+1。").status == "not_understood"


SPELLS = """cards:
  海王: TREE
  回手术: {type: spell, cost: 0, target: unit, effects: [{return_to_hand: null}]}
  全回术: {type: spell, cost: 0, effects: [{return_to_hand: {to: {each: {}}}}]}
  晕术: {type: spell, cost: 0, target: unit, effects: [{stun: null}]}
"""


@pytest.mark.parametrize(("spell", "empowered", "stays", "might_now"), [
    ("回手术", 1, True, 8), ("晕术", 1, True, 8), ("回手术", 0, False, None), ("全回术", 1, False, None),
])
def test_the_replacement_works_while_empowered_on_a_spell_that_chose_me(spell, empowered, stays, might_now):
    tree = _compiled(NAVAL, "champion").tree
    cards = SPELLS.replace("TREE", _flow({**tree, "might": 6}))
    state = board(f"hand: [{spell}]", f"base: [{{id: 王, card: 海王, empowered: {empowered}}}]")
    targets = "  targets: [王]\n" if spell != "全回术" else ""
    _, final = play_scenario(cards, state, script=f"- play: {spell}\n{targets}- pass:\n")
    assert ("王" in final.units) == stays
    if stays:
        assert might(final, final.units["王"]) == might_now and not final.units["王"].stunned


ENGLISH = [  # the English of the cost part: the same tree as the Chinese
    ("When you hold here, you may pay ② and return a friendly unit here to its owner's hand to draw 1.", "battlefield",
     "当你据守此处时，你可以支付②并让你在此处控制的一名单位返回其所属的手牌，以此抽一张牌。"),
    ("When I attack, you may recycle another friendly unit to draw 2.", "unit", "当我进攻时，你可以选择回收另一名友方单位，以此抽两张牌。"),
    ("Exhaust a unit you control, Exhaust: Draw 1.", "gear", "让你控制的一名单位变为休眠状态，横置：抽一张牌。"),
]


@pytest.mark.parametrize(("english", "card_type", "chinese"), ENGLISH, ids=[e for e, *_ in ENGLISH])
def test_the_english_cost_part_reads_as_the_chinese_does(english, card_type, chinese):
    assert _round_trip(english, card_type) == _round_trip(chinese, card_type)


def test_the_english_replacement_of_what_a_spell_choosing_me_would_do_reads_as_the_chinese():
    english = "If a spell or ability that chooses me would return me to hand or stun me, give me +1 Might this turn instead."
    chinese = "如果一个将我选作目标的法术或技能将把我送回手牌、或眩晕我，则改为给予我在本回合内战力+1。"
    assert _round_trip(english) == _round_trip(chinese)
    assert [a["replacement"]["event"] for a in _round_trip(english)["abilities"]] == ["return_to_hand", "stun"]
