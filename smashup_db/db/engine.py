"""Database location, engines, timeouts and one-line error messages.

The embedded default is an SQLite file in the user's data directory
(``platformdirs.user_data_dir("smashup-db")``). ``SMASHUP_DB`` or ``--db``
override it with a file path or any SQLAlchemy URL (e.g.
``postgresql+psycopg://user@localhost/smashup``).

``SMASHUP_DB_TIMEOUT`` (seconds, default 30) is how long a command waits for
a lock (and for a server to answer) before it gives up with a one-line
:class:`DatabaseError`. SQLite connections made here enforce foreign keys.
"""

from __future__ import annotations

import math
import os
import sys
from contextlib import contextmanager

from smashup_db.errors import DatabaseError, Message
from smashup_db.i18n import N_

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator

if TYPE_CHECKING:  # SQLAlchemy is imported lazily: look-ups on SQLite never need it
    from sqlalchemy.engine import Engine

ENV_VAR = "SMASHUP_DB"
#: The application's folder name in the user data folder (platformdirs' ``appname``).
APP_NAME = "smashup-db"
TIMEOUT_VAR = "SMASHUP_DB_TIMEOUT"
DEFAULT_TIMEOUT = 30.0
#: Longest wait accepted in SMASHUP_DB_TIMEOUT (seconds): a week.
MAX_TIMEOUT = 604_800


def default_path() -> str:
    """Where the embedded SQLite database lives by default: ``<user data folder>/smashup.db``.

    The folder is platformdirs' ``user_data_dir("smashup-db")``; on plain Linux it is worked out by
    :func:`linux_data_folder` without importing platformdirs.
    """
    folder = linux_data_folder()
    if folder is None:
        from platformdirs import user_data_dir

        folder = user_data_dir(APP_NAME, appauthor=False)
    return os.path.join(folder, "smashup.db")


def linux_data_folder() -> str | None:
    """The user data folder of smashup-db on plain Linux (``$XDG_DATA_HOME/smashup-db`` when that is
    an absolute path, else ``~/.local/share/smashup-db``), or None where platformdirs' own rules
    must decide (another system, Android, a HOME that is not an absolute path).

    Written out once, on purpose: importing platformdirs costs more CPU than a whole ``card``
    look-up (``bench/bench_startup.py``: ``card`` 1.22x the jq scan with it, under 1.0x without;
    issue 30). ``tests/db/test_default_path.py`` checks it gives platformdirs' answer in every case
    it answers.
    """
    if sys.platform != "linux" or "ANDROID_DATA" in os.environ:
        return None
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg.startswith("/"):
        return os.path.join(xdg, APP_NAME)
    if not os.environ.get("HOME", "").startswith("/"):
        return None
    return os.path.join(os.path.expanduser("~/.local/share"), APP_NAME)


def resolve_url(db: str | None = None) -> str:
    """Turn ``--db`` / ``$SMASHUP_DB`` / the default into an SQLAlchemy URL.

    A value containing ``://`` is used as a URL; anything else is a path to an
    SQLite file. The folder of the default database (the user data folder) is
    created when missing; the folder of a path given with ``--db`` or
    ``$SMASHUP_DB`` must exist, so that a typo never quietly starts an empty
    database. Raises :class:`DatabaseError` (one line) otherwise.
    """
    value = db or os.environ.get(ENV_VAR)
    if value and "://" in value:
        return value
    path = os.path.expanduser(value) if value else default_path()
    folder = os.path.dirname(os.path.abspath(path))
    if value:
        if not os.path.isdir(folder):
            raise DatabaseError(
                N_(
                    "the folder of the database {path} does not exist; create it first (mkdir -p {folder}) or give another --db / {env_var}"
                ),
                path=path,
                folder=folder,
                env_var=ENV_VAR,
            )
    else:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(
                N_("cannot create the folder for the database {path}: {strerror}"),
                path=path,
                strerror=exc.strerror,
            ) from None
    return f"sqlite:///{path}"


def url_of(db) -> str:
    """The URL of ``db``: an SQLAlchemy ``Engine``, a URL, a file path or None (see :func:`resolve_url`)."""
    if hasattr(db, "url") and hasattr(db, "connect"):
        return db.url.render_as_string(hide_password=False)
    return resolve_url(db)


def timeout() -> float:
    """Seconds to wait for a lock or a server: ``$SMASHUP_DB_TIMEOUT``, default 30.

    Raises :class:`DatabaseError` when the variable is not a number of
    seconds from 0 to :data:`MAX_TIMEOUT` (a week; ``inf`` and ``nan`` are refused).
    """
    raw = os.environ.get(TIMEOUT_VAR, "").strip()
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_TIMEOUT:
        raise DatabaseError(
            N_("{timeout_var} must be a number of seconds from 0 to {max_timeout}, not {raw!r}"),
            timeout_var=TIMEOUT_VAR,
            max_timeout=MAX_TIMEOUT,
            raw=raw,
        )
    return value


