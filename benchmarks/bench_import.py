"""Importing and indexing a complete rules document (target: <= 5 s for the English Core Rules).

Usage: python benchmarks/bench_import.py [FILE] [--edition ID]
Default FILE: ../shared/reference/core-rules-en-2026-07-16.md (2,381 rules).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from judgekit.corpus import Workspace, load
from judgekit.corpus.importer import import_document
from judgekit.corpus.parsers import parse
from judgekit.index.search import build_index
from judgekit.index.store import Store

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "reference" / "core-rules-en-2026-07-16.md"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--edition", default="en-2026-07-16")
    options = parser.parse_args()
    if not options.file.exists():
        print(f"{options.file} is not here; pass the path of a complete rules document.")
        return 2

    home = Path(tempfile.mkdtemp(prefix="judgekit-import-"))
    workspace = Workspace(home / "cache", home / "data")
    phases: dict[str, float] = {}
    try:
        start = time.perf_counter()
        doc = parse(options.file.read_text(encoding="utf-8"))
        phases["parse the document"] = time.perf_counter() - start

        def rebuild(corpus):
            began = time.perf_counter()
            store = Store.open(workspace, corpus, rebuild=True)
            phases["build the SQLite store (all sources)"] = time.perf_counter() - began
            began = time.perf_counter()
            build_index(workspace, store)
            phases["build the search index (dictionary + whoosh)"] = time.perf_counter() - began

        start = time.perf_counter()
        import_document(workspace, load(workspace), options.file, options.edition, rebuild=rebuild)
        total = time.perf_counter() - start
    finally:
        shutil.rmtree(home, ignore_errors=True)

    print(f"document: {options.file.name}, {len(doc.rules)} rules, {len(doc.problems)} problems")
    for name, seconds in phases.items():
        print(f"  {name:<48} {seconds:6.2f} s")
    verdict = "OK" if total <= 5 else "OVER"
    print(f"import + index, total                              {total:6.2f} s  (target <= 5 s) {verdict}")
    return 0 if total <= 5 else 1


if __name__ == "__main__":
    sys.exit(main())
