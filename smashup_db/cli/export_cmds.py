"""``smashup export``: data from your database (translations as CSV, to fill in and import back)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import DbOpt
from smashup_db.cli.output import user_errors
from smashup_db.i18n import _

app = typer.Typer(
    add_completion=False,
    name="export",
    help=_("Export data from your database (translations as CSV)."),
    no_args_is_help=True,
)


@app.command(
    "translations",
    help=_(
        "Export names and text of every product, faction, card and base as CSV.\n"
        "\n"
        "Columns kind,id,lang,name,text plus name_en,text_en for reference. Fill in\n"
        "name/text and import the file back with `smashup import translations`.\n"
        "Examples: smashup export translations --lang de --missing --out de.csv;\n"
        "smashup export translations --lang de --missing --faction ninjas --out ninjas.csv"
    ),
)
def export_translations_cmd(
    lang: Annotated[str, typer.Option("--lang", "-l", help=_("Language to export (de or en)."))],
    missing: Annotated[
        bool, typer.Option("--missing", help=_("Only rows lacking a name or text in LANG."))
    ] = False,
    out: Annotated[
        Optional[Path],
        typer.Option(
            "--out",
            "-o",
            help=_("Write to this file (default: standard output)."),
            show_default=False,
        ),
    ] = None,
    faction: Annotated[
        Optional[str],
        typer.Option(
            "--faction",
            "-f",
            help=_("Only this faction: the faction, its cards and bases (English or German name)."),
            show_default=False,
        ),
    ] = None,
    product: Annotated[
        Optional[str],
        typer.Option(
            "--product",
            "-p",
            help=_("Only this box: the product, its factions with their cards, its bases."),
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    import sys

    from smashup_db.importer.translation_csv import export_rows, write_translations

    with user_errors():
        from smashup_db.importer.translation_csv import check_lang

        lang = check_lang(lang, "--lang")
        if str(out) == "-":
            out = None
        if out is not None:  # a refused target is said before the database is opened (or created)
            from smashup_db.common.safe_write import target_of
            from smashup_db.importer import ImportFileError

            target_of(out, ImportFileError)
        with catalogue(db, None) as cat:
            rows = export_rows(cat, lang, missing=missing, faction=faction, product=product)
        if out is None:
            write_translations(rows, sys.stdout)
        else:
            write_translations(rows, out)
    if out is not None:
        from smashup_db.cli.translation_print import wrote_rows

        wrote_rows(len(rows), out)
