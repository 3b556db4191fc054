"""The bodies of ``smashup db build`` and ``smashup import text``, without Typer.

Declared in :mod:`.decl` and called, like :mod:`.lookups`, by the Typer
commands made from the declarations (in :mod:`.db_cmds`, :mod:`.import_cmds`)
and by the start-up fast path (:mod:`.fast`).
"""

from __future__ import annotations

from smashup_db.cli.output import emit_json, user_errors
from smashup_db.cli.output import say as _say
from smashup_db.i18n.terms import PLURALS, TERMS, active_lang, msg, term


def _counts(counts: dict, L: str) -> str:
    """``products 30, factions 106`` in the display language (keys are plural kind names)."""
    return ", ".join(
        f"{term(_KINDS.get(k, k + '_lower'), L) if _KINDS.get(k, k + '_lower') in TERMS or _KINDS.get(k, k + '_lower') in PLURALS else k} {v}"
        for k, v in counts.items()
    )


_KINDS = {
    "product": "products_lower",
    "faction": "factions_lower",
    "card": "cards_lower",
    "base": "bases_lower",
    "name": "names",
}


def db_build(db: str | None, data) -> None:
    """``smashup db build``: rebuild the facts from ``data/`` in one transaction (text, names, collection kept)."""
    from smashup_db.compiler.datafiles import read_data
    from smashup_db.compiler.load import build_catalogue_db
    from smashup_db.db import resolve_url, safe_url

    with user_errors():  # build_catalogue_db turns driver errors into a one-line DatabaseError
        url = resolve_url(db)
        report = build_catalogue_db(url, read_data(data or None))
    L = active_lang()
    _say(
        msg(
            "built_catalogue",
            L,
            version=report.version,
            url=safe_url(url),
            secs=f"{report.seconds:.2f}",
            counts=_counts(report.counts, L),
        )
    )
    for kind, ref in report.orphans:
        _say(
            f"{msg('warning', L)} "
            + msg("orphan", L, kind=kind if L == "en" else term(kind, L), ref=repr(ref)),
            err=True,
        )


def import_text(sources: list[str], db: str | None, json_out: bool) -> None:
    """``smashup import text SOURCE...``: English rules text, errata and clarifications from the card archive."""
    from smashup_db.importer.card_archive import import_archives, load_archive

    if not sources:  # where to get the files, and exit 2 as for a usage mistake
        _say(msg("where_to_get", active_lang()), err=True)
        raise SystemExit(2)
    with user_errors():
        files = [
            load_archive(s) for s in sources
        ]  # all input validated before the database is opened
        report = import_archives(db, files)
    if json_out:
        return emit_json(
            {
                "files": report.files,
                "records": report.records,
                "matched": report.matched,
                "unmatched": report.unmatched,
                "texts": dict(report.texts),
                "rulings": dict(report.rulings),
                "changes": report.changes,
                "without_text": report.without_text,
                "seconds": round(report.seconds, 3),
            }
        )
    from smashup_db.i18n import render

    L = active_lang()
    for miss in report.unmatched:
        _say(msg("unmatched", L, what=render(miss, L)), err=True)
    t, r = report.texts, report.rulings
    _say(
        msg(
            "imported_text",
            L,
            files=", ".join(report.files),
            secs=f"{report.seconds:.2f}",
            matched=report.matched,
            records=report.records,
            unmatched=len(report.unmatched),
        )
    )
    _say(
        msg(
            "text_counts",
            L,
            added=t["added"],
            changed=t["changed"],
            unchanged=t["unchanged"],
            removed=t["removed"],
            r_added=r["added"],
            r_removed=r["removed"],
            r_unchanged=r["unchanged"],
            changes=report.changes,
        )
    )
    _say(
        msg(
            "without_text",
            L,
            counts=_counts({k + "s": v for k, v in report.without_text.items()}, L),
        )
    )
