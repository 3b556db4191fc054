"""The start-up fast path: simple look-ups run without loading Typer.

Typer (with its bundled Click) takes longer to import than a whole look-up
takes to run, so :func:`try_fast` recognises the common shapes of the read
commands (``card NAME``, ``search QUERY --json``, ``bases --product X`` ...)
and calls the same function the Typer command would (:mod:`.lookups`). Every
other command line, including ``--help``, any unknown or malformed option,
``-x`` clusters and ``--``, is left to Typer, which then parses and reports it
as usual. ``tests/test_startup.py`` checks that :data:`COMMANDS` agrees with
the Typer commands' parameters, and the golden files run both ways.
Set ``SMASHUP_NO_FASTPATH=1`` to always go through Typer.
"""

from __future__ import annotations

import os

#: Options shared by the look-ups: option strings -> (parameter, takes a value).
_DB = {"--db": ("db", True)}
_LANG = {"--lang": ("lang", True), "-l": ("lang", True)}
_JSON = {"--json": ("json_out", False)}
_LOOKUP = {**_DB, **_LANG, **_JSON}
_PRINTING = {"--printing": ("printing", True)}

#: command -> (positional parameters, options). Mirrors the Typer commands exactly.
COMMANDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, bool]]]] = {
    "products": ((), _LOOKUP),
    "factions": ((), {**_LOOKUP, "--product": ("product", True), "-p": ("product", True)}),
    "faction": (("name",), _LOOKUP),
    "card": (("name",), {**_LOOKUP, **_PRINTING}),
    "base": (("name",), {**_LOOKUP, **_PRINTING}),
    "bases": ((), {**_LOOKUP, **_PRINTING, "--product": ("product", True), "-p": ("product", True),
                   "--faction": ("faction", True), "-f": ("faction", True)}),
    "stats": ((), {**_DB, **_JSON}),
    "search": (("query",), {**_LOOKUP, "--limit": ("limit", True), "-n": ("limit", True)}),
}
#: Parameters converted to int (a value that is not a whole number goes to Typer for its message).
_INTS = {"limit"}


def parse(args: list[str]) -> tuple[str, dict] | None:
    """``(command, keyword arguments)`` for a command line the fast path handles, else None."""
    if not args or args[0] not in COMMANDS:
        return None
    positional, options = COMMANDS[args[0]]
    kwargs: dict = {}
    values: list[str] = []
    rest = iter(args[1:])
    for token in rest:
        if token.startswith("-") and token != "-":
            name, eq, value = token.partition("=")
            if name not in options or name in ("-h", "--help"):
                return None
            param, takes_value = options[name]
            if not takes_value:
                if eq:
                    return None
                kwargs[param] = True
                continue
            if not eq:
                value = next(rest, None)
                if value is None:
                    return None
            if param in _INTS:
                try:
                    value = int(value)
                except ValueError:
                    return None
            kwargs[param] = value
        else:
            values.append(token)
    if len(values) != len(positional):
        return None
    kwargs.update(zip(positional, values))
    return args[0], kwargs


def try_fast(args: list[str]) -> bool:
    """Run ``args`` on the fast path when it can; True when it did (the command has run)."""
    if os.environ.get("SMASHUP_NO_FASTPATH"):
        return False
    parsed = parse(args)
    if parsed is None:
        return False
    from . import lookups

    command, kwargs = parsed
    getattr(lookups, command)(**kwargs)
    return True
