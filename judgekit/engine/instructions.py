"""Executing a card's instructions in order, with their links (135.2.b.5, 359.3.e.14, 383.3.a.3).

An instruction is a game action and its complement (135.2.b.5.a): the verb, what it is performed on
(``to:``), the condition under which it is performed (``if:``), its amount.  This module reads the
complement with the layers' reads with Might as each instruction executes and hands the verb its bound form; the
verbs themselves are the caller's (``execute``).  It also runs the links between instructions:
“you may …” (``may``, a question to the controller), “if you do” (``if: {you_did: true}``) and
“do this N times / for each …” (``repeat``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from judgekit.engine import filters, layers
from judgekit.engine.cards import target_spec
from judgekit.engine.filters import describe_condition
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    BattlefieldRef,
    ChainItem,
    GameEvent,
    GameState,
    GearRef,
    Question,
    Unit,
    answer_or_default,
    answer_to,
)
from judgekit.engine.trace import Log

# The verbs whose quantity is written as the parameter itself (``draw: 2``), not as ``{amount: …}``.
SCALAR_AMOUNT = frozenset({"draw", "burn", "discard", "prevent", "ready_runes", "ready_gear", "channel", "gain_xp"})
# Verbs whose ``to:`` is where something goes; the units a move acts on are its ``what:``.
DESTINATION_VERBS = frozenset({"move", "counter"})
# The verbs a player performs, whom ``who:`` may name.
PLAYER_ACTIONS = frozenset({"draw", "burn", "discard", "channel", "ready_runes", "add", "create", "gain_xp", "recycle", "hand_to_deck", "banish_cards",
                            "forbid_playing", "kill_own"})
# Verbs whose ``then``/``otherwise`` branches act on the targets themselves (“you may pay …”, “… unless its controller …”).
BRANCHING = frozenset({"may_pay", "pay_any", "unless_lets"})
DEFAULT_WHO = {"forbid_playing": "opponents"}  # “opponents can't play cards this turn”; the others: you
# Verbs with a ``who`` of their own (gain_points: you, or an opponent the controller picks) a chosen player may perform too.
CHOSEN_DOERS = frozenset({"gain_points"})


def performed_by(name: str, param) -> bool:
    """Whether the instruction's ``who:`` names the players who perform it (135.2.b.5.a)."""
    return isinstance(param, dict) and (name in PLAYER_ACTIONS or name in CHOSEN_DOERS and param.get("who") == "chosen_player")
LINKS = frozenset({"may", "repeat", "one_of", "when", "do_this"})  # instructions about instructions, run here, not by a verb
THIS_CARD = "this_card"  # the selector of a spell's own card while it resolves on the chain (“banish this”, 此牌)
CREATED = "created"  # the units the instructions played so far (“打出一名“黄沙士兵”，让其…”), or a reflexive trigger's maker's
MAKERS = frozenset({"create", "play", "look"})  # a look's take played (``to: play``): “it” after it
UNIT_PARAMS = {"deal": ("by",), "become_copy": ("of",), "attach": ("of",)}  # parameters beside ``to`` that name a unit (a selector)  # the verbs that put new objects on the board, which ``created`` then names


@dataclass
class Progress:
    """How far the instructions of one resolving item have got: the “you may” answers used, whether the last
    optional instruction was done (for “if you do”), whether the item left the chain (359.3.e.15)."""

    asked: int = 0
    picked: int = 0  # the “one of these” choices made so far
    did: bool | None = None
    left_chain: bool = False  # the resolving spell was banished by its own instruction: it executes nothing more
    created: tuple[str, ...] = ()  # the units the latest instruction that plays objects put on the board
    took: str | None = None  # the card the latest look took (its name): “if you revealed a Bird …” reads it
    discarded: tuple[str, ...] = ()  # the cards the latest discard instruction discarded (their names)
    moved_from: tuple[str, ...] = ()  # the battlefields the latest move instruction moved units from
    revealed: tuple[str, ...] = ()  # the cards the latest look revealed from the main deck (their ids, 424.1)


def verb(effect: dict) -> str:
    return next(iter(effect))


