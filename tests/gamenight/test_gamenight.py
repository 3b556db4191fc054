"""Game night on the full catalogue: draft, base deck, collection, score (CLI and library)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import json_ok
from smashup_db.catalogue.view import Catalogue
from smashup_db.gamenight.session import finish, links, setup

KEYS = {
    "seed",
    "pool",
    "start_player",
    "picks",
    "players",
    "base_mode",
    "base_deck",
    "bases_in_play",
    "boxes",
}


@pytest.fixture(scope="module")
def cat(catalogue_reader):
    return Catalogue(catalogue_reader, "en")


def test_auto_draft_json_shape_and_replay(cli):
    a = json_ok(cli("draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--json"))
    assert KEYS <= set(a)
    assert a["seed"] == 1 and len(a["pool"]) == 8 and a["start_player"] in ("Anna", "Ben", "Cleo")
    assert [p["player"] for p in a["picks"]][:3] == [p["player"] for p in a["picks"]][3:][::-1]
    assert a["picks"][0]["player"] == a["start_player"]
    assert {len(v) for v in a["players"].values()} == {2}
    assert len(a["bases_in_play"]) == 4 and set(a["bases_in_play"]) <= set(a["base_deck"])
    b = json_ok(cli("draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--json"))
    assert a == b


def test_readable_result_for_a_new_user(cli):
    result = cli("draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "1")
    assert result.exit_code == 0, result.output
    for word in ("Anna", "Ben", "Cleo", "Bases in play", "Take out, box by box", "--seed 1"):
        assert word in result.output


def test_scripted_picks_in_order(cli):
    first = json_ok(
        cli("draft", "-p", "Anna,Ben", "--seed", "5", "--start", "Anna", "--auto", "--json")
    )
    pool = first["pool"]
    picks = [
        "--pick",
        f"Anna={pool[0]}",
        "--pick",
        f"Ben={pool[1]}",
        "--pick",
        f"Ben={pool[2]}",
        "--pick",
        f"Anna={pool[3]}",
    ]
    res = json_ok(
        cli("draft", "-p", "Anna,Ben", "--seed", "5", "--start", "Anna", *picks, "--json")
    )
    assert res["players"] == {"Anna": [pool[0], pool[3]], "Ben": [pool[1], pool[2]]}
    wrong = cli(
        "draft", "-p", "Anna,Ben", "--seed", "5", "--start", "Anna", "--pick", f"Ben={pool[0]}"
    )
    assert wrong.exit_code == 1 and "Anna's turn" in wrong.output


def test_no_terminal_and_no_picks_is_a_clear_error(cli):
    result = cli("draft", "--players", "Anna,Ben")
    assert result.exit_code == 1 and "--auto" in result.output and "Traceback" not in result.output


def test_bad_player_counts(cli):
    one = cli("draft", "-p", "Anna", "--auto")
    assert one.exit_code == 1 and "2 to 8" in one.output
    nine = cli("draft", "-p", ",".join(f"P{i}" for i in range(9)), "--auto")
    assert nine.exit_code == 1 and "2 to 8" in nine.output


def test_interactive_draft_numbers_german_name_typo_and_undo(cli, cat):
    base = json_ok(
        cli("draft", "-p", "Anna,Ben", "--seed", "11", "--start", "Anna", "--auto", "--json")
    )
    pool = base["pool"]
    german = {f: cat.name("faction", f, "de") for f in pool}
    with_de = [
        f
        for f in pool[1:]  # not the first: Anna takes number 1
        if german[f][1] == "de" and german[f][0].lower() != cat.name("faction", f, "en")[0].lower()
    ]
    # pick a faction by German name when the pool has one, else by English name
    target = (with_de or pool[2:])[0]
    typed_name = german[target][0] if with_de else cat.name("faction", target, "en")[0]
    other = next(f for f in pool if f not in (pool[0], target))
    typo = cat.name("faction", other, "en")[0]
    typo = typo[:-1] + ("x" if typo[-1] != "x" else "y")  # one wrong letter
    remaining = [f for f in pool if f not in (pool[0], target, other)]
    answers = [
        "1",  # Anna: number 1
        typed_name,  # Ben: German (or English) name
        "u",  # undo Ben's pick
        typed_name,  # Ben again
        typo,  # Ben's second pick, with a typo
        str(pool.index(remaining[0]) + 1),
    ]  # Anna: number
    result = cli(
        "draft",
        "-p",
        "Anna,Ben",
        "--seed",
        "11",
        "--start",
        "Anna",
        "--interactive",
        "--json",
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout[result.stdout.index("{\n") :]
    res = json.loads(out)
    assert res["players"]["Anna"] == [pool[0], remaining[0]]
    assert res["players"]["Ben"] == [target, other]
    assert "undone" in result.stdout


def test_interactive_refuses_a_taken_faction_and_keeps_asking(cli):
    result = cli(
        "draft",
        "-p",
        "Anna,Ben",
        "--seed",
        "2",
        "--start",
        "Anna",
        "-i",
        "--json",
        input="1\n1\n2\n3\n4\n",
    )
    assert result.exit_code == 0, result.output
    assert "taken by Anna" in result.stdout
    res = json.loads(result.stdout[result.stdout.index("{\n") :])
    assert res["players"]["Ben"] == [res["pool"][1], res["pool"][2]]


def test_collection_restricts_pool_and_survives_rebuild(cli, db_path):
    assert cli("collection", "add", "Core Set").exit_code == 0
    assert cli("collection", "add", "Vergessene Helden", "--owner", "Ben").exit_code == 0
    res = json_ok(cli("draft", "-p", "Anna,Ben", "--owned", "--auto", "--seed", "4", "--json"))
    core_and_cd = {
        "aliens",
        "dinosaurs",
        "ninjas",
        "pirates",
        "robots",
        "tricksters",
        "wizards",
        "zombies",
        "astroknights",
        "changerbots",
        "ignobles",
        "star-roamers",
    }
    assert set(res["pool"]) <= core_and_cd
    assert set(res["boxes"]) <= {"core-set", "cease-and-desist"}
    only_ben = cli("draft", "-p", "Anna,Ben,Cleo", "--collection", "Ben", "--auto")
    assert only_ben.exit_code == 1 and "only 4 factions" in only_ben.output
    assert cli("db", "build").exit_code == 0
    rows = json_ok(cli("collection", "list", "--json"))
    assert {(r["owner"], r["product"]["id"], r["copies"]) for r in rows} == {
        ("me", "core-set", 1),
        ("Ben", "cease-and-desist", 1),
    }
    bad = cli("collection", "add", "Core Sett")
    assert bad.exit_code == 1 and "Core Set" in bad.output
    assert cli("collection", "remove", "Core Set").exit_code == 0
    assert len(json_ok(cli("collection", "list", "--json"))) == 1


def test_bases_deck_rulebook_example(cli):
    res = json_ok(
        cli(
            "bases",
            "deck",
            "--factions",
            "Steampunks,Wechslerbots,Zombies,Astroritter",
            "--players",
            "2",
            "--seed",
            "3",
            "--json",
        )
    )
    assert res["boxes"] == ["core-set", "awesome-level-9000", "cease-and-desist"]
    assert len(res["base_deck"]) == 16 + 8 + 8 and len(res["bases_in_play"]) == 3


def test_score_cli_rulebook_tie_examples(cli):
    r = json_ok(cli("score", "USS Undertaking", "Anna=10", "Ben=10", "Cleo=5", "--json"))
    vp = r["vp"]
    got = {x["player"]: (x["place"], x["vp"]) for x in r["results"]}
    assert got == {"Anna": (1, vp[0]), "Ben": (1, vp[0]), "Cleo": (3, vp[2])}
    r = json_ok(cli("score", "USS Undertaking", "Anna=12", "Ben=8", "Cleo=8", "Dan=3", "--json"))
    got = {x["player"]: (x["place"], x["vp"]) for x in r["results"]}
    assert got["Ben"] == (2, vp[1]) and got["Cleo"] == (2, vp[1]) and got["Dan"] == (4, 0)
    r = json_ok(cli("score", "USS Undertaking", "Anna=5", "Ben=0", "--json"))
    assert {x["player"]: x["vp"] for x in r["results"]}["Ben"] == 0
    r = json_ok(cli("score", "USS Undertaking", "Anna=5", "Ben=0", "--minion", "Ben", "--json"))
    assert {x["player"]: x["place"] for x in r["results"]}["Ben"] == 2
    unknown = cli("score", "Avengers Tower", "Anna=3")
    assert unknown.exit_code == 1 and "--vp" in unknown.output
    assert (
        json_ok(cli("score", "Avengers Tower", "Anna=3", "--vp", "4,2,1", "--json"))["results"][0][
            "vp"
        ]
        == 4
    )


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    n=st.integers(2, 8),
    extra=st.integers(0, 6),
    seed=st.integers(0, 10**6),
    mode=st.sampled_from(["set", "faction", "all"]),
    owned=st.none()
    | st.dictionaries(
        st.sampled_from(
            [
                "core-set",
                "awesome-level-9000",
                "the-obligatory-cthulhu-set",
                "cease-and-desist",
                "smash-up-munchkin",
                "its-your-fault",
                "10th-anniversary",
                "smash-up-marvel",
            ]
        ),
        st.integers(1, 2),
        min_size=4,
    ),
)
def test_draft_properties_on_the_full_catalogue(cat, n, extra, seed, mode, owned):

    from smashup_db.errors import UserError
    from smashup_db.rules import draft as d

    players = [f"P{i}" for i in range(n)]
    lk = links(cat)
    if owned is not None:
        cat.r._conn.execute("DELETE FROM collection")
        cat.r._conn.executemany(
            "INSERT INTO collection (owner, product_id, copies) VALUES ('t', ?, ?)", owned.items()
        )
        cat.r._conn.commit()
    pool_size = max(8, 2 * n) + extra

    def run():
        session = setup(
            cat, players, seed=seed, pool_size=pool_size, use_collection=owned is not None
        )
        state, rng = session.state, session.rng
        while not state.done:
            state.auto_pick(rng)
        return finish(cat, session, mode)

    try:
        res = run()
    except UserError as exc:
        # only legitimate refusals: too few owned factions, or too few bases for the table
        assert "factions available" in str(exc) or "base deck has" in str(exc), str(exc)
        return
    order = d.snake_order(list(res["players"]))
    assert [p["player"] for p in res["picks"]] == order
    copies = {}
    if owned is not None:
        for f, prods in lk.faction_products.items():
            copies[f] = sum(owned.get(p, 0) for p in prods)
    for facs in res["players"].values():
        assert len(facs) == 2 and facs[0] != facs[1]
    held = [p["faction"] for p in res["picks"]]
    for f in set(held):
        assert f in res["pool"]
        if held.count(f) > 1:
            assert copies.get(f, 1) >= held.count(f)
    assert len(res["bases_in_play"]) == n + 1 == len(set(res["bases_in_play"]))
    assert set(res["bases_in_play"]) <= set(res["base_deck"])
    base_products: dict[
        str, set
    ] = {}  # a base printed in several boxes (Geeks: 2014 and 2015) is in each
    for p, bs in lk.product_bases.items():
        for b in bs:
            base_products.setdefault(b, set()).add(p)
    if mode == "set":
        sources = set(res["sources"].values())
        assert all(base_products[b] & sources for b in res["base_deck"])
        assert {b for p in sources for b in lk.product_bases[p]} == set(res["base_deck"])
        for f, p in res["sources"].items():
            assert p in lk.faction_products[f]
    assert res == run()  # same seed -> identical result
