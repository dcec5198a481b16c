"""A player's zones and resources: draw (413), discard (422), Add (429), Channel (430), burn out (431), Burn (440),
XP (728–733).

Also a unit returned to its owner's hand.
"""

from __future__ import annotations

from itertools import combinations

from judgekit.engine import replacement
from judgekit.engine.cards import Ability
from judgekit.engine.events import happen, recycled_to_deck
from judgekit.engine.filters import CHANNELLED, card_matches
from judgekit.engine.gear import leave_unattached
from judgekit.engine.rules import illegal
from judgekit.engine.state import (
    ANY_DOMAIN,
    Card,
    GameEvent,
    GameState,
    Question,
    Restricted,
    Rune,
    Unit,
    answer_to,
    names,
)
from judgekit.engine.trace import Log


def _top_card(state: GameState, log: Log, player_id: str, act: str) -> tuple[Card | None, bool]:
    """The top card of the player's main deck, taken off it to go to another zone, and whether they burned out for
    it: an empty deck burns them out first (431.1.a–b), as often as needed; None when an opponent has already won."""
    player = state.players[player_id]
    burned = 0
    while not player.deck and not _someone_won(state):
        burned += 1
        _burn_out(state, log, player_id, burned)
    if not player.deck:
        log.add(f"{player_id} 仍无牌可{act}：对手已达到胜利分数，游戏将在清理时结束", "burn_out_again")
        return None, bool(burned)
    return player.deck.pop(0), bool(burned)


def draw(state: GameState, log: Log, player_id: str, count: int, *rules: str) -> None:
    """413 — draw *count*; an empty main deck burns the player out first (413.4, 431.1.a), as often as needed."""
    player = state.players[player_id]
    for _ in range(count):
        card, burned = _top_card(state, log, player_id, "抓")
        if card is None:
            return
        player.hand.append(card)
        player.drawn += 1
        happen(state, "drawn", player_id, card.name)
        log.add(
            f"{player_id} 抓一张牌（{card.name}）；手牌 {len(player.hand)} 张",
            "draw",
            *rules,
            *(("burn_out_complete",) if burned else ()),
        )


def burn(state: GameState, log: Log, ctx, count: int) -> None:
    """440 — Burn N: the top N cards of the player's main deck to their trash, one by one, as many as possible; more
    than the deck holds: they burn what there is, burn out, then burn the rest (440.4, 431.1.b)."""
    player = state.players[ctx.controller]
    for _ in range(count):
        card, burned = _top_card(state, log, ctx.controller, "焚烧")
        if card is None:
            return
        player.trash.append(card)
        log.add(f"{ctx.source}：{ctx.controller} 焚烧主牌堆顶的 {card.name}，置入废牌堆（主牌堆余 {len(player.deck)} 张）",
                "burn", *(("burn_out_complete",) if burned else ()))


def discard(state: GameState, log: Log, player_id: str, count: int) -> list[Card]:
    """422 — the player discards as many as they can (422.4); which ones is their choice (422.1.a); the cards discarded."""
    chosen, defaulted = discard_cards(state, player_id, count, "弃牌", f"{player_id} 弃哪 {count} 张牌")
    shown = "、".join(card.name for card in chosen) or "（手牌为空，无牌可弃）"
    log.add(f"{player_id} 弃牌：{shown}", "discard", default=defaulted)
    return chosen


def discard_cards(state: GameState, player_id: str, count: int, about: str, what: str,
                  fits: dict | None = None) -> tuple[list[Card], bool]:
    """422.1.a — *count* cards (as many as the hand has) from the player's hand to their trash, each one of the
    turn's discard events: an effect's discard and a discard paid as a cost alike.  Which ones is the player's
    question (*about*, *what*); with defaults and a choice to make, the engine discards the newest and says it
    chose (the second value).  *fits*: a card filter the discarded cards meet (a cost's “Discard a gear”)."""
    hand = discardable(state, player_id, fits)
    chosen = hand[len(hand) - min(count, len(hand)):]
    asked = len(hand) > count and not state.defaults
    if asked:  # which ones: the player's question (422.1.a)
        answer = answer_to(state, Question(
            "discard", player_id, about, what, tuple(dict.fromkeys(combinations(names(hand), count))),
            "choose: [牌名, ……]", "discard",
        ))
        rest = list(hand)
        chosen = [rest.pop(next(i for i, card in enumerate(rest) if card.name == name)) for name in answer]
    defaulted = len(hand) > count and not asked
    discard_these(state, player_id, chosen)
    return chosen, defaulted


