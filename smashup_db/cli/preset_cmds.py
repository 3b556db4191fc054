"""``smashup preset``: saved draft options (ban lists, complexity, formats)."""

from __future__ import annotations

from typing import Annotated

import typer

from smashup_db.i18n.terms import msg
from smashup_db.cli import opts as do
from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import DbOpt, JsonOpt, LangOpt
from smashup_db.cli.output import emit_json, line, say

app = typer.Typer(name="preset", help="Saved draft options: ban lists, complexity, formats.", no_args_is_help=True)


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


@app.command("save")
def preset_save(name: Annotated[str, typer.Argument(help="Name of the preset.")],
                ban: do.BanOpt = None, include: do.IncludeOpt = None, complexity: do.ComplexityOpt = None,
                products: do.ProductsOpt = None, fmt: do.FormatOpt = None, offer: do.OfferOpt = None,
                avoid_recent: do.AvoidOpt = None,
                db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Save draft options under a name (replaces a preset of that name).

    Example: smashup preset save family --ban "Elder Things" --complexity low,medium --avoid-recent 2
    then:    smashup draft -p "Anna,Ben,Cleo" --preset family --auto
    """
    from smashup_db.userdata import presets
    from smashup_db.gamenight.options import resolve_options

    with catalogue(db, lang) as cat:
        opts = resolve_options(cat, ban=ban, include=include, complexity=complexity, products=products, fmt=fmt,
                               offer=offer, avoid_recent=avoid_recent)
        row = presets.save(cat, name, opts.as_dict())
        if json_out:
            return emit_json(row)
        line(_t(cat.lang, "saved_preset", name=row["name"]))


@app.command("list")
def preset_list(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List saved presets. Example: smashup preset list"""
    from smashup_db.userdata import presets

    with catalogue(db, lang) as cat:
        items = presets.all_presets(cat)
        if json_out:
            return emit_json(items)
        if not items:
            say(_t(cat.lang, "no_presets"))
        for p in items:
            o = p["options"]
            bits = [f"format {o['format']}" + (f" (offer {o['offer']})" if o["format"] == "offer" else "")]
            if o["ban"]:
                bits.append("ban " + ", ".join(cat.name("faction", f)[0] for f in o["ban"]))
            if o["include"]:
                bits.append("include " + ", ".join(cat.name("faction", f)[0] for f in o["include"]))
            if o["complexity"]:
                bits.append("complexity " + ",".join(o["complexity"]))
            if o["products"] is not None:
                bits.append("products " + ", ".join(cat.name("product", x)[0] for x in o["products"]))
            if o["avoid_recent"]:
                bits.append(f"avoid-recent {o['avoid_recent']}")
            line(f"{p['name']}: " + "; ".join(bits))


@app.command("remove")
def preset_remove(name: Annotated[str, typer.Argument(help="Name of the preset.")],
                  db: DbOpt = None, lang: LangOpt = None) -> None:
    """Delete a saved preset. Example: smashup preset remove family"""
    from smashup_db.userdata import presets

    with catalogue(db, lang) as cat:
        presets.remove(cat, name)
        line(_t(cat.lang, "removed_preset", name=name))
