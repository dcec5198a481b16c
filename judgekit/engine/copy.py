"""Copy effects (477.1.b): one object becomes a copy of another.

A copy takes the copiable traits of what it copies — name, type, tags, cost, domains and rules
text, and might, which the 化神争锋 FAQ counts among them (entry 27) — as they are now: a copy of
a copy takes what that one copies (477.1.b.1.b).  It keeps everything that is not a printed
trait: damage, buffs, might changes, granted keywords, Empowered, its combat designation and
its attached gear (477.1.b.1.b, FAQ entry 7).  The unit's ``card`` is the card it copies while
the copy lasts and ``printed`` its own; the copy leaves the board as its own card.

Each time a unit becomes a copy its copied abilities are new instances (FAQ entry 9): a “once
each turn” ability used before counts afresh (``Unit.copies`` numbers them, read by activating.py).

Shady Spectacles' “as this is attached, choose another friendly unit; the equipped unit becomes
a copy of it for as long as this is attached” is the gear's passive ``copies_as_attached``: every
attachment of it is followed by the copy (gear.py, 370.1.b.1: the event first, then what comes with
it), and the copy ends as the gear detaches.
"""

from __future__ import annotations

from judgekit.engine.events import watch_might
from judgekit.engine.state import GameState, Unit
from judgekit.engine.trace import Log


def become_copy(state: GameState, log: Log, unit: Unit, model: Unit, source: str, kept_by: str | None) -> None:
    """477.1.b.1 — *unit* takes *model*'s copiable traits; its status stays its own."""
    with watch_might(state, log, [unit]):
        unit.printed = unit.printed or unit.card
        unit.card, unit.copied_by = model.card, kept_by
        unit.copies += 1
    kept = [what for what, on in (("强化", unit.empowered), ("增益", unit.buffs), ("战力调整", unit.effects)) if on]
    log.add(
        f"{source}：{unit.id} 成为 {model.id} 的复制体，名称、类型、费用、规则文字与战力都取自 {model.card}"
        + (f"；它自己的{'、'.join(kept)}不变" if kept else "")
        + (f"；{model.id} 的已强化状态不被复制" if model.empowered else ""),
        "copy",
        "copy_traits",
        "copy_status",
    )


def end_copy(state: GameState, log: Log, unit: Unit) -> None:
    """The copy effect ends: the unit has its own card's traits again, its status still its own."""
    with watch_might(state, log, [unit]):
        unit.card, unit.printed, unit.copied_by = unit.printed, None, None
        log.add(f"{unit.id} 不再是复制体，恢复为 {unit.card}（自身的状态不变）", "copy")
