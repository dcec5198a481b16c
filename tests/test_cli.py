"""The command line through typer's runner: outputs, JSON contracts and every error path."""

import json

import pytest
from conftest import CORPUS, heavy_modules_loaded


def test_rule_text(bundled, cli):
    code, out, err = cli("rule", "820.1")
    assert code == 0 and err == ""
    assert "规则 820.1" in out and "zh-2026-10-10（当前版本 · 2026-10-10）" in out
    assert "所属：回响" in out and "[回响]是一种可选额外费用关键词。" in out
    assert "    820.1.d.1  支付了额外费用后" in out  # children as an indented tree
    assert "820.10" not in out


def test_rule_json_contract(bundled, cli):
    code, out, _ = cli("rule", "820.2", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"ref", "edition", "breadcrumb", "text", "examples", "children", "xrefs", "cited_by"} <= set(data)
    assert data["ref"] == "820.2" and data["edition"] == "zh-2026-10-10"
    assert data["breadcrumb"] == ["回响"]
    assert data["xrefs"] == [{"target": "349", "label": "打出卡牌", "found": False}]
    assert [c["ref"] for c in data["children"]] == ["820.2.a"]
    assert data["children"][0]["text"].startswith("为额外执行所做的选择")


@pytest.mark.parametrize("typed", ["８２０．１", "820.1.", "规则820.1"])
def test_rule_number_forms(bundled, cli, typed):
    code, out, _ = cli("rule", typed, "--json")
    assert code == 0 and json.loads(out)["ref"] == "820.1"


def test_rule_in_an_earlier_edition_is_labelled(bundled, cli):
    code, out, _ = cli("rule", "723")
    assert code == 0 and "zh-earlier（早期版本）" in out and "【强攻】" in out


def test_rule_edition_option(bundled, cli):
    assert cli("rule", "820.1", "--edition", "zh-2026-10-10")[0] == 0
    assert cli("rule", "820.1", "--edition", "current")[0] == 0
    code, out, err = cli("rule", "723", "-e", "zh-2026-10-10")
    assert code == 1 and out == "" and "723 不在本地语料中" in err


def test_unknown_rule(bundled, cli):
    code, out, err = cli("rule", "820.10")
    assert code == 1 and out == ""
    assert err.startswith("错误：规则 820.10 不在本地语料中")
    assert "最接近的编号：820.3、820.4" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (("rule", "abc"), "不是规则编号"),
    (("rule", "820.1.2"), "应为单个字母"),
    (("rule", "820.1", "--edition", "nope"), "未知版本“nope”"),
    (("faq", "show", "99"), "没有第 99 条 FAQ"),
    (("search", "回响", "--edition", "nope"), "未知版本“nope”"),
])
def test_error_paths(bundled, cli, args, message):
    code, out, err = cli(*args)
    assert code == 1 and out == "" and message in err and "Traceback" not in err


@pytest.mark.parametrize("args", [("rule",), ("search",), ("faq", "show", "x"), ("search", "回响", "--kind", "card"),
                                  ("search", "回响", "--limit", "0"), ("cite", "820.1", "--format", "pdf")])
def test_usage_errors_exit_2(bundled, cli, args):
    code, _, err = cli(*args)
    assert code == 2 and "用法：" in err


def test_search_text(bundled, cli):
    code, out, _ = cli("search", "回响", "费用", "--limit", "3")
    assert code == 0
    assert out.startswith(" 1. [规则] 820.")
    assert out.count("[规则]") == 3 and "【回响】" in out


def test_search_json_contract(bundled, cli):
    code, out, _ = cli("search", "壁垒", "--json", "--limit", "50")
    hits = json.loads(out)
    assert code == 0 and hits
    for hit in hits:
        assert {"kind", "ref", "edition", "text", "score"} <= set(hit)
    assert hits[0]["ref"] == "731" and hits[0]["edition"] == "zh-earlier"
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_kind(bundled, cli):
    code, out, _ = cli("search", "壁垒", "--kind", "guide", "--json")
    assert code == 0 and {hit["kind"] for hit in json.loads(out)} == {"guide"}
    code, out, _ = cli("search", "回响", "--edition", "current", "--json")
    assert code == 0 and {hit["edition"] for hit in json.loads(out)} == {"zh-2026-10-10"}
    code, out, _ = cli("search", "xyzzy")
    assert code == 0 and "没有找到结果" in out


