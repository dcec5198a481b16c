"""Cards played by an effect as it resolves (419.3, 355.2, 356.1, 358): “play me from your trash”,
“its owner plays it …”, “play a unit from your trash / hand”.

The card is played from the zone it is in, to the location the effect names, for the
cost the effect names or ignoring its cost (356.1.b.1).  The legality checks still apply:
a player who can't play cards does not (054.1); a location the player may not play a unit
to (355.2.a) fails the check, the play is undone and the card stays where it was (358.5).

``play`` — see :func:`play`; with no card or place to play it to, nothing happens and the resolution goes on
(419.3.c).  The older ``play_from_hand`` and ``play_from_trash`` are sugar for it (desugar.py).

Then the cards an effect looks at or reveals from the main deck, to take or play one (431.1.c), and recycling (416);
last, token units an effect creates on the board (179–187, Create 439).
"""

from __future__ import annotations

from itertools import combinations

from judgekit.engine import costs, events, filters, gear, layers, locations, targeting, zones
from judgekit.engine.costs import Cost, base_cost, plan
from judgekit.engine.damage import banish
from judgekit.engine.events import pay
from judgekit.engine.filters import TYPE_NAMES, card_matches
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    ZONE_NAMES,
    Card,
    ChainItem,
    GameState,
    Gear,
    Question,
    Unit,
    answer_or_default,
    answer_to,
    base_of,
    location_name,
    names,
    numbered_id,
)
from judgekit.engine.trace import Log
from judgekit.errors import ScenarioError


def play_unit(
    state: GameState,
    log: Log,
    player: str,
    card: Card,
    pile: list[Card],
    played_from: str,
    location: str,
    cost: Cost | None,
    source: str,
    permitted: bool = False,
) -> bool:
    """Play the unit card *card* from *pile* (of the zone *played_from*) to *location*; False when the play is undone
    or not paid.

    *permitted*: an effect makes the location valid for this play (355.2.b); an “only” restriction still wins (054.2).
    """
    forbidden = layers.play_forbidder(state, player, card.name)
    if forbidden is not None:
        log.add(f"{source}：{forbidden}，{card.name} 不打出", "cant_beats_can")
        return False
    problem = locations.only_problem(state, player, state.card(card.name), location)
    problem = problem or ("" if permitted else locations.invalid_location(state, player, location))
    if problem:
        log.add(
            f"{source}：{player} 须把 {card.name} 打出到 {location_name(location)}，但{problem}——合法性检查失败，"
            f"打出撤销，{card.name} 留在原处",
            "unit_location",
            "undo_play",
        )
        return False
    if cost is not None:
        if plan(state.players[player], cost) is None:
            log.add(f"{source}：{player} 付不起 {card.name} 的费用（{cost.describe()}），不打出", "check_costs")
            return False
        pay(state, log, player, cost, card.name)
    pile.remove(card)
    how = "无视费用" if cost is None else f"支付 {cost.describe()} "
    log.add(f"{source}：{player} {how}打出 {card.name}（到 {location_name(location)}）：它作为待定项加入结算链，"
            "先继续执行正在结算的效果", "play_by_effect", "pending_while_resolving", *(("ignore_cost",) if cost is None else ()))
    state.pending_triggers.append(events.PendingPlay(source, card.name, player, card.owner, location,
                                                     unit_id=state.fresh_id(card.name), played_from=played_from))
    return True




def _chosen_location(state: GameState, log: Log, ctx, to: str | None) -> str:
    """355.2 — where a unit an effect plays enters: the script's ``to`` (base or a battlefield), else the base.

    A battlefield the player may not play a unit to undoes the play (358.5, ``play_unit``).
    """
    return _replay_place(state, log, ctx.controller, to, ctx.source)


def play(state: GameState, log: Log, ctx, param: dict, answer: tuple[str, ...] | None, to: str | None,
         targets: list = ()) -> None:
    """``play: {from, card, ignore_cost | discount, at, banished_with_this}`` — the controller plays a unit card matching *card*
    (``filters.card_matches``) from their hand, trash or banishment, ignoring its cost (356.1.b.1) or with its
    Energy cost reduced by *discount* and the rest paid now (356.4); ``at: base`` (default), ``battlefield`` (one
    they control) or ``any`` (either), the script's ``to`` naming which.  Its ``play_card`` names the card, or
    none: a private hand may be ignored
    (128.6.a); with several cards to choose from and no answer, the engine takes the first (a default) —
    never in a scenario without defaults.  ``banished_with_this``: only a card of the banishment that this object's
    effect banished (427.3).
    """
    zone = param.get("from", "hand")
    # ``whose: chosen_player``: the zone of the player chosen (“choose a unit in their trash and play it”); its owner stays
    whose = next(iter(targets), None) if param.get("whose") == "chosen_player" else ctx.controller
    if whose not in state.players:
        log.add(f"{ctx.source}：没有所选的玩家，这条指示无法执行", "limited_play_none")
        return
    pile = getattr(state.players[whose], zone)
    spec = _bounds_read(state, log, ctx, param.get("card", {}))
    eligible = [card for card in pile if (definition := state.cards.get(card.name)) and card_matches(definition, spec)
                and (not param.get("banished_with_this") or state.banished_by.get(card.id) == _object_of(ctx))]
    kinds = spec.get("kind", "unit")
    described = ("符合条件的" if set(spec) - {"kind"} else "") + "或".join(
        filters.TYPE_NAMES[kind] for kind in ([kinds] if isinstance(kinds, str) else kinds))
    asked = answer is None and len(eligible) > 1 and not state.defaults
    if asked:  # which card: the controller's question (from hand they may also play none, 128.6.a)
        answer = answer_to(state, Question(
            "play_card", ctx.controller, ctx.source, f"{ctx.controller} 从{ZONE_NAMES[zone]}打出哪张{described}",
            _card_answers(eligible, none=zone == "hand"), PLAY_CARD_ANSWER, "limited_play",
        ))
    if answer == ():
        rule = "private_may_ignore" if zone == "hand" else "limited_play_none"
        log.add(f"{ctx.controller} 选择不从{ZONE_NAMES[zone]}打出牌：{ctx.source} 的这条指示不执行", rule)
        return
    if answer is not None:
        chosen = next((card for card in eligible if card.name == answer[0]), None)
        if chosen is None:
            illegal(f"{ctx.controller} 的{ZONE_NAMES[zone]}中没有{described}“{answer[0]}”", "limited_play")
    else:
        chosen = eligible[0] if eligible else None
    at = param.get("at", "base")
    here = [ctx.location] if ctx.location else [base_of(ctx.controller)]  # “将其打出到此处”: where the source is
    places = {"base": [base_of(ctx.controller)], "battlefield": state.controlled_battlefields(ctx.controller),
              "here": here}.get(at)
    if chosen is None or places == []:
        why = f"{ZONE_NAMES[zone]}中没有{described}" if chosen is None else "没有控制的战场"
        log.add(f"{ctx.source}：{ctx.controller} {why}，这条指示无法执行，什么也不发生", "limited_play_none")
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择从{ZONE_NAMES[zone]}打出 {chosen.name}", "limited_play",
            default=answer is None and len(eligible) > 1)
    cost = price(state, ctx, chosen.name, param)
    play_card(state, log, ctx, chosen, pile, zone, cost,
              lambda: _chosen_location(state, log, ctx, to) if places is None else _one_of(state, log, ctx, places, to),
              permitted=at == "here",  # the effect makes the source's battlefield a place to play it (355.2.b)
              recycled=param.get("then") == "recycle")


