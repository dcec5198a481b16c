"""Showdowns and combat (341–348, 459–466): opening, the damage step, the resolution step."""

from __future__ import annotations

from itertools import product

from judgekit.engine import chain, layers, replacement
from judgekit.engine.chain import cleanup
from judgekit.engine.damage import flush_triggers, lethal_need, mark
from judgekit.engine.events import COMBAT_BEGAN, COMBAT_ENDED, PLAYER_DEFENDED, SHOWDOWN_BEGAN, happen, watch_might
from judgekit.engine.layers import effective_might, explain_might, keywords, might, might_rules, static_forbidder
from judgekit.engine.rules import illegal
from judgekit.engine.scoring import CONQUER, score
from judgekit.engine.state import Battlefield, Combat, Dealer, GameState, Question, Showdown, Unit, answer_to
from judgekit.engine.trace import Log
from judgekit.errors import IllegalActionError

SIDE_NAMES = {"attacker": "进攻方", "defender": "防守方"}


def open_staged(state: GameState, log: Log) -> None:
    """460, 344 — with no chain and no showdown under way, a staged combat (or else showdown) opens.

    A non-combat showdown where another player's units arrived becomes a combat showdown (316.8.b.1.a, 464.2).
    """
    if state.chain or state.winner or (state.in_showdown and not showdown_becomes_combat(state)):
        return
    staged = [bf for bf in state.battlefields.values() if bf.combat_staged]
    if staged:
        first = staged[0]
        if len(staged) > 1 and not state.defaults:  # which combat first: the turn player's question
            (name,) = answer_to(state, Question(
                "combat_first", state.turn_player, "待发生的战斗", f"{state.turn_player} 选择先进行哪个战场的战斗",
                tuple((bf.name,) for bf in staged), "choose: [战场名]", "combat_occurs",
            ))
            first = state.battlefields[name]
            log.add(f"多个战场有待发生的战斗，回合玩家选择先进行 {name}", "combat_occurs")
        elif len(staged) > 1:
            log.add(
                f"多个战场有待发生的战斗，回合玩家选择先进行 {staged[0].name}（默认：按战场顺序）",
                "combat_occurs",
                default=True,
            )
        _open_combat(state, log, first)
        return
    showdowns = [bf for bf in state.battlefields.values() if bf.showdown_staged]
    if showdowns:
        bf = showdowns[0]
        bf.showdown_staged = False
        state.showdown = Showdown(bf.name, focus=bf.contested_by)
        log.add(f"{bf.name} 的非战斗法术对决开始，{bf.contested_by} 获得焦点", "showdown_begins", "showdown_focus")
        happen(state, SHOWDOWN_BEGAN, bf.contested_by, bf.name)  # “when a showdown begins here”
        flush_triggers(state, log)


def showdown_becomes_combat(state: GameState) -> bool:
    """316.8.b.1.a — the non-combat showdown's battlefield has a staged combat."""
    showdown = state.showdown
    return showdown is not None and not showdown.combat and state.battlefields[showdown.battlefield].combat_staged


# 464.2 — establish attacker and defender, give the attacker focus, put combat triggers on the chain.
def _open_combat(state: GameState, log: Log, bf: Battlefield) -> None:
    attacker = bf.contested_by
    defender = next(player for player in state.controllers_at(bf.name) if player != attacker)
    bf.showdown_staged = bf.combat_staged = False
    opens_showdown = state.showdown is None  # 464.2: it opens with a combat showdown, or the one under way becomes it
    state.combat = Combat(bf.name, attacker, defender)
    state.showdown = Showdown(bf.name, focus=attacker, combat=True)
    log.add(f"{bf.name} 发生战斗：{attacker} 的单位移入时施加了被争夺状态", "combat_occurs", "attacker")
    log.add(f"{attacker} 是进攻方，{defender} 是防守方", "attacker", "defender")
    units = state.units_at(bf.name)
    with watch_might(state, log, units):
        for unit in units:
            unit.designation = "attacker" if unit.controller == attacker else "defender"
    state.combat.designated = frozenset(unit.id for unit in units)
    for unit in units:
        log.add(
            f"{unit.id} 成为{SIDE_NAMES[unit.designation]}单位，战力 {explain_might(state, unit)}",
            "designation_units",
            *might_rules(state, unit),
        )
    log.add(f"进攻方 {attacker} 获得焦点，开始战斗中的法术对决", "attacker_focus")
    # 383.4.e–f: attack and defend triggers, pending once the designations are given (464.2.e).
    if opens_showdown:  # 464.2.b: start of showdown effects too
        happen(state, SHOWDOWN_BEGAN, attacker, bf.name)
    happen(state, COMBAT_BEGAN, attacker, bf.name)
    for side, kind in ((attacker, "attacked"), (defender, "defended")):
        for unit in units:
            if unit.controller == side:
                happen(state, kind, side, unit.id)
    happen(state, PLAYER_DEFENDED, defender, bf.name)
    flush_triggers(state, log, combat=(attacker, defender))


