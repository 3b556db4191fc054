"""One rule for the printing every view shows (issue 20): the owned printing, else --printing, else current.

For every card and base with more than one printing, a collection owning each printing in turn is
given to the catalogue (``owned=``), and the numbers each view prints are compared: faction, card,
base, bases (list), search results, base deck rows, the share page, score.
"""

from __future__ import annotations

import pytest

from smashup_db.catalogue.printing import base_facts, card_facts
from smashup_db.catalogue.view import Catalogue


@pytest.fixture(scope="module")
def reader(catalogue_reader):
    return catalogue_reader


def _multi(things):
    return [t for t in things.values() if len({(r.product, r.printing) for r in t.printings}) > 1]


def test_every_view_shows_the_owned_printing_of_a_base(reader):
    from smashup_db.gamenight.share import context
    from smashup_db.search.execute import Searcher
    from smashup_db.search.parser import parse

    model = Catalogue(reader, "en").model
    bases = _multi(model.bases)
    assert len(bases) >= 10
    checked = 0
    for b in bases:
        for r in b.printings:
            cat = Catalogue(reader, "en", model=model, owned={r.product: r.printing})
            want = base_facts(b, r.printing)
            nums = (want["breakpoint"], want["vp"])
            views = {
                "base": cat.base(b.id),
                "bases": next(x for x in cat.bases() if x["id"] == b.id),
                "bases --product": next(x for x in cat.bases(product=r.product) if x["id"] == b.id)
                if b.id in model.products[r.product].bases
                else cat.base_row(b.id),
                "search": Searcher(cat).details([f"base:{b.id}"], parse("t:base"))[0],
            }
            if b.faction:
                views["faction"] = next(
                    x for x in cat.faction(b.faction)["bases"] if x["id"] == b.id
                )
            for view, row in views.items():
                assert (row["breakpoint"], row["vp"]) == nums, (b.id, r.printing, view)
            share = context(
                cat,
                {
                    "bases_in_play": [b.id],
                    "seed": 1,
                    "players": {},
                    "start_player": "",
                    "boxes": [],
                    "extra_decks": [],
                },
            )["bases"][0]
            bp = "?" if nums[0] is None else nums[0]
            assert share["breakpoint"] == bp, (b.id, r.printing, "share")
            checked += 1
    assert checked >= 20


def test_every_view_shows_the_owned_printing_of_a_card(reader):
    from smashup_db.search.execute import Searcher
    from smashup_db.search.parser import parse

    model = Catalogue(reader, "en").model
    cards = _multi(model.cards)
    assert len(cards) >= 20
    for c in cards:
        for r in c.printings:
            if (
                r.printing == "current"
                and r.product not in model.factions[c.faction].products
                and c.product is None
            ):
                continue
            cat = Catalogue(reader, "en", model=model, owned={r.product: r.printing})
            want = card_facts(c, r.printing)
            card = cat.card(c.id)
            row = next(x for x in cat.faction(c.faction)["cards"] if x["id"] == c.id)
            found = Searcher(cat).details([f"card:{c.id}"], parse("t:minion"))[0]
            assert (found["copies"], found["power"]) == (want["copies"], want["power"]), (
                c.id,
                r.printing,
                "search",
            )
            assert (card["copies"], card["power"]) == (want["copies"], want["power"]), (
                c.id,
                r.printing,
            )
            assert (row["copies"], row["power"]) == (want["copies"], want["power"]), (
                c.id,
                r.printing,
                "faction",
            )


def test_the_owned_printing_beats_an_explicit_one_which_beats_current(reader):
    model = Catalogue(reader, "en").model
    owned = Catalogue(reader, "en", model=model, owned={"awesome-level-9000": "german"})
    assert (owned.base("field-of-honor")["breakpoint"], owned.base("field-of-honor")["vp"]) == (
        18,
        [3, 2, 1],
    )
    assert (
        owned.base("field-of-honor", "current")["breakpoint"] == 18
    )  # the box on the table decides
    plain = Catalogue(reader, "en", model=model)
    assert plain.base("field-of-honor")["breakpoint"] == 16
    assert plain.base("field-of-honor", "original")["breakpoint"] == 18  # no box owned: --printing
    other = Catalogue(
        reader, "en", model=model, owned={"core-set": "original"}
    )  # a box not holding it
    assert other.base("field-of-honor", "german")["breakpoint"] == 18
    assert other.base("field-of-honor")["breakpoint"] == 16
    assert (
        next(b for b in owned.faction("bear-cavalry")["bases"] if b["id"] == "field-of-honor")[
            "breakpoint"
        ]
        == 18
    )


def test_every_printing_of_every_card_and_base_names_its_evidence(reader):
    """Issue 20: never a number without a source (``printings`` in card/base --json)."""
    from smashup_db.catalogue.printing import rows_json

    model = Catalogue(reader, "en").model
    rows = [
        r
        for kind in ("card", "base")
        for t in model.things(kind).values()
        for r in rows_json(model, t, "en")
    ]
    numbered = [
        r for r in rows if any(r.get(k) is not None for k in ("copies", "power", "breakpoint"))
    ]
    assert len(numbered) > 1500  # every card (copies) and every base with known stats
    assert [r for r in numbered if not r["evidence"]] == []
