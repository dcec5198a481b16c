"""Triggered abilities on the chain (383.3–392): what ``events.collect`` found pending goes on the chain.

``flush`` puts the pending triggers on the chain at the next moment
the rules allow, starting with the turn player and going on in turn order
(383.3.d.1); a player's own simultaneous triggers go in the order they
triggered, marked as a default, until the player orders them (``reorder``,
383.3.d).  A reflexive trigger follows the ability that made it (388.1).

A unit's own death is the exception the rules make: Deathknell triggers before
the unit leaves (323.4, 428.1.a.1.b), so ``own_death`` puts it on the chain at once.

A triggered ability's targets are chosen as it goes on the chain (383.3, 355.8), its Deflect paid, and checked
again as it resolves (359.3.e): the last part of this module.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, groupby

from judgekit.engine import costs, empower, events, filters, layers, locations, targeting
from judgekit.engine.cards import (
    KEYWORD_ABILITIES,
    OBJECTS,
    QUICK_DRAW,
    UNIT_OR_GEAR,
    Ability,
    AbilityCost,
    TargetSpec,
    ability_from_data,
    ability_label,
    quick_draw_ability,
)
from judgekit.engine.events import (
    EXTRA_TRIGGERS,
    NO_ONE,
    PLAYER_DEFENDED,
    SCORING,
    Delayed,
    Pending,
    PendingPlay,
    Watcher,
    extra_triggers,
    failed_condition,
    matches,
    trigger_pending,
)
from judgekit.engine.instructions import chosen_moves
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    ChainItem,
    GameEvent,
    GameState,
    Question,
    Unit,
    answer_or_default,
    answer_to,
    is_base,
    location_name,
)
from judgekit.engine.trace import Log

# The trace's rule for each named kind of trigger; typed triggers cite 383.2.c.
TRIGGER_RULES = {
    "play": "play_trigger",
    "attack": "combat_chain",
    "defend": "combat_chain",
    "conquer": "score_triggers",
    "hold": "score_triggers",
    "vision": "vision",
    QUICK_DRAW: "quick_draw_attach",
}


def _gained(state: GameState, pend: Pending) -> bool:
    """The ability comes from a keyword its unit was given, not printed on its card."""
    card = state.cards.get(pend.card)
    return card is not None and card.ability(pend.ability) is None and any(a.name == pend.ability for a in KEYWORD_ABILITIES.values())


def make_delayed(
    state: GameState, log: Log, source: str, controller: str, entry: dict, from_spell: bool = False,
    location: str | None = None, subject: str | None = None, remembered: tuple[str, ...] = (),
) -> None:
    """390.2, 392 — an effect makes a delayed trigger; it works whether or not its maker is still around.

    ``once: true`` — it waits, past this turn if need be, for the one time it triggers; the location of
    its maker is locked in with it (“this battlefield”, 359.3.f.3.a–b).  *subject*: the one unit whose
    events it watches (“the next time it …”).  *remembered*: the objects its maker's instruction acted on, what
    its own instructions act on when it has no target of its own (“在本回合结束时，将其召回”).
    """
    name = f"延迟触发#{state.tick()}"
    once = bool(entry.get("once"))
    ability = ability_from_data({**{k: v for k, v in entry.items() if k != "once"}, "name": name}, 0)
    remembered = () if ability.target else remembered  # its own targets, chosen as it triggers, come first
    state.delayed.append(Delayed(ability, controller, source, state.turn, from_spell, location, once, subject=subject,
                                 remembered=remembered))
    what = f"{subject} 下一次{ability.trigger.describe()}" if subject else ability.trigger.describe()
    when = f"下一次{ability.trigger.describe()}" if once else f"本回合{what}"
    where = f"；“此战场”记为 {location_name(location)}" if once and location else ""
    where += f"；记住它作用的对象：{'、'.join(remembered)}" if remembered else ""
    rules = ("delayed_info_locked",) if where else ()
    log.add(f"{source}：生成延迟触发能力“{when}”，由 {controller} 控制{where}", "delayed", "delayed_controller", *rules)


def ability_of(state: GameState, item: ChainItem) -> Ability | None:
    """The ability a triggered chain item comes from: its card's, or a delayed ability's."""
    if not item.ability:
        return None
    if item.card in state.cards:
        gained = next((a for a in KEYWORD_ABILITIES.values() if a.name == item.ability), None)
        if item.ability == QUICK_DRAW and gained is None and state.card(item.card).is_type("gear"):
            gained = quick_draw_ability(item.card)  # an Equipment given Quick-Draw (“your Equipment everywhere …”)
        return state.card(item.card).ability(item.ability) or gained or granted_ability(state, item.source, item.ability)
    return next((d.ability for d in state.delayed if d.ability.name == item.ability), None)


def granted_ability(state: GameState, holder: str, name: str) -> Ability | None:
    """An ability an effect gave the unit *holder* (477.2.a), by its name; None when it has none of that name."""
    unit = state.units.get(holder)
    return next((granted.ability for granted in unit.granted_abilities if granted.ability.name == name), None) \
        if unit is not None else None


def made_by_spell(state: GameState, item: ChainItem) -> bool:
    """428.5.d — a triggered item whose delayed ability a spell made: what it does is the spell's doing too."""
    return any(d.ability.name == item.ability and d.from_spell for d in state.delayed)


def _battlefield_rules(state: GameState, pend: Pending, ability: Ability) -> list[str]:
    bf = state.battlefields.get(pend.source)
    if bf is None or pend.event.kind in SCORING:
        return []
    if ability.chooser:
        return ["battlefield_chooser"]
    return ["battlefield_abilities"] if bf.controller else ["battlefield_uncontrolled"]


def flush(state: GameState, log: Log, give_priority: bool = True, combat: tuple[str, str] | None = None) -> list:
    """383.3 — pending triggers go on the chain in the order they were set off; those set off together (383.3.d) the
    turn player's first, then in turn order (383.3.d.1).

    A reflexive trigger a resolving item made (a ``ChainItem`` in the list, 388.1) parts them: what triggered before
    its “do this” goes on below it, what triggered after above it (337.1.b).
    A combat's opening passes its ``(attacker, defender)``: the attacker first, the defender last (464.2.e.1).
    Then the newest item's controller gets priority (340.4), unless a resolution is
    under way, whose end gives it (``turn.after_resolution``).

    Returned: the units and gear (GearRefs) the triggers' ``kill`` costs took (204.3.a), for the caller to kill — a
    kill is a board action, a layer above this one (``damage.flush`` does both).
    """
    owed: list = []
    if _order_asked(state):  # 383.3.d: the order of the triggers on top is asked first; what came after waits for it
        return owed
    pending, state.pending_triggers = state.pending_triggers, []
    before = len(state.chain)
    together: list = []
    for at, pend in enumerate([*pending, None]):
        if isinstance(pend, ChainItem) or pend is None:
            _put_together(state, log, together, combat, owed)
            together = []
            if pend is not None and _order_asked(state, pend):  # set off after them: it goes on once they are ordered
                state.pending_triggers = pending[at:] + state.pending_triggers
                return owed
            if pend is not None:
                state.chain.append(pend)
        else:
            together.append(pend)
    finalize_reflexive(state, log)  # after the units its maker played entered (337.1: the older pending items first)
    if give_priority and len(state.chain) > before:  # some went on: an unpaid cost or no target leaves one off
        state.priority, state.passes = state.chain[-1].controller, 0
        log.add(f"触发能力已加入结算链：最新一项的控制者 {state.priority} 获得优先权", "priority_newest")
    return owed


