"""“Has played” checks of non-triggered abilities (419.4.b): a card counts once it was finalized.

A triggered ability on playing a card waits for the card to resolve (419.4.a,
``triggers``); an ability that only checks whether cards were played — a spell's
“if an opponent has played another spell this turn”, a discount, Legion — reads
the turn's finalized cards instead, so a spell still on the chain, or countered
later, counts from the moment it was finalized.
"""

from __future__ import annotations

from judgekit.engine.state import ChainItem, GameState

WHO = {"opponent": "对手", "you": "你"}
TYPE_NAMES = {"spell": "法术", "unit": "单位", "gear": "装备", "any": "牌"}


def finalized(state: GameState, players: list[str], card_type: str) -> int:
    """How many cards of *card_type* the *players* finalized this turn."""
    return sum(
        1
        for event in state.this_turn
        if event.kind == "finalized" and event.player in players and _is(state, event.subject, card_type)
    )


def _is(state: GameState, name: str, card_type: str) -> bool:
    """178.3 — a card of several types counts as each of them."""
    card = state.cards.get(name)
    if card is None:
        return False
    return card_type in ("any", card.type, *card.extra_types) or (card_type == "unit" and card.is_unit)


def legion_active(state: GameState, player: str) -> bool:
    """812.1.c — Legion: the player has finalized another card this turn (the one played is one of them)."""
    return sum(1 for event in state.this_turn if event.kind == "finalized" and event.player == player) > 1


def played_each(state: GameState, player: str, card_types: list[str]) -> tuple[bool, str]:
    """“If you've played a non-token unit, a non-token gear and a spell this turn” (419.4.b, 178).

    Each type asks only whether some finalized non-token card has it: one card of two types meets both.
    """
    cards = [
        event.subject
        for event in state.this_turn
        if event.kind == "finalized" and event.player == player and not _is(state, event.subject, "token")
    ]
    found = {wanted: [name for name in cards if _is(state, name, wanted)] for wanted in card_types}
    said = "；".join(f"{TYPE_NAMES[t]}：{'、'.join(names) or '无'}" for t, names in found.items())
    return all(found.values()), said


def holds(state: GameState, controller: str, condition: dict, target: ChainItem | None) -> tuple[bool, str]:
    """``{by: opponent|you, card_type, other: true}`` — whether it holds now, and how it was counted.

    ``other`` leaves out the chosen chain item's own finalization: the card's owner finalized it when it
    was played from hand (control may have changed since, 191.2, but who finalized it does not).
    """
    by, card_type = condition.get("by", "you"), condition.get("card_type", "any")
    players = state.opponents(controller) if by == "opponent" else [controller]
    count = finalized(state, players, card_type)
    own = target is not None and target.played is not None and target.played.owner in players
    if condition.get("other") and own and _is(state, target.card, card_type):
        count -= 1
    what = f"{WHO[by]}本回合确定过{'另外' if condition.get('other') else ''} {count} 个{TYPE_NAMES[card_type]}"
    return count > 0, what
