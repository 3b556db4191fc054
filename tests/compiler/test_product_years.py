"""Issue 20, item 3: promo, event-kit and single-faction products' years and contents against the sources.

The compiled product files (data/products/*.json) are compared with PinkePop's release dates and the
card archive's ``set`` of each base; a year no source file gives must say so in its evidence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"
SMALL = ("promo", "single-faction", "big-box")


def _products() -> dict[str, dict]:
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8"))
        for p in (DATA / "products").glob("*.json")
    }


def _curated() -> dict[str, dict]:
    return {
        p["id"]: p
        for p in json.loads((DATA / "curated" / "products.json").read_text(encoding="utf-8"))[
            "products"
        ]
    }


def test_small_products_have_pinkepops_year_where_it_lists_them(shared_data):
    sets = json.loads((shared_data / "pinkepop" / "sets.json").read_text(encoding="utf-8"))["sets"]
    curated = _curated()
    names = {}
    for pid, p in curated.items():
        for n in (p["en"], *p.get("aliases", ())):
            names[n.casefold().replace("smash up: ", "")] = pid
    compared = 0
    for s in sets:
        en = (s["name"].get("en") or "").casefold()
        pid = names.get(en) or names.get(en.replace("smash up: ", ""))
        date = (s.get("release_date") or {}).get("en")
        if not pid or not date or curated[pid]["kind"] not in SMALL:
            continue
        assert _products()[pid]["year"] == int(date[:4]), (pid, date)
        compared += 1
    assert (
        compared >= 5
    )  # All Stars, Penguins, Goblins, Knights of the Round Table, Teens, The Big Geeky Box


def test_small_products_hold_the_bases_the_card_archive_files_under_them(shared_data):
    archive = json.loads(
        (shared_data / "card-archive" / "smashup-bases.json").read_text(encoding="utf-8")
    )["bases"]
    products = _products()
    by_name = {p["name"].casefold(): pid for pid, p in products.items()}
    checked = 0
    for b in archive:
        pid = by_name.get(b["set"].casefold())
        if (
            pid is None or products[pid]["kind"] not in SMALL or b["name"] == "Base"
        ):  # "Base": a placeholder name
            continue
        assert b["name"] in [x["name"] for x in products[pid]["bases"]], (pid, b["name"])
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("pid, year", [("sheep", 2018), ("half-the-battle", 2025)])
def test_years_no_source_file_gives_say_so_and_cite_what_the_sources_show(pid, year):
    product, curated = _products()[pid], _curated()[pid]
    assert product["year"] == year
    evidence = curated["year_evidence"]
    assert "no file in shared/data gives the year" in evidence
    assert "kadsuno-factions/" in evidence and (
        "card-archive/" in evidence or "card archive" in evidence
    )


def test_the_sheep_promo_holds_the_faction_and_both_bases():
    sheep = _products()["sheep"]
    assert sheep["kind"] == "promo" and sheep["factions"] == ["sheep"]
    rows = json.loads((DATA / "printings.json").read_text(encoding="utf-8"))["printings"]
    promo = [
        r for r in rows if r["product"] == "sheep" and r["kind"] == "base"
    ]  # the promo's own printing rows
    assert sorted(r["name"] for r in promo) == ["Sheep Shrine", "The Pasture"]
    assert all(
        "zhuanggenhua/bases.tsv" in r["evidence"] and "kadsuno-factions/" in r["evidence"]
        for r in promo
    )
    assert "sheep" in _products()["10th-anniversary"]["factions"]


def test_the_bigger_geekier_box_has_its_sourced_year_and_place_in_the_release_order():
    """Issue 34: 2018 from two public sources; sorted after That '70s Expansion, before Oops."""
    products = _products()
    box = products["the-bigger-geekier-box"]
    assert box["year"] == 2018
    evidence = box["year_evidence"]  # the compiled file carries the evidence
    for source in ("chrisforrence/JustRandomSmashUp", "boardgamegumbo.wordpress.com/2018/12/31"):
        assert source in evidence, source
    for source in ("boardgamehalv.com", "omegakopec/smash-up-webapp"):  # the release order
        assert source in evidence, source
    sort = {pid: p["sort"] for pid, p in products.items()}
    assert (
        sort["sheep"]
        < sort["that-70s-expansion"]
        < sort["the-bigger-geekier-box"]
        < sort["oops-you-did-it-again"]
    )


def test_facts_still_unknown_list_the_sources_consulted():
    """Issue 34: the All Stars Event Kit's bases and the 10th Anniversary titans stay unknown, with
    every source consulted named (no source lists them)."""
    corrections = json.loads((DATA / "curated" / "corrections.json").read_text(encoding="utf-8"))
    reviewed = {c["about"]: c for c in corrections["corrections"] if c["kind"] == "reviewed"}
    kit = reviewed["bases of the All Stars Event Kit (product all-stars)"]
    titans = reviewed["titans sold in 10th Anniversary"]
    for entry in (kit, titans):
        assert "second search" in entry["reason"] and "consulted" in entry["evidence"]
        assert "chrisforrence/JustRandomSmashUp" in entry["evidence"]
    assert "base-smash-up-all-stars-1.webp" in kit["evidence"]
    assert "'New Titans'" in titans["evidence"]
    assert _products()["all-stars"]["bases"] == []
