"""A unit chosen before as the source of the damage (“该单位对…造成…伤害”, 417.6.b.3), a split total that is an amount
(“合计造成等同于其战力的伤害，可在多名…之间分摊”) and “每有一名单位因此被摧毁，则进行一次：Y” after a damage instruction
(a delayed trigger on each unit dealt damage, its death attributed to this, 428.5.c) — on synthetic card text (our own
sentences, no catalog text): each wording's tree, the gate and the round trip, and the engine running the trees."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario
from test_cardtext_triggers import _compiled, compiles_with

FRIENDLY, ENEMY = {"who": "friendly"}, {"who": "enemy"}
SPLIT_HERE = {"who": "enemy", "where": "here", "count": None}
SPLIT_AT_BATTLEFIELDS = {"who": "enemy", "where": "battlefield", "count": None}

CASES = [
    # the unit chosen deals a fixed amount, its own Might, to one chosen, to every enemy unit
    ("选择一名友方单位。该单位对一名敌方单位造成3点伤害。",
     {"target": [FRIENDLY, ENEMY], "effects": [{"deal": {"to": {"target": 2}, "amount": 3, "by": {"target": 1}}}]}),
    ("选择一名敌方单位。它对一名友方单位造成等同于其战力的伤害。",
     {"target": [ENEMY, FRIENDLY],
      "effects": [{"deal": {"to": {"target": 2}, "amount": {"might_of": {"target": 1}}, "by": {"target": 1}}}]}),
    ("选择一名友方单位。该单位对所有敌方单位造成1点伤害。",
     {"target": FRIENDLY, "effects": [{"deal": {"to": {"each": ENEMY}, "amount": 1, "by": "target"}}]}),
    # split: a number, an amount, with and without a unit as the source; “合计造成” is “造成共计”
    ("对此处的敌方单位合计造成4点伤害，可在多名敌方单位之间分摊。",
     {"target": SPLIT_HERE, "effects": [{"deal": {"amount": 4, "split": True}}]}),
    ("选择一名友方单位。该单位对此处的敌方单位造成共计等同于其战力的伤害，可在多名敌方单位之间分摊。",
     {"target": [FRIENDLY, SPLIT_HERE],
      "effects": [{"deal": {"amount": {"might_of": {"target": 1}}, "split": True, "to": {"target": 2}, "by": {"target": 1}}}]}),
    ("对此处的敌方单位造成共计等同于你手牌数量的伤害，可在多名敌方单位之间分摊。",
     {"target": SPLIT_HERE, "effects": [{"deal": {"amount": {"hand_of": "you"}, "split": True}}]}),
    # for each unit the damage kills
    (("选择一名友方单位。该单位对战场上的敌方单位造成共计等同于其战力的伤害，可在多名敌方单位之间分摊。"
      "然后，每有一名单位因此被摧毁，便抽一张牌。"),
     {"target": [FRIENDLY, SPLIT_AT_BATTLEFIELDS],
      "effects": [{"deal": {"amount": {"might_of": {"target": 1}}, "split": True, "to": {"target": 2}, "by": {"target": 1}}},
                  {"next_time": {"event": "killed", "by": "self", "effects": [{"draw": 1}], "to": {"target": 2}}}]}),
    ("选择一名友方单位和一名敌方单位。对该敌方单位造成2点伤害。每有一名单位因此被摧毁，便获得1经验。",
     {"target": [FRIENDLY, ENEMY],
      "effects": [{"deal": {"to": {"target": 2}, "amount": 2}},
                  {"next_time": {"event": "killed", "by": "self", "effects": [{"gain_xp": 1}], "to": {"target": 2}}}]}),
    ("对此处的敌方单位造成共计5点伤害，可在多名敌方单位之间分摊。然后每有一名单位因此被摧毁，就召出一枚休眠的符文。",
     {"target": SPLIT_HERE, "effects": [{"deal": {"amount": 5, "split": True}},
                                        {"next_time": {"event": "killed", "by": "self",
                                                       "effects": [{"channel": {"count": 1, "exhausted": True}}]}}]}),
]


@pytest.mark.parametrize(("text", "tree"), CASES, ids=[text for text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(text, tree):
    compiles_with("spell", text, tree)


@pytest.mark.parametrize("text", [
    "该单位对一名敌方单位造成3点伤害。",  # no unit chosen before: which one
    "选择一名友方单位和一名敌方单位。该单位对此处的敌方单位造成1点伤害。",  # two chosen: which one deals it
    "选择一处战场。该单位对一名敌方单位造成3点伤害。",  # a battlefield deals no damage
    "选择最多两名友方单位。该单位对一名敌方单位造成3点伤害。",  # several: which one
    "抽一张牌。每有一名单位因此被摧毁，则进行一次：抽一张牌。",  # no damage before
    "对所有敌方单位造成1点伤害。每有一名单位因此被摧毁，则进行一次：抽一张牌。",  # no units chosen: not read
])
def test_a_source_or_a_kill_the_text_does_not_fix_is_not_read(text):
    assert _compiled(text, "spell").status != "compiled"


UNIT_SPLIT_DRAWS = CASES[6][0]


def _played(split: str, state: str):
    card = _compiled(UNIT_SPLIT_DRAWS, "spell").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  小兵: {{type: unit, cost: 1, might: 2}}\n" \
            "  巨人: {type: unit, cost: 6, might: 6}\n"
    script = f"- play: 试验牌\n  targets: [巨, 甲, 乙]\n- resolve_chain:\n  split: {split}\n"
    return play_scenario(cards, state, script=script)


STATE = board("hand: [试验牌], deck: [先锋中士, 先锋中士, 先锋中士], base: [{id: 巨, card: 巨人}]",
              "", "name: 北方战场, controller: B, units: [{id: 甲, card: 小兵, controller: B}, {id: 乙, card: 小兵, controller: B}]")


def test_the_chosen_unit_deals_its_might_split_and_each_kill_draws_a_card():
    trace, final = _played("{甲: 2, 乙: 4}", STATE)
    assert "甲" not in final.units and "乙" not in final.units
    assert len(final.players["A"].hand) == 2  # two units killed by it: two delayed triggers, a card each
    assert "417.6.b.3" in trace.cited()


def test_a_unit_the_damage_does_not_kill_draws_nothing():
    _, final = _played("{甲: 5, 乙: 1}", STATE)
    assert "甲" not in final.units and final.units["乙"].damage == 1
    assert len(final.players["A"].hand) == 1
