"""The FAQ rulings catalogue (examples/faq/rulings.yaml): structure, vocabulary, rule numbers, coverage."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict

import pytest
import yaml
from conftest import ENGLISH_RULES, FAQ, REFERENCE, ROOT, needs_reference, read

from judgekit.corpus.parsers import faq

CATALOGUE = ROOT / "examples" / "faq" / "rulings.yaml"
ENGLISH_CARDS = REFERENCE / "cards" / "cards-en-riftcodex-2026-08-16.json"
CHINESE_CARDS = REFERENCE / "cards" / "card-catalog-zh-2026-04-27.json"
CATALOGUE_README = ROOT / "examples" / "faq" / "README.md"
BUNDLED_FAQ = "faq/zh-vendetta-faq.txt"

# The id prefix names the document; the bundled FAQ lives in the repository, the others in ../shared/reference.
SOURCES = {
    "vendetta": BUNDLED_FAQ,
    "origins-judge": "faq/zh/faq-zh-origins-judge-2025-10-23.txt",
    "spiritforged-judge": "faq/zh/faq-zh-spiritforged-judge-2026-01-14.txt",
    "unleashed": "faq/zh/faq-zh-unleashed-official-2026-04-29.txt",
}
ID = re.compile(r"^(vendetta|origins-judge|spiritforged-judge|unleashed)-([0-9a-z][0-9a-z.\-]*)$")
RULE_NUMBER = re.compile(r"^\d{3}(?:\.(?:\d+|[a-z]+))*$")
RULE_LINE = re.compile(r"^(\d{3}(?:\.(?:\d+|[a-z]+))*)\.\s")
RULING_FIELDS = {"id", "source", "topic", "question", "ruling", "cards", "cites_in_source", "rules", "mechanics",
                 "scenario", "needs"}
OPTIONAL_FIELDS = {"wording_reason", "conflict"}
CARD_FIELDS = {"zh", "en", "code", "type", "energy", "power", "domain", "might", "keywords", "ability"}
CONFLICT_FIELDS = {"faq", "rules", "winner", "why"}
DESCRIPTIVE_TAGS = {"errata"}  # describe where a ruling comes from, not an engine feature


@pytest.fixture(scope="module")
def rulings() -> list[dict]:
    return yaml.safe_load(read(CATALOGUE))["rulings"]


@pytest.fixture(scope="module")
def vocabulary() -> set[str]:
    """The mechanics tags are the first column of the tag table in the catalogue's README."""
    section = read(CATALOGUE_README).split("## 机制标签", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z][a-z\-]*)` \|", section, flags=re.MULTILINE))


def test_every_ruling_has_exactly_the_documented_fields(rulings):
    for ruling in rulings:
        keys = set(ruling)
        assert RULING_FIELDS <= keys, (ruling.get("id"), RULING_FIELDS - keys)
        assert keys <= RULING_FIELDS | OPTIONAL_FIELDS, (ruling["id"], keys - RULING_FIELDS - OPTIONAL_FIELDS)
        assert set(ruling["source"]) == {"file", "entry"}, ruling["id"]
        for text in ("topic", "question", "ruling"):
            assert isinstance(ruling[text], str) and ruling[text].strip(), (ruling["id"], text)


def test_ids_are_unique_and_name_their_source(rulings):
    counts = Counter(ruling["id"] for ruling in rulings)
    assert [rid for rid, n in counts.items() if n > 1] == []
    for ruling in rulings:
        match = ID.match(ruling["id"])
        assert match, ruling["id"]
        assert ruling["source"]["file"] == SOURCES[match.group(1)], ruling["id"]


def test_cards_carry_their_facts_and_a_paraphrased_ability(rulings):
    for ruling in rulings:
        assert ruling["cards"], ruling["id"]
        for card in ruling["cards"]:
            assert set(card) == CARD_FIELDS, (ruling["id"], card.get("zh"))
            assert card["zh"] and card["ability"], (ruling["id"], card)
            assert isinstance(card["keywords"], list) and isinstance(card["domain"], (list, type(None)))
            for number in ("energy", "power", "might"):
                assert card[number] is None or isinstance(card[number], int), (ruling["id"], card["zh"], number)


def test_mechanics_and_needs_come_from_the_documented_list(rulings, vocabulary):
    assert len(vocabulary) >= 20
    for ruling in rulings:
        assert ruling["mechanics"], ruling["id"]
        assert set(ruling["mechanics"]) <= vocabulary, (ruling["id"], set(ruling["mechanics"]) - vocabulary)
        assert set(ruling["needs"]) <= set(ruling["mechanics"]) - DESCRIPTIVE_TAGS, ruling["id"]


def test_scenario_is_feasible_with_needs_or_wording_with_a_reason(rulings):
    for ruling in rulings:
        assert ruling["scenario"] in {"feasible", "wording"}, ruling["id"]
        if ruling["scenario"] == "feasible":
            assert ruling["needs"] and "wording_reason" not in ruling, ruling["id"]
        else:
            assert ruling.get("wording_reason", "").strip(), ruling["id"]


def test_rule_numbers_are_well_formed(rulings):
    for ruling in rulings:
        assert ruling["rules"], ruling["id"]
        numbers = [rule["number"] for rule in ruling["rules"]]
        assert len(numbers) == len(set(numbers)), ruling["id"]
        for rule in ruling["rules"]:
            assert set(rule) <= {"number", "mapped_from", "note"}, ruling["id"]
            assert RULE_NUMBER.match(rule["number"]), (ruling["id"], rule["number"])
            assert "mapped_from" not in rule or RULE_NUMBER.match(rule["mapped_from"]), (ruling["id"], rule)
        for cited in ruling["cites_in_source"]:
            assert isinstance(cited, str) and RULE_NUMBER.match(cited), (ruling["id"], cited)


def test_conflicts_state_both_sides_and_the_winner(rulings):
    conflicts = [ruling for ruling in rulings if "conflict" in ruling]
    assert conflicts
    for ruling in conflicts:
        assert set(ruling["conflict"]) == CONFLICT_FIELDS, ruling["id"]
        assert ruling["conflict"]["winner"] in {"faq", "rules"}, ruling["id"]


def bundled_entries():
    return faq.parse(read(FAQ / "zh-vendetta-faq.txt")).faqs


def test_bundled_ids_cover_every_entry_of_the_bundled_faq(rulings):
    entries = bundled_entries()
    bundled = [ruling for ruling in rulings if ruling["id"].startswith("vendetta-")]
    assert sorted(int(ruling["source"]["entry"]) for ruling in bundled) == [entry.number for entry in entries]
    assert all(ruling["id"] == f"vendetta-{ruling['source']['entry']}" for ruling in bundled)


def test_bundled_citations_are_the_ones_the_faq_prints(rulings):
    printed = {entry.number: [c.ref for c in entry.citations] for entry in bundled_entries()}
    for ruling in rulings:
        if ruling["id"].startswith("vendetta-"):
            assert ruling["cites_in_source"] == printed[int(ruling["source"]["entry"])], ruling["id"]


@needs_reference
def test_every_cited_2026_07_rule_exists_in_the_english_rules(rulings):
    numbers = {m.group(1) for line in read(ENGLISH_RULES).splitlines() if (m := RULE_LINE.match(line))}
    missing = [(ruling["id"], rule["number"]) for ruling in rulings for rule in ruling["rules"]
               if rule["number"] not in numbers]
    assert missing == []


@needs_reference
def test_shared_source_documents_exist(rulings):
    for ruling in rulings:
        if not ruling["id"].startswith("vendetta-"):
            assert (REFERENCE / ruling["source"]["file"]).is_file(), ruling["id"]


def card_code(raw: str) -> str:
    """OGN·095/298, UNL-001/219, ven-021a-166, sfd-t03 → OGN-095, UNL-001, VEN-021, SFD-T03 (variants folded)."""
    set_id, number = re.split(r"[·\-]", raw, maxsplit=1)
    number = re.split(r"[/\-]", number)[0]
    return f"{set_id.upper()}-{re.sub(r'[a-z*]+$', '', number.lower()).upper()}"


@needs_reference
def test_card_facts_match_the_reference_card_data(rulings):
    english = defaultdict(list)
    for entry in json.loads(read(ENGLISH_CARDS)):
        english[card_code(entry["riftbound_id"])].append(entry)
    chinese = {card_code(entry["cardNo"]) for entry in json.loads(read(CHINESE_CARDS))["cards"]}
    for ruling in rulings:
        for card in ruling["cards"]:
            printings = english.get(card["code"])
            if not printings:  # tokens and cards only in the Chinese catalogue
                assert card["code"] in chinese, (ruling["id"], card["zh"], card["code"])
                continue
            names = {entry["name"].split(" (")[0] for entry in printings}
            facts = {(entry["attributes"]["energy"], entry["attributes"]["power"], entry["attributes"]["might"])
                     for entry in printings}
            assert card["en"] in names, (ruling["id"], card["zh"], card["en"], names)
            assert (card["energy"], card["power"], card["might"]) in facts, (ruling["id"], card["zh"])