def _order_asked(state: GameState, item: ChainItem | None = None) -> bool:
    """With defaults off, a player's simultaneous triggers on top of the chain wait for their order (383.3.d), and
    *item*, unless it is one of them, waits with them."""
    batch = orderable(state)
    return not state.defaults and bool(batch) and (item is None or item.batch != batch[0].batch)


def _put_together(state: GameState, log: Log, pending: list, combat: tuple[str, str] | None, owed: list) -> None:
    """383.3.d — triggers set off together: each player's in the order they triggered, starting with the turn player."""
    order = _turn_order(state)
    if combat:
        order = [combat[0], *(p for p in order if p not in combat), combat[1]]
    for pend in [p for p in pending if p.blocked]:
        _log_blocked(state, log, pend)
    ready = sorted((p for p in pending if not p.blocked), key=lambda p: order.index(p.controller))
    players = {p.controller for p in ready}
    for _, group in groupby(ready, key=_action_of(ready)):
        group = list(group)
        several = len([p for p in group if isinstance(p, Pending)]) > 1
        batch = state.tick() if several else 0
        for pend in group:
            if isinstance(pend, PendingPlay):  # 337.1.b: finalized in its place among them, and resolved (337.2)
                _enter(state, log, pend)
                continue
            others = "combat_chain_order" if combat else "trigger_turn_order"
            _put_on_chain(state, log, pend, several=several, others=others if len(players) > 1 else "", batch=batch,
                          owed=owed)


def _action_of(ready: list):
    """The key of a trigger's group: its controller and the game action that set it off — triggers of different
    instructions are not simultaneous (383.3.d); a unit an effect played stays with the triggers around it."""
    keys: dict[int, tuple[str, int]] = {}
    last = None
    for pend in ready:
        last = (pend.controller, pend.instruction) if isinstance(pend, Pending) else (pend.controller, last[1] if last else -1)
        keys[id(pend)] = last
    return lambda pend: keys[id(pend)]


def _accelerated(state: GameState, log: Log, pend: PendingPlay, unit: Unit) -> str | None:
    """805.1.a — a unit an effect plays that has Accelerate (printed or gained, as it enters): its controller may pay
    [1] and a Power of its domain (of any domain when it has none, 805.1.a.2) for it to enter ready."""
    if costs.ACCELERATE not in layers.keywords(state, unit):
        return None
    card = state.card(unit.card)
    cost = costs.accelerate_cost(costs.Cost(), card)
    payable = costs.plan(state.players[pend.controller], cost) is not None
    wanted = pend.accelerate
    if wanted is None and state.defaults:
        wanted = False
        log.add(f"脚本未说明 {pend.controller} 是否为 {unit.id} 支付急速：引擎选择不支付", "accelerate", default=True)
    elif wanted is None:
        wanted = answer_to(state, Question(
            "accelerate", pend.controller, pend.source, f"{pend.controller} 是否为 {pend.source} 打出的 {unit.id} 支付急速（{cost.describe()}）",
            (("是",), ("否",)) if payable else (("否",),), "accelerate: true|false（写在让它结算的那一步）或 choose: [是|否]",
            "accelerate",
        )) == ("是",)
    if not wanted:
        return None
    if not payable:
        illegal(f"{pend.controller} 付不起 {unit.id} 的急速费用（{cost.describe()}）", "accelerate")
    events.pay(state, log, pend.controller, cost, unit.card)
    log.add(f"{pend.controller} 为 {unit.id} 支付急速（{cost.describe()}）", "accelerate",
            *(() if card.domains else ("accelerate_no_domain",)))
    return "已支付急速"


def _enter(state: GameState, log: Log, pend: PendingPlay) -> None:
    """337.1.b, 337.2, 359.2.c — a unit an effect played, finalized in its turn, resolves at once: it enters at its
    location, exhausted unless something says ready (a token's effect, 184.1; the card's own, 805), and is played."""
    unit = Unit(pend.unit_id or state.fresh_id(pend.card), pend.card, pend.owner, pend.controller, pend.location, exhausted=True,
                played_from=pend.played_from)
    state.units[unit.id] = unit
    ready = "创建它的效果" if pend.ready else None if pend.token else layers.enters_ready(state, unit, layers.WITH_MIGHT)
    accelerated = None if ready else _accelerated(state, log, pend, unit)  # no cost to pay for what enters ready
    unit.exhausted = ready is None and accelerated is None
    if not pend.token:
        events.happen(state, "finalized", pend.controller, pend.card, pend.source)
    events.happen(state, "played", pend.controller, unit.id, "token" if pend.token else None,
                  played_from=pend.played_from)
    entry = f"就绪（{ready or accelerated}：以活跃状态进场）" if ready or accelerated else "横置"
    kind = "指示物" if pend.token else "单位"
    rules = ("token_played", "token_not_card", "token_enters" if ready else "token_is_unit") if pend.token else (
        "play_by_effect", *(("enters_ready",) if ready else ()))
    log.add(f"{pend.source} 打出的{kind} {pend.card} 确定并立即结算，以{entry}状态进入 {location_name(pend.location)}"
            f"（单位 {unit.id}）", "permanent_resolves", "pending_in_order", *rules)
    layers.note_entering_mighty(state, log, unit)
    if not is_base(pend.location) and state.battlefields[pend.location].contest(pend.controller):  # 190.3.a
        log.add(f"{pend.location} 由 {state.battlefields[pend.location].controller or '无人'} 控制，{pend.controller} 的单位"
                "出现在此，变为被争夺", "contested_present")


def _turn_order(state: GameState) -> list[str]:
    players = list(state.players)
    start = players.index(state.turn_player)
    return players[start:] + players[:start]


def _own_play_paid(pend: Pending) -> bool:
    """356.2.b.1 — a “when you play me” ability of a card played with its optional additional cost paid: its
    instructions read ``paid_additional_cost`` (“如果你支付了我的额外费用，则…”) as they execute."""
    return pend.event.kind == "played" and pend.event.subject == pend.source and pend.event.cause == events.PAID_ADDITIONAL


