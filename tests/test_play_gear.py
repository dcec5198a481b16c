"""A gear or spell card played by an effect (419.3): a gear to its player's base (149.2), ready unless it enters
exhausted; a spell onto the chain, resolving after what played it; the cost ignored, or what is left of it paid."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·长剑: {type: gear, cost: 2, might_bonus: 2}
  示例·铁匠:
    type: spell
    effects: [{play: {from: trash, card: {kind: gear, cost: {le: 2}}, {price}}}]
  示例·法术: {type: spell, cost: 1, effects: [{draw: 1}]}
"""


def cast(price: str, runes: int = 0):
    state = board(f"hand: [示例·铁匠], trash: [示例·长剑], runes: {runes}")
    return play_scenario(CARDS.replace("{price}", price), state, script="- play: 示例·铁匠\n- pass:\n")


def test_a_gear_from_the_trash_ignoring_its_cost_enters_the_base_ready():
    trace, state = cast("ignore_cost: true")
    assert [(g.card, g.location, g.exhausted) for g in state.gear.values()] == [("示例·长剑", "base:A", False)]
    assert [c.name for c in state.players["A"].trash] == ["示例·铁匠"] and "419.3" in " ".join(trace.cited())


def test_its_cost_is_paid_when_not_ignored_and_it_is_not_played_when_it_cannot_be():
    _, state = cast("discount: 0", runes=2)
    assert list(state.gear) == ["示例·长剑"] and all(rune.exhausted for rune in state.players["A"].runes)
    _, state = cast("discount: 0", runes=1)
    assert state.gear == {} and "示例·长剑" in [c.name for c in state.players["A"].trash]


SPELLS = """cards:
  示例·回响者:
    type: spell
    effects: [{play: {from: trash, card: {kind: spell, cost: {le: 3}}, ignore_cost: energy}}]
  示例·火球: {type: spell, cost: 2, power: 1, domains: [炽烈], target: enemy_unit, effects: [{deal: 3}]}
"""


def test_a_spell_from_the_trash_goes_on_the_chain_and_resolves_after_what_played_it():
    state = board("hand: [示例·回响者], trash: [示例·火球], runes: [炽烈]", "base: [{id: 敌, card: 先锋中士}]")
    # the play trigger resolves; the spell it plays is a new item on the chain, passed on in turn (340.4)
    trace, final = play_scenario(SPELLS, state, script="- play: 示例·回响者\n- pass:\n- pass:\n")
    assert final.units["敌"].damage == 3 and final.chain == []
    assert [c.name for c in final.players["A"].trash] == ["示例·回响者", "示例·火球"]  # it resolved, to the trash
    assert final.players["A"].runes == []  # its Power cost paid: the rune recycled (356.1.b.2)
    texts = [event.text for step in trace.steps for event in step.events]
    assert any("进入结算链（#2）" in text for text in texts) and "419.3" in " ".join(trace.cited())


def test_a_spell_whose_power_cost_cannot_be_paid_is_not_played():
    state = board("hand: [示例·回响者], trash: [示例·火球]", "base: [{id: 敌, card: 先锋中士}]")
    _, final = play_scenario(SPELLS, state, script="- play: 示例·回响者\n- pass:\n")
    assert final.units["敌"].damage == 0 and "示例·火球" in [c.name for c in final.players["A"].trash]


def test_without_defaults_the_targets_of_a_spell_played_by_an_effect_are_the_player_s_question():
    from conftest import scenario_text

    from judgekit.engine import actions as act
    from judgekit.scenarios.scenario import parse

    state = board("hand: [示例·回响者], trash: [示例·火球], runes: [炽烈]",
                  "base: [{id: 敌, card: 先锋中士}, {id: 敌二, card: 先锋中士}]")
    scenario = parse(scenario_text("defaults: false\n", SPELLS, state, script="- play: 示例·回响者\n- pass: A\n- pass: B\n"), "t.yaml")
    held = scenario.state
    for step in scenario.script:
        held, _ = act.apply(held, step.action)
    assert held.question().kind == "play_targets" and held.question().options == (("敌",), ("敌二",))
    played, _ = act.apply(held, act.Choose(("敌二",)))
    assert played.chain[-1].targets == (("敌二",),)
