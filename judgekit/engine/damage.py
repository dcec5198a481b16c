"""Damage, healing and death (142–143, 186, 418, 428, 705, 808)."""

from __future__ import annotations

from judgekit.engine import layers, replacement, triggers, zones
from judgekit.engine.events import happen
from judgekit.engine.filters import View
from judgekit.engine.gear import kill_gear, leave_unattached
from judgekit.engine.layers import might
from judgekit.engine.rules import illegal
from judgekit.engine.state import MIGHTY, Card, Dealer, GameState, Gear, GearRef, Unit
from judgekit.engine.trace import Log


# 142.4.b — lethal damage is a non-zero amount at least equal to the unit's might.
def is_lethal(state: GameState, unit: Unit) -> bool:
    return unit.damage > 0 and (unit.damage >= might(state, unit) or any_damage_kills(state, unit) is not None)


def any_damage_kills(state: GameState, unit: Unit) -> str | None:
    """142.4.c — the unit whose passive makes any amount of its controller's damage lethal to this enemy unit."""
    for player in unit.damaged_by:
        maker = _any_damage_lethal(state, player, unit)
        if maker is not None:
            return maker
    return None


def _any_damage_lethal(state: GameState, player: str, unit: Unit) -> str | None:
    """The unit of *player* whose passive makes any amount of *player*'s damage lethal to the enemy *unit* (142.4.c)."""
    if player not in state.opponents(unit.controller):
        return None
    return next(
        (o.id for o in state.units.values() if o.controller == player and state.card(o.card).passives.get("any_damage_lethal")),
        None,
    )


def lethal_need(state: GameState, unit: Unit, by: str | None = None) -> int:
    """How much more damage from *by* makes the damage on *unit* lethal (at least 1: lethal is non-zero).

    142.4.c — any amount is lethal when *by* has a passive saying so; 437.5.a — the Prevent Values tracked on
    the unit count towards it.
    """
    lethal_any = by is not None and _any_damage_lethal(state, by, unit) is not None
    return (1 if lethal_any else max(1, might(state, unit) - unit.damage)) + replacement.prevent_value(state, unit)


# 142.2, 142.3.a — damage is marked per unit by the player responsible for the deal action.
def mark(state: GameState, log: Log, unit: Unit, amount: int, dealer: Dealer, *rules: str) -> None:
    """Deal *amount* to *unit*: the event passes the replacement effects first (prevention, doubling).

    The ``damaged`` event carries what dealt it (417.6); the unit keeps it for a cleanup's kill (428.5.c).
    """
    by = dealer.player
    shield = layers.damage_forbidder(state, unit, dealer)
    if shield is not None:  # “I can't be dealt damage (unless …)”: no damage event happens
        log.add(f"{shield} 使 {unit.id} 不能受到这 {amount} 点伤害：“不能”优先于“能”", "cant_beats_can")
        return
    event = replacement.offer(state, log, replacement.Pending("damage", unit, amount, by, dealer=dealer))
    if event is None:
        return
    amount = event.amount
    before = unit.damage
    unit.damage += amount
    if by not in unit.damaged_by:
        unit.damaged_by.append(by)
    unit.dealt_by = dealer
    happen(state, "damaged", by, unit.id, dealer=dealer)
    log.add(
        f"{by}{_sources(dealer)} 对 {unit.id} 造成 {amount} 点伤害（伤害 {before} → {unit.damage}；伤害不改变战力，战力仍为 {might(state, unit)}）",
        "damage_marked",
        *rules,
        *(("stunned_full_might",) if unit.stunned else ()),
    )


def _sources(dealer: Dealer) -> str:
    return f"（来源：{'、'.join(dealer.sources)}）" if dealer.sources else ""


# 418.1 — clearing damage is healing.
def heal(state: GameState, log: Log, units: list[Unit], *rules: str) -> None:
    healed = [unit for unit in units if unit.damage]
    for unit in healed:
        unit.damage = 0
        unit.damaged_by = []
        unit.dealt_by = None
    if healed:
        log.add(f"治疗 {'、'.join(unit.id for unit in healed)}：伤害清零", "heal", *rules)


def killed_together(state: GameState, since: int) -> None:
    """“当任意数量的敌方单位被摧毁时”: after one kill instruction or one cleanup, a ``units_killed`` event for each player
    whose units died in it (its object the first of them, where it died) — once however many died."""
    dead = [event for event in state.this_turn[since:] if event.kind == "killed"]
    for first in {event.player: event for event in reversed(dead)}.values():
        happen(state, "units_killed", first.player, first.subject, location=first.location)


