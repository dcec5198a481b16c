"""Moves, attaching and zones of arrival (issue 16, family cc-move), on synthetic card text (our own sentences, no
catalog text): each wording's tree, checked by hand against the rules, the gate and the round trip, and the engine
running the new trees in a scenario."""

from __future__ import annotations

import pytest
from conftest import flow, play_scenario
from test_cardtext_triggers import _compiled, compiles_with

YOU_DEFEND = {"event": "player_defended", "subject": "any", "player": "you"}  # 383.4.f: once a combat, anywhere
TO_THE_EVENTS_BATTLEFIELD = {"move": {"to": {"location_of": "event_subject"}}}  # locked in as it triggers (359.3.f.3)

CASES = [
    # “when you defend at a battlefield”: the player's event, its object the battlefield; “there” is that battlefield
    ("zh", "unit", "当你防守一处战场时，抽一张牌。", {"abilities": [{"trigger": YOU_DEFEND, "effects": [{"draw": 1}]}]}),
    ("zh", "unit", "当你防守一处战场时，你可以选择将我移动到该战场。",
     {"abilities": [{"trigger": YOU_DEFEND, "effects": [{"may": [TO_THE_EVENTS_BATTLEFIELD]}]}]}),
    ("zh", "unit", "当你征服一处战场时，可以选择将我移动到该处。",
     {"abilities": [{"trigger": {"event": "conquered", "subject": "any", "player": "you"},
                     "effects": [{"may": [TO_THE_EVENTS_BATTLEFIELD]}]}]}),
    ("en", "unit", "When you defend at a battlefield, you may move me there.",
     {"abilities": [{"trigger": YOU_DEFEND, "effects": [{"may": [TO_THE_EVENTS_BATTLEFIELD]}]}]}),
]


@pytest.mark.parametrize(("language", "card_type", "text", "tree"), CASES, ids=[text for _, _, text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, card_type, text, tree):
    compiles_with(card_type, text, tree, language)


@pytest.mark.parametrize("text", [
    "当我进攻时，将我移动到该处。",  # no battlefield the event is about: which one
    "当你防守此处时，将一名友方单位移动到该处。",  # a battlefield's own “here” trigger: not this reading
    "当你防守一处战场时，将我移动到此处。",  # me to where I am: no move (446.1), not the reading meant
])
def test_a_battlefield_the_trigger_does_not_name_is_not_read(text):
    assert _compiled(text, "unit").status != "compiled"


DEFENDER = "当你防守一处战场时，你可以选择将我移动到该战场。"


def _defend(answer: str):
    """A attacks B's battlefield 哨站; B's 试验牌 waits in B's base (北 is the other battlefield)."""
    card = _compiled(DEFENDER, "unit").tree
    cards = (f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 2}}\n"
             "  巨人: {type: unit, cost: 5, might: 9}\n")
    state = """state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 巨, card: 巨人}]}
    B: {base: [{id: 犬, card: 试验牌}]}
  battlefields:
    - {name: 哨站, controller: B, units: [{id: 卫, card: 兵, controller: B}]}
    - {name: 北}
"""
    return play_scenario(cards, state, script=f"- move: 巨\n  to: 哨站\n- pass:\n  answer: {{may: {answer}}}\n")


def test_the_unit_goes_to_the_battlefield_defended_and_defends_there():
    trace, _ = _defend("true")
    text = "\n".join(event.text for step in trace.steps for event in step.events)
    assert "犬：B 的基地 → 哨站" in text and "犬 的战斗标记改为：防守方" in text  # it joined the defenders
    assert "359.3.f.3" in trace.cited() and "383.4.f" in trace.cited()


def test_declined_it_stays_in_its_base():
    _, final = _defend("false")
    assert final.units["犬"].location == "base:B"


