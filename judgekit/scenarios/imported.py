"""Cards a scenario names without defining: the imported catalog's compiled card.

Only when the name is neither in the scenario's ``cards`` nor in ``cards/library.yaml``,
and only when cards have been imported (``judgekit import card-catalog-….json``): the name
(a code, a Chinese or an English name) finds the card, and the card is the tree compiled from its
current text at import (``judgekit/cards/trees.py``).  A card whose text did not compile is a
scenario error naming the card and the clause — the scenario defines it in ``cards:`` instead;
a card without any text in the data has its printed facts only.
"""

from __future__ import annotations

import json
from functools import lru_cache

from judgekit.cards.facts import AmbiguousCardError, UnknownCardError, card_facts
from judgekit.cards.lookup import CardStore
from judgekit.cards.registry import folder, read_manifest
from judgekit.cards.store import open_store
from judgekit.cards.trees import STATUS_NAMES, read_verdict
from judgekit.corpus import Workspace
from judgekit.engine.cards import CardDef, card_from_data
from judgekit.errors import ScenarioError
from judgekit.scenarios.keywords import glossary_names
from judgekit.scenarios.schema import Node


def card_store() -> CardStore | None:
    """The imported cards of the current home, or None when none were imported.

    Opened once while the home's card manifest stays the same: a scenario naming ten catalog cards
    checks the store's freshness once, not ten times.
    """
    workspace = Workspace.default()
    manifest = folder(workspace) / "manifest.json"
    return _store(workspace, manifest.stat().st_mtime_ns) if manifest.exists() else None


@lru_cache(maxsize=2)
def _store(workspace: Workspace, manifest_version: int) -> CardStore | None:
    return open_store(workspace) if read_manifest(workspace) else None


def imported_card(name: str, node: Node, store: CardStore) -> CardDef:
    """*name*'s compiled card; a name that fits no card or several, or a card not compiled, is a scenario error."""
    try:
        facts = card_facts(name, cards=store)
    except UnknownCardError as error:
        hint = f"（是否指：{'、'.join(error.suggestions)}？）" if error.suggestions else ""
        raise ScenarioError(
            f"{node}: 未知的牌“{name}”：既不在 cards 中定义，也不在牌库 cards/library.yaml 或导入的卡牌数据中{hint}"
        ) from None
    except AmbiguousCardError as error:
        raise ScenarioError(
            f"{node}: 牌名“{name}”对应多张导入的卡牌：{'、'.join(error.candidates)}；请写全名或卡牌编号"
        ) from None
    verdict = read_verdict(store.db, facts.code)
    if verdict["status"] == "compiled":
        return card_from_data(name, glossary_names(json.loads(verdict["tree"])))
    if verdict["status"] == "no_text":
        return card_from_data(name, glossary_names(facts.scenario_data()))
    raise ScenarioError(
        f"{node}: 牌“{name}”（{facts.code}）的文字没有编译成引擎能执行的能力（{STATUS_NAMES[verdict['status']]}）："
        f"{verdict['problem']}；请在场景的 cards: 中定义这张牌"
    )
