"""States of the turn, priority and focus (307–313, 337–340, 346–348).

Who may act is computed from the state: the turn player in a Neutral Open
state of their Main Phase, the player with focus in an open showdown, the
player the chain handed priority to while a chain exists.  Passing moves
priority on; when every player has passed in sequence the newest chain item
resolves, or the showdown ends.
"""

from __future__ import annotations

from judgekit.engine.cards import QUICK_DRAW
from judgekit.engine.layers import keywords_of_card
from judgekit.engine.rules import illegal
from judgekit.engine.state import ChainItem, GameState
from judgekit.engine.trace import Log

ACTION, REACTION = "迅捷", "反应"


def state_name(state: GameState) -> str:
    """310 — Neutral or Showdown, Open or Closed."""
    return ("对决" if state.in_showdown else "中立") + ("封闭" if state.chain else "开放")


def holder(state: GameState) -> str | None:
    """312.2 — the player who has priority now, if any."""
    if state.winner:
        return None
    if state.chain:
        return state.priority or state.chain[-1].controller
    if state.showdown:
        return state.showdown.focus
    if state.phase == "main" and not state.combat:
        return state.turn_player
    return None


def check_priority(state: GameState, player: str) -> None:
    """312.1.b — without priority a player takes no discretionary action."""
    has = holder(state)
    if has != player:
        who = f"现在由 {has} 持有优先权" if has else "现在没有玩家持有优先权"
        illegal(f"{player} 没有优先权，不能行动（{state_name(state)}状态，{who}）", "no_priority")


def check_timing(state: GameState, player: str, card_name: str, from_hidden: bool, ambush: bool = False) -> str:
    """358.4 — the card's permission to be played now; returns the rule that gave it.

    *ambush*: played with Ambush's permission, so it has Reaction as it is played (822.1.b)."""
    owned = keywords_of_card(state.card(card_name))
    quick = QUICK_DRAW in owned  # 819.1.b: a card with Quick-Draw has Reaction inherently
    gained = "quick_draw" if quick else "hidden" if from_hidden else "ambush"  # a hidden card gains Reaction (811.1.b)
    reaction = REACTION in owned or quick or from_hidden or ambush
    if state.chain:
        if not reaction:
            illegal(f"{card_name} 没有[反应]，结算链存在（封闭状态）时不能打出", "closed_state")
        return gained if REACTION not in owned else "reaction"
    if state.in_showdown:
        if not (reaction or ACTION in owned):
            illegal(f"{card_name} 没有[迅捷]或[反应]，对决中不能打出", "showdown_state")
        return "action" if ACTION in owned else ("reaction" if REACTION in owned else gained)
    if player != state.turn_player or state.phase != "main":
        illegal(f"{card_name} 只能在自己回合的主要阶段、中立开放状态下打出", "neutral_open")
    return "neutral_open"


def item_added(state: GameState, log: Log, item: ChainItem) -> None:
    """337.1.a, 337.4 — finalizing does not pass priority; the controller of the newest item gets it."""
    if len(state.chain) == 1:
        state.chain_opened_by = item.kind
    state.passes = 0
    state.priority = item.controller
    log.add(f"{item.label} 确定在结算链上；{item.controller} 获得优先权", "finalize_no_pass", "priority_to_controller")


def pass_closes_showdown(state: GameState) -> bool:
    """347.2.a — with no chain, the next pass of focus is the last in sequence: the showdown ends."""
    return state.showdown is not None and not state.chain and state.showdown.passes + 1 >= len(state.players)


def pass_priority(state: GameState, log: Log, player: str, resolve_top, close_showdown) -> None:
    """338.1.b, 339, 340, 347.2 — *player* passes; resolve or end the showdown once everyone has."""
    check_priority(state, player)
    count = len(state.players)
    if state.chain:
        state.passes += 1
        if state.passes < count:
            state.priority = state.next_player(player)
            log.add(f"{player} 让过优先权，{state.priority} 获得优先权", "pass_priority", "priority_next")
            return
        log.add(f"{player} 让过：所有玩家依次让过优先权", "all_pass")
        opened_by = state.chain_opened_by
        state.passes, state.priority = 0, None
        resolve_top(state, log)
        after_resolution(state, log, opened_by)
        return
    if state.showdown:
        showdown = state.showdown
        closes = pass_closes_showdown(state)
        showdown.passes += 1
        if closes:
            log.add(f"{player} 让过焦点", "showdown_choices")
            close_showdown(state, log)
            return
        showdown.focus = state.next_player(player)
        log.add(f"{player} 让过焦点，{showdown.focus} 获得焦点与优先权", "focus_next", "focus_priority")
        return
    illegal("中立开放状态下没有可让过的优先权；结束主要阶段请用 end_turn 或 next_phase", "end_turn")


def after_resolution(state: GameState, log: Log, opened_by: str) -> None:
    """340.2–340.4 — who acts after an item resolved."""
    if state.chain:
        state.priority = state.chain[-1].controller
        log.add(f"结算链上还有项：最新一项的控制者 {state.priority} 获得优先权", "priority_newest")
        return
    state.priority = None
    if state.showdown is None:
        log.add("结算链已清空，回到开放状态", "chain_empty")
        return
    state.showdown.passes = 0
    if opened_by == "play":
        state.showdown.focus = state.next_player(state.showdown.focus)
        log.add(
            f"结算链已清空（由打出的牌开启）：焦点传给 {state.showdown.focus}", "chain_empty", "focus_after_chain"
        )
    else:
        log.add(f"结算链已清空（由触发能力开启）：焦点不传递，仍在 {state.showdown.focus}", "chain_empty")
