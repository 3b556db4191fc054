"""Load the compiled facts into the database (``smashup db build``).

The whole load runs in one transaction: fact tables and compiled names are
replaced and the search index rebuilt; imported text, rulings, imported names and the user's collection
are left as they are. Afterwards imported rows whose id no longer exists are
reported (not deleted).
"""

from __future__ import annotations

import json
import time
from collections import Counter

from smashup_db.common.text import fold
from smashup_db.db.tables import DATA_ORIGIN, FACT_TABLES, TABLES


#: The meta rows a build writes besides the facts.
def differences_by_source(diffs: list[dict]) -> dict:
    """``{"card-archive/kadsuno": {"differences": n, "printing": n, "corrected": n, "reviewed": n, "unresolved": n}}``."""
    out: dict[str, dict] = {}
    for d in diffs:
        s = out.setdefault(
            d.get("sources", "card-archive/kadsuno"),
            {"differences": 0, "printing": 0, "corrected": 0, "reviewed": 0, "unresolved": 0},
        )
        s["differences"] += 1
        s[d.get("status") if d.get("status") in s else "unresolved"] += 1
    return out


META_KEYS = (
    "catalogue_version",
    "catalogue_date",
    "printing_differences",
    "printing_unresolved",
    "printing_sources",
)
#: ``key IN (:k0, :k1, ...)`` over :data:`META_KEYS`, with its parameters.
_META_IN = f"key IN ({', '.join(f':k{i}' for i in range(len(META_KEYS)))})"
_META_PARAMS = {f"k{i}": k for i, k in enumerate(META_KEYS)}


class BuildReport:
    """Counts of what was loaded (table -> rows), seconds taken, imported rows left orphaned,
    the catalogue version, and whether anything was written (``changed``: False when the
    database already held exactly these facts)."""

    def __init__(
        self,
        counts: dict | None = None,
        seconds: float = 0.0,
        orphans: list | None = None,
        version: str = "",
        changed: bool = False,
    ):
        self.counts, self.seconds, self.version, self.changed = (
            counts or {},
            seconds,
            version,
            changed,
        )
        self.orphans: list[tuple[str, str]] = orphans or []


