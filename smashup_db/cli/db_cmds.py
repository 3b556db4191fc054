"""``smashup db``: manage the database (rebuild the facts, rescue a damaged file).

Both commands are declared here once, as data (:mod:`.decl`), with their
bodies: ``db build`` is timed by ``bench/bench_startup.py`` and runs on the
start-up fast path (:mod:`.fast`), which reads :data:`COMMANDS` without loading
Typer; :data:`app`, the Typer group made from the same declarations, is built on
first use.
"""

from __future__ import annotations

from smashup_db.cli.decl import DATA, DB, JSON, Command, declared
from smashup_db.cli.output import emit_json, say, user_errors
from smashup_db.i18n import N_
from smashup_db.i18n.terms import PLURALS, TERMS, active_lang, msg, term

COMMANDS = declared(
    Command(
        "db build",
        N_(
            "Rebuild the catalogue facts from data/ in one transaction.\n\n"
            "Imported text, translations and your collection are kept; imported rows whose id no "
            "longer exists are listed. Example: smashup db build"
        ),
        (DB, DATA),
        "db_cmds.db_build",
    ),
    Command(
        "db recover",
        N_(
            "Rescue your data from a damaged database file into a fresh one.\n"
            "\n"
            "Reads your collection, game log, presets and imported names, text and\n"
            "rulings as far as the damaged file still allows, keeps that file as\n"
            "FILE.damaged-TIME, builds a fresh database in its place and writes the\n"
            "rescued rows into it. SQLite files only. Example: smashup db recover"
        ),
        (DB, JSON),
        "db_cmds.db_recover",
    ),
)


def __getattr__(name: str):
    if name == "app":
        from smashup_db.cli.from_decl import typer_app
        from smashup_db.i18n import _

        globals()["app"] = typer_app(
            COMMANDS, name="db", help=_("Manage the database."), no_args_is_help=True
        )
        return globals()["app"]
    raise AttributeError(name)


def counts_text(counts: dict, L: str) -> str:
    """``products 30, factions 106`` in the display language ``L`` (keys are plural kind names)."""
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
    say(
        msg(
            "built_catalogue",
            L,
            version=report.version,
            url=safe_url(url),
            secs=f"{report.seconds:.2f}",
            counts=counts_text(report.counts, L),
        )
    )
    for kind, ref in report.orphans:
        say(
            f"{msg('warning', L)} "
            + msg("orphan", L, kind=kind if L == "en" else term(kind, L), ref=repr(ref)),
            err=True,
        )


def db_recover(db: str | None, json_out: bool) -> None:
    """``smashup db recover``: rescue the rows of a damaged SQLite file into a fresh database."""
    from smashup_db.db import resolve_url
    from smashup_db.userdata.recover import recover

    with user_errors():
        report = recover(resolve_url(db))
    if json_out:
        return emit_json(report.as_dict())
    L = active_lang()
    say(msg("kept_damaged", L, path=report.damaged_copy))
    for table, n in report.salvaged.items():
        lost = report.unreadable.get(table, 0)
        say(msg("rescued", L, table=table, n=n) + (msg("unreadable", L, n=lost) if lost else ""))
