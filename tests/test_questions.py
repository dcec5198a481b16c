"""Every choice the rules give a player is a question held in the state, its options read from the state.

With ``defaults: false`` no question is answered by the engine: the script answers it (``choose``), or the
run stops there and says which question is pending, with its options (exit 2).  With defaults allowed the
engine answers it at once, marked 〔默认〕.  ``--explain`` lists the question and its options.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine import actions as act
from judgekit.errors import IllegalActionError, ScenarioStopped
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse

# B's two units at the northern battlefield, which B controls.
TWO_ENEMIES_NORTH = """\
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 敌, card: 小兵}
        - {id: 敌二, card: 小兵}
"""

# A friendly unit dies: the avenger's trigger chooses one enemy unit at a battlefield as it goes on the chain.
TRIGGER_TARGETS = """\
title: 触发能力的目标是待回答的问题
defaults: false
cards:
  复仇者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: killed, subject: friendly}
        target: {who: enemy, where: battlefield}
        effects: [{deal: 3}]
  小兵:
    type: unit
    might: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 甲, card: 复仇者}, {id: 兵, card: 小兵}]
    B: {}
""" + TWO_ENEMIES_NORTH + """\
script:
  - effect: [{kill: null}]
    targets: 兵
    controller: A
  - choose: [敌二]
    player: A
  - pass:
expect:
  - unit: 敌二
    alive: false
  - unit: 敌
    damage: 0
  - cites: [383.3]
"""

UNANSWERED = TRIGGER_TARGETS.replace("  - choose: [敌二]\n    player: A\n", "")


def _texts(trace) -> list[str]:
    return [event.text for step in trace.steps for event in step.events]


def test_the_script_answers_a_trigger_s_targets_and_nothing_is_a_default():
    trace = run(parse(TRIGGER_TARGETS, "q.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]
    assert any("等待 A 选择目标" in text for text in _texts(trace))
    assert any("A 为 甲 的" in text and "选择目标：敌二" in text for text in _texts(trace))


def test_the_question_is_held_in_the_state_with_its_options_until_answered():
    scenario = parse(TRIGGER_TARGETS, "q.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    question = state.question()
    assert question is not None and question.kind == "targets" and question.player == "A"
    assert question.options == (("敌",), ("敌二",))
    assert state.chain[-1].targets == ()  # nothing chosen for the player
    pending = act.decision(state)
    assert pending.kind == "问题" and pending.options == (act.Choose(("敌",), "A"), act.Choose(("敌二",), "A"))
    answered, _ = act.apply(state, act.Choose(("敌二",)))
    assert answered.question() is None and answered.chain[-1].targets == (("敌二",),)
    assert state.question() is question  # apply changed nothing of its input


def test_a_step_that_leaves_the_question_open_stops_the_run_naming_it_and_its_options():
    with pytest.raises(ScenarioStopped) as stopped:
        run(parse(UNANSWERED, "q.yaml"))
    message = str(stopped.value)
    assert "待回答的问题" in message and "选择目标" in message and "敌；敌二" in message and "choose" in message


def test_an_unanswered_question_exits_2_with_the_message_and_no_traceback(bundled, cli, tmp_path):
    path = tmp_path / "open.yaml"
    path.write_text(UNANSWERED, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 2, out
    assert "待回答的问题" in err and "敌；敌二" in err and "Traceback" not in err


def test_an_answer_that_is_not_an_option_is_refused_by_the_rule():
    scenario = parse(TRIGGER_TARGETS, "q.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    with pytest.raises(IllegalActionError) as refused:
        act.apply(state, act.Choose(("甲",)))
    assert refused.value.rule == "trigger_targets"
    with pytest.raises(IllegalActionError):
        act.apply(state, act.Choose(("敌",), "B"))  # the question is A's


def test_explain_lists_the_question_and_its_options():
    trace = run(parse(TRIGGER_TARGETS, "q.yaml"), explain=True)
    asked = trace.steps[1].options
    assert asked[0].startswith("A 须回答的问题：A 为 甲 的") and "合法选项 2 个" in asked[0]
    assert list(asked[1:]) == ["A 回答：选择 敌", "A 回答：选择 敌二"]


def test_with_defaults_the_engine_answers_marked_and_choose_states_the_choice_made_then():
    with_defaults = TRIGGER_TARGETS.replace("defaults: false\n", "").replace("  - pass:\n", "")  # triggers resolve by themselves
    trace = run(parse(with_defaults, "q.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    chose = [event for event in trace.steps[0].events if "加入结算链时选择目标：敌" in event.text]
    assert len(chose) == 1 and chose[0].default
    assert any("加入结算链时所选）：敌二" in event.text for event in trace.steps[1].events)


def test_up_to_offers_choosing_none():
    up_to = TRIGGER_TARGETS.replace("target: {who: enemy, where: battlefield}", "target: {who: enemy, up_to: true}")
    scenario = parse(up_to.replace("  - choose: [敌二]", "  - choose: []"), "q.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    assert state.question().options == ((), ("敌",), ("敌二",))
    trace = run(scenario)
    assert not trace.passed  # nothing was chosen: 敌二 lives
    assert any("选择目标：无" in text for text in _texts(trace))


def test_a_question_asked_during_an_all_pass_ends_the_passes_there():
    spell = TRIGGER_TARGETS.replace("  小兵:\n", "  示例·献祭:\n    type: spell\n    cost: 0\n    target: friendly_unit\n"
                                    "    effects: [{kill: null}]\n  小兵:\n").replace(
        "      base: [{id: 甲", "      hand: [示例·献祭]\n      base: [{id: 甲").replace(
        "  - effect: [{kill: null}]\n    targets: 兵\n    controller: A\n",
        "  - play: 示例·献祭\n    targets: 兵\n  - pass:\n    note: 献祭结算，兵阵亡：复仇者的触发加入结算链，让过到此为止\n")
    scenario = parse(spell, "q.yaml")
    state = scenario.state
    for step in scenario.script[:2]:
        state, _ = act.apply(state, step.action)
    assert state.question() is not None and "兵" not in state.units
    trace = run(scenario)
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]


# A 4-might attacker and two 1-might defenders: how A assigns is a question; B's 2 damage has one answer.
ASSIGNMENT = """\
title: 战斗伤害的分配是待回答的问题
defaults: false
cards:
  小兵:
    type: unit
    might: 1
  老兵:
    type: unit
    might: 4
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 甲, card: 老兵}]
    B: {}
