"""Targets (355.8–355.9, 359.3.e, 751–758): what an effect may choose, whether a choice still holds; naming (760–762).

Pure reads of the state, but for the name a player names as an ability resolves.  An effect chooses units (the default), items on the chain (355.9.a.2) or gear; a
verb's ``ACTS_ON`` says which of them it acts on, so that the chain and the process of play know what
an effect list chooses without running it.  ``Context`` (who resolves, from where) and ``Choices`` (the
answers given as an item resolves) are the two values every verb of the interpreter receives.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations, combinations_with_replacement

from judgekit.engine import layers
from judgekit.engine.cards import OBJECTS, UNIT_OR_GEAR, CardDef, TargetSpec
from judgekit.engine.costs import Payment
from judgekit.engine.filters import COMPARISON_NAMES, COMPARISONS, View, board_gear, still_there
from judgekit.engine.instructions import Progress, refers_to_targets, verbs_in
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    BattlefieldRef,
    ChainItem,
    FacedownRef,
    GameState,
    GearRef,
    Legend,
    Question,
    RuneRef,
    Unit,
    answer_to,
    facedown_ref,
    is_base,
    location_name,
    names,
    rune_ref,
)
from judgekit.engine.trace import Log
from judgekit.errors import AmbiguousReferenceError, IllegalActionError

UNTARGETABLE = "它现在不能被这名玩家的法术和技能选择（757、758）"

# What each verb that acts on chosen objects acts on; the others act on their controller or on nothing chosen.
UNIT = frozenset({"unit"})
ACTS_ON: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        (
            "deal", "might", "might_becomes", "buff", "spend_buff", "stun", "heal",
            "recall", "next_time", "name_card", "move", "swap_places", "replace_death", "protect", "forbid_move",
            "prevent", "swap_might", "deal_own_might", "fight", "become_copy", "double_damage", "banish_and_replay", "attach",
            "to_deck",
        ),
        UNIT,
    ),
    "detach": frozenset({"unit", "gear"}),  # a unit's gear (all, or the one named), or a chosen gear from its unit (435)
    "gain_control": frozenset({"unit", "spell"}),  # a unit (477.1.a) or an item on the chain (191.2)
    "lose_control": frozenset({"unit", "gear"}),  # control of it back to its owner (477.1.a)
    "counter": frozenset({"spell"}),
    "new_choices": frozenset({"spell"}),
    # a unit, or a gear (148.1.a.3): its own status (719.4), back to its owner's hand, granted text (135.4.b); a card hidden
    # face down at a battlefield back to its owner's hand too (“…或正面朝下的卡牌返回其所属的手牌”, 123)
    "return_to_hand": frozenset({"unit", "gear", "facedown"}),
    **dict.fromkeys(("grant", "empower", "disempower"), frozenset({"unit", "gear"})),
    # “ready your legend” (``to: legend``); a rune chosen among other objects (“ready something that's exhausted”)
    **dict.fromkeys(("ready", "exhaust"), frozenset({"unit", "gear", "legend", "rune"})),
    "kill": frozenset({"unit", "gear"}),  # a unit (428) or a gear (kill_gear)
    "banish": frozenset({"unit", "gear", "spell"}),  # a unit or a gear (427.2), or the resolving spell's own card (``this_card``)
    "reveal_hand": frozenset({"player"}),  # a chosen player reveals their hand (424.1)
    "look_facedown": frozenset({"player"}),  # the controller may look at a chosen player's facedown cards (128.4)
    "play": frozenset({"player"}),  # ``whose: chosen_player``: a card of the chosen player's zone
    "pick_from_hand": frozenset({"player"}),  # a card chosen from that hand, revealed before
}


@dataclass(frozen=True)
class Context:
    """Who resolves an effect, from what, and from where (for "here")."""

    source: str  # the card name or unit id shown in the trace
    controller: str
    location: str | None = None
    source_unit: str | None = None
    origin: str | None = None  # where the triggering move started, locked in as it triggered (359.3.f.3)
    by_spell: bool = False  # a spell, or an ability a spell made, is resolving (428.5.d)
    source_card: str | None = None  # the card object of an ability that works off the board (a card in the trash)
    bonus_damage: int = 0  # Bonus Damage granted to this spell itself (713), summed with the rest (714)
    ability: bool = False  # an ability resolves, not a spell itself: it is a source of what it deals (417.6.b.2)
    item: ChainItem | None = None  # the spell resolving, which its own instructions may name (``this_card``)
    groups: tuple[tuple[str, ...], ...] = ()  # the targets of each of several target specs, in order (``{target: N}``)
    paid_additional: bool = False  # the resolving spell was played with its optional additional cost paid (356.2.b.1)
    event_subject: str | None = None  # a triggered ability's: the object of its event (“另一名”: other than it)
    created: tuple[str, ...] = ()  # the units its instructions played so far (“打出一名…，让其…”), or its maker's (388.1)
    discarded: tuple[str, ...] = ()  # the cards its latest discard instruction discarded (“the discarded card's cost”)
    moved_from: tuple[str, ...] = ()  # the battlefields its latest move instruction moved units from (“该战场上”)
    revealed: tuple[str, ...] = ()  # the cards its latest look revealed, by id (“for each card with Hidden revealed”)
    chain_item: ChainItem | None = None  # the ability resolving (a spell's is ``item``): a reflexive trigger follows it


@dataclass(frozen=True)
class Choices:
    """The answers a player gives as an item resolves: a split, an optional payment, new choices, a name."""

    split: dict[str, int] = field(default_factory=dict)
    to: str | None = None  # where a unit the effect plays enters, among the locations allowed
    pay: bool | None = None  # “you may pay …”: None when the script leaves it open
    amount: int | None = None  # “pay any amount of …”: how much (204.3.b); None when the script leaves it open
    payment: Payment | None = None  # the runes that pay it
    new_targets: tuple[str, ...] | None = None  # new choices for a chain item (751–753); None: none made
    named: str | None = None  # a card named as the item resolves (761)
    from_hand: tuple[str, ...] | None = None  # the card a player plays from hand; () declines (128.6.a)
    may: tuple[bool, ...] | None = None  # the answers to its “you may …” instructions, in order (383.3.a.3)
    one_of: tuple[int, ...] | None = None  # the branches picked of its “one of these” instructions, in order (1: the first)
    accelerate: bool | None = None  # pay Accelerate for the units it plays that have it (805.1.a); None: left open
    progress: Progress = field(default_factory=Progress)  # shared by every copy: one resolution's links


def acted_on(effects) -> frozenset[str]:
    """The kinds of object *effects* act on, inside links and “you may pay” branches too."""
    return frozenset().union(*(ACTS_ON.get(name, ()) for name in verbs_in(effects)))


def needs_targets(effects) -> bool:
    """Whether *effects* act on chosen units, or name them in a complement (``to: target``, …)."""
    return "unit" in acted_on(effects) or refers_to_targets(list(effects))


def kind_of(target) -> str:
    """What a chosen object is: a unit, an item on the chain, or a gear."""
    if isinstance(target, ChainItem):
        return "spell"
    if isinstance(target, Legend):
        return "legend"
    if isinstance(target, RuneRef):
        return "rune"
    if isinstance(target, FacedownRef):
        return "facedown"
    if isinstance(target, str):  # a player chosen (“choose a player / an opponent”), by id
        return "player"
    if isinstance(target, BattlefieldRef):  # “all enemy units at a battlefield”: the battlefield chosen (355.10.d)
        return "battlefield"
    return "gear" if isinstance(target, GearRef) else "unit"


def find_unit(state: GameState, name: str) -> Unit:
    """A unit on the board by id, or by card name when exactly one unit has that card."""
    if name in state.units:
        return state.units[name]
    matches = [unit for unit in state.units.values() if unit.card == name]
    if len(matches) > 1:
        raise AmbiguousReferenceError(f"“{name}”指代多个单位（{'、'.join(u.id for u in matches)}），请用单位 id")
    if matches:
        return matches[0]
    gone = [player.id for player in state.players.values() if name in names(player.trash)]
    where = f"（它在 {gone[0]} 的废牌堆中）" if gone else ""
    raise IllegalActionError(f"场上没有单位“{name}”{where}")


def legal_targets(state: GameState, ctx: Context, spec: TargetSpec, earlier: tuple[list[Unit], ...] = ()) -> list[Unit]:
    return [unit for unit in state.units.values() if restriction_broken(state, ctx, spec, unit, earlier) is None]


def target_answers(state: GameState, spec: TargetSpec, legal: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """355.5, 355.13 — every set of targets the controller may choose among *legal*, read from the state.

    As many as the spec says (all there are when fewer), or from none up to that many under “up to”; a unit
    chosen once per instruction may be chosen again (``separately``); one per location where the spec binds them.
    """
    wanted = len(legal) if spec.count is None else spec.count
    if spec.per_location:
        wanted = min(wanted, len({state.units[name].location for name in legal}))
    sizes = range(wanted + 1) if spec.up_to else (wanted if spec.separately else min(wanted, len(legal)),)
    pick = combinations_with_replacement if spec.separately else combinations
    found = []
    for size in sizes:
        for chosen in pick(legal, size):
            if spec.per_location and len({state.units[name].location for name in chosen}) < len(chosen):
                continue
            if spec.same_location and len({state.units[name].location for name in chosen}) > 1:
                continue
            if (spec.one_controller or spec.total_might) and \
                    group_broken(state, spec, [state.units[name] for name in chosen if name in state.units]):
                continue
            found.append(chosen)
    return tuple(found)


def group_broken(state: GameState, spec: TargetSpec, units: list[Unit]) -> str | None:
    """355.9.b — a restriction on the units chosen together: one controller for them all, their Mights' total."""
    if spec.one_controller and len({unit.controller for unit in units}) > 1:
        return "这些单位的控制者须相同"
    if spec.total_might and units:
        (op, bound), = spec.total_might.items()
        total = sum(layers.might(state, unit) for unit in units)
        if not COMPARISONS[op](total, bound):
            return f"这些单位的战力合计为 {total}，须{COMPARISON_NAMES[op]} {bound}"
    return None


