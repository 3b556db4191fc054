"""The start-up fast path: declared commands run without loading Typer.

Typer (with its bundled Click) takes longer to import than a whole look-up
takes to run, so :func:`try_fast` parses the command lines of the commands
declared as data in their group's module (``COMMANDS`` of :data:`DECLARED`:
``card NAME``, ``search QUERY --json``, ``bases --product X``, ``db build``,
``import text FILE`` ...) against those same declarations and calls the
declared body, as the Typer command made from the declaration would. Every
other command line, including ``--help``, any unknown or malformed option, a
value Typer would convert differently, ``-x`` clusters and ``--``, is left to
Typer, which then parses and reports it as usual. :func:`display_lang` reads a
command line's display language before anything is parsed (for Typer too, in
:mod:`.framework`; here, so that a look-up does not import that module).
``tests/cli/test_startup.py`` checks that both parse every accepted command
line to the same keyword arguments.
"""

from __future__ import annotations

import importlib

#: The modules holding declared commands: a group's module is named after its group
#: (``db`` -> ``db_cmds``); the look-ups at the top level are in ``lookup_cmds``.
DECLARED = ("lookup_cmds", "bases_cmds", "db_cmds", "import_cmds")


def declarations(word: str) -> dict:
    """The declared commands (``COMMANDS``) of the module a command line starting with ``word`` belongs to."""
    module = f"{word}_cmds" if f"{word}_cmds" in DECLARED else "lookup_cmds"
    return importlib.import_module(f"{__package__}.{module}").COMMANDS


#: Commands whose ``--lang``/``-l`` is not the display language (a language to export, languages to build).
OTHER_LANG = ("export", "site")


def display_lang(args: list[str]) -> str:
    """The display language of a command line: its ``--lang``/``-l`` (de or en), else the locale's.

    Read before anything is parsed, so that help and usage errors come out in it
    too. An unknown value is left for the command to report (the locale's language meanwhile).
    """
    from smashup_db.i18n import LANGS, default_lang

    if not args or args[0] not in OTHER_LANG:
        for i, token in enumerate(args):
            if token == "--":
                break
            value = None
            if token in ("--lang", "-l") and i + 1 < len(args):
                value = args[i + 1]
            elif token.startswith("--lang="):
                value = token[len("--lang=") :]
            if value is not None and value.lower() in LANGS:
                return value.lower()
    return default_lang()


class _Unsure(Exception):
    """A command line the fast path leaves to Typer."""


def _value(param, value: str):
    """An option's or argument's text converted as Click converts it for ``param``'s kind."""
    if param.kind == "int":  # as cli.whole.WholeNumber reads it; anything else Typer refuses
        from smashup_db.errors import RuleError
        from smashup_db.rules.numbers import whole

        try:
            return whole(value, param.name)
        except RuleError:
            raise _Unsure from None
    if param.kind == "path":
        from pathlib import Path

        return Path(value)
    return value


def _option(token: str, options: dict, rest) -> tuple:
    """``(parameter, value)`` of the option ``token`` (``--x=v``, ``--x v``, ``-x v`` or a flag)."""
    name, eq, value = token.partition("=") if token.startswith("--") else (token, "", "")
    param = options.get(name)
    if param is None:
        raise _Unsure
    if param.kind == "flag":
        if eq:
            raise _Unsure
        return param, True
    if not eq:
        value = next(rest, None)
        if value is None:
            raise _Unsure
    return param, _value(param, value)


def _positionals(positional: list, values: list[str]) -> dict:
    """The positional arguments by name; the last one may take zero or more values (kind ``texts``)."""
    if positional and positional[-1].kind == "texts":
        head = len(positional) - 1
        if len(values) < head:
            raise _Unsure
        found = {
            p.name: _value(p, v) for p, v in zip(positional[:head], values[:head], strict=True)
        }
        found[positional[-1].name] = values[head:] or None
        return found
    if len(values) != len(positional):
        raise _Unsure
    return {p.name: _value(p, v) for p, v in zip(positional, values, strict=True)}


def parse(args: list[str]) -> tuple[str, dict] | None:
    """``(command's words, keyword arguments)`` for a command line the fast path handles, else None.

    Every declared parameter is in the keyword arguments: given, else its declared default.
    """
    if not args:
        return None
    commands = declarations(args[0])
    name = " ".join(args[:2]) if " ".join(args[:2]) in commands else args[0]
    spec = commands.get(name)
    if spec is None:
        return None
    options = {flag: p for p in spec.params for flag in p.flags}
    kwargs: dict = {p.name: p.default for p in spec.params}
    values: list[str] = []
    rest = iter(args[len(name.split()) :])
    try:
        for token in rest:
            if token.startswith("-") and token != "-":
                param, value = _option(token, options, rest)
                kwargs[param.name] = value
            else:
                values.append(token)
        kwargs.update(_positionals([p for p in spec.params if p.positional], values))
    except _Unsure:
        return None
    return name, kwargs


def try_fast(args: list[str]) -> bool:
    """Run ``args`` on the fast path when it can; True when it did (the command has run)."""
    parsed = parse(args)
    if parsed is None:
        return False
    name, kwargs = parsed
    module, _dot, function = declarations(args[0])[name].body.rpartition(".")
    getattr(importlib.import_module(f"{__package__}.{module}"), function)(**kwargs)
    return True
