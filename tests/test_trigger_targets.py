"""A triggered ability chooses its targets as it goes on the chain (383.3, 355.8) and checks them again as it resolves (359.3.e)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine import actions as act
from judgekit.engine import targeting
from judgekit.engine.cards import TargetSpec
from judgekit.engine.state import Unit
from judgekit.errors import IllegalActionError
from judgekit.scenarios.runner import play, run
from judgekit.scenarios.scenario import load, parse

FILE = Path(__file__).with_name("abilities") / "targets-on-chain.yaml"


def _after_the_kill():
    """The state once the friendly unit died and the avenger's trigger went on the chain."""
    state = load(FILE).state
    return act.apply(state, act.Resolve(effects=({"kill": None},), targets=("兵",), controller="A"))


def _texts(trace) -> list[str]:
    return [event.text for step in trace.steps for event in step.events]


def test_the_target_chosen_on_the_chain_is_lost_when_it_becomes_illegal():
    trace = run(load(FILE))
    assert trace.verdicts and trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]


def test_the_first_legal_target_is_chosen_as_the_trigger_goes_on_the_chain():
    state, events = _after_the_kill()
    assert state.chain[-1].targets == (("敌",),) and state.chain[-1].targets_default
    chosen = [event for event in events if "加入结算链时选择目标" in event.text]
    assert len(chosen) == 1 and chosen[0].default


def test_a_unit_that_was_not_legal_as_the_trigger_went_on_the_chain_cannot_be_named_later():
    state, _ = _after_the_kill()
    state.units["新"] = Unit("新", "小兵", "B", "B", "北方战场")  # arrives after the choice was made
    with pytest.raises(IllegalActionError, match="加入结算链时不是有效目标"):
        act.apply(state, act.ResolveChain(targets=("新",)))


def test_the_script_states_a_target_that_was_legal_on_the_chain():
    text = FILE.read_text(encoding="utf-8")
    both = text.replace("        - {id: 敌, card: 小兵}", "        - {id: 敌, card: 小兵}\n        - {id: 敌二, card: 小兵}")
    state, _ = act.apply(parse(both, "t.yaml").state, act.Resolve(effects=({"kill": None},), targets=("兵",), controller="A"))
    after, _ = act.apply(state, act.ResolveChain(targets=("敌二",)))
    assert "敌二" not in after.units and after.units["敌"].damage == 0  # 3 damage killed the one named


def test_a_trigger_with_no_legal_target_leaves_the_chain():
    state = load(FILE).state
    del state.units["敌"]  # no enemy unit at a battlefield as the trigger goes on the chain
    after, events = act.apply(state, act.Resolve(effects=({"kill": None},), targets=("兵",), controller="A"))
    assert not after.chain
    assert any("没有有效目标" in event.text and "355.8" in event.numbers for event in events)


def test_a_trigger_whose_target_has_deflect_leaves_the_chain_when_its_controller_cannot_pay():
    ahri = Path(__file__).parents[1] / "examples" / "faq" / "origins-judge-2.5.yaml"
    state = load(ahri).state
    state.players["A"].runes.clear()
    after, events = act.apply(state, act.Move(("阿狸",), "北方战场"))
    assert not after.chain and after.units["掠食者"].effects == ()
    left = [event for event in events if "付不起目标的法盾费用" in event.text]
    assert len(left) == 1 and {"809.1.d", "404.2", "404.2.a"} <= set(left[0].numbers)


def test_a_deathknell_chooses_its_target_as_it_goes_on_the_chain_and_all_units_are_picked_as_it_resolves():
    state = load(FILE.with_name("deathknell-targets.yaml")).state
    after, _ = act.apply(state, act.Resolve(effects=({"kill": None},), targets=("甲",), controller="A"))
    assert after.chain[-1].targets == (("敌",),)
    after, _ = act.apply(state, act.Resolve(effects=({"kill": None},), targets=("乙",), controller="A"))
    assert after.chain[-1].targets == () and after.chain[-1].target_options is None  # 355.10.d: not targeted


def test_per_location_targets_must_each_be_at_a_different_location():
    state = load(Path(__file__).parents[1] / "examples" / "faq" / "unleashed-9.yaml").state
    spec = TargetSpec(who="enemy", count=3, up_to=True, per_location=True)
    ctx = targeting.Context("远古巨龙", "A")
    targeting.check_targets(state, ctx, spec, [state.units["北兵"], state.units["南兵"]])
    state.units["南兵"].location = "北方战场"
    with pytest.raises(IllegalActionError, match="每个位置至多选择一名"):
        targeting.check_targets(state, ctx, spec, [state.units["北兵"], state.units["南兵"]])


# 359.3.f.2, 359.3.e.12 — “your units here” is where the source is as the ability resolves: gone, nowhere
def test_a_play_trigger_about_here_does_nothing_once_its_source_left_the_board():
    text = """
title: t
defaults: false
cards:
  示例·治疗者:
    type: unit
    cost: 0
    might: 2
    abilities:
      - trigger: played
        target: {who: friendly, where: here, count: null}
        effects: [{heal: null}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·治疗者]
      base:
        - {id: 魄罗, card: 强强魄罗, damage: 1}
    B: {}
script:
  - play: 示例·治疗者
  - effect: [{kill: null}]
    targets: 示例·治疗者
    controller: B
  - pass: A
  - pass: B
"""
    trace, state = play(parse(text, "t.yaml"))
    assert state.units["魄罗"].damage == 1 and "359.3.e.12" in trace.cited()
