"""One verb registry: every verb of the scenario schema has one implementation, and it does the same in a spell,
a triggered and an activated ability (may_pay and counter were known to spells only)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from judgekit.engine import effects
from judgekit.engine.desugar import SUGAR_VERBS
from judgekit.engine.instructions import LINKS
from judgekit.engine.targeting import ACTS_ON
from judgekit.errors import ScenarioError
from judgekit.scenarios import schema
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

SCHEMA = Path(schema.__file__).with_name("scenario.schema.json")

CARDS = """
cards:
  税吏:
    type: unit
    cost: 1
    might: 1
    abilities:
      - trigger: played
        effects:
          - may_pay: {cost: {energy: 1}, then: [{draw: 1}], otherwise: [{buff: null}]}
  账房:
    type: unit
    might: 1
    abilities:
      - name: 记账
        cost: {exhaust: true}
        effects:
          - may_pay: {cost: {energy: 1}, then: [{draw: 1}], otherwise: [{buff: null}]}
  禁咒者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: finalized, subject: any, player: opponent, card_type: spell}
        target: {kind: spell}
        effects: [{counter: null}]
  封印师:
    type: unit
    might: 2
    abilities:
      - name: 封印
        cost: {exhaust: true}
        target: {kind: spell}
        effects: [{counter: null}]
"""


def run(state: str, script: str, expect: str = ""):
    text = "title: t\n" + CARDS + textwrap.dedent(state) + "script:\n" + textwrap.dedent(script) + textwrap.dedent(expect)
    return play(parse(text, "test.yaml"))


def test_every_schema_verb_has_one_implementation_and_every_implementation_a_schema_entry():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    declared = set(schema["$defs"]["effect"]["properties"])
    run = set(effects.VERBS) | LINKS | set(SUGAR_VERBS)  # the links run by instructions, the older forms rewritten
    assert declared == run, (declared - run, run - declared)
    assert not set(effects.VERBS) & (LINKS | set(SUGAR_VERBS))
    assert set(ACTS_ON) <= set(effects.VERBS)



def test_every_key_of_a_trigger_condition_in_the_schema_has_a_reading_and_no_other_is_read():
    from judgekit.engine.cards import Ability
    from judgekit.engine.events import Watcher, failed_condition

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    keys = schema["$defs"]["ability"]["properties"]["condition"]["properties"]
    state = parse("title: t\n" + CARDS + textwrap.dedent(PAYER) + "script: []\n", "test.yaml").state
    watcher = Watcher("nobody", None, "A", "base:A", "base")
    def sample(spec):  # a value the schema accepts for the key
        if "anyOf" in spec:  # one of several shapes: the first
            return sample(spec["anyOf"][0])
        if "enum" in spec:
            return spec["enum"][0]
        if "$ref" in spec:  # a FILTER, or a CONDITION (inside ``not``)
            return {"buffed": True} if spec["$ref"].endswith("/condition") else {"who": "friendly"}
        if spec["type"] == "array" and "$ref" in spec["items"]:  # ``any``: a list of CONDITIONs
            return [sample(spec["items"])]
        return {"boolean": True, "integer": 1, "array": ["unit"], "object": {"le": 1}}[spec["type"]]

    for key, spec in keys.items():
        value = sample(spec)
        failed_condition(state, watcher, Ability(name="a", kind="triggered", effects=(), condition=((key, value),)))  # raises on a key not read
    with pytest.raises(ValueError, match="no reading"):
        failed_condition(state, watcher, Ability(name="a", kind="triggered", effects=(), condition=(("never_a_condition", True),)))


PAYER = """
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [税吏]
      runes: 3
      deck: 2
      base: [{id: 账, card: 账房}]
    B: {}
"""


@pytest.mark.parametrize("pay, hand, buffs", [(True, 1, 0), (False, 0, 1)])
def test_may_pay_in_a_triggered_ability_waits_for_its_controller_and_does_the_branch_chosen(pay, hand, buffs):
    _, final = run(PAYER, f"""
        - play: 税吏
        - pass:
          answer: {{pay: {str(pay).lower()}}}
    """)
    assert len(final.players["A"].hand) == hand and final.units["税吏"].buffs == buffs


def test_may_pay_in_an_activated_ability():
    _, final = run(PAYER, """
        - activate: 账
          ability: 记账
        - pass:
          answer: {pay: true}
    """)
    assert len(final.players["A"].hand) == 2 and len(final.players["A"].deck) == 1


COUNTERER = """
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [焚烧]
      runes: 3
      base: [{id: 封, card: 封印师}]
    B:
      base: [{id: 禁, card: 禁咒者}]
  battlefields:
    - name: 北方战场
      units:
        - {id: 靶, card: 先锋中士, controller: B}
"""


def test_counter_in_a_triggered_ability_counters_the_item_it_chooses():
    _, final = run(COUNTERER, """
        - play: 焚烧
          targets: 靶
        - resolve_chain:
          targets: "#1"
    """)
    assert final.units["靶"].damage == 0 and not final.chain
    assert [card.name for card in final.players["A"].trash] == ["焚烧"]


def test_counter_in_an_activated_ability_has_nothing_to_choose_in_an_open_state():
    with pytest.raises(ScenarioError, match="test.yaml:.*封 的封印能力 没有有效目标"):
        run(COUNTERER, """
            - activate: 封
              ability: 封印
        """)


@pytest.mark.parametrize("runes, hand", [("[炽烈, 灵光]", 1), ("[灵光, 灵光]", 0)])
def test_may_pay_may_ask_for_power_of_a_domain(runes, hand):
    """“You may pay ①Fury rune to …”: one Power of the domain named; without such a rune nothing is paid."""
    state = PAYER.replace("runes: 3", f"runes: {runes}")
    text = "title: t\n" + CARDS.replace("may_pay: {cost: {energy: 1}, then: [{draw: 1}], otherwise: [{buff: null}]}\n  账房",
                                        "may_pay: {cost: {runes: [炽烈]}, then: [{draw: 1}]}\n  账房")
    text += textwrap.dedent(state) + "script:\n  - play: 税吏\n  - pass:\n    answer: {pay: true}\n"
    if not hand:
        with pytest.raises(ScenarioError, match=r"无法支付.*符能 1（炽烈）"):
            play(parse(text, "test.yaml"))
        return
    _, final = play(parse(text, "test.yaml"))
    assert len(final.players["A"].hand) == hand
