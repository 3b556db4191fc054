"""Salvage the user's data from a damaged SQLite database into a fresh one (``smashup db recover``).

The facts (products, factions, cards, bases, compiled names) come back from
``data/`` anyway; what only the database holds is the user's: the collection,
the game log, presets, imported names, rules text and rulings. Each of those
tables is read from the damaged file as far as SQLite still can (whole table,
else row by row).

What it guarantees:

* a file that is not a smashup database (not SQLite, or another program's
  tables) is refused in one line and left as it is;
* the smashup write lock of the file (:func:`smashup_db.db.transaction.file_lock`)
  is held from the first read to the swap, so every other smashup writer
  waits (or gives up with the usual "busy" line) and then writes into the
  recovered file: no write that reported success is lost;
* the fresh database is built completely beside the damaged one
  (``<file>.recover-<pid>.tmp``), flushed to disk, and only then renamed over
  it; the damaged file is kept as ``<file>.damaged-<time>``. A recover killed
  at any moment leaves the old file (with all its data) or the recovered one,
  never neither; its leftover temporary file is removed by the next recover.
"""

from __future__ import annotations

import glob
import os
import sqlite3
import time
from dataclasses import dataclass, field

from smashup_db.db.tables import TABLES, USER_TABLES
from smashup_db.errors import DatabaseError
from smashup_db.i18n import N_

#: Rows tried one by one, at most, when a table cannot be read whole.
MAX_ROWS_ONE_BY_ONE = 1_000_000


@dataclass
class RecoverReport:
    """What was saved: ``salvaged`` rows and ``unreadable`` rows per table, where the damaged file went."""

    damaged_copy: str
    salvaged: dict[str, int] = field(default_factory=dict)
    unreadable: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "damaged_copy": self.damaged_copy,
            "salvaged": self.salvaged,
            "unreadable": self.unreadable,
        }


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    try:
        return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
    except sqlite3.DatabaseError:
        return []


def _read(
    conn: sqlite3.Connection, table: str, where: str, columns: list[str]
) -> tuple[list[dict], int]:
    """``(rows, unreadable count)`` of ``table``: all at once, else row by row by rowid."""
    cols = ", ".join(columns)
    cond = f" WHERE {where}" if where else ""
    try:
        return [
            dict(zip(columns, r, strict=True))
            for r in conn.execute(f"SELECT {cols} FROM {table}{cond}")
        ], 0
    except sqlite3.DatabaseError:
        pass
    try:
        top = conn.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        top = MAX_ROWS_ONE_BY_ONE
    rows, lost = [], 0
    for rowid in range(1, min(top, MAX_ROWS_ONE_BY_ONE) + 1):
        try:
            row = conn.execute(
                f"SELECT {cols} FROM {table} WHERE rowid = ?"
                + (f" AND ({where})" if where else ""),
                (rowid,),
            ).fetchone()
        except sqlite3.DatabaseError:
            lost += 1
            continue
        if row is not None:
            rows.append(dict(zip(columns, row, strict=True)))
    return rows, lost


#: The first 16 bytes of every SQLite database file.
SQLITE_MAGIC = b"SQLite format 3\x00"


def check_ours(path: str) -> None:
    """Refuse (one-line :class:`DatabaseError`, nothing touched) a file that is not a smashup database.

    Not ours: a file that does not start with the SQLite header, or an SQLite
    file whose table list can be read and holds none of smashup's tables. A
    file so damaged that its table list cannot be read is taken as ours (it is
    kept as the damaged copy anyway).
    """
    from smashup_db.db.upgrade import OUR_TABLES

    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise DatabaseError(
            N_("{path}: cannot be read ({reason}); nothing was changed"),
            path=path,
            reason=exc.strerror or str(exc),
        ) from None
    if head != SQLITE_MAGIC:
        raise DatabaseError(
            N_("{path} is not a smashup database (not an SQLite file); it was left as it was"),
            path=path,
        )
    try:
        conn = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True)
        try:
            names = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        finally:
            conn.close()
    except sqlite3.Error:
        return
    if not names & set(OUR_TABLES):
        raise DatabaseError(
            N_(
                "{path} is not a smashup database (it holds no smashup tables); "
                "it was left as it was"
            ),
            path=path,
        )


