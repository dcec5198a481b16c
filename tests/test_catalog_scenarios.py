"""FAQ rulings reproduced with catalog cards only (issue 16, done-when): each scenario of tests/catalog/ is
an examples/faq/ scenario with every card named by its catalog code and no `cards:` block, so each card is
the tree compiled from its official text at import. It must give the same verdicts as the hand-written
scenario. Skipped without ../shared/reference (the card data is never part of the repository)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import REFERENCE, ROOT

from judgekit.scenarios import runner, scenario

CARDS = REFERENCE / "cards"
CATALOG_SCENARIOS = sorted((Path(__file__).parent / "catalog").glob("*.yaml"))

pytestmark = pytest.mark.skipif(not CARDS.is_dir(), reason="../shared/reference/cards is not present on this machine")


@pytest.fixture(scope="module")
def catalog_home(reference_cards_home):
    patch = pytest.MonkeyPatch()
    patch.setenv("JUDGEKIT_HOME", str(reference_cards_home))
    yield reference_cards_home
    patch.undo()


def test_at_least_ten_faq_rulings_are_written_with_catalog_cards_only():
    assert len(CATALOG_SCENARIOS) >= 10
    for path in CATALOG_SCENARIOS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert "cards" not in data and (ROOT / "examples" / "faq" / path.name).exists(), path


@pytest.mark.parametrize("path", CATALOG_SCENARIOS, ids=lambda p: p.stem)
def test_a_catalog_only_scenario_gives_the_hand_written_verdicts(catalog_home, monkeypatch, path):
    monkeypatch.setenv("JUDGEKIT_HOME", str(catalog_home))
    loaded = scenario.load(path)
    from_catalog = set(loaded.state.cards) - set(scenario.library())
    assert from_catalog and all(re.fullmatch(r"[A-Z]+-\d+", name) for name in from_catalog), from_catalog
    catalog = runner.run(loaded)
    hand_written = runner.run(scenario.load(ROOT / "examples" / "faq" / path.name))
    assert [v.passed for v in catalog.verdicts] == [v.passed for v in hand_written.verdicts]
    assert catalog.verdicts and all(v.passed for v in catalog.verdicts), catalog
