"""Continuous effects: what cards on the board forbid (054), and untargetable units (757–758) — reads only.

A "can't" printed on a card on the board beats any "can".

A card's ``cant`` entries say what its controller's opponents' or its own
side's objects can't have done to them while the card is on the board (or at a
battlefield): ``{action: ready, affects: enemy, while: at_battlefield}`` — spells and
abilities can't ready enemy units; ``{action: counter, affects: friendly}`` — your
spells and abilities can't be countered.  The instruction that is forbidden is
skipped and the rest of the effect is done (055).  A battlefield's ``{action: move_to_base}``: units
can't move from it to base — a standard move is refused, an effect's move is revoked.
"""

from __future__ import annotations

from judgekit.engine import layers
from judgekit.engine.layers import WITH_MIGHT
from judgekit.engine.state import GameState, Unit, is_base

ACTION_NAMES = {"ready": "重置", "counter": "反制", "move_to_base": "移动到基地", "gain_points": "获得分数"}


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


def static_forbidder(state: GameState, action: str, unit: Unit) -> str | None:
    """The source of a static ``{cant: <action>, to: …}`` on the board that reaches *unit* now, or None (054.1)."""
    return next((view.source for view, spec in layers.statics_reaching(state, unit, "cant", WITH_MIGHT) if spec["cant"] == action), None)


def move_forbidder(state: GameState, unit: Unit, destination: str) -> str | None:
    """The battlefield whose “units can't move from here to base” stops *unit* moving to *destination*, or None.

    A battlefield's ``{action: move_to_base}`` entry covers the units at it (054.1).
    """
    if not is_base(destination) or is_base(unit.location):
        return None
    return _battlefield_forbidding(state, unit.location, "move_to_base")


def scoring_forbidder(state: GameState, battlefield: str) -> str | None:
    """054.1 — the battlefield itself when its card says players can't score (gain points) there."""
    return _battlefield_forbidding(state, battlefield, "gain_points")


def unit_play_forbidder(state: GameState, location: str) -> str | None:
    """054.1 — the battlefield whose "units can't be played here" forbids playing a unit to *location*."""
    return _battlefield_forbidding(state, location, "play_unit_here")


def _battlefield_forbidding(state: GameState, location: str, action: str) -> str | None:
    """The battlefield at *location* when its card has a ``cant`` entry for *action*, else None."""
    battlefield = state.battlefields.get(location)
    if battlefield is None or not battlefield.card:
        return None
    return battlefield.name if any(rule["action"] == action for rule in state.card(battlefield.card).cant) else None


def play_forbidder(state: GameState, player: str, card_name: str) -> str | None:
    """054.1 — why *player* can't play *card_name* now, or None.

    “<players> can't play cards this turn” (a ban from ``effects.forbid_playing``), or a unit's
    ``cant`` entry ``{action: play_named, affects: enemy, while: at_battlefield}`` with the name it named.
    """
    banned = next((source for who, turn, source in state.play_bans if who == player and turn == state.turn), None)
    if banned is not None:
        return f"{banned}：{player} 本回合不能打出卡牌"
    for unit in state.units.values():
        for rule in state.card(unit.card).cant:
            if rule["action"] != "play_named" or unit.named != card_name or not _active(unit.location, rule.get("while")):
                continue
            if rule.get("affects", "enemy") == "any" or player in state.opponents(unit.controller):
                return f"{unit.id} 宣告了 {card_name}：{player} 不能打出该名称的法术"
    return None


def untargetable_by(state: GameState, chooser: str, unit: Unit) -> bool:
    """757–758 — the unit's own “I can't be chosen by enemy spells and abilities (unless I'm in combat)”,
    or a static ``{cant: be_chosen, to: …, by: enemy|any}`` on the board that reaches it (layers.py).

    A ``cant`` entry ``{action: be_chosen, by: enemy|any, unless: in_combat}`` protects the card's own unit
    from spells and abilities *chooser* controls; it is checked whenever a target is chosen or checked again.
    """
    for rule in state.card(unit.card).cant:
        if rule["action"] != "be_chosen" or (rule.get("unless") == "in_combat" and state.in_combat(unit)):
            continue
        if rule.get("by", "any") == "any" or chooser in state.opponents(unit.controller):
            return True
    return any(
        spec["cant"] == "be_chosen" and (spec.get("by", "enemy") == "any" or chooser in state.opponents(unit.controller))
        for _, spec in layers.statics_reaching(state, unit, "cant", WITH_MIGHT)
    )


def _active(location: str, condition: str | None) -> bool:
    return condition is None or (condition == "at_battlefield" and not is_base(location))


