"""Build the SQLite store from the corpus (sqlite-utils; the tables are documented in docs/data-model.md).

The store is derived data: it is written to a temporary file and moved into
place only when complete, so a failed build never leaves a half-written store.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from judgekit.corpus import Corpus, Source, Workspace, parsecache, replace_derived
from judgekit.corpus.model import GlossaryTerm, ParsedDocument, Problem, RuleEntry
from judgekit.editions import maps
from judgekit.errors import DocumentError
from judgekit.refs import RuleNumber

# Every table, its columns and primary key; documented in docs/data-model.md.
SCHEMA: dict[str, tuple[dict[str, type], str | None]] = {
    "editions": ({"id": str, "title": str, "language": str, "date": str, "status": str,
                  "numbering": str, "rank": int, "note": str, "rules": int}, "id"),
    "documents": ({"id": str, "edition": str, "kind": str, "layout": str, "language": str,
                   "authority": str, "title": str, "origin": str, "file": str, "sha256": str,
                   "stated_date": str, "stated_kind": str, "entries": int, "header_lines": int, "preamble": str}, "id"),
    "rules": ({"id": int, "edition": str, "ref": str, "sort_key": str, "depth": int, "parent": str,
               "title": str, "breadcrumb": str, "text": str, "document": str, "line": int}, "id"),
    "examples": ({"rule_id": int, "seq": int, "text": str}, None),
    "xrefs": ({"rule_id": int, "target": str, "label": str}, None),
    "faq": ({"id": int, "document": str, "number": int, "question": str, "answer": str,
             "explanation": str, "notes": str, "line": int}, "id"),
    "faq_citations": ({"faq_id": int, "seq": int, "edition": str, "ref": str, "raw": str, "kind": str}, None),
    "guide": ({"document": str, "number": int, "title": str, "text": str, "line": int}, None),
    "glossary": ({"zh": str, "en": str, "kind": str, "source": str}, None),
    "definitions": ({"term": str, "rule_id": int}, None),
    "problems": ({"document": str, "line": int, "kind": str, "detail": str}, None),
    "meta": ({"key": str, "value": str}, "key"),
    **maps.TABLES,
}


@dataclass
class _Rule:
    entry: RuleEntry
    edition: str
    document: str


def parse_source(source: Source, cache_folder: Path | None = None) -> ParsedDocument:
    try:
        return parsecache.parsed(source.read_text(), source.layout, cache_folder)
    except DocumentError as error:
        raise DocumentError(f"{source.id}: {error}") from None


def _merge_rules(corpus: Corpus, parsed: dict[str, ParsedDocument]) -> dict[tuple[str, str], _Rule]:
    """All rules by (edition, number); a later document's different text replaces an earlier one."""
    merged: dict[tuple[str, str], _Rule] = {}
    for source in corpus.sources:
        doc = parsed[source.id]
        for entry in doc.rules:
            key = (source.edition, entry.ref)
            if key in merged:
                earlier = merged[key]
                verdict = "文字相同" if earlier.entry.text == entry.text else "文字不同，以本文档为准"
                detail = f"{entry.ref} 也见于 {earlier.document}（{verdict}）"
                doc.problems.append(Problem(entry.line, "duplicate", detail))
            merged[key] = _Rule(entry, source.edition, source.id)
    return merged


def _parent(number: RuleNumber, group: str | None, existing: set[str]) -> str | None:
    """Nearest ancestor the edition has; for a top-level rule, the heading it sits under."""
    for ancestor in number.ancestors():
        if str(ancestor) in existing:
            return str(ancestor)
    return group if group in existing else None


def _rule_rows(merged: dict[tuple[str, str], _Rule]):
    by_edition: dict[str, set[str]] = {}
    for edition, ref in merged:
        by_edition.setdefault(edition, set()).add(ref)
    numbers: dict[str, tuple[RuleNumber, str]] = {}  # the editions share most of their numbers: each is read once
    for rule_id, ((edition, ref), rule) in enumerate(sorted(merged.items()), start=1):
        if ref not in numbers:
            parsed = RuleNumber.parse(ref)
            numbers[ref] = parsed, parsed.sort_key
        number, sort_key = numbers[ref]
        entry = rule.entry
        yield rule_id, {
            "id": rule_id,
            "edition": edition,
            "ref": ref,
            "sort_key": sort_key,
            "depth": number.depth,
            "parent": _parent(number, entry.group, by_edition[edition]),
            "title": entry.title,
            "breadcrumb": " › ".join(entry.breadcrumb),
            "text": entry.text,
            "document": rule.document,
            "line": entry.line,
        }, entry


def _glossary_rows(corpus: Corpus, parsed: dict[str, ParsedDocument]):
    seen: set[tuple[str, str]] = set()
    terms = [GlossaryTerm(source="glossary", **row) for row in corpus.glossary]
    for doc in parsed.values():
        terms += doc.terms
    for term in terms:
        key = (term.zh, term.en.lower())
        if key not in seen:
            seen.add(key)
            yield {"zh": term.zh, "en": term.en, "kind": term.kind, "source": term.source}


