"""The game log: recorded drafts and finished games, their statistics, export and import.

Stored in the ``game``, ``game_player`` and ``game_base`` tables (user data:
no build or import of the catalogue touches them). A game keeps only what the
players typed: the date, player names as given (no other personal data),
their two factions, the bases, VP, Madness cards and the winner.

A draft run with ``--record`` is stored with status ``drafted``;
``smashup game end ... --record`` completes it (status ``finished``).
Every game has a random ``uid`` that export and import keep, so that merging
two groups' logs never counts a game twice.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import date, datetime, timezone
from pathlib import Path

from smashup_db.userdata import envelope
from smashup_db.rules.endgame import EndError, check_player_name, end_game
from smashup_db.errors import UserError
from smashup_db.catalogue.view import Catalogue
from smashup_db.common.text import is_slug
from smashup_db.db import writing
from smashup_db.db.tables import TABLES

EXPORT_FORMAT = "smashup-games"
EXPORT_VERSION = 1


class GameLogError(UserError, ValueError):
    """Bad game-log input (unknown game, unfinished result, malformed file); one line."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def check_date(value: str | None) -> str:
    """``value`` as an ISO date (``YYYY-MM-DD``; today when None); :class:`GameLogError` otherwise."""
    if value is None:
        return date.today().isoformat()
    try:
        return date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise GameLogError(f"--date {value!r} is not a date like 2026-11-30") from None


def _insert(w, game: dict) -> int:
    """Store one game (and its players and bases) in the write transaction ``w``; returns its id."""
    gid = w.scalar(TABLES["game"].insert(returning="id"), uid=game["uid"], played_on=game["played_on"],
                   status=game["status"], winner=game.get("winner"), seed=game.get("seed"), recorded_at=game.get("recorded_at") or _now())
    w.execute(TABLES["game_player"].insert(),
              [{"game_id": gid, "seat": i, "player": p["player"], "faction1": p["factions"][0],
                "faction2": p["factions"][1], "vp": p.get("vp"), "madness": p.get("madness")}
               for i, p in enumerate(game["players"])])
    _insert_bases(w, gid, game.get("bases") or [])
    return gid


def _insert_bases(w, gid: int, bases: list[str]) -> None:
    w.execute(TABLES["game_base"].insert(),
              [{"game_id": gid, "pos": i, "base_id": b} for i, b in enumerate(bases)])


def record_draft(cat: Catalogue, holdings: dict[str, list[str]], *, seed: int | None = None,
                 bases: list[str] | None = None, played_on: str | None = None) -> dict:
    """Store a finished draft (player -> two faction ids, seat order) as a ``drafted`` game.

    Returns the stored game as :func:`games` shows it. Raises
    :class:`GameLogError` for a player without two factions,
    :class:`~smashup_db.errors.DatabaseError` when the database cannot be written.
    """
    players = []
    for name, facs in holdings.items():
        if len(facs) != 2:
            raise GameLogError(f"{name} has {len(facs)} factions; a recorded game needs two each")
        players.append({"player": check_player_name(name), "factions": list(facs)})
    game = {"uid": uuid.uuid4().hex, "played_on": check_date(played_on), "status": "drafted", "seed": seed,
            "players": players, "bases": list(bases or [])}
    with writing(cat.r.url, "record") as w:
        gid = _insert(w, game)
    return game_by_id(cat, gid)


