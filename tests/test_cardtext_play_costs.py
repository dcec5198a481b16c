"""Playing cards from zones and paying costs, and what the count after a move reads: invented wordings in both
languages, each tree, its Chinese rendering read back to the same tree, and a scenario step where the engine runs it."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import zh
from judgekit.cardtext.en import compile_english, render
from judgekit.engine.layers import keywords, might
from judgekit.errors import ScenarioError


def _tree(text: str, card_type: str = "spell") -> tuple[dict, str]:
    facts = {"type": card_type, "cost": 0, **({"might": 2} if card_type == "unit" else {})}
    tree, problems = compile_english(text, facts)
    assert not problems, problems
    shown = render({**facts, **tree})
    again, problems = zh.compile_clauses(zh.split(shown), {**facts, "name": "示例"})
    assert not problems and {**facts, **again} == {**facts, **tree}, (shown, problems)
    return tree, shown


def _zh(text: str, card_type: str = "spell") -> dict:
    tree, problems = zh.compile_clauses(zh.split(text), {"type": card_type, "cost": 0, "name": "示例"})
    assert not problems, problems
    return tree


def test_a_count_of_your_units_there_after_a_move_reads_the_moved_units_battlefield():
    """“there” after a chosen unit is moved: where that unit is as the instruction executes; “they each” are the units
    of yours the count counted (filters ``where: there``)."""
    tree, shown = _tree("Move an enemy unit to a battlefield where you have units. Then if you have exactly three units "
                        "there, they each get +2 Might this turn.")
    counted = {"controls": {"where": "there"}, "at_least": 3, "at_most": 3}
    assert tree["target"] == {"who": "enemy"}
    assert tree["effects"] == [{"move": {"to": {"chosen": {"battlefield": True, "units_of": "you"}}}},
                               {"might": {"amount": 2, "to": {"each": {"who": "friendly", "where": "there"}},
                                          "if": counted}}]
    assert "你在其所在位置有恰好三名单位" in shown
    assert _zh("让一名敌方单位在本回合内战力-1。如果你在该处有不少于两名单位，则抽一张牌。")["effects"][1] == {
        "draw": {"amount": 1, "if": {"controls": {"where": "there"}, "at_least": 2}}}
    assert _tree("Stun an enemy unit. If you have 2 or more units there, draw 1.")[0]["effects"][1] == {
        "draw": {"amount": 1, "if": {"controls": {"where": "there"}, "at_least": 2}}}
    cards = f"cards:\n  示例·影袭: {flow({'type': 'spell', 'cost': 0, **tree})}\n  示例·兵: {{type: unit, might: 2}}\n"
    for mine, bonus in ((3, 2), (2, 0), (4, 0)):
        units = ", ".join(f"{{id: 兵{i}, card: 示例·兵}}" for i in range(mine))
        state = board("hand: [示例·影袭]", "base: [{id: 敌, card: 示例·兵}]",
                      f"name: 北方战场, controller: A, units: [{units}]")
        _, final = play_scenario(cards, state, script="- {play: 示例·影袭, targets: 敌, to: 北方战场}\n- pass:\n")
        assert final.units["敌"].location == "北方战场" and might(final, final.units["敌"]) == 2
        assert [might(final, final.units[f"兵{i}"]) for i in range(mine)] == [2 + bonus] * mine, mine


def test_legion_may_let_a_unit_be_played_from_its_owners_trash_for_a_cost_of_its_own():
    """“鼓舞▸你可以选择支付X，将我从废牌堆中打出” / “Legion — You may play me from your trash for X”: the card's own
    permission in the trash (366.1), X replacing its base cost (356.1.a), only while Legion holds (812.1.c)."""
    facts = {"type": "unit", "cost": 5, "might": 3, "domains": ["炽烈"]}
    tree, problems = zh.compile_clauses(zh.split("鼓舞—你可以选择支付②和红色符能，以此从你的废牌堆中将我打出。"),
                                        {**facts, "name": "示例"})
    assert not problems, problems
    assert tree == {"keywords": {"鼓舞": None}, "from_trash": {"cost": {"energy": 2, "runes": ["炽烈"]},
                                                             "while": {"legion": True}}}
    assert zh.render({**facts, **tree}) == "鼓舞▸你可以选择支付②和红色符能，以此从废牌堆中将我打出。"
    english, problems = compile_english("Legion — You may play me from your trash for ②Fury rune.", facts)
    assert not problems and english == tree
    assert compile_english("Legion — You may play me from your trash for ②.", facts)[0]["from_trash"]["cost"] == {"energy": 2}
    cards = (f"cards:\n  示例·亡军: {flow({**facts, **tree})}\n"
             "  示例·火花: {type: spell, cost: 0, effects: [{draw: 1}]}\n")
    state = board("hand: [示例·火花], trash: [示例·亡军], deck: 3, runes: [炽烈, 炽烈, 炽烈, 炽烈]")
    trace, final = play_scenario(cards, state, script="- play: 示例·火花\n- pass:\n- {play: 示例·亡军, from_trash: true}\n")
    assert [unit.card for unit in final.units.values()] == ["示例·亡军"]
    assert [card.name for card in final.players["A"].trash] == ["示例·火花"]
    assert len(final.players["A"].runes) == 3 and "356.1.a" in trace.cited() and "366.1" in trace.cited()
    # no other card played this turn: Legion does not hold, the permission is not there
    play_scenario(cards, state, script="- play: 示例·亡军\n  from_trash: true\n  expect_illegal: 366.1\n")
    plain = flow({**facts, "keywords": {"鼓舞": None}})
    play_scenario(f"cards:\n  示例·亡军: {plain}\n  示例·火花: {{type: spell, cost: 0}}\n", state,
                  script="- play: 示例·火花\n- pass:\n- play: 示例·亡军\n  from_trash: true\n  expect_illegal: 829.1.b\n")


def test_a_card_played_from_the_trash_may_be_bounded_by_the_costs_of_the_unit_killed_to_pay_for_the_spell():
    """“…打出一名法力和符能费用不高于被摧毁单位的单位” / “… that costs no more Energy and no more Power than the killed
    unit”: both printed costs of the unit killed for the spell's additional cost (357.2), read as it resolves."""
    text = ("你必须摧毁一名友方单位，作为打出此牌的额外费用。\n"
            "从废牌堆中打出一名法力和符能费用不高于被摧毁单位的单位到你的基地，无视其费用。")
    tree = _zh(text)
    bounded = {"kind": "unit", "cost": {"le": {"killed_for_cost": "energy"}}, "power": {"le": {"killed_for_cost": "power"}}}
    assert tree["additional_cost"] == {"kill": "friendly_unit"}
    assert tree["effects"] == [{"play": {"from": "trash", "card": bounded, "ignore_cost": True, "at": "base"}}]
    english, problems = compile_english("As an additional cost to play this, kill a friendly unit.\nPlay a unit that costs "
                                        "no more Energy and no more Power than the killed unit from your trash to your base, "
                                        "ignoring its cost.", {"type": "spell", "cost": 0})
    assert not problems and english == tree
    units = {"示例·祭品": (3, 1), "示例·小祭品": (2, 0), "示例·大": (4, 0), "示例·符": (2, 2), "示例·中": (3, 1)}
    cards = "cards:\n" + f"  示例·复生: {flow({'type': 'spell', 'cost': 0, **tree})}\n" + "".join(
        f"  {name}: {{type: unit, cost: {cost}, power: {power}, might: 1}}\n" for name, (cost, power) in units.items())
    for killed, back in (("示例·祭品", "示例·中"), ("示例·小祭品", "示例·小祭品")):
        state = board(f"hand: [示例·复生], base: [{{id: 祭, card: {killed}}}], trash: [示例·大, 示例·符, 示例·中]")
        _, final = play_scenario(cards, state, script="- {play: 示例·复生, cost_kill: 祭}\n- pass:\n")
        assert [unit.card for unit in final.units.values()] == [back], killed
    with pytest.raises(ScenarioError, match="killed_for_cost"):  # no unit killed to read: refused as it is read
        play_scenario(f"cards:\n  示例·复生: {flow({'type': 'spell', 'cost': 0, 'effects': tree['effects']})}\n",
                      board("hand: [示例·复生]"), script="- play: 示例·复生\n")