class _FactRows:
    """The rows of :func:`fact_rows`, filled table by table."""

    def __init__(self) -> None:
        self.rows: dict[str, list[dict]] = {t: [] for t in (*FACT_TABLES, "name")}

    def name(self, kind, ref, lang, value, confidence="", evidence="") -> None:
        """A compiled name (origin ``data``), when ``value`` is not empty."""
        if value:
            self.rows["name"].append(
                {
                    "kind": kind,
                    "ref": ref,
                    "lang": lang,
                    "origin": DATA_ORIGIN,
                    "name": value,
                    "folded": fold(value),
                    "confidence": confidence,
                    "evidence": evidence,
                }
            )

    def factions(self, data: dict) -> None:
        rows = self.rows
        for _, f in data["factions"]:
            rows["faction"].append(
                {"id": f["id"], "sort": f["sort"], "complexity": f.get("complexity")}
            )
            self.name("faction", f["id"], "en", f["name"])
            for i, c in enumerate(f["cards"]):
                rows["card"].append(
                    {
                        "id": c["id"],
                        "faction_id": f["id"],
                        "type": c["type"],
                        "copies": c["copies"],
                        "power": c["power"],
                        "sort": i,
                        "product_id": c.get("product"),
                        "note": c.get("note") or None,
                    }
                )
                rows["card_keyword"] += [{"card_id": c["id"], "keyword": k} for k in c["keywords"]]
                self.name("card", c["id"], "en", c["name"])

    def products(self, data: dict) -> None:
        """Products, their extra decks, factions and bases."""
        rows = self.rows
        for _, p in data["products"]:
            german = p.get("german_edition") or {}
            rows["product"].append(
                {
                    "id": p["id"],
                    "kind": p["kind"],
                    "year": p["year"],
                    "sort": p["sort"],
                    "german_title": german.get("title"),
                    "german_release": german.get("release"),
                }
            )
            rows["product_extra_deck"] += [
                {"product_id": p["id"], "deck": d, "position": i}
                for i, d in enumerate(p["extra_decks"])
            ]
            self.name("product", p["id"], "en", p["name"])
            rows["product_faction"] += [
                {"product_id": p["id"], "faction_id": fid} for fid in p["factions"]
            ]
            for i, b in enumerate(p["bases"]):
                vp = b["vp"]
                rows["base"].append(
                    {
                        "id": b["id"],
                        "product_id": p["id"],
                        "faction_id": b["faction"],
                        "breakpoint": b["breakpoint"],
                        "vp1": vp[0],
                        "vp2": vp[1],
                        "vp3": vp[2],
                        "sort": p["sort"] * 100 + i,
                        "note": b.get("note", ""),
                        "scoring": b.get("scoring"),
                    }
                )
                self.name("base", b["id"], "en", b["name"])

    def printings(self, data: dict) -> None:
        """The printing rows of ``printings.json``."""
        rows = self.rows
        for r in data.get("printings", []):
            vp = r.get("vp") or [None, None, None]
            rows["printing"].append(
                {
                    "kind": r["kind"],
                    "ref": r["id"],
                    "product_id": r["product"],
                    "printing": r["printing"],
                    "name": r.get("name") or "",
                    "type": r.get("type") or "",
                    "copies": r.get("copies"),
                    "power": r.get("power"),
                    "breakpoint": r.get("breakpoint"),
                    "vp1": vp[0],
                    "vp2": vp[1],
                    "vp3": vp[2],
                    "unknown": ",".join(r.get("unknown") or []),
                    "reason": r.get("reason", ""),
                    "evidence": r.get("evidence", ""),
                }
            )

    def names(self, data: dict) -> None:
        """The translated names of ``i18n/``."""
        for lang, entries in data["names"].items():
            for _, _, r in entries:
                self.name(
                    r["kind"],
                    r["id"],
                    lang,
                    r["name"],
                    r.get("confidence", ""),
                    r.get("evidence", ""),
                )

    def components(self, data: dict) -> None:
        """The special decks, their products and names."""
        rows = self.rows
        for i, comp in enumerate(data.get("components", [])):
            rows["component"].append(
                {
                    "id": comp["id"],
                    "kind": comp["kind"],
                    "count": comp.get("count"),
                    "cards": comp.get("cards"),
                    "sort": i,
                    "evidence": comp.get("evidence") or "",
                }
            )
            rows["component_product"] += [
                {"component_id": comp["id"], "product_id": p} for p in comp["products"]
            ]
            self.name("component", comp["id"], "en", comp["name"])
            self.name(
                "component",
                comp["id"],
                "de",
                comp.get("name_de"),
                "high" if comp.get("name_de") else "",
                "german/glossary-de.tsv" if comp.get("name_de") else "",
            )

    def aliases(self, data: dict) -> None:
        """The aliases, once per thing and folded alias."""
        rows = self.rows
        seen = set()
        for r in data.get("aliases", []):
            k = (r["kind"], r["id"], fold(r["alias"]))
            if k not in seen:
                seen.add(k)
                rows["alias"].append(
                    {
                        "kind": r["kind"],
                        "ref": r["id"],
                        "folded": k[2],
                        "name": r["alias"],
                        "lang": r.get("lang") or "en",
                        "type": r.get("type") or "",
                        "source": r.get("source") or "",
                    }
                )


def fact_rows(data: dict) -> dict:
    """Turn :func:`~.datafiles.read_data` output into rows per table (each row has exactly the table's
    :attr:`~smashup_db.db.tables.Table.written` columns; ``name`` rows have origin ``data``)."""
    out = _FactRows()
    for step in (out.factions, out.products, out.printings, out.names, out.components, out.aliases):
        step(data)
    return out.rows


