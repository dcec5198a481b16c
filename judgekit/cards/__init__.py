"""Card data: import the official card lists and errata, look a card up, search card text.

:mod:`judgekit.cards.formats` reads each card file format, :mod:`judgekit.cards.markup`
turns card markup into plain text and keywords, :mod:`judgekit.cards.build` writes
``cards.db``, :mod:`judgekit.cards.lookup` reads it (stdlib sqlite3 only),
:mod:`judgekit.cards.facts` gives the scenario engine a card's printed facts, and
:mod:`judgekit.cards.search` is the card text search.  Nothing is imported here, so
``judgekit card`` loads only what it needs.
"""
