"""Chinese word segmentation for the search index: jieba, HMM off, trimmed dictionary.

jieba's full dictionary (349,000 words) takes about a second to load.  The
index is built and queried with a trimmed dictionary instead: jieba's most
frequent words, every word the full dictionary finds in the corpus, and the
game's own terms (结算链, 法术对决, 强力单位 …) with a frequency that keeps them
whole.  A padding entry keeps the dictionary's total frequency equal to the
full one, so words keep the probabilities jieba's segmenter compares.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import re
import sys
import tempfile
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from whoosh.analysis import Filter, LowercaseFilter, StemFilter, StopFilter, Token, Tokenizer

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
_SHORT_WORD = 8  # words of the full dictionary up to this long are looked up by slicing; the few longer by prefix


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

    *jieba_cache* keeps, between builds, what the full dictionary made of each text and term
    (see _FullDictionary): an import cuts only its own texts.
    """
    full = _FullDictionary(jieba_cache)
    texts, terms = list(texts), list(terms)
    frequency = full.frequency
    keep = {word: frequency[word] for word in full.top}
    with full.cutting(texts, terms):
        for text in texts:
            for word in full.words_of(text):
                keep[word] = frequency[word]
        for term in terms:
            # suggest_freq: the frequency at which the full dictionary keeps *term* whole.
            keep[term] = max(keep.get(term, 0), full.suggested(term) * 2)
    full.save()
    padding = full.total - sum(keep.values())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for word, count in keep.items():
            out.write(f"{word} {count}\n")
        if padding > 0:
            out.write(f"{PADDING_WORD} {padding}\n")
    return len(keep)


