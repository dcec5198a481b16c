"""Acting on items on the chain: countering (425), control (191.2), new choices (751–753), leaving it (427.1, 829).

“You may pay … if you do” is here too.

Gaining control of a spell on the chain is not countering it (425.1): the item
stays, its new controller is the spell's controller from then on (191.2) — the
one who resolves it, and so the one who “played” it in the resolution sense
(419.4.a) — while who finalized it stays in the turn's history (419.4.b).  A
“can't be countered” therefore does not stop it (054.1 forbids only what it names).

New choices (751–753) are given as the whole new set of targets: any subset may
be remade, and the set must be legal as a whole (753.1), under every restriction
the item had when it was played, such as a hidden spell's battlefield (811.1.d.2).
Making none keeps the existing choices whatever their legality.
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import events, filters, layers, targeting
from judgekit.engine.costs import Cost, plan, usable_pool
from judgekit.engine.events import pay
from judgekit.engine.filters import View
from judgekit.engine.instructions import chosen_moves, verbs_in
from judgekit.engine.rules import illegal
from judgekit.engine.state import ZONE_NAMES, ChainItem, GameState, Question, answer_to
from judgekit.engine.targeting import Choices, Context
from judgekit.engine.trace import Log
from judgekit.engine.zones import recycled_to_deck, spend_xp
from judgekit.errors import IllegalActionError

ANY_POWER = ((),)  # [A]: one Power of any domain
ANSWER_KEYS = {"may_pay": "pay", "new_choices": "new_targets", "name_card": "name", "may": "may",
               "one_of": "one_of", "pay_any": "amount"}  # verb → its answer's key


def asks_answer(effects) -> bool:
    """Whether doing *effects* asks its controller a question the script answers (pay, new targets, a name)."""
    return any(verb in ANSWER_KEYS for verb in verbs_in(effects))


PLACES_ASKED = frozenset({"play", "play_me", "banish_and_replay"})  # verbs whose unit enters where the step's ``to`` says


def check_answer(state: GameState, item: ChainItem, choices: Choices) -> None:
    """An answer is only for a question the resolving item asks (355.17); any other is refused, never ignored."""
    asked = verbs_in(tuple(item.effects) + (state.card(item.card).legion if item.kind == "play" else ()))
    given = {"may_pay": choices.pay, "new_choices": choices.new_targets, "name_card": choices.named, "may": choices.may,
             "one_of": choices.one_of, "pay_any": choices.amount}
    stray = [ANSWER_KEYS[verb] for verb, said in given.items() if said is not None and verb not in asked]
    if stray:
        wanted = "、".join(ANSWER_KEYS[verb] for verb in asked if verb in ANSWER_KEYS) or "无"
        illegal(f"{item.label} 结算时不需要回答 {'、'.join(stray)}（它要回答的：{wanted}）", "may_pay")
    if item.kind == "play" and choices.to is not None and chosen_moves(item.effects) and not asked & PLACES_ASKED:
        illegal(f"{item.label} 的移动目的地在打出时已选择（{item.destination or '无'}）：to 写在打出它的 play 步骤上，"
                "不在结算的步骤", "move_destination")


def check_may_answers_used(item: ChainItem, choices: Choices) -> None:
    """More “you may” answers than the item asked as it resolved are refused, never ignored."""
    given, asked = len(choices.may or ()), choices.progress.asked
    if given > asked:
        illegal(f"{item.label} 结算时只问了 {asked} 个“你可以……”，脚本回答了 {given} 个", "you_may")
    given, asked = len(choices.one_of or ()), choices.progress.picked
    if given > asked:
        illegal(f"{item.label} 结算时只问了 {asked} 个“择一”，脚本回答了 {given} 个", "modes")


def optional_payment(state: GameState, log: Log, ctx: Context, param: dict, choices: Choices) -> tuple[dict, ...]:
    """“You may pay …. If you do, …; otherwise, …”: the controller decides as it resolves; the branch to do."""
    paid = param["cost"]  # Power of any domain, then one Power of each domain named (runes); XP (730.2)
    cost = Cost(paid.get("energy", 0), ANY_POWER * paid.get("power", 0) + tuple((d,) for d in paid.get("runes", ())))
    resources = bool(cost.energy or cost.power)
    shown = "、".join([cost.describe()] * resources + ([f"{paid['xp']} 点经验"] if paid.get("xp") else []))
    wants = choices.pay
    if wants is None and not state.defaults:  # the controller's question; “yes” only when they can pay
        can = plan(state.players[ctx.controller], cost) is not None and state.players[ctx.controller].xp >= paid.get("xp", 0)
        wants = answer_to(state, Question(
            "may_pay", ctx.controller, ctx.source, f"{ctx.controller} 是否为 {ctx.source} 支付 {shown}",
            (("是",), ("否",)) if can else (("否",),), "answer: {pay: true|false}（写在让它结算的那一步）或 choose: true|false",
            "may_pay",
        )) == ("是",)
    if wants is None:
        wants = False
    what = f"{ctx.source} 的可选费用"
    choices.progress.did = wants  # “if you do” after it asks whether it was paid (359.3.e.14)
    if wants:
        if resources:
            pay(state, log, ctx.controller, Cost(cost.energy, cost.power, ((what, "may_pay"),)), what, choices.payment)
        if paid.get("xp"):  # “you may spend 3 XP to …” (730.2)
            spend_xp(state, log, ctx.controller, paid["xp"], what)
        log.add(f"{ctx.controller} 在 {ctx.source} 结算时支付 {shown}：执行“若你支付”的部分", "may_pay", "cost_within_resolution")
        return tuple(param.get("then", ()))
    log.add(
        f"{ctx.controller} 在 {ctx.source} 结算时不支付 {shown}：执行“否则”的部分",
        "may_pay",
        "cost_within_resolution",
        default=choices.pay is None and state.defaults,
    )
    return tuple(param.get("otherwise", ()))


ANY_AMOUNT_UNITS = {"energy": "点能量", "power": "点任意符能", "buffs": "个增益"}


def any_payment(state: GameState, log: Log, ctx: Context, resource: str, choices: Choices) -> int:
    """204.3.b — “pay any amount of Energy / of any rune to …”, “spend any number of buffs” (of the controller's units, not
    targeted, 355.10.c.1): the controller pays as much as they choose, from nothing to all they can pay, as it resolves
    (the script's ``answer: {amount: N}``, without defaults their question; with defaults unanswered, all they can pay,
    marked); the amount paid."""
    player = state.players[ctx.controller]
    what = f"{ctx.source} 指示中的费用"

    def cost(amount: int) -> Cost:
        return Cost(amount, (), ((what, "cost_within_resolution"),)) if resource == "energy" else \
            Cost(0, ANY_POWER * amount, ((what, "cost_within_resolution"),))

    most = 0
    if resource == "buffs":  # one buff of each of as many units as have one (702.2.b)
        most = len(events.buffed_units(state, ctx.controller))
    else:
        while plan(player, cost(most + 1)) is not None:
            most += 1
    unit = ANY_AMOUNT_UNITS[resource]
    _limited_not_for_effects(log, player, ctx, resource, cost(1))
    amount, defaulted = choices.amount, False
    if amount is None and not state.defaults:  # how much: the controller's question
        (said,) = answer_to(state, Question(
            "pay_any", ctx.controller, ctx.source, f"{ctx.controller} 为 {ctx.source} 支付多少{unit}（最多 {most}）",
            tuple((str(number),) for number in range(most + 1)), "answer: {amount: N}（写在让它结算的那一步）或 choose: N",
            "cost_within_resolution",
        ))
        amount = int(said)
    elif amount is None:
        amount, defaulted = most, True
    if amount > most:
        illegal(f"{ctx.controller} 只能为 {ctx.source} 支付至多 {most} {unit}，脚本回答了 {amount}", "cost_within_resolution")
    if amount and resource == "buffs":
        events.spend_buffs(state, log, ctx.controller, amount, what)
    elif amount:
        pay(state, log, ctx.controller, cost(amount), what, choices.payment)
    log.add(f"{ctx.controller} 为 {ctx.source} 支付 {amount} {unit}" + ("（脚本未回答，引擎默认支付能付的全部）" if defaulted else ""),
            "cost_within_resolution", default=defaulted)
    return amount


ABILITY_USES = frozenset({"unit_ability", "gear_ability"})


def _limited_not_for_effects(log: Log, player, ctx: Context, resource: str, cost: Cost) -> None:
    """377.1 — limited resources kept for an ability's cost (“use only to play gear or use gear abilities”) pay only what
    comes before its colon: a payment its effect asks for as it resolves is no such use."""
    usable = usable_pool(player, cost)
    kept = [limited for limited in player.restricted if limited not in usable and ABILITY_USES & set(limited.only)
            and (limited.energy if resource == "energy" else sum(limited.power.values()))]
    if kept and resource != "buffs":
        log.add(f"{ctx.controller} 的限定资源（来自 {'、'.join(dict.fromkeys(limited.source for limited in kept))}）"
                f"只能支付能力的费用：{ctx.source} 结算中的支付是效果的一部分，不是费用（费用在冒号之前），不能用它支付",
                "cost_before_colon", "cost_within_resolution")


def take_item(state: GameState, log: Log, ctx: Context, item: ChainItem) -> None:
    """A new controller for a chain item; it stays on the chain, unlike a countered one (425.1)."""
    if item not in state.chain:
        log.add(f"{item.label} 已不在结算链上：取得控制权的指示不执行", "do_what_you_can")
        return
    before, item.controller = item.controller, ctx.controller
    old_label = item.label
    item.label = f"{ctx.controller} 的{item.card}（{item.id}）"
    log.add(
        f"{ctx.source}：{old_label} 的控制者由 {before} 变为 {ctx.controller}，它仍在结算链上（取得控制权不是反制）",
        "item_control",
        "control_not_counter",
    )


def remake_choices(state: GameState, log: Log, ctx: Context, item: ChainItem, choices: Choices) -> None:
    """751–753 — the item's controller may make new choices; an illegal set is refused (753.1).  Without defaults
    and no ``new_targets`` answer, whether and how is the controller's question."""
    if choices.new_targets is None and not state.defaults and item in state.chain and item.targets and item.targets[0]:
        options = _new_choice_answers(state, item)
        if len(options) > 1:
            new = answer_to(state, Question(
                "new_choices", item.controller, item.label,
                f"{item.controller} 为 {item.label} 重新做出选择（现为 {'、'.join(item.targets[0])}；不变即保持）", options,
                "answer: {new_targets: [……]}（写在让它结算的那一步）或 choose: [……]", "new_choices",
            ))
            choices = replace(choices, new_targets=new)
    if choices.new_targets is None:
        kept = "、".join(item.targets[0]) if item.targets and item.targets[0] else "无目标"
        log.add(f"{item.controller} 不为 {item.label} 重新做出选择：原有选择（{kept}）保持不变", "new_choices_subset")
        return
    if item not in state.chain:
        illegal(f"{item.label} 已不在结算链上，不能为它重新做出选择", "new_choices_legal")
    if not item.targets or not item.targets[0]:
        illegal(f"{item.label} 没有可重新做出的选择（753.2）", "new_choices_none")
    _recheck(state, item, choices.new_targets)
    before = item.targets[0]
    item.targets = (choices.new_targets, *item.targets[1:])
    changed = [name for name in choices.new_targets if name not in before]
    log.add(
        f"{item.controller} 为 {item.label} 重新做出选择：目标 {'、'.join(before)} → {'、'.join(choices.new_targets)}"
        + (f"（改选 {'、'.join(changed)}，其余保留）" if changed else "（全部保留）"),
        "new_choices",
        "new_choices_subset",
        "new_choices_legal",
        *(("hidden_targets",) if item.hidden_at else ()),
    )


