"""A scenario's card definitions (its `cards:` block, and cards/library.yaml) checked and made into CardDefs.

Below ``scenario`` (which reads whole files) and ``imported`` (the card store), so that the card
compiler's gate checks a compiled tree exactly as a scenario's own card is checked without importing
either: the card store compiles cards, and a scenario reads the card store.
"""

from __future__ import annotations

from judgekit.engine import replacement
from judgekit.engine.cards import (
    ACTIVATION_CONDITIONS,
    OBJECTS,
    QUICK_DRAW,
    UNIT_OR_GEAR,
    UNIT_TYPES,
    CardDef,
    ability_kind,
    card_from_data,
    target_spec,
)
from judgekit.engine.desugar import map_effects
from judgekit.engine.events import UNIT_CONDITIONS
from judgekit.engine.filters import GEAR_FILTER_KEYS, unknown_reads
from judgekit.engine.instructions import THIS_CARD, is_target_part, selector_key
from judgekit.engine.layers import STATIC_READS
from judgekit.engine.targeting import ACTS_ON, ITEM_COSTS, NO_FILTER_KINDS, OBJECT_FILTER_KEYS
from judgekit.errors import ScenarioError
from judgekit.scenarios.keywords import glossary_names, keyword_name
from judgekit.scenarios.schema import Node, validate_card, where
from judgekit.scenarios.spelling import spelled


def check_card(data, name: str) -> CardDef:
    """The card *name* of *data* (schema-valid, mappings that know where they are, as a loaded file's)
    checked as a scenario's `cards:` entry is."""
    return card_definitions(data, check_schema=False)[name]