def _put_on_chain(state: GameState, log: Log, pend: Pending, several: bool, others: str, batch: int, owed: list) -> None:
    probe = ChainItem(pend.source, pend.card, pend.controller, [], "", ability=pend.ability)
    ability = ability_of(state, probe)
    label = _own_label(state, ability_label(_source_name(state, pend), pend.ability), batch)
    paid = _paid_to_finalize(state, log, pend, ability.cost, label, owed) if ability.cost is not None else ((), ())
    if paid is None:
        return
    locked = ((pend.event.subject,),) if ability.target and ability.target.kind == "event" else ()
    item = ChainItem(pend.source, pend.card, pend.controller, effects_of(ability), label, pend.location,
                     finalized=False, ability=pend.ability, targets=locked, batch=batch,
                     origin=pend.event.cause if pend.event.kind == "moved" else None, event_subject=pend.event.subject,
                     arrival=pend.event.location if pend.event.kind == "moved" else None,
                     paid_additional=_own_play_paid(pend), remembered=_remembered(state, pend),
                     paid_with=paid[0], paid_with_might=paid[1])
    rules = [TRIGGER_RULES.get(pend.ability, "trigger_condition")]
    rules += ["granted_abilities", "trigger_entering"] if _gained(state, pend) else []
    rules += ["targeting_trigger", "targeted_sets_off"] if pend.event.kind == "chosen" else []
    rules += ["player_defend_trigger"] if pend.event.kind == PLAYER_DEFENDED else []
    rules += ["played_on_resolution"] if pend.event.kind == "played" and pend.event.subject in state.cards else []
    rules += _battlefield_rules(state, pend, ability)
    rules += [others] if others else []
    rules += ["trigger_own_order"] if several else []
    rules += ["trigger_once"] if ability.limit else []
    rules += [CONDITION_RULES[part] for part, _ in ability.condition if part in CONDITION_RULES]  # it held as it triggered
    where = f"（记下来源在 {location_name(pend.location)}）" if pend.location else ""
    if ability.target and ability.target.where == "moved_between":  # 359.3.f.3: the move's ends, from the trigger
        where = f"（记下移动起点 {location_name(pend.event.cause or '')} 与终点 {location_name(pend.location or '')}）"
        rules.append("trigger_info_locked")
    played = dict(ability.condition).get("played_this_turn")
    if played:  # 419.4.b: a check of cards played reads the cards finalized
        where += f"；条件成立，本回合确定过的牌——{filters.played_each(state, pend.controller, played)[1]}"
        rules += ["trigger_if", "played_means_finalized", "card_types"]
    extra = f"（{pend.extra} 使其额外触发一次）" if pend.extra else ""
    log.add(f"{label}触发{extra}，加入结算链{where}", *rules, default=several and state.defaults)  # else their order is asked
    chosen = choose_targets_on_chain(state, log, item, ability.target)
    if chosen is not None:
        state.chain.append(choose_destination(state, log, chosen))


def _remembered(state: GameState, pend: Pending) -> tuple[str, ...]:
    """The objects a delayed trigger remembers (390.2: “its” instructions' “it”), by id; none for other triggers."""
    return next((d.remembered for d in state.delayed if d.ability.name == pend.ability), ()) if not pend.card else ()


def _own_label(state: GameState, label: str, batch: int) -> str:
    """383.3.d — the same ability triggered more than once together (two friendly units dying at once): each instance
    gets a label of its own, numbered from the second, so that ordering them names each one."""
    if not batch:
        return label
    same = sum(1 for item in state.chain if item.batch == batch and (item.label == label or item.label.startswith(f"{label}（第 ")))
    return f"{label}（第 {same + 1} 次）" if same else label


def choose_destination(state: GameState, log: Log, item: ChainItem, wanted: str | None = None) -> ChainItem:
    """355.4, 377.3 — a triggered or activated ability that moves units to a place its controller chooses chooses it as
    it goes on the chain, as a spell does as it is played: one valid for every unit it moves (its targets, else its
    source) — *wanted*, the script's (an activation's ``to``), else the controller's question without defaults, with
    them the first (a default); kept with the item."""
    moves = chosen_moves(item.effects)
    if not moves or item.destination is not None:
        return item
    movers = item.targets or (((item.source,),) if item.source in state.units else ())
    options = tuple(place for place in ("base", *state.battlefields)
                    if locations.played_destination_problem(state, item.controller, moves, movers, place) is None)
    if wanted is not None and wanted not in options:
        illegal(f"{item.label} 不能把它移动的单位都移到 {'基地' if wanted == 'base' else wanted}"
                f"（有效的目的地：{'、'.join('基地' if o == 'base' else o for o in options) or '无'}）", "move_destination_valid")
    if not options:
        log.add(f"{item.label}：没有对它移动的单位都有效的目的地，移动将不执行", "move_destination", "move_destination_valid")
        return item
    if wanted is not None:
        place = wanted
    elif len(options) > 1 and not state.defaults:
        (place,) = answer_to(state, Question(
            "trigger_destination", item.controller, item.label, f"{item.controller} 为 {item.label} 的移动选择目的地",
            tuple((option,) for option in options), "choose: [战场名或 base]", "move_destination",
        ))
    else:
        place = options[0]
    log.add(f"{item.label}加入结算链时选择移动目的地：{'基地' if place == 'base' else place}"
            + ("（唯一的选择）" if len(options) == 1 else ""), "move_destination",
            default=wanted is None and len(options) > 1 and state.defaults)
    return replace(item, destination=place)


def _source_name(state: GameState, pend: Pending) -> str:
    """How a trace names the source: a unit id or battlefield, or a card in a hand or trash by where it is."""
    for player in state.players.values():
        for zone, pile in (("手牌", player.hand), ("废牌堆", player.trash)):
            card = next((c for c in pile if c.id == pend.source), None)
            if card is not None:
                return f"{player.id} {zone}中的{card.name}"
    return pend.source


