"""The gate: a compiled tree counts only when the engine can run it.

It must validate against the scenario schema's ``$defs/card`` and every verb in it must have an
implementation in the engine.  What fails is named as the form the engine lacks, so a card that was
understood but cannot run yet reads “compiled, not executable: needs <form>”.
"""

from __future__ import annotations

import re
from functools import cache

from judgekit.errors import ScenarioError


@cache
def implemented_verbs() -> frozenset[str]:
    """Every effect verb the engine runs: its one registry, the links between instructions, the older sugar verbs."""
    from judgekit.engine import desugar, effects, instructions

    return frozenset({*effects.VERBS, *instructions.LINKS, *desugar.SUGAR_VERBS})


def verbs_in(tree) -> set[str]:
    """The verbs of every effect list in *tree* (the one-key mappings under ``effects``-like keys)."""
    found: set[str] = set()

    def walk(value, in_effects: bool) -> None:
        if isinstance(value, dict):
            if in_effects and len(value) == 1:
                found.add(next(iter(value)))
            for key, item in value.items():
                if key == "one_of" and isinstance(item, list):  # a list of effect lists
                    for branch in item:
                        walk(branch, True)
                    continue
                walk(item, key in ("effects", "then", "otherwise", "do", "may") or
                     (isinstance(item, list) and key in ("deathknell", "play", "attack", "defend", "conquer", "hold")))
        elif isinstance(value, list):
            for item in value:
                walk(item, in_effects)

    walk(tree, False)
    return found


def _marked(value, node):
    """*value* as the schema checker reads a loaded file: mappings and lists that know where they are."""
    from judgekit.scenarios.schema import MarkedDict, MarkedList

    if isinstance(value, dict):
        marked = MarkedDict((key, _marked(item, node)) for key, item in value.items())
        marked.node, marked.key_nodes = node, {}
        return marked
    if isinstance(value, list):
        marked = MarkedList(_marked(item, node) for item in value)
        marked.node, marked.item_nodes = node, []
        return marked
    return value


_MESSAGE_CHARS = 80


def _form(message: str, name: str) -> str:
    """“OGN-022.effects[0].kill：应为空值…” → “effects.kill：应为空值…”: where in a card the schema refused, shortly."""
    path, _, why = message.partition("：")
    path = re.sub(r"\[\d+\]", "", path.removeprefix(name).lstrip("."))
    unknown = re.search(r"未知字段“([^”]+)”", why)
    if unknown:
        path = f"{path}.{unknown[1]}" if path else unknown[1]
    return f"{path or '顶层'}：{why[:_MESSAGE_CHARS]}"


def missing_forms(tree: dict, name: str) -> tuple[str, ...]:
    """The forms of *tree* the engine lacks: a schema failure, then verbs without an implementation,
    then what a scenario's own check of a card entry refuses (an inline copy of the tree would be
    refused too: a buff on a gear target, a trigger cost the engine does not pay, …)."""
    from judgekit.scenarios.carddefs import check_card
    from judgekit.scenarios.schema import Node, validate_card

    needs = []
    node = Node(name, 0)
    try:
        validate_card(_marked(tree, node), name, node)
    except ScenarioError as error:
        needs.append(_form(str(error).split(": ", 1)[-1], name))
    needs += sorted(f"动作 {verb}" for verb in verbs_in(tree) - implemented_verbs())
    if not needs:
        try:
            check_card(_marked({name: tree}, node), name)
        except ScenarioError as error:
            needs.append(str(error).split(": ", 1)[-1].removeprefix(f"{name}：")[:_MESSAGE_CHARS])
    return tuple(needs)
