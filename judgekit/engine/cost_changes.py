"""Cost increases and discounts (356.3–356.6): passive abilities that change what a card costs to play.

A card's ``cost_changes`` entries say which cards they change and by how much:
``applies: self`` works while the card is played (it changes its own cost); ``friendly_spells`` and
``enemy_spells`` (relative to the card's controller) work while the card is a unit on the board,
``while: in_combat`` only while that unit is in combat (740.2.c).  ``energy`` and ``power`` are the
change (positive: an increase, 356.3; negative: a discount, 356.4), ``per: cards_played`` multiplies
it by the cards its player finalized this turn (“I cost [1] less for each card you've played this turn”:
a check of cards finalized, 419.4.b; a played token is not a card, 052, 185), and ``min`` is the Energy
the discount may not go below; it limits that discount only (356.4.e).
A one-shot “the next card you play this turn costs less” waiting for the player (``costs.py``) is one
more discount, applied after the others.  Increases apply first, then discounts; no cost goes below 0 (356.6).
A card's own ``{static: {cost_change: {energy, power, per, min}, while}}`` is a change of its own cost
(``applies: self``) when its condition holds as it is played.
``applies: optional_costs`` — each optional additional cost its controller pays costs [1] or [A] less,
applied as that cost is added, before the other discounts (356.4.c); it may reduce it to 0 (356.4.f).
The player chooses which; the engine takes [1] while the component has Energy left.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.engine import costs, playedcheck, selectors
from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost
from judgekit.engine.filters import View
from judgekit.engine.state import GameState, Unit

Change = tuple[str, dict]  # (source, cost_changes entry)


def apply(state: GameState, player: str, card: CardDef, cost: Cost, effects: Sequence[Change] = ()) -> Cost:
    """356.3–356.4 — the total cost after every increase, then every discount, that applies to *card*.

    *effects*: (source, change) of the effect that plays the card, “its cost is reduced by [3]”.
    """
    changes = _changes(state, player, card, effects)
    for source, change in sorted(changes, key=lambda pair: _is_discount(pair[1])):
        cost = _changed(state, player, cost, source, change)
    return cost


def optional_discount(state: GameState, player: str, cost: Cost, what: str, energy: int, power: int) -> Cost:
    """356.4.c — discounts on one optional additional cost, applied as it is added to the total cost."""
    sources = [
        unit.id
        for unit in state.units.values()
        if unit.controller == player
        for change in state.card(unit.card).cost_changes
        if change["applies"] == "optional_costs"
    ]
    for source in sources:
        if energy > 0:
            energy -= 1
            cost = Cost(cost.energy - 1, cost.power, cost.parts + ((f"{source}：{what}（可选额外费用）减少 [1]", "component_discount"),))
        elif power > 0:
            power -= 1
            cost = Cost(cost.energy, cost.power[:-1], cost.parts + ((f"{source}：{what}（可选额外费用）减少 [A]", "component_discount"),))
    return cost


def _changes(state: GameState, player: str, card: CardDef, effects: Sequence[Change]) -> list[Change]:
    own = [(card.name, change) for change in card.cost_changes if change["applies"] == "self"]
    own += [(card.name, change) for change in _static_changes(state, player, card)]
    passive = [
        (unit.id, change)
        for unit in state.units.values()
        for change in state.card(unit.card).cost_changes
        if _reaches(state, unit, change, player, card)
    ]
    waiting = costs.waiting_discount(state, player)
    one_shot = [(waiting.source, waiting.as_change())] if waiting else []
    return own + passive + list(effects) + one_shot


def _static_changes(state: GameState, player: str, card: CardDef) -> list[dict]:
    """“I cost [2] less if …” / “… for each …”: the card's own ``{static: {cost_change, while}}``, read as it is
    played, from its player's side (356.4); ``per`` multiplies the change by an amount."""
    view = View(player, card.name)
    changes = []
    for spec in card.statics:
        if "cost_change" not in spec or selectors.holds(state, view, spec.get("while", {}), []):
            continue
        change = spec["cost_change"]
        times = selectors.amount(state, view, change["per"]) if "per" in change else 1
        changes.append({key: value * times for key, value in change.items() if key in ("energy", "power")}
                       | ({"min": change["min"]} if "min" in change else {}))
    return changes


def _reaches(state: GameState, unit: Unit, change: dict, player: str, card: CardDef) -> bool:
    wanted = {"friendly_spells": True, "enemy_spells": False}.get(change["applies"])
    if wanted is None or card.type != "spell" or (player == unit.controller) != wanted:
        return False
    return change.get("while") != "in_combat" or state.in_combat(unit)


def _is_discount(change: dict) -> bool:
    return change.get("energy", 0) < 0 or change.get("power", 0) < 0


def _changed(state: GameState, player: str, cost: Cost, source: str, change: dict) -> Cost:
    # 419.4.b: cards finalized; a played token is never finalized, it is not a card (052, 185)
    times = playedcheck.finalized(state, [player], "any") if change.get("per") == "cards_played" else 1
    energy, power = change.get("energy", 0) * times, change.get("power", 0) * times
    if energy < 0:  # 356.4.e, 356.6: a minimum limits its own discount only
        energy = -min(-energy, max(0, cost.energy - change.get("min", 0)))
    kept = cost.power[: max(0, len(cost.power) + power)] if power < 0 else cost.power + ((),) * power
    per = f"（本回合已确定过 {times} 张牌）" if change.get("per") else ""
    what = f"{source}：{_describe(energy, len(kept) - len(cost.power))}{per}"
    rule = change.get("rule") or ("cost_discount" if _is_discount(change) else "cost_increase")
    cost = Cost(cost.energy + energy, kept, cost.parts + ((what, rule),))
    return cost.plus(0, (), "“打出过”按确定计算", "played_means_finalized") if change.get("per") else cost


def _describe(energy: int, power: int) -> str:
    parts = [f"能量 {energy:+d}"] if energy else []
    parts += [f"任意领域符能 {power:+d}"] if power else []
    return "、".join(parts) or "不再改变（已达下限）"
