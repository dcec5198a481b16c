"""Selectors and amounts of the board verbs (issue 16, family cc-sel), on synthetic card text (our own sentences, no
catalog text): each wording's tree, checked by hand against the rules, the gate and the round trip, and the engine
running the new trees in a scenario."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario
from test_cardtext_triggers import _compiled, compiles_with

ELSEWHERE = {"not": {"where": "here"}}
EITHER = ["unit", "gear"]
BATTLEFIELD = {"kind": "battlefield"}

CASES = [
    # “该友方单位” among a friendly and an enemy unit chosen: the one target of that side
    ("zh", "spell", "让一名友方单位变为活跃状态，并对一名敌方单位造成等同于该友方单位战力的伤害。",
     {"target": [{"who": "friendly"}, {"who": "enemy"}],
      "effects": [{"ready": {"to": {"target": 1}}}, {"deal": {"to": {"target": 2}, "amount": {"might_of": {"target": 1}}}}]}),
    ("zh", "spell", "选择一名友方单位，并对战场上的一名敌方单位造成等同于该友方单位战力的伤害。",
     {"target": [{"who": "friendly"}, {"who": "enemy", "where": "battlefield"}],
      "effects": [{"deal": {"to": {"target": 2}, "amount": {"might_of": {"target": 1}}}}]}),
    # at another location than the source's (`not: {where: here}`), chosen, or every one
    ("zh", "unit", "当我进攻时，眩晕一名在其他位置的敌方单位。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", **ELSEWHERE}, "effects": [{"stun": None}]}]}),
    ("zh", "unit", "当你打出我时，对所有位于不同位置的敌方单位各造成1点伤害。",
     {"abilities": [{"trigger": "played", "effects": [
         {"deal": {"to": {"each": {"who": "enemy", **ELSEWHERE}}, "amount": 1}}]}]}),
    # “你可以选择一名X。Y它”: up to one chosen (none, and Y does nothing); my place and its swapped (two moves)
    ("zh", "unit", "当我进攻时，你可以选择一名在其他位置的友方单位。将我移动到它的位置，再将它移动到我原来的位置。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "friendly", "count": 1, "up_to": True, **ELSEWHERE},
                     "effects": [{"swap_places": None}]}]}),
    # to the battlefield where I am as it executes (`to: source`)
    ("zh", "unit", "当我进攻时，你可以选择移动一名在其他位置的敌方单位到我所在的战场。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", **ELSEWHERE},
                     "effects": [{"may": [{"move": {"to": "source"}}]}]}]}),
    # one target either a unit or a gear (355.9), its adjectives read by each kind
    ("zh", "spell", "摧毁一个敌方灵光单位或装备。", {"target": {"kind": EITHER, "who": "enemy", "domain": "灵光"},
                                                "effects": [{"kill": None}]}),
    ("en", "spell", "Ready a friendly Mind unit or gear.", {"target": {"kind": EITHER, "who": "friendly", "domain": "灵光"},
                                                           "effects": [{"ready": None}]}),
    # a spell's battlefield beside its units (170.7): named at once; the units there by where: there, one chosen there by
    # same_battlefield, “其他” there other than the unit chosen, “所选单位” the one unit chosen, “该战场” the battlefield
    ("zh", "spell", "选择一名敌方单位和一处战场。眩晕该处的所有战力不高于所选单位的友方单位。",
     {"target": [{"who": "enemy"}, BATTLEFIELD],
      "effects": [{"stun": {"to": {"each": {"who": "friendly", "might": {"le": {"might_of": {"target": 1}}}, "where": "there"}}}}]}),
    ("zh", "spell", "选择一处战场，以及该处的一名友方单位。让该单位在本回合内战力+3，并让该处的其他友方单位在本回合内战力+1。",
     {"target": [BATTLEFIELD, {"who": "friendly", "where": "same_battlefield"}],
      "effects": [{"might": {"to": {"target": 2}, "amount": 3}},
                  {"might": {"to": {"each": {"who": "friendly", "other_than_targets": True, "where": "there"}}, "amount": 1}}]}),
    ("zh", "spell", "选择一名友方单位，对一处战场上的所有敌方单位造成2点伤害，然后将该友方单位移动到此战场。",
     {"target": [{"who": "friendly"}, BATTLEFIELD], "effects": [
         {"deal": {"to": {"each": {"who": "enemy", "where": "there"}}, "amount": 2}},
         {"move": {"what": {"target": 1}, "to": {"location_of": {"target": 2}}}}]}),
    # “任意数量的” / “any number of”: a choice of any number, none included (355.13), not every one (`count: null` alone)
    ("zh", "unit", "当你打出我时，你可以选择将任意数量的敌方单位移动到其基地。",
     {"abilities": [{"trigger": "played", "target": {"who": "enemy", "count": None, "up_to": True},
                     "effects": [{"may": [{"move": {"to": "base"}}]}]}]}),
    ("en", "unit", "When I attack, you may stun any number of enemy units here each with 3 Might or less.",
     {"abilities": [{"trigger": "attacked", "target": {"count": None, "up_to": True, "who": "enemy", "where": "here",
                                                        "might": {"le": 3}}, "effects": [{"may": [{"stun": None}]}]}]}),
    # your own gap to the Victory Score (194.3), as an opponent's
    ("en", "unit", "If your score is not within 4 points of the Victory Score, I have +2 Might.",
     {"abilities": [{"static": {"might": 2, "to": "self"}, "while": {"to_win": {"gt": 4}}}]}),
    ("zh", "unit", "如果你的得分距离胜利得分不超过2分，则我获得战力+2。",
     {"abilities": [{"static": {"might": 2, "to": "self"}, "while": {"to_win": {"le": 2}}}]}),
    # “其他” after an enemy unit was chosen: other than it, not than the source (a spell has none)
    ("zh", "unit", "当我防守时，眩晕此处的一名敌方单位，并对此处所有其他敌方单位造成1点伤害。",
     {"abilities": [{"trigger": "defended", "target": {"who": "enemy", "where": "here"}, "effects": [
         {"stun": None}, {"deal": {"to": {"each": {"who": "enemy", "where": "here", "other_than_targets": True}}, "amount": 1}}]}]}),
    # “此处的每名…” every one there; “在本场战斗中” until the combat ends; a move to the battlefield of a unit chosen too
    ("zh", "spell", "让此处的每名友方单位在本回合内战力+1。",
     {"effects": [{"might": {"to": {"each": {"who": "friendly", "where": "here"}}, "amount": 1}}]}),
    ("zh", "spell", "让一名敌方单位在本场战斗中战力-2。", {"target": {"who": "enemy"}, "effects": [{"might": {"until": "combat", "amount": -2}}]}),
    ("zh", "spell", "将一名友方单位移动到一名战场上的敌方单位所在的战场。",
     {"target": [{"who": "friendly"}, {"who": "enemy", "where": "battlefield"}],
      "effects": [{"move": {"what": {"target": 1}, "to": {"location_of": {"target": 2}}}}]}),
    # the English side the same: “each other enemy unit at its location” after a unit chosen, “that unit” beside a
    # battlefield, “this combat”, “in a base”
    ("en", "spell", "Stun a unit, then deal 2 to each other enemy unit at its location.",
     {"target": {}, "effects": [{"stun": None}, {"deal": {"amount": 2, "to": {"each": {
         "who": "enemy", "where": "there", "other_than_targets": True}}}}]}),
    ("en", "spell", ("Choose an enemy unit and a battlefield. Give each friendly unit at that battlefield +Might equal to "
                     "that unit's Might this turn."),
     {"target": [{"who": "enemy"}, BATTLEFIELD], "effects": [{"might": {"amount": {"might_of": {"target": 1}}, "to": {
         "each": {"who": "friendly", "where": "there"}}}}]}),
    ("en", "spell", "Give an enemy unit in a base -1 Might this combat.",
     {"target": {"who": "enemy", "where": "base"}, "effects": [{"might": {"amount": -1, "until": "combat"}}]}),
    # Might exactly N (`eq`)
    ("zh", "spell", "眩晕所有战力为1的敌方单位。", {"effects": [{"stun": {"to": {"each": {"who": "enemy", "might": {"eq": 1}}}}}]}),
    ("en", "spell", "Kill an enemy unit with 3 Might.", {"target": {"who": "enemy", "might": {"eq": 3}}, "effects": [{"kill": None}]}),
    # “则改为战力+N”: the same Might change, another amount; “不在战斗中的”; “其控制者的基地” is its base
    ("zh", "spell", "让一名敌方单位在本回合内战力-1。如果它是被眩晕的，则改为战力-3。",
     {"target": {"who": "enemy"}, "effects": [{"might": {"amount": -3, "if": {"target_is": {"stunned": True}}}},
                                              {"might": {"amount": -1, "if": {"not": {"target_is": {"stunned": True}}}}}]}),
    ("zh", "spell", "将一名不在战斗中的敌方单位移动到其控制者的基地。",
     {"target": {"who": "enemy", "in_combat": False}, "effects": [{"move": {"to": "base"}}]}),
    # a state said after the noun (“that's stunned”, “that are exhausted”)
    ("en", "spell", "Kill an enemy unit that's stunned.", {"target": {"who": "enemy", "stunned": True}, "effects": [{"kill": None}]}),
    ("en", "spell", "Ready all friendly units that are exhausted.",
     {"effects": [{"ready": {"to": {"each": {"who": "friendly", "exhausted": True}}}}]}),
    # all of the next damage dealt to it this turn (437.1.b.1, `prevent: next`)
    ("zh", "spell", "选择一名友方单位，在本回合内，抵挡该单位下一次受到的伤害。",
     {"target": {"who": "friendly"}, "effects": [{"prevent": "next"}]}),
    # a battlefield of a side beside a unit not at it (`where: other_location`), the unit moved there
    ("zh", "spell", "选择对手控制的一处战场和不在该处的一名友方单位。将该单位移动到该战场。",
     {"target": [{"kind": "battlefield", "who": "enemy"}, {"who": "friendly", "where": "other_location"}],
      "effects": [{"move": {"what": {"target": 2}, "to": {"location_of": {"target": 1}}}}]}),
    ("en", "spell", ("Choose a battlefield an opponent controls and a friendly unit at a different location. Move the "
                     "friendly unit to that battlefield."),
     {"target": [{"kind": "battlefield", "who": "enemy"}, {"who": "friendly", "where": "other_location"}],
      "effects": [{"move": {"what": {"target": 2}, "to": {"location_of": {"target": 1}}}}]}),
    ("zh", "spell", "选择你控制的一处战场。让该处的所有友方单位在本回合内战力+1。",
     {"target": {"kind": "battlefield", "who": "friendly"},
      "effects": [{"might": {"to": {"each": {"who": "friendly", "where": "there"}}, "amount": 1}}]}),
    # a unit or a gear each in its own words: the same for both, or a unit at a battlefield and any gear (not a unit in
    # a base)
    ("zh", "spell", "让一名友方单位或一件友方装备变为活跃状态。", {"target": {"kind": EITHER, "who": "friendly"},
                                                          "effects": [{"ready": None}]}),
    ("zh", "spell", "摧毁一名战场上的单位或一件装备。",
     {"target": {"kind": EITHER, "not": {"kind": "unit", "where": "base"}}, "effects": [{"kill": None}]}),
    # other word orders: “其他所有”, “两名不同的”, “…战力+2，并获得K” (the same one, this turn), “让A和B相互…” (both chosen)
    ("zh", "unit", "当我进攻时，让其他所有友方单位在本回合内战力+1。",
     {"abilities": [{"trigger": "attacked", "effects": [{"might": {"to": {"each": {"who": "friendly", "other": True}}, "amount": 1}}]}]}),
    ("zh", "spell", "眩晕最多两名不同的敌方单位。", {"target": {"who": "enemy", "count": 2, "up_to": True}, "effects": [{"stun": None}]}),
    ("zh", "spell", "让一名敌方单位在本回合内战力-1，并获得壁垒。",
     {"target": {"who": "enemy"}, "effects": [{"might": -1}, {"grant": {"keyword": "壁垒"}}]}),
    ("zh", "spell", "让一名战场上的友方单位和一名战场上的敌方单位相互以自身战力给对方造成伤害。",
     {"target": [{"who": "friendly", "where": "battlefield"}, {"who": "enemy", "where": "battlefield"}],
      "effects": [{"fight": None}]}),
    # “X。如果C，则改为造成N点伤害”: the same deal with another amount; after “你可以选择X” the pair is what you may do
    ("zh", "unit", "当我进攻时，你可以选择对此处的一名敌方单位造成1点伤害。如果我已强化，则改为造成3点伤害。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", "where": "here"}, "effects": [{"may": [
         {"deal": {"amount": 3, "if": {"empowered": True}}}, {"deal": {"amount": 1, "if": {"not": {"empowered": True}}}}]}]}]}),
    ("en", "unit", "When I attack, you may deal 1 to an enemy unit here. If I'm Empowered, deal 3 instead.",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", "where": "here"}, "effects": [{"may": [
         {"deal": {"amount": 3, "if": {"empowered": True}}}, {"deal": {"amount": 1, "if": {"not": {"empowered": True}}}}]}]}]}),
]


@pytest.mark.parametrize(("language", "card_type", "text", "tree"), CASES, ids=[text for _, _, text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, card_type, text, tree):
    compiles_with(card_type, text, tree, language)


@pytest.mark.parametrize("text", [
    "选择一名友方单位和另一名友方单位。对一名敌方单位造成等同于该友方单位战力的伤害。",  # two friendly: which one
    "摧毁一名敌方单位或一件装备。",  # whose gear: not said
    "当我进攻时，选择一名友方单位和一处战场。眩晕该处的所有敌方单位。",  # a trigger's battlefield beside units: not built
    "选择一处战场。对该处的其他敌方单位造成1点伤害。",  # other than what (no unit chosen, a spell has no source)
    "当我进攻时，让一名友方单位在本回合内战力+2，并让所有其他友方单位在本回合内战力+1。",  # other than it, or than me
    "选择一名友方单位和一名敌方单位。对一处战场上的所有敌方单位造成等同于所选单位战力的伤害。",  # which unit chosen
])
def test_a_selector_left_open_is_not_compiled(text):
    assert _compiled(text, "unit" if text.startswith("当") else "spell").status != "compiled"


SWAPPER = "当你打出我时，你可以选择一名在其他位置的友方单位。将我移动到它的位置，再将它移动到我原来的位置。"


def _swap(chosen: str):
    """试验牌 played to A's base: its trigger chooses *chosen* (or none) as it goes on the chain."""
    card = _compiled(SWAPPER, "unit").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, might: 1}}\n"
    state = board("hand: [试验牌], base: [{id: 家, card: 兵}]", "",
                  "name: 北, controller: A, units: [{id: 邻, card: 兵, controller: A}]")
    named = f"\n  targets: [{chosen}]" if chosen else "\n  targets: []"
    return play_scenario(cards, state, script=f"- play: 试验牌\n- pass: A\n- resolve_chain:{named}\n")


