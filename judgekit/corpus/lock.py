"""One writer at a time: a lock around everything that writes a judgekit home.

Building the store or the search index, importing and removing documents all
take this lock (a maintained cross-platform file lock, :mod:`filelock`).
Readers never take it: they use the last complete store and index, which
writers replace only by renaming a finished file or folder into place.  A
reader that finds derived data out of date becomes a writer for the rebuild.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from judgekit.errors import JudgekitError

# Long enough for another judge's import or full rebuild to finish on a slow laptop.
DEFAULT_WAIT_SECONDS = 120.0
_locks: dict = {}


class BusyError(JudgekitError):
    """Another judgekit process kept the home locked for longer than the wait."""


def wait_seconds() -> float:
    """The bounded wait for another writer; ``JUDGEKIT_LOCK_WAIT`` overrides it."""
    try:
        return max(0.0, float(os.environ.get("JUDGEKIT_LOCK_WAIT", DEFAULT_WAIT_SECONDS)))
    except ValueError:
        return DEFAULT_WAIT_SECONDS


@contextlib.contextmanager
def writing(workspace) -> Iterator[None]:
    """Hold the write lock of *workspace* (a ``sources.Workspace``: the home); re-entrant within one process."""
    from filelock import FileLock, Timeout

    workspace.cache.mkdir(parents=True, exist_ok=True)
    path = workspace.cache / "write.lock"
    lock = _locks.setdefault(str(path), FileLock(path))
    wait = wait_seconds()
    try:
        lock.acquire(timeout=wait)
    except Timeout:
        raise BusyError(
            f"另一个 judgekit 正在写入 {workspace.cache}（导入或重建索引），等待 {wait:.0f} 秒后仍未完成；"
            f"请等它结束后重试（可用环境变量 JUDGEKIT_LOCK_WAIT 调整等待秒数）。"
        ) from None
    try:
        yield
    finally:
        lock.release()