def _new_choice_answers(state: GameState, item: ChainItem) -> tuple[tuple[str, ...], ...]:
    """753 — the sets of targets the item's controller may choose anew (its current ones first), read from the state:
    each the card's target spec allows, checked as its choices were (753.1)."""
    card = state.card(item.card)
    spec = card.target_of(item.modes[0] if item.modes else None, item.paid_additional)
    if spec is None or spec.kind != "unit" or spec.parts:
        return (item.targets[0],)
    ctx = Context(item.card, item.controller, item.hidden_at)
    legal = tuple(unit.id for unit in targeting.legal_targets(state, ctx, spec))
    found = [item.targets[0]]
    for chosen in targeting.target_answers(state, spec, legal):
        if sorted(chosen) == sorted(item.targets[0]):
            continue
        try:
            _recheck(state, item, chosen)
        except IllegalActionError:
            continue
        found.append(chosen)
    return tuple(found)


def _recheck(state: GameState, item: ChainItem, chosen: tuple[str, ...]) -> None:
    """753.1 — new targets are checked as the item's choices were, for its new controller and where it was played from."""
    card = state.card(item.card)
    mode = item.modes[0] if item.modes else None
    todo = card.modes[mode] if mode else card.effects
    targeting.check_played(state, item.controller, card, todo, chosen, item.hidden_at, mode, item.paid_additional)


