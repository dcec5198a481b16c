"""The fields of the FAQ catalogue the engine uses, kept as JSON in judgekit's cache folder.

``examples/faq/rulings.yaml`` is about 150 KB: even libyaml takes some 50 ms to read
it, on every ``judgekit run`` of a FAQ scenario, where the JSON of the few fields the
engine needs loads in a couple of milliseconds.  The cache is keyed by a hash of the
YAML text, so an edited catalogue is read again; a cache that cannot be read or
written is passed over, never an error.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from judgekit.corpus import Workspace

FIELDS = ("id", "source", "topic", "scenario", "wording_reason", "conflict")
FORMAT = 1


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


def _store(path: Path, key: str, rulings: list[dict]) -> None:
    """Write the cache atomically, only when JSON gives back exactly what the YAML said."""
    import tempfile

    try:
        encoded = json.dumps({"key": key, "rulings": rulings}, ensure_ascii=False)
    except (TypeError, ValueError):
        return  # a value JSON cannot hold (a date): no cache
    if json.loads(encoded)["rulings"] != rulings:
        return  # e.g. a number used as a key: JSON would hand it back as text
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(encoded)
        os.replace(temporary, path)
    except OSError:
        if temporary:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
