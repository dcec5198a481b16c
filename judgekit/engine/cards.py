"""Card definitions (125–187): the facts printed on a card, and its abilities (361–392) in the effect vocabulary.

A card is an immutable value.  The project's card library (``cards/library.yaml``)
holds the cards the example disputes use; a scenario may define more inline.
Keyword names are the Chinese ones: a card written with the English names of ``rules_corpus/glossary.toml``
has them mapped as it is read, before it gets here (``scenarios.keywords``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from judgekit.engine.desugar import canonical

# Keywords whose values add up across sources (807.2, 809.2, 814.2).
SUMMED_KEYWORDS = ("强攻", "法盾", "坚守")
UNIT_TYPES = ("unit", "champion", "token")
TRIGGER_NAMES = {
    "deathknell": "绝念",
    "play": "打出时",
    "attack": "进攻",
    "defend": "防守",
    "conquer": "征服",
    "hold": "据守",
    "vision": "预知",
}

# The game events a triggered ability may watch for (382–383), with their names in traces.
EVENT_NAMES = {
    "played": "打出",
    "finalized": "确定",
    "countered": "被反制",
    "moved": "移动",
    "attacked": "进攻",
    "defended": "防守",
    "player_defended": "成为防守方",  # the defending player, once per combat (383.4.f); its object the battlefield
    "conquered": "征服",
    "held": "据守",
    "damaged": "受到伤害",
    "killed": "阵亡",
    "drawn": "抽牌",
    "burned_out": "燃尽",
    "became_mighty": "成为强力单位",
    "main_began": "主要阶段开始",
    "turn_began": "开始阶段开始",  # “at the start of your turn”: the start of the Beginning Phase (315.2.a.1)
    "won_combat": "赢得战斗",  # each unit of the player who won (466.3.c)
    "combat_won": "赢得一场战斗",  # the player who won, once per combat (466.3.a); its object is the battlefield
    "chosen": "被选中",  # a spell or ability targets the unit (383.4.b)
    "attached": "被贴附装备",  # a gear becomes attached to the unit (434); the event's cause is the gear
    "turn_ending": "回合结束",
    "empowered": "被强化",
    "might_changed": "战力变化",
    "stunned": "被眩晕",  # by a spell or ability of the event's player; not a unit already stunned (423.1.a.1)
    "buffed": "被给予增益",  # a buff placed on a unit that had none; not one refused (426.1.c)
    "readied": "变为活跃状态",  # an exhausted unit is readied, by a spell or ability or as its controller awakens (315.1)
    "combat_began": "此处发生战斗",  # the battlefield's event, its player the attacker (464.2): “when combat starts here”
    # a showdown opens at the battlefield, non-combat (316.8.b) or as a combat opens with one (464.2, 464.2.b), its player
    # the one who gains Focus: “when a showdown begins here”
    "showdown_began": "此处的法术对决开始",
    "combat_ended": "所在的战斗结束",  # each unit that was in the combat, as it ends (466.7)
    "rune_recycled": "回收一枚符文",  # one of the event player's runes to their rune deck (416.1.b): an effect's, or paying Power
    "activated": "被使用主动技能",  # a unit's, gear's or legend's activated ability resolves (377.2.a), its player the user
    "hid": "被正面朝下隐藏",  # a card hidden at a battlefield (811.1.c), its player who hid it
    # once for an action however many it takes (“每当你弃置任意数量的手牌时”, “…眩晕任意数量的敌方单位时”, “…将任意数量的
    # 卡牌回收到自己的主牌堆时”): the event's player who discarded / whose cards were recycled / who stunned
    "cards_discarded": "弃置任意数量的牌",
    "cards_recycled": "将任意数量的牌回收到主牌堆",
    "units_stunned": "眩晕任意数量的单位",  # one for each controller of the units one instruction stunned, its object the first
    "banished": "被放逐",  # a card to its owner's banishment from the board or the chain (427): the player its owner, the cause who banished it
    "buff_spent": "消耗一个增益",  # a buff of the unit spent by the event's player, as a cost or by an effect (702.2.b)
    "returned_to_hand": "返回手牌",  # a unit from the board to its owner's hand (a token ceases instead), its player the owner
    "units_killed": "任意数量的单位被摧毁",  # once for each player whose units one kill instruction or cleanup killed
    "left_board": "离场",  # a gear leaves the board (killed, returned to a hand): seen while it is still there (384.2)
    "discarded": "被弃置",  # a card of a hand to its owner's trash (422.1), its object the card (its id), its player who discarded
}

def ability_label(source: str, trigger: str) -> str:
    """How a triggered ability is named in traces: “沃利贝尔 的进攻能力”."""
    return f"{source} 的{TRIGGER_NAMES.get(trigger, trigger)}能力"


@dataclass(frozen=True)
class TargetSpec:
    """Which units an effect may choose: whose, where, how many."""

    kind: str = "unit"  # unit, spell (an item on the chain, 355.9.a.2), gear, player, battlefield (170.7), or event: the
    # triggering event's unit
    who: str = "any"  # any, friendly, enemy
    where: str = "anywhere"  # anywhere, battlefield, base, here (the source's location), moved_between (a move's ends),
    # same_battlefield (a part after the first: at the battlefield where the targets of the parts before it are),
    # other_location (a part after the first: not where any of them is)
    count: int | None = 1  # None: any number
    up_to: bool = False
    other: bool = False  # not the source itself
    token: bool = False  # token units only
    equipped: bool = False  # units with gear attached only
    max_cost: int | None = None  # a spell on the chain (not an ability) costing no more Energy than this
    separately: bool = False  # one instruction per target (“deal 2 to a unit” ×N): a unit may be chosen again
    per_location: bool = False  # at most one at each location (“up to one enemy unit at each location”), each bound to it
    same_location: bool = False  # all at one location (“up to three units at the same location”)
    one_controller: bool = False  # all controlled by one player (“这些单位的控制者必须相同”), a restriction on the set (355.9.b)
    total_might: dict | None = field(default=None, hash=False)  # their Mights added up, compared: ``{le: 8}`` (355.9.b)
    only: dict | None = field(default=None, hash=False)  # the card language's FILTER keys beyond these (layers.WITH_MIGHT)
    chooses: dict | None = field(default=None, hash=False)  # a spell on the chain that chose these (``{target: N}``)
    chooses_no_other: str | None = None  # … and chose no other unit of this side (friendly, enemy, any)
    parts: tuple[TargetSpec, ...] = ()  # several specs, each choosing its own targets in turn (``{target: N}``)
    condition: dict | None = field(default=None, hash=False)  # a spell's last part: chosen only while it holds as the
    # card is played (``if``; “等级6▸眩晕一名敌方单位”, 824.1.b.1), else it chooses none
    kinds: tuple[str, ...] = ()  # kind ``objects``: the kinds of object it chooses among (unit, gear, rune, legend)

    def describe(self) -> str:
        if self.parts:
            return "，以及".join(part.describe() for part in self.parts)
        who = {"any": "", "friendly": "友方", "enemy": "敌方"}[self.who]
        where = {"anywhere": "", "battlefield": "战场上的", "base": "基地中的", "here": "此处的", "moved_between": "移动起点或终点战场上的",
                 "same_battlefield": "与前一组目标位于同一战场的", "other_location": "与前一组目标位置不同的"}[self.where]
        count = "任意数量的" if self.count is None else (f"至多 {self.count} 名" if self.up_to else f"{self.count} 名")
        count = f"每个位置{'至多 ' if self.up_to else ''}1 名、共{count}" if self.per_location else count
        count = f"同一位置的{count}" if self.same_location else count
        count = f"控制者相同的{count}" if self.one_controller else count
        if self.total_might:
            (op, bound), = self.total_might.items()
            count = f"战力合计{COMPARISON_NAMES[op]} {bound} 的{count}"
        if self.kind == "event":
            return "触发事件涉及的单位"
        if self.kind == "spell":
            if self.max_cost is not None:
                return f"结算链上的{count.replace('名', '个')}能量费用不超过 {self.max_cost} 的{who}法术"
            return f"结算链上的{count.replace('名', '个')}{who}法术或能力"
        kind = ("已装配的" if self.equipped else "") + ("指示物" if self.token else "")
        if self.kind == "gear":
            return f"{count.replace('名', '件')}装备"
        if self.kind == "player":
            return f"{count}{'对手' if self.who == 'enemy' else '玩家'}"
        if self.kind == "legend":
            return f"{count.replace('名', '个')}{who}传奇"
        if self.kind == OBJECTS:  # “一个其他休眠的物体”: units, gear, runes, legends, each read by its own kind
            words = "、".join(OBJECT_KIND_NAMES[kind] for kind in self.kinds)
            return f"{count.replace('名', '个')}{'其他' if self.other else ''}{who}{words}"
        if self.kind == "battlefield":
            whose = {"any": "", "friendly": "你控制的", "enemy": "对手控制的"}[self.who]
            return f"{whose}{count.replace('名', '处')}战场"
        return f"{count}{where}{'其他' if self.other else ''}{kind}{who}单位"


@dataclass(frozen=True)
class Trigger:
    """What a triggered ability watches for (383): an event kind, about whose object, done by whom, from where."""

    event: str  # a key of EVENT_NAMES
    subject: str = "self"  # whose object the event is about: self, friendly, enemy, any
    player: str = "any"  # who the event's player is, seen from the controller: you, opponent, team (you or an ally), any
    zone: str = "board"  # where the source must be: board, base, battlefield, hand, trash
    card_type: str = "any"  # the event's object is a unit, a spell, or any card
    at: str = "anywhere"  # where it happens: anywhere, here (the source's location), from_here (a move's origin), friendly_battlefield (a battlefield the watcher's controller controls), other_battlefield (a battlefield not the source's location)
    responsible: str = "any"  # damaged, killed: who is responsible for the deal or kill, seen from the controller: you, any
    by: str = "any"  # damaged, killed: its source (417.6, 428.5): spell (or an ability a spell made), unit, ability, self, any
    at_least: int | None = None  # might_changed: might *becomes* N or more, crossing from below (709)
    other: bool = False  # “something else”: not about the source itself
    card: dict | None = field(default=None, hash=False)  # a FILTER the event's object meets (“a Mighty unit”, “a token unit”)
    hidden: bool = False  # played: only a card played from facedown (811.1.c.3: “when you play a card from facedown”)
    played_from: str | dict | None = field(default=None, hash=False)  # played: the zone it was from (``filters.played_from_is``)


    def describe(self) -> str:
        whose = {"self": "自身", "friendly": "友方", "enemy": "敌方", "any": ""}[self.subject]
        if self.at_least is not None:
            return f"{whose}战力变为 {self.at_least} 或以上时"
        return f"{whose}{EVENT_NAMES[self.event]}时"


OBJECT_ACT_NAMES = {"exhaust": "横置", "return_to_hand": "让其返回手牌", "recycle": "回收"}
DISEMPOWER_COSTS = {"self": "解除自身的强化", "friendly": "解除你控制的某物的强化"}


@dataclass(frozen=True)
class AbilityCost:
    """The cost of an activated ability (377): Energy, Power, exhausting the source, other costs."""

    energy: int = 0
    power: int = 0
    exhaust: bool = False
    kill_self: bool = False
    discard: int = 0
    spend_buff: bool = False  # spend the source's own buff
    spend_buffs: int = 0  # spend this many buffs of the controller's units, not targeted (355.10.c.1)
    kill_friendly: bool | str = False  # kill another friendly unit (``unit_or_gear``: or gear), named by cost_kill
    disempower: str | None = None  # “disempower me” (self) or “disempower something you control” (friendly), 442
    xp: int = 0  # spend this much XP (730.2)
    recycle: int = 0  # recycle this many cards of your choice from your trash (416.1.a)
    recycle_self: bool = False  # a triggered ability's: recycle its source's card from its owner's trash (204.3.a)
    kill: dict | None = None  # a triggered ability's: kill ``count`` friendly units / gear a FILTER takes (204.3.a)
    banish_from_trash: str | None = None  # a triggered ability's: banish a card from ``any`` trash or ``your`` own (427)
    runes: tuple[str, ...] = ()  # Power of these domains, one each (163.2)
    discard_card: dict | None = None  # the discarded cards meet this card filter (“Discard a gear”)
    recycle_card: dict | None = None  # the recycled cards meet this card filter (“从你的废牌堆中回收一名单位”)
    # one object of the controller's that a FILTER takes, exhausted, returned to its owner's hand or recycled (204.3.a,
    # 377): ``{act, what}`` (object_costs.OBJECT_ACTS); the instructions name it again as ``paid_with`` (359.3.e.13)
    object: dict | None = None

    def describe(self) -> str:
        parts = [f"能量 {self.energy}"] if self.energy else []
        parts += [f"符能 {self.power}"] if self.power else []
        parts += [f"{domain}符能 1" for domain in self.runes]
        parts += ["横置"] if self.exhaust else []
        parts += ["消耗自身的增益"] if self.spend_buff else []
        parts += [f"消耗 {self.spend_buffs} 个增益"] if self.spend_buffs else []
        parts += [DISEMPOWER_COSTS[self.disempower]] if self.disempower else []
        parts += ["摧毁自身"] if self.kill_self else []
        parts += ["摧毁一名友方单位" + ("或装备" if self.kill_friendly == "unit_or_gear" else "")] if self.kill_friendly else []
        parts += [f"弃 {self.discard} 张{'符合的' if self.discard_card else ''}牌"] if self.discard else []
        parts += [f"消耗 {self.xp} 点经验"] if self.xp else []
        parts += [f"从废牌堆回收 {self.recycle} 张{'符合的' if self.recycle_card else ''}牌"] if self.recycle else []
        parts += ["回收此牌"] if self.recycle_self else []
        parts += [f"摧毁 {self.kill.get('count', 1)} 个友方物体"] if self.kill else []
        parts += [f"从{'任意' if self.banish_from_trash == 'any' else '你的'}废牌堆放逐一张牌"] if self.banish_from_trash else []
        parts += [f"{OBJECT_ACT_NAMES[self.object['act']]}（一名符合的友方单位）"] if self.object else []
        return "、".join(parts) or "无费用"


@dataclass(frozen=True)
class Ability:
    """One ability in the typed tree: a trigger or a cost, a condition, targets, effects, a duration, a limit.

    A triggered ability (382) has ``trigger``; an activated one (376) has ``cost``; a replacement
    ability (368.1) has ``replacement`` (see replacement.py); a "can't" (054) has ``cant`` (see
    layers.py).
    ``condition`` is checked when the ability would trigger, and not again as it
    resolves (383.2.a.1: an "if" after the trigger is part of it).  ``reflexive`` effects form the
    ability that triggers when this one's effects were done ("when you do").
    """

    kind: str  # triggered, activated, replacement, cant
    effects: tuple[dict, ...]
    trigger: Trigger | None = None
    cost: AbilityCost | None = None
    condition: tuple[tuple[str, Any], ...] = ()
    target: TargetSpec | None = None
    duration: str | None = None
    limit: str | None = None
    reflexive: tuple[dict, ...] = ()
    reflexive_by_type: tuple[tuple[str, tuple[dict, ...]], ...] = ()  # one reflexive trigger per discarded card type
    name: str = ""  # how the ability is named in traces, and in a script's ``ability:``
    replacement: dict | None = None  # what event it replaces and with what (368.1)
    cant: dict | None = None  # what it forbids while its card is on the board (054)
    chooser: str | None = None  # event_player: a battlefield ability the event's player chooses for (190.6.c)
    static: dict | None = None  # a static ability (grant, might, cant: be_chosen) while its card is on the board, layers.py
    timing: str | None = None  # an activated ability's Action or Reaction (806.1.c.2, 813.1.c.2)
    cost_change: dict | None = None  # “this ability costs ① less (for each …) (if …)”: {energy, per, min, while}
    distinct_modes: str | None = None  # ``turn``: each “do A or B” of it picks a branch it has not picked this turn


@dataclass(frozen=True)
class CardDef:
    """A card as the engine plays it: its printed facts, keywords, instructions and abilities."""

    name: str
    type: str
    name_en: str | None = None
    cost: int | None = None
    power: int | None = None
    might: int | None = None
    might_bonus: int | None = None  # gear attached to a unit (477.3.d)
    domains: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    keywords: tuple[tuple[str, int | None], ...] = ()
    target: TargetSpec | None = None
    # “如果你支付了该额外费用，则改为选择Y”: what it chooses instead with its optional additional cost paid (355.1.a, 356.2.b.1)
    target_if_paid: TargetSpec | None = None
    effects: tuple[dict, ...] = ()  # what resolving the card does
    abilities: tuple[Ability, ...] = ()
    passives: dict[str, int] = field(default_factory=dict)  # bonus_damage, might_here, victory_score
    modes: dict[str, tuple[dict, ...]] = field(default_factory=dict)  # "choose one" (355.3)
    mode_targets: dict[str, TargetSpec] = field(default_factory=dict)  # a mode's own targets (“• deal 4 to a unit in a base”)
    legion: tuple[dict, ...] = ()  # effects added when Legion's condition holds (812.1.c)
    legion_instead: bool = False  # Legion's effects replace the card's own (“… instead”) rather than add to them
    repeat: tuple[int, ...] = ()  # the Energy cost of each Repeat instance (820)
    # the Power of each Repeat instance, one domain tuple a point (``()``: any domain): “回响②红色符能” is ((炽烈,),)
    repeat_power: tuple[tuple[tuple[str, ...], ...], ...] = ()
    repeat_discard: tuple[int, ...] = ()  # the cards each Repeat instance discards (“回响—弃置一张手牌”, 820.1, 422)
    extra_types: tuple[str, ...] = ()  # further card types: a unit that is also a gear (178)
    play_here: dict | None = None  # a battlefield taking units with a tag for extra Power (355.2.b), see locations.py
    play_only: str | None = None  # where alone the unit may be played (054.2): conquered_this_turn
    cost_changes: tuple[dict, ...] = ()  # cost increases and discounts (356.3–356.4), see costs.py
    static_keywords: tuple[dict, ...] = ()  # a gear's keywords for the unit it is attached to (718.3), see layers.py
    instructions: int = 1  # its effects written this many times as separate instructions, each choosing its targets
    additional_cost: dict[str, str] = field(default_factory=dict)  # {kill: friendly_unit}: paid as it is played (357.2)
    alternative_cost: dict[str, int] = field(default_factory=dict)  # {power, energy, spent_on_spell}: “pay only …”
    empower: dict = field(default_factory=dict)  # Empower and Empowered (827, 828), see empower.py
    flow_cost: dict = field(default_factory=dict)  # a Flow cost with Power (829.1.c), see costs.py
    from_trash: dict = field(default_factory=dict)  # {cost, while}: it may be played from its owner's trash (366.1, 356.1.a)
    distinct_modes: bool = False  # each execution (a Repeat's, 820.2) chooses a mode not chosen for another (355.3)
    token_gear: bool = False  # a gear that is a token (“金币” Gold): made by an effect, never a card (185)
    play_to: tuple[str, ...] = ()  # battlefields the unit may also be played to (355.2.b), see locations.py
    ambush_to: tuple[str, ...] = ()  # battlefields Ambush's permission also takes it to (822.1.d), see locations.py
    name_tag: dict | None = None  # “as you play this, name a tag” (763): {from: [...], gain: true}; {} any tag

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    @property
    def is_token(self) -> bool:
        """A token (179–187): a token unit (type token), or a token gear (``token: true`` on a gear, 180)."""
        return self.type == "token" or self.token_gear

    def is_type(self, wanted: str) -> bool:
        """Of the card type *wanted* (``unit`` covers champions and tokens too)."""
        return self.is_unit if wanted == "unit" else self.type == wanted

    @property
    def replacements(self) -> tuple[dict, ...]:
        """The replacement abilities printed on the card (368.1), in order, see replacement.py; one with a condition of
        its source (“已强化▸如果…，则改为…”) carries it, read as the event would happen."""
        return tuple({**a.replacement, "condition": dict(a.condition)} if a.condition else a.replacement
                     for a in self.abilities if a.kind == "replacement")

    @property
    def cant(self) -> tuple[dict, ...]:
        """What the card forbids while on the board (054), see layers.py."""
        return tuple(a.cant for a in self.abilities if a.kind == "cant")

    @cached_property  # read by the layers at every Might and keyword lookup
    def statics(self) -> tuple[dict, ...]:
        """The static abilities of the card language's ``{static: …}`` form, see layers.py."""
        return tuple(a.static for a in self.abilities if a.kind == "static")

    @property
    def triggers(self) -> dict[str, tuple[dict, ...]]:
        """The effects of each named triggered ability (“attack”, “deathknell”, …)."""
        return {a.name: a.effects for a in self.abilities if a.kind == "triggered"}

    @property
    def types(self) -> tuple[str, ...]:
        """Every card type it has (178): unit (a champion or token unit too), spell, gear, …"""
        return ("unit" if self.is_unit else self.type, *self.extra_types)

    def target_of(self, mode: str | None, paid: bool = False) -> TargetSpec | None:
        """What an execution in *mode* chooses (355.3, 355.5): the mode's own target spec, else the card's — with its
        optional additional cost paid (*paid*, chosen before targets, 355.1.a), ``target_if_paid`` when it has one."""
        if mode:
            return self.mode_targets.get(mode, self.target)
        return self.target_if_paid if paid and self.target_if_paid is not None else self.target

    def ability(self, name: str) -> Ability | None:
        return next((a for a in self.abilities if a.name == name), None)


