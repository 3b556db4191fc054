"""The one way to write: a transaction that holds the database's write lock from its start.

Every writer (build, text and translation imports, the collection, the game
log, presets) goes through :func:`writing`, so concurrent commands run one
after the other instead of failing half-way; Alembic's migrations take the
same lock through :func:`sa_transaction`. Readers never take it.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager

from smashup_db.db.connection import SQLConnection

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: Test hook: ``LABEL:SECONDS`` makes the write transaction named LABEL print
#: ``paused in LABEL`` on stderr and sleep before it commits (used to kill a
#: command mid-way in tests). Never set it otherwise.
PAUSE_VAR = "SMASHUP_TEST_PAUSE"
#: Key of the PostgreSQL advisory lock that serializes writers (any 64-bit number).
PG_LOCK_KEY = 0x5A5A_0007


class Writer(SQLConnection):
    """The connection of a write transaction: plain SQL with ``:name`` bound parameters.

    On SQLite it is a standard-library ``sqlite3`` connection (writers, like
    readers, never import SQLAlchemy there); elsewhere an SQLAlchemy
    connection (see :class:`~smashup_db.db.connection.SQLConnection`, which runs
    the SQL). ``dialect`` is ``sqlite`` or the server's name. Values are
    always bound, never pasted into SQL. Driver errors are raised as they are;
    :func:`writing` turns them into one-line messages and rolls back.
    """

    def execute(self, sql: str, params: dict | list[dict] | None = None) -> int:
        """Run ``sql`` once (``params`` a dict) or once per row (a list of dicts); returns the rows changed."""
        if isinstance(params, list) and not params:
            return 0
        return self._run(sql, params or {}).rowcount


@contextmanager
def writing(url: str, label: str = "write") -> Iterator[Writer]:
    """The one write transaction: holds the database's write lock from its first statement.

    SQLite: ``BEGIN IMMEDIATE`` on a ``sqlite3`` connection (WAL, foreign keys
    on; waits up to ``SMASHUP_DB_TIMEOUT`` for other writers; readers are never
    blocked). PostgreSQL: a transaction-scoped advisory lock shared by every
    smashup writer. So concurrent builds, imports and collection changes run
    one after the other. Commits on success, rolls back on any error; driver
    errors become a one-line :class:`~smashup_db.errors.DatabaseError`.
    Yields a :class:`Writer`.
    """
    from smashup_db.db.engine import database_errors, sqlite_path, timeout

    path = sqlite_path(url)
    with database_errors(url):
        if path is not None:
            import sqlite3

            seconds = timeout()
            conn = sqlite3.connect(path, timeout=seconds, isolation_level=None)
            try:
                conn.row_factory = sqlite3.Row
                conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("BEGIN IMMEDIATE")
                try:
                    _refuse_newer(conn.execute, url)
                    yield Writer(conn, "sqlite", sa=False)
                    _test_pause(label)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                conn.close()
            return
        from smashup_db.db.engine import engine_for

        with sa_transaction(engine_for(url), label) as conn:
            _refuse_newer(conn.exec_driver_sql, url)
            yield Writer(conn, conn.dialect.name, sa=True)


def _refuse_newer(execute, url: str) -> None:
    """Raise ``DatabaseError`` when a newer smashup wrote the schema (its tables may differ from ours)."""
    from smashup_db.db.migrations import is_newer

    row = execute("SELECT version_num FROM alembic_version").fetchone()
    if row and is_newer(row[0]):
        from smashup_db.errors import DatabaseError
        from smashup_db.db.engine import safe_url, sqlite_path

        raise DatabaseError(f"the database {sqlite_path(url) or safe_url(url)} was written by a newer smashup "
                            f"(schema {row[0]}); upgrade smashup (pip install -U smashup-db) to change it;"
                            " look-ups and search still work")


@contextmanager
def sa_transaction(engine: "Engine", label: str = "write") -> Iterator["Connection"]:
    """:func:`writing`'s lock on an SQLAlchemy connection (for servers, and for Alembic's migrations).

    SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the advisory lock. Commits on
    success, rolls back on any error; errors surface as SQLAlchemy errors.
    """
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.begin()
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_LOCK_KEY})")
        try:
            yield conn
            _test_pause(label)
        except BaseException:
            conn.rollback()
            raise
        conn.commit()


def _test_pause(label: str) -> None:
    value = os.environ.get(PAUSE_VAR, "")
    name, _, seconds = value.partition(":")
    if value and name == label:
        sys.stderr.write(f"paused in {label}\n")
        sys.stderr.flush()
        time.sleep(float(seconds or 60))
