"""The rest of the evening on the full catalogue (CLI): game end, game log, presets, pool control,
draft formats, collection backup and the shareable result."""

from __future__ import annotations

import json

import pytest

from helpers import db_execute, db_rows, json_ok


def _err(result):
    assert result.exit_code != 0 and "Traceback" not in result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


# --- game end -------------------------------------------------------------------


def test_game_end_issue_example(cli):
    out = json_ok(
        cli("game", "end", "Anna=16", "Ben=15", "Cleo=9", "--madness", "Anna=4,Ben=1", "--json")
    )
    assert out["status"] == "win" and out["winner"] == "Ben"
    assert {s["player"]: s["final"] for s in out["standings"]} == {"Anna": 14, "Ben": 15, "Cleo": 9}
    de = cli("game", "end", "Anna=16", "Ben=16", "--lang", "de")
    assert de.exit_code == 0 and "weiterspielen" in de.output
    assert "goes on" in cli("game", "end", "Anna=14", "Ben=3").output


@pytest.mark.parametrize(
    "args",
    [
        ["Anna=16", "Dora"],
        ["Anna=16", "Ben=-2"],
        ["Anna=16", "Ben=3", "--madness", "Cleo=2"],
        ["Anna=16", "Ben=3", "--madness", "Ben=-1"],
        ["Anna=16"],
    ],
)
def test_game_end_bad_input_is_one_line(cli, args):
    _err(cli("game", "end", *args))


# --- the game log ---------------------------------------------------------------


def _three_games(cli):
    drafted = json_ok(
        cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "11", "--record", "--json")
    )
    assert drafted["game"]["status"] == "drafted"
    done = json_ok(
        cli(
            "game",
            "end",
            "Anna=16",
            "Ben=15",
            "Cleo=9",
            "--madness",
            "Anna=4,Ben=1",
            "--record",
            "--json",
        )
    )
    assert done["game"]["id"] == drafted["game"]["id"] and done["game"]["winner"] == "Ben"
    g2 = json_ok(
        cli(
            "game",
            "record",
            "Anna=17",
            "Ben=12",
            "--factions",
            "Anna=Aliens+Ninjas,Ben=Piraten+Roboter",
            "--bases",
            "Mushroom Kingdom",
            "--date",
            "2026-11-01",
            "--json",
        )
    )
    assert g2["winner"] == "Anna" and g2["players"][1]["factions"] == ["pirates", "robots"]
    g3 = json_ok(
        cli(
            "game",
            "record",
            "Anna=10",
            "Cleo=15",
            "--factions",
            "Anna=Aliens+Zombies,Cleo=Wizards+Ninjas",
            "--json",
        )
    )
    assert g3["winner"] == "Cleo"
    return drafted


def test_game_log_round_trip_and_survives_rebuild(cli, db_path, tmp_path):
    drafted = _three_games(cli)
    stats = json_ok(cli("games", "stats", "--json"))
    assert stats["games"] == 3
    aliens = next(f for f in stats["factions"] if f["faction"]["id"] == "aliens")
    assert (aliens["plays"], aliens["wins"], aliens["win_rate"]) == (2, 1, 0.5)
    anna = next(p for p in stats["players"] if p["player"] == "Anna")
    assert (anna["games"], anna["wins"]) == (3, 1)
    ben_pairs = json_ok(cli("games", "stats", "--player", "Ben", "--json"))
    assert ben_pairs["games"] == 2 and {
        tuple(f["id"] for f in p["factions"]) for p in ben_pairs["pairs"]
    } == {tuple(sorted(drafted["players"]["Ben"])), ("pirates", "robots")}
    listed = json_ok(cli("games", "list", "--json"))
    assert len(listed) == 3 and listed[-1]["played_on"] == "2026-11-01"

    assert cli("collection", "add", "Core Set", "--owner", "Ben").exit_code == 0
    assert cli("db", "build").exit_code == 0  # user data survives a rebuild of the facts
    assert json_ok(cli("games", "stats", "--json")) == stats
    assert len(json_ok(cli("collection", "list", "--json"))) == 1

    export = tmp_path / "games.json"
    assert cli("games", "export", str(export)).exit_code == 0
    fresh = str(tmp_path / "fresh.db")
    imported = json_ok(cli("games", "import", str(export), "--db", fresh, "--json"))
    assert imported == {"added": 3, "skipped": 0}
    assert json_ok(cli("games", "stats", "--json", "--db", fresh)) == stats
    again = json_ok(cli("games", "import", str(export), "--db", fresh, "--json"))
    assert again == {"added": 0, "skipped": 3}  # merging twice never counts a game twice


