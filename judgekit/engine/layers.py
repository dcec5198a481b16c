"""Static abilities, and a unit's keywords and might applied in layer order (473–480, 701–711, 807, 814).

Then the reads with Might: the selectors, amounts and conditions instructions use (``WITH_MIGHT``, ``select``,
``matches``, ``amount``, ``holds``), and what cards on the board forbid (054), untargetable units included (757–758).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import NamedTuple

from judgekit.engine import filters
from judgekit.engine.cards import SUMMED_KEYWORDS, CardDef
from judgekit.engine.filters import Reads, View, compare, flag, of_source, view_of
from judgekit.engine.state import MIGHTY, GameState, Unit, gear_controller, is_base
from judgekit.engine.trace import Log

# Static abilities in the card language's form (477.2–477.3 layer effects; 054.1, 757 “can't be chosen”).
#
# An ``abilities:`` entry ``{static: {grant: 坚守, to: {each: {who: friendly, where: here}}, while: {…}}}``,
# ``{static: {might: 2, to: self, while: {…}}}`` or ``{static: {cant: be_chosen, to: …, by: enemy}}``
# works while its card is on the board (a unit, a gear — attached, as its unit's, 718.3 —, a battlefield's card, or a legend in its Legend Zone, 174.6): its ``while`` condition and
# its ``to`` (default: the unit itself) are read again each time the layers or a target check ask
# (477.3.b: never snapshotted).  The layers read with ``filters.BELOW_MIGHT`` plus keywords (``STATIC_READS``: a
# layer effect that read Might would depend on itself); a restriction may read Might (``WITH_MIGHT`` below).


def static_sources(state: GameState) -> Iterator[tuple[View, dict]]:
    """Every static ability on the board with the viewpoint it reads from."""
    # Asked for every unit's Might and keywords: a board whose cards have no statics is not walked each time.
    givers = state.index.static_givers
    for source in state.units.values() if givers else ():  # no unit or gear card with one: the units are not walked
        specs = givers.get(source.card, ())
        for copier in [None, *copying_gear(state, source)] if specs else ():  # 434.1.c: copied text counts again
            view = view_of(source) if copier is None else replace(view_of(source), copied_by=copier)
            for spec in specs:
                yield view, spec
        for name in source.attached:  # 718.3: an attached gear's abilities are its unit's, read from the unit
            for spec in givers.get(name, ()):  # the units a filter names (a gear's “I” is left to the gear's own forms)
                if isinstance(spec.get("to"), dict):
                    yield view_of(source), spec
    for battlefield in state.battlefields.values():
        if battlefield.card:
            view = View(battlefield.controller or "", battlefield.name, None, battlefield.name)
            for spec in state.card(battlefield.card).statics:
                yield view, spec
    for gear in state.gear.values():  # 148.1.a: an unattached gear is a game object on the board, its passives work
        for spec in state.card(gear.card).statics:
            yield View(gear.controller, gear.id, None, gear.location), spec
    for legend in state.legends.values():  # 174.6: a legend's passive abilities work from its Legend Zone
        for spec in state.card(legend.card).statics:
            yield View(legend.controller, legend.id), spec


def statics_reaching(state: GameState, unit: Unit, kind: str, reads: Reads,
                     keyword_readers: bool = True) -> Iterator[tuple[View, dict]]:
    """The static abilities of *kind* (grant, might, cant) that apply to *unit* now (*keyword_readers* false: not
    those whose filter reads keywords)."""
    for view, spec in static_sources(state):
        if kind not in spec or (not keyword_readers and reads_keywords(spec)):
            continue
        if filters.holds(state, view, spec.get("while", {}), [], reads):
            continue
        to = spec.get("to", "self")
        if (unit.id == view.source_unit) if to == "self" else filters.matches(state, view, to["each"], unit, [], reads):
            yield view, spec


def enters_ready(state: GameState, unit: Unit, reads: Reads) -> str | None:
    """369.3 — “I enter ready” / “your units enter ready”: the source of the static that replaces how *unit*
    enters (exhausted), read as it has just entered; else of an effect that made its controller's units (or the next
    one) played this turn enter ready (``enters_ready_next``), the “next” one used up by this unit; None when none
    applies.  Called as a unit played enters, once."""
    static = next((view.source for view, _ in statics_reaching(state, unit, "enters_ready", reads)), None)
    waiting = next((entry for entry in state.ready_entries if entry[0] == unit.controller and entry[1] == state.turn), None)
    if static is not None or waiting is None:
        return static
    if not waiting[3]:
        state.ready_entries.remove(waiting)
    return waiting[2]


class Term(NamedTuple):
    label: str
    amount: int
    rule: str | None


# 477.2 — the ability-altering layer: printed keywords plus granted ones.
def keywords(state: GameState, unit: Unit, keyword_readers: bool = True) -> dict[str, int | None]:
    """Keyword → value; Assault, Deflect and Shield values add up across sources (807.2, 809.2, 814.2).

    *keyword_readers* false: without the statics whose filter reads keywords (the first pass of 476, below)."""
    card = state.card(unit.card)
    granted = [(grant.keyword, grant.value) for grant in unit.grants]
    printed = list(card.keywords)
    copied = printed * len(copying_gear(state, unit))
    empowered = _empowered_keywords(card, unit.empowered)
    return _summed(printed + empowered + granted + _static_keywords(state, unit, keyword_readers) + copied)


# A keyword in a static's filter (“units here with Temporary have Shield”, “units here with Tank have +1 Might”):
# 476 — the layers are applied again until nothing changes, each effect once.  The keywords such a filter reads are
# those the unit has without the statics that read keywords; those grants then apply once, after the others
# (476.1–476.2).  A Might static reads them too: the ability layer comes before the arithmetic one (477).
def _keyword_before_readers(state, view, unit, wanted, targets, reads) -> bool:
    return wanted in keywords(state, unit, keyword_readers=False)


STATIC_READS = Reads({**filters.FILTER_KEYS, "keyword": _keyword_before_readers}, filters.CONDITIONS, filters.AMOUNTS)


def reads_keywords(value) -> bool:
    """Whether a static (its ``to``, ``while`` or amount) reads keywords somewhere."""
    if isinstance(value, list):
        return any(reads_keywords(part) for part in value)
    return isinstance(value, dict) and ("keyword" in value or any(reads_keywords(part) for part in value.values()))


def copying_gear(state: GameState, unit: Unit) -> list[str]:
    """434.1.c, 477.2.c — attached gear whose effect text is a copy of the unit's printed text (477.1.b.1.b).

    That text is appended to the unit a second time: its keywords and passive abilities count again.
    """
    return [gear for gear in unit.attached if state.card(gear).passives.get("copy_attached_text")]


def _static_keywords(state: GameState, unit: Unit, keyword_readers: bool = True) -> list[tuple[str, int | None]]:
    """477.2 — keywords a card on the board gives units (“your Mechs have Vision”, its own unit included: a static
    ``grant``, the older ``static_keywords`` rewritten to one by desugar), and an attached gear's."""
    from_statics = [(spec["grant"], _grant_value(state, view, spec.get("value")))
                    for view, spec in statics_reaching(state, unit, "grant", STATIC_READS, keyword_readers)]
    from_statics = [(name, value) for name, value in from_statics if value != 0]  # “Assault equal to 0”: none
    from_gear = [  # 718.3: an attached gear's effect text is the unit's
        (entry["keyword"], entry.get("value"))
        for gear in unit.attached
        for entry in state.card(gear).static_keywords
        if entry.get("who") == "attached"
    ]
    return from_statics + from_gear + _equipment_keywords(state, unit)


