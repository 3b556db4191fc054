"""The one way to write: a transaction that holds the database's write lock from its start.

Every writer (build, text and translation imports, the collection, the game
log, presets) goes through :func:`writing`, so concurrent commands run one
after the other instead of failing half-way; Alembic's migrations take the
same lock through :func:`sa_transaction`. Readers never take it.

On SQLite a writer first takes :func:`file_lock`, an advisory lock on a lock
file beside the database (``smashup.db.lock``), and only then opens its
connection. ``db recover`` holds that lock for its whole run, while it builds
a fresh file beside the damaged one and swaps it in; a writer that waited for
the lock then opens the file that is there now, the recovered one. So no
writer ever writes into the file that recover moves aside.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager

from smashup_db.db.connection import SQLConnection
from smashup_db.i18n import N_

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

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


_HELD = None  # per thread: {lock file: [fd, depth]} of the file locks this thread holds
#: Suffix of the lock file beside an SQLite database (``smashup.db.lock``).
LOCK_SUFFIX = ".lock"


def lock_path(path: str) -> str:
    """The lock file of the SQLite database ``path``: ``<path>.lock`` (created by the first writer)."""
    return path + LOCK_SUFFIX


@contextmanager
def file_lock(path: str, url: str | None = None) -> Iterator[None]:
    """Hold the smashup write lock of the SQLite file ``path``, waiting up to :func:`timeout`.

    The lock is ``flock`` on the lock file :func:`lock_path` beside the
    database, never on the database file itself: SQLite's own POSIX locks on
    that file would be dropped when another descriptor of it is closed in the
    same process. Because ``db recover`` replaces the database file but never
    the lock file, a writer waiting here writes into the recovered file.
    Re-entrant within a thread. Where the lock file cannot be made (a
    read-only folder), nothing is locked: SQLite then reports the real
    problem. Raises the usual one-line "busy"
    :class:`~smashup_db.errors.DatabaseError` when the wait runs out.
    """
    import fcntl
    import threading

    from smashup_db.db.engine import describe, timeout

    global _HELD
    if _HELD is None:
        _HELD = threading.local()
    held = getattr(_HELD, "locks", None)
    if held is None:
        held = _HELD.locks = {}
    key = os.path.abspath(lock_path(path))
    if key in held:
        held[key][1] += 1
        try:
            yield
        finally:
            held[key][1] -= 1
        return
    try:
        fd = os.open(key, os.O_RDONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + timeout()
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    from smashup_db.errors import DatabaseError

                    raise DatabaseError(
                        describe(Exception("database is locked"), url or f"sqlite:///{path}")
                    ) from None
                time.sleep(0.02)
        held[key] = [fd, 1]
        try:
            yield
        finally:
            del held[key]
    finally:
        os.close(fd)  # releases the lock


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
    from smashup_db.db.engine import database_errors, sqlite_path

    path = sqlite_path(url)
    with database_errors(url):
        if path is not None:
            with file_lock(path, url):
                yield from _sqlite_writer(path, url, label)
            return
        from smashup_db.db.engine import engine_for

        with sa_transaction(engine_for(url), label) as conn:
            _refuse_newer(conn.exec_driver_sql, url)
            yield Writer(conn, conn.dialect.name, sa=True)


def _sqlite_writer(path: str, url: str, label: str):
    """The body of :func:`writing` on SQLite (a generator: yields the :class:`Writer` once)."""
    import sqlite3

    from smashup_db.db.engine import timeout

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
            stop_point(label)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    finally:
        conn.close()


def _refuse_newer(execute, url: str) -> None:
    """Raise ``DatabaseError`` when a newer smashup wrote the schema (its tables may differ from ours)."""
    from smashup_db.db.migrations import is_newer

    row = execute("SELECT version_num FROM alembic_version").fetchone()
    if row and is_newer(row[0]):
        from smashup_db.db.engine import safe_url, sqlite_path
        from smashup_db.errors import DatabaseError

        raise DatabaseError(
            N_(
                "the database {value} was written by a newer smashup (schema {row}); upgrade smashup (pip install -U smashup-db) to change it; look-ups and search still work"
            ),
            value=sqlite_path(url) or safe_url(url),
            row=row[0],
        )


@contextmanager
def sa_transaction(engine: "Engine", label: str = "write") -> Iterator["Connection"]:
    """:func:`writing`'s lock on an SQLAlchemy connection (for servers, and for Alembic's migrations).

    SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the advisory lock. Commits on
    success, rolls back on any error; errors surface as SQLAlchemy errors.
    """
    lock = None
    if (
        engine.dialect.name == "sqlite"
        and engine.url.database
        and engine.url.database != ":memory:"
    ):
        lock = file_lock(engine.url.database)
        lock.__enter__()
    try:
        with _sa_locked(engine, label) as conn:
            yield conn
    finally:
        if lock is not None:
            lock.__exit__(None, None, None)


@contextmanager
def _sa_locked(engine: "Engine", label: str) -> Iterator["Connection"]:
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.begin()
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_LOCK_KEY})")
        try:
            yield conn
            stop_point(label)
        except BaseException:
            try:
                conn.rollback()
            except (
                BaseException
            ):  # the server is gone or frozen: drop the connection (the server rolls back)
                conn.invalidate()
            raise
        try:
            conn.commit()
        except BaseException:
            conn.invalidate()
            raise


def stop_point(label: str) -> None:
    """A point where a command can be stopped: called with a write transaction's ``label`` just before
    it commits, and with ``"read"`` after a server reader's first query. Does nothing; a test that must
    kill or freeze a command mid-way runs it through ``tests/paused_smashup.py``, which replaces it."""
