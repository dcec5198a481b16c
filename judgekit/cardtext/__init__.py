"""Card text → the card language (issue 16): clause model, census, compilers, coverage.

Contract (what other packages call; everything else here is internal)::

    from judgekit.cardtext import CardSource, compile_card
    result = compile_card(CardSource(code="OGN-004", language="zh", text=current_plain_text, facts=facts))

- ``CardSource.text`` is the card store's plain *current* text (``cards.db`` ``card_texts.current``:
  markup readable, errata applied); ``facts`` the printed facts as ``$defs/card`` data (``type``,
  ``cost``, ``power``, ``might``, ``domains``, ``tags``, ``name_en``; no keywords, no abilities).
  :func:`judgekit.cardtext.catalog.sources` builds them for every card of a store.
- ``compile_card`` never raises on card data.  ``result.status`` is one of
  ``compiled`` (``tree`` validates against ``$defs/card`` and every verb is implemented),
  ``not_executable`` (every clause understood, but the engine lacks a form: ``needs`` names it),
  ``not_understood`` (``problems`` name each clause not read; nothing of the card is guessed) or
  ``unreadable`` (no text on a card that must have some, or text that cannot be cut into clauses).
- ``result.tree`` is the whole card entry (facts + ``keywords`` + ``target``/``effects``/``abilities``)
  when every clause was understood, else None; ``result.understood`` is that tree rendered back into
  plain Chinese (generated from the tree, never copied text), "" without a tree.
- A language is compiled by the module named in ``LANGUAGES``: it provides ``split(text) ->
  CardClauses``, ``compile_clauses(card_clauses, facts) -> (dict, problems)`` (*facts* with the
  card's ``name`` added) and ``render(tree, name)`` (raising ValueError for a tree it cannot write).

No I/O here: only :mod:`judgekit.cardtext.catalog` reads the card store.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from judgekit.cardtext.clauses import Problem

LANGUAGES = {"zh": "judgekit.cardtext.zh", "en": "judgekit.cardtext.en"}
STATUSES = ("compiled", "not_executable", "not_understood", "unreadable")
VANILLA_TYPES = ("unit", "champion", "token")  # a unit may have no text: nothing to compile, nothing missing

__all__ = ["LANGUAGES", "STATUSES", "CardSource", "Compiled", "Problem", "compile_card"]


class CardSource(NamedTuple):
    code: str
    language: str  # zh | en
    text: str
    facts: dict
    name: str = ""  # the card's name as scenarios write it (an Equip ability attaches the card by name)


class Compiled(NamedTuple):
    code: str
    language: str
    status: str  # one of STATUSES
    tree: dict | None
    problems: tuple[Problem, ...]
    understood: str = ""
    needs: tuple[str, ...] = ()  # forms the engine has not implemented (status not_executable)

    @property
    def compiled(self) -> bool:
        return self.status == "compiled"


def compile_card(source: CardSource) -> Compiled:
    """Compile one card's text; see the module's contract."""
    from judgekit.cardtext.gate import missing_forms

    if source.language not in LANGUAGES:
        return Compiled(source.code, source.language, "unreadable", None,
                        (Problem(0, "", f"不支持的卡牌文字语言：{source.language}"),))
    language = importlib.import_module(LANGUAGES[source.language])
    if not source.text.strip() and source.facts.get("type") not in VANILLA_TYPES:
        return Compiled(source.code, source.language, "unreadable", None, (Problem(0, "", "卡牌没有文字"),))
    card_clauses = language.split(source.text)
    parts, problems = language.compile_clauses(card_clauses, {**source.facts, "name": source.name})
    problems = (*card_clauses.problems, *problems)
    if problems:
        status = "unreadable" if not card_clauses.abilities else "not_understood"
        return Compiled(source.code, source.language, status, None, tuple(problems))
    tree = {**source.facts, **parts}
    try:
        understood = language.render(tree, source.name)
    except ValueError as error:  # a tree the templates read but cannot write back: not understood either
        return Compiled(source.code, source.language, "not_understood", None,
                        (Problem(0, "", f"读出的结构无法写回中文：{error}"),))
    needs = missing_forms(tree, source.code)
    return Compiled(source.code, source.language, "not_executable" if needs else "compiled", tree, (), understood,
                    needs)
