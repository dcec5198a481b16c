"""More trigger, condition and link wordings of the Chinese compiler (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine runs
it) and the round trip (the rendering compiles to the same tree); then scenarios run the new forms.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

NEXT_MAIN = {"event": "main_began", "subject": "any", "player": "you"}

CARDS = [
    # a delayed trigger for the start of your next Main Phase (390.2), once; “此战场” is where its maker was (359.3.f.3.b)
    ("unit", "当我据守一处战场时，在你的下一个主阶段开始时，将一名战力不高于2的敌方单位移动到此战场。",
     [{"trigger": "held", "effects": [{"delayed": {"trigger": NEXT_MAIN, "once": True,
                                                   "target": {"who": "enemy", "might": {"le": 2}},
                                                   "effects": [{"move": {"to": "here"}}]}}]}]),
    ("unit", "当我征服一处战场时，在你的下一个主阶段开始时获得任意符能。",
     [{"trigger": "conquered", "effects": [{"delayed": {"trigger": NEXT_MAIN, "once": True,
                                                        "effects": [{"add": {"power": 1}}]}}]}]),
    # a gear leaving the board, checked while it is still there (384.2); “摧毁此牌” as an effect is the gear itself
    ("gear", "当此装备离场时，召出一枚休眠的符文。\n支付②，横置：摧毁此牌。",
     [{"trigger": "left_board", "effects": [{"channel": {"exhausted": True, "count": 1}}]},
      {"cost": {"energy": 2, "exhaust": True}, "effects": [{"kill": None}]}]),
    # dying in combat, written in the trigger: the source's state as it dies; the chosen opponent scores (135.2.b.5.a)
    ("unit", "当我在战斗中被摧毁时，选择一名对手，让其获得2分。",
     [{"trigger": "killed", "condition": {"in_combat": True}, "target": {"kind": "player", "who": "enemy"},
       "effects": [{"gain_points": {"who": "chosen_player", "amount": 2}}]}]),
    # “非“X”” without 属性 is a unit without the tag, read on the unit as it died (359.3.f.3)
    ("unit", "每当你的另一名非“机械”单位被摧毁时，抽一张牌。",
     [{"trigger": {"event": "killed", "subject": "friendly", "other": True, "card": {"not": {"tag": "机械"}}},
       "effects": [{"draw": 1}]}]),
    # the phase a unit dies in, written inside the trigger: its condition, checked as it dies (383.2.a.1)
    ("gear", "每回合首次，当友方单位在你的开始阶段被摧毁时，抽一张牌。",
     [{"trigger": {"event": "killed", "subject": "friendly"}, "condition": {"your_phase": "beginning"},
       "effects": [{"draw": 1}], "limit": "turn"}]),
]


# “然后进行一次：…” (387.1): a reflexive trigger, its “它” what the instructions before it played (created)
REFLEXIVE = [
    ("spell", "打出一名3战力的“机器人”。然后进行一次：你可以选择支付①，以此让其变为活跃状态。",
     [{"create": {"token": "机器人", "play": True}},
      {"do_this": {"effects": [{"may_pay": {"cost": {"energy": 1}, "then": [{"ready": {"to": "created"}}]}}]}}]),
    ("spell", "打出两名1战力的“随从”到你的基地。然后进行一次：让它们本回合内战力+1。",
     [{"create": {"token": "随从", "count": 2, "at": "base", "play": True}},
      {"do_this": {"effects": [{"might": {"amount": 1, "to": "created"}}]}}]),
    # the tokens become copies of the source (477.1.b.1); a card's target is still the one it chose as it was played
    ("unit", "当你打出我时，在此处打出两名1战力的“随从”。然后进行一次：它们变为我的复制体。",
     [{"trigger": "played", "effects": [{"create": {"token": "随从", "count": 2, "at": "here", "play": True}},
                                        {"do_this": {"effects": [{"become_copy": {"of": "self", "to": "created"}}]}}]}]),
    ("spell", "选择一名友方单位。将一名“映像”打出到你的基地。然后进行一次：该“映像”变为所选的单位的复制体。该“映像”本回合内战力+2。",
     [{"create": {"token": "映像", "at": "base", "play": True}},
      {"do_this": {"effects": [{"become_copy": {"of": "target", "to": "created"}}, {"might": {"amount": 2, "to": "created"}}]}}]),
    # a card played with no zone named is from its player's hand (419.1.a); “其” after it is that card, here a gear
    ("unit", "当我防守时，你可以选择打出一件法力费用不高于③的装备，无视其费用。若如此做，则进行一次：将其贴附到我身上。",
     [{"trigger": "defended", "effects": [
         {"may": [{"play": {"from": "hand", "card": {"kind": "gear", "cost": {"le": 3}}, "ignore_cost": True, "at": "any"}}]},
         {"do_this": {"effects": [{"attach": {"gear": "created"}}], "if": {"you_did": True}}}]}]),
    # “if this kills it, do this”: it dies in the cleanup after (323.5), a death attributed to this spell (428.5.c)
    ("spell", "对一名敌方单位造成2点伤害。如果该单位被此法术摧毁，则进行一次：抽两张牌。",
     [{"deal": 2}, {"next_time": {"event": "killed", "by": "self", "effects": [{"draw": 2}]}}]),
    # “其中最多两名“X””: up to two of the tokens played, the controller's pick (355.13: none is allowed)
    ("spell", "你每控制一名强力单位，便打出一名3战力的“机器人”。然后进行一次：让其中最多两名“机器人”本回合内战力+2。",
     [{"repeat": {"times": {"count": {"who": "friendly", "mighty": True}}, "effects": [{"create": {"token": "机器人", "play": True}}]}},
      {"do_this": {"effects": [{"might": {"amount": 2, "to": {"created": {"up_to": 2}}}}]}}]),
    ("spell", "你可以选择弃置一张手牌。若如此做，则进行一次：抽两张牌。",
     [{"may": [{"discard": 1}]}, {"do_this": {"effects": [{"draw": 2}], "if": {"you_did": True}}}]),
    # a target named after “进行一次” is the reflexive trigger's own, chosen as it is finalized (355.5.b), not the card's
    ("spell", "打出一名3战力的“机器人”。然后进行一次：让一名友方单位本回合内战力+1。",
     [{"create": {"token": "机器人", "play": True}}, {"do_this": {"target": {"who": "friendly"}, "effects": [{"might": 1}]}}]),
    ("spell", "抽一张牌。然后进行一次：对一名敌方单位造成2点伤害。",
     [{"draw": 1}, {"do_this": {"target": {"who": "enemy"}, "effects": [{"deal": 2}]}}]),
]

# “如果C，则进行一次：” (387.2: the condition first); “你展示了X”: the card the look took fits X (``took``)
REVEALED_REFLEXIVE = ("查看你主牌堆顶部的两张牌。你可以选择从中展示一名法力费用不高于③的单位，并抽取该卡牌。回收其余的卡牌。"
                      "如果你展示了一名“猫科”或“犬形”属性单位，则进行一次：让一名友方单位本回合内战力+1。")


def test_a_reflexive_trigger_on_the_card_the_look_took():
    result = _compiled(REVEALED_REFLEXIVE, "spell")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [
        {"look": {"amount": 2, "take": {"card": {"kind": "unit", "cost": {"le": 3}}, "to": "hand", "may": True}, "rest": "recycle"}},
        {"do_this": {"target": {"who": "friendly"}, "effects": [{"might": 1}],
                     "if": {"took": {"kind": "unit", "tag": ["猫科", "犬形"]}}}}]
    assert _compiled(result.understood, "spell").tree == result.tree, result.understood
    # nothing revealed before it: what “你展示了” reads is not there
    assert _compiled("抽一张牌。如果你展示了一名“猫科”属性单位，则进行一次：抽一张牌。", "spell").status == "not_understood"


REVEALED = """\
title: t
cards:
  试验牌: {CARD}
  狸猫: {type: unit, might: 1, tags: [猫科]}
  石像: {type: unit, might: 1}
  哨兵: {type: unit, might: 3}
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: DECK, hand: [试验牌], runes: 3, base: [{id: 友, card: 哨兵}]}
    B: {deck: 6}