def _me(state):
    return next(unit for unit in state.units.values() if unit.card == "试验牌")


def test_the_unit_elsewhere_and_i_swap_places():
    _, final = _swap("邻")
    assert (_me(final).location, final.units["邻"].location) == ("北", final.units["家"].location)


def test_none_chosen_and_no_one_moves():
    _, final = _swap("")
    assert _me(final).location == final.units["家"].location and final.units["邻"].location == "北"


def test_a_unit_where_i_am_is_no_legal_choice():
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="家 在 试验牌 的ability1能力 加入结算链时不是有效目标"):
        _swap("家")


def test_a_gear_of_the_domain_named_is_killed_and_one_of_another_is_no_target():
    tree = _compiled("Kill an enemy Chaos unit or gear.", "spell", "en").tree
    cards = (f"cards:\n  试验牌: {flow({**tree, 'cost': 0})}\n  兵: {{type: unit, might: 1}}\n"
             "  混沌齿轮: {type: gear, cost: 1, domains: [混沌]}\n  秩序齿轮: {type: gear, cost: 1, domains: [序理]}\n")
    state = board("hand: [试验牌]", "base: [{id: 敌, card: 兵}], gear: [混沌齿轮, 秩序齿轮]")
    _, final = play_scenario(cards, state, script="- play: 试验牌\n  targets: 混沌齿轮\n- pass:\n")
    assert [gear.card for gear in final.gear.values()] == ["秩序齿轮"] and "敌" in final.units
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="秩序齿轮 不是 试验牌 的有效目标"):
        play_scenario(cards, state, script="- play: 试验牌\n  targets: 秩序齿轮\n- pass:\n")


