"""Diffs and histories as text, Markdown and JSON; word-level differences for reworded rules."""

from __future__ import annotations

import difflib
import re
from bisect import bisect_left

from judgekit.editions.maps import Located
from judgekit.editions.match import KINDS, Change

KIND_LABELS = {
    "unchanged": "未变", "moved": "移动", "reworded": "改写", "split": "拆分", "merged": "合并",
    "added": "新增", "removed": "删除",
}
# What `diff --only` keeps: a change of number, of text, or a rule that appeared or went.
ONLY = {
    "moved": lambda c: c.kind in ("moved", "split", "merged"),
    "changed": lambda c: c.text_changed,
    "added": lambda c: c.kind == "added",
    "removed": lambda c: c.kind == "removed",
}
_PIECE = re.compile(r"\s+|[\u3400-\u9fff]|[^\s\u3400-\u9fff]+")
SHOWN_CHARS = 70


class _Matcher(difflib.SequenceMatcher):
    """difflib's matcher without junk, with the same blocks found faster where a long one is known.

    A reworded rule mostly keeps a long common beginning or end, and difflib's search for the longest
    block looks at every pair of equal tokens, spaces included (half of all tokens). A block at least
    as long as the known one holds two neighbouring tokens at a multiple of its length less one, so
    only those positions (the rarer of each two) are tried: the same block, ties broken as difflib
    breaks them (longest, then first in *a*, then first in *b*), at a fraction of the cost.
    """

    def __init__(self, a: list[str], b: list[str]):
        super().__init__(None, a, b, autojunk=False)

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        a, b = self.a, self.b
        ahi, bhi = len(a) if ahi is None else ahi, len(b) if bhi is None else bhi
        room = min(ahi - alo, bhi - blo)
        head = 0
        while head < room and a[alo + head] == b[blo + head]:
            head += 1
        tail = 0
        while tail < room - head and a[ahi - 1 - tail] == b[bhi - 1 - tail]:
            tail += 1
        known = max(head, tail)
        if known < 3:  # too short to skip much
            return super().find_longest_match(alo, ahi, blo, bhi)
        best = (head, alo, blo) if head >= tail else (tail, ahi - tail, bhi - tail)
        for i in range(alo, ahi - 1, known - 1):
            first, second = self.b2j.get(a[i], ()), self.b2j.get(a[i + 1], ())
            seed, places = (i, first) if len(first) <= len(second) else (i + 1, second)
            for j in places[bisect_left(places, blo):bisect_left(places, bhi)]:
                start, start_b = seed, j
                while start > alo and start_b > blo and a[start - 1] == b[start_b - 1]:
                    start, start_b = start - 1, start_b - 1
                end, end_b = seed + 1, j + 1
                while end < ahi and end_b < bhi and a[end] == b[end_b]:
                    end, end_b = end + 1, end_b + 1
                if (end - start, -start, -start_b) > (best[0], -best[1], -best[2]):
                    best = (end - start, start, start_b)
        size, i, j = best
        return difflib.Match(i, j, size)


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """(op, text) runs from *old* to *new*, op "=" / "-" / "+": words in English, characters in Chinese."""
    a, b = _PIECE.findall(old), _PIECE.findall(new)
    opcodes = _Matcher(a, b).get_opcodes()
    runs: list[tuple[str, str]] = []
    gone, added = [], []
    for index, (op, i1, i2, j1, j2) in enumerate(opcodes):
        kept = "".join(a[i1:i2])
        between = 0 < index < len(opcodes) - 1 and op == "equal" and not kept.strip() and (gone or added)
        if op == "equal" and not between:
            runs += [("-", "".join(gone))] * bool(gone) + [("+", "".join(added))] * bool(added)
            gone, added = [], []
            runs.append(("=", kept))
        else:  # a change, or the spaces between two changes: one run of words gone, one of words new
            gone.append(kept)
            added.append("".join(b[j1:j2]))
    runs += [("-", "".join(gone))] * bool("".join(gone)) + [("+", "".join(added))] * bool("".join(added))
    return [(op, text) for op, text in runs if text]


def marked(runs: list[tuple[str, str]], markdown: bool = False) -> str:
    """``[-gone-]{+new+}`` (as git diff --word-diff prints), or ~~gone~~ **new** in Markdown."""
    wrap = {"-": ("~~", "~~"), "+": ("**", "**")} if markdown else {"-": ("[-", "-]"), "+": ("{+", "+}")}
    out = []
    previous = "="
    for op, text in runs:
        if op == "=" or not text.strip():
            out.append(text)
        else:
            if markdown and previous == "-" and op == "+":
                out.append(" ")  # ~~gone~~**new** would not render
            opening, closing = wrap[op]
            core = text.strip()
            out.append(text[: len(text) - len(text.lstrip())] + opening + core + closing + text[len(text.rstrip()):])
        previous = op
    return "".join(out).replace("\n", " ")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def counts(changes: list[Change]) -> dict[str, int]:
    return {kind: sum(c.kind == kind for c in changes) for kind in KINDS}


def change_dict(change: Change, old_texts: dict[str, str], new_texts: dict[str, str]) -> dict:
    old_text = " ".join(old_texts.get(r, "") for r in change.old)
    new_text = " ".join(new_texts.get(r, "") for r in change.new)
    entry = {"kind": change.kind, "old": list(change.old), "new": list(change.new), "text_changed": change.text_changed}
    if change.text_changed and change.old and change.new:
        entry["diff"] = [list(run) for run in word_diff(old_text, new_text)]
    entry["text"] = new_text or old_text
    return entry


