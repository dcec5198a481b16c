"""Limited play effects (419.3): an effect plays a card as it resolves — a unit from the trash or the hand.

``play_from_trash: {max_cost, max_power}`` — the controller may play a unit card from their trash whose
Energy cost is at most *max_cost* and Power cost at most *max_power*, ignoring its cost (356.1.b.1).
The effect picks the first eligible card, as a default; with none, nothing happens and the resolution goes
on (419.3.c).  The unit enters its controller's base exhausted, as a played unit does, and is played.

``play_from_hand: {discount}`` — the controller may play a unit card from their hand to a battlefield
they control, its Energy cost reduced by *discount* (356.4), paying the rest now; a "can't play" still
forbids it (054.1).
"""

from __future__ import annotations

from judgekit.engine import continuous, events
from judgekit.engine.costs import Cost, pay
from judgekit.engine.state import GameState, Unit, base_of
from judgekit.engine.trace import Log


def play_from_trash(state: GameState, log: Log, ctx, param: dict) -> None:
    trash = state.players[ctx.controller].trash
    eligible = [card for card in trash if _fits(state, card.name, param)]
    if not eligible:
        log.add(f"{ctx.source}：{ctx.controller} 的废牌堆没有可打出的单位，什么也不发生", "limited_play_none")
        return
    card = eligible[0]
    trash.remove(card)
    unit = Unit(state.fresh_id(card.name), card.name, card.owner, ctx.controller, base_of(ctx.controller), exhausted=True)
    state.units[unit.id] = unit
    events.happen(state, "played", ctx.controller, unit.id)
    log.add(
        f"{ctx.source}：{ctx.controller} 从废牌堆无视费用打出 {card.name}，以横置状态进入基地（单位 {unit.id}）",
        "limited_play",
        "ignore_cost",
        default=len(eligible) > 1,
    )


def _fits(state: GameState, name: str, param: dict) -> bool:
    card = state.cards.get(name)  # a stand-in card without a definition is not a unit the effect can see
    if card is None or not card.is_unit:
        return False
    return (card.cost or 0) <= param.get("max_cost", 0) and (card.power or 0) <= param.get("max_power", 0)


def play_from_hand(state: GameState, log: Log, ctx, param: dict) -> None:
    player = state.players[ctx.controller]
    units = [card for card in player.hand if card.name in state.cards and state.cards[card.name].is_unit]
    places = [bf.name for bf in state.battlefields.values() if bf.controller == ctx.controller]
    banned = continuous.play_forbidder(state, ctx.controller)
    if not units or not places or banned:
        why = f"{banned} 禁止其打出卡牌" if banned else ("手牌中没有单位" if not units else "没有控制的战场")
        log.add(f"{ctx.source}：{ctx.controller} {why}，什么也不发生", "limited_play_none")
        return
    card, place = units[0], places[0]
    printed = state.cards[card.name]
    energy = max(0, (printed.cost or 0) - param.get("discount", 0))
    cost = Cost(energy, (printed.domains,) * (printed.power or 0), ((f"{printed.name} 的费用减少 [{param.get('discount', 0)}]", "cost_discount"),))
    pay(state, log, ctx.controller, cost, printed.name)
    player.hand.remove(card)
    unit = Unit(state.fresh_id(card.name), card.name, card.owner, ctx.controller, place, exhausted=True)
    state.units[unit.id] = unit
    events.happen(state, "played", ctx.controller, unit.id)
    log.add(
        f"{ctx.source}：{ctx.controller} 从手牌打出 {card.name}，以横置状态进入 {place}（单位 {unit.id}）",
        "limited_play",
        default=len(units) > 1 or len(places) > 1,
    )
