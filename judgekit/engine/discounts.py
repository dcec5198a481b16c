"""Discounts (356.4, 356.6): “the next card you play this turn costs less”.

An effect makes a discount for a player (``discount_next: {energy, power}``); it waits
until that player next plays a card this turn, is one of the discounts ``cost_changes``
applies to that card's total cost (356.4.b; never below 0, 356.6) and is used up.  The card it lowers is the
next one played after the effect resolved, not the card whose play triggered the effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine.state import GameState
from judgekit.engine.trace import Log


@dataclass(frozen=True)
class Discount:
    player: str
    energy: int
    power: int  # Power of any domain
    source: str
    turn: int

    def as_change(self) -> dict:
        """The discount as a ``cost_changes`` entry, citing 356.4.b."""
        return {"energy": -self.energy, "power": -self.power, "rule": "discount"}


def make(state, log: Log, ctx, param: dict) -> None:
    """The effect verb: the effect's controller's next card this turn costs less."""
    discount = Discount(ctx.controller, param.get("energy", 0), param.get("power", 0), ctx.source, state.turn)
    state.discounts.append(discount)
    log.add(f"{ctx.source}：本回合 {ctx.controller} 打出的下一张牌{_amount(discount)}", "discount_next")


def waiting(state: GameState, player: str) -> Discount | None:
    """The player's oldest discount still waiting this turn."""
    return next((d for d in state.discounts if d.player == player and d.turn == state.turn), None)


def use(state: GameState, log: Log, player: str, card: str) -> None:
    """The discount applied to the card just played is used up."""
    discount = waiting(state, player)
    if discount is not None:
        state.discounts.remove(discount)
        log.add(f"{discount.source} 的减费用于 {card}，随之用尽", "discount_next")


def _amount(discount: Discount) -> str:
    parts = [f"能量 {discount.energy}"] if discount.energy else []
    parts += [f"任意领域符能 {discount.power}"] if discount.power else []
    return f"费用减少{'、'.join(parts)}"