def close_showdown(state: GameState, log: Log, assignments: dict[str, dict[str, int]]) -> None:
    """347.2.a, 348 — every player passes: the showdown ends; a combat goes on to damage and resolution."""
    showdown = state.showdown
    state.showdown = None
    log.add(f"所有玩家依次让过，{showdown.battlefield} 的法术对决结束", "showdown_ends")
    if showdown.combat:
        log.add("这是战斗中的法术对决：继续进行战斗伤害步骤", "combat_showdown_closes")
        if damage_step(state, log, assignments):  # else it waits for a player's assignment (a question)
            resolution_step(state, log)
        return
    bf = state.battlefields[showdown.battlefield]
    present = state.controllers_at(bf.name)
    if len(present) == 1 and bf.controller != present[0]:
        _establish_control(state, log, bf, present[0], "noncombat_control")
    bf.contested_by = None


# 465 — sum might on each side, assign (attacker first), deal everything at once.
def damage_step(state: GameState, log: Log, assignments: dict[str, dict[str, int]]) -> bool:
    """465 — the damage step; False while it waits for a player's assignment (``answer_assignment``)."""
    sides = _sides(state)
    if not sides["attacker"] or not sides["defender"]:
        log.add("战场上不再同时有进攻单位和防守单位，不进行战斗伤害步骤", "damage_step")
        return True
    state.combat.totals = {role: _sum_might(state, log, role, units) for role, units in sides.items()}
    return _assign(state, log, assignments)


def answer_assignment(state: GameState, log: Log, assignments: dict[str, dict[str, int]]) -> None:
    """465.2.c — the player the damage step waits for assigns (a question answered); the step goes on."""
    question = state.combat.question
    if question.player not in assignments:
        illegal(f"战斗伤害步骤正在等待 {question.player} 分配战斗伤害，assign 须写明 {question.player} 的分配", "assign_order")
    state.combat.question = None
    if _assign(state, log, assignments):
        resolution_step(state, log)


def _assign(state: GameState, log: Log, assignments: dict[str, dict[str, int]]) -> bool:
    """465.2.c — each player assigns, the attacker first: the script's plan, a question (defaults off), or a default."""
    combat = state.combat
    sides = _sides(state)
    for role, player, targets in (
        ("attacker", combat.attacker, sides["defender"]),
        ("defender", combat.defender, sides["attacker"]),
    ):
        if player in combat.assigned:
            continue
        total = combat.totals[role]
        exempt = [unit.id for unit in targets if _exempt_from_assignment(state, unit, player)]
        if exempt:
            log.add(f"{'、'.join(exempt)} 不能受到伤害：没有致命量，{player} 分配时不受强制分配的约束", "cannot_be_damaged")
        ignored = [unit.id for unit in targets if "壁垒" in keywords(state, unit) and not tank(state, unit, player)]
        if ignored:
            log.add(f"{player} 在此处分配战斗伤害时无视 {'、'.join(ignored)} 的[壁垒]", "ignore_ability")
        scripted = assignments.get(player)
        if scripted is None and not state.defaults:
            options = assignment_answers(state, targets, total, player)
            if len(options) > 1:
                combat.question = Question(
                    "assign", player, combat.battlefield, f"{player} 如何把 {total} 点战斗伤害分配给 "
                    f"{'、'.join(unit.id for unit in targets)}", options, f"assign: {{{player}: {{单位: 伤害}}}}", "assign_order",
                )
                log.add(f"等待 {player} 分配 {total} 点战斗伤害（可选 {len(options)} 种）", "assign_order", "lethal_in_full")
                return False
            scripted = dict(options[0])
            log.add(f"{player} 分配 {total} 点战斗伤害：{_describe(scripted)}（唯一的分配）", "assign_order", "lethal_in_full")
        elif scripted is None:
            scripted = default_assignment(state, targets, total, player)
            log.add(
                f"{player} 分配 {total} 点战斗伤害：{_describe(scripted)}（脚本未指定，引擎按规则取默认分配）",
                "assign_order",
                "lethal_in_full",
                *(("tank",) if any(tank(state, u, player) for u in targets) else ()),
                default=True,
            )
        else:
            check_assignment(state, targets, total, scripted, player)
            log.add(f"{player} 分配 {total} 点战斗伤害：{_describe(scripted)}", "assign_order", "lethal_in_full")
        combat.assigned = {**combat.assigned, player: scripted}
        combat.excess = {**combat.excess, player: _excess(state, targets, scripted, player)}
    _note_exclusive_demands(state, log, sides["attacker"] + sides["defender"])
    log.add("伤害分配完毕，同时造成", "assigned_dealt_together", "deal_assigned")
    dealers = {  # 417.6.c.1: damage to attackers comes from the defenders and vice versa
        combat.attacker: Dealer(combat.attacker, tuple(unit.id for unit in sides["attacker"]), unit=True),
        combat.defender: Dealer(combat.defender, tuple(unit.id for unit in sides["defender"]), unit=True),
    }
    for player, plan in combat.assigned.items():
        for unit_id, amount in plan.items():
            if amount:
                mark(state, log, state.units[unit_id], amount, dealers[player], "deal_assigned", "combat_damage_source")
    return True


