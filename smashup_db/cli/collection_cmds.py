"""The collection commands: the boxes you (and your friends) own, and their backups."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from smashup_db.cli import gamenight_print as show
from smashup_db.cli.lookups import catalogue, check_printing
from smashup_db.cli.opts import WHOLE, CollectionOpt, DbOpt, JsonOpt, LangOpt, OwnerOpt, owners
from smashup_db.cli.output import emit_json, label, line, say
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import msg, term

app = typer.Typer(
    add_completion=False,
    name="collection",
    help=_("Record the boxes you (and your friends) own."),
    no_args_is_help=True,
)


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


def _show_entry(cat, row: dict, json_out: bool) -> None:
    if json_out:
        return emit_json(row)
    show.collection_entry(cat, row)


def _show_change(cat, row: dict, json_out: bool) -> None:
    """What an add or remove did: the copies and printing that result (or JSON)."""
    if json_out:
        return emit_json(row)
    show.collection_change(cat, row)


@app.command(
    "add",
    help=_(
        "Add a box to a collection; a German title records the German edition.\n"
        "\n"
        'Examples: smashup collection add "Vergessene Helden" --owner Ben;\n'
        'smashup collection add "Core Set" --printing original'
    ),
)
def collection_add(
    product: Annotated[
        Optional[str],
        typer.Argument(
            help=_(
                "Product name in English or German, or its id; a faction's name means the one box holding it."
            ),
            show_default=False,
        ),
    ] = None,
    copies: Annotated[int, typer.Option("--copies", help=_("How many copies."), **WHOLE)] = 1,
    owner: Annotated[str, typer.Option("--owner", help=_("Whose box it is."))] = "me",
    printing: Annotated[
        Optional[str],
        typer.Option(
            "--printing",
            help=_(
                "Which printing the box is: original, current or german (default: german when named by its German title)."
            ),
            show_default=False,
        ),
    ] = None,
    same_box: Annotated[
        bool,
        typer.Option(
            "--same-box",
            help=_("The box already recorded is of the printing given: correct it (copies stay)."),
        ),
    ] = False,
    another_box: Annotated[
        bool,
        typer.Option(
            "--another-box",
            help=_(
                "This is another box in the printing given: add it (the owner's copies then "
                "count as that printing)."
            ),
        ),
    ] = False,
    code: Annotated[
        Optional[str],
        typer.Option(
            "--code",
            help=_(
                "Add the boxes of a collection code (from smashup collection code) instead of one product."
            ),
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import collection as coll
    from smashup_db.userdata.boxcode import decode

    with catalogue(db, lang) as cat:
        if (product is None) == (code is None):
            raise coll.CollectionError(N_("give a product or --code CODE (one of the two)"))
        if code is not None and (copies != 1 or printing is not None):
            raise coll.CollectionError(  # a code holds each box's printing and adds one copy of each
                N_(
                    "--copies and --printing are for one product; a --code brings its own boxes and printings"
                )
            )
        if code is None:
            if same_box and another_box:
                raise coll.CollectionError(N_("give --same-box or --another-box, not both"))
            choice = "same-box" if same_box else "another-box" if another_box else None
            given = check_printing(printing)
            try:
                row = coll.add(cat, product, copies, owner, given, choice)
            except coll.OtherPrinting as exc:
                if json_out or not _asking():
                    raise
                choice = _ask_which(cat, exc)
                row = coll.add(cat, product, copies, owner, exc.given, choice)
            return _show_change(cat, row, json_out)
        rows = coll.add_code(cat, decode(code), owner)
        if json_out:
            return emit_json(rows)
        line(
            _("{added} boxes added, {kept} already recorded (owner {owner})", cat.lang).format(
                added=sum(r["added"] for r in rows),
                kept=sum(not r["added"] for r in rows),
                owner=owner,
            )
        )
        for r in rows:
            _show_entry(cat, r, False)


def _asking() -> bool:
    """True when a person can be asked (standard input and output are a terminal)."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask_which(cat, exc) -> str:
    """Ask whether the box added is the one recorded (its printing corrected) or another box;
    ``same-box`` or ``another-box``; ``q`` (or no input) ends the command, nothing changed."""
    from smashup_db.cli.output import fail
    from smashup_db.gamenight.setup_sheet import printing_name

    L = cat.lang
    name = label(cat.named("product", exc.product), L)
    line(
        _("{owner} has {name} already: {n}x, {printing}.", L).format(
            owner=exc.owner,
            name=name,
            n=exc.had,
            printing=printing_name(exc.recorded or "current", L),
        )
    )
    given = printing_name(exc.given, L)
    line("  1 = " + _("the box recorded is the {printing} (correct it)", L).format(printing=given))
    line("  2 = " + _("this is another box, the {printing}", L).format(printing=given))
    try:
        answer = typer.prompt(_("1, 2 or q", L)).strip().lower()
    except (EOFError, typer.Abort):
        answer = "q"
    if answer in ("1", "2"):
        return "same-box" if answer == "1" else "another-box"
    fail(N_("nothing changed"))