COMPARISON_NAMES = {"lt": "小于", "le": "不超过", "gt": "大于", "ge": "至少", "eq": "等于"}  # the words of a comparison


def target_spec(value: Any) -> TargetSpec | None:
    if value is None:
        return None
    if isinstance(value, list):  # “choose an enemy unit and another unit”: one spec of parts, in order
        parts = tuple(target_spec(part) for part in value)
        counts = [part.count for part in parts]
        total = None if None in counts else sum(counts)
        return TargetSpec(count=total, up_to=parts[-1].up_to, separately=any(p.separately for p in parts), parts=parts)
    if isinstance(value, str):
        return TargetSpec(**TARGET_SHORTHANDS[value])
    own = {key: item for key, item in value.items() if key in TARGET_FIELDS and key != "condition"}
    rest = {key: item for key, item in value.items() if key not in TARGET_FIELDS and key != "if"}
    if "if" in value:  # a part chosen only while its condition holds as the card is played
        own["condition"] = dict(value["if"])
    if type(own.get("up_to")) is int and "count" not in own:  # “up to N”: written as its number, the count it may reach
        own["count"], own["up_to"] = own["up_to"], True
    if "up_to" in own and own["up_to"] is None:  # “up to any number”: no bound, none allowed too (355.13)
        own["count"], own["up_to"] = None, False
    if own.get("per_location") and "count" in own and own["count"] is None:  # “up to one at each location”: a choice of
        own["up_to"] = True  # any number in all, one at most at each place, none too (355.9.b, 355.13) — not “all of them”
    if isinstance(own.get("kind"), list) and sorted(own["kind"]) == ["gear", "unit"] and not (
            own.get("other") or own.get("up_to") or own.get("count", 1) != 1):
        own["kind"] = UNIT_OR_GEAR  # “a unit or a gear”: one spec choosing either (``kind: [unit, gear]``)
    elif isinstance(own.get("kind"), list):  # objects of several kinds, runes or legends among them (“ready something”)
        own["kind"], own["kinds"] = OBJECTS, tuple(own["kind"])
    return TargetSpec(**own, only=rest or None)


