"""Looking at and revealing cards from the main deck (431.1.c), and recycling the rest (416).

``look: {amount: N, take: {card, to: hand|play, may, ignore_cost | discount}, rest: recycle|top}`` looks at
the top N cards; the controller takes one that matches the card filter (``may: true``: or none) into
their hand or plays it (a unit, to their base), and the rest are recycled to the bottom of the main
deck (416.5: in a random order; the engine keeps the order seen, a default) or put back on top.
``recycle: {from: trash|hand, card, amount}`` recycles that many cards that fit from the zone (416.4: as many
as possible); which ones, when more fit, is the player's choice: the engine takes the first ones (a default,
never in a scenario without defaults).

``reveal_until: {card_type: unit}`` reveals cards from the top of the main deck until one of
that type turns up, banishes it and plays it ignoring its cost, then recycles the rest.  Revealing
more cards than the deck holds reveals what there is and never burns out (431.1.c); with no such
card among them, the instructions about it are ignored (431.1.c.1).
"""

from __future__ import annotations

from judgekit.engine.effect_play import ZONES as ZONE_NAMES
from judgekit.engine.effect_play import is_type, play_unit, price
from judgekit.engine.filters import TYPE_NAMES, card_matches
from judgekit.engine.rules import illegal, undecided
from judgekit.engine.state import Card, GameState, base_of, names
from judgekit.engine.trace import Log


def look(state: GameState, log: Log, ctx, param: dict, answer: tuple[str, ...] | None) -> None:
    player = state.players[ctx.controller]
    seen = player.deck[: param["amount"]]
    del player.deck[: len(seen)]
    log.add(f"{ctx.source}：{ctx.controller} 查看主牌堆顶的 {len(seen)} 张牌（{'、'.join(names(seen)) or '无'}）",
            "reveal_no_burn_out")
    take = param.get("take")
    chosen = _taken(state, ctx, take, seen, answer) if take else None
    if chosen is not None:
        seen.remove(chosen)
        if take.get("to", "hand") == "hand":
            player.hand.append(chosen)
            log.add(f"{ctx.source}：{ctx.controller} 把 {chosen.name} 加入手牌", "limited_play")
        else:
            pile = [chosen]
            play_unit(state, log, ctx.controller, chosen, pile, base_of(ctx.controller), price(state, ctx, chosen.name, take), ctx.source)
            seen += pile  # a play that was undone leaves the card with the rest (358.5)
    if param.get("rest", "recycle") == "top":
        player.deck[:0] = seen
        if seen:
            log.add(f"其余的牌（{'、'.join(names(seen))}）放回主牌堆顶，顺序不变", "recycle_cards", default=len(seen) > 1)
        return
    player.deck.extend(seen)
    if seen:
        log.add(f"其余的牌（{'、'.join(names(seen))}）回收到主牌堆底（随机顺序，引擎按查看的顺序）", "recycle_cards",
                default=len(seen) > 1)


def _taken(state: GameState, ctx, take: dict, seen: list[Card], answer: tuple[str, ...] | None) -> Card | None:
    """The card the controller takes from among those seen: the script's ``play_card``, or the first that fits."""
    eligible = [card for card in seen if (definition := state.cards.get(card.name)) and card_matches(definition, take.get("card", {}))]
    if answer == ():
        if not take.get("may"):
            illegal(f"{ctx.source} 须从查看的牌中取一张（{'、'.join(names(eligible))}）", "limited_play")
        return None
    if answer is not None:
        found = next((card for card in eligible if card.name == answer[0]), None)
        if found is None:
            illegal(f"查看的牌中没有符合条件的“{answer[0]}”（可选：{'、'.join(names(eligible)) or '无'}）", "limited_play")
        return found
    if eligible and not state.defaults and (len(eligible) > 1 or take.get("may")):
        undecided(f"{ctx.controller} 须以 play_card 写明取哪张（可选：{'、'.join(names(eligible))}；不取写 play_card: null）")
    return eligible[0] if eligible else None


def reveal_until(state: GameState, log: Log, ctx, param) -> None:
    player = state.players[ctx.controller]
    wanted = param["card_type"]
    revealed = []
    while player.deck:
        card = player.deck.pop(0)
        revealed.append(card)
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
        play_unit(state, log, ctx.controller, found, player.banishment, base_of(ctx.controller), None, ctx.source)
    player.deck.extend(revealed)  # recycled: to the bottom of the main deck
    if revealed:
        log.add(f"其余展示的牌（{'、'.join(card.name for card in revealed)}）回收到主牌堆底", "recycle_cards")


def recycle(state: GameState, log: Log, ctx, param: dict) -> None:
    player = state.players[ctx.controller]
    zone = param.get("from", "trash")
    pile = getattr(player, zone)
    eligible = [card for card in pile if (definition := state.cards.get(card.name)) and card_matches(definition, param.get("card", {"kind": "any"}))]
    count = param.get("amount", 1)
    if len(eligible) > count and not state.defaults:
        undecided(f"{ctx.controller} 须选择回收哪 {count} 张牌（可选：{'、'.join(names(eligible))}）：本场景不允许引擎代为选择")
    chosen = eligible[:count]
    for card in chosen:
        pile.remove(card)
    player.deck.extend(chosen)
    shown = "、".join(names(chosen)) or "无"
    log.add(f"{ctx.source}：{ctx.controller} 从{ZONE_NAMES[zone]}回收 {shown} 到主牌堆底（尽可能多，416.4）", "recycle_cards",
            "recycle_as_many", default=len(eligible) > count)