def record_game(cat: Catalogue, vp: dict[str, int], factions: dict[str, list[str]], *,
                madness: dict[str, int] | None = None, bases: list[str] | None = None,
                played_on: str | None = None) -> dict:
    """Store a finished game: VP and two faction ids per player (same players in both maps).

    The winner comes from :func:`smashup_db.rules.endgame.end_game`; a game that is
    not over (nobody at 15 VP) or still tied cannot be recorded
    (:class:`GameLogError`). Returns the stored game.
    """
    madness = madness or {}
    missing = [p for p in vp if p not in factions] + [p for p in factions if p not in vp]
    if missing:
        raise GameLogError(f"VP and factions must name the same players; check {', '.join(missing)}")
    out = _finished(vp, madness)
    players = [{"player": p, "factions": list(factions[p]), "vp": vp[p], "madness": madness.get(p, 0)} for p in vp]
    for p in players:
        if len(p["factions"]) != 2 or p["factions"][0] == p["factions"][1]:
            raise GameLogError(f"{p['player']} needs two different factions, got {' + '.join(p['factions']) or 'none'}")
    game = {"uid": uuid.uuid4().hex, "played_on": check_date(played_on), "status": "finished",
            "winner": out.winner, "players": players, "bases": list(bases or [])}
    with writing(cat.r.url, "record") as w:
        gid = _insert(w, game)
    return game_by_id(cat, gid)


def _finished(vp: dict[str, int], madness: dict[str, int]):
    out = end_game(vp, madness)
    if out.status == "not-over":
        raise GameLogError("the game is not over: nobody has 15 VP yet, so there is nothing to record")
    if out.status == "play-on":
        raise GameLogError(f"{', '.join(out.tied)} are tied: play on, then record the result")
    return out


def complete(cat: Catalogue, vp: dict[str, int], madness: dict[str, int] | None = None, *,
             game_id: int | None = None, bases: list[str] | None = None) -> dict:
    """Finish a game recorded by ``draft --record`` with its VP (and Madness cards).

    With ``game_id`` a finished game can also be corrected (its VP, Madness
    cards and winner are replaced).

    The game is ``game_id``, or else the newest ``drafted`` game whose players
    are exactly the players of ``vp`` (names compared ignoring case). Raises
    :class:`GameLogError` when there is no such game, the players differ, or
    the game is not over / still tied. Returns the stored game.
    """
    madness = madness or {}
    out = _finished(vp, madness)
    wanted = {p.casefold(): p for p in vp}
    rows = cat.r.all("SELECT g.id, g.status, p.player FROM game g JOIN game_player p ON p.game_id = g.id"
                     + (" WHERE g.id = :gid" if game_id is not None else " WHERE g.status = 'drafted'")
                     + " ORDER BY g.id DESC, p.seat", **({"gid": game_id} if game_id is not None else {}))
    by_game: dict[int, list[str]] = defaultdict(list)
    for r in rows:
        by_game[r["id"]].append(r["player"])
    if game_id is not None:
        if game_id not in by_game:
            raise GameLogError(f"there is no game {game_id} in the log (see: smashup games list)")
        candidates = [game_id]
    else:
        candidates = [g for g, ps in by_game.items() if {p.casefold() for p in ps} == set(wanted)]
        if not candidates:
            raise GameLogError(f"no drafted game of {', '.join(vp)} waits for a result; record one with "
                               "smashup draft ... --record, or use smashup game record with --factions")
    gid = candidates[0]
    seats = by_game[gid]
    if {p.casefold() for p in seats} != set(wanted):
        raise GameLogError(f"game {gid} was played by {', '.join(seats)}, not by {', '.join(vp)}")
    with writing(cat.r.url, "record") as w:
        w.execute(TABLES["game_player"].update(("vp", "madness"), where=("game_id", "player")),
                  [{"game_id": gid, "player": p, "vp": vp[wanted[p.casefold()]],
                    "madness": madness.get(wanted[p.casefold()], 0)} for p in seats])
        w.execute(TABLES["game"].update(("status", "winner")),
                  {"id": gid, "status": "finished",
                   "winner": next(p for p in seats if p.casefold() == out.winner.casefold())})
        if bases:
            w.execute(TABLES["game_base"].delete(("game_id",)), {"game_id": gid})
            _insert_bases(w, gid, bases)
    return game_by_id(cat, gid)