UNIT_OR_GEAR = "unit_or_gear"  # a target spec's kind that chooses units and gear alike
OBJECTS = "objects"  # a target spec's kind that chooses among several kinds of object (its ``kinds``)
OBJECT_KIND_NAMES = {"unit": "单位", "gear": "装备", "rune": "符文", "legend": "传奇", "facedown": "正面朝下的卡牌"}
OBJECT_KINDS = tuple(OBJECT_KIND_NAMES)  # the kinds a list may name (123), in the one order a card tree writes them
ANY_OBJECT_KINDS = OBJECT_KINDS[:4]  # “物体”, “something”: what can be exhausted or readied on the board (415.1)


TARGET_FIELDS = frozenset(TargetSpec.__dataclass_fields__) - {"only"}


TARGET_SHORTHANDS: dict[str, dict] = {
    "unit": {},
    "friendly_unit": {"who": "friendly"},
    "other_friendly_unit": {"who": "friendly", "other": True},
    "enemy_unit": {"who": "enemy"},
    "unit_at_battlefield": {"where": "battlefield"},
    "enemy_unit_here": {"who": "enemy", "where": "here"},
    "enemy_units_here": {"who": "enemy", "where": "here", "count": None},
    "units": {"count": None},
    "spell": {"kind": "spell"},
    "enemy_spell": {"kind": "spell", "who": "enemy"},
    "event_subject": {"kind": "event", "up_to": True},  # locked in as the ability triggers (359.3.f.3.a)
}


