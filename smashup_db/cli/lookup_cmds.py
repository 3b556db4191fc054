"""Look-up commands at the top level: products, factions, faction, card, base, stats, search.

Declared once in :mod:`.decl` (parameters, help, body in :mod:`.lookups`) and
made into Typer commands by :mod:`.from_decl`; the start-up fast path runs the
same declarations without Typer.
"""

from __future__ import annotations

import typer

from smashup_db.cli.decl import COMMANDS
from smashup_db.cli.from_decl import add_command

app = typer.Typer()  # commands of the top level (merged into the root application)

for _name in ("products", "factions", "faction", "card", "base", "stats", "search"):
    add_command(app, COMMANDS[_name])
