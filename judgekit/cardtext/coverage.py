"""Coverage of the compilers: how many cards compile, by set and type, keywords, what blocks the rest.

Measured on every card of the store (its primary source: Chinese, else English), and separately on
the held-out cards (about one in ten, by code hash) that were never looked at while templates were
written.
"""

from __future__ import annotations

import importlib
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from judgekit.cards.trees import decide
from judgekit.cardtext import LANGUAGES, STATUSES, CardSource, Compiled, Problem, compile_card
from judgekit.cardtext.catalog import card_set, held_out, primary
from judgekit.cardtext.census import CUES, CUES_EN, clause_patterns
from judgekit.cardtext.clauses import KEYWORDS

ACTION_KEYWORDS = tuple(name for name, (_, rule, _) in KEYWORDS.items() if not rule.startswith("8"))

TOP_BLOCKERS = 15
VERDICTS = (*STATUSES, "disagreement")
_DECISIVE = ("effect", "restriction", "replacement", "trigger", "cost", "condition")


class Coverage(NamedTuple):
    results: tuple[Compiled, ...]
    types: dict[str, str]  # code → card type
    keyword_names: dict[str, tuple[str, ...]]  # code → the keywords its text names

    def as_json(self) -> dict:
        return {
            "cards": len(self.results),
            "compiled": self.count(self.results),
            "understood": sum(r.tree is not None for r in self.results),
            "statuses": dict(Counter(r.status for r in self.results)),
            "by_set": self._by(lambda r: card_set(r.code)),
            "by_type": self._by(lambda r: self.types.get(r.code, "")),
            "held_out": {"cards": len(self.held_out()), "compiled": self.count(self.held_out())},
            "keywords": self.keywords(),
            "blocking_patterns": dict(self.blockers().most_common(TOP_BLOCKERS)),
            "missing_forms": dict(Counter(need.split("：", 1)[0] for r in self.results for need in r.needs)
                                  .most_common(TOP_BLOCKERS)),
        }

    @staticmethod
    def count(results: Iterable[Compiled]) -> int:
        return sum(r.compiled for r in results)

    def held_out(self) -> list[Compiled]:
        return [r for r in self.results if held_out(r.code)]

    def _by(self, key) -> dict[str, dict[str, int]]:
        groups: dict[str, list[Compiled]] = defaultdict(list)
        for result in self.results:
            groups[key(result)].append(result)
        return {name: {"cards": len(group), "compiled": self.count(group)} for name, group in sorted(groups.items())}

    def keywords(self) -> dict[str, dict[str, int]]:
        """Per keyword of 805–829: the cards that have it, and how many of them compiled."""
        found: dict[str, list[bool]] = {name: [] for name in KEYWORDS}
        for result in self.results:
            for name in self.keyword_names.get(result.code, ()):
                found.setdefault(name, []).append(result.compiled)
        return {name: {"cards": len(flags), "compiled": sum(flags)} for name, flags in found.items()}

    def blockers(self) -> Counter:
        """Cards blocked per clause pattern: each uncompiled card counts once for each pattern of its unread clauses."""
        blocked: Counter = Counter()
        for result in self.results:
            if result.compiled:
                continue
            if result.needs:
                patterns = {f"needs:{need.split('：', 1)[0]}" for need in result.needs}
            else:  # an English clause by the English cues, so both languages' blockers add up by pattern
                cues = CUES_EN if result.language == "en" else CUES
                patterns = {f"{cue.kind}:{cue.name}" for problem in result.problems
                            for cue in clause_patterns(problem.clause, cues=cues) if cue.kind in _DECISIVE} or {"unclassified"}
            blocked.update(patterns)
        return blocked


    def problems(self) -> list[dict]:
        """Each card not compiled, outside the held-out set, with its first clause not read (or the form it needs):
        the list a template writer works from, and a judge's answer to “why is this card not compiled”."""
        listed = []
        for result in self.results:
            if result.compiled or held_out(result.code):
                continue
            first = result.problems[0] if result.problems else None
            listed.append({"code": result.code, "status": result.status, "language": result.language,
                           "line": first.line if first else None, "clause": first.clause if first else "",
                           "reason": first.reason if first else "需要：" + "；".join(result.needs)})
        return listed


