"""The read path: :class:`Reader` runs read-only queries and returns rows as dicts.

Look-ups must start quickly, and importing SQLAlchemy alone costs about a
third of a second here. So on the embedded SQLite database reads use the
standard library's ``sqlite3``; on any other URL (PostgreSQL) an SQLAlchemy
connection in autocommit. Both take the same portable SQL with ``:name``
bound parameters; values are never pasted into SQL. A reader never writes.
"""

from __future__ import annotations

import sqlite3

from smashup_db.db.connection import SQLConnection

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Any, Iterable


class Reader(SQLConnection):
    """Run read queries; rows come back as dicts. ``dialect`` is ``sqlite`` or the server's name.

    Every method raises :class:`~smashup_db.errors.DatabaseError` (one line)
    when the database cannot be read. On a server each query runs on its own
    (autocommit), so a reader never holds locks between queries. Numeric
    results are plain ``int``/``float`` on every backend (see
    :class:`~smashup_db.db.connection.SQLConnection`, which runs the SQL).
    """

    def __init__(self, url: str):
        from smashup_db.db.engine import database_errors, sqlite_path, timeout

        self.url = url
        self._failed = False
        self._stopped = False  # see _stop_point_once
        path = sqlite_path(url)
        with database_errors(url):
            if path is not None:
                self._path = path
                super().__init__(_connect_sqlite(path, timeout()), "sqlite", sa=False)
                self._ident = _identity(path)
            else:
                from smashup_db.db.engine import engine_for

                conn = engine_for(url).connect().execution_options(isolation_level="AUTOCOMMIT")
                super().__init__(conn, conn.dialect.name, sa=True)

    def all(self, sql: str, **params: Any) -> list[dict]:
        """All rows of ``sql`` with bound ``params``, as dicts."""
        from smashup_db.db.engine import database_errors

        try:
            with database_errors(self.url):
                self._follow_swap()
                rows = super().all(sql, **params)
        except BaseException:
            self._failed = True
            raise
        _stop_point_once(self)
        return rows

    def tuples(self, sql: str, **params: Any) -> list[tuple]:
        """All rows of ``sql``, as plain tuples."""
        from smashup_db.db.engine import database_errors

        try:
            with database_errors(self.url):
                self._follow_swap()
                return super().tuples(sql, **params)
        except BaseException:
            self._failed = True
            raise

    def _follow_swap(self) -> None:
        """Reopen the SQLite file when ``db recover`` swapped a fresh one in since the last query."""
        if not self._is_sa and self._ident is not None and _identity(self._path) != self._ident:
            self._reopen()  # db recover swapped a fresh file in: read that one

    def _reopen(self) -> None:
        from smashup_db.db.engine import timeout

        self._conn.close()
        self._ident = _identity(self._path)
        self._conn = _connect_sqlite(self._path, timeout())

    def close(self) -> None:
        """Close the connection; never raises.

        On a server, a connection whose query failed (the server stopped
        answering, or went away) is dropped without the usual rollback, which
        would wait for that server again; closing a reader is never what fails
        a command.
        """
        try:
            if self._is_sa and self._failed:
                self._conn.invalidate()
            else:
                self._conn.close()
        except Exception:
            pass


def _stop_point_once(reader: Reader) -> None:
    """A server reader's :func:`~smashup_db.db.transaction.stop_point` (``"read"``), after its first query."""
    if reader._is_sa and not reader._stopped:
        reader._stopped = True
        from smashup_db.db import transaction

        transaction.stop_point("read")


def _identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the file at ``path``, None when there is none (yet)."""
    import os

    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _connect_sqlite(path: str, seconds: float) -> sqlite3.Connection:
    """A read connection to the SQLite file ``path``.

    A database in WAL mode needs its ``-shm`` file to be read. Where that file
    cannot be made or grown (a read-only mount, a folder the user may not
    write, a full disk) and no write-ahead log is pending (the ``-wal`` file
    is absent or empty, so the database file alone is complete), the
    database is opened read-only and immutable instead. Raises ``sqlite3.Error``.
    """
    import os

    conn = sqlite3.connect(path, timeout=seconds)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        wal = path + "-wal"
        if not os.path.isfile(path) or (os.path.exists(wal) and os.path.getsize(wal) > 0):
            raise
        uri = (
            "file:"
            + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
            + "?mode=ro&immutable=1"
        )
        try:
            conn = sqlite3.connect(uri, uri=True, timeout=seconds)
            conn.row_factory = sqlite3.Row
            conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        except sqlite3.Error:
            pass
        else:
            return conn
        raise


def in_params(prefix: str, values: Iterable[Any]) -> tuple[str, dict]:
    """Bound parameters for an ``IN (...)`` list: ``("(:p0, :p1)", {"p0": a, "p1": b})``."""
    values = list(values)
    if not values:
        return "(NULL)", {}
    names = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{n}" for n in names) + ")", names