def _object_of(ctx) -> str:
    """The object whose effect this is: its unit, gear or legend on the board, its card off it, else what the trace names."""
    return ctx.source_unit or ctx.source_card or ctx.source


def _bounds_read(state: GameState, log: Log, ctx, spec: dict) -> dict:
    """The card filter with its cost bounds that are amounts (“法力费用低于你当前分数的”: ``{lt: {points_of: you}}``) read
    now, as the instruction executes (359.3.f.2)."""
    read = {part: {op: bound if isinstance(bound, int) else layers.amount(state, ctx, bound)
                   for op, bound in spec[part].items()} for part in ("cost", "power") if part in spec}
    if read and read != {part: spec[part] for part in read}:
        log.add(f"{ctx.source}：所打出的牌的费用上限在执行时读取（{read}）", "instruction_complement")
    return {**spec, **read}


def play_card(state: GameState, log: Log, ctx, card: Card, pile: list[Card], played_from: str, cost: Cost | None,
              location, permitted: bool = False, recycled: bool = False) -> bool:
    """419.3 — the card an effect plays from *pile* (of the zone *played_from*), each type its way: a spell onto the chain (*recycled*: “then recycle
    it”, 390.3.a), a gear to its player's base, a unit to ``location()`` (asked only for a unit); a discount waiting for
    it is used (356.4).  False when the play cannot be made or is undone (the card stays in *pile*)."""
    definition = state.card(card.name)
    if definition.type == "spell":
        played = _play_spell(state, log, ctx, card, pile, played_from, cost, recycled)
    elif definition.is_type("gear") and not definition.is_unit:
        played = _play_gear(state, log, ctx, card, pile, played_from, cost)
    else:
        played = play_unit(state, log, ctx.controller, card, pile, played_from, location(), cost, ctx.source, permitted)
    if played and cost is not None:
        costs.use_discount(state, log, ctx.controller, definition)
    return played


def _forbidden(state: GameState, log: Log, ctx, player: str, card: Card) -> bool:
    """054.1 — a “can't play” beats the effect that would play the card."""
    forbidden = layers.play_forbidder(state, player, card.name)
    if forbidden is not None:
        log.add(f"{ctx.source}：{forbidden}，{card.name} 不打出", "cant_beats_can")
    return forbidden is not None


def _paid_and_taken(state: GameState, log: Log, ctx, player: str, card: Card, pile: list[Card], cost: Cost | None) -> bool:
    """The cost the effect leaves (none: ignored) paid now, then the card leaves its zone, finalized (419.4.b); False,
    and nothing done, when it can't be paid."""
    if cost is not None:
        if plan(state.players[player], cost) is None:
            log.add(f"{ctx.source}：{player} 付不起 {card.name} 的费用（{cost.describe()}），不打出", "check_costs")
            return False
        pay(state, log, player, cost, card.name)
    pile.remove(card)
    events.happen(state, "finalized", player, card.name, ctx.source)
    return True


def _play_spell(state: GameState, log: Log, ctx, card: Card, pile: list[Card], played_from: str, cost: Cost | None,
                recycled: bool) -> bool:
    """419.3 — a spell card played by an effect: it goes on the chain as a card played is (349), its targets chosen and
    its cost (what the effect leaves of it) paid now, and resolves in its turn after what played it; no timing applies.
    Its targets: the first legal ones (a default) or, without defaults, the player's question; a modal spell's mode
    (355.3) the same way: its first, or the question."""
    player, definition = ctx.controller, state.card(card.name)
    if _forbidden(state, log, ctx, player, card):
        return False
    spell_ctx = targeting.Context(card.name, player)
    spec, todo = definition.target, definition.effects
    modes: tuple[str, ...] = ()
    if definition.modes:
        if not state.defaults:  # the mode: the player's question (355.3)
            modes = answer_to(state, Question(
                "mode", player, card.name, f"{player} 为由 {ctx.source} 打出的 {card.name} 选择模式",
                tuple((mode,) for mode in definition.modes), "choose: [模式]", "modes",
            ))
            log.add(f"{ctx.source}：{player} 为 {card.name} 选择模式：{modes[0]}", "modes")
        else:
            modes = (next(iter(definition.modes)),)
            log.add(f"{ctx.source}：{card.name} 的模式由引擎选择：{modes[0]}", "modes", default=True)
        todo, spec = definition.modes[modes[0]], definition.target_of(modes[0])
    chosen: tuple[str, ...] = ()
    if spec is not None and targeting.needs_targets(todo):
        legal = targeting.default_targets(state, spell_ctx, spec) if spec.kind == "unit" else \
            targeting.legal_objects(state, spell_ctx, spec)
        legal = legal if spec.count is None else legal[: spec.count]
        if not legal and not spec.up_to:
            log.add(f"{ctx.source}：{card.name} 没有有效目标（须为{spec.describe()}），不能打出", "valid_targets", "limited_play_none")
            return False
        if not state.defaults:  # the targets: the player's question (355.5)
            every = tuple(targeting.name_of(target) for target in targeting.legal_objects(state, spell_ctx, spec))
            options = targeting.unit_answers(state, spell_ctx, spec) if spec.kind == "unit" else \
                targeting.target_answers(state, spec, every)
            chosen = answer_to(state, Question(
                "play_targets", player, card.name, f"{player} 为由 {ctx.source} 打出的 {card.name} 选择目标（{spec.describe()}）",
                options, "choose: [……]", "choices",
            ))
            log.add(f"{ctx.source}：{player} 为 {card.name} 选择目标：{'、'.join(chosen) or '无'}", "valid_targets")
        else:
            chosen = tuple(targeting.name_of(target) for target in legal)
            log.add(f"{ctx.source}：{card.name} 的目标由引擎选择：{'、'.join(chosen) or '无'}", "valid_targets", default=True)
    if not _paid_and_taken(state, log, ctx, player, card, pile, cost):
        return False
    state.items += 1
    item = ChainItem(source=card.name, card=card.name, controller=player, effects=list(todo),
                     label=f"{player} 的{card.name}（#{state.items}）", kind="play", id=f"#{state.items}",
                     targets=(chosen,) * definition.instructions, modes=modes, played=card, recycled=recycled,
                     played_from=played_from)
    state.chain.append(item)
    how = "无视费用" if cost is None else "支付费用"
    log.add(f"{ctx.source}：{player} {how}打出 {card.name}：它进入结算链（{item.id}），在 {ctx.source} 结算完之后依次结算",
            "play_by_effect", "spell_lingers", *(("ignore_cost",) if cost is None else ()))
    return True


