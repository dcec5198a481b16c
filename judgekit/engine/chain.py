"""Resolving the chain (327–340, 359): the newest item resolves, a played spell's executions in turn.

Cards played through the chain (``playing``) wait until every player has
passed priority in sequence (``turn``).  Triggered items resolve the same
way; a scenario that allows defaults (the default, as in the first examples)
lets the engine pass for every player on a triggered item (339.1, ``turn.settle``),
marked as a default in the trace.
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import chaincontrol, effects, events, filters, flow, targeting, triggers
from judgekit.engine.cards import CardDef, TargetSpec
from judgekit.engine.cleanup import cleanup
from judgekit.engine.instructions import Progress
from judgekit.engine.rules import illegal
from judgekit.engine.state import ChainItem, GameState, Unit
from judgekit.engine.targeting import Choices, Context
from judgekit.engine.trace import Log


def needs_choice(state: GameState, item: ChainItem) -> bool:
    """Whether resolving *item* asks its controller to choose targets."""
    chooses = bool(targeting.acted_on(item.effects)) and target_of(state, item) is not None
    asks = chaincontrol.asks_answer(item.effects)  # only its controller can name (761), choose to pay, …
    unstated = not item.targets or item.targets_default  # the script may still state the choice made at chain entry
    return item.kind == "trigger" and ((chooses and unstated) or asks)  # locked-in targets need no choice


def target_of(state: GameState, item: ChainItem) -> TargetSpec | None:
    """What a triggered item may target: its ability's own targets, else its card's."""
    ability = triggers.ability_of(state, item)
    return ability.target if ability else state.card(item.card).target


def resolve_top(state: GameState, log: Log, named: tuple[str, ...] | None = None, choices: Choices | None = None) -> None:
    """340.1 — the newest item resolves, with the script's choices (*named*: its targets) or legal defaults."""
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
        said is not None for said in (choices.named, choices.pay, choices.new_targets, choices.may)
    )
    left_open = not scripted and needs_choice(state, item)
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
    elif item.target_options is not None:  # a trigger's targets, chosen as it went on the chain (383.3), checked again now
        if named is not None:
            item = triggers.stated_targets(state, log, item, spec, [targeting.find_unit(state, name) for name in named])
        chosen = triggers.targets_still_legal(state, log, ctx, item, spec)
    else:
        if named is None and item.targets:  # an activated ability's targets were chosen as it was activated
            targets = targeting.named_targets(state, spec, item.targets[0])
        else:
            targets = None if named is None else _named(state, spec, named)
        chosen = targeting.choose_targets(state, log, ctx, spec, item.effects, targets)
    since = len(state.this_turn)
    if item.kind == "trigger" and spec is not None:  # 383.4.b: chosen as the trigger is done
        events.chosen(state, item.controller, [unit.id for unit in chosen])
    effects.resolve(state, log, ctx, item.effects, chosen, choices)
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
    triggers.flush(state, log, give_priority=False)  # before anyone gets priority again (383.3)


# 359.3 — a played spell resolves: targets checked again, each execution in turn, then to the trash.
def resolve_played(state: GameState, log: Log, item: ChainItem, choices: Choices | None = None) -> None:
    card = state.card(item.card)
    choices = choices or Choices()
    ctx = Context(item.label, item.controller, item.hidden_at, by_spell=True, bonus_damage=item.bonus_damage, item=item,
                  paid_additional=item.paid_additional)
    first: list[Unit] = []
    instead = card.legion_instead and filters.legion_active(state, item.controller)
    if instead:  # 812.1.c: the dependent ability's “instead” replaces what the card otherwise does
        log.add(f"{item.controller} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效，取代其原本的效果", "legion")
    for index, chosen in enumerate(item.targets):
        if choices.progress.left_chain:  # 359.3.e.15: a Repeat's further executions are not done either
            break
        todo = card.legion if instead else (card.modes[item.modes[index]] if item.modes else card.effects)
        if index % card.instructions:
            log.add(f"{card.name} 的第 {index % card.instructions + 1} 条指示，使用它自己选择的目标", "separate_instructions")
        elif index:
            log.add(f"回响：{card.name} 的指令再执行一次（第 {index // card.instructions + 1} 次）", "repeat_executes", "repeat_instances")
        legal = targeting.still_legal(state, log, ctx, card.target, chosen)
        first = first or legal
        effects.resolve(state, log, replace(ctx, groups=targeting.grouped(card.target, chosen)), todo, legal, choices)
    if choices.progress.left_chain:
        events.happen(state, "played", item.controller, card.name)
        return
    if card.legion and not instead:
        _legion_in_addition(state, log, ctx, card, item.controller, first, choices)
    went = flow.leave_chain(state, log, item, "trash")
    events.happen(state, "played", item.controller, card.name)
    log.add(f"{card.name} 结算完毕，置入 {item.played.owner} 的{flow.ZONE_NAMES[went]}", "spell_resolves")


def _legion_in_addition(state: GameState, log: Log, ctx: Context, card: CardDef, player: str, first, choices) -> None:
    if not filters.legion_active(state, player):
        log.add(f"{player} 本回合没有确定过其他牌：{card.name} 的鼓舞效果不生效", "legion")
        return
    log.add(f"{player} 本回合已确定过另一张牌：{card.name} 的鼓舞效果生效", "legion")
    effects.resolve(state, log, ctx, card.legion, first, choices)
