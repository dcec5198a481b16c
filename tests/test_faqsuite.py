"""The FAQ suite: scenarios naming their catalogued ruling, the examples in examples/faq, coverage."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT, read

from judgekit.errors import ScenarioError
from judgekit.scenarios import faqsuite, runner, scenario

FAQ_FOLDER = ROOT / "examples" / "faq"
FAQ_SCENARIOS = faqsuite.scenario_files(FAQ_FOLDER)

BASE = """title: t
{head}
state:
  players:
    A:
      base:
        - {{id: a1, card: 先锋中士}}
    B: {{}}
  battlefields:
    - {{name: 东}}
script:
  - move: a1
    to: 东
"""


def scenario_with(head: str, tmp_path, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(BASE.format(head=head), encoding="utf-8")
    return path


def test_there_are_faq_scenarios_and_each_names_its_catalogued_ruling():
    assert FAQ_SCENARIOS
    for path in FAQ_SCENARIOS:
        assert path.stem == faqsuite.stated_ruling(path), path.name


@pytest.mark.parametrize("path", FAQ_SCENARIOS, ids=lambda path: path.stem)
def test_faq_scenario_reproduces_the_official_answer(path):
    loaded = scenario.load(path)
    trace = runner.run(loaded)
    failed = [f"line {v.line}: {v.description}: expected {v.expected}, got {v.actual}" for v in trace.verdicts if not v.passed]
    assert loaded.faq and loaded.faq.ruling.id == path.stem
    assert trace.verdicts and not failed, failed
    assert any("cites" in e.data for e in loaded.expectations), "each FAQ scenario checks the rules it cites"


def test_catalogue_maps_each_source_to_a_document_id():
    rulings = faqsuite.catalogue()
    assert len(rulings) == 122
    assert rulings["vendetta-12"].document == faqsuite.bundled_document() == "faq-vendetta-zh"
    assert rulings["vendetta-12"].entry == "12"
    assert rulings["origins-judge-6.2"].document == "faq-zh-origins-judge-2025-10-23"


def test_unknown_ruling_is_a_file_line_error(tmp_path):
    path = scenario_with("ruling: vendetta-99", tmp_path)
    with pytest.raises(ScenarioError, match=r"s\.yaml:2: ruling .*vendetta-99"):
        scenario.load(path)


def test_unknown_ruling_exits_2(bundled, cli, tmp_path):
    code, _, err = cli("run", str(scenario_with("ruling: nope-1", tmp_path)))
    assert code == 2 and "错误：" in err and "s.yaml:2" in err


def test_source_must_match_the_catalogue(tmp_path):
    path = scenario_with("ruling: vendetta-12\nsource: {document: faq-vendetta-zh, entry: 13}", tmp_path)
    with pytest.raises(ScenarioError, match=r"s\.yaml:3: source 应为 \{document: faq-vendetta-zh, entry: 12\}"):
        scenario.load(path)
    matching = scenario_with("ruling: vendetta-12\nsource: {document: faq-vendetta-zh, entry: 12}", tmp_path)
    assert scenario.load(matching).faq.ruling.entry == "12"


def test_source_without_ruling_is_refused(tmp_path):
    with pytest.raises(ScenarioError, match="ruling"):
        scenario.load(scenario_with("source: {document: faq-vendetta-zh, entry: 12}", tmp_path))


def conflicted_ruling() -> faqsuite.Ruling:
    return next(r for r in faqsuite.catalogue().values() if r.conflict and not r.reason_not_scenario)


def test_a_catalogued_conflict_must_be_restated_with_its_winner(tmp_path):
    ruling = conflicted_ruling()
    with pytest.raises(ScenarioError, match="conflict"):
        scenario.load(scenario_with(f"ruling: {ruling.id}", tmp_path))
    loser = "rules" if ruling.conflict["winner"] == "faq" else "faq"
    stated = f"ruling: {ruling.id}\nconflict: {{faq: a, rules: b, winner: {loser}, why: c}}"
    with pytest.raises(ScenarioError, match=f"winner 应为 {ruling.conflict['winner']}"):
        scenario.load(scenario_with(stated, tmp_path))
    right = stated.replace(f"winner: {loser}", f"winner: {ruling.conflict['winner']}")
    assert scenario.load(scenario_with(right, tmp_path)).faq.conflict_winner == ruling.conflict["winner"]


def test_a_conflict_the_catalogue_does_not_record_is_refused(tmp_path):
    stated = "ruling: vendetta-12\nconflict: {faq: a, rules: b, winner: faq, why: c}"
    with pytest.raises(ScenarioError, match="没有记录冲突"):
        scenario.load(scenario_with(stated, tmp_path))


def test_a_conflict_may_stand_in_a_scenario_without_a_ruling_and_is_shown(bundled, cli, tmp_path):
    stated = "conflict: {faq: 抽牌, rules: 不抽, winner: rules, why: 新版规则取代了旧 FAQ}"
    path = scenario_with(stated, tmp_path)
    assert scenario.load(path).conflict["winner"] == "rules"
    code, out, _ = cli("run", str(path))
    assert code == 0 and "FAQ 与规则不一致：FAQ 抽牌；规则 不抽。预期按规则设定" in out


def test_a_wording_ruling_is_not_a_scenario(tmp_path):
    wording = next(r for r in faqsuite.catalogue().values() if r.reason_not_scenario)
    with pytest.raises(ScenarioError, match="不是场景"):
        scenario.load(scenario_with(f"ruling: {wording.id}", tmp_path))


def test_coverage_counts_passing_rulings_per_faq_bundled_first():
    bundled = [r for r in faqsuite.catalogue().values() if r.document == faqsuite.bundled_document()]
    some = next(r for r in bundled if not r.reason_not_scenario)
    lines = faqsuite.coverage_lines({some.id: True, "origins-judge-6.2": False})
    assert lines[0].startswith(f"覆盖  faq-vendetta-zh：复现 1/{len(bundled)} 条")
    origins = next(line for line in lines if "origins" in line)
    assert "复现 0/" in origins and "1 条场景不通过" in origins
    wording = [r for r in faqsuite.catalogue().values() if r.reason_not_scenario]
    assert sum(line.startswith("不是场景  ") for line in lines) == len(wording)


def test_check_of_the_faq_folder_prints_coverage(bundled, cli):
    code, out, _ = cli("run", "--check", str(FAQ_FOLDER))
    assert code == 0, out
    assert "rulings.yaml" not in out
    assert out.count("通过  ") == len(FAQ_SCENARIOS)
    coverage = [line for line in out.splitlines() if line.startswith("覆盖  ")]
    assert coverage[0].startswith("覆盖  faq-vendetta-zh：复现 ") and "/32 条" in coverage[0]
    assert sum(int(line.split("复现 ")[1].split("/")[0]) for line in coverage) == len(
        {faqsuite.stated_ruling(p) for p in FAQ_SCENARIOS}
    )


@pytest.fixture
def entry_folder(tmp_path, monkeypatch):
    """A scenario folder where one scenario reproduces bundled entry 12 and the rest none."""
    folder = tmp_path / "faq"
    folder.mkdir()
    body = BASE.format(head="ruling: vendetta-12") + "expect:\n  - unit: a1\n    alive: true\n"
    (folder / "vendetta-12.yaml").write_text(body, encoding="utf-8")
    monkeypatch.setattr(faqsuite, "faq_folder", lambda: folder)
    return folder


def test_faq_show_names_the_scenarios(bundled, cli, entry_folder):
    code, out, _ = cli("faq", "show", "12", "--json")
    assert code == 0
    assert json.loads(out)["scenarios"] == [{"ruling": "vendetta-12", "file": str(entry_folder / "vendetta-12.yaml")}]
    code, out, _ = cli("faq", "show", "12")
    assert code == 0 and "vendetta-12.yaml" in out and "judgekit run --faq 12" in out


def test_faq_show_without_scenarios_says_so(bundled, cli, entry_folder):
    code, out, _ = cli("faq", "show", "11", "--json")
    assert code == 0 and json.loads(out)["scenarios"] == []
    assert "复现此条的场景：尚无" in cli("faq", "show", "11")[1]


def test_bundled_scenarios_are_listed_relative_to_the_checkout():
    listed = [item for n in range(1, 33) for item in faqsuite.scenario_listing(n)]
    assert all(item["file"].startswith("examples/faq/vendetta-") for item in listed)


def test_run_faq_runs_the_entrys_scenarios(bundled, cli, entry_folder):
    code, out, _ = cli("run", "--faq", "12")
    assert code == 0 and "✓" in out and "✗" not in out


def test_run_faq_for_an_entry_without_scenarios_is_a_usage_error(bundled, cli, entry_folder):
    code, _, err = cli("run", "--faq", "11")
    assert code == 2 and "错误：" in err and "README" in err


def test_run_needs_a_file_or_faq_but_not_both(bundled, cli):
    assert cli("run")[0] == 2
    assert cli("run", str(FAQ_SCENARIOS[0]), "--faq", "1")[0] == 2


def test_the_readme_explains_how_to_add_a_ruling():
    text = read(FAQ_FOLDER / "README.md")
    assert "ruling:" in text and "conflict:" in text and "run --check examples/faq" in text


def test_a_missing_conflict_is_reported_at_the_ruling_line(tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:2: 目录记录了"):
        scenario.load(scenario_with(f"ruling: {conflicted_ruling().id}", tmp_path))


def test_faq_show_of_an_entry_outside_the_bundled_faq_adds_no_scenario_line():
    assert faqsuite.is_bundled_entry(32) and not faqsuite.is_bundled_entry(33)
    assert faqsuite.scenario_text(33) == ""
