"""The card-text clause model and the census, on synthetic cards (no card text from the catalog)."""

from __future__ import annotations

from judgekit.cardtext import CardSource
from judgekit.cardtext.census import take
from judgekit.cardtext.clauses import Clause, Keyword, split_card


def test_keyword_line_and_reminder_are_one_ability_without_the_reminder():
    card = split_card("强攻 2（如果我是进攻方，则战力+2。）\n当你打出我时，抽一张牌。")
    keyword, played = card.abilities
    assert keyword.head == "keyword" and keyword.keywords == (Keyword("强攻", 2, ""),) and not keyword.clauses
    assert played.clauses == (Clause("当你打出我时，抽一张牌", ""),)
    assert not card.problems


def test_a_reminder_with_another_value_than_its_keyword_is_reported():
    card = split_card("坚守 3（如果我是防守方，则战力+2。）")
    assert [p.reason for p in card.problems] == ["提示文字（如果我是防守方，则战力+2。）与关键词“坚守3”的数值不符"]


def test_a_keyword_without_value_takes_one():
    assert not split_card("坚守（如果我是防守方，则战力+1。）").problems
    assert split_card("坚守（如果我是防守方，则战力+3。）").problems


def test_links_and_sentences():
    card = split_card("对一名单位造成2点伤害，然后抽一张牌。若如此做，弃置一张手牌。")
    assert card.abilities[0].clauses == (
        Clause("对一名单位造成2点伤害", ""), Clause("抽一张牌", "then"), Clause("弃置一张手牌", "if_you_do"))


def test_modes_belong_to_the_line_that_offers_them():
    card = split_card("从下列中选择一个 —\n- 抽一张牌。\n- 召出一枚休眠的符文。")
    (ability,) = card.abilities
    assert ability.modes == 1 and [c.link for c in ability.clauses] == ["mode", "mode"]


def test_a_quoted_ability_is_one_clause_and_prefixes_are_heads():
    card = split_card("让一名单位获得“当我征服一处战场时，抽一张牌。”\n等级 3 ▸ 我获得战力+1。（如果你拥有不少于3经验，则获得该效果。）\n"
                      "绝念 ▸ 抽一张牌。（当我被摧毁后，发动此效果。）")
    granted, level, deathknell = card.abilities
    assert len(granted.clauses) == 1
    assert (level.head, level.keywords) == ("level", (Keyword("等级", 3, ""),))
    assert deathknell.head == "keyword_prefix" and deathknell.clauses == (Clause("抽一张牌", ""),)
    assert not card.problems


def test_a_keyword_reminder_then_more_text_on_its_line():
    card = split_card("回响 ②（…）让一名单位变为活跃状态。")
    assert [a.head for a in card.abilities] == ["keyword", ""]


def test_unbalanced_parentheses_are_a_problem_not_a_crash():
    card = split_card("抽一张牌（未完")
    assert card.problems and card.problems[0].reason.startswith("括号不成对")


def test_census_counts_patterns_and_keeps_no_text():
    sources = [CardSource("T-001", "zh", "当你打出我时，抽一张牌。", {"type": "unit"}),
               CardSource("T-002", "zh", "壁垒（我在战斗中首先承担伤害。）\n对一名敌方单位造成3点伤害。", {"type": "spell"}),
               CardSource("T-003", "en", "Deflect (Opponents must pay any rune to choose me.)\nDraw 1.", {"type": "unit"}),
               CardSource("T-004", "fr", "Piochez une carte.", {"type": "spell"})]
    data = take(sources).as_json()
    assert data["cards"] == 4 and data["clauses"] == 3
    assert data["patterns"]["effect:draw"]["examples"] == ["T-001", "T-003"] and data["keywords"]["法盾"]["count"] == 1
    assert data["patterns"]["trigger:played_self"]["examples"] == ["T-001"]
    assert data["patterns"]["effect:deal"]["count"] == 1 and data["keywords"]["壁垒"]["count"] == 1
    assert data["not_split"] == {"fr": {"cards": 1, "examples": ["T-004"]}}
    assert "抽一张牌" not in str(data)



def test_coverage_counts_a_keyword_action_in_an_instruction_and_a_keyword_line():
    from judgekit.cardtext.coverage import measure

    sources = [CardSource("T-001", "zh", "让一名单位在本回合内战力-4。进行洞察。", {"type": "spell"}),
               CardSource("T-002", "zh", "壁垒（我在战斗中首先承担伤害。）", {"type": "unit", "cost": 2, "might": 2})]
    keywords = measure(sources).keywords()
    assert keywords["洞察"] == {"cards": 1, "compiled": 1}  # 436: an action, never on a keyword line
    assert keywords["壁垒"]["cards"] == 1 and keywords["回响"]["cards"] == 0


