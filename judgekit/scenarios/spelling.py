"""A judge's spellings of the card language, read into its one spelling before the schema checks a card.

The schema (``scenario.schema.json``) holds one spelling of each form; a judge writing an unseen card from its
printed text writes some forms another natural way.  Each rewrite here is a general shape, not a card's wording,
and keeps every line number (the schema's and the engine's errors still point at the judge's line):

* **a verb's parameters beside it** — ``{ready: null, if: C}`` is ``{ready: {if: C}}``; a scalar shorthand
  (``{draw: 2, if: C}``) is its ``amount``.  Only where an effect stands (an ability's, a spell's, a mode's, a
  link's or a branch's instructions);
* **a count's bounds inside its filter** — ``{controls: {kind: gear, at_least: 2}}`` is ``{controls: {kind: gear},
  at_least: 2}`` (``count`` the same), in an ``if:``, a ``condition:`` or a ``while:``, and inside ``not`` / ``any``;
* **``target: self``** — an ability or a spell acting on its own source chooses nothing: its instructions act on
  their source when no target is written (docs/card-language.md §2), so the target goes and ``target`` in its
  instructions reads ``self``.

Where a spelling could mean two things (a parameter written both beside and inside the verb, a bound both inside
and beside the filter) the card is refused at its line, saying which.  Pure data in, the same data rewritten.
"""

from __future__ import annotations

from judgekit.errors import ScenarioError
from judgekit.scenarios.schema import MarkedDict, schema, where

EFFECT_LISTS = ("effects", "legion", "then", "otherwise", "reflexive", "may")  # keys whose value is a list of effects
CONDITIONS = ("if", "condition", "while")  # keys whose value is a CONDITION
BOUNDS = ("at_least", "at_most")


def spelled(entry, name: str):
    """The card definition *entry* (as loaded, lines kept) with a judge's spellings rewritten; *entry* otherwise."""
    if not isinstance(entry, dict):
        return entry
    _self_target(entry)
    for ability in entry.get("abilities", ()) if isinstance(entry.get("abilities"), list) else ():
        if isinstance(ability, dict):
            _self_target(ability)
    _walk(entry, name)
    return entry


def _walk(value, name: str) -> None:
    """Every effect and every condition inside *value*, wherever it stands."""
    if isinstance(value, list):
        for item in value:
            _walk(item, name)
        return
    if not isinstance(value, dict):
        return
    for key, item in list(value.items()):
        if key in EFFECT_LISTS and isinstance(item, list):
            for index, effect in enumerate(item):
                if isinstance(effect, dict):
                    _beside(effect, name, where(item, index))
        elif key == "one_of" and isinstance(item, list):
            for branch in item:
                for index, effect in enumerate(branch if isinstance(branch, list) else ()):
                    if isinstance(effect, dict):
                        _beside(effect, name, where(branch, index))
        if key in CONDITIONS and isinstance(item, dict):
            _bounds(item, name)
    for item in value.values():
        _walk(item, name)


def _verbs() -> dict:
    return schema()["$defs"]["effect"]["properties"]


def _beside(effect: dict, name: str, node) -> None:
    """``{VERB: P, key: V, …}``: the keys beside the one verb go inside its parameters."""
    verbs = [key for key in effect if key in _verbs()]
    beside = [key for key in effect if key not in _verbs()]
    if len(verbs) != 1 or not beside:
        return  # no verb, or two: the schema says what is wrong
    verb = verbs[0]
    param = effect[verb]
    if param is None:
        param = _marked({}, where(effect, verb))
    elif isinstance(param, list):  # a link's instructions (may, one_of): a condition goes on the instructions inside
        raise ScenarioError(f"{node}: {name}：{verb} 的参数是一组指示，{'、'.join(beside)} 不能写在它旁边；请写在其中的指示上")
    elif not isinstance(param, dict):
        if "amount" not in _object_form(verb):
            raise ScenarioError(
                f"{node}: {name}：{verb} 的参数 {param!r} 与 {'、'.join(beside)} 并列时，请写成 {verb}: {{…, {beside[0]}: …}}"
            )
        param = _marked({"amount": param}, where(effect, verb))
    twice = [key for key in beside if key in param]
    if twice:
        raise ScenarioError(f"{node}: {name}：{'、'.join(twice)} 在 {verb} 旁边和里面各写了一次，只能写一处")
    for key in beside:
        param[key] = effect.pop(key)
        param.key_nodes[key] = where(effect, key)
    effect[verb] = param


def _object_form(verb: str) -> dict:
    """The properties of *verb*'s mapping form in the schema (empty when it has none)."""
    rule = _verbs()[verb]
    options = rule.get("anyOf", [rule])
    return next((option.get("properties", {}) for option in options if option.get("type") == "object"), {})


def _bounds(condition: dict, name: str) -> None:
    """``{count|controls: {…, at_least: N}}``: the bound goes beside its filter."""
    for key in ("count", "controls"):
        inner = condition.get(key)
        if not isinstance(inner, dict):
            continue
        for bound in BOUNDS:
            if bound not in inner:
                continue
            if bound in condition:
                raise ScenarioError(f"{where(condition, key)}: {name}：{bound} 在 {key} 里面和旁边各写了一次，只能写一处")
            condition[bound] = inner.pop(bound)
            condition.key_nodes[bound] = where(inner, bound)
    for part in ([condition.get("not")] + list(condition.get("any") or ())):
        if isinstance(part, dict):
            _bounds(part, name)


def _self_target(holder: dict) -> None:
    """``target: self``: no target; ``target`` in its own instructions is its source."""
    if holder.get("target") != "self":
        return
    del holder["target"]
    for key in ("effects", "legion", "reflexive"):
        if isinstance(holder.get(key), list):
            _to_self(holder[key])


def _to_self(value) -> None:
    if isinstance(value, list):
        for index, item in enumerate(value):
            if item == "target":
                value[index] = "self"
            else:
                _to_self(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if item == "target":
                value[key] = "self"
            else:
                _to_self(item)


def _marked(data: dict, node) -> MarkedDict:
    result = MarkedDict(data)
    result.node = node
    result.key_nodes = dict.fromkeys(data, node)
    return result

