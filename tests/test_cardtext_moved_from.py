"""“将一名敌方单位从战场移动到其基地。然后，如果该战场上有……，则Y” / “Move an enemy unit from a battlefield to its base.
Then, if there's … at that battlefield, Y”: “that battlefield” is the one the unit moved away from (``where: moved_from``,
the battlefields the latest move instruction of the same resolution moved units from), read as Y executes (359.3.f.2).

Synthetic cards only; the tree, the round trip, both languages, what is refused, and the engine reading the place left."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

ZH = "将一名敌方单位从战场移动到其所属的基地。然后，如果该战场上有落单的敌方单位，则抽两张牌。"
EN = "Move an enemy unit from a battlefield to its base. Then, if an enemy unit is alone at that battlefield, draw 2."
EFFECTS = [{"move": {"to": "base"}}, {"draw": {"amount": 2, "if": {"count": {"who": "enemy", "where": "moved_from", "alone": True}}}}]
FACTS = {"type": "spell", "cost": 1}


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, FACTS, "隔离术"))


@pytest.mark.parametrize("language, text", [("zh", ZH), ("en", EN)])
def test_that_battlefield_after_a_move_away_is_where_the_unit_was(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == EFFECTS and result.tree["target"] == {"who": "enemy", "where": "battlefield"}
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "选择一处战场。如果该战场上有落单的敌方单位，则抽一张牌。",  # a battlefield chosen: no move before it
    "抽一张牌。如果该战场上有落单的敌方单位，则抽一张牌。",
])
def test_that_battlefield_without_a_move_before_it_is_not_read(text):
    assert _compiled(text).status == "not_understood"
    assert _compiled("Draw 1. If an enemy unit is alone at that battlefield, draw 1.", "en").status == "not_understood"


BOARD = """\
title: 该战场
cards:
  隔离术: CARD
  小兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: B
      units: [UNITS]
EXTRA  players:
    A:
      hand: [隔离术]
      runes: 1
      deck: 3
    B:
      base: []
script:
  - play: 隔离术
    targets: 敌甲
  - pass:
expect:
  - unit: 敌甲
    location: base
  - player: A
    hand: HAND
"""


SOUTH = "    - name: 南方\n      controller: B\n      units: [{id: 敌丁, card: 小兵}]\n"


@pytest.mark.parametrize("left, extra, drawn", [
    (["敌乙"], "", 2),  # one left at 北方: alone there
    (["敌乙", "敌丙"], "", 0),  # two left: neither alone
    (["敌乙", "敌丙"], SOUTH, 0),  # an enemy unit alone at another battlefield is not at “that battlefield”
])
def test_the_condition_reads_the_battlefield_the_unit_left(left, extra, drawn):
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    units = ", ".join(f"{{id: {name}, card: 小兵}}" for name in ["敌甲", *left])
    text = BOARD.replace("CARD", card).replace("UNITS", units).replace("EXTRA", extra).replace("HAND", str(drawn))
    trace, _ = play(parse(text, "t.yaml"))
    assert trace.passed, [(step.text, [e.text for e in step.events]) for step in trace.steps]
