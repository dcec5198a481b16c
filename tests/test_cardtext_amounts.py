"""Cost changes and amounts read from the state, in both compilers (issue 16): invented wordings only (no card text),
each with the tree it compiles to, the gate (the engine runs it), the round trip (the rendering compiles to the same
tree) and the English side agreeing with the Chinese one; a few trees are then run in a scenario."""

from __future__ import annotations

import pytest
from conftest import flow as flow_
from conftest import play_scenario

from judgekit.cardtext import CardSource, compile_card

FACTS = {"type": "unit", "cost": 6, "power": 1, "might": 4, "domains": ["炽烈"]}


def _compiled(text: str, language: str = "zh", facts: dict | None = None):
    return compile_card(CardSource("T-700", language, text, facts or FACTS, "试验牌"))


def _round_trip(text: str, language: str = "zh", facts: dict | None = None) -> dict:
    result = _compiled(text, language, facts)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, "zh", facts)
    assert again.tree == result.tree, result.understood
    return result.tree


# -- the card's own cost for each battlefield its player scored by holding this turn (468.1) -------------------------

HELD = {"applies": "self", "per": "points_scored_holding", "energy": -3, "power": -1}


def test_a_cost_per_hold_scored_this_turn_reads_its_own_domains_rune_in_both_languages():
    zh = _round_trip("在本回合内，你每通过据守获得1分，我的费用就减少③和红色符能。")
    en = _round_trip("I cost ③Fury rune less for each point you scored from holding this turn.", "en")
    assert zh["cost_changes"] == en["cost_changes"] == [HELD]
    assert _round_trip("在本回合内，你每通过据守获得1分，我的费用便减少②。")["cost_changes"] == [
        {"applies": "self", "per": "points_scored_holding", "energy": -2}]


def test_a_cost_per_hold_naming_another_domains_rune_is_not_read():
    for text, language in (("在本回合内，你每通过据守获得1分，我的费用就减少③和绿色符能。", "zh"),
                           ("I cost ③Calm rune less for each point you scored from holding this turn.", "en")):
        assert _compiled(text, language).status == "not_understood", text


HOLD_STATE = """state:
  turn: {player: B, phase: main}
  players:
    A: {hand: [试验牌], runes: 3, deck: 3}
    B: {deck: 3}
  battlefields:
    - {name: 北方, controller: A, units: [{id: 守, card: 先锋中士, controller: A}]}
"""


@pytest.mark.parametrize("held", [True, False])
def test_the_compiled_cost_per_hold_lowers_energy_and_power_once_a_battlefield_was_held(held):
    tree = _round_trip("在本回合内，你每通过据守获得1分，我的费用就减少③和红色符能。")
    state = HOLD_STATE if held else HOLD_STATE.replace("controller: A, units: [{id: 守, card: 先锋中士, controller: A}]", "")
    # A's Beginning Phase scores 北方 by holding (a point, 468.1): 6 Energy and a Fury Power less 3 and 1 is 3 Energy;
    # nothing held, the full cost is more than three runes pay (358.2)
    script = "- end_turn:\n- play: 试验牌\n  player: A\n" + ("" if held else "  expect_illegal: 358.2\n")
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n", state, script=script)
    played = "试验牌" in {unit.card for unit in final.units.values()}
    assert played is held and all(rune.exhausted for rune in final.players["A"].runes) is held


# -- the cards of one type you play, narrowed by a printed keyword and by the zone they are played from (356.4) -------

FROM_TRASH = {"applies": "friendly_spells", "keyword": "流转", "from": "trash", "energy": -3, "min": 1}


