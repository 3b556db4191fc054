"""Printings (card x printing), titans, fusions, bases with their own scoring, unknown vs none.

Expectations are taken from the data (compiled files, the public sources, the
German rulebook) wherever the data can say them.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import DATA, REPO, db_execute, json_ok, make_db
from smashup_db.common.text import key
from smashup_db.compiler import settle
from smashup_db.compiler.difference import Difference, matches_kadsuno_entry
from smashup_db.compiler.sources import archive as archive_source
from smashup_db.compiler.sources import randomizer

PRINTINGS_FILE = json.loads((DATA / "printings.json").read_text(encoding="utf-8"))
DIFFERENCES = PRINTINGS_FILE["differences"]
CORRECTIONS = json.loads((DATA / "curated" / "corrections.json").read_text(encoding="utf-8"))[
    "corrections"
]
CURATED = json.loads((DATA / "curated" / "printings.json").read_text(encoding="utf-8"))
RULEBOOK_DE = REPO.parent / "shared" / "reference" / "000_b44679c6b4f9505b.txt"


def _products_in_order():
    return [
        json.loads(p.read_text())["id"]
        for p in sorted(
            (DATA / "products").glob("*.json"), key=lambda p: json.loads(p.read_text())["sort"]
        )
    ]


# ----------------------------------------------------------------------------- titans


def test_titans_belong_to_their_pack_or_a_box_with_titans_and_have_no_power(cli):
    order = _products_in_order()
    first_box = order.index(CURATED["titans"]["first_box"])
    titans = [
        c
        for f in sorted((DATA / "factions").glob("*.json"))
        for c in json.loads(f.read_text())["cards"]
        if c["type"] == "titan"
    ]
    assert len(titans) >= 30
    for t in titans:
        assert t["power"] is None, t
        assert (
            t["product"] == CURATED["titans"]["pack"] or order.index(t["product"]) >= first_box
        ), t
    kraken = json_ok(cli("card", "The Kraken", "--json"))
    assert [p["id"] for p in kraken["products"]] == [CURATED["titans"]["pack"]]
    assert "TITANS" in kraken["products"][0]["name"]
    assert kraken["power"] is None and kraken["power_status"] == "none"
    assert json_ok(cli("search", "t:titan pow>=1", "--json"))["results"] == []


def test_titans_the_kadsuno_files_put_in_the_titans_packs_are_there(shared_data, cli):
    kad = randomizer.read_original_decks(shared_data)
    in_pack = {k for k, v in kad.items() if v["titans_pack"]}
    assert in_pack, "the Kadsuno files name no TITANS pack any more"
    factions = {
        key(json.loads(f.read_text())["name"]): json.loads(f.read_text())
        for f in (DATA / "factions").glob("*.json")
    }
    checked = 0
    for k in in_pack:
        for c in factions.get(k, {}).get("cards", []):
            if c["type"] == "titan" and c["product"] != CURATED["titans"]["pack"]:
                # only a box with titans of its own may hold it instead
                assert _products_in_order().index(c["product"]) >= _products_in_order().index(
                    CURATED["titans"]["first_box"]
                )
            elif c["type"] == "titan":
                checked += 1
    assert checked >= 10


# ----------------------------------------------------------------------------- fusions, known errors


def test_fusions_are_the_cards_with_a_minion_and_an_action_ability(shared_data, cli):
    archive = json.loads(
        (shared_data / "card-archive" / "smashup-catalog.json").read_text(encoding="utf-8")
    )
    expected = {
        c["name"]
        for f in archive["factions"]
        for c in f["cards"]
        if archive_source.is_fusion(c.get("text"))
    }
    assert {"K.C. Smith", "Pixie", "Wolf Pact"} <= expected
    found = json_ok(cli("search", "t:fusion", "--json", "--limit", "0"))
    assert {r["name_en"] for r in found["results"]} == expected
    de = json_ok(cli("search", "t:fusion", "--json", "--lang", "de", "--limit", "0"))
    assert de["total"] == found["total"]
    gerald = json_ok(cli("faction", "G.I. Gerald", "--json"))
    assert (
        gerald["totals"]["fusions"]
        == sum(c["copies"] for c in gerald["cards"] if c["type"] == "fusion")
        > 0
    )
    assert all(c["power"] is not None for c in gerald["cards"] if c["type"] == "fusion")


def test_gelf_has_the_power_of_its_all_stars_twin(cli, shared_data):
    archive = json.loads(
        (shared_data / "card-archive" / "smashup-catalog.json").read_text(encoding="utf-8")
    )
    twin = [
        c["power"]
        for f in archive["factions"]
        if f["name"] == "Smash Up All Stars"
        for c in f["cards"]
        if c["name"] == "G.E.L.F."
    ]
    card = json_ok(cli("card", "gelf", "--json"))  # the Shapeshifters' one comes first
    assert card["faction"]["id"] == "shapeshifters"
    assert card["power"] == twin[0] == 4


def test_unknown_power_is_null_with_a_reason_and_shown_as_a_question_mark(cli, db_path):
    unknown = [
        c
        for f in sorted((DATA / "factions").glob("*.json"))
        for c in json.loads(f.read_text())["cards"]
        if c["type"] in ("minion", "fusion") and c["power"] is None
    ]
    assert all(c.get("note") for c in unknown)
    # the majority rule leaves none in the shipped data: one made unknown in the test database
    cli("stats")
    db_execute(db_path, "UPDATE card SET power = NULL, note = 'no source' WHERE id = 'black-sheep'")
    for c in [*unknown, {"id": "black-sheep"}]:
        item = json_ok(cli("card", c["id"], "--json"))
        assert item["power"] is None and item["power_status"] == "unknown" and item["power_reason"]
        assert "Power ?" in cli("card", c["id"]).output
    action = json_ok(cli("card", "Invasion", "--json"))
    assert (
        action["power"] is None
        and action["power_status"] == "none"
        and "power_reason" not in action
    )


# ----------------------------------------------------------------------------- base printings


def test_field_of_honor_original_and_current(cli, shared_data):
    bases = json.loads(
        (shared_data / "card-archive" / "smashup-bases.json").read_text(encoding="utf-8")
    )["bases"]
    current = next(b for b in bases if b["name"] == "Field of Honor")
    original = next(e for e in CURATED["bases"] if e["name"] == "Field of Honor")
    o = json_ok(cli("base", "Field of Honor", "--printing", "original", "--json"))
    c = json_ok(cli("base", "Field of Honor", "--printing", "current", "--json"))
    assert (
        (o["breakpoint"], o["vp"])
        == (18, [3, 2, 1])
        == (original["set"]["breakpoint"], original["set"]["vp"])
    )
    assert (c["breakpoint"], c["vp"]) == (16, [3, 1, 1]) == (current["breakpoint"], current["vp"])
    assert {(p["printing"], p["product"]["id"]) for p in o["printings"]} == {
        ("original", "awesome-level-9000"),
        ("current", "awesome-level-9000"),
    }


def test_old_name_finds_the_base_and_shows_both_printings(cli):
    item = json_ok(cli("base", "Miskatonic University", "--json"))
    assert item["id"] == "arkham-university"
    names = {p["printing"]: p["name"] for p in item["printings"]}
    assert names == {"original": "Miskatonic University", "current": "Arkham University"}
    assert "Miskatonic University" in cli("base", "Miskatonic University").output


def test_unicrave_scores_at_the_german_rulebook_breakpoint_and_is_replaced(cli):
    if not RULEBOOK_DE.is_file():
        pytest.skip("../shared/reference is not present")
    bp = int(
        re.search(
            r"Unicrave besitzt einen Zerstörungswert von (\d+)", RULEBOOK_DE.read_text()
        ).group(1)
    )
    res = json_ok(cli("score", "Unicrave", "A=20", "B=5", "--printing", "german", "--json"))
    assert res["breakpoint"] == bp == 20 and res["reached"] is True and res["scoring"] == "replaced"
    assert "replaced before scoring" in res["notice"]
    out = cli("score", "Unicrave", "A=20", "B=5", "--printing", "german").output
    assert "replaced before scoring" in out and "20" in out
    assert (
        json_ok(cli("score", "Unicrave", "A=20", "B=5", "--printing", "current", "--json"))[
            "breakpoint"
        ]
        == 19
    )


def test_vp_per_minion_is_applied_when_counts_are_given(cli):
    res = json_ok(
        cli("score", "Rhodes Plaza Mall", "A=20", "B=5", "--minions", "A=3,B=2", "--json")
    )
    assert res["rule_applied"] and {r["player"]: r["vp"] for r in res["results"]} == {
        "A": 3,
        "B": 2,
    }
    plain = json_ok(cli("score", "Rhodes Plaza Mall", "A=20", "B=5", "--json"))
    assert not plain["rule_applied"] and "--minions" in plain["notice"]
    bad = cli("score", "Unicrave", "A=1", "--printing", "first")
    assert bad.exit_code != 0 and "unknown printing" in bad.output


def test_every_scoring_flag_comes_from_the_base_text(shared_data):
    bases = json.loads(
        (shared_data / "card-archive" / "smashup-bases.json").read_text(encoding="utf-8")
    )["bases"]
    compiled = {
        b["name"]: b.get("scoring")
        for f in (DATA / "products").glob("*.json")
        for b in json.loads(f.read_text())["bases"]
    }
    flagged = {b["name"]: archive_source.scoring_flag(b.get("text"), b.get("vp")) for b in bases}
    for name, flag in flagged.items():
        if name in compiled:
            assert compiled[name] == flag, name
    assert flagged["Unicrave"] == "replaced" and flagged["Rhodes Plaza Mall"] == "per-minion"
    assert flagged["Factory 436-1337"] == "extra-vp"


# ----------------------------------------------------------------------------- collection and base deck


def test_german_title_records_the_german_edition_and_lookups_follow_it(cli):
    row = json_ok(cli("collection", "add", "Wahnsinnslevel 9000", "--json"))
    assert row["printing"] == "german"
    assert json_ok(cli("base", "Field of Honor", "--json"))["breakpoint"] == 18
    # the box owned decides before --printing (issue 20: owned, else --printing, else current) ...
    shown = json_ok(cli("base", "Field of Honor", "--printing", "current", "--json"))
    assert shown["breakpoint"] == 18
    # ... and every printing stays listed, the reprint's 16 among them
    assert 16 in {p.get("breakpoint") for p in shown["printings"]}
    assert json_ok(cli("collection", "add", "Core Set", "--json"))["printing"] is None
    assert (
        json_ok(
            cli("collection", "add", "Core Set", "--printing", "original", "--same-box", "--json")
        )["printing"]
        == "original"
    )
    assert json_ok(cli("base", "Temple of Goju", "--json"))["breakpoint"] == 18


def test_geek_edition_and_core_set_put_the_geeks_bases_into_the_set_matched_deck(cli):
    assert json_ok(cli("collection", "add", "Geek Edition", "--json"))["printing"] == "german"
    cli("collection", "add", "Core Set")
    geeks = json_ok(cli("faction", "Geeks", "--json"))
    core = json_ok(cli("bases", "--product", "Core Set", "--json"))
    res = json_ok(
        cli("bases", "deck", "-f", "geeks,aliens", "-n", "2", "--owned", "--seed", "1", "--json")
    )
    assert {b["id"] for b in geeks["bases"]} <= set(res["base_deck"])
    assert set(res["base_deck"]) == {b["id"] for b in geeks["bases"]} | {b["id"] for b in core}
    assert "the-big-geeky-box" in res["boxes"]


# ----------------------------------------------------------------------------- the property: nothing unresolved


def _in_printings_table(d) -> bool:
    """The original printing row of the card holds the original value, the current row the current one."""
    rows = {
        r["printing"]: r
        for r in PRINTINGS_FILE["printings"]
        if r["kind"] == d["kind"] and r["id"] == d["id"]
    }
    field = d["field"]
    same = (lambda a, b: key(a or "") == key(b or "")) if field == "name" else (lambda a, b: a == b)
    return (
        "original" in rows
        and "current" in rows
        and same(rows["original"][field], d["original"])
        and same(rows["current"][field], d["current"])
    )


def _has_correction(d) -> bool:
    if d.get("sources", "card-archive/kadsuno") != "card-archive/kadsuno":
        return any(
            c["kind"] == d["kind"]
            and c.get("reason")
            and d["field"] in c["set"]
            and key(c["match"].get("name", ""))
            in (key(d["name"] or ""), key(d["original_name"] or ""))
            for c in CORRECTIONS
        )
    return any(
        c["kind"] == "card"
        and c.get("reason")
        and key(c["match"].get("faction", "")) == key(d["faction"])
        and key(c["match"].get("name", "")) == key(d["name"] or "")
        and d["field"] in c["set"]
        for c in CORRECTIONS
    )


def _reviewed(d) -> bool:
    if d.get("sources", "card-archive/kadsuno") != "card-archive/kadsuno":
        # settled by a curated entry of that source or by one of the compiler's named rules
        return d["reason"] and (d.get("rule") in settle.RULES)
    return any(
        e["status"] == "reviewed"
        and e["reason"]
        and matches_kadsuno_entry(e, Difference.from_record(d))
        for e in CURATED["differences"]
    )


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(DIFFERENCES))
def test_every_difference_is_a_printing_a_correction_or_reviewed(d):
    status = d["status"]
    assert status in ("printing", "corrected", "reviewed"), d
    if status == "printing":
        assert d["id"] and _in_printings_table(d), d
    elif status == "corrected" and d["rule"] == "majority":
        # decided by the majority of the sources: the card's printing rows carry the value
        assert d["reason"].startswith(f"the majority decides {d['field']} "), d
        rows = [
            r for r in PRINTINGS_FILE["printings"] if r["kind"] == "card" and r["id"] == d["id"]
        ]
        assert rows and all(r[d["field"]] == d["original"] for r in rows), d
    elif status == "corrected":
        assert _has_correction(d), d
    else:
        assert _reviewed(d), d


def test_differences_are_what_the_sources_say(shared_data):
    """The committed differences are exactly those the sources give today (nothing dropped)."""
    archive = archive_source.read_card_archive(shared_data)
    kad = randomizer.read_original_decks(shared_data)
    factions = [
        {"en": f["name"], "id": f["id"]}
        for f in map(
            lambda p: json.loads(p.read_text()), sorted((DATA / "factions").glob("*.json"))
        )
    ]
    bases = [
        {"en": b["name"], "faction": b["faction"]}
        for p in sorted((DATA / "products").glob("*.json"))
        for b in json.loads(p.read_text())["bases"]
    ]
    found = randomizer.compare_cards(archive["factions"], kad)
    found += randomizer.compare_bases(factions, bases, kad)
    diffs = [d.as_record() for d in found]
    DIFFERENCES_K = [d for d in DIFFERENCES if d["sources"] == "card-archive/kadsuno"]
    assert any(d["kind"] == "base" for d in diffs) and any(d["kind"] == "card" for d in diffs)

    def strip(ds):
        return sorted(
            (d["faction"], d["name"] or "", d["original_name"] or "", d["field"]) for d in ds
        )

    assert strip(diffs) == strip(DIFFERENCES_K)
    assert len(DIFFERENCES) >= 40


def test_stats_count_printings_and_unresolved(cli):
    s = json_ok(cli("stats", "--json"))["printings"]
    rows = PRINTINGS_FILE["printings"]

    def multi(kind):  # how many cards (bases) have more than one printing
        printings = {}
        for x in rows:
            if x["kind"] == kind:
                printings.setdefault(x["id"], set()).add((x["product"], x["printing"]))
        return sum(len(p) > 1 for p in printings.values())

    assert s["cards"] == multi("card") > 0 and s["bases"] == multi("base") > 0
    assert s["differences"] == len(DIFFERENCES)
    assert s["rows"] == len(rows)  # every compiled printing is in the database's printing table
    assert s["unresolved"] == sum(d["status"] == "unresolved" for d in DIFFERENCES) == 0


def test_data_check_lists_an_unresolved_difference(tmp_path):
    import shutil

    from smashup_db.compiler.check import check_data

    shutil.copytree(DATA, tmp_path / "data")
    doc = json.loads((tmp_path / "data" / "printings.json").read_text())
    doc["differences"][0]["status"] = "unresolved"
    (tmp_path / "data" / "printings.json").write_text(json.dumps(doc))
    problems = [str(p) for p in check_data(tmp_path / "data")]
    assert any("unresolved" in p for p in problems)
    assert not [p for p in check_data(DATA)]


def test_site_shows_printings_titan_packs_and_unknown_power(db_path, tmp_path):
    from smashup_db.site import build_site

    make_db(db_path)
    # the majority rule leaves no minion of unknown power in the shipped data: one made unknown here
    db_execute(db_path, "UPDATE card SET power = NULL, note = 'no source' WHERE id = 'dartagnan'")
    build_site(tmp_path / "site", "en", "/", db_path, search=False)
    en = tmp_path / "site" / "en"
    arkham = (en / "bases" / "arkham-university" / "index.html").read_text(encoding="utf-8")
    assert "Printings" in arkham and "Miskatonic University" in arkham
    assert (
        "24 · 3/3/2" in arkham or "3/3/2" in arkham
    )  # the original VP, from zhuanggenhua classic and fabikw
    pack = (en / "products" / CURATED["titans"]["pack"] / "index.html").read_text(encoding="utf-8")
    assert "/en/cards/the-kraken/" in pack
    kraken = (en / "cards" / "the-kraken" / "index.html").read_text(encoding="utf-8")
    assert (
        f"/en/products/{CURATED['titans']['pack']}/" in kraken
        and "/en/products/core-set/" not in kraken
    )
    dartagnan = (en / "cards" / "dartagnan" / "index.html").read_text(encoding="utf-8")
    assert '<dt>Power</dt><dd><i class="unknown">' in dartagnan  # unknown power, shown as unknown
    gerald = (en / "factions" / "gi-gerald" / "index.html").read_text(encoding="utf-8")
    n = sum(
        c["copies"]
        for c in json.loads((DATA / "factions" / "gi-gerald.json").read_text())["cards"]
        if c["type"] == "fusion"
    )
    assert n == 17 and f"{n} fusions" in gerald


def test_german_editions_are_the_products_of_the_editions_file(cli, shared_data):
    import csv

    with (shared_data / "german" / "editions-de.tsv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    products = json_ok(cli("products", "--json"))
    german = {p["name_en"]: p["german_edition"]["title"] for p in products if p["german_edition"]}
    assert german == {r["english_product"]: r["german_title"] for r in rows}
    assert len(german) == 14


def test_a_renamed_card_keeps_its_identity_and_its_original_type(cli):
    renamed = [
        d
        for d in DIFFERENCES
        if d["kind"] == "card"
        and d["status"] == "printing"
        and d["field"] == "name"
        and d["sources"] == "card-archive/kadsuno"
    ]
    assert renamed
    for d in renamed:
        item = json_ok(cli("card", d["original_name"], "--json"))
        assert item["id"] == d["id"]
        orig = next(p for p in item["printings"] if p["printing"] == "original")
        assert orig["name"] == d["original_name"] and orig["type"] == d["original_card"]["type"]
        assert orig["copies"] == d["original_card"]["copies"]


def test_bases_deck_and_draft_take_the_printing(cli):
    res = json_ok(
        cli(
            "bases",
            "deck",
            "-f",
            "bear cavalry,ghosts",
            "-n",
            "3",
            "--base-mode",
            "faction",
            "--printing",
            "original",
            "--seed",
            "2",
            "--json",
        )
    )
    stats = {s["id"]: s for s in res["bases_in_play_stats"]}
    assert set(stats) == set(res["bases_in_play"]) and "field-of-honor" in stats
    assert (stats["field-of-honor"]["breakpoint"], stats["field-of-honor"]["vp"]) == (18, [3, 2, 1])
    cur = json_ok(
        cli(
            "bases",
            "deck",
            "-f",
            "bear cavalry,ghosts",
            "-n",
            "3",
            "--base-mode",
            "faction",
            "--printing",
            "current",
            "--seed",
            "2",
            "--json",
        )
    )
    assert {s["id"]: s["breakpoint"] for s in cur["bases_in_play_stats"]}["field-of-honor"] == 16
    draft = json_ok(
        cli("draft", "-p", "Anna,Ben", "--auto", "--seed", "4", "--printing", "german", "--json")
    )
    assert draft["printing"] == "german"
    assert [s["id"] for s in draft["bases_in_play_stats"]] == draft["bases_in_play"]
    bad = cli("bases", "deck", "-f", "ghosts,aliens", "-n", "2", "--printing", "reprint")
    assert bad.exit_code != 0 and "unknown printing" in bad.output


def test_printing_option_gives_each_printings_own_facts(cli):
    checked = 0
    for d in DIFFERENCES:
        if (
            d["kind"] != "card"
            or d["status"] != "printing"
            or d["field"] not in ("copies", "power")
        ):
            continue
        orig = json_ok(cli("card", d["id"], "--printing", "original", "--json"))
        cur = json_ok(cli("card", d["id"], "--printing", "current", "--json"))
        german = json_ok(cli("card", d["id"], "--printing", "german", "--json"))
        assert orig[d["field"]] == d["original"] and cur[d["field"]] == d["current"], d
        assert german[d["field"]] == d["original"] and german["facts_from"] == "original"
        checked += 1
    assert checked >= 10
    # an owned original box changes the faction list too
    soldier = next(d for d in DIFFERENCES if d["field"] == "power" and d["status"] == "printing")
    fac = json_ok(cli("card", soldier["id"], "--json"))["faction"]["id"]
    product = json_ok(cli("card", soldier["id"], "--json"))["products"][0]["id"]
    cli("collection", "add", product, "--printing", "original")
    row = next(
        c for c in json_ok(cli("faction", fac, "--json"))["cards"] if c["id"] == soldier["id"]
    )
    assert row["power"] == soldier["original"]
