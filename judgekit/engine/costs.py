"""Costs (356–357, 164–166): a card's total cost with its increases, discounts and keyword costs, and paying it.

A cost is Energy plus a list of Power, each Power naming the domains that may
pay it.  Paying takes Energy and Power from the pool first, then exhausts
ready runes for Energy (164.2.a) and recycles runes for Power of their domain
(164.2.b).  The engine picks the runes: the pool first, then for Power the
runes already exhausted, and marks that choice as a default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from judgekit.engine import filters, layers
from judgekit.engine.cards import AbilityCost, CardDef
from judgekit.engine.filters import View
from judgekit.engine.layers import copying_gear, keywords
from judgekit.engine.rules import illegal
from judgekit.engine.state import ANY_DOMAIN, GameState, Player, Question, Restricted, Unit, answer_to, is_base
from judgekit.engine.trace import Log
from judgekit.errors import IllegalActionError


@dataclass(frozen=True)
class Cost:
    """What a card or ability costs to play: Energy, the Powers and their domains, and the parts that make it up."""

    energy: int = 0
    power: tuple[tuple[str, ...], ...] = ()  # one entry per Power: the domains that may pay it, () for any
    parts: tuple[tuple[str, str], ...] = ()  # (what the part is, rule key) for the trace
    uses: frozenset[str] = frozenset()  # what it pays for (``for_use``): what limited Energy and Power may pay it

    def plus(self, energy: int, power: tuple[tuple[str, ...], ...], what: str, rule: str) -> Cost:
        return Cost(self.energy + energy, self.power + power, self.parts + ((what, rule),), self.uses)

    def describe(self) -> str:
        power = "、".join("/".join(domains) or "任意" for domains in self.power)
        return f"能量 {self.energy}" + (f"，符能 {len(self.power)}（{power}）" if self.power else "")


def base_cost(card) -> Cost:
    """356.1 — a card's printed cost: its Energy, and one Power of its domains per Power symbol."""
    return Cost().plus(card.cost or 0, (card.domains,) * (card.power or 0), f"基础费用 {card.cost or 0}", "total_cost")


# Limited resources (``add: {only, in_showdown}``, kept in ``Player.restricted``): a cost says what it pays for, and the
# pool it may be paid from is the player's own plus the limited Energy and Power that fit.  They are spent first (a
# default: what is limited is worth less to keep), the oldest first.


def for_use(state: GameState, cost: Cost, *uses: str) -> Cost:
    """The cost marked with what it pays for (``spell``, ``unit``, ``gear``, ``unit_ability``, ``gear_ability``),
    and ``showdown`` while a showdown or combat is under way."""
    marks = frozenset(uses) | ({"showdown"} if state.in_showdown else frozenset())
    return replace(cost, uses=marks)


def card_uses(card) -> tuple[str, ...]:
    """What playing *card* is, for limited resources: each of its types (178.3)."""
    return tuple(dict.fromkeys(("unit",) * card.is_unit + (card.type, *card.extra_types)))


def holder_use(state: GameState, holder_id: str) -> str:
    """What activating an ability of this object is: a unit's or a gear's ability (a legend's: neither)."""
    return "unit_ability" if holder_id in state.units else "gear_ability" if holder_id in state.gear else "ability"


def usable_pool(player: Player, cost: Cost) -> list[Restricted]:
    """The player's limited Energy and Power that may pay *cost*."""
    return [limited for limited in player.restricted
            if (not limited.only or cost.uses & set(limited.only)) and (not limited.in_showdown or "showdown" in cost.uses)]


def _pool(player: Player, cost: Cost) -> tuple[int, dict[str, int]]:
    """The Energy and Power that may pay *cost*: the pool's own and the limited ones that fit."""
    energy, power = player.energy, dict(player.power)
    for limited in usable_pool(player, cost):
        energy += limited.energy
        for domain, amount in limited.power.items():
            power[domain] = power.get(domain, 0) + amount
    return energy, power


def _take_limited_first(player: Player, cost: Cost, energy: int, power: dict[str, int]) -> list[str]:
    """What *cost* spent of the pool (it had ``_pool``, *energy* and *power* are left) taken from the limited resources
    that fit first, the rest from the player's own; the sources of the limited ones spent."""
    total_energy, total_power = _pool(player, cost)
    spent_energy = total_energy - energy
    spent_power = {domain: amount - power.get(domain, 0) for domain, amount in total_power.items()}
    used = []
    for limited in usable_pool(player, cost):
        taken = min(limited.energy, spent_energy)
        limited.energy, spent_energy = limited.energy - taken, spent_energy - taken
        for domain in list(limited.power):
            take = min(limited.power[domain], spent_power.get(domain, 0))
            limited.power[domain] -= take
            spent_power[domain] = spent_power.get(domain, 0) - take
            taken += take
        used += [limited.source] if taken else []
    player.restricted = [r for r in player.restricted if r.energy or any(r.power.values())]
    player.energy -= spent_energy
    player.power = {domain: amount - spent_power.get(domain, 0) for domain, amount in player.power.items()}
    player.power = {domain: amount for domain, amount in player.power.items() if amount}
    return used


def _covers(domains: tuple[str, ...], domain: str) -> bool:
    return not domains or domain == ANY_DOMAIN or domain in domains


