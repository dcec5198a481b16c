"""Look cards up in ``cards.db`` (stdlib sqlite3 only, so ``judgekit card`` starts fast).

A query may be a card code (SFD-112, ogn·242, SFD-020a), a Chinese or English
name with or without its title, part of a name, Traditional characters, or a
typo, which gets “did you mean”.  A card's view joins the rules store for the
glossary rules its keywords link to and the FAQ entries that mention it; those
links are computed when the card is looked up, so FAQ documents imported after
the cards are found too.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Container, Iterable
from typing import NamedTuple

from judgekit.cards.names import name_key, parse_code, set_rank
from judgekit.cards.registry import DAMAGED, database
from judgekit.corpus import Workspace
from judgekit.errors import JudgekitError

QUOTES = (("【", "】"), ("“", "”"), ("「", "」"), ("\"", "\""))
_QUOTED = re.compile("|".join(f"{re.escape(left)}([^{re.escape(right)}]+){re.escape(right)}" for left, right in QUOTES))
MAX_NAME_CHARS = 30  # the longest span of a question tried as an unquoted card name
MAX_NAMED_CARDS = 3  # a name several cards share brings the facts of this many
SEPARATOR = r"\s*[-－–—·,，]?\s*"
_TITLED = re.compile(r"(.+?)\s*(?:\s[-－–—]\s|[·,，])\s*(.+)")  # “阿卡丽 - 无形致命”, “Akali, Silent”
MIN_PLAIN_NAME = 3  # a shorter name (遗弃, 闪现) is linked only where the FAQ quotes it


class UnknownCardError(JudgekitError):
    """A card query that names no imported card; *suggestions* are the nearest cards."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()):
        super().__init__(message)
        self.suggestions = suggestions


class LanguageText(NamedTuple):
    language: str
    name: str
    title: str
    type: str
    energy: int | None
    power: int | None
    might: int | None
    domains: str
    tags: str
    printed: str
    current: str
    document: str


class ErrataView(NamedTuple):
    language: str
    date: str
    document: str
    format: str
    old_text: str
    new_text: str
    notes: str = ""  # the list's editorial notes on it, one a line (“注：只有英文版卡牌的文本有所不同。”)


class RuleLink(NamedTuple):
    edition: str
    ref: str
    title: str


class KeywordView(NamedTuple):
    language: str
    name: str
    value: int | None
    cost: str
    term: str  # the glossary term (Chinese), or "" when the glossary has none
    rules: tuple[RuleLink, ...]


class FaqMention(NamedTuple):
    id: int
    number: int
    document: str
    question: str
    quoted: bool  # named in 【】, “”, 「」 rather than in plain text


class CardSummary(NamedTuple):
    id: str
    type: str
    energy: int | None
    might: int | None
    name_zh: str
    title_zh: str
    name_en: str
    title_en: str

    @property
    def name(self) -> str:
        """The Chinese full name, or the English one for a card without Chinese data."""
        return full_name(self.name_zh, self.title_zh) if self.name_zh else self.name_english

    @property
    def name_english(self) -> str:
        return full_name(self.name_en, self.title_en, "en") if self.name_en else ""


class CompiledView(NamedTuple):
    """What the engine understood of the card (judgekit/cards/trees.py), from the store built at import."""

    status: str  # compiled | disagreement | not_executable | not_understood | unreadable | no_text
    language: str  # the text it was compiled from (zh / en), or ""
    tree: dict | None
    understood: str  # the tree in plain Chinese, generated
    problem: str  # why the card has no tree
    document: str  # the card file the compiled text came from
    document_date: str  # that file's date
    errata_date: str  # the newest errata applied to that text, or ""


