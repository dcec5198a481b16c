"""Hostile scenario files: every one is refused with file:line and never stops run --check.

How quickly each is refused is measured by benchmarks/bench_hostile.py, not asserted here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "disputes" / "01-assault-adds-up.yaml"


def _alias_bomb() -> str:
    lines = ["title: x", "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for previous, name in zip("abcdefghij", "bcdefghijk"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _example(old: str, new: str) -> str:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


CASES = {
    "alias bomb": (_alias_bomb(), ":7: 展开别名"),
    "deep flow nesting": ("title: x\nstate: " + "[" * 10_000 + "]" * 10_000 + "\n", ":2: 嵌套超过 40 层"),
    "deep block nesting": ("title: x\n" + "".join(" " * i + "a:\n" for i in range(100)), ":42: 嵌套超过 40 层"),
    "huge file": ("title: x\n" + "# padding\n" * 200_000, ": 文件有 2000009 个字符，超过上限"),
    "deck of a hundred million": (_example("B: {}", "B: {deck: 100000000}"), ":10: deck 为 100000000"),
    "damage": (_example("{id: 中士, card: 先锋中士}", "{id: 中士, card: 先锋中士, damage: 99999999}"),
               ":15: damage 为 99999999"),
    "negative printed might": (_example("state:", "cards:\n  假人: {type: unit, might: -3}\nstate:"),
                               ":5: 牌“假人”的印刷战力为 -3"),
    "long script": (_example("script:\n", "script:\n" + "  - next_phase: true\n" * 5001),
                    ":16: script 有 5003 步"),
    "wrong edition": (_example("edition: zh-2026-07-17", "edition: zh-nothing"), ":3: edition：未知版本"),
    "edition of another numbering": (_example("edition: zh-2026-07-17", "edition: zh-2026-10-10"),
                                     ":3: edition 为 zh-2026-10-10"),
}


@pytest.mark.parametrize("name", CASES)
def test_hostile_scenario_is_refused_with_file_and_line(bundled, cli, tmp_path, name):
    text, message = CASES[name]
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    code, _out, err = cli("run", str(path))
    assert code == 2 and err.startswith(f"错误：{path}") and message in err, err
    assert "Traceback" not in err


def test_run_check_runs_every_file_whatever_its_case_and_however_bad(bundled, cli, tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "good.YAML")
    shutil.copy(EXAMPLE, tmp_path / "also-good.Yml")
    for n, name in enumerate(CASES):
        (tmp_path / f"bad{n}.yaml").write_text(CASES[name][0], encoding="utf-8")
    code, out, err = cli("run", "--check", str(tmp_path))
    assert code == 2 and "Traceback" not in err
    assert out.count("通过") == 2 and out.count("无效") == len(CASES) and f"共 {len(CASES) + 2} 个场景" in out
