"""An expectation's keywords are read as a card's: Assault, Deflect or Shield written without a value is 1 (807.1.b.3),
so ``keywords: {法盾: null}`` holds for the Deflect a card wrote as ``{法盾: null}``; synthetic cards."""

from __future__ import annotations

from conftest import board, passes

CARDS = "cards:\n  示例·盾兵: {type: unit, might: 2, keywords: {法盾: null, 坚守: 2}}\n"


def _expect(keywords: str) -> str:
    return (f"title: t\n{CARDS}" + board("base: [{id: 兵, card: 示例·盾兵}]")
            + f"script: []\nexpect:\n  - unit: 兵\n    keywords: {keywords}\n")


def test_a_summed_keyword_without_a_value_is_one_in_an_expectation_too():
    passes(_expect("{法盾: null, 坚守: 2}"))
    passes(_expect("{法盾: 1}"))


def test_a_wrong_value_still_fails():
    from judgekit.scenarios.runner import run
    from judgekit.scenarios.scenario import parse

    trace = run(parse(_expect("{坚守: null}"), "t.yaml"))
    assert not all(verdict.passed for verdict in trace.verdicts)
