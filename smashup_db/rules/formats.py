"""Draft variants besides the formal snake, as pure functions over a seeded ``random.Random``.

* ``snake`` (default): the rulebook's formal draft, see :mod:`.draft`.
* ``random``: each player gets two random factions (the rulebook's quick
  set-up: "zufällig"); the pool is ``2 x players`` factions, dealt at random.
* ``offer``: each player is offered ``k`` factions of their own (no faction is
  offered twice) and keeps two; a fair variant for mixed groups.
* ``pick-one-random``: every player gets one random faction (in seat order),
  then the second is picked in the second half of a snake (last seat first).

Every variant uses :class:`~smashup_db.rules.draft.DraftState` for the copies
rule (a player never holds a faction twice; two players share a faction
only when two copies of a box with it are owned), so picks by hand, typed
in advance and at random follow the same checks.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from smashup_db.errors import N_, Choices, Field, Message
from smashup_db.rules.draft import FACTIONS_PER_PLAYER, DraftError, DraftState, default_pool_size

__all__ = ["FORMATS", "DEFAULT_OFFER", "OfferState", "pool_size", "start"]

FORMATS = ("snake", "random", "offer", "pick-one-random")
DEFAULT_OFFER = 3


def check_format(fmt: str) -> str:
    """``fmt`` lower-cased if it is one of :data:`FORMATS`; :class:`DraftError` otherwise."""
    f = (fmt or "").strip().lower()
    if f not in FORMATS:
        raise DraftError(
            N_("{field} {fmt!r} is not a draft format; use one of: {formats}"),
            field="format",
            given=fmt,
            allowed=FORMATS,
            fmt=fmt,
            formats=Choices("format", FORMATS),
        )
    return f


def pool_size(
    fmt: str, n_players: int, requested: int | None = None, offer: int = DEFAULT_OFFER
) -> int:
    """How many distinct factions ``fmt`` lays out for ``n_players``.

    snake, pick-one-random: ``requested`` or ``max(8, 2 x players)``;
    random: ``requested`` or ``2 x players``; offer: ``offer x players``
    (``requested`` must then be None or equal). Raises :class:`DraftError`
    (``field`` ``offer`` or ``pool``) for an offer below 2 or a pool size that does not fit.
    """
    fmt = check_format(fmt)
    if fmt == "offer":
        if isinstance(offer, bool) or not isinstance(offer, int) or offer < FACTIONS_PER_PLAYER:
            raise DraftError(
                N_(
                    "{field} must be {factions_per_player} or more (each player keeps two), got {offer!r}"
                ),
                field="offer",
                given=offer,
                allowed=f">= {FACTIONS_PER_PLAYER}",
                factions_per_player=FACTIONS_PER_PLAYER,
                offer=offer,
            )
        size = offer * n_players
        if requested is not None and requested != size:
            raise DraftError(
                N_(
                    "{field} {requested} does not fit {format} offer: {n_players} players x {offer} offered = {size}"
                ),
                field="pool",
                given=requested,
                allowed=(size,),
                format=Field("format"),
                requested=requested,
                n_players=n_players,
                offer=offer,
                size=size,
            )
        return size
    if requested is not None:
        return requested
    return FACTIONS_PER_PLAYER * n_players if fmt == "random" else default_pool_size(n_players)


class OfferState(DraftState):
    """A draft where each player may only keep factions offered to them.

    ``offers`` maps player -> the factions offered to that player (disjoint
    lists, together the pool). Picks go in snake order like the formal draft,
    but since nobody can take another's offer the order changes nothing.
    """

    def __init__(
        self,
        players: Sequence[str],
        pool: Sequence[str],
        offers: Mapping[str, Sequence[str]],
        copies: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(players, pool, copies)
        self.offers = {p: list(offers[p]) for p in self.players}

    def _refusal(self, faction: str) -> Message | None:
        player = self.current_player
        if player is not None and faction in self.copies and faction not in self.offers[player]:
            return Message(
                N_("{faction} was not offered to {player} (offered: {offered})"),
                faction=self.shown(faction),
                player=player,
                offered=", ".join(self.shown(f) for f in self.offers[player]),
            )
        return super()._refusal(faction)


def start(
    fmt: str,
    players: Sequence[str],
    pool: Sequence[str],
    rng: random.Random,
    copies: Mapping[str, int] | None = None,
    offer: int = DEFAULT_OFFER,
) -> DraftState:
    """Begin a draft of format ``fmt`` on ``pool`` (players in seat order, start player first).

    Returns the state with the random part done: ``random`` is finished,
    ``pick-one-random`` has everyone's first faction, ``snake`` and ``offer``
    have no picks yet. Same ``rng`` state and input -> same result. Raises
    :class:`DraftError` for an unknown format, a pool that does not fit, or
    bad players (as :class:`DraftState`).
    """
    fmt = check_format(fmt)
    if fmt == "offer":
        size = pool_size("offer", len(players), None, offer)
        if len(pool) != size:
            raise DraftError(
                N_("an offer of {offer} for {n} players needs a pool of {size}, got {m}"),
                offer=offer,
                n=len(players),
                size=size,
                m=len(pool),
            )
        offers = {p: list(pool[i * offer : (i + 1) * offer]) for i, p in enumerate(players)}
        return OfferState(players, pool, offers, copies)
    state = DraftState(players, pool, copies)
    if fmt == "random":
        while not state.done:
            state.auto_pick(rng)
    elif fmt == "pick-one-random":
        for _ in state.players:
            state.auto_pick(rng)
    return state