script:
  - play: 试验牌
  - pass: A
  - pass: B
expect:
  - unit: 友
    might: MIGHT
  - chain: 0
"""


@pytest.mark.parametrize(("deck", "might"), [
    ("[狸猫, 石像, 石像]", 4),  # the Cat is the unit taken (the first that fits, a default): the reflexive trigger
    ("[石像, 狸猫, 石像]", 3),  # another unit taken: no reflexive trigger (387.2)
])
def test_the_reflexive_trigger_goes_on_only_when_the_card_taken_fits(deck, might):
    tree = _compiled(REVEALED_REFLEXIVE, "spell").tree
    _passes(REVEALED.replace("{CARD}", _flow(tree)).replace("DECK", deck).replace("MIGHT", str(might)))


def _compiled(text: str, card_type: str):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 3}, "试验牌"))


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


HOLDER = """\
title: t
cards:
  试验牌: {CARD}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: A
      units: [{id: 守, card: 试验牌}]
    - name: 南方
  players:
    A: {deck: 6}
    B: {deck: 6, base: [{id: 敌, card: 哨兵}]}
script:
SCRIPT
expect:
EXPECT
"""


def test_a_hold_waits_for_the_next_main_phase_and_moves_an_enemy_unit_to_the_battlefield_held():
    tree = _compiled(CARDS[0][1], "unit").tree
    source = HOLDER.replace("{CARD}", _flow(tree))
    # B's turn, then A's: A holds 北方 in the Beginning Phase; the delayed trigger waits on the chain as A's Main Phase
    # starts, and only as it resolves does 敌 come to 北方
    script = "  - end_turn:\n  - end_turn:\n    expect:\n      - unit: 敌\n        location: base\n      - chain: 1\n  - pass:\n"
    _passes(source.replace("SCRIPT", script).replace("EXPECT", "  - unit: 敌\n    location: 北方"))


PHASES = """\
title: t
cards:
  试验牌: {CARD}
  过客: {type: unit, might: 1, keywords: {瞬息: null}}
