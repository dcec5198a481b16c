"""The older card forms, rewritten into the card language in one place (docs/card-language.md, “Sugar”).

Runs on every card definition as it is read (``cards.card_from_data``), so nothing after it sees an
older form: the card-level ``triggers:``, ``replacements:`` and ``cant:`` become ``abilities:``
entries, and the older effect parameters become the language's selectors and amounts.  Pure data
in, data out; the schema has already accepted the input.
"""

from __future__ import annotations

from collections.abc import Callable

# Today's ``triggers:`` names: the event of the card's own object each one watches for.
LEGACY_TRIGGERS = {
    "deathknell": "killed",
    "play": "played",
    "attack": "attacked",
    "defend": "defended",
    "conquer": "conquered",
    "hold": "held",
}
Rewrite = Callable[[dict], dict]


def canonical(data: dict) -> dict:
    """*data* with every older form rewritten; the abilities named (unnamed ones by their position)."""
    data = _modal_spell(_my_might(map_effects(data, _effect)))
    legacy = [
        {"name": name, "trigger": {"event": LEGACY_TRIGGERS[name], "subject": "self"}, "effects": effects}
        | ({"target": data["target"]} if "target" in data else {})  # a legacy trigger uses the card's own targets
        for name, effects in data.get("triggers", {}).items()
    ]
    typed = [{"name": f"ability{index + 1}", **_static_while(entry)} for index, entry in enumerate(data.get("abilities", ()))]
    older = [
        {key: spec, "name": f"{key}{index + 1}"}
        for key, specs in (("replacement", data.get("replacements", ())), ("cant", data.get("cant", ())))
        for index, spec in enumerate(specs)
    ]
    rest = {key: value for key, value in data.items()
            if key not in ("triggers", "replacements", "cant", "modes", "static_keywords", "passives")}
    modes = {"modes": {name: _mode(mode) for name, mode in data["modes"].items()}} if "modes" in data else {}
    statics, kept = _older_statics(data)
    return {**rest, **modes, **kept, "abilities": legacy + typed + older + statics}


def _older_statics(data: dict) -> tuple[list[dict], dict]:
    """The card-level fields that are static abilities (477.2, 477.3), as ``{static: …}`` abilities: each
    ``static_keywords`` entry of a unit's side (“your Mechs have Vision”) a static grant, ``passives:
    {might_per_buffed_ally_here: N}`` and ``{might_per_trash: N}`` N static Mights of a count, a battlefield's ``passives: {might_here: N}`` a static
    Might of the units here.  What stays (the fact, the field): a gear's keywords
    for the unit it is attached to (its effect text, 718.3) and the other passives."""
    entries = data.get("static_keywords", ())
    sides = [entry for entry in entries if entry.get("who") != ATTACHED]
    statics = [{"name": f"static_keyword{index + 1}", "static": _static_grant(entry)} for index, entry in enumerate(sides)]
    passives = dict(data.get("passives", {}))
    statics += [{"name": f"might_per_buffed{index + 1}", "static": {"might": {"count": BUFFED_ALLIES_HERE}}}
                for index in range(passives.pop("might_per_buffed_ally_here", 0))]  # “+1 Might for each buffed ally here”
    statics += [{"name": f"might_per_trash{index + 1}", "static": {"might": {"trash_of": "you"}}}
                for index in range(passives.pop("might_per_trash", 0))]  # “+1 Might for each card in your trash”
    here = passives.pop("might_here", 0)  # a battlefield's “units here have +N Might”
    statics += [{"name": "might_here", "static": {"might": here, "to": {"each": {"where": "here"}}}}] if here else []
    attached = [entry for entry in entries if entry.get("who") == ATTACHED]
    return statics, {**({"static_keywords": attached} if attached else {}), **({"passives": passives} if passives else {})}


BUFFED_ALLIES_HERE = {"who": "friendly", "where": "here", "other": True, "buffed": True}
ATTACHED = "attached"  # a gear's keyword for the unit it is attached to: its effect text (718.3), read by the layers


def _static_grant(entry: dict) -> dict:
    """``static_keywords: [{keyword, value, who, tag}]`` (“your Mechs have Vision”) is a static grant to each unit of
    that side (the card's own included) with that tag (477.2)."""
    value = {"value": entry["value"]} if entry.get("value") is not None else {}
    each = {"who": entry.get("who", "friendly"), **({"tag": entry["tag"]} if "tag" in entry else {})}
    return {"grant": entry["keyword"], **value, "to": {"each": each}}


def _modal_spell(data: dict) -> dict:
    """355.3 — a spell's own “do A or B” (a ``one_of`` among its instructions, not inside another link) is a bulleted
    list of modes, chosen as the spell is played: mode N is its instructions with the N-th branch in the one_of's place
    (several: every combination, “1·2”), each execution choosing its own (820.2.a).  A spell with ``modes`` already,
    and every other card, keeps its one_of, chosen as it resolves."""
    if data.get("type") != "spell" or "modes" in data or not any("one_of" in effect for effect in data.get("effects", ())):
        return data
    modes = {"": list(data["effects"])}
    while any("one_of" in effect for todo in modes.values() for effect in todo):
        modes = _split_first(modes)
    rest = {key: value for key, value in data.items() if key != "effects"}
    return {**rest, "modes": {name: {"effects": todo} for name, todo in modes.items()}}


