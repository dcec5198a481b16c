"""Game events and trigger matching (382–392, 709): the one place every event passes through.

``happen`` records an event in the turn's history, which "this turn" conditions read (Legion's,
812.1.c), and hands it to ``collect``: the triggered abilities of objects in the zones where they work
(384–385) and the turn's delayed triggers (390.2) whose trigger matches the event trigger, with their
condition checked then (383.2.a.1, 383.2.c) and their "once each turn" or "once each combat" limit
(383.3.e).  Their information — the event, the source's location, the event's unit for
``event_subject`` targets — is locked in as they trigger: a ``Pending`` value in the state, which
``triggers.flush`` puts on the chain at the next moment the rules allow.  ``watch_might`` turns a
change of might into the events “becomes Mighty” and “might changed” (709).  Nothing here acts on
the board: matching reads the state and records what triggered.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from itertools import combinations

from judgekit.engine import costs, filters, layers
from judgekit.engine.cards import KEYWORD_ABILITIES, QUICK_DRAW, Ability, CardDef, Trigger, quick_draw_ability
from judgekit.engine.layers import copying_gear, is_mighty, keywords, might
from judgekit.engine.state import MIGHTY, Dealer, GameEvent, GameState, Question, Unit, answer_to, is_base
from judgekit.engine.trace import Log

# The events a keyword ability a unit may gain (Vision) watches for: for any other event only a unit's
# own abilities and text an attached gear copied can trigger.
GAINED_EVENTS = frozenset(ability.trigger.event for ability in KEYWORD_ABILITIES.values())


PAID_ADDITIONAL = "paid_additional"  # a unit's “played” event when its optional additional cost was paid (356.2.b.1)


def happen(
    state: GameState, kind: str, player: str, subject: str, cause: str | None = None, by_spell: bool = False,
    before: int | None = None, after: int | None = None, dealer: Dealer | None = None, played_from: str = "",
    location: str | None = None, last_known: Unit | None = None,
) -> GameEvent:
    """Record an event and offer it to triggered abilities; a might change carries the might before and after,
    a deal or kill what it comes from (*dealer*: its player is the one responsible); a play the zone it was from
    (*played_from*; facedown, 811.1.c.3); a kill the unit as it last was on the board (*last_known*)."""
    if dealer is not None:
        cause, by_spell = dealer.player, dealer.spell
    event = GameEvent(kind, player, subject, cause, by_spell, before, after, dealer, played_from, location, state.phase,
                      last_known)
    state.this_turn.append(event)
    collect(state, event)
    return event


def pay(state: GameState, log: Log, player_id: str, cost: costs.Cost, what: str, payment: costs.Payment | None = None) -> None:
    """``costs.pay``; each rune it recycled to pay Power is a ``rune_recycled`` event (416.1.b: “当你回收一枚符文时”)."""
    for domain in costs.pay(state, log, player_id, cost, what, payment):
        happen(state, RUNE_RECYCLED, player_id, domain)
    if cost.power:  # the turn's record of the Power paid (“如果你在本回合内至少支付了任意符能×2”)
        state.this_turn.append(GameEvent(filters.POWER_SPENT, player_id, what, str(len(cost.power)), phase=state.phase))


def activated(state: GameState, player: str, holder: str, card: str) -> None:
    """377.2.a — “when you use (play) an activated ability”: fulfilled as the ability resolves (an Add ability as it
    resolves at once).  Its object is the holder, or its card when the holder has left the board (a gear killed to pay)."""
    on_board = holder in state.units or holder in state.gear or holder in state.legends
    happen(state, "activated", player, holder if on_board else card)


def spend_buff(state: GameState, log: Log, player: str, unit: Unit) -> None:
    """A buff of *unit* spent by *player* (a cost or an effect, 702.2.b): its Might watched, and a ``buff_spent`` event
    (“当你消耗一个增益时”)."""
    with watch_might(state, log, [unit]):
        unit.buffs -= 1
    happen(state, "buff_spent", player, unit.id)


def recycled_to_deck(state: GameState, player_id: str, cards: list) -> None:
    """416.1.a — cards recycled to the bottom of their player's main deck, in the order given; once for the action, a
    ``cards_recycled`` event (“每当你将任意数量的卡牌回收到自己的主牌堆时”)."""
    state.players[player_id].deck.extend(cards)
    if cards:
        happen(state, "cards_recycled", player_id, player_id)


def buffed_units(state: GameState, player: str) -> list[Unit]:
    """The units of *player* with a buff to spend (702.2.b.1–2)."""
    return [unit for unit in state.units.values() if unit.controller == player and unit.buffs]


def spend_buffs(state: GameState, log: Log, player: str, count: int, what: str) -> None:
    """A cost “spend N buffs” of the player's units, not targeted (355.10.c.1): which ones the player's question when there is
    a choice, else (defaults) the first that have one, marked; each a buff_spent event."""
    found = buffed_units(state, player)
    chosen = found[:count]
    if len(found) > count and not state.defaults:
        answer = answer_to(state, Question(
            "cost_object", player, what, f"{player} 消耗哪 {count} 名单位的增益支付{what}",
            tuple(combinations([unit.id for unit in found], count)), "choose: [名, ……]", "buff_spend",
        ))
        chosen = [unit for unit in found if unit.id in answer]
    log.add(f"{what}：消耗 {'、'.join(unit.id for unit in chosen)} 的增益", "buff_spend",
            default=len(found) > count and state.defaults)
    for unit in chosen:
        spend_buff(state, log, player, unit)


def this_turn(state: GameState, kind: str, player: str) -> list[GameEvent]:
    """The events of *kind* for *player* this turn, oldest first."""
    return [event for event in state.this_turn if event.kind == kind and event.player == player]


def chosen(state: GameState, player: str, units: list[str], by_spell: bool = False) -> None:
    """383.4.b — a spell or ability of *player* targets these units: "when you choose me" sees it; *by_spell*: a spell
    chose them (“当你将我选为法术目标时”, the trigger's ``by: spell``)."""
    for unit in units:
        if unit in state.units:
            happen(state, "chosen", player, unit, by_spell=by_spell, last_known=replace(state.units[unit]))


SCORING = ("conquered", "held")  # a unit conquers or holds where it is, with its controller

USED = "ability_used"  # the turn's record of a limited ability performing (383.3.e.1)
HIDES_FREE = "hides_free"  # the turn's record of “this turn you may hide cards ignoring costs”: its player, its source

COMBAT_BEGAN = "combat_began"  # its subject the battlefield, its player the attacker (464.2)
SHOWDOWN_BEGAN = "showdown_began"  # its subject the battlefield, its player who gains Focus (316.8.b, 464.2.b)
# The player gains the Defender designation: once per combat however many of their units defend (383.4.f), its subject
# the battlefield — “when you defend”, beside each unit's own “defended”.
PLAYER_DEFENDED = "player_defended"
RUNE_RECYCLED = "rune_recycled"  # a rune of the event's player recycled to their rune deck (416.1.b), by an effect or to pay Power
COMBAT_ENDED = "combat_ended"  # one for each unit that was in the combat, still on the board as it ends (466.7)

NO_ONE = "no_one"  # a blocked trigger's reason: an uncontrolled battlefield's “you” (190.6.d)


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
    extra: str = ""  # an additional time it triggers, and the card whose text says so (“额外触发一次”)
    instruction: int = 0  # the game action that set it off (``GameState.instruction``): only one action's are simultaneous


@dataclass(frozen=True)
class PendingPlay:
    """A unit an effect plays as it resolves (419.3): on the chain, pending, until what played it has resolved; then
    finalized in the order it was appended among the triggers that resolution set off, and it resolves at once
    (354.3, 337.1.b, 337.2).  *token*: a token unit created and played (185.2.a); else a card of *owner*'s."""

    source: str  # what plays it: the resolving ability's or spell's label
    card: str
    controller: str
    owner: str
    location: str
    token: bool = False
    ready: bool = False  # a token the effect says enters ready (184.1)
    blocked: str = ""  # as a Pending's: a play is never blocked
    unit_id: str = ""  # the id it enters with, chosen as it is played: what played it may name it later (“it”, 388.1)
    played_from: str = ""  # the zone the card was played from (a token: none)
    accelerate: bool | None = None  # the script's answer to paying Accelerate as it enters (805.1.a); None: left open


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
    # the objects its maker's instruction acted on (“在本回合结束时，将其召回”: “其”), by id, remembered as it was made
    # (390.2); one that left the board is gone for it (359.3.e.4)
    remembered: tuple[str, ...] = ()


@dataclass(frozen=True)
class Watcher:
    """An object whose triggered abilities may see an event: where it is and who controls them."""

    source: str
    card: CardDef | None  # None for a delayed ability, which belongs to no object (392)
    controller: str
    location: str | None
    zone: str


def collect(state: GameState, event: GameEvent) -> None:
    """383.2.c — after an event, every matching triggered ability of an object where it works triggers; each notes the
    game action under way (383.3.d: only triggers of one action are simultaneous)."""
    start = len(state.pending_triggers)
    _collect(state, event)
    state.pending_triggers[start:] = [replace(pend, instruction=state.instruction) if isinstance(pend, Pending) else pend
                                      for pend in state.pending_triggers[start:]]


def _collect(state: GameState, event: GameEvent) -> None:
    for seen in _watchers(state, event):
        for ability in _abilities(state, seen, event):
            if ability.kind != "triggered":
                continue
            watcher = _as_chooser(state, seen, ability, event)
            if _you_is_no_one(state, watcher, ability, event):
                pend = Pending(watcher.source, watcher.card.name, watcher.controller, ability.name, watcher.location, event)
                state.pending_triggers.append(replace(pend, blocked=NO_ONE))
            elif matches(state, watcher, ability, event):
                pend = trigger_pending(state, watcher, ability, event)
                state.pending_triggers.append(pend)
                state.pending_triggers += [replace(pend, extra=source) for source in _extra_times(state, watcher, event)]
    for delayed in _active_delayed(state):
        watcher = Watcher(delayed.source, None, delayed.controller, None, "board")
        bound = delayed.subject is None or event.subject == delayed.subject  # “it”: the unit the effect chose
        if bound and matches(state, watcher, delayed.ability, event) and not _limit_reached(state, watcher, delayed.ability):
            if delayed.ability.limit:  # “the next time”: once
                _mark_used(state, delayed.controller, delayed.source, delayed.ability.name)
            pend = Pending(delayed.source, "", delayed.controller, delayed.ability.name, delayed.location, event)
            state.pending_triggers.append(pend)
            if delayed.once:
                state.delayed[state.delayed.index(delayed)] = replace(delayed, spent=True)


# A unit's passive making its controller's triggered abilities trigger an additional time: “你的所有绝念效果额外触发一次”
# (every Deathknell of theirs, ``triggers.own_death``), “你征服（据守）此处时的征服（据守）效果额外触发一次” (their conquer or
# hold abilities, as they conquer or hold where the unit is) — the card's own text; each instance once more.
EXTRA_TRIGGERS = {"conquered": "extra_conquer_here", "held": "extra_hold_here", "killed": "extra_deathknell"}


def extra_triggers(state: GameState, player: str, passive: str, at: str | None = None) -> list[str]:
    """The units of *player* on the board (at *at*, when given) whose passive *passive* adds a triggering: one entry (the
    unit) for each additional time."""
    return [unit.id for unit in state.units.values() if unit.controller == player and (at is None or unit.location == at)
            for _ in range(int(state.card(unit.card).passives.get(passive, 0)))]


def _extra_times(state: GameState, watcher: Watcher, event: GameEvent) -> list[str]:
    """A conquer or hold ability of the scoring player's: once more for each unit of theirs where they scored that says so."""
    if event.kind not in SCORING or watcher.controller != event.player:
        return []
    return extra_triggers(state, event.player, EXTRA_TRIGGERS[event.kind], at=event.subject)


def _given_quick_draw(state: GameState, watcher: Watcher) -> bool:
    """An Equipment without a printed Quick-Draw that a static gives it (“your Equipment everywhere have Quick-Draw”)."""
    return QUICK_DRAW not in dict(watcher.card.keywords) and layers.is_equipment(watcher.card) and \
        QUICK_DRAW in layers.equipment_has(state, watcher.controller)


def _abilities(state: GameState, watcher: Watcher, event: GameEvent) -> tuple[Ability, ...]:
    """The watcher's card's abilities, plus those of keywords a unit gained (817.1.b: Vision it was given),
    plus the triggered abilities of its text that attached gear copied (434.1.c) — a copy made as that gear
    was attached is appended after the attach, so it does not see that event (370.1.b.1)."""
    unit = state.units.get(watcher.source)
    if unit is None and watcher.source in state.gear and event.kind == "played" and _given_quick_draw(state, watcher):
        return (*watcher.card.abilities, quick_draw_ability(watcher.card.name))  # 819.1.d, once (819.2)
    if unit is None:
        return watcher.card.abilities
    if watcher.card.name != unit.card:  # an attached gear's, appended to its unit's text (718.3)
        return tuple(ability for ability in watcher.card.abilities if _of_the_holder(ability))
    names = {ability.name for ability in watcher.card.abilities}
    owned = keywords(state, unit) if event.kind in GAINED_EVENTS else {}
    gained = [KEYWORD_ABILITIES[k] for k in owned if k in KEYWORD_ABILITIES and KEYWORD_ABILITIES[k].name not in names]
    copies = [
        ability
        for gear in copying_gear(state, unit)
        if not (event.kind == "attached" and event.cause == gear)
        for ability in watcher.card.abilities
    ]
    granted = tuple(granted.ability for granted in unit.granted_abilities)  # an effect's (477.2.a)
    return watcher.card.abilities + tuple(gained) + tuple(copies) + granted


def _active_delayed(state: GameState) -> list[Delayed]:
    """391 — a delayed ability is active only in its window: the turn it was made in, or until it triggers once."""
    state.delayed = [d for d in state.delayed if d.turn == state.turn or d.once]
    return [d for d in state.delayed if not d.spent]


def _watchers(state: GameState, event: GameEvent) -> list[Watcher]:
    """Units and unattached gear on the board, battlefields (their abilities are the scoring player's), cards in
    hands and trashes.  A unit that nothing could trigger for this event is left out: a step that moves
    hundreds of units stays linear in them."""
    triggering = state.index.triggering_on.get(event.kind, ())  # trigger matching asks for the event's kind first
    gaining = event.kind in GAINED_EVENTS
    units = [
        Watcher(u.id, state.card(u.card), u.controller, u.location, "base" if is_base(u.location) else "battlefield")
        for u in state.units.values()
        if gaining or u.attached or u.card in triggering or u.granted_abilities
    ]
    fields = [
        Watcher(bf.name, state.card(bf.card), _battlefield_controller(state, bf.controller, event), bf.name, "battlefield")
        for bf in state.battlefields.values()
        if bf.card
    ]
    # A card in a hand or a trash triggers only by an ability that works there (385.2): a hand of a hundred spells is
    # not walked for each event.  A stand-in card of a scenario (an unnamed deck card) has no definition.
    working = {zone: kinds.get(event.kind, ()) for zone, kinds in state.index.triggering_in.items()}
    cards = [
        Watcher(card.id, state.cards[card.name], player.id, None, zone)
        for player in state.players.values()
        for zone, pile in (("hand", player.hand), ("trash", player.trash)) if working[zone]
        for card in pile
        if card.name in working[zone]
    ]
    legends = [
        Watcher(legend.id, state.card(legend.card), legend.controller, None, "legend")
        for legend in state.legends.values()
    ]
    gear = [  # unattached gear; an attached one's printed text is inactive (718.2)
        Watcher(g.id, state.card(g.card), g.controller, g.location, "base" if is_base(g.location) else "battlefield")
        for g in state.gear.values()
    ]
    held = [  # 718.3: an attached gear's “when I conquer …” is its unit's ability, the unit its “I”
        Watcher(u.id, state.card(name), u.controller, u.location, "base" if is_base(u.location) else "battlefield")
        for u in state.units.values() for name in u.attached
        if name in state.cards and any(_of_the_holder(ability) for ability in state.card(name).abilities)
    ]
    return units + fields + cards + legends + gear + held


# The events of a unit's own (“when I …”) an Equipment's triggered ability gives the unit it is attached to (718.3).
HOLDER_EVENTS = frozenset({"conquered", "held", "attacked", "defended", "moved", "won_combat", "damaged", "stunned",
                           "buffed", "became_mighty", "readied"})


def _of_the_holder(ability: Ability) -> bool:
    return ability.kind == "triggered" and ability.trigger.event in HOLDER_EVENTS and ability.trigger.subject == "self"


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
    if trigger.player not in ("you", "team") and trigger.subject not in ("friendly", "enemy"):
        return False
    anyone = replace(ability, trigger=replace(trigger, player="any", subject="any"))
    return matches(state, watcher, anyone, event)


def matches(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> bool:
    trigger = ability.trigger
    if trigger.event != event.kind or not _works_in(trigger.zone, watcher.zone):
        return False
    if trigger.at_least is not None and not event.before < trigger.at_least <= event.after:
        return False  # 709: “becomes N or more” only as it crosses from below N
    if trigger.other and event.subject == watcher.source:
        return False
    if trigger.hidden and not event.hidden:  # “when you play a card from facedown” (811.1.c.3)
        return False
    if trigger.played_from is not None and not filters.played_from_is(event.played_from, trigger.played_from):
        return False  # “when you play a card from your trash”, “… from anywhere other than your hand”
    if trigger.subject == "self" and event.kind in SCORING and watcher.source not in state.battlefields:
        subject_ok = watcher.location == event.subject and watcher.controller == event.player  # 383.4.c.2.a, d.2.a
    elif trigger.subject == "self":
        subject_ok = event.subject == watcher.source
    elif trigger.subject == "any":
        subject_ok = True
    else:
        friendly = _subject_controller(state, event) == watcher.controller
        subject_ok = friendly == (trigger.subject == "friendly")
    if trigger.player == "team":  # “you or an ally” (2v2, 489.8): the event's player is on your team
        player_ok = state.team_of(event.player) == state.team_of(watcher.controller)
    else:
        player_ok = trigger.player == "any" or (event.player == watcher.controller) == (trigger.player == "you")
    return (
        subject_ok and player_ok and _attributed(trigger, watcher, event)
        and _of_type(state, trigger.card_type, event.subject) and _placed(state, trigger, watcher, event)
        and _meets(state, watcher, trigger.card, event)
    )


def _meets(state: GameState, watcher: Watcher, spec: dict | None, event: GameEvent) -> bool:
    """The event's object meets the trigger's FILTER: a unit on the board as units are read (Might, token, cost), a unit
    killed as it last was there (359.3.f.3), a card off it (a spell played) by its printed facts."""
    if spec is None:
        return True
    subject = event.subject
    unit = state.units.get(subject) or event.last_known
    if unit is not None:
        return layers.matches(state, filters.View(watcher.controller, watcher.source), spec, unit)
    held = state.gear.get(subject)  # a gear played: by its printed facts, as a card
    card = state.cards.get(held.card if held is not None else subject)
    return card is not None and filters.card_matches(card, {"kind": "any", **spec})


def _attributed(trigger: Trigger, watcher: Watcher, event: GameEvent) -> bool:
    """“When you kill … with a spell”, “when a unit you control deals damage”, “when I deal damage”: who is
    responsible for the deal or kill, and what is its source or attributed it (417.6, 428.5)."""
    responsible_ok = trigger.responsible == "any" or event.cause == watcher.controller
    dealer = event.dealer
    source_ok = trigger.by == "any" or (
        event.by_spell if trigger.by == "spell" else dealer is not None and {
            "unit": dealer.unit, "ability": dealer.ability,
            # a delayed trigger of a spell or ability (“每有一名单位因此被摧毁”): its instruction made a unit deal it (428.5.c)
            "self": watcher.source in dealer.sources or watcher.card is None and dealer.instructed_by == watcher.source,
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
    place = unit.location if unit is not None else event.location  # a killed unit: where it died
    if trigger.at == "other_battlefield":  # “到我不在的其他战场”: a battlefield, not where the watcher is (a base: any)
        return place is not None and place in state.battlefields and place != watcher.location
    if trigger.at == "friendly_battlefield":  # “进攻你控制的战场”: where the unit is, a battlefield you control
        field = state.battlefields.get(place) if place is not None else None
        return field is not None and field.controller == watcher.controller
    return event.subject == watcher.location or (place is not None and place == watcher.location)


def _of_type(state: GameState, wanted: str, subject: str) -> bool:
    """The event's object — a unit id or a card name — is of the wanted type."""
    if wanted == "any":
        return True
    held = state.units.get(subject) or state.gear.get(subject)
    card = state.cards.get(held.card if held else subject)
    return card is not None and card.is_type(wanted)


def _works_in(zone: str, where: str) -> bool:
    """384.1 — "board" covers base and battlefield; other zones say where they work (385.2).

    A legend's abilities work from its Legend Zone, where it stays as a game object (107.4.c, 174.7)."""
    return zone == where or (zone == "board" and where in ("base", "battlefield", "legend"))


def _subject_controller(state: GameState, event: GameEvent) -> str:
    """Who controls the event's object; a unit that has left the board was its event player's (killed)."""
    held = state.units.get(event.subject) or state.gear.get(event.subject)
    return held.controller if held else event.player


def _as_chooser(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> Watcher:
    """190.6.c — a battlefield's ability whose chooser is the event's player is theirs, not the field's controller's:
    its “you” and “friendly” are that player's from the trigger on (“当玩家将此处的一名友方单位选为法术目标时，该玩家…”)."""
    if ability.chooser == "event_player" and watcher.source in state.battlefields:
        return replace(watcher, controller=event.player)
    return watcher


def trigger_pending(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent) -> Pending:
    watcher = _as_chooser(state, watcher, ability, event)
    pending = Pending(watcher.source, watcher.card.name, watcher.controller, ability.name, watcher.location, event)
    blocked = failed_condition(state, watcher, ability, event) or _limit_reached(state, watcher, ability)
    if blocked:
        return replace(pending, blocked=blocked)
    if ability.limit:
        _mark_used(state, watcher.controller, watcher.source, ability.name)
    return pending


COUNT_BOUNDS = ("at_least", "at_most")  # of a condition's count (default: at least one)
# The keys a triggered ability's condition reads its own way, as it triggers (the source's death for ``alone``, the
# event for ``paid_additional_cost`` and ``open_battlefield``); any other key is a CONDITION read as an `if:` is.
TRIGGER_OWN = frozenset({"min_points", "level", "played_this_turn", "paid_additional_cost", "first_turn", "open_battlefield",
                         "played_nth", "mighty", "empowered", "legion", "first_played", "alone", "in_combat", "at_battlefield",
                         "spent_on_it"})


# Conditions about a unit: the ability's own, or, on a card that is not a unit, the unit its trigger's event is about.
UNIT_CONDITIONS = ("mighty", "alone", "in_combat", "buffed")


def failed_condition(state: GameState, watcher: Watcher, ability: Ability, event: GameEvent | None = None) -> str:
    """383.2.a.1 — the ability's condition, as it stands now: the key of the first part that fails.  On a gear the
    condition that follows the trigger qualifies the event's unit (“when a buffed friendly unit dies”): a unit
    condition is read of that unit, as it is on the board or as it last was there."""
    unit = state.units.get(watcher.source)
    about = event if unit is None and event is not None and watcher.source in state.gear else None
    bounds = {part: wanted for part, wanted in ability.condition if part in COUNT_BOUNDS}
    for part, wanted in ability.condition:
        if part in COUNT_BOUNDS:
            continue  # read with its count
        if about is not None and part in UNIT_CONDITIONS:
            holds = _meets(state, watcher, {part: wanted}, about)
        elif part not in TRIGGER_OWN and filters.reads_condition(part, layers.WITH_MIGHT):  # as an effect's `if:` reads it
            scored = event.subject if event is not None and event.kind in SCORING else None
            view = filters.View(watcher.controller, watcher.source, unit.id if unit else None, watcher.location, scored=scored)
            holds = layers.holds(state, view, {part: wanted, **bounds}, []) == ""
        elif part == "min_points":
            holds = state.players[watcher.controller].points >= wanted
        elif part == "level":  # 824.1.c: the dependent ability is active while its controller has N XP
            holds = state.players[watcher.controller].xp >= wanted
        elif part == "played_nth":  # “when you play your second card in a turn”: the N-th play completed (419.4.a)
            holds = len([e for e in this_turn(state, "played", watcher.controller) if e.cause != "token"]) == wanted
        elif part == "played_this_turn":
            holds = filters.played_each(state, watcher.controller, wanted)[0]
        elif part == "paid_additional_cost":  # 356.2.b.1: “when you play me, if you paid the additional cost”
            holds = (event is not None and event.kind == "played" and event.cause == PAID_ADDITIONAL) == wanted
        elif part == "first_turn":  # “each player's first turn”: the game's first round, one turn each
            holds = (state.turn <= len(state.players)) == wanted
        elif part == "open_battlefield":  # “conquer an open battlefield”: nobody controlled it before
            holds = (event is not None and event.cause == "open") == wanted
        elif part == "spent_on_it":  # “当你打出一张法术牌时，如果消耗了不低于④法力”: paid for the card just played
            holds = event is not None and event.kind == "played" and spent_on_played(state, event) >= wanted
        else:
            holds = _condition_holds(state, watcher, unit, part) == wanted
        if not holds:
            return part
    return ""


def spent_on_played(state: GameState, event: GameEvent) -> int:
    """The Energy its player paid to play the card of a played *event* (its costs stay paid, 425.1.c): this turn's
    records of Energy spent on a card of that name and its plays or counters, paired newest first as the chain
    resolves its newest item first (340.1); 0 for a card played without paying."""
    paid: list[int] = []
    last = 0
    for seen in state.this_turn:
        if seen.player != event.player or seen.subject != event.subject:
            continue
        if seen.kind == filters.SPENT:
            paid.append(int(seen.cause or 0))
        elif seen.kind in ("played", "countered"):
            last = paid.pop() if paid else 0
        if seen is event:
            break
    return last


def _condition_holds(state: GameState, watcher: Watcher, unit: Unit | None, part: str) -> bool:
    if part == "mighty":
        return unit is not None and is_mighty(state, unit)
    if part == "empowered":  # 727.1.c.1: a dependent triggered ability must be active to trigger
        holder = unit or state.legends.get(watcher.source)
        return holder is not None and bool(holder.empowered)
    if part == "legion":
        return filters.legion_active(state, watcher.controller, filters.played_this_turn(state, watcher.source))
    if part == "first_played":  # the card just played is the first the controller played this turn (419.4.a)
        return len(this_turn(state, "played", watcher.controller)) == 1
    if part == "alone":  # 808.1.d.3: as it dies, no other friendly unit where it is (those dying with it included)
        return unit is not None and not any(
            other.id != unit.id and other.controller == unit.controller and other.location == unit.location
            for other in state.units.values()
        )
    if part == "in_combat":
        return unit is not None and state.in_combat(unit)
    if part == "at_battlefield":
        return watcher.location is not None and not is_base(watcher.location)
    # the schema refuses any other key: one reaching here is a key the engine forgot, never read as another
    raise ValueError(f"trigger condition {part!r} has no reading in the engine")


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


@contextlib.contextmanager
def watch_might(state: GameState, log: Log, units: list[Unit]):
    """709 — report units that *become* Mighty (crossing from below 5), and those that stop being Mighty."""
    before = {unit.id: might(state, unit) for unit in units}
    yield
    for unit in units:
        if unit.id not in state.units:
            continue
        old, new = before[unit.id], might(state, unit)
        if old != new:  # for “when my might becomes N or more” (709's crossing, at any threshold)
            _report_thresholds(state, log, unit, old, new)
            happen(state, "might_changed", unit.controller, unit.id, before=old, after=new)
        if old < MIGHTY <= new:
            log.add(f"{unit.id} 的战力由 {old} 变为 {new}，成为强力单位", "becomes_mighty", "is_mighty")
            happen(state, "became_mighty", unit.controller, unit.id)
        elif MIGHTY <= old < new:
            log.add(
                f"{unit.id} 的战力由 {old} 变为 {new}；它已是强力单位，不会“成为”强力单位",
                "becomes_mighty",
                "is_mighty",
            )
        elif new < MIGHTY <= old:
            log.add(f"{unit.id} 的战力由 {old} 变为 {new}，不再是强力单位", "is_mighty", "current_might")


def _report_thresholds(state: GameState, log: Log, unit: Unit, old: int, new: int) -> None:
    """Say, for each “when my might becomes N or more” of the unit, whether this change crossed N (709)."""
    wanted = {a.trigger.at_least for a in state.card(unit.card).abilities if a.trigger and a.trigger.at_least}
    for level in sorted(wanted):
        if old < level <= new:
            log.add(f"{unit.id} 的战力由 {old} 变为 {new}：变为 {level} 或以上", "becomes_mighty")
        elif min(old, new) >= level:
            log.add(f"{unit.id} 的战力由 {old} 变为 {new}：它一直在 {level} 或以上，不是“变为”{level} 或以上", "becomes_mighty")
