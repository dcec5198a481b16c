"""Refusing an action: every refusal names the rule that forbids it."""

from __future__ import annotations

from typing import NoReturn

from judgekit.errors import IllegalActionError


def illegal(message: str, rule: str) -> NoReturn:
    raise IllegalActionError(message, rule)
