"""Option values as people type them, in English or German -> the value the rules take.

``--complexity niedrig,mittel``, ``--printing deutsch``, ``--base-mode fraktion``, ``--format
Schlange``: the CLI shows these values in the display language, so it takes them back in either
language. The spellings are the glossary's (:data:`smashup_db.i18n.glossary.OPTION_VALUES`),
compared by the one name key (:func:`smashup_db.common.text.name_key`). A value that is none of
them comes back as it was typed, for the rule that checks it to refuse with its own message.
"""

from __future__ import annotations

from functools import lru_cache

from smashup_db.common.text import name_key
from smashup_db.i18n.glossary import OPTION_VALUES


@lru_cache(maxsize=None)
def _table(kind: str) -> dict[str, str]:
    return {name_key(spelled): value for spelled, value in OPTION_VALUES[kind].items()}


def canonical(kind: str, value: str | None) -> str | None:
    """The value ``value`` names among the ``kind`` option's values (``complexity``, ``printing``,
    ``base_mode``, ``format``): ``canonical("complexity", "Niedrig") == "low"``; ``value`` itself
    when it names none (None stays None). Raises KeyError for an unknown ``kind``."""
    if value is None:
        return None
    return _table(kind).get(name_key(value), value)


def canonical_list(kind: str, value):
    """:func:`canonical` of each comma-separated part of ``value`` (a string or a list of them),
    in the same shape: ``"niedrig, mittel"`` -> ``"low,medium"``; None stays None."""
    if value is None:
        return None
    if isinstance(value, str):
        return ",".join(str(canonical(kind, p)) for p in value.split(","))
    return [canonical_list(kind, str(v)) for v in value]
