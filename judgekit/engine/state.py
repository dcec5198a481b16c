"""The game state as plain data (104–124, 188–199): zones, game objects, control, locations.

A ``GameState`` holds only values: players, battlefields, the units on the
board (each with its location), the turn, an ongoing showdown or combat and
the chain.  Card definitions are immutable and shared between copies.  The
rules live in the modules named after the rulebook; they read and change a
private copy of the state that ``actions.apply`` hands them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Self

from judgekit.engine.cards import CardDef, TargetSpec
from judgekit.errors import ScenarioError

BASE_PREFIX = "base:"

# Phases of a turn in order (315–317).
PHASES = ("awaken", "beginning", "channel", "draw", "main", "ending")
PHASE_NAMES = {
    "awaken": "唤醒阶段",
    "beginning": "开始阶段",
    "channel": "引导阶段",
    "draw": "抓牌阶段",
    "main": "主要阶段",
    "ending": "结束阶段",
}
# A player's non-board zones a card is played from or goes to (108).
ZONE_NAMES = {"hand": "手牌", "trash": "废牌堆", "banishment": "放逐区", "deck": "主牌堆"}
FACEDOWN = "facedown"  # played from face down at a battlefield (811.1.c.3)
PLAYED_FROM = (*ZONE_NAMES, FACEDOWN)  # where a card is played from: a trigger's and a filter's ``played_from``
MODES = {"duel": 8, "2v2": 11}
MIGHTY = 5


def base_of(player: str) -> str:
    return BASE_PREFIX + player


def is_base(location: str) -> bool:
    return location.startswith(BASE_PREFIX)


def location_name(location: str) -> str:
    return f"{location[len(BASE_PREFIX) :]} 的基地" if is_base(location) else location


@dataclass(frozen=True)
class MightEffect:
    """A change to a unit's might: ``add`` (arithmetic layer) or ``set`` (trait layer)."""

    kind: str
    amount: int
    source: str
    until: str  # "turn", "combat" or "permanent"
    timestamp: int


class MightEffects(tuple):
    """A unit's changes to its might, oldest first: immutable, so that every copy of a state shares them, with what the
    layers read of them worked out as they are made (a unit given +1 five hundred times is not summed at each read)."""

    def __new__(cls, effects=()) -> Self:
        made = super().__new__(cls, effects)
        adds = [effect.amount for effect in made if effect.kind == "add"]
        made.increase = sum(amount for amount in adds if amount > 0)
        made.decrease = sum(amount for amount in adds if amount < 0)
        made.latest_set = max((effect for effect in made if effect.kind == "set"), key=lambda effect: effect.timestamp,
                              default=None)
        return made

    def plus(self, effect: MightEffect) -> Self:
        """These and *effect*: the sums carried on, not made again."""
        made = super().__new__(type(self), (*self, effect))
        amount = effect.amount if effect.kind == "add" else 0
        made.increase, made.decrease = self.increase + max(amount, 0), self.decrease + min(amount, 0)
        latest = self.latest_set
        newer = effect.kind == "set" and (latest is None or effect.timestamp > latest.timestamp)
        made.latest_set = effect if newer else latest
        return made

    def ending(self, until: str) -> MightEffects:
        """Without those that last until *until* (“turn”, “combat”), as that time comes."""
        return MightEffects(effect for effect in self if effect.until != until)


@dataclass(frozen=True)
class KeywordGrant:
    """A keyword (with its value) an effect gives a unit until a given time."""

    keyword: str
    value: int | None
    source: str
    until: str
    timestamp: int


@dataclass(frozen=True)
class GrantedAbility:
    """An ability (triggered or activated) an effect gives a unit until a given time (477.2.a): its own, “我” the unit."""

    ability: object  # cards.Ability (state.py does not import the card model)
    source: str
    until: str


