"""A decision's options are generated from reads of the state, without trying any action.

The oracle is what they replaced: every candidate tried with ``apply``, kept when it was accepted.  On every
decision of every example (disputes and FAQ) both give the same options, except that a pass is always an
option of the player with priority or focus (338.1.b, 347.2) — trying it refused a pass whose resolution
still owed an answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine import actions as act
from judgekit.engine.rules import OpenDecisionError
from judgekit.errors import IllegalActionError, JudgekitError
from judgekit.scenarios.scenario import load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "disputes").glob("*.yaml")) + sorted((ROOT / "examples" / "faq").glob("*.yaml"))


def _states(path: Path):
    """The state before each step of the scenario at *path*."""
    try:
        scenario = load(path)
    except JudgekitError:
        return  # rulings.yaml, the catalogue
    state = scenario.state
    for step in scenario.script:
        yield state
        try:
            state, _ = act.apply(state, step.action)
        except JudgekitError:
            continue


def _tried(state) -> list:
    legal = []
    for action in act.candidates(state):
        try:
            act.apply(state, action)
        except IllegalActionError:
            continue
        except OpenDecisionError:
            if not isinstance(action, act.Pass):
                continue
        legal.append(action)
    return legal


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_the_options_generated_from_reads_are_the_options_trying_each_candidate_accepted(path):
    for state in _states(path):
        generated = act.legal_actions(state)
        tried = _tried(state)
        assert [option for option in tried if option not in generated] == []
        extra = [option for option in generated if option not in tried]
        assert all(isinstance(option, act.Pass) and option.player == act.turn.priority_holder(state) for option in extra)


def test_generating_the_options_changes_nothing():
    state = next(_states(ROOT / "examples" / "disputes" / "01-assault-adds-up.yaml"))
    before = state.copy()
    act.decision(state)
    assert state == before
