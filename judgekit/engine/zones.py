"""Moving cards between a player's non-board zones: draw and burn out (413, 431)."""

from __future__ import annotations

from judgekit.engine.state import GameState
from judgekit.engine.trace import Log


def draw(state: GameState, log: Log, player_id: str, count: int, *rules: str) -> None:
    """413 — draw *count*; an empty main deck burns the player out first (413.4, 431)."""
    player = state.players[player_id]
    for _ in range(count):
        if not player.deck:
            _burn_out(state, log, player_id)
        if player.deck:
            card = player.deck.pop(0)
            player.hand.append(card)
            player.drawn += 1
            log.add(f"{player_id} 抓一张牌（{card}）；手牌 {len(player.hand)} 张", "draw", *rules)


# 431.2 — recycle the trash into the main deck, and an opponent gains 1 point.
def _burn_out(state: GameState, log: Log, player_id: str) -> None:
    player = state.players[player_id]
    player.deck, player.trash = player.trash, []
    opponent = state.opponents(player_id)[0]
    state.players[opponent].points += 1
    log.add(
        f"{player_id} 的主牌堆已空：燃尽——废牌堆洗回主牌堆（{len(player.deck)} 张），"
        f"{opponent} 获得 1 分（默认选择第一名对手）",
        "draw_too_many",
        "burn_out",
        default=len(state.opponents(player_id)) > 1,
    )
