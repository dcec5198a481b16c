"""Activated abilities (376–381): a cost, then the chain, like playing a card.

The ability's controller activates it on their own turn in an open state (381)
from a unit on the board (380); its targets are chosen and its cost paid as it
is declared, and it waits on the chain for every player to pass, as a played
card does (377.3).  Exhausting the source, Energy and Power, killing the
source and discarding are the costs the card vocabulary knows, with spending the source's buff.
A legend's abilities are activated from its Legend Zone by its owner, who controls it (174.8, 192.1).
A unit with the passive ``gains_exhaust_abilities`` has every activated ability with an exhaust
cost of its controller's legends, other units and gear, whole — conditions included (727.1.b.1) —
offered as “ability（card）”.
"""

from __future__ import annotations

from judgekit.engine import effects, empower, events, targeting, triggers, turn
from judgekit.engine.cards import Ability, AbilityCost, CardDef, ability_label
from judgekit.engine.costs import Cost, Payment, check_payable, pay
from judgekit.engine.damage import cost_victim, kill, kill_friendly_for_cost
from judgekit.engine.events import watch_might
from judgekit.engine.rules import illegal
from judgekit.engine.state import ChainItem, GameEvent, GameState, Legend, Unit
from judgekit.engine.targeting import Choices, Context, find_unit
from judgekit.engine.trace import Log
from judgekit.engine.zones import adds_resources, spend_xp, xp_problem


def check_activation(
    state: GameState, player: str, unit_name: str, name: str, targets, payment: Payment | None,
    cost_kill: str | None = None,
) -> tuple[Unit | Legend, CardDef, Ability]:
    """376–381 — every check of activating *name* of *unit_name* now, in its order, reading the state only:
    the holder, the card the ability is printed on, the ability."""
    turn.check_priority(state, player)
    # a gear's ability too (Equip, 818, gear.py), and a legend's (174.8)
    unit = state.legends.get(unit_name) or state.gear.get(unit_name) or find_unit(state, unit_name)
    card, ability = _activated(state, unit, name)
    _check_timing(state, player, unit, ability.timing)
    empower.check_activation(state, unit, ability)
    _check_limit(state, unit, ability)
    label = ability_label(unit.id, name)
    _targets(state, Log(), player, unit, ability, label, targets)
    _check_cost(state, player, unit, ability.cost, label, payment)
    cost_victim(state, player, label, ability.cost.kill_friendly, cost_kill, "check_costs")
    return unit, card, ability


def activate(
    state: GameState, log: Log, player: str, unit_name: str, name: str, targets, payment: Payment | None,
    cost_kill: str | None = None,
) -> None:
    unit, card, ability = check_activation(state, player, unit_name, name, targets, payment, cost_kill)
    if ability.limit == "turn":
        state.this_turn.append(GameEvent(events.USED, player, _limit_key(unit, ability)))
    label = ability_label(unit.id, name)
    log.add(f"{player} 启动 {label}（此前为{turn.state_name(state)}状态）：加入结算链，成为待定项", "activate")
    if ability.condition and card.name != unit.card:
        log.add(f"{unit.id} 获得的是 {card.name} 的整行技能，连同其条件；条件按 {unit.id} 自己判断", "dependent_present")
    chosen = _targets(state, log, player, unit, ability, label, targets)
    _pay(state, log, player, unit, ability.cost, label, payment)
    kill_friendly_for_cost(state, log, player, label, ability.cost.kill_friendly, cost_kill, "check_costs")
    if adds_resources(ability):
        _resolve_at_once(state, log, player, unit, ability, label)
        return
    state.items += 1
    item = ChainItem(
        source=unit.id,
        card=card.name,  # the card the ability is printed on: its targets and name (a gained one: another card)
        controller=player,
        effects=triggers.effects_of(ability),
        label=f"{label}（#{state.items}）",
        location=unit.location,
        kind="ability",
        id=f"#{state.items}",
        ability=ability.name,
        targets=(tuple(targeting.name_of(target) for target in chosen),) if chosen is not None else (),
    )
    state.chain.append(item)
    turn.chain_item_added(state, log, item)


def _resolve_at_once(state: GameState, log: Log, player: str, source, ability: Ability, label: str) -> None:
    """400.2, 429.2 — an Add ability resolves as it is finalized: no chain item waits, priority and focus stay."""
    log.add(f"{label} 是加入资源的能力：确定后立即结算，不让过优先权，焦点不传递", "add_resolves", "add_no_pass", "add_no_focus")
    ctx = Context(label, player, source.location, getattr(source, "id", None))
    effects.resolve(state, log, ctx, triggers.effects_of(ability), [], Choices())


def _activated(state: GameState, unit, name: str) -> tuple[CardDef, Ability]:
    found = activated_abilities(state, unit)
    if name not in found:
        illegal(f"{unit.id} 没有名为 {name} 的启动能力（有：{'、'.join(found) or '无'}）", "activated_on_board")
    return found[name]


def activated_abilities(state: GameState, holder) -> dict[str, tuple[CardDef, Ability]]:
    """The activated abilities *holder* has, by the name a script uses: its card's, then gained ones."""
    card = state.card(holder.card)
    own = {a.name: (card, a) for a in card.abilities if a.kind == "activated"}
    if not isinstance(holder, Unit) or not card.passives.get("gains_exhaust_abilities"):
        return own
    gained = {
        f"{ability.name}（{other.name}）": (other, ability)
        for other in _friendly_cards(state, holder)
        for ability in other.abilities
        if ability.kind == "activated" and ability.cost.exhaust
    }
    return own | gained


