"""Playing cards (349–359, 419, 421) and activating abilities (376–381, 398–406), the same process of play.

``play`` runs the process of play on a private copy of the state: announce
(move the card to the chain), make the choices, determine and pay the total
cost, check legality, finalize.  A failed check raises, so the copy — and
every step already taken — is discarded, as 358.5 undoes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judgekit.engine import (
    costs,
    effect_play,
    effects,
    empower,
    events,
    gear,
    layers,
    locations,
    movement,
    object_costs,
    targeting,
    triggers,
    turn,
)
from judgekit.engine.cards import Ability, AbilityCost, CardDef, ability_label
from judgekit.engine.costs import Cost, Payment, base_cost, check_payable
from judgekit.engine.damage import cost_victim, flush_triggers, kill, kill_friendly_for_cost
from judgekit.engine.events import pay
from judgekit.engine.filters import SPENT, View, board_gear, card_matches, energy_spent_on_spells, played_each
from judgekit.engine.instructions import chosen_moves
from judgekit.engine.layers import WITH_MIGHT, keywords_of_card, note_entering_mighty
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    FACEDOWN,
    Card,
    ChainItem,
    GameEvent,
    GameState,
    Gear,
    GearRef,
    Legend,
    Question,
    Unit,
    answer_to,
    base_of,
    champion_zone,
    gear_controller,
    holds,
    is_base,
    location_name,
    take,
    take_chosen_champion,
)
from judgekit.engine.targeting import Choices, Context, find_unit
from judgekit.engine.trace import Log
from judgekit.engine.zones import adds_resources, discard_cards, discardable, spend_xp, xp_problem


@dataclass(frozen=True)
class Choice:
    """What the player chose while playing: per execution the mode and the targets (355, 820.2.a)."""

    targets: tuple[tuple[str, ...], ...]
    modes: tuple[str, ...]
    to: str | None
    accelerate: bool
    repeat: int
    hidden: str | None
    pay: Payment | None = None
    flow: bool = False  # from the trash for its Flow cost (829.1.b)
    cost_kill: str | None = None  # the friendly unit killed as an additional cost (357.2)
    alternative: bool = False  # pay the card's alternative cost instead of its base cost
    pay_additional: bool = False  # pay the card's optional additional cost (356.2.b.1)
    cost_object: tuple[str, ...] = ()  # the objects that pay its exhaust / kill / spend-a-buff part (object_costs)
    cost_gear: str | None = None  # the friendly gear returned to its owner's hand as an additional cost (357.2)
    name_tag: str | None = None  # the tag named as it is played (763; the card's ``name_tag``)
    killed_at: str | None = None  # where the unit its additional cost killed was (read before the kill)
    repeat_which: tuple[int, ...] = ()  # which Repeat instances are paid (from 0; each at most once, 820.1.c.2–.3)

    @property
    def repeats(self) -> tuple[int, ...]:
        """The Repeat instances paid, from 0: those named, else the first *repeat* of them."""
        return self.repeat_which or tuple(range(self.repeat))

    @property
    def played_from(self) -> str:
        return FACEDOWN if self.hidden else "trash" if self.flow else "hand"


@dataclass(frozen=True)
class Checked:
    """A play that passed every check (358): the card as played, what it gained, its executions, its cost."""

    card: CardDef  # with a Repeat a “next spell” grant gave it (820)
    boost: dict
    effect_lists: list[tuple[dict, ...]]
    cost: Cost
    permission: str  # the rule key of its timing permission


def check_play(state: GameState, player: str, card_name: str, choice: Choice) -> Checked:
    """353–358 — every legality check of the process of play, in its order, reading the state only.

    The checks of a play's announcement, choices, total cost and timing do not depend on the card having left
    its zone, so they can be made before it moves: the legal options are found by asking this, not by playing.
    """
    turn.check_priority(state, player)
    card = state.card(card_name)
    forbidden = layers.play_forbidder(state, player, card.name)
    if forbidden is not None:  # 054.1: the card can't be put on the chain at all
        illegal(forbidden, "cant_beats_can")
    if choice.flow:
        _in_trash(state, player, card)
    else:
        _at_origin(state, player, card, choice.hidden)
    boost = _boost(state, player) if card.type == "spell" else None
    if boost and boost[1].get("repeat_at_cost"):  # 820: a Repeat the card gains costs its Energy cost
        card = replace(card, repeat=card.repeat + (card.cost or 0,))
    ambush = locations.ambush_permits(state, player, card, choice.to, _killed_at(state, choice))
    permission = turn.check_timing(state, player, card.name, choice.hidden is not None, ambush)
    effect_lists = _effect_lists(state, player, card, choice)
    cost = total_cost(state, player, card, choice)
    check_payable(state.players[player], cost, card.name, choice.pay)
    _check_optional_parts(state, player, card, choice)
    cost_victim(state, player, card.name, _kill_cost(card), choice.cost_kill, "additional_cost", "no_cleanup_inside")
    _returned_gear(state, player, card, choice.cost_gear)
    named_tag(state, card, choice)
    return Checked(card, boost[1] if boost else {}, effect_lists, cost, permission)


def play(state: GameState, log: Log, player: str, card_name: str, choice: Choice) -> None:
    """353–359 — the process of play."""
    checked = check_play(state, player, card_name, choice)
    card, boost, effect_lists, cost, permission = (
        checked.card, checked.boost, checked.effect_lists, checked.cost, checked.permission
    )
    if choice.flow:
        played = take(state.players[player].trash, card.name)
    else:
        played = _take_from_origin(state, player, card, choice.hidden)
    if card.type == "spell":
        _take_boost(state, log, player, card)
    flow = choice.flow and costs.flow_cost(card) is not None
    origin = f"从 {choice.hidden} 的面朝下状态" if choice.hidden else \
        ("从废牌堆（流转）" if flow else "从废牌堆（此牌的许可）" if choice.flow else "从手牌")
    log.add(
        f"{player} {origin}打出 {card.name}（此前为{turn.state_name(state)}状态）：移到结算链上，成为待定项",
        "to_chain",
        *(("play_hidden", "hidden") if choice.hidden else ("flow",) if flow else ("from_trash",) if choice.flow
          else ("play_from_hand",)),
    )
    _log_choices(state, log, player, card, choice)
    pay(state, log, player, cost, card.name, choice.pay)
    _pay_optional_parts(state, log, player, card, choice)
    costs.use_discount(state, log, player, card, not (choice.hidden or choice.flow))
    events.happen(state, SPENT, player, card.name, str(cost.energy))  # what was spent stays spent (425.1.c)
    choice = replace(choice, killed_at=_killed_at(state, choice))  # before the kill: “its battlefield” (822.1.d)
    # 357.2; no cleanup runs inside the process of play (319.4), so a battlefield stays its controller's
    killed = state.units[choice.cost_kill].card if _kill_cost(card) and choice.cost_kill in state.units else None
    kill_friendly_for_cost(
        state, log, player, card.name, _kill_cost(card), choice.cost_kill, "additional_cost", "no_cleanup_inside"
    )
    returned = _returned_gear(state, player, card, choice.cost_gear)
    if returned is not None:
        log.add(f"{player} 让 {returned.id} 返回其所属者的手牌，支付 {card.name} 的额外费用", "additional_cost", "no_cleanup_inside")
        gear.return_gear(state, log, returned, card.name)
    log.add(
        f"合法性检查通过：目标合法、费用已付、时机许可（{turn.state_name(state)}）",
        "check_targets",
        "check_costs",
        "check_timing",
        permission,
    )
    events.happen(state, "finalized", player, card.name, "hidden" if choice.hidden else "hand")
    events.chosen(state, player, [name for chosen in choice.targets for name in chosen], card.type == "spell")  # 383.4.b.2
    state.passes = 0  # a card was added: the passes in sequence start again (339.1)
    tag = named_tag(state, card, choice)
    if tag is not None:
        default = " （引擎默认：第一个可选的）" if choice.name_tag is None else ""
        log.add(f"{player} 在打出 {card.name} 的过程中宣告属性标签 {tag}{default}", "as_you_play", "naming_tag",
                default=bool(default))
    if card.is_unit:
        _unit_enters(state, log, player, card, choice, tag)
        return
    if card.is_type("gear"):
        _gear_enters(state, log, player, card, played, choice.hidden, tag)
        return
    state.items += 1
    item = ChainItem(
        source=card.name,
        card=card.name,
        controller=player,
        effects=list(effect_lists[0]),
        label=f"{player} 的{card.name}（#{state.items}）",
        kind="play",
        id=f"#{state.items}",
        targets=tuple(choice.targets[i] if i < len(choice.targets) else () for i in range(card.instructions * (1 + choice.repeat))),
        modes=choice.modes,
        hidden_at=choice.hidden,
        played_from=choice.played_from,
        played=played,
        flow=choice.flow and costs.flow_cost(card) is not None,
        bonus_damage=boost.get("bonus_damage", 0),
        paid_additional=choice.pay_additional,
        destination=choice.to,
        cost_killed=killed,
    )
    state.chain.append(item)
    log.add(f"{card.name} 是法术：确定后留在结算链上，等待所有玩家让过", "spell_lingers")
    turn.chain_item_added(state, log, item)


def _boost(state: GameState, player: str) -> tuple | None:
    """“The next spell you play this turn”: the first such grant of the player's is this spell's."""
    return next((b for b in state.spell_boosts if b[0] == player and b[2] == state.turn), None)


def _take_boost(state: GameState, log: Log, player: str, card: CardDef) -> None:
    boost = _boost(state, player)
    if boost is not None:
        state.spell_boosts.remove(boost)
        log.add(f"{card.name} 是 {player} 本回合打出的下一个法术，获得此前给予的加成", "choices")
        if boost[1].get("repeat_at_cost"):  # the card's Base Cost: its printed one, whatever this play costs
            printed = state.card(card.name).cost or 0
            log.add(f"{card.name} 获得的[回响]费用是它的印刷费用 {printed}，不是这次打出时修改后的费用", "repeat_printed_cost", "repeat")


# 419.1.a, 108.3.d, 811.1.b — a card is played from hand or the Champion Zone, or from face down a turn after it was hidden.
def _at_origin(state: GameState, player: str, card: CardDef, hidden: str | None) -> None:
    if hidden is None:
        if not holds(state.players[player].hand, card.name) and card.name not in champion_zone(state, player):
            illegal(f"{player} 的手牌与英雄区中都没有 {card.name}", "play_from_hand")
        return
    bf = state.battlefields.get(hidden)
    if bf is None or bf.facedown is None or bf.facedown.name != card.name or bf.hidden_by != player:
        illegal(f"{hidden} 没有 {player} 隐藏的 {card.name}", "hidden")
    if bf.hidden_turn >= state.turn:
        illegal(f"{card.name} 是本回合隐藏的，从下一回合起才能打出", "hidden")
    forbidder = layers.hidden_play_forbidder(state, player, hidden)
    if forbidder is not None:  # 054.1: “对手的待命卡牌无法在此处被翻开打出”
        illegal(f"{forbidder}：{player} 的待命卡牌不能在 {hidden} 被翻开打出", "cant_beats_can")


def _take_from_origin(state: GameState, player: str, card: CardDef, hidden: str | None) -> Card:
    if hidden is None:
        return take(state.players[player].hand, card.name) or take_chosen_champion(state, player, card)
    bf = state.battlefields[hidden]
    taken, bf.facedown, bf.hidden_by = bf.facedown, None, None
    return taken


# 829.1.b — a spell with Flow may be played from its owner's trash; so may a card whose own text lets it (366.1:
# “你可以选择支付X，将我从废牌堆中打出”), while its condition holds (“鼓舞▸…”: Legion, 812.1.c).
def _in_trash(state: GameState, player: str, card: CardDef) -> None:
    rule = "flow" if costs.flow_cost(card) is not None else "from_trash"
    if rule == "from_trash" and not card.from_trash:
        illegal(f"{card.name} 没有[流转]，也没有从废牌堆打出的许可，不能从废牌堆打出", "flow")
    if not holds(state.players[player].trash, card.name):
        illegal(f"{player} 的废牌堆中没有 {card.name}", rule)
    unmet = layers.holds(state, View(player, card.name), card.from_trash.get("while", {}), []) if rule == "from_trash" else ""
    if unmet:
        illegal(f"{card.name} 现在不能从废牌堆打出：{unmet}", "from_trash")


def trash_permission(state: GameState, player: str, card: CardDef) -> bool:
    """Whether *card* may be played from *player*'s trash now by its Flow or its own permission (the offers)."""
    return costs.flow_cost(card) is not None or (bool(card.from_trash) and not layers.holds(
        state, View(player, card.name), card.from_trash.get("while", {}), []))


