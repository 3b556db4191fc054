"""The words to declare a command as plain data: :class:`Param`, :class:`Command`, the shared options.

The commands that must start fast (the look-ups, ``bases``, ``db build``, ``db
recover``, ``import text``) are declared with these, once, in their group's
module (its ``COMMANDS``: :mod:`.lookup_cmds`, :mod:`.bases_cmds`,
:mod:`.db_cmds`, :mod:`.import_cmds`). :mod:`.from_decl` makes the Typer
commands from a declaration (help translated into the display language), and
the start-up fast path (:mod:`.fast`) parses a command line against the very
same declaration, so there is no second table to keep in step. Every other
command is an ordinary Typer function in its group's module. This module
imports nothing heavy (start-up: no typer, no typing, no dataclasses); help
texts are English messages marked for the gettext catalog.
"""

from __future__ import annotations

from smashup_db.i18n import N_

#: Kinds of value: a string, a whole number, a path, an on/off flag, or zero or more strings (a positional list).
KINDS = ("text", "int", "path", "flag", "texts")


class Param:
    """One parameter of a declared command.

    ``name`` is the body's keyword argument; ``flags`` the option strings
    (``"--lang", "-l"``), none for a positional argument; ``help`` an English
    message (translated where the Typer command is built); ``kind`` one of
    :data:`KINDS`; ``default`` the value when it is not given (positional
    arguments other than ``texts`` are required).
    """

    __slots__ = ("name", "flags", "help", "kind", "default")

    def __init__(self, name: str, *flags: str, help: str, kind: str = "text", default=None) -> None:
        assert kind in KINDS, kind
        self.name, self.flags, self.help, self.kind, self.default = name, flags, help, kind, default

    @property
    def positional(self) -> bool:
        """True for an argument (no option strings)."""
        return not self.flags


class Command:
    """A declared command: its words (``"card"``, ``"db build"``), help (English), parameters and body.

    ``body`` is ``"module.function"`` in this package, called with one keyword
    argument per parameter. ``group`` is True for a group's own command (``bases``,
    which also has subcommands).
    """

    __slots__ = ("name", "help", "params", "body", "group")

    def __init__(self, name: str, help: str, params: tuple, body: str, group: bool = False) -> None:
        self.name, self.help, self.params, self.body, self.group = name, help, params, body, group


def declared(*commands: Command) -> dict[str, Command]:
    """A group module's ``COMMANDS``: its declared commands by their words (``"card"``, ``"db build"``)."""
    return {c.name: c for c in commands}


# ---------------------------------------------------------------------- options several commands share

DB = Param(
    "db",
    "--db",
    help=N_("Database file or SQLAlchemy URL (default: $SMASHUP_DB, else the user data folder)."),
)
LANG = Param(
    "lang",
    "--lang",
    "-l",
    help=N_("Display language: de or en (default: from the locale, else en)."),
)
JSON = Param(
    "json_out",
    "--json",
    kind="flag",
    default=False,
    help=N_("Print JSON for scripts instead of a table."),
)
DATA = Param("data", "--data", kind="path", help=N_("The data/ folder (default: the shipped one)."))
PRINTING = Param(
    "printing",
    "--printing",
    help=N_(
        "Which printing's facts where you own none: original, current or german (the printing you own comes first, "
        "else this, else current)."
    ),
)
OWNER = Param(
    "owner",
    "--owner",
    help=N_(
        "Whose boxes decide the printing shown (an owner of the collection; default: every owner's)."
    ),
)
LOOKUP = (DB, LANG, JSON)