def test_faq_list_show_search(bundled, cli):
    code, out, _ = cli("faq", "list")
    questions = [line for line in out.splitlines() if not line.startswith("     ")]
    assert code == 0 and len(questions) == 32
    assert "     相关规则（zh-2026-07-17 编号）：370.1、370.1.b" in out
    code, out, _ = cli("faq", "show", "3")
    assert code == 0 and "问：如果我控制已强化的“梅尔 - 奥法觉醒”" in out
    assert "370.1 → 本地语料未收录 zh-2026-07-17 版的这条规则" in out
    assert "以新版核心规则为准" in out
    code, out, _ = cli("faq", "show", "3", "--json")
    data = json.loads(out)
    assert [c["ref"] for c in data["citations"]] == ["370.1", "370.1.b"]
    assert data["citations"][0]["edition"] == "zh-2026-07-17" and data["citations"][0]["resolved"] == []
    code, out, _ = cli("faq", "search", "灵魂折镜", "--json")
    assert code == 0 and {hit["kind"] for hit in json.loads(out)} == {"faq"}


def test_cite_formats(bundled, cli):
    code, out, _ = cli("cite", "820.2.a", "faq:2")
    assert code == 0
    assert out.startswith("【规则 820.2.a】《符文战场》核心规则 2026-10-10")
    assert "为额外执行所做的选择，不必与为初始执行所做的选择相同。" in out
    assert "【FAQ 2】" in out and "359.3.f.1、359.3.f.2" in out
    code, out, _ = cli("cite", "820.2.a", "--format", "markdown")
    assert code == 0 and "**规则 820.2.a**" in out and "> 为额外执行所做的选择" in out and "> *举例：*" in out
    code, out, _ = cli("cite", "820.2.a", "206", "--format", "json")
    items = json.loads(out)
    assert [(i["ref"], i["edition"], i["edition_date"]) for i in items] == [
        ("820.2.a", "zh-2026-10-10", "2026-10-10"), ("206", "zh-2026-10-10", "2026-10-10"),
    ]
    assert items[1]["source"]["line"] > 0


def test_cite_reports_what_it_cannot_cite(bundled, cli):
    code, out, err = cli("cite", "820.2.a", "359.3.f.3", "faq:40")
    assert code == 1
    assert "【规则 820.2.a】" in out
    assert "359.3.f.3 不在本地语料中" in err and "没有第 40 条 FAQ" in err
    code, out, err = cli("cite", "103.3")
    assert code == 1 and "只有其下级规则" in err


def test_version(cli):
    from judgekit import __version__

    assert cli("--version") == (0, f"judgekit {__version__}\n", "")


def test_editions(bundled, cli):
    code, out, _ = cli("editions")
    assert code == 0
    for edition in ("zh-2026-10-10", "zh-2026-07-17", "en-2026-07-16", "zh-earlier"):
        assert edition in out
    code, out, _ = cli("editions", "--json")
    counts = {row["id"]: row["rules"] for row in json.loads(out)}
    assert counts == {"zh-2026-10-10": 83, "zh-2026-07-17": 0, "en-2026-07-16": 0, "zh-earlier": 199}


def test_index_info_and_problems(bundled, cli):
    code, out, _ = cli("index", "info")
    assert code == 0 and "judgekit.db" in out and "faq-vendetta-zh" in out
    code, out, _ = cli("index", "problems")
    assert code == 0 and "没有问题" in out


# -- import ------------------------------------------------------------------------


