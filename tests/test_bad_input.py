"""Issue 8's bad input, end to end through `judgekit run`: each is `file:line: what was expected`, exit 2."""

from __future__ import annotations

import pytest
from conftest import run_broken_scenario

UNIT_WITH_ABILITY = """title: t
defaults: false
cards:
  书记:
    type: unit
    might: 2
    abilities:
      - trigger: {event: killed, subject: friendly}
        effects: [{draw: 1}]
      - trigger: {event: killed, subject: friendly}
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
  - order_triggers: [甲 的ability2能力, 甲 的ability1能力]
  - pass: A
  - pass: B
"""


@pytest.mark.parametrize(
    "old, new, line, message",
    [
        # a card ability the effect vocabulary cannot parse
        ("effects: [{draw: 1}]", "effects: [{frobnicate: 1}]", 9, "未知字段“frobnicate”"),
        # a trigger on an event the engine does not know
        ("event: killed", "event: exploded", 8, "应为 played / finalized"),
        # a replacement that says nothing it would do instead
        ("    might: 1\n", "    might: 1\n    replacements:\n      - {event: die, affects: chosen}\n", 16, "替代能力无法施加"),
        # a decision answered with an order that was not offered
        ("[甲 的ability2能力, 甲 的ability1能力]", "[甲 的ability2能力, 甲 的ability9能力]", 26, "383.3.d"),
    ],
    ids=["unparsable-effect", "unknown-event", "replacement-cannot-apply", "order-not-offered"],
)
def test_bad_input_names_file_line_and_what_was_expected(bundled, cli, tmp_path, old, new, line, message):
    code, out, err = run_broken_scenario(cli, tmp_path, UNIT_WITH_ABILITY, old, new)
    assert code == 2, out
    assert err.startswith("错误：") and f"bad.yaml:{line}:" in err and message in err and "Traceback" not in err


def test_the_base_of_the_bad_inputs_runs(bundled, cli, tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(UNIT_WITH_ABILITY, encoding="utf-8")
    assert cli("run", str(path))[0] == 0

