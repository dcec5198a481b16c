"""Add (429): resources put into a player's Rune Pool, and abilities that add them.

An ability whose effects add resources resolves as soon as it is finalized, like a
unit (400.2, 429.2): it never waits on the chain, so neither priority nor focus passes
(429.2.a, 346.1).  ``add: {energy: N, power: N, runes: [domain, …]}`` adds Energy, Power of any domain
(the player's choice of domain is not modelled: Power of any domain pays any Power cost) and one Power of
each domain named.
"""

from __future__ import annotations

from judgekit.engine.cards import Ability
from judgekit.engine.state import ANY_DOMAIN, GameState
from judgekit.engine.trace import Log


def adds_resources(ability: Ability) -> bool:
    """429.2 — an ability with the [Add] action."""
    return any("add" in effect for effect in ability.effects)


def add_effect(state: GameState, log: Log, ctx, param) -> None:
    """429.1 — put Energy and Power into the controller's Rune Pool."""
    player = state.players[ctx.controller]
    energy, power = param.get("energy", 0), param.get("power", 0)
    player.energy += energy
    if power:
        player.power[ANY_DOMAIN] = player.power.get(ANY_DOMAIN, 0) + power
    for domain in param.get("runes", ()):
        player.power[domain] = player.power.get(domain, 0) + 1
    parts = [f"能量 {energy}"] * bool(energy) + [f"任意领域符能 {power}"] * bool(power)
    parts += [f"{domain}符能 1" for domain in param.get("runes", ())]
    log.add(f"{ctx.source}：{ctx.controller} 的符文池加入 {'、'.join(parts)}", "add")
