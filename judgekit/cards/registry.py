"""Where imported card files live, and the fingerprint that says when cards.db is stale.

Card files are kept apart from rules and FAQ documents: they are copied into
``<data>/imports/cards/`` and listed in its ``manifest.json``; the derived
``<cache>/cards.db`` (and the card search index) are rebuilt from them.  Rule
lookups and rule search never read them, so importing cards leaves both alone.
Standard library only: ``judgekit card`` checks the fingerprint on every run.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import NamedTuple

from judgekit import __version__
from judgekit.corpus import Workspace, bundled_root
from judgekit.errors import DocumentError

# Bump when the card tables change, so that older card stores are rebuilt.
CARDS_FORMAT = 3  # 2: compiled card trees (card_trees, card_compiled); 3: card_sources, errata notes
DAMAGED = "damaged"  # the kind of card problem of a stored card file deleted or damaged since its import


class CardDocument(NamedTuple):
    id: str
    file: str
    kind: str  # cards | errata
    format: str  # see judgekit.cards.formats
    language: str
    title: str
    date: str


def folder(workspace: Workspace) -> Path:
    return workspace.imports / "cards"


def database(workspace: Workspace) -> Path:
    return workspace.cache / "cards.db"


def read_manifest(workspace: Workspace) -> list[CardDocument]:
    path = folder(workspace) / "manifest.json"
    if not path.exists():
        return []
    try:
        return [CardDocument(**entry) for entry in json.loads(path.read_text(encoding="utf-8"))["documents"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise DocumentError(f"{path}：卡牌文件清单已损坏（{error}）；删除它并重新导入卡牌文件") from None


def write_manifest(workspace: Workspace, documents: list[CardDocument]) -> None:
    """Replace the manifest atomically, so an interrupted import loses nothing."""
    target = folder(workspace)
    target.mkdir(parents=True, exist_ok=True)
    temporary = target / "manifest.tmp"
    content = {"documents": [document._asdict() for document in documents]}
    temporary.write_text(json.dumps(content, ensure_ascii=False, indent=2), encoding="utf-8")
    temporary.replace(target / "manifest.json")


# The stored compiled trees depend on the compilers and on which forms the engine runs (the gate).
_COMPILER_SOURCES = ("cardtext", "engine", "scenarios")


_PACKAGE = Path(__file__).resolve().parent.parent


def compiler_signature(package: Path = _PACKAGE) -> list:
    """Name, size and mtime of every source file the stored trees depend on: a changed compiler or
    engine (a new release, or a developer's edit without a version bump) rebuilds the trees.
    Listed with os.scandir, not Path.glob: 0.2 ms instead of 1.2 ms for the 49 files, in every lookup."""
    signature = []
    for folder_name in _COMPILER_SOURCES:
        try:
            with os.scandir(package / folder_name) as entries:
                sources = sorted((e for e in entries if e.name.endswith((".py", ".json"))), key=lambda e: e.name)
        except FileNotFoundError:
            continue
        signature += [(f"{folder_name}/{entry.name}", stat.st_size, stat.st_mtime_ns)
                      for entry in sources for stat in (entry.stat(),)]
    return signature


def stored_file_signature(workspace: Workspace, documents: list[CardDocument]) -> list:
    """Size, mtime and ctime of each imported card file, not its content: reading and checksumming the
    4 MB of the reference card files took 7 ms of every `judgekit card`.  The files are judgekit's own
    copies, so any write to one (or a chmod, a restore) changes its ctime; None when it is missing."""
    signature = []
    for document in documents:
        try:
            stat = (folder(workspace) / document.file).stat()
        except OSError:
            signature.append(None)  # deleted: the build leaves the file out and reports it
            continue
        signature.append((stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns))
    return signature


def fingerprint(workspace: Workspace, documents: list[CardDocument]) -> str:
    """A checksum of the card files, the code that compiles them and the glossary (which links a card's
    keywords to the rules and names the keywords the engine knows), CRC-32: cheap to import and to run."""
    described = json.dumps([__version__, CARDS_FORMAT, compiler_signature(), [d._asdict() for d in documents],
                            stored_file_signature(workspace, documents)], sort_keys=True).encode()
    crc = zlib.crc32((bundled_root() / "rules_corpus" / "glossary.toml").read_bytes(), zlib.crc32(described))
    return f"{crc:08x}"