def test_an_activated_ability_usable_only_after_you_chose_a_unit_of_a_side_this_turn_and_once_a_turn():
    """“你必须在本回合内选择过一名敌方单位才能使用此技能。此技能每回合只能使用一次。” / “Use only if … and only once each
    turn.”: a use condition read as it is activated (377.2.b) on this turn's choices of your spells and abilities
    (383.4.b: the unit's side as it was chosen), and the ability's limit."""
    facts = {"type": "unit", "cost": 4, "might": 4, "domains": ["序理"]}
    tree, problems = compile_english("Order rune: Draw 1. Use only if you've chosen a friendly unit this turn and only "
                                     "once each turn.", facts)
    assert not problems, problems
    ability = {"cost": {"runes": ["序理"]}, "condition": {"chose_this_turn": "friendly"}, "limit": "turn",
               "effects": [{"draw": 1}]}
    assert tree == {"abilities": [ability]}
    shown = render({**facts, **tree})
    assert shown.endswith("你必须在本回合内选择过一名友方单位才能使用此技能。此技能每回合只能使用一次。")
    again, problems = zh.compile_clauses(zh.split(shown), {**facts, "name": "示例"})
    assert not problems and again == tree
    enemy = _zh("支付黄色符能：抽一张牌。你必须在本回合内选择过一名敌方单位才能使用此技能。", "unit")["abilities"][0]
    assert enemy["condition"] == {"chose_this_turn": "enemy"} and "limit" not in enemy
    assert compile_english("Order rune: Draw 1. Use only once each turn.", facts)[0]["abilities"][0]["limit"] == "turn"
    assert _zh("当你打出我时，如果你本回合选择过一名敌方单位，则抽一张牌。", "unit")["abilities"][0]["condition"] == {
        "chose_this_turn": "enemy"}
    cards = (f"cards:\n  示例·饿狼: {flow({**facts, **tree})}\n  示例·兵: {{type: unit, might: 2}}\n"
             "  示例·眩晕: {type: spell, cost: 0, target: {}, effects: [{stun: null}]}\n")
    state = board("hand: [示例·眩晕, 示例·眩晕], deck: 5, runes: [序理, 序理, 序理], "
                  "base: [{id: 狼, card: 示例·饿狼}, {id: 友, card: 示例·兵}]", "base: [{id: 敌, card: 示例·兵}]")
    refused = "- activate: 狼\n  ability: ability1\n  expect_illegal: 377.2.b\n"
    play_scenario(cards, state, script=refused)  # nothing chosen yet
    play_scenario(cards, state, script="- {play: 示例·眩晕, targets: 敌}\n- pass:\n" + refused)  # an enemy unit chosen
    _, final = play_scenario(cards, state, script="- {play: 示例·眩晕, targets: 友}\n- pass:\n"
                             "- {activate: 狼, ability: ability1}\n- pass:\n" + refused)  # used once this turn already
    assert len(final.players["A"].hand) == 1 + 1 and len(final.players["A"].runes) == 2


