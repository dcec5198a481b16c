"""Gear on the board (147–152), Attach (434) and Detach (435); the copy effect an attached gear makes (477.1.b).

An attached gear is recorded on its unit (``Unit.attached``, its Might Bonus in layers.py);
an unattached one is a ``Gear`` in ``GameState.gear`` with a location.  Detaching leaves the
gear where the unit is (435.4); a unit leaving the board leaves its gear unattached there (719.5); a
cleanup recalls unattached gear found at a battlefield to its controller's base (149.3).
An attached gear is controlled by its unit's controller unless the unit changed hands while it was
attached: a control change of the unit does not change the gear's (718.5.e, ``Unit.gear_control``), and a
gear left in another player's base is recalled to its controller's (323.7).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from judgekit.engine import events, triggers
from judgekit.engine.costs import Cost, plan
from judgekit.engine.events import pay, watch_might
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    GameState,
    Gear,
    GearRef,
    Question,
    Unit,
    answer_to,
    base_of,
    gear_controller,
    is_base,
    location_name,
    numbered_id,
    without,
)
from judgekit.engine.trace import Log
from judgekit.errors import ScenarioError


def place_gear(state: GameState, player: str, name: str, exhausted: bool = False) -> None:
    """An unattached gear of *player* in their base, where gear is played (149.2)."""
    gear_id = numbered_id(name, state.gear)
    state.gear[gear_id] = Gear(gear_id, name, player, player, base_of(player), exhausted)


def enter_gear(state: GameState, log: Log, player: str, card, owner: str, location: str, how: str, *rules: str,
               played_from: str = "hand") -> str:
    """149.1 — a gear card played enters the board ready, or exhausted when it says so (369.3), at *location*; its
    “played” event happens (a trigger on playing it waits for the chain; *played_from*: the zone it was played from).  Returns its id."""
    gear_id = numbered_id(card.name, state.gear)
    exhausted = any(static.get("enters_exhausted") for static in card.statics)  # “this enters exhausted” (369.3)
    state.gear[gear_id] = Gear(gear_id, card.name, owner, player, location, exhausted=exhausted)
    events.happen(state, "played", player, gear_id, played_from=played_from)
    log.add(f"{how}以{'休眠（它以休眠状态进场）' if exhausted else '就绪'}状态进入 {location_name(location)}（{gear_id}）",
            *rules, "gear_enters_ready", *(("enters_ready",) if exhausted else ()))
    return gear_id


def detach(state: GameState, log: Log, unit: Unit, name: str, why: str = "detach") -> None:
    """435 — *name* stops being attached to *unit* and stays where the unit is (435.4)."""
    if name not in unit.attached:
        log.add(f"{name} 没有贴附在 {unit.id} 上，卸除不发生任何事", "detach_nothing")
        return
    controller = gear_controller(unit, name)
    exhausted, empowered = name in unit.gear_exhausted, unit.gear_empowered.count(name)
    granted = _unattach(state, log, unit, name)
    gear_id = numbered_id(name, state.gear)
    state.gear[gear_id] = Gear(gear_id, name, unit.owner, controller, unit.location, exhausted, granted=granted,
                               empowered=empowered)
    log.add(f"{name} 从 {unit.id} 上卸除，留在{location_name(unit.location)}（{gear_id}）", why, "detach_location")
    if state.card(name).might_bonus:  # 137.3.a: the bonus applied only while attached
        log.add(f"{unit.id} 不再获得 {name} 的战力加成（{state.card(name).might_bonus:+d}）", "might_bonus_stops")


def _unattach(state: GameState, log: Log, unit: Unit, name: str) -> tuple[str, ...]:
    """*name* is no longer attached to *unit*: what its attachment kept going ends; the keywords granted to it."""
    unit.attached.remove(name)
    _set_attached_exhausted(unit, name, False)
    unit.gear_empowered = without(unit.gear_empowered, name, unit.gear_empowered.count(name))
    granted = _take_grants(unit, name)
    if name not in unit.attached:  # the last of that name: its control record goes with it
        unit.gear_control.pop(name, None)
    if unit.copied_by == name:  # a copy “for as long as this is attached” ends with the attachment
        end_copy(state, log, unit)
    return granted


def keep_gear_control(unit: Unit) -> None:
    """718.5.e — the unit changes hands; its attached gear stays with its controller."""
    for name in unit.attached:
        unit.gear_control.setdefault(name, unit.controller)


def attach(state: GameState, log: Log, controller: str, name: str, unit: Unit, model: Unit | None = None,
           gear_id: str | None = None) -> None:
    """434 — a gear of *controller* becomes attached to *unit* and moves with it (434.4): an unattached one, else one
    attached elsewhere, detached first (434.1.f); one attached to *unit* already stays, nothing happening (434.1.g).

    The attachment is an event (an “when you attach … to me” trigger sees it); a gear that makes its
    unit a copy “as this is attached” does so right after that event (370.1.b.1), of *model* or,
    when no one chose, the first other friendly unit.
    """
    gear = state.gear.get(gear_id) if gear_id else \
        next((g for g in state.gear.values() if g.card == name and g.controller == controller), None)
    if gear is None:
        holder = next((u for u in state.units.values() if name in u.attached and gear_controller(u, name) == controller), None)
        if holder is None:
            illegal(f"{controller} 在场上没有 {name}", "attach")
        if holder is unit:  # 434.1.g: to its current top card, attaching has no effect (no event either)
            log.add(f"{name} 已贴附在 {unit.id} 上：贴附到当前的最上方牌不产生任何效果", "attach_same")
            return
        log.add(f"{name} 贴附到新的最上方牌 {unit.id}：先从 {holder.id} 上卸除", "attach_elsewhere")  # 434.1.f
        detach(state, log, holder, name, "attach_elsewhere")
        gear = next(g for g in state.gear.values() if g.card == name and g.controller == controller)
    del state.gear[gear.id]
    unit.attached.append(name)
    _set_attached_exhausted(unit, name, gear.exhausted)  # its status stays its own (719.4)
    unit.gear_empowered += (name,) * gear.empowered
    unit.gear_grants += tuple((name, keyword) for keyword in gear.granted)  # granted text stays with it
    log.add(f"{name} 贴附到 {unit.id} 上，位置随之变为{location_name(unit.location)}", "attach", "attach_location")
    events.happen(state, "attached", controller, unit.id, name)
    if state.card(name).passives.get("copy_attached_text"):  # 370.1.b.1: "as attached": attach, then copy
        log.add(f"{name} 贴附之后，复制 {unit.id} 的印刷文字作为自己的效果文字（此时贴附已发生；其他效果给予它的关键词等"
                "不是印刷文字，不复制）", "as_event", "copied_text", "copy_status")
    elif state.card(name).passives.get("copies_as_attached"):
        _copy_as_attached(state, log, controller, name, unit, model)


def _copy_as_attached(state: GameState, log: Log, controller: str, name: str, unit: Unit, model: Unit | None) -> None:
    others = [u for u in state.units.values() if u.controller == controller and u.id != unit.id]
    if model is not None and model not in others:
        illegal(f"{name} 须复制另一名友方单位，{model.id} 不是", "copy")
    if model is None and not others:
        log.add(f"{name} 贴附时没有另一名友方单位可选，{unit.id} 不成为复制体", "copy")
        return
    if model is None and len(others) > 1 and not state.defaults:  # which unit: the controller's question
        (chosen,) = answer_to(state, Question(
            "copy", controller, name, f"{controller} 选择 {name} 贴附时 {unit.id} 要复制的另一名友方单位",
            tuple((other.id,) for other in others), "choose: [单位]", "copy",
        ))
        model = state.units[chosen]
    if model is None:
        model = others[0]
        log.add(f"脚本未指定 {name} 要复制的单位，引擎选择：{model.id}", "copy", default=len(others) > 1)
    log.add(f"{name} 贴附这一事件之后，随之执行“成为复制体”", "as_event")
    become_copy(state, log, unit, model, name, kept_by=name)


def leave_unattached(state: GameState, log: Log, unit: Unit) -> None:
    """719.5 — a unit leaving the board: each attached gear detaches and stays where the unit was."""
    for name in list(unit.attached):
        detach(state, log, unit, name, why="detach_top_left")


def recall_unattached(state: GameState, log: Log) -> None:
    """149.3 — unattached gear at a battlefield during a cleanup is recalled to its controller's base;
    323.7 — so is gear in a base other than its controller's."""
    for gear in state.gear.values():
        if not is_base(gear.location):
            log.add(f"{gear.id} 未贴附且位于{gear.location}：召回到 {gear.controller} 的基地", "gear_recalled")
            gear.location = base_of(gear.controller)
        elif gear.location != base_of(gear.controller):
            log.add(f"{gear.id} 在{location_name(gear.location)}，由 {gear.controller} 控制：召回到其控制者的基地", "recall", "hidden_removed")
            gear.location = base_of(gear.controller)


