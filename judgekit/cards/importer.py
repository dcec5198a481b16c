"""``judgekit import`` for card data and errata lists.

The file is recognised and parsed completely before anything is written; then it
is copied into the card folder, listed in its manifest, and ``cards.db`` is
rebuilt from every card file.  If the rebuild fails, the manifest and the copied
file are put back as they were, so an import never leaves half a card store.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import NamedTuple

from judgekit.cards.build import BuildReport, build_cards
from judgekit.cards.formats import FORMAT_KINDS, FORMAT_LANGUAGES, CardFile, detect_format, read_bytes, read_card_file
from judgekit.cards.registry import CardDocument, database, folder, read_manifest, write_manifest
from judgekit.corpus import Workspace, staged_copy
from judgekit.editions.order import is_date
from judgekit.errors import DocumentError

# Card data files run to a few MB; an errata list is a few dozen KB.
MAX_BYTES = {"cards": 32 * 1024 * 1024, "errata": 2 * 1024 * 1024, "names": 2 * 1024 * 1024}
KINDS = ("cards", "errata", "names")


class CardImportResult(NamedTuple):
    document: CardDocument
    parsed: CardFile
    report: BuildReport
    replaced: bool
    path: Path | None = None  # the file as the judge named it


def recognise(path: Path, kind: str | None = None) -> str | None:
    """The card format of *path*, or None when it is no card file and no card kind was asked for.

    A file larger than any card file could be is not read: it is no card file (the document
    import refuses it by its own limit), or, when a card kind was asked for, too large for it.
    """
    largest = MAX_BYTES.get(kind, max(MAX_BYTES.values()))
    if path.is_file() and path.stat().st_size > largest:
        if kind in KINDS:
            raise DocumentError(f"{path}：文件有 {path.stat().st_size // (1024 * 1024)} MB，超过{kind}文件的上限 "
                                f"{largest // (1024 * 1024)} MB")
        return None
    raw = read_bytes(path)
    fmt = detect_format(raw)
    if kind in KINDS and (fmt is None or FORMAT_KINDS[fmt] != kind):
        expected = {"cards": "卡牌数据 JSON（官方中文卡表、官方英文卡库、riftcodex 列表或勘误 overlay）",
                    "errata": "勘误表（[新文本]/[旧文本] 或 [NEW TEXT]/[OLD TEXT]）",
                    "names": "卡名对照表（| Chinese | English | code |）"}[kind]
        raise DocumentError(f"{path}：不是可识别的{expected}；请检查文件内容")
    if fmt and len(raw) > MAX_BYTES[FORMAT_KINDS[fmt]]:
        limit = MAX_BYTES[FORMAT_KINDS[fmt]] // (1024 * 1024)
        raise DocumentError(f"{path}：文件有 {len(raw) // (1024 * 1024)} MB，超过{FORMAT_KINDS[fmt]}文件的上限 {limit} MB")
    return fmt


def _document_id(path: Path, fmt: str) -> str:
    slug = re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]+", "-", path.stem).strip("-").lower() or "cards"
    return slug if slug.startswith(fmt.split("-")[0]) else f"{fmt}-{slug}"


def import_card_file(
    workspace: Workspace, path: Path, fmt: str, *, date: str | None = None, title: str | None = None
) -> CardImportResult:
    results, refused = import_card_files(workspace, [(path, fmt)], date=date, title=title)
    if refused:
        raise refused[0][1]
    return results[0]


def import_card_files(
    workspace: Workspace, files: list[tuple[Path, str]], *, date: str | None = None, title: str | None = None
) -> tuple[list[CardImportResult], list[tuple[Path, DocumentError]]]:
    """Import card files (a folder's: its errata lists, cards, name tables) with one build of the card store.

    Each file is read and checked first; one that cannot be read is refused with why and the others
    are imported.  Returns (imported, refused).
    """
    if date and not is_date(date):
        raise DocumentError(f"--date {date}：不是有效的日期；应写作 YYYY-MM-DD")
    read, refused = [], []
    for path, fmt in files:
        try:
            parsed = read_card_file(path, fmt, date)
        except DocumentError as error:
            refused.append((path, error))
            continue
        document = CardDocument(
            id=_document_id(path, fmt), file="", kind=FORMAT_KINDS[fmt], format=fmt,
            language=FORMAT_LANGUAGES[fmt], title=title or path.name, date=parsed.date,
        )
        read.append((path, document._replace(file=document.id + (path.suffix or ".txt")), parsed))
    if not read:
        return [], refused
    previous = read_manifest(workspace)
    ids = {document.id for _, document, _ in read}
    documents = [d for d in previous if d.id not in ids] + [document for _, document, _ in read]
    with contextlib.ExitStack() as copies:
        for path, document, _ in read:
            copies.enter_context(staged_copy(path, folder(workspace) / document.file))
        write_manifest(workspace, documents)
        try:
            report = build_cards(workspace, documents)
        except BaseException:
            write_manifest(workspace, previous)
            raise
    known = {d.id for d in previous}
    return [CardImportResult(document, parsed, report, document.id in known, path)
            for path, document, parsed in read], refused


def remove_card_file(workspace: Workspace, document_id: str) -> CardDocument | None:
    """Undo a card import (None when *document_id* is no imported card file); the card store is rebuilt first."""
    previous = read_manifest(workspace)
    removed = next((d for d in previous if d.id == document_id), None)
    if removed is None:
        return None
    remaining = [d for d in previous if d.id != document_id]
    write_manifest(workspace, remaining)
    try:
        if remaining:
            build_cards(workspace, remaining)
        else:
            database(workspace).unlink(missing_ok=True)
    except BaseException:
        write_manifest(workspace, previous)
        raise
    (folder(workspace) / removed.file).unlink(missing_ok=True)
    return removed
