"""Start-up and query latency of the judgekit command line.

Prints measured figures against the targets of docs/performance.md:

* ``judgekit rule 820.1``, cold process, median wall <= 100 ms
* ``judgekit search 回响``, cold process, median wall <= 400 ms
* a warm query in one process, p50 <= 15 ms

Usage: python benchmarks/bench_cli.py [--runs N] [--import PATH [--edition ID]] ... [--questions SET]
(--import measures with complete documents imported, e.g. the English Core Rules or a
folder of FAQs; repeat it, each --edition going with the --import before it, or
leave --edition out to take the edition from the documents' headers.
--questions SET also times the questions of a set of benchmarks/relevance.toml (faq-dev: questions
pasted from FAQs), with the imported cards recognised: each question's first search in the process,
after the short queries, and the same questions again, 3 rounds.)

The home of issue 18's figure:
  --import ../shared/reference/core-rules-en-2026-07-16.md --import ../shared/reference/rules-history
  --import ../shared/reference/tournament --import ../shared/reference/faq/zh --import ../shared/reference/faq/en
  --import ../shared/reference/cards
  --questions faq-dev
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
    parser.add_argument("--questions", help="also time the questions of this set of benchmarks/relevance.toml")
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
        if options.questions:
            results += _questions(workspace, index, options.questions)
        index.close()
    return 0 if all(results) else 1


def _questions(workspace, index, name: str) -> list[bool]:
    """The questions of the relevance set *name*, searched with the imported cards recognised: first time, then again."""
    from relevance import load_queries

    from judgekit.cards.registry import read_manifest
    from judgekit.cards.store import open_store

    cards = open_store(workspace) if read_manifest(workspace) else None
    texts = [query["text"] for query in load_queries(name)]
    first = each_ms(lambda text: index.search(text, cards=cards), texts, 1)
    again = each_ms(lambda text: index.search(text, cards=cards), texts, 3)
    label = f"{name} questions{'' if cards else ' (no cards imported)'}"
    return [report(f"warm search, {label}, first time", first, 15, "p50"),
            report(f"warm search, {label}, again x 3", again, 15, "p50")]


if __name__ == "__main__":
    sys.exit(main())
