"""Base deck and deal (German rulebook, "Zusammenstellung des Basisdecks",
"Spielvorbereitung")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smashup_db.errors import UserError
from smashup_db.rules.basedeck import BaseDeckError, build_deck, deal, source_product

# A slice of the real catalogue (ids as in data/products), products in publication order.
PRODUCT_BASES = {
    "core-set": [
        "the-homeworld",
        "the-mothership",
        "evans-city-cemetery",
        "rhodes-plaza-mall",
        "ninja-dojo",
        "tortuga",
    ],
    "awesome-level-9000": ["inventors-salon", "workshop", "haunted-house", "the-dread-gazebo"],
    "the-big-geeky-box": [],
    "cease-and-desist": [
        "hive-of-scum-and-villainy",
        "no-moon",
        "changing-room",
        "unicrave",
        "neutral-space",
        "uss-undertaking",
    ],
    "the-bigger-geekier-box": ["tabletop", "the-con"],
    "sheep": [],
    "10th-anniversary": ["sheep-shrine", "the-pasture", "mermaid-pool", "mermaid-reef"],
}
FACTION_PRODUCTS = {
    "aliens": ["core-set"],
    "zombies": ["core-set"],
    "ninjas": ["core-set"],
    "pirates": ["core-set"],
    "steampunks": ["awesome-level-9000"],
    "ghosts": ["awesome-level-9000"],
    "astroknights": ["cease-and-desist"],
    "changerbots": ["cease-and-desist"],
    "star-roamers": ["cease-and-desist"],
    "geeks": ["the-big-geeky-box", "the-bigger-geekier-box"],
    "sheep": ["sheep", "10th-anniversary"],
    "mermaids": ["10th-anniversary"],
}
BASE_FACTION = {
    "the-homeworld": "aliens",
    "the-mothership": "aliens",
    "evans-city-cemetery": "zombies",
    "rhodes-plaza-mall": "zombies",
    "ninja-dojo": "ninjas",
    "tortuga": "pirates",
    "inventors-salon": "steampunks",
    "workshop": "steampunks",
    "haunted-house": "ghosts",
    "the-dread-gazebo": "ghosts",
    "hive-of-scum-and-villainy": "astroknights",
    "no-moon": "astroknights",
    "changing-room": "changerbots",
    "unicrave": "changerbots",
    "neutral-space": "star-roamers",
    "uss-undertaking": "star-roamers",
    "tabletop": "geeks",
    "the-con": "geeks",
    "sheep-shrine": "sheep",
    "the-pasture": "sheep",
    "mermaid-pool": "mermaids",
    "mermaid-reef": "mermaids",
}
CAT = dict(
    faction_products=FACTION_PRODUCTS, product_bases=PRODUCT_BASES, base_faction=BASE_FACTION
)


def test_rulebook_example_set_mode():
    """Steampunks + Changerbots vs Zombies + Astroknights -> bases of the core
    set, Awesome Level 9000 and Cease and Desist (the rulebook's example)."""
    deck = build_deck(["steampunks", "changerbots", "zombies", "astroknights"], "set", **CAT)
    assert deck.boxes == ("core-set", "awesome-level-9000", "cease-and-desist")
    expected = (
        PRODUCT_BASES["core-set"]
        + PRODUCT_BASES["awesome-level-9000"]
        + PRODUCT_BASES["cease-and-desist"]
    )
    assert list(deck.bases) == expected
    assert deck.sources == {
        "steampunks": "awesome-level-9000",
        "changerbots": "cease-and-desist",
        "zombies": "core-set",
        "astroknights": "cease-and-desist",
    }


def test_faction_mode_takes_tied_bases_only():
    deck = build_deck(["steampunks", "changerbots", "zombies", "astroknights"], "faction", **CAT)
    assert set(deck.bases) == {
        "inventors-salon",
        "workshop",
        "changing-room",
        "unicrave",
        "evans-city-cemetery",
        "rhodes-plaza-mall",
        "hive-of-scum-and-villainy",
        "no-moon",
    }
    assert deck.factions_without_bases == ()
    assert deck.boxes == ("core-set", "awesome-level-9000", "cease-and-desist")


def test_faction_mode_reports_factions_without_bases():
    deck = build_deck(
        ["ninjas", "robots"],
        "faction",
        faction_products={**FACTION_PRODUCTS, "robots": ["core-set"]},
        product_bases=PRODUCT_BASES,
        base_faction=BASE_FACTION,
    )
    assert deck.bases == ("ninja-dojo",)
    assert deck.factions_without_bases == ("robots",)


def test_faction_mode_with_a_collection_uses_owned_boxes_only():
    """Geeks owned only through The Big Geeky Box: their bases (in The Bigger
    Geekier Box) are not on the shelf."""
    deck = build_deck(
        ["geeks", "mermaids"], "faction", owned={"the-big-geeky-box", "10th-anniversary"}, **CAT
    )
    assert deck.bases == ("mermaid-pool", "mermaid-reef")
    assert deck.factions_without_bases == ("geeks",)
    assert deck.boxes == ("the-big-geeky-box", "10th-anniversary")


def test_source_product_prefers_owned_then_first_published():
    assert source_product("sheep", FACTION_PRODUCTS) == "sheep"
    assert (
        source_product("sheep", FACTION_PRODUCTS, owned={"10th-anniversary"}) == "10th-anniversary"
    )
    assert source_product("sheep", FACTION_PRODUCTS, owned={"core-set"}) == "sheep"
    with pytest.raises(BaseDeckError) as err:
        source_product("robots", FACTION_PRODUCTS)
    assert "robots" in str(err.value) and "\n" not in str(err.value)


def test_set_mode_uses_the_owned_box_of_a_multi_box_faction():
    not_owned = build_deck(["geeks", "sheep"], "set", **CAT)
    # the first-published boxes hold no bases: without a collection, take the first box that has some
    assert not_owned.sources == {"geeks": "the-bigger-geekier-box", "sheep": "10th-anniversary"}
    assert (
        list(not_owned.bases)
        == PRODUCT_BASES["the-bigger-geekier-box"] + PRODUCT_BASES["10th-anniversary"]
    )
    owned = build_deck(
        ["geeks", "sheep"], "set", owned={"the-bigger-geekier-box", "10th-anniversary"}, **CAT
    )
    assert owned.boxes == ("the-bigger-geekier-box", "10th-anniversary")
    assert (
        list(owned.bases)
        == PRODUCT_BASES["the-bigger-geekier-box"] + PRODUCT_BASES["10th-anniversary"]
    )


def test_all_mode_owned_or_everything():
    everything = build_deck(["aliens", "zombies"], "all", **CAT)
    assert list(everything.bases) == [b for bs in PRODUCT_BASES.values() for b in bs]
    owned = build_deck(["aliens", "zombies"], "all", owned={"core-set", "cease-and-desist"}, **CAT)
    assert list(owned.bases) == PRODUCT_BASES["core-set"] + PRODUCT_BASES["cease-and-desist"]
    assert owned.boxes == ("core-set", "cease-and-desist")


def test_unknown_mode_is_one_clear_line():
    with pytest.raises(BaseDeckError) as err:
        build_deck(["aliens"], "sets", **CAT)
    msg = str(err.value)
    assert "sets" in msg and "set, faction, all" in msg and "\n" not in msg
    assert isinstance(err.value, UserError) and isinstance(err.value, ValueError)


# --- deal ------------------------------------------------------------------------------------


def test_deal_three_players_reveals_four_bases():
    """'bei 3 Spielern werden also 4 Basen ausgelegt'"""
    deck = list(PRODUCT_BASES["cease-and-desist"]) + ["tabletop", "the-con"]
    d = deal(deck, 3, random.Random(5))
    assert len(d.in_play) == 4 and d.deck_size == 8
    assert sorted(d.in_play + d.draw_pile) == sorted(deck)
    assert not d.short  # 8 bases = 3 players + 1 + 4 spare


def test_deal_flags_a_short_deck():
    deck = PRODUCT_BASES["cease-and-desist"] + ["tabletop"]  # 7 < 3 + 1 + 4
    assert deal(deck, 3, random.Random(0)).short
    assert not deal(deck, 2, random.Random(0)).short  # 7 = 2 + 1 + 4


@pytest.mark.parametrize(
    "deck, players, fragment",
    [
        (["a", "b", "c"], 3, "at least 4"),
        (["a", "b", "c", "d"], 1, "2 to 8"),
        (list("abcdefghijk"), 9, "2 to 8"),
        (["a", "b", "a", "c"], 2, "twice"),
    ],
)
def test_deal_errors(deck, players, fragment):
    with pytest.raises(BaseDeckError) as err:
        deal(deck, players, random.Random(0))
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_deal_same_seed_same_layout():
    deck = [b for bs in PRODUCT_BASES.values() for b in bs]
    assert deal(deck, 4, random.Random(3)) == deal(deck, 4, random.Random(3))
    assert any(
        deal(deck, 4, random.Random(s)) != deal(deck, 4, random.Random(3)) for s in range(4, 8)
    )
    assert deck == [b for bs in PRODUCT_BASES.values() for b in bs]  # input not shuffled in place


# --- properties over generated catalogues -------------------------------------------


@st.composite
def catalogues(draw):
    """Products p0..pk in publication order, factions sold in 1-3 products,
    bases tied to a faction of their product or to none."""
    n_products = draw(st.integers(min_value=1, max_value=8))
    products = [f"p{i}" for i in range(n_products)]
    n_factions = draw(st.integers(min_value=1, max_value=12))
    faction_products = {}
    for i in range(n_factions):
        sold = draw(st.lists(st.sampled_from(products), min_size=1, max_size=3, unique=True))
        faction_products[f"f{i}"] = sorted(sold, key=products.index)
    product_bases, base_faction = {}, {}
    for p in products:
        sellers = [f for f, ps in faction_products.items() if p in ps]
        bases = [f"{p}-b{j}" for j in range(draw(st.integers(min_value=0, max_value=6)))]
        product_bases[p] = bases
        for b in bases:
            base_faction[b] = draw(st.sampled_from(sellers + [None]))
    owned = draw(st.none() | st.sets(st.sampled_from(products)))
    factions = draw(st.lists(st.sampled_from(sorted(faction_products)), min_size=1, max_size=16))
    return (
        dict(
            faction_products=faction_products,
            product_bases=product_bases,
            base_faction=base_faction,
        ),
        owned,
        factions,
    )


@settings(max_examples=200)
@given(catalogues())
def test_set_mode_is_exactly_the_bases_of_the_source_products(args):
    cat, owned, factions = args
    deck = build_deck(factions, "set", owned=owned, **cat)
    sources = {
        source_product(f, cat["faction_products"], owned, cat["product_bases"]) for f in factions
    }
    base_product = {b: p for p, bs in cat["product_bases"].items() for b in bs}
    for b in deck.bases:
        assert base_product[b] in sources
        assert any(base_product[b] in cat["faction_products"][f] for f in factions)
    for p in sources:
        assert set(cat["product_bases"][p]) <= set(deck.bases)
    assert len(set(deck.bases)) == len(deck.bases)
    assert set(deck.boxes) == sources
    for f in factions:
        src = deck.sources[f]
        if owned and set(cat["faction_products"][f]) & owned:
            assert src in owned
        else:
            with_bases = [p for p in cat["faction_products"][f] if cat["product_bases"][p]]
            assert src == (with_bases or cat["faction_products"][f])[0]


@settings(max_examples=200)
@given(catalogues())
def test_faction_and_all_modes(args):
    cat, owned, factions = args
    fdeck = build_deck(factions, "faction", owned=owned, **cat)
    base_product = {b: p for p, bs in cat["product_bases"].items() for b in bs}
    assert set(fdeck.bases) == {
        b
        for b, f in cat["base_faction"].items()
        if f in factions and (owned is None or base_product[b] in owned)
    }
    for f in fdeck.factions_without_bases:
        assert f in factions and not any(cat["base_faction"].get(b) == f for b in fdeck.bases)
    adeck = build_deck(factions, "all", owned=owned, **cat)
    every = [b for p, bs in cat["product_bases"].items() if owned is None or p in owned for b in bs]
    assert list(adeck.bases) == every
    for deck in (fdeck, adeck):
        # the boxes to pull hold every faction and every base
        assert set(deck.sources.values()) <= set(deck.boxes)
        assert {base_product[b] for b in deck.bases} <= set(deck.boxes)


@settings(max_examples=200)
@given(
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=0, max_value=12),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_deal_properties(players, extra, seed):
    deck = [f"base-{i}" for i in range(players + 1 + extra)]
    d = deal(deck, players, random.Random(seed))
    assert len(d.in_play) == players + 1
    assert len(set(d.in_play)) == players + 1 and set(d.in_play) <= set(deck)
    assert sorted(d.in_play + d.draw_pile) == sorted(deck)
    assert d.deck_size == len(deck)
    assert d.short == (len(deck) < players + 1 + 4)
    assert d == deal(deck, players, random.Random(seed))