def _split_first(modes: dict[str, list]) -> dict[str, list]:
    """Each mode whose instructions still hold a one_of, split at the first one into a mode per branch."""
    result = {}
    for name, todo in modes.items():
        at = next((i for i, effect in enumerate(todo) if "one_of" in effect), None)
        if at is None:
            result[name] = todo
            continue
        for number, branch in enumerate(todo[at]["one_of"], start=1):
            result[f"{name}·{number}" if name else str(number)] = todo[:at] + list(branch) + todo[at + 1:]
    return result


def _mode(mode) -> dict:
    """A mode (355.3) as ``{effects, target?}``: the older form, its effects alone, chooses what the card does."""
    return mode if isinstance(mode, dict) else {"effects": mode}


def _static_while(entry: dict) -> dict:
    """A static ability's ``while`` written beside ``static:`` (as a triggered ability's ``condition``) goes inside it."""
    if "static" not in entry or "while" not in entry:
        return entry
    rest = {key: value for key, value in entry.items() if key != "while"}
    return {**rest, "static": {**entry["static"], "while": entry["while"]}}


def map_effects(data: dict, rewrite: Rewrite) -> dict:
    """A card's data with *rewrite* applied to every effect it holds, nested ones included."""
    result = dict(data)
    for key in ("effects", "legion"):
        if key in data:
            result[key] = _each(data[key], rewrite)
    if "triggers" in data:
        result["triggers"] = {name: _each(effects, rewrite) for name, effects in data["triggers"].items()}
    if "modes" in data:
        result["modes"] = {name: {**mode, "effects": _each(mode["effects"], rewrite)} if isinstance(mode, dict)
                           else _each(mode, rewrite) for name, mode in data["modes"].items()}
    if "abilities" in data:
        result["abilities"] = [_ability(entry, rewrite) for entry in data["abilities"]]
    return result


def _ability(entry: dict, rewrite: Rewrite) -> dict:
    result = dict(entry)
    for key in ("effects", "reflexive"):
        if key in entry:
            result[key] = _each(entry[key], rewrite)
    if "reflexive_by_type" in entry:
        result["reflexive_by_type"] = {kind: _each(todo, rewrite) for kind, todo in entry["reflexive_by_type"].items()}
    return result


def _each(effects, rewrite: Rewrite) -> list[dict]:
    return [rewrite(_nested(effect, rewrite)) for effect in effects]


def _nested(effect: dict, rewrite: Rewrite) -> dict:
    """The effect with the effects inside it (links, branches, delayed abilities) rewritten too."""
    (verb, param), = effect.items()
    if verb == "may":
        return {verb: _each(param, rewrite)}
    if verb == "one_of":
        return {verb: [_each(branch, rewrite) for branch in param]}
    if verb == "delayed":
        return {verb: _ability(param, rewrite)}
    if verb in ("repeat", "next_time", "when"):
        return {verb: {**param, "effects": _each(param["effects"], rewrite)}}
    if verb in ("may_pay", "unless_lets"):
        return {verb: {**param, **{key: _each(param[key], rewrite) for key in ("then", "otherwise") if key in param}}}
    return effect


MY_MIGHT = "my_might"  # the older AMOUNT “my Might”: ``{might_of: self}`` wherever an amount stands


def _my_might(value):
    """*value* with every ``my_might`` amount (of any verb, a Might comparison, a repeat's times…) as ``{might_of: self}``."""
    if value == MY_MIGHT:
        return {"might_of": "self"}
    if isinstance(value, dict):
        return {key: _my_might(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_my_might(item) for item in value]
    return value


def _effect(effect: dict) -> dict:
    (verb, param), = effect.items()
    if verb in SUGAR_VERBS:
        return SUGAR_VERBS[verb](param)
    return effect


def _play_from_hand(param: dict) -> dict:
    price = {"discount": param["discount"]} if "discount" in param else {"ignore_cost": True}
    return {"from": "hand", "card": {"kind": param.get("card_type", "unit")}, **price, "at": param.get("to", "base")}


def _play_from_trash(param: dict) -> dict:
    limits = {"cost": {"le": param.get("max_cost", 0)}, "power": {"le": param.get("max_power", 0)}}
    return {"from": "trash", "card": {"kind": "unit", **limits}, "ignore_cost": True, "at": "any"}


def _grant_gear(param: dict) -> dict:
    """The older verb for a keyword given to the chosen gear: ``grant`` of granted text, which stays with it (135.4.b)."""
    return {"grant": {**param, "until": "permanent"}}


# Single-card verbs that are a generic verb with its parameters set: the verb → the effect it is.
SUGAR_VERBS = {
    "play_from_hand": lambda param: {"play": _play_from_hand(param)},
    "play_from_trash": lambda param: {"play": _play_from_trash(param)},
    "grant_gear": _grant_gear,
}
