"""``smashup setup``: the set-up sheet ("Aufbau") for a table of chosen factions (:mod:`smashup_db.gamenight.setup_sheet`)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from smashup_db.cli import gamenight_print as show
from smashup_db.cli import opts as do
from smashup_db.cli.gamenight_cmds import split_list
from smashup_db.cli.lookups import catalogue, check_printing
from smashup_db.cli.opts import (
    WHOLE,
    CollectionOpt,
    DbOpt,
    GamePrintingOpt,
    JsonOpt,
    LangOpt,
    ModeOpt,
    OwnedOpt,
    OwnerOpt,
    SeedOpt,
    owners,
)
from smashup_db.cli.output import emit_json, fail, footnote, line, say
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import msg

app = typer.Typer(
    add_completion=False
)  # a command of the top level (merged into the root application)


@app.command(
    "setup",
    help=_(
        "What to take out for a table of chosen factions, box by box: the set-up sheet.\n"
        "\n"
        "The factions, the bases of the base deck (of the printing owned) and those to lay "
        "out, titans with --titans, the Madness deck when a faction of the Cthulhu set is in, "
        "Munchkin's Monster and Treasure decks when a Munchkin faction is in, VP tokens.\n"
        "\n"
        "Examples:\n"
        "\n"
        "  smashup setup --factions aliens,ninjas,elder-things,innsmouth --players 2\n"
        "\n"
        "  smashup setup -f Zauberer,Zombies -n 2 --format-out html -o aufbau.html"
    ),
)
def setup(
    factions: Annotated[
        str,
        typer.Option(
            "--factions",
            "-f",
            help=_("Comma-separated factions (names in English or German, or ids)."),
        ),
    ],
    players: Annotated[
        int, typer.Option("--players", "-n", help=_("Number of players (2 to 8)."), **WHOLE)
    ],
    base_mode: ModeOpt = "set",
    titans: do.TitansOpt = False,
    owned: OwnedOpt = False,
    owner: OwnerOpt = None,
    collection: CollectionOpt = None,
    seed: SeedOpt = None,
    printing: GamePrintingOpt = None,
    format_out: Annotated[
        Optional[str],
        typer.Option(
            "--format-out",
            help=_("Write the sheet as html (one A4 page to print)."),
            show_default=False,
        ),
    ] = None,
    out: do.OutOpt = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.gamenight import setup_sheet
    from smashup_db.gamenight.session import new_seed
    from smashup_db.gamenight.share import ShareError, write
    from smashup_db.userdata.collection import owned_copies

    with catalogue(
        db, lang, owners(owner, collection)
    ) as cat:  # the printings of those owners' boxes (all when none named)
        cat.printing = check_printing(printing)  # the one printing rule for every line of the sheet
        ids = list(dict.fromkeys(cat.resolve("faction", f)[0] for f in split_list(factions)))
        if not ids:
            fail(_("--factions is empty"))
        if format_out is not None and format_out.strip().lower() != "html":
            raise ShareError(
                N_("--format-out {kind!r} is not one of: {kinds}"), kind=format_out, kinds="html"
            )
        seed = new_seed() if seed is None else seed
        who = owners(owner, collection)
        own = owned_copies(cat, who) if (owned or who) else None
        sheet = setup_sheet.build(
            cat,
            ids,
            players,
            seed=seed,
            base_mode=base_mode,
            owned=own,
            titans=titans,
            printing=check_printing(printing),
        )
        sheet["seed"] = seed
        if format_out is not None:
            page = setup_sheet.render_html(cat, sheet)
            if out is None:
                if json_out:
                    fail(
                        _(
                            "--format-out without --out prints the page; leave out --json or add --out FILE"
                        )
                    )
                typer.echo(page, nl=False)
                return
            write(page, out)
            if not json_out:
                say(msg("g.wrote", cat.lang, out=out))
        if json_out:
            return emit_json(sheet)
        show.setup_sheet(cat, sheet)
        footnote(
            cat.lang,
            sheet["factions"]
            + sheet["bases"]["in_play"]
            + [b["product"] for b in sheet["boxes"]]
            + (sheet["titans"] or [])
            + sheet["decks"],
        )
        line((msg("seed", cat.lang, seed=seed), "dim"))
