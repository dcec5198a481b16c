"""Scoring and victory (194, 467–472, 485, 489)."""

from __future__ import annotations

from judgekit.engine.cards import ability_label
from judgekit.engine.state import ChainItem, GameState
from judgekit.engine.trace import Log
from judgekit.engine.zones import draw

CONQUER, HOLD = "conquer", "hold"


def victory_score(state: GameState) -> int:
    """The mode's victory score (485.3, 489.3) plus battlefields that raise it."""
    raised = sum(state.card(bf.card).passives.get("victory_score", 0) for bf in state.battlefields.values() if bf.card)
    return state.victory_score + raised


def victory_rule(state: GameState) -> str:
    return "victory_score_2v2" if state.mode == "2v2" else "victory_score_duel"


def score(state: GameState, log: Log, player: str, battlefield: str, method: str) -> None:
    """469–471 — *player* scores *battlefield* by conquering or holding it, at most once per turn."""
    scored = state.scored.setdefault(player, [])
    verb, rule = ("征服", "conquer") if method == CONQUER else ("据守", "hold")
    if battlefield in scored:
        log.add(f"{player} 本回合已在 {battlefield} 计过分，此次{verb}不再计分", "score_once", rule)
        return
    scored.append(battlefield)
    points = state.players[player].points
    target = victory_score(state)
    if method == CONQUER and points >= target - 1:
        _final_point(state, log, player, battlefield, target)
    else:
        _gain(state, player, 1)
        log.add(f"{player} {verb} {battlefield}，得 1 分（{points} → {points + 1}）", rule, "gain_point")
    _score_triggers(state, log, player, battlefield, method)


# 471.1.b.1 — the final point by conquest needs every battlefield scored this turn; otherwise draw a card.
def _final_point(state: GameState, log: Log, player: str, battlefield: str, target: int) -> None:
    points = state.players[player].points
    missing = [name for name in state.battlefields if name not in state.scored[player]]
    if not missing:
        _gain(state, player, 1)
        log.add(
            f"{player} 征服 {battlefield}：已有 {points} 分（胜利分数 {target}），本回合已在每个战场计分，获得最后一分",
            "conquer",
            "final_point",
        )
        return
    log.add(
        f"{player} 征服 {battlefield}：已有 {points} 分（胜利分数 {target}），但本回合尚未在 {'、'.join(missing)} 计分，"
        "不能以征服获得最后一分，改为抓一张牌",
        "conquer",
        "final_point",
    )
    draw(state, log, player, 1)


def _gain(state: GameState, player: str, amount: int) -> None:
    team = state.players[player].team
    for member in state.players.values():  # 489.8.d.1: teammates share their points
        if member.id == player or (team is not None and member.team == team):
            member.points += amount


# 471.2 — conquer and hold abilities of the scored battlefield trigger.
def _score_triggers(state: GameState, log: Log, player: str, battlefield: str, method: str) -> None:
    card_name = state.battlefields[battlefield].card
    effects = state.card(card_name).triggers.get(method) if card_name else None
    if effects:
        label = ability_label(card_name, method)
        state.chain.append(
            ChainItem(battlefield, card_name, player, list(effects), label, battlefield, finalized=False)
        )
        log.add(f"{label}触发，加入结算链", "score_triggers")
