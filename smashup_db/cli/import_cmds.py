"""Import and export commands: text from the card archive, translations as CSV.

``smashup import text SOURCE...``, ``smashup import translations FILE`` and
``smashup export translations --lang de``. The rules text they load is never
part of the project; it lives only in the user's database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from .app import DbOpt, JsonOpt, app, catalogue, emit_json, user_errors

import_app = typer.Typer(help="Import rules text (card archive) or translations (CSV) into your database.",
                         no_args_is_help=True)
export_app = typer.Typer(help="Export data from your database (translations as CSV).", no_args_is_help=True)
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")

WHERE_TO_GET = (
    "No SOURCE given. Rules text, errata and clarifications are AEG's wording and are not shipped with "
    "smashup-db; import them from the public card archive (GitHub repository "
    "906919303-crypto/smash-up-card-archive, files app/data/smashup-catalog.json for the faction cards and "
    "app/data/smashup-bases.json for the bases), either from a local copy or straight from a URL, e.g.\n"
    "  smashup import text https://raw.githubusercontent.com/906919303-crypto/smash-up-card-archive/"
    "58fa7e7432874b3c0f3727289e399445754eb383/app/data/smashup-catalog.json\n"
    "  smashup import text ./smashup-catalog.json ./smashup-bases.json"
)


@import_app.command("text")
def import_text_cmd(
        sources: Annotated[Optional[List[str]], typer.Argument(
            help="The card archive's smashup-catalog.json and/or smashup-bases.json: file paths or http(s) URLs.",
            show_default=False)] = None,
        db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Import English rules text, errata and clarifications from the card archive.

    Which file is which is told by its shape. Records are matched by faction and
    English name; those that match nothing are listed. Everything is written in
    one transaction; importing the same file again reports 0 changes.
    Example: smashup import text smashup-catalog.json smashup-bases.json
    """
    from .writes import import_text

    if not sources:
        typer.echo(WHERE_TO_GET, err=True)
        raise typer.Exit(2)
    import_text(sources=sources, db=db, json_out=json_out)


@import_app.command("translations")
def import_translations_cmd(
        file: Annotated[Path, typer.Argument(help="CSV file with columns kind,id,lang,name,text.",
                                             show_default=False)],
        db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Import names and text in another language from a CSV file keyed by our ids.

    Columns: kind (product, faction, card, base), id, lang (de or en), name, text;
    name_en/text_en are ignored. Empty cells leave what is stored. Names become
    searchable at once. One transaction; a bad row stops the import with its line.
    Example: smashup import translations de.csv
    """
    from ..importer.translations import import_translations, read_translations

    with user_errors():
        rows = read_translations(file)
        report = import_translations(db, rows, file.name, str(file))
    if json_out:
        return emit_json(report.as_dict())
    from ..sanitize import printable

    typer.echo(f"imported {printable(file.name)}: {report.rows} rows; names: {report.names['added']} added, "
               f"{report.names['changed']} changed, {report.names['unchanged']} unchanged; "
               f"text: {report.texts['added']} added, {report.texts['changed']} changed, "
               f"{report.texts['unchanged']} unchanged ({report.changes} changes)")


@export_app.command("translations")
def export_translations_cmd(
        lang: Annotated[str, typer.Option("--lang", "-l", help="Language to export (de or en).")],
        missing: Annotated[bool, typer.Option("--missing", help="Only rows lacking a name or text in LANG.")] = False,
        out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write to this file (default: standard output).",
                                                    show_default=False)] = None,
        db: DbOpt = None) -> None:
    """Export names and text of every product, faction, card and base as CSV.

    Columns kind,id,lang,name,text plus name_en,text_en for reference. Fill in
    name/text and import the file back with `smashup import translations`.
    Example: smashup export translations --lang de --missing --out de.csv
    """
    import sys

    from ..importer.translations import export_rows, write_translations

    with user_errors():
        from ..importer.translations import check_lang

        lang = check_lang(lang, "--lang")
        with catalogue(db, "en") as cat:
            rows = export_rows(cat, lang, missing=missing)
        if out is None:
            write_translations(rows, sys.stdout)
        else:
            write_translations(rows, out)
    if out is not None:
        typer.echo(f"wrote {len(rows)} rows to {out}", err=True)
