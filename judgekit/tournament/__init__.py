"""The Tournament Rules' penalties: section 700 read as a penalty guide, and an event's penalty log.

:mod:`judgekit.tournament.guide` reads an edition's infractions, remedies and
upgrade rules from the store; :mod:`judgekit.tournament.names` finds an
infraction from what a judge types (the project's Chinese names,
``infractions.toml``); :mod:`judgekit.tournament.upgrade` decides the penalty
to give (702.1.b); :mod:`judgekit.tournament.events` keeps the log;
:mod:`judgekit.tournament.commands` is what the command line calls.
Nothing is imported here, so that ``judgekit rule`` loads none of it.
"""