class CardView(NamedTuple):
    summary: CardSummary
    supertypes: str
    power: int | None
    domains: str
    tags: str
    printings: tuple[tuple[str, str], ...]  # (code, languages)
    texts: tuple[LanguageText, ...]  # zh first
    errata: tuple[ErrataView, ...]
    keywords: tuple[KeywordView, ...]
    conflicts: tuple[tuple[str, str, str], ...]  # (field, zh, en)
    faq: tuple[FaqMention, ...]
    compiled: CompiledView


class Match(NamedTuple):
    cards: tuple[CardSummary, ...]
    how: str  # code | name | part | traditional


class Mention(NamedTuple):
    """A card named in a judge's question, and what the rules care about of it."""

    text: str  # as typed (lower-cased), without its quotes
    span: tuple[int, int]  # where it stands in the query, quotes included
    cards: tuple[str, ...]  # the card ids the name fits
    facts: tuple[str, ...]  # its names in every language, keywords, type, supertypes and tags
    names: tuple[str, ...] = ()  # its full names in every language (the first of its facts)


def full_name(name: str, title: str, language: str = "zh") -> str:
    """A card's full name as its language writes it: “德莱文 - 血斧飞旋”, “Draven, Vanquisher”."""
    return f"{name}{', ' if language == 'en' else ' - '}{title}" if title else name


def _containing(text: str) -> str:
    """A LIKE pattern (escape character \\) for text that holds *text*: “%” and “_” match only themselves."""
    return "%" + re.sub(r"([\\%_])", r"\\\1", text) + "%"