def _play_gear(state: GameState, log: Log, ctx, card: Card, pile: list[Card], played_from: str, cost: Cost | None) -> bool:
    """419.3, 149.2 — a gear card played by an effect: to its player's base, its cost ignored or paid now; False when
    the play cannot be made (a “can't play” forbids it, or the cost can't be paid)."""
    player = ctx.controller
    if _forbidden(state, log, ctx, player, card):
        return False
    if not _paid_and_taken(state, log, ctx, player, card, pile, cost):
        return False
    how = f"{ctx.source}：{player} {'无视费用' if cost is None else '支付费用'}打出 {card.name}，它"
    gear.enter_gear(state, log, player, state.card(card.name), card.owner, base_of(player), how, "play_by_effect",
                    *(("ignore_cost",) if cost is None else ()), played_from=played_from)
    return True


PLAY_CARD_ANSWER = "play_card: 牌名（写在让它结算的那一步）或 choose: [牌名]（不取：[]）"


def _card_answers(cards: list[Card], none: bool) -> tuple[tuple[str, ...], ...]:
    """Each card that may be chosen, by name (cards of one name are one answer), and none where that is allowed."""
    return tuple((name,) for name in dict.fromkeys(names(cards))) + (((),) if none else ())


def _one_of(state: GameState, log: Log, ctx, places: list[str], to: str | None) -> str:
    """The place among *places* the script's ``to`` names, or the first (a default when there are several)."""
    wanted = base_of(ctx.controller) if to == "base" else to
    if wanted is not None and wanted not in places:
        illegal(f"{ctx.source} 只能打出到 {'、'.join(location_name(place) for place in places)}，不能到 {to}", "unit_location")
    _controlled_noted(state, log, ctx.controller, wanted)
    if wanted is None and len(places) > 1:
        return _place_asked(state, log, ctx.controller, ctx.source, places)
    return wanted or places[0]


def _place_asked(state: GameState, log: Log, player: str, source: str, places: list[str]) -> str:
    """355.2 — where the unit an effect has *player* play enters, among *places*: the player's question; with defaults
    the first (marked), which a ``choose`` right after the step may still answer (``answer_or_default``)."""
    # each unit it plays is its own question: a Repeat's second token asks again (the units already pending counted)
    earlier = sum(isinstance(pend, events.PendingPlay) and pend.source == source for pend in state.pending_triggers)
    which = f"第 {earlier + 1} 名" if earlier else ""
    options = tuple(("base",) if place == base_of(player) else (place,) for place in places)
    noted = len(state.defaulted)
    (answer,) = answer_or_default(state, Question(
        "location", player, source, f"{player} 把 {source} 打出的{which}单位打出到哪里", options,
        "to: 战场名或 base（写在让它结算的那一步）或 choose: [战场名或 base]", "unit_location",
    ), options[0])
    if len(state.defaulted) > noted:
        log.add(f"脚本未指定 {player} 把单位打出到哪里：引擎选择 {location_name(places[0])}", "unit_location", default=True)
    return base_of(player) if answer == "base" else answer


def price(state: GameState, ctx, name: str, param: dict, from_hand: bool | None = None) -> Cost | None:
    """The card's total cost with the effect's ``discount`` one more discount (356.4); None: ``ignore_cost: true``;
    ``ignore_cost: energy`` sets only its base Energy cost to zero, its Power cost is paid (356.1.b.2). *from_hand*:
    played from the hand (by default as ``param``'s ``from`` says)."""
    if param.get("ignore_cost") is True:
        return None
    card = state.cards[name]
    cost = base_cost(card)
    if param.get("ignore_cost") == "energy":
        cost = Cost().plus(0, cost.power, "无视法力费用：基础法力费用记为零", "ignore_energy_cost")
    from_hand = param.get("from", "hand") == "hand" if from_hand is None else from_hand
    return costs.apply_cost_changes(state, ctx.controller, card, cost, [(ctx.source, {"energy": -param.get("discount", 0)})],
                                    from_hand=from_hand, from_trash=param.get("from") == "trash")


def is_type(state: GameState, name: str, wanted: str) -> bool:
    card = state.cards.get(name)  # a stand-in card without a definition is not a card the effect can see
    return card is not None and card.is_type(wanted)


def play_me(state: GameState, log: Log, ctx, param: dict, to: str | None) -> None:
    """The effect verb of a card in the trash: its owner may pay the cost named to play it (to base unless told)."""
    trash = state.players[ctx.controller].trash
    card = next((c for c in trash if c.id == ctx.source_card), None)
    if card is None:
        log.add(f"{ctx.source}：此牌已不在废牌堆中，无法打出", "do_what_you_can")
        return
    domains = state.card(card.name).domains
    cost = Cost().plus(param.get("energy", 0), (domains,) * param.get("power", 0), "效果给出的费用", "play_by_effect")
    if not state.defaults and answer_to(state, Question(  # “you may pay … to play me”: the owner's question
        "play_me", ctx.controller, ctx.source, f"{ctx.controller} 是否支付 {cost.describe()} 从废牌堆打出 {card.name}",
        (("是",), ("否",)) if plan(state.players[ctx.controller], cost) else (("否",),), "choose: true|false", "play_by_effect",
    )) == ("否",):
        log.add(f"{ctx.source}：{ctx.controller} 不支付费用，{card.name} 留在废牌堆", "play_by_effect")
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择支付费用，从废牌堆打出 {card.name}", "play_by_effect", default=state.defaults)
    play_unit(state, log, ctx.controller, card, trash, "trash", _chosen_location(state, log, ctx, to), cost, ctx.source)