def discardable(state: GameState, player_id: str, fits: dict | None) -> list[Card]:
    """The cards of the player's hand a discard may take: all of them, or those that meet the card filter *fits*."""
    hand = state.players[player_id].hand
    return [card for card in hand if fits is None or ((definition := state.cards.get(card.name))
                                                      and card_matches(definition, fits))]


def discard_these(state: GameState, player_id: str, cards: list[Card]) -> None:
    """422.1 — these cards of the player's hand to their trash (chosen already: by them, or by the effect's controller
    from a revealed hand), each a ``discarded`` event and the action one ``cards_discarded``."""
    hand = state.players[player_id].hand
    for card in cards:
        hand.remove(card)
        state.players[player_id].trash.append(card)
        happen(state, "discarded", player_id, card.id)  # the card itself: “when this is discarded”, seen from the trash
    if cards:  # “whenever you discard one or more cards”: once for the action (422.1.a)
        happen(state, "cards_discarded", player_id, player_id)


def _someone_won(state: GameState) -> bool:
    target = state.target_score()
    return any(player.points >= target for player in state.players.values())


# 431.2 — recycle the trash into the main deck, and an opponent gains 1 point; 431.3 — again while it stays empty.
def _burn_out(state: GameState, log: Log, player_id: str, times: int) -> None:
    player = state.players[player_id]
    trash, player.trash = player.trash, []
    recycled_to_deck(state, player_id, trash)  # the main deck is empty as it burns out
    opponents = state.opponents(player_id)
    opponent = opponents[0]
    asked = len(opponents) > 1 and not state.defaults
    if asked:  # which opponent gains the point: the burning-out player's question (431.2.c)
        (opponent,) = answer_to(state, Question(
            "burn_out_opponent", player_id, "燃尽", f"{player_id} 燃尽：选择哪名对手获得 1 分",
            tuple((name,) for name in opponents), "choose: [对手]", "burn_out_opponent",
        ))
    state.gain(opponent, 1)
    happen(state, "burned_out", player_id, player_id, opponent)
    again = f"（第 {times} 次：主牌堆仍为空，再次燃尽）" if times > 1 else ""
    log.add(
        f"{player_id} 的主牌堆已空：燃尽{again}——废牌堆洗回主牌堆（{len(player.deck)} 张），"
        f"{opponent} 获得 1 分（{state.players[opponent].points} 分）"
        + ("（默认选择回合顺序中的第一名对手）" if len(opponents) > 1 and not asked else ""),
        "draw_too_many",
        "burn_out",
        "burn_out_opponent",
        *(("burn_out_again",) if times > 1 else ()),
        default=len(opponents) > 1 and not asked,
    )


def _off_the_board(state: GameState, log: Log, unit: Unit, source: str) -> str | None:
    """A unit leaving the board for a zone off it: the name of the card that goes there (a new object, 359.3.e.4: its own
    card, not the one it copies); None for a token, which ceases to exist (186.1)."""
    replacement.leave_board(state, unit)
    del state.units[unit.id]
    state.gone.append(unit.id)
    leave_unattached(state, log, unit)
    own = unit.printed or unit.card
    if state.card(own).type == "token":
        log.add(f"{source}：{unit.id} 离场；它是衍生物，离场后不复存在", "token_ceases")
        return None
    return own


def return_to_hand(state: GameState, log: Log, unit: Unit, source: str) -> None:
    """A unit returned to its owner's hand leaves the board: the card in hand is a new object (359.3.e.4)."""
    own = _off_the_board(state, log, unit, source)
    if own is None:
        return
    state.players[unit.owner].hand.append(state.new_card(own, unit.owner))
    log.add(f"{source}：{unit.id} 返回 {unit.owner} 的手牌（成为新的物体）", "left_board_new_object")
    # “当此处的一名单位返回到一名玩家的手牌时”: the event's player is the one whose hand it went to, where it was is its place
    happen(state, "returned_to_hand", unit.owner, unit.id, location=unit.location)


def facedown_to_hand(state: GameState, log: Log, battlefield: str, source: str) -> None:
    """The card hidden face down at *battlefield* (421) to its owner's hand: no longer hidden there, the same card."""
    bf = state.battlefields[battlefield]
    card = bf.facedown
    if card is None:
        return
    bf.facedown = bf.hidden_by = None
    state.players[card.owner].hand.append(card)
    log.add(f"{source}：{bf.name} 上面朝下的 {card.name} 返回 {card.owner} 的手牌", "objects_chosen")