def card_definitions(data: dict, check_schema: bool) -> dict[str, CardDef]:
    """Cards by name; *check_schema* for the library file, which the scenario schema did not cover."""
    cards = {}
    for name, entry in data.items():
        node = where(data, name)
        if check_schema:
            validate_card(spelled(entry, name), name, node)
        for keyword in entry.get("keywords", {}):
            if keyword_name(keyword) is None:
                raise ScenarioError(f"{where(entry['keywords'], keyword)}: {name}：未知关键词“{keyword}”")
            if keyword_name(keyword) == QUICK_DRAW and entry["type"] != "gear":  # 819.1.a
                raise ScenarioError(f"{where(entry['keywords'], keyword)}: {name}：[灵便]只在装备上（打出时贴附到你控制的单位）")
        for effect in _all_effects(entry):
            grant = effect.get("grant")
            if grant and sum(key in grant for key in ("keyword", "keywords_of", "ability")) != 1:
                raise ScenarioError(f"{node}: {name}：grant 写一个关键词（keyword）、来源的关键词（keywords_of: self）或一个技能"
                                    "（ability），且只写其一")
            if grant and "ability" in grant and ability_kind(grant["ability"]) not in ("triggered", "activated"):
                raise ScenarioError(f"{node}: {name}：grant 给予的技能须是触发能力或启动能力")
            if grant and "keyword" in grant and keyword_name(grant["keyword"]) is None:
                raise ScenarioError(f"{node}: {name}：未知关键词“{grant['keyword']}”")
        for index, spec in enumerate(entry.get("replacements", [])):
            problem = replacement.spec_problem(spec)
            if problem:
                raise ScenarioError(f"{where(entry['replacements'], index)}: {name}：替代能力无法施加——{problem}")
        _check_gear_verbs(entry, entry.get("target"), name, node)
        _check_object_kinds(entry, entry.get("target"), name, node)
        _check_gear_filters(entry, name, node)
        _check_this_card(entry, name, node)
        _check_target_parts(entry, name, node)
        _check_paid_additional(entry, name, node)
        _check_from_hand(entry, name, node)
        _check_target_is(entry, name, node)
        _check_cost_changes(entry, name, node)
        _check_target_conditions(entry, name, node)
        for index, ability in enumerate(entry.get("abilities", [])):
            moved = isinstance(ability.get("trigger"), (str, dict)) and _event_of(ability["trigger"]) == "moved"
            at_origin = any(isinstance(e.get("create"), dict) and e["create"].get("at") == "origin" for e in _all_effects(ability))
            if at_origin and not moved:
                raise ScenarioError(f"{where(entry['abilities'], index)}: {name}：create 的 at: origin（移动的起点）只用于“当……移动时”的触发能力")
        if any(isinstance(e.get("create"), dict) and e["create"].get("at") == "origin" for e in _own_effects(entry)):
            raise ScenarioError(f"{node}: {name}：create 的 at: origin（移动的起点）只用于“当……移动时”的触发能力")
        wrong = sorted({verb for effect in _all_effects(entry) for verb, param in effect.items()
                        if isinstance(param, dict) and param.get(selector_key(verb)) == "legend"} - LEGEND_VERBS)
        if wrong:
            raise ScenarioError(f"{node}: {name}：to: legend（你的传奇）只用于 {'、'.join(sorted(LEGEND_VERBS))}，不用于 {'、'.join(wrong)}")
        if "target_if_paid" in entry and ("target" not in entry or "modes" in entry or
                                          "optional" not in (entry.get("additional_cost") or {})):
            raise ScenarioError(f"{node}: {name}：target_if_paid（支付额外费用时改选的目标）须与 target、"
                                "additional_cost.optional 同写，且不与 modes 同用")
        if _names_paid_with({key: value for key, value in entry.items() if key != "abilities"}):
            raise ScenarioError(f"{node}: {name}：paid_with（费用所用的单位）只用于费用有 object 的能力")
        for index, ability in enumerate(entry.get("abilities", [])):
            _check_ability_kind(ability, name, where(entry["abilities"], index), entry["type"])
            _check_gear_verbs(ability, ability.get("target", entry.get("target")), name, where(entry["abilities"], index))
            _check_object_kinds(ability, ability.get("target", entry.get("target")), name, where(entry["abilities"], index))
            _check_unit_conditions(entry["type"], ability, name, where(entry["abilities"], index))
            if "trigger" in ability and set(ability.get("cost", {})) - {"exhaust", "disempower", "spend_buff", "spend_buffs",
                                                                         "energy", "power", "runes", "recycle_self", "kill",
                                                                         "banish_from_trash", "object"}:
                raise ScenarioError(
                    f"{where(entry['abilities'], index)}: {name}：触发能力的费用（204.3.a）目前只能是横置来源、消耗其（或你单位的）增益、"
                    "解除强化、回收此牌、摧毁友方物体、从废牌堆放逐一张牌、用你的一名单位支付（object）与能量、符能"
                )
            if _names_paid_with(ability) and "object" not in ability.get("cost", {}):
                raise ScenarioError(f"{where(entry['abilities'], index)}: {name}：paid_with（费用所用的单位）只用于费用有 object 的能力")
            if "kill" in ability.get("cost", {}) and "trigger" not in ability:
                raise ScenarioError(f"{where(entry['abilities'], index)}: {name}：费用 kill（摧毁若干友方物体）目前只作触发能力的费用")
            own_death = ability.get("trigger") == "killed" or (isinstance(ability.get("trigger"), dict) and set(
                ability["trigger"]) <= {"event", "subject"} and ability["trigger"].get("event") == "killed" and
                ability["trigger"].get("subject", "self") == "self")
            if ability.get("cost", {}).get("recycle_self") and not own_death:  # its card is in the trash only then
                raise ScenarioError(f"{where(entry['abilities'], index)}: {name}：recycle_self（回收此牌）只作“当我被摧毁时”的费用")
        if _reads_killed(entry) and (entry["type"] != "spell" or "kill" not in (entry.get("additional_cost") or {}) or
                                     _reads_killed(entry.get("abilities", []))):
            raise ScenarioError(f"{node}: {name}：killed_for_cost（为额外费用摧毁的单位的费用）只写在有 additional_cost kill 的法术自身的效果里")
        if _paid_outside(entry):
            raise ScenarioError(f"{node}: {name}：{{paid: true}}（支付的数量）只能写在 pay_any 的 then 里")
        flow_value = next((value for keyword, value in entry.get("keywords", {}).items() if keyword_name(keyword) == "流转"), 0)
        if "flow" in entry and flow_value is not None:  # the cost is written once: its value, or the flow cost
            raise ScenarioError(f"{node}: {name}：flow（含符能的流转费用，829.1.c）须与值留空的关键词 流转 同写")
        if (entry.get("additional_cost") or {}).get("enters_ready") and entry["type"] not in ("unit", "champion"):
            raise ScenarioError(f"{node}: {name}：additional_cost 的 enters_ready（支付后以活跃状态进场）只写在单位牌上")
        extra = entry.get("additional_cost") or {}
        if "discount_each" in extra and (extra.get("optional") or {}).get("spend_buff") != "any":
            raise ScenarioError(f"{node}: {name}：additional_cost 的 discount_each（每消耗一个增益便减费）须与 spend_buff: any 同用")
        if entry.get("distinct_modes") and not entry.get("modes"):
            raise ScenarioError(f"{node}: {name}：distinct_modes（每次执行选择未选过的模式）只写在有 modes 的牌上")
        if entry.get("from_trash") and (entry["type"] not in ("unit", "champion") or any(
                keyword_name(keyword) == "流转" for keyword in entry.get("keywords", {}))):
            raise ScenarioError(f"{node}: {name}：from_trash（从废牌堆中将我打出的许可，366.1）只写在没有流转的单位牌上")
        if entry.get("play_to") and entry["type"] not in ("unit", "champion", "token"):
            raise ScenarioError(f"{node}: {name}：play_to（单位可被打出到的其他战场，355.2.b）只写在单位牌上")
        if (entry.get("name_tag") or {}).get("gain") and entry["type"] not in ("unit", "champion"):
            raise ScenarioError(f"{node}: {name}：name_tag 的 gain（获得所宣告的属性标签）只写在单位牌上")
        if _mentions_value(entry, "tag", {"named": True}) and "name_tag" not in entry:
            raise ScenarioError(f"{node}: {name}：tag: {{named: true}}（所宣告的属性标签）须与 name_tag（打出时宣告）同写")
        if "name_tag" in entry and entry["type"] not in ("unit", "champion", "gear"):
            raise ScenarioError(f"{node}: {name}：name_tag（打出时宣告属性标签）只写在单位与装备牌上")
        places = entry.get("ambush_to") or []
        if "cost_killed" in ([places] if isinstance(places, str) else places) and "kill" not in entry.get("additional_cost", {}):
            raise ScenarioError(f"{node}: {name}：ambush_to 的 cost_killed 须有摧毁友方单位的额外费用（additional_cost: {{kill: …}}）")
        if entry.get("ambush_to") and entry["type"] not in ("unit", "champion", "token"):
            raise ScenarioError(f"{node}: {name}：ambush_to（伏击另可打出到的战场，822.1.d）只写在单位牌上")
        if entry.get("token") and entry["type"] != "gear":  # a token unit is type token (185.2.d)
            raise ScenarioError(f"{node}: {name}：token: true 只写在指示物装备上（type: gear）；指示物单位写 type: token")
        if entry["type"] in ("unit", "champion", "token") and entry.get("might") is None:
            raise ScenarioError(f"{node}: {name}：单位牌须有战力（might）")
        cards[name] = card_from_data(name, glossary_names(entry))
    return cards


