"""The kernel: decisions, generated options, priority and focus, playing cards, and its invariants."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgekit.engine import actions as act
from judgekit.engine.rules import REFS, OpenDecisionError
from judgekit.errors import AmbiguousReferenceError, IllegalActionError, ScenarioError
from judgekit.scenarios.report import RuleText, text
from judgekit.scenarios.runner import play, run
from judgekit.scenarios.scenario import load, parse

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "disputes").glob("*.yaml"))

DUEL = """
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [焚烧, 训练有素]
      runes: [炽烈, 炽烈, 翠意, 翠意]
      deck: 5
      base:
        - {id: 中士, card: 先锋中士}
    B:
      hand: [训练有素, 焚烧]
      runes: [翠意, 翠意]
      deck: 5
  battlefields:
    - name: 北方战场
      controller: B
      units:
        - {id: 潜伏者, card: 船坞潜伏者}
    - name: 南方战场
"""


def scenario(body: str, script: str = "[]", extra: str = ""):
    return parse("title: t\n" + extra + textwrap.dedent(body) + "script: " + script + "\n", "test.yaml")


def unpaid(options) -> list:
    """The options without the engine's payment answer, to compare plays by what they play."""
    return [replace(option, pay=None) if isinstance(option, act.Play) else option for option in options]


def refused(state, action) -> str:
    with pytest.raises(IllegalActionError) as error:
        act.apply(state, action)
    return error.value.rule


# -- decisions and priority ---------------------------------------------------


def test_the_turn_player_decides_in_a_neutral_open_main_phase_with_generated_options():
    state = scenario(DUEL).state
    pending = act.decision(state)
    options = unpaid(pending.options)
    assert pending.player == "A" and pending.kind == "回合"
    assert act.EndTurn() in options and act.Move(("中士",), "北方战场") in options
    assert act.Play("A", "焚烧", targets=(("潜伏者",),)) in options
    assert act.Play("A", "训练有素", targets=(("中士",),)) in options
    assert not any(getattr(option, "player", "A") == "B" for option in pending.options)


def test_after_playing_the_player_keeps_priority_and_only_reactions_answer():
    state = scenario(DUEL).state
    played, _ = act.apply(state, act.Play("A", "焚烧", targets=(("潜伏者",),)))
    assert played.priority == "A" and played.chain[-1].kind == "play"
    assert refused(played, act.Pass("B")) == "no_priority"
    passed, _ = act.apply(played, act.Pass("A"))
    options = unpaid(act.decision(passed).options)
    assert act.Pass("B") in options
    assert act.Play("B", "训练有素", targets=(("潜伏者",),)) in options
    assert refused(passed, act.Play("B", "焚烧", targets=(("中士",),))) == "closed_state"


def test_the_newest_item_resolves_only_after_every_player_passed_in_turn():
    state = scenario(DUEL).state
    for action in (
        act.Play("A", "焚烧", targets=(("潜伏者",),)),
        act.Pass("A"),
        act.Play("B", "训练有素", targets=(("潜伏者",),)),
        act.Pass("B"),
    ):
        state, _ = act.apply(state, action)
    assert len(state.chain) == 2 and state.priority == "A"
    state, events = act.apply(state, act.Pass("A"))
    assert [item.card for item in state.chain] == ["焚烧"] and state.priority == "A"
    assert "340.4" in [n for e in events for n in e.numbers]
    state, _ = act.apply(state, act.Pass(None))
    assert not state.chain and state.units["潜伏者"].damage == 2


def test_every_event_passes_through_one_typed_record_of_the_turn():
    state = scenario(DUEL).state
    moves = (act.Move(("中士",), "南方战场"), act.Pass(None))
    for action in (act.Play("A", "焚烧", targets=(("潜伏者",),)), act.Pass(None), *moves):
        state, _ = act.apply(state, action)
    kinds = [(event.kind, event.subject) for event in state.this_turn]
    assert kinds[:5] == [("spent", "焚烧"), ("finalized", "焚烧"), ("chosen", "潜伏者"), ("damaged", "潜伏者"), ("played", "焚烧")]
    assert ("moved", "中士") in kinds and ("conquered", "南方战场") in kinds
    ended, _ = act.apply(state, act.EndTurn())
    assert all(event.kind != "finalized" for event in ended.this_turn)


def test_moving_or_ending_the_turn_while_a_chain_exists_is_refused():
    state, _ = act.apply(scenario(DUEL).state, act.Play("A", "焚烧", targets=(("潜伏者",),)))
    assert refused(state, act.Move(("中士",), "南方战场")) == "standard_move_not_closed"
    assert refused(state, act.EndTurn()) == "closed_state"


