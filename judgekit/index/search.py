"""Full-text search over rules, FAQ entries and the guide (whoosh, BM25F, jieba).

Each index lives in its own folder ``cache/index-<fingerprint>/`` with the
trimmed jieba dictionary it was built with.  It is built in a folder beside it
and renamed into place when complete (with the mark file ``complete``);
``cache/index.current`` names the newest.

Ranking: BM25F over title (headings, FAQ questions), breadcrumb, text and
examples, with headings weighted most; each hit is re-ranked by the rarity-
weighted share of the query's terms it holds, the terms it defines, the words
in a row, the answer a question asks for and its depth (see _ranked); the score
is then multiplied by the document's authority: rules above FAQ entries above
the unofficial guide, and the current edition above older ones.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import struct
import unicodedata
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.scoring import BM25F

from judgekit.corpus import Workspace
from judgekit.corpus.sources import TOURNAMENT
from judgekit.editions.order import older_editions
from judgekit.index.postings import Postings
from judgekit.index.query import QUESTION_WORDS, Query, Term, analyse, chinese_terms, in_vocabulary, is_filler
from judgekit.index.store import Store
from judgekit.index.tokenizer import analyzer, build_dictionary, game_terms
from judgekit.refs import RuleNumber

if TYPE_CHECKING:
    from judgekit.cards.lookup import CardStore

FIELD_BOOSTS = {"title": 6.0, "crumbs": 1.5, "body": 1.0, "examples": 0.5, "defines": 8.0}
# A term's share of the query is its rarity (inverse document frequency) raised to this power: in a long question
# the rare words (Deflect, Showdown) say what it is about more than the common ones (unit, play, cost) do.
RARITY_POWER = 1.25
# Re-ranking (see SearchIndex._ranked): a rule defining every term of the query
# scores DEFINITION_BOOST + 1 times as much; holding all terms, or the words in a row, adds more.
DEFINITION_BOOST = 3.0
ALL_TERMS_BOOST = 1.5
PHRASE_BOOST = 1.3
# A rule holding words that answer the kind of question asked (vocabulary.toml, [[intent]]) scores up to
# HINT_BOOST more, one half for each distinct hint word, two at most.
HINT_BOOST = 0.3
# A question wants the rule that answers it: a bare heading (a title without text) and a rule that only
# defines one of its words count for less than they do for a query naming a concept.
QUESTION_HEADING_FACTOR = 0.6
QUESTION_DEFINITION_BOOST = 1.0
# A sub-rule narrows the rule above it (an exception, an example, a mode of play): each level down costs a
# little, so that among rules matching alike the general statement comes first.  A question of more than
# DEPTH_TERMS terms asks something narrow (an FAQ question pasted whole): its step shrinks in proportion.
DEPTH_STEP = 0.2
DEPTH_TERMS = 4
# What the rules care about of the cards a query names (their keywords, type, tags) is one term of the query, worth
# this share of a term typed: the question may be about the card's keyword, or about something else entirely.
FACT_WEIGHT = 0.5
# A term a sub-rule does not hold but the text of the rules above it does (its subject, left unsaid: 144.1.c “This
# action cannot be performed during a Showdown” under 144's Standard Move) counts this share of one it holds.
CONTEXT_SHARE = 0.5
NUMBER_SCORE = 100.0  # a rule named by its number ranks above every match of words
# A question that matches an FAQ entry asks what the entry answers: the rules the entry cites score FAQ_LIFT of the
# entry's score (when that is more than their own), for the FAQ_LIFTERS best-matching entries whose best passage holds
# at least LIFT_SHARE of the query's terms (by count, and weighted by rarity: a card's name alone is not the question).
FAQ_LIFT = 0.9
FAQ_LIFTERS = 2
LIFT_SHARE = 2 / 3
LIFT_TERMS = 3  # only a question lifts: a keyword or two (强攻, 回响 费用) named in an entry is not the entry's question
# Tournament rules ("tr") answer procedure questions; below the core rules, so that a game question finds the game.
KIND_WEIGHTS = {"rule": 1.0, "tr": 0.8, "faq": 0.9, "guide": 0.4}
RULE_KINDS = ("rule", "tr")
EDITION_STEP = 0.05  # each rank below the current edition costs 5 %
CANDIDATES = 200  # hits re-ranked by authority before the limit is applied
MIN_PASSAGE = 20  # characters: a shorter line of an FAQ entry belongs to the passage before it
MAX_TERMS_CACHED = 20000  # texts whose analysis a SearchIndex keeps
MAX_STORED_CACHED = 5000  # documents whose stored fields a SearchIndex keeps (a pasted question reads some 250)
COMPLETE = "complete"  # written last into a finished index folder
# What reading a damaged index raises (truncated, emptied or missing segment files, a garbled table of contents).
DAMAGE = (whoosh_index.IndexError, OSError, EOFError, ValueError, struct.error, pickle.UnpicklingError)


class _Candidate(dict):
    """A document's stored fields, with its BM25F score and the words of the query it holds."""

    def __init__(self, fields: dict, score: float, matched: frozenset[str], doc: int = -1):
        super().__init__(fields)
        self.score = score
        self.matched = matched
        self.doc = doc  # the index's document number


class _Derived(NamedTuple):
    """What re-ranking reads of a document besides the query's words, worked out once a document (SearchIndex._derived)."""

    defined: frozenset[tuple[str, ...]]  # the words of each term it defines
    parts: tuple[frozenset[str], ...]  # an FAQ entry's passages, each as its words
    letters: str  # its title and text as _letters has them, for the words of a query in a row
    lowered: str  # its text lower-cased, for the hint words
    empty: bool  # a bare heading: no text
    context: frozenset[str]  # the words of the text of the rules above it


