"""Opening a database: decide once whether it is current, and bring it there when not.

A database is *current* when its schema is at the newest migration, its facts
were built from the ``data/`` that ships with this package, and its search
index was built by this version's indexer. :func:`open_reader` checks that
with one cheap query and returns a :class:`~.reader.Reader` (no write, no
lock); only when something is missing or old does it go through
:func:`ensure_current`, the one place that migrates (Alembic, SQLAlchemy),
builds and indexes. Neither imports SQLAlchemy on a current SQLite database.
"""

from __future__ import annotations

import json
import os

from smashup_db.db.engine import engine_for, resolve_url, url_of
from smashup_db.db.reader import Reader
from smashup_db.errors import DatabaseError

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)

if TYPE_CHECKING:
    from pathlib import Path

    from sqlalchemy.engine import Engine

#: What a current database says about itself, in one query (every backend).
_STATE_SQL = (
    "SELECT (SELECT value FROM meta WHERE key = 'catalogue_version') AS catalogue,"
    " (SELECT value FROM meta WHERE key = 'search_index') AS search_index,"
    " (SELECT version_num FROM alembic_version) AS schema"
)


def shipped_version(data_dir: Path | None = None) -> str:
    """The catalogue version of the compiled ``data/`` that ships with the package."""
    from smashup_db.compiler.datafiles import data_dir_path

    with open(
        os.path.join(str(data_dir) if data_dir else data_dir_path(), "catalogue.json"),
        encoding="utf-8",
    ) as fh:
        return json.load(fh)["version"]


def _stale(url: str, version: str) -> list[str]:
    """What is not current in the database at ``url``: ``schema``, ``catalogue``, ``index`` (one query).

    ``newer`` joins them when the schema was written by a newer smashup,
    ``new`` when the database has no tables at all yet.
    """
    reader = Reader(url)
    try:
        return _stale_in(reader, version)
    finally:
        reader.close()


def _stale_in(reader: Reader, version: str) -> list[str]:
    """:func:`_stale` of the database ``reader`` reads."""
    from smashup_db.db.migrations import HEAD, is_newer
    from smashup_db.search.index import is_current_marker

    try:
        state = reader.one(_STATE_SQL) or {}
    except DatabaseError:  # a new file has no tables yet; the writers report real failures
        state = None
    out = ["new"] if state is None else []
    state = state or {}
    if state.get("schema") != HEAD:
        out.append("schema")
        if is_newer(state.get("schema")):
            out.append("newer")
    if state.get("catalogue") != version:
        out.append("catalogue")
    if not is_current_marker(state.get("search_index")):
        out.append("index")
    return out


def is_new(db=None) -> bool:
    """True when the database (path, URL, engine or the default) has no tables yet."""
    return "new" in _stale(url_of(db), shipped_version())


def open_reader(db: str | None = None) -> Reader:
    """A :class:`Reader` on a current database.

    The check is one query; only a new, old or never-built database goes
    through :func:`ensure_current` (migrate, build, index), which needs write
    access. Raises :class:`~smashup_db.errors.DatabaseError` with a one-line
    reason when the database cannot be used.
    """
    url = resolve_url(db)
    reader = Reader(url)  # the check and the look-up read through one connection
    try:
        stale = _stale_in(reader, shipped_version())
    except BaseException:
        reader.close()
        raise
    if stale and "newer" not in stale:  # a newer smashup's database is read as it is
        reader.close()
        ensure_current(url)
        return Reader(url)
    return reader


def ensure_current(db=None, *, data_dir: Path | None = None, build_if_needed: bool = True) -> str:
    """Make the database current (migrate, build the facts, index) as needed; returns its URL.

    ``db`` is a path, URL, engine or None (the default database). Raises
    :class:`DatabaseError` with a one-line reason when the database cannot
    be used (wrong URL, server down, locked, read-only or unwritable file).
    """
    url = url_of(db)
    stale = _stale(url, shipped_version(data_dir))
    if "schema" in stale:
        from smashup_db.db.upgrade import ensure_schema

        ensure_schema(url)  # refuses a newer smashup's database; announces a new one
        stale = _stale(
            url, shipped_version(data_dir)
        )  # a migration may clear the facts or the index
    if not build_if_needed:
        return url
    if "catalogue" in stale:
        from smashup_db.compiler.datafiles import default_data_dir, read_data
        from smashup_db.compiler.load import build_catalogue_db

        build_catalogue_db(url, read_data(data_dir or default_data_dir()), if_version_differs=True)
    elif "index" in stale:
        from smashup_db.db.transaction import writing
        from smashup_db.search.index import rebuild_index

        with writing(url, "search-index") as w:
            rebuild_index(w)
    return url


def open_db(db=None, *, data_dir: Path | None = None, build_if_needed: bool = True) -> "Engine":
    """:func:`ensure_current`, then an SQLAlchemy engine on the database (for code that wants one)."""
    return engine_for(ensure_current(db, data_dir=data_dir, build_if_needed=build_if_needed))
