"""The set-up sheet ("Aufbau", issue 23) on the full catalogue: special decks from the catalogue's components,
box by box, printings owned, titans, the draft's sheet, the printable page, and the share link's QR code."""

from __future__ import annotations

import json
import re

import pytest

from helpers import REPO, json_ok, needs_chromium, one_line_error
from smashup_db.catalogue.view import Catalogue
from smashup_db.compiler.bootstrap import open_reader
from smashup_db.gamenight import setup_sheet

COMPONENTS = {
    c["id"]: c
    for c in json.loads((REPO / "data" / "components.json").read_text("utf-8"))["components"]
}


@pytest.fixture(scope="module")
def cat(catalogue_reader):
    return Catalogue(catalogue_reader, "en")


def _decks(sheet: dict) -> dict[str, dict]:
    return {d["id"]: d for d in sheet["decks"]}


def test_setup_json_lists_madness_with_its_count_when_a_cthulhu_faction_is_in(cli):
    sheet = json_ok(
        cli(
            "setup",
            "--factions",
            "aliens,ninjas,elder-things,innsmouth",
            "--players",
            "2",
            "--seed",
            "1",
            "--json",
        )
    )
    decks = _decks(sheet)
    assert set(decks) == {"madness"}
    assert decks["madness"]["kind"] == "madness"
    assert decks["madness"]["count"] == COMPONENTS["madness"]["count"] == 30
    assert decks["madness"]["box"]["id"] == "the-obligatory-cthulhu-set"
    cthulhu = next(b for b in sheet["boxes"] if b["product"]["id"] == "the-obligatory-cthulhu-set")
    assert cthulhu["decks"] == ["madness"] and cthulhu["factions"] == ["elder-things", "innsmouth"]
    assert sheet["vp_tokens"] == {"goal": 15} and sheet["titans"] is None


def test_setup_json_lists_no_special_deck_without_such_a_faction(cli):
    sheet = json_ok(
        cli("setup", "--factions", "aliens,ninjas,pirates,robots", "--players", "2", "--json")
    )
    assert sheet["decks"] == []
    assert all(b["decks"] == [] for b in sheet["boxes"])
    text = cli("setup", "--factions", "aliens,ninjas,pirates,robots", "--players", "2").output
    assert "Madness" not in text and "Monster" not in text and "Treasure" not in text


def test_setup_lists_munchkins_monster_and_treasure_decks_for_a_munchkin_faction(cli):
    sheet = json_ok(cli("setup", "--factions", "Clerics,Zombies", "--players", "2", "--json"))
    decks = _decks(sheet)
    assert set(decks) == {"munchkin-monsters", "munchkin-treasures"}
    assert decks["munchkin-monsters"]["count"] == COMPONENTS["munchkin-monsters"]["count"]
    assert decks["munchkin-treasures"]["count"] == COMPONENTS["munchkin-treasures"]["count"]
    assert {d["box"]["id"] for d in decks.values()} == {"smash-up-munchkin"}
    out = cli("setup", "--factions", "clerics,Zombies", "--players", "2", "--lang", "de").output
    assert "Monster: 20 Karten" in out and "Schätze: 22 Karten" in out and "Wahnsinn" not in out


@pytest.mark.parametrize("mode", ["set", "faction", "all"])
def test_every_base_of_the_deck_comes_from_exactly_one_box_that_holds_it(cat, mode):
    factions = ["aliens", "elder-things", "clerics", "penguins", "kree"]
    sheet = setup_sheet.build(cat, factions, 4, seed=3, base_mode=mode)
    listed = [b for box in sheet["boxes"] for b in box["bases"]]
    assert len(listed) == len(set(listed)) == sheet["bases"]["deck"]
    for box in sheet["boxes"]:
        pid = box["product"]["id"]
        for bid in box["bases"]:
            base = cat.model.bases[bid]
            assert pid in (base.product, *(r.product for r in base.printings))
        assert set(box["in_play"]) <= set(box["bases"])
        assert box["all_bases"] == (
            bool(box["bases"]) and set(cat.model.products[pid].bases) <= set(box["bases"])
        )
        for f in box["factions"]:
            assert pid in cat.model.factions[f].products
    assert len(sheet["bases"]["in_play"]) == 5
    assert [f["id"] for f in sheet["factions"]] == factions
    sorts = [cat.model.products[b["product"]["id"]].sort for b in sheet["boxes"]]
    assert sorts == sorted(sorts)


