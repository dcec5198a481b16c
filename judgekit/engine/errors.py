"""Refusing an action, and an answer the script owes: every refusal names the rule that forbids it."""

from __future__ import annotations

from typing import NoReturn

from judgekit.errors import IllegalActionError, JudgekitError


class OpenDecisionError(JudgekitError):
    """The script left a decision open in a scenario that does not allow the engine's defaults."""

    exit_code = 2


class EndlessLoopError(JudgekitError):
    """One action set off more events than any real interaction does: abilities triggering each other forever."""

    exit_code = 2


def illegal(message: str, rule: str) -> NoReturn:
    raise IllegalActionError(message, rule)


def undecided(message: str) -> NoReturn:
    raise OpenDecisionError(message)
