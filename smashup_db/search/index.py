"""The search index: folded names and text of cards and bases, kept in step lazily.

Two derived tables, rebuilt together whenever the data they come from changed:

* ``search_doc(key, lang, field, body)``: one row per name or text of a card or
  base; ``key`` is ``card:<id>`` or ``base:<id>``, ``field`` is ``name`` or
  ``text``, ``body`` is the :func:`~smashup_db.textutil.fold` of it (only
  ``[0-9a-z]`` words separated by single spaces). Portable: the LIKE fallback
  searches it on any database, PostgreSQL included.
* ``search_fts``: an SQLite FTS5 table with the same rows, used when FTS5 is
  available. Because both hold the same folded words, both paths give the same
  results.

The meta row ``search_index`` records what the index was built from (catalogue
version, counts, total lengths and, on SQLite, the largest rowids of ``name``
and ``entity_text``). :func:`ensure_index` compares it with the data on every
search (one cheap query) and rebuilds when anything moved.
"""

from __future__ import annotations

from ..query import Reader
from ..textutil import fold

INDEX_VERSION = "1"
META_KEY = "search_index"
KINDS = ("card", "base")


def _signature_sql(dialect: str) -> str:
    rowids = (", (SELECT COALESCE(MAX(rowid), 0) FROM name) AS nr,"
              " (SELECT COALESCE(MAX(rowid), 0) FROM entity_text) AS tr") if dialect == "sqlite" else ""
    return ("SELECT (SELECT value FROM meta WHERE key = 'catalogue_version') AS v,"
            " (SELECT value FROM meta WHERE key = :marker) AS marker,"
            " (SELECT COUNT(*) FROM name) AS nn, (SELECT COALESCE(SUM(LENGTH(name)), 0) FROM name) AS nl,"
            " (SELECT COUNT(*) FROM entity_text) AS tn,"
            " (SELECT COALESCE(SUM(LENGTH(text)), 0) FROM entity_text) AS tl" + rowids)


def _signature(row: dict) -> str:
    parts = [INDEX_VERSION] + [str(row.get(k)) for k in ("v", "nn", "nl", "tn", "tl", "nr", "tr")]
    return "|".join(parts)


def index_state(reader: Reader) -> tuple[str, str | None]:
    """``(signature of the current data, marker stored by the last build or None)``."""
    row = reader.one(_signature_sql(reader.dialect), marker=META_KEY) or {}
    return _signature(row), row.get("marker")


def ensure_index(reader: Reader, force: bool = False) -> bool:
    """Make the search tables current (rebuilding when the data changed); True when FTS5 is in use."""
    sig, marker = index_state(reader)
    if not force and marker and marker.rsplit("|", 1)[0] == sig:
        return marker.endswith("|fts")
    return rebuild_index(reader.url, force=force)


def _documents(rows_names: list[dict], rows_text: list[dict]) -> list[dict]:
    seen, docs = set(), []
    for field, rows, col in (("name", rows_names, "name"), ("text", rows_text, "text")):
        for r in rows:
            body = fold(r[col] or "")
            key = (f"{r['kind']}:{r['ref']}", r["lang"], field, body)
            if body and key not in seen:
                seen.add(key)
                docs.append({"key": key[0], "lang": r["lang"], "field": field, "body": body})
    return docs


_SOURCE_NAMES = "SELECT kind, ref, lang, name FROM name WHERE kind IN ('card', 'base')"
_SOURCE_TEXT = "SELECT kind, ref, lang, text FROM entity_text WHERE kind IN ('card', 'base')"
_DOC_TABLE = ("CREATE TABLE IF NOT EXISTS search_doc (key VARCHAR(200) NOT NULL, lang VARCHAR(8) NOT NULL,"
              " field VARCHAR(8) NOT NULL, body TEXT NOT NULL)")
_INSERT_DOC = "INSERT INTO search_doc (key, lang, field, body) VALUES (:key, :lang, :field, :body)"


def rebuild_index(url: str, force: bool = False) -> bool:
    """Rebuild ``search_doc`` (and ``search_fts`` on SQLite with FTS5) for the database at ``url``.

    Runs in one write transaction and re-checks the marker inside it, so two
    processes racing to rebuild do the work once. Returns True when FTS5 is used.
    """
    if url.startswith("sqlite:///"):
        return _rebuild_sqlite(url[len("sqlite:///"):], force)
    return _rebuild_sqlalchemy(url, force)


def _rebuild_sqlite(path: str, force: bool) -> bool:
    import sqlite3

    from ..db import timeout

    conn = sqlite3.connect(path, timeout=timeout(), isolation_level=None)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("BEGIN IMMEDIATE")
        row = dict(conn.execute(_signature_sql("sqlite"), {"marker": META_KEY}).fetchone())
        sig, marker = _signature(row), row.get("marker")
        if not force and marker and marker.rsplit("|", 1)[0] == sig:
            conn.execute("COMMIT")
            return marker.endswith("|fts")
        docs = _documents([dict(r) for r in conn.execute(_SOURCE_NAMES)],
                          [dict(r) for r in conn.execute(_SOURCE_TEXT)])
        conn.execute(_DOC_TABLE)
        conn.execute("DELETE FROM search_doc")
        conn.executemany(_INSERT_DOC, docs)
        conn.execute("DROP TABLE IF EXISTS search_fts")
        try:
            conn.execute("CREATE VIRTUAL TABLE search_fts USING fts5(key UNINDEXED, lang UNINDEXED,"
                          " field UNINDEXED, body, tokenize = 'unicode61', prefix = '2 3')")
            conn.execute("INSERT INTO search_fts (key, lang, field, body) SELECT key, lang, field, body"
                         " FROM search_doc")
            fts = True
        except sqlite3.OperationalError:  # SQLite built without FTS5
            fts = False
        conn.execute("DELETE FROM meta WHERE key = :k", {"k": META_KEY})
        conn.execute("INSERT INTO meta (key, value) VALUES (:k, :v)",
                     {"k": META_KEY, "v": f"{sig}|{'fts' if fts else 'like'}"})
        conn.execute("COMMIT")
        return fts
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.close()


def _rebuild_sqlalchemy(url: str, force: bool) -> bool:
    from sqlalchemy import text

    from ..db import engine_for, write_transaction

    engine = engine_for(url)
    with write_transaction(engine, "search-index") as conn:  # serializes racing rebuilds (CREATE TABLE included)
        dialect = conn.dialect.name
        row = dict(conn.execute(text(_signature_sql(dialect)), {"marker": META_KEY}).first()._mapping)
        sig, marker = _signature(row), row.get("marker")
        if not force and marker and marker.rsplit("|", 1)[0] == sig:
            return marker.endswith("|fts")
        names = [dict(r._mapping) for r in conn.execute(text(_SOURCE_NAMES))]
        texts = [dict(r._mapping) for r in conn.execute(text(_SOURCE_TEXT))]
        conn.execute(text(_DOC_TABLE))
        conn.execute(text("DELETE FROM search_doc"))
        docs = _documents(names, texts)
        if docs:
            conn.execute(text(_INSERT_DOC), docs)
        conn.execute(text("DELETE FROM meta WHERE key = :k"), {"k": META_KEY})
        conn.execute(text("INSERT INTO meta (key, value) VALUES (:k, :v)"), {"k": META_KEY, "v": f"{sig}|like"})
    return False
