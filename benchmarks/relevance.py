"""Scoring the relevance set (benchmarks/relevance.toml): hit@3 and mean reciprocal rank.

Shared by benchmarks/bench_relevance.py and tests/test_relevance.py.

Each query belongs to a set: ``dev`` (the default; the ranking may be tuned
on it), ``holdout`` (written before the ranking changes it measures, never
tuned on), ``bundled`` (Chinese queries answered by the bundled
zh-2026-10-10 excerpt, run with nothing imported), ``cards`` (held-out
questions naming cards, run with the reference card data imported) or
``pasted`` (FAQ questions pasted whole, written before the ranking work of
issue 18 and never tuned on), ``pasted-dev`` (questions pasted the same way,
written during that work, tuned on), or ``faq-dev`` / ``faq-holdout`` (questions quoted from the reference
FAQs the project does not bundle, split before any tuning: the first may be tuned on, the second never).

A question pasted from a reference FAQ is not copied here: its ``quote`` says where it stands
(``{file = "faq/zh/….txt", question = 8}``, a file of ../shared/reference, the N-th question as judgekit's
FAQ parser reads it, its “问题 2.2：” label dropped; ``sentences = [2, 2]`` for part of it), and the
question is read from that file.  Without the reference folder those queries are left out.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import NamedTuple

QUERIES = Path(__file__).with_name("relevance.toml")
REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"
_LABEL = re.compile(r"^问题\s*[\d.]+\s*[：:]\s*")  # “问题 2.2：” numbers the Origins judge FAQ's questions
_SENTENCE = re.compile(r"[^？?。]+[？?。]?")
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


def load_queries(*sets: str, reference: Path = REFERENCE) -> list[dict]:
    """The queries of *sets* (every query when none is named); a query without a set is in ``dev``.  A quoted
    question is read from *reference*; without that file it is left out."""
    queries = tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]
    chosen = [q for q in queries if not sets or q.get("set", "dev") in sets]
    return [{**q, "text": quoted_question(reference / q["quote"]["file"], q["quote"]) if "quote" in q else q["text"]}
            for q in chosen if "quote" not in q or (reference / q["quote"]["file"]).exists()]


def quoted_question(path: Path, quote: dict) -> str:
    """The question *quote* points at in the FAQ file at *path*: its ``question``-th, label dropped, and only its
    ``sentences`` (first and last, counted from 1) when given."""
    question = _LABEL.sub("", faq_questions(path)[quote["question"] - 1])
    if "sentences" not in quote:
        return question
    first, last = quote["sentences"]
    return "".join(_SENTENCE.findall(question)[first - 1:last])


@cache
def faq_questions(path: Path) -> tuple[str, ...]:
    """The questions of the FAQ file at *path*, in order, as judgekit's FAQ parser reads them."""
    from judgekit.corpus.parsers import faq

    return tuple(entry.question for entry in faq.parse(path.read_text(encoding="utf-8")).faqs)


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
