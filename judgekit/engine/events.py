"""Typed game events: the one place every event passes through.

``happen`` records an event in the turn's history, which "this turn"
conditions read (Legion's, 812.1.c).  Triggered abilities and replacement
effects hook in here: an event is offered to replacements before it is
recorded, and to triggered abilities (``triggers.collect``) after.
"""

from __future__ import annotations

from judgekit.engine import triggers
from judgekit.engine.state import Dealer, GameEvent, GameState


def happen(
    state: GameState, kind: str, player: str, subject: str, cause: str | None = None, by_spell: bool = False,
    before: int | None = None, after: int | None = None, dealer: Dealer | None = None,
) -> GameEvent:
    """Record an event and offer it to triggered abilities; a might change carries the might before and after,
    a deal or kill what it comes from (*dealer*: its player is the one responsible)."""
    if dealer is not None:
        cause, by_spell = dealer.player, dealer.spell
    event = GameEvent(kind, player, subject, cause, by_spell, before, after, dealer)
    state.this_turn.append(event)
    triggers.collect(state, event)
    return event


def this_turn(state: GameState, kind: str, player: str) -> list[GameEvent]:
    """The events of *kind* for *player* this turn, oldest first."""
    return [event for event in state.this_turn if event.kind == kind and event.player == player]


def chosen(state: GameState, player: str, units: list[str]) -> None:
    """383.4.b — a spell or ability of *player* targets these units: "when you choose me" sees it."""
    for unit in units:
        if unit in state.units:
            happen(state, "chosen", player, unit)
