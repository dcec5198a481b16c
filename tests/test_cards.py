"""Cards: markup, file formats, import (join, errata, conflicts), lookups, FAQ links, cite, search, errors.

The card files here are small synthetic ones written by the tests; the names are
made up, except 灵魂折镜 (a card the bundled FAQ discusses), whose text is invented.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import heavy_modules_loaded

from judgekit.cards.facts import AmbiguousCardError, card_facts
from judgekit.cards.formats import detect_format, read_card_file
from judgekit.cards.lookup import CardStore, UnknownCardError
from judgekit.cards.markup import Keyword, parse_text
from judgekit.cards.names import parse_code
from judgekit.cards.registry import read_manifest
from judgekit.cards.store import open_store
from judgekit.corpus import Workspace, load
from judgekit.errors import DocumentError
from judgekit.index.store import Store


def zh_card(code, name, category="单位", title="", energy=2, might=2, power=None, effect="", colours=("red",), tag=""):
    return {"cardNo": code, "cardName": name, "subTitle": title, "cardCategoryName": category, "energy": energy,
            "power": might, "returnEnergy": power, "cardColorList": list(colours), "tag": tag, "cardEffect": effect}


def en_card(code, name, card_type="Unit", energy="2", might="2", text="", domains=("Fury",), tags=None):
    return {"code": code, "name": name, "type": card_type, "energy": energy, "might": might,
            "domains": list(domains), "tags": tags, "text": text}


ZH_CARDS = [
    zh_card("TST·001/100", "铁砧卫士", effect="{{强攻2}}（我是进攻方时{{S}}+2。）\n支付{{1}}和{{红色}}，{{横置}}：抽一张牌。"),
    zh_card("TST·001a/100", "铁砧卫士", effect="{{强攻2}}（我是进攻方时{{S}}+2。）\n支付{{1}}和{{红色}}，{{横置}}：抽一张牌。"),
    zh_card("TST·002/100", "雷鸣", "英雄单位", "风暴之子", energy=4, might=3, power=1, effect="{{壁垒}}"),
    zh_card("TST·003/100", "雷鸣", "英雄单位", "静夜行者", energy=5, might=5, effect="{{装配绿色}}"),
    zh_card("TST·004/100", "星火术", "法术", energy=3, might=None, effect="{{迅捷}}\n造成3点伤害。"),
    zh_card("VEN·152/166", "灵魂折镜", "法术", energy=2, might=None, effect="{{反应}}\n反制一个法术。"),
]
EN_CARDS = [
    en_card("TST-001/100", "Anvil Guard", text="[Assault 2] (+2 :rb_might: while I'm an attacker.)\n"
                                               ":rb_energy_1::rb_rune_fury:, :rb_exhaust:: Draw 1."),
    en_card("TST-002/100", "Thunder, Stormborn", energy="4", might="3", text="[Tank]"),
    en_card("TST-003/100", "Thunder, Nightwalker", energy="5", might="5", text="[Equip]"),
    en_card("TST-004/100", "Starfire", "Spell", energy="2", might=None, text="[Action]\nDeal 3."),
    en_card("TST-050/100", "Thunder, Nightwalker", energy="5", might="5", text="[Equip]"),  # a reprint
]
ZH_ERRATA = """===== PAGE 1 =====
“测试”系列卡牌
星火术
[新文本]
[迅捷]（可在你的回合或法术对决中打
出。）
造成4点伤害。
▲
[旧文本]
[迅捷]
造成3点伤害。

不存在的卡
[新文本]
无。
▲
[旧文本]
有。
"""
EN_ERRATA = """# Test errata

### Test Cards

### Starfire

### [NEW TEXT]

[Action]

Deal 4.

### ▲

### [OLD TEXT]

[Action]

