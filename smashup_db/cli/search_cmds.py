"""The ``search`` command: cards and bases by a card-search-site style query."""

from __future__ import annotations

from typing import Annotated

import typer

from ..terms import term
from .app import DbOpt, JsonOpt, LangOpt, app, catalogue, console, emit_json, user_errors

SEARCH_HELP = """Search cards and bases with a query language (see docs/search.md).

[bold]Words[/bold] and [bold]"quoted phrases"[/bold] match names (any language) and imported text.
Unquoted words match the start of words; phrases match whole words in order.

[bold]Fields[/bold] (English or German values, case and accents ignored):

  name: n:   text: o:   faction: f:   product: s:   lang: (en, de)

  type: t:  minion action titan other base card (Kreatur Aktion Titan Basis Karte)

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


def _stats(item: dict) -> str:
    if item["kind"] == "card":
        return "" if item.get("power") is None else str(item["power"])
    if item.get("breakpoint") is None:
        return "?"
    return f"{item['breakpoint']} [{'/'.join('?' if v is None else str(v) for v in item['vp'])}]"


def _marked(text: str, spans: list) -> str:
    from ..sanitize import for_rich

    out, pos = [], 0
    for s, e in spans:
        out.append(for_rich(text[pos:s]))
        out.append(f"[bold yellow]{for_rich(text[s:e])}[/bold yellow]")
        pos = e
    out.append(for_rich(text[pos:]))
    return "".join(out)


@app.command(help=SEARCH_HELP)
def search(query: Annotated[str, typer.Argument(help="The search query (quote it in the shell).")],
           limit: Annotated[int, typer.Option("--limit", "-n", help="Show at most N results (0: all).")] = 50,
           db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    from rich.table import Table

    from ..search import Searcher
    from .lookup_cmds import footnote, label

    with catalogue(db, lang) as cat, user_errors():
        found = Searcher(cat).search(query, limit=limit if limit > 0 else None)
        if json_out:
            return emit_json(found)
        rows = found["results"]
        if not rows:
            console().print("no matches" if cat.lang == "en" else "keine Treffer")
            return
        title = f"{found['shown']}" + (f" / {found['total']}" if found["total"] > found["shown"] else "")
        t = Table(title=title)
        t.add_column(term("name", cat.lang))
        t.add_column(term("type", cat.lang))
        t.add_column(term("faction", cat.lang))
        t.add_column(f"{term('power', cat.lang)} / {term('breakpoint', cat.lang)}", justify="right")
        t.add_column(term("text", cat.lang))
        for item in rows:
            owner = item["faction"] or item.get("product")
            excerpt = _marked(item["excerpt"], item["highlights"]) if item["excerpt"] else ""
            t.add_row(label(item, cat.lang), term(item["type"], cat.lang),  # label() escapes
                      label(owner, cat.lang), _stats(item), excerpt)
        console().print(t)
        footnote(console(), cat.lang, rows)
