"""The penalty to give: an infraction's base penalty, upgraded by its category's repeat rules (702.1.b).

A pure function of the guide, the event's OPL, what the player already committed
in the event and the new infraction.  It counts as the rules do: every earlier
infraction whose base penalty was the rule's base (“game play error [Warning]”),
whatever it was upgraded to, and the new one with them.  An infraction a rule
excepts (“Except for 702.17”) is not upgraded by that rule, and one whose own
rules say it never upgrades (702.17.b) is upgraded by none; it still counts
towards the category's total (702.1.b.2 counts “any category”).
"""

from __future__ import annotations

from typing import NamedTuple

from judgekit.tournament.guide import Guide, Infraction, UpgradeRule, severity


class Committed(NamedTuple):
    """An infraction already in the player's record at this event."""

    ref: str
    category: str
    base: str


class Decision(NamedTuple):
    base: str
    penalty: str
    upgraded_by: tuple[UpgradeRule, ...]  # the rules whose threshold this infraction reaches
    counts: tuple[tuple[UpgradeRule, int], ...]  # each applicable rule and the count it reaches with this one
    exempt: tuple[str, ...]  # the rules that keep this infraction from upgrading


def decide(guide: Guide, opl: str, history: list[Committed], infraction: Infraction, base: str) -> Decision:
    """The penalty for *infraction* committed with *base* penalty, after *history*, at *opl*."""
    counts = []
    for rule in infraction.category.upgrades:
        if rule.base != base or not guide.applies_at(rule.opls, opl) or infraction.ref in rule.excepted:
            continue
        same = [c for c in history if c.base == base and c.category == infraction.category.ref]
        if rule.scope == "same":
            same = [c for c in same if c.ref == infraction.ref]
        counts.append((rule, len(same) + 1))
    exempt = tuple(ref for ref in infraction.exempt if ref not in {rule.ref for rule in infraction.category.upgrades})
    reached = () if exempt else tuple(rule for rule, count in counts if count >= rule.count)
    penalty = max((base, *(rule.to for rule in reached)), key=severity)
    return Decision(base, penalty, reached, tuple(counts), infraction.exempt)
