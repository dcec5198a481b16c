"""Two card trees side by side: the Chinese and the English compilation of a card, or a compiled tree
and a hand-written one (an example's `cards:` entry, ``cards/library.yaml``).

Trees are compared in one canonical spelling, so that two ways of writing the same thing agree:
a target shorthand is its spec (``enemy_unit_here`` = ``{who: enemy, where: here}``), a scalar
shorthand its amount (``deal: 3`` = ``deal: {amount: 3}``), ``null`` parameters an empty mapping,
keyword names the engine's, a valued keyword without its number its 1 (Assault is Assault 1), a
duration the verb's default (``until: turn`` of might, might_becomes, grant) left out, the older
sugar rewritten by the engine's own desugaring step (``desugar.canonical``: ``my_might`` is ``{might_of: self}``;
``triggers: {attack: …}`` with a unit's card-level ``target`` is an ability with that trigger and target;
``cant``, ``replacements`` and ``static_keywords`` are abilities), a comparison with whole numbers as ``le`` / ``ge`` (``lt: 2`` is ``le: 1``), and the
abilities in no particular order.  The printed facts are not compared: they come from the catalog.
"""

from __future__ import annotations

import json

from judgekit.engine.cards import SUMMED_KEYWORDS, TARGET_SHORTHANDS
from judgekit.engine.desugar import canonical as canonical_card
from judgekit.scenarios.keywords import keyword_name

DEFAULT_UNTIL = {"might": "turn", "might_becomes": "turn", "grant": "turn"}
# The printed facts of a card entry (from the catalog, not compiled) and a hand-written trace label.
FACT_KEYS = frozenset({"type", "name_en", "cost", "power", "might", "domains", "tags", "name", "approximated"})


def canonical(tree: dict) -> dict:
    """*tree*'s ability parts in the one spelling the comparison reads."""
    out = {}
    for key, value in _desugared(tree).items():
        if key in FACT_KEYS:
            continue
        if key == "keywords":
            names = {keyword_name(name) or name: item for name, item in value.items()}
            out[key] = {name: 1 if item is None and name in SUMMED_KEYWORDS else item for name, item in names.items()}
        else:
            out[key] = _canonical(key, value)
    return {key: value for key, value in out.items() if key not in ("keywords", "abilities") or value}


def _desugared(tree: dict) -> dict:
    """The older forms rewritten as the engine reads them, by the engine's one desugaring step (``desugar.canonical``:
    card-level ``triggers``, ``replacements``, ``cant``, ``static_keywords`` as abilities, ``my_might`` as an amount, …);
    a unit's card-level ``target`` that only its older triggers used goes with them."""
    out = canonical_card({"abilities": [], **tree})
    if tree.get("triggers") and tree.get("type") != "spell" and "effects" not in tree:
        out.pop("target", None)
    return {key: value for key, value in out.items() if value not in ([], {}) or key == "target"}


def _canonical(key: str, value):
    if key == "trigger":  # `trigger: attacked` is the event of the source itself
        return {"subject": "self", **({"event": value} if isinstance(value, str) else value)}
    if key == "abilities" and isinstance(value, list):
        abilities = [{k: _canonical(k, v) for k, v in ability.items() if k != "name"} for ability in value]
        return sorted(abilities, key=lambda ability: json.dumps(ability, sort_keys=True, ensure_ascii=False))
    if key == "target":
        return [_target(v) for v in value] if isinstance(value, list) else _target(value)
    if key in ("effects", "then", "otherwise", "may", "legion") and isinstance(value, list):
        return [_effect(effect) for effect in value]
    if isinstance(value, dict) and value and set(value) <= _COMPARISONS and \
            all(isinstance(bound, int) and not isinstance(bound, bool) for bound in value.values()):
        # a comparison with whole numbers: “fewer than 2” is “1 or fewer” (lt N = le N−1, gt N = ge N+1)
        return {{"lt": "le", "gt": "ge"}.get(op, op): bound - 1 if op == "lt" else bound + 1 if op == "gt" else bound
                for op, bound in value.items()}
    if isinstance(value, dict):
        return {k: _canonical(k, v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(key, item) for item in value]
    return value


_COMPARISONS = frozenset({"lt", "le", "gt", "ge", "eq"})


def _target(value):
    if isinstance(value, str):
        return dict(TARGET_SHORTHANDS.get(value, {"shorthand": value}))
    return value


def _effect(effect):
    if not isinstance(effect, dict) or len(effect) != 1:
        return effect
    (verb, params), = effect.items()
    if params is None:
        params = {}
    elif not isinstance(params, dict):
        params = {"amount": params}
    return {verb: {k: _canonical(k, v) for k, v in params.items()
                   if not (k == "until" and v == DEFAULT_UNTIL.get(verb))}}


def differences(first: dict, second: dict, path: str = "") -> list[str]:
    """Where two canonical trees differ: “abilities[0].effects[1].deal.amount: 3 ≠ 5”."""
    if isinstance(first, dict) and isinstance(second, dict):
        found = []
        for key in sorted(set(first) | set(second), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in first:
                found.append(f"{where}: 缺 ≠ {second[key]!r}")
            elif key not in second:
                found.append(f"{where}: {first[key]!r} ≠ 缺")
            else:
                found += differences(first[key], second[key], where)
        return found
    if isinstance(first, list) and isinstance(second, list) and len(first) == len(second):
        return [d for index, (a, b) in enumerate(zip(first, second, strict=True))
                for d in differences(a, b, f"{path}[{index}]")]
    return [] if first == second else [f"{path}: {first!r} ≠ {second!r}"]


def disagreement(first: dict, second: dict) -> list[str]:
    """The differences of two card trees in canonical spelling (empty: they say the same)."""
    return differences(canonical(first), canonical(second))
