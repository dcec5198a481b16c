"""Update the search index for an import or a removal, instead of building it all again.

Indexing every rule of every edition is the slow part of an import (several
seconds with a few complete editions imported).  When the change cannot alter
how the rest is indexed, the new index starts as a copy of the previous one,
and only the rules of the editions whose documents changed, the FAQ entries and
the guide sections are replaced.  Otherwise — no complete previous index, a
changed glossary, or Chinese text in a changed document (the trimmed jieba
dictionary depends on it) — :func:`update_index` returns None and the caller
builds the index in full.
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
)
from judgekit.index.store import Store
from judgekit.index.tokenizer import has_chinese


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
    if folder == old_folder or not (old_folder / COMPLETE).exists() or not _same_context(previous, store, changed):
        return None
    editions = {source.edition for source in changed if source.edition}
    shutil.rmtree(folder, ignore_errors=True)
    try:
        shutil.copytree(old_folder, folder, ignore=shutil.ignore_patterns(COMPLETE, "*WRITELOCK"))
        writer = whoosh_index.open_dir(folder).writer()
        writer.schema = _schema(folder / "dictionary.txt")  # the copy's dictionary: the same words, its own path
        for edition in editions:
            kinds = Q.Or([Q.Term("kind", kind) for kind in RULE_KINDS])
            writer.delete_by_query(Q.And([kinds, Q.Term("edition", edition)]))
        writer.delete_by_term("kind", "faq")  # FAQ ids are renumbered with every build of the store
        writer.delete_by_term("kind", "guide")
        documents = list(_documents(store, editions))
        for done, document in enumerate(documents, start=1):
            writer.add_document(**with_parts(document, writer.schema["body"].analyzer))
            progress(done, len(documents))
        writer.commit(merge=False)  # a segment of its own: merging would rewrite every edition's postings
        (folder / COMPLETE).touch()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    _point_to(workspace, folder)
    return folder


def _changed_sources(previous: Corpus, current: Corpus) -> list[Source]:
    """Documents added, removed or replaced (a replaced one is stored under a new file name)."""
    before, after = set(previous.sources), set(current.sources)
    return sorted(before ^ after, key=lambda source: source.id)


def _same_context(previous: Store, store: Store, changed: list[Source]) -> bool:
    """Whether what the unchanged rules were indexed with is still the same."""
    glossary = "select zh, en, kind from glossary order by zh, en, kind"
    if [tuple(r) for r in previous.db.execute(glossary)] != [tuple(r) for r in store.db.execute(glossary)]:
        return False
    touched = {source.edition for source in changed}
    # A newer tournament edition lowers the older ones' weights: the unchanged editions must weigh as before.
    weights = {edition: w for edition, w in edition_weights(store.corpus).items() if edition not in touched}
    if weights != {edition: w for edition, w in edition_weights(previous.corpus).items() if edition not in touched}:
        return False
    try:
        return not any(has_chinese(source.read_text()) for source in changed)
    except JudgekitError:  # a changed document that cannot be read any more: build in full
        return False
