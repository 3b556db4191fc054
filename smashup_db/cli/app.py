"""The Typer application, shared options and error handling for every command.

Commands live in sibling modules that register themselves on :data:`app`.
They parse, call the library and print; they hold no rules of their own.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import Annotated, Iterator, Optional

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


def pick_lang(lang: str | None) -> str:
    """The display language: ``--lang`` if given (must be de or en), else the locale's."""
    from ..lookup import LANGS, default_lang

    if lang is None:
        return default_lang()
    lang = lang.lower()
    if lang not in LANGS:
        fail(f"unknown language {lang!r}; use one of: {', '.join(LANGS)}")
    return lang


def fail(message: str, code: int = 1) -> None:
    """Print ``error: message`` on stderr and exit with ``code`` (no traceback).

    Control characters in the message (it may quote input) are shown as escapes."""
    from ..sanitize import printable

    typer.echo(f"error: {printable(message)}", err=True)
    raise typer.Exit(code)


def emit_json(obj) -> None:
    """Print ``obj`` as indented UTF-8 JSON."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a person can cause into one clear line and exit code 1."""
    from ..errors import UserError

    try:
        yield
    except UserError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted", 130)


@contextmanager
def catalogue(db: str | None, lang: str | None) -> Iterator:
    """A :class:`~smashup_db.lookup.Catalogue` for a command, with errors handled."""
    from ..lookup import Catalogue
    from ..query import open_reader

    with user_errors():
        reader = open_reader(db)
        try:
            yield Catalogue(reader, pick_lang(lang))
        finally:
            reader.close()


def console():
    """A Rich console for tables (imported lazily to keep start-up short)."""
    from rich.console import Console

    return Console()
