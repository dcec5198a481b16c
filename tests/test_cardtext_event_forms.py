"""The compiler's forms of where a unit was played from, of events seen from elsewhere than the board, and of the
top of the deck (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine
runs it), the round trip (the rendering compiles to the same tree), both languages where both are read; then the
tree run in a scenario, so it does what the card says and not otherwise.
"""

from __future__ import annotations

import re

import pytest
from conftest import board, play_scenario
from conftest import flow as _flow

from judgekit.cardtext import CardSource, compile_card


def _compiled(text: str, card_type: str = "unit", language: str = ""):
    language = language or ("en" if re.match("[A-Za-z]", text) else "zh")
    return compile_card(CardSource("T-310", language, text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type, "zh")
    assert again.tree == result.tree, result.understood
    return result.tree


# -- where a unit was played from (355.2; the unit's ``played_from``) ---------------------------------------------

NOT_FROM_HAND = {"who": "friendly", "played_from": {"not": "hand"}}
PLAYED_ELSEWHERE = [
    ("从手牌以外的位置被打出的友方单位获得急速。", {"grant": "急速", "to": {"each": NOT_FROM_HAND}}),
    ("所有从手牌以外位置被打出的友方单位获得强攻。", {"grant": "强攻", "to": {"each": NOT_FROM_HAND}}),
    ("Friendly units played from anywhere other than a player's hand have Accelerate.",
     {"grant": "急速", "to": {"each": NOT_FROM_HAND}}),
    ("Your units played from anywhere other than your hand have Assault.", {"grant": "强攻", "to": {"each": NOT_FROM_HAND}}),
]


@pytest.mark.parametrize(("text", "static"), PLAYED_ELSEWHERE, ids=[text for text, _ in PLAYED_ELSEWHERE])
def test_units_played_from_anywhere_but_a_hand_are_a_filter_of_the_static_in_both_languages(text, static):
    assert _round_trip(text)["abilities"] == [{"static": static}]


def test_played_from_a_hand_is_no_state_the_grammar_invents():
    assert _compiled("从手牌中被打出的友方单位获得急速。").status == "not_understood"


CARDS = """cards:
  试验牌: TREE
  唤回者:
    type: unit
    might: 1
    abilities:
      - trigger: played
        effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true}}]
  步兵: {type: unit, might: 2, domains: [炽烈]}
"""


def test_a_unit_played_from_the_trash_is_offered_the_accelerate_the_compiled_static_gives():
    # 805.1.a: 唤回者 (from hand: no Accelerate) plays 步兵 from the trash; 步兵 has Accelerate as it enters, paid
    tree = {**_round_trip(PLAYED_ELSEWHERE[0][0]), "cost": 2}
    state = board("hand: [唤回者], trash: [步兵], base: [{id: 试, card: 试验牌}], energy: 1, power: {炽烈: 1}")
    _, final = play_scenario(CARDS.replace("TREE", _flow(tree)), state,
                             script="- play: 唤回者\n- pass:\n  accelerate: true\n")
    assert not final.units["步兵"].exhausted and final.players["A"].energy == 0
    assert final.units["唤回者"].exhausted


# -- a move to a battlefield other than the source's (``at: other_battlefield``) ---------------------------------

ELSEWHERE_MOVE = {"event": "moved", "subject": "any", "player": "opponent", "at": "other_battlefield"}


@pytest.mark.parametrize("text", ["当对手移动一名单位到我不在的战场时，抽一张牌。",
                                  "When an opponent moves a unit to a battlefield other than mine, draw 1."])
def test_an_opponents_move_to_a_battlefield_other_than_mine_is_one_trigger_in_both_languages(text):
    assert _round_trip(text)["abilities"] == [{"trigger": ELSEWHERE_MOVE, "effects": [{"draw": 1}]}]


def test_only_a_move_has_a_destination_in_the_player_event_grammar():
    assert _compiled("当对手眩晕一名单位到我不在的战场时，抽一张牌。").status == "not_understood"


MOVES = """cards:
  试验牌: TREE
  哨兵: {type: unit, might: 1}
"""


@pytest.mark.parametrize(("watcher_at", "to", "drawn"), [
    ("北方", "南方", 1),  # another battlefield than mine
    ("北方", "北方", 0),  # to mine: not “other”
    ("base", "北方", 1),  # from my base every battlefield is one I am not at
    ("北方", "base", 0),  # a base is no battlefield
])
def test_the_watcher_draws_for_an_opponents_move_to_a_battlefield_it_is_not_at(watcher_at, to, drawn):
    tree = {**_round_trip("当对手移动一名单位到我不在的战场时，抽一张牌。"), "cost": 2}
    fields = {"北方": [], "南方": []}
    watcher = {"id": "熊", "card": "试验牌", "controller": "A"}
    a_base = [watcher] if watcher_at == "base" else []
    if watcher_at != "base":
        fields[watcher_at].append(watcher)
    mover_from = "南方" if to == "base" else "base"
    mover = {"id": "兵", "card": "哨兵", "controller": "B"}
    b_base = [mover] if mover_from == "base" else []
    if mover_from != "base":
        fields[mover_from].append(mover)
    battlefields = "".join(f"    - {_flow({'name': name, 'units': units})}\n" for name, units in fields.items())
    state = (f"state:\n  turn: {{player: B, phase: main}}\n  players:\n    A: {_flow({'base': a_base, 'deck': 5})}\n"
             f"    B: {_flow({'base': b_base})}\n  battlefields:\n{battlefields}")
    _, final = play_scenario(MOVES.replace("TREE", _flow(tree)), state, script=f"- move: 兵\n  to: {to}\n" + ("- pass:\n" if drawn else ""))
    assert len(final.players["A"].hand) == drawn and not final.chain  # nothing left waiting: none triggered


# -- “as I'm revealed from your deck” (370.1.b.1): the reveal plus an Add, no chain item ---------------------------

AS_REVEALED = {"replacement": {"event": "revealed", "from": "deck", "add": {"energy": 2}}}


@pytest.mark.parametrize("text", ["如果我从你的主牌堆中被展示，则你获得②。", "As I'm revealed from your deck, Add ②."])
def test_an_add_as_the_card_is_revealed_from_the_deck_is_one_replacement_in_both_languages(text):
    assert _round_trip(text)["abilities"] == [AS_REVEALED]


def test_a_when_or_another_action_as_it_is_revealed_is_not_read_as_the_replacement():
    assert _compiled("当我从你的主牌堆中被展示时，获得②。").status == "not_understood"  # “when”: a trigger, not “as”
    assert _compiled("如果我从你的主牌堆中被展示，则你抽一张牌。").status == "not_understood"


REVEALS = """cards:
  试验牌: TREE
  探查: {type: spell, cost: 0, effects: [{look: LOOK}]}
"""


@pytest.mark.parametrize(("look", "energy"), [
    ({"amount": 2, "reveal": True}, 2),  # revealed (424.1): the Add happens with it
    ({"amount": 2}, 0),  # looked at, not revealed: nothing
    ({"amount": 1, "reveal": True}, 0),  # not among the cards revealed
])
def test_the_owner_adds_as_the_card_is_revealed_from_their_deck_and_not_as_it_is_looked_at(look, energy):
    tree = {**_round_trip("如果我从你的主牌堆中被展示，则你获得②。"), "cost": 6}
    state = board("hand: [探查], deck: [哨, 试验牌], runes: 0")
    cards = REVEALS.replace("TREE", _flow(tree)).replace("LOOK", _flow(look)) + "  哨: {type: unit, cost: 1, might: 1}\n"
    trace, final = play_scenario(cards, state, script="- play: 探查\n- pass:\n")
    assert final.players["A"].energy == energy and not final.chain
    assert ("370.1.b.1" in trace.cited()) == bool(energy)


def test_the_energy_added_as_it_is_revealed_pays_for_playing_it_from_among_the_revealed_cards():
    # 探查 reveals the top two and plays a unit of them (its cost paid): the ② added as 试验牌 is revealed pays its 2
    tree = {**_round_trip("As I'm revealed from your deck, Add ②."), "cost": 2}
    look = {"amount": 2, "reveal": True, "take": {"card": {"kind": "unit"}, "to": "play"}, "rest": "recycle"}
    state = board("hand: [探查], deck: [哨, 试验牌], runes: 0")
    cards = REVEALS.replace("TREE", _flow(tree)).replace("LOOK", _flow(look)) + "  哨: {type: spell, cost: 1}\n"
    _, final = play_scenario(cards, state, script="- play: 探查\n- pass:\n  play_card: 试验牌\n")
    assert "试验牌" in final.units and final.players["A"].energy == 0


# -- a count among the cards a look revealed, and recycling them (424.1.a.2: they stay on top until then) ------------

REVEALED_HIDDEN = {"revealed": {"kind": "any", "keyword": "待命"}}
DEFENDER = "当我防守时，选择此处的一名敌方单位，展示你主牌堆顶部的三张牌。其中每有一张带有待命技能的牌，就对该单位造成1点伤害。回收展示的牌。"


def test_for_each_revealed_card_that_fits_is_an_amount_and_the_revealed_cards_are_recycled_after():
    tree = _round_trip(DEFENDER)
    assert tree["abilities"] == [{"trigger": "defended", "target": {"who": "enemy", "where": "here"}, "effects": [
        {"look": {"amount": 3, "reveal": True}}, {"deal": {"amount": REVEALED_HIDDEN}}, {"recycle": {"from": "revealed"}}]}]
    spell = _round_trip("展示你主牌堆顶部的两张牌。其中每有一张法术牌，你便抽一张牌。回收展示的牌。", "spell")
    assert spell["effects"] == [{"look": {"amount": 2, "reveal": True}}, {"draw": {"amount": {"revealed": {"kind": "spell"}}}},
                                {"recycle": {"from": "revealed"}}]


def test_without_a_revealing_look_before_there_is_nothing_to_count_or_recycle():
    assert _compiled("当中每有一张法术牌，你便抽一张牌。", "spell").status == "not_understood"
    assert _compiled("查看你主牌堆顶部的两张牌。当中每有一张法术牌，你便抽一张牌。", "spell").status == "not_understood"
    assert _compiled("抽一张牌。将展示的牌回收。", "spell").status == "not_understood"


DEFENDS = """cards:
  试验牌: TREE
  藏: {type: spell, cost: 1, keywords: {待命: null}}
  白: {type: spell, cost: 1}
  敌: {type: unit, might: 5}
state:
  turn: {player: B, phase: main}
  players:
    A: {deck: [藏, 白, 藏, 藏]}
    B: {base: [{id: 敌, card: 敌}]}
  battlefields:
    - name: 北方
      controller: A
      units: [{id: 提, card: 试验牌}]
"""


def test_the_defender_deals_one_for_each_hidden_card_revealed_then_recycles_those_cards_only():
    # the top three are 藏 白 藏: 2 damage before combat damage; those three go under the fourth card, in the order seen
    tree = {**_round_trip(DEFENDER), "cost": 2, "might": 1}
    trace, final = play_scenario(DEFENDS.replace("TREE", _flow(tree)), "", script="- move: 敌\n  to: 北方\n- pass:\n")
    dealt = [event.text for step in trace.steps for event in step.events if "对 敌 造成" in event.text]
    assert len(dealt) == 2 and "造成 2 点伤害" in dealt[0] and "伤害 0 → 2" in dealt[0]  # the ability's, then combat's
    assert [card.name for card in final.players["A"].deck] == ["藏", "藏", "白", "藏"]
    assert "416.1" in trace.cited()


# -- the card a look played is “it” after the look (``created``: a look's take played is made by it) ----------------

LOOK_PLAY = {"look": {"amount": 3, "take": {"card": {"kind": ["unit", "gear"]}, "may": True, "to": "play", "banish": True,
                                              "discount": 5}, "rest": "recycle"}}
EMPOWER_IT = {"do_this": {"effects": [{"may": [{"empower": {"to": "created"}}]}]}}


@pytest.mark.parametrize(("text", "kind"), [
    ("查看你主牌堆顶部的三张牌。你可以选择从中放逐一名单位或一件装备。将其打出，其费用减少⑤。回收其余的卡牌。然后进行一次：你可以选择强化其。",
     ["unit", "gear"]),
    (("Look at the top 3 cards of your Main Deck. You may banish a gear from among them and play it, reducing its cost "
      "by ⑤. Recycle the rest. Then you may do this: Empower it."), "gear"),
])
def test_the_card_a_look_played_is_it_in_the_instructions_after_in_both_languages(text, kind):
    look = {"look": {**LOOK_PLAY["look"], "take": {**LOOK_PLAY["look"]["take"], "card": {"kind": kind}}}}
    assert _round_trip(text, "spell")["effects"] == [look, EMPOWER_IT]


@pytest.mark.parametrize(("top", "kind"), [("巨", "unit"), ("甲", "gear")])
def test_the_unit_or_gear_the_look_played_for_five_less_is_empowered_by_the_reflexive_trigger(top, kind):
    tree = {**_round_trip("查看你主牌堆顶部的三张牌。你可以选择从中放逐一名单位或一件装备。将其打出，其费用减少⑤。回收其余的卡牌。"
                          "然后进行一次：你可以选择强化其。", "spell"), "cost": 0}
    cards = (f"cards:\n  试验牌: {_flow(tree)}\n  巨: {{type: unit, cost: 6, might: 6}}\n  甲: {{type: gear, cost: 6}}\n"
             "  白: {type: spell, cost: 1}\n")
    _, final = play_scenario(cards, board(f"hand: [试验牌], deck: [白, {top}, 白], runes: 1"),
                             script="- play: 试验牌\n- pass:\n- pass:\n")
    played = final.units.get(top) if kind == "unit" else next(g for g in final.gear.values() if g.card == top)
    assert played.empowered and final.players["A"].energy == 0  # 6 - 5 paid by the one rune
    assert [card.name for card in final.players["A"].deck] == ["白", "白"]  # the rest recycled


# -- a move to an open battlefield (170.11.c: unoccupied and uncontrolled), checked for all the units before any moves --

TO_OPEN = {"move": {"to": {"chosen": {"battlefield": True, "open": True}}}}


def test_any_number_of_your_units_to_an_open_battlefield_compiles_and_back():
    assert _round_trip("将你任意数量的单位移动到一处开放的战场。", "spell") == {
        "type": "spell", "cost": 2, "might": 2, "target": {"who": "friendly", "count": None, "up_to": True},
        "effects": [TO_OPEN]}


MOVE_CARDS = """cards:
  试验牌: TREE
  兵: {type: unit, might: 1}
"""


@pytest.mark.parametrize(("to", "moved"), [("北方", True), ("南方", False), ("西方", False)])
def test_the_units_move_together_to_a_battlefield_no_one_occupies_or_controls(to, moved):
    # 北方 is open; 南方 is B's; 西方 is controlled by no one but B's unit is there (occupied: not open)
    tree = {**_round_trip("将你任意数量的单位移动到一处开放的战场。", "spell"), "cost": 0}
    state = ("state:\n  turn: {player: A, phase: main}\n  players:\n"
             "    A: {hand: [试验牌], base: [{id: 甲, card: 兵}, {id: 乙, card: 兵}]}\n    B: {}\n  battlefields:\n"
             "    - {name: 北方}\n    - {name: 南方, controller: B}\n    - {name: 西方, units: [{id: 敌, card: 兵, controller: B}]}\n")
    play = f"- play: 试验牌\n  targets: [甲, 乙]\n  to: {to}\n" + ("- pass:\n" if moved else "  expect_illegal: 449.1\n")
    _, final = play_scenario(MOVE_CARDS.replace("TREE", _flow(tree)), state, script=play)
    assert {final.units[name].location for name in ("甲", "乙")} == ({to} if moved else {"base:A"})


def test_a_play_trigger_moving_your_units_to_an_open_battlefield_when_the_additional_cost_was_paid():
    tree = _round_trip("你可以选择让你的传奇进入休眠状态，作为打出我的额外费用。\n"
                       "当你打出我时，如果你支付了该额外费用，则你可以选择将任意数量的友方单位移动到一处开放的战场。")
    assert tree["additional_cost"] == {"optional": {"exhaust": "legend"}}
    assert tree["abilities"] == [{"trigger": "played", "condition": {"paid_additional_cost": True},
                                  "target": {"who": "friendly", "count": None, "up_to": True}, "effects": [{"may": [TO_OPEN]}]}]


# -- a legend chosen (107.4.c: in its Legend Zone, any player's), readied or exhausted as it resolves ----------------

TOGGLE = [{"trigger": "played", "target": {"kind": "legend"}, "effects": [{"one_of": [[{"ready": None}], [{"exhaust": None}]]}]}]


@pytest.mark.parametrize("text", ["当你打出我时，让一名传奇变为活跃或休眠状态。", "When you play me, ready or exhaust a legend."])
def test_ready_or_exhaust_a_legend_is_a_legend_chosen_and_one_of_two_in_both_languages(text):
    assert _round_trip(text)["abilities"] == TOGGLE


LEGENDS = """cards:
  试验牌: TREE
  甲传奇: {type: legend}
  乙传奇: {type: legend}
"""


@pytest.mark.parametrize(("legend", "branch", "exhausted"), [("乙传奇", 2, True), ("甲传奇", 1, False), ("乙传奇", 1, False)])
def test_the_legend_chosen_is_readied_or_exhausted_as_the_controller_picks(legend, branch, exhausted):
    tree = {**_round_trip(TOGGLE_TEXT), "cost": 0}
    state = board("hand: [试验牌], legend: {card: 甲传奇, exhausted: true}", "legend: {card: 乙传奇, exhausted: true}") \
        if not exhausted else board("hand: [试验牌], legend: 甲传奇", "legend: 乙传奇")
    script = f"- play: 试验牌\n- resolve_chain:\n  targets: [{legend}]\n  answer: {{one_of: {branch}}}\n"
    _, final = play_scenario(LEGENDS.replace("TREE", _flow(tree)), state, script=script)
    assert final.legends[legend].exhausted == exhausted
    other = next(name for name in final.legends if name != legend)
    assert final.legends[other].exhausted == (not exhausted)  # the one not chosen keeps its status


def test_a_legend_is_the_only_object_the_legend_target_may_choose():
    tree = {**_round_trip(TOGGLE_TEXT), "cost": 0}
    cards = LEGENDS.replace("TREE", _flow(tree)) + "  兵: {type: unit, might: 1}\n"
    state = board("hand: [试验牌], legend: 甲传奇, base: [{id: 兵, card: 兵}]", "legend: 乙传奇")
    play_scenario(cards, state, script="- play: 试验牌\n- resolve_chain:\n  targets: [兵]\n  expect_illegal: 355.8\n")


TOGGLE_TEXT = "当你打出我时，让一名传奇变为活跃或休眠状态。"


# -- what happens to the card itself: played, discarded (seen from the trash, 385.2), killed — one ability each -----

OWN_EVENTS = [{"trigger": "played", "effects": [{"draw": 1}]},
              {"trigger": {"event": "discarded", "zone": "trash"}, "effects": [{"draw": 1}]},
              {"trigger": "killed", "effects": [{"draw": 1}]}]


@pytest.mark.parametrize("text", ["当此牌被弃置、打出或摧毁时，抽一张牌。", "When this is discarded, played, or killed, draw 1."])
def test_the_cards_own_events_are_one_ability_each_in_both_languages(text):
    abilities = _round_trip(text, "gear")["abilities"]
    assert sorted(map(str, abilities)) == sorted(map(str, OWN_EVENTS))


def test_an_event_said_twice_is_not_read():
    assert _compiled("当此牌被弃置或弃置时，抽一张牌。", "gear").status == "not_understood"


OWN_CARDS = """cards:
  试验牌: TREE
  弃牌术: {type: spell, cost: 0, effects: [{discard: 1}]}
  拆除术: {type: spell, cost: 0, target: {kind: gear}, effects: [{kill: null}]}
"""


@pytest.mark.parametrize(("how", "hand", "script"), [
    ("played", [], "- play: 试验牌\n- pass:\n"),
    ("discarded", ["弃牌术"], "- play: 弃牌术\n- pass:\n- pass:\n"),  # the discard, then the trigger from the trash
    ("killed", ["拆除术"], "- play: 拆除术\n  targets: [试验牌]\n- pass:\n- pass:\n"),
])
def test_the_gear_draws_when_it_is_played_discarded_or_killed(how, hand, script):
    tree = {**_round_trip("当此牌被打出、弃置或摧毁时，抽一张牌。", "gear"), "cost": 0}
    on_board = how == "killed"
    a = f"hand: [{', '.join(hand + ([] if on_board else ['试验牌']))}], deck: 3" + (", gear: [试验牌]" if on_board else "")
    _, final = play_scenario(OWN_CARDS.replace("TREE", _flow(tree)), board(a), script=script)
    assert len(final.players["A"].deck) == 2 and not final.chain  # one card drawn, nothing left waiting
    assert ("试验牌" in [card.name for card in final.players["A"].trash]) == (how != "played")


def test_another_card_discarded_does_not_trigger_the_one_already_in_the_trash():
    tree = {**_round_trip("当此牌被打出、弃置或摧毁时，抽一张牌。", "gear"), "cost": 0}
    cards = OWN_CARDS.replace("TREE", _flow(tree)) + "  白: {type: spell, cost: 1}\n"
    _, final = play_scenario(cards, board("hand: [弃牌术, 白], trash: [试验牌], deck: 3"), script="- play: 弃牌术\n- pass:\n")
    assert len(final.players["A"].deck) == 3 and not final.chain
