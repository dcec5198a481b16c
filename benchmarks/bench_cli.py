"""Start-up and query latency of the judgekit command line.

Prints measured figures against the targets of docs/performance.md:

* ``judgekit rule 820.1``, cold process, median wall <= 100 ms
* ``judgekit search 回响``, cold process, median wall <= 400 ms
* a warm query in one process, p50 <= 15 ms

Usage: python benchmarks/bench_cli.py [--runs N] [--import PATH [--edition ID]] ...
(--import measures with complete documents imported, e.g. the English Core Rules or a
folder of FAQs; repeat it, each --edition going with the --import before it, or
leave --edition out to take the edition from the documents' headers.)
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
from pathlib import Path

from _timing import cold, command, conditions, each_ms, percentile, report, scratch_home

QUERIES = ["回响", "回响 费用", "强攻", "Assault", "迴響", "结算链", "法术对决", "增益", "待命 战场", "Deflect",
           "额外伤害", "强力单位", "灵魂折镜", "壁垒 伤害", "指示物", "费用 法术",
           "465.2.c", "规则 820.1 回响", "征服", "hold", "单位最多能有几个增益？", "牌堆没牌了怎么办",
           "how many buffs can a unit have?", "can I score the same battlefield twice in one turn?"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--import", dest="documents", type=Path, action="append", default=[],
                        help="import this document or folder first (repeatable)")
    parser.add_argument("--edition", dest="editions", action="append", default=[],
                        help="the edition of the matching --import")
    options = parser.parse_args()

    with scratch_home("judgekit-bench-") as (home, env):
        for document, edition in itertools.zip_longest(options.documents, options.editions):
            # A folder may hold files that are not documents (errata lists): refused, the rest imported.
            subprocess.run(command() + ["import", str(document), *(["--edition", edition] if edition else [])],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        subprocess.run(command() + ["search", "回响"], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)  # builds the store and the index once
        conditions()
        results = [
            report("judgekit rule 820.1 (cold process)", cold(["rule", "820.1"], options.runs, env), 100),
            report("judgekit search 回响 (cold process)", cold(["search", "回响"], options.runs, env), 400),
        ]

        os.environ["JUDGEKIT_HOME"] = home
        from judgekit.corpus import Workspace, load
        from judgekit.index.search import SearchIndex
        from judgekit.index.store import Store

        workspace = Workspace.default()
        store = Store.open(workspace, load(workspace))
        index = SearchIndex.open(workspace, store)
        for query in QUERIES:  # first use loads jieba's dictionary and OpenCC
            index.search(query)
        warm = each_ms(index.search, QUERIES, 10)
        results.append(report(f"warm search, {len(QUERIES)} queries x 10", warm, 15, "p50"))
        lookups = each_ms(store.rule, ("820.1", "723", "206", "054.2", "701"), 20)
        print(f"{'warm rule lookup (store.rule)':<44} p50 {percentile(lookups, 0.5):7.2f} ms")
        index.close()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