def within_group(state: GameState, spec: TargetSpec, units: list) -> list:
    """The engine's own pick under a group restriction (a default): in order, each unit that keeps the set within it."""
    if not (spec.one_controller or spec.total_might):
        return units
    picked: list = []
    for unit in units:
        if group_broken(state, spec, [state.units[name] if isinstance(name, str) else name for name in (*picked, unit)]) is None:
            picked.append(unit)
    return picked


def unit_answers(state: GameState, ctx: Context, spec: TargetSpec) -> tuple[tuple[str, ...], ...]:
    """Every choice of units *spec* allows the player of *ctx*: of each part in turn, or of its legal units."""
    if spec.parts:
        return tuple(part_answers(state, ctx, spec))
    return target_answers(state, spec, tuple(unit.id for unit in legal_targets(state, ctx, spec)))


def split(spec: TargetSpec, chosen: list) -> list[list]:
    """The chosen targets of a spec of several parts, part by part: each takes its count in order, the last the rest
    (only the last may be “up to” or “any number”: carddefs checks it)."""
    groups, rest = [], list(chosen)
    for index, part in enumerate(spec.parts):
        take = len(rest) if index == len(spec.parts) - 1 else part.count
        groups.append(rest[:take])
        rest = rest[take:]
    return groups


def grouped(spec: TargetSpec | None, chosen) -> tuple[tuple[str, ...], ...]:
    """The names of the targets of each part of *spec*, for ``{target: N}``; one group when it has no parts."""
    names = tuple(name_of(target) for target in chosen)
    if spec is None or not spec.parts:
        return (names,)
    return tuple(tuple(group) for group in split(spec, list(names)))


def active_part(state: GameState, ctx: Context, part: TargetSpec) -> TargetSpec:
    """A part chosen only under a condition (``if``, a Level's own target, 824.1.b.1): as it is, while the condition
    holds for the card's player now (as the card is played); else one that chooses none."""
    if part.condition is None or not layers.holds(state, View(ctx.controller, ctx.source), part.condition, []):
        return part
    return replace(part, count=0, up_to=True)


def default_targets(state: GameState, ctx: Context, spec: TargetSpec) -> list[Unit]:
    """The legal units the engine picks when the script names none: each part's first legal ones not picked yet;
    none when a part that must choose has too few."""
    if not spec.parts:
        legal = legal_targets(state, ctx, spec)
        if spec.same_location and legal:  # all at one location: those where the first legal one is
            legal = [unit for unit in legal if unit.location == legal[0].location]
        legal = within_group(state, spec, legal)
        return legal if spec.count is None else legal[: spec.count]
    picked: list[Unit] = []
    groups: list[list[Unit]] = []
    for part in spec.parts:
        part = active_part(state, ctx, part)
        legal = [unit for unit in _part_options(state, ctx, part, tuple(groups))
                 if unit not in picked and not _apart(part, unit, picked)]
        if part.count is not None and not part.up_to and len(legal) < part.count:
            return []
        groups.append(legal if part.count is None else legal[: part.count])
        picked += groups[-1]
    return picked


