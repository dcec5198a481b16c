"""Where documents come from: the bundled corpus and the judge's own imports.

The bundled corpus is ``rules_corpus/`` and ``faq/`` (shipped inside the
package as ``judgekit/_corpus/``), each with a ``manifest.toml``.  Documents a
judge imports are copied into the workspace's data folder and listed in
``imports/manifest.json``.  The SQLite store and the search index are derived
from these sources and rebuilt whenever the sources' fingerprint changes.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import shutil
import time
import tomllib
import zlib
from pathlib import Path
from typing import NamedTuple

from judgekit import __version__
from judgekit.corpus.lock import writing
from judgekit.editions.order import newest_first
from judgekit.errors import DocumentError, UnknownEditionError

PACKAGE_DIR = Path(__file__).resolve().parents[1]
BUNDLED_FOLDERS = ("rules_corpus", "faq")
# Bump when the store's tables or the search index's fields change, so that
# stores built by older code are rebuilt even between releases.
DERIVED_FORMAT = 9
TOURNAMENT = "tournament"  # the kind of a tournament-rules document: editions, numbers and lookups of their own


class Workspace(NamedTuple):
    """The folders judgekit writes to: derived data (cache) and imported documents (data)."""

    cache: Path
    data: Path

    @classmethod
    def default(cls) -> Workspace:
        """``$JUDGEKIT_HOME/{cache,data}``, or the XDG cache and data folders."""
        if home := os.environ.get("JUDGEKIT_HOME"):
            return cls(Path(home) / "cache", Path(home) / "data")
        user = Path.home()
        cache = Path(os.environ.get("XDG_CACHE_HOME") or user / ".cache")
        data = Path(os.environ.get("XDG_DATA_HOME") or user / ".local" / "share")
        return cls(cache / "judgekit", data / "judgekit")

    @property
    def database(self) -> Path:
        return self.cache / "judgekit.db"

    @property
    def index_pointer(self) -> Path:
        """A file naming the search index folder in use (see :mod:`judgekit.index.search`)."""
        return self.cache / "index.current"

    def current_index(self) -> Path | None:
        """The newest complete index folder; None when the pointer is missing or damaged."""
        try:
            name = self.index_pointer.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        folder = self.cache / name
        return folder if name.startswith("index-") and "/" not in name and folder.is_dir() else None

    @property
    def imports(self) -> Path:
        return self.data / "imports"


class Edition(NamedTuple):
    id: str
    title: str
    language: str
    date: str
    status: str  # current | superseded | earlier | imported
    numbering: str
    rank: int
    note: str = ""


class Source(NamedTuple):
    """One document: where it is, what it is, and which edition its numbers belong to."""

    id: str
    path: Path
    kind: str
    layout: str | None
    edition: str | None
    language: str
    authority: str
    title: str
    origin: str = "bundled"
    imported_from: str = ""  # the file a judge imported, and when
    imported_at: str = ""

    def read_text(self) -> str:
        return read_document(self.path)


class Corpus(NamedTuple):
    editions: tuple[Edition, ...]
    sources: tuple[Source, ...]
    glossary: tuple[dict, ...]  # rows of glossary.toml: zh, en, kind
    fingerprint: str  # changes whenever a source, a manifest or judgekit's version does
    warnings: tuple[str, ...] = ()  # imported documents left out, a manifest set aside

    def edition(self, edition_id: str) -> Edition:
        """The edition named *edition_id*; “current” names the current edition."""
        if not edition_id.strip():
            raise UnknownEditionError(f"版本名是空的；请写版本名，如 -e current 或 -e {self.editions[0].id}")
        for edition in self.editions:
            if edition.id == edition_id or (edition_id == "current" and edition.status == "current"):
                return edition
        known = "、".join(e.id for e in self.editions)
        raise UnknownEditionError(f"未知版本“{edition_id}”；已知版本：{known}")

    def editions_of(self, kind: str) -> tuple[Edition, ...]:
        """The editions holding *kind*'s rules (``rules`` or ``tournament``), in lookup order.

        Tournament rules are dated reissues of one document: the newest comes first,
        whatever order they were imported in.
        """
        tournament = {source.edition for source in self.sources if source.kind == TOURNAMENT}
        if kind != TOURNAMENT:
            return tuple(edition for edition in self.editions if edition.id not in tournament)
        held = [edition for edition in self.editions if edition.id in tournament]
        return tuple(sorted(held, key=lambda edition: (edition.date, -edition.rank), reverse=True))


def _fingerprint(editions: list[Edition], sources: list[Source], glossary: list[dict], contents: list[bytes]) -> str:
    """A checksum of everything the store and the index are derived from, read once per load.

    CRC-32 is enough to notice a change and, unlike hashlib, costs nothing to
    import on the start-up path of ``judgekit rule``.
    """
    described = json.dumps(
        [
            __version__,
            DERIVED_FORMAT,
            [e._asdict() for e in editions],
            glossary,
            [{**s._asdict(), "path": s.path.name} for s in sources],
        ],
        sort_keys=True,
    ).encode()
    crc, adler = zlib.crc32(described), zlib.adler32(described)
    for content in contents:
        crc, adler = zlib.crc32(content, crc), zlib.adler32(content, adler)
    return f"{crc:08x}{adler:08x}"


@contextlib.contextmanager
def _reading(path: Path):
    """A missing file, or a folder where a document was expected, as a DocumentError naming it."""
    try:
        yield
    except FileNotFoundError:
        raise DocumentError(f"{path}：文件不存在") from None
    except IsADirectoryError:
        raise DocumentError(f"{path}：这是一个文件夹，不是文档") from None
    except PermissionError:
        raise DocumentError(f"{path}：没有读取这个文件的权限；请检查它的权限（如 chmod a+r）") from None


def read_document(path: Path) -> str:
    """A document's text, or a DocumentError that says which file and why."""
    if path.exists() and not (path.is_file() or path.is_dir()):
        raise DocumentError(f"{path}：不是普通文件（设备、管道或套接字）；请给出文档文件")
    try:
        with _reading(path):
            return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise not_utf8(path, error) from None


