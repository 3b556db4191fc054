"""Issue 20's acceptance list, through the CLI on the full catalogue (both backends)."""

from __future__ import annotations

import json


def _json(res):
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def test_saucy_wench_and_weed_eater_originals(cli):
    item = _json(cli("card", "Saucy Wench", "--json"))
    assert item["id"] == "cut-lass" and item["faction"]["id"] == "pirates"
    assert item["matched"]["how"] == "alias"
    rows = {p["printing"]: p for p in item["printings"]}
    assert (rows["original"]["name"], rows["original"]["copies"], rows["original"]["power"]) == (
        "Saucy Wench",
        3,
        3,
    )
    assert rows["current"]["name"] == "Cut Lass" and all(p["evidence"] for p in item["printings"])
    assert _json(cli("card", "Weed Eater", "--printing", "original", "--json"))["power"] == 5


def test_only_the_german_awesome_level_9000_owned_every_view_says_18_3_2_1(cli):
    cli("collection", "add", "Wahnsinnslevel 9000")
    fac = _json(cli("faction", "Bärenreiter", "--json"))
    views = [
        next(b for b in fac["bases"] if b["id"] == "field-of-honor"),
        _json(cli("base", "Field of Honor", "--json")),
        next(
            b
            for b in _json(cli("bases", "--product", "Wahnsinnslevel 9000", "--json"))
            if b["id"] == "field-of-honor"
        ),
    ]
    for v in views:
        assert (v["breakpoint"], v["vp"]) == (18, [3, 2, 1]), v
    out = cli(
        "bases",
        "deck",
        "--factions",
        "bear-cavalry,ninjas",
        "--players",
        "2",
        "--base-mode",
        "faction",
        "--seed",
        "3",
        "--json",
    )
    deck = _json(out)
    stats = {b["id"]: b for b in deck["bases_in_play_stats"]}
    if "field-of-honor" in stats:
        assert (stats["field-of-honor"]["breakpoint"], stats["field-of-honor"]["vp"]) == (
            18,
            [3, 2, 1],
        )
    rows = [b for b in deck["bases_in_play_stats"] if b["id"] in ("field-of-honor", "tsars-palace")]
    assert all(b["printing"] == "german" for b in rows)


def test_sheep_promo_and_half_the_battle_years(cli):
    pasture = _json(cli("base", "The Pasture", "--json"))
    assert "sheep" in [p["id"] for p in pasture["products"]]
    years = {p["id"]: p["year"] for p in _json(cli("products", "--json"))}
    assert years["sheep"] == 2018 and years["half-the-battle"] == 2025


def test_madness_is_the_madness_card_and_aliases_find_their_factions(cli):
    mad = _json(cli("card", "Madness", "--json"))
    assert (mad["id"], mad["kind"], mad["count"]) == ("madness", "madness", 30)
    assert [p["id"] for p in mad["products"]] == ["the-obligatory-cthulhu-set"]
    assert _json(cli("faction", "Cthulhu Cultists", "--json"))["id"] == "minions-of-cthulhu"
    assert _json(cli("faction", "Tornadoes", "--json"))["id"] == "tornados"
    found = _json(cli("search", "Reiter", "--lang", "de", "--json"))
    assert {r["faction"]["id"] for r in found["results"] if r["faction"]} == {"bear-cavalry"}
    # an inexact look-up says which name it matched
    res = cli("card", "Madness Unl")
    assert res.exit_code == 0 and "Madness Unleashed" in res.output.splitlines()[0]


def test_stats_count_printings_per_source_and_product(cli):
    pr = _json(cli("stats", "--json"))["printings"]
    assert pr["unresolved"] == 0
    assert set(pr["by_source"]) == {
        "card-archive/kadsuno",
        "card-archive/zhuanggenhua-classic",
        "card-archive/zhuanggenhua-pod",
        "card-archive/fabikw",
    }
    assert pr["by_product"]["core-set"]["original"] >= 5
