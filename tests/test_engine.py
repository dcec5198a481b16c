"""The engine's transitions, each checked against the rule it implements."""

from __future__ import annotations

import textwrap

import pytest

from judgekit.engine import actions as act
from judgekit.engine.combat import check_assignment, default_assignment
from judgekit.engine.layers import effective_might, is_mighty, keywords, might, might_rules
from judgekit.errors import AmbiguousReferenceError, IllegalActionError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse


def scenario(body: str, script: str = "[]"):
    text = "title: t\n" + textwrap.dedent(body) + "script: " + script + "\n"
    return parse(text, "test.yaml")


def board(body: str):
    return scenario(body).state


def step(state, action):
    new, events = act.apply(state, action)
    return new, [number for event in events for number in event.numbers], [event.text for event in events]


TWO_PLAYERS = """
state:
  players:
    A:
      deck: 3
      base:
        - {id: a1, card: 先锋中士}
        - {id: a2, card: 莽莽魄罗}
    B:
      deck: 3
      base:
        - {id: b1, card: 船坞潜伏者}
  battlefields:
    - name: 东
      controller: B
      units:
        - {id: tank, card: 日耀卫队}
        - {id: b2, card: 强强魄罗}
    - name: 西
"""


def test_apply_leaves_the_given_state_unchanged():
    state = board(TWO_PLAYERS)
    new, _, _ = step(state, act.Move(("a1",), "西"))
    assert state.units["a1"].location == "base:A" and not state.units["a1"].exhausted
    assert new.units["a1"].location == "西" and new.units["a1"].exhausted


def test_might_layers_set_then_increases_then_decreases():
    state = board(TWO_PLAYERS)
    effects = "[{might_becomes: 1}, {might: 3}, {might: -2}]"
    new, numbers, _ = step(state, act.Resolve(effects=tuple(parse_effects(effects)), targets=("a1",)))
    assert might(new, new.units["a1"]) == 2  # becomes 1, +3, −2
    assert {"477.1.a.1", "477.3.e.1", "477.3.e.2"} <= set(numbers)


def parse_effects(text: str):
    import yaml

    return yaml.safe_load(text)


def test_snapshot_keeps_a_limited_reduction_fixed():
    state = board(TWO_PLAYERS)
    new, numbers, _ = step(state, act.Resolve(effects=({"might": {"amount": -4, "min": 1}},), targets=("a2",)))
    assert might(new, new.units["a2"]) == 1 and "477.3.b" in numbers
    later, _, _ = step(new, act.Resolve(effects=({"might": 3},), targets=("a2",)))
    assert might(later, later.units["a2"]) == 4  # the −1 stays −1: 2 − 1 + 3


def test_negative_might_counts_as_zero_but_stays_negative():
    state = board(TWO_PLAYERS)
    new, _, _ = step(state, act.Resolve(effects=({"might": -6},), targets=("a1",)))
    unit = new.units["a1"]
    assert might(new, unit) == -2 and effective_might(new, unit) == 0


def test_buff_is_placed_once():
    state = board(TWO_PLAYERS)
    new, numbers, _ = step(state, act.Resolve(effects=({"buff": None}, {"buff": None}), targets=("a1",)))
    assert new.units["a1"].buffs == 1 and might(new, new.units["a1"]) == 5
    assert "702.3" in numbers


def test_spending_a_buff_needs_one():
    state = board(TWO_PLAYERS)
    with pytest.raises(IllegalActionError) as refused:
        act.apply(state, act.Resolve(effects=({"spend_buff": None},), targets=("a1",)))
    assert refused.value.rule == "buff_spend_needs_buff"


def test_becoming_mighty_only_on_crossing_five():
    state = board(TWO_PLAYERS)
    _, _, texts = step(state, act.Resolve(effects=({"might": 1},), targets=("a1",)))
    assert any("成为强力单位" in text for text in texts)
    five = board(TWO_PLAYERS.replace("先锋中士", "贪玩的小鬼"))
    _, _, texts = step(five, act.Resolve(effects=({"might": 1},), targets=("a1",)))
    assert any("不会“成为”强力单位" in text for text in texts)