def _reads_killed(value) -> bool:
    """Whether the amount ``killed_for_cost`` (the unit killed to pay the card's additional cost) stands anywhere."""
    if isinstance(value, list):
        return any(_reads_killed(part) for part in value)
    return isinstance(value, dict) and ("killed_for_cost" in value or any(_reads_killed(part) for part in value.values()))


def _paid_outside(value) -> bool:
    """Whether an amount ``{paid: true}`` stands anywhere but in the ``then`` of a ``pay_any`` (nothing was paid there)."""
    if isinstance(value, list):
        return any(_paid_outside(part) for part in value)
    if not isinstance(value, dict):
        return False
    if value == {"paid": True}:
        return True
    return any(_paid_outside({k: v for k, v in part.items() if k != "then"} if key == "pay_any" else part)
               for key, part in value.items() if isinstance(part, (dict, list)))


def _check_ability_kind(ability: dict, name: str, node: Node, card_type: str) -> None:
    """An ability is one kind: triggered or activated with effects, or a replacement, or a "can't"."""
    kind = ability_kind(ability)
    kinds = [key for key in ("trigger", "cost", "replacement", "cant", "static") if key in ability]
    if kinds == ["trigger", "cost"]:  # “you may exhaust me to …”: a triggered ability's base cost (204.3.a)
        kinds = ["trigger"]
    unchecked = set(ability.get("condition", {})) - ACTIVATION_CONDITIONS if kind == "activated" else set()
    if unchecked:  # 377.2.b: the engine checks these as the ability is activated; another would be ignored
        raise ScenarioError(f"{node}: {name}：启动能力的使用条件目前只能是 {'、'.join(sorted(ACTIVATION_CONDITIONS))}"
                            f"（{'、'.join(sorted(unchecked))} 不会被检查）")
    specs = ability.get("target") if isinstance(ability.get("target"), list) else [ability.get("target")]
    if kind == "triggered" and any(isinstance(spec, dict) and spec.get("kind") == "battlefield" for spec in specs):
        raise ScenarioError(f"{node}: {name}：触发能力选择战场（kind: battlefield）为目标，引擎尚缺；法术和启动能力可以")
    if "cost_change" in ability and kind != "activated":  # “this ability costs ① less”: read as it is activated
        raise ScenarioError(f"{node}: {name}：cost_change 是启动能力自身的费用变化（静态能力写 static: {{cost_change}}）")
    if "while" in ability and kind != "static":  # only a static's condition may stand beside it (desugar.py)
        raise ScenarioError(f"{node}: {name}：while 是静态能力的条件；触发能力写 condition，效果写 if")
    if len(kinds) > 1:
        raise ScenarioError(f"{node}: {name}：一个能力只能是一种（{'、'.join(kinds)} 不能同时出现）")
    has_effects = bool(ability.get("effects"))
    if kind in ("triggered", "activated") and not has_effects:
        raise ScenarioError(f"{node}: {name}：触发式或启动能力须有 effects")
    if kind in ("replacement", "cant", "static") and has_effects:
        raise ScenarioError(f"{node}: {name}：{kind} 能力不写 effects（它替代或禁止的内容写在 {kind} 里）")
    static = ability.get("static", {})
    if "min" in static and not (isinstance(static.get("might"), int) and static["might"] < 0):
        raise ScenarioError(f"{node}: {name}：静态能力的 min（“不得低于N战力”）只用于减少战力（might 为负数）")
    if "play_to" in static and card_type not in UNIT_TYPES:
        raise ScenarioError(f"{node}: {name}：静态的 play_to（友方单位可被打出到的战场）目前只写在单位上")
    if "might_bonus_times" in static and card_type not in UNIT_TYPES:
        raise ScenarioError(f"{node}: {name}：might_bonus_times（贴附的武装提供 N 倍基础战力加成）只用于单位自身")
    if "enters_exhausted" in static and card_type != "gear":
        raise ScenarioError(f"{node}: {name}：enters_exhausted（以休眠状态进场）只用于装备：单位本就以休眠状态进场")
    if static.get("cant") == "be_countered" and static.get("to", "self") != "self":
        raise ScenarioError(f"{node}: {name}：“不能被反制”目前只能是此牌自身（to: self）")
    for key in ("grant", "equipment_grant"):
        if key in static and keyword_name(static[key]) is None:
            raise ScenarioError(f"{node}: {name}：未知关键词“{static[key]}”")
    reads_might = unknown_reads([static.get(key) for key in ("to", "while", "might", "value")], STATIC_READS)
    if reads_might and {"grant", "might", "might_bonus_times"} & set(static):
        raise ScenarioError(
            f"{node}: {name}：给予关键词或改变战力的静态能力不能读取战力（{'、'.join(reads_might)}）——"
            "它本身就在这些层级里，会依赖自己（477）"
        )
    problem = replacement.spec_problem(ability["replacement"]) if kind == "replacement" else ""
    if kind == "replacement" and isinstance(ability["replacement"].get("affects"), dict) and card_type not in UNIT_TYPES:
        problem = "affects: {each: FILTER} 是单位的（从此单位看所指的单位），其他牌引擎尚缺"
    if problem:
        raise ScenarioError(f"{node}: {name}：替代能力无法施加——{problem}")