def measure(sources: Iterable[CardSource]) -> Coverage:
    """Coverage of *sources*: one card per code, with every language given for it.

    A card counts as the card store decides it (``judgekit.cards.trees.decide``): compiled from its
    Chinese text, else its English one; its two texts compiling to different trees is a
    ``disagreement``, not compiled. Keywords are named by the primary text."""
    by_card: dict[str, dict[str, CardSource]] = defaultdict(dict)
    for source in sources:
        by_card[source.code][source.language] = source
    results, types, keyword_names = [], {}, {}
    for code, by_language in by_card.items():
        first = primary(by_language)
        results.append(_verdict(code, first, by_language))
        types[code] = first.facts.get("type", "")
        if first.language in LANGUAGES:  # each language's own splitter names the keywords (in Chinese)
            split = importlib.import_module(LANGUAGES[first.language]).split
            abilities = split(first.text).abilities
            names = [k.name for a in abilities for k in a.keywords]
            # a limited action marked up like a keyword (洞察 Predict, 436) is an instruction, not a keyword line
            names += [name for a in abilities for c in a.clauses for name in ACTION_KEYWORDS if name in c.text]
            keyword_names[code] = tuple(dict.fromkeys(names))
    return Coverage(tuple(results), types, keyword_names)


def _verdict(code: str, first: CardSource, by_language: dict[str, CardSource]) -> Compiled:
    """The primary text's compilation, or the one the card's verdict takes, or its disagreement."""
    results = {language: compile_card(source) for language, source in by_language.items()
               if source is first or source.text.strip()}
    verdict = decide(code, results)
    if verdict.status == "compiled":
        return results[verdict.language]
    if verdict.status == "disagreement":
        return Compiled(code, first.language, "disagreement", None, (Problem(0, "", verdict.problem),))
    return results[first.language]


def problems_text(problems: list[dict], held_back: int) -> str:
    """One card a line: code, status, the reason and the clause it is about (its line breaks shown as ⏎)."""
    lines = [f"{p['code']}  {p['status']}  {p['reason']}" + (f"  ‖ 第{p['line']}行：{p['clause']}" if p["clause"] else "")
             for p in problems]
    lines = [line.replace("\n", "⏎") for line in lines]
    lines.append(f"共 {len(problems)} 张未编译；留出集中未编译的 {held_back} 张不列出（它们衡量没看过的卡牌）")
    return "\n".join(lines)


def _percent(part: int, whole: int) -> str:
    return f"{part}/{whole}（{100 * part / whole:.1f}%）" if whole else "0/0"


def coverage_text(data: dict, census: dict | None) -> str:
    lines = [f"编译成功的卡牌：{_percent(data['compiled'], data['cards'])}",
             f"每条条款都读懂的卡牌（含引擎尚缺形式的）：{_percent(data['understood'], data['cards'])}"]
    lines.append("  " + "，".join(f"{status} {data['statuses'].get(status, 0)}" for status in VERDICTS))
    held = data["held_out"]
    lines.append(f"留出集（编写句式时未看过的卡牌）：{_percent(held['compiled'], held['cards'])}")
    lines.append("按系列：" + "；".join(f"{name} {_percent(v['compiled'], v['cards'])}" for name, v in data["by_set"].items()))
    lines.append("按类型：" + "；".join(f"{name or '?'} {_percent(v['compiled'], v['cards'])}"
                                    for name, v in data["by_type"].items()))
    covered = [name for name, v in data["keywords"].items() if v["compiled"]]
    lines.append(f"关键词：{len(covered)}/{len(data['keywords'])} 个至少有一张卡编译成功")
    lines.append("  " + "、".join(f"{name} {v['compiled']}/{v['cards']}" for name, v in data["keywords"].items()))
    lines.append("阻碍最多卡牌的条款模式（卡牌数）：")
    lines += [f"  {pattern}  {count}" for pattern, count in data["blocking_patterns"].items()]
    if data["missing_forms"]:
        lines.append("已读懂但引擎尚缺的形式（卡牌数）：")
        lines += [f"  {form}  {count}" for form, count in data["missing_forms"].items()]
    if census:
        lines.append(f"卡牌语言对普查的覆盖：模式 {_percent(census['patterns_expressible'], census['patterns_total'])}；"
                     f"每条条款都可表达的卡牌 {_percent(census['cards_expressible'], census['cards'])}")
    return "\n".join(lines)