def _part_options(state: GameState, ctx: Context, part: TargetSpec, groups: tuple[list, ...]) -> list:
    """What one part of several may choose: the objects of its kind (a battlefield, 170.7; a gear; a spell on the chain,
    seen after the parts before it), or its legal units."""
    if part.kind != "unit":
        return legal_objects(state, _seeing(ctx, groups), part)
    return legal_targets(state, ctx, part, groups)


def part_answers(state: GameState, ctx: Context, spec: TargetSpec) -> list[tuple[str, ...]]:
    """355.5 — every choice of targets of a spec of several parts, read from the state: each part's legal units in
    turn (as many as it says; the last “up to” from none), apart from those an “another” part follows, at the
    battlefield of the ones before where it says so. Empty: a part that must choose has too few."""
    found: list[tuple[str, ...]] = []

    def extend(index: int, picked: list[Unit], groups: tuple[list[Unit], ...]) -> None:
        if index == len(spec.parts):
            found.append(tuple(name_of(obj) for obj in picked))
            return
        part = active_part(state, ctx, spec.parts[index])
        legal = [unit for unit in _part_options(state, ctx, part, groups)
                 if not (part.other and unit in picked) and not _apart(part, unit, picked)]
        wanted = len(legal) if part.count is None else part.count
        sizes = range(min(wanted, len(legal)) + 1) if part.up_to or part.count is None else (wanted,)
        for size in sizes:
            for group in combinations(legal, size):
                extend(index + 1, picked + list(group), (*groups, list(group)))

    extend(0, [], ())
    return found


def check_targets(state: GameState, ctx: Context, spec: TargetSpec, targets: list[Unit],
                  earlier: tuple[list[Unit], ...] = ()) -> None:
    """355.8–355.9 — the number of targets and each target's restrictions; several parts, each its own."""
    count = len(targets)
    if spec.parts:
        # 355.5: each part is a choice of its own, so two parts may choose the same unit (two “deal 3 to a unit”
        # instructions may both choose one); only a part that says “another” must choose apart from those before it.
        earlier: list[Unit] = []
        groups: list[list[Unit]] = []
        for part, group in zip(spec.parts, split(spec, targets), strict=True):
            part = active_part(state, ctx, part)
            if part.kind != "unit":  # a battlefield (170.7), a gear, a spell: chosen by name, read by its kind
                check_objects(state, _seeing(ctx, tuple(groups)), part, tuple(name_of(obj) for obj in group))
            else:
                check_targets(state, ctx, part, group, tuple(groups))
            groups.append(group)
            if part.other and {unit.id for unit in group} & {unit.id for unit in earlier}:
                illegal(f"{ctx.source} 的目标重复：“另一”须选择前面没有选中的单位", "valid_targets")
            for unit in group:
                apart = _apart(part, unit, earlier)
                if apart:
                    illegal(f"{unit.id} 不是 {ctx.source} 的有效目标：{apart}（须为{spec.describe()}）", "target_restrictions")
            earlier += group
        return
    wanted = spec.describe()
    if spec.count is not None and (count > spec.count or (not spec.up_to and count != spec.count)):
        illegal(f"{ctx.source} 须选择{wanted}，脚本选择了 {count} 名", "valid_targets")
    if count == 0 and not (spec.up_to or spec.count is None):  # 355.13: "up to" and "any number" allow none
        illegal(f"{ctx.source} 须选择{wanted}，脚本没有选择目标", "valid_targets")
    if len({unit.id for unit in targets}) != count and not spec.separately:
        illegal(f"{ctx.source} 的目标重复", "valid_targets")
    if spec.per_location and len({unit.location for unit in targets}) != count:
        illegal(f"{ctx.source} 每个位置至多选择一名单位", "valid_targets")
    if spec.same_location and len({unit.location for unit in targets}) > 1:
        illegal(f"{ctx.source} 的目标须在同一位置", "valid_targets")
    together = group_broken(state, spec, targets)
    if together:
        illegal(f"{ctx.source} 的目标：{together}（须为{wanted}）", "target_restrictions")
    for unit in targets:
        broken = restriction_broken(state, ctx, spec, unit, earlier)
        if broken:
            rule = "untargetable" if broken == UNTARGETABLE else "target_restrictions"
            illegal(f"{unit.id} 不是 {ctx.source} 的有效目标：{broken}（须为{wanted}）", rule)


def _apart(part: TargetSpec, unit: Unit, earlier: list[Unit]) -> str | None:
    """Why *unit* is not “at the same battlefield” as the targets of the parts before its own (or, ``other_location``,
    is where one of them is: “a battlefield you control and a unit you control at a different location”), or None."""
    if part.where not in ("same_battlefield", "other_location") or not earlier:
        return None
    places = {other.location for other in earlier}
    if part.where == "other_location":
        return f"它在 {location_name(unit.location)}，与前一组目标位于同一位置" if unit.location in places else None
    if is_base(unit.location) or places != {unit.location}:
        return f"它在 {location_name(unit.location)}，不与前一组目标（{'、'.join(location_name(p) for p in places)}）位于同一战场"
    return None


def restriction_broken(state: GameState, ctx: Context, spec: TargetSpec, unit: Unit,
                       earlier: tuple[list[Unit], ...] = ()) -> str | None:
    """Why *unit* is not a legal target of *spec*, or None.  *earlier*: the targets of the specs before it, which its
    filter may name (“an enemy unit with less Might than it”: ``might: {lt: {might_of: {target: 1}}}``)."""
    if spec.parts:  # legal for one of its parts at least
        reasons = [restriction_broken(state, ctx, part, unit) for part in spec.parts if part.kind == "unit"]
        return None if None in reasons else (reasons or ["它不是单位"])[0]
    if spec.who == "friendly" and unit.controller != ctx.controller:
        return f"它由 {unit.controller} 控制，不是友方单位"
    if spec.who == "enemy" and unit.controller not in state.opponents(ctx.controller):
        return "它不是敌方单位"
    if spec.where in ("battlefield", "same_battlefield") and is_base(unit.location):
        return "它在基地，不在战场上"
    if spec.where == "base" and not is_base(unit.location):
        return f"它在 {location_name(unit.location)}，不在基地"
    if spec.where == "here" and unit.location != ctx.location:
        return f"它在 {location_name(unit.location)}，不在此处（{location_name(ctx.location or '')}）"
    if spec.where == "moved_between" and (is_base(unit.location) or unit.location not in (ctx.location, ctx.origin)):
        ends = "、".join(location_name(place) for place in (ctx.origin, ctx.location) if place)
        return f"它在 {location_name(unit.location)}，不在移动起点或终点的战场（{ends}）"
    if spec.other and unit.id == ctx.source_unit:
        return "须为其他单位"
    if spec.token and state.card(unit.card).type != "token":
        return "它不是指示物单位"
    if spec.equipped and not unit.attached:
        return "它没有贴附装备，不是已装配的单位"
    if spec.only and not layers.matches(state, _seeing(ctx, earlier), spec.only, unit, [u for g in earlier for u in g]):
        return f"它不符合条件（{'、'.join(spec.only)}）"
    if layers.untargetable_by(state, ctx.controller, unit):
        return UNTARGETABLE
    return None