EQUIPMENT_TAGS = ("武装", "Equipment")  # 150.1: a gear with the Equipment tag


def _equipment_keywords(state: GameState, unit: Unit) -> list[tuple[str, int | None]]:
    """“Your Equipment each give Assault” (``{equipment_grant: KEYWORD}``): the keyword once for each Equipment the
    static's controller controls attached to *unit* (718.5.e: not always the unit's controller), values summed (807.2)."""
    return [(spec["equipment_grant"], spec.get("value"))
            for view, spec in static_sources(state) if "equipment_grant" in spec
            and not filters.holds(state, view, spec.get("while", {}), [], STATIC_READS)
            for gear in unit.attached
            if gear_controller(unit, gear) == view.controller and filters.any_of(EQUIPMENT_TAGS, state.card(gear).tags)]


def added_more(state: GameState, player: str, gear_name: str) -> list[tuple[str, int]]:
    """“Your Gold add an additional ①” (``{add_more: {energy: N}, gear: NAME}``): (source, Energy) of each such static of
    *player*'s whose condition holds now, for an Add ability of their gear called *gear_name* as it resolves (429.1)."""
    return [(view.source, spec["add_more"]["energy"]) for view, spec in static_sources(state)
            if "add_more" in spec and spec["gear"] == gear_name and view.controller == player
            and not filters.holds(state, view, spec.get("while", {}), [], STATIC_READS)]


