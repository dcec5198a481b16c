"""An item on the chain as a spell's target (355.9.a.2), round cc-spell (issue 16), on synthetic cards: what it must
have chosen (``chooses: {target: N}`` with ``chooses_no_other``, ``chooses: {any: [FILTER, …]}``) and its printed
costs (``cost``, ``power``: 206, what was paid to play it does not count).

Each wording: the tree it compiles to, the gate and the round trip; then the trees run in scenarios, so a
counter takes what its text allows and refuses the rest (358.1, 355.9.b)."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine import layers
from judgekit.errors import ScenarioError, ScenarioStopped

SPELLS = [
    # printed costs, both in one phrase or said after the noun (“，但其费用不得高于…，也不得高于任意符能”)
    ("无效化一个费用不高于③且不高于任意符能的法术。", {"kind": "spell", "cost": {"le": 3}, "power": {"le": 1}}),
    ("无效化一个敌方法术，但其费用不得高于②，也不得高于任意符能。",
     {"kind": "spell", "who": "enemy", "cost": {"le": 2}, "power": {"le": 1}}),
    ("无效化一个法术，但其法力费用不得高于⑤。", {"kind": "spell", "cost": {"le": 5}}),
    # what it chose: objects of a side and kind, any of them (the filters a list)
    ("无效化一个将友方装备或友方单位选为目标的法术或技能。",
     {"kind": "spell", "chooses": {"any": [{"who": "friendly", "kind": "gear"}, {"who": "friendly"}]}}),
    ("无效化一个以敌方单位为目标的友方法术。", {"kind": "spell", "who": "friendly", "chooses": {"any": [{"who": "enemy"}]}}),
    # “法术或技能” and “法术” are the engine's one kind: any item on the chain
    ("无效化一个敌方技能或法术。", {"kind": "spell", "who": "enemy"}),
]


def _compiled(text: str, card_type: str = "spell"):
    return compile_card(CardSource("T-301", "zh", text, {"type": card_type, "cost": 1}, "试验牌"))


@pytest.mark.parametrize(("text", "target"), SPELLS, ids=[text for text, _ in SPELLS])
def test_a_chain_item_wording_compiles_to_its_target_and_back(text, target):
    result = _compiled(text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == target and result.tree["effects"] == [{"counter": None}]
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_the_unit_chosen_before_and_no_other_unit_of_a_side():
    # the unit first, then the spell that must have chosen it and no other unit of that side (359.3.e.9.a)
    result = _compiled("选择一名友方单位。无效化一个以该单位为目标且不以其他单位为目标的法术或技能。")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == [{"who": "friendly"}, {"kind": "spell", "chooses": {"target": 1}, "chooses_no_other": "any"}]
    assert result.tree["effects"] == [{"counter": None}]  # counter acts on the item chosen: no `to:`
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "无效化一个以该单位为目标的法术。",  # no unit chosen before: which one is not guessed
    "选择一名友方单位和一名敌方单位。无效化一个以该单位为目标的法术。",  # two chosen: which one
    "无效化一个将友方符文选为目标的法术。",  # a kind the filter does not read
    "无效化一个费用不低于③且不高于任意符能的法术。",  # the Power bound only as “no more than”
])
def test_what_is_not_clear_is_not_read(text):
    assert _compiled(text).status == "not_understood"


def test_the_renderings_say_spell_or_ability_unless_a_printed_cost_makes_it_a_spell():
    assert _compiled("无效化一个法术。").understood == "无效化一个法术或技能。"
    assert _compiled("无效化一个法术，但其法力费用不得高于⑤。").understood == "无效化一个法力费用不高于⑤的法术。"


# -- the trees in play ----------------------------------------------------------------------------------------

def _card(text: str) -> str:
    return flow({**_compiled("反应\n" + text).tree, "cost": 0})


COSTS = "无效化一个费用不高于②且不高于任意符能的法术。"
CHOSE = "无效化一个将友方单位或友方装备选为目标的敌方法术。"


def _cards(counter: str) -> str:
    return f"""cards:
  示例·反制: {_card(counter)}
  示例·小火: {{type: spell, cost: 1, keywords: {{回响: 2}}, target: unit, effects: [{{deal: 1}}]}}
  示例·大火: {{type: spell, cost: 3, target: unit, effects: [{{deal: 3}}]}}
  示例·秘火: {{type: spell, cost: 1, power: 2, target: unit, effects: [{{deal: 1}}]}}
  示例·拆: {{type: spell, cost: 1, target: {{kind: gear}}, effects: [{{kill: null}}]}}
  示例·盾: {{type: gear, cost: 1}}
