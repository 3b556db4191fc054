"""Alembic migrations of the database schema, shipped inside the package.

They run programmatically (no ``alembic.ini``): :func:`upgrade` brings a
database to :data:`HEAD`. A new database is created at head; an older one is
upgraded in place, keeping the collection and imported text. A database made
before migrations existed (tables, but no ``alembic_version``) is first
stamped with the initial revision, whose schema it has.

Developers add a revision with ``alembic -c smashup_db/db/migrations/alembic.ini
revision -m "..."`` (or by copying the newest file in ``versions/``) and
update :data:`HEAD`, :data:`REVISIONS` and :data:`SIGNATURES`. A revision
imports nothing of ours (no vocabulary, no models): it spells out the tables
and value lists it makes, frozen. ``tests/db/test_migrations.py`` checks that
the newest revision makes exactly the schema declared in
:mod:`smashup_db.db.tables` and that no revision imports from ``smashup_db``.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: The newest revision. Kept here so that a start-up check needs no Alembic import.
HEAD = "0009"
#: The first revision: the schema of databases made before migrations existed.
INITIAL = "0001"
#: Every revision this version knows, oldest first (a start-up check needs no Alembic import).
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009")
#: How to recognise each revision's schema when ``alembic_version`` is missing or empty:
#: ``(revision, table, column or None)``, newest first; the first that exists tells. 0009 changes
#: only a column's type on a server, so its databases read as 0008 and 0009 is applied again (a no-op).
SIGNATURES = (
    ("0008", "waiting_draft", None),
    ("0007", "ruling", "importer"),
    ("0006", "alias", None),
    ("0005", "printing", None),
    ("0004", "game", None),
    ("0003", "product_extra_deck", None),
    ("0002", "collection", "added_at"),
    ("0001", "meta", None),
)
#: Revisions that change only a column's type on a server (no table or column to recognise them by):
#: a database without ``alembic_version`` reads as the revision before, and these run again (no-ops).
TYPE_ONLY = ("0009",)
#: The ``importer`` key of imported rows written before revision 0007 (or salvaged from such a
#: file by ``db recover``), from what wrote them: the translation import's sources start with
#: ``translations:``; every other English text row and every ruling came from the card archive.
IMPORTER_BACKFILL = (
    "UPDATE entity_text SET importer = 'translations' WHERE importer IS NULL AND source LIKE 'translations:%'",
    "UPDATE entity_text SET importer = CASE kind WHEN 'card' THEN 'card-archive:cards' ELSE 'card-archive:bases' END"
    " WHERE importer IS NULL AND lang = 'en' AND kind IN ('card', 'base')",
    "UPDATE ruling SET importer = CASE entity WHEN 'card' THEN 'card-archive:cards' ELSE 'card-archive:bases' END"
    " WHERE importer IS NULL AND source NOT LIKE 'translations:%'",
)
HERE = os.path.dirname(os.path.realpath(__file__))  # the scripts' folder (no pathlib at start-up)


def config(connection: "Connection | None" = None):
    """An Alembic ``Config`` for the shipped scripts, optionally bound to ``connection``."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def current_revision(connection: "Connection") -> str | None:
    """The revision stored in the database, or None (new, or made before migrations)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: "Connection", target: str = "head") -> tuple[str | None, str]:
    """Upgrade the database behind ``connection`` to ``target``; returns ``(before, after)``.

    The caller owns the transaction (and the write lock, see
    :func:`smashup_db.db.sa_transaction`). Tables that exist without a
    revision in ``alembic_version`` (made before migrations existed, or the
    row was lost) are recognised by :func:`detect_revision` and stamped first.
    Raises SQLAlchemy errors from the database.
    """
    from alembic import command

    cfg = config(connection)
    before = current_revision(connection)
    if before is None:
        found = detect_revision(connection)
        if found is not None:
            command.stamp(cfg, found)
            before = found
    command.upgrade(cfg, target)
    return before, current_revision(connection) or ""


def detect_revision(connection: "Connection") -> str | None:
    """The revision whose schema the database has, judged by its tables (:data:`SIGNATURES`); None when empty."""
    from sqlalchemy import inspect

    insp = inspect(connection)
    tables = set(insp.get_table_names())
    for revision, table, column in SIGNATURES:
        if table in tables and (
            column is None or column in {c["name"] for c in insp.get_columns(table)}
        ):
            return revision
    return None


def is_newer(revision: str | None) -> bool:
    """True when ``revision`` is one this version does not know (written by a newer smashup)."""
    return revision is not None and revision not in REVISIONS


def is_current(engine: "Engine") -> bool:
    """True when the database is at :data:`HEAD` (False when new, old or unreachable)."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as conn:
            return current_revision(conn) == HEAD
    except SQLAlchemyError:
        return False