def test_focus_passes_after_a_chain_a_player_opened_but_not_after_a_triggered_one():
    state = scenario(DUEL).state
    state, _ = act.apply(state, act.Move(("中士",), "北方战场"))
    assert state.showdown.focus == "A" and act.decision(state).kind == "焦点"
    state, _ = act.apply(state, act.Play("A", "焚烧", targets=(("潜伏者",),)))
    state, _ = act.apply(state, act.Pass("A"))
    state, events = act.apply(state, act.Pass("B"))
    assert state.showdown.focus == "B" and "340.2.a" in [n for e in events for n in e.numbers]


def test_cost_paid_from_the_pool_first_then_runes_and_refused_when_short():
    body = DUEL.replace("      runes: [炽烈, 炽烈, 翠意, 翠意]\n", "      runes: 1\n      energy: 1\n")
    state = scenario(body).state
    paid, _ = act.apply(state, act.Play("A", "焚烧", targets=(("潜伏者",),)))
    assert paid.players["A"].energy == 0 and paid.players["A"].runes[0].exhausted
    poorer = scenario(body.replace("      energy: 1\n", "")).state
    assert refused(poorer, act.Play("A", "焚烧", targets=(("潜伏者",),))) == "check_costs"
    assert [card.name for card in poorer.players["A"].hand] == ["焚烧", "训练有素"]


def test_a_named_payment_is_the_players_answer_and_a_wrong_one_is_refused():
    from judgekit.engine.costs import Payment

    state = scenario(DUEL).state
    wrong = act.Play("A", "焚烧", targets=(("潜伏者",),), pay=Payment(exhaust=("炽烈",)))
    assert refused(state, wrong) == "check_costs"
    missing = act.Play("A", "焚烧", targets=(("潜伏者",),), pay=Payment(exhaust=("混沌",)))
    assert refused(state, missing) == "rune_energy"
    named = act.Play("A", "焚烧", targets=(("潜伏者",),), pay=Payment(exhaust=("翠意", "翠意")))
    paid, events = act.apply(state, named)
    assert [r.domain for r in paid.players["A"].runes if r.exhausted] == ["翠意", "翠意"]
    assert not any(event.default for event in events)


def test_repeat_executes_again_even_without_targets():
    body = "cards:\n  连抽: {type: spell, cost: 0, keywords: {回响: 0}, effects: [{draw: 1}]}\n" + DUEL.replace(
        "hand: [焚烧, 训练有素]", "hand: [连抽]"
    )
    state, _ = act.apply(scenario(body).state, act.Play("A", "连抽", repeat=1))
    state, _ = act.apply(state, act.Pass(None))
    assert state.players["A"].drawn == 2


def test_a_played_card_keeps_its_identity_from_hand_to_trash():
    state = scenario(DUEL).state
    card = state.players["A"].hand[0]
    assert (card.name, card.owner) == ("焚烧", "A")
    state, _ = act.apply(state, act.Play("A", "焚烧", targets=(("潜伏者",),)))
    assert state.chain[-1].played == card
    state, _ = act.apply(state, act.Pass(None))
    assert state.players["A"].trash == [card]


def test_a_new_object_never_takes_the_id_of_one_that_left_the_board():
    body = DUEL.replace("hand: [焚烧, 训练有素]", "hand: [船坞潜伏者]")
    state = scenario(body).state
    state, _ = act.apply(state, act.Play("A", "船坞潜伏者"))
    assert state.units["船坞潜伏者"].location == "base:A"
    state, _ = act.apply(state, act.Resolve(effects=({"kill": None},), targets=("船坞潜伏者",), controller="B"))
    assert "船坞潜伏者" not in state.units and state.fresh_id("船坞潜伏者") == "船坞潜伏者#2"


def test_up_to_targets_may_be_none_but_a_single_target_may_not():
    body = DUEL.replace("hand: [焚烧, 训练有素]", "hand: [星芒凝汇, 焚烧]").replace(
        "runes: [炽烈, 炽烈, 翠意, 翠意]", "runes: 8"
    )
    state = scenario(body).state
    played, _ = act.apply(state, act.Play("A", "星芒凝汇"))
    assert played.chain[-1].targets == ((),)
    assert refused(state, act.Play("A", "焚烧")) == "valid_targets"


