"""A unit moving away from where the source is (“当一名X单位从我的位置向别处移动时”: ``at: from_here`` for any unit
phrase the unit-event reader knows) and the source following it (“我可以选择跟随它一起移动”: ``move: {to: arrival}``, the
destination of the move that triggered it, locked in as it triggered, 359.3.f.3; a base only its own). Synthetic card
text (our own sentences, no catalog text): the trees, the gate and the round trip, what is refused, and the engine."""

from __future__ import annotations

import pytest
from conftest import flow, play_scenario
from test_cardtext_triggers import _compiled

from judgekit.cardtext import CardSource, compile_card

FOLLOW = [{"may": [{"move": {"to": "arrival"}}]}]

CASES = [
    ("当一名友方单位从我的位置向别处移动时，我可以选择跟随它一起移动。",
     [{"trigger": {"event": "moved", "subject": "friendly", "at": "from_here"}, "effects": FOLLOW}]),
    ("每当另一名友方单位从我所在的位置向别处移动时，你可以选择跟随该单位一起移动。",
     [{"trigger": {"event": "moved", "subject": "friendly", "other": True, "at": "from_here"}, "effects": FOLLOW}]),
    ("当有敌方单位从我的位置向别处移动时，抽一张牌。",
     [{"trigger": {"event": "moved", "subject": "enemy", "at": "from_here"}, "effects": [{"draw": 1}]}]),
    ("当一名被眩晕的敌方单位从此处向别处移动时，你可以选择跟随它一起移动。",
     [{"trigger": {"event": "moved", "subject": "enemy", "at": "from_here", "card": {"stunned": True}}, "effects": FOLLOW}]),
    ("当一名友方单位从此处向别处移动时，让我在本回合内战力+1。",
     [{"trigger": {"event": "moved", "subject": "friendly", "at": "from_here"}, "effects": [{"might": 1}]}]),
]


@pytest.mark.parametrize(("text", "abilities"), CASES, ids=[text for text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(text, abilities):
    result = _compiled(text, "unit")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    assert _compiled(result.understood, "unit").tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "当我进攻时，你可以选择跟随它一起移动。",  # no other unit's move: which move
    "当我移动时，你可以选择跟随它一起移动。",  # my own move: no other unit to follow
    "当一名友方单位被摧毁时，你可以选择跟随它一起移动。",  # not a move
])
def test_following_without_another_units_move_is_not_read(text):
    assert _compiled(text, "unit").status != "compiled"


STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {}
    B: {}
  battlefields:
    - {name: 北, controller: A, units: [{id: 随, card: 试验牌, controller: A}, {id: 友, card: 兵, controller: A}]}
    - {name: 南, controller: A}
"""


def _moved(to: str, answer: str):
    card = _compiled(CASES[0][0], "unit").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 2, keywords: {{游走: null}}}}\n"
    return play_scenario(cards, STATE, script=f"- move: 友\n  to: {to}\n- pass:\n  answer: {{may: {answer}}}\n")


@pytest.mark.parametrize("to", ["南", "base"])
def test_the_source_follows_to_where_the_unit_went(to):
    trace, final = _moved(to, "true")
    assert final.units["随"].location == final.units["友"].location == ("南" if to == "南" else "base:A")
    assert "359.3.f.3" in trace.cited()


def test_declined_it_stays():
    _, final = _moved("南", "false")
    assert final.units["随"].location == "北" and final.units["友"].location == "南"


@pytest.mark.parametrize(("text", "abilities"), [
    ("When another friendly unit moves from here, I may be moved with it.",
     [{"trigger": {"event": "moved", "subject": "friendly", "at": "from_here", "other": True}, "effects": FOLLOW}]),
    ("When an enemy unit moves from my location, draw 1.",
     [{"trigger": {"event": "moved", "subject": "enemy", "at": "from_here"}, "effects": [{"draw": 1}]}]),
])
def test_the_english_words_for_the_same_trees(text, abilities):
    result = compile_card(CardSource("T-200", "en", text, {"type": "unit", "cost": 2, "might": 2}, "试验牌"))
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == abilities


def test_in_english_following_without_another_units_move_is_not_read():
    text = "When I attack, I may be moved with it."
    assert compile_card(CardSource("T-200", "en", text, {"type": "unit", "cost": 2, "might": 2}, "试验牌")).status != "compiled"
