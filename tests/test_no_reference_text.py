"""No text of the third-party reference documents in the project (the hard rule of PROTOCOL/README).

Every text file of ../shared/reference (cards, rules, FAQs, tournament rules) is cut into shingles: runs of
14 consecutive English words and of 28 consecutive Chinese characters.  Every file of the repository is cut
the same way, and any shingle it shares with a reference document is a finding; overlapping findings are
reported as one run, with the file and line where it starts.

Normalising first keeps the comparison about words, not typography: English is lowercased words only (icons
such as :rb_energy_1: or ①, brackets, punctuation and numbers dropped), Chinese is its CJK characters, read
across punctuation, digits and symbols but cut by a Latin word (the code between the pieces of a template, such
as ``{cost}``, is no Chinese text).  A JSON reference file is the strings it holds, each on its own, so a run never
joins two fields.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"
SEEDS = ROOT.parent / "shared" / "seeds"  # the documents the project was created from: the bundled corpus is them

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference is not present on this machine")

ENGLISH_RUN = 14
CHINESE_RUN = 28

WORD = re.compile(r"[a-z]+(?:'[a-z]+)*")
CJK_OR_LATIN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[A-Za-z]+")
LATIN_BREAK = "|"  # a Latin word inside Chinese text: no shingle of the reference spans one, so none in the repo matches
ICON = re.compile(r":[a-z0-9_]+:")  # the card sites' symbols (:rb_energy_1:), not words
HTML_TAG = re.compile(r"<[^>]+>")
APOSTROPHES = str.maketrans({"’": "'", "‘": "'"})


def english_words(text: str) -> list[str]:
    return WORD.findall(ICON.sub(" ", text.lower().translate(APOSTROPHES)))


def chinese_characters(text: str) -> str:
    return "".join(LATIN_BREAK if match[0].isascii() else match[0] for match in CJK_OR_LATIN.finditer(text))


# -- the reference ----------------------------------------------------------------


def json_strings(value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)


def reference_segments(path: Path) -> Iterator[str]:
    """The runs of text of one reference file that a copied passage could come from."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        for string in json_strings(json.loads(text)):
            yield HTML_TAG.sub(" ", string)
    else:
        yield text


def reference_shingles() -> tuple[set[int], set[int]]:
    """Hashes of every English and Chinese shingle of the reference documents that the seeds do not hold too
    (the bundled corpus, and the tests and docs that quote it, are built from the seeds)."""
    english, chinese = shingles_of(REFERENCE)
    seed_english, seed_chinese = shingles_of(SEEDS)
    return english - seed_english, chinese - seed_chinese


def shingles_of(folder: Path) -> tuple[set[int], set[int]]:
    english: set[int] = set()
    chinese: set[int] = set()
    if not folder.is_dir():
        return english, chinese
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        for segment in reference_segments(path):
            words = english_words(segment)
            english.update(hash(tuple(words[i : i + ENGLISH_RUN])) for i in range(len(words) - ENGLISH_RUN + 1))
            for piece in chinese_characters(segment).split(LATIN_BREAK):
                chinese.update(hash(piece[i : i + CHINESE_RUN]) for i in range(len(piece) - CHINESE_RUN + 1))
    return english, chinese


# -- the repository ---------------------------------------------------------------


def repository_texts() -> Iterator[tuple[str, str]]:
    """(path, text) of every text file git tracks, or would track (new files not yet added count too)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode("utf-8")
    for name in sorted(set(filter(None, listing.split("\0")))):
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary (a compiled catalogue, an image)
        try:
            yield name, data.decode("utf-8")
        except UnicodeDecodeError:
            continue


def tokens_with_lines(text: str, tokenize) -> tuple[list, list[int]]:
    """The tokens of *text* (words, or characters) and the line number of each."""
    tokens: list = []
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        found = tokenize(line)
        tokens.extend(found)
        lines.extend([number] * len(found))
    return tokens, lines


def shared_runs(tokens, lines: list[int], size: int, shingles: set[int], key) -> Iterator[tuple[int, list]]:
    """(line, tokens) of each maximal run of *tokens* made of shingles found in *shingles*."""
    start = end = None
    for i in range(len(tokens) - size + 1):
        if key(tokens[i : i + size]) not in shingles:
            continue
        if end is not None and i <= end:
            end = i + size
            continue
        if start is not None:
            yield lines[start], tokens[start:end]
        start, end = i, i + size
    if start is not None:
        yield lines[start], tokens[start:end]


def findings() -> list[str]:
    english, chinese = reference_shingles()
    found = []
    for name, text in repository_texts():
        words, word_lines = tokens_with_lines(text, english_words)
        for line, run in shared_runs(words, word_lines, ENGLISH_RUN, english, lambda s: hash(tuple(s))):
            found.append(f"{name}:{line}: {len(run)} words: {' '.join(run)}")
        characters, character_lines = tokens_with_lines(text, chinese_characters)
        for line, run in shared_runs(characters, character_lines, CHINESE_RUN, chinese, lambda s: hash("".join(s))):
            found.append(f"{name}:{line}: {len(run)} characters: {''.join(run)}")
    return found


def test_no_run_of_reference_text_in_the_repository():
    found = findings()
    assert not found, (
        f"{len(found)} runs of text copied from ../shared/reference (write it in your own words, or read the "
        "real text from the reference and skip without it):\n" + "\n".join(found)
    )


# -- the scanner itself -----------------------------------------------------------


def test_a_run_is_found_across_lines_punctuation_and_icons():
    words = english_words("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen")
    shingles = {hash(tuple(words[i : i + ENGLISH_RUN])) for i in range(2)}
    text = "x = 1  # One, two: three four five six\n# seven eight :rb_energy_1: nine ten eleven twelve\n" \
           '"thirteen" "fourteen" fifteen sixteen'
    tokens, lines = tokens_with_lines(text, english_words)
    runs = list(shared_runs(tokens, lines, ENGLISH_RUN, shingles, lambda s: hash(tuple(s))))
    assert runs == [(1, words)]


def test_thirteen_shared_words_are_not_a_run():
    words = english_words("a b c d e f g h i j k l m n")
    shingles = {hash(tuple(words))}
    tokens, lines = tokens_with_lines("a b c d e f g h i j k l m z", english_words)
    assert list(shared_runs(tokens, lines, ENGLISH_RUN, shingles, lambda s: hash(tuple(s)))) == []


def test_chinese_is_compared_on_its_characters_alone_a_latin_word_cutting_it():
    assert chinese_characters("当你打出此牌时，抽1张牌。（Draw）") == "当你打出此牌时抽张牌|"
    assert chinese_characters('f"如果你{cost}，则"') == "|如果你|则"
