"""Limited play effects (419.3): an effect plays a card as it resolves, here a unit from its controller's trash.

``play_from_trash: {max_cost, max_power}`` — the controller may play a unit card from their trash whose
Energy cost is at most *max_cost* and Power cost at most *max_power*, ignoring its cost (356.1.b.1).
The effect picks the first eligible card, as a default; with none, nothing happens and the resolution goes
on (419.3.c).  The unit enters its controller's base exhausted, as a played unit does, and is played.
"""

from __future__ import annotations

from judgekit.engine import events
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