def banish_and_replay(state: GameState, log: Log, ctx, param, targets: list[Unit], choices) -> None:
    """A unit banished, then played again by its owner where it was, its cost ignored (427, 419.3);
    ``at: base`` “… to their base”, ``at: any`` “… plays it” (their base or a battlefield they control, the script's
    ``to`` naming which; 806.3), ``at: any_battlefield`` “… to any battlefield” (one the effect permits, 355.2.b).

    The play is the owner's: the location must be one the owner may play a unit to (355.2.a),
    else the play is undone and the card stays in the banishment (358.5).
    """
    at = (param or {}).get("at")
    for unit in targets:
        owner = unit.owner
        location = base_of(owner) if at == "base" else unit.location
        wanted = choices.to
        if at == "any":
            location, wanted = _replay_place(state, log, owner, choices.to, ctx.source), None
        anywhere = at == "any_battlefield"  # “… to any battlefield”: the effect permits it there (355.2.b)
        if anywhere:
            location, wanted = _any_battlefield(state, log, owner, unit.location, choices.to), None
        card = banish(state, log, unit, ctx.source, ctx.controller)
        if card is None:  # a token: it ceased to exist in the banishment, nothing is left to play (186.1)
            log.add(f"{ctx.source}：{unit.id} 已不复存在，{owner} 无法将它打出", "token_ceases")
            continue
        definition = state.card(card.name)
        options, picked = locations.choose(state, owner, definition, location, wanted)
        if len(options) > 1:
            log.add(
                f"{ctx.source} 要求 {owner} 把 {card.name} 打出到 {location_name(location)}；"
                f"{'、'.join(options[1:])} 要求支付了额外费用的玩家把它打出到那里：两者都是强制的正面要求、"
                f"都不禁止别处，{owner} 择一执行：{location_name(picked)}",
                "do_what_you_can",
                "play_here",
                default=choices.to is None,
            )
        offer = locations.offered_by(state, definition, picked) if picked != location else None
        cost = locations.with_offer(Cost(), offer, picked) if offer else None
        pile = state.players[owner].banishment
        play_unit(state, log, owner, card, pile, "banishment", picked, cost, ctx.source, permitted=offer is not None or anywhere)


def _any_battlefield(state: GameState, log: Log, owner: str, was: str, to: str | None) -> str:
    """The battlefield the script's ``to`` names, else the one the unit was at, else the first (a default)."""
    if to is not None and to in state.battlefields:
        return to
    if to is not None:
        illegal(f"只能打出到一处战场，不能到 {to}", "unit_location")
    if not state.defaults and len(state.battlefields) > 1:  # which battlefield: the owner's question
        (picked,) = answer_to(state, Question(
            "location", owner, "打出", f"{owner} 把单位打出到哪一处战场", tuple((name,) for name in state.battlefields),
            "to: 战场名（写在让它结算的那一步）或 choose: [战场名]", "unit_location",
        ))
        return picked
    picked = was if was in state.battlefields else next(iter(state.battlefields))
    log.add(f"脚本未指定 {owner} 把单位打出到哪一处战场：引擎选择 {picked}", "unit_location", default=len(state.battlefields) > 1)
    return picked


def _controlled_noted(state: GameState, log: Log, player: str, place: str | None) -> None:
    """355.2.a — a battlefield *player* controls is a valid location for the unit they play (said when one is named)."""
    if place in state.battlefields and state.battlefields[place].controller == player:
        log.add(f"{location_name(place)} 由 {player} 控制：是单位可以打出到的有效位置", "unit_location")


def _replay_place(state: GameState, log: Log, owner: str, to: str | None, source: str) -> str:
    """Where *owner* plays a unit an effect names no place for: the script's ``to``, else their base (a default
    when they control a battlefield)."""
    if to is not None:  # the scenario checked the name as it loaded
        _controlled_noted(state, log, owner, to)
        return base_of(owner) if to == "base" else to
    if state.controlled_battlefields(owner):
        return _place_asked(state, log, owner, source, [base_of(owner), *state.controlled_battlefields(owner)])
    return base_of(owner)


# Looking at and revealing cards from the main deck (431.1.c), and recycling the rest (416).
#
# ``look: {amount: N, take: {card, to: hand|play, may, banish, ignore_cost | discount}, rest: recycle|top|trash|draw}`` looks at
# the top N cards; the controller takes one that matches the card filter (``may: true``: or none) into
# their hand or plays it (a unit to their base, a gear to it, a spell onto the chain; ``banish: true``: banished
# first and played from the banishment, where it stays if it cannot be played), and the rest are recycled to the bottom of the main
# deck (416.5: in a random order; the engine keeps the order seen, a default) or put back on top.
# ``recycle: {from: trash|hand, card, amount}`` recycles that many cards that fit from the zone (416.4: as many
# as possible); which ones, when more fit, is the player's choice: the engine takes the first ones (a default,
# never in a scenario without defaults).
#
# ``reveal_until: {card_type: unit}`` reveals cards from the top of the main deck until one of
# that type turns up, banishes it and plays it ignoring its cost, then recycles the rest.  Revealing
# more cards than the deck holds reveals what there is and never burns out (431.1.c); with no such
# card among them, the instructions about it are ignored (431.1.c.1).


