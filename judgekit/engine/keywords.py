"""Keywords that act while a card is played (805–829): the costs they add and the conditions they set.

Keywords that change might or combat (Assault, Shield, Tank, …) live with layers and combat.
"""

from __future__ import annotations

from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost
from judgekit.engine.layers import copying_gear, keywords, keywords_of_card
from judgekit.engine.state import GameState

ACCELERATE, DEFLECT, HIDDEN, AMBUSH = "急速", "法盾", "待命", "伏击"


# 822.1.b — Ambush: “I may be played to a battlefield where you control units” (and I have Reaction as I am).
def ambush_permits(state: GameState, player: str, card: CardDef, location: str | None) -> bool:
    """Whether Ambush is what lets *player* play *card* to *location* (822.1.c: it adds a location option)."""
    return (
        AMBUSH in keywords_of_card(card)
        and location in state.battlefields
        and any(unit.controller == player for unit in state.units_at(location))
    )


# 805.1.a — Accelerate: an optional additional [1] and one Power of the unit's domain.
def accelerate_cost(cost: Cost, card: CardDef) -> Cost:
    cost = cost.plus(1, (card.domains,), "急速：[1] 与 1 点同领域符能", "accelerate")
    cost = cost.plus(0, (), "急速的符能须与单位领域相符", "accelerate_domain")
    return cost.plus(0, (), "急速是可选额外费用", "optional_cost")


# 820.1.c, 820.3 — Repeat: each instance paid adds its cost once.
def repeat_cost(cost: Cost, card: CardDef, paid: int) -> Cost:
    for number in range(paid):
        cost = cost.plus(card.repeat[number], (), f"第 {number + 1} 个回响 [{card.repeat[number]}]", "repeat_instances")
    return cost


# 809.1.c — Deflect X: an opponent's spell pays X Power of any domain more each time it chooses the unit.
def deflect_cost(state: GameState, player: str, cost: Cost, targets: tuple[tuple[str, ...], ...]) -> Cost:
    ignoring = _deflect_ignored_at(state, targets)
    if ignoring:  # 765–767: for this spell only, every Deflect is treated as inactive while paying
        return cost.plus(0, (), f"{ignoring}：此法术选择了此处的物件，支付费用时无视所有法盾", "ignore_ability").plus(
            0, (), "只对这一次支付、这名玩家有效", "ignore_scope"
        )
    for chosen in targets:
        for name in chosen:
            unit = state.units.get(name) or next((u for u in state.units.values() if u.card == name), None)
            value = keywords(state, unit).get(DEFLECT) if unit else None
            if value and unit.controller in state.opponents(player):
                cost = cost.plus(0, ((),) * value, f"{unit.id} 的法盾 {value}：任意领域符能 {value}", "deflect")
                cost = cost.plus(0, (), "法盾费用是强制额外费用", "deflect_mandatory")
                cost = cost.plus(0, (), "其符能可为任意领域", "deflect_any_domain")
                if copying_gear(state, unit):  # 434.1.c: the copied text's Deflect adds up with the rest (809.2)
                    cost = cost.plus(0, (), "其中含装备复制来的法盾", "copied_text")
                    cost = cost.plus(0, (), "多个法盾的数值相加", "deflect_summed")
    return cost


def _deflect_ignored_at(state: GameState, targets: tuple[tuple[str, ...], ...]) -> str | None:
    """A battlefield where “players ignore Deflect while paying for spells choosing something here” and a target is."""
    for chosen in targets:
        for name in chosen:
            unit = state.units.get(name)
            battlefield = state.battlefields.get(unit.location) if unit else None
            if battlefield and battlefield.card and state.card(battlefield.card).passives.get("ignore_deflect_here"):
                return battlefield.name
    return None
