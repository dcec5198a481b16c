"""Importing the full card files and errata lists of ../shared/reference (skipped without them).

Expected counts are computed from the files themselves; no card text is copied here.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import REFERENCE
from typer.testing import CliRunner

from judgekit.cards.lookup import CardStore
from judgekit.cards.names import parse_code
from judgekit.cards.store import open_store
from judgekit.cli import app
from judgekit.corpus import Workspace

CARDS = REFERENCE / "cards"
ERRATA_ZH = sorted((REFERENCE / "faq" / "zh").glob("errata-zh-*.txt"))
ERRATA_EN = sorted((REFERENCE / "faq" / "en").glob("errata-en-*.md"))
ORIGINS_FAQ = REFERENCE / "faq" / "zh" / "faq-zh-origins-judge-2025-10-23.txt"

pytestmark = pytest.mark.skipif(not CARDS.is_dir(), reason="../shared/reference/cards is not present on this machine")


def _file(pattern: str):
    return next(CARDS.glob(pattern))


def _announced(path) -> str:
    """An English errata list's date, from the overlay's list of errata documents."""
    overlay = json.loads(_file("errata-overlay-*.json").read_text(encoding="utf-8"))
    return next(d["announced_on"] for d in overlay["errata_documents"] if d["slug"] in path.name)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    home = tmp_path_factory.mktemp("cards-reference")
    patch = pytest.MonkeyPatch()
    patch.setenv("JUDGEKIT_HOME", str(home))
    runner = CliRunner()
    commands = [[str(path)] for path in sorted(CARDS.glob("*.json"))] + [[str(path)] for path in ERRATA_ZH]
    commands += [[str(path), "--date", _announced(path)] for path in ERRATA_EN]
    commands.append([str(CARDS / "names-zh-en.md")])
    commands.append([str(ORIGINS_FAQ), "--edition", "zh-2026-07-17"])
    outputs = {}
    for args in commands:
        result = runner.invoke(app, ["import", *args])
        assert result.exit_code == 0, result.stderr
        outputs[args[0]] = result.stdout
    yield home, outputs
    patch.undo()


@pytest.fixture
def cards(home, monkeypatch) -> CardStore:
    monkeypatch.setenv("JUDGEKIT_HOME", str(home[0]))
    return open_store(Workspace.default())


def _codes(items, key):
    return {parse_code(item[key])[0] for item in items}


def test_every_printing_is_kept_once(cards):
    zh = json.loads(_file("card-catalog-zh-*.json").read_text(encoding="utf-8"))["cards"]
    en = json.loads(_file("card-gallery-en-*.json").read_text(encoding="utf-8"))["cards"]
    codex = json.loads(_file("cards-en-riftcodex-*.json").read_text(encoding="utf-8"))
    stored = {(r["format"], r["code"]) for r in cards.db.execute("select format, code from printings")}
    assert {c for f, c in stored if f == "zh-catalog"} == _codes(zh, "cardNo")
    assert {c for f, c in stored if f == "en-gallery"} == _codes(en, "code")
    assert {c for f, c in stored if f == "riftcodex"} == _codes(codex, "riftbound_id")
    assert len(_codes(codex, "riftbound_id")) < len(codex)  # the community list repeats printings


def test_languages_join_by_card_number(cards):
    zh = json.loads(_file("card-catalog-zh-*.json").read_text(encoding="utf-8"))["cards"]
    en = json.loads(_file("card-gallery-en-*.json").read_text(encoding="utf-8"))["cards"]
    shared = {parse_code(c["cardNo"])[1] for c in zh} & {parse_code(c["code"])[1] for c in en}
    joined = {r[0] for r in cards.db.execute(
        "select p.number from printings p where p.language = 'zh' and p.card_id in "
        "(select card_id from card_texts where language = 'en')")}
    assert shared <= joined
    # Alternate arts and reprints are printings of one card.
    assert cards.find("SFD-020a").cards[0].id == "SFD-020"


def test_markup_is_parsed_everywhere(cards):
    texts = [r[0] for r in cards.db.execute("select current || printed from card_texts")]
    assert not [t for t in texts if re.search(r"\{\{|:rb_|</?p>|\[(Assault|强攻)", t)]
    linked = cards.db.execute("select count(*) from card_keywords where term != ''").fetchone()[0]
    assert linked > 100


def test_errata_are_applied(cards):
    unmatched = cards.db.execute("select count(*) from errata where card_id is null").fetchone()[0]
    total = cards.db.execute("select count(*) from errata").fetchone()[0]
    assert total > 150 and unmatched < 10
    changed = cards.db.execute(
        "select count(distinct card_id) from card_texts where printed != current").fetchone()[0]
    assert changed > 50
    hook = cards.view(cards.find("海兽钓钩").cards[0].id)
    assert {e.language for e in hook.errata} == {"zh", "en"}
    assert all(t.printed != t.current for t in hook.texts)


def test_name_without_title_lists_every_version(cards):
    found = cards.find("德莱文").cards
    assert len(found) >= 3 and {c.name_zh for c in found} == {"德莱文"}


def test_done_when_the_hook_shows_both_languages_errata_and_faq(home, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(home[0]))
    result = CliRunner().invoke(app, ["card", "海兽钓钩"])
    assert result.exit_code == 0
    out = result.stdout
    assert "【中文】海兽钓钩" in out and "【English】Baited Hook" in out
    assert "印刷文本（勘误前，勘误日期 2025-10-28）" in out
    faq = out.split("提到此卡的 FAQ：")[1]
    assert len([line for line in faq.splitlines() if line.startswith("  FAQ ")]) >= 3


def test_import_reports_conflicts_between_languages(home):
    gallery = str(_file("card-gallery-en-*.json"))
    assert "中英文资料不一致" in home[1][gallery]


def test_the_name_table_names_cards_the_chinese_catalog_lacks(home, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(home[0]))
    names = (CARDS / "names-zh-en.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1:4] for line in names.splitlines() if re.match(r"^\| [^-C]", line)]
    cards = open_store(Workspace.default())
    for zh, _, codes in rows:
        assert cards.find(zh.strip()).cards[0].id == parse_code(codes.split("/")[0].strip())[1]
    result = CliRunner().invoke(app, ["card", rows[2][0].strip()])  # a Vendetta card the bundled FAQ discusses
    assert "提到此卡的 FAQ：\n  FAQ " in result.stdout


def test_every_card_fact_of_every_source_is_kept(cards):
    """Issue 18: the English gallery has no power cost or supertype; the community list has them.

    Vendetta cards lost their power cost (54) and supertypes (33), and tags kept one language (191 cards); the
    Chinese catalog's champion and region tags were dropped (450 cards).
    """
    codex = json.loads(_file("cards-en-riftcodex-*.json").read_text(encoding="utf-8"))
    en = json.loads(_file("card-gallery-en-*.json").read_text(encoding="utf-8"))["cards"]
    stored = {r["id"]: r for r in cards.db.execute("select * from cards")}
    card_of = {r["code"]: r["card_id"] for r in cards.db.execute("select code, card_id from printings")}
    lost_power, lost_supertypes, lost_tags = set(), set(), set()
    for item in codex:
        card = stored[card_of[parse_code(item["riftbound_id"])[0]]]
        supertype = (item["classification"].get("supertype") or "").lower()
        if item["attributes"].get("power") is not None and card["power"] is None:
            lost_power.add(card["id"])
        if supertype not in ("", "basic") and supertype not in card["supertypes"].split("、"):
            lost_supertypes.add(card["id"])
    for item in en:
        card = stored[card_of[parse_code(item["code"])[0]]]
        if not set(item.get("tags") or ()) <= set(card["tags"].split("、")):
            lost_tags.add(card["id"])
    # The Chinese catalog prints the champion and region tags apart from the others (hero, region, tag).
    for item in json.loads(_file("card-catalog-zh-*.json").read_text(encoding="utf-8"))["cards"]:
        card = stored[card_of[parse_code(item["cardNo"])[0]]]
        printed = {t for key in ("tag", "hero", "region") for t in re.split(r"[|、]", item.get(key) or "") if t}
        if not printed <= set(card["tags"].split("、")):
            lost_tags.add(card["id"])
    assert (lost_power, lost_supertypes, lost_tags) == (set(), set(), set())
    # Each source's own facts are kept too, a row per printing.
    assert cards.db.execute("select count(*) from card_sources").fetchone()[0] == \
        cards.db.execute("select count(*) from printings").fetchone()[0]


def test_editorial_notes_of_errata_lists_are_notes_not_card_text(cards):
    """Issue 18: “注：只有英文版卡牌的文本…”, “翻译优化” and “Note: Text only differs…” were glued onto card texts."""
    marks = ("注：", "翻译优化", "Note:", "与目前卡面文本一致")  # the last one said by a new-text marker
    glued = [r[0] for r in cards.db.execute("select old_text || new_text from errata") if any(m in r[0] for m in marks)]
    texts = [r[0] for r in cards.db.execute("select printed || current from card_texts") if any(m in r[0] for m in marks)]
    assert glued == [] and texts == []
    noted = [r[0] for r in cards.db.execute("select notes from errata where notes != ''")]
    assert {mark for note in noted for mark in marks if mark in note} == set(marks)


def test_every_erratum_but_a_translation_fix_names_a_card(cards):
    """Issue 18: the Chinese Vendetta-era list names two cards printed in English only by Chinese names no card data
    gave; the English list of the same announcement names them in the same places.  A translation fix (翻译优化)
    of a card printed in English only has no English entry, and stays unjoined."""
    unjoined = cards.db.execute("select notes from errata where card_id is null or card_id = ''").fetchall()
    assert all("翻译优化" in row[0] for row in unjoined), unjoined
