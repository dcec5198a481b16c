"""The public face: a player's actions (407–412) as small immutable values, applied to a state to give the next.

``apply(state, action)`` never changes *state*: it works on a copy, runs the
action and the automatic steps that follow (cleanups, chain items that need
no choice, staged combats and showdowns), and returns the new state with the
events that explain it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import permutations

from judgekit.engine import chain, combat, effects, locations, movement, playing, targeting, triggers, turn
from judgekit.engine.cards import OBJECTS, ability_label
from judgekit.engine.costs import ACCELERATE, Payment, as_payment, plan
from judgekit.engine.instructions import chosen_moves
from judgekit.engine.layers import keywords_of_card
from judgekit.engine.rules import illegal, undecided
from judgekit.engine.state import (
    Asking,
    GameState,
    Question,
    Unit,
    answer_to,
    base_of,
    champion_zone,
    location_name,
    show_answer,
)
from judgekit.engine.targeting import Choices, Context, find_unit
from judgekit.engine.trace import Event, Log
from judgekit.errors import IllegalActionError


@dataclass(frozen=True)
class Move:
    """Move units to a battlefield or to base: a standard move, or one an effect makes."""

    units: tuple[str, ...]
    to: str  # a battlefield name or "base"
    standard: bool = True
    source: str | None = None  # the effect that moves them, for a non-standard move


@dataclass(frozen=True)
class Recall:
    """Recall units to base, as the script or an effect (*source*) does."""

    units: tuple[str, ...]
    source: str = "脚本"


@dataclass(frozen=True)
class Resolve:
    """Resolve a card's effect (standing in for playing it) or a unit's triggered ability."""

    card: str | None = None  # a card name (a spell) ...
    unit: str | None = None  # ... or a unit on the board, with
    ability: str | None = None  # the trigger whose effect resolves
    effects: tuple[dict, ...] = ()  # inline effects, when neither card nor unit says what happens
    targets: tuple[str, ...] | None = None
    controller: str | None = None
    split: dict[str, int] = field(default_factory=dict)
    accelerate: bool | None = None  # pay Accelerate for the units it plays (805.1.a); None: left open


@dataclass(frozen=True)
class ResolveChain:
    """Resolve the newest chain item with the script's choices."""

    targets: tuple[str, ...] | None = None
    split: dict[str, int] = field(default_factory=dict)
    to: str | None = None  # where a unit the item plays enters
    answer: Choices | None = None  # what its controller answers as it resolves (a payment, new choices, a name)
    from_hand: tuple[str, ...] | None = None  # play_card: the card a player plays from hand, () for none


@dataclass(frozen=True)
class Pass:
    """*player* passes priority or focus (338.1.b, 347.2); without a player, every player passes in turn
    until the chain is empty and the showdown over.  A combat's damage assignment may be given per player."""

    player: str | None = None
    assign: dict[str, dict[str, int]] = field(default_factory=dict)
    answer: Choices | None = None  # the resolving item's controller's answers, for the first item this pass resolves


@dataclass(frozen=True)
class Play:
    """*player* plays *card* from hand, or from face down at *hidden* (349–359, 811)."""

    player: str
    card: str
    targets: tuple[tuple[str, ...], ...] = ()  # per execution: the first, then one per Repeat paid
    modes: tuple[str, ...] = ()
    to: str | None = None  # where a unit enters: "base" or a battlefield
    accelerate: bool = False
    repeat: int = 0
    hidden: str | None = None
    pay: Payment | None = None  # the runes to exhaust and recycle; None lets the engine choose (a default)
    flow: bool = False  # from the trash for its Flow cost (829)
    cost_kill: str | None = None  # the friendly unit killed to pay an additional cost (357.2)
    alternative: bool = False  # paying the card's alternative cost
    pay_additional: bool = False  # paying the card's optional additional cost (356.2.b.1)
    cost_object: tuple[str, ...] = ()  # the objects that pay its exhaust / kill / spend-a-buff part
    cost_gear: str | None = None  # the friendly gear returned to its owner's hand for an additional cost (357.2)
    name_tag: str | None = None  # the tag named as it is played (763), for a card with ``name_tag``
    repeat_which: tuple[int, ...] = ()  # which Repeat instances are paid (from 0, 820.1.c.2); none named: the first *repeat*


@dataclass(frozen=True)
class Hide:
    """*player* hides *card* from hand facedown at *battlefield*, paying with *pay*."""

    player: str
    card: str
    battlefield: str
    pay: Payment | None = None


