"""The formal faction draft as pure functions over a seeded ``random.Random``.

Rule source: German rulebook (Geek Edition), "Prügeln wir uns nach Regeln!"
(lay out at least 8 random factions; start player picks, then clockwise;
the last player picks again and picking goes back counter-clockwise until
everyone has 2) and "Spielvorbereitung" (a player never plays the same
faction twice; with two copies of a box, different players may hold the
same faction). Later rulebooks ask for at least 2 factions per player.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from smashup_db.errors import N_, Message, RuleError

__all__ = [
    "DraftError",
    "DraftState",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "FACTIONS_PER_PLAYER",
    "MIN_POOL",
    "default_pool_size",
    "make_pool",
    "snake_order",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
FACTIONS_PER_PLAYER = 2
MIN_POOL = 8  # "mindestens 8 zufällig gewählte Fraktionen"


class DraftError(RuleError):
    """A person-made mistake in a draft (bad players, pool or pick); one-line message. When it concerns one
    input, ``field``/``value``/``allowed`` say which, what was given and what is accepted (:class:`RuleError`)."""


def _check_players(players: Sequence[str]) -> list[str]:
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise DraftError(
            N_("a draft needs {min} to {max} players, got {n}"),
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            n=len(players),
        )
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise DraftError(N_("player names must be non-empty text"))
    seen: set[str] = set()
    for p in players:
        if p in seen:
            raise DraftError(N_("player {p!r} is named twice"), p=p)
        seen.add(p)
    return players


def _check_n_players(n_players: int) -> None:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise DraftError(
            N_("a draft needs {min} to {max} players, got {n_players}"),
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            n_players=n_players,
        )


def snake_order(players: Sequence[str], rounds: int = FACTIONS_PER_PLAYER) -> list[str]:
    """Picking order of a snake draft: ``["A","B","C"]`` -> A B C C B A.

    Odd rounds (1st, 3rd, ...) go in seat order (clockwise from the start
    player), even rounds go back. Returns ``len(players) * rounds`` names.
    Raises :class:`DraftError` for fewer than 2 or more than 8 players,
    empty or repeated names, or ``rounds < 1``. Rule: "Prügeln wir uns
    nach Regeln!".
    """
    players = _check_players(players)
    if rounds < 1:
        raise DraftError(N_("rounds must be at least 1, got {rounds}"), rounds=rounds)
    order: list[str] = []
    for r in range(rounds):
        order.extend(players if r % 2 == 0 else reversed(players))
    return order


def default_pool_size(n_players: int) -> int:
    """At least 8 factions, and at least 2 per player: ``max(8, 2 * n_players)``."""
    return max(MIN_POOL, FACTIONS_PER_PLAYER * n_players)


def make_pool(
    faction_ids: Sequence[str],
    n_players: int,
    pool_size: int | None = None,
    rng: random.Random | None = None,
) -> list[str]:
    """Draw the factions laid out for the draft, at random.

    ``faction_ids`` are the candidates (repeats are ignored; their order
    matters only for reproducibility); ``pool_size`` defaults to
    ``max(8, 2 * n_players)`` and must be at least ``2 * n_players``.
    Returns ``pool_size`` distinct ids in drawn order; the same ``rng`` seed
    and input give the same pool. ``rng`` None means an unseeded generator.
    Raises :class:`DraftError` for a bad player count, a pool too small for
    everyone to get 2 factions, or fewer candidates than ``pool_size``.
    Rule: "Prügeln wir uns nach Regeln!" (at least 8 random factions).
    """
    _check_n_players(n_players)
    candidates = list(dict.fromkeys(faction_ids))
    size = default_pool_size(n_players) if pool_size is None else pool_size
    needed = FACTIONS_PER_PLAYER * n_players
    if size < needed:
        raise DraftError(
            N_("a pool of {size} is too small for {n_players} players (need at least {needed})"),
            size=size,
            n_players=n_players,
            needed=needed,
        )
    if len(candidates) < size:
        raise DraftError(
            N_("only {n} factions available, the pool needs {size}"), n=len(candidates), size=size
        )
    rng = rng if rng is not None else random.Random()
    return rng.sample(candidates, size)


class DraftState:
    """A draft in progress: pool, snake order, picks so far and holdings.

    ``copies`` maps faction -> how many copies of a box with that faction
    are owned (default 1 each): up to that many different players may hold
    the faction. A player never holds a faction twice. ``picks`` is a list of
    ``{"round": int (1-based), "player": str, "faction": str}`` dicts.
    Raises :class:`DraftError` for bad players, a pool with repeats or
    fewer than ``2 * len(players)`` factions, or a copy count below 1.
    """

    def __init__(
        self,
        players: Sequence[str],
        pool: Sequence[str],
        copies: Mapping[str, int] | None = None,
    ) -> None:
        self.players: list[str] = _check_players(players)
        self.order: list[str] = snake_order(self.players)
        pool = list(pool)
        if len(set(pool)) != len(pool):
            dup = next(f for f in pool if pool.count(f) > 1)
            raise DraftError(N_("faction {faction!r} is in the pool twice"), faction=dup)
        needed = FACTIONS_PER_PLAYER * len(self.players)
        if len(pool) < needed:
            raise DraftError(
                N_("a pool of {n} is too small for {m} players (need at least {needed})"),
                n=len(pool),
                m=len(self.players),
                needed=needed,
            )
        self.pool: list[str] = pool
        self.copies: dict[str, int] = {f: 1 for f in pool}
        for faction, n in (copies or {}).items():
            if faction in self.copies:
                if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    raise DraftError(
                        N_("copies of {faction!r} must be a whole number >= 1, got {n!r}"),
                        faction=faction,
                        n=n,
                    )
                self.copies[faction] = n
        self.picks: list[dict] = []
        #: Faction id -> the name a person reads (set by the caller in the display language; ids otherwise).
        self.names: dict[str, str] = {}

    def shown(self, faction: str) -> str:
        """The name of ``faction`` for messages (:attr:`names`, else the id)."""
        return self.names.get(faction, faction)

    @property
    def holdings(self) -> dict[str, list[str]]:
        """Player -> factions taken so far, in pick order (every player listed)."""
        held: dict[str, list[str]] = {p: [] for p in self.players}
        for pick in self.picks:
            held[pick["player"]].append(pick["faction"])
        return held

    @property
    def done(self) -> bool:
        """True when every player has 2 factions."""
        return len(self.picks) >= len(self.order)

    @property
    def current_player(self) -> str | None:
        """Who picks next, or None when the draft is done."""
        return None if self.done else self.order[len(self.picks)]

    @property
    def current_round(self) -> int | None:
        """1-based round of the next pick, or None when done."""
        return None if self.done else len(self.picks) // len(self.players) + 1

    def holders(self, faction: str) -> list[str]:
        """Players holding ``faction`` now."""
        return [p["player"] for p in self.picks if p["faction"] == faction]

    def _refusal(self, faction: str) -> Message | None:
        """Why the current player may not take ``faction`` (a :class:`Message`; None if they may)."""
        player = self.current_player
        if player is None:
            return Message(N_("the draft is over: every player has 2 factions"))
        if faction not in self.copies:
            return Message(N_("{faction} is not in the pool"), faction=self.shown(faction))
        holders = self.holders(faction)
        if player in holders:
            return Message(
                N_("{player} already holds {faction}; nobody plays the same faction twice"),
                player=player,
                faction=self.shown(faction),
            )
        if len(holders) >= self.copies[faction]:
            n = self.copies[faction]
            template = (
                N_("{faction} is taken by {holders} and only 1 copy is owned")
                if n == 1
                else N_("{faction} is taken by {holders} and only {n} copies are owned")
            )
            return Message(template, faction=self.shown(faction), holders=", ".join(holders), n=n)
        return None

    def legal_picks(self) -> list[str]:
        """Factions the current player may take, in pool order ([] when done)."""
        return [f for f in self.pool if self._refusal(f) is None]

    def pick(self, faction: str) -> dict:
        """The current player takes ``faction``; returns the pick dict.

        Raises :class:`DraftError` when the draft is over, the faction is not
        in the pool, the player already holds it, or all owned copies of it
        are held by other players.
        """
        why = self._refusal(faction)
        if why is not None:
            raise DraftError(why)
        record = {"round": self.current_round, "player": self.current_player, "faction": faction}
        self.picks.append(record)
        return record

    def undo(self) -> dict:
        """Take back the last pick and return it; :class:`DraftError` if none."""
        if not self.picks:
            raise DraftError(N_("nothing to undo: no faction has been picked yet"))
        return self.picks.pop()

    def auto_pick(self, rng: random.Random | None = None) -> dict:
        """The current player takes a random legal faction; returns the pick dict.

        Raises :class:`DraftError` when the draft is over.
        """
        legal = self.legal_picks()
        if not legal:
            raise DraftError(self._refusal(self.pool[0]) or Message(N_("no legal pick is left")))
        rng = rng if rng is not None else random.Random()
        return self.pick(rng.choice(legal))

    def auto_finish(self, rng: random.Random | None = None) -> "DraftState":
        """Fill every open pick with random legal factions (same seed, same picks); returns self."""
        rng = rng if rng is not None else random.Random()
        while not self.done:
            self.auto_pick(rng)
        return self