def _check_target_conditions(entry: dict, name: str, node: Node) -> None:
    """A target part's ``if`` (chosen only while it holds as the card is played) is a spell's last part's: the parts
    before it take their counts in order (targeting.split)."""
    target = entry.get("target")
    parts = target if isinstance(target, list) else [target]
    conditional = [index for index, part in enumerate(parts) if isinstance(part, dict) and "if" in part]
    if conditional and (entry["type"] != "spell" or conditional != [len(parts) - 1] or len(parts) < 2):
        raise ScenarioError(f"{node}: {name}：目标的 if（打出时成立才选择）只写在法术最后一组目标上")


def _check_cost_changes(entry: dict, name: str, node: Node) -> None:
    """A battlefield's cost changes work for its controller (``while: controlled``); a unit's never say so; a Repeat
    discount (``repeat_costs``) is a battlefield's."""
    for change in entry.get("cost_changes", ()):
        battlefield = entry["type"] == "battlefield"
        if change["applies"] == "spells_choosing_here":  # a battlefield's, for every player's spells (no “you”)
            if not battlefield or "while" in change:
                raise ScenarioError(f"{node}: {name}：spells_choosing_here（选择此处单位的法术）只写在战场上，对每名玩家生效，不写 while")
            continue
        if battlefield != (change.get("while") == "controlled"):
            raise ScenarioError(f"{node}: {name}：while: controlled（“如果此战场受你控制”）只用于、且必须用于战场的 cost_changes")
        if battlefield and change["applies"] not in ("friendly_units", "friendly_spells", "friendly_gear", "repeat_costs",
                                                     "gear_abilities", "empower_costs"):
            raise ScenarioError(f"{node}: {name}：战场的 cost_changes 只改变其控制者的单位、法术、装备、回响费用、装备技能或强化费用")
        if ("where" in change) != (change["applies"] == "empower_costs" and "where" in change):
            raise ScenarioError(f"{node}: {name}：where: here 只用于 empower_costs（此处单位的强化费用）")
        if change["applies"] == "repeat_costs" and (not battlefield or set(change) - {"applies", "energy", "while"}
                                                    or change.get("energy", 0) >= 0):
            raise ScenarioError(f"{node}: {name}：repeat_costs（回响费用减少）目前只写在战场上，只减少能量（energy 为负）")


