"""Cleanups (318–323), and resolving the chain (327–340, 359): the newest item resolves, its executions in turn.

A cleanup repeats until the board stops changing (322); no chain item resolves during one, nor it during a
resolution (320–321).
Cards played through the chain (``playing``) wait until every player has
passed priority in sequence (``turn``).  Triggered items resolve the same
way; a scenario that allows defaults (the default, as in the first examples)
lets the engine pass for every player on a triggered item (339.1, ``turn.settle``),
marked as a default in the trace.
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import chaincontrol, effects, events, filters, replacement, targeting, triggers
from judgekit.engine.cards import OBJECTS, UNIT_OR_GEAR, CardDef, TargetSpec
from judgekit.engine.damage import any_damage_kills, flush_triggers, heal, is_lethal, kill_together, killed_together
from judgekit.engine.events import watch_might
from judgekit.engine.gear import end_gear_control, recall_unattached
from judgekit.engine.instructions import Progress
from judgekit.engine.layers import might
from judgekit.engine.rules import illegal, undecided
from judgekit.engine.state import ZONE_NAMES, ChainItem, GameState, Unit, base_of, is_base
from judgekit.engine.targeting import Choices, Context
from judgekit.engine.trace import Log

# Cleanups (318–323): the automatic steps that repeat until the board stops changing.


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
            if wanted is not None:
                _designation_gained(state, log, unit, wanted)


def _designation_gained(state: GameState, log: Log, unit: Unit, designation: str) -> None:
    """383.4.e–f — a unit gaining a designation during the combat for the first time sets off its attack or defend
    triggers (``attacked``/``defended``); gaining it again in the same combat does not (383.4.e.2.a, 383.4.f.2.a)."""
    combat = state.combat
    kind, once = ("attacked", "attack_trigger_once") if designation == "attacker" else ("defended", "defend_trigger_once")
    if unit.id in combat.designated:
        log.add(f"{unit.id} 在本场战斗中再次获得{'进攻方' if designation == 'attacker' else '防守方'}身份："
                f"它的{'进攻' if designation == 'attacker' else '防守'}触发本场战斗已检查过，不再触发", once)
        return
    combat.designated = combat.designated | {unit.id}
    log.add(f"{unit.id} 在本场战斗中首次获得{'进攻方' if designation == 'attacker' else '防守方'}身份：它的"
            f"{'进攻' if designation == 'attacker' else '防守'}触发检查条件", "attack_trigger" if kind == "attacked"
            else "player_defend_trigger")
    events.happen(state, kind, unit.controller, unit.id)


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
    since = len(state.this_turn)
    kill_together(state, log, [(unit, unit.dealt_by, triggered[unit.id]) for unit in doomed],
                  "cleanup_kills", "passive_kill", "kill_by_damage", trigger_rule="cleanup_deathknell")
    killed_together(state, since)


# 317.2.b–d, 423.1.a.2 — the ending cleanup heals, ends "this turn" effects, stuns and rune pools.
def _ending_inserts(state: GameState, log: Log) -> None:
    heal(state, log, list(state.units.values()), "end_heal", "heal_end_of_turn")
    units = list(state.units.values())
    with watch_might(state, log, units):
        for unit in units:
            ending = [e.source for e in unit.effects if e.until == "turn"] + [
                g.source for g in (*unit.grants, *unit.granted_abilities) if g.until == "turn"
            ] + [source for _, source in (*unit.protected, *unit.pinned)]
            if ending:
                unit.effects = unit.effects.ending("turn")
                unit.grants = [g for g in unit.grants if g.until != "turn"]
                unit.granted_abilities = [g for g in unit.granted_abilities if g.until != "turn"]
                unit.protected, unit.pinned = (), ()
                log.add(f"{unit.id} 身上的本回合效果失效：{'、'.join(dict.fromkeys(ending))}", "this_turn_expires")
    replacement.expire_this_turn(state, log)
    stunned = [unit for unit in units if unit.stunned]
    for unit in stunned:
        unit.stunned = False
    if stunned:
        log.add(f"眩晕解除：{'、'.join(unit.id for unit in stunned)}", "stun_wears_off")
    for player in state.players.values():
        player.energy, player.power, player.restricted = 0, {}, []
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
        elif not state.open or any(isinstance(pend, (events.PendingPlay, ChainItem)) for pend in state.pending_triggers):
            # a unit an effect played, or a reflexive trigger, is on the chain, pending, until that resolution is over (354.3)
            _note_once(log, f"{bf.controller} 在 {bf.name} 已没有单位，但结算链存在（封闭状态）：清理的这一步只在开放状态失去控制，"
                       "暂不失去", "lose_control_open_only", "lose_control")
        else:
            log.add(f"{bf.controller} 在 {bf.name} 已没有单位，失去对它的控制", "lose_control", "lose_control_open_only")
            bf.controller = None


def _note_once(log: Log, text: str, *rules: str) -> None:
    """A cleanup that keeps a control unchanged says so once per step, not at every repeat."""
    if all(event.text != text for event in log.events):
        log.add(text, *rules)


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


def needs_choice(state: GameState, item: ChainItem) -> bool:
    """Whether resolving *item* asks its controller to choose targets."""
    chooses = bool(targeting.acted_on(item.effects)) and target_of(state, item) is not None
    asks = chaincontrol.asks_answer(item.effects)  # only its controller can name (761), choose to pay, …
    unstated = not item.targets or item.targets_default  # the script may still state the choice made at chain entry
    return item.kind == "trigger" and ((chooses and unstated) or asks)  # locked-in targets need no choice


def target_of(state: GameState, item: ChainItem) -> TargetSpec | None:
    """What a triggered item may target: a reflexive trigger's own, its ability's, else its card's."""
    if item.own_target is not None:
        return item.own_target
    ability = triggers.ability_of(state, item)
    return ability.target if ability else state.card(item.card).target


