"""Full-text search over rules, FAQ entries and the guide (whoosh, BM25F, jieba).

Each index lives in its own folder ``cache/index-<fingerprint>/`` with the
trimmed jieba dictionary it was built with.  It is built in a folder beside it
and renamed into place when complete (with the mark file ``complete``);
``cache/index.current`` names the newest.

Ranking: BM25F over title (headings, FAQ questions), breadcrumb, text and
examples, with headings weighted most; the score is then multiplied by the
document's authority: rules above FAQ entries above the unofficial guide, and
the current edition above older ones.
"""

from __future__ import annotations

import os
import pickle
import re
import shutil
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.scoring import BM25F

from judgekit.corpus import Workspace
from judgekit.index.store import Store
from judgekit.index.tokenizer import analyzer, build_dictionary, game_terms

FIELD_BOOSTS = {"title": 6.0, "crumbs": 1.5, "body": 1.0, "examples": 0.5, "defines": 8.0}
KIND_WEIGHTS = {"rule": 1.0, "faq": 0.9, "guide": 0.4}
EDITION_STEP = 0.05  # each rank below the current edition costs 5 %
CANDIDATES = 200  # hits re-ranked by authority before the limit is applied
COMPLETE = "complete"  # written last into a finished index folder
# What reading a damaged index raises (truncated, emptied or missing segment files, a garbled table of contents).
DAMAGE = (whoosh_index.IndexError, OSError, EOFError, ValueError, struct.error, pickle.UnpicklingError)


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
    )


def _documents(store: Store, editions: set[str] | None = None) -> Iterator[dict]:
    """What the index holds for *store*: rules (of *editions* only, when given), FAQ entries, guide sections."""
    ranks = {edition.id: edition.rank for edition in store.corpus.editions}
    names: dict[str, list[str]] = {}
    for row in store.db.execute("select zh, en from glossary"):
        names.setdefault(row["zh"], [row["zh"]]).append(row["en"])
    rows = store.db.execute(
        "select r.*, d.authority, "
        "(select group_concat(text, '\n') from examples e where e.rule_id = r.id) as ex, "
        "(select group_concat(term, ' ') from definitions f where f.rule_id = r.id) as defines "
        "from rules r join documents d on d.id = r.document order by r.edition, r.sort_key"
    )
    for r in rows:
        if editions is not None and r["edition"] not in editions:
            continue
        yield {
            "uid": f"rule:{r['edition']}:{r['ref']}", "kind": "rule", "edition": r["edition"], "ref": r["ref"],
            "title": r["title"], "crumbs": r["breadcrumb"], "body": r["text"], "examples": r["ex"] or "",
            "defines": " ".join(n for term in (r["defines"] or "").split() for n in names.get(term, [term])),
            "authority": r["authority"], "weight": _weight("rule", ranks.get(r["edition"], 0)),
        }
    for r in store.db.execute("select f.*, d.edition, d.authority from faq f join documents d on d.id = f.document"):
        yield {
            "uid": f"faq:{r['id']}", "kind": "faq", "edition": r["edition"], "ref": str(r["id"]),
            "title": r["question"], "crumbs": "", "body": f"{r['answer']}\n{r['explanation']}", "examples": "",
            "authority": r["authority"], "weight": _weight("faq", 0),
        }
    for r in store.db.execute("select g.*, d.authority from guide g join documents d on d.id = g.document"):
        yield {
            "uid": f"guide:{r['document']}:{r['number']}", "kind": "guide", "edition": "", "ref": str(r["number"]),
            "title": r["title"], "crumbs": "", "body": r["text"], "examples": "",
            "authority": r["authority"], "weight": _weight("guide", 0),
        }


def _weight(kind: str, rank: int) -> float:
    return KIND_WEIGHTS[kind] * max(0.5, 1.0 - EDITION_STEP * rank)


