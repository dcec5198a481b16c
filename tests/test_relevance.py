"""The relevance set (benchmarks/relevance.toml) against the imported English Core Rules v1.4."""

import sys

import pytest
from conftest import ENGLISH_RULES, ROOT, needs_reference

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_relevance import open_index  # noqa: E402
from relevance import evaluate, hit_at, load_queries, mrr  # noqa: E402

pytestmark = needs_reference


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    index = open_index(tmp_path_factory.mktemp("relevance-home"), ENGLISH_RULES)
    try:
        yield {o.text: o for o in evaluate(index, load_queries())}
    finally:
        index.close()


def test_the_set_covers_languages_and_kinds_of_query():
    queries = load_queries()
    assert len(queries) >= 60
    assert {q["kind"] for q in queries} == {"keyword", "concept", "question", "number"}
    chinese = [q for q in queries if any("\u4e00" <= c <= "\u9fff" for c in q["text"])]
    assert 20 <= len(chinese) <= len(queries) - 20


def test_overall_figures(outcomes):
    everything = list(outcomes.values())
    assert hit_at(everything) >= 0.8 and mrr(everything) >= 0.75


@pytest.mark.parametrize("query, rule", [("征服", "469.1"), ("据守", "469.2"), ("conquer", "469.1"), ("hold", "469.2")])
def test_a_definition_ranks_first_in_either_language(outcomes, query, rule):
    assert outcomes[query].rank == 1 and outcomes[query].found[0] == rule


def test_numbers_and_keywords_are_always_first(outcomes):
    firsts = [o for o in outcomes.values() if o.kind in ("number", "keyword")]
    assert firsts and all(o.rank == 1 for o in firsts), [o for o in firsts if o.rank != 1]


def test_questions_are_answered_more_often_than_not(outcomes):
    questions = [o for o in outcomes.values() if o.kind == "question"]
    assert hit_at(questions, 10) >= 0.7 and hit_at(questions) >= 0.45