@dataclass(frozen=True)
class Activate:
    """*player* activates *ability* of the unit *unit* (376–381)."""

    player: str
    unit: str
    ability: str
    targets: tuple[str, ...] | None = None
    pay: Payment | None = None
    cost_kill: str | None = None  # the friendly unit a “kill a friendly unit” cost kills
    to: str | None = None  # where the units it moves go, chosen as it is activated (355.4, 377.3): a battlefield or base


@dataclass(frozen=True)
class OrderTriggers:
    """*player* orders their simultaneous triggers: the first named goes on the chain first (383.3.d)."""

    player: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class Choose:
    """The answer to the pending question (``GameState.question``): one of its options, e.g. a trigger's targets."""

    chosen: tuple[str, ...]
    player: str | None = None  # who answers; unnamed, the player the question asks


@dataclass(frozen=True)
class Assign:
    """*player*'s answer to the damage step's question: the combat damage each unit is assigned (465.2.c)."""

    player: str
    plan: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class NextPhase:
    """End the current phase of the turn and go to the next."""


@dataclass(frozen=True)
class EndTurn:
    """The turn player ends the turn from the main phase."""


Action = (
    Move | Recall | Resolve | ResolveChain | Pass | Play | Hide | Activate | OrderTriggers | Choose | Assign | NextPhase
    | EndTurn
)


def describe(action: Action) -> str:
    """The action as a judge would say it."""
    match action:
        case Move(units, to, standard, source):
            how = "标准移动" if standard else f"{source or '效果'}移动"
            return f"{how}：{'、'.join(units)} → {'基地' if to == 'base' else to}"
        case Recall(units, source):
            return f"召回：{'、'.join(units)}"
        case Resolve():
            what = action.card or (ability_label(action.unit, action.ability) if action.unit else "效果")
            targets = f"，目标：{'、'.join(action.targets)}" if action.targets else ""
            return f"结算 {what}{targets}"
        case ResolveChain(targets, _, to):
            return "结算结算链顶项" + (f"，目标：{'、'.join(targets)}" if targets else "") + (f"，打出到 {to}" if to else "")
        case Pass(player, assign):
            return (f"{player} 让过" if player else "所有玩家依次让过") + ("，并分配战斗伤害" if assign else "")
        case Play():
            return _describe_play(action)
        case Hide(player, card, battlefield, pay):
            return f"{player} 将 {card} 隐藏在 {battlefield}" + (f"，支付方式：{pay.describe()}" if pay else "")
        case Activate(player, unit, ability, targets):
            chosen = f"，目标：{'、'.join(targets)}" if targets else ""
            return f"{player} 启动 {ability_label(unit, ability)}{chosen}"
        case OrderTriggers(player, order):
            return f"{player} 排列触发能力的顺序：{' → '.join(order)}"
        case Choose(chosen, player):
            return f"{player + ' ' if player else ''}回答：选择 {'、'.join(chosen) or '无'}"
        case Assign(player, plan):
            return f"{player} 分配战斗伤害：{show_answer(plan)}"
        case NextPhase():
            return "进入下一阶段"
        case EndTurn():
            return "结束回合"