def _definitions(rules: list[dict], glossary: list[dict]) -> list[dict]:
    """Which rules define which term.

    A glossary term is defined by a heading titled with it (“813. Reaction”,
    “723. 强攻”).  When an edition has several such headings (“159.2.b. Reaction”
    too), the one in the keyword glossary chapter wins: the group heading that
    holds the most keyword headings.  Untitled rules whose breadcrumb ends with
    the term (the export's “所属：回响”) define it when no heading does.  Any
    other term is defined by a short heading (“467. Scoring”) or by a rule that
    opens with it (“469.1. Conquer: A player gains …”, “征服：…”, “Damage is …”);
    of several, the outermost and then the first one.
    """
    terms = {name.lower(): row["zh"] for row in glossary for name in (row["zh"], row["en"])}
    by_edition: dict[str, list[dict]] = {}
    for rule in rules:
        by_edition.setdefault(rule["edition"], []).append(rule)
    found = []
    for edition_rules in by_edition.values():
        headings = [(rule, terms[rule["title"].lower()]) for rule in edition_rules if rule["title"].lower() in terms]
        parents = Counter(rule["parent"] for rule, _ in headings)
        chapter = parents.most_common(1)[0][0] if parents else None
        chosen: dict[str, list[dict]] = {}
        for rule, term in headings:
            chosen.setdefault(term, []).append(rule)
        for term, candidates in chosen.items():
            in_chapter = [rule for rule in candidates if rule["parent"] == chapter]
            found += [{"term": term, "rule_id": rule["id"]} for rule in in_chapter or candidates]
        stated: dict[str, dict] = {}
        for rule in edition_rules:
            last = rule["breadcrumb"].split(" › ")[-1].lower()
            if not rule["title"] and last in terms and terms[last] not in chosen:
                found.append({"term": terms[last], "rule_id": rule["id"]})
            term = _stated_term(rule)
            if term and term.lower() not in terms:
                # Of the rules stating the same term, the outermost (then the first) defines it.
                best = stated.get(term.lower())
                if best is None or (rule["depth"], rule["sort_key"]) < (best["depth"], best["sort_key"]):
                    stated[term.lower()] = {"term": term, "rule_id": rule["id"], "depth": rule["depth"],
                                            "sort_key": rule["sort_key"]}
        found += [{"term": d["term"], "rule_id": d["rule_id"]} for d in stated.values()]
    return found


# How rules state what a term is: “Conquer: A player gains …”, “征服：玩家获得…”,
# “Lethal Damage is the amount …”, “Burning Out is an action …”, “替换指的是…”.
_DEFINED_BY_COLON = re.compile(r"^(?P<term>[^\s：:，,。.；;“”\"(（][^：:，,。.；;“”\"]{0,30}?)\s*[：:]\s*\S")
_DEFINED_BY_IS = re.compile(r"^(?:(?:The|A|An) )?(?P<term>[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}) (?:is|are)\b")
_DEFINED_BY_SHI = re.compile(r"^(?:所谓)?(?P<term>[\u4e00-\u9fff]{2,8}?)(?:指的是|是指|是一种|是一个|是一名)")
_NOT_TERMS = re.compile(r"^(?:example|note|reminder|举例|例如|注意|注|提示)$", re.IGNORECASE)
_DEFINED_TERM_WORDS = 4  # “Combat Damage Step”; longer openings are sentences
_DEFINED_TERM_CHARS = 8  # “法术对决”, “强力单位”


def _stated_term(rule: dict) -> str | None:
    """The term a rule's heading or opening sentence defines, if it is short enough to be a term."""
    candidate = rule["title"]
    if not candidate:
        for pattern in (_DEFINED_BY_COLON, _DEFINED_BY_IS, _DEFINED_BY_SHI):
            if match := pattern.match(rule["text"]):
                candidate = match.group("term")
                break
    candidate = candidate.strip()
    if not candidate or _NOT_TERMS.match(candidate) or re.search(r"\d", candidate):
        return None
    if re.search(r"[\u4e00-\u9fff]", candidate):
        return candidate if len(candidate) <= _DEFINED_TERM_CHARS else None
    return candidate if len(candidate.split()) <= _DEFINED_TERM_WORDS else None


def build_store(
    workspace: Workspace,
    corpus: Corpus,
    progress: Callable[[str], None] = lambda message: None,
) -> Path:
    """Parse every source and write a complete store beside the one in use; returns its path.

    The caller holds the write lock and moves it into place with :func:`publish_store`.
    """
    documents = {}
    for source in corpus.sources:
        progress(f"解析 {source.id}")
        documents[source.id] = parse_source(source, workspace.cache)
    parsecache.keep_only(workspace.cache, {parsecache.key(source.read_text(), source.layout) for source in corpus.sources})
    merged = _merge_rules(corpus, documents)

    workspace.cache.mkdir(parents=True, exist_ok=True)
    temporary = workspace.database.with_suffix(".building")
    temporary.unlink(missing_ok=True)
    try:
        db = sqlite_utils.Database(temporary)
        with db.conn:
            _write(db, corpus, documents, merged, workspace.database)
        db.close()
    except BaseException:
        temporary.unlink(missing_ok=True)  # Ctrl-C or a failure: leave only the complete store
        raise
    return temporary


