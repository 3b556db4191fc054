"""A draft waits for its result: every draft is kept for its players (outside the game log, through
rebuilds) until ``game end ... --record`` completes it with the drafted factions; ``--record`` keeps
its meaning (a drafted game in the log)."""

from __future__ import annotations

import pytest

from helpers import json_ok

PLAYERS = "Anna,Ben,Cleo"
END = ["game", "end", "Anna=15", "Ben=17", "Cleo=12", "--madness", "Anna=0,Ben=4,Cleo=2"]


def _draft(cli, seed: int, *extra: str, players: str = PLAYERS) -> dict:
    return json_ok(cli("draft", "-p", players, "--auto", "--seed", str(seed), "--json", *extra))


def test_the_drafts_last_line_says_how_to_record_its_result(cli):
    out = cli("draft", "-p", PLAYERS, "--auto", "--seed", "1")
    assert out.exit_code == 0, out.output
    text = " ".join(out.stdout.split())  # the line may wrap at the terminal's width
    last = text[text.rindex("This draft waits") :]
    assert out.stdout.splitlines()[-1] == "  smashup game end Anna=VP Ben=VP Cleo=VP --record"
    assert last.endswith("smashup game end Anna=VP Ben=VP Cleo=VP --record"), last
    de = cli("draft", "-p", PLAYERS, "--auto", "--seed", "1", "--lang", "de")
    de_text = " ".join(de.stdout.split())
    assert de_text.endswith("smashup game end Anna=SP Ben=SP Cleo=SP --record"), de_text[-200:]


def test_a_name_that_needs_quoting_is_quoted_in_the_result_command(cli):
    out = cli("draft", "-p", "Anna Lena,Ben", "--auto", "--seed", "1")
    assert "'Anna Lena=VP' Ben=VP --record" in " ".join(out.stdout.split())


def test_game_end_record_completes_the_last_draft_with_its_factions(cli):
    drafted = _draft(cli, 1)
    assert json_ok(cli("games", "list", "--json")) == []  # kept, but not in the game log
    game = json_ok(cli(*END, "--record", "--json"))["game"]
    assert game["status"] == "finished" and game["winner"] == "Anna"
    assert {p["player"]: p["factions"] for p in game["players"]} == drafted["players"]
    assert {p["player"]: p["madness"] for p in game["players"]} == {"Anna": 0, "Ben": 4, "Cleo": 2}
    assert game["seed"] == 1 and game["bases"] == drafted["bases_in_play"]
    assert [g["id"] for g in json_ok(cli("games", "list", "--json"))] == [game["id"]]
    again = cli(*END, "--record")  # completed once: nothing waits any more
    assert again.exit_code == 1 and "no draft of Anna, Ben, Cleo waits" in again.output


def test_the_waiting_draft_survives_a_rebuild(cli):
    drafted = _draft(cli, 2)
    assert cli("db", "build").exit_code == 0
    game = json_ok(cli(*END, "--record", "--json"))["game"]
    assert {p["player"]: p["factions"] for p in game["players"]} == drafted["players"]


def test_a_new_draft_of_the_same_players_replaces_the_waiting_one(cli):
    _draft(cli, 3)
    newer = _draft(cli, 4, players="cleo,ANNA,Ben")  # same players: other order and case
    other = _draft(cli, 5, players="Anna,Ben")  # other players: kept beside it
    game = json_ok(cli("game", "end", "Anna=15", "Ben=17", "Cleo=12", "--record", "--json"))["game"]
    assert game["seed"] == 4
    assert {p["player"]: p["factions"] for p in game["players"]} == newer["players"]
    pair = json_ok(cli("game", "end", "Anna=16", "Ben=3", "--record", "--json"))["game"]
    assert {p["player"]: p["factions"] for p in pair["players"]} == other["players"]


def test_draft_record_keeps_its_meaning(cli):
    drafted = _draft(cli, 6, "--record")
    logged = json_ok(cli("games", "list", "--json"))
    assert [g["status"] for g in logged] == ["drafted"] and drafted["game"]["id"] == logged[0]["id"]
    done = json_ok(cli(*END, "--record", "--json"))["game"]
    assert done["id"] == drafted["game"]["id"] and done["status"] == "finished"
    assert len(json_ok(cli("games", "list", "--json"))) == 1


def test_the_newer_of_a_recorded_and_a_waiting_draft_is_completed(cli):
    recorded = _draft(cli, 7, "--record")
    waiting = _draft(cli, 8)
    game = json_ok(cli(*END, "--record", "--json"))["game"]
    assert game["seed"] == 8 and game["id"] != recorded["game"]["id"]
    assert {p["player"]: p["factions"] for p in game["players"]} == waiting["players"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_game_end_without_a_waiting_draft_says_what_to_do(cli, lang):
    out = cli("game", "end", "Anna=15", "Ben=3", "--record", "--lang", lang)
    assert out.exit_code == 1 and "smashup draft" in out.output and "--factions" in out.output


def test_a_long_result_command_is_split_into_shell_lines_never_inside_a_quoted_name():
    import subprocess

    from smashup_db.cli.gamenight_cmds import result_command, shell_lines

    names = ["Anna Lena", "Ben", "Cleo Maria", "Dora", "Emil", "Fritzi", "Gustav", "Hermine"]
    lines = shell_lines(result_command("de", names), 40)
    assert all(len(ln) <= 40 for ln in lines) and len(lines) > 1
    assert all(ln.endswith(" \\") for ln in lines[:-1]) and lines[-1].endswith("--record")
    shell = subprocess.run(
        [
            "sh",
            "-c",
            "set -- " + "\n".join(lines)[len("  smashup game end") :] + '\nprintf "%s\\n" "$@"',
        ],
        capture_output=True,
        text=True,
    )
    assert shell.stdout.splitlines() == [f"{n}=SP" for n in names] + ["--record"]