def selector_key(name: str) -> str:
    return "what" if name in DESTINATION_VERBS else "to"


def run(
    state: GameState,
    log: Log,
    ctx,
    todo,
    targets: list,
    answers: tuple[bool, ...] | None,
    progress: Progress,
    execute: Callable[[dict, list, object], None],
    picks: tuple[int, ...] | None = None,
) -> None:
    """Execute *todo* in order: each instruction bound to what it acts on, when its condition holds.

    *answers*: the controller's answers to its “you may …”, *picks* to its “one of these” (1 for the first), in order.
    """
    for effect in todo:
        if progress.left_chain:  # 359.3.e.15: it finished resolving as it left the chain
            return
        name = verb(effect)
        param = effect[name]
        condition = param.get("if") if isinstance(param, dict) else None
        if condition is not None and not _condition_met(state, log, ctx, name, condition, targets, progress):
            if name == "when":  # its “you may” was not even asked: “if you do” after it is not done either
                progress.did = False
            continue
        if name == "may":
            progress.did = _ask(state, log, ctx, answers, progress)
            if progress.did:
                run(state, log, ctx, param, targets, answers, progress, execute, picks)
        elif name == "one_of":
            branch = _pick(state, log, ctx, len(param), picks, progress)
            if branch is None:  # every branch picked this turn already: nothing of it is done
                log.add(f"{ctx.source}：本回合已选过所有选项，无可选择，这条指示不执行", "do_what_you_can")
                continue
            run(state, log, ctx, param[branch], targets, answers, progress, execute, picks)
        elif name == "when":  # “如果C，则你可以选择Y”: its own if: (checked above) governs the instructions inside
            run(state, log, ctx, param["effects"], targets, answers, progress, execute, picks)
        elif name == "repeat":
            times = layers.amount(state, ctx, param["times"], _units(targets))
            log.add(f"{ctx.source}：以下指示执行 {times} 次", "instruction_complement")
            made: tuple[str, ...] = ()
            for _ in range(times):
                run(state, log, ctx, param["effects"], targets, answers, progress, execute, picks)
                made += progress.created  # “为每件武装打出一名…”: all the executions' tokens are “them”
            progress.created = made if made else progress.created
        elif name == "do_this":
            _reflexive(state, log, ctx, param, targets, progress)
        else:
            here = replace(ctx, created=progress.created or ctx.created, discarded=progress.discarded,
                           moved_from=progress.moved_from, revealed=progress.revealed)
            before = (set(state.units) | set(state.gear), len(state.pending_triggers)) if name in MAKERS and (
                name != "look" or param.get("take", {}).get("to") == "play") else None
            bound, acted_on = bind(state, log, here, name, param, targets)
            since = len(state.this_turn)
            for doer in _doers(state, log, here, name, param, acted_on):
                execute({name: bound}, acted_on, doer)
            if name in PERFORMED:  # “摧毁一名友方单位。若如此做，…”: whether its action was done, not replaced (359.3.e.14.b)
                progress.did = PERFORMED[name](state, acted_on, state.this_turn[since:])
            if before is not None:  # on the board now, or played and pending until this resolution is over (354.3)
                pending = [getattr(pend, "unit_id", "") for pend in state.pending_triggers[before[1]:]]
                entered = (made for made in (*state.units, *state.gear) if made not in before[0])
                progress.created = tuple(entered) + tuple(filter(None, pending))


def _killed(state: GameState, acted_on: list, happened: list) -> bool:
    """A kill was done: one of the units it acted on died by it (its ``killed`` event), or a gear it acted on left the
    board; a death replaced (recalled, banished instead) was not a kill (359.3.e.14.b)."""
    ids = {target.id for target in acted_on if isinstance(target, Unit)}
    return any(event.kind == "killed" and event.subject in ids for event in happened) or \
        any(isinstance(target, GearRef) and not filters.still_there(state, target) for target in acted_on)


# The verbs whose action “if you do” after them reads (without a “you may” before), and how it is known done.
PERFORMED = {"kill": _killed}


