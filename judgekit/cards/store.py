"""The card store as a command opens it: rebuilt first when a card file or judgekit's version changed.

A module of its own, above both the store (``lookup.CardStore``) and the builder (``build``, which
compiles every card with a compiler that reads the store): the builder is imported only when the
store is stale, so a lookup reads the trees and renderings the import stored without loading the
card-file parsers or the compiler.
"""

from __future__ import annotations

from judgekit.cards.lookup import CardStore
from judgekit.cards.registry import database, fingerprint, read_manifest
from judgekit.corpus import Workspace
from judgekit.errors import JudgekitError
from judgekit.index.store import is_fresh


def open_store(workspace: Workspace) -> CardStore:
    """The card store of *workspace*, up to date."""
    documents = read_manifest(workspace)
    if not documents:
        raise JudgekitError("还没有导入卡牌数据；先用 judgekit import 导入官方卡表 JSON（如 card-catalog-zh-….json）")
    if not is_fresh(database(workspace), fingerprint(workspace, documents)):
        from judgekit.cards.build import build_cards

        build_cards(workspace, documents)
    return CardStore.open(workspace)