def test_a_compiled_battlefield_beside_a_unit_runs_the_unit_moved_there_after_the_damage():
    tree = _compiled(CASES[[c[2] for c in CASES].index("选择一名友方单位，对一处战场上的所有敌方单位造成2点伤害，然后将该友方单位移动到此战场。")][2],
                     "spell").tree
    cards = f"cards:\n  试验牌: {flow({**tree, 'cost': 0})}\n  兵: {{type: unit, might: 2}}\n"
    state = board("hand: [试验牌], base: [{id: 家, card: 兵}]", "base: [{id: 守, card: 兵}]",
                  "name: 北, units: [{id: 敌, card: 兵, controller: B}]")
    _, final = play_scenario(cards, state, script="- play: 试验牌\n  targets: [家, 北]\n- pass:\n")
    assert "敌" not in final.units and final.units["家"].location == "北" and final.units["守"].damage == 0


MOVER = "当你打出我时，你可以选择将任意数量的敌方单位移动到其基地。"


def _mover(targets: str):
    card = _compiled(MOVER, "unit").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, might: 1}}\n"
    state = board("hand: [试验牌]", "", "name: 北, units: [{id: 甲, card: 兵, controller: B}, {id: 乙, card: 兵, controller: B}]")
    script = f"- play: 试验牌\n- pass: A\n- resolve_chain:\n  targets: {targets}\n  answer: {{may: true}}\n"
    return play_scenario(cards, state, script=script)[1]


