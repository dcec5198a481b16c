"""A dispute as a file: metadata, cards, the board, the script and what the judge expects.

``load(path)`` reads and checks the file and returns a ``Scenario`` whose
state, actions and expectations are ready to run; every problem is a
``ScenarioError`` naming the file and line.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from judgekit.corpus import bundled_root, read_document
from judgekit.engine import actions as act
from judgekit.engine import replacement
from judgekit.engine.cards import CardDef, ability_label
from judgekit.engine.costs import Payment
from judgekit.engine.damage import is_lethal
from judgekit.engine.gear import place_gear
from judgekit.engine.layers import might
from judgekit.engine.rules import DEFAULT_EDITION, REFS
from judgekit.engine.state import (
    ANY_DOMAIN,
    MODES,
    Battlefield,
    ChainItem,
    GameState,
    KeywordGrant,
    Legend,
    MightEffect,
    Player,
    Rune,
    Unit,
    base_of,
    check_chosen_champion,
    facedown_ref,
    rune_ref,
)
from judgekit.engine.targeting import Choices
from judgekit.errors import (
    AmbiguousReferenceError,
    DocumentError,
    IllegalActionError,
    JudgekitError,
    ScenarioError,
)
from judgekit.refs import RuleNumber
from judgekit.scenarios.carddefs import card_definitions
from judgekit.scenarios.catalogue_cache import library_definitions
from judgekit.scenarios.faqsuite import FaqSource, faq_source
from judgekit.scenarios.keywords import keyword_name
from judgekit.scenarios.schema import (
    Node,
    load_yaml,
    renamed,
    validate,
    where,
)
from judgekit.scenarios.spelling import spelled

VERB_ALIASES = {
    "打出": "play",
    "隐藏": "hide",
    "移动": "move",
    "召回": "recall",
    "结算": "resolve",
    "效果": "effect",
    "结算链": "resolve_chain",
    "让过": "pass",
    "分配伤害": "assign",
    "下一阶段": "next_phase",
    "结束回合": "end_turn",
    "启动": "activate",
    "排序触发": "order_triggers",
    "选择": "choose",
}
VERB_KEYS = {
    "activate",
    "order_triggers",
    "choose",
    "move",
    "recall",
    "resolve",
    "effect",
    "resolve_chain",
    "pass",
    "assign",
    "play",
    "hide",
    "next_phase",
    "end_turn",
}
SUBJECTS = ("unit", "player", "battlefield", "card", "gear", "legend", "chain", "winner", "cites", "not_cites")


@dataclass(frozen=True)
class Expectation:
    """One expectation of a scenario file, as written, with where it is written."""

    data: dict
    node: Node


@dataclass(frozen=True)
class ScriptStep:
    """One step of a scenario's script: the action, where it is written, and what is expected of it."""

    action: act.Action
    node: Node
    expect_illegal: bool = False
    refusing_rule: str | None = None  # the rule number that must refuse the step (expect_illegal: 144.1.c)
    expect: tuple[Expectation, ...] = ()  # a checkpoint after this step
    approximated: str | None = None  # what the step only approximates of the cards' text


@dataclass(frozen=True)
class Scenario:
    """A scenario file read and checked: the starting state, the script and the expectations."""

    source: str
    title: str
    question: str
    edition: str
    state: GameState
    script: tuple[ScriptStep, ...]
    expectations: tuple[Expectation, ...]
    faq: FaqSource | None = None  # the catalogued FAQ ruling the scenario reproduces
    conflict: dict | None = None  # where the FAQ and the rules disagree: {faq, rules, winner, why}
    approximated: tuple[tuple[str, str], ...] = ()  # (card, what its definition only approximates of its text)
    edition_where: str = ""  # `file:line` of the `edition:` key; just the file when the edition is the default


def library_path() -> Path:
    return bundled_root() / "cards" / "library.yaml"


@cache
def library() -> dict[str, CardDef]:
    """The project's card library, checked against the same card schema as inline cards (built once, then kept in
    the cache folder until the library, the code or the glossary changes)."""
    path = library_path()
    text = read_document(path)
    return library_definitions(text, lambda: card_definitions(load_yaml(text, str(path)), check_schema=True))


def load(path: Path) -> Scenario:
    try:
        text = read_document(path)
    except DocumentError as error:
        raise ScenarioError(str(error)) from None
    except OSError as error:
        raise ScenarioError(f"{path}: 无法读取：{error.strerror or error}") from None
    return parse(text, str(path))


