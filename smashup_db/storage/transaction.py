"""The one way to write: a transaction that holds the database's write lock from its start.

Every writer (build, migrations, text and translation imports, the
collection) goes through :func:`write_transaction`, so concurrent commands run
one after the other instead of failing half-way. Readers never take it.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: Test hook: ``LABEL:SECONDS`` makes the write transaction named LABEL print
#: ``paused in LABEL`` on stderr and sleep before it commits (used to kill a
#: command mid-way in tests). Never set it otherwise.
PAUSE_VAR = "SMASHUP_TEST_PAUSE"
#: Key of the PostgreSQL advisory lock that serializes writers (any 64-bit number).
PG_LOCK_KEY = 0x5A5A_0007


@contextmanager
def write_transaction(engine: "Engine", label: str = "write") -> Iterator["Connection"]:
    """A transaction holding the database's write lock from its first statement.

    SQLite: ``BEGIN IMMEDIATE`` (waits up to ``SMASHUP_DB_TIMEOUT`` for other
    writers; readers are never blocked in WAL mode). PostgreSQL: a
    transaction-scoped advisory lock shared by every smashup writer. Commits
    on success, rolls back on any error. Lock and driver errors surface as
    SQLAlchemy errors (wrap the block in :func:`~.engine.database_errors`).
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


@contextmanager
def writing(url: str, label: str = "write") -> Iterator["Connection"]:
    """:func:`write_transaction` on the database at ``url``, driver errors as one-line ``DatabaseError``.

    The way user-data writers (collection, game log, presets) write.
    """
    from .engine import database_errors, engine_for

    with database_errors(url), write_transaction(engine_for(url), label) as conn:
        yield conn


def _test_pause(label: str) -> None:
    value = os.environ.get(PAUSE_VAR, "")
    name, _, seconds = value.partition(":")
    if value and name == label:
        sys.stderr.write(f"paused in {label}\n")
        sys.stderr.flush()
        time.sleep(float(seconds or 60))
