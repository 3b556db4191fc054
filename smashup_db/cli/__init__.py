"""Command-line interface (``smashup``): a thin layer over the library.

:func:`main` picks the display language first (``--lang``, else the locale),
then offers the command line to the start-up fast path (:mod:`.fast`: the
commands declared as data in their group's module, run without importing Typer),
then to the Typer application of :mod:`.application`, whose root group loads the
command module (one per group) of the command asked for, built in that language: help texts, the help panels' words and usage
errors included (:mod:`.framework`). ``from smashup_db.cli import app`` gives
that application (for tests), built in the language of the locale.
"""

from __future__ import annotations

import sys


def typer_app(lang: str | None = None):
    """The Typer application with every command registered, its words in ``lang`` (default: the locale's).

    The language is fixed when the application is first built in a process.
    """
    if "app" in globals():
        return globals()["app"]
    from smashup_db.cli.framework import use_language
    from smashup_db.i18n import active_lang, set_active_lang

    if lang:
        set_active_lang(lang)
    use_language(active_lang())
    from smashup_db.cli.application import app

    globals()["app"] = app  # the package attribute ``app`` is the application, not the module
    return app


def __getattr__(name: str):
    if name == "app":
        return typer_app()
    raise AttributeError(name)


def main() -> None:
    """Entry point of the ``smashup`` console script."""
    from smashup_db.cli.fast import display_lang, try_fast
    from smashup_db.i18n import set_active_lang

    lang = display_lang(sys.argv[1:])
    set_active_lang(lang)
    try:
        if try_fast(sys.argv[1:]):
            sys.stdout.flush()
            return
    except BrokenPipeError:  # output piped into a program that stopped reading (head, less)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except Exception as exc:
        _one_line(exc)
    try:
        typer_app(lang)()
    except Exception as exc:  # an error of the machine that no command turned into its line
        _one_line(exc)


def _one_line(exc: Exception) -> None:
    """End the command with :func:`~smashup_db.cli.output.environment_error`'s one line, or re-raise (a bug)."""
    from smashup_db.cli.output import environment_error, fail

    line = environment_error(exc)
    if line is None:
        raise exc
    fail(line)