def card_from_data(name: str, data: dict) -> CardDef:
    """Build a card from validated scenario or library data, its older forms rewritten first (desugar.py)."""
    data = canonical(data)
    keywords = tuple(data.get("keywords", {}).items())
    return CardDef(
        name=name,
        type=data["type"],
        name_en=data.get("name_en"),
        cost=data.get("cost"),
        power=data.get("power"),
        might=data.get("might"),
        might_bonus=data.get("might_bonus"),
        domains=tuple(data.get("domains", ())),
        tags=tuple(data.get("tags", ())),
        keywords=keywords,
        target=target_spec(data.get("target")),
        target_if_paid=target_spec(data.get("target_if_paid")),
        effects=tuple(data.get("effects", ())),
        abilities=tuple(ability_from_data(entry, index) for index, entry in enumerate(data["abilities"]))
        + _keyword_abilities(name, data)
        + _empower_ability(data),
        passives=dict(data.get("passives", {})),
        modes={mode: tuple(entry["effects"]) for mode, entry in data.get("modes", {}).items()},
        mode_targets={mode: target_spec(entry["target"]) for mode, entry in data.get("modes", {}).items() if "target" in entry},
        legion=tuple(data.get("legion", ())),
        legion_instead=data.get("legion_instead", False),
        repeat=tuple(item if isinstance(item, int) else item.get("energy", 0) for item in data.get("repeat", ()))
        or tuple(v or 0 for k, v in keywords if k == "回响"),
        repeat_power=tuple(() if isinstance(item, int) else ((),) * item.get("power", 0) + tuple((d,) for d in item.get("runes", ()))
                           for item in data.get("repeat", ())),
        repeat_discard=tuple(0 if isinstance(item, int) else item.get("discard", 0) for item in data.get("repeat", ())),
        extra_types=tuple(data.get("extra_types", ())),
        play_here=data.get("play_here"),
        play_only=data.get("play_only"),
        cost_changes=tuple(data.get("cost_changes", ())),
        instructions=data.get("instructions", 1),
        static_keywords=tuple(dict(entry) for entry in data.get("static_keywords", ())),
        additional_cost=dict(data.get("additional_cost", {})),
        alternative_cost=dict(data.get("alternative_cost", {})),
        empower=dict(data.get("empower", {})),
        flow_cost=dict(data.get("flow", {}).get("cost", {})),
        from_trash=dict(data.get("from_trash", {})),
        distinct_modes=data.get("distinct_modes", False),
        token_gear=data.get("type") == "gear" and data.get("token", False),
        play_to=(data["play_to"],) if isinstance(data.get("play_to"), str) else tuple(data.get("play_to", ())),
        ambush_to=(data["ambush_to"],) if isinstance(data.get("ambush_to"), str) else tuple(data.get("ambush_to", ())),
        name_tag=dict(data["name_tag"] or {}) if "name_tag" in data else None,
    )


