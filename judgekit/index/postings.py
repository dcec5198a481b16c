"""BM25F scores of a whoosh query, computed a term at a time.

Whoosh scores a query a document at a time: every matching document walks the whole tree of matchers (a pasted
question's Or of terms, each an Or of forms, each an And of words, each an Or over five fields: some 300 leaves), and
for such a question that walk was nearly all of a search (on a home with both editions, the tournament rules, the FAQs
and the cards: about 2,000 matching documents, 0.3–1.5 s).  Here each leaf's posting list is read once, in blocks, and
scored with the same BM25F formula and the same statistics whoosh uses (the index-wide inverse document frequency
and average field length, the document's field length as the index stores it); an Or adds its parts' scores, an And
adds them over the documents every part matches, a boost multiplies, as whoosh's Union, Intersection and Wrapping
matchers do.  Anything else (a phrase, an identifier) is left to whoosh's own matcher, whose documents are few.
The scores are whoosh's to the last bits of a float (sums are added in another order);
tests/test_search_postings.py checks them against whoosh's collector.

The scores of each query part are kept (``Postings.scores``) for the searcher's lifetime, up to MAX_CACHED parts and
MAX_CACHED_SCORES scores:
the same words recur in a question's forms, in the FAQ entries it is matched against, and in the next question.
The leaves (a word or a phrase in one field: reading their postings is most of the cost, their scores are a quarter of
a question's) are kept apart, up to MAX_LEAF_SCORES, the least recently used dropped first: the parts a question
adds up from them fill the other cache in a few questions, and clearing it must not read every posting list again.
"""

from __future__ import annotations

import heapq
from collections.abc import Container
from math import log

from whoosh import query as Q
from whoosh.reading import TermNotFound
from whoosh.scoring import WeightingModel
from whoosh.util.numeric import byte_to_length

MAX_CACHED = 4096  # query parts whose scores are kept (a pasted question has some 300)
MAX_CACHED_SCORES = 400_000  # and scores, all parts together (some 30 MB; a pasted question on the reference home: 6,000–118,000)
MAX_LEAF_SCORES = 400_000  # the leaves' scores (a pasted question on the reference home: some 10,000, many shared)


