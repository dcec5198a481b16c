"""Selectors, filters, amounts and conditions as instructions read them: ``filters`` plus Might (477, 143.2.b, 708).

What an instruction acts on (``to:``), which units a filter matches, what number an amount stands for,
whether a condition holds — read as the instruction executes (359.3.f.2), from the resolving ability's
context.  Might and keywords are read through the layers, so these reads sit above ``layers``; the static abilities
inside the layers use ``filters.BELOW_MIGHT`` instead.
"""

from __future__ import annotations

from judgekit.engine import filters
from judgekit.engine.cards import keyword_name
from judgekit.engine.filters import compare, flag, of_source
from judgekit.engine.layers import is_mighty, keywords, might
from judgekit.engine.state import GameState, Unit


def _might_of(state: GameState, view, arg, targets, reads) -> int:
    units = filters.select(state, view, arg, targets, reads)
    return max(might(state, units[0]), 0) if units else 0  # 143.2.b: read as 0 at least


WITH_MIGHT = filters.Reads(
    {
        **filters.FILTER_KEYS,
        "might": compare(lambda state, unit: max(might(state, unit), 0)),
        "mighty": flag(is_mighty),
        "keyword": lambda state, view, unit, wanted, targets, reads: (keyword_name(wanted) or wanted) in keywords(state, unit),
    },
    {**filters.CONDITIONS, "mighty": of_source(is_mighty)},
    {**filters.AMOUNTS, "might_of": _might_of},
)


def select(state: GameState, ctx, selector, targets: list[Unit]) -> list[Unit]:
    return filters.select(state, ctx, selector, targets, WITH_MIGHT)


def matches(state: GameState, ctx, spec: dict, unit: Unit) -> bool:
    return filters.matches(state, ctx, spec, unit, [], WITH_MIGHT)


def amount(state: GameState, ctx, value, targets: list[Unit] = ()) -> int:
    return filters.amount(state, ctx, value, list(targets), WITH_MIGHT)


def holds(state: GameState, ctx, condition: dict, targets: list[Unit], did: bool | None = None) -> str:
    return filters.holds(state, ctx, condition, targets, WITH_MIGHT, did)

