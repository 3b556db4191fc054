"""The base deck during a game: which base is laid after a base scores.

German rulebook, "Die große Wertung" (after scoring, the base goes to the base discard pile and a
new base is laid from the base deck) and "Das Basisdeck ist leer" (shuffle the base discard pile
into a new base deck). The order is the one the play page's table follows
(``templates/site/assets/play-table.js``, ``docs/play.md``, "The table"):

* the deck is ``base_deck`` of ``smashup draft --json`` in its listed order, without the bases in
  play (``bases_in_play``); the next base is the first one left;
* a scored base goes to the end of the discard pile, *then* the next base is drawn; when the deck is
  empty at that moment, the discard pile (the scored base included) is shuffled into a new deck with
  ``random.Random(seed).shuffle`` -- one generator seeded with the draft's seed, made when the table
  starts and used for nothing else, so the k-th reshuffle is its k-th ``shuffle`` call;
* with deck and discard pile both empty no base is laid.

Pure: no database, no display words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

__all__ = ["BasePiles", "start_piles"]


@dataclass
class BasePiles:
    """The base deck (``deck``, next base first), the base discard pile (``discard``, oldest first),
    the reshuffles done so far and the generator that makes them."""

    deck: list[str]
    discard: list[str] = field(default_factory=list)
    reshuffles: int = 0
    rng: random.Random = field(default_factory=random.Random, repr=False)

    def score(self, base: str) -> str | None:
        """``base`` (scored) goes to the discard pile; returns the base laid in its place (None: none left)."""
        self.discard.append(base)
        if not self.deck:
            if not self.discard:
                return None
            self.rng.shuffle(self.discard)
            self.deck, self.discard = self.discard, []
            self.reshuffles += 1
        return self.deck.pop(0)


def start_piles(base_deck: Sequence[str], in_play: Sequence[str], seed: int) -> BasePiles:
    """The piles at the start of a game: ``base_deck`` (``smashup draft --json``'s ``base_deck``, its
    order) without ``in_play``, an empty discard pile, ``random.Random(seed)`` for the reshuffles."""
    laid = set(in_play)
    return BasePiles(deck=[b for b in base_deck if b not in laid], rng=random.Random(seed))
