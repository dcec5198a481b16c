"""Shared by the benchmarks: a scratch judgekit home, cold processes, repeated calls in one process, the report line."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

Item = TypeVar("Item")


def command() -> list[str]:
    script = Path(sys.executable).with_name("judgekit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judgekit"]


@contextlib.contextmanager
def scratch_home(prefix: str) -> Iterator[tuple[str, dict]]:
    """A judgekit home of its own, removed afterwards: (its folder, the environment of a process using it)."""
    home = tempfile.mkdtemp(prefix=prefix)
    try:
        yield home, {**os.environ, "JUDGEKIT_HOME": home}
    finally:
        shutil.rmtree(home, ignore_errors=True)


def each_ms(call: Callable[[Item], object], items: Iterable[Item], rounds: int) -> list[float]:
    """Milliseconds of every ``call(item)``, all of *items* *rounds* times over."""
    items = list(items)
    times = []
    for _ in range(rounds):
        for item in items:
            start = time.perf_counter()
            call(item)
            times.append((time.perf_counter() - start) * 1000)
    return times


def cold(args: list[str], runs: int, env: dict, check: bool = True) -> list[float]:
    """Wall milliseconds of ``judgekit ARGS`` in a new process, *runs* times; unchecked runs keep stderr quiet."""

    def run_once(_) -> None:
        stderr = None if check else subprocess.DEVNULL
        subprocess.run(command() + args, env=env, stdout=subprocess.DEVNULL, stderr=stderr, check=check)

    return each_ms(run_once, [args], runs)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, times: list[float], target: float, measure: str = "median") -> bool:
    value = statistics.median(times) if measure == "median" else percentile(times, 0.5)
    ok = value <= target
    print(f"{name:<44} min {min(times):7.1f} ms  {measure} {value:7.1f} ms  p90 {percentile(times, 0.9):7.1f} ms  "
          f"(n={len(times)}, target <= {target:.0f} ms) {'OK' if ok else 'OVER'}")
    return ok


def conditions() -> None:
    """What the cold figures depend on besides the code: the machine's load and cached bytecode."""
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    import judgekit.cli

    compiled = Path(importlib.util.cache_from_source(judgekit.cli.__file__))
    if compiled.exists():
        print("judgekit's bytecode is cached (as after a pip install)")
    else:
        print("judgekit's bytecode is not cached (PYTHONDONTWRITEBYTECODE?): every cold process compiles it, "
              "which `python -m compileall judgekit` avoids")
