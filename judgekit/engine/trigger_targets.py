"""A triggered ability's targets: chosen as it goes on the chain, checked again as it resolves.

A triggered ability is put on the chain like an activated one (383.3): its targets are chosen then
(355.5.b, 355.8), not when it resolves.  Until the script states that choice, the engine takes the
first legal targets, marked as a default; a script may still name them, but only from the units
that were legal as the ability went on the chain.  As it resolves, each target is checked again
and one no longer legal is unaffected (359.3.e.5).
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import costs, targeting
from judgekit.engine.cards import TargetSpec
from judgekit.engine.rules import illegal
from judgekit.engine.state import ChainItem, GameState, Unit
from judgekit.engine.trace import Log


def context(state: GameState, item: ChainItem, by_spell: bool = False) -> targeting.Context:
    """Who chooses and resolves *item*, an ability, from where: the same at chain entry and at resolution."""
    source_unit = item.source if item.source in state.units or item.source in state.legends else None
    return targeting.Context(
        item.label, item.controller, item.location, source_unit, item.origin, by_spell=by_spell,
        source_card=None if source_unit or item.source in state.battlefields else item.source, ability=True,
    )


def choose_on_chain(state: GameState, log: Log, item: ChainItem, spec: TargetSpec | None) -> ChainItem | None:
    """355.5.b, 383.3 — the first legal targets, chosen as *item* goes on the chain (a default the script may state).

    None: it needs a target and none is legal now, so it cannot go on the chain (355.8) — a unit that
    becomes legal later (one still pending on the chain) does not count.
    """
    if spec is not None and spec.kind == "gear" and not item.targets:
        return _choose_gear(state, log, item, spec)
    if spec is None or spec.kind != "unit" or item.targets or not targeting.needs_targets(item.effects):
        return item
    if spec.count is None:  # “all units here”: picked by what they are as it resolves, not targeted (355.10.d)
        return item
    legal = [unit.id for unit in targeting.legal_targets(state, context(state, item), spec)]
    if not legal and not spec.up_to:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}）：无法确定，离开结算链", "valid_targets", "trigger_targets")
        return None
    chosen = tuple(_one_per_location(state, legal) if spec.per_location else legal)[: spec.count]
    log.add(
        f"{item.label}加入结算链时选择目标：{'、'.join(chosen)}（脚本未指定，按顺序取有效目标）",
        "trigger_targets", "valid_targets", default=True,
    )
    if not _deflect_paid(state, log, item, chosen):
        return None
    return replace(item, targets=(chosen,), target_options=tuple(legal), targets_default=True,
                   target_places=_places(state, chosen))


def _choose_gear(state: GameState, log: Log, item: ChainItem, spec: TargetSpec) -> ChainItem | None:
    """355.5, 355.8 — a trigger that chooses gear: the first legal ones (a default); “up to” may choose none."""
    legal = tuple(targeting.gear_named(ref) for ref in targeting.gear_options(state, item.controller, spec.who))
    if not legal and not spec.up_to:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}）：无法确定，离开结算链", "valid_targets", "trigger_targets")
        return None
    chosen = legal[: spec.count]
    log.add(
        f"{item.label}加入结算链时选择目标：{'、'.join(chosen) or '无（至多，选择 0 件）'}（脚本未指定，按顺序取有效目标）",
        "trigger_targets", "valid_targets", *(("up_to_zero",) if not chosen else ()), default=True,
    )
    return replace(item, targets=(chosen,), target_options=legal, targets_default=True, target_places=chosen)


def chosen_gear(state: GameState, log: Log, item: ChainItem) -> list[targeting.GearRef]:
    """359.3.e — the gear a trigger chose, as it resolves: one no longer on the board is unaffected."""
    refs = [targeting.find_gear(state, name) for name in item.targets[0]]
    kept = [ref for ref in refs if ref is not None and targeting.still_there(state, ref)]
    lost = [name for name, ref in zip(item.targets[0], refs, strict=True) if ref is None or ref not in kept]
    if lost:
        log.add(f"{item.label}的目标 {'、'.join(lost)} 已不在场上，不受影响", "target_illegal", "some_targets_illegal")
    return kept


def _one_per_location(state: GameState, legal: list[str]) -> list[str]:
    first: dict[str, str] = {}
    for name in legal:
        first.setdefault(state.units[name].location, name)
    return list(first.values())


def _places(state: GameState, chosen) -> tuple[str, ...]:
    return tuple(state.units[name].location for name in chosen)


def _deflect_paid(state: GameState, log: Log, item: ChainItem, chosen: tuple[str, ...]) -> bool:
    """809.1.d, 404.2 — an enemy target's Deflect is a cost of the trigger: its controller pays it when able (a
    default), else the ability leaves the chain, which is not a counter (404.2.a)."""
    cost = costs.deflect_cost(state, item.controller, costs.Cost(), (chosen,))
    if not cost.power:
        return True
    if costs.plan(state.players[item.controller], cost) is None:
        log.add(f"{item.label}：{item.controller} 付不起目标的法盾费用（{cost.describe()}），它离开结算链，不算被无效化",
                "deflect_on_abilities", "trigger_cost_declined", "declined_not_countered")
        return False
    log.add(f"{item.label}：目标的法盾是它的强制额外费用，{item.controller} 选择支付", "deflect_on_abilities",
            "trigger_cost_declined", default=True)
    costs.pay(state, log, item.controller, cost, item.label)
    return True


def stated(state: GameState, log: Log, item: ChainItem, spec: TargetSpec, named: list[Unit]) -> ChainItem:
    """The script states the choice made as *item* went on the chain: only units legal then may be named."""
    late = [unit.id for unit in named if unit.id not in item.target_options]
    if late:
        illegal(
            f"{'、'.join(late)} 在 {item.label} 加入结算链时不是有效目标（当时可选：{'、'.join(item.target_options)}）",
            "trigger_targets",
        )
    targeting.check_targets(state, context(state, item), spec, named)
    ids = tuple(unit.id for unit in named)
    log.add(f"{item.label}的目标（加入结算链时所选）：{'、'.join(ids)}", "trigger_targets")
    return replace(item, targets=(ids,), targets_default=False, target_places=_places(state, ids))


def still_legal(state: GameState, log: Log, ctx: targeting.Context, item: ChainItem, spec: TargetSpec) -> list[Unit]:
    """359.3.e — the chosen targets as the ability resolves: one that left the board or broke a restriction is lost."""
    chosen = item.targets[0]
    kept = [
        state.units[name] for index, name in enumerate(chosen)
        if name in state.units and targeting.restriction_broken(state, ctx, spec, state.units[name]) is None
        and not (spec.per_location and state.units[name].location != item.target_places[index])
    ]
    lost = [name for name in chosen if name not in {unit.id for unit in kept}]
    bound = ("target_restrictions",) if spec.per_location else ()  # each bound to its location as chosen (355.9.b)
    if lost and not kept:
        log.add(f"{item.label}的目标 {'、'.join(lost)} 都已不合法：选择这些目标的指令不执行", "target_illegal", "all_targets_illegal", *bound)
    elif lost:
        log.add(f"{item.label}的目标 {'、'.join(lost)} 已不合法，不受影响；其余目标照常", "target_illegal", "some_targets_illegal", *bound)
    return kept