def _seeing(ctx: Context, earlier: tuple[list, ...]) -> Context:
    """The viewpoint of a later target spec: ``{target: N}`` names the targets the N-th spec before it chose."""
    return replace(ctx, groups=tuple(tuple(name_of(obj) for obj in group) for group in earlier)) if earlier else ctx


def chain_item(state: GameState, name: str) -> ChainItem | None:
    """An item on the chain by id (#n) or by card name when one item has it."""
    found = [item for item in state.chain if name in (item.id, item.card, item.label)]
    return found[0] if len(found) == 1 else None


def too_costly(state: GameState, spec: TargetSpec, item: ChainItem) -> bool:
    """“A spell with Energy cost no more than N”: an ability (no cost) or a dearer spell is not one."""
    if spec.max_cost is None:
        return False
    return item.kind != "play" or (state.card(item.card).cost or 0) > spec.max_cost


def item_broken(state: GameState, ctx: Context, spec: TargetSpec, item: ChainItem) -> str | None:
    """Why an item on the chain is not a legal target of *spec* for *ctx*, or None (355.9.a.2)."""
    problem = _item_problem(state, ctx, spec, item)
    return problem[0] if problem else None


def _item_problem(state: GameState, ctx: Context, spec: TargetSpec, item: ChainItem) -> tuple[str, str] | None:
    """(why, the rule's key) an item on the chain is not a legal target of *spec*, or None."""
    wanted = spec.describe()
    if spec.who == "enemy" and item.controller not in state.opponents(ctx.controller):
        return f"{item.label} 不是敌方的法术或能力（须为{wanted}）", "target_restrictions"
    if too_costly(state, spec, item):
        return f"{item.label} 不是能量费用不超过 {spec.max_cost} 的法术（须为{wanted}）", "target_restrictions"
    if not _costs_fit(state, ctx, spec, item):
        return f"{item.label} 不是印刷费用符合条件的法术（须为{wanted}）", "printed_cost"
    return _choosing_broken(state, ctx, spec, item)


ITEM_COSTS = ("cost", "power")  # the filter keys a chain item's spec reads on its card: its printed costs


def _costs_fit(state: GameState, ctx: Context, spec: TargetSpec, item: ChainItem) -> bool:
    """“A spell that costs no more than ④ and no more than [A]”: ``cost`` / ``power`` compared with the printed (or
    copied) Energy and Power costs of the spell's card, whatever was paid to play it (206); an ability on the chain
    has no cost and is no spell, nor is a unit card being played."""
    wanted = {key: value for key, value in (spec.only or {}).items() if key in ITEM_COSTS}
    if not wanted:
        return True
    card = state.card(item.card) if item.kind == "play" else None
    if card is None or not card.is_type("spell"):
        return False
    printed = {"cost": card.cost or 0, "power": card.power or 0}
    return all(COMPARISONS[op](printed[key], layers.amount(state, ctx, bound))
               for key, bounds in wanted.items() for op, bound in bounds.items())


def _choosing_broken(state: GameState, ctx: Context, spec: TargetSpec, item: ChainItem) -> tuple[str, str] | None:
    """“A spell that chooses it and no other friendly unit”: ``chooses: {target: N}``, the item chose a unit the N-th
    part chose; ``chooses_no_other``, it chose no other unit of that side (seen from *ctx*'s controller).  A unit it
    chose counts while it is on the board, a mistargeted one too, wherever it moved (359.3.e.9.a)."""
    if spec.chooses is None:
        return None
    if "any" in spec.chooses:
        return _chose_any_broken(state, ctx, spec.chooses["any"], item)
    wanted = set(ctx.groups[spec.chooses["target"] - 1]) if spec.chooses["target"] <= len(ctx.groups) else set()
    chose = {name for group in item.targets for name in group}
    if not wanted & chose:
        return f"{item.label} 没有选择 {'、'.join(sorted(wanted)) or '那名单位'}", "target_restrictions"
    others = sorted(name for name in chose - wanted if name in state.units
                    and _on_side(state, ctx.controller, state.units[name].controller, spec.chooses_no_other))
    if others:
        return f"{item.label} 还选择了 {'、'.join(others)}（仍在场上，仍是它选择的）", "mistargeted_still_chosen"
    return None


def _chose_any_broken(state: GameState, ctx: Context, wanted, item: ChainItem) -> tuple[str, str] | None:
    """``chooses: {any: FILTER | [FILTER, …]}`` — “an enemy spell or ability that chooses a friendly unit or gear”: one
    of the objects the item chose (355.5) is on the board now and meets one of the filters, read from *ctx*'s
    controller (a filter's ``kind``: a unit, the default, or a gear)."""
    chose = {name for group in item.targets for name in group}
    for spec in [wanted] if isinstance(wanted, dict) else wanted:
        rest = {key: value for key, value in spec.items() if key != "kind"}
        if spec.get("kind", "unit") == "gear":
            found = [ref for ref, seen in board_gear(state) if gear_named(ref) in chose and layers.matches(state, ctx, rest, seen)]
        else:
            found = [unit for name, unit in state.units.items() if name in chose and layers.matches(state, ctx, rest, unit)]
        if found:
            return None
    return f"{item.label} 没有选择符合条件的单位或装备", "target_restrictions"


def _on_side(state: GameState, player: str, controller: str, side: str | None) -> bool:
    """Whether a unit *controller* controls is of *side* (friendly, enemy, any) as *player* sees it; None: no side."""
    if side == "friendly":
        return controller == player
    if side == "enemy":
        return controller in state.opponents(player)
    return side == "any"


