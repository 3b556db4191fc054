"""``smashup import``: rules text from the card archive, translations from CSV.

``smashup import text SOURCE...`` and ``smashup import translations FILE``. The
rules text they load is never part of the project; it lives only in the user's database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from smashup_db.cli.decl import COMMANDS
from smashup_db.cli.from_decl import add_command
from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import DbOpt, JsonOpt
from smashup_db.cli.output import emit_json, user_errors
from smashup_db.i18n import _

app = typer.Typer(
    name="import",
    help=_("Import rules text or card pictures (card archive), or translations (CSV)."),
    no_args_is_help=True,
)
add_command(app, COMMANDS["import text"])  # declared in .decl (the fast path runs it too)


@app.command(
    "translations",
    help=_(
        "Import names and text in another language from a CSV file keyed by our ids.\n"
        "\n"
        "Columns: kind (product, faction, card, base), id, lang (de or en), name, text;\n"
        "name_en/text_en are ignored. Empty cells leave what is stored. Names become\n"
        "searchable at once. The CSV may come from LibreOffice or Excel (byte order\n"
        "mark, ';' separator, CRLF). Every bad row is listed with its line and then\n"
        "nothing is imported; otherwise one transaction, and a summary per kind.\n"
        "Example: smashup import translations de.csv"
    ),
)
def import_translations_cmd(
    file: Annotated[
        Path,
        typer.Argument(help=_("CSV file with columns kind,id,lang,name,text."), show_default=False),
    ],
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.cli.translation_print import import_summary
    from smashup_db.importer.translation_csv import (
        import_translations,
        parse_translations,
        read_translations_text,
    )

    with user_errors():
        content = read_translations_text(
            file
        )  # a missing or unreadable file is reported before the database opens
        with catalogue(db, None) as cat:
            known = {
                kind: set(cat.model.things(kind)) for kind in ("product", "faction", "card", "base")
            }
        rows = parse_translations(content, str(file), known)
        report = import_translations(db, rows, file.name, str(file))
    if json_out:
        return emit_json(report.as_dict())
    import_summary(file.name, report)


@app.command(
    "images",
    help=_(
        "Import the card archive's pictures of cards and bases into your images folder.\n"
        "\n"
        "SOURCE is the archive's card-art folder or the http(s) URL of one. Pictures are\n"
        "matched to cards and bases through the archive's JSON (smashup-catalog.json and\n"
        "smashup-bases.json beside the folder, or given after it), as import text matches\n"
        "them. Every picture is checked before anything is written; a damaged one stops the\n"
        "import. The pictures are stored beside your database, never in it; importing the\n"
        "same folder again reports 0 changes. The thumbnails the site shows are made\n"
        "now (kept in your cache folder); the site shows the pictures after the next build.\n"
        "Example: smashup import images ../card-archive/card-art"
    ),
)
def import_images_cmd(
    source: Annotated[
        str, typer.Argument(help=_("The card-art folder, or its http(s) URL."), show_default=False)
    ],
    archives: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("The card archive's JSON files or URLs (default: those beside SOURCE)."),
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.cli.images_print import show_image_report
    from smashup_db.cli.output import stage_progress
    from smashup_db.importer.images import import_images

    stages = {"pictures": _("checking pictures"), "thumbnails": _("making thumbnails")}
    with user_errors(), stage_progress(stages) as progress:
        report = import_images(db, source, archives or None, progress=progress)
    if json_out:
        return emit_json(report.as_dict())
    show_image_report(report)
