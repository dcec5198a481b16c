"""``judgekit import``: add complete official documents to the judge's own corpus.

Each document is parsed before anything is written; only documents that yield
entries are copied into the workspace and registered, all of them with one
rebuild.  If rebuilding the store then fails, every registration is rolled
back, so an import never loses data.  A document's edition is the one given, or
the one its header states (see :func:`stated_edition`).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import Corpus, Edition, Source, Workspace, load, read_document, read_imports, write_imports
from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import detect_layout, parse
from judgekit.errors import DocumentError

LAYOUT_KINDS = {"faq": "faq", "guide": "guide"}  # every other layout holds rules
DOCUMENT_SUFFIXES = (".txt", ".md")
LAYOUT_LANGUAGES = {"english": "en"}


class ImportResult(NamedTuple):
    path: Path  # the document as the judge named it
    source: Source
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool


class Staged(NamedTuple):
    """A parsed document and the manifest entry that will register it."""

    path: Path
    entry: dict
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool


def documents_in(path: Path) -> tuple[list[Path], list[Path]]:
    """The documents to import from *path* (a file, or a folder's text files), and the files passed over."""
    if not path.is_dir():
        return [path], []
    files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    documents = [p for p in files if p.suffix.lower() in DOCUMENT_SUFFIXES]
    if not documents:
        raise DocumentError(f"{path}：文件夹里没有 .txt 或 .md 文档")
    return documents, [p for p in files if p not in documents]


def _slug(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]+", "-", text).strip("-").lower() or "document"


def _language(document: ParsedDocument, text: str) -> str:
    if document.layout in LAYOUT_LANGUAGES:
        return LAYOUT_LANGUAGES[document.layout]
    chinese = len(re.findall(r"[\u4e00-\u9fff]", text))
    return "zh" if chinese * 10 >= len(text) else "en"


def stated_edition(editions: list[Edition], path: Path, document: ParsedDocument, language: str) -> str:
    """The edition a document belongs to, from what its header states.

    Rules: “en-2026-07-16” for the English core rules of that date (an edition
    of that id is the one it belongs to), “tournament-en-2026-07-16” for
    tournament rules.  An FAQ cites the rules of its time: the newest edition
    dated on or before it.
    """
    if not document.date:
        raise DocumentError(f"{path}：文档没有写明日期，文件名里也没有，无法确定版本；请用 --edition 指定")
    if LAYOUT_KINDS.get(document.layout) == "faq":
        dated = [e for e in editions if e.date and e.date <= document.date]
        if not dated:
            raise DocumentError(f"{path}：{document.date} 之前没有已知版本，无法确定 FAQ 引用的编号；请用 --edition 指定")
        return max(dated, key=lambda e: (e.date, -e.rank)).id
    prefix = "tournament-" if document.kind == "tournament-rules" else ""
    return f"{prefix}{language}-{document.date}"


def stage(
    corpus: Corpus,
    imports: dict,
    path: Path,
    edition_id: str | None,
    *,
    layout: str | None = None,
    date: str | None = None,
    numbering: str | None = None,
    title: str | None = None,
) -> Staged:
    """Parse *path* and describe how it will be registered; writes nothing."""
    text = read_document(path)
    document = parse(text, layout)
    document.date = document.date or _date_in_name(path)
    if document.entry_count == 0:
        raise DocumentError(f"{path}：按 {document.layout} 版式没有读到任何规则或 FAQ 条目")
    kind = LAYOUT_KINDS.get(document.layout, "rules")
    language = _language(document, text)
    known = {e.id: e for e in corpus.editions} | {e["id"]: Edition(**e) for e in imports["editions"]}
    edition_id = edition_id or stated_edition(list(known.values()), path, document, language)
    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z._-]*", edition_id):
        raise DocumentError(f"“{edition_id}”不能作为版本名：只能用字母、数字、“-”“.”“_”")
    edition = known.get(edition_id) or Edition(
        id=edition_id,
        title=title or f"{path.name}（导入）",
        language=language,
        date=date or document.date or "",
        status="imported",
        numbering=numbering or edition_id,
        rank=max(e.rank for e in known.values()) + 1,
        note=f"由 judgekit import 从 {path.name} 导入",
    )
    source_id = f"{edition.id}-{_slug(path.stem)}"
    entry = {
        "id": source_id,
        "file": source_id + (path.suffix or ".txt"),
        "kind": kind,
        "layout": document.layout,
        "edition": edition.id,
        "language": language,
        "authority": "official",
        "title": title or path.name,
    }
    replaced = any(d["id"] == source_id for d in imports["documents"])
    return Staged(path, entry, edition, document, edition_id not in known, replaced)


