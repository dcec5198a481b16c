"""The Chinese compiler's selectors, places and amounts (issue 16, family cc-kill), on synthetic cards (no card text from
the catalog): each wording's tree (checked by hand against the rules it stands for), the gate and the round trip, and
what is not read because the engine or the text leaves it open; a few run in a scenario."""

from __future__ import annotations

import pytest
from test_cardtext_triggers import _compiled, _flow, compiles_to

from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse

BATTLEFIELD = {"kind": "battlefield"}
ENEMIES_THERE = {"each": {"who": "enemy", "where": "there"}}
FRIENDS_THERE = {"each": {"who": "friendly", "where": "there"}}

CASES = [
    # 355.10.d: “all enemy units at a battlefield” targets the battlefield; the units are those there as it resolves
    # (not read before the engine chose battlefields, lest it be every battlefield's: test_cardtext_zh_effects had it)
    ("spell", "对一处战场上的所有敌方单位造成2点伤害。",
     {"target": BATTLEFIELD, "effects": [{"deal": {"to": ENEMIES_THERE, "amount": 2}}]}),
    ("spell", "对一处战场的所有敌方单位各造成1点伤害。",
     {"target": BATTLEFIELD, "effects": [{"deal": {"to": ENEMIES_THERE, "amount": 1}}]}),
    # “选择一处战场”, then “该处的…” / “该战场上的…” the units at it
    ("spell", "选择一处战场，眩晕该处的所有敌方单位。", {"target": BATTLEFIELD, "effects": [{"stun": {"to": ENEMIES_THERE}}]}),
    ("spell", "选择一个战场。治疗该战场上的友方单位。", {"target": BATTLEFIELD, "effects": [{"heal": {"to": FRIENDS_THERE}}]}),
    # “而敌方单位…”: the second change shares the first's place (and its “all”); the floor goes with the decrease
    ("spell", "选择一处战场，让该处的所有友方单位战力+2，而敌方单位战力-2，不得低于1战力，直到回合结束。",
     {"target": BATTLEFIELD, "effects": [{"might": {"to": FRIENDS_THERE, "amount": 2}},
                                         {"might": {"min": 1, "to": ENEMIES_THERE, "amount": -2}}]}),
    ("gear", "横置：对一处战场上的所有敌方单位造成1点伤害。",
     {"abilities": [{"cost": {"exhaust": True}, "target": BATTLEFIELD,
                     "effects": [{"deal": {"to": ENEMIES_THERE, "amount": 1}}]}]}),
]


@pytest.mark.parametrize(("card_type", "text", "tree"), CASES, ids=[text for _, text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, tree):
    if "abilities" in tree:
        compiles_to(card_type, text, tree["abilities"])
        return
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree[key] for key in tree} == tree and "abilities" not in result.tree
    assert _compiled(result.understood, card_type).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "选择一处战场，对该处的其他敌方单位造成1点伤害。",  # other than what? (a spell has no source unit)
    "当我进攻时，对一处战场上的所有敌方单位造成1点伤害。",  # a trigger choosing a battlefield: the engine lacks it
])
def test_a_battlefield_the_engine_or_the_text_leaves_open_is_not_compiled(text):
    result = _compiled(text, "unit" if text.startswith("当") else "spell")
    assert result.status != "compiled"


def test_one_unit_at_a_battlefield_is_still_a_unit_chosen():
    result = _compiled("对一处战场上的一名敌方单位造成2点伤害。", "spell")
    assert result.tree["target"] == {"who": "enemy", "where": "battlefield"}


SCENARIO = """\
title: 选择战场
cards:
  地裂: {CARD}
  兵: {type: unit, might: 3}
state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [地裂], runes: 2, base: [{id: 家, card: 兵}]}
    B: {}
  battlefields:
    - {name: 北, units: [{id: 友, card: 兵, controller: A}, {id: 敌一, card: 兵, controller: B}]}
    - {name: 南, units: [{id: 敌二, card: 兵, controller: B}]}
script:
  - play: 地裂
    targets: [北]
  - pass:
expect:
EXPECT
"""


def test_the_compiled_spell_changes_the_units_at_the_battlefield_chosen_only():
    tree = _compiled(CASES[4][1], "spell").tree
    expect = "\n".join(f"  - unit: {unit}\n    might: {might}" for unit, might in
                       (("友", 5), ("敌一", 1), ("敌二", 3), ("家", 3)))
    trace = run(parse(SCENARIO.replace("{CARD}", _flow(tree)).replace("EXPECT", expect), "t.yaml"))
    failed = [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed
