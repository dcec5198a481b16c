"""Search: keyword definitions first, English and Traditional queries, authority ranking."""

import pytest

from judgekit.corpus import load
from judgekit.corpus.importer import import_document
from judgekit.index.query import Query, Term, analyse, compound_parts, retyped, vocabulary
from judgekit.index.rebuild import rebuild_for
from judgekit.index.search import SearchIndex, depth_cost, rule_contexts, snippet
from judgekit.index.store import Store

# Where each keyword is defined in the bundled corpus: the earlier edition's
# glossary (720–733) and the current export's 回响 (820).
DEFINITIONS = {
    "急速": ("zh-earlier", "721"), "迅捷": ("zh-earlier", "722"), "强攻": ("zh-earlier", "723"),
    "绝念": ("zh-earlier", "724"), "法盾": ("zh-earlier", "725"), "游走": ("zh-earlier", "726"),
    "待命": ("zh-earlier", "727"), "鼓舞": ("zh-earlier", "728"), "反应": ("zh-earlier", "729"),
    "坚守": ("zh-earlier", "730"), "壁垒": ("zh-earlier", "731"), "瞬息": ("zh-earlier", "732"),
    "预知": ("zh-earlier", "733"), "回响": ("zh-2026-10-10", "820"),
    "增益": ("zh-earlier", "701"), "强力": ("zh-earlier", "706"), "额外伤害": ("zh-earlier", "712"),
}
ENGLISH = {
    "Accelerate": "急速", "Action": "迅捷", "Assault": "强攻", "Deathknell": "绝念", "Deflect": "法盾",
    "Ganking": "游走", "Hidden": "待命", "Legion": "鼓舞", "Reaction": "反应", "Shield": "坚守",
    "Tank": "壁垒", "Temporary": "瞬息", "Vision": "预知", "Repeat": "回响", "Buff": "增益", "Mighty": "强力",
}
TRADITIONAL = {"迴響": "回响", "壁壘": "壁垒", "強攻": "强攻", "預知": "预知", "絕念": "绝念", "堅守": "坚守"}


def assert_definition_first(index, query, term):
    edition, number = DEFINITIONS[term]
    first = index.search(query, limit=1)[0]
    assert (first.kind, first.edition) == ("rule", edition), query
    assert first.ref == number or first.ref.startswith(number + "."), (query, first.ref)


@pytest.mark.parametrize("term", DEFINITIONS)
def test_keyword_definition_comes_first(index, term):
    assert_definition_first(index, term, term)


@pytest.mark.parametrize("english, term", ENGLISH.items())
def test_english_keyword_names(index, english, term):
    assert_definition_first(index, english, term)
    assert_definition_first(index, english.lower(), term)


@pytest.mark.parametrize("traditional, term", TRADITIONAL.items())
def test_traditional_chinese(index, traditional, term):
    assert_definition_first(index, traditional, term)


def test_every_word_must_match(index):
    hits = index.search("回响 费用", limit=5)
    assert len(hits) == 5
    for hit in hits:
        assert hit.edition == "zh-2026-10-10" and hit.ref.startswith("820")
        assert "回响" in hit.text and "费用" in hit.text
        assert "【回响】" in hit.snippet and "【费用】" in hit.snippet


def test_game_terms_stay_whole(index):
    hit = index.search("结算链", limit=1)[0]
    assert "结算链" in hit.text
    assert index.terms("法术对决结算链强力单位") == ["法术对决", "结算链", "强力单位"]


def test_guide_ranks_below_rules(index):
    hits = index.search("壁垒", limit=50)
    kinds = [hit.kind for hit in hits]
    assert "guide" in kinds
    assert all(kind == "rule" for kind in kinds[: kinds.index("guide")])
    assert all(hit.kind == "guide" for hit in index.search("壁垒", kinds=("guide",)))
    assert index.search("壁垒", kinds=("guide",))[0].authority == "unofficial"


def test_faq_search(index):
    hits = index.search("灵魂折镜", kinds=("faq",), limit=3)
    assert hits and all(hit.kind == "faq" and hit.edition == "zh-2026-07-17" for hit in hits)
    assert "灵魂折镜" in hits[0].title


def test_edition_filter(index):
    assert {hit.edition for hit in index.search("增益", edition="zh-2026-10-10", limit=20)} == {"zh-2026-10-10"}


def test_nothing_found(index):
    assert index.search("xyzzy") == []
    assert index.search("。，！") == []


