"""How quickly each hostile scenario file of tests/test_scenario_limits.py is refused (target: well under 5 s each).

Each case runs `judgekit run` in a cold process with the bundled corpus; prints the milliseconds per case.

Usage: python benchmarks/bench_hostile.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _timing import command, scratch_home
from test_scenario_limits import CASES


def main() -> int:
    with scratch_home("judgekit-bench-") as (_home, env), tempfile.TemporaryDirectory() as folder:
        subprocess.run(command() + ["rule", "820.1"], env=env, stdout=subprocess.DEVNULL, check=True)  # builds the store
        for name, (text, _message) in CASES.items():
            path = Path(folder) / "hostile.yaml"
            path.write_text(text, encoding="utf-8")
            started = time.perf_counter()
            done = subprocess.run(command() + ["run", str(path)], env=env, capture_output=True, check=False)
            elapsed = (time.perf_counter() - started) * 1000
            print(f"{name:32s} {elapsed:8.0f} ms  exit {done.returncode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
