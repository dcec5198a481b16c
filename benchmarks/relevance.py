"""Scoring the relevance set (benchmarks/relevance.toml): hit@3 and mean reciprocal rank.

Shared by benchmarks/bench_relevance.py and tests/test_relevance.py.

Each query belongs to a set: ``dev`` (the default; the ranking may be tuned
on it), ``holdout`` (written before the ranking changes it measures, never
tuned on), ``bundled`` (Chinese queries answered by the bundled
zh-2026-10-10 excerpt, run with nothing imported), ``cards`` (held-out
questions naming cards, run with the reference card data imported) or
``pasted`` (FAQ questions pasted whole, written before the ranking work of
issue 18 and never tuned on) or ``pasted-dev`` (questions pasted the same way,
written during that work, tuned on).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import NamedTuple

QUERIES = Path(__file__).with_name("relevance.toml")
EDITION = "en-2026-07-16"  # the numbering the expected rules are written in
BUNDLED_EDITION = "zh-2026-10-10"  # the edition the `bundled` set is written for
DEPTH = 10  # ranks beyond this count as not found


class Outcome(NamedTuple):
    text: str
    kind: str
    set: str
    expect: tuple[str, ...]
    rank: int | None  # 1-based rank of the first expected rule, None when not in the first DEPTH
    found: tuple[str, ...]  # the first three rules returned


def load_queries(*sets: str) -> list[dict]:
    """The queries of *sets* (every query when none is named); a query without a set is in ``dev``."""
    queries = tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]
    return [q for q in queries if not sets or q.get("set", "dev") in sets]


def evaluate(index, queries: list[dict], edition: str = EDITION, cards=None) -> list[Outcome]:
    """The outcome of each query; *cards* (a CardStore) lets the search recognise the cards a query names."""
    outcomes = []
    for query in queries:
        hits = index.search(query["text"], kinds=("rule",), edition=edition, limit=DEPTH, cards=cards)
        refs = [hit.ref for hit in hits]
        rank = next((n for n, ref in enumerate(refs, start=1) if ref in query["expect"]), None)
        outcomes.append(
            Outcome(query["text"], query["kind"], query.get("set", "dev"), tuple(query["expect"]), rank, tuple(refs[:3]))
        )
    return outcomes


def hit_at(outcomes: list[Outcome], k: int = 3) -> float:
    return sum(1 for o in outcomes if o.rank is not None and o.rank <= k) / len(outcomes)


def mrr(outcomes: list[Outcome]) -> float:
    return sum(1 / o.rank for o in outcomes if o.rank) / len(outcomes)
