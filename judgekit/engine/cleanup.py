"""Cleanups (318–323): the automatic steps that repeat until the board stops changing."""

from __future__ import annotations

from judgekit.engine import replacement, triggers
from judgekit.engine.damage import any_damage_kills, heal, is_lethal, kill
from judgekit.engine.events import watch_might
from judgekit.engine.gear import end_gear_control, recall_unattached
from judgekit.engine.layers import might
from judgekit.engine.state import GameState, base_of, is_base
from judgekit.engine.trace import Log


def cleanup(state: GameState, log: Log, special: str | None = None) -> None:
    """322 — clean up, then again while the last cleanup changed something.

    *special* inserts the steps of an ending cleanup (317.2) or a combat cleanup (466.1).
    """
    passes = 0
    while True:
        before = fingerprint(state)
        _cleanup_once(state, log, special if passes == 0 else None)
        passes += 1
        if fingerprint(state) == before or state.winner:
            return
        if passes > 1:
            log.add("上一次清理改变了局面，再进行一次清理", "cleanup_repeats")


def fingerprint(state: GameState) -> tuple:
    units = tuple(
        (u.id, u.location, u.controller, u.damage, u.designation, u.exhausted, u.stunned) for u in state.units.values()
    )
    fields = ("controller", "contested_by", "showdown_staged", "combat_staged", "facedown")
    battlefields = tuple(tuple(getattr(bf, name) for name in fields) for bf in state.battlefields.values())
    return units, battlefields, len(state.chain), state.winner


def _cleanup_once(state: GameState, log: Log, special: str | None) -> None:
    _check_victory(state, log)
    if state.winner:
        return
    _update_designations(state, log)
    _kill_lethal(state, log)
    if special == "ending":
        _ending_inserts(state, log)
    elif special == "combat":
        _combat_inserts(state, log)
    _lose_control(state, log)
    _return_to_own_base(state, log)
    end_gear_control(state, log)
    recall_unattached(state, log)
    _stage(state, log)


# 323.1 / 472 — a player at or above the victory score with more points than any opponent wins.
def _check_victory(state: GameState, log: Log) -> None:
    if state.winner:  # the game has ended; the victory is announced once
        return
    target = state.target_score()
    for player in state.players.values():
        rivals = [state.players[p].points for p in state.opponents(player.id)]
        if player.points >= target and all(player.points > points for points in rivals):
            state.winner = state.team_of(player.id)  # in 2v2 the team wins (489.8.d)
            who = f"队伍 {state.winner}" if player.team else player.id
            log.add(
                f"{who} 有 {player.points} 分，达到胜利分数 {target} 且多于所有对手：{who} 获胜",
                "victory_check",
                "victory",
                *(("team_points",) if player.team else ()),
            )
            return


# 323.2 — units at the combat's battlefield take their controller's designation; units elsewhere lose theirs.
def _update_designations(state: GameState, log: Log) -> None:
    combat = state.combat
    for unit in list(state.units.values()):
        wanted = None
        if combat and unit.location == combat.battlefield:
            wanted = "attacker" if unit.controller == combat.attacker else "defender"
        if unit.designation != wanted:
            with watch_might(state, log, [unit]):
                unit.designation = wanted
            label = {"attacker": "进攻方", "defender": "防守方", None: "无"}[wanted]
            log.add(f"{unit.id} 的战斗标记改为：{label}（战力 {might(state, unit)}）", "designations")


# 323.4–323.5 — units with lethal damage trigger their death abilities, then die together.
def _kill_lethal(state: GameState, log: Log) -> None:
    order = {player: index for index, player in enumerate(state.players)}
    doomed = [unit for unit in state.units.values() if is_lethal(state, unit)]
    doomed.sort(key=lambda unit: order[unit.controller])  # 303.2.a: turn order
    for unit in doomed:
        if unit.damage < might(state, unit):
            source = any_damage_kills(state, unit)
            reason, rule = f"伤害 {unit.damage}，{source}：任意数量的伤害都足以摧毁敌方单位", "lethal_altered"
        else:
            reason, rule = f"伤害 {unit.damage} ≥ 战力 {might(state, unit)}", "lethal_damage"
        log.add(f"{unit.id} 带有致命伤害（{reason}）", rule, "lethal_kills")
    # 323.4: every death trigger goes on the chain before any of these units leaves the board
    triggered = {unit.id: triggers.own_death(state, log, unit, "cleanup_deathknell") for unit in doomed}
    for unit in doomed:
        kill(
            state, log, unit, "cleanup_kills", "passive_kill", "kill_by_damage",
            trigger_rule="cleanup_deathknell", triggered=triggered[unit.id], dealer=unit.dealt_by,
        )