# A card put on its owner's main deck, on top or at the bottom (108.4.d: the deck is an ordered zone): “将一张手牌放到
# 主牌堆的顶部或底部” (``hand_to_deck``), “其拥有者将该单位放到其主牌堆的顶部或底部” (``to_deck``, the unit's owner putting it
# there).  ``top_or_bottom``: which end is the choice of the player putting it — their question, answered ``choose: [顶部]``
# or ``[底部]``; with defaults the top, marked.
DECK_ENDS = {"top": "顶部", "bottom": "底部"}


def put_on_deck(state: GameState, log: Log, player_id: str, card: Card, position: str, source: str, *rules: str) -> None:
    end = position
    if position == "top_or_bottom":
        end = "top"
        if not state.defaults:
            (word,) = answer_to(state, Question(
                "deck_end", player_id, source, f"{player_id} 把 {card.name} 放到主牌堆的顶部还是底部",
                tuple((word,) for word in DECK_ENDS.values()), "choose: [顶部] 或 [底部]", "deck_end",
            ))
            end = next(key for key, value in DECK_ENDS.items() if value == word)
    deck = state.players[card.owner].deck
    deck.insert(0 if end == "top" else len(deck), card)
    log.add(f"{source}：{player_id} 把 {card.name} 放到 {card.owner} 的主牌堆{DECK_ENDS[end]}", "deck_end", *rules,
            default=position == "top_or_bottom" and state.defaults)


def act_for_cost(state: GameState, log: Log, act: str, unit: Unit, source: str) -> None:
    """A cost's ``object`` part done to the unit that pays it (``costs.pick_object``): exhausted, returned to its owner's
    hand, or recycled — to the bottom of its owner's main deck (416.1.a)."""
    if act == "exhaust":
        unit.exhausted = True
    elif act == "return_to_hand":
        return_to_hand(state, log, unit, source)
    else:
        unit_to_deck(state, log, unit, "bottom", source)


def unit_to_deck(state: GameState, log: Log, unit: Unit, position: str, source: str) -> None:
    """The unit leaves the board for its owner's main deck, a new card there (359.3.e.4); its owner puts it there."""
    own = _off_the_board(state, log, unit, source)
    if own is not None:
        put_on_deck(state, log, unit.owner, state.new_card(own, unit.owner), position, source, "left_board_new_object")


def hand_to_deck(state: GameState, log: Log, ctx, param: dict) -> None:
    """A card of the player's hand, the one they choose (their question; with defaults the newest, marked), put on
    their main deck."""
    hand = state.players[ctx.controller].hand
    if not hand:
        log.add(f"{ctx.source}：{ctx.controller} 没有手牌可放到主牌堆", "do_what_you_can")
        return
    chosen = hand[-1]
    if len(hand) > 1 and not state.defaults:
        (name,) = answer_to(state, Question(
            "hand_card", ctx.controller, ctx.source, f"{ctx.controller} 把哪张手牌放到主牌堆（{ctx.source}）",
            tuple(dict.fromkeys((card.name,) for card in hand)), "choose: [牌名]", "deck_end",
        ))
        chosen = next(card for card in hand if card.name == name)
    elif len(hand) > 1:
        log.add(f"{ctx.source}：{ctx.controller} 选择把 {chosen.name} 放到主牌堆", "deck_end", default=True)
    hand.remove(chosen)
    put_on_deck(state, log, ctx.controller, chosen, param.get("position", "top"), ctx.source)


# Add (429): resources put into a player's Rune Pool, and abilities that add them.
#
# An ability whose effects add resources resolves as soon as it is finalized, like a
# unit (400.2, 429.2): it never waits on the chain, so neither priority nor focus passes
# (429.2.a, 346.1).  ``add: {energy: N, power: N, runes: [domain, …]}`` adds Energy, Power of any domain
# (the player's choice of domain is not modelled: Power of any domain pays any Power cost) and one Power of
# each domain named.


def adds_resources(ability: Ability) -> bool:
    """429.2 — an ability with the [Add] action (also after a cost within its instructions, 204.3.b)."""
    return any("add" in effect or any("add" in done for done in effect.get("pay_any", {}).get("then", ()))
               for effect in ability.effects)