def take_gear_while_here(state: GameState, log: Log, ctx, param) -> None:
    """477.1.a, 480 — the effect's controller controls an enemy gear while the source stays on the board,
    and moves it to their base.  The gear is the first unattached enemy gear (a default: the card's
    choice is made by the engine)."""
    enemy = [g for g in state.gear.values() if g.controller in state.opponents(ctx.controller)]
    if not enemy:
        log.add(f"{ctx.source}：没有未贴附的敌方装备", "do_what_you_can")
        return
    gear = enemy[0]
    if len(enemy) > 1 and not state.defaults:  # which gear: the controller's question
        (chosen,) = answer_to(state, Question(
            "take_gear", ctx.controller, ctx.source, f"{ctx.controller} 以 {ctx.source} 取得哪件敌方装备的控制权",
            tuple((g.id,) for g in enemy), "choose: [装备]", "control_trait",
        ))
        gear = state.gear[chosen]
    gear.control_effects.append((ctx.controller, ctx.source_unit, state.tick()))
    _to_taker(gear, ctx.controller)
    log.add(f"{ctx.source}：{ctx.controller} 取得 {gear.id} 的控制权（在来源离场前），将其移到自己的基地", "control_trait",
            default=len(enemy) > 1 and state.defaults)


def _to_taker(gear: Gear, player: str) -> None:
    """477.1.a — a new controller is a trait change; the gear goes to its new controller's base."""
    gear.controller, gear.location = player, base_of(player)