def import_documents(
    workspace: Workspace,
    corpus: Corpus,
    paths: list[Path],
    edition_id: str | None = None,
    *,
    rebuild: Callable[[Corpus], None],
    **options,
) -> tuple[list[ImportResult], list[tuple[Path, str]]]:
    """Import every document of *paths* that parses, with one rebuild; (imported, refused with why)."""
    imports = read_imports(workspace)
    staged: list[Staged] = []
    refused: list[tuple[Path, str]] = []
    for path in sorted(paths, key=_is_faq):  # rules first: an FAQ may cite an edition imported with it
        try:
            staged.append(stage(corpus, _with(imports, staged), path, edition_id, **options))
        except DocumentError as error:
            refused.append((path, str(error)))
    if staged:
        _register(workspace, imports, staged, rebuild)
    results = [
        ImportResult(
            path=s.path,
            source=_source(s.entry, workspace.imports / s.entry["file"]),
            edition=s.edition,
            document=s.document,
            new_edition=s.new_edition,
            replaced=s.replaced,
        )
        for s in staged
    ]
    return results, refused


def import_document(
    workspace: Workspace,
    corpus: Corpus,
    path: Path,
    edition_id: str | None = None,
    *,
    rebuild: Callable[[Corpus], None],
    **options,
) -> ImportResult:
    results, refused = import_documents(workspace, corpus, [path], edition_id, rebuild=rebuild, **options)
    if refused:
        raise DocumentError(refused[0][1])
    return results[0]


def _date_in_name(path: Path) -> str | None:
    """“faq-zh-unleashed-official-2026-04-29.txt”: the date a file name carries, when the text states none."""
    match = re.search(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)", path.stem)
    return "-".join(match.groups()) if match else None


def _is_faq(path: Path) -> bool:
    try:
        return detect_layout(read_document(path)) == "faq"
    except DocumentError:
        return False


def _with(imports: dict, staged: list[Staged]) -> dict:
    """The imports manifest as it will be once *staged* are registered."""
    ids = {s.entry["id"] for s in staged}
    return {
        "editions": imports["editions"] + [s.edition._asdict() for s in staged if s.new_edition],
        "documents": [d for d in imports["documents"] if d["id"] not in ids] + [s.entry for s in staged],
    }


def _source(entry: dict, path: Path) -> Source:
    return Source(
        entry["id"], path, entry["kind"], entry["layout"], entry["edition"], entry["language"],
        entry["authority"], entry["title"], "imported",
    )


def _register(workspace: Workspace, imports: dict, staged: list[Staged], rebuild: Callable[[Corpus], None]) -> None:
    """Copy the documents in, list them, rebuild; on any failure put everything back as it was."""
    workspace.imports.mkdir(parents=True, exist_ok=True)
    copied: list[tuple[Path, Path]] = []  # (target, backup of what it replaced)
    try:
        for s in staged:
            target = workspace.imports / s.entry["file"]
            backup = target.with_suffix(target.suffix + ".previous")
            if target.exists():
                shutil.copy2(target, backup)
            copied.append((target, backup))
            shutil.copyfile(s.path, target)
        write_imports(workspace, _with(imports, staged))
        rebuild(load(workspace))
    except BaseException:
        write_imports(workspace, imports)
        for target, backup in copied:
            if backup.exists():
                backup.replace(target)
            else:
                target.unlink(missing_ok=True)
        raise
    for _, backup in copied:
        backup.unlink(missing_ok=True)
