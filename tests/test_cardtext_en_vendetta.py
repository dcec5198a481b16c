"""English forms the Vendetta cards (no Chinese text) need, on invented texts: each tree, its Chinese rendering read
back to the same tree, and where the engine runs it a scenario step."""

from __future__ import annotations

from conftest import board, flow, play_scenario

from judgekit.cardtext.en import compile_english, render


def _tree(text: str, card_type: str = "spell") -> tuple[dict, str]:
    """The tree of an invented English text and its Chinese rendering (which must read back to the same tree)."""
    facts = {"type": card_type, "cost": 2, **({"might": 2} if card_type == "unit" else {})}
    tree, problems = compile_english(text, facts)
    assert not problems, problems
    return tree, render({**facts, **tree})


def _refused(text: str, card_type: str = "spell") -> bool:
    return compile_english(text, {"type": card_type})[0] is None


def test_a_token_named_with_the_region_it_is_from_is_that_token():
    tree, shown = _tree("Play two 1 Might Tentacle unit tokens from Bilgewater.")
    assert tree["effects"] == [{"create": {"token": "触手", "count": 2, "play": True}}]
    assert "打出两名1战力的“触手”" in shown
    for wrong in ("Play a 1 Might Tentacle unit token from Demacia.", "Play a 2 Might Tentacle unit token.",
                  "Play a 1 Might Recruit unit token from Bilgewater."):
        assert _refused(wrong), wrong
    cards = f"cards:\n  示例·深渊: {flow({'type': 'spell', 'cost': 0, **tree})}\n"
    _, final = play_scenario(cards, board("hand: [示例·深渊]"), script="- play: 示例·深渊\n- pass:\n")
    made = [unit for unit in final.units.values() if unit.card == "触手"]
    assert len(made) == 2 and all(unit.controller == "A" and unit.location == "base:A" for unit in made)




def test_you_may_pay_then_if_you_do_and_otherwise_are_one_payment_with_both_branches():
    tree, shown = _tree("You may pay ①. If you do, draw 2. Otherwise, discard 1.")
    assert tree["effects"] == [{"may_pay": {"cost": {"energy": 1}, "then": [{"draw": 2}], "otherwise": [{"discard": 1}]}}]
    assert shown == "你可以选择支付①，以此抽两张牌。否则，弃置一张手牌。"
    tree, _ = _tree("Choose a spell. You may pay any rune. If you do, take control of it, then you may make new choices "
                    "for it. Otherwise, counter it.")
    assert tree["effects"] == [{"may_pay": {"cost": {"power": 1}, "then": [{"gain_control": None}, {"may": [
        {"new_choices": None}]}], "otherwise": [{"counter": None}]}}]
    assert _tree("Draw 1 and you may discard 1.")[0]["effects"] == [{"draw": 1}, {"may": [{"discard": 1}]}]
    assert _refused("You may pay ①.") and _refused("You may pay ①. Otherwise, draw 1.")
    cards = f"cards:\n  示例·抉择: {flow({'type': 'spell', 'cost': 0, 'effects': _tree('You may pay ①. If you do, draw 2. Otherwise, discard 1.')[0]['effects']})}\n"
    for pay, hand in ((True, 2 + 1), (False, 1 - 1)):
        state = board("hand: [示例·抉择, 示例·抉择], deck: 5, runes: 1")
        _, final = play_scenario(cards, state, script=f"- play: 示例·抉择\n- pass:\n  answer: {{pay: {str(pay).lower()}}}\n")
        assert len(final.players["A"].hand) == hand, pay


KAYLE_LIKE = """Empower ② (②: Empower me.)
I can be Empowered up to two times.
I have +3 Might for each time I'm Empowered.
While I'm Empowered twice, I have Assault 2 and Tank."""


def test_empowered_more_than_once_its_might_each_time_and_keywords_at_so_many_times():
    from judgekit.engine import layers
    from judgekit.scenarios import scenario

    tree, shown = _tree(KAYLE_LIKE, "unit")
    assert tree == {"empower": {"cost": {"energy": 2}, "times": 2, "might_each": 3, "keywords": {"强攻": 2, "壁垒": None},
                                "keywords_at": 2}}
    assert shown.splitlines()[1:] == ["我最多可以被强化两次。", "我每被强化一次，便获得战力+3。", "若我已被强化两次，则我获得强攻2和壁垒。"]
    assert _refused("I can be Empowered up to two times.", "unit")  # no Empower before it
    assert _refused(KAYLE_LIKE.replace("to two times.", "to two times.\nI can be Empowered up to three times."), "unit")
    cards = f"cards:\n  示例·圣裁: {flow({'type': 'unit', 'cost': 2, 'might': 2, **tree})}\n"
    for times, might, keywords in ((1, 5, {}), (2, 8, {"强攻": 2, "壁垒": None})):
        source = ("title: t\n" + cards + board(f"base: [{{id: 圣, card: 示例·圣裁, empowered: {times}}}]") + "script: []\n")
        state = scenario.parse(source, "t.yaml").state
        unit = state.units["圣"]
        assert layers.might(state, unit) == might
        assert {k: v for k, v in layers.keywords(state, unit).items() if k in ("强攻", "壁垒")} == keywords