def _grant_value(state: GameState, view: View, value) -> int | None:
    """A granted keyword's value: as printed, or an amount read each time the layers ask (477.3.b: never snapshotted)."""
    return filters.amount(state, view, value, [], STATIC_READS) if isinstance(value, dict) else value


def _empowered_keywords(card: CardDef, empowered: int) -> list[tuple[str, int | None]]:
    """828.1.b.1 — the keywords of an Empowered ability, while the unit is empowered (as often as it says)."""
    spec = card.empower
    if not empowered or empowered < spec.get("keywords_at", 1):
        return []
    return list(spec.get("keywords", {}).items())


def equipment_has(state: GameState, player: str) -> set[str]:
    """“Your Equipment everywhere have Quick-Draw” (``{equipment_has: KEYWORD}``): the keywords every Equipment *player*
    controls or owns has, wherever it is (a hand too: 819.1.b, its Reaction as it is played), while a static says so."""
    return {spec["equipment_has"] for view, spec in static_sources(state)
            if "equipment_has" in spec and view.controller == player
            and not filters.holds(state, view, spec.get("while", {}), [], STATIC_READS)}


def is_equipment(card: CardDef) -> bool:
    return card.is_type("gear") and filters.any_of(EQUIPMENT_TAGS, card.tags)


def keywords_of_card(card: CardDef) -> dict[str, int | None]:
    """The printed keywords of a card off the board (in hand, on the chain)."""
    return _summed(list(card.keywords))


def _summed(sources: list[tuple[str, int | None]]) -> dict[str, int | None]:
    result: dict[str, int | None] = {}
    for name, value in sources:
        if name in SUMMED_KEYWORDS:
            result[name] = (result.get(name) or 0) + (value or 1)  # an omitted X is 1 (807.1.b.3)
        else:
            result[name] = value
    return result


# 477 — trait layer (might "becomes"), then arithmetic: increases first, decreases last.
def might_terms(state: GameState, unit: Unit, itemized: bool = True) -> list[Term]:
    """The terms of a unit's Might in the order the layers apply them; *itemized* False folds the effects that add to
    or take from it into one increase and one decrease (the same total: a long chain of "+1 this turn" summed
    without a term and a sort for each)."""
    card = state.card(unit.card)
    terms = [Term("印刷战力", card.might or 0, None)]
    latest = unit.effects.latest_set
    if latest is not None:
        terms = [Term(f"{latest.source}：战力变为", latest.amount, "might_becomes")]
    owned = keywords(state, unit) if unit.designation else {}  # only Assault and Shield, in combat, add to it
    increases = []
    if unit.buffs:
        increases.append(Term("增益", unit.buffs, "buff_might"))
        extra = sum(n for player, turn, _, n in state.buff_bonuses if player == unit.controller and turn == state.turn)
        if extra:  # “在本回合内，所有增益可额外给予友方单位战力+1”
            increases.append(Term("本回合增益额外", unit.buffs * extra, "buff_might"))
    if unit.designation == "attacker" and owned.get("强攻"):
        increases.append(Term("强攻", owned["强攻"], "assault"))
    if unit.designation == "defender" and owned.get("坚守"):
        increases.append(Term("坚守", owned["坚守"], "shield"))
    # “each Equipment attached to me gives double its base Might bonus” (137.3): the largest such factor, not their
    # product — the same ability twice (a gear copying the text, 434.1.c) still doubles once
    times = max((spec["might_bonus_times"] for _, spec in statics_reaching(state, unit, "might_bonus_times", STATIC_READS)),
                default=1)
    for gear in unit.attached:
        bonus = state.card(gear).might_bonus
        if bonus and times != 1:
            increases.append(Term(f"附着的 {gear}（基础战力加成 ×{times}）", bonus * times, "might_bonus_times"))
        elif bonus:
            increases.append(Term(f"附着的 {gear}", bonus, "attached_bonus"))
    static = [
        (Term(f"{view.copied_by}（复制的文字）：{view.source}（静态能力）" if view.copied_by else f"{view.source}（静态能力）",
              filters.amount(state, view, spec["might"], [], STATIC_READS), "copied_text" if view.copied_by else "increases_first"),
         spec.get("min"))
        for view, spec in statics_reaching(state, unit, "might", STATIC_READS)
    ]
    increases += [term for term, _ in static if term.amount > 0]
    each = card.empower.get("might_each")
    if each and unit.empowered:  # a passive ability of the card, read from the current status
        increases.append(Term(f"{unit.id}（强化 {unit.empowered} 层）", each * unit.empowered, "empowered_status"))
    if itemized:
        adds = sorted((effect for effect in unit.effects if effect.kind == "add"), key=lambda effect: effect.timestamp)
        increases += [Term(effect.source, effect.amount, "increases_first") for effect in adds if effect.amount > 0]
        decreases = [Term(effect.source, effect.amount, "decreases_last") for effect in adds if effect.amount < 0]
    else:
        increases.append(Term("增加", unit.effects.increase, "increases_first"))
        decreases = [Term("减少", unit.effects.decrease, "decreases_last")]
    result = terms + increases + decreases
    for term, floor in static:  # a static decrease “to no less than N” takes only what is above N, read each time
        if term.amount < 0:
            cut = term.amount if floor is None else -min(-term.amount, max(0, sum(t.amount for t in result) - floor))
            result.append(term._replace(amount=cut, rule="decreases_last"))
    return result


