"""The end of a game: the 15-VP threshold, the Madness penalty and ties.

Pure functions, no database. Rule sources:

* German rulebook (Geek Edition), "Aus und vorbei!": as soon as someone has
  15 VP or more at the end of any turn, the player with the most VP wins; if
  several players share the most VP, play goes on with more turns until there
  is one winner ("Es gibt kein Unentschieden!").
* The Cthulhu set (The Obligatory Cthulhu Set / "Der endgültige Cthulhu"),
  Madness cards: at the end of the game each player loses 1 VP for every 2
  Madness cards in their deck, hand and discard pile; a tie goes to the player
  with fewer Madness cards.

The threshold is checked on the VP the players have on the table (the game
ends at the end of that turn); the Madness penalty is applied afterwards, to
decide who wins. A result may therefore be below 15 after the penalty.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable, Mapping

from smashup_db.errors import N_, RuleError
from smashup_db.rules import players as player_input

__all__ = [
    "WIN_VP",
    "EndError",
    "Standing",
    "Outcome",
    "madness_penalty",
    "end_game",
    "parse_scores",
    "parse_madness",
    "check_player_name",
]

#: VP that end the game ("15 oder mehr Siegpunkte").
WIN_VP = 15


class EndError(RuleError):
    """A person-made mistake in end-of-game input; the message is one line."""


def madness_penalty(madness_cards: int) -> int:
    """VP lost for ``madness_cards`` Madness cards: 1 per 2 cards, ``n // 2``.

    0-1 cards -> 0, 2-3 -> 1, 4-5 -> 2, ... Raises :class:`EndError` for a
    negative count. Rule: Cthulhu set, Madness cards.
    """
    if isinstance(madness_cards, bool) or not isinstance(madness_cards, int) or madness_cards < 0:
        raise EndError(
            N_("Madness cards must be a whole number of 0 or more, got {madness_cards!r}"),
            madness_cards=madness_cards,
        )
    return madness_cards // 2


@dataclass(frozen=True)
class Standing:
    """One player at the end: VP on the table, Madness cards, VP lost, final VP."""

    player: str
    vp: int
    madness: int
    penalty: int
    final: int


@dataclass(frozen=True)
class Outcome:
    """The result of :func:`end_game`.

    ``status`` is ``"win"`` (``winner`` set), ``"play-on"`` (a tie that the
    Madness cards do not break: ``tied`` names the players, play more turns)
    or ``"not-over"`` (nobody has 15 VP yet: the game goes on).
    ``standings`` are sorted by final VP (highest first), then by fewer
    Madness cards, then in input order.
    """

    status: str
    winner: str | None
    tied: tuple[str, ...]
    standings: tuple[Standing, ...]

    def as_dict(self) -> dict:
        """Plain data (the JSON of the commands that show it)."""
        return {
            "status": self.status,
            "winner": self.winner,
            "tied": list(self.tied),
            "threshold": WIN_VP,
            "standings": [asdict(s) for s in self.standings],
        }


def end_game(vp: Mapping[str, int], madness: Mapping[str, int] | None = None) -> Outcome:
    """Apply the end-of-game rules to ``vp`` (player -> VP) and ``madness`` (player -> cards).

    Players missing from ``madness`` hold no Madness cards. Raises
    :class:`EndError` for fewer than 2 players, a blank name, negative VP or
    Madness counts, or a Madness entry for a player not in ``vp``.

    * nobody has ``WIN_VP`` (15) or more VP -> ``not-over``;
    * else each player's final VP = VP - ``madness // 2``; the most final VP
      wins; a tie goes to the player with fewer Madness cards; a tie on both
      -> ``play-on`` (German rulebook "Aus und vorbei!", Cthulhu set).
    """
    madness = dict(madness or {})
    if len(vp) < 2:
        raise EndError(N_("a game has at least 2 players, got {n}"), n=len(vp))
    for name, value in vp.items():
        if not isinstance(name, str) or not name.strip():
            raise EndError(N_("player names must be non-empty text"))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise EndError(
                N_("VP of {name} must be a whole number of 0 or more, got {value!r}"),
                name=name,
                value=value,
            )
    unknown = [p for p in madness if p not in vp]
    if unknown:
        raise EndError(
            N_("Madness cards given for {unknown}, who is not a player (players: {vp})"),
            unknown=", ".join(unknown),
            vp=", ".join(vp),
        )
    order = {p: i for i, p in enumerate(vp)}
    rows = []
    for p, v in vp.items():
        n = madness.get(p, 0)
        pen = madness_penalty(n)
        rows.append(Standing(p, v, n, pen, v - pen))
    rows.sort(key=lambda s: (-s.final, s.madness, order[s.player]))
    standings = tuple(rows)
    if max(vp.values()) < WIN_VP:
        return Outcome("not-over", None, (), standings)
    top = standings[0]
    tied = tuple(s.player for s in standings if s.final == top.final and s.madness == top.madness)
    if len(tied) > 1:
        return Outcome("play-on", None, tied, standings)
    return Outcome("win", top.player, (), standings)


#: Longest player name accepted (names are shown in tables and stored in the game log).


def check_player_name(name) -> str:
    """``name`` stripped; :class:`EndError` when blank, too long or holding control characters."""
    return player_input.check_player_name(name, EndError)


def parse_scores(items: Iterable[str]) -> dict[str, int]:
    """``["Anna=16", "Ben=15"]`` -> ``{"Anna": 16, "Ben": 15}``; :class:`EndError` on bad input or repeats."""
    return player_input.name_numbers(items, "VP", EndError)


def parse_madness(items: Iterable[str], players: Iterable[str]) -> dict[str, int]:
    """``["Anna=4,Ben=1"]`` -> ``{"Anna": 4, "Ben": 1}``, names matched to ``players`` ignoring case.

    Raises :class:`EndError` for malformed pairs, negative counts, repeats or
    a name that is not one of ``players``.
    """
    players = list(players)
    by_fold = {p.casefold(): p for p in players}
    out: dict[str, int] = {}
    for name, n in player_input.name_numbers(items, "Madness cards", EndError).items():
        real = by_fold.get(name.casefold())
        if real is None:
            raise EndError(
                N_("{field} names {name!r}, who is not a player (players: {players})"),
                field="madness",
                given=name,
                allowed=tuple(players),
                name=name,
                players=", ".join(players),
            )
        if real in out:
            raise EndError(
                N_("{field} names {real!r} twice"), field="madness", given=real, real=real
            )
        out[real] = n
    return out