# Keywords that are triggered abilities: Vision is “when you play me, predict” (817.1.b).
KEYWORD_ABILITIES = {
    "预知": Ability("triggered", ({"predict": None},), Trigger("played", "self"), name="vision"),
    # 821.1.c: “When you play me, you may choose an Equipment you control … attach it to this unit” (gear.py)
    "百炼": Ability("triggered", ({"weaponmaster": None},), Trigger("played", "self"), name="百炼"),
}


HUNT = "狩猎"


def hunt_abilities(value: int | None) -> tuple[dict, ...]:
    """823.1.c.1 — Hunt X is “When I conquer or hold, my controller gains X XP” (X omitted: 1)."""
    return tuple(
        {"name": f"{HUNT}（{name}）", "trigger": {"event": event, "subject": "self"}, "effects": [{"gain_xp": value or 1}]}
        for event, name in (("conquered", "征服"), ("held", "据守"))
    )


QUICK_DRAW = "灵便"


def quick_draw_ability(name: str) -> Ability:
    """819.1.d — Quick-Draw is “[Reaction]” (``priority``) and “When you play this, attach it to a unit you control”."""
    return Ability("triggered", ({"attach": name},), Trigger("played", "self"), target=TargetSpec(who="friendly"), name=QUICK_DRAW)