def test_a_change_of_your_spells_with_a_keyword_played_from_your_trash_reads_the_same_in_both_languages():
    assert _round_trip("你从废牌堆中打出的拥有流转的法术费用减少③，不得低于①。")["cost_changes"] == [FROM_TRASH]
    assert _round_trip("Spells with Flow you play from your trash cost ③ less.", "en")["cost_changes"] == [
        {key: value for key, value in FROM_TRASH.items() if key != "min"}]
    zh = _round_trip("你从废牌堆中打出的拥有装配的装备费用减少②，不得低于①。")
    en = _round_trip("Gear with Equip you play from your trash cost ② less, to a minimum of ①.", "en")
    assert zh["cost_changes"] == en["cost_changes"] == [
        {"applies": "friendly_gear", "keyword": "装配", "from": "trash", "energy": -2, "min": 1}]
    assert _round_trip("你打出的拥有回响的单位的费用增加①。")["cost_changes"] == [
        {"applies": "friendly_units", "keyword": "回响", "energy": 1}]
    assert _round_trip("Gear you play from your trash cost ① less.", "en")["cost_changes"] == [
        {"applies": "friendly_gear", "from": "trash", "energy": -1}]
    assert _compiled("Spells with Frobnicate you play cost ① less.", "en").status == "not_understood"


FLOW_CARDS = """cards:
  试验牌: TREE
  流星: {type: spell, cost: 6, keywords: {流转: 4}, effects: [{draw: 1}]}
"""
FLOW_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 观, card: 试验牌}], trash: [流星], hand: [流星], runes: RUNES, deck: 3}
    B: {}
"""


@pytest.mark.parametrize(("flow", "runes", "paid"), [(True, 3, 1), (False, 6, 6)])
def test_the_compiled_change_lowers_a_flow_cost_from_the_trash_to_its_minimum_and_not_a_play_from_hand(flow, runes, paid):
    tree = _round_trip("你从废牌堆中打出的拥有流转的法术费用减少③，不得低于①。")
    # Flow: 4 Energy from the trash (829.1.c), less 3 is 1 (356.4); from the hand the printed 6, no discount
    script = "- play: 流星\n  player: A\n" + ("  flow: true\n" if flow else "") + "- pass:\n"
    _, final = play_scenario(FLOW_CARDS.replace("TREE", flow_(tree)), FLOW_STATE.replace("RUNES", str(runes)), script=script)
    assert sum(rune.exhausted for rune in final.players["A"].runes) == paid
    assert len(final.players["A"].hand) == 1 + flow  # the card drawn, and the 流星 not played


# -- an activated ability's Energy lowered by the Might of the unit it chooses (356.4, 377.3) -------------------------

CHOSEN_MIGHT = {"energy": -1, "per": {"might_of": "target"}}
CHOSEN_UNITS_MIGHT = "the Might of the unit you choose"
GEAR = {"type": "gear", "cost": 2, "domains": ["炽烈"], "tags": ["武装"]}


def test_equip_lowered_by_the_might_of_the_unit_chosen_reads_the_same_in_both_languages():
    zh = _round_trip("装配④红色符能。此技能的法力费用减少你所选单位的战力。", facts=GEAR)
    en = _round_trip(f"Equip ④Fury rune. This ability's Energy cost is reduced by {CHOSEN_UNITS_MIGHT}.", "en", facts=GEAR)
    assert zh["abilities"] == en["abilities"] == [{"name": "装配", "cost": {"energy": 4, "runes": ["炽烈"]},
                                                   "target": {"who": "friendly"}, "effects": [{"attach": "试验牌"}],
                                                   "cost_change": CHOSEN_MIGHT}]
    # any activated ability: its own cost change, its last sentence
    tree = _round_trip("支付⑤，横置：让一名友方单位在本回合内战力+1。此技能的法力费用减少你所选单位的战力。", facts=GEAR)
    assert tree["abilities"][0]["cost_change"] == CHOSEN_MIGHT


EQUIP_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A:
      gear: [试验牌]
      runes: RUNES
      base: [{id: 小, card: 小兵}, {id: 巨, card: 巨像}]
    B: {}
"""
COLOSSUS = "  巨像: {type: unit, cost: 6, might: 6}\n  小兵: {type: unit, cost: 1, might: 1}\n"


