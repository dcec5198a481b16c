"""Where documents come from: the bundled corpus and the judge's own imports.

The bundled corpus is ``rules_corpus/`` and ``faq/`` (shipped inside the
package as ``judgekit/_corpus/``), each with a ``manifest.toml``.  Documents a
judge imports are copied into the workspace's data folder and listed in
``imports/manifest.json``.  The SQLite store and the search index are derived
from these sources and rebuilt whenever the sources' fingerprint changes.
"""

from __future__ import annotations

import json
import os
import tomllib
import zlib
from pathlib import Path
from typing import NamedTuple

from judgekit import __version__
from judgekit.errors import DocumentError, UnknownEditionError

PACKAGE_DIR = Path(__file__).resolve().parents[1]
BUNDLED_FOLDERS = ("rules_corpus", "faq")
# Bump when the store's tables or the search index's fields change, so that
# stores built by older code are rebuilt even between releases.
DERIVED_FORMAT = 3


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
        if not self.index_pointer.exists():
            return None
        folder = self.cache / self.index_pointer.read_text(encoding="utf-8").strip()
        return folder if folder.is_dir() else None

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

    def read_text(self) -> str:
        return read_document(self.path)


class Corpus(NamedTuple):
    editions: tuple[Edition, ...]
    sources: tuple[Source, ...]
    glossary: tuple[dict, ...]  # rows of glossary.toml: zh, en, kind
    fingerprint: str  # changes whenever a source, a manifest or judgekit's version does

    def edition(self, edition_id: str) -> Edition:
        """The edition named *edition_id*; “current” names the current edition."""
        for edition in self.editions:
            if edition.id == edition_id or (edition_id == "current" and edition.status == "current"):
                return edition
        known = "、".join(e.id for e in self.editions)
        raise UnknownEditionError(f"未知版本“{edition_id}”；已知版本：{known}")


def _fingerprint(editions: list[Edition], sources: list[Source], glossary: list[dict]) -> str:
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
    for source in sources:
        content = source.path.read_bytes()
        crc, adler = zlib.crc32(content, crc), zlib.adler32(content, adler)
    return f"{crc:08x}{adler:08x}"


def read_document(path: Path) -> str:
    """A document's text, or a DocumentError that says which file and why."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DocumentError(f"{path}：文件不存在") from None
    except IsADirectoryError:
        raise DocumentError(f"{path}：这是一个文件夹，不是文档") from None
    except UnicodeDecodeError as error:
        raise DocumentError(f"{path}：不是 UTF-8 文本（第 {error.start} 字节）") from None


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


def load(workspace: Workspace) -> Corpus:
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
    imported = read_imports(workspace)
    editions += [_edition(entry) for entry in imported["editions"]]
    sources += [_source(entry, workspace.imports, "imported") for entry in imported["documents"]]
    editions.sort(key=lambda e: (e.rank, e.id))
    return Corpus(tuple(editions), tuple(sources), tuple(glossary), _fingerprint(editions, sources, glossary))


def read_imports(workspace: Workspace) -> dict:
    path = workspace.imports / "manifest.json"
    if not path.exists():
        return {"editions": [], "documents": []}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DocumentError(f"{path}：导入文档清单已损坏（{error}）") from None


def write_imports(workspace: Workspace, imports: dict) -> None:
    """Replace the imports manifest atomically, so an interrupted import loses nothing."""
    workspace.imports.mkdir(parents=True, exist_ok=True)
    path = workspace.imports / "manifest.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(imports, ensure_ascii=False, indent=2), encoding="utf-8")
    temporary.replace(path)