def check_chain_targets(state: GameState, ctx: Context, spec: TargetSpec, chosen: tuple[str, ...]) -> None:
    wanted = spec.describe()
    if len(chosen) != (spec.count or len(chosen)) or not chosen:
        illegal(f"{ctx.source} 须选择{wanted}", "valid_targets")
    for name in chosen:
        item = chain_item(state, name)
        if item is None:
            illegal(f"结算链上没有“{name}”（链上：{'、'.join(i.label for i in state.chain) or '无'}）", "valid_targets")
        problem = _item_problem(state, ctx, spec, item)
        if problem:
            illegal(*problem)


def check_gear_targets(state: GameState, ctx: Context, spec: TargetSpec, chosen: tuple[str, ...]) -> None:
    """355.9 — an effect that chooses a gear: an unattached gear (by id) or one attached to a unit (by name)."""
    if len(chosen) != (spec.count or len(chosen)) or not chosen:
        illegal(f"{ctx.source} 须选择{spec.describe()}", "valid_targets")
    legal = {name_of(obj) for obj in legal_objects(state, ctx, spec)} | {obj.id for obj in legal_objects(state, ctx, spec)}
    for name in chosen:
        if find_gear(state, name) is None and not (spec.kind == UNIT_OR_GEAR and name in state.units):
            illegal(f"场上没有{'单位或' if spec.kind == UNIT_OR_GEAR else ''}装备“{name}”", "valid_targets")
        if name not in legal:
            illegal(f"{name} 不是 {ctx.source} 的有效目标（须为{spec.describe()}）", "target_restrictions")


def check_object_targets(state: GameState, ctx: Context, spec: TargetSpec, chosen: tuple[str, ...]) -> None:
    """355.8–355.9, 355.13 — the objects named for a spec of several kinds (units, gear, runes, legends): as many as it
    says (from none under “up to”), each different, each one it may choose now."""
    count = len(chosen)
    if spec.count is not None and (count > spec.count or (not spec.up_to and count != spec.count)) or \
            (count == 0 and not spec.up_to):
        illegal(f"{ctx.source} 须选择{spec.describe()}，脚本选择了 {count} 个", "valid_targets")
    if len(set(chosen)) != count:
        illegal(f"{ctx.source} 的目标重复", "valid_targets")
    legal = {name_of(obj) for obj in legal_objects(state, ctx, spec)}
    for name in chosen:
        if not named_targets(state, spec, [name]):
            illegal(f"场上没有“{name}”（单位、装备、传奇，或写作 {RUNE_NAME} 的符文、写作 {FACEDOWN_NAME} 的面朝下的牌）", "valid_targets")
        if name not in legal:
            illegal(f"{name} 不是 {ctx.source} 的有效目标（须为{spec.describe()}）", "target_restrictions")


RUNE_NAME = "符文:<玩家>:<序号>"
FACEDOWN_NAME = "正面朝下:<战场>"


def check_named(state: GameState, ctx: Context, spec: TargetSpec | None, effects, chosen: tuple[str, ...]) -> None:
    """The targets a script names for *effects*, by the kind of object *spec* chooses (355.8–355.9)."""
    if spec is not None and spec.kind != "unit" and not spec.parts:
        check_objects(state, ctx, spec, chosen)
    elif spec is None or not (needs_targets(effects) or acted_on(effects) & {part.kind for part in spec.parts}):
        if chosen:
            illegal(f"{ctx.source} 的效果不选择目标，脚本却给出了目标", "valid_targets")
    else:
        check_targets(state, ctx, spec, part_objects(state, spec, chosen))


def check_objects(state: GameState, ctx: Context, spec: TargetSpec, chosen: tuple[str, ...]) -> None:
    """355.9 — the objects named for a spec choosing no unit: gear, players or battlefields, items on the chain."""
    if spec.kind in ("gear", UNIT_OR_GEAR):
        check_gear_targets(state, ctx, spec, chosen)
    elif spec.kind == OBJECTS:
        check_object_targets(state, ctx, spec, chosen)
    elif spec.kind in NAMED_KINDS:
        check_named_objects(state, ctx, spec, chosen)
    else:  # its effects act on the chosen chain items
        check_chain_targets(state, ctx, spec, chosen)


def part_objects(state: GameState, spec: TargetSpec, chosen) -> list:
    """The objects named for *spec*: units, and under a spec of parts, a battlefield for a part choosing one (“选择一名
    友方单位和一处战场”, 170.7) — an unknown battlefield's name kept, refused by its part's check."""
    if not spec.parts:
        return [find_unit(state, name) for name in chosen]
    return [find_unit(state, name) if part.kind == "unit" else next(iter(named_targets(state, part, [name])), name)
            for part, group in zip(spec.parts, split(spec, list(chosen)), strict=True) for name in group]


def battlefield_part(spec: TargetSpec | None) -> bool:
    """Whether one of the parts of *spec* chooses a battlefield (its units then are those “there”, 355.10.d)."""
    return spec is not None and any(part.kind == "battlefield" for part in spec.parts)


def check_played(state: GameState, player: str, card: CardDef, todo, chosen: tuple[str, ...], hidden: str | None,
                 mode: str | None = None, paid: bool = False) -> None:
    """355.8 — the targets chosen for one execution of a card (in *mode*) as it is played, from face down at *hidden* too."""
    legion = card.legion if needs_targets(card.legion) else ()  # Legion's effects choose as the card is played
    ctx = Context(card.name, player, hidden)
    spec = card.target_of(mode, paid)
    check_named(state, ctx, spec, tuple(todo) + legion, chosen)
    if hidden and spec is not None and spec.kind == "unit":  # 811.1.d.2: among units at its battlefield (or that one)
        away = [obj.id for obj in part_objects(state, spec, chosen) if obj.location != hidden]
        if away:
            illegal(f"从 {hidden} 的待命打出时，目标须在 {hidden}：{'、'.join(away)} 不在那里", "hidden_targets")
    if hidden and spec is not None and spec.kind == "battlefield" and set(chosen) != {hidden}:  # 811.1.d.2: that one
        illegal(f"从 {hidden} 的待命打出时，选择的战场须为 {hidden}", "hidden_targets")
    if spec is not None and spec.kind == "unit" and chosen:
        _check_split_count(state, ctx, spec, todo, chosen)


