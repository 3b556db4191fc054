"""Game-night output that explains itself: the draft lists bases and boxes once, counts read as words
("both bases of the box", "Madness: 30 cards"), and English names on a German sheet keep their '*'
with its legend, on the terminal and on the HTML set-up sheet."""

from __future__ import annotations

import pytest

from helpers import json_ok
from smashup_db.catalogue.view import Catalogue
from smashup_db.gamenight import setup_sheet


@pytest.fixture(scope="module")
def cats(catalogue_reader):
    return {lang: Catalogue(catalogue_reader, lang) for lang in ("en", "de")}


def test_the_draft_lists_each_base_and_box_once(cli, cats, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # no name wrapped inside its cell
    out = cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "1")
    assert out.exit_code == 0, out.output
    assert "Bases to lay out" not in out.stdout and "Boxes to pull" not in out.stdout
    assert "Bases in play" in out.stdout and "Take out, box by box" in out.stdout
    text = out.stdout
    laid = json_ok(cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--json"))
    names = [cats["en"].name("base", b, "en")[0] for b in laid["bases_in_play"]]
    assert len(names) == 4
    for name in names:  # the bases of seed 1, once each
        assert text.count(name) == 1, name
    setup = cli("setup", "--factions", "aliens,ninjas", "--players", "2", "--seed", "1")
    assert "Bases to lay out" in setup.stdout  # the set-up sheet alone still names them


@pytest.mark.parametrize(
    ("n", "en", "de"),
    [
        (1, "the one base of the box", "die eine Basis der Schachtel"),
        (2, "both bases of the box", "beide Basen der Schachtel"),
        (8, "all 8 bases of the box", "alle 8 Basen der Schachtel"),
    ],
)
def test_all_bases_of_a_box_read_as_words(n, en, de):
    assert setup_sheet.all_bases_words(n, "en") == en
    assert setup_sheet.all_bases_words(n, "de") == de


def test_special_decks_say_how_many_cards(cats):
    assert setup_sheet.deck_words("Wahnsinnskarte", 30, "de") == "Wahnsinnskarte: 30 Karten"
    assert setup_sheet.deck_words("Madness", 1, "en") == "Madness: 1 card"
    assert setup_sheet.deck_words("Madness", None, "en") == "Madness"


def test_the_german_draft_explains_its_star(cli, cats):
    out = cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--lang", "de")
    drafted = json_ok(cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--json"))
    english_only = [
        cats["de"].name("faction", f, "de")[0]
        for picks in drafted["players"].values()
        for f in picks
        if cats["de"].name("faction", f, "de")[1] != "de"
    ]
    assert english_only, "seed 1 drafts a faction without a German name"
    assert all(f"{name}*" in out.stdout for name in english_only), english_only
    assert "* kein deutscher Name bekannt, englischer Name gezeigt" in out.stdout


def test_the_html_setup_sheet_keeps_the_star_and_its_legend(cats):
    sheet = setup_sheet.build(cats["de"], ["sheep", "zombies"], 2, seed=1)
    de = setup_sheet.render_html(cats["de"], sheet)
    assert "Sheep*" in de and "Zombies*" not in de
    assert "* kein deutscher Name bekannt, englischer Name gezeigt" in de
    assert "beide Basen der Schachtel" in de  # the Sheep box has two bases
    en_sheet = setup_sheet.build(cats["en"], ["sheep", "zombies"], 2, seed=1)
    en = setup_sheet.render_html(cats["en"], en_sheet)
    assert "Sheep*" not in en and "English shown" not in en