def _reflexive(state: GameState, log: Log, ctx, param: dict, targets: list, progress: Progress) -> None:
    """387–388 — “do this: …”: the instructions become a reflexive triggered ability, added to the chain as a pending item
    (388.1) that resolves after the item making it, above what that item triggered before it and below what after; it keeps that item's chosen targets and what its instructions played
    (``created``, “it”, 359.3.f.3), and it is the same ability for what its targets and conditions read.  One that
    chooses its own targets (``target``) chooses them as it is finalized, after its maker resolved (355.5.b)."""
    maker = ctx.item or ctx.chain_item
    if maker is None:  # an effect outside the chain (a scenario's own step) makes no chain item
        illegal(f"{ctx.source}：“进行一次”只能出现在结算链上的法术或能力中", "reflexive")
    own = target_spec(param.get("target"))
    chosen = tuple(getattr(target, "id", target) for target in targets if isinstance(target, (Unit, str)))
    label = f"{maker.label}的反身触发"
    state.pending_triggers.append(ChainItem(  # in its place among what this resolution sets off (383.3, 337.1.b)
        maker.source, maker.card, ctx.controller, list(param["effects"]), label, ctx.location, finalized=False,
        ability=maker.ability, targets=(chosen,) if maker.targets and own is None else (), event_subject=ctx.event_subject,
        created=progress.created or ctx.created, own_target=own,
    ))
    log.add(f"{label}加入结算链，成为待定项（其中的“它”：{'、'.join(progress.created or ctx.created) or '无'}）", "reflexive")


def _doers(state: GameState, log: Log, ctx, name: str, param, acted_on: list) -> list:
    """The contexts the instruction is done in: one per player its ``who:`` names (135.2.b.5.a: who performs
    the action), the ability's controller by default; “its controller” is each chosen unit's (or chosen spell's on the
    chain: “无效化一个法术。其控制者在本回合内无法打出法术”)."""
    who = param.get("who", DEFAULT_WHO.get(name)) if performed_by(name, param) else None
    if who is None:
        return [ctx]
    units = _units(acted_on)
    chosen = [target for target in acted_on if isinstance(target, (Unit, ChainItem))]
    away = [unit for unit in units if unit.replaced_away and who in ("target_controller", "target_owner")]
    if away:  # not where the instruction put it: its information is no longer available, nor looked back at
        log.add(f"{ctx.source}：{'、'.join(unit.id for unit in away)} 因替代效果离开场上（进入放逐区），不是此法术的指示把它移走的："
                f"无从查看其控制者或所有者，{name} 无人执行", "referent_null", "look_back")
        units = [unit for unit in units if unit not in away]
        chosen = [target for target in chosen if target not in away]
    players = {
        "you": [ctx.controller],
        "opponent": state.opponents(ctx.controller),
        "opponents": state.opponents(ctx.controller),
        "each_player": list(state.players),
        "target_controller": list(dict.fromkeys(target.controller for target in chosen)),
        "target_owner": list(dict.fromkeys(unit.owner for unit in units)),
        "chosen_player": [target for target in acted_on if isinstance(target, str) and target in state.players],
        "combatants": [state.combat.attacker, state.combat.defender] if state.combat else [],  # 464.2.a–b
    }[who]
    if not players and who in ("target_controller", "target_owner"):  # “its controller draws 2” after a skipped “kill it”
        log.add(f"{ctx.source}：{name} 由所选对象的控制者或所有者执行，而选择它的指示未执行：这条关联指示也不执行",
                "instruction_complement", "linked_instructions")
        return []
    log.add(f"{ctx.source}：{name} 由 {'、'.join(players) or '无人'} 执行", "instruction_complement")
    return [replace(ctx, controller=player) for player in players]


def _units(targets: list) -> list[Unit]:
    return [target for target in targets if isinstance(target, Unit)]


def _battlefield_chosen(ctx, selector, targets: list) -> list[str]:
    """``{target: N}`` of a part that chose a battlefield, still legal (“将该友方单位移动到该战场”): its name; else none."""
    groups = getattr(ctx, "groups", ())
    if not (isinstance(selector, dict) and isinstance(selector.get("target"), int) and selector["target"] <= len(groups)):
        return []
    return [t.id for t in targets if isinstance(t, BattlefieldRef) and t.id in groups[selector["target"] - 1]]