state:
  turn: {player: B, phase: main}
  players:
    A: {deck: 6, base: [{id: 过, card: 过客}, {id: 过2, card: 过客}], gear: [试验牌]}
    B: {deck: 6}
script:
SCRIPT
expect:
EXPECT
"""


def test_a_death_in_your_beginning_phase_triggers_once_and_one_in_another_phase_does_not():
    tree = _compiled(CARDS[5][1], "gear").tree
    source = PHASES.replace("{CARD}", _flow(tree))
    # both Temporary units die as A's Beginning Phase starts (816.1.b): the ability triggers for the first only
    _passes(source.replace("SCRIPT", "  - end_turn:\n").replace("EXPECT", "  - player: A\n    hand: 2"))
    # killed in B's Main Phase: not A's Beginning Phase, no trigger
    kill = "  - {effect: [{kill: null}], targets: 过, controller: B}\n"
    _passes(source.replace("SCRIPT", kill).replace("EXPECT", "  - player: A\n    hand: 0\n    trash: 1"))


@pytest.mark.parametrize(("card_type", "text", "effects"), REFLEXIVE, ids=[text for _, text, _ in REFLEXIVE])
def test_do_this_is_a_reflexive_trigger_of_what_follows_it(card_type, text, effects):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities" if card_type == "unit" else "effects"] == effects
    assert _compiled(result.understood, card_type).tree == result.tree, result.understood


# the English “do this:” (387.1) reads to the same trees as the Chinese “进行一次：” (REFLEXIVE, by index)
ENGLISH_REFLEXIVE = [
    # “it”/“them” after tokens played, nothing chosen: those tokens (created), as zh's “其”/“它们”
    ("Play a 3 Might Mech unit token. Then do this: You may pay ① to ready it.", 0),
    ("Play two 1 Might Recruit unit tokens to your base. Then do this: Give them +1 Might this turn.", 1),
    ("You may discard 1. If you do, then do this: Draw 2.", -3),
    ("Play a 3 Might Mech unit token. Then do this: Give a friendly unit +1 Might this turn.", -2),
    ("Draw 1. Then do this: Deal 2 to an enemy unit.", -1),
]


@pytest.mark.parametrize(("text", "number"), ENGLISH_REFLEXIVE, ids=[text for text, _ in ENGLISH_REFLEXIVE])
def test_the_english_do_this_is_the_same_reflexive_trigger(text, number):
    english = compile_card(CardSource("T-300", "en", text, {"type": "spell", "cost": 2, "might": 3}, "试验牌"))
    assert english.status == "compiled", english.problems
    assert english.tree == _compiled(REFLEXIVE[number][1], "spell").tree
    assert _compiled(english.understood, "spell").tree == english.tree, english.understood


def test_an_english_pronoun_after_a_token_is_not_read_when_a_unit_was_chosen_too():
    text = "Choose a friendly unit. Play a 3 Might Mech unit token. Ready it."
    assert compile_card(CardSource("T-300", "en", text, {"type": "spell", "cost": 2}, "试验牌")).status != "compiled"


def test_an_english_reflexive_target_beside_a_target_chosen_before_it_is_not_read():
    text = "Deal 2 to an enemy unit. Then do this: Deal 2 to a unit."
    assert compile_card(CardSource("T-300", "en", text, {"type": "spell", "cost": 2}, "试验牌")).status != "compiled"


def test_a_reflexive_target_beside_a_target_chosen_before_it_is_not_read():
    # which of the two “these units” would name is a guess; and the two are chosen at different times (355.5.b)
    assert _compiled("对一名敌方单位造成2点伤害。然后进行一次：对一名单位造成2点伤害。", "spell").status == "not_understood"


# A spell of the reflexive family played by A, with a 3 Might Mech token of its own; each board adds after the pass.
_REFLEX_PLAYED = """\
title: t
cards:
  试验牌: {CARD}
  机器人: {type: token, might: 3}
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 6, hand: [试验牌], runes: 3}
    B: {deck: 6}
