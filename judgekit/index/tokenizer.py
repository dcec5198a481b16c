"""Chinese word segmentation for the search index: jieba, HMM off, trimmed dictionary.

jieba's full dictionary (349,000 words) takes about a second to load.  The
index is built and queried with a trimmed dictionary instead: jieba's most
frequent words, every word the full dictionary finds in the corpus, and the
game's own terms (结算链, 法术对决, 强力单位 …) with a frequency that keeps them
whole.  A padding entry keeps the dictionary's total frequency equal to the
full one, so words keep the probabilities jieba's segmenter compares.
"""

from __future__ import annotations

import logging
import re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from whoosh.analysis import LowercaseFilter, StemFilter, StopFilter, Token, Tokenizer

TOP_WORDS = 20_000
# A word that never occurs in text; it carries the padding frequency.
PADDING_WORD = "\ue000"
# Function words that only add noise to a query.
STOP_WORDS = frozenset(
    ["的", "了", "和", "与", "或", "是", "在", "为", "其", "之"]
    + ["a", "an", "and", "are", "as", "at", "be", "by", "for", "in", "is", "it", "of", "on", "or", "that", "the", "this", "to"]
)
_WORD = re.compile(r"\w", re.UNICODE)
_CHINESE_RUN = re.compile(r"[\u4e00-\u9fff]+")


def load_jieba():
    """Import jieba without pkg_resources, which it only needs for its data path.

    Importing pkg_resources costs ~70 ms; without it jieba falls back to reading
    its files next to its module, which is where they are.
    """
    blocked = "pkg_resources" not in sys.modules
    if blocked:
        sys.modules["pkg_resources"] = None  # makes "import pkg_resources" raise ImportError
    try:
        import jieba
    finally:
        if blocked:
            del sys.modules["pkg_resources"]
    # jieba logs one error, with a traceback: a prefix cache it could not write (a full disk).
    # The cache only saves time, and what judgekit cannot write itself it reports in Chinese.
    jieba.setLogLevel(logging.CRITICAL)
    return jieba


def open_segmenter(dictionary: Path):
    """A jieba tokenizer over *dictionary*, caching its prefix table next to it."""
    jieba = load_jieba()
    segmenter = jieba.Tokenizer(str(dictionary))
    segmenter.tmp_dir = str(dictionary.parent)
    segmenter.initialize()
    return segmenter


def has_chinese(text: str) -> bool:
    """Whether *text* has anything the trimmed dictionary is made from."""
    return _CHINESE_RUN.search(text) is not None


def build_dictionary(texts: Iterable[str], terms: Iterable[str], path: Path, jieba_cache: Path) -> int:
    """Write the trimmed dictionary for *texts* and game *terms* to *path*; returns its size.

    *jieba_cache* keeps jieba's prefix table of the full dictionary between builds.
    """
    jieba = load_jieba()
    full_path = Path(jieba.__file__).parent / "dict.txt"
    frequency: dict[str, int] = {}
    with full_path.open(encoding="utf-8") as lines:
        for line in lines:
            word, count = line.split(" ")[:2]
            frequency[word] = int(count)
    total = sum(frequency.values())
    full = jieba.Tokenizer(str(full_path))
    jieba_cache.mkdir(parents=True, exist_ok=True)
    full.tmp_dir = str(jieba_cache)

    keep = {word: frequency[word] for word in sorted(frequency, key=frequency.get, reverse=True)[:TOP_WORDS]}
    for text in texts:
        for run in _CHINESE_RUN.findall(text):  # only Chinese needs the dictionary
            for word in full.cut(run, HMM=False):
                if word in frequency:
                    keep[word] = frequency[word]
    for term in terms:
        # suggest_freq: the frequency at which the full dictionary keeps *term* whole.
        keep[term] = max(keep.get(term, 0), full.suggest_freq(term, tune=False) * 2)
    padding = total - sum(keep.values())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for word, count in keep.items():
            out.write(f"{word} {count}\n")
        if padding > 0:
            out.write(f"{PADDING_WORD} {padding}\n")
    return len(keep)


def game_terms(headings: Iterable[str], texts: Iterable[str]) -> set[str]:
    """Chinese terms to keep whole: headings and breadcrumbs, [关键词] and “quoted names” in texts."""
    terms = {term for heading in headings for term in re.findall(r"[\u4e00-\u9fff]{2,8}", heading)}
    for text in texts:
        terms.update(re.findall(r"[\[“]([\u4e00-\u9fff]{2,8})[\]”]", text))
    return terms


class JiebaTokenizer(Tokenizer):
    """A whoosh tokenizer over jieba: whole words in queries, words and their parts in the index."""

    def __init__(self, dictionary: str):
        self.dictionary = dictionary
        self._segmenter = None

    def __getstate__(self):
        return {"dictionary": self.dictionary}  # the index stores the analyzer; not jieba's tables

    def __setstate__(self, state):
        self.dictionary = state["dictionary"]
        self._segmenter = None

    def __eq__(self, other):
        return isinstance(other, JiebaTokenizer) and other.dictionary == self.dictionary

    def segmenter(self):
        if self._segmenter is None:
            self._segmenter = open_segmenter(Path(self.dictionary))
        return self._segmenter

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        value = unicodedata.normalize("NFKC", value)
        pieces = (
            self.segmenter().tokenize(value, mode="search" if mode == "index" else "default", HMM=False)
            if tokenize
            else [(value, 0, len(value))]
        )
        position = start_pos
        for word, start, end in pieces:
            if not _WORD.search(word):
                continue
            token.text = word
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = word
            if positions:
                token.pos = position
                position += 1
            if chars:
                token.startchar = start_char + start
                token.endchar = start_char + end
            yield token


def analyzer(dictionary: Path):
    return (
        JiebaTokenizer(str(dictionary)) | LowercaseFilter() | StopFilter(stoplist=STOP_WORDS, minsize=1) | StemFilter()
    )
