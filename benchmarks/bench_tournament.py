"""Cold latency of the tournament penalty commands, against the targets of issue 20.

* ``judgekit penalty 多看了牌``, cold process, median <= the median of cold ``judgekit rule 820.1`` + 50 ms
* ``judgekit penalty record PLAYER 多看了牌``, cold process, median <= 300 ms

The tournament rules are imported from a folder (by default ../shared/reference/tournament, else the
synthetic document the tests use).

Usage: python benchmarks/bench_tournament.py [--runs N] [--import PATH]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from _timing import cold, command, conditions, report, scratch_home

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "tournament"
SYNTHETIC = ROOT / "tests" / "tournament" / "tournament-rules-sample.txt"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--import", dest="document", type=Path, default=REFERENCE if REFERENCE.is_dir() else SYNTHETIC)
    options = parser.parse_args()
    with scratch_home("judgekit-bench-tournament-") as (_, env):
        print(f"tournament rules imported from {options.document}")
        subprocess.run(command() + ["import", str(options.document)], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        subprocess.run(command() + ["event", "new", "bench", "--opl", "competitive"], env=env,
                       stdout=subprocess.DEVNULL, check=True)
        subprocess.run(command() + ["rule", "820.1"], env=env, stdout=subprocess.DEVNULL, check=True)  # the store
        conditions()
        # The three commands take turns, so that each round's figures see the same load on a shared machine.
        commands = {"rule": ["rule", "820.1"], "penalty": ["penalty", "多看了牌"],
                    "record": ["penalty", "record", "选手甲", "多看了牌", "--round", "1"]}
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(options.runs):
            for name, args in commands.items():
                times[name] += cold(args, 1, env)
        baseline = statistics.median(times["rule"])
        extra = statistics.median(p - r for p, r in zip(times["penalty"], times["rule"], strict=True))
        results = [
            report("judgekit rule 820.1 (cold process)", times["rule"], 100),
            report("judgekit penalty 多看了牌 (cold process)", times["penalty"], baseline + 50),
            report("judgekit penalty record (cold process)", times["record"], 300),
        ]
        print(f"{'penalty minus rule, same round (median)':<44} {extra:+7.1f} ms  (target <= +50 ms)")
        results.append(extra <= 50)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
