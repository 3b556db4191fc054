"""Game-night commands for the rest of the evening: the end of a game, the game log, presets."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from smashup_db.i18n.terms import msg, term
from smashup_db.cli import draft_opts as do
from smashup_db.cli.app import DbOpt, JsonOpt, LangOpt, app, emit_json, fail, pick_lang, user_errors
from smashup_db.cli.output import line, say, table

game_app = typer.Typer(help="End a game and record it in the game log.", no_args_is_help=True)
app.add_typer(game_app, name="game")

MadnessOpt = Annotated[Optional[List[str]], typer.Option(
    "--madness", "-m", help="Madness cards in deck, hand and discard pile: NAME=N,NAME=N (Cthulhu set).",
    show_default=False)]


def _t(lang: str, key: str, **values) -> str:
    """A game-night message from the one table (:mod:`smashup_db.i18n.terms`, keys ``g.*``)."""
    return msg("g." + key, lang, **values)


def _print_outcome(out: dict, L: str) -> None:
    table(_t(L, "end_title"),
          [term("player", L), term("vp", L), _t(L, "madness_cards"), _t(L, "vp_lost"), _t(L, "final")],
          [[s["player"], str(s["vp"]), str(s["madness"]), f"-{s['penalty']}" if s["penalty"] else "0",
            str(s["final"])] for s in out["standings"]])
    if out["status"] == "win":
        line(_t(L, "wins_game", winner=out["winner"]))
    elif out["status"] == "play-on":
        line(_t(L, "tied", players=", ".join(out["tied"])))
    else:
        line(_t(L, "goes_on", threshold=out["threshold"]))


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
    from smashup_db.rules.endgame import end_game, parse_madness, parse_scores

    L = pick_lang(lang)
    with user_errors():
        vp = parse_scores(scores)
        out = end_game(vp, parse_madness(madness or [], vp)).as_dict()
        if record or game is not None:
            from smashup_db.userdata import gamelog
            from smashup_db.cli.app import catalogue

            with catalogue(db, lang) as cat:
                out["game"] = gamelog.complete(cat, vp, parse_madness(madness or [], vp), game_id=game)
    if json_out:
        return emit_json(out)
    _print_outcome(out, L)
    if "game" in out:
        say(_t(L, "recorded", id=out["game"]["id"]))


def after_draft(cat, res: dict, state, ext, *, record: bool, format_out: str | None, out, json_out: bool) -> bool:
    """Finish ``smashup draft``: pool-control notes, ``--record``, ``--format-out``.

    Returns True when it printed the whole output (``--format-out`` without
    ``--out``), so the draft command prints nothing more.
    """
    from smashup_db.errors import UserError

    try:
        res.setdefault("format", "snake")
        if ext is not None:
            ext.annotate(res, state)
        if record:
            from smashup_db.userdata.gamelog import record_draft

            res["game"] = record_draft(cat, res["players"], seed=res["seed"], bases=res["bases_in_play"])
            if not json_out and not (format_out and out is None):
                L = cat.lang
                say(_t(L, "recorded_draft", id=res["game"]["id"]))
        if format_out:
            from smashup_db.gamenight import share

            text = share.render(cat, res, format_out)
            if out is not None and str(out) == "-":
                out = None
            if out is None:
                if json_out:
                    fail("--format-out without --out prints the page; leave out --json or add --out FILE")
                typer.echo(text, nl=False)
                return True
            if share.write(text, out) is not None and not json_out:
                say(_t(cat.lang, "wrote", out=out))
    except UserError as exc:
        from smashup_db.i18n import render

        fail(render(exc))
    return False


def _faction_names(cat, ids) -> str:
    return " + ".join(cat.name("faction", f)[0] for f in ids)


def _pairs_by_player(cat, items: List[str] | None) -> dict[str, list[str]]:
    """``["Anna=Aliens+Ninjas,Ben=..."]`` -> player -> two faction ids (names in any language)."""
    from smashup_db.rules.endgame import check_player_name
    from smashup_db.userdata.gamelog import GameLogError

    out: dict[str, list[str]] = {}
    for item in items or []:
        for part in [p for p in item.split(",") if p.strip()]:
            who, sep, what = part.partition("=")
            if not sep:
                raise GameLogError(f"--factions expects PLAYER=FACTION+FACTION, got {part.strip()!r}")
            who = check_player_name(who)
            out[who] = [cat.resolve("faction", f.strip())[0] for f in what.split("+") if f.strip()]
    return out


@game_app.command("record")
def game_record(scores: Annotated[List[str], typer.Argument(help="VP per player: NAME=VP ...", show_default=False)],
                factions: Annotated[Optional[List[str]], typer.Option(
                    "--factions", "-f", help="Each player's two factions: NAME=FACTION+FACTION,... (default: from "
                    "the draft recorded with draft --record).", show_default=False)] = None,
                madness: MadnessOpt = None,
                bases: Annotated[Optional[str], typer.Option("--bases", help="Bases scored, comma-separated.",
                                                             show_default=False)] = None,
                played_on: Annotated[Optional[str], typer.Option("--date", help="Date played, YYYY-MM-DD (default today).",
                                                                 show_default=False)] = None,
                game: Annotated[Optional[int], typer.Option("--game", help="Complete this drafted game of the log.",
                                                            show_default=False)] = None,
                db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Store a finished game in the game log (survives smashup db build).

    Keeps the date, the player names as typed, their two factions, the bases, VP,
    Madness cards and the winner (worked out as in smashup game end).

    Examples:

      smashup game record Anna=16 Ben=12 Cleo=9 --factions "Anna=Aliens+Ninjas,Ben=Pirates+Robots,Cleo=Zombies+Wizards"

      smashup game record Anna=15 Ben=11            (completes the draft stored with draft --record)
    """
    from smashup_db.userdata import gamelog
    from smashup_db.rules.endgame import parse_madness, parse_scores
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        vp = parse_scores(scores)
        mad = parse_madness(madness or [], vp)
        base_ids = [cat.resolve("base", b.strip())[0] for b in (bases or "").split(",") if b.strip()]
        pairs = _pairs_by_player(cat, factions)
        if pairs:
            g = gamelog.record_game(cat, vp, pairs, madness=mad, bases=base_ids, played_on=played_on)
        else:
            g = gamelog.complete(cat, vp, mad, game_id=game, bases=base_ids)
        if json_out:
            return emit_json(g)
        _print_games(cat, [g])


