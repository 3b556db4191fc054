"""A card looked up by its id or exact name reads only its part of the catalogue, with the same answer.

``Catalogue.card`` on a catalogue not loaded yet first reads the cards the query names exactly
(:func:`smashup_db.catalogue.model.load_named_card`); these tests compare that answer with the one
from the whole catalogue for every card of the catalogue, by each of its names (every language,
other printings' names, aliases) and its id, in English and German, and check that the part is
really taken for them and not for queries that need the whole (a prefix, a typo).
"""

from __future__ import annotations

import pytest

from smashup_db.catalogue.model import load_named_card
from smashup_db.catalogue.names import NotFound
from smashup_db.catalogue.view import Catalogue


@pytest.fixture(scope="module")
def reader(catalogue_reader):
    return catalogue_reader


def _queries(model):
    """Every way of naming each card exactly: id, names in every language, other printings' names, aliases."""
    for cid, card in model.cards.items():
        yield cid
        yield from model.names.get(("card", cid), {}).values()
        yield from (r.name for r in card.printings if r.name)
        yield from model.aliases.get(("card", cid), ())


@pytest.mark.parametrize(
    "lang,every",
    [
        ("en", 4),
        ("de", 9),
        pytest.param("en", 1, marks=pytest.mark.long),
        pytest.param("de", 1, marks=pytest.mark.long),
    ],
)
def test_every_card_by_each_of_its_names_reads_its_part_and_answers_as_the_whole(
    reader, lang, every
):
    """Every 4th name in English, every 9th in German (every one in the long run)."""
    whole = Catalogue(reader, lang)
    queries = sorted(set(_queries(whole.model)))
    assert len(queries) > 1400
    for query in queries[::every]:
        part = load_named_card(reader, query)
        assert part is not None, query
        assert len(part.cards) < 20, query  # a few rows, not the catalogue
        fresh = Catalogue(reader, lang, owned={})
        assert fresh.card(query) == whole.card(query), query
        assert fresh._model is None, query  # answered from the part: the whole was never loaded


def test_a_collection_and_a_printing_apply_to_the_part_as_to_the_whole(reader):
    model = Catalogue(reader, "en").model
    several = [c for c in model.cards.values() if len({r.printing for r in c.printings}) > 1]
    assert several
    for card in several:
        for r in card.printings:
            owned = {r.product: r.printing}
            name = model.names[("card", card.id)]["en"]
            want = Catalogue(reader, "en", model=model, owned=owned).card(name)
            assert Catalogue(reader, "en", owned=owned).card(name) == want
            for printing in ("original", "current", "german"):
                want = Catalogue(reader, "en", model=model).card(name, printing)
                assert Catalogue(reader, "en").card(name, printing) == want


@pytest.mark.parametrize("query", ["cesium", "Caesiumruestung", "cesium armr", "xyzzy", "", "  "])
def test_other_queries_load_the_whole_catalogue(reader, query):
    model = Catalogue(reader, "en").model
    fresh = Catalogue(reader, "en", owned={})
    try:
        got = fresh.card(query)
    except NotFound as exc:
        with pytest.raises(NotFound) as whole:
            Catalogue(reader, "en", model=model).card(query)
        assert str(whole.value) == str(exc)
    else:
        assert got == Catalogue(reader, "en", model=model).card(query)
    assert load_named_card(reader, query) is None
    assert fresh._model is not None
