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



ENDLESS = """title: t
cards:
  回声石:
    type: unit
    might: 1
    abilities:
      - trigger: {event: might_changed, subject: self}
        target: event_subject
        effects: [{might: 1}]
  火花: {type: spell, cost: 0, target: unit, effects: [{might: 1}]}
state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 石, card: 回声石}], hand: [火花]}
    B: {}
script:
  - play: 火花
    targets: [石]
  - pass: A
  - pass: B
"""


def test_abilities_triggering_each_other_forever_stop_with_a_message(bundled, cli, tmp_path, monkeypatch):
    from judgekit.engine import trace

    monkeypatch.setattr(trace, "MAX_EVENTS_PER_STEP", 300)  # the same stop, reached sooner
    path = tmp_path / "loop.yaml"
    path.write_text(ENDLESS, encoding="utf-8")
    code, out, err = cli("run", str(path))
    assert code == 2, out
    assert err.startswith("错误：") and "loop.yaml:20:" in err and "无限地互相触发" in err and "Traceback" not in err
