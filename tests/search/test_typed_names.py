"""Names typed with other spaces, hyphens or "ae/oe/ue" spellings find the right faction or card in
both search engines: ``smashup search`` (FTS5 and LIKE) and the site's ``assets/query.js`` (in Node),
through the one folding rule (``name_key`` / ``assets/fold.js``)."""

from __future__ import annotations

import shutil

import pytest

from helpers import TYPED, node_ids
from smashup_db.catalogue.view import Catalogue
from smashup_db.compiler.bootstrap import open_reader
from smashup_db.search import QueryError, Searcher

NODE = shutil.which("node") or shutil.which("nodejs")

#: Further queries whose answers the two engines must agree on (mixed terms, short keys, quotes).
MORE = [
    "Astro Knights t:minion",
    "Kungfu -Kämpfer",
    "name:Wechsler-Bots",
    '"Wechsler Bots"',
    "ae",
    "Grundspiel",
    "Caesium OR Kungfu",
    "f:Wechsler-Bots",
    'f:"Astro Knights" t:minion',
    "f:schmusekaetzchen",
    "f:Kungfu-Kampfer",
    "s:Grundspiel",
    "s:wahnsinns-level",
    "f:wechslerbotz",
]


@pytest.fixture(scope="module")
def reader(catalogue_reader):
    return catalogue_reader


def _keys(reader, query, lang, use_fts=None, printing=None):
    """The keys ``smashup search`` finds, or None when it refuses the query."""
    try:
        return Searcher(Catalogue(reader, lang), use_fts=use_fts, printing=printing).keys(query)
    except QueryError:
        return None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_spelling_finds_its_faction_or_card(reader, lang):
    cat = Catalogue(reader, lang)
    for typed, (kind, ref) in TYPED.items():
        for use_fts in (None, False):
            keys = _keys(reader, typed, lang, use_fts)
            assert keys, (typed, lang)
            if kind == "card":
                assert keys[0] == f"card:{ref}", (typed, keys[:3])
            else:
                factions = {
                    (cat.model.cards[k[5:]].faction if k.startswith("card:") else None)
                    for k in keys
                    if k.startswith("card:")
                }
                assert factions == {ref}, (typed, sorted(factions))
                assert len(keys) >= 10
    # the plain words still mean what they meant: an unknown name finds nothing and is suggested
    assert _keys(reader, "Wechslerbotz", lang) == []
    assert "Wechslerbots" in Searcher(cat).search("Wechslerbotz")["did_you_mean"]


def test_grundspiel_is_the_core_set(reader):
    keys = _keys(reader, "Grundspiel", "de")
    assert "card:invader" in keys and "base:the-homeworld" in keys
    assert _keys(reader, "s:Grundspiel", "de") == _keys(reader, "s:core-set", "de")


def test_faction_and_product_fields_take_the_spellings(reader):
    for query, same in (
        ("f:Wechsler-Bots", "f:changerbots"),
        ('f:"Astro Knights"', "f:astroknights"),
        ("f:Kungfu-Kampfer", "f:kung-fu-fighters"),
        ("f:schmusekaetzchen", "f:kitty-cats"),
    ):
        assert _keys(reader, query, "de") == _keys(reader, same, "de"), query


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_site_search_gives_the_cli_ids(catalogue_site, lang):
    """The site's evaluator answers the spellings exactly as ``smashup search`` does (the German site
    shows the German edition: the CLI with ``--printing german``)."""
    site = catalogue_site.folder
    queries = [*TYPED, *MORE]
    r = open_reader(catalogue_site.db)
    try:
        printing = "german" if lang == "de" else None
        expected = [_keys(r, q, lang, None, printing) for q in queries]
    finally:
        r.close()
    got = node_ids(site / "assets" / "query.js", site / "assets" / f"search-{lang}.json", queries)
    assert all(expected[: len(TYPED)]) and expected[-1] is None  # f:wechslerbotz is refused
    diffs = [(q, e, g) for q, e, g in zip(queries, expected, got, strict=True) if e != g]
    assert not diffs, diffs[:3]