def parse(text: str, source: str) -> Scenario:
    data = load_yaml(text, source)
    if isinstance(data, dict) and isinstance(data.get("cards"), dict):
        for name, entry in data["cards"].items():
            spelled(entry, name)
    validate(data, source)
    faq = faq_source(data)
    edition = data.get("edition", DEFAULT_EDITION)
    cards = dict(library())
    cards.update(card_definitions(data.get("cards", {}), check_schema=False))
    state = _state(data, cards, source)
    _replacement_orders(state, data)
    return Scenario(
        source=source,
        title=data["title"],
        question=data.get("question", ""),
        edition=edition,
        state=state,
        script=tuple(_step(state, item, where(data["script"], i)) for i, item in enumerate(data["script"])),
        expectations=tuple(
            _expectation(state, item, where(data.get("expect"), i)) for i, item in enumerate(data.get("expect", []))
        ),
        faq=faq,
        conflict=data.get("conflict"),
        approximated=tuple((name, entry["approximated"]) for name, entry in data.get("cards", {}).items() if "approximated" in entry),
        edition_where=str(where(data, "edition")) if "edition" in data else source,
    )


def _card(cards: dict[str, CardDef], name: str, node: Node, what: str = "") -> CardDef:
    if name in cards:
        return cards[name]
    from judgekit.scenarios import imported  # the card store's machinery, only for a card named from the catalog

    store = imported.card_store()
    if store is not None:  # the printed facts of an imported card (see judgekit/scenarios/imported.py)
        cards[name] = imported.imported_card(name, node, store)
        return cards[name]
    close = difflib.get_close_matches(name, list(cards), n=3, cutoff=0.4)
    hint = f"（是否指：{'、'.join(close)}？）" if close else ""
    raise ScenarioError(f"{node}: 未知的牌“{name}”{what}：既不在 cards 中定义，也不在牌库 cards/library.yaml 中{hint}")


# -- state -------------------------------------------------------------------


def _state(data: dict, cards: dict[str, CardDef], source: str) -> GameState:
    raw = data["state"]
    mode = data.get("mode", "duel")
    players = {}
    for player_id, entry in raw["players"].items():
        players[player_id] = Player(
            id=player_id,
            points=entry.get("points", 0),
            xp=entry.get("xp", 0),
            champion=entry.get("champion"),
            chosen_champion=entry.get("chosen_champion", entry.get("champion")),
            rune_deck=_domains(entry.get("rune_deck", 0)),
            runes=_runes(entry.get("runes", 0)),
            energy=entry.get("energy", 0),
            power=_power(entry.get("power", 0)),
            team=entry.get("team"),
        )
    _check_mode(mode, players, raw, where(data, "mode") if "mode" in data else raw.node)
    for player_id, entry in raw["players"].items():
        for key in ("champion", "chosen_champion"):
            if key in entry:
                check_chosen_champion(_card(cards, entry[key], where(entry, key)), where(entry, key))
        if "champion" in entry and entry.get("chosen_champion", entry["champion"]) != entry["champion"]:
            raise ScenarioError(f"{where(entry, 'chosen_champion')}: 英雄区中的牌就是选定英雄（103.2.a）：chosen_champion 须与 champion 相同")
        for index, name in enumerate(entry.get("deck", []) if isinstance(entry.get("deck"), list) else []):
            _card(cards, name, where(entry["deck"], index))
    for player_id, entry in raw["players"].items():
        for zone in ("hand", "trash", "banishment"):
            for index, name in enumerate(entry.get(zone, [])):
                _card(cards, name, where(entry[zone], index))
    turn = raw.get("turn", {})
    turn_player = turn.get("player", next(iter(players)))
    _player(players, turn_player, where(turn, "player") if "player" in turn else raw.node)
    state = GameState(
        cards=cards,
        players=players,
        battlefields={},
        units={},
        turn_player=turn_player,
        mode=mode,
        victory_score=MODES[mode],
        phase=turn.get("phase", "main"),
        turn=turn.get("number", 1),
        defaults=data.get("defaults", True),
    )
    for player_id, entry in raw["players"].items():
        _zones(state, state.players[player_id], entry)
    _legends(state, raw)
    for index, entry in enumerate(raw.get("battlefields", [])):
        _battlefield(state, entry, where(raw["battlefields"], index))
    for player_id, entry in raw["players"].items():
        for index, unit in enumerate(entry.get("base", [])):
            _unit(state, unit, base_of(player_id), player_id, where(entry["base"], index))
        for index, name in enumerate(entry.get("gear", [])):
            _unattached_gear(state, player_id, name, where(entry["gear"], index))
    for player_id, names in raw.get("scored", {}).items():
        _player(players, player_id, where(raw["scored"], player_id))
        for index, name in enumerate(names):
            if name not in state.battlefields:
                raise ScenarioError(f"{where(names, index)}: state.scored：没有名为“{name}”的战场")
        state.scored[player_id] = list(names)
    for name, holder in turn.get("beginning_control", {}).items():
        if name not in state.battlefields:
            raise ScenarioError(f"{where(turn['beginning_control'], name)}: 没有名为“{name}”的战场")
        state.beginning_control[name] = _player(players, holder, where(turn["beginning_control"], name))
    for index, entry in enumerate(raw.get("chain", [])):
        state.chain.append(_chain_item(state, entry, where(raw["chain"], index)))
    _check_board(state, raw)
    return state


