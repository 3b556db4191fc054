"""Look-up commands at the top level: products, factions, faction, card, base, stats, search.

Declared here once, as data (:mod:`.decl`: parameters, help, body in
:mod:`.lookups`). The start-up fast path (:mod:`.fast`) runs them from
:data:`COMMANDS` without loading Typer; :data:`app`, the Typer commands made
from the same declarations (:mod:`.from_decl`), is built on first use, so that
importing this module stays cheap.
"""

from __future__ import annotations

from smashup_db.cli.decl import LOOKUP, OWNER, PRINTING, Command, Param, declared
from smashup_db.i18n import N_

SEARCH_HELP = N_("""Search cards and bases with a query language (explained below).

[bold]Words[/bold] and [bold]"quoted phrases"[/bold] match names (any language) and imported text.
Unquoted words match the start of words; phrases match whole words in order.

[bold]Fields[/bold] (English or German values, case and accents ignored):

  name: n:   text: o:   faction: f:   product: s:   lang: (en, de)

  type: t:  minion action titan fusion other base card
    (Kreatur Aktion Titan Fusion Basis Karte)

  kw:  ongoing talent special play-on-minion play-on-base extra-play
    (Dauerhaft Extra zusätzlich)

  power pow, copies, breakpoint bp, vp vp2 vp3
    with = != < <= > >= (pow:4 is pow=4)

[bold]Combining[/bold]: terms AND by default; OR; ( ); -term or NOT negates.

Examples:

  smashup search 't:minion f:wechslerbots pow>=4'

  smashup search 'kw:talent -t:minion'

  smashup search 'bp>=25 t:base' --json

  smashup search 't:kreatur f:geister' --lang de

  smashup search '(f:robots OR f:aliens) t:action "extra minion"'
""")

#: The look-ups, by their words.
COMMANDS = declared(
    Command(
        "products",
        N_(
            "List every product (set, expansion, box) in publication order.\n\n"
            "Example: smashup products --lang de"
        ),
        LOOKUP,
        "lookups.products",
    ),
    Command(
        "factions",
        N_(
            "List factions with their products and German names where known.\n\n"
            'Examples: smashup factions; smashup factions --product "Vergessene Helden"'
        ),
        (
            Param(
                "product",
                "--product",
                "-p",
                help=N_("Only this product (English or German name, or id)."),
            ),
            *LOOKUP,
        ),
        "lookups.factions",
    ),
    Command(
        "faction",
        N_(
            "Show a faction: its cards (copies, power, keywords), totals, bases and products.\n\n"
            'Examples: smashup faction Wechslerbots; smashup faction "killer plants" --json'
        ),
        (
            Param("name", help=N_("Faction name in English or German, or its id.")),
            PRINTING,
            OWNER,
            *LOOKUP,
        ),
        "lookups.faction",
    ),
    Command(
        "card",
        N_(
            "Show a card: type, copies, power, keywords, faction, products, printings, text and "
            "rulings.\n\nPower '-' means none (an action), '?' unknown (no source gives it).\n\n"
            'Examples: smashup card "Cäsiumrüstung"; smashup card "cesium armor" --json; '
            "smashup card Soldier --printing original"
        ),
        (
            Param("name", help=N_("Card name in English or German, or its id.")),
            PRINTING,
            OWNER,
            *LOOKUP,
        ),
        "lookups.card",
    ),
    Command(
        "base",
        N_(
            "Show a base: product, faction, breakpoint, VP, its printings, own scoring rule, text and "
            "rulings.\n\nOld names find the base too (Miskatonic University is Arkham University).\n\n"
            'Examples: smashup base "USS Undertaking"; smashup base "Goldene Stadt" --lang de; '
            'smashup base "Field of Honor" --printing original --json'
        ),
        (
            Param("name", help=N_("Base name in English or German, or its id.")),
            PRINTING,
            OWNER,
            *LOOKUP,
        ),
        "lookups.base",
    ),
    Command(
        "stats",
        N_(
            "Count products, factions, cards, card copies, bases, names and text per language.\n\n"
            "Examples: smashup stats --json; smashup stats --lang de"
        ),
        LOOKUP,
        "lookups.stats",
    ),
    Command(
        "search",
        SEARCH_HELP,
        (
            Param("query", help=N_("The search query (quote it in the shell).")),
            Param(
                "limit",
                "--limit",
                "-n",
                kind="int",
                default=50,
                help=N_("Show at most N results (0: all)."),
            ),
            PRINTING,
            OWNER,
            *LOOKUP,
        ),
        "lookups.search",
    ),
)


def __getattr__(name: str):
    if name == "app":  # commands of the top level (merged into the root application)
        from smashup_db.cli.from_decl import typer_app

        globals()["app"] = typer_app(COMMANDS)
        return globals()["app"]
    raise AttributeError(name)
