"""The Typer application, shared options and error handling for every command.

Commands live in sibling modules that register themselves on :data:`app`.
They parse, call the library and print; they hold no rules of their own.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

app = typer.Typer(
    name="smashup",
    help="Smash Up catalogue and game-night helper, in English and German.\n\n"
         "Examples:\n\n"
         "  smashup draft --players \"Anna,Ben,Cleo\" --auto --seed 1\n\n"
         "  smashup card \"Cäsiumrüstung\" --lang de\n\n"
         "  smashup faction Wechslerbots --json",
    no_args_is_help=True,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

DbOpt = Annotated[Optional[str], typer.Option(
    "--db", help="Database file or SQLAlchemy URL (default: $SMASHUP_DB, else the user data folder).",
    show_default=False)]
LangOpt = Annotated[Optional[str], typer.Option(
    "--lang", "-l", help="Display language: de or en (default: from the locale, else en).", show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of a table.")]


@app.callback()
def _every_command() -> None:
    # each command starts in the locale's language until its --lang says otherwise (in-process runs too)
    from smashup_db.i18n.terms import set_active_lang

    set_active_lang(None)


# Shared helpers live in Typer-free modules (the start-up fast path uses them too).
from smashup_db.cli.lookups import catalogue, pick_lang  # noqa: E402,F401  (re-exported for the command modules)
from smashup_db.cli.output import console, emit_json, fail, user_errors  # noqa: E402,F401