@dataclass(frozen=True)
class Plan:
    """How a cost is paid: from the pool, by exhausting runes (indices) and by recycling runes (indices)."""

    energy_from_pool: int
    power_from_pool: tuple[str, ...]  # the pool domains spent, one per Power
    exhaust: tuple[int, ...]
    recycle: tuple[int, ...]


def plan(player: Player, cost: Cost) -> Plan | None:
    """A way to pay *cost* with the pool and runes, or None when it cannot be paid."""
    energy, pool = _pool(player, cost)
    spent_pool: list[str] = []
    recycle: list[int] = []
    # Domain-restricted Power first, so that Power of any domain is left for the rest.
    for domains in sorted(cost.power, key=lambda d: (not d, len(d))):
        source = next((d for d, n in pool.items() if n > 0 and d != ANY_DOMAIN and _covers(domains, d)), None)
        if source is None and pool.get(ANY_DOMAIN, 0) > 0:
            source = ANY_DOMAIN
        if source is not None:
            pool[source] -= 1
            spent_pool.append(source)
            continue
        candidates = [
            index
            for index, rune in enumerate(player.runes)
            if index not in recycle and (not domains or rune.domain in domains or rune.domain == ANY_DOMAIN)
        ]
        if not candidates:
            return None
        recycle.append(min(candidates, key=lambda index: not player.runes[index].exhausted))
    from_pool = min(energy, cost.energy)
    ready = [index for index, rune in enumerate(player.runes) if not rune.exhausted]
    # Runes to be recycled are exhausted for Energy first when Energy is short (both abilities of a basic rune).
    ready.sort(key=lambda index: index in recycle)
    needed = cost.energy - from_pool
    if needed > len(ready):
        return None
    return Plan(from_pool, tuple(spent_pool), tuple(sorted(ready[:needed])), tuple(recycle))


def as_payment(player: Player, found: Plan) -> Payment:
    """A plan written as the player's answer: the domains of the runes exhausted and recycled."""
    return Payment(
        tuple(player.runes[i].domain for i in found.exhaust), tuple(player.runes[i].domain for i in found.recycle)
    )


@dataclass(frozen=True)
class Payment:
    """A player's answer to paying a cost: the runes to exhaust and to recycle, by domain ("" for any)."""

    exhaust: tuple[str, ...] = ()
    recycle: tuple[str, ...] = ()

    def describe(self) -> str:
        def runes(domains: tuple[str, ...]) -> str:
            return "、".join(domain or "任意" for domain in domains)

        parts = [f"横置 {runes(self.exhaust)}" if self.exhaust else ""]
        parts.append(f"回收 {runes(self.recycle)}" if self.recycle else "")
        return "，".join(part for part in parts if part) or "只用符文池"


def _matches(rune_domain: str, wanted: str) -> bool:
    return wanted == ANY_DOMAIN or rune_domain == wanted


def _chosen(player: Player, payment: Payment) -> tuple[list[int], list[int]]:
    """164.2 — the runes the answer names: ready ones to exhaust, then ones to recycle (exhausted first)."""
    exhaust: list[int] = []
    for wanted in payment.exhaust:
        ready = [i for i, r in enumerate(player.runes) if not r.exhausted and i not in exhaust]
        index = next((i for i in ready if _matches(player.runes[i].domain, wanted)), None)
        if index is None:
            illegal(f"{player.id} 没有可横置的就绪{wanted or ''}符文", "rune_energy")
        exhaust.append(index)
    recycle: list[int] = []
    for wanted in payment.recycle:
        candidates = [i for i, r in enumerate(player.runes) if i not in recycle and _matches(r.domain, wanted)]
        if not candidates:
            illegal(f"{player.id} 没有可回收的{wanted or ''}符文", "rune_power")
        recycle.append(min(candidates, key=lambda i: not (player.runes[i].exhausted or i in exhaust)))
    return exhaust, recycle


def _left_after(player: Player, energy: int, power: dict[str, int], cost: Cost, what: str) -> tuple[int, dict[str, int]]:
    """357.1 — the pool left once the total cost is taken out of *energy* and *power*; refused (358.2) when it
    does not cover it."""
    parts = "；".join(part for part, _ in cost.parts)
    short = f"{player.id} 的符文池不足以支付 {what} 的费用（{cost.describe()}：{parts}；"
    if energy < cost.energy:
        illegal(short + f"能量只有 {energy}）", "check_costs")
    power = dict(power)
    for domains in sorted(cost.power, key=lambda d: (not d, len(d))):
        source = next((d for d, n in power.items() if n > 0 and d != ANY_DOMAIN and _covers(domains, d)), None)
        if source is None and power.get(ANY_DOMAIN, 0) > 0:
            source = ANY_DOMAIN
        if source is None:
            illegal(short + f"缺少{'/'.join(domains) or '任意'}符能）", "check_costs")
        power[source] -= 1
    return energy - cost.energy, {domain: amount for domain, amount in power.items() if amount}