def _zones(state: GameState, player: Player, entry: dict) -> None:
    """Hand, main deck (a count of unknown cards or names, top first), trash and banishment as card objects."""
    deck = entry.get("deck", [])
    listed = {
        "hand": entry.get("hand", []),
        "deck": [f"{player.id} 的第 {i + 1} 张牌" for i in range(deck)] if isinstance(deck, int) else deck,
        "trash": entry.get("trash", []),
        "banishment": entry.get("banishment", []),
    }
    for zone, cards in listed.items():
        setattr(player, zone, [state.new_card(name, player.id) for name in cards])


def _unattached_gear(state: GameState, player_id: str, entry, node: Node) -> None:
    """A gear in the player's base, not attached to anything (149.2): its name, or {card, exhausted}."""
    name = entry["card"] if isinstance(entry, dict) else entry
    if _card(state.cards, name, node).type != "gear":
        raise ScenarioError(f"{node}: “{name}”不是装备牌（type: gear）")
    place_gear(state, player_id, name, exhausted=isinstance(entry, dict) and entry.get("exhausted", False))


def _domains(value) -> list[str]:
    """A rune deck: a count of runes without a stated domain, or their domains top first."""
    return [ANY_DOMAIN] * value if isinstance(value, int) else [str(domain) for domain in value]


def _runes(value) -> list[Rune]:
    """Runes in play: a count of ready runes, or a list of domains or {domain, exhausted}."""
    if isinstance(value, int):
        return [Rune(ANY_DOMAIN) for _ in range(value)]
    return [
        Rune(entry) if isinstance(entry, str) else Rune(entry.get("domain", ANY_DOMAIN), entry.get("exhausted", False))
        for entry in value
    ]


def _power(value) -> dict[str, int]:
    """Power in the rune pool: a count of Power of any domain, or domain → count."""
    if isinstance(value, int):
        return {ANY_DOMAIN: value} if value else {}
    return {("" if domain == "任意" else domain): amount for domain, amount in value.items() if amount}


def _player(players: dict, player_id, node: Node) -> str:
    if player_id not in players:
        raise ScenarioError(f"{node}: 未知玩家“{player_id}”（state.players 中有：{'、'.join(players)}）")
    return player_id


def _check_mode(mode: str, players: dict[str, Player], raw: dict, node: Node) -> None:
    wanted = 4 if mode == "2v2" else 2
    if len(players) != wanted:
        raise ScenarioError(f"{node}: 模式 {mode} 需要 {wanted} 名玩家，state.players 中有 {len(players)} 名")
    if mode == "2v2":
        teams = [player.team for player in players.values()]
        if any(team is None for team in teams) or sorted(teams.count(t) for t in set(teams)) != [2, 2]:
            raise ScenarioError(f"{node}: 2v2 模式须为每名玩家写明 team，两队各两人")
        for team in set(teams):
            points = {player.points for player in players.values() if player.team == team}
            if len(points) > 1:
                rule = REFS["team_points"].number
                raise ScenarioError(f"{node}: 队伍 {team} 的两名玩家分数不同；同队玩家的分数相同（规则 {rule}）")