def end_gear_control(state: GameState, log: Log) -> None:
    """480 — a control effect whose source left the board ends; the latest one still applying decides the
    controller, else nobody's effect does and the owner controls it."""
    for gear in state.gear.values():
        active = [effect for effect in gear.control_effects if effect[1] in state.units]
        if len(active) == len(gear.control_effects):
            continue
        gear.control_effects = active
        controller = max(active, key=lambda effect: effect[2])[0] if active else gear.owner
        log.add(f"{gear.id} 的一个控制效果随其来源离场而结束：按时间戳仍在生效的效果决定控制者，现由 {controller} 控制", "control_timestamps")
        gear.controller = controller


def _attach_chosen(state, log, ctx, part: int, targets) -> None:
    """``{gear: {target: N}}`` — “为该单位贴附该武装”: the gear the N-th part chose, to the unit it acts on (434; from
    another unit, detached first, 434.1.f); gone, and nothing is attached."""
    from judgekit.engine.targeting import find_gear  # (targeting reads gear.py)

    names = ctx.groups[part - 1] if part <= len(ctx.groups) else ()  # by the names a part keeps (``gear_named``)
    refs = [ref for name in names if (ref := find_gear(state, name)) is not None]
    if not refs:
        log.add(f"{ctx.source}：所选的装备已不在场上，贴附不发生", "do_what_you_can")
    for ref in refs[:1]:
        for unit in targets[:1]:
            owner = state.gear[ref.gear_id].controller if ref.gear_id else gear_controller(state.units[ref.holder], ref.name)
            attach(state, log, owner, ref.name, unit, gear_id=ref.gear_id)