def test_current_edition_ranks_above_an_older_one_with_the_same_text(fresh, tmp_path):
    path = tmp_path / "older.txt"
    path.write_text("820.1\n所属：回响\n[回响]是一种可选额外费用关键词。\n", encoding="utf-8")
    import_document(fresh, path, "zh-older", date="2025-01-01", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    store = Store.open(fresh, load(fresh))
    index = SearchIndex.open(fresh, store)
    try:
        hits = [(h.edition, h.ref) for h in index.search("可选额外费用关键词", limit=2)]
    finally:
        index.close()
    assert hits == [("zh-2026-10-10", "820.1"), ("zh-older", "820.1")]


def test_snippet_marks_matches_and_trims():
    text = "甲" * 100 + "回响" + "乙" * 100
    assert snippet(text, ["回响"]).startswith("…")
    assert "【回响】" in snippet(text, ["回响"])
    assert snippet("short", []) == "short"
    assert snippet("It evaluates its trigger.", ["at", "trigger"]) == "It evaluates its 【trigger】."  # words, not letters
    assert snippet("Playing cards", ["play"]) == "【Play】ing cards"


@pytest.mark.parametrize("query", ["820.1", "８２０．１", "规则820.1", "规则 820.1 回响", "rule 820.1", "820.1。"])
def test_a_rule_number_anywhere_goes_to_that_rule_and_its_subtree(index, query):
    hits = index.search(query, limit=30)
    assert (hits[0].edition, hits[0].ref) == ("zh-2026-10-10", "820.1")
    subtree = [hit.ref for hit in hits if hit.ref == "820.1" or hit.ref.startswith("820.1.")]
    assert [hit.ref for hit in hits[: len(subtree)]] == subtree and len(subtree) > 3


def test_a_letter_segment_and_three_digits_are_numbers_too(index):
    assert index.search("135.2.b.3", limit=1)[0].ref == "135.2.b.3"
    assert index.search("规则 206", limit=1)[0].ref == "206"


def test_questions_lose_their_question_words(index):
    query = analyse("单位最多能有几个增益？", index.words, index.variants, index.occurs)
    assert [term.word for term in query.terms] == ["单位", "最多", "增益"]


def test_a_question_with_words_no_rule_holds_still_finds_rules(index):
    hits = index.search("一个单位到底最多能拥有几个增益呢", limit=5)
    assert hits and hits[0].kind == "rule" and "增益" in hits[0].text + hits[0].title


def test_more_covered_terms_rank_higher(index):
    hits = index.search("回响 费用 支付", limit=10)
    covered = [sum(word in hit.text for word in ("回响", "费用", "支付")) for hit in hits]
    assert covered[:3] == [3, 3, 3] and 3 > min(covered)


def test_judge_vocabulary_expands_the_query(index):
    query = analyse("牌堆没牌了怎么办", index.words, index.variants, index.occurs)
    assert query.terms[0].alternatives[:2] == ("牌堆没牌", "燃尽") and "burn out" in query.terms[0].alternatives
    hits = index.search("谁先", limit=5)
    assert hits and any("顺序" in hit.text for hit in hits)


def test_every_vocabulary_entry_names_what_it_means():
    for says, means in vocabulary().entries:
        assert says and means and all(isinstance(word, str) and word for word in (*says, *means))


def test_a_word_the_index_does_not_hold_whole_is_searched_in_its_parts(index):
    whole = Query((), (Term("法术对决乌龟", ("法术对决乌龟",)),), "法术对决乌龟")
    assert index._ranked(whole, None, []) == []
    parts = index._in_parts(whole)
    assert "法术对决" in parts.terms[0].alternatives
    assert index._ranked(parts, None, [])


@pytest.mark.parametrize("typed, term", [("法术对绝", "法术对决"), ("替换效过", "替换效果"), ("法术对绝中能打出什么", "法术对决")])
def test_a_mistyped_game_term_is_searched_as_the_term(index, typed, term):
    query = analyse(typed, index.words, index.variants, index.occurs)
    assert query.terms[0].word == term


@pytest.mark.parametrize("typed", ["优先于"])
def test_a_text_of_the_corpus_is_never_taken_for_a_typo(index, typed):
    """优先于 is ordinary words (not 优先权)."""
    assert retyped(typed) is not None and index.occurs(typed)  # one character from a term, yet the corpus says it
    assert analyse(typed, index.words, index.variants, index.occurs).terms[0].word != retyped(typed)


def test_two_characters_are_never_retyped_and_phrases_win(index):
    assert [term.word for term in analyse("牌堆没牌了怎么办", index.words, index.variants, index.occurs).terms] == ["牌堆没牌"]
    assert "卸下" not in [term.word for term in analyse("能量会保留到下回合吗", index.words, index.variants, index.occurs).terms]


def test_the_kind_of_question_asked_brings_hints_not_terms(index):
    counting = analyse("同一个战场一回合能得几次分？", index.words, index.variants, index.occurs)
    assert "几次" not in [term.word for term in counting.terms] and "一" not in [term.word for term in counting.terms]
    assert {"只能", "once"} <= set(counting.hints)
    assert analyse("征服", index.words, index.variants, index.occurs).hints == ()
    assert analyse("触发技能 时机", index.words, index.variants, index.occurs).hints != ()  # 时机 asks when
    assert analyse("触发技能", index.words, index.variants, index.occurs).hints == ()  # the 能 of 技能 asks nothing
    assert "trash" in analyse("where do killed units go?", index.words, index.variants, index.occurs).hints


def test_an_english_question_asks_with_the_word_it_opens_with(index):
    def hints(text):
        return set(analyse(text, index.words, index.variants, index.occurs).hints)

    assert "instead" in hints("what happens to gear when its unit dies?")
    assert "phase" not in hints("what happens to gear when its unit dies?")  # this “when” joins two clauses
    assert "cannot" not in hints("how many buffs can a unit have?") and "up to" in hints("how many buffs can a unit have?")
    assert "phase" in hints("when does a unit stop being stunned?") and "cannot" not in hints("when does it stop?")
    assert "phase" in hints("Stunned units, when do they ready?")  # a clause opens after the comma


def test_hints_rank_the_rule_that_answers_higher_but_find_nothing_alone(index):
    asked = [hit.ref for hit in index.search("回响费用能付几次", kinds=("rule",), limit=10)]
    assert asked[0] in ("820.1.c.3", "820.3")
    assert index.search("几次", limit=5) == []


@pytest.mark.parametrize("typed, means, never", [
    ("查看牌堆顶", "洞察", "预测"),  # the Chinese rules and cards say 洞察 for Predict
    ("唯一", "唯我", None),  # and 唯我 for Unique
    ("counter", "无效化", "计数标"),  # a judge's "counter" is a spell countered, not 741's counters
])
def test_judge_words_mean_the_words_of_the_chinese_rules(index, typed, means, never):
    alternatives = analyse(typed, index.words, index.variants, index.occurs).terms[0].alternatives
    assert means in alternatives and never not in alternatives


def test_one_result_per_rule_number_with_its_languages_folded_in(fresh, tmp_path):
    """The Chinese and English text of one rule (editions of the 2026-07 numbering) take one slot."""
    zh, en = tmp_path / "zh.txt", tmp_path / "en.txt"
    zh.write_text("807\n所属：关键词\n强攻\n807.1\n所属：强攻\n[强攻]是一种进攻时生效的关键词。\n", encoding="utf-8")
    en.write_text("807. Assault\n807.1. Assault is a keyword that applies while attacking.\n", encoding="utf-8")
    for path, edition in ((zh, "zh-2026-07-17"), (en, "en-2026-07-16")):
        import_document(fresh, path, edition, rebuild=lambda corpus: rebuild_for(fresh, corpus))
    store = Store.open(fresh, load(fresh))
    index = SearchIndex.open(fresh, store)
    try:
        hits = [hit for hit in index.search("强攻", kinds=("rule",)) if hit.edition != "zh-earlier"]
        alone = index.search("强攻", kinds=("rule",), edition="en-2026-07-16")
    finally:
        index.close()
    assert [hit.ref for hit in hits] == ["807", "807.1"]
    assert all({hit.edition, *(edition for edition, _ in hit.languages)} == {"zh-2026-07-17", "en-2026-07-16"}
               for hit in hits)
    assert [(hit.ref, hit.languages) for hit in alone] == [("807", ()), ("807.1", ())]
    from judgekit.render import hits_text

    folded_in = hits[1].languages[0]
    assert f"    {folded_in[0]}：{folded_in[1]}" in hits_text(hits)  # shown under the rule


def test_rule_contexts_are_the_text_of_the_rules_above():
    rules = [("e", "144", "Units may perform a Standard Move."), ("e", "144.1", "It is limited."),
             ("e", "144.1.c", "Not during a Showdown."), ("f", "144.1.d", "Another edition.")]
    contexts = rule_contexts(rules)
    assert contexts[("e", "144.1.c")] == "Units may perform a Standard Move.\nIt is limited."
    assert contexts[("e", "144")] == "" and contexts[("f", "144.1.d")] == ""


def test_a_sub_rule_holds_the_subject_of_the_rules_above_it(fresh, tmp_path):
    """144.1.c says when “this action” cannot be taken; 144 says the action is the Standard Move."""
    rules = tmp_path / "en.txt"
    rules.write_text("144. Units may perform a Standard Move to a battlefield.\n144.1. This action is limited.\n"
                     "144.1.c. This action cannot be performed during a Showdown.\n"
                     "326. A Showdown begins at a battlefield.\n326.1. Players pass during a Showdown.\n"
                     "326.2. A Showdown ends when both players pass.\n", encoding="utf-8")
    import_document(fresh, rules, "en-2026-07-16", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    index = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        hits = index.search("can I move during a showdown?", kinds=("rule",), edition="en-2026-07-16", limit=3)
    finally:
        index.close()
    assert hits[0].ref == "144.1.c"


def test_an_faq_entry_ranks_on_its_best_passage_not_on_its_length(fresh, tmp_path):
    """A long entry holding the query's words in different paragraphs ranks below one answering in one passage."""
    long_entry = ("这张牌怎么结算？\n\n照常结算。\n\n" + "眩晕的单位不能移动，眩晕持续到回合结束，眩晕不会叠加，眩晕可以被移除。\n\n"
                  + "另一方面，装备可以为单位提供护盾，护盾会抵挡伤害，护盾不会叠加，护盾可以被移除。\n\n相关规则：702.1\n\n")
    short_entry = "那张牌怎么结算？\n\n照常结算。\n\n单位被眩晕时，它的护盾依然有效。\n\n相关规则：702.1\n\n"
    faq = tmp_path / "faq.txt"
    unrelated = "打出卡牌需要支付费用吗？\n\n需要。\n\n相关规则：702.1\n\n"  # an FAQ has three entries or more
    faq.write_text("某系列 FAQ\n更新日期：2026/09/02\n\n" + long_entry + short_entry + unrelated, encoding="utf-8")
    import_document(fresh, faq, "zh-2026-07-17", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    store = Store.open(fresh, load(fresh))
    index = SearchIndex.open(fresh, store)
    try:
        hits = index.search("眩晕 护盾", kinds=("faq",), limit=2)
    finally:
        index.close()
    assert [hit.title for hit in hits] == ["那张牌怎么结算？", "这张牌怎么结算？"]


@pytest.mark.parametrize("word, english", [("事件", "event"), ("来源", "source"), ("模式", "mode"), ("合法", "legal"),
                                           ("决定", "decide"), ("多个", "more than one"), ("退还", "refund"),
                                           ("合计", "total"), ("不再", "no longer"), ("衍生物", "token"),
                                           ("两次", "each time"), ("每次", "each time")])
def test_the_words_a_ruling_is_explained_in_have_the_english_rules_words(index, word, english):
    """The 2026-07 rules exist in English only: a Chinese question finds them through these words."""
    query = analyse(f"这个{word}怎么处理", index.words, index.variants, index.occurs)
    assert any(english in term.alternatives for term in query.terms), query.terms


@pytest.mark.parametrize("typed, kept", [
    ("法盾费用", "法盾"), ("第一张", "第一"), ("结算了", "结算"), ("优先于", "优先"),
    ("贴附的", "贴附"), ("抽一张", "抽"),
])
def test_a_word_the_dictionary_knows_is_no_typo_even_where_the_corpus_lacks_it(index, typed, kept):
    """With the rules in English only, the corpus does not say 开环状态 or 法盾费用: still no typo (issue 18)."""
    assert retyped(typed) is not None  # one character from a game term
    query = analyse(typed, index.words, index.variants, lambda text: False)
    assert query.terms[0].word == kept, query.terms


@pytest.mark.parametrize("typed, term", [("结算连", "结算链"), ("法术对绝", "法术对决"), ("替换效过", "替换效果")])
def test_a_stray_character_is_still_mended_where_the_corpus_lacks_the_typo(index, typed, term):
    assert analyse(typed, index.words, index.variants, lambda text: False).terms[0].word == term


def test_the_open_state_is_the_rules_own_term_not_a_typo_of_the_open_position(index):
    """开环状态 (29 times in the 2026-07 Chinese rules) is the Open State, not 开放状态."""
    term = analyse("开环状态下能打出什么", index.words, index.variants, lambda text: False).terms[0]
    assert term.word == "开环状态" and "open state" in term.alternatives


def test_a_name_in_brackets_no_card_store_knows_is_one_term_never_its_characters(index):
    """Issue 18: 【奥法逸才】 was cut into words, and its 法 matched 法术."""
    query = index.understood("【奥法逸才】在法术对决中能打出吗")
    assert query.terms[0] == Term("奥法逸才", ("奥法逸才",))
    assert [term.word for term in query.terms[1:]] == ["法术对决", "中", "打出"]
    assert index.understood("【待命】的牌能打出吗").terms[0].word == "待命"  # a game term in brackets stays a term


def test_our_side_and_conjunctions_are_the_frame_of_a_question(index):
    """我方 … 和 … 并 …: FAQ questions say whose and join clauses; neither is a term (方 matched nothing)."""
    query = analyse("我方单位和敌方单位同时被摧毁并触发技能，这次由谁决定它们的顺序", index.words, index.variants, index.occurs)
    words = [term.word for term in query.terms]
    assert not {"我方", "方", "和", "并", "这次", "由", "它们"} & set(words) and {"单位", "被摧毁", "顺序"} <= set(words)


def test_forms_the_index_writes_alike_are_searched_once(index):
    """Reaction, REACTIONS and reaction are one form of the term: searched and scored once, not three times."""
    assert [tokens for _, tokens in index._forms(("Reaction", "REACTIONS", "reaction", "反应"))] == [
        tuple(index.terms("reaction")), tuple(index.terms("反应"))]


def test_a_question_matching_an_faq_entry_lifts_the_rules_it_cites(fresh, tmp_path):
    """The rule an FAQ answer rests on shares no word with a Chinese question about a card, least of all in English:
    the FAQ entry the question matches names it (相关规则), and lifts it among the rules (issue 18)."""
    en = tmp_path / "en.txt"
    en.write_text("807. Assault\n807.1. Assault is a keyword that applies while attacking.\n"
                  "808. Deathknell\n808.1. Deathknell abilities trigger when the unit dies.\n", encoding="utf-8")
    import_document(fresh, en, "en-2026-07-16", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    faq = tmp_path / "faq.txt"
    faq.write_text("某系列 FAQ\n更新日期：2026/09/02\n\n"
                   "如果“青铜哨兵”在进攻时被摧毁，它的技能会怎样？\n\n它的技能照常触发。\n\n相关规则：808.1\n\n"
                   "打出卡牌需要支付费用吗？\n\n需要。\n\n相关规则：807\n\n"
                   "回合结束时会发生什么？\n\n清理。\n\n相关规则：807.1\n\n", encoding="utf-8")
    import_document(fresh, faq, "zh-2026-07-17", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    store = Store.open(fresh, load(fresh))
    index = SearchIndex.open(fresh, store)
    try:
        lifted = index.search("青铜哨兵进攻时被摧毁，技能怎么处理？", kinds=("rule",), edition="en-2026-07-16")
        unrelated = index.search("青铜哨兵的战力在回合结束时是多少", kinds=("rule",))
        keyword = index.search("青铜哨兵 摧毁", kinds=("rule",))
        faq_only = index.search("青铜哨兵进攻时被摧毁，技能怎么处理？", kinds=("faq",))
    finally:
        index.close()
    entry = faq_only[0]
    assert entry.title.startswith("如果“青铜哨兵”") and all(hit.kind == "faq" for hit in faq_only)
    assert [(hit.ref, hit.edition, hit.cited_by) for hit in lifted[:1]] == [("808.1", "en-2026-07-16", (entry.ref,))]
    assert not any(hit.cited_by for hit in unrelated)  # the entry holds too little of this question to lift
    assert not any(hit.cited_by for hit in keyword)  # and two words are no question
    from judgekit.render import hits_text

    assert f"FAQ {entry.ref} 引用" in hits_text(lifted)


def test_an_english_alternative_of_several_words_matches_them_in_a_row(fresh, tmp_path):
    """标准移动 / standard move is one term: a rule saying “move” and “standard” apart does not hold it."""
    en = tmp_path / "en.txt"
    en.write_text("144. Movement\n144.1. A unit may move to a base; this is standard.\n"
                  "144.2. A standard move sends a unit from its base to a battlefield.\n", encoding="utf-8")
    import_document(fresh, en, "en-2026-07-16", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    index = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        english = [hit.ref for hit in index.search("standard move", kinds=("rule",), edition="en-2026-07-16")]
        chinese = [hit.ref for hit in index.search("标准移动", kinds=("rule",), edition="en-2026-07-16")]
    finally:
        index.close()
    assert english == chinese == ["144.2"]


def test_a_compound_no_table_knows_is_read_as_the_words_it_is_made_of():
    known = {"休眠", "状态", "法术", "打出", "卡牌"}.__contains__
    assert compound_parts("休眠状态", known) == ["休眠", "状态"]
    assert compound_parts("此法术", known) == ["此", "法术"]
    assert compound_parts("打出卡牌", known) == ["打出", "卡牌"]
    assert compound_parts("法术", known) == ["法术"]  # known itself
    assert compound_parts("黄沙士兵", known) == ["黄沙士兵"]  # holds no known word
    assert compound_parts("此牌", {"牌"}.__contains__) == ["此牌"]  # two characters stay a word of their own


def test_a_compound_of_known_words_is_also_searched_as_what_its_parts_mean(index):
    def words(text):
        return ["休眠状态"] if text == "休眠状态" else index.words(text)  # jieba may keep it whole

    query = analyse("休眠状态", words, index.variants, index.occurs)
    assert [term.word for term in query.terms] == ["休眠状态"]
    assert {"休眠状态", "休眠", "exhaust"} <= set(query.terms[0].alternatives)
    assert analyse("休眠", words, index.variants, index.occurs).terms[0].alternatives[0] == "休眠"


def test_irregular_english_forms_are_searched_as_their_base_form(index):
    """The rules say a cost is paid and a combat won: a question asking to pay or to win finds them."""
    for form, base in (("paid", "pay"), ("won", "win"), ("chosen", "choose"), ("dealt", "deal")):
        assert index.terms(form) == index.terms(base), form
    assert index.terms("hidden") != index.terms("hide")  # Hidden is a keyword
    for form in ("dies", "died", "dying"):  # the stemmer leaves di / dy: “When I die” (Deathknell) was not found
        assert index.terms(form) == index.terms("die"), form


def test_dying_is_being_killed_and_a_discount_is_a_cost_reduction(index):
    """A judge says a unit dies or is destroyed (被摧毁), the rules say killed or die; 减费 is what the rules call a
    discount; a showdown 正在进行 is ongoing: each is searched as the rules' words."""
    def alternatives(text: str) -> set[str]:
        return {alt for term in analyse(text, index.words, index.variants, index.occurs).terms
                for alt in term.alternatives}

    assert {"kill", "die", "摧毁"} <= alternatives("dies")
    assert {"kill", "die"} <= alternatives("单位被摧毁时")
    assert {"discount", "reduce"} <= alternatives("能否减费")
    assert "ongoing" in alternatives("法术对决正在进行")


def test_a_long_question_costs_a_sub_rule_less_than_a_short_query_does():
    """Pasted FAQ questions ask something narrow: 817.1.b (what Vision is short for), not the 817 heading."""
    assert depth_cost("817", 3) == depth_cost("817", 12) == 1.0
    assert depth_cost("817.1.b", 2) == depth_cost("817.1.b", 4) == pytest.approx(1.4)
    assert depth_cost("817.1.b", 8) == pytest.approx(1.2) and depth_cost("817.1.b", 16) == pytest.approx(1.1)


def test_counters_are_markers_and_countering_is_not_them(index, fresh, tmp_path):
    """Issue 18: “counter” (425, negating a spell) also found 741's counters, the markers, under one stem."""
    assert index.terms("countered") == index.terms("countering") == index.terms("counter")
    assert index.terms("counters") != index.terms("counter")
    rules = tmp_path / "en.txt"
    rules.write_text("425. Counter\n425.1. To counter a spell is to negate it; a countered spell does nothing.\n"
                     "741. Counters\n742. Counters are markers placed on units; a player may spend counters.\n",
                     encoding="utf-8")
    import_document(fresh, rules, "en-2026-07-16", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    english = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        countering = [hit.ref for hit in english.search("counter", kinds=("rule",), edition="en-2026-07-16")]
        markers = [hit.ref for hit in english.search("计数标", kinds=("rule",), edition="en-2026-07-16")]
    finally:
        english.close()
    assert countering[0] == "425" and not {"741", "742"} & set(countering)
    assert markers[0] in ("741", "742") and "425" not in markers
