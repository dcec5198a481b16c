"""Never broken, never wrong, on any terminal: the second round of hostile input (issue 17).

docs/reliability.md lists every case with the test that checks it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT
from test_cards import card_files, imported  # noqa: F401 - fixtures

# Every command, with arguments that reach its output (and a few that reach its errors).
EVERY_COMMAND = [
    ["--help"], ["rule", "--help"], ["rule"], ["nosuchcommand"],
    ["rule", "820.1"], ["rule", "820.1", "--json"], ["rule", "820.10"], ["search", "回响", "费用"],
    ["faq", "list"], ["faq", "show", "3"], ["faq", "search", "灵魂折镜"],
    ["card", "雷鸣"], ["card", "铁砧卫士", "--format", "markdown"], ["cards", "search", "眩晕"], ["cards", "info"],
    ["cite", "820.2.a", "faq:3", "card:TST-004", "--format", "markdown"], ["editions"],
    ["index", "info"], ["index", "problems"],
    ["run", str(ROOT / "examples" / "disputes" / "02-shield-and-tank.yaml")],
    ["import", "{doc}", "--edition", "zh-enc"], ["import", "--remove", "zh-enc-doc"], ["index", "rebuild"],
]

RUN_EVERY_COMMAND = """
import sys
from judgekit.cli import main
for args in {commands!r}:
    print("=== " + " ".join(args), flush=True)
    print("=== " + " ".join(args), file=sys.stderr, flush=True)
    sys.argv = ["judgekit", *args]
    try:
        main()
    except SystemExit as exit:
        print(f"=== exit {{exit.code or 0}}", flush=True)
"""


@pytest.mark.parametrize("encoding", ["gbk", "latin-1", "big5"])
def test_every_command_on_a_terminal_that_is_not_utf8(imported, tmp_path, encoding):  # noqa: F811
    doc = tmp_path / "doc.txt"
    doc.write_text("820.1\n所属：回响\n[回响]是一种关键词。\n820.1.a\n所属：回响\n子规则。\n", encoding="utf-8")
    commands = [[arg.format(doc=doc) for arg in args] for args in EVERY_COMMAND]
    env = {**os.environ, "JUDGEKIT_HOME": str(imported), "PYTHONIOENCODING": encoding, "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-c", RUN_EVERY_COMMAND.format(commands=commands)],
                          check=False, env=env, cwd=ROOT, capture_output=True, timeout=600)
    out, err = done.stdout.decode(encoding), done.stderr.decode(encoding)
    assert done.returncode == 0 and "Traceback" not in err and "UnicodeEncodeError" not in err, err[-3000:]
    assert out.count("=== exit") == len(commands), out[-3000:]
    if encoding == "latin-1":
        assert "?" in out
    else:  # characters the encoding has arrive as written (Big5 has no Simplified 规则, 错误)
        assert "已重建" in out and (encoding == "big5" or "规则" in out and "错误" in err)


# -- unsafe output ------------------------------------------------------------------------


def test_control_characters_of_imported_text_are_escaped(bundled_home, tmp_path, monkeypatch, cli):
    import shutil

    from test_cards import zh_card

    home = tmp_path / "home"
    shutil.copytree(bundled_home, home)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    catalog = tmp_path / "catalog.json"
    hostile = "抽一张牌。\x1b[2J\x1b]0;pwned\x07\r\u202e"
    catalog.write_text(json.dumps({"cards": [zh_card("TST·001/100", "恶意卡", effect=hostile)] * 1
                                   + [zh_card(f"TST·{n:03}/100", f"卡{n}") for n in range(2, 5)]},
                                  ensure_ascii=False), "utf-8")
    assert cli("import", str(catalog))[0] == 0
    code, out, _ = cli("card", "恶意卡")
    assert code == 0 and "\\x1b" in out and "\\x07" in out and "\\r" in out and "\\u202e" in out
    assert not any(c in out for c in "\x1b\x07\r\u202e")
    code, _, err = cli("rule", "82\x1b[31m0")
    assert code == 1 and "\x1b" not in err and "\\x1b" in err
