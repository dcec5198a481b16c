"""The chain (327–340): items waiting to resolve, newest first.

Playing cards through the chain with priority and reactions is not modelled
yet; items on the chain resolve as if every player passed priority (339.1).
"""

from __future__ import annotations

from judgekit.engine import combat, effects
from judgekit.engine.cleanup import cleanup
from judgekit.engine.effects import Choices, Context
from judgekit.engine.state import ChainItem, GameState, Unit
from judgekit.engine.trace import Log


def needs_choice(state: GameState, item: ChainItem) -> bool:
    """Whether resolving *item* asks its controller to choose targets."""
    return effects.needs_targets(item.effects) and state.card(item.card).target is not None


def resolve_top(state: GameState, log: Log, targets: list[Unit] | None = None, choices: Choices | None = None) -> None:
    """340.1 — the newest item resolves, with the script's choices or legal defaults."""
    choices = choices or Choices()
    item = state.chain.pop()
    scripted = targets is not None or bool(choices.split)
    log.add(
        f"所有玩家依次让过优先权，{item.label} 结算"
        + ("" if scripted or not needs_choice(state, item) else "（脚本未给出选择）"),
        "all_pass",
        "chain_resolves",
        default=not scripted,
    )
    ctx = Context(item.label, item.controller, item.location, item.source if item.source in state.units else None)
    chosen = effects.choose_targets(state, log, ctx, state.card(item.card).target, item.effects, targets)
    effects.resolve(state, log, ctx, item.effects, chosen, choices)


def settle(state: GameState, log: Log) -> None:
    """The automatic steps: clean up, resolve items that need no choice, open staged combats (460)."""
    cleanup(state, log)
    while not state.winner:
        if state.chain and not needs_choice(state, state.chain[-1]):
            resolve_top(state, log)
            cleanup(state, log)
            continue
        if state.chain or state.in_showdown:
            return
        combat.open_staged(state, log)
        if not state.in_showdown:
            return
        cleanup(state, log)


def drain(state: GameState, log: Log) -> None:
    """305 — before play moves on, every item on the chain resolves (legal defaults for open choices)."""
    while state.chain and not state.winner:
        resolve_top(state, log)
        settle(state, log)