@dataclass
class Unit:
    """A unit on the board: its card, who owns and controls it, where it is and what has happened to it."""

    id: str
    card: str
    owner: str
    controller: str
    location: str
    damage: int = 0
    buffs: int = 0
    exhausted: bool = False
    stunned: bool = False
    designation: str | None = None  # "attacker" or "defender" during combat
    effects: MightEffects = field(default_factory=MightEffects)
    grants: list[KeywordGrant] = field(default_factory=list)
    granted_abilities: list[GrantedAbility] = field(default_factory=list)  # abilities an effect gave it (477.2.a)
    attached: list[str] = field(default_factory=list)  # gear cards attached to the unit
    gear_grants: tuple[tuple[str, str], ...] = ()  # (attached gear, keyword) granted to it, active while attached (135.4.b)
    damaged_by: list[str] = field(default_factory=list)  # players whose damage is marked on it (142.4.c)
    dealt_by: Dealer | None = None  # what dealt the damage marked on it last: a cleanup's kill is attributed to it (428.5.c)
    gear_control: dict[str, str] = field(default_factory=dict)  # attached gear → its controller, when not the unit's (718.5.e)
    gear_exhausted: tuple[str, ...] = ()  # attached gear that is exhausted: its status is its own (719.4)
    gear_empowered: tuple[str, ...] = ()  # attached gear that is empowered, once a name for each time (719.4.a)
    protected: tuple[tuple[str, str], ...] = ()  # (by: enemy|any, source): can't be chosen this turn, an effect's (758)
    pinned: tuple[tuple[str, str], ...] = ()  # (player, source): that player can't move it this turn, an effect's (054.1)
    named: str | None = None  # the card its ability named (761), for its linked abilities
    named_tag: str | None = None  # the tag named as it was played (763, 135.2.b.3): its card's ``name_tag``
    empowered: int = 0  # 441: a status, not a trait; more than 1 only where its card allows (441.1.c.1)
    printed: str | None = None  # while it is a copy (477.1.b, gear.py): its own card; ``card`` is the one copied
    copied_by: str | None = None  # the gear whose attachment keeps the copy going
    # left the board to another zone because a replacement changed the action done to it (“banish it instead”): not
    # where the instruction put it, so an instruction linked to that one cannot look back at it (359.3.e.12, .13)
    replaced_away: str = ""
    copies: int = 0  # copies it has become: each brings new instances of the abilities it copies (gear.py)
    played_from: str = ""  # the zone it was played from (PLAYED_FROM; a token created and played: none)


@dataclass
class Gear:
    """An unattached gear on the board (147–152); attached gear is listed on its unit."""

    id: str
    card: str
    owner: str
    controller: str
    location: str
    exhausted: bool = False
    control_effects: list = field(default_factory=list)  # (player, source unit, timestamp): “you control it while I'm here”
    empowered: int = 0  # 441: a status of the gear, its own (719.4.a)
    granted: tuple[str, ...] = ()  # keywords an effect gave it (gear.py)
    named_tag: str | None = None  # the tag named as it was played (763, 135.2.b.3): its card's ``name_tag``


@dataclass(frozen=True)
class GearRef:
    """A gear an effect chose: unattached (its id in ``GameState.gear``) or attached to a unit."""

    name: str
    gear_id: str | None = None
    holder: str | None = None  # the unit it is attached to

    @property
    def id(self) -> str:
        return self.gear_id or f"{self.holder} 上的 {self.name}"


@dataclass(frozen=True)
class BattlefieldRef:
    """A battlefield a spell chose (170.7; “all enemy units at a battlefield” targets the battlefield, 355.10.d)."""

    id: str  # the battlefield's name

    @property
    def location(self) -> str:  # the units “there” are the units at it
        return self.id


def gear_controller(unit: Unit, name: str) -> str:
    """718.5.e — who controls a gear attached to *unit*."""
    return unit.gear_control.get(name, unit.controller)


def without(names: tuple[str, ...], name: str, times: int) -> tuple[str, ...]:
    rest = list(names)
    for _ in range(min(times, rest.count(name))):
        rest.remove(name)
    return tuple(rest)


@dataclass
class AttachedGear:
    """An attached gear's own statuses (719.4.a) as an object Empower reads and changes: kept on its unit."""

    unit: Unit
    card: str

    @property
    def id(self) -> str:
        return f"{self.unit.id} 上的 {self.card}"

    @property
    def controller(self) -> str:
        return gear_controller(self.unit, self.card)

    @property
    def empowered(self) -> int:
        return self.unit.gear_empowered.count(self.card)

    @empowered.setter
    def empowered(self, count: int) -> None:
        self.unit.gear_empowered = without(self.unit.gear_empowered, self.card, self.empowered) + (self.card,) * count


def status_holder(state: GameState, ref: GearRef) -> Gear | AttachedGear:
    """The object whose statuses a chosen gear has: the gear on the board, or the attached one on its unit."""
    return state.gear[ref.gear_id] if ref.gear_id else AttachedGear(state.units[ref.holder], ref.name)


@dataclass(frozen=True)
class Card:
    """A card off the board as an object: its identity, the card it is, its owner.

    The zone that holds it says where it is (hand, main deck, trash, banishment, or face down at a
    battlefield); a card that moves between zones stays the same object until it reaches the board.
    """

    id: str
    name: str
    owner: str


def names(cards: list[Card]) -> list[str]:
    return [card.name for card in cards]


def holds(cards: list[Card], name: str) -> bool:
    """Whether a zone holds a card called *name* (found without listing the zone's names)."""
    return any(card.name == name for card in cards)