def _event_battlefield(state: GameState, ctx, selector) -> list[str]:
    """``{location_of: event_subject}`` after a trigger whose object is a battlefield (“当你防守一处战场时，…将我移动到该处”:
    the battlefield of ``player_defended``): that battlefield, locked in as the ability triggered (359.3.f.3)."""
    subject = getattr(ctx, "event_subject", None)
    return [subject] if selector == "event_subject" and subject in state.battlefields else []


def _located(targets: list) -> list:
    """The chosen units and battlefields: what a selector's ``where: there`` reads the places of."""
    return [target for target in targets if isinstance(target, (Unit, BattlefieldRef))]


def _read_targets(state: GameState, targets: list) -> list:
    """The chosen units, and each chosen gear as a filter reads it (``GearSeen``: “如果它是一件武装”)."""
    seen = {ref.id: gear for ref, gear in filters.board_gear(state)} if any(isinstance(t, GearRef) for t in targets) else {}
    return [seen[t.id] if isinstance(t, GearRef) else t for t in targets
            if isinstance(t, Unit) or (isinstance(t, GearRef) and t.id in seen)]


def _condition_met(state: GameState, log: Log, ctx, name: str, condition: dict, targets: list, progress) -> bool:
    chosen = _read_targets(state, targets)
    took = state.cards.get(progress.took) if progress.took else None
    seen = replace(ctx, moved_from=progress.moved_from) if progress.moved_from else ctx
    failed = layers.holds(state, seen, condition, chosen, progress.did, took)
    shown = describe_condition(condition)
    # “if it is an enemy unit” after the instruction on it: with no chosen target left that one was skipped (359.3.e.14.a)
    linked = "you_did" in condition or ("target_is" in condition and not chosen)
    rules = ("linked_instructions",) if linked else ("instruction_complement",)
    rules += ("death_noted",) if filters.last_known_source(ctx) is not None else ()  # its source read as it last was
    rules += ("optional_cost_paid",) if "paid_additional_cost" in condition else ()
    if failed:
        log.add(f"{ctx.source} 检查条件“{shown}”：不成立，{name} 这条指示不执行", *rules)
        return False
    log.add(f"{ctx.source} 检查条件“{shown}”：成立", *rules)
    return True


def _up_to(state: GameState, log: Log, ctx, units: list[Unit], most: int) -> list[Unit]:
    """“其中最多两名”: up to *most* of *units*, which ones the controller's pick (a question without defaults; all of them
    when there are no more, else the first *most*, a default)."""
    if len(units) <= most and state.defaults:
        return units
    options = tuple(tuple(unit.id for unit in chosen) for size in range(min(most, len(units)), -1, -1)
                    for chosen in combinations(units, size))
    if state.defaults:
        log.add(f"{ctx.controller} 从 {'、'.join(u.id for u in units)} 中选择至多 {most} 名：{'、'.join(options[0])}（引擎默认）",
                "up_to_zero", default=True)
        return [unit for unit in units if unit.id in options[0]]
    picked = answer_to(state, Question("choose_units", ctx.controller, ctx.source,
                                       f"{ctx.controller} 为 {ctx.source} 选择至多 {most} 名此前打出的单位", options,
                                       "choose: [单位, ……]", "up_to_zero"))
    return [unit for unit in units if unit.id in picked]


def _ask(state: GameState, log: Log, ctx, answers: tuple[bool, ...] | None, progress: Progress) -> bool:
    """383.3.a.3 — “you may …” later in an effect is decided as it resolves, by the controller: the script answers."""
    index = progress.asked
    progress.asked += 1
    if answers is not None and index < len(answers):
        done = answers[index]
        log.add(f"{ctx.controller} 选择{'' if done else '不'}执行 {ctx.source} 的“你可以……”", "you_may")
        return done
    asked = Question(
        "may", ctx.controller, ctx.source, f"{ctx.controller} 是否执行 {ctx.source} 的第 {index + 1} 个“你可以……”",
        (("是",), ("否",)), "answer: {may: true|false}（写在让它结算的那一步）或 choose: true|false", "you_may",
    )
    noted = len(state.defaulted)
    done = answer_or_default(state, asked, ("是",)) == ("是",)  # without defaults the step waits for the script's answer
    if len(state.defaulted) > noted:  # a choose right after the step may still answer it (the step runs again)
        log.add(f"{ctx.controller} 执行 {ctx.source} 的“你可以……”（脚本未回答，引擎默认执行）", "you_may", default=True)
        return True
    log.add(f"{ctx.controller} 选择{'' if done else '不'}执行 {ctx.source} 的“你可以……”", "you_may")
    return done