def _check_unit_conditions(card_type: str, ability: dict, name: str, node: Node) -> None:
    """Conditions about the ability's own unit: on a card that is never a unit, nor a gear (whose trigger's event unit
    they qualify), they could never hold."""
    wrong = [part for part in ability.get("condition", {}) if part in UNIT_CONDITIONS]
    if wrong and card_type in ("battlefield", "legend", "spell"):
        raise ScenarioError(f"{node}: {name}：{'、'.join(wrong)} 是关于能力所在单位的条件，{card_type} 不是单位，这个条件无从成立")


def _check_object_kinds(entry: dict, target, name: str, node: Node) -> None:
    """A spec choosing objects of several kinds (``kind: [unit, gear, rune, legend]``, 123): what is done to the chosen
    is something every one of those kinds can have done (``ACTS_ON``), and a rune's or a legend's filter reads only
    whose it is, “other” and its status (``OBJECT_FILTER_KEYS``)."""
    spec = target_spec(target) if not isinstance(target, list) else None
    if spec is None or spec.kind != OBJECTS:
        return
    readable = frozenset() if NO_FILTER_KINDS & set(spec.kinds) else OBJECT_FILTER_KEYS
    unread = sorted(set(spec.only or {}) - readable) if {"rune", "legend", *NO_FILTER_KINDS} & set(spec.kinds) else []
    if unread or ({"rune", "legend", *NO_FILTER_KINDS} & set(spec.kinds) and spec.where != "anywhere"):
        raise ScenarioError(f"{node}: {name}：符文与传奇的筛选只读 who、other、exhausted，面朝下的牌只读 who、other"
                            f"（不读 {'、'.join(unread) or spec.where}）")
    found: list[dict] = []
    map_effects({"effects": entry.get("effects", [])}, lambda effect: found.append(effect) or effect)  # nested ones too
    verbs = [(verb, param) for effect in found for verb, param in effect.items() if verb in ACTS_ON]
    wrong = sorted({verb for verb, param in verbs if _on_the_target(verb, param) and not set(spec.kinds) <= ACTS_ON[verb]})
    if wrong:
        raise ScenarioError(f"{node}: {name}：目标可以是{'、'.join(spec.kinds)}，效果 {'、'.join(wrong)} 不能作用于其中每一种")


