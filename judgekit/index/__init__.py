"""The derived data: the SQLite store (build, lookups) and the whoosh/jieba search index.

Nothing is imported here, so that ``judgekit rule`` (which needs only
:mod:`judgekit.index.store`) loads no whoosh, jieba or sqlite-utils.
"""
