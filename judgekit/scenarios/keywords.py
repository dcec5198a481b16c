"""Keyword names as card data may write them — Chinese, or English in any case — mapped to the glossary's Chinese name.

The engine knows a keyword by its Chinese name only and reads no glossary: every card definition passes
``glossary_names`` as it is read (a scenario's ``cards:``, cards/library.yaml, a card from the card store),
and the checks of a scenario refuse a name ``keyword_name`` does not know.
"""

from __future__ import annotations

from functools import cache

from judgekit.corpus import bundled_glossary
from judgekit.scenarios.schema import MarkedDict, MarkedList

# The keywords the engine plays. The glossary names every keyword of the rules (805–829); the others
# (装配, 等级, 强化, 已强化) are not mapped, as before the glossary named them: a name the engine does not
# play stays unknown to it, and a card printing one as a keyword is not executable (judgekit/cardtext/gate.py).
PLAYED_KEYWORDS = frozenset({
    "急速", "迅捷", "强攻", "绝念", "法盾", "游走", "待命", "鼓舞", "反应", "坚守", "壁垒", "瞬息", "预知", "回响",
    "流转", "伏击", "狩猎", "后排", "唯我", "灵便", "百炼",
})


@cache
def _keyword_names() -> dict[str, str]:
    """Chinese and lower-case English names of the keywords the engine plays → the Chinese name (the glossary's)."""
    keywords = [term for term in bundled_glossary() if term["zh"] in PLAYED_KEYWORDS]
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
