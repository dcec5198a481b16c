"""Card import and lookup speed, against the targets of docs/performance.md:

* importing the Chinese catalog plus the English gallery, fresh home: <= 5 s
* ``judgekit card NAME``, cold process, median wall <= 150 ms
* card search in one process, warm, p50 <= 15 ms

Usage: python benchmarks/bench_cards.py [--runs N] [--cards FOLDER]
(FOLDER holds the card files; default ../shared/reference/cards.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import cold, command, each_ms, percentile, report, scratch_home

NAMES = ["海兽钓钩", "德莱文", "Baited Hook", "SFD-112", "德萊文", "海兽钓沟"]
SEARCHES = ["眩晕", "战场 眩晕", "Assault", "回响", "迴響", "抽一张牌", "Deflect", "增益 单位", "待命", "摧毁 友方"]


def timed_import(files: list[Path], env: dict) -> float:
    start = time.perf_counter()
    for path in files:
        subprocess.run(command() + ["import", str(path)], env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--cards", type=Path, default=Path(__file__).resolve().parents[2] / "shared/reference/cards")
    options = parser.parse_args()
    official = [next(options.cards.glob("card-catalog-zh-*.json")), next(options.cards.glob("card-gallery-en-*.json"))]

    with scratch_home("judgekit-bench-cards-") as (home, env):
        subprocess.run(command() + ["rule", "820.1"], env=env, stdout=subprocess.DEVNULL, check=True)  # rules store
        seconds = timed_import(official, env)
        ok = seconds <= 5
        print(f"{'import zh catalog + en gallery (2 processes)':<44} {seconds * 1000:7.0f} ms  (target <= 5000 ms) "
              f"{'OK' if ok else 'OVER'}")
        results = [ok]
        for name in NAMES:
            cold(["card", name], 1, env, check=False)  # warms the file cache
            times = cold(["card", name], options.runs, env, check=False)
            results.append(report(f"judgekit card {name} (cold process)", times, 150))
        results.append(report("judgekit rule 820.1 (cold, cards imported)", cold(["rule", "820.1"], options.runs, env),
                              100))

        os.environ["JUDGEKIT_HOME"] = home
        from judgekit.cards.search import CardIndex
        from judgekit.cards.store import open_store
        from judgekit.corpus import Workspace

        workspace = Workspace.default()
        start = time.perf_counter()
        index = CardIndex.open(workspace, open_store(workspace))
        print(f"{'card search index, first build':<44} {(time.perf_counter() - start) * 1000:7.0f} ms")
        index.search("眩晕")
        times = each_ms(index.search, SEARCHES, 10)
        index.close()
        results.append(report(f"card search, warm ({len(SEARCHES)} queries x 10)", times, 15, "p50"))
        cards = open_store(workspace)
        lookups = each_ms(cards.find, NAMES[:4], 10)
        print(f"{'card lookup (find), warm, p50':<44} {statistics.median(lookups):7.2f} ms  "
              f"p90 {percentile(lookups, 0.9):7.2f} ms")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
