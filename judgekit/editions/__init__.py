"""Editions of one document compared: which rule became which, and what changed.

:mod:`~judgekit.editions.match` pairs the rules of two editions by content
(pure, no I/O); :mod:`~judgekit.editions.maps` writes the pairs into the store
as it is built and reads them back: a diff, a rule's history, an old number
followed to today's.  See docs/editions.md.
"""
