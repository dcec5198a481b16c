"""A triggered ability's mode lines (“当X时，从下列中选择一个—” and “-Y。” lines): one ``one_of`` of them, picked as it
resolves; “从以下中选择一个本回合未选过的效果—” picks each once a turn (``distinct_modes: turn`` on the ability); and the
trigger “当你为我贴附一件武装时” (``attached``, you the one attaching). Synthetic card text (our own sentences, no catalog
text): each wording's tree, the gate and the round trip, what is refused, and the engine keeping a turn's picks."""

from __future__ import annotations

import pytest
from conftest import flow, play_scenario
from test_cardtext_triggers import _compiled

from judgekit.errors import ScenarioStopped

MOVED_AWAY = {"event": "moved", "subject": "friendly", "at": "from_here"}
TWICE_A_TURN = "当一名友方单位从此处向别处移动时，从以下中选择一个本回合未选过的效果—\n-抽一张牌。\n-召出一枚休眠的符文。"

CASES = [
    ("当你为我贴附一件武装时，抽一张牌。", [{"trigger": {"event": "attached", "player": "you"}, "effects": [{"draw": 1}]}]),
    ("当我进攻时，从下列中选择一个—\n-抽一张牌。\n-召出一枚休眠的符文。",
     [{"trigger": "attacked", "effects": [{"one_of": [[{"draw": 1}], [{"channel": {"exhausted": True, "count": 1}}]]}]}]),
    ("当我防守时，从以下中选择一个本回合未选过的效果—\n-抽一张牌。\n-让我在本回合内战力+2。\n-眩晕一名敌方单位。",
     [{"trigger": "defended", "target": {"who": "enemy"}, "distinct_modes": "turn",
       "effects": [{"one_of": [[{"draw": 1}], [{"might": {"amount": 2, "to": "self"}}], [{"stun": None}]]}]}]),
    ("当我进攻时，从下列中选择一个—\n-抽一张牌，然后弃置一张手牌。\n-给予我增益。",
     [{"trigger": "attacked", "effects": [{"one_of": [[{"draw": 1}, {"discard": 1}], [{"buff": None}]]}]}]),
    (TWICE_A_TURN, [{"trigger": MOVED_AWAY, "distinct_modes": "turn",
                     "effects": [{"one_of": [[{"draw": 1}], [{"channel": {"exhausted": True, "count": 1}}]]}]}]),
]


@pytest.mark.parametrize(("text", "abilities"), CASES, ids=[text.split("\n")[0] for text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(text, abilities):
    result = _compiled(text, "unit")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    assert _compiled(result.understood, "unit").tree == result.tree, result.understood


@pytest.mark.parametrize(("card_type", "text"), [
    ("unit", "当我进攻时，从下列中选择一个—\n-眩晕一名敌方单位。\n-给予一名友方单位增益。"),  # two modes choosing targets
    ("unit", "当我进攻时，从下列中选择一个—\n-抽一张牌。"),  # one mode only
    ("spell", "从以下中选择一个本回合未选过的效果—\n-抽一张牌。\n-召出一枚休眠的符文。"),  # a spell: not this reading
])
def test_modes_the_reader_would_have_to_guess_are_not_read(card_type, text):
    assert _compiled(text, card_type).status != "compiled"


STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {deck: [先锋中士, 先锋中士], rune_deck: 3}
    B: {}
  battlefields:
    - {name: 北, controller: A, units: [{id: 源, card: 试验牌, controller: A}, {id: 甲, card: 兵, controller: A},
                                       {id: 乙, card: 兵, controller: A}]}
    - {name: 南, controller: A}
"""


def _twice(first: int, second: str):
    card = _compiled(TWICE_A_TURN, "unit").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 2, keywords: {{游走: null}}}}\n"
    script = f"- move: 甲\n  to: 南\n- pass:\n  answer: {{one_of: {first}}}\n- move: 乙\n  to: 南\n- pass:\n{second}"
    return play_scenario(cards, STATE, script=script)


def test_each_branch_once_a_turn_the_second_trigger_takes_the_other():
    _, final = _twice(1, "  answer: {one_of: 2}\n")
    assert len(final.players["A"].hand) == 1 and len(final.players["A"].runes) == 1


def test_a_branch_picked_this_turn_is_refused_and_the_default_is_the_other():
    with pytest.raises(ScenarioStopped) as stopped:
        _twice(1, "  answer: {one_of: 1}\n")
    assert "本回合已选过" in str(stopped.value)
    trace, final = _twice(1, "")
    assert len(final.players["A"].hand) == 1 and len(final.players["A"].runes) == 1
    assert "355.3" in trace.cited()