def _pick(state: GameState, log: Log, ctx, options: int, picks: tuple[int, ...] | None, progress: Progress) -> int | None:
    """“Do A or B” (a choice between instructions, as the modes of 355.3): the controller picks one as it resolves — the
    script's ``answer: {one_of: N}`` — or the engine takes the first, a default never made without defaults."""
    index = progress.picked
    progress.picked += 1
    key = _once_a_turn(state, ctx)
    taken = {int(event.cause) for event in state.this_turn if event.kind == MODE_PICKED and event.subject == f"{key}#{index}"} \
        if key else set()
    open_ = [number for number in range(1, options + 1) if number - 1 not in taken]
    if key and taken:
        log.add(f"{ctx.source}：本回合已选过第 {'、'.join(str(n + 1) for n in sorted(taken))} 项，只能选择未选过的"
                f"（{'、'.join(map(str, open_)) or '无'}）", "modes")
    if not open_:
        return None
    if picks is not None and index < len(picks):
        if picks[index] not in open_:
            why = "本回合已选过" if 1 <= picks[index] <= options else f"只有 {options} 项"
            illegal(f"{ctx.source} 的第 {index + 1} 个“择一”{why}，脚本选择了第 {picks[index]} 项", "modes")
        log.add(f"{ctx.controller} 为 {ctx.source} 选择第 {picks[index]} 项（共 {options} 项择一）", "modes")
        return _picked(state, ctx, key, index, picks[index] - 1)
    if not state.defaults:  # a question: the step waits for the script's answer
        (said,) = answer_to(state, Question(
            "one_of", ctx.controller, ctx.source, f"{ctx.controller} 为 {ctx.source} 的第 {index + 1} 个“择一”选择执行哪一项",
            tuple((str(number),) for number in open_),
            "answer: {one_of: N}（写在让它结算的那一步）或 choose: N", "modes",
        ))
        log.add(f"{ctx.controller} 为 {ctx.source} 选择第 {said} 项（共 {options} 项择一）", "modes")
        return _picked(state, ctx, key, index, int(said) - 1)
    log.add(f"{ctx.controller} 为 {ctx.source} 选择第 {open_[0]} 项（脚本未回答，引擎默认；共 {options} 项择一）", "modes",
            default=True)
    return _picked(state, ctx, key, index, open_[0] - 1)


MODE_PICKED = "mode_picked"  # this turn's record of a branch an ability that picks each only once a turn picked


def _once_a_turn(state: GameState, ctx) -> str | None:
    """The ability whose “do A or B” may pick each branch once a turn (“choose one that hasn't been chosen this turn”):
    its object and name, or None."""
    item = getattr(ctx, "chain_item", None)
    card = state.cards.get(item.card) if item is not None else None
    ability = card.ability(item.ability) if card is not None and item.ability else None
    return f"{item.source}/{item.ability}" if ability is not None and ability.distinct_modes == "turn" else None


def _picked(state: GameState, ctx, key: str | None, index: int, branch: int) -> int:
    if key:
        state.this_turn.append(GameEvent(MODE_PICKED, ctx.controller, f"{key}#{index}", str(branch), phase=state.phase))
    return branch


