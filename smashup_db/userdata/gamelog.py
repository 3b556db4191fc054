"""The game log: recorded drafts and finished games, their statistics, export and import.

Stored in the ``game``, ``game_player`` and ``game_base`` tables (user data:
no build or import of the catalogue touches them). A game keeps only what the
players typed: the date, player names as given (no other personal data),
their two factions, the bases, VP, Madness cards and the winner.

A draft run with ``--record`` is stored with status ``drafted``;
``smashup game end ... --record`` completes it (status ``finished``). A draft
without ``--record`` waits outside the log (:mod:`smashup_db.userdata.waiting`)
and becomes a finished game the same way.
Every game has a random ``uid`` that export and import keep, so that merging
two groups' logs never counts a game twice.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import date, datetime, timezone
from pathlib import Path

from smashup_db.catalogue.view import Catalogue
from smashup_db.common.text import is_slug
from smashup_db.db import writing
from smashup_db.db.tables import TABLES
from smashup_db.errors import Message, UserError
from smashup_db.i18n import N_
from smashup_db.rules.endgame import EndError, check_player_name, end_game
from smashup_db.userdata import envelope

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
        raise GameLogError(
            N_("--date {value!r} is not a date like 2026-11-30"), value=value
        ) from None


def _insert(w, game: dict) -> int:
    """Store one game (and its players and bases) in the write transaction ``w``; returns its id."""
    gid = w.scalar(
        TABLES["game"].insert(returning="id"),
        uid=game["uid"],
        played_on=game["played_on"],
        status=game["status"],
        winner=game.get("winner"),
        seed=game.get("seed"),
        recorded_at=game.get("recorded_at") or _now(),
    )
    w.execute(
        TABLES["game_player"].insert(),
        [
            {
                "game_id": gid,
                "seat": i,
                "player": p["player"],
                "faction1": p["factions"][0],
                "faction2": p["factions"][1],
                "vp": p.get("vp"),
                "madness": p.get("madness"),
            }
            for i, p in enumerate(game["players"])
        ],
    )
    _insert_bases(w, gid, game.get("bases") or [])
    return gid


def _insert_bases(w, gid: int, bases: list[str]) -> None:
    w.execute(
        TABLES["game_base"].insert(),
        [{"game_id": gid, "pos": i, "base_id": b} for i, b in enumerate(bases)],
    )


def record_draft(
    cat: Catalogue,
    holdings: dict[str, list[str]],
    *,
    seed: int | None = None,
    bases: list[str] | None = None,
    played_on: str | None = None,
) -> dict:
    """Store a finished draft (player -> two faction ids, seat order) as a ``drafted`` game.

    Returns the stored game as :func:`games` shows it. Raises
    :class:`GameLogError` for a player without two factions,
    :class:`~smashup_db.errors.DatabaseError` when the database cannot be written.
    """
    players = []
    for name, facs in holdings.items():
        if len(facs) != 2:
            raise GameLogError(
                N_("{name} has {n} factions; a recorded game needs two each"),
                name=name,
                n=len(facs),
            )
        players.append({"player": check_player_name(name), "factions": list(facs)})
    game = {
        "uid": uuid.uuid4().hex,
        "played_on": check_date(played_on),
        "status": "drafted",
        "seed": seed,
        "players": players,
        "bases": list(bases or []),
    }
    with writing(cat.r.url, "record") as w:
        gid = _insert(w, game)
    return game_by_id(cat, gid)


def record_game(
    cat: Catalogue,
    vp: dict[str, int],
    factions: dict[str, list[str]],
    *,
    madness: dict[str, int] | None = None,
    bases: list[str] | None = None,
    played_on: str | None = None,
    seed: int | None = None,
    waiting_key: str | None = None,
) -> dict:
    """Store a finished game: VP and two faction ids per player (same players in both maps).

    The winner comes from :func:`smashup_db.rules.endgame.end_game`; a game that is
    not over (nobody at 15 VP) or still tied cannot be recorded
    (:class:`GameLogError`). ``waiting_key`` names the waiting draft
    (:mod:`smashup_db.userdata.waiting`) this game completes: it is deleted in the
    same transaction. Returns the stored game.
    """
    madness = madness or {}
    missing = [p for p in vp if p not in factions] + [p for p in factions if p not in vp]
    if missing:
        raise GameLogError(
            N_("VP and factions must name the same players; check {missing}"),
            missing=", ".join(missing),
        )
    out = _finished(vp, madness)
    players = [
        {"player": p, "factions": list(factions[p]), "vp": vp[p], "madness": madness.get(p, 0)}
        for p in vp
    ]
    for p in players:
        if len(p["factions"]) != 2 or p["factions"][0] == p["factions"][1]:
            shown = " + ".join(
                cat.name("faction", f)[0] if f in cat.model.factions else f for f in p["factions"]
            )
            raise GameLogError(
                N_("{p} needs two different factions, got {value}"),
                p=p["player"],
                value=shown or Message(N_("none")),
            )
    game = {
        "uid": uuid.uuid4().hex,
        "played_on": check_date(played_on),
        "status": "finished",
        "winner": out.winner,
        "seed": seed,
        "players": players,
        "bases": list(bases or []),
    }
    with writing(cat.r.url, "record") as w:
        gid = _insert(w, game)
        if waiting_key is not None:
            from smashup_db.userdata.waiting import forget

            forget(w, waiting_key)
    return game_by_id(cat, gid)


def _finished(vp: dict[str, int], madness: dict[str, int]):
    out = end_game(vp, madness)
    if out.status == "not-over":
        raise GameLogError(
            N_("the game is not over: nobody has 15 VP yet, so there is nothing to record")
        )
    if out.status == "play-on":
        raise GameLogError(
            N_("{tied} are tied: play on, then record the result"), tied=", ".join(out.tied)
        )
    return out


def complete(
    cat: Catalogue,
    vp: dict[str, int],
    madness: dict[str, int] | None = None,
    *,
    game_id: int | None = None,
    bases: list[str] | None = None,
) -> dict:
    """Finish a game recorded by ``draft --record`` with its VP (and Madness cards).

    With ``game_id`` a finished game can also be corrected (its VP, Madness
    cards and winner are replaced).

    The game is ``game_id``, or else the newest draft of exactly the players of
    ``vp`` (names compared ignoring case): a ``drafted`` game of the log (``draft
    --record``) or the draft kept for those players (:mod:`smashup_db.userdata.waiting`,
    every draft), whichever is newer; the latter becomes a finished game of the log. Raises
    :class:`GameLogError` when there is no such game, the players differ, or
    the game is not over / still tied. Returns the stored game.
    """
    madness = madness or {}
    out = _finished(vp, madness)
    wanted = {p.casefold(): p for p in vp}
    by_game, recorded_at = _drafted_seats(cat, game_id)
    if game_id is not None:
        if game_id not in by_game:
            raise GameLogError(
                N_("there is no game {game_id} in the log (see: smashup games list)"),
                game_id=game_id,
            )
        candidates = [game_id]
    else:
        candidates = [g for g, ps in by_game.items() if {p.casefold() for p in ps} == set(wanted)]
        from smashup_db.userdata import waiting

        kept = waiting.find(cat, vp)
        if kept is not None and (
            not candidates or kept["drafted_at"] >= recorded_at[candidates[0]]
        ):
            return _complete_waiting(cat, kept, vp, madness, bases)
        if not candidates:
            raise GameLogError(
                N_(
                    "no draft of {vp} waits for a result; draft for exactly these players first (smashup draft), or give their factions: smashup game record ... --factions"
                ),
                vp=", ".join(vp),
            )
    gid = candidates[0]
    seats = by_game[gid]
    if {p.casefold() for p in seats} != set(wanted):
        raise GameLogError(
            N_("game {gid} was played by {seats}, not by {vp}"),
            gid=gid,
            seats=", ".join(seats),
            vp=", ".join(vp),
        )
    with writing(cat.r.url, "record") as w:
        w.execute(
            TABLES["game_player"].update(("vp", "madness"), where=("game_id", "player")),
            [
                {
                    "game_id": gid,
                    "player": p,
                    "vp": vp[wanted[p.casefold()]],
                    "madness": madness.get(wanted[p.casefold()], 0),
                }
                for p in seats
            ],
        )
        w.execute(
            TABLES["game"].update(("status", "winner")),
            {
                "id": gid,
                "status": "finished",
                "winner": next(p for p in seats if p.casefold() == out.winner.casefold()),
            },
        )
        if bases:
            w.execute(TABLES["game_base"].delete(("game_id",)), {"game_id": gid})
            _insert_bases(w, gid, bases)
    return game_by_id(cat, gid)


def _drafted_seats(
    cat: Catalogue, game_id: int | None
) -> tuple[dict[int, list[str]], dict[int, str]]:
    """``({game id: players in seat order}, {game id: recorded_at})`` of game ``game_id`` (any status),
    or of every ``drafted`` game when it is None; newest first."""
    rows = cat.r.all(
        "SELECT g.id, g.status, g.recorded_at, p.player FROM game g"
        " JOIN game_player p ON p.game_id = g.id"
        + (" WHERE g.id = :gid" if game_id is not None else " WHERE g.status = 'drafted'")
        + " ORDER BY g.id DESC, p.seat",
        **({"gid": game_id} if game_id is not None else {}),
    )
    by_game: dict[int, list[str]] = defaultdict(list)
    recorded_at: dict[int, str] = {}
    for r in rows:
        by_game[r["id"]].append(r["player"])
        recorded_at[r["id"]] = r["recorded_at"] or ""
    return by_game, recorded_at


def _complete_waiting(
    cat: Catalogue, kept: dict, vp: dict[str, int], madness: dict[str, int], bases
) -> dict:
    """Record the waiting draft ``kept`` (:func:`smashup_db.userdata.waiting.find`) as a finished game.

    Player names are spelled as at the draft; the bases are ``bases`` or else the draft's.
    """
    by_fold = {p.casefold(): p for p in vp}
    seats = kept["seats"]
    return record_game(
        cat,
        {s["player"]: vp[by_fold[s["player"].casefold()]] for s in seats},
        {s["player"]: s["factions"] for s in seats},
        madness={s["player"]: madness.get(by_fold[s["player"].casefold()], 0) for s in seats},
        bases=list(bases or kept.get("bases") or []),
        seed=kept.get("seed"),
        waiting_key=kept["key"],
    )


#: Games read per query when the log is walked newest first (a page of heads, then their seats and bases).
PAGE = 200
_HEAD = "SELECT id, uid, played_on, status, winner, seed FROM game"
_ORDER = " ORDER BY played_on DESC, id DESC"


def _complete(cat: Catalogue, heads: list[dict]) -> list[dict]:
    """``heads`` (rows of ``game``) with their players and bases, in the same order (one query each)."""
    from smashup_db.db.reader import in_params

    if not heads:
        return []
    ids, params = in_params("g", [h["id"] for h in heads])
    seats = defaultdict(list)
    for r in cat.r.all(
        "SELECT game_id, player, faction1, faction2, vp, madness FROM game_player"
        f" WHERE game_id IN {ids} ORDER BY game_id, seat",
        **params,
    ):
        seats[r["game_id"]].append(
            {
                "player": r["player"],
                "factions": [r["faction1"], r["faction2"]],
                "vp": r["vp"],
                "madness": r["madness"],
            }
        )
    bases = defaultdict(list)
    for r in cat.r.all(
        f"SELECT game_id, base_id FROM game_base WHERE game_id IN {ids} ORDER BY game_id, pos",
        **params,
    ):
        bases[r["game_id"]].append(r["base_id"])
    return [
        {
            "id": h["id"],
            "uid": h["uid"],
            "played_on": h["played_on"],
            "status": h["status"],
            "winner": h["winner"],
            "seed": h["seed"],
            "players": seats[h["id"]],
            "bases": bases[h["id"]],
        }
        for h in heads
    ]


def newest_first(cat: Catalogue, page: int = PAGE):
    """Every recorded game, newest first (as :func:`games` shows them), read ``page`` games at a time.

    The log is never read whole: a caller that stops early (``--limit``,
    ``--avoid-recent``) reads only the pages it needs (keyset paging on
    ``played_on, id``, which the ``played_on`` index serves).
    """
    after: dict | None = None
    size = 8  # the first page is small: most callers want a handful of games
    while True:
        if after is None:
            heads = cat.r.all(_HEAD + _ORDER + " LIMIT :n", n=size)
        else:
            heads = cat.r.all(
                _HEAD
                + " WHERE played_on < :d OR (played_on = :d AND id < :id)"
                + _ORDER
                + " LIMIT :n",
                d=after["played_on"],
                id=after["id"],
                n=size,
            )
        yield from _complete(cat, heads)
        if len(heads) < size:
            return
        after = heads[-1]
        size = min(size * 4, page)


def games(cat: Catalogue, player: str | None = None, limit: int | None = None) -> list[dict]:
    """Recorded games, newest first: ``[{"id", "uid", "played_on", "status", "winner", "seed",
    "players": [{"player", "factions": [id, id], "vp", "madness"}], "bases": [id]}]``.

    ``player`` keeps the games that player took part in (ignoring case);
    ``limit`` keeps the newest that many. Only the games needed are read
    (:func:`newest_first`); a negative ``limit`` is :class:`GameLogError`.
    """
    if limit is not None and limit < 0:
        raise GameLogError(N_("--limit must be 0 or more, got {limit}"), limit=limit)
    if limit == 0:
        return []
    if (
        limit is not None and limit > 2**31
    ):  # more than any log holds (and than a database integer takes)
        limit = None
    if player is None and limit is not None:
        return _complete(cat, cat.r.all(_HEAD + _ORDER + " LIMIT :n", n=limit))
    who = player.casefold() if player else None
    out = []
    for g in newest_first(cat, page=2000 if limit is None else PAGE):
        if who is not None and who not in {p["player"].casefold() for p in g["players"]}:
            continue
        out.append(g)
        if limit is not None and len(out) >= limit:
            break
    return out


def game_by_id(cat: Catalogue, gid: int) -> dict:
    """One game as :func:`games` shows it; :class:`GameLogError` when absent."""
    found = _complete(cat, cat.r.all(_HEAD + " WHERE id = :gid", gid=gid))
    if not found:
        raise GameLogError(N_("there is no game {gid} in the log"), gid=gid)
    return found[0]


def recent_factions(cat: Catalogue, players: list[str], n: int) -> list[str]:
    """Factions of the last ``n`` recorded games (drafted or finished) in which any of ``players`` took part.

    Most recent first, without repeats. ``n`` 0 -> ``[]``; negative ->
    :class:`GameLogError`. Reads the log newest first and stops after the
    ``n``-th such game (:func:`newest_first`).
    """
    if n < 0:
        raise GameLogError(N_("--avoid-recent must be 0 or more, got {n}"), n=n)
    if n == 0:
        return []
    wanted = {p.casefold() for p in players}
    seen: dict[str, None] = {}
    count = 0
    for g in newest_first(cat):
        if not wanted & {p["player"].casefold() for p in g["players"]}:
            continue
        for p in g["players"]:
            for f in p["factions"]:
                seen.setdefault(f, None)
        count += 1
        if count >= n:
            break
    return list(seen)


def log_stats(cat: Catalogue, player: str | None = None) -> dict:
    """:func:`stats` of the whole log, counted by the database (grouped queries, never the games one by one).

    Same result as ``stats(games(cat), player)``. A seat won when its player is
    the game's winner (the winner is always stored as one of the seats' names).
    Cost (issue 21 item 13): plays are counted over every seat from the indexes
    ``ix_game_player_pair`` (faction1, faction2, player) and ``ix_game_player_player``
    in their order (no sort, no look-up of the game), then the seats of games
    not finished (drafted only; few) are subtracted; wins are counted from the
    finished games, each joined to its winning seat by the primary key. The
    Python side handles three rows per player and per ordered faction pair.
    """
    from smashup_db.db.reader import in_params

    unfinished = (
        " FROM game_player p WHERE p.game_id IN (SELECT id FROM game WHERE status <> 'finished')"
    )
    # the winner's seat: game first (CROSS JOIN keeps that order in SQLite), its seats by the primary key
    # prefix; SQLite's unary + keeps it from searching the player index instead (every seat of that name)
    plus = "+" if cat.r.dialect == "sqlite" else ""
    won = (
        f" FROM game g CROSS JOIN game_player p WHERE p.game_id = g.id AND {plus}p.player = g.winner"
        " AND g.status = 'finished'"
    )
    per_player: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in cat.r.all("SELECT player, COUNT(*) AS plays FROM game_player GROUP BY player"):
        per_player[r["player"]][0] += r["plays"]
    for r in cat.r.all(
        f"SELECT p.player AS player, COUNT(*) AS plays{unfinished} GROUP BY p.player"
    ):
        per_player[r["player"]][0] -= r["plays"]
    for r in cat.r.all(f"SELECT p.player AS player, COUNT(*) AS wins{won} GROUP BY p.player"):
        per_player[r["player"]][1] += r["wins"]
    per_player = {k: v for k, v in per_player.items() if v[0] > 0}
    params: dict = {}
    only = ""
    if player is not None:
        who = player.casefold()
        per_player = {k: v for k, v in per_player.items() if k.casefold() == who}
        names, params = in_params("pl", list(per_player))
        only = f" AND p.player IN {names}"
        counted = sum(v[0] for v in per_player.values())  # a player has one seat per game
    else:
        counted = (
            cat.r.scalar("SELECT COUNT(*) FROM game WHERE status = 'finished'") or 0
        )  # every game has seats
    by_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    if per_player:
        plays = (
            "SELECT p.faction1 AS f1, p.faction2 AS f2, COUNT(*) AS plays FROM game_player p"
            + (f" WHERE {only[5:]}" if only else "")
            + " GROUP BY p.faction1, p.faction2"
        )
        for r in cat.r.all(plays, **params):
            by_pair[(r["f1"], r["f2"])][0] += r["plays"]
        for r in cat.r.all(
            f"SELECT p.faction1 AS f1, p.faction2 AS f2, COUNT(*) AS plays{unfinished}{only}"
            " GROUP BY p.faction1, p.faction2",
            **params,
        ):
            by_pair[(r["f1"], r["f2"])][0] -= r["plays"]
        for r in cat.r.all(
            f"SELECT p.faction1 AS f1, p.faction2 AS f2, COUNT(*) AS wins{won}{only}"
            " GROUP BY p.faction1, p.faction2",
            **params,
        ):
            by_pair[(r["f1"], r["f2"])][1] += r["wins"]
    per_faction: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    per_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for (f1, f2), (n, w) in by_pair.items():
        if n <= 0:
            continue
        for f in dict.fromkeys((f1, f2)):
            per_faction[f][0] += n
            per_faction[f][1] += w
        pair = tuple(sorted((f1, f2)))
        per_pair[pair][0] += n
        per_pair[pair][1] += w
    return _ordered(counted, per_player, per_faction, per_pair)


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
    seats_won = []
    counted = 0
    for g in finished:
        seats = [p for p in g["players"] if who is None or p["player"].casefold() == who]
        if not seats:
            continue
        counted += 1
        for p in seats:
            won = int(g["winner"] is not None and p["player"].casefold() == g["winner"].casefold())
            seats_won.append((p["player"], tuple(p["factions"]), 1, won))
    return _summed(counted, seats_won)


def _summed(counted: int, seats) -> dict:
    """The :func:`stats` result from ``(player, (faction, faction), plays, wins)`` tuples."""
    per_player: dict[str, list[int]] = {}
    per_faction: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    per_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for name, factions, plays, won in seats:
        rec = per_player.setdefault(name, [0, 0])
        rec[0] += plays
        rec[1] += won
        for f in dict.fromkeys(factions):
            per_faction[f][0] += plays
            per_faction[f][1] += won
        pair = tuple(sorted(factions))
        per_pair[pair][0] += plays
        per_pair[pair][1] += won
    return _ordered(counted, per_player, per_faction, per_pair)


def _ordered(counted: int, per_player: dict, per_faction: dict, per_pair: dict) -> dict:
    """The :func:`stats` result from ``{key: [plays, wins]}`` per player, faction and pair."""

    def rate(w, n):
        return round(w / n, 3) if n else 0.0

    def order(item):
        return (-item[1][0], -item[1][1], item[0])

    return {
        "games": counted,
        "players": [
            {"player": k, "games": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
            for k, v in sorted(per_player.items(), key=order)
        ],
        "factions": [
            {"faction": k, "plays": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
            for k, v in sorted(per_faction.items(), key=order)
        ],
        "pairs": [
            {"factions": list(k), "plays": v[0], "wins": v[1], "win_rate": rate(v[1], v[0])}
            for k, v in sorted(per_pair.items(), key=order)
        ],
    }


# --------------------------------------------------------------------------- export / import


def export_log(cat: Catalogue) -> dict:
    """The whole log as ``{"format": "smashup-games", "version": 1, "games": [...]}`` (oldest first, no row ids)."""
    rows = list(reversed(games(cat)))  # an export is the whole log by definition
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "games": [{k: v for k, v in g.items() if k != "id"} for g in rows],
    }


def _int_or_none(value, where: str, fld: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameLogError(
            N_("{where}.{fld}: must be a whole number of 0 or more, got {value!r}"),
            where=where,
            fld=fld,
            value=value,
        )
    return value


def validate_export(data, source: str) -> list[dict]:
    """Check an export file's content; returns the games, or raises :class:`GameLogError` naming file and field."""
    return [
        _exported_game(where, g)
        for where, g in envelope.items(
            data, source, EXPORT_FORMAT, EXPORT_VERSION, "games", GameLogError
        )
    ]