def kill(
    state: GameState,
    log: Log,
    unit: Unit,
    *rules: str,
    trigger_rule: str = "kill_instruction_trigger",
    dealer: Dealer | None = None,
    triggered=None,
) -> None:
    """428 — put *unit* from the board into its owner's trash, unless a replacement effect applies.

    A Deathknell trigger is added to the chain before the unit leaves: in a cleanup for lethal
    damage (323.4), or before a kill instruction (428.1.a.1.b); if the death is replaced the
    trigger is removed again (808.1.d.1).  *dealer* is what the kill is attributed to and the player
    responsible: a kill instruction's spell or ability (428.5.b, 428.5.d), or in a cleanup what dealt
    the lethal damage (428.5.c); the ``killed`` event carries it.
    """
    kill_together(state, log, [(unit, dealer, triggered)], *rules, trigger_rule=trigger_rule)


def kill_together(state: GameState, log: Log, deaths: list, *rules: str,
                  trigger_rule: str = "kill_instruction_trigger") -> None:
    """Units that die at once — one kill instruction's targets, one cleanup's lethal damage (370.1.a.2): each
    ``(unit, dealer, triggered)``.  Every death trigger is put on the chain while all of them are on the board (323.4);
    then each death is offered to the replacements (373: each event on its own, in order), all of them still on the
    board, so a dying unit's own replacement applies to a death simultaneous with its own (370.4); the game actions of
    the replacements are done first, then the unmodified deaths happen (373.1.a).  *triggered*: the triggers a cleanup
    already put on the chain for that unit, else None.
    """
    state.instruction += 1  # the deaths are one game action, apart from what came before (383.3.d)
    owns = {unit.id: triggers.own_death(state, log, unit, trigger_rule) if triggered is None else triggered
            for unit, _, triggered in deaths}
    owns = triggers.group_deaths(state, log, owns)
    several = len(deaths) > 1
    state.dying = {unit.id for unit, _, _ in deaths} if several else set()
    dying = []
    try:
        for unit, dealer, _ in deaths:
            if unit.id not in state.units:  # gone already, by an earlier replacement's action
                continue
            if _would_die(state, log, unit, owns[unit.id], trigger_rule, several):
                dying.append((unit, dealer))
            else:  # replaced: it does not leave with the others
                state.dying.discard(unit.id)
    finally:
        state.dying = set()
    if several and len(dying) < len(deaths) and dying:
        log.add("替代效果的行动已先执行；其余同时被摧毁的单位现在阵亡", "replacements_first")
    before = [(unit, dealer, state.card(unit.printed or unit.card), might(state, unit)) for unit, dealer in dying]
    for unit, dealer, card, might_on_board in before:
        _dies(state, log, unit, card, might_on_board, owns[unit.id], dealer, rules)


def _would_die(state: GameState, log: Log, unit: Unit, own: list, trigger_rule: str, several: bool) -> bool:
    """The death of *unit* offered to every replacement that qualifies; False when it was replaced."""
    pending = replacement.offer(state, log, replacement.Pending("die", unit, by=unit.controller, together=several))
    if pending is not None and not pending.instead:
        return True
    for trigger in own:
        state.chain.remove(trigger)
        log.add(f"{unit.id} 没有进入废牌堆，{trigger.label}触发从结算链移除", "deathknell_replaced")
    if trigger_rule == "kill_instruction_trigger":  # the instruction was performed; its action was replaced
        log.add(f"摧毁 {unit.id} 的行动被替代：摧毁指示仍已执行，与之关联的后续指示照常执行", "instruction_revoked")
    if pending is not None:  # banished instead (427)
        unit.replaced_away = "banishment"
        banish(state, log, unit, pending.instead)
    return False


def _dies(state: GameState, log: Log, unit: Unit, card, might_on_board: int, own: list, dealer, rules) -> None:
    """The unit leaves the board: its card to its owner's trash (a token ceases), the ``killed`` event (428)."""
    replacement.leave_board(state, unit)
    del state.units[unit.id]
    state.gone.append(unit.id)
    leave_unattached(state, log, unit)
    if card.type == "token":
        log.add(f"{unit.id} 被摧毁；它是衍生物，离场后不复存在", *rules, "kill", "token_ceases")
        triggers.recycle_own_card(state, log, own, None)
        happen(state, "killed", unit.controller, unit.id, dealer=dealer, location=unit.location, last_known=unit,
               before=might_on_board)
        return
    in_trash = state.new_card(card.name, unit.owner)
    state.players[unit.owner].trash.append(in_trash)
    # 383.2.c.1: the card is in the trash as the kill happens, so its own trash abilities see it
    happen(state, "killed", unit.controller, unit.id, dealer=dealer, location=unit.location, last_known=unit,
               before=might_on_board)
    buffs = "，其增益随之移除" if unit.buffs else ""
    log.add(
        f"{unit.id} 被摧毁，置入 {unit.owner} 的废牌堆{buffs}",
        *rules,
        "kill_to_trash",
        *(("buff_leaves_play",) if buffs else ()),
    )
    triggers.recycle_own_card(state, log, own, in_trash)
    printed = (card.might or 0) >= MIGHTY
    if printed != (might_on_board >= MIGHTY):  # 711: off the board only the printed might counts
        verdict = "是" if printed else "不是"
        log.add(f"{card.name} 在废牌堆中按印刷战力 {card.might} 判断：{verdict}强力单位", "printed_might")


