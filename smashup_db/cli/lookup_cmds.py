"""Look-up commands: products, factions, faction, card, base, bases, stats.

Each is a Typer wrapper around the function of the same name in
:mod:`.lookups` (which the start-up fast path calls directly).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from smashup_db.cli import lookups
from smashup_db.cli.app import DbOpt, JsonOpt, LangOpt, app

bases_app = typer.Typer(help="List bases, or build a base deck (see `smashup bases deck --help`).",
                        invoke_without_command=True)
app.add_typer(bases_app, name="bases")

PrintingOpt = Annotated[Optional[str], typer.Option(
    "--printing", help="Which printing's facts: original, current or german (default: the one owned, else current).",
    show_default=False)]
ProductOpt = Annotated[Optional[str], typer.Option("--product", "-p", help="Only this product (English or German name, or id).")]


@app.command()
def products(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List every product (set, expansion, box) in publication order.

    Example: smashup products --lang de
    """
    lookups.products(db=db, lang=lang, json_out=json_out)


@app.command()
def factions(product: ProductOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List factions with their products and German names where known.

    Examples: smashup factions; smashup factions --product "Vergessene Helden"
    """
    lookups.factions(product=product, db=db, lang=lang, json_out=json_out)


@app.command()
def faction(name: Annotated[str, typer.Argument(help="Faction name in English or German, or its id.")],
            db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a faction: its cards (copies, power, keywords), totals, bases and products.

    Examples: smashup faction Wechslerbots; smashup faction "killer plants" --json
    """
    lookups.faction(name=name, db=db, lang=lang, json_out=json_out)


@app.command()
def card(name: Annotated[str, typer.Argument(help="Card name in English or German, or its id.")],
         printing: PrintingOpt = None,
         db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a card: type, copies, power, keywords, faction, products, printings, text and rulings.

    Power '-' means none (an action), '?' unknown (no source gives it).

    Examples: smashup card "Cäsiumrüstung"; smashup card "cesium armor" --json; smashup card Soldier --printing original
    """
    lookups.card(name=name, printing=printing, db=db, lang=lang, json_out=json_out)


@app.command()
def base(name: Annotated[str, typer.Argument(help="Base name in English or German, or its id.")],
         printing: PrintingOpt = None,
         db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a base: product, faction, breakpoint, VP, its printings, own scoring rule, text and rulings.

    Old names find the base too (Miskatonic University is Arkham University).

    Examples: smashup base "USS Undertaking"; smashup base "Goldene Stadt" --lang de;
    smashup base "Field of Honor" --printing original --json
    """
    lookups.base(name=name, printing=printing, db=db, lang=lang, json_out=json_out)


@bases_app.callback()
def bases(ctx: typer.Context,
          product: Annotated[Optional[str], typer.Option("--product", "-p", help="Only bases of this product.")] = None,
          faction_: Annotated[Optional[str], typer.Option("--faction", "-f", help="Only bases of this faction.")] = None,
          printing: PrintingOpt = None,
          db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List bases with breakpoint and VP ('?' where no source has them).

    Examples: smashup bases --product "Core Set"; smashup bases --faction Geister --lang de
    """
    if ctx.invoked_subcommand is None:
        lookups.bases(product=product, faction=faction_, printing=printing, db=db, lang=lang, json_out=json_out)


@app.command()
def stats(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Count products, factions, cards, card copies, bases, names and text per language.

    Examples: smashup stats --json; smashup stats --lang de
    """
    lookups.stats(db=db, lang=lang, json_out=json_out)
