"""The typed ability tree in card definitions: triggers, costs, conditions, limits, and the old short form."""

from __future__ import annotations

import pytest

from judgekit.engine import actions as act
from judgekit.engine.cards import AbilityCost, Trigger
from judgekit.engine.runner import run
from judgekit.engine.scenario import parse
from judgekit.errors import ScenarioError

SCENARIO = """
title: 能力树
cards:
  守望者:
    type: unit
    might: 2
    triggers:
      attack:
        - draw: 1
    abilities:
      - name: 送别
        trigger: {event: killed, subject: friendly}
        condition: {mighty: true}
        limit: turn
        effects: [{draw: 1}]
      - cost: {energy: 1, exhaust: true}
        target: enemy_unit
        effects: [{deal: 2}]
        duration: turn
state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 甲, card: 守望者}]}
    B: {}
script: []
"""


def test_the_ability_tree_is_read_with_the_short_form():
    card = parse(SCENARIO, "t.yaml").state.cards["守望者"]
    attack, farewell, activated = card.abilities
    assert attack.name == "attack" and attack.trigger == Trigger("attacked", "self")
    assert farewell.trigger == Trigger("killed", "friendly")
    assert farewell.condition == (("mighty", True),) and farewell.limit == "turn"
    assert activated.kind == "activated" and activated.name == "ability2"
    assert activated.cost == AbilityCost(energy=1, exhaust=True) and activated.target.who == "enemy"
    assert card.triggers == {"attack": ({"draw": 1},), "送别": ({"draw": 1},)}


def test_a_trigger_on_an_unknown_event_names_the_line():
    bad = SCENARIO.replace("event: killed", "event: exploded")
    with pytest.raises(ScenarioError, match=r"t\.yaml:1[0-9]: .*event"):
        parse(bad, "t.yaml")


WATCHERS = """
title: 友方与敌方单位阵亡时的触发
cards:
  守望者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: killed, subject: friendly}
        limit: turn
        effects: [{draw: 1}]
  看客:
    type: unit
    might: 2
    abilities:
      - trigger: {event: killed, subject: enemy}
        effects: [{draw: 1}]
      - name: 强力时
        trigger: {event: killed, subject: enemy}
        condition: {mighty: true}
        effects: [{draw: 5}]
  小兵:
    type: unit
    might: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 5
      base: [{id: 甲, card: 守望者}, {id: 兵一, card: 小兵}, {id: 兵二, card: 小兵}]
    B:
      deck: 5
      base: [{id: 乙, card: 看客}]
script:
  - effect: [{kill: null}]
    targets: 兵一
    controller: A
    expect:
      - player: A
        drawn: 1
      - player: B
        drawn: 1
  - effect: [{kill: null}]
    targets: 兵二
    controller: A
expect:
  - player: A
    drawn: 1
    note: 每回合一次：第二次阵亡时守望者不再触发
  - player: B
    drawn: 2
  - cites: [383.3.d.1, 383.3.e.1, 383.2.a.1]
"""


def test_triggers_watch_deaths_in_turn_order_once_per_turn_and_check_conditions():
    trace = _passing_run(WATCHERS)
    lines = [event.text for step in trace.steps for event in step.events]
    # B's trigger went on the chain last (turn player first, 383.3.d.1), so it resolved first.
    resolved = [text for text in lines if text.endswith(" 结算")]
    assert resolved[:2] == ["乙 的ability1能力 结算", "甲 的ability1能力 结算"]


ACTIVATED = """
title: 启动能力
cards:
  投石手:
    type: unit
    might: 2
    abilities:
      - name: 投石
        cost: {energy: 1, exhaust: true}
        target: enemy_unit
        effects: [{deal: 2}]
  靶子:
    type: unit
    might: 3
state:
  turn: {player: A, phase: main}
  players:
    A:
      runes: 2
      base: [{id: 甲, card: 投石手}]
    B:
      base: [{id: 乙, card: 靶子}]
script:
  - activate: 甲
    player: B
    ability: 投石
    expect_illegal: 312.1.b
  - activate: 甲
    ability: 投石
    targets: 乙
    expect:
      - unit: 甲
        exhausted: true
      - unit: 乙
        damage: 0
        note: 启动能力在结算链上等待所有玩家让过
  - pass:
  - activate: 甲
    ability: 投石
    expect_illegal: 358.2
expect:
  - unit: 乙
    damage: 2
  - cites: [377.3, 358.2]
"""


def test_an_activated_ability_pays_its_cost_and_waits_on_the_chain():
    _passing_run(ACTIVATED)
    scenario = parse(ACTIVATED, "a.yaml")
    options = act.decision(scenario.state).options
    assert act.Activate("A", "甲", "投石") in options


REFLEXIVE = """
title: 反身触发与持续时间
cards:
  鼓手:
    type: unit
    might: 2
    abilities:
      - trigger: {event: played, subject: self}
        duration: combat
        effects: [{might: 2}]
        reflexive: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [鼓手]
      runes: 3
      deck: 3
    B: {}
script:
  - play: 鼓手
expect:
  - unit: 鼓手
    might: 4
  - player: A
    drawn: 1
  - cites: [388.1]
"""


