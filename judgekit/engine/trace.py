"""The record of a run: steps, the events in each, and the rules each event applied.

One ``Trace`` is rendered as text, Markdown or JSON (``scenarios.report``); the
renderings never recompute anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgekit.engine.rules import REFS, EndlessLoopError


@dataclass(frozen=True)
class Event:
    """One thing that happened, with the rules that made it happen."""

    text: str
    rules: tuple[str, ...]  # keys of rules.REFS
    default: bool = False  # the engine made a choice the script left open

    @property
    def numbers(self) -> tuple[str, ...]:
        return tuple(REFS[key].number for key in self.rules)


# More events than one scripted action can set off in any real interaction: the engine stops there
# instead of running forever when abilities trigger each other without end.
MAX_EVENTS_PER_STEP = 20_000


class Log:
    """Collects the events of one transition."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, text: str, *rules: str, default: bool = False) -> None:
        unknown = [key for key in rules if key not in REFS]
        if unknown:
            raise KeyError(f"rule keys not in rules.REFS: {unknown}")
        if len(self.events) >= MAX_EVENTS_PER_STEP:
            last = "；".join(event.text for event in self.events[-3:])
            raise EndlessLoopError(
                f"这一步引起了超过 {MAX_EVENTS_PER_STEP} 个事件，牌的能力很可能在无限地互相触发（最后几件：{last}）；"
                "请检查卡牌定义中的触发条件与费用"
            )
        self.events.append(Event(text, tuple(dict.fromkeys(rules)), default))


@dataclass(frozen=True)
class Step:
    """One step of a script: its action, what happened and what changed on the board."""

    number: int
    action: str
    line: int | None
    events: tuple[Event, ...]
    changes: tuple[str, ...]
    refused: str | None = None  # an illegal action the script expected to be refused
    options: tuple[str, ...] = ()  # with --explain: the decision before the step and its legal options


@dataclass(frozen=True)
class Verdict:
    """One expectation of a scenario, checked: what was expected and what the run gave."""

    description: str
    passed: bool
    expected: str
    actual: str
    line: int | None


@dataclass
class Trace:
    """A scenario's run, step by step, with its verdicts: what the report renders."""

    title: str
    question: str
    edition: str
    source: str
    initial: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    final: list[str] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    stopped: str | None = None  # why the run ended at a step (the scenario is invalid from there)
    conflict: dict | None = None  # the scenario's statement that the FAQ and the rules disagree, and who wins
    approximated: tuple[tuple[str, str], ...] = ()  # (card, what its definition only approximates)
    pending: dict | None = None  # the question the run stopped at: kind, player, what, options, how to answer

    @property
    def passed(self) -> bool:
        return self.stopped is None and all(verdict.passed for verdict in self.verdicts)

    def cited(self) -> list[str]:
        """Every rule number the trace cites, in order of first citation."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for event in step.events:
                seen.update(dict.fromkeys(event.numbers))
        return list(seen)