def test_any_number_chosen_as_the_trigger_goes_on_the_chain_one_of_two_or_none():
    assert (_mover("[甲]").units["甲"].location, _mover("[甲]").units["乙"].location) == ("base:B", "北")
    assert {unit.location for unit in _mover("[]").units.values() if unit.controller == "B"} == {"北"}


def test_the_gap_to_victory_is_read_as_the_unit_enters():
    card = _compiled("如果你的得分距离胜利得分超过4分，则我以活跃状态进场。", "unit").tree
    assert card["abilities"] == [{"static": {"enters_ready": True}, "while": {"to_win": {"gt": 4}}}]
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n"
    for points, exhausted in ((0, False), (5, True)):
        state = board(f"hand: [试验牌], points: {points}")
        final = play_scenario(cards, state, script="- play: 试验牌\n")[1]
        assert next(unit for unit in final.units.values() if unit.card == "试验牌").exhausted is exhausted


def test_the_next_damage_only_is_prevented():
    tree = _compiled("选择一名友方单位，在本回合内，抵挡该单位下一次受到的伤害。", "spell").tree
    cards = (f"cards:\n  试验牌: {flow({**tree, 'cost': 0})}\n  兵: {{type: unit, might: 5}}\n"
             "  火: {type: spell, cost: 0, target: unit, effects: [{deal: 2}]}\n")
    state = board("hand: [试验牌, 火, 火], base: [{id: 友, card: 兵}]")
    script = "- play: 试验牌\n  targets: 友\n- pass:\n" + "- play: 火\n  targets: 友\n- pass:\n" * 2
    assert play_scenario(cards, state, script=script)[1].units["友"].damage == 2


