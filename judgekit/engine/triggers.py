"""Triggered abilities (382–392): abilities watching game events, pending until put on the chain.

Every event passes through ``events.happen``, which hands it to ``collect``: the
triggered abilities of objects in the zones where they work (384–385) and the
turn's delayed triggers (390.2) whose trigger matches the event trigger, with
their condition checked then (383.2.a.1, 383.2.c) and their "once each turn" or
"once each combat" limit (383.3.e).  Their information — the event, the source's
location, the event's unit for ``event_subject`` targets — is locked in as they
trigger.  ``flush`` puts the pending triggers on the chain at the next moment
the rules allow, starting with the turn player and going on in turn order
(383.3.d.1); a player's own simultaneous triggers go in the order they
triggered, marked as a default, until the player orders them (``reorder``,
383.3.d).  A reflexive trigger follows the ability that made it (388.1).

A unit's own death is the exception the rules make: Deathknell triggers before
the unit leaves (323.4, 428.1.a.1.b), so ``own_death`` puts it on the chain at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby

from judgekit.engine import empower, events, playedcheck, trigger_targets
from judgekit.engine.cards import (
    KEYWORD_ABILITIES,
    Ability,
    AbilityCost,
    CardDef,
    Trigger,
    ability_from_data,
    ability_label,
)
from judgekit.engine.errors import illegal
from judgekit.engine.layers import copying_gear, is_mighty, keywords, watch_might
from judgekit.engine.state import ChainItem, GameEvent, GameState, Unit, is_base, location_name
from judgekit.engine.trace import Log

SCORING = ("conquered", "held")  # a unit conquers or holds where it is, with its controller
USED = "ability_used"  # the turn's record of a limited ability performing (383.3.e.1)
COMBAT_BEGAN = "combat_began"
NO_ONE = "no_one"  # a blocked trigger's reason: an uncontrolled battlefield's “you” (190.6.d)

# The trace's rule for each named kind of trigger; typed triggers cite 383.2.c.
TRIGGER_RULES = {
    "play": "play_trigger",
    "attack": "combat_chain",
    "defend": "combat_chain",
    "conquer": "score_triggers",
    "hold": "score_triggers",
    "vision": "vision",
}


@dataclass(frozen=True)
class Pending:
    """A triggered ability waiting to be put on the chain, with what it locked in when it triggered."""

    source: str
    card: str
    controller: str
    ability: str
    location: str | None
    event: GameEvent
    blocked: str = ""  # why it did not trigger after all: the rule key of the failed condition


@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability (390.2): made by an effect, active for the rest of the turn it was made in."""

    ability: Ability
    controller: str  # the controller of what made it (the FAQ: the spell's controller)
    source: str  # what made it, as the trace names it
    turn: int
    from_spell: bool = False  # a spell made it: kills it performs are the spell's too (428.5.d)
    location: str | None = None  # “this battlefield”: where its maker was, locked in as it was made (359.3.f.3.b)
    once: bool = False  # it lasts until it triggers once (“at the start of your next main phase”), not the turn
    spent: bool = False  # a ``once`` ability that has triggered
    subject: str | None = None  # the one unit whose events it watches (“the next time it …”), or any


@dataclass(frozen=True)
class Watcher:
    """An object whose triggered abilities may see an event: where it is and who controls them."""

    source: str
    card: CardDef | None  # None for a delayed ability, which belongs to no object (392)
    controller: str
    location: str | None
    zone: str