@pytest.mark.parametrize(("unit", "runes", "legal"), [("巨", 1, True), ("小", 1, False), ("小", 4, True)])
def test_the_equip_cost_is_lowered_by_the_chosen_units_might_read_as_it_is_activated(unit, runes, legal):
    tree = _round_trip("装配④红色符能。此技能的法力费用减少你所选单位的战力。", facts=GEAR)
    # 巨像 (6 Might): 4 − 6 is no Energy (356.6), the Fury Power alone — one rune recycled; 小兵 (1 Might): 3 Energy more
    script = f"- activate: 试验牌\n  ability: 装配\n  targets: [{unit}]\n" + ("- pass:\n" if legal else "  expect_illegal: 358.2\n")
    board = EQUIP_STATE.replace("RUNES", f"[{{domain: 炽烈}}{', {}' * (runes - 1)}]" if runes else "0")
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n{COLOSSUS}", board, script=script)
    assert ("试验牌" in final.units[unit].attached) is legal


# -- a battlefield you control with that many units there (any side's), as a condition ------------------------------

def test_a_battlefield_you_control_with_exactly_n_units_there_reads_the_same_in_both_languages():
    zh = _round_trip("如果你控制着一处恰好有两名单位的战场，则此牌的费用减少③。")
    en = _round_trip("I cost ③ less if you control a battlefield with exactly two units there.", "en")
    exact = {"controls_battlefield_with": {"at_least": 2, "at_most": 2}}
    assert zh["abilities"] == en["abilities"] == [{"static": {"cost_change": {"energy": -3}}, "while": exact}]
    tree = _round_trip("如果你控制着一处有不少于两名敌方单位的战场，则此牌的费用减少①。")
    assert tree["abilities"][0]["while"] == {"controls_battlefield_with": {"units": {"who": "enemy"}, "at_least": 2}}


BATTLEFIELD_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [试验牌], runes: 3}
    B: {}
  battlefields:
    - {name: 北方, controller: A, units: [UNITS]}
    - {name: 南方, controller: B, units: [{id: 乙, card: 先锋中士, controller: B}]}
"""


@pytest.mark.parametrize(("count", "legal"), [(2, True), (3, False), (1, False)])
def test_the_compiled_condition_counts_the_units_at_a_battlefield_you_control(count, legal):
    tree = _round_trip("如果你控制着一处恰好有两名单位的战场，则此牌的费用减少③和红色符能。")
    # 6 Energy and a Fury Power; with two units at 北方 (A's) 3 Energy: three runes pay it. 南方 has one, and is B's
    units = ", ".join(f"{{id: 甲{n}, card: 先锋中士, controller: A}}" for n in range(count))
    script = "- play: 试验牌\n  player: A\n" + ("" if legal else "  expect_illegal: 358.2\n")
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n", BATTLEFIELD_STATE.replace("UNITS", units), script=script)
    assert ("试验牌" in {unit.card for unit in final.units.values()}) is legal


# -- a battlefield's change of every player's spells that choose a unit there of a side (356.4) -----------------------

BATTLEFIELD = {"type": "battlefield"}


def test_spells_choosing_a_unit_here_of_a_side_read_the_same_in_both_languages():
    zh = _round_trip("选择此处一名或多名友方单位的法术费用减少任意符能。", facts=BATTLEFIELD)
    en = _round_trip("Each spell that chooses a unit here that is friendly to it costs any rune less.", "en", facts=BATTLEFIELD)
    assert zh["cost_changes"] == en["cost_changes"] == [{"applies": "spells_choosing_here", "who": "friendly", "power": -1}]
    assert _round_trip("Each spell that chooses any units here costs ① more.", "en", facts=BATTLEFIELD)["cost_changes"] == [
        {"applies": "spells_choosing_here", "who": "any", "energy": 1}]
    assert _compiled("选择此处一名或多名友方单位的法术费用减少任意符能。").status == "not_executable"  # a unit's: refused


TOMB_CARDS = """cards:
  试验牌: TREE
  鼓舞术: {type: spell, cost: 1, power: 1, domains: [炽烈], target: {who: any}, effects: [{might: 1}]}
