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


# -- limits ----------------------------------------------------------------------------------


def test_query_limits_apply_to_the_normalised_text():
    from judgekit.errors import UsageError
    from judgekit.index.query import MAX_QUERY_CHARS, checked_query

    short = "\ufdfa" * 20  # 20 characters, 360 once NFKC-normalised
    assert len(short) < MAX_QUERY_CHARS
    with pytest.raises(UsageError, match="360 个字符"):
        checked_query([short])
    with pytest.raises(UsageError, match="个词"):
        checked_query(["\u3000".join("回响" for _ in range(30))])  # ideographic spaces split words too


@pytest.mark.parametrize("words, message", [
    ([""], "搜索内容是空的；请输入关键词，如 judgekit cards search"),
    (["眩晕"] * 1000, "超过上限"),  # whoosh's RecursionError before
    (["\ufdfa" * 20], "360 个字符"),
])
def test_cards_search_has_the_search_limits(imported, cli, words, message):  # noqa: F811
    code, _, err = cli("cards", "search", *words)
    assert code == 2 and err.startswith("错误：") and message in err


def test_cards_search_of_a_long_word_answers(imported, cli):  # noqa: F811
    code, _, err = cli("cards", "search", "抽一张牌造成伤害" * 20)
    assert code == 0 and err == ""


# -- card files that are not what they claim ---------------------------------------------------


@pytest.mark.parametrize("field, value", [
    ("cardName", 123), ("subTitle", ["a"]), ("cardEffect", {"x": 1}), ("cardCategoryName", ["单位"]),
])
def test_a_card_field_of_the_wrong_type_is_named(fresh, cli, tmp_path, field, value):
    from test_cards import zh_card

    cards = [zh_card(f"TST·{n:03}/100", f"卡{n}") for n in range(1, 5)]
    cards[2][field] = value
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"cards": cards}, ensure_ascii=False), "utf-8")
    code, _, err = cli("import", str(path))
    assert code == 1 and err.startswith("错误：") and f"第 3 项的 {field} 应是文字" in err and str(path) in err
    assert "Traceback" not in err


def test_deeply_nested_json_is_refused(fresh, cli, tmp_path):
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    code, _, err = cli("import", str(path))
    assert code == 1 and err.startswith("错误：") and str(path) in err
    code, _, err = cli("import", str(path), "--kind", "cards")
    assert code == 1 and "不是可识别的卡牌数据" in err


# -- unclear messages ---------------------------------------------------------------------------

RULES = "820.1\n所属：回响\n[回响]是一种关键词。\n820.1.a\n所属：回响\n子规则。\n820.10\n所属：回响\n另一条规则。\n"


def _document(tmp_path, name="doc.txt", text=RULES):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _unreadable(monkeypatch, path):
    """*path* as a file its reader has no permission for (chmod cannot do it: the tests may run as root)."""
    from pathlib import Path

    for method in ("read_bytes", "read_text"):
        original = getattr(Path, method)

        def refuse(self, *args, _original=original, **kwargs):
            if self == path:
                raise PermissionError(13, "Permission denied", str(self))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(Path, method, refuse)


def test_an_unreadable_file_is_named_in_chinese(fresh, cli, tmp_path, monkeypatch):
    path = _document(tmp_path)
    _unreadable(monkeypatch, path)
    code, _, err = cli("import", str(path), "--edition", "zh-test")
    assert code == 1 and err.startswith("错误：") and str(path) in err and "没有读取这个文件的权限" in err


def test_an_unreadable_file_does_not_stop_a_folder_import(fresh, cli, tmp_path, monkeypatch):
    folder = tmp_path / "folder"
    folder.mkdir()
    good = _document(folder, "good.txt")
    bad = _document(folder, "bad.json", "{}")
    _unreadable(monkeypatch, bad)
    code, out, err = cli("import", str(folder), "--edition", "zh-test")
    assert code == 1 and f"已导入 {good.name}" in out and f"错误：{bad}：没有读取这个文件的权限" in err
    assert "zh-test" in [row["id"] for row in json.loads(cli("editions", "--json")[1])]