def _paid_to_finalize(state: GameState, log: Log, pend: Pending, cost: AbilityCost, label: str,
                      owed: list) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """204.3.a — “you may [exhaust me / spend my buff / disempower something] to …” opening a triggered ability is its base
    cost, paid to finalize it; one that cannot be paid leaves the ability off the chain (203.3).  The
    controller pays when able (a default).  None: not paid; else the units its ``object`` part took and their Might."""
    holder = state.units.get(pend.source) or state.legends.get(pend.source) or state.gear.get(pend.source)
    resources = costs.rune_cost(cost, label, "cost_to_finalize") if cost.energy or cost.power or cost.runes else None
    if resources is not None and costs.plan(state.players[pend.controller], resources) is None:
        log.add(f"{label}的费用（{resources.describe()}）无法支付：不加入结算链", "cost_impossible")
        return None
    if cost.exhaust and (holder is None or holder.exhausted):
        log.add(f"{label}的费用（横置 {pend.source}）无法支付：不加入结算链", "cost_impossible")
        return None
    if cost.spend_buff and (holder is None or not getattr(holder, "buffs", 0)):
        log.add(f"{label}的费用（消耗 {pend.source} 的增益）无法支付：不加入结算链", "cost_impossible")
        return None
    if cost.spend_buffs > len(events.buffed_units(state, pend.controller)):
        log.add(f"{label}的费用（消耗 {cost.spend_buffs} 个增益）无法支付：不加入结算链", "cost_impossible")
        return None
    if cost.disempower and not empower.disempowerable(state, cost.disempower, pend.source, pend.controller):
        log.add(f"{label}的费用（解除强化）无法支付：没有可解除强化的物体", "cost_impossible")
        return None
    victims = _kill_candidates(state, pend, cost.kill) if cost.kill else []
    if cost.kill and len(victims) < cost.kill["count"]:
        log.add(f"{label}的费用（摧毁 {cost.kill['count']} 个友方物体）无法支付：只有 {len(victims)} 个", "cost_impossible")
        return None
    seen_from = targeting.Context(label, pend.controller, pend.location, pend.source if holder is not None else None)
    if cost.object and not costs.object_candidates(state, seen_from, pend.controller, cost.object):
        log.add(f"{label}的费用（{cost.describe()}）无法支付：没有符合的单位，不加入结算链", "cost_impossible")
        return None
    banishable = _banishable(state, pend.controller, cost.banish_from_trash) if cost.banish_from_trash else []
    if cost.banish_from_trash and not banishable:
        log.add(f"{label}的费用（{cost.describe()}）无法支付：废牌堆中没有牌，不加入结算链", "cost_impossible")
        return None
    if answer_or_default(state, Question(  # “you may … to …”: the controller's question
        "trigger_cost", pend.controller, label, f"{pend.controller} 是否支付{label}的费用（{cost.describe()}）",
        (("是",), ("否",)), "choose: true|false", "cost_to_finalize",
    ), ("是",)) == ("否",):
        log.add(f"{label}：{pend.controller} 选择不支付它的费用（{cost.describe()}）：不加入结算链", "cost_to_finalize")
        return None
    if cost.disempower and not empower.pay_disempower(state, log, cost.disempower, pend.source, pend.controller, label):
        return None
    if resources is not None:  # Energy and Power, with its exhausting (“支付①并让此牌变为休眠状态，以此…”)
        discounters = costs.optional_discounters(state, pend.controller)
        if discounters:  # a triggered ability's own cost is no optional additional cost of playing a card
            log.add(f"{label}的费用是触发能力自身的费用，不是打出牌时的可选额外费用：{'、'.join(discounters)} 的减费不适用",
                    "optional_cost", "cost_to_finalize")
        events.pay(state, log, pend.controller, resources, label)
    if cost.exhaust:
        holder.exhausted = True
    if cost.spend_buff:
        events.spend_buff(state, log, pend.controller, holder)
    if cost.spend_buffs:
        events.spend_buffs(state, log, pend.controller, cost.spend_buffs, label)
    if cost.kill:
        owed += _kill_to_pay(state, log, pend, cost.kill["count"], victims, label)
    if banishable:
        _banish_for_cost(state, log, pend.controller, banishable, label)
    paid = ((), ())
    if cost.object:  # the unit chosen now; exhausted now, or returned / recycled by ``flush``'s caller (a board action)
        unit, paid = costs.pick_object(state, log, seen_from, pend.controller, cost.object, label, "cost_to_finalize")
        if cost.object["act"] == "exhaust":
            unit.exhausted = True
        else:
            owed.append((cost.object["act"], unit, label))
    log.add(f"{label}：控制者支付了它的费用（{cost.describe()}）", "cost_to_finalize", default=state.defaults)
    return paid


def _kill_candidates(state: GameState, pend: Pending, wanted: dict) -> list:
    """The controller's units and gear (unattached or attached, 718.2) a ``kill`` cost may take: ``kind`` (unit by
    default, or gear, or both), ``other`` not the source."""
    kinds = wanted.get("kind", "unit")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds)
    found: list = []
    if "unit" in kinds:
        found += [unit for unit in state.units.values() if unit.controller == pend.controller
                  and not (wanted.get("other") and unit.id == pend.source)]
    if "gear" in kinds:
        found += [ref for ref, seen in filters.board_gear(state) if seen.controller == pend.controller
                  and not (wanted.get("other") and ref.gear_id == pend.source)]
    return found


def _kill_to_pay(state: GameState, log: Log, pend: Pending, count: int, found: list, label: str) -> list:
    """204.3.a — the objects the cost kills: the controller's choice (a question without defaults), else the first that
    fit (a default, marked when there was a choice).  Returned for ``flush``'s caller to kill (a board action)."""
    names = [obj.id for obj in found]
    chosen = found[:count]
    if len(found) > count and not state.defaults:
        answer = answer_to(state, Question(
            "cost_object", pend.controller, label, f"{pend.controller} 摧毁哪 {count} 个物体支付{label}的费用",
            tuple(combinations(names, count)), "choose: [名, ……]", "cost_to_finalize",
        ))
        chosen = [obj for obj, name in zip(found, names, strict=True) if name in answer]
    said = "、".join(name for obj, name in zip(found, names, strict=True) if obj in chosen)
    log.add(f"{label}：{pend.controller} 摧毁 {said} 支付它的费用" + ("（引擎选择最先符合的）" if len(found) > count and
                                                              state.defaults else ""),
            "cost_to_finalize", default=len(found) > count and state.defaults)
    return chosen
def _banishable(state: GameState, player: str, whose: str) -> list:
    """The cards a “banish a card from any trash / your trash” cost may take: (owner, card), each trash oldest first."""
    players = [player] if whose == "you" else list(state.players)
    return [(owner, card) for owner in players for card in state.players[owner].trash]


def _banish_for_cost(state: GameState, log: Log, player: str, banishable: list, label: str) -> None:
    """427 — the card the controller picks (``choose: [牌名]``; by default the first: the oldest of the first trash)
    goes from its owner's trash to their banishment as the cost is paid."""
    options = tuple((name,) for name in dict.fromkeys(card.name for _, card in banishable))
    noted = len(state.defaulted)
    pick = answer_or_default(state, Question(  # with defaults the first; a choose right after the step may name another
        "banish_for_cost", player, label, f"{player} 为{label}的费用从废牌堆放逐哪一张牌", options, "choose: [牌名]", "banish",
    ), options[0])
    owner, card = next(((o, c) for o, c in banishable if c.name == pick[0]), banishable[0])
    state.players[owner].trash.remove(card)
    state.players[owner].banishment.append(card)
    log.add(f"{label}：{player} 将 {owner} 废牌堆中的 {card.name} 放逐，支付其费用", "banish", "cost_to_finalize",
            default=len(state.defaulted) > noted)