def _exempt_from_assignment(state: GameState, unit: Unit, by: str | None) -> bool:
    """465.2.c.10 — a unit that can't be dealt damage is exempt from mandatory assignment: all of its damage prevented this
    turn, or a static “can't be dealt damage” reaching it (the rule's own example: a unit that moved twice this turn)."""
    return replacement.cannot_be_dealt_damage(state, unit) or \
        layers.damage_forbidder(state, unit, Dealer(by or "", unit=True)) is not None


def _excess(state: GameState, targets: list[Unit], plan: dict[str, int], by: str) -> int:
    """The excess damage *by* assigned: what each unit was assigned beyond its lethal damage (465.2.c.4 allows it on the
    last unit only), read as it is assigned (“如果你给敌方单位分配了不低于3点的过量伤害”). A unit that can't be dealt damage
    has no lethal amount (465.2.c.10): none of its damage is counted beyond one."""
    return sum(max(0, plan.get(unit.id, 0) - lethal_need(state, unit, by)) for unit in targets
               if not _exempt_from_assignment(state, unit, by))


def assignment_answers(state: GameState, targets: list[Unit], total: int, by: str) -> tuple[tuple, ...]:
    """465.2.c — every assignment of *total* damage among *targets* the rules allow *by*, read from the state.

    Amounts are walked unit by unit, never two short of lethal nor one over while another is short
    (465.2.c.3–4), and each whole plan is kept when ``check_assignment`` (Tank, “assigned last”, 465.2.c.8)
    accepts it.  Each answer is ((unit, damage), …) for the units that take some.
    """
    # A unit that can't be dealt damage is bound by none of these (465.2.c.10).
    need = [None if _exempt_from_assignment(state, unit, by) else lethal_need(state, unit, by) for unit in targets]
    found = []

    def walk(index: int, left: int, plan: tuple, partial: bool, short: bool, over: bool) -> None:
        if index == len(targets):
            if left == 0:
                found.append(plan)
            return
        for amount in range(left + 1):
            bound = need[index] is not None
            below, above = bound and amount < need[index], bound and amount > need[index]
            if (below and (over or (partial and amount))) or (above and short):
                continue
            part = ((targets[index].id, amount),) if amount else ()
            walk(index + 1, left - amount, plan + part, partial or (below and amount > 0), short or below, over or above)

    walk(0, total, (), False, False, False)
    kept = []
    for plan in found:
        try:
            check_assignment(state, targets, total, dict(plan), by)
        except IllegalActionError:
            continue
        kept.append(plan)
    return tuple(kept)


def _sides(state: GameState) -> dict[str, list[Unit]]:
    here = state.units_at(state.combat.battlefield)
    return {role: [unit for unit in here if unit.designation == role] for role in ("attacker", "defender")}


def default_plans(state: GameState) -> dict[str, dict[str, int]]:
    """A legal assignment for each side of the current combat, were its showdown to close now (465.2)."""
    combat = state.combat
    sides = _sides(state)
    if not sides["attacker"] or not sides["defender"]:
        return {}
    total = {role: sum(0 if u.stunned or no_combat_damage(state, u) else effective_might(state, u) for u in units)
             for role, units in sides.items()}
    return {
        combat.attacker: default_assignment(state, sides["defender"], total["attacker"], combat.attacker),
        combat.defender: default_assignment(state, sides["attacker"], total["defender"], combat.defender),
    }


