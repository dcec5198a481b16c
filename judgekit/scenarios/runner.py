"""Run a scenario: apply each scripted action, record the steps, check the expectations."""

from __future__ import annotations

from judgekit.engine.actions import Play, apply, decision, describe, find_unit, needs_open_state, pass_on_triggers
from judgekit.engine.cards import SUMMED_KEYWORDS
from judgekit.engine.empower import empowered_text
from judgekit.engine.layers import is_mighty, keywords, might
from judgekit.engine.rules import REFS, EndlessLoopError, OpenDecisionError
from judgekit.engine.state import (
    MIGHTY,
    PHASE_NAMES,
    GameState,
    gear_controller,
    is_base,
    location_name,
    names,
    show_answer,
)
from judgekit.engine.targeting import find_gear
from judgekit.engine.trace import Event, Step, Trace, Verdict
from judgekit.engine.turn import priority_holder, state_name
from judgekit.errors import AmbiguousReferenceError, IllegalActionError, ScenarioStopped
from judgekit.refs import RuleNumber
from judgekit.scenarios.scenario import Expectation, Scenario, ScriptStep


def run(scenario: Scenario, explain: bool = False) -> Trace:
    return play(scenario, explain)[0]


# Errors of a step that end the run with its message (not a refusal the script could expect).
_STOPS_THE_RUN = (EndlessLoopError, AmbiguousReferenceError, OpenDecisionError)


def play(scenario: Scenario, explain: bool = False) -> tuple[Trace, GameState]:
    """Run *scenario*; the trace and the final state.  *explain* records each decision's legal options.

    A step that cannot be done ends the run: ``ScenarioStopped`` carries the trace so far, every verdict
    before that step included.
    """
    trace = Trace(
        scenario.title, scenario.question, scenario.edition, scenario.source,
        conflict=scenario.conflict, approximated=scenario.approximated,
    )
    state = scenario.state
    shown = board(state)  # the board of *state*, kept for the next step's changes rather than printed again
    trace.initial = list(shown.values())
    seen = _on_board(state)
    try:
        opened, _ = _leave_triggers(state, scenario.script)
    except _STOPS_THE_RUN as error:
        _stop(trace, state, f"{scenario.source}: 开局时结算链上的触发能力：{error}")
    if opened is not state:
        state, shown = opened, board(opened)
    for number, step in enumerate(scenario.script, 1):
        said = describe(step.action)
        pending = _decision(state) if explain else ()
        try:
            new, events = apply(state, step.action)
        except _STOPS_THE_RUN as error:
            _stop(trace, state, f"{step.node}: 第 {number} 步“{said}”：{error}")
        except IllegalActionError as error:
            if not step.expect_illegal:
                rule = f"（规则 {REFS[error.rule].number}）" if error.rule else ""
                _stop(trace, state, f"{step.node}: 第 {number} 步“{said}”不合规则：{error}{rule}")
            undone = ("undo_play",) if isinstance(step.action, Play) else ()  # 358.5: the play is undone
            refusal = Event(f"规则不允许：{error}", ((error.rule,) if error.rule else ()) + undone)
            trace.steps.append(Step(number, said, step.node.line, (refusal,), (), refused=str(error), options=pending))
            trace.verdicts += _refusal_verdicts(number, said, step, error)
            trace.verdicts += [_at_step(number, verdict(state, trace, e, seen)) for e in step.expect]
            continue
        if step.expect_illegal:
            trace.verdicts.append(
                Verdict(f"第 {number} 步“{said}”应被规则拒绝", False, "被拒绝", "引擎执行了它", step.node.line)
            )
        try:
            new, passed = _leave_triggers(new, scenario.script[number:])
        except _STOPS_THE_RUN as error:  # passing on the triggers this step left can loop forever too
            _stop(trace, new, f"{step.node}: 第 {number} 步“{said}”之后：{error}")
        events = [*events, *passed]
        before, shown = shown, board(new)
        changes = tuple(diff(before, shown))
        flagged = (Event(f"〔近似〕{step.approximated}", ()),) if step.approximated else ()
        trace.steps.append(Step(number, said, step.node.line, flagged + tuple(events), changes, options=pending))
        state = new
        seen |= _on_board(state)
        trace.verdicts += [_at_step(number, verdict(state, trace, e, seen)) for e in step.expect]
    question = state.question()
    if question is not None:  # the engine answers none (defaults off): the run ends at the open question
        where = scenario.script[-1].node if scenario.script else scenario.source
        _stop(trace, state, f"{where}: 脚本结束时仍有{question.unanswered()}")
    trace.final = list(shown.values())
    trace.verdicts += [verdict(state, trace, expectation, seen) for expectation in scenario.expectations]
    return trace, state