class CardStore:
    def __init__(self, connection: sqlite3.Connection):
        self.db = connection
        self.db.row_factory = sqlite3.Row
        self._keys: tuple[frozenset[str], frozenset[str]] | None = None  # card_names' keys and their beginnings

    @classmethod
    def open(cls, workspace: Workspace) -> CardStore:
        """Open cards.db as it is; ``judgekit.cards.store.open_store`` rebuilds a stale one first."""
        return cls(sqlite3.connect(f"file:{database(workspace)}?mode=ro", uri=True))

    def damaged(self) -> list[str]:
        """A message for each imported card file left out because it was deleted or damaged since."""
        return [row["detail"] for row in self.db.execute("select detail from card_problems where kind = ?", (DAMAGED,))]

    # -- finding cards ----------------------------------------------------------

    def find(self, query: str) -> Match:
        """The cards *query* names, or UnknownCardError with the nearest names."""
        query = query.strip()
        if not query:
            raise UnknownCardError("请给出卡名或卡牌编号")
        found = self._by_code(query)
        if found:
            return Match(found, "code")
        for how, spell in (("name", lambda: query), ("traditional", lambda: _simplified(query))):
            text = spell()
            if text is None:
                continue
            exact, part = self._by_name(name_key(text))
            if exact:
                return Match(exact, how)
            if part:
                return Match(part, "part")
        suggestions = self.suggest(query)
        hint = "；你是不是要找：" + "、".join(suggestions) if suggestions else ""
        raise UnknownCardError(f"没有找到卡牌“{query}”{hint}", tuple(suggestions))

    def _summaries(self, ids) -> tuple[CardSummary, ...]:
        ids = sorted(set(ids), key=set_rank)
        rows = {r["id"]: r for r in self.db.execute(
            f"select * from cards where id in ({','.join('?' * len(ids))})", ids)}
        return tuple(CardSummary(r["id"], r["type"], r["energy"], r["might"], r["name_zh"], r["title_zh"],
                                 r["name_en"], r["title_en"]) for r in (rows[i] for i in ids if i in rows))

    def summary(self, card_id: str) -> CardSummary:
        return self._summaries([card_id])[0]

    def _by_code(self, query: str) -> tuple[CardSummary, ...]:
        try:
            code, number, _ = parse_code(query.replace(" ", ""))
        except ValueError:
            return ()
        ids = [r[0] for r in self.db.execute(
            "select distinct card_id from printings where code = ? or number = ?", (code, number))]
        return self._summaries(ids)

    def _by_name(self, key: str) -> tuple[tuple[CardSummary, ...], tuple[CardSummary, ...]]:
        """(cards the key names exactly, preferring full names; cards whose name contains it)."""
        if not key:
            return (), ()
        rows = self.db.execute("select card_id, kind from card_names where key = ?", (key,)).fetchall()
        full = [r["card_id"] for r in rows if r["kind"] == "full"]
        if full or rows:
            return self._summaries(full or [r["card_id"] for r in rows]), ()
        ids = [r[0] for r in self.db.execute(
            "select distinct card_id from card_names where key like ? escape '\\'", (_containing(key),))]
        return (), self._summaries(ids)

    def suggest(self, query: str, count: int = 5) -> list[str]:
        """The card names nearest to a mistyped *query*."""
        import difflib  # only a miss needs it: 2 ms off every lookup that finds its card

        key = name_key(_simplified(query) or query)
        names = {}
        for row in self.db.execute("select id, name_zh, title_zh, name_en, title_en from cards"):
            for language in ("zh", "en"):
                name, title = row[f"name_{language}"], row[f"title_{language}"]
                if name:
                    names.setdefault(name_key(name + title), full_name(name, title, language))
                    names.setdefault(name_key(name), name)
        close = difflib.get_close_matches(key, list(names), n=count * 2, cutoff=0.5)
        return list(dict.fromkeys(names[k] for k in close))[:count]

    def mentions(self, text: str, terms: Container[str] = ()) -> list[Mention]:
        """The cards *text* (NFKC-normalised) names: quoted (【】“”「」) names of any length, and unquoted names of
        MIN_PLAIN_NAME characters or more that are no game term of *terms* (English ones of two words
        or more, on word boundaries), longest first.  Each name is kept whole, never cut into words.
        *text* is Simplified already (the search simplifies a query first)."""
        text = text.lower()
        spans = [(m.start(), m.end(), next(g for g in m.groups() if g)) for m in _QUOTED.finditer(text)]
        blanked = _QUOTED.sub(lambda m: " " * len(m.group()), text)
        candidates = {name_key(inner) for _, _, inner in spans}
        keys, prefixes = self._all_keys()
        plain = []  # each start's spans that are some card's name key, longest first
        for start in range(len(blanked)):
            key, reach = "", start
            for end in range(start + 1, min(len(blanked), start + MAX_NAME_CHARS) + 1):
                key += name_key(blanked[end - 1])  # a character at a time: no longer span is a name once this is none
                if key not in prefixes:
                    break
                reach = end
            plain += [(start, end) for end in range(reach, start + MIN_PLAIN_NAME - 1, -1)
                      if _plain_name(blanked, start, end) and name_key(blanked[start:end]) in keys]
        candidates |= {name_key(blanked[start:end]) for start, end in plain}
        known = self._name_keys(candidates & keys)
        for start, end in plain:
            span = blanked[start:end]
            overlaps = any(s < end and start < e for s, e, _ in spans)
            if name_key(span) in known and not overlaps and name_key(span) not in terms and span.lower() not in terms:
                spans.append((start, end, span))
        known |= self._untitled(inner for _, _, inner in spans if name_key(inner) not in known)
        found = []
        for start, end, inner in sorted(spans):
            if ids := known.get(name_key(inner)):
                facts = self._facts(ids)
                found.append(Mention(inner, (start, end), tuple(ids), facts, facts[:len(self._names(ids))]))
        return found

    def _all_keys(self) -> tuple[frozenset[str], frozenset[str]]:
        """Every name key a card has (some 2,700), and every beginning of one: a question's spans are tried a
        character at a time against these, and only the few that name a card are looked up in the database."""
        if self._keys is None:
            keys = frozenset(row[0] for row in self.db.execute("select distinct key from card_names") if row[0])
            self._keys = keys, frozenset(key[:end] for key in keys for end in range(len(key) + 1))
        return self._keys

    def _name_keys(self, keys: set[str]) -> dict[str, list[str]]:
        """Each of *keys* that names a card → the cards, full names first."""
        named: dict[str, dict[str, bool]] = {}
        keys = list(keys)
        for chunk in range(0, len(keys), 500):
            part = keys[chunk:chunk + 500]
            for r in self.db.execute(
                f"select key, card_id, kind from card_names where key in ({','.join('?' * len(part))})", part
            ):
                named.setdefault(r["key"], {})[r["card_id"]] = r["kind"] == "full"
        return {key: sorted(ids, key=lambda i: (not ids[i], set_rank(i))) for key, ids in named.items()}

    def _untitled(self, quoted: Iterable[str]) -> dict[str, list[str]]:
        """Quoted “name - title” spans no card is called whose name is one of cards that have no title in that
        language (a Vendetta card printed in English only, its Chinese name learnt from the catalogs: “阿卡丽 -
        无形致命”) → those cards: a title the card data lacks cannot tell which, but only those can be meant."""
        found = {}
        for inner in quoted:
            match = _TITLED.fullmatch(inner.strip())
            ids = self._name_keys({name_key(match[1])}).get(name_key(match[1]), []) if match else []
            language = "zh" if any(map(_is_han, inner)) else "en"
            untitled = [r["id"] for r in self.db.execute(
                f"select id from cards where id in ({','.join('?' * len(ids))}) and title_{language} = '' "
                f"and (title_zh != '' or title_en != '')", ids)] if ids else []
            if untitled:
                found[name_key(inner)] = sorted(untitled, key=set_rank)
        return found

    def _names(self, ids: list[str]) -> tuple[str, ...]:
        """The full names, in every language, of the cards *ids* (a name several cards share: the first few)."""
        names: list[str] = []
        for card_id in ids[:MAX_NAMED_CARDS]:
            row = self.db.execute("select * from cards where id = ?", (card_id,)).fetchone()
            names += [full_name(row[f"name_{lang}"], row[f"title_{lang}"], lang) for lang in ("zh", "en")
                      if row[f"name_{lang}"]]
        return tuple(dict.fromkeys(name for name in names if name))

    def _facts(self, ids: list[str]) -> tuple[str, ...]:
        """What the rules care about of the cards *ids* (a name several cards share: the first few): their names
        first, then keywords, type, supertypes and tags."""
        facts: list[str] = list(self._names(ids))
        for card_id in ids[:MAX_NAMED_CARDS]:
            row = self.db.execute("select * from cards where id = ?", (card_id,)).fetchone()
            # a keyword by its printed name and its glossary term: a card printed in English only has 法盾 for Deflect
            facts += [word for r in self.db.execute("select name, term from card_keywords where card_id = ?", (card_id,))
                      for word in (r["name"], r["term"])]
            facts += [row["type"], *_listed(row["supertypes"])]
            for r in self.db.execute("select tags from card_texts where card_id = ?", (card_id,)):
                facts += _listed(r["tags"])
        return tuple(dict.fromkeys(fact for fact in facts if fact))

    # -- one card ---------------------------------------------------------------

    def view(self, card_id: str, rules_db: sqlite3.Connection | None = None) -> CardView:
        row = self.db.execute("select * from cards where id = ?", (card_id,)).fetchone()
        if row is None:
            raise UnknownCardError(f"没有编号为 {card_id} 的卡牌")
        summary = self.summary(card_id)
        texts = tuple(
            LanguageText(*(r[k] for k in LanguageText._fields))
            for r in self.db.execute(
                "select * from card_texts where card_id = ? order by language != 'zh', language", (card_id,))
        )
        errata = tuple(
            ErrataView(r["language"], r["date"], r["title"] or r["document"], r["format"], r["old_text"], r["new_text"],
                       r["notes"] or "")
            for r in self.db.execute(
                "select e.*, d.title from errata e left join card_documents d on d.id = e.document "
                "where card_id = ? order by e.language != 'zh', e.date, e.format", (card_id,))
        )
        keywords = tuple(
            KeywordView(r["language"], r["name"], r["value"], r["cost"], r["term"],
                        _rule_links(rules_db, r["term"]) if rules_db is not None and r["term"] else ())
            for r in self.db.execute(
                "select * from card_keywords where card_id = ? order by language != 'zh'", (card_id,))
        )
        conflicts = tuple((r["field"], r["zh"], r["en"]) for r in self.db.execute(
            "select * from card_conflicts where card_id = ?", (card_id,)))
        return CardView(
            summary=summary, supertypes=row["supertypes"], power=row["power"], domains=row["domains"],
            tags=row["tags"], printings=self._printings(card_id),
            texts=texts, errata=errata, keywords=keywords, conflicts=conflicts,
            faq=self.faq_mentions(self.names(card_id), rules_db) if rules_db is not None else (),
            compiled=self.compiled(card_id),
        )

    def compiled(self, card_id: str) -> CompiledView:
        """The card's compilation verdict as the import stored it."""
        row = self.db.execute(
            "select t.*, d.title, d.date from card_trees t left join card_documents d on d.id = t.document "
            "where card_id = ?", (card_id,)).fetchone()
        return CompiledView(row["status"], row["language"], json.loads(row["tree"]) if row["tree"] else None,
                            row["understood"] or "", row["problem"] or "", row["title"] or row["document"] or "",
                            row["date"] or "", row["errata_date"] or "")

    def _printings(self, card_id: str) -> tuple[tuple[str, str], ...]:
        """Each printing's code and the languages that print it (zh/en), earliest set first."""
        languages: dict[str, list[str]] = {}
        for r in self.db.execute(
            "select distinct code, language from printings where card_id = ? order by language != 'zh'", (card_id,)
        ):
            languages.setdefault(r["code"], []).append(r["language"])
        return tuple((code, "/".join(languages[code])) for code in sorted(languages, key=set_rank))

    def names(self, card_id: str) -> list[tuple[str, str]]:
        """Every (name, title) the card data and the name tables give the card."""
        rows = self.db.execute(
            "select name, title from card_texts where card_id = ? union select name, title from card_aliases "
            "where card_id = ?", (card_id, card_id))
        return [(r["name"], r["title"]) for r in rows if r["name"]]

    def faq_mentions(self, names: list[tuple[str, str]], rules_db: sqlite3.Connection) -> tuple[FaqMention, ...]:
        """FAQ entries that name the card (any of *names*) in 【】, “”, 「」 or plain text, in any language."""
        found: dict[int, FaqMention] = {}
        for name, title in names:
            pattern = self._name_pattern(name, title)
            if pattern is None:
                continue
            rows = rules_db.execute(
                "select f.id, f.number, f.question, f.answer, f.explanation, f.notes, d.title from faq f "
                "join documents d on d.id = f.document where f.question like ?1 escape '\\' or f.answer like ?1 "
                "escape '\\' or f.explanation like ?1 escape '\\' or f.notes like ?1 escape '\\' order by f.id",
                (_containing(name),),
            )
            for r in rows:
                body = "\n".join(r[k] or "" for k in ("question", "answer", "explanation", "notes"))
                quoted, plain = _mentions(pattern, body)
                if quoted or (plain and len(name + title) >= MIN_PLAIN_NAME):
                    previous = found.get(r["id"])
                    found[r["id"]] = FaqMention(r["id"], r["number"], r["title"], r["question"],
                                                quoted or bool(previous and previous.quoted))
        return tuple(sorted(found.values(), key=lambda m: (not m.quoted, m.id)))

    def _name_pattern(self, name: str, title: str) -> re.Pattern | None:
        """How the FAQ writes the card: its full name, or the bare name when no other card shares it."""
        forms = []
        if title:
            forms.append(re.escape(name) + SEPARATOR + re.escape(title))
        shared = self.db.execute(
            "select count(distinct card_id) from card_names where key = ?", (name_key(name),)).fetchone()[0]
        if shared <= 1:
            forms.append(re.escape(name) + (r"(?!\s*[-－–—·,，]\s*\w)" if title else ""))
        return re.compile("|".join(forms), re.IGNORECASE) if forms else None

    def fingerprint(self) -> str:
        """The checksum of what the store was built from (it changes with every card import)."""
        row = self.db.execute("select value from meta where key = 'fingerprint'").fetchone()
        return row["value"] if row else ""

    def printed_pairs(self) -> list[tuple[str, str]]:
        """(Chinese, English) printed text of every card printed in both languages."""
        return [(r["zh"], r["en"]) for r in self.db.execute(
            "select z.printed as zh, e.printed as en from card_texts z join card_texts e on e.card_id = z.card_id "
            "where z.language = 'zh' and e.language = 'en' and z.printed <> '' and e.printed <> '' order by z.card_id")]

    def documents(self) -> list[sqlite3.Row]:
        return self.db.execute("select * from card_documents order by kind, date, id").fetchall()

    def problems(self) -> list[sqlite3.Row]:
        return self.db.execute("select * from card_problems order by kind, document, line").fetchall()

    def verdicts(self) -> list[sqlite3.Row]:
        """Every card's compilation verdict (status, language, problem), by code."""
        return self.db.execute("select card_id, status, language, problem from card_trees order by card_id").fetchall()

    def counts(self) -> dict[str, int]:
        return {table: self.db.execute(f"select count(*) from {table}").fetchone()[0]
                for table in ("cards", "printings", "card_texts", "errata", "card_keywords", "card_conflicts")}


