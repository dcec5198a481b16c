"""Selectors, filters, amounts and conditions of the card language (355 targets aside; 477 current values).

Pure reads of the state, seen from the resolving ability (its controller, source unit and location,
and the targets it chose): which units an instruction acts on (``to:``), which units a filter matches,
what number an amount stands for, whether a condition holds.  Nothing here changes the state; the
interpreter (``instructions``) asks these questions as each instruction executes (359.3.f.2: a
reference is read as the instruction is executed).  The forms are those of ``docs/card-language.md``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from judgekit.engine import playedcheck
from judgekit.engine.layers import is_mighty, might
from judgekit.engine.state import GameState, Unit, is_base

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "eq": operator.eq,
}
COMPARISON_NAMES = {"lt": "小于", "le": "不超过", "gt": "大于", "ge": "至少", "eq": "等于"}


def source_unit(state: GameState, ctx) -> Unit | None:
    return state.units.get(ctx.source_unit or "")


def select(state: GameState, ctx, selector, targets: list[Unit]) -> list[Unit]:
    """The units *selector* names now: ``self``, ``target``, ``event_subject``, ``{each: FILTER}``."""
    if selector in ("target", "event_subject"):  # an event's unit is locked in as the ability's target (359.3.f.3.a)
        return [unit for unit in targets if unit.id in state.units]
    if selector == "self":
        unit = source_unit(state, ctx)
        return [unit] if unit else []
    return [unit for unit in state.units.values() if matches(state, ctx, selector["each"], unit, targets)]


def matches(state: GameState, ctx, spec: dict, unit: Unit, targets: list[Unit] = ()) -> bool:
    """Whether *unit* meets every key of the filter *spec* (the keys are AND-ed)."""
    return all(FILTER_KEYS[key](state, ctx, unit, wanted, targets) for key, wanted in spec.items())


def _who(state, ctx, unit, wanted, targets) -> bool:
    if wanted == "friendly":
        return unit.controller == ctx.controller
    if wanted == "enemy":
        return unit.controller in state.opponents(ctx.controller)
    return True


def _where(state, ctx, unit, wanted, targets) -> bool:
    if wanted == "here":
        return unit.location == ctx.location
    if wanted == "there":  # where the chosen targets are
        return unit.location in {target.location for target in targets}
    if wanted == "base":
        return is_base(unit.location)
    if wanted == "battlefield":
        return not is_base(unit.location)
    return True


def _tag(state, ctx, unit, wanted, targets) -> bool:
    tags = state.card(unit.card).tags
    return any(tag in tags for tag in ([wanted] if isinstance(wanted, str) else wanted))


def _compare(read: Callable[[GameState, Unit], int | None]):
    def check(state, ctx, unit, wanted, targets) -> bool:
        value = read(state, unit)
        if value is None:
            return False
        return all(COMPARISONS[op](value, amount(state, ctx, bound, targets)) for op, bound in wanted.items())

    return check


def _state_flag(read: Callable[[GameState, Unit], bool]):
    def check(state, ctx, unit, wanted, targets) -> bool:
        return bool(read(state, unit)) == wanted

    return check


def _alone(state: GameState, unit: Unit) -> bool:
    return not any(other.id != unit.id and other.controller == unit.controller and other.location == unit.location
                   for other in state.units.values())


FILTER_KEYS = {
    "who": _who,
    "where": _where,
    "other": lambda state, ctx, unit, wanted, targets: (unit.id != ctx.source_unit) == wanted,
    "tag": _tag,
    "might": _compare(lambda state, unit: max(might(state, unit), 0)),  # 143.2.b: read as 0 at least
    "cost": _compare(lambda state, unit: state.card(unit.card).cost),
    "token": _state_flag(lambda state, unit: state.card(unit.card).type == "token"),
    "exhausted": _state_flag(lambda state, unit: unit.exhausted),
    "buffed": _state_flag(lambda state, unit: unit.buffs),
    "stunned": _state_flag(lambda state, unit: unit.stunned),
    "mighty": _state_flag(is_mighty),
    "equipped": _state_flag(lambda state, unit: unit.attached),
    "damaged": _state_flag(lambda state, unit: unit.damage),
    "attacking": _state_flag(lambda state, unit: unit.designation == "attacker" and state.in_combat(unit)),
    "defending": _state_flag(lambda state, unit: unit.designation == "defender" and state.in_combat(unit)),
    "alone": _state_flag(_alone),
}


def amount(state: GameState, ctx, value, targets: list[Unit] = ()) -> int:
    """The number an AMOUNT stands for now: an integer, ``{might_of}``, ``{cost_of}``, ``{count}``, ``{points_of}``."""
    if isinstance(value, int):
        return value
    (form, arg), = value.items()
    if form == "might_of":
        units = select(state, ctx, arg, list(targets))
        return max(might(state, units[0]), 0) if units else 0  # 143.2.b
    if form == "cost_of":
        units = select(state, ctx, arg, list(targets))
        return (state.card(units[0].card).cost or 0) if units else 0
    if form == "count":
        return sum(matches(state, ctx, arg, unit, targets) for unit in state.units.values())
    players = [ctx.controller] if arg == "you" else state.opponents(ctx.controller)
    return max((state.players[player].points for player in players), default=0)  # points_of


def holds(state: GameState, ctx, condition: dict, targets: list[Unit], did: bool | None = None) -> str:
    """The key of the first part of *condition* that fails now, or "" when all hold (the parts are AND-ed).

    *did*: whether the latest optional instruction (“you may …”) of the same instructions was done.
    """
    rest = {key: value for key, value in condition.items() if key not in ("at_least", "at_most")}
    for key, wanted in rest.items():
        if key == "count":
            found = amount(state, ctx, {"count": wanted}, targets)
            ok = found >= condition.get("at_least", 1) and found <= condition.get("at_most", found)
        elif key == "you_did":
            ok = bool(did) == wanted
        elif key == "not":
            ok = holds(state, ctx, wanted, targets, did) != ""
        elif key == "any":
            ok = any(holds(state, ctx, part, targets, did) == "" for part in wanted)
        elif key in ("points", "opponent_points"):
            points = amount(state, ctx, {"points_of": "you" if key == "points" else "opponent"})
            ok = all(COMPARISONS[op](points, bound) for op, bound in wanted.items())
        else:
            ok = SOURCE_CONDITIONS[key](state, ctx) == wanted
        if not ok:
            return key
    return ""


def _of_source(read: Callable[[GameState, Unit], bool]):
    def check(state: GameState, ctx) -> bool:
        unit = source_unit(state, ctx)
        return unit is not None and bool(read(state, unit))

    return check


SOURCE_CONDITIONS: dict[str, Callable[[GameState, object], bool]] = {
    "legion": lambda state, ctx: playedcheck.legion_active(state, ctx.controller),
    "mighty": _of_source(is_mighty),
    "at_battlefield": _of_source(lambda state, unit: not is_base(unit.location)),
    "in_combat": _of_source(lambda state, unit: state.in_combat(unit)),
    "alone": _of_source(_alone),
    "empowered": _of_source(lambda state, unit: unit.empowered),
}


def describe_condition(condition: dict) -> str:
    """A condition in plain Chinese for the trace."""
    parts = []
    for key, wanted in condition.items():
        if key in ("at_least", "at_most"):
            continue
        if key == "count":
            low, high = condition.get("at_least", 1), condition.get("at_most")
            parts.append(f"符合条件的单位至少 {low} 名" + (f"、至多 {high} 名" if high is not None else ""))
        elif key == "not":
            parts.append(f"并非（{describe_condition(wanted)}）")
        elif key == "any":
            parts.append("或".join(f"（{describe_condition(part)}）" for part in wanted))
        elif key in ("points", "opponent_points"):
            whose = "你的分数" if key == "points" else "对手的分数"
            parts.append("、".join(f"{whose}{COMPARISON_NAMES[op]} {bound}" for op, bound in wanted.items()))
        else:
            parts.append(("" if wanted else "不") + CONDITION_NAMES[key])
    return "且".join(parts)


CONDITION_NAMES = {
    "you_did": "你这样做了",
    "legion": "鼓舞生效",
    "mighty": "来源是强力单位",
    "at_battlefield": "来源位于战场",
    "in_combat": "来源在战斗中",
    "alone": "来源独自在其位置",
    "empowered": "来源已强化",
}