def _uri_path(path: str) -> str:
    return path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _fsync(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def recover(url: str) -> RecoverReport:
    """Move the user's rows of the SQLite database at ``url`` into a fresh database at the same place.

    See the module doc for what is guaranteed. Raises :class:`DatabaseError`
    for a server URL, a missing file, a file that is not a smashup database,
    a write lock held longer than ``SMASHUP_DB_TIMEOUT`` or a fresh database
    that cannot be built (the damaged file is then left where it was).
    """
    from smashup_db.db.engine import sqlite_path
    from smashup_db.db.transaction import file_lock

    path = sqlite_path(url)
    if path is None:
        raise DatabaseError(
            N_("db recover works on SQLite files; restore a database server from its own backups")
        )
    if not os.path.isfile(path):
        raise DatabaseError(N_("no database file to recover"), prefix=path)
    check_ours(path)
    with file_lock(path, url):  # every smashup writer waits from here to the swap
        check_ours(path)  # (it may have been replaced while we waited)
        for stale in glob.glob(glob.escape(path) + ".recover-*.tmp*"):  # left by a killed recover
            _remove(stale)
        return _recover_locked(url, path)


def _recover_locked(url: str, path: str) -> RecoverReport:
    report = RecoverReport(damaged_copy=_damaged_copy_name(path))
    salvaged = _salvage(path, report)
    # 1. the fresh database, complete, beside the damaged one
    tmp = f"{path}.recover-{os.getpid()}.tmp"
    _write_fresh(tmp, salvaged)
    # 2. the damaged file's write-ahead log folded into it where SQLite still can
    try:
        live = sqlite3.connect(path, timeout=0)
        try:
            live.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            live.close()
    except sqlite3.Error:
        pass
    # 3. the damaged copy (a second name for the same file), then the swap
    _swap(path, tmp, report.damaged_copy)
    return report


def _damaged_copy_name(path: str) -> str:
    """``PATH.damaged-YYYYmmdd-HHMMSS``, with ``-2``, ``-3`` ... so an earlier copy is never overwritten."""
    copy = f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    n = 1
    while os.path.lexists(copy + ("" if n == 1 else f"-{n}")):
        n += 1
    return copy + ("" if n == 1 else f"-{n}")


def _salvage(path: str, report: RecoverReport) -> dict[str, tuple[list[str], list[dict]]]:
    """``{table: (columns, rows)}`` read from the damaged file (read-only) for each of
    :data:`USER_TABLES` it has; counts in ``report``. :class:`DatabaseError` when it cannot be opened."""
    try:
        damaged = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError(
            N_("cannot be opened at all ({exc}); nothing can be salvaged"), prefix=path, exc=exc
        ) from None
    salvaged: dict[str, tuple[list[str], list[dict]]] = {}
    try:
        for table, where in USER_TABLES:
            columns = _columns(damaged, table)
            if not columns:
                continue
            rows, lost = _read(damaged, table, where, columns)
            salvaged[table] = (columns, rows)
            report.salvaged[table], report.unreadable[table] = len(rows), lost
    finally:
        damaged.close()
    return salvaged


def _write_fresh(tmp: str, salvaged: dict) -> None:
    """A new, current database at ``tmp`` holding the ``salvaged`` rows, one self-contained file
    (no write-ahead log) on disk; on any failure (or Ctrl+C) ``tmp`` and its side files are removed."""
    import contextlib
    import io

    from smashup_db.compiler.bootstrap import ensure_current
    from smashup_db.db.engine import dispose_engines
    from smashup_db.db.transaction import writing
    from smashup_db.search.index import rebuild_index

    tmp_url = f"sqlite:///{tmp}"
    try:
        with contextlib.redirect_stderr(
            io.StringIO()
        ):  # no "creating a new smashup database" for the temporary file
            ensure_current(tmp_url)
        with writing(tmp_url, "recover") as w:
            for table, (columns, rows) in salvaged.items():
                keep = tuple(
                    c for c in columns if c in TABLES[table].names
                )  # the fresh database is at head
                w.execute(
                    TABLES[table].insert(keep, replace=True),
                    [{c: r[c] for c in keep} for r in rows],
                )
            _after_salvage(w, salvaged)
            rebuild_index(w)
        dispose_engines(tmp_url)
        conn = sqlite3.connect(tmp)
        try:  # one self-contained file: the write-ahead log folded in and gone
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA journal_mode = DELETE")
        finally:
            conn.close()
        _fsync(tmp)
    except BaseException:
        dispose_engines(tmp_url)
        for suffix in ("", "-wal", "-shm", "-journal", ".lock"):
            _remove(tmp + suffix)
        raise
    _remove(tmp + ".lock")  # the temporary file's own writer lock (nobody else knows that file)


def _swap(path: str, tmp: str, damaged_copy: str) -> None:
    """Keep the damaged file as ``damaged_copy`` (a hard link, else a copy; with its log when that
    could not be folded in), then put ``tmp`` in its place."""
    wal, shm = path + "-wal", path + "-shm"
    try:
        os.link(path, damaged_copy)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        import shutil

        shutil.copyfile(path, damaged_copy)
        _fsync(damaged_copy)
    _remove(shm)  # new connections must not share the old file's wal-index
    if (
        os.path.exists(wal) and os.path.getsize(wal) > 0
    ):  # the log could not be folded in: it goes with the copy
        os.replace(wal, damaged_copy + "-wal")
    else:
        _remove(wal)
    _remove(
        path + "-journal"
    )  # (smashup files are always in WAL mode; an old journal must not meet the new file)
    os.replace(tmp, path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        _fsync(folder)
    except OSError:
        pass


def _after_salvage(w, salvaged: dict) -> None:
    """Rows salvaged from a file of an older schema get what the migrations would have given them
    (the ``importer`` key of imported text and rulings, revision 0007)."""
    from smashup_db.db.migrations import IMPORTER_BACKFILL

    for sql in IMPORTER_BACKFILL:
        w.execute(sql)