def test_a_reflexive_trigger_follows_its_ability_and_the_duration_reaches_the_effects():
    trace = _passing_run(REFLEXIVE)
    texts = [event.text for step in trace.steps for event in step.events]
    assert any("本场战斗战力 +2" in text for text in texts), texts


def _passing_run(text: str):
    """Run an inline scenario; every expectation must hold."""
    trace = run(parse(text, "inline.yaml"))
    assert trace.verdicts and trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    return trace


ORDERED = """
title: 控制者排列自己同时触发的能力
defaults: false
cards:
  书记:
    type: unit
    might: 2
    abilities:
      - name: 记一笔
        trigger: {event: killed, subject: friendly}
        effects: [{draw: 1}]
      - name: 记两笔
        trigger: {event: killed, subject: friendly}
        effects: [{draw: 2}]
  小兵:
    type: unit
    might: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 5
      base: [{id: 甲, card: 书记}, {id: 兵, card: 小兵}]
    B: {}
script:
  - effect: [{kill: null}]
    targets: 兵
    controller: A
  - order_triggers: [甲 的记一笔能力, 甲 的记两笔能力, 甲 的记三笔能力]
    expect_illegal: 383.3.d
  - order_triggers: [甲 的记两笔能力, 甲 的记一笔能力]
  - pass: A
  - pass: B
    expect:
      - player: A
        drawn: 1
        note: 最后放入的“记一笔”最先结算
expect:
  - cites: [383.3.d]
"""


def test_the_controller_orders_their_simultaneous_triggers_as_a_decision():
    _passing_run(ORDERED)
    after_kill = act.apply(parse(ORDERED, "o.yaml").state, act.Resolve(effects=({"kill": None},), targets=("兵",), controller="A"))[0]
    orders = [option.order for option in act.decision(after_kill).options if isinstance(option, act.OrderTriggers)]
    assert sorted(orders) == [("甲 的记一笔能力", "甲 的记两笔能力"), ("甲 的记两笔能力", "甲 的记一笔能力")]


CONQUEROR = """
title: 单位的征服能力
cards:
  先锋:
    type: unit
    might: 3
    abilities:
      - name: 征服者
        trigger: conquered
        effects: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base: [{id: 先锋一, card: 先锋}, {id: 先锋二, card: 先锋}]
    B: {}
  battlefields:
    - name: 北方战场
script:
  - move: 先锋一
    to: 北方战场
  - pass:
    note: 非战斗的法术对决结束，A 征服北方战场
expect:
  - battlefield: 北方战场
    controller: A
  - player: A
    drawn: 1
    note: 只有在该战场上的先锋一的征服能力触发
"""


def test_a_unit_conquers_where_it_is():
    _passing_run(CONQUEROR)


def test_the_schema_offers_exactly_the_events_the_engine_names():
    from judgekit.engine.cards import EVENT_NAMES
    from judgekit.engine.schema import schema

    assert schema()["$defs"]["trigger"]["anyOf"][0]["enum"] == list(EVENT_NAMES)


BECOMES_MIGHTY = """
title: 友方单位成为强力单位时
cards:
  教官:
    type: unit
    might: 2
    abilities:
      - trigger: {event: became_mighty, subject: friendly}
        effects: [{draw: 1}]
  新兵:
    type: unit
    might: 4
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base: [{id: 教官, card: 教官}, {id: 新兵, card: 新兵}]
    B: {}
script:
  - effect: [{might: 1}]
    targets: 新兵
    controller: A
    expect:
      - player: A
        drawn: 1
  - effect: [{might: 1}]
    targets: 新兵
    controller: A
    note: 已是强力单位，不会再“成为”强力单位
expect:
  - player: A
    drawn: 1
  - cites: [709]
"""


def test_becoming_mighty_is_an_event_only_when_crossing_the_threshold():
    _passing_run(BECOMES_MIGHTY)


ARRIVALS = """
title: 单位移动到此处时
cards:
  哨塔:
    type: unit
    might: 3
    abilities:
      - trigger: {event: moved, subject: friendly, at: here}
        effects: [{draw: 1}]
  斥候:
    type: unit
    might: 1
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base: [{id: 斥候一, card: 斥候}, {id: 斥候二, card: 斥候}]
    B: {}
  battlefields:
    - name: 北方战场
      controller: A
      units: [{id: 哨塔, card: 哨塔}]
    - name: 南方战场
      controller: A
script:
  - move: 斥候一
    to: 南方战场
  - move: 斥候二
    to: 北方战场
expect:
  - player: A
    drawn: 1
    note: 只有移动到哨塔所在战场的斥候二使它触发
"""


def test_a_trigger_here_sees_only_what_happens_where_its_source_is():
    _passing_run(ARRIVALS)