def _attach_one_of(state, log, ctx, holders: list[str], targets) -> None:
    """``{gear: attached, of}`` — “将其中一件武装贴附到我身上”: one of the Equipment attached to the unit ``of`` names (read as
    it executes), the controller's pick as it resolves, to the unit it acts on; detached first (434.1.f)."""
    holder = state.units.get(holders[0]) if holders else None
    options = [name for name in dict.fromkeys(holder.attached) if EQUIPMENT in state.card(name).tags] if holder else []
    if not options or not targets:
        log.add(f"{ctx.source}：{holder.id if holder else '所指的单位'}没有贴附的武装，贴附不发生", "do_what_you_can")
        return
    name = options[0]
    if len(options) > 1 and not state.defaults:  # which one: the controller's question (355.10.a: chosen as it resolves)
        (name,) = answer_to(state, Question(
            "attach_gear", ctx.controller, ctx.source, f"{ctx.controller} 选择 {holder.id} 的哪一件武装贴附到 {targets[0].id} 上",
            tuple((option,) for option in options), "choose: [武装名]", "attach"))
    owner = gear_controller(holder, name)
    if targets[0] is holder:  # to its current top card: nothing happens (434.1.g)
        attach(state, log, owner, name, holder)
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择 {holder.id} 的 {name}", "attach", default=len(options) > 1 and state.defaults)
    detach(state, log, holder, name, "attach_elsewhere")  # 434.1.f: from its top card first
    gear_id = next(gear.id for gear in reversed(state.gear.values()) if gear.card == name and gear.controller == owner)
    attach(state, log, owner, name, targets[0], gear_id=gear_id)


EQUIPMENT = "武装"  # the tag an Equipment has (718)


def _attach_effect(state, log, ctx, param, targets, choices) -> None:
    if isinstance(param, dict) and param.get("gear") == "attached":  # one of a unit's Equipment
        _attach_one_of(state, log, ctx, param.get("of", []), targets)
        return
    if isinstance(param, dict) and isinstance(param.get("gear"), dict):  # a gear chosen beside the unit
        _attach_chosen(state, log, ctx, param["gear"]["target"], targets)
        return
    if isinstance(param, dict):  # ``{gear: created}``: the gear the instructions just played (“将其贴附到我身上”)
        made = [state.gear[made] for made in ctx.created if made in state.gear]
        if not made:
            log.add(f"{ctx.source}：此前打出的装备已不在场上（或已贴附），贴附不发生", "do_what_you_can")
        for gear in made[:1]:
            for unit in targets[:1]:
                attach(state, log, ctx.controller, gear.card, unit, gear_id=gear.id)
        return
    if state.card(param).passives.get("copies_as_attached"):  # the unit equipped, then the one it copies
        equipped, *model = targets
        attach(state, log, ctx.controller, param, equipped, model[0] if model else None)
        return
    for unit in targets:
        attach(state, log, ctx.controller, param, unit)


def _detach_effect(state, log, ctx, param, targets, choices) -> None:
    part = param.get("from", {}).get("target") if isinstance(param, dict) else None
    holders = ctx.groups[part - 1] if part and part <= len(ctx.groups) else None  # “from that unit”: only from it
    for target in targets:
        if isinstance(target, GearRef) and holders is not None and target.holder not in holders:
            log.add(f"{ctx.source}：{target.id} 没有贴附在所选的单位上，卸除不发生任何事", "detach_nothing")
            continue
        if isinstance(target, GearRef):  # a chosen gear: from the unit it is attached to (an unattached one: nothing)
            if target.holder in state.units and target.name in state.units[target.holder].attached:
                detach(state, log, state.units[target.holder], target.name)
            continue
        for name in [param] if isinstance(param, str) else list(target.attached):
            detach(state, log, target, name)


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
    _to_taker(gear, ctx.controller)
    log.add(f"{ctx.source}：{gear.id} 移到 {ctx.controller} 的基地，改由 {ctx.controller} 控制", "control_trait")
    source = state.units.get(ctx.source_unit or "")
    if source is not None and state.card(param).ability("装配"):
        attach(state, log, ctx.controller, param, source)