def _found_plan(player: Player, cost: Cost, what: str) -> Plan:
    """A way the engine finds to pay *cost*; refused when there is none."""
    found = plan(player, cost)
    if found is None:
        parts = "；".join(part for part, _ in cost.parts)
        ready = sum(not rune.exhausted for rune in player.runes)
        have = f"符文池能量 {player.energy}、符能 {sum(player.power.values())}，符文 {len(player.runes)} 张（就绪 {ready}）"
        illegal(f"{player.id} 无法支付 {what} 的费用（{cost.describe()}：{parts}；现有{have}）", "check_costs")
    return found


def check_payable(player: Player, cost: Cost, what: str, payment: Payment | None = None) -> None:
    """358.2 — whether *cost* can be paid now, with the runes *payment* names or any way: reads only."""
    if payment is None:
        _found_plan(player, cost, what)
        return
    exhaust, recycle = _chosen(player, payment)
    energy, power = _pool(player, cost)
    for index in recycle:
        power[player.runes[index].domain] = power.get(player.runes[index].domain, 0) + 1
    _left_after(player, energy + len(exhaust), power, cost, what)


def pay(state: GameState, log: Log, player_id: str, cost: Cost, what: str, payment: Payment | None = None) -> list[str]:
    """357.1 — pay the total cost with the runes the player names, or else a way the engine finds (a default); the
    domains of the runes recycled to pay it (``events.pay`` makes them events)."""
    player = state.players[player_id]
    recycled: list[str] = []
    parts = "；".join(part for part, _ in cost.parts)
    if payment is None:
        found = _found_plan(player, cost, what)
        exhaust, recycle = list(found.exhaust), list(found.recycle)
        if (exhaust or recycle) and not state.defaults:  # which runes pay: the player's question (164.2)
            payment = from_answer(answer_to(state, Question(
                "payment", player_id, what, f"{player_id} 用哪些符文支付 {what}（{cost.describe()}）",
                payment_answers(player, cost, what), "pay: {exhaust: [……], recycle: [……]}（写在这一步）或 choose: [横置 炽烈, 回收 翠意]",
                "pay",
            )))
    if payment is not None:
        exhaust, recycle = _chosen(player, payment)
    for index in exhaust:
        player.runes[index].exhausted = True
    if exhaust:
        log.add(f"{player_id} 横置 {len(exhaust)} 张符文，各加入 1 点能量", "rune_energy", "rune_pool")
    player.energy += len(exhaust)
    for index in sorted(recycle, reverse=True):
        rune = player.runes.pop(index)
        player.rune_deck.append(rune.domain)
        player.power[rune.domain] = player.power.get(rune.domain, 0) + 1
        log.add(f"{player_id} 回收一张{rune.domain or ''}符文（置于符文牌堆底），加入 1 点符能", "rune_power", "rune_pool")
        recycled.append(rune.domain)
    energy, power = _pool(player, cost)
    used = _take_limited_first(player, cost, *_left_after(player, energy, power, cost, what))
    rules = tuple(dict.fromkeys(rule for _, rule in cost.parts))
    chose = payment is None and bool(exhaust or recycle)
    log.add(
        f"{player_id} 支付 {what} 的总费用：{cost.describe()}（{parts}）"
        + (f"；先用 {'、'.join(used)} 加入的限定用途资源" if used else "")
        + ("；用哪些符文由引擎按规则选择" if chose else ""),
        "total_cost",
        *rules,
        "pay",
        default=chose or bool(used and (player.energy or player.power)),
    )
    return recycled


EXHAUST, RECYCLE = "横置", "回收"


def payment_answers(player: Player, cost: Cost, what: str) -> tuple[tuple[str, ...], ...]:
    """357.1, 164.2 — every way to pay *cost* with runes, by domain, read from the state: as many ready runes
    exhausted as the pool lacks Energy, and the fewest runes recycled that cover the Power it lacks.  Each answer
    is ``("横置 炽烈", "回收 翠意", …)``."""
    ready = sorted(rune.domain for rune in player.runes if not rune.exhausted)
    every = sorted(rune.domain for rune in player.runes)
    needed = max(0, cost.energy - _pool(player, cost)[0])
    found = []
    for exhaust in dict.fromkeys(combinations(ready, needed)):
        for size in range(len(cost.power) + 1):
            fits = [Payment(exhaust, recycle) for recycle in dict.fromkeys(combinations(every, size))
                    if _pays(player, cost, what, Payment(exhaust, recycle))]
            if fits:
                found += fits
                break
    return tuple(as_answer(way) for way in found)


def _pays(player: Player, cost: Cost, what: str, payment: Payment) -> bool:
    try:
        check_payable(player, cost, what, payment)
    except IllegalActionError:
        return False
    return True


def as_answer(payment: Payment) -> tuple[str, ...]:
    """A payment as a question's answer: each rune exhausted or recycled, by domain."""
    return tuple(f"{EXHAUST} {domain or '任意'}" for domain in payment.exhaust) + tuple(
        f"{RECYCLE} {domain or '任意'}" for domain in payment.recycle)


def from_answer(answer: tuple[str, ...]) -> Payment:
    """The payment a question's answer names (``as_answer`` read back)."""
    runes = [part.split(" ", 1) for part in answer]
    domain = {"任意": ANY_DOMAIN}
    return Payment(tuple(domain.get(d, d) for how, d in runes if how == EXHAUST),
                   tuple(domain.get(d, d) for how, d in runes if how == RECYCLE))