"""
TOMB_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [鼓舞术], energy: 1}
    B: {base: [{id: 乙家, card: 先锋中士}]}
  battlefields:
    - {name: 墓, card: 试验牌, controller: B, units: [{id: 甲, card: 先锋中士, controller: A}, {id: 乙, card: 先锋中士, controller: B}]}
"""


@pytest.mark.parametrize(("target", "legal"), [("甲", True), ("乙", False), ("乙家", False)])
def test_the_battlefields_change_lowers_any_players_spell_that_chooses_their_own_unit_there(target, legal):
    tree = _round_trip("选择此处一名或多名友方单位的法术费用减少任意符能。", facts=BATTLEFIELD)
    # B controls 墓; A's spell choosing A's unit there pays [1] only (its Power less, 356.4); B's units, here or not: no
    script = f"- play: 鼓舞术\n  player: A\n  targets: [{target}]\n" + ("- pass:\n" if legal else "  expect_illegal: 358.2\n")
    _, final = play_scenario(TOMB_CARDS.replace("TREE", flow_(tree)), TOMB_STATE, script=script)
    assert (final.players["A"].energy == 0) is legal


# -- a battlefield's changes of its controller's activated abilities (356.4; “you” its controller, 190.6.d) ------------

FORGE = {"applies": "gear_abilities", "first": True, "energy": -1, "while": "controlled"}
ALTAR = {"applies": "empower_costs", "where": "here", "energy": -1, "power": -1, "either": True, "while": "controlled"}


def test_gear_abilities_and_empower_costs_a_battlefield_lowers_read_the_same_in_both_languages():
    zh = _round_trip("如果此战场受你控制，则每回合启动的第一个友方装备技能的费用减少①。", facts=BATTLEFIELD)
    en = _round_trip("While you control this battlefield, friendly gear activated abilities cost ① less.", "en", facts=BATTLEFIELD)
    assert zh["cost_changes"] == [FORGE] and en["cost_changes"] == [{k: v for k, v in FORGE.items() if k != "first"}]
    zh = _round_trip("如果此战场受你控制，则此处你的单位的强化费用减少①或任意符能。", facts=BATTLEFIELD)
    en = _round_trip("Empower costs of your units here cost ① or any rune less.", "en", facts=BATTLEFIELD)
    assert zh["cost_changes"] == en["cost_changes"] == [ALTAR]
    assert _round_trip("如果此战场受你控制，则你的单位的强化费用减少②。", facts=BATTLEFIELD)["cost_changes"] == [
        {"applies": "empower_costs", "energy": -2, "while": "controlled"}]


FORGE_CARDS = """cards:
  试验牌: TREE
  示例·灯: {type: gear, cost: 1, abilities: [{name: 点亮, cost: {energy: 2}, effects: [{draw: 1}]}]}
"""
FORGE_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {gear: [示例·灯, 示例·灯], energy: 3, deck: 3}
    B: {}
  battlefields:
    - {name: 炉, card: 试验牌, controller: OWNER}
"""


@pytest.mark.parametrize(("owner", "legal"), [("A", True), ("B", False)])
def test_only_the_first_gear_ability_its_controller_activates_each_turn_costs_less(owner, legal):
    tree = _round_trip("如果此战场受你控制，则每回合启动的第一个友方装备技能的费用减少①。", facts=BATTLEFIELD)
    # A controls 炉: the first 点亮 costs [1], the second its [2] — 3 in all; B controls it: [2] then [2] is more than 3
    script = "- activate: 示例·灯\n  ability: 点亮\n- pass:\n- activate: 示例·灯#2\n  ability: 点亮\n" + \
        ("- pass:\n" if legal else "  expect_illegal: 358.2\n")
    _, final = play_scenario(FORGE_CARDS.replace("TREE", flow_(tree)), FORGE_STATE.replace("OWNER", owner), script=script)
    assert (final.players["A"].energy, len(final.players["A"].hand)) == ((0, 2) if legal else (1, 1))


ALTAR_CARDS = """cards:
  试验牌: TREE
  示例·石像: {type: unit, might: 2, empower: {cost: {energy: 1, power: 1}}}