def no_combat_damage(state: GameState, unit: Unit) -> str | None:
    """The source of a static “I don't deal combat damage” that reaches *unit* (its Might is not part of its side's
    damage, as a stunned unit's is not, 423.1.b), or None."""
    return static_forbidder(state, "deal_combat_damage", unit)


def _sum_might(state: GameState, log: Log, role: str, units: list[Unit]) -> int:
    parts, total, rules = [], 0, ["sum_attackers" if role == "attacker" else "sum_defenders"]
    for unit in units:
        if unit.stunned:
            parts.append(f"{unit.id} 0（眩晕，不贡献战力）")
            rules.append("stunned_no_might")
            continue
        forbidder = no_combat_damage(state, unit)
        if forbidder:  # 054.1: “I don't deal combat damage”
            parts.append(f"{unit.id} 0（{forbidder}：不造成战斗伤害）")
            rules.append("cant_beats_can")
            continue
        value = effective_might(state, unit)
        total += value
        parts.append(f"{unit.id} {explain_might(state, unit)}")
        if unit.designation == "attacker" and keywords(state, unit).get("坚守"):
            parts[-1] += "（坚守只在防守时生效）"
            rules += ["shield", "shield_defender_only"]  # 814.1.c: “while I am a defender, +X”
        rules += might_rules(state, unit)
        if might(state, unit) < 0:
            rules.append("negative_might")
    log.add(f"{SIDE_NAMES[role]}战力总和 {total}：{'；'.join(parts)}", *dict.fromkeys(rules))
    return total


def _describe(plan: dict[str, int]) -> str:
    given = [f"{unit} {amount}" for unit, amount in plan.items() if amount]
    return "、".join(given) or "无"


def _ordered_targets(state: GameState, targets: list[Unit], by: str | None) -> list[Unit]:
    """815 — Tank units take lethal damage before the others, “assigned last” units after (board order otherwise)."""

    def rank(unit: Unit) -> int:
        if tank(state, unit, by):
            return 0  # a unit with both: the default applies Tank (465.2.c.8)
        return 2 if assigned_last(state, unit) else 1

    return sorted(targets, key=rank)


def default_assignment(state: GameState, targets: list[Unit], total: int, by: str | None = None) -> dict[str, int]:
    """A legal assignment by *by*: lethal in full, Tank first, excess on the last unit (465.2.c.3–4, 815, 142.4.c)."""
    plan: dict[str, int] = {}
    remaining = total
    ordered = _ordered_targets(state, [u for u in targets if not _exempt_from_assignment(state, u, by)] or targets, by)
    for unit in ordered:
        if not remaining:
            break
        plan[unit.id] = min(lethal_need(state, unit, by), remaining)
        remaining -= plan[unit.id]
    if remaining and ordered:
        plan[ordered[-1].id] = plan.get(ordered[-1].id, 0) + remaining
    return plan


def check_assignment(state: GameState, targets: list[Unit], total: int, plan: dict[str, int], by: str | None = None) -> None:
    """Refuse an assignment *by* the rules forbid, naming the rule (465.2.c, 815.1.c.2; lethal as 142.4.c says)."""
    ids = {unit.id for unit in targets}
    for unit_id, amount in plan.items():
        if unit_id not in ids:
            illegal(f"{unit_id} 不是可分配战斗伤害的对方战斗单位（可选：{'、'.join(ids)}）", "assign_order")
        if amount < 0:
            illegal(f"分配给 {unit_id} 的伤害不能为负数", "assign_order")
    if sum(plan.values()) != total:
        illegal(f"须分配全部 {total} 点战斗伤害，脚本分配了 {sum(plan.values())} 点", "assign_order")
    bound = [unit for unit in targets if not _exempt_from_assignment(state, unit, by)]  # 465.2.c.10
    given = {unit.id: plan.get(unit.id, 0) for unit in bound}
    need = {unit.id: lethal_need(state, unit, by) for unit in bound}
    partial = [unit_id for unit_id in given if 0 < given[unit_id] < need[unit_id]]
    short = [unit_id for unit_id in given if given[unit_id] < need[unit_id]]
    if len(partial) > 1:
        illegal(
            f"{'、'.join(partial)} 都只分配到不足致命的伤害；须先对一个单位分配足额致命伤害，再分配给下一个",
            "lethal_in_full",
        )
    _check_demanded_order(state, bound, given, need, by)
    over = [unit_id for unit_id in given if given[unit_id] > need[unit_id]]
    if over and short:
        illegal(
            f"{'、'.join(over)} 被分配了超过致命所需（{'、'.join(str(need[u]) for u in over)}）的伤害，"
            f"而 {'、'.join(short)} 尚未被分配致命伤害",
            "no_overassign",
        )