@pytest.mark.parametrize("args, message", [
    (("",), "要导入的文件名是空的"),
    (("{doc}", "--edition", "zh-test", "--date", "2025-13-45"), "--date 2025-13-45：不是有效的日期"),
    (("{doc}", "--edition", "zh-test", "--date", "20250101"), "--date 20250101：不是有效的日期；应写作 YYYY-MM-DD"),
])
def test_usage_mistakes_of_import_name_the_value(fresh, cli, tmp_path, args, message):
    doc = _document(tmp_path)
    code, _, err = cli("import", *(arg.format(doc=doc) for arg in args))
    assert code == 2 and err.startswith("错误：") and message in err
    assert "zh-test" not in cli("editions")[1]


@pytest.mark.parametrize("edition, message", [
    ("current", "“current”不能作为版本名"),
    ("CURRENT", "“current”不能作为版本名"),
    ("x" * 300, "有 300 个字符，超过上限"),
])
def test_an_edition_name_that_cannot_work_is_refused(fresh, cli, tmp_path, edition, message):
    code, _, err = cli("import", str(_document(tmp_path)), "--edition", edition)
    assert code == 1 and err.startswith("错误：") and message in err and "File name too long" not in err


def test_a_full_disk_is_named_as_such_and_not_blamed_on_the_source(fresh, cli, tmp_path, monkeypatch):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "sendfile", full)  # how shutil copies on Linux; it names both files in the error
    source = _document(tmp_path)
    code, _, err = cli("import", str(source), "--edition", "zh-test")
    assert code == 1 and err.startswith("错误：磁盘已满，无法写入 ") and str(fresh.imports) in err
    assert f"写入 {source}" not in err


def test_a_full_disk_while_the_store_is_written_is_named_as_such_not_as_damage(fresh, cli, monkeypatch):
    import sqlite3

    import judgekit.index.build

    def full(*args, **kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise error

    monkeypatch.setattr(judgekit.index.build, "build_store", full)
    code, _, err = cli("rule", "820.1")
    assert code == 1 and err.startswith("错误：磁盘已满，无法写入 judgekit 的数据") and "损坏" not in err


def test_jieba_prints_no_traceback_when_its_cache_cannot_be_written(tmp_path, monkeypatch, caplog):
    from judgekit.index.tokenizer import load_jieba, open_segmenter

    jieba = load_jieba()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jieba.marshal, "dump", full)
    dictionary = tmp_path / "dictionary.txt"
    dictionary.write_text("回响 10\n费用 10\n", encoding="utf-8")
    segmenter = open_segmenter(dictionary)
    assert list(segmenter.cut("回响费用", HMM=False)) == ["回响", "费用"]
    assert not [record for record in caplog.records if record.exc_info]


# -- homes that heal ----------------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["deleted", "truncated"])
def test_a_damaged_stored_card_file_is_reported_and_the_others_still_work(imported, cli, damage):  # noqa: F811
    from judgekit.cards.registry import folder, read_manifest
    from judgekit.corpus import Workspace

    workspace = Workspace.default()
    english = next(d for d in read_manifest(workspace) if d.format == "en-gallery")
    stored = folder(workspace) / english.file
    if damage == "deleted":
        stored.unlink()
    else:
        stored.write_bytes(stored.read_bytes()[:100])
    for args in (("card", "铁砧卫士"), ("cards", "search", "抽一张牌"), ("cite", "card:TST-001")):
        code, out, err = cli(*args)
        assert code == 0 and "铁砧卫士" in out, (args, err)
        assert err.count("错误：") == 1 and str(stored) in err and f"judgekit import --remove {english.id}" in err
    code, out, _ = cli("import", "--remove", english.id)
    assert code == 0 and f"已移除导入的卡牌文件 {english.id}" in out
    code, out, err = cli("card", "铁砧卫士")
    assert code == 0 and err == "" and "Anvil Guard" not in out