def look(state: GameState, log: Log, ctx, param: dict, answer: tuple[str, ...] | None,
         revealed: list | None = None) -> Card | None:
    """``reveal: true`` reveals them to every player instead (424.1); revealed cards stay where they are
    (424.1.a.2), so what is not taken stays on top unless ``rest: recycle`` says otherwise.  ``whose: opponents``: each
    opponent's top N (“每名对手展示其主牌堆顶部的一张牌”), the controller taking one of them all; a card banished goes to its
    owner's banishment (427.1) and the controller plays it as their own (the owner stays its owner), the rest go back to
    their owners' decks (or trashes).  The card taken, if one was."""
    player = state.players[ctx.controller]
    owners = state.opponents(ctx.controller) if param.get("whose") == "opponents" else [ctx.controller]
    seen: list[Card] = []
    for owner in owners:
        deck = state.players[owner].deck
        top = deck[: param["amount"]]
        del deck[: len(top)]
        seen += top
        act, rules = ("展示", ("reveal_no_burn_out", "reveal")) if param.get("reveal") else ("查看", ("reveal_no_burn_out",))
        log.add(f"{ctx.source}：{ctx.controller} {act}{'' if owner == ctx.controller else owner + ' 的'}主牌堆顶的 {len(top)} 张牌"
                f"（{'、'.join(names(top)) or '无'}）", *rules)
        if param.get("reveal"):
            as_revealed(state, log, top, ctx.source)
            if revealed is not None:
                revealed += top
    take = param.get("take")
    chosen = _taken(state, ctx, take, seen, answer) if take else None
    may = ("you_may",) if take and take.get("may") else ()  # “you may … among them”: decided as it resolves (383.3.a.3)
    if chosen is None and may:
        log.add(f"{ctx.source}：{ctx.controller} 不从查看的牌中取牌", *may)
    if chosen is not None:
        seen.remove(chosen)
        if take.get("to", "hand") == "hand":
            player.hand.append(chosen)
            log.add(f"{ctx.source}：{ctx.controller} 把 {chosen.name} 加入手牌", "limited_play", *may)
        elif take.get("banish"):  # “banish one of them, then play it”: played from the banishment, or left there (427.1)
            banishment = state.players[chosen.owner].banishment
            banishment.append(chosen)
            state.banished_by.pop(chosen.id, None)  # not by the object of a banish_cards
            log.add(f"{ctx.source}：{ctx.controller} 放逐 {chosen.name}，然后将其打出", "banish_cards")
            play_card(state, log, ctx, chosen, banishment, "banishment", price(state, ctx, chosen.name, take, False),
                      lambda: _taken_place(state, log, ctx, take), permitted=take.get("at", "base") != "base")
        else:
            pile = [chosen]
            play_card(state, log, ctx, chosen, pile, "deck", price(state, ctx, chosen.name, take, False),
                      lambda: _taken_place(state, log, ctx, take), permitted=take.get("at", "base") != "base")
            seen += pile  # a play that was undone leaves the card with the rest (358.5)
    rest = param.get("rest", "top" if param.get("reveal") else "recycle")
    for owner in owners:
        _rest(state, log, ctx, owner, [card for card in seen if card.owner == owner or len(owners) == 1], rest)
    return chosen


def as_revealed(state: GameState, log: Log, cards: list[Card], source: str) -> None:
    """370.1.b.1 — cards revealed from their owner's main deck (424.1; they stay there, 424.1.a.2): each whose card
    says what happens “as I'm revealed from your deck” (``replacement: {event: revealed, from: deck, add}``) has it
    happen with the reveal, no chain item, its owner the “you” of its text."""
    for card in cards:
        definition = state.cards.get(card.name)
        for spec in definition.replacements if definition is not None else ():
            if spec.get("event") == "revealed" and spec.get("from") == "deck":
                log.add(f"{card.name} 从 {card.owner} 的主牌堆中被展示（{source}）：它的替代能力在展示的同时执行", "as_event")
                zones.add_effect(state, log, targeting.Context(card.name, card.owner), spec["add"])


def _rest(state: GameState, log: Log, ctx, owner: str, seen: list[Card], rest: str) -> None:
    """The cards looked at and not taken, back to their owner: into the trash, on top (or drawn), or recycled."""
    player = state.players[owner]
    if rest == "trash":  # “put the rest into your trash”
        player.trash.extend(seen)
        if seen:
            log.add(f"其余的牌（{'、'.join(names(seen))}）置入 {owner} 的废牌堆")
        return
    if rest in ("top", "draw"):
        player.deck[:0] = seen
        if seen and rest == "top":
            log.add(f"其余的牌（{'、'.join(names(seen))}）放回主牌堆顶，顺序不变", "recycle_cards", default=len(seen) > 1)
        if seen and rest == "draw":  # “draw any you didn't take”: revealed cards stay on top (424.1.a.2), so they are drawn
            zones.draw(state, log, owner, len(seen))
        return
    zones.recycled_to_deck(state, owner, seen)
    if seen:
        log.add(f"其余的牌（{'、'.join(names(seen))}）回收到{'' if owner == ctx.controller else owner + ' 的'}主牌堆底"
                "（随机顺序，引擎按查看的顺序）", "recycle_cards", default=len(seen) > 1)


def _taken_place(state: GameState, log: Log, ctx, take: dict) -> str:
    """Where a unit taken and played enters: its player's base (default), ``here`` (where the source is, “将其打出到此处”)
    or ``base_or_here`` (“则可以选择将其打出到此处”: the player's choice, a default the base)."""
    base, here = base_of(ctx.controller), ctx.location or base_of(ctx.controller)
    places = {"here": [here], "base_or_here": list(dict.fromkeys([base, here]))}.get(take.get("at", "base"), [base])
    return _one_of(state, log, ctx, places, None)


def _taken(state: GameState, ctx, take: dict, seen: list[Card], answer: tuple[str, ...] | None) -> Card | None:
    """The card the controller takes from among those seen: the script's ``play_card`` or, without defaults, the
    answer to a question; else the first that fits (a default)."""
    eligible = [card for card in seen if (definition := state.cards.get(card.name)) and card_matches(definition, take.get("card", {}))]
    if answer is None and eligible and not state.defaults and (len(eligible) > 1 or take.get("may")):
        answer = answer_to(state, Question(
            "take_card", ctx.controller, ctx.source, f"{ctx.controller} 从查看的牌中取哪张（{ctx.source}）",
            _card_answers(eligible, none=bool(take.get("may"))), PLAY_CARD_ANSWER, "limited_play",
        ))
    if answer == ():
        if not take.get("may"):
            illegal(f"{ctx.source} 须从查看的牌中取一张（{'、'.join(names(eligible))}）", "limited_play")
        return None
    if answer is not None:
        found = next((card for card in eligible if card.name == answer[0]), None)
        if found is None:
            illegal(f"查看的牌中没有符合条件的“{answer[0]}”（可选：{'、'.join(names(eligible)) or '无'}）", "limited_play")
        return found
    return eligible[0] if eligible else None


