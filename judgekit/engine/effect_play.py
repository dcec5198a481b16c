"""Cards played by an effect as it resolves (419.3, 355.2, 356.1, 358): “play me from your trash”,
“its owner plays it …”, “play a unit from your trash / hand”.

The card is played from the zone it is in, to the location the effect names, for the
cost the effect names or ignoring its cost (356.1.b.1).  The legality checks still apply:
a player who can't play cards does not (054.1); a location the player may not play a unit
to (355.2.a) fails the check, the play is undone and the card stays where it was (358.5).

``play_from_trash: {max_cost, max_power}`` — the controller may play a unit card from their trash whose
Energy cost is at most *max_cost* and Power cost at most *max_power*, ignoring its cost, to their base.
``play_from_hand`` — see :func:`play_from_hand`.  The effect picks the first eligible card and place, as a
default; with none, nothing happens and the resolution goes on (419.3.c).
"""

from __future__ import annotations

from judgekit.engine import continuous, cost_changes, discounts, events, locations, playedcheck, replacement
from judgekit.engine.costs import Cost, base_cost, pay, plan
from judgekit.engine.errors import illegal
from judgekit.engine.gear import leave_unattached
from judgekit.engine.layers import note_entering_mighty
from judgekit.engine.state import Card, GameState, Unit, base_of, location_name
from judgekit.engine.trace import Log


def play_unit(
    state: GameState,
    log: Log,
    player: str,
    card: Card,
    pile: list[Card],
    location: str,
    cost: Cost | None,
    source: str,
    permitted: bool = False,
) -> bool:
    """Play the unit card *card* from *pile* to *location*; False when the play is undone or not paid.

    *permitted*: an effect makes the location valid for this play (355.2.b); an “only” restriction still wins (054.2).
    """
    forbidden = continuous.play_forbidder(state, player, card.name)
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
    unit = Unit(state.fresh_id(card.name), card.name, card.owner, player, location, exhausted=True)
    state.units[unit.id] = unit
    events.happen(state, "finalized", player, card.name, source)
    events.happen(state, "played", player, unit.id)
    how = "无视费用" if cost is None else f"支付 {cost.describe()} "
    log.add(f"{source}：{player} {how}打出 {card.name}，它以横置状态进入 {location_name(location)}（单位 {unit.id}）",
            "play_by_effect", *(("ignore_cost",) if cost is None else ()))
    note_entering_mighty(state, log, unit)
    continuous.contest_on_appearance(state, log, player, location)
    return True


def play_from_trash(state: GameState, log: Log, ctx, param: dict, to: str | None) -> None:
    trash = state.players[ctx.controller].trash
    eligible = [card for card in trash if _fits(state, card.name, param)]
    if not eligible:
        log.add(f"{ctx.source}：{ctx.controller} 的废牌堆没有可打出的单位，什么也不发生", "limited_play_none")
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择从废牌堆打出 {eligible[0].name}", "limited_play", default=len(eligible) > 1)
    where = _chosen_location(state, log, ctx, to)
    play_unit(state, log, ctx.controller, eligible[0], trash, where, None, ctx.source)


def _chosen_location(state: GameState, log: Log, ctx, to: str | None) -> str:
    """355.2 — where a unit an effect plays enters: the script's ``to`` (base or a battlefield), else the base.

    A battlefield the player may not play a unit to undoes the play (358.5, ``play_unit``).
    """
    if to is not None:  # the scenario checked the name as it loaded
        return base_of(ctx.controller) if to == "base" else to
    if state.controlled_battlefields(ctx.controller):
        log.add(f"脚本未指定 {ctx.controller} 把单位打出到哪里：引擎选择基地", "unit_location", default=True)
    return base_of(ctx.controller)


def _fits(state: GameState, name: str, param: dict) -> bool:
    card = state.cards.get(name)  # a stand-in card without a definition is not a unit the effect can see
    if card is None or not card.is_unit:
        return False
    return (card.cost or 0) <= param.get("max_cost", 0) and (card.power or 0) <= param.get("max_power", 0)


