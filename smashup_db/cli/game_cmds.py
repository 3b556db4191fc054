"""``smashup game``: the end of a game and recording it in the game log."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from smashup_db.cli.gamenight_print import games as _print_games
from smashup_db.cli.lookups import catalogue, pick_lang
from smashup_db.cli.opts import WHOLE, DbOpt, JsonOpt, LangOpt, MadnessOpt
from smashup_db.cli.output import emit_json, line, names_and, say, table, user_errors
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import msg, term

app = typer.Typer(
    add_completion=False,
    name="game",
    help=_("End a game and record it in the game log."),
    no_args_is_help=True,
)


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


def _print_outcome(out: dict, L: str) -> None:
    table(
        _t(L, "end_title"),
        [
            term("player", L),
            term("vp", L),
            _t(L, "madness_cards"),
            _t(L, "vp_lost"),
            _t(L, "final"),
        ],
        [
            [
                s["player"],
                str(s["vp"]),
                str(s["madness"]),
                f"-{s['penalty']}" if s["penalty"] else "0",
                str(s["final"]),
            ]
            for s in out["standings"]
        ],
    )
    if out["status"] == "win":
        line(_t(L, "wins_game", winner=out["winner"]))
        rows = out["standings"]
        if (
            len(rows) > 1 and rows[1]["final"] == rows[0]["final"]
        ):  # same final VP: fewer Madness cards won
            line(
                _(
                    "The Madness tie-break decided it: {winner} has the same {vp} VP as {others} but fewer "
                    "Madness cards ({mine} against {theirs}).",
                    L,
                ).format(
                    winner=out["winner"],
                    vp=rows[0]["final"],
                    others=names_and(
                        [r["player"] for r in rows[1:] if r["final"] == rows[0]["final"]], L
                    ),
                    mine=rows[0]["madness"],
                    theirs=rows[1]["madness"],
                )
            )
    elif out["status"] == "play-on":
        line(_t(L, "tied", players=", ".join(out["tied"])))
    else:
        line(_t(L, "goes_on", threshold=out["threshold"]))


@app.command(
    "end",
    help=_(
        "Who wins: the 15-VP threshold, the Madness penalty and ties.\n"
        "\n"
        "The game ends after a turn in which someone has 15 VP or more; each player loses\n"
        "1 VP per 2 Madness cards; the most VP wins; a tie goes to the player with fewer\n"
        'Madness cards; still tied, play goes on (German rulebook, "Aus und vorbei!";\n'
        "Cthulhu set, Madness cards).\n"
        "\n"
        "Examples:\n"
        "\n"
        "  smashup game end Anna=16 Ben=15 Cleo=9 --madness Anna=4,Ben=1\n"
        "\n"
        "  smashup game end Anna=17 Ben=12 --record --json"
    ),
)
def game_end(
    scores: Annotated[
        List[str], typer.Argument(help=_("VP per player: NAME=VP ..."), show_default=False)
    ],
    madness: MadnessOpt = None,
    record: Annotated[
        bool,
        typer.Option(
            "--record",
            help=_(
                "Store the result in the game log: completes the last draft of these "
                "players (kept by every smashup draft) with its factions."
            ),
        ),
    ] = False,
    game: Annotated[
        Optional[int],
        typer.Option(
            "--game",
            help=_("Complete this game of the log (see games list)."),
            show_default=False,
            **WHOLE,
        ),
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.rules.endgame import end_game, parse_madness, parse_scores

    L = pick_lang(lang)
    with user_errors():
        vp = parse_scores(scores)
        out = end_game(vp, parse_madness(madness or [], vp)).as_dict()
        if record or game is not None:
            from smashup_db.userdata import gamelog

            with catalogue(db, lang) as cat:
                out["game"] = gamelog.complete(
                    cat, vp, parse_madness(madness or [], vp), game_id=game
                )
    remark = _madness_remark(db, lang, vp, madness, out.get("game"))
    if json_out:
        return emit_json({**out, "remark": remark} if remark else out)
    _print_outcome(out, L)
    if remark:
        line((term("warning", L), "yellow"), " " + remark)
    if "game" in out:
        say(_t(L, "recorded", id=out["game"]["id"]))


def _madness_remark(db, lang, vp: dict, madness, game: dict | None) -> str | None:
    """A remark when Madness cards were counted for a game none of whose factions uses them.

    The factions are the recorded game's, else those of the draft waiting for these players
    (:mod:`smashup_db.userdata.waiting`); None when no Madness card was counted or the factions
    are not known. Only a faction sold in a box with Madness cards (the Cthulhu set) uses them.
    """
    from smashup_db.rules.endgame import parse_madness

    if not any(parse_madness(madness or [], vp).values()):
        return None
    from smashup_db.gamenight.setup_sheet import needed_decks
    from smashup_db.userdata import waiting

    with catalogue(db, lang) as cat:
        seats = game["players"] if game else (waiting.find(cat, vp) or {}).get("seats")
        if not seats:
            return None
        factions = [f for s in seats for f in s["factions"]]
        if any(comp == "madness" for comp, _box in needed_decks(cat, factions)):
            return None
        return _(
            "Madness cards were counted, but none of the factions played ({factions}) uses them "
            "(only the Cthulhu set's factions do): check the counts given with --madness.",
            cat.lang,
        ).format(factions=", ".join(cat.name("faction", f)[0] for f in factions))


def _pairs_by_player(cat, items: List[str] | None) -> dict[str, list[str]]:
    """``["Anna=Aliens+Ninjas,Ben=..."]`` -> player -> two faction ids (names in any language)."""
    from smashup_db.rules.endgame import check_player_name
    from smashup_db.userdata.gamelog import GameLogError

    out: dict[str, list[str]] = {}
    for item in items or []:
        for part in [p for p in item.split(",") if p.strip()]:
            who, sep, what = part.partition("=")
            if not sep:
                raise GameLogError(
                    N_("--factions expects PLAYER=FACTION+FACTION, got {got!r}"), got=part.strip()
                )
            who = check_player_name(who)
            out[who] = [cat.resolve("faction", f.strip())[0] for f in what.split("+") if f.strip()]
    return out


@app.command(
    "record",
    help=_(
        "Store a finished game in the game log (survives smashup db build).\n"
        "\n"
        "Keeps the date, the player names as typed, their two factions, the bases, VP, "
        "Madness cards and the winner (worked out as in smashup game end). Without "
        "--factions it completes the draft stored with draft --record.\n"
        "\n"
        "Examples:\n"
        "\n"
        "  smashup game record Anna=16 Ben=12 -f Anna=Aliens+Ninjas,Ben=Pirates+Robots\n"
        "\n"
        "  smashup game record Anna=15 Ben=11\n"
        "\n"
        "  smashup game record --from-url 'https://.../de/play/?record=1&vp=Anna=16,Ben=12'"
    ),
)
def game_record(
    scores: Annotated[
        Optional[List[str]],
        typer.Argument(help=_("VP per player: NAME=VP ..."), show_default=False),
    ] = None,
    factions: Annotated[
        Optional[List[str]],
        typer.Option(
            "--factions",
            "-f",
            help=_(
                "Each player's two factions: NAME=FACTION+FACTION,... (default: from "
                "the draft recorded with draft --record)."
            ),
            show_default=False,
        ),
    ] = None,
    madness: MadnessOpt = None,
    bases: Annotated[
        Optional[str],
        typer.Option("--bases", help=_("Bases scored, comma-separated."), show_default=False),
    ] = None,
    played_on: Annotated[
        Optional[str],
        typer.Option(
            "--date", help=_("Date played, YYYY-MM-DD (default today)."), show_default=False
        ),
    ] = None,
    game: Annotated[
        Optional[int],
        typer.Option(
            "--game", help=_("Complete this drafted game of the log."), show_default=False, **WHOLE
        ),
    ] = None,
    from_url: Annotated[
        Optional[str],
        typer.Option(
            "--from-url",
            help=_(
                "The game-log link of the play page's end of game (/en/play/ or /de/play/ of the "
                "site): players, VP, Madness cards, factions, bases and date come from it."
            ),
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.rules.endgame import parse_madness, parse_scores
    from smashup_db.userdata import gamelog

    with user_errors():
        if from_url is not None:
            from smashup_db.gamenight.result_url import ResultUrlError, parse_record_url

            if scores or factions or madness or bases or played_on:
                raise ResultUrlError(
                    N_(
                        "--from-url holds the whole game; give no NAME=VP, --factions, --madness, "
                        "--bases or --date with it"
                    )
                )
            link = parse_record_url(from_url)
            scores, madness, factions = link["scores"], link["madness"], link["factions"]
            bases, played_on = link["bases"], link["date"]
        elif not scores:
            from smashup_db.gamenight.result_url import ResultUrlError

            raise ResultUrlError(N_("give the VP per player (NAME=VP ...) or --from-url LINK"))
    with catalogue(db, lang) as cat:
        vp = parse_scores(scores)
        mad = parse_madness(madness or [], vp)
        base_ids = [
            cat.resolve("base", b.strip())[0] for b in (bases or "").split(",") if b.strip()
        ]
        pairs = _pairs_by_player(cat, factions)
        if pairs:
            g = gamelog.record_game(
                cat, vp, pairs, madness=mad, bases=base_ids, played_on=played_on
            )
        else:
            g = gamelog.complete(cat, vp, mad, game_id=game, bases=base_ids)
        if json_out:
            return emit_json(g)
        _print_games(cat, [g])
        say(_t(cat.lang, "recorded", id=g["id"]))
