"""Term-at-a-time scoring (judgekit/index/postings.py) against whoosh's own collector: same documents, same scores,
same matched words — on an index of several segments with deleted documents, and on the bundled index's questions."""

from __future__ import annotations

import pytest
from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.fields import ID, TEXT, Schema
from whoosh.scoring import BM25F

from judgekit.index.postings import Postings
from judgekit.index.search import CANDIDATES, FACT_WEIGHT, FIELD_BOOSTS

WORDS = "unit spell play cost buff might damage combat showdown chain attack defend move battlefield base hand deck"


def _whoosh_scores(searcher, query, mask=None) -> dict[int, float]:
    results = searcher.search(query, limit=None, filter=mask)
    return {hit.docnum: hit.score for hit in results}


def _assert_same(found: dict[int, float], expected: dict[int, float]) -> None:
    assert found.keys() == expected.keys()
    for doc, score in expected.items():
        assert found[doc] == pytest.approx(score, rel=1e-9), doc


@pytest.fixture(scope="module")
def segmented(tmp_path_factory):
    """An index of three segments (committed without merging), some documents deleted in each."""
    folder = tmp_path_factory.mktemp("segments")
    schema = Schema(uid=ID(stored=True, unique=True), kind=ID(stored=True), title=TEXT(stored=True), body=TEXT(stored=True))
    ix = whoosh_index.create_in(folder, schema)
    words = WORDS.split()
    number = 0
    for segment in range(3):
        writer = ix.writer()
        for _ in range(120):
            body = " ".join(words[(number * k + segment) % len(words)] for k in range(1, 4 + number % 9))
            writer.add_document(uid=f"d{number}", kind=("rule", "faq")[number % 2], title=words[number % len(words)],
                                body=body)
            number += 1
        writer.commit(merge=False)
    writer = ix.writer()
    for doc in range(0, number, 7):
        writer.delete_by_term("uid", f"d{doc}")
    writer.commit(merge=False)
    searcher = ix.searcher(weighting=BM25F())
    assert len(searcher.leaf_searchers()) >= 3 and searcher.reader().has_deletions()
    yield searcher
    searcher.close()


QUERIES = [
    Q.Term("body", "unit"),
    Q.Term("title", "spell", boost=6.0),
    Q.Or([Q.Term("title", "cost", boost=6.0), Q.Term("body", "cost")]),
    Q.And([Q.Or([Q.Term("body", "play"), Q.Term("title", "play", boost=6.0)]), Q.Term("body", "buff")]),
    Q.Or([Q.Or([Q.Term("body", "might"), Q.Term("body", "damage")], boost=0.5),
          Q.And([Q.Term("body", "combat"), Q.Term("body", "showdown")], boost=2.0)]),
    Q.Or([Q.Phrase("body", ["unit", "spell"]), Q.Term("body", "deck")]),
    Q.And([Q.Or([Q.Term("uid", "d3"), Q.Term("uid", "d10"), Q.Term("uid", "d200")]), Q.Term("body", "unit")]),
    Q.Term("body", "nowhere"),
    Q.Or([Q.Or([Q.Term("body", "hand")], boost=0.5), Q.And([Q.Term("body", "base")], boost=3.0)]),  # lone parts
]


@pytest.mark.parametrize("number", range(len(QUERIES)))
def test_scores_match_whoosh_across_segments_and_deletions(segmented, number):
    query = QUERIES[number]
    _assert_same(Postings(segmented).scores(query), _whoosh_scores(segmented, query))


def test_top_within_a_mask_is_whoosh_collectors(segmented):
    query, mask = Q.Or([Q.Term("body", "unit"), Q.Term("body", "move")]), Q.Term("kind", "faq")
    expected = [(hit.docnum, hit.score) for hit in segmented.search(query, limit=15, filter=mask)]
    found = Postings(segmented).top(query, 15, mask)
    assert [doc for doc, _ in found] == [doc for doc, _ in expected]
    assert [score for _, score in found] == pytest.approx([score for _, score in expected], rel=1e-9)


SEARCHED = ["回响 费用", "强攻", "Assault", "单位最多能有几个增益？", "燃尽 伤害", "结算链 法术对决 优先权",
            "standard move", "how many buffs can a unit have?", "can I score the same battlefield twice in one turn?"]


@pytest.mark.parametrize("text", SEARCHED)
def test_candidates_are_whoosh_collectors(index, text):
    """The candidates a search re-ranks: whoosh's best CANDIDATES with their scores, and the words each holds as
    whoosh's matched terms say."""
    query = index.understood(text)
    weighed = [(index._forms(term.alternatives), 1.0) for term in query.terms]
    weighed.append((index._forms(("增益",)), FACT_WEIGHT))  # a card's facts: a part of its own, boosted below one
    weighed = [(alts, weight) for alts, weight in weighed if alts]
    forms = [(index._alternative_query(alt), frozenset(tokens)) for alts, _ in weighed for alt, tokens in alts]
    either = Q.Or([Q.Or([index._alternative_query(alt) for alt, _ in alts], boost=weight) for alts, weight in weighed])
    collector = index.searcher.collector(limit=CANDIDATES, terms=True, optimize=False)
    index.searcher.search_with_collector(either, collector)
    expected = collector.results()
    found = index._collected(either, None, forms)
    assert len(found) == len(expected) > 0
    assert [c.score for c in found] == pytest.approx([hit.score for hit in expected], rel=1e-9)
    assert [c["uid"] for c in found] == [hit["uid"] for hit in expected]
    for candidate, hit in zip(found, expected):
        words = {text.decode() if isinstance(text, bytes) else text for field, text in hit.matched_terms()}
        assert candidate.matched == words & set().union(*(tokens for _, tokens in forms)), hit["uid"]


def test_fields_searched_are_scorable(index):
    """Every field a search scores by term is one whoosh keeps lengths for (else whoosh's own matcher scores it)."""
    assert all(index.searcher.schema[field].scorable for field in FIELD_BOOSTS)


def test_cached_scores_stay_within_their_bound(segmented, monkeypatch):
    """A long-running process keeps at most MAX_CACHED_SCORES scores of parts and MAX_LEAF_SCORES of leaves (words and
    phrases in one field), and a part scored again scores the same."""
    from judgekit.index import postings

    monkeypatch.setattr(postings, "MAX_CACHED_SCORES", 300)
    monkeypatch.setattr(postings, "MAX_LEAF_SCORES", 200)
    scoring = Postings(segmented)
    for _ in range(2):
        for query in QUERIES:
            _assert_same(scoring.scores(query), _whoosh_scores(segmented, query))
            assert scoring._cached_scores <= 300
            assert scoring._leaf_scores == sum(len(found) for found in scoring._leaves.values()) <= 200
