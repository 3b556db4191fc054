"""Building the base deck for the drafted factions, and dealing the bases.

Pure functions over plain data (no database). Rule sources, German rulebook
(Geek Edition): "Zusammenstellung des Basisdecks" (use only the bases of the
sets the chosen factions come from; e.g. Steampunks + Changerbots vs
Zombies + Astroknights -> Smash Up core set, Awesome Level 9000 and Cease
and Desist) and "Spielvorbereitung" (reveal one base per player plus one).

Plain-data inputs used below:

* ``faction_products``: faction id -> product ids selling it, in publication order;
* ``product_bases``: product id -> base ids, products in publication order;
* ``base_faction``: base id -> faction id the base is tied to (missing/None: none);
* ``owned``: set of owned product ids, or None for "no collection recorded".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from smashup_db.errors import N_, Choices, UserError

__all__ = [
    "MODES",
    "SPARE_BASES",
    "BaseDeck",
    "BaseDeckError",
    "Deal",
    "build_deck",
    "deal",
    "deal_random",
    "source_product",
]

#: ``set``: bases of the boxes the factions come from (the rulebook's way);
#: ``faction``: bases tied to the drafted factions; ``all``: every (owned) base.
MODES = ("set", "faction", "all")
#: A deck smaller than players + 1 + SPARE_BASES is flagged as short.
SPARE_BASES = 4
#: Added to a seed to seed the deal's own generator (:func:`deal_random`).
DEAL_STREAM = 1 << 64


class BaseDeckError(UserError, ValueError):
    """A person-made mistake building or dealing a base deck; one-line message."""


@dataclass(frozen=True)
class BaseDeck:
    """The base deck for one game.

    ``bases``: base ids, products in publication order; ``boxes``: product
    ids to take from the shelf (for the factions and for the bases), in
    publication order; ``sources``: faction -> the product it is taken from;
    ``factions_without_bases``: drafted factions with no tied base (only
    filled in ``faction`` mode; old factions have none).
    """

    mode: str
    bases: tuple[str, ...]
    boxes: tuple[str, ...]
    sources: dict[str, str]
    factions_without_bases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deal:
    """Bases revealed at set-up (``in_play``, players + 1 of them) and the rest
    of the shuffled deck (``draw_pile``, top card first). ``short`` is True when
    ``deck_size`` < players + 1 + :data:`SPARE_BASES`."""

    in_play: tuple[str, ...]
    draw_pile: tuple[str, ...]
    deck_size: int
    short: bool


def source_product(
    faction: str,
    faction_products: Mapping[str, Sequence[str]],
    owned: set[str] | None = None,
    product_bases: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The product a drafted faction is taken from.

    The first owned product selling it, in publication order; if none is
    owned (or ``owned`` is None), the first published one that has bases
    (when ``product_bases`` is given), else the first published one. So the
    Geeks, first sold in a box without bases, come from The Bigger Geekier
    Box unless you own the older box. Raises :class:`BaseDeckError` if the
    faction has no product.
    """
    products = list(faction_products.get(faction) or ())
    if not products:
        raise BaseDeckError(
            N_("faction {faction!r} is not sold in any known product"), faction=faction
        )
    if owned:
        for product in products:
            if product in owned:
                return product
    if product_bases is not None:
        for product in products:
            if product_bases.get(product):
                return product
    return products[0]


