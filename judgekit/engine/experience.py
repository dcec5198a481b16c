"""XP (728–733): a number marked on each player, public (729.2); Hunt (823), which gains it, is defined in cards.

XP is not a game object (731) and is not shared between teammates (732).  Level (824) reads it: a
``level: N`` condition holds while the controlling player has N XP (824.1.c, see ``filters``).
"""

from __future__ import annotations

from judgekit.engine.rules import illegal
from judgekit.engine.state import GameState
from judgekit.engine.trace import Log


def gain_xp(state: GameState, log: Log, ctx, param: int) -> None:
    """730.1 — to gain XP, increase the XP marked on the player gaining it."""
    player = state.players[ctx.controller]
    before = player.xp
    player.xp += param
    log.add(f"{ctx.source}：{player.id} 获得 {param} 点经验（{before} → {player.xp}）", "xp_gain")


def xp_problem(state: GameState, player: str, amount: int, what: str) -> str | None:
    """Why *player* cannot spend *amount* XP for *what* (203.3), or None."""
    holder = state.players[player]
    return f"{player} 只有 {holder.xp} 点经验，无法为 {what} 消耗 {amount} 点" if holder.xp < amount else None


def spend_xp(state: GameState, log: Log, player: str, amount: int, what: str) -> None:
    """730.2 — to spend XP, reduce the XP marked on the player; one without enough cannot pay (203.3)."""
    problem = xp_problem(state, player, amount, what)
    if problem:
        illegal(problem, "check_costs")
    holder = state.players[player]
    holder.xp -= amount
    log.add(f"{what}：{player} 消耗 {amount} 点经验（剩 {holder.xp}）", "xp_spend")
