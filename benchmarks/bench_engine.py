"""Speed of the engine (issue 15): start-up, generating a decision's options, a long chain.

Prints measured figures against the targets:

* ``judgekit run`` on an example, cold process, median <= 3 x the start-up of a bare ``python -c
  "import typer, sqlite3"`` process (both printed)
* every option of the pending decision, generated at each step of every example (disputes and FAQ),
  p50 <= 5 ms (the options counted, and the slowest state named)
* the generated 1,000-step chain script of bench_run.py (play, pass, a reaction, everyone passes),
  parsed and run in one process, <= 1 s

Usage: python benchmarks/bench_engine.py [--runs N] [--example FILE]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _timing import cold, command, conditions, each_ms, percentile, report, scratch_home
from bench_run import EXAMPLE, chain_script, in_process

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "disputes").glob("*.yaml")) + sorted((ROOT / "examples" / "faq").glob("*.yaml"))


def bare_start(runs: int) -> list[float]:
    """Wall milliseconds of a new Python process that imports typer and sqlite3 and does nothing else."""

    def once(_) -> None:
        subprocess.run([sys.executable, "-c", "import typer, sqlite3"], check=True)

    return each_ms(once, [None], runs)


def decision_states() -> list[tuple[str, object]]:
    """(where, state) before every step of every example scenario that loads; a refused step leaves it as it was."""
    from judgekit.engine.actions import apply
    from judgekit.errors import JudgekitError
    from judgekit.scenarios.scenario import load

    found = []
    for path in EXAMPLES:
        try:
            scenario = load(path)
        except JudgekitError:
            continue  # a file of the folder that is not a scenario (rulings.yaml)
        state = scenario.state
        for number, step in enumerate(scenario.script, 1):
            found.append((f"{path.name} 第 {number} 步", state))
            try:
                state, _ = apply(state, step.action)
            except JudgekitError:
                continue
    return found


def option_times(states, rounds: int) -> tuple[list[float], int, str]:
    """Milliseconds of ``decision(state)`` for each state, the options generated in all, the slowest state."""
    from judgekit.engine.actions import decision

    times, options, slowest = [], 0, ("", 0.0)
    for _ in range(rounds):
        for where, state in states:
            start = time.perf_counter()
            pending = decision(state)
            spent = (time.perf_counter() - start) * 1000
            times.append(spent)
            options += len(pending.options) if pending else 0
            slowest = max(slowest, (where, spent), key=lambda pair: pair[1])
    return times, options // rounds, f"{slowest[0]}（{slowest[1]:.1f} ms）"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--example", type=Path, default=EXAMPLE)
    options = parser.parse_args()

    with scratch_home("judgekit-bench-") as (home, env):
        chained = Path(home) / "chain.yaml"
        chained.write_text(chain_script(1000), encoding="utf-8")
        subprocess.run(command() + ["run", str(options.example)], env=env, stdout=subprocess.DEVNULL, check=True)
        conditions()
        bare = statistics.median(bare_start(options.runs))
        label = 'bare python -c "import typer, sqlite3" (cold)'
        print(f"{label:<44} median {bare:7.1f} ms")
        run_times = cold(["run", str(options.example)], options.runs, env)
        results = [report(f"judgekit run {options.example.name} (cold)", run_times, 3 * bare)]

        states = decision_states()
        times, generated, slowest = option_times(states, 3)
        results.append(report("every option of a decision, examples", times, 5, measure="p50"))
        print(f"  {len(states)} decisions, {generated} options in all; p99 {percentile(times, 0.99):.1f} ms; "
              f"slowest: {slowest}")
        results.append(report("1,000-step chain script, parse + run in process", in_process(chained, 1000), 1000))
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