""" + TWO_ENEMIES_NORTH + """\
script:
  - move: 甲
    to: 北方战场
  - pass:
  - assign: {A: {敌: 1, 敌二: 3}}
expect:
  - unit: 敌
    alive: false
  - unit: 敌二
    alive: false
  - unit: 甲
    damage: 0
  - cites: [465.2.c]
"""


def test_the_damage_step_waits_for_the_assignment_with_every_legal_one_as_an_option():
    scenario = parse(ASSIGNMENT, "a.yaml")
    state = scenario.state
    for step in scenario.script[:2]:
        state, _ = act.apply(state, step.action)
    question = state.question()
    assert question.kind == "assign" and question.player == "A"
    # lethal in full first, the excess anywhere once both are lethal (465.2.c.3–4)
    assert set(question.options) == {(("敌", 1), ("敌二", 3)), (("敌", 2), ("敌二", 2)), (("敌", 3), ("敌二", 1))}
    assert all(isinstance(option, act.Assign) for option in act.decision(state).options)
    after, _ = act.apply(state, act.Assign("A", (("敌", 2), ("敌二", 2))))
    assert after.question() is None and not after.combat and {"敌", "敌二"}.isdisjoint(after.units)
    with pytest.raises(IllegalActionError):
        act.apply(state, act.Assign("A", (("敌", 4),)))  # 敌二 not lethal while 敌 is over


def test_the_script_answers_the_assignment_and_nothing_is_a_default():
    trace = run(parse(ASSIGNMENT, "a.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]
    assert any("B 分配 2 点战斗伤害：甲 2（唯一的分配）" in text for text in _texts(trace))


def test_a_script_that_ends_with_the_assignment_open_stops_naming_it_and_its_options(bundled, cli, tmp_path):
    path = tmp_path / "open.yaml"
    path.write_text(ASSIGNMENT.replace("  - assign: {A: {敌: 1, 敌二: 3}}\n", ""), encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 2, out
    assert "脚本结束时仍有待回答的问题：A 如何把 4 点战斗伤害分配给 敌、敌二" in err
    assert "敌 1、敌二 3" in err and "assign: {A: {单位: 伤害}}" in err and "Traceback" not in err


def test_a_refused_assignment_names_its_rule():
    scenario = parse(ASSIGNMENT.replace("{A: {敌: 1, 敌二: 3}}", "{A: {敌: 4}}"), "a.yaml")
    with pytest.raises(ScenarioStopped, match="465.2.c"):
        run(scenario)


def test_explain_lists_the_assignments():
    trace = run(parse(ASSIGNMENT, "a.yaml"), explain=True)
    asked = trace.steps[2].options
    assert asked[0].startswith("A 须回答的问题：A 如何把 4 点战斗伤害分配给 敌、敌二") and "合法选项 3 个" in asked[0]
    assert "A 分配战斗伤害：敌 1、敌二 3" in asked[1:]


# Vision: as the trigger resolves, A chooses whether the top card stays or is recycled (436.1).
VISION = """\
title: 预知：留在顶部还是回收，是待回答的问题
defaults: false
cards:
  示例·先知:
    type: unit
    cost: 0
    might: 2
    keywords: {预知: null}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·先知]
      deck: [焚烧, 海克斯射线]
    B: {}