def _exported_game(where: str, g: dict) -> dict:
    """One game of an export, checked field by field (``where`` names it in errors)."""
    uid, played_on = _exported_uid_and_date(where, g)
    status = g.get("status")
    if status not in ("drafted", "finished"):
        raise GameLogError(
            N_("{where}.status: must be drafted or finished, got {status!r}"),
            where=where,
            status=status,
        )
    players = g.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 8:
        raise GameLogError(N_("{where}.players: must be a list of 2 to 8 players"), where=where)
    clean = [_exported_player(f"{where}.players[{j}]", p) for j, p in enumerate(players)]
    winner = g.get("winner")
    if winner is not None and winner not in {p["player"] for p in clean}:
        raise GameLogError(
            N_("{where}.winner: {winner!r} is not one of its players"),
            where=where,
            winner=winner,
        )
    bases = g.get("bases") or []
    if not (isinstance(bases, list) and all(isinstance(b, str) and is_slug(b) for b in bases)):
        raise GameLogError(N_("{where}.bases: must be a list of base ids"), where=where)
    seed = g.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise GameLogError(
            N_("{where}.seed: must be a whole number, got {seed!r}"), where=where, seed=seed
        )
    return {
        "uid": uid,
        "played_on": played_on,
        "status": status,
        "winner": winner,
        "seed": seed,
        "players": clean,
        "bases": bases,
    }