def test_assault_values_add_up_and_apply_only_to_attackers():
    state = board(TWO_PLAYERS)
    granted, numbers, _ = step(state, act.Resolve(card="顺劈", targets=("a2",)))
    unit = granted.units["a2"]
    assert keywords(granted, unit)["强攻"] == 4 and might(granted, unit) == 2 and "807.2" in numbers
    attacking, _, _ = step(granted, act.Move(("a2",), "东"))
    assert attacking.combat and might(attacking, attacking.units["a2"]) == 6


def test_default_assignment_puts_tank_first_and_lethal_in_full():
    state = board(TWO_PLAYERS)
    targets = [state.units["b2"], state.units["tank"]]
    assert default_assignment(state, targets, 4) == {"tank": 3, "b2": 1}
    assert default_assignment(state, targets, 9) == {"tank": 3, "b2": 6}  # excess on the last unit


@pytest.mark.parametrize(
    "plan, total, rule",
    [
        ({"tank": 2, "b2": 1}, 3, "lethal_in_full"),
        ({"tank": 4, "b2": 1}, 5, "no_overassign"),
        ({"b2": 2, "tank": 3}, 5, None),
        ({"b2": 2}, 2, "tank"),
        ({"tank": 3}, 5, "assign_order"),
        ({"a1": 5}, 5, "assign_order"),
    ],
)
def test_scripted_assignments_are_checked(plan, total, rule):
    state = board(TWO_PLAYERS)
    targets = [state.units["tank"], state.units["b2"]]
    if rule is None:
        check_assignment(state, targets, total, plan)
        return
    with pytest.raises(IllegalActionError) as refused:
        check_assignment(state, targets, total, plan)
    assert refused.value.rule == rule


@pytest.mark.parametrize(
    "body, action, rule",
    [
        ("", act.Move(("tank",), "西"), "standard_move_cost"),  # B's unit on A's turn
        ("", act.Move(("a1", "a2"), "base"), "base_to_battlefield"),
        ("exhausted", act.Move(("a1",), "西"), "standard_move_cost"),
        ("on-battlefield", act.Move(("a1",), "西"), "ganking_move"),
        ("", act.Pass(), "showdown_ends"),
        ("", act.ResolveChain(), "chain_resolves"),
        ("", act.Resolve(card="顺劈", targets=("a1", "a2")), "valid_targets"),
        ("", act.Resolve(card="焚烧", targets=("a1",)), "target_restrictions"),
    ],
)
def test_illegal_actions_name_the_rule(body, action, rule):
    text = TWO_PLAYERS
    if body == "exhausted":
        text = text.replace("{id: a1, card: 先锋中士}", "{id: a1, card: 先锋中士, exhausted: true}")
    if body == "on-battlefield":
        text = text.replace(
            "    - name: 西\n",
            "    - name: 西\n    - name: 南\n      controller: A\n      units:\n        - {id: a1, card: 先锋中士}\n",
        )
        text = text.replace("        - {id: a1, card: 先锋中士}\n        - {id: a2", "        - {id: a2")
    state = board(text)
    with pytest.raises(IllegalActionError) as refused:
        act.apply(state, action)
    assert refused.value.rule == rule


def test_ambiguous_card_name_is_refused():
    state = board(TWO_PLAYERS.replace("{id: a2, card: 莽莽魄罗}", "{id: a3, card: 先锋中士}"))
    with pytest.raises(AmbiguousReferenceError):
        act.apply(state, act.Move(("先锋中士",), "西"))


def test_empty_battlefield_is_conquered_when_the_showdown_ends():
    state = board(TWO_PLAYERS)
    moved, numbers, _ = step(state, act.Move(("a1",), "西"))
    assert moved.showdown and not moved.combat and "344" in numbers
    conquered, numbers, _ = step(moved, act.Pass())
    assert conquered.battlefields["西"].controller == "A" and conquered.players["A"].points == 1
    assert {"348.2.a", "469.1", "471.1"} <= set(numbers)