def test_the_points_you_still_need_to_win_and_units_each_with_a_might_bound():
    tree, shown = _tree("I enter ready if your score is not within 4 points of the Victory Score.\nWhen I attack, you may "
                        "move any number of enemy units here each with 3 Might or less to their base.", "unit")
    assert tree["abilities"][0] == {"static": {"enters_ready": True}, "while": {"to_win": {"gt": 4}}}
    # any number of them chosen, none included (355.13, dfa982e: count null with up_to)
    assert tree["abilities"][1]["target"] == {"count": None, "up_to": True, "who": "enemy", "where": "here", "might": {"le": 3}}
    assert shown.startswith("如果你的分数距离胜利得分多于4分，则我以活跃状态进场。")
    assert _tree("If your score is within 2 points of the Victory Score, I enter ready.", "unit")[0]["abilities"][0][
        "while"] == {"to_win": {"le": 2}}
    cards = f"cards:\n  示例·迟龙: {flow({'type': 'unit', 'cost': 0, 'might': 4, 'abilities': tree['abilities'][:1]})}\n"
    for points, exhausted in ((0, False), (4, True)):  # the Victory Score is 8 (194.3): 8 or 4 points still needed
        _, final = play_scenario(cards, board(f"hand: [示例·迟龙], points: {points}"), script="- play: 示例·迟龙\n")
        (unit,) = final.units.values()
        assert unit.exhausted is exhausted, points


def test_a_spell_that_ignores_deflect_while_its_cost_is_paid():
    from judgekit.engine import layers

    tree, shown = _tree("Ignore Deflect while paying this spell's cost.\nGive an enemy unit -5 Might this turn.")
    assert tree == {"passives": {"ignore_deflect": True}, "target": {"who": "enemy"}, "effects": [{"might": -5}]}
    assert "支付此法术的费用时无视法盾。" in shown
    cards = (f"cards:\n  示例·洞见: {flow({'type': 'spell', 'cost': 1, **tree})}\n"
             f"  示例·常见: {flow({'type': 'spell', 'cost': 1, 'target': tree['target'], 'effects': tree['effects']})}\n"
             "  示例·盾兵: {type: unit, might: 6, keywords: {法盾: 2}}\n")
    state = board("hand: [示例·洞见, 示例·常见], runes: 1", "base: [{id: 盾, card: 示例·盾兵}]")
    trace, final = play_scenario(cards, state, script="- play: 示例·洞见\n  targets: 盾\n- pass:\n")
    assert layers.might(final, final.units["盾"]) == 1 and "766" in trace.cited()
    play_scenario(cards, state, script="- play: 示例·常见\n  targets: 盾\n  expect_illegal: 358.2\n")  # Deflect 2 unpaid


def test_when_you_empower_something_else_a_trigger_on_empowered_objects_but_its_source():
    tree, shown = _tree("Whenever you empower something else, empower me.", "legend")
    assert tree["abilities"] == [{"trigger": {"event": "empowered", "subject": "any", "player": "you", "other": True},
                                  "effects": [{"empower": None}]}]
    assert shown == "当你强化另一件事物时，强化我。"
    cards = f"cards:\n  示例·镜魂: {flow({'type': 'legend', **tree})}\n  示例·兵: {{type: unit, might: 1}}\n"
    state = board("legend: 示例·镜魂, base: [{id: 兵, card: 示例·兵}]")
    _, final = play_scenario(cards, state, script="- effect: [{empower: null}]\n  targets: 兵\n  controller: A\n- pass:\n")
    assert final.units["兵"].empowered == 1 and [legend.empowered for legend in final.legends.values()] == [1]


def test_a_card_that_cant_be_played_on_its_players_first_turns():
    tree, shown = _tree("I can't be played on your first or second turns.", "unit")
    assert tree == {"cant": [{"action": "be_played", "first_own_turns": 2}]}
    assert shown.endswith("我无法在你的前两个回合内被打出。")
    assert _tree("I can't be played on your first, second, or third turns.", "unit")[0]["cant"][0]["first_own_turns"] == 3
    cards = f"cards:\n  示例·老魄罗: {flow({'type': 'unit', 'cost': 0, 'might': 4, **tree})}\n"
    for turn, legal in ((1, False), (3, False), (5, True)):  # A plays turns 1, 3, 5: its first, second and third
        state = board("hand: [示例·老魄罗]").replace("phase: main}", f"phase: main, number: {turn}}}")
        step = "- play: 示例·老魄罗\n" + ("" if legal else "  expect_illegal: 054.1\n")
        _, final = play_scenario(cards, state, script=step)
        assert bool(final.units) is legal, turn


IGNORING_TANK = """title: t
defaults: false
cards:
  示例·冲浪者: TREE
  示例·盾卫: {type: unit, might: 3, keywords: {壁垒: null}}
  示例·弓手: {type: unit, might: 3}
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 浪, card: 示例·冲浪者}]
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 盾, card: 示例·盾卫}
        - {id: 弓, card: 示例·弓手}
script:
  - {move: 浪, to: 北方战场}
  - pass:
    assign: {A: {弓: 3, 盾: 1}, B: {浪: 6}}
"""


