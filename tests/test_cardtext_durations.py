"""Control changes and delayed triggers that remember what they act on (issue 16, round compiler-control), on
synthetic cards: the tree each wording compiles to, the gate, the round trip, and a scenario where the engine runs it.

A delayed trigger made by an instruction (390.2) remembers the objects that instruction acted on (“在本回合结束时，
将其召回”: “其”), by id — one that left the board and came back is a new object, not it (359.3.e.4); “失去其控制权”
ends the effect's controller's control and the unit or gear is its owner's again (477.1.a).
"""

from __future__ import annotations

import pytest
from conftest import board, compiled_in_both, flow, passes, play_scenario

from judgekit.cardtext import CardSource, compile_card

TURN_END = {"event": "turn_ending", "subject": "any", "player": "any"}


def _compiled(text: str, card_type: str = "spell"):
    return compile_card(CardSource("T-310", "zh", text, {"type": card_type, "cost": 1, "might": 2}, "试验牌"))


SPELLS = [
    # a control change with its end: the unit recalled once control is lost (the “然后” inside the timed sentence)
    ("获得基地中的一名敌方单位的控制权。回合结束时，失去该单位的控制权，然后将它召回。",
     {"who": "enemy", "where": "base"},
     [{"gain_control": None}, {"delayed": {"trigger": TURN_END, "effects": [{"lose_control": None}, {"recall": None}]}}]),
    # the same delayed part after other verbs and other selectors
    ("让一名友方单位在本回合内战力+3。在本回合结束时，将其召回。",
     {"who": "friendly"},
     [{"might": 3}, {"delayed": {"trigger": TURN_END, "effects": [{"recall": None}]}}]),
    ("对战场上的一名单位造成1点伤害。本回合结束时，让其变为活跃状态，然后让其返回其所属的手牌。",
     {"where": "battlefield"},
     [{"deal": 1}, {"delayed": {"trigger": TURN_END, "effects": [{"ready": None}, {"return_to_hand": None}]}}]),
]


@pytest.mark.parametrize(("text", "target", "effects"), SPELLS, ids=[text for text, _, _ in SPELLS])
def test_a_timed_sentence_compiles_to_a_delayed_trigger_on_the_chosen_unit_and_back(text, target, effects):
    result = _compiled(text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == target
    assert result.tree["effects"] == effects
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_a_delayed_trigger_that_would_choose_its_own_target_is_still_not_read():
    # “在本回合结束时，对一名单位…”: chosen as it resolves, later — not read (nor guessed as the spell's target)
    assert _compiled("抽一张牌。在本回合结束时，对一名单位造成1点伤害。").status == "not_understood"


SCENARIO = """\
title: 本回合结束时失去控制权并召回
cards:
  试验牌: CARD
  兵: {type: unit, might: 2}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [试验牌]
      energy: 1
    B:
      base: [{id: 敌, card: 兵}]
script:
  - play: 试验牌
    targets: 敌
  - pass:
    expect:
      - unit: 敌
        controller: A
        location: base
  - next_phase:
    note: A 的结束阶段：延迟触发记住的“该单位”失去控制、被召回
expect:
  - unit: 敌
    controller: B
    location: base
  - cites: [390.2, 477.1.a]
"""


def test_control_taken_until_the_turn_ends_goes_back_to_the_owner_and_the_unit_is_recalled():
    tree = _compiled(SPELLS[0][0]).tree
    passes(SCENARIO.replace("CARD", flow(tree)))


GONE = SCENARIO.replace("""  - next_phase:
    note: A 的结束阶段：延迟触发记住的“该单位”失去控制、被召回
""", """  - effect: [{kill: null}]
    targets: 敌
    controller: B
  - next_phase:
    note: 记住的单位已离开场上：延迟触发找不到它，什么也不做
""").replace("""expect:
  - unit: 敌
    controller: B
    location: base
  - cites: [390.2, 477.1.a]
""", """expect:
  - unit: 敌
    alive: false
  - cites: [390.2, 359.3.e.4]
""")


def test_a_remembered_unit_that_left_the_board_is_not_acted_on():
    passes(GONE.replace("CARD", flow(_compiled(SPELLS[0][0]).tree)))


# The same delayed part in English: “X it at end of turn” after something chosen; “lose control of it”; “something” is a
# unit or a gear (a permanent on the board), here chosen by a triggered ability as it goes on the chain (383.3, 355.9).
PAIRS = [
    ("当我进攻时，你可以选择强化此处的一个单位或装备。在本回合结束时，解除其的强化。",
     "When I attack, you may empower something here. Disempower it at end of turn.",
     {"trigger": "attacked", "target": {"kind": ["unit", "gear"], "where": "here"},
      "effects": [{"may": [{"empower": None}]}, {"delayed": {"trigger": TURN_END, "effects": [{"disempower": None}]}}]}),
    ("当你打出我时，获得一名敌方单位的控制权。在本回合结束时，失去其控制权，然后将其摧毁。",
     "When you play me, take control of an enemy unit. Lose control of it and kill it at end of turn.",
     {"trigger": "played", "target": {"who": "enemy"},
      "effects": [{"gain_control": None}, {"delayed": {"trigger": TURN_END, "effects": [{"lose_control": None},
                                                                                         {"kill": None}]}}]}),
]


@pytest.mark.parametrize(("zh", "en", "ability"), PAIRS, ids=[en for _, en, _ in PAIRS])
def test_the_english_reads_the_same_delayed_part_as_the_chinese(zh, en, ability):
    assert compiled_in_both(zh, en, {"type": "unit", "cost": 1, "might": 2})["abilities"] == [ability]


def test_something_empowered_here_is_disempowered_at_the_end_of_the_turn():
    tree = compiled_in_both(*PAIRS[0][:2], {"type": "unit", "cost": 1, "might": 2})
    tree = {**tree, "abilities": [{**tree["abilities"][0], "trigger": "played"}]}
    cards = f"cards:\n  试验牌: {flow(tree)}\n  兵: {{type: unit, might: 2}}\n"
    state = board("hand: [试验牌], energy: 1", "", "name: 北方, controller: A, units: [{id: 友, card: 兵}]")
    _, during = play_scenario(cards, state, script="- play: 试验牌\n  to: 北方\n- pass:\n")
    assert during.units["友"].empowered == 1  # the first legal one (a default): the unit there before it
    _, final = play_scenario(cards, state, script="- play: 试验牌\n  to: 北方\n- pass:\n- next_phase:\n")
    assert final.units["友"].empowered == 0
