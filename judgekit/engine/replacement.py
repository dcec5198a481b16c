"""Replacement effects (367–375, 437): every replaceable event passes through ``offer`` before it happens.

An event that is about to happen (a unit would die, be dealt damage, be given
might) is a ``Pending`` value.  ``offer`` collects the replacements that
qualify for it — those made by effects ("this turn, the next time …",
prevention) and those printed on cards on the board — applies each at most
once (370.2), in the order the affected unit's controller chooses (372), and
returns the modified event, or None when nothing of it is left to happen.  The
modified event keeps the original's properties, such as a "not below 1"
limit (375).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import permutations

from judgekit.engine import costs, events
from judgekit.engine.filters import view_of
from judgekit.engine.layers import holds, matches, might
from judgekit.engine.state import Dealer, GameState, MightEffect, Question, Unit, answer_or_default, answer_to, base_of
from judgekit.engine.trace import Log
from judgekit.errors import ScenarioError

EVENT_NAMES = {"die": "阵亡", "damage": "受到伤害", "might": "被给予战力变化", "stun": "被眩晕", "revealed": "从主牌堆中被展示",
               "return_to_hand": "返回手牌"}


@dataclass(frozen=True)
class Replacement:
    """One replacement effect: what event it watches, for whom, and what it does instead."""

    source: str  # the card or unit that made it; its controller controls the replacement (374)
    controller: str
    event: str  # die, damage, might, stun
    subject: str | None = None  # the unit an effect gave it to; None for an ability printed on a card
    affects: str = "subject"  # subject; chosen (a unit the controller's effect chose); me_chosen (the source, chosen by any effect); watched (``watched`` names them)
    until: str = "turn"  # turn or permanent
    uses: int | None = 1  # "the next time": used up after one event; None applies to every event
    prevent: int | None = None  # 437.1.b.1.a — the Prevent Value still tracked
    double: bool = False
    extra: int = 0  # might: an additional change
    becomes: int | None = None  # might: the change given instead
    recall: bool = False  # die: heal, exhaust and recall instead
    banish: bool = False  # die: banished instead (427; “如果该单位在本回合内被摧毁，则改为将其放逐”)
    exhaust: bool = True  # die: whether the recalled unit is exhausted
    kill_self: str | None = None  # die: the gear killed instead ("kill this instead"): a gear id, or a name attached to the subject
    pay: tuple[int, int, tuple[str, ...]] | None = None  # die: “you may pay … to instead …”: (Energy, Power, domains)
    payer: str | None = None  # unit_controller: the dying unit's controller decides and pays (“其控制者可以选择支付…”)
    in_combat: bool = False  # here: only a unit in combat (“如果此处的一名单位在战斗中被摧毁”)
    watched: dict | None = None  # a unit's ``affects: {each: FILTER}``: the units the filter names, seen from the source
    # damage, ``affects: any``: only damage from these sources (437.1.b: “prevent all spell and ability damage this turn”)
    sources: tuple[str, ...] = ()
    timestamp: int = 0
    slot: int = 0  # which of the card's printed replacements

    @property
    def key(self) -> str:
        return f"{self.source}@{self.timestamp}/{self.slot}"


@dataclass
class Pending:
    """An event about to happen, as the replacements see and change it."""

    kind: str  # die, damage, might, stun
    unit: Unit
    amount: int = 0
    by: str = ""  # the player whose effect or action causes it
    chosen: bool = False  # the unit was chosen by that effect (a target)
    floor: int | None = None  # might: the limit the original carried ("not below 1")
    applied: list[str] = field(default_factory=list)  # replacements already applied (370.2)
    instead: str = ""  # die: what happens instead and who made it so (“banish by 源”): the caller does it
    dealer: Dealer | None = None  # damage: what deals it (417.6), for a prevention of some sources only
    together: bool = False  # one of several events happening at once (373)


# What each printed replacement must say it does instead, by the event it replaces.
INSTEAD_KEYS = {"die": ("recall",), "damage": ("double",), "might": ("extra", "becomes"), "stun": ("becomes",),
                "return_to_hand": ("becomes",),  # “…或把我送回手牌，则改为给予我在本回合内战力+3”
                "revealed": ("add",)}  # “as I'm revealed from your deck, Add ②”: the event plus the action (370.1.b.1)


def spec_problem(spec: dict) -> str | None:
    """Why a printed replacement cannot apply as written, or None: it must say what happens instead."""
    wanted = INSTEAD_KEYS[spec["event"]]
    said = [key for key in ("recall", "double", "extra", "becomes", "add") if spec.get(key) not in (None, False, 0)]
    if not said or any(key not in wanted for key in said) or len(said) > 1:
        return f"event {spec['event']} 的替代须写明且只写一项：{' 或 '.join(wanted)}（写了：{'、'.join(said) or '无'}）"
    if (spec["event"] == "revealed") != (spec.get("from") == "deck"):
        return "from: deck 只与 event: revealed 同用，revealed 须写 from: deck（从主牌堆中被展示）"
    return None



def add(state: GameState, replacement: Replacement) -> None:
    state.replacements.append(replace(replacement, timestamp=state.tick()))


def printed(state: GameState) -> list[Replacement]:
    """The replacement abilities of the cards on the board (368.1), read fresh each time.

    A gear's text works only where it says: "the unit I'm attached to" while attached, "a friendly
    unit" while unattached on the board (718.3).
    """
    found = []
    for unit in state.units.values():
        for slot, spec in enumerate(state.card(unit.card).replacements):
            if spec["event"] == "revealed":  # a card's in its deck (``as_revealed``), never one on the board
                continue
            if spec.get("condition") and holds(state, view_of(unit), spec["condition"], []):
                continue  # its source's condition (“已强化▸”) does not hold as the event would happen
            if spec.get("affects", "me_chosen") in ("chosen", "me_chosen"):
                found.append(_from_spec(spec, slot, unit.id, unit.controller))
            elif isinstance(spec.get("affects"), dict):  # “如果你在此处控制的另一名单位被摧毁”: the units it names
                found.append(_from_spec(spec, slot, unit.id, unit.controller, affects="watched"))
        for name in unit.attached:
            for slot, spec in enumerate(state.card(name).replacements):
                if spec.get("affects") == "attached":
                    found.append(_from_spec(spec, slot, name, unit.controller, subject=unit.id, affects="subject"))
    for gear in state.gear.values():
        for slot, spec in enumerate(state.card(gear.card).replacements):
            if spec.get("affects") == "friendly":
                found.append(_from_spec(spec, slot, gear.id, gear.controller))
    for bf in state.battlefields.values():  # a battlefield's: the units at it (``affects: here``)
        for slot, spec in enumerate(state.card(bf.card).replacements if bf.card else ()):
            if spec.get("affects") == "here":
                found.append(_from_spec(spec, slot, bf.name, bf.controller or "", subject=bf.name))
    return found


def _from_spec(spec: dict, slot: int, source: str, controller: str, **where) -> Replacement:
    return Replacement(
        source=source,
        controller=controller,
        event=spec["event"],
        affects=where.get("affects", spec.get("affects", "me_chosen")),
        subject=where.get("subject"),
        until="permanent",
        uses=None,
        extra=spec.get("extra", 0),
        becomes=spec.get("becomes"),
        double=spec.get("double", False),
        recall=spec.get("recall", False),
        exhaust=spec.get("exhaust", True),
        kill_self=source if spec.get("kill_self") else None,
        pay=(spec["pay"].get("energy", 0), spec["pay"].get("power", 0), tuple(spec["pay"].get("runes", ()))) if "pay" in spec else None,
        payer=spec.get("payer"),
        in_combat=spec.get("in_combat", False),
        watched=spec["affects"]["each"] if isinstance(spec.get("affects"), dict) else None,
        slot=slot,
    )


def qualifies(replacement: Replacement, event: Pending, state: GameState | None = None) -> bool:
    """370.1 — the replacement names the circumstances an event must meet."""
    if replacement.event != event.kind or replacement.key in event.applied:
        return False
    if event.kind in ("damage", "might") and event.amount == 0:
        return False  # 437.2.a, 477.3.b: a change of nothing is no event
    if event.kind == "might" and event.amount > 0:
        return False  # the might replacements in the vocabulary speak of giving −might
    if replacement.affects == "here":  # a unit at the battlefield (in combat there, when it says so)
        return event.unit.location == replacement.subject and \
            (not replacement.in_combat or (state is not None and state.in_combat(event.unit)))
    if replacement.affects == "subject":
        return replacement.subject == event.unit.id
    if replacement.affects == "any":  # every unit, now and later this turn, damaged by one of its sources (437.1.b)
        return event.dealer is not None and any(getattr(event.dealer, source) for source in replacement.sources)
    if replacement.affects == "watched":  # read as the unit would die, from the source as it is then (370.1)
        source = state.units.get(replacement.source) if state is not None else None
        return source is not None and matches(state, view_of(source), replacement.watched, event.unit)
    if replacement.affects == "friendly":
        return event.unit.controller == replacement.controller
    if replacement.affects == "chosen":
        return event.chosen and event.by == replacement.controller
    return event.chosen and event.unit.id == replacement.source


def offer(state: GameState, log: Log, event: Pending) -> Pending | None:
    """370.1.c — apply every qualifying replacement once, before the event happens."""
    while True:
        candidates = [r for r in state.replacements + printed(state) if qualifies(r, event, state)]
        if not candidates:
            return event
        chosen = _first(state, log, event, candidates)
        event.applied.append(chosen.key)
        if event.together:
            log.add(f"{event.unit.id} 与其他单位同时将要{EVENT_NAMES[event.kind]}：每个事件分别施加替代效果，依次施加（{chosen.source}）",
                    "simultaneous_replacements", "replacement_sequence")
        if chosen.source in state.dying and chosen.source != event.unit.id:
            log.add(f"{chosen.source} 与 {event.unit.id} 同时离场，仍可将其替代效果施加于这一事件", "leaving_replaces")
        if not _apply(state, log, chosen, event):
            return None


def _first(state: GameState, log: Log, event: Pending, candidates: list[Replacement]) -> Replacement:
    """372 — the controller of the affected unit orders several replacements: a decision."""
    if len(candidates) == 1:
        return candidates[0]
    options = [tuple(r.source for r in order) for order in permutations(candidates)]
    shown = "；".join(" → ".join(option) for option in options)
    who = event.unit.controller
    answer = state.replacement_orders.get(event.unit.id)
    if answer is not None:
        order, place = answer
        wanted = tuple(name for name in order if name in {r.source for r in candidates})
        if not any(option[: len(wanted)] == wanted for option in options) or not wanted:
            raise ScenarioError(f"{place}: 替代效果的顺序须为以下之一：{shown}（脚本给出：{' → '.join(order)}）")
        first = next(r for r in candidates if r.source == wanted[0])
        log.add(
            f"{event.unit.id} 将要{EVENT_NAMES[event.kind]}，多个替代效果适用；{who} 决定先施加 {first.source}（可选：{shown}）",
            "replacement_order",
        )
        return first
    if not state.defaults:  # which applies first: the affected unit's controller's question
        (source,) = answer_to(state, Question(
            "replacement_order", who, event.unit.id,
            f"{event.unit.id} 将要{EVENT_NAMES[event.kind]}，{who} 决定先施加哪个替代效果",
            tuple((name,) for name in dict.fromkeys(r.source for r in candidates)),
            "choose: [替代效果的来源]（或局面的 replacement_order）", "replacement_order",
        ))
        first = next(r for r in candidates if r.source == source)
        log.add(f"{event.unit.id} 将要{EVENT_NAMES[event.kind]}，多个替代效果适用；{who} 决定先施加 {first.source}", "replacement_order")
        return first
    first = min(candidates, key=lambda r: r.timestamp)
    log.add(
        f"{event.unit.id} 将要{EVENT_NAMES[event.kind]}，多个替代效果适用；脚本未指定顺序，引擎先施加 {first.source}（可选：{shown}）",
        "replacement_order",
        default=True,
    )
    return first


def _use(state: GameState, replacement: Replacement, left: Replacement | None) -> None:
    if replacement in state.replacements:
        index = state.replacements.index(replacement)
        if left is None:
            del state.replacements[index]
        else:
            state.replacements[index] = left


def _apply(state: GameState, log: Log, r: Replacement, event: Pending) -> bool:
    """Apply one replacement; False when nothing of the event is left to happen."""
    unit = event.unit.id
    if r.event == "die" and r.banish:  # the death becomes a banishment, which the kill performs (damage.kill)
        _use(state, r, None)
        event.instead = r.source
        log.add(f"{r.source}：{unit} 将要阵亡，改为放逐它——这次摧毁不曾发生", "replacement_instead", "replacement_event")
        return True
    if r.event == "die":
        _use(state, r, None)
        if r.pay is not None and not _paid_instead(state, log, r, event.unit):
            return True  # declined, or it cannot be paid: the unit dies, and this “next time” is past
        _kill_gear(state, log, r, event.unit)
        _heal_recall(log, r, event.unit)
        return False
    if r.event in ("stun", "return_to_hand"):  # not stunned / not returned: Might this turn instead
        event.unit.effects = event.unit.effects.plus(MightEffect("add", r.becomes, r.source, "turn", state.tick()))
        log.add(f"{r.source}：{unit} 将要{EVENT_NAMES[r.event]}，改为本回合获得 {r.becomes:+d} 战力", "replacement_instead")
        return False
    if r.event == "damage" and r.double:
        _use(state, r, r if r.uses is None else None)
        log.add(f"{r.source}：对 {unit} 的 {event.amount} 点伤害翻倍为 {event.amount * 2}", "replacement_instead")
        event.amount *= 2
        return True
    if r.event == "damage":
        return _prevent(state, log, r, event)
    return _might(state, log, r, event)


def _paid_instead(state: GameState, log: Log, r: Replacement, unit: Unit) -> bool:
    """“你可以选择支付…，以此改为…” (204.3.b, a cost within the replacement's instructions): the replacement's controller (a
    battlefield's “其控制者”: the unit's) decides as the unit would die — their question when they can pay
    (``choose: true|false``), with defaults not paid, marked."""
    energy, power, domains = r.pay
    payer = unit.controller if r.payer == "unit_controller" else r.controller
    what = f"{r.source} 的替代费用"
    cost = costs.Cost(energy, ((),) * power + tuple((domain,) for domain in domains), ((what, "cost_within_resolution"),))
    able = costs.plan(state.players[payer], cost) is not None
    noted = len(state.defaulted)
    wants = able and answer_or_default(state, Question(  # a choose right after the step may still answer it
        "may_pay", payer, r.source, f"{unit.id} 将要阵亡：{payer} 是否支付 {cost.describe()}，改为治疗、横置并召回它",
        (("是",), ("否",)), "choose: true|false", "cost_within_resolution",
    ), ("否",)) == ("是",)
    defaulted = len(state.defaulted) > noted
    if wants:
        events.pay(state, log, payer, cost, what)
    log.add(f"{unit.id} 将要阵亡：{payer} " + ("支付" if wants else "不支付" if able else "无法支付") +
            f" {cost.describe()}" + ("（脚本未回答，引擎默认不支付）" if defaulted else ""),
            "cost_within_resolution", "replacement_instead", default=defaulted)
    return wants


def _kill_gear(state: GameState, log: Log, r: Replacement, unit: Unit) -> None:
    """"Kill this instead": the gear goes to the trash (the owner of an attached gear is its unit's owner here)."""
    if r.kill_self is None:
        return
    if r.subject is not None:
        unit.attached.remove(r.kill_self)
        owner, name = unit.owner, r.kill_self
    else:
        gear = state.gear.pop(r.kill_self)
        owner, name = gear.owner, gear.card
    state.players[owner].trash.append(state.new_card(name, owner))
    log.add(f"{r.source}：改为摧毁它自己，置入 {owner} 的废牌堆", "replacement_instead", "kill_to_trash")


def _heal_recall(log: Log, r: Replacement, unit: Unit) -> None:
    unit.damage = 0
    unit.damaged_by = []
    unit.dealt_by = None
    unit.exhausted = unit.exhausted or r.exhaust
    unit.location = base_of(unit.controller)
    done = "治疗、横置并召回" if r.exhaust else "治疗并召回"
    log.add(f"{r.source}：{unit.id} 将要阵亡，改为{done}它——这次摧毁不曾发生", "replacement_instead", "replacement_event", "recall")


def _prevent(state: GameState, log: Log, r: Replacement, event: Pending) -> bool:
    """437.2–437.4 — reduce the damage by the Prevent Value; "next" (no value) prevents all of one event."""
    value = event.amount if r.prevent is None else r.prevent
    stopped = min(value, event.amount)
    if r.prevent is None:
        left = r if r.uses is None else None  # 437.3.c: "All" remains All; "next" is used up
    else:
        left = replace(r, prevent=r.prevent - stopped) if r.prevent > stopped else None
    _use(state, r, left)
    event.amount -= stopped
    remains = "" if left is r else (f"，剩余防止值 {left.prevent}" if left else "，防止效果用尽")
    log.add(
        f"{r.source}：防止对 {event.unit.id} 的 {stopped} 点伤害（{stopped + event.amount} → {event.amount}{remains}）",
        "prevent",
        "prevent_tracked",
    )
    if event.amount == 0:
        log.add(f"对 {event.unit.id} 的伤害全部被防止：视为没有对它造成伤害", "prevent_all_not_dealt")
        return False
    return True


def _might(state: GameState, log: Log, r: Replacement, event: Pending) -> bool:
    """A might change replaced or increased; the result keeps the original's limit (375)."""
    before = event.amount
    if r.becomes is not None:
        event.amount = r.becomes
        event.floor = None  # a limit on a decrease has nothing to limit in an increase
        log.add(f"{r.source}：{event.unit.id} 改为获得 {r.becomes:+d} 战力（原为 {before:+d}）", "replacement_instead")
        return True
    event.amount += r.extra
    limit = ""
    if event.amount < 0 and event.floor is not None:
        event.amount = -min(-event.amount, max(0, might(state, event.unit) - event.floor))
        limit = f"；继承原效果的下限 {event.floor}，实际为 {event.amount:+d}"
    log.add(
        f"{r.source}：给予 {event.unit.id} 的战力变化 {before:+d} 额外 {r.extra:+d}{limit}",
        "replacement_instead",
        *(("replacement_inherits",) if limit else ()),
    )
    return event.amount != 0


def prevent_value(state: GameState, unit: Unit) -> int:
    """437.5.a — the Prevent Values tracked on *unit*, for lethal assignment ("next" prevents one event whole)."""
    return sum(r.prevent or 0 for r in state.replacements if r.event == "damage" and r.subject == unit.id)


def cannot_be_dealt_damage(state: GameState, unit: Unit) -> bool:
    """437.1.b.1.b — a Prevent Value of "All": no damage can be dealt to the unit this turn."""
    return any(
        r.event == "damage" and r.subject == unit.id and r.prevent is None and r.uses is None and not r.double
        for r in state.replacements
    )


def expire_this_turn(state: GameState, log: Log) -> None:
    """317.2.c — the replacements that last "this turn" end with the other "this turn" effects."""
    ending = [r for r in state.replacements if r.until == "turn"]
    if ending:
        state.replacements = [r for r in state.replacements if r.until != "turn"]
        names = "、".join(dict.fromkeys(f"{r.source}（{r.subject}）" if r.subject else r.source for r in ending))
        log.add(f"本回合的替代效果失效：{names}", "this_turn_expires")


def leave_board(state: GameState, unit: Unit) -> None:
    """A unit that leaves the board is a new object: effects given to it end (359.3.e.4)."""
    state.replacements = [r for r in state.replacements if r.subject != unit.id]
