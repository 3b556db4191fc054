"""One declaration per command that must start fast: its parameters, its help and its body.

The look-ups (``products``, ``factions``, ``faction``, ``card``, ``base``,
``bases``, ``stats``, ``search``) and the two writers timed by
``bench/bench_startup.py`` (``db build``, ``import text``) are declared here
once, as plain data: :mod:`.from_decl` makes their Typer commands from it (help
translated into the display language), and the start-up fast path
(:mod:`.fast`) parses a command line against the very same declarations, so
there is no second table to keep in step. Every other command is an ordinary
Typer function in its group's module. This module imports nothing heavy
(start-up: no typer, no typing, no dataclasses); help texts are English
messages marked for the gettext catalog.
"""

from __future__ import annotations

from smashup_db.i18n import N_

#: Kinds of value: a string, a whole number, a path, an on/off flag, or zero or more strings (a positional list).
KINDS = ("text", "int", "path", "flag", "texts")


class Param:
    """One parameter of a declared command.

    ``name`` is the body's keyword argument; ``flags`` the option strings
    (``"--lang", "-l"``), none for a positional argument; ``help`` an English
    message (translated where the Typer command is built); ``kind`` one of
    :data:`KINDS`; ``default`` the value when it is not given (positional
    arguments other than ``texts`` are required).
    """

    __slots__ = ("name", "flags", "help", "kind", "default")

    def __init__(self, name: str, *flags: str, help: str, kind: str = "text", default=None) -> None:
        assert kind in KINDS, kind
        self.name, self.flags, self.help, self.kind, self.default = name, flags, help, kind, default

    @property
    def positional(self) -> bool:
        """True for an argument (no option strings)."""
        return not self.flags


class Command:
    """A declared command: its words (``"card"``, ``"db build"``), help (English), parameters and body.

    ``body`` is ``"module.function"`` in this package, called with one keyword
    argument per parameter. ``group`` is True for a group's own command (``bases``,
    which also has subcommands).
    """

    __slots__ = ("name", "help", "params", "body", "group")

    def __init__(self, name: str, help: str, params: tuple, body: str, group: bool = False) -> None:
        self.name, self.help, self.params, self.body, self.group = name, help, params, body, group


# ---------------------------------------------------------------------- options several commands share

DB = Param(
    "db",
    "--db",
    help=N_("Database file or SQLAlchemy URL (default: $SMASHUP_DB, else the user data folder)."),
)
LANG = Param(
    "lang",
    "--lang",
    "-l",
    help=N_("Display language: de or en (default: from the locale, else en)."),
)
JSON = Param(
    "json_out",
    "--json",
    kind="flag",
    default=False,
    help=N_("Print JSON for scripts instead of a table."),
)
DATA = Param("data", "--data", kind="path", help=N_("The data/ folder (default: the shipped one)."))
PRINTING = Param(
    "printing",
    "--printing",
    help=N_(
        "Which printing's facts where you own none: original, current or german (the printing you own comes first, "
        "else this, else current)."
    ),
)
OWNER = Param(
    "owner",
    "--owner",
    help=N_(
        "Whose boxes decide the printing shown (an owner of the collection; default: every owner's)."
    ),
)
LOOKUP = (DB, LANG, JSON)

SEARCH_HELP = N_("""Search cards and bases with a query language (see docs/search.md).

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

#: Every declared command by its words.
COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
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
        Command(
            "db build",
            N_(
                "Rebuild the catalogue facts from data/ in one transaction.\n\n"
                "Imported text, translations and your collection are kept; imported rows whose id no "
                "longer exists are listed. Example: smashup db build"
            ),
            (DB, DATA),
            "writes.db_build",
        ),
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
            "writes.import_text",
        ),
    )
}