def _leave_triggers(state: GameState, rest: list[ScriptStep]) -> tuple[GameState, list[Event]]:
    """Triggered items wait on the chain (340.4); with defaults on, the engine passes for every player on them
    only where the script must have: its next step needs an open state, or the script ends."""
    if needs_open_state(state, rest[0].action if rest else None):
        return pass_on_triggers(state, before_a_step=bool(rest))
    return state, []


def _stop(trace: Trace, state: GameState, message: str) -> None:
    trace.final = list(board(state).values())
    trace.stopped = message
    question = state.question()
    if question is not None:  # the run stopped at a question the script owes: what it is and its answers
        trace.pending = {
            "kind": question.kind, "player": question.player, "question": question.what,
            "options": [show_answer(option) for option in question.options], "answer_with": question.answer_with,
        }
    raise ScenarioStopped(message, trace)


def _ever_on_board(state: GameState, subject: str, seen: set[str]) -> bool:
    """Whether *subject* names a unit on the board at some time: seen between steps, or gone (a unit's id
    left the board, a unit that entered during a step has its card's name as id, 名#2 for the second)."""
    return subject in seen or any(subject in (gone, gone.split("#", 1)[0]) for gone in state.gone)


def _on_board(state: GameState) -> set[str]:
    """The ids and card names of the units on the board: what a unit expectation may be about."""
    return {name for unit in state.units.values() for name in (unit.id, unit.card)}


def _decision(state: GameState) -> tuple[str, ...]:
    """The pending decision before a step, and every legal answer (``run --explain``)."""
    pending = decision(state)
    if pending is None:
        return ("无人持有优先权：没有待做的决定",)
    head = f"{pending.player} 的决定（{pending.kind}，{state_name(state)}状态），合法选项 {len(pending.options)} 个"
    if pending.question:
        head = f"{pending.player} 须回答的问题：{pending.question}，合法选项 {len(pending.options)} 个"
    return (head, *(describe(option) for option in pending.options))


def _refusal_verdicts(number: int, said: str, step: ScriptStep, error: IllegalActionError) -> list[Verdict]:
    actual = REFS[error.rule].number if error.rule else "（未注明规则）"
    if step.refusing_rule is None:  # expect_illegal: true — any refusal is the one expected
        return [Verdict(f"第 {number} 步“{said}”被规则拒绝", True, "被拒绝", f"被拒绝（规则 {actual}）", step.node.line)]
    passed = error.rule is not None and RuleNumber.parse(step.refusing_rule).contains(RuleNumber.parse(actual))
    what = f"第 {number} 步“{said}”由规则 {step.refusing_rule} 拒绝"
    return [Verdict(what, passed, step.refusing_rule, actual, step.node.line)]


def _at_step(number: int, result: Verdict) -> Verdict:
    return Verdict(f"第 {number} 步后：{result.description}", result.passed, result.expected, result.actual, result.line)


