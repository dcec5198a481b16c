"""Flow (829): a spell may be played from its owner's trash for its Flow cost; then it is banished.

“Then banish it” is a delayed replacement (829.1.b.1, 390.3.a): once the spell is a
finalized chain item, its leaving the chain — to the trash after resolving, to the trash
or to a hand when countered — is replaced by banishment.  The Flow cost replaces the
spell's base cost (829.1.c.1); timing and other permissions are unchanged (829.1.b.2).
"""

from __future__ import annotations

from judgekit.engine.cards import CardDef
from judgekit.engine.costs import Cost
from judgekit.engine.state import ChainItem, GameState
from judgekit.engine.trace import Log

FLOW = "流转"
ZONE_NAMES = {"trash": "废牌堆", "hand": "手牌", "banishment": "放逐区"}


def flow_cost(card: CardDef) -> Cost | None:
    """The card's Flow cost (829.1.c), or None without Flow: the keyword's value is its Energy; a cost with
    Power (“Flow ④Fury rune”) is the card's ``flow: {cost}`` (one Power of any domain per ``power``, one of
    each domain named in ``runes``)."""
    energy = next((value or 0 for name, value in card.keywords if name == FLOW), None)
    if energy is None:
        return None
    paid = card.flow_cost or {"energy": energy}
    power = ((),) * paid.get("power", 0) + tuple((domain,) for domain in paid.get("runes", ()))
    shown = "、".join([str(paid.get("energy", 0))] + ["任意符能"] * paid.get("power", 0) +
                     [f"{domain}符能" for domain in paid.get("runes", ())])
    return Cost().plus(paid.get("energy", 0), power, f"流转费用 [{shown}]（替代基础费用）", "flow_cost")


def leave_chain(state: GameState, log: Log, item: ChainItem, zone: str) -> str:
    """The played card leaves the chain for *zone* of its owner; a card played for Flow is banished instead."""
    owner = state.players[item.played.owner]
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


def banish_from_chain(state: GameState, log: Log, item: ChainItem, source: str, resolving: bool) -> bool:
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
    return True
