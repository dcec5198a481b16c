"""Section 700 of one Tournament Rules edition, read as a penalty guide.

Everything comes from the edition's own rules in the store, so a new edition
with other thresholds or infractions is read the same way:

* a *category* is a section of the 700 chapter with an “Overview” rule and
  infractions under it (702 Game Play Errors, 703 Tournament Errors, 704
  Unsporting Conduct);
* an *infraction* is a rule under a category, “Name [Penalty]: what it is”
  (“Late to Match: …” has no default: its sub-rules give the penalty);
* its *remedies* are the sub-rule “Remedies” and what is under it; its
  *conditions* are the sub-rules that name another penalty in brackets
  (“… this penalty is a [Warning] instead”);
* the category's *upgrade rules* are the Overview's sentences “… same category
  of … [Warning] 3 or more times … upgraded to [Game Loss]” and “At competitive
  OPL … a total of 6 or more …” (702.1.b), with their exceptions (“Except for
  702.17”); an infraction whose rules say it “never upgrades” is exempt (702.17.b);
* the Organized Play Levels and whether each is low or high come from 205.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from judgekit.corpus import Edition
from judgekit.errors import JudgekitError
from judgekit.refs import RuleNumber

PENALTIES = ("No Penalty", "Warning", "Game Loss", "Match Loss", "Disqualification")  # least severe first
ENFORCEMENT = 700  # the chapter of the Tournament Rules that lists infractions

_HEADING = re.compile(r"^(?P<name>[^\[\]:]+?)\s*(?:\[(?P<penalty>[^\]]+)\])?\s*:\s*(?P<summary>.*)$", re.DOTALL)
_BRACKETED = re.compile(r"\[(" + "|".join(PENALTIES) + r")s?\]", re.IGNORECASE)
_SAME = re.compile(r"same (?:exact )?category of [^\[]*\[(?P<base>[^\]]+)\]\s*(?P<count>\d+) or more times", re.IGNORECASE)
_TOTAL = re.compile(r"total of (?P<count>\d+) or more of any category of [^\[]*\[(?P<base>[^\]]+)\]", re.IGNORECASE)
_UPGRADED_TO = re.compile(r"upgraded to \[(?P<penalty>[^\]]+)\]", re.IGNORECASE)
_AT_OPL = re.compile(r"\b(?:At|In) (?P<levels>[A-Za-z ,]+?) OPL\b", re.IGNORECASE)
_EXCEPT = re.compile(r"Except for (?P<refs>\d{3}(?:\.\d+)+(?:(?:,\s*|\s+and\s+|\s+or\s+)\d{3}(?:\.\d+)+)*)", re.IGNORECASE)
_NUMBER = re.compile(r"\d{3}(?:\.\d+)+")
_NEVER_UPGRADES = re.compile(r"\bnever upgrades\b", re.IGNORECASE)
_OPL_LEVEL = re.compile(r"^(?P<name>[A-Za-z]+)\s*\((?P<level>low|high)\)\s*:", re.IGNORECASE)


class GuideError(JudgekitError):
    """An edition whose 700 section cannot be read as a penalty guide."""


class Clause(NamedTuple):
    """One numbered rule: its number and English text (the authority)."""

    ref: str
    text: str


class Condition(NamedTuple):
    """A sub-rule of an infraction that names another penalty, at some OPLs or all (opls empty)."""

    ref: str
    text: str
    penalties: tuple[str, ...]
    opls: tuple[str, ...]


class UpgradeRule(NamedTuple):
    """“The Nth [base] … in the same event is upgraded to [to]”, for one infraction (same) or a category (total)."""

    ref: str
    text: str
    scope: str  # "same": the same infraction; "total": any infraction of the category
    count: int
    base: str
    to: str
    opls: tuple[str, ...]  # the OPLs it applies at; empty: all
    excepted: tuple[str, ...]  # infractions it does not apply to


class Category(NamedTuple):
    ref: str
    name: str
    overview: str  # the number of its Overview rule
    upgrades: tuple[UpgradeRule, ...]


class Infraction(NamedTuple):
    ref: str
    name: str
    default: str | None  # None: the sub-rules give the penalty (703.8 Late to Match)
    summary: str
    category: Category
    conditions: tuple[Condition, ...]
    remedies: tuple[Clause, ...]  # the Remedies rule first, then what is under it, in order
    details: tuple[Clause, ...]  # its other sub-rules: definitions and examples
    exempt: tuple[str, ...]  # the rules that say it never upgrades (702.1.b.1's exception, 702.17.b)
    line: int


class Guide(NamedTuple):
    edition: Edition
    categories: tuple[Category, ...]
    infractions: tuple[Infraction, ...]
    opl_levels: dict[str, str]  # casual → low, competitive → high, … (205)

    def infraction(self, ref: str) -> Infraction | None:
        """The infraction *ref* names or lies under (702.5.c.1 → 702.5)."""
        number = RuleNumber.parse(ref)
        return next((i for i in self.infractions if RuleNumber.parse(i.ref).contains(number)), None)

    def applies_at(self, opls: tuple[str, ...], opl: str | None) -> bool:
        """Whether a rule stated for *opls* (empty: every level) applies at *opl* (None: not chosen, all shown)."""
        return not opls or opl is None or opl in opls


def penalty_name(text: str) -> str | None:
    """The canonical spelling of a bracketed penalty (“Warnings” → Warning), or None."""
    lowered = text.strip().lower()
    return next((p for p in PENALTIES if lowered in (p.lower(), p.lower() + "s")), None)


def severity(penalty: str) -> int:
    return PENALTIES.index(penalty)


class _Row(NamedTuple):
    ref: str
    title: str
    text: str
    parent: str | None
    line: int

    @property
    def words(self) -> str:
        return self.text or self.title


def read_guide(db, edition: Edition) -> Guide:
    """The penalty guide of *edition*'s 700 chapter (and its OPLs, 205), read from the store *db*."""
    rows = [
        _Row(r["ref"], r["title"], r["text"], r["parent"], r["line"])
        for r in db.execute(
            # Ranges of the (edition, ref) index: chapter 700, and 205's sub-rules.
            "select ref, title, text, parent, line from rules where edition = ? "
            "and ((ref >= '7' and ref < '8') or (ref >= '205.' and ref < '205/')) order by sort_key",
            (edition.id,),
        )
    ]
    children: dict[str, list[_Row]] = {}
    for row in rows:
        children.setdefault(_parent_ref(row.ref), []).append(row)
    opl_levels = {
        match["name"].lower(): match["level"].lower()
        for row in children.get("205", []) if (match := _OPL_LEVEL.match(row.words))
    }
    categories: list[Category] = []
    infractions: list[Infraction] = []
    for section in (row for row in rows if "." not in row.ref and ENFORCEMENT < int(row.ref) < ENFORCEMENT + 100):
        under = children.get(section.ref, [])
        overview = next((r for r in under if _is_named(r, "overview")), None)
        headed = [r for r in under if r is not overview and _BRACKETED.search(r.words.split(":", 1)[0])]
        if overview is None or not headed:
            continue  # 701 General, 705 Disciplinary Code: no infractions listed
        category = Category(section.ref, section.title or section.text, overview.ref,
                            tuple(_upgrades(_subtree(children, overview.ref), opl_levels)))
        categories.append(category)
        infractions += [_infraction(row, category, _subtree(children, row.ref), opl_levels)
                        for row in under if row is not overview]
    if not infractions:
        raise GuideError(f"版本 {edition.id} 的 700 节中没有读到任何违规（形如“702.5. Name [Warning]: …”的规则）")
    return Guide(edition, tuple(categories), tuple(infractions), opl_levels)