def _card_in_trash(state: GameState, source: str):
    """(its owner, the card) when the source is a card in a trash (a Deathknell's unit after it died), else None."""
    return next(((player, card) for player in state.players.values() for card in player.trash if card.id == source), None)


def recycle_own_card(state: GameState, log: Log, items: list[ChainItem], card) -> None:
    """204.3.a — “Deathknell — recycle me to …”: the dead unit's *card*, just put into its owner's trash, recycled to the
    bottom of their main deck (416.1.a) to finalize its triggers that cost it; with no card there (a token ceased, 428.3.b)
    or the cost declined, they leave the chain (203.3)."""
    for item in items:
        ability = ability_of(state, item)
        if ability is None or ability.cost is None or not ability.cost.recycle_self:
            continue
        if card is None or card not in state.players[card.owner].trash:
            log.add(f"{item.label}的费用（回收此牌）无法支付：此牌不在废牌堆中，从结算链移除", "cost_impossible")
        elif answer_or_default(state, Question(  # with defaults paid; a choose right after the step may decline it
            "trigger_cost", item.controller, item.label, f"{item.controller} 是否支付{item.label}的费用（回收此牌）",
            (("是",), ("否",)), "choose: true|false", "cost_to_finalize",
        ), ("是",)) == ("否",):
            log.add(f"{item.label}：{item.controller} 选择不支付它的费用（回收此牌）：从结算链移除", "cost_to_finalize")
        else:
            state.players[card.owner].trash.remove(card)
            events.recycled_to_deck(state, card.owner, [card])
            log.add(f"{item.label}：控制者支付了它的费用（回收此牌：{card.name} 置于主牌堆底）", "cost_to_finalize", "recycle_cards")
            continue
        state.chain.remove(item)


def _log_blocked(state: GameState, log: Log, pend: Pending) -> None:
    label = ability_label(_source_name(state, pend), pend.ability)
    if pend.blocked == "limit":
        log.add(f"{label}本回合已执行过，不再触发", "trigger_once")
        return
    if pend.blocked == NO_ONE:
        log.add(f"{pend.source} 无人控制：其能力中的“你”不指代任何人，{label}不触发", "battlefield_you_no_one")
        return
    log.add(f"{label}的条件（{CONDITION_NAMES[pend.blocked]}）不满足，不触发", "trigger_if")


CONDITION_RULES = {"in_combat": "in_combat", "alone": "death_noted", "paid_additional_cost": "optional_cost_paid", "turn": "turn_player",
                   "played_nth": "played_on_resolution"}  # conditions whose meaning a rule defines, cited when they hold
CONDITION_NAMES = {
    "alone": "独自阵亡", "mighty": "强力", "legion": "鼓舞", "at_battlefield": "位于战场", "min_points": "分数",
    "in_combat": "在战斗中", "first_played": "本回合打出的首张牌", "played_this_turn": "本回合打出过",
    "open_battlefield": "征服的是开放的战场", "first_turn": "这是该玩家的第一个回合", "empowered": "已强化", "level": "等级（经验）",
    "paid_additional_cost": "打出时支付了可选额外费用",
    "controls": "你控制着所需数量的符合条件的单位", "count": "场上有所需数量的符合条件的单位",
    "opponent_to_win": "对手距离胜利分数足够近", "buffed": filters.CONDITION_NAMES["buffed"],
    "in_showdown": filters.CONDITION_NAMES["in_showdown"], "not": "并非其中的条件", "any": "其中任一组条件",
    **{key: name for key, (_, name) in filters.PLAYER_NUMBERS.items()}, "killed_this_turn": "本回合有单位被摧毁", "discarded_this_turn": "本回合有人弃过牌", "gained_xp_this_turn": "本回合有人获得过经验", "your_phase": "现在是你的某阶段", "turn": "现在是所需玩家的回合", "damaged_this_turn": filters.CONDITION_NAMES["damaged_this_turn"], "controls_empowered": filters.CONDITION_NAMES["controls_empowered"],
    "channel_short": filters.CONDITION_NAMES["channel_short"], "in_trash": filters.CONDITION_NAMES["in_trash"], "attacking": filters.CONDITION_NAMES["attacking"], "defending": filters.CONDITION_NAMES["defending"],
    "played_nth": "这是你本回合打出的第 N 张牌", "spent_on_spell": "本回合为一个法术花费的能量",
    "controls_this_battlefield": filters.CONDITION_NAMES["controls_this_battlefield"], "spent_on_it": "为打出这张牌支付的能量",
    "tags_among": "你的单位合计具有所需的属性", "might_total": filters.CONDITION_NAMES["might_total"],
    "champion_zone_empty": "你的英雄区域为空", "chose_this_turn": "本回合选择过所需一方的单位",
}


def activate_conquer(state: GameState, log: Log, controller: str, battlefield: str) -> None:
    """383.4.g.1 — “activate the conquer effects of units here”: each one's condition is checked as if its
    unit had conquered here; the other parts of the condition must still hold (an activation is no conquest
    of an open battlefield)."""
    event = GameEvent("conquered", controller, battlefield)
    found = 0
    for unit in state.units_at(battlefield):
        watcher = Watcher(unit.id, state.card(unit.card), unit.controller, unit.location, "battlefield")
        for ability in watcher.card.abilities:
            if ability.kind == "triggered" and ability.trigger.event == "conquered" and matches(state, watcher, ability, event):
                state.pending_triggers.append(trigger_pending(state, watcher, ability, event))
                found += 1
    log.add(f"激活 {battlefield} 处单位的征服效果：视为征服部分已满足，检查其余条件（{found} 个征服效果）", "activate_named")


def own_death(state: GameState, log: Log, unit: Unit, rule: str) -> list[ChainItem]:
    """323.4, 428.1.a.1.b — "when I die" abilities go on the chain before the unit leaves the board."""
    card = state.card(unit.card)
    watcher = Watcher(unit.id, card, unit.controller, unit.location, "base" if is_base(unit.location) else "battlefield")
    items = []
    for ability in card.abilities:
        if ability.kind == "triggered" and ability.trigger.event == "killed" and ability.trigger.subject == "self":
            label = f"{unit.id} 的绝念" if ability.name == "deathknell" else ability_label(unit.id, ability.name)
            blocked = failed_condition(state, watcher, ability)  # as it is now, as it dies (383.2.a.1)
            if blocked:
                noted = [CONDITION_RULES[blocked]] if blocked in CONDITION_RULES else []
                log.add(f"{label}的条件（{CONDITION_NAMES[blocked]}）在它阵亡时不满足，不触发", "trigger_if", rule, *noted)
                continue
            held = [CONDITION_RULES[part] for part, _ in ability.condition if part in CONDITION_RULES]
            extra = extra_triggers(state, unit.controller, EXTRA_TRIGGERS["killed"]) if ability.name == "deathknell" else []
            for source in ["", *extra]:  # “你的所有绝念效果额外触发一次”: once more for each such unit
                item = ChainItem(unit.id, unit.card, unit.controller, effects_of(ability), label, unit.location,
                                 finalized=False, ability=ability.name, last_known=replace(unit))
                again = f"（{source} 使其额外触发一次）" if source else ""
                log.add(f"{label}触发{again}，作为待定项加入结算链（记下它在 {location_name(unit.location)}）", "deathknell",
                        rule, *held)
                item = choose_targets_on_chain(state, log, item, ability.target)  # while the unit is still there
                if item is not None:
                    state.chain.append(item)
                    items.append(item)
    return items