def test_import_of_a_malformed_log_names_file_and_field_and_changes_nothing(cli, tmp_path):
    _three_games(cli)
    export = tmp_path / "g.json"
    assert cli("games", "export", str(export)).exit_code == 0
    data = json.loads(export.read_text())
    for g in data["games"]:
        g["uid"] = g["uid"][::-1]  # new games ...
    data["games"][2]["players"][0]["vp"] = -3  # ... but the last one is broken
    export.write_text(json.dumps(data))
    line = _err(cli("games", "import", str(export)))
    assert str(export) in line and "games[2].players[0].vp" in line
    assert len(json_ok(cli("games", "list", "--json"))) == 3
    export.write_text("{not json")
    assert "line 1" in _err(cli("games", "import", str(export)))


def test_unfinished_games_are_not_recorded(cli):
    assert "not over" in _err(
        cli(
            "game",
            "record",
            "Anna=3",
            "Ben=4",
            "--factions",
            "Anna=Aliens+Ninjas,Ben=Pirates+Robots",
        )
    )
    assert "tied" in _err(
        cli(
            "game",
            "record",
            "Anna=15",
            "Ben=15",
            "--factions",
            "Anna=Aliens+Ninjas,Ben=Pirates+Robots",
        )
    )
    assert "no draft of" in _err(cli("game", "end", "Anna=16", "Ben=2", "--record"))


def test_log_and_collection_survive_a_schema_migration(db_path):
    """A database at the previous schema (0002) with a collection is upgraded; then the log works and survives."""
    from smashup_db.compiler.bootstrap import open_db
    from smashup_db.db import engine_for, migrations, resolve_url

    with engine_for(resolve_url(db_path)).begin() as conn:
        migrations.upgrade(conn, "0002")
    db_execute(db_path, "INSERT INTO meta (key, value) VALUES ('catalogue_version', 'old')")
    db_execute(
        db_path, "INSERT INTO collection (owner, product_id, copies) VALUES ('Ben', 'core-set', 2)"
    )
    open_db(db_path)
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(migrations.HEAD,)]
    assert db_rows(db_path, "SELECT owner, copies FROM collection") == [("Ben", 2)]
    assert (
        db_rows(db_path, "SELECT COUNT(*) FROM faction WHERE complexity IS NOT NULL")[0][0] == 106
    )
    db_execute(
        db_path,
        "INSERT INTO game (uid, played_on, status, winner, recorded_at) "
        "VALUES ('abc', '2026-11-30', 'finished', 'Ben', '')",
    )
    with engine_for(resolve_url(db_path)).begin() as conn:  # migrating again keeps the log
        assert migrations.upgrade(conn) == (migrations.HEAD, migrations.HEAD)
    db_execute(db_path, "UPDATE meta SET value = 'older' WHERE key = 'catalogue_version'")
    open_db(db_path)  # a catalogue update rebuilds the facts
    assert db_rows(db_path, "SELECT uid, winner FROM game") == [("abc", "Ben")]


# --- pool control and formats ------------------------------------------------------


@pytest.mark.parametrize("fmt", ["snake", "random", "offer", "pick-one-random"])
def test_every_format_on_the_full_catalogue(cli, fmt):
    args = [
        "draft",
        "-p",
        "Anna,Ben,Cleo,Dora",
        "--auto",
        "--seed",
        "21",
        "--format",
        fmt,
        "--json",
        "--ban",
        "Zombies,Aliens",
        "--include",
        "Ninjas",
        "--complexity",
        "low,medium",
    ]
    first = cli(*args)
    res = json_ok(first)
    assert cli(*args).stdout == first.stdout  # same seed, same JSON
    assert res["format"] == fmt
    for facs in res["players"].values():
        assert len(facs) == 2 and facs[0] != facs[1]
    assert "zombies" not in res["pool"] and "aliens" not in res["pool"] and "ninjas" in res["pool"]
    complexity = dict(db_rows_for(cli))
    for f in res["pool"]:
        assert f == "ninjas" or {"low", "medium"} & set(complexity[f].split("-"))
    if fmt == "offer":
        assert all(len(o) == 3 for o in res["offers"].values())
        assert all(set(res["players"][p]) <= set(o) for p, o in res["offers"].items())


def db_rows_for(cli):
    import os

    return db_rows(os.environ["SMASHUP_DB"], "SELECT id, complexity FROM faction")


