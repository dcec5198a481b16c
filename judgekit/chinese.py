"""Traditional → Simplified Chinese for queries (迴響 → 回响, 壁壘 → 壁垒)."""

from functools import lru_cache


@lru_cache(maxsize=1)
def _converter():
    from opencc import OpenCC

    return OpenCC("t2s")


def to_simplified(text: str) -> str:
    return _converter().convert(text)
