"""``smashup import``: rules text and pictures from the card archive, translations from CSV.

``smashup import text [SOURCE...]``, ``smashup import translations FILE`` and
``smashup import images [SOURCE [ARCHIVE...]]``, declared here once, as data
(:mod:`.decl`), with their bodies: ``import text`` is timed by
``bench/bench_startup.py`` and runs on the start-up fast path (:mod:`.fast`),
which reads :data:`COMMANDS` without loading Typer; :data:`app`, the Typer group
made from the same declarations, is built on first use. The rules text they
load is never part of the project; it lives only in the user's database.
"""

from __future__ import annotations

from smashup_db.cli.db_cmds import counts_text
from smashup_db.cli.decl import DB, JSON, Command, Param, declared
from smashup_db.cli.output import emit_json, say, tell, user_errors
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import active_lang, msg

COMMANDS = declared(
    Command(
        "import text",
        N_(
            "Import English rules text, errata and clarifications from the card archive.\n\n"
            "Without SOURCE, both files are fetched from the public card archive at a pinned "
            "commit: GitHub repository 906919303-crypto/smash-up-card-archive, commit "
            "58fa7e7432874b3c0f3727289e399445754eb383, files app/data/smashup-catalog.json and "
            "app/data/smashup-bases.json (SHA-256 checked; $SMASHUP_ARCHIVE_URL replaces "
            "https://raw.githubusercontent.com/906919303-crypto/smash-up-card-archive/<commit>/ "
            "for a mirror). Offline, download that commit and give the two files.\n\n"
            "Which file is which is told by its shape. Records are matched by faction and English "
            "name; those that match nothing are listed. Everything is written in one transaction; "
            "importing the same file again reports 0 changes. The SHA-256 of each file read is "
            "printed and kept in the database.\n\n"
            "Example: smashup import text smashup-catalog.json smashup-bases.json"
        ),
        (
            Param(
                "sources",
                kind="texts",
                help=N_(
                    "The card archive's smashup-catalog.json and/or smashup-bases.json: file paths or "
                    "http(s) URLs (default: both, from the pinned archive)."
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
            Param(
                "file",
                help=N_("CSV file (or its http(s) URL) with columns kind,id,lang,name,text."),
            ),
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
            "SOURCE is the archive's card-art folder or the http(s) URL of one; without it,\n"
            "the pictures and JSON are fetched from the public card archive at a pinned commit\n"
            "(GitHub 906919303-crypto/smash-up-card-archive, commit\n"
            "58fa7e7432874b3c0f3727289e399445754eb383: public/card-art/,\n"
            "app/data/smashup-catalog.json and app/data/smashup-bases.json;\n"
            "$SMASHUP_ARCHIVE_URL for a mirror). Pictures are matched to cards and bases\n"
            "through the archive's JSON (smashup-catalog.json and smashup-bases.json beside\n"
            "the folder, or given after it), as import text matches them. Every picture is\n"
            "checked before anything is written; a damaged one stops the import. The pictures\n"
            "are stored beside your database, never in it; importing the same folder again\n"
            "reports 0 changes. A stored picture is removed only when the archive record it\n"
            "came from is read again and matches no card now; more than 5 such removals need\n"
            "--prune (a terminal asks). A picture not found this time is kept. The thumbnails\n"
            "the site shows are made now (kept in your cache folder); the site shows the\n"
            "pictures after the next build.\n"
            "Example: smashup import images ../card-archive/card-art"
        ),
        (
            Param(
                "sources",
                kind="texts",
                help=N_(
                    "The card-art folder (or its http(s) URL), then the archive's JSON files or "
                    "URLs (default: those beside it; with nothing, the pinned archive)."
                ),
            ),
            Param(
                "prune",
                "--prune",
                kind="flag",
                default=False,
                help=N_(
                    "Remove every stored picture whose archive record matches no card now, "
                    "however many."
                ),
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
    """``smashup import text [SOURCE...]``: English rules text, errata and clarifications from the card archive
    (the files or URLs given, else the pinned archive's two files, fetched)."""
    from smashup_db.importer.card_archive import import_archives, load_archives

    with user_errors():
        # all input validated before the database is opened
        files = load_archives(sources) if sources else _fetch_pinned_text()
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
                "sha256": report.checksums,
                "seconds": round(report.seconds, 3),
            }
        )
    from smashup_db.i18n import render

    L = active_lang()
    for miss in report.unmatched:
        say(msg("unmatched", L, what=render(miss, L)), err=True)
    t, r = report.texts, report.rulings
    tell(
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
    tell(
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
    tell(
        msg(
            "without_text",
            L,
            counts=counts_text({k + "s": v for k, v in report.without_text.items()}, L),
        )
    )
    for label, digest in report.checksums.items():
        tell(f"sha256 {digest}  {label}")


def _fetch_pinned_text() -> list:
    """The pinned archive's two files, fetched (progress bar on a terminal), checked and parsed."""
    import sys
    from contextlib import nullcontext

    from smashup_db.cli.output import stage_progress
    from smashup_db.importer import pinned
    from smashup_db.importer.card_archive import archive_from_bytes
    from smashup_db.importer.files import RunClock

    urls = pinned.text_urls()
    clock = RunClock(pinned.base_url())  # one deadline for both files
    names = [u.rsplit("/", 1)[-1] for u in urls]
    stages = {n: _("downloading {file}").format(file=n) for n in names}
    files = []
    # Rich only for a terminal: piped, the bar would not show, and Rich costs a tenth of a second
    bar = stage_progress(stages) if sys.stderr.isatty() else nullcontext(lambda *a: None)
    with bar as progress:
        for url, name in zip(urls, names, strict=True):
            data = pinned.fetch(url, lambda done, total, n=name: progress(n, done, total), clock)
            files.append(archive_from_bytes(url, data))
    return files


def import_translations(file: str, db: str | None, json_out: bool) -> None:
    """``smashup import translations FILE``: names and text in another language from a CSV file or URL."""
    from smashup_db.cli.lookups import catalogue
    from smashup_db.cli.translation_print import import_summary
    from smashup_db.importer.files import label_of
    from smashup_db.importer.translation_csv import (
        import_translations,
        parse_translations,
        read_translations_text,
    )

    with user_errors():
        # a missing or unreadable file is reported before the database opens
        content = read_translations_text(file)
        with catalogue(db, None) as cat:
            known = {
                kind: set(cat.model.things(kind)) for kind in ("product", "faction", "card", "base")
            }
        rows = parse_translations(content, str(file), known)
        report = import_translations(db, rows, label_of(file), str(file))
    if json_out:
        return emit_json(report.as_dict())
    import_summary(label_of(file), report)


def import_images(sources: list[str], prune: bool, db: str | None, json_out: bool) -> None:
    """``smashup import images [SOURCE [ARCHIVE...]]``: the card archive's pictures into the images folder
    (SOURCE: a card-art folder or URL; nothing: the pinned archive)."""
    import sys

    from smashup_db.cli.images_print import show_image_report
    from smashup_db.cli.output import stage_progress
    from smashup_db.importer.images import import_images

    stages = {
        "pictures": _("checking pictures"),
        "thumbnails": _("making thumbnails"),
        "archive": _("downloading the archive's JSON"),
    }
    source, archives = (sources[0], sources[1:]) if sources else (None, [])
    with user_errors(), stage_progress(stages) as progress:
        ask = None
        if not prune and sys.stdin.isatty() and sys.stderr.isatty():
            ask = lambda n: _ask_prune(n, progress)  # noqa: E731
        report = import_images(
            db, source, archives or None, progress=progress, prune=prune, confirm=ask
        )
    if json_out:
        return emit_json(report.as_dict())
    show_image_report(report)


def _ask_prune(n: int, progress) -> bool:
    """Ask on the terminal whether to remove ``n`` stored pictures (the progress bar stopped first)."""
    import sys

    live = getattr(progress, "live", None)
    if live is not None:
        live.stop()
    sys.stderr.write(
        _("{n} stored pictures no longer match their archive record. Remove them? [y/N] ").format(
            n=n
        )
    )
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline().strip().lower()
    except (OSError, ValueError):
        return False
    return answer in ("y", "yes", "j", "ja")