def diff_dict(old: str, new: str, chain: list[str], changes: list[Change], texts: tuple[dict, dict], only: str | None):
    shown = [c for c in changes if c.kind != "unchanged" and (only is None or ONLY[only](c))]
    return {
        "old": old,
        "new": new,
        "via": chain[1:-1],
        "counts": counts(changes),
        "only": only,
        "changes": [change_dict(c, *texts) for c in shown],
    }


def _numbers(refs: list[str], markdown: bool) -> str:
    return "、".join(f"`{r}`" if markdown else r for r in refs)


def _change_line(entry: dict, markdown: bool) -> str:
    old, new = _numbers(entry["old"], markdown), _numbers(entry["new"], markdown)
    numbers = {"added": new, "removed": old}.get(entry["kind"]) or (
        old if entry["old"] == entry["new"] else f"{old} → {new}"
    )
    body = marked([tuple(run) for run in entry["diff"]], markdown) if "diff" in entry else _short(entry["text"])
    if "diff" in entry and entry["kind"] in ("moved", "split", "merged"):
        body = "（并改写）" + body
    return f"{'- ' if markdown else '  '}{numbers}  {body}"


def diff_text(report: dict, markdown: bool = False) -> str:
    via = f"（经 {'、'.join(report['via'])}）" if report["via"] else ""
    summary = " · ".join(f"{KIND_LABELS[k]} {n}" for k, n in report["counts"].items())
    title = f"{report['old']} → {report['new']}{via}"
    out = [f"## {title}" if markdown else title, summary]
    if report["only"]:
        out.append(f"（只列出 --only {report['only']}：{len(report['changes'])} 处）")
    for kind in KINDS:
        entries = [e for e in report["changes"] if e["kind"] == kind]
        if entries:
            out += ["", f"### {KIND_LABELS[kind]}（{len(entries)}）" if markdown else f"{KIND_LABELS[kind]}："]
            out += [_change_line(e, markdown) for e in entries]
    return "\n".join(out)


def history_text(ref: str, edition: str, located: list[Located], markdown: bool = False) -> str:
    out = [f"规则 {ref}（{edition}）在各版本中："]
    for place in located:
        numbers = "、".join(place.refs) or "（无此规则）"
        reworded = place.kind in ("moved", "split", "merged") and place.previous_texts != place.texts
        kind = f"  ·  {KIND_LABELS[place.kind]}{'并改写' if reworded else ''}" if place.kind else ""
        out += ["", f"{place.edition}  {numbers}{kind}"]
        if place.kind in ("reworded", "moved", "split", "merged") and place.previous_texts and place.texts:
            runs = word_diff(" ".join(place.previous_texts), " ".join(place.texts))
            if any(op != "=" for op, _ in runs):
                out.append("  " + marked(runs, markdown))
                continue
        out += [f"  {text}" for text in place.texts]
    return "\n".join(out)


def history_dict(ref: str, edition: str, located: list[Located]) -> dict:
    return {
        "ref": ref,
        "edition": edition,
        "editions": [
            {
                "edition": p.edition, "refs": list(p.refs), "texts": list(p.texts), "change": p.kind,
                **({"diff": [list(r) for r in word_diff(" ".join(p.previous_texts), " ".join(p.texts))]}
                   if p.previous_texts and p.texts and p.previous_texts != p.texts else {}),
            }
            for p in located
        ],
    }


# -- side by side ---------------------------------------------------------------

AUTHORITY_NOTE = "英文为准：Riot 赛事规则规定英文规则优先于译本"


def _paragraphs(view) -> dict[str, str]:
    """A rule and the rules under it, number → printed text, in order."""
    found = {view.ref: " ".join(filter(None, (view.title and f"【{view.title}】", view.text)))}
    stack = list(reversed(view.children))
    while stack:
        node = stack.pop()
        found[node.ref] = " ".join(filter(None, (node.title and f"【{node.title}】", node.text)))
        stack += reversed(node.children)
    return found


def side_by_side_dict(zh, en, same_numbering: bool) -> dict:
    from judgekit.refs import RuleNumber

    zh_text, en_text = _paragraphs(zh), _paragraphs(en)
    refs = sorted(zh_text.keys() | en_text.keys(), key=lambda r: RuleNumber.parse(r).sort_key)
    return {
        "ref": zh.ref,
        "zh_edition": zh.edition.id,
        "en_edition": en.edition.id,
        "same_numbering": same_numbering,
        "authority": "en",
        "paragraphs": [{"ref": r, "zh": zh_text.get(r), "en": en_text.get(r)} for r in refs],
    }


def side_by_side_text(data: dict, markdown: bool = False) -> str:
    head = f"规则 {data['ref']}  ·  中文 {data['zh_edition']} ｜ English {data['en_edition']}（{AUTHORITY_NOTE}）"
    out = [f"## {head}" if markdown else head]
    if not data["same_numbering"]:
        out.append(
            f"注意：{data['zh_edition']} 与 {data['en_edition']} 的编号体系不同，同一编号未必是同一条规则；"
            f"导入编号体系相同的版本后再对照"
        )
    absent = "（此版无此条）"
    for paragraph in data["paragraphs"]:
        if markdown:
            out += ["", f"**{paragraph['ref']}**", "", f"- 中：{paragraph['zh'] or absent}",
                    f"- EN（为准）：{paragraph['en'] or absent}"]
        else:
            out += ["", paragraph["ref"], f"  中  {paragraph['zh'] or absent}", f"  EN  {paragraph['en'] or absent}"]
    return "\n".join(out)
