"""Random arguments and files thrown at the command line: never a traceback, exit 0/1/2, lookups intact."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from judgekit.cli import app

COMMANDS = [
    ["rule"], ["search"], ["faq", "show"], ["faq", "search"], ["faq", "list"], ["cite"], ["editions"],
    ["import"], ["index", "problems"], ["index", "info"], ["run"], ["run", "--check"],
]
OPTIONS = ["-e", "--edition", "--json", "--limit", "-k", "--format", "--layout", "--remove", "--explain", "--date"]
# Values that broke judgekit once: numbers past SQLite's integers, digits of other scripts, empty editions.
HOSTILE = st.sampled_from([
    "٨٢٠.١", "๘๒๐", "99999999999999999999999", "faq:99999999999999999999999", "-1", "0", "820.1", "faq:3",
    "faq:", "faq:abc", "1e9", "３", "", " ", "--", "current", "820." + ".1.a" * 30, "回响 " * 300,
])
WORDS = st.one_of(HOSTILE, st.text(max_size=30), st.sampled_from(OPTIONS))
FILE_CONTENT = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400),
    st.sampled_from([
        "820.1\n所属：回响\n文字。\n", "问题？\n答案。\n相关规则：820.1\n", "title: x\n", "a: &a [*a]\n",
        "title: x\nstate: " + "[" * 3000 + "]" * 3000 + "\n", "",
    ]),
)


@pytest.fixture(scope="module")
def fuzz_home(bundled_home, tmp_path_factory):
    home = tmp_path_factory.mktemp("fuzz") / "home"
    shutil.copytree(bundled_home, home)
    return home


# derandomize: the same 200 cases on every run, so CI never fails by chance (they include numbers that
# overflowed SQLite before this check existed).
@settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    command=st.sampled_from(COMMANDS),
    first=HOSTILE,
    words=st.lists(WORDS, max_size=4),
    content=st.one_of(st.none(), FILE_CONTENT),
    suffix=st.sampled_from([".txt", ".yaml", ".YML", ".md", ""]),
)
def test_random_command_lines(fuzz_home, tmp_path, command, first, words, content, suffix):
    args = [*command, first, *words]
    if content is not None:
        path = tmp_path / f"fuzz{suffix}"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        args.append(str(path))
    result = CliRunner().invoke(app, args, env={"JUDGEKIT_HOME": str(fuzz_home), "JUDGEKIT_LOCK_WAIT": "60"})
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output


def test_bundled_lookups_still_answer_after_fuzzing(fuzz_home):
    """Runs after the fuzzing above (same module home): nothing it did broke the bundled corpus."""
    runner = CliRunner()
    env = {"JUDGEKIT_HOME": str(fuzz_home)}
    assert "[回响]是一种可选额外费用关键词。" in runner.invoke(app, ["rule", "820.1"], env=env).stdout
    assert "820.1" in runner.invoke(app, ["search", "回响"], env=env).stdout
    assert runner.invoke(app, ["faq", "show", "3"], env=env).exit_code == 0
