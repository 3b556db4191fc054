"""Alembic migrations of the database schema, shipped inside the package.

They run programmatically (no ``alembic.ini``): :func:`upgrade` brings a
database to :data:`HEAD`. A new database is created at head; an older one is
upgraded in place, keeping the collection and imported text. A database made
before migrations existed (tables, but no ``alembic_version``) is first
stamped with the initial revision, whose schema it has.

Developers add a revision with ``alembic -c smashup_db/migrations/alembic.ini
revision -m "..."`` (or by copying the newest file in ``versions/``) and
update :data:`HEAD`; ``tests/test_migrations.py`` checks that the revisions
match :mod:`smashup_db.models`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: The newest revision. Kept here so that a start-up check needs no Alembic import.
HEAD = "0005"
#: The first revision: the schema of databases made before migrations existed.
INITIAL = "0001"
HERE = Path(__file__).resolve().parent


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
    :func:`smashup_db.storage.write_transaction`). Tables that exist without an
    ``alembic_version`` are taken to be the initial schema and stamped first.
    Raises SQLAlchemy errors from the database.
    """
    from alembic import command
    from sqlalchemy import inspect

    cfg = config(connection)
    before = current_revision(connection)
    if before is None and inspect(connection).has_table("meta"):
        command.stamp(cfg, INITIAL)
        before = INITIAL
    command.upgrade(cfg, target)
    return before, current_revision(connection) or ""


def is_current(engine: "Engine") -> bool:
    """True when the database is at :data:`HEAD` (False when new, old or unreachable)."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as conn:
            return current_revision(conn) == HEAD
    except SQLAlchemyError:
        return False