script:
  - play: 示例·先知
  - pass: A
  - pass: B
  - choose: []
expect:
  - player: A
    deck: 2
  - cites: [817.1.b, 436.1]
"""


def _before_the_answer(text: str):
    scenario = parse(text, "v.yaml")
    state = scenario.state
    for step in scenario.script[:-1]:
        state, _ = act.apply(state, step.action)
    return state


def test_a_question_asked_as_an_item_resolves_holds_the_step_until_it_is_answered():
    state = _before_the_answer(VISION)
    question = state.question()
    assert question.kind == "predict" and question.options == (("焚烧",), ())
    assert len(state.chain) == 1 and state.asked[1] == act.Pass("B")  # the pass waits, the chain as it was
    assert act.decision(state).options == (act.Choose(("焚烧",), "A"), act.Choose((), "A"))
    with pytest.raises(Exception, match="待回答的问题"):
        act.apply(state, act.Pass("B"))
    recycled, _ = act.apply(state, act.Choose(()))
    assert [card.name for card in recycled.players["A"].deck] == ["海克斯射线", "焚烧"] and not recycled.chain
    kept, _ = act.apply(state, act.Choose(("焚烧",)))
    assert [card.name for card in kept.players["A"].deck] == ["焚烧", "海克斯射线"]
    assert state.question() is question and state.chain  # apply changed nothing of its input


def test_the_vision_answered_runs_with_no_default_and_the_trace_says_what_was_recycled():
    trace = run(parse(VISION, "v.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]
    assert any("须回答：A 预言 焚烧" in text for text in _texts(trace))
    assert any("回收到主牌堆底：焚烧" in text for text in _texts(trace))


def test_an_unanswered_vision_stops_the_run_with_its_options():
    with pytest.raises(ScenarioStopped, match="脚本结束时仍有待回答的问题：A 预言 焚烧.*可选：焚烧；无"):
        run(parse(VISION.replace("  - choose: []\n", ""), "v.yaml"))


def test_an_answer_that_is_not_an_option_of_a_held_question_is_refused():
    state = _before_the_answer(VISION)
    with pytest.raises(IllegalActionError) as refused:
        act.apply(state, act.Choose(("海克斯射线",)))
    assert refused.value.rule == "predict"


def test_predicting_two_offers_every_order_of_what_stays():
    from judgekit.engine.effects import predict_answers

    assert predict_answers(["甲", "乙"]) == (("甲", "乙"), ("乙", "甲"), ("甲",), ("乙",), ())


# “You may draw 1”: a yes-or-no question as the spell resolves (383.3.a.3).
MAY = """\
title: “你可以”是待回答的问题
defaults: false
cards:
  示例·试验:
    type: spell
    cost: 0
    effects:
      - may: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·试验]
      deck: 3
    B: {}
script:
  - play: 示例·试验
  - pass: A
  - pass: B
  - choose: true
expect:
  - player: A
    drawn: 1
