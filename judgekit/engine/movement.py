"""Moves and recalls (144, 445–458); control changes (477.1.a) and a unit appearing at a battlefield (190.3.a).

Both contest a battlefield the moving or appearing unit's controller does not control (450, 190.3.a).
"""

from __future__ import annotations

from judgekit.engine import layers
from judgekit.engine.events import happen
from judgekit.engine.gear import keep_gear_control
from judgekit.engine.layers import keywords
from judgekit.engine.rules import illegal
from judgekit.engine.state import GameState, Unit, base_of, is_base, location_name
from judgekit.engine.trace import Log


def check_standard_move(state: GameState, player: str, units: list[Unit], destination: str) -> None:
    """144, 449.2 — whether *player* may move *units* to *destination* with a standard move now: reads only."""
    if state.phase != "main" or player != state.turn_player:
        illegal(
            f"标准移动只能在自己的主要阶段进行（当前：{state.turn_player} 的回合，{state.phase}）",
            "standard_move_timing",
        )
    if state.in_showdown:
        illegal("法术对决或战斗进行中不能进行标准移动", "standard_move_not_in_showdown")
    if state.chain:
        illegal("结算链存在（封闭状态）时不能进行标准移动", "standard_move_not_closed")
    for unit in units:
        if unit.controller != player:
            illegal(f"{unit.id} 由 {unit.controller} 控制，{player} 不能对它进行标准移动", "standard_move_cost")
        if unit.exhausted:
            illegal(f"{unit.id} 已横置，无法支付标准移动的费用（横置）", "standard_move_cost")
        pinned = _pinned_by(unit, player)
        if pinned:
            illegal(f"{pinned}：{player} 本回合不能移动 {unit.id}", "cant_beats_can")
        _check_route(state, unit, destination)
    _check_destination(state, units, destination)


def standard_move(state: GameState, log: Log, player: str, units: list[Unit], destination: str) -> None:
    """144 — the turn player moves ready units they control, paying by exhausting them."""
    check_standard_move(state, player, units, destination)
    for unit in units:
        unit.exhausted = True
    names = "、".join(unit.id for unit in units)
    log.add(
        f"{player} 横置 {names} 作为费用，进行标准移动",
        "standard_move_cost",
        *(("standard_move_same_destination",) if len(units) > 1 else ()),
    )
    _relocate(state, log, units, destination, _route_rules(state, units, destination))


def effect_move(state: GameState, log: Log, units: list[Unit], destination: str, source: str, mover: str | None = None) -> None:
    """449 — a spell or ability moves units; its text, not the standard move, sets the route.  *mover*: the player
    whose spell or ability moves them, the ``moved`` event's player (“when you move an enemy unit”); by default each
    unit's controller.

    A move a "can't" forbids is revoked (054.1): skipped, not ignored, so the instructions
    linked to it are still done (the Vendetta FAQ on 359.3.e.14).
    """
    staying = [unit.id for unit in units if unit.location == destination]
    if staying:  # 446.1: a move changes place — a unit already there is not moved (no move, no moved event)
        log.add(f"{'、'.join(staying)} 已在 {location_name(destination)}：不是移动，不移动", "move_changes_place")
    units = [unit for unit in units if unit.location != destination and
             not _revoked(state, log, unit, destination, source, mover or unit.controller)]
    if not units:
        return
    _check_destination(state, units, destination)
    log.add(f"{source} 使 {'、'.join(unit.id for unit in units)} 移动", "effect_move")
    _relocate(state, log, units, destination, (), mover)


def recall(state: GameState, log: Log, units: list[Unit], source: str) -> None:
    """455–458 — back to base without moving; damage and statuses stay."""
    for unit in units:
        unit.location = base_of(unit.controller)
        log.add(
            f"{source} 将 {unit.id} 召回到基地（召回不是移动，伤害与状态不变）",
            "recall",
            "recall_not_move",
            "recall_keeps_state",
        )