def _keyword_abilities(name: str, data: dict) -> tuple[Ability, ...]:
    """The triggered abilities of a card's printed keywords: a unit's (Hunt's two, by its value, 823.1.c.1), a
    gear's Quick-Draw (819.1.d)."""
    if data["type"] == "gear" and QUICK_DRAW in data.get("keywords", {}):
        return (quick_draw_ability(name),)
    if data["type"] not in UNIT_TYPES:
        return ()
    printed = data.get("keywords", {})
    hunt = hunt_abilities(printed[HUNT]) if HUNT in printed else ()
    return tuple(ability for keyword, ability in KEYWORD_ABILITIES.items() if keyword in printed) + tuple(
        ability_from_data(entry, 0) for entry in hunt
    )


def _empower_ability(data: dict) -> tuple[Ability, ...]:
    """827.1.c.1 — Empower [cost] is short for “[cost]: empower me” (the only-if-not-Empowered check: empower.py)."""
    cost = data.get("empower", {}).get("cost")
    if cost is None:
        return ()
    change = data["empower"].get("cost_change")  # “This ability costs ③ less if …”
    either = data["empower"].get("or")  # “Empower — ① or [Body]”: a second Empower ability with the other cost (827.3)
    return (Ability("activated", ({"empower": None},), cost=ability_cost(cost), name="强化", cost_change=change),
            *((Ability("activated", ({"empower": None},), cost=ability_cost(either), name=EMPOWER_OTHER_COST,
                       cost_change=change),) if either else ()))