def test_card_imports_can_be_removed(imported, cli):  # noqa: F811
    from judgekit.cards.registry import folder, read_manifest
    from judgekit.corpus import Workspace

    workspace = Workspace.default()
    errata = next(d for d in read_manifest(workspace) if d.format == "errata-zh")
    assert "造成4点伤害" in cli("card", "星火术")[1]
    code, out, _ = cli("import", "--remove", errata.id)
    assert code == 0 and errata.id in out and not (folder(workspace) / errata.file).exists()
    assert errata.id not in [d.id for d in read_manifest(workspace)]
    code, out, _ = cli("card", "星火术")
    assert code == 0 and "造成3点伤害" in out and "造成4点伤害" not in out
    for document in read_manifest(workspace):
        assert cli("import", "--remove", document.id)[0] == 0
    code, _, err = cli("card", "星火术")
    assert code == 1 and "还没有导入卡牌数据" in err


@pytest.mark.parametrize("store", ["judgekit.db", "cards.db"])
def test_a_folder_where_a_store_belongs_is_set_aside(imported, cli, store):  # noqa: F811
    from judgekit.corpus import Workspace

    path = Workspace.default().cache / store
    path.unlink()
    path.mkdir()
    (path / "something").write_text("x")
    for args in (("rule", "820.1"), ("card", "铁砧卫士"), ("index", "rebuild")):
        code, _, err = cli(*args)
        assert code == 0, (args, err)
    assert path.is_file() and [p.name for p in path.parent.glob(f"{store}.damaged-*/something")]


# -- silently wrong -----------------------------------------------------------------------------


def test_a_partial_errata_overlay_keeps_the_lines_it_leaves_out(fresh, cli, tmp_path):
    from test_cards import en_card

    gallery = tmp_path / "gallery.json"
    cards = [en_card("TST-001/100", "Shield Bearer", text="[Tank] (I must be assigned lethal damage first.)\n"
                                                         ":rb_exhaust:: Deal 2 to an enemy unit here."),
             *(en_card(f"TST-{n:03}/100", f"Filler {n}") for n in range(2, 5))]
    gallery.write_text(json.dumps({"snapshot_date": "2026-07-25", "cards": cards}), "utf-8")
    overlay = tmp_path / "overlay.json"
    overlay.write_text(json.dumps({"last_verified": "2026-08-17", "errata_documents": [], "entries": [
        {"official_name": "Shield Bearer", "card_ids": ["TST-001"],
         "old_text": "Deal 2 to an enemy unit here.", "new_text": "Deal 3 to an enemy unit here."}]}), "utf-8")
    assert cli("import", str(gallery))[0] == 0 and cli("import", str(overlay))[0] == 0
    code, out, _ = cli("card", "TST-001", "--json")
    assert code == 0
    english = next(t for t in json.loads(out)["texts"] if t["language"] == "en")
    assert "Tank" in english["current"] and "Deal 3 to an enemy unit here." in english["current"]
    assert "Exhaust" in english["current"] and "Deal 2" not in english["current"]
    assert "Tank" in english["printed"] and "Deal 2 to an enemy unit here." in english["printed"]


@pytest.mark.parametrize("query", ["%", "_", "%%", "铁%"])
def test_like_wildcards_in_a_card_query_match_only_themselves(imported, cli, query):  # noqa: F811
    code, _, err = cli("card", query)
    assert code == 1 and f"没有找到卡牌“{query}”" in err


# -- a step that moves hundreds of units --------------------------------------------------------


def _mass_move(count: int):
    from judgekit.scenarios.scenario import parse

    units = "".join(f"        - {{id: u{n}, card: 先锋中士}}\n" for n in range(count))
    text = ("title: t\nstate:\n  turn: {player: A, phase: main}\n  players:\n    A:\n      base:\n" + units
            + "    B: {}\n  battlefields:\n    - name: 东部战场\nscript:\n"
            + f"  - move: [{', '.join(f'u{n}' for n in range(count))}]\n    to: 东部战场\n")
    return parse(text, "move.yaml")


