"""Gear on the board (147–152), Attach (434) and Detach (435).

An attached gear is recorded on its unit (``Unit.attached``, its Might Bonus in layers.py);
an unattached one is a ``Gear`` in ``GameState.gear`` with a location.  Detaching leaves the
gear where the unit is (435.4); a unit leaving the board leaves its gear unattached there (719.5); a
cleanup recalls unattached gear found at a battlefield to its controller's base (149.3).
The controller of an attached gear is not tracked apart from its unit's yet (718.5.e): a
detached gear is given to the unit's controller.
"""

from __future__ import annotations

from judgekit.engine.errors import illegal
from judgekit.engine.state import Gear, GameState, Unit, base_of, is_base, location_name
from judgekit.engine.trace import Log


def place_gear(state: GameState, player: str, name: str, exhausted: bool = False) -> None:
    """An unattached gear of *player* in their base, where gear is played (149.2)."""
    gear_id = _fresh_gear_id(state, name)
    state.gear[gear_id] = Gear(gear_id, name, player, player, base_of(player), exhausted)


def detach(state: GameState, log: Log, unit: Unit, name: str, why: str = "detach") -> None:
    """435 — *name* stops being attached to *unit* and stays where the unit is (435.4)."""
    if name not in unit.attached:
        log.add(f"{name} 没有贴附在 {unit.id} 上，卸除不发生任何事", "detach_nothing")
        return
    unit.attached.remove(name)
    gear_id = _fresh_gear_id(state, name)
    state.gear[gear_id] = Gear(gear_id, name, unit.owner, unit.controller, unit.location)
    log.add(f"{name} 从 {unit.id} 上卸除，留在{location_name(unit.location)}（{gear_id}）", why, "detach_location")
    if unit.copied_by == name:  # a copy “for as long as this is attached” ends with the attachment (copy.py)
        unit.card, unit.printed, unit.copied_by = unit.printed, None, None
        log.add(f"{unit.id} 不再是复制体，恢复为 {unit.card}（自身的状态不变）", "copy")


def attach(state: GameState, log: Log, controller: str, name: str, unit: Unit) -> None:
    """434 — an unattached gear of *controller* becomes attached to *unit* and moves with it (434.4)."""
    gear = next((g for g in state.gear.values() if g.card == name and g.controller == controller), None)
    if gear is None:
        illegal(f"{controller} 在场上没有未贴附的 {name}", "attach")
    del state.gear[gear.id]
    unit.attached.append(name)
    log.add(f"{name} 贴附到 {unit.id} 上，位置随之变为{location_name(unit.location)}", "attach", "attach_location")


def leave_unattached(state: GameState, log: Log, unit: Unit) -> None:
    """719.5 — a unit leaving the board: each attached gear detaches and stays where the unit was."""
    for name in list(unit.attached):
        detach(state, log, unit, name, why="detach_top_left")


def recall_unattached(state: GameState, log: Log) -> None:
    """149.3 — unattached gear at a battlefield during a cleanup is recalled to its controller's base."""
    for gear in state.gear.values():
        if not is_base(gear.location):
            log.add(f"{gear.id} 未贴附且位于{gear.location}：召回到 {gear.controller} 的基地", "gear_recalled")
            gear.location = base_of(gear.controller)


def _fresh_gear_id(state: GameState, name: str) -> str:
    number = 1
    while (f"{name}#{number}" if number > 1 else name) in state.gear:
        number += 1
    return f"{name}#{number}" if number > 1 else name


def _attach_effect(state, log, ctx, param, targets, choices) -> None:
    for unit in targets:
        attach(state, log, ctx.controller, param, unit)


def _detach_effect(state, log, ctx, param, targets, choices) -> None:
    for unit in targets:
        for name in list(unit.attached) if param is None else [param]:
            detach(state, log, unit, name)


def ready_gear(state: GameState, log: Log, ctx, param) -> None:
    """“Ready N gear”: up to N of the effect controller's exhausted unattached gear, in board order (a default)."""
    candidates = [g for g in state.gear.values() if g.controller == ctx.controller and g.exhausted]
    for gear in candidates[:param]:
        gear.exhausted = False
    readied = "、".join(g.id for g in candidates[:param]) or "没有横置的装备"
    log.add(f"{ctx.source}：重置至多 {param} 件装备：{readied}", "ready", default=len(candidates) > param)


GEAR_VERBS = {"attach": _attach_effect, "detach": _detach_effect}
