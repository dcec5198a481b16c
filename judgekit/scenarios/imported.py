"""Cards a scenario names without defining: their printed facts from the imported card data.

Only when the name is neither in the scenario's ``cards`` nor in ``cards/library.yaml``,
and only when cards have been imported (``judgekit import card-catalog-….json``): the
printed facts (type, cost, power, might, domains, tags, keywords) come from
``judgekit.cards.facts``; such a card has no abilities beyond its keywords.
"""

from __future__ import annotations

from judgekit.cards.facts import AmbiguousCardError, UnknownCardError, card_facts
from judgekit.cards.lookup import CardStore
from judgekit.cards.registry import read_manifest
from judgekit.corpus import Workspace
from judgekit.engine.cards import CardDef, card_from_data
from judgekit.errors import ScenarioError
from judgekit.scenarios.schema import Node


def card_store() -> CardStore | None:
    """The imported cards of the current home, or None when none were imported."""
    workspace = Workspace.default()
    return CardStore.open(workspace) if read_manifest(workspace) else None


def imported_card(name: str, node: Node, store: CardStore) -> CardDef:
    """*name*'s printed facts as an engine card; a name that fits no card or several is a scenario error."""
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
    return card_from_data(name, facts.scenario_data())