# Discounts (356.4, 356.6): “the next card you play this turn costs less”.
#
# An effect makes a discount for a player (``discount_next: {energy, power, kind}``); it waits
# until that player next plays a card this turn (of that kind: ``kind: spell`` is “the next spell you play”), is one of the discounts ``cost_changes``
# applies to that card's total cost (356.4.b; never below 0, 356.6) and is used up.  The card it lowers is the
# next one played after the effect resolved, not the card whose play triggered the effect.


@dataclass(frozen=True)
class Discount:
    """A reduction waiting for the next card its player plays (of *kind*, when set), used up by that card."""

    player: str
    energy: int
    power: int  # Power of any domain
    source: str
    turn: int
    kind: str = ""  # the card type it waits for (“the next spell”); empty: any card
    card: dict = field(default_factory=dict)  # a CARD_FILTER the card must meet (“一件法力费用不高于⑦的装备”)
    ignore: str = ""  # ``energy``: no reduction but a permission, the card played from hand ignoring its Energy cost (356.1.b.2)

    def as_change(self) -> dict:
        """The discount as a ``cost_changes`` entry, citing 356.4.b."""
        return {"energy": -self.energy, "power": -self.power, "rule": "discount"}


def make_discount(state, log: Log, ctx, param: dict) -> None:
    """The effect verb: the effect's controller's next card this turn costs less."""
    kind = param.get("kind", "")
    discount = Discount(ctx.controller, param.get("energy", 0), param.get("power", 0), ctx.source, state.turn, kind,
                        dict(param.get("card", {})), param.get("ignore", ""))
    state.discounts.append(discount)
    if discount.ignore:
        log.add(f"{ctx.source}：本回合 {ctx.controller} 可以从手牌打出一张符合条件的牌，无视其法力费用", "discount_next",
                "ignore_cost")
        return
    what = {"spell": "法术", "unit": "单位", "gear": "装备"}.get(kind, "牌")
    log.add(f"{ctx.source}：本回合 {ctx.controller} 打出的下一{'个' if kind else '张'}{what}{_discount_amount(discount)}", "discount_next")


def waiting_discount(state: GameState, player: str, card: CardDef, from_hand: bool = False,
                     ignoring: bool = False) -> Discount | None:
    """The player's oldest discount still waiting this turn for a card like *card*; *ignoring*: the permissions to play
    one from hand ignoring its Energy cost (only for a card played from hand) instead of the reductions."""
    return next((d for d in state.discounts if d.player == player and d.turn == state.turn and
                 (not d.kind or card.is_type(d.kind)) and bool(d.ignore) == ignoring and (from_hand or not ignoring)
                 and (not d.card or filters.card_matches(card, {"kind": "any", **d.card}))), None)


def use_discount(state: GameState, log: Log, player: str, card: CardDef, from_hand: bool = False) -> None:
    """The discount applied to the card just played is used up, and a permission to ignore its Energy cost it used."""
    for discount in (waiting_discount(state, player, card, from_hand, True), waiting_discount(state, player, card)):
        if discount is not None:
            state.discounts.remove(discount)
            log.add(f"{discount.source} 的{'许可' if discount.ignore else '减费'}用于 {card.name}，随之用尽", "discount_next")


def _discount_amount(discount: Discount) -> str:
    parts = [f"能量 {discount.energy}"] if discount.energy else []
    parts += [f"任意领域符能 {discount.power}"] if discount.power else []
    return f"费用减少{'、'.join(parts)}"


# Cost increases and discounts (356.3–356.6): passive abilities that change what a card costs to play.
#
# A card's ``cost_changes`` entries say which cards they change and by how much:
# ``applies: self`` works while the card is played (it changes its own cost); ``friendly_spells`` and
# ``enemy_spells`` (relative to the card's controller) work while the card is a unit on the board,
# ``while: in_combat`` only while that unit is in combat (740.2.c), ``while: at_battlefield`` only while it is at a
# battlefield, ``while: empowered`` only while it is Empowered (441); ``friendly_units`` (with ``tag``: those with that tag) the unit cards its controller plays.  ``energy`` and ``power`` are the
# change (positive: an increase, 356.3; negative: a discount, 356.4), ``per: cards_played`` multiplies
# it by the cards its player finalized this turn (“I cost [1] less for each card you've played this turn”:
# a check of cards finalized, 419.4.b; a played token is not a card, 052, 185) — ``per: points_scored_holding`` by the
# battlefields its player scored by holding this turn, a point gained or not (468.1) — and ``min`` is the Energy
# the discount may not go below; it limits that discount only (356.4.e).
# A one-shot “the next card you play this turn costs less” waiting for the player (above) is one
# more discount, applied after the others.  Increases apply first, then discounts; no cost goes below 0 (356.6).
# A card's own ``{static: {cost_change: {energy, power, per, min}, while}}`` is a change of its own cost
# (``applies: self``) when its condition holds as it is played.
# ``applies: optional_costs`` — each optional additional cost its controller pays costs [1] or [A] less,
# applied as that cost is added, before the other discounts (356.4.c); it may reduce it to 0 (356.4.f).
# The player chooses which; the engine takes [1] while the component has Energy left.
# ``friendly_gear`` the gear cards its controller plays; ``first: true`` (units, spells, gear) only the first card of
# that type they play each turn.  A battlefield's entries say ``while: controlled``: they work for its controller
# (``battlefield_changes``), ``applies: repeat_costs`` lowering each Repeat cost they pay (820.1, 356.4.c).