Deal 3.
"""


@pytest.fixture
def card_files(tmp_path) -> dict[str, Path]:
    files = {
        "zh": tmp_path / "catalog-zh.json",
        "en": tmp_path / "gallery-en.json",
        "zh_errata": tmp_path / "errata-zh-test-2026-02-01.txt",
        "en_errata": tmp_path / "errata-en-test.md",
    }
    files["zh"].write_text(json.dumps({"fetchedAt": "2026-04-27", "cards": ZH_CARDS}, ensure_ascii=False), "utf-8")
    files["en"].write_text(json.dumps({"snapshot_date": "2026-07-25", "cards": EN_CARDS}), "utf-8")
    files["zh_errata"].write_text(ZH_ERRATA, "utf-8")
    files["en_errata"].write_text(EN_ERRATA, "utf-8")
    return files


@pytest.fixture
def imported(bundled_home, tmp_path, monkeypatch, card_files, cli):
    """A home with the bundled corpus and the synthetic cards and errata imported."""
    import shutil

    home = tmp_path / "home"
    shutil.copytree(bundled_home, home)
    shutil.rmtree(home / "data" / "imports" / "cards", ignore_errors=True)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    for args in ([card_files["zh"]], [card_files["en"]], [card_files["zh_errata"]],
                 [card_files["en_errata"], "--date", "2026-02-01"]):
        code, _out, err = cli("import", *map(str, args))
        assert code == 0, err
    return home


def cards() -> CardStore:
    return open_store(Workspace.default())


# -- markup -------------------------------------------------------------------


def test_chinese_markup_becomes_plain_text_and_keywords():
    parsed = parse_text("{{强攻2}}（{{S}}+2）支付{{1}}和{{红色}}，{{横置}}：{{装配1橙色}} {{等级6>}}", "zh")
    assert parsed.plain == "强攻 2（战力+2）支付①和红色符能，横置：装配 ①橙色符能 等级 6 ▸"
    assert parsed.keywords == (Keyword("强攻", 2, ""), Keyword("装配", None, "①橙色符能"), Keyword("等级", 6, ""))


def test_english_icons_and_keyword_brackets():
    parsed = parse_text("[Shield 3] (+3 :rb_might:) :rb_energy_2::rb_rune_rainbow:, :rb_exhaust:: [Stun] it.", "en")
    assert parsed.plain == "Shield 3 (+3 Might) ②any rune, Exhaust: Stun it."
    assert [k.name for k in parsed.keywords] == ["Shield", "Stun"]


def test_errata_markup_names_the_cards_own_rune():
    assert parse_text("支付[1][C]，[E]：[待命] 4[M]", "zh", "Order").plain == "支付①黄色符能，横置：待命 4战力"
    assert parse_text("[1][C], [E]: [Hidden]", "en", "Order").plain == "①Order rune, Exhaust: Hidden"
    assert parse_text("[NO TEXT]", "en") == ("", ())


# -- formats ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("OGN·242/298", ("OGN-242", "OGN-242", "OGN")), ("SFD·020a/221", ("SFD-020a", "SFD-020", "SFD")),
     ("ogn-007*-298", ("OGN-007*", "OGN-007", "OGN")), ("ven-r01", ("VEN-R01", "VEN-R01", "VEN")),
     ("UNL·T01", ("UNL-T01", "UNL-T01", "UNL")), ("opp-001-219", ("OPP-001-219", "OPP-001-219", "OPP"))],
)
def test_card_codes_in_every_spelling(raw, expected):
    assert parse_code(raw) == expected


def test_formats_are_recognised_by_shape(card_files, tmp_path):
    expected = {"zh": "zh-catalog", "en": "en-gallery", "zh_errata": "errata-zh", "en_errata": "errata-en"}
    for key, fmt in expected.items():
        assert detect_format(card_files[key].read_bytes()) == fmt
    codex = tmp_path / "codex.json"
    codex.write_text(json.dumps([{"riftbound_id": "tst-001-100", "name": "Anvil Guard"}]))
    assert detect_format(codex.read_bytes()) == "riftcodex"
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"cards": [{"id": 1}]}))
    assert detect_format(other.read_bytes()) is None


def test_errata_lists_are_split_into_entries(card_files):
    zh = read_card_file(card_files["zh_errata"], "errata-zh")
    assert [e.card_name for e in zh.errata] == ["星火术", "不存在的卡"]
    assert zh.errata[0].new_text == "[迅捷]（可在你的回合或法术对决中打出。）\n造成4点伤害。"  # the PDF wrap undone
    assert zh.errata[0].old_text == "[迅捷]\n造成3点伤害。"
    assert zh.date == "2026-02-01"  # from the file name
    en = read_card_file(card_files["en_errata"], "errata-en", "2026-02-01")
    assert [(e.card_name, e.new_text, e.old_text) for e in en.errata] == [
        ("Starfire", "[Action]\nDeal 4.", "[Action]\nDeal 3.")]


def test_an_errata_lists_editorial_notes_are_notes_of_the_entry(tmp_path):
    """Issue 18: a list's notes (“注：…”), section labels (翻译优化) and what a new-text marker adds (“[新文本 –
    与目前卡面文本一致]”, the card already printed so) are the entry's notes, never card text nor dropped."""
    listed = tmp_path / "errata-zh-notes-2026-03-01.txt"
    listed.write_text("星火术\n[新文本 – 与目前卡面文本一致]\n造成4点伤害。\n▲\n[旧文本]\n造成3点伤害。\n"
                      "注：示例的注释。\n翻译优化\n雷鸣 - 风暴之子\n[新文本]\n抽一张牌。\n▲\n[旧文本]\n弃一张牌。\n", "utf-8")
    errata = read_card_file(listed, "errata-zh").errata
    assert [(e.card_name, e.new_text, e.old_text, e.notes) for e in errata] == [
        ("星火术", "造成4点伤害。", "造成3点伤害。", ("与目前卡面文本一致", "注：示例的注释。")),
        ("雷鸣 - 风暴之子", "抽一张牌。", "弃一张牌。", ("翻译优化",))]