def _check_gear_verbs(entry: dict, target, name: str, node: Node) -> None:
    """What chooses gear (or names every gear, ``{each: {kind: gear}}``) may only do to it what a gear can have done
    (never a unit verb silently doing nothing); a gear's filter reads only what a gear has."""
    spec = target_spec(target)
    trigger = entry.get("trigger")
    gear_event = target == "event_subject" and isinstance(trigger, dict) and trigger.get("card_type") == "gear"
    # a unit or a gear: what both can have done; the gear a trigger's event is about (“当对手打出一件装备时”)
    chooses_gear = gear_event or spec is not None and spec.kind in ("gear", UNIT_OR_GEAR)
    wrong = []
    for effect in entry.get("effects", []):
        verb = next(iter(effect))
        param = effect[verb]
        selector = param.get(selector_key(verb)) if isinstance(param, dict) else None
        each_gear = isinstance(selector, dict) and selector.get("each", {}).get("kind") == "gear"
        on_gear = each_gear or (chooses_gear and _on_the_target(verb, param))
        if on_gear and "gear" not in ACTS_ON.get(verb, {"gear"}):
            wrong.append(verb)
        if on_gear and verb == "grant" and param.get("until", "turn") != "permanent":
            raise ScenarioError(f"{node}: {name}：给予装备的关键词目前只能是永久的（until: permanent）")
    if wrong:
        usable = [verb for verb, kinds in ACTS_ON.items() if "gear" in kinds]
        raise ScenarioError(f"{node}: {name}：目标是装备，效果 {'、'.join(wrong)} 只作用于单位；对装备可用：{'、'.join(usable)}")


def _on_the_target(verb: str, params) -> bool:
    """Whether an effect acts on the ability's targets: its object is left to the default or names them
    (“…destroy a gear. If you do, buff me”: the buff's ``to: self`` is the source, not the gear)."""
    chosen = params.get("what" if verb == "move" else "to") if isinstance(params, dict) else None
    return chosen is None or chosen == "target" or (isinstance(chosen, dict) and set(chosen) == {"target"})


def _check_gear_filters(entry: dict, name: str, node: Node) -> None:
    """A filter of gear reads only what a gear has (``GEAR_FILTER_KEYS``); a static ability on gear is not built (one
    that counts gear, “+1 Might for each friendly gear”, reads them as any amount does)."""
    for found in _gear_filters(entry):
        unread = sorted(set(found) - GEAR_FILTER_KEYS)
        if unread:
            raise ScenarioError(f"{node}: {name}：装备的筛选不能读取单位的状态（{'、'.join(unread)}）")
    if any(_gear_filters(ability.get("static", {}).get("to")) for ability in entry.get("abilities", [])
           if isinstance(ability.get("static"), dict)):
        raise ScenarioError(f"{node}: {name}：作用于装备的静态能力（kind: gear）引擎尚缺")


def _gear_filters(value, key: str = "") -> list[dict]:
    """The filters of gear (``kind: gear``) under ``each`` / ``count`` / ``controls``."""
    found = []
    if isinstance(value, dict):
        if key in ("each", "count", "controls") and value.get("kind") == "gear":
            found.append(value)
        for inner, part in value.items():
            found += _gear_filters(part, inner)
    elif isinstance(value, list):
        for part in value:
            found += _gear_filters(part, key)
    return found


def _check_this_card(entry: dict, name: str, node: Node) -> None:
    """``this_card`` names a spell's own card on the chain: only a spell's instructions have one (never a unit's
    ability or a trigger, which would act on nothing)."""
    in_abilities = any(_names_this_card(effect) for ability in entry.get("abilities", []) for effect in _all_effects(ability))
    if in_abilities or (entry["type"] != "spell" and any(_names_this_card(effect) for effect in _all_effects(entry))):
        raise ScenarioError(f"{node}: {name}：this_card 是正在结算的法术自身，只能写在法术牌自己的效果里")


