"""Several judges at once: imports, a rebuild and searches in parallel processes on one judgekit home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

JUDGEKIT = [sys.executable, "-c", "from judgekit.cli import main; main()"]


def _document(n: int) -> str:
    """A small export document whose rules are its own (so no two imports share a hash)."""
    return "".join(f"9{n}{k}.1\n所属：并发测试{n}\n第 {n} 份文档的第 {k} 条规则。\n" for k in range(5))


def _start(args: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen(JUDGEKIT + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_parallel_imports_and_searches_leave_a_working_home(tmp_path):
    env = {**os.environ, "JUDGEKIT_HOME": str(tmp_path / "home"), "JUDGEKIT_LOCK_WAIT": "300"}
    assert subprocess.run(JUDGEKIT + ["search", "回响"], env=env, capture_output=True, check=False).returncode == 0
    paths = []
    for n in range(3):
        paths.append(tmp_path / f"doc{n}.txt")
        paths[-1].write_text(_document(n), encoding="utf-8")
    imports = [_start(["import", str(path), "--edition", f"zh-par{n}"], env) for n, path in enumerate(paths)]
    imports.insert(1, _start(["index", "rebuild"], env))
    searches = []
    while any(p.poll() is None for p in imports) or len(searches) < 3:
        searches.append(_start(["search", "回响", "--json"], env))
        searches[-1].wait(timeout=300)
        time.sleep(0.05)
    for process in imports:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0 and ("已导入" in out or "已重建" in out), err
    for process in searches:
        out, err = process.communicate()
        # never a traceback, never "no results": the bundled 回响 rules are always found
        assert process.returncode == 0, err
        assert "Traceback" not in err and any(hit["ref"] == "820.1" for hit in json.loads(out))

    done = subprocess.run(JUDGEKIT + ["editions", "--json"], env=env, capture_output=True, text=True, check=False)
    assert {f"zh-par{n}" for n in range(3)} <= {row["id"] for row in json.loads(done.stdout)}
    for n in range(3):
        found = subprocess.run(JUDGEKIT + ["rule", f"9{n}1.1", "--json"], env=env, capture_output=True, text=True, check=False)
        assert found.returncode == 0 and json.loads(found.stdout)["edition"] == f"zh-par{n}"
    found = subprocess.run(JUDGEKIT + ["search", "并发测试2", "--json"], env=env, capture_output=True, text=True, check=False)
    assert found.returncode == 0 and "zh-par2" in {hit["edition"] for hit in json.loads(found.stdout)}
    rebuilt = subprocess.run(JUDGEKIT + ["index", "rebuild"], env=env, capture_output=True, text=True, check=False)
    assert rebuilt.returncode == 0, rebuilt.stderr


def test_searches_never_wait_for_an_index_rebuild(tmp_path):
    """The rebuilt index is made beside the one in use: readers keep answering without the lock."""
    env = {**os.environ, "JUDGEKIT_HOME": str(tmp_path / "home")}
    assert subprocess.run(JUDGEKIT + ["search", "回响"], env=env, capture_output=True, check=False).returncode == 0
    rebuild = _start(["index", "rebuild"], env)
    readers = {**env, "JUDGEKIT_LOCK_WAIT": "0"}  # a reader that needed the lock would fail at once
    overlapping = 0
    while rebuild.poll() is None:
        search = subprocess.run(JUDGEKIT + ["search", "回响", "--json"], env=readers, capture_output=True, text=True, check=False)
        assert search.returncode == 0, search.stderr
        assert any(hit["ref"] == "820.1" for hit in json.loads(search.stdout))
        overlapping += rebuild.poll() is None
    _, err = rebuild.communicate()
    assert rebuild.returncode == 0, err
    assert overlapping >= 1
