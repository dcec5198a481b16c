"""The English layout (“820.1. Repeat is …”), and the full English Core Rules when present."""

from conftest import ENGLISH_RULES, needs_reference, read
from judgekit.parsers import english

SAMPLE = """# Core Rules
Last Updated: 2026-07-16

800. Keywords
801. A Keyword is a specific term.
804. Keyword Glossary
820. Repeat
820.1. Repeat is an Optional Additional Cost keyword.
820.1.a. It appears on spells. Example: Rocket Barrage has [Repeat].
820.2. When an effect is repeated, choices are made as normal. See rule 349. Playing Cards for more information.

<!-- PAGE 9 -->

177.
 Multiple Types
202. Some Game Effects will instruct players to pay a Cost
in

order
to perform a linked Effect.
"""


def test_sample():
    doc = english.parse(SAMPLE)
    rules = {entry.ref: entry for entry in doc.rules}
    assert doc.date == "2026-07-16"
    assert doc.problems == []
    assert rules["820"].title == "Repeat"
    assert rules["820.1"].breadcrumb == ("Keywords", "Keyword Glossary", "Repeat")
    assert rules["820.1.a"].text == "It appears on spells."
    assert rules["820.1.a"].examples == ("Rocket Barrage has [Repeat].",)
    assert [(x.target, x.label) for x in rules["820.2"].xrefs] == [("349", "Playing Cards")]
    assert rules["177"].title == "Multiple Types"
    assert rules["202"].text == "Some Game Effects will instruct players to pay a Cost in order to perform a linked Effect."


@needs_reference
def test_full_english_rules_yield_2381_distinct_numbers():
    doc = english.parse(read(ENGLISH_RULES))
    assert len({entry.ref for entry in doc.rules}) == len(doc.rules) == 2381
    assert doc.problems == []
    rules = {entry.ref: entry for entry in doc.rules}
    keywords = {int(ref): rules[ref].title for ref in rules if "." not in ref and 805 <= int(ref) <= 829}
    assert keywords[807] == "Assault" and keywords[820] == "Repeat" and len(keywords) == 25