class Postings:
    """Term-at-a-time scoring over the segments of *searcher* (a whoosh Searcher with a BM25F weighting)."""

    def __init__(self, searcher):
        self.searcher = searcher
        self.weighting = searcher.weighting
        self.segments = searcher.leaf_searchers()  # [(searcher of a segment, offset of its document numbers)]
        self._lengths: dict[tuple[int, str], bytes | None] = {}
        self._normalised: dict[tuple[int, str], list[float]] = {}
        self._cache: dict[tuple, dict[int, float]] = {}  # an Or's or an And's scores, by _key
        self._cached_scores = 0  # documents' scores in the cache, all parts together
        self._allowed: dict[Q.Query, frozenset[int]] = {}
        self._leaves: dict[Q.Query, dict[int, float]] = {}  # in the order last used
        self._leaf_scores = 0

    def scores(self, query: Q.Query) -> dict[int, float]:
        """Document number → score, for every document *query* matches (the result is shared: do not change it)."""
        return self._scored(query, _key(query))

    def _scored(self, query: Q.Query, key) -> dict[int, float]:
        """The scores of *query*, whose cache key (_key) is *key*: an Or adds its parts' scores, an And adds them over
        the documents every part matches, a boost multiplies."""
        if not isinstance(query, (Q.Or, Q.And)):
            return self._leaf(query)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        parts = [self._scored(part, part_key) for part, part_key in zip(query.subqueries, key[2])]
        if len(parts) == 1:
            found = parts[0]  # whoosh's matcher drops the boost of a lone part
        else:
            found = _boosted(_summed(parts) if isinstance(query, Q.Or) else _intersected(parts), query.boost)
        if len(self._cache) >= MAX_CACHED or self._cached_scores + len(found) > MAX_CACHED_SCORES:
            self._cache.clear()
            self._cached_scores = 0
        self._cache[key] = found
        self._cached_scores += len(found)
        return found

    def _leaf(self, query: Q.Query) -> dict[int, float]:
        """The scores of a word or a phrase in one field (or another query whoosh matches), kept apart, the least
        recently used dropped first."""
        found = self._leaves.pop(query, None)
        if found is None:
            boost = getattr(query, "boost", 1.0)
            if isinstance(query, Q.Term) and self._scorable(query.fieldname):
                found = _boosted(self._term(query.fieldname, query.text), boost)
            else:
                found = _boosted(self._matched(query.with_boost(1.0)), boost)
            self._leaf_scores += len(found)
            while self._leaf_scores > MAX_LEAF_SCORES and self._leaves:
                self._leaf_scores -= len(self._leaves.pop(next(iter(self._leaves))))
        self._leaves[query] = found
        return found

    def top(self, query: Q.Query, limit: int, mask: Q.Query | None = None) -> list[tuple[int, float]]:
        """The *limit* best (document number, score) of *query* within *mask*, best first; among equal scores the lower
        document number first, as whoosh's collector ranks them."""
        found = self.scores(query)
        if mask is not None:
            allowed = self.allowed(mask)
            found = {doc: score for doc, score in found.items() if doc in allowed}
        if len(found) > limit:  # the limit-th best score, then every document scoring as much (ties kept whole)
            least = heapq.nlargest(limit, found.values())[-1]
            found = {doc: score for doc, score in found.items() if score >= least}
        return sorted(found.items(), key=lambda pair: (-pair[1], pair[0]))[:limit]

    def allowed(self, mask: Q.Query) -> frozenset[int]:
        """The documents *mask* (a filter: kinds, an edition) matches."""
        if mask not in self._allowed:
            self._allowed[mask] = frozenset(self.searcher.docs_for_query(mask))
        return self._allowed[mask]

    def _scorable(self, field: str) -> bool:
        return field in self.searcher.schema and self.searcher.schema[field].scorable

    def _term(self, field: str, text: str) -> dict[int, float]:
        """BM25F of one word in one field, for each document holding it (whoosh's BM25FScorer, term at a time)."""
        schema_field = self.searcher.schema[field]
        try:
            btext = schema_field.to_bytes(text)
        except ValueError:
            return {}
        held = []  # (segment searcher, offset, its postings' blocks) of each segment holding the word
        frequency = 0
        for searcher, offset in self.segments:
            found_in = _segment_postings(searcher.reader(), field, btext)
            if found_in is not None:
                held.append((searcher, offset, found_in[1]))
                frequency += found_in[0]
        if not held:
            return {}
        idf = self._idf(field, btext, frequency)
        k1_plus = _parameters(self.weighting, field)[1] + 1
        found: dict[int, float] = {}
        for searcher, offset, blocks in held:
            norms = self._norms(searcher, offset, field)
            for ids, weights in blocks:
                found.update({doc + offset: idf * ((weight * k1_plus) / (weight + norms[doc]))
                              for doc, weight in zip(ids, weights)})
        return found

    def _idf(self, field: str, btext: bytes, frequency: int) -> float:
        """The word's inverse document frequency as the weighting reckons it, from its *frequency* (the documents holding
        it, deleted ones included, as whoosh counts them) when the weighting is whoosh's own: no look-up more."""
        if type(self.weighting).idf is WeightingModel.idf:
            return log(self.searcher.doc_count_all() / (frequency + 1)) + 1
        return self.searcher.idf(field, btext)

    def _norms(self, searcher, offset: int, field: str) -> list[float]:
        """BM25F's length normalisation of each document of the segment for *field*, K1 · ((1 − B) + B · length / average
        length), as whoosh's BM25FScorer computes it for a posting: once a segment and field, not once a posting."""
        key = (offset, field)
        norms = self._normalised.get(key)
        if norms is None:
            b, k1 = _parameters(self.weighting, field)
            avgfl = self.searcher.avg_field_length(field) or 1
            lengths = self._length_bytes(searcher, offset, field)
            if lengths is not None:  # a length byte stands for one of 256 lengths: each normalised once
                table = [k1 * ((1 - b) + b * byte_to_length(byte) / avgfl) for byte in range(256)]
                # a document past the column, or of length byte 0, holds nothing of the field: no posting reads it
                norms = [table[byte] for byte in lengths] + [table[0]] * (searcher.doc_count_all() - len(lengths))
            else:
                norms = [k1 * ((1 - b) + b * (searcher.doc_field_length(doc, field, 1) or 0) / avgfl)
                         for doc in range(searcher.doc_count_all())]
            self._normalised[key] = norms
        return norms

    def _length_bytes(self, searcher, offset: int, field: str) -> bytes | None:
        """The field's length byte of each document of the segment, read at once (None: read one at a time)."""
        key = (offset, field)
        if key not in self._lengths:
            self._lengths[key] = _length_column(searcher.reader(), field)
        return self._lengths[key]

    def _matched(self, query: Q.Query) -> dict[int, float]:
        """What whoosh's own matcher scores *query* (a phrase, an identifier term), document by document."""
        found: dict[int, float] = {}
        for searcher, offset in self.segments:
            matcher = query.matcher(searcher, searcher.context(weighting=self.weighting))
            while matcher.is_active():
                found[matcher.id() + offset] = matcher.score()
                matcher.next()
        return found


