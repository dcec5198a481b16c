"""Continuous effects that forbid (054): "can't" beats "can", and the rest of the effect is done (055)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """
cards:
  典狱长:
    type: unit
    cost: 6
    might: 5
    cant: [{action: ready, affects: enemy, while: at_battlefield}]
  守护者:
    type: unit
    cost: 4
    might: 4
    cant: [{action: counter, affects: friendly}]
  驳回:
    type: spell
    cost: 2
    keywords: {反应: null}
    target: enemy_spell
    effects: [{counter: null}]
"""


def run(body: str, script: str):
    return play_scenario(CARDS, body, script=script)


def warden_at(location: str) -> str:
    """A's exhausted unit in base; B's warden at the battlefield or in B's base."""
    warden = "{id: 典狱长, card: 典狱长}"
    b_base = f"base: [{warden}]" if location == "base" else ""
    units = f", units: [{warden}]" if location == "battlefield" else ""
    return board("base: [{id: 中士, card: 先锋中士, exhausted: true}]", b_base, "name: 北方战场, controller: B" + units)


def test_a_forbidden_instruction_is_skipped_and_the_rest_is_done():
    _, final = run(warden_at("battlefield"), "  - {effect: [{ready: null}, {might: 2}], targets: 中士, controller: A}\n")
    assert final.units["中士"].exhausted and final.units["中士"].effects[-1].amount == 2


def test_a_cant_that_holds_only_at_a_battlefield_does_not_forbid_from_base():
    _, final = run(warden_at("base"), "  - {effect: [{ready: null}], targets: 中士, controller: A}\n")
    assert not final.units["中士"].exhausted


def test_a_spell_that_cant_be_countered_stays_on_the_chain_and_resolves():
    body = board(
        "hand: [海克斯射线], runes: [炽烈, 炽烈], base: [{id: 守护者, card: 守护者}]",
        "hand: [驳回], runes: 2",
        "name: 北方战场, controller: B, units: [{id: 潜伏者, card: 船坞潜伏者}]",
    )
    script = """
  - {play: 海克斯射线, targets: 潜伏者}
  - {pass: A}
  - {play: 驳回, player: B, targets: "#1"}
  - {pass: null}
"""
    trace, final = run(body, script)
    assert "潜伏者" not in final.units  # Hex Ray resolved: 3 damage to a 3-might unit
    assert any("cant_beats_can" in event.rules for step in trace.steps for event in step.events)


CONTROL = board(
    "base: [{id: 中士, card: 先锋中士}]",
    "base: [{id: 潜伏者, card: 船坞潜伏者}]",
    "name: 北方战场, controller: B, units: [{id: 贤者, card: 和风贤者}]",
)


def test_a_unit_taken_in_another_players_base_is_recalled_to_its_new_controllers_base():
    trace, final = run(CONTROL, "  - {effect: [{gain_control: null}], targets: 潜伏者, controller: A}\n")
    assert final.units["潜伏者"].controller == "A" and final.units["潜伏者"].location == "base:A"
    assert any("323.7" in str(event.rules) or "recall" in event.rules for step in trace.steps for event in step.events)


def test_a_unit_taken_at_a_battlefield_contests_it_for_its_new_controller():
    _, taken = run(CONTROL, "  - {effect: [{gain_control: null}], targets: 贤者, controller: A}\n")
    assert taken.units["贤者"].controller == "A" and taken.battlefields["北方战场"].contested_by == "A"
    assert taken.showdown is not None  # B has no units left there: a non-combat showdown, A with focus
    script = "  - {effect: [{gain_control: null}], targets: 贤者, controller: A}\n  - {pass: null}\n"
    _, final = run(CONTROL, script)
    assert final.battlefields["北方战场"].controller == "A"