def _check_split_count(state: GameState, ctx: Context, spec: TargetSpec, todo, chosen: tuple[str, ...]) -> None:
    """355.14.c — a damage split among units chooses no more of them than the damage there is as the card is played
    (its amount then, with its controller's Bonus Damage): an amount read from a unit it chose, from that unit now."""
    groups = split(spec, list(chosen)) if spec.parts else [list(chosen)]
    for effect in todo:
        deal = effect.get("deal") if isinstance(effect, dict) else None
        if not isinstance(deal, dict) or not deal.get("split"):
            continue
        to = deal.get("to")
        index = to["target"] - 1 if isinstance(to, dict) and isinstance(to.get("target"), int) else len(groups) - 1
        amount = _amount_as_played(state, deal["amount"], groups)
        if amount is None or not 0 <= index < len(groups):
            continue
        amount += max(0, sum(state.card(unit.card).passives.get("bonus_damage", 0)
                             for unit in state.units.values() if unit.controller == ctx.controller))
        if len(groups[index]) > amount:
            illegal(f"{ctx.source} 分摊 {amount} 点伤害，最多只能选择 {amount} 名单位，脚本选择了 {len(groups[index])} 名",
                    "split_targets")


def _amount_as_played(state: GameState, amount, groups: list[list[str]]) -> int | None:
    """The amount of a split as the card is played: a number, or the Might of a unit it chose; None when it reads
    anything else."""
    if isinstance(amount, int):
        return amount
    source = amount.get("might_of") if isinstance(amount, dict) else None
    if isinstance(source, dict) and isinstance(source.get("target"), int) and 0 < source["target"] <= len(groups):
        group = groups[source["target"] - 1]
        unit = state.units.get(group[0]) if group else None
        return layers.might(state, unit) if unit is not None else None
    return None


def named_targets(state: GameState, spec: TargetSpec | None, chosen) -> list:
    """The objects a list of names stands for, by the kind *spec* chooses (each part its own); names of objects gone
    are dropped."""
    if spec is not None and spec.parts:
        return [obj for part, group in zip(spec.parts, split(spec, list(chosen)), strict=True)
                for obj in named_targets(state, part, group)]
    if spec is not None and spec.kind == "spell":
        return [item for name in chosen if (item := chain_item(state, name)) is not None]
    if spec is not None and spec.kind == "gear":
        return [ref for name in chosen if (ref := find_gear(state, name)) is not None and still_there(state, ref)]
    if spec is not None and spec.kind in (UNIT_OR_GEAR, "event"):  # a unit by id, else a gear (an event's: a gear played)
        units = {name: state.units[name] for name in chosen if name in state.units}
        gear = {name: ref for name in chosen if name not in units and (ref := find_gear(state, name)) and still_there(state, ref)}
        return [units.get(name) or gear[name] for name in chosen if name in units or name in gear]
    if spec is not None and spec.kind == "player":
        return [name for name in chosen if name in state.players]
    if spec is not None and spec.kind == "battlefield":
        return [BattlefieldRef(name) for name in chosen if name in state.battlefields]
    if spec is not None and spec.kind == "legend":
        return [state.legends[name] for name in chosen if name in state.legends]
    if spec is not None and spec.kind == OBJECTS:  # each name read by the kinds it may be: a unit, a gear, a legend, a rune
        return [obj for name in chosen if (obj := _object_named(state, spec.kinds, name)) is not None]
    return [state.units[name] for name in chosen if name in state.units]


def _object_named(state: GameState, kinds: tuple[str, ...], name: str):
    """The object of one of *kinds* a name stands for, or None."""
    if "unit" in kinds and name in state.units:
        return state.units[name]
    if "legend" in kinds and name in state.legends:
        return state.legends[name]
    ref = rune_ref(name) if "rune" in kinds else None
    if ref is not None:
        return ref if ref.rune(state) is not None else None
    hidden = facedown_ref(name) if "facedown" in kinds else None
    if hidden is not None:
        bf = state.battlefields.get(hidden.battlefield)
        return hidden if bf is not None and bf.facedown is not None else None
    ref = find_gear(state, name) if "gear" in kinds else None
    return ref if ref is not None and still_there(state, ref) else None


def still_legal(state: GameState, log: Log, ctx: Context, spec: TargetSpec, chosen) -> list:
    """359.3.e — a target that left the board or no longer meets the restrictions is unaffected."""
    if not chosen:
        return []
    if spec.kind == "spell":
        legal = [item for item in named_targets(state, spec, chosen) if not too_costly(state, spec, item)]
    elif spec.kind in ("gear", UNIT_OR_GEAR, OBJECTS):  # 359.3.e: still one the spec may choose (its cost, tag, …)
        fits = legal_objects(state, ctx, spec)
        legal = [ref for ref in named_targets(state, spec, chosen) if ref in fits]
    elif spec.kind in NAMED_KINDS:  # a battlefield: still one it may choose (its controller, 359.3.e)
        fits = legal_objects(state, ctx, spec)
        legal = [obj for obj in named_targets(state, spec, chosen) if obj in fits]
    else:
        pairs = zip(spec.parts, split(spec, list(chosen)), strict=True) if spec.parts else [(spec, chosen)]
        legal, earlier, groups = [], [], []
        for part, names in pairs:
            group = named_targets(state, part, names)
            fits = legal_objects(state, _seeing(ctx, tuple(groups)), part) if part.kind != "unit" else None
            legal += [
                unit
                for unit in group
                if (unit in fits if fits is not None else restriction_broken(state, ctx, part, unit, tuple(groups)) is None)
                and not _apart(part, unit, earlier)
                and (ctx.location is None or not isinstance(unit, Unit) or unit.location == ctx.location)
            ]
            earlier += group
            groups.append(group)
    kept = {getattr(t, "id", None) for t in legal} | {t.name for t in legal if isinstance(t, GearRef)}
    kept |= {t for t in legal if isinstance(t, str)} | {t.id for t in legal if isinstance(t, BattlefieldRef)}
    lost = [name for name in chosen if name not in kept]
    why = _untargetable_now(state, ctx, spec, lost)
    if lost and not legal:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 都已不合法：选择这些目标的指令不执行", "target_illegal", "all_targets_illegal", *why)
    elif lost:
        log.add(f"{ctx.source} 的目标 {'、'.join(lost)} 已不合法，不受影响；其余目标照常", "target_illegal", "some_targets_illegal", *why)
    return legal


def _untargetable_now(state: GameState, ctx: Context, spec: TargetSpec, lost: list[str]) -> tuple[str, ...]:
    """758.1 — the rules behind a target lost because it became untargetable for this spell."""
    units = [state.units[name] for name in lost if name in state.units and spec.kind == "unit"]
    if any(restriction_broken(state, ctx, spec, unit) == UNTARGETABLE for unit in units):
        return ("untargetable_passive", "mistarget_untargetable")
    return ()


