"""Database location, engine and the automatic first build.

The embedded default is an SQLite file in the user's data directory
(``platformdirs.user_data_dir("smashup-db")``). ``SMASHUP_DB`` or ``--db``
override it with a file path or any SQLAlchemy URL (e.g.
``postgresql+psycopg://user@localhost/smashup``).

``open_db(url)`` returns an engine whose catalogue is current: the tables are
created and the facts loaded from ``data/`` when the database is new or its
catalogue version differs from the shipped one.
"""

from __future__ import annotations

import os
from pathlib import Path

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # SQLAlchemy is imported lazily: look-ups on SQLite never need it
    from sqlalchemy.engine import Engine

from .errors import DatabaseError  # noqa: F401  (re-exported)

ENV_VAR = "SMASHUP_DB"


def default_path() -> Path:
    """Where the embedded SQLite database lives by default."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("smashup-db", appauthor=False)) / "smashup.db"


def resolve_url(db: str | None = None) -> str:
    """Turn ``--db`` / ``$SMASHUP_DB`` / the default into an SQLAlchemy URL.

    A value containing ``://`` is used as a URL; anything else is a path to an
    SQLite file (its folder is created). Raises :class:`DatabaseError` when
    that folder cannot be created.
    """
    value = db or os.environ.get(ENV_VAR) or str(default_path())
    if "://" in value:
        return value
    path = Path(value).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder for the database {path}: {exc.strerror}") from None
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout = 30000")
    cur.execute("PRAGMA journal_mode = WAL")
    cur.execute("PRAGMA synchronous = NORMAL")
    cur.close()


_ENGINES: dict[str, "Engine"] = {}


def engine_for(url: str) -> Engine:
    """An engine for ``url`` (cached per URL). SQLite gets WAL and a busy timeout."""
    from sqlalchemy import create_engine, event

    if url not in _ENGINES:
        engine = create_engine(url)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        _ENGINES[url] = engine
    return _ENGINES[url]


def stored_version(engine: Engine) -> str | None:
    """The catalogue version the database was built from, or None if never built."""
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT value FROM meta WHERE key = :k"), {"k": "catalogue_version"}).first()
    except SQLAlchemyError:
        return None
    return row[0] if row else None


def open_db(db: str | None = None, *, data_dir: Path | None = None, build_if_needed: bool = True) -> Engine:
    """Open the database and make sure its catalogue is current.

    Raises :class:`DatabaseError` when the database cannot be reached (wrong
    URL, server down, unwritable file).
    """
    from sqlalchemy.exc import OperationalError

    from .catalogue.datafiles import read_data
    from .catalogue.load import build_catalogue_db

    url = resolve_url(db)
    engine = engine_for(url)
    try:
        if build_if_needed:
            import json

            from .catalogue.datafiles import default_data_dir

            ddir = Path(data_dir) if data_dir else default_data_dir()
            version = json.loads((ddir / "catalogue.json").read_text(encoding="utf-8"))["version"]
            if stored_version(engine) != version:
                build_catalogue_db(engine, read_data(ddir))
    except OperationalError as exc:
        raise DatabaseError(f"cannot use the database {safe_url(url)}: {short_reason(exc)}") from None
    return engine


def create_tables(engine: Engine) -> None:
    """Create every table that does not exist yet (never drops anything)."""
    from sqlmodel import SQLModel

    from . import models  # noqa: F401  (registers the tables)

    SQLModel.metadata.create_all(engine)


def safe_url(url: str) -> str:
    """``url`` with any password hidden, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def short_reason(exc: Exception) -> str:
    """The first line of a driver error, without SQLAlchemy's background link."""
    orig = getattr(exc, "orig", None) or exc
    return str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