"""


STATE = board("hand: [示例·小火, 示例·大火, 示例·秘火, 示例·拆], runes: 9, power: 9, base: [{id: 甲, card: 先锋中士}]",
              "hand: [示例·反制], base: [{id: 乙, card: 先锋中士}], gear: [示例·盾]")


def _respond(cards: str, play: str) -> str:
    return f"{play}- pass: A\n- play: 示例·反制\n  player: B\n  targets: ['#1']\n"


def test_a_spell_whose_printed_cost_fits_is_countered_even_with_its_repeat_paid():
    # 206: the printed cost ①, not the ①+② paid with Repeat
    play = "- play: 示例·小火\n  targets: 乙\n  repeat: 1\n  repeat_targets: [乙]\n"
    _, final = play_scenario(_cards(COSTS), STATE, script=_respond(COSTS, play) + "- pass: B\n- pass: A\n")
    assert final.units["乙"].damage == 0 and not final.chain and [card.name for card in final.players["A"].trash] == ["示例·小火"]


@pytest.mark.parametrize("spell", ["示例·大火", "示例·秘火"])  # ③ Energy; ① Energy and two Power
def test_a_spell_whose_printed_cost_is_higher_is_no_legal_target(spell):
    with pytest.raises(ScenarioStopped, match="印刷费用") as stopped:
        play_scenario(_cards(COSTS), STATE, script=_respond(COSTS, f"- play: {spell}\n  targets: 乙\n"))
    assert "206" in str(stopped.value)


@pytest.mark.parametrize(("play", "legal"), [
    ("- play: 示例·大火\n  targets: 乙\n", True),  # it chose B's unit
    ("- play: 示例·拆\n  targets: 示例·盾\n", True),  # it chose B's gear
    ("- play: 示例·大火\n  targets: 甲\n", False),  # it chose only A's own unit
])
def test_an_enemy_spell_is_countered_only_if_it_chose_a_friendly_unit_or_gear(play, legal):
    script = _respond(CHOSE, play)
    if legal:
        _, final = play_scenario(_cards(CHOSE), STATE, script=script + "- pass: B\n- pass: A\n")
        assert not final.chain and final.units["乙"].damage == 0 and len(final.gear) == 1
    else:
        with pytest.raises(ScenarioStopped, match="没有选择符合条件的"):
            play_scenario(_cards(CHOSE), STATE, script=script)


def test_a_chain_items_filter_key_the_engine_does_not_read_is_refused():
    cards = "cards:\n  示例·错: {type: spell, target: {kind: spell, tag: 龙}, effects: [{counter: null}]}\n"
    with pytest.raises(ScenarioError, match="结算链上的项的筛选"):
        play_scenario(cards, board(), script="- end_turn:\n")


# -- a unit and an item chosen together: “该法术” the item, “该单位” the unit, the item's printed cost as an amount ----

RIPOSTE = "选择一名友方单位和一个敌方法术。无效化该法术，让该单位在本回合内获得等同于该法术的法力费用的+战力加成。"


def test_a_unit_and_a_spell_chosen_the_spell_countered_and_its_cost_given_as_might():
    result = _compiled(RIPOSTE)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == [{"who": "friendly"}, {"kind": "spell", "who": "enemy"}]
    assert result.tree["effects"] == [{"counter": None}, {"might": {"to": {"target": 1}, "amount": {"cost_of": {"target": 2}}}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "选择两名友方单位和一个法术。无效化该法术，并让该单位在本回合内战力+1。",  # “该单位” of two units
    "选择一名友方单位。让其在本回合内获得等同于该法术法力费用的+战力加成。",  # no spell chosen
])
def test_a_kind_pronoun_without_its_one_target_is_not_read(text):
    assert _compiled(text).status == "not_understood"


@pytest.mark.parametrize(("play", "might"), [
    ("- play: 示例·大火\n  targets: 乙\n", 7),  # its printed ③, read after it was countered
    ("- play: 示例·小火\n  targets: 乙\n  repeat: 1\n  repeat_targets: [乙]\n", 5),  # ①, its Repeat paid not counted
])
def test_the_countered_spells_printed_cost_is_the_might_given(play, might):
    script = f"{play}- pass: A\n- play: 示例·反制\n  player: B\n  targets: [乙, '#1']\n- pass: B\n- pass: A\n"
    _, final = play_scenario(_cards(RIPOSTE), STATE, script=script)
    assert not final.chain and final.units["乙"].damage == 0
    assert layers.might(final, final.units["乙"]) == might  # 先锋中士 4 + the printed cost


# -- a counter done only if a player has played a card this turn (419.4.b: finalized), “另一” other than the item --------

@pytest.mark.parametrize(("language", "text", "played"), [
    ("en", "Counter a spell if an opponent has played another spell this turn.",
     {"by": "opponent", "card_type": "spell", "other": True}),
    ("zh", "无效化一个法术，如果你在本回合内打出过一名单位。", {"by": "you", "card_type": "unit"}),
])
def test_a_counter_if_a_card_was_played_this_turn_compiles_and_back(language, text, played):
    result = compile_card(CardSource("T-306", language, text, {"type": "spell", "cost": 1}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == {"kind": "spell"} and result.tree["effects"] == [{"counter": {"if_played": played}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


# -- the same items in English, each reading back into the Chinese words' tree -----------------------------------

@pytest.mark.parametrize(("text", "target", "effects"), [
    ("Counter an enemy spell that costs no more than ② and no more than any rune.",
     {"kind": "spell", "who": "enemy", "cost": {"le": 2}, "power": {"le": 1}}, [{"counter": None}]),
    ("Counter a spell or ability that chooses an enemy unit or gear.",
     {"kind": "spell", "chooses": {"any": [{"who": "enemy"}, {"who": "enemy", "kind": "gear"}]}}, [{"counter": None}]),
    ("Choose a friendly unit. Counter a spell that chooses it and no other friendly unit.",
     [{"who": "friendly"}, {"kind": "spell", "chooses": {"target": 1}, "chooses_no_other": "friendly"}], [{"counter": None}]),
    (("Choose a friendly unit and an enemy spell. Counter that spell. Give that unit +Might equal to that spell's Energy "
      "cost this turn."), [{"who": "friendly"}, {"kind": "spell", "who": "enemy"}],
     [{"counter": None}, {"might": {"amount": {"cost_of": {"target": 2}}, "to": {"target": 1}}}]),
])
def test_the_english_wordings_compile_to_the_same_trees(text, target, effects):
    result = compile_card(CardSource("T-307", "en", text, {"type": "spell", "cost": 1}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == target and result.tree["effects"] == effects
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_it_in_english_is_the_one_unit_chosen_before():
    result = compile_card(CardSource("T-307", "en", "Counter a spell that chooses it.", {"type": "spell", "cost": 1}, "试验牌"))
    assert result.status == "not_understood"
