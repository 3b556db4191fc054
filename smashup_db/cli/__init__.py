"""Command-line interface (``smashup``): a thin layer over the library.

Each sibling module registers its commands on :data:`app.app`.
"""

from __future__ import annotations

from . import data_cmds, gamenight_cmds, lookup_cmds  # noqa: F401  (register commands)
from . import import_cmds  # noqa: F401  (import/export commands)
from . import search_cmds  # noqa: F401  (search command)
from . import site_cmds  # noqa: F401  (site build/serve commands)
from . import game_cmds  # noqa: F401  (game end, game log, presets, collection backup)
from .app import app


def main() -> None:
    """Entry point of the ``smashup`` console script."""
    app()