def test_titans_only_when_played_and_from_the_box_selling_them(cat):
    factions = [
        f
        for f in cat.model.factions
        if any(cat.model.cards[c].type == "titan" for c in cat.model.factions[f].cards)
    ][:3]
    assert len(factions) == 3
    assert setup_sheet.build(cat, factions, 2, seed=1)["titans"] is None
    sheet = setup_sheet.build(cat, factions, 2, seed=1, titans=True)
    want = [
        c
        for f in factions
        for c in cat.model.factions[f].cards
        if cat.model.cards[c].type == "titan"
    ]
    assert [t["id"] for t in sheet["titans"]] == want
    for t in sheet["titans"]:
        card = cat.model.cards[t["id"]]
        if card.product:
            assert t["box"]["id"] == card.product
    assert sorted(c for b in sheet["boxes"] for c in b["titans"]) == sorted(want)


def test_each_box_says_which_printing_the_group_owns(cli):
    assert (
        cli("collection", "add", "Der endgültige Cthulhu").exit_code == 0
    )  # German title: the German edition
    sheet = json_ok(
        cli("setup", "--factions", "elder-things,aliens", "--players", "2", "--owned", "--json")
    )
    printings = {b["product"]["id"]: b["printing"] for b in sheet["boxes"]}
    assert printings == {
        "core-set": "current",
        "the-obligatory-cthulhu-set": "german",
    }  # Aliens: not owned
    assert _decks(sheet)["madness"]["count"] == 30
    sheet = json_ok(cli("setup", "--factions", "elder-things,aliens", "--players", "2", "--json"))
    printings = {b["product"]["id"]: b["printing"] for b in sheet["boxes"]}
    assert printings == {"core-set": "current", "the-obligatory-cthulhu-set": "german"}
    text = cli(
        "setup", "--factions", "elder-things,aliens", "--players", "2", "--lang", "de"
    ).output
    assert "deutsche Auflage" in text and "aktuelle Auflage" in text