def bind(state: GameState, log: Log, ctx, name: str, param, targets: list) -> tuple[object, list]:
    """The verb's own parameters with the complement read now: amounts as numbers, the units it acts on."""
    if not isinstance(param, dict):
        return param, targets
    key = selector_key(name)
    acted_on = targets
    if param.get(key) == THIS_CARD:  # the resolving spell itself, a card on the chain (“banish this”)
        acted_on = [ctx.item] if ctx.item is not None else []
    elif param.get(key) == CREATED or isinstance(param.get(key), dict) and CREATED in param[key]:
        # what the instructions played, on the board by now (359.3.e); “up to N of them”: the controller's pick
        acted_on = [state.units[made] if made in state.units else GearRef(state.gear[made].card, gear_id=made)
                    for made in ctx.created if made in state.units or made in state.gear]  # a gear played too (the verb's kinds filter)
        if isinstance(param[key], dict):
            acted_on = _up_to(state, log, ctx, acted_on, param[key][CREATED]["up_to"])
        log.add(f"{ctx.source}：{name} 作用于此前打出的 {'、'.join(u.id for u in acted_on) or '无'}", "instruction_complement")
    elif key in param:
        chosen_gear = [t for t in targets if isinstance(t, GearRef)] if isinstance(param[key], dict) and \
            isinstance(param[key].get("target"), int) else []  # a gear one part chose (``{target: N}``)
        acted_on = layers.select(state, ctx, param[key], _located(targets) + chosen_gear)
        shown = "、".join(unit.id for unit in acted_on) or "无"
        log.add(f"{ctx.source}：{name} 作用于 {shown}", "instruction_complement")
    own = {k: v for k, v in param.items() if k not in (key, "if") and not (k == "who" and performed_by(name, param))}
    for named in UNIT_PARAMS.get(name, ()):  # “it deals damage …” (417.6.b.3), “a copy of …”: the unit, read now
        if named in own:
            own[named] = [unit.id for unit in layers.select(state, ctx, own[named], _units(targets))]
    if isinstance(own.get("to"), dict) and "location_of" in own["to"]:  # a move to where a unit is: its units now
        own["to"] = {"location_of": _battlefield_chosen(ctx, own["to"]["location_of"], targets) or
                     _event_battlefield(state, ctx, own["to"]["location_of"]) or
                     [unit.id for unit in layers.select(state, ctx, own["to"]["location_of"], _units(targets))]}
    if isinstance(own.get("discount"), dict):  # a play's discount of an amount (“减去被回收单位的战力”), read now
        own["discount"] = max(0, _amount(state, log, ctx, own["discount"], _units(targets)))
    if "amount" in own and isinstance(own["amount"], dict):
        # the chosen items on the chain too, for the cost of one (“该法术法力费用”, 206)
        read = _units(targets) + ([t for t in targets if isinstance(t, ChainItem)] if "cost_of" in own["amount"] else [])
        own["amount"] = _amount(state, log, ctx, own["amount"], read)
    if not own:
        return None, acted_on
    if name in SCALAR_AMOUNT and set(own) == {"amount"}:
        return own["amount"], acted_on
    return own, acted_on


def _amount(state: GameState, log: Log, ctx, value: dict, targets: list[Unit]) -> int:
    (form, arg), = value.items()
    ids, mights = filters.paid_with(ctx) if arg == filters.PAID_WITH else ((), ())
    if form == "might_of" and ids and ids[0] not in state.units:  # 359.3.e.13: a cost that moved it looks back
        log.add(f"{ctx.source}：数量为 {mights[0]}（为支付费用而离场的 {ids[0]} 离场前的战力）", "look_back")
        return mights[0]
    looked_back = _looked_back(state, ctx, arg, targets) if form == "might_of" else None
    if looked_back is not None and not layers.select(state, ctx, arg, targets):
        log.add(f"{ctx.source}：数量为 {looked_back}（它摧毁的单位离场前的战力）", "look_back")
        return looked_back
    if form == "might_of" and not layers.select(state, ctx, arg, targets):
        log.add(f"〔近似〕{ctx.source}：要读取战力的单位已不在场，引擎不记录它最后的战力，按 0 处理", "do_what_you_can")
        return 0
    number = layers.amount(state, ctx, value, targets)
    rules = ("negative_might",) if form == "might_of" else ("instruction_complement",)
    log.add(f"{ctx.source}：数量为 {number}（{AMOUNT_NAMES[form]}，执行时读取）", *rules)
    return number