# A unit named by its card's name (a token's, 185.1): the FILTER key `name`, in a target spec and in `each`.
NAMED = [
    ("zh", "unit", "当我进攻时，眩晕一名受你控制的“影分身”。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "friendly", "name": "影分身"}, "effects": [{"stun": None}]}]}),
    ("zh", "unit", "当我进攻时，让所有友方“黄沙士兵”在本回合内战力+1。",
     {"abilities": [{"trigger": "attacked", "effects": [{"might": {"to": {"each": {"who": "friendly", "name": "黄沙士兵"}},
                                                                    "amount": 1}}]}]}),
    ("en", "unit", "When I attack, stun a Shadow Clone you control.",
     {"abilities": [{"trigger": "attacked", "target": {"who": "friendly", "name": "影分身"}, "effects": [{"stun": None}]}]}),
    # the source and the one unit chosen swap places (449; two effect moves), as the Chinese 将我移动到它的位置…
    ("en", "unit", "①: Move me and a Shadow Clone you control to each other's locations.",
     {"abilities": [{"cost": {"energy": 1}, "target": {"who": "friendly", "name": "影分身"}, "effects": [{"swap_places": None}]}]}),
    ("en", "unit", "①: Choose another friendly unit. Move me to its location and it to my original location.",
     {"abilities": [{"cost": {"energy": 1}, "target": {"who": "friendly", "other": True}, "effects": [{"swap_places": None}]}]}),
]


@pytest.mark.parametrize(("language", "card_type", "text", "tree"), NAMED, ids=[text for _, _, text, _ in NAMED])
def test_a_unit_named_by_its_card_name(language, card_type, text, tree):
    test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, card_type, text, tree)


@pytest.mark.parametrize("text", [
    "当我进攻时，眩晕一名受你控制的“机械”。",  # not a token's name (a tag is “机械”属性)
    "当我进攻时，眩晕一名受你控制的“金币”。",  # a gear token's name is no unit
])
def test_a_name_that_is_no_unit_token_is_not_read(text):
    assert _compiled(text, "unit").status != "compiled"


def _swap_with(named: str):
    card = _compiled(NAMED[3][2], "unit", "en").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 1}}\n"
    state = """state:
  turn: {player: A, phase: main}
  players:
    A: {energy: 2, base: [{id: 我, card: 试验牌}, {id: 兵一, card: 兵}]}
    B: {}
  battlefields:
    - {name: 北, controller: A, units: [{id: 影, card: 影分身, controller: A}]}
"""
    return play_scenario(cards, state, script=f"- activate: 我\n  ability: ability1\n  targets: [{named}]\n- pass:\n", verdicts_pass=False)


def test_the_unit_of_that_name_swaps_places_with_me():
    _, final = _swap_with("影")
    assert (final.units["我"].location, final.units["影"].location) == ("北", "base:A")


def test_a_unit_of_another_name_is_no_legal_choice():
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="兵一 不是 我 的ability1能力 的有效目标"):
        _swap_with("兵一")


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "打出一名2战力的“黄沙士兵”。让两名“黄沙士兵”变为活跃状态。"),
    ("en", "Play a 2 Might Sand Soldier unit token. Ready two Sand Soldiers."),
])
def test_a_name_after_tokens_of_that_name_were_played_is_not_guessed(language, text):
    assert _compiled(text, "spell", language).status != "compiled"  # the tokens just played, or other ones


# A deck-building permission (over 103.2.b's three copies): nothing in a game, as Unique (825).
@pytest.mark.parametrize(("language", "text"), [
    ("zh", "你的卡组可以包含任意数量的与我同名的卡牌。"),
    ("en", "Your deck can have any number of cards named 试验牌."),
    ("en", "Your deck can have any number of cards with my name."),
])
def test_any_number_of_copies_in_the_deck(language, text):
    test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, "unit", text,
                                                                 {"passives": {"deck_any_number": True}})


def test_any_number_of_copies_of_another_card_is_not_read():
    assert _compiled("Your deck can have any number of cards named Other Card.", "unit", "en").status != "compiled"


# Empower with either cost (“Pay either cost”): two Empower abilities, each only while not Empowered (827.3, 827.1.c.1).
EITHER = {"empower": {"cost": {"energy": 1}, "or": {"runes": ["摧破"]}}}


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "强化—①或橙色符能"),
    ("en", "Empower — ① or Body rune (Pay either cost: Empower me. Use only if not Empowered.)"),
])
def test_empower_with_either_cost(language, text):
    test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, "unit", text, EITHER)


def _empower(script: str, runes: str = "[摧破]"):
    card = _compiled("强化—①或橙色符能\n已强化▸我获得战力+1。", "unit", "zh").tree
    cards = f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n"
    state = f"""state:
  turn: {{player: A, phase: main}}
  players:
    A: {{energy: 0, runes: {runes}, base: [{{id: 我, card: 试验牌}}]}}
    B: {{}}
"""
    return play_scenario(cards, state, script=script, verdicts_pass=False)


