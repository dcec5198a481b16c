"""The card store as compiler input: each card's current text per language and its printed facts.

The only module of the package that reads anything (``cards.db``, through :class:`CardStore`).
Chinese is the primary source; a card without Chinese text (Vendetta) is compiled from English.
"""

from __future__ import annotations

import hashlib

from judgekit.cards.facts import facts_of
from judgekit.cards.lookup import CardStore
from judgekit.cardtext import CardSource

HELD_OUT_PERCENT = 10  # cards kept out of sight while patterns are written (chosen by code hash)


def held_out(code: str) -> bool:
    """Whether *code* is in the held-out set: about one card in ten, fixed by the code's hash."""
    return int(hashlib.sha256(code.encode()).hexdigest(), 16) % 100 < HELD_OUT_PERCENT


def card_set(code: str) -> str:
    return code.split("-", 1)[0]


def _facts(store: CardStore, code: str) -> tuple[dict, str]:
    """(printed facts as card data, the name scenarios write) of one card."""
    printed = facts_of(store, code)
    facts = printed.scenario_data()
    facts.pop("keywords", None)  # keywords are compiled from the text, not taken from the markup
    return facts, printed.name


def sources(store: CardStore, languages: tuple[str, ...] = ("zh", "en")) -> dict[str, dict[str, CardSource]]:
    """code → language → source, for every card with a text row in one of *languages* (empty text included)."""
    rows = store.db.execute(
        "select card_id, language, current from card_texts order by card_id, language"
    ).fetchall()
    found: dict[str, dict[str, CardSource]] = {}
    facts: dict[str, tuple[dict, str]] = {}
    for row in rows:
        code, language = row["card_id"], row["language"]
        if language not in languages:
            continue
        if code not in facts:
            facts[code] = _facts(store, code)
        found.setdefault(code, {})[language] = CardSource(code, language, row["current"] or "", *facts[code])
    return found


def primary(by_language: dict[str, CardSource]) -> CardSource:
    """The source a card is compiled from first: its Chinese text, or its English text when it has no Chinese text."""
    zh, en = by_language.get("zh"), by_language.get("en")
    return zh if zh and (zh.text.strip() or not (en and en.text.strip())) else en


def primary_sources(store: CardStore) -> list[CardSource]:
    """One source a card: its primary one."""
    return [primary(by_language) for by_language in sources(store).values()]


def every_source(store: CardStore) -> list[CardSource]:
    """Every text of every card, each language its own source."""
    return [source for by_language in sources(store).values() for source in by_language.values()]
