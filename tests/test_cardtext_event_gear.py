"""A gear another player plays, named again in the trigger it sets off (issue 16), on synthetic cards.

“当对手打出一件装备时，……该装备”: “该装备” (or “其”) is the gear the event is about, locked in as the ability triggers
(359.3.f.3.a, ``target: event_subject``); “该单位” does not name it, and the rendering writes “该装备” back.
"""

from __future__ import annotations

import pytest
from test_cardtext_triggers import _compiled, _flow, _passes, compiles_to

from judgekit.cardtext import CardSource, compile_card

ENEMY_GEAR = {"event": "played", "subject": "enemy", "card_type": "gear"}

CARDS = [
    ("当对手打出一件装备时，你可以选择放逐我。若如此做，放逐该装备。",
     [{"trigger": ENEMY_GEAR, "target": "event_subject",
       "effects": [{"may": [{"banish": {"to": "self"}}]}, {"banish": {"if": {"you_did": True}}}]}]),
    ("当对手打出一件装备时，你可以选择支付①，以此摧毁该装备。",
     [{"trigger": ENEMY_GEAR, "cost": {"energy": 1}, "target": "event_subject", "effects": [{"kill": None}]}]),
    ("当对手打出一件装备时，摧毁其。", [{"trigger": ENEMY_GEAR, "target": "event_subject", "effects": [{"kill": None}]}]),
]


@pytest.mark.parametrize(("text", "abilities"), CARDS, ids=[text for text, _ in CARDS])
def test_the_gear_an_opponent_played_is_named_by_that_gear(text, abilities):
    compiles_to("unit", text, abilities)


def test_that_unit_does_not_name_the_gear_an_opponent_played():
    assert _compiled("当对手打出一件装备时，摧毁该单位。", "unit").status == "not_understood"


def test_a_unit_verb_on_the_gear_played_is_understood_but_not_run():
    result = _compiled("当对手打出一件装备时，眩晕其。", "unit")
    assert result.status == "not_executable" and result.tree["abilities"][0]["target"] == "event_subject", result.needs


def test_the_english_wording_is_written_back_in_chinese_and_reads_the_same():
    result = _compiled_en("When an opponent plays a gear, you may banish me to banish it.")
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == CARDS[0][1]
    assert "该装备" in result.understood


def _compiled_en(text: str):
    return compile_card(CardSource("T-201", "en", text, {"type": "unit", "cost": 2, "might": 2}, "Test Card"))


BOARD = """\
title: 对手打出的装备
cards:
  行者: {CARD}
  铁盔: {type: gear, cost: 1}
state:
  turn: {player: B, phase: main}
  players:
    A:
      base: [{id: 行, card: 行者}]
    B: {hand: [铁盔], runes: 1, deck: 5}
script:
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("answer", "expect"), [
    ("true", "  - card: 行者\n    player: A\n    zone: banishment\n  - card: 铁盔\n    player: B\n    zone: banishment"),
    ("false", "  - unit: 行\n    alive: true\n  - gear: 铁盔\n    controller: B"),
])
def test_the_gear_played_is_banished_only_if_i_was(answer, expect):
    source = BOARD.replace("{CARD}", _flow(_compiled(CARDS[0][0], "unit").tree))
    _passes(source.replace("SCRIPT", f"  - play: 铁盔\n  - pass:\n    answer: {{may: {answer}}}").replace("EXPECT", expect))