def test_the_rune_alone_pays_the_other_empower_ability():
    _, final = _empower("- activate: 我\n  ability: 强化2\n- pass:\n")
    assert final.units["我"].empowered == 1


def test_a_rune_of_another_domain_pays_the_energy_one_only_and_neither_once_empowered():
    from judgekit.errors import ScenarioStopped

    _, final = _empower("- activate: 我\n  ability: 强化\n- pass:\n", runes="[炽烈]")  # the rune exhausted for ①
    assert final.units["我"].empowered == 1
    with pytest.raises(ScenarioStopped, match="无法支付 我 的强化2能力 的费用"):  # no Body Power for the other one
        _empower("- activate: 我\n  ability: 强化2\n", runes="[炽烈]")
    with pytest.raises(ScenarioStopped, match="只能在未强化时启动"):
        _empower("- activate: 我\n  ability: 强化2\n- pass:\n- activate: 我\n  ability: 强化\n", runes="[摧破, 摧破]")


# A unit and a gear of its controller chosen (355.5: the gear's part reads the unit chosen before it), then the gear
# attached to it (434; from another unit, detached first, 434.1.f) or detached from it (435): a spell's modes (355.3).
ATTACH_OR_DETACH = [{"one_of": [[{"attach": {"gear": {"target": 2}, "to": {"target": 1}}}],
                                [{"detach": {"to": {"target": 2}, "from": {"target": 1}}}]]}]
PAIR = [{}, {"kind": "gear", "tag": "武装", "same_controller": {"target": 1}}]


@pytest.mark.parametrize(("language", "text", "unit"), [
    ("zh", "选择一名敌方单位和其控制者的一件武装。为该单位贴附或卸除该武装。", {"who": "enemy"}),
    ("zh", "选择一名友方单位和其控制者的一件武装。为其贴附或卸除该装备。", {"who": "friendly"}),
    ("en", ("Choose a friendly unit and an Equipment with the same controller. Attach the Equipment to the unit or "
            "detach it from the unit."), {"who": "friendly"}),
])
def test_a_unit_and_its_controllers_equipment_attached_or_detached(language, text, unit):
    test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, "spell", text,
                                                                 {"target": [unit, PAIR[1]], "effects": ATTACH_OR_DETACH})


@pytest.mark.parametrize("text", [
    "为该单位贴附或卸除该武装。",  # nothing chosen
    "选择一名单位和一名友方单位。为该单位贴附或卸除该武装。",  # no gear chosen
    "选择其控制者的一件武装。",  # whose controller: nothing chosen before
])
def test_an_attachment_without_its_unit_and_gear_chosen_is_not_read(text):
    assert _compiled(text, "spell").status != "compiled"


def _attach_or_detach(mode: int, named: str, a_base: str, b_base: str = ""):
    card = _compiled("选择一名友方单位和其控制者的一件武装。为该单位贴附或卸除该武装。", "spell").tree
    cards = (f"cards:\n  试验法术: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 1}}\n"
             "  剑: {type: gear, cost: 1, tags: [武装], might_bonus: 2}\n")
    state = f"""state:
  turn: {{player: A, phase: main}}
  players:
    A: {{hand: [试验法术], {a_base}}}
    B: {{{b_base}}}
"""
    return play_scenario(cards, state, script=f"- play: 试验法术\n  modes: [{mode}]\n  targets: [{named}]\n- pass:\n",
                         verdicts_pass=False)


def test_the_gear_is_attached_to_the_unit_chosen_from_another_one():
    trace, final = _attach_or_detach(1, "乙, 剑", "base: [{id: 甲, card: 兵, attached: [剑]}, {id: 乙, card: 兵}]")
    assert (final.units["甲"].attached, final.units["乙"].attached) == ([], ["剑"]) and "434.1.f" in trace.cited()


def test_the_gear_is_detached_from_the_unit_chosen_only():
    _, final = _attach_or_detach(2, "甲, 剑", "base: [{id: 甲, card: 兵, attached: [剑]}]")
    assert final.units["甲"].attached == [] and [g.card for g in final.gear.values()] == ["剑"]
    _, final = _attach_or_detach(2, "乙, 剑", "base: [{id: 甲, card: 兵, attached: [剑]}, {id: 乙, card: 兵}]")
    assert final.units["甲"].attached == ["剑"]  # attached to another unit: “from that unit” does nothing


def test_a_gear_of_another_controller_is_no_legal_choice():
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="有效目标"):
        _attach_or_detach(1, "甲, 剑", "base: [{id: 甲, card: 兵}]", "gear: [剑]")


