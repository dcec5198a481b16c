"""The blind set: FAQ rulings written as a judge would, before the engine was changed for them.

``blind/`` holds official rulings the examples did not reproduce when the set was written; they are
allowed to fail and their expectations are never changed to fit the engine.  For each scenario:

* **verdict right** — it loads, every step runs, and every expectation that is not about citations holds
  (checkpoints and ``expect_illegal`` included);
* **deciding rule cited** — it runs and every ``cites:`` expectation holds;
* **invalid** — the scenario format could not express it: the file is refused as it loads.

A scenario that loads but stops at a step (a refused action, an open decision) is neither right nor
invalid: the engine, not the format, failed it.

Usage: python benchmarks/bench_blind.py [--verbose]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLIND = ROOT / "blind"


def outcome(path: Path) -> tuple[str, bool, bool, str]:
    """(status, verdict right, rule cited, detail) of one blind scenario."""
    from judgekit.errors import ScenarioError
    from judgekit.scenarios import runner, scenario

    try:
        loaded = scenario.load(path)
    except ScenarioError as error:
        return "invalid", False, False, str(error)
    try:
        trace = runner.run(loaded)
    except ScenarioError as error:
        return "stopped", False, False, str(error)
    except Exception as error:  # noqa: BLE001 — an engine crash is this scenario's result, not the benchmark's end
        return "stopped", False, False, f"引擎出错：{type(error).__name__}: {error}"
    cite_lines = {e.node.line for e in loaded.expectations if "cites" in e.data or "not_cites" in e.data}
    cites = [v for v in trace.verdicts if v.line in cite_lines]
    others = [v for v in trace.verdicts if v.line not in cite_lines]
    failed = "; ".join(f"{v.description}: 预期 {v.expected}，实际 {v.actual}" for v in trace.verdicts if not v.passed)
    verdict_right = all(v.passed for v in others)
    cited = bool(cites) and all(v.passed for v in cites)
    return "ran", verdict_right, cited, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="the reason for each scenario that is not right")
    args = parser.parse_args()
    os.environ.setdefault("JUDGEKIT_HOME", tempfile.mkdtemp(prefix="judgekit-blind-"))
    sys.path.insert(0, str(ROOT))
    files = sorted(BLIND.glob("*.yaml"))
    right = cited = invalid = 0
    for path in files:
        status, verdict_right, rule_cited, detail = outcome(path)
        right += verdict_right
        cited += rule_cited
        invalid += status == "invalid"
        mark = {"invalid": "无效", "stopped": "中止"}.get(status, "✓" if verdict_right else "✗")
        line = f"{mark} {'引用✓' if rule_cited else '引用✗'} {path.name}"
        print(line + (f"\n    {detail}" if args.verbose and detail else ""))
    total = len(files)
    print(f"verdict right: {right}/{total}")
    print(f"deciding rule cited: {cited}/{total}")
    print(f"invalid (format could not express it): {invalid}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