def _battlefield(state: GameState, entry: dict, node: Node) -> None:
    name = entry["name"]
    if name in state.battlefields or name == "base":
        raise ScenarioError(f"{node}: 战场名“{name}”重复或与保留字 base 相同")
    if entry.get("card"):
        card = _card(state.cards, entry["card"], where(entry, "card"))
        if card.type != "battlefield":
            raise ScenarioError(f"{where(entry, 'card')}: “{card.name}”是 {card.type}，不是战场牌")
    for key in ("controller", "contested_by"):
        if entry.get(key) is not None:
            _player(state.players, entry[key], where(entry, key))
    facedown = entry.get("facedown")
    hidden = facedown if isinstance(facedown, dict) else {"card": facedown}
    owner = hidden.get("by") or entry.get("controller") or ""
    if isinstance(facedown, dict):
        _card(state.cards, hidden["card"], where(facedown, "card"))
        _player(state.players, hidden["by"], where(facedown, "by"))
    state.battlefields[name] = Battlefield(
        name=name,
        card=entry.get("card"),
        controller=entry.get("controller"),
        contested_by=entry.get("contested_by"),
        facedown=state.new_card(hidden["card"], owner) if facedown else None,
        hidden_by=hidden.get("by"),
        hidden_turn=hidden.get("turn", 0),
    )
    for index, unit in enumerate(entry.get("units", [])):
        _unit(state, unit, name, entry.get("controller"), where(entry["units"], index))


def _legends(state: GameState, raw: dict) -> None:
    """Each player's legend as a game object in their Legend Zone (107.4.c), with its exhausted and empowered status."""
    for player_id, entry in raw["players"].items():
        if "legend" not in entry:
            continue
        spec = entry["legend"] if isinstance(entry["legend"], dict) else {"card": entry["legend"]}
        node = where(entry, "legend")
        card = _card(state.cards, spec["card"], node)
        if card.type != "legend":
            raise ScenarioError(f"{node}: “{card.name}”是 {card.type}，不是传奇牌（type: legend）")
        legend_id = card.name if card.name not in state.legends else f"{card.name}（{player_id}）"
        exhausted, empowered = spec.get("exhausted", False), spec.get("empowered", 0)
        state.legends[legend_id] = Legend(legend_id, card.name, player_id, exhausted, empowered)


def _unit(state: GameState, entry: dict, location: str, default_controller: str | None, node: Node) -> None:
    card = _card(state.cards, entry["card"], where(entry, "card"))
    if not card.is_unit:
        raise ScenarioError(f"{where(entry, 'card')}: “{card.name}”是 {card.type}，不是单位牌")
    controller = entry.get("controller", default_controller)
    if controller is None:
        raise ScenarioError(f"{node}: 单位 {card.name} 须写明 controller（此战场无人控制）")
    _player(state.players, controller, where(entry, "controller") if "controller" in entry else node)
    owner = _player(state.players, entry.get("owner", controller), where(entry, "owner") if "owner" in entry else node)
    unit_id = entry.get("id") or state.fresh_id(card.name)
    if unit_id in state.units:
        raise ScenarioError(f"{where(entry, 'id') if 'id' in entry else node}: 单位 id“{unit_id}”重复")
    if location.startswith("base:") and location != base_of(controller):
        raise ScenarioError(
            f"{node}: {unit_id} 在 {location[5:]} 的基地，却由 {controller} 控制（单位只能在其控制者的基地）"
        )
    if entry.get("buffs", 0) > 1:
        raise ScenarioError(
            f"{where(entry, 'buffs')}: {unit_id}：一个单位同时只能有一个增益（规则 {REFS['buff_once'].number}）"
        )
    for index, name in enumerate(entry.get("attached", [])):
        gear = _card(state.cards, name, where(entry["attached"], index))
        if gear.type != "gear":
            raise ScenarioError(f"{where(entry['attached'], index)}: “{name}”不是装备牌，不能附着")
    unit = Unit(
        id=unit_id,
        card=card.name,
        owner=owner,
        controller=controller,
        location=location,
        damage=entry.get("damage", 0),
        buffs=entry.get("buffs", 0),
        exhausted=entry.get("exhausted", False),
        stunned=entry.get("stunned", False),
        attached=list(entry.get("attached", [])),
        empowered=entry.get("empowered", 0),
    )
    if "death_replacement" in entry:
        replacement.add(state, replacement.Replacement(entry["death_replacement"], controller, "die", unit_id, recall=True))
    for modifier in entry.get("modifiers", []):
        unit.effects = unit.effects.plus(
            MightEffect(
                "add",
                modifier["might"],
                modifier.get("source", "场景设定"),
                modifier.get("until", "turn"),
                state.tick(),
            )
        )
    for index, grant in enumerate(entry.get("grants", [])):
        keyword = keyword_name(grant["keyword"])
        if keyword is None:
            raise ScenarioError(f"{where(entry['grants'], index)}: 未知关键词“{grant['keyword']}”")
        unit.grants.append(
            KeywordGrant(
                keyword, grant.get("value"), grant.get("source", "场景设定"), grant.get("until", "turn"), state.tick()
            )
        )
    state.units[unit_id] = unit
    if is_lethal(state, unit):
        raise ScenarioError(
            f"{node}: {unit_id} 带有致命伤害（伤害 {unit.damage} ≥ 战力 {might(state, unit)}），"
            f"清理时已被摧毁，不可能留在场上（规则 {REFS['cleanup_kills'].number}）"
        )


