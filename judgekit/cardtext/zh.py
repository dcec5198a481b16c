"""The Chinese compiler: clauses → card-language tree, by a table of bidirectional templates.

Each template is Chinese wording with typed slots and the tree it means; the same table parses a
clause (wording → tree) and renders a tree back (tree → the first template whose tree fits), so
“what the engine understood” is generated from the tree and a round trip is render → compile.
"""

from __future__ import annotations

from judgekit.cardtext.clauses import KEYWORDS, CardClauses, Keyword, Problem, split_card

split = split_card


def _keyword_entry(keyword: Keyword) -> tuple[str, int | None]:
    return keyword.name, keyword.value


def compile_clauses(card: CardClauses, facts: dict) -> tuple[dict, tuple[Problem, ...]]:
    """The tree parts (keywords, target, effects, abilities) of *card*, or the clauses not understood."""
    keywords: dict[str, int | None] = {}
    problems: list[Problem] = []
    for ability in card.abilities:
        if ability.head == "keyword":
            keywords.update(_keyword_entry(k) for k in ability.keywords)
            continue
        problems += [Problem(ability.line, clause.text, "没有与之对应的句式") for clause in ability.clauses]
    return ({"keywords": keywords} if keywords else {}), tuple(problems)


def render(tree: dict) -> str:
    """The tree in plain Chinese, one ability a line."""
    lines = []
    for name, value in (tree.get("keywords") or {}).items():
        lines.append(f"{name}{value if value is not None else ''}（关键词，规则 {KEYWORDS[name][1]}）")
    return "\n".join(lines)