class _WordSets:
    """The forms of a term, each as its set of words: a document holds the term when it holds every word of one form."""

    __slots__ = ("several", "singles")

    def __init__(self, forms: list[frozenset[str]]):
        self.singles = frozenset(word for form in forms if len(form) == 1 for word in form)  # forms of one word
        self.several = [form for form in forms if len(form) != 1]

    def within(self, words: frozenset[str] | set[str]) -> bool:
        """Whether *words* hold every word of some form (any(form <= words), the one-word forms at once)."""
        return not self.singles.isdisjoint(words) or any(form <= words for form in self.several)


def _holders(candidates: list[_Candidate], alternatives: list[list[tuple[str, tuple[str, ...]]]]) -> list[set[int]]:
    """For each term (its forms: alternatives with their words), the candidates holding it: those whose matched words
    hold every word of one of its forms (_WordSets.within for every candidate, a set of documents at a time)."""
    by_word: dict[str, set[int]] = {}
    for candidate in candidates:
        for word in candidate.matched:
            by_word.setdefault(word, set()).add(candidate.doc)
    nobody: set[int] = set()
    return [set().union(*(set.intersection(*(by_word.get(word, nobody) for word in tokens)) for _, tokens in forms))
            for forms in alternatives]


class Hit(NamedTuple):
    kind: str  # rule | faq | guide
    ref: str  # rule number, FAQ entry number, guide section number
    edition: str | None
    title: str
    breadcrumb: str
    text: str
    snippet: str
    score: float
    authority: str
    defines: str  # the glossary terms this rule defines, if it is a definition
    languages: tuple[tuple[str, str], ...] = ()  # (edition, snippet) of the same rule in editions of its numbering
    cited_by: tuple[str, ...] = ()  # the FAQ entries matching the query that cite this rule (see SearchIndex._lifted)
    older: tuple[tuple[str, str], ...] = ()  # (edition, number) of this rule in editions a newer one replaced, folded in


def _schema(dictionary: Path) -> Schema:
    words = analyzer(dictionary)
    return Schema(
        uid=ID(stored=True, unique=True),
        kind=ID(stored=True),
        edition=ID(stored=True),
        ref=ID(stored=True),
        title=TEXT(analyzer=words, stored=True),
        crumbs=TEXT(analyzer=words, stored=True),
        body=TEXT(analyzer=words, stored=True),
        examples=TEXT(analyzer=words),
        defines=TEXT(analyzer=words, stored=True),  # glossary terms this rule defines, Chinese and English
        authority=STORED,
        weight=NUMERIC(float, stored=True),
        parts=STORED,  # an FAQ entry's passages, each as the set of its words (see faq_passages)
        context=STORED,  # the words of a rule's ancestors' text (see rule_contexts)
    )


def with_parts(document: dict, words) -> dict:
    """*document* ready to write: an FAQ entry's passages and a rule's context as the words the analyzer *words* cuts
    them into."""
    if "parts" in document:
        document = document | {"parts": [sorted({token.text for token in words(part)}) for part in document["parts"]]}
    if "context" in document:
        document = document | {"context": sorted({token.text for token in words(document["context"])})}
    return document


def rule_contexts(rules: list[tuple[str, str, str]]) -> dict[tuple[str, str], str]:
    """(edition, rule number) → the text of the rules above it, from (edition, number, text) *rules*.

    A sub-rule says what it adds to the rule above it and leaves the subject unsaid: 144.1.c “This action cannot be
    performed during a Showdown” is about the Standard Move that 144 names, 423.1.a.2 about the Stun of 423.
    """
    texts = {(edition, ref): text for edition, ref, text in rules}
    contexts = {}
    for edition, ref, _ in rules:
        segments = ref.split(".")
        above = [texts.get((edition, ".".join(segments[:end]))) for end in range(1, len(segments))]
        contexts[(edition, ref)] = "\n".join(text for text in above if text)
    return contexts


def _documents(store: Store, editions: set[str] | None = None) -> Iterator[dict]:
    """What the index holds for *store*: rules (of *editions* only, when given), FAQ entries, guide sections."""
    weights = edition_weights(store.corpus)
    names: dict[str, list[str]] = {}
    for row in store.db.execute("select zh, en from glossary"):
        names.setdefault(row["zh"], [row["zh"]]).append(row["en"])
    rows = store.db.execute(
        "select r.*, d.authority, "
        "(select group_concat(text, '\n') from examples e where e.rule_id = r.id) as ex, "
        "(select group_concat(term, '|') from definitions f where f.rule_id = r.id) as defines "
        "from rules r join documents d on d.id = r.document order by r.edition, r.sort_key"
    ).fetchall()
    rows = [r for r in rows if editions is None or r["edition"] in editions]
    contexts = rule_contexts([(r["edition"], r["ref"], r["text"] or "") for r in rows])
    for r in rows:
        kind, weight = weights[r["edition"]]
        yield {
            "uid": f"{kind}:{r['edition']}:{r['ref']}", "kind": kind, "edition": r["edition"], "ref": r["ref"],
            "title": r["title"], "crumbs": r["breadcrumb"], "body": r["text"], "examples": r["ex"] or "",
            "defines": " | ".join(n for term in (r["defines"] or "").split("|") for n in names.get(term, [term])),
            "authority": r["authority"], "weight": weight, "context": contexts[(r["edition"], r["ref"])],
        }
    for r in store.db.execute("select f.*, d.edition, d.authority from faq f join documents d on d.id = f.document"):
        yield {
            "uid": f"faq:{r['id']}", "kind": "faq", "edition": r["edition"], "ref": str(r["id"]),
            "title": r["question"], "crumbs": "", "body": f"{r['answer']}\n{r['explanation']}", "examples": "",
            "authority": r["authority"], "weight": _weight("faq", 0),
            "parts": [f"{r['question']}\n{part}" for part in faq_passages(r["answer"], r["explanation"])],
        }
    for r in store.db.execute("select g.*, d.authority from guide g join documents d on d.id = g.document"):
        yield {
            "uid": f"guide:{r['document']}:{r['number']}", "kind": "guide", "edition": "", "ref": str(r["number"]),
            "title": r["title"], "crumbs": "", "body": r["text"], "examples": "",
            "authority": r["authority"], "weight": _weight("guide", 0),
        }