@app.command(
    "code",
    help=_(
        "Print a short code of the boxes owned (all owners, or --collection NAME ...) and "
        "their printings, for the site or another computer.\n"
        "\n"
        "Example: smashup collection code; then smashup collection add --code CODE"
    ),
)
def collection_code(
    owner: CollectionOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False
) -> None:
    from smashup_db.userdata import collection as coll
    from smashup_db.userdata.boxcode import encode, group_owned

    with catalogue(db, lang) as cat:
        if owner:
            coll.owned_copies(cat, owner)  # a named owner without boxes: one error line
        owned = group_owned(coll.entries(cat, owner))
        code = encode(owned)
        if json_out:
            return emit_json(
                {
                    "code": code,
                    "products": [
                        {"product": cat.named("product", p), "printing": v}
                        for p, v in owned.items()
                    ],
                }
            )
        say(code)  # never wrapped: copied whole
        line(
            _(
                "This code holds the boxes of {owners} and their printings. "
                'Paste it on the site\'s "Your boxes" page (/{lang}/boxes/), or on another '
                "computer run: smashup collection add --code CODE [--owner NAME]",
                cat.lang,
            ).format(
                owners=", ".join(owner) if owner else _("every owner", cat.lang),
                lang=cat.lang,
            )
        )


@app.command(
    "remove",
    help=_('Remove a box from a collection. Example: smashup collection remove "Core Set" '),
)
def collection_remove(
    product: Annotated[
        str,
        typer.Argument(
            help=_(
                "Product name in English or German, or its id; a faction's name means the one box holding it."
            )
        ),
    ],
    copies: Annotated[
        Optional[int],
        typer.Option(
            "--copies", help=_("How many copies (default: all)."), show_default=False, **WHOLE
        ),
    ] = None,
    owner: Annotated[str, typer.Option("--owner", help=_("Whose box it is."))] = "me",
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import collection as coll

    with catalogue(db, lang) as cat:
        _show_change(cat, coll.remove(cat, product, copies, owner), json_out)


@app.command(
    "list",
    help=_(
        "List the collection (all owners, or --owner NAME ...). Example: smashup collection list"
    ),
)
def collection_list(
    owner: OwnerOpt = None,
    collection: CollectionOpt = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import collection as coll

    with catalogue(db, lang) as cat:
        rows = coll.entries(cat, owners(owner, collection))
        if json_out:
            return emit_json(rows)
        if not rows:
            line(term("collection_empty", cat.lang))
        for r in rows:
            _show_entry(cat, r, False)


@app.command(
    "export",
    help=_(
        "Back up the collection (owners, products, copies) to a JSON or CSV file.\n"
        "\n"
        "Example: smashup collection export boxes.json"
    ),
)
def collection_export(
    file: Annotated[
        Path, typer.Argument(help=_("File to write: .json or .csv (- for standard output, JSON)."))
    ],
    db: DbOpt = None,
    lang: LangOpt = None,
) -> None:
    from smashup_db.gamenight import share
    from smashup_db.userdata import backup

    with catalogue(db, lang) as cat:
        kind = backup.kind_of(file)
        written = share.write(backup.export_text(cat, kind), file)
        if written is not None:  # "-": the backup itself went to standard output
            n = len(backup.rows(cat))
            line(_t(cat.lang, "wrote_entries", n=n, file=file))


@app.command(
    "import",
    help=_(
        "Restore the collection from a backup, all or nothing.\n"
        "\n"
        "Example: smashup collection import boxes.json --replace"
    ),
)
def collection_import(
    file: Annotated[
        Path, typer.Argument(help=_("File written by collection export (.json or .csv)."))
    ],
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help=_(
                "Empty the collection first (default: "
                "each entry sets that owner's copies, others stay)."
            ),
        ),
    ] = False,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import backup

    with catalogue(db, lang) as cat:
        res = backup.import_file(cat, file, replace)
        if json_out:
            return emit_json(res)
        line(
            _t(
                cat.lang,
                "imported_entries",
                n=res["entries"],
                owners=", ".join(res["owners"]) or _t(cat.lang, "nobody"),
            )
        )