def publish_store(workspace: Workspace, built: Path) -> None:
    """Swap a complete store in; readers holding the old file keep reading it."""
    replace_derived(built, workspace.database)


def _insert(db: sqlite_utils.Database, table: str, rows: Iterable[dict]) -> None:
    """Insert *rows* (dicts of plain values) into *table*, a table of SCHEMA: one executemany, without sqlite-utils'
    per-value conversions (a tenth of an import beside five editions).  A key the table has no column for is an error."""
    columns = list(SCHEMA[table][0])
    known = set(columns)

    def values(row: dict) -> tuple:
        if not row.keys() <= known:
            raise ValueError(f"table {table} has no column {sorted(row.keys() - known)}")
        return tuple(row.get(column) for column in columns)

    names = ", ".join(f"[{column}]" for column in columns)
    db.conn.executemany(f"insert into [{table}] ({names}) values ({', '.join('?' * len(columns))})", map(values, rows))


def _write(
    db: sqlite_utils.Database, corpus: Corpus, documents: dict[str, ParsedDocument], merged, previous: Path
) -> None:
    """Every table; the renumbering maps of editions unchanged since the *previous* store are copied from it."""
    counts: dict[str, int] = {}
    for rule in merged.values():
        counts[rule.edition] = counts.get(rule.edition, 0) + 1
    for name, (columns, pk) in SCHEMA.items():
        db[name].create(columns, pk=pk)
    _insert(db, "editions", ({**edition._asdict(), "rules": counts.get(edition.id, 0)} for edition in corpus.editions))
    _insert(db, "documents", (
        {
            "id": source.id,
            "edition": source.edition,
            "kind": source.kind,
            "layout": documents[source.id].layout,
            "language": source.language,
            "authority": source.authority,
            "title": source.title,
            "origin": source.origin,
            "file": source.path.name,
            "sha256": hashlib.sha256(source.path.read_bytes()).hexdigest(),
            "stated_date": documents[source.id].date,
            "stated_kind": documents[source.id].kind,
            "entries": documents[source.id].entry_count,
            "header_lines": documents[source.id].header_lines,
            "preamble": documents[source.id].preamble,
        }
        for source in corpus.sources
    ))
    rules, examples, xrefs = [], [], []
    for rule_id, row, entry in _rule_rows(merged):
        rules.append(row)
        examples += [{"rule_id": rule_id, "seq": n, "text": text} for n, text in enumerate(entry.examples, 1)]
        xrefs += [{"rule_id": rule_id, "target": x.target, "label": x.label} for x in entry.xrefs]
    _insert(db, "rules", rules)
    _insert(db, "examples", examples)
    stated_kinds: dict[str, set[str]] = {}
    for source in corpus.sources:
        stated_kinds.setdefault(source.edition, set()).update((source.kind, documents[source.id].kind or ""))
    pairs, changes = maps.build_rows(corpus, rules, stated_kinds, previous)
    _insert(db, "edition_pairs", pairs)
    _insert(db, "edition_map", changes)
    _insert(db, "xrefs", xrefs)

    faqs, citations, guide = [], [], []
    for source in corpus.sources:
        doc = documents[source.id]
        for entry in doc.faqs:
            faq_id = len(faqs) + 1
            faqs.append(
                {
                    "id": faq_id,
                    "document": source.id,
                    "number": entry.number,
                    "question": entry.question,
                    "answer": entry.answer,
                    "explanation": "\n\n".join(entry.explanation),
                    "notes": "\n\n".join(entry.notes),
                    "line": entry.line,
                }
            )
            citations += [
                {"faq_id": faq_id, "seq": n, "edition": source.edition, "ref": c.ref, "raw": c.raw, "kind": c.kind}
                for n, c in enumerate(entry.citations, 1)
            ]
        guide += [
            {"document": source.id, "number": s.number, "title": s.title, "text": s.text, "line": s.line}
            for s in doc.sections
        ]
    _insert(db, "faq", faqs)
    _insert(db, "faq_citations", citations)
    _insert(db, "guide", guide)
    glossary = list(_glossary_rows(corpus, documents))
    _insert(db, "glossary", glossary)
    _insert(db, "definitions", _definitions(rules, glossary))
    _insert(db, "problems", (
            {"document": source_id, "line": p.line, "kind": p.kind, "detail": p.detail}
            for source_id, doc in documents.items()
            for p in doc.problems
    ))
    _insert(db, "meta", [{"key": "fingerprint", "value": corpus.fingerprint}])
    db["rules"].create_index(["edition", "ref"], unique=True)
    db["rules"].create_index(["edition", "sort_key"])
    db["rules"].create_index(["edition", "parent"])
    db["rules"].create_index(["ref"])
    db["examples"].create_index(["rule_id"])
    db["definitions"].create_index(["rule_id"])  # the index gathers each rule's definitions
    db["xrefs"].create_index(["rule_id"])
    db["faq_citations"].create_index(["ref"])
    db["edition_map"].create_index(["old", "new"])
    db["faq_citations"].create_index(["faq_id"])
