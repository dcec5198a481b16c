"""The interpreter: effect text (136) executed as game actions (407–444), doing as much as it can (055).

One registry of effect verbs.

An effect is a one-key mapping, ``{verb: parameters}``, e.g. ``{deal: 6}``,
``{deal: {amount: 5, split: true}}``, ``{might: {amount: -4, min: 1}}``,
``{grant: {keyword: 强攻, value: 3}}``, ``{draw: 1}``, ``{stun: null}``.
Every verb is written once in ``VERBS`` and does the same in a spell, a triggered, an activated and a
static ability: ``resolve`` hands it the chosen objects of the kinds it acts on (``targeting.ACTS_ON``),
units by default — the source unit itself when the card names no targets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations, permutations

from judgekit.engine import (
    chaincontrol,
    costs,
    damage,
    effect_play,
    events,
    gear,
    layers,
    locations,
    movement,
    replacement,
    targeting,
    triggers,
    zones,
)
from judgekit.engine.cards import ability_from_data
from judgekit.engine.effect_play import create, look, recycle, return_from_trash, reveal_until
from judgekit.engine.empower import EMPOWER_VERBS
from judgekit.engine.events import watch_might
from judgekit.engine.filters import TYPE_NAMES
from judgekit.engine.gear import GEAR_VERBS, grant_to_gear, ready_gear, take_gear, take_gear_while_here
from judgekit.engine.instructions import BRANCHING, chooses_destination, run, verb
from judgekit.engine.layers import keywords, might
from judgekit.engine.rules import illegal
from judgekit.engine.scoring import gain_points_effect
from judgekit.engine.state import (
    ChainItem,
    Dealer,
    FacedownRef,
    GameEvent,
    GameState,
    GrantedAbility,
    KeywordGrant,
    Legend,
    MightEffect,
    Question,
    RuneRef,
    Unit,
    answer_to,
    base_of,
    gear_controller,
    is_base,
    location_name,
    names,
    numbered_id,
)
from judgekit.engine.targeting import Choices, Context, GearRef
from judgekit.engine.trace import Log
from judgekit.engine.zones import add_effect, burn, channel_effect, discard, draw, gain_xp, ready_runes

UNTIL_NAMES = {"turn": "本回合", "combat": "本场战斗", "permanent": ""}
Verb = Callable[..., None]  # (state, log, ctx, param, targets, choices): *targets* of the kinds it acts on


def resolve(state: GameState, log: Log, ctx: Context, effects, targets: list, choices: Choices) -> None:
    """Do *effects* in order, their links (``may``, ``repeat``, ``if``) run by ``instructions.run``; each verb gets
    the chosen objects of its kinds that are still there (359.3.e)."""

    def execute(effect: dict, acted_on: list, doer: Context) -> None:
        name = verb(effect)
        # “you may pay”'s branch acts on the targets itself: it receives every chosen object
        # a delayed trigger remembers what the instruction acts on (390.2): it receives them too
        kinds = ALL_KINDS if name in BRANCHING or name == "delayed" else targeting.ACTS_ON.get(name, frozenset())
        if name not in BRANCHING:  # each instruction is a game action of its own (383.3.d)
            state.instruction += 1
        VERBS[name](state, log, doer, effect[name], [t for t in acted_on if _here(state, t, kinds)], choices)

    run(state, log, ctx, effects, targets, choices.may, choices.progress, execute, choices.one_of)
    if choices.accelerate is not None:  # the answer reaches the units it played, asked as each enters (805.1.a)
        state.pending_triggers = [replace(pend, accelerate=choices.accelerate)
                                  if isinstance(pend, events.PendingPlay) and pend.accelerate is None else pend
                                  for pend in state.pending_triggers]


def _here(state: GameState, target, kinds: frozenset[str]) -> bool:
    kind = targeting.kind_of(target)
    return kind in kinds and (kind != "unit" or target.id in state.units)


# 712–715 — bonus damage from the controller's permanents, summed and applied once.
def _bonus(state: GameState, log: Log, ctx: Context) -> int:
    sources = [
        (unit.id, state.card(unit.card).passives["bonus_damage"])
        for unit in state.units.values()
        if unit.controller == ctx.controller and state.card(unit.card).passives.get("bonus_damage")
    ]
    sources += [(f"{ctx.source}（本法术）", ctx.bonus_damage)] if ctx.bonus_damage else []
    total = sum(amount for _, amount in sources)
    if total < 0:
        log.add(f"{ctx.controller} 的额外伤害合计为 {total}（负数）：不施加额外伤害", "bonus_damage_negative")
    if total > 0:
        parts = " + ".join(f"{name} {amount}" for name, amount in sources)
        log.add(
            f"{ctx.controller} 的法术和技能造成额外伤害：{parts} = {total}（所有来源相加，只加算一次）",
            "bonus_damage_summed",
        )
    return max(total, 0)


def _deal(state, log, ctx, param, targets, choices):
    amount, split = (param, False) if isinstance(param, int) else (param["amount"], param.get("split", False))
    by_unit = isinstance(param, dict) and "by" in param
    if by_unit:  # a unit deals it (417.6.b.3): its controller is responsible (417.6.b.4), no spell's Bonus Damage
        dealer = _unit_dealer(state, log, ctx, param["by"])
        if dealer is None:
            return
        bonus = 0
    else:
        bonus = _bonus(state, log, ctx)
        dealer = _dealer(state, ctx)
    if split:
        _deal_split(state, log, ctx, amount, bonus, dealer, targets, choices,
                    ("damage_unit_source",) if by_unit else _maker_rule(dealer))
        return
    if by_unit:
        for target in targets:
            log.add(f"{ctx.source}：{dealer.sources[0]} 对 {target.id} 造成 {amount} 点伤害（它是伤害来源）", "damage_responsible")
            damage.mark(state, log, target, amount, dealer, "damage_unit_source")
        return
    each = amount + bonus
    if bonus:
        rule = "bonus_damage_single" if len(targets) == 1 else "bonus_damage_each"
        log.add(f"每个目标受到 {amount} + {bonus} = {each} 点伤害", rule)
    for unit in targets:
        damage.mark(state, log, unit, each, dealer, "damage_responsible", *_maker_rule(dealer))


def _deal_split(state: GameState, log: Log, ctx: Context, amount: int, bonus: int, dealer: Dealer, targets: list,
                choices, rules: tuple[str, ...]) -> None:
    """“… split among them”: the controller's split of the whole amount as it resolves (355.14.e), each unit chosen
    getting at least 1; *rules*: why *dealer* is the source."""
    pool = amount + bonus
    rule = "bonus_damage_split" if bonus else "damage_marked"
    plan = choices.split
    if not plan and not state.defaults:  # how to split: the controller's question
        plan = _split_of(answer_to(state, Question(
            "split", ctx.controller, ctx.source,
            f"{ctx.controller} 如何把 {ctx.source} 的 {pool} 点伤害分摊给 {'、'.join(unit.id for unit in targets)}",
            split_answers(targets, pool), "choose: [单位 伤害, ……]", rule,
        )))
    chose = not plan
    plan = plan or _default_split(state, targets, pool, ctx.controller)
    _check_split(ctx, targets, pool, plan)
    note = f"（{amount} + 额外伤害 {bonus}，最多可分给 {pool} 名单位）" if bonus else ""
    log.add(
        f"{ctx.source} 分摊 {pool} 点伤害{note}：{'、'.join(f'{u} {n}' for u, n in plan.items())}"
        + ("（脚本未指定，引擎取默认分摊）" if chose else ""),
        rule,
        default=chose,
    )
    for unit_id, share in plan.items():
        damage.mark(state, log, state.units[unit_id], share, dealer, *rules)


def _unit_dealer(state: GameState, log: Log, ctx: Context, by: list[str]) -> Dealer | None:
    """“It deals damage equal to its Might to …”: the unit named is the source of the damage, not the spell (417.6.b.3);
    a unit no longer on the board deals nothing (359.3.e.12)."""
    dealers = [state.units[name] for name in by if name in state.units]
    if not dealers:
        log.add(f"{ctx.source}：造成伤害的单位已不在场上，这条指示不执行", "referent_null")
        return None
    return Dealer(dealers[0].controller, (dealers[0].id,), unit=True, instructed_by=ctx.source)


def _dealer(state: GameState, ctx: Context) -> Dealer:
    """417.6.a — the resolving spell or ability deals the damage; an ability's maker deals it too (417.6.b.2.a):
    the unit it is on, or the spell that made it (428.5.d)."""
    maker = ctx.source_unit if ctx.source_unit and ctx.source_unit != ctx.source else None
    sources = (ctx.source, maker) if maker else (ctx.source,)
    return Dealer(ctx.controller, sources, spell=ctx.by_spell, unit=ctx.source_unit in state.units, ability=ctx.ability)


def _maker_rule(dealer: Dealer) -> tuple[str, ...]:
    return ("damage_source_maker",) if len(dealer.sources) > 1 else ()


def _default_split(state: GameState, targets: list[Unit], pool: int, by: str) -> dict[str, int]:
    plan: dict[str, int] = {}
    for unit in targets:
        if pool <= 0:
            break
        plan[unit.id] = min(damage.lethal_need(state, unit, by), pool)
        pool -= plan[unit.id]
    if pool and plan:
        last = next(reversed(plan))
        plan[last] += pool
    return plan


def split_answers(targets: list[Unit], pool: int) -> tuple[tuple[str, ...], ...]:
    """Every way to split *pool* damage among the targets, each unit given some getting at least 1, read from the
    state: ``("敌 3", "敌二 2")``."""
    found = []

    def walk(index: int, left: int, given: tuple[str, ...]) -> None:
        if index == len(targets):
            if not left and given:
                found.append(given)
            return
        for share in range(left + 1):
            walk(index + 1, left - share, given + ((f"{targets[index].id} {share}",) if share else ()))

    walk(0, pool, ())
    return tuple(found)


def _split_of(answer: tuple[str, ...]) -> dict[str, int]:
    """A split answer (``split_answers``) read back as unit → damage."""
    return {unit: int(share) for unit, share in (part.rsplit(" ", 1) for part in answer)}


def _check_split(ctx: Context, targets: list[Unit], pool: int, plan: dict[str, int]) -> None:
    ids = {unit.id for unit in targets}
    strangers = [unit for unit in plan if unit not in ids]
    if strangers:
        illegal(f"{'、'.join(strangers)} 不在 {ctx.source} 的目标中", "target_restrictions")
    if any(share < 1 for share in plan.values()):
        illegal("分摊伤害时每个被选择的单位至少分到 1 点", "bonus_damage_split")
    if sum(plan.values()) != pool:
        illegal(f"须分摊全部 {pool} 点伤害，脚本分摊了 {sum(plan.values())} 点", "bonus_damage_split")


def _might(state, log, ctx, param, targets, choices):
    if isinstance(param, int):
        param = {"amount": param}
    amount, floor, until = param["amount"], param.get("min"), param.get("until", "turn")
    for unit, chosen in _might_receivers(state, ctx, param.get("each"), targets):
        change, rules, limit = amount, ["increases_first" if amount >= 0 else "decreases_last"], ""
        with watch_might(state, log, [unit]):
            if amount < 0 and floor is not None:
                change = -min(-amount, max(0, might(state, unit) - floor))  # 477.3.b: limit fixed now
                rules += ["snapshot", "decrease_floor_snapshot"]
                limit = f"（下限 {floor}，快照为 {change:+d}）"
            if change == 0:
                log.add(f"{ctx.source}：{unit.id} 的战力变化为 0——没有给予战力的事件发生{limit}", *rules, "replacement_event")
                continue
            event = replacement.offer(state, log, replacement.Pending("might", unit, change, ctx.controller, chosen, floor))
            if event is None:
                continue
            if event.amount != change:
                limit += f"（经替代效果改为 {event.amount:+d}）"
            unit.effects = unit.effects.plus(MightEffect("add", event.amount, ctx.source, until, state.tick()))
            log.add(
                f"{ctx.source}：{unit.id} {UNTIL_NAMES[until]}战力 {amount:+d}{limit}，现为 {might(state, unit)}",
                *rules,
            )


def _might_receivers(state: GameState, ctx: Context, each: str | None, targets: list[Unit]) -> list[tuple[Unit, bool]]:
    """The units a might change reaches, each with whether the effect chose it (a target).

    ``each: enemies_there`` — every enemy unit where the targets are, the targets among them chosen.
    """
    if each is None:
        return [(unit, True) for unit in targets]
    places = {unit.location for unit in targets}
    chosen = {unit.id for unit in targets}
    enemies = state.opponents(ctx.controller)
    there = [unit for unit in state.units.values() if unit.location in places and unit.controller in enemies]
    return [(unit, unit.id in chosen) for unit in there]


def _might_becomes(state, log, ctx, param, targets, choices):
    amount, until = (param, "turn") if isinstance(param, int) else (param["amount"], param.get("until", "turn"))
    raise_only = isinstance(param, dict) and param.get("raise_only")
    for unit in targets:
        if raise_only and might(state, unit) >= amount:  # “raise its Might to …”: never lowered
            log.add(f"{ctx.source}：{unit.id} 的战力 {might(state, unit)} 已不低于 {amount}，不提升（也不降低）", "might_becomes")
            continue
        with watch_might(state, log, [unit]):
            unit.effects = unit.effects.plus(MightEffect("set", amount, ctx.source, until, state.tick()))
            message = f"{ctx.source}：{unit.id} 的战力{UNTIL_NAMES[until]}变为 {amount}，现为 {might(state, unit)}"
            log.add(message, "might_becomes", "layers")


def _swap_might(state, log, ctx, param, targets, choices):
    """433.1 — swap two units' might this turn: an increase of the difference to the lower, a decrease to the higher.

    Both are fixed when applied (477.3.b): later changes to what the might was read from do not change them.
    """
    if len(targets) != 2:
        log.add(f"{ctx.source} 须有两名单位才能互换战力，现有 {len(targets)} 名：不执行", "do_what_you_can")
        return
    low, high = sorted(targets, key=lambda unit: might(state, unit))
    gap = might(state, high) - might(state, low)
    if gap == 0:
        log.add(f"{low.id} 与 {high.id} 战力相同，互换没有效果", "swap_equal")
        return
    log.add(f"{ctx.source}：互换 {high.id} 与 {low.id} 的战力——差值 {gap} 在施加时固定", "swap", "snapshot")
    for unit, change in ((low, gap), (high, -gap)):
        with watch_might(state, log, [unit]):
            event = replacement.offer(state, log, replacement.Pending("might", unit, change, ctx.controller, True))
            if event is not None:
                unit.effects = unit.effects.plus(MightEffect("add", event.amount, ctx.source, "turn", state.tick()))
                log.add(f"{unit.id} 本回合战力 {event.amount:+d}，现为 {might(state, unit)}", "swap")


def _unmarked(log: Log, targets: list[Unit], marked: Callable[[Unit], bool], again: str, *rules: str):
    """The targets without the mark; one that has it already is logged (its id, then *again*) and left alone."""
    for unit in targets:
        if marked(unit):
            log.add(f"{unit.id} {again}", *rules)
        else:
            yield unit


def _buff(state, log, ctx, param, targets, choices):
    def one_only(unit) -> bool:  # 426.1.b.1, unless the unit may have any number of buffs (426.1.b.2)
        return bool(unit.buffs) and not state.card(unit.card).passives.get("any_number_of_buffs")

    for unit in _unmarked(log, targets, one_only, "已有增益，不再放置第二个", "buff_not_placed", "buff_once"):
        with watch_might(state, log, [unit]):
            many = bool(unit.buffs)
            unit.buffs += 1
            message = f"{ctx.source}：为 {unit.id} 放置一个增益，战力 +1（现为 {might(state, unit)}，共 {unit.buffs} 个增益）"
            log.add(message, "buff_place", "buff_might", *(("buff_many",) if many else ()))
        events.happen(state, "buffed", ctx.controller, unit.id)  # “when you buff me” (426.1.c)


def _spend_buff(state, log, ctx, param, targets, choices):
    for unit in targets:
        if not unit.buffs:
            illegal(f"{unit.id} 没有增益，不能消耗", "buff_spend_needs_buff")
        if unit.controller != ctx.controller:
            illegal(f"{unit.id} 由 {unit.controller} 控制，{ctx.controller} 不能消耗它的增益", "buff_spend_own")
        events.spend_buff(state, log, ctx.controller, unit)
        log.add(f"消耗 {unit.id} 的增益（战力现为 {might(state, unit)}）", "buff_spend")


def _flag(attribute: str, value: bool, done: str, already: str, rule: str, rule_again: str, event: str | None = None):
    """A verb that sets a yes/no status, doing nothing when it is already set (414, 415, 423); *event*: what
    happens when it is set (“when I become ready”)."""

    def apply(state, log, ctx, param, targets, choices):
        units = [target for target in targets if not isinstance(target, (GearRef, RuneRef))]  # and a legend (its own status)
        for unit in _unmarked(log, units, lambda u: getattr(u, attribute) == value, already, rule_again):
            setattr(unit, attribute, value)
            log.add(f"{ctx.source}：{unit.id} {done}", rule, *(("legend_status",) if isinstance(unit, Legend) else ()))
            if event and isinstance(unit, Unit):
                events.happen(state, event, ctx.controller, unit.id)
        for ref in targets:  # a gear's own status (719.4: an attached one's is not its unit's)
            if not isinstance(ref, GearRef):
                continue
            if gear.gear_exhausted(state, ref) == value:
                log.add(f"{ref.id} {already}", rule_again)
                continue
            gear.set_gear_exhausted(state, ref, value)
            log.add(f"{ctx.source}：装备 {ref.id} {done}", rule, "gear_chosen", *(("attached_status",) if ref.holder else ()))
        for ref in targets:  # a rune in play chosen among other objects (164): its own status
            rune = ref.rune(state) if isinstance(ref, RuneRef) else None
            if rune is None:
                continue
            if rune.exhausted == value:
                log.add(f"{ref.id}（{rune.domain or '符文'}） {already}", rule_again)
                continue
            rune.exhausted = value
            log.add(f"{ctx.source}：{ref.id}（{rune.domain or '符文'}） {done}", rule, "objects_chosen")

    return apply


def _gear_controller(state: GameState, ref: GearRef) -> str:
    """Who controls a chosen gear: an unattached one's controller, an attached one's (718.5.e)."""
    if ref.gear_id is not None:
        return state.gear[ref.gear_id].controller
    return gear_controller(state.units[ref.holder], ref.name)


def _unless_forbidden(action: str, verb: Verb) -> Verb:
    """054.1, 055 — a verb applied only to the units no "can't" on the board protects; the rest is still done."""

    def apply(state, log, ctx, param, targets, choices):
        # the “can't”s forbid units, and chosen gear by its controller (“spells and abilities can't ready enemy units and gear”)
        allowed = [target for target in targets if not isinstance(target, (Unit, GearRef))]
        for target in (target for target in targets if isinstance(target, (Unit, GearRef))):
            if isinstance(target, Unit):
                source = layers.forbidder(state, action, target.controller) or layers.static_forbidder(state, action, target)
            else:
                source = layers.forbidder(state, action, _gear_controller(state, target))
            if source is None:
                allowed.append(target)
            else:
                name = layers.ACTION_NAMES[action]
                log.add(f"{source} 禁止{name} {target.id}：“不能”优先于“能”，{ctx.source} 的这部分不执行", "cant_beats_can", "do_what_you_can")
        verb(state, log, ctx, param, allowed, choices)

    return apply


def _gain_control(state, log, ctx, param, targets, choices):
    """477.1.a — a unit's new controller; 191.2 — an item on the chain's, which stays on the chain."""
    for target in targets:
        if isinstance(target, ChainItem):
            chaincontrol.take_item(state, log, ctx, target)
        else:
            movement.take_control(state, log, target, ctx.controller, ctx.source)


def _stun(state, log, ctx, param, targets, choices):
    """423 — stun; an already stunned unit is not stunned again, so there is no event to replace (370.1.a.1)."""
    again = "已处于眩晕状态，不能再次被眩晕：没有眩晕的事件发生"
    stunned = []
    for unit in _unmarked(log, targets, lambda u: u.stunned, again, "stun_again", "replacement_event"):
        with watch_might(state, log, [unit]):
            if replacement.offer(state, log, replacement.Pending("stun", unit, by=ctx.controller, chosen=True)) is None:
                continue
        unit.stunned = True
        stunned.append(unit)
        log.add(f"{ctx.source}：{unit.id} 被眩晕", "stun")
        events.happen(state, "stunned", ctx.controller, unit.id)  # “when you stun an enemy unit” (423.1.a.1)
    for first in {unit.controller: unit for unit in reversed(stunned)}.values():  # “stun any number of enemy units”
        events.happen(state, "units_stunned", ctx.controller, first.id)


def _discarded(state, ctx, param) -> int:
    """How many cards a discard takes: its amount, or ``all: true`` the whole hand of the player discarding (“每名玩家弃置
    自己的所有手牌”: each one's own, read as they discard)."""
    if isinstance(param, dict):
        return len(state.players[ctx.controller].hand) if param.get("all") else param["amount"]
    return param


def _kill(state, log, ctx, param, targets, choices):
    """428 — kill each target: a unit (its death, attributed to the spell or ability), or a gear."""
    since = len(state.this_turn)
    deaths = []
    for target in targets:
        if isinstance(target, GearRef):
            gear.kill_gear(state, log, target)
            continue
        log.add(f"{ctx.source} 摧毁 {target.id}（摧毁指令，由 {ctx.controller} 负责）", "kill", "kill_attributed")
        deaths.append((target, _dealer(state, ctx), None))
    damage.kill_together(state, log, deaths)  # one instruction's deaths happen at once (370.1.a.2)
    damage.killed_together(state, since)


_OWN_CHOSEN_FOR = {"kill_own": "摧毁", "keep_own": "保留"}  # the question asked: what the player chooses for


def _own_chosen(state, log, ctx, player: str, kind: str, question: str):
    """The unit (gear) of its own *player* chooses to kill or to keep (*question*): the script's ``choose``, a question
    without defaults; with them the first (a default); None when the player has none."""
    purpose = _OWN_CHOSEN_FOR[question]
    options = (targeting.gear_options(state, player, "friendly") if kind == "gear"
               else [unit for unit in state.units.values() if unit.controller == player])
    what = "装备" if kind == "gear" else "单位"
    if not options:
        log.add(f"{ctx.source}：{player} 没有自己的{what}可{purpose}", "do_what_you_can")
        return None
    if len(options) > 1 and not state.defaults:
        (name,) = answer_to(state, Question(
            question, player, ctx.source, f"{player} 为 {ctx.source} 选择{purpose}自己的哪一{'件' if kind == 'gear' else '名'}{what}",
            tuple((targeting.name_of(option),) for option in options), "choose: [单位或装备]", "kill",
        ))
        return next(option for option in options if targeting.name_of(option) == name)
    log.add(f"{player} 选择{purpose}自己的 {options[0].id}", "kill", default=len(options) > 1)
    return options[0]


def _kill_own(state, log, ctx, param, targets, choices):
    """“Each player kills one of their own units (gear)”: the player doing it (``who:``) chooses one they control and
    it is killed (428)."""
    chosen = _own_chosen(state, log, ctx, ctx.controller, (param or {}).get("kind", "unit"), "kill_own")
    if chosen is not None:
        _kill(state, log, ctx, None, [chosen], choices)


def _kill_rest(state, log, ctx, param, targets, choices):
    """“Each player chooses a unit they control. Kill the rest.”: the players choose in turn order starting with the
    turn player (303.2.a), each one unit of their own; then every other unit is killed by the one kill instruction, at
    the same time (370.1.a.2, 428)."""
    order = list(state.players)
    start = order.index(state.turn_player)
    kept = [_own_chosen(state, log, ctx, player, "unit", "keep_own") for player in order[start:] + order[:start]]
    _kill(state, log, ctx, None, [unit for unit in state.units.values() if unit not in kept], choices)


def _each_chooses(state, log, ctx, param, targets, choices):
    """“Starting with the next player, each player (may) …”: in turn order from the player after the controller (the
    card's own order), each player is asked which unit on the board they choose (``may``: or none) and does ``then``
    to it (returns it to its owner's hand) at once, before the next player chooses."""
    order = list(state.players)
    start = order.index(state.next_player(ctx.controller))
    picked: list = []  # ``together``: done to all of them at once once every player has chosen
    for player in order[start:] + order[:start]:
        if param.get("others") and player == ctx.controller:  # “each other player”
            continue
        options = [unit for unit in state.units.values()
                   if ("card" not in param or layers.matches(state, ctx, param["card"], unit))
                   and not (param.get("distinct") and unit in picked)]  # “not chosen for this spell already”
        if not options:
            log.add(f"{ctx.source}：场上没有单位可供 {player} 选择", "do_what_you_can")
            continue
        answers = tuple((unit.id,) for unit in options) + ((("不选择",),) if param.get("may") else ())
        if state.defaults:
            chosen = options[0]
            log.add(f"{player} 为 {ctx.source} 选择 {chosen.id}（引擎默认）", "you_may", default=True)
        else:
            (name,) = answer_to(state, Question(
                "each_chooses", player, ctx.source, f"{player} 为 {ctx.source} 选择一名单位" + ("（可以不选）" if param.get("may") else ""),
                answers, "choose: [单位]", "you_may",
            ))
            if name == "不选择":
                log.add(f"{player} 不为 {ctx.source} 选择单位", "you_may")
                continue
            chosen = state.units[name]
        if param.get("together"):
            picked.append(chosen)
            continue
        VERBS[param["then"]](state, log, replace(ctx, controller=player), None, [chosen], choices)
    if picked:  # one instruction on every unit chosen (one picked twice, once), the effect's controller doing it (370.1.a.2)
        once = list({unit.id: unit for unit in picked}.values())
        VERBS[param["then"]](state, log, ctx, None, once, choices)


def _banish(state, log, ctx, param, targets, choices):
    """427 — a unit or a gear to its owner's banishment; a spell's own card (``this_card``) from the chain, which ends its
    resolution (359.3.e.15)."""
    for target in targets:
        if isinstance(target, GearRef):
            gear.banish_gear(state, log, target, ctx.source, ctx.controller)
        elif not isinstance(target, ChainItem):
            effect_play.banish(state, log, target, ctx.source, ctx.controller)
        elif chaincontrol.banish_from_chain(state, log, target, ctx.source, resolving=target is ctx.item, by=ctx.controller):
            choices.progress.left_chain = choices.progress.left_chain or target is ctx.item


def _heal(state, log, ctx, param, targets, choices):
    damage.heal(state, log, targets)


def _next_time(state, log, ctx, param, targets, choices):
    """390.2 — “the next time it is dealt damage this turn, …”: a delayed trigger bound to each chosen unit."""
    by = {"by": param["by"]} if "by" in param else {}  # ``by: self``: only a death this spell or ability is attributed (428.5)
    entry = {"trigger": {"event": param["event"], "subject": "any", **by}, "target": "event_subject", "limit": "turn"}
    for unit in targets:
        triggers.make_delayed(state, log, ctx.source, ctx.controller, {**entry, "effects": param["effects"]}, subject=unit.id)


def _protect(state, log, ctx, param, targets, choices):
    """“… can't be chosen by enemy spells and abilities this turn” (758) as an effect on units: until the turn ends."""
    by = (param or {}).get("by", "enemy")
    for unit in targets:
        unit.protected += ((by, ctx.source),)
        who = "敌方" if by == "enemy" else "任何"
        log.add(f"{ctx.source}：{unit.id} 本回合不能被{who}法术和技能选择", "untargetable")


def _forbid_move(state, log, ctx, param, targets, choices):
    """“该对手在本回合内无法移动该单位” (054.1) as an effect on units: their controller, as it executes, can't move them
    (a standard move or a move by their spells and abilities) until the turn ends."""
    for unit in targets:
        unit.pinned += ((unit.controller, ctx.source),)
        log.add(f"{ctx.source}：{unit.controller} 本回合不能移动 {unit.id}", "cant_beats_can")


def _chose(ctx, unit) -> bool:
    """Whether the spell or ability resolving chose *unit* as its target (355.5): among the targets on its chain item."""
    item = ctx.item or ctx.chain_item
    return item is not None and any(unit.id in group for group in item.targets)


def _return_to_hand(state, log, ctx, param, targets, choices):
    for target in targets:
        if isinstance(target, GearRef):
            gear.return_gear(state, log, target, ctx.source)
        elif isinstance(target, FacedownRef):
            zones.facedown_to_hand(state, log, target.battlefield, ctx.source)
        elif replacement.offer(state, log, replacement.Pending("return_to_hand", target, by=ctx.controller,
                                                              chosen=_chose(ctx, target))) is not None:
            zones.return_to_hand(state, log, target, ctx.source)  # unless replaced (“…或把我送回手牌，则改为…”, 370)


def _to_deck(state, log, ctx, param, targets, choices):
    """“其拥有者将该单位放到其主牌堆的顶部或底部”: each unit to its owner's main deck, the end its owner chooses."""
    for unit in targets:
        zones.unit_to_deck(state, log, unit, param.get("position", "top"), ctx.source)


def _name_card(state, log, ctx, param, targets, choices):
    """761 — name a card as this resolves; the units acted on (the ability's own source) remember it."""
    targeting.name_card(state, log, ctx, param, targets, choices.named)


def _recall(state, log, ctx, param, targets, choices):
    movement.recall(state, log, targets, ctx.source)


def _move(state, log, ctx, param, targets, choices):
    # the battlefields the units leave: what a later instruction's “该战场上” (``where: moved_from``) reads
    choices.progress.moved_from = tuple(dict.fromkeys(
        unit.location for unit in targets if isinstance(unit, Unit) and not is_base(unit.location)))
    to = param["to"]
    if chooses_destination(to):
        _to_the_place_chosen(state, log, ctx, to, targets, choices.to)
        return
    if to == "arrival":
        _follow(state, log, ctx, targets)
        return
    destination = _where_is(state, log, ctx, to["location_of"]) if isinstance(to, dict) else _destination(state, log, ctx, to)
    if destination is None:
        return
    if destination == "base":
        for unit in targets:
            movement.effect_move(state, log, [unit], base_of(unit.controller), ctx.source, ctx.controller)
        return
    movement.effect_move(state, log, targets, destination, ctx.source, ctx.controller)


def _to_the_place_chosen(state: GameState, log: Log, ctx: Context, to, targets, answered: str | None) -> None:
    """A move to a place its controller chooses within the limits its source sets (449.1: ``chosen``,
    ``chosen_battlefield``, ``to_or_from_base``, ``{chosen: …}``): a spell's chosen as it was played (355.4) and
    checked again now — no longer valid for a unit, and that unit's move is not done (355.4.a, 359.3.e.6); an ability's
    chosen as it resolves (the step's ``to``), a place outside the limits refused."""
    kept = ctx.chain_item.destination if ctx.chain_item is not None and answered is None else None
    played = ctx.item is not None or kept is not None  # chosen as it was played or went on the chain (355.4)
    chosen = ctx.item.destination if ctx.item is not None else kept if kept is not None else answered
    # one instruction moves them all (449.1: its source limits the destination): each checked before any of them moves
    problems = [(unit, locations.destination_problem(state, ctx.controller, to, unit, chosen)) for unit in targets]
    for unit, problem in problems:
        if problem is not None and not played:
            illegal(f"{ctx.source}：{problem[0]}", problem[1])
        if problem is not None:
            log.add(f"{ctx.source}：打出时选定的移动目的地 {chosen} 对 {unit.id} 已不合法（{problem[0]}），这次移动不执行",
                    "move_destination_valid", "cant_be_followed", problem[1])
            continue
        movement.effect_move(state, log, [unit], locations.chosen_place(unit, to, chosen), ctx.source, ctx.controller)


def _follow(state: GameState, log: Log, ctx: Context, targets: list) -> None:
    """``to: arrival`` — “I may be moved with it”: to where the move that triggered the ability went, locked in as it
    triggered (359.3.f.3); a base is only the base of the unit moved (a unit moves to its controller's base, 449.1)."""
    arrival = ctx.chain_item.arrival if ctx.chain_item is not None else None
    if arrival is None:
        log.add(f"{ctx.source}：没有触发它的移动，“跟随它一起移动”不执行", "referent_null")
        return
    for unit in targets:
        place = base_of(unit.controller) if is_base(arrival) else arrival
        if is_base(arrival) and arrival != place:
            log.add(f"{ctx.source}：那次移动去了 {location_name(arrival)}，不是 {unit.id} 的基地——移动不执行", "referent_null")
            continue
        if unit.location == place:
            log.add(f"{ctx.source}：{unit.id} 已在 {location_name(place)}，不移动", "trigger_info_locked")
            continue
        log.add(f"{ctx.source}：{unit.id} 跟随移动到 {location_name(place)}（触发时已记下那次移动的目的地）", "trigger_info_locked")
        movement.effect_move(state, log, [unit], place, ctx.source, ctx.controller)


def _where_is(state: GameState, log: Log, ctx: Context, names: list[str]) -> str | None:
    """``to: {location_of: SELECTOR}`` — “to that unit's battlefield”: where the unit named (bound as the instruction
    executes, ``instructions.bind``) is then (359.3.f.2); none there, or in a base, and the move is not done."""
    units = [state.units[name] for name in names if name in state.units]
    place = units[0].location if units else names[0] if names and names[0] in state.battlefields else None
    if place is None or is_base(place):
        log.add(f"{ctx.source}：所指的单位{'已不在场上' if place is None else '在基地'}，“它所在的战场”不存在——移动不执行",
                "referent_checked", "referent_null")
        return None
    if not units and place == getattr(ctx, "event_subject", None):  # the battlefield the triggering event is about
        log.add(f"{ctx.source}：移动到触发事件所涉的战场 {place}（触发时已记下）", "trigger_info_locked")
        return place
    log.add(f"{ctx.source}：执行时 {units[0].id} 在 {place}，移动到那里" if units else f"{ctx.source}：移动到所选的战场 {place}",
            "referent_checked")
    return place


def _destination(state: GameState, log: Log, ctx: Context, to: str) -> str | None:
    """Where a move goes: a named place; ``here``, the location locked in as the ability triggered or was made
    (359.3.f.3); ``source``, where the source is as the instruction executes (359.3.f.2) — None at a base or gone."""
    if to == "source":
        return _source_battlefield(state, log, ctx)
    if to != "here":
        return to
    if ctx.location is None or is_base(ctx.location):
        log.add(f"{ctx.source}：“此战场”此时不存在（来源不在战场上），移动指示不执行", "referent_checked")
        return None
    return ctx.location


def _source_battlefield(state: GameState, log: Log, ctx: Context) -> str | None:
    """359.3.f.2 — “this battlefield” meaning where the source is: checked as the instruction is executed.

    A source that left the board has no location (359.3.e.12); one in a base is at no battlefield:
    the move is not done.
    """
    unit = state.units.get(ctx.source_unit) if ctx.source_unit else None
    place = unit.location if unit else None
    if place is None or is_base(place):
        where = f"在{location_name(place)}" if place else "已不在场上"
        log.add(f"{ctx.source}：执行时来源{where}，“此战场”不存在——移动不执行", "referent_checked", "referent_null")
        return None
    log.add(f"{ctx.source}：执行时来源在 {place}，“此战场”即 {place}", "referent_checked")
    return place


def _swap_places(state, log, ctx, param, targets, choices):
    """The source and its target each move to where the other is (449): two effect moves.  ``each_other``: the two
    units it acts on (“将两名单位分别移动到对方的位置”), the source apart; with one of them gone, nothing moves."""
    source = state.units.get(ctx.source_unit) if ctx.source_unit else None
    if (param or {}).get("each_other"):
        units = [unit for unit in targets if isinstance(unit, Unit) and unit.id in state.units]
        if len(units) != 2 or units[0].location == units[1].location:
            log.add(f"{ctx.source}：互换位置需要两名位置不同的在场单位，这条指示不执行", "do_what_you_can")
            return
        source, targets = units[0], units[1:]
    for unit in targets[:1]:
        if source is None or source.location == unit.location:
            rules = ("do_what_you_can", "move_changes_place") if source is not None else ("do_what_you_can",)
            log.add(f"{ctx.source}：来源不在场上或与 {unit.id} 同处（位置不变就不是移动），互换位置不执行", *rules)
            return
        here, there = source.location, unit.location
        movement.effect_move(state, log, [unit], here if not is_base(here) else base_of(unit.controller), ctx.source,
                             ctx.controller)
        movement.effect_move(state, log, [source], there if not is_base(there) else base_of(source.controller), ctx.source,
                             ctx.controller)


def _deal_own_might(state, log, ctx, param, targets, choices):
    """“It deals damage equal to its Might to an enemy unit”: each target deals its might (143.2.b: not below 0).

    The enemy unit (of the effect's controller) is picked as the instruction executes — the first one,
    a default — rather than chosen as the spell is played.
    """
    for unit in targets:
        enemies = [other for other in state.units.values() if other.controller in state.opponents(ctx.controller)]
        if not enemies:
            log.add(f"{ctx.source}：没有敌方单位可受到 {unit.id} 的伤害", "do_what_you_can")
            continue
        amount = max(0, might(state, unit))
        enemy = enemies[0]
        if len(enemies) > 1 and not state.defaults:  # which enemy unit: the controller's question
            (chosen,) = answer_to(state, Question(
                "enemy_unit", ctx.controller, ctx.source, f"{ctx.controller} 选择受到 {unit.id} 伤害的敌方单位（{ctx.source}）",
                tuple((other.id,) for other in enemies), "choose: [单位]", "damage_responsible",
            ))
            enemy = state.units[chosen]
        log.add(f"{ctx.source}：{unit.id} 对 {enemy.id} 造成等同其战力的 {amount} 点伤害", "damage_responsible",
                default=len(enemies) > 1 and state.defaults)
        # 417.6.b.3, 417.6.b.4: the unit is the source, not the instruction; its controller is responsible
        damage.mark(state, log, enemy, amount, Dealer(unit.controller, (unit.id,), unit=True, instructed_by=ctx.source),
                    "damage_unit_source")


def _fight(state, log, ctx, param, targets, choices):
    """“These two units deal damage equal to their Might to each other”: each unit is the source of the damage it
    deals (417.6.b.3, 417.6.b.4), both at once: both Mights are read before either is dealt (143.2.b: not below 0)."""
    units = [unit for unit in targets if unit.id in state.units]
    if (param or {}).get("with") == "self":  # “me and that unit”: the source and the one chosen
        units = [unit for unit in (state.units.get(ctx.source_unit or ""), *units[:1]) if unit is not None]
    if len(units) != 2:
        log.add(f"{ctx.source}：相互伤害需要两名单位，现有 {len(units)} 名，这条指示无法执行", "do_what_you_can")
        return
    dealt = [(unit, other, max(0, might(state, unit))) for unit, other in (units, units[::-1])]
    for unit, other, amount in dealt:
        log.add(f"{ctx.source}：{unit.id} 对 {other.id} 造成等同其战力的 {amount} 点伤害（同时）", "damage_responsible")
        damage.mark(state, log, other, amount, Dealer(unit.controller, (unit.id,), unit=True, instructed_by=ctx.source),
                    "damage_unit_source")


def _become_copy(state, log, ctx, param, targets, choices):
    """“它们变为我的复制体”: each unit it acts on becomes a copy of the unit ``of`` names, read as it executes (477.1.b.1:
    that unit's copiable traits as they are now, a copy's the ones it copied), for as long as it stays on the board."""
    model = next((state.units[unit] for unit in param["of"] if unit in state.units), None)
    if model is None:
        log.add(f"{ctx.source}：要复制的单位已不在场上，复制不发生", "do_what_you_can")
        return
    for unit in targets:
        if unit.id in state.units and unit is not model:
            gear.become_copy(state, log, unit, model, ctx.source, kept_by=None)


def _grant_ability(state, log, ctx, param, targets) -> None:
    """477.2.a — “让其在本回合内获得“横置：抽一张牌。””: each unit it acts on has the ability as if printed on it (its “我”
    the unit) until ``until`` (the turn's end, 317.2.c)."""
    until = param.get("until", "turn")
    for unit in (target for target in targets if isinstance(target, Unit)):
        taken = {granted.ability.name for granted in unit.granted_abilities}
        name = numbered_id("获得的技能", taken)  # how a script names it: “获得的技能”, then “获得的技能#2”
        ability = ability_from_data({**param["ability"], "name": name}, 0)
        unit.granted_abilities.append(GrantedAbility(ability, ctx.source, until))
        kind = "触发" if ability.kind == "triggered" else "启动"
        log.add(f"{ctx.source}：{unit.id} {UNTIL_NAMES[until]}获得{kind}能力“{name}”", "granted_abilities")


def _grant(state, log, ctx, param, targets, choices):
    if "ability" in param:
        _grant_ability(state, log, ctx, param, targets)
        return
    if "keywords_of" in param:  # “获得我的关键词”: each keyword the source has as it executes, granted ones too (359.3.f.2)
        source = state.units.get(ctx.source_unit or "")
        found = keywords(state, source) if source is not None else {}
        log.add(f"{ctx.source}：给予 {ctx.source_unit} 此时拥有的关键词：{'、'.join(found) or '无'}", "instruction_complement")
        rest = {key: value for key, value in param.items() if key != "keywords_of"}
        for name, value in found.items():
            _grant(state, log, ctx, {**rest, "keyword": name, "value": value}, targets, choices)
        return
    name, value, until = param["keyword"], param.get("value"), param.get("until", "turn")
    shown = f"[{name}{' ' + str(value) if value else ''}]"
    on_gear = [target for target in targets if isinstance(target, GearRef)]
    if on_gear:  # granted text on a gear stays with it, attached or not (135.4.b); only permanently (carddefs)
        grant_to_gear(state, log, ctx, param, on_gear)
    for unit in (target for target in targets if not isinstance(target, GearRef)):
        had = keywords(state, unit).get(name)
        with watch_might(state, log, [unit]):
            unit.grants.append(KeywordGrant(name, value, ctx.source, until, state.tick()))
            message, rules = f"{ctx.source}：{unit.id} {UNTIL_NAMES[until]}获得 {shown}", ["granted_abilities"]
            if name in ("强攻", "坚守") and had:
                rules.append("assault_sum" if name == "强攻" else "shield_sum")
                message += f"；与原有的 {name} {had} 相加，现为 {name} {keywords(state, unit)[name]}"
            log.add(message, *rules)


def _replace_death(state, log, ctx, param, targets, choices):
    """“The next time it would die this turn, heal, exhaust and recall it instead”; ``instead: banish`` “如果该单位在本回合内
    被摧毁，则改为将其放逐” (a replacement, 369)."""
    banish = isinstance(param, dict) and param.get("instead") == "banish"
    paid = param.get("pay") if isinstance(param, dict) else None  # “你可以选择支付…，以此改为…”: asked as it would die
    pay = (paid.get("energy", 0), paid.get("power", 0), tuple(paid.get("runes", ()))) if paid else None
    done = ("放逐它" if banish else "治疗、横置并召回它") if pay is None else "可以支付费用以治疗、横置并召回它"
    for unit in targets:
        replacement.add(state, replacement.Replacement(ctx.source, ctx.controller, "die", unit.id, recall=not banish,
                                                       banish=banish, pay=pay))
        log.add(f"{ctx.source}：本回合 {unit.id} 下一次将要阵亡时，改为{done}", "replacement_instead")


PREVENTED_SOURCES = {"spell": "法术", "ability": "技能"}


def _prevent(state, log, ctx, param, targets, choices):
    """437.1.b.1 — "prevent the next X damage that would be dealt to a unit this turn"; ``{amount: all, from: [spell,
    ability]}`` — “prevent all spell and ability damage this turn”: every unit's, now and later this turn, from those
    sources (437.1.b: the source of the damage it affects; 417.6: a spell's, an ability's), never combat damage."""
    if isinstance(param, dict) and "from" in param:
        replacement.add(state, replacement.Replacement(ctx.source, ctx.controller, "damage", None, affects="any", uses=None,
                                                       sources=tuple(param["from"])))
        shown = "和".join(PREVENTED_SOURCES[source] for source in param["from"])
        log.add(f"{ctx.source}：本回合防止{shown}对任何单位造成的所有伤害", "prevent")
        return
    value = {"next": None, "all": None}.get(param, param)
    uses = None if param == "all" else 1
    shown = {"next": "下一次受到的伤害", "all": "受到的所有伤害"}.get(param, f"接下来受到的 {param} 点伤害")
    for unit in targets:
        record = replacement.Replacement(ctx.source, ctx.controller, "damage", unit.id, uses=uses, prevent=value)
        replacement.add(state, record)
        exempt = ("cannot_be_damaged",) if param == "all" else ()
        log.add(f"{ctx.source}：本回合防止 {unit.id} {shown}", "prevent", *exempt)


def _double_damage(state, log, ctx, param, targets, choices):
    for unit in targets:
        replacement.add(state, replacement.Replacement(ctx.source, ctx.controller, "damage", unit.id, uses=None, double=True))
        log.add(f"{ctx.source}：本回合对 {unit.id} 造成的所有伤害翻倍", "replacement_instead")


def _draw(state, log, ctx, param):
    draw(state, log, ctx.controller, param)


def _predict(state, log, ctx, param):
    """817.1.b, 436 — predict: look at the top card of the main deck and choose whether to recycle it.
    ``predict: N`` predicts N cards (436.1.a: recycle any of them, the rest back on top in any order), as many as
    the deck holds (436.4).  What stays on top, in which order, is the controller's answer (a question, with
    defaults off); with defaults allowed the engine keeps them all on top in their order (a default)."""
    deck = state.players[ctx.controller].deck
    count = param if isinstance(param, int) else 1
    seen = deck[:count]
    rules = ("vision", "predict") if count == 1 else ("predict_many", "predict_as_many")
    shown = "、".join(names(seen))
    if not seen or state.defaults:
        what = f"查看主牌堆顶的 {shown}，将其留在顶部" if seen else "主牌堆为空，没有可查看的牌"
        log.add(f"{ctx.source}：{ctx.controller} 预言——{what}", *rules, default=bool(seen))
        return
    kept = answer_to(state, Question(
        "predict", ctx.controller, ctx.source, f"{ctx.controller} 预言 {shown}：哪些留在主牌堆顶（自上而下），其余回收",
        predict_answers(names(seen)), "choose: [留在顶部的牌，自上而下]", rules[-1] if count > 1 else "predict",
    ))
    rest = list(seen)
    top = [rest.pop(next(i for i, card in enumerate(rest) if card.name == name)) for name in kept]
    deck[: len(seen)] = top
    deck.extend(rest)  # recycled: to the bottom of the main deck (416.1)
    log.add(f"{ctx.source}：{ctx.controller} 预言——查看主牌堆顶的 {shown}；留在顶部：{'、'.join(names(top)) or '无'}"
            f"{'；回收到主牌堆底：' + '、'.join(names(rest)) if rest else ''}", *rules, *(("recycle_cards",) if rest else ()))


def predict_answers(seen: list[str]) -> tuple[tuple[str, ...], ...]:
    """436.1 — every answer to a prediction: the cards kept on top, in order (the others are recycled), most kept first."""
    found = (
        tuple(seen[i] for i in order)
        for size in range(len(seen), -1, -1)
        for chosen in combinations(range(len(seen)), size)
        for order in permutations(chosen)
    )
    return tuple(dict.fromkeys(found))


def forbid_playing(state: GameState, log: Log, ctx, param: dict | None) -> None:
    """054.1 — “<players> can't play cards (of a kind) this turn”: a ban from now on; what is already on the chain stays.
    Done once for each player ``who`` names (the opponents by default; ``target_controller``: the chosen unit's)."""
    kind = (param or {}).get("kind")
    state.play_bans.append((ctx.controller, state.turn, ctx.source, kind))
    what = TYPE_NAMES[kind] if kind else "卡牌"
    log.add(f"{ctx.source}：{ctx.controller} 本回合不能再打出{what}（已在结算链上的不受影响）", "cant_beats_can", "ban_from_now")


def _boost_next_spell(state, log, ctx, param):
    """The next spell its controller plays this turn gets Bonus Damage on every Deal action it does (713),
    or a Repeat whose cost is the spell's Energy cost (820)."""
    state.spell_boosts.append((ctx.controller, dict(param), state.turn))
    what = [f"每次造成伤害 +{param['bonus_damage']}"] if param.get("bonus_damage") else []
    what += ["获得等同其费用的[回响]"] if param.get("repeat_at_cost") else []
    rules = ["bonus_damage_granted"] if param.get("bonus_damage") else ["repeat"]
    log.add(f"{ctx.source}：{ctx.controller} 本回合打出的下一个法术{'，'.join(what)}", *rules)


def _enters_ready_next(state, log, ctx, param):
    """369.3 — “the next unit you play this turn enters ready” (``all: true``: every unit you play this turn)."""
    every = bool((param or {}).get("all"))
    state.ready_entries.append((ctx.controller, state.turn, ctx.source, every))
    which = "打出的所有单位" if every else "打出的下一名单位"
    log.add(f"{ctx.source}：本回合 {ctx.controller} {which}以活跃状态进场", "enters_ready")


def _hide_free(state, log, ctx, param):
    """“在本回合内，你可以无视费用地正面朝下布置待命卡牌”: for the rest of the turn the controller hides cards without paying
    the hide cost (811.1.b: [A], ignored as a cost is, 356.1.b)."""
    state.this_turn.append(GameEvent(events.HIDES_FREE, ctx.controller, ctx.source, phase=state.phase))
    log.add(f"{ctx.source}：本回合内 {ctx.controller} 隐藏卡牌无需支付费用", "hidden")


def _return_champion(state, log, ctx, param):
    """“让你的选定英雄从废牌堆返回英雄区域”: the controller's Chosen Champion from their trash to their Champion Zone,
    only while no card is there (108.3.c.1); otherwise nothing (do what you can)."""
    player = state.players[ctx.controller]
    card = next((c for c in player.trash if c.name == player.chosen_champion), None)
    if card is None or player.champion is not None:
        why = "英雄区域中已有牌" if player.champion is not None else "选定英雄不在其废牌堆中"
        log.add(f"{ctx.source}：{why}，选定英雄不返回英雄区域", "return_champion", "do_what_you_can")
        return
    player.trash.remove(card)
    player.champion = card.name
    log.add(f"{ctx.source}：{ctx.controller} 的选定英雄 {card.name} 从废牌堆返回英雄区域", "return_champion")


def _buff_bonus(state, log, ctx, param):
    """“在本回合内，所有增益可额外给予友方单位战力+N”: for the rest of the turn each buff on the controller's units gives
    +N Might more (702, read as Might is)."""
    amount = param if isinstance(param, int) else 1
    state.buff_bonuses.append((ctx.controller, state.turn, ctx.source, amount))
    log.add(f"{ctx.source}：本回合内 {ctx.controller} 的单位的每个增益额外给予战力 +{amount}", "buff_might")


def _extra_turn(state, log, ctx, param):
    """737–738 — an additional turn for the effect's controller, queued after those already queued."""
    state.extra_turns.append(ctx.controller)
    log.add(f"{ctx.source}：{ctx.controller} 在本回合之后进行一个额外回合（已排队的额外回合 {len(state.extra_turns)} 个）", "extra_turn", "extra_turns_order")


def _win_game(state, log, ctx, param):
    """195 — a player also wins the game if an effect instructs them to; the game ends (196)."""
    if state.winner:
        return
    state.winner = state.team_of(ctx.controller)
    log.add(f"{ctx.source}：{ctx.controller} 赢得这局游戏", "win_by_effect", "game_ends")


def _activate_conquer(state, log, ctx, param):
    triggers.activate_conquer(state, log, ctx.controller, ctx.location)


def _delayed(state, log, ctx, param, targets, choices):
    """390.2 — a delayed trigger; the objects this instruction acts on (the ability's targets) are remembered with it,
    what its own instructions act on (“在本回合结束时，将其召回”), by id: one that left the board is no longer there
    for it (359.3.e.4)."""
    remembered = tuple(target.id for target in targets if isinstance(target, (Unit, GearRef)))
    triggers.make_delayed(state, log, ctx.source, ctx.controller, param, ctx.by_spell, ctx.location,
                          remembered=remembered)


def _lose_control(state, log, ctx, param, targets, choices):
    """“失去该单位的控制权” / “lose control of it”: the effect's controller stops controlling each unit or gear it acts on,
    and it returns to its owner (477.1.a: control is a trait; the control change ends); what its controller no longer
    controls, or owns, is unchanged.  A unit or gear left in another player's base is recalled in the cleanup (323.7)."""
    for target in targets:
        held = state.gear.get(target.gear_id or "") if isinstance(target, GearRef) else target
        if held is None or held.controller != ctx.controller or held.owner == ctx.controller:
            shown = held.id if held is not None else target.id
            log.add(f"{ctx.source}：{ctx.controller} 此时并未控制 {shown}（或就是其所有者），控制权不变", "control_trait")
        elif isinstance(held, Unit):
            movement.take_control(state, log, held, held.owner, ctx.source)
        else:
            held.control_effects = [effect for effect in held.control_effects if effect[0] != ctx.controller]
            held.controller = held.owner
            log.add(f"{ctx.source}：{ctx.controller} 失去 {held.id} 的控制权，由其所有者 {held.owner} 控制", "control_trait")




def _may_pay(state, log, ctx, param, targets, choices):
    """“You may pay …. If you do, …; otherwise, …”: the branch chosen acts on the same targets.

    ``payer: target_controller`` — “… unless its controller pays ②”: the chosen unit's or spell's controller decides and
    pays (the first target's); the branches are still the effect's own controller's.
    """
    payer = ctx
    if param.get("payer") == "target_controller":
        chosen = [target for target in targets if isinstance(target, (Unit, ChainItem))]
        if not chosen:
            log.add(f"{ctx.source}：所选目标已不在，没有“其控制者”可支付：这条指示不执行", "do_what_you_can")
            return
        payer = replace(ctx, controller=chosen[0].controller)
    branch = chaincontrol.optional_payment(state, log, payer, param, choices)
    resolve(state, log, ctx, branch, targets, choices)


def _unless_lets(state, log, ctx, param, targets, choices):
    """“Deal 6 to it unless its controller has you draw 2”: the chosen unit's controller (the first target's) is asked
    whether you do ``then``; ``otherwise`` when they do not. Both are the effect's controller's and act on the same
    targets; with defaults, ``otherwise``."""
    chosen = [target for target in targets if isinstance(target, (Unit, ChainItem))]
    if not chosen:
        log.add(f"{ctx.source}：所选目标已不在，没有“其控制者”可选择：这条指示不执行", "do_what_you_can")
        return
    decider = chosen[0].controller
    lets = not state.defaults and answer_to(state, Question(
        "unless_lets", decider, ctx.source, f"{decider} 是否让 {ctx.controller} 执行 {ctx.source} 的“除非……”部分（否则执行其余部分）",
        (("是",), ("否",)), "choose: true|false", "you_may",
    )) == ("是",)
    log.add(f"{decider} {'' if lets else '不'}让 {ctx.controller} 执行 {ctx.source} 的“除非……”部分", "you_may",
            default=state.defaults)
    resolve(state, log, ctx, tuple(param["then" if lets else "otherwise"]), targets, choices)


PAID = {"paid": True}  # the AMOUNT “that much” inside a ``pay_any``: what was paid


def _paid_in(value, paid: int):
    """*value* with each ``{paid: true}`` amount in it the number *paid* (read once, as it was paid)."""
    if value == PAID:
        return paid
    if isinstance(value, dict):
        return {key: _paid_in(part, paid) for key, part in value.items()}
    if isinstance(value, list):
        return [_paid_in(part, paid) for part in value]
    return value


def _pay_any(state, log, ctx, param, targets, choices):
    """“Pay any amount of Energy / any rune to … that much” (204.3.b): the amount paid is the ``{paid: true}`` of its
    instructions, which act on the same targets."""
    paid = chaincontrol.any_payment(state, log, ctx, param["resource"], choices)
    resolve(state, log, ctx, tuple(_paid_in(list(param["then"]), paid)), targets, choices)


def _counter(state, log, ctx, param, targets, choices):
    param = param or {}
    for item in targets:
        if chaincontrol.played_condition(state, log, ctx, param, item):
            chaincontrol.counter(state, log, ctx, item, param.get("to", "trash"))


def _new_choices(state, log, ctx, param, targets, choices):
    for item in targets:
        chaincontrol.remake_choices(state, log, ctx, item, choices)


def _taking_cards(verb) -> Verb:
    """A zone action on its controller that says whether it took any card: none taken (nothing in the zone that fits)
    is an instruction not done, so a “you may …” before it counts as not done for “if you do” (359.3.e.14.a)."""
    def run(state, log, ctx, param, targets, choices):
        if not verb(state, log, ctx, param, choices.progress) and choices.progress.did:
            choices.progress.did = False
            log.add(f"{ctx.source}：没有牌可执行这条指示，它未被执行；“若如此做”的指示也不执行", "linked_instructions")
    return run


def _discard(state, log, ctx, param, progress) -> bool:
    """The cards discarded are what a later instruction of the same resolution reads (“its Energy cost”)."""
    progress.discarded = tuple(card.name for card in discard(state, log, ctx.controller, _discarded(state, ctx, param)))
    return bool(progress.discarded)


def _look(state, log, ctx, param, targets, choices):
    """Whether the look took a card is what an instruction after it asks by “if you do” or its negation (“if it's a
    unit, draw it; otherwise …”, 359.3.e.14.a)."""
    revealed: list = []
    taken = look(state, log, ctx, param, choices.from_hand, revealed)
    if param.get("reveal"):  # what it revealed: an amount counted among them, “recycle the revealed cards” after it
        choices.progress.revealed = tuple(card.id for card in revealed)
    if param.get("take"):
        choices.progress.did, choices.progress.took = taken is not None, taken.name if taken else None


def _on_controller(verb) -> Verb:
    """A verb that acts on its controller (or on nothing chosen): it takes neither targets nor answers."""
    return lambda state, log, ctx, param, targets, choices: verb(state, log, ctx, param)


ALL_KINDS = frozenset({"unit", "spell", "gear", "legend", "player", "battlefield"})  # every chosen object

VERBS: dict[str, Verb] = {
    "deal": _deal,
    "might": _might,
    "might_becomes": _might_becomes,
    "buff": _buff,
    "spend_buff": _spend_buff,
    "stun": _stun,
    "ready": _unless_forbidden("ready", _flag("exhausted", False, "被重置", "已是就绪状态，重置不发生任何事", "ready", "ready_again", "readied")),
    "exhaust": _flag("exhausted", True, "被横置", "已横置，横置不发生任何事", "exhaust", "exhaust_again"),
    "kill": _kill,
    "kill_own": _kill_own,
    "kill_rest": _kill_rest,
    "each_chooses": _each_chooses,
    "unless_lets": _unless_lets,
    "protect": _protect,
    "forbid_move": _forbid_move,
    "banish": _banish,
    "heal": _heal,
    "recall": _recall,
    "return_to_hand": _return_to_hand,
    "to_deck": _to_deck,
    "next_time": _next_time,
    "name_card": _name_card,
    "move": _move,
    "swap_places": _swap_places,
    "grant": _grant,
    "replace_death": _replace_death,
    "prevent": _prevent,
    "swap_might": _swap_might,
    "gain_control": _gain_control,
    "lose_control": _lose_control,
    "delayed": _delayed,
    "deal_own_might": _deal_own_might,
    "fight": _fight,
    "become_copy": _become_copy,
    "double_damage": _double_damage,
    "banish_and_replay": effect_play.banish_and_replay,
    **GEAR_VERBS,
    **EMPOWER_VERBS,
    "counter": _counter,
    "new_choices": _new_choices,
    "may_pay": _may_pay,
    "pay_any": _pay_any,
    "play": lambda state, log, ctx, param, targets, choices: effect_play.play(
        state, log, ctx, param, choices.from_hand, choices.to, targets
    ),
    "look": _look,
    "play_me": lambda state, log, ctx, param, targets, choices: effect_play.play_me(state, log, ctx, param, choices.to),
    "banish_cards": _taking_cards(lambda state, log, ctx, param, progress: effect_play.banish_cards(state, log, ctx, param)),
    "discard": _taking_cards(_discard),
    "reveal_hand": effect_play.reveal_hand,
    "look_facedown": effect_play.look_facedown,
    "pick_from_hand": effect_play.pick_from_hand,
    **{
        name: _on_controller(verb)
        for name, verb in {
            "activate_conquer": _activate_conquer,
            "reveal_until": reveal_until,
            "add": add_effect,
            "draw": _draw,
            "burn": burn,
            "predict": _predict,
            "boost_next_spell": _boost_next_spell,
            "enters_ready_next": _enters_ready_next,
            "extra_turn": _extra_turn,
            "buff_bonus": _buff_bonus,
            "hide_free": _hide_free,
            "return_champion": _return_champion,
            "win_game": _win_game,
            "gain_xp": gain_xp,
            "recycle": recycle,
            "return_from_trash": return_from_trash,
            "hand_to_deck": zones.hand_to_deck,
            "take_gear": take_gear,
            "take_gear_while_here": take_gear_while_here,
            "create": create,
            "channel": channel_effect,
            "discount_next": costs.make_discount,
            "turn_cost_change": costs.make_turn_cost_change,
            "ready_runes": ready_runes,
            "gain_points": gain_points_effect,
            "forbid_playing": forbid_playing,
            "ready_gear": ready_gear,
        }.items()
    },
}
