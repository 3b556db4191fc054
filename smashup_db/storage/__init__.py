"""Storage: the one way into the database.

* :mod:`.engine`: where the database is (``--db``, ``$SMASHUP_DB``, the user
  data folder), SQLAlchemy engines, timeouts, one-line error messages.
* :mod:`.reader`: :class:`Reader`, the read path (standard-library ``sqlite3``
  on SQLite, so look-ups never import SQLAlchemy; SQLAlchemy elsewhere).
* :mod:`.transaction`: :func:`writing`, the write path every writer uses (a :class:`Writer`).
* :mod:`.opening`: :func:`open_reader` and :func:`open_db`, which decide once
  whether a database is current (schema at head, catalogue and search index
  built from the shipped data) and bring it there when it is not.

The schema itself is declared in :mod:`smashup_db.models` and created and
upgraded only by the migrations in :mod:`smashup_db.migrations`.
"""

from ..errors import DatabaseError
from .engine import (ENV_VAR, TIMEOUT_VAR, database_errors, default_path, describe, dispose_engines,
                     engine_for, resolve_url, safe_url, short_reason, sqlite_path, timeout, url_of)
from .opening import ensure_current, is_new, migrate, open_db, open_reader, shipped_version
from .reader import Reader, in_params
from .transaction import PAUSE_VAR, PG_LOCK_KEY, Writer, sa_transaction, writing

__all__ = ["DatabaseError", "ENV_VAR", "TIMEOUT_VAR", "PAUSE_VAR", "PG_LOCK_KEY", "Reader", "database_errors",
           "default_path", "describe", "dispose_engines", "engine_for", "in_params", "migrate", "open_db",
           "open_reader", "resolve_url", "safe_url", "shipped_version", "short_reason", "sqlite_path", "timeout", "url_of", "ensure_current", "is_new",
           "Writer", "sa_transaction", "writing"]