def take(cards: list[Card], name: str) -> Card | None:
    """Remove and return the first card called *name* from a zone, or None."""
    found = next((card for card in cards if card.name == name), None)
    if found is not None:
        cards.remove(found)
    return found


@dataclass(frozen=True)
class Dealer:
    """What a deal or kill action comes from (417.6, 428.5): its sources and the player responsible.

    ``sources`` are unit ids and card names (a spell, or the card whose ability it is); an ability's
    damage is also its maker's (417.6.b.2.a, 428.5.d), so ``spell`` is true for an ability a spell made.
    """

    player: str
    sources: tuple[str, ...] = ()
    spell: bool = False  # a spell is among the sources
    unit: bool = False  # a unit is among the sources (417.6.b.1, 417.6.c)
    ability: bool = False  # an ability is among the sources (417.6.b.2)
    instructed_by: str | None = None  # a unit the source (417.6.b.3): the spell or ability whose Deal action it was, what a
    # cleanup's kill by that damage is attributed to as well (428.5.c: the spell or ability that dealt damage before it)


@dataclass(frozen=True)
class GameEvent:
    """Something that happened in the game, typed: what, by or to whom, about which object, from what cause."""

    kind: str  # finalized, played, countered, moved, damaged, killed, drawn, burned_out, conquered, held
    player: str
    subject: str  # a unit id, card name or battlefield
    cause: str | None = None  # damaged, killed: the player responsible for the deal or kill (142.3.a, 428.5.c.1)
    by_spell: bool = False  # damaged, killed: a spell is a source, or made the ability that is (417.6.b.2.a, 428.5.d)
    before: int | None = None  # a might change: the might before and after it (709, events.watch_might); killed: its
    # Might as it last was on the board, what the instruction that killed it may look back at (359.3.e.13)
    after: int | None = None
    dealer: Dealer | None = None  # damaged, killed: what dealt it or is attributed it, and who is responsible
    played_from: str = ""  # played: the zone the card was played from (PLAYED_FROM; facedown is “from Hidden”, 811.1.c.3)
    location: str | None = None  # killed: where the unit was as it died (a trigger “at here” reads it, the unit is gone)
    phase: str = ""  # the phase of the turn it happened in (“如果一名友方单位在你的开始阶段被摧毁”)
    @property
    def hidden(self) -> bool:
        return self.played_from == FACEDOWN

    # killed: the unit as it last was on the board, which a trigger's filter on it reads as the trigger condition is met
    # (359.3.f.3: “每当一名拥有增益的友方单位被摧毁时”); not part of the event's identity
    last_known: Unit | None = field(default=None, compare=False, repr=False)


@dataclass
class Legend:
    """A legend in its player's Legend Zone (107.4, 173–175): a game object its owner controls for good."""

    id: str
    card: str
    owner: str
    exhausted: bool = False
    empowered: int = 0  # 441

    @property
    def controller(self) -> str:
        return self.owner  # 174.2.b, 192.1: control of a legend never changes

    @property
    def location(self) -> None:
        return None  # the Legend Zone is not a location (107.4.b)


@dataclass
class Rune:
    """A rune in play: exhaust it for 1 Energy, recycle it for 1 Power of its domain (164.2)."""

    domain: str  # "" when the scenario does not say
    exhausted: bool = False


@dataclass(frozen=True)
class RuneRef:
    """A rune in play chosen as an object (“ready something that's exhausted”, runes included): its player's
    *number*-th rune (from 1, in the order the player's runes are listed), named ``符文:<player>:<number>``."""

    player: str
    number: int

    @property
    def id(self) -> str:
        return f"{RUNE_PREFIX}{self.player}:{self.number}"

    def rune(self, state: GameState) -> Rune | None:
        runes = state.players[self.player].runes if self.player in state.players else []
        return runes[self.number - 1] if 0 < self.number <= len(runes) else None


RUNE_PREFIX = "符文:"


def rune_ref(name: str) -> RuneRef | None:
    """The rune ``符文:<player>:<number>`` names, or None when *name* is not written so."""
    if not name.startswith(RUNE_PREFIX):
        return None
    player, _, number = name[len(RUNE_PREFIX):].rpartition(":")
    return RuneRef(player, int(number)) if player and number.isdigit() else None


@dataclass(frozen=True)
class FacedownRef:
    """The card hidden face down at a battlefield (421, 811.1.b) chosen as an object (“另一张友方装备、单位或正面朝下的卡牌”),
    named ``正面朝下:<battlefield>``; whose it is: the player who hid it."""

    battlefield: str

    @property
    def id(self) -> str:
        return f"{FACEDOWN_PREFIX}{self.battlefield}"