Change = tuple[str, dict]  # (source, cost_changes entry)


def apply_cost_changes(
    state: GameState, player: str, card: CardDef, cost: Cost, effects: Sequence[Change] = (), paid_additional: bool = False,
    from_hand: bool = True, targets: tuple[str, ...] = (), from_trash: bool = False,
) -> Cost:
    """356.3–356.4 — the total cost after every increase, then every discount, that applies to *card*.

    *effects*: (source, change) of the effect that plays the card, “its cost is reduced by [3]”; *paid_additional*:
    its optional additional cost is paid (“if you do, reduce my cost by [2]”, 356.2.b.1); *from_hand*: it is played
    from its player's hand (“I cost [2] less to play from anywhere other than your hand”); *targets*: what it chose
    (“spells you play that choose me cost [1] less”); *from_trash*: it is played from its player's trash (by Flow, 829,
    or an effect: “spells with Flow you play from your trash cost ② less”).
    """
    changes = _changes(state, player, card, effects, paid_additional, from_hand, targets, from_trash)
    for source, change in sorted(changes, key=lambda pair: _is_discount(pair[1])):
        cost = _changed(state, player, cost, source, change)
    return cost


def optional_discounters(state: GameState, player: str) -> list[str]:
    """The units of *player* whose text lowers the optional additional costs they pay (``applies: optional_costs``)."""
    return [unit.id for unit in state.units.values() if unit.controller == player
            for change in state.card(unit.card).cost_changes if change["applies"] == "optional_costs"]


def optional_discount(state: GameState, player: str, cost: Cost, what: str, energy: int, power: int,
                      repeat: bool = False) -> Cost:
    """356.4.c — discounts on one optional additional cost, applied as it is added to the total cost (*repeat*: it is a
    Repeat cost, 820.1, which a battlefield's ``applies: repeat_costs`` lowers by its Energy)."""
    for source, change in battlefield_changes(state, player) if repeat else ():
        cut = min(-change.get("energy", 0), energy) if change["applies"] == "repeat_costs" else 0
        if cut > 0:
            energy -= cut
            cost = Cost(cost.energy - cut, cost.power, cost.parts + ((f"{source}：{what}减少 [{cut}]", "component_discount"),))
    for source in optional_discounters(state, player):
        if energy > 0:
            energy -= 1
            cost = Cost(cost.energy - 1, cost.power, cost.parts + ((f"{source}：{what}（可选额外费用）减少 [1]", "component_discount"),))
        elif power > 0:
            power -= 1
            cost = Cost(cost.energy, cost.power[:-1], cost.parts + ((f"{source}：{what}（可选额外费用）减少 [A]", "component_discount"),))
    return cost


def _changes(state: GameState, player: str, card: CardDef, effects: Sequence[Change], paid_additional: bool,
             from_hand: bool, targets: tuple[str, ...] = (), from_trash: bool = False) -> list[Change]:
    own = [(card.name, change) for change in card.cost_changes if change["applies"] == "self"]
    own += [(card.name, change) for change in _static_changes(state, player, card, paid_additional, from_hand)]
    passive = [
        (unit.id, change)
        for unit in state.units.values()
        for change in state.card(unit.card).cost_changes
        if _reaches(state, unit, change, player, card, targets, from_trash)
    ]
    passive += [(source, change) for source, change in battlefield_changes(state, player)
                if _applies_to(state, change, player, card, from_trash)]
    passive += [(battlefield.name, change) for battlefield in state.battlefields.values() if battlefield.card
                for change in state.card(battlefield.card).cost_changes
                if change["applies"] == "spells_choosing_here" and _chooses_here(state, battlefield.name, change, player, card, targets)]
    waiting = waiting_discount(state, player, card)
    one_shot = [(waiting.source, waiting.as_change())] if waiting else []
    this_turn = [(source, change) for who, turn, source, change, kind in state.turn_cost_changes
                 if who == player and turn == state.turn and (not kind or card.is_type(kind))]
    return own + passive + this_turn + list(effects) + one_shot


def _chooses_here(state: GameState, battlefield: str, change: dict, player: str, card: CardDef, targets: tuple[str, ...]) -> bool:
    """A battlefield's “each spell that chooses one or more units here (friendly to it) costs less”, whoever controls the
    battlefield: *card* is a spell and one unit at least it chose is at the battlefield, of the side ``who`` names seen from
    the spell's player (``friendly``: theirs; ``enemy``; ``any``, the default)."""
    if card.type != "spell":
        return False
    who = change.get("who", "any")
    chosen = [state.units[name] for name in targets if name in state.units]
    return any(unit.location == battlefield and (who == "any" or (unit.controller == player) == (who == "friendly"))
               for unit in chosen)


