"""What a judge may type as a search: not empty, and not so long that it could not be a question."""

from __future__ import annotations

from judgekit.errors import UsageError

MAX_QUERY_CHARS = 200
MAX_QUERY_WORDS = 20


def checked_query(words: list[str]) -> str:
    """The search text; a UsageError saying what to shorten when it is empty or too long."""
    text = " ".join(words).strip()
    if not text:
        raise UsageError("搜索内容是空的；请输入关键词，如 judgekit search 回响 费用")
    if len(text) > MAX_QUERY_CHARS:
        raise UsageError(f"搜索内容有 {len(text)} 个字符，超过上限 {MAX_QUERY_CHARS}；请只保留几个关键词")
    if len(text.split()) > MAX_QUERY_WORDS:
        raise UsageError(f"搜索内容有 {len(text.split())} 个词，超过上限 {MAX_QUERY_WORDS}；请只保留几个关键词")
    return text