script:
  - play: 试验牌
  - pass: A
  - pass: B
"""
OWN_TARGET = _REFLEX_PLAYED + "expect:\nEXPECT\n"


@pytest.mark.parametrize(("number", "expect"), [
    # A controls no unit as the spell is played: the friendly unit is chosen once the token is there (355.5.b)
    (-2, "  - unit: 机器人\n    might: 4\n  - chain: 0\n  - cites: [355.5.b]"),
    # no enemy unit as the reflexive trigger is finalized: it leaves the chain (355.8), the draw stays
    (-1, "  - player: A\n    hand: 1\n  - chain: 0\n  - cites: [355.5.b, 355.8]"),
])
def test_a_reflexive_trigger_chooses_its_own_target_after_its_maker_resolved(number, expect):
    tree = _compiled(REFLEXIVE[number][1], "spell").tree
    _passes(OWN_TARGET.replace("{CARD}", _flow(tree)).replace("EXPECT", expect))


def test_a_pronoun_after_a_token_is_not_read_when_a_unit_was_chosen_too():
    assert _compiled("选择一名友方单位。打出一名3战力的“机器人”。让其变为活跃状态。", "spell").status == "not_understood"


REFLEX_BOARD = _REFLEX_PLAYED + """\
    expect:
      - chain: 1
      - unit: 机器人
        exhausted: true
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("pay", "exhausted"), [("false", "true"), ("true", "false")])
def test_the_reflexive_trigger_waits_on_the_chain_and_readies_the_token_its_maker_played(pay, exhausted):
    # the spell resolved: the token is there, exhausted, and the reflexive trigger waits on the chain (388.1)
    tree = _compiled(REFLEXIVE[0][1], "spell").tree
    source = REFLEX_BOARD.replace("{CARD}", _flow(tree)).replace("SCRIPT", f"  - pass: A\n  - pass: B\n    answer: {{pay: {pay}}}")
    _passes(source.replace("EXPECT", f"  - unit: 机器人\n    exhausted: {exhausted}\n  - chain: 0"))


COPIES = """\
title: t
cards:
  试验牌: {CARD}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 北方, controller: A, units: [{id: 友, card: 试验牌}]}
  players:
    A: {deck: 6, runes: 3, hand: [试验牌]}
    B: {deck: 6}
script:
  - play: 试验牌
    to: 北方
expect:
EXPECT
"""


def test_the_tokens_played_here_become_copies_of_their_maker():
    tree = _compiled(REFLEXIVE[2][1], "unit").tree
    source = COPIES.replace("{CARD}", _flow(tree))
    # the unit (Might 3) resolves at once and its play trigger, then the reflexive one, resolve with the defaults
    tokens = "  - unit: 随从\n    might: 3\n    location: 北方\n  - unit: 随从#2\n    might: 3\n  - cites: [388.1, 477.1.b.1]"
    _passes(source.replace("EXPECT", tokens))


LEAVING = """\
title: t
cards:
  试验牌: {CARD}
  回手术: {type: spell, cost: 0, target: {kind: gear}, effects: [{return_to_hand: null}]}
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 6, runes: 2, rune_deck: 3, gear: [试验牌]}
    B: {deck: 6, hand: [回手术]}
script:
SCRIPT
expect:
  - player: A
    runes: 3
"""


@pytest.mark.parametrize(("turn", "script"), [
    ("A", "  - activate: 试验牌\n    ability: ability2\n  - pass:\n"),  # killed by its own ability
    ("B", "  - play: 回手术\n    player: B\n    targets: 试验牌\n  - pass:\n"),  # returned to its owner's hand
])
def test_a_gear_leaving_the_board_triggers_its_own_ability(turn, script):
    tree = _compiled(CARDS[2][1], "gear").tree
    source = LEAVING.replace("{CARD}", _flow(tree)).replace("SCRIPT", script)
    _passes(source.replace("turn: {player: A", f"turn: {{player: {turn}"))


