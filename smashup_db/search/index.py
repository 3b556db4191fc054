"""The search index: folded names and text of cards and bases, rebuilt by every writer.

Two derived tables, declared in the schema (:mod:`smashup_db.db.schema`, made by the migrations):

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
INDEX_VERSION = "4"
META_KEY = "search_index"

_SOURCE_NAMES = "SELECT kind, ref, lang, name, folded FROM name WHERE kind IN ('card', 'base')"
_SOURCE_TEXT = "SELECT kind, ref, lang, text FROM entity_text WHERE kind IN ('card', 'base')"
#: Aliases of cards and bases (``alias`` table) are names too; faction and product names and aliases
#: are ``group`` documents of every card and base of that faction or product, so a free word finds a
#: faction's cards by its name in either language ("Reiter" finds the Bärenreiter).
_SOURCE_ALIASES = "SELECT kind, ref, lang, name, folded FROM alias WHERE kind IN ('card', 'base')"
_GROUP_NAMES = (
    "SELECT n.kind AS gkind, n.ref AS gref, n.lang AS lang, n.name AS name, n.folded AS folded FROM name n"
    " WHERE n.kind IN ('faction', 'product')"
    " UNION SELECT a.kind, a.ref, a.lang, a.name, a.folded FROM alias a WHERE a.kind IN ('faction', 'product')"
)
_GROUP_MEMBERS = (
    "SELECT 'card' AS kind, c.id AS ref, 'faction' AS gkind, c.faction_id AS gref FROM card c"
    " UNION SELECT 'card', c.id, 'product', pf.product_id FROM card c"
    " JOIN product_faction pf ON pf.faction_id = c.faction_id"
    " UNION SELECT 'base', b.id, 'faction', b.faction_id FROM base b WHERE b.faction_id IS NOT NULL"
    " UNION SELECT 'base', b.id, 'product', b.product_id FROM base b"
)


def group_rows(reader) -> list[dict]:
    """``[{"kind", "ref", "lang", "name", "folded"}]``: the faction and product names (and aliases) of each
    card and base, for the ``group`` search documents (``reader``: anything with ``all(sql)``)."""
    names: dict[tuple[str, str], list[dict]] = {}
    for r in reader.all(_GROUP_NAMES):
        names.setdefault((r["gkind"], r["gref"]), []).append(r)
    out = []
    for m in reader.all(_GROUP_MEMBERS):
        for n in names.get((m["gkind"], m["gref"]), ()):
            out.append(
                {
                    "kind": m["kind"],
                    "ref": m["ref"],
                    "lang": n["lang"],
                    "name": n["name"],
                    "folded": n["folded"],
                }
            )
    return out


def is_current_marker(marker: str | None) -> bool:
    """True when a ``search_index`` meta value was written by this version's :func:`rebuild_index`."""
    return marker is not None and marker.split("|", 1)[0] == INDEX_VERSION


def uses_fts(marker: str | None) -> bool:
    """True when the index behind ``marker`` has the FTS5 table filled."""
    return marker is not None and marker.endswith("|fts")


def documents(names: list[dict], texts: list[dict], groups: list[dict] | tuple = ()) -> list[dict]:
    """Index rows ``{"key", "lang", "field", "body"}`` from name, text and group rows (no duplicates).

    German names also get one extra name row per word part (:func:`~smashup_db.common.text.word_parts`),
    so a part of a compound word finds the word ("Rüstung" finds "Cäsiumrüstung"). ``groups``
    (:func:`group_rows`) become ``group`` rows: a free word matches them, ``name:`` and ``o:`` do not.
    """
    seen, docs = set(), []
    for field, rows, col in (
        ("name", names, "name"),
        ("text", texts, "text"),
        ("group", groups, "name"),
    ):
        for r in rows:
            body = r.get("folded") or fold(
                r[col] or ""
            )  # names carry their fold (the matching key) already
            bodies = [body]
            if field in ("name", "group") and r["lang"] == "de":
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
    from smashup_db.db.tables import (
        SEARCH_FTS,
        TABLES,
    )  # here: look-ups import this module, never write

    doc, meta = TABLES["search_doc"], TABLES["meta"]
    names = w.all(_SOURCE_NAMES) + w.all(_SOURCE_ALIASES) if "name" in fields else []
    texts = w.all(_SOURCE_TEXT) if "text" in fields else []
    groups = group_rows(w) if "name" in fields else []
    docs = documents(names, texts, groups)
    fts = w.dialect == "sqlite" and bool(
        w.one("SELECT 1 FROM sqlite_master WHERE name = :n", n=SEARCH_FTS)
    )
    for field in (*fields, *(("group",) if "name" in fields else ())):
        w.execute(doc.delete(("field",)), {"field": field})
        if fts:
            w.execute(f"DELETE FROM {SEARCH_FTS} WHERE field = :field", {"field": field})
    w.execute(doc.insert(), docs)
    if fts:
        w.execute(doc.insert(into=SEARCH_FTS), docs)
    w.execute(meta.delete(), {"key": META_KEY})
    w.execute(
        meta.insert(), {"key": META_KEY, "value": f"{INDEX_VERSION}|{'fts' if fts else 'like'}"}
    )
    return fts
