"""Continuous effects that forbid (054): a "can't" printed on a card on the board beats any "can".

A card's ``cant`` entries say what its controller's opponents' or its own
side's objects can't have done to them while the card is on the board (or at a
battlefield): ``{action: ready, affects: enemy, while: at_battlefield}`` — spells and
abilities can't ready enemy units; ``{action: counter, affects: friendly}`` — your
spells and abilities can't be countered.  The instruction that is forbidden is
skipped and the rest of the effect is done (055).
"""

from __future__ import annotations

from judgekit.engine.state import GameState, is_base

ACTION_NAMES = {"ready": "重置", "counter": "反制"}


def forbidder(state: GameState, action: str, controller: str) -> str | None:
    """The unit whose "can't" forbids *action* on an object controlled by *controller*, or None."""
    for unit in state.units.values():
        for rule in state.card(unit.card).cant:
            if rule["action"] != action or not _active(unit.location, rule.get("while")):
                continue
            affects = rule.get("affects", "any")
            if affects == "any" or (affects == "friendly") == (controller == unit.controller):
                return unit.id
    return None


def _active(location: str, condition: str | None) -> bool:
    return condition is None or (condition == "at_battlefield" and not is_base(location))
