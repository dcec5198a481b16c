"""Rule lookup in the store: editions kept apart, subtrees, nearest numbers, rebuilds."""

import pytest

from judgekit.corpus import load
from judgekit.corpus.importer import import_document
from judgekit.errors import UnknownEditionError, UnknownFaqError, UnknownRuleError
from judgekit.index.rebuild import rebuild_for
from judgekit.index.store import Store
from judgekit.refs import RuleNumberError


def flatten(nodes):
    for node in nodes:
        yield node.ref
        yield from flatten(node.children)


def test_current_edition_first(store):
    view = store.rule("820.1")
    assert view.edition.id == "zh-2026-10-10"
    assert view.breadcrumb == ("回响",)
    assert view.text == "[回响]是一种可选额外费用关键词。"


def test_subtree(store):
    view = store.rule("820.1")
    assert list(flatten(view.children)) == [
        "820.1.a", "820.1.b", "820.1.c", "820.1.c.2", "820.1.c.3", "820.1.d", "820.1.d.1",
    ]
    assert [n.ref for n in view.children[2].children] == ["820.1.c.2", "820.1.c.3"]


def test_heading_children_are_the_rules_it_groups(store):
    view = store.rule("701")
    assert view.edition.id == "zh-earlier" and view.title == "增益"
    assert [n.ref for n in view.children] == ["702", "703", "704", "705"]
    assert [n.ref for n in view.children[0].children] == ["702.1", "702.2", "702.3"]


def test_editions_stay_apart(store):
    """723 is 强攻 in the earlier edition and absent from the current one: never mixed."""
    assert store.rule("723").edition.id == "zh-earlier"
    with pytest.raises(UnknownRuleError):
        store.rule("723", edition="zh-2026-10-10")
    with pytest.raises(UnknownEditionError, match="未知版本"):
        store.rule("820.1", edition="zh-1999")


def test_number_with_only_descendants(store):
    view = store.rule("103.3")
    assert not view.present
    assert list(flatten(view.children)) == ["103.3.a.2", "103.3.b.2", "103.3.d.2"]


def test_unknown_number_names_the_nearest(store):
    with pytest.raises(UnknownRuleError) as error:
        store.rule("820.10")
    message = str(error.value)
    assert "820.10 不在本地语料中" in message
    assert "820.3、820.4" in message


def test_unknown_number_cited_by_the_faq_says_so(store):
    with pytest.raises(UnknownRuleError, match="FAQ 2、21 按 zh-2026-07-17 的编号引用了 359.3.f.3"):
        store.rule("359.3.f.3")


def test_invalid_number(store):
    with pytest.raises(RuleNumberError):
        store.rule("820.x")


def test_faq_citations_without_local_rules_are_unresolved(store):
    entry = store.faq(3)
    assert [(c.ref, c.edition, c.resolved) for c in entry.citations] == [
        ("370.1", "zh-2026-07-17", ()),
        ("370.1.b", "zh-2026-07-17", ()),
    ]
    with pytest.raises(UnknownFaqError, match="共有 32 条"):
        store.faq(33)


# -- imports: a document of the FAQ's numbering, a renumbered edition ---------

SAME_NUMBERING_AS_FAQ = """\
《符文战场》核心规则 · 最后更新 2026-07-17
370.1
所属：替换效果
替换效果会替换一个事件。
370.1.b
所属：替换效果
替换后的事件会继承原事件受到的调整。
"""

WITH_820_10 = """\
820.1
所属：回响
[回响]是一种关键词。
820.1.a
所属：回响
子规则。
820.10
所属：回响
另一条规则。
"""


def _import(workspace, text, edition, tmp_path, name="doc.txt", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return import_document(
        workspace, path, edition,
        rebuild=lambda corpus: rebuild_for(workspace, corpus), **options,
    )


def test_imported_rules_resolve_faq_citations_and_list_their_faq(fresh, tmp_path):
    _import(fresh, SAME_NUMBERING_AS_FAQ, "zh-2026-07-17", tmp_path)
    store = Store.open(fresh, load(fresh))
    entry = store.faq(3)
    assert [r.text for c in entry.citations for r in c.resolved] == [
        "替换效果会替换一个事件。", "替换后的事件会继承原事件受到的调整。",
    ]
    view = store.rule("370.1")
    assert view.edition.id == "zh-2026-07-17"
    assert [(f.id, f.cited_as) for f in view.cited_by] == [(3, "370.1、370.1.b"), (8, "370.1.b.1、370.1.a.2")]


def test_subtree_of_820_1_excludes_820_10(fresh, tmp_path):
    _import(fresh, WITH_820_10, "zh-test", tmp_path, date="2026-01-01")
    store = Store.open(fresh, load(fresh))
    view = store.rule("820.1", edition="zh-test")
    assert list(flatten(view.children)) == ["820.1.a"]
    assert store.rule("820.10").edition.id == "zh-test"
    assert view.also_in == ("zh-2026-10-10",)  # same number, another edition: listed, never merged
    assert store.rule("820.1").edition.id == "zh-2026-10-10"


def test_store_is_rebuilt_when_an_imported_source_changes(fresh, tmp_path):
    result = _import(fresh, WITH_820_10, "zh-test", tmp_path, date="2026-01-01")
    store = Store.open(fresh, load(fresh))
    assert store.rule("820.10", edition="zh-test").text == "另一条规则。"
    result.source.path.write_text(WITH_820_10.replace("另一条规则。", "改过的规则。"), encoding="utf-8")
    store = Store.open(fresh, load(fresh))
    assert store.rule("820.10", edition="zh-test").text == "改过的规则。"


def test_failed_rebuild_rolls_the_import_back(fresh, tmp_path):
    path = tmp_path / "doc.txt"
    path.write_text(WITH_820_10, encoding="utf-8")

    def broken(corpus):
        raise OSError("disk full")

    with pytest.raises(OSError):
        import_document(fresh, path, "zh-test", rebuild=broken)
    assert [s.id for s in load(fresh).sources if s.origin == "imported"] == []
    assert not any(fresh.imports.glob("zh-test-*"))


def test_a_changed_judge_vocabulary_makes_the_index_stale(fresh, tmp_path, monkeypatch):
    """vocabulary.toml decides which words the tokenizer keeps whole, so the index depends on it."""
    import shutil

    from judgekit.corpus import sources

    root = tmp_path / "bundled"
    for name in sources.BUNDLED_FOLDERS:
        shutil.copytree(sources.bundled_root() / name, root / name)
    monkeypatch.setattr(sources, "bundled_root", lambda: root)
    before = sources.load(fresh).fingerprint
    vocabulary = root / "rules_corpus" / "vocabulary.toml"
    vocabulary.write_text(vocabulary.read_text(encoding="utf-8") + "\n# a judge's note\n", encoding="utf-8")
    assert sources.load(fresh).fingerprint != before
