"""Game-night commands for the rest of the evening: the end of a game, the game log, presets."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from ..terms import term
from .app import DbOpt, JsonOpt, LangOpt, app, console, emit_json, fail, pick_lang, user_errors

game_app = typer.Typer(help="End a game and record it in the game log.", no_args_is_help=True)
app.add_typer(game_app, name="game")

MadnessOpt = Annotated[Optional[List[str]], typer.Option(
    "--madness", "-m", help="Madness cards in deck, hand and discard pile: NAME=N,NAME=N (Cthulhu set).",
    show_default=False)]


def _t(lang: str, en: str, de: str) -> str:
    return de if lang == "de" else en


def _print_outcome(out: dict, L: str) -> None:
    from rich.table import Table
    from rich.text import Text

    t = Table(title=_t(L, "End of the game", "Spielende"))
    for h in (_t(L, "player", "Spieler"), term("vp", L), _t(L, "Madness cards", "Wahnsinn-Karten"),
              _t(L, "VP lost", "SP Abzug"), _t(L, "final", "Ergebnis")):
        t.add_column(h)
    for s in out["standings"]:
        t.add_row(Text(s["player"]), str(s["vp"]), str(s["madness"]), f"-{s['penalty']}" if s["penalty"] else "0",
                  str(s["final"]))
    c = console()
    c.print(t)
    if out["status"] == "win":
        c.print(Text(_t(L, f"{out['winner']} wins.", f"{out['winner']} gewinnt.")))
    elif out["status"] == "play-on":
        c.print(Text(_t(L, f"Tied: {', '.join(out['tied'])} (same VP, same Madness cards): play on until one leads.",
                        f"Gleichstand: {', '.join(out['tied'])} (gleiche Siegpunkte, gleich viele Wahnsinn-Karten): "
                        "weiterspielen, bis einer vorne liegt.")))
    else:
        c.print(Text(_t(L, f"Nobody has {out['threshold']} VP yet: the game goes on.",
                        f"Noch niemand hat {out['threshold']} Siegpunkte: das Spiel geht weiter.")))


@game_app.command("end")
def game_end(scores: Annotated[List[str], typer.Argument(help="VP per player: NAME=VP ...", show_default=False)],
             madness: MadnessOpt = None,
             record: Annotated[bool, typer.Option("--record", help="Store the result in the game log (completes the "
                                                  "draft recorded with draft --record for these players).")] = False,
             game: Annotated[Optional[int], typer.Option("--game", help="Complete this game of the log (see games list).",
                                                         show_default=False)] = None,
             db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Who wins: the 15-VP threshold, the Madness penalty and ties.

    The game ends after a turn in which someone has 15 VP or more; each player loses
    1 VP per 2 Madness cards; the most VP wins; a tie goes to the player with fewer
    Madness cards; still tied, play goes on (German rulebook, "Aus und vorbei!";
    Cthulhu set, Madness cards).

    Examples:

      smashup game end Anna=16 Ben=15 Cleo=9 --madness Anna=4,Ben=1

      smashup game end Anna=17 Ben=12 --record --json
    """
    from ..endgame import end_game, parse_madness, parse_scores

    L = pick_lang(lang)
    with user_errors():
        vp = parse_scores(scores)
        out = end_game(vp, parse_madness(madness or [], vp)).as_dict()
        if record or game is not None:
            from .. import gamelog
            from .app import catalogue

            with catalogue(db, lang) as cat:
                out["game"] = gamelog.complete(cat, vp, parse_madness(madness or [], vp), game_id=game)
    if json_out:
        return emit_json(out)
    _print_outcome(out, L)
    if "game" in out:
        console().print(_t(L, f"recorded as game {out['game']['id']}", f"gespeichert als Partie {out['game']['id']}"))
