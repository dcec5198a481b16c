"""The Chinese compiler's triggers, conditions and linked instructions, round cc-trig (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine runs
it) and the round trip (the rendering compiles to the same tree).  Some trees are then run in a scenario, so the
card does what its text says and not otherwise.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

MOVED_TWICE = {"moved_this_turn": {"ge": 2}}

CARDS = [
    # a static “can't be dealt damage” (054.1), in two wordings, under a condition of this turn's moves
    ("unit", "如果我在本回合内移动了两次，则我免疫伤害。",
     [{"static": {"cant": "be_dealt_damage"}, "while": MOVED_TWICE}]),
    ("unit", "在本回合内，如果我移动了三次，则我无法受到伤害。",
     [{"static": {"cant": "be_dealt_damage"}, "while": {"moved_this_turn": {"ge": 3}}}]),
    ("unit", "此处的友方单位无法受到伤害。",
     [{"static": {"cant": "be_dealt_damage", "to": {"each": {"who": "friendly", "where": "here"}}}}]),
    # a filter on a unit killed is read on the unit as it last was on the board (359.3.f.3): its states, tags, token
    ("gear", "当一名拥有增益的友方单位被摧毁时，让另一名友方单位在本回合内战力+2。",
     [{"trigger": {"event": "killed", "subject": "friendly", "card": {"buffed": True}},
       "target": {"who": "friendly", "other": True}, "effects": [{"might": 2}]}]),
    ("gear", "当你摧毁一名被眩晕的敌方单位时，你可以选择让此装备变为休眠状态，以此获得1经验。",
     [{"trigger": {"event": "killed", "subject": "enemy", "card": {"stunned": True}, "responsible": "you"},
       "cost": {"exhaust": True}, "effects": [{"gain_xp": 1}]}]),
    ("gear", "当一名友方指示物单位被摧毁时，召出一枚符文。",
     [{"trigger": {"event": "killed", "subject": "friendly", "card": {"token": True}}, "effects": [{"channel": 1}]}]),
    # a conquest after an attack (466.5: as an attacker of the combat won) and the damage assigned beyond lethal
    ("unit", "当我通过进攻征服一处战场时，如果你给敌方单位分配了不少于4点的过量伤害，则抽一张牌。",
     [{"trigger": "conquered", "condition": {"attacking": True, "excess_assigned": {"ge": 4}}, "effects": [{"draw": 1}]}]),
    ("gear", "当你征服一处战场时，如果你给敌方单位分配了不少于2点的过量伤害，则获得1经验。",
     [{"trigger": {"event": "conquered", "subject": "any", "player": "you"}, "condition": {"excess_assigned": {"ge": 2}},
       "effects": [{"gain_xp": 1}]}]),
]

# A spell's instructions: a delayed trigger for the rest of the turn (390.2), after a unit's event “它” is that unit
SPELLS = [
    ("在本回合内，每当任意单位承受伤害时，直接将它眩晕。",
     [{"delayed": {"trigger": {"event": "damaged", "subject": "any"}, "target": "event_subject", "effects": [{"stun": None}]}}]),
    ("本回合内，每当一名友方单位被摧毁时，抽一张牌。",
     [{"delayed": {"trigger": {"event": "killed", "subject": "friendly"}, "effects": [{"draw": 1}]}}]),
    ("在本回合内，每当你打出一个法术时，获得1经验。",
     [{"delayed": {"trigger": {"event": "played", "subject": "friendly", "card_type": "spell"}, "effects": [{"gain_xp": 1}]}}]),
]


def _compiled(text: str, card_type: str):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


@pytest.mark.parametrize(("text", "effects"), SPELLS, ids=[text for text, _ in SPELLS])
def test_a_spells_wording_compiles_to_its_instructions_and_back(text, effects):
    result = _compiled(text, "spell")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == effects
    assert _compiled(result.understood, "spell").tree == result.tree, result.understood


def test_a_delayed_trigger_about_the_source_itself_is_not_read():
    # a spell has no “me” on the board to watch: not guessed as anything else
    assert _compiled("在本回合内，每当我进攻时，抽一张牌。", "spell").status == "not_understood"


MOVER = """\
title: 移动两次后免疫伤害
cards:
  疾行者: CARD
  守卫: {type: unit, might: 2}
  随行: {type: unit, might: 1, keywords: {游走: null}}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: B
      units:
        - {id: 敌, card: 守卫, controller: B}
    - name: 南方
  players:
    A:
      base: [{id: 凯, card: 疾行者}, {id: 友, card: 随行}]
    B: {}