def faq_passages(answer: str, explanation: str) -> list[str]:
    """An FAQ entry as the passages it is ranked on: its answer, then each paragraph of its explanation.

    The words of each passage, with the entry's question, are stored with the entry, and the entry's share
    of the query's terms is that of its best passage (see SearchIndex._ranked): a long entry does not
    match every question by holding every word somewhere.
    A line shorter than MIN_PASSAGE (a wrapped tail, a lone “5”) stays with the paragraph before it.
    """
    passages: list[str] = []
    for line in (answer or "").splitlines() + (explanation or "").splitlines():
        line = line.strip()
        if not line:
            continue
        if passages and len(line) < MIN_PASSAGE:
            passages[-1] += "\n" + line
        else:
            passages.append(line)
    return passages or [""]


def _weight(kind: str, rank: int) -> float:
    return KIND_WEIGHTS[kind] * max(0.5, 1.0 - EDITION_STEP * rank)


def edition_weights(corpus) -> dict[str, tuple[str, float]]:
    """Each edition's index kind and weight: core rules by rank, tournament rules newest first."""
    weights = {edition.id: ("rule", _weight("rule", edition.rank)) for edition in corpus.editions_of("rules")}
    for position, edition in enumerate(corpus.editions_of(TOURNAMENT)):
        weights[edition.id] = ("tr", _weight("tr", position))
    return weights


def write_dictionary(workspace: Workspace, store: Store, documents: list[dict], path: Path) -> None:
    """The trimmed jieba dictionary for *documents* (all of *store*'s) and the game's terms, written to *path*."""
    texts = [" ".join((d["title"], d["crumbs"], d["body"], d["examples"])) for d in documents]
    headings = [d["title"] for d in documents if d["kind"] in RULE_KINDS]
    headings += [part for d in documents for part in d["crumbs"].split(" › ")]
    headings += [row["zh"] for row in store.db.execute("select zh from glossary")]
    headings += [term for group in chinese_terms().values() for term in group]  # what judges type stays whole
    headings += [word for word in QUESTION_WORDS if len(word) > 1]  # and so do question words, to be dropped
    build_dictionary(texts, game_terms(headings, texts), path, jieba_cache=workspace.cache / "jieba")


def build_index(
    workspace: Workspace,
    store: Store,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> Path:
    documents = list(_documents(store))
    folder = index_folder(workspace, store.corpus.fingerprint)
    building = folder.with_name(folder.name + ".next")  # beside the one readers may be using
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    try:
        dictionary = building / "dictionary.txt"
        write_dictionary(workspace, store, documents, dictionary)
        ix = whoosh_index.create_in(building, _schema(dictionary))
        writer = ix.writer()
        for done, document in enumerate(documents, start=1):
            writer.add_document(**with_parts(document, ix.schema["body"].analyzer))
            progress(done, len(documents))
        writer.schema = _schema(folder / "dictionary.txt")  # the schema stored with the index names its final place
        writer.commit()
        (building / COMPLETE).touch()  # readers open only an index with this mark
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)  # Ctrl-C or a failure leaves no partial folder
        raise
    _swap_in(building, folder)
    _point_to(workspace, folder)
    return folder


def _swap_in(built: Path, folder: Path) -> None:
    """Replace *folder* (an index of the same sources, when rebuilt on request) by *built*, two renames apart."""
    retired = folder.with_name(folder.name + ".old")
    shutil.rmtree(retired, ignore_errors=True)
    if folder.exists():
        folder.rename(retired)
    built.rename(folder)
    shutil.rmtree(retired, ignore_errors=True)


def damage_message(folder: Path, error: BaseException) -> str:
    return f"搜索索引 {folder} 已损坏（{type(error).__name__}: {error}），正在重建；无需处理。"


def search_repairing(
    workspace: Workspace,
    store: Store,
    text: str,
    *,
    kinds: tuple[str, ...] = (),
    edition: str | None = None,
    limit: int = 10,
    progress: Callable[[int, int], None] = lambda done, total: None,
    notice: Callable[[str], None] = lambda message: None,
    cards: CardStore | None = None,
) -> list[Hit]:
    """Search; damage found only while reading postings is reported, the index rebuilt and the search repeated."""
    index = SearchIndex.open(workspace, store, progress=progress, notice=notice)
    try:
        return index.search(text, kinds=kinds, edition=edition, limit=limit, cards=cards)
    except DAMAGE as error:
        notice(damage_message(index_folder(workspace, store.corpus.fingerprint), error))
    finally:
        index.close()
    index = SearchIndex.open(workspace, store, rebuild=True, progress=progress, notice=notice)
    try:
        return index.search(text, kinds=kinds, edition=edition, limit=limit, cards=cards)
    finally:
        index.close()


def index_folder(workspace: Workspace, fingerprint: str) -> Path:
    """Each index lives in a folder named after the sources it was built from."""
    return workspace.cache / f"index-{fingerprint}"


def _point_to(workspace: Workspace, folder: Path) -> None:
    """Name *folder* the index in use; keep the one before it for readers still on it, drop older ones."""
    previous = workspace.current_index()
    temporary = workspace.index_pointer.with_name(f"index.{os.getpid()}.tmp")
    temporary.write_text(folder.name, encoding="utf-8")
    temporary.replace(workspace.index_pointer)
    for old in workspace.cache.glob("index-*"):
        if old.is_dir() and old not in (folder, previous):
            shutil.rmtree(old, ignore_errors=True)


