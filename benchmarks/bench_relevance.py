"""Search relevance on the relevance set: hit@3 and MRR per set of queries and per kind.

Imports the English Core Rules v1.4 into a throw-away home and runs the `dev`
and `holdout` queries of benchmarks/relevance.toml against the en-2026-07-16
edition; runs the `bundled` queries in another home with nothing imported,
against the bundled zh-2026-10-10 excerpt.  The `cards` queries run against
en-2026-07-16 twice: with the reference card data (the English gallery and
the Chinese catalog) imported and recognised in the query (`cards`), and
without it (`cards, no card store`); they are skipped when the card files are
absent.

A question pasted from an FAQ entry the home holds (the Vendetta FAQ is bundled) finds the entry, and the entry
lifts the rules it cites (SearchIndex._lifted): every card set is also run with the query's own entry (its
twin: an FAQ question at least TWIN_RATIO alike) left out of the lift (`…, own FAQ entry left out`), the
figure for a question the FAQ does not already hold.

Usage: python benchmarks/bench_relevance.py [--rules ../shared/reference/core-rules-en-2026-07-16.md] [--misses]
"""

from __future__ import annotations

import argparse
import difflib
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from relevance import BUNDLED_EDITION, Outcome, evaluate, hit_at, load_queries, mrr

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"
DEFAULT_RULES = REFERENCE / "core-rules-en-2026-07-16.md"
CARD_SETS = ("cards", "pasted", "pasted-dev", "faq-dev", "faq-holdout")  # pasted FAQ questions, with and without the card data
HELD_OUT = ("holdout", "pasted", "faq-holdout")  # sets never tuned on: --misses does not list their queries
TWIN_RATIO = 0.75  # a query this alike to an FAQ entry's question is that question, pasted
CARD_FILES = (REFERENCE / "cards" / "card-gallery-en-2026-07-25.json", REFERENCE / "cards" / "card-catalog-zh-2026-04-27.json")


def open_index(home: Path, rules: Path | None = None):
    """The search index of a fresh home at *home*, with *rules* imported as en-2026-07-16 when given."""
    from relevance import EDITION

    from judgekit.corpus import Workspace, load
    from judgekit.corpus.importer import import_document
    from judgekit.index.rebuild import rebuild_for
    from judgekit.index.search import SearchIndex
    from judgekit.index.store import Store

    workspace = Workspace(home / "cache", home / "data")
    if rules is not None:
        import_document(workspace, rules, EDITION, rebuild=lambda corpus: rebuild_for(workspace, corpus))
    return SearchIndex.open(workspace, Store.open(workspace, load(workspace)))


def bundled_outcomes(home: Path) -> tuple[list[Outcome], Counter]:
    """The `bundled` outcomes, and how often each FAQ entry is among the first three hits of a query of
    any set searching every kind (an entry there for many questions wins by length, not by answering)."""
    index = open_index(home)
    try:
        crowding = Counter(hit.ref for query in load_queries() for hit in index.search(query["text"], limit=3)
                           if hit.kind == "faq")
        return evaluate(index, load_queries("bundled"), BUNDLED_EDITION), crowding
    finally:
        index.close()


def imported_outcomes(home: Path, rules: Path) -> list[Outcome]:
    index = open_index(home, rules)
    try:
        outcomes = evaluate(index, load_queries("dev", "holdout"))
        if all(path.exists() for path in CARD_FILES):
            cards = card_store(home)
            for name in CARD_SETS:
                without = evaluate(index, load_queries(name))
                outcomes += [o._replace(set=f"{name}, no card store") for o in without]
                outcomes += evaluate(index, load_queries(name), cards=cards)
                outcomes += [o._replace(set=f"{name}, own FAQ entry left out")
                             for o in evaluate_without_twins(index, load_queries(name), cards)]
        return outcomes
    finally:
        index.close()


def evaluate_without_twins(index, queries: list[dict], cards) -> list[Outcome]:
    """The outcomes of *queries*, each searched with the FAQ entry it was pasted from (if any) lifting nothing."""
    questions = {doc["ref"]: doc["title"] for doc in index.searcher.documents(kind="faq")}
    citations = index.citations
    outcomes = []
    try:
        for query in queries:
            twins = {ref for ref, question in questions.items()
                     if difflib.SequenceMatcher(None, query["text"], question).ratio() >= TWIN_RATIO}
            index.citations = {ref: cited for ref, cited in citations.items() if ref not in twins}
            outcomes += evaluate(index, [query], cards=cards)
    finally:
        index.citations = citations
    return outcomes


def card_store(home: Path):
    """The reference card files imported into the home at *home*."""
    from judgekit.cards.formats import detect_format, read_bytes
    from judgekit.cards.importer import import_card_file
    from judgekit.cards.store import open_store
    from judgekit.corpus import Workspace

    workspace = Workspace(home / "cache", home / "data")
    for path in CARD_FILES:
        import_card_file(workspace, path, detect_format(read_bytes(path)))
    return open_store(workspace)


def report(name: str, outcomes: list[Outcome]) -> None:
    print(f"{name:<18} n={len(outcomes):3d}  hit@3 {hit_at(outcomes):.3f}  MRR {mrr(outcomes):.3f}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--misses", action="store_true", help="list the queries not answered in the first three (held-out sets left out)")
    args = parser.parse_args()
    if not args.rules.exists():
        print(f"错误：{args.rules} 不存在；用 --rules 指定英文核心规则 v1.4", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as home:
        outcomes = imported_outcomes(Path(home) / "imported", args.rules)
        bundled, crowding = bundled_outcomes(Path(home) / "bundled")
        outcomes += bundled
    for name in ("dev", "holdout", "bundled", *(f"{n}{suffix}" for n in CARD_SETS
                                           for suffix in (", no card store", "", ", own FAQ entry left out"))):
        part = [o for o in outcomes if o.set == name]
        if not part:
            continue
        report(name, part)
        for kind in sorted({o.kind for o in part}):
            report(f"  {name} {kind}", [o for o in part if o.kind == kind])
    queries = len(load_queries())
    common = ", ".join(f"FAQ {ref} {count}/{queries}" for ref, count in crowding.most_common(3))
    print(f"FAQ entries most often in the first three (bundled corpus, every kind): {common}")
    if args.misses:
        for o in outcomes:
            if (not o.rank or o.rank > 3) and o.set.split(",")[0] not in HELD_OUT:
                print(f"  miss [{o.set}]: {o.text!r} expect {list(o.expect)} rank {o.rank} got {list(o.found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
