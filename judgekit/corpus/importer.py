"""``judgekit import``: add complete official documents to the judge's own corpus, or remove one.

Every document is checked (size, layout, structure, not already imported)
before anything is written; a folder's documents are checked one by one and
those that pass are imported together.  Under the write lock they are copied
into the workspace under names of their own, the store and the search index
are rebuilt with them, and only then is the imports manifest replaced: an
interruption or a failure at any point leaves the previous corpus whole.  A
document's edition is the one given, or the one its header states (see
:func:`stated_edition`).
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
from judgekit.corpus.header import is_patch_notes
from judgekit.corpus.lock import writing
from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsecache import parsed
from judgekit.corpus.parsers import detect_layout
from judgekit.corpus.parsers.faq import faq_parts
from judgekit.corpus.recognise import check_size, check_structure, document_kind, kind_of
from judgekit.corpus.sources import TOURNAMENT
from judgekit.corpus.twins import is_twin, shared_questions
from judgekit.errors import DocumentError

DOCUMENT_SUFFIXES = (".txt", ".md")
LAYOUT_LANGUAGES = {"english": "en"}


class ImportResult(NamedTuple):
    path: Path  # the document as the judge named it
    source: Source
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool
    replaces: str | None = None  # the imported twin it replaced (the same FAQ in another layout)


class Staged(NamedTuple):
    """A checked document and the manifest entry that will register it."""

    path: Path
    entry: dict
    edition: Edition
    document: ParsedDocument
    new_edition: bool
    replaced: bool
    text: str | None = None  # the part of *path* it is, when the file holds several FAQs
    replaces: str | None = None  # the imported twin it replaces (the same FAQ in another layout)


class ImportPlan(NamedTuple):
    """What ``judgekit import PATH`` does with each file it finds."""

    card_files: list[tuple[Path, str]]  # card data, errata lists and name tables, with their format
    documents: list[Path]  # rules and FAQ documents
    passed_over: list[Path]  # a folder's other files
    refused: tuple[tuple[Path, str], ...] = ()  # a folder's files that cannot be read, with the reason


def plan_import(path: Path, kind: str | None = None) -> ImportPlan:
    """Sort *path* (a file, or a folder's files) into card files and documents.

    Only regular files are sniffed for card data: a device or folder given
    alone goes to the document import, which refuses it with a reason.
    """
    from judgekit.cards.formats import FORMAT_KINDS
    from judgekit.cards.importer import KINDS, recognise

    if not path.is_dir():
        card_format = recognise(path, kind) if path.is_file() and kind not in ("rules", "faq") else None
        return ImportPlan([(path, card_format)] if card_format else [], [] if card_format else [path], [])
    files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    card_files, refused = [], []
    for file in files:  # one file that cannot be read is reported with the others' results, not the end of them all
        try:
            if fmt := recognise(file):
                card_files.append((file, fmt))
        except DocumentError as error:
            refused.append((file, str(error)))
    seen = {p for p, _ in card_files} | {p for p, _ in refused}
    documents = [p for p in files if p not in seen and p.suffix.lower() in DOCUMENT_SUFFIXES]
    if not card_files and not documents and not refused:
        raise DocumentError(f"{path}：文件夹里没有规则、FAQ 文档（.txt、.md）或卡牌数据")
    by_kind = sorted(card_files, key=lambda pair: KINDS.index(FORMAT_KINDS[pair[1]]))  # cards before their errata
    return ImportPlan(by_kind, documents, [p for p in files if p not in seen and p not in documents], tuple(refused))


def _slug(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]+", "-", text).strip("-").lower() or "document"


MAX_EDITION_NAME = 64  # the name is part of file names: far below any file system's limit


def check_edition_name(edition_id: str) -> None:
    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z._-]*", edition_id):
        raise DocumentError(f"“{edition_id}”不能作为版本名：只能用字母、数字、“-”“.”“_”，且不能为空")
    if len(edition_id) > MAX_EDITION_NAME:
        raise DocumentError(f"版本名“{edition_id[:20]}…”有 {len(edition_id)} 个字符，超过上限 {MAX_EDITION_NAME}；请用短一些的名字")
    if edition_id.lower() == "current":
        raise DocumentError("“current”不能作为版本名：-e current 指当前版本；请换一个名字，如 zh-2026-10-10-local")


def _read(path: Path, layout: str | None, part: str | None = None) -> tuple[str, ParsedDocument]:
    """The document's text (or *part*, one FAQ of the file) and what its layout's parser reads from it; errors name *path*."""
    check_size(path, layout)
    text = read_document(path) if part is None else part
    if not text.strip():
        raise DocumentError(f"{path}：文件是空的；请选择完整的规则或 FAQ 文档")
    if is_patch_notes(text):
        raise DocumentError(
            f"{path}：这是补丁说明（介绍规则改了什么），不是规则或 FAQ 文档，不会导入；请导入改动生效后的完整核心规则"
        )
    try:
        document = parsed(text, layout, None)
    except DocumentError as error:
        raise DocumentError(f"{path}：{error}") from None
    if document.entry_count == 0:
        raise DocumentError(f"{path}：按 {document.layout} 版式没有读到任何规则或 FAQ 条目")
    check_size(path, document.layout)
    check_structure(path, text, document)
    document.date = document.date or _date_in_name(path)
    return text, document


def _date_in_name(path: Path) -> str | None:
    """“faq-zh-unleashed-official-2026-04-29.txt”: the date a file name carries, when the text states none."""
    match = re.search(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)", path.stem)
    return "-".join(match.groups()) if match else None


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
    if kind_of(document.layout) == "faq":
        dated = [e for e in editions if e.date and e.date <= document.date]
        if not dated:
            raise DocumentError(
                f"{path}：{document.date} 之前没有已知的规则版本，无法确定 FAQ 引用的编号；"
                f"请先导入当时的核心规则，或用 --edition 指定"
            )
        return max(dated, key=lambda e: (e.date, -e.rank)).id
    prefix = "tournament-" if document_kind(document) == TOURNAMENT else ""
    return f"{prefix}{language}-{document.date}"


def _tournament_editions(corpus: Corpus, imports: dict) -> set[str]:
    """The editions that hold tournament rules, bundled or imported."""
    documents = [(s.kind, s.edition) for s in corpus.sources] + [(d["kind"], d.get("edition")) for d in imports["documents"]]
    return {edition for kind, edition in documents if kind == TOURNAMENT}


def _check_same_document(edition_id: str, kind: str, tournament: set[str], known: set[str]) -> None:
    """Tournament rules and the core rules (with the FAQs citing them) never share an edition: their numbers differ."""
    if edition_id not in known:
        return
    if kind == TOURNAMENT and edition_id not in tournament:
        raise DocumentError(f"版本 {edition_id} 是核心规则的版本，赛事规则不能导入其中；请省略 --edition（按页眉日期自动确定）")
    if kind != TOURNAMENT and edition_id in tournament:
        raise DocumentError(f"版本 {edition_id} 是赛事规则的版本，核心规则或 FAQ 不能导入其中；请换一个版本")


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
    replace: bool = False,
    part: tuple[str, str] | None = None,
    batch: tuple[Staged, ...] = (),
) -> Staged:
    """Check *path* and describe how it will be registered; writes nothing.

    *batch*: the documents of the same import staged before it; an FAQ that is one of theirs in
    another layout is refused (a folder holding one FAQ twice keeps the first).

    Rules whose text the edition already holds from an import are replaced only with *replace*:
    otherwise the import is refused with what would change (a damaged copy must not win silently).
    """
    text, document = _read(path, layout, part[1] if part else None)
    kind = document_kind(document)
    language = _language(document, text)
    known = {e.id: e for e in corpus.editions} | {e["id"]: Edition(**e) for e in imports["editions"]}
    tournament = _tournament_editions(corpus, imports)
    # An FAQ cites the core rules of its time, never a tournament edition of the same date.
    cited = [e for e in known.values() if e.id not in tournament] if kind == "faq" else list(known.values())
    edition_id = edition_id or stated_edition(cited, path, document, language)
    check_edition_name(edition_id)
    _check_writable(corpus, edition_id, kind)
    _check_same_document(edition_id, kind, tournament, set(known))
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
    source_id = f"{edition.id}-{_slug(path.stem)}" + (f"-{_slug(part[0])}" if part else "")
    if any(s.id == source_id and s.origin == "bundled" for s in corpus.sources):
        raise DocumentError(f"文档编号 {source_id} 已被随 judgekit 提供的文档使用；请给文件换个名字再导入")
    sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()
    _check_not_imported(imports, sha256, source_id, path)
    twin = _twin(corpus, document, source_id) if kind == "faq" else None
    if twin is not None and (twin.origin == "bundled" or not replace):
        raise DocumentError(_twin_message(path, document, twin))
    if kind == "faq":
        _check_not_staged_twice(path, document, batch)
    entry = {
        "id": source_id,
        "file": f"{source_id}-{sha256[:12]}{path.suffix or '.txt'}",
        "kind": kind,
        "layout": document.layout,
        "edition": edition.id,
        "language": language,
        "authority": "official",
        "title": title or (f"{path.name} · {part[0]}" if part else path.name),
        "from": str(path.resolve()),
        "imported": time.strftime("%Y-%m-%d %H:%M"),
        "sha256": sha256,
    }
    replaced = any(d["id"] == source_id for d in imports["documents"])
    if not replace and document.rules and (changes := _changed_rules(corpus, edition.id, source_id, document)):
        shown = "\n".join(f"  {change}" for change in changes[:10])
        more = f"\n  …另有 {len(changes) - 10} 条" if len(changes) > 10 else ""
        raise DocumentError(
            f"{path}：导入会改动版本 {edition.id} 中已导入的 {len(changes)} 条规则：\n{shown}{more}\n"
            f"确认以本文件为准请加 --replace；文件若是损坏的副本，请换用完整的原文件"
        )
    return Staged(path, entry, edition, document, edition_id not in known, replaced or twin is not None,
                  part[1] if part else None, twin.id if twin else None)


def _twin(corpus: Corpus, document: ParsedDocument, source_id: str) -> Source | None:
    """The FAQ of the store that holds the same entries as *document* (in any layout), if there is one."""
    for source in corpus.sources:
        if source.kind == "faq" and source.id != source_id:
            try:
                if is_twin(document, parsed(source.read_text(), source.layout, None)):
                    return source
            except DocumentError:
                continue  # a stored copy that cannot be read any more is reported on every command
    return None


def _twin_message(path: Path, document: ParsedDocument, twin: Source) -> str:
    found, of = shared_questions(document, parsed(twin.read_text(), twin.layout, None))
    same = f"是同一份 FAQ（{of} 个问题中 {found} 个相同，只是版式不同），同一份文档不会保留两份"
    if twin.origin == "bundled":
        return f"{path}：与随 judgekit 提供的 {twin.id}（{twin.title}）{same}；无需导入"
    return (f"{path}：与已导入的 {twin.id}（来自 {twin.imported_from or twin.path.name}）{same}；"
            f"要以本文件替换它，请加 --replace")


def _check_not_staged_twice(path: Path, document: ParsedDocument, batch: tuple[Staged, ...]) -> None:
    """Refuse an FAQ whose twin (the same entries in another layout) this import already takes.

    The FAQs of one file (each under its own heading and date) are different documents by its own account.
    """
    for earlier in batch:
        if earlier.entry["kind"] == "faq" and earlier.path != path and is_twin(document, earlier.document):
            found, of = shared_questions(document, earlier.document)
            name = earlier.path.name
            raise DocumentError(
                f"{path}：与同一次导入的 {name} 是同一份 FAQ（{of} 个问题中 {found} 个相同，只是版式不同），"
                f"同一份文档不会保留两份；已导入 {earlier.path.name}，本文件未导入。"
                f"要改用本文件，导入后运行 judgekit import {path} --replace"
            )


def _changed_rules(corpus: Corpus, edition_id: str, source_id: str, document: ParsedDocument) -> list[str]:
    """What *document* would change in the rules its edition already has from imports, a line per rule."""
    earlier: dict[str, tuple[str, str]] = {}
    for source in corpus.sources:
        if source.edition == edition_id and source.origin != "bundled" and source.kind not in ("faq", "guide"):
            try:
                rules = parsed(source.read_text(), source.layout, None).rules
            except DocumentError:
                continue  # a stored copy that cannot be read any more is reported on every command
            earlier.update((rule.ref, (rule.text, source.id)) for rule in rules)
    new = {rule.ref: rule.text for rule in document.rules}
    changed = [f"{ref}：“{_excerpt(text)}” → “{_excerpt(new[ref])}”"
               for ref, (text, _) in earlier.items() if ref in new and new[ref] != text]
    gone = [f"{ref}：不再有这条规则" for ref, (_, owner) in earlier.items() if owner == source_id and ref not in new]
    return changed + gone


def _excerpt(text: str, width: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def import_documents(
    workspace: Workspace,
    paths: list[Path],
    edition_id: str | None = None,
    *,
    rebuild: Callable[[Corpus], None],
    **options,
) -> tuple[list[ImportResult], list[tuple[Path, str]]]:
    """Import every document of *paths* that passes its checks, with one rebuild; (imported, refused with why)."""
    with writing(workspace):
        corpus = load(workspace)  # as it is now that no other judgekit is writing
        imports = read_imports(workspace)
        staged: list[Staged] = []
        refused: list[tuple[Path, str]] = []
        for path in sorted(paths, key=_is_faq):  # rules first: an FAQ may cite an edition imported with it
            for part in _parts(path):
                try:
                    staged.append(stage(corpus, _with(imports, staged), path, edition_id, part=part,
                                        batch=tuple(staged), **options))
                except DocumentError as error:
                    refused.append((path, str(error)))
        if staged:
            copies = tuple((s.path, s.entry["file"], s.text) for s in staged)
            _replace_sources(workspace, imports, _with(imports, staged), rebuild, copies)
    results = [
        ImportResult(s.path, _source(s.entry, workspace.imports / s.entry["file"]), s.edition, s.document,
                     s.new_edition, s.replaced, s.replaces)
        for s in staged
    ]
    return results, refused


def import_document(
    workspace: Workspace, path: Path, edition_id: str | None = None, *, rebuild: Callable[[Corpus], None], **options
) -> ImportResult:
    """Import one document; a DocumentError says why it was refused."""
    results, refused = import_documents(workspace, [path], edition_id, rebuild=rebuild, **options)
    if refused:
        raise DocumentError(refused[0][1])
    return results[0]


def _parts(path: Path) -> list[tuple[str, str] | None]:
    """The FAQs *path* holds, each (title, text), when it holds several; [None] for a file that is one document."""
    try:
        check_size(path, None)
        return faq_parts(read_document(path)) or [None]
    except (DocumentError, OSError):
        return [None]  # staging the file reports why it cannot be read


def _is_faq(path: Path) -> bool:
    try:
        check_size(path, None)  # a file too large for any document is refused, unread, as it is staged
        return detect_layout(read_document(path)) == "faq"
    except (DocumentError, OSError):
        return False


def _with(imports: dict, staged: list[Staged]) -> dict:
    """The imports manifest as it will be once *staged* are registered."""
    ids = {s.entry["id"] for s in staged} | {s.replaces for s in staged if s.replaces}
    return {
        "editions": imports["editions"] + [s.edition._asdict() for s in staged if s.new_edition],
        "documents": [d for d in imports["documents"] if d["id"] not in ids] + [s.entry for s in staged],
    }


def _source(entry: dict, path: Path) -> Source:
    return Source(
        entry["id"], path, entry["kind"], entry["layout"], entry["edition"], entry["language"],
        entry["authority"], entry["title"], "imported", entry["from"], entry["imported"],
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
    copies: tuple[tuple[Path, str, str | None], ...] = (),
) -> None:
    """Copy new files in, rebuild for *updated*, publish the manifest, then drop files no longer listed.

    Until the manifest is replaced readers keep the previous sources, store and index.
    """
    workspace.imports.mkdir(parents=True, exist_ok=True)
    listed = {d["file"] for d in imports["documents"]}
    copied = []
    try:
        for source, name, part in copies:  # a part of a file of several FAQs is stored alone
            if name not in listed:
                copied.append(workspace.imports / name)
                if part is None:
                    shutil.copyfile(source, copied[-1])
                else:
                    copied[-1].write_text(part, encoding="utf-8")
        rebuild(load(workspace, updated))
        write_imports(workspace, updated)
    except BaseException:
        for path in copied:
            path.unlink(missing_ok=True)
        raise
    kept = {d["file"] for d in updated["documents"]}
    for name in listed - kept:
        (workspace.imports / name).unlink(missing_ok=True)