def _replacement_orders(state: GameState, data: dict) -> None:
    """Answers to 372 given ahead: the order in which replacements apply to events affecting a unit."""
    for unit_id, order in data.get("replacement_order", {}).items():
        place = where(data["replacement_order"], unit_id)
        if unit_id not in state.units:
            raise ScenarioError(f"{place}: replacement_order：场上没有单位“{unit_id}”")
        state.replacement_orders[unit_id] = (tuple(order), str(place))


def _check_board(state: GameState, raw: dict) -> None:
    for bf in state.battlefields.values():
        present = state.controllers_at(bf.name)
        if len(present) > 2:
            node = where(raw["battlefields"], list(state.battlefields).index(bf.name))
            raise ScenarioError(
                f"{node}: {bf.name} 上有 {len(present)} 名玩家的单位；战斗只能在两名玩家之间进行（规则 {REFS['combat_two_players'].number}）"
            )
    for player in state.players.values():
        if player.points >= state.victory_score and state.victory_score:
            node = where(raw["players"], player.id)
            raise ScenarioError(
                f"{node}: {player.id} 已有 {player.points} 分，达到胜利分数 {state.victory_score}，游戏已经结束"
            )


def _chain_item(state: GameState, entry: dict, node: Node) -> ChainItem:
    try:
        unit = act.find_unit(state, entry["unit"])
    except (IllegalActionError, AmbiguousReferenceError) as error:
        raise ScenarioError(f"{node}: state.chain：{error}") from None
    effects = state.card(unit.card).triggers.get(entry["ability"])
    if not effects:
        raise ScenarioError(f"{node}: {unit.card} 没有 {entry['ability']} 能力")
    label = ability_label(unit.id, entry["ability"])
    return ChainItem(unit.id, unit.card, unit.controller, list(effects), label, unit.location, ability=entry["ability"])


# -- script ------------------------------------------------------------------


def _names(value) -> tuple[str, ...]:
    return (str(value),) if isinstance(value, str | int) else tuple(str(item) for item in value)


def _step(state: GameState, item: dict, node: Node) -> ScriptStep:
    item = renamed(item, VERB_ALIASES)
    verbs = [key for key in item if key in VERB_KEYS]
    if "pass" in verbs and "assign" in verbs:
        verbs.remove("assign")  # pass + assign: the assignment belongs to the pass
    if len(verbs) != 1:
        found = "、".join(verbs) or "无"
        raise ScenarioError(f"{node}: 每一步须恰有一个动作（{'、'.join(sorted(VERB_KEYS))}），这里有：{found}")
    verb = verbs[0]
    allowed = {
        "move": {"to", "standard", "by"},
        "recall": set(),
        "resolve": {"targets", "controller", "split", "ability", "accelerate"},
        "effect": {"targets", "controller", "split", "accelerate"},
        "resolve_chain": {"targets", "split", "to", "answer", "play_card", "accelerate"},
        "pass": {"assign", "answer", "to", "play_card", "accelerate"},
        "assign": set(),
        "play": {
            "player", "targets", "repeat_targets", "modes", "to", "accelerate", "repeat", "from_hidden", "pay", "flow", "from_trash",
            "cost_kill", "cost_gear", "alternative", "pay_additional", "cost_object", "name_tag",
        },
        "hide": {"player", "at", "pay"},
        "activate": {"player", "ability", "targets", "pay", "cost_kill", "to"},
        "order_triggers": {"player"},
        "choose": {"player"},
        "next_phase": set(),
        "end_turn": set(),
    }[verb] | {verb, "expect_illegal", "expect", "note", "approximated"}
    extra = [key for key in item if key not in allowed]
    if extra:
        raise ScenarioError(
            f"{node}: 动作 {verb} 不接受字段 {'、'.join(extra)}（可用：{'、'.join(sorted(allowed - {verb}))}）"
        )
    _check_names(state, item)
    action = _action(state, item, verb, node)
    if "controller" in item:
        _player(state.players, item["controller"], where(item, "controller"))
    refusal = item.get("expect_illegal", False)
    rule = None
    if not isinstance(refusal, bool):  # a rule number (YAML reads 347 as an integer)
        try:
            rule = str(RuleNumber.parse(str(refusal)))
        except JudgekitError as error:
            raise ScenarioError(f"{where(item, 'expect_illegal')}: {error}") from None
    checkpoint = tuple(
        _expectation(state, entry, where(item["expect"], i)) for i, entry in enumerate(item.get("expect", []))
    )
    return ScriptStep(action, node, bool(refusal), rule, checkpoint, item.get("approximated"))