# 355 — modes, targets and optional costs, one set of choices per execution (820.2.a).
def _effect_lists(state: GameState, player: str, card: CardDef, choice: Choice) -> list[tuple[dict, ...]]:
    if choice.repeat > len(card.repeat):
        have = f"只有 {len(card.repeat)} 个回响" if card.repeat else "没有[回响]"
        illegal(f"{card.name} {have}，每个回响费用只能支付一次，不能支付 {choice.repeat} 次", "repeat_once")
    if choice.repeat_which and (len(set(choice.repeat_which)) != len(choice.repeat_which) or
                                len(choice.repeat_which) != choice.repeat or max(choice.repeat_which) >= len(card.repeat)):
        illegal(f"{card.name} 有 {len(card.repeat)} 个回响：所付的回响须各不相同，编号在 1–{len(card.repeat)} 之间", "repeat_once")
    runs = card.instructions * (1 + choice.repeat)  # 820.2.a: each Repeat executes every instruction again
    if card.modes:
        if len(choice.modes) != runs or any(mode not in card.modes for mode in choice.modes):
            illegal(f"{card.name} 须为每次执行选择一个模式（{'、'.join(card.modes)}），共 {runs} 次", "modes")
        if card.distinct_modes and len(set(choice.modes)) != len(choice.modes):  # “选择一个未选过的效果”
            illegal(f"{card.name} 每次执行须选择一个未选过的模式：{'、'.join(choice.modes)} 有重复", "modes")
        effect_lists = [card.modes[mode] for mode in choice.modes]
    else:
        if choice.modes:
            illegal(f"{card.name} 没有可选的模式", "modes")
        effect_lists = [card.effects] * runs
    location = None
    if card.is_unit:
        if choice.targets:
            illegal(f"{card.name} 是单位：打出时不选择目标，其打出时能力在触发时选择", "choices")
        location = _unit_location(state, player, card, choice)  # 355.2: where it enters is chosen now
    else:
        if len(choice.targets) > runs:
            illegal(f"{card.name} 执行 {runs} 次，脚本给出了 {len(choice.targets)} 组目标", "valid_targets")
        for index, todo in enumerate(effect_lists):
            chosen = choice.targets[index] if index < len(choice.targets) else ()
            mode = choice.modes[index] if card.modes else None
            targeting.check_played(state, player, card, todo, chosen, choice.hidden, mode, choice.pay_additional)
    if choice.accelerate and costs.ACCELERATE not in _keywords_as_played(state, player, card, choice, location):
        illegal(f"{card.name} 没有[急速]（印刷的或此次打出获得的）", "accelerate")
    if not card.is_unit:
        _check_destination(state, player, card, effect_lists, choice)
    return effect_lists