def _mentions(pattern: re.Pattern, body: str) -> tuple[bool, bool]:
    """(is the card named in quotes somewhere, is it named in plain text somewhere)."""
    quoted = plain = False
    for match in pattern.finditer(body):
        before, after = body[match.start() - 1:match.start()], body[match.end():match.end() + 1]
        if any(before == left and after == right for left, right in QUOTES):
            quoted = True
        else:
            plain = True
    return quoted, plain


def _rule_links(rules_db: sqlite3.Connection, term: str) -> tuple[RuleLink, ...]:
    """The rules that define *term*, current edition first."""
    return tuple(RuleLink(r[0], r[1], r[2]) for r in rules_db.execute(
        "select r.edition, r.ref, r.title from definitions d join rules r on r.id = d.rule_id "
        "join editions e on e.id = r.edition where d.term = ? order by e.rank, r.sort_key", (term,)))


def _listed(text: str | None) -> list[str]:
    """The items of a card field listing several (tags: “Yordle、Heimerdinger”; supertypes)."""
    return [item.strip() for item in re.split(r"[、,，/;；|]", text or "") if item.strip()]


def _plain_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] could be an unquoted card name: Chinese, or English words on word boundaries."""
    first, last = text[start], text[end - 1]
    if _is_han(first):
        return _is_han(last)
    if not (first.isascii() and first.isalnum() and last.isascii() and last.isalnum()):
        return False
    span, before, after = text[start:end], text[start - 1:start], text[end:end + 1]
    return span.isascii() and " " in span and not (before.isalnum() or after.isalnum())


def _is_han(char: str) -> bool:
    """A CJK unified ideograph: compared, as a class of them takes 3 ms to compile in every `judgekit card`."""
    return "\u4e00" <= char <= "\u9fff"


def _simplified(text: str) -> str | None:
    """*text* in Simplified characters when that differs (迴響 → 回响); OpenCC loads only then."""
    if not any(map(_is_han, text)):
        return None
    from judgekit.chinese import to_simplified

    simplified = to_simplified(text)
    return simplified if simplified != text else None