def group_deaths(state: GameState, log: Log, owns: dict[str, list[ChainItem]]) -> dict[str, list[ChainItem]]:
    """383.3.d — the death triggers of units dying at once are simultaneous: each player's several are theirs to order,
    one group each (asked without defaults; with them left in the order the units died, a default).  *owns*: each
    dying unit's triggers on the chain; returned with the items as they now are."""
    items = [item for own in owns.values() for item in own if item in state.chain]
    for player in dict.fromkeys(item.controller for item in items):
        group = [item for item in items if item.controller == player]
        labels = [item.label for item in group]
        if len(group) < 2 or len(set(labels)) < len(labels) or any(item.batch for item in group):
            continue  # one alone, or several alike (no order to tell apart), or grouped already
        batch = state.tick()
        grouped = {id(item): replace(item, batch=batch) for item in group}
        state.chain[:] = [grouped.get(id(item), item) for item in state.chain]
        owns = {unit: [grouped.get(id(item), item) for item in own] for unit, own in owns.items()}
        log.add(f"{player} 的 {len(group)} 个死亡触发同时触发：{player} 排列它们加入结算链的顺序（现为阵亡顺序）",
                "trigger_own_order", default=state.defaults)
    return owns


def effects_of(ability: Ability) -> list[dict]:
    """The ability's effects, with its duration given to every might change and keyword grant that names none."""
    if not ability.duration:
        return list(ability.effects)
    return [_lasting(effect, ability.duration) for effect in ability.effects]


def _lasting(effect: dict, duration: str) -> dict:
    if "might" in effect:
        param = effect["might"]
        param = {"amount": param} if isinstance(param, int) else param
        return {"might": {"until": duration, **param}}
    if "grant" in effect:
        return {"grant": {"until": duration, **effect["grant"]}}
    return effect


def reflex(state: GameState, log: Log, item: ChainItem, happened: list[GameEvent]) -> None:
    """388.1 — when an ability with a reflexive trigger has resolved, the reflexive ability goes on the chain."""
    ability = ability_of(state, item)
    if ability is not None and ability.reflexive_by_type:
        _reflex_by_type(state, log, item, ability, happened)
    if ability is None or not ability.reflexive:
        return
    label = f"{ability_label(item.source, item.ability)}的反身触发"
    state.pending_triggers.append(  # set off last of this resolution: it goes on above what its maker triggered (flush)
        ChainItem(item.source, item.card, item.controller, list(ability.reflexive), label, item.location,
                  finalized=False)  # no ability name: the reflexive ability has no reflexive trigger of its own
    )
    log.add(f"{label}加入结算链，成为待定项", "reflexive")


def finalize_reflexive(state: GameState, log: Log) -> None:
    """354.3, 355.5.b, 337.1 — once the item that made them has resolved, the reflexive triggers that choose their own
    targets choose them, the oldest first; one with no legal target leaves the chain (355.8)."""
    unchosen = [item for item in state.chain if item.own_target is not None and not item.targets
                and item.target_options is None and item.question is None]
    for item in unchosen:
        log.add(f"{item.label}确定：现在选择它自己的目标", "play_trigger", "pending_while_resolving")
        chosen = choose_targets_on_chain(state, log, item, item.own_target)
        at = next(index for index, on_chain in enumerate(state.chain) if on_chain is item)
        if chosen is None:
            del state.chain[at]
        else:
            state.chain[at] = chosen


def _reflex_by_type(state: GameState, log: Log, item: ChainItem, ability: Ability, happened: list[GameEvent]) -> None:
    """387.1.b, 388.2 — “then, by the discarded card's type”: one reflexive trigger for each type the card has (178).

    They go on the chain together; their controller may order them (383.3.d).
    """
    names = {card.id: card.name for player in state.players.values() for card in player.trash}  # discarded: by card id
    discarded = [state.cards[names[e.subject]] for e in happened if e.kind == "discarded" and e.subject in names]
    types = {kind for card in discarded for kind in card.types}
    todo = [(kind, effects) for kind, effects in ability.reflexive_by_type if kind in types]
    if not todo:
        log.add(f"{ability_label(item.source, item.ability)}：被弃置的牌没有所列的类型，没有内嵌式触发", "reflexive_by_type")
        return
    batch = state.tick() if len(todo) > 1 else 0
    for kind, effects in todo:
        label = f"{ability_label(item.source, item.ability)}的内嵌式触发（{filters.TYPE_NAMES.get(kind, kind)}）"
        state.pending_triggers.append(ChainItem(item.source, item.card, item.controller, list(effects), label,
                                                item.location, finalized=False, batch=batch))
        log.add(f"被弃置的牌是{filters.TYPE_NAMES.get(kind, kind)}：{label}加入结算链", "reflexive_by_type", "reflexive",
                *(("card_types", "trigger_own_order") if batch else ()), default=bool(batch) and state.defaults)


def unordered(state: GameState) -> list[list[ChainItem]]:
    """Every group of triggers one player put on the chain together and has not ordered yet, oldest first: the turn
    player's below the next player's (383.3.d.1)."""
    groups: dict[int, list[ChainItem]] = {}
    for item in state.chain:
        if item.batch:
            groups.setdefault(item.batch, []).append(item)
    return list(groups.values())


def orderable(state: GameState, player: str | None = None) -> list[ChainItem]:
    """The group of simultaneous triggers to order now: *player*'s newest, or without *player* the oldest of all —
    starting with the turn player, each player orders theirs in turn (383.3.d.1)."""
    groups = unordered(state)
    if player is not None:
        groups = [group for group in groups if group[0].controller == player][-1:]
    return groups[0] if groups else []


def reorder(state: GameState, log: Log, player: str, labels: tuple[str, ...]) -> None:
    """383.3.d — the controller chooses the order of their simultaneous triggers: the first named goes on first, in the
    place the group has on the chain."""
    items = orderable(state, player)
    if not items:
        illegal(f"{player} 没有可排序的同时触发的能力", "trigger_own_order")
    by_label = {item.label: item for item in items}
    if sorted(labels) != sorted(by_label):
        illegal(f"须按顺序列出全部同时触发的能力：{'、'.join(by_label)}", "trigger_own_order")
    at = state.chain.index(items[0])
    state.chain[at:at + len(items)] = [replace(by_label[label], batch=0) for label in labels]
    log.add(f"{player} 选择放入结算链的顺序：{' → '.join(labels)}（最后一个最先结算）", "trigger_own_order",
            *(("trigger_turn_order",) if at + len(items) < len(state.chain) else ()))