def test_up_to_n_cards_with_a_keyword_return_from_the_trash_and_hiding_ignores_its_cost_this_turn():
    """“让最多两张待命卡牌从废牌堆里返回你的手牌” / “Return up to two cards with Hidden from your trash to your hand”: any
    kind of card with the keyword (a CARD_FILTER without a kind would be a unit's); “在本回合内，你可以无视费用地正面朝下布置
    待命卡牌” / “You can hide cards ignoring costs this turn”: the hide cost (811.1.b) not paid for the rest of the turn."""
    tree = {"effects": _zh("让最多三张待命卡牌从废牌堆里返回你的手牌。")["effects"] +
            _zh("在本回合内，你可以无视费用地正面朝下布置待命卡牌。")["effects"]}
    assert tree["effects"] == [{"return_from_trash": {"card": {"kind": "any", "keyword": "待命"}, "amount": 3, "up_to": True}},
                               {"hide_free": None}]
    english, shown = _tree("Return up to three cards with Hidden from your trash to your hand.")
    assert english["effects"] == tree["effects"][:1] and shown == "让最多三张带有待命技能的牌从你的废牌堆返回手牌。"
    assert _tree("You can hide cards ignoring costs this turn.")[0]["effects"] == tree["effects"][1:]
    assert _zh("让两张单位从你的废牌堆返回手牌。")["effects"] == [{"return_from_trash": {"card": {"kind": "unit"}, "amount": 2}}]
    assert _zh("让一张带有待命技能的牌从你的废牌堆返回手牌。")["effects"] == [
        {"return_from_trash": {"card": {"kind": "any", "keyword": "待命"}}}]
    cards = (f"cards:\n  示例·游击: {flow({'type': 'spell', 'cost': 0, **tree})}\n"
             "  示例·藏刃: {type: spell, cost: 1, keywords: {待命: null}, effects: [{draw: 1}]}\n"
             "  示例·藏兵: {type: unit, cost: 1, might: 1, keywords: {待命: null}}\n  示例·兵: {type: unit, cost: 1, might: 1}\n")
    state = board("hand: [示例·游击], trash: [示例·藏刃, 示例·兵, 示例·藏兵], deck: 3",
                  battlefield="name: 北方战场, controller: A, units: [{id: 守, card: 示例·兵}]")
    trace, final = play_scenario(cards, state, script="- play: 示例·游击\n- pass:\n- {hide: 示例·藏刃, at: 北方战场}\n")
    assert [card.name for card in final.players["A"].hand] == ["示例·藏兵"]
    assert [card.name for card in final.players["A"].trash] == ["示例·兵", "示例·游击"]
    assert final.battlefields["北方战场"].facedown.name == "示例·藏刃" and "811.1.b" in trace.cited()
    plain = f"cards:\n  示例·游击: {flow({'type': 'spell', 'cost': 0, 'effects': tree['effects'][:1]})}\n" + cards.split("\n", 2)[2]
    play_scenario(plain, state, script="- play: 示例·游击\n- pass:\n- hide: 示例·藏刃\n  at: 北方战场\n  expect_illegal: 358.2\n")


