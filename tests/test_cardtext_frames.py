"""The Chinese compiler's clause frames (issue 16): the same trigger, condition or cost however its frame is written.

A trigger is “当X时” written also “每当X时”, “在X时” or “X时” alone; a condition “若C” is “如果C”, with or without “则” after
it; “你可以X” is “你可以选择X”; “本回合中” is “本回合内”; an optional additional cost may be followed, in the same line, by
what the play does.  Each wording (invented, not a card's): the tree parts, the gate and the round trip (``compiles_with``).
"""

from __future__ import annotations

import pytest
from test_cardtext_triggers import _compiled, compiles_with

DRAW = [{"draw": 1}]
ATTACKED_IF_BUFFED = {"trigger": "attacked", "condition": {"buffed": True}, "effects": DRAW}

FRAMES = [
    # the trigger's frame: 当 / 每当 / 在 / nothing, the player “你” left unsaid
    ("unit", "打出我时，抽一张牌。", {"trigger": "played", "effects": DRAW}),
    ("unit", "我被打出时，给予我增益。", {"trigger": "played", "effects": [{"buff": None}]}),
    ("unit", "在你打出我时，召出一枚休眠的符文。", {"trigger": "played", "effects": [{"channel": {"exhausted": True, "count": 1}}]}),
    ("unit", "我进攻时，抽一张牌。", {"trigger": "attacked", "effects": DRAW}),
    ("gear", "打出此牌时，抽一张牌。", {"trigger": "played", "effects": DRAW}),
    ("unit", "每回合首次，我移动时，抽一张牌。", {"trigger": "moved", "effects": DRAW, "limit": "turn"}),
    ("unit", "每当你打出我时，抽一张牌。", {"trigger": "played", "effects": DRAW}),
    # the second of two triggers in its own frame
    ("unit", "当你打出我时，或在我征服一处战场时，抽一张牌。", {"trigger": "played", "effects": DRAW}),
    # a condition: 若 is 如果, 则 may be left out (also after “，且”)
    ("unit", "当我进攻时，若我拥有增益，则抽一张牌。", ATTACKED_IF_BUFFED),
    ("unit", "当我进攻时，如果我拥有增益，抽一张牌。", ATTACKED_IF_BUFFED),
    ("unit", "我进攻时，若我拥有增益，抽一张牌。", ATTACKED_IF_BUFFED),
    ("unit", "在你的开始阶段开始时，如果你的手牌不超过两张，且我位于战场上，抽一张牌。",
     {"trigger": {"event": "turn_began", "subject": "any", "player": "you"},
      "condition": {"hand": {"le": 2}, "at_battlefield": True}, "effects": DRAW}),
    ("unit", "若我位于战场上，每当你打出一个法术时，抽一张牌。",
     {"trigger": {"event": "played", "subject": "friendly", "card_type": "spell"}, "condition": {"at_battlefield": True},
      "effects": DRAW}),
    # 你可以 is 你可以选择: a trigger's cost
    ("unit", "当我进攻时，你可以支付①，以此抽一张牌。", {"trigger": "attacked", "cost": {"energy": 1}, "effects": DRAW}),
]


@pytest.mark.parametrize(("card_type", "text", "ability"), FRAMES, ids=[text for _, text, _ in FRAMES])
def test_a_trigger_or_condition_in_another_frame_compiles_to_the_same_ability(card_type, text, ability):
    compiles_with(card_type, text, {"abilities": [ability] if "或在" not in text else
                                    [ability, {**ability, "trigger": "conquered"}]})


def test_this_turn_written_with_zhong_is_this_turn():
    compiles_with("unit", "如果你本回合中弃置过手牌，则我获得强攻。",
                  {"abilities": [{"static": {"grant": "强攻", "to": "self"}, "while": {"discarded_this_turn": "friendly"}}]})


