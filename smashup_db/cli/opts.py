"""Options shared by several command modules, each declared once (Typer ``Annotated`` types).

Those the declared commands share too (``--db``, ``--lang``, ``--json`` ...) come from :mod:`.decl`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from smashup_db.cli import decl
from smashup_db.cli.from_decl import annotated
from smashup_db.cli.whole import WHOLE_NUMBER
from smashup_db.i18n import _

#: What every integer option and argument is given (``typer.Option(..., **WHOLE)``): the one strict type
#: (:mod:`.whole`: rules.numbers.whole's shape and bound, the play page's; no ``+7``, ``1_000``, ``7.0``).
WHOLE = {"click_type": WHOLE_NUMBER}

DbOpt = annotated(decl.DB)
LangOpt = annotated(decl.LANG)
JsonOpt = annotated(decl.JSON)
DataDirOpt = annotated(decl.DATA)
PrintingOpt = annotated(decl.PRINTING)


# ------------------------------------------------------------------ game night: draft, bases deck, score, collection
SeedOpt = Annotated[
    Optional[int],
    typer.Option(
        "--seed",
        metavar="N",
        **WHOLE,
        help=_("Seed for every random step (printed, so a result can be replayed)."),
        show_default=False,
    ),
]
OwnedOpt = Annotated[
    bool, typer.Option("--owned", help=_("Only use boxes in the collection (all owners)."))
]
OwnerOpt = Annotated[
    Optional[List[str]],
    typer.Option(
        "--owner",
        help=_("Only use boxes of this owner; repeat to pool several owners' boxes."),
        show_default=False,
    ),
]
#: The owner option's older name (``--collection``/``-c``), still accepted but no longer shown.
CollectionOpt = Annotated[
    Optional[List[str]], typer.Option("--collection", "-c", hidden=True, show_default=False)
]


def owners(owner: list[str] | None, collection: list[str] | None) -> list[str] | None:
    """The owners named with ``--owner`` and its old name ``--collection`` (None when neither was given)."""
    return [*(owner or []), *(collection or [])] or None


GamePrintingOpt = Annotated[
    Optional[str],
    typer.Option(
        "--printing",
        help=_(
            "Which printing's facts where you own none: original, current or german (the printing you own comes first, "
            "else this, else current)."
        ),
        show_default=False,
    ),
]
ModeOpt = Annotated[
    str,
    typer.Option(
        "--base-mode",
        "--mode",
        help=_(
            "Base deck: set (rulebook: bases of the factions' boxes), "
            "faction (bases tied to the factions) or all (every owned base)."
        ),
    ),
]
MadnessOpt = Annotated[
    Optional[List[str]],
    typer.Option(
        "--madness",
        "-m",
        help=_("Madness cards in deck, hand and discard pile: NAME=N,NAME=N (Cthulhu set)."),
        show_default=False,
    ),
]
PlayerOpt = Annotated[
    Optional[str],
    typer.Option(
        "--player", help=_("Only games of this player (name as recorded)."), show_default=False
    ),
]

# ------------------------------------------------------------------ draft options (pool control, formats, presets, sharing)
BanOpt = Annotated[
    Optional[List[str]],
    typer.Option(
        "--ban",
        help=_("Factions never in the pool (comma-separated, English or German names)."),
        show_default=False,
    ),
]
IncludeOpt = Annotated[
    Optional[List[str]],
    typer.Option(
        "--include", help=_("Factions always in the pool (comma-separated)."), show_default=False
    ),
]
ComplexityOpt = Annotated[
    Optional[str],
    typer.Option(
        "--complexity",
        help=_(
            'Only factions of these complexities: low,medium,high ("Low-Medium" fits low and medium).'
        ),
        show_default=False,
    ),
]
ProductsOpt = Annotated[
    Optional[List[str]],
    typer.Option(
        "--products",
        help=_("Only factions of these boxes (comma-separated product names)."),
        show_default=False,
    ),
]
FormatOpt = Annotated[
    Optional[str],
    typer.Option(
        "--format",
        help=_(
            "snake (default, the rulebook's draft), random (two random factions each), offer (keep two "
            "of --offer K offered), pick-one-random (one random, then a snake pick of the second)."
        ),
        show_default=False,
    ),
]
OfferOpt = Annotated[
    Optional[int],
    typer.Option(
        "--offer",
        metavar="N",
        **WHOLE,
        help=_("Factions offered to each player with --format offer (default 3)."),
        show_default=False,
    ),
]
AvoidOpt = Annotated[
    Optional[int],
    typer.Option(
        "--avoid-recent",
        metavar="N",
        **WHOLE,
        help=_(
            "Leave out factions of the last N recorded games of these players (while enough remain)."
        ),
        show_default=False,
    ),
]
PresetOpt = Annotated[
    Optional[str],
    typer.Option(
        "--preset",
        help=_("Start from saved options (smashup preset save NAME ...)."),
        show_default=False,
    ),
]
TitansOpt = Annotated[
    bool,
    typer.Option(
        "--titans",
        help=_("The table plays with titans: the set-up lists each drafted faction's titan."),
    ),
]
QrOpt = Annotated[
    bool, typer.Option("--qr", help=_("Print the share link of the result as a QR code."))
]
SiteUrlOpt = Annotated[
    Optional[str],
    typer.Option(
        "--site-url",
        help=_(
            "Where the site is published, for the share link of --qr (default: $SMASHUP_SITE_URL)."
        ),
        show_default=False,
    ),
]
RecordOpt = Annotated[
    bool,
    typer.Option(
        "--record",
        help=_(
            "Store the drafted pairs in the game log; smashup game end ... --record completes it."
        ),
    ),
]
FormatOutOpt = Annotated[
    Optional[str],
    typer.Option(
        "--format-out",
        help=_("Also write the result for a group chat: markdown or html (one A4 page)."),
        show_default=False,
    ),
]
OutOpt = Annotated[
    Optional[Path],
    typer.Option(
        "--out", "-o", help=_("File for --format-out (default: print it)."), show_default=False
    ),
]
