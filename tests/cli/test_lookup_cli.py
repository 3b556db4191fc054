"""Look-up commands on the full built-in catalogue, as a user runs them."""

from __future__ import annotations

import json

from helpers import DATA, db_execute, db_rows, json_ok


def test_factions_lists_all_106_with_products_and_german_names(cli):
    rows = json_ok(cli("factions", "--json"))
    assert len(rows) == 106
    assert all(r["products"] for r in rows)
    by_id = {r["id"]: r for r in rows}
    de = json_ok(cli("factions", "--json", "--lang", "de"))
    de_by_id = {r["id"]: r for r in de}
    assert (
        de_by_id["changerbots"]["name"] == "Wechslerbots"
        and de_by_id["changerbots"]["name_lang"] == "de"
    )
    assert by_id["changerbots"]["name"] == "Changerbots"
    # no German name known: English shown and flagged
    assert (
        de_by_id["giant-ants"]["name"] == "Giant Ants"
        and de_by_id["giant-ants"]["name_lang"] == "en"
    )
    table = cli("factions", "--lang", "de")
    assert "Wechslerbots" in table.output and "Fraktionen (106)" in table.output


def test_stats_json(cli):
    s = json_ok(cli("stats", "--json"))
    catalogue = json.loads((DATA / "catalogue.json").read_text())
    assert s["factions"] == 106 and s["products"] >= 27 and s["bases"] >= 181
    assert s["cards"] == catalogue["counts"]["cards"]
    for key in ("products", "factions", "cards", "bases"):
        assert s["names"]["de"][key] > 0
    assert set(s["text"]) >= {"en", "de"}
    high = [
        line.split("\t")
        for line in (DATA / "i18n" / "de.tsv").read_text(encoding="utf-8").splitlines()[1:]
    ]
    assert s["names"]["de"]["cards"] == len({r[1] for r in high if r[0] == "card"})


def test_every_faction_deck_adds_up_to_20_in_the_database(cli, db_path):
    cli("stats")
    sums = db_rows(
        db_path,
        "SELECT faction_id, SUM(copies) FROM card WHERE type != 'titan' GROUP BY faction_id",
    )
    assert len(sums) == 106 and {s for _, s in sums} == {20}


def test_card_by_german_and_english_name_is_the_same(cli):
    de = json_ok(cli("card", "Cäsiumrüstung", "--json"))
    en = json_ok(cli("card", "cesium armor", "--json"))
    assert de["id"] == en["id"] == "cesium-armor"
    assert de["faction"]["id"] == "changerbots"
    folded = json_ok(cli("card", "CASIUMRUSTUNG", "--json"))
    assert folded["id"] == "cesium-armor"


def test_faction_by_german_name(cli):
    result = cli("faction", "Wechslerbots")
    assert result.exit_code == 0
    assert "Changerbots" in result.output and "Leader Two" in result.output
    f = json_ok(cli("faction", "Wechslerbots", "--json"))
    assert f["id"] == "changerbots" and f["totals"]["cards"] == 20
    assert {b["id"] for b in f["bases"]} == {"changing-room", "unicrave"}


def test_unknown_card_suggests_and_fails(cli):
    result = cli("card", "Lazer Sword")
    assert result.exit_code != 0
    assert "did you mean" in result.output and "Laser Sword" in result.output
    assert "Traceback" not in result.output


def test_base_and_bases(cli):
    b = json_ok(cli("base", "USS Unternehmung", "--json"))
    assert b["id"] == "uss-undertaking" and b["breakpoint"] and len(b["vp"]) == 3
    marvel = json_ok(cli("bases", "--product", "Smash Up: Marvel", "--json"))
    assert len(marvel) == 16 and all(not x["stats_known"] for x in marvel)
    geister = json_ok(cli("bases", "--faction", "Geister", "--json"))
    assert geister and all(x["faction"]["id"] == "ghosts" for x in geister)
    bad = cli("bases", "--product", "Core Sett")
    assert bad.exit_code == 1 and "Core Set" in bad.output


def test_products_with_german_names(cli):
    rows = json_ok(cli("products", "--json", "--lang", "de"))
    names = {r["id"]: r["name"] for r in rows}
    assert names["cease-and-desist"] == "Vergessene Helden" and len(rows) >= 27


def test_unknown_language_is_one_line(cli):
    result = cli("card", "Laser Sword", "--lang", "fr")
    assert result.exit_code == 1 and "unknown language" in result.output


def test_db_build_keeps_user_tables(cli, db_path):
    cli("stats")
    db_execute(
        db_path, "INSERT INTO collection (owner, product_id, copies) VALUES ('me', 'core-set', 2)"
    )
    db_execute(
        db_path,
        "INSERT INTO entity_text (kind, ref, lang, text, source)"
        " VALUES ('card', 'laser-sword', 'de', 'x', 't')",
    )
    result = cli("db", "build")
    assert result.exit_code == 0, result.output
    assert db_rows(db_path, "SELECT copies FROM collection") == [(2,)]
    assert db_rows(db_path, "SELECT COUNT(*) FROM entity_text")[0] == (1,)
    assert db_rows(db_path, "SELECT COUNT(*) FROM card")[0][0] > 1000


def test_unreachable_database_is_one_line(cli, monkeypatch):
    monkeypatch.setenv("SMASHUP_DB", "/proc/no-such-dir/x.db")
    result = cli("stats")
    assert result.exit_code == 1
    assert result.output.startswith("error:") and "Traceback" not in result.output
