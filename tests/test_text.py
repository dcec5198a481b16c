from judgekit.corpus.text import fix_cjk_spaces, join_fragments, unwrap


def test_stray_space_inside_a_chinese_word_is_removed():
    assert fix_cjk_spaces("就视为其拥有增 益。") == "就视为其拥有增益。"
    assert fix_cjk_spaces("“沃利贝尔 - 震怒天 声”") == "“沃利贝尔 - 震怒天声”"


def test_spaces_the_author_wrote_stay():
    assert fix_cjk_spaces("选择一个效果 — 对基地中的一名单位造成4 点伤害") == "选择一个效果 — 对基地中的一名单位造成4 点伤害"
    assert fix_cjk_spaces("造成4 点伤害") == "造成4 点伤害"


def test_dash_split_across_a_line_is_rejoined():
    assert fix_cjk_spaces("选择目标— —除非") == "选择目标——除非"


def test_chinese_joins_without_space_english_with_one():
    assert join_fragments("则在打出该", "卡牌时") == "则在打出该卡牌时"
    assert join_fragments("a number of", "Battlefields", spaced_words=True) == "a number of Battlefields"
    assert join_fragments("获得[M]+", "3", spaced_words=False) == "获得[M]+3"
    assert join_fragments("See rule", "规则", spaced_words=True) == "See rule规则"
    assert join_fragments("费用为", "[8]的法术") == "费用为[8]的法术"


def test_unwrap_joins_long_lines_and_keeps_list_items():
    lines = [
        "游戏物体可能具有的状态如下（非详尽列举）：",
        "已贴附、进攻中、拥有增益、被放逐、受控制、防守中、已强化、已装配、休眠、正面朝下、活跃、被替",
        "换、被展示、晕眩，以及任何已应用的效果层效果。",
    ]
    assert unwrap(lines) == [
        "游戏物体可能具有的状态如下（非详尽列举）：",
        "已贴附、进攻中、拥有增益、被放逐、受控制、防守中、已强化、已装配、休眠、正面朝下、活跃、被替换、被展示、晕眩，以及任何已应用的效果层效果。",
    ]
    assert unwrap(["一名单位是否拥有增益", "一件装备是否为休眠状态", "诸如此类"]) == [
        "一名单位是否拥有增益",
        "一件装备是否为休眠状态",
        "诸如此类",
    ]
