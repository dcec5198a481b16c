"""Playing cards (349–359, 419, 421) and the keywords that act while a card is played.

``play`` runs the process of play on a private copy of the state: announce
(move the card to the chain), make the choices, determine and pay the total
cost, check legality, finalize.  A failed check raises, so the copy — and
every step already taken — is discarded, as 358.5 undoes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine import continuous, effects, events, priority, triggers
from judgekit.engine import keywords as kw
from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost, Payment, kill_friendly_for_cost, pay
from judgekit.engine.gear import GEAR_TARGET_VERBS, GearRef, find_gear, still_there
from judgekit.engine.effects import Choices, Context
from judgekit.engine.errors import illegal
from judgekit.engine.layers import keywords_of_card
from judgekit.engine.legends import take_chosen_champion
from judgekit.engine.state import Card, ChainItem, GameState, Unit, base_of, is_base, location_name, names, take
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
    cost_kill: str | None = None  # the friendly unit killed as an additional cost (357.2)
    alternative: bool = False  # pay the card's alternative cost instead of its base cost


def play(state: GameState, log: Log, player: str, card_name: str, choice: Choice) -> None:
    """353–359 — the process of play."""
    priority.check_priority(state, player)
    card = state.card(card_name)
    played = _take_from_origin(state, player, card, choice.hidden)
    permission = priority.check_timing(state, player, card.name, choice.hidden is not None)
    origin = f"从 {choice.hidden} 的面朝下状态" if choice.hidden else "从手牌"
    log.add(
        f"{player} {origin}打出 {card.name}（此前为{priority.state_name(state)}状态）：移到结算链上，成为待定项",
        "to_chain",
        *(("play_hidden", "hidden") if choice.hidden else ("play_from_hand",)),
    )
    effect_lists = _make_choices(state, log, player, card, choice)
    cost = total_cost(state, player, card, choice)
    pay(state, log, player, cost, card.name, choice.pay)
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
    state.passes = 0  # a card was added: the passes in sequence start again (339.1)
    if card.is_unit:
        _unit_enters(state, log, player, card, choice)
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
        targets=tuple(choice.targets[i] if i < len(choice.targets) else () for i in range(1 + choice.repeat)),
        modes=choice.modes,
        hidden_at=choice.hidden,
        played=played,
    )
    state.chain.append(item)
    log.add(f"{card.name} 是法术：确定后留在结算链上，等待所有玩家让过", "spell_lingers")
    priority.item_added(state, log, item)


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


# 355 — modes, targets and optional costs, one set of choices per execution (820.2.a).
def _make_choices(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> list[tuple[dict, ...]]:
    if choice.repeat > len(card.repeat):
        have = f"只有 {len(card.repeat)} 个回响" if card.repeat else "没有[回响]"
        illegal(f"{card.name} {have}，每个回响费用只能支付一次，不能支付 {choice.repeat} 次", "repeat_once")
    runs = 1 + choice.repeat
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
    made = [f"第 {i + 1} 次执行：{_said(choice, i)}" for i in range(runs)] if runs > 1 else [_said(choice, 0)]
    rules = ["choices", *(["repeat", "repeat_choices"] if runs > 1 else []), *(["modes"] if card.modes else [])]
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
    if not (effects.needs_targets(todo) or counters) or spec is None:
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
    elif choice.alternative:
        cost = _alternative_cost(state, player, card)
    else:
        cost = cost.plus(card.cost or 0, (card.domains,) * (card.power or 0), f"基础费用 {card.cost or 0}", "total_cost")
    if choice.accelerate:
        cost = kw.accelerate_cost(cost, card)
    cost = kw.repeat_cost(cost, card, choice.repeat)
    return kw.deflect_cost(state, player, cost, choice.targets)


def play_by_effect(state: GameState, log: Log, player: str, played: Card, source: str) -> None:
    """An effect plays a unit card ignoring its cost: to the base (355.2.a), finalized and resolved at once (337.2)."""
    card = state.card(played.name)
    log.add(f"{source}：{player} 无视费用打出 {card.name}", "to_chain", "ignore_cost")
    events.happen(state, "finalized", player, card.name, source)
    _unit_enters(state, log, player, card, Choice((), (), None, False, 0, None))


# 337.2, 355.2, 359.2.c, 805, 811.1.d.1 — a unit resolves at once and enters the board.
def _unit_enters(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> None:
    location = _unit_location(state, player, card, choice)
    unit = Unit(state.fresh_id(card.name), card.name, player, player, location, exhausted=not choice.accelerate)
    state.units[unit.id] = unit
    events.happen(state, "played", player, unit.id)
    how = "就绪（已支付急速）" if choice.accelerate else "横置"
    log.add(
        f"{card.name} 是单位：确定后立即结算，以{how}状态进入 {location_name(location)}（单位 {unit.id}）",
        "permanent_resolves",
        "unit_enters",
        *(("accelerate",) if choice.accelerate else ()),
        *(("unit_location",) if not is_base(location) else ()),
    )
    triggers.flush(state, log)  # 383.4.a.2: play effects (and Vision's, 817.1.b), pending once the unit enters


def _unit_location(state: GameState, player: str, card: CardDef, choice: Choice) -> str:
    if choice.hidden:
        if choice.to not in (None, choice.hidden):
            illegal(f"从待命打出的 {card.name} 须进入它隐藏的战场 {choice.hidden}", "hidden_unit_there")
        return choice.hidden
    if choice.to in (None, "base"):
        return base_of(player)
    bf = state.battlefields.get(choice.to)
    if bf is None or bf.controller != player:
        illegal(f"{card.name} 只能打出到己方基地或己方控制的战场，{choice.to} 不是", "unit_location")
    return bf.name


# 359.3 — a played spell resolves: targets checked again, each execution in turn, then to the trash.
def resolve_played(state: GameState, log: Log, item: ChainItem) -> None:
    card = state.card(item.card)
    ctx = Context(item.label, item.controller, item.hidden_at)
    first: list[Unit] = []
    for index, chosen in enumerate(item.targets):
        todo = card.modes[item.modes[index]] if item.modes else card.effects
        if index:
            log.add(f"回响：{card.name} 的指令再执行一次（第 {index + 1} 次）", "repeat", "repeat_instances")
        legal = _still_legal(state, log, ctx, card, todo, chosen)
        first = first or legal
        _execute(state, log, ctx, todo, legal)
    if card.legion and kw.legion_active(state, item.controller):
        log.add(f"{item.controller} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效", "legion")
        _execute(state, log, ctx, card.legion, first)
    elif card.legion:
        log.add(f"{item.controller} 本回合没有确定过其他牌：{card.name} 的鼓舞效果不生效", "legion")
    state.players[item.played.owner].trash.append(item.played)
    events.happen(state, "played", item.controller, card.name)
    log.add(f"{card.name} 结算完毕，置入 {item.played.owner} 的废牌堆", "spell_resolves")


def _still_legal(state: GameState, log: Log, ctx: Context, card: CardDef, todo, chosen) -> list:
    """359.3.e — a target that left the board or no longer meets the restrictions is unaffected."""
    if not chosen:
        return []
    spec = card.target
    if spec.kind == "spell":
        legal = [item for name in chosen if (item := chain_item(state, name)) is not None]
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
    if lost and not legal:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 都已不合法：选择这些目标的指令不执行", "target_illegal", "all_targets_illegal")
    elif lost:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 已不合法，不受影响；其余目标照常", "target_illegal", "some_targets_illegal")
    return legal


def _execute(state: GameState, log: Log, ctx: Context, todo, targets: list) -> None:
    for effect in todo:
        if effects.verb(effect) == "counter":
            for item in targets:
                counter(state, log, ctx, item)
        elif effects.verb(effect) in GEAR_TARGET_VERBS:
            name = effects.verb(effect)
            GEAR_TARGET_VERBS[name](state, log, ctx, effect[name], [t for t in targets if isinstance(t, GearRef)])
        else:
            effects.resolve(state, log, ctx, [effect], [t for t in targets if isinstance(t, Unit)], Choices())


# 425.1 — a countered item does nothing and leaves the chain; a card goes to the trash, costs stay paid.
def counter(state: GameState, log: Log, ctx: Context, item: ChainItem) -> None:
    protector = continuous.forbidder(state, "counter", item.controller)
    if protector is not None:  # 054.1: "can't be countered" beats the counter; the item stays
        log.add(f"{protector}：{item.label} 不能被反制，{ctx.source} 的反制失败", "cant_beats_can", "do_what_you_can")
        return
    state.chain.remove(item)
    events.happen(state, "countered", item.controller, item.card, ctx.source)
    if item.played is not None:
        state.players[item.played.owner].trash.append(item.played)
    log.add(
        f"{ctx.source} 反制 {item.label}：它不产生任何效果，离开结算链"
        + ("并置入废牌堆；已支付的费用不退还" if item.played else ""),
        "counter",
        *(("countered_to_trash", "counter_no_refund") if item.played else ()),
    )


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
