"""What every run would otherwise read again, kept in judgekit's cache folder: the fields of the FAQ catalogue the
engine uses, as JSON, and the card library's definitions, pickled.

``examples/faq/rulings.yaml`` is about 150 KB: even libyaml takes some 50 ms to read
it, on every ``judgekit run`` of a FAQ scenario, where the JSON of the few fields the
engine needs loads in a couple of milliseconds.  The cache is keyed by a hash of the
YAML text, so an edited catalogue is read again.  ``cards/library.yaml`` is read, checked
and built into definitions by every run (some 14 ms); its pickle (under a millisecond) is
kept with the text it was built from and the signature of the code and glossary that build
it, so an edited library, engine, scenario reader or glossary builds it again.  A cache that
cannot be read or written is passed over, never an error.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from judgekit import __version__
from judgekit.corpus import Workspace, bundled_root

FIELDS = ("id", "source", "topic", "scenario", "wording_reason", "conflict")
FORMAT = 1
LIBRARY_FORMAT = 1


def cache_path() -> Path:
    return Workspace.default().cache / "faq-catalogue.json"


def entries(text: str, parse: Callable[[str], dict]) -> list[dict]:
    """The catalogue's rulings (only FIELDS) from the cache when *text* is unchanged, else ``parse(text)``."""
    import hashlib  # imported here, as tempfile below: only a FAQ scenario's run comes this way

    key = f"{FORMAT}:{hashlib.sha256(text.encode('utf-8')).hexdigest()}"
    path = cache_path()
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
        if cached["key"] == key:
            return cached["rulings"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # missing, damaged or unreadable: read the YAML
    rulings = [{field: entry[field] for field in FIELDS if field in entry} for entry in parse(text)["rulings"]]
    _store(path, key, rulings)
    return rulings


def library_definitions(text: str, build: Callable[[], dict]) -> dict:
    """The card library's definitions built from *text*: from the cache when it was built from the same text by the
    same code with the same glossary, else ``build()`` (read and checked), kept for the next run."""
    import pickle

    from judgekit.cards.registry import compiler_signature  # the engine's and the scenario readers' files

    glossary = (bundled_root() / "rules_corpus" / "glossary.toml").stat()
    key = (LIBRARY_FORMAT, __version__, compiler_signature(), glossary.st_size, glossary.st_mtime_ns, text)
    path = Workspace.default().cache / "card-library.pickle"
    try:
        cached_key, definitions = pickle.loads(path.read_bytes())
        if cached_key == key:
            return definitions
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError, ValueError):
        pass  # missing, damaged or from another version of the code: build it
    definitions = build()
    _write(path, pickle.dumps((key, definitions), protocol=pickle.HIGHEST_PROTOCOL))
    return definitions


def _store(path: Path, key: str, rulings: list[dict]) -> None:
    """Write the cache, only when JSON gives back exactly what the YAML said."""
    try:
        encoded = json.dumps({"key": key, "rulings": rulings}, ensure_ascii=False)
    except (TypeError, ValueError):
        return  # a value JSON cannot hold (a date): no cache
    if json.loads(encoded)["rulings"] != rulings:
        return  # e.g. a number used as a key: JSON would hand it back as text
    _write(path, encoded.encode("utf-8"))


def _write(path: Path, data: bytes) -> None:
    """Write a cache file atomically; a folder that cannot be written leaves no cache."""
    import tempfile  # imported here: only a run that builds a cache comes this way

    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError:
        if temporary:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
