"""Compiled cards in the card store (judgekit/cards/trees.py): made at import, shown by `judgekit card`,
used by scenarios that name a catalog card; bad card text reported per card. Invented cards only."""

from __future__ import annotations

import json
import shutil

import pytest
from test_cards import en_card, zh_card

from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

EN_CARDS = [
    en_card("TST-101/100", "Ember Herald", might="2", text="When I attack, give me +2 Might this turn."),
    en_card("TST-102/100", "Riddle Keeper", text="When I attack, recite a poem."),
    en_card("TST-103/100", "Quiet Stone", card_type="Spell", might=None, text=""),
    en_card("TST-104/100", "Twin Lantern", text="When you play me, draw 1."),
    en_card("TST-105/100", "Rusted Shield", text="Shield 3 (+2 Might while I'm a defender.)"),
]
ZH_CARDS = [  # TST-104's Chinese text says something else than its English one
    zh_card("TST·104/100", "双子灯笼", effect="当你打出我时，抽两张牌。"),
]

SCENARIO = """title: 只用卡牌资料中的牌
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      base:
        - {{id: 先驱, card: {card}}}
    B: {{}}
  battlefields:
    - name: 东
      controller: B
      units:
        - {{id: 潜伏者, card: 船坞潜伏者}}
script:
  - move: 先驱
    to: 东
  - pass:
expect:
  - unit: 潜伏者
    alive: false
  - unit: 先驱
    alive: true
{cards}"""


@pytest.fixture
def catalog_home(bundled_home, tmp_path, monkeypatch, cli):
    home = tmp_path / "home"
    shutil.copytree(bundled_home, home)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    gallery, catalog = tmp_path / "gallery-en.json", tmp_path / "catalog-zh.json"
    gallery.write_text(json.dumps({"snapshot_date": "2026-07-25", "cards": EN_CARDS}), "utf-8")
    catalog.write_text(json.dumps({"fetchedAt": "2026-04-27", "cards": ZH_CARDS}, ensure_ascii=False), "utf-8")
    for path in (gallery, catalog):
        code, _, err = cli("import", str(path))
        assert code == 0, err
    return home


def write(tmp_path, card: str, cards: str = ""):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.format(card=card, cards=cards), encoding="utf-8")
    return path


def test_a_scenario_naming_a_catalog_card_gets_its_compiled_abilities(catalog_home, tmp_path):
    """Ember Herald's attack trigger (compiled from its English text) makes it 4 might: it kills the 3-might
    skulker it attacks and survives; without the trigger it would die and the skulker live."""
    for name in ("Ember Herald", "TST-101"):
        loaded = scenario.load(write(tmp_path, name))
        trace = runner.run(loaded)
        assert trace.verdicts and all(v.passed for v in trace.verdicts), trace


def test_a_card_that_did_not_compile_stops_the_scenario_before_the_first_step(catalog_home, tmp_path, cli):
    with pytest.raises(ScenarioError, match=r"s\.yaml:7: 牌“Riddle Keeper”（TST-102）.*recite a poem"):
        scenario.load(write(tmp_path, "Riddle Keeper"))
    code, out, err = cli("run", str(write(tmp_path, "Riddle Keeper")))
    assert code == 2 and "TST-102" in err and "Traceback" not in err and "✓" not in out


def test_a_scenario_that_defines_the_card_does_not_need_its_compilation(catalog_home, tmp_path):
    inline = """cards:
  Riddle Keeper:
    type: unit
    might: 2
    abilities:
      - trigger: attacked
        effects:
          - might: 2
"""
    trace = runner.run(scenario.load(write(tmp_path, "Riddle Keeper", inline)))
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_card_shows_what_the_engine_understood_and_which_text(catalog_home, cli):
    code, out, _ = cli("card", "TST-101")
    assert code == 0
    assert "引擎的理解（已编译，依据英文文字（gallery-en.json，2026-07-25，无勘误））" in out
    assert "当我进攻时" in out
    code, out, _ = cli("card", "TST-102")
    assert "有读不懂的句子" in out and "recite a poem" in out
    code, out, _ = cli("card", "TST-101", "--json")
    compiled = json.loads(out)["compiled"]
    assert compiled["status"] == "compiled" and compiled["tree"]["abilities"][0]["trigger"] == "attacked"


def test_bad_card_text_is_reported_per_card_by_cards_info(catalog_home, cli):
    code, out, err = cli("cards", "info")
    assert code == 0, err
    assert "[disagreement] TST-104：中英文文字编译的结果不同" in out  # 抽两张牌 against draw 1
    assert "TST-105" not in out.split("卡牌文字的编译：")[0]
    assert "资料中没有文字 1 张" in out  # TST-103: a spell without text in the data
    code, out, _ = cli("card", "TST-105")
    assert "与关键词 Shield 3 不符" in out  # its reminder restates another value


def test_a_card_without_text_in_the_data_brings_its_printed_facts(catalog_home, tmp_path):
    store = __import__("judgekit.scenarios.imported", fromlist=["card_store"]).card_store()
    verdict = store.db.execute("select status from card_trees where card_id = 'TST-103'").fetchone()
    assert verdict["status"] == "no_text"