def _describe_play(action: Play) -> str:
    where = f"从 {action.hidden} 的面朝下状态" if action.hidden else ""
    parts = [f"{action.player} {where}打出 {action.card}"]
    if action.modes:
        parts.append(f"模式：{'、'.join(action.modes)}")
    for index, chosen in enumerate(action.targets):
        if chosen:
            parts.append(("目标" if index == 0 else f"第 {index + 1} 次执行的目标") + f"：{'、'.join(chosen)}")
    if action.to:
        parts.append(f"进入 {'基地' if action.to == 'base' else action.to}")
    if action.accelerate:
        parts.append("支付急速")
    if action.flow:
        parts.append("从废牌堆打出")
    if action.repeat_which:
        parts.append(f"支付第 {'、'.join(str(n + 1) for n in action.repeat_which)} 个回响")
    elif action.repeat:
        parts.append(f"支付回响 {action.repeat} 次")
    if action.cost_kill:
        parts.append(f"摧毁 {action.cost_kill} 作为额外费用")
    if action.cost_gear:
        parts.append(f"让 {action.cost_gear} 返回手牌作为额外费用")
    if action.alternative:
        parts.append("支付替代费用")
    if action.pay_additional:
        parts.append("支付可选额外费用" + (f"（用 {'、'.join(action.cost_object)}）" if action.cost_object else ""))
    if action.name_tag:
        parts.append(f"宣告属性标签 {action.name_tag}")
    if action.pay:
        parts.append(f"支付方式：{action.pay.describe()}")
    return "，".join(parts)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after *action*, and what happened; raises IllegalActionError when the rules forbid it."""
    if state.winner:
        illegal(f"游戏已经结束，{state.winner} 获胜", "victory")
    question = state.question()
    if question is not None and not _answers(state, action):
        undecided(question.unanswered())  # no question is answered by the engine, nor skipped by a step
    redone = _redone(state, action) if question is None else None
    if redone is not None:
        return redone
    new = state.copy()
    new.defaulted = []  # only the defaults this action takes (not those of the engine's passes before it)
    log = Log()
    todo = _answered(new, action) if state.asked is not None else action
    given = list(new.answers)
    try:
        HANDLERS[type(todo)](new, log, todo)
        turn.settle(new, log)
    except Asking as asking:  # a choice as the action ran that the script has not answered: held in the state
        return _held(state, todo, asking.question, given)
    # the state before, without its own redo: states do not chain back through every action of a long script
    new.redo = (replace(state, redo=None), todo, given, tuple(new.defaulted)) if new.defaulted and state.asked is None else None
    new.answers, new.defaulted = [], []
    return new, log.events


def _redone(state: GameState, action: Action) -> tuple[GameState, list[Event]] | None:
    """With defaults on, a ``choose`` right after an action answers a question that action's engine answered by
    default (``state.answer_or_default``): the action runs again, whole, from the state before it, with the answer —
    as when the question is asked.  None: the choose answers no such question."""
    if not isinstance(action, Choose) or state.redo is None:
        return None
    before, todo, given, questions = state.redo
    found = [question for question in questions
             if question.offers(action.chosen) and action.player in (None, question.player)]
    if not found:
        return None
    question = found[0]
    new, log = before.copy(), Log()
    new.answers = [*given, (question, action.chosen)]
    log.add(f"{question.player} 回答“{question.what}”：{show_answer(action.chosen)}（引擎原先的默认不算）——上一步重新执行",
            question.rule)
    try:
        HANDLERS[type(todo)](new, log, todo)
        turn.settle(new, log)
    except Asking as asking:
        return _held(before, todo, asking.question, new.answers)
    new.redo = (before, todo, new.answers, tuple(new.defaulted)) if new.defaulted else None
    new.answers, new.defaulted = [], []
    return new, log.events


def needs_open_state(state: GameState, action: Action | None) -> bool:
    """Whether the engine must pass for every player on the waiting triggered items before *action* (defaults on,
    ``turn.drain``): an action only an open state allows — a play or an activation the chain now forbids, a move,
    a hide, the end of a phase — or none (the script ends).  Anything else is taken with the triggers still waiting
    on the chain, their controller holding priority (340.4)."""
    if not state.chain:
        return False
    if isinstance(action, Play | Activate):
        return not allowed(state, action)
    return not isinstance(action, ResolveChain | Pass | OrderTriggers | Choose | Assign)


def pass_on_triggers(state: GameState, before_a_step: bool = True) -> tuple[GameState, list[Event]]:
    """With defaults on, the engine passing for every player on the triggered items waiting on the chain, as a
    script that goes on to something else (or ends) leaves them (``turn.drain``; marked defaults): the new state and
    what happened.  *state* itself is not changed.  An item that asks what only its controller can say stays waiting:
    *before_a_step* that needs an open state, an open decision (the script must answer it where the item resolves);
    as the script ends, left as it is."""
    if state.asked is not None or state.question() is not None:
        return state, []
    new, log = state.copy(), Log()
    try:
        turn.drain(new, log)
        turn.settle(new, log)
    except Asking as asking:
        if before_a_step:
            undecided(f"结算链上的项须先结算，{asking.question.unanswered()}")
        return state, []
    new.defaulted, new.redo = [], None  # the engine's own passes: no step of the script to run again
    return new, log.events


def _answered(state: GameState, action: Choose) -> Action:
    """The answer to the question an action asked as it ran: that action, to run again, and the answer kept."""
    question, todo = state.asked
    if not question.offers(action.chosen) or action.player not in (None, question.player):
        illegal(f"{show_answer(action.chosen)} 不是 {question.player} 对“{question.what}”的合法回答"
                f"（可选：{question.shown()}）", question.rule)
    state.asked = None
    state.answers.append((question, action.chosen))
    return todo


def _held(state: GameState, action: Action, question: Question, given: list) -> tuple[GameState, list[Event]]:
    """The state before *action* with the question it stopped at: the action runs again, whole, once answered."""
    held = state.copy()
    held.asked, held.answers = (question, action), given
    log = Log()
    log.add(f"{question.player} 须回答：{question.what}（可选 {len(question.options)} 种）——这一步在此等待回答，"
            "回答后整步重新执行", question.rule)
    return held, log.events


def _answers(state: GameState, action: Action) -> bool:
    """Whether *action* answers the pending question: ``choose`` or resolving the item with its targets (a
    trigger's targets, a question an action asked as it ran); an assignment, on its own or on a pass (the damage
    step's)."""
    if state.asked is not None:
        return isinstance(action, Choose)
    if state.question().kind == "order":
        return isinstance(action, OrderTriggers | Choose)
    if state.question().kind == "assign":
        return isinstance(action, Assign) or (isinstance(action, Pass) and bool(action.assign))
    if isinstance(action, Choose):
        return True
    return isinstance(action, ResolveChain) and action.targets is not None and state.chain[-1].question is state.question()


@dataclass(frozen=True)
class Decision:
    """Who must act now, in which state of the turn, and every answer the rules allow (generated)."""

    player: str
    kind: str  # 回合（中立开放）, 优先权（封闭）, 焦点（对决开放）, 问题 (a pending question)
    options: tuple[Action, ...]
    question: str = ""  # the pending question, as a judge would ask it


def decision(state: GameState) -> Decision | None:
    """The pending decision: the question held in the state and its options, else the player with priority
    and their legal options (312, 338, 347)."""
    question = state.question()
    if question is not None:
        return Decision(question.player, "问题", tuple(legal_actions(state)), question.what)
    player = turn.priority_holder(state)
    if player is None:
        return None
    kind = "优先权" if state.chain else ("焦点" if state.showdown else "回合")
    return Decision(player, kind, tuple(legal_actions(state)))


def legal_actions(state: GameState) -> list[Action]:
    """Every answer the rules allow now: candidates generated from the state, kept when the checks of the
    action — reads of the state, the same checks ``apply`` makes — accept them.  No action is tried."""
    return [action for action in candidates(state) if allowed(state, action)]


def allowed(state: GameState, action: Action) -> bool:
    """Whether the rules allow *action* now, by the checks its handler makes before it changes anything."""
    try:
        CHECKS[type(action)](state, action)
    except IllegalActionError:
        return False
    except Asking:  # a check that reaches a question: the action can be done, the player answering it
        return True
    return True


def _check_move(state: GameState, action: Move) -> None:
    units, destination = _move_of(state, action)
    movement.check_standard_move(state, state.turn_player, units, destination)


def _check_play(state: GameState, action: Play) -> None:
    playing.check_play(state, action.player, action.card, _choice(action))


def _check_hide(state: GameState, action: Hide) -> None:
    playing.check_hide(state, action.player, action.card, action.battlefield, action.pay)


def _check_activate(state: GameState, action: Activate) -> None:
    playing.check_activation(
        state, action.player, action.unit, action.ability, action.targets, action.pay, action.cost_kill
    )


def _check_priority(state: GameState, action: Pass | OrderTriggers) -> None:
    """Passing is always allowed to the player with priority or focus (338.1.b, 347.2); so is ordering their
    simultaneous triggers (383.3.d), which the candidates offer only to their controller — and which the player the
    ordering question asks answers without priority (383.3.d.1)."""
    if isinstance(action, OrderTriggers):
        _check_order_turn(state, action.player)
    else:
        turn.check_priority(state, action.player)


def _check_order_turn(state: GameState, player: str) -> None:
    """383.3.d.1 — while a player is asked to order their simultaneous triggers, they answer without priority, and no
    other player orders theirs before them; otherwise ordering is an option of the player with priority."""
    question = state.question()
    if question is not None and question.kind == "order":
        if question.player != player:
            illegal(f"{question.player} 先排列自己同时触发的能力：从回合玩家开始按回合顺序各自排列", "trigger_turn_order")
        return
    turn.check_priority(state, player)


def _check_choose(state: GameState, action: Choose | Assign) -> None:
    """An answer to the pending question is one of its options, given by the player it asks."""
    question = state.question()
    assigning = isinstance(action, Assign)
    chosen = action.plan if assigning else action.chosen
    if question is None or (question.kind == "assign") != assigning or action.player not in (None, question.player):
        illegal("没有向这名玩家提出的这类待回答的问题", "assign_order" if assigning else "trigger_targets")
    if not question.offers(chosen):
        illegal(f"{show_answer(chosen)} 不是“{question.what}”的合法选择", question.rule)


def _check_end_turn(state: GameState, action: EndTurn) -> None:
    _moving_on(state)
    _main_phase(state)


def candidates(state: GameState):
    """The actions worth asking about now: the answers to the pending question, else everything the holder
    of priority might do, legal or not."""
    question = state.question()
    if question is not None:
        answer = {"assign": Assign, "order": OrderTriggers}.get(question.kind)
        yield from (answer(question.player, option) if answer else Choose(option, question.player) for option in question.options)
        return
    player = turn.priority_holder(state)
    if player is None:
        return
    batch = triggers.orderable(state, player)
    if batch and batch[-1] is state.chain[-1]:  # offered while they are the newest items
        for order in permutations(item.label for item in batch):
            yield OrderTriggers(player, order)
    if state.chain or state.showdown:
        closes = state.combat and turn.pass_closes_showdown(state)
        yield Pass(player, combat.default_plans(state)) if closes else Pass(player)
    else:
        yield EndTurn()
        for unit in state.units.values():
            if unit.controller == player and not unit.exhausted:
                for place in ["base", *state.battlefields]:
                    yield Move((unit.id,), place)
    hand = [card.name for card in state.players[player].hand if card.name in state.cards]  # unnamed: unknown
    for name in dict.fromkeys(hand + champion_zone(state, player)):
        yield from _plays(state, player, name, None)
        if name not in hand:
            continue  # hiding from the Champion Zone (421.2.a) is not modelled yet
        found = plan(state.players[player], playing.hide_cost(state, player))
        for bf in state.battlefields.values():
            yield Hide(player, name, bf.name, as_payment(state.players[player], found) if found else None)
    for bf in state.battlefields.values():
        if bf.facedown and bf.hidden_by == player:
            yield from _plays(state, player, bf.facedown.name, bf.name)
    trash = [card.name for card in state.players[player].trash if card.name in state.cards]
    for name in dict.fromkeys(name for name in trash if playing.trash_permission(state, player, state.card(name))):
        yield from _plays(state, player, name, None, from_trash=True)
    for holder in [*state.units.values(), *state.legends.values()]:
        if holder.controller == player:
            for name in playing.activated_abilities(state, holder):
                yield Activate(player, holder.id, name)


def _plays(state: GameState, player: str, name: str, hidden: str | None, from_trash: bool = False):
    """Each play of *name* — each mode, with and without Accelerate — with the runes that would pay for it.

    *from_trash*: played from the trash for its Flow cost (829) or its own permission's (366.1).
    """
    card = state.card(name)
    modal = [(mode, candidate) for mode in card.modes for candidate in _unpaid_plays(state, player, name, hidden, mode)]
    # a card choosing otherwise with its optional additional cost paid (355.1.a: that choice comes first): its own plays
    widened = [(None, replace(candidate, pay_additional=True)) for candidate in
               _unpaid_plays(state, player, name, hidden, paid=True)] if card.target_if_paid is not None else []
    for mode, candidate in (modal or [(None, candidate) for candidate in _unpaid_plays(state, player, name, hidden)]) + widened:
        candidate = replace(candidate, flow=from_trash, modes=(mode,) if mode else ())
        variants = [candidate]
        if ACCELERATE in keywords_of_card(card):
            variants.append(replace(candidate, accelerate=True))
        if playing.alternative_open(state, player, card):
            variants.append(replace(candidate, alternative=True))
        if "optional" in card.additional_cost and card.target_if_paid is None:  # 356.2.b.1: with and without it
            variants += [replace(v, pay_additional=True) for v in variants]
        if "kill" in card.additional_cost:  # one play per friendly unit that could pay the kill (357.2)
            friendly = [u.id for u in state.units.values() if u.controller == player]
            variants = [replace(v, cost_kill=unit) for v in variants for unit in friendly]
        for variant in variants:
            choice = playing.Choice(
                variant.targets, variant.modes, variant.to, variant.accelerate, 0, hidden, flow=variant.flow,
                alternative=variant.alternative, pay_additional=variant.pay_additional,
            )
            found = plan(state.players[player], playing.total_cost(state, player, card, choice))
            yield replace(variant, pay=as_payment(state.players[player], found)) if found else variant


def _unpaid_plays(state: GameState, player: str, name: str, hidden: str | None, mode: str | None = None,
                  paid: bool = False):
    card = state.card(name)
    if card.is_unit:
        offers = [bf.name for bf in state.battlefields.values() if locations.paid_offer(state, player, card, bf.name)]
        for place in [None, *state.controlled_battlefields(player), *offers]:
            yield Play(player, name, to=place, hidden=hidden)
        return
    spec = card.target_of(mode, paid)
    if spec is None:
        yield Play(player, name, hidden=hidden)
        return
    if spec.kind == "spell":
        for item in state.chain:
            yield Play(player, name, targets=((item.id,),), hidden=hidden)
        return
    ctx = Context(name, player, hidden)
    if spec.kind in ("gear", "player", "battlefield", "legend", OBJECTS):  # one play per object it may choose (several: the first ones, as for units)
        chosen = [targeting.name_of(found) for found in targeting.legal_objects(state, ctx, spec)]
        groups = [(one,) for one in chosen] if spec.count == 1 else [tuple(chosen[: spec.count or len(chosen)])] * bool(chosen)
        for group in groups:
            yield Play(player, name, targets=(group,), hidden=hidden)
        return
    units = [unit.id for unit in targeting.legal_targets(state, ctx, spec)]
    if spec.parts:  # several specs: the engine's pick, part by part
        picked = tuple(unit.id for unit in targeting.default_targets(state, ctx, spec))
        if picked:
            yield Play(player, name, targets=(picked,), hidden=hidden)
    elif spec.count == 1:
        for unit in units:
            yield Play(player, name, targets=((unit,),), hidden=hidden)
    elif units:
        yield Play(player, name, targets=(tuple(units[: spec.count or len(units)]),), hidden=hidden)


def _units(state: GameState, names) -> list[Unit]:
    return [find_unit(state, name) for name in names]


def _move_of(state: GameState, action: Move) -> tuple[list[Unit], str]:
    """The units a move names and where it takes them."""
    units = _units(state, action.units)
    if not units:
        illegal("移动须指明至少一名单位", "standard_move_cost")
    destination = base_of(units[0].controller) if action.to == "base" else action.to
    if destination not in state.battlefields and destination != base_of(units[0].controller):
        illegal(f"没有名为“{location_name(destination)}”的战场", "base_to_battlefield")
    return units, destination


def _move(state: GameState, log: Log, action: Move) -> None:
    units, destination = _move_of(state, action)
    if action.standard:
        movement.standard_move(state, log, state.turn_player, units, destination)
    else:
        movement.effect_move(state, log, units, destination, action.source or "效果")
    log.add("移动完成，进行清理", "move_cleanup")


def _recall(state: GameState, log: Log, action: Recall) -> None:
    movement.recall(state, log, _units(state, action.units), action.source)


def _resolve(state: GameState, log: Log, action: Resolve) -> None:
    controller = action.controller or state.turn_player
    if action.unit:
        unit = find_unit(state, action.unit)
        card = state.card(unit.card)
        ctx = Context(ability_label(unit.id, action.ability), unit.controller, unit.location, unit.id)
        todo = card.triggers[action.ability]
    else:
        card = state.card(action.card) if action.card else None
        ctx = Context(action.card or "效果", controller)
        todo = card.effects if card else action.effects
    spec = card.target if card else None
    chosen = _units(state, action.targets) if action.targets is not None else None
    if not card and chosen is not None:
        # An inline effect acts on exactly the units the script names — if it acts on units at all.
        if not targeting.needs_targets(todo):
            illegal(f"这些效果不作用于单位，脚本却给出了目标 {'、'.join(unit.id for unit in chosen)}", "valid_targets")
        log.add(f"{ctx.source} 作用于 {'、'.join(unit.id for unit in chosen)}", "chain_resolves")
        effects.resolve(state, log, ctx, todo, chosen, Choices(action.split, accelerate=action.accelerate))
        return
    log.add(f"{ctx.source} 结算（代替经由结算链打出）", "chain_resolves")
    targets = targeting.choose_targets(state, log, ctx, spec, todo, chosen)
    effects.resolve(state, log, ctx, todo, targets, Choices(action.split, accelerate=action.accelerate))


def _resolve_chain(state: GameState, log: Log, action: ResolveChain) -> None:
    if not state.chain:
        illegal("结算链上没有待结算的项", "chain_resolves")
    if state.chain[-1].question is not None and action.targets is not None:  # the targets chosen as it went on
        if not _answer(state, log, action.targets):  # it left the chain: its Deflect could not be paid
            return
        action = replace(action, targets=None)
    chain.resolve_top(state, log, action.targets, replace(action.answer or Choices(), split=action.split, to=action.to, from_hand=action.from_hand))


def _pass(state: GameState, log: Log, action: Pass) -> None:
    question = state.question()
    if question is not None and question.kind == "assign":  # the damage step waits: the pass's assign answers it
        combat.answer_assignment(state, log, action.assign)
        return
    if action.assign and not (state.showdown and state.showdown.combat):
        illegal("只有战斗中的法术对决结束时才分配战斗伤害", "damage_step")

    def close(state: GameState, log: Log) -> None:
        combat.close_showdown(state, log, action.assign)

    answers = [action.answer]

    def resolve(state: GameState, log: Log) -> None:
        chain.resolve_and_clean(state, log, answers.pop() if answers else None)  # the answer is for the first item only

    if action.player:
        turn.pass_priority(state, log, action.player, resolve, close)
    else:
        if not state.chain and state.showdown is None:  # a pass that passes nothing is a script error, not a no-op
            illegal("没有结算链，也没有进行中的法术对决，无从让过", "showdown_ends")
        passed_on = {item.id for item in state.chain}
        while (state.chain or state.showdown) and not state.winner and state.question() is None:
            turn.pass_priority(state, log, turn.priority_holder(state), resolve, close)
            if any(item.id not in passed_on for item in state.chain):  # 340.4: a new item, its controller's priority
                log.add(f"{state.chain[-1].label} 加入结算链：{state.chain[-1].controller} 获得优先权，"
                        "这次依次让过到此为止", "priority_newest")
                break
            if not state.chain and state.showdown is None and _staged_showdown(state):
                turn.settle(state, log)  # what the resolution staged opens now (344), and every player passes on in it
    if action.answer is not None and answers:
        illegal("这次让过没有让任何项结算：answer 无处可用（写在让某项结算的那次让过上）", "all_pass")


def _staged_showdown(state: GameState) -> bool:
    """A non-combat showdown the last resolution staged (a battlefield left contested, 323.8)."""
    return any(bf.showdown_staged and not bf.combat_staged for bf in state.battlefields.values())


def _choice(action: Play) -> playing.Choice:
    return playing.Choice(
        action.targets, action.modes, action.to, action.accelerate, action.repeat, action.hidden, action.pay,
        action.flow, action.cost_kill, action.alternative, action.pay_additional, action.cost_object, action.cost_gear,
        action.name_tag,
        repeat_which=action.repeat_which,
    )


def _play(state: GameState, log: Log, action: Play) -> None:
    if not state.defaults and not action.targets:
        action = _asked_play_targets(state, action)
    if not state.defaults and action.to is None:
        action = _asked_destination(state, action)
    playing.play(state, log, action.player, action.card, _choice(action))


def _asked_destination(state: GameState, action: Play) -> Play:
    """355.4 — a spell played without the destination of its moves: without defaults, the player's question (each
    place valid for every unit it chose to move), the answer completing the play; with one possible place, that one."""
    card = state.card(action.card)
    todo = card.modes[action.modes[0]] if action.modes and action.modes[0] in card.modes else card.effects
    moves = [] if card.is_unit else chosen_moves(todo)
    options = tuple((place,) for place in ("base", *state.battlefields)
                    if locations.played_destination_problem(state, action.player, moves, action.targets, place) is None)
    if not moves or not options:
        return action  # nothing to choose, or no valid place: the play is refused as it is checked (355.4)
    chosen = answer_to(state, Question(
        "play_destination", action.player, action.card, f"{action.player} 为打出的 {action.card} 选择移动目的地",
        options, "这一步的 to 或 choose: [……]", "move_destination",
    ))
    return replace(action, to=chosen[0])


def _asked_play_targets(state: GameState, action: Play) -> Play:
    """355.5 — a play that names no targets for a card that chooses units or players: without defaults, the player's
    question (every choice read from the state), the answer completing the play; with one possible choice, that one."""
    card = state.card(action.card)
    mode = action.modes[0] if action.modes and action.modes[0] in card.modes else None
    spec, todo = card.target_of(mode, action.pay_additional), card.modes[mode] if mode else card.effects
    ctx = Context(action.card, action.player, action.hidden)
    if card.is_unit or spec is None:
        return action
    if spec.kind in targeting.NAMED_KINDS:
        options = targeting.target_answers(state, spec, tuple(map(targeting.name_of, targeting.legal_objects(state, ctx, spec))))
    elif spec.kind == "unit" and targeting.needs_targets(todo or ()):
        options = targeting.unit_answers(state, ctx, spec)
    else:
        return action
    if not options:
        return action  # no legal choice: the play is refused as it is checked (355.8)
    chosen = answer_to(state, Question(
        "play_targets", action.player, action.card, f"{action.player} 为打出的 {action.card} 选择目标（{spec.describe()}）",
        options, "这一步的 targets 或 choose: [……]", "choices",
    ))
    return replace(action, targets=(chosen,))


def _hide(state: GameState, log: Log, action: Hide) -> None:
    playing.hide(state, log, action.player, action.card, action.battlefield, action.pay)


def _order_triggers(state: GameState, log: Log, action: OrderTriggers) -> None:
    _check_order_turn(state, action.player)
    triggers.reorder(state, log, action.player, action.order)


def _choose(state: GameState, log: Log, action: Choose) -> None:
    """The pending question answered; with defaults allowed, the newest trigger's default targets stated instead."""
    question = state.question()
    if question is None:
        _state_default_targets(state, log, action)
        return
    if question.kind == "order":  # the order of simultaneous triggers (383.3.d)
        _order_triggers(state, log, OrderTriggers(action.player or question.player, action.chosen))
        return
    if question.kind != "targets":
        illegal(f"待回答的问题是“{question.what}”：以 {question.answer_with} 回答，不是 choose", "trigger_targets")
    if action.player and action.player != question.player:
        illegal(f"“{question.what}”由 {question.player} 回答，不是 {action.player}", "trigger_targets")
    _answer(state, log, action.chosen)


def _answer(state: GameState, log: Log, chosen: tuple[str, ...]) -> bool:
    """The question's item takes the answer; False: it left the chain instead (an unpaid Deflect, 404.2)."""
    index = next(index for index, item in enumerate(state.chain) if item.question is not None)
    answered = triggers.answer_targets(state, log, state.chain[index], chosen)
    if answered is None:
        del state.chain[index]
    else:
        state.chain[index] = answered
    if state.chain:  # 340.4: the trigger is on the chain; the newest item's controller gets priority
        state.priority, state.passes = state.chain[-1].controller, 0
    return answered is not None


def _state_default_targets(state: GameState, log: Log, action: Choose) -> None:
    """Defaults allowed: the engine chose the newest trigger's targets; ``choose`` states the choice made then."""
    item = state.chain[-1] if state.chain else None
    spec = chain.target_of(state, item) if item is not None and item.targets_default else None
    if spec is None or spec.kind != "unit":
        illegal("没有待回答的问题（也没有由引擎默认选择了目标的触发能力）：choose 无处可用", "trigger_targets")
    if action.player and action.player != item.controller:
        illegal(f"{item.label}的目标由 {item.controller} 选择，不是 {action.player}", "trigger_targets")
    state.chain[-1] = triggers.stated_targets(state, log, item, spec, _units(state, action.chosen))


def _assign(state: GameState, log: Log, action: Assign) -> None:
    _check_choose(state, action)
    combat.answer_assignment(state, log, {action.player: dict(action.plan)})


def _activate(state: GameState, log: Log, action: Activate) -> None:
    playing.activate(
        state, log, action.player, action.unit, action.ability, action.targets, action.pay, action.cost_kill, action.to
    )


def _moving_on(state: GameState) -> None:
    """335, 347 — the turn moves on only with no chain and no showdown left."""
    if state.in_showdown:
        illegal("法术对决或战斗进行中：持有焦点的玩家只能打出合乎时机的牌或让过", "showdown_choices")
    if state.chain:
        illegal("结算链存在（封闭状态）：须先由所有玩家依次让过使其结算", "closed_state")


def _next_phase(state: GameState, log: Log, action: NextPhase) -> None:
    _moving_on(state)
    turn.next_phase(state, log)


def _end_turn(state: GameState, log: Log, action: EndTurn) -> None:
    _moving_on(state)
    _main_phase(state)
    turn.end_turn(state, log)


def _main_phase(state: GameState) -> None:
    if state.phase != "main":
        illegal(f"只能在主要阶段表示结束回合（当前：{state.phase}），请用 next_phase", "end_turn")


HANDLERS = {
    Move: _move,
    Recall: _recall,
    Resolve: _resolve,
    ResolveChain: _resolve_chain,
    Pass: _pass,
    Play: _play,
    Hide: _hide,
    Activate: _activate,
    OrderTriggers: _order_triggers,
    Choose: _choose,
    Assign: _assign,
    NextPhase: _next_phase,
    EndTurn: _end_turn,
}

# The checks of the actions a decision offers (``candidates``): each reads the state and raises when it refuses.
CHECKS = {
    Move: _check_move,
    Play: _check_play,
    Hide: _check_hide,
    Activate: _check_activate,
    Pass: _check_priority,
    OrderTriggers: _check_priority,
    Choose: _check_choose,
    Assign: _check_choose,
    EndTurn: _check_end_turn,
}
