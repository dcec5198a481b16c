"""Playing cards (349–359, 419, 421) and the keywords that act while a card is played.

``play`` runs the process of play on a private copy of the state: announce
(move the card to the chain), make the choices, determine and pay the total
cost, check legality, finalize.  A failed check raises, so the copy — and
every step already taken — is discarded, as 358.5 undoes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from judgekit.engine import (
    chaincontrol,
    continuous,
    cost_changes,
    discounts,
    effects,
    events,
    flow,
    locations,
    playedcheck,
    priority,
    selectors,
    statics,
    triggers,
)
from judgekit.engine import keywords as kw
from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost, Payment, base_cost, kill_friendly_for_cost, pay
from judgekit.engine.effects import Choices, Context
from judgekit.engine.errors import illegal
from judgekit.engine.filters import View
from judgekit.engine.gear import GEAR_TARGET_VERBS, GearRef, find_gear, still_there
from judgekit.engine.instructions import run
from judgekit.engine.layers import keywords_of_card, note_entering_mighty
from judgekit.engine.legends import take_chosen_champion
from judgekit.engine.selectors import WITH_MIGHT
from judgekit.engine.state import (
    Card,
    ChainItem,
    GameState,
    Gear,
    Unit,
    base_of,
    is_base,
    location_name,
    names,
    numbered_id,
    take,
)
from judgekit.engine.trace import Log


@dataclass(frozen=True)
class Choice:
    """What the player chose while playing: per execution the mode and the targets (355, 820.2.a)."""

    targets: tuple[tuple[str, ...], ...]
    modes: tuple[str, ...]
    to: str | None
    accelerate: bool
    repeat: int
    hidden: str | None
    pay: Payment | None = None
    flow: bool = False  # from the trash for its Flow cost (829.1.b)
    cost_kill: str | None = None  # the friendly unit killed as an additional cost (357.2)
    alternative: bool = False  # pay the card's alternative cost instead of its base cost


def play(state: GameState, log: Log, player: str, card_name: str, choice: Choice) -> None:
    """353–359 — the process of play."""
    priority.check_priority(state, player)
    card = state.card(card_name)
    forbidden = continuous.play_forbidder(state, player, card.name)
    if forbidden is not None:  # 054.1: the card can't be put on the chain at all
        illegal(forbidden, "cant_beats_can")
    if choice.flow:
        played = _take_from_trash(state, player, card)
    else:
        played = _take_from_origin(state, player, card, choice.hidden)
    boost = _take_boost(state, log, player, card) if card.type == "spell" else {}
    if boost.get("repeat_at_cost"):  # 820: a Repeat the card gains costs its Energy cost
        card = replace(card, repeat=card.repeat + (card.cost or 0,))
    ambush = kw.ambush_permits(state, player, card, choice.to)
    permission = priority.check_timing(state, player, card.name, choice.hidden is not None, ambush)
    origin = f"从 {choice.hidden} 的面朝下状态" if choice.hidden else ("从废牌堆（流转）" if choice.flow else "从手牌")
    log.add(
        f"{player} {origin}打出 {card.name}（此前为{priority.state_name(state)}状态）：移到结算链上，成为待定项",
        "to_chain",
        *(("play_hidden", "hidden") if choice.hidden else ("flow",) if choice.flow else ("play_from_hand",)),
    )
    effect_lists = _make_choices(state, log, player, card, choice)
    cost = total_cost(state, player, card, choice)
    pay(state, log, player, cost, card.name, choice.pay)
    discounts.use(state, log, player, card.name)
    events.happen(state, SPENT, player, card.name, str(cost.energy))  # what was spent stays spent (425.1.c)
    # 357.2; no cleanup runs inside the process of play (319.4), so a battlefield stays its controller's
    kill_friendly_for_cost(
        state, log, player, card.name, bool(card.additional_cost), choice.cost_kill, "additional_cost", "no_cleanup_inside"
    )
    log.add(
        f"合法性检查通过：目标合法、费用已付、时机许可（{priority.state_name(state)}）",
        "check_targets",
        "check_costs",
        "check_timing",
        permission,
    )
    events.happen(state, "finalized", player, card.name, "hidden" if choice.hidden else "hand")
    events.chosen(state, player, [name for chosen in choice.targets for name in chosen])  # 383.4.b.2
    state.passes = 0  # a card was added: the passes in sequence start again (339.1)
    if card.is_unit:
        _unit_enters(state, log, player, card, choice)
        return
    if card.is_type("gear"):
        _gear_enters(state, log, player, card, played, choice.hidden)
        return
    state.items += 1
    item = ChainItem(
        source=card.name,
        card=card.name,
        controller=player,
        effects=list(effect_lists[0]),
        label=f"{player} 的{card.name}（#{state.items}）",
        kind="play",
        id=f"#{state.items}",
        targets=tuple(choice.targets[i] if i < len(choice.targets) else () for i in range(card.instructions * (1 + choice.repeat))),
        modes=choice.modes,
        hidden_at=choice.hidden,
        played=played,
        flow=choice.flow,
        bonus_damage=boost.get("bonus_damage", 0),
    )
    state.chain.append(item)
    log.add(f"{card.name} 是法术：确定后留在结算链上，等待所有玩家让过", "spell_lingers")
    priority.item_added(state, log, item)


def _take_boost(state: GameState, log: Log, player: str, card: CardDef) -> dict:
    """“The next spell you play this turn”: the first such grant of the player's is this spell's."""
    boost = next((b for b in state.spell_boosts if b[0] == player and b[2] == state.turn), None)
    if boost is None:
        return {}
    state.spell_boosts.remove(boost)
    log.add(f"{card.name} 是 {player} 本回合打出的下一个法术，获得此前给予的加成", "choices")
    return boost[1]


# 419.1.a, 108.3.d, 811.1.b — a card is played from hand or the Champion Zone, or from face down a turn after it was hidden.
def _take_from_origin(state: GameState, player: str, card: CardDef, hidden: str | None) -> Card:
    if hidden is None:
        taken = take(state.players[player].hand, card.name) or take_chosen_champion(state, player, card)
        if taken is None:
            illegal(f"{player} 的手牌与英雄区中都没有 {card.name}", "play_from_hand")
        return taken
    bf = state.battlefields.get(hidden)
    if bf is None or bf.facedown is None or bf.facedown.name != card.name or bf.hidden_by != player:
        illegal(f"{hidden} 没有 {player} 隐藏的 {card.name}", "hidden")
    if bf.hidden_turn >= state.turn:
        illegal(f"{card.name} 是本回合隐藏的，从下一回合起才能打出", "hidden")
    taken, bf.facedown, bf.hidden_by = bf.facedown, None, None
    return taken


# 829.1.b — a spell with Flow may be played from its owner's trash.
def _take_from_trash(state: GameState, player: str, card: CardDef) -> Card:
    if flow.flow_cost(card) is None:
        illegal(f"{card.name} 没有[流转]，不能从废牌堆打出", "flow")
    taken = take(state.players[player].trash, card.name)
    if taken is None:
        illegal(f"{player} 的废牌堆中没有 {card.name}", "flow")
    return taken


# 355 — modes, targets and optional costs, one set of choices per execution (820.2.a).
def _make_choices(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> list[tuple[dict, ...]]:
    if choice.repeat > len(card.repeat):
        have = f"只有 {len(card.repeat)} 个回响" if card.repeat else "没有[回响]"
        illegal(f"{card.name} {have}，每个回响费用只能支付一次，不能支付 {choice.repeat} 次", "repeat_once")
    runs = card.instructions * (1 + choice.repeat)  # 820.2.a: each Repeat executes every instruction again
    if card.modes:
        if len(choice.modes) != runs or any(mode not in card.modes for mode in choice.modes):
            illegal(f"{card.name} 须为每次执行选择一个模式（{'、'.join(card.modes)}），共 {runs} 次", "modes")
        effect_lists = [card.modes[mode] for mode in choice.modes]
    else:
        if choice.modes:
            illegal(f"{card.name} 没有可选的模式", "modes")
        effect_lists = [card.effects] * runs
    if card.is_unit:
        if choice.targets:
            illegal(f"{card.name} 是单位：打出时不选择目标，其打出时能力在触发时选择", "choices")
        _unit_location(state, player, card, choice)  # 355.2: where it enters is chosen now
    else:
        if len(choice.targets) > runs:
            illegal(f"{card.name} 执行 {runs} 次，脚本给出了 {len(choice.targets)} 组目标", "valid_targets")
        for index, todo in enumerate(effect_lists):
            chosen = choice.targets[index] if index < len(choice.targets) else ()
            _check_choice(state, player, card, todo, chosen, choice.hidden)
    if choice.accelerate and kw.ACCELERATE not in keywords_of_card(card):
        illegal(f"{card.name} 没有[急速]", "accelerate")
    if choice.to is not None and not card.is_unit:
        illegal(f"{card.name} 不是单位，不选择进入的位置", "unit_location")
    each = "次执行" if choice.repeat else "条指示"
    made = [f"第 {i + 1} {each}：{_said(choice, i)}" for i in range(runs)] if runs > 1 else [_said(choice, 0)]
    rules = ["choices", *(["repeat", "repeat_choices"] if choice.repeat else []), *(["modes"] if card.modes else [])]
    rules += ["separate_instructions"] if card.instructions > 1 else []
    if any(made):
        log.add(f"{player} 为 {card.name} 做出选择：{'；'.join(m for m in made if m)}", *rules)
    return effect_lists


def _said(choice: Choice, index: int) -> str:
    parts = []
    if index < len(choice.modes):
        parts.append(f"模式“{choice.modes[index]}”")
    if index < len(choice.targets) and choice.targets[index]:
        parts.append(f"目标 {'、'.join(choice.targets[index])}")
    return "，".join(parts)


def _check_choice(state, player: str, card: CardDef, todo, chosen: tuple[str, ...], hidden: str | None) -> None:
    spec = card.target
    counters = any(effects.verb(effect) == "counter" for effect in todo)
    if spec is not None and spec.kind == "gear":
        _check_gear_targets(state, card, spec, chosen)
        return
    on_chain = spec is not None and spec.kind == "spell"  # its effects act on the chosen chain items
    legion_targets = effects.needs_targets(card.legion)  # Legion's effects choose as the card is played
    if not (effects.needs_targets(todo) or on_chain or legion_targets or counters) or spec is None:
        if chosen:
            illegal(f"{card.name} 的效果不选择目标，脚本却给出了目标", "valid_targets")
        return
    ctx = Context(card.name, player, hidden)
    if spec.kind == "spell":
        _check_chain_targets(state, ctx, spec, chosen)
        return
    units = [effects.find_unit(state, name) for name in chosen]
    effects.check_targets(state, ctx, spec, units)
    if hidden:  # 811.1.d.2: a hidden spell chooses among units at its battlefield
        away = [unit.id for unit in units if unit.location != hidden]
        if away:
            illegal(f"从 {hidden} 的待命打出时，目标须在 {hidden}：{'、'.join(away)} 不在那里", "hidden_targets")


def _check_gear_targets(state: GameState, card: CardDef, spec, chosen: tuple[str, ...]) -> None:
    """355.9 — a spell that chooses a gear: an unattached gear (by id) or one attached to a unit (by name)."""
    if len(chosen) != (spec.count or len(chosen)) or not chosen:
        illegal(f"{card.name} 须选择{spec.describe()}", "valid_targets")
    for name in chosen:
        if find_gear(state, name) is None:
            illegal(f"场上没有装备“{name}”", "valid_targets")


def chain_item(state: GameState, name: str) -> ChainItem | None:
    """An item on the chain by id (#n) or by card name when one item has it."""
    found = [item for item in state.chain if name in (item.id, item.card, item.label)]
    return found[0] if len(found) == 1 else None


def _check_chain_targets(state: GameState, ctx: Context, spec, chosen: tuple[str, ...]) -> None:
    wanted = spec.describe()
    if len(chosen) != (spec.count or len(chosen)) or not chosen:
        illegal(f"{ctx.source} 须选择{wanted}", "valid_targets")
    for name in chosen:
        item = chain_item(state, name)
        if item is None:
            illegal(f"结算链上没有“{name}”（链上：{'、'.join(i.label for i in state.chain) or '无'}）", "valid_targets")
        if spec.who == "enemy" and item.controller not in state.opponents(ctx.controller):
            illegal(f"{item.label} 不是敌方的法术或能力（须为{wanted}）", "target_restrictions")
        if _too_costly(state, spec, item):
            illegal(f"{item.label} 不是能量费用不超过 {spec.max_cost} 的法术（须为{wanted}）", "target_restrictions")


def _too_costly(state: GameState, spec, item: ChainItem) -> bool:
    """“A spell with Energy cost no more than N”: an ability (no cost) or a dearer spell is not one."""
    if spec.max_cost is None:
        return False
    return item.kind != "play" or (state.card(item.card).cost or 0) > spec.max_cost


SPENT = "spent"  # the turn's record of the Energy paid to play a card


def energy_spent_on_spells(state: GameState, player: str) -> list[int]:
    """The Energy *player* paid to play each spell this turn, countered or not (its costs stay paid, 425.1.c)."""
    return [
        int(event.cause or 0)
        for event in events.this_turn(state, SPENT, player)
        if event.subject in state.cards and state.card(event.subject).type == "spell"
    ]


def alternative_open(state: GameState, player: str, card: CardDef) -> bool:
    """The alternative cost's condition: Energy of at least the amount paid for one spell this turn."""
    wanted = card.alternative_cost.get("spent_on_spell")
    return wanted is not None and any(spent >= wanted for spent in energy_spent_on_spells(state, player))


def _alternative_cost(state: GameState, player: str, card: CardDef) -> Cost:
    """A card's “you may play me by paying only …” while its condition holds (here: Energy spent on a spell)."""
    alternative = card.alternative_cost
    if not alternative:
        illegal(f"{card.name} 没有替代费用", "total_cost")
    wanted = alternative["spent_on_spell"]
    if not alternative_open(state, player, card):
        illegal(f"{player} 本回合没有为打出一个法术花费至少 {wanted} 点能量，不能以替代费用打出 {card.name}", "total_cost")
    power = alternative.get("power", 0)
    what = f"替代费用：本回合已为打出一个法术花费至少 {wanted} 点能量，只支付符能 {power}"
    return Cost().plus(alternative.get("energy", 0), (card.domains,) * power, what, "total_cost")


# 356 — base cost (ignored from face down), optional and mandatory additional costs.
def total_cost(state: GameState, player: str, card: CardDef, choice: Choice) -> Cost:
    cost = Cost()
    if choice.hidden:
        cost = cost.plus(0, (), "从待命打出：无视基础费用", "ignore_cost")
    elif choice.flow:
        cost = cost.plus(flow.flow_cost(card), (), f"流转费用 [{flow.flow_cost(card)}]（替代基础费用）", "flow_cost")
    elif choice.alternative:
        cost = _alternative_cost(state, player, card)
    else:
        cost = base_cost(card)
    if choice.accelerate:
        cost = kw.accelerate_cost(cost, card)
        cost = cost_changes.optional_discount(state, player, cost, "急速", 1, 1)
    cost = kw.repeat_cost(cost, card, choice.repeat)
    for number in range(choice.repeat):
        cost = cost_changes.optional_discount(state, player, cost, f"第 {number + 1} 个回响", card.repeat[number], 0)
    cost = kw.deflect_cost(state, player, cost, choice.targets)
    cost = locations.with_offer(cost, locations.paid_offer(state, player, card, choice.to), choice.to)
    return cost_changes.apply(state, player, card, cost)


# 337.2, 355.2, 359.2.c, 805, 811.1.d.1 — a unit resolves at once and enters the board.
def _unit_enters(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> None:
    location = _unit_location(state, player, card, choice)
    unit = Unit(state.fresh_id(card.name), card.name, player, player, location, exhausted=not choice.accelerate)
    state.units[unit.id] = unit
    ready = None if choice.accelerate else statics.enters_ready(state, unit, WITH_MIGHT)
    unit.exhausted = unit.exhausted and ready is None
    events.happen(state, "played", player, unit.id)
    how = "就绪（已支付急速）" if choice.accelerate else (f"就绪（{ready}：以活跃状态进场）" if ready else "横置")
    log.add(
        f"{card.name} 是单位：确定后立即结算，以{how}状态进入 {location_name(location)}（单位 {unit.id}）",
        "permanent_resolves",
        "unit_enters",
        *(("accelerate",) if choice.accelerate else ("enters_ready",) if ready else ()),
        *(("unit_location",) if not is_base(location) else ()),
    )
    note_entering_mighty(state, log, unit)
    triggers.flush(state, log)  # 383.4.a.2: play effects (and Vision's, 817.1.b), pending once the unit enters


# 337.2, 149.1, 149.2, 811.1.d.1.a — a gear resolves at once and enters ready: in its controller's base, or at
# the battlefield it was hidden at (a cleanup then recalls it, 149.3).
def _gear_enters(state: GameState, log: Log, player: str, card: CardDef, played: Card, hidden: str | None) -> None:
    gear_id = numbered_id(card.name, state.gear)
    location = hidden or base_of(player)
    state.gear[gear_id] = Gear(gear_id, card.name, played.owner, player, location)
    events.happen(state, "played", player, gear_id)
    log.add(
        f"{card.name} 是装备：确定后立即结算，以就绪状态进入 {location_name(location)}（{gear_id}）",
        "permanent_resolves",
        "gear_enters_ready",
        "hidden_gear_there" if hidden else "gear_to_base",
    )
    triggers.flush(state, log)


def _unit_location(state: GameState, player: str, card: CardDef, choice: Choice) -> str:
    location = _chosen_location(state, player, card, choice)
    forbidder = continuous.unit_play_forbidder(state, location)
    if forbidder is not None:  # 054.1: this "can't" beats Hidden's "must be played there" and any permission
        illegal(f"{forbidder}：单位不能被打出到此处，{card.name} 不能打出到 {forbidder}", "cant_beats_can")
    return location


def _chosen_location(state: GameState, player: str, card: CardDef, choice: Choice) -> str:
    if choice.hidden:
        if choice.to not in (None, choice.hidden):
            illegal(f"从待命打出的 {card.name} 须进入它隐藏的战场 {choice.hidden}", "hidden_unit_there")
        return choice.hidden
    if choice.to in (None, "base"):
        location = base_of(player)
    else:
        bf = state.battlefields.get(choice.to)
        permitted = bf is not None and locations.paid_offer(state, player, card, bf.name) is not None
        permitted = permitted or kw.ambush_permits(state, player, card, choice.to)
        if bf is None or (not permitted and locations.invalid_location(state, player, bf.name)):
            illegal(f"{card.name} 只能打出到己方基地或己方控制的战场，{choice.to} 不是", "unit_location")
        location = bf.name
    locations.check_only(state, player, card, location)
    return location


# 359.3 — a played spell resolves: targets checked again, each execution in turn, then to the trash.
def resolve_played(state: GameState, log: Log, item: ChainItem, choices: Choices | None = None) -> None:
    card = state.card(item.card)
    choices = choices or Choices()
    ctx = Context(item.label, item.controller, item.hidden_at, by_spell=True, bonus_damage=item.bonus_damage)
    first: list[Unit] = []
    instead = card.legion_instead and playedcheck.legion_active(state, item.controller)
    if instead:  # 812.1.c: the dependent ability's “instead” replaces what the card otherwise does
        log.add(f"{item.controller} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效，取代其原本的效果", "legion")
    for index, chosen in enumerate(item.targets):
        todo = card.legion if instead else (card.modes[item.modes[index]] if item.modes else card.effects)
        if index % card.instructions:
            log.add(f"{card.name} 的第 {index % card.instructions + 1} 条指示，使用它自己选择的目标", "separate_instructions")
        elif index:
            log.add(f"回响：{card.name} 的指令再执行一次（第 {index // card.instructions + 1} 次）", "repeat_executes", "repeat_instances")
        legal = _still_legal(state, log, ctx, card, todo, chosen)
        first = first or legal
        _execute(state, log, ctx, todo, legal, choices)
    if card.legion and not instead:
        _legion_in_addition(state, log, ctx, card, item.controller, first, choices)
    went = flow.leave_chain(state, log, item, "trash")
    events.happen(state, "played", item.controller, card.name)
    log.add(f"{card.name} 结算完毕，置入 {item.played.owner} 的{flow.ZONE_NAMES[went]}", "spell_resolves")


def _legion_in_addition(state: GameState, log: Log, ctx: Context, card: CardDef, player: str, first, choices) -> None:
    if not playedcheck.legion_active(state, player):
        log.add(f"{player} 本回合没有确定过其他牌：{card.name} 的鼓舞效果不生效", "legion")
        return
    log.add(f"{player} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效", "legion")
    _execute(state, log, ctx, card.legion, first, choices)


def _still_legal(state: GameState, log: Log, ctx: Context, card: CardDef, todo, chosen) -> list:
    """359.3.e — a target that left the board or no longer meets the restrictions is unaffected."""
    if not chosen:
        return []
    spec = card.target
    if spec.kind == "spell":
        legal = [
            item for name in chosen if (item := chain_item(state, name)) is not None and not _too_costly(state, spec, item)
        ]
    elif spec.kind == "gear":
        legal = [ref for name in chosen if (ref := find_gear(state, name)) is not None and still_there(state, ref)]
    else:
        legal = [
            state.units[name]
            for name in chosen
            if name in state.units
            and effects.restriction_broken(state, ctx, spec, state.units[name]) is None
            and (ctx.location is None or state.units[name].location == ctx.location)
        ]
    kept = {getattr(t, "id", None) for t in legal} | {t.name for t in legal if isinstance(t, GearRef)}
    lost = [name for name in chosen if name not in kept]
    why = _untargetable_now(state, ctx, spec, lost)
    if lost and not legal:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 都已不合法：选择这些目标的指令不执行", "target_illegal", "all_targets_illegal", *why)
    elif lost:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 已不合法，不受影响；其余目标照常", "target_illegal", "some_targets_illegal", *why)
    return legal


def _untargetable_now(state: GameState, ctx: Context, spec, lost: list[str]) -> tuple[str, ...]:
    """758.1 — the rules behind a target lost because it became untargetable for this spell."""
    units = [state.units[name] for name in lost if name in state.units and spec.kind == "unit"]
    if any(effects.restriction_broken(state, ctx, spec, unit) == effects.UNTARGETABLE for unit in units):
        return ("untargetable_passive", "mistarget_untargetable")
    return ()


def _execute(state: GameState, log: Log, ctx: Context, todo, targets: list, choices: Choices) -> None:
    run(state, log, ctx, todo, targets, choices.may, choices.progress, partial(_execute_one, state, log, choices))


def _execute_one(state: GameState, log: Log, choices: Choices, effect: dict, targets: list, ctx: Context) -> None:
    items = [t for t in targets if isinstance(t, ChainItem)]
    gears = [t for t in targets if isinstance(t, GearRef)]
    name = effects.verb(effect)
    if name == "may_pay":
        branch = chaincontrol.optional_payment(state, log, ctx, effect[name], choices)
        _execute(state, log, ctx, branch, targets, choices)
    elif name == "counter":
        param = effect[name] or {}
        for item in items:
            if _played_condition(state, log, ctx, param, item):
                counter(state, log, ctx, item, param.get("to", "trash"))
    elif name == "gain_control" and items:
        for item in items:
            chaincontrol.take_item(state, log, ctx, item)
    elif name == "new_choices":
        for item in items:
            chaincontrol.remake_choices(state, log, ctx, item, choices, partial(_recheck, state))
    elif name in GEAR_TARGET_VERBS and gears:
        GEAR_TARGET_VERBS[name](state, log, ctx, effect[name], gears)
    else:
        effects.resolve(state, log, ctx, [effect], [t for t in targets if isinstance(t, Unit)], choices)


def _played_condition(state: GameState, log: Log, ctx: Context, param: dict | None, item: ChainItem) -> bool:
    """An instruction's “if … has played … this turn”, checked as it would be done (419.4.b)."""
    if "if_played" not in param:
        return True
    met, counted = playedcheck.holds(state, ctx.controller, param["if_played"], item)
    log.add(
        f"{ctx.source} 检查条件：{counted}（“打出过”按确定计算）——" + ("条件成立" if met else "条件不成立，这条指示不执行"),
        "played_means_finalized",
    )
    return met


def _recheck(state: GameState, item: ChainItem, chosen: tuple[str, ...]) -> None:
    """753.1 — new targets are checked as the item's choices were, for its new controller and where it was played from."""
    card = state.card(item.card)
    todo = card.modes[item.modes[0]] if item.modes else card.effects
    _check_choice(state, item.controller, card, todo, chosen, item.hidden_at)


# 425.1 — a countered item does nothing and leaves the chain; a card goes to the trash, costs stay paid.
def counter(state: GameState, log: Log, ctx: Context, item: ChainItem, to: str = "trash") -> None:
    """``to: hand`` — the countered card returns to its owner's hand instead of the trash."""
    protector = continuous.forbidder(state, "counter", item.controller) or _uncounterable(state, item)
    if protector is not None:  # 054.1: "can't be countered" beats the counter; the item stays
        log.add(f"{protector}：{item.label} 不能被反制，{ctx.source} 的反制失败", "cant_beats_can", "do_what_you_can")
        return
    state.chain.remove(item)
    events.happen(state, "countered", item.controller, item.card, ctx.source)
    log.add(f"{ctx.source} 反制 {item.label}：它不产生任何效果，离开结算链", "counter")
    if item.played is None:
        return
    went = flow.leave_chain(state, log, item, to)
    rules = ("countered_to_trash",) if went == "trash" else ()
    log.add(f"{item.card} 置入 {item.played.owner} 的{flow.ZONE_NAMES[went]}；已支付的费用不退还", *rules, "counter_no_refund")


def _uncounterable(state: GameState, item: ChainItem) -> str | None:
    """The card itself when its own static says “I can't be countered” (``{cant: be_countered, while}``)."""
    view = View(item.controller, item.card, None, item.hidden_at)
    protected = any(
        spec.get("cant") == "be_countered" and not selectors.holds(state, view, spec.get("while", {}), [])
        for spec in state.card(item.card).statics
    )
    return item.card if protected else None


HIDE_COST = Cost(0, ((),), (("隐藏：任意领域符能 1", "hidden"),))


def hide(state: GameState, log: Log, player: str, card_name: str, battlefield: str, payment: Payment | None) -> None:
    """421, 811.1.b — pay 1 Power of any domain to hide a Hidden card at a battlefield you control."""
    priority.check_priority(state, player)
    card = state.card(card_name)
    if kw.HIDDEN not in keywords_of_card(card):
        illegal(f"{card.name} 没有[待命]，不能隐藏", "hidden")
    if card.name not in names(state.players[player].hand):
        illegal(f"{player} 的手牌中没有 {card.name}", "hidden")
    if state.chain or player != state.turn_player:
        illegal("只能在自己回合的开放状态下隐藏", "hidden")
    bf = state.battlefields.get(battlefield)
    if bf is None or is_base(battlefield) or bf.controller != player:
        illegal(f"只能隐藏在 {player} 控制的战场，{battlefield} 不是", "hide")
    if bf.facedown:
        illegal(f"{battlefield} 已有一张面朝下的牌", "hidden")
    pay(state, log, player, HIDE_COST, f"隐藏 {card.name}", payment)
    bf.facedown, bf.hidden_by, bf.hidden_turn = take(state.players[player].hand, card.name), player, state.turn
    log.add(f"{player} 将 {card.name} 面朝下隐藏在 {battlefield}（不开启结算链）", "hide", "hidden", "hide_no_chain")