def _friendly_cards(state: GameState, unit: Unit) -> list[CardDef]:
    """The cards of its controller's legends, other units and gear, attached or not."""
    player = unit.controller
    names = [legend.card for legend in state.legends.values() if legend.controller == player]
    names += [other.card for other in state.units.values() if other.controller == player and other.id != unit.id]
    names += [gear for other in state.units.values() if other.controller == player for gear in other.attached]
    names += [gear.card for gear in state.gear.values() if gear.controller == player]
    return [state.card(name) for name in dict.fromkeys(names)]


def _limit_key(holder, ability: Ability) -> str:
    """A use of *ability* of *holder* in the turn's record; a copy's abilities are new instances (gear.py)."""
    return f"{holder.id}/{ability.name}/{holder.copies if isinstance(holder, Unit) else 0}"


def _check_limit(state: GameState, holder, ability: Ability) -> None:
    """377.2.b — “use only once each turn” must hold to activate."""
    key = _limit_key(holder, ability)
    if ability.limit == "turn" and any(event.kind == events.USED and event.subject == key for event in state.this_turn):
        illegal(f"{holder.id} 的 {ability.name} 本回合已使用过（每回合仅一次）", "activated_condition")


def _check_timing(state: GameState, player: str, unit: Unit, timing: str | None) -> None:
    """380–381 — from the board, by its controller, on their own turn, in an open state; an ability with
    [Action] also during showdowns on any turn (806.1.c.2), with [Reaction] in closed states too (813.1.c.2)."""
    if unit.controller != player:
        illegal(f"{unit.id} 由 {unit.controller} 控制，{player} 不能启动它的能力", "activated_controller")
    if timing == "reaction":
        return
    if player != state.turn_player and not (timing == "action" and state.in_showdown):
        illegal(f"启动能力只能在控制者自己的回合启动，现在是 {state.turn_player} 的回合", "activated_timing")
    if state.chain:
        illegal("结算链存在（封闭状态）：启动能力只能在开放状态下启动" + ("（[迅捷]不许可封闭状态）" if timing else ""),
                "activated_timing")


def _targets(state: GameState, log: Log, player: str, unit: Unit, ability: Ability, label: str, names) -> list | None:
    """377.3 — the ability's targets, chosen as it is activated: the script's, or legal defaults."""
    if ability.target is None:
        if names:
            illegal(f"{label} 不选择目标，脚本却给出了目标 {'、'.join(names)}", "valid_targets")
        return None
    ctx = Context(label, player, unit.location, unit.id)
    if names is None:
        return targeting.choose_targets(state, log, ctx, ability.target, ability.effects, None)
    targeting.check_named(state, ctx, ability.target, ability.effects, tuple(names))
    return targeting.named_targets(state, ability.target, names)


def _check_cost(state: GameState, player: str, unit: Unit | Legend, cost: AbilityCost, label: str, payment) -> None:
    """377, 358.2 — the cost can be paid: a source already exhausted cannot pay to exhaust, and so on."""
    if cost.exhaust and unit.exhausted:
        illegal(f"{unit.id} 已横置，无法支付“横置”费用", "check_costs")
    if cost.spend_buff and not unit.buffs:
        illegal(f"{unit.id} 没有增益，无法支付“消耗增益”费用", "check_costs")
    if cost.disempower and not empower.disempowerable(state, cost.disempower, unit.id, player):
        illegal(f"{label} 的费用“解除强化”无法支付", "check_costs")
    if cost.energy or cost.power or cost.runes:
        check_payable(state.players[player], _rune_cost(cost, label), label, payment)
    if cost.xp and xp_problem(state, player, cost.xp, label):
        illegal(xp_problem(state, player, cost.xp, label), "check_costs")
    hand = state.players[player].hand
    if cost.discard > len(hand):
        illegal(f"{player} 手牌只有 {len(hand)} 张，无法弃 {cost.discard} 张", "check_costs")


def _rune_cost(cost: AbilityCost, label: str) -> Cost:
    """Energy, Power of any domain, and Power of the domains the cost names (its runes)."""
    power = ((),) * cost.power + tuple((domain,) for domain in cost.runes)
    return Cost(cost.energy, power, ((label, "activate"),))


def _pay(state: GameState, log: Log, player: str, unit: Unit | Legend, cost: AbilityCost, label: str, payment) -> None:
    """377 — the cost is paid as the ability is activated (``_check_cost`` said it can be)."""
    if cost.exhaust:
        unit.exhausted = True
    if cost.spend_buff:
        with watch_might(state, log, [unit]):
            unit.buffs -= 1
    if cost.disempower:
        empower.pay_disempower(state, log, cost.disempower, unit.id, player, label)
    if cost.energy or cost.power or cost.runes:
        pay(state, log, player, _rune_cost(cost, label), label, payment)
    if cost.xp:
        spend_xp(state, log, player, cost.xp, label)
    hand = state.players[player].hand
    discarded = [hand.pop(0) for _ in range(cost.discard)]
    state.players[player].trash.extend(discarded)
    log.add(
        f"{label} 的费用已支付：{cost.describe()}" + (f"（弃掉 {'、'.join(c.name for c in discarded)}）" if discarded else ""),
        "check_costs",
        default=bool(discarded),
    )
    if cost.kill_self:
        kill(state, log, unit, "kill")