def _action(state: GameState, item: dict, verb: str, node: Node) -> act.Action:
    targets = _names(item["targets"]) if "targets" in item else None
    split = dict(item.get("split", {}))
    match verb:
        case "move":
            if "to" not in item:
                raise ScenarioError(f"{node}: move 须写明目的地 to（战场名或 base）")
            _battlefield_name(state, item, "to")
            return act.Move(_names(item["move"]), item["to"], item.get("standard", "by" not in item), item.get("by"))
        case "recall":
            return act.Recall(_names(item["recall"]))
        case "resolve":
            if "ability" in item:
                _check_ability(state, item, node)
                return act.Resolve(unit=item["resolve"], ability=item["ability"], targets=targets, split=split,
                                   accelerate=item.get("accelerate"))
            card = _card(state.cards, item["resolve"], where(item, "resolve"))
            if not card.effects:
                raise ScenarioError(
                    f"{where(item, 'resolve')}: “{card.name}”没有可结算的效果；单位的触发能力请写 ability"
                )
            return act.Resolve(card=card.name, targets=targets, controller=item.get("controller"), split=split,
                               accelerate=item.get("accelerate"))
        case "effect":
            return act.Resolve(
                effects=tuple(item["effect"]), targets=targets, controller=item.get("controller"), split=split,
                accelerate=item.get("accelerate"),
            )
        case "resolve_chain":
            answer = _answer(state, item) or Choices()
            return act.ResolveChain(targets, split, answer.to, answer, answer.from_hand)
        case "pass":
            player = item["pass"]
            if player is not None:
                _player(state.players, player, where(item, "pass"))
            place = where(item, "assign") if "assign" in item else node
            return act.Pass(player, _assignment(state, item.get("assign", {}), place), _answer(state, item))
        case "assign":
            return act.Pass(None, _assignment(state, item["assign"], where(item, "assign")))
        case "play":
            return _play(state, item)
        case "hide":
            card = _card(state.cards, item["hide"], where(item, "hide"))
            if "at" not in item:
                raise ScenarioError(f"{node}: hide 须写明隐藏的战场 at")
            _battlefield_name(state, item, "at")
            pay = _payment(item["pay"]) if "pay" in item else None
            return act.Hide(_acting_player(state, item), card.name, item["at"], pay)
        case "order_triggers":
            return act.OrderTriggers(_acting_player(state, item), tuple(_names(item["order_triggers"])))
        case "choose":  # the answer to the pending question: what is chosen (none: []), or true/false
            if "player" in item:
                _player(state.players, item["player"], where(item, "player"))
            value = item["choose"]
            chosen = (("是",) if value else ("否",)) if isinstance(value, bool) else (
                (str(value),) if isinstance(value, int) else _names(value))  # a yes-or-no question; a branch (one_of)
            return act.Choose(chosen, item.get("player"))
        case "activate":
            if "ability" not in item:
                raise ScenarioError(f"{node}: activate 须写明启动的能力 ability")
            pay = _payment(item["pay"]) if "pay" in item else None
            player = _acting_player(state, item)
            if "to" in item and item["to"] != "base":
                _battlefield_name(state, item, "to")
            return act.Activate(player, item["activate"], item["ability"], targets, pay, item.get("cost_kill"), item.get("to"))
        case "next_phase":
            return act.NextPhase()
        case _:
            return act.EndTurn()