def choose_targets(state: GameState, log: Log, ctx: Context, spec: TargetSpec | None, effects, chosen) -> list:
    """The objects an effect acts on: the script's legal choice, the source itself, or a legal default.

    *chosen*: the objects the script names (units, items on the chain, gear), or None when it names none.
    """
    kinds = acted_on(effects)
    if spec is not None and spec.kind in NAMED_KINDS:  # the players (``who: chosen_player``) or battlefields chosen
        return _choose_named(state, log, ctx, spec, chosen)
    if not kinds:
        if chosen:
            illegal(f"{ctx.source} 的效果不选择目标，脚本却给出了目标", "valid_targets")
        return []
    if spec is None:
        if chosen:
            illegal(f"{ctx.source} 的效果作用于其来源自身，不选择目标", "valid_targets")
        if ctx.source_unit in state.legends:  # a legend's “me”: it acts on the legend in its Legend Zone (107.4)
            return [state.legends[ctx.source_unit]]
        if ctx.source_unit in state.gear and "gear" in kinds:  # a gear's “摧毁此牌”: the gear itself
            return [GearRef(state.gear[ctx.source_unit].card, gear_id=ctx.source_unit)]
        return [state.units[ctx.source_unit]] if ctx.source_unit in state.units else []
    if chosen is not None:
        if spec.kind == "spell":
            check_chain_targets(state, ctx, spec, tuple(item.id for item in chosen))
        elif spec.kind in ("gear", UNIT_OR_GEAR):
            check_gear_targets(state, ctx, spec, tuple(name_of(obj) for obj in chosen))
        elif spec.kind == OBJECTS:
            check_object_targets(state, ctx, spec, tuple(name_of(obj) for obj in chosen))
        elif spec.kind == "event":  # locked in as it triggered (359.3.f.3.a): a gear played is no unit to check
            check_targets(state, ctx, spec, [obj for obj in chosen if not isinstance(obj, GearRef)])
        else:
            check_targets(state, ctx, spec, chosen)
        return chosen
    legal = default_targets(state, ctx, spec) if spec.kind == "unit" else legal_objects(state, ctx, spec)
    if spec.count is not None:
        legal = legal[: spec.count]
    if not legal:
        illegal(f"{ctx.source} 没有有效目标（须为{spec.describe()}）", "valid_targets")
    if spec.count is None and not spec.up_to:  # “all units here”: every one that fits, no choice (355.10.d)
        log.add(f"{ctx.source} 作用于所有符合条件的单位：{'、'.join(target.id for target in legal)}", "not_targeted")
        return legal
    if not state.defaults and spec.kind == "unit":  # the player's question, as the spell or ability chooses
        options = unit_answers(state, ctx, spec)
        if len(options) > 1:
            chosen = answer_to(state, Question(
                "choose_targets", ctx.controller, ctx.source, f"{ctx.controller} 为 {ctx.source} 选择目标（{spec.describe()}）",
                options, "这一步的 targets 或 choose: [……]", "valid_targets",
            ))
            log.add(f"{ctx.controller} 为 {ctx.source} 选择目标：{'、'.join(chosen) or '无'}", "valid_targets")
            return [state.units[name] for name in chosen]
    log.add(f"脚本未指定目标，引擎选择：{'、'.join(target.id for target in legal)}", "valid_targets", default=state.defaults)
    return legal


# The kinds of object chosen by name alone (a player's id, a battlefield's name): no filter but whose they are.
NAMED_KINDS = frozenset({"player", "battlefield", "legend"})
_NAMED_WORDS = {"player": "玩家", "battlefield": "战场", "legend": "传奇"}


def _choose_named(state: GameState, log: Log, ctx: Context, spec: TargetSpec, chosen) -> list:
    """355.5 — “choose a player / an opponent / a battlefield”: the script's choice, or the first legal ones (a default)."""
    word = _NAMED_WORDS[spec.kind]
    if chosen is not None:
        names = tuple(name_of(obj) for obj in chosen)
        check_named_objects(state, ctx, spec, names)
        return named_targets(state, spec, names)
    every = tuple(name_of(obj) for obj in legal_objects(state, ctx, spec))
    legal = every[: spec.count or None]
    if not legal:
        illegal(f"{ctx.source} 没有可选择的{word}（须为{spec.describe()}）", "valid_targets")
    if not state.defaults:  # which ones: the controller's question (one possible answer is none)
        legal = answer_to(state, Question(
            {"player": "players", "battlefield": "battlefields"}.get(spec.kind, "legends"), ctx.controller, ctx.source,
            f"{ctx.controller} 为 {ctx.source} 选择{spec.describe()}",
            target_answers(state, spec, every), f"这一步的 targets 或 choose: [{word}]", "valid_targets",
        ))
        log.add(f"{ctx.controller} 为 {ctx.source} 选择：{'、'.join(legal)}", "valid_targets")
    else:
        log.add(f"脚本未指定选择的{word}，引擎选择：{'、'.join(legal)}", "valid_targets", default=True)
    return named_targets(state, spec, legal)


def check_named_objects(state: GameState, ctx: Context, spec: TargetSpec, chosen: tuple[str, ...]) -> None:
    """355.5 — the players or battlefields chosen: as many as the spec says, each one it may choose (an opponent for
    ``enemy``; a battlefield an opponent controls for ``enemy``, one you control for ``friendly``)."""
    word = _NAMED_WORDS[spec.kind]
    if len(chosen) != (spec.count or len(chosen)) or not chosen:
        illegal(f"{ctx.source} 须选择{spec.describe()}", "valid_targets")
    legal = {name_of(obj) for obj in legal_objects(state, ctx, spec)}
    for name in chosen:
        if name not in legal:
            illegal(f"“{name}”不是 {ctx.source} 可以选择的{word}（须为{spec.describe()}）", "valid_targets")


def legal_objects(state: GameState, ctx: Context, spec: TargetSpec) -> list:
    """Every object *spec* may choose now: items on the chain, gear on the board, players, or units."""
    if spec.kind == "player":
        return {"enemy": state.opponents(ctx.controller), "friendly": [ctx.controller]}.get(spec.who, list(state.players))
    if spec.kind == "legend":  # a legend in its Legend Zone (107.4.c), any player's unless the spec says whose
        controllers = {"enemy": state.opponents(ctx.controller), "friendly": [ctx.controller]}.get(spec.who)
        return [legend for legend in state.legends.values() if controllers is None or legend.controller in controllers]
    if spec.kind == "battlefield":  # whose: who controls it now (an uncontrolled one is neither side's)
        controllers = {"enemy": state.opponents(ctx.controller), "friendly": [ctx.controller]}.get(spec.who)
        return [BattlefieldRef(bf.name) for bf in state.battlefields.values()
                if controllers is None or bf.controller in controllers]
    if spec.kind == "spell":
        return [item for item in reversed(state.chain) if item_broken(state, ctx, spec, item) is None]
    if spec.kind == "gear":
        return gear_options(state, ctx.controller, spec.who, spec.only, ctx, spec.where)
    if spec.kind == UNIT_OR_GEAR:  # the units it may choose, then the gear (each read by its own kind)
        return legal_targets(state, ctx, replace(spec, kind="unit")) + gear_options(
            state, ctx.controller, spec.who, spec.only, ctx, spec.where)
    if spec.kind == OBJECTS:  # each kind in the order the spec lists them, each read by its own kind
        return [obj for kind in spec.kinds for obj in _objects_of_kind(state, ctx, spec, kind)]
    return legal_targets(state, ctx, spec)


