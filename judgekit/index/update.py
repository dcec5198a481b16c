"""Update the search index for an import or a removal, instead of building it all again.

Indexing every rule of every edition is the slow part of an import (several
seconds with a few complete editions imported).  When the change cannot alter
how the rest is indexed, the new index starts as a copy of the previous one,
and only the rules of the editions whose rules changed, the FAQ entries and
the guide sections are replaced (an FAQ changes no rule of the edition it cites).
Chinese text in a changed document changes the trimmed jieba dictionary: it is
made again from every text, exactly as a full build makes it, and the unchanged
rules holding a word whose entry changed are indexed again too — jieba cuts a
text differently only for a dictionary word inside it, so the others are cut as
before.  Otherwise — no complete previous index, a changed glossary or changed
edition kind (an edition's weight is read at search time) — :func:`update_index` returns None and the caller builds the
index in full.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as Q

from judgekit.corpus import Corpus, Source, Workspace
from judgekit.errors import JudgekitError
from judgekit.index.search import (
    COMPLETE,
    RULE_KINDS,
    _documents,
    _point_to,
    _schema,
    edition_weights,
    index_folder,
    with_parts,
    write_dictionary,
)
from judgekit.index.store import Store
from judgekit.index.tokenizer import PADDING_WORD, has_chinese


def update_index(
    workspace: Workspace,
    previous: Store,
    store: Store,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> Path | None:
    """The index of *store*, made from *previous*'s index by replacing what changed; None if it must be built."""
    old_folder = index_folder(workspace, previous.corpus.fingerprint)
    folder = index_folder(workspace, store.corpus.fingerprint)
    changed = _changed_sources(previous.corpus, store.corpus)
    editions = {source.edition for source in changed if source.edition and source.kind not in ("faq", "guide")}
    if folder == old_folder or not (old_folder / COMPLETE).exists() or not _same_context(previous, store, editions):
        return None
    try:
        chinese = any(has_chinese(source.read_text()) for source in changed)
    except JudgekitError:  # a changed document that cannot be read any more: build in full
        return None
    documents = list(_documents(store))
    shutil.rmtree(folder, ignore_errors=True)
    try:
        shutil.copytree(old_folder, folder, ignore=shutil.ignore_patterns(COMPLETE, "*WRITELOCK"))
        dictionary = folder / "dictionary.txt"
        words = _remake_dictionary(workspace, store, documents, dictionary) if chinese else set()
        writer = whoosh_index.open_dir(folder).writer()
        writer.schema = _schema(dictionary)  # the copy's dictionary: its own path
        for edition in editions:
            kinds = Q.Or([Q.Term("kind", kind) for kind in RULE_KINDS])
            writer.delete_by_query(Q.And([kinds, Q.Term("edition", edition)]))
        writer.delete_by_term("kind", "faq")  # FAQ ids are renumbered with every build of the store
        writer.delete_by_term("kind", "guide")
        kept = [d for d in documents if d["kind"] in RULE_KINDS and d["edition"] not in editions]
        recut = [d for d in kept if words and _holds_any(d, words)]
        for document in recut:
            writer.delete_by_term("uid", document["uid"])
        todo = [d for d in documents if d["kind"] not in RULE_KINDS or d["edition"] in editions] + recut
        for done, document in enumerate(todo, start=1):
            writer.add_document(**with_parts(document, writer.schema["body"].analyzer))
            progress(done, len(todo))
        writer.commit(merge=False)  # a segment of its own: merging would rewrite every edition's postings
        (folder / COMPLETE).touch()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    _point_to(workspace, folder)
    return folder


def _remake_dictionary(workspace: Workspace, store: Store, documents: list[dict], path: Path) -> set[str]:
    """Write *store*'s dictionary over the copied one at *path*; the words whose entry it added, dropped or changed."""
    before = _entries(path)
    path.unlink()  # the copy shares nothing with the previous index's file, and jieba's cache sees a new one
    write_dictionary(workspace, store, documents, path)
    after = _entries(path)
    return {word for word in before.keys() | after.keys() if before.get(word) != after.get(word)} - {PADDING_WORD}


def _entries(dictionary: Path) -> dict[str, str]:
    with dictionary.open(encoding="utf-8") as lines:
        return dict(line.rstrip("\n").split(" ", 1) for line in lines if line.strip())


def _holds_any(document: dict, words: set[str]) -> bool:
    """Whether a dictionary word of *words* is inside what *document*'s text is cut from."""
    text = " ".join((document["title"], document["crumbs"], document["body"], document["examples"], document["defines"],
                     document.get("context", "")))
    return has_chinese(text) and any(word in text for word in words)


def _changed_sources(previous: Corpus, current: Corpus) -> list[Source]:
    """Documents added, removed or replaced (a replaced one is stored under a new file name)."""
    before, after = set(previous.sources), set(current.sources)
    return sorted(before ^ after, key=lambda source: source.id)


def _same_context(previous: Store, store: Store, editions: set[str]) -> bool:
    """Whether what the rules kept from the previous index (not of *editions*) were indexed with is still the same."""
    glossary = "select zh, en, kind from glossary order by zh, en, kind"
    if [tuple(r) for r in previous.db.execute(glossary)] != [tuple(r) for r in store.db.execute(glossary)]:
        return False
    # An edition's weight (its place among the editions) is read at search time (SearchIndex._weight): an edition
    # imported or removed moves the others' weights without indexing them again. Their kind is indexed.
    kinds = {edition: kind for edition, (kind, _) in edition_weights(store.corpus).items() if edition not in editions}
    return kinds == {edition: kind for edition, (kind, _) in edition_weights(previous.corpus).items()
                     if edition not in editions}