# ``reveal_hand: {who: chosen_player, pick: {card, then: discard | recycle}}``: the chosen player reveals their hand
# (424.1: to every player, the cards stay in it); ``pick``: the effect's controller chooses one card of it that fits
# ``card`` (default any card) — their question, options the revealed cards that fit; with defaults the first, marked —
# and its owner discards it (422.1) or recycles it (416.1.a).  None fits: nothing is chosen (431.1.c.1's way).
_PICKED = {"discard": "弃置", "recycle": "回收"}


def reveal_hand(state: GameState, log: Log, ctx, param: dict, targets: list, choices) -> None:
    for revealer in (target for target in targets if target in state.players):
        hand = state.players[revealer].hand
        log.add(f"{ctx.source}：{revealer} 展示手牌（{'、'.join(names(hand)) or '无'}）", "reveal")
        if param.get("pick"):
            _pick_revealed(state, log, ctx, revealer, param["pick"])


def look_facedown(state: GameState, log: Log, ctx, param: dict, targets: list, choices) -> None:
    """``look_facedown: {who: chosen_player}`` — for the rest of the turn the effect's controller may look at the facedown
    cards the chosen player controls (128.4, 129.4: Private Information, which this permits them to read): those there
    now, shown in the trace, and any that player hides later this turn (``hide`` says so)."""
    for whose in (target for target in targets if target in state.players):
        state.facedown_looks.append((ctx.controller, whose, state.turn))
        seen = [f"{bf.name}：{bf.facedown.name}" for bf in state.battlefields.values() if bf.facedown and bf.hidden_by == whose]
        log.add(f"{ctx.source}：本回合内 {ctx.controller} 可以查看 {whose} 正面朝下的卡牌（现在：{'、'.join(seen) or '无'}）",
                "private_facedown")


def facedown_viewers(state: GameState, whose: str) -> list[str]:
    """The players an effect lets look at *whose*'s facedown cards this turn (``look_facedown``)."""
    return list(dict.fromkeys(viewer for viewer, player, turn in state.facedown_looks if player == whose and turn == state.turn))


def pick_from_hand(state: GameState, log: Log, ctx, param: dict, targets: list, choices) -> None:
    """``pick_from_hand: {who: chosen_player, card, then}`` — a hand revealed by an instruction before it, the pick of
    ``reveal_hand`` as an instruction of its own (204.3.b: “你可以选择支付2经验，从其手牌中选择一张卡牌”, the card chosen as
    the effect of a cost paid after the reveal)."""
    for revealer in (target for target in targets if target in state.players):
        _pick_revealed(state, log, ctx, revealer, param)


def _pick_revealed(state: GameState, log: Log, ctx, revealer: str, pick: dict) -> None:
    hand = state.players[revealer].hand
    eligible = [card for card in hand if (definition := state.cards.get(card.name))
                and card_matches(definition, pick.get("card", {"kind": "any"}))]
    if not eligible:
        log.add(f"{ctx.source}：{revealer} 展示的手牌中没有可选的牌，这条指示的其余部分无法执行", "reveal_rest_ignored")
        return
    options = _card_answers(eligible, none=False)
    if len(options) > 1 and not state.defaults:  # which card: the controller's question, from what was revealed
        (name,) = answer_to(state, Question(
            "hand_card", ctx.controller, ctx.source, f"{ctx.controller} 从 {revealer} 展示的手牌中选择哪张（{ctx.source}）",
            options, "choose: [牌名]", "reveal",
        ))
        chosen = next(card for card in eligible if card.name == name)
    else:
        chosen = eligible[0]
    then = pick["then"]
    log.add(f"{ctx.source}：{ctx.controller} 选择 {revealer} 的 {chosen.name}，由 {revealer} 将其{_PICKED[then]}",
            "discard" if then == "discard" else "recycle_cards", default=len(options) > 1 and state.defaults)
    if then == "discard":
        zones.discard_these(state, revealer, [chosen])
    else:
        hand.remove(chosen)
        zones.recycled_to_deck(state, chosen.owner, [chosen])


def reveal_until(state: GameState, log: Log, ctx, param) -> None:
    player = state.players[ctx.controller]
    wanted = param["card_type"]
    revealed = []
    while player.deck:
        card = player.deck.pop(0)
        revealed.append(card)
        as_revealed(state, log, [card], ctx.source)  # one at a time, each as it is revealed
        if is_type(state, card.name, wanted):
            break
    found = revealed[-1] if revealed and is_type(state, revealed[-1].name, wanted) else None
    shown = "、".join(card.name for card in revealed) or "无"
    if found is None:
        log.add(
            f"{ctx.source}：{ctx.controller} 从主牌堆顶展示到没有牌可展示（{shown}），没有{TYPE_NAMES[wanted]}："
            "展示不会燃尽，关于它的后续指示被忽略",
            "reveal_no_burn_out",
            "reveal_rest_ignored",
        )
    else:
        revealed.pop()
        player.banishment.append(found)
        log.add(f"{ctx.source}：{ctx.controller} 展示 {shown}，放逐 {found.name}", "reveal_no_burn_out")
        play_unit(state, log, ctx.controller, found, player.banishment, "banishment", base_of(ctx.controller), None, ctx.source)
    zones.recycled_to_deck(state, ctx.controller, revealed)  # recycled: to the bottom of the main deck
    if revealed:
        log.add(f"其余展示的牌（{'、'.join(card.name for card in revealed)}）回收到主牌堆底", "recycle_cards")


def _take_from(state: GameState, ctx, piles: dict[str, list[Card]], param: dict, act: str, rule: str) -> tuple[list[Card], bool]:
    """The cards that fit ``card`` (default any), as many as ``amount`` (default 1), taken out of *piles* (each player's
    pile of one zone, by player: one card of it is named by its name, of several piles by its owner's too), and whether
    the engine chose among more (the player's choice: a default, never without defaults).  ``up_to: true``: as many as
    the player wants up to that (none too), with defaults as many as there are."""
    fits = param.get("card", {"kind": "any"})
    eligible = [(owner, card) for owner, pile in piles.items() for card in pile
                if (definition := state.cards.get(card.name)) and card_matches(definition, fits)]
    count = param.get("amount", 1)
    chosen = eligible[:count]
    choice = len(eligible) > count or (param.get("up_to", False) and bool(eligible))
    if choice and not state.defaults:  # which of them: the controller's question
        labels = [_label(owner, card, len(piles)) for owner, card in eligible]
        sizes = range(min(count, len(eligible)) + 1) if param.get("up_to") else (count,)
        answer = answer_to(state, Question(
            "cards", ctx.controller, ctx.source, f"{ctx.controller} 选择{act}哪{'些' if param.get('up_to') else f' {count} 张'}牌"
            f"（{'最多 ' + str(count) + ' 张，' if param.get('up_to') else ''}{ctx.source}）",
            tuple(dict.fromkeys(option for size in sizes for option in combinations(labels, size))), "choose: [牌名, ……]", rule,
        ))
        rest = list(eligible)
        chosen = [rest.pop(next(i for i, (owner, card) in enumerate(rest) if _label(owner, card, len(piles)) == name))
                  for name in answer]
    for owner, card in chosen:
        piles[owner].remove(card)
    return [card for _, card in chosen], choice and state.defaults


