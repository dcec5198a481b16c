"""Cards put on a main deck, on top or at the bottom (108.4.d), as the Chinese compiler reads them (issue 16).

Synthetic cards only (our own sentences in the cards' style): each wording, its tree (checked by hand), the gate and
the round trip; then the engine runs it: the player putting the card there chooses the end, a token ceases to exist.
"""

from __future__ import annotations

import json

import pytest
from conftest import passes

from judgekit.cardtext import CardSource, compile_card

SMALL = {"type": "unit", "cost": 1, "might": 1}
TOKEN = {"type": "token", "might": 1}


def _round_trip(text: str, card_type: str = "spell") -> dict:
    result = compile_card(CardSource("T-310", "zh", text, {"type": card_type, "cost": 0}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    again = compile_card(CardSource("T-310", "zh", result.understood, {"type": card_type, "cost": 0}, "试验牌"))
    assert again.tree == result.tree, result.understood
    return result.tree


TO_DECK = [
    ("选择一名敌方单位。其拥有者将该单位放到其主牌堆的顶部或底部。",
     {"target": {"who": "enemy"}, "effects": [{"to_deck": {"position": "top_or_bottom"}}]}),
    ("抽两张牌，然后将一张手牌放到主牌堆的顶部或底部。",
     {"effects": [{"draw": 2}, {"hand_to_deck": {"position": "top_or_bottom"}}]}),
    ("将一张手牌放到主牌堆底部。", {"effects": [{"hand_to_deck": {"position": "bottom"}}]}),
]


@pytest.mark.parametrize(("text", "part"), TO_DECK, ids=[text for text, _ in TO_DECK])
def test_a_card_put_on_the_deck_compiles_to_its_verb_and_back(text, part):
    tree = _round_trip(text)
    assert {key: tree[key] for key in part} == part


def _scenario(text: str, a: dict, script: list, expect: list, b: dict | None = None) -> str:
    spell = _round_trip(text)
    source = {"title": "放到主牌堆顶部或底部", "defaults": False,
              "cards": {"试验牌": {**spell, "cost": 0}, "小卒": SMALL, "随从": TOKEN},
              "state": {"turn": {"player": "A", "phase": "main"}, "players": {"A": a, "B": b or {}}},
              "script": script, "expect": expect}
    return json.dumps(source, ensure_ascii=False)


MINE_TO_DECK = "选择一名友方单位。其拥有者将该单位放到其主牌堆的顶部或底部。抽一张牌。"


@pytest.mark.parametrize(("end", "zone"), [("顶部", "hand"), ("底部", "deck")])
def test_the_owner_chooses_the_end_and_a_card_put_on_top_is_the_next_drawn(end, zone):
    # 卒 leaves the board for A's deck of two cards, then A draws one: 小卒 itself when it went on top
    a = {"hand": ["试验牌"], "base": [{"id": "卒", "card": "小卒"}], "deck": 2}
    script = [{"play": "试验牌", "targets": ["卒"]}, {"pass": None}, {"choose": [end]}]
    expect = [{"card": "小卒", "zone": zone}, {"player": "A", "hand": 1, "deck": 2}, {"cites": ["108.4.d", "359.3.e.4"]}]
    passes(_scenario(MINE_TO_DECK, a, script, expect))


def test_a_token_put_on_the_deck_ceases_to_exist():
    a = {"hand": ["试验牌"], "base": [{"id": "兵", "card": "随从"}], "deck": 2}
    script = [{"play": "试验牌", "targets": ["兵"]}, {"pass": None}]
    passes(_scenario(MINE_TO_DECK, a, script, [{"unit": "兵", "alive": False}, {"player": "A", "hand": 1, "deck": 1}, {"cites": ["186.1"]}]))


def test_the_player_chooses_which_card_of_their_hand_goes_to_the_bottom():
    a = {"hand": ["试验牌", "小卒", "随从"], "deck": 1}
    script = [{"play": "试验牌"}, {"pass": None}, {"choose": ["小卒"]}]
    passes(_scenario("将一张手牌放到主牌堆底部。", a, script, [{"card": "小卒", "zone": "deck"}, {"player": "A", "hand": 1, "deck": 2}]))
