"""The corpus: where documents come from, and how each layout is parsed into records.

``judgekit.corpus`` itself exports the sources API (:mod:`judgekit.corpus.sources`):
editions, documents, the workspace folders.  Parsing (:mod:`judgekit.corpus.parsers`)
and importing (:mod:`judgekit.corpus.importer`) are imported from their modules, so
that ``judgekit rule`` loads neither.
"""

from judgekit.corpus.sources import (
    Corpus,
    Edition,
    Source,
    Workspace,
    bundled_glossary,
    bundled_root,
    load,
    read_document,
    read_imports,
    replace_derived,
    staged_copy,
    write_imports,
)

__all__ = [
    "Corpus",
    "Edition",
    "Source",
    "Workspace",
    "bundled_glossary",
    "bundled_root",
    "load",
    "read_document",
    "read_imports",
    "replace_derived",
    "staged_copy",
    "write_imports",
]