def test_an_optional_cost_then_what_the_play_does_in_the_same_line():
    compiles_with("unit", "打出我时，你可以选择弃置一张手牌作为额外费用。如果你支付了该额外费用，则给予我增益。",
                  {"additional_cost": {"optional": {"discard": 1}},
                   "abilities": [{"trigger": "played", "condition": {"paid_additional_cost": True},
                                  "effects": [{"buff": None}]}]})
    compiles_with("spell", "你可以选择支付①作为额外费用。抽一张牌。如果你支付了该额外费用，则改为抽两张牌。",
                  {"additional_cost": {"optional": {"energy": 1}},
                   "effects": [{"draw": {"amount": 2, "if": {"paid_additional_cost": True}}},
                               {"draw": {"amount": 1, "if": {"not": {"paid_additional_cost": True}}}}]})


def test_link_words_stay_links_and_a_no_then_condition_is_not_cut_before_otherwise():
    # “若如此做” is the link, not a condition “如果如此做”
    compiles_with("unit", "当我进攻时，你可以选择弃置一张手牌。若如此做，抽一张牌。",
                  {"abilities": [{"trigger": "attacked", "effects": [{"may": [{"discard": 1}]},
                                                                     {"draw": {"amount": 1, "if": {"you_did": True}}}]}]})
    # “如果C，Y，否则Z” in one sentence has its 则 in 否则: no 则 is put in, and it is not read
    assert _compiled("当我进攻时，如果我拥有增益，抽一张牌，否则给予我增益。", "unit").status == "not_understood"


def test_a_time_is_no_trigger_frame_of_its_own():
    # “时，” alone does not make a trigger: the words before it must be one
    assert _compiled("战力达到5时，抽一张牌。", "unit").status == "not_understood"


COSTS = [
    # an activated cost: its parts in any order, joined by “，” or “、”, Energy with or without 支付, exhausting itself by name
    ("①，横置：抽一张牌。", {"energy": 1, "exhaust": True}),
    ("横置、支付①：抽一张牌。", {"energy": 1, "exhaust": True}),
    ("横置此装备：抽一张牌。", {"exhaust": True}),
    ("弃置两张手牌，横置：抽一张牌。", {"discard": 2, "exhaust": True}),
    ("消耗一个增益：抽一张牌。", {"spend_buffs": 1}),
    ("消耗2点经验：抽一张牌。", {"xp": 2}),
]


@pytest.mark.parametrize(("text", "cost"), COSTS, ids=[text for text, _ in COSTS])
def test_an_activated_cost_is_any_sequence_of_its_parts(text, cost):
    compiles_with("gear", text, {"abilities": [{"cost": cost, "effects": DRAW}]})


def test_a_cost_part_said_twice_is_not_read_and_a_limit_may_open_the_ability():
    assert _compiled("横置，横置：抽一张牌。", "gear").status == "not_understood"
    compiles_with("gear", "每回合限一次，横置：抽一张牌。", {"abilities": [{"cost": {"exhaust": True}, "effects": DRAW,
                                                                     "limit": "turn"}]})


STATICS = [
    # a static: its subject × what it has, “获得/拥有/具有”, a Might without a verb, its condition in a frame of “while”
    ("我拥有壁垒。", {"static": {"grant": "壁垒", "to": "self"}}),
    ("我具有壁垒。", {"static": {"grant": "壁垒", "to": "self"}}),
    ("我战力+1。", {"static": {"might": 1, "to": "self"}}),
    ("我获得+1战力。", {"static": {"might": 1, "to": "self"}}),
    ("只要我位于战场上，我获得战力+2。", {"static": {"might": 2, "to": "self"}, "while": {"at_battlefield": True}}),
    ("当我处于战斗中时，我获得战力+2。", {"static": {"might": 2, "to": "self"}, "while": {"in_combat": True}}),
    ("在我处于战斗中期间，我获得战力+2。", {"static": {"might": 2, "to": "self"}, "while": {"in_combat": True}}),
    ("我不能被敌方法术和技能选为目标。", {"static": {"cant": "be_chosen"}}),
]


@pytest.mark.parametrize(("text", "ability"), STATICS, ids=[text for text, _ in STATICS])
def test_a_static_in_another_wording_is_the_same_static(text, ability):
    compiles_with("unit", text, {"abilities": [ability]})


def test_another_unit_you_control_is_one_other_unit():
    compiles_with("unit", "如果你控制着另一名友方单位，则我获得强攻2。",
                  {"abilities": [{"static": {"grant": "强攻", "value": 2, "to": "self"},
                                  "while": {"controls": {"other": True}}}]})
