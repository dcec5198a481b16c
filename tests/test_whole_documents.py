"""Issue 18: an import keeps every document whole — a file of several FAQs is several documents, a document
already in the store is not kept twice, and a folder import parses each file once."""

from __future__ import annotations

from pathlib import Path

from conftest import FAQ, read

from judgekit.corpus import load
from judgekit.corpus.parsecache import FOLDER
from judgekit.corpus.parsers import parse
from judgekit.index.tokenizer import build_dictionary

# Two invented FAQs in one Markdown file, each under its own heading and date.
QUESTIONS = "".join(f"**Can the sample unit {n} move twice?**\n\nNo, sample unit {n} moves once.\n\nRelevant Rules: 144.\n\n"
                    for n in range(4))
TWO_FAQS = (
    "# Sample FAQs, collected\n\nThis file gathers two FAQs.\n\n"
    f"# sample-later-faq\n\n*Published 2026-10-20.*\n\nThe later FAQ.\n\n{QUESTIONS}"
    f"# sample-earlier-faq\n\n*Published 2026-08-14.*\n\nThe earlier FAQ.\n\n{QUESTIONS.replace('sample unit', 'test unit')}"
)


def test_a_file_of_two_faqs_is_two_documents_each_with_its_date_and_numbering(fresh, cli, tmp_path):
    path = tmp_path / "two-faqs.md"
    path.write_text(TWO_FAQS, encoding="utf-8")
    code, out, err = cli("import", str(path))
    assert code == 0, err
    imported = [s for s in load(fresh).sources if s.origin == "imported"]
    # Each cites the rules of its own date: the newest edition dated on or before it.
    assert sorted((s.edition, s.id.endswith("sample-earlier-faq"), s.id.endswith("sample-later-faq")) for s in imported) == [
        ("zh-2026-07-17", True, False), ("zh-2026-10-10", False, True)]
    assert all(s.read_text().count("Relevant Rules") == 4 for s in imported)
    code, out, _ = cli("faq", "list", "--json")
    assert code == 0 and out.count("sample unit") > 0


def test_a_plain_text_file_of_two_faqs_is_two_documents(fresh, cli, tmp_path):
    """Issue 18: the same two FAQs saved as plain text (no Markdown headings) were filed whole under one date."""
    plain = TWO_FAQS.replace("# ", "").replace("*Published", "Published").replace(".*", ".")
    path = tmp_path / "two-faqs.txt"
    path.write_text(plain, encoding="utf-8")
    code, _, err = cli("import", str(path))
    assert code == 0, err
    imported = [s for s in load(fresh).sources if s.origin == "imported"]
    assert sorted(s.edition for s in imported) == ["zh-2026-07-17", "zh-2026-10-10"]


def test_one_faq_whose_answers_mention_dates_stays_one_document():
    from judgekit.corpus.parsers.faq import faq_parts

    text = ("Sample FAQ\nLast Updated: 2026-10-20\n\nCan a unit move twice?\n\nNo.\n\n"
            "Is the errata in force?\n\nUpdated 2026-09-01: yes, since that date.\n")
    assert faq_parts(text) == []


def test_a_folder_import_keeps_each_parse_for_the_next_rebuild(fresh, cli, tmp_path):
    path = tmp_path / "two-faqs.md"
    path.write_text(TWO_FAQS, encoding="utf-8")
    assert cli("import", str(path))[0] == 0
    kept = sorted(p.name for p in (fresh.cache / FOLDER).iterdir())
    assert len(kept) == len(load(fresh).sources)  # every source's parse, and nothing else
    assert cli("index", "rebuild")[0] == 0
    assert sorted(p.name for p in (fresh.cache / FOLDER).iterdir()) == kept


def test_the_dictionary_made_from_kept_cuts_is_the_one_made_afresh(tmp_path):
    texts = ["回响与强攻在法术对决中。", "English only.", "结算链上的“象征符号”。"]
    build_dictionary(texts, {"象征符号"}, tmp_path / "fresh.txt", tmp_path / "cache")
    build_dictionary(texts, {"象征符号"}, tmp_path / "kept.txt", tmp_path / "cache")
    (tmp_path / "cache" / "words.pickle").write_bytes(b"damaged")
    build_dictionary(texts, {"象征符号"}, tmp_path / "again.txt", tmp_path / "cache")
    fresh = (tmp_path / "fresh.txt").read_text(encoding="utf-8")
    assert "象征符号" in fresh and "法术" in fresh
    assert (tmp_path / "kept.txt").read_text(encoding="utf-8") == fresh == (tmp_path / "again.txt").read_text(encoding="utf-8")


