"""Command-line interface (``smashup``): a thin layer over the library.

:func:`main` first offers the command line to the start-up fast path
(:mod:`.fast`: simple look-ups without importing Typer), then to the Typer
application composed in :mod:`.app` from the command modules (one per group).
``from smashup_db.cli import app`` gives that application (for tests).
"""

from __future__ import annotations

import sys


def typer_app():
    """The Typer application with every command registered."""
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
    typer_app()()
