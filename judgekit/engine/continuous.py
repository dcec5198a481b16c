"""Continuous effects: what cards on the board forbid (054), and control changes (477.1.a).

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

from judgekit.engine import statics
from judgekit.engine.gear import keep_gear_control
from judgekit.engine.selectors import WITH_MIGHT
from judgekit.engine.state import GameState, Unit, is_base, location_name
from judgekit.engine.trace import Log

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
    return next((view.source for view, spec in statics.reaching(state, unit, "cant", WITH_MIGHT) if spec["cant"] == action), None)


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


def forbid_playing(state: GameState, log: Log, ctx, param: dict) -> None:
    """054.1 — “<players> can't play cards this turn”: a ban from now on; what is already on the chain stays."""
    who = param.get("who", "opponents")
    players = state.opponents(ctx.controller) if who == "opponents" else [ctx.controller]
    for player in players:
        state.play_bans.append((player, state.turn, ctx.source))
    log.add(f"{ctx.source}：{'、'.join(players)} 本回合不能再打出卡牌（已在结算链上的不受影响）", "cant_beats_can", "ban_from_now")


def play_forbidder(state: GameState, player: str, card_name: str) -> str | None:
    """054.1 — why *player* can't play *card_name* now, or None.

    “<players> can't play cards this turn” (a ban from ``forbid_playing``), or a unit's
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
    or a static ``{cant: be_chosen, to: …, by: enemy|any}`` on the board that reaches it (statics.py).

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
        for _, spec in statics.reaching(state, unit, "cant", WITH_MIGHT)
    )


def _active(location: str, condition: str | None) -> bool:
    return condition is None or (condition == "at_battlefield" and not is_base(location))


def take_control(state: GameState, log: Log, unit: Unit, player: str, source: str) -> None:
    """477.1.a — a new controller is a trait change; what follows is left to the cleanup rules.

    A unit in another player's base is recalled to its controller's base (323.7); at a combat it
    takes its new controller's side (323.2); at a battlefield its new controller does not control,
    it has become present there and contests it (190.3.a).
    """
    if unit.controller == player:
        log.add(f"{source}：{unit.id} 已由 {player} 控制，控制权不变", "control_trait")
        return
    keep_gear_control(unit)  # 718.5.e: the gear attached to it keeps its controller
    before, unit.controller = unit.controller, player
    log.add(f"{source}：{unit.id} 的控制者由 {before} 变为 {player}（在 {location_name(unit.location)}）", "control_trait")
    if unit.attached:
        log.add(f"贴附在 {unit.id} 上的 {'、'.join(unit.attached)} 仍由原控制者控制，继续贴附、继续生效", "gear_control_kept")
    contest_on_appearance(state, log, player, unit.location)


def contest_on_appearance(state: GameState, log: Log, player: str, location: str) -> None:
    """190.3.a — a unit appearing at a battlefield its controller does not control contests it."""
    if is_base(location):
        return
    battlefield = state.battlefields[location]
    if battlefield.contest(player):
        log.add(f"{location} 由 {battlefield.controller or '无人'} 控制，{player} 的单位出现在此，变为被争夺", "contested_present")
