"""Selectors of several kinds of object at once (issue 16): “一个单位或装备”, “最多四个单位、装备或符文”, “一个其他休眠的
物体” — runes and legends are game objects too (123) and any of them on the board may be readied or exhausted (415.1).

Each wording: the tree (the kinds in one order whatever order the text names them in, each other part of the noun phrase
— count, “up to”, “another”, a state, a side — read as it is for units), the gate, the round trip, both languages; then
the tree run in a scenario: the legal choices are read from the state (a rune by ``符文:<player>:<number>``), a choice that
breaks the filter is refused, and the status of what was chosen, and only of that, changes.
"""

from __future__ import annotations

import re

import pytest
from conftest import board, play_scenario
from conftest import flow as _flow

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine.cards import OBJECTS, target_spec
from judgekit.engine.layers import might

ANY_OBJECT = ["unit", "gear", "rune", "legend"]


def _compiled(text: str, card_type: str = "spell", language: str = ""):
    language = language or ("en" if re.match("[A-Za-z]", text) else "zh")
    return compile_card(CardSource("T-330", language, text, {"type": card_type, "cost": 0, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "spell") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type, "zh")
    assert again.tree == result.tree, result.understood
    return result.tree


SPELLS = [
    ("让最多四个单位、装备或符文变为活跃状态。", {"kind": ["unit", "gear", "rune"], "count": 4, "up_to": True}, "ready"),
    ("Ready up to 4 units, gear, and/or runes.", {"kind": ["unit", "gear", "rune"], "count": 4, "up_to": True}, "ready"),
    # the same kinds named in another order, with another count, state and verb: the same parts
    ("让两个休眠的符文或单位变为活跃状态。", {"kind": ["unit", "rune"], "count": 2, "exhausted": True}, "ready"),
    ("Exhaust two runes or legends.", {"kind": ["rune", "legend"], "count": 2}, "exhaust"),
    ("让一个其他休眠的物体变为活跃状态。", {"kind": ANY_OBJECT, "other": True, "exhausted": True}, "ready"),
    # a unit or a gear with “another” and a side: no longer refused, read as the objects of those kinds
    ("让另一个友方单位或装备变为休眠状态。", {"kind": ["unit", "gear"], "who": "friendly", "other": True}, "exhaust"),
    ("Ready another friendly unit or gear.", {"kind": ["unit", "gear"], "who": "friendly", "other": True}, "ready"),
]


@pytest.mark.parametrize(("text", "target", "verb"), SPELLS)
def test_a_list_of_kinds_combines_with_counts_states_sides_and_another(text, target, verb):
    tree = _round_trip(text)
    assert tree["target"] == target
    assert tree["effects"] == [{verb: None}]


TRIGGERED = [
    ("当我移动时，让一个其他休眠的物体变为活跃状态。", "moved", [{"ready": None}]),
    ("When I move, ready something else that's exhausted.", "moved", [{"ready": None}]),
    ("When you play me, you may ready something besides me that's exhausted.", "played", [{"may": [{"ready": None}]}]),
    ("当你打出我时，你可以选择让另一个休眠的物体变为活跃状态。", "played", [{"may": [{"ready": None}]}]),
]


@pytest.mark.parametrize(("text", "trigger", "effects"), TRIGGERED)
def test_something_else_thats_exhausted_is_any_object_but_the_source_in_both_languages(text, trigger, effects):
    (ability,) = _round_trip(text, "unit")["abilities"]
    assert ability == {"trigger": trigger, "target": {"kind": ANY_OBJECT, "other": True, "exhausted": True}, "effects": effects}


def test_the_kinds_are_one_spec_choosing_among_them():
    spec = target_spec({"kind": ["rune", "unit"], "count": 2})
    assert (spec.kind, spec.kinds, spec.count) == (OBJECTS, ("rune", "unit"), 2)


@pytest.mark.parametrize("text", [
    "摧毁一个敌方单位或符文。",  # a rune is not killed (428 kills units and gear)
    "让一个此处的休眠的物体变为活跃状态。",  # a rune or a legend is at no location
    "让一个单位或单位变为活跃状态。",  # a kind said twice
])
def test_what_a_rune_or_a_legend_cannot_have_or_be_is_not_compiled(text):
    assert _compiled(text).status != "compiled"


CARDS = """cards:
  试验牌: TREE
  兵: {type: unit, might: 2}
  灯: {type: gear}
  甲传奇: {type: legend}
"""
STATE = ("base: [{id: 甲兵, card: 兵, exhausted: true}, {id: 乙兵, card: 兵}], gear: [{card: 灯, exhausted: true}], "
         "runes: [{domain: 炽烈, exhausted: true}, {domain: 灵光, exhausted: true}, 翠意], legend: {card: 甲传奇, exhausted: true}")


def _ready_up_to_four():
    return {**_round_trip(SPELLS[0][0]), "cost": 0}


def test_the_chosen_unit_gear_and_rune_are_readied_and_nothing_else():
    cards = CARDS.replace("TREE", _flow(_ready_up_to_four()))
    script = "- play: 试验牌\n  targets: [甲兵, 灯, \"符文:A:2\"]\n- resolve_chain:\n"
    _, final = play_scenario(cards, board("hand: [试验牌], " + STATE, ""), script=script)
    runes = final.players["A"].runes
    assert [rune.exhausted for rune in runes] == [True, False, False]  # the second readied, the first left exhausted
    assert not final.units["甲兵"].exhausted and not final.gear["灯"].exhausted
    assert final.legends["甲传奇"].exhausted  # not chosen: not a kind this spell chooses anyway


def test_a_rune_the_player_does_not_have_is_refused():
    cards = CARDS.replace("TREE", _flow(_ready_up_to_four()))
    script = "- play: 试验牌\n  targets: [\"符文:A:9\"]\n  expect_illegal: 355.8\n"
    play_scenario(cards, board("hand: [试验牌], " + STATE, ""), script=script)


def test_more_objects_than_up_to_allows_are_refused():
    tree = {**_round_trip("让最多两个单位或符文变为活跃状态。"), "cost": 0}
    script = "- play: 试验牌\n  targets: [甲兵, \"符文:A:1\", \"符文:A:2\"]\n  expect_illegal: 355.8\n"
    play_scenario(CARDS.replace("TREE", _flow(tree)), board("hand: [试验牌], " + STATE, ""), script=script)


MOVER = "当我移动时，让一个其他休眠的物体变为活跃状态。"


def _mover_scenario(chosen: str, expect: str = "") -> tuple:
    tree = {**_round_trip(MOVER, "unit"), "cost": 0}
    cards = CARDS.replace("TREE", _flow(tree))
    state = board("base: [{id: 行者, card: 试验牌}, {id: 甲兵, card: 兵, exhausted: true}], "
                  "runes: [{domain: 炽烈, exhausted: true}, 灵光], legend: {card: 甲传奇, exhausted: true}", "", "name: 战场甲")
    script = f"- move: 行者\n  to: 战场甲\n- resolve_chain:\n  targets: [{chosen}]\n{expect}"
    return play_scenario(cards, state, script=script)


@pytest.mark.parametrize("chosen", ["\"符文:A:1\"", "甲传奇", "甲兵"])
def test_the_trigger_readies_the_exhausted_object_chosen_a_rune_or_a_legend_too(chosen):
    _, final = _mover_scenario(chosen)
    status = {"\"符文:A:1\"": final.players["A"].runes[0].exhausted, "甲传奇": final.legends["甲传奇"].exhausted,
              "甲兵": final.units["甲兵"].exhausted}
    assert status == {name: name != chosen for name in status}  # the one chosen is ready, the others still exhausted


@pytest.mark.parametrize("chosen", ["\"符文:A:2\"", "行者"])
def test_a_ready_rune_or_the_source_itself_is_not_a_choice_of_the_trigger(chosen):
    _mover_scenario(chosen, "  expect_illegal: 383.3\n")  # not among the choices it had as it went on the chain


# -- a unit or a gear, with the parts a unit has: several, a trigger's (chosen as it goes on the chain, 355.5.b) ----------

GEAR_CARDS = """cards:
  试验牌: TREE
  兵: {type: unit, might: 2}
  灯: {type: gear}
"""
ENEMY = "base: [{id: 敌兵, card: 兵}, {id: 敌兵二, card: 兵}], gear: [灯]"


def test_two_enemy_units_or_gear_are_killed_a_gear_among_them():
    tree = {**_round_trip("摧毁两个敌方单位或装备。"), "cost": 0}
    assert tree["target"] == {"kind": ["unit", "gear"], "who": "enemy", "count": 2}
    script = "- play: 试验牌\n  targets: [敌兵, 灯]\n- resolve_chain:\n"
    _, final = play_scenario(GEAR_CARDS.replace("TREE", _flow(tree)), board("hand: [试验牌]", ENEMY), script=script)
    assert set(final.units) == {"敌兵二"} and not final.gear


def test_a_trigger_chooses_a_unit_or_a_gear_as_it_goes_on_the_chain():
    tree = {**_round_trip("当你打出我时，摧毁一个敌方单位或装备。", "unit"), "cost": 0}
    script = "- play: 试验牌\n- resolve_chain:\n  targets: [灯]\n"
    _, final = play_scenario(GEAR_CARDS.replace("TREE", _flow(tree)), board("hand: [试验牌]", ENEMY), script=script)
    assert not final.gear and {"敌兵", "敌兵二"} <= set(final.units)


# -- a card hidden face down at a battlefield (421) among the kinds: 正面朝下的卡牌, “facedown card” -----------------------

POUCH = "横置：让另一张友方装备、单位或正面朝下的卡牌返回其所属的手牌。"
POUCH_TARGET = {"kind": ["unit", "gear", "facedown"], "who": "friendly", "other": True}


@pytest.mark.parametrize("text", [POUCH, "Exhaust: Return another friendly gear, unit, or facedown card to its owner's hand."])
def test_a_facedown_card_is_a_kind_of_the_list_in_both_languages(text):
    (ability,) = _round_trip(text, "gear")["abilities"]
    assert ability == {"cost": {"exhaust": True}, "target": POUCH_TARGET, "effects": [{"return_to_hand": None}]}


@pytest.mark.parametrize("text", ["Return an enemy unit or facedown card to its owner's hand.", "让一个敌方单位或正面朝下的卡牌返回其所属的手牌。"])
def test_a_facedown_card_combines_with_another_side_and_kind(text):
    assert _round_trip(text)["target"] == {"kind": ["unit", "facedown"], "who": "enemy"}


def test_a_facedown_card_has_no_status_to_filter_on():
    assert _compiled("让一个休眠的单位或正面朝下的卡牌返回其所属的手牌。").status == "not_executable"


HIDDEN_CARDS = """cards:
  试验牌: TREE
  兵: {type: unit, might: 2}
  藏牌: {type: spell, keywords: {待命: null}, effects: [{draw: 1}]}
"""


def _pouch(chosen: str, expect: str = "", hidden_by: str = "A"):
    tree = {**_round_trip(POUCH, "gear"), "cost": 0}
    state = board("gear: [试验牌], base: [{id: 甲兵, card: 兵}]", "base: [{id: 敌兵, card: 兵}]",
                  f"name: 战场甲, controller: {hidden_by}, facedown: {{card: 藏牌, by: {hidden_by}}}")
    script = f"- activate: 试验牌\n  ability: ability1\n  targets: [{chosen}]\n{expect or '- resolve_chain:'}\n"
    return play_scenario(HIDDEN_CARDS.replace("TREE", _flow(tree)), state, script=script)


def test_the_facedown_card_chosen_returns_to_its_owners_hand():
    _, final = _pouch("正面朝下:战场甲")
    assert final.battlefields["战场甲"].facedown is None
    assert "藏牌" in [card.name for card in final.players["A"].hand]
    assert "甲兵" in final.units  # the unit not chosen stays


@pytest.mark.parametrize(("chosen", "hidden_by"), [("敌兵", "A"), ("试验牌", "A"), ("正面朝下:战场甲", "B")])
def test_an_enemy_unit_the_source_itself_or_an_enemy_facedown_card_is_refused(chosen, hidden_by):
    _pouch(chosen, "  expect_illegal: 355.9.b", hidden_by)  # a target restriction broken


# -- “something here”: a unit or a gear at that location (a rune or a legend is at none); “it” at end of turn ------------

AT_TURN_END = {"trigger": {"event": "turn_ending", "subject": "any", "player": "any"}, "effects": [{"disempower": None}]}
EMPOWER_HERE = "When you play me, you may empower something here. Disempower it at end of turn."


def test_something_here_is_a_unit_or_a_gear_here_and_it_at_end_of_turn_is_what_was_acted_on():
    (ability,) = _round_trip(EMPOWER_HERE, "unit")["abilities"]
    assert ability == {"trigger": "played", "target": {"kind": ["unit", "gear"], "where": "here"},
                       "effects": [{"may": [{"empower": None}]}, {"delayed": AT_TURN_END}]}


@pytest.mark.parametrize("take", [True, False])
def test_the_unit_empowered_here_is_disempowered_at_end_of_turn(take):
    tree = {**_round_trip(EMPOWER_HERE, "unit"), "cost": 0}
    state = board("hand: [试验牌], base: [{id: 甲兵, card: 兵}]", "")
    script = f"- play: 试验牌\n- resolve_chain:\n  targets: [甲兵]\n  answer: {{may: [{str(take).lower()}]}}\n"
    _, middle = play_scenario(CARDS.replace("TREE", _flow(tree)), state, script=script)
    assert middle.units["甲兵"].empowered == (1 if take else 0)
    _, final = play_scenario(CARDS.replace("TREE", _flow(tree)), state, script=script + "- end_turn:\n")
    assert final.units["甲兵"].empowered == 0


# -- “When A or the first time B each turn”: one ability each, the second limited once a turn; a non-token card played ---

JAYCE_LIKE = "When I attack or the first time you play a non-token gear each turn, ready something else that's exhausted."


def test_an_event_limited_on_its_own_is_its_own_ability_with_the_limit():
    played, gear = _round_trip(JAYCE_LIKE, "unit")["abilities"]
    target = {"kind": ANY_OBJECT, "other": True, "exhausted": True}
    assert played == {"trigger": "attacked", "target": target, "effects": [{"ready": None}]}
    assert gear == {"trigger": {"event": "played", "subject": "friendly", "card_type": "gear", "card": {"token": False}},
                    "target": target, "effects": [{"ready": None}], "limit": "turn"}


@pytest.mark.parametrize("text", ["当你打出一件非指示物装备时，抽一张牌。", "When you play a non-token gear, draw 1."])
def test_a_non_token_gear_played_is_a_card_filter_in_both_languages(text):
    (ability,) = _round_trip(text, "unit")["abilities"]
    assert ability["trigger"] == {"event": "played", "subject": "friendly", "card_type": "gear", "card": {"token": False}}


def test_the_second_gear_played_this_turn_readies_nothing():
    tree = {**_round_trip(JAYCE_LIKE, "unit"), "cost": 0}
    state = board("hand: [灯, 灯], base: [{id: 行者, card: 试验牌}], runes: [{domain: 炽烈, exhausted: true}, "
                  "{domain: 灵光, exhausted: true}]", "")
    cards = CARDS.replace("TREE", _flow(tree)).replace("灯: {type: gear}", "灯: {type: gear, cost: 0}")
    script = ("- play: 灯\n- resolve_chain:\n  targets: [\"符文:A:1\"]\n"
              "- play: 灯\n")
    _, final = play_scenario(cards, state, script=script)
    assert [rune.exhausted for rune in final.players["A"].runes] == [False, True]  # once: the second gear triggers nothing
    assert not final.chain


# -- equipped, a state of the noun phrase like the others (a gear attached, 435): zh 配装的 / 已装配的, en “equipped” ------

@pytest.mark.parametrize(("text", "to"), [
    ("让一名配装的友方单位在本回合内战力+2。", None),
    ("Give an equipped friendly unit +2 Might this turn.", None),
    ("让所有已装配的敌方单位在本回合内战力-1。", {"each": {"who": "enemy", "equipped": True}}),
])
def test_equipped_combines_with_a_side_a_count_and_all(text, to):
    tree = _round_trip(text)
    if to is None:
        assert tree["target"] == {"who": "friendly", "equipped": True}
    else:
        assert tree["effects"][0]["might"]["to"] == to


EQUIP_CARDS = """cards:
  试验牌: TREE
  兵: {type: unit, might: 2}
  剑: {type: gear, tags: [武装]}
"""


@pytest.mark.parametrize(("chosen", "legal"), [("甲兵", True), ("乙兵", False)])
def test_only_a_unit_with_a_gear_attached_is_an_equipped_unit(chosen, legal):
    tree = {**_round_trip("让一名配装的友方单位在本回合内战力+2。"), "cost": 0}
    state = board("hand: [试验牌], base: [{id: 甲兵, card: 兵, attached: [剑]}, {id: 乙兵, card: 兵}]", "")
    script = f"- play: 试验牌\n  targets: [{chosen}]\n" + ("- resolve_chain:\n" if legal else "  expect_illegal: 355.9.b\n")
    _, final = play_scenario(EQUIP_CARDS.replace("TREE", _flow(tree)), state, script=script)
    if legal:  # the equipped one +2 this turn, the other as it was
        assert might(final, final.units["甲兵"]) - might(final, final.units["乙兵"]) == 2
