"""Running scenarios without the command line: one file, a folder check, and the rule texts of a run."""

from __future__ import annotations

import pytest
from conftest import ROOT, read

from judgekit.corpus import load
from judgekit.errors import ScenarioError
from judgekit.scenarios import report, scenario, session
from judgekit.scenarios.report import RuleText

EXAMPLE = min((ROOT / "examples" / "disputes").glob("*.yaml"))
FAQ_FOLDER = ROOT / "examples" / "faq"


@pytest.fixture
def corpus(bundled):
    return load(bundled)


def _copy(tmp_path, name, old="", new=""):
    path = tmp_path / name
    path.write_text(read(EXAMPLE).replace(old, new), encoding="utf-8")
    return path


def test_run_file_pairs_the_trace_with_a_text_for_every_cited_rule(corpus, store):
    run = session.run_file(EXAMPLE, corpus, store)
    assert run.trace.passed and run.trace.cited()
    assert set(run.texts) == set(run.trace.cited())
    assert all(text is None or isinstance(text, RuleText) for text in run.texts.values())


def test_run_file_names_the_faq_ruling_a_scenario_reproduces(corpus, store):
    path = min(FAQ_FOLDER.glob("origins-*.yaml"))
    assert session.run_file(path, corpus, store).faq.ruling.id == path.stem


def test_the_loader_says_where_the_edition_was_written(tmp_path):
    stated = _copy(tmp_path, "stated.yaml")
    lines = read(stated).splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("edition"))
    assert scenario.load(stated).edition_where == f"{stated}:{line}"
    default = tmp_path / "default.yaml"
    default.write_text("\n".join(text for text in lines if not text.startswith("edition")) + "\n", encoding="utf-8")
    assert scenario.load(default).edition_where == str(default)


@pytest.mark.parametrize(
    "edition, message", [("zh-2026-10-10", "编号体系 2026-10"), ("zh-1999", "edition：")]
)
def test_rule_texts_refuse_an_edition_numbered_otherwise_at_its_line(corpus, store, edition, message):
    with pytest.raises(ScenarioError) as raised:
        session.rule_texts(corpus, store, edition, ["807.2"], "s.yaml:3")
    assert str(raised.value).startswith("s.yaml:3: ") and message in str(raised.value)


def test_check_folder_reports_each_file_as_it_runs_and_the_worst_outcome(corpus, store, tmp_path):
    _copy(tmp_path, "a.yaml")
    heard = []
    result = session.check_folder(tmp_path, corpus, store, heard.append)
    assert [c.path.name for c in heard] == ["a.yaml"] and result.exit_code == 0 and not result.shows_coverage
    _copy(tmp_path, "b.yaml", "might: 9", "might: 8")
    result = session.check_folder(tmp_path, corpus, store)
    assert result.exit_code == 1 and [bool(c.failed) for c in result.files] == [False, True]
    (tmp_path / "c.yaml").write_text("title: [", encoding="utf-8")
    result = session.check_folder(tmp_path, corpus, store)
    assert result.exit_code == 2 and result.files[2].run is None and "c.yaml" in result.files[2].error
    assert report.check_line(result.files[2]).startswith("无效  c.yaml：")
    assert report.check_line(result.files[1]).startswith("不符  b.yaml：第 ")
    assert report.check_summary(result) == "共 3 个场景"


def test_check_folder_counts_faq_rulings_reproduced(corpus, store, tmp_path):
    path = min(FAQ_FOLDER.glob("origins-*.yaml"))
    (tmp_path / path.name).write_text(read(path), encoding="utf-8")
    result = session.check_folder(tmp_path, corpus, store)
    assert result.outcomes == {path.stem: True} and result.shows_coverage
    assert "覆盖  " in report.check_summary(result)


@pytest.mark.parametrize("make, message", [(lambda p: p / "none", "不是文件夹"), (lambda p: p, "没有 .yaml")])
def test_check_folder_needs_a_folder_with_scenarios(corpus, store, tmp_path, make, message):
    with pytest.raises(ScenarioError, match=message):
        session.check_folder(make(tmp_path), corpus, store)
