"""Build ``cards.db`` from the imported card files (stdlib sqlite3; tables in docs/data-model.md).

Printings join across languages by card number (“OGN·242/298” and “OGN-242/298”
are both OGN-242); printings of the same card in several sets or arts (SFD-020a,
VEN-172 reprinting OGN-028) join by name and type into one card, whose code is the
earliest printing's.  Errata join by card code, else by name.  The store is written
to a temporary file and moved into place only when complete.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from difflib import SequenceMatcher
from itertools import pairwise
from typing import NamedTuple

from judgekit.cards.formats import (
    ERRATA_FORMATS,
    FORMAT_AUTHORITY,
    CardFile,
    Errata,
    Printing,
    read_card_file,
    split_title,
    translation_only,
)
from judgekit.cards.markup import parse_text
from judgekit.cards.names import name_key, set_rank
from judgekit.cards.registry import DAMAGED, CardDocument, database, fingerprint, folder
from judgekit.cards.trees import write_trees
from judgekit.corpus import Workspace, bundled_glossary, replace_derived
from judgekit.errors import DocumentError

SCHEMA = """
create table card_documents (id text primary key, kind text, format text, language text, title text,
    file text, date text, entries integer);
create table cards (id text primary key, type text, supertypes text, energy integer, power integer,
    might integer, domains text, tags text, name_zh text, title_zh text, name_en text, title_en text);
create table printings (code text, number text, card_id text, set_id text, language text, format text,
    document text, name text, rarity text);
create table card_texts (card_id text, language text, name text, title text, type text, energy integer,
    power integer, might integer, domains text, tags text, printed text, current text, document text);
create table card_sources (card_id text, language text, document text, format text, code text, type text,
    supertypes text, energy integer, power integer, might integer, domains text, tags text);
create table errata (id integer primary key, card_id text, language text, card_name text, date text,
    document text, format text, old_text text, new_text text, line integer, notes text);
create table card_keywords (card_id text, language text, name text, value integer, cost text, term text);
create table card_names (key text, card_id text, language text, kind text);
create table card_aliases (card_id text, language text, name text, title text, document text);
create table card_conflicts (card_id text, field text, zh text, en text);
create table card_problems (document text, line integer, kind text, detail text);
create table meta (key text primary key, value text);
create index printings_code on printings (code);
create index printings_number on printings (number);
create index card_names_key on card_names (key);
create index card_texts_card on card_texts (card_id);
create index card_sources_card on card_sources (card_id);
create index errata_card on errata (card_id);
create index card_keywords_card on card_keywords (card_id);
"""
FACT_FIELDS = ("type", "energy", "power", "might", "domains")


class Problem(NamedTuple):
    document: str
    line: int
    kind: str  # conflict | errata | duplicate | alias | damaged
    detail: str


class BuildReport(NamedTuple):
    cards: int
    printings: int
    errata: int
    conflicts: int
    problems: tuple[Problem, ...]
    compiled: dict[str, int]  # cards per compilation verdict (judgekit/cards/trees.py)


class _Cards:
    """Union-find over card numbers: two numbers are one card when a printing says so."""

    def __init__(self):
        self.parent: dict[str, str] = {}

    def find(self, number: str) -> str:
        self.parent.setdefault(number, number)
        while self.parent[number] != number:
            self.parent[number] = self.parent[self.parent[number]]
            number = self.parent[number]
        return number

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            first, second = sorted((ra, rb), key=set_rank)
            self.parent[second] = first


def _group(printings: list[tuple[str, Printing]]) -> dict[str, str]:
    """Card code of every card number."""
    cards = _Cards()
    by_name: dict[tuple, str] = {}
    for _, printing in printings:
        cards.find(printing.base)
        if printing.type and printing.name:
            key = (printing.language, name_key(printing.name), name_key(printing.title), printing.type)
            if key in by_name:
                cards.union(by_name[key], printing.base)
            else:
                by_name[key] = printing.base
    return {number: cards.find(number) for number in cards.parent}


def _best(printings: Iterable[tuple[str, Printing]], card_id: str) -> tuple[str, Printing]:
    """The printing whose facts and text speak for the card: official source, the card's own number."""
    return min(printings, key=lambda p: (FORMAT_AUTHORITY[p[1].format], p[1].base != card_id,
                                         set_rank(p[1].code)))