def _label(owner: str, card: Card, piles: int) -> str:
    return card.name if piles == 1 else f"{owner}:{card.name}"


def _piles(state: GameState, ctx, zone: str, whose: str) -> dict[str, list[Card]]:
    """The piles of *zone* an effect takes from: the controller's (``you``, default), each opponent's, or everyone's."""
    players = {"you": [ctx.controller], "opponents": state.opponents(ctx.controller), "any": list(state.players)}[whose]
    return {player: getattr(state.players[player], zone) for player in players}


def recycle(state: GameState, log: Log, ctx, param: dict) -> None:
    zone = param.get("from", "trash")
    if zone == "revealed":
        _recycle_revealed(state, log, ctx)
        return
    if zone == "runes":
        _recycle_runes(state, log, ctx, param.get("amount", 1))
        return
    whose = param.get("whose", "you")
    chosen, chose = _take_from(state, ctx, _piles(state, ctx, zone, whose), param, "回收", "recycle_cards")
    for owner in dict.fromkeys(card.owner for card in chosen):  # each to the bottom of its owner's main deck (416.1.a)
        zones.recycled_to_deck(state, owner, [card for card in chosen if card.owner == owner])
    shown = "、".join(names(chosen)) or "无"
    where = ZONE_NAMES[zone] if whose == "you" else f"{'对手的' if whose == 'opponents' else '任意'}{ZONE_NAMES[zone]}"
    log.add(f"{ctx.source}：{ctx.controller} 从{where}回收 {shown} 到其所属者的主牌堆底"
            f"（{'至多 ' + str(param.get('amount', 1)) + ' 张，由其选择' if param.get('up_to') else '尽可能多，416.4'}）",
            "recycle_cards", *(() if param.get("up_to") else ("recycle_as_many",)), default=chose)


def _recycle_revealed(state: GameState, log: Log, ctx) -> None:
    """``recycle: {from: revealed}`` — “将展示的牌回收”: the cards the latest look of these instructions revealed, still in
    their owner's main deck (revealed cards stay there, 424.1.a.2), to its bottom (416.1.a)."""
    wanted = set(ctx.revealed)
    for player in state.players.values():
        cards = [card for card in player.deck if card.id in wanted]
        if not cards:
            continue
        player.deck[:] = [card for card in player.deck if card.id not in wanted]
        zones.recycled_to_deck(state, player.id, cards)
        log.add(f"{ctx.source}：展示的牌（{'、'.join(names(cards))}）回收到 {player.id} 的主牌堆底"
                "（随机顺序，引擎按展示的顺序）", "recycle_cards", default=len(cards) > 1)
    if not wanted:
        log.add(f"{ctx.source}：没有展示过的牌可回收", "recycle_cards")


def banish_cards(state: GameState, log: Log, ctx, param: dict) -> bool:
    """427.1 — cards that fit from a zone (``from``: trash, default, or hand; ``whose`` as for recycling) to their owners'
    banishments: ``all: true`` every one (“放逐你废牌堆中的所有单位”), else ``amount`` (default 1), which ones the
    controller's question as for recycling; each a ``banished`` event, its cause the controller.  Whether any was."""
    zone = param.get("from", "trash")
    piles = _piles(state, ctx, zone, param.get("whose", "you"))
    if param.get("all"):
        fits = param.get("card", {"kind": "any"})
        chosen = [card for pile in piles.values() for card in pile
                  if (definition := state.cards.get(card.name)) and card_matches(definition, fits)]
        for pile in piles.values():
            pile[:] = [card for card in pile if card not in chosen]
        chose = False
    else:
        chosen, chose = _take_from(state, ctx, piles, param, "放逐", "banish_cards")
    for card in chosen:
        state.players[card.owner].banishment.append(card)
        state.banished_by[card.id] = _object_of(ctx)  # the cards “banished with this” (427.3)
    log.add(f"{ctx.source}：{ctx.controller} 从{ZONE_NAMES[zone]}放逐 {'、'.join(names(chosen)) or '无'}", "banish_cards",
            default=chose)
    for card in chosen:
        events.happen(state, "banished", card.owner, card.name, ctx.controller)
    return bool(chosen)


def _rune_label(rune) -> str:
    return f"{rune.domain or '任意'}{'（横置）' if rune.exhausted else ''}"


def _recycle_runes(state: GameState, log: Log, ctx, count: int) -> None:
    """416.1.b, 416.4 — “你必须回收一枚你的符文”: as many of the player's runes as it says (as they have) to the bottom of
    their rune deck, each a ``rune_recycled`` event.  Which ones is the player's choice (416.6): their question, or with
    defaults the exhausted ones first (a default, marked)."""
    player = state.players[ctx.controller]
    runes = player.runes
    count = min(count, len(runes))
    chosen = sorted(range(len(runes)), key=lambda index: not runes[index].exhausted)[:count]
    choice = count < len(runes) and len({_rune_label(rune) for rune in runes}) > 1
    if choice and not state.defaults:
        answer = answer_to(state, Question(
            "runes", ctx.controller, ctx.source, f"{ctx.controller} 选择回收哪 {count} 张符文（{ctx.source}）",
            tuple(dict.fromkeys(combinations(sorted(_rune_label(rune) for rune in runes), count))), "choose: [炽烈（横置）, ……]",
            "recycle_cards",
        ))
        left = list(range(len(runes)))
        chosen = [left.pop(next(i for i, index in enumerate(left) if _rune_label(runes[index]) == label)) for label in answer]
    recycled = [runes[index] for index in chosen]
    player.runes = [rune for index, rune in enumerate(runes) if index not in chosen]
    for rune in recycled:
        player.rune_deck.append(rune.domain)
    shown = "、".join(_rune_label(rune) for rune in recycled) or "无"
    log.add(f"{ctx.source}：{ctx.controller} 回收符文 {shown} 到符文牌堆底（尽可能多，416.4）", "recycle_runes",
            "recycle_as_many", default=choice and state.defaults)
    for rune in recycled:
        events.happen(state, events.RUNE_RECYCLED, ctx.controller, rune.domain)


