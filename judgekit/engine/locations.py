"""Where a unit may be played (355.2): the defaults, what effects and Ambush (822) permit, and “only” restrictions.

By default a unit is played to its controller's base or a battlefield they control (355.2.a).
A battlefield whose card says ``play_here: {tag, power}`` lets any player pay that much Power
of any domain as an additional cost to play a unit with the tag there (355.2.b, 356.2.b).  A
unit card's ``play_only: conquered_this_turn`` allows only battlefields its controller conquered
this turn (054.2): no permission overrides it, and a play elsewhere fails its checks and is
undone (358.5).  When an effect says where a unit is played and a battlefield also offers to
take it, both are requirements that forbid nothing else: the player chooses one (055).
"""

from __future__ import annotations

from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost
from judgekit.engine.layers import forbidder, keywords_of_card
from judgekit.engine.rules import illegal
from judgekit.engine.state import GameState, Unit, base_of, is_base, location_name

AMBUSH = "伏击"


def invalid_location(state: GameState, player: str, location: str) -> str:
    """355.2.a — the player's own base or a battlefield they control; else why not."""
    if is_base(location):
        return "" if location == base_of(player) else f"{location_name(location)}不是 {player} 的基地"
    controller = state.battlefields[location].controller
    return "" if controller == player else f"{location} 不由 {player} 控制"


def offered_by(state: GameState, card: CardDef, battlefield: str) -> dict | None:
    """The battlefield's offer to take a unit with its tag for an additional cost, if it makes one to *card*."""
    bf = state.battlefields.get(battlefield)
    offer = state.card(bf.card).play_here if bf is not None and bf.card else None
    return offer if offer and card.is_unit and offer["tag"] in card.tags else None


def paid_offer(state: GameState, player: str, card: CardDef, to: str | None) -> dict | None:
    """The offer a play to *to* takes up: a battlefield the player does not control that offers to take the card."""
    if to is None or is_base(to) or to == "base" or state.battlefields[to].controller == player:
        return None
    return offered_by(state, card, to)


def with_offer(cost: Cost, offer: dict | None, battlefield: str | None) -> Cost:
    """356.2.b — the optional additional cost of the offer taken up: Power of any domain."""
    if offer is None:
        return cost
    return cost.plus(0, ((),) * offer["power"], f"{battlefield} 的额外费用：任意领域符能 {offer['power']}", "play_here")


def only_problem(state: GameState, player: str, card: CardDef, location: str) -> str:
    """054.2 — why *location* breaks the card's “only” restriction, or a unit's on the board (“opponents can only play
    units to their base”: ``cant: {action: play_unit_to_battlefield, affects}``), or ""."""
    base_only = None if is_base(location) or not card.is_unit else forbidder(state, "play_unit_to_battlefield", player)
    if base_only is not None:
        return f"{base_only}：{player} 只能把单位打出到自己的基地，{location_name(location)}不是"
    if card.play_only != "conquered_this_turn":
        return ""
    conquered = {e.subject for e in state.this_turn if e.kind == "conquered" and e.player == player}
    if location in conquered:
        return ""
    done = "、".join(sorted(conquered)) or "无"
    return f"{card.name} 只能打出到 {player} 本回合征服过的战场（本回合征服过：{done}），{location_name(location)}不是"


def check_only(state: GameState, player: str, card: CardDef, location: str) -> None:
    problem = only_problem(state, player, card, location)
    if problem:
        illegal(f"{problem}；“只能”优先于其他许可，打出撤销", "only_restriction")


def choose(state: GameState, player: str, card: CardDef, forced: str, wanted: str | None) -> tuple[list[str], str]:
    """An effect plays *card* to *forced*; battlefields offering to take it are further choices (055).

    Returns every location the player may pick and the one picked (*wanted*, else *forced*).
    """
    options = [forced] + [name for name in state.battlefields if name != forced and offered_by(state, card, name)]
    picked = base_of(player) if wanted == "base" else (wanted or forced)
    if picked not in options:
        illegal(f"{card.name} 只能打出到：{'、'.join(location_name(o) for o in options)}", "do_what_you_can")
    return options, picked


# 355.2.b — a unit's own permission to be played to battlefields it otherwise could not (``play_to``):
# ``enemy_controlled`` (a battlefield an opponent controls), ``open`` (one nobody controls), ``attacking`` (the
# battlefield where its controller is attacking, in the combat going on), ``lone_enemy`` (one where an enemy unit is
# alone, 740.2) and ``enemy_units`` (one where there are enemy units).  The unit enters there; a battlefield its controller does not control becomes contested (190.3.a).
PLAY_TO = {
    "enemy_controlled": lambda state, player, bf: bf.controller in state.opponents(player),
    "open": lambda state, player, bf: bf.controller is None,
    "attacking": lambda state, player, bf: state.combat is not None and state.combat.battlefield == bf.name
    and state.combat.attacker == player,
    "lone_enemy": lambda state, player, bf: any(
        len([u for u in state.units_at(bf.name) if u.controller == enemy]) == 1 for enemy in state.opponents(player)),
    "enemy_units": lambda state, player, bf: any(u.controller in state.opponents(player) for u in state.units_at(bf.name)),
}