def build_deck(
    factions: Sequence[str],
    mode: str = "set",
    *,
    faction_products: Mapping[str, Sequence[str]],
    product_bases: Mapping[str, Sequence[str]],
    base_faction: Mapping[str, str | None],
    owned: set[str] | None = None,
) -> BaseDeck:
    """Build the base deck for the drafted ``factions`` (repeats ignored).

    Modes (see :data:`MODES`): ``set`` = every base of the products the
    factions come from (:func:`source_product`), the rulebook's
    "Zusammenstellung des Basisdecks"; ``faction`` = the bases tied to the
    drafted factions (newer boxes have two per faction), from owned products
    only when ``owned`` is given; ``all`` = every base
    of the owned products, or of all products when ``owned`` is None.
    Returns a :class:`BaseDeck`. Raises :class:`BaseDeckError` for an unknown
    mode or a faction with no product.
    """
    if mode not in MODES:
        raise BaseDeckError(
            N_("unknown base-deck mode {mode!r} (choose {modes})"),
            mode=mode,
            modes=Choices("base_mode", MODES),
        )
    factions = list(dict.fromkeys(factions))
    sources = {f: source_product(f, faction_products, owned, product_bases) for f in factions}
    # A base may be printed in several products (the Geeks bases: The Big Geeky Box and The
    # Bigger Geekier Box); it is in a product's deck when that product has it.
    base_products: dict[str, list[str]] = {}
    for p, bs in product_bases.items():
        for b in bs:
            base_products.setdefault(b, []).append(p)
    # the products a base may come from: the factions' own boxes (set), else the owned ones (None: all)
    prefer = set(sources.values()) if mode == "set" else owned
    bases = [
        b
        for bs in product_bases.values()
        for b in bs
        if (prefer is None or any(p in prefer for p in base_products[b]))
        and (mode != "faction" or base_faction.get(b) in sources)
    ]
    tied = {base_faction.get(b) for b in bases}
    missing = tuple(f for f in factions if f not in tied) if mode == "faction" else ()

    def box(b: str) -> str:
        return next(
            (p for p in base_products[b] if prefer is None or p in prefer), base_products[b][0]
        )

    bases = list(dict.fromkeys(bases))
    needed = set(sources.values()) | {box(b) for b in bases}
    order = list(product_bases) + sorted(needed - set(product_bases))
    boxes = tuple(p for p in order if p in needed)
    return BaseDeck(mode, tuple(bases), boxes, sources, missing)


def deal_random(seed: int) -> random.Random:
    """The generator that shuffles the base deck of a game with ``seed``: ``random.Random(abs(seed) + 2**64)``.

    A stream of its own, used for the deal alone: the bases laid out depend on the seed and the
    deck only, never on what the draft drew before (pool, start player, random picks). So
    ``smashup draft``, ``smashup setup``, ``smashup bases deck`` and the play page lay out the
    same bases for the same seed, factions and boxes. Why ``+ 2**64``: CPython seeds from the
    32-bit words of ``abs(seed)``; for every seed below ``2**64`` this key has a third word, 1,
    so it differs from the draft's own generator ``random.Random(seed)``; ``abs`` keeps
    ``seed`` and ``-seed`` one night, as ``random.Random`` does.
    """
    return random.Random(abs(seed) + DEAL_STREAM)


def deal(deck: Sequence[str], players: int, rng: random.Random | None = None) -> Deal:
    """Shuffle ``deck`` with ``rng`` and reveal ``players + 1`` bases.

    German rulebook, "Spielvorbereitung": one base per player plus one
    (3 players: 4 bases). Same seed and deck -> same deal; ``rng`` None
    means an unseeded generator. Raises :class:`BaseDeckError` for a player
    count outside 2..8, repeated bases, or a deck smaller than players + 1.
    """
    if not 2 <= players <= 8:
        raise BaseDeckError(N_("a game needs 2 to 8 players, got {players}"), players=players)
    cards = list(deck)
    if len(set(cards)) != len(cards):
        dup = next(b for b in cards if cards.count(b) > 1)
        raise BaseDeckError(N_("base {dup!r} is in the deck twice"), dup=dup)
    need = players + 1
    if len(cards) < need:
        raise BaseDeckError(
            N_("the base deck has {n} bases, {players} players need at least {need}"),
            n=len(cards),
            players=players,
            need=need,
        )
    rng = rng if rng is not None else random.Random()
    rng.shuffle(cards)
    return Deal(
        tuple(cards[:need]), tuple(cards[need:]), len(cards), len(cards) < need + SPARE_BASES
    )
