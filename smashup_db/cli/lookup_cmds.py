"""Look-up commands: products, factions, faction, card, base, bases, stats."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..sanitize import for_rich
from ..terms import term
from .app import DbOpt, JsonOpt, LangOpt, app, catalogue, console, emit_json

bases_app = typer.Typer(help="List bases, or build a base deck (see `smashup bases deck --help`).",
                        invoke_without_command=True)
app.add_typer(bases_app, name="bases")


def label(item: dict | None, lang: str) -> str:
    """A name for display (Rich markup: escaped, control characters shown as escapes);
    names shown in English in place of the chosen language get a '*'."""
    if not item:
        return "-"
    mark = "*" if item.get("name_lang") not in (lang, None) else ""
    return f"{for_rich(item['name'])}{mark}"


def footnote(c, lang: str, items: list[dict]) -> None:
    """Explain the '*' mark when any item fell back to English."""
    if lang != "en" and any(i and i.get("name_lang") not in (lang, None) for i in items):
        console().print(f"[dim]* {term('english_shown', lang)}[/dim]")


def fmt_vp(vp: list) -> str:
    return "/".join("?" if v is None else str(v) for v in vp)


@app.command()
def products(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List every product (set, expansion, box) in publication order.

    Example: smashup products --lang de
    """
    from rich.table import Table

    with catalogue(db, lang) as cat:
        rows = cat.products()
        if json_out:
            return emit_json(rows)
        t = Table(title=term("products", cat.lang))
        for h in ("id", "name", "year", "kind", "factions", "bases"):
            t.add_column(term(h, cat.lang) if h in ("name", "year", "kind", "factions", "bases") else h)
        for p in rows:
            t.add_row(p["id"], label(p, cat.lang), str(p["year"] or "?"), term(p["kind"], cat.lang),
                      str(p["factions"]), str(p["bases"]))
        console().print(t)
        footnote(console(), cat.lang, rows)