"""
ALTAR_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {power: {炽烈: 1}, base: [{id: 家, card: 示例·石像}]}
    B: {}
  battlefields:
    - {name: 坛, card: 试验牌, controller: A, units: [{id: 坛上, card: 示例·石像, controller: A}]}
"""


@pytest.mark.parametrize(("unit", "legal"), [("坛上", True), ("家", False)])
def test_the_empower_cost_of_the_controllers_unit_there_is_one_energy_less(unit, legal):
    tree = _round_trip("如果此战场受你控制，则此处你的单位的强化费用减少①或任意符能。", facts=BATTLEFIELD)
    # [1] and a Power: at 坛 the [1] is taken off (Energy first, a default) and the pool's Power pays; in the base, no
    script = f"- activate: {unit}\n  ability: 强化\n" + ("- pass:\n" if legal else "  expect_illegal: 358.2\n")
    _, final = play_scenario(ALTAR_CARDS.replace("TREE", flow_(tree)), ALTAR_STATE, script=script)
    assert bool(final.units[unit].empowered) is legal


# -- an optional additional cost of any number of buffs, the card's cost lowered for each (356.2.b.1, 356.4) -----------

HUNTER = {"type": "unit", "cost": 3, "power": 2, "might": 5, "domains": ["炽烈"]}
EACH_BUFF = {"optional": {"spend_buff": "any"}, "discount_each": {"runes": ["炽烈"]}}


def test_any_number_of_buffs_each_lowering_the_cost_reads_the_same_in_both_languages():
    zh = _round_trip("打出此牌时，你可以选择消耗任意数量的增益作为额外费用。每消耗一个增益，便让我的费用减少红色符能。", facts=HUNTER)
    en = _round_trip("You may spend any number of buffs as an additional cost to play me. "
                     "Reduce my cost by Fury rune for each buff you spend.", "en", facts=HUNTER)
    assert zh["additional_cost"] == en["additional_cost"] == EACH_BUFF
    assert _round_trip("你可以选择消耗任意数量的增益，作为打出我的额外费用。每消耗一个增益，便让我的费用减少①。",
                       facts=HUNTER)["additional_cost"] == {"optional": {"spend_buff": "any"}, "discount_each": {"energy": 1}}


HUNTER_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [试验牌]
      runes: [{domain: 灵光}, {domain: 灵光}, {domain: 灵光}]
      base: [{id: 甲, card: 先锋中士, buffs: 1}, {id: 乙, card: 先锋中士, buffs: 1}, {id: 丙, card: 先锋中士}]
    B: {}