def _joined(values: Iterable[str]) -> str:
    return "、".join(values)


def _name_keys(name: str, title: str) -> set[tuple[str, str]]:
    """Lookup keys of a printing's name: the full name in either order (“full”), the name or the title alone."""
    keys = {(name_key(name + title), "full"), (name_key(title + name), "full"),
            (name_key(name), "name"), (name_key(title), "name")}
    return {(key, kind) for key, kind in keys if key}


def _name_rows(grouped) -> list[tuple[str, str, str, str]]:
    """card_names rows from every printing: sources name a card differently (legends: “Deceiver”)."""
    rows = set()
    for card_id, by_language in grouped.items():
        for language, printings in by_language.items():
            for _, printing in printings:
                keys = _name_keys(printing.name, printing.title)
                rows.update((key, card_id, language, kind) for key, kind in keys)
    return sorted(rows)


def _learnt_names(best, zh_aliases: dict[str, tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """card_names rows of the Chinese names the catalogs themselves give cards printed in English only.

    A card's name without its title (Akali, Nasus) is printed on cards of both languages: when every card of
    that English name printed in both has one Chinese name (阿卡丽), a card printed in English only takes it as a
    lookup key, so “阿卡丽” finds the Vendetta Akali too.  A name printed two ways (Yi, Master Yi → 易) is learnt
    per English name; an English name printed with two Chinese names is not learnt.
    """
    chinese: dict[str, set[str]] = defaultdict(set)
    for by_language in best.values():
        if "zh" in by_language and "en" in by_language:
            chinese[name_key(by_language["en"][1].name)].add(by_language["zh"][1].name)
    rows = set()
    for card_id, by_language in best.items():
        if "zh" in by_language or "en" not in by_language or card_id in zh_aliases:
            continue
        names = chinese.get(name_key(by_language["en"][1].name), set())
        if len(names) == 1 and (key := name_key(next(iter(names)))):
            rows.add((key, card_id, "zh", "name"))
    return sorted(rows)


def _paired_names(parsed: dict[str, CardFile], numbers: dict[str, str], names: dict) -> list[tuple[str, str, str, str]]:
    """card_names rows of the names two errata lists of one announcement give each other's cards.

    The Chinese and English lists of one date (Vendetta's) name the same cards in the same order, the Chinese one
    with its translation fixes (翻译优化) besides.  Entries both lists name a known card by are anchors; where the
    anchors run in the same order in both and two anchors hold as many entries between them in each list, those
    entries are the same cards, so a name one list gives a card the other names (星界灵鹭 for Astral Heron, a card
    printed in English only) becomes a lookup key of that card, and the list's erratum joins it.
    """
    lists: dict[tuple[str, str], list[Errata]] = defaultdict(list)
    for card_file in parsed.values():
        if card_file.format in ERRATA_FORMATS:
            lists[(card_file.date, card_file.language)] += [e for e in card_file.errata if not translation_only(e)]
    rows = set()
    for (date, language), first in lists.items():
        second = lists.get((date, "en"), []) if language == "zh" else []
        if not second:
            continue
        cards = [[_errata_card(e, numbers, names) for e in entries] for entries in (first, second)]
        anchors = [(i, cards[1].index(card)) for i, card in enumerate(cards[0]) if card and cards[1].count(card) == 1]
        if len(anchors) < 2 or any(b[1] <= a[1] for a, b in pairwise(anchors)):
            continue  # not the same announcement in two languages, or not in one order
        bounds = [(-1, -1), *anchors, (len(first), len(second))]
        for (i0, j0), (i1, j1) in pairwise(bounds):
            if i1 - i0 != j1 - j0:
                continue
            for i, j in zip(range(i0 + 1, i1), range(j0 + 1, j1)):
                (a, b), (card_a, card_b) = (first[i], second[j]), (cards[0][i], cards[1][j])
                if bool(card_a) != bool(card_b):  # one list's name for a card the other names
                    entry, card = (a, card_b) if card_b else (b, card_a)
                    rows.update((key, card, entry.language, kind) for key, kind in _name_keys(*split_title(entry.card_name)))
    return sorted(rows)


def _errata_card(entry: Errata, numbers: dict[str, str], names: dict) -> str | None:
    for code in entry.codes:
        if code in numbers:
            return numbers[code]
    found = names.get((entry.language, name_key(entry.card_name)), set())
    return next(iter(found)) if len(found) == 1 else None


def _alias_rows(parsed: dict[str, CardFile], numbers: dict[str, str], problems: list) -> list[tuple]:
    """card_aliases rows (card, language, name, title, document) of every name table."""
    rows = []
    for doc_id, card_file in parsed.items():
        for alias in card_file.aliases:
            cards = sorted({numbers[code] for code in alias.codes if code in numbers})
            if not cards:
                codes = "、".join(alias.codes)
                problems.append(Problem(doc_id, alias.line, "alias", f"“{alias.zh}”的编号 {codes} 不在已导入的卡牌中"))
            for card_id in cards:
                rows += [(card_id, language, *split_title(name), doc_id)
                         for language, name in (("zh", alias.zh), ("en", alias.en)) if name]
    return rows


def _name_index(name_rows) -> dict[tuple[str, str], set[str]]:
    """(language, key) → card codes."""
    index: dict[tuple[str, str], set[str]] = defaultdict(set)
    for key, card_id, language, _ in name_rows:
        index[(language, key)].add(card_id)
    return index


def build_cards(workspace: Workspace, documents: list[CardDocument]) -> BuildReport:
    """Build cards.db from the stored card files; one deleted or damaged since is left out and reported."""
    parsed, damaged = {}, []
    for document in documents:
        try:
            parsed[document.id] = read_card_file(folder(workspace) / document.file, document.format, document.date)
        except DocumentError as error:
            damaged.append(Problem(document.id, 0, DAMAGED, f"{error}；已略过这个导入的卡牌文件，请用 judgekit import "
                                                            f"--remove {document.id} 移除它，或重新导入原文件"))
    return _write(workspace, documents, parsed, damaged)


def _write(workspace: Workspace, documents: list[CardDocument], parsed: dict[str, CardFile],
           problems: list[Problem]) -> BuildReport:
    printings = [(doc_id, p) for doc_id, card_file in parsed.items() for p in card_file.printings]
    numbers = _group(printings)
    grouped: dict[str, dict[str, list[tuple[str, Printing]]]] = defaultdict(lambda: defaultdict(list))
    seen: set[tuple[str, str, str]] = set()
    for doc_id, printing in printings:
        if (doc_id, printing.language, printing.code) in seen:
            problems.append(Problem(doc_id, 0, "duplicate", f"{printing.code} {printing.name} 在文件中出现不止一次"))
            continue
        seen.add((doc_id, printing.language, printing.code))
        grouped[numbers[printing.base]][printing.language].append((doc_id, printing))
    best = {card_id: {lang: _best(ps, card_id) for lang, ps in langs.items()} for card_id, langs in grouped.items()}
    alias_rows = _alias_rows(parsed, numbers, problems)
    name_rows = sorted(set(_name_rows(grouped)) | {
        (key, card_id, language, kind)
        for card_id, language, name, title, _ in alias_rows for key, kind in _name_keys(name, title)
    })
    names = _name_index(name_rows)
    name_rows = sorted(set(name_rows) | set(_paired_names(parsed, numbers, names)))
    names = _name_index(name_rows)

    applied: dict[tuple[str, str], list[tuple[Errata, str, str]]] = defaultdict(list)  # (entry, format, document)
    placed: list[tuple[str, Errata, str | None, str]] = []
    for doc_id, card_file in parsed.items():
        for entry in card_file.errata:
            card_id = _errata_card(entry, numbers, names)
            if card_id is None:
                problems.append(Problem(doc_id, entry.line, "errata", f"勘误的卡名“{entry.card_name}”对不上任何已导入的卡牌"))
            else:
                applied[(card_id, entry.language)].append((entry, card_file.format, doc_id))
            placed.append((doc_id, entry, card_id, card_file.format))

    glossary = {name.lower(): row["zh"] for row in bundled_glossary() for name in (row["zh"], row["en"])}
    rows: dict[str, list] = defaultdict(list)
    rows["card_aliases"] = alias_rows
    zh_aliases = {row[0]: (row[2], row[3]) for row in alias_rows if row[1] == "zh"}
    rows["card_names"] = sorted(set(name_rows) | set(_learnt_names(best, zh_aliases)))
    for card_id, by_language in sorted(best.items()):
        _card_rows(card_id, by_language, grouped[card_id], applied, glossary, rows, zh_aliases.get(card_id))
        for language, entries in grouped[card_id].items():
            rows["printings"] += [(p.code, p.base, card_id, p.set_id, language, p.format, doc_id, p.name, p.rarity)
                                  for doc_id, p in entries]
    domains = {row[0]: _only_domain(row[6].split("、")) for row in rows["cards"]}
    errata_rows = [
        (number, card_id, entry.language, entry.card_name, entry.date, doc_id, fmt,
         parse_text(entry.old_text, entry.language, domains.get(card_id, "")).plain,
         parse_text(entry.new_text, entry.language, domains.get(card_id, "")).plain, entry.line, "\n".join(entry.notes))
        for number, (doc_id, entry, card_id, fmt) in enumerate(placed, start=1)
    ]
    for card_id, field, zh, en in rows["card_conflicts"]:
        problems.append(Problem("", 0, "conflict", f"{card_id} 的 {field}：中文资料 {zh}，英文资料 {en}（两者都保留）"))

    target = database(workspace)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(".building")
    temporary.unlink(missing_ok=True)
    connection = sqlite3.connect(temporary)
    with connection:
        connection.executescript(SCHEMA)
        connection.executemany("insert into card_documents values (?, ?, ?, ?, ?, ?, ?, ?)", [
            (d.id, d.kind, d.format, d.language, d.title, d.file, parsed[d.id].date,
             len(parsed[d.id].printings) + len(parsed[d.id].errata)) for d in documents if d.id in parsed])
        for table, table_rows in rows.items():
            if table_rows:
                marks = ", ".join("?" * len(table_rows[0]))
                connection.executemany(f"insert into {table} values ({marks})", table_rows)
        connection.executemany("insert into errata values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", errata_rows)
        connection.executemany("insert into card_problems values (?, ?, ?, ?)", problems)
        compiled = write_trees(connection)
        connection.execute("insert into meta values ('fingerprint', ?)", (fingerprint(workspace, documents),))
    connection.close()
    replace_derived(temporary, target)
    return BuildReport(len(best), len(rows["printings"]), len(errata_rows), len(rows["card_conflicts"]),
                       tuple(problems), compiled)


def _errata_text(printing: Printing | None, errata: tuple[Errata, str, str], text: str) -> str:
    """The card's whole text with *text*, the old or new text of *errata*, in its place.

    An official list gives the card's whole text. The community overlay gives only the ability that
    changed: the printed lines it stands for are replaced (just the old words, when the line holds
    them), and the lines it leaves out — keywords such as [Tank], a cost before the colon — are kept.
    """
    entry, fmt, _ = errata
    if printing is None or fmt != "errata-overlay":
        return text
    lines = printing.text.split("\n")
    changed = [parse_text(line, entry.language).plain for line in (entry.old_text + "\n" + entry.new_text).split("\n")]
    hits = [number for number, line in enumerate(lines)
            if line.strip() and _stands_for(parse_text(line, entry.language).plain, [c for c in changed if c])]
    if not hits:
        return text
    first = lines[hits[0]]
    lines[hits[0]] = first.replace(entry.old_text, text) if entry.old_text and entry.old_text in first else text
    return "\n".join(line for number, line in enumerate(lines) if number not in hits[1:])


def _stands_for(line: str, changed: list[str]) -> bool:
    """Whether a printed line is one an errata text rewrites: it holds it, is held by it, or reads mostly alike."""
    return any(line in other or other in line or SequenceMatcher(None, line, other).ratio() >= 0.6 for other in changed)


def _only_domain(domains) -> str:
    """The card's domain when it has exactly one: the errata's [C] names its rune."""
    coloured = [d for d in domains if d and d != "Colorless"]
    return coloured[0] if len(coloured) == 1 else ""


def _card_rows(card_id: str, by_language: dict[str, tuple[str, Printing]],
               every: dict[str, list[tuple[str, Printing]]], applied, glossary, rows,
               zh_alias: tuple[str, str] | None) -> None:
    """The rows of one card: merged facts, each language's texts and keywords, names, conflicts.

    A fact comes from the best printing of the first language that has it, else from any other
    printing of any source (the English gallery has no power cost or supertype, the community list
    has them: issue 18); supertypes and tags are those of every source, in every language; each
    source's own facts stay in card_sources.  A card without a Chinese printing takes its Chinese
    name from a name table (*zh_alias*); a language with errata but no printing (Vendetta cards
    before their Chinese catalog) takes its text from the errata.
    """
    chosen = [p for _, p in sorted(by_language.values(), key=lambda item: item[1].language != "zh")]
    others = sorted((p for entries in every.values() for _, p in entries if p not in chosen),
                    key=lambda p: (p.language != "zh", FORMAT_AUTHORITY[p.format]))
    first = next((p for p in chosen if p.type), chosen[0])
    supertypes = sorted({s for p in chosen + others for s in p.supertypes})

    def fact(field: str, printings: list[Printing] = chosen + others):
        return next((getattr(p, field) for p in printings if getattr(p, field) not in (None, "", ())), None)

    for language, entries in sorted(every.items(), key=lambda item: item[0] != "zh"):
        rows["card_sources"] += [(card_id, language, doc_id, p.format, p.code, p.type, _joined(p.supertypes),
                                  p.energy, p.power, p.might, _joined(p.domains), _joined(p.tags)) for doc_id, p in entries]
    tags = dict.fromkeys(tag for p in chosen + others for tag in p.tags)  # Chinese first, each once

    zh, en = by_language.get("zh", ("", None))[1], by_language.get("en", ("", None))[1]
    name_zh, title_zh = (zh.name, zh.title) if zh else zh_alias or ("", "")
    rows["cards"].append((
        card_id, first.type, _joined(supertypes), fact("energy"), fact("power"), fact("might"),
        _joined(fact("domains") or ()), _joined(tags), name_zh, title_zh,
        en.name if en else "", en.title if en else "",
    ))
    domain = _only_domain(fact("domains") or ())
    languages = sorted(set(by_language) | {lang for lang in ("zh", "en") if (card_id, lang) in applied},
                       key=lambda lang: lang != "zh")
    for language in languages:
        # The printed text is the oldest errata's old text, the current one the newest's new text;
        # on the same date an official list outranks the community overlay.
        errata = applied.get((card_id, language), [])
        oldest = min(errata, key=lambda e: (e[0].date, FORMAT_AUTHORITY[e[1]]), default=None)
        newest = max(errata, key=lambda e: (e[0].date, -FORMAT_AUTHORITY[e[1]]), default=None)
        if language in by_language:
            doc_id, printing = by_language[language]
            # The language's best printing, its gaps filled from the language's other sources.
            same = [printing] + [p for _, p in every[language] if p is not printing]
            facts = (printing.name, printing.title, printing.type, fact("energy", same), fact("power", same),
                     fact("might", same), _joined(fact("domains", same) or ()),
                     _joined(dict.fromkeys(tag for p in same for tag in p.tags)))
        else:
            doc_id, printing = newest[2], None
            name, title = zh_alias if language == "zh" and zh_alias else split_title(newest[0].card_name)
            facts = (name, title, first.type, None, None, None, "", "")
        printed_source = _errata_text(printing, oldest, oldest[0].old_text) if oldest else printing.text
        current_source = _errata_text(printing, newest, newest[0].new_text) if newest else printing.text
        current = parse_text(current_source, language, domain)
        rows["card_texts"].append((
            card_id, language, *facts, parse_text(printed_source, language, domain).plain, current.plain, doc_id,
        ))
        rows["card_keywords"] += [(card_id, language, k.name, k.value, k.cost, glossary.get(k.name.lower(), ""))
                                  for k in current.keywords]
    if zh and en:
        for field in FACT_FIELDS:
            a, b = getattr(zh, field), getattr(en, field)
            if field == "domains":
                a, b = _joined(sorted(a)), _joined(sorted(b))
            if a not in (None, "") and b not in (None, "") and a != b:
                rows["card_conflicts"].append((card_id, field, str(a), str(b)))
