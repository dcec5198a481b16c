"""Activated abilities (376–381): a cost, then the chain, like playing a card.

The ability's controller activates it on their own turn in an open state (381)
from a unit on the board (380); its targets are chosen and its cost paid as it
is declared, and it waits on the chain for every player to pass, as a played
card does (377.3).  Exhausting the source, Energy and Power, killing the
source and discarding are the costs the card vocabulary knows, with spending the source's buff.
"""

from __future__ import annotations

from judgekit.engine import effects, priority, triggers
from judgekit.engine.adding import adds_resources
from judgekit.engine.cards import Ability, AbilityCost, ability_label
from judgekit.engine.costs import Cost, Payment, kill_friendly_for_cost, pay
from judgekit.engine.damage import kill
from judgekit.engine.effects import Context, find_unit
from judgekit.engine.errors import illegal
from judgekit.engine.layers import watch_might
from judgekit.engine.state import ChainItem, GameState, Unit
from judgekit.engine.trace import Log


def activate(
    state: GameState, log: Log, player: str, unit_name: str, name: str, targets, payment: Payment | None,
    cost_kill: str | None = None,
) -> None:
    priority.check_priority(state, player)
    unit = state.gear.get(unit_name) or find_unit(state, unit_name)  # a gear's ability too: Equip (818), gear.py
    ability = _activated(state, unit, name)
    _check_timing(state, player, unit)
    label = ability_label(unit.id, name)
    log.add(f"{player} 启动 {label}（此前为{priority.state_name(state)}状态）：加入结算链，成为待定项", "activate")
    chosen = _targets(state, log, player, unit, ability, label, targets)
    _pay(state, log, player, unit, ability.cost, label, payment)
    kill_friendly_for_cost(state, log, player, label, ability.cost.kill_friendly, cost_kill, "check_costs")
    if adds_resources(ability):
        _resolve_at_once(state, log, player, unit, ability, label)
        return
    state.items += 1
    item = ChainItem(
        source=unit.id,
        card=unit.card,
        controller=player,
        effects=triggers.effects_of(ability),
        label=f"{label}（#{state.items}）",
        location=unit.location,
        kind="ability",
        id=f"#{state.items}",
        ability=name,
        targets=(tuple(u.id for u in chosen),) if chosen is not None else (),
    )
    state.chain.append(item)
    priority.item_added(state, log, item)


def _resolve_at_once(state: GameState, log: Log, player: str, source, ability: Ability, label: str) -> None:
    """400.2, 429.2 — an Add ability resolves as it is finalized: no chain item waits, priority and focus stay."""
    log.add(f"{label} 是加入资源的能力：确定后立即结算，不让过优先权，焦点不传递", "add_resolves", "add_no_pass", "add_no_focus")
    ctx = Context(label, player, source.location, getattr(source, "id", None))
    effects.resolve(state, log, ctx, triggers.effects_of(ability), [], effects.Choices())


def _activated(state: GameState, unit: Unit, name: str) -> Ability:
    ability = state.card(unit.card).ability(name)
    if ability is None or ability.kind != "activated":
        names = [a.name for a in state.card(unit.card).abilities if a.kind == "activated"]
        illegal(f"{unit.id} 没有名为 {name} 的启动能力（有：{'、'.join(names) or '无'}）", "activated_on_board")
    return ability


def _check_timing(state: GameState, player: str, unit: Unit) -> None:
    """380–381 — from the board, by its controller, on their own turn, in an open state."""
    if unit.controller != player:
        illegal(f"{unit.id} 由 {unit.controller} 控制，{player} 不能启动它的能力", "activated_controller")
    if player != state.turn_player:
        illegal(f"启动能力只能在控制者自己的回合启动，现在是 {state.turn_player} 的回合", "activated_timing")
    if state.chain:
        illegal("结算链存在（封闭状态）：启动能力只能在开放状态下启动", "activated_timing")


def _targets(state: GameState, log: Log, player: str, unit: Unit, ability: Ability, label: str, names) -> list[Unit] | None:
    if ability.target is None:
        return None
    ctx = Context(label, player, unit.location, unit.id)
    if names is None:
        return effects.choose_targets(state, log, ctx, ability.target, ability.effects, None)
    chosen = [find_unit(state, n) for n in names]
    effects.check_targets(state, ctx, ability.target, chosen)
    return chosen


def _pay(state: GameState, log: Log, player: str, unit: Unit, cost: AbilityCost, label: str, payment) -> None:
    """377 — the cost is paid as the ability is activated; a source already exhausted cannot pay to exhaust."""
    if cost.exhaust:
        if unit.exhausted:
            illegal(f"{unit.id} 已横置，无法支付“横置”费用", "check_costs")
        unit.exhausted = True
    if cost.spend_buff:
        if not unit.buffs:
            illegal(f"{unit.id} 没有增益，无法支付“消耗增益”费用", "check_costs")
        with watch_might(state, log, [unit]):
            unit.buffs -= 1
    if cost.energy or cost.power:
        pay(state, log, player, Cost(cost.energy, ((),) * cost.power, ((label, "activate"),)), label, payment)
    hand = state.players[player].hand
    if cost.discard > len(hand):
        illegal(f"{player} 手牌只有 {len(hand)} 张，无法弃 {cost.discard} 张", "check_costs")
    discarded = [hand.pop(0) for _ in range(cost.discard)]
    state.players[player].trash.extend(discarded)
    log.add(
        f"{label} 的费用已支付：{cost.describe()}" + (f"（弃掉 {'、'.join(c.name for c in discarded)}）" if discarded else ""),
        "check_costs",
        default=bool(discarded),
    )
    if cost.kill_self:
        kill(state, log, unit, "kill")
