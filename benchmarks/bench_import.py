"""Importing and indexing a complete rules document (target: <= 5 s, also with three editions already imported).

Usage: python benchmarks/bench_import.py [FILE] [--edition ID] [--already N]
Default FILE: ../shared/reference/core-rules-en-2026-07-16.md (2,381 rules).
--already N first imports N variants of FILE as editions of their own (default 3),
then measures importing FILE once more, and removing it again.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from judgekit.corpus import Workspace, load
from judgekit.corpus.importer import import_document, remove_document
from judgekit.corpus.parsers import parse
from judgekit.index.rebuild import rebuild_for

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "reference" / "core-rules-en-2026-07-16.md"


def _timed_rebuild(workspace: Workspace, phases: dict[str, float]):
    def rebuild(corpus):
        began = time.perf_counter()
        rebuild_for(workspace, corpus, progress=lambda message: phases.setdefault("store", time.perf_counter() - began))
        phases["store + index"] = time.perf_counter() - began

    return rebuild


def _import(workspace: Workspace, path: Path, edition: str) -> tuple[float, dict[str, float]]:
    phases: dict[str, float] = {}
    start = time.perf_counter()
    import_document(workspace, path, edition, rebuild=_timed_rebuild(workspace, phases))
    return time.perf_counter() - start, phases


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--edition", default="en-2026-07-16")
    parser.add_argument("--already", type=int, default=3)
    options = parser.parse_args()
    if not options.file.exists():
        print(f"{options.file} is not here; pass the path of a complete rules document.")
        return 2

    home = Path(tempfile.mkdtemp(prefix="judgekit-import-"))
    workspace = Workspace(home / "cache", home / "data")
    results = []
    try:
        start = time.perf_counter()
        doc = parse(options.file.read_text(encoding="utf-8"))
        parse_seconds = time.perf_counter() - start
        print(f"document: {options.file.name}, {len(doc.rules)} rules; parse {parse_seconds:.2f} s")

        seconds, _ = _import(workspace, options.file, options.edition)
        results.append(("import into a fresh home", seconds))
        for n in range(options.already):
            variant = home / f"variant-{n}{options.file.suffix}"
            variant.write_text(options.file.read_text(encoding="utf-8") + f"\n<!-- variant {n} -->\n", encoding="utf-8")
            seconds, _ = _import(workspace, variant, f"bench-{n}")
            results.append((f"import with {n + 1} edition(s) already imported", seconds))
        source_id = next(s.id for s in load(workspace).sources if s.edition == f"bench-{options.already - 1}")
        start = time.perf_counter()
        remove_document(workspace, source_id, _timed_rebuild(workspace, {}))
        results.append((f"import --remove with {options.already + 1} imported", time.perf_counter() - start))
    finally:
        shutil.rmtree(home, ignore_errors=True)

    worst = max(seconds for _, seconds in results)
    for name, seconds in results:
        print(f"  {name:<48} {seconds:6.2f} s")
    print(f"slowest {worst:.2f} s (target <= 5 s) {'OK' if worst <= 5 else 'OVER'}")
    return 0 if worst <= 5 else 1


if __name__ == "__main__":
    sys.exit(main())