def make_turn_cost_change(state: GameState, log: Log, ctx, param: dict) -> None:
    """The effect verb “your (non-token) units cost ① more to play this turn” (356.3; a discount, 356.4): every card of
    ``kind`` the players ``who`` names play for the rest of this turn (``you`` by default, or ``opponents``)."""
    players = state.opponents(ctx.controller) if param.get("who") == "opponents" else [ctx.controller]
    change = {key: param[key] for key in ("energy", "power") if key in param}
    kind = param.get("kind", "")
    for player in players:
        state.turn_cost_changes.append((player, state.turn, ctx.source, change, kind))
    what = {"unit": "单位", "spell": "法术", "gear": "装备"}.get(kind, "牌")
    rule = "cost_discount" if _is_discount(change) else "cost_increase"
    log.add(f"{ctx.source}：本回合 {'、'.join(players)} 打出的{what}{_describe(change.get('energy', 0), change.get('power', 0))}", rule)


def _static_changes(state: GameState, player: str, card: CardDef, paid_additional: bool, from_hand: bool) -> list[dict]:
    """“I cost [2] less if …” / “… for each …”: the card's own ``{static: {cost_change, while}}``, read as it is
    played, from its player's side (356.4); ``per`` multiplies the change by an amount. ``while:
    {paid_additional_cost: true}`` is “if you paid the optional additional cost, I cost [2] less” (356.2.b.1), ``while:
    {legion: true}`` “Legion — I cost [2] less” (812), ``while: {from_hand: false}`` “… to play from anywhere other than
    your hand”."""
    view = View(player, card.name, paid_additional=paid_additional, from_hand=from_hand)
    changes = []
    for spec in card.statics:
        if spec.get("cost_change", {}).get("ignore"):
            continue  # read by ignores_own_cost
        condition = dict(spec.get("while", {}))
        # 812.1.c — Legion of its own cost (“鼓舞—我的费用减少②”), read as it is played, before it is finalized: any
        # card finalized this turn is another
        legion = condition.pop("legion", None)
        if legion is not None and legion != filters.legion_active(state, player, itself=False):
            continue
        if "cost_change" not in spec or layers.holds(state, view, condition, []):
            continue
        change = spec["cost_change"]
        times = layers.amount(state, view, change["per"]) if "per" in change else 1
        changes.append({key: value * times for key, value in change.items() if key in ("energy", "power")}
                       | ({"min": change["min"]} if "min" in change else {}))
    return changes


def ignores_own_cost(state: GameState, player: str, card: CardDef, paid_additional: bool, from_hand: bool) -> bool:
    """356.1.b.1 — the card's own ``{static: {cost_change: {ignore: true}, while}}`` (“若如此做，则无视此法术的费用”):
    its Energy and Power costs are ignored when the condition holds as it is played; additional costs are still paid."""
    view = View(player, card.name, paid_additional=paid_additional, from_hand=from_hand)
    return any(spec.get("cost_change", {}).get("ignore") and not layers.holds(state, view, spec.get("while", {}), [])
               for spec in card.statics)


def battlefield_changes(state: GameState, player: str) -> list[Change]:
    """A battlefield's ``cost_changes`` (``while: controlled``, “如果此战场受你控制，则……”): they work for the player who
    controls it, the “you” of its text (an uncontrolled battlefield's “you” is no one)."""
    return [(battlefield.name, change) for battlefield in state.battlefields.values()
            if battlefield.card and battlefield.controller == player
            for change in state.card(battlefield.card).cost_changes]


_FRIENDLY_KINDS = {"friendly_units": "unit", "friendly_spells": "spell", "friendly_gear": "gear"}


def _applies_to(state: GameState, change: dict, player: str, card: CardDef, from_trash: bool = False) -> bool:
    """Whether a change to its controller's cards of one type (``friendly_units | friendly_spells | friendly_gear``)
    reaches *card*, which *player* (its controller) plays: ``tag``, only those with it (“your Dragons cost ② less”);
    ``keyword``, only cards with that keyword printed (“spells with Flow”); ``from: trash``, only as played from their
    trash (*from_trash*); ``first``, only the first card of that type they play this turn — none finalized yet (419.4.b:
    a token is no card)."""
    kind = _FRIENDLY_KINDS.get(change["applies"])
    if kind is None or not card.is_type(kind) or ("tag" in change and change["tag"] not in card.tags):
        return False
    if "keyword" in change and change["keyword"] not in {name for name, _ in card.keywords}:
        return False
    if change.get("from") == "trash" and not from_trash:
        return False
    return not change.get("first") or filters.finalized(state, [player], kind) == 0


def _reaches(state: GameState, unit: Unit, change: dict, player: str, card: CardDef, targets: tuple[str, ...] = (),
             from_trash: bool = False) -> bool:
    if change["applies"] == "spells_choosing_me":  # “spells you play that choose me cost ① or any rune less”
        return card.type == "spell" and player == unit.controller and unit.id in targets
    if change["applies"] == "enemy_spells":
        return card.type == "spell" and player != unit.controller and _active_while(state, unit, change)
    return player == unit.controller and _applies_to(state, change, player, card, from_trash) and _active_while(state, unit, change)


def _active_while(state: GameState, unit: Unit, change: dict) -> bool:
    during = change.get("while")
    if during == "empowered":  # “Empowered ▸ your spells cost ① less”: while this unit is Empowered (441)
        return unit.empowered > 0
    return during is None or (state.in_combat(unit) if during == "in_combat" else not is_base(unit.location))


def _is_discount(change: dict) -> bool:
    return change.get("energy", 0) < 0 or change.get("power", 0) < 0