def _relaid(questions: list[tuple[str, str]], marks=("问：", "答：")) -> str:
    """The same entries in another layout: marked questions and answers, wrapped at 12 characters."""
    def wrapped(text: str) -> str:
        return "\n".join(text[i:i + 12] for i in range(0, len(text), 12))
    body = "".join(f"{marks[0]}{wrapped(q)}\n{marks[1]}{wrapped(a)}\n\n" for q, a in questions)
    return f"测试 FAQ\n更新日期：2026-10-20\n\n{body}"


SAMPLE_ENTRIES = [(f"测试单位{n}在同一回合里可以移动两次吗？", f"不可以，测试单位{n}每回合只能移动一次。") for n in range(6)]


def test_the_bundled_faq_again_in_another_layout_is_refused(fresh, cli, tmp_path):
    bundled = parse(read(FAQ / "zh-vendetta-faq.txt"))
    path = tmp_path / "vendetta-again.txt"
    path.write_text(_relaid([(e.question, e.answer) for e in bundled.faqs]), encoding="utf-8")
    code, _, err = cli("import", str(path))
    assert code == 1 and "faq-vendetta-zh" in err and "同一份 FAQ" in err
    assert [s.id for s in load(fresh).sources if s.kind == "faq"] == ["faq-vendetta-zh"]


def test_an_imported_faq_again_in_another_layout_is_refused_or_replaces_its_twin(fresh, cli, tmp_path):
    first, again = tmp_path / "sample-faq.txt", tmp_path / "sample-faq-pdf.txt"
    first.write_text(_relaid(SAMPLE_ENTRIES, ("Q：", "A：")), encoding="utf-8")
    edited = [(q.replace("里", "中"), a) for q, a in SAMPLE_ENTRIES]  # lightly edited, as a PDF version is
    again.write_text(_relaid(edited), encoding="utf-8")
    assert cli("import", str(first))[0] == 0
    code, _, err = cli("import", str(again))
    assert code == 1 and "同一份 FAQ" in err and "--replace" in err
    twin = next(s.id for s in load(fresh).sources if s.origin == "imported")
    code, out, _ = cli("import", str(again), "--replace")
    assert code == 0 and f"替换了同一份 FAQ 的旧导入 {twin}" in out  # says which document it replaced
    imported = [s for s in load(fresh).sources if s.origin == "imported"]
    assert [s.imported_from for s in imported] == [str(again.resolve())]
    different = tmp_path / "other-faq.txt"
    different.write_text(_relaid([(q.replace("移动两次", "攻击"), a) for q, a in SAMPLE_ENTRIES[:3]]
                                 + [(f"另一个问题{n}会怎样？", "照常结算。") for n in range(3)]), encoding="utf-8")
    assert cli("import", str(different))[0] == 0  # half its questions are new: another FAQ


def test_the_traditional_character_edition_of_an_imported_faq_is_its_twin(fresh, cli, tmp_path):
    """Issue 18: an FAQ in Traditional characters was kept beside its Simplified edition (the same entries twice)."""
    from judgekit.chinese import to_simplified

    simplified, traditional = tmp_path / "sample-faq.txt", tmp_path / "sample-faq-traditional.txt"
    simplified.write_text(_relaid(SAMPLE_ENTRIES), encoding="utf-8")
    written = _relaid([(f"測試單位{n}在同一回合裡可以移動兩次嗎？", "不可以。") for n in range(6)])
    assert to_simplified(written).count("测试单位") == 6  # the same questions, in the other script
    traditional.write_text(written, encoding="utf-8")
    assert cli("import", str(simplified))[0] == 0
    code, _, err = cli("import", str(traditional))
    assert code == 1 and "同一份 FAQ（6 个问题中 6 个相同" in err


