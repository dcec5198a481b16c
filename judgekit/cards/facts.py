"""A card's printed facts for the scenario engine: ``card_facts(name_or_code, cards)``.

The engine (``judgekit/engine/``) can call this when a scenario names a card that
neither the scenario nor ``cards/library.yaml`` defines: the printed facts (type,
cost, power, might, domains, tags, keywords with values) come from the imported card
data, the abilities still from the library or the scenario::

    from judgekit.cards.facts import card_facts, UnknownCardError
    try:
        data = card_facts(name, cards).scenario_data() | inline_or_library_data
    except UnknownCardError as error:   # error.suggestions: the nearest card names
        ...report “did you mean” with error.suggestions...
    card = card_from_data(name, data)

Standard library only, like ``judgekit card``.
"""

from __future__ import annotations

from typing import NamedTuple

from judgekit.cards.lookup import CardStore, UnknownCardError
from judgekit.errors import JudgekitError

# The domains by the names scenarios and cards/library.yaml give them (runes: [炽烈, 混沌]).
ENGINE_DOMAINS = {"Fury": "炽烈", "Calm": "翠意", "Mind": "灵光", "Body": "摧破", "Chaos": "混沌", "Order": "序理"}
# The tags by the names the Chinese catalog and the engine's filters give them ({tag: 机械}); a card printed in English
# only (Vendetta) has its English tags, and these names beside them, so one filter reads cards of both.  Regions and
# champion names are not here: the Chinese catalog prints them (hero, region) and the English sources list them.
ENGINE_TAGS = {"Dragon": "龙", "Pirate": "海盗", "Trifarian": "崔法利", "Poro": "魄罗", "Mech": "机械", "Spirit": "灵体",
               "Sentinel": "哨兵", "Bird": "鸟类", "Fae": "仙灵", "Yordle": "约德尔人", "Cat": "猫科", "Elite": "精锐",
               "Dog": "犬形", "Equipment": "武装", "Demon": "恶魔", "Spider": "蜘蛛"}
# The engine's card types: a unit's supertype decides between unit, champion and token.
ENGINE_UNIT_TYPES = {"champion": "champion", "token": "token"}

__all__ = ["AmbiguousCardError", "CardFacts", "UnknownCardError", "card_facts", "facts_of"]


class AmbiguousCardError(JudgekitError):
    """A name that several imported cards share (“德莱文”); *candidates* are their codes and names."""

    def __init__(self, message: str, candidates: tuple[str, ...]):
        super().__init__(message)
        self.candidates = candidates


class CardFacts(NamedTuple):
    code: str
    name: str  # the Chinese full name (“德莱文 - 血斧飞旋”), or the English one without Chinese data
    name_en: str
    type: str  # the engine's types: unit, champion, token, spell, gear, battlefield, legend, rune
    cost: int | None  # energy
    power: int | None
    might: int | None
    domains: tuple[str, ...]
    tags: tuple[str, ...]
    keywords: tuple[tuple[str, int | None], ...]  # Chinese glossary name where there is one, and value
    token: bool = False  # a token of a type other than unit (a gear token, 187.5): the engine's ``token: true``

    def scenario_data(self) -> dict:
        """The facts as a scenario's or the library's card data (the keys ``card_from_data`` reads)."""
        data = {"type": self.type, "name_en": self.name_en or None, "cost": self.cost, "power": self.power,
                "might": self.might, "domains": [ENGINE_DOMAINS.get(d, d) for d in self.domains],
                "tags": list(dict.fromkeys([*self.tags, *(ENGINE_TAGS[t] for t in self.tags if t in ENGINE_TAGS)])),
                "keywords": dict(self.keywords), "token": self.token or None}
        return {key: value for key, value in data.items() if value not in (None, [], {})}


def card_facts(name_or_code: str, cards: CardStore) -> CardFacts:
    """The printed facts of the one imported card *name_or_code* names.

    Raises UnknownCardError (``suggestions``: nearest names) when no card matches, and
    AmbiguousCardError (``candidates``) when the name fits several cards.
    """
    match = cards.find(name_or_code)
    if len(match.cards) > 1:
        candidates = tuple(f"{c.id} {c.name}" for c in match.cards)
        raise AmbiguousCardError(f"“{name_or_code}”对应多张卡牌：{'、'.join(candidates)}；请写编号或全名", candidates)
    return facts_of(cards, match.cards[0].id)


def facts_of(cards: CardStore, card_id: str) -> CardFacts:
    """The printed facts of the card whose code is *card_id*."""
    row = cards.db.execute("select * from cards where id = ?", (card_id,)).fetchone()
    summary = cards.summary(card_id)
    supertypes = [s for s in row["supertypes"].split("、") if s]
    card_type = row["type"]
    if card_type == "unit":
        card_type = next((ENGINE_UNIT_TYPES[s] for s in supertypes if s in ENGINE_UNIT_TYPES), "unit")
    rows = cards.db.execute("select language, name, value, term from card_keywords where card_id = ?",
                            (card_id,)).fetchall()
    # A keyword the glossary lacks is named in the card's first language only (装配, not also Equip).
    first = "zh" if any(r["language"] == "zh" for r in rows) else "en"
    keywords: dict[str, int | None] = {}
    for r in rows:
        if r["term"] or r["language"] == first:
            keywords.setdefault(r["term"] or r["name"], r["value"])
    return CardFacts(
        code=card_id,
        name=summary.name,
        name_en=summary.name_english,
        type=card_type,
        cost=row["energy"], power=row["power"], might=row["might"],
        domains=tuple(d for d in row["domains"].split("、") if d),
        tags=tuple(t for t in row["tags"].split("、") if t),
        keywords=tuple(keywords.items()),
        token=card_type == "gear" and "token" in supertypes,
    )
