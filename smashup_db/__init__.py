"""smashup-db: a bilingual catalogue of the card game Smash Up.

The library is usable without the command line: :mod:`smashup_db.db` opens the
database, :mod:`smashup_db.catalogue.view` answers look-ups, and the catalogue compiler
lives in :mod:`smashup_db.catalogue`.
"""

__version__ = "0.1.0"
