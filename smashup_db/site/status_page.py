"""The site's "Übersetzungsstand" page and its per-faction CSV downloads, and which names are community work.

The page shows :func:`smashup_db.catalogue.coverage.coverage` of German (the table of
``smashup translations status --lang de``); each faction row links a CSV with
exactly what ``smashup export translations --lang de --missing --faction ID``
writes (English name and text beside each empty German cell), at
``data/translations/de-<faction id>.csv``. Filled in, it goes back with
``smashup import translations``.
"""

from __future__ import annotations

import io
from pathlib import Path

from smashup_db.catalogue.coverage import coverage
from smashup_db.importer.translation_csv import ORIGIN, export_rows_per_faction, write_translations
from smashup_db.site.paths import safe_path

#: The language whose translation the page tracks.
TARGET = "de"


def community_names(reader) -> set[tuple[str, str, str]]:
    """``{(kind, id, lang)}`` of names imported from a translations CSV (players' work, not a published edition)."""
    return {
        (r["kind"], r["ref"], r["lang"])
        for r in reader.all("SELECT kind, ref, lang FROM name WHERE origin = :o", o=ORIGIN)
    }


def status_context(data) -> dict:
    """Template values of the status page: ``cov`` (coverage of German) and ``csv`` (faction id -> file name)."""
    cov = coverage(data.catalogue.model, TARGET, data.imported)
    return {"cov": cov, "csv": {f["id"]: csv_name(f["id"]) for f in cov["factions"]}}


def csv_name(faction: str) -> str:
    """The download's file name for one faction."""
    return f"{TARGET}-{faction}.csv"


def write_faction_csvs(data, root: Path) -> int:
    """Write the missing-German CSV of every faction under ``root/data/translations/``; returns how many."""
    folder = safe_path(root, "data", "translations", filename="")
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for fid, rows in export_rows_per_faction(
        data.catalogue, TARGET, data.factions, missing=True, texts=data.imported
    ).items():
        buf = io.StringIO()
        write_translations(rows, buf)
        safe_path(root, "data", "translations", filename=csv_name(fid)).write_text(
            buf.getvalue(), encoding="utf-8"
        )
        n += 1
    return n
