"""“Give another friendly unit my keywords”: ``grant: {keywords_of: self}`` — each keyword its source has as the instruction
executes (359.3.f.2), with its value, granted ones included (a judge FAQ of Spiritforged: those from gear and from other
effects too), for as long as the grant says."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine import layers
from judgekit.errors import ScenarioError

TEXT = "当我移动到一处战场时，让你基地中的一名友方单位在本回合内获得我的关键词和等同于你的手牌数量的+战力加成。"


def _compiled(text: str):
    return compile_card(CardSource("T-304", "zh", text, {"type": "unit", "cost": 3, "might": 3}, "试验牌"))


def test_my_keywords_and_a_might_compile_and_back():
    result = _compiled(TEXT)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{
        "trigger": {"event": "moved", "zone": "battlefield"}, "target": {"who": "friendly", "where": "base"},
        "effects": [{"grant": {"keywords_of": "self"}}, {"might": {"amount": {"hand_of": "you"}}}]}]
    assert _compiled(result.understood).tree == result.tree, result.understood


CARDS = f"""cards:
  示例·臂: {flow({**_compiled(TEXT).tree, "keywords": {"强攻": 2, "法盾": None}})}
  示例·劈: {{type: spell, cost: 0, target: unit, effects: [{{grant: {{keyword: 壁垒}}}}]}}
"""


def test_the_other_unit_gets_every_keyword_i_have_now_and_the_might():
    state = board("hand: [示例·劈, 示例·劈, 示例·劈], base: [{id: 臂, card: 示例·臂}, {id: 友, card: 先锋中士}]", "", "name: 北方")
    script = "- play: 示例·劈\n  targets: 臂\n- pass:\n- move: 臂\n  to: 北方\n- pass:\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert layers.keywords(final, final.units["友"]) == {"强攻": 2, "法盾": 1, "壁垒": None}  # Deflect alone is 1, values add up (809.2)
    assert layers.might(final, final.units["友"]) == 4 + 2  # two cards left in hand


def test_a_grant_says_one_keyword_or_the_sources():
    cards = "cards:\n  示例·错: {type: spell, target: unit, effects: [{grant: {keyword: 壁垒, keywords_of: self}}]}\n"
    with pytest.raises(ScenarioError, match="只写其一"):
        play_scenario(cards, board(), script="- end_turn:\n")


@pytest.mark.parametrize(("text", "effects"), [
    ("When I attack, give a friendly unit here my keywords this turn.", [{"grant": {"keywords_of": "self"}}]),
    ("When I attack, give another friendly unit my keywords and +Might equal to the number of cards in your hand this turn.",
     [{"grant": {"keywords_of": "self"}}, {"might": {"amount": {"hand_of": "you"}}}]),
])
def test_the_english_wordings_compile_to_the_same_trees(text, effects):
    result = compile_card(CardSource("T-304", "en", text, {"type": "unit", "cost": 3, "might": 3}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"][0]["effects"] == effects
    assert _compiled(result.understood).tree == result.tree, result.understood
