"""Keyword names as card data may write them — Chinese, or English in any case — mapped to the glossary's Chinese name.

The engine knows a keyword by its Chinese name only and reads no glossary: every card definition passes
``glossary_names`` as it is read (a scenario's ``cards:``, cards/library.yaml, a card from the card store),
and the checks of a scenario refuse a name ``keyword_name`` does not know.
"""

from __future__ import annotations

from functools import cache

from judgekit.corpus import bundled_glossary
from judgekit.scenarios.schema import MarkedDict, MarkedList

# Keywords of later sets the bundled glossary does not list yet: Chinese name → English name.
LATER_KEYWORDS = {"流转": "Flow", "伏击": "Ambush", "狩猎": "Hunt", "后排": "Backline", "唯我": "Unique", "灵便": "Quick-Draw",
                  "百炼": "Weaponmaster"}


@cache
def _keyword_names() -> dict[str, str]:
    """Chinese and lower-case English keyword names → the Chinese name, from the bundled glossary."""
    keywords = [term for term in bundled_glossary() if term["kind"] == "keyword"]
    keywords += [{"zh": zh, "en": en} for zh, en in LATER_KEYWORDS.items()]
    return {name.lower(): term["zh"] for term in keywords for name in (term["zh"], term["en"])}


def keyword_name(name: str) -> str | None:
    """The Chinese name of a keyword written in Chinese or English, or None for an unknown one."""
    return _keyword_names().get(name.strip().lower())


def glossary_names(data):
    """Card *data* with each keyword name it writes in its Chinese form: the keys of a ``keywords:`` mapping
    (a card's, an Empowered ability's), a ``keyword:`` (a granted keyword, a filter) and a static's ``grant:``.
    A name the glossary does not know stays as written; line numbers are kept."""
    if isinstance(data, dict):
        mapped = {}
        for key, value in data.items():
            if key == "keywords" and isinstance(value, dict):
                value = _renamed_keys(value)
            elif key in ("keyword", "grant") and isinstance(value, str):
                value = keyword_name(value) or value
            mapped[key] = glossary_names(value)
        return _marked(MarkedDict(mapped), data) if isinstance(data, MarkedDict) else mapped
    if isinstance(data, list):
        items = [glossary_names(item) for item in data]
        return _marked(MarkedList(items), data) if isinstance(data, MarkedList) else items
    return data


def _renamed_keys(keywords: dict) -> dict:
    names = {name: keyword_name(name) or name for name in keywords}
    renamed = {names[name]: value for name, value in keywords.items()}
    if isinstance(keywords, MarkedDict):
        renamed = _marked(MarkedDict(renamed), keywords)
        renamed.key_nodes = {names.get(key, key): node for key, node in keywords.key_nodes.items()}
    return renamed


def _marked(copy, original):
    for attribute in ("node", "key_nodes", "item_nodes"):
        if hasattr(original, attribute):
            setattr(copy, attribute, getattr(original, attribute))
    return copy