def test_draft_ends_with_the_sheet_and_its_json_holds_it(cli):
    res = json_ok(
        cli("draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "4", "--json", "--titans")
    )
    sheet = res[setup_sheet.KEY]
    assert [f["id"] for f in sheet["factions"]] == [p["faction"] for p in res["picks"]]
    assert {f["id"]: f["player"] for f in sheet["factions"]} == {
        p["faction"]: p["player"] for p in res["picks"]
    }
    assert sheet["seating"] == list(res["players"]) and sheet["players"] == 3
    assert [b["id"] for b in sheet["bases"]["in_play"]] == res["bases_in_play"]
    assert sheet["bases"]["deck"] == len(res["base_deck"]) and isinstance(sheet["titans"], list)
    out = cli("draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "4").output
    assert out.index("Take out, box by box") > out.index("Bases in play") and "VP tokens" in out


def test_bad_setup_input_is_one_line(cli):
    one_line_error(cli("setup", "--factions", "Alienz", "--players", "2"), "Alienz", "Aliens")
    one_line_error(cli("setup", "--factions", "aliens", "--players", "9"), "9")
    one_line_error(
        cli("setup", "--factions", "aliens", "--players", "2", "--format-out", "pdf"), "pdf"
    )
    one_line_error(cli("setup", "--factions", ",", "--players", "2"), "--factions")


def test_setup_page_escapes_every_name_and_is_translated(cat, tmp_path):
    sheet = setup_sheet.build(
        cat,
        ["elder-things", "clerics"],
        2,
        seed=2,
        holders={"<script>alert(1)</script>": ["elder-things"], "Ben & Co": ["clerics"]},
    )
    html = setup_sheet.render_html(cat, sheet)
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert (
        "Ben &amp; Co" in html and "Madness: 30 cards" in html and "Monster deck: 20 cards" in html
    )
    reader = open_reader(cat.r.url)
    try:
        de = setup_sheet.render_html(Catalogue(reader, "de"), sheet)
    finally:
        reader.close()
    assert (
        'lang="de"' in de
        and "Aufbau" in de
        and "Wahnsinnskarte: 30 Karten" in de
        and "Schätze: 22 Karten" in de
    )


@needs_chromium
@pytest.mark.parametrize("lang", ["en", "de"])
def test_setup_page_prints_on_one_a4_page(run, lang, browser):
    """Eight players, ten factions from many boxes, titans and all three special decks: one A4 page."""
    out = run.tmp / "aufbau.html"
    factions = (
        "aliens,elder-things,clerics,kree,penguins,mermaids,innsmouth,thieves,sheep,spider-verse"
    )
    res = run(
        "setup",
        "-f",
        factions,
        "-n",
        "8",
        "--titans",
        "--format-out",
        "html",
        "--out",
        out,
        "--lang",
        lang,
    )
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    page = browser.new_page()
    try:
        page.set_content(html)
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
    finally:
        page.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"the set-up page prints on {pages} A4 pages"


# ------------------------------------------------------------------ the share link as a QR code


def test_draft_qr_prints_the_share_link_and_its_qr_code(cli, monkeypatch):
    import segno

    from smashup_db.gamenight.share import qr_text

    monkeypatch.delenv("SMASHUP_SITE_URL", raising=False)
    res = cli(
        "draft",
        "-p",
        "Anna,Ben,Cleo",
        "--auto",
        "--seed",
        "7",
        "--ban",
        "aliens",
        "--base-mode",
        "faction",
        "--qr",
        "--site-url",
        "https://example.org/smashup",
    )
    assert res.exit_code == 0, res.output
    link = re.search(r"^Share link: (\S+)$", res.output, re.M).group(1)
    assert link == (
        "https://example.org/smashup/en/play/?players=Anna,Ben,Cleo&seed=7&auto=1&ban=aliens"
        "&base_mode=faction"
    )
    code = qr_text(link)
    assert code in res.output and set(code) <= set("█▀▄ \n")
    assert len(code.splitlines()) == (segno.make(link, error="m").symbol_size(border=2)[1] + 1) // 2
    js = json_ok(
        cli(
            "draft",
            "-p",
            "Anna,Ben,Cleo",
            "--auto",
            "--seed",
            "7",
            "--ban",
            "aliens",
            "--base-mode",
            "faction",
            "--qr",
            "--site-url",
            "https://example.org/smashup",
            "--json",
        )
    )
    assert js["share_link"] == link


def test_draft_qr_of_picks_made_and_the_site_address(cli, monkeypatch):
    monkeypatch.setenv("SMASHUP_SITE_URL", "https://example.org/")
    js = json_ok(
        cli(
            "draft",
            "-p",
            "Anna,Ben",
            "--seed",
            "3",
            "--pick",
            "Anna=1",
            "--auto",
            "--qr",
            "--json",
            "--lang",
            "de",
        )
    )
    # the typed pick and auto=1: replaying the random rest draws the same numbers again (issue 23)
    typed = js["picks"][0]["faction"]
    assert (
        js["share_link"]
        == f"https://example.org/de/play/?players=Anna,Ben&seed=3&picks={typed}&auto=1"
    )
    monkeypatch.delenv("SMASHUP_SITE_URL")
    one_line_error(
        cli("draft", "-p", "Anna,Ben", "--auto", "--qr"), "--site-url", "SMASHUP_SITE_URL"
    )
    one_line_error(
        cli("draft", "-p", "Anna,Ben", "--auto", "--qr", "--site-url", "javascript:alert(1)"),
        "--site-url",
    )


def test_share_page_replay_line_repeats_players_and_options(cli, tmp_path):
    out = tmp_path / "night.md"
    res = cli(
        "draft",
        "-p",
        "Anna,Ben,Cleo",
        "--auto",
        "--seed",
        "5",
        "--ban",
        "Zombies",
        "--format",
        "offer",
        "--base-mode",
        "faction",
        "--format-out",
        "markdown",
        "--out",
        str(out),
    )
    assert res.exit_code == 0, res.output
    line = next(x for x in out.read_text("utf-8").splitlines() if x.startswith("replay with"))
    assert line == (
        "replay with: `smashup draft --players Anna,Ben,Cleo --seed 5 --auto --ban zombies "
        "--format offer --offer 3 --base-mode faction`"
    )
    page = cli(
        "draft",
        "-p",
        "Anna <b>,Ben",
        "--seed",
        "6",
        "--pick",
        "Anna <b>=1",
        "--auto",
        "--format-out",
        "html",
    ).output
    replay = re.search(r"<code>(.*?)</code>", page).group(1)
    assert replay.startswith(
        "smashup draft --players &#39;Anna &lt;b&gt;,Ben&#39; --seed 6 --pick "
    )
    assert "<b>" not in page.split("<body>")[1]
