"""What a judge's query asks for: rule numbers, and the terms that remain.

A judge types numbers (``465.2.c``, ``８２０．１``, ``规则 820.1 回响``), concept
names (``征服``, ``hold``) and whole questions (``单位最多能有几个增益？``).  The
analysis here is independent of the index: numbers are taken out of the query
first; the rest is cut into words, question words and particles are dropped,
and each remaining word becomes a *term* with its alternatives — the word
itself, its Simplified form, its name in the other language (glossary.toml)
and what the judge vocabulary (vocabulary.toml) says it means.
"""

from __future__ import annotations

import itertools
import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from judgekit.corpus import bundled_root
from judgekit.errors import UsageError
from judgekit.refs import RuleNumber, RuleNumberError

# A rule number anywhere in a query: dotted (465.2.c), or three digits on their
# own or after “规则”/“rule” (“规则 820”).  A bare “100” could be a count, so it
# counts as a number only when the query holds nothing else or names it a rule.
_DOTTED = re.compile(r"(?<![\dA-Za-z.])(\d{1,3}(?:\s*\.\s*(?:\d+|[a-z])\b)+)\.?", re.IGNORECASE)
_NAMED = re.compile(r"(?:规则|第|rules?)\s*(\d{3})(?![\d.])\s*(?:条)?", re.IGNORECASE)
_BARE = re.compile(r"^\s*(\d{3})\s*$")
_RULE_WORD = re.compile(r"规则|\brules?\b", re.IGNORECASE)

# Question words, particles and filler a judge puts around the terms that matter.
QUESTION_WORDS = frozenset(
    ["什么", "怎么办", "咋办", "怎么", "怎样", "如何", "为什么", "为何", "吗", "呢", "吧", "啊", "么", "是否", "能否", "能不能", "可不可以", "会不会", "是不是", "有没有", "可以", "能", "会", "哪些", "哪个", "哪里", "几个", "几", "多少", "谁", "请问", "一下", "我", "你", "他", "她", "它", "我们", "你们", "他们", "它们", "这次", "由", "对方", "对手", "我方", "己方", "和", "并", "与", "及", "或", "时", "时候", "的", "了", "着", "是", "在", "有", "要", "该", "就", "都", "也", "还", "又", "被", "把", "让", "给", "如果", "那么", "这", "那", "这个", "那个", "一个", "一名", "一张", "what", "how", "why", "when", "where", "which", "who", "whom", "whose", "does", "do", "did", "can", "could", "would", "should", "is", "are", "was", "were", "a", "an", "the", "i", "my", "me", "you", "your", "it", "its", "of", "to", "in", "on", "at", "for", "and", "or", "if", "then", "with", "by", "as", "be", "been", "has", "have", "there", "this", "that", "these", "those", "any", "many", "much", "need", "needs", "happen", "happens", "get", "gets", "go", "goes", "will", "must", "about"]
)


# Counting questions cut as one word with their measure word (几次, 多少张), and
# words that carry nothing alone: a lone numeral “一”, the “s” of “opponent's”.
_COUNT_QUESTION = re.compile(r"^(?:几|多少)[个次张名点回轮种条位处枚份]?$")
_NOISE = re.compile(r"^(?:[a-z]|一)$", re.IGNORECASE)

MAX_PHRASE_WORDS = 4


def is_filler(word: str) -> bool:
    """A word of the question's frame rather than of its subject."""
    lowered = word.lower()
    return lowered in QUESTION_WORDS or bool(_COUNT_QUESTION.match(lowered) or _NOISE.match(lowered))


class Term(NamedTuple):
    """One word of the query and everything it may be written as in a rule."""

    word: str
    alternatives: tuple[str, ...]


class Query(NamedTuple):
    numbers: tuple[str, ...]  # canonical rule numbers, in the order typed
    terms: tuple[Term, ...]
    words: str  # the query without its numbers, for phrase matching
    hints: tuple[str, ...] = ()  # words an answer to the kind of question asked tends to hold
    facts: tuple[str, ...] = ()  # what the rules care about of the cards the query names: keywords, type, tags


class Vocabulary(NamedTuple):
    """vocabulary.toml: phrases judges type → the rules' words, Chinese and English."""

    entries: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # (says, means + en)
    intents: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()  # (asks, hints)

    def phrases(self) -> dict[str, tuple[str, ...]]:
        """Every phrase judges say, without spaces and lower-cased → what it means."""
        table: dict[str, tuple[str, ...]] = {}
        for says, means in self.entries:
            for say in says:
                key = re.sub(r"\s+", "", say).lower()
                table[key] = tuple(dict.fromkeys(table.get(key, ()) + means))
        return table


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    path = bundled_root() / "rules_corpus" / "vocabulary.toml"
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    return Vocabulary(
        tuple((tuple(r["says"]), tuple(r.get("means", [])) + tuple(r.get("en", []))) for r in table["phrase"]),
        tuple((tuple(r["asks"]), tuple(r["hints"])) for r in table.get("intent", [])),
    )