def test_generated_plays_cover_each_mode_and_accelerate():
    body = "cards:\n  二择: {type: spell, cost: 1, target: unit, modes: {甲: [{deal: 1}], 乙: [{stun: null}]}}\n"
    body += DUEL.replace("hand: [焚烧, 训练有素]", "hand: [二择, 军团后卫]")
    options = unpaid(act.decision(scenario(body).state).options)
    assert act.Play("A", "二择", targets=(("潜伏者",),), modes=("乙",)) in options
    assert act.Play("A", "军团后卫", accelerate=True) in options and act.Play("A", "军团后卫") in options


def test_a_unit_is_played_to_base_or_a_battlefield_its_controller_controls():
    body = DUEL.replace("hand: [焚烧, 训练有素]", "hand: [先锋中士]")
    state = scenario(body).state
    assert refused(state, act.Play("A", "先锋中士", to="北方战场")) == "unit_location"
    placed, _ = act.apply(state, act.Play("A", "先锋中士"))
    assert placed.units["先锋中士"].exhausted and placed.units["先锋中士"].location == "base:A"
    assert not placed.chain


# -- scenario format ----------------------------------------------------------


def test_a_misspelled_unit_under_expect_illegal_is_an_invalid_scenario():
    with pytest.raises(ScenarioError, match="test.yaml:.*中仕"):
        scenario(DUEL, "\n  - move: 中仕\n    to: 南方战场\n    expect_illegal: true")


def test_a_misspelled_unit_in_an_expectation_is_an_invalid_scenario():
    with pytest.raises(ScenarioError, match="test.yaml:.*中仕"):
        scenario(DUEL + "expect:\n  - unit: 中仕\n    alive: true\n")


def test_a_misspelled_unit_with_a_triggered_ability_is_an_invalid_scenario_too():
    with pytest.raises(ScenarioError, match="中仕"):
        scenario(DUEL, "\n  - resolve: 中仕\n    ability: play\n    expect_illegal: true")


def test_with_defaults_off_an_unanswered_payment_or_assignment_makes_the_scenario_invalid():
    strict = "defaults: false\n"
    with pytest.raises(ScenarioError, match="test.yaml:.*支付 焚烧.*横置 炽烈、横置 炽烈；.*pay:"):
        play(scenario(DUEL, "\n  - play: 焚烧\n    targets: 潜伏者", strict))
    two = DUEL.replace("        - {id: 潜伏者, card: 船坞潜伏者}\n", "        - {id: 潜伏者, card: 船坞潜伏者}\n        - {id: 乙, card: 船坞潜伏者}\n")
    with pytest.raises(ScenarioError, match="test.yaml:.*待回答的问题：A 如何把 4 点战斗伤害分配.*assign"):
        play(scenario(two, "\n  - move: 中士\n    to: 北方战场\n  - pass:", strict))  # A's 4 damage: a choice
    answered = "\n  - move: 中士\n    to: 北方战场\n  - pass:\n    assign: {A: {潜伏者: 4}, B: {中士: 3}}"
    assert play(scenario(DUEL, answered, strict))[1].units["中士"].damage == 0


def test_with_defaults_off_the_generated_last_pass_of_a_combat_carries_an_assignment():
    state = scenario(DUEL, extra="defaults: false\n").state
    state, _ = act.apply(state, act.Move(("中士",), "北方战场"))
    state, _ = act.apply(state, act.Pass("A"))
    (last,) = [option for option in act.decision(state).options if isinstance(option, act.Pass)]
    assert last.assign == {"A": {"潜伏者": 4}, "B": {"中士": 3}}
    assert "中士" in act.apply(state, last)[0].units


def test_expect_illegal_names_the_rule_and_a_wrong_rule_fails_the_verdict():
    step = "\n  - pass: B\n    expect_illegal: {}"
    right = run(scenario(DUEL, step.format("312.1")))
    wrong = run(scenario(DUEL, step.format("144.1.c")))
    assert right.passed and not wrong.passed
    assert wrong.verdicts[0].expected == "144.1.c" and wrong.verdicts[0].actual == "312.1.b"


def test_cites_matches_a_subtree_and_checkpoints_run_after_their_step():
    script = "\n  - play: 焚烧\n    targets: 潜伏者\n    expect:\n      - player: A\n        hand: 1\n  - pass:"
    body = DUEL + "expect:\n  - cites: [340, 359.3]\n  - not_cites: 144.1\n"
    trace = run(scenario(body, script))
    assert trace.passed and trace.verdicts[0].description.startswith("第 1 步后")


