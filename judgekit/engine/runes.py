"""Runes channelled (430): from the top of the rune deck onto the board, ready unless the effect says otherwise.

The channel phase channels two (315.3.b); an effect channels what it says
(``channel: 1`` or ``channel: {count, exhausted}``).  With too few runes in the rune deck,
as many as there are are channelled (430.3).
"""

from __future__ import annotations

from judgekit.engine.state import GameState, Rune
from judgekit.engine.trace import Log


def channel(state: GameState, log: Log, player_id: str, count: int, exhausted: bool = False, rule: str = "channel_action") -> None:
    player = state.players[player_id]
    channelled, player.rune_deck = player.rune_deck[:count], player.rune_deck[count:]
    player.runes += [Rune(domain, exhausted) for domain in channelled]
    short = count - len(channelled)
    rules = (rule, "channel_exhausted") if exhausted else (rule,)
    log.add(
        f"{player_id} 引导 {len(channelled)} 张符文{'（横置）' if exhausted and channelled else ''}"
        f"（场上符文 {len(player.runes)} 张，符文牌堆余 {len(player.rune_deck)} 张）"
        + (f"；符文牌堆不足，少引导 {short} 张" if short else ""),
        *rules,
        *(("channel_short",) if short else ()),
    )


def channel_effect(state: GameState, log: Log, ctx, param) -> None:
    spec = param if isinstance(param, dict) else {"count": param}
    channel(state, log, ctx.controller, spec["count"], spec.get("exhausted", False))


def ready_runes(state: GameState, log: Log, ctx, param: int) -> None:
    """415 — ready up to *param* of the controller's exhausted runes."""
    exhausted = [rune for rune in state.players[ctx.controller].runes if rune.exhausted][:param]
    for rune in exhausted:
        rune.exhausted = False
    log.add(f"{ctx.source}：{ctx.controller} 活跃 {len(exhausted)} 张符文（至多 {param} 张）", "ready")