def test_combat_kills_recalls_and_conquers():
    state = board(TWO_PLAYERS)
    attacking, _, _ = step(state, act.Move(("a1", "a2"), "东"))
    assert {u.designation for u in attacking.units.values() if u.location == "东"} == {"attacker", "defender"}
    after, numbers, _ = step(attacking, act.Pass(assign={"A": {"tank": 4, "b2": 3}, "B": {"a1": 4, "a2": 3}}))
    # Attackers 4 + 3 (Assault) = 7 vs defenders 3 + 1 (Shield) + 2 + 1 (Shield) = 7: everyone dies.
    assert not [u for u in after.units.values() if u.location == "东"]
    assert after.battlefields["东"].controller is None and "466.5.b" in numbers


def test_stunned_attacker_deals_nothing_and_is_recalled():
    state = board(TWO_PLAYERS.replace("先锋中士", "贪玩的小鬼").replace("        - {id: tank, card: 日耀卫队}\n", ""))
    attacking, _, _ = step(state, act.Move(("a1",), "东"))
    stunned, _, _ = step(attacking, act.Resolve(card="符文禁锢", targets=("a1",)))
    after, numbers, texts = step(stunned, act.Pass())
    assert "423.1.b" in numbers and any("进攻方战力总和 0" in text for text in texts)
    assert after.units["a1"].location == "base:A" and after.units["a1"].damage == 0  # healed, then recalled
    assert after.battlefields["东"].controller == "B" and {"466.1.a.2", "466.3.d"} <= set(numbers)


def test_score_once_per_battlefield_and_final_point_draws_instead():
    body = TWO_PLAYERS.replace("    A:\n      deck: 3", "    A:\n      points: 7\n      deck: 3")
    state = board(body)
    moved, _, _ = step(state, act.Move(("a1",), "西"))
    after, numbers, _ = step(moved, act.Pass())
    assert after.players["A"].points == 7 and after.players["A"].drawn == 1 and "471.1.b.1" in numbers


def test_final_point_wins_when_every_battlefield_was_scored():
    body = TWO_PLAYERS.replace("    A:\n      deck: 3", "    A:\n      points: 7\n      deck: 3")
    body += "  scored: {A: [东]}\n"
    state = board(body)
    moved, _, _ = step(state, act.Move(("a1",), "西"))
    after, numbers, _ = step(moved, act.Pass())
    assert after.players["A"].points == 8 and after.winner == "A" and "472" in numbers
    with pytest.raises(IllegalActionError):
        act.apply(after, act.EndTurn())


def test_draw_from_an_empty_deck_burns_out():
    state = board(TWO_PLAYERS.replace("    A:\n      deck: 3", "    A:\n      deck: 0\n      trash: [先锋中士]"))
    new, numbers, _ = step(state, act.Resolve(effects=({"draw": 1},)))
    assert new.players["B"].points == 1 and [c.name for c in new.players["A"].hand] == ["先锋中士"] and "431.2" in numbers


def test_deathknell_triggers_unless_the_death_is_replaced():
    body = TWO_PLAYERS.replace(
        "{id: a2, card: 莽莽魄罗}", "{id: s1, card: 警觉的哨兵}\n        - {id: s2, card: 警觉的哨兵}"
    )
    state = board(body)
    waiting, numbers, _ = step(state, act.Resolve(effects=({"kill": None},), targets=("s1",)))
    assert "808.1.c" in numbers and "s1" not in waiting.units and waiting.chain[-1].kind == "trigger"  # it waits (340.4)
    killed, _, _ = step(waiting, act.Pass())
    assert killed.players["A"].drawn == 1
    saved, _, _ = step(killed, act.Resolve(effects=({"replace_death": None},), targets=("s2",)))
    after, numbers, _ = step(saved, act.Resolve(effects=({"kill": None},), targets=("s2",)))
    assert after.players["A"].drawn == 1 and "808.1.d.1" in numbers
    assert after.units["s2"].exhausted and after.units["s2"].location == "base:A"


def test_end_of_turn_heals_expires_and_unstuns():
    state = board(TWO_PLAYERS)
    hurt, _, _ = step(state, act.Resolve(effects=({"deal": 2}, {"stun": None}, {"might": 2}), targets=("a1",)))
    assert hurt.units["a1"].damage == 2 and might(hurt, hurt.units["a1"]) == 6 and is_mighty(hurt, hurt.units["a1"])
    ended, numbers, _ = step(hurt, act.EndTurn())
    unit = ended.units["a1"]
    assert unit.damage == 0 and not unit.stunned and might(ended, unit) == 4
    assert {"317.2.b", "317.2.c", "423.1.a.2"} <= set(numbers)
    assert ended.turn_player == "B" and ended.phase == "main" and ended.players["B"].drawn == 1


