"""Card definitions: the facts printed on a card, and its abilities in the effect vocabulary.

A card is an immutable value.  The project's card library (``cards/library.yaml``)
holds the cards the example disputes use; a scenario may define more inline.
Keyword names are the Chinese ones; the English names of ``rules_corpus/glossary.toml``
are accepted and mapped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from judgekit.corpus import bundled_glossary

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
    "conquered": "征服",
    "held": "据守",
    "damaged": "受到伤害",
    "killed": "阵亡",
    "drawn": "抽牌",
    "burned_out": "燃尽",
    "became_mighty": "成为强力单位",
    "empowered": "被强化",
    "might_changed": "战力变化",
    "attached": "被贴附装备",
}

# Today's ``triggers:`` names as typed triggers: which event, about what (self: the card's own object).
LEGACY_TRIGGERS = {
    "deathknell": ("killed", "self"),
    "play": ("played", "self"),
    "attack": ("attacked", "self"),
    "defend": ("defended", "self"),
    "conquer": ("conquered", "self"),
    "hold": ("held", "self"),
}


def ability_label(source: str, trigger: str) -> str:
    """How a triggered ability is named in traces: “沃利贝尔 的进攻能力”."""
    return f"{source} 的{TRIGGER_NAMES.get(trigger, trigger)}能力"


@cache
def _keyword_names() -> dict[str, str]:
    """Chinese and lower-case English keyword names → the Chinese name, from the bundled glossary."""
    keywords = [term for term in bundled_glossary() if term["kind"] == "keyword"]
    return {term["zh"]: term["zh"] for term in keywords} | {term["en"].lower(): term["zh"] for term in keywords}


def keyword_name(name: str) -> str | None:
    """The Chinese keyword for *name* (Chinese or English, any case), or None."""
    return _keyword_names().get(name.strip().lower())


@dataclass(frozen=True)
class TargetSpec:
    """Which units an effect may choose: whose, where, how many."""

    kind: str = "unit"  # unit, spell (an item on the chain, 355.9.a.2), or event: the triggering event's unit
    who: str = "any"  # any, friendly, enemy
    where: str = "anywhere"  # anywhere, battlefield, here (the source's location)
    count: int | None = 1  # None: any number
    up_to: bool = False
    other: bool = False  # not the source itself

    def describe(self) -> str:
        who = {"any": "", "friendly": "友方", "enemy": "敌方"}[self.who]
        where = {"anywhere": "", "battlefield": "战场上的", "here": "此处的"}[self.where]
        count = "任意数量的" if self.count is None else (f"至多 {self.count} 名" if self.up_to else f"{self.count} 名")
        if self.kind == "event":
            return "触发事件涉及的单位"
        if self.kind == "spell":
            return f"结算链上的{count.replace('名', '个')}{who}法术或能力"
        return f"{count}{where}{'其他' if self.other else ''}{who}单位"


@dataclass(frozen=True)
class Trigger:
    """What a triggered ability watches for (383): an event kind, about whose object, done by whom, from where."""

    event: str  # a key of EVENT_NAMES
    subject: str = "self"  # whose object the event is about: self, friendly, enemy, any
    player: str = "any"  # who the event's player is, seen from the controller: you, opponent, any
    zone: str = "board"  # where the source must be: board, base, battlefield, hand, trash
    card_type: str = "any"  # the event's object is a unit, a spell, or any card
    at: str = "anywhere"  # where it happens: anywhere, here (the source's location), from_here (a move's origin)
    at_least: int | None = None  # might_changed: might *becomes* N or more, crossing from below (709)
    other: bool = False  # “something else”: not about the source itself

    def describe(self) -> str:
        whose = {"self": "自身", "friendly": "友方", "enemy": "敌方", "any": ""}[self.subject]
        if self.at_least is not None:
            return f"{whose}战力变为 {self.at_least} 或以上时"
        return f"{whose}{EVENT_NAMES[self.event]}时"


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
    disempower: str | None = None  # “disempower me” (self) or “disempower something you control” (friendly), 442

    def describe(self) -> str:
        parts = [f"能量 {self.energy}"] if self.energy else []
        parts += [f"符能 {self.power}"] if self.power else []
        parts += ["横置"] if self.exhaust else []
        parts += ["消耗自身的增益"] if self.spend_buff else []
        parts += [DISEMPOWER_COSTS[self.disempower]] if self.disempower else []
        parts += ["摧毁自身"] if self.kill_self else []
        parts += [f"弃 {self.discard} 张牌"] if self.discard else []
        return "、".join(parts) or "无费用"


@dataclass(frozen=True)
class Ability:
    """One ability in the typed tree: a trigger or a cost, a condition, targets, effects, a duration, a limit.

    A triggered ability (382) has ``trigger``; an activated one (376) has ``cost``.
    ``condition`` is checked when the ability would trigger, and not again as it
    resolves (383.2.a.1: an "if" after the trigger is part of it).  ``reflexive`` effects form the
    ability that triggers when this one's effects were done ("when you do").
    """

    kind: str  # triggered, activated
    effects: tuple[dict, ...]
    trigger: Trigger | None = None
    cost: AbilityCost | None = None
    condition: tuple[tuple[str, Any], ...] = ()
    target: TargetSpec | None = None
    duration: str | None = None
    limit: str | None = None
    reflexive: tuple[dict, ...] = ()
    name: str = ""  # how the ability is named in traces, and in a script's ``ability:``


@dataclass(frozen=True)
class CardDef:
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
    effects: tuple[dict, ...] = ()  # what resolving the card does
    abilities: tuple[Ability, ...] = ()
    passives: dict[str, int] = field(default_factory=dict)  # bonus_damage, might_here, victory_score
    modes: dict[str, tuple[dict, ...]] = field(default_factory=dict)  # "choose one" (355.3)
    legion: tuple[dict, ...] = ()  # effects added when Legion's condition holds (812.1.c)
    repeat: tuple[int, ...] = ()  # the Energy cost of each Repeat instance (820)
    replacements: tuple[dict, ...] = ()  # replacement abilities printed on the card (368.1), see replacement.py
    cant: tuple[dict, ...] = ()  # what the card forbids while on the board (054), see continuous.py
    empower: dict = field(default_factory=dict)  # Empower and Empowered (827, 828), see empower.py

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    @property
    def triggers(self) -> dict[str, tuple[dict, ...]]:
        """The effects of each named triggered ability (“attack”, “deathknell”, …)."""
        return {a.name: a.effects for a in self.abilities if a.kind == "triggered"}

    def ability(self, name: str) -> Ability | None:
        return next((a for a in self.abilities if a.name == name), None)


def target_spec(value: Any) -> TargetSpec | None:
    if value is None:
        return None
    if isinstance(value, str):
        return TargetSpec(**TARGET_SHORTHANDS[value])
    return TargetSpec(**value)


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
    """Build a card from validated scenario or library data."""
    keywords = tuple((keyword_name(k) or k, v) for k, v in data.get("keywords", {}).items())
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
        effects=tuple(data.get("effects", ())),
        abilities=abilities_from_data(data, target_spec(data.get("target"))),
        passives=dict(data.get("passives", {})),
        modes={mode: tuple(effects) for mode, effects in data.get("modes", {}).items()},
        legion=tuple(data.get("legion", ())),
        repeat=tuple(data.get("repeat", ())) or tuple(v or 0 for k, v in keywords if k == "回响"),
        replacements=tuple(data.get("replacements", ())),
        cant=tuple(data.get("cant", ())),
        empower=dict(data.get("empower", {})),
    )


def abilities_from_data(data: dict, card_target: TargetSpec | None) -> tuple[Ability, ...]:
    """The ``abilities:`` list, plus today's ``triggers:`` mapping read as typed triggered abilities.

    A legacy trigger uses the card's own ``target`` (the form before abilities had their own).
    """
    legacy = tuple(
        Ability(
            kind="triggered",
            effects=tuple(effects),
            trigger=Trigger(*LEGACY_TRIGGERS[name]),
            target=card_target,
            name=name,
        )
        for name, effects in data.get("triggers", {}).items()
    )
    typed = tuple(ability_from_data(entry, index) for index, entry in enumerate(data.get("abilities", ())))
    return legacy + typed + _keyword_abilities(data) + _empower_ability(data)


def _keyword_abilities(data: dict) -> tuple[Ability, ...]:
    """Keywords that are triggered abilities: Vision is “when you play me, predict” (817.1.b)."""
    vision = any(keyword_name(k) == "预知" for k in data.get("keywords", {}))
    if not vision or data["type"] not in UNIT_TYPES:
        return ()
    return (Ability("triggered", ({"predict": None},), Trigger("played", "self"), name="vision"),)


def _empower_ability(data: dict) -> tuple[Ability, ...]:
    """827.1.c.1 — Empower [cost] is short for “[cost]: empower me” (the only-if-not-Empowered check: empower.py)."""
    cost = data.get("empower", {}).get("cost")
    if cost is None:
        return ()
    return (Ability("activated", ({"empower": None},), cost=AbilityCost(**cost), name="强化"),)


def ability_from_data(entry: dict, index: int) -> Ability:
    """One validated ``abilities:`` entry; unnamed abilities are named by position (“ability1”)."""
    trigger = entry.get("trigger")
    if isinstance(trigger, str):
        trigger = {"event": trigger}
    cost = entry.get("cost")
    return Ability(
        kind="triggered" if trigger is not None else "activated",
        effects=tuple(entry.get("effects", ())),
        trigger=Trigger(**trigger) if trigger is not None else None,
        cost=AbilityCost(**cost) if cost is not None else None,
        condition=tuple(sorted(entry.get("condition", {}).items())),
        target=target_spec(entry.get("target")),
        duration=entry.get("duration"),
        limit=entry.get("limit"),
        reflexive=tuple(entry.get("reflexive", ())),
        name=entry.get("name", f"ability{index + 1}"),
    )
