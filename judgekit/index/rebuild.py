"""Rebuild the store and the search index for a corpus, swapping both in only when complete.

Used by ``judgekit import``: the new store is built beside the one in use, the
search index is updated or built from it (see :mod:`judgekit.index.update`), and
only then is the store moved into place.  The
caller publishes the imports manifest last, so a reader sees the old sources
with the old store and index, or the new ones with the new, never a mixture.
"""

from __future__ import annotations

from collections.abc import Callable

from judgekit.corpus import Corpus, Workspace, load
from judgekit.corpus.lock import writing
from judgekit.index.build import build_store, publish_store
from judgekit.index.store import Store, is_fresh


def rebuild_for(
    workspace: Workspace,
    corpus: Corpus,
    progress: Callable[[str], None] = lambda message: None,
    index_progress: Callable[[int, int], None] = lambda done, total: None,
) -> None:
    from judgekit.index.search import build_index
    from judgekit.index.update import update_index

    with writing(workspace):
        previous = load(workspace)  # what readers use until the caller publishes the new manifest
        built = build_store(workspace, corpus, progress)
        try:
            store = Store.connect(built, corpus)
            if not (
                is_fresh(workspace.database, previous.fingerprint)
                and update_index(workspace, Store.connect(workspace.database, previous), store, index_progress)
            ):
                build_index(workspace, store, index_progress)
        except BaseException:
            built.unlink(missing_ok=True)
            raise
        publish_store(workspace, built)