def _looked_back(state: GameState, ctx, selector, targets: list[Unit]) -> int | None:
    """359.3.e.13 — the Might a unit chosen had as it last was on the board, when this spell or ability killed it (its
    ``killed`` event, this source among the dealers): “摧毁一名友方单位。若如此做，则让另一名友方单位获得等同于前者战力的
    +战力加成”. None when it is on the board, or left it some other way (then its Might is null, 359.3.e.12)."""
    groups = getattr(ctx, "groups", ())
    if isinstance(selector, dict) and isinstance(selector.get("target"), int) and selector["target"] <= len(groups):
        wanted = set(groups[selector["target"] - 1])
    elif selector == "target":
        wanted = {unit.id for unit in targets}
    else:
        return None
    gone = {unit.id for unit in targets if unit.id in wanted and unit.id not in state.units}
    deaths = [event for event in state.this_turn if event.kind == "killed" and event.subject in gone and event.dealer
              is not None and ctx.source in event.dealer.sources and event.before is not None]
    return max(deaths[-1].before, 0) if len(gone) == 1 and deaths else None


AMOUNT_NAMES = {"keyword_value": "来源的关键词数值", "might_of": "战力", "cost_of": "费用", "count": "符合条件的单位数", "points_of": "分数", "xp_of": "经验",
                "trash_of": "废牌堆中的牌数", "hand_of": "手牌数", "other_battlefields_of": "你和盟友控制的其他战场数",
                "battlefields_of": "你和盟友控制的战场数", "tags_among": "你的单位合计具有的所列属性种数",
                "runes_of": "控制的符文数", "damage_of": "所受伤害", "in_trash": "废牌堆中符合的牌数",
                "discarded_cost": "被弃置的牌的法力费用", "excess_assigned": "你在最近一场战斗中分配的过量伤害",
                "killed_for_cost": "被摧毁以支付额外费用的单位的费用", "revealed": "展示的牌中符合条件的张数"}


def effects_in(todo):
    """Every instruction of *todo*, inside links (``may``, ``repeat``) and “you may pay” branches too."""
    for effect in todo:
        name = verb(effect)
        param = effect[name]
        yield effect
        if name == "one_of":
            for branch in param:
                yield from effects_in(branch)
        elif name in LINKS:
            yield from effects_in(param if name == "may" else param["effects"])
        elif name in BRANCHING:
            yield from effects_in(tuple(param.get("then", ())) + tuple(param.get("otherwise", ())))


def verbs_in(todo) -> set[str]:
    """Every verb of *todo*, inside links (``may``, ``repeat``) and “you may pay” branches too."""
    return {verb(effect) for effect in effects_in(todo)}


CHOSEN_DESTINATIONS = ("chosen", "chosen_battlefield", "to_or_from_base")


def chooses_destination(to) -> bool:
    """Whether a move ``to`` is a place its controller chooses (449.1), not one the card names or finds."""
    return to in CHOSEN_DESTINATIONS or isinstance(to, dict) and "chosen" in to


def chosen_moves(todo) -> list[dict]:
    """355.4 — the moves of *todo* whose destination their controller chooses (as a spell is played)."""
    return [effect["move"] for effect in effects_in(todo) if verb(effect) == "move" and chooses_destination(effect["move"]["to"])]


TARGET_REFERENCES = frozenset({"target", "target_controller", "target_owner", "chosen_player"})


def is_target_part(selector) -> bool:
    """``{target: N}``: the targets chosen for the N-th of a card's target specs."""
    return isinstance(selector, dict) and set(selector) == {"target"} and isinstance(selector["target"], int)


def refers_to_targets(value) -> bool:
    """Whether instructions name the chosen targets in their complement (``to: target``, ``who: target_controller``,
    ``{cost_of: target}``): then they choose targets even when no verb of theirs acts on units."""
    if isinstance(value, dict):
        return is_target_part(value) or "target_is" in value or any(refers_to_targets(part) for part in value.values())
    if isinstance(value, list):
        return any(refers_to_targets(part) for part in value)
    return isinstance(value, str) and value in TARGET_REFERENCES