def _card_lookups(monkeypatch, run) -> dict[int, int]:
    """How many times *run* (given a scenario of a move of N units) looks a card up, for 100 and 200 units."""
    from judgekit.engine.state import GameState

    lookups = []
    card = GameState.card
    monkeypatch.setattr(GameState, "card", lambda state, name: lookups.append(name) or card(state, name))
    work = {}
    for count in (100, 200):
        scenario = _mass_move(count)
        lookups.clear()
        run(scenario)
        work[count] = len(lookups)
    return work


def test_the_work_of_a_move_grows_linearly_with_the_units_moved(monkeypatch):
    from judgekit.engine.actions import apply

    def move(scenario):
        final, _ = apply(scenario.state, scenario.script[0].action)
        assert all(unit.location == "东部战场" and unit.exhausted for unit in final.units.values())

    work = _card_lookups(monkeypatch, move)
    assert work[200] <= 2.5 * work[100], work  # before: 4× (every moved unit looked at every unit's keywords)


@pytest.mark.parametrize("typed, named", [
    ("820.\u200b1", "U+200B（ZERO WIDTH SPACE）"), ("820.1\u00ad", "U+00AD（SOFT HYPHEN）"),
    ("\ufeff820.1", "U+FEFF（ZERO WIDTH NO-BREAK SPACE）"),
])
def test_an_invisible_character_in_a_rule_number_is_named(bundled, cli, typed, named):
    code, _, err = cli("rule", typed)
    assert code == 1 and err.startswith("错误：") and f"看不见的字符 {named}" in err


@pytest.mark.parametrize("encoding, named", [("utf-16", "UTF-16"), ("gbk", "GB18030")])
def test_a_document_in_another_encoding_gets_the_conversion_that_fixes_it(fresh, cli, tmp_path, encoding, named):
    path = tmp_path / "doc.txt"
    path.write_bytes(RULES.encode(encoding))
    code, _, err = cli("import", str(path), "--edition", "zh-test")
    assert code == 1 and f"{path}：不是 UTF-8 文本" in err and f"看起来是 {named} 编码" in err
    assert f"iconv -f {named} -t UTF-8 doc.txt > doc-utf8.txt" in err


# -- typer's own words in Chinese ----------------------------------------------------------------


def test_help_is_chinese_throughout(bundled, cli):
    for args in (("--help",), ("rule", "--help"), ("faq", "show", "--help"), ("cards", "--help")):
        code, out, _ = cli(*args)
        assert code == 0 and "用法：" in out and "显示此帮助并退出。" in out, args
        assert "Usage" not in out and "Show this message" not in out and "Options" not in out, args


@pytest.mark.parametrize("args, message", [
    (("rule",), "缺少参数 number"),
    (("rule", "820.1", "2"), "多余的参数：2"),
    (("faq", "show", "x"), "的值无效：“x”不是整数"),
    (("search", "回响", "--limit", "0"), "0 不在范围 1<=x<=200 内"),
    (("cite", "820.1", "--format", "pdf"), "“pdf”不是可选的值"),
    (("nosuchcommand",), "没有命令 'nosuchcommand'"),
    (("rule", "820.1", "--nosuch"), "没有选项 --nosuch"),
    (("rule", "820.1", "--edition"), "选项 --edition 需要一个值"),
])
def test_usage_errors_are_chinese_and_name_the_value(bundled, cli, args, message):
    code, _, err = cli(*args)
    assert code == 2 and message in err and "错误" in err