def might(state: GameState, unit: Unit) -> int:
    return sum(term.amount for term in might_terms(state, unit, itemized=False))


def effective_might(state: GameState, unit: Unit) -> int:
    """143.2.b — might below 0 counts as 0 when referenced and when summed for combat damage."""
    return max(0, might(state, unit))


def explain_might(state: GameState, unit: Unit) -> str:
    terms = might_terms(state, unit)
    if len(terms) == 1:
        return str(terms[0].amount)
    parts = [f"{terms[0].label} {terms[0].amount}"]
    parts += [f"{'+' if term.amount >= 0 else '−'} {term.label} {abs(term.amount)}" for term in terms[1:]]
    return f"{sum(term.amount for term in terms)}（{' '.join(parts)}）"


def might_rules(state: GameState, unit: Unit) -> tuple[str, ...]:
    return tuple(dict.fromkeys(term.rule for term in might_terms(state, unit) if term.rule))


def is_mighty(state: GameState, unit: Unit) -> bool:
    """708 — a unit is Mighty while its might is 5 or more."""
    return might(state, unit) >= MIGHTY


def note_entering_mighty(state: GameState, log: Log, unit: Unit) -> None:
    """709 — a unit that enters the board with 5 or more Might is Mighty, but never *became* Mighty."""
    if is_mighty(state, unit):
        log.add(f"{unit.id} 以 {might(state, unit)} 战力进场：它一进场就是强力单位，没有“成为”强力单位", "becomes_mighty", "is_mighty")


# Selectors, filters, amounts and conditions as instructions read them: ``filters`` plus Might (477, 143.2.b, 708).
#
# What an instruction acts on (``to:``), which units a filter matches, what number an amount stands for,
# whether a condition holds — read as the instruction executes (359.3.f.2), from the resolving ability's
# context.  Might and keywords are read through the layers above; the static abilities inside the layers use
# ``STATIC_READS`` instead.


def _might_of(state: GameState, view, arg, targets, reads) -> int:
    units = filters.select(state, view, arg, targets, reads)
    return max(might(state, units[0]), 0) if units else 0  # 143.2.b: read as 0 at least


def _might_total(state: GameState, view, arg, targets, reads) -> int:
    """“你的其他单位的总计战力”: the Might of every unit the filter matches now, summed, each read as 0 at least (143.2.b)."""
    return sum(max(might(state, unit), 0) for unit in state.units.values()
               if filters.matches(state, view, arg, unit, targets, reads))


def _keyword_value(state: GameState, view, arg, targets, reads) -> int:
    """“等同于我强攻数值”: the value of a keyword the source has now (its instances summed, 807.2; 0 without it)."""
    unit = filters.source_unit(state, view)
    return (keywords(state, unit).get(arg) or 0) if unit is not None and arg in keywords(state, unit) else 0


WITH_MIGHT = filters.Reads(
    {
        **filters.FILTER_KEYS,
        "might": compare(lambda state, unit: max(might(state, unit), 0)),
        "mighty": flag(is_mighty),
        "keyword": lambda state, view, unit, wanted, targets, reads: wanted in keywords(state, unit),
    },
    {**filters.CONDITIONS, "mighty": of_source(is_mighty)},
    {**filters.AMOUNTS, "might_of": _might_of, "might_total": _might_total, "keyword_value": _keyword_value},
)


