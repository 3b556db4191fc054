"""Options of ``smashup draft`` for pool control, formats, presets, the game log and sharing."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

BanOpt = Annotated[Optional[List[str]], typer.Option(
    "--ban", help="Factions never in the pool (comma-separated, English or German names).", show_default=False)]
IncludeOpt = Annotated[Optional[List[str]], typer.Option(
    "--include", help="Factions always in the pool (comma-separated).", show_default=False)]
ComplexityOpt = Annotated[Optional[str], typer.Option(
    "--complexity", help="Only factions of these complexities: low,medium,high (\"Low-Medium\" fits low and medium).",
    show_default=False)]
ProductsOpt = Annotated[Optional[List[str]], typer.Option(
    "--products", help="Only factions of these boxes (comma-separated product names).", show_default=False)]
FormatOpt = Annotated[Optional[str], typer.Option(
    "--format", help="snake (default, the rulebook's draft), random (two random factions each), offer (keep two "
    "of --offer K offered), pick-one-random (one random, then a snake pick of the second).", show_default=False)]
OfferOpt = Annotated[Optional[int], typer.Option(
    "--offer", help="Factions offered to each player with --format offer (default 3).", show_default=False)]
AvoidOpt = Annotated[Optional[int], typer.Option(
    "--avoid-recent", help="Leave out factions of the last N recorded games of these players (while enough remain).",
    show_default=False)]
PresetOpt = Annotated[Optional[str], typer.Option(
    "--preset", help="Start from saved options (smashup preset save NAME ...).", show_default=False)]
RecordOpt = Annotated[bool, typer.Option(
    "--record", help="Store the drafted pairs in the game log; smashup game end ... --record completes it.")]
FormatOutOpt = Annotated[Optional[str], typer.Option(
    "--format-out", help="Also write the result for a group chat: markdown or html (one A4 page).", show_default=False)]
OutOpt = Annotated[Optional[Path], typer.Option(
    "--out", "-o", help="File for --format-out (default: print it).", show_default=False)]
