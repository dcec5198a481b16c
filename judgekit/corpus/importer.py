"""``judgekit import``: add a complete official document to the judge's own corpus.

The document is parsed before anything is written; only a document that yields
entries is copied into the workspace and registered.  If rebuilding the store
then fails, the registration is rolled back, so an import never loses data.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import (
    Corpus,
    Edition,
    Source,
    Workspace,
    load,
    read_document,
    read_imports,
    staged_copy,
    write_imports,
)
from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import parse
from judgekit.errors import DocumentError, UnknownEditionError

LAYOUT_KINDS = {"faq": "faq", "guide": "guide"}  # every other layout holds rules
LAYOUT_LANGUAGES = {"english": "en"}


class ImportResult(NamedTuple):
    source: Source
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool


def _slug(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]+", "-", text).strip("-").lower() or "document"


def import_document(
    workspace: Workspace,
    corpus: Corpus,
    path: Path,
    edition_id: str,
    *,
    layout: str | None = None,
    date: str | None = None,
    numbering: str | None = None,
    title: str | None = None,
    rebuild: Callable[[Corpus], None],
) -> ImportResult:
    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z._-]*", edition_id):
        raise DocumentError(f"“{edition_id}”不能作为版本名：只能用字母、数字、“-”“.”“_”")
    document = parse(read_document(path), layout)
    if document.entry_count == 0:
        raise DocumentError(f"{path}：按 {document.layout} 版式没有读到任何规则或 FAQ 条目")
    kind = LAYOUT_KINDS.get(document.layout, "rules")
    language = LAYOUT_LANGUAGES.get(document.layout, "zh")

    imports = read_imports(workspace)
    try:
        edition = corpus.edition(edition_id)
        new_edition = False
    except UnknownEditionError:
        edition = Edition(
            id=edition_id,
            title=title or f"{path.name}（导入）",
            language=language,
            date=date or document.date or "",
            status="imported",
            numbering=numbering or edition_id,
            rank=max(e.rank for e in corpus.editions) + 1,
            note=f"由 judgekit import 从 {path.name} 导入",
        )
        new_edition = True

    source_id = f"{edition.id}-{_slug(path.stem)}"
    stored_name = source_id + (path.suffix or ".txt")
    entry = {
        "id": source_id,
        "file": stored_name,
        "kind": kind,
        "layout": document.layout,
        "edition": edition.id,
        "language": language,
        "authority": "official",
        "title": title or path.name,
    }
    replaced = any(d["id"] == source_id for d in imports["documents"])
    updated = {
        "editions": imports["editions"] + ([edition._asdict()] if new_edition else []),
        "documents": [d for d in imports["documents"] if d["id"] != source_id] + [entry],
    }

    target = workspace.imports / stored_name
    with staged_copy(path, target):
        write_imports(workspace, updated)
        try:
            rebuild(load(workspace))
        except BaseException:
            write_imports(workspace, imports)
            raise
    return ImportResult(
        source=Source(
            source_id, target, kind, document.layout, edition.id, language, "official", entry["title"], "imported"
        ),
        edition=edition,
        document=document,
        new_edition=new_edition,
        replaced=replaced,
    )