def play_to_permits(state: GameState, player: str, card: CardDef, location: str | None) -> str | None:
    """The permission that lets *player* play the unit *card* to *location*, or None (355.2.b): the card's own
    ``play_to``, or a friendly unit's static ``{play_to: …}`` (“友方单位可以被打出到开放的战场”), while it is on the board."""
    bf = state.battlefields.get(location or "")
    if bf is None or not card.is_unit:
        return None
    granted = [static["play_to"] for unit in state.units.values() if unit.controller == player
               for static in state.card(unit.card).statics if "play_to" in static]
    names = [*card.play_to, *(name for value in granted for name in ([value] if isinstance(value, str) else value))]
    return next((name for name in names if PLAY_TO[name](state, player, bf)), None)


# 822.1.b — Ambush: the card may also go to a battlefield where its player has units (played with Reaction's timing).
# 822.1.d — Ambush as a verb, a card's own permission to Ambush to other places (``ambush_to``, the places of
# ``play_to``, ``enemy_units`` one with enemy units whether or not the player has any there): played there with the
# permissions of the Ambush keyword, so with Reaction too, whether or not the card has the keyword.
# ``cost_killed``: the battlefield where the unit its additional cost kills was, none of the player's other units needed
# there, *killed_at* — read before the kill, and kept through it (822.3 does not take it away).
def ambush_permits(state: GameState, player: str, card: CardDef, location: str | None, killed_at: str | None = None) -> bool:
    """Whether Ambush is what lets *player* play *card* to *location* (822.1.c: it adds a location option)."""
    bf = state.battlefields.get(location or "")
    if bf is None:
        return False
    if card.is_unit and "cost_killed" in card.ambush_to and killed_at == bf.name:
        return True
    if card.is_unit and any(PLAY_TO[name](state, player, bf) for name in card.ambush_to if name in PLAY_TO):
        return True
    return AMBUSH in keywords_of_card(card) and any(unit.controller == player for unit in state.units_at(bf.name))


# Where a move an effect makes may go when its controller chooses (355.4, 449.1): reads, checked as a spell is played
# or an ability goes on the chain, and again as the move is done.

def chosen_place(unit: Unit, to, chosen: str | None) -> str:
    """Where a move whose destination was chosen takes *unit*: ``base`` is its controller's base; ``to_or_from_base``
    takes a unit at a battlefield to its base whatever was chosen (449.1)."""
    if chosen in (None, "base") or to == "to_or_from_base" and not is_base(unit.location):
        return base_of(unit.controller)
    return chosen


def destination_problem(state: GameState, controller: str, to, unit: Unit, chosen: str | None) -> tuple[str, str] | None:
    """355.4.a, 449.1 — why *chosen* (a battlefield, ``base``, or None: none chosen) is no valid destination for *unit*
    of a move ``to`` controlled by *controller*: a message and the rule; None when it is valid.  Checked as a spell is
    played and again as the move is done."""
    if to == "to_or_from_base":
        at_base, to_base = is_base(unit.location), chosen in (None, "base") or is_base(chosen)
        if at_base and to_base:
            return f"{unit.id} 在基地，须选择要去的战场（to）", "destination_by_source"
        return None if at_base or to_base else (f"{unit.id} 在战场上，只能移动到其基地", "destination_by_source")
    if chosen is None:
        return "移动目的地由控制者选择：须写明 to", "move_destination"
    place = chosen_place(unit, to, chosen)
    if not is_base(place) and place not in state.battlefields:
        return f"没有名为 {place} 的战场", "move_destination_valid"
    where = to["chosen"] if isinstance(to, dict) else {"battlefield": to == "chosen_battlefield"}
    if is_base(place) and (where.get("battlefield") or place != base_of(unit.controller)):
        return f"{unit.id} 的目的地须是一处战场，不是基地", "effect_move" if to == "chosen_battlefield" else "destination_by_source"
    if place == unit.location:
        return f"{unit.id} 已在 {location_name(place)}：移动须去往另一处", "move_changes_place"
    battlefield = state.battlefields.get(place)
    if where.get("controlled_by") == "you" and (battlefield is None or battlefield.controller != controller):
        return f"{unit.id} 的目的地须是你控制的战场", "destination_by_source"
    if where.get("open") and (battlefield is None or battlefield.controller is not None or state.units_at(place)):
        return f"{unit.id} 的目的地须是开放的战场（无人占据、无人控制，170.11.c）", "destination_by_source"
    whose = controller if where.get("units_of") == "you" else unit.controller
    if "units_of" in where and not any(other.controller == whose for other in state.units_at(place) if other is not unit):
        return f"{unit.id} 的目的地须有 {whose} 的其他单位", "destination_by_source"
    return None


def played_destination_problem(state: GameState, controller: str, moves: list[dict], targets, chosen: str | None):
    """355.4 — the first reason *chosen* is no valid destination, as a spell is played, for the units it chose to move
    (*targets*: the names chosen, per execution); a move with its own ``what`` is checked only as it is done."""
    units = [state.units[name] for names in targets for name in names if name in state.units]
    problems = (destination_problem(state, controller, move["to"], unit, chosen)
                for move in moves if "what" not in move for unit in units)
    return next((problem for problem in problems if problem is not None), None)
