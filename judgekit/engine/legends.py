"""The Champion Zone (108.3) and the Chosen Champion (103.2.a): played from there like a card from hand.

A player's ``champion`` in a scenario is the card in their Champion Zone; it is one of
the cards the player may play (419.1.a, 108.3.d), and once played the zone is empty.
The Legend Zone's legend is a game object (``GameState.legends``, 107.4.c) its owner controls
for good (174.2.b, 192.1): its triggered abilities watch events from there (triggers.py), its
activated ones are used like a unit's (activating.py), and it can be exhausted and empowered.
"""

from __future__ import annotations

from judgekit.engine.cards import CardDef
from judgekit.engine.state import Card, GameState
from judgekit.errors import ScenarioError


def champion_zone(state: GameState, player: str) -> list[str]:
    """The card names in *player*'s Champion Zone (none, or their Chosen Champion)."""
    champion = state.players[player].champion
    return [champion] if champion and champion in state.cards else []


def take_chosen_champion(state: GameState, player: str, card: CardDef) -> Card | None:
    """108.3.d — the Chosen Champion leaves the Champion Zone as it is played; None if it is not there."""
    owner = state.players[player]
    if owner.champion != card.name:
        return None
    owner.champion = None
    return state.new_card(card.name, player)


def check_chosen_champion(card: CardDef, node) -> None:
    """103.2.a — only a champion unit can be the Chosen Champion."""
    if card.type != "champion":
        raise ScenarioError(f"{node}: 英雄区只能放英雄单位（type: champion），“{card.name}”是 {card.type}")
