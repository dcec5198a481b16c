"""Renumbering maps: the time to build one, and ``diff`` / ``rule --history`` in a cold process.

Prints measured figures against the targets of docs/editions.md:

* matching two full editions (v1.3 → v1.4 of the English Core Rules, 2,088 and 2,381 rules) <= 5 s
* ``judgekit diff en-2025-10-01 en-2026-07-16`` (four maps composed), cold process, median <= 300 ms
* ``judgekit rule 809.1.c -e en-2026-07-16 --history``, cold process, median <= 300 ms

Needs ../shared/reference (the four history editions and the 2026-07 Markdown are imported first,
which takes a minute).  Usage: python benchmarks/bench_editions.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from _timing import cold, command, conditions, report, scratch_home

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
DOCUMENTS = sorted((REFERENCE / "rules-history").glob("core-rules-en-v1.*.txt")) + [
    REFERENCE / "core-rules-en-2026-07-16.md"
]
PAIR = ("en-2026-03-30", "en-2026-06-18")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    options = parser.parse_args()
    if not all(path.exists() for path in DOCUMENTS):
        print(f"skipped: the reference documents are not in {REFERENCE}")
        return 0

    with scratch_home("judgekit-bench-editions-") as (home, env):
        folder = Path(home) / "documents"
        folder.mkdir()
        for path in DOCUMENTS:
            (folder / path.name).symlink_to(path)
        subprocess.run(command() + ["import", str(folder)], env=env, stdout=subprocess.DEVNULL, check=True)
        conditions()

        os.environ["JUDGEKIT_HOME"] = home
        from judgekit.corpus import Workspace, load
        from judgekit.editions.match import Rule, classify, match
        from judgekit.index.store import Store

        store = Store.open(Workspace.default(), load(Workspace.default()))
        sides = [
            [Rule(r["ref"], r["parent"], " ".join(filter(None, (r["title"], r["text"]))))
             for r in store.db.execute("select * from rules where edition = ? order by sort_key", (edition,))]
            for edition in PAIR
        ]
        builds = []
        for _ in range(3):
            start = time.perf_counter()
            classify(match(*sides), *({r.ref: r.text for r in side} for side in sides))
            builds.append((time.perf_counter() - start) * 1000)
        sizes = " and ".join(f"{len(side):,}" for side in sides)
        results = [
            report(f"map {PAIR[0]} → {PAIR[1]} ({sizes} rules)", builds, 5000),
            report("judgekit diff, four maps composed (cold)",
                   cold(["diff", "en-2025-10-01", "en-2026-07-16"], options.runs, env), 300),
            report("judgekit rule --history (cold)",
                   cold(["rule", "809.1.c", "-e", "en-2026-07-16", "--history"], options.runs, env), 300),
        ]
        stored = store.db.execute("select old, new, seconds from edition_pairs").fetchall()
        for row in stored:
            print(f"  stored while importing: {row['old']} → {row['new']} in {row['seconds'] * 1000:.0f} ms")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
