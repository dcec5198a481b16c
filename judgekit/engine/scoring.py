"""Scoring and victory (194, 467–472, 485, 489)."""

from __future__ import annotations

from judgekit.engine import layers
from judgekit.engine.damage import flush_triggers
from judgekit.engine.events import happen
from judgekit.engine.state import GameState, Question, answer_to
from judgekit.engine.trace import Log
from judgekit.engine.zones import draw

CONQUER, HOLD = "conquer", "hold"
OPEN = "open"  # the cause of a conquest of a battlefield that had no controller


def victory_rule(state: GameState) -> str:
    return "victory_score_2v2" if state.mode == "2v2" else "victory_score_duel"


def score(state: GameState, log: Log, player: str, battlefield: str, method: str, was_open: bool = False) -> None:
    """469–471 — *player* scores *battlefield* by conquering or holding it, at most once per turn.

    A conquest of a battlefield nobody controlled before is recorded as such (“conquer an open battlefield”).
    """
    scored = state.scored.setdefault(player, [])
    verb, rule = ("征服", "conquer") if method == CONQUER else ("据守", "hold")
    if layers.scoring_forbidder(state, battlefield, player) is not None:
        log.add(
            f"{battlefield}：玩家不能在此计分——{player} 的{'取得控制' if method == CONQUER else '保持控制'}不算{verb}，不计分，"
            f"{verb}能力不触发",
            "cant_beats_can", "control_without_conquer", "score_abilities_only_when_scored",
        )
        return
    if battlefield in scored:
        log.add(f"{player} 本回合已在 {battlefield} 计过分，此次{verb}不再计分", "score_once", rule)
        return
    scored.append(battlefield)
    happen(state, "conquered" if method == CONQUER else "held", player, battlefield, OPEN if was_open else None)
    points = state.players[player].points
    target = state.target_score()
    if method == CONQUER and points >= target - 1:
        _final_point(state, log, player, battlefield, target)
    elif _drawn_instead(state, log, player, f"{verb} {battlefield}"):
        pass
    elif _may_gain(state, log, player, f"{verb} {battlefield}"):
        state.gain(player, 1)
        last = ("final_point_not_conquer",) if points + 1 >= target else ()  # 471.1.a.1: holding is not limited
        team = ("team_gains",) if state.players[player].team else ()
        log.add(f"{player} {verb} {battlefield}，得 1 分（{points} → {points + 1}）", rule, "gain_point", *last, *team)
    flush_triggers(state, log)  # 471.2: the battlefield's conquer or hold abilities


def _drawn_instead(state: GameState, log: Log, player: str, how: str) -> bool:
    """370.1.b — a unit on the board with ``passives: {score_draws_first_turns: N}`` replaces the point a player would
    score by conquering or holding during one of their first N turns with a card they draw (the scoring itself still
    happened, 468.1)."""
    turns = layers.own_turns_begun(state, player)
    source = next((unit.id for unit in state.units.values()
                   if turns <= state.card(unit.card).passives.get("score_draws_first_turns", 0)), None)
    if source is None:
        return False
    log.add(f"{source}：{player} 在其第 {turns} 个回合内{how}，本应得 1 分，改为抓一张牌", "replacement_instead", "score_once")
    draw(state, log, player, 1)
    return True


def _may_gain(state: GameState, log: Log, player: str, how: str) -> bool:
    """054.1 — a "can't gain points" on the board stops the point; the scoring itself still happened (468.1)."""
    source = layers.forbidder(state, "gain_points", player)
    if source is None:
        return True
    log.add(f"{source}：{player} 不能获得分数——{how}照常计为本回合已在此计分，但不得分", "cant_beats_can", "scored_without_point", "score_once")
    return False


# 471.1.b.1 — the final point by conquest needs every battlefield scored this turn; otherwise draw a card.
def _final_point(state: GameState, log: Log, player: str, battlefield: str, target: int) -> None:
    points = state.players[player].points
    team = state.players[player].team
    allies = [p for p in state.players if p != player and team is not None and state.players[p].team == team]
    # 489.8.g.1: in 2v2, battlefields an ally occupied at this turn's scoring step are excepted.
    excepted = [name for name, holder in state.beginning_control.items() if holder in allies]
    missing = [name for name in state.battlefields if name not in state.scored[player] and name not in excepted]
    rules = ("conquer", "final_point", *(("final_point_2v2",) if team else ()))
    gained = (*rules, *(("team_gains",) if team else ()))
    if excepted:
        log.add(f"2v2：{'、'.join(excepted)} 在本回合计分步骤中由队友占据，判断最后一分时除外", "final_point_2v2")
    if not missing:
        if _drawn_instead(state, log, player, f"征服 {battlefield}") or not _may_gain(state, log, player, f"征服 {battlefield}"):
            return
        state.gain(player, 1)
        log.add(
            f"{player} 征服 {battlefield}：已有 {points} 分（胜利分数 {target}），本回合已在每个须计分的战场计分，获得最后一分",
            *gained,
        )
        return
    log.add(
        f"{player} 征服 {battlefield}：已有 {points} 分（胜利分数 {target}），但本回合尚未在 {'、'.join(missing)} 计分，"
        "不能以征服获得最后一分，改为抓一张牌",
        *rules,
    )
    draw(state, log, player, 1)



def gain_points_effect(state: GameState, log: Log, ctx, param: dict) -> None:
    """471.1.a.1 — an effect's points are gained, not scored: the final point's restrictions do not apply.

    ``who: opponent`` — the effect's controller chooses an opponent (the first in turn order, a default
    when there are several).
    """
    amount = param["amount"]
    rivals = state.opponents(ctx.controller)
    player = ctx.controller if param.get("who", "you") == "you" else rivals[0]
    asked = param.get("who") == "opponent" and len(rivals) > 1 and not state.defaults
    if asked:  # which opponent: the controller's question
        (player,) = answer_to(state, Question(
            "opponent", ctx.controller, ctx.source, f"{ctx.controller} 选择由哪名对手获得分数（{ctx.source}）",
            tuple((rival,) for rival in rivals), "choose: [对手]", "gain_point",
        ))
    before = state.players[player].points
    if not _may_gain(state, log, player, ctx.source):
        return
    state.gain(player, amount)
    chose = param.get("who") == "opponent" and len(rivals) > 1 and not asked
    log.add(
        f"{ctx.source}：{player} 获得 {amount} 分（{before} → {before + amount}）；不是计分，不受最后一分的限制",
        "gain_point",
        "final_point_not_conquer",
        default=chose,
    )
