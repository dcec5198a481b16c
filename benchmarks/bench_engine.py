"""Speed of the engine (issue 15): start-up, generating a decision's options, a long chain.

Prints measured figures against the targets:

* ``judgekit run`` on an example, cold process, median <= 3 x the start-up of a bare ``python -c
  "import typer, sqlite3"`` process (both printed); both with their bytecode cached, as after a pip
  install, even where PYTHONDONTWRITEBYTECODE is set (then every process compiles what it imports)
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
from bench_run import EXAMPLE, chain_script

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "disputes").glob("*.yaml")) + sorted((ROOT / "examples" / "faq").glob("*.yaml"))


def bare_start(runs: int, env: dict) -> list[float]:
    """Wall milliseconds of a new Python process that imports typer and sqlite3 and does nothing else."""

    def once(_) -> None:
        subprocess.run([sys.executable, "-c", "import typer, sqlite3"], env=env, check=True)

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


def chain_run(path: Path, steps: int, rounds: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of parsing and running the script at *path* in this process; the CPU time says
    what the run costs when other processes share the machine."""
    from judgekit.scenarios import runner, scenario

    wall, cpu = [], []
    for _ in range(rounds):
        started, used = time.perf_counter(), time.process_time()
        trace = runner.run(scenario.load(path))
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
        assert len(trace.steps) == steps and trace.passed
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--example", type=Path, default=EXAMPLE)
    options = parser.parse_args()

    with scratch_home("judgekit-bench-") as (home, env):
        env = {key: value for key, value in env.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(home) / "bytecode")
        chained = Path(home) / "chain.yaml"
        chained.write_text(chain_script(1000), encoding="utf-8")
        subprocess.run(command() + ["run", str(options.example)], env=env, stdout=subprocess.DEVNULL, check=True)
        bare_start(1, env)  # the bytecode of both written once
        conditions()
        print("the cold processes below read their bytecode from the scratch home's cache")
        bare = statistics.median(bare_start(options.runs, env))
        label = 'bare python -c "import typer, sqlite3" (cold)'
        print(f"{label:<44} median {bare:7.1f} ms")
        run_times = cold(["run", str(options.example)], options.runs, env)
        results = [report(f"judgekit run {options.example.name} (cold)", run_times, 3 * bare)]

        states = decision_states()
        times, generated, slowest = option_times(states, 3)
        results.append(report("every option of a decision, examples", times, 5, measure="p50"))
        print(f"  {len(states)} decisions, {generated} options in all; p99 {percentile(times, 0.99):.1f} ms; "
              f"slowest: {slowest}")
        wall, cpu = chain_run(chained, 1000, 5)
        results.append(report("1,000-step chain script, parse + run in process", wall, 1000))
        print(f"  CPU time of the same runs: median {statistics.median(cpu):.0f} ms")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
