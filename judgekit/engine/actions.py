"""Scripted actions: small immutable values, applied to a state to give the next state.

``apply(state, action)`` never changes *state*: it works on a copy, runs the
action and the automatic steps that follow (cleanups, chain items that need
no choice, staged combats and showdowns), and returns the new state with the
events that explain it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgekit.engine import chain, combat, effects, movement, turn
from judgekit.engine.cards import ability_label
from judgekit.engine.effects import Choices, Context
from judgekit.engine.errors import illegal
from judgekit.engine.state import GameState, Unit, base_of, location_name
from judgekit.engine.trace import Event, Log
from judgekit.errors import AmbiguousReferenceError, IllegalActionError


@dataclass(frozen=True)
class Move:
    units: tuple[str, ...]
    to: str  # a battlefield name or "base"
    standard: bool = True
    source: str | None = None  # the effect that moves them, for a non-standard move


@dataclass(frozen=True)
class Recall:
    units: tuple[str, ...]
    source: str = "脚本"


@dataclass(frozen=True)
class Resolve:
    """Resolve a card's effect (standing in for playing it) or a unit's triggered ability."""

    card: str | None = None  # a card name (a spell) ...
    unit: str | None = None  # ... or a unit on the board, with
    ability: str | None = None  # the trigger whose effect resolves
    effects: tuple[dict, ...] = ()  # inline effects, when neither card nor unit says what happens
    targets: tuple[str, ...] | None = None
    controller: str | None = None
    split: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ResolveChain:
    """Resolve the newest chain item with the script's choices."""

    targets: tuple[str, ...] | None = None
    split: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Pass:
    """Every player passes in the showdown; a combat's damage assignment may be given per player."""

    assign: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class NextPhase:
    pass


@dataclass(frozen=True)
class EndTurn:
    pass


Action = Move | Recall | Resolve | ResolveChain | Pass | NextPhase | EndTurn


def describe(action: Action) -> str:
    """The action as a judge would say it."""
    match action:
        case Move(units, to, standard, source):
            how = "标准移动" if standard else f"{source or '效果'}移动"
            return f"{how}：{'、'.join(units)} → {'基地' if to == 'base' else to}"
        case Recall(units, source):
            return f"召回：{'、'.join(units)}"
        case Resolve():
            what = action.card or (ability_label(action.unit, action.ability) if action.unit else "效果")
            targets = f"，目标：{'、'.join(action.targets)}" if action.targets else ""
            return f"结算 {what}{targets}"
        case ResolveChain(targets):
            return "结算结算链顶项" + (f"，目标：{'、'.join(targets)}" if targets else "")
        case Pass(assign):
            return "所有玩家让过" + ("，并分配战斗伤害" if assign else "")
        case NextPhase():
            return "进入下一阶段"
        case EndTurn():
            return "结束回合"


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after *action*, and what happened; raises IllegalActionError when the rules forbid it."""
    if state.winner:
        illegal(f"游戏已经结束，{state.winner} 获胜", "victory")
    new = state.copy()
    log = Log()
    if not isinstance(action, ResolveChain):
        chain.drain(new, log)
    # Moving on (a standard move, a new phase) implies every player passed in the open showdown.
    moves_on = isinstance(action, NextPhase | EndTurn) or (isinstance(action, Move) and action.standard)
    if moves_on and new.showdown:
        log.add("脚本在法术对决中继续推进：视为所有玩家让过（默认）", "showdown_ends", default=True)
        combat.close_showdown(new, log, {})
        chain.settle(new, log)
    HANDLERS[type(action)](new, log, action)
    chain.settle(new, log)
    return new, log.events


def find_unit(state: GameState, name: str) -> Unit:
    """A unit on the board by id, or by card name when exactly one unit has that card."""
    if name in state.units:
        return state.units[name]
    matches = [unit for unit in state.units.values() if unit.card == name]
    if len(matches) > 1:
        raise AmbiguousReferenceError(f"“{name}”指代多个单位（{'、'.join(u.id for u in matches)}），请用单位 id")
    if matches:
        return matches[0]
    gone = [player.id for player in state.players.values() if name in player.trash]
    where = f"（它在 {gone[0]} 的废牌堆中）" if gone else ""
    raise IllegalActionError(f"场上没有单位“{name}”{where}")


def _units(state: GameState, names) -> list[Unit]:
    return [find_unit(state, name) for name in names]


def _move(state: GameState, log: Log, action: Move) -> None:
    units = _units(state, action.units)
    destination = base_of(units[0].controller) if action.to == "base" else action.to
    if destination not in state.battlefields and destination != base_of(units[0].controller):
        illegal(f"没有名为“{location_name(destination)}”的战场", "base_to_battlefield")
    if action.standard:
        movement.standard_move(state, log, state.turn_player, units, destination)
    else:
        movement.effect_move(state, log, units, destination, action.source or "效果")
    log.add("移动完成，进行清理", "move_cleanup")


def _recall(state: GameState, log: Log, action: Recall) -> None:
    movement.recall(state, log, _units(state, action.units), action.source)


def _resolve(state: GameState, log: Log, action: Resolve) -> None:
    controller = action.controller or state.turn_player
    if action.unit:
        unit = find_unit(state, action.unit)
        card = state.card(unit.card)
        ctx = Context(ability_label(unit.id, action.ability), unit.controller, unit.location, unit.id)
        todo = card.triggers[action.ability]
    else:
        card = state.card(action.card) if action.card else None
        ctx = Context(action.card or "效果", controller)
        todo = card.effects if card else action.effects
    spec = card.target if card else None
    chosen = _units(state, action.targets) if action.targets is not None else None
    if not card and chosen is not None:
        # An inline effect acts on exactly the units the script names.
        log.add(f"{ctx.source} 作用于 {'、'.join(unit.id for unit in chosen)}", "chain_resolves")
        effects.resolve(state, log, ctx, todo, chosen, Choices(action.split))
        return
    log.add(f"{ctx.source} 结算（代替经由结算链打出）", "chain_resolves")
    targets = effects.choose_targets(state, log, ctx, spec, todo, chosen)
    effects.resolve(state, log, ctx, todo, targets, Choices(action.split))


def _resolve_chain(state: GameState, log: Log, action: ResolveChain) -> None:
    if not state.chain:
        illegal("结算链上没有待结算的项", "chain_resolves")
    targets = _units(state, action.targets) if action.targets is not None else None
    chain.resolve_top(state, log, targets, Choices(action.split))


def _pass(state: GameState, log: Log, action: Pass) -> None:
    if state.showdown is None:
        illegal("当前没有进行中的法术对决，无从让过", "showdown_ends")
    if action.assign and not state.showdown.combat:
        illegal("非战斗的法术对决没有战斗伤害可分配", "damage_step")
    combat.close_showdown(state, log, action.assign)


def _next_phase(state: GameState, log: Log, action: NextPhase) -> None:
    turn.next_phase(state, log)


def _end_turn(state: GameState, log: Log, action: EndTurn) -> None:
    if state.phase != "main":
        illegal(f"只能在主要阶段表示结束回合（当前：{state.phase}），请用 next_phase", "end_turn")
    turn.end_turn(state, log)


HANDLERS = {
    Move: _move,
    Recall: _recall,
    Resolve: _resolve,
    ResolveChain: _resolve_chain,
    Pass: _pass,
    NextPhase: _next_phase,
    EndTurn: _end_turn,
}
