"""Naming a card (761–762), and what a named card is linked to.

The player names a card as the instruction resolves: by its exact name
(761.1), or by anything else that identifies one card only — here, a part of
a name that no other card has (761.2).  The card must exist (762.1: the cards
this game knows — the scenario's, the library's, the imported ones it uses)
and must not be a token (762.2); a part shared by several cards names none.
The name is remembered by the object whose ability named it, for its other
abilities (“opponents can't play spells with that name”).
"""

from __future__ import annotations

from judgekit.engine.rules import illegal, undecided
from judgekit.engine.state import GameState, Unit
from judgekit.engine.targeting import Context
from judgekit.engine.trace import Log

KIND_NAMES = {"spell": "法术", "any": "牌"}


def identify(state: GameState, said: str, kind: str) -> str:
    """The one card *said* identifies; refused when it names none, a token, several, or the wrong kind."""
    if said in state.cards:
        name = said
    else:
        fits = [name for name in state.cards if said in name]
        if not fits:
            illegal(f"没有名为或能被“{said}”识别的卡牌：不能宣告不存在的卡牌", "naming_exists")
        if len(fits) > 1:
            illegal(f"“{said}”能识别多张卡牌（{'、'.join(fits)}）：不足以唯一识别，视为没有宣告", "naming_unique")
        name = fits[0]
    card = state.card(name)
    if card.type == "token":
        illegal(f"{name} 是指示物：不能宣告指示物的名称", "naming_token")
    if kind == "spell" and card.type != "spell":
        illegal(f"须宣告一个法术，{name} 不是法术", "naming")
    return name


def name_card(state: GameState, log: Log, ctx: Context, kind: str, holders: list[Unit], said: str | None) -> None:
    """The ability's controller names a card as it resolves; its source unit remembers the name."""
    if said is None:
        undecided(f"{ctx.controller} 须在 {ctx.source} 结算时宣告一个{KIND_NAMES[kind]}（answer: {{name: 卡名}}）")
    name = identify(state, said, kind)
    for unit in holders:
        unit.named = name
    how = "" if said == name else f"（“{said}”足以唯一识别）"
    log.add(f"{ctx.source}：{ctx.controller} 宣告 {name}{how}", "naming", *(("naming_unique",) if how else ()))