def _exported_uid_and_date(where: str, g: dict) -> tuple[str, str]:
    """``(uid, played_on)`` of an exported game: a hex id and an ISO date."""
    uid = g.get("uid")
    if (
        not isinstance(uid, str)
        or not uid
        or len(uid) > 64
        or not all(c in "0123456789abcdef-" for c in uid)
    ):
        raise GameLogError(N_("{where}.uid: must be a hex id, got {uid!r}"), where=where, uid=uid)
    try:
        played_on = date.fromisoformat(str(g.get("played_on"))).isoformat()
    except ValueError:
        raise GameLogError(
            N_("{where}.played_on: {value!r} is not a date like 2026-11-30"),
            where=where,
            value=g.get("played_on"),
        ) from None
    return uid, played_on


def _exported_player(pw: str, p) -> dict:
    """One player of an exported game: a valid name, two faction ids, VP and Madness or null."""
    if not isinstance(p, dict):
        raise GameLogError(N_("must be an object"), prefix=pw)
    try:
        name = check_player_name(p.get("player"))
    except EndError as exc:
        raise GameLogError(N_("player: {reason}"), prefix=pw, reason=exc) from None
    facs = p.get("factions")
    if not (
        isinstance(facs, list)
        and len(facs) == 2
        and all(isinstance(f, str) and is_slug(f) for f in facs)
    ):
        raise GameLogError(
            N_("{pw}.factions: must be two faction ids, got {facs!r}"), pw=pw, facs=facs
        )
    return {
        "player": name,
        "factions": facs,
        "vp": _int_or_none(p.get("vp"), pw, "vp"),
        "madness": _int_or_none(p.get("madness"), pw, "madness"),
    }


def import_log(cat: Catalogue, path: Path) -> dict:
    """Merge an export file into the log in one transaction; games already present (same uid) are skipped.

    Returns ``{"added", "skipped"}``. Raises :class:`GameLogError` naming the
    file and field for a malformed file (nothing is imported then).
    """
    from smashup_db.importer.files import read_json

    items = validate_export(
        read_json(str(path)), str(path)
    )  # file problems: one-line ImportFileError
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
