"""What players type about themselves: names, and ``NAME=NUMBER`` pairs (power, VP, Madness cards).

One parser for ``smashup score`` (power at a base), ``smashup game end`` (VP,
the Madness cards) and the game log, so every command takes and refuses the same
shapes with the same messages.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from smashup_db.errors import N_, Message, UserError
from smashup_db.rules.numbers import MAX_WHOLE

_DIGITS = re.compile(r"-?[0-9]+")

#: Longest player name accepted (characters).
MAX_NAME = 40


class PlayerInputError(UserError, ValueError):
    """A malformed player name or ``NAME=NUMBER`` pair; one line."""


#: Bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE ...): dropped from names, as terminal
#: escapes are dropped from text, so a name cannot reorder the line it is shown in. The same set
#: as :data:`smashup_db.common.sanitize.BIDI_CONTROLS` (rules import nothing of ours).
_BIDI = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)
#: Format characters that belong to names in some scripts (zero-width non-joiner and joiner: Persian, Hindi, emoji).
_JOINERS = {"\u200c", "\u200d"}


def check_player_name(name, error: type[UserError] = PlayerInputError) -> str:
    """``name`` stripped and without bidi controls; ``error`` when blank, longer than :data:`MAX_NAME`
    or holding other control or format characters.

    Letters of every script are names (Cyrillic, Greek, CJK, Arabic ...). This
    is the one check for owners and players, so whatever ``collection add`` or
    ``game record`` accepts, an export writes and an import reads back as it is.
    """
    if not isinstance(name, str) or not name.translate(_BIDI).strip():
        raise error(N_("player names must be non-empty text"))
    name = name.translate(_BIDI).strip()
    if len(name) > MAX_NAME:
        raise error(
            N_("player name {name!r}... is longer than {max_name} characters"),
            name=name[:20],
            max_name=MAX_NAME,
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in _JOINERS for ch in name):
        raise error(N_("player name {name!r} holds control characters"), name=name)
    return name


#: The numbers :func:`name_numbers` reads: their word and the message for a pair without ``=``.
NUMBER_WORDS = {
    "power": (N_("power"), N_("expected NAME=POWER, got {text!r} (e.g. Anna=12)")),
    "VP": (N_("VP"), N_("expected NAME=VP, got {text!r} (e.g. Anna=12)")),
    "Madness cards": (
        N_("Madness cards"),
        N_("expected NAME=MADNESS CARDS, got {text!r} (e.g. Anna=2)"),
    ),
}
_OTHER = ("", N_("expected NAME={what}, got {text!r} (e.g. Anna=12)"))


def _word(what: str):
    return Message(NUMBER_WORDS[what][0]) if what in NUMBER_WORDS else what


def name_numbers(
    items: Iterable[str], what: str, error: type[UserError] = PlayerInputError
) -> dict[str, int]:
    """``["Anna=12", "Ben=3,Cleo=0"]`` -> ``{"Anna": 12, "Ben": 3, "Cleo": 0}`` (``what`` names the number).

    Each item is one pair or several separated by commas; the last ``=`` of a
    pair splits name from number. Raises ``error`` (one line) for a missing
    ``=`` or name, a bad name (:func:`check_player_name`), a number that is not
    a whole number >= 0, or a player given twice.
    """
    out: dict[str, int] = {}
    for item in items:
        for part in [x for x in item.split(",") if x.strip()]:
            name, sep, value = part.rpartition("=")
            name, value = name.strip(), value.strip()
            if not sep or not name:
                raise error(NUMBER_WORDS.get(what, _OTHER)[1], what=what.upper(), text=part.strip())
            name = check_player_name(name, error)
            if not _DIGITS.fullmatch(value):  # the shape of rules.numbers.whole: no +7, 1_000, 7.0
                raise error(
                    N_("{what} of {name!r} must be a whole number, got {value!r}"),
                    what=_word(what),
                    name=name,
                    value=value,
                )
            if len(value.lstrip("-").lstrip("0")) > 16 or abs(int(value)) > MAX_WHOLE:
                raise error(
                    N_("{what} of {name!r} is too large: whole numbers go up to {max}"),
                    what=_word(what),
                    name=name,
                    max=MAX_WHOLE,
                )
            number = int(value)
            if number < 0:
                raise error(
                    N_("{what} of {name!r} is {number}; it can never be below 0"),
                    what=_word(what),
                    name=name,
                    number=number,
                )
            if name in out:
                raise error(N_("player {name!r} is given twice"), name=name)
            out[name] = number
    return out
