"""Whole numbers a person types: one shape and one bound for all of them.

Every integer a person gives (a seed, a pool or offer size, VP, Madness cards, copies, game
numbers, limits) is written as ASCII digits with an optional leading ``-`` (no ``+``, no ``_``,
no ``7.0``, no digits of other scripts) and lies within ``-MAX_WHOLE .. MAX_WHOLE``. The bound is
the largest integer a browser's number holds exactly (2**53 - 1, JavaScript's
``Number.MAX_SAFE_INTEGER``), so the play page shows the same number the CLI prints, and it fits a
64-bit SQLite INTEGER, so nothing a person types overflows the database. The play page's engine
(``templates/site/assets/play-engine.js``, ``wholeNumber``) applies the same rule with the same messages.
"""

from __future__ import annotations

import re

from smashup_db.errors import N_, RuleError

#: The largest whole number taken anywhere (and the most negative is its negation).
MAX_WHOLE = 2**53 - 1

_SHAPE = re.compile(r"-?[0-9]+")
#: The refusal of a number beyond the bound (the same words on the play page).
TOO_LARGE = N_("{field} is too large: whole numbers go up to {max}")


def check_whole(number: int, field: str) -> int:
    """``number`` when ``-MAX_WHOLE <= number <= MAX_WHOLE``; else :class:`RuleError` naming ``field``
    (the number itself is not printed back: it may have thousands of digits)."""
    if -MAX_WHOLE <= number <= MAX_WHOLE:
        return number
    raise RuleError(TOO_LARGE, field=field, given=None, allowed=f"<= {MAX_WHOLE}", max=MAX_WHOLE)


def whole(text: str, field: str) -> int:
    """``text`` (surrounding spaces ignored) as a whole number within :data:`MAX_WHOLE`.

    Raises :class:`RuleError` (``field`` names the input) for any other shape, with the message the
    play page gives for the same text.
    """
    stripped = str(text).strip()
    if not _SHAPE.fullmatch(stripped):
        raise RuleError(
            N_("{field} must be a whole number, got {value!r}"),
            field=field,
            given=text,
            allowed="digits",
            value=str(text),
        )
    if len(stripped.lstrip("-").lstrip("0")) > 16:  # beyond MAX_WHOLE: no int() of 5,000 digits
        raise RuleError(
            TOO_LARGE, field=field, given=None, allowed=f"<= {MAX_WHOLE}", max=MAX_WHOLE
        )
    return check_whole(int(stripped), field)