def test_avoid_recent_and_a_pool_that_is_too_small(cli):
    drafted = json_ok(cli("draft", "-p", "Anna,Ben", "--auto", "--seed", "2", "--record", "--json"))
    played = {f for fs in drafted["players"].values() for f in fs}
    for seed in range(5):
        res = json_ok(
            cli(
                "draft",
                "-p",
                "Anna,Cleo",
                "--auto",
                "--seed",
                str(seed),
                "--avoid-recent",
                "1",
                "--json",
            )
        )
        assert not played & set(res["pool"])
        assert set(res["pool_control"]["removed"]["--avoid-recent"]) == played
    line = _err(
        cli(
            "draft",
            "-p",
            "Anna,Ben,Cleo,Dora,Emil",
            "--auto",
            "--products",
            "Core Set",
            "--complexity",
            "high",
        )
    )
    assert "--products removed" in line and "--complexity removed" in line and "needs 10" in line


def test_presets(cli):
    assert (
        cli(
            "preset",
            "save",
            "family",
            "--ban",
            "Zombies",
            "--complexity",
            "low",
            "--format",
            "offer",
            "--offer",
            "2",
        ).exit_code
        == 0
    )
    listed = json_ok(cli("preset", "list", "--json"))
    assert listed[0]["name"] == "family" and listed[0]["options"]["ban"] == ["zombies"]
    res = json_ok(
        cli("draft", "-p", "Anna,Ben", "--preset", "family", "--auto", "--seed", "1", "--json")
    )
    assert res["format"] == "offer" and "zombies" not in res["pool"] and len(res["pool"]) == 4
    assert "saved presets: family" in _err(
        cli("draft", "-p", "Anna,Ben", "--preset", "famly", "--auto")
    )
    assert cli("preset", "remove", "family").exit_code == 0
    assert json_ok(cli("preset", "list", "--json")) == []
    _err(cli("preset", "remove", "family"))


# --- collection backup --------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["json", "csv"])
def test_collection_backup_round_trip(cli, tmp_path, suffix):
    assert cli("collection", "add", "Core Set", "--owner", "=HYPERLINK(1)").exit_code == 0
    assert (
        cli("collection", "add", "Vergessene Helden", "--owner", "Ben", "--copies", "2").exit_code
        == 0
    )
    before = json_ok(cli("collection", "list", "--json"))
    f = tmp_path / f"boxes.{suffix}"
    assert cli("collection", "export", str(f)).exit_code == 0
    if suffix == "csv":
        assert not any(line.startswith(("=", "+", "-", "@")) for line in f.read_text().splitlines())
    fresh = str(tmp_path / "new.db")
    res = json_ok(cli("collection", "import", str(f), "--db", fresh, "--json"))
    assert res["entries"] == 2
    assert json_ok(cli("collection", "list", "--json", "--db", fresh)) == before


def test_collection_import_is_all_or_nothing(cli, tmp_path):
    assert cli("collection", "add", "Core Set").exit_code == 0
    f = tmp_path / "bad.csv"
    f.write_text("owner,product,copies\nBen,core-set,2\nBen,Core Sett,1\n")
    line = _err(cli("collection", "import", str(f), "--replace"))
    assert str(f) in line and "line 3" in line and "product" in line and "Core Set" in line
    assert [(r["owner"], r["copies"]) for r in json_ok(cli("collection", "list", "--json"))] == [
        ("me", 1)
    ]
    j = tmp_path / "bad.json"
    j.write_text(
        json.dumps(
            {
                "format": "smashup-collection",
                "version": 1,
                "entries": [{"owner": "Ben", "product": "core-set", "copies": 0}],
            }
        )
    )
    assert "entries[0]: copies" in _err(cli("collection", "import", str(j)))


# --- something to share ---------------------------------------------------------------


def test_format_out_escapes_every_name(cli, tmp_path):
    evil = "<script>alert(1)</script>"
    page = tmp_path / "night.html"
    res = cli(
        "draft",
        "-p",
        f"{evil},*Ben*",
        "--auto",
        "--seed",
        "4",
        "--format-out",
        "html",
        "--out",
        str(page),
    )
    assert res.exit_code == 0, res.output
    html = page.read_text()
    assert "<script>" not in html and "&lt;script&gt;" in html and "size: A4" in html
    md = cli("draft", "-p", f"{evil},*Ben*", "--auto", "--seed", "4", "--format-out", "markdown")
    assert md.exit_code == 0 and r"\*Ben\*" in md.stdout and r"\<script\>" in md.stdout
    assert "seed 4" in md.stdout
    _err(cli("draft", "-p", "A,B", "--auto", "--format-out", "pdf"))
