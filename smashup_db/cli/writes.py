"""The bodies of ``smashup db build`` and ``smashup import text``, without Typer.

Called by their Typer commands (:mod:`.data_cmds`, :mod:`.import_cmds`) and
by the start-up fast path (:mod:`.fast`), like :mod:`.lookups`.
"""

from __future__ import annotations

from pathlib import Path

from .output import emit_json, say as _say, user_errors


def db_build(db: str | None = None, data: Path | str | None = None) -> None:
    """``smashup db build``: rebuild the facts from ``data/`` in one transaction (text, names, collection kept)."""
    from ..catalogue.datafiles import read_data
    from ..catalogue.load import build_catalogue_db
    from ..storage import resolve_url, safe_url

    with user_errors():  # build_catalogue_db turns driver errors into a one-line DatabaseError
        url = resolve_url(db)
        report = build_catalogue_db(url, read_data(Path(data) if data else None))
    _say(f"built catalogue {report.version} into {safe_url(url)} in {report.seconds:.2f} s: "
         + ", ".join(f"{k} {v}" for k, v in report.counts.items()))
    for kind, ref in report.orphans:
        _say(f"warning: imported text or name for {kind} {ref!r} has no matching {kind} any more (kept)", err=True)


def import_text(sources: list[str], db: str | None = None, json_out: bool = False) -> None:
    """``smashup import text SOURCE...``: English rules text, errata and clarifications from the card archive."""
    from ..importer.card_archive import import_archives, load_archive

    with user_errors():
        files = [load_archive(s) for s in sources]  # all input validated before the database is opened
        report = import_archives(db, files)
    if json_out:
        return emit_json({"files": report.files, "records": report.records, "matched": report.matched,
                          "unmatched": report.unmatched, "texts": dict(report.texts),
                          "rulings": dict(report.rulings), "changes": report.changes,
                          "without_text": report.without_text, "seconds": round(report.seconds, 3)})
    for miss in report.unmatched:
        _say(f"unmatched: {miss}", err=True)
    t, r = report.texts, report.rulings
    _say(f"imported {', '.join(report.files)} in {report.seconds:.2f} s: "
         f"{report.matched} of {report.records} records matched, {len(report.unmatched)} unmatched")
    _say(f"text: {t['added']} added, {t['changed']} changed, {t['unchanged']} unchanged, {t['removed']} removed; "
         f"rulings: {r['added']} added, {r['removed']} removed, {r['unchanged']} unchanged "
         f"({report.changes} changes)")
    _say("still without English text: " + ", ".join(f"{k}s {v}" for k, v in report.without_text.items()))