def test_a_static_ability_may_have_players_channel_fewer_runes_in_their_channel_phase():
    """“… only channel 1 rune at the start of their Channel Phase”: 315.3.b's two runes become one for every player
    while it works (001: the card's text over the rule's)."""
    tree, shown = _tree("While I'm at a battlefield, each player only channels 1 rune at the start of their Channel Phase.",
                        "unit")
    assert tree == {"abilities": [{"static": {"channel_phase": 1}, "while": {"at_battlefield": True}}]}
    assert shown.endswith("如果我位于战场上，则每名玩家在其召出阶段开始时只召出一枚符文。")
    cards = f"cards:\n  示例·石兽: {flow({'type': 'unit', 'cost': 0, 'might': 8, **tree})}\n"
    for where, channelled in (("battlefield", 1), ("base", 2)):
        mine = "base: [{id: 兽, card: 示例·石兽}]" if where == "base" else ""
        there = "name: 北方战场, controller: A" + (", units: [{id: 兽, card: 示例·石兽}]" if where == "battlefield" else "")
        state = board(f"deck: 3, {mine}".rstrip(", "), "deck: 3, rune_deck: 4", there)
        trace, final = play_scenario(cards, state, script="- end_turn:\n")
        assert len(final.players["B"].runes) == channelled, where
        assert ("001" in trace.cited()) == (where == "battlefield")


