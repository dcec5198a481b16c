"""Scenarios: everything the engine needs read from files, and the runs that drive it.

The engine (``judgekit/engine/``) does no I/O: it is handed card definitions and a state, and answers
actions.  This package reads scenario files (``scenario``, checked by ``schema`` against
``scenario.schema.json``), the printed facts of imported cards (``imported``, from the card store), the
FAQ catalogue (``faqsuite``, cached by ``catalogue_cache``); it runs a scenario's script (``runner``),
a file or a folder check (``session``), and renders the trace (``report``).
"""
