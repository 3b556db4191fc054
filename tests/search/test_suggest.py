"""'Did you mean' for a search that finds nothing (issue 22): the rule of smashup_db/search/suggest.py,
on the full catalogue's names, in `smashup search` (text and --json, both languages).

The browser runs the same rule (templates/site/search.js); tests/site/test_site_phone.py compares both.
"""

from __future__ import annotations

import json

import pytest

from smashup_db.catalogue.view import Catalogue
from smashup_db.search.parser import parse
from smashup_db.search.suggest import did_you_mean, query_words, score, suggestion_names


@pytest.fixture(scope="module")
def names(catalogue_reader):
    return suggestion_names(Catalogue(catalogue_reader).model)


def test_names_cover_both_languages_and_every_kind_once(names):
    assert len(names) == len(set(names))
    for name in (
        "Shoggoth",
        "Cesium Armor",
        "Cäsiumrüstung",
        "Ninjas",
        "Core Set",
        "The Homeworld",
    ):
        assert name in names, name


@pytest.mark.parametrize(
    "typed, wanted",
    [
        ("Shogoth", "Shoggoth"),
        ("Cäsiumrüstng", "Cäsiumrüstung"),
        ("casium rustung", "Cäsiumrüstung"),
        ("Cesium Armr", "Cesium Armor"),
        ("ninjs", "Ninjas"),
        ("name:shogoth", "Shoggoth"),
    ],
)
def test_a_typo_is_answered_with_the_name(names, typed, wanted):
    got = did_you_mean(query_words(parse(typed)), names)
    assert got and got[0] == wanted, got
    assert len(got) <= 3


def test_no_words_no_suggestion_and_far_words_none(names):
    for query in ("t:minion pow>9", "-shogoth", "o:shogoth", "xqzvwk"):
        assert did_you_mean(query_words(parse(query)), names) == [], query
    assert score("ninja", "ninja master") == 100  # a run of the name's words counts
    assert score("shogoth", "shoggoth") == pytest.approx(2 * 7 / 15 * 100)


def test_cli_offers_the_name_in_both_languages(cli):
    res = cli("search", "Shogoth")
    assert res.exit_code == 0, res.output
    assert "no matches" in res.stdout and "Did you mean: Shoggoth?" in res.stdout
    res = cli("search", "Shogoth", "--lang", "de")
    assert "keine Treffer" in res.stdout and "Meintest du: Shoggoth?" in res.stdout
    res = cli("search", "Cäsiumrüstng", "--lang", "de", "--json")
    found = json.loads(res.stdout)
    assert found["total"] == 0 and found["did_you_mean"][0] == "Cäsiumrüstung"
    found = json.loads(cli("search", "Shoggoth", "--json").stdout)
    assert found["total"] > 0 and found["did_you_mean"] == []