def test_explain_lists_the_decision_and_its_options_before_each_step():
    trace = run(load(EXAMPLES[19]), explain=True)
    first = trace.steps[0].options
    assert first[0].startswith("A 的决定") and "A 打出 焚烧，目标：潜伏者，支付方式：横置 炽烈、炽烈" in first


def test_a_heading_rule_shows_the_summary_instead_of_an_empty_text():
    trace = run(load(EXAMPLES[19]))
    texts = {number: RuleText("en-2026-07-16", "") for number in trace.cited()}
    out = text(trace, texts)
    assert "340.1（en-2026-07-16）最新的已确定结算链项结算" in out


# -- the most specific rule ---------------------------------------------------


def cited_numbers(body: str, script: str) -> list[str]:
    return run(scenario(body, script)).cited()


def test_a_negative_bonus_is_ignored_citing_714_2():
    body = "cards:\n  减伤: {type: unit, might: 2, passives: {bonus_damage: -1}}\n" + DUEL.replace(
        "        - {id: 中士, card: 先锋中士}", "        - {id: 中士, card: 先锋中士}\n        - {id: 减, card: 减伤}"
    )
    assert "714.2" in cited_numbers(body, "\n  - play: 焚烧\n    targets: 潜伏者\n  - pass:")


def test_a_second_buff_cites_the_buff_cap_subrule():
    script = "\n  - effect: [{buff: null}]\n    targets: 中士\n  - effect: [{buff: null}]\n    targets: 中士"
    assert "702.3.a" in cited_numbers(DUEL, script)


def test_a_shield_unit_attacking_cites_that_shield_works_only_in_defense():
    body = DUEL.replace("{id: 中士, card: 先锋中士}", "{id: 中士, card: 日耀卫队}")
    cited = cited_numbers(body, "\n  - move: 中士\n    to: 北方战场\n  - pass:")
    assert "814.1.d" in cited and "814.1.c" in cited  # “while I am a defender, +X”: an attacker gets nothing


# Each rule the trace cites at the level that decides (issue 15): the subrule, not its parent.
def test_damage_healed_at_the_end_of_the_turn_cites_143_3_b_1():
    script = "\n  - effect: [{deal: 1}]\n    targets: 中士\n    controller: B\n  - end_turn:"
    assert "143.3.b.1" in cited_numbers(DUEL, script)


def test_a_limited_decrease_cites_the_snapshotted_floor():
    script = "\n  - effect: [{might: {amount: -3, min: 2}}]\n    targets: 中士\n    controller: B"
    assert "477.3.e.2.b" in cited_numbers(DUEL, script)


def test_winning_a_combat_cites_466_3_a():
    body = "cards:\n  弱兵: {type: unit, might: 1}\n" + DUEL.replace("card: 船坞潜伏者", "card: 弱兵")
    cited = cited_numbers(body, "\n  - move: 中士\n    to: 北方战场\n  - pass:")
    assert "466.3.a" in cited and "466.3" not in cited


def test_a_replaced_death_cites_that_the_kill_never_happened():
    body = "cards:\n  沙漏: {type: gear, cost: 2, replacements: [{event: die, affects: friendly, recall: true, kill_self: true}]}\n"
    body += DUEL.replace("      deck: 5\n      base:", "      deck: 5\n      gear: [沙漏]\n      base:", 1)
    assert "370.1.a.1" in cited_numbers(body, "\n  - effect: [{kill: null}]\n    targets: 中士\n    controller: B")


def test_a_repeated_execution_cites_820_1_d_1():
    body = "cards:\n  连击: {type: spell, cost: 0, target: unit, effects: [{deal: 1}], keywords: {回响: 0}}\n"
    body += DUEL.replace("hand: [焚烧, 训练有素]", "hand: [连击]")
    script = "\n  - play: 连击\n    targets: 潜伏者\n    repeat: 1\n    repeat_targets: [[潜伏者]]\n  - pass:"
    assert "820.1.d.1" in cited_numbers(body, script)


def test_the_last_point_by_holding_cites_that_only_conquest_is_limited():
    body = DUEL.replace("turn: {player: A, phase: main}", "turn: {player: B, phase: main}").replace(
        "    A:\n", "    A:\n      points: 7\n"
    ).replace("    - name: 南方战场", "    - name: 南方战场\n      controller: A\n      units: [{id: 卫, card: 日耀卫队}]")
    assert "471.1.a.1" in cited_numbers(body, "\n  - end_turn:")


