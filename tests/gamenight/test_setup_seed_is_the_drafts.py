"""`smashup setup --seed S` with a draft's factions lays out what `smashup draft --seed S` laid out (issue 32).

The deal has its own generator (``rules.basedeck.deal_random``), called by the one function that deals
(``gamenight.session.base_deck``); so what the draft drew before (pool, start player, random picks, a
format's picks) cannot change the bases. Checked on the full catalogue for many seeds, player counts,
base modes, formats and collections, then through the CLI (``draft``, ``setup``, ``bases deck``).
"""

from __future__ import annotations

import random

import pytest

from helpers import json_ok
from smashup_db.catalogue.view import Catalogue
from smashup_db.gamenight import session as sessions
from smashup_db.gamenight import setup_sheet
from smashup_db.gamenight.options import prepare
from smashup_db.rules import basedeck

FORMATS = ("snake", "random", "pick-one-random", "offer")


@pytest.fixture(scope="module")
def cat(catalogue_reader):
    return Catalogue(catalogue_reader, "en")


def _draft(cat, monkeypatch, *, names, seed, mode, fmt, owned):
    """What ``smashup draft --auto`` does: set-up, random picks, finish, the sheet from the draft's deck."""
    monkeypatch.setattr(sessions, "owned_copies", lambda cat, owners=None: dict(owned or {}))
    ext = prepare(cat, names, None, fmt=fmt)
    session = sessions.setup(
        cat, names, seed=seed, use_collection=owned is not None, **(ext.kwargs() if ext else {})
    )
    session.state.auto_finish(session.rng)
    res = sessions.finish(cat, session, mode)
    factions = [p["faction"] for p in session.state.picks]
    return res, setup_sheet.build(cat, factions, len(names), res, holders=session.state.holdings)


def _laid(sheet: dict) -> tuple:
    """What a sheet says to take out and lay out (the seating, who holds what and the order the
    factions were typed or picked in left aside)."""
    return (
        sheet["base_mode"],
        sorted(f["id"] for f in sheet["factions"]),
        [b["id"] for b in sheet["bases"]["in_play"]],
        sheet["bases"]["deck"],
        [
            (b["product"]["id"], sorted(b["factions"]), b["bases"], b["in_play"])
            for b in sheet["boxes"]
        ],
    )


def test_setup_lays_out_the_drafts_bases_for_many_seeds(cat, monkeypatch):
    """300 drafts on the full catalogue; the set-up sheet of the same seed and factions (typed in
    another order) lays out the same bases from the same deck and boxes."""
    rnd = random.Random(32)
    products = [p for p in cat.model.products if cat.model.products[p].bases]
    modes = {mode: 0 for mode in basedeck.MODES}
    for i in range(300):
        names = [f"P{j}" for j in range(rnd.randint(2, 6))]
        seed = rnd.choice([rnd.randrange(1, 1_000_000), i, -i, 2**40 + i, 2**53 - 1 - i])
        mode = rnd.choice(basedeck.MODES)
        fmt = rnd.choice(FORMATS)
        owned = None
        if i % 3 == 0:
            owned = {p: rnd.choice([1, 1, 2]) for p in rnd.sample(products, rnd.randint(10, 25))}
        try:
            res, drafted = _draft(
                cat, monkeypatch, names=names, seed=seed, mode=mode, fmt=fmt, owned=owned
            )
        except basedeck.BaseDeckError:
            continue  # a deck too small for the table: refused alike by both (below, by the CLI)
        factions = [f["id"] for f in drafted["factions"]]
        rnd.shuffle(factions)
        alone = setup_sheet.build(cat, factions, len(names), seed=seed, base_mode=mode, owned=owned)
        assert _laid(alone) == _laid(drafted), (seed, names, mode, fmt, owned)
        assert res["bases_in_play"] == [b["id"] for b in alone["bases"]["in_play"]]
        modes[mode] += 1
    assert min(modes.values()) >= 50, modes  # every base mode is compared many times


def test_the_deal_has_its_own_stream():
    """The deal's generator is not the draft's: the same seed, two streams; and one seed, one deal."""
    deck = [f"b{i}" for i in range(30)]
    for seed in (0, 1, 7, 2**40, -7):
        assert random.Random(seed).random() != basedeck.deal_random(seed).random()
        one = basedeck.deal(deck, 3, basedeck.deal_random(seed))
        assert one == basedeck.deal(deck, 3, basedeck.deal_random(seed))
    assert basedeck.deal_random(-7).random() == basedeck.deal_random(7).random()


@pytest.mark.parametrize("seed", [1, 7, 42, 9001, 123456])
def test_cli_setup_and_bases_deck_lay_out_the_drafts_bases(cli, seed):
    cli("collection", "add", "Core Set")
    cli("collection", "add", "Awesome Level 9000")
    cli("collection", "add", "The Obligatory Cthulhu Set")
    for extra, players in (([], "Anna,Ben,Cleo"), (["--owned", "--base-mode", "all"], "Anna,Ben")):
        args = ["--seed", str(seed), *extra, "--json"]
        res = json_ok(cli("draft", "-p", players, "--auto", *args))
        factions = ",".join(reversed([p["faction"] for p in res["picks"]]))
        n = str(len(players.split(",")))
        sheet = json_ok(cli("setup", "-f", factions, "-n", n, *args))
        assert _laid(sheet) == _laid(res[setup_sheet.KEY])
        deck = json_ok(cli("bases", "deck", "-f", factions, "-n", n, *args))
        assert deck["bases_in_play"] == res["bases_in_play"]
        assert deck["base_deck"] == res["base_deck"]