def played_condition(state: GameState, log: Log, ctx: Context, param: dict, item: ChainItem) -> bool:
    """An instruction's “if … has played … this turn”, checked as it would be done (419.4.b)."""
    if "if_played" not in param:
        return True
    met, counted = filters.has_played(state, ctx.controller, param["if_played"], item)
    log.add(
        f"{ctx.source} 检查条件：{counted}（“打出过”按确定计算）——" + ("条件成立" if met else "条件不成立，这条指示不执行"),
        "played_means_finalized",
    )
    return met


# 425.1 — a countered item does nothing and leaves the chain; a card goes to the trash, costs stay paid.
def counter(state: GameState, log: Log, ctx: Context, item: ChainItem, to: str = "trash") -> None:
    """``to: hand`` — the countered card returns to its owner's hand instead of the trash."""
    if item not in state.chain:
        log.add(f"{item.label} 已不在结算链上：反制的指示不执行", "do_what_you_can")
        return
    protector = layers.forbidder(state, "counter", item.controller) or _uncounterable(state, item)
    if protector is not None:  # 054.1: "can't be countered" beats the counter; the item stays
        log.add(f"{protector}：{item.label} 不能被反制，{ctx.source} 的反制失败", "cant_beats_can", "do_what_you_can")
        return
    state.chain.remove(item)
    events.happen(state, "countered", item.controller, item.card, ctx.source)
    log.add(f"{ctx.source} 反制 {item.label}：它不产生任何效果，离开结算链", "counter")
    if item.played is None:
        return
    went = leave_chain(state, log, item, to)
    rules = ("countered_to_trash",) if went == "trash" else ()
    log.add(f"{item.card} 置入 {item.played.owner} 的{ZONE_NAMES[went]}；已支付的费用不退还", *rules, "counter_no_refund")


