"""Optional additional costs paid with an object of the player's (356.2.b.1, 357.2): “你可以选择让一名友方单位变为休眠状态 /
摧毁一件友方装备 / 消耗一个增益，作为额外费用”.

A card's ``additional_cost: {optional: {exhaust: friendly_unit | legend | FILTER, kill: FILTER, spend_buff: N | any}}``:
exhaust one ready unit of the player's that fits (or their legend), kill one unit (``kind: gear``: one gear) of theirs that
fits, spend a buff of N of their units (``any``: of as many as they choose, none included; ``discount_each`` beside
``optional`` lowers the card's cost for each, 356.4).  The play step names the objects (``cost_object``); unnamed with a choice to make, the
player's question, or with defaults the first that fit (marked).  Checked with the other costs (358.2: none that fits and
the cost cannot be paid), paid with them (357.1).
"""

from __future__ import annotations

from itertools import combinations

from judgekit.engine import costs, events, filters, gear, layers, zones
from judgekit.engine.damage import kill
from judgekit.engine.filters import View
from judgekit.engine.rules import illegal
from judgekit.engine.state import GameState, GearRef, Question, answer_to
from judgekit.engine.trace import Log

PARTS = {"exhaust": "横置", "kill": "摧毁", "spend_buff": "消耗增益"}  # the parts paid with objects, as the trace says them


def _candidates(state: GameState, player: str, what: str, part: str, wanted) -> list:
    """The objects of *player*'s that could pay *part*: units (a legend, a gear) as objects of the state."""
    view = View(player, what)
    if part == "exhaust" and wanted == "legend":  # 174.5: the player's legend
        return [legend for legend in state.legends.values() if legend.controller == player and not legend.exhausted]
    spec = {} if wanted in ("friendly_unit", True) else dict(wanted) if isinstance(wanted, dict) else {}
    if part == "kill" and spec.get("kind") == "gear":
        return [ref for ref, seen in filters.board_gear(state)
                if seen.controller == player and layers.matches(state, view, spec, seen)]
    units = [unit for unit in state.units.values() if unit.controller == player and layers.matches(state, view, spec, unit)]
    if part == "exhaust":
        return [unit for unit in units if not unit.exhausted]
    if part == "spend_buff":
        return [unit for unit in units if unit.buffs]
    return units


def _count(part: str, wanted) -> int:
    return wanted if part == "spend_buff" and wanted != ANY else 1


ANY = "any"  # ``spend_buff: any``: “消耗任意数量的增益作为额外费用”, a buff of each of as many units as the player chooses


def any_number(state: GameState, player: str, card_name: str, optional: dict, named: tuple[str, ...]) -> list:
    """The units whose buff pays ``spend_buff: any``: those the play step names (``cost_object``), else the player's
    question (every choice of them, none included), else with defaults all that have one — a default, marked as it is
    paid; [] when the cost has no such part."""
    if optional.get("spend_buff") != ANY:
        return []
    what = f"{card_name} 的额外费用"
    found = _candidates(state, player, what, "spend_buff", ANY)
    chosen = [unit for unit in found if unit.id in named]
    if chosen or named or not found or state.defaults:
        return chosen if named else found
    ids = [unit.id for unit in found]
    answer = answer_to(state, Question(
        "cost_object", player, what, f"{player} 消耗哪些单位的增益支付{what}（任意数量）",
        tuple(combo for size in range(len(ids) + 1) for combo in combinations(ids, size)), "choose: [名, ……]（可为空）",
        "optional_cost",
    ))
    return [unit for unit in found if unit.id in answer]


def _ids(state: GameState, player: str, what: str, part: str, wanted) -> list[str]:
    return [obj.id for obj in _candidates(state, player, what, part, wanted)]


def check(state: GameState, player: str, card_name: str, optional: dict, named: tuple[str, ...]) -> None:
    """358.2 — each object part can be paid: enough of the player's objects fit, and those the script names fit (as
    many as the part takes)."""
    what = f"{card_name} 的额外费用"
    fitting = {part: _ids(state, player, what, part, wanted) for part, wanted in optional.items() if part in PARTS}
    strays = [name for name in named if not any(name in ids for ids in fitting.values())]
    if strays:
        illegal(f"{'、'.join(strays)} 不能用来支付{what}（须是 {player} 的、符合的物体）", "check_costs")
    for part, ids in fitting.items():
        if optional[part] == ANY:  # any number of them, none included: only those named must fit (above)
            continue
        count, mine = _count(part, optional[part]), [name for name in named if name in ids]
        if len(mine or ids) < count or (mine and len(mine) != count):
            illegal(f"{player} 没有足够的物体支付{what}（{PARTS[part]} {count} 个）", "check_costs")


def pay(state: GameState, log: Log, player: str, card_name: str, optional: dict, named: tuple[str, ...]) -> None:
    """357.1 — the object parts paid: the named objects, else the player's question, else the first that fit (a default)."""
    what = f"{card_name} 的额外费用"
    for part, wanted in optional.items():
        if part not in PARTS:
            continue
        if wanted == ANY:
            chosen = any_number(state, player, card_name, optional, named)
            _do(state, log, player, part, chosen, what, not named and state.defaults and bool(chosen), "（引擎选择全部有增益的单位）")
            continue
        found = _candidates(state, player, what, part, wanted)
        count = _count(part, wanted)
        chosen = [obj for obj in found if obj.id in named]
        defaulted = False
        if not chosen and len(found) > count and not state.defaults:  # which ones: the player's question (356.2.b.1)
            answer = answer_to(state, Question(
                "cost_object", player, what, f"{player} 用哪个物体支付{what}（{PARTS[part]} {count} 个）",
                tuple(combinations([obj.id for obj in found], count)), "choose: [名, ……]", "optional_cost",
            ))
            chosen = [obj for obj in found if obj.id in answer]
        elif not chosen:
            chosen, defaulted = found[:count], len(found) > count
        _do(state, log, player, part, chosen, what, defaulted)


def _do(state: GameState, log: Log, player: str, part: str, chosen: list, what: str, defaulted: bool,
        note: str = "（引擎选择第一个符合的）") -> None:
    said = "、".join(obj.id for obj in chosen) or "（无）"
    log.add(f"{what}：{PARTS[part]} {said}" + (note if defaulted else ""), "optional_cost", default=defaulted)
    for obj in chosen:
        if part == "exhaust":
            obj.exhausted = True
        elif part == "spend_buff":
            events.spend_buff(state, log, player, obj)
        elif isinstance(obj, GearRef):
            gear.kill_gear(state, log, obj)
        else:
            kill(state, log, obj, "kill")



def pay_object(state: GameState, log: Log, view, player: str, wanted: dict, label: str,
               rule: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """An activated ability's ``object`` part paid as it is activated (377; ``costs.pick_object``): the unit exhausted,
    returned to its owner's hand or recycled now; (its id,), (its Might as paid,)."""
    unit, paid = costs.pick_object(state, log, view, player, wanted, label, rule)
    zones.act_for_cost(state, log, wanted["act"], unit, label)
    return paid