script:
SCRIPT
  - pass:
expect:
EXPECT
"""


@pytest.mark.parametrize(("moves", "alive", "other_alive"), [(("南方", "北方"), "true", "false"), (("北方",), "false", "true")])
def test_a_unit_that_moved_twice_takes_no_combat_damage_and_is_exempt_from_assignment(moves, alive, other_alive):
    # the defender's 2 goes to 凯 first (board order) — unless 凯 can't be dealt damage: exempt, 友 takes it (465.2.c.10)
    tree = {**_compiled("如果我在本回合内移动了两次，则我免疫伤害。", "unit").tree, "keywords": {"游走": None}}
    # the first of two moves an effect's (no exhausting), the last a standard move into combat
    script = "".join(f"  - move: [凯, 友]\n    to: {to}\n    by: 随行\n  - pass:\n" for to in moves[:-1]) + \
        f"  - move: [凯, 友]\n    to: {moves[-1]}"
    expect = f"  - unit: 凯\n    alive: {alive}\n  - unit: 友\n    alive: {other_alive}"
    _passes(MOVER.replace("CARD", _flow(tree)).replace("SCRIPT", script).replace("EXPECT", expect))



@pytest.mark.parametrize(("card_type", "text", "passives"), [
    ("unit", "你的所有绝念效果额外触发一次。", {"extra_deathknell": 1}),
    ("unit", "你征服此处时的征服效果额外触发一次。", {"extra_conquer_here": 1}),
    ("unit", "你据守此处时的据守效果额外触发一次。", {"extra_hold_here": 1}),
])
def test_a_passive_making_triggers_trigger_again_compiles_and_back(card_type, text, passives):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["passives"] == passives
    assert _compiled(result.understood, card_type).tree == result.tree


def test_a_killed_units_might_or_mightiness_is_not_read_after_it_died():
    # its Might came from the board it left: only its own states, tags and token-ness are read as it died
    assert _compiled("当一名强力友方单位被摧毁时，抽一张牌。", "gear").status == "not_understood"


KILLED = """\
title: 被摧毁的单位按其离场前的状态判断
cards:
  哨塔: CARD
  兵: {type: unit, might: 2}
  斩: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      base:
        - {id: 甲, card: 兵, buffs: 1}
        - {id: 乙, card: 兵}
      gear: [哨塔]
      hand: [斩]
      deck: 3
    B:
      base:
        - {id: 丙, card: 兵, stunned: true}
        - {id: 丁, card: 兵}
script:
  - play: 斩
    targets: VICTIM
  - pass:
expect:
EXPECT
"""


@pytest.mark.parametrize(("text", "victim", "expect"), [
    ("每当一名拥有增益的友方单位被摧毁时，抽一张牌。", "甲", "  - player: A\n    hand: 1"),
    ("每当一名拥有增益的友方单位被摧毁时，抽一张牌。", "乙", "  - player: A\n    hand: 0"),
    ("每当你摧毁一名被眩晕的敌方单位时，抽一张牌。", "丙", "  - player: A\n    hand: 1"),
    ("每当你摧毁一名被眩晕的敌方单位时，抽一张牌。", "丁", "  - player: A\n    hand: 0"),
])
def test_a_trigger_on_a_killed_unit_sees_the_state_it_died_in(text, victim, expect):
    tree = _compiled(text, "gear").tree
    _passes(KILLED.replace("CARD", _flow(tree)).replace("VICTIM", victim).replace("EXPECT", expect))


EXCESS = """\
title: 过量伤害
cards:
  蛮王: CARD
  守卫: {type: unit, might: MIGHT}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: B
      units: UNITS
  players:
    A:
      base: [{id: 蛮, card: 蛮王}]
      deck: 3
    B: {}