def collect(state: GameState, event: GameEvent) -> None:
    """383.2.c — after an event, every matching triggered ability of an object where it works triggers."""
    for watcher in _watchers(state, event):
        for ability in _abilities(state, watcher, event):
            if ability.kind != "triggered":
                continue
            if _you_is_no_one(state, watcher, ability, event):
                pend = Pending(watcher.source, watcher.card.name, watcher.controller, ability.name, watcher.location, event)
                state.pending_triggers.append(replace(pend, blocked=NO_ONE))
            elif _matches(state, watcher, ability, event):
                state.pending_triggers.append(_pending(state, watcher, ability, event))
    for delayed in _active_delayed(state):
        watcher = Watcher(delayed.source, None, delayed.controller, None, "board")
        bound = delayed.subject is None or event.subject == delayed.subject  # “it”: the unit the effect chose
        if bound and _matches(state, watcher, delayed.ability, event) and not _limit_reached(state, watcher, delayed.ability):
            if delayed.ability.limit:  # “the next time”: once
                _mark_used(state, delayed.controller, delayed.source, delayed.ability.name)
            pend = Pending(delayed.source, "", delayed.controller, delayed.ability.name, delayed.location, event)
            state.pending_triggers.append(pend)
            if delayed.once:
                state.delayed[state.delayed.index(delayed)] = replace(delayed, spent=True)


def _abilities(state: GameState, watcher: Watcher, event: GameEvent) -> tuple[Ability, ...]:
    """The watcher's card's abilities, plus those of keywords a unit gained (817.1.b: Vision it was given),
    plus the triggered abilities of its text that attached gear copied (434.1.c) — a copy made as that gear
    was attached is appended after the attach, so it does not see that event (370.1.b.1)."""
    unit = state.units.get(watcher.source)
    if unit is None:
        return watcher.card.abilities
    names = {ability.name for ability in watcher.card.abilities}
    gained = [KEYWORD_ABILITIES[k] for k in keywords(state, unit) if k in KEYWORD_ABILITIES and KEYWORD_ABILITIES[k].name not in names]
    copies = [
        ability
        for gear in copying_gear(state, unit)
        if not (event.kind == "attached" and event.cause == gear)
        for ability in watcher.card.abilities
    ]
    return watcher.card.abilities + tuple(gained) + tuple(copies)


def _gained(state: GameState, pend: Pending) -> bool:
    """The ability comes from a keyword its unit was given, not printed on its card."""
    card = state.cards.get(pend.card)
    return card is not None and card.ability(pend.ability) is None and any(a.name == pend.ability for a in KEYWORD_ABILITIES.values())


def _active_delayed(state: GameState) -> list[Delayed]:
    """391 — a delayed ability is active only in its window: the turn it was made in, or until it triggers once."""
    state.delayed = [d for d in state.delayed if d.turn == state.turn or d.once]
    return [d for d in state.delayed if not d.spent]


def make_delayed(
    state: GameState, log: Log, source: str, controller: str, entry: dict, from_spell: bool = False,
    location: str | None = None, subject: str | None = None,
) -> None:
    """390.2, 392 — an effect makes a delayed trigger; it works whether or not its maker is still around.

    ``once: true`` — it waits, past this turn if need be, for the one time it triggers; the location of
    its maker is locked in with it (“this battlefield”, 359.3.f.3.a–b).  *subject*: the one unit whose
    events it watches (“the next time it …”).
    """
    name = f"延迟触发#{state.tick()}"
    once = bool(entry.get("once"))
    ability = ability_from_data({**{k: v for k, v in entry.items() if k != "once"}, "name": name}, 0)
    state.delayed.append(Delayed(ability, controller, source, state.turn, from_spell, location, once, subject=subject))
    what = f"{subject} 下一次{ability.trigger.describe()}" if subject else ability.trigger.describe()
    when = f"下一次{ability.trigger.describe()}" if once else f"本回合{what}"
    where = f"；“此战场”记为 {location_name(location)}" if once and location else ""
    rules = ("delayed_info_locked",) if where else ()
    log.add(f"{source}：生成延迟触发能力“{when}”，由 {controller} 控制{where}", "delayed", "delayed_controller", *rules)


def ability_of(state: GameState, item: ChainItem) -> Ability | None:
    """The ability a triggered chain item comes from: its card's, or a delayed ability's."""
    if not item.ability:
        return None
    if item.card in state.cards:
        gained = next((a for a in KEYWORD_ABILITIES.values() if a.name == item.ability), None)
        return state.card(item.card).ability(item.ability) or gained
    return next((d.ability for d in state.delayed if d.ability.name == item.ability), None)