def test_temporary_dies_before_hold_scoring():
    body = TWO_PLAYERS.replace(
        "    - name: 西\n", "    - name: 西\n      controller: A\n      units:\n        - {id: sprite, card: 精灵}\n"
    )
    state = board(body)
    b_turn, _, _ = step(state, act.EndTurn())
    assert b_turn.players["B"].points == 1  # B holds 东
    a_turn, numbers, _ = step(b_turn, act.EndTurn())
    assert "sprite" not in a_turn.units and a_turn.battlefields["西"].controller is None
    assert a_turn.players["A"].points == 0 and {"816.1.b", "323.6"} <= set(numbers)


def test_bonus_damage_is_added_to_each_target():
    body = TWO_PLAYERS.replace("{id: a2, card: 莽莽魄罗}", "{id: annie, card: 安妮 - 汹涌烈焰}")
    state = board(body)
    new, numbers, _ = step(state, act.Resolve(card="星芒凝汇", targets=("tank", "b2")))
    assert "tank" not in new.units and "b2" not in new.units and {"714", "715.2"} <= set(numbers)


def test_trace_and_state_from_a_whole_run():
    trace, state = play(scenario(TWO_PLAYERS, "[{move: a1, to: 西}, {pass: null}]"))
    assert [s.number for s in trace.steps] == [1, 2] and state.players["A"].points == 1
    assert trace.cited()[0] == "144.2"


def test_2v2_teammates_share_points_and_need_eleven():
    body = """
mode: 2v2
state:
  players:
    A: {team: 红, points: 9, base: [{id: a1, card: 先锋中士}]}
    B: {team: 蓝}
    C: {team: 红, points: 9}
    D: {team: 蓝}
  battlefields:
    - name: 西
"""
    state = board(body)
    moved, _, _ = step(state, act.Move(("a1",), "西"))
    after, _, _ = step(moved, act.Pass())
    assert after.players["A"].points == after.players["C"].points == 10
    assert after.victory_score == 11 and after.winner is None


def test_2v2_teammates_must_start_with_the_same_points():
    from judgekit.errors import ScenarioError

    with pytest.raises(ScenarioError, match="489.8.d.1"):
        board("""
mode: 2v2
state:
  players:
    A: {team: 红, points: 3}
    B: {team: 蓝}
    C: {team: 红}
    D: {team: 蓝}
""")


def test_moving_on_during_a_showdown_is_refused_until_every_player_passed():
    state = board(TWO_PLAYERS)
    moved, _, _ = step(state, act.Move(("a1",), "西"))
    with pytest.raises(IllegalActionError) as refused:
        act.apply(moved, act.EndTurn())
    assert refused.value.rule == "showdown_choices"
    with pytest.raises(IllegalActionError) as refused:
        act.apply(moved, act.Move(("a2",), "西"))
    assert refused.value.rule == "standard_move_not_in_showdown"
    passed, _, _ = step(moved, act.Pass())
    assert passed.battlefields["西"].controller == "A"


def test_attached_gear_adds_its_might_bonus_in_the_arithmetic_layer():
    body = TWO_PLAYERS.replace("{id: a1, card: 先锋中士}", "{id: a1, card: 先锋中士, attached: [长剑]}")
    state = scenario("cards:\n  长剑: {type: gear, might_bonus: 2}\n" + body).state
    new, _, _ = step(state, act.Move(("a1",), "西"))
    assert might(new, new.units["a1"]) == 6 and "attached_bonus" in might_rules(new, new.units["a1"])


def test_english_keyword_names_come_from_the_glossary():
    body = "cards:\n  新兵: {type: unit, might: 2, keywords: {Assault: 2, tank: null}}\n" + TWO_PLAYERS.replace(
        "{id: a2, card: 莽莽魄罗}", "{id: a2, card: 新兵}"
    )
    state = scenario(body).state
    assert keywords(state, state.units["a2"]) == {"强攻": 2, "壁垒": None}
