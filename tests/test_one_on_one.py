"""“When I attack or defend one on one, double my Might this combat” (issue 16): the trigger's event unit one on one —
it and the one enemy unit where it is both alone (740.2.b) — and a doubling (432.1) that lasts until the combat ends;
synthetic cards."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.cardtext import CardSource, compile_card

ABILITY = {"effects": [{"might": {"amount": {"might_of": "self"}, "until": "combat"}}]}
TREE = [{"trigger": {"event": event, "card": {"one_on_one": True}}, **ABILITY} for event in ("attacked", "defended")]
TEXTS = [("zh", "当我一对一进攻或防守时，在这场战斗中，让我战力翻倍。"),
         ("zh", "当我进行一对一的进攻或防守时，让我在本次战斗期间战力翻倍。"),
         ("en", "When I attack or defend one on one, double my Might this combat.")]


def _compiled(language: str, text: str):
    return compile_card(CardSource("T-522", language, text, {"type": "unit", "cost": 3, "might": 3}, "试验牌"))


@pytest.mark.parametrize(("language", "text"), TEXTS, ids=[text for _, text in TEXTS])
def test_one_on_one_doubling_compiles_to_its_tree_and_back(language, text):
    result = _compiled(language, text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == TREE
    assert _compiled("zh", result.understood).tree == result.tree, result.understood


def test_doubling_this_turn_is_not_this_combat():
    result = _compiled("en", "When I attack, double my Might this turn.")
    assert result.tree["abilities"] == [{"trigger": "attacked", "effects": [{"might": {"amount": {"might_of": "self"}}}]}]


CARDS = """cards:
  示例·决斗者:
    type: unit
    cost: 3
    might: 3
    abilities:
""" + "".join(f"""      - trigger: {{event: {event}, card: {{one_on_one: true}}}}
        effects: [{{might: {{amount: {{might_of: self}}, until: combat}}}}]
""" for event in ("attacked", "defended")) + """  示例·卫兵: {type: unit, cost: 2, might: 5}
  示例·小兵: {type: unit, cost: 1, might: 1}
"""


def _state(defenders: str) -> str:
    return f"""state:
  turn: {{player: A, phase: main}}
  players:
    A:
      deck: 3
      base:
        - {{id: 决, card: 示例·决斗者}}
    B: {{deck: 3}}
  battlefields:
    - name: 沙场
      controller: B
      units: [{defenders}]
"""


def test_attacking_one_on_one_doubles_my_might_for_the_combat():
    _, final = play_scenario(CARDS, _state("{id: 卫, card: 示例·卫兵, controller: B}"),
                                 script="- move: 决\n  to: 沙场\n- pass:\n")
    assert "卫" not in final.units and "决" in final.units  # 3 doubled to 6 (432.1) against 5: it survives, the guard dies


def test_two_defenders_are_not_one_on_one():
    _, final = play_scenario(CARDS, _state("{id: 卫, card: 示例·卫兵, controller: B}, {id: 小, card: 示例·小兵, controller: B}"),
                             script="- move: 决\n  to: 沙场\n- pass:\n")
    assert "决" not in final.units  # 3 Might, not doubled, against 6