def _times(state: GameState, player: str, per: str | None) -> int:
    """How many times a ``per`` change applies: each card *player* finalized this turn (419.4.b: a played token is
    never finalized, it is not a card, 052, 185), or each battlefield they scored by holding this turn — a hold that
    gained no point (“can't gain points”) is scored all the same (468.1)."""
    if per == "cards_played":
        return filters.finalized(state, [player], "any")
    if per == "points_scored_holding":
        return sum(event.kind == "held" and event.player == player for event in state.this_turn)
    return 1


def _changed(state: GameState, player: str, cost: Cost, source: str, change: dict) -> Cost:
    times = _times(state, player, change.get("per"))
    energy, power = change.get("energy", 0) * times, change.get("power", 0) * times
    if change.get("either") and energy and power:  # “① or [A]” less: the player's choice; the engine takes [1] while
        energy, power = (energy, 0) if cost.energy > 0 else (0, power)  # there is Energy to lower (a default)
    if energy < 0:  # 356.4.e, 356.6: a minimum limits its own discount only
        energy = -min(-energy, max(0, cost.energy - change.get("min", 0)))
    kept = cost.power[: max(0, len(cost.power) + power)] if power < 0 else cost.power + ((),) * power
    played = change.get("per") == "cards_played"
    per = {"cards_played": f"（本回合已确定过 {times} 张牌）",
           "points_scored_holding": f"（本回合通过据守计分 {times} 次，得分与否都算）"}.get(change.get("per"), "")
    what = f"{source}：{_describe(energy, len(kept) - len(cost.power))}{per}"
    rule = change.get("rule") or ("cost_discount" if _is_discount(change) else "cost_increase")
    cost = Cost(cost.energy + energy, kept, cost.parts + ((what, rule),))
    if change.get("per") == "points_scored_holding":
        return cost.plus(0, (), "据守照常计分", "scored_without_point")
    return cost.plus(0, (), "“打出过”按确定计算", "played_means_finalized") if played else cost


def each_discount(cost: Cost, source: str, each: dict, times: int) -> Cost:
    """356.4 — ``discount_each: {energy, power, runes}`` *times* over (“每消耗一个增益，就让我的费用减少橙色符能”: for each
    buff its optional additional cost spent): Energy, Power of any domain, and a Power that a domain named may pay (the
    card's own Power of that domain), none below 0 (356.6)."""
    energy = min(cost.energy, each.get("energy", 0) * times)
    power = list(cost.power)
    for domain in [*each.get("runes", ())] * times + [""] * (each.get("power", 0) * times):
        index = next((i for i in range(len(power) - 1, -1, -1) if not domain or _covers(power[i], domain)), None)
        if index is not None:
            power.pop(index)
    if not times or (energy == 0 and len(power) == len(cost.power)):
        return cost
    what = f"{source}：按所付的 {times} 个计，{_describe(-energy, len(power) - len(cost.power))}"
    return Cost(cost.energy - energy, tuple(power), cost.parts + ((what, "cost_discount"),), cost.uses)


def _describe(energy: int, power: int) -> str:
    parts = [f"能量 {energy:+d}"] if energy else []
    parts += [f"任意领域符能 {power:+d}"] if power else []
    return "、".join(parts) or "不再改变（已达下限）"


# Keywords that act while a card is played (805–829): the costs they add.
#
# Keywords that change might or combat (Assault, Shield, Tank, …) live with layers and combat.


ACCELERATE, DEFLECT, HIDDEN, FLOW = "急速", "法盾", "待命", "流转"


# 829.1.c — Flow: a spell played from its owner's trash for its Flow cost, which replaces its base cost.
def flow_cost(card: CardDef) -> Cost | None:
    """The card's Flow cost (829.1.c), or None without Flow: the keyword's value is its Energy; a cost with
    Power (“Flow ④Fury rune”) is the card's ``flow: {cost}`` (one Power of any domain per ``power``, one of
    each domain named in ``runes``)."""
    energy = next((value or 0 for name, value in card.keywords if name == FLOW), None)
    if energy is None:
        return None
    paid = card.flow_cost or {"energy": energy}
    power = ((),) * paid.get("power", 0) + tuple((domain,) for domain in paid.get("runes", ()))
    shown = "、".join([str(paid.get("energy", 0))] + ["任意符能"] * paid.get("power", 0) +
                     [f"{domain}符能" for domain in paid.get("runes", ())])
    return Cost().plus(paid.get("energy", 0), power, f"流转费用 [{shown}]（替代基础费用）", "flow_cost")


def from_trash_cost(card: CardDef) -> Cost | None:
    """The cost a card's own permission to play it from its owner's trash names (“你可以选择支付③和红色符能，将我从废牌堆中
    打出”, 366.1): it replaces the card's base cost (356.1.a); None without one (its ``while`` is the caller's)."""
    if not card.from_trash:
        return None
    paid = card.from_trash["cost"]
    power = ((),) * paid.get("power", 0) + tuple((domain,) for domain in paid.get("runes", ()))
    shown = "、".join([str(paid.get("energy", 0))] + ["任意符能"] * paid.get("power", 0) +
                     [f"{domain}符能" for domain in paid.get("runes", ())])
    return Cost().plus(paid.get("energy", 0), power, f"从废牌堆打出的费用 [{shown}]（替代基础费用）", "play_for_cost")