def board(state: GameState) -> dict[str, str]:
    """The board as labelled lines, used for the final board and for each step's changes."""
    lines = {"turn": f"第 {state.turn} 回合，{state.turn_player} 的{PHASE_NAMES[state.phase]}"}
    if state.combat:
        lines["combat"] = (
            f"战斗进行中：{state.combat.battlefield}（进攻方 {state.combat.attacker}，防守方 {state.combat.defender}）"
        )
    elif state.showdown:
        lines["showdown"] = f"法术对决进行中：{state.showdown.battlefield}（焦点 {state.showdown.focus}）"
    if state.chain:
        lines["chain"] = "结算链（由新到旧）：" + "；".join(item.label for item in reversed(state.chain))
    acting = priority_holder(state)
    if acting and (state.chain or state.in_showdown):
        lines["priority"] = f"{state_name(state)}状态，{acting} 持有优先权"
    if state.winner:
        lines["winner"] = f"{state.winner} 获胜"
    for player in state.players.values():
        lines[f"player:{player.id}"] = _player_line(state, player)
    for bf in state.battlefields.values():
        contested = f"，被 {bf.contested_by} 争夺" if bf.contested_by else ""
        card = f"（{bf.card}）" if bf.card else ""
        hidden = f"，{bf.hidden_by} 面朝下隐藏了一张牌" if bf.facedown and bf.hidden_by else ""
        lines[f"bf:{bf.name}"] = f"{bf.name}{card}：{bf.controller or '无人'}控制{contested}{hidden}"
    for unit in state.units.values():
        lines[f"unit:{unit.id}"] = _unit_line(state, unit)
    for legend in state.legends.values():
        flags = (("横置", legend.exhausted), (empowered_text(legend.empowered), legend.empowered))
        status = [flag for flag, on in flags if on]
        lines[f"legend:{legend.id}"] = f"{legend.id}（传奇，{legend.controller} 控制）：{'，'.join(status) or '就绪'}"
    return lines


def _player_line(state: GameState, player) -> str:
    trash = f"，废牌堆：{'、'.join(names(player.trash))}" if player.trash else ""
    known = [card.name for card in player.hand if card.name in state.cards]  # not the stand-ins of a counted hand
    hand = f"（{'、'.join(known)}）" if known else ""
    line = f"{player.id}：{player.points} 分，手牌 {len(player.hand)} 张{hand}，主牌堆 {len(player.deck)} 张{trash}"
    if player.runes:
        ready = sum(not rune.exhausted for rune in player.runes)
        line += f"，符文 {len(player.runes)} 张（就绪 {ready}）"
    power = sum(player.power.values())
    if player.energy or power:
        line += f"，符文池：能量 {player.energy}、符能 {power}"
    return line


def _unit_line(state: GameState, unit) -> str:
    flags = [f"战力 {might(state, unit)}", f"伤害 {unit.damage}"]
    if unit.buffs:
        flags.append("增益")
    if unit.exhausted:
        flags.append("横置")
    if unit.stunned:
        flags.append("眩晕")
    if unit.designation:
        flags.append({"attacker": "进攻方", "defender": "防守方"}[unit.designation])
    if unit.empowered:
        flags.append(empowered_text(unit.empowered))
    owned = keywords(state, unit)
    if owned:
        flags.append(" ".join(f"[{k}{' ' + str(v) if v else ''}]" for k, v in owned.items()))
    owner = f"，拥有者 {unit.owner}" if unit.owner != unit.controller else ""
    card = f"{unit.printed}，复制 {unit.card}" if unit.printed else unit.card
    return (
        f"{unit.id}（{card}，{unit.controller} 控制{owner}）在 {location_name(unit.location)}：{'，'.join(flags)}"
    )