"""


@pytest.mark.parametrize(("named", "legal"), [("[甲, 乙]", True), ("[甲]", False), (None, True)])
def test_each_buff_spent_takes_a_fury_power_off_the_cost(named, legal):
    tree = _round_trip("你可以选择消耗任意数量的增益，作为打出我的额外费用。每消耗一个增益，就让我的费用减少红色符能。", facts=HUNTER)
    # 3 Energy and two Fury Power; three Mind runes pay the Energy only: both buffs must go (named, or all by default)
    step = "- play: 试验牌\n  player: A\n  pay_additional: true\n" + (f"  cost_object: {named}\n" if named else "")
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(HUNTER | tree)}\n", HUNTER_STATE,
                             script=step + ("" if legal else "  expect_illegal: 358.2\n"))
    assert ("试验牌" in {unit.card for unit in final.units.values()}) is legal
    assert [final.units[name].buffs for name in ("甲", "乙")] == ([0, 0] if legal else [1, 1])


# -- a triggered ability's base cost of killing several friendly objects (204.3.a) -----------------------------------

KILLS = {"kill": {"count": 3, "kind": ["unit", "gear"], "other": True}}
GEAR_FACTS = {"type": "gear", "cost": 4}


def test_killing_several_friendly_objects_to_finalize_a_trigger_reads_the_same_in_both_languages():
    zh = _round_trip("当我进攻时，你可以选择摧毁三个其他友方单位和/或装备，以此抽两张牌。")
    en = _round_trip("When I attack, you may kill 3 other friendly units and/or gear to draw 2.", "en")
    assert zh["abilities"] == en["abilities"] == [{"trigger": "attacked", "cost": KILLS, "effects": [{"draw": 2}]}]
    tree = _round_trip("当我进攻时，你可以选择摧毁两名友方单位，以此抽一张牌。")
    assert tree["abilities"][0]["cost"] == {"kill": {"count": 2, "kind": "unit"}}
    assert _compiled("当我进攻时，你可以选择摧毁两件友方单位，以此抽一张牌。").status == "not_understood"  # 件 is gear's


KILL_STATE = """state:
  turn: {player: B, phase: main}
  players:
    A: {gear: [试验牌, 示例·灯], deck: 5, base: [UNITS]}
    B: {deck: 3}
"""


@pytest.mark.parametrize(("units", "paid"), [(2, True), (1, False)])
def test_the_trigger_kills_three_other_friendly_objects_or_does_not_go_on_the_chain(units, paid):
    tree = _round_trip("在你的主阶段开始时，你可以选择摧毁三个其他友方单位和/或装备，以此抽两张牌。", facts=GEAR_FACTS)
    board = KILL_STATE.replace("UNITS", ", ".join(f"{{id: 兵{n}, card: 先锋中士}}" for n in range(units)))
    cards = f"cards:\n  试验牌: {flow_(tree)}\n  示例·灯: {{type: gear, cost: 1}}\n"
    # A's Main Phase: two units and the other gear are three objects besides the source, killed to draw two (204.3.a);
    # one unit and the gear are too few — the ability does not go on the chain (203.3)
    _, final = play_scenario(cards, board, script="- end_turn:\n" + ("- pass:\n" if paid else ""))
    a = final.players["A"]
    assert (len(a.hand) == 1 + 2 * paid) and (not any(u.controller == "A" for u in final.units.values())) is paid
    assert ("试验牌" in {g.card for g in final.gear.values()}) and ("示例·灯" in {g.card for g in final.gear.values()}) is not paid


# -- your gear tokens of a name add more as their Add ability resolves (429.1) -------------------------------------------

def test_gold_adding_more_while_near_winning_reads_the_same_in_both_languages():
    legend = {"type": "legend"}
    zh = _round_trip("如果你的分数不少于5分，则你的“金币”装备指示物的获得效果额外产生②。", facts=legend)
    en = _round_trip("While you have 5 or more points, your Gold add an additional ②.", "en", facts=legend)
    assert zh["abilities"] == en["abilities"] == [{"static": {"add_more": {"energy": 2}, "gear": "金币"},
                                                   "while": {"points": {"ge": 5}}}]
    assert _compiled("你的“精灵”装备指示物的获得效果额外产生①。", facts=legend).status == "not_understood"  # no gear token


NEAR_WINNING = "你的分数距离胜利得分不超过3分"  # 194.3: within 3 points of the Victory Score


@pytest.mark.parametrize(("points", "energy"), [(5, 1), (4, 0)])
def test_a_gold_adds_one_energy_more_while_its_controller_is_within_three_points(points, energy):
    tree = _round_trip(f"如果{NEAR_WINNING}，则你的“金币”装备指示物的获得效果额外产生①。", facts={"type": "legend"})
    board = f"state:\n  turn: {{player: A, phase: main}}\n  players:\n    A: {{legend: 试验牌, gear: [金币], points: {points}}}\n    B: {{}}\n"
    # the Victory Score is 8 (194.3): 5 points is 3 from it; the Gold is killed to add any rune, and ① more (429.1)
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n", board, script="- activate: 金币\n  ability: ability1\n")
    assert final.players["A"].energy == energy and sum(final.players["A"].power.values()) == 1


# -- “when a showdown begins here” (316.8.b; 464.2.b: a combat that opens with one) -----------------------------------

SHOWDOWN = {"event": "showdown_began", "subject": "any", "at": "here"}


def test_a_showdown_beginning_here_reads_the_same_in_both_languages():
    zh = _round_trip("当法术对决在此处开始时，抽一张牌。")
    en = _round_trip("When a showdown begins here, draw 1.", "en")
    assert zh["abilities"] == en["abilities"] == [{"trigger": SHOWDOWN, "effects": [{"draw": 1}]}]


SHOWDOWN_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 3, base: [{id: 观, card: 试验牌}, {id: 兵, card: 先锋中士}]}
    B: {deck: 3}
  battlefields:
    - {name: 北方}
    - {name: 南方, controller: B, units: [{id: 守, card: 先锋中士, controller: B}]}
"""


