"""The next base during a game (rules/basedraw.py): the documented order, no base lost or doubled."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from smashup_db.rules.basedraw import start_piles

DECKS = st.lists(
    st.text("abcdefghij", min_size=1, max_size=3), min_size=3, max_size=14, unique=True
)


@given(
    deck=DECKS,
    players=st.integers(1, 4),
    seed=st.integers(0, 2**64),
    picks=st.lists(st.integers(0, 9)),
)
def test_bases_are_neither_lost_nor_doubled_and_follow_the_listed_order(deck, players, seed, picks):
    in_play = deck[: min(players + 1, len(deck) - 1)]
    piles = start_piles(deck, in_play, seed)
    table = list(in_play)
    listed = [b for b in deck if b not in in_play]
    laid_before_reshuffle = []
    for pick in picks:
        if not table:
            break
        i = pick % len(table)
        laid = piles.score(table[i])
        if laid is None:
            del table[i]
        else:
            table[i] = laid
            if piles.reshuffles == 0:
                laid_before_reshuffle.append(laid)
        every = table + piles.deck + piles.discard
        assert sorted(every) == sorted(
            deck
        )  # each base once: in play, in the deck or in the discard pile
    assert laid_before_reshuffle == listed[: len(laid_before_reshuffle)]  # base_deck's order


@given(deck=DECKS, seed=st.integers(0, 2**64))
def test_the_reshuffle_is_random_random_of_the_seed(deck, seed):
    """Scoring the bases in play until the deck runs out: the discard pile is shuffled by Random(seed)."""
    piles = start_piles(deck, deck[:2], seed)
    table = list(deck[:2])
    discard = []
    while piles.reshuffles == 0:
        discard.append(table[0])
        table[0] = piles.score(table[0])
    want = discard[:]
    random.Random(seed).shuffle(want)
    assert [table[0], *piles.deck] == want