def select(state: GameState, ctx, selector, targets: list[Unit]) -> list[Unit]:
    return filters.select(state, ctx, selector, targets, WITH_MIGHT)


def matches(state: GameState, ctx, spec: dict, unit: Unit, targets=()) -> bool:
    return filters.matches(state, ctx, spec, unit, list(targets), WITH_MIGHT)


def amount(state: GameState, ctx, value, targets: list[Unit] = ()) -> int:
    return filters.amount(state, ctx, value, list(targets), WITH_MIGHT)


def holds(state: GameState, ctx, condition: dict, targets: list[Unit], did: bool | None = None, took=None) -> str:
    return filters.holds(state, ctx, condition, targets, WITH_MIGHT, did, took)


# Continuous effects: what cards on the board forbid (054), and untargetable units (757–758) — reads only.
#
# A "can't" printed on a card on the board beats any "can".
#
# A card's ``cant`` entries say what its controller's opponents' or its own
# side's objects can't have done to them while the card is on the board (or at a
# battlefield): ``{action: ready, affects: enemy, while: at_battlefield}`` — spells and
# abilities can't ready enemy units; ``{action: counter, affects: friendly}`` — your
# spells and abilities can't be countered.  The instruction that is forbidden is
# skipped and the rest of the effect is done (055).  A battlefield's ``{action: move_to_base}``: units
# can't move from it to base — a standard move is refused, an effect's move is revoked.


ACTION_NAMES = {"ready": "重置", "become_ready": "变为活跃状态", "counter": "反制", "move_to_base": "移动到基地", "gain_points": "获得分数"}


def forbidder(state: GameState, action: str, controller: str) -> str | None:
    """The unit whose "can't" forbids *action* on an object controlled by *controller*, or None."""
    for unit in state.units.values():
        for rule in state.card(unit.card).cant:
            if rule["action"] != action or not _active(unit.location, rule.get("while")):
                continue
            affects = rule.get("affects", "any")
            if affects == "any" or (affects == "friendly") == (controller == unit.controller):
                return unit.id
    return None


def static_forbidder(state: GameState, action: str, unit: Unit) -> str | None:
    """The source of a static ``{cant: <action>, to: …}`` on the board that reaches *unit* now, or None (054.1)."""
    actions = (action, "become_ready") if action == "ready" else (action,)  # “I can't become ready” stops effects too
    return next((view.source for view, spec in statics_reaching(state, unit, "cant", WITH_MIGHT) if spec["cant"] in actions), None)


def damage_forbidder(state: GameState, unit: Unit, dealer) -> str | None:
    """The source of a static ``{cant: be_dealt_damage, by}`` reaching *unit* that stops this damage, or None (054.1):
    ``by: any`` (the default) all damage, ``by: enemy`` what enemy spells and abilities deal (not a unit's, not combat
    damage: “prevent all damage that enemy spells and abilities would deal to me”)."""
    for view, spec in statics_reaching(state, unit, "cant", WITH_MIGHT):
        if spec["cant"] != "be_dealt_damage":
            continue
        if spec.get("by", "any") == "any" or (dealer.player in state.opponents(unit.controller) and not dealer.unit):
            return view.source
    return None


def move_forbidder(state: GameState, unit: Unit, destination: str) -> str | None:
    """The battlefield whose “units can't move from here to base” stops *unit* moving to *destination* (or the source of a
    static that forbids it), or None.

    A battlefield's ``{action: move_to_base}`` entry covers the units at it (054.1); a static ``{cant: move_to_base,
    to}`` (“我无法移动到基地”) the units it reaches.
    """
    if not is_base(destination) or is_base(unit.location):
        return None
    return static_forbidder(state, "move_to_base", unit) or _battlefield_forbidding(state, unit.location, "move_to_base")


def scoring_forbidder(state: GameState, battlefield: str, player: str) -> str | None:
    """054.1 — the battlefield itself when its card says players can't score (gain points) there; ``before_own_turn: N``
    (“每名玩家在各自的第三回合开始前，无法从此处得分”): only while *player* has begun fewer than N turns of their own."""
    field = state.battlefields.get(battlefield)
    rules = state.card(field.card).cant if field is not None and field.card else ()
    forbids = [rule for rule in rules if rule["action"] == "gain_points"]
    if any("before_own_turn" not in rule or own_turns_begun(state, player) < rule["before_own_turn"] for rule in forbids):
        return battlefield
    return None