def weaponmaster(state: GameState, log: Log, ctx, param, targets, choices) -> None:
    """821.1.c — Weaponmaster: the controller may choose an Equipment they control (unattached, or attached to
    another unit), pay its Equip cost reduced by [A] and attach it to the unit with Weaponmaster.

    An Equipment is a gear with an Equip ability (818), as in take_gear: one with the tag alone has no Equip
    cost and cannot be paid (821.1.c.1, 821.1.c.4), the same outcome as not choosing it.  The script's
    ``play_card`` names the Equipment, ``play_card: null`` none; unanswered, the first one (a default, never
    with ``defaults: false``).  The Equip ability is not activated (821.1.c.6): nothing triggers on it.
    """
    unit = state.units.get(ctx.source_unit or "")
    if unit is None:
        log.add(f"{ctx.source}：此单位已不在场上，百炼无从贴附", "do_what_you_can")
        return
    held = [(None, g.card) for g in state.gear.values() if g.controller == ctx.controller and _equip(state, g.card)]
    held += [(other, name) for other in state.units.values() if other is not unit for name in other.attached
             if gear_controller(other, name) == ctx.controller and _equip(state, name)]
    answer = choices.from_hand
    if answer is None and held and not state.defaults:  # which Equipment, or none: the controller's question
        answer = answer_to(state, Question(
            "weaponmaster", ctx.controller, ctx.source, f"{ctx.controller} 以 {ctx.source} 的百炼贴附哪件武装",
            tuple((name,) for name in dict.fromkeys(name for _, name in held)) + ((),),
            "play_card: 武装名（写在让它结算的那一步）或 choose: [武装名]（不贴附：[]）", "weaponmaster",
        ))
    if answer == () or not held:
        why = "选择不贴附武装" if held else "没有控制可贴附的武装"
        log.add(f"{ctx.source}：{ctx.controller} {why}，百炼什么也不做", "weaponmaster")
        return
    if answer is not None:
        chosen = next((entry for entry in held if entry[1] == answer[0]), None)
        if chosen is None:
            illegal(f"{ctx.controller} 没有控制可由百炼贴附的武装“{answer[0]}”（可选：{'、'.join(n for _, n in held)}）",
                    "weaponmaster")
    else:
        chosen = held[0]
    holder, name = chosen
    cost = _weaponmaster_cost(state, ctx.source, name)
    what = f"{ctx.source} 的百炼（{name} 的装配费用）"
    if plan(state.players[ctx.controller], cost) is None:
        log.add(f"{ctx.controller} 无法支付 {what}（{cost.describe()}）：{name} 留在原处", "weaponmaster_stays")
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择以百炼贴附 {name}，支付 {cost.describe()}", "weaponmaster",
            "weaponmaster_cost", default=answer is None)
    pay(state, log, ctx.controller, cost, what, choices.payment)
    if holder is not None:
        detach(state, log, holder, name)
    attach(state, log, ctx.controller, name, unit)


def _equip(state: GameState, name: str):
    return state.card(name).ability("装配")


def _weaponmaster_cost(state: GameState, source: str, name: str) -> Cost:
    """The Equip cost less one Power of any domain, when it has one (821.1.c.3: a domain's Power is not reduced)."""
    cost = _equip(state, name).cost
    if replace(cost, energy=0, power=0, runes=()) != type(cost)():
        raise ScenarioError(f"{source}：百炼只能支付能量与符能组成的装配费用，{name} 的是 {cost.describe()}")
    any_power = ((),) * max(cost.power - 1, 0)
    return Cost(cost.energy, any_power + tuple((domain,) for domain in cost.runes), ((f"{name} 的装配费用减少[A]", "weaponmaster"),))


def ready_gear(state: GameState, log: Log, ctx, param) -> None:
    """“Ready N gear”: up to N of the effect controller's exhausted unattached gear, in board order (a default)."""
    candidates = [g for g in state.gear.values() if g.controller == ctx.controller and g.exhausted]
    chosen = candidates[:param]
    if len(candidates) > param and not state.defaults:  # which of them, up to N: the controller's question
        answer = answer_to(state, Question(
            "ready_gear", ctx.controller, ctx.source, f"{ctx.controller} 以 {ctx.source} 重置哪些装备（至多 {param} 件）",
            tuple(ids for size in range(param, -1, -1) for ids in combinations((g.id for g in candidates), size)),
            "choose: [装备, ……]", "ready",
        ))
        chosen = [g for g in candidates if g.id in answer]
    for gear in chosen:
        gear.exhausted = False
    readied = "、".join(g.id for g in chosen) or "没有横置的装备"
    log.add(f"{ctx.source}：重置至多 {param} 件装备：{readied}", "ready", default=len(candidates) > param and state.defaults)


# -- gear as a target, its granted keywords, and Temporary on gear (135.4, 718.2, 816) -------------


def _take_grants(unit: Unit, name: str) -> tuple[str, ...]:
    granted = tuple(keyword for gear, keyword in unit.gear_grants if gear == name)
    unit.gear_grants = tuple(pair for pair in unit.gear_grants if pair[0] != name)
    return granted