IN_COMBAT = """\
title: t
cards:
  试验牌: {CARD}
  哨兵: {type: unit, might: 5}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 北方, controller: B, units: [{id: 敌, card: 哨兵, controller: B}]}
  players:
    A: {deck: 6, base: [{id: 德, card: 试验牌}]}
    B: {deck: 6}
script:
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("script", "points"), [
    ("  - move: 德\n    to: 北方\n  - pass:\n", 2),  # dies in the combat it starts: B scores
    ("  - {effect: [{kill: null}], targets: 德, controller: B}\n", 0),  # killed outside combat: no trigger
])
def test_dying_in_combat_lets_the_chosen_opponent_score_and_dying_elsewhere_does_not(script, points):
    tree = _compiled(CARDS[3][1], "unit").tree
    source = IN_COMBAT.replace("{CARD}", _flow(tree)).replace("SCRIPT", script)
    _passes(source.replace("EXPECT", f"  - player: B\n    points: {points}\n  - player: A\n    trash: 1"))


ARMED = """\
title: t
cards:
  试验牌: {CARD}
  短剑: {type: gear, cost: 2, tags: [武装]}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: B, phase: main}
  battlefields:
    - {name: 北方, controller: A, units: [{id: 守, card: 试验牌}]}
  players:
    A: {deck: 6, hand: [短剑]}
    B: {deck: 6, base: [{id: 敌, card: 哨兵}]}
script:
  - move: 敌
    to: 北方
  - pass:
expect:
  - gear: 短剑
    attached_to: 守
"""


def test_the_gear_played_from_hand_is_attached_to_its_player_by_the_reflexive_trigger():
    tree = _compiled(REFLEXIVE[4][1], "unit").tree
    _passes(ARMED.replace("{CARD}", _flow(tree)))


KILLS_IT = """\
title: t
cards:
  试验牌: {CARD}
  哨兵: {type: unit, might: MIGHT}
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 6, hand: [试验牌], runes: 3}
    B: {deck: 6, base: [{id: 敌, card: 哨兵}]}
script:
  - play: 试验牌
    targets: 敌
  - pass:
SCRIPT
expect:
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("might", "script", "hand"), [
    (2, "", 2),  # lethal: it dies in the cleanup, by this spell, and A draws
    (3, "", 0),  # it survives: nothing
    (3, "  - {effect: [{kill: null}], targets: 敌, controller: B}\n", 0),  # it dies later, by something else: nothing
])
def test_if_this_kills_it_waits_for_the_death_this_spell_is_attributed(might, script, hand):
    tree = _compiled(REFLEXIVE[5][1], "spell").tree
    source = KILLS_IT.replace("{CARD}", _flow(tree)).replace("MIGHT", str(might)).replace("SCRIPT\n", script)
    _passes(source.replace("HAND", str(hand)))


THREE = """\
title: t
cards:
  试验牌: {CARD}
  机器人: {type: token, might: 3}
  巨人: {type: unit, might: 5}
defaults: DEFAULTS
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 6, hand: [试验牌], runes: 3, base: [{id: 甲, card: 巨人}, {id: 乙, card: 巨人}, {id: 丙, card: 巨人}]}
    B: {deck: 6}
script:
  - play: 试验牌
  - pass: A
  - pass: B
SCRIPT
expect:
  - unit: 机器人
    might: FIRST
  - unit: 机器人#2
    might: 5
  - unit: 机器人#3
    might: THIRD
"""


@pytest.mark.parametrize(("defaults", "script", "first", "third"), [
    ("true", "  - pass: A\n  - pass: B\n", 5, 3),  # the first two, a default
    ("false", "  - pass: A\n  - pass: B\n  - choose: [机器人#2, 机器人#3]\n", 3, 5),  # the controller's pick
])
def test_up_to_two_of_the_tokens_played_are_picked_as_the_reflexive_trigger_resolves(defaults, script, first, third):
    tree = _compiled(REFLEXIVE[6][1], "spell").tree
    source = THREE.replace("{CARD}", _flow(tree)).replace("DEFAULTS", defaults).replace("SCRIPT\n", script)
    _passes(source.replace("FIRST", str(first)).replace("THIRD", str(third)))
