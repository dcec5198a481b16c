"""Search relevance on the relevance set: hit@3 and MRR, overall and per kind of query.

Imports the English Core Rules v1.4 into a throw-away home and runs every query
of benchmarks/relevance.toml against the en-2026-07-16 edition.

Usage: python benchmarks/bench_relevance.py [--rules ../shared/reference/core-rules-en-2026-07-16.md] [--misses]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from relevance import EDITION, evaluate, hit_at, load_queries, mrr  # noqa: E402

DEFAULT_RULES = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "core-rules-en-2026-07-16.md"


def open_index(home: Path, rules: Path):
    from judgekit.corpus import Workspace, load
    from judgekit.corpus.importer import import_document
    from judgekit.index.rebuild import rebuild_for
    from judgekit.index.search import SearchIndex
    from judgekit.index.store import Store

    workspace = Workspace(home / "cache", home / "data")
    import_document(workspace, rules, EDITION, rebuild=lambda corpus: rebuild_for(workspace, corpus))
    return SearchIndex.open(workspace, Store.open(workspace, load(workspace)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--misses", action="store_true", help="list the queries not answered in the first three")
    args = parser.parse_args()
    if not args.rules.exists():
        print(f"错误：{args.rules} 不存在；用 --rules 指定英文核心规则 v1.4", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as home:
        index = open_index(Path(home), args.rules)
        outcomes = evaluate(index, load_queries())
        index.close()
    print(f"{'all':<10} n={len(outcomes):3d}  hit@3 {hit_at(outcomes):.3f}  MRR {mrr(outcomes):.3f}")
    for kind in sorted({o.kind for o in outcomes}):
        part = [o for o in outcomes if o.kind == kind]
        print(f"{kind:<10} n={len(part):3d}  hit@3 {hit_at(part):.3f}  MRR {mrr(part):.3f}")
    if args.misses:
        for o in outcomes:
            if not o.rank or o.rank > 3:
                print(f"  miss: {o.text!r} expect {list(o.expect)} rank {o.rank} got {list(o.found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
