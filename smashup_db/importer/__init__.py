"""Run-time imports of text the project never commits (``smashup import``).

* :mod:`.card_archive` reads the public card archive's JSON files (the card
  catalogue and the bases) and loads English rules text, errata and
  clarifications into ``entity_text`` and ``ruling``.
* :mod:`.translation_csv` reads and writes a simple CSV of names and text per
  language (kind, id, lang, name, text), keyed by the catalogue's ids.
* :mod:`.files` fetches a file or an http(s) URL.

Every import parses and validates its whole input first and then writes in one
transaction, so bad input leaves the database as it was. Errors a person can
cause raise :class:`ImportFileError` (a :class:`~smashup_db.errors.UserError`)
whose message is one line naming the file (and line or field).
"""

from __future__ import annotations

from smashup_db.errors import UserError


class ImportFileError(UserError, ValueError):
    """An import source cannot be read or has the wrong shape; one line naming file and field."""
