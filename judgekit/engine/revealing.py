"""Revealing cards from the main deck (431.1.c).

``reveal_until: {card_type: unit}`` reveals cards from the top of the main deck until one of
that type turns up, banishes it and plays it ignoring its cost, then recycles the rest.  Revealing
more cards than the deck holds reveals what there is and never burns out (431.1.c); with no such
card among them, the instructions about it are ignored (431.1.c.1).
"""

from __future__ import annotations

from judgekit.engine.effect_play import is_type, play_unit
from judgekit.engine.playedcheck import TYPE_NAMES
from judgekit.engine.state import GameState, base_of
from judgekit.engine.trace import Log


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