def test_a_permission_this_turn_to_play_one_card_from_hand_ignoring_its_energy_cost():
    """“在本回合内，你可以选择从手牌中打出CARD，无视其法力费用” / “you may play CARD from hand this turn, ignoring its
    Energy cost”: one card from hand that fits, its base Energy cost zero and its Power cost paid (356.1.b.2), used up
    by it."""
    facts = {"type": "champion", "cost": 0, "might": 4}
    tree, shown = _tree("When you play me, you may kill a friendly gear. If you do, this turn, you may play a gear with "
                        "Energy cost no more than ⑥ from hand, ignoring its Energy cost.", "champion")
    permission = {"ignore": "energy", "card": {"kind": "gear", "cost": {"le": 6}}}
    assert tree["abilities"][0]["effects"][1] == {"discount_next": {**permission, "if": {"you_did": True}}}
    assert "在本回合内，你可以选择从手牌中打出一件费用不高于⑥的装备，无视其法力费用" in shown
    assert _zh("在本回合内，你可以从手牌中打出一名费用不高于③的单位，无视其法力费用。")["effects"] == [
        {"discount_next": {"ignore": "energy", "card": {"kind": "unit", "cost": {"le": 3}}}}]
    cards = (f"cards:\n  示例·工匠: {flow({**facts, **tree})}\n  示例·旧装: {{type: gear, cost: 1}}\n"
             "  示例·巨炮: {type: gear, cost: 6, power: 1, domains: [灵光]}\n  示例·重锤: {type: gear, cost: 7, domains: [灵光]}\n")
    state = board("hand: [示例·工匠, 示例·巨炮, 示例·重锤], gear: [示例·旧装], runes: [灵光, 灵光]")
    made = "- play: 示例·工匠\n- pass:\n  answer: {may: true}\n"
    _, final = play_scenario(cards, state, script=made + "- play: 示例·巨炮\n")  # ⑥ ignored, its Power paid
    assert "示例·巨炮" in {gear.card for gear in final.gear.values()} and len(final.players["A"].runes) == 1
    play_scenario(cards, state, script=made + "- play: 示例·重锤\n  expect_illegal: 358.2\n")  # ⑦: it does not fit
    play_scenario(cards, state, script="- play: 示例·工匠\n- pass:\n  answer: {may: false}\n"
                                       "- play: 示例·巨炮\n  expect_illegal: 358.2\n")  # no gear killed: no permission


def test_banishing_a_card_from_a_trash_first_in_a_triggered_ability_is_its_cost():
    """“…, banish a card from any trash to give a unit …” / “从任意废牌堆中放逐一张牌，以此…” first in a trigger's effect: the
    triggered ability's base cost (204.3.a), paid to finalize it — with no card in any trash it is not put on the chain."""
    facts = {"type": "unit", "cost": 0, "might": 2, "domains": ["混沌"]}
    tree, problems = compile_english("When you play me, banish a card from any trash to give a unit Assault 3 this turn.", facts)
    assert not problems, problems
    assert tree["abilities"] == [{"trigger": "played", "cost": {"banish_from_trash": "any"}, "target": {},
                                  "effects": [{"grant": {"keyword": "强攻", "value": 3}}]}]
    shown = render({**facts, **tree})
    assert shown == "当你打出我时，从任意废牌堆中放逐一张牌，以此让一名单位在本回合内获得强攻3。"
    assert _zh("当你打出我时，从你的废牌堆中放逐一张牌，以此抽一张牌。", "unit")["abilities"][0]["cost"] == {
        "banish_from_trash": "you"}
    cards = f"cards:\n  示例·风僧: {flow({**facts, **tree})}\n  示例·兵: {{type: unit, might: 1}}\n"
    state = board("hand: [示例·风僧], base: [{id: 友, card: 示例·兵}]", "trash: [示例·兵]")
    trace, final = play_scenario(cards, state, script="- play: 示例·风僧\n- pass:\n")
    assert [card.name for card in final.players["B"].banishment] == ["示例·兵"] and not final.players["B"].trash
    assert keywords(final, final.units["友"]).get("强攻") == 3 and "204.3.a" in trace.cited()
    _, final = play_scenario(cards, board("hand: [示例·风僧], base: [{id: 友, card: 示例·兵}]"), script="- play: 示例·风僧\n")
    assert not final.chain and "强攻" not in keywords(final, final.units["友"])  # nothing to banish: not on the chain


