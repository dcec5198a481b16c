"""The chain (327–340): items waiting to resolve, newest first.

Cards played through the chain (``playing``) wait until every player has
passed priority in sequence (``priority``).  Triggered items resolve the same
way; a scenario that allows defaults (the default, as in the first examples)
lets the engine pass for every player on a triggered item (339.1), marked as
a default in the trace.
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import chaincontrol, combat, effects, events, playing, trigger_targets, triggers
from judgekit.engine.cards import TargetSpec
from judgekit.engine.cleanup import cleanup
from judgekit.engine.effects import Choices
from judgekit.engine.errors import illegal
from judgekit.engine.gear import GEAR_TARGET_VERBS
from judgekit.engine.instructions import Progress
from judgekit.engine.state import ChainItem, GameState, Unit
from judgekit.engine.trace import Log


def needs_choice(state: GameState, item: ChainItem) -> bool:
    """Whether resolving *item* asks its controller to choose targets."""
    chooses = effects.needs_targets(item.effects) and target_of(state, item) is not None
    names = any(effects.verb(effect) == "name_card" for effect in item.effects)  # only its controller can name (761)
    unstated = not item.targets or item.targets_default  # the script may still state the choice made at chain entry
    return item.kind == "trigger" and ((chooses and unstated) or names)  # locked-in targets need no choice


def target_of(state: GameState, item: ChainItem) -> TargetSpec | None:
    """What a triggered item may target: its ability's own targets, else its card's."""
    ability = triggers.ability_of(state, item)
    return ability.target if ability else state.card(item.card).target


def resolve_top(state: GameState, log: Log, targets: list[Unit] | None = None, choices: Choices | None = None) -> None:
    """340.1 — the newest item resolves, with the script's choices or legal defaults."""
    item = state.chain.pop()
    choices = replace(choices or Choices(), progress=Progress())  # this resolution's own: the action is not changed
    chaincontrol.check_answer(state, item, choices)
    _resolve(state, log, item, targets, choices)
    chaincontrol.check_may_answers_used(item, choices)


def _resolve(state: GameState, log: Log, item: ChainItem, targets: list[Unit] | None, choices: Choices) -> None:
    if item.kind == "play":
        log.add(f"{item.label} 结算", "chain_resolves")
        playing.resolve_played(state, log, item, choices)
        return
    scripted = targets is not None or bool(choices.split) or choices.named is not None
    left_open = not scripted and needs_choice(state, item)
    log.add(f"{item.label} 结算" + ("（脚本未给出选择）" if left_open else ""), "chain_resolves", default=left_open)
    ctx = trigger_targets.context(state, item, by_spell=triggers.made_by_spell(state, item))
    if ctx.by_spell:
        log.add(f"{item.label} 由法术产生：它执行的行动也归于产生它的法术", "kill_by_spell")
    spec = target_of(state, item)
    here_gone = _here_is_gone(state, item, spec)
    if here_gone:  # 359.3.f.2, 359.3.f.2.a: “here” is where the source is now — nowhere, so no unit is here
        log.add(f"{item.label}：来源已离开场上，“此处”无从确定，依赖它的指示被忽略", "referent_checked", "referent_null")
    if spec is not None and spec.kind == "gear":
        _resolve_on_gear(state, log, ctx, item, targets, choices)
        return
    if here_gone:
        chosen = []
    elif item.target_options is not None:  # a trigger's targets, chosen as it went on the chain (383.3), checked again now
        item = trigger_targets.stated(state, log, item, spec, targets) if targets is not None else item
        chosen = trigger_targets.still_legal(state, log, ctx, item, spec)
    else:
        if targets is None and item.targets:  # an activated ability's targets were chosen as it was activated
            targets = [state.units[name] for name in item.targets[0] if name in state.units]
        chosen = effects.choose_targets(state, log, ctx, spec, item.effects, targets)
    since = len(state.this_turn)
    if item.kind == "trigger" and spec is not None:  # 383.4.b: chosen as the trigger is done
        events.chosen(state, item.controller, [unit.id for unit in chosen])
    effects.resolve(state, log, ctx, item.effects, chosen, choices)
    triggers.reflex(state, log, item, state.this_turn[since:])


def _here_is_gone(state: GameState, item: ChainItem, spec: TargetSpec | None) -> bool:
    """A triggered ability choosing units “here” whose source unit left the board before it resolved.

    Its Deathknell is the exception: where it died is noted as it dies (808.1.d.3), the trigger's own information.
    """
    if item.kind != "trigger" or spec is None or spec.where != "here" or item.source not in state.gone:
        return False
    ability = triggers.ability_of(state, item)
    return ability is not None and ability.trigger is not None and (ability.trigger.event, ability.trigger.subject) != ("killed", "self")


def _resolve_on_gear(state: GameState, log: Log, ctx, item: ChainItem, targets, choices: Choices) -> None:
    """A trigger that chose gear as it went on the chain (383.3): its gear verbs act on what is still there."""
    if targets is not None:
        illegal(f"{item.label}的目标是装备，在加入结算链时已选定（{'、'.join(item.targets[0]) or '无'}），脚本不能再指定单位", "trigger_targets")
    gears = trigger_targets.chosen_gear(state, log, item)
    for effect in item.effects:
        name = effects.verb(effect)
        if name in GEAR_TARGET_VERBS:
            GEAR_TARGET_VERBS[name](state, log, ctx, effect[name], gears)
        else:
            effects.resolve(state, log, ctx, [effect], [], choices)


def resolve_and_clean(state: GameState, log: Log, choices: Choices | None = None) -> None:
    resolve_top(state, log, choices=choices)
    cleanup(state, log)
    triggers.flush(state, log, give_priority=False)  # before anyone gets priority again (383.3)


def _default_pass(state: GameState, log: Log) -> None:
    log.add(f"所有玩家依次让过优先权，{state.chain[-1].label} 将结算", "all_pass", default=True)
    resolve_top(state, log)


def _auto(state: GameState) -> bool:
    """Whether the engine may pass for everyone on the newest item (a trigger, defaults allowed)."""
    return state.defaults and state.chain[-1].kind == "trigger"


def settle(state: GameState, log: Log) -> None:
    """The automatic steps: clean up, resolve triggers that need no choice, open staged combats (460)."""
    triggers.flush(state, log)
    cleanup(state, log)
    while not state.winner:
        triggers.flush(state, log)  # 383.3: whatever triggered since goes on the chain now
        if state.chain and _auto(state) and not needs_choice(state, state.chain[-1]):
            _default_pass(state, log)
            cleanup(state, log)
            if state.chain:  # 340.4: the newest item's controller gets priority, the passes start again
                state.priority, state.passes = state.chain[-1].controller, 0
            continue
        if combat.awaiting_result(state):
            combat.resume(state, log)
            cleanup(state, log)
            continue
        if state.chain or (state.in_showdown and not combat.showdown_becomes_combat(state)):
            break
        combat.open_staged(state, log)
        if not state.in_showdown:
            break
        cleanup(state, log)
    if not state.chain:
        state.priority, state.passes, state.chain_opened_by = None, 0, "trigger"


def drain(state: GameState, log: Log) -> None:
    """305 — before play moves on, triggered items resolve as if every player passed (when defaults are allowed)."""
    while state.chain and _auto(state) and not state.winner:
        _default_pass(state, log)
        settle(state, log)
