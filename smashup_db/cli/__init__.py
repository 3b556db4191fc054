"""Command-line interface (``smashup``): a thin layer over the library.

:func:`main` first offers the command line to the start-up fast path
(:mod:`.fast`: simple look-ups without importing Typer), then to the Typer
application, whose commands register themselves from the sibling modules.
``from smashup_db.cli import app`` gives that application (for tests).
"""

from __future__ import annotations

import sys


def typer_app():
    """The Typer application with every command registered."""
    from smashup_db.cli import collection_cmds, data_cmds, game_cmds, gamenight_cmds, import_cmds, lookup_cmds, search_cmds, site_cmds  # noqa: F401
    from smashup_db.cli import translation_cmds  # noqa: F401
    from smashup_db.cli.app import app

    globals()["app"] = app  # the package attribute ``app`` is the application, not the module
    return app


def __getattr__(name: str):
    if name == "app":
        return typer_app()
    raise AttributeError(name)


def main() -> None:
    """Entry point of the ``smashup`` console script."""
    from smashup_db.cli.fast import try_fast

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
        typer_app()()
    except Exception as exc:  # an error of the machine that no command turned into its line
        _one_line(exc)


def _one_line(exc: Exception) -> None:
    """End the command with :func:`~smashup_db.cli.output.environment_error`'s one line, or re-raise (a bug)."""
    from smashup_db.cli.output import _rendered, environment_error, fail

    line = environment_error(exc)
    if line is None:
        raise exc
    fail(_rendered(line))