def own_turns_begun(state: GameState, player: str) -> int:
    """How many turns of their own *player* has begun: one a round in turn order, as the first-turn condition counts
    them (the players seated between them and the turn player took the turns since theirs)."""
    order, seats = list(state.players), len(state.players)
    behind = (order.index(state.turn_player) - order.index(player)) % seats
    return max(0, (state.turn - behind + seats - 1) // seats)


def hidden_play_forbidder(state: GameState, player: str, battlefield: str) -> str | None:
    """054.1 — the unit at *battlefield* whose “对手的待命卡牌无法在此处被翻开打出” (``{action: play_hidden_here, affects:
    enemy}``) forbids *player* playing the card they hid there, or None."""
    for unit in state.units.values():
        if unit.location != battlefield:
            continue
        for rule in state.card(unit.card).cant:
            affects = rule.get("affects", "any")
            if rule["action"] == "play_hidden_here" and (affects == "any" or (affects == "friendly") == (player == unit.controller)):
                return unit.id
    return None


def unit_play_forbidder(state: GameState, location: str) -> str | None:
    """054.1 — the battlefield whose "units can't be played here" forbids playing a unit to *location*."""
    return _battlefield_forbidding(state, location, "play_unit_here")


def _battlefield_forbidding(state: GameState, location: str, action: str) -> str | None:
    """The battlefield at *location* when its card has a ``cant`` entry for *action*, else None."""
    battlefield = state.battlefields.get(location)
    if battlefield is None or not battlefield.card:
        return None
    return battlefield.name if any(rule["action"] == action for rule in state.card(battlefield.card).cant) else None


def play_forbidder(state: GameState, player: str, card_name: str) -> str | None:
    """054.1 — why *player* can't play *card_name* now, or None.

    “<players> can't play cards this turn” (a ban from ``effects.forbid_playing``), or a unit's
    ``cant`` entry ``{action: play_named, affects: enemy, while: at_battlefield}`` with the name it named.
    """
    card = state.cards.get(card_name)
    banned = next(((source, kind) for who, turn, source, kind in state.play_bans
                   if who == player and turn == state.turn and (kind is None or (card is not None and card.is_type(kind)))),
                  None)
    if banned is not None:
        return f"{banned[0]}：{player} 本回合不能打出{filters.TYPE_NAMES[banned[1]] if banned[1] else '卡牌'}"
    early = next((rule["first_own_turns"] for rule in (card.cant if card is not None else ())
                  if rule["action"] == "be_played"), None)
    if early is not None and state.turn_player == player and own_turns_begun(state, player) <= early:
        return f"{card_name}：{player} 在自己的前 {early} 个回合内不能打出它"  # its own rule, wherever the card is
    for unit in state.units.values():
        for rule in state.card(unit.card).cant:
            if rule["action"] != "play_named" or unit.named != card_name or not _active(unit.location, rule.get("while")):
                continue
            if rule.get("affects", "enemy") == "any" or player in state.opponents(unit.controller):
                return f"{unit.id} 宣告了 {card_name}：{player} 不能打出该名称的法术"
    return None


def untargetable_by(state: GameState, chooser: str, unit: Unit) -> bool:
    """757–758 — the unit's own “I can't be chosen by enemy spells and abilities (unless I'm in combat)”,
    or a static ``{cant: be_chosen, to: …, by: enemy|any}`` on the board that reaches it (py).

    A ``cant`` entry ``{action: be_chosen, by: enemy|any, unless: in_combat}`` protects the card's own unit
    from spells and abilities *chooser* controls; it is checked whenever a target is chosen or checked again.
    """
    for rule in state.card(unit.card).cant:
        if rule["action"] != "be_chosen" or (rule.get("unless") == "in_combat" and state.in_combat(unit)):
            continue
        if rule.get("by", "any") == "any" or chooser in state.opponents(unit.controller):
            return True
    if any(by == "any" or chooser in state.opponents(unit.controller) for by, _ in unit.protected):
        return True  # an effect's “can't be chosen by enemy spells and abilities this turn”
    return any(
        spec["cant"] == "be_chosen" and (spec.get("by", "enemy") == "any" or chooser in state.opponents(unit.controller))
        for _, spec in statics_reaching(state, unit, "cant", WITH_MIGHT)
    )


def _active(location: str, condition: str | None) -> bool:
    return condition is None or (condition == "at_battlefield" and not is_base(location))