EMPOWER_OTHER_COST = "强化2"  # the Empower ability of the other cost, when a card gives two (827.3)


def ability_cost(cost: dict) -> AbilityCost:
    """A validated COST: a part taking cards of a kind (``discard: {amount, card}``, ``recycle: {amount, card}``) is
    its number and the card filter beside it."""
    fitting = {part: cost[part] for part in ("discard", "recycle") if isinstance(cost.get(part), dict)}
    return AbilityCost(**{**cost, "runes": tuple(cost.get("runes", ())),
                          **{part: given.get("amount", 1) for part, given in fitting.items()},
                          **{f"{part}_card": given["card"] for part, given in fitting.items()}})


def ability_from_data(entry: dict, index: int) -> Ability:
    """One validated ``abilities:`` entry; unnamed abilities are named by position (“ability1”)."""
    trigger = entry.get("trigger")
    if isinstance(trigger, str):
        trigger = {"event": trigger}
    cost = entry.get("cost")
    return Ability(
        kind=ability_kind(entry),
        effects=tuple(entry.get("effects", ())),
        trigger=Trigger(**trigger) if trigger is not None else None,
        cost=ability_cost(cost) if cost is not None else None,
        condition=tuple(sorted(entry.get("condition", {}).items())),
        target=target_spec(entry.get("target")),
        duration=entry.get("duration"),
        limit=entry.get("limit"),
        reflexive=tuple(entry.get("reflexive", ())),
        reflexive_by_type=tuple((kind, tuple(todo)) for kind, todo in entry.get("reflexive_by_type", {}).items()),
        name=entry.get("name", f"ability{index + 1}"),
        replacement=entry.get("replacement"),
        cant=entry.get("cant"),
        chooser=entry.get("chooser"),
        static=entry.get("static"),
        timing=entry.get("timing"),
        cost_change=entry.get("cost_change"),
        distinct_modes=entry.get("distinct_modes"),
    )


def ability_kind(entry: dict) -> str:
    """What an ``abilities:`` entry is, by the key that makes it: trigger, replacement, cant, static, else activated."""
    return next((kind for key, kind in ABILITY_KEYS if key in entry), "activated")


# 377.2.b — the conditions on using an activated ability that its activation checks (playing.py;
# ``empowered``: the dependent ability's, 727.1.c.3); a card with another one on an activated ability is refused.
ACTIVATION_CONDITIONS = frozenset({"empowered", "at_battlefield", "level", "chose_this_turn"})

ABILITY_KEYS = (("trigger", "triggered"), ("replacement", "replacement"), ("cant", "cant"), ("static", "static"))