def sqlite_path(url: str) -> str | None:
    """The file of an ``sqlite:///`` URL, or None for other URLs."""
    return url[len("sqlite:///") :] if url.startswith("sqlite:///") else None


def _sqlite_pragmas(seconds: float):
    def on_connect(dbapi_conn, _record) -> None:
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA synchronous = NORMAL")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    return on_connect


_ENGINES: dict[tuple[str, float], "Engine"] = {}


def engine_for(url: str) -> Engine:
    """An engine for ``url``, cached per URL and timeout.

    SQLite gets WAL and a busy timeout of :func:`timeout`. A server gets the
    same bound on connecting, on waiting for a lock and on each statement
    (server side), plus a client-side watchdog (:func:`_watchdog`) so that a
    server that stops answering (frozen, or gone without closing the
    connection) ends the command after about :func:`timeout` seconds instead of
    hanging it. Raises :class:`DatabaseError` for a URL SQLAlchemy cannot
    parse or whose driver is not installed.
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    seconds = timeout()
    key = (url, seconds)
    if key not in _ENGINES:
        kwargs: dict = {}
        if url.startswith("postgresql"):
            ms = max(1, int(seconds * 1000))  # 0 would mean "no limit" to the server
            # A statement may take longer than a lock wait (it can wait for the lock, then work), so a
            # lock wait ends as "busy" before the statement timeout ends it as "did not finish".
            kwargs["connect_args"] = {
                "connect_timeout": max(2, math.ceil(seconds)),
                "application_name": "smashup",
                "options": f"-c lock_timeout={ms} -c statement_timeout={2 * ms + 1000}",
            }
            kwargs["pool_pre_ping"] = False
        elif sqlite_path(url) is not None:
            kwargs["connect_args"] = {"timeout": seconds}
        try:
            engine = create_engine(url, **kwargs)
        except (
            ArgumentError,
            NoSuchModuleError,
            ValueError,
            TypeError,
        ) as exc:  # ValueError: a port like 'abc'
            reason = (
                Message(N_("its port is not a number"))
                if "int()" in str(exc)
                else short_reason(exc)
            )
            raise DatabaseError(
                N_("not a usable database URL {safe_url}: {short_reason}"),
                safe_url=safe_url(url),
                short_reason=reason,
            ) from None
        except ImportError as exc:
            hint = " (pip install 'smashup-db[postgres]')" if url.startswith("postgresql") else ""
            raise DatabaseError(
                N_("the driver for {safe_url} is not installed: {value}{hint}"),
                safe_url=safe_url(url),
                value=exc.name or exc,
                hint=hint,
            ) from None
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas(seconds))
        else:
            _watchdog(engine, seconds)
            _quiet_driver_log()
        _ENGINES[key] = engine
    return _ENGINES[key]


#: Seconds a server may take beyond its own statement timeout (2 x SMASHUP_DB_TIMEOUT + 1 s)
#: before the client gives up on it.
WATCHDOG_GRACE = 2.0


def _watchdog(engine: Engine, seconds: float) -> None:
    """Bound every statement and commit on ``engine`` on the client side (main thread only).

    An interval timer is armed before each statement and commit and disarmed
    when it returns or the connection goes back to the pool; when it fires,
    :class:`DatabaseError` is raised in the waiting call. This is what ends a
    command whose server froze: no answer ever arrives, so no server-side
    timeout can help.
    """
    import signal
    import threading

    from sqlalchemy import event

    limit = (
        2 * seconds + 1 + WATCHDOG_GRACE
    )  # after the server's statement timeout, which answers first

    def expired(_signum, _frame):
        raise DatabaseError(
            N_(
                "the database server {safe_url} did not answer within {limit:g} s (see {timeout_var}); nothing was changed unless the server finished the work on its own"
            ),
            safe_url=safe_url(engine.url.render_as_string(hide_password=False)),
            limit=limit,
            timeout_var=TIMEOUT_VAR,
        )

    def arm(*_args, **_kw):
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGALRM, expired)
            signal.setitimer(signal.ITIMER_REAL, limit)

    def disarm(*_args, **_kw):
        if threading.current_thread() is threading.main_thread():
            signal.setitimer(signal.ITIMER_REAL, 0)

    event.listen(
        engine, "do_connect", arm
    )  # connecting runs the dialect's first queries outside the cursor events
    event.listen(engine, "engine_connect", disarm)
    event.listen(engine, "before_cursor_execute", arm)
    event.listen(engine, "after_cursor_execute", disarm)
    event.listen(engine, "handle_error", disarm)
    event.listen(engine, "commit", arm)
    event.listen(engine, "rollback", arm)
    event.listen(engine.pool, "checkin", disarm)
    event.listen(engine.pool, "reset", disarm)


def _quiet_driver_log() -> None:
    """Keep psycopg's own log lines off stderr.

    When a server stops mid-command, psycopg tries to cancel the query and logs
    the failure as a multi-line warning ("query cancellation failed: ... Is the
    server running ...?") beside the command's own one-line error, which
    already says what happened. Those records are dropped.
    """
    import logging

    for name in (
        "psycopg",
        "sqlalchemy.pool",
    ):  # the pool logs a failed reset of a dead connection with its traceback
        log = logging.getLogger(name)
        if not any(isinstance(h, logging.NullHandler) for h in log.handlers):
            log.addHandler(logging.NullHandler())
        log.propagate = False


def dispose_engines(url: str | None = None) -> None:
    """Close the pooled connections of the cached engines (of ``url`` only, if given)."""
    for key in [k for k in _ENGINES if url is None or k[0] == url]:
        _ENGINES.pop(key).dispose()


def describe(exc: BaseException, url: str) -> Message:
    """A one-line message for a database error on ``url`` (locks and unreachable servers told apart)."""
    reason = short_reason(exc)
    low = reason.lower()
    where = sqlite_path(url) or safe_url(url)
    if "database is locked" in low or "database table is locked" in low or "lock timeout" in low:
        return Message(
            N_(
                "the database {where} is busy: another program holds its write lock (waited {secs:g} s, "
                "see {var}); try again when it has finished"
            ),
            where=where,
            secs=timeout(),
            var=TIMEOUT_VAR,
        )
    if "readonly database" in low or (
        "unable to open database file" in low
        and where == sqlite_path(url)
        and os.path.isfile(where)
        and not os.access(where, os.W_OK)
    ):
        return Message(
            N_(
                "the database {where} is read-only; this command needs to write to it (look-ups and search "
                "work)"
            ),
            where=where,
        )
    if "statement timeout" in low:
        return Message(
            N_(
                "the database server {where} did not finish a statement in time (see {var}, now {secs:g} s); "
                "nothing was changed"
            ),
            where=where,
            var=TIMEOUT_VAR,
            secs=timeout(),
        )
    if "malformed" in low or "database corrupt" in low:
        return Message(
            N_(
                "the database {where} is damaged ({reason}); run: smashup db recover (moves your collection, "
                "game log, presets and imported text into a fresh database, keeping the damaged file "
                "beside it)"
            ),
            where=where,
            reason=reason,
        )
    if "file is not a database" in low:
        return Message(N_("{where} is not a smashup database (not an SQLite file)"), where=where)
    if type(exc).__name__ == "CommandError":  # Alembic: an alembic_version table that is not ours
        return Message(
            N_(
                "{path} is not a smashup database: its alembic_version table belongs to another program"
                " ({detail}); give another --db / {var}"
            ),
            path=where,
            detail=reason,
            var=ENV_VAR,
        )
    return Message(N_("cannot use the database {where}: {reason}"), where=where, reason=reason)


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Turn driver errors (:func:`is_driver_error`) inside the block into :class:`DatabaseError`."""
    try:
        yield
    except Exception as exc:
        if is_driver_error(exc):
            found = describe(exc, url)
            if isinstance(found, Message):
                raise DatabaseError(found.template, **found.values) from None
            raise DatabaseError(found) from None
        raise


def is_driver_error(exc: BaseException) -> bool:
    """True for an error of the database layer: ``sqlite3``, SQLAlchemy, psycopg or Alembic's ``CommandError``.

    Modules that were never imported cannot have raised, so none is imported here (start-up).
    """
    import sqlite3
    import sys

    if isinstance(exc, sqlite3.Error):
        return True
    for module, name in (
        ("sqlalchemy.exc", "SQLAlchemyError"),
        ("psycopg", "Error"),
        ("alembic.util.exc", "CommandError"),
    ):
        cls = getattr(sys.modules.get(module), name, None)
        if cls is not None and isinstance(exc, cls):
            return True
    return False


def safe_url(url: str) -> str:
    """``url`` with any password hidden, for messages."""
    if "@" not in url:  # no user, so no password (SQLite files): no need to load SQLAlchemy
        return url
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not parseable (a port like 'abc'): hide what stands between user: and @
        scheme, sep, rest = url.partition("://")
        auth, at, host = rest.rpartition("@")
        if not (sep and at and ":" in auth):
            return url
        return f"{scheme}://{auth.partition(':')[0]}:***@{host}"


def short_reason(exc: BaseException) -> str:
    """The first line of a driver error, without SQLAlchemy's background link."""
    orig = getattr(exc, "orig", None) or exc
    return str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