def test_import_reports_what_it_read(fresh, cli, tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text(
        "规则检索\n这一行不属于任何规则，是导出工具多印出来的一段很长很长的说明文字，必须被报告出来。\n"
        "820.1\n所属：回响\n[回响]是一种关键词。\n820.1\n所属：回响\n重复的条目。\n",
        encoding="utf-8",
    )
    code, out, err = cli("import", str(path), "--edition", "zh-test", "--date", "2026-11-01")
    assert code == 0, err
    assert "规则 1 条" in out and "无法归位的行 1" in out and "重复编号 1" in out
    assert "第 2 行 [unplaced]" in out and "第 6 行 [duplicate]" in out
    code, out, _ = cli("rule", "820.1", "-e", "zh-test", "--json")
    assert json.loads(out)["text"] == "[回响]是一种关键词。"
    code, out, _ = cli("index", "problems")
    assert "[unplaced]" in out
    # importing again replaces, never duplicates
    code, out, _ = cli("import", str(path), "--edition", "zh-test")
    assert code == 0 and "替换了同名的旧导入" in out
    code, out, _ = cli("editions", "--json")
    assert [row["id"] for row in json.loads(out)].count("zh-test") == 1


def test_import_compares_the_stated_rule_count(fresh, cli, tmp_path):
    path = tmp_path / "export.txt"
    path.write_text("《符文战场》核心规则 · 最后更新 2026-10-10 · 共 3 条\n820.1\n[回响]是一种关键词。\n", encoding="utf-8")
    code, out, _ = cli("import", str(path), "--edition", "zh-test")
    assert code == 0 and "文档声明共 3 条，实际读到 1 条" in out
    # a second document of the same edition with the same number: refused with the change (issue 17);
    # with --replace reported, and the later one wins
    other = tmp_path / "other.txt"
    other.write_text("820.1\n另一份文档里的 820.1。\n", encoding="utf-8")
    code, _, err = cli("import", str(other), "--edition", "zh-test")
    assert code == 1 and "820.1：“[回响]是一种关键词。” → “另一份文档里的 820.1。”" in err and "--replace" in err
    code, out, _ = cli("import", str(other), "--edition", "zh-test", "--replace")
    assert code == 0 and "重复编号 1" in out and "820.1 也见于 zh-test-export（文字不同，以本文档为准）" in out
    code, out, _ = cli("rule", "820.1", "-e", "zh-test", "--json")
    assert json.loads(out)["text"] == "另一份文档里的 820.1。"


def test_bundled_rules_are_read_only(fresh, cli, tmp_path):
    path = tmp_path / "export.txt"
    path.write_text("820.1\n[回响]是一种关键词。\n", encoding="utf-8")
    code, _, err = cli("import", str(path), "--edition", "zh-2026-10-10")
    assert code == 1 and err.startswith("错误：版本 zh-2026-10-10 随 judgekit 提供") and "--edition zh-2026-10-10-local" in err
    code, out, _ = cli("rule", "820.1", "--json")
    assert json.loads(out)["text"] == "[回响]是一种可选额外费用关键词。"
    assert not fresh.imports.exists() or not any(fresh.imports.iterdir())


def test_import_bundled_layouts_into_a_new_edition(fresh, cli):
    code, out, err = cli("import", str(CORPUS / "zh-earlier-700.txt"), "--edition", "zh-copy", "--date", "2020-01-01")
    assert code == 0, err
    assert "版式 pdftext：规则 199 条" in out


@pytest.mark.parametrize("content, message", [
    (None, "文件不存在"),
    ("这只是一段普通的文字。\n没有任何规则编号。\n", "无法识别版式"),
    (b"\xff\xfe\x00bad", "不是 UTF-8 文本"),
])
def test_import_errors(fresh, cli, tmp_path, content, message):
    path = tmp_path / "bad.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    code, _out, err = cli("import", str(path), "--edition", "zh-test")
    assert code == 1 and message in err and "Traceback" not in err
    assert not fresh.imports.exists() or not any(fresh.imports.iterdir())


@pytest.mark.parametrize("args, message", [
    (("--layout", "docx"), "未知版式“docx”"),
    (("--layout", "faq"), "没有读到任何规则或 FAQ 条目"),
])
def test_import_layout_option_errors(fresh, cli, tmp_path, args, message):
    path = tmp_path / "rules.txt"
    path.write_text("820.1\n[回响]是一种关键词。\n", encoding="utf-8")
    code, _, err = cli("import", str(path), "--edition", "zh-test", *args)
    assert code == 1 and message in err


def test_import_an_empty_folder(fresh, cli, tmp_path):
    (tmp_path / "empty").mkdir()
    code, _, err = cli("import", str(tmp_path / "empty"), "--edition", "zh-test")
    assert code == 1 and "文件夹里没有规则、FAQ 文档" in err


def test_import_a_folder_recognises_each_document(fresh, cli, tmp_path):
    folder = tmp_path / "documents"
    folder.mkdir()
    (folder / "rules.txt").write_text(
        "《符文战场》核心规则\n最后更新：2026-09-01\n\n• 702.1. 第一条规则。\n• 702.2. 第二条规则。\n", encoding="utf-8"
    )
    (folder / "faq.txt").write_text(
        "某系列 FAQ\n更新日期：2026/09/02\n\n"
        + "".join(f"这是第{n}个问题吗？\n\n是的。\n\n相关规则：702.1\n\n" for n in "一二三"), encoding="utf-8"
    )
    (folder / "notes.txt").write_text("这只是一段普通的文字。\n", encoding="utf-8")
    (folder / "cards.json").write_text("{}", encoding="utf-8")
    code, out, err = cli("import", str(folder))
    assert code == 1  # one document was refused: said so, and the others imported all the same
    assert "rules.txt → zh-2026-09-01-rules" in out and "规则 2 条" in out and "日期 2026-09-01" in out
    # The FAQ cites the newest edition dated on or before it: the one imported with it.
    assert "faq.txt → zh-2026-09-01-faq" in out and "FAQ 3 条" in out
    assert "notes.txt" in err and "无法识别版式" in err and "跳过" in err and "cards.json" in err
    code, out, _ = cli("faq", "show", "33", "--json")  # after the 32 bundled entries
    assert code == 0 and json.loads(out)["citations"][0]["resolved"][0]["edition"] == "zh-2026-09-01"


def test_import_report_lists_every_line_it_could_not_place(fresh, cli, tmp_path):
    path = tmp_path / "rules.txt"
    lines = [f"游离的第 {n} 行文字，不属于任何规则。" for n in range(30)]
    path.write_text("\n".join(lines + ["• 702.1. 第一条规则。"]), encoding="utf-8")
    code, out, _ = cli("import", str(path), "--edition", "zh-test", "--layout", "pdftext")
    assert code == 0 and "无法归位的行 30" in out
    assert all(line in out for line in lines)


@pytest.mark.parametrize("content", [
    "{not json", "[]", '{"editions": [], "documents": [{"id": 3}]}', '{"documents": []}',
    '{"editions": [], "documents": [{"id": "x", "file": "../../../etc/hostname", "kind": "rules"}]}',
    '{"editions": [{"id": "x"}], "documents": []}',
])
def test_damaged_imports_list_is_set_aside(fresh, cli, content):
    manifest = fresh.imports / "manifest.json"
    fresh.imports.mkdir(parents=True)
    manifest.write_text(content, encoding="utf-8")
    code, out, err = cli("rule", "820.1")
    assert code == 0 and "[回响]是一种可选额外费用关键词。" in out
    assert err.startswith(f"错误：导入文档清单 {manifest} 已损坏") and "judgekit import" in err
    assert not manifest.exists() and len(list(fresh.imports.glob("manifest.damaged-*.json"))) == 1
    code, _, err = cli("rule", "820.1")
    assert code == 0 and err == ""  # reported once


def test_damaged_search_index_is_rebuilt(fresh, cli):
    assert cli("search", "回响")[0] == 0
    for file in fresh.current_index().glob("*.toc"):
        file.write_bytes(b"garbage")
    code, out, _ = cli("search", "回响")
    assert code == 0 and "820" in out


def test_import_rejects_a_bad_edition_name(fresh, cli, tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text("820.1\n[回响]是一种关键词。\n", encoding="utf-8")
    code, _, err = cli("import", str(path), "--edition", "../../etc")
    assert code == 1 and "不能作为版本名" in err


@pytest.mark.parametrize("damaged, command", [("database", ("rule", "820.1")), ("index_pointer", ("search", "回响"))])
def test_damaged_store_or_index_pointer_is_rebuilt(fresh, cli, damaged, command):
    assert cli(*command)[0] == 0
    getattr(fresh, damaged).write_bytes(b"\xff\xfe not a database ../../elsewhere")
    assert cli("index", "info")[0] == 0
    code, out, _ = cli(*command)
    assert code == 0 and "是一种可选额外费用关键词。" in out


def test_rule_lookup_imports_no_search_machinery(bundled_home):
    """`judgekit rule` must start fast: whoosh, jieba, OpenCC and sqlite-utils stay unloaded."""
    assert heavy_modules_loaded(bundled_home, "rule", "820.1") == []
    """`judgekit rule` must start fast: whoosh, jieba, OpenCC, sqlite-utils and the write lock stay unloaded."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from judgekit.cli import app\n"
        "result = CliRunner().invoke(app, ['rule', '820.1'])\n"
        "assert result.exit_code == 0, result.output\n"
        "heavy = {'whoosh', 'jieba', 'opencc', 'sqlite_utils', 'filelock'}\n"
        "print(sorted({name.split('.')[0] for name in sys.modules} & heavy))\n"
    )
    env = {"JUDGEKIT_HOME": str(bundled_home), "PATH": ""}
    output = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert output.stdout.strip() == "[]"


def test_import_kind_is_for_a_single_file(fresh, cli, tmp_path):
    (tmp_path / "folder").mkdir()
    code, _, err = cli("import", str(tmp_path / "folder"), "--kind", "errata")
    assert code == 2 and err.startswith("错误：--kind 只用于单个文件")


def test_a_text_that_only_mentions_errata_markers_is_no_errata_list(tmp_path):
    from judgekit.cards.formats import detect_format

    note = "# 说明\n勘误表的每条写作 [新文本] 与 [旧文本] 两段；英文的是 [NEW TEXT] 与 [OLD TEXT]。\n"
    assert detect_format(note.encode("utf-8")) is None
    assert detect_format("镜盾\n[新文本]\n反制。\n▲\n[旧文本]\n无。\n".encode()) == "errata-zh"