def not_utf8(path: Path, error: UnicodeDecodeError) -> DocumentError:
    """The refusal of a file that is not UTF-8, with the encoding it looks like and the conversion that fixes it."""
    raw = error.object
    if raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) or raw[:200].count(0) > len(raw[:200]) // 4:
        encoding = "UTF-16"
    else:
        try:
            raw.decode("gb18030")  # GBK's superset: what a Chinese Windows editor saves as “ANSI”
            encoding = "GB18030"
        except UnicodeDecodeError:
            encoding = ""
    looks = f"看起来是 {encoding} 编码；" if encoding else ""
    command = f"，如 iconv -f {encoding} -t UTF-8 {path.name} > {path.stem}-utf8{path.suffix}" if encoding else ""
    return DocumentError(f"{path}：不是 UTF-8 文本（第 {error.start} 字节）；{looks}请先把它另存为 UTF-8{command}，再导入")


def read_bytes(path: Path) -> bytes:
    """A file's content, or a DocumentError that says which file and why."""
    with _reading(path):
        return path.read_bytes()


def bundled_root() -> Path:
    """The installed corpus, or the repository's top level when running from a checkout."""
    installed = PACKAGE_DIR / "_corpus"
    return installed if installed.is_dir() else PACKAGE_DIR.parent


def bundled_glossary() -> list[dict]:
    """The bundled game terms (zh, en, kind) of ``rules_corpus/glossary.toml``."""
    return _read_toml(bundled_root() / "rules_corpus" / "glossary.toml")["terms"]


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DocumentError(f"{path}：无法读取清单（{error}）") from None


def _source(entry: dict, folder: Path, origin: str) -> Source:
    return Source(
        imported_from=entry.get("from", ""),
        imported_at=entry.get("imported", ""),
        id=entry["id"],
        path=folder / entry["file"],
        kind=entry["kind"],
        layout=entry.get("layout"),
        edition=entry.get("edition"),
        language=entry.get("language", "zh"),
        authority=entry.get("authority", "official"),
        title=entry.get("title", entry["id"]),
        origin=origin,
    )


def _edition(entry: dict) -> Edition:
    return Edition(**{key: entry.get(key, "") for key in Edition._fields})


def load(workspace: Workspace, imports: dict | None = None) -> Corpus:
    """The bundled corpus and the judge's imports (*imports* overrides the manifest on disk)."""
    root = bundled_root()
    editions: list[Edition] = []
    sources: list[Source] = []
    glossary: list[dict] = []
    for name in BUNDLED_FOLDERS:
        folder = root / name
        manifest = _read_toml(folder / "manifest.toml")
        editions += [_edition(entry) for entry in manifest.get("edition", [])]
        sources += [_source(entry, folder, "bundled") for entry in manifest.get("document", [])]
        if (folder / "glossary.toml").exists():
            glossary += _read_toml(folder / "glossary.toml")["terms"]
    contents = [source.path.read_bytes() for source in sources]
    # The judge vocabulary decides which words the index keeps whole: a changed one needs a new index.
    contents += [(root / name / "vocabulary.toml").read_bytes() for name in BUNDLED_FOLDERS
                 if (root / name / "vocabulary.toml").exists()]
    warnings: list[str] = []
    if imports is None:
        imports = _usable_imports(workspace, warnings)
    editions += [_edition(entry) for entry in imports["editions"]]
    for entry in imports["documents"]:
        source = _source(entry, workspace.imports, "imported")
        try:
            contents.append(source.path.read_bytes())
            sources.append(source)
        except OSError as error:
            problem = "不存在（被删除或移走了）" if isinstance(error, FileNotFoundError) else f"无法读取（{error.strerror}）"
            warnings.append(
                f"导入的文档 {source.path} {problem}，已略过（其余功能照常）；"
                f"请重新导入该文档，或用 judgekit import --remove {source.id} 移除它。"
            )
    editions = newest_first(sorted(editions, key=lambda e: (e.rank, e.id)))
    fingerprint = _fingerprint(editions, sources, glossary, contents)
    return Corpus(tuple(editions), tuple(sources), tuple(glossary), fingerprint, tuple(warnings))


