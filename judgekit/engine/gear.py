"""Gear on the board (147–152), Attach (434) and Detach (435).

An attached gear is recorded on its unit (``Unit.attached``, its Might Bonus in layers.py);
an unattached one is a ``Gear`` in ``GameState.gear`` with a location.  Detaching leaves the
gear where the unit is (435.4); a unit leaving the board leaves its gear unattached there (719.5); a
cleanup recalls unattached gear found at a battlefield to its controller's base (149.3).
The controller of an attached gear is not tracked apart from its unit's yet (718.5.e): a
detached gear is given to the unit's controller.
"""

from __future__ import annotations

from judgekit.engine import events
from judgekit.engine.copy import become_copy, end_copy
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
    if unit.copied_by == name:  # a copy “for as long as this is attached” ends with the attachment
        end_copy(state, log, unit)


def attach(state: GameState, log: Log, controller: str, name: str, unit: Unit, model: Unit | None = None) -> None:
    """434 — an unattached gear of *controller* becomes attached to *unit* and moves with it (434.4).

    The attachment is an event (an “when you attach … to me” trigger sees it); a gear that makes its
    unit a copy “as this is attached” does so right after that event (370.1.b.1), of *model* or,
    when no one chose, the first other friendly unit.
    """
    gear = next((g for g in state.gear.values() if g.card == name and g.controller == controller), None)
    if gear is None:
        illegal(f"{controller} 在场上没有未贴附的 {name}", "attach")
    del state.gear[gear.id]
    unit.attached.append(name)
    log.add(f"{name} 贴附到 {unit.id} 上，位置随之变为{location_name(unit.location)}", "attach", "attach_location")
    events.happen(state, "attached", controller, unit.id, name)
    if state.card(name).passives.get("copies_as_attached"):
        _copy_as_attached(state, log, controller, name, unit, model)


def _copy_as_attached(state: GameState, log: Log, controller: str, name: str, unit: Unit, model: Unit | None) -> None:
    others = [u for u in state.units.values() if u.controller == controller and u.id != unit.id]
    if model is not None and model not in others:
        illegal(f"{name} 须复制另一名友方单位，{model.id} 不是", "copy")
    if model is None and not others:
        log.add(f"{name} 贴附时没有另一名友方单位可选，{unit.id} 不成为复制体", "copy")
        return
    if model is None:
        model = others[0]
        log.add(f"脚本未指定 {name} 要复制的单位，引擎选择：{model.id}", "copy", default=True)
    log.add(f"{name} 贴附这一事件之后，随之执行“成为复制体”", "replacement_as")
    become_copy(state, log, unit, model, name, kept_by=name)


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
    if state.card(param).passives.get("copies_as_attached"):  # the unit equipped, then the one it copies
        equipped, *model = targets
        attach(state, log, ctx.controller, param, equipped, model[0] if model else None)
        return
    for unit in targets:
        attach(state, log, ctx.controller, param, unit)


def _detach_effect(state, log, ctx, param, targets, choices) -> None:
    for unit in targets:
        for name in list(unit.attached) if param is None else [param]:
            detach(state, log, unit, name)


def take_gear(state: GameState, log: Log, ctx, param) -> None:
    """“Move an enemy gear to your base; you control it; if it's an Equipment, attach it to me.”

    An attached gear first detaches from its unit (ending what its attachment kept going), changes
    controller (a trait, 477.1.a), goes to the taker's base, and an Equipment (a gear with an
    Equip ability, 818) then attaches to the source — an attachment like any other (434).
    """
    enemies = state.opponents(ctx.controller)
    holder = next((u for u in state.units.values() if u.controller in enemies and param in u.attached), None)
    if holder is not None:
        detach(state, log, holder, param)
    gear = next((g for g in state.gear.values() if g.card == param and g.controller in enemies), None)
    if gear is None:
        log.add(f"{ctx.source}：对手在场上没有 {param}，不执行", "do_what_you_can")
        return
    gear.controller, gear.location = ctx.controller, base_of(ctx.controller)
    log.add(f"{ctx.source}：{gear.id} 移到 {ctx.controller} 的基地，改由 {ctx.controller} 控制", "control_trait")
    source = state.units.get(ctx.source_unit or "")
    if source is not None and state.card(param).ability("装配"):
        attach(state, log, ctx.controller, param, source)


def ready_gear(state: GameState, log: Log, ctx, param) -> None:
    """“Ready N gear”: up to N of the effect controller's exhausted unattached gear, in board order (a default)."""
    candidates = [g for g in state.gear.values() if g.controller == ctx.controller and g.exhausted]
    for gear in candidates[:param]:
        gear.exhausted = False
    readied = "、".join(g.id for g in candidates[:param]) or "没有横置的装备"
    log.add(f"{ctx.source}：重置至多 {param} 件装备：{readied}", "ready", default=len(candidates) > param)


GEAR_VERBS = {"attach": _attach_effect, "detach": _detach_effect}
