"""Opening a database: decide once whether it is current, and bring it there when not.

A database is *current* when its schema is at the newest migration, its facts
were built from the ``data/`` that ships with this package, and its search
index was built by this version's indexer. :func:`open_reader` checks that
with one cheap query and returns a :class:`~.reader.Reader` (no write, no
lock); only when something is missing or old does it go through
:func:`open_db`, the one writer that migrates, builds and indexes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DatabaseError
from .engine import database_errors, engine_for, resolve_url
from .reader import Reader

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

#: What a current database says about itself, in one query (every backend).
_STATE_SQL = ("SELECT (SELECT value FROM meta WHERE key = 'catalogue_version') AS catalogue,"
              " (SELECT value FROM meta WHERE key = 'search_index') AS search_index,"
              " (SELECT version_num FROM alembic_version) AS schema")


def shipped_version(data_dir: Path | None = None) -> str:
    """The catalogue version of the compiled ``data/`` that ships with the package."""
    from ..catalogue.datafiles import default_data_dir

    ddir = Path(data_dir) if data_dir else default_data_dir()
    return json.loads((ddir / "catalogue.json").read_text(encoding="utf-8"))["version"]


def _stale(state: dict | None, version: str) -> list[str]:
    """What is not current in ``state`` (a row of :data:`_STATE_SQL`): ``schema``, ``catalogue``, ``index``."""
    from ..migrations import HEAD
    from ..search.index import is_current_marker

    state = state or {}
    out = []
    if state.get("schema") != HEAD:
        out.append("schema")
    if state.get("catalogue") != version:
        out.append("catalogue")
    if not is_current_marker(state.get("search_index")):
        out.append("index")
    return out


def _state(read) -> dict | None:
    try:
        return read(_STATE_SQL)
    except DatabaseError:  # a new file has no tables yet; open_db reports real failures
        return None


def open_reader(db: str | None = None) -> Reader:
    """A :class:`Reader` on a current database.

    The check is one query; only a new, old or never-built database goes
    through :func:`open_db` (migrate, build, index), which needs write access.
    Raises :class:`~smashup_db.errors.DatabaseError` with a one-line reason
    when the database cannot be used.
    """
    url = resolve_url(db)
    reader = Reader(url)
    if not _stale(_state(reader.one), shipped_version()):
        return reader
    reader.close()
    open_db(url)
    return Reader(url)


def migrate(engine: "Engine") -> tuple[str | None, str]:
    """Bring the schema to the newest migration under the write lock; returns ``(before, after)``.

    A new database is created at head; an older one is upgraded in place
    (the collection and imported text are kept). Raises :class:`DatabaseError`.
    """
    from .. import migrations
    from .transaction import write_transaction

    url = engine.url.render_as_string(hide_password=False)
    with database_errors(url):
        if migrations.is_current(engine):
            return migrations.HEAD, migrations.HEAD
        with write_transaction(engine, "migrate") as conn:
            return migrations.upgrade(conn)


def open_db(db: str | None = None, *, data_dir: Path | None = None, build_if_needed: bool = True) -> "Engine":
    """Open the database for writing: schema at head and, by default, facts and search index current.

    Returns the SQLAlchemy engine. Raises :class:`DatabaseError` with a
    one-line reason when the database cannot be used (wrong URL, server down,
    locked, read-only or unwritable file).
    """
    from sqlalchemy import text

    url = resolve_url(db)
    engine = engine_for(url)
    with database_errors(url):
        migrate(engine)
        if not build_if_needed:
            return engine

        def read(sql):
            with engine.connect() as conn:
                row = conn.execute(text(sql)).first()
            return dict(row._mapping) if row else None

        stale = _stale(_state(read), shipped_version(data_dir))
        if "catalogue" in stale:
            from ..catalogue.datafiles import default_data_dir, read_data
            from ..catalogue.load import build_catalogue_db

            build_catalogue_db(engine, read_data(Path(data_dir) if data_dir else default_data_dir()),
                               if_version_differs=True)
        elif "index" in stale:
            from ..search.index import rebuild_index
            from .transaction import write_transaction

            with write_transaction(engine, "search-index") as conn:
                rebuild_index(conn)
    return engine
