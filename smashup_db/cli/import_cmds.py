"""Import and export commands: text from the card archive, translations as CSV.

``smashup import text SOURCE...``, ``smashup import translations FILE`` and
``smashup export translations --lang de``. The rules text they load is never
part of the project; it lives only in the user's database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from smashup_db.cli.app import DbOpt, JsonOpt, app, catalogue, emit_json, user_errors

import_app = typer.Typer(help="Import rules text (card archive) or translations (CSV) into your database.",
                         no_args_is_help=True)
export_app = typer.Typer(help="Export data from your database (translations as CSV).", no_args_is_help=True)
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")

from smashup_db.i18n.terms import TERMS, active_lang, msg  # noqa: E402



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
    from smashup_db.cli.writes import import_text

    if not sources:
        typer.echo(msg("where_to_get", active_lang()), err=True)
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
    searchable at once. The CSV may come from LibreOffice or Excel (byte order
    mark, ';' separator, CRLF). Every bad row is listed with its line and then
    nothing is imported; otherwise one transaction, and a summary per kind.
    Example: smashup import translations de.csv
    """
    from smashup_db.importer.translation_csv import import_translations, parse_translations, read_translations_text
    from smashup_db.cli.translation_print import import_summary

    with user_errors():
        content = read_translations_text(file)  # a missing or unreadable file is reported before the database opens
        with catalogue(db, None) as cat:
            known = {kind: set(cat.model.things(kind)) for kind in ("product", "faction", "card", "base")}
        rows = parse_translations(content, str(file), known)
        report = import_translations(db, rows, file.name, str(file))
    if json_out:
        return emit_json(report.as_dict())
    import_summary(file.name, report)


@export_app.command("translations")
def export_translations_cmd(
        lang: Annotated[str, typer.Option("--lang", "-l", help="Language to export (de or en).")],
        missing: Annotated[bool, typer.Option("--missing", help="Only rows lacking a name or text in LANG.")] = False,
        out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write to this file (default: standard output).",
                                                    show_default=False)] = None,
        faction: Annotated[Optional[str], typer.Option(
            "--faction", "-f", help="Only this faction: the faction, its cards and bases (English or German name).",
            show_default=False)] = None,
        product: Annotated[Optional[str], typer.Option(
            "--product", "-p", help="Only this box: the product, its factions with their cards, its bases.",
            show_default=False)] = None,
        db: DbOpt = None) -> None:
    """Export names and text of every product, faction, card and base as CSV.

    Columns kind,id,lang,name,text plus name_en,text_en for reference. Fill in
    name/text and import the file back with `smashup import translations`.
    Examples: smashup export translations --lang de --missing --out de.csv;
    smashup export translations --lang de --missing --faction ninjas --out ninjas.csv
    """
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