def imports_manifest(workspace: Workspace) -> Path:
    return workspace.imports / "manifest.json"


def read_imports(workspace: Workspace) -> dict:
    """The imports manifest; a DocumentError naming the file when it is damaged."""
    path = imports_manifest(workspace)
    if not path.exists():
        return {"editions": [], "documents": []}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DocumentError(f"导入文档清单 {path} 已损坏（{error}）") from None
    if reason := _manifest_shape_error(data):
        raise DocumentError(f"导入文档清单 {path} 已损坏（{reason}）")
    return data


def _manifest_shape_error(data) -> str | None:
    """What is wrong with the manifest's structure, or None."""
    if not isinstance(data, dict):
        return "顶层应为对象"
    required = {"editions": ("id",), "documents": ("id", "file", "kind")}
    for key, fields in required.items():
        entries = data.get(key)
        if not isinstance(entries, list):
            return f"“{key}”应为列表"
        for entry in entries:
            if not isinstance(entry, dict) or not all(isinstance(entry.get(f), str) and entry[f] for f in fields):
                return f"“{key}”中的条目应为对象，且有字段 {'、'.join(fields)}"
            if not all(isinstance(value, (str, int)) for value in entry.values()):
                return f"“{key}”中的条目 {entry.get('id')} 的字段应为文字或数字"
            if key == "editions" and not isinstance(entry.get("rank"), int):
                return f"版本 {entry['id']} 的 rank 应为整数"
            if key == "documents" and Path(entry["file"]).name != entry["file"]:
                return f"文档 {entry['id']} 的文件名“{entry['file']}”不能含路径"
    return None


def _usable_imports(workspace: Workspace, warnings: list[str]) -> dict:
    """The manifest; a damaged one is renamed aside (once, under the write lock) and reported."""
    try:
        return read_imports(workspace)
    except DocumentError:
        with writing(workspace):
            try:
                return read_imports(workspace)  # another writer may have repaired it meanwhile
            except DocumentError as error:
                path = imports_manifest(workspace)
                aside = path.with_name(f"manifest.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
                path.replace(aside)
                warnings.append(
                    f"{error}；已移到 {aside}，导入的文档暂不可用（内置语料照常）。"
                    f"请重新导入需要的文档（judgekit import 文件 --edition 版本）。"
                )
        return {"editions": [], "documents": []}


def write_imports(workspace: Workspace, imports: dict) -> None:
    """Replace the imports manifest atomically (write, fsync, rename), so an interruption loses nothing."""
    workspace.imports.mkdir(parents=True, exist_ok=True)
    path = imports_manifest(workspace)
    temporary = path.with_name(f"manifest.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            file.write(json.dumps(imports, ensure_ascii=False, indent=2))
            file.flush()
            os.fsync(file.fileno())  # the new content is on disk before the rename makes it current
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(workspace.imports)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable: fsync the folder that holds it (where the platform allows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some platforms and file systems cannot sync a folder
    finally:
        os.close(descriptor)


def replace_derived(built: Path, target: Path) -> None:
    """Move the complete derived file *built* (a store) to *target*.

    Whatever else stands at *target* (a folder) is derived data too: it is set aside as
    ``<name>.damaged-<time>`` rather than stopping every command that needs the file.
    """
    if target.is_dir():
        target.rename(target.with_name(f"{target.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"))
    built.replace(target)


@contextlib.contextmanager
def staged_copy(path: Path, target: Path):
    """Copy *path* to *target*; if the ``with`` block fails, *target* gets back what it held."""
    target.parent.mkdir(parents=True, exist_ok=True)
    backup = target.with_suffix(target.suffix + ".previous")
    if target.exists():
        shutil.copy2(target, backup)
    shutil.copyfile(path, target)
    try:
        yield
    except BaseException:
        if backup.exists():
            backup.replace(target)
        else:
            target.unlink(missing_ok=True)
        raise
    backup.unlink(missing_ok=True)