class SearchIndex:
    def __init__(self, ix, glossary: dict[str, list[str]], numbering: dict[str, str] | None = None,
                 folder: Path | None = None, citations: dict[str, tuple[tuple[str, str], ...]] | None = None,
                 edition_weights: dict[str, tuple[str, float]] | None = None,
                 follow: Callable[[str, str], tuple[str, tuple[str, ...]] | None] | None = None,
                 older: frozenset[str] = frozenset()):
        self.ix = ix
        self.follow = lru_cache(maxsize=4096)(follow) if follow else None  # rule of an old edition → where it is today
        self.older = older  # editions a newer edition of the same document and language replaced
        self.edition_weights = edition_weights or {}  # edition → (index kind, weight), from the corpus of now
        self.citations = citations or {}  # FAQ entry → the (numbering, rule number) it cites, in its order
        self.folder = folder  # where the index lives (the learnt lexicon is kept beside it)
        self.glossary = glossary
        self.numbering = numbering or {}  # edition → the numbering it shares with others (zh-2026-07-17: 2026-07)
        self.analyzer = ix.schema["body"].analyzer
        self.tokenizer = self.analyzer.items[0]
        self.searcher = ix.searcher(weighting=BM25F())
        self.postings = Postings(self.searcher)
        self._terms: dict[str, tuple[str, ...]] = {}
        self._stored_fields: dict[int, dict] = {}
        self._derived_fields: dict[int, _Derived] = {}
        self._idfs: dict[str, tuple[float, bool]] = {}
        self._game_terms: frozenset[str] | None = None
        self._lexicons: dict[str, dict[str, tuple[str, ...]]] = {}

    @classmethod
    def open(
        cls,
        workspace: Workspace,
        store: Store,
        *,
        rebuild: bool = False,
        progress: Callable[[int, int], None] = lambda done, total: None,
        notice: Callable[[str], None] = lambda message: None,
    ) -> SearchIndex:
        """The complete index built from *store*'s sources; built first (under the write lock) if needed.

        A damaged index is derived data: *notice* hears its path and the damage, and it is built again.
        """
        folder = index_folder(workspace, store.corpus.fingerprint)
        damaged = False
        if not rebuild:
            opened, damaged = cls._try_open(folder, store, notice)
            if opened:
                return opened
        from judgekit.corpus.lock import writing

        with writing(workspace):
            if not rebuild and not damaged:
                opened, _ = cls._try_open(folder, store, notice)  # another judgekit may have built it meanwhile
                if opened:
                    return opened
            build_index(workspace, store, progress)
        return cls._from(folder, store)

    @classmethod
    def _try_open(cls, folder: Path, store: Store, notice: Callable[[str], None]) -> tuple[SearchIndex | None, bool]:
        """(the index, False); (None, False) when there is no complete one; (None, True) when it is damaged."""
        if not (folder / COMPLETE).exists():
            return None, False
        try:
            opened = cls._from(folder, store)
            if opened.searcher.doc_count() == 0 and store.db.execute("select 1 from rules limit 1").fetchone():
                raise ValueError("索引中没有任何条目")
            return opened, False
        except DAMAGE as error:
            notice(damage_message(folder, error))
            return None, True

    @classmethod
    def _from(cls, folder: Path, store: Store) -> SearchIndex:
        ix = whoosh_index.open_dir(folder)
        glossary: dict[str, list[str]] = {}
        for row in store.db.execute("select zh, en from glossary"):
            glossary.setdefault(row["en"].lower(), []).append(row["zh"])
            glossary.setdefault(row["zh"], []).append(row["en"])
        citations: dict[str, list[tuple[str, str]]] = {}  # only those of a numbering some imported rules have
        for row in store.db.execute(
            "select c.faq_id, e.numbering, c.ref from faq_citations c join editions e on e.id = c.edition "
            "where e.numbering in (select n.numbering from editions n where exists "
            "(select 1 from rules r where r.edition = n.id)) order by c.faq_id, c.seq"
        ):
            citations.setdefault(str(row["faq_id"]), []).append((row["numbering"], row["ref"]))
        return cls(ix, glossary, {edition.id: edition.numbering for edition in store.corpus.editions}, folder,
                   {faq: tuple(dict.fromkeys(refs)) for faq, refs in citations.items()}, edition_weights(store.corpus),
                   lambda edition, ref: store.maps.follow(edition, ref), frozenset(older_editions(list(store.corpus.editions))))

    def close(self) -> None:
        self.searcher.close()

    # -- queries --------------------------------------------------------------

    def variants(self, word: str) -> list[str]:
        """What one typed word may mean: itself, its name in the other language, its Simplified form."""
        variants = [word]
        lowered = word.lower()
        for key in (lowered, lowered.rstrip("s")):
            variants += self.glossary.get(key, [])
        return list(dict.fromkeys(variants))

    @staticmethod
    def simplified(text: str) -> str:
        """Traditional characters typed in a query, as the Simplified text of the rules has them."""
        if not re.search(r"[\u4e00-\u9fff]", text):
            return text
        from judgekit.chinese import to_simplified

        return to_simplified(text)

    def terms(self, text: str) -> list[str]:
        """*text* as the index sees it: words, lower-cased, English stemmed (kept for the index's lifetime: the same
        forms and defined terms recur in every search)."""
        found = self._terms.get(text)
        if found is None:
            if len(self._terms) >= MAX_TERMS_CACHED:
                self._terms.clear()
            found = self._terms[text] = tuple(token.text for token in self.analyzer(text, mode="query"))
        return list(found)

    def words(self, text: str) -> list[str]:
        """*text* cut into words as typed (no stemming), for the query analysis."""
        return [token.text for token in self.tokenizer(text, mode="query")]

    def game_terms(self) -> frozenset[str]:
        """The glossary's and the vocabulary's terms: words of the game, never taken for an unquoted card name."""
        if self._game_terms is None:
            terms = {word for group in chinese_terms().values() for word in group}
            self._game_terms = frozenset(terms | set(self.glossary))
        return self._game_terms

    def occurs(self, text: str) -> bool:
        """Whether *text* stands, word for word, in some indexed rule, FAQ entry or guide section."""
        tokens = self.terms(text)
        if not tokens:
            return False
        if len(tokens) == 1:
            return self.searcher.doc_frequency("body", tokens[0]) > 0
        return bool(self.postings.scores(Q.Phrase("body", tokens)))  # kept with the other leaves: runs recur

    def _alternative_query(self, alternative: str) -> Q.Query | None:
        """An alternative of one word, or its words: English ones in a row (standard move, gain control), Chinese ones
        anywhere (jieba may cut a Chinese phrase otherwise in a rule than alone)."""
        tokens = self.terms(alternative)
        if len(tokens) > 1 and alternative.isascii():
            return Q.Or([Q.Phrase(field, tokens, boost=boost) for field, boost in FIELD_BOOSTS.items()])
        return Q.And([self._token_query(token) for token in tokens]) if tokens else None

    @staticmethod
    def _token_query(token: str) -> Q.Query:
        return Q.Or([Q.Term(field, token, boost=boost) for field, boost in FIELD_BOOSTS.items()])

    def search(
        self,
        text: str,
        *,
        kinds: tuple[str, ...] = (),
        edition: str | None = None,
        limit: int = 10,
        cards: CardStore | None = None,
    ) -> list[Hit]:
        """Rules a number in the query names first, then the best matches of its terms.

        With *cards*, the cards the query names are terms of their own: each name kept whole, with the
        card's keywords, type, supertypes and tags, which the rules that answer a question about it hold.
        """
        query = self.understood(text, cards)
        restrict = [Q.Or([Q.Term("kind", kind) for kind in kinds])] if kinds else []
        if edition:
            restrict.append(Q.Term("edition", edition))
        mask = Q.And(restrict) if restrict else None
        marks = self._marks(query)
        hits = self._numbered(query.numbers, mask, marks)
        named = {(hit.kind, hit.edition, hit.ref) for hit in hits}
        ranked = self._ranked(query, mask, marks) or self._ranked(self._in_parts(query), mask, marks)
        if not kinds or "rule" in kinds:
            ranked = self._lifted(ranked, query, edition, marks)
        hits += [hit for hit in ranked if (hit.kind, hit.edition, hit.ref) not in named]
        return [self._snippet(hit, marks) for hit in self._folded(hits)[:limit]]

    @staticmethod
    def _snippet(hit: Hit, marks: list[str]) -> Hit:
        """*hit* with its snippet, and those of its other languages: cut only for the hits a search returns."""
        return hit._replace(snippet=snippet(hit.text or hit.title, marks),
                            languages=tuple((edition, snippet(text, marks)) for edition, text in hit.languages))

    @property
    def _citing(self) -> Q.Query | None:
        """The FAQ entries citing rules (the only ones that can lift any), as one query; None when there are none."""
        return Q.Or([Q.Term("uid", f"faq:{ref}") for ref in self.citations]) if self.citations else None

    def _lifted(self, ranked: list[Hit], query: Query, edition: str | None, marks: list[str]) -> list[Hit]:
        """*ranked* with the rules cited by the FAQ entries the query matches lifted to FAQ_LIFT of the entry's score.

        An FAQ entry answering the question asked (the same question pasted, or one close to it) names the rules
        its answer rests on (相关规则); the question itself often names none of their words (a card's name, a
        situation), least of all in the other language.  Each cited rule is looked up in every edition of the
        citation's numbering (*edition* only, when given): a Chinese FAQ citing the 2026-07 numbering lifts the
        English rules of en-2026-07-16.  A query of fewer than LIFT_TERMS terms is no question an entry answers.
        """
        if self._citing is None or len(query.terms) < LIFT_TERMS:
            return ranked
        entries = self._ranked(query, None, marks, shares=True, among=self._citing, least=LIFT_SHARE)
        lifters = [(hit, share) for hit, share in entries if share >= LIFT_SHARE and hit.ref in self.citations][:FAQ_LIFTERS]
        if not lifters:
            return ranked
        position = {(hit.kind, hit.edition, hit.ref): n for n, hit in enumerate(ranked)}
        lifted = list(ranked)
        for faq, _ in lifters:
            for numbering, cited in self.citations[faq.ref]:
                for candidate, ref, stored in self._cited_in(numbering, cited, edition):
                    score = faq.score * FAQ_LIFT / (1 + DEPTH_STEP * ref.count("."))
                    key = ("rule", candidate, ref)
                    if key in position:
                        kept = lifted[position[key]]
                        lifted[position[key]] = kept._replace(score=round(max(kept.score, score), 4),
                                                              cited_by=(*kept.cited_by, faq.ref))
                    else:
                        position[key] = len(lifted)
                        lifted.append(self._hit(stored, score)._replace(cited_by=(faq.ref,)))
        return sorted(lifted, key=lambda hit: -hit.score)

    def _cited_in(self, numbering: str, ref: str, edition: str | None) -> list[tuple[str, str, dict]]:
        """(edition, number, stored fields) of rule *ref* an FAQ cites in *numbering*: in every edition of that
        numbering that holds it (*edition* only, when given) — or, when newer editions replaced every one of them,
        the rule where it is today (an FAQ written against v1.3 lifts the v1.4 rule it meant, not the superseded text)."""
        held = self._held(((e, ref) for e, n in self.numbering.items() if n == numbering and edition in (None, e)))
        if edition is not None or not held or self.follow is None or not self.older.issuperset(e for e, _, _ in held):
            return held
        moved = self.follow(held[0][0], ref)
        if not moved or not moved[1]:
            return held  # removed since: the rule as the FAQ cited it
        newest = self.numbering.get(moved[0])
        return self._held((e, now) for e, n in self.numbering.items() if n == newest for now in moved[1]) or held

    def _held(self, places: Iterator[tuple[str, str]]) -> list[tuple[str, str, dict]]:
        return [(e, ref, stored) for e, ref in places if (stored := self.searcher.document(uid=f"rule:{e}:{ref}")) is not None]

    def understood(self, text: str, cards: CardStore | None = None) -> Query:
        """*text* as search reads it: its rule numbers, the cards it names (with *cards*), then its other terms."""
        text = unicodedata.normalize("NFKC", self.simplified(text))
        named: list[Term] = []
        facts: list[str] = []
        for mention in cards.mentions(text, self.game_terms()) if cards is not None else ():
            start, end = mention.span
            text = text[:start] + " " * (end - start) + text[end:]
            if any(term.word == mention.text for term in named):
                continue
            names = [variant for name in mention.names for variant in self.variants(name)]
            named.append(Term(mention.text, tuple(dict.fromkeys((mention.text, *names)))))
            facts += [variant for fact in mention.facts if fact not in mention.names for variant in self.variants(fact)]
        for match in _BRACKETED.finditer(text):  # 【…】 names a card in FAQs and questions, known or not
            inner = match.group(1).strip()
            if inner in self.game_terms() or inner.lower() in self.game_terms() or any(t.word == inner for t in named):
                continue
            text = text[:match.start()] + " " * (match.end() - match.start()) + text[match.end():]
            named.append(Term(inner, (inner,)))
        lexicon = self.lexicon(cards) if cards is not None and _HAN.search(text) else {}

        def alternatives(word: str) -> list[str]:
            # What the glossary or the vocabulary says a word means wins over what the cards taught (休眠 is exhaust,
            # not the gold of the Gold token that enters 休眠).
            named = self.variants(word)
            learnt = () if len(named) > 1 or in_vocabulary(word) else lexicon.get(word, ())
            return list(dict.fromkeys((*named, *learnt)))

        return analyse(text, self.words, alternatives, self.occurs, tuple(named))._replace(
            facts=tuple(dict.fromkeys(facts)))

    def lexicon(self, cards: CardStore) -> dict[str, tuple[str, ...]]:
        """Chinese word → English words, learnt from the cards printed in both languages (index/lexicon.py).

        Learnt once for each card store and index (about a second), then read from a file beside the index.
        """
        key = f"{self.folder.name if self.folder else 'memory'}-{cards.fingerprint()}"
        if key in self._lexicons:
            return self._lexicons[key]
        path = self.folder.with_name(f"lexicon-{key}.json") if self.folder else None
        table = None
        if path is not None and path.exists():
            try:
                table = {word: tuple(found) for word, found in json.loads(path.read_text(encoding="utf-8")).items()}
            except (OSError, ValueError, AttributeError, TypeError):
                table = None  # damaged: learnt again below
        if table is None:
            from judgekit.index.lexicon import learn

            table = learn(cards.printed_pairs(), self.words, lambda word: (self.terms(word) or [word])[0], is_filler)
            if path is not None:
                _write_beside(path, json.dumps(table, ensure_ascii=False))
        self._lexicons[key] = table
        return table

    def _folded(self, hits: list[Hit]) -> list[Hit]:
        """One hit per rule number: the same rule in another edition of its numbering (its Chinese and English
        text) is folded into the best-ranked one, as one of its languages (with its whole text, which _snippet cuts),
        instead of taking a slot of its own."""
        first: dict[tuple[str, str, str], int] = {}
        folded: list[Hit] = []
        for hit in hits:
            numbering = self.numbering.get(hit.edition or "")
            key = (hit.kind, numbering, hit.ref)
            if hit.kind not in RULE_KINDS or numbering is None:
                folded.append(hit)
            elif key in first:
                kept = folded[first[key]]
                folded[first[key]] = kept._replace(languages=(*kept.languages, (hit.edition, hit.text or hit.title)))
            else:
                first[key] = len(folded)
                folded.append(hit)
        return folded

    def _in_parts(self, query: Query) -> Query:
        """The query with each Chinese word also searched as the shorter words it is made of.

        An alternative matches only when the index holds every word of it
        (“法术对决乌龟”, a vocabulary phrase); its parts may still match.  Tried
        only when the query found nothing, so that a search never comes back
        empty while a rule holds part of what was typed.
        """
        terms = []
        for term in query.terms:
            parts = [token.text for alt in term.alternatives for token in self.tokenizer(alt, mode="index")]
            terms.append(term._replace(alternatives=tuple(dict.fromkeys((*term.alternatives, *parts)))))
        return query._replace(terms=tuple(terms))

    def _numbered(self, numbers: tuple[str, ...], mask: Q.Query | None, marks: list[str]) -> list[Hit]:
        """Each number's rule and its subtree, in every edition that has it: the newest edition first."""
        hits: list[Hit] = []
        for number in numbers:
            kinds = Q.Or([Q.Term("kind", kind) for kind in RULE_KINDS])
            subtree = Q.And([kinds, Q.Or([Q.Term("ref", number), Q.Prefix("ref", number + ".")])])
            results = self.searcher.search(subtree, limit=None, filter=mask)
            ordered = sorted(results, key=lambda r: (-self._weight(r), RuleNumber.parse(r["ref"]).sort_key))
            hits += [self._hit(result, NUMBER_SCORE * self._weight(result)) for result in ordered]
        return hits

    def _ranked(self, query: Query, mask: Q.Query | None, marks: list[str], shares: bool = False,
                among: Q.Query | None = None, least: float = 0.0) -> list:
        """BM25F over any of the terms, re-ranked by coverage, definitions, phrase, hints, depth and authority.

        A hit's score is multiplied by the share of the query's terms it holds,
        each weighted by its rarity (to RARITY_POWER; the share squared, so that covering more terms beats
        repeating one), again when it holds all of them or the query's words in a
        row, and by the share of the terms it defines (squared, so that a heading
        naming one word of a long question does not outrank the rule that answers
        it): a rule that defines the term a judge typed comes first.  A question
        favours rules holding words of the answer it asks for over bare headings
        and definitions; a sub-rule counts a little less than the rule above it.
        *among* (a small set of documents, the FAQ entries) is searched alone.  With *shares*, each hit comes with how much of the query it holds: (hit, the least of its rarity-weighted
        share of the terms and the share of terms it holds); a hit that cannot hold *least* of them (by what
        the whole document holds, more than its best passage) is left out, unranked.
        """
        # The facts of the cards named (their keywords, type, tags) are one more term, worth FACT_WEIGHT of one typed.
        typed = [term.alternatives for term in query.terms]
        weighed = [(alts, 1.0) for alts in typed] + ([(query.facts, FACT_WEIGHT)] if query.facts else [])
        weighed = [(self._forms(alts), weight) for alts, weight in weighed]
        weighed = [(alts, weight) for alts, weight in weighed if alts]
        alternatives = [alts for alts, _ in weighed]
        if not alternatives:
            return []
        typed_terms = sum(1 for alts in typed if any(self.terms(alt) for alt in alts))
        forms = [(self._alternative_query(alt), frozenset(tokens)) for alts, _ in weighed for alt, tokens in alts]
        either = Q.Or([Q.Or([self._alternative_query(alt) for alt, _ in alts], boost=weight) for alts, weight in weighed])
        if among is not None:  # intersected rather than filtered: only the few documents of *among* are scored
            either = Q.And([among, either])
        results = self._collected(either, mask, forms)
        phrase = _letters(query.words) if len(alternatives) > 1 else ""
        rarity = [self._rarity(alts) ** RARITY_POWER * weight for alts, weight in weighed]
        answers = bool(query.hints)
        hints = [(hint, hint.lower()) for hint in query.hints]
        word_sets = [_WordSets([frozenset(tokens) for _, tokens in alts]) for alts in alternatives]
        holders = _holders(results, alternatives)
        total_rarity = sum(rarity)
        hits = []
        for result in results:
            derived = self._derived(result)
            holds = [result.doc in docs for docs in holders]
            if least and min(sum(weight for weight, held in zip(rarity, holds) if held) / total_rarity,
                             sum(holds) / len(holds)) < least:
                continue  # its best passage holds no more than the whole document
            if derived.parts:  # an FAQ entry holds what its best passage holds
                held_terms = [n for n, held in enumerate(holds) if held]
                best, best_weight = [False] * len(holds), -1.0
                for part in derived.parts:
                    in_part = [n for n in held_terms if word_sets[n].within(part)]
                    weight = sum(rarity[n] for n in in_part)
                    if weight > best_weight:  # the first best passage, as max() would take it
                        best, best_weight = [n in in_part for n in range(len(holds))], weight
                holds = best
            defined = derived.defined
            defines = sum(any(tokens in defined for _, tokens in alts) for alts in alternatives) if defined else 0
            share = sum(weight for weight, held in zip(rarity, holds) if held) / total_rarity
            if derived.context:  # a term only the rules above it hold is its subject, unsaid
                share += CONTEXT_SHARE * sum(weight for weight, held, alts in zip(rarity, holds, word_sets)
                                             if not held and alts.within(derived.context)) / total_rarity
            held = sum(holds) / len(holds)
            boost = QUESTION_DEFINITION_BOOST if answers else DEFINITION_BOOST
            factor = share**2 * (1 + boost * (defines / len(alternatives)) ** 2)
            if all(holds[:typed_terms]) and typed_terms > 1:
                factor *= ALL_TERMS_BOOST
            if phrase and phrase in derived.letters:
                factor *= PHRASE_BOOST
            if answers:
                # the pattern of only the hint words the rule holds finds the same matches
                present = tuple(hint for hint, lowered in hints if lowered in derived.lowered)
                found = {m.group().lower() for m in _hint_pattern(present).finditer(result["body"] or "")} if present else ()
                factor *= 1 + HINT_BOOST * min(len(found), 2) / 2
                if derived.empty:
                    factor *= QUESTION_HEADING_FACTOR
            if result["kind"] in RULE_KINDS:
                factor /= depth_cost(result["ref"], len(query.terms))
            hits.append((self._hit(result, result.score * self._weight(result) * factor), min(share, held)))
        hits.sort(key=lambda pair: -pair[0].score)
        return hits if shares else [hit for hit, _ in hits]

    def _collected(self, query: Q.Query, mask: Q.Query | None,
                   forms: list[tuple[Q.Query, frozenset[str]]]) -> list[_Candidate]:
        """The CANDIDATES best matches of *query* (within *mask*), each with the words it holds: those of every form
        (a query of *forms*, with its words) that matches it, as whoosh's matched terms would say."""
        best = self.postings.top(query, CANDIDATES, mask)
        matched: dict[int, set[str]] = {doc: set() for doc, _ in best}
        docs = matched.keys()
        for form, tokens in forms:
            for doc in docs & self.postings.scores(form).keys():  # the smaller side is walked
                matched[doc] |= tokens
        return [_Candidate(self._stored(doc), score, frozenset(matched[doc]), doc) for doc, score in best]

    def _derived(self, result: _Candidate) -> _Derived:
        """What re-ranking reads of *result*'s document besides the query's words: worked out once a document, kept
        with its stored fields (up to MAX_STORED_CACHED documents)."""
        derived = self._derived_fields.get(result.doc)
        if derived is None:
            body = result["body"] or ""
            derived = _Derived(
                frozenset(tuple(self.terms(term)) for term in (result.get("defines") or "").split("|") if term.strip()),
                tuple(frozenset(part) for part in result.get("parts") or ()),
                _letters(f"{result['title']} {result['body']}"), body.lower(), not body.strip(),
                frozenset(result.get("context") or ()))
            if len(self._derived_fields) >= MAX_STORED_CACHED:
                self._derived_fields.clear()
            self._derived_fields[result.doc] = derived
        return derived

    def _weight(self, result) -> float:
        """A document's authority weight: a rule's by its edition's place in the corpus of now (an edition imported
        or removed moves the others, and their documents need not be indexed again: update.py), else as indexed."""
        if result["kind"] in RULE_KINDS and result["edition"] in self.edition_weights:
            return self.edition_weights[result["edition"]][1]
        return result["weight"]

    def _stored(self, doc: int) -> dict:
        """The stored fields of document *doc*, kept for the index's lifetime (up to MAX_STORED_CACHED documents)."""
        fields = self._stored_fields.get(doc)
        if fields is None:
            if len(self._stored_fields) >= MAX_STORED_CACHED:
                self._stored_fields.clear()
            fields = self._stored_fields[doc] = self.searcher.stored_fields(doc)
        return fields

    def _forms(self, alternatives: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        """Each alternative with the index's words for it, one for each distinct set of words: Reaction, REACTIONS and
        reaction are one form, searched (and scored) once."""
        forms: dict[tuple[str, ...], str] = {}
        for alternative in alternatives:
            if tokens := tuple(self.terms(alternative)):
                forms.setdefault(tokens, alternative)
        return [(alternative, tokens) for tokens, alternative in forms.items()]

    def _rarity(self, alternatives: list[tuple[str, tuple[str, ...]]]) -> float:
        """How much holding a term says about a rule: the inverse document frequency of its rarest-written form.

        Covering “buff” tells more than covering “unit”, which half the rules hold.  A form no document holds
        (a Chinese word in English rules, Assault in Chinese ones) tells nothing: the rarest form held anywhere
        counts, or, when none is, the rarest form.
        """
        rarities = [(sum(self._body_idf(token) for token in tokens) / len(tokens),
                     all(self._body_idf(token, held=True) for token in tokens)) for _, tokens in alternatives]
        return max((rarity for rarity, held in rarities if held), default=max(rarity for rarity, _ in rarities))

    def _body_idf(self, token: str, held: bool = False) -> float | bool:
        """The inverse document frequency of *token* in the text field (with *held*: whether some text holds it), kept
        for the index's lifetime: each costs a look-up in every segment of the index."""
        found = self._idfs.get(token)
        if found is None:
            if len(self._idfs) >= MAX_TERMS_CACHED:
                self._idfs.clear()
            found = self._idfs[token] = (self.searcher.idf("body", token),
                                         bool(self.searcher.doc_frequency("body", token)))
        return found[1] if held else found[0]

    def _marks(self, query: Query) -> list[str]:
        """The strings to highlight: every alternative of every term, and their words (not the “at” and “the” of
        “at the same time”)."""
        marks = set()
        for term in query.terms:
            for alternative in term.alternatives:
                marks.add(alternative)
                marks.update(word for word in self.words(alternative) if not is_filler(word))
        return sorted(marks, key=len, reverse=True)

    @staticmethod
    def _hit(result, score: float) -> Hit:
        return Hit(
            kind=result["kind"],
            ref=result["ref"],
            edition=result["edition"] or None,
            title=result["title"],
            breadcrumb=result["crumbs"],
            text=result["body"],
            snippet="",  # cut by _snippet for the hits returned
            score=round(score, 4),
            authority=result["authority"],
            defines=result.get("defines", ""),
        )


def depth_cost(ref: str, terms: int) -> float:
    """What a rule's depth divides its score by, for a query of *terms* terms: DEPTH_STEP a level, less for a long
    question, which the general statement above the rule that answers it does not answer."""
    return 1 + DEPTH_STEP * min(1.0, DEPTH_TERMS / max(terms, 1)) * ref.count(".")


def _write_beside(path: Path, text: str) -> None:
    """*text* written to *path* whole (a reader never sees half of it); older files of its kind are removed."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    except OSError:
        temporary.unlink(missing_ok=True)  # a read-only cache: the table is learnt again next time
        return
    prefix = path.name.split("-")[0] + "-"
    for old in path.parent.glob(prefix + "*.json"):
        if old != path:
            old.unlink(missing_ok=True)


_HAN = re.compile(r"[\u4e00-\u9fff]")
# A name in 【】 the card store does not know (a card of a set imported in English only, or no card data): kept
# whole as one term, never cut into words that match unrelated rules (奥法逸才 → 法 → 法术).
_BRACKETED = re.compile(r"【([^【】]+)】")


def _letters(text: str) -> str:
    """*text* lower-cased without spaces and punctuation: the words typed in a row, however they were spaced."""
    return _NOT_LETTERS.sub("", text).lower()


_NOT_LETTERS = re.compile(r"[\W_]+")


@lru_cache(maxsize=256)
def _hint_pattern(hints: tuple[str, ...]) -> re.Pattern | None:
    """A pattern finding *hints* in a rule: English ones as whole words, Chinese ones anywhere."""
    if not hints:
        return None
    parts = [rf"\b{re.escape(h)}\b" if h.isascii() else re.escape(h) for h in sorted(hints, key=len, reverse=True)]
    return re.compile("|".join(parts), re.IGNORECASE)


@lru_cache(maxsize=64)
def _mark_pattern(marks: tuple[str, ...]) -> re.Pattern | None:
    """The pattern finding *marks* (a search's, for every snippet of its hits): an English mark starts a word (“play”
    marks Playing, “at” never marks evaluate); a Chinese one stands anywhere."""
    parts = [(r"\b" if mark[0].isascii() and mark[0].isalnum() else "") + re.escape(mark) for mark in marks if mark]
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def snippet(text: str, marks: list[str], width: int = 90) -> str:
    """A window of *text* around the first match, with matches shown as 【…】."""
    text = text.replace("\n", " ")
    pattern = _mark_pattern(tuple(marks))
    first = pattern.search(text) if pattern else None
    start = max(0, first.start() - width // 4) if first else 0
    window = text[start:start + width]
    marked = pattern.sub(lambda m: f"【{m.group()}】", window) if pattern else window
    return ("…" if start else "") + marked + ("…" if start + width < len(text) else "")
