"""Card compiler speed, against issue 16's target: compiling the whole catalog <= 2 s.

Imports the reference card files and errata into a scratch home, reads every card's primary
source (Chinese, else English) once, then times ``compile_card`` over all of them (split, compile,
render, gate), best of --runs rounds, in one process.

Usage: python benchmarks/bench_compiler.py [--runs N] [--reference FOLDER]
(FOLDER is ../shared/reference by default.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # judgekit from this checkout
from _timing import command, conditions, scratch_home

TARGET_SECONDS = 2.0


def imports(reference: Path) -> list[list[str]]:
    cards = reference / "cards"
    overlay = json.loads(next(cards.glob("errata-overlay-*.json")).read_text(encoding="utf-8"))
    dates = {d["slug"]: d["announced_on"] for d in overlay["errata_documents"]}
    found = [[str(path)] for path in sorted(cards.glob("*.json"))]
    found += [[str(path)] for path in sorted((reference / "faq" / "zh").glob("errata-zh-*.txt"))]
    found += [[str(path), "--date", next(date for slug, date in dates.items() if slug in path.name)]
              for path in sorted((reference / "faq" / "en").glob("errata-en-*.md"))]
    return found + [[str(cards / "names-zh-en.md")]]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reference", type=Path, default=Path(__file__).resolve().parents[2] / "shared/reference")
    options = parser.parse_args()
    conditions()
    with scratch_home("judgekit-bench-compiler-") as (home, env):
        for args in imports(options.reference):
            subprocess.run(command() + ["import", *args], env=env, stdout=subprocess.DEVNULL, check=True)
        os.environ["JUDGEKIT_HOME"] = home
        from judgekit.cards.store import open_store
        from judgekit.cardtext import compile_card
        from judgekit.cardtext.catalog import primary_sources
        from judgekit.corpus import Workspace

        start = time.perf_counter()
        sources = primary_sources(open_store(Workspace.default()))
        print(f"{'read every card from the store':<44} {(time.perf_counter() - start) * 1000:7.0f} ms "
              f"({len(sources)} cards)")
        best = float("inf")
        for _ in range(options.runs):
            start = time.perf_counter()
            results = [compile_card(source) for source in sources]
            best = min(best, time.perf_counter() - start)
        ok = best <= TARGET_SECONDS
        label = f"compile the whole catalog (best of {options.runs})"
        print(f"{label:<44} {best * 1000:7.0f} ms  "
              f"(target <= {TARGET_SECONDS * 1000:.0f} ms) {'OK' if ok else 'OVER'}")
        print("statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(r.status for r in results).items())))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
