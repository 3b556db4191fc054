"""``smashup games``: the game log: list, statistics, export and import."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from smashup_db.cli.gamenight_print import games as _print_games
from smashup_db.cli.lookups import catalogue
from smashup_db.cli.opts import WHOLE, DbOpt, JsonOpt, LangOpt, PlayerOpt
from smashup_db.cli.output import emit_json, line, say, table
from smashup_db.i18n import _
from smashup_db.i18n.terms import msg, term

app = typer.Typer(
    add_completion=False,
    name="games",
    help=_("The game log: list, statistics, export and import."),
    no_args_is_help=True,
)


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


@app.command(
    "list",
    help=_("List recorded games, newest first. Example: smashup games list --player Anna --json"),
)
def games_list(
    player: PlayerOpt = None,
    limit: Annotated[
        Optional[int],
        typer.Option("--limit", "-n", help=_("Newest N games only."), show_default=False, **WHOLE),
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import gamelog

    with catalogue(db, lang) as cat:
        items = gamelog.games(cat, player, limit)
        if json_out:
            return emit_json(items)
        if not items and player:
            line(_t(cat.lang, "no_games_of", player=player))
            return
        if not items:
            say(_t(cat.lang, "no_games"))
            return
        _print_games(cat, items)


#: Rows per table that ``games stats`` shows unless ``--all`` is given (JSON always has every row).
STATS_ROWS = 25


@app.command(
    "stats",
    help=_(
        "Play count and win rate per player, faction and faction pair (finished games).\n"
        "\n"
        "Tables show the most played rows (--all: every row); --json always gives every row.\n"
        "Example: smashup games stats --player Ben --json"
    ),
)
def games_stats(
    player: PlayerOpt = None,
    all_rows: Annotated[
        bool,
        typer.Option("--all", help=_("Every row of each table (default: the 25 most played).")),
    ] = False,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import gamelog

    with catalogue(db, lang) as cat:
        st = gamelog.log_stats(cat, player)
        total = {k: len(st[k]) for k in ("players", "factions", "pairs")}
        if not (json_out or all_rows):  # only the rows shown need names
            st = {**st, **{k: st[k][:STATS_ROWS] for k in total}}
        named: dict = {}  # a faction's name once, however many pairs it is in

        def faction(fid: str) -> dict:
            if fid not in named:
                named[fid] = cat.named("faction", fid)
            return named[fid]

        for row in st["factions"]:
            row["faction"] = faction(row["faction"])
        for row in st["pairs"]:
            row["factions"] = [faction(f) for f in row["factions"]]
        if json_out:
            return emit_json(st)
        L = cat.lang
        say(_t(L, "finished", n=st["games"], games=term("game", L, st["games"])))
        for title, rows, key, n in (
            (_t(L, "players"), st["players"], "player", total["players"]),
            (term("factions", L), st["factions"], "faction", total["factions"]),
            (_t(L, "pairs"), st["pairs"], "factions", total["pairs"]),
        ):
            if not rows:
                continue

            def name(v):
                return (
                    v
                    if isinstance(v, str)
                    else (v["name"] if isinstance(v, dict) else " + ".join(x["name"] for x in v))
                )

            table(
                title,
                [title, _t(L, "played"), _t(L, "wins"), _t(L, "win_rate")],
                [
                    [
                        name(r[key]),
                        str(r.get("games", r.get("plays"))),
                        str(r["wins"]),
                        f"{r['win_rate']:.0%}",
                    ]
                    for r in rows
                ],
            )
            if n > len(rows):
                say(_t(L, "more_rows", n=n - len(rows)))


@app.command(
    "export",
    help=_(
        "Write the whole game log to a JSON file (to merge with another group's log).\n"
        "\n"
        "Example: smashup games export games.json"
    ),
)
def games_export(
    file: Annotated[Path, typer.Argument(help=_("JSON file to write (- for standard output)."))],
    db: DbOpt = None,
    lang: LangOpt = None,
) -> None:
    import json

    from smashup_db.gamenight import share
    from smashup_db.userdata import gamelog

    with catalogue(db, lang) as cat:
        data = gamelog.export_log(cat)
        if share.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n", file) is not None:
            say(
                _t(
                    cat.lang,
                    "wrote_games",
                    n=len(data["games"]),
                    games=term("game", cat.lang, len(data["games"])),
                    file=file,
                )
            )


@app.command(
    "import",
    help=_(
        "Merge a game log file into this one (games already present are skipped; all or nothing).\n"
        "\n"
        "Example: smashup games import bens-games.json"
    ),
)
def games_import(
    file: Annotated[Path, typer.Argument(help=_("JSON file written by smashup games export."))],
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.userdata import gamelog

    with catalogue(db, lang) as cat:
        res = gamelog.import_log(cat, file)
        if json_out:
            return emit_json(res)
        say(_t(cat.lang, "added_games", added=res["added"], skipped=res["skipped"]))