"""


def test_you_may_is_a_yes_or_no_question_answered_by_choose():
    assert run(parse(MAY, "m.yaml")).passed
    declined = MAY.replace("choose: true", "choose: false").replace("drawn: 1", "drawn: 0")
    assert run(parse(declined, "m.yaml")).passed
    answered_on_the_pass = MAY.replace("  - pass: B\n  - choose: true\n", "  - pass: B\n    answer: {may: true}\n")
    assert run(parse(answered_on_the_pass, "m.yaml")).passed


ORDERED = (Path(__file__).with_name("abilities") / "ordered.yaml").read_text(encoding="utf-8")


def test_simultaneous_triggers_wait_for_their_order_with_every_order_as_an_option():
    scenario = parse(ORDERED, "o.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    question = state.question()
    assert question.kind == "order" and question.player == "A"
    assert set(question.options) == {("甲 的记一笔能力", "甲 的记两笔能力"), ("甲 的记两笔能力", "甲 的记一笔能力")}
    assert {type(option) for option in act.decision(state).options} == {act.OrderTriggers}
    with pytest.raises(Exception, match="待回答的问题：A 排列同时触发的 2 个能力"):
        act.apply(state, act.Pass("A"))
    ordered, _ = act.apply(state, act.Choose(("甲 的记两笔能力", "甲 的记一笔能力")))
    assert ordered.question() is None and ordered.chain[-1].label == "甲 的记一笔能力"


def test_an_unordered_batch_stops_the_run_naming_the_orders():
    unordered = ORDERED.split("  - order_triggers: [甲 的记一笔能力")[0]
    with pytest.raises(ScenarioStopped, match="脚本结束时仍有待回答的问题：A 排列.*order_triggers"):
        run(parse(unordered, "o.yaml"))


# A plays a 2-Energy spell with two ready runes of different domains and one exhausted: which runes pay.
PAYMENT = """\
title: 用哪些符文支付是待回答的问题
defaults: false
cards:
  示例·火球:
    type: spell
    cost: 1
    power: 1
    domains: [炽烈]
    effects:
      - draw: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·火球]
      runes: [炽烈, 翠意, {domain: 炽烈, exhausted: true}]
      deck: 3
    B: {}
script:
  - play: 示例·火球
  - choose: [横置 翠意, 回收 炽烈]
  - pass: A
  - pass: B
expect:
  - player: A
    drawn: 1
    ready_runes: 1
"""


def test_paying_with_runes_is_a_question_whose_options_are_the_ways_to_pay():
    scenario = parse(PAYMENT, "p.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    question = state.question()
    assert question.kind == "payment" and state.asked[1] == scenario.script[0].action and not state.chain
    assert set(question.options) == {("横置 炽烈", "回收 炽烈"), ("横置 翠意", "回收 炽烈")}
    paid, _ = act.apply(state, act.Choose(("横置 翠意", "回收 炽烈")))
    assert paid.question() is None and [rune.domain for rune in paid.players["A"].runes] == ["炽烈", "翠意"]
    assert [rune.exhausted for rune in paid.players["A"].runes] == [False, True]
    trace = run(scenario)
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]


def test_an_unanswered_payment_stops_the_run_with_the_ways_to_pay():
    with pytest.raises(ScenarioStopped, match="A 用哪些符文支付 示例·火球.*横置 炽烈、回收 炽烈"):
        run(parse(PAYMENT.split("  - choose:")[0], "p.yaml"))


def test_you_may_pay_is_a_question_offering_yes_only_when_it_can_be_paid():
    may_pay = MAY.replace("      - may: [{draw: 1}]\n", "      - may_pay: {cost: {energy: 1}, then: [{draw: 1}]}\n")
    assert run(parse(may_pay.replace("      deck: 3\n", "      deck: 3\n      energy: 1\n"), "m.yaml")).passed
    scenario = parse(may_pay.split("  - choose: true")[0], "m.yaml")  # no Energy: “no” is the only answer
    trace = run(scenario)
    assert any("不支付" in text for text in _texts(trace))  # nothing drawn, and no question held
    assert not [event.text for step in trace.steps for event in step.events if event.default]


# A spell splits 3 damage among the two enemy units it chose: how to split is asked as it resolves.
SPLIT = """\
title: 分摊伤害如何分配是待回答的问题
defaults: false
cards:
  示例·散射:
    type: spell
    cost: 0
    target: {who: enemy, count: 2}
    effects:
      - deal: {amount: 3, split: true}
  小兵:
    type: unit
    might: 3
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·散射]
    B:
      base: [{id: 敌, card: 小兵}, {id: 敌二, card: 小兵}]
script:
  - play: 示例·散射
    targets: [敌, 敌二]
  - pass: A
  - pass: B
  - choose: [敌二 3]
expect:
  - unit: 敌二
    alive: false
  - unit: 敌
    damage: 0