def asked(text: str, words: list[str], asks: Iterable[str]) -> bool:
    """Whether the query *text*, cut into *words*, holds one of the question words *asks*.

    English ones count as the words a sentence or clause of the text opens with: an English question puts its
    question word first, and one further on joins clauses (“what happens to gear when its unit dies” asks what
    happens, not when).  Chinese ones count as whole words of the query (“能” asks, “技能” does not), as a run of words
    (什么/时候), or as the start of a question word (几个, 几次 ask what 几 asks): a Chinese question keeps its
    question word where the answer stands.
    """
    lowered = text.lower()
    joined = "".join(words)
    bounds = {0, *itertools.accumulate(len(word) for word in words)}  # where a word starts or ends in *joined*

    def a_run(ask: str) -> bool:
        start = joined.find(ask) if ask else -1
        while start >= 0:
            if start in bounds and start + len(ask) in bounds:
                return True
            start = joined.find(ask, start + 1)
        return False

    for ask in asks:
        if ask.isascii():
            if re.search(rf"(?:^|[,;:.?!，；：。？！]\s*){re.escape(ask)}\b", lowered.strip()):
                return True
        elif a_run(ask) or any(word.startswith(ask) and is_filler(word) for word in words):
            return True
    return False


def hints(text: str, words: list[str]) -> tuple[str, ...]:
    """The hint words of every kind of question (vocabulary.toml, ``[[intent]]``) the query asks."""
    found = [hint for asks, answers in vocabulary().intents if asked(text, words, asks) for hint in answers]
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=1)
def _phrases() -> dict[str, tuple[str, ...]]:
    return vocabulary().phrases()


def in_vocabulary(word: str) -> bool:
    """Whether the judge vocabulary says what *word* means."""
    return re.sub(r"\s+", "", word).lower() in _phrases()


def rule_numbers(text: str) -> tuple[tuple[str, ...], str]:
    """The rule numbers in *text* (canonical), and the text without them."""
    text = unicodedata.normalize("NFKC", text)
    numbers: list[str] = []

    def take(match: re.Match) -> str:
        try:
            numbers.append(str(RuleNumber.parse(match.group(1))))
        except RuleNumberError:
            return match.group(0)
        return " "

    rest = _DOTTED.sub(take, text)
    rest = _NAMED.sub(take, rest)
    rest = _BARE.sub(take, rest)
    if numbers:
        rest = _RULE_WORD.sub(" ", rest)
    return tuple(dict.fromkeys(numbers)), rest.strip()


def analyse(
    text: str,
    split: Callable[[str], list[str]],
    alternatives: Callable[[str], Iterable[str]],
    occurs: Callable[[str], bool],
    named: tuple[Term, ...] = (),
) -> Query:
    """Numbers and terms of *text*; *split* cuts text into words, *alternatives* names a word's other forms,
    *occurs* says whether a text stands in the corpus (a text that does is no typo: 开环状态, 结算了).
    *named* are terms found before (the cards a question names, taken out of *text*): they come first."""
    numbers, rest = rule_numbers(text)
    phrases = _phrases()

    def meanings(word: str) -> tuple[str, ...]:
        """What *word* may be written as: itself, what the vocabulary says it means, its other forms."""
        return tuple(dict.fromkeys((word, *phrases.get(word.lower(), ()), *alternatives(word))))

    def known(word: str) -> bool:
        return len(meanings(word)) > 1

    words = split(rest)
    terms: list[Term] = list(named)
    start = 0
    while start < len(words):
        # The longest run of whole words the vocabulary knows (“牌堆/没/牌” → 牌堆没牌), else one word;
        # a longer run that is a mistyped game term wins over both.
        end, means = next(
            ((end, phrases[key]) for end in range(min(len(words), start + MAX_PHRASE_WORDS), start, -1)
             if (key := "".join(words[start:end]).lower()) in phrases),
            (start + 1, ()),
        )
        word = "".join(words[start:end]) if means else words[start]
        for longer in range(min(len(words), start + MAX_PHRASE_WORDS), end - (not means), -1):
            run = words[start:longer]
            if (term := retyped("".join(run))) and not occurs("".join(run)) and mends_a_stray_character(run, term):
                end, word, means = longer, term, phrases.get(term, ())
                break
        start = end
        if not means and is_filler(word):
            continue
        if any(word.lower() == term.word.lower() for term in terms):
            continue
        parts = [part for part in compound_parts(word, known) if part != word and not is_filler(part)]
        found = (word, *means, *alternatives(word), *(form for part in parts for form in meanings(part)))
        terms.append(Term(word, tuple(dict.fromkeys(found))))
    return Query(numbers, tuple(terms), rest, hints(rest, words))