script:
  - move: 蛮
    to: 北方
  - pass:
expect:
  - battlefield: 北方
    controller: A
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("might", "units", "hand"), [
    (2, "[{id: 敌, card: 守卫}]", 1),  # 8 assigned to a 2-Might unit: 6 beyond lethal
    (5, "[{id: 敌, card: 守卫}]", 0),  # 3 beyond lethal: short of 4
    (2, "[]", 0),  # a move to an empty battlefield: no combat, nothing assigned
])
def test_excess_damage_assigned_in_the_combat_is_read_as_the_conquest_triggers(might, units, hand):
    text = "当我通过进攻征服一处战场时，如果你给敌方单位分配了不少于4点的过量伤害，则抽一张牌。"
    tree = {**_compiled(text, "unit").tree, "might": 8}
    source = EXCESS.replace("CARD", _flow(tree)).replace("MIGHT", str(might)).replace("UNITS", units)
    _passes(source.replace("HAND", str(hand)))


def test_a_delayed_trigger_this_turn_triggers_on_the_events_it_names_only():
    tree = {**_compiled("本回合内，每当一名友方单位被摧毁时，抽一张牌。", "spell").tree, "cost": 0}
    source = KILLED.replace("  哨塔: CARD\n", "  誓约: " + _flow(tree) + "\n").replace("      gear: [哨塔]\n", "")
    source = source.replace("hand: [斩]", "hand: [誓约, 斩, 斩]").replace("  - play: 斩\n    targets: VICTIM\n  - pass:", (
        "  - play: 誓约\n  - pass:\n  - play: 斩\n    targets: 甲\n  - pass:\n  - play: 斩\n    targets: 丙\n  - pass:"))
    # 甲 (friendly) dies: one card drawn; 丙 (enemy) dies: none
    _passes(source.replace("EXPECT", "  - player: A\n    hand: 1"))


AGAIN = """\
title: 额外触发一次
cards:
  巫妖: PASSIVE
  亡兵: DEATHKNELL
  斩: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
  players:
    A:
      base: [{id: 兵, card: 亡兵}A_LICH]
      hand: [斩]
      deck: 5
    B:
      base: [B_LICH]
      deck: 5
script:
SCRIPT
expect:
EXPECT
"""


def _again(passive: str, owner: str, script: str, expect: str) -> str:
    deathknell = {**_compiled("绝念 ▸ 抽一张牌。", "unit").tree, "might": 1}
    conquer = _compiled("当我征服一处战场时，抽一张牌。", "unit").tree
    tree = {**_compiled(passive, "unit").tree, **{k: v for k, v in conquer.items() if k == "abilities"}}
    return AGAIN.replace("PASSIVE", _flow(tree)).replace("DEATHKNELL", _flow(deathknell)).replace("A_LICH", ", {id: 巫, card: 巫妖}" if owner == "A" else "") \
        .replace("B_LICH", "{id: 巫, card: 巫妖}" if owner == "B" else "").replace("SCRIPT", script).replace("EXPECT", expect)


@pytest.mark.parametrize(("owner", "drawn"), [("A", 2), ("B", 1)])
def test_your_deathknells_trigger_once_more_for_each_unit_of_yours_saying_so(owner, drawn):
    source = _again("你的所有绝念效果额外触发一次。", owner, "  - play: 斩\n    targets: 兵\n  - pass:",
                    f"  - player: A\n    hand: {drawn}")
    _passes(source)


@pytest.mark.parametrize("mover", ["[巫]", "[巫, 兵]"])
def test_your_conquer_abilities_trigger_once_more_when_you_conquer_where_the_unit_is(mover):
    # 巫's own “when I conquer” twice (兵 has none to double): two cards drawn beside 斩 in hand
    drawn = 3
    source = _again("你征服此处时的征服效果额外触发一次。", "A", f"  - move: {mover}\n    to: 南方\n  - pass:",
                    f"  - battlefield: 南方\n    controller: A\n  - player: A\n    hand: {drawn}")
    _passes(source)