# ``return_from_trash: {card, amount, whose, up_to}``: “return a unit from your trash to your hand” puts that many cards
# that fit from the controller's trash (``whose: any``: from every player's, “from trashes”) into their owners' hands;
# ``up_to``: as many as the controller wants up to that.  355.10.a makes the card a target, chosen as the spell or
# ability is played; the engine picks it as the effect resolves (the same card unless the trash changed in between).
def return_from_trash(state: GameState, log: Log, ctx, param: dict) -> None:
    """``this_card: true``: the card whose ability it is, from the trash it works in (385.2), if it is still there."""
    player = state.players[ctx.controller]
    if param.get("this_card"):
        chosen, chose = [card for card in player.trash if card.id == ctx.source_card], False
        player.trash[:] = [card for card in player.trash if card not in chosen]
    else:
        piles = _piles(state, ctx, "trash", param.get("whose", "you"))
        chosen, chose = _take_from(state, ctx, piles, param, "返回手牌", "return_from_trash")
    for card in chosen:
        state.players[card.owner].hand.append(card)
    log.add(f"{ctx.source}：{ctx.controller} 让 {'、'.join(names(chosen)) or '无'} 从废牌堆返回手牌", "return_from_trash",
            default=chose)


# Tokens (179–187) and Create (439): token units made on the board by a spell or ability.
#
# ``create: 随从（德玛西亚）`` or ``create: {token, count, at, ready, play}``: *at* is ``base`` (the
# default), ``here`` (where the source is) or a battlefield's name.  The creator owns and
# controls each token (182, 183, 439.4.a); a token unit enters exhausted like any unit unless the
# effect says ``ready: true`` (184.1, 185.2.d).  A token that reaches a zone off the board ceases
# to exist (186.1, in damage.py).  ``play: true`` plays the token (185.2.a): its "played" event
# happens, marked as a token's, since a token is not a card (185).


def create(state: GameState, log: Log, ctx, param) -> None:
    spec = param if isinstance(param, dict) else {"token": param}
    name = spec["token"]
    _check_token(state, ctx.source, name)
    if spec.get("play") and "at" not in spec and not state.card(name).token_gear:
        # 355.2: a unit token played where the effect does not say (184.2): its player picks a valid location
        places = [base_of(ctx.controller), *state.controlled_battlefields(ctx.controller)]
        location = _one_of(state, log, ctx, places, None)
    else:
        location = _token_location(state, log, ctx, spec.get("at", "base"))
    if state.card(name).token_gear:
        _create_gear(state, log, ctx, spec, location)
        return
    if spec.get("play"):  # 185.2.a: played, as a card is, so pending on the chain until this resolution ends (354.3)
        for _ in range(spec.get("count", 1)):
            state.pending_triggers.append(events.PendingPlay(ctx.source, name, ctx.controller, ctx.controller, location,
                                                             token=True, ready=spec.get("ready", False),
                                                             unit_id=state.fresh_id(name)))
        log.add(f"{ctx.source}：{ctx.controller} 打出指示物 {name}（到 {location_name(location)}）：它作为待定项加入结算链，"
                "先继续执行正在结算的效果", "token_played", "pending_while_resolving")
        return
    made = []
    for _ in range(spec.get("count", 1)):
        unit_id = state.fresh_id(name)
        state.units[unit_id] = Unit(
            id=unit_id,
            card=name,
            owner=ctx.controller,
            controller=ctx.controller,
            location=location,
            exhausted=not spec.get("ready", False),
        )
        made.append(unit_id)
    state_word = "就绪" if spec.get("ready", False) else "横置"
    log.add(
        f"{ctx.source}：{ctx.controller} 在{location_name(location)}创建{state_word}的指示物 {'、'.join(made)}",
        "create",
        "token_owner",
        "token_enters" if spec.get("ready", False) else "token_is_unit",
    )


def _create_gear(state: GameState, log: Log, ctx, spec: dict, location: str) -> None:
    """A gear token (187.5 “金币” Gold): a gear of its creator (182, 183) on the board, exhausted unless the effect says
    ``ready: true`` (184.1); ``play: true`` plays it (185.2.a), as a gear card is played (its “played” event)."""
    ready = spec.get("ready", False)
    made = []
    for _ in range(spec.get("count", 1)):
        gear_id = numbered_id(spec["token"], state.gear)
        state.gear[gear_id] = Gear(gear_id, spec["token"], ctx.controller, ctx.controller, location, exhausted=not ready)
        made.append(gear_id)
    log.add(f"{ctx.source}：{ctx.controller} 在{location_name(location)}创建{'就绪' if ready else '休眠'}的装备指示物 "
            f"{'、'.join(made)}", "create", "token_owner", "token_enters")
    if spec.get("play"):
        for gear_id in made:
            events.happen(state, "played", ctx.controller, gear_id, "token")
        log.add(f"{ctx.controller} 打出了装备指示物 {'、'.join(made)}：这是打出，但指示物不是卡牌", "token_played", "token_not_card")


def _check_token(state: GameState, source: str, name: str) -> None:
    card = state.cards.get(name)
    if card is None or not card.is_token:
        what = "不在 cards 或牌库中" if card is None else f"是 {card.type}，不是指示物（type: token，或 type: gear 与 token: true）"
        raise ScenarioError(f"{source} 要创建的“{name}”{what}")


def _token_location(state: GameState, log: Log, ctx, at: str) -> str:
    if at == "base":
        return base_of(ctx.controller)
    if at == "origin":  # where the move that triggered it started, locked in as it triggered (359.3.f.3)
        if ctx.origin is None:
            raise ScenarioError(f"{ctx.source}：create 的 at: origin 需要由移动触发（记下移动的起点）")
        log.add(f"{ctx.source}：移动的起点 {location_name(ctx.origin)} 在触发时已记下", "trigger_info_locked")
        return ctx.origin
    if at == "here":
        if ctx.location is None:
            raise ScenarioError(f"{ctx.source}：create 的 at: here 需要来源在场上（法术请写 base 或战场名）")
        return ctx.location
    if at not in state.battlefields:
        raise ScenarioError(f"{ctx.source}：create 的 at 应为 base、here 或战场名，没有战场“{at}”")
    return at