def test_a_folder_of_card_files_builds_the_card_store_once(fresh, cli, tmp_path, monkeypatch):
    """Issue 18: a folder import built the card store again for each errata list."""
    from judgekit.cards import importer

    builds = []
    build = importer.build_cards
    monkeypatch.setattr(importer, "build_cards", lambda *args: builds.append(args) or build(*args))
    folder = tmp_path / "errata"
    folder.mkdir()
    for n in range(3):
        (folder / f"errata-zh-test-2026-01-0{n + 1}.txt").write_text(f"测试卡{n}\n[新文本]\n新的文字。\n▲\n[旧文本]\n旧的文字。\n注：只是测试。\n",
                                                     encoding="utf-8")
    code, out, err = cli("import", str(folder))
    assert code == 0, err
    assert sum(line.startswith("已导入") for line in out.splitlines()) == 3 and len(builds) == 1


def test_two_layouts_of_one_faq_in_one_folder_are_kept_once(fresh, cli, tmp_path):
    """Issue 18: the twin check looked only at the store, so a folder holding one FAQ in two layouts kept both."""
    folder = tmp_path / "faqs"
    folder.mkdir()
    (folder / "sample-faq-a.txt").write_text(_relaid(SAMPLE_ENTRIES, ("Q：", "A：")), encoding="utf-8")
    (folder / "sample-faq-b.txt").write_text(_relaid([(q.replace("里", "中"), a) for q, a in SAMPLE_ENTRIES]),
                                             encoding="utf-8")
    code, _, err = cli("import", str(folder))
    assert code == 1  # one file refused
    assert "sample-faq-b.txt" in err and "sample-faq-a.txt" in err and "同一份 FAQ" in err
    imported = [s for s in load(fresh).sources if s.origin == "imported"]
    assert [Path(s.imported_from).name for s in imported] == ["sample-faq-a.txt"]


def test_a_malformed_faq_is_refused_with_where_it_goes_wrong(fresh, cli, tmp_path):
    """A refused FAQ names the lines it could not read (questions without answers), not only the counts."""
    path = tmp_path / "broken-faq.txt"
    questions = "".join(f"问：测试单位{n}可以攻击两次吗？\n" for n in range(4))
    path.write_text(f"测试 FAQ\n更新日期：2026-10-20\n\n{questions}答：不可以。\n", encoding="utf-8")
    code, _, err = cli("import", str(path))
    assert code == 1 and "不像 FAQ 文档" in err and "broken-faq.txt" in err
    assert "第 4 行：问题没有答案" in err and "第 6 行：问题没有答案" in err and "第 7 行" not in err
    assert not [s for s in load(fresh).sources if s.origin == "imported"]


def test_a_lone_dash_between_entries_is_no_part_of_either():
    """The Unleashed FAQ's last ruling ended with “–”, the dash separating it from the next topic."""
    text = "测试 FAQ\n更新日期：2026-10-20\n\n" + "".join(
        f"测试单位{n}在同一回合里可以移动两次吗？\n\n不可以。\n\n测试单位{n}每回合只能移动一次。\n\n{dash}\n\n"
        for n, dash in enumerate(["–", "—", "―", "——"]))
    doc = parse(text)
    assert len(doc.faqs) == 4 and doc.problems == []
    assert [e.explanation for e in doc.faqs] == [(f"测试单位{n}每回合只能移动一次。",) for n in range(4)]


def test_the_full_dictionary_is_written_once_and_each_build_writes_only_its_cuts(tmp_path):
    """The full dictionary's 350,000 frequencies were pickled again with every build (about 0.2 s of an import)."""
    cache = tmp_path / "cache"
    build_dictionary(["回响与强攻在法术对决中。"], {"法术对决"}, tmp_path / "first.txt", cache)
    static = cache / "dictionary.pickle"
    written = static.stat().st_mtime_ns
    build_dictionary(["回响与强攻在法术对决中。", "结算链上的“象征符号”。"], {"象征符号"}, tmp_path / "second.txt", cache)
    assert static.stat().st_mtime_ns == written
    assert (cache / "words.pickle").stat().st_size * 20 < static.stat().st_size
    assert "象征符号" in (tmp_path / "second.txt").read_text(encoding="utf-8")
