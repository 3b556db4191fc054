"""``smashup db``: manage the database (rebuild the facts, rescue a damaged file)."""

from __future__ import annotations

import typer

from smashup_db.cli.decl import COMMANDS
from smashup_db.cli.from_decl import add_command
from smashup_db.cli.opts import DbOpt, JsonOpt
from smashup_db.cli.output import emit_json, user_errors
from smashup_db.i18n import _

app = typer.Typer(name="db", help=_("Manage the database."), no_args_is_help=True)
add_command(app, COMMANDS["db build"])  # declared in .decl (the fast path runs it too)


@app.command(
    "recover",
    help=_(
        "Rescue your data from a damaged database file into a fresh one.\n"
        "\n"
        "Reads your collection, game log, presets and imported names, text and\n"
        "rulings as far as the damaged file still allows, keeps that file as\n"
        "FILE.damaged-TIME, builds a fresh database in its place and writes the\n"
        "rescued rows into it. SQLite files only. Example: smashup db recover"
    ),
)
def db_recover(db: DbOpt = None, json_out: JsonOpt = False) -> None:
    from smashup_db.db import resolve_url
    from smashup_db.userdata.recover import recover

    with user_errors():
        report = recover(resolve_url(db))
    if json_out:
        return emit_json(report.as_dict())
    from smashup_db.i18n.terms import active_lang, msg

    L = active_lang()
    typer.echo(msg("kept_damaged", L, path=report.damaged_copy))
    for table, n in report.salvaged.items():
        lost = report.unreadable.get(table, 0)
        typer.echo(
            msg("rescued", L, table=table, n=n) + (msg("unreadable", L, n=lost) if lost else "")
        )
