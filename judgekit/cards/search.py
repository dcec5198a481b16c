"""Full-text search over card names and current card text (whoosh, BM25F, the rules' jieba tokenizer).

The card index is its own small index, ``cache/cards-index-<fingerprint>/``, built on
the first search after the card files change; the rules index is never touched.
"""

from __future__ import annotations

import pickle
import re
import shutil
from typing import NamedTuple

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.fields import ID, TEXT, Schema
from whoosh.scoring import BM25F

from judgekit.cards.lookup import CardStore, full_name
from judgekit.corpus import Workspace, bundled_glossary
from judgekit.index.search import snippet
from judgekit.index.tokenizer import analyzer, build_dictionary, game_terms

COMPLETE = "complete"
FIELD_BOOSTS = {"names": 4.0, "keywords": 2.0, "text": 1.0}


class CardHit(NamedTuple):
    id: str
    names: str
    snippet: str
    score: float


def _documents(cards: CardStore):
    texts: dict[str, dict] = {}
    for row in cards.db.execute("select card_id, language, name, title, current from card_texts"):
        document = texts.setdefault(row["card_id"], {"id": row["card_id"], "names": [], "text": [], "keywords": []})
        document["names"].append(full_name(row["name"], row["title"], row["language"]))
        document["text"].append(row["current"])
    for row in cards.db.execute("select card_id, name, term from card_keywords"):
        texts[row["card_id"]]["keywords"] += [row["name"], row["term"]]
    for document in texts.values():
        yield {key: (" / ".join(value) if key == "names" else "\n".join(value)) if isinstance(value, list) else value
               for key, value in document.items()}


def _build(workspace: Workspace, cards: CardStore, folder) -> None:
    documents = list(_documents(cards))
    for old in workspace.cache.glob("cards-index-*"):
        shutil.rmtree(old, ignore_errors=True)
    folder.mkdir(parents=True)
    dictionary = folder / "dictionary.txt"
    names = [d["names"] for d in documents] + [row["zh"] for row in bundled_glossary()]
    texts = [d["text"] for d in documents]
    build_dictionary(texts, game_terms(names, texts), dictionary, jieba_cache=workspace.cache / "jieba")
    words = analyzer(dictionary)
    ix = whoosh_index.create_in(folder, Schema(id=ID(stored=True, unique=True), names=TEXT(analyzer=words, stored=True),
                                                 text=TEXT(analyzer=words, stored=True), keywords=TEXT(analyzer=words)))
    writer = ix.writer()
    for document in documents:
        writer.add_document(**document)
    writer.commit()
    (folder / COMPLETE).touch()  # written last: an interrupted build is rebuilt


class CardIndex:
    def __init__(self, ix):
        self.ix = ix
        self.analyzer = ix.schema["text"].analyzer
        self.searcher = ix.searcher(weighting=BM25F())
        self.glossary: dict[str, list[str]] = {}
        for row in bundled_glossary():
            self.glossary.setdefault(row["en"].lower(), []).append(row["zh"])

    @classmethod
    def open(cls, workspace: Workspace, cards: CardStore) -> CardIndex:
        fingerprint = cards.db.execute("select value from meta where key = 'fingerprint'").fetchone()[0]
        folder = workspace.cache / f"cards-index-{fingerprint}"
        if (folder / COMPLETE).exists():
            try:
                return cls(whoosh_index.open_dir(folder))
            except (whoosh_index.EmptyIndexError, OSError, EOFError, pickle.UnpicklingError):
                pass  # damaged: derived data, built again below
        _build(workspace, cards, folder)
        return cls(whoosh_index.open_dir(folder))

    def close(self) -> None:
        self.searcher.close()

    def _variants(self, word: str) -> list[str]:
        """A typed word, its Chinese keyword name (Assault → 强攻) and its Simplified form."""
        variants = [word] + self.glossary.get(word.lower(), [])
        if re.search(r"[\u4e00-\u9fff]", word):
            from judgekit.chinese import to_simplified

            variants.append(to_simplified(word))
        return list(dict.fromkeys(variants))

    def _word_query(self, word: str) -> Q.Query | None:
        alternatives = []
        for variant in self._variants(word):
            tokens = [t.text for t in self.analyzer(variant, mode="query")]
            if tokens:
                alternatives.append(Q.And([
                    Q.Or([Q.Term(field, token, boost=boost) for field, boost in FIELD_BOOSTS.items()])
                    for token in tokens
                ]))
        return Q.Or(alternatives) if alternatives else None

    def search(self, text: str, limit: int = 10) -> list[CardHit]:
        """Cards matching every word (or, failing that, any word), best first."""
        words = [q for q in (self._word_query(word) for word in text.split()) if q is not None]
        if not words:
            return []
        for combined in (Q.And(words), Q.Or(words)):
            results = self.searcher.search(combined, limit=limit)
            if results:
                break
        marks = sorted({v for word in text.split() for v in self._variants(word)}, key=len, reverse=True)
        return [CardHit(r["id"], r["names"], snippet(r["text"], marks), round(r.score, 4)) for r in results]
