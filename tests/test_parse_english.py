"""The English layout (“820.1. Repeat is …”), and the full English Core Rules when present."""

from conftest import ENGLISH_RULES, needs_reference, read

from judgekit.corpus.parsers import english

# Invented sentences in the English layout (not the rules' wording).
SAMPLE = """# Core Rules
Last Updated: 2026-07-16

800. Keywords
801. First sentence of a sample section.
804. Keyword Glossary
820. Repeat
820.1. Sample definition of a keyword.
820.1.a. Sample text. Example: A sample card shows it.
820.2. Another sample sentence. See rule 349. Playing Cards for more information.

<!-- PAGE 9 -->

177.
 Multiple Types
202. A sample rule whose text was broken
by

the
page layout into pieces.
"""


def test_sample():
    doc = english.parse(SAMPLE)
    rules = {entry.ref: entry for entry in doc.rules}
    assert doc.date == "2026-07-16"
    assert doc.problems == []
    assert rules["820"].title == "Repeat"
    assert rules["820.1"].breadcrumb == ("Keywords", "Keyword Glossary", "Repeat")
    assert rules["820.1.a"].text == "Sample text."
    assert rules["820.1.a"].examples == ("A sample card shows it.",)
    assert [(x.target, x.label) for x in rules["820.2"].xrefs] == [("349", "Playing Cards")]
    assert rules["177"].title == "Multiple Types"
    assert rules["202"].text == "A sample rule whose text was broken by the page layout into pieces."


def test_a_heading_after_rules_is_not_nested_under_the_headings_before_it():
    text = "400. Sample Section\n459. Fighting\n460. A fight happens.\n463. The Steps\n464. Step 1: Open\n464.1. Open it.\n465. Step 2: Close\n465.1. Close it.\n467. Counting\n468. Counting is gaining.\n469. There are two ways:\n469.1. First: one way."
    rules = {entry.ref: entry for entry in english.parse(text).rules}
    assert rules["464.1"].breadcrumb == ("Sample Section", "The Steps", "Step 1: Open")
    assert rules["465.1"].breadcrumb == ("Sample Section", "Step 2: Close")
    assert rules["467"].breadcrumb == ("Sample Section",) and rules["467"].group == "400"
    assert rules["468"].breadcrumb == ("Sample Section", "Counting") and rules["468"].group == "467"
    assert rules["469.1"].breadcrumb == ("Sample Section", "Counting")


@needs_reference
def test_full_english_rules_yield_2381_distinct_numbers():
    doc = english.parse(read(ENGLISH_RULES))
    assert len({entry.ref for entry in doc.rules}) == len(doc.rules) == 2381
    assert doc.problems == []
    rules = {entry.ref: entry for entry in doc.rules}
    keywords = {int(ref): rules[ref].title for ref in rules if "." not in ref and 805 <= int(ref) <= 829}
    assert keywords[807] == "Assault" and keywords[820] == "Repeat" and len(keywords) == 25


def test_a_wrapped_line_beginning_with_the_rule_number_it_quotes_continues_its_rule():
    # v1.1 and v1.2 wrap “During rule / 352.2., they …” inside 354.3 (issue 18): not a second 352.2.
    text = "352. Sample Step\n352.2. Choose a sample place.\n354.3. A sample sentence naming a step. During rule\n352.2., the sample player chose a place.\n355. Next Step"
    doc = english.parse(text)
    rules = {entry.ref: entry for entry in doc.rules}
    assert doc.problems == [] and rules["352.2"].text == "Choose a sample place."
    assert rules["354.3"].text.endswith("During rule 352.2., the sample player chose a place.")
    # A title ending in “Rules” is still followed by its first rule.
    titled = {entry.ref: entry for entry in english.parse("483.8. Unique Rules\n483.8.a. None yet.").rules}
    assert titled["483.8"].title == "Unique Rules" and titled["483.8.a"].text == "None yet."