def add_effect(state: GameState, log: Log, ctx, param) -> None:
    """429.1 — put Energy and Power into the controller's Rune Pool."""
    player = state.players[ctx.controller]
    energy, power = param.get("energy", 0), param.get("power", 0)
    only, in_showdown = tuple(param.get("only", ())), bool(param.get("in_showdown"))
    limited = Restricted(ctx.source, only=only, in_showdown=in_showdown) if only or in_showdown else None
    pool = limited.power if limited else player.power
    if power:
        pool[ANY_DOMAIN] = pool.get(ANY_DOMAIN, 0) + power
    for domain in param.get("runes", ()):
        pool[domain] = pool.get(domain, 0) + 1
    if limited:  # “Use only to play spells”: kept apart, spent only on those uses (costs.usable_pool)
        limited.energy = energy
        player.restricted.append(limited)
    else:
        player.energy += energy
    parts = [f"能量 {energy}"] * bool(energy) + [f"任意领域符能 {power}"] * bool(power)
    parts += [f"{domain}符能 1" for domain in param.get("runes", ())]
    uses = "、".join(USE_NAMES[use] for use in only)
    limit = ("，仅可用于" + uses if only else "") + ("，仅可在法术对决期间消耗" if in_showdown else "")
    log.add(f"{ctx.source}：{ctx.controller} 的符文池加入 {'、'.join(parts)}{limit}", "add")


# What a limited Add may pay (``add: {only: [...]}``), for the trace.
USE_NAMES = {"spell": "打出法术", "unit": "打出单位", "gear": "打出装备", "unit_ability": "使用单位的技能",
             "gear_ability": "使用装备的技能"}


# Runes channelled (430): from the top of the rune deck onto the board, ready unless the effect says otherwise.
#
# The channel phase channels two (315.3.b); an effect channels what it says
# (``channel: 1`` or ``channel: {count, exhausted}``).  With too few runes in the rune deck,
# as many as there are are channelled (430.3).


def channel(state: GameState, log: Log, player_id: str, count: int, exhausted: bool = False, rule: str = "channel_action") -> None:
    player = state.players[player_id]
    channelled, player.rune_deck = player.rune_deck[:count], player.rune_deck[count:]
    player.runes += [Rune(domain, exhausted) for domain in channelled]
    short = count - len(channelled)
    rules = (rule, "channel_exhausted") if exhausted else (rule,)
    log.add(
        f"{player_id} 引导 {len(channelled)} 张符文{'（横置）' if exhausted and channelled else ''}"
        f"（场上符文 {len(player.runes)} 张，符文牌堆余 {len(player.rune_deck)} 张）"
        + (f"；符文牌堆不足，少引导 {short} 张" if short else ""),
        *rules,
        *(("channel_short",) if short else ()),
    )
    # the turn's record of it: how many it said and how many it channelled (“如果你无法达成” reads it)
    state.this_turn.append(GameEvent(CHANNELLED, player_id, str(count), str(len(channelled)), phase=state.phase))


def channel_effect(state: GameState, log: Log, ctx, param) -> None:
    spec = param if isinstance(param, dict) else {"count": param}
    channel(state, log, ctx.controller, spec["count"], spec.get("exhausted", False))


def ready_runes(state: GameState, log: Log, ctx, param: int) -> None:
    """415 — ready up to *param* of the controller's exhausted runes."""
    exhausted = [rune for rune in state.players[ctx.controller].runes if rune.exhausted][:param]
    for rune in exhausted:
        rune.exhausted = False
    log.add(f"{ctx.source}：{ctx.controller} 活跃 {len(exhausted)} 张符文（至多 {param} 张）", "ready")


# XP (728–733): a number marked on each player, public (729.2); Hunt (823), which gains it, is defined in cards.
#
# XP is not a game object (731) and is not shared between teammates (732).  Level (824) reads it: a
# ``level: N`` condition holds while the controlling player has N XP (824.1.c, see ``filters``).


def gain_xp(state: GameState, log: Log, ctx, param: int) -> None:
    """730.1 — to gain XP, increase the XP marked on the player gaining it."""
    player = state.players[ctx.controller]
    before = player.xp
    player.xp += param
    log.add(f"{ctx.source}：{player.id} 获得 {param} 点经验（{before} → {player.xp}）", "xp_gain")
    if param > 0:  # the turn's record, for “if you've gained XP this turn”
        happen(state, "gained_xp", player.id, player.id)


def xp_problem(state: GameState, player: str, amount: int, what: str) -> str | None:
    """Why *player* cannot spend *amount* XP for *what* (203.3), or None."""
    holder = state.players[player]
    return f"{player} 只有 {holder.xp} 点经验，无法为 {what} 消耗 {amount} 点" if holder.xp < amount else None


def spend_xp(state: GameState, log: Log, player: str, amount: int, what: str) -> None:
    """730.2 — to spend XP, reduce the XP marked on the player; one without enough cannot pay (203.3)."""
    problem = xp_problem(state, player, amount, what)
    if problem:
        illegal(problem, "check_costs")
    holder = state.players[player]
    holder.xp -= amount
    log.add(f"{what}：{player} 消耗 {amount} 点经验（剩 {holder.xp}）", "xp_spend")
