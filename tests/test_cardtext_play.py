"""The Chinese compiler's wordings of playing cards, cost changes, restrictions and statics (issue 16).

Synthetic cards only (fact-free pattern examples, no card text): each wording, the tree it compiles to
(checked by hand against the rules it stands for), the gate (the engine runs it) and the round trip (the
rendering compiles to the same tree); a few trees are then run in a scenario.
"""

from __future__ import annotations

import json

import pytest
from conftest import passes

from judgekit.cardtext import CardSource, compile_card
from judgekit.cardtext.zh import CARD_LEVEL
from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play, run
from judgekit.scenarios.scenario import parse


def _compiled(text: str, card_type: str = "unit"):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood
    return result.tree


PLAYED = {"trigger": "played"}
READY_NEXT = {"enters_ready_next": None}
EXHAUST = {"exhaust": True}

# the next card played this turn (356.4, 713, 820): one effect now, waiting for that card
NEXT_CARD = [
    ("unit", "当你打出我时，你在本回合内打出的下一个法术费用减少③。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 3, "kind": "spell"}}]}),
    ("unit", "当你打出我时，你本回合打出的下一名单位的费用减少②和任意符能。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 2, "power": 1, "kind": "unit"}}]}),
    ("gear", "横置：你在本回合内打出的下一张牌的费用减少①。", {"cost": EXHAUST, "effects": [{"discount_next": {"energy": 1}}]}),
    ("gear", "横置：本回合内你打出的下一个法术造成的伤害+2。",
     {"cost": EXHAUST, "effects": [{"boost_next_spell": {"bonus_damage": 2}}]}),
    ("gear", "支付①，横置：让你本回合内打出的下一个法术获得等同于其费用的回响。",
     {"cost": {"energy": 1, "exhaust": True}, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
    ("unit", "当你打出我时，在本回合内，你的下一个法术获得等同于其基础费用的回响。",
     {**PLAYED, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
    ("gear", "横置：你在本回合内打出的下一名单位以活跃状态进场。", {"cost": EXHAUST, "effects": [READY_NEXT]}),
    ("unit", "当你打出我时，本回合内，你打出的所有单位以活跃状态进场。",
     {**PLAYED, "effects": [{"enters_ready_next": {"all": True}}]}),
]


@pytest.mark.parametrize(("card_type", "text", "ability"), NEXT_CARD, ids=[text for _, text, _ in NEXT_CARD])
def test_the_next_card_you_play_compiles_to_its_waiting_effect_and_back(card_type, text, ability):
    assert _round_trip(text, card_type)["abilities"] == [ability]


def test_only_a_spell_gains_damage_or_a_repeat_as_the_next_card():
    assert _compiled("横置：你在本回合内打出的下一名单位造成的伤害+1。", "gear").status == "not_understood"
    assert _compiled("横置：你在本回合内打出的下一张牌获得等同于其费用的回响。", "gear").status == "not_understood"


SMALL = {"type": "unit", "cost": 1, "might": 1}
SPELL = {"type": "spell", "cost": 3, "effects": [{"draw": 1}]}
BIG = {"type": "unit", "cost": 3, "might": 5}


def _scenario(card: dict, a: dict, script: list, expect: list, cards: dict | None = None,
              battlefields: list | None = None, b: dict | None = None, turn: str = "A") -> str:
    """A scenario (JSON is YAML) on *turn*'s main phase: 试验牌 is *card*, A's zones *a*, B's *b* (none by default)."""
    state: dict = {"turn": {"player": turn, "phase": "main"}, "players": {"A": a, "B": b or {}}}
    if battlefields:
        state["battlefields"] = battlefields
    source = {"title": "编译的打出、费用与限制", "cards": {"试验牌": card, **(cards or {})}, "state": state,
              "script": script, "expect": expect}
    return json.dumps(source, ensure_ascii=False)


def _passes(*args, **kwargs) -> None:
    passes(_scenario(*args, **kwargs))


def _passes_or_cannot_pay(payable: bool, *args) -> None:
    """The scenario passes, or (not *payable*) stops at a play its player cannot pay for (358.2)."""
    if payable:
        _passes(*args)
        return
    with pytest.raises(ScenarioStopped, match="无法支付"):
        run(parse(_scenario(*args), "t.yaml"))


def _battlefield(name: str, controller: str, *units: dict) -> dict:
    return {"name": name, "controller": controller, "units": list(units)}


NO_RUNES_LEFT = {"player": "A", "ready_runes": 0, "energy": 0}


def test_a_discount_on_the_next_spell_waits_past_a_unit_and_lowers_the_spell():
    # 试验牌 (2) + 小卒 (1, full cost) + 术 (3 - 2) = 4 runes; the spell resolves and A draws
    tree = _round_trip("当你打出我时，你在本回合内打出的下一个法术的费用减少②。")
    script = [{"play": "试验牌"}, {"play": "小卒"}, {"play": "术"}, {"pass": None}]
    _passes(tree, {"hand": ["试验牌", "小卒", "术"], "deck": 5, "runes": 4}, script, [{**NO_RUNES_LEFT, "hand": 1}],
            {"小卒": SMALL, "术": SPELL})


# a card's own cost as it is played (356.4): a static, with its condition or its count
OWN_COST = [
    ("此法术费用减少②。", [{"static": {"cost_change": {"energy": -2}}}]),
    ("你每控制一名强力单位，我的费用便减少②。",
     [{"static": {"cost_change": {"energy": -2, "per": {"count": {"who": "friendly", "mighty": True}}}}}]),
    ("场上每有一名被眩晕的敌方单位，我的费用便减少①，不得低于①。",
     [{"static": {"cost_change": {"energy": -1, "per": {"count": {"who": "enemy", "stunned": True}}, "min": 1}}}]),
    # an increase (356.3)
    ("场上每有一名敌方单位，我的费用便增加①。", [{"static": {"cost_change": {"energy": 1, "per": {"count": {"who": "enemy"}}}}}]),
    ("如果对手控制着被眩晕的单位，则我的费用减少②，并以活跃状态进场。",
     [{"static": {"cost_change": {"energy": -2}}, "while": {"count": {"who": "enemy", "stunned": True}}},
      {"static": {"enters_ready": True}, "while": {"count": {"who": "enemy", "stunned": True}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), OWN_COST, ids=[text for text, _ in OWN_COST])
def test_a_cost_change_of_the_card_itself_compiles_to_its_static_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


# other cards' costs, and the card's own for each card played this turn: the card-level `cost_changes`
COST_CHANGES = [
    ("你在本回合内每打出过一张牌，我的费用便减少②，不得低于①。",
     [{"applies": "self", "per": "cards_played", "energy": -2, "min": 1}]),
    ("如果我处于战斗中，则所有友方法术的费用减少①和任意符能，不得低于①，而所有敌方法术的费用增加①。",
     [{"applies": "friendly_spells", "energy": -1, "power": -1, "min": 1, "while": "in_combat"},
      {"applies": "enemy_spells", "energy": 1, "while": "in_combat"}]),
    ("如果我位于战场上，则你打出法术所需的法力费用减少①，不得低于①。",
     [{"applies": "friendly_spells", "energy": -1, "min": 1, "while": "at_battlefield"}]),
    ("所有敌方法术的费用增加任意符能。", [{"applies": "enemy_spells", "power": 1}]),
    ("对手的法术费用增加①。", [{"applies": "enemy_spells", "energy": 1}]),
    ("你的“龙”属性单位法力费用减少②，不得低于①。", [{"applies": "friendly_units", "tag": "龙", "energy": -2, "min": 1}]),
    ("你支付的可选额外费用，其费用减少①或任意符能。", [{"applies": "optional_costs"}]),
]


@pytest.mark.parametrize(("text", "changes"), COST_CHANGES, ids=[text for text, _ in COST_CHANGES])
def test_a_cost_change_of_other_cards_compiles_to_the_card_level_changes_and_back(text, changes):
    tree = _round_trip(text)
    assert tree["cost_changes"] == changes and "abilities" not in tree


def test_a_cost_change_under_another_condition_or_a_floor_on_an_increase_is_not_read():
    assert _compiled("此牌的费用增加②，不得低于①。").status == "not_understood"
    assert _compiled("如果我拥有增益，则所有友方法术的费用减少①。").status == "not_understood"
    assert _compiled("所有敌方法术的费用增加①，不得低于①。").status == "not_understood"


@pytest.mark.parametrize(("where", "hand"), [("北方", 1), ("base", 0)])
def test_your_spells_cost_less_only_while_the_unit_is_at_a_battlefield(where, hand):
    # 术 costs 3; with one less (at least 1) it is paid with the two runes A has, else it cannot be played
    tree = _round_trip("如果我位于战场上，则你打出法术所需的法力费用减少①，不得低于①。")
    guard = {"id": "守", "card": "试验牌"}
    a = {"hand": ["术"], "deck": 5, "runes": 2, **({"base": [guard]} if where == "base" else {})}
    fields = [_battlefield("北方", "A", guard)] if where != "base" else None
    args = (tree, a, [{"play": "术"}, {"pass": None}], [{"player": "A", "hand": hand}], {"术": SPELL}, fields)
    _passes_or_cannot_pay(bool(hand), *args)


@pytest.mark.parametrize(("tags", "played"), [(["龙"], True), ([], False)])
def test_your_units_with_the_tag_cost_less_while_the_unit_is_on_the_board(tags, played):
    # 巨龙 costs 3, two less for a 龙 (to a minimum of 1): the one rune A has pays it; without the tag it cannot
    tree = _round_trip("你的“龙”属性单位法力费用减少②，不得低于①。")
    a = {"hand": ["巨龙"], "base": [{"id": "守", "card": "试验牌"}], "runes": 1}
    args = (tree, a, [{"play": "巨龙"}], [{"unit": "巨龙", "location": "base"}], {"巨龙": {**BIG, "tags": tags}})
    _passes_or_cannot_pay(bool(played), *args)


@pytest.mark.parametrize(("mighty", "runes"), [(2, 3), (1, 5)])
def test_a_cost_lowered_for_each_unit_counts_them_as_the_card_is_played(mighty, runes):
    # 试验牌 costs 7 here, two less for each friendly Mighty unit: 3 with two of them, 5 with one
    tree = {**_round_trip("你每控制一名强力单位，我的费用便减少②。"), "cost": 7}
    strong = [{"id": f"强{n}", "card": "巨人"} for n in range(mighty)]
    a = {"hand": ["试验牌"], "base": strong, "runes": runes}
    _passes(tree, a, [{"play": "试验牌"}], [NO_RUNES_LEFT], {"巨人": BIG})


STATICS = [
    ("你的指示物以活跃状态进场。", [{"static": {"enters_ready": True, "to": {"each": {"who": "friendly", "token": True}}}}]),
    ("如果你将我打出至一处战场，则我以活跃状态进场。", [{"static": {"enters_ready": True}, "while": {"at_battlefield": True}}]),
    ("横置：眩晕一名进攻此处的敌方单位。",
     [{"cost": EXHAUST, "target": {"who": "enemy", "where": "here", "attacking": True}, "effects": [{"stun": None}]}]),
    ("当你打出我时，打出一名1战力的“随从”到此处。", [{**PLAYED, "effects": [{"create": {"token": "随从", "at": "here", "play": True}}]}]),
    ("当你打出我时，打出两名1战力的“随从”到你的基地。",
     [{**PLAYED, "effects": [{"create": {"token": "随从", "count": 2, "at": "base", "play": True}}]}]),
    ("当你打出我时，给予此处包括我在内的所有友方单位增益。",
     [{**PLAYED, "effects": [{"buff": {"to": {"each": {"who": "friendly", "where": "here"}}}}]}]),
]


@pytest.mark.parametrize(("text", "abilities"), STATICS, ids=[text for text, _ in STATICS])
def test_a_static_or_an_object_of_this_family_compiles_to_its_tree_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


def test_opponents_cant_gain_points_is_the_card_level_restriction_in_either_wording():
    for text in ("如果我位于战场上，则对手无法获得分数。", "如果我位于战场上，则对手无法得分。"):
        assert _round_trip(text)["cant"] == [{"action": "gain_points", "affects": "enemy", "while": "at_battlefield"}]


@pytest.mark.parametrize(("to", "exhausted"), [("北方", False), ("base", True)])
def test_played_to_a_battlefield_i_enter_ready_and_to_base_exhausted(to, exhausted):
    tree = _round_trip("如果你将我打出至一处战场，则我以活跃状态进场。")
    fields = [_battlefield("北方", "A", {"id": "卒", "card": "小卒"})]
    expect = [{"unit": "试验牌", "location": to, "exhausted": exhausted}]
    _passes(tree, {"hand": ["试验牌"], "runes": 2}, [{"play": "试验牌", "to": to}], expect, {"小卒": SMALL}, fields)

AT_MY_BATTLEFIELD = {"at_battlefield": True}
MORE_STATICS = [
    # “at my battlefield”: here, while I am at one (at base there is no battlefield of mine)
    ("我所在战场上其他拥有增益的友方单位获得战力+2。",
     [{"static": {"might": 2, "to": {"each": {"where": "here", "other": True, "buffed": True, "who": "friendly"}}},
       "while": AT_MY_BATTLEFIELD}]),
    ("我所处的战场每有一名拥有增益的友方单位，我便获得战力+1。",
     [{"static": {"might": {"count": {"where": "here", "buffed": True, "who": "friendly"}}}, "while": AT_MY_BATTLEFIELD}]),
    ("此处被眩晕的敌方单位战力-8，不得低于1战力。",
     [{"static": {"might": -8, "min": 1, "to": {"each": {"where": "here", "stunned": True, "who": "enemy"}}}}]),
    ("我战力-2。", [{"static": {"might": -2}}]),
    ("场上每有一名被眩晕的敌方单位，我便获得战力+1。",
     [{"static": {"might": {"count": {"who": "enemy", "stunned": True}}}}]),
    ("你此处战力高于我的单位无法被敌方法术或技能选作目标。",
     [{"static": {"cant": "be_chosen", "to": {"each": {"where": "here", "who": "friendly",
                                                       "might": {"gt": {"might_of": "self"}}}}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), MORE_STATICS, ids=[text for text, _ in MORE_STATICS])
def test_a_static_at_my_battlefield_or_for_each_unit_compiles_to_its_tree_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


PLAYS = [
    ("当我进攻时，你可以选择将一名单位从你的手牌打出到你控制的一处战场，其费用减少②。",
     {"from": "hand", "card": {"kind": "unit"}, "discount": 2, "at": "battlefield"}),
    ("当我进攻时，你可以选择从你的废牌堆中打出一名单位。", {"from": "trash", "card": {"kind": "unit"}, "at": "any"}),
    ("当我进攻时，你可以选择从手牌中打出一名单位到你的基地，无视其法力费用。",
     {"from": "hand", "card": {"kind": "unit"}, "ignore_cost": "energy", "at": "base"}),
]


@pytest.mark.parametrize(("text", "play"), PLAYS, ids=[text for text, _ in PLAYS])
def test_a_unit_played_from_a_zone_for_a_price_compiles_and_back(text, play):
    assert _round_trip(text)["abilities"] == [{"trigger": "attacked", "effects": [{"may": [{"play": play}]}]}]


def test_an_equipments_trigger_about_me_is_the_attached_units():
    text = "装配①\n当我征服一处战场时，抽一张牌。"
    result = compile_card(CardSource("T-301", "zh", text, {"type": "gear", "cost": 1}, "试验装备"))
    assert result.status == "compiled", result.needs  # 718.3: the attached unit's (tests/test_cardtext_play_costs.py runs it)
    assert result.tree["abilities"][1] == {"trigger": "conquered", "effects": [{"draw": 1}]}
    # a gear without Equip: “我” is the gear itself, and a played trigger is the gear's own
    assert _compiled("当你打出我时，抽一张牌。", "gear").status == "compiled"


@pytest.mark.parametrize("discount", [3, 2])
def test_a_unit_played_from_hand_with_a_discount_pays_the_rest(discount):
    # 巨人 costs 3: with ③ less it is free; with ② less the one more rune A has pays the rest; none is left either way
    tree = _round_trip(f"当你打出我时，你可以选择将一名单位从手牌打出到你的基地，其费用减少{'③' if discount == 3 else '②'}。")
    a = {"hand": ["试验牌", "巨人"], "runes": 2 + (discount == 2)}
    script = [{"play": "试验牌"}, {"resolve_chain": None, "answer": {"may": True}, "play_card": "巨人"}]
    _passes(tree, a, script, [{"unit": "巨人", "location": "base"}, NO_RUNES_LEFT], {"巨人": BIG})

@pytest.mark.parametrize(("text", "at"), [
    ("放逐一名友方单位，然后让其所有者将它打出到其基地，无视费用。", "base"),
    ("放逐一名友方单位，然后让其拥有者将其打出，无视其费用。", "any"),
])
def test_banish_then_its_owner_plays_it_is_one_banish_and_replay(text, at):
    tree = _round_trip(text, "spell")
    assert tree["target"] == {"who": "friendly"} and tree["effects"] == [{"banish_and_replay": {"at": at}}]


def test_its_owner_plays_it_is_not_read_after_anything_but_banishing_the_chosen_unit():
    assert _compiled("摧毁一名敌方单位，然后让其所有者将它打出到其基地，无视费用。", "spell").status == "not_understood"


BANISHED = {"type": "unit", "cost": 4, "might": 1}
MY_FIELD = [_battlefield("北方", "A", {"id": "卒", "card": "小卒", "exhausted": True}), {"name": "南方"}]


@pytest.mark.parametrize(("place", "to", "where"), [("到其所属的基地", None, "base"), ("", "北方", "北方"),
                                                    ("到任意一处战场", "南方", "南方")])
def test_a_banished_unit_is_played_again_by_its_owner_where_the_card_says(place, to, where):
    # 南方 is controlled by no one: only “any battlefield” permits it (355.2.b)
    text = f"放逐一名友方单位，然后让其拥有者将其打出{place}，无视其费用。"
    script = [{"play": "试验牌", "targets": ["卒"]}, {"resolve_chain": None, **({"to": to} if to else {})}]
    expect = [{"unit": "卒", "alive": False}, {"unit": "小卒", "location": where, "exhausted": True}]
    _passes({**_round_trip(text, "spell"), "cost": 2}, {"hand": ["试验牌"], "runes": 2}, script, expect,
            {"小卒": BANISHED}, MY_FIELD)


def test_a_spell_that_banishes_this_leaves_for_the_banishment_not_the_trash():
    tree = _round_trip("抽一张牌。放逐此牌。", "spell")
    assert tree["effects"] == [{"draw": 1}, {"banish": {"to": "this_card"}}]
    expect = [{"card": "试验牌", "zone": "banishment"}, {"player": "A", "hand": 1, "trash": 0}]
    _passes(tree, {"hand": ["试验牌"], "deck": 5, "runes": 2}, [{"play": "试验牌"}, {"pass": None}], expect)

def _of_fury(text: str):
    facts = {"type": "unit", "cost": 3, "might": 3, "power": 1, "domains": ["炽烈"]}
    return compile_card(CardSource("T-302", "zh", text, facts, "试验牌"))


ENEMY = {"id": "敌", "card": "哨兵", "controller": "B"}
KILLED_BY_YOUR_SPELL = {"event": "killed", "subject": "any", "responsible": "you", "by": "spell"}


def test_play_me_from_the_trash_is_a_trigger_that_works_there_for_the_cost_named():
    result = _of_fury("当你使用法术摧毁一名单位时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。")
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"trigger": {**KILLED_BY_YOUR_SPELL, "zone": "trash"},
                                         "effects": [{"play_me": {"energy": 1, "power": 1}}]}]
    assert _of_fury(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "当你使用法术摧毁一名单位时，你可以选择支付①和蓝色符能，以此从废牌堆中将我打出。",  # not the card's domain
    "当你使用法术摧毁一名单位时，你可以选择支付①和任意符能，以此从废牌堆中将我打出。",  # any domain: the engine asks for its own
    "反应—你可以选择支付①和红色符能，将我从废牌堆中打出。",  # a permission outside Legion and triggers: no form yet
    "当我进攻时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。",  # I am not in the trash as I attack
])
def test_play_me_is_not_read_for_another_domain_or_outside_a_trigger_from_the_trash(text):
    assert _of_fury(text).status == "not_understood"


def test_legion_lets_the_card_be_played_from_the_trash_for_its_cost():
    """“鼓舞—你可以选择支付X，将我从废牌堆中打出”: the card's own permission (``from_trash``, 366.1) while Legion holds."""
    result = _of_fury("鼓舞—你可以选择支付①和红色符能，将我从废牌堆中打出。")
    assert result.status == "compiled", result.problems
    assert result.tree["from_trash"] == {"cost": {"energy": 1, "runes": ["炽烈"]}, "while": {"legion": True}}


def test_a_unit_in_the_trash_plays_itself_when_your_spell_kills_a_unit():
    tree = _of_fury("当你使用法术摧毁一名单位时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。").tree
    cards = {"处决": {"type": "spell", "cost": 1, "target": "enemy_unit", "effects": [{"kill": None}]}, "哨兵": SMALL}
    a = {"hand": ["处决"], "trash": ["试验牌"], "runes": ["炽烈"] * 4}
    script = [{"play": "处决", "targets": ["敌"]}, {"pass": None}]
    expect = [{"unit": "敌", "alive": False}, {"unit": "试验牌", "location": "base"}]
    _passes(tree, a, script, expect, cards, [_battlefield("北方", "B", ENEMY)])

RESTRICTIONS = [
    ("我无法移动到基地。", [{"static": {"cant": "move_to_base"}}]),
    ("所有单位无法移动到基地。", [{"static": {"cant": "move_to_base", "to": {"each": {}}}}]),
    ("我无法造成战斗伤害。", [{"static": {"cant": "deal_combat_damage"}}]),
    ("其他友方单位不能移动到基地。", [{"static": {"cant": "move_to_base", "to": {"each": {"other": True, "who": "friendly"}}}}]),
    ("此处战力低于我的敌方单位无法造成战斗伤害。",
     [{"static": {"cant": "deal_combat_damage", "to": {"each": {"where": "here", "who": "enemy",
                                                                "might": {"lt": {"might_of": "self"}}}}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), RESTRICTIONS, ids=[text for text, _ in RESTRICTIONS])
def test_a_restriction_on_units_compiles_to_its_static_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


FIELDS = [_battlefield("北方", "B", ENEMY), _battlefield("西方", "A", {"id": "守", "card": "试验牌"})]
HOME = {"base": [{"id": "试", "card": "试验牌"}]}


@pytest.mark.parametrize(("text", "alive"), [("我无法造成战斗伤害。", True), ("我以活跃状态进场。", False)])
def test_a_unit_that_deals_no_combat_damage_leaves_the_defender_alive(text, alive):
    script = [{"move": "试", "to": "北方"}, {"pass": None}]
    expect = [{"unit": "敌", "alive": alive}, {"unit": "试", "alive": True}]
    _passes({**_round_trip(text), "might": 5}, HOME, script, expect, {"哨兵": SMALL}, FIELDS)


def test_a_unit_that_cant_move_to_base_is_refused_a_move_there_and_an_effect_moving_it_is_revoked():
    recall = {"type": "spell", "cost": 0, "target": "friendly_unit", "effects": [{"move": {"to": "base"}}]}
    script = [{"move": "守", "to": "base", "expect_illegal": "054.1"}, {"play": "召回令", "targets": ["守"]}, {"pass": None}]
    _passes(_round_trip("我无法移动到基地。"), {**HOME, "hand": ["召回令"]}, script, [{"unit": "守", "location": "西方"}],
            {"召回令": recall, "哨兵": SMALL}, FIELDS)


@pytest.mark.parametrize(("text", "second"), [("在本回合内，你打出的所有单位以活跃状态进场。", False),
                                             ("你在本回合内打出的下一名单位以活跃状态进场。", True)])
def test_units_played_after_the_effect_enter_ready_all_of_them_or_the_next_one(text, second):
    tree = {**_round_trip(text, "spell"), "cost": 0}
    script = [{"play": "试验牌"}, {"pass": None}, {"play": "小卒"}, {"play": "巨人"}]
    expect = [{"unit": "小卒", "exhausted": False}, {"unit": "巨人", "exhausted": second}]
    _passes(tree, {"hand": ["试验牌", "小卒", "巨人"], "runes": 4}, script, expect, {"小卒": SMALL, "巨人": BIG})


def test_the_controller_of_a_countered_spell_cant_play_spells_this_turn_but_units_yes():
    tree = {**_round_trip("反应\n无效化一个敌方法术。其控制者在本回合内无法打出法术。", "spell"), "cost": 0}
    assert tree["effects"][1] == {"forbid_playing": {"who": "target_controller", "kind": "spell"}}
    state = {"hand": ["术", "术", "小卒"], "deck": 5, "runes": 8}
    script = [{"play": "术"}, {"pass": "A"}, {"play": "试验牌", "player": "B", "targets": ["术"]}, {"pass": None},
              {"play": "术", "expect_illegal": "054.1"}, {"play": "小卒"}]
    _passes(tree, state, script, [{"unit": "小卒", "location": "base"}], {"小卒": SMALL, "术": SPELL}, None,
            {"hand": ["试验牌"]})


LEVELLED = "抽两张牌。\n等级6▸此牌的费用减少②。\n等级11▸改为此牌的费用减少④。"


@pytest.mark.parametrize(("xp", "payable"), [(11, True), (6, False)])
def test_a_larger_cost_change_instead_at_a_higher_level_is_the_difference_added_there(xp, payable):
    # 824.1.c: level 11 is level 6 too, so “④ instead of ②” is ② more at 11; the spell costs 5: 1 at 11, 3 at 6
    tree = {**_round_trip(LEVELLED, "spell"), "cost": 5}
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"level": level}} for level in (6, 11)]
    # what the engine understood reads as the card does: the total at the higher level, not the difference
    assert _compiled(LEVELLED, "spell").understood.splitlines()[1:] == ["等级6▸此牌的费用减少②。", "等级11▸改为此牌的费用减少④。"]
    args = (tree, {"hand": ["试验牌"], "deck": 5, "runes": 1, "xp": xp}, [{"play": "试验牌"}, {"pass": None}],
            [{"player": "A", "hand": 2}])
    _passes_or_cannot_pay(payable, *args)


def test_instead_at_a_level_without_a_smaller_change_before_it_is_not_read():
    assert _compiled("抽两张牌。\n等级11▸改为此牌的费用减少④。", "spell").status == "not_understood"
    assert _compiled("抽两张牌。\n等级6▸此牌的费用减少④。\n等级11▸改为此牌的费用减少②。", "spell").status == "not_understood"


def test_a_cost_change_with_power_of_the_cards_own_domain_and_instead_at_a_higher_level():
    result = _of_fury("等级3▸我的费用减少②和红色符能。\n等级6▸改为我的费用减少④和红色符能×2。")
    assert result.status == "compiled", result.problems
    change = {"energy": -2, "power": -1}
    assert result.tree["abilities"] == [{"static": {"cost_change": change}, "while": {"level": level}} for level in (3, 6)]
    assert _of_fury(result.understood).tree == result.tree, result.understood
    assert _of_fury("等级3▸我的费用减少②和绿色符能。").status == "not_understood"  # not the card's domain


@pytest.mark.parametrize(("first", "payable"), [(True, True), (False, False)])
def test_legion_of_its_own_cost_counts_another_card_played_before_it(first, payable):
    # 812.1.c: 试验牌 costs 4, two less once another card was played this turn: 小卒 (1) + 2 = the three runes A has
    tree = {**_round_trip("鼓舞—我的费用减少②。"), "cost": 4}
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"legion": True}}]
    script = [{"play": "小卒"}] * first + [{"play": "试验牌"}]
    args = (tree, {"hand": ["小卒", "试验牌"], "runes": 3}, script, [{"unit": "试验牌", "location": "base"}], {"小卒": SMALL})
    _passes_or_cannot_pay(payable, *args)


@pytest.mark.parametrize(("text", "place"), [
    ("你可以选择将我打出到敌方控制的战场。", "enemy_controlled"), ("你可以选择将我打出到一处开放的战场。", "open"),
    ("我可以被打出到你正在进攻的战场。", "attacking"), ("如果一处战场上的敌方单位落单，则可以将我打出至该战场。", "lone_enemy"),
    ("你可以选择将我打出到一处开放的战场。\n我可以被打出到你正在进攻的战场。", ["open", "attacking"]),
    ("我可以被打出到有敌方单位的战场。", "enemy_units"),
])
def test_a_units_own_permission_to_be_played_to_a_battlefield_is_its_play_to(text, place):
    tree = _round_trip(text)
    assert tree["play_to"] == place and "abilities" not in tree


@pytest.mark.parametrize(("text", "place"), [
    ("友方单位可以被打出到开放的战场。", "open"), ("友方单位可以被打出到敌方控制的战场。", "enemy_controlled"),
    ("你可以选择将友方单位打出到一处开放的战场。", "open"),
    ("如果一处战场上的敌方单位落单，则可以将友方单位打出到该战场。", "lone_enemy"),
])
def test_the_same_permission_for_friendly_units_is_a_static_play_to(text, place):
    tree = _round_trip(text)
    assert tree["abilities"] == [{"static": {"play_to": place}}] and "play_to" not in tree


def test_ambush_as_a_verb_to_a_place_is_the_card_level_ambush_to():
    # 822.1.d: “I can Ambush to …” is a play with the Ambush keyword's permissions, to a place as play_to names them
    for text in ("伏击\n我可以伏击到有敌方单位的战场，即使你在该处没有单位。", "伏击\n我可以伏击至有敌方单位的战场。"):
        tree = _round_trip(text)
        assert tree["ambush_to"] == "enemy_units" and tree["keywords"] == {"伏击": None} and "play_to" not in tree
    assert _compiled("我可以伏击到你的基地，即使你在该处没有单位。").status == "not_understood"  # no such place
    # where the unit its mandatory additional cost killed was; without such a cost “该单位” names nothing
    killed = _round_trip("伏击\n你必须摧毁一名友方“魄罗”属性单位，作为打出我的额外费用。\n你可以选择将我伏击至该单位所在的战场。")
    assert killed["ambush_to"] == "cost_killed" and killed["additional_cost"] == {"kill": {"tag": "魄罗"}}
    assert _compiled("伏击\n你可以选择将我伏击至该单位所在的战场。").status == "not_understood"


def test_a_unit_whose_static_permits_open_battlefields_lets_another_unit_be_played_there():
    # 355.2.b: 试验牌 on A's board lets 小卒 be played to the open battlefield 北方; the permission is the static's
    tree = _round_trip("友方单位可以被打出到开放的战场。")
    fields = [{"name": "北方", "units": []}]
    a = {"hand": ["小卒"], "runes": 1, "base": [{"id": "试", "card": "试验牌"}]}
    _passes(tree, a, [{"play": "小卒", "to": "北方"}], [{"unit": "小卒", "location": "北方"}], {"小卒": SMALL}, fields)
    with pytest.raises(ScenarioStopped, match="只能打出到己方基地或己方控制的战场"):
        run(parse(_scenario(tree, {**a, "base": []}, [{"play": "小卒", "to": "北方"}], [], {"小卒": SMALL}, fields), "t.yaml"))


BOARD_CONDITIONS = [
    ("如果你的手牌不超过两张，则我以活跃状态进场。", {"hand": {"le": 2}}),
    ("如果对手已控制任意战场，则我以活跃状态进场。", {"opponent_battlefields": {"ge": 1}}),
    ("如果本回合内有单位被摧毁，则我以活跃状态进场。", {"killed_this_turn": "any"}),
    ("如果本回合内有一名敌方单位被摧毁，则我以活跃状态进场。", {"killed_this_turn": "enemy"}),
]


@pytest.mark.parametrize(("text", "condition"), BOARD_CONDITIONS, ids=[text for text, _ in BOARD_CONDITIONS])
def test_a_condition_on_the_hand_the_board_or_this_turn_is_the_statics_while(text, condition):
    assert _round_trip(text)["abilities"] == [{"static": {"enters_ready": True}, "while": condition}]


def test_a_static_and_a_trigger_printed_on_one_line_are_two_abilities():
    tree = _round_trip("如果本回合内有单位被摧毁，则我以活跃状态进场。每当我征服一处战场时，抽两张牌。")
    assert tree["abilities"] == [{"static": {"enters_ready": True}, "while": {"killed_this_turn": "any"}},
                                 {"trigger": "conquered", "effects": [{"draw": 2}]}]


@pytest.mark.parametrize(("trash", "payable"), [(3, True), (2, False)])
def test_a_cost_lowered_for_each_card_in_your_trash_counts_them_as_the_card_is_played(trash, payable):
    # 试验牌 costs 5, one less for each card in A's trash: 2 with three of them, 3 with two — A has two runes
    tree = {**_round_trip("你的废牌堆中每有一张牌，我的费用便减少①。"), "cost": 5}
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -1, "per": {"trash_of": "you"}}}}]
    args = (tree, {"hand": ["试验牌"], "trash": ["小卒"] * trash, "runes": 2}, [{"play": "试验牌"}],
            [{"unit": "试验牌", "location": "base"}], {"小卒": SMALL})
    _passes_or_cannot_pay(payable, *args)


def test_the_next_time_you_play_a_unit_this_turn_is_a_delayed_trigger_on_that_unit_once():
    tree = {**_round_trip("你本回合下一次打出一名单位时，给予其增益，并让其变为活跃状态。", "spell"), "cost": 0}
    assert tree["effects"] == [{"delayed": {"trigger": {"event": "played", "subject": "friendly", "card_type": "unit"},
                                            "limit": "turn", "target": "event_subject",
                                            "effects": [{"buff": None}, {"ready": None}]}}]
    script = [{"play": "试验牌"}, {"pass": None}, {"play": "小卒"}, {"play": "巨人"}]
    expect = [{"unit": "小卒", "exhausted": False, "buffs": 1}, {"unit": "巨人", "exhausted": True, "buffs": 0}]
    _passes(tree, {"hand": ["试验牌", "小卒", "巨人"], "runes": 4}, script, expect, {"小卒": SMALL, "巨人": BIG})


ELSEWHERE = "如果我从你手牌以外的位置被打出，则我的费用减少②。"


@pytest.mark.parametrize(("from_trash", "payable"), [(True, True), (False, False)])
def test_a_card_costs_less_played_from_anywhere_but_the_hand(from_trash, payable):
    # 试验牌 costs 4, two less from the trash (by 唤回's effect, its cost paid): the two runes A has pay it; not from hand
    tree = {**_round_trip(ELSEWHERE), "cost": 4}
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"from_hand": False}}]
    recall = {"type": "spell", "cost": 0, "effects": [{"play": {"from": "trash", "card": {"kind": "unit"}, "at": "base"}}]}
    a = {"hand": ["唤回"], "trash": ["试验牌"], "runes": 2} if from_trash else {"hand": ["试验牌"], "runes": 2}
    script = [{"play": "唤回"}, {"pass": None}] if from_trash else [{"play": "试验牌"}]
    _passes_or_cannot_pay(payable, tree, a, script, [{"unit": "试验牌", "location": "base"}], {"唤回": recall})


