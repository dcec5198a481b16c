"""Filters, amounts and conditions of the card language that need no unit's Might (477: read below the layers).

First the “has played” checks they and the conditions of abilities use (419.4.b).

Pure reads of the state, seen from a viewpoint (a controller, a source unit, its location, the chosen
targets).  The layers (``layers``: static abilities, 477.2–477.3) may ask these, so nothing here reads
Might; ``layers.WITH_MIGHT`` adds the Might reads (``might:``, ``mighty``, ``might_of``) on top of the same code,
for the instructions.  The forms are those of ``docs/card-language.md``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field

from judgekit.engine.cards import COMPARISON_NAMES, CardDef
from judgekit.engine.state import (
    PHASE_NAMES,
    BattlefieldRef,
    ChainItem,
    GameState,
    GearRef,
    Unit,
    gear_controller,
    is_base,
)

# “Has played” checks of non-triggered abilities (419.4.b): a card counts once it was finalized.
#
# A triggered ability on playing a card waits for the card to resolve (419.4.a,
# ``triggers``); an ability that only checks whether cards were played — a spell's
# “if an opponent has played another spell this turn”, a discount, Legion — reads
# the turn's finalized cards instead, so a spell still on the chain, or countered
# later, counts from the moment it was finalized.


WHO = {"opponent": "对手", "you": "你"}
TYPE_NAMES = {"spell": "法术", "unit": "单位", "gear": "装备", "any": "牌"}


def finalized(state: GameState, players: list[str], card_type: str) -> int:
    """How many cards of *card_type* the *players* finalized this turn."""
    return sum(
        1
        for event in state.this_turn
        if event.kind == "finalized" and event.player in players and _counts_as(state, event.subject, card_type)
    )


def _counts_as(state: GameState, name: str, card_type: str) -> bool:
    """178.3 — a card of several types counts as each of them."""
    card = state.cards.get(name)
    if card is None:
        return False
    return card_type in ("any", card.type, *card.extra_types) or (card_type == "unit" and card.is_unit)


def played_from_hand(view) -> bool:
    """Whether the card was (is being) played from its player's hand: a spell resolving knows it from its chain item
    (face down, 811.1.d, or by Flow from the trash, 829.1.b, is elsewhere); a card being played, from its view."""
    item = getattr(view, "item", None)
    if item is not None:
        return not (item.hidden_at or item.flow)
    return getattr(view, "from_hand", True)


def legion_active(state: GameState, player: str, itself: bool) -> bool:
    """812.1.c — Legion: the player has finalized a card other than the one with Legion this turn.  *itself*: that
    card is one of the turn's finalized cards (a card resolving or on the board played this turn), so another is
    needed beside it; a card being played, before it is finalized, or one already on the board when the turn began
    (an activated ability's Legion) needs one card finalized this turn."""
    finalized = sum(1 for event in state.this_turn if event.kind == "finalized" and event.player == player)
    return finalized > int(itself)


def played_this_turn(state: GameState, object_id: str | None) -> bool:
    """Whether the object on the board with this id entered it by being played this turn (not created: a token)."""
    return object_id is not None and any(
        event.kind == "played" and event.subject == object_id and event.cause != "token" for event in state.this_turn
    )


def _legion_of(state: GameState, view) -> bool:
    """Legion read by an instruction or a static: the spell resolving is finalized, an ability's source object was
    if it was played this turn."""
    item = getattr(view, "item", None)
    itself = (item is not None and item.kind == "play") or played_this_turn(state, getattr(view, "source_unit", None))
    return legion_active(state, view.controller, itself)


def played_each(state: GameState, player: str, card_types: list[str]) -> tuple[bool, str]:
    """Whether *player* has played, this turn, a card of each of *card_types* (tokens not counted; 419.4.b, 178).

    Each type asks only whether some finalized non-token card has it: one card of two types meets both.
    """
    cards = [
        event.subject
        for event in state.this_turn
        if event.kind == "finalized" and event.player == player and not _counts_as(state, event.subject, "token")
    ]
    found = {wanted: [name for name in cards if _counts_as(state, name, wanted)] for wanted in card_types}
    said = "；".join(f"{TYPE_NAMES[t]}：{'、'.join(names) or '无'}" for t, names in found.items())
    return all(found.values()), said


def has_played(state: GameState, controller: str, condition: dict, target: ChainItem | None) -> tuple[bool, str]:
    """``{by: opponent|you, card_type, other: true}`` — whether it holds now, and how it was counted.

    ``other`` leaves out the chosen chain item's own finalization: the card's owner finalized it when it
    was played from hand (control may have changed since, 191.2, but who finalized it does not).
    """
    by, card_type = condition.get("by", "you"), condition.get("card_type", "any")
    players = state.opponents(controller) if by == "opponent" else [controller]
    count = finalized(state, players, card_type)
    own = target is not None and target.played is not None and target.played.owner in players
    if condition.get("other") and own and _counts_as(state, target.card, card_type):
        count -= 1
    what = f"{WHO[by]}本回合确定过{'另外' if condition.get('other') else ''} {count} 个{TYPE_NAMES[card_type]}"
    return count > 0, what


COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "eq": operator.eq,
}


@dataclass(frozen=True)
class View:
    """Whose ability reads the board: its controller, its source (a unit id or card name) and where it is."""

    controller: str
    source: str = ""
    source_unit: str | None = None
    location: str | None = None
    paid_additional: bool = False  # a card being played with its optional additional cost paid (356.2.b.1)
    from_hand: bool = True  # a card being played from its player's hand (its own cost change reads it)
    scored: str | None = None  # the battlefield a conquer or hold that triggered the ability is about (filter `where: scored`)
    copied_by: str | None = None  # a static ability counted again because this gear's text copies its unit's (434.1.c)