FACEDOWN_PREFIX = "正面朝下:"


def facedown_ref(name: str) -> FacedownRef | None:
    """The facedown card ``正面朝下:<battlefield>`` names, or None when *name* is not written so."""
    return FacedownRef(name[len(FACEDOWN_PREFIX):]) if name.startswith(FACEDOWN_PREFIX) else None


ANY_DOMAIN = ""  # Power of any domain (163.2.b)


@dataclass
class Restricted:
    """Energy and Power in the Rune Pool (166) that an Add limited: “Use only to play spells”, “Spend this Energy only during
    showdowns”.  *only*: the uses it may pay (spell, unit, gear, unit_ability, gear_ability; empty: any), *in_showdown*:
    only while a showdown or combat is under way."""

    source: str
    energy: int = 0
    power: dict[str, int] = field(default_factory=dict)
    only: tuple[str, ...] = ()
    in_showdown: bool = False


@dataclass
class Player:
    """A player: points, the cards of each zone, runes, legend and champion."""

    id: str
    points: int = 0
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)  # top first
    trash: list[Card] = field(default_factory=list)
    banishment: list[Card] = field(default_factory=list)
    champion: str | None = None
    chosen_champion: str | None = None  # the player's Chosen Champion (103.2.a), wherever it is now
    rune_deck: list[str] = field(default_factory=list)  # the domains of the runes in the rune deck, top first
    runes: list[Rune] = field(default_factory=list)
    energy: int = 0  # the rune pool (166)
    power: dict[str, int] = field(default_factory=dict)  # domain → Power in the pool
    restricted: list[Restricted] = field(default_factory=list)  # the pool's Energy and Power an Add limited to some uses
    drawn: int = 0  # cards drawn since the scenario began
    xp: int = 0  # XP (728–733): public, not a game object
    team: str | None = None


@dataclass
class Battlefield:
    """A battlefield: who controls or contests it, and a card hidden there."""

    name: str
    card: str | None = None
    controller: str | None = None
    contested_by: str | None = None
    facedown: Card | None = None  # a card hidden here (421), known to the engine
    hidden_by: str | None = None
    hidden_turn: int = 0  # the turn it was hidden: playable from the next turn (811.1.b)
    showdown_staged: bool = False
    combat_staged: bool = False

    def contest(self, player: str) -> bool:
        """A unit of *player* arrives: a battlefield they don't control becomes contested unless it already is."""
        if self.controller == player or self.contested_by is not None:
            return False
        self.contested_by = player
        return True


@dataclass
class Showdown:
    """A showdown at a battlefield: who has focus and how many passed in a row."""

    battlefield: str
    focus: str
    combat: bool = False
    passes: int = 0  # players who passed focus in sequence (347.2)


@dataclass
class Combat:
    """A combat at a battlefield: its attacker and defender, and the parts of its result still waiting."""

    battlefield: str
    attacker: str
    defender: str
    result_waits: bool = False  # the result waits for the chain to empty (466.2)
    cleanup_recalled: bool = False  # the combat cleanup's step 3d recalled attackers: no result (466.3.d)
    control_waits: bool = False  # what the result triggered is on the chain; control waits for it (466.4)
    totals: dict[str, int] = field(default_factory=dict)  # the damage step's might on each side (465.2.a–b)
    assigned: dict[str, dict[str, int]] = field(default_factory=dict)  # the assignments made so far (465.2.c)
    excess: dict[str, int] = field(default_factory=dict)  # each player's damage assigned beyond lethal (465.2.c.4)
    question: Question | None = None  # the damage step waits for this player's assignment
    designated: frozenset = frozenset()  # units that have had a designation in this combat (383.4.e.2.a, 383.4.f.2.a)


@dataclass(frozen=True)
class Question:
    """A choice the rules give a player, held in the state until a script step answers it.

    Its options are read from the state as it is asked (nothing is tried); with defaults allowed the engine
    answers it at once, marked in the trace, so only a scenario with ``defaults: false`` ever holds one.
    """

    kind: str  # "targets": a triggered ability's targets as it goes on the chain (383.3, 355.5);
    # "assign": a player's combat damage assignment (465.2.c), each option ((unit, damage), …)
    player: str  # who answers
    about: str  # what it is about, as the trace names it (a chain item's label, a battlefield)
    what: str  # the question as a judge would ask it
    options: tuple[tuple, ...]  # every legal answer
    answer_with: str = "choose: [……]"  # the script step that answers it
    rule: str = ""  # the key of the rule that gives the choice (rules.REFS)

    def offers(self, chosen: tuple) -> bool:
        """Whether *chosen* is one of the options, in any order."""
        return sorted(chosen) in [sorted(option) for option in self.options]

    def shown(self, most: int = 12) -> str:
        """The options as a message lists them (the first *most*, and how many more)."""
        shown = "；".join(show_answer(option) for option in self.options[:most])
        return shown + (f"；……共 {len(self.options)} 种" if len(self.options) > most else "")

    def unanswered(self) -> str:
        """Why the run cannot go on: this question is the script's to answer, and how."""
        return f"待回答的问题：{self.what}（可选：{self.shown()}）；以 {self.answer_with} 回答"