def play_from_hand(state: GameState, log: Log, ctx, param: dict, answer: tuple[str, ...] | None) -> None:
    """``play_from_hand: {card_type, discount, to}`` — the controller plays a card of that type (a unit by
    default) from their hand: ignoring its cost, or with its Energy cost reduced by *discount* and the rest
    paid now (356.4); to their base, or with ``to: battlefield`` to a battlefield they control.

    The hand is private: the player may ignore an instruction naming a type of card there (128.6.a); the
    script's ``play_card`` answers with the card, or none.
    """
    hand = state.players[ctx.controller].hand
    wanted = param.get("card_type", "unit")
    eligible = [card for card in hand if is_type(state, card.name, wanted)]
    if answer == ():
        log.add(f"{ctx.controller} 的手牌是私密的：{ctx.source} 指定了牌的类型，{ctx.controller} 选择不执行这条指示"
                "（视为无法执行）", "private_may_ignore")
        return
    if answer is None:
        chosen = eligible[0] if eligible else None
        if len(eligible) > 1:
            log.add(f"脚本未指定 {ctx.controller} 打出哪张牌：引擎取第一张{playedcheck.TYPE_NAMES[wanted]}", "private_may_ignore", default=True)
    else:
        chosen = next((card for card in eligible if card.name == answer[0]), None)
        if chosen is None:
            illegal(f"{ctx.controller} 的手牌中没有{playedcheck.TYPE_NAMES[wanted]}“{answer[0]}”", "private_may_ignore")
    base = param.get("to", "base") == "base"
    places = [base_of(ctx.controller)] if base else state.controlled_battlefields(ctx.controller)
    if chosen is None or not places:
        why = f"手牌中没有{playedcheck.TYPE_NAMES[wanted]}" if chosen is None else "没有控制的战场"
        log.add(f"{ctx.source}：{ctx.controller} {why}，这条指示无法执行，什么也不发生", "limited_play_none")
        return
    log.add(f"{ctx.source}：{ctx.controller} 选择从手牌打出 {chosen.name}", "limited_play", default=len(places) > 1)
    cost = _discounted(state, ctx, chosen.name, param)
    if play_unit(state, log, ctx.controller, chosen, hand, places[0], cost, ctx.source) and cost is not None:
        discounts.use(state, log, ctx.controller, chosen.name)


def _discounted(state: GameState, ctx, name: str, param: dict) -> Cost | None:
    """The card's total cost, the effect's ``discount`` one more discount (356.4); None: its cost is ignored."""
    if "discount" not in param:
        return None
    card = state.cards[name]
    cost = base_cost(card)
    return cost_changes.apply(state, ctx.controller, card, cost, [(ctx.source, {"energy": -param["discount"]})])


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
    log.add(f"{ctx.source}：{ctx.controller} 选择支付费用，从废牌堆打出 {card.name}", "play_by_effect", default=True)
    play_unit(state, log, ctx.controller, card, trash, _chosen_location(state, log, ctx, to), cost, ctx.source)


def banish_and_replay(state: GameState, log: Log, ctx, param, targets: list[Unit], choices) -> None:
    """“Banish a unit, then its owner plays it to the same location, ignoring its cost” (427, 419.3).

    The play is the owner's: the same location must be one the owner may play a unit to (355.2.a),
    else the play is undone and the card stays in the banishment (358.5).
    """
    for unit in targets:
        location, owner = unit.location, unit.owner
        card = banish(state, log, unit, ctx.source)
        definition = state.card(card.name)
        options, picked = locations.choose(state, owner, definition, location, choices.to)
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
        play_unit(state, log, owner, card, pile, picked, cost, ctx.source, permitted=offer is not None)


def banish(state: GameState, log: Log, unit: Unit, source: str) -> Card:
    """427.2 — the unit goes from the board straight to its owner's banishment, a new object (not a kill)."""
    replacement.leave_board(state, unit)
    del state.units[unit.id]
    state.gone.append(unit.id)
    leave_unattached(state, log, unit)
    card = state.new_card(unit.card, unit.owner)
    state.players[unit.owner].banishment.append(card)
    log.add(f"{source} 放逐 {unit.id}：它离开场上，进入 {unit.owner} 的放逐区（放逐不是摧毁）", "banish")
    return card
