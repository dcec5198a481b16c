"""Copy effects (477.1.b): copiable traits taken, status kept, the copy ending with its gear; new ability instances."""

from __future__ import annotations

from judgekit.scenarios import runner, scenario

CARDS = """cards:
  眼镜:
    type: gear
    cost: 4
    passives: {copies_as_attached: 1}
    abilities:
      - name: 装配
        cost: {energy: 1}
        target: {who: friendly, count: 2}
        effects: [{attach: 眼镜}]
  巨像:
    type: unit
    cost: 6
    might: 6
    abilities:
      - name: 冲锋
        cost: {energy: 1}
        limit: turn
        effects: [{ready: null}]
  小兵:
    type: token
    might: 1
"""
SCENARIO = """title: t
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      gear: [眼镜, 眼镜]
      runes: 6
      base:
        - {{id: 兵, card: {copier}, buffs: 1}}
        - {{id: 像, card: 巨像, empowered: 1}}
        - {{id: 二号, card: 先锋中士}}
    B: {{}}
script:
{script}
"""
EQUIP = "  - activate: 眼镜\n    ability: 装配\n    targets: [兵, 像]\n  - pass:\n"


def run(script: str, copier: str = "先锋中士"):
    return runner.play(scenario.parse(CARDS + SCENARIO.format(copier=copier, script=script), "s.yaml"))


def test_a_copy_takes_the_copiable_traits_and_keeps_its_own_status():
    trace, state = run(EQUIP)
    unit = state.units["兵"]
    assert (unit.card, unit.printed, unit.buffs, unit.empowered) == ("巨像", "先锋中士", 1, 0)
    assert {"477.1.b.1.a", "477.1.b.1.b"} <= set(trace.cited())


def test_the_copy_ends_as_the_gear_detaches():
    _, state = run(EQUIP + "  - effect: [{detach: 眼镜}]\n    targets: 兵\n    controller: A\n")
    assert (state.units["兵"].card, state.units["兵"].printed) == ("先锋中士", None)


def test_a_copy_of_a_copy_takes_what_that_one_copies():
    second = "  - activate: 眼镜#2\n    ability: 装配\n    targets: [二号, 兵]\n  - pass:\n"
    _, state = run(EQUIP + second)
    assert state.units["二号"].card == "巨像"  # 477.1.b.1.b: 兵's copiable traits are now 巨像's


def test_a_copy_leaves_the_board_as_its_own_card():
    _, state = run(EQUIP + "  - effect: [{kill: null}]\n    targets: 兵\n    controller: A\n")
    assert [card.name for card in state.players["A"].trash] == ["先锋中士"]


def test_a_token_that_copies_a_card_still_ceases_to_exist_off_the_board():
    _, state = run(EQUIP + "  - effect: [{kill: null}]\n    targets: 兵\n    controller: A\n", copier="小兵")
    assert state.players["A"].trash == [] and "兵" not in state.units


def test_a_once_each_turn_ability_is_refused_the_second_time_from_the_same_copy():
    use = "  - activate: 兵\n    ability: 冲锋\n  - pass:\n"
    trace, _ = run(EQUIP + use + "  - activate: 兵\n    ability: 冲锋\n    expect_illegal: 377.2.b\n")
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_an_attach_trigger_sees_an_attachment_to_its_own_unit():
    cards = CARDS.replace("  小兵:", "  射手:\n    type: unit\n    cost: 4\n    might: 4\n    abilities:\n"
                          "      - {name: 贴附时, trigger: attached, effects: [{buff: null}]}\n  小兵:")
    loaded = scenario.parse(cards + SCENARIO.format(copier="射手", script=EQUIP), "s.yaml")
    loaded.state.units["兵"].buffs = 0
    _, state = runner.play(loaded)
    assert state.units["兵"].buffs == 1  # it saw the attachment before it became a copy (370.1.b.1)


def test_copying_a_unit_that_is_not_friendly_is_refused():
    script = "  - activate: 眼镜\n    ability: 装配\n    targets: [兵, 敌]\n    expect_illegal: 355\n"
    text = CARDS + SCENARIO.format(copier="先锋中士", script=script)
    text = text.replace("    B: {}\n", "    B:\n      base:\n        - {id: 敌, card: 先锋中士}\n")
    trace, _ = runner.play(scenario.parse(text, "s.yaml"))
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_the_copy_ends_as_its_attached_gear_is_killed():
    from judgekit.engine.gear import kill_gear
    from judgekit.engine.targeting import GearRef
    from judgekit.engine.trace import Log

    _, state = run(EQUIP)
    kill_gear(state, Log(), GearRef("眼镜", holder="兵"))
    unit = state.units["兵"]
    assert (unit.card, unit.printed, unit.attached) == ("先锋中士", None, [])
    assert [card.name for card in state.players["A"].trash] == ["眼镜"]