@pytest.mark.parametrize(("moves", "to", "drawn"), [("观", "北方", 1), ("兵", "北方", 0), ("观", "南方", 1)])
def test_the_trigger_fires_when_a_showdown_opens_where_its_unit_is(moves, to, drawn):
    tree = _round_trip("当法术对决在此处开始时，抽一张牌。")
    # 北方 is empty and uncontrolled: a unit moved there opens a non-combat showdown (316.8.b) — 观's own, or not where 观 is;
    # at 南方 a combat opens with its combat showdown (464.2, 464.2.b)
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n", SHOWDOWN_STATE,
                             script=f"- move: {moves}\n  to: {to}\n" + ("- pass:\n" if drawn else ""))
    assert len(final.players["A"].hand) == drawn


# -- a spell's Level line choosing a target of its own (824.1.b.1): chosen only with the XP, as the card is played -----

LEVEL_PART = [{"who": "friendly"}, {"who": "enemy", "if": {"level": 3}}]


def test_a_level_line_choosing_its_own_target_reads_the_same_in_both_languages():
    spell = {"type": "spell", "cost": 2}
    zh = _round_trip("让一名友方单位在本回合内战力+2。\n等级3▸眩晕一名敌方单位。", facts=spell)
    en = _round_trip("Give a friendly unit +2 Might this turn.\nLevel 3 ▸ Stun an enemy unit.", "en", facts=spell)
    assert zh["target"] == en["target"] == LEVEL_PART
    assert zh["effects"] == en["effects"] == [{"might": {"amount": 2, "to": {"target": 1}}},
                                              {"stun": {"to": {"target": 2}, "if": {"level": 3}}}]


LEVEL_STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [试验牌], energy: 2, xp: XP, base: [{id: 友, card: 先锋中士}]}
    B: {base: [{id: 敌, card: 先锋中士}]}
"""


@pytest.mark.parametrize(("xp", "targets", "stunned", "legal"), [
    (3, "[友, 敌]", True, True), (2, "[友]", False, True), (2, "[友, 敌]", False, False), (3, "[友]", False, False)])
def test_the_level_target_is_chosen_only_with_the_xp(xp, targets, stunned, legal):
    tree = _round_trip("让一名友方单位在本回合内战力+2。\n等级3▸眩晕一名敌方单位。", facts={"type": "spell", "cost": 2})
    # with 3 XP the Level line exists and chooses its enemy unit; with 2 it does not, and naming one is refused (355.8)
    script = f"- play: 试验牌\n  player: A\n  targets: {targets}\n" + ("- pass:\n" if legal else "  expect_illegal: 355\n")
    _, final = play_scenario(f"cards:\n  试验牌: {flow_(tree)}\n", LEVEL_STATE.replace("XP", str(xp)), script=script)
    assert final.units["敌"].stunned is stunned
