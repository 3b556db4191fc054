"""Benchmark (issue 21 item 13): the game-log commands on a log of 100,000 recorded games.

Fills a fresh SQLite database (or ``--db URL``) with random finished games
(2 to 5 of 6 players, real faction ids, real base ids) and times, in process
(the real Typer commands through Click's runner, median of ``--runs``):

* ``game record ... --factions ...``, ``games list --limit 5`` and
  ``draft --avoid-recent 2``: at an empty log and at ``--games`` games; the
  goal is <= 50 ms above the empty log;
* ``games stats --json`` at ``--games`` games: goal <= 1 s;
* the ``games stats`` table at 10,000 games: goal <= 0.5 s.

Usage: python bench/bench_gamelog.py [--games 100000] [--runs 5] [--db URL]

Measured (2 shared cores, busy, SQLite, --runs 3 --clock cpu): ``games stats --json`` at
100,000 games, before the index ``ix_game_player_pair`` (revision 0007): 1.214 s (load average
14), 0.855 s (load 7); after it: 0.904 s (load 11), 0.603 s (load 3), 0.757 s (load 1.4). The
counting itself (``gamelog.log_stats``) went from 0.95-1.03 s to 0.51-0.62 s of CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid

PLAYERS = ["Anna", "Ben", "Cleo", "Dario", "Eva", "Femi"]


def fill(url: str, n: int, start: int = 0, seed: int = 1) -> None:
    """Add ``n`` random finished games to the log at ``url`` (directly, in one transaction)."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.db import writing

    reader = open_reader(url)
    cat = Catalogue(reader, "en")
    factions = [f["id"] for f in cat.factions()]
    bases = [b["id"] for b in cat.bases()][:40]
    reader.close()
    rnd = random.Random(seed + start)
    games, seats, gbases = [], [], []
    with writing(url, "bench") as w:
        first = (w.scalar("SELECT MAX(id) FROM game") or 0) + 1
        for i in range(n):
            gid = first + i
            who = rnd.sample(PLAYERS, rnd.randint(2, 5))
            winner = rnd.choice(who)
            day = f"{2000 + (start + i) * 20 // max(n + start, 1):04d}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}"
            games.append(
                {
                    "id": gid,
                    "uid": uuid.uuid4().hex,
                    "played_on": day,
                    "status": "finished",
                    "winner": winner,
                    "seed": None,
                    "recorded_at": "2026-01-01T00:00:00+00:00",
                }
            )
            for seat, p in enumerate(who):
                f1, f2 = rnd.sample(factions, 2)
                seats.append(
                    {
                        "game_id": gid,
                        "seat": seat,
                        "player": p,
                        "faction1": f1,
                        "faction2": f2,
                        "vp": 15 if p == winner else rnd.randint(0, 14),
                        "madness": 0,
                    }
                )
            gbases += [
                {"game_id": gid, "pos": k, "base_id": b} for k, b in enumerate(rnd.sample(bases, 3))
            ]
        w.execute(
            "INSERT INTO game (id, uid, played_on, status, winner, seed, recorded_at) VALUES"
            " (:id, :uid, :played_on, :status, :winner, :seed, :recorded_at)",
            games,
        )
        w.execute(
            "INSERT INTO game_player (game_id, seat, player, faction1, faction2, vp, madness) VALUES"
            " (:game_id, :seat, :player, :faction1, :faction2, :vp, :madness)",
            seats,
        )
        if w.dialect == "postgresql":  # ids were given: move the id sequence past them
            w.execute(
                "SELECT setval(pg_get_serial_sequence('game', 'id'), (SELECT MAX(id) FROM game))"
            )
        w.execute(
            "INSERT INTO game_base (game_id, pos, base_id) VALUES (:game_id, :pos, :base_id)",
            gbases,
        )
    if url.startswith(
        "sqlite:///"
    ):  # as a log grown game by game would be: its write-ahead log checkpointed
        import sqlite3

        with sqlite3.connect(url[len("sqlite:///") :]) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


#: What is timed: "wall" (time.perf_counter) or "cpu" (time.process_time: this process's CPU seconds, far
#: less disturbed by other programs on a busy machine). Set by --clock.
CLOCK = {"f": time.perf_counter}


def timed(runner, app, args: list[str], runs: int) -> float:
    """Median seconds of ``smashup ARGS`` in process; raises when the command fails."""
    times = []
    clock = CLOCK["f"]
    for _ in range(runs):
        t = clock()
        res = runner.invoke(app, args)
        times.append(clock() - t)
        if res.exit_code != 0:
            raise SystemExit(f"{' '.join(args)} failed: {res.output}")
    return statistics.median(times)


COMMANDS = {
    "game record": [
        "game",
        "record",
        "Anna=15",
        "Ben=9",
        "--factions",
        "Anna=ninjas+pirates,Ben=robots+zombies",
    ],
    "games list --limit 5": ["games", "list", "--limit", "5"],
    "draft --avoid-recent 2": [
        "draft",
        "--players",
        "Anna,Ben,Cleo",
        "--auto",
        "--seed",
        "1",
        "--avoid-recent",
        "2",
    ],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--db", help="database URL (default: a fresh SQLite file in a temporary folder)"
    )
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall-clock seconds, or this process's CPU seconds (steadier on a busy machine)",
    )
    args = ap.parse_args()
    CLOCK["f"] = time.process_time if args.clock == "cpu" else time.perf_counter
    from typer.testing import CliRunner

    from smashup_db.cli import app
    from smashup_db.compiler.bootstrap import ensure_current

    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
        os.environ["SMASHUP_DB"] = url
        ensure_current(url)
        runner = CliRunner()
        assert runner.invoke(app, ["collection", "add", "Core Set"]).exit_code == 0
        assert runner.invoke(app, ["collection", "add", "Awesome Level 9000"]).exit_code == 0
        timed(runner, app, ["stats"], 1)  # warm the caches
        empty = {name: timed(runner, app, cmd, args.runs) for name, cmd in COMMANDS.items()}
        fill(url, 10_000)
        table_10k = timed(runner, app, ["games", "stats"], args.runs)
        json_10k = timed(runner, app, ["games", "stats", "--json"], args.runs)
        fill(url, args.games - 10_000, start=10_000)
        full = {name: timed(runner, app, cmd, args.runs) for name, cmd in COMMANDS.items()}
        json_full = timed(runner, app, ["games", "stats", "--json"], args.runs)
        table_full = timed(runner, app, ["games", "stats"], args.runs)
    print(
        f"game log benchmark: {args.games} games, median of {args.runs} runs, in process, {args.clock} clock,"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    for name in COMMANDS:
        extra = full[name] - empty[name]
        print(
            f"  {name:24} empty {empty[name] * 1000:7.1f} ms   {args.games} games {full[name] * 1000:7.1f} ms"
            f"   +{extra * 1000:6.1f} ms  (goal <= 50 ms)  {'ok' if extra <= 0.05 else 'SLOW'}"
        )
    print(
        f"  games stats --json       10000 games {json_10k:6.3f} s   {args.games} games {json_full:6.3f} s"
        f"  (goal <= 1 s)  {'ok' if json_full <= 1 else 'SLOW'}"
    )
    print(
        f"  games stats (table)      10000 games {table_10k:6.3f} s   {args.games} games {table_full:6.3f} s"
        f"  (goal <= 0.5 s at 10k)  {'ok' if table_10k <= 0.5 else 'SLOW'}"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