def banish(state: GameState, log: Log, unit: Unit, source: str, by: str | None = None) -> Card | None:
    """427.2 — the unit goes from the board straight to its owner's banishment, a new object (not a kill); a ``banished``
    event, its player the owner, its cause *by*, the player who banished it (“When you banish a card you own”).
    The card now in the banishment; None for a token, which ceases to exist there (186.1)."""
    replacement.leave_board(state, unit)
    del state.units[unit.id]
    state.gone.append(unit.id)
    leave_unattached(state, log, unit)
    card = state.new_card(unit.card, unit.owner)
    if state.card(unit.printed or unit.card).type == "token":  # 186.1: it moves, then ceases to exist
        log.add(f"{source} 放逐 {unit.id}：它离开场上；它是衍生物，进入放逐区后随即不复存在", "banish", "token_ceases")
        happen(state, "banished", unit.owner, card.name, by)
        return None
    state.players[unit.owner].banishment.append(card)
    log.add(f"{source} 放逐 {unit.id}：它离开场上，进入 {unit.owner} 的放逐区（放逐不是摧毁）", "banish")
    happen(state, "banished", unit.owner, card.name, by)
    return card


UNIT_OR_GEAR = "unit_or_gear"  # a cost's “摧毁一个友方单位或装备”: a friendly unit or an unattached friendly gear


def cost_victim(state: GameState, player: str, what: str, wanted: bool | str | dict, victim: str | None,
                *rules: str) -> Unit | Gear | None:
    """The friendly unit (``unit_or_gear``: or gear) a “kill a friendly unit” cost kills, None when the cost has no such
    part; refused when the script names none, another player's, one the cost does not ask for, or one its FILTER
    (*wanted* a mapping: “kill a friendly Mighty unit”) does not take."""
    if not wanted:
        if victim:
            illegal(f"{what} 的费用不包括摧毁友方单位", rules[0])
        return None
    gear = state.gear.get(victim or "") if wanted == UNIT_OR_GEAR else None
    if gear is not None and gear.controller == player:
        return gear
    unit = state.units.get(victim or "")
    if unit is None or unit.controller != player:
        illegal(f"{what} 的费用须摧毁一名 {player} 控制的友方单位（cost_kill），脚本给出：{victim or '无'}", rules[0])
    if isinstance(wanted, dict) and not layers.matches(state, View(player, what), wanted, unit):
        illegal(f"{unit.id} 不符合 {what} 的费用要摧毁的友方单位（{'、'.join(f'{k}: {v}' for k, v in wanted.items())}）", rules[0])
    return unit


def kill_objects_for_cost(state: GameState, log: Log, objects: list) -> None:
    """204.3.a — a triggered ability's ``kill`` cost: each unit (428) and gear (a GearRef) the controller picked is killed."""
    for obj in objects:
        if isinstance(obj, GearRef):
            kill_gear(state, log, obj)
        else:
            kill(state, log, obj, "kill")



def flush_triggers(state: GameState, log: Log, give_priority: bool = True, combat: tuple[str, str] | None = None) -> None:
    """383.3, 204.3.a — pending triggers go on the chain (``triggers.flush``), then the objects their ``kill`` costs
    took are killed, and what those deaths set off goes on the chain in its turn."""
    owed = triggers.flush(state, log, give_priority, combat)
    while owed:
        for act, unit, label in [part for part in owed if isinstance(part, tuple)]:  # a cost's ``object`` part (204.3.a)
            zones.act_for_cost(state, log, act, unit, label)
        kill_objects_for_cost(state, log, [part for part in owed if not isinstance(part, tuple)])
        owed = triggers.flush(state, log, give_priority)


def kill_friendly_for_cost(
    state: GameState, log: Log, player: str, what: str, wanted: bool | str | dict, victim: str | None, *rules: str
) -> None:
    """357.2, 377 — “kill a friendly unit (or gear)” as part of a cost: the one the script names (cost_kill)."""
    unit = cost_victim(state, player, what, wanted, victim, *rules)
    if unit is None:
        return
    log.add(f"{player} 摧毁 {unit.id}，支付 {what} 的费用", *rules)
    if isinstance(unit, Gear):
        kill_gear(state, log, GearRef(unit.card, gear_id=unit.id))
    else:
        kill(state, log, unit, "kill")