def _play(state: GameState, item: dict) -> act.Play:
    card = _card(state.cards, item["play"], where(item, "play"))
    first = _names(item["targets"]) if "targets" in item else ()
    more = tuple(_names(chosen) for chosen in item.get("repeat_targets", []))
    targets = (first, *more) if first or more else ()
    for key in ("to", "from_hidden"):
        if key in item and item[key] != "base":
            _battlefield_name(state, item, key)
    return act.Play(
        _acting_player(state, item),
        card.name,
        targets=targets,
        modes=_names(item["modes"]) if "modes" in item else (),
        to=item.get("to"),
        accelerate=item.get("accelerate", False),
        repeat=len(item["repeat"]) if isinstance(item.get("repeat"), list) else item.get("repeat", 0),
        repeat_which=tuple(n - 1 for n in item["repeat"]) if isinstance(item.get("repeat"), list) else (),
        hidden=item.get("from_hidden"),
        pay=_payment(item["pay"]) if "pay" in item else None,
        flow=item.get("flow", False) or item.get("from_trash", False),
        cost_kill=item.get("cost_kill"),
        cost_gear=item.get("cost_gear"),
        alternative=item.get("alternative", False),
        pay_additional=item.get("pay_additional", False),
        cost_object=_names(item["cost_object"]) if "cost_object" in item else (),
        name_tag=item.get("name_tag"),
    )


def _answer(state: GameState, item: dict) -> Choices | None:
    """`answer: {pay, amount, new_targets, name, may, one_of, to, play_card}` — what the resolving item's controller answers as
    it resolves; `to`, `play_card` and `accelerate` (for the units it plays, 805.1.a) may also stand beside it on the
    step (on a pass as on a resolve_chain)."""
    beside = [key for key in ("to", "play_card", "accelerate") if key in item]
    if "answer" not in item and not beside:
        return None
    value = item.get("answer", {})
    twice = [key for key in beside if key in value]
    if twice:
        raise ScenarioError(f"{where(item, twice[0])}: {twice[0]} 在 answer 里面和步骤上各写了一次，只能写一处")
    value = {**value, **{key: item[key] for key in beside}}
    if "to" in value:
        _battlefield_name(state, item if "to" in item else item["answer"], "to")
    played = value.get("play_card")
    pay = value.get("pay")
    new = _names(value["new_targets"]) if "new_targets" in value else None
    for index, name in enumerate(new or ()):
        if not _known_name(state, name):
            node = where(value["new_targets"], index) if isinstance(value["new_targets"], list) else where(value, "new_targets")
            raise ScenarioError(f"{node}: 未知的单位或牌“{name}”：既不是局面中的单位 id，也不是牌名")
    return Choices(
        pay=bool(pay) if pay is not None else None,
        amount=value.get("amount"),
        payment=_payment(pay) if isinstance(pay, dict) else None,
        new_targets=new,
        named=value.get("name"),
        may=_may_answers(value["may"]) if "may" in value else None,
        one_of=tuple(value["one_of"]) if isinstance(value.get("one_of"), list) else
        ((value["one_of"],) if "one_of" in value else None),
        to=value.get("to"),
        accelerate=value.get("accelerate"),
        from_hand=None if "play_card" not in value else ((played,) if played is not None else ()),
    )


def _may_answers(value) -> tuple[bool, ...]:
    """`may: true`, or `may: [true, false]` for several “you may …” of one item, in order."""
    return tuple(value) if isinstance(value, list) else (value,)


def _payment(value: dict) -> Payment:
    """`pay: {exhaust: [炽烈, 炽烈], recycle: [翠意]}`; a count stands for runes of any domain."""

    def runes(entry) -> tuple[str, ...]:
        return (ANY_DOMAIN,) * entry if isinstance(entry, int) else tuple(str(domain) for domain in entry)

    return Payment(runes(value.get("exhaust", ())), runes(value.get("recycle", ())))


def _acting_player(state: GameState, item: dict) -> str:
    """The player named by ``player``, or the turn player."""
    if "player" in item:
        return _player(state.players, item["player"], where(item, "player"))
    return state.turn_player


def _battlefield_name(state: GameState, item: dict, key: str) -> None:
    if item[key] != "base" and item[key] not in state.battlefields:
        raise ScenarioError(
            f"{where(item, key)}: 没有名为“{item[key]}”的战场（有：{'、'.join(state.battlefields)}；或 base）"
        )


def _known_name(state: GameState, name: str) -> bool:
    """A unit id on the starting board, a card name, a numbered unit of a card (“名#2”), a chain item (“#1”), a player,
    a battlefield (a chosen one's name), a player's rune or a battlefield's facedown card."""
    base = name.split("#", 1)[0]
    chain_item = name.startswith("#") and name[1:].isdigit()
    rune = rune_ref(name)  # a rune in play, 符文:<player>:<number> (a number the player has not is the rules' refusal)
    hidden = facedown_ref(name)  # the card face down at a battlefield, 正面朝下:<battlefield> (none there: the rules' refusal)
    return (name in state.units or name in state.cards or base in state.cards or chain_item or name in state.players
            or name in state.battlefields or (rune is not None and rune.player in state.players)
            or (hidden is not None and hidden.battlefield in state.battlefields))