def test_coverage_counts_a_card_as_its_two_texts_decide_it():
    from judgekit.cardtext.coverage import measure

    spell = {"type": "spell", "cost": 1}
    sources = [CardSource("T-001", "zh", "抽一张牌。", spell), CardSource("T-001", "en", "Draw 2.", spell),
               CardSource("T-002", "zh", "这句话谁也读不懂。", spell), CardSource("T-002", "en", "Draw 1.", spell),
               CardSource("T-003", "zh", "抽一张牌。", spell), CardSource("T-003", "en", "Draw 1.", spell)]
    results = {r.code: r for r in measure(sources).results}
    assert results["T-001"].status == "disagreement" and not results["T-001"].compiled
    assert results["T-002"].compiled and results["T-002"].language == "en"  # the English tree is the one scenarios get
    assert results["T-003"].compiled and results["T-003"].language == "zh"
    assert measure(sources).as_json()["compiled"] == 2


def _compile(text: str, card_type: str = "unit", language: str = "zh"):
    from judgekit.cardtext import compile_card

    return compile_card(CardSource("T-100", language, text, {"type": card_type, "cost": 2, "might": 2}))


def test_a_keyword_card_compiles_and_passes_the_gate():
    result = _compile("壁垒（我在战斗中首先承担伤害。）\n强攻 2（如果我是进攻方，则战力+2。）")
    assert result.status == "compiled" and result.tree["keywords"] == {"壁垒": None, "强攻": 2}
    assert "壁垒" in result.understood and result.problems == ()


def test_bad_input_is_reported_per_card():
    assert _compile("", "spell").status == "unreadable"
    assert _compile("", "unit").status == "compiled"  # a vanilla unit
    assert _compile("抽一张牌（", "spell").status == "unreadable"
    assert _compile("Draw 1.", language="fr").problems[0].reason == "不支持的卡牌文字语言：fr"
    clause = _compile("强攻 2（如果我是进攻方，则战力+3。）")
    assert clause.status == "not_understood" and clause.tree is None


# -- the Chinese compiler on synthetic cards: the tree, and render → compile gives it back ----------