def games(cat: Catalogue, player: str | None = None, limit: int | None = None) -> list[dict]:
    """Recorded games, newest first: ``[{"id", "uid", "played_on", "status", "winner", "seed",
    "players": [{"player", "factions": [id, id], "vp", "madness"}], "bases": [id]}]``.

    ``player`` keeps the games that player took part in (ignoring case).
    """
    heads = cat.r.all("SELECT id, uid, played_on, status, winner, seed FROM game ORDER BY played_on DESC, id DESC")
    seats = defaultdict(list)
    for r in cat.r.all("SELECT game_id, player, faction1, faction2, vp, madness FROM game_player ORDER BY game_id, seat"):
        seats[r["game_id"]].append({"player": r["player"], "factions": [r["faction1"], r["faction2"]],
                                    "vp": r["vp"], "madness": r["madness"]})
    bases = defaultdict(list)
    for r in cat.r.all("SELECT game_id, base_id FROM game_base ORDER BY game_id, pos"):
        bases[r["game_id"]].append(r["base_id"])
    out = []
    for h in heads:
        ps = seats[h["id"]]
        if player and player.casefold() not in {p["player"].casefold() for p in ps}:
            continue
        out.append({"id": h["id"], "uid": h["uid"], "played_on": h["played_on"], "status": h["status"],
                    "winner": h["winner"], "seed": h["seed"], "players": ps, "bases": bases[h["id"]]})
        if limit is not None and len(out) >= limit:
            break
    return out


def game_by_id(cat: Catalogue, gid: int) -> dict:
    """One game as :func:`games` shows it; :class:`GameLogError` when absent."""
    for g in games(cat):
        if g["id"] == gid:
            return g
    raise GameLogError(f"there is no game {gid} in the log")


def recent_factions(cat: Catalogue, players: list[str], n: int) -> list[str]:
    """Factions of the last ``n`` recorded games (drafted or finished) in which any of ``players`` took part.

    Most recent first, without repeats. ``n`` 0 -> ``[]``; negative ->
    :class:`GameLogError`.
    """
    if n < 0:
        raise GameLogError(f"--avoid-recent must be 0 or more, got {n}")
    if n == 0:
        return []
    wanted = {p.casefold() for p in players}
    seen: dict[str, None] = {}
    count = 0
    for g in games(cat):
        if not wanted & {p["player"].casefold() for p in g["players"]}:
            continue
        for p in g["players"]:
            for f in p["factions"]:
                seen.setdefault(f, None)
        count += 1
        if count >= n:
            break
    return list(seen)