def test_the_other_enemy_units_there_and_not_the_one_chosen():
    tree = _compiled("对一名敌方单位造成3点伤害，并对其所在位置的所有其他敌方单位造成1点伤害。", "spell").tree
    cards = f"cards:\n  试验牌: {flow({**tree, 'cost': 0})}\n  兵: {{type: unit, might: 5}}\n"
    state = board("hand: [试验牌]", "base: [{id: 家, card: 兵}]",
                  "name: 北, units: [{id: 甲, card: 兵, controller: B}, {id: 乙, card: 兵, controller: B}]")
    final = play_scenario(cards, state, script="- play: 试验牌\n  targets: 甲\n- pass:\n")[1]
    assert {unit: final.units[unit].damage for unit in ("甲", "乙", "家")} == {"甲": 3, "乙": 1, "家": 0}


def test_a_unit_at_a_battlefield_or_a_gear_but_not_a_unit_in_a_base():
    tree = _compiled("摧毁一名战场上的单位或一件装备。", "spell").tree
    cards = f"cards:\n  试验牌: {flow({**tree, 'cost': 0})}\n  兵: {{type: unit, might: 1}}\n  齿轮: {{type: gear, cost: 1}}\n"
    state = board("hand: [试验牌], base: [{id: 家, card: 兵}]", "gear: [齿轮]", "name: 北, units: [{id: 敌, card: 兵, controller: B}]")
    final = play_scenario(cards, state, script="- play: 试验牌\n  targets: 齿轮\n- pass:\n")[1]
    assert final.gear == {} and {"家", "敌"} <= set(final.units)
    assert "敌" not in play_scenario(cards, state, script="- play: 试验牌\n  targets: 敌\n- pass:\n")[1].units
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="家 不是 试验牌 的有效目标"):
        play_scenario(cards, state, script="- play: 试验牌\n  targets: 家\n- pass:\n")