@app.command()
def factions(product: Annotated[Optional[str], typer.Option("--product", "-p", help="Only this product (English or German name, or id).")] = None,
             db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List factions with their products and German names where known.

    Examples: smashup factions; smashup factions --product "Vergessene Helden"
    """
    from rich.table import Table

    with catalogue(db, lang) as cat:
        rows = cat.factions(product)
        if json_out:
            return emit_json(rows)
        other = "de" if cat.lang == "en" else "en"
        t = Table(title=f"{term('factions', cat.lang)} ({len(rows)})")
        t.add_column("id")
        t.add_column(term("name", cat.lang))
        t.add_column("en" if other == "en" else "de")
        t.add_column(term("products", cat.lang))
        for f in rows:
            alt, alt_lang = cat.name("faction", f["id"], other)
            t.add_row(f["id"], label(f, cat.lang), for_rich(alt) if alt_lang == other else "-",
                      ", ".join(label(p, cat.lang) for p in f["products"]))
        console().print(t)
        footnote(console(), cat.lang, rows)


@app.command()
def faction(name: Annotated[str, typer.Argument(help="Faction name in English or German, or its id.")],
            db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a faction: its cards (copies, power, keywords), totals, bases and products.

    Examples: smashup faction Wechslerbots; smashup faction "killer plants" --json
    """
    from rich.table import Table

    with catalogue(db, lang) as cat:
        f = cat.faction(name)
        if json_out:
            return emit_json(f)
        L = cat.lang
        c = console()
        c.print(f"[bold]{label(f, L)}[/bold] ({f['id']}) - {term('products', L)}: "
                + ", ".join(label(p, L) for p in f["products"]))
        t = Table()
        for h in ("copies", "name", "type", "power", "keywords"):
            t.add_column(term(h, L))
        for card in f["cards"]:
            t.add_row(str(card["copies"]), label(card, L), term(card["type"], L),
                      "-" if card["power"] is None else str(card["power"]),
                      ", ".join(term(k, L) for k in card["keywords"]))
        c.print(t)
        tot = f["totals"]
        c.print(f"{tot['cards']} {term('cards', L)}: {tot['minions']} {term('minion', L)}, "
                f"{tot['actions']} {term('action', L)}"
                + (f", {tot['other']} {term('other', L)}" if tot["other"] else "")
                + (f", +{tot['titans']} {term('titan', L)}" if tot["titans"] else "")
                + f"; {term('power', L)} {tot['power']}")
        _bases_table(f["bases"], L, title=term("bases", L))
        footnote(c, L, f["cards"] + [f])


def _text_block(item: dict, lang: str) -> None:
    c = console()
    if item["text"]:
        mark = f" [dim]({term('english_text_shown', lang)})[/dim]" if item["text_lang"] != lang else ""
        c.print(f"{for_rich(item['text'])}{mark}")
        c.print(f"[dim]{for_rich(item['text_source'] or '')}[/dim]")
    else:
        c.print(f"[dim]{term('no_text', lang)}[/dim]")
    for r in item["rulings"]:
        c.print(f"[bold]{term(r['kind'], lang)}[/bold]: {for_rich(r['text'])} [dim]({for_rich(r['source'])})[/dim]")


@app.command()
def card(name: Annotated[str, typer.Argument(help="Card name in English or German, or its id.")],
         db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a card: type, copies, power, keywords, faction, products, text and rulings.

    Examples: smashup card "Cäsiumrüstung"; smashup card "cesium armor" --json
    """
    with catalogue(db, lang) as cat:
        item = cat.card(name)
        if json_out:
            return emit_json(item)
        L, c = cat.lang, console()
        power = "" if item["power"] is None else f", {term('power', L)} {item['power']}"
        c.print(f"[bold]{label(item, L)}[/bold] ({item['id']}) - {term(item['type'], L)}{power}, "
                f"{item['copies']}x, {term('faction', L)}: {label(item['faction'], L)}")
        if item["keywords"]:
            c.print(f"{term('keywords', L)}: " + ", ".join(term(k, L) for k in item["keywords"]))
        c.print(f"{term('products', L)}: " + ", ".join(label(p, L) for p in item["products"]))
        _text_block(item, L)
        for other in item["same_name"]:
            c.print(f"[dim]also: {other['id']}[/dim]")
        footnote(c, L, [item, item["faction"]])


@app.command()
def base(name: Annotated[str, typer.Argument(help="Base name in English or German, or its id.")],
         db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Show a base: product, faction, breakpoint, VP, text and rulings.

    Examples: smashup base "USS Undertaking"; smashup base "Goldene Stadt" --lang de
    """
    with catalogue(db, lang) as cat:
        item = cat.base(name)
        if json_out:
            return emit_json(item)
        L, c = cat.lang, console()
        stats = (f"{term('breakpoint', L)} {item['breakpoint']}, {term('vp', L)} {fmt_vp(item['vp'])}"
                 if item["stats_known"] else f"{term('breakpoint', L)}/{term('vp', L)}: {term('unknown', L)}")
        c.print(f"[bold]{label(item, L)}[/bold] ({item['id']}) - {stats}")
        c.print(f"{term('product', L)}: {label(item['product'], L)}"
                + (f", {term('faction', L)}: {label(item['faction'], L)}" if item["faction"] else ""))
        if item["note"]:
            c.print(f"[dim]{for_rich(item['note'])}[/dim]")
        _text_block(item, L)
        footnote(c, L, [item, item["product"], item["faction"]])


def _bases_table(rows: list[dict], L: str, title: str | None = None) -> None:
    from rich.table import Table

    t = Table(title=title)
    for h in ("name", "breakpoint", "vp", "faction", "product"):
        t.add_column(term(h, L))
    for b in rows:
        t.add_row(label(b, L), "?" if b["breakpoint"] is None else str(b["breakpoint"]), fmt_vp(b["vp"]),
                  label(b["faction"], L), label(b["product"], L))
    console().print(t)


@bases_app.callback()
def bases(ctx: typer.Context,
          product: Annotated[Optional[str], typer.Option("--product", "-p", help="Only bases of this product.")] = None,
          faction_: Annotated[Optional[str], typer.Option("--faction", "-f", help="Only bases of this faction.")] = None,
          db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List bases with breakpoint and VP ('?' where no source has them).

    Examples: smashup bases --product "Core Set"; smashup bases --faction Geister --lang de
    """
    if ctx.invoked_subcommand is not None:
        return
    with catalogue(db, lang) as cat:
        rows = cat.bases(product, faction_)
        if json_out:
            return emit_json(rows)
        _bases_table(rows, cat.lang, title=f"{term('bases', cat.lang)} ({len(rows)})")
        footnote(console(), cat.lang, rows)


@app.command()
def stats(db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Count products, factions, cards, card copies, bases, names and text per language.

    Example: smashup stats --json
    """
    with catalogue(db, "en") as cat:
        s = cat.stats()
        if json_out:
            return emit_json(s)
        c = console()
        c.print(f"catalogue {s['catalogue_version']}: {s['products']} products, {s['factions']} factions, "
                f"{s['cards']} cards ({s['card_copies']} copies), {s['bases']} bases "
                f"({s['bases_stats_unknown']} with unknown stats)")
        for lang, n in s["names"].items():
            c.print(f"names ({lang}): " + ", ".join(f"{k} {v}" for k, v in n.items()))
        c.print("text: " + ", ".join(f"{k} {v}" for k, v in s["text"].items()) + f"; rulings {s['rulings']}")