def grant_to_gear(state, log, ctx, param, gears) -> None:
    """``grant`` on gear: a keyword given to a gear is granted text, active even while the gear is attached (135.4.b)."""
    keyword = param["keyword"]
    for ref in gears:
        if ref.gear_id:
            gear = state.gear[ref.gear_id]
            gear.granted += (keyword,)
        else:
            unit = state.units[ref.holder]
            unit.gear_grants += ((ref.name, keyword),)
        log.add(f"{ctx.source}：{ref.id} 获得[{keyword}]（被赋予的文字，贴附时仍然生效）", "granted_abilities", "granted_text_active")


GEAR_VERBS = {"attach": _attach_effect, "detach": _detach_effect, "weaponmaster": weaponmaster}


def temporary_gear(state: GameState, log: Log, player: str) -> list[GearRef]:
    """816.1.b — *player*'s gear whose Temporary is active: printed on an unattached gear, or granted.

    An attached gear's printed text is inactive (718.2, 135.4), granted text stays active (135.4.b);
    several instances still trigger once (816.2.a).
    """
    found = []
    for gear in state.gear.values():
        if gear.controller == player and ("瞬息" in gear.granted or _printed_temporary(state, gear.card)):
            found.append(GearRef(gear.card, gear_id=gear.id))
    for unit in state.units.values():
        if unit.controller != player:
            continue
        for name in unit.attached:
            granted = (name, "瞬息") in unit.gear_grants
            if _printed_temporary(state, name):
                note = "但它还有被赋予的[瞬息]" if granted else "不会触发"
                log.add(f"{name} 贴附在 {unit.id} 上：印刷的[瞬息]失效，{note}", "attached_inactive", *(("temporary_once",) if granted else ()))
            if granted:
                found.append(GearRef(name, holder=unit.id))
    return found


def _printed_temporary(state: GameState, name: str) -> bool:
    return any(keyword == "瞬息" for keyword, _ in state.card(name).keywords)


LEFT_BOARD = "left_board"


def kill_gear(state: GameState, log: Log, ref: GearRef) -> None:
    """428 — a killed gear goes to its owner's trash (an attached gear's owner is taken to be its unit's).  An unattached
    gear's own “when this dies” abilities (Deathknell, 808.1) go on the chain as it dies, as a unit's do; an attached
    one's text is its unit's (718.2)."""
    if ref.gear_id:
        triggers.own_death(state, log, state.gear[ref.gear_id], "deathknell")
    owner = _off_board(state, log, ref)
    if _ceases(state, log, ref, owner, "废牌堆"):
        return
    state.players[owner].trash.append(state.new_card(ref.name, owner))
    log.add(f"{ref.id} 被摧毁，置入 {owner} 的废牌堆", "kill_to_trash")


def return_gear(state: GameState, log: Log, ref: GearRef, source: str) -> None:
    """A gear returned to its owner's hand leaves the board (148.1.a.3): the card in hand is a new object (359.3.e.4)."""
    owner = _off_board(state, log, ref)
    if _ceases(state, log, ref, owner, "手牌"):
        return
    state.players[owner].hand.append(state.new_card(ref.name, owner))
    log.add(f"{source}：{ref.id} 返回 {owner} 的手牌（成为新的物体）", "gear_chosen", "left_board_new_object")


def banish_gear(state: GameState, log: Log, ref: GearRef, source: str, by: str | None = None) -> None:
    """427.2 — a gear goes from the board to its owner's banishment, as a unit does (a token ceases to exist, 186.1);
    a ``banished`` event, its cause *by*."""
    owner = _off_board(state, log, ref)
    if _ceases(state, log, ref, owner, "放逐区"):
        return
    card = state.new_card(ref.name, owner)
    state.players[owner].banishment.append(card)
    log.add(f"{source} 放逐 {ref.id}：它离开场上，进入 {owner} 的放逐区（放逐不是摧毁）", "banish")
    events.happen(state, "banished", owner, card.name, by)


def _off_board(state: GameState, log: Log, ref: GearRef) -> str:
    """*ref* leaves the board (an attached one detaches first); its owner (an attached gear's: its unit's)."""
    if ref.gear_id:
        _leaving(state, log, state.gear[ref.gear_id])
        return state.gear.pop(ref.gear_id).owner
    unit = state.units[ref.holder]
    _unattach(state, log, unit, ref.name)
    return unit.owner


