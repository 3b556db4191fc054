"""The database layer: the one way into the database.

* :mod:`.engine`: where the database is (``--db``, ``$SMASHUP_DB``, the user
  data folder), SQLAlchemy engines, timeouts, one-line error messages.
* :mod:`.connection`: :class:`SQLConnection`, the one adapter that runs plain SQL with
  ``:name`` parameters on ``sqlite3`` or SQLAlchemy, for reads and writes alike.
* :mod:`.reader`: :class:`Reader`, the read path (standard-library ``sqlite3``
  on SQLite, so look-ups never import SQLAlchemy; SQLAlchemy elsewhere).
* :mod:`.transaction`: :func:`writing`, the write path every writer uses (a :class:`Writer`).
* :mod:`.upgrade`: :func:`migrate`, the one caller of the Alembic migrations.

Deciding whether a database is current (schema at head, catalogue and search
index built from the shipped data) and bringing it there is the job of
:mod:`smashup_db.compiler.bootstrap`, one layer up: this package never builds
the catalogue.

The schema is declared once, as the SQLModel classes written out in
:mod:`smashup_db.db.schema`. The writers read their table and column lists
from :mod:`smashup_db.db.columns` (generated from the classes by
:mod:`smashup_db.db.gencolumns`, so they start without importing the ORM) and
make their SQL with :mod:`smashup_db.db.tables`. It is created and
upgraded only by the migrations in :mod:`smashup_db.db.migrations`, each of which
spells out its own tables and value lists.
"""

from smashup_db.errors import DatabaseError

#: Where each name of this package is defined. They are imported on first use (PEP 562
#: ``__getattr__``), so that ``import smashup_db.db.reader`` (every look-up) does not also import
#: the write path and the migrations' caller (start-up, docs/architecture.md).
_HOMES = {
    **dict.fromkeys(
        (
            "ENV_VAR",
            "TIMEOUT_VAR",
            "database_errors",
            "default_path",
            "describe",
            "dispose_engines",
            "engine_for",
            "resolve_url",
            "safe_url",
            "short_reason",
            "sqlite_path",
            "timeout",
            "url_of",
        ),
        "engine",
    ),
    **dict.fromkeys(("Reader", "in_params"), "reader"),
    **dict.fromkeys(("PG_LOCK_KEY", "Writer", "sa_transaction", "writing"), "transaction"),
    "migrate": "upgrade",
}

TYPE_CHECKING = False  # typing is not imported at run time (start-up)
if TYPE_CHECKING:  # the names as type checkers and editors see them
    from smashup_db.db.engine import (
        ENV_VAR,
        TIMEOUT_VAR,
        database_errors,
        default_path,
        describe,
        dispose_engines,
        engine_for,
        resolve_url,
        safe_url,
        short_reason,
        sqlite_path,
        timeout,
        url_of,
    )
    from smashup_db.db.reader import Reader, in_params
    from smashup_db.db.transaction import PG_LOCK_KEY, Writer, sa_transaction, writing
    from smashup_db.db.upgrade import migrate


def __getattr__(name: str):
    """One of :data:`_HOMES`' names, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DatabaseError",
    "ENV_VAR",
    "TIMEOUT_VAR",
    "PG_LOCK_KEY",
    "Reader",
    "database_errors",
    "default_path",
    "describe",
    "dispose_engines",
    "engine_for",
    "in_params",
    "migrate",
    "resolve_url",
    "safe_url",
    "short_reason",
    "sqlite_path",
    "timeout",
    "url_of",
    "Writer",
    "sa_transaction",
    "writing",
]
