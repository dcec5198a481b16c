"""An activated ability's own cost change, read as it is activated (356.4): “This ability costs ① less for each rune you
control” (``cost_change: {energy: -1, per: …}``), “Empower ⑤. This ability costs ③ less if you control 4 or fewer
runes” (``empower: {cost, cost_change: {energy: -3, while: …}}``)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·霜母:
    type: unit
    might: 3
    empower: {cost: {energy: 5}, cost_change: {energy: -3, while: {count: {kind: rune, who: friendly}, at_most: 4}}}
  示例·符匠:
    type: unit
    might: 2
    abilities:
      - name: 汲取
        cost: {energy: 4}
        cost_change: {energy: -1, per: {count: {kind: rune, who: friendly}}, min: 1}
        effects: [{draw: 1}]
"""


def test_empower_costs_less_with_few_runes_and_full_with_more():
    state = board("runes: 2, base: [{id: 霜, card: 示例·霜母}]")
    trace, final = play_scenario(CARDS, state, script="- activate: 霜\n  ability: 强化\n- pass:\n")
    assert final.units["霜"].empowered and "356.4" in trace.cited()
    many = board("runes: 5, base: [{id: 霜, card: 示例·霜母}]")
    _, final = play_scenario(CARDS, many, script="- activate: 霜\n  ability: 强化\n- pass:\n")
    assert all(rune.exhausted for rune in final.players["A"].runes)  # five runes: the full ⑤


def test_a_discount_for_each_rune_stops_at_its_floor():
    state = board("deck: 2, runes: 3, base: [{id: 符, card: 示例·符匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 符\n  ability: 汲取\n- pass:\n")
    assert final.players["A"].drawn == 1 and sum(rune.exhausted for rune in final.players["A"].runes) == 1


def test_a_cost_change_on_a_triggered_ability_is_refused():
    bad = CARDS.replace("      - name: 汲取\n        cost: {energy: 4}\n", "      - trigger: played\n")
    with pytest.raises(ScenarioError, match="cost_change"):
        parse("title: t\n" + bad + board("base: [{id: 符, card: 示例·符匠}]") + "script: []\n", "t.yaml")