games_app = typer.Typer(help="The game log: list, statistics, export and import.", no_args_is_help=True)
app.add_typer(games_app, name="games")


def _print_games(cat, items: list[dict]) -> None:
    L = cat.lang
    table(_t(L, "log_title"),
          ["#", _t(L, "date"), term("player", L), term("factions", L), term("vp", L), _t(L, "winner")],
          [[str(g["id"]) if i == 0 else "", g["played_on"] if i == 0 else "", p["player"],
            _faction_names(cat, p["factions"]), "-" if p["vp"] is None else str(p["vp"]),
            (g["winner"] or _t(L, "drafted")) if i == 0 else ""]
           for g in items for i, p in enumerate(g["players"])])


PlayerOpt = Annotated[Optional[str], typer.Option("--player", help="Only games of this player (name as recorded).",
                                                  show_default=False)]


@games_app.command("list")
def games_list(player: PlayerOpt = None,
               limit: Annotated[Optional[int], typer.Option("--limit", "-n", help="Newest N games only.",
                                                            show_default=False)] = None,
               db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List recorded games, newest first. Example: smashup games list --player Anna --json"""
    from smashup_db.userdata import gamelog
    from smashup_db.cli.app import catalogue

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


@games_app.command("stats")
def games_stats(player: PlayerOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Play count and win rate per player, faction and faction pair (finished games).

    Example: smashup games stats --player Ben --json
    """
    from smashup_db.userdata import gamelog
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        st = gamelog.stats(gamelog.games(cat), player)
        for row in st["factions"]:
            row["faction"] = cat.named("faction", row["faction"])
        for row in st["pairs"]:
            row["factions"] = [cat.named("faction", f) for f in row["factions"]]
        if json_out:
            return emit_json(st)
        L = cat.lang
        say(_t(L, "finished", n=st["games"], games=term("game", L, st["games"])))
        for title, rows, key in ((_t(L, "players"), st["players"], "player"),
                                 (term("factions", L), st["factions"], "faction"),
                                 (_t(L, "pairs"), st["pairs"], "factions")):
            if not rows:
                continue
            def name(v):
                return v if isinstance(v, str) else (v["name"] if isinstance(v, dict) else " + ".join(x["name"] for x in v))

            table(title, [title, _t(L, "played"), _t(L, "wins"), _t(L, "win_rate")],
                  [[name(r[key]), str(r.get("games", r.get("plays"))), str(r["wins"]), f"{r['win_rate']:.0%}"]
                   for r in rows])


@games_app.command("export")
def games_export(file: Annotated[Path, typer.Argument(help="JSON file to write (- for standard output).")],
                 db: DbOpt = None, lang: LangOpt = None) -> None:
    """Write the whole game log to a JSON file (to merge with another group's log).

    Example: smashup games export games.json
    """
    import json

    from smashup_db.userdata import gamelog
    from smashup_db.gamenight import share
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        data = gamelog.export_log(cat)
        if share.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n", file) is not None:
            say(_t(cat.lang, "wrote_games", n=len(data["games"]), games=term("game", cat.lang, len(data["games"])), file=file))


@games_app.command("import")
def games_import(file: Annotated[Path, typer.Argument(help="JSON file written by smashup games export.")],
                 db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Merge a game log file into this one (games already present are skipped; all or nothing).

    Example: smashup games import bens-games.json
    """
    from smashup_db.userdata import gamelog
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        res = gamelog.import_log(cat, file)
        if json_out:
            return emit_json(res)
        say(_t(cat.lang, "added_games", added=res["added"], skipped=res["skipped"]))


preset_app = typer.Typer(help="Saved draft options: ban lists, complexity, formats.", no_args_is_help=True)
app.add_typer(preset_app, name="preset")


@preset_app.command("save")
def preset_save(name: Annotated[str, typer.Argument(help="Name of the preset.")],
                ban: do.BanOpt = None, include: do.IncludeOpt = None, complexity: do.ComplexityOpt = None,
                products: do.ProductsOpt = None, fmt: do.FormatOpt = None, offer: do.OfferOpt = None,
                avoid_recent: do.AvoidOpt = None,
                db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Save draft options under a name (replaces a preset of that name).

    Example: smashup preset save family --ban "Elder Things" --complexity low,medium --avoid-recent 2
    then:    smashup draft -p "Anna,Ben,Cleo" --preset family --auto
    """
    from smashup_db.userdata import presets
    from smashup_db.gamenight.options import resolve_options
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        opts = resolve_options(cat, ban=ban, include=include, complexity=complexity, products=products, fmt=fmt,
                               offer=offer, avoid_recent=avoid_recent)
        row = presets.save(cat, name, opts.as_dict())
        if json_out:
            return emit_json(row)
        line(_t(cat.lang, "saved_preset", name=row["name"]))


@preset_app.command("list")
def preset_list(db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List saved presets. Example: smashup preset list"""
    from smashup_db.userdata import presets
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        items = presets.all_presets(cat)
        if json_out:
            return emit_json(items)
        if not items:
            say(_t(cat.lang, "no_presets"))
        for p in items:
            o = p["options"]
            bits = [f"format {o['format']}" + (f" (offer {o['offer']})" if o["format"] == "offer" else "")]
            if o["ban"]:
                bits.append("ban " + ", ".join(cat.name("faction", f)[0] for f in o["ban"]))
            if o["include"]:
                bits.append("include " + ", ".join(cat.name("faction", f)[0] for f in o["include"]))
            if o["complexity"]:
                bits.append("complexity " + ",".join(o["complexity"]))
            if o["products"] is not None:
                bits.append("products " + ", ".join(cat.name("product", x)[0] for x in o["products"]))
            if o["avoid_recent"]:
                bits.append(f"avoid-recent {o['avoid_recent']}")
            line(f"{p['name']}: " + "; ".join(bits))


@preset_app.command("remove")
def preset_remove(name: Annotated[str, typer.Argument(help="Name of the preset.")],
                  db: DbOpt = None, lang: LangOpt = None) -> None:
    """Delete a saved preset. Example: smashup preset remove family"""
    from smashup_db.userdata import presets
    from smashup_db.cli.app import catalogue

    with catalogue(db, lang) as cat:
        presets.remove(cat, name)
        line(_t(cat.lang, "removed_preset", name=name))
