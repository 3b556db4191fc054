"""``smashup translations status``: how much of the catalogue has names and text in a language."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import DbOpt, JsonOpt
from smashup_db.cli.output import emit_json
from smashup_db.i18n import _

app = typer.Typer(
    add_completion=False,
    name="translations",
    help=_("How far the translation of names and text has come (per box and faction)."),
    no_args_is_help=True,
)


@app.command(
    "status",
    help=_(
        "Coverage of names and text in a language: per product, per faction and overall (counts and percent).\n"
        "\n"
        "Examples: smashup translations status --lang de;\n"
        "smashup translations status --json | jq .overall\n"
        "Fill gaps with: smashup export translations --lang de --missing --faction ninjas --out ninjas.csv"
    ),
)
def status_cmd(
    lang: Annotated[
        Optional[str],
        typer.Option(
            "--lang", "-l", help=_("Language to count (default: de)."), show_default=False
        ),
    ] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.catalogue.coverage import coverage
    from smashup_db.cli.translation_print import status

    with catalogue(db, lang) as cat:
        target = "de" if lang is None else cat.lang
        cov = coverage(cat.model, target)
        if json_out:
            return emit_json(cov)
        status(cov, cat, cat.lang)
