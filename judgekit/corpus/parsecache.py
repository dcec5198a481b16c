"""Parsed documents kept between runs, so that an import or a rebuild parses each document once.

Every rebuild of the store parses every source, and a complete rules document
takes about a second to parse: a folder of FAQs imported beside five editions
spent most of its time parsing the editions again.  A parse is kept in the
cache folder under the digest of the text, its layout and the parsing code
itself (every module of :mod:`judgekit.corpus` and :mod:`judgekit.refs`), so a
changed document or a changed parser parses again.  Each caller gets a copy of
its own: the store build adds problems to the documents it merges.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from functools import cache
from pathlib import Path

from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import detect_layout, parse

FOLDER = "parsed"
_kept: dict[str, bytes] = {}  # this run's parses, by key, oldest first
KEPT_IN_MEMORY = 64  # a run parses a corpus's documents (tens); a long test run many more


@cache
def _code_digest() -> str:
    package = Path(__file__).resolve().parent
    files = sorted(package.rglob("*.py")) + [package.parent / "refs.py"]
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


def key(text: str, layout: str | None) -> str:
    return hashlib.sha256(f"{_code_digest()}\0{layout}\0{text}".encode()).hexdigest()[:32]


def parsed(text: str, layout: str | None, cache_folder: Path | None) -> ParsedDocument:
    """``parse(text, layout)``, from this run's or an earlier run's parse when there is one."""
    name = key(text, layout or detect_layout(text))
    path = cache_folder / FOLDER / name if cache_folder is not None else None
    data = _kept.get(name)
    if data is None and path is not None:
        try:
            data = path.read_bytes()
        except OSError:
            pass
    try:
        document = pickle.loads(data) if data is not None else None
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError, ValueError):
        # a damaged cache file is parsed again, never trusted
        document = None
    fresh = document is None
    if fresh:
        document = parse(text, layout)
        data = pickle.dumps(document, protocol=pickle.HIGHEST_PROTOCOL)
    _kept.pop(name, None)
    _kept[name] = data
    while len(_kept) > KEPT_IN_MEMORY:
        del _kept[next(iter(_kept))]
    if path is not None and (fresh or not path.exists()):
        _write(path, data)
    return document


def keep_only(cache_folder: Path, names: set[str]) -> None:
    """Drop the kept parses of documents the corpus no longer has."""
    for file in (cache_folder / FOLDER).glob("*"):
        if file.name not in names:
            file.unlink(missing_ok=True)


def _write(path: Path, data: bytes) -> None:
    """Written beside and renamed into place; a cache that cannot be written only costs time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(path)
    except OSError:
        pass