def test_a_repeat_of_several_costs_paid_one_by_one_and_modes_not_chosen_before():
    """“回响—支付①/支付任意符能” / “Repeat — ① / any rune”: one Repeat instance per cost, each paid or not on its own
    (820.1.c.2, the play step's ``repeat: [2]``); “从以下中选择一个未选过的效果” / “Choose one you haven't chosen”: each
    execution another mode (355.3, 820.2)."""
    facts = {"type": "spell", "cost": 0, "domains": ["炽烈"]}
    text = "Repeat — ② / any rune\nChoose one you haven't chosen —\nDraw 1.\nDeal 2 to a unit at a base."
    tree, problems = compile_english(text, facts)
    assert not problems, problems
    assert tree["repeat"] == [{"energy": 2}, {"power": 1}] and tree["keywords"] == {"回响": None}
    assert tree["distinct_modes"] is True and set(tree["modes"]) == {"1", "2"}
    shown = render({**facts, **tree})
    assert shown.startswith("回响—支付②/支付任意符能\n从下列中选择一个未选过的效果—\n")
    again, problems = zh.compile_clauses(zh.split(shown), {**facts, "name": "示例"})
    assert not problems and again == tree
    assert "distinct_modes" not in zh.compile_clauses(zh.split(shown.replace("未选过的效果", "")), {**facts, "name": "示例"})[0]
    cards = f"cards:\n  示例·谢幕: {flow({**facts, **tree})}\n  示例·兵: {{type: unit, might: 3}}\n"
    state = board("hand: [示例·谢幕], deck: 3, runes: [炽烈]", "base: [{id: 敌, card: 示例·兵}]")
    played = "- play: 示例·谢幕\n  repeat: [2]\n  modes: [MODES]\n  repeat_targets: [敌]\n"
    _, final = play_scenario(cards, state, script=played.replace("MODES", "1, 2") + "- pass:\n")
    assert len(final.players["A"].hand) == 1 and final.units["敌"].damage == 2 and not final.players["A"].runes
    play_scenario(cards, state, script=played.replace("MODES", "2, 2") + "  expect_illegal: 355.3\n")  # a mode twice
    play_scenario(cards, state, script="- play: 示例·谢幕\n  repeat: [1]\n  modes: [1, 2]\n  repeat_targets: [敌]\n"
                                       "  expect_illegal: 358.2\n")  # the first instance, ②: one rune cannot pay it


def test_a_chosen_champion_returns_from_the_trash_to_an_empty_champion_zone():
    """“让你的选定英雄从废牌堆返回英雄区域” / “return your Chosen Champion from your trash to your Champion Zone”, with
    “如果你的英雄区域为空” (“if it is empty”): the Chosen Champion (103.2.a, ``chosen_champion`` once it left the zone)
    back only while no card is there (108.3.c.1)."""
    facts = {"type": "battlefield"}
    tree, shown = _tree("When you conquer here, draw 1 and you may return your Chosen Champion from your trash to your "
                        "Champion Zone.", "battlefield")
    assert tree["abilities"] == [{"trigger": "conquered", "effects": [{"draw": 1}, {"may": [{"return_champion": None}]}]}]
    assert "你可以选择让你的选定英雄从废牌堆返回英雄区域" in shown
    held = _zh("当你据守此处时，如果你的英雄区域为空，则你可以选择让该英雄从废牌堆中返回英雄区域。", "battlefield")
    assert zh.parse_condition("你的英雄区域已无英雄单位牌") == {"champion_zone_empty": True}
    assert held["abilities"] == [{"trigger": "held", "condition": {"champion_zone_empty": True},
                                  "effects": [{"may": [{"return_champion": None}]}]}]
    cards = (f"cards:\n  示例·圣墓: {flow({**facts, **held})}\n  示例·英雄: {{type: champion, cost: 3, might: 3}}\n"
             "  示例·兵: {type: unit, might: 1}\n")
    there = "name: 北方战场, card: 示例·圣墓, controller: A, units: [{id: 守, card: 示例·兵}]"
    for zone, back in (("chosen_champion: 示例·英雄", True), ("champion: 示例·英雄", False)):
        state = board(f"{zone}, trash: [示例·英雄], deck: 3", "deck: 3", there).replace("player: A, phase: main",
                                                                                   "player: B, phase: main")
        trace, final = play_scenario(cards, state, script="- end_turn:\n")  # A holds it in their Beginning Phase
        assert final.players["A"].champion == "示例·英雄" and bool(final.players["A"].trash) != back, zone
        assert ("108.3.c.1" in trace.cited()) == back


