"""A printing's own card list: every faction in every printing lists the cards that printing held.

A card replaced between printings (Disenchant -> Pixie in the Tricksters, Saucy Wench -> Cut Lass in
the Pirates, every other name the original-printing sources give) appears only in the printings that
hold it: in the faction view, in search with ``printing:`` and in ``--printing`` of the CLI.
"""

from __future__ import annotations

import json

import pytest

from helpers import DATA
from smashup_db.catalogue.printing import pick
from smashup_db.catalogue.view import Catalogue
from smashup_db.common.text import key

PRINTINGS_FILE = json.loads((DATA / "printings.json").read_text(encoding="utf-8"))
#: Cards whose original printing was another card (the sources' name differences settled as printings).
REPLACED = sorted(
    {
        (d["id"], d["original"], d["current"])
        for d in PRINTINGS_FILE["differences"]
        if d["kind"] == "card" and d["field"] == "name" and d["status"] == "printing"
    }
)


@pytest.fixture(scope="module")
def cat(catalogue_reader):
    return Catalogue(catalogue_reader, "en")


def test_there_are_replacements_to_check():
    ids = {cid for cid, _, _ in REPLACED}
    assert {"pixie", "cut-lass"} <= ids, REPLACED


@pytest.mark.parametrize("printing", ["original", "current", "german"])
def test_every_faction_in_every_printing_lists_that_printings_cards(cat, printing):
    """Each card's name and type in the view are those of the printing row that applies (the sources'
    original printing for original and german, the card archive's for current)."""
    model = cat.model
    checked = 0
    for fid, faction in model.factions.items():
        view = cat.faction(fid, printing)
        assert [c["id"] for c in view["cards"]] == list(faction.cards)
        for row in view["cards"]:
            card = model.cards[row["id"]]
            used = cat.printing_of(card, printing)
            r = pick(card, used)
            want = (
                r.name if r is not None and r.name else model.named("card", card.id, "en")["name"]
            )
            assert key(row["name_en"]) == key(want), (fid, printing, row["id"])
            assert row["type"] == (r.type if r is not None else card.type)
            checked += 1
    assert checked == len(model.cards)


@pytest.mark.parametrize(("cid", "original", "current"), REPLACED)
def test_a_replaced_card_only_in_the_printing_that_holds_it(cat, cid, original, current):
    fid = cat.model.cards[cid].faction
    orig = [key(c["name"]) for c in cat.faction(fid, "original")["cards"]]
    now = [key(c["name"]) for c in cat.faction(fid, "current")["cards"]]
    original, current = key(original), key(current)
    assert original in orig and current not in orig
    assert current in now and original not in now


def test_acceptance_tricksters_and_pirates(cli):
    def names(*args):
        res = cli(*args, "--json")
        assert res.exit_code == 0, res.output
        return [c["name"] for c in json.loads(res.output)["cards"]]

    tricksters = names("faction", "Tricksters", "--printing", "original")
    assert "Disenchant" in tricksters and "Pixie" not in tricksters
    assert "Pixie" in names("faction", "Tricksters") and "Disenchant" not in names(
        "faction", "Tricksters"
    )
    pirates = names("faction", "Pirates", "--printing", "original")
    assert "Saucy Wench" in pirates and "Cut Lass" not in pirates


def test_search_with_printing_lists_that_printings_cards(cli):
    def found(query):
        res = cli("search", query, "--json")
        assert res.exit_code == 0, res.output
        return {r["name"]: r for r in json.loads(res.output)["results"]}

    original = found("f:tricksters printing:original")
    assert "Disenchant" in original and "Pixie" not in original
    assert original["Disenchant"]["type"] == "action"
    current = found("f:tricksters printing:current")
    assert "Pixie" in current and "Disenchant" not in current
    assert "Saucy Wench" in found("f:pirates printing:original")