def build_catalogue_db(db, data: dict, *, if_version_differs: bool = False) -> BuildReport:
    """Replace the facts in the database ``db`` (URL, path or engine) by ``data`` in one transaction.

    ``data`` is :func:`~.datafiles.read_data` output. The schema is first
    migrated to the newest revision when it is older. The load takes the write
    lock up front (:func:`smashup_db.db.writing`), so concurrent builds
    and imports wait for each other, and rebuilds the search index in the same
    transaction. With ``if_version_differs`` nothing is done (report with
    empty counts) when another process built this version meanwhile. Raises
    :class:`~smashup_db.errors.DatabaseError` with a one-line reason (lock not
    obtained in time, server gone, ...); the transaction is then rolled back
    and the database is as it was.
    """
    from smashup_db.db import writing
    from smashup_db.db.upgrade import ensure_schema
    from smashup_db.search.index import rebuild_index

    start = time.perf_counter()
    url = ensure_schema(db)
    rows = fact_rows(data)
    version = data["catalogue"]["version"]
    diffs = data.get("differences", [])
    meta = {
        "catalogue_version": version,
        "catalogue_date": data["catalogue"].get("date", ""),
        "printing_differences": str(len(diffs)),
        "printing_unresolved": str(sum(d.get("status") == "unresolved" for d in diffs)),
        "printing_sources": json.dumps(differences_by_source(diffs), sort_keys=True),
    }
    with writing(url, "build") as w:
        if (
            if_version_differs
            and w.scalar("SELECT value FROM meta WHERE key = 'catalogue_version'") == version
        ):
            return BuildReport(seconds=time.perf_counter() - start, version=version)
        changed = not holds_exactly(w, rows, meta)
        if changed:  # replace every fact table: simpler than per-row updates, and foreign keys stay satisfied
            for table in reversed(FACT_TABLES):
                w.execute(TABLES[table].delete(()))
            w.execute(TABLES["name"].delete(("origin",)), {"origin": DATA_ORIGIN})
            for table in (*FACT_TABLES, "name"):
                w.execute(TABLES[table].insert(), rows[table])
            w.execute(f"DELETE FROM meta WHERE {_META_IN}", _META_PARAMS)
            w.execute(TABLES["meta"].insert(), [{"key": k, "value": v} for k, v in meta.items()])
            rebuild_index(w, fields=("name",))  # the facts' names changed; imported text did not
        orphans = find_orphans(
            w, {k: {r["id"] for r in rows[k]} for k in ("product", "faction", "card", "base")}
        )
    return BuildReport(
        counts={t: len(r) for t, r in rows.items()},
        seconds=time.perf_counter() - start,
        orphans=orphans,
        version=version,
        changed=changed,
    )


def holds_exactly(w, rows: dict, meta: dict) -> bool:
    """True when the database of the transaction ``w`` already holds exactly ``rows`` (table -> row dicts,
    as :func:`fact_rows` makes them; names: the compiled ones, ``origin = 'data'``) and the ``meta`` values.

    A rebuild of an unchanged catalogue then writes nothing: reading the ~5,000 rows back
    costs a few milliseconds, replacing them (and the search index) about ten times that.
    Rows are compared as multisets of their column values, so order does not matter.
    """
    stored = w.all(f"SELECT key, value FROM meta WHERE {_META_IN}", **_META_PARAMS)
    if {r["key"]: r["value"] for r in stored} != meta:
        return False
    for table in (*FACT_TABLES, "name"):
        where, params = (
            (" WHERE origin = :origin", {"origin": DATA_ORIGIN}) if table == "name" else ("", {})
        )
        new = rows[table]
        if not new:
            if w.scalar(f"SELECT COUNT(*) AS n FROM {table}{where}", **params):
                return False
            continue
        columns = TABLES[table].written
        stored = w.tuples(TABLES[table].select(columns) + where, **params)
        if len(stored) != len(new) or Counter(stored) != Counter(
            tuple(r[c] for c in columns) for r in new
        ):
            return False
    return True


def find_orphans(w, known: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imported text, rulings and names whose (kind, id) is not among ``known`` ids per kind (``w``: a Writer)."""
    imported = w.all(
        "SELECT kind, ref FROM entity_text UNION SELECT entity AS kind, ref FROM ruling"
        " UNION SELECT kind, ref FROM name WHERE origin <> :origin",
        origin=DATA_ORIGIN,
    )
    return sorted(
        {(r["kind"], r["ref"]) for r in imported if r["ref"] not in known.get(r["kind"], ())}
    )
