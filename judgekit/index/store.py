"""Read the SQLite store: rules with their tree, FAQ entries with resolved citations.

Only the standard library's sqlite3 is imported here, so that ``judgekit rule``
starts fast; building the store (sqlite-utils, the parsers) happens in
:mod:`judgekit.index.build`, and only when the corpus has changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import cached_property
from typing import NamedTuple

from judgekit.corpus import Corpus, Edition, Workspace, load
from judgekit.corpus.sources import TOURNAMENT
from judgekit.editions.order import is_date, older_editions
from judgekit.errors import (
    JudgekitError,
    UnknownDocumentError,
    UnknownEditionError,
    UnknownFaqError,
    UnknownRuleError,
    UsageError,
)
from judgekit.refs import RuleNumber, ascii_digits

MAX_FAQ_NUMBER = 100_000  # far above any FAQ; keeps typed numbers within SQLite's integers


class RuleNode(NamedTuple):
    ref: str
    title: str
    text: str
    children: list[RuleNode]


class CrossRefView(NamedTuple):
    target: str
    label: str
    found: bool


class FaqRef(NamedTuple):
    id: int
    question: str
    document: str
    cited_as: str


class RuleView(NamedTuple):
    edition: Edition
    ref: str
    title: str
    breadcrumb: tuple[str, ...]
    text: str
    examples: tuple[str, ...]
    xrefs: tuple[CrossRefView, ...]
    children: list[RuleNode]
    cited_by: tuple[FaqRef, ...]
    document: str
    line: int
    also_in: tuple[str, ...]
    present: bool = True  # False: the number itself is missing but rules under it exist
    kind: str = "rules"  # or "tournament": a rule of the Tournament Rules
    same_numbering: tuple[str, ...] = ()  # those of also_in numbered like this edition: the same rule
    older: tuple[str, ...] = ()  # this edition and those of also_in that a newer edition of their document replaced
    now: tuple[str, tuple[str, ...]] | None = None  # (newest edition, its numbers) when a newer edition is mapped


class ResolvedRule(NamedTuple):
    edition: str
    ref: str
    title: str
    text: str


class CitationView(NamedTuple):
    ref: str
    raw: str
    kind: str
    edition: str
    resolved: tuple[ResolvedRule, ...]
    now: tuple[str, tuple[str, ...]] | None = None  # (newest edition, its numbers) when a newer edition is mapped


class FaqView(NamedTuple):
    id: int
    number: int
    document: str
    edition: str
    question: str
    answer: str
    explanation: tuple[str, ...]
    notes: tuple[str, ...]
    citations: tuple[CitationView, ...]
    line: int


def _faq_number(ref: str) -> int:
    """The N of ``faq:N`` (``faq3``, ``FAQ#3`` and any script's digits work too)."""
    number = ascii_digits(ref.strip()).lower().removeprefix("faq").lstrip(":#：").strip()
    if not (number.isascii() and number.isdigit()) or len(number) > 6:
        raise UnknownFaqError(f"“{ref}” 不是 FAQ 条目编号：应写作 faq:N，N 为数字，如 faq:3")
    return int(number)


def is_fresh(path, fingerprint: str) -> bool:
    """Whether the store at *path* was built from sources with this fingerprint."""
    if not path.exists():
        return False
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            row = connection.execute("select value from meta where key = 'fingerprint'").fetchone()
        return bool(row) and row[0] == fingerprint
    except sqlite3.DatabaseError:
        return False


class Store:
    def __init__(self, connection: sqlite3.Connection, corpus: Corpus):
        self.db = connection
        self.db.row_factory = sqlite3.Row
        self.corpus = corpus

    @classmethod
    def open(
        cls,
        workspace: Workspace,
        corpus: Corpus,
        *,
        rebuild: bool = False,
        progress: Callable[[str], None] | None = None,
    ) -> Store:
        """Open the store, building it first when it is missing or older than the corpus.

        Building takes the write lock and reloads the corpus under it: another
        judgekit may have imported a document, or built this very store, meanwhile.
        """
        if rebuild or not is_fresh(workspace.database, corpus.fingerprint):
            from judgekit.corpus.lock import writing
            from judgekit.index.build import build_store, publish_store

            with writing(workspace):
                corpus = load(workspace)
                if rebuild or not is_fresh(workspace.database, corpus.fingerprint):
                    publish_store(workspace, build_store(workspace, corpus, progress or (lambda message: None)))
        return cls.connect(workspace.database, corpus)

    @classmethod
    def connect(cls, path, corpus: Corpus) -> Store:
        """A read-only connection to the store file *path*."""
        return cls(sqlite3.connect(f"file:{path}?mode=ro", uri=True), corpus)

    @cached_property
    def maps(self):
        """The renumbering maps between editions (judgekit.editions.maps.EditionMaps)."""
        from judgekit.editions.maps import EditionMaps

        return EditionMaps(self.db, self.corpus)

    # -- editions -------------------------------------------------------------

    def edition_counts(self) -> dict[str, int]:
        return {row["id"]: row["rules"] for row in self.db.execute("select id, rules from editions")}

    def edition_rows(self) -> list[dict]:
        """Each edition of the corpus, with its number of rules in the store."""
        counts = self.edition_counts()
        return [
            {**edition._asdict(), "rules": counts.get(edition.id, 0), "documents": self._origins(edition.id)}
            for edition in self.corpus.editions
        ]

    def _origins(self, edition_id: str) -> list[dict]:
        """Where each document of an edition came from: bundled, or imported from which file and when."""
        return [
            {"id": s.id, "kind": s.kind, "origin": s.origin, "from": s.imported_from, "imported": s.imported_at}
            for s in self.corpus.sources
            if s.edition == edition_id
        ]

    def editions_for(self, edition: str | None, kind: str = "rules") -> list[Edition]:
        """*edition*, or every edition of *kind*'s rules in lookup order; an edition of the other kind is an error."""
        editions = self.corpus.editions_of(kind)
        if edition is None:
            if not editions and kind == TOURNAMENT:
                raise UnknownRuleError(
                    "本地没有赛事规则；请先导入，如 judgekit import tournament-rules-en-2026-07-16.txt"
                )
            return list(editions)
        chosen = self.corpus.edition(edition)
        if chosen not in editions:
            other = "judgekit rule" if kind == TOURNAMENT else "judgekit tr"
            named = "核心规则" if kind == TOURNAMENT else "赛事规则"
            raise UnknownRuleError(f"版本 {chosen.id} 是{named}的版本；请用 {other} 查它的规则")
        return [chosen]

    # -- rules ----------------------------------------------------------------

    def rule(self, text: str, edition: str | None = None, kind: str = "rules") -> RuleView:
        """The rule *text* names, from *edition* or the first edition of *kind*'s rules that has it."""
        number = RuleNumber.parse(text)
        ref = str(number)
        editions = self.editions_for(edition, kind)
        for candidate in editions:
            row = self.db.execute(
                "select * from rules where edition = ? and ref = ?", (candidate.id, ref)
            ).fetchone()
            if row:
                return self._view(candidate, row)
        for candidate in editions:
            children = self._subtree(candidate.id, ref)
            if children:
                return RuleView(candidate, ref, "", (), "", (), (), children, self._cited_by(candidate, ref),
                                "", 0, (), present=False, kind=kind)
        raise UnknownRuleError(self._unknown_message(number, editions))

    def rule_as_of(self, text: str, when: str, kind: str = "rules") -> RuleView:
        """The rule *text* names in the editions of *kind*'s rules in force on *when*: a date, or ``faq:N``
        (the edition that FAQ entry cites)."""
        if when.strip().lower().startswith("faq"):
            editions = [self.corpus.edition(self.faq(_faq_number(when)).edition)]
        elif is_date(when.strip()):
            editions = [e for e in self.maps.in_force(when.strip()) if e in self.corpus.editions_of(kind)]
            if not editions:
                raise UnknownEditionError(f"{when} 或更早日期的版本本地一个也没有；可用 judgekit editions 查看各版本的日期")
        else:
            raise UsageError(f"--as-of {when}：应写有效的日期（YYYY-MM-DD，如 2026-01-14）或 faq:N")
        for edition in editions:
            try:
                view = self.rule(text, edition.id, kind)
            except UnknownRuleError:
                continue
            if view.present:
                return view
        named = "、".join(e.id for e in editions)
        raise UnknownRuleError(f"规则 {RuleNumber.parse(text)} 不在 {when} 时生效的版本（{named}）中")

    def bilingual(self, text: str, edition: str | None = None) -> tuple[RuleView, RuleView, bool]:
        """The Chinese and the English view of one rule, and whether their editions are numbered alike.

        Editions of the looked-up edition's numbering come first; failing those, the newest edition of
        the other language holding the same number (numbered differently: perhaps another rule).
        """
        view = self.rule(text, edition)
        languages = {e.id: e.language for e in self.corpus.editions}
        candidates = [view.edition.id, *view.same_numbering]
        chosen = {}
        for edition_id in candidates:
            chosen.setdefault(languages[edition_id], edition_id)
        same = {"zh", "en"} <= chosen.keys()
        if not same:
            missing = "en" if "zh" in chosen else "zh"
            other = next((e for e in view.also_in if languages[e] == missing), None)
            if other is None:
                name = {"zh": "中文", "en": "英文"}[missing]
                raise UnknownRuleError(
                    f"规则 {view.ref} 没有{name}版本（本地只有 {'、'.join(candidates)}）；"
                    f"可用 judgekit import 导入编号体系 {view.edition.numbering} 的{name}规则"
                )
            chosen[missing] = other
        views = {lang: view if e == view.edition.id else self.rule(view.ref, e) for lang, e in chosen.items()}
        return views["zh"], views["en"], same

    def _view(self, edition: Edition, row: sqlite3.Row) -> RuleView:
        ref = row["ref"]
        examples = tuple(
            r["text"] for r in self.db.execute("select text from examples where rule_id = ? order by seq", (row["id"],))
        )
        xrefs = tuple(
            CrossRefView(r["target"], r["label"], bool(r["found"]))
            for r in self.db.execute(
                "select target, label, exists(select 1 from rules t where t.edition = ? and t.ref = x.target) as found "
                "from xrefs x where rule_id = ?",
                (edition.id, row["id"]),
            )
        )
        # Only editions of the same document: a tournament rule's number means nothing in the core rules.
        kind = self._kind_of(edition)
        same = {e.id for e in self.corpus.editions_of(kind)}
        also_in = tuple(
            r["edition"] for r in self.db.execute(
                "select r.edition from rules r join editions e on e.id = r.edition "
                "where r.ref = ? and r.edition != ? order by e.rank", (ref, edition.id)
            ) if r["edition"] in same
        )
        numbering = {e.id: e.numbering for e in self.corpus.editions}
        older = older_editions(list(self.corpus.editions))
        document = self.db.execute("select title from documents where id = ?", (row["document"],)).fetchone()
        return RuleView(
            edition=edition,
            ref=ref,
            title=row["title"],
            breadcrumb=tuple(p for p in row["breadcrumb"].split(" › ") if p),
            text=row["text"],
            examples=examples,
            xrefs=xrefs,
            children=self._subtree(edition.id, ref),
            cited_by=self._cited_by(edition, ref),
            document=document["title"] if document else row["document"],
            line=row["line"],
            also_in=also_in,
            kind=kind,
            same_numbering=tuple(e for e in also_in if numbering.get(e) == edition.numbering),
            older=tuple(e for e in (edition.id, *also_in) if e in older),
            now=self.maps.follow(edition.id, ref),
        )

    def _kind_of(self, edition: Edition) -> str:
        return TOURNAMENT if edition in self.corpus.editions_of(TOURNAMENT) else "rules"

    def _subtree(self, edition: str, ref: str) -> list[RuleNode]:
        """Rules under *ref*: its numbered descendants, and for a heading the rules it groups."""
        rows = self.db.execute(
            """
            with recursive grouped(ref) as (
                select ref from rules where edition = :edition and parent = :ref
                union
                select r.ref from rules r join grouped g on r.parent = g.ref where r.edition = :edition
            )
            select ref, parent, title, text from rules
            where edition = :edition and ref != :ref
              and (ref in grouped or ref like :prefix)
            order by sort_key
            """,
            {"edition": edition, "ref": ref, "prefix": ref + ".%"},
        ).fetchall()
        nodes = {r["ref"]: RuleNode(r["ref"], r["title"], r["text"], []) for r in rows}
        roots: list[RuleNode] = []
        for r in rows:
            parent = nodes.get(r["parent"])
            (parent.children if parent else roots).append(nodes[r["ref"]])
        return roots

    def _cited_by(self, edition: Edition, ref: str) -> tuple[FaqRef, ...]:
        """FAQ entries citing *ref* or a rule under it, in this edition's numbering."""
        rows = self.db.execute(
            """
            select f.id, f.question, d.title, group_concat(c.ref, '、') as refs from faq_citations c
            join faq f on f.id = c.faq_id
            join documents d on d.id = f.document
            join editions e on e.id = c.edition
            where e.numbering = ? and (c.ref = ? or c.ref like ?)
            group by f.id
            order by f.id
            """,
            (edition.numbering, ref, ref + ".%"),
        )
        return tuple(FaqRef(r["id"], r["question"], r["title"], r["refs"]) for r in rows)

    def _unknown_message(self, number: RuleNumber, editions: list[Edition]) -> str:
        lines = [f"规则 {number} 不在本地语料中（{'、'.join(e.id for e in editions)}）。"]
        for edition in editions:
            nearest = self.nearest(edition.id, number)
            if nearest:
                lines.append(f"  {edition.id} 中最接近的编号：{'、'.join(nearest)}")
        citing = self.db.execute(
            "select c.edition, group_concat(distinct c.faq_id) as faqs from faq_citations c "
            "where c.ref = ? group by c.edition",
            (str(number),),
        ).fetchall()
        for row in citing:
            lines.append(
                f"  FAQ {row['faqs'].replace(',', '、')} 按 {row['edition']} 的编号引用了 {number}；"
                f"该版正文不在本地，可用 judgekit import 导入编号相同的完整规则。"
            )
        if len(lines) == 1:
            lines.append("  本地语料中没有任何规则；可用 judgekit import 导入完整规则。")
        return "\n".join(lines)

    def nearest(self, edition: str, number: RuleNumber, count: int = 2) -> list[str]:
        """The nearest existing ancestor, then the numbers just before and after *number*."""
        found = []
        for ancestor in number.ancestors():
            exists = "select 1 from rules where edition = ? and ref = ?"
            if self.db.execute(exists, (edition, str(ancestor))).fetchone():
                found.append(str(ancestor))
                break
        for comparison, order in (("<", "desc"), (">", "asc")):
            found += [
                r["ref"]
                for r in self.db.execute(
                    f"select ref from rules where edition = ? and sort_key {comparison} ? "
                    f"order by sort_key {order} limit ?",
                    (edition, number.sort_key, count),
                )
                if r["ref"] not in found
            ]
        return sorted(set(found), key=lambda ref: RuleNumber.parse(ref).sort_key)

    # -- FAQ ------------------------------------------------------------------

    def faq_list(self) -> list[sqlite3.Row]:
        return self.db.execute(
            "select f.id, f.number, f.question, f.answer, d.title as document, d.edition, "
            "(select group_concat(c.ref, '、') from faq_citations c where c.faq_id = f.id) as citations "
            "from faq f join documents d on d.id = f.document order by f.id"
        ).fetchall()

    def faq(self, faq_id: int) -> FaqView:
        if not 1 <= faq_id <= MAX_FAQ_NUMBER:
            raise UnknownFaqError(f"{faq_id} 不是 FAQ 条目编号：编号从 1 起，可用 judgekit faq list 查看全部条目。")
        row = self.db.execute(
            "select f.*, d.title as document_title, d.edition from faq f "
            "join documents d on d.id = f.document where f.id = ?",
            (faq_id,),
        ).fetchone()
        if row is None:
            total = self.db.execute("select count(*) from faq").fetchone()[0]
            raise UnknownFaqError(
                f"没有第 {faq_id} 条 FAQ；本地共有 {total} 条（1–{total}），可用 judgekit faq list 查看。"
            )
        citations = tuple(
            CitationView(c["ref"], c["raw"], c["kind"], c["edition"], self.resolve(c["edition"], c["ref"]),
                         self.maps.follow(c["edition"], c["ref"]))
            for c in self.db.execute("select * from faq_citations where faq_id = ? order by seq", (faq_id,))
        )
        return FaqView(
            id=row["id"],
            number=row["number"],
            document=row["document_title"],
            edition=row["edition"],
            question=row["question"],
            answer=row["answer"],
            explanation=tuple(p for p in row["explanation"].split("\n\n") if p),
            notes=tuple(p for p in row["notes"].split("\n\n") if p),
            citations=citations,
            line=row["line"],
        )

    def resolve(self, edition: str, ref: str) -> tuple[ResolvedRule, ...]:
        """The rule *ref* of *edition*'s numbering, from every local edition that shares it."""
        numbering = self.corpus.edition(edition).numbering
        return tuple(
            ResolvedRule(r["edition"], r["ref"], r["title"], r["text"])
            for r in self.db.execute(
                "select r.edition, r.ref, r.title, r.text from rules r join editions e on e.id = r.edition "
                "where e.numbering = ? and r.ref = ? order by e.rank",
                (numbering, ref),
            )
        )

    def problems(self, document: str | None = None) -> list[sqlite3.Row]:
        """Import problems, of every document or of *document* (an unknown one is an error)."""
        if document is not None and not self.db.execute("select 1 from documents where id = ?", (document,)).fetchone():
            known = "、".join(row["id"] for row in self.documents())
            raise UnknownDocumentError(f"没有编号为“{document}”的文档；本地文档：{known}（见 judgekit index info）")
        query = "select * from problems" + (" where document = ?" if document else "") + " order by document, line"
        return self.db.execute(query, (document,) if document else ()).fetchall()

    # -- documents and citations ------------------------------------------------

    def documents(self) -> list[sqlite3.Row]:
        """Each document in the store, with its entry count and its number of problems."""
        return self.db.execute(
            "select d.id, d.kind, d.layout, d.origin, d.entries, "
            "(select count(*) from problems p where p.document = d.id) as problems from documents d"
        ).fetchall()

    def cited(self, refs: list[str], edition: str | None = None) -> tuple[list[RuleView | FaqView], list[str]]:
        """The rules and FAQ entries (``faq:N``) *refs* name, in order, and a message for each one missing."""
        views: list[RuleView | FaqView] = []
        missing: list[str] = []
        for ref in refs:
            try:
                if ref.lower().startswith("faq"):
                    views.append(self.faq(_faq_number(ref)))
                else:
                    kind, number = (TOURNAMENT, ref[3:]) if ref.lower().startswith("tr:") else ("rules", ref)
                    # --edition names one edition: it applies to the references of its own document.
                    own = edition if edition is not None and self._kind_of(self.corpus.edition(edition)) == kind else None
                    view = self.rule(number, own, kind)
                    if not view.present:
                        raise UnknownRuleError(f"规则 {view.ref} 本条不在本地语料中（只有其下级规则）。")
                    views.append(view)
            except JudgekitError as error:
                missing.append(str(error))
        return views, missing
