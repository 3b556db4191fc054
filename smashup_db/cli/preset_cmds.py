"""``smashup preset``: saved draft options (ban lists, complexity, formats)."""

from __future__ import annotations

from typing import Annotated

import typer

from smashup_db.cli import opts as do
from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import DbOpt, JsonOpt, LangOpt
from smashup_db.cli.output import emit_json, line, say
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import msg

app = typer.Typer(
    add_completion=False,
    name="preset",
    help=_("Saved draft options: ban lists, complexity, formats."),
    no_args_is_help=True,
)


#: Draft formats and complexity levels as stored (the values typed with --format, --complexity).
FORMATS = {
    "snake": N_("snake"),
    "random": N_("random"),
    "offer": N_("offer"),
    "pick-one-random": N_("pick-one-random"),
}
COMPLEXITY = {"low": N_("low"), "medium": N_("medium"), "high": N_("high")}


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


@app.command(
    "save",
    help=_(
        "Save draft options under a name (replaces a preset of that name).\n"
        "\n"
        'Example: smashup preset save family --ban "Elder Things" --complexity low,medium --avoid-recent 2\n'
        'then:    smashup draft -p "Anna,Ben,Cleo" --preset family --auto'
    ),
)
def preset_save(
    name: Annotated[str, typer.Argument(help=_("Name of the preset."))],
    ban: do.BanOpt = None,
    include: do.IncludeOpt = None,
    complexity: do.ComplexityOpt = None,
    products: do.ProductsOpt = None,
    fmt: do.FormatOpt = None,
    offer: do.OfferOpt = None,
    avoid_recent: do.AvoidOpt = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.gamenight.options import resolve_options
    from smashup_db.userdata import presets

    with catalogue(db, lang) as cat:
        opts = resolve_options(
            cat,
            ban=ban,
            include=include,
            complexity=complexity,
            products=products,
            fmt=fmt,
            offer=offer,
            avoid_recent=avoid_recent,
        )
        row = presets.save(cat, name, opts.as_dict())
        if json_out:
            return emit_json(row)
        line(_t(cat.lang, "saved_preset", name=row["name"]))


@app.command("list", help=_("List saved presets. Example: smashup preset list"))
def preset_list(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    from smashup_db.userdata import presets

    with catalogue(db, lang) as cat:
        items = presets.all_presets(cat)
        if json_out:
            return emit_json(items)
        if not items:
            say(_t(cat.lang, "no_presets"))
        L = cat.lang
        for p in items:
            o = p["options"]

            def names(kind, ids):
                return ", ".join(cat.name(kind, x)[0] for x in ids)

            fmt = _(FORMATS.get(o["format"], o["format"]), L)
            bits = [
                _("format {format} (offer {offer})", L).format(format=fmt, offer=o["offer"])
                if o["format"] == "offer"
                else _("format {format}", L).format(format=fmt)
            ]
            if o["ban"]:
                bits.append(_("ban {factions}", L).format(factions=names("faction", o["ban"])))
            if o["include"]:
                bits.append(
                    _("include {factions}", L).format(factions=names("faction", o["include"]))
                )
            if o["complexity"]:
                bits.append(
                    _("complexity {levels}", L).format(
                        levels=",".join(_(COMPLEXITY.get(c, c), L) for c in o["complexity"])
                    )
                )
            if o["products"] is not None:
                bits.append(
                    _("products {products}", L).format(products=names("product", o["products"]))
                )
            if o["avoid_recent"]:
                bits.append(_("avoid-recent {n}", L).format(n=o["avoid_recent"]))
            line(f"{p['name']}: " + "; ".join(bits))


@app.command("remove", help=_("Delete a saved preset. Example: smashup preset remove family"))
def preset_remove(
    name: Annotated[str, typer.Argument(help=_("Name of the preset."))],
    db: DbOpt = None,
    lang: LangOpt = None,
) -> None:
    from smashup_db.userdata import presets

    with catalogue(db, lang) as cat:
        presets.remove(cat, name)
        line(_t(cat.lang, "removed_preset", name=name))