# A triggered ability's targets: chosen as it goes on the chain, checked again as it resolves.
#
# A triggered ability is put on the chain like an activated one (383.3): its targets are chosen then
# (355.5.b, 355.8), not when it resolves.  Until the script states that choice, the engine takes the
# first legal targets, marked as a default; a script may still name them, but only from the units
# that were legal as the ability went on the chain.  As it resolves, each target is checked again
# and one no longer legal is unaffected (359.3.e.5).


def item_context(state: GameState, item: ChainItem, by_spell: bool = False) -> targeting.Context:
    """Who chooses and resolves *item*, an ability, from where: the same at chain entry and at resolution."""
    on_board = (state.units, state.legends, state.gear)  # a unit's, a legend's or a gear's ability (its own statuses)
    source_unit = item.source if any(item.source in objects for objects in on_board) else None
    return targeting.Context(
        item.label, item.controller, item.location, source_unit, item.origin, by_spell=by_spell,
        source_card=None if source_unit or item.source in state.battlefields else item.source, ability=True,
        event_subject=item.event_subject, created=item.created, chain_item=item, paid_additional=item.paid_additional,
    )


def choose_targets_on_chain(state: GameState, log: Log, item: ChainItem, spec: TargetSpec | None) -> ChainItem | None:
    """355.5.b, 383.3 — the first legal targets, chosen as *item* goes on the chain (a default the script may state).

    None: it needs a target and none is legal now, so it cannot go on the chain (355.8) — a unit that
    becomes legal later (one still pending on the chain) does not count.
    """
    if spec is not None and spec.kind == "gear" and not item.targets:
        return _choose_gear(state, log, item, spec)
    if spec is not None and spec.kind in (OBJECTS, UNIT_OR_GEAR) and not item.targets:
        return _choose_objects(state, log, item, spec)
    if spec is None or spec.kind != "unit" or item.targets or not targeting.needs_targets(item.effects):
        return item
    if spec.parts:
        return _choose_parts(state, log, item, spec)
    if spec.count is None and not spec.up_to:  # “all units here”: picked as it resolves, not targeted (355.10.d)
        return item
    legal = [unit.id for unit in targeting.legal_targets(state, item_context(state, item), spec)]
    if not legal and not spec.up_to:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}，无一满足目标限制）：无法确定，离开结算链",
                "valid_targets", "target_restrictions", "trigger_targets")
        return None
    answers = targeting.target_answers(state, spec, tuple(legal))
    if len(answers) > 1 and not state.defaults:
        return _ask_targets(log, item, spec, tuple(legal), answers)
    if spec.same_location and legal:  # all at one location: those where the first legal one is
        legal = [name for name in legal if state.units[name].location == state.units[legal[0]].location]
    legal = targeting.within_group(state, spec, legal)
    chosen = tuple(_one_per_location(state, legal) if spec.per_location else legal)[: spec.count]
    log.add(f"{item.label}加入结算链时选择目标：{'、'.join(chosen)}{_how_chosen(state)}",
            "trigger_targets", "valid_targets", default=state.defaults)
    if not _deflect_paid(state, log, item, chosen):
        return None
    return replace(item, targets=(chosen,), target_options=tuple(legal), targets_default=state.defaults,
                   target_places=_places(state, chosen))


def _choose_parts(state: GameState, log: Log, item: ChainItem, spec: TargetSpec) -> ChainItem | None:
    """355.5 — several target specs (“another friendly unit and an enemy unit”): each chooses its own, in order, as the
    trigger goes on the chain; the first legal ones (a default) or, without defaults, a question of every choice."""
    ctx = item_context(state, item)
    answers = tuple(targeting.part_answers(state, ctx, spec))
    if not answers:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}，无一满足目标限制）：无法确定，离开结算链",
                "valid_targets", "target_restrictions", "trigger_targets")
        return None
    legal = tuple(dict.fromkeys(name for answer in answers for name in answer))
    if len(answers) > 1 and not state.defaults:
        return _ask_targets(log, item, spec, legal, answers)
    chosen = tuple(unit.id for unit in targeting.default_targets(state, ctx, spec))
    log.add(f"{item.label}加入结算链时按组选择目标：{'、'.join(chosen)}{_how_chosen(state)}",
            "trigger_targets", "valid_targets", "separate_instructions", default=state.defaults)
    if not _deflect_paid(state, log, item, chosen):
        return None
    return replace(item, targets=(chosen,), target_options=legal, targets_default=state.defaults,
                   target_places=_places(state, chosen))


def _how_chosen(state: GameState) -> str:
    """How the engine came by the targets it chose: the only answer there was, or its default."""
    return "（唯一的选择）" if not state.defaults else "（脚本未指定，按顺序取有效目标）"


def _ask_targets(log: Log, item: ChainItem, spec: TargetSpec, legal: tuple[str, ...], answers) -> ChainItem:
    """383.3 — the trigger waits on the chain for its controller to choose its targets: a question the script answers."""
    what = f"{item.controller} 为 {item.label}选择目标（{spec.describe()}）"
    log.add(f"{item.label}加入结算链：等待 {item.controller} 选择目标（{spec.describe()}，可选 {len(answers)} 种）",
            "trigger_targets", "valid_targets", *(("up_to_zero",) if () in answers else ()))
    asked = Question("targets", item.controller, item.label, what, answers, rule="trigger_targets")
    return replace(item, targets=(), target_options=legal, question=asked)


def answer_targets(state: GameState, log: Log, item: ChainItem, chosen: tuple[str, ...]) -> ChainItem | None:
    """383.3, 355.5 — the controller answers the question of *item*'s targets with one of its options.

    An enemy target's Deflect is paid now (809.1.d); None: it cannot be, and the trigger leaves the chain.
    """
    question = item.question
    if not question.offers(chosen):
        illegal(f"{'、'.join(chosen) or '无'} 不是“{question.what}”的合法选择（可选：{question.shown()}）", "trigger_targets")
    log.add(f"{item.controller} 为 {item.label}选择目标：{'、'.join(chosen) or '无（至多，选择 0 个）'}", "trigger_targets",
            "valid_targets", *(("up_to_zero",) if not chosen else ()))
    if not _deflect_paid(state, log, item, chosen):
        return None
    ability = ability_of(state, item)
    gear = ability is not None and ability.target is not None and ability.target.kind in ("gear", OBJECTS, UNIT_OR_GEAR)
    places = tuple(chosen) if gear else _places(state, chosen)
    return replace(item, targets=(chosen,), question=None, targets_default=False, target_places=places)