def made_by_spell(state: GameState, item: ChainItem) -> bool:
    """428.5.d — a triggered item whose delayed ability a spell made: what it does is the spell's doing too."""
    return any(d.ability.name == item.ability and d.from_spell for d in state.delayed)


def _watchers(state: GameState, event: GameEvent) -> list[Watcher]:
    """Units and unattached gear on the board, battlefields (their abilities are the scoring player's), cards in
    hands and trashes."""
    units = [
        Watcher(u.id, state.card(u.card), u.controller, u.location, "base" if is_base(u.location) else "battlefield")
        for u in state.units.values()
    ]
    fields = [
        Watcher(bf.name, state.card(bf.card), _battlefield_controller(state, bf.controller, event), bf.name, "battlefield")
        for bf in state.battlefields.values()
        if bf.card
    ]
    cards = [  # a stand-in card of a scenario (an unnamed deck card) has no definition, so no abilities
        Watcher(card.id, state.cards[card.name], player.id, None, zone)
        for player in state.players.values()
        for zone, pile in (("hand", player.hand), ("trash", player.trash))
        for card in pile
        if card.name in state.cards and state.cards[card.name].abilities
    ]
    legends = [
        Watcher(legend.id, state.card(legend.card), legend.controller, None, "legend")
        for legend in state.legends.values()
    ]
    gear = [  # unattached gear; an attached one's printed text is inactive (718.2)
        Watcher(g.id, state.card(g.card), g.controller, g.location, "base" if is_base(g.location) else "battlefield")
        for g in state.gear.values()
    ]
    return units + fields + cards + legends + gear


def _battlefield_controller(state: GameState, controller: str | None, event: GameEvent) -> str:
    """Who puts a battlefield's ability on the chain: the scoring player for conquer and hold (they control
    it as they score), else its controller (190.6.a), else the turn player (190.6.b)."""
    if event.kind in SCORING:
        return event.player
    return controller or state.turn_player