# -- import -------------------------------------------------------------------


def test_import_joins_languages_printings_and_reprints(imported):
    store = cards()
    assert store.counts()["cards"] == 5
    anvil = store.view("TST-001")
    assert [t.language for t in anvil.texts] == ["zh", "en"]
    assert [code for code, _ in anvil.printings] == ["TST-001", "TST-001a"]
    nightwalker = store.view("TST-003")
    assert [code for code, _ in nightwalker.printings] == ["TST-003", "TST-050"]  # the reprint is the same card
    assert anvil.texts[0].current == "强攻 2（我是进攻方时战力+2。）\n支付①和红色符能，横置：抽一张牌。"
    assert anvil.texts[1].current == "Assault 2 (+2 Might while I'm an attacker.)\n①Fury rune, Exhaust: Draw 1."
    assert {(k.language, k.name, k.value, k.term) for k in anvil.keywords} == {
        ("zh", "强攻", 2, "强攻"), ("en", "Assault", 2, "强攻")}


def test_conflicting_facts_are_reported_and_both_kept(imported, cli, card_files):
    code, out, _ = cli("import", str(card_files["en"]))
    assert code == 0
    assert "TST-004 的 energy：中文资料 3，英文资料 2" in out
    starfire = cards().view("TST-004")
    assert [(t.language, t.energy) for t in starfire.texts] == [("zh", 3), ("en", 2)]


def test_errata_change_the_current_text_and_keep_the_printed_one(imported, cli):
    code, out, _ = cli("card", "星火术")
    assert code == 0
    assert "造成4点伤害。" in out and "Deal 4." in out
    assert "印刷文本（勘误前，勘误日期 2026-02-01）" in out and "造成3点伤害。" in out
    assert "2026-02-01  中文  官方勘误：errata-zh-test-2026-02-01.txt" in out


def test_errata_that_name_no_card_are_reported(imported, cli, card_files):
    code, out, _ = cli("import", str(card_files["zh_errata"]))
    assert code == 0
    assert "勘误的卡名“不存在的卡”对不上任何已导入的卡牌" in out


# -- lookups ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "card"),
    [("TST-002", "TST-002"), ("tst·002", "TST-002"), ("TST-001a", "TST-001"), ("雷鸣 - 风暴之子", "TST-002"),
     ("雷鸣风暴之子", "TST-002"), ("Thunder, Stormborn", "TST-002"), ("anvil guard", "TST-001"), ("砧卫", "TST-001"),
     ("鐵砧衛士", "TST-001"), ("星火", "TST-004")],
)
def test_lookup_by_each_kind_of_query(imported, query, card):
    assert [c.id for c in cards().find(query).cards] == [card]


