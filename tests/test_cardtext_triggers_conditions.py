"""More trigger, condition and link wordings of the Chinese compiler (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine runs
it) and the round trip (the rendering compiles to the same tree); then scenarios run the new forms.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

NEXT_MAIN = {"event": "main_began", "subject": "any", "player": "you"}

CARDS = [
    # a delayed trigger for the start of your next Main Phase (390.2), once; “此战场” is where its maker was (359.3.f.3.b)
    ("unit", "当我据守一处战场时，在你的下一个主阶段开始时，将一名战力不高于2的敌方单位移动到此战场。",
     [{"trigger": "held", "effects": [{"delayed": {"trigger": NEXT_MAIN, "once": True,
                                                   "target": {"who": "enemy", "might": {"le": 2}},
                                                   "effects": [{"move": {"to": "here"}}]}}]}]),
    ("unit", "当我征服一处战场时，在你的下一个主阶段开始时获得任意符能。",
     [{"trigger": "conquered", "effects": [{"delayed": {"trigger": NEXT_MAIN, "once": True,
                                                        "effects": [{"add": {"power": 1}}]}}]}]),
    # “非“X”” without 属性 is a unit without the tag, read on the unit as it died (359.3.f.3)
    ("unit", "每当你的另一名非“机械”单位被摧毁时，抽一张牌。",
     [{"trigger": {"event": "killed", "subject": "friendly", "other": True, "card": {"not": {"tag": "机械"}}},
       "effects": [{"draw": 1}]}]),
    # the phase a unit dies in, written inside the trigger: its condition, checked as it dies (383.2.a.1)
    ("gear", "每回合首次，当友方单位在你的开始阶段被摧毁时，抽一张牌。",
     [{"trigger": {"event": "killed", "subject": "friendly"}, "condition": {"your_phase": "beginning"},
       "effects": [{"draw": 1}], "limit": "turn"}]),
]


def _compiled(text: str, card_type: str):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 3}, "试验牌"))


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


HOLDER = """\
title: t
cards:
  试验牌: {CARD}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: A
      units: [{id: 守, card: 试验牌}]
    - name: 南方
  players:
    A: {deck: 6}
    B: {deck: 6, base: [{id: 敌, card: 哨兵}]}
script:
SCRIPT
expect:
EXPECT
"""


def test_a_hold_waits_for_the_next_main_phase_and_moves_an_enemy_unit_to_the_battlefield_held():
    tree = _compiled(CARDS[0][1], "unit").tree
    source = HOLDER.replace("{CARD}", _flow(tree))
    # B's turn, then A's: A holds 北方 in the Beginning Phase; only as A's Main Phase starts does 敌 come to 北方
    script = "  - end_turn:\n  - end_turn:\n"
    _passes(source.replace("SCRIPT", script).replace("EXPECT", "  - unit: 敌\n    location: base"))
    _passes(source.replace("SCRIPT", script + "  - pass:\n").replace("EXPECT", "  - unit: 敌\n    location: 北方"))


PHASES = """\
title: t
cards:
  试验牌: {CARD}
  过客: {type: unit, might: 1, keywords: {瞬息: null}}
state:
  turn: {player: B, phase: main}
  players:
    A: {deck: 6, base: [{id: 过, card: 过客}, {id: 过2, card: 过客}], gear: [试验牌]}
    B: {deck: 6}
script:
SCRIPT
expect:
EXPECT
"""


def test_a_death_in_your_beginning_phase_triggers_once_and_one_in_another_phase_does_not():
    tree = _compiled(CARDS[3][1], "gear").tree
    source = PHASES.replace("{CARD}", _flow(tree))
    # both Temporary units die as A's Beginning Phase starts (816.1.b): the ability triggers for the first only
    _passes(source.replace("SCRIPT", "  - end_turn:\n").replace("EXPECT", "  - player: A\n    hand: 2"))
    # killed in B's Main Phase: not A's Beginning Phase, no trigger
    kill = "  - {effect: [{kill: null}], targets: 过, controller: B}\n"
    _passes(source.replace("SCRIPT", kill).replace("EXPECT", "  - player: A\n    hand: 0\n    trash: 1"))
