"""Issue 21 item 13: the game log is not read whole.

``game record``, ``games list --limit N`` and ``draft --avoid-recent N`` read
a number of rows that does not grow with the log; ``games stats`` is counted
by the database and gives the same figures as counting the games one by one;
its table shows the most played rows unless ``--all``. Times are in
``bench/bench_gamelog.py``; here the rows read are counted (the honest,
load-independent measure). Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import random
import uuid

import pytest

from smashup_db.db import reader as reader_mod

PLAYERS = ["Anna", "Ben", "Cleo", "Dario", "Eva", "Femi", "anna"]


def _fill(url: str, n: int, seed: int = 3) -> None:
    from smashup_db.db import writing

    rnd = random.Random(seed)
    factions = [
        "ninjas",
        "pirates",
        "robots",
        "zombies",
        "aliens",
        "dinosaurs",
        "wizards",
        "tricksters",
    ]
    games, seats = [], []
    with writing(url, "test") as w:
        for gid in range(1, n + 1):
            who = rnd.sample(PLAYERS[:6], rnd.randint(2, 4))
            status = rnd.choice(["finished"] * 5 + ["drafted"])
            winner = rnd.choice(who) if status == "finished" else None
            games.append(
                {
                    "id": gid,
                    "uid": uuid.uuid4().hex,
                    "played_on": f"2026-{rnd.randint(1, 12):02d}-01",
                    "status": status,
                    "winner": winner,
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
                        "vp": 15 if p == winner else 3,
                    }
                )
        w.execute(
            "INSERT INTO game (id, uid, played_on, status, winner, recorded_at) VALUES"
            " (:id, :uid, :played_on, :status, :winner, '2026-01-01')",
            games,
        )
        w.execute(
            "INSERT INTO game_player (game_id, seat, player, faction1, faction2, vp, madness) VALUES"
            " (:game_id, :seat, :player, :faction1, :faction2, :vp, 0)",
            seats,
        )
        if w.dialect == "postgresql":  # ids were given: move the id sequence past them
            w.execute(
                "SELECT setval(pg_get_serial_sequence('game', 'id'), (SELECT MAX(id) FROM game))"
            )


@pytest.fixture
def rows_read(monkeypatch):
    """Counts the rows every Reader query returns."""
    count = [0]
    real = reader_mod.Reader.all

    def counting(self, sql, **params):
        rows = real(self, sql, **params)
        count[0] += len(rows)
        return rows

    monkeypatch.setattr(reader_mod.Reader, "all", counting)
    return count


def _cat(db_path):
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    return Catalogue(open_reader(db_path), "en")


def test_game_log_is_not_read_whole(cli, db_path, rows_read):
    from smashup_db.db import resolve_url
    from smashup_db.userdata import gamelog

    assert cli("stats").exit_code == 0
    _fill(resolve_url(db_path), 1500)
    cat = _cat(db_path)
    try:
        every = gamelog.games(cat)
        assert len(every) == 1500
        for call, expect in (
            (lambda: gamelog.games(cat, limit=5), every[:5]),
            (
                lambda: gamelog.games(cat, "ben", limit=3),
                [g for g in every if any(p["player"] == "Ben" for p in g["players"])][:3],
            ),
            (lambda: gamelog.recent_factions(cat, ["Cleo"], 2), None),
            (lambda: gamelog.game_by_id(cat, 777), next(g for g in every if g["id"] == 777)),
        ):
            rows_read[0] = 0
            got = call()
            assert rows_read[0] <= 200, rows_read[0]  # a log of 1500 games has ~6000 seats
            if expect is not None:
                assert got == expect
        cleo = [g for g in every if any(p["player"] == "Cleo" for p in g["players"])][:2]
        assert gamelog.recent_factions(cat, ["cleo"], 2) == list(
            dict.fromkeys(f for g in cleo for p in g["players"] for f in p["factions"])
        )
        # statistics: counted by the database, the same as counting every game
        for player in (None, "anna", "Femi", "nobody"):
            rows_read[0] = 0
            assert gamelog.log_stats(cat, player) == gamelog.stats(every, player)
            # per player and per ordered pair: plays, plays of unfinished games, wins; never per game
            assert rows_read[0] <= 3 * (6 + 8 * 7) + 1
        # recording reads back its own game only
        rows_read[0] = 0
        g = gamelog.record_game(
            cat,
            {"Anna": 15, "Ben": 4},
            {"Anna": ["ninjas", "pirates"], "Ben": ["robots", "zombies"]},
        )
        assert rows_read[0] <= 10 and g["players"][0]["player"] == "Anna"
        assert gamelog.games(cat, limit=1000)[-1]["id"] != g["id"]
    finally:
        cat.r.close()
    one = cli("games", "list", "--limit", "0", "--json")
    assert one.exit_code == 0 and one.stdout.strip() == "[]"
    assert cli("games", "list", "--limit", "-1").exit_code == 1


def test_stats_table_shows_the_most_played_rows(cli, db_path):
    from smashup_db.cli.games_cmds import STATS_ROWS
    from smashup_db.db import resolve_url

    assert cli("stats").exit_code == 0
    _fill(resolve_url(db_path), 300)
    short, full = cli("games", "stats"), cli("games", "stats", "--all")
    assert short.exit_code == 0 and full.exit_code == 0
    assert "more (smashup games stats --all shows every row)" in short.stdout
    assert "more (" not in full.stdout
    assert len(short.stdout.splitlines()) < len(full.stdout.splitlines())
    pairs = full.stdout.count(" + ")
    assert pairs > STATS_ROWS and short.stdout.count(" + ") == STATS_ROWS