def _parent_ref(ref: str) -> str:
    return ref.rsplit(".", 1)[0] if "." in ref else ""


def _subtree(children: dict[str, list[_Row]], ref: str) -> list[_Row]:
    """The rules under *ref*, in rulebook order."""
    found = []
    for child in children.get(ref, []):
        found += [child, *_subtree(children, child.ref)]
    return found


def _is_named(row: _Row, name: str) -> bool:
    return row.words.strip().rstrip(":：").strip().lower() == name


def _opls(text: str, opl_levels: dict[str, str]) -> tuple[str, ...]:
    """The OPLs a sentence names (“At high OPL”, “At casual or competitive OPL”); empty when it names none."""
    named: list[str] = []
    for match in _AT_OPL.finditer(text):
        for word in re.split(r",\s*|\s+or\s+|\s+and\s+", match["levels"].strip().lower()):
            word = word.strip()
            named += [opl for opl, level in opl_levels.items() if word in (opl, level)] or [word]
    return tuple(dict.fromkeys(named))


def _upgrades(rules: list[_Row], opl_levels: dict[str, str]) -> list[UpgradeRule]:
    found = []
    for row in rules:
        upgraded = _UPGRADED_TO.search(row.text)
        counted = _SAME.search(row.text) or _TOTAL.search(row.text)
        if not (upgraded and counted):
            continue
        base, to = penalty_name(counted["base"]), penalty_name(upgraded["penalty"])
        if base is None or to is None:
            continue
        excepted = tuple(ref for m in _EXCEPT.finditer(row.text) for ref in _NUMBER.findall(m["refs"]))
        scope = "same" if counted.re is _SAME else "total"
        found.append(UpgradeRule(row.ref, row.text, scope, int(counted["count"]), base, to,
                                 _opls(row.text, opl_levels), excepted))
    return found


def _infraction(row: _Row, category: Category, rules: list[_Row], opl_levels: dict[str, str]) -> Infraction:
    heading = _HEADING.match(row.words)
    name = heading["name"].strip() if heading else row.words.strip()
    default = penalty_name(heading["penalty"]) if heading and heading["penalty"] else None
    remedies_at = next((r for r in rules if _is_named(r, "remedies")), None)
    remedies = [r for r in rules if remedies_at and (r.ref == remedies_at.ref or r.ref.startswith(remedies_at.ref + "."))]
    conditions = [
        Condition(r.ref, r.text, tuple(dict.fromkeys(penalty_name(p) for p in _BRACKETED.findall(r.text))),
                  _opls(r.text, opl_levels))
        for r in rules if _BRACKETED.search(r.text)
    ]
    placed = {r.ref for r in remedies} | {c.ref for c in conditions}
    exempt = [u.ref for u in category.upgrades if row.ref in u.excepted]
    exempt += [r.ref for r in rules if _NEVER_UPGRADES.search(r.text)]
    return Infraction(
        ref=row.ref,
        name=name,
        default=default,
        summary=heading["summary"].strip() if heading else "",
        category=category,
        conditions=tuple(conditions),
        remedies=tuple(Clause(r.ref, r.words) for r in remedies),
        details=tuple(Clause(r.ref, r.words) for r in rules if r.ref not in placed),
        exempt=tuple(dict.fromkeys(exempt)),
        line=row.line,
    )