def _check_destination(state: GameState, player: str, card: CardDef, effect_lists, choice: Choice) -> None:
    """355.4 — a spell that moves units to a place its controller chooses: the destination is chosen now (the play's
    ``to``) and must be valid for each unit it chose to move (355.4.a, 449.1); a spell that moves none chooses none."""
    moves = [move for todo in effect_lists for move in chosen_moves(todo)]
    if not moves:
        if choice.to is not None:
            illegal(f"{card.name} 不是单位，也不移动单位到所选之处：不选择位置（to）", "unit_location")
        return
    if choice.to is None and any(move["to"] != "to_or_from_base" for move in moves):
        illegal(f"{card.name} 移动单位到所选之处：目的地在打出时选择，须在打出的步骤写明 to", "move_destination")
    problem = locations.played_destination_problem(state, player, moves, choice.targets, choice.to)
    if problem is not None:
        illegal(f"{card.name}：{problem[0]}", problem[1])


def _log_choices(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> None:
    runs = card.instructions * (1 + choice.repeat)
    each = "次执行" if choice.repeat else "条指示"
    made = [f"第 {i + 1} {each}：{_said(choice, i)}" for i in range(runs)] if runs > 1 else [_said(choice, 0)]
    rules = ["choices", *(["repeat", "repeat_choices"] if choice.repeat else []), *(["modes"] if card.modes else [])]
    several_specs = card.target is not None and bool(card.target.parts)  # each spec its own choice, as an instruction
    rules += ["separate_instructions"] if card.instructions > 1 or several_specs else []
    chosen = {name for names in choice.targets for name in names}
    rules += ["attached_chosen"] if any(name in unit.attached for unit in state.units.values() for name in chosen) else []
    if any(made):
        log.add(f"{player} 为 {card.name} 做出选择：{'；'.join(m for m in made if m)}", *rules)
    if choice.to is not None and not card.is_unit:
        log.add(f"{player} 为 {card.name} 的移动选择目的地：{'基地' if choice.to == 'base' else choice.to}", "move_destination")


def _said(choice: Choice, index: int) -> str:
    parts = []
    if index < len(choice.modes):
        parts.append(f"模式“{choice.modes[index]}”")
    if index < len(choice.targets) and choice.targets[index]:
        parts.append(f"目标 {'、'.join(choice.targets[index])}")
    return "，".join(parts)


def alternative_open(state: GameState, player: str, card: CardDef) -> bool:
    """The alternative cost's condition: Energy of at least the amount paid for one spell this turn."""
    wanted = card.alternative_cost.get("spent_on_spell")
    return wanted is not None and any(spent >= wanted for spent in energy_spent_on_spells(state, player))


def _alternative_cost(state: GameState, player: str, card: CardDef) -> Cost:
    """A card's “you may play me by paying only …” while its condition holds (here: Energy spent on a spell)."""
    alternative = card.alternative_cost
    if not alternative:
        illegal(f"{card.name} 没有替代费用", "total_cost")
    wanted = alternative["spent_on_spell"]
    if not alternative_open(state, player, card):
        illegal(f"{player} 本回合没有为打出一个法术花费至少 {wanted} 点能量，不能以替代费用打出 {card.name}", "total_cost")
    power = alternative.get("power", 0)
    what = f"替代费用：本回合已为打出一个法术花费至少 {wanted} 点能量，只支付符能 {power}"
    return Cost().plus(alternative.get("energy", 0), (card.domains,) * power, what, "total_cost")


# 356 — base cost (ignored from face down), optional and mandatory additional costs.
def total_cost(state: GameState, player: str, card: CardDef, choice: Choice) -> Cost:
    cost = Cost()
    from_hand = not (choice.hidden or choice.flow) and holds(state.players[player].hand, card.name)
    if choice.hidden:
        cost = cost.plus(0, (), "从待命打出：无视基础费用", "ignore_cost")
    elif choice.flow:
        cost = costs.flow_cost(card) or costs.from_trash_cost(card)
    elif choice.alternative:
        cost = _alternative_cost(state, player, card)
    elif costs.ignores_own_cost(state, player, card, choice.pay_additional, from_hand):  # “若如此做，则无视此法术的费用”
        cost = cost.plus(0, (), "无视此牌的费用（其 Energy 与 Power 费用为 0）", "ignore_cost")
    elif from_hand and costs.waiting_discount(state, player, card, True, True):  # “本回合你可以从手牌打出…，无视其法力费用”
        cost = cost.plus(0, (card.domains,) * (card.power or 0), "无视其法力费用（仍需支付符能费用）", "ignore_energy_cost")
    else:
        cost = base_cost(card)
    if choice.accelerate:
        cost = costs.accelerate_cost(cost, card)
        cost = costs.optional_discount(state, player, cost, "急速", 1, 1)
    cost = costs.repeat_cost(cost, card, choice.repeats)
    for number in choice.repeats:
        cost = costs.optional_discount(state, player, cost, f"第 {number + 1} 个回响", card.repeat[number],
                                       len(costs.repeat_power(card, number)), repeat=True)
    if choice.pay_additional:
        cost = _optional_additional(state, player, card, cost)
    cost = costs.deflect_cost(state, player, cost, choice.targets, card)
    cost = locations.with_offer(cost, locations.paid_offer(state, player, card, choice.to), choice.to)
    chosen = tuple(name for names_ in choice.targets for name in names_)
    from_trash = bool(choice.flow) or (not from_hand and not choice.hidden and holds(state.players[player].trash, card.name))
    cost = costs.apply_cost_changes(state, player, card, cost, paid_additional=choice.pay_additional, from_hand=from_hand,
                                    targets=chosen, from_trash=from_trash)
    each = card.additional_cost.get("discount_each")
    if each and choice.pay_additional:  # “每消耗一个增益，就让我的费用减少…”: once for each buff its optional cost spends
        spent = object_costs.any_number(state, player, card.name, card.additional_cost["optional"], choice.cost_object)
        cost = costs.each_discount(cost, card.name, each, len(spent))
    return costs.for_use(state, cost, *costs.card_uses(card))


def _returned_gear(state: GameState, player: str, card: CardDef, named: str | None) -> GearRef | None:
    """357.2 — “return a friendly gear to its owner's hand as an additional cost”: the gear *player* controls that the
    step names (``cost_gear``), else their choice among those they control (a question; with defaults the first,
    marked); none to return and the cost cannot be paid (358.2).  None when the card's cost has no such part."""
    if card.additional_cost.get("return_to_hand") != "friendly_gear":
        if named:
            illegal(f"{card.name} 的额外费用不包括让装备返回手牌", "additional_cost")
        return None
    mine = [ref for ref, seen in board_gear(state) if seen.controller == player]
    if named is not None:
        chosen = next((ref for ref in mine if named in (ref.id, ref.name)), None)
        if chosen is None:
            illegal(f"{card.name} 的额外费用须让一件 {player} 控制的装备返回手牌，{named} 不是", "additional_cost")
        return chosen
    if not mine:
        illegal(f"{player} 没有可以返回手牌的装备：付不起 {card.name} 的额外费用", "check_costs")
    if len(mine) == 1 or state.defaults:
        return mine[0]
    (answer,) = answer_to(state, Question(
        "cost_gear", player, card.name, f"{player} 让哪件装备返回手牌，支付 {card.name} 的额外费用",
        tuple((ref.id,) for ref in mine), "这一步的 cost_gear 或 choose: [装备]", "additional_cost",
    ))
    return next(ref for ref in mine if ref.id == answer)


def _kill_cost(card: CardDef) -> bool | dict:
    """357.2 — “kill a friendly unit (that fits FILTER) as an additional cost”: False, True (any), or the FILTER."""
    kill = card.additional_cost.get("kill")
    return kill if isinstance(kill, dict) else kill is not None


# 356.2.b.1, 357.2 — the parts of an additional cost that are neither Energy nor Power, paid with them (357): spending
# XP (730.2: a mandatory “消耗5经验，作为打出此牌的额外费用” or an optional one) and discarding (422: which card is the
# player's choice; the engine discards the newest).
def _optional_parts(card: CardDef, choice: Choice) -> dict:
    parts = dict(card.additional_cost.get("optional", {})) if choice.pay_additional else {}
    if card.additional_cost.get("xp"):
        parts["xp"] = parts.get("xp", 0) + card.additional_cost["xp"]
    repeated = sum(card.repeat_discard[n] for n in choice.repeats if n < len(card.repeat_discard))  # a Repeat paid by discarding (820.1, “回响—弃置一张手牌”)
    if repeated:
        parts["discard"] = parts.get("discard", 0) + repeated
    return parts


def _check_optional_parts(state: GameState, player: str, card: CardDef, choice: Choice) -> None:
    optional, what = _optional_parts(card, choice), f"{card.name} 的额外费用"
    if optional.get("xp") and xp_problem(state, player, optional["xp"], what):
        illegal(xp_problem(state, player, optional["xp"], what), "check_costs")
    hand = state.players[player].hand
    others = len(hand) - (choice.hidden is None and not choice.flow and holds(hand, card.name))  # the card itself leaves
    if optional.get("discard", 0) > others:
        illegal(f"{player} 除 {card.name} 外只有 {others} 张手牌，无法为{what}弃 {optional['discard']} 张", "check_costs")
    object_costs.check(state, player, card.name, optional, choice.cost_object)
    if choice.cost_object and not any(part in object_costs.PARTS for part in optional):
        illegal(f"{card.name} 的费用不包括用物体支付的部分（cost_object）", "check_costs")


def _pay_optional_parts(state: GameState, log: Log, player: str, card: CardDef, choice: Choice) -> None:
    optional, what = _optional_parts(card, choice), f"{card.name} 的额外费用"
    if optional.get("xp"):
        spend_xp(state, log, player, optional["xp"], what)
    if optional.get("discard"):  # which cards: the player's question about this cost (422.1.a), else the newest
        count = optional["discard"]
        discarded, defaulted = discard_cards(state, player, count, what, f"{player} 为支付{what}弃哪 {count} 张牌")
        log.add(f"{what}：{player} 弃 {count} 张牌（弃掉 {'、'.join(card.name for card in discarded)}）", "optional_cost",
                "discard", default=defaulted)
    object_costs.pay(state, log, player, card.name, optional, choice.cost_object)


# 356.2.b.1 — “you may pay … as an additional cost to play me”: added, then its own discounts (356.4.c).
def _optional_additional(state: GameState, player: str, card: CardDef, cost: Cost) -> Cost:
    optional = card.additional_cost.get("optional")
    if optional is None:
        illegal(f"{card.name} 没有可选额外费用，不能 pay_additional", "optional_cost")
    offered = card.additional_cost.get("while")  # “如果C，则你可以选择支付X，作为额外费用”: only while C holds as it is played
    if offered and "played_this_turn" in offered:  # the cards of those types you played this turn (419.4.b)
        unmet = "" if played_each(state, player, offered["played_this_turn"])[0] else "played_this_turn"
    else:
        unmet = layers.holds(state, View(player, card.name), offered, []) if offered else ""
    if unmet:
        illegal(f"{card.name} 的可选额外费用现在不能支付：{unmet}", "optional_cost")
    power = (card.domains,) * optional.get("power", 0) + tuple((domain,) for domain in optional.get("runes", ()))
    energy = optional.get("energy", 0)
    if not energy and not power:  # XP or a discard only: paid beside the resources (_pay_optional_parts)
        return cost
    cost = cost.plus(energy, power, f"可选额外费用（能量 {energy}，符能 {len(power)}）", "optional_cost")
    return costs.optional_discount(state, player, cost, "可选额外费用", energy, len(power))


# 337.2, 355.2, 359.2.c, 805, 811.1.d.1 — a unit resolves at once and enters the board.
def _killed_at(state: GameState, choice: Choice) -> str | None:
    """Where the unit the additional cost kills is (or, once killed, was)."""
    unit = state.units.get(choice.cost_kill or "")
    return unit.location if unit is not None else choice.killed_at


def named_tag(state: GameState, card: CardDef, choice: Choice) -> str | None:
    """763, 135.2.b.3 — the tag a card with ``name_tag`` names as it is played: the play step's ``name_tag``, one of the
    card's ``from`` or any tag a card has; unsaid, the first of ``from`` (a default; with none listed, it must be said)."""
    if card.name_tag is None:
        if choice.name_tag is not None:
            illegal(f"{card.name} 打出时不宣告属性标签：name_tag 无处可用", "naming_tag")
        return None
    options = card.name_tag.get("from") or sorted({tag for known in state.cards.values() for tag in known.tags})
    if choice.name_tag is None:
        if not card.name_tag.get("from") or not state.defaults:
            illegal(f"{card.name} 打出时须宣告一种属性标签：在打出步骤写 name_tag（可选：{'、'.join(options)}）", "naming_tag")
        return options[0]
    if choice.name_tag not in options:
        illegal(f"{card.name} 只能宣告存在的属性标签（可选：{'、'.join(options)}），不能宣告 {choice.name_tag}", "naming_tag")
    return choice.name_tag


def _unit_enters(state: GameState, log: Log, player: str, card: CardDef, choice: Choice, tag: str | None = None) -> None:
    location = _unit_location(state, player, card, choice)
    unit = Unit(state.fresh_id(card.name), card.name, player, player, location, exhausted=not choice.accelerate,
                played_from=choice.played_from, named_tag=tag)
    state.units[unit.id] = unit
    ready = layers.enters_ready(state, unit, WITH_MIGHT)  # read even when accelerated: a “next unit” is this one
    if ready is None and choice.pay_additional and card.additional_cost.get("enters_ready"):
        ready = "支付了可选额外费用"  # “…作为打出我的额外费用，以此让我以活跃状态进场” (369.3)
    ready = None if choice.accelerate else ready
    unit.exhausted = unit.exhausted and ready is None
    events.happen(state, "played", player, unit.id, events.PAID_ADDITIONAL if choice.pay_additional else None,
                  played_from=choice.played_from)
    how = "就绪（已支付急速）" if choice.accelerate else (f"就绪（{ready}：以活跃状态进场）" if ready else "横置")
    log.add(
        f"{card.name} 是单位：确定后立即结算，以{how}状态进入 {location_name(location)}（单位 {unit.id}）",
        "permanent_resolves",
        "unit_enters",
        *(("accelerate",) if choice.accelerate else ("enters_ready",) if ready else ()),
        *(("unit_location",) if not is_base(location) else ()),
    )
    note_entering_mighty(state, log, unit)
    permission = locations.play_to_permits(state, player, card, location)
    if permission and locations.invalid_location(state, player, location):
        log.add(f"{card.name} 自身的许可（{PLAY_TO_NAMES[permission]}）让它打出到 {location}", "play_here")
    elif card.ambush_to and locations.invalid_location(state, player, location) and locations.ambush_permits(
            state, player, card, location, choice.killed_at):
        log.add(f"{card.name} 以伏击的许可（{'、'.join(PLAY_TO_NAMES[name] for name in card.ambush_to)}）打出到 {location}",
                "ambush_verb", "ambush")
    movement.contest_on_appearance(state, log, player, location)  # 190.3.a: at a battlefield not its controller's
    flush_triggers(state, log)  # 383.4.a.2: play effects (and Vision's, 817.1.b), pending once the unit enters


# 337.2, 149.1, 149.2, 811.1.d.1.a — a gear resolves at once and enters ready: in its controller's base, or at
# the battlefield it was hidden at (a cleanup then recalls it, 149.3).
def _gear_enters(state: GameState, log: Log, player: str, card: CardDef, played: Card, hidden: str | None,
                 tag: str | None = None) -> None:
    location = hidden or base_of(player)
    gear_id = gear.enter_gear(state, log, player, card, played.owner, location, f"{card.name} 是装备：确定后立即结算，",
                              "permanent_resolves", "hidden_gear_there" if hidden else "gear_to_base",
                              played_from=FACEDOWN if hidden else "hand")
    state.gear[gear_id].named_tag = tag  # 763: what its linked abilities read (“a unit with the named tag”)
    flush_triggers(state, log)


def _keywords_as_played(state: GameState, player: str, card: CardDef, choice: Choice, location: str | None) -> dict:
    """805.1.a — the keywords a card has as it is played: printed, and for a unit what statics give the unit it is about
    to be (“friendly units played from anywhere but the hand have Accelerate”: played from face down too, 811.1.c.3),
    read on that unit as it will enter (its zone played from, its controller, where it enters)."""
    if location is None:
        return keywords_of_card(card)
    return layers.keywords(state, Unit("", card.name, player, player, location, played_from=choice.played_from))


def _unit_location(state: GameState, player: str, card: CardDef, choice: Choice) -> str:
    location = _chosen_location(state, player, card, choice)
    forbidder = layers.unit_play_forbidder(state, location)
    if forbidder is not None:  # 054.1: this "can't" beats Hidden's "must be played there" and any permission
        illegal(f"{forbidder}：单位不能被打出到此处，{card.name} 不能打出到 {forbidder}", "cant_beats_can")
    locations.check_only(state, player, card, location)  # 054.2, face down too (its battlefield, 811.1.d)
    return location


def _chosen_location(state: GameState, player: str, card: CardDef, choice: Choice) -> str:
    if choice.hidden:
        if choice.to not in (None, choice.hidden):
            illegal(f"从待命打出的 {card.name} 须进入它隐藏的战场 {choice.hidden}", "hidden_unit_there")
        return choice.hidden
    if choice.to in (None, "base"):
        location = base_of(player)
    else:
        bf = state.battlefields.get(choice.to)
        permitted = bf is not None and locations.paid_offer(state, player, card, bf.name) is not None
        permitted = permitted or locations.ambush_permits(state, player, card, choice.to, choice.killed_at)
        permitted = permitted or locations.play_to_permits(state, player, card, choice.to) is not None
        if bf is None or (not permitted and locations.invalid_location(state, player, bf.name)):
            illegal(f"{card.name} 只能打出到己方基地或己方控制的战场，{choice.to} 不是", "unit_location")
        location = bf.name
    locations.check_only(state, player, card, location)
    return location


PLAY_TO_NAMES = {"enemy_controlled": "可打出到敌方控制的战场", "open": "可打出到开放的战场",
                 "attacking": "可打出到你正在进攻的战场", "lone_enemy": "可打出到敌方单位落单的战场",
                 "enemy_units": "可打出到有敌方单位的战场", "cost_killed": "可伏击到作为额外费用摧毁的单位所在的战场"}
HIDE_COST = Cost(0, ((),), (("隐藏：任意领域符能 1", "hidden"),))


def check_hide(state: GameState, player: str, card_name: str, battlefield: str, payment: Payment | None) -> None:
    """421, 811.1.b — whether *player* may hide *card_name* at *battlefield* now: reads only."""
    turn.check_priority(state, player)
    card = state.card(card_name)
    if costs.HIDDEN not in keywords_of_card(card):
        illegal(f"{card.name} 没有[待命]，不能隐藏", "hidden")
    if not holds(state.players[player].hand, card.name):
        illegal(f"{player} 的手牌中没有 {card.name}", "hidden")
    if state.chain or player != state.turn_player:
        illegal("只能在自己回合的开放状态下隐藏", "hidden")
    bf = state.battlefields.get(battlefield)
    if bf is None or is_base(battlefield) or bf.controller != player:
        illegal(f"只能隐藏在 {player} 控制的战场，{battlefield} 不是", "hide")
    if bf.facedown:
        illegal(f"{battlefield} 已有一张面朝下的牌", "hidden")
    check_payable(state.players[player], hide_cost(state, player), f"隐藏 {card_name}", payment)


def hide_cost(state: GameState, player: str) -> Cost:
    """811.1.b — [A], one Power of any domain; nothing while an effect lets *player* hide ignoring costs this turn."""
    if any(event.kind == events.HIDES_FREE and event.player == player for event in state.this_turn):
        return Cost(0, (), (("隐藏：本回合无视费用", "hidden"),))
    return HIDE_COST


def hide(state: GameState, log: Log, player: str, card_name: str, battlefield: str, payment: Payment | None) -> None:
    """421, 811.1.b — pay 1 Power of any domain to hide a Hidden card at a battlefield you control."""
    check_hide(state, player, card_name, battlefield, payment)
    card, bf = state.card(card_name), state.battlefields[battlefield]
    pay(state, log, player, hide_cost(state, player), f"隐藏 {card.name}", payment)
    bf.facedown, bf.hidden_by, bf.hidden_turn = take(state.players[player].hand, card.name), player, state.turn
    log.add(f"{player} 将 {card.name} 面朝下隐藏在 {battlefield}（不开启结算链）", "hide", "hidden", "hide_no_chain")
    for viewer in effect_play.facedown_viewers(state, player):  # an effect let them look at it this turn
        log.add(f"本回合内 {viewer} 可以查看 {player} 正面朝下的卡牌：{battlefield} 的是 {card.name}", "private_facedown")
    events.happen(state, "hid", player, card.name)  # “when you hide a card” (a trigger waits for the next chance, 383.2.c)
    flush_triggers(state, log)


# Activated abilities (376–381): a cost, then the chain, like playing a card.
#
# The ability's controller activates it on their own turn in an open state (381)
# from a unit on the board (380); its targets are chosen and its cost paid as it
# is declared, and it waits on the chain for every player to pass, as a played
# card does (377.3).  Exhausting the source, Energy and Power, killing the
# source and discarding are the costs the card vocabulary knows, with spending the source's buff.
# A legend's abilities are activated from its Legend Zone by its owner, who controls it (174.8, 192.1).
# A unit with the passive ``gains_exhaust_abilities`` has every activated ability with an exhaust
# cost of its controller's legends, other units and gear, whole — conditions included (727.1.b.1) —
# offered as “ability（card）”.


def check_activation(
    state: GameState, player: str, unit_name: str, name: str, targets, payment: Payment | None,
    cost_kill: str | None = None,
) -> tuple[Unit | Legend, CardDef, Ability]:
    """376–381 — every check of activating *name* of *unit_name* now, in its order, reading the state only:
    the holder, the card the ability is printed on, the ability."""
    turn.check_priority(state, player)
    # a gear's ability too (Equip, 818, gear.py), and a legend's (174.8)
    unit = state.legends.get(unit_name) or state.gear.get(unit_name) or _attached_gear(state, unit_name) \
        or find_unit(state, unit_name)
    card, ability = _activated(state, unit, name)
    _check_timing(state, player, unit, ability.timing)
    empower.check_activation(state, unit, ability)
    _check_limit(state, unit, ability)
    _check_use_condition(state, player, unit, ability)
    label = ability_label(unit.id, name)
    chosen = _targets(state, Log(), player, unit, ability, label, targets)
    _check_cost(state, player, unit, _changed_cost(state, player, unit, ability, Log(), chosen, card), label, payment)
    cost_victim(state, player, label, ability.cost.kill_friendly, cost_kill, "check_costs")
    return unit, card, ability


@dataclass
class AttachedGear:
    """An attached gear as the holder of its activated abilities: Equip works from a unit as well, moving the gear on to
    another (818, 434.1.f).  Its place is its unit's (434.4), its status its own (719.4), its controller the gear's (718.5)."""

    unit: Unit
    card: str
    controller: str

    @property
    def id(self) -> str:
        return self.card

    @property
    def location(self) -> str:
        return self.unit.location

    @property
    def empowered(self) -> int:
        return self.unit.gear_empowered.count(self.card)

    @property
    def exhausted(self) -> bool:
        return self.card in self.unit.gear_exhausted

    @exhausted.setter
    def exhausted(self, value: bool) -> None:
        gear.set_gear_exhausted_attached(self.unit, self.card, value)


def _attached_gear(state: GameState, name: str) -> AttachedGear | None:
    """The gear called *name* attached to a unit on the board, as the holder of its abilities."""
    for unit in state.units.values():
        if name in unit.attached and not _named_unit(state, name):
            return AttachedGear(unit, name, gear_controller(unit, name))
    return None


def _named_unit(state: GameState, name: str) -> bool:
    return name in state.units or any(unit.card == name for unit in state.units.values())


def activate(
    state: GameState, log: Log, player: str, unit_name: str, name: str, targets, payment: Payment | None,
    cost_kill: str | None = None, to: str | None = None,
) -> None:
    unit, card, ability = check_activation(state, player, unit_name, name, targets, payment, cost_kill)
    if ability.limit == "turn":
        state.this_turn.append(GameEvent(events.USED, player, _limit_key(unit, ability)))
    label = ability_label(unit.id, name)
    log.add(f"{player} 启动 {label}（此前为{turn.state_name(state)}状态）：加入结算链，成为待定项", "activate")
    if ability.condition and card.name != unit.card:
        log.add(f"{unit.id} 获得的是 {card.name} 的整行技能，连同其条件；条件按 {unit.id} 自己判断", "dependent_present")
    chosen = _targets(state, log, player, unit, ability, label, targets)  # unnamed, without defaults: a question
    _pay(state, log, player, unit, _changed_cost(state, player, unit, ability, log, chosen, card), label, payment)
    state.this_turn.append(GameEvent(ABILITY_ACTIVATED, player, label, card.type))
    kill_friendly_for_cost(state, log, player, label, ability.cost.kill_friendly, cost_kill, "check_costs")
    paid = object_costs.pay_object(state, log, _seen_from(state, player, unit, label), player, ability.cost.object, label,
                                   "check_costs") if ability.cost.object else ((), ())
    if chosen:  # 383.4.b.2: its targets were chosen as it was activated (377.3, 355.7): targeting effects see it now
        log.add(f"{label} 选择的 {'、'.join(targeting.name_of(target) for target in chosen)} 是它的目标", "activate", "targeted")
        events.chosen(state, player, [unit.id for unit in chosen if isinstance(unit, Unit)])
    if adds_resources(ability):
        _resolve_at_once(state, log, player, unit, ability, label)
        return
    state.items += 1
    item = ChainItem(
        source=unit.id,
        card=card.name,  # the card the ability is printed on: its targets and name (a gained one: another card)
        controller=player,
        effects=triggers.effects_of(ability),
        label=f"{label}（#{state.items}）",
        location=unit.location,
        kind="ability",
        id=f"#{state.items}",
        ability=ability.name,
        targets=(tuple(targeting.name_of(target) for target in chosen),) if chosen is not None else (),
        paid_with=paid[0],
        paid_with_might=paid[1],
    )
    if to is not None and not chosen_moves(item.effects):
        illegal(f"{label} 不把单位移动到所选之处：不选择目的地（to）", "move_destination")
    state.chain.append(triggers.choose_destination(state, log, item, to))  # 355.4: chosen as it is activated
    turn.chain_item_added(state, log, item)


def _resolve_at_once(state: GameState, log: Log, player: str, source, ability: Ability, label: str) -> None:
    """400.2, 429.2 — an Add ability resolves as it is finalized: no chain item waits, priority and focus stay."""
    log.add(f"{label} 是加入资源的能力：确定后立即结算，不让过优先权，焦点不传递", "add_resolves", "add_no_pass", "add_no_focus")
    ctx = Context(label, player, source.location, getattr(source, "id", None))
    effects.resolve(state, log, ctx, triggers.effects_of(ability), [], Choices())
    for giver, energy in layers.added_more(state, player, source.card):  # “your Gold add an additional ①” (429.1)
        state.players[player].energy += energy
        log.add(f"{giver}：{player} 的 {source.card} 额外加入 {energy} 点能量", "add")
    events.activated(state, player, source.id, source.card)


def _activated(state: GameState, unit, name: str) -> tuple[CardDef, Ability]:
    found = activated_abilities(state, unit)
    if name not in found:
        illegal(f"{unit.id} 没有名为 {name} 的启动能力（有：{'、'.join(found) or '无'}）", "activated_on_board")
    return found[name]


def activated_abilities(state: GameState, holder) -> dict[str, tuple[CardDef, Ability]]:
    """The activated abilities *holder* has, by the name a script uses: its card's, then gained ones."""
    card = state.card(holder.card)
    own = {a.name: (card, a) for a in card.abilities if a.kind == "activated"}
    if isinstance(holder, Unit):  # an effect gave it (477.2.a): activated from the unit as its own
        own |= {g.ability.name: (card, g.ability) for g in holder.granted_abilities if g.ability.kind == "activated"}
    if not isinstance(holder, Unit) or not card.passives.get("gains_exhaust_abilities"):
        return own
    gained = {
        f"{ability.name}（{other.name}）": (other, ability)
        for other in _friendly_cards(state, holder)
        for ability in other.abilities
        if ability.kind == "activated" and ability.cost.exhaust
    }
    return own | gained


def _friendly_cards(state: GameState, unit: Unit) -> list[CardDef]:
    """The cards of its controller's legends, other units and gear, attached or not."""
    player = unit.controller
    names = [legend.card for legend in state.legends.values() if legend.controller == player]
    names += [other.card for other in state.units.values() if other.controller == player and other.id != unit.id]
    names += [gear for other in state.units.values() if other.controller == player for gear in other.attached]
    names += [gear.card for gear in state.gear.values() if gear.controller == player]
    return [state.card(name) for name in dict.fromkeys(names)]


def _limit_key(holder, ability: Ability) -> str:
    """A use of *ability* of *holder* in the turn's record; a copy's abilities are new instances (gear.py)."""
    return f"{holder.id}/{ability.name}/{holder.copies if isinstance(holder, Unit) else 0}"


def _check_limit(state: GameState, holder, ability: Ability) -> None:
    """377.2.b — “use only once each turn” must hold to activate."""
    key = _limit_key(holder, ability)
    if ability.limit == "turn" and any(event.kind == events.USED and event.subject == key for event in state.this_turn):
        illegal(f"{holder.id} 的 {ability.name} 本回合已使用过（每回合仅一次）", "activated_condition")


def _check_use_condition(state: GameState, player: str, holder, ability: Ability) -> None:
    """377.2.b — the conditions of ``cards.ACTIVATION_CONDITIONS`` on using an activated ability, read as it is
    activated (``empowered`` in empower.py)."""
    for part, wanted in ability.condition:
        if part == "at_battlefield":  # “use this ability only while I'm at a battlefield” (the rule's example)
            location = getattr(holder, "location", None)
            if (location is not None and not is_base(location)) != wanted:
                illegal(f"{holder.id} {'不在' if wanted else '位于'}战场上：这项技能只能在{'' if wanted else '不'}位于战场时使用",
                        "activated_condition")
        elif part == "level" and state.players[player].xp < wanted:  # 824.1.c: active while its controller has N XP
            illegal(f"{player} 的经验不足 {wanted} 点（等级 {wanted}）：这项技能现在不生效，不能启动", "activated_condition")
        elif part == "chose_this_turn" and layers.holds(state, View(player, holder.id), {part: wanted}, []):
            illegal(f"{player} 本回合尚未选择过{'敌方' if wanted == 'enemy' else '友方' if wanted == 'friendly' else ''}"
                    "单位作为目标：这项技能现在不能启动", "activated_condition")


def _check_timing(state: GameState, player: str, unit: Unit, timing: str | None) -> None:
    """380–381 — from the board, by its controller, on their own turn, in an open state; an ability with
    [Action] also during showdowns on any turn (806.1.c.2), with [Reaction] in closed states too (813.1.c.2)."""
    if unit.controller != player:
        illegal(f"{unit.id} 由 {unit.controller} 控制，{player} 不能启动它的能力", "activated_controller")
    if timing == "reaction":
        return
    if player != state.turn_player and not (timing == "action" and state.in_showdown):
        illegal(f"启动能力只能在控制者自己的回合启动，现在是 {state.turn_player} 的回合", "activated_timing")
    if state.chain:
        illegal("结算链存在（封闭状态）：启动能力只能在开放状态下启动" + ("（[迅捷]不许可封闭状态）" if timing else ""),
                "activated_timing")


def _targets(state: GameState, log: Log, player: str, unit: Unit, ability: Ability, label: str, names) -> list | None:
    """377.3 — the ability's targets, chosen as it is activated: the script's, or legal defaults."""
    if ability.target is None:
        if names:
            illegal(f"{label} 不选择目标，脚本却给出了目标 {'、'.join(names)}", "valid_targets")
        return None
    ctx = Context(label, player, unit.location, unit.id)
    if names is None:
        return targeting.choose_targets(state, log, ctx, ability.target, ability.effects, None)
    targeting.check_named(state, ctx, ability.target, ability.effects, tuple(names))
    return targeting.named_targets(state, ability.target, names)


def _check_cost(state: GameState, player: str, unit: Unit | Legend, cost: AbilityCost, label: str, payment) -> None:
    """377, 358.2 — the cost can be paid: a source already exhausted cannot pay to exhaust, and so on."""
    if cost.exhaust and unit.exhausted:
        illegal(f"{unit.id} 已横置，无法支付“横置”费用", "check_costs")
    if cost.spend_buff and not unit.buffs:
        illegal(f"{unit.id} 没有增益，无法支付“消耗增益”费用", "check_costs")
    if cost.spend_buffs > len(events.buffed_units(state, player)):
        illegal(f"{player} 有增益的单位不足 {cost.spend_buffs} 名，无法支付“消耗增益”费用", "check_costs")
    if cost.disempower and not empower.disempowerable(state, cost.disempower, unit.id, player):
        illegal(f"{label} 的费用“解除强化”无法支付", "check_costs")
    if cost.energy or cost.power or cost.runes:
        check_payable(state.players[player], _ability_cost(state, unit, cost, label), label, payment)
    if cost.xp and xp_problem(state, player, cost.xp, label):
        illegal(xp_problem(state, player, cost.xp, label), "check_costs")
    fitting = "符合的" if cost.discard_card else ""
    hand = discardable(state, player, cost.discard_card)
    if cost.discard > len(hand):
        illegal(f"{player} {fitting}手牌只有 {len(hand)} 张，无法弃 {cost.discard} 张", "check_costs")
    trash = [card for card in state.players[player].trash
             if not cost.recycle_card or card_matches(state.card(card.name), cost.recycle_card)]
    if cost.recycle > len(trash):
        illegal(f"{player} 废牌堆{'中符合的牌' if cost.recycle_card else ''}只有 {len(trash)} 张，无法回收 {cost.recycle} 张",
                "check_costs")
    if cost.object and not costs.object_candidates(state, _seen_from(state, player, unit, label), player, cost.object):
        illegal(f"{player} 没有符合的单位支付 {label} 的费用（{cost.describe()}）", "check_costs")


def _seen_from(state: GameState, player: str, holder, label: str) -> Context:
    """The activated ability's source as its cost's ``object`` filter reads it (``here``, ``other``)."""
    return Context(label, player, getattr(holder, "location", None), holder.id if holder.id in state.units else None)


def _changed_cost(state: GameState, player: str, holder, ability: Ability, log: Log, chosen=None,
                  card: CardDef | None = None) -> AbilityCost:
    """An activated ability's own cost change (“This ability costs ① less for each rune you control”, “…③ less if you
    control 4 or fewer runes”, 356.4): its Energy changed by ``energy`` (times ``per``) while ``while`` holds as it is
    activated, a discount no lower than ``min`` and no cost below 0 (356.4.e, 356.6). *chosen*: its targets, chosen
    before its cost is determined (377.3; “reduced by the Might of the unit you choose” reads ``{might_of: target}``)."""
    change, cost = ability.cost_change, ability.cost
    cost = _battlefield_ability_changes(state, player, holder, ability, cost, log, card)
    if not change:
        return cost
    view = View(player, holder.id, holder.id if holder.id in state.units else None, getattr(holder, "location", None))
    targets = [target for target in chosen or () if isinstance(target, Unit)]
    if layers.holds(state, view, change.get("while", {}), targets):
        return cost
    times = layers.amount(state, view, change["per"], targets) if "per" in change else 1
    floor = min(cost.energy, change.get("min", 0)) if change["energy"] < 0 else 0
    energy = max(floor, cost.energy + change["energy"] * times, 0)
    if energy != cost.energy:
        log.add(f"{holder.id} 的技能费用{'减少' if energy < cost.energy else '增加'} {abs(energy - cost.energy)}（能量 {energy}）",
                "cost_discount" if energy < cost.energy else "cost_increase")
    return replace(cost, energy=energy)


ABILITY_ACTIVATED = "ability_activated"  # the turn's record of an activated ability activated: its player, label, card type


def _battlefield_ability_changes(state: GameState, player: str, holder, ability: Ability, cost: AbilityCost, log: Log,
                                 card: CardDef | None) -> AbilityCost:
    """356.4 — a battlefield's discounts of its controller's activated abilities (``while: controlled``, 190.6.d):
    ``applies: gear_abilities`` those printed on gear (``first``: only the first they activate this turn), ``applies:
    empower_costs`` the Empower ability of their units (``where: here``: units at the battlefield); ``either``: [1] while
    there is Energy to lower, else one Power (“① or any rune”, the player's choice, a default)."""
    for source, change in costs.battlefield_changes(state, player):
        if change["applies"] == "gear_abilities":
            first_done = change.get("first") and any(event.kind == ABILITY_ACTIVATED and event.player == player and
                                                     event.cause == "gear" for event in state.this_turn)
            if card is None or card.type != "gear" or first_done:
                continue
        elif change["applies"] == "empower_costs":
            if ability.name != "强化" or holder.id not in state.units or \
                    (change.get("where") == "here" and getattr(holder, "location", None) != source):
                continue
        else:
            continue
        energy, power = -change.get("energy", 0), -change.get("power", 0)
        if change.get("either"):
            energy, power = (energy, 0) if cost.energy > 0 else (0, power)
        any_power = min(max(power, 0), cost.power)  # Power of any domain first, then of a domain named (356.4)
        runes = cost.runes[: max(0, len(cost.runes) - (max(power, 0) - any_power))]
        lowered = replace(cost, energy=max(0, cost.energy - energy), power=cost.power - any_power, runes=runes)
        if lowered != cost:
            log.add(f"{source}：{holder.id} 的技能费用减少（能量 {lowered.energy}，任意符能 {lowered.power}）"
                    + ("；“①或任意符能”由引擎选择" if change.get("either") else ""), "cost_discount", default=bool(change.get("either")))
        cost = lowered
    return cost


def _ability_cost(state: GameState, holder, cost: AbilityCost, label: str) -> costs.Cost:
    """The Energy and Power of an activated ability's cost, marked as an ability of its holder (limited resources)."""
    use = "gear_ability" if isinstance(holder, AttachedGear) else costs.holder_use(state, holder.id)
    return costs.for_use(state, costs.rune_cost(cost, label, "activate"), use)


def _pay(state: GameState, log: Log, player: str, unit: Unit | Legend, cost: AbilityCost, label: str, payment) -> None:
    """377 — the cost is paid as the ability is activated (``_check_cost`` said it can be)."""
    if cost.exhaust:
        unit.exhausted = True
    if cost.spend_buff:
        events.spend_buff(state, log, player, unit)
    if cost.spend_buffs:
        events.spend_buffs(state, log, player, cost.spend_buffs, label)
    if cost.disempower:
        empower.pay_disempower(state, log, cost.disempower, unit.id, player, label)
    if cost.energy or cost.power or cost.runes:
        pay(state, log, player, _ability_cost(state, unit, cost, label), label, payment)
    if cost.xp:
        spend_xp(state, log, player, cost.xp, label)
    discarded, defaulted = [], False
    if cost.discard:  # which cards the cost discards: the player's question (422.1.a), one of the turn's discards
        discarded, defaulted = discard_cards(state, player, cost.discard, label,
                                             f"{player} 为支付 {label} 的费用弃哪 {cost.discard} 张牌", cost.discard_card)
    log.add(
        f"{label} 的费用已支付：{cost.describe()}" + (f"（弃掉 {'、'.join(c.name for c in discarded)}）" if discarded else ""),
        "check_costs",
        *(("discard",) if discarded else ()),
        default=defaulted,
    )
    if cost.recycle:  # which cards: the player's choice, as the effect “recycle N from your trash” asks it
        effect_play.recycle(state, log, Context(label, player),
                            {"amount": cost.recycle, **({"card": cost.recycle_card} if cost.recycle_card else {})})
    if cost.kill_self and isinstance(unit, Gear):  # “kill this” on a gear (金币 Gold, 187.5): to its owner's trash
        gear.kill_gear(state, log, GearRef(unit.card, gear_id=unit.id))
    elif cost.kill_self:
        kill(state, log, unit, "kill")
