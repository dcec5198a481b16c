"""Compiled catalog cards, against the targets of issue 16 (docs/card-compiler.md):

* compiling the whole catalog (every text of every card, both languages, compared): <= 2 s
* ``judgekit card CODE`` with its compiled tree, cold process, median wall <= 150 ms
* a scenario naming ten catalog cards starts no slower than the same scenario defining them inline
  (both printed: cold ``judgekit run``, and ``scenario.load`` warm in one process)

Usage: python benchmarks/bench_catalog_scenario.py [--runs N] [--cards FOLDER]
(FOLDER holds the card files; default ../shared/reference/cards.)
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import cold, command, conditions, each_ms, report, scratch_home

TEN = 10


def scenario_text(codes: list[str], inline: dict | None) -> str:
    """A scenario whose player holds the ten cards and plays nothing: its start is what is timed."""
    data = {"title": "十张卡牌资料中的牌", "state": {"turn": {"player": "A", "phase": "main"}, "players": {
        "A": {"hand": codes}, "B": {}}, "battlefields": [{"name": "东"}]}, "script": [{"end_turn": None}],
        "expect": []}
    if inline is not None:
        data = {"title": data["title"], "cards": inline, **{k: v for k, v in data.items() if k != "title"}}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def compile_time(database: Path) -> float:
    """Seconds to compile every card of a built store again (on an in-memory copy)."""
    from judgekit.cards.trees import write_trees

    copy = sqlite3.connect(":memory:")
    sqlite3.connect(database).backup(copy)
    copy.executescript("drop table card_trees; drop table card_compiled;")
    start = time.perf_counter()
    write_trees(copy)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--cards", type=Path, default=Path(__file__).resolve().parents[2] / "shared/reference/cards")
    options = parser.parse_args()
    conditions()
    with scratch_home("judgekit-bench-catalog-") as (home, env):
        subprocess.run(command() + ["import", str(options.cards)], env=env, stdout=subprocess.DEVNULL, check=True)
        os.environ["JUDGEKIT_HOME"] = home
        from judgekit.cards.registry import database
        from judgekit.corpus import Workspace
        from judgekit.scenarios import scenario

        path = database(Workspace.default())
        seconds = compile_time(path)
        ok = seconds <= 2
        print(f"{'compile the whole catalog (in process)':<44} {seconds * 1000:7.0f} ms  (target <= 2000 ms) "
              f"{'OK' if ok else 'OVER'}")
        results = [ok]
        rows = sqlite3.connect(path).execute(
            "select card_id, tree from card_trees where status = 'compiled' and tree like '%\"abilities\"%' "
            "and tree like '%\"type\": \"unit\"%' order by card_id limit ?", (TEN,)).fetchall()
        codes = [code for code, _ in rows]
        cold(["card", codes[0]], 1, env, check=False)
        results.append(report(f"judgekit card {codes[0]} (cold process)", cold(["card", codes[0]], options.runs, env),
                              150))
        named, inline = Path(home) / "named.yaml", Path(home) / "inline.yaml"
        named.write_text(scenario_text(codes, None), encoding="utf-8")
        inline.write_text(scenario_text(codes, {code: json.loads(tree) for code, tree in rows}), encoding="utf-8")
        times = {}
        for label, file in (("ten catalog cards named", named), ("the same ten defined inline", inline)):
            cold(["run", str(file)], 1, env)
            times[label] = cold(["run", str(file)], options.runs, env)
            report(f"judgekit run, {label} (cold)", times[label], 10_000)
        named_ms, inline_ms = (sorted(t)[len(t) // 2] for t in times.values())
        ok = named_ms <= inline_ms * 1.10  # no slower, within the noise of a loaded machine
        print(f"{'named vs inline, median':<44} {named_ms:7.1f} ms vs {inline_ms:7.1f} ms  {'OK' if ok else 'OVER'}")
        results.append(ok)
        for label, file in (("named", named), ("inline", inline)):
            warm = each_ms(lambda f: scenario.load(f), [file], options.runs)
            print(f"{'scenario.load, ten cards ' + label + ' (warm)':<44} median {sorted(warm)[len(warm) // 2]:7.1f} ms")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