def _pinned_by(unit: Unit, player: str) -> str | None:
    """The source of an effect by which *player* can't move *unit* this turn (“该对手在本回合内无法移动该单位”), or None."""
    return next((source for who, source in unit.pinned if who == player), None)


def _revoked(state: GameState, log: Log, unit: Unit, destination: str, source: str, mover: str) -> bool:
    forbidder = layers.move_forbidder(state, unit, destination)
    pinned = _pinned_by(unit, mover)
    if forbidder is not None or pinned is not None:
        why = f"{forbidder}：{unit.id} 不能移动到基地" if forbidder is not None else f"{pinned}：{mover} 本回合不能移动 {unit.id}"
        log.add(
            f"{why}——{source} 移动 {unit.id} 的指示被撤销（不是被无视），与之关联的其余指示照常执行",
            "cant_beats_can",
            "instruction_revoked",
        )
    return forbidder is not None or pinned is not None


# 144.4 — base ↔ battlefield; battlefield → battlefield only with Ganking.
def _check_route(state: GameState, unit: Unit, destination: str) -> None:
    if unit.location == destination:
        illegal(f"{unit.id} 已在 {location_name(destination)}", "base_to_battlefield")
    if is_base(destination):
        if destination != base_of(unit.controller):
            illegal(f"{unit.id} 只能移动到其控制者的基地", "battlefield_to_base")
        if is_base(unit.location):
            illegal(f"{unit.id} 不能从基地移动到基地", "base_to_battlefield")
        forbidder = layers.move_forbidder(state, unit, destination)
        if forbidder is not None:
            illegal(f"{forbidder}：{unit.id} 不能移动到基地", "cant_beats_can")
    elif not is_base(unit.location) and "游走" not in keywords(state, unit) and not _from_anywhere(state, destination):
        illegal(f"{unit.id} 没有[游走]，不能用标准移动从战场 {unit.location} 移动到战场 {destination}", "ganking_move")


def _from_anywhere(state: GameState, destination: str) -> bool:
    """“单位可从任意位置移动到此处”: a battlefield units may move to from another battlefield without Ganking (its card
    text supersedes 144.4, 002)."""
    battlefield = state.battlefields.get(destination)
    return bool(battlefield and battlefield.card and state.card(battlefield.card).passives.get("moves_here_from_anywhere"))


def _route_rules(state: GameState, units: list[Unit], destination: str) -> tuple[str, ...]:
    if is_base(destination):
        return ("battlefield_to_base",)
    if any(not is_base(unit.location) for unit in units):
        if _from_anywhere(state, destination) and any("游走" not in keywords(state, unit) for unit in units):
            return ("moves_here_from_anywhere",)
        return ("ganking_move", "ganking")
    return ("base_to_battlefield",)


# 449.2 — never to a battlefield that already has units of two other players.
def _check_destination(state: GameState, units: list[Unit], destination: str) -> None:
    if is_base(destination):
        return
    movers = {unit.controller for unit in units}
    others = [player for player in state.controllers_at(destination) if player not in movers]
    if len(others) >= 2:
        illegal(f"{destination} 已有 {'、'.join(others)} 两名其他玩家的单位", "no_third_player")


def _relocate(state: GameState, log: Log, units: list[Unit], destination: str, rules: tuple[str, ...],
              mover: str | None = None) -> None:
    for unit in units:
        log.add(f"{unit.id}：{location_name(unit.location)} → {location_name(destination)}", *rules)
        origin, unit.location = unit.location, destination
        # after the move: triggers see it (383.2.c), its origin (the cause) and its destination (the location)
        happen(state, "moved", mover or unit.controller, unit.id, origin, location=destination)
    if is_base(destination):
        return
    # 450 — moving into a battlefield you don't control contests it, unless it already is.
    battlefield = state.battlefields[destination]
    mover = units[0].controller
    if battlefield.contest(mover):
        log.add(
            f"{destination} 由 {battlefield.controller or '无人'} 控制，{mover} 的单位进入后变为被争夺", "contested"
        )


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