# One of the chosen unit's Equipment attached to me, picked as it resolves (“其中一件武装”), and an activated ability
# usable once a turn (checked as it is activated).
ONE_OF_ITS = {"when": {"if": {"target_is": {"equipped": True}}, "effects": [
    {"may": [{"attach": {"gear": "attached", "of": "target", "to": "self"}}]}]}}


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "支付①：选择一名友方单位。如果它已配有武装，则你可以选择将其中一件武装贴附到我身上。每回合只能使用一次。"),
    ("en", ("①: Choose another friendly unit. If that unit is equipped, you may attach one of its Equipment to me. "
            "Use only once each turn.")),
])
def test_one_of_its_equipment_to_me_once_a_turn(language, text):
    tree = _compiled(text, "unit", language).tree["abilities"][0]
    assert tree["limit"] == "turn" and tree["effects"] == [ONE_OF_ITS]
    assert _compiled(_compiled(text, "unit", language).understood, "unit").tree == _compiled(text, "unit", language).tree


def _one_of_its(script: str):
    card = _compiled("支付①：选择一名友方单位。如果它已配有武装，则你可以选择将其中一件武装贴附到我身上。每回合只能使用一次。",
                     "unit").tree
    cards = (f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 1}}\n"
             "  剑: {type: gear, cost: 1, tags: [武装], might_bonus: 2}\n  盾: {type: gear, cost: 1, tags: [武装], might_bonus: 1}\n")
    state = """state:
  turn: {player: A, phase: main}
  players:
    A: {energy: 3, base: [{id: 我, card: 试验牌}], }
    B: {}
  battlefields:
    - {name: 北, controller: A, units: [{id: 邻, card: 兵, controller: A, attached: [剑, 盾]}]}
"""
    return play_scenario(cards, state, script=script, verdicts_pass=False)


def test_the_first_equipment_by_default_and_the_other_stays():
    trace, final = _one_of_its("- activate: 我\n  ability: ability1\n  targets: [邻]\n- pass:\n")
    assert (final.units["我"].attached, final.units["邻"].attached) == (["剑"], ["盾"]) and "434.1.f" in trace.cited()


def test_the_ability_is_used_once_a_turn():
    from judgekit.errors import ScenarioStopped

    with pytest.raises(ScenarioStopped, match="每回合"):
        _one_of_its("- activate: 我\n  ability: ability1\n  targets: [邻]\n- pass:\n"
                    "- activate: 我\n  ability: ability1\n  targets: [邻]\n")


# Your Equipment everywhere have Quick-Draw (819): in a hand it has Reaction as it is played (819.1.b), and once played
# it attaches to a unit you control (819.1.d).
@pytest.mark.parametrize(("language", "text"), [
    ("zh", "你各处的武装都获得灵便。"),
    ("en", "Your Equipment everywhere have Quick-Draw."),
])
def test_equipment_everywhere_has_quick_draw(language, text):
    test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(language, "unit", text,
                                                                 {"abilities": [{"static": {"equipment_has": "灵便"}}]})


def _quick_draw(giver: bool, tags: str = "[武装]"):
    card = _compiled("你各处的武装都获得灵便。", "unit").tree
    cards = (f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 1}}\n"
             f"  剑: {{type: gear, cost: 0, tags: {tags}, might_bonus: 2}}\n  抽: {{type: spell, cost: 0, effects: [{{draw: 1}}]}}\n")
    state = f"""state:
  turn: {{player: A, phase: main}}
  players:
    A: {{hand: [抽, 剑], deck: 2, base: [{{id: 贾, card: {'试验牌' if giver else '兵'}}}]}}
    B: {{}}
"""
    return play_scenario(cards, state, script="- play: 抽\n- play: 剑\n- pass:\n", verdicts_pass=False)


def test_an_equipment_in_hand_is_played_as_a_reaction_and_attaches():
    trace, final = _quick_draw(True)
    assert final.units["贾"].attached == ["剑"] and {"819.1.b", "819.1.d"} <= set(trace.cited())


def test_without_the_static_or_for_a_gear_that_is_no_equipment_it_has_no_reaction():
    from judgekit.errors import ScenarioStopped

    for giver, tags in ((False, "[武装]"), (True, "[]")):
        with pytest.raises(ScenarioStopped, match="没有\\[反应\\]"):
            _quick_draw(giver, tags)