def _note_exclusive_demands(state: GameState, log: Log, units: list[Unit]) -> None:
    """465.2.c.8 — say which units had both demands, so the trace shows why either order was accepted."""
    for unit in units:
        if "壁垒" in keywords(state, unit) and assigned_last(state, unit):
            log.add(f"{unit.id} 既有[壁垒]（须最先）又须最后被分配伤害：分配方只选其中一个适用", "assigned_last")


def _check_demanded_order(state: GameState, bound: list[Unit], given: dict[str, int], need: dict[str, int],
                          by: str | None) -> None:
    """815, 465.2.c.8–9 — Tank first, “assigned last” last; a unit with both has the one the assigner chooses.

    The assignment is legal if some choice for the units with both demands makes it so.
    """
    tanks = {unit.id for unit in bound if tank(state, unit, by)}
    last = {unit.id for unit in bound if assigned_last(state, unit)}
    both = sorted(tanks & last)
    refusals = []
    for choice in product(("tank", "last"), repeat=len(both)):
        kept = dict(zip(both, choice))
        try:
            _check_tank_and_last(
                given, need, {u for u in tanks if kept.get(u, "tank") == "tank"}, {u for u in last if kept.get(u, "last") == "last"}
            )
            return
        except IllegalActionError as refusal:
            refusals.append(refusal)
    raise refusals[0]


def tank(state: GameState, unit: Unit, by: str | None) -> bool:
    """815 — whether *unit*'s Tank binds the player *by* assigning damage to it: not where a unit of theirs says “You
    ignore Tank while assigning combat damage here” (766: an ignored ability does not apply to that assignment)."""
    if "壁垒" not in keywords(state, unit):
        return False
    return not any(other.controller == by and other.location == unit.location and
                   state.card(other.card).passives.get("ignore_tank_here") for other in state.units.values())


def assigned_last(state: GameState, unit: Unit) -> bool:
    """826.3 — Backline (后排): lethal damage is assigned to it after the other units of its controller;
    the older card fact ``passives: {assigned_last}`` says the same."""
    return BACKLINE in keywords(state, unit) or bool(state.card(unit.card).passives.get("assigned_last"))


BACKLINE = "后排"


def _check_tank_and_last(given: dict[str, int], need: dict[str, int], tank: set[str], last: set[str]) -> None:
    tanks_short = [unit_id for unit_id in given if unit_id in tank and given[unit_id] < need[unit_id]]
    others_hit = [unit_id for unit_id in given if unit_id not in tank and given[unit_id]]
    if others_hit and tanks_short:
        illegal(
            f"{'、'.join(tanks_short)} 有[壁垒]，须先被分配致命伤害，才能分配给 {'、'.join(others_hit)}",
            "tank_several" if len(tank) > 1 else "tank",
        )
    last_hit = [unit_id for unit_id in given if unit_id in last and given[unit_id]]
    firsts_short = [unit_id for unit_id in given if unit_id not in last and given[unit_id] < need[unit_id]]
    if last_hit and firsts_short:
        illegal(
            f"{'、'.join(last_hit)} 必须最后被分配战斗伤害，{'、'.join(firsts_short)} 尚未被分配致命伤害", "assigned_last"
        )


# 466 — combat cleanup, the combat's result, control and conquest, the end of combat.
def resolution_step(state: GameState, log: Log) -> None:
    combat = state.combat
    cleanup(state, log, special="combat")
    if state.winner:
        return
    flush_triggers(state, log, give_priority=False)  # what combat damage triggered goes on the chain too (466.2)
    if state.chain:  # 466.2: what combat damage and the combat cleanup put on the chain resolves first
        combat.result_waits = True
        state.priority, state.passes = state.chain[-1].controller, 0
        log.add("战斗伤害与战斗清理产生了结算链项：先结算它们，再判定战斗结果", "combat_chain_first", "priority_newest")
        return
    determine_result(state, log)


def awaiting_result(state: GameState) -> bool:
    """466.2 — a combat whose result waits for the chain to empty."""
    combat = state.combat
    return combat is not None and (combat.result_waits or combat.control_waits) and not state.chain