# An unknown name is a broken scenario, never a refusal by the rules (even under expect_illegal).
def _check_names(state: GameState, item: dict) -> None:
    keys = ("move", "recall", "targets", "activate", *(("resolve",) if "ability" in item else ()))
    named = [
        (name, where(item[key], i) if isinstance(item[key], list) else where(item, key))
        for key in keys
        if key in item
        for i, name in enumerate(_names(item[key]))
    ]
    extra = [name for chosen in item.get("repeat_targets", []) for name in _names(chosen)]
    named += [(name, where(item, "repeat_targets")) for name in extra]
    named += [(name, where(plan, name)) for plan in (item.get("assign") or {}).values() for name in plan]
    for name, node in named:
        if not _known_name(state, name):
            close = difflib.get_close_matches(name, [*state.units, *state.cards], n=3, cutoff=0.4)
            hint = f"（是否指：{'、'.join(close)}？）" if close else ""
            raise ScenarioError(f"{node}: 未知的单位或牌“{name}”：既不是局面中的单位 id，也不是牌名{hint}")


def _check_ability(state: GameState, item: dict, node: Node) -> None:
    name = item["resolve"]
    unit = state.units.get(name)
    card = state.cards.get(unit.card if unit else name)
    if card and item["ability"] not in card.triggers:
        raise ScenarioError(f"{where(item, 'ability')}: {card.name} 没有 {item['ability']} 能力")


def _assignment(state: GameState, value: dict, node: Node) -> dict[str, dict[str, int]]:
    for player in value:
        _player(state.players, player, where(value, player))
    return {player: dict(plan) for player, plan in value.items()}


# -- expectations ------------------------------------------------------------


def _expectation(state: GameState, item: dict, node: Node) -> Expectation:
    subjects = [key for key in item if key in SUBJECTS]
    if "card" in subjects and "player" in subjects:
        subjects.remove("player")  # card + player: the player whose zone holds the card
    if len(subjects) != 1:
        raise ScenarioError(
            f"{node}: 每条预期须恰有一个对象（{'、'.join(SUBJECTS)}），这里有：{'、'.join(subjects) or '无'}"
        )
    subject = subjects[0]
    allowed = {
        "unit": {
            "might",
            "damage",
            "alive",
            "location",
            "controller",
            "exhausted",
            "stunned",
            "buffs",
            "mighty",
            "designation",
            "keywords",
            "empowered",
            "name",
        },
        "player": {"points", "xp", "hand", "drawn", "deck", "trash", "runes", "ready_runes", "energy", "power"},
        "battlefield": {"controller", "contested", "facedown"},
        "card": {"player", "zone", "mighty"},
        "gear": {"controller", "location", "attached_to"},
        "legend": {"controller", "exhausted", "empowered"},
        "chain": set(),
        "winner": set(),
        "cites": set(),
        "not_cites": set(),
    }[subject] | {subject, "note"}
    extra = [key for key in item if key not in allowed]
    if extra:
        raise ScenarioError(
            f"{node}: 对 {subject} 的预期不接受 {'、'.join(extra)}（可用：{'、'.join(sorted(allowed - {subject}))}）"
        )
    if subject == "player" or (subject == "card" and "player" in item):
        _player(state.players, item["player"], where(item, "player"))
    if subject == "unit" and not _known_name(state, str(item["unit"])):
        raise ScenarioError(f"{where(item, 'unit')}: 未知的单位“{item['unit']}”：既不是局面中的单位 id，也不是牌名")
    if subject == "battlefield" and item["battlefield"] not in state.battlefields:
        raise ScenarioError(f"{where(item, 'battlefield')}: 没有名为“{item['battlefield']}”的战场")
    if subject in ("card", "gear"):
        _card(state.cards, item[subject], where(item, subject))
    if subject == "legend" and item["legend"] not in state.legends:
        known = "、".join(state.legends) or "无"
        raise ScenarioError(f"{where(item, 'legend')}: 没有传奇“{item['legend']}”（局面中的传奇：{known}）")
    if subject in ("cites", "not_cites"):
        for number in _names(item[subject]):
            try:
                RuleNumber.parse(number)
            except JudgekitError as error:
                raise ScenarioError(f"{where(item, subject)}: {error}") from None
    return Expectation(dict(item), node)
