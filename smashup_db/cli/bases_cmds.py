"""``smashup bases``: list bases (the group's own command) or build a base deck (``bases deck``).

The list is a look-up, declared here once as data (:data:`COMMANDS`, read by the
start-up fast path :mod:`.fast` without loading Typer); ``bases deck`` is an
ordinary Typer command. Both go into the Typer group :func:`make_app` builds,
on first use of :data:`app`.
"""

# No ``from __future__ import annotations``: the annotations of ``bases deck`` name types
# imported inside make_app, so they are evaluated where the function is defined.
from smashup_db.cli.decl import LOOKUP, OWNER, PRINTING, Command, Param, declared
from smashup_db.i18n import N_

COMMANDS = declared(
    Command(
        "bases",
        N_(
            "List bases with breakpoint and VP ('?' where no source has them), or build a base deck "
            "(see smashup bases deck --help).\n\n"
            'Examples: smashup bases --product "Core Set"; smashup bases --faction Geister --lang de'
        ),
        (
            Param("product", "--product", "-p", help=N_("Only bases of this product.")),
            Param("faction", "--faction", "-f", help=N_("Only bases of this faction.")),
            PRINTING,
            OWNER,
            *LOOKUP,
        ),
        "lookups.bases",
        group=True,
    ),
)


def __getattr__(name: str):
    if name == "app":
        globals()["app"] = make_app()
        return globals()["app"]
    raise AttributeError(name)


def make_app():
    """The Typer group ``bases``: the declared list as its own command, and ``bases deck``."""
    from typing import Annotated

    import typer

    from smashup_db.cli import gamenight_print as show
    from smashup_db.cli.from_decl import typer_app
    from smashup_db.cli.gamenight_cmds import add_base_stats, split_list
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
    from smashup_db.cli.output import emit_json, fail, line
    from smashup_db.i18n import _
    from smashup_db.i18n.terms import msg

    app = typer_app(COMMANDS, name="bases")

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
        players: Annotated[
            int, typer.Option("--players", "-n", help=_("Number of players (2 to 8)."), **WHOLE)
        ],
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
                **base_deck(cat, ids, players, seed=seed, mode=base_mode, owned=own),
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

    return app
