"""``judgekit import``: add a complete official document to the judge's own corpus, or remove one.

The document is checked (size, layout, structure, not already imported) before
anything is written.  Under the write lock it is copied into the workspace
under a name of its own, the store and the search index are rebuilt with it,
and only then is the imports manifest replaced: an interruption or a failure at
any point leaves the previous corpus whole.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import Corpus, Edition, Source, Workspace, load, read_document, read_imports, write_imports
from judgekit.corpus.lock import writing
from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import parse
from judgekit.corpus.recognise import check_size, check_structure, kind_of
from judgekit.errors import DocumentError, UnknownEditionError

LAYOUT_LANGUAGES = {"english": "en"}


class ImportResult(NamedTuple):
    source: Source
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool


def _slug(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]+", "-", text).strip("-").lower() or "document"


def check_edition_name(edition_id: str) -> None:
    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z._-]*", edition_id):
        raise DocumentError(f"“{edition_id}”不能作为版本名：只能用字母、数字、“-”“.”“_”，且不能为空")


def _read(path: Path, layout: str | None) -> tuple[str, ParsedDocument]:
    """The document's text and what its layout's parser reads from it; errors name *path*."""
    check_size(path, layout)
    text = read_document(path)
    if not text.strip():
        raise DocumentError(f"{path}：文件是空的；请选择完整的规则或 FAQ 文档")
    try:
        document = parse(text, layout)
    except DocumentError as error:
        raise DocumentError(f"{path}：{error}") from None
    if document.entry_count == 0:
        raise DocumentError(f"{path}：按 {document.layout} 版式没有读到任何规则或 FAQ 条目")
    check_size(path, document.layout)
    check_structure(path, text, document)
    return text, document


def _check_writable(corpus: Corpus, edition_id: str, kind: str) -> None:
    """Bundled rules are read-only: an import may not add rules to an edition judgekit ships."""
    bundled = [s.id for s in corpus.sources if s.origin == "bundled" and s.edition == edition_id and s.kind == "rules"]
    if kind == "rules" and bundled:
        raise DocumentError(
            f"版本 {edition_id} 随 judgekit 提供（{'、'.join(bundled)}），是只读的，导入的规则不能写入其中；"
            f"请换一个新的版本名，如 --edition {edition_id}-local"
        )


def _check_not_imported(imports: dict, sha256: str, source_id: str, path: Path) -> None:
    for entry in imports["documents"]:
        if entry.get("sha256") == sha256 and entry["id"] != source_id:
            raise DocumentError(
                f"{path}：与已导入的 {entry['id']}（来自 {entry.get('from') or entry['file']}）内容相同，无需重复导入；"
                f"要改用别的版本或名称，先运行 judgekit import --remove {entry['id']}"
            )


def import_document(
    workspace: Workspace,
    path: Path,
    edition_id: str,
    *,
    layout: str | None = None,
    date: str | None = None,
    numbering: str | None = None,
    title: str | None = None,
    rebuild: Callable[[Corpus], None],
) -> ImportResult:
    check_edition_name(edition_id)
    text, document = _read(path, layout)
    kind = kind_of(document.layout)
    language = LAYOUT_LANGUAGES.get(document.layout, "zh")
    sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()

    with writing(workspace):
        corpus = load(workspace)  # as it is now that no other judgekit is writing
        imports = read_imports(workspace)
        _check_writable(corpus, edition_id, kind)
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
        if any(s.id == source_id and s.origin == "bundled" for s in corpus.sources):
            raise DocumentError(f"文档编号 {source_id} 已被随 judgekit 提供的文档使用；请给文件换个名字再导入")
        _check_not_imported(imports, sha256, source_id, path)
        entry = {
            "id": source_id,
            "file": f"{source_id}-{sha256[:12]}{path.suffix or '.txt'}",
            "kind": kind,
            "layout": document.layout,
            "edition": edition.id,
            "language": language,
            "authority": "official",
            "title": title or path.name,
            "from": str(path.resolve()),
            "imported": time.strftime("%Y-%m-%d %H:%M"),
            "sha256": sha256,
        }
        earlier = [d for d in imports["documents"] if d["id"] == source_id]
        updated = {
            "editions": imports["editions"] + ([edition._asdict()] if new_edition else []),
            "documents": [d for d in imports["documents"] if d["id"] != source_id] + [entry],
        }
        _replace_sources(workspace, imports, updated, rebuild, copy=(path, entry["file"]))
    return ImportResult(
        source=Source(
            source_id, workspace.imports / entry["file"], kind, document.layout, edition.id, language, "official",
            entry["title"], "imported", entry["from"], entry["imported"],
        ),
        edition=edition,
        document=document,
        new_edition=new_edition,
        replaced=bool(earlier),
    )


def remove_document(workspace: Workspace, source_id: str, rebuild: Callable[[Corpus], None]) -> dict:
    """Undo an import: the document, and its edition when no other document is left in it."""
    with writing(workspace):
        imports = read_imports(workspace)
        entry = next((d for d in imports["documents"] if d["id"] == source_id), None)
        if entry is None:
            known = "、".join(d["id"] for d in imports["documents"]) or "（没有）"
            raise DocumentError(f"没有编号为“{source_id}”的导入文档；已导入的文档：{known}（随 judgekit 提供的文档不能移除）")
        documents = [d for d in imports["documents"] if d["id"] != source_id]
        still_used = {d.get("edition") for d in documents}
        updated = {
            "editions": [e for e in imports["editions"] if e["id"] != entry.get("edition") or e["id"] in still_used],
            "documents": documents,
        }
        _replace_sources(workspace, imports, updated, rebuild)
    return entry


def _replace_sources(
    workspace: Workspace,
    imports: dict,
    updated: dict,
    rebuild: Callable[[Corpus], None],
    copy: tuple[Path, str] | None = None,
) -> None:
    """Copy a new file in, rebuild for *updated*, publish the manifest, then drop files no longer listed.

    Until the manifest is replaced readers keep the previous sources, store and index.
    """
    workspace.imports.mkdir(parents=True, exist_ok=True)
    listed = {d["file"] for d in imports["documents"]}
    copied = None
    if copy and copy[1] not in listed:
        copied = workspace.imports / copy[1]
        shutil.copyfile(copy[0], copied)
    try:
        rebuild(load(workspace, updated))
        write_imports(workspace, updated)
    except BaseException:
        if copied:
            copied.unlink(missing_ok=True)
        raise
    kept = {d["file"] for d in updated["documents"]}
    for name in listed - kept:
        (workspace.imports / name).unlink(missing_ok=True)
