"""Revealing cards from the main deck (431.1.c), playing a card by an effect, and private choices (128.6).

``play_from_hand: {card_type: unit}`` plays a card of that type from the hand ignoring its Energy
cost.  The hand is private: the player may ignore an instruction that names a type of card
there (128.6.a), so the script answers with the card to play or none (``play_card``).

``reveal_until: {card_type: unit}`` reveals cards from the top of the main deck until one of
that type turns up, banishes it and plays it ignoring its cost, then recycles the rest.  Revealing
more cards than the deck holds reveals what there is and never burns out (431.1.c); with no such
card among them, the instructions about it are ignored (431.1.c.1).
"""

from __future__ import annotations

from judgekit.engine import playing
from judgekit.engine.errors import illegal
from judgekit.engine.state import GameState
from judgekit.engine.trace import Log


def reveal_until(state: GameState, log: Log, ctx, param) -> None:
    player = state.players[ctx.controller]
    wanted = param["card_type"]
    revealed = []
    while player.deck:
        card = player.deck.pop(0)
        revealed.append(card)
        if _is_type(state, card.name, wanted):
            break
    found = revealed[-1] if revealed and _is_type(state, revealed[-1].name, wanted) else None
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
        player.banishment.remove(found)
        playing.play_by_effect(state, log, ctx.controller, found, ctx.source)
    player.deck.extend(revealed)  # recycled: to the bottom of the main deck
    if revealed:
        log.add(f"其余展示的牌（{'、'.join(card.name for card in revealed)}）回收到主牌堆底", "recycle_cards")


TYPE_NAMES = {"unit": "单位", "spell": "法术", "gear": "装备"}


def play_from_hand(state: GameState, log: Log, ctx, param, answer: tuple[str, ...] | None) -> None:
    player = state.players[ctx.controller]
    wanted = param["card_type"]
    eligible = [card for card in player.hand if _is_type(state, card.name, wanted)]
    if answer == ():
        log.add(
            f"{ctx.controller} 的手牌是私密的：{ctx.source} 指定了牌的类型，{ctx.controller} 选择不执行这条指示"
            f"（视为无法执行）",
            "private_may_ignore",
        )
        return
    if answer is None:
        chosen = eligible[0] if eligible else None
        log.add(f"脚本未指定 {ctx.controller} 打出哪张牌：引擎按指示取第一张{TYPE_NAMES[wanted]}", "private_may_ignore", default=True)
    else:
        chosen = next((card for card in eligible if card.name == answer[0]), None)
        if chosen is None:
            illegal(f"{ctx.controller} 的手牌中没有{TYPE_NAMES[wanted]}“{answer[0]}”", "private_may_ignore")
    if chosen is None:
        log.add(f"{ctx.controller} 的手牌中没有{TYPE_NAMES[wanted]}：这条指示无法执行", "do_what_you_can")
        return
    player.hand.remove(chosen)
    playing.play_by_effect(state, log, ctx.controller, chosen, ctx.source)


def _is_type(state: GameState, name: str, wanted: str) -> bool:
    card = state.cards.get(name)
    return card is not None and (card.is_unit if wanted == "unit" else card.type == wanted)