def _you_is_no_one(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> bool:
    """190.6.d — an uncontrolled battlefield's “you” is no one: a trigger about “you” or “friendly” can't be met.

    True when the event would otherwise have triggered it, so the trace can say why it did not.
    """
    bf = state.battlefields.get(watcher.source)
    if bf is None or bf.controller or event.kind in SCORING or ability.chooser:
        return False
    trigger = ability.trigger
    if trigger.player != "you" and trigger.subject not in ("friendly", "enemy"):
        return False
    anyone = replace(ability, trigger=replace(trigger, player="any", subject="any"))
    return _matches(state, watcher, anyone, event)


def _battlefield_rules(state: GameState, pend: Pending, ability: Ability) -> list[str]:
    bf = state.battlefields.get(pend.source)
    if bf is None or pend.event.kind in SCORING:
        return []
    if ability.chooser:
        return ["battlefield_chooser"]
    return ["battlefield_abilities"] if bf.controller else ["battlefield_uncontrolled"]


def _matches(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> bool:
    trigger = ability.trigger
    if trigger.event != event.kind or not _works_in(trigger.zone, watcher.zone):
        return False
    if trigger.at_least is not None and not event.before < trigger.at_least <= event.after:
        return False  # 709: “becomes N or more” only as it crosses from below N
    if trigger.other and event.subject == watcher.source:
        return False
    if trigger.subject == "self" and event.kind in SCORING and watcher.source not in state.battlefields:
        subject_ok = watcher.location == event.subject and watcher.controller == event.player  # 383.4.c.2.a, d.2.a
    elif trigger.subject == "self":
        subject_ok = event.subject == watcher.source
    elif trigger.subject == "any":
        subject_ok = True
    else:
        friendly = _subject_controller(state, event) == watcher.controller
        subject_ok = friendly == (trigger.subject == "friendly")
    player_ok = trigger.player == "any" or (event.player == watcher.controller) == (trigger.player == "you")
    return (
        subject_ok and player_ok and _attributed(trigger, watcher, event)
        and _of_type(state, trigger.card_type, event.subject) and _placed(state, trigger, watcher, event)
    )


def _attributed(trigger: Trigger, watcher: Watcher, event: GameEvent) -> bool:
    """“When you kill … with a spell”, “when a unit you control deals damage”, “when I deal damage”: who is
    responsible for the deal or kill, and what is its source or attributed it (417.6, 428.5)."""
    responsible_ok = trigger.responsible == "any" or event.cause == watcher.controller
    dealer = event.dealer
    source_ok = trigger.by == "any" or (
        event.by_spell if trigger.by == "spell" else dealer is not None and {
            "unit": dealer.unit, "ability": dealer.ability, "self": watcher.source in dealer.sources,
        }[trigger.by]
    )
    return responsible_ok and source_ok


def _placed(state: GameState, trigger: Trigger, watcher: Watcher, event: GameEvent) -> bool:
    """“here” and “from here”: a move's origin is its event's cause; anything else happens where its unit is."""
    if trigger.at == "from_here":
        return event.kind == "moved" and event.cause == watcher.location
    if trigger.at == "anywhere":
        return True
    unit = state.units.get(event.subject)
    return event.subject == watcher.location or (unit is not None and unit.location == watcher.location)


def _of_type(state: GameState, wanted: str, subject: str) -> bool:
    """The event's object — a unit id or a card name — is of the wanted type."""
    if wanted == "any":
        return True
    unit = state.units.get(subject)
    card = state.cards.get(unit.card if unit else subject)
    return card is not None and card.is_type(wanted)


def _works_in(zone: str, where: str) -> bool:
    """384.1 — "board" covers base and battlefield; other zones say where they work (385.2).

    A legend's abilities work from its Legend Zone, where it stays as a game object (107.4.c, 174.7)."""
    return zone == where or (zone == "board" and where in ("base", "battlefield", "legend"))


def _subject_controller(state: GameState, event: GameEvent) -> str:
    """Who controls the event's object; a unit that has left the board was its event player's (killed)."""
    unit = state.units.get(event.subject)
    return unit.controller if unit else event.player


def _pending(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> Pending:
    if ability.chooser == "event_player" and watcher.source in state.battlefields:
        watcher = replace(watcher, controller=event.player)  # 190.6.c: the chooser controls it, not the field's controller
    pending = Pending(watcher.source, watcher.card.name, watcher.controller, ability.name, watcher.location, event)
    blocked = _failed_condition(state, watcher, ability, event) or _limit_reached(state, watcher, ability)
    if blocked:
        return replace(pending, blocked=blocked)
    if ability.limit:
        _mark_used(state, watcher.controller, watcher.source, ability.name)
    return pending


def _failed_condition(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent | None = None) -> str:
    """383.2.a.1 — the ability's condition, as it stands now: the key of the first part that fails."""
    unit = state.units.get(watcher.source)
    for part, wanted in ability.condition:
        if part == "min_points":
            holds = state.players[watcher.controller].points >= wanted
        elif part == "level":  # 824.1.c: the dependent ability is active while its controller has N XP
            holds = state.players[watcher.controller].xp >= wanted
        elif part == "played_this_turn":
            holds = playedcheck.played_each(state, watcher.controller, wanted)[0]
        elif part == "open_battlefield":  # “conquer an open battlefield”: nobody controlled it before
            holds = (event is not None and event.cause == "open") == wanted
        else:
            holds = _condition_holds(state, watcher, unit, part) == wanted
        if not holds:
            return part
    return ""


def _condition_holds(state: GameState, watcher: Watcher, unit: Unit | None, part: str) -> bool:
    if part == "mighty":
        return unit is not None and is_mighty(state, unit)
    if part == "empowered":  # 727.1.c.1: a dependent triggered ability must be active to trigger
        holder = unit or state.legends.get(watcher.source)
        return holder is not None and bool(holder.empowered)
    if part == "legion":
        return playedcheck.legion_active(state, watcher.controller)
    if part == "first_played":  # the card just played is the first the controller played this turn (419.4.a)
        return len(events.this_turn(state, "played", watcher.controller)) == 1
    if part == "alone":  # 808.1.d.3: as it dies, no other friendly unit where it is (those dying with it included)
        return unit is not None and not any(
            other.id != unit.id and other.controller == unit.controller and other.location == unit.location
            for other in state.units.values()
        )
    if part == "in_combat":
        return unit is not None and state.in_combat(unit)
    return watcher.location is not None and not is_base(watcher.location)  # at_battlefield


def _limit_reached(state: GameState, watcher: Watcher, ability: Ability) -> str:
    """383.3.e.1 — a limited ability that already performed this turn (or this combat) does not trigger."""
    if not ability.limit:
        return ""
    since = _combat_start(state) if ability.limit == "combat" else 0
    key = _use_key(watcher.source, ability.name)
    used = any(e.kind == USED and e.subject == key for e in state.this_turn[since:])
    return "limit" if used else ""


def _combat_start(state: GameState) -> int:
    starts = [i for i, e in enumerate(state.this_turn) if e.kind == COMBAT_BEGAN]
    return starts[-1] if starts and state.combat else len(state.this_turn)


def _mark_used(state: GameState, controller: str, source: str, ability: str) -> None:
    """383.3.e.1 — the turn's record of a limited ability performing."""
    state.this_turn.append(GameEvent(USED, controller, _use_key(source, ability)))


def _use_key(source: str, ability: str) -> str:
    return f"{source}/{ability}"


def flush(state: GameState, log: Log, give_priority: bool = True, combat: tuple[str, str] | None = None) -> None:
    """383.3.d — pending triggers go on the chain: the turn player's first, then in turn order.

    A combat's opening passes its ``(attacker, defender)``: the attacker first, the defender last (464.2.e.1).
    Then the newest item's controller gets priority (340.4), unless a resolution is
    under way, whose end gives it (``priority.after_resolution``).
    """
    pending, state.pending_triggers = state.pending_triggers, []
    order = _turn_order(state)
    if combat:
        order = [combat[0], *(p for p in order if p not in combat), combat[1]]
    for pend in [p for p in pending if p.blocked]:
        _log_blocked(state, log, pend)
    ready = sorted((p for p in pending if not p.blocked), key=lambda p: order.index(p.controller))
    players = {p.controller for p in ready}
    before = len(state.chain)
    for controller, group in groupby(ready, key=lambda p: p.controller):
        group = list(group)
        batch = state.tick() if len(group) > 1 else 0
        for pend in group:
            others = "combat_chain_order" if combat else "trigger_turn_order"
            _put_on_chain(state, log, pend, several=len(group) > 1, others=others if len(players) > 1 else "", batch=batch)
    if give_priority and len(state.chain) > before:  # some went on: an unpaid cost or no target leaves one off
        state.priority, state.passes = state.chain[-1].controller, 0
        log.add(f"触发能力已加入结算链：最新一项的控制者 {state.priority} 获得优先权", "priority_newest")


def _turn_order(state: GameState) -> list[str]:
    players = list(state.players)
    start = players.index(state.turn_player)
    return players[start:] + players[:start]


def _put_on_chain(state: GameState, log: Log, pend: Pending, several: bool, others: str, batch: int) -> None:
    probe = ChainItem(pend.source, pend.card, pend.controller, [], "", ability=pend.ability)
    ability = ability_of(state, probe)
    label = ability_label(_source_name(state, pend), pend.ability)
    if ability.cost is not None and not _paid_to_finalize(state, log, pend, ability.cost, label):
        return
    locked = ((pend.event.subject,),) if ability.target and ability.target.kind == "event" else ()
    item = ChainItem(pend.source, pend.card, pend.controller, effects_of(ability), label, pend.location,
                     finalized=False, ability=pend.ability, targets=locked, batch=batch,
                     origin=pend.event.cause if pend.event.kind == "moved" else None)
    rules = [TRIGGER_RULES.get(pend.ability, "trigger_condition")]
    rules += ["granted_abilities", "trigger_entering"] if _gained(state, pend) else []
    rules += ["targeting_trigger"] if pend.event.kind == "chosen" else []
    rules += ["played_on_resolution"] if pend.event.kind == "played" and pend.event.subject in state.cards else []
    rules += _battlefield_rules(state, pend, ability)
    rules += [others] if others else []
    rules += ["trigger_own_order"] if several else []
    rules += ["trigger_once"] if ability.limit else []
    where = f"（记下来源在 {location_name(pend.location)}）" if pend.location else ""
    if ability.target and ability.target.where == "moved_between":  # 359.3.f.3: the move's ends, from the trigger
        where = f"（记下移动起点 {location_name(pend.event.cause or '')} 与终点 {location_name(pend.location or '')}）"
        rules.append("trigger_info_locked")
    played = dict(ability.condition).get("played_this_turn")
    if played:  # 419.4.b: a check of cards played reads the cards finalized
        where += f"；条件成立，本回合确定过的牌——{playedcheck.played_each(state, pend.controller, played)[1]}"
        rules += ["trigger_if", "played_means_finalized", "card_types"]
    log.add(f"{label}触发，加入结算链{where}", *rules, default=several)
    chosen = trigger_targets.choose_on_chain(state, log, item, ability.target)
    if chosen is not None:
        state.chain.append(chosen)


def _source_name(state: GameState, pend: Pending) -> str:
    """How a trace names the source: a unit id or battlefield, or a card in a hand or trash by where it is."""
    for player in state.players.values():
        for zone, pile in (("手牌", player.hand), ("废牌堆", player.trash)):
            card = next((c for c in pile if c.id == pend.source), None)
            if card is not None:
                return f"{player.id} {zone}中的{card.name}"
    return pend.source


def _paid_to_finalize(state: GameState, log: Log, pend: Pending, cost: AbilityCost, label: str) -> bool:
    """204.3.a — “you may [exhaust me / spend my buff / disempower something] to …” opening a triggered ability is its base
    cost, paid to finalize it; one that cannot be paid leaves the ability off the chain (203.3).  The
    controller pays when able (a default)."""
    holder = state.units.get(pend.source) or state.legends.get(pend.source)
    if cost.exhaust and (holder is None or holder.exhausted):
        log.add(f"{label}的费用（横置 {pend.source}）无法支付：不加入结算链", "cost_impossible")
        return False
    if cost.spend_buff and (holder is None or not getattr(holder, "buffs", 0)):
        log.add(f"{label}的费用（消耗 {pend.source} 的增益）无法支付：不加入结算链", "cost_impossible")
        return False
    if cost.disempower and not empower.pay_disempower(state, log, cost.disempower, pend.source, pend.controller, label):
        return False
    if cost.exhaust:
        holder.exhausted = True
    if cost.spend_buff:
        with watch_might(state, log, [holder]):
            holder.buffs -= 1
    log.add(f"{label}：控制者支付了它的费用（{cost.describe()}）", "cost_to_finalize", default=True)
    return True


def _log_blocked(state: GameState, log: Log, pend: Pending) -> None:
    label = ability_label(_source_name(state, pend), pend.ability)
    if pend.blocked == "limit":
        log.add(f"{label}本回合已执行过，不再触发", "trigger_once")
        return
    if pend.blocked == NO_ONE:
        log.add(f"{pend.source} 无人控制：其能力中的“你”不指代任何人，{label}不触发", "battlefield_you_no_one")
        return
    log.add(f"{label}的条件（{CONDITION_NAMES[pend.blocked]}）不满足，不触发", "trigger_if")


CONDITION_RULES = {"in_combat": "in_combat", "alone": "death_noted"}  # conditions whose meaning a rule defines, cited when they hold
CONDITION_NAMES = {
    "alone": "独自阵亡", "mighty": "强力", "legion": "鼓舞", "at_battlefield": "位于战场", "min_points": "分数",
    "in_combat": "在战斗中", "first_played": "本回合打出的首张牌", "played_this_turn": "本回合打出过",
    "open_battlefield": "征服的是开放的战场", "empowered": "已强化", "level": "等级（经验）",
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
            if ability.kind == "triggered" and ability.trigger.event == "conquered" and _matches(state, watcher, ability, event):
                state.pending_triggers.append(_pending(state, watcher, ability, event))
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
            blocked = _failed_condition(state, watcher, ability)  # as it is now, as it dies (383.2.a.1)
            if blocked:
                noted = [CONDITION_RULES[blocked]] if blocked in CONDITION_RULES else []
                log.add(f"{label}的条件（{CONDITION_NAMES[blocked]}）在它阵亡时不满足，不触发", "trigger_if", rule, *noted)
                continue
            item = ChainItem(unit.id, unit.card, unit.controller, effects_of(ability), label, unit.location,
                             finalized=False, ability=ability.name)
            held = [CONDITION_RULES[part] for part, _ in ability.condition if part in CONDITION_RULES]
            log.add(f"{label}触发，作为待定项加入结算链（记下它在 {location_name(unit.location)}）", "deathknell", rule, *held)
            item = trigger_targets.choose_on_chain(state, log, item, ability.target)  # while the unit is still there
            if item is not None:
                state.chain.append(item)
                items.append(item)
    return items


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
    state.chain.append(
        ChainItem(item.source, item.card, item.controller, list(ability.reflexive), label, item.location,
                  finalized=False)  # no ability name: the reflexive ability has no reflexive trigger of its own
    )
    log.add(f"{label}加入结算链，成为待定项", "reflexive")


def _reflex_by_type(state: GameState, log: Log, item: ChainItem, ability: Ability, happened: list[GameEvent]) -> None:
    """387.1.b, 388.2 — “then, by the discarded card's type”: one reflexive trigger for each type the card has (178).

    They go on the chain together; their controller may order them (383.3.d).
    """
    discarded = [state.cards[e.subject] for e in happened if e.kind == "discarded" and e.subject in state.cards]
    types = {kind for card in discarded for kind in card.types}
    todo = [(kind, effects) for kind, effects in ability.reflexive_by_type if kind in types]
    if not todo:
        log.add(f"{ability_label(item.source, item.ability)}：被弃置的牌没有所列的类型，没有内嵌式触发", "reflexive_by_type")
        return
    batch = state.tick() if len(todo) > 1 else 0
    for kind, effects in todo:
        label = f"{ability_label(item.source, item.ability)}的内嵌式触发（{playedcheck.TYPE_NAMES.get(kind, kind)}）"
        state.chain.append(ChainItem(item.source, item.card, item.controller, list(effects), label, item.location,
                                     finalized=False, batch=batch))
        log.add(f"被弃置的牌是{playedcheck.TYPE_NAMES.get(kind, kind)}：{label}加入结算链", "reflexive_by_type", "reflexive",
                *(("card_types", "trigger_own_order") if batch else ()), default=bool(batch))


def orderable(state: GameState) -> list[ChainItem]:
    """The newest items, if they are several triggers one player put on the chain together and may order."""
    if not state.chain or not state.chain[-1].batch:
        return []
    batch = state.chain[-1].batch
    return [item for item in state.chain if item.batch == batch]


def reorder(state: GameState, log: Log, player: str, labels: tuple[str, ...]) -> None:
    """383.3.d — the controller chooses the order of their simultaneous triggers: the first named goes on first."""
    items = orderable(state)
    if not items or items[0].controller != player:
        illegal(f"{player} 没有可排序的同时触发的能力", "trigger_own_order")
    by_label = {item.label: item for item in items}
    if sorted(labels) != sorted(by_label):
        illegal(f"须按顺序列出全部同时触发的能力：{'、'.join(by_label)}", "trigger_own_order")
    del state.chain[-len(items):]
    for label in labels:
        state.chain.append(replace(by_label[label], batch=0))
    log.add(f"{player} 选择放入结算链的顺序：{' → '.join(labels)}（最后一个最先结算）", "trigger_own_order")