SYNTHETIC = [
    ("spell", "对一名敌方单位造成3点伤害。", {"target": {"who": "enemy"}, "effects": [{"deal": 3}]}),
    ("spell", "让此处的一名友方单位在本回合内战力+2，然后抽一张牌。",
     {"target": {"who": "friendly", "where": "here"}, "effects": [{"might": 2}, {"draw": 1}]}),
    ("spell", "对此处的所有敌方单位各造成1点伤害。",
     {"effects": [{"deal": {"amount": 1, "to": {"each": {"who": "enemy", "where": "here"}}}}]}),
    ("spell", "选择一名单位，将其眩晕。", {"target": {}, "effects": [{"stun": None}]}),
    ("spell", "让最多两名友方单位本回合内获得强攻2。",
     {"target": {"who": "friendly", "count": 2, "up_to": True}, "effects": [{"grant": {"keyword": "强攻", "value": 2}}]}),
    ("unit", "当你打出我时，你可以选择摧毁一件装备。若如此做，抽两张牌。",
     {"abilities": [{"trigger": "played", "target": {"kind": "gear"},
                     "effects": [{"may": [{"kill": None}]}, {"draw": {"amount": 2, "if": {"you_did": True}}}]}]}),
    ("unit", "当我进攻时，让我本回合内战力+3。", {"abilities": [{"trigger": "attacked", "effects": [{"might": 3}]}]}),
    ("unit", "当我进攻或防守时，给予我增益。", {"abilities": [{"trigger": "attacked", "effects": [{"buff": None}]},
                                               {"trigger": "defended", "effects": [{"buff": None}]}]}),
    ("unit", "绝念▸召出两枚休眠的符文。",
     {"keywords": {"绝念": None}, "triggers": {"deathknell": [{"channel": {"count": 2, "exhausted": True}}]}}),
    ("gear", "支付①，横置：对一名单位造成2点伤害。",
     {"abilities": [{"cost": {"energy": 1, "exhaust": True}, "target": {}, "effects": [{"deal": 2}]}]}),
    ("gear", "横置：反应—获得红色符能，用以支付符能费用。",
     {"abilities": [{"cost": {"exhaust": True}, "timing": "reaction", "effects": [{"add": {"runes": ["炽烈"]}}]}]}),
    ("unit", "等级3▸我获得战力+1。", {"abilities": [{"static": {"might": 1, "to": "self"}, "while": {"level": 3}}]}),
    ("spell", "从下列中选择一个—\n-抽一张牌。\n-召出一枚符文。", {"modes": {"1": [{"draw": 1}], "2": [{"channel": 1}]}}),
    ("unit", "当我防守时，展示你主牌堆顶部的一张牌。如果是一张装备牌，则将其放入你的手牌，否则将其回收。",
     {"abilities": [{"trigger": "defended", "effects": [
         {"look": {"amount": 1, "reveal": True, "take": {"card": {"kind": "gear"}, "to": "hand"}, "rest": "recycle"}}]}]}),
    ("spell", "选择两名强力单位，让这两名单位相互以自身战力给对方造成伤害。",
     {"target": {"mighty": True, "count": 2}, "effects": [{"fight": None}]}),
    ("spell", "选择任意一名敌方和一名友方单位，让这两名单位相互以自身战力给对方造成伤害。",
     {"target": [{"who": "enemy"}, {"who": "friendly"}], "effects": [{"fight": None}]}),
    ("unit", "当我据守一处战场时，如果你在此处有恰好一名其他单位，则抽一张牌。",
     {"abilities": [{"trigger": "held", "condition": {"controls": {"where": "here", "other": True}, "at_least": 1,
                                                      "at_most": 1}, "effects": [{"draw": 1}]}]}),
    ("unit", "当我进攻时，如果我已强化且你控制着不少于两名单位，则抽一张牌。",
     {"abilities": [{"trigger": "attacked", "condition": {"empowered": True, "controls": {}, "at_least": 2},
                     "effects": [{"draw": 1}]}]}),
    ("unit", "当我进攻时，如果你控制着恰好两名单位，则抽一张牌。",
     {"abilities": [{"trigger": "attacked", "condition": {"controls": {}, "at_least": 2, "at_most": 2},
                     "effects": [{"draw": 1}]}]}),
    ("unit", "当我进攻时，让一名单位在本回合内战力+1。如果我已强化，则改为让其在本回合内战力+3。",
     {"abilities": [{"trigger": "attacked", "target": {}, "effects": [
         {"might": {"amount": 3, "if": {"empowered": True}}}, {"might": {"amount": 1, "if": {"not": {"empowered": True}}}}]}]}),
    ("unit", "当我进攻时，在此处打出两名1战力的“随从”。",
     {"abilities": [{"trigger": "attacked", "effects": [{"create": {"token": "随从", "count": 2, "at": "here", "play": True}}]}]}),
]


def test_synthetic_cards_compile_to_their_trees_and_back():
    from judgekit.cardtext import compile_card

    for card_type, text, parts in SYNTHETIC:
        result = _compile(text, card_type)
        assert result.tree is not None, (text, result.problems)
        assert {k: v for k, v in result.tree.items() if k not in ("type", "cost", "might")} == parts, text
        again = compile_card(CardSource("T-100", "zh", result.understood, {"type": card_type, "cost": 2, "might": 2}))
        assert again.tree == result.tree, (text, result.understood)


def test_a_clause_no_template_reads_leaves_the_whole_card_uncompiled():
    result = _compile("当你打出我时，抽一张牌。\n当我进攻时，让对手哭泣。")
    assert result.status == "not_understood" and result.tree is None
    assert [(p.line, p.clause) for p in result.problems] == [(2, "当我进攻时，让对手哭泣")]


def test_an_ambiguous_pronoun_is_not_guessed():
    assert _compile("摧毁其。", "spell").status == "not_understood"


def test_a_refused_card_entry_is_named_by_its_form_not_by_the_card(monkeypatch):
    """Coverage groups “forms the engine lacks” by the text before “：”; the card's code must not be it."""
    from judgekit.cardtext import compile_card
    from judgekit.errors import ScenarioError
    from judgekit.scenarios import carddefs

    def refuse(cards, name):
        raise ScenarioError(f"scenario.yaml: {name}：未知关键词“某词”")

    monkeypatch.setattr(carddefs, "check_card", refuse)
    result = compile_card(CardSource("T-001", "zh", "坚守", {"type": "unit", "might": 2, "cost": 2}, "测试"))
    assert result.status == "not_executable"
    assert result.needs == ("未知关键词“某词”",)