NOT_FROM_HAND = ("当你从手牌以外的位置打出一张牌时，抽一张牌。", "When you play a card from anywhere other than your hand, draw 1.")


@pytest.mark.parametrize("text", NOT_FROM_HAND)
def test_a_card_played_from_anywhere_but_the_hand_is_one_trigger_in_both_languages(text):
    result = compile_card(CardSource("T-300", "en" if text.isascii() else "zh", text,
                                      {"type": "unit", "cost": 2, "might": 2}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"][0]["trigger"] == {"event": "played", "subject": "any", "player": "you",
                                                      "played_from": {"not": "hand"}, "card": {"token": False}}
    assert _compiled(result.understood).tree == result.tree  # the rendering reads back the same


@pytest.mark.parametrize(("from_trash", "drawn"), [(True, 1), (False, 0)])
def test_a_unit_played_from_the_trash_draws_and_one_from_hand_does_not(from_trash, drawn):
    # 试 watches A's plays: 唤回 (from hand) plays 小卒 from the trash — one card not from the hand, one draw
    tree = {**_round_trip(NOT_FROM_HAND[0]), "cost": 2}
    recall = {"type": "spell", "cost": 0, "effects": [{"play": {"from": "trash", "card": {"kind": "unit"}, "at": "base"}}]}
    a = {**HOME, "deck": 5, "runes": 1, **({"hand": ["唤回"], "trash": ["小卒"]} if from_trash else {"hand": ["小卒"]})}
    script = [{"play": "唤回"}, {"pass": None}] if from_trash else [{"play": "小卒"}]
    _passes(tree, a, script, [{"unit": "小卒", "location": "base"}, {"player": "A", "hand": drawn}],
            {"唤回": recall, "小卒": SMALL})


def test_a_token_played_is_no_card_played_from_anywhere_but_the_hand():
    # 185: a token is not a card — 试 does not draw for the token unit 唤兵 plays
    tree = {**_round_trip(NOT_FROM_HAND[0]), "cost": 2}
    summon = {"type": "spell", "cost": 0, "effects": [{"create": {"token": "兵", "at": "base", "play": True}}]}
    token = {"type": "token", "might": 1}
    a = {**HOME, "hand": ["唤兵"], "deck": 5, "runes": 0}
    _passes(tree, a, [{"play": "唤兵"}, {"pass": None}], [{"player": "A", "hand": 0}], {"唤兵": summon, "兵": token})


@pytest.mark.parametrize(("hidden", "hand"), [(False, 1), (True, 0)])
def test_a_spell_played_from_hand_draws_and_from_face_down_does_not(hidden, hand):
    tree = {**_round_trip("待命\n抽一张牌。如果你从手牌中打出此牌，则抽一张牌。", "spell"), "cost": 0}
    assert tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": {"from_hand": True}}}]
    a = {"hand": [] if hidden else ["试验牌"], "deck": 5, "runes": 1}
    fields = [{**_battlefield("北方", "A"), "facedown": {"card": "试验牌", "by": "A", "turn": 0}}] if hidden else None
    play = {"play": "试验牌", **({"from_hidden": "北方"} if hidden else {})}
    _passes(tree, a, [play, {"pass": None}], [{"player": "A", "hand": 1 + hand}], None, fields)


def test_where_the_card_was_played_from_is_not_read_in_an_ability():
    result = _compiled("当我进攻时，如果你从手牌中打出此牌，则抽一张牌。")
    assert result.status == "not_executable" and "from_hand" in " ".join(result.needs)


@pytest.mark.parametrize(("text", "change"), [
    ("你的非指示物单位在本回合内的打出费用增加①。", {"energy": 1, "kind": "unit"}),  # a card played is never a token (185)
    ("在本回合内，对手打出的法术费用增加①和任意符能。", {"energy": 1, "power": 1, "kind": "spell", "who": "opponents"}),
    ("在本回合内，你打出的牌费用减少①。", {"energy": -1}),
])
def test_a_cost_change_for_this_turns_plays_compiles_and_back(text, change):
    assert _round_trip(text, "spell")["effects"] == [{"turn_cost_change": change}]


@pytest.mark.parametrize(("runes", "payable"), [(2, True), (1, False)])
def test_your_units_cost_more_for_the_rest_of_the_turn_and_spells_do_not(runes, payable):
    # after 试验牌 (0) your units cost ① more: 小卒 costs 1 + 1, paid by two runes; 术 (0), a spell, is not changed
    tree = {**_round_trip("你的非指示物单位在本回合内的打出费用增加①。", "spell"), "cost": 0}
    script = [{"play": "试验牌"}, {"pass": None}, {"play": "术"}, {"pass": None}, {"play": "小卒"}]
    cards = {"小卒": SMALL, "术": {**SPELL, "cost": 0}}
    args = (tree, {"hand": ["试验牌", "术", "小卒"], "deck": 5, "runes": runes}, script, [{"unit": "小卒", "location": "base"}], cards)
    _passes_or_cannot_pay(payable, *args)


# the battlefield condition read around a card-level clause; the clause is the compiler's own (its table), not a card's
AT_BATTLEFIELD = "如果我位于战场上，则"
READY_BAN = next(words for words, _, value in CARD_LEVEL if value == {"action": "ready", "affects": "enemy"})

def test_opponents_can_only_play_units_to_their_base_while_i_am_at_a_battlefield():
    text = f"{AT_BATTLEFIELD}对手只能把单位打到自己的基地。\n{AT_BATTLEFIELD}{READY_BAN}。"
    tree = _round_trip(text)
    assert tree["cant"] == [{"action": "play_unit_to_battlefield", "affects": "enemy", "while": "at_battlefield"},
                            {"action": "ready", "affects": "enemy", "while": "at_battlefield"}]
    script = [{"play": "小卒", "player": "B", "to": "南方", "expect_illegal": "054.2"}, {"play": "小卒", "player": "B"}]
    fields = [_battlefield("北方", "A", {"id": "守", "card": "试验牌"}),
              _battlefield("南方", "B", {"id": "敌", "card": "小卒", "controller": "B"})]
    _passes(tree, {}, script, [{"unit": "小卒", "location": "base"}], {"小卒": SMALL}, fields, {"hand": ["小卒"], "runes": 2}, "B")


@pytest.mark.parametrize(("at_battlefield", "exhausted"), [(True, True), (False, False)])
def test_a_spell_cant_ready_an_enemy_gear_while_the_unit_is_at_a_battlefield(at_battlefield, exhausted):
    tree = _round_trip(f"{AT_BATTLEFIELD}{READY_BAN}。")
    guard = {"id": "守", "card": "试验牌"}
    wake = {"type": "spell", "cost": 0, "target": {"kind": "gear"}, "effects": [{"ready": None}]}
    a = {} if at_battlefield else {"base": [guard]}
    b = {"hand": ["唤醒"], "gear": [{"card": "齿轮", "exhausted": True}]}
    source = _scenario(tree, a, [{"play": "唤醒", "player": "B", "targets": ["齿轮"]}, {"pass": None}], [{"player": "B", "hand": 0}],
                       {"唤醒": wake, "齿轮": {"type": "gear", "cost": 1}},
                       [_battlefield("北方", "A", guard)] if at_battlefield else None, b, "B")
    _, state = play(parse(source, "t.yaml"))
    assert [g.exhausted for g in state.gear.values()] == [exhausted]


@pytest.mark.parametrize(("target", "payable"), [("守", True), ("卒", False)])
def test_your_spells_that_choose_me_cost_one_less(target, payable):
    # 鼓励 costs 2: one less when it chooses 守 (the unit with the ability), paid by the one rune A has
    tree = _round_trip("你以我为目标的法术费用减少①或任意符能。")
    assert tree["cost_changes"] == [{"applies": "spells_choosing_me", "energy": -1, "power": -1, "either": True}]
    cheer = {"type": "spell", "cost": 2, "target": "friendly_unit", "effects": [{"buff": None}]}
    a = {"hand": ["鼓励"], "base": [{"id": "守", "card": "试验牌"}, {"id": "卒", "card": "小卒"}], "runes": 1}
    script = [{"play": "鼓励", "targets": [target]}, {"pass": None}]
    _passes_or_cannot_pay(payable, tree, a, script, [{"unit": target, "buffs": 1}], {"鼓励": cheer, "小卒": SMALL})


LOOK_BANISH = [
    ("查看你主牌堆顶部的五张牌。你可以选择从中放逐一名单位。将其打出，其费用减少⑤。回收其余的卡牌。",
     {"amount": 5, "take": {"card": {"kind": "unit"}, "may": True, "to": "play", "banish": True, "discount": 5}, "rest": "recycle"}),
    ("展示你主牌堆顶部的两张牌。你可以选择放逐其中一张。将其打出。回收其余的卡牌。",
     {"amount": 2, "reveal": True, "take": {"card": {"kind": "any"}, "may": True, "to": "play", "banish": True}, "rest": "recycle"}),
    ("展示你主牌堆顶部的三张牌。你可以选择从中放逐一张法术牌，然后将其打出，其费用减少①。抽取其中未被放逐的卡牌。",
     {"amount": 3, "reveal": True, "take": {"card": {"kind": "spell"}, "may": True, "to": "play", "banish": True, "discount": 1},
      "rest": "draw"}),
    ("查看你主牌堆顶部的四张牌。你可以选择从中放逐一张牌。将其打出。回收其余的卡牌。",
     {"amount": 4, "take": {"card": {"kind": "any"}, "may": True, "to": "play", "banish": True}, "rest": "recycle"}),
    ("查看你主牌堆顶部的三张牌。放逐其中一张。将其打出，无视其费用。",
     {"amount": 3, "take": {"card": {"kind": "any"}, "to": "play", "banish": True, "ignore_cost": True}}),
]


@pytest.mark.parametrize(("text", "look"), LOOK_BANISH, ids=[text for text, _ in LOOK_BANISH])
def test_banish_one_of_them_then_play_it_is_one_take_played_from_the_banishment(text, look):
    assert _round_trip(text, "spell")["effects"] == [{"look": look}]


def test_banishing_one_of_them_without_playing_it_is_not_read():
    assert _compiled("查看你主牌堆顶部的两张牌。放逐其中一张。", "spell").status == "not_understood"


@pytest.mark.parametrize(("runes", "where"), [(1, "trash"), (0, "banishment")])
def test_a_spell_banished_from_the_top_is_played_from_the_banishment_or_stays_there_unpaid(runes, where):
    # 试验牌 (0) reveals 术 (3, draws 1) and 小卒, banishes 术 and plays it for 3 - 2: with one rune it is paid, goes on the
    # chain and resolves (drawing a 小卒, then to the trash); with none it cannot be played and stays banished (427.1)
    tree = {**_round_trip("展示你主牌堆顶部的两张牌。放逐其中一张。将其打出，其费用减少②。回收其余的卡牌。", "spell"), "cost": 0}
    a = {"hand": ["试验牌"], "deck": ["术", "小卒", "小卒"], "runes": runes}
    drawn = [{"player": "A", "hand": 1}] if runes else [{"player": "A", "hand": 0}]
    pass_on = [{"pass": None}] if runes else []  # 术 played goes on the chain: its own passes (340.4)
    _passes(tree, a, [{"play": "试验牌"}, {"pass": None}, *pass_on], [{"card": "术", "zone": where}, *drawn],
            {"小卒": SMALL, "术": SPELL})


def test_the_revealed_cards_not_banished_are_drawn_and_the_banished_spell_resolves_after():
    # 术 banished and played for 3 - 1 (two runes); the other revealed cards, two 小卒, are drawn (they stayed on top,
    # 424.1.a.2); then 术, a new item on the chain (340.4), resolves as the players pass on it and draws the next 小卒
    tree = {**_round_trip("展示你主牌堆顶部的三张牌。你可以选择从中放逐一张法术牌，然后将其打出，其费用减少①。"
                          "抽取其中未被放逐的卡牌。", "spell"), "cost": 0}
    a = {"hand": ["试验牌"], "deck": ["术", "小卒", "小卒", "小卒"], "runes": 2}
    _passes(tree, a, [{"play": "试验牌"}, {"pass": None}, {"pass": None}], [{"card": "术", "zone": "trash"}, {"player": "A", "hand": 3, "deck": 0}],
            {"小卒": SMALL, "术": SPELL})


TAGGED = [
    # several tags: any of them (a list)
    ("友方“鸟类”或“猫科”属性单位获得战力+1。", [{"static": {"might": 1, "to": {"each": {"who": "friendly", "tag": ["鸟类", "猫科"]}}}}]),
    ("你必须摧毁一名自己控制的“鸟类”或“猫科”属性单位，作为打出我的额外费用。", {"kill": {"tag": ["鸟类", "猫科"]}}),
    # an Equipment (武装) is a gear with the tag 武装
    ("你每控制一件武装，便抽一张牌。", [{"draw": {"amount": {"count": {"kind": "gear", "tag": "武装", "who": "friendly"}}}}]),
    ("从你的废牌堆中打出一件法力费用不高于②的武装，无视其费用。",
     [{"play": {"from": "trash", "card": {"kind": "gear", "cost": {"le": 2}, "tag": "武装"}, "ignore_cost": True, "at": "any"}}]),
]


@pytest.mark.parametrize(("text", "part"), TAGGED, ids=[text for text, _ in TAGGED])
def test_several_tags_are_any_of_them_and_an_equipment_is_a_gear_tagged_so(text, part):
    tree = _round_trip(text, "spell")
    assert part in (tree.get("abilities"), tree.get("additional_cost"), tree.get("effects"))


def test_you_draw_one_for_each_equipment_you_control_not_for_other_gear():
    tree = {**_round_trip("你每控制一件武装，便抽一张牌。", "spell"), "cost": 0}
    a = {"hand": ["试验牌"], "deck": 5, "gear": ["护手", "齿轮"]}
    gear = {"护手": {"type": "gear", "cost": 1, "tags": ["武装"]}, "齿轮": {"type": "gear", "cost": 1}}
    _passes(tree, a, [{"play": "试验牌"}, {"pass": None}], [{"player": "A", "hand": 1}], gear)


PETS = "你的单位中每有一种以下属性标签，"
FOUR = " — “鸟类”、“猫科”、“犬形”、“魄罗”。"
FOUR_TAGS = ["鸟类", "猫科", "犬形", "魄罗"]
BIRD = {"type": "unit", "cost": 1, "might": 1, "tags": ["鸟类"]}
CAT_DOG = {"type": "unit", "cost": 1, "might": 1, "tags": ["猫科", "犬形"]}


def test_for_each_of_the_listed_tags_among_your_units_is_one_amount_read_and_written_back():
    tree = _round_trip("选择一名单位。" + PETS + "则所选择的单位便在本回合内获得战力+1" + FOUR, "spell")
    assert tree["effects"] == [{"might": {"amount": {"tags_among": FOUR_TAGS}}}]
    own = _round_trip(PETS + "我的费用便减少①" + FOUR)
    assert own["abilities"] == [{"static": {"cost_change": {"energy": -1, "per": {"tags_among": FOUR_TAGS}}}}]
    # “以上全部四种”: the list above, again; a count that is not the list's is not read
    both = _round_trip(PETS + "我的费用便减少①" + FOUR + "\n当我防守时，如果你的单位具有以上全部四种属性标签，则抽一张牌。")
    assert both["abilities"][1]["condition"] == {"tags_among": FOUR_TAGS}
    assert _compiled(PETS + "我的费用便减少①" + FOUR + "\n当我防守时，如果你的单位具有以上全部三种属性标签，则抽一张牌。").status \
        == "not_understood"


@pytest.mark.parametrize(("units", "might"), [([], 2), (["鸟"], 3), (["鸟", "猫犬"], 5), (["鸟", "鸟二"], 3)])
def test_a_unit_gets_one_might_for_each_listed_tag_your_units_have_each_tag_once(units, might):
    # 小卒 (might 2) is chosen; the tags among A's units: none, Bird, Bird + Cat + Dog, Bird twice (one tag)
    tree = {**_round_trip("选择一名单位。" + PETS + "则所选择的单位便在本回合内获得战力+1" + FOUR, "spell"), "cost": 0}
    names = {"鸟": "飞鸟", "鸟二": "飞鸟", "猫犬": "猫犬"}
    base = [{"id": "卒", "card": "小卒"}] + [{"id": unit, "card": names[unit]} for unit in units]
    a = {"hand": ["试验牌"], "base": base}
    cards = {"小卒": {**SMALL, "might": 2}, "飞鸟": BIRD, "猫犬": CAT_DOG}
    _passes(tree, a, [{"play": "试验牌", "targets": "卒"}, {"pass": None}], [{"unit": "卒", "might": might}], cards)


@pytest.mark.parametrize(("units", "payable"), [(["鸟", "猫犬"], True), (["鸟"], False)])
def test_my_cost_is_one_less_for_each_listed_tag_among_your_units(units, payable):
    # 试验牌 costs 4: with Bird, Cat and Dog among A's units it costs 1 (one rune), with Bird only 3
    tree = {**_round_trip(PETS + "我的费用便减少①" + FOUR), "cost": 4}
    names = {"鸟": "飞鸟", "猫犬": "猫犬"}
    a = {"hand": ["试验牌"], "runes": 1, "base": [{"id": unit, "card": names[unit]} for unit in units]}
    _passes_or_cannot_pay(payable, tree, a, [{"play": "试验牌"}], [{"unit": "试验牌", "location": "base"}],
                          {"飞鸟": BIRD, "猫犬": CAT_DOG})


@pytest.mark.parametrize(("units", "hand"), [(["鸟", "猫犬"], 1), (["猫犬"], 0)])
def test_a_trigger_when_your_units_have_all_the_listed_tags_among_them_checks_them_as_it_triggers(units, hand):
    tree = _round_trip("当你打出我时，如果你的单位合计具有以下所有属性标签，则抽一张牌 — “鸟类”和“猫科”。")
    assert tree["abilities"][0]["condition"] == {"tags_among": ["鸟类", "猫科"]}
    names = {"鸟": "飞鸟", "猫犬": "猫犬"}
    a = {"hand": ["试验牌"], "runes": 2, "deck": 3, "base": [{"id": unit, "card": names[unit]} for unit in units]}
    _passes(tree, a, [{"play": "试验牌"}], [{"player": "A", "hand": hand}], {"飞鸟": BIRD, "猫犬": CAT_DOG})


REVEAL_UNTIL = "从你的主牌堆顶部开始逐一展示卡牌，直到展示出一名单位为止，将其放逐。将其打出，无视其费用，然后回收其余的卡牌。"


def test_reveal_until_a_unit_banish_and_play_it_is_one_reveal_until_and_a_part_of_it_is_not_read():
    assert _round_trip(REVEAL_UNTIL, "spell")["effects"] == [{"reveal_until": {"card_type": "unit"}}]
    assert _round_trip(REVEAL_UNTIL.replace("，然后回收", "。回收"), "spell")["effects"] == [{"reveal_until": {"card_type": "unit"}}]
    for part in ("从你的主牌堆顶部开始逐一展示卡牌，直到展示出一名单位为止，将其放逐。",
                 "从你的主牌堆顶部开始逐一展示卡牌，直到展示出一名单位为止，将其放逐。将其打出，无视其费用。"):
        assert _compiled(part, "spell").status == "not_understood"


def test_the_first_unit_revealed_is_played_for_free_and_the_cards_before_it_recycled():
    tree = {**_round_trip(REVEAL_UNTIL, "spell"), "cost": 0}
    a = {"hand": ["试验牌"], "deck": ["术", "小卒", "术"], "runes": 0}
    _passes(tree, a, [{"play": "试验牌"}, {"pass": None}], [{"unit": "小卒", "location": "base"}, {"player": "A", "deck": 2}],
            {"小卒": SMALL, "术": SPELL})


PIN = "当对手打出一名单位时，如果我在战场上，则眩晕该单位。该对手在本回合内无法移动该单位。"


@pytest.mark.parametrize(("where", "moved"), [("北方", False), ("base", True)])
def test_a_unit_its_controller_cant_move_this_turn_is_refused_a_standard_move(where, moved):
    # B plays 快兵 (it enters ready); 试验牌 at a battlefield stuns it and B can't move it this turn (054.1); at base no trigger
    tree = _round_trip(PIN)
    assert tree["abilities"][0]["effects"] == [{"stun": None}, {"forbid_move": None}]
    quick = {"type": "unit", "cost": 0, "might": 1, "abilities": [{"static": {"enters_ready": True}}]}
    fields = [_battlefield("北方", "A", {"id": "试", "card": "试验牌"}) if where == "北方" else {"name": "北方"}, {"name": "南方"}]
    a = {"base": [{"id": "试", "card": "试验牌"}]} if where == "base" else {}
    move = {"move": "快兵", "to": "南方"}
    script = [{"play": "快兵", "player": "B"}, move if moved else {**move, "expect_illegal": "054.1"}]
    _passes(tree, a, script, [{"unit": "快兵", "location": "南方" if moved else "base"}], {"快兵": quick}, fields,
            b={"hand": ["快兵"]}, turn="B")


@pytest.mark.parametrize("here", [True, False])
def test_an_opponent_cant_play_the_card_they_hid_where_my_unit_is(here):
    tree = _round_trip("对手的待命卡牌无法在此处被翻开打出。")
    assert tree["cant"] == [{"action": "play_hidden_here", "affects": "enemy"}]
    hidden = {"type": "unit", "cost": 3, "might": 1, "keywords": {"待命": None}}
    mine = [{"id": "试", "card": "试验牌", "controller": "A"}] if here else []
    fields = [{**_battlefield("北方", "B", {"id": "守", "card": "小卒", "controller": "B"}, *mine),
               "facedown": {"card": "伏兵", "by": "B", "turn": 0}}]
    play = {"play": "伏兵", "player": "B", "from_hidden": "北方", **({"expect_illegal": "054.1"} if here else {})}
    expect = [{"battlefield": "北方", "facedown": "伏兵"}] if here else [{"unit": "伏兵", "location": "北方"}]
    _passes(tree, {}, [play], expect, {"伏兵": hidden, "小卒": SMALL}, fields, b={"runes": 0}, turn="B")


def test_a_gear_played_from_facedown_attaches_itself_to_a_friendly_unit_there():
    # “其” after a trigger about this card is this card; attach names it (the rendering writes its name)
    result = compile_card(CardSource("T-300", "zh", "待命\n当你将此牌从正面朝下的状态打出时，将其贴附到你控制的一名单位上。",
                                     {"type": "gear", "cost": 2}, "试验牌"))
    tree = result.tree
    assert tree["abilities"] == [{"trigger": {"event": "played", "hidden": True}, "target": {"who": "friendly"},
                                  "effects": [{"attach": "试验牌"}]}]
    again = compile_card(CardSource("T-300", "zh", result.understood, {"type": "gear", "cost": 2}, "试验牌"))
    assert again.tree == tree, result.understood
    fields = [{**_battlefield("北方", "A", {"id": "卒", "card": "小卒"}), "facedown": {"card": "试验牌", "by": "A", "turn": 0}}]
    _passes(tree, {}, [{"play": "试验牌", "from_hidden": "北方"}, {"pass": None}], [{"gear": "试验牌", "attached_to": "卒"}],
            {"小卒": SMALL}, fields)


def test_attaching_it_after_a_trigger_about_another_object_is_not_read_as_this_card():
    assert _compiled("当你打出一名单位时，将其贴附到你控制的一名单位上。", "gear").status == "not_understood"


def test_a_card_with_hidden_played_from_hand_and_a_unit_of_it_played_here():
    text = "当我移动到一处战场时，从你的手牌中正面朝上打出一张带有待命技能的卡牌，无视其费用。如果其为单位，则将其打出到此处。"
    tree = _round_trip(text)
    assert tree["abilities"][0]["effects"] == [
        {"play": {"from": "hand", "card": {"kind": "any", "keyword": "待命"}, "ignore_cost": True, "at": "here"}}]
    # 试验牌 moves to 南方; of A's hand only 伏兵 has Hidden: it is played there, where A has no battlefield (the effect permits)
    hidden = {"type": "unit", "cost": 3, "might": 1, "keywords": {"待命": None}}
    a = {"hand": ["小卒", "伏兵"], "base": [{"id": "试", "card": "试验牌"}]}
    _passes(tree, a, [{"move": "试", "to": "南方"}], [{"unit": "伏兵", "location": "南方"}, {"player": "A", "hand": 1}],
            {"小卒": SMALL, "伏兵": hidden}, [{"name": "南方"}])


@pytest.mark.parametrize(("then", "at", "where"), [
    ("如果打出的卡牌为单位，则可以选择将其打出到此处。", "base_or_here", "base"),  # the player's choice: the base by default
    ("如果其为单位，则将其打出到此处。", "here", "南方"),
])
def test_a_unit_banished_from_the_top_and_played_may_or_must_go_where_the_source_is(then, at, where):
    text = "当我移动到一处战场时，展示你主牌堆顶部的三张牌。你可以选择放逐其中一张，然后将其打出，无视其费用。" + then + "回收其余的卡牌。"
    tree = _round_trip(text)
    assert tree["abilities"][0]["effects"][0]["look"]["take"]["at"] == at
    a = {"deck": ["小卒", "术", "术"], "base": [{"id": "试", "card": "试验牌"}]}
    _passes(tree, a, [{"move": "试", "to": "南方"}], [{"unit": "小卒", "location": where}], {"小卒": SMALL, "术": SPELL},
            [{"name": "南方"}])


@pytest.mark.parametrize(("text", "might"), [("我可以拥有不限数量的增益。", 4), ("", 3)])
def test_a_unit_that_may_have_any_number_of_buffs_gets_a_second_and_another_does_not(text, might):
    # 试验牌 (Might 2) is buffed twice by 鼓劲: a second buff only with the permission (426.1.b.2), else none (426.1.b.1)
    tree = _round_trip(text) if text else {"type": "unit", "cost": 2, "might": 2}
    if text:
        assert tree["passives"] == {"any_number_of_buffs": True}
    boost = {"type": "spell", "cost": 0, "target": {"who": "friendly"}, "effects": [{"buff": None}]}
    a = {"hand": ["鼓劲", "鼓劲"], "base": [{"id": "试", "card": "试验牌"}]}
    script = [{"play": "鼓劲", "targets": "试"}, {"pass": None}] * 2
    _passes(tree, a, script, [{"unit": "试", "might": might}], {"鼓劲": boost})


def test_buffs_give_friendly_units_one_more_might_this_turn_and_enemy_buffs_do_not():
    tree = {**_round_trip("给予一名友方单位增益。\n在本回合内，所有增益可额外给予友方单位战力+1。", "spell"), "cost": 0}
    assert tree["effects"] == [{"buff": None}, {"buff_bonus": 1}]
    # 卒 (1) buffed now and 兵 (1) buffed before: 1 + 1 + 1 each; B's buffed 敌 (1) only + 1
    a = {"hand": ["试验牌"], "base": [{"id": "卒", "card": "小卒"}, {"id": "兵", "card": "小卒", "buffs": 1}]}
    b = {"base": [{"id": "敌", "card": "小卒", "buffs": 1}]}
    expect = [{"unit": "卒", "might": 3}, {"unit": "兵", "might": 3}, {"unit": "敌", "might": 2}]
    _passes(tree, a, [{"play": "试验牌", "targets": "卒"}, {"pass": None}], expect, {"小卒": SMALL}, b=b)