"""


def test_split_damage_is_a_question_of_every_split_as_the_spell_resolves():
    state = _before_the_answer(SPLIT)
    question = state.question()
    assert question.kind == "split" and question.player == "A"
    assert set(question.options) == {("敌 3",), ("敌 2", "敌二 1"), ("敌 1", "敌二 2"), ("敌二 3",)}
    trace = run(parse(SPLIT, "s.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]


def test_which_card_to_take_from_those_seen_is_a_question_with_none_under_may():
    look = MAY.replace("      - may: [{draw: 1}]\n", "      - look: {amount: 2, take: {card: {kind: any}, may: true}}\n").replace(
        "      deck: 3\n", "      deck: [焚烧, 海克斯射线, 焚烧]\n")
    state = _before_the_answer(look)
    question = state.question()
    assert question.kind == "take_card" and question.options == (("焚烧",), ("海克斯射线",), ())
    taken, _ = act.apply(state, act.Choose(("海克斯射线",)))
    assert [card.name for card in taken.players["A"].hand] == ["海克斯射线"]
    none, _ = act.apply(state, act.Choose(()))
    assert none.players["A"].hand == []


def test_which_cards_a_player_discards_is_their_question():
    discard = MAY.replace("      - may: [{draw: 1}]\n", "      - discard: 1\n").replace(
        "      hand: [示例·试验]\n", "      hand: [示例·试验, 焚烧, 海克斯射线]\n")
    state = _before_the_answer(discard)
    assert state.question().kind == "discard" and state.question().options == (("焚烧",), ("海克斯射线",))
    after, _ = act.apply(state, act.Choose(("焚烧",)))
    assert [card.name for card in after.players["A"].hand] == ["海克斯射线"]
    assert "焚烧" in [card.name for card in after.players["A"].trash]


def test_a_triggered_ability_s_optional_cost_is_a_yes_or_no_question():
    paid = ORDERED.replace(
        "      - name: 记两笔\n        trigger: {event: killed, subject: friendly}\n        effects: [{draw: 2}]\n", "").replace(
        "      - name: 记一笔\n        trigger: {event: killed, subject: friendly}\n",
        "      - name: 记一笔\n        trigger: {event: killed, subject: friendly}\n        cost: {exhaust: true}\n")
    scenario = parse(paid.split("  - order_triggers:")[0], "c.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    assert state.question().kind == "trigger_cost" and not state.chain
    declined, _ = act.apply(state, act.Choose(("否",)))
    assert not declined.chain and not declined.units["甲"].exhausted
    accepted, _ = act.apply(state, act.Choose(("是",)))
    assert accepted.chain and accepted.units["甲"].exhausted


# “When I win a combat, draw 1”: with defaults off the players pass on it before control is established (466.4).
WINNER = """\
title: 赢得战斗时的触发：玩家依次让过后才建立控制
defaults: false
cards:
  示例·胜者:
    type: unit
    might: 4
    abilities:
      - trigger: won_combat
        effects:
          - draw: 1
  小兵:
    type: unit
    might: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base: [{id: 乙, card: 示例·胜者}]
    B: {}
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 丙, card: 小兵}
script:
  - move: 乙
    to: 北方战场
  - pass: A
  - pass: B
    assign: {A: {丙: 4}, B: {乙: 1}}
    expect:
      - battlefield: 北方战场
        controller: B
      - chain: 1
  - pass: A
  - pass: B
expect:
  - battlefield: 北方战场
    controller: A
  - player: A
    drawn: 1
    points: 1
  - cites: [466.4]
"""


def test_what_winning_the_combat_triggered_waits_for_the_players_passes_before_control():
    trace = run(parse(WINNER, "w.yaml"))
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]


# An activated ability chooses one enemy unit as it is activated (377.3): with defaults off, the player's question.
ARCHER = """\
title: 启动能力的目标是待回答的问题
defaults: false
cards:
  示例·射手:
    type: unit
    might: 2
    abilities:
      - cost: {exhaust: true}
        target: enemy_unit
        effects:
          - deal: 2
  小兵:
    type: unit
    might: 3
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 射手, card: 示例·射手}]
    B:
      base: [{id: 敌, card: 小兵}, {id: 敌二, card: 小兵}]
script:
  - activate: 射手
    ability: ability1
  - choose: [敌二]
  - pass:
expect:
  - unit: 敌二
    damage: 2
  - unit: 敌
    damage: 0