def stats(log: list[dict], player: str | None = None) -> dict:
    """Play counts and win rates of the finished games in ``log`` (:func:`games` output).

    Returns ``{"games", "players": [{"player", "games", "wins", "win_rate"}],
    "factions": [{"faction", "plays", "wins", "win_rate"}], "pairs":
    [{"factions": [a, b], "plays", "wins", "win_rate"}]}``; a faction or pair
    is counted once per player who played it; ``win_rate`` is wins / plays
    (0..1, 3 decimals). With ``player`` only that player's seats count.
    Lists are sorted by plays, then wins (most first), then id.
    """
    finished = [g for g in log if g["status"] == "finished"]
    who = player.casefold() if player else None
    per_player: dict[str, list[int]] = {}
    per_faction: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    per_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    counted = 0
    for g in finished:
        seats = [p for p in g["players"] if who is None or p["player"].casefold() == who]
        if not seats:
            continue
        counted += 1
        for p in seats:
            won = int(g["winner"] is not None and p["player"].casefold() == g["winner"].casefold())
            rec = per_player.setdefault(p["player"], [0, 0])
            rec[0] += 1
            rec[1] += won
            for f in dict.fromkeys(p["factions"]):
                per_faction[f][0] += 1
                per_faction[f][1] += won
            pair = tuple(sorted(p["factions"]))
            per_pair[pair][0] += 1
            per_pair[pair][1] += won

    def rate(w, n):
        return round(w / n, 3) if n else 0.0

    def order(item):
        return (-item[1][0], -item[1][1], item[0])

    return {"games": counted,
            "players": [{"player": k, "games": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
                        for k, v in sorted(per_player.items(), key=order)],
            "factions": [{"faction": k, "plays": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
                         for k, v in sorted(per_faction.items(), key=order)],
            "pairs": [{"factions": list(k), "plays": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
                      for k, v in sorted(per_pair.items(), key=order)]}


# --------------------------------------------------------------------------- export / import

def export_log(cat: Catalogue) -> dict:
    """The whole log as ``{"format": "smashup-games", "version": 1, "games": [...]}`` (oldest first, no row ids)."""
    rows = list(reversed(games(cat)))
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
            "games": [{k: v for k, v in g.items() if k != "id"} for g in rows]}


def _int_or_none(value, where: str, fld: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameLogError(f"{where}.{fld}: must be a whole number of 0 or more, got {value!r}")
    return value


def validate_export(data, source: str) -> list[dict]:
    """Check an export file's content; returns the games, or raises :class:`GameLogError` naming file and field."""
    out = []
    for where, g in envelope.items(data, source, EXPORT_FORMAT, EXPORT_VERSION, "games", GameLogError):
        uid = g.get("uid")
        if not isinstance(uid, str) or not uid or len(uid) > 64 or not all(c in "0123456789abcdef-" for c in uid):
            raise GameLogError(f"{where}.uid: must be a hex id, got {uid!r}")
        try:
            played_on = date.fromisoformat(str(g.get("played_on"))).isoformat()
        except ValueError:
            raise GameLogError(f"{where}.played_on: {g.get('played_on')!r} is not a date like 2026-11-30") from None
        status = g.get("status")
        if status not in ("drafted", "finished"):
            raise GameLogError(f"{where}.status: must be drafted or finished, got {status!r}")
        players = g.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 8:
            raise GameLogError(f"{where}.players: must be a list of 2 to 8 players")
        clean = []
        for j, p in enumerate(players):
            pw = f"{where}.players[{j}]"
            if not isinstance(p, dict):
                raise GameLogError(f"{pw}: must be an object")
            try:
                name = check_player_name(p.get("player"))
            except EndError as exc:
                raise GameLogError(f"{pw}.player: {exc}") from None
            facs = p.get("factions")
            if not (isinstance(facs, list) and len(facs) == 2 and all(isinstance(f, str) and is_slug(f) for f in facs)):
                raise GameLogError(f"{pw}.factions: must be two faction ids, got {facs!r}")
            clean.append({"player": name, "factions": facs, "vp": _int_or_none(p.get("vp"), pw, "vp"),
                          "madness": _int_or_none(p.get("madness"), pw, "madness")})
        winner = g.get("winner")
        if winner is not None and winner not in {p["player"] for p in clean}:
            raise GameLogError(f"{where}.winner: {winner!r} is not one of its players")
        bases = g.get("bases") or []
        if not (isinstance(bases, list) and all(isinstance(b, str) and is_slug(b) for b in bases)):
            raise GameLogError(f"{where}.bases: must be a list of base ids")
        seed = g.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise GameLogError(f"{where}.seed: must be a whole number, got {seed!r}")
        out.append({"uid": uid, "played_on": played_on, "status": status, "winner": winner, "seed": seed,
                    "players": clean, "bases": bases})
    return out


def import_log(cat: Catalogue, path: Path) -> dict:
    """Merge an export file into the log in one transaction; games already present (same uid) are skipped.

    Returns ``{"added", "skipped"}``. Raises :class:`GameLogError` naming the
    file and field for a malformed file (nothing is imported then).
    """
    from smashup_db.importer.files import read_json

    items = validate_export(read_json(str(path)), str(path))  # file problems: one-line ImportFileError
    added = skipped = 0
    with writing(cat.r.url, "import") as w:
        have = {r["uid"] for r in w.all("SELECT uid FROM game")}
        for g in items:
            if g["uid"] in have:
                skipped += 1
                continue
            _insert(w, g)
            have.add(g["uid"])
            added += 1
    return {"added": added, "skipped": skipped}
