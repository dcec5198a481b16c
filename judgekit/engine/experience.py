"""XP (728–733) and the keyword that gains it, Hunt (823): a number marked on each player, public (729.2).

XP is not a game object (731) and is not shared between teammates (732).  Level (824) reads it: a
``level: N`` condition holds while the controlling player has N XP (824.1.c, see ``filters``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgekit.engine.errors import illegal
from judgekit.engine.trace import Log

if TYPE_CHECKING:  # cards.py reads Hunt's definition from here, below the state
    from judgekit.engine.state import GameState

HUNT = "狩猎"


def gain_xp(state: GameState, log: Log, ctx, param: int) -> None:
    """730.1 — to gain XP, increase the XP marked on the player gaining it."""
    player = state.players[ctx.controller]
    before = player.xp
    player.xp += param
    log.add(f"{ctx.source}：{player.id} 获得 {param} 点经验（{before} → {player.xp}）", "xp_gain")


def spend_xp(state: GameState, log: Log, player: str, amount: int, what: str) -> None:
    """730.2 — to spend XP, reduce the XP marked on the player; one without enough cannot pay (203.3)."""
    holder = state.players[player]
    if holder.xp < amount:
        illegal(f"{player} 只有 {holder.xp} 点经验，无法为 {what} 消耗 {amount} 点", "check_costs")
    holder.xp -= amount
    log.add(f"{what}：{player} 消耗 {amount} 点经验（剩 {holder.xp}）", "xp_spend")


def hunt_abilities(value: int | None) -> tuple[dict, ...]:
    """823.1.c.1 — Hunt X is “When I conquer or hold, my controller gains X XP” (X omitted: 1)."""
    return tuple(
        {"name": f"{HUNT}（{name}）", "trigger": {"event": event, "subject": "self"}, "effects": [{"gain_xp": value or 1}]}
        for event, name in (("conquered", "征服"), ("held", "据守"))
    )
