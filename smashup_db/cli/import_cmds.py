"""``smashup import``: rules text and pictures from the card archive, translations from CSV.

``smashup import text SOURCE...``, ``smashup import translations FILE`` and
``smashup import images SOURCE [ARCHIVE...]``, declared here once, as data
(:mod:`.decl`), with their bodies: ``import text`` is timed by
``bench/bench_startup.py`` and runs on the start-up fast path (:mod:`.fast`),
which reads :data:`COMMANDS` without loading Typer; :data:`app`, the Typer group
made from the same declarations, is built on first use. The rules text they
load is never part of the project; it lives only in the user's database.
"""

from __future__ import annotations

from smashup_db.cli.db_cmds import counts_text
from smashup_db.cli.decl import DB, JSON, Command, Param, declared
from smashup_db.cli.output import emit_json, say, user_errors
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import active_lang, msg

COMMANDS = declared(
    Command(
        "import text",
        N_(
            "Import English rules text, errata and clarifications from the card archive.\n\n"
            "Which file is which is told by its shape. Records are matched by faction and English "
            "name; those that match nothing are listed. Everything is written in one transaction; "
            "importing the same file again reports 0 changes.\n\n"
            "Example: smashup import text smashup-catalog.json smashup-bases.json"
        ),
        (
            Param(
                "sources",
                kind="texts",
                help=N_(
                    "The card archive's smashup-catalog.json and/or smashup-bases.json: file paths or http(s) URLs."
                ),
            ),
            DB,
            JSON,
        ),
        "import_cmds.import_text",
    ),
    Command(
        "import translations",
        N_(
            "Import names and text in another language from a CSV file keyed by our ids.\n"
            "\n"
            "Columns: kind (product, faction, card, base), id, lang (de or en), name, text;\n"
            "name_en/text_en are ignored. Empty cells leave what is stored. Names become\n"
            "searchable at once. The CSV may come from LibreOffice or Excel (byte order\n"
            "mark, ';' separator, CRLF). Every bad row is listed with its line and then\n"
            "nothing is imported; otherwise one transaction, and a summary per kind.\n"
            "Example: smashup import translations de.csv"
        ),
        (
            Param("file", kind="path", help=N_("CSV file with columns kind,id,lang,name,text.")),
            DB,
            JSON,
        ),
        "import_cmds.import_translations",
    ),
    Command(
        "import images",
        N_(
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
        (
            Param("source", help=N_("The card-art folder, or its http(s) URL.")),
            Param(
                "archives",
                kind="texts",
                help=N_("The card archive's JSON files or URLs (default: those beside SOURCE)."),
            ),
            DB,
            JSON,
        ),
        "import_cmds.import_images",
    ),
)


def __getattr__(name: str):
    if name == "app":
        from smashup_db.cli.from_decl import typer_app

        globals()["app"] = typer_app(
            COMMANDS,
            name="import",
            help=_("Import rules text or card pictures (card archive), or translations (CSV)."),
            no_args_is_help=True,
        )
        return globals()["app"]
    raise AttributeError(name)


def import_text(sources: list[str], db: str | None, json_out: bool) -> None:
    """``smashup import text SOURCE...``: English rules text, errata and clarifications from the card archive."""
    from smashup_db.importer.card_archive import import_archives, load_archive

    if not sources:  # where to get the files, and exit 2 as for a usage mistake
        say(msg("where_to_get", active_lang()), err=True)
        raise SystemExit(2)
    with user_errors():
        files = [
            load_archive(s) for s in sources
        ]  # all input validated before the database is opened
        report = import_archives(db, files)
    if json_out:
        return emit_json(
            {
                "files": report.files,
                "records": report.records,
                "matched": report.matched,
                "unmatched": report.unmatched,
                "texts": dict(report.texts),
                "rulings": dict(report.rulings),
                "changes": report.changes,
                "without_text": report.without_text,
                "seconds": round(report.seconds, 3),
            }
        )
    from smashup_db.i18n import render

    L = active_lang()
    for miss in report.unmatched:
        say(msg("unmatched", L, what=render(miss, L)), err=True)
    t, r = report.texts, report.rulings
    say(
        msg(
            "imported_text",
            L,
            files=", ".join(report.files),
            secs=f"{report.seconds:.2f}",
            matched=report.matched,
            records=report.records,
            unmatched=len(report.unmatched),
        )
    )
    say(
        msg(
            "text_counts",
            L,
            added=t["added"],
            changed=t["changed"],
            unchanged=t["unchanged"],
            removed=t["removed"],
            r_added=r["added"],
            r_removed=r["removed"],
            r_unchanged=r["unchanged"],
            changes=report.changes,
        )
    )
    say(
        msg(
            "without_text",
            L,
            counts=counts_text({k + "s": v for k, v in report.without_text.items()}, L),
        )
    )


def import_translations(file, db: str | None, json_out: bool) -> None:
    """``smashup import translations FILE``: names and text in another language from a CSV file (a ``Path``)."""
    from smashup_db.cli.lookups import catalogue
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


def import_images(source: str, archives: list[str] | None, db: str | None, json_out: bool) -> None:
    """``smashup import images SOURCE [ARCHIVE...]``: the card archive's pictures into the images folder."""
    from smashup_db.cli.images_print import show_image_report
    from smashup_db.cli.output import stage_progress
    from smashup_db.importer.images import import_images

    stages = {"pictures": _("checking pictures"), "thumbnails": _("making thumbnails")}
    with user_errors(), stage_progress(stages) as progress:
        report = import_images(db, source, archives or None, progress=progress)
    if json_out:
        return emit_json(report.as_dict())
    show_image_report(report)