def _parameters(weighting, field: str) -> tuple[float, float]:
    """BM25F's B (of the field, when set) and K1."""
    return getattr(weighting, "_field_B", {}).get(field, weighting.B), weighting.K1


def _key(query: Q.Query):
    """What the scores of *query* are kept under: an Or or an And as a tuple of its kind, boost and parts' keys (hashed
    and compared at C speed; whoosh hashes and compares a query's whole tree in Python at every look-up), a leaf as
    itself."""
    if isinstance(query, (Q.Or, Q.And)):
        return type(query), query.boost, tuple(_key(part) for part in query.subqueries)
    return query


def _boosted(found: dict[int, float], boost: float) -> dict[int, float]:
    return {doc: score * boost for doc, score in found.items()} if boost != 1.0 else found


def _summed(parts: list[dict[int, float]]) -> dict[int, float]:
    parts = [part for part in parts if part]
    if not parts:
        return {}
    if len(parts) == 1:
        return parts[0]
    total = dict(parts[0])
    for part in parts[1:]:
        for doc, score in part.items():
            total[doc] = total[doc] + score if doc in total else score
    return total


def _intersected(parts: list[dict[int, float]]) -> dict[int, float]:
    if not parts or not all(parts):
        return {}
    if len(parts) == 1:
        return parts[0]
    smallest = min(parts, key=len)
    common = [doc for doc in smallest if all(doc in part for part in parts)]
    return {doc: sum(part[doc] for part in parts) for doc in common}


def _segment_postings(reader, field: str, btext: bytes):
    """(how many documents hold the word, its postings' blocks) in the field of the segment *reader*, None when it holds
    none: one look-up of the word (its term info) instead of whoosh's three (held?, how often?, postings).  Without
    whoosh 3's term reader, through the reader's own calls."""
    terms = getattr(reader, "_terms", None)
    try:
        info = terms.term_info(field, btext)
        matcher = terms._codec.postings_reader(terms._postfile, info, reader.schema[field].format, term=(field, btext))
        deleted = reader.deleted_docs_set
    except TermNotFound:
        return None
    except AttributeError:
        if (field, btext) not in reader:
            return None
        return reader.doc_frequency(field, btext), _posting_blocks(reader.postings(field, btext))
    return info.doc_frequency(), _posting_blocks(matcher, deleted)


def _posting_blocks(matcher, deleted: Container[int] = ()):
    """(document numbers, weights) of the postings of *matcher*, a block at a time, the *deleted* documents left out.
    Whoosh's block matcher is read a block at a time (its ids and weights decoded once per block); any other matcher
    (a short inlined list) one posting at a time, as one block.  A matcher filtering out deleted documents is unwrapped
    and its documents left out here."""
    while hasattr(matcher, "child") and not hasattr(matcher, "_read_ids"):  # FilterMatcher: the deleted documents
        deleted = getattr(matcher, "_ids", deleted)
        matcher = matcher.child
    if hasattr(matcher, "_read_ids") and hasattr(matcher, "_next_block"):
        while matcher.is_active():
            matcher._read_ids()
            matcher._read_weights()
            ids, weights = matcher._ids, matcher._weights
            if deleted:
                kept = [(doc, weight) for doc, weight in zip(ids, weights) if doc not in deleted]
                yield [doc for doc, _ in kept], [weight for _, weight in kept]
            else:
                yield ids, weights
            matcher._next_block()
        return
    ids, weights = [], []
    while matcher.is_active():
        doc = matcher.id()
        if doc not in deleted:
            ids.append(doc)
            weights.append(matcher.weight())
        matcher.next()
    yield ids, weights


def _length_column(reader, field: str) -> bytes | None:
    """The length bytes of *field* for every document of the segment *reader* (whoosh 3's one-byte column)."""
    try:
        from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield

        perdoc = reader._perdoc
        column = perdoc._cached_reader(_lenfield(field), LENGTHS_COLUMN)
        if column is None or column._fixedlen != 1:
            return None
        return bytes(column._dbfile.get(column._basepos, column._count))
    except (AttributeError, ImportError, TypeError):
        return None
