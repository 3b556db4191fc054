"""The search index: folded names and text of cards and bases, rebuilt by every writer.

Two derived tables, declared in the schema (:mod:`smashup_db.db.tables`, made by the migrations):

* ``search_doc(key, lang, field, body)``: one row per name or text of a card or
  base; ``key`` is ``card:<id>`` or ``base:<id>``, ``field`` is ``name`` or
  ``text``, ``body`` is the :func:`~smashup_db.common.text.fold` of it (only
  ``[0-9a-z]`` words separated by single spaces). Portable: the LIKE fallback
  searches it on any database, PostgreSQL included.
* ``search_fts``: an SQLite FTS5 table with the same rows, created by the
  migration where SQLite has FTS5. Because both hold the same folded words,
  both paths give the same results.

Every writer of names or text (``db build``, ``import text``, ``import
translations``, migrations) calls :func:`rebuild_index` inside its own write
transaction, so the index is always in step and a search never writes. The
meta row ``search_index`` says which indexer built it and whether FTS5 is used.
"""

from __future__ import annotations

from smashup_db.common.text import fold, word_parts

#: Bump when the documents change shape: databases indexed by another version are re-indexed on open.
INDEX_VERSION = "3"
META_KEY = "search_index"

_SOURCE_NAMES = "SELECT kind, ref, lang, name, folded FROM name WHERE kind IN ('card', 'base')"
_SOURCE_TEXT = "SELECT kind, ref, lang, text FROM entity_text WHERE kind IN ('card', 'base')"


def is_current_marker(marker: str | None) -> bool:
    """True when a ``search_index`` meta value was written by this version's :func:`rebuild_index`."""
    return bool(marker) and marker.split("|", 1)[0] == INDEX_VERSION


def uses_fts(marker: str | None) -> bool:
    """True when the index behind ``marker`` has the FTS5 table filled."""
    return bool(marker) and marker.endswith("|fts")


def documents(names: list[dict], texts: list[dict]) -> list[dict]:
    """Index rows ``{"key", "lang", "field", "body"}`` from name rows and text rows (no duplicates).

    German names also get one extra name row per word part (:func:`~smashup_db.common.text.word_parts`),
    so a part of a compound word finds the word ("Rüstung" finds "Cäsiumrüstung").
    """
    seen, docs = set(), []
    for field, rows, col in (("name", names, "name"), ("text", texts, "text")):
        for r in rows:
            body = r.get("folded") or fold(r[col] or "")  # names carry their fold (the matching key) already
            bodies = [body]
            if field == "name" and r["lang"] == "de":
                bodies += [part for word in body.split() for part in word_parts(word)]
            for b in bodies:
                key = (f"{r['kind']}:{r['ref']}", r["lang"], field, b)
                if b and key not in seen:
                    seen.add(key)
                    docs.append({"key": key[0], "lang": r["lang"], "field": field, "body": b})
    return docs


def rebuild_index(w, fields: tuple[str, ...] = ("name", "text")) -> bool:
    """Rebuild the index documents of ``fields`` (``name``, ``text``) in the write transaction ``w``.

    ``w`` is the :class:`~smashup_db.db.Writer` of the caller's
    transaction (see :func:`smashup_db.db.writing`), so the index changes
    together with the names and text it is made from: a build changes only
    names, a text import only text. ``search_fts`` follows where it exists.
    Returns True when FTS5 is in use. Raises driver errors.
    """
    from smashup_db.db.tables import SEARCH_FTS, TABLES  # here: look-ups import this module, never write

    doc, meta = TABLES["search_doc"], TABLES["meta"]
    names = w.all(_SOURCE_NAMES) if "name" in fields else []
    texts = w.all(_SOURCE_TEXT) if "text" in fields else []
    docs = documents(names, texts)
    fts = w.dialect == "sqlite" and bool(w.one("SELECT 1 FROM sqlite_master WHERE name = :n", n=SEARCH_FTS))
    for field in fields:
        w.execute(doc.delete(("field",)), {"field": field})
        if fts:
            w.execute(f"DELETE FROM {SEARCH_FTS} WHERE field = :field", {"field": field})
    w.execute(doc.insert(), docs)
    if fts:
        w.execute(doc.insert(into=SEARCH_FTS), docs)
    w.execute(meta.delete(), {"key": META_KEY})
    w.execute(meta.insert(), {"key": META_KEY, "value": f"{INDEX_VERSION}|{'fts' if fts else 'like'}"})
    return fts