def view_of(unit: Unit) -> View:
    """The viewpoint of a unit's own static abilities."""
    return View(unit.controller, unit.id, unit.id, unit.location)


@dataclass(frozen=True)
class Reads:
    """The filter keys, source conditions and amount forms one layer of reading knows."""

    filter_keys: dict = field(default_factory=dict)
    conditions: dict = field(default_factory=dict)
    amounts: dict = field(default_factory=dict)


def source_unit(state: GameState, view) -> Unit | None:
    return state.units.get(view.source_unit or "")


def last_known_source(view) -> Unit | None:
    """The source of an ability on its own death, as it last was on the board (808.1.d.3), once it has left it."""
    item = getattr(view, "chain_item", None)
    return item.last_known if item is not None and not view.source_unit else None


def still_there(state: GameState, ref: GearRef) -> bool:
    if ref.gear_id:
        return ref.gear_id in state.gear
    return ref.holder in state.units and ref.name in state.units[ref.holder].attached


PAID_WITH = "paid_with"  # the units an ability's cost paid with (cost ``object``: exhausted, returned, recycled)


def paid_with(view) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(the units the resolving ability's cost took, their Might as it was paid) — none for a spell or a view off the chain."""
    item = getattr(view, "chain_item", None) or getattr(view, "item", None)
    return getattr(item, "paid_with", ()), getattr(item, "paid_with_might", ())


def select(state: GameState, view, selector, targets, reads: Reads) -> list[Unit]:
    """The units *selector* names now: ``self``, ``target``, ``event_subject``, ``{target: N}``, ``{each: FILTER}``."""
    if selector in ("target", "event_subject"):  # an event's object is locked in as the ability's target (359.3.f.3.a)
        return [obj for obj in targets if obj.id in state.units or isinstance(obj, GearRef) and still_there(state, obj)]
    if selector == "self":
        unit = source_unit(state, view)
        if unit is None and (view.source_unit or "") in state.legends:  # a legend's “me”, in its Legend Zone (107.4)
            return [state.legends[view.source_unit]]
        return [unit] if unit else []
    if selector == PAID_WITH:  # the units the ability's cost took (``object``), still on the board
        return [state.units[name] for name in paid_with(view)[0] if name in state.units]
    if selector == "legend":  # “your legend”: the controller's, in their Legend Zone (107.4)
        return [legend for legend in state.legends.values() if legend.controller == view.controller]
    if "target" in selector:  # the N-th target spec's chosen targets still there; with a single spec, all of them
        groups = getattr(view, "groups", ())
        live = {unit.id: unit for unit in targets if not isinstance(unit, GearRef) and unit.id in state.units}
        if not groups:
            return [unit for unit in targets if unit.id in live]
        # a gear a part chose (“为该单位卸除该武装”: ``{target: 2}``), by the name the part keeps it by
        live.update({ref.gear_id or ref.name: ref for ref in targets if isinstance(ref, GearRef) and still_there(state, ref)})
        # a unit two specs chose (355.5) is in the targets twice, but the N-th spec acts on it once
        return [live[name] for name in dict.fromkeys(groups[selector["target"] - 1]) if name in live]
    if selector["each"].get("kind") == "gear":  # gear on the board, chosen by none (148.1.a.3)
        return [ref for ref, seen in board_gear(state) if matches(state, view, selector["each"], seen, targets, reads)]
    return [unit for unit in state.units.values() if matches(state, view, selector["each"], unit, targets, reads)]


@dataclass(frozen=True)
class GearSeen:
    """A gear on the board as a filter reads it: its id, card, controller, location and status (unit-like)."""

    id: str
    card: str
    controller: str
    location: str
    exhausted: bool
    kind: str = "gear"
    holder: str | None = None  # the unit it is attached to (435), None unattached


# The filter keys a gear has (148, 719.4: its status is its own); the others are units' states.
GEAR_FILTER_KEYS = frozenset({"kind", "who", "where", "other", "tag", "domain", "cost", "token", "exhausted", "not",
                              "same_controller"})


def board_gear(state: GameState) -> list[tuple[GearRef, GearSeen]]:
    """Every gear on the board, unattached first, then attached (at its unit's location, 719.3), as it is now."""
    found = [(GearRef(g.card, gear_id=g.id), GearSeen(g.id, g.card, g.controller, g.location, g.exhausted))
             for g in state.gear.values()]
    for unit in state.units.values():
        for name in unit.attached:
            ref = GearRef(name, holder=unit.id)
            seen = GearSeen(ref.id, name, gear_controller(unit, name), unit.location, name in unit.gear_exhausted,
                            holder=unit.id)
            found.append((ref, seen))
    return found


def matches(state: GameState, view, spec: dict, unit: Unit, targets, reads: Reads) -> bool:
    """Whether *unit* meets every key of the filter *spec* (the keys are AND-ed)."""
    return all(reads.filter_keys[key](state, view, unit, wanted, targets, reads) for key, wanted in spec.items())


def _who(state, view, unit, wanted, targets, reads) -> bool:
    if wanted == "friendly":
        return unit.controller == view.controller
    if wanted == "enemy":  # an uncontrolled battlefield has no enemies
        return view.controller in state.players and unit.controller in state.opponents(view.controller)
    return True


def _where(state, view, unit, wanted, targets, reads) -> bool:
    if wanted == "on_me":  # a gear attached to the source unit (“each Equipment attached to me”, 435)
        return getattr(unit, "holder", None) is not None and unit.holder == view.source_unit
    if wanted == "here":
        return unit.location == view.location
    if wanted == "there":  # where the chosen targets are; a battlefield chosen beside units is the “there” (该处)
        places = [target for target in targets if isinstance(target, BattlefieldRef)] or targets
        return unit.location in {target.location for target in places}
    if wanted == "scored":  # “该战场” after “当你征服/据守一处战场时”: the battlefield scored (a trigger's condition)
        return view.scored is not None and unit.location == view.scored
    if wanted == "moved_from":  # “该战场” after a move away from a battlefield: where the units moved were (359.3.f.2)
        return unit.location in getattr(view, "moved_from", ())
    if wanted == "base":
        return is_base(unit.location)
    if wanted == "battlefield":
        return not is_base(unit.location)
    return True


def _chosen(view, targets) -> set[str]:
    """The ids of what the ability chose: every part's (a target no longer legal too), else the targets it acts on."""
    groups = getattr(view, "groups", ())
    return {name for group in groups for name in group} if groups else {target.id for target in targets}


def any_of(wanted, have) -> bool:
    """A filter's one name or list of names (any of them) against what the object has."""
    return any(name in have for name in ([wanted] if isinstance(wanted, str) else wanted))


def tags_of(state: GameState, unit) -> tuple[str, ...]:
    """A unit's tags: its card's printed ones, and the tag it named as it was played when its card says it gains it
    (“我获得该属性标签”, ``name_tag: {gain: true}``)."""
    card = state.card(unit.card)
    named = getattr(unit, "named_tag", None)
    gains = bool(card.name_tag and card.name_tag.get("gain"))
    return card.tags + ((named,) if named and gains and named not in card.tags else ())


def named_tag_of(state: GameState, view) -> str | None:
    """The tag the source named as it was played (763): a unit's or a gear's on the board."""
    held = getattr(view, "source_unit", None) or ""  # a unit's or a gear's own ability: its id
    source = state.units.get(held) or state.gear.get(held)
    return getattr(source, "named_tag", None)


def _tag(state, view, unit, wanted, targets, reads) -> bool:
    if isinstance(wanted, dict):  # ``{named: true}``: the tag its source named as it was played, none: no unit has it
        wanted = named_tag_of(state, view)
        if wanted is None:
            return False
    return any_of(wanted, tags_of(state, unit) if isinstance(unit, Unit) else state.card(unit.card).tags)


def source_card_name(state: GameState, view) -> str | None:
    """The name of the card whose ability reads (“with my name”): its source unit's card, else the card being played or
    resolving by name."""
    unit = state.units.get(getattr(view, "source_unit", None) or "")
    if unit is not None:
        return unit.card
    return view.source if view.source in state.cards else None


def _same_name(state, view, unit, wanted, targets, reads) -> bool:
    """“with my name”: the unit's card has the name of the source's card."""
    return (state.card(unit.card).name == source_card_name(state, view)) == wanted


def _same_controller(state, view, unit, wanted, targets, reads) -> bool:
    """“其控制者的一件武装”: controlled by the controller of what the part ``{target: N}`` chose (355.5: in turn)."""
    groups = getattr(view, "groups", ())
    names = groups[wanted["target"] - 1] if wanted["target"] <= len(groups) else ()
    return unit.controller in {state.units[name].controller for name in names if name in state.units}


def _domain(state, view, unit, wanted, targets, reads) -> bool:
    """Of the domain named (its card's printed domains; a token has none, 185.3.b)."""
    return any_of(wanted, state.card(unit.card).domains)


def _cost(card) -> int | None:
    """A card's Energy cost; a token has none, which counts as 0 for all purposes (185.3.a.1)."""
    return 0 if card.cost is None and card.is_token else card.cost


def compare(read: Callable[[GameState, Unit], int | None]):
    """A filter key comparing a number read from the unit with amounts: ``{lt: 3}``, ``{le: {might_of: self}}``."""

    def check(state, view, unit, wanted, targets, reads) -> bool:
        value = read(state, unit)
        return value is not None and all(
            COMPARISONS[op](value, amount(state, view, bound, targets, reads)) for op, bound in wanted.items()
        )

    return check


def flag(read: Callable[[GameState, Unit], object]):
    """A yes/no filter key: ``exhausted: true``."""

    def check(state, view, unit, wanted, targets, reads) -> bool:
        return bool(read(state, unit)) == wanted

    return check


def played_from_is(zone: str, wanted: str | dict) -> bool:
    """The zone a card was played from is *wanted* (``hand``), or is not (``{not: hand}``: “from anywhere other than your
    hand”; a token created and played was played from no zone)."""
    return zone != wanted["not"] if isinstance(wanted, dict) else zone == wanted


def alone(state: GameState, unit: Unit) -> bool:
    return not any(
        other.id != unit.id and other.controller == unit.controller and other.location == unit.location
        for other in state.units.values()
    )


def one_on_one(state: GameState, unit: Unit) -> bool:
    """740.2.b: it and the enemy unit where it is are both alone — it alone, one enemy unit there, alone too."""
    enemies = [other for other in state.units.values() if other.location == unit.location
               and other.controller in state.opponents(unit.controller)]
    return alone(state, unit) and len(enemies) == 1 and alone(state, enemies[0])


FILTER_KEYS = {
    "who": _who,
    "where": _where,
    "other": lambda state, view, unit, wanted, targets, reads: (unit.id != view.source_unit) == wanted,
    # “另一名” after a unit's event on a battlefield: other than the event's unit (a trigger's, ``Context.event_subject``)
    "other_than_event": lambda state, view, unit, wanted, targets, reads: (unit.id != getattr(view, "event_subject", None)) == wanted,
    # “该处的其他敌方单位” after a unit chosen: not one of the ability's targets (the chosen ones, by part, 355.5)
    "other_than_targets": lambda state, view, unit, wanted, targets, reads: (unit.id not in _chosen(view, targets)) == wanted,
    "tag": _tag,
    "domain": _domain,
    "empowered": flag(lambda state, unit: unit.empowered),
    # a filter of units; of gear (GearSeen), read apart from units; runes: counted
    "kind": lambda state, view, unit, wanted, targets, reads: wanted == getattr(unit, "kind", "unit"),
    "cost": compare(lambda state, unit: _cost(state.card(unit.card))),
    "power": compare(lambda state, unit: state.card(unit.card).power or 0),  # its printed Power cost (a number of runes)
    "token": flag(lambda state, unit: state.card(unit.card).is_token),
    "exhausted": flag(lambda state, unit: unit.exhausted),
    "buffed": flag(lambda state, unit: unit.buffs),
    "stunned": flag(lambda state, unit: unit.stunned),
    "equipped": flag(lambda state, unit: unit.attached),
    "damaged": flag(lambda state, unit: unit.damage),
    "attacking": flag(lambda state, unit: unit.designation == "attacker" and state.in_combat(unit)),
    "defending": flag(lambda state, unit: unit.designation == "defender" and state.in_combat(unit)),
    "alone": flag(alone),
    "one_on_one": flag(one_on_one),
    "in_combat": flag(lambda state, unit: state.in_combat(unit)),
    "same_name": _same_name,
    # “a Shadow Clone you control”: its card has that name (a token's, 185.1; or one of a list)
    "name": lambda state, view, unit, wanted, targets, reads: any_of(wanted, (state.card(unit.card).name,)),
    "same_controller": _same_controller,
    "played_from": lambda state, view, unit, wanted, targets, reads: played_from_is(unit.played_from, wanted),
    # “a non-Dragon unit”: the filter inside does not match (``{not: {tag: 龙}}``)
    "not": lambda state, view, unit, wanted, targets, reads: not matches(state, view, wanted, unit, targets, reads),
}


def card_matches(card: CardDef, spec: dict) -> bool:
    """Whether a card (off the board: in hand, trash, banishment) meets the card filter *spec*:
    ``kind`` (default unit; ``any``: every card; a list: any of them), ``cost`` and ``power`` comparisons, ``tag``,
    ``domain``, ``not`` (a card filter it does not meet), ``token`` (a token's card, or not)."""
    kinds = spec.get("kind", "unit")
    return (
        (kinds == "any" or any(card.is_type(kind) for kind in ([kinds] if isinstance(kinds, str) else kinds)))
        and all(COMPARISONS[op](card.cost or 0, bound) for op, bound in spec.get("cost", {}).items())
        and all(COMPARISONS[op](card.power or 0, bound) for op, bound in spec.get("power", {}).items())
        and ("tag" not in spec or any_of(spec["tag"], card.tags))
        and ("domain" not in spec or any_of(spec["domain"], card.domains))
        and ("keyword" not in spec or any_of(spec["keyword"], [name for name, _ in card.keywords]))  # printed (“带有待命技能的”)
        and ("not" not in spec or not card_matches(card, {"kind": "any", **spec["not"]}))
        and ("token" not in spec or card.is_token == spec["token"])
    )


def amount(state: GameState, view, value, targets, reads: Reads) -> int:
    """The number an AMOUNT stands for now: an integer or a one-key form (``{count: FILTER}``, …)."""
    if isinstance(value, int):
        return value
    (form, arg), = value.items()
    return reads.amounts[form](state, view, arg, targets, reads)


def _cost_of(state, view, arg, targets, reads) -> int:
    units = select(state, view, arg, targets, reads)
    if not units and isinstance(arg, dict) and isinstance(arg.get("target"), int):
        return _item_cost(state, view, arg["target"], targets)
    return (state.card(units[0].card).cost or 0) if units else 0


def _item_cost(state, view, part: int, targets) -> int:
    """“该法术法力费用”: the printed Energy cost of the spell the N-th part chose on the chain (206), read even once it
    left the chain (countered by the instruction before); an ability on the chain has no printed cost (0)."""
    groups = getattr(view, "groups", ())
    names = set(groups[part - 1]) if part <= len(groups) else set()
    items = [item for item in targets if isinstance(item, ChainItem) and item.id in names]
    return (state.card(items[0].card).cost or 0) if items and items[0].kind == "play" else 0


def _xp_of(state, view, arg, targets, reads) -> int:
    return state.players[view.controller].xp if view.controller in state.players else 0


def _of_players(read: Callable[[GameState, str], int]):
    """An amount about a player: ``you`` (the controller), or ``opponent`` (the highest of the opponents)."""

    def number(state, view, whose, targets=(), reads=None) -> int:
        players = [view.controller] if whose == "you" else state.opponents(view.controller)
        return max((read(state, player) for player in players if player in state.players), default=0)

    return number


_points_of = _of_players(lambda state, player: state.players[player].points)
_hand_of = _of_players(lambda state, player: len(state.players[player].hand))
_trash_of = _of_players(lambda state, player: len(state.players[player].trash))
_battlefields_of = _of_players(lambda state, player: len(state.controlled_battlefields(player)))
_runes_of = _of_players(lambda state, player: len(state.players[player].runes))
# 811: a hidden card is controlled by the player who hid it, face down at a battlefield
_facedown_of = _of_players(lambda state, player: sum(bf.facedown is not None and bf.hidden_by == player
                                                     for bf in state.battlefields.values()))


def _count(state, view, arg, targets, reads) -> int:
    """How many units match now; with ``kind: rune``, how many runes the players ``who`` names control."""
    if arg.get("kind") == "gear":
        return sum(matches(state, view, arg, seen, targets, reads) for _, seen in board_gear(state))
    if arg.get("kind") != "rune":
        return sum(matches(state, view, arg, unit, targets, reads) for unit in state.units.values())
    players = {"friendly": [view.controller], "enemy": state.opponents(view.controller)}.get(arg.get("who"), list(state.players))
    runes = [rune for player in players if player in state.players for rune in state.players[player].runes]
    return sum("exhausted" not in arg or rune.exhausted == arg["exhausted"] for rune in runes)


def _battlefields_of_team(state, view, other: bool) -> int:
    """The battlefields the controller's team controls (``team``, 489.8); *other*: not where the source is."""
    team = state.team_of(view.controller) if view.controller in state.players else None
    return sum(1 for bf in state.battlefields.values()
               if bf.controller and state.team_of(bf.controller) == team and not (other and bf.name == view.location))


def _tags_among(state, view, tags, targets=(), reads=None) -> int:
    """“for each of the following tags among your units”: how many of *tags* one of the controller's units on the
    board has (its card's printed tags, as the filter's ``tag`` reads them)."""
    have = {tag for unit in state.units.values() if unit.controller == view.controller for tag in tags_of(state, unit)}
    return sum(tag in have for tag in dict.fromkeys(tags))


def _damage_of(state, view, arg, targets, reads) -> int:
    """The damage marked on the first unit *arg* selects (“equal to the damage marked on it”), 0 when none."""
    units = select(state, view, arg, targets, reads)
    return units[0].damage if units else 0


def _in_trash(state, view, spec, targets=(), reads=None) -> int:
    """How many cards in the controller's trash meet the CARD_FILTER (``same_name: true``: the source's name, “for each
    card with my name in your trash”)."""
    if view.controller not in state.players:
        return 0
    wanted = dict(spec)
    name = source_card_name(state, view) if wanted.pop("same_name", False) else None
    return sum(1 for card in state.players[view.controller].trash
               if card.name in state.cards and (name is None or card.name == name)
               and card_matches(state.cards[card.name], {"kind": "any", **wanted}))


def _discarded_cost(state, view, arg, targets=(), reads=None) -> int:
    """The Energy cost of the cards the resolution's latest discard instruction discarded (their Power cost ignored)."""
    return sum(state.cards[name].cost or 0 for name in getattr(view, "discarded", ()) if name in state.cards)


def _excess_assigned(state, view, arg, targets=(), reads=None) -> int:
    """“等同于该过量伤害”: the damage the controller assigned beyond lethal in the combat under way, or in the latest one
    this turn once it ended (a conquest's triggered ability resolves after its combat, 465.2.c.4, 466.7)."""
    if state.combat is not None:
        return state.combat.excess.get(view.controller, 0)
    turn, excess = state.last_excess
    return excess.get(view.controller, 0) if turn == state.turn else 0


def _killed_for_cost(state, view, which, targets=(), reads=None) -> int:
    """The printed Energy (``energy``) or Power (``power``) cost of the unit killed to pay the resolving spell's
    additional cost (357.2: “不高于被摧毁单位的费用”), its card as it was; 0 when none was (a token's card is its own)."""
    item = getattr(view, "item", None)
    name = getattr(item, "cost_killed", None)
    if name is None or name not in state.cards:
        return 0
    return (state.cards[name].cost if which == "energy" else state.cards[name].power) or 0


def _revealed(state, view, wanted, targets=(), reads=None) -> int:
    """The cards the resolution's latest look revealed (424.1) that meet the CARD_FILTER *wanted* (printed facts)."""
    shown = set(getattr(view, "revealed", ()))
    return sum(1 for player in state.players.values() for card in player.deck
               if card.id in shown and card.name in state.cards and card_matches(state.cards[card.name], wanted))


AMOUNTS = {"in_trash": _in_trash, "killed_for_cost": _killed_for_cost, "discarded_cost": _discarded_cost, "excess_assigned": _excess_assigned, "revealed": _revealed, "runes_of": _runes_of, "damage_of": _damage_of, "cost_of": _cost_of, "count": _count, "points_of": _points_of, "xp_of": _xp_of,
           "trash_of": _trash_of, "hand_of": _hand_of, "tags_among": _tags_among,
           # “for each (other) battlefield you and your allies control”
           "other_battlefields_of": lambda state, view, whose, targets=(), reads=None: _battlefields_of_team(state, view, True),
           "battlefields_of": lambda state, view, whose, targets=(), reads=None: _battlefields_of_team(state, view, False)}


def holds(state: GameState, view, condition: dict, targets, reads: Reads, did: bool | None = None,
          took: CardDef | None = None) -> str:
    """The key of the first part of *condition* that fails now, or "" when all hold (the parts are AND-ed).

    *did*: whether the latest optional instruction (“you may …”) of the same instructions was done; *took*: the card
    the latest look of them took.
    """
    for key, wanted in condition.items():
        if key in ("at_least", "at_most"):
            continue
        if key in BOUNDED:  # “if you control …”: a count of your own; a total Might of the units a filter matches
            spec = {**wanted, "who": "friendly"} if key == "controls" else wanted
            found = amount(state, view, {BOUNDED[key]: spec}, targets, reads)
            ok = condition.get("at_least", 1) <= found <= condition.get("at_most", found)
        elif key == "tags_among":  # “if your units have all of the following tags among them”: at_least of them
            found = _tags_among(state, view, wanted)
            ok = condition.get("at_least", len(wanted)) <= found <= condition.get("at_most", found)
        elif key == "you_did":
            ok = bool(did) == wanted
        elif key == "took":  # “if you revealed a Bird …”: the card the look took fits (none taken: it does not)
            ok = took is not None and card_matches(took, wanted)
        elif key == "target_is":  # “if it's …”: the chosen targets still on the board (one at least) all meet it
            live = [unit for unit in targets if (isinstance(unit, Unit) and unit.id in state.units) or isinstance(unit, GearSeen)]
            ok = bool(live) and all(matches(state, view, wanted, unit, targets, reads) for unit in live)
        elif key == "not":
            ok = holds(state, view, wanted, targets, reads, did, took) != ""
        elif key == "any":
            ok = any(holds(state, view, part, targets, reads, did, took) == "" for part in wanted)
        elif key == "controls_battlefield_with":  # “if you control a battlefield with exactly two units there”
            ok = _battlefield_with(state, view, wanted, targets, reads)
        elif key == "in_trash":  # “if you have a card with my name in your trash”: one at least
            ok = _in_trash(state, view, wanted) >= 1
        elif key in PLAYER_NUMBERS:  # a number about the players compared: {le: 2}, or with an amount ({lt: {runes_of: opponent}})
            number = PLAYER_NUMBERS[key][0](state, view)
            ok = all(COMPARISONS[op](number, amount(state, view, bound, targets, reads)) for op, bound in wanted.items())
        elif key == "your_phase":  # “if it's your Beginning Phase”: the controller's turn, in that phase (314–317)
            ok = state.turn_player == view.controller and state.phase == wanted
        elif key == "spent_on_spell":  # “if you've spent ④ or more to play a spell this turn”: on one spell
            ok = any(spent >= wanted for spent in energy_spent_on_spells(state, view.controller))
        elif key == "level":  # 824.1.c: as long as the controlling player has N XP
            ok = view.controller in state.players and state.players[view.controller].xp >= wanted
        elif key == "champion_zone_empty":  # 108.3: no card in the controller's Champion Zone
            ok = (view.controller in state.players and state.players[view.controller].champion is None) == wanted
        elif key == "chose_this_turn":  # 383.4.b: a spell or ability of the controller chose such a unit this turn
            ok = any(event.kind == "chosen" and event.player == view.controller and event.last_known is not None and
                     _who_is(state, view, event.last_known.controller, wanted) for event in state.this_turn)
        elif key in TURN_EVENTS:  # “if a (an enemy) unit died this turn”: its controller as it died; who discarded
            side, phase = (wanted["side"], wanted.get("phase")) if isinstance(wanted, dict) else (wanted, None)
            happened = [event.player for event in state.this_turn if event.kind == TURN_EVENTS[key][0]
                        and (phase is None or (event.phase == phase and state.turn_player == view.controller))]
            ok = any(_who_is(state, view, player, side) for player in happened)
        else:
            ok = reads.conditions[key](state, view) == wanted
        if not ok:
            return key
    return ""


def _battlefield_with(state: GameState, view, wanted: dict, targets, reads: Reads) -> bool:
    """A battlefield the controller controls (190.6) where the units ``units`` names (any side; seen from the controller)
    number from ``at_least`` (default 1) to ``at_most``, counted as it is read."""
    spec = wanted.get("units", {})
    low, high = wanted.get("at_least", 1), wanted.get("at_most")
    for battlefield in state.battlefields.values():
        if not view.controller or battlefield.controller != view.controller:
            continue
        found = sum(1 for unit in state.units.values()
                    if unit.location == battlefield.name and matches(state, view, spec, unit, targets, reads))
        if low <= found and (high is None or found <= high):
            return True
    return False


def reads_condition(key: str, reads: Reads) -> bool:
    """Whether *key* is a part of a condition ``holds`` reads."""
    return key in HOLDS_KEYS or key in PLAYER_NUMBERS or key in TURN_EVENTS or key in reads.conditions or \
        BOUNDED.get(key) in reads.amounts


# The condition keys bounded by at_least / at_most, and the amount each bounds (might_total reads Might: not below it)
BOUNDED = {"count": "count", "controls": "count", "might_total": "might_total"}


HOLDS_KEYS = frozenset({"at_least", "at_most", "count", "controls", "you_did", "target_is", "not", "any", "your_phase",
                        "spent_on_spell", "level", "tags_among", "in_trash", "took", "controls_battlefield_with",
                        "chose_this_turn", "champion_zone_empty"})  # the parts ``holds`` reads itself, beside the numbers and turn events


def _who_is(state: GameState, view, player: str, who: str) -> bool:
    """Whether *player* is ``friendly`` (the viewer), ``enemy`` (an opponent) or ``any``, seen from *view*."""
    return who == "any" or (player == view.controller) == (who == "friendly")


# This turn's events a condition asks about, by side (friendly|enemy|any): (event kind, how the trace names it);
# the event's player is a killed unit's controller as it died, or who discarded.
TURN_EVENTS = {"killed_this_turn": ("killed", "本回合有{unit}单位被摧毁"), "discarded_this_turn": ("discarded", "本回合{player}弃过牌"),
               "gained_xp_this_turn": ("gained_xp", "本回合{player}获得过经验")}
_UNIT_SIDES = {"friendly": "友方", "enemy": "敌方", "any": ""}
_PLAYER_SIDES = {"friendly": "你", "enemy": "对手", "any": "有玩家"}

# Numbers about the players a condition compares ({le: 2}): the read, and how the trace names it.
PLAYER_NUMBERS: dict[str, tuple[Callable[[GameState, object], int], str]] = {
    "points": (lambda state, view: _points_of(state, view, "you"), "你的分数"),
    "opponent_points": (lambda state, view: _points_of(state, view, "opponent"), "对手的分数"),
    # “an opponent's score is within N points of the Victory Score” (194.3)
    "opponent_to_win": (lambda state, view: state.target_score() - _points_of(state, view, "opponent"), "对手距离胜利分数"),
    "to_win": (lambda state, view: state.target_score() - _points_of(state, view, "you"), "你距离胜利分数"),
    "hand": (lambda state, view: _hand_of(state, view, "you"), "你的手牌数"),
    "trash": (lambda state, view: _trash_of(state, view, "you"), "你的废牌堆牌数"),
    "battlefields": (lambda state, view: _battlefields_of(state, view, "you"), "你控制的战场数"),
    "opponent_battlefields": (lambda state, view: _battlefields_of(state, view, "opponent"), "对手控制的战场数"),
    "facedown": (lambda state, view: _facedown_of(state, view, "you"), "你控制的正面朝下的卡牌数"),
    "runes": (lambda state, view: _runes_of(state, view, "you"), "你控制的符文数"),
    # this turn's history: the Power the controller paid (every cost), how often the source moved
    "power_spent_this_turn": (lambda state, view: sum(int(event.cause or 0) for event in state.this_turn
                                                      if event.kind == POWER_SPENT and event.player == view.controller),
                              "你本回合支付的符能"),
    "moved_this_turn": (lambda state, view: sum(1 for event in state.this_turn
                                                if event.kind == "moved" and event.subject == view.source_unit), "来源本回合移动的次数"),
    # the combat under way: the damage the controller assigned beyond lethal (combat.py, 465.2.c.4); none outside combat
    "excess_assigned": (lambda state, view: state.combat.excess.get(view.controller, 0) if state.combat else 0,
                        "你在本场战斗中分配的过量伤害"),
}

CHANNELLED = "channelled"  # the turn's record of a channel: its player, how many it said (subject), how many it channelled
POWER_SPENT = "power_spent"  # the turn's record of Power paid: its player, what for, how much (``events.pay``)


SPENT = "spent"  # the turn's record of the Energy paid to play a card


def energy_spent_on_spells(state: GameState, player: str) -> list[int]:
    """The Energy *player* paid to play each spell this turn, countered or not (its costs stay paid, 425.1.c)."""
    return [
        int(event.cause or 0)
        for event in state.this_turn
        if event.kind == SPENT and event.player == player and event.subject in state.cards
        and state.card(event.subject).type == "spell"
    ]


def _status_source(state: GameState, view):
    """The source object whose statuses a condition reads: a unit, a legend or an unattached gear, by id (a gear's
    static reads from a view whose source is the gear, not a unit)."""
    key = view.source_unit or ""
    return state.units.get(key) or state.legends.get(key) or state.gear.get(key or view.source)


def of_source(read: Callable[[GameState, Unit], object]):
    """A condition on the ability's source unit: as it is, or as it last was on the board for an ability on its own
    death (808.1.d.3); false when it has left the board otherwise."""

    def check(state: GameState, view) -> bool:
        unit = source_unit(state, view) or last_known_source(view)
        return unit is not None and bool(read(state, unit))

    return check


def _controls_this_battlefield(state: GameState, view) -> bool:
    """“若此战场受你控制”: the source is a battlefield its ability's controller controls (an uncontrolled one's “you” is
    no one, 190.6.d)."""
    battlefield = state.battlefields.get(view.source or "")
    return battlefield is not None and bool(view.controller) and battlefield.controller == view.controller


CONDITIONS: dict[str, Callable[[GameState, object], bool]] = {
    "legion": _legion_of,
    "controls_this_battlefield": _controls_this_battlefield,
    "at_battlefield": of_source(lambda state, unit: not is_base(unit.location)),
    "in_combat": of_source(lambda state, unit: state.in_combat(unit)),
    "alone": of_source(alone),
    # “if I am / this is Empowered”: the source's status, a unit's, a legend's or a gear's (441.2)
    "empowered": lambda state, view: bool(getattr(_status_source(state, view), "empowered", 0)),
    "buffed": of_source(lambda state, unit: bool(unit.buffs)),  # “if I have a buff”
    "in_showdown": lambda state, view: state.in_showdown,
    "paid_additional_cost": lambda state, view: getattr(view, "paid_additional", False),  # 356.2.b.1, a spell's own
    "from_hand": lambda state, view: played_from_hand(view),
    "turn": lambda state, view: whose_turn(state, view.controller),
    # “if I haven't been dealt damage this turn”: the source unit was dealt damage this turn (the turn's damaged events)
    # “召出一枚休眠的符文。如果你无法达成”: the latest channel its controller did this turn channelled fewer runes than it said
    "channel_short": lambda state, view: next((int(event.cause) < int(event.subject) for event in reversed(state.this_turn)
                                               if event.kind == CHANNELLED and event.player == view.controller), False),
    "attacking": of_source(lambda state, unit: unit.designation == "attacker" and state.in_combat(unit)),  # the source
    "defending": of_source(lambda state, unit: unit.designation == "defender" and state.in_combat(unit)),
    "damaged_this_turn": of_source(lambda state, unit: any(e.kind == "damaged" and e.subject == unit.id for e in state.this_turn)),
    "controls_empowered": lambda state, view: _controls_empowered(state, view.controller),
}


def _controls_empowered(state: GameState, player: str) -> bool:
    """“if you control something that's Empowered” (441.2): a unit, a gear (unattached, or attached and Empowered itself,
    719.4.a) or a legend of *player*'s."""
    units = [unit for unit in state.units.values() if unit.controller == player]
    return any(obj.empowered for obj in (*units, *(g for g in state.gear.values() if g.controller == player),
                                         *(legend for legend in state.legends.values() if legend.controller == player))) or \
        any(gear_controller(unit, name) == player for unit in state.units.values() for name in unit.gear_empowered)


def whose_turn(state: GameState, player: str) -> str:
    """Whose turn it is, seen from *player* (304: the turn player): ``you``, ``opponent`` or, in 2v2, ``ally``."""
    if player not in state.players:  # an uncontrolled battlefield's “you” is no one (190.6.d)
        return ""
    if state.turn_player == player:
        return "you"
    return "opponent" if state.turn_player in state.opponents(player) else "ally"

BELOW_MIGHT = Reads(FILTER_KEYS, CONDITIONS, AMOUNTS)


def unknown_reads(value, reads: Reads) -> list[str]:
    """The filter keys, conditions and amount forms inside *value* (a filter, condition or selector) that
    *reads* does not know: those a static ability may not use (they would read Might inside the layers)."""
    found: list[str] = []
    if isinstance(value, list):
        for part in value:
            found += unknown_reads(part, reads)
    elif isinstance(value, dict):
        for key, part in value.items():
            known = key in reads.filter_keys or key in reads.conditions or key in reads.amounts or key in STRUCTURE
            found += ([] if known else [key]) + unknown_reads(part, reads)
    return found


# Keys that only shape a form (comparisons, counts, links); they read nothing themselves.
STRUCTURE = frozenset(
    {"each", "lt", "le", "gt", "ge", "eq", "at_least", "at_most", "not", "any", "you_did", "level", "controls", "side", "phase",
     "spent_on_spell", "your_phase", "tags_among", "in_trash", "took", "power", *TURN_EVENTS, *PLAYER_NUMBERS}
)


def describe_condition(condition: dict) -> str:
    """A condition in plain Chinese for the trace."""
    parts = []
    for key, wanted in condition.items():
        if key in ("at_least", "at_most"):
            continue
        if key in ("count", "controls"):
            low, high = condition.get("at_least", 1), condition.get("at_most")
            whose = "你控制的" if key == "controls" else ""
            parts.append(f"{whose}符合条件的单位至少 {low} 名" + (f"、至多 {high} 名" if high is not None else ""))
        elif key == "might_total":
            low, high = condition.get("at_least", 1), condition.get("at_most")
            parts.append(f"符合条件的单位的总计战力至少 {low}" + (f"、至多 {high}" if high is not None else ""))
        elif key == "not":
            parts.append(f"并非（{describe_condition(wanted)}）")
        elif key == "target_is":
            parts.append(f"所选目标符合（{'、'.join(f'{k}: {v}' for k, v in wanted.items())}）")
        elif key == "any":
            parts.append("或".join(f"（{describe_condition(part)}）" for part in wanted))
        elif key == "level":
            parts.append(f"你有至少 {wanted} 点经验（等级 {wanted}）")
        elif key == "your_phase":
            parts.append(f"现在是你的{PHASE_NAMES.get(wanted, wanted)}")
        elif key == "tags_among":
            low = condition.get("at_least", len(wanted))
            parts.append(f"你的单位合计具有{'、'.join(wanted)}中的至少 {low} 种属性")
        elif key == "took":
            parts.append(f"查看的牌中所取的一张符合（{'、'.join(f'{k}: {v}' for k, v in wanted.items())}）")
        elif key == "turn":
            parts.append(f"现在是{TURN_NAMES[wanted]}的回合")
        elif key == "spent_on_spell":
            parts.append(f"你本回合为打出一个法术花费过至少 {wanted} 点能量")
        elif key in PLAYER_NUMBERS:
            whose = PLAYER_NUMBERS[key][1]
            parts.append("、".join(f"{whose}{COMPARISON_NAMES[op]} {bound}" for op, bound in wanted.items()))
        elif key == "champion_zone_empty":
            parts.append("你的英雄区域为空")
        elif key == "chose_this_turn":
            parts.append(f"你本回合选择过{_UNIT_SIDES[wanted]}单位作为目标")
        elif key in TURN_EVENTS:
            side, phase = (wanted["side"], wanted.get("phase")) if isinstance(wanted, dict) else (wanted, None)
            during = f"（在你的{PHASE_NAMES.get(phase, phase)}）" if phase else ""
            parts.append(TURN_EVENTS[key][1].format(unit=_UNIT_SIDES[side], player=_PLAYER_SIDES[side]) + during)
        else:
            parts.append(("" if wanted else "不") + CONDITION_NAMES[key])
    return "且".join(parts)


TURN_NAMES = {"you": "你", "opponent": "对手", "ally": "盟友"}

CONDITION_NAMES = {
    "you_did": "你这样做了",
    "legion": "鼓舞生效",
    "mighty": "来源是强力单位",
    "at_battlefield": "来源位于战场",
    "in_combat": "来源在战斗中",
    "alone": "来源独自在其位置",
    "empowered": "来源已强化",
    "buffed": "来源拥有增益",
    "in_showdown": "正在进行对决",
    "paid_additional_cost": "打出时支付了可选额外费用",
    "from_hand": "从手牌打出",
    "controls_this_battlefield": "此战场受你控制",
    "damaged_this_turn": "来源本回合受到过伤害",
    "controls_empowered": "你控制着已强化的事物",
    "channel_short": "刚才的引导没能引导足数的符文",
    "in_trash": "你的废牌堆中有符合的牌",
    "attacking": "来源是进攻方",
    "defending": "来源是防守方",
    "might_total": "符合条件的单位的总计战力在所需范围内",
}