def resolve_top(state: GameState, log: Log, named: tuple[str, ...] | None = None, choices: Choices | None = None) -> None:
    """340.1 — the newest item resolves, with the script's choices (*named*: its targets) or legal defaults."""
    if state.chain[-1].question is not None:  # never answered by the engine (defaults off)
        undecided(state.chain[-1].question.unanswered())
    item = state.chain.pop()
    choices = replace(choices or Choices(), progress=Progress())  # this resolution's own: the action is not changed
    chaincontrol.check_answer(state, item, choices)
    _resolve(state, log, item, named, choices)
    chaincontrol.check_may_answers_used(item, choices)


def _resolve(state: GameState, log: Log, item: ChainItem, named: tuple[str, ...] | None, choices: Choices) -> None:
    if item.kind == "play":
        log.add(f"{item.label} 结算", "chain_resolves")
        resolve_played(state, log, item, choices)
        return
    scripted = named is not None or bool(choices.split) or any(
        said is not None for said in (choices.named, choices.pay, choices.amount, choices.new_targets, choices.may,
                                      choices.one_of)
    )
    left_open = not scripted and not state.answers and needs_choice(state, item) and state.defaults  # else: questions
    log.add(f"{item.label} 结算" + ("（脚本未给出选择）" if left_open else ""), "chain_resolves", default=left_open)
    ctx = triggers.item_context(state, item, by_spell=triggers.made_by_spell(state, item))
    if ctx.by_spell:
        log.add(f"{item.label} 由法术产生：它执行的行动也归于产生它的法术", "kill_by_spell")
    spec = target_of(state, item)
    here_gone = _here_is_gone(state, item, spec)
    if here_gone:  # 359.3.f.2, 359.3.f.2.a: “here” is where the source is now — nowhere, so no unit is here
        log.add(f"{item.label}：来源已离开场上，“此处”无从确定，依赖它的指示被忽略", "referent_checked", "referent_null")
    if spec is not None and spec.kind == "gear":  # gear chosen as it went on the chain or was activated (383.3)
        if named is not None:
            chosen_then = "、".join(item.targets[0]) if item.targets else "无"
            illegal(f"{item.label}的目标是装备，在加入结算链时已选定（{chosen_then}），脚本不能再指定单位", "trigger_targets")
        chosen = triggers.chosen_gear(state, log, item) if item.targets else []
    elif here_gone:
        chosen = []
    elif spec is not None and spec.kind in (OBJECTS, UNIT_OR_GEAR) and item.target_options is not None:  # a trigger's, chosen on the chain
        chosen = triggers.chosen_objects(state, log, ctx, item, spec, named)
    elif item.target_options is not None:  # a trigger's targets, chosen as it went on the chain (383.3), checked again now
        if named is not None:
            item = triggers.stated_targets(state, log, item, spec, [targeting.find_unit(state, name) for name in named])
        chosen = triggers.targets_still_legal(state, log, ctx, item, spec)
    elif item.remembered and spec is None:  # a delayed trigger's “it”: what its maker acted on, still on the board (390.2)
        if named is not None:
            illegal(f"{item.label}作用于产生它的效果记住的对象（{'、'.join(item.remembered)}），脚本不能再指定目标", "delayed")
        chosen = targeting.named_targets(state, TargetSpec(kind=UNIT_OR_GEAR), item.remembered)
        gone = [name for name in item.remembered if name not in {obj.id for obj in chosen}]
        log.add(f"{item.label}作用于产生它的效果记住的对象：{'、'.join(obj.id for obj in chosen) or '无'}"
                + (f"（{'、'.join(gone)} 已离开场上，不再是同一物体）" if gone else ""), "delayed",
                *(("left_board_new_object",) if gone else ()))
    else:
        if named is None and item.targets:  # an activated ability's targets were chosen as it was activated
            targets = targeting.named_targets(state, spec, item.targets[0])
        else:
            targets = None if named is None else _named(state, spec, named)
        chosen = targeting.choose_targets(state, log, ctx, spec, item.effects, targets)
    since = len(state.this_turn)
    if item.kind == "trigger" and spec is not None:  # 383.4.b: chosen as the trigger is done
        events.chosen(state, item.controller, [unit.id for unit in chosen if isinstance(unit, Unit)])
    picked = item.targets[0] if item.targets else named
    if spec is not None and spec.parts and picked:  # several target specs: ``{target: N}`` names each's own
        ctx = replace(ctx, groups=targeting.grouped(spec, picked))
    effects.resolve(state, log, ctx, item.effects, chosen, choices)
    if item.kind == "ability":
        events.activated(state, item.controller, item.source, item.card)
    triggers.reflex(state, log, item, state.this_turn[since:])


