"""Questions (issue 15, item 4): with ``defaults: false`` the engine answers no choice a player has.

Every scenario of examples/, tests/catalog/ and tests/abilities/ is run with defaults forced off, and the
figures are printed:

* **engine-answered choices** — events the trace marks as the engine's default although defaults are off
  (the target is 0: each one is a choice the rules give a player that the engine made);
* **questions** — the runs that stopped at a question the script does not answer (they were written with
  defaults on), by kind: the choices the scripts leave to the engine;
* **options of a question** — milliseconds to generate the pending decision of each state holding a
  question (target p50 <= 5 ms, as for every decision).

Usage: python benchmarks/bench_questions.py [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (ROOT / "examples", ROOT / "tests" / "catalog", ROOT / "tests" / "abilities")


def _question_timings(scenario, decision) -> list[float]:
    """Milliseconds of the pending decision of each state of the run that holds a question."""
    from judgekit.engine.actions import apply
    from judgekit.errors import JudgekitError

    found, state = [], scenario.state
    for step in scenario.script:
        try:
            state, _ = apply(state, step.action)
        except JudgekitError:
            break
        if state.question() is not None:
            start = time.perf_counter()
            decision(state)
            found.append((time.perf_counter() - start) * 1000)
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true", help="name the file of each engine-answered choice and question")
    verbose = parser.parse_args().verbose
    sys.path.insert(0, str(ROOT))
    from judgekit.engine.actions import decision
    from judgekit.errors import JudgekitError, ScenarioStopped
    from judgekit.scenarios import runner
    from judgekit.scenarios.scenario import load

    answered, kinds, timings, runs = [], collections.Counter(), [], 0
    for path in sorted(p for folder in FOLDERS for p in folder.rglob("*.yaml")):
        try:
            scenario = load(path)
        except JudgekitError:
            continue  # not a scenario (rulings.yaml), or one that needs the card store
        scenario.state.defaults = False
        runs += 1
        timings += _question_timings(scenario, decision)
        try:
            trace = runner.run(scenario)
        except ScenarioStopped as stopped:
            trace = stopped.trace
            if trace.pending:
                kinds[trace.pending["kind"]] += 1
                if verbose:
                    print(f"问题  {path.name}：{trace.pending['question']}")
        except JudgekitError:
            continue
        answered += [(path.name, event.text) for step in trace.steps for event in step.events if event.default]
    for name, text in answered if verbose else ():
        print(f"默认  {name}：{text}")
    print(f"scenarios run with defaults off: {runs}")
    print(f"engine-answered choices (target 0): {len(answered)}")
    print(f"runs stopped at a question: {sum(kinds.values())} — " + "、".join(f"{k} {n}" for k, n in kinds.most_common()))
    if timings:
        print(f"options of a question: p50 {statistics.median(timings):.2f} ms (n={len(timings)}, target <= 5 ms)")
    return 0 if not answered else 1


if __name__ == "__main__":
    raise SystemExit(main())