def _leaving(state: GameState, log: Log, gear: Gear) -> None:
    """384.2 — an unattached gear's “when this leaves the board” is checked while it is still there: its event happens as
    it goes (an attached gear's printed text is inactive, 718.2)."""
    if any(a.trigger is not None and a.trigger.event == LEFT_BOARD for a in state.card(gear.card).abilities):
        log.add(f"{gear.id} 离场：它的“离场时”触发能力在它离开之前判定", "trigger_leaving")
    events.happen(state, LEFT_BOARD, gear.controller, gear.id)


def _ceases(state: GameState, log: Log, ref: GearRef, owner: str, zone: str) -> bool:
    """186.1 — a token gear put into a zone off the board ceases to exist."""
    if not state.card(ref.name).is_token:
        return False
    log.add(f"{ref.id} 进入 {owner} 的{zone}；它是指示物，随即不复存在", "token_ceases")
    return True


def gear_exhausted(state: GameState, ref: GearRef) -> bool:
    if ref.gear_id:
        return state.gear[ref.gear_id].exhausted
    return ref.name in state.units[ref.holder].gear_exhausted


def set_gear_exhausted(state: GameState, ref: GearRef, exhausted: bool) -> None:
    """Ready or exhaust a gear on the board; an attached one's status is its own, not its unit's (719.4)."""
    if ref.gear_id:
        state.gear[ref.gear_id].exhausted = exhausted
    else:
        _set_attached_exhausted(state.units[ref.holder], ref.name, exhausted)


def set_gear_exhausted_attached(unit: Unit, name: str, exhausted: bool) -> None:
    """Exhaust or ready the gear *name* attached to *unit* (an ability's exhaust cost paid by an attached gear)."""
    _set_attached_exhausted(unit, name, exhausted)


def _set_attached_exhausted(unit: Unit, name: str, exhausted: bool) -> None:
    rest = without(unit.gear_exhausted, name, 1)
    unit.gear_exhausted = (*rest, name) if exhausted else rest




# Copy effects (477.1.b): one object becomes a copy of another.
#
# A copy takes the copiable traits of what it copies — name, type, tags, cost, domains and rules
# text, and might, which the 化神争锋 FAQ counts among them (entry 27) — as they are now: a copy of
# a copy takes what that one copies (477.1.b.1.b).  It keeps everything that is not a printed
# trait: damage, buffs, might changes, granted keywords, Empowered, its combat designation and
# its attached gear (477.1.b.1.b, FAQ entry 7).  The unit's ``card`` is the card it copies while
# the copy lasts and ``printed`` its own; the copy leaves the board as its own card.
#
# Each time a unit becomes a copy its copied abilities are new instances (FAQ entry 9): a “once
# each turn” ability used before counts afresh (``Unit.copies`` numbers them, read by playing.py).
#
# Shady Spectacles' “as this is attached, choose another friendly unit; the equipped unit becomes
# a copy of it for as long as this is attached” is the gear's passive ``copies_as_attached``: every
# attachment of it is followed by the copy (``attach``, 370.1.b.1: the event first, then what comes with
# it), and the copy ends as the gear detaches.


def become_copy(state: GameState, log: Log, unit: Unit, model: Unit, source: str, kept_by: str | None) -> None:
    """477.1.b.1 — *unit* takes *model*'s copiable traits; its status stays its own."""
    with watch_might(state, log, [unit]):
        unit.printed = unit.printed or unit.card
        unit.card, unit.copied_by = model.card, kept_by
        unit.copies += 1
    kept = [what for what, on in (("强化", unit.empowered), ("增益", unit.buffs), ("战力调整", unit.effects)) if on]
    log.add(
        f"{source}：{unit.id} 成为 {model.id} 的复制体，名称、类型、费用、规则文字与战力都取自 {model.card}"
        + (f"；它自己的{'、'.join(kept)}不变" if kept else "")
        + (f"；{model.id} 的已强化状态不被复制" if model.empowered else ""),
        "copy",
        "copy_traits",
        "copy_status",
    )


def end_copy(state: GameState, log: Log, unit: Unit) -> None:
    """The copy effect ends: the unit has its own card's traits again, its status still its own."""
    with watch_might(state, log, [unit]):
        unit.card, unit.printed, unit.copied_by = unit.printed, None, None
        log.add(f"{unit.id} 不再是复制体，恢复为 {unit.card}（自身的状态不变）", "copy")