def _choose_gear(state: GameState, log: Log, item: ChainItem, spec: TargetSpec) -> ChainItem | None:
    """355.5, 355.8 — a trigger that chooses gear: the first legal ones (a default); “up to” may choose none."""
    view = filters.View(item.controller, item.source, item.source if item.source in state.units else None, item.location)
    refs = targeting.gear_options(state, item.controller, spec.who, spec.only, view)
    legal = tuple(targeting.gear_named(ref) for ref in refs)
    if not legal and not spec.up_to:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}，无一满足目标限制）：无法确定，离开结算链",
                "valid_targets", "target_restrictions", "trigger_targets")
        return None
    tokens = [targeting.gear_named(ref) for ref in refs if state.card(ref.name).is_token]
    if tokens and spec.only and "cost" in spec.only:
        log.add(f"{'、'.join(tokens)} 是指示物：没有费用，按费用 0 比较", "token_cost_zero")
    answers = targeting.target_answers(state, spec, legal)
    if len(answers) > 1 and not state.defaults:
        return _ask_targets(log, item, spec, legal, answers)
    chosen = legal[: spec.count]
    log.add(
        f"{item.label}加入结算链时选择目标：{'、'.join(chosen) or '无（至多，选择 0 件）'}{_how_chosen(state)}",
        "trigger_targets", "valid_targets", *(("up_to_zero",) if not chosen else ()), default=state.defaults,
    )
    return replace(item, targets=(chosen,), target_options=legal, targets_default=state.defaults, target_places=chosen)


def _choose_objects(state: GameState, log: Log, item: ChainItem, spec: TargetSpec) -> ChainItem | None:
    """355.5.b, 355.8 — a trigger that chooses among objects of several kinds (units, gear, runes, legends: “ready
    something else that's exhausted”, 123): the first legal ones (a default), or the controller's question; “up to”
    may choose none."""
    legal = tuple(targeting.name_of(obj) for obj in targeting.legal_objects(state, item_context(state, item), spec))
    if not legal and not spec.up_to:
        log.add(f"{item.label}没有有效目标（须为{spec.describe()}，无一满足目标限制）：无法确定，离开结算链",
                "valid_targets", "target_restrictions", "trigger_targets")
        return None
    answers = targeting.target_answers(state, spec, legal)
    if len(answers) > 1 and not state.defaults:
        return _ask_targets(log, item, spec, legal, answers)
    chosen = legal[: spec.count]
    log.add(f"{item.label}加入结算链时选择目标：{'、'.join(chosen) or '无（至多，选择 0 个）'}{_how_chosen(state)}",
            "trigger_targets", "valid_targets", "objects_chosen", *(("up_to_zero",) if not chosen else ()), default=state.defaults)
    return replace(item, targets=(chosen,), target_options=legal, targets_default=state.defaults, target_places=chosen)


def chosen_objects(state: GameState, log: Log, ctx: targeting.Context, item: ChainItem, spec: TargetSpec,
                   named: tuple[str, ...] | None) -> list:
    """359.3.e — what a trigger choosing objects of several kinds chose as it went on the chain (or, stated by the script
    now, one of the choices it had then), as it resolves: one no longer legal is unaffected."""
    if named is not None:
        if not set(named) <= set(item.target_options or ()) or len(named) > (spec.count or len(named)) or \
                (not named and not spec.up_to) or (spec.count is not None and not spec.up_to and len(named) != spec.count):
            illegal(f"{'、'.join(named) or '无'} 不是 {item.label}加入结算链时可以选择的目标"
                    f"（可选：{'、'.join(item.target_options or ()) or '无'}）", "trigger_targets")
        return targeting.still_legal(state, log, ctx, spec, named)
    return targeting.still_legal(state, log, ctx, spec, item.targets[0] if item.targets else ())


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
    asked = Question(
        "trigger_cost", item.controller, item.label,
        f"{item.controller} 是否为{item.label}支付目标的法盾费用（{cost.describe()}）；不付则它离开结算链",
        (("是",), ("否",)), "choose: true|false", "trigger_cost_declined",
    )
    defaulted = state.defaults and asked not in [question for question, _ in state.answers]
    if answer_or_default(state, asked, ("是",)) == ("否",):
        log.add(f"{item.label}：{item.controller} 拒绝支付目标的法盾费用（{cost.describe()}）：它不再是待定项，离开结算链，"
                "不算被无效化", "deflect_on_abilities", "trigger_cost_declined", "declined_not_countered")
        return False
    log.add(f"{item.label}：目标的法盾是它的强制额外费用，{item.controller} 选择支付", "deflect_on_abilities",
            "trigger_cost_declined", default=defaulted)
    events.pay(state, log, item.controller, cost, item.label)
    return True


def stated_targets(state: GameState, log: Log, item: ChainItem, spec: TargetSpec, named: list[Unit]) -> ChainItem:
    """The script states the choice made as *item* went on the chain: only units legal then may be named."""
    late = [unit.id for unit in named if unit.id not in item.target_options]
    if late:
        illegal(
            f"{'、'.join(late)} 在 {item.label} 加入结算链时不是有效目标（当时可选：{'、'.join(item.target_options)}）",
            "trigger_targets",
        )
    targeting.check_targets(state, item_context(state, item), spec, named)
    ids = tuple(unit.id for unit in named)
    log.add(f"{item.label}的目标（加入结算链时所选）：{'、'.join(ids)}", "trigger_targets")
    return replace(item, targets=(ids,), targets_default=False, target_places=_places(state, ids))


def targets_still_legal(state: GameState, log: Log, ctx: targeting.Context, item: ChainItem, spec: TargetSpec) -> list[Unit]:
    """359.3.e — the chosen targets as the ability resolves: one that left the board or broke a restriction is lost."""
    chosen = item.targets[0]
    groups = zip(spec.parts, targeting.split(spec, list(chosen)), strict=True) if spec.parts else [(spec, chosen)]
    pairs = [(part, name) for part, group in groups for name in group]  # several specs: each its own (355.5)
    kept = [
        state.units[name] for index, (part, name) in enumerate(pairs)
        if name in state.units and targeting.restriction_broken(state, ctx, part, state.units[name]) is None
        and not (part.per_location and state.units[name].location != item.target_places[index])
    ]
    lost = [name for name in chosen if name not in {unit.id for unit in kept}]
    bound = ("target_restrictions",) if spec.per_location else ()  # each bound to its location as chosen (355.9.b)
    if lost and not kept:
        log.add(f"{item.label}的目标 {'、'.join(lost)} 都已不合法：选择这些目标的指令不执行", "target_illegal", "all_targets_illegal", *bound)
    elif lost:
        log.add(f"{item.label}的目标 {'、'.join(lost)} 已不合法，不受影响；其余目标照常", "target_illegal", "some_targets_illegal", *bound)
    return kept
