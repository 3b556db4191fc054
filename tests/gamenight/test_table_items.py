"""The small game-night items of issue 23: final VP in the game log, the saved game's number, the Madness
tie-break said aloud, a score below the breakpoint, the whole base deck, one owner option."""

from __future__ import annotations

import re

from helpers import json_ok


def test_games_list_shows_final_vp_after_madness_beside_raw_vp(cli):
    res = cli(
        "game",
        "record",
        "Anna=16",
        "Ben=17",
        "--madness",
        "Ben=2",
        "-f",
        "Anna=Aliens+Ninjas,Ben=Pirates+Robots",
    )
    assert res.exit_code == 0, res.output
    out = cli("games", "list").output
    assert "Final" in out and "Madness cards" in out
    rows = {
        m.group(1): (m.group(2), m.group(3), m.group(4))
        for m in re.finditer(r"│ (Anna|Ben)\s+│[^│]+│ (\d+)\s+│ (\d+)\s+│ (\d+)\s+│", out)
    }
    assert rows == {
        "Anna": ("16", "0", "16"),
        "Ben": ("17", "2", "16"),
    }  # Anna wins on fewer Madness cards
    assert "Anna" in out.split("Winner")[1]


def test_game_record_and_draft_record_print_the_saved_games_number(cli):
    out = cli(
        "game", "record", "Anna=15", "Ben=11", "-f", "Anna=Aliens+Ninjas,Ben=Pirates+Robots"
    ).output
    first = int(re.search(r"recorded as game (\d+)", out).group(1))
    out = cli("draft", "-p", "Cleo,Dora", "--auto", "--seed", "2", "--record").output
    second = int(re.search(r"recorded as game (\d+);", out).group(1))
    assert second == first + 1
    out = cli("game", "record", "Cleo=15", "Dora=3").output  # completes the drafted game
    assert f"recorded as game {second}" in out
    assert [g["id"] for g in json_ok(cli("games", "list", "--json"))] == [second, first]


def test_game_end_says_when_the_madness_tie_break_decided_it(cli):
    out = cli("game", "end", "Anna=17", "Ben=16", "--madness", "Anna=2,Ben=1").output
    assert "Ben wins." in out
    assert (
        "The Madness tie-break decided it: Ben has the same 16 VP as Anna but fewer Madness cards (1 against 2)."
        in " ".join(out.split())
    )
    out = cli(
        "game", "end", "Anna=17", "Ben=16", "--madness", "Anna=2,Ben=1", "--lang", "de"
    ).output
    assert "über die Wahnsinnskarten entschieden" in " ".join(out.split())
    plain = cli("game", "end", "Anna=17", "Ben=12").output
    assert "Anna wins." in plain and "tie-break" not in plain


def test_score_warns_when_the_total_power_is_below_the_breakpoint(cli):
    out = cli("score", "USS Undertaking", "Anna=12", "Ben=5").output
    assert "warning: the total power given (17) is below the breakpoint (22)" in " ".join(
        out.split()
    )
    out = cli("score", "USS Undertaking", "Anna=12", "Ben=5", "--lang", "de").output
    assert "unter dem Zerstörungswert (22)" in " ".join(out.split())
    assert "below the breakpoint" not in cli("score", "USS Undertaking", "Anna=12", "Ben=12").output


def test_bases_deck_lists_the_whole_deck_in_the_table_view(cli):
    js = json_ok(cli("bases", "deck", "-f", "aliens,ninjas", "-n", "2", "--seed", "4", "--json"))
    out = cli("bases", "deck", "-f", "aliens,ninjas", "-n", "2", "--seed", "4").output
    deck_part = out.split(f"The whole base deck ({len(js['base_deck'])})")[1]
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(None)
    try:
        cat = Catalogue(reader, "en")
        names = [cat.name("base", b)[0] for b in js["base_deck"]]
    finally:
        reader.close()
    positions = [deck_part.index(n) for n in names]
    assert positions == sorted(positions) and len(names) == 16


def test_one_owner_option_with_the_old_name_kept_hidden(cli):
    assert cli("collection", "add", "Core Set", "--owner", "Anna").exit_code == 0
    assert cli("collection", "add", "Monster Smash", "--owner", "Ben").exit_code == 0
    new = json_ok(cli("collection", "list", "--owner", "Anna", "--json"))
    old = json_ok(cli("collection", "list", "--collection", "Anna", "--json"))
    assert new == old and {r["owner"] for r in new} == {"Anna"}
    a = json_ok(
        cli(
            "draft", "-p", "A,B", "--auto", "--seed", "1", "--owner", "Ben", "--pool", "4", "--json"
        )
    )
    b = json_ok(
        cli("draft", "-p", "A,B", "--auto", "--seed", "1", "-c", "Ben", "--pool", "4", "--json")
    )
    assert a == b and set(a["pool"]) <= {"giant-ants", "mad-scientists", "vampires", "werewolves"}
    for args in (["draft"], ["collection", "list"], ["bases", "deck"], ["setup"]):
        text = cli(*args, "--help").output
        assert "--owner" in text and "--collection" not in text, args