class Asking(Exception):
    """Raised where the rules give a player a choice as an action runs and the script has not answered it (defaults
    off): ``actions.apply`` holds the question in the state and runs the whole action again with the answer."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.what)
        self.question = question


def answer_to(state: GameState, question: Question) -> tuple:
    """The script's answer to *question*, given as the action runs again after it was asked; else the action
    stops here and the question is held (``Asking``).  The engine runs the same way each time, so the
    question asked again is the same.  A choice with one possible answer is no question."""
    if len(question.options) == 1:
        return question.options[0]
    for asked, answer in state.answers:  # kept: a check and the action it checks ask the same question
        if asked == question:
            return answer
    raise Asking(question)


def answer_or_default(state: GameState, question: Question, default: tuple) -> tuple:
    """The script's answer to *question*; without one, ``Asking`` without defaults, and with them *default*, noted in
    ``GameState.defaulted`` so that a ``choose`` step right after the action still gives the script's answer (the
    action then runs again, whole, from the state before it, as when the question is asked).  A choice with one
    possible answer is no question."""
    if len(question.options) == 1:
        return question.options[0]
    for asked, answer in state.answers:
        if asked == question:
            return answer
    if not state.defaults:
        raise Asking(question)
    state.defaulted.append(question)
    return default


def show_answer(option: tuple) -> str:
    """One answer as a judge writes it: the objects chosen, or each unit with the damage assigned to it."""
    return "、".join(part if isinstance(part, str) else f"{part[0]} {part[1]}" for part in option) or "无"


@dataclass
class ChainItem:
    """A pending or finalized item on the chain: plain data, so a scenario can start mid-chain."""

    source: str  # the unit id or battlefield the item comes from
    card: str  # the card whose ability it is (its target restrictions apply)
    controller: str
    effects: list[dict]
    label: str
    location: str | None = None  # where the source was, noted for triggers on its own death
    finalized: bool = True
    kind: str = "trigger"  # "trigger", "play" for a card played through the chain (349), "ability" if activated (377)
    id: str = ""  # how scripts name the item: "#n"
    targets: tuple[tuple[str, ...], ...] = ()  # chosen as played, one tuple per execution (355, 820.2.a)
    modes: tuple[str, ...] = ()  # chosen as played, one per execution (355.3)
    ability: str = ""  # the triggered ability's name on its card (abilities: name, or the trigger name)
    batch: int = 0  # triggers its controller put on the chain together and may still order (383.3.d); 0: none
    hidden_at: str | None = None  # the battlefield a card was played from face down (811.1.d)
    played_from: str = ""  # a card played: the zone it was played from (PLAYED_FROM)
    played: Card | None = None  # the card object being played, which goes to its owner's trash (359.3.d)
    origin: str | None = None  # a move trigger's origin, locked in as it triggered (359.3.f.3)
    arrival: str | None = None  # a move trigger's destination, locked in as it triggered (359.3.f.3): “跟随它一起移动”
    flow: bool = False  # played for its Flow cost: banished instead of leaving the chain elsewhere (829.1.b.1)
    recycled: bool = False  # played by an effect that says “then recycle it”: recycled instead of leaving the chain elsewhere (390.3.a)
    bonus_damage: int = 0  # granted to this spell's Deal actions as it was played (713), e.g. by “your next spell”
    target_options: tuple[str, ...] | None = None  # a trigger's legal targets as it went on the chain (383.3); None: none chosen then
    targets_default: bool = False  # the engine chose the trigger's targets; the script has not stated them yet
    target_places: tuple[str, ...] = ()  # where each target was as chosen, for a per-location restriction
    paid_additional: bool = False  # played with its optional additional cost paid (356.2.b.1)
    cost_killed: str | None = None  # the card of the friendly unit killed to pay its additional cost (357.2)
    # an ability's: the units its cost's ``object`` part took (``paid_with``), and their Might as they were paid, which
    # the instructions look back at once they left the board (359.3.e.13)
    paid_with: tuple[str, ...] = ()
    paid_with_might: tuple[int, ...] = ()
    destination: str | None = None  # its moves' destination, chosen as it was played (355.4): a battlefield or "base"
    question: Question | None = None  # its targets, asked as it went on the chain and not answered yet
    event_subject: str | None = None  # a trigger's: the object of the event that triggered it (a unit id, a card name)
    # a trigger on its source's own death: that unit as it last was on the board, its conditions read it (808.1.d.3)
    last_known: Unit | None = field(default=None, compare=False, repr=False)
    created: tuple[str, ...] = ()  # a reflexive trigger's: what its maker's instructions played before “do this” (388.1)
    # a reflexive trigger's own targets (“then do this: … a unit”): chosen as it is finalized, once its maker has
    # resolved (355.5.b, 354.3), not when its maker was played
    own_target: TargetSpec | None = None
    remembered: tuple[str, ...] = ()  # a delayed trigger's: the objects its maker acted on, by id (390.2)


def shallow_copy(record, **changes):
    """What ``dataclasses.replace(record, **changes)`` makes, without running ``__init__`` again: a state is copied
    at every step, and replace's field-by-field init of every object on the board was a fifth of a long script."""
    copied = object.__new__(type(record))
    copied.__dict__.update(record.__dict__, **changes)
    return copied