def test_name_without_title_lists_every_version(imported, cli):
    code, out, _ = cli("card", "雷鸣")
    assert code == 0
    assert "“雷鸣”对应 2 张卡牌：" in out and "TST-002" in out and "TST-003" in out
    code, out, _ = cli("card", "雷")
    assert "“雷”对应 2 张卡牌（名称中含有此词）：" in out
    code, out, _ = cli("card", "雷鳴")
    assert "“雷鳴”对应 2 张卡牌（按简体字查找）：" in out


def test_typo_gets_did_you_mean(imported, cli):
    code, _, err = cli("card", "铁砧卫土")
    assert code == 1
    assert err.startswith("错误：没有找到卡牌“铁砧卫土”；你是不是要找：铁砧卫士")


def test_json_and_markdown(imported, cli):
    _code, out, _ = cli("card", "TST-004", "--json")
    data = json.loads(out)
    assert (data["id"], data["type"], data["energy"]) == ("TST-004", "spell", 3)
    assert [e["language"] for e in data["errata"]] == ["zh", "en"]
    _code, out, _ = cli("card", "TST-004", "--format", "markdown")
    assert out.startswith("### TST-004 星火术 · Starfire")
    assert "| 中文：星火术 | English：Starfire |" in out


def test_keywords_link_to_the_rules_that_define_them(imported, cli):
    _code, out, _ = cli("card", "TST-002")
    assert "壁垒 / Tank → 规则 " in out


def test_faq_entries_that_name_the_card(imported, cli):
    _code, out, _ = cli("card", "灵魂折镜")
    workspace = Workspace.default()
    expected = Store.open(workspace, load(workspace)).db.execute(
        "select id from faq where question || answer || explanation || notes like '%灵魂折镜%' order by id").fetchall()
    listed = [line.split("（")[0] for line in out.splitlines() if line.startswith("  FAQ ")]
    assert listed == [f"  FAQ {row[0]}" for row in expected] != []


def test_cite_puts_the_card_next_to_the_rule(imported, cli):
    code, out, _ = cli("cite", "card:TST-004", "820.1")
    assert code == 0
    assert out.startswith("【卡牌 TST-004】星火术 · Starfire\n中文：迅捷（")
    assert "勘误：本卡文字经 2026-02-01 勘误" in out and "【规则 820.1】" in out
    code, _, err = cli("cite", "card:雷鸣")
    assert code == 1 and "对应 2 张卡牌" in err


def test_cards_search_finds_card_text(imported, cli):
    code, out, _ = cli("cards", "search", "Tank")
    assert code == 0
    assert out.splitlines()[0].startswith("TST-002")
    code, out, _ = cli("search", "雷鸣")  # rule search is unaffected by card data
    assert "TST-" not in out


def test_card_facts_for_the_engine(imported):
    """The facts as a scenario card: the domain by the engine's name (炽烈, as runes: [炽烈] pays for it)."""
    facts = card_facts("Thunder, Stormborn", open_store(Workspace.default()))
    assert facts.domains == ("Fury",)
    assert facts.scenario_data() == {"type": "champion", "name_en": "Thunder, Stormborn", "cost": 4, "power": 1,
                                     "might": 3, "domains": ["炽烈"], "keywords": {"壁垒": None}}
    assert card_facts("TST-001", open_store(Workspace.default())).keywords == (("强攻", 2),)
    with pytest.raises(AmbiguousCardError) as ambiguous:
        card_facts("雷鸣", open_store(Workspace.default()))
    assert len(ambiguous.value.candidates) == 2
    with pytest.raises(UnknownCardError) as unknown:
        card_facts("星火树", open_store(Workspace.default()))
    assert unknown.value.suggestions[0] == "星火术"


# -- errors -------------------------------------------------------------------


def test_wrong_shape_imports_nothing(imported, cli, tmp_path):
    before = read_manifest(Workspace.default())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"cards": [{"id": 1}]}))
    code, _, err = cli("import", str(bad), "--kind", "cards")
    assert code == 1 and err.startswith("错误：") and "bad.json" in err
    assert read_manifest(Workspace.default()) == before
    assert cards().counts()["cards"] == 5


def test_card_without_code_imports_nothing(imported, cli, tmp_path):
    before = read_manifest(Workspace.default())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"cards": [zh_card("TST·009/100", "甲"), zh_card("", "乙")]}, ensure_ascii=False))
    code, _, err = cli("import", str(broken))
    assert code == 1
    assert "第 2 张卡（乙）没有卡牌编号 cardNo" in err
    assert read_manifest(Workspace.default()) == before


