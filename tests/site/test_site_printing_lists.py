"""The site's views of a faction in a printing list that printing's cards (Disenchant, not Pixie, in
the original Tricksters; Saucy Wench, not Cut Lass, in the original Pirates): the German site (the
German edition follows the original printing), a site built for a collection owning the original Core
Set, and its downloads."""

from __future__ import annotations

import csv
import json
import re

import pytest


def _deck(site, lang: str, fid: str) -> str:
    page = (site.folder / lang / "factions" / fid / "index.html").read_text(encoding="utf-8")
    return page.split('<ul class="tiles deck"', 1)[1].split("</ul>", 1)[0]


def _names(table: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", a) for a in re.findall(r"<a [^>]*>(.*?)</a>", table)]


def test_english_site_lists_the_current_cards(catalogue_site):
    tricksters = _names(_deck(catalogue_site, "en", "tricksters"))
    assert "Pixie" in tricksters and "Disenchant" not in tricksters
    assert "Cut Lass" in _names(_deck(catalogue_site, "en", "pirates"))


def test_german_site_lists_the_original_cards(catalogue_site):
    deck = _deck(catalogue_site, "de", "tricksters")
    assert "Disenchant" in _names(deck) and "Pixie" not in _names(deck)
    assert "/de/cards/pixie/" in deck  # the card's page is still Pixie's, with every printing
    assert "Saucy Wench" in _names(_deck(catalogue_site, "de", "pirates"))
    index = catalogue_site.folder / "assets" / "search-de.json"  # the search page's index
    doc = json.loads(index.read_text(encoding="utf-8"))
    at = [i for i, item in enumerate(doc["items"]) if item[0] == "card:pixie"]
    assert at and doc["show"][at[0]][0] == "Disenchant" and doc["items"][at[0]][1] == "action"


@pytest.fixture(scope="module")
def owned_original(site_build, smashup_cli):
    def prepare(db):
        res = smashup_cli("collection", "add", "core-set", "--printing", "original", "--db", db)
        assert res.exit_code == 0, res.output

    return site_build("owned-original-core", langs="en", prepare=prepare)


def test_owned_original_core_set_lists_its_cards_in_pages_and_downloads(owned_original):
    tricksters = _names(_deck(owned_original, "en", "tricksters"))
    assert "Disenchant" in tricksters and "Pixie" not in tricksters
    assert "Saucy Wench" in _names(_deck(owned_original, "en", "pirates"))
    found = list((owned_original.folder / "en").rglob("cards*.csv")) or list(
        owned_original.folder.rglob("cards*.csv")
    )
    assert found, "no cards download"
    with found[0].open(encoding="utf-8", newline="") as fh:
        rows = {r["id"]: r for r in csv.DictReader(fh)}
    assert rows["pixie"]["name_en"] == "Disenchant" and rows["pixie"]["type"] == "action"
    assert rows["cut-lass"]["name_en"] == "Saucy Wench"