def test_a_unit_whose_controller_ignores_tank_while_assigning_combat_damage_where_it_is():
    from judgekit.errors import ScenarioError
    from judgekit.scenarios.runner import play
    from judgekit.scenarios.scenario import parse

    tree, shown = _tree("You ignore Tank while assigning combat damage here.", "unit")
    assert tree == {"passives": {"ignore_tank_here": True}} and shown.endswith("你在此处分配战斗伤害时无视壁垒。")
    surfer = flow({"type": "unit", "cost": 2, "might": 4, **tree})
    trace, final = play(parse(IGNORING_TANK.replace("TREE", surfer), "t.yaml"))
    assert "弓" not in final.units and "盾" in final.units and "766" in trace.cited()  # the Tank unit not dealt lethal first
    plain = flow({"type": "unit", "cost": 2, "might": 4})
    try:
        play(parse(IGNORING_TANK.replace("TREE", plain), "t.yaml"))
    except ScenarioError as refusal:  # without it, Tank first (815)
        assert "壁垒" in str(refusal)
    else:
        raise AssertionError("the Tank unit was passed over")


EQUIPPED = """cards:
  示例·锐雯: TREE
  示例·剑: {type: gear, cost: 1, tags: [武装]}
  示例·盾: {type: gear, cost: 1, tags: [武装]}
  示例·饰: {type: gear, cost: 1}
  示例·兵: {type: unit, might: 9}
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 锐, card: 示例·锐雯, attached: [示例·剑, 示例·盾, 示例·饰]}, {id: 旁, card: 示例·兵, attached: [示例·剑]}]
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 敌, card: 示例·兵}
"""


def test_a_count_of_the_equipment_attached_to_me():
    tree, shown = _tree("When I attack, deal 1 to an enemy unit here for each Equipment attached to me.", "unit")
    counted = {"kind": "gear", "tag": "武装", "where": "on_me"}
    assert tree["abilities"][0]["effects"] == [{"deal": {"amount": {"count": counted}}}]
    assert "场上每有一件贴附于我的“武装”属性装备" in shown
    trace, _ = play_scenario(EQUIPPED.replace("TREE", flow({"type": "unit", "cost": 2, "might": 1, **tree})),
                             script="- {move: 锐, to: 北方战场}\n- pass:\n")
    dealt = [event.text for step in trace.steps for event in step.events if "对 敌 造成" in event.text]
    assert "造成 2 点伤害" in dealt[0]  # its two Equipment, not the other gear nor the other unit's sword (healed after combat)


def test_a_cost_change_while_you_control_something_empowered_a_unit_or_your_legend():
    tree, shown = _tree("This costs ② less if you control something that's Empowered.\nDraw 1.")
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"controls_empowered": True}}]
    assert "如果你控制着已强化的事物，则此牌的费用减少②。" in shown
    cards = (f"cards:\n  示例·震击: {flow({'type': 'spell', 'cost': 3, **tree})}\n  示例·兵: {{type: unit, might: 1}}\n"
             "  示例·主: {type: legend}\n")
    for board_a, legal in (("base: [{id: 兵, card: 示例·兵, empowered: 1}]", True),
                           ("legend: {card: 示例·主, empowered: 1}", True), ("base: [{id: 兵, card: 示例·兵}]", False)):
        state = board(f"hand: [示例·震击], deck: 2, runes: 1, {board_a}")
        step = "- play: 示例·震击\n" + ("- pass:\n" if legal else "  expect_illegal: 358.2\n")
        _, final = play_scenario(cards, state, script=step)
        assert (final.players["A"].drawn == 1) is legal, board_a


def test_a_card_chosen_in_the_chosen_players_trash_and_played():
    tree, shown = _tree("Choose a player. You may do this: Choose a gear in their trash and play it, ignoring its cost.")
    # “do this:” is a reflexive trigger (387.1) whose “you may” is asked as it resolves, after the spell
    assert tree["effects"] == [{"do_this": {"effects": [{"may": [{"play": {
        "from": "trash", "card": {"kind": "gear"}, "ignore_cost": True, "at": "any", "whose": "chosen_player"}}]}]}}]
    assert "你可以选择从其废牌堆中打出一件装备，无视其费用" in shown
    assert _refused("Choose a unit in their trash and play it, ignoring its cost.")  # no player chosen: whose trash?
    cards = (f"cards:\n  示例·掘墓: {flow({'type': 'spell', 'cost': 0, **tree})}\n"
             "  示例·齿轮: {type: gear, cost: 5}\n")
    state = board("hand: [示例·掘墓]", "trash: [示例·齿轮]")
    _, final = play_scenario(cards, state, script="- play: 示例·掘墓\n  targets: B\n- pass:\n- pass:\n  answer: {may: true}\n")
    (gear,) = final.gear.values()
    assert gear.card == "示例·齿轮" and gear.controller == "A" and gear.owner == "B" and final.players["B"].trash == []
