"""The ``search`` command: cards and bases by a card-search-site style query."""

from __future__ import annotations

from typing import Annotated

import typer

from smashup_db.cli import lookups
from smashup_db.cli.app import DbOpt, JsonOpt, LangOpt, app

SEARCH_HELP = """Search cards and bases with a query language (see docs/search.md).

[bold]Words[/bold] and [bold]"quoted phrases"[/bold] match names (any language) and imported text.
Unquoted words match the start of words; phrases match whole words in order.

[bold]Fields[/bold] (English or German values, case and accents ignored):

  name: n:   text: o:   faction: f:   product: s:   lang: (en, de)

  type: t:  minion action titan fusion other base card (Kreatur Aktion Titan Fusion Basis Karte)

  kw:  ongoing talent special play-on-minion play-on-base extra-play (Dauerhaft Extra zusätzlich)

  power pow, copies, breakpoint bp, vp vp2 vp3 with = != < <= > >= (pow:4 is pow=4)

[bold]Combining[/bold]: terms AND by default; OR; ( ); -term or NOT negates.

Examples:

  smashup search 't:minion f:wechslerbots pow>=4'

  smashup search 'kw:talent -t:minion'

  smashup search 'bp>=25 t:base' --json

  smashup search 't:kreatur f:geister' --lang de

  smashup search '(f:robots OR f:aliens) t:action "extra minion"'
"""


@app.command(help=SEARCH_HELP)
def search(query: Annotated[str, typer.Argument(help="The search query (quote it in the shell).")],
           limit: Annotated[int, typer.Option("--limit", "-n", help="Show at most N results (0: all).")] = 50,
           db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    lookups.search(query=query, limit=limit, db=db, lang=lang, json_out=json_out)