def test_english_on_request(bundled, cli, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_LANG", "en")
    code, _, err = cli("rule")
    assert code == 2 and "Missing argument 'number'." in err and "Usage:" in err


def test_the_compiled_catalogue_is_its_source():
    from judgekit import clitext

    path = clitext.LOCALE / "zh_CN" / "LC_MESSAGES" / f"{clitext.DOMAIN}.mo"
    assert path.read_bytes() == clitext.compiled(), "run python -m judgekit.clitext"


def test_a_garbled_line_and_a_misread_number_are_reported(fresh, cli, tmp_path):
    text = RULES.replace("820.10\n", "82O.10\n") + "\x01\x02#@@garbled\n820.11\n所属：回响\n第四条。\n"
    code, out, _ = cli("import", str(_document(tmp_path, text=text)), "--edition", "zh-test")
    assert code == 0 and "无法归位的行 2" in out
    assert "第 7 行 [unplaced] 疑似误识别的规则编号“82O.10”（是 820.10 吗？）" in out
    assert "第 10 行 [unplaced] 乱码或控制字符" in out


def test_letters_of_real_rule_numbers_are_no_misreading():
    from judgekit.corpus.parsers.common import suspect_lines

    assert suspect_lines("701.1.l. Judges are human.\n701.1.o. If a player acts\n820.1\n", set()) == []


@pytest.mark.parametrize("name", ["doc.txt", "copy.txt"])  # the same file changed, or another file
def test_an_import_that_changes_an_editions_rules_shows_the_changes_and_needs_replace(fresh, cli, tmp_path, name):
    assert cli("import", str(_document(tmp_path)), "--edition", "zh-test")[0] == 0
    damaged = RULES.replace("[回响]是一种关键词。", "[回响]是一种关键").replace("820.10\n所属：回响\n另一条规则。\n", "")
    path = _document(tmp_path / "other", name, damaged) if (tmp_path / "other").mkdir() is None else None
    code, _, err = cli("import", str(path), "--edition", "zh-test")
    assert code == 1 and "导入会改动版本 zh-test 中已导入的" in err and "820.1：“[回响]是一种关键词。” → “[回响]是一种关键”" in err
    assert "--replace" in err and ("820.10：不再有这条规则" in err) == (name == "doc.txt")
    assert "[回响]是一种关键词。" in cli("rule", "820.1", "-e", "zh-test")[1]
    code, _, err = cli("import", str(path), "--edition", "zh-test", "--replace")
    assert code == 0, err
    assert "[回响]是一种关键词。" not in cli("rule", "820.1", "-e", "zh-test")[1]


def _garble_table(path, table: str) -> None:
    """Overwrite the root page of *table* in the SQLite file *path*: the file opens, queries of the table fail."""
    import sqlite3

    with sqlite3.connect(path) as connection:
        size = connection.execute("pragma page_size").fetchone()[0]
        page = connection.execute("select rootpage from sqlite_master where name = ?", (table,)).fetchone()[0]
    connection.close()
    content = bytearray(path.read_bytes())
    content[(page - 1) * size: page * size] = b"\x5a" * size
    path.write_bytes(bytes(content))


@pytest.mark.parametrize("store, table, args, answer", [
    ("judgekit.db", "rules", ("rule", "820.1"), "[回响]是一种可选额外费用关键词。"),
    ("cards.db", "card_texts", ("card", "铁砧卫士"), "铁砧卫士"),
])
def test_a_damaged_store_is_rebuilt(imported, cli, store, table, args, answer):  # noqa: F811
    from judgekit.corpus import Workspace

    path = Workspace.default().cache / store
    cli(*args)
    _garble_table(path, table)
    code, out, err = cli(*args)
    assert code == 0 and answer in out and f"本地数据库 {path} 已损坏" in err and "正在重建" in err
    code, out, err = cli(*args)
    assert code == 0 and answer in out and err == ""


def test_the_whole_run_of_a_mass_move_grows_linearly_too(monkeypatch):
    """The board printed before and after reads every unit's Might and keywords: no walk of the board for each."""
    from judgekit.scenarios import runner

    def run(scenario):
        assert runner.run(scenario).passed

    work = _card_lookups(monkeypatch, run)
    assert work[200] <= 2.5 * work[100], work  # before: 4× (each unit's statics looked for on every unit)