# 805.1.a — Accelerate: an optional additional [1] and one Power of the unit's domain.
def accelerate_cost(cost: Cost, card: CardDef) -> Cost:
    cost = cost.plus(1, (card.domains,), "急速：[1] 与 1 点同领域符能", "accelerate")
    cost = cost.plus(0, (), "急速的符能须与单位领域相符", "accelerate_domain")
    return cost.plus(0, (), "急速是可选额外费用", "optional_cost")


# 820.1.c, 820.3 — Repeat: each instance paid adds its cost once.
def repeat_cost(cost: Cost, card: CardDef, paid: Sequence[int]) -> Cost:
    """820.1.c.1 — each Repeat instance paid (*paid*: their numbers from 0) adds its cost to the total cost."""
    for number in paid:
        power = repeat_power(card, number)
        shown = f"[{card.repeat[number]}]" + (f" 与符能 {len(power)}" if power else "")
        cost = cost.plus(card.repeat[number], power, f"第 {number + 1} 个回响 {shown}", "repeat_instances")
    if len(card.repeat) > 1 and paid:  # “each Cost may be paid or not paid individually”
        cost = cost.plus(0, (), f"{len(card.repeat)} 个回响中支付了 {len(paid)} 个", "repeat_each")
    return cost


def repeat_power(card: CardDef, number: int) -> tuple[tuple[str, ...], ...]:
    """The Power of the *number*-th Repeat (from 0): one domain tuple a point, ``()`` of any domain (820.1.d)."""
    return card.repeat_power[number] if number < len(card.repeat_power) else ()


# 809.1.c — Deflect X: an opponent's spell pays X Power of any domain more each time it chooses the unit.
def deflect_cost(state: GameState, player: str, cost: Cost, targets: tuple[tuple[str, ...], ...],
                 card: CardDef | None = None) -> Cost:
    """*card*: the spell played, whose own text may ignore Deflect while its cost is paid (“支付此法术的费用时无视法盾”)."""
    own = card is not None and bool(card.passives.get("ignore_deflect"))
    ignoring = card.name if own else _deflect_ignored_at(state, targets)
    if ignoring:  # 765–767: for this spell only, every Deflect is treated as inactive while paying
        why = "支付此法术的费用时无视所有法盾" if own else "此法术选择了此处的物件，支付费用时无视所有法盾"
        return cost.plus(0, (), f"{ignoring}：{why}", "ignore_ability").plus(
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


def rune_cost(cost: AbilityCost, label: str, rule: str) -> Cost:
    """An ability's Energy, Power of any domain, and Power of the domains its cost names (its runes)."""
    power = ((),) * cost.power + tuple((domain,) for domain in cost.runes)
    return Cost(cost.energy, power, ((label, rule),))


# A triggered or activated ability's cost paid with one unit of its controller's (204.3.a, 377): ``object: {act, what}`` —
# “你可以选择支付②并让此处的一名友方单位返回其所属的手牌，以此…”, “将你控制的一名单位变为休眠状态，横置：…”, “你可以选择回收
# 另一名友方单位，以此…”.  *what* is read as a filter from the ability's source (``here``, ``other``); an exhaust takes a
# ready unit.  The unit is the controller's choice (a question without defaults, else the first that fits, marked); the
# ability keeps it and its Might as paid (``paid_with``: “the Might of the unit you recycled” looks back, 359.3.e.13).
OBJECT_ACTS = {"exhaust": "横置", "return_to_hand": "让其返回所属者的手牌", "recycle": "回收"}


def object_candidates(state: GameState, view, player: str, wanted: dict) -> list[Unit]:
    """The units of *player*'s that could pay the ``object`` part *wanted*, as *view* (the ability's source) sees them."""
    spec = dict(wanted.get("what", {}))
    units = [unit for unit in state.units.values() if unit.controller == player and layers.matches(state, view, spec, unit)]
    return [unit for unit in units if not unit.exhausted] if wanted["act"] == "exhaust" else units


def pick_object(state: GameState, log: Log, view, player: str, wanted: dict, label: str,
                rule: str) -> tuple[Unit, tuple[tuple[str, ...], tuple[int, ...]]]:
    """The unit that pays the ``object`` part *wanted* (``object_candidates`` found one), the controller's pick; (it,
    (its id,), (its Might as paid,)).  The caller does the act."""
    found = object_candidates(state, view, player, wanted)
    act = OBJECT_ACTS[wanted["act"]]
    chosen, defaulted = found[0], len(found) > 1 and state.defaults
    if len(found) > 1 and not state.defaults:
        (name,) = answer_to(state, Question(
            "cost_object", player, label, f"{player} 用哪名单位支付{label}的费用（{act}）",
            tuple((unit.id,) for unit in found), "choose: [名]", rule,
        ))
        chosen = next(unit for unit in found if unit.id == name)
    might = layers.might(state, chosen)
    log.add(f"{label}：{player} {act} {chosen.id}（战力 {might}）支付它的费用" + ("（引擎选择第一个符合的）" if defaulted else ""),
            rule, default=defaulted)
    return chosen, ((chosen.id,), (might,))