def test_a_point_from_conquering_or_holding_in_a_players_first_turns_may_be_a_card_drawn_instead():
    """A point a player would score from conquering or holding in their first two turns, a card drawn instead
    (``passives: {score_draws_first_turns: 2}``): a replacement of that point (370.1.b); the battlefield is still scored."""
    tree = {"passives": {"score_draws_first_turns": 2}}
    shown = render({"type": "unit", "cost": 2, "might": 2, **tree})
    again, problems = zh.compile_clauses(zh.split(shown), {"type": "unit", "cost": 2, "might": 2, "name": "示例"})
    assert not problems and again == tree and shown.startswith("如果一名玩家将在其前两个回合内")
    cards = f"cards:\n  示例·水獭: {flow({'type': 'unit', 'cost': 2, 'might': 2, **tree})}\n  示例·兵: {{type: unit, might: 1}}\n"
    there = "name: 北方战场, controller: A, units: [{id: 守, card: 示例·兵}]"
    for number, points in ((2, 0), (4, 1)):  # B's turn 2 or 4, then A's turn 3 or 5: A's second or third
        state = board("deck: 3", "deck: 3, base: [{id: 獭, card: 示例·水獭}]", there).replace(
            "player: A, phase: main", f"player: B, phase: main, number: {number}")
        trace, final = play_scenario(cards, state, script="- end_turn:\n")
        assert final.players["A"].points == points, number
        assert len(final.players["A"].hand) == 1 + (1 - points), number  # the Draw Phase's card, and the one instead
        assert ("370.1.b" in trace.cited()) == (points == 0)


def test_an_equipments_when_i_conquer_or_hold_is_the_ability_of_the_unit_it_is_attached_to():
    """718.3: an attached gear's effect text is appended to its unit's — its “当我据守一处战场时” triggers as that unit holds,
    the unit its “I”; unattached, a gear holds nothing."""
    text = ("装配①（支付①：将此牌贴附到你控制的一名单位上。）\n"
            "当我征服或据守一处战场时，你可以选择从废牌堆中打出一名单位。")
    facts = {"type": "gear", "cost": 1, "tags": ["武装"]}
    tree, problems = zh.compile_clauses(zh.split(text), {**facts, "name": "示例·仪式"})
    assert not problems, problems
    played = [{"may": [{"play": {"from": "trash", "card": {"kind": "unit"}, "at": "any"}}]}]
    assert tree["abilities"][1:] == [{"trigger": "conquered", "effects": played}, {"trigger": "held", "effects": played}]
    cards = (f"cards:\n  示例·仪式: {flow({**facts, **tree})}\n  示例·勇士: {{type: unit, cost: 1, might: 3}}\n"
             "  示例·亡者: {type: unit, cost: 1, might: 1}\n")
    for attached, back in ((True, True), (False, False)):
        unit = "{id: 勇, card: 示例·勇士" + (", attached: [示例·仪式]}" if attached else "}")
        state = board("deck: 3, trash: [示例·亡者], runes: 3" + ("" if attached else ", gear: [示例·仪式]"), "deck: 3",
                      f"name: 北方战场, controller: A, units: [{unit}]").replace("player: A, phase: main",
                                                                           "player: B, phase: main")
        _, final = play_scenario(cards, state, script="- end_turn:\n")  # A holds 北方战场 in their Beginning Phase
        assert ("示例·亡者" in {u.card for u in final.units.values()}) == back, attached
        assert (not final.players["A"].trash) == back