OBJECT_FILTER_KEYS = frozenset({"exhausted"})  # what a filter of runes and legends reads beyond whose and “other”
NO_FILTER_KINDS = frozenset({"facedown"})  # kinds read by whose they are alone (a facedown card has no status, 421)


def _objects_of_kind(state: GameState, ctx: Context, spec: TargetSpec, kind: str) -> list:
    """The objects of one *kind* a spec of several kinds may choose: units and gear as their own specs read them; a
    legend (107.4.c) or a rune in play (164) by whose it is, its status and not the source itself."""
    if kind == "unit":
        return legal_targets(state, ctx, replace(spec, kind="unit", kinds=()))
    if kind == "gear":
        refs = gear_options(state, ctx.controller, spec.who, spec.only, ctx, spec.where)
        return [ref for ref in refs if not (spec.other and ref.gear_id is not None and ref.gear_id == ctx.source_unit)]
    controllers = {"enemy": state.opponents(ctx.controller), "friendly": [ctx.controller]}.get(spec.who, list(state.players))
    wanted = spec.only or {}
    if kind == "facedown":  # a card hidden at a battlefield (421): whose it is, the player who hid it
        return [FacedownRef(bf.name) for bf in state.battlefields.values() if bf.facedown is not None and bf.hidden_by in controllers]
    if kind == "legend":
        return [legend for legend in state.legends.values() if legend.controller in controllers
                and not (spec.other and legend.id == ctx.source_unit)
                and all(getattr(legend, key) == value for key, value in wanted.items() if key in OBJECT_FILTER_KEYS)]
    return [RuneRef(player, number) for player in controllers for number, rune in enumerate(state.players[player].runes, 1)
            if all(getattr(rune, key) == value for key, value in wanted.items() if key in OBJECT_FILTER_KEYS)]


def gear_options(state: GameState, player: str, who: str, only: dict | None = None, view=None,
                 where: str = "anywhere") -> list[GearRef]:
    """Every gear on the board *player* may choose as ``who`` (any, friendly, enemy) that meets the FILTER *only* (its
    cost, tag, …, seen from *view*) and is ``where`` (a battlefield, a base, here): unattached first, then attached."""
    seen_from = view or View(player, "")
    return [ref for ref, seen in board_gear(state)
            if (who == "any" or (seen.controller == player) == (who == "friendly"))
            and (where == "anywhere" or layers.matches(state, seen_from, {"where": where}, seen))
            and (not only or layers.matches(state, seen_from, only, seen))]


def gear_named(ref: GearRef) -> str:
    """The name a script and ``find_gear`` know *ref* by: an unattached gear's id, an attached one's card."""
    return ref.gear_id or ref.name


def name_of(target) -> str:
    """How a chosen object is named again later: a unit's or chain item's id, a gear by ``gear_named``, a player's id,
    a battlefield's name."""
    if isinstance(target, str):
        return target
    return gear_named(target) if isinstance(target, GearRef) else target.id


def find_gear(state: GameState, name: str) -> GearRef | None:
    """A gear on the board by id or card name: unattached first, else attached to a unit."""
    if name in state.gear:
        return GearRef(state.gear[name].card, gear_id=name)
    loose = [g for g in state.gear.values() if g.card == name]
    if loose:
        return GearRef(name, gear_id=loose[0].id)
    holder = next((u for u in state.units.values() if name in u.attached), None)
    return GearRef(name, holder=holder.id) if holder else None


# Naming a card (761–762), and what a named card is linked to.
#
# The player names a card as the instruction resolves: by its exact name
# (761.1), or by anything else that identifies one card only — here, a part of
# a name that no other card has (761.2).  The card must exist (762.1: the cards
# this game knows — the scenario's, the library's, the imported ones it uses)
# and must not be a token (762.2); a part shared by several cards names none.
# The name is remembered by the object whose ability named it, for its other
# abilities (“opponents can't play spells with that name”).


KIND_NAMES = {"spell": "法术", "any": "牌"}


def identify(state: GameState, said: str, kind: str) -> str:
    """The one card *said* identifies; refused when it names none, a token, several, or the wrong kind."""
    if said in state.cards:
        name = said
    else:
        fits = [name for name in state.cards if said in name]
        if not fits:
            illegal(f"没有名为或能被“{said}”识别的卡牌：不能宣告不存在的卡牌", "naming_exists")
        if len(fits) > 1:
            illegal(f"“{said}”能识别多张卡牌（{'、'.join(fits)}）：不足以唯一识别，视为没有宣告", "naming_unique")
        name = fits[0]
    card = state.card(name)
    if card.type == "token":
        illegal(f"{name} 是指示物：不能宣告指示物的名称", "naming_token")
    if kind == "spell" and card.type != "spell":
        illegal(f"须宣告一个法术，{name} 不是法术", "naming")
    return name


def name_card(state: GameState, log: Log, ctx: Context, kind: str, holders: list[Unit], said: str | None) -> None:
    """The ability's controller names a card as it resolves; its source unit remembers the name."""
    if said is None:  # the controller's question, with or without defaults: the engine names no card for them
        known = [name for name, card in state.cards.items() if card.type != "token" and (kind != "spell" or card.type == "spell")]
        (said,) = answer_to(state, Question(
            "name", ctx.controller, ctx.source, f"{ctx.controller} 在 {ctx.source} 结算时宣告一个{KIND_NAMES[kind]}",
            tuple((name,) for name in known), "answer: {name: 卡名}（写在让它结算的那一步）或 choose: [卡名]", "naming",
        ))
    name = identify(state, said, kind)
    for unit in holders:
        unit.named = name
    how = "" if said == name else f"（“{said}”足以唯一识别）"
    log.add(f"{ctx.source}：{ctx.controller} 宣告 {name}{how}", "naming", *(("naming_unique",) if how else ()))