class _FullDictionary:
    """jieba's full dictionary, and what it made of the texts and terms of earlier builds.

    Kept in *folder* under the full dictionary's size and date: the word frequencies and the
    most frequent words (``dictionary.pickle``, written once: it is most of the bytes), the
    dictionary words of each text (by digest; only the texts of the latest build are kept) and
    the suggested frequency of each term (``words.pickle``, written with every build).

    What is not kept is cut by a jieba over just the full dictionary's words found inside it
    (with a padding entry keeping the full total): jieba's cut of a text depends only on the
    dictionary words the text holds and on the total, so it cuts as the full dictionary does,
    without loading the full dictionary's prefix table (a second).
    """

    STAMP = 3  # the layout of dictionary.pickle and words.pickle
    STATIC = "dictionary.pickle"
    CUTS = "words.pickle"

    def __init__(self, folder: Path):
        self.jieba = load_jieba()
        self.source = Path(self.jieba.__file__).parent / "dict.txt"
        self.folder = folder
        self.stamp = (self.source.stat().st_size, self.source.stat().st_mtime_ns, TOP_WORDS, self.STAMP)
        kept = self._load(self.STATIC)
        self.written = kept is not None  # the static part is on disk already
        if kept is None:
            frequency: dict[str, int] = {}
            total = 0  # jieba's total counts every line, a word listed twice twice
            with self.source.open(encoding="utf-8") as lines:
                for line in lines:
                    word, count = line.split(" ")[:2]
                    frequency[word] = int(count)
                    total += int(count)
            top = sorted(frequency, key=frequency.get, reverse=True)[:TOP_WORDS]
            longer: dict[str, list[str]] = {}
            for word in frequency:
                if len(word) > _SHORT_WORD:
                    longer.setdefault(word[:_SHORT_WORD], []).append(word)
            kept = {"stamp": self.stamp, "frequency": frequency, "total": total, "top": top, "long": longer}
        cuts = self._load(self.CUTS)
        if not (cuts and isinstance(cuts.get("texts"), dict) and isinstance(cuts.get("terms"), dict)):
            cuts = {"texts": {}, "terms": {}}
        self.kept = kept | {"texts": cuts["texts"], "terms": cuts["terms"]}
        self.frequency: dict[str, int] = kept["frequency"]
        self.top: list[str] = kept["top"]
        self.total = sum(self.frequency.values())
        self.used: dict[bytes, tuple[str, ...]] = {}
        self._tokenizer = None

    def _load(self, name: str) -> dict | None:
        try:
            with (self.folder / name).open("rb") as file:
                kept = pickle.load(file)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError, ValueError):
            return None
        return kept if isinstance(kept, dict) and kept.get("stamp") == self.stamp else None

    @staticmethod
    def _runs(text: str) -> list[str]:
        return _CHINESE_RUN.findall(text)

    @staticmethod
    def _digest(runs: list[str]) -> bytes:
        return hashlib.blake2b("\n".join(runs).encode("utf-8"), digest_size=16).digest()

    @contextlib.contextmanager
    def cutting(self, texts: list[str], terms: list[str]):
        """Within this, words_of and suggested can cut what is not kept: a jieba over the words it needs."""
        pieces = [run for text in texts if (runs := self._runs(text)) and self._digest(runs) not in self.kept["texts"]
                  for run in runs]
        pieces += [term for term in terms if term not in self.kept["terms"]]
        if not pieces:
            yield
            return
        with tempfile.TemporaryDirectory(prefix="judgekit-jieba-") as scratch:
            needed = self._words_inside(pieces)
            dictionary = Path(scratch) / "needed.txt"
            with dictionary.open("w", encoding="utf-8") as out:
                out.writelines(f"{word} {count}\n" for word, count in needed.items())
                out.write(f"{PADDING_WORD} {self.kept['total'] - sum(needed.values())}\n")
            self._tokenizer = self.jieba.Tokenizer(str(dictionary))
            self._tokenizer.tmp_dir = scratch
            try:
                yield
            finally:
                self._tokenizer = None

    def _words_inside(self, pieces: list[str]) -> dict[str, int]:
        """Every word of the full dictionary that stands inside one of *pieces*, with its frequency."""
        frequency, longer, needed = self.frequency, self.kept["long"], {}
        for piece in pieces:
            size = len(piece)
            for start in range(size):
                for end in range(start + 1, min(size, start + _SHORT_WORD) + 1):
                    if (word := piece[start:end]) in frequency:
                        needed[word] = frequency[word]
                for word in longer.get(piece[start:start + _SHORT_WORD], ()):
                    if piece.startswith(word, start):
                        needed[word] = frequency[word]
        return needed

    def words_of(self, text: str) -> tuple[str, ...]:
        """The full dictionary's words in *text*'s Chinese (only Chinese needs the dictionary)."""
        runs = self._runs(text)
        if not runs:
            return ()
        digest = self._digest(runs)
        words = self.used.get(digest, self.kept["texts"].get(digest))
        if words is None:
            cut = (word for run in runs for word in self._tokenizer.cut(run, HMM=False))
            words = tuple(dict.fromkeys(word for word in cut if word in self.frequency))
        self.used[digest] = words
        return words

    def suggested(self, term: str) -> int:
        if term not in self.kept["terms"]:
            self.kept["terms"][term] = self._tokenizer.suggest_freq(term, tune=False)
        return self.kept["terms"][term]

    def save(self) -> None:
        """Keep this build's texts (and every term: there are few); a cache that cannot be written only costs time."""
        self.kept["texts"] = self.used
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.written:
                static = {key: self.kept[key] for key in ("stamp", "frequency", "total", "top", "long")}
                self._write(self.STATIC, static)
                self.written = True
            self._write(self.CUTS, {"stamp": self.stamp, "texts": self.kept["texts"], "terms": self.kept["terms"]})
        except OSError:
            pass

    def _write(self, name: str, kept: dict) -> None:
        partial = self.folder / f"{name}.{os.getpid()}.partial"
        with partial.open("wb") as file:
            pickle.dump(kept, file, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(self.folder / name)


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


# English verbs the stemmer cannot bring to their base form, as the rules write them (paid 61 times, chosen 85, dealt
# 39, won a combat): a question asking to pay or to win finds them.  Hidden is a keyword, never “hide”.
IRREGULAR = {
    "won": "win", "lost": "lose", "paid": "pay", "dealt": "deal", "chose": "choose", "chosen": "choose",
    "took": "take", "taken": "take", "gave": "give", "given": "give", "drew": "draw", "drawn": "draw",
    "made": "make", "spent": "spend", "held": "hold", "became": "become", "began": "begin", "begun": "begin",
    "kept": "keep", "sent": "send", "found": "find", "brought": "bring", "saw": "see", "seen": "see",
    "bought": "buy", "left": "leave", "fought": "fight", "struck": "strike",
    "dies": "die", "died": "die", "dying": "die",
}


# Words the stemmer must not fold into another: the rules' counters are markers (741, “spend counters”), never the
# act of countering (425) that “counter”, “countered” and “countering” name.
KEPT_WHOLE = frozenset(["counters"])


class BaseFormFilter(Filter):
    """An irregular English form (paid, chosen, won) as its base form, before stemming."""

    def __call__(self, tokens):
        for token in tokens:
            token.text = IRREGULAR.get(token.text, token.text)
            yield token


def analyzer(dictionary: Path):
    return (
        JiebaTokenizer(str(dictionary)) | LowercaseFilter() | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | BaseFormFilter() | StemFilter(ignore=KEPT_WHOLE)
    )