def _uncounterable(state: GameState, item: ChainItem) -> str | None:
    """The card itself when its own static says “I can't be countered” (``{cant: be_countered, while}``)."""
    view = View(item.controller, item.card, None, item.hidden_at)
    protected = any(
        spec.get("cant") == "be_countered" and not layers.holds(state, view, spec.get("while", {}), [])
        for spec in state.card(item.card).statics
    )
    return item.card if protected else None


# A card leaving the chain, resolved, countered or banished (427.1); Flow (829): a spell may be played from its
# owner's trash for its Flow cost (``costs.flow_cost``); then it is banished.
#
# “Then banish it” is a delayed replacement (829.1.b.1, 390.3.a): once the spell is a
# finalized chain item, its leaving the chain — to the trash after resolving, to the trash
# or to a hand when countered — is replaced by banishment.  The Flow cost replaces the
# spell's base cost (829.1.c.1); timing and other permissions are unchanged (829.1.b.2).


def leave_chain(state: GameState, log: Log, item: ChainItem, zone: str) -> str:
    """The played card leaves the chain for *zone* of its owner; a card played for Flow is banished instead, one an
    effect played saying “then recycle it” is recycled instead (390.3.a: to the bottom of its owner's main deck)."""
    owner = state.players[item.played.owner]
    if item.recycled:
        recycled_to_deck(state, owner.id, [item.played])
        log.add(f"{item.card} 由“然后将其回收”的效果打出：它将离开结算链进入{ZONE_NAMES[zone]}，改为回收到主牌堆底（延迟替换）",
                "delayed_replacement", "recycle_cards")
        return "deck"
    if item.flow:
        owner.banishment.append(item.played)
        log.add(
            f"{item.card} 是以流转费用打出的：它将离开结算链进入{ZONE_NAMES[zone]}，改为被放逐（流转的延迟替换）",
            "flow_banish",
            "delayed_replacement",
        )
        return "banishment"
    getattr(owner, zone).append(item.played)
    return zone


def banish_from_chain(state: GameState, log: Log, item: ChainItem, source: str, resolving: bool, by: str | None = None) -> bool:
    """427.1 — a card on the chain banished by an instruction; False when *item* is an ability, not a card.

    The spell banishing itself as it resolves (*resolving*, already taken off the chain) leaves it by its own
    instruction, so Flow's “then banish it” has nothing to replace (829.1.b.1); it executes nothing more (359.3.e.15).
    """
    if item.kind != "play" or item.played is None:
        log.add(f"{source}：{item.label} 是能力，不是牌，不能被放逐", "banish_cards")
        return False
    if item in state.chain:
        state.chain.remove(item)
    state.players[item.played.owner].banishment.append(item.played)
    rest = "：它离开结算链，停止执行其余指示并立即结算完毕" if resolving else "，离开结算链"
    log.add(f"{source} 放逐 {item.label}，置入 {item.played.owner} 的放逐区{rest}", "banish_cards",
            *(("left_chain_stops",) if resolving else ()))
    events.happen(state, "banished", item.played.owner, item.played.name, by)  # its owner's card, banished by *by*
    return True
