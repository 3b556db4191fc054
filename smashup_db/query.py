"""A fast, read-only query layer for look-ups, search and the site.

Look-ups must start quickly, and importing SQLAlchemy alone costs about a
third of a second here. So reads go through :class:`Reader`: on the embedded
SQLite database it uses the standard library's ``sqlite3``; on any other URL
(PostgreSQL) it uses an SQLAlchemy connection. Both take the same portable
SQL with ``:name`` bound parameters; values are never pasted into SQL.

``open_reader(db)`` also makes sure the catalogue is built and current
(building it through :func:`smashup_db.db.open_db` only when needed).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Iterable

from .catalogue.datafiles import default_data_dir


class Reader:
    """Run read queries; rows come back as dicts. ``dialect`` is ``sqlite`` or the server's name."""

    def __init__(self, url: str):
        self.url = url
        if url.startswith("sqlite:///"):
            self.dialect = "sqlite"
            path = url[len("sqlite:///"):]
            self._conn = sqlite3.connect(path, timeout=30)
            self._conn.row_factory = sqlite3.Row
            self._sa = None
        else:
            from sqlalchemy import text  # noqa: F401

            from .db import engine_for

            self._sa = engine_for(url).connect()
            self.dialect = self._sa.dialect.name

    def all(self, sql: str, **params: Any) -> list[dict]:
        """All rows of ``sql`` with bound ``params``."""
        if self._sa is None:
            return [dict(r) for r in self._conn.execute(sql, params)]
        from sqlalchemy import text

        return [dict(r._mapping) for r in self._sa.execute(text(sql), params)]

    def one(self, sql: str, **params: Any) -> dict | None:
        """The first row of ``sql``, or None."""
        rows = self.all(sql, **params)
        return rows[0] if rows else None

    def scalar(self, sql: str, **params: Any) -> Any:
        """The first column of the first row, or None."""
        row = self.one(sql, **params)
        return next(iter(row.values())) if row else None

    def close(self) -> None:
        """Close the connection."""
        if self._sa is None:
            self._conn.close()
        else:
            self._sa.close()


def in_params(prefix: str, values: Iterable[Any]) -> tuple[str, dict]:
    """Bound parameters for an ``IN (...)`` list: ``("(:p0, :p1)", {"p0": a, "p1": b})``."""
    values = list(values)
    if not values:
        return "(NULL)", {}
    names = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{n}" for n in names) + ")", names


def shipped_version(data_dir: Path | None = None) -> str:
    """The catalogue version of the compiled ``data/`` that ships with the package."""
    ddir = Path(data_dir) if data_dir else default_data_dir()
    return json.loads((ddir / "catalogue.json").read_text(encoding="utf-8"))["version"]


def open_reader(db: str | None = None) -> Reader:
    """A :class:`Reader` on a current catalogue (built on first use).

    Raises :class:`smashup_db.db.DatabaseError` when the database cannot be used.
    """
    from .db import open_db, resolve_url

    url = resolve_url(db)
    reader = None
    try:
        reader = Reader(url)
        current = reader.scalar("SELECT value FROM meta WHERE key = :k", k="catalogue_version")
    except Exception:  # a fresh file has no tables yet; a server error is reported by open_db
        current = None
    if current != shipped_version():
        if reader is not None:
            reader.close()
        open_db(url)  # builds, or raises DatabaseError with a one-line reason
        reader = Reader(url)
    return reader