def test_errata_list_without_date_asks_for_one(fresh, cli, card_files):
    code, _, err = cli("import", str(card_files["en_errata"]))
    assert code == 1 and "--date" in err


def test_usage_errors(fresh, cli, card_files, tmp_path):
    code, _, err = cli("import", str(card_files["zh"]), "--kind", "decks")
    assert code == 2 and err.startswith("错误：--kind decks")
    text = tmp_path / "rules.txt"
    text.write_text("820.1. 回响是一个关键词。\n820.2. 回响可以重复。\n")
    code, _, err = cli("import", str(text))  # no date in its header or name: the edition must be given
    assert code == 1 and "--edition" in err


def test_lookup_before_any_import(fresh, cli):
    code, _, err = cli("card", "海兽钓钩")
    assert code == 1 and err.startswith("错误：还没有导入卡牌数据")


def test_read_card_file_reports_bad_json(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(DocumentError, match="不是有效的 JSON"):
        read_card_file(broken, "zh-catalog")


def test_card_lookup_loads_no_search_machinery(imported):
    """`judgekit card` starts as fast as `judgekit rule`: stdlib sqlite3 only, OpenCC only for Traditional."""
    assert heavy_modules_loaded(imported, "card", "雷鸣") == []


def test_card_lookup_reads_the_stored_compilation_without_the_builder(imported):
    """The tree and its rendering were stored at import: a lookup loads no card-file parser or compiler."""
    builder = ("judgekit.cards.build", "judgekit.cards.formats", "judgekit.cards.markup", "judgekit.cardtext")
    assert heavy_modules_loaded(imported, "card", "雷鸣", watched=builder) == []


def test_card_file_with_rule_options_is_a_usage_error(fresh, cli, card_files):
    code, _, err = cli("import", str(card_files["zh"]), "--edition", "zh-2026-07-17")
    assert code == 2 and err.startswith("错误：") and "--edition" in err


def test_level_arrow_reads_the_same_in_both_languages():
    assert parse_text("{{等级6>}}我获得{{S}}+1。", "zh").plain == "等级 6 ▸我获得战力+1。"
    assert parse_text("[Level 6][>] I have +1 :rb_might:.", "en").plain == "Level 6 ▸ I have +1 Might."


def test_only_an_unmatched_trailing_quote_is_dropped():
    assert parse_text('获得1分。"', "zh").plain == "获得1分。"
    assert parse_text('Say "hi"', "en").plain == 'Say "hi"'


def test_html_of_the_community_list_becomes_text():
    rich = "<p>Choose one &gt;<ul><li>Draw 1.</li><li>Deal 2.</li></ul>Say &quot;go&quot;.</p>"
    assert parse_text(rich, "en").plain == 'Choose one >\n• Draw 1.\n• Deal 2.\nSay "go".'


def test_legends_are_named_by_champion_and_epithet(fresh, cli, tmp_path):
    zh = tmp_path / "legend-zh.json"
    legend = {**zh_card("TST·090/100", "风暴意志", "传奇", energy=None, might=None), "hero": "雷鸣"}
    zh.write_text(json.dumps({"cards": [legend]}, ensure_ascii=False), "utf-8")
    en = tmp_path / "legend-en.json"
    en.write_text(json.dumps({"cards": [en_card("TST-090/100", "Will of Storms", "Legend", None, None,
                                                tags=["Thunder"])]}), "utf-8")
    errata = tmp_path / "errata-zh-legend-2026-03-01.txt"
    errata.write_text("雷鸣 - 风暴意志\n[新文本]\n抽一张牌。\n▲\n[旧文本]\n弃一张牌。\n", "utf-8")
    for path in (zh, en, errata):
        assert cli("import", str(path))[0] == 0
    _code, out, _ = cli("card", "风暴意志")
    assert out.startswith("TST-090  雷鸣 - 风暴意志 · Thunder, Will of Storms\n传奇")
    assert "抽一张牌。" in out and "印刷文本（勘误前，勘误日期 2026-03-01）" in out



def test_a_catalog_tag_list_joined_by_a_bar_is_each_tag(fresh, cli, tmp_path):
    zh = tmp_path / "bar-zh.json"
    zh.write_text(json.dumps({"cards": [zh_card("TST·091/100", "发条侍从", tag="约德尔人|机械")]}, ensure_ascii=False),
                  "utf-8")
    assert cli("import", str(zh))[0] == 0
    _code, out, _ = cli("card", "发条侍从")
    assert "标签 约德尔人、机械" in out


def test_a_catalog_champion_and_region_are_tags_too(fresh, cli, tmp_path):
    """Issue 18: the Chinese catalog prints a card's champion (hero) and region apart from its other tags; they were
    dropped, so a Chinese card had one tag where the English sources list three."""
    zh = tmp_path / "hero-zh.json"
    card = {**zh_card("TST·092/100", "雷鸣", "英雄单位", "林中猎手", tag="猫科"), "hero": "雷鸣", "region": "示例山"}
    legend = {**zh_card("TST·093/100", "林中之王", "传奇", energy=None, might=None), "hero": "雷鸣", "region": ""}
    zh.write_text(json.dumps({"cards": [card, legend]}, ensure_ascii=False), "utf-8")
    assert cli("import", str(zh))[0] == 0
    assert "标签 猫科、雷鸣、示例山" in cli("card", "雷鸣 - 林中猎手")[1]
    store = CardStore.open(Workspace.default())
    assert store.db.execute("select tags from card_sources where code = 'TST-093'").fetchone()[0] == "雷鸣"
    assert card_facts("TST-092", store).tags == ("猫科", "雷鸣", "示例山")


def test_cards_info_lists_files_and_problems(imported, cli):
    code, out, _ = cli("cards", "info")
    assert code == 0
    assert "errata-zh-test-2026-02-01" in out and "errata-en-test" in out
    assert "[errata] errata-zh-test-2026-02-01 第 13 行：勘误的卡名“不存在的卡”对不上任何已导入的卡牌" in out


def test_a_failed_rebuild_puts_everything_back(imported, cli, card_files, monkeypatch):
    from judgekit.cards import importer
    from judgekit.cards.registry import folder

    workspace = Workspace.default()
    before = read_manifest(workspace)
    stored = folder(workspace) / next(d.file for d in before if d.format == "zh-catalog")
    content = stored.read_bytes()

    def failing_build(*args):
        raise DocumentError("磁盘已满")

    monkeypatch.setattr(importer, "build_cards", failing_build)
    changed = card_files["zh"]
    changed.write_text(json.dumps({"cards": ZH_CARDS[:1]}, ensure_ascii=False), "utf-8")
    code, _, err = cli("import", str(changed))
    assert code == 1 and err == "错误：磁盘已满\n"
    assert read_manifest(workspace) == before and stored.read_bytes() == content
    assert cards().counts()["cards"] == 5


def test_side_by_side_on_a_wide_terminal(imported):
    from judgekit.cards.render import card_text, wrap

    view = cards().view("TST-004")
    rows = card_text(view, 100).splitlines()
    header = next(row for row in rows if row.startswith("【中文】"))
    assert header.endswith("│ 【English】Starfire")
    printed = next(row for row in rows if row.startswith("  印刷文本"))
    assert printed.count("印刷文本（勘误前，勘误日期 2026-02-01）：") == 2  # both columns start the section together
    assert card_text(view, 80) == card_text(view)  # narrower: one language after the other
    assert wrap("一二三四五。六", 10) == ["一二三四五。", "六"]  # no line starts with a full stop
    assert wrap("Deal 3 to a unit.", 8) == ["Deal 3", "to a", "unit."]


def test_repeated_rune_icons_read_as_a_count():
    assert parse_text("支付{{橙色}}{{橙色}}：强化我。", "zh").plain == "支付橙色符能×2：强化我。"
    assert parse_text(":rb_rune_body::rb_rune_body:: Empower me.", "en").plain == "Body rune×2: Empower me."


def test_a_name_table_gives_chinese_names_and_joins_chinese_errata(fresh, cli, tmp_path):
    en = tmp_path / "gallery.json"
    en.write_text(json.dumps({"cards": [en_card("TST-060/100", "Mirror Ward", "Spell", "1", None,
                                                text="[Reaction]\nCounter a spell.")]}), "utf-8")
    errata = tmp_path / "errata-zh-mirror-2026-03-01.txt"
    errata.write_text("镜盾\n[新文本]\n[反应]\n反制一个法术。\n▲\n[旧文本]\n[反应]\n反制一个技能。\n", "utf-8")
    names = tmp_path / "names.md"
    names.write_text("# names\n\n| Chinese | English | code |\n| --- | --- | --- |\n"
                     "| 镜盾 | Mirror Ward | TST-060 |\n| 无此卡 | Nothing | TST-099 |\n", "utf-8")
    for path in (en, errata):
        assert cli("import", str(path))[0] == 0
    code, out, _ = cli("import", str(names))
    assert code == 0 and "名称 2 条" in out
    code, out, _ = cli("card", "镜盾")
    assert out.startswith("TST-060  镜盾 · Mirror Ward")
    assert "【中文】镜盾\n  反应\n  反制一个法术。\n  印刷文本（勘误前，勘误日期 2026-03-01）：" in out
    code, out, _ = cli("cards", "info")
    assert "[alias] aliases-names 第 6 行：“无此卡”的编号 TST-099 不在已导入的卡牌中" in out


def test_a_long_list_is_cut_with_a_note(imported, cli, monkeypatch):
    from judgekit.cards import render

    monkeypatch.setattr(render, "LIST_LIMIT", 1)
    _code, out, _ = cli("card", "雷")
    assert "“雷”对应 2 张卡牌" in out and "TST-003" not in out
    assert "……只列出前 1 张；写得更具体些，或用 --json 列出全部" in out
    _code, out, _ = cli("card", "雷", "--json")
    assert [card["id"] for card in json.loads(out)] == ["TST-002", "TST-003"]


# -- card names in a search -----------------------------------------------------


def test_card_names_in_a_question_are_found_whole_with_their_facts(imported):
    found = cards().mentions("铁砧卫士和【星火术】同时在场，thunder, stormborn 呢")
    assert [(m.text, m.cards) for m in found] == [
        ("铁砧卫士", ("TST-001",)), ("星火术", ("TST-004",)), ("thunder, stormborn", ("TST-002",))]
    assert {"强攻", "Assault", "unit"} <= set(found[0].facts)
    assert {"迅捷", "Action", "spell"} <= set(found[1].facts)
    assert "壁垒" in found[2].facts


def test_a_card_printed_in_english_only_takes_its_chinese_name_from_the_catalogs(imported, cli, tmp_path):
    """Issue 18: a quoted card name resolved only when a Chinese printing or the 10-row name table named the card.
    Every card called Thunder printed in both languages is 雷鸣, so a Thunder printed in English only is 雷鸣 too;
    a quoted title no card data gives can only be that one's, the other 雷鸣 having theirs."""
    new = tmp_path / "gallery-en-new.json"
    new.write_text(json.dumps({"cards": [en_card("TST-060/100", "Thunder, Skybreaker", text="[Deflect]")]}), "utf-8")
    assert cli("import", str(new))[0] == 0
    assert [card.id for card in cards().find("雷鸣").cards] == ["TST-002", "TST-003", "TST-060"]
    found = cards().mentions("【雷鸣 - 破天者】和“雷鸣 - 风暴之子”同时在场")
    assert [(m.text, m.cards) for m in found] == [("雷鸣 - 破天者", ("TST-060",)), ("雷鸣 - 风暴之子", ("TST-002",))]
    assert "法盾" in found[0].facts
    assert cards().mentions("【星火术 - 破天者】") == []  # a name with no title anywhere takes none


def test_two_errata_lists_of_one_announcement_name_each_others_cards(imported, cli, tmp_path):
    """Issue 18: the Chinese list of an announcement names a card printed in English only by a Chinese name no
    card data gives; the English list of the same date names it in the same place, between the same known cards."""
    gallery = tmp_path / "gallery-en-heron.json"
    gallery.write_text(json.dumps({"cards": [en_card("TST-070/100", "Sky Heron", text="Draw 1.")]}), "utf-8")
    entry = "{name}\n[{new}]\n{text}\n▲\n[{old}]\n{was}\n"
    zh = tmp_path / "errata-zh-pair-2026-05-01.txt"
    zh.write_text("".join(entry.format(name=n, new="新文本", old="旧文本", text=t, was="无。") for n, t in (
        ("星火术", "造成5点伤害。"), ("示例鹭", "抽两张牌。"), ("雷鸣 - 风暴之子", "抽一张牌。"))) +
        "翻译优化\n" + entry.format(name="铁砧卫士", new="新文本", old="旧文本", text="抽一张牌。", was="无。"), "utf-8")
    en = tmp_path / "errata-en-pair.md"
    en.write_text("".join(entry.format(name=n, new="NEW TEXT", old="OLD TEXT", text=t, was="None.") for n, t in (
        ("Starfire", "Deal 5."), ("Sky Heron", "Draw 2."), ("Thunder, Stormborn", "Draw 1."))), "utf-8")
    for args in ([gallery], [zh], [en, "--date", "2026-05-01"]):
        assert cli("import", *map(str, args))[0] == 0
    heron = cards().view(cards().find("示例鹭").cards[0].id)
    assert heron.summary.id == "TST-070"
    assert [(t.language, t.current) for t in heron.texts] == [("zh", "抽两张牌。"), ("en", "Draw 2.")]
    assert cards().find("铁砧卫士").cards[0].id == "TST-001"  # the translation fix has no English twin: still its own


def test_game_terms_and_short_unquoted_names_are_no_card(imported):
    assert cards().mentions("雷鸣有几个版本", terms={"雷鸣"}) == []
    assert cards().mentions("星火") == []


@pytest.mark.parametrize("question", ["【星火术】什么时候能打出", "“Starfire” 什么时候能打出", "雷鳴 - 風暴之子能被选为目标吗"])
def test_a_question_naming_a_card_finds_the_rule_of_its_keyword(imported, cli, question):
    code, out, err = cli("search", question, "--kind", "rule", "--json")
    assert code == 0, err
    first = json.loads(out)[0]
    expected = "731" if "風暴" in question else "722"  # 壁垒 (Tank) / 迅捷 (Action) in the bundled zh-earlier
    assert first["ref"].split(".")[0] == expected and first["edition"] == "zh-earlier"


def test_without_cards_a_card_name_is_only_words(bundled, cli):
    code, out, _ = cli("search", "【星火术】什么时候能打出", "--kind", "rule", "--json")
    assert code == 0
    assert all(hit["ref"] != "722" for hit in json.loads(out)[:3])


def test_a_query_that_cannot_name_a_card_leaves_the_card_store_closed():
    from judgekit.cards.names import may_name_card

    assert not any(map(may_name_card, ["回响", "规则 820.1", "Assault", "回响 费用"]))
    assert all(map(may_name_card, ["【闪现】", "“Flash”", "星火术", "Anvil Guard"]))


def test_the_stored_trees_follow_the_compiler_code(tmp_path, monkeypatch):
    """An edited compiler or engine file makes cards.db stale, even without a version bump."""
    from judgekit.cards import registry

    source = tmp_path / "cardtext" / "zh.py"
    source.parent.mkdir()
    source.write_text("TEMPLATES = ()\n", encoding="utf-8")
    before = registry.compiler_signature(tmp_path)
    source.write_text("TEMPLATES = ('让{to}…',)\n", encoding="utf-8")
    assert registry.compiler_signature(tmp_path) != before

    workspace = Workspace(tmp_path / "cache", tmp_path / "data")
    stored = registry.fingerprint(workspace, [])
    monkeypatch.setattr(registry, "compiler_signature", lambda: before)
    assert registry.fingerprint(workspace, []) != stored


def test_the_facts_of_a_card_named_are_a_term_of_their_own(imported):
    """A card named is searched as its names; its keywords, type and tags are one more term, worth half a typed
    one (search.FACT_WEIGHT): a question may ask about the card's keyword, or about something else entirely."""
    from judgekit.index.search import FACT_WEIGHT, SearchIndex

    workspace = Workspace.default()
    index = SearchIndex.open(workspace, Store.open(workspace, load(workspace)))
    try:
        query = index.understood("【铁砧卫士】被摧毁后会去哪里", cards())
    finally:
        index.close()
    assert query.terms[0].alternatives == ("铁砧卫士", "Anvil Guard")
    assert {"强攻", "Assault", "unit"} <= set(query.facts) and "铁砧卫士" not in query.facts
    assert 0 < FACT_WEIGHT < 1
