"""The start-up fast path: simple look-ups run without loading Typer.

Typer (with its bundled Click) takes longer to import than a whole look-up
takes to run, so :func:`try_fast` recognises the common shapes of the read
commands (``card NAME``, ``search QUERY --json``, ``bases --product X`` ...)
and calls the same function the Typer command would (:mod:`.lookups`). Every
other command line, including ``--help``, any unknown or malformed option,
``-x`` clusters and ``--``, is left to Typer, which then parses and reports it
as usual. ``tests/cli/test_startup.py`` checks that :data:`COMMANDS` agrees with
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

#: command -> (positional parameters, options). Mirrors the Typer commands exactly. A positional
#: parameter ending in ``*`` takes one or more values (a list). Two-word commands are ``"db build"``.
COMMANDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, bool]]]] = {
    "products": ((), _LOOKUP),
    "factions": ((), {**_LOOKUP, "--product": ("product", True), "-p": ("product", True)}),
    "faction": (("name",), _LOOKUP),
    "card": (("name",), {**_LOOKUP, **_PRINTING}),
    "base": (("name",), {**_LOOKUP, **_PRINTING}),
    "bases": ((), {**_LOOKUP, **_PRINTING, "--product": ("product", True), "-p": ("product", True),
                   "--faction": ("faction", True), "-f": ("faction", True)}),
    "stats": ((), _LOOKUP),
    "search": (("query",), {**_LOOKUP, "--limit": ("limit", True), "-n": ("limit", True)}),
    "db build": ((), {**_DB, "--data": ("data", True)}),
    "import text": (("sources*",), {**_DB, **_JSON}),
}
#: Where each command's body lives (module in this package, function).
RUNS = {"db build": ("writes", "db_build"), "import text": ("writes", "import_text")}
#: Parameters converted to int (a value that is not a whole number goes to Typer for its message).
_INTS = {"limit"}


def parse(args: list[str]) -> tuple[str, dict] | None:
    """``(command, keyword arguments)`` for a command line the fast path handles, else None."""
    if not args:
        return None
    command = " ".join(args[:2]) if " ".join(args[:2]) in COMMANDS else args[0]
    if command not in COMMANDS:
        return None
    positional, options = COMMANDS[command]
    kwargs: dict = {}
    values: list[str] = []
    rest = iter(args[len(command.split()):])
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
    if positional and positional[-1].endswith("*"):
        if len(values) < len(positional):
            return None
        head = len(positional) - 1
        kwargs.update(zip(positional[:head], values[:head]))
        kwargs[positional[-1][:-1]] = values[head:]
    elif len(values) != len(positional):
        return None
    else:
        kwargs.update(zip(positional, values))
    return command, kwargs


def try_fast(args: list[str]) -> bool:
    """Run ``args`` on the fast path when it can; True when it did (the command has run)."""
    if os.environ.get("SMASHUP_NO_FASTPATH"):
        return False
    parsed = parse(args)
    if parsed is None:
        return False
    import importlib

    command, kwargs = parsed
    module, function = RUNS.get(command, ("lookups", command))
    getattr(importlib.import_module(f".{module}", __package__), function)(**kwargs)
    return True
