"""Turn structure (301–317): phases, what each phase does as it begins, and the automatic steps between actions.

``settle`` runs after every action: cleanups, pending triggers onto the chain, where they wait with their
controller holding priority (340.4), staged combats and showdowns (319, 383.3, 460); ``drain`` passes for
every player on the waiting triggered items before play moves on (305), with defaults allowed.  Last, the states of the turn, priority and
focus (307–313, 337–340, 346–348): who may act now, and passing.
"""

from __future__ import annotations

from judgekit.engine import combat, layers
from judgekit.engine.cards import QUICK_DRAW
from judgekit.engine.chain import cleanup, resolve_top
from judgekit.engine.damage import flush_triggers, kill
from judgekit.engine.events import happen
from judgekit.engine.gear import kill_gear, temporary_gear
from judgekit.engine.layers import keywords, keywords_of_card
from judgekit.engine.rules import illegal
from judgekit.engine.scoring import HOLD, score
from judgekit.engine.state import PHASE_NAMES, PHASES, ChainItem, GameState, gear_controller
from judgekit.engine.trace import Log
from judgekit.engine.zones import channel, draw


def next_phase(state: GameState, log: Log) -> None:
    """305 — the current phase ends and the next begins (after the ending phase, the next player's turn)."""
    drain(state, log)
    if state.phase == "main":
        log.add(f"{state.turn_player} 结束主要阶段", "end_turn")
    if state.phase == "ending":
        _next_turn(state, log)
    else:
        state.phase = PHASES[PHASES.index(state.phase) + 1]
    log.add(f"进入 {state.turn_player} 的{PHASE_NAMES[state.phase]}（第 {state.turn} 回合）", *PHASE_RULES[state.phase])
    PHASE_TASKS[state.phase](state, log)
    settle(state, log)


def end_turn(state: GameState, log: Log) -> None:
    """316.9 — end the turn and play the next player's turn up to their main phase."""
    started = state.turn  # the next turn may be the same player's additional turn (737)
    while not state.winner and (state.turn == started or state.phase != "main"):
        next_phase(state, log)


# 317.3 — the next player in turn order becomes the turn player; scoring counts restart.
def _next_turn(state: GameState, log: Log) -> None:
    extra = state.extra_turns.pop(0) if state.extra_turns else None  # 737: an additional turn comes next
    state.turn_player = extra or state.next_player(state.turn_player)
    state.turn += 1
    state.phase = "awaken"
    state.scored = {}
    state.this_turn = []  # what happened "this turn" (Legion, 812.1.c) starts again
    log.add(f"{state.turn_player} 成为回合玩家" + ("（额外回合）" if extra else ""), "next_turn_player", "turn_player", *(("extra_turn",) if extra else ()))


# 315.1 — the turn player readies everything they control.
def _awaken(state: GameState, log: Log) -> None:
    """315.1.b — the turn player readies every game object they control: units, gear (an attached one's status is its
    own, 719.4), their legend and their runes."""
    player = state.turn_player
    readied = [u for u in state.units.values() if u.controller == player and u.exhausted]
    for unit in [u for u in readied if layers.static_forbidder(state, "become_ready", u)]:  # 054.1: “I can't become ready”
        log.add(f"{layers.static_forbidder(state, 'become_ready', unit)} 禁止 {unit.id} 变为活跃状态：它在唤醒阶段不重置",
                "awaken", "cant_beats_can")
        readied.remove(unit)
    for unit in readied:
        unit.exhausted = False
    others = [g.id for g in state.gear.values() if g.controller == player and g.exhausted]
    for gear in state.gear.values():
        gear.exhausted = gear.exhausted and gear.controller != player
    for unit in state.units.values():
        mine = [name for name in unit.gear_exhausted if gear_controller(unit, name) == player]
        others += [f"{unit.id} 上的 {name}" for name in mine]
        unit.gear_exhausted = tuple(name for name in unit.gear_exhausted if name not in mine)
    for legend in state.legends.values():
        if legend.controller == player and legend.exhausted:
            legend.exhausted = False
            others.append(legend.id)
    runes = [rune for rune in state.players[player].runes if rune.exhausted]
    for rune in runes:
        rune.exhausted = False
    others += [f"{len(runes)} 枚符文"] if runes else []
    if readied or others:
        log.add(f"重置 {'、'.join([unit.id for unit in readied] + others)}", "awaken")
    for unit in readied:
        happen(state, "readied", player, unit.id)


# 315.2 — Temporary kills itself at the start of the phase, before the scoring step holds battlefields.
def _beginning(state: GameState, log: Log) -> None:
    temporary = [u for u in state.units.values() if u.controller == state.turn_player and "瞬息" in keywords(state, u)]
    for unit in list(temporary):  # 054.1: a card on the board can say that Temporary does not trigger for a unit
        silencer = layers.static_forbidder(state, "trigger_temporary", unit)
        if silencer:
            log.add(f"{unit.id} 的[瞬息]不会触发（{silencer}）", "cant_beats_can", "temporary")
            temporary.remove(unit)
    for unit in temporary:
        log.add(f"{unit.id} 的[瞬息]在开始阶段开始时、计分之前触发：摧毁它", "temporary", "beginning")
        kill(state, log, unit, "kill")
    gear = temporary_gear(state, log, state.turn_player)
    for ref in gear:
        log.add(f"{ref.id} 的[瞬息]在开始阶段开始时、计分之前触发：摧毁它", "temporary", "beginning")
        kill_gear(state, log, ref)
    if temporary or gear:
        cleanup(state, log)
    state.beginning_control = {bf.name: bf.controller for bf in state.battlefields.values() if bf.controller}
    happen(state, "turn_began", state.turn_player, state.turn_player)  # 315.2.a.1: effects at the start of the phase
    held = state.controlled_battlefields(state.turn_player)
    if not held:
        log.add(f"计分步骤：{state.turn_player} 没有控制任何战场", "hold_step")
    for name in held:
        log.add(f"计分步骤：{state.turn_player} 据守 {name}", "hold_step")
        score(state, log, state.turn_player, name, HOLD)