class CardIndex:
    """What the layers and trigger matching ask of a game's card definitions, read from them once.

    ``static_givers``: unit and gear cards with static abilities; ``triggering_on``: event kind → the cards with a
    triggered ability on it; ``triggering_in``: hand / trash → event kind → the cards with one working there (385.2);
    ``size``: how many definitions it was read from.
    """

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.size = len(cards)
        self.static_givers = {name: card.statics for name, card in cards.items()
                              if card.statics and {"unit", "gear"} & set(card.types)}
        self.triggering_on: dict[str, frozenset[str]] = {}
        self.triggering_in: dict[str, dict[str, frozenset[str]]] = {"hand": {}, "trash": {}}
        for name, card in cards.items():
            for ability in card.abilities:
                if ability.kind == "triggered":
                    kind, zone = ability.trigger.event, ability.trigger.zone
                    self.triggering_on[kind] = self.triggering_on.get(kind, frozenset()) | {name}
                    if zone in self.triggering_in:
                        pile = self.triggering_in[zone]
                        pile[kind] = pile.get(kind, frozenset()) | {name}


def numbered_id(name: str, taken) -> str:
    """*name*, or *name* with the first number (from 2) that makes it an id not in *taken*."""
    if name not in taken:
        return name
    number = 2
    while f"{name}#{number}" in taken:
        number += 1
    return f"{name}#{number}"


