"""Which document an edition belongs to, and the order lookups try editions in: newest first."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Protocol, TypeVar


class _Edition(Protocol):
    id: str
    language: str
    date: str
    rank: int


E = TypeVar("E", bound=_Edition)


def is_date(text: str) -> bool:
    """Whether *text* is a calendar date written YYYY-MM-DD, the only way editions are dated (2026-13-45 is not)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # fromisoformat alone also takes 20260716 and 2026-W29
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def document_of(edition: _Edition, stated_kinds: set[str] | frozenset[str] = frozenset()) -> str:
    """Which document an edition is an edition of, and in which language: “core/en”, “tournament/zh”.

    *stated_kinds*: its documents' kinds (``tournament`` sources) and the kinds their headers state.
    """
    tournament = bool({"tournament", "tournament-rules"} & stated_kinds) or edition.id.startswith("tournament-")
    return f"{'tournament' if tournament else 'core'}/{edition.language}"


def older_editions(editions: list[E]) -> set[str]:
    """Editions with a newer dated edition of the same document and language, and undated ones beside dated."""
    newest: dict[str, str] = {}
    for edition in editions:
        document = document_of(edition)
        if edition.date and edition.date > newest.get(document, ""):
            newest[document] = edition.date
    return {e.id for e in editions if document_of(e) in newest and e.date < newest[document_of(e)]}


def fold_older(hits: list, older: set[str], now: dict, numbering: Callable[[str], str | None]) -> list:
    """One hit per rule as the newest editions number it: a rule of an edition a newer one replaced (*older*), whose
    number today (*now*: (edition, ref) → (newest edition, refs)) is a rule among *hits*, is folded into that hit as
    one of its ``older`` editions, in the place of whichever of the two ranked first.

    A rule split in two or removed since stays a hit of its own, labelled, as does one whose rule today is not a hit.
    """
    def key(hit) -> tuple:
        moved = now.get((hit.edition, hit.ref)) if hit.edition in older else None
        if moved is None:
            return (hit.kind, numbering(hit.edition), hit.ref)
        edition, refs = moved
        return (hit.kind, numbering(edition), refs[0]) if len(refs) == 1 else (hit.kind, hit.edition, hit.ref)

    groups: dict[tuple, list] = {}
    for hit in hits:
        groups.setdefault(key(hit), []).append(hit)
    folded = []
    for members in groups.values():
        current = [hit for hit in members if hit.edition not in older]
        if not current:
            folded += members  # no hit of today's rule to fold them into
            continue
        kept, *others = current
        history = tuple((hit.edition, hit.ref) for hit in members if hit.edition in older)
        folded += [kept._replace(older=(*kept.older, *history)), *others]
    return folded


def newest_first(editions: list[E]) -> list[E]:
    """The newest edition of each document and language first (in their manifest order), then the others
    newest first, undated last.

    The editions' ranks are handed out again in that order, so that ranks follow it; an edition
    removed or added at the end leaves the others' ranks (and their search weights) as they were.
    """
    older = older_editions(editions)
    ordered = sorted(
        editions,
        key=lambda e: (e.id in older, "" if e.id not in older else _descending(e.date), e.rank, e.id),
    )
    ranks = sorted(edition.rank for edition in editions)
    return [edition._replace(rank=rank) for edition, rank in zip(ordered, ranks, strict=True)]


def _descending(date: str) -> str:
    """A key that sorts dates newest first, and no date after every date."""
    return "".join(chr(0x7F - ord(char)) for char in date) if date else "\x7f"
