"""Rebuild the store and the search index for a corpus, swapping both in only when complete.

Used by ``judgekit import``: the new store is built beside the one in use, the
search index is built from it, and only then is the store moved into place.  The
caller publishes the imports manifest last, so a reader sees the old sources
with the old store and index, or the new ones with the new, never a mixture.
"""

from __future__ import annotations

from collections.abc import Callable

from judgekit.corpus import Corpus, Workspace
from judgekit.corpus.lock import writing
from judgekit.index.build import build_store, publish_store
from judgekit.index.store import Store


def rebuild_for(
    workspace: Workspace,
    corpus: Corpus,
    progress: Callable[[str], None] = lambda message: None,
    index_progress: Callable[[int, int], None] = lambda done, total: None,
) -> None:
    from judgekit.index.search import build_index

    with writing(workspace):
        built = build_store(workspace, corpus, progress)
        try:
            build_index(workspace, Store.connect(built, corpus), index_progress)
        except BaseException:
            built.unlink(missing_ok=True)
            raise
        publish_store(workspace, built)