@dataclass
class GameState:
    """The whole game at one moment; ``apply`` returns a new state and never changes this one."""

    cards: dict[str, CardDef]
    players: dict[str, Player]  # in turn order
    battlefields: dict[str, Battlefield]
    units: dict[str, Unit]
    turn_player: str
    mode: str = "duel"
    victory_score: int = 8
    phase: str = "main"
    turn: int = 1
    scored: dict[str, list[str]] = field(default_factory=dict)  # battlefields each player scored this turn
    showdown: Showdown | None = None
    combat: Combat | None = None
    chain: list[ChainItem] = field(default_factory=list)
    winner: str | None = None
    clock: int = 0  # timestamps for layered effects (480)
    priority: str | None = None  # who holds priority while a chain exists (312.2.c–d)
    passes: int = 0  # players who passed priority in sequence on the current chain (339.1)
    chain_opened_by: str = "trigger"  # the kind of the item that started the chain (340.2.a)
    items: int = 0  # chain items numbered so far
    defaults: bool = True  # the scenario lets the engine answer open decisions with legal defaults
    beginning_control: dict[str, str] = field(default_factory=dict)  # battlefield → controller at the scoring step
    this_turn: list[GameEvent] = field(default_factory=list)  # what happened this turn, oldest first
    gone: list[str] = field(default_factory=list)  # ids of units that left the board: never reused (359.3.e.4)
    instruction: int = 0  # counts the instructions executed and the cleanups' deaths: one game action each (383.3.d)
    dying: set[str] = field(default_factory=set)  # units dying together whose deaths are still being offered (370.4)
    made: int = 0  # card objects numbered so far
    replacements: list = field(default_factory=list)  # replacement.Replacement records made by effects (367)
    replacement_orders: dict = field(default_factory=dict)  # unit id → (sources in order, file:line): answers to 372
    pending_triggers: list = field(default_factory=list)  # triggered, not yet on the chain (events.Pending)
    gear: dict[str, Gear] = field(default_factory=dict)  # unattached gear on the board (gear.py)
    delayed: list = field(default_factory=list)  # delayed triggered abilities in their window (events.Delayed)
    discounts: list = field(default_factory=list)  # discounts waiting for a player's next card (costs.Discount)
    ready_entries: list = field(default_factory=list)  # (player, turn, source, every): units they play enter ready
    turn_cost_changes: list = field(default_factory=list)  # (player, turn, source, change, kind): this turn's plays
    spell_boosts: list = field(default_factory=list)  # (player, what it gets, turn): “the next spell you play this turn”
    facedown_looks: list = field(default_factory=list)  # (viewer, whose, turn): “this turn, you can look at their facedown cards”
    play_bans: list = field(default_factory=list)  # (player, turn, source): “can't play cards this turn” (layers.py)
    buff_bonuses: list = field(default_factory=list)  # (player, turn, source, N): their units' buffs give +N more this turn
    extra_turns: list = field(default_factory=list)  # players whose additional turns are queued, in order (737–738)
    legends: dict[str, Legend] = field(default_factory=dict)  # the legends in the Legend Zones, by id (107.4)
    asked: tuple | None = None  # (question, action): an action stopped at a question it asked, to run again answered
    answers: list = field(default_factory=list)  # (question, answer) given to the action running again
    # with defaults on, the questions the running action answered by default (``answer_or_default``), and after it
    # (the state before it, the action, the answers it was given, those questions): a ``choose`` right after may answer one
    defaulted: list = field(default_factory=list)
    redo: tuple | None = None
    banished_by: dict = field(default_factory=dict)  # card id → the object whose effect banished it (427.3: “banished with this”)
    # (turn, player → damage assigned beyond lethal) of the latest combat that ended, for “that much” after it (465.2.c.4)
    last_excess: tuple[int, dict] = (0, {})

    # What every Might, keyword and trigger read asks of the card definitions, which never change in a game: worked
    # out once and shared by every copy (``index``).
    _index: CardIndex | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def index(self) -> CardIndex:
        """The card definitions' index, made again only when definitions were added since (a scenario adds the
        imported cards it names as it reads the board; nothing removes or replaces one)."""
        if self._index is None or self._index.size != len(self.cards):
            self._index = CardIndex(self.cards)
        return self._index

    def copy(self) -> GameState:
        """An independent copy; card definitions, their index and effect records are immutable and shared."""
        return shallow_copy(
            self,
            players={key: _copy_player(player) for key, player in self.players.items()},
            battlefields={key: shallow_copy(bf) for key, bf in self.battlefields.items()},
            units={key: _copy_unit(unit) for key, unit in self.units.items()},
            gear={key: shallow_copy(gear, control_effects=list(gear.control_effects)) for key, gear in self.gear.items()},
            scored={key: list(names) for key, names in self.scored.items()},
            showdown=shallow_copy(self.showdown) if self.showdown else None,
            combat=(
                shallow_copy(self.combat, totals=dict(self.combat.totals), assigned=dict(self.combat.assigned))
                if self.combat else None
            ),
            chain=[shallow_copy(item, effects=list(item.effects)) for item in self.chain],
            beginning_control=dict(self.beginning_control),
            this_turn=list(self.this_turn),
            gone=list(self.gone),
            replacements=list(self.replacements),
            pending_triggers=list(self.pending_triggers),
            delayed=list(self.delayed),
            discounts=list(self.discounts),
            ready_entries=list(self.ready_entries),
            turn_cost_changes=list(self.turn_cost_changes),
            spell_boosts=list(self.spell_boosts),
            facedown_looks=list(self.facedown_looks),
            play_bans=list(self.play_bans),
            buff_bonuses=list(self.buff_bonuses),
            extra_turns=list(self.extra_turns),
            legends={key: shallow_copy(legend) for key, legend in self.legends.items()},
            answers=list(self.answers),
            defaulted=list(self.defaulted),
            banished_by=dict(self.banished_by),
        )

    def question(self) -> Question | None:
        """The question to answer now, if one is pending: the oldest item's on the chain first (put on first),
        else the damage step's."""
        if self.asked is not None:  # asked as an action ran: the action waits for it
            return self.asked[0]
        ordering = self._ordering()
        asked = ordering or next((item.question for item in self.chain if item.question is not None), None)
        return asked or (self.combat.question if self.combat else None)

    def _ordering(self) -> Question | None:
        """383.3.d — with defaults off, a player's simultaneous triggers wait on the chain for their order."""
        batches = [item.batch for item in self.chain if item.batch]
        if self.defaults or not batches:
            return None
        batch = [item for item in self.chain if item.batch == batches[0]]  # the turn player's first (383.3.d.1)
        labels = [item.label for item in batch]
        return Question(
            "order", batch[0].controller, "、".join(labels),
            f"{batch[0].controller} 排列同时触发的 {len(labels)} 个能力放入结算链的顺序（先放入的后结算）",
            tuple(permutations(labels)), "order_triggers: [先放入的, ……]", "trigger_own_order",
        )

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def card(self, name: str) -> CardDef:
        return self.cards[name]

    def units_at(self, location: str) -> list[Unit]:
        return [unit for unit in self.units.values() if unit.location == location]

    def new_card(self, name: str, owner: str) -> Card:
        """A new card object (a card entering a zone from the board is a new object, 359.3.e.4)."""
        self.made += 1
        return Card(f"{owner}·{self.made}", name, owner)

    def fresh_id(self, name: str) -> str:
        """A unit id for a new object with card *name*: the name, or the name with a number.

        An id that left the board is not given again: a card that returns is a new object (359.3.e.4).
        """
        pending = {getattr(pend, "unit_id", "") for pend in self.pending_triggers}  # ids units played but pending will have
        return numbered_id(name, set(self.units) | set(self.gone) | pending)

    def target_score(self) -> int:
        """The mode's victory score (485.3, 489.3) plus battlefields that raise it."""
        cards = [self.card(bf.card) for bf in self.battlefields.values() if bf.card]
        return self.victory_score + sum(card.passives.get("victory_score", 0) for card in cards)

    def gain(self, player: str, amount: int) -> None:
        """489.8.d.2 — a player's points are their team's points."""
        team = self.players[player].team
        for member in self.players.values():
            if member.id == player or (team is not None and member.team == team):
                member.points += amount

    def team_of(self, player: str) -> str:
        return self.players[player].team or player

    def controlled_battlefields(self, player: str) -> list[str]:
        """The names of the battlefields *player* controls."""
        return [bf.name for bf in self.battlefields.values() if bf.controller == player]

    def in_combat(self, unit: Unit) -> bool:
        """740.2.c — at the battlefield where combat is ongoing, with a combat designation."""
        return self.combat is not None and unit.location == self.combat.battlefield and unit.designation is not None

    def controllers_at(self, location: str) -> list[str]:
        """Players with units at *location*, in turn order."""
        present = {unit.controller for unit in self.units_at(location)}
        return [player for player in self.players if player in present]

    def opponents(self, player: str) -> list[str]:
        team = self.players[player].team
        return [p for p in self.players if p != player and (team is None or self.players[p].team != team)]

    def next_player(self, player: str) -> str:
        order = list(self.players)
        return order[(order.index(player) + 1) % len(order)]

    @property
    def in_showdown(self) -> bool:
        return self.showdown is not None or self.combat is not None

    @property
    def open(self) -> bool:
        return not self.chain


