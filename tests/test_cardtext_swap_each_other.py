"""Two units chosen at different locations, each moved to where the other is: the second target at another location
than the first (``where: other_location``), “at least one of them has K” (not all of the chosen lack it), and
``swap_places: {each_other: true}`` — the two units it acts on change places (449), the source apart.

Synthetic cards only; the tree, the round trip, both languages, what is refused, and the engine doing the moves."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

ZH = "选择一名友方单位和另一名与之位置不同的友方单位。如果其中至少一名拥有瞬息，则将这两名单位分别移动到对方的位置。抽两张牌。"
EN = ("Choose a friendly unit and another friendly unit at a different location. If at least one of them has Temporary, "
      "move them to each other's locations. Draw 2.")
ONE_HAS = {"not": {"target_is": {"not": {"keyword": "瞬息"}}}}
TARGET = [{"who": "friendly"}, {"who": "friendly", "other": True, "where": "other_location"}]
FACTS = {"type": "spell", "cost": 1}


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, FACTS, "换位术"))


@pytest.mark.parametrize("language, text", [("zh", ZH), ("en", EN)])
def test_two_units_apart_change_places_if_one_of_them_has_the_keyword(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == TARGET
    assert result.tree["effects"] == [{"swap_places": {"each_other": True, "if": ONE_HAS}}, {"draw": 2}]
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_apart_from_it_needs_one_unit_chosen_before_and_the_swap_two_units():
    assert _compiled("选择一名与之位置不同的友方单位。抽一张牌。").status == "not_understood"  # nothing before it
    assert _compiled("选择一处战场和另一名与之位置不同的友方单位。抽一张牌。").status == "not_understood"
    assert _compiled("Choose a friendly unit. Move them to each other's locations.", "en").status == "not_understood"


BOARD = """\
title: 换位
cards:
  换位术: CARD
  小兵: {type: unit, might: 1}
  幻影: {type: unit, might: 1, keywords: {瞬息: null}}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: A
      units: [{id: 甲, card: FIRST}]
  players:
    A:
      hand: [换位术]
      runes: 1
      deck: 3
      base: [{id: 乙, card: 小兵}]
    B:
      deck: 3
script:
  - play: 换位术
    targets: [甲, 乙]
  - pass:
expect:
  - unit: 甲
    location: WHERE_A
  - unit: 乙
    location: WHERE_B
  - player: A
    hand: 2
"""


@pytest.mark.parametrize("first, where_a, where_b", [("幻影", "base", "北方"), ("小兵", "北方", "base")])
def test_the_two_change_places_only_when_one_has_temporary(first, where_a, where_b):
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    text = BOARD.replace("CARD", card).replace("FIRST", first).replace("WHERE_A", where_a).replace("WHERE_B", where_b)
    trace, _ = play(parse(text, "t.yaml"))
    assert trace.passed, [(step.text, [e.text for e in step.events]) for step in trace.steps]


def test_two_units_at_the_same_location_are_not_a_legal_choice():
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    text = BOARD.replace("CARD", card).replace("FIRST", "幻影").replace(
        "      base: [{id: 乙, card: 小兵}]", "      base: []").replace(
        "      units: [{id: 甲, card: FIRST}]".replace("FIRST", "幻影"), "      units: [{id: 甲, card: 幻影}, {id: 乙, card: 小兵}]")
    with pytest.raises(ScenarioStopped):
        play(parse(text.replace("WHERE_A", "北方").replace("WHERE_B", "北方"), "t.yaml"))
