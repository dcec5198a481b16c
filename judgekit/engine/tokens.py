"""Tokens (179–187) and Create (439): token units made on the board by a spell or ability.

``create: 随从（德玛西亚）`` or ``create: {token, count, at, ready, play}``: *at* is ``base`` (the
default), ``here`` (where the source is) or a battlefield's name.  The creator owns and
controls each token (182, 183, 439.4.a); a token unit enters exhausted like any unit unless the
effect says ``ready: true`` (184.1, 185.2.d).  A token that reaches a zone off the board ceases
to exist (186.1, in damage.py).  ``play: true`` plays the token (185.2.a): its "played" event
happens, marked as a token's, since a token is not a card (185).
"""

from __future__ import annotations

from judgekit.engine import events
from judgekit.engine.state import GameState, Unit, base_of, location_name
from judgekit.engine.trace import Log
from judgekit.errors import ScenarioError


def create(state: GameState, log: Log, ctx, param) -> None:
    spec = param if isinstance(param, dict) else {"token": param}
    name = spec["token"]
    _check_token(state, ctx.source, name)
    location = _location(state, ctx, spec.get("at", "base"))
    made = []
    for _ in range(spec.get("count", 1)):
        unit_id = state.fresh_id(name)
        state.units[unit_id] = Unit(
            id=unit_id,
            card=name,
            owner=ctx.controller,
            controller=ctx.controller,
            location=location,
            exhausted=not spec.get("ready", False),
        )
        made.append(unit_id)
    state_word = "就绪" if spec.get("ready", False) else "横置"
    log.add(
        f"{ctx.source}：{ctx.controller} 在{location_name(location)}创建{state_word}的指示物 {'、'.join(made)}",
        "create",
        "token_owner",
        "token_enters" if spec.get("ready", False) else "token_is_unit",
    )
    if spec.get("play"):  # 185.2.a: played, so "when you play" sees it; still not a card (185)
        for unit_id in made:
            events.happen(state, "played", ctx.controller, unit_id, "token")
        log.add(f"{ctx.controller} 打出了指示物 {'、'.join(made)}：这是打出，但指示物不是卡牌", "token_played", "token_not_card")


def _check_token(state: GameState, source: str, name: str) -> None:
    card = state.cards.get(name)
    if card is None or card.type != "token":
        what = "不在 cards 或牌库中" if card is None else f"是 {card.type}，不是指示物（type: token）"
        raise ScenarioError(f"{source} 要创建的“{name}”{what}")


def _location(state: GameState, ctx, at: str) -> str:
    if at == "base":
        return base_of(ctx.controller)
    if at == "here":
        if ctx.location is None:
            raise ScenarioError(f"{ctx.source}：create 的 at: here 需要来源在场上（法术请写 base 或战场名）")
        return ctx.location
    if at not in state.battlefields:
        raise ScenarioError(f"{ctx.source}：create 的 at 应为 base、here 或战场名，没有战场“{at}”")
    return at