def _check_target_parts(entry: dict, name: str, node: Node) -> None:
    """Several target specs: a spell's own or an ability's, of units, split unambiguously; every ``{target: N}`` names
    one of them."""
    for index, place in enumerate((entry, *entry.get("abilities", []))):
        at = node if place is entry else where(entry["abilities"], index - 1)
        _check_parts(place.get("target"), entry["type"] == "spell" or place is not entry, name, at,
                     entry["type"] == "spell" and place is entry)
    for place in (entry, *entry.get("abilities", [])):
        target = place.get("target")
        own = len(target) if isinstance(target, list) else (1 if target is not None or place is entry else 0)
        for effect in _all_effects(place) if place is not entry else _own_effects(entry):
            selector = next(iter(effect.values()))
            wanted = selector.get("to") if isinstance(selector, dict) else None
            if is_target_part(wanted) and wanted["target"] > own:
                raise ScenarioError(f"{node}: {name}：to: {{target: {wanted['target']}}}，但只有 {own} 组目标")


def _check_parts(target, allowed: bool, name: str, node: Node, own_spell: bool = False) -> None:
    parts = target if isinstance(target, list) else None
    for spec in map(target_spec, parts or ([target] if target is not None else [])):
        if spec.kind == "spell" and set(spec.only or {}) - set(ITEM_COSTS):  # nothing of a chain item's filter ignored
            raise ScenarioError(f"{node}: {name}：结算链上的项的筛选只读 who、max_cost、cost、power、chooses"
                                f"（不读 {'、'.join(sorted(set(spec.only) - set(ITEM_COSTS)))}）")
        if spec.chooses is not None and spec.kind != "spell":
            raise ScenarioError(f"{node}: {name}：chooses 只用于选择结算链上的项（kind: spell）")
    first = target_spec(parts[0] if parts else target)
    if first is not None and first.where in ("same_battlefield", "other_location"):
        raise ScenarioError(f"{node}: {name}：where: {first.where} 指“与前一组目标位于同一战场”（或不同位置），只能用于多组目标中的第二组及以后")
    if parts is None:
        return
    specs = [target_spec(part) for part in parts]
    fields = [spec for spec in specs if spec.kind == "battlefield"]
    if own_spell and len(fields) == 1 and fields[0].count == 1 and not fields[0].up_to and len(specs) > 1:
        specs = [spec for spec in specs if spec.kind != "battlefield"]  # a spell's one battlefield beside its units (170.7)
    # a spell's own instructions may choose gear and spells on the chain beside its units (each part read by its kind)
    kinds = OWN_SPELL_PART_KINDS if own_spell else {"unit"}
    if not allowed or any(spec.kind not in kinds for spec in specs):
        raise ScenarioError(f"{node}: {name}：多组目标（target 为列表）用于法术牌自身的指示或能力，且每组都选择单位"
                            f"（法术自身的指示可以另有一处战场，也可以有选择装备或结算链上法术的一组）")
    if any(spec.chooses is not None and (spec.kind != "spell" or spec.chooses.get("target", 0) > index)
           for index, spec in enumerate(specs)):
        raise ScenarioError(f"{node}: {name}：chooses: {{target: N}} 用于选择结算链上法术的一组，N 须指它前面的一组")
    if any(spec.up_to or spec.count is None for spec in specs[:-1]):
        raise ScenarioError(f"{node}: {name}：多组目标中只有最后一组可以是“至多”或“任意数量”，脚本的目标才能按组分开")


def _check_paid_additional(entry: dict, name: str, node: Node) -> None:
    """``paid_additional_cost`` reads the card's own optional additional cost: as a spell resolves (``if:``), or as
    its “when you play me” triggers (``condition:``) — never on a card without one, never where it can't be known."""
    abilities = entry.get("abilities", [])
    in_own = _mentions(_own_effects(entry), PAID)
    in_abilities = _mentions([ability.get("effects", []) for ability in abilities if not _own_play(ability)], PAID)
    in_own_play = _mentions([ability.get("effects", []) for ability in abilities if _own_play(ability)], PAID)
    in_condition = any(PAID in ability.get("condition", {}) for ability in abilities)
    statics = [(a["static"], a.get("while", a["static"].get("while", {}))) for a in abilities if "static" in a]
    in_cost_change = any(_mentions([condition], PAID) for static, condition in statics if "cost_change" in static)
    if any(_mentions([condition], PAID) for static, condition in statics if "cost_change" not in static):
        raise ScenarioError(f"{node}: {name}：{PAID} 在静态能力中只能是此牌自身费用变化（cost_change）的条件（356.2.b.1）")
    if (in_own or in_abilities or in_own_play or in_condition or in_cost_change) and "optional" not in entry.get("additional_cost", {}):
        raise ScenarioError(f"{node}: {name}：{PAID} 读取此牌的可选额外费用，但它没有（additional_cost: {{optional: …}}）")
    if in_abilities or (in_own and entry["type"] != "spell"):
        raise ScenarioError(f"{node}: {name}：{PAID} 写在法术自己的效果的 if 里，或“当你打出我时”能力的 condition 或效果里")