# 317.2.b–d, 423.1.a.2 — the ending cleanup heals, ends "this turn" effects, stuns and rune pools.
def _ending_inserts(state: GameState, log: Log) -> None:
    heal(state, log, list(state.units.values()), "end_heal", "heal_end_of_turn")
    units = list(state.units.values())
    with watch_might(state, log, units):
        for unit in units:
            ending = [e.source for e in unit.effects if e.until == "turn"] + [
                g.source for g in unit.grants if g.until == "turn"
            ]
            if ending:
                unit.effects = [e for e in unit.effects if e.until != "turn"]
                unit.grants = [g for g in unit.grants if g.until != "turn"]
                log.add(f"{unit.id} 身上的本回合效果失效：{'、'.join(dict.fromkeys(ending))}", "this_turn_expires")
    replacement.expire_this_turn(state, log)
    stunned = [unit for unit in units if unit.stunned]
    for unit in stunned:
        unit.stunned = False
    if stunned:
        log.add(f"眩晕解除：{'、'.join(unit.id for unit in stunned)}", "stun_wears_off")
    for player in state.players.values():
        player.energy, player.power = 0, {}
    log.add("各玩家的符文池清空", "end_pool_empties")


# 466.1.a — the combat cleanup heals every unit and recalls attackers if defenders remain.
def _combat_inserts(state: GameState, log: Log) -> None:
    heal(state, log, list(state.units.values()), "combat_cleanup_heal", "heal_combat_cleanup")
    combat = state.combat
    here = state.units_at(combat.battlefield)
    if any(unit.designation == "defender" for unit in here):
        for unit in here:
            if unit.designation == "attacker":
                unit.location = base_of(unit.controller)
                combat.cleanup_recalled = True
                log.add(
                    f"防守单位仍在场：召回进攻单位 {unit.id} 到基地（召回不是移动）",
                    "recall_attackers",
                    "recall_not_move",
                )


# 323.6 — a controller without units loses the battlefield in an open state outside a showdown there.
def _lose_control(state: GameState, log: Log) -> None:
    for bf in state.battlefields.values():
        if not bf.controller or bf.controller in state.controllers_at(bf.name):
            continue
        if _showdown_at(state, bf.name):
            _note_once(log, f"{bf.controller} 在 {bf.name} 已没有单位，但那里的战斗或法术对决仍在进行：控制权不变", "control_during_combat")
        elif not state.open:
            _note_once(log, f"{bf.controller} 在 {bf.name} 已没有单位，但结算链存在（封闭状态）：暂不失去控制", "lose_control_open_only")
        else:
            log.add(f"{bf.controller} 在 {bf.name} 已没有单位，失去对它的控制", "lose_control")
            bf.controller = None


def _note_once(log: Log, text: str, rule: str) -> None:
    """A cleanup that keeps a control unchanged says so once per step, not at every repeat."""
    if all(event.text != text for event in log.events):
        log.add(text, rule)


# 323.7 — permanents in a base other than their controller's are recalled; hidden cards at
# battlefields their hider no longer controls go to the trash.
def _return_to_own_base(state: GameState, log: Log) -> None:
    for unit in state.units.values():
        if is_base(unit.location) and unit.location != base_of(unit.controller):
            unit.location = base_of(unit.controller)
            log.add(f"{unit.id} 在他人基地，召回到其控制者的基地", "recall")
    for bf in state.battlefields.values():
        if bf.facedown and bf.hidden_by and bf.controller != bf.hidden_by:
            state.players[bf.facedown.owner].trash.append(bf.facedown)
            log.add(f"{bf.hidden_by} 已不控制 {bf.name}：面朝下的 {bf.facedown.name} 置入废牌堆", "hidden_removed")
            bf.facedown = bf.hidden_by = None


# 323.8–323.11 — stage showdowns and combats at contested battlefields; clear contests that ended.
def _stage(state: GameState, log: Log) -> None:
    for bf in state.battlefields.values():
        present = state.controllers_at(bf.name)
        ongoing = _showdown_at(state, bf.name)
        if bf.contested_by and not ongoing:
            staged = bf.contested_by in present
            if staged != bf.showdown_staged:
                bf.showdown_staged = staged
                if staged:
                    log.add(f"{bf.name} 被 {bf.contested_by} 争夺：标记待发生的法术对决", "stage_showdown")
            combat = staged and len(present) >= 2
            if combat != bf.combat_staged:
                bf.combat_staged = combat
                if combat:
                    log.add(
                        f"{bf.name} 上有 {' 与 '.join(present)} 的单位：标记待发生的战斗",
                        "stage_combat",
                        "combat_staged",
                    )
                else:
                    log.add(f"{bf.name} 上不再同时有对立双方的单位：待发生的战斗取消", "unstage_combat")
        if ongoing and state.combat is None and len(present) >= 2 and not bf.combat_staged:
            bf.combat_staged = True  # 316.8.b.1.a: the non-combat showdown becomes a combat showdown
            log.add(f"{bf.name} 的非战斗法术对决中出现了 {' 与 '.join(present)} 的单位：标记待发生的战斗", "showdown_becomes_combat")
        if bf.contested_by and bf.contested_by not in present and not ongoing:
            log.add(f"{bf.contested_by} 在 {bf.name} 已没有单位：移除被争夺状态", "remove_contested")
            bf.contested_by = None
            bf.showdown_staged = bf.combat_staged = False


def _showdown_at(state: GameState, battlefield: str) -> bool:
    return (state.showdown is not None and state.showdown.battlefield == battlefield) or (
        state.combat is not None and state.combat.battlefield == battlefield
    )