"""


def test_an_activated_ability_s_targets_are_asked_as_it_is_activated():
    scenario = parse(ARCHER, "a.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    assert state.question().kind == "choose_targets" and state.question().options == (("敌",), ("敌二",))
    assert not state.units["射手"].exhausted  # the activation waits, whole, for the answer
    trace = run(scenario)
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert not [event.text for step in trace.steps for event in step.events if event.default]


def test_json_names_the_question_the_run_stopped_at(bundled, cli, tmp_path):
    import json

    path = tmp_path / "open.yaml"
    path.write_text(VISION.replace("  - choose: []\n", ""), encoding="utf-8")
    code, out, _ = cli("run", str(path), "--format", "json")
    document = json.loads(out)
    assert code == 2 and document["passed"] is False
    assert document["pending"] == {
        "kind": "predict", "player": "A", "question": "A 预言 焚烧：哪些留在主牌堆顶（自上而下），其余回收",
        "options": ["焚烧", "无"], "answer_with": "choose: [留在顶部的牌，自上而下]",
    }


def test_a_play_that_names_no_targets_asks_for_them_without_defaults():
    shot = SPLIT.replace("    target: {who: enemy, count: 2}\n", "    target: enemy_unit\n").replace(
        "      - deal: {amount: 3, split: true}\n", "      - deal: 3\n").replace(
        "  - play: 示例·散射\n    targets: [敌, 敌二]\n  - pass: A\n  - pass: B\n  - choose: [敌二 3]\n",
        "  - play: 示例·散射\n  - choose: [敌二]\n  - pass:\n")
    scenario = parse(shot, "t.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    assert state.question().kind == "play_targets" and state.question().options == (("敌",), ("敌二",))
    assert not state.chain and state.players["A"].hand  # the play waits, whole
    trace = run(scenario)
    assert trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]


ROOT = Path(__file__).resolve().parents[1]
EVERY_SCENARIO = sorted(
    p for folder in ("examples/disputes", "examples/faq", "tests/abilities") for p in (ROOT / folder).glob("*.yaml")
)


def test_with_defaults_forced_off_the_engine_answers_no_choice_in_any_example():
    """Each example and ability scenario, run with defaults off: it stops at a question or runs on, but no
    event is ever the engine's default (benchmarks/bench_questions.py prints the same, with tests/catalog)."""
    from judgekit.errors import JudgekitError
    from judgekit.scenarios.scenario import load

    answered = []
    for path in EVERY_SCENARIO:
        try:
            scenario = load(path)
        except JudgekitError:
            continue  # rulings.yaml
        scenario.state.defaults = False
        try:
            trace = run(scenario)
        except ScenarioStopped as stopped:
            trace = stopped.trace
        answered += [(path.name, event.text) for step in trace.steps for event in step.events if event.default]
    assert answered == []


@pytest.mark.parametrize(
    ("text", "answer", "kind"),
    [
        (TRIGGER_TARGETS, "  - choose: [敌二]\n    player: A\n", "targets"),
        (ASSIGNMENT, "  - assign: {A: {敌: 1, 敌二: 3}}\n", "assign"),
        (VISION, "  - choose: []\n", "predict"),
        (MAY, "  - choose: true\n", "may"),
        (PAYMENT, "  - choose: [横置 翠意, 回收 炽烈]\n", "payment"),
        (SPLIT, "  - choose: [敌二 3]\n", "split"),
        (ARCHER, "  - choose: [敌二]\n", "choose_targets"),
    ],
    ids=lambda value: value if isinstance(value, str) and value.isidentifier() else None,
)
def test_each_kind_left_unanswered_stops_the_run_at_its_question_exit_2(text, answer, kind, bundled, cli, tmp_path):
    assert run(parse(text, "q.yaml")).passed  # answered, it runs to its verdicts
    path = tmp_path / "open.yaml"
    path.write_text(text.replace(answer, "", 1), encoding="utf-8")
    code, out, err = cli("run", str(path), "--format", "json")
    import json

    pending = json.loads(out)["pending"]
    assert code == 2 and pending["kind"] == kind and len(pending["options"]) > 1
    assert "待回答的问题" in err and "Traceback" not in err


def test_apply_never_changes_its_input_with_questions_held():
    """Every state of every example run with defaults forced off, questions held included, is left as it was."""
    from judgekit.errors import JudgekitError
    from judgekit.scenarios.scenario import load

    for path in EVERY_SCENARIO:
        try:
            scenario = load(path)
        except JudgekitError:
            continue
        state = scenario.state
        state.defaults = False
        for step in scenario.script:
            before = state.copy()
            try:
                after, _ = act.apply(state, step.action)
            except JudgekitError:
                assert state == before, path.name
                break
            assert state == before, path.name
            state = after