# 315.3 — channel 2 runes, or as many as the rune deck has; a static ability on the board may say fewer
# (“players only channel 1 rune at the start of their Channel Phase”, ``channel_phase: N`` while its condition holds).
def _channel(state: GameState, log: Log) -> None:
    fewer = [(spec["channel_phase"], view.source) for view, spec in layers.static_sources(state)
             if "channel_phase" in spec and not layers.holds(state, view, spec.get("while", {}), [])]
    count, source = min(fewer, default=(2, None))
    if source is not None and count < 2:
        log.add(f"{source} 的持续效果：{state.turn_player} 在召出阶段只召出 {count} 枚符文", "channel", "static_channel")
    channel(state, log, state.turn_player, min(count, 2), rule="channel")


def _draw_phase(state: GameState, log: Log) -> None:
    draw(state, log, state.turn_player, 1, "draw_phase")


def _main(state: GameState, log: Log) -> None:
    for player in state.players.values():
        player.energy, player.power, player.restricted = 0, {}, []
    log.add("各玩家的符文池清空", "pool_empties")
    happen(state, "main_began", state.turn_player, state.turn_player)  # “at the start of your main phase”


# 317 — the ending step, then the expiration step's special cleanup.
def _ending(state: GameState, log: Log) -> None:
    happen(state, "turn_ending", state.turn_player, state.turn_player)  # “at the end of your turn” (317.1.a)
    settle(state, log)
    drain(state, log)
    cleanup(state, log, special="ending")


PHASE_TASKS = {
    "awaken": _awaken,
    "beginning": _beginning,
    "channel": _channel,
    "draw": _draw_phase,
    "main": _main,
    "ending": _ending,
}
PHASE_RULES = {
    "awaken": ("awaken",),
    "beginning": ("beginning",),
    "channel": ("channel",),
    "draw": ("draw_phase",),
    "main": ("main_phase",),
    "ending": ("end_turn",),
}


def _default_pass(state: GameState, log: Log) -> None:
    log.add(f"所有玩家依次让过优先权，{state.chain[-1].label} 将结算", "all_pass", default=True)
    resolve_top(state, log)


def _auto(state: GameState) -> bool:
    """Whether the engine may pass for everyone on the newest item (a trigger, defaults allowed)."""
    return state.defaults and state.chain[-1].kind == "trigger"


def settle(state: GameState, log: Log) -> None:
    """The automatic steps: clean up, resolve triggers that need no choice, open staged combats (460)."""
    flush_triggers(state, log)
    cleanup(state, log)
    while not state.winner:
        flush_triggers(state, log)  # 383.3: whatever triggered since goes on the chain now, and waits there (340.4)
        if combat.awaiting_result(state):
            combat.resume(state, log)
            cleanup(state, log)
            continue
        if state.chain or (state.in_showdown and not combat.showdown_becomes_combat(state)):
            break
        combat.open_staged(state, log)
        if not state.in_showdown:
            break
        cleanup(state, log)
    if not state.chain:
        state.priority, state.passes, state.chain_opened_by = None, 0, "trigger"


def drain(state: GameState, log: Log) -> None:
    """305 — before play moves on, triggered items resolve as if every player passed (when defaults are allowed)."""
    while state.chain and _auto(state) and not state.winner:
        _default_pass(state, log)
        settle(state, log)


# States of the turn, priority and focus (307–313, 337–340, 346–348).
#
# Who may act is computed from the state: the turn player in a Neutral Open
# state of their Main Phase, the player with focus in an open showdown, the
# player the chain handed priority to while a chain exists.  Passing moves
# priority on; when every player has passed in sequence the newest chain item
# resolves, or the showdown ends.


ACTION, REACTION = "迅捷", "反应"


def state_name(state: GameState) -> str:
    """310 — Neutral or Showdown, Open or Closed."""
    return ("对决" if state.in_showdown else "中立") + ("封闭" if state.chain else "开放")


def priority_holder(state: GameState) -> str | None:
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
    has = priority_holder(state)
    if has != player:
        who = f"现在由 {has} 持有优先权" if has else "现在没有玩家持有优先权"
        illegal(f"{player} 没有优先权，不能行动（{state_name(state)}状态，{who}）", "no_priority")


def check_timing(state: GameState, player: str, card_name: str, from_hidden: bool, ambush: bool = False) -> str:
    """358.4 — the card's permission to be played now; returns the rule that gave it.

    *ambush*: played with Ambush's permission, so it has Reaction as it is played (822.1.b)."""
    owned = keywords_of_card(state.card(card_name))
    # 819.1.b: a card with Quick-Draw has Reaction inherently, printed or given to your Equipment everywhere
    quick = QUICK_DRAW in owned or (layers.is_equipment(state.card(card_name)) and QUICK_DRAW in layers.equipment_has(state, player))
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


def chain_item_added(state: GameState, log: Log, item: ChainItem) -> None:
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
