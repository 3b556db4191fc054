"""``smashup bases``: list bases (the group's own command) or build a base deck (``bases deck``)."""

from __future__ import annotations

from typing import Annotated

import typer

from smashup_db.cli import gamenight_print as show
from smashup_db.cli.decl import COMMANDS
from smashup_db.cli.from_decl import add_command
from smashup_db.cli.gamenight_cmds import add_base_stats, split_list
from smashup_db.cli.lookups import catalogue, check_printing
from smashup_db.cli.opts import (
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
from smashup_db.cli.output import emit_json, fail, line
from smashup_db.i18n import _
from smashup_db.i18n.terms import msg

app = typer.Typer(name="bases")
add_command(
    app, COMMANDS["bases"]
)  # the list of bases: declared in .decl (the fast path runs it too)


@app.command(
    "deck",
    help=_(
        "Build the base deck for chosen factions and lay out players + 1 bases.\n"
        "\n"
        "Set mode follows the rulebook: only the bases of the boxes the factions come from.\n"
        "\n"
        'Example: smashup bases deck --factions "Steampunks,Wechslerbots,Zombies,Astroritter" --players 2'
    ),
)
def bases_deck(
    factions: Annotated[
        str,
        typer.Option(
            "--factions",
            "-f",
            help=_("Comma-separated factions (names in English or German, or ids)."),
        ),
    ],
    players: Annotated[int, typer.Option("--players", "-n", help=_("Number of players (2 to 8)."))],
    base_mode: ModeOpt = "set",
    owned: OwnedOpt = False,
    owner: OwnerOpt = None,
    collection: CollectionOpt = None,
    seed: SeedOpt = None,
    printing: GamePrintingOpt = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    import random

    from smashup_db.gamenight.session import base_deck, new_seed
    from smashup_db.userdata.collection import owned_copies

    with catalogue(
        db, lang, owners(owner, collection)
    ) as cat:  # the printings of those owners' boxes (all when none named)
        cat.printing = check_printing(
            printing
        )  # every view of the deck (the unknown-stats warning too)
        ids = [cat.resolve("faction", f)[0] for f in split_list(factions)]
        if not ids:
            fail(_("--factions is empty"))
        seed = new_seed() if seed is None else seed
        collection = owners(owner, collection)
        own = owned_copies(cat, collection) if (owned or collection) else None
        res = {
            "seed": seed,
            "factions": ids,
            **base_deck(cat, ids, players, rng=random.Random(seed), mode=base_mode, owned=own),
            "printing": check_printing(printing),
        }
        add_base_stats(cat, res, res["printing"])
        if json_out:
            return emit_json(res)
        show.bases(cat, res)
        from smashup_db.cli.lookups import bases_table

        bases_table(
            [cat.base_row(b, res["printing"]) for b in res["base_deck"]],
            cat.lang,
            title=_("The whole base deck ({n})", cat.lang).format(n=len(res["base_deck"])),
        )
        line((msg("seed", cat.lang, seed=seed), "dim"))