def resume(state: GameState, log: Log) -> None:
    """The chain is empty again: go on with the combat's resolution step (466.3–466.7)."""
    if state.combat.control_waits:
        state.combat.control_waits = False
        log.add("判定战斗结果产生的结算链项已结算：建立控制", "combat_result_items")
        _control(state, log, state.battlefields[state.combat.battlefield], state.controllers_at(state.combat.battlefield))
        return
    log.add("结算链已清空：继续战斗结算步骤，判定战斗结果", "combat_chain_first")
    determine_result(state, log)


def determine_result(state: GameState, log: Log) -> None:
    """466.3–466.7 — the combat's result, control and conquest, the end of combat.

    Only the combat cleanup's own recall (step 3d) means no result (466.3.d): an attacker a replacement or an
    effect sent to base is simply no longer here.
    """
    combat = state.combat
    bf = state.battlefields[combat.battlefield]
    recalled = combat.cleanup_recalled
    present = state.controllers_at(bf.name)
    if recalled or len(present) != 1:
        log.add("战斗无结果" + ("（战斗清理召回了进攻单位）" if recalled else ""), "combat_no_result")
        if len(present) == 2:
            bf.showdown_staged = bf.combat_staged = True
            log.add(f"双方在 {bf.name} 仍有单位：再次标记法术对决与战斗", "combat_restaged")
    else:
        loser = combat.defender if present[0] == combat.attacker else combat.attacker
        log.add(f"{present[0]} 赢得战斗，{loser} 输掉战斗；此处 {present[0]} 的单位同样赢得战斗", "combat_won", "combat_lost", "won_combat")
        happen(state, "combat_won", present[0], bf.name)  # the player wins (466.3.a): “when you win a combat”
        for unit in state.units_at(bf.name):
            happen(state, "won_combat", present[0], unit.id)
        if not state.defaults:  # the players pass on them, as on any chain item, before control (466.4)
            flush_triggers(state, log)
            if state.chain:
                combat.control_waits = True
                log.add("判定战斗结果产生了结算链项：玩家依次让过使其结算之后，再建立控制", "combat_result_items",
                        "priority_newest")
                return
        _resolve_result_items(state, log)
        if state.winner:
            return
        present = state.controllers_at(bf.name)  # 466.5: who has units here once those items resolved
    _control(state, log, bf, present)


def _control(state: GameState, log: Log, bf: Battlefield, present: list[str]) -> None:
    """466.5–466.7 — control established (a conquest) or lost, then the combat ends."""
    if not bf.combat_staged:
        if len(present) == 1 and bf.controller != present[0]:
            _establish_control(state, log, bf, present[0], "combat_control", "combat_conquer")
        elif not present and bf.controller:
            log.add(f"{bf.name} 上已没有任何单位，变为无人控制", "combat_uncontrolled")
            bf.controller = None
        bf.contested_by = None
    state.last_excess = (state.turn, dict(state.combat.excess))  # “that much” read after it ended (465.2.c.4)
    state.combat = None
    log.add("战斗结束：移除进攻方与防守方标记，“本场战斗”效果失效", "combat_ends")
    fought = [unit for unit in state.units.values() if unit.designation]
    for unit in state.units.values():
        with watch_might(state, log, [unit]):
            unit.designation = None
            unit.effects = unit.effects.ending("combat")
            unit.grants = [g for g in unit.grants if g.until != "combat"]
    for unit in fought:  # “when a combat that I was in ends”: each unit still on the board that was in it (466.7)
        happen(state, COMBAT_ENDED, unit.controller, unit.id)


def _resolve_result_items(state: GameState, log: Log) -> None:
    """466.4 — what determining the result triggered resolves before control is established.

    The players may respond in principle; the engine passes for them (a default), as it does on triggers.
    """
    flush_triggers(state, log, give_priority=False)
    while state.chain and not state.winner:
        log.add(f"建立控制之前，先结算判定战斗结果产生的 {state.chain[-1].label}", "combat_result_items", default=True)
        chain.resolve_top(state, log)
        cleanup(state, log)
        flush_triggers(state, log, give_priority=False)


def _establish_control(state: GameState, log: Log, bf: Battlefield, player: str, *rules: str) -> None:
    log.add(f"{player} 建立对 {bf.name} 的控制（此前：{bf.controller or '无人控制'}）", *rules)
    was_open, bf.controller = bf.controller is None, player
    score(state, log, player, bf.name, CONQUER, was_open)
