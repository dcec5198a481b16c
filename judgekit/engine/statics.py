"""Static abilities in the card language's form (477.2–477.3 layer effects; 054.1, 757 “can't be chosen”).

An ``abilities:`` entry ``{static: {grant: 坚守, to: {each: {who: friendly, where: here}}, while: {…}}}``,
``{static: {might: 2, to: self, while: {…}}}`` or ``{static: {cant: be_chosen, to: …, by: enemy}}``
works while its card is on the board (a unit, or a battlefield's card): its ``while`` condition and
its ``to`` (default: the unit itself) are read again each time the layers or a target check ask
(477.3.b: never snapshotted).  The layers read with ``filters.BELOW_MIGHT`` (a layer effect that read
Might would depend on itself); a restriction may read Might (``selectors.WITH_MIGHT``).
"""

from __future__ import annotations

from collections.abc import Iterator

from judgekit.engine.filters import Reads, View, holds, matches, view_of
from judgekit.engine.state import GameState, Unit


def sources(state: GameState) -> Iterator[tuple[View, dict]]:
    """Every static ability on the board with the viewpoint it reads from."""
    # Asked for every unit's Might and keywords: a board whose cards have no statics is not walked each time.
    if any(card.statics for card in state.cards.values()):
        for source in state.units.values():
            for spec in state.card(source.card).statics:
                yield view_of(source), spec
    for battlefield in state.battlefields.values():
        if battlefield.card:
            view = View(battlefield.controller or "", battlefield.name, None, battlefield.name)
            for spec in state.card(battlefield.card).statics:
                yield view, spec


def reaching(state: GameState, unit: Unit, kind: str, reads: Reads) -> Iterator[tuple[View, dict]]:
    """The static abilities of *kind* (grant, might, cant) that apply to *unit* now."""
    for view, spec in sources(state):
        if kind not in spec or holds(state, view, spec.get("while", {}), [], reads):
            continue
        to = spec.get("to", "self")
        if (unit.id == view.source_unit) if to == "self" else matches(state, view, to["each"], unit, [], reads):
            yield view, spec


def enters_ready(state: GameState, unit: Unit, reads: Reads) -> str | None:
    """369.3 — “I enter ready” / “your units enter ready”: the source of the static that replaces how *unit*
    enters (exhausted), read as it has just entered; None when none applies."""
    return next((view.source for view, _ in reaching(state, unit, "enters_ready", reads)), None)
