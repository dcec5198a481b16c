"""Empower (441, 827), Disempower (442) and the Empowered dependent keyword (828, 727).

Empowered is a status of a game object on the board (441.2), a unit's or a legend's, not a
printed trait: a copy does not take it (477.1.b.1.b).  A card's ``empower`` entry says what it
means for that card:

- ``cost`` — the Empower keyword, an activated ability “[cost]: empower me; use only if not
  Empowered” (827.1.c.1), named 强化;
- ``times`` — how often it may be empowered: a card that allows more than once overrides the
  binary status (441.1.c.1, the golden rule 002); each Disempower removes one (442.1);
- ``might_each`` — +N might for each time it is empowered (read in layers.py);
- ``keywords`` with ``keywords_at`` — what it has while empowered (at least that many times,
  default 1): the Empowered ability (828.1.b.1).

An ability with ``condition: {empowered: true}`` is a dependent ability: active only while its
holder is empowered (727.1.b.2, 828.1.c), yet present on the card for reference (727.1.b.1), so
another object can gain it and use it while *that* object is empowered.
"""

from __future__ import annotations

from judgekit.engine import events
from judgekit.engine.cards import EMPOWER_OTHER_COST, Ability, CardDef
from judgekit.engine.events import watch_might
from judgekit.engine.rules import illegal
from judgekit.engine.state import GameState, GearRef, Legend, Question, Unit, answer_to, status_holder
from judgekit.engine.trace import Log

EMPOWER_ABILITY = "强化"


def times_allowed(card: CardDef) -> int:
    return card.empower.get("times", 1)


def empower(state: GameState, log: Log, source: str, controller: str, obj: Unit | Legend) -> None:
    """441 — render *obj* Empowered; an object already empowered as often as it may be gets nothing (441.1.c)."""
    allowed = times_allowed(state.card(obj.card))
    if obj.empowered >= allowed:
        log.add(f"{source}：{obj.id} 已强化（{empowered_text(obj.empowered)}），强化不发生任何事", "empower_already")
        return
    with watch_might(state, log, [obj] if isinstance(obj, Unit) else []):
        obj.empowered += 1
        rules = ["empower"] + (["empower_many"] if allowed > 1 else [])
        log.add(f"{source}：{obj.id} 被强化（现为{empowered_text(obj.empowered)}）", *rules)
    events.happen(state, "empowered", controller, obj.id, source)  # 441.2.a: an event others may see


def disempower(state: GameState, log: Log, source: str, obj: Unit | Legend) -> bool:
    """442 — remove one Empowered status; an object that is not empowered is unaffected (442.1.a.1)."""
    if not obj.empowered:
        log.add(f"{source}：{obj.id} 未强化，解除强化不发生任何事", "disempower_nothing")
        return False
    with watch_might(state, log, [obj] if isinstance(obj, Unit) else []):
        obj.empowered -= 1
        state_now = empowered_text(obj.empowered) if obj.empowered else "未强化"
        log.add(f"{source}：{obj.id} 被解除强化，只移除一层（现为{state_now}）", "disempower")
    return True


def disempowerable(state: GameState, which: str, source: str, controller: str) -> list[Unit | Legend]:
    """What a cost that disempowers (442) may disempower: the source itself, or the empowered things its
    controller controls."""
    if which == "self":
        return [obj for obj in (state.units.get(source), state.legends.get(source)) if obj and obj.empowered]
    objects = [*state.units.values(), *state.legends.values()]
    return [obj for obj in objects if obj.controller == controller and obj.empowered]


def pay_disempower(state: GameState, log: Log, which: str, source: str, controller: str, label: str) -> bool:
    """A cost that disempowers (442): the first thing that may be disempowered, a default when there are
    several; impossible when nothing fits (203.3)."""
    found = disempowerable(state, which, source, controller)
    if not found:
        log.add(f"{label}的费用（解除强化）无法支付：没有可解除强化的物体", "cost_impossible")
        return False
    if len(found) > 1 and not state.defaults:  # which one: the controller's question
        (chosen,) = answer_to(state, Question(
            "disempower", controller, label, f"{controller} 为支付 {label}的费用解除哪个物体的强化",
            tuple((obj.id,) for obj in found), "choose: [单位或传奇]", "disempower",
        ))
        found = [obj for obj in found if obj.id == chosen]
    elif len(found) > 1:
        log.add(f"脚本未指定解除强化的物体，引擎选择：{found[0].id}", "disempower", default=True)
    if which == "friendly":  # 192.1: what a player controls, their legend included (174.2.b)
        rules = ("control_same", "legend_stays") if isinstance(found[0], Legend) else ("control_same",)
        log.add(f"{label}：{found[0].id} 由 {controller} 控制，是其“控制的某物”", *rules)
    return disempower(state, log, label, found[0])


def empowered_text(count: int) -> str:
    return "已强化" if count == 1 else f"已强化 {count} 层"


def check_activation(state: GameState, holder: Unit | Legend, ability: Ability) -> None:
    """827.1.c.1 — Empower only while not empowered, unless the card allows more (441.1.c.1);
    727.1.c.3 — a dependent activated ability only while its holder meets the condition."""
    card = state.card(holder.card)
    if ability.name in (EMPOWER_ABILITY, EMPOWER_OTHER_COST) and holder.empowered and times_allowed(card) == 1:
        illegal(f"{holder.id} 已强化：强化技能只能在未强化时启动", "empower_only_if_not")
    wanted = dict(ability.condition).get("empowered")
    if wanted is not None and bool(holder.empowered) != wanted:
        illegal(f"{holder.id} {'未' if wanted else '已'}强化：这项依赖性技能现在不生效，不能启动", "dependent_active")


def _controlled_legends(state: GameState, log: Log, ctx) -> list[Legend]:
    """192.1 — a player controls their legend like any object; only its control never changes (174.2.b)."""
    legends = [legend for legend in state.legends.values() if legend.controller == ctx.controller]
    for legend in legends:
        log.add(f"{ctx.source}：{legend.id} 由 {ctx.controller} 控制，是其“控制的”物体", "control_same", "legend_stays")
    return legends


def _holders(state: GameState, log: Log, ctx, param, targets: list) -> list:
    """The targets (a gear: its own status, 719.4.a), the legend its controller controls (``legend``: 192.1, they
    control it), or the source itself: a legend, or a gear (“Empower this”)."""
    if param == "legend":
        return _controlled_legends(state, log, ctx)
    if targets:
        return [status_holder(state, target) if isinstance(target, GearRef) else target for target in targets]
    source = state.legends.get(ctx.source_unit or "") or state.gear.get(ctx.source_unit or "")
    return [source] if source else []


def _empower_effect(state, log, ctx, param, targets, choices) -> None:
    for obj in _holders(state, log, ctx, param, targets):
        empower(state, log, ctx.source, ctx.controller, obj)


def _disempower_effect(state, log, ctx, param, targets, choices) -> None:
    for obj in _holders(state, log, ctx, param, targets):
        disempower(state, log, ctx.source, obj)


EMPOWER_VERBS = {"empower": _empower_effect, "disempower": _disempower_effect}
