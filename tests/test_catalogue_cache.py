"""The FAQ catalogue's JSON cache: used while the YAML is unchanged, never trusted beyond that, never an error."""

from __future__ import annotations

import pytest
import yaml

from judgekit.scenarios import catalogue_cache, faqsuite

TEXT = """rulings:
- id: test-1
  source: {file: faq/x.txt, entry: '1'}
  topic: 话题
  scenario: feasible
  question: 不进入缓存的字段
- id: test-2
  source: {file: faq/x.txt, entry: 2}
  topic: 另一话题
  scenario: wording
  wording_reason: 只关乎措辞
  conflict: {faq: a, rules: b, winner: faq, why: c}
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    return tmp_path


def _parse_counting(calls: list):
    def parse(text):
        calls.append(text)
        return yaml.safe_load(text)

    return parse


def test_the_second_read_comes_from_the_cache(home):
    calls = []
    first = catalogue_cache.entries(TEXT, _parse_counting(calls))
    assert catalogue_cache.entries(TEXT, _parse_counting(calls)) == first
    assert len(calls) == 1
    assert [entry["id"] for entry in first] == ["test-1", "test-2"]
    assert "question" not in first[0] and first[1]["source"]["entry"] == 2


def test_an_edited_catalogue_is_read_again(home):
    calls = []
    catalogue_cache.entries(TEXT, _parse_counting(calls))
    edited = catalogue_cache.entries(TEXT.replace("话题", "新话题"), _parse_counting(calls))
    assert len(calls) == 2 and edited[0]["topic"] == "新话题"


def test_a_damaged_cache_is_read_past_and_replaced(home):
    calls = []
    catalogue_cache.entries(TEXT, _parse_counting(calls))
    catalogue_cache.cache_path().write_text('{"key": ', encoding="utf-8")
    catalogue_cache.entries(TEXT, _parse_counting(calls))
    assert catalogue_cache.entries(TEXT, _parse_counting(calls))[0]["id"] == "test-1"
    assert len(calls) == 2


def test_an_unwritable_cache_folder_is_no_error(home):
    (home / "cache").write_text("not a folder", encoding="utf-8")
    calls = []
    assert catalogue_cache.entries(TEXT, _parse_counting(calls))[1]["conflict"]["winner"] == "faq"
    assert catalogue_cache.entries(TEXT, _parse_counting(calls))[1]["id"] == "test-2"
    assert len(calls) == 2


def test_values_json_would_change_are_not_cached(home):
    calls = []
    text = TEXT.replace("winner: faq", "winner: faq, 3: 数字键")
    for _ in range(2):
        assert catalogue_cache.entries(text, _parse_counting(calls))[1]["conflict"][3] == "数字键"
    assert len(calls) == 2 and not catalogue_cache.cache_path().exists()


def test_the_bundled_catalogue_reads_the_same_from_the_cache(home):
    faqsuite.catalogue.cache_clear()
    from_yaml = faqsuite.catalogue()
    assert catalogue_cache.cache_path().exists()
    faqsuite.catalogue.cache_clear()
    assert faqsuite.catalogue() == from_yaml