def test_damage_removed_at_the_end_of_the_turn_cites_the_ending_heal():
    body = DUEL.replace("{id: 潜伏者, card: 船坞潜伏者}", "{id: 潜伏者, card: 船坞潜伏者, damage: 1}")
    assert "317.2.b" in cited_numbers(body, "\n  - end_turn:")


def test_the_victory_is_announced_once():
    trace = run(load(ROOT / "examples" / "disputes" / "33-burn-out-repeated.yaml"))
    wins = [e for step in trace.steps for e in step.events if "472" in e.numbers]
    assert len(wins) == 1 and not any("获胜" in change for step in trace.steps for change in step.changes)


# -- invariants on every example's starting state -----------------------------


def _states_along(path: Path) -> list:
    """The example's starting state and the state after each scripted step the rules accept."""
    scenario_ = load(path)
    states = [scenario_.state]
    for step in scenario_.script:
        try:
            states.append(act.apply(states[-1], step.action)[0])
        except IllegalActionError:
            continue
    return states


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    start=st.integers(min_value=0, max_value=100),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=8),
)
def test_random_legal_answers_are_accepted_and_never_change_their_input(path, start, picks):
    """From the starting state (start 0) or a state along the script, answers drawn from the generated options."""
    states = _states_along(path)
    state = states[0] if start % 2 == 0 else states[start % len(states)]
    for pick in picks:
        pending = act.decision(state)
        if pending is None or not pending.options:
            return
        answer = pending.options[pick % len(pending.options)]
        given_state, before = state, state.copy()
        state, events = act.apply(given_state, answer)  # a generated option is always accepted
        assert given_state == before and all(key in REFS for e in events for key in e.rules)


WRONG_ANSWERS = [
    lambda s, p: act.Pass(p),
    lambda s, p: act.Play(p, next(iter(s.cards))),
    lambda s, p: act.Play(p, "焚烧", targets=((next(iter(s.units), "x"),),)),
    lambda s, p: act.Move(tuple(s.units)[:1], "base"),
    lambda s, p: act.EndTurn(),
    lambda s, p: act.Hide(p, "格挡", next(iter(s.battlefields), "x")),
]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_refused_answer_names_a_rule_and_leaves_the_state_alone(path):
    state = load(path).state
    before = state.copy()
    for player in state.players:
        for make in WRONG_ANSWERS:
            try:
                act.apply(state, make(state, player))
            except IllegalActionError as error:
                assert error.rule in REFS, (make, player, str(error))
            except (AmbiguousReferenceError, OpenDecisionError):  # not refusals: a name to make precise, an answer owed
                pass
    assert state == before


def test_a_long_script_of_plays_and_passes_runs_and_each_input_stays_unchanged():
    state = scenario(DUEL).state
    script = [
        act.Play("A", "焚烧", targets=(("潜伏者",),)),
        act.Pass("A"),
        act.Play("B", "训练有素", targets=(("潜伏者",),)),
        act.Pass(None),
    ]
    for action in script:
        given_state, before = state, state.copy()
        state, _ = act.apply(given_state, action)
        assert given_state == before != state
    trace, final = play(scenario(DUEL, "\n  - play: 焚烧\n    targets: 潜伏者\n  - pass:"))
    assert final.units["潜伏者"].damage == 2 and trace.steps[-1].events


def test_a_unit_that_enters_with_five_might_is_mighty_without_becoming_mighty():
    body = "cards:\n  巨兵: {type: unit, cost: 0, might: 5}\n" + DUEL.replace("hand: [焚烧, 训练有素]", "hand: [巨兵]")
    trace = run(scenario(body, "\n  - play: 巨兵"))
    texts = [event.text for step in trace.steps for event in step.events]
    assert any("没有“成为”强力单位" in text for text in texts) and "709" in trace.cited()


def test_the_card_index_sees_definitions_added_after_the_state_was_made():
    """A scenario adds each imported card it names to the definitions as it reads the board, after its state was
    made: the index of them the layers and trigger matching read (made once, shared by copies) must see them."""
    drummer = "cards:\n  鼓手: {type: unit, might: 2, abilities: [{static: {might: 1, to: self}}]}\n"
    state = scenario(DUEL, extra=drummer).state
    copied = state.copy()
    assert "鼓手" in copied.index.static_givers and "警觉的哨兵" in copied.index.triggering_on["killed"]
    state.cards["后来的鼓手"], state.cards["后来的哨兵"] = state.card("鼓手"), state.card("警觉的哨兵")
    assert "后来的鼓手" in copied.index.static_givers and "后来的哨兵" in copied.index.triggering_on["killed"]