def diff(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """Changed lines; the victory is said once, by the step's event (and in the final board)."""
    changes = []
    for key, line in after.items():
        if key == "winner":
            continue
        if key not in before:
            changes.append(f"+ {line}")
        elif before[key] != line:
            changes.append(f"~ {line}")
    changes += [f"− {line}" for key, line in before.items() if key not in after]
    return changes


def _location(unit) -> str:
    return "base" if is_base(unit.location) else unit.location


def verdict(state: GameState, trace: Trace, expectation: Expectation, seen: set[str] = frozenset()) -> Verdict:
    """*seen*: the units (ids and card names) that were on the board between steps so far."""
    data = expectation.data
    checks: list[tuple[str, object, object]] = []  # (what, expected, actual)
    if "unit" in data:
        subject = data["unit"]
        try:
            unit = find_unit(state, subject)
        except (IllegalActionError, AmbiguousReferenceError):
            unit = None
        if unit is None and not _ever_on_board(state, subject, seen):
            _stop(trace, state, f"{expectation.node}: 单位“{subject}”从未在场上出现过：对它的预期无从检验（是否写错了单位 id？）")
        for key, wanted in data.items():
            if key in ("unit", "note"):
                continue
            if key == "alive":
                checks.append(("在场", wanted, unit is not None))
            elif unit is None:
                checks.append((FIELD_NAMES[key], wanted, "已不在场上"))
            else:
                wanted = _as_read(wanted) if key == "keywords" else wanted
                checks.append((FIELD_NAMES[key], wanted, _unit_value(state, unit, key, wanted)))
    elif "player" in data and "card" not in data:
        subject = data["player"]
        player = state.players[subject]
        values = {
            "points": player.points,
            "xp": player.xp,
            "hand": len(player.hand),
            "drawn": player.drawn,
            "deck": len(player.deck),
            "trash": len(player.trash),
            "runes": len(player.runes),
            "ready_runes": sum(not rune.exhausted for rune in player.runes),
            "energy": player.energy,
            "power": sum(player.power.values()),
        }
        checks += [(FIELD_NAMES[key], wanted, values[key]) for key, wanted in data.items() if key in values]
    elif "legend" in data:
        subject = data["legend"]
        legend = state.legends[subject]
        values = {"controller": legend.controller, "exhausted": legend.exhausted, "empowered": legend.empowered}
        checks += [(FIELD_NAMES[key], wanted, values[key]) for key, wanted in data.items() if key in values]
    elif "battlefield" in data:
        subject = data["battlefield"]
        bf = state.battlefields[subject]
        facedown = bf.facedown.name if bf.facedown else None
        values = {"controller": bf.controller, "contested": bf.contested_by is not None, "facedown": facedown}
        checks += [(FIELD_NAMES[key], wanted, values[key]) for key, wanted in data.items() if key in values]
    elif "card" in data:
        subject = data["card"]
        zone = data.get("zone", "trash")
        owners = [data["player"]] if "player" in data else list(state.players)
        holders = [p for p in owners if subject in names(getattr(state.players[p], zone))]
        checks.append((f"在{ZONE_NAMES[zone]}", True, bool(holders)))
        if "mighty" in data:  # 711: cards off the board are judged by their printed might
            checks.append(("强力（按印刷战力）", data["mighty"], (state.card(subject).might or 0) >= MIGHTY))
    elif "gear" in data:
        subject = data["gear"]
        values = _gear_values(state, subject)
        checks += [(FIELD_NAMES[key], wanted, values[key]) for key, wanted in data.items() if key in values]
    elif "chain" in data:
        subject = "结算链（由新到旧）"
        checks.append(("项目", *_chain_compared(state, data["chain"])))
    elif "winner" in data:
        subject = "胜者"
        checks.append(("获胜", data["winner"], state.winner))
    else:
        key = "cites" if "cites" in data else "not_cites"
        subject = "引用的规则"
        numbers = [str(data[key])] if isinstance(data[key], str | int) else [str(n) for n in data[key]]
        cited = [RuleNumber.parse(number) for number in trace.cited()]

        def found(number: str) -> bool:  # a number matches itself and its subtree (465.2 ∋ 465.2.c.3)
            return any(RuleNumber.parse(number).contains(other) for other in cited)

        if key == "cites":
            checks.append(("引用", numbers, [n for n in numbers if found(n)]))
        else:
            checks.append(("不引用", [], [n for n in numbers if found(n)]))
    passed = all(_same(expected, actual) for _, expected, actual in checks)
    expected = "，".join(f"{what} = {_show(e)}" for what, e, _ in checks)
    actual = "，".join(f"{what} = {_show(a)}" for what, _, a in checks)
    description = f"{subject}" + (f"（{data['note']}）" if "note" in data else "")
    return Verdict(description, passed, expected, actual, expectation.node.line)


def _chain_compared(state: GameState, wanted) -> tuple[object, object]:
    """(expected, actual) for a ``chain`` expectation: a count, or the items newest first with their controllers.

    An item is named by its id (#n), its card, its source unit or its label; the actual list says each item the
    way it was expected where it matches, so a mismatch shows the two side by side.
    """
    items = list(reversed(state.chain))
    if isinstance(wanted, int):
        return wanted, len(items)
    expected, actual = [], []
    for index, entry in enumerate(wanted):
        name, controller = (entry, None) if isinstance(entry, str) else (entry["item"], entry.get("controller"))
        expected.append(f"{name}（{controller}）" if controller else name)
        if index >= len(items):
            continue
        item = items[index]
        same = name in (item.id, item.card, item.source, item.label) and controller in (None, item.controller)
        actual.append(expected[-1] if same else f"{item.label}（{item.controller}）")
    actual += [f"{item.label}（{item.controller}）" for item in items[len(wanted):]]
    return expected, actual


def _gear_values(state: GameState, name: str) -> dict:
    """A gear's controller, location (“B 的基地” or a battlefield) and the unit it is attached to (718.5.e)."""
    ref = find_gear(state, name)
    if ref is None:
        return {"controller": "不在场上", "location": "不在场上", "attached_to": "不在场上"}
    if ref.gear_id:
        loose = state.gear[ref.gear_id]
        return {"controller": loose.controller, "location": location_name(loose.location), "attached_to": None}
    unit = state.units[ref.holder]
    return {"controller": gear_controller(unit, ref.name), "location": location_name(unit.location), "attached_to": unit.id}


FIELD_NAMES = {
    "attached_to": "贴附于",
    "might": "战力",
    "damage": "伤害",
    "location": "位置",
    "controller": "控制者",
    "exhausted": "横置",
    "stunned": "眩晕",
    "buffs": "增益",
    "mighty": "强力",
    "designation": "战斗标记",
    "keywords": "关键词",
    "points": "分数",
    "xp": "经验",
    "hand": "手牌数",
    "drawn": "抓牌数",
    "deck": "主牌堆张数",
    "trash": "废牌堆张数",
    "runes": "符文数",
    "ready_runes": "就绪符文数",
    "energy": "符文池能量",
    "power": "符文池符能",
    "contested": "被争夺",
    "facedown": "面朝下的牌",
    "empowered": "强化层数",
    "name": "名称",
}
ZONE_NAMES = {"trash": "废牌堆", "hand": "手牌", "deck": "主牌堆", "banishment": "放逐区"}


def _unit_value(state: GameState, unit, key: str, wanted):
    match key:
        case "might":
            return might(state, unit)
        case "mighty":
            return is_mighty(state, unit)
        case "location":
            return _location(unit)
        case "name":  # a copy has the name of what it copies (477.1.b.1.a)
            return unit.card
        case "keywords":
            owned = keywords(state, unit)
            return {name: owned.get(name, False) for name in wanted}  # false: the unit does not have it
        case _:
            return getattr(unit, key)


def _as_read(wanted: dict) -> dict:
    """Expected keywords read as a card's are: Assault, Deflect or Shield without a value is 1 (807.1.b.3)."""
    return {name: 1 if value is None and name in SUMMED_KEYWORDS else value for name, value in wanted.items()}


def _same(expected, actual) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(_same(v, actual.get(k)) for k, v in expected.items())
    return expected == actual


def _show(value) -> str:
    if value is None:
        return "无"
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, list):
        return "、".join(map(str, value)) or "（无）"
    if isinstance(value, dict):
        return "，".join(f"{k} {_show(v)}" for k, v in value.items())
    return VALUE_NAMES.get(value, str(value)) if isinstance(value, str) else str(value)


VALUE_NAMES = {"base": "基地", "attacker": "进攻方", "defender": "防守方"}  # the scenario's English values