def _own_play(ability: dict) -> bool:
    """A “when you play me” ability (356.2.b.1: it knows whether the card's optional additional cost was paid)."""
    trigger = ability.get("trigger")
    if isinstance(trigger, str):
        return trigger == "played"
    return isinstance(trigger, dict) and trigger.get("event") == "played" and trigger.get("subject", "self") == "self" \
        and set(trigger) <= {"event", "subject"}


OWN_SPELL_PART_KINDS = frozenset({"unit", "gear", "spell"})

PAID = "paid_additional_cost"


def _event_of(trigger) -> str:
    return trigger if isinstance(trigger, str) else trigger.get("event", "")


def _check_from_hand(entry: dict, name: str, node: Node) -> None:
    """``from_hand`` is known as the card is played: the condition of its own cost change reads it, and a spell's own
    instructions as it resolves (“如果你从手牌中打出此牌”)."""
    statics = [(a["static"], a.get("while", a["static"].get("while", {}))) for a in entry.get("abilities", []) if "static" in a]
    elsewhere = [static for static, condition in statics if "cost_change" not in static and _mentions([condition], "from_hand")]
    rest = [a for a in entry.get("abilities", []) if "static" not in a]
    in_own = _mentions(_own_effects(entry), "from_hand") and entry["type"] != "spell"
    if elsewhere or _mentions(rest, "from_hand") or in_own:
        raise ScenarioError(f"{node}: {name}：from_hand 只能是此牌自身费用变化（cost_change）的条件，或法术自己的效果的 if")
LEGEND_VERBS = frozenset(verb for verb, kinds in ACTS_ON.items() if "legend" in kinds)


def _check_target_is(entry: dict, name: str, node: Node) -> None:
    """``target_is`` reads the chosen targets as an instruction executes: only instructions that choose some have it
    (never a trigger's ``condition``, checked before anything is chosen)."""
    places = [(entry.get("target"), _own_effects(entry))]
    places += [(ability.get("target"), ability.get("effects", [])) for ability in entry.get("abilities", [])]
    if any(target is None and _mentions(effects, "target_is") for target, effects in places) or any(
            _mentions(ability.get("condition", {}), "target_is") for ability in entry.get("abilities", [])):
        raise ScenarioError(f"{node}: {name}：target_is 读取所选目标，只能写在选择了目标（target）的指示的 if 里")


def _mentions_value(value, key: str, wanted) -> bool:
    if isinstance(value, dict):
        return value.get(key) == wanted or any(_mentions_value(part, key, wanted) for part in value.values())
    return isinstance(value, list) and any(_mentions_value(part, key, wanted) for part in value)


def _mentions(value, key: str) -> bool:
    if isinstance(value, dict):
        return key in value or any(_mentions(part, key) for part in value.values())
    return isinstance(value, list) and any(_mentions(part, key) for part in value)


def _own_effects(entry: dict) -> list[dict]:
    """The effects of the card's own instructions (not its abilities')."""
    return _all_effects({key: value for key, value in entry.items() if key != "abilities"})


def _names_this_card(effect: dict) -> bool:
    param = next(iter(effect.values()))
    return isinstance(param, dict) and param.get("to") == THIS_CARD


def _names_paid_with(value) -> bool:
    """Whether *value* (an ability, its effects) names ``paid_with``: the unit its cost's ``object`` part took."""
    if isinstance(value, dict):
        return any(_names_paid_with(part) for key, part in value.items() if key != "cost")
    if isinstance(value, list):
        return any(_names_paid_with(part) for part in value)
    return value == "paid_with"


def _all_effects(entry: dict) -> list[dict]:
    """Every effect a card entry names, nested ones too: its own, its triggers', its abilities'."""
    found: list[dict] = []
    map_effects(entry, lambda effect: found.append(effect) or effect)
    return found