def _copy_player(player: Player) -> Player:
    return shallow_copy(
        player,
        rune_deck=list(player.rune_deck),
        runes=[shallow_copy(rune) for rune in player.runes],
        power=dict(player.power),
        hand=list(player.hand),
        deck=list(player.deck),
        trash=list(player.trash),
        banishment=list(player.banishment),
    )


def _copy_unit(unit: Unit) -> Unit:
    return shallow_copy(
        unit,
        grants=list(unit.grants),
        attached=list(unit.attached),
        damaged_by=list(unit.damaged_by),
        gear_control=dict(unit.gear_control),
    )


# The Champion Zone (108.3) and the Chosen Champion (103.2.a): played from there like a card from hand.
#
# A player's ``champion`` in a scenario is the card in their Champion Zone; it is one of
# the cards the player may play (419.1.a, 108.3.d), and once played the zone is empty.
# The Legend Zone's legend is a game object (``GameState.legends``, 107.4.c) its owner controls
# for good (174.2.b, 192.1): its triggered abilities watch events from there (triggers.py), its
# activated ones are used like a unit's (playing.py), and it can be exhausted and empowered.


def champion_zone(state: GameState, player: str) -> list[str]:
    """The card names in *player*'s Champion Zone (none, or their Chosen Champion)."""
    champion = state.players[player].champion
    return [champion] if champion and champion in state.cards else []


def take_chosen_champion(state: GameState, player: str, card: CardDef) -> Card | None:
    """108.3.d — the Chosen Champion leaves the Champion Zone as it is played; None if it is not there."""
    owner = state.players[player]
    if owner.champion != card.name:
        return None
    owner.champion = None
    return state.new_card(card.name, player)


def check_chosen_champion(card: CardDef, node) -> None:
    """103.2.a — only a champion unit can be the Chosen Champion."""
    if card.type != "champion":
        raise ScenarioError(f"{node}: 英雄区只能放英雄单位（type: champion），“{card.name}”是 {card.type}")
