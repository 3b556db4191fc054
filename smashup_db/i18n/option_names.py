"""How the command line names the inputs the rules check.

The rules name an input in their own words (a :class:`smashup_db.errors.Field`: ``offer``,
``ban`` ...); the CLI shows it as the option a person types (``--offer``) and the play page
as its form field (:mod:`smashup_db.site.play`). :data:`OPTIONS` is the CLI's side, in one
place: error messages (:func:`cli_worded`) and the keys of ``pool_control.removed`` in
``smashup draft --json`` (:func:`option_of`) read it.
"""

from __future__ import annotations

from smashup_db.errors import Message, worded

__all__ = ["OPTIONS", "cli_worded", "option_of", "option_words"]

#: Field of the rules -> how the CLI names it (an option; the pool filter of a collection is no option).
OPTIONS = {
    "format": "--format",
    "offer": "--offer",
    "pool": "--pool",
    "ban": "--ban",
    "include": "--include",
    "complexity": "--complexity",
    "products": "--products",
    "avoid_recent": "--avoid-recent",
    "collection": "the collection",
    "start": "--start",
    "seed": "--seed",
    "madness": "--madness",
    "minions": "--minions",
    "vp": "--vp",
    "copies": "--copies",
}


def option_of(field: str) -> str:
    """The CLI's name of the rules' input ``field`` (``"offer"`` -> ``"--offer"``); the field itself if unknown."""
    return OPTIONS.get(field, field)


def option_words(kind: str) -> dict | None:
    """The words the CLI shows for the values of the option ``kind`` (``{"low": "low", ...}``, English
    marked for the catalog: German "niedrig" ...), :data:`smashup_db.i18n.glossary.OPTION_WORDS`;
    None for a kind without words."""
    from smashup_db.i18n.glossary import OPTION_WORDS

    return OPTION_WORDS.get(kind)


def cli_worded(message: Message) -> Message:
    """``message`` with every input of the rules named as the CLI's option and every list of allowed
    values in the CLI's words for them (:func:`smashup_db.errors.worded`)."""
    return worded(message, option_of, option_words)