def _named(state: GameState, spec, named: tuple[str, ...]) -> list:
    """The objects a script names as an item resolves: units, or the items on the chain or gear it chooses."""
    if spec is None or spec.kind in ("unit", "event"):
        return [targeting.find_unit(state, name) for name in named]
    found = targeting.named_targets(state, spec, named)
    if len(found) != len(named):
        illegal(f"脚本给出的目标 {'、'.join(named)} 不都是场上或结算链上的{spec.describe()}", "valid_targets")
    return found


def _here_is_gone(state: GameState, item: ChainItem, spec: TargetSpec | None) -> bool:
    """A triggered ability choosing units “here” whose source unit left the board before it resolved.

    Its Deathknell is the exception: where it died is noted as it dies (808.1.d.3), the trigger's own information.
    """
    if item.kind != "trigger" or spec is None or spec.where != "here" or item.source not in state.gone:
        return False
    ability = triggers.ability_of(state, item)
    return ability is not None and ability.trigger is not None and (ability.trigger.event, ability.trigger.subject) != ("killed", "self")


def resolve_and_clean(state: GameState, log: Log, choices: Choices | None = None) -> None:
    resolve_top(state, log, choices=choices)
    cleanup(state, log)
    flush_triggers(state, log, give_priority=False)  # before anyone gets priority again (383.3)


# 359.3 — a played spell resolves: targets checked again, each execution in turn, then to the trash.
def resolve_played(state: GameState, log: Log, item: ChainItem, choices: Choices | None = None) -> None:
    card = state.card(item.card)
    choices = choices or Choices()
    ctx = Context(item.label, item.controller, item.hidden_at, by_spell=True, bonus_damage=item.bonus_damage, item=item,
                  paid_additional=item.paid_additional)
    first: list[Unit] = []
    instead = card.legion_instead and filters.legion_active(state, item.controller, True)
    if instead:  # 812.1.c: the dependent ability's “instead” replaces what the card otherwise does
        log.add(f"{item.controller} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效，取代其原本的效果", "legion")
    for index, chosen in enumerate(item.targets):
        if choices.progress.left_chain:  # 359.3.e.15: a Repeat's further executions are not done either
            break
        mode = item.modes[index] if item.modes else None
        todo = card.legion if instead else (card.modes[mode] if mode else card.effects)
        spec = card.target if instead else card.target_of(mode, item.paid_additional)
        if index % card.instructions:
            log.add(f"{card.name} 的第 {index % card.instructions + 1} 条指示，使用它自己选择的目标", "separate_instructions")
        elif index:
            log.add(f"回响：{card.name} 的指令再执行一次（第 {index // card.instructions + 1} 次）", "repeat_executes", "repeat_instances")
        legal = targeting.still_legal(state, log, ctx, spec, chosen)
        first = first or legal
        effects.resolve(state, log, replace(ctx, groups=targeting.grouped(spec, chosen)), todo, legal, choices)
    if choices.progress.left_chain:
        events.happen(state, "played", item.controller, card.name, played_from=item.played_from)
        return
    if card.legion and not instead:
        _legion_in_addition(state, log, ctx, card, item.controller, first, choices)
    went = chaincontrol.leave_chain(state, log, item, "trash")
    events.happen(state, "played", item.controller, card.name, played_from=item.played_from)
    log.add(f"{card.name} 结算完毕，置入 {item.played.owner} 的{ZONE_NAMES[went]}", "spell_resolves")


def _legion_in_addition(state: GameState, log: Log, ctx: Context, card: CardDef, player: str, first, choices) -> None:
    if not filters.legion_active(state, player, True):
        log.add(f"{player} 本回合没有确定过其他牌：{card.name} 的鼓舞效果不生效", "legion")
        return
    log.add(f"{player} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效", "legion")
    effects.resolve(state, log, ctx, card.legion, first, choices)