def build_index(
    workspace: Workspace,
    store: Store,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> Path:
    documents = list(_documents(store))
    texts = [" ".join((d["title"], d["crumbs"], d["body"], d["examples"])) for d in documents]
    headings = [d["title"] for d in documents if d["kind"] == "rule"]
    headings += [part for d in documents for part in d["crumbs"].split(" › ")]
    headings += [row["zh"] for row in store.db.execute("select zh from glossary")]

    folder = index_folder(workspace, store.corpus.fingerprint)
    building = folder.with_name(folder.name + ".next")  # beside the one readers may be using
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    try:
        dictionary = building / "dictionary.txt"
        build_dictionary(texts, game_terms(headings, texts), dictionary, jieba_cache=workspace.cache / "jieba")
        ix = whoosh_index.create_in(building, _schema(dictionary))
        writer = ix.writer()
        for done, document in enumerate(documents, start=1):
            writer.add_document(**document)
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
) -> list[Hit]:
    """Search; damage found only while reading postings is reported, the index rebuilt and the search repeated."""
    index = SearchIndex.open(workspace, store, progress=progress, notice=notice)
    try:
        return index.search(text, kinds=kinds, edition=edition, limit=limit)
    except DAMAGE as error:
        notice(damage_message(index_folder(workspace, store.corpus.fingerprint), error))
    finally:
        index.close()
    index = SearchIndex.open(workspace, store, rebuild=True, progress=progress, notice=notice)
    try:
        return index.search(text, kinds=kinds, edition=edition, limit=limit)
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
    def __init__(self, ix, glossary: dict[str, list[str]]):
        self.ix = ix
        self.glossary = glossary
        self.analyzer = ix.schema["body"].analyzer
        self.searcher = ix.searcher(weighting=BM25F())

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
        return cls(ix, glossary)

    def close(self) -> None:
        self.searcher.close()

    # -- queries --------------------------------------------------------------

    def variants(self, word: str) -> list[str]:
        """What one typed word may mean: itself, its Chinese name, its Simplified form."""
        variants = [word]
        lowered = word.lower()
        for key in (lowered, lowered.rstrip("s")):
            variants += self.glossary.get(key, [])
        if re.search(r"[\u4e00-\u9fff]", word):
            from judgekit.chinese import to_simplified

            variants.append(to_simplified(word))
        return list(dict.fromkeys(variants))

    def terms(self, text: str) -> list[str]:
        return [token.text for token in self.analyzer(text, mode="query")]

    def _word_query(self, word: str) -> Q.Query | None:
        alternatives = []
        for variant in self.variants(word):
            tokens = self.terms(variant)
            if tokens:
                alternatives.append(Q.And([self._token_query(token) for token in tokens]))
        return Q.Or(alternatives) if alternatives else None

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
    ) -> list[Hit]:
        """Hits for every word (or, failing that, any word), best first."""
        words = [q for q in (self._word_query(word) for word in text.split()) if q is not None]
        if not words:
            return []
        restrict = [Q.Or([Q.Term("kind", kind) for kind in kinds])] if kinds else []
        if edition:
            restrict.append(Q.Term("edition", edition))
        mask = Q.And(restrict) if restrict else None
        for combined in (Q.And(words), Q.Or(words)):
            results = self.searcher.search(combined, limit=CANDIDATES, filter=mask)
            if results:
                break
        marks = self._marks(text)
        hits = [self._hit(result, result.score * result["weight"], marks) for result in results]
        hits.sort(key=lambda hit: -hit.score)
        return hits[:limit]

    def _marks(self, text: str) -> list[str]:
        """The strings to highlight: every variant of every typed word, and their words."""
        marks = set()
        for word in text.split():
            for variant in self.variants(word):
                marks.add(variant)
                marks.update(self.terms(variant))
        return sorted(marks, key=len, reverse=True)

    @staticmethod
    def _hit(result, score: float, marks: list[str]) -> Hit:
        body = result["body"] or result["title"]
        return Hit(
            kind=result["kind"],
            ref=result["ref"],
            edition=result["edition"] or None,
            title=result["title"],
            breadcrumb=result["crumbs"],
            text=result["body"],
            snippet=snippet(body, marks),
            score=round(score, 4),
            authority=result["authority"],
            defines=result.get("defines", ""),
        )


def snippet(text: str, marks: list[str], width: int = 90) -> str:
    """A window of *text* around the first match, with matches shown as 【…】."""
    text = text.replace("\n", " ")
    pattern = re.compile("|".join(re.escape(mark) for mark in marks if mark), re.IGNORECASE) if marks else None
    first = pattern.search(text) if pattern else None
    start = max(0, first.start() - width // 4) if first else 0
    window = text[start:start + width]
    marked = pattern.sub(lambda m: f"【{m.group()}】", window) if pattern else window
    return ("…" if start else "") + marked + ("…" if start + width < len(text) else "")
