"""Scoring a base: places, ties and victory points (VP).

Pure functions, no database. The rules come from the German rulebook
(Geek Edition), section "Die große Wertung" (S. 6), sub-sections
"Siegpunkte verteilen" and "Nur Unentschieden?".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from smashup_db.errors import N_, RuleError

__all__ = ["Placement", "ScoringError", "parse_powers", "score_base"]


class ScoringError(RuleError):
    """A person-made mistake in scoring input; the message is one line."""


@dataclass(frozen=True)
class Placement:
    """One player's result at a scored base.

    ``place`` is 1-based, or None for a player without a minion there;
    ``vp`` is the victory points won (0 for 4th place and below, or no minion).
    """

    player: str
    power: int
    place: int | None
    vp: int


def score_base(
    powers: Mapping[str, int],
    vp: tuple[int, int, int],
    has_minion: set[str] | None = None,
) -> list[Placement]:
    """Score one base: who gets which place and how many VP.

    ``powers`` maps player -> total power at the base (int >= 0; the rulebook:
    "Die Stärke kann niemals unter 0 sinken"). ``vp`` is the base's VP for
    1st, 2nd and 3rd place. A player needs at least one minion at the base to
    place at all; power > 0 implies a minion, and a player with power 0 is
    counted as having one only when named in ``has_minion`` (a 0-power
    minion still earns VP).

    Places (German rulebook, "Die große Wertung" S. 6, "Siegpunkte
    verteilen" and "Nur Unentschieden?"): highest power is 1st, and so on.
    Tied players all get the full VP of the place they tie for, and the next
    player drops by the number tied: powers 10, 10, 5 give both 10s 1st-place
    VP and the 5 3rd-place VP; two tied for 2nd means no 3rd place. A player
    placing 4th or lower gets nothing. The breakpoint is not checked: once
    scoring starts it goes on even if power has dropped (the Unicrave /
    USS Unternehmung example).

    Returns one :class:`Placement` per player: placed players by power
    (highest first, ties in input order), then players without a minion in
    input order. Raises :class:`ScoringError` for negative or non-integer
    power, a ``vp`` that is not three integers >= 0, or ``has_minion``
    naming a player not in ``powers``.
    """
    vp = _check_vp(vp)
    for player, power in powers.items():
        if isinstance(power, bool) or not isinstance(power, int):
            raise ScoringError(
                N_("power of {player!r} must be a whole number, got {power!r}"),
                player=player,
                power=power,
            )
        if power < 0:
            raise ScoringError(
                N_("power of {player!r} is {power}; power can never be below 0"),
                player=player,
                power=power,
            )
    named = set(has_minion or ())
    unknown = sorted(named - set(powers))
    if unknown:
        raise ScoringError(
            N_("has_minion names players with no power given: {unknown}"),
            unknown=", ".join(unknown),
        )

    eligible = [p for p in powers if powers[p] > 0 or p in named]
    eligible.sort(key=lambda p: -powers[p])  # stable: ties keep input order
    result: list[Placement] = []
    for player in eligible:
        place = 1 + sum(1 for other in eligible if powers[other] > powers[player])
        won = vp[place - 1] if place <= 3 else 0
        result.append(Placement(player, powers[player], place, won))
    result.extend(Placement(p, powers[p], None, 0) for p in powers if p not in eligible)
    return result


def _check_vp(vp: Iterable[int]) -> tuple[int, int, int]:
    values = tuple(vp)
    if len(values) != 3 or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values
    ):
        raise ScoringError(
            N_("VP must be three whole numbers >= 0 (1st, 2nd, 3rd place), got {values!r}"),
            values=values,
        )
    return values  # type: ignore[return-value]


def parse_vp(text: str) -> tuple[int, int, int]:
    """Parse ``"4,2,1"`` (VP for 1st, 2nd, 3rd place) into ``(4, 2, 1)``.

    Raises :class:`ScoringError` with a one-line message unless it is three
    whole numbers >= 0 separated by commas (each as :func:`smashup_db.rules.numbers.whole` reads it:
    no ``+4``, ``4_0``, ``4.0``).
    """
    from smashup_db.rules.numbers import whole

    try:
        return _check_vp(whole(v, "vp") for v in text.split(","))
    except (ValueError, ScoringError):
        raise ScoringError(
            N_("{field} expects three whole numbers like 4,2,1, got {text!r}"),
            field="vp",
            given=text,
            text=text,
        ) from None


def parse_powers(items: Iterable[str]) -> dict[str, int]:
    """Parse ``["Anna=12", "Ben=12"]`` into ``{"Anna": 12, "Ben": 12}`` (total power per player).

    See :func:`smashup_db.rules.players.name_numbers`; raises :class:`ScoringError`
    (a ``ValueError``) with a one-line message.
    """
    from smashup_db.rules.players import name_numbers

    return name_numbers(items, "power", ScoringError)
