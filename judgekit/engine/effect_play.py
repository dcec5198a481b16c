"""Cards played by an effect (355.2, 356.1, 358): “play me from your trash”, “its owner plays it …”.

The card is played from the zone it is in, to the location the effect names, for the
cost the effect names or ignoring its cost (356.1.b.1).  The legality checks still apply:
a location the player may not play a unit to (355.2.a) fails the check, the play is
undone and the card stays where it was (358.5).
"""

from __future__ import annotations

from judgekit.engine import events, replacement
from judgekit.engine.gear import leave_unattached
from judgekit.engine.costs import Cost, pay, plan
from judgekit.engine.state import Card, GameState, Unit, base_of, is_base, location_name
from judgekit.engine.trace import Log


def play_unit(
    state: GameState, log: Log, player: str, card: Card, pile: list[Card], location: str, cost: Cost | None, source: str
) -> bool:
    """Play the unit card *card* from *pile* to *location*; False when the play is undone or not paid."""
    problem = invalid_location(state, player, location)
    if problem:
        log.add(
            f"{source}：{player} 须把 {card.name} 打出到 {location_name(location)}，但{problem}——合法性检查失败，"
            f"打出撤销，{card.name} 留在原处",
            "unit_location",
            "undo_play",
        )
        return False
    if cost is not None:
        if plan(state.players[player], cost) is None:
            log.add(f"{source}：{player} 付不起 {card.name} 的费用（{cost.describe()}），不打出", "check_costs")
            return False
        pay(state, log, player, cost, card.name)
    pile.remove(card)
    unit = Unit(state.fresh_id(card.name), card.name, card.owner, player, location, exhausted=True)
    state.units[unit.id] = unit
    events.happen(state, "finalized", player, card.name, source)
    events.happen(state, "played", player, unit.id)
    how = "无视费用" if cost is None else f"支付 {cost.describe()}"
    log.add(f"{source}：{player} {how}打出 {card.name}，它以横置状态进入 {location_name(location)}（单位 {unit.id}）",
            "play_by_effect", *(("ignore_cost",) if cost is None else ()))
    return True


def invalid_location(state: GameState, player: str, location: str) -> str:
    """355.2.a — the player's own base or a battlefield they control; else why not."""
    if is_base(location):
        return "" if location == base_of(player) else f"{location_name(location)}不是 {player} 的基地"
    controller = state.battlefields[location].controller
    return "" if controller == player else f"{location} 不由 {player} 控制"


def play_me(state: GameState, log: Log, ctx, param: dict) -> None:
    """The effect verb of a card in the trash: its owner may pay the cost named to play it to their base."""
    trash = state.players[ctx.controller].trash
    card = next((c for c in trash if c.id == ctx.source_card), None)
    if card is None:
        log.add(f"{ctx.source}：此牌已不在废牌堆中，无法打出", "do_what_you_can")
        return
    domains = state.card(card.name).domains
    cost = Cost().plus(param.get("energy", 0), (domains,) * param.get("power", 0), "效果给出的费用", "play_by_effect")
    log.add(f"{ctx.source}：{ctx.controller} 选择支付费用，从废牌堆打出 {card.name}", "play_by_effect", default=True)
    play_unit(state, log, ctx.controller, card, trash, base_of(ctx.controller), cost, ctx.source)


def banish_and_replay(state: GameState, log: Log, ctx, param, targets: list[Unit], choices) -> None:
    """“Banish a unit, then its owner plays it to the same location, ignoring its cost” (427, 419.3).

    The play is the owner's: the same location must be one the owner may play a unit to (355.2.a),
    else the play is undone and the card stays in the banishment (358.5).
    """
    for unit in targets:
        location, owner = unit.location, unit.owner
        card = banish(state, log, unit, ctx.source)
        play_unit(state, log, owner, card, state.players[owner].banishment, location, None, ctx.source)


def banish(state: GameState, log: Log, unit: Unit, source: str) -> Card:
    """427.2 — the unit goes from the board straight to its owner's banishment, a new object (not a kill)."""
    replacement.leave_board(state, unit)
    del state.units[unit.id]
    state.gone.append(unit.id)
    leave_unattached(state, log, unit)
    card = state.new_card(unit.card, unit.owner)
    state.players[unit.owner].banishment.append(card)
    log.add(f"{source} 放逐 {unit.id}：它离开场上，进入 {unit.owner} 的放逐区（放逐不是摧毁）", "banish")
    return card