_CHINESE = re.compile(r"^[\u4e00-\u9fff]+$")
MIN_COMPOUND = 3  # a two-character word is too often a word of its own (此牌, 一处) to be read as two


def compound_parts(word: str, known: Callable[[str], bool]) -> list[str]:
    """*word* as the known words it is made of, when it is a Chinese word no table knows (休眠状态 → 休眠 / 状态,
    此法术 → 此 / 法术, 打出卡牌 → 打出 / 卡牌): jieba keeps such a word whole, and whole it matches no English
    rule, so the term is also searched as what its parts mean.

    The longest known word is taken at each place, a character no known word starts stays alone; *word* stays
    whole when it is known, short, or holds no known word.
    """
    if len(word) < MIN_COMPOUND or not _CHINESE.match(word) or known(word):
        return [word]
    parts, start = [], 0
    while start < len(word):
        end = next((end for end in range(len(word), start + 1, -1) if known(word[start:end])), start + 1)
        parts.append(word[start:end])
        start = end
    return parts if any(len(part) > 1 for part in parts) else [word]


@lru_cache(maxsize=1)
def chinese_terms() -> dict[int, frozenset[str]]:
    """The Chinese game terms of the glossary and the vocabulary (what judges and the rules say), by length."""
    from judgekit.corpus.sources import bundled_glossary

    words = [word for says, means in vocabulary().entries for word in (*says, *means)]
    words += [row["zh"] for row in bundled_glossary()]
    terms = {word for word in words if _CHINESE.match(word)}
    by_length: dict[int, set[str]] = {}
    for term in terms:
        if len(term) >= 2:
            by_length.setdefault(len(term), set()).add(term)
    return {length: frozenset(group) for length, group in by_length.items()}


@lru_cache(maxsize=1)
def _blanked() -> dict[str, frozenset[str]]:
    """The game terms of three characters or more under each of their one-character blanks (结?链 → 结算链)."""
    table: dict[str, set[str]] = {}
    for group in chinese_terms().values():
        for term in group:
            for blank in range(len(term) if len(term) >= 3 else 0):
                table.setdefault(term[:blank] + "?" + term[blank + 1:], set()).add(term)
    return {key: frozenset(terms) for key, terms in table.items()}


# Characters that carry the grammar of a sentence (结算了, 优先于, 贴附的): never a mistyped character of a term.
_GRAMMAR_CHARACTERS = frozenset("了的地得着于与及")


def mends_a_stray_character(run: list[str], term: str) -> bool:
    """Whether reading the words *run* as the game term *term* changes a character the tokenizer found no word for.

    A real typo leaves a character no word takes (结算/连 → 结算链, 法术/对/绝 → 法术对决); a character of a word
    the dictionary knows is no typo (法盾/费用 is not 法力费用, 第一/张 not 同一张, 开环/状态 not 开放状态), nor is
    a character of grammar (结算/了 is not 结算链) or a term of one character (抽/一张 is not 同一张).
    """
    position = next((n for n, (typed, meant) in enumerate(zip("".join(run), term)) if typed != meant), None)
    if position is None:
        return False
    for word in run:
        if position < len(word):
            return len(word) == 1 and word not in _GRAMMAR_CHARACTERS and not is_filler(word) and word not in _phrases()
        position -= len(word)
    return False


def retyped(text: str) -> str | None:
    """The one game term *text* is a typo of (“结算连” → 结算链), if there is exactly one.

    Only Chinese text of three characters or more is tried: two-character
    words one character apart are too often both real words.
    """
    if len(text) < 3 or not _CHINESE.match(text) or text in chinese_terms().get(len(text), ()):
        return None
    blanked = _blanked()  # read only when some text may be a typo
    near = {term for blank in range(len(text)) for term in blanked.get(text[:blank] + "?" + text[blank + 1:], ())}
    return near.pop() if len(near) == 1 else None


# Limits on what a judge may type: a question, never a pasted document.
MAX_QUERY_CHARS = 200
MAX_QUERY_WORDS = 20


def checked_query(words: list[str], command: str = "judgekit search") -> str:
    """The search text; a UsageError saying what to shorten when it is empty or too long.

    The limits apply to the text as it is searched, after Unicode normalisation: one
    character (﷽) can stand for eighteen.
    """
    text = " ".join(words).strip()
    searched = unicodedata.normalize("NFKC", text)
    if not searched.strip():
        raise UsageError(f"搜索内容是空的；请输入关键词，如 {command} 回响 费用")
    if len(searched) > MAX_QUERY_CHARS:
        counted = "（按统一码规范化后）" if searched != text else ""
        raise UsageError(f"搜索内容有 {len(searched)} 个字符{counted}，超过上限 {MAX_QUERY_CHARS}；请只保留几个关键词")
    if len(searched.split()) > MAX_QUERY_WORDS:
        raise UsageError(f"搜索内容有 {len(searched.split())} 个词，超过上限 {MAX_QUERY_WORDS}；请只保留几个关键词")
    return text
