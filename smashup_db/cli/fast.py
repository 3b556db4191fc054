"""The start-up fast path: declared commands run without loading Typer.

Typer (with its bundled Click) takes longer to import than a whole look-up
takes to run, so :func:`try_fast` parses the command lines of the commands
declared in :mod:`.decl` (``card NAME``, ``search QUERY --json``, ``bases
--product X``, ``db build``, ``import text FILE`` ...) against those same
declarations and calls the declared body, as the Typer command made from the
declaration would. Every other command line, including ``--help``, any
unknown or malformed option, a value Typer would convert differently, ``-x``
clusters and ``--``, is left to Typer, which then parses and reports it as
usual. ``tests/cli/test_startup.py`` checks that both parse every accepted
command line to the same keyword arguments.
"""

from __future__ import annotations

from smashup_db.cli.decl import COMMANDS


def parse(args: list[str]) -> tuple[str, dict] | None:
    """``(command, keyword arguments)`` for a command line the fast path handles, else None.

    Every declared parameter is in the keyword arguments: given, else its declared default.
    """
    if not args:
        return None
    command = " ".join(args[:2]) if " ".join(args[:2]) in COMMANDS else args[0]
    spec = COMMANDS.get(command)
    if spec is None:
        return None
    options = {flag: p for p in spec.params for flag in p.flags}
    positional = [p for p in spec.params if p.positional]
    kwargs: dict = {p.name: p.default for p in spec.params}
    values: list[str] = []
    rest = iter(args[len(command.split()) :])
    for token in rest:
        if token.startswith("-") and token != "-":
            name, eq, value = token.partition("=") if token.startswith("--") else (token, "", "")
            param = options.get(name)
            if param is None:
                return None
            if param.kind == "flag":
                if eq:
                    return None
                kwargs[param.name] = True
                continue
            if not eq:
                value = next(rest, None)
                if value is None:
                    return None
            if param.kind == "int":
                try:
                    value = int(value)  # as Click converts it
                except ValueError:
                    return None  # Typer says what is wrong with it
            elif param.kind == "path":
                from pathlib import Path

                value = Path(value)
            kwargs[param.name] = value
        else:
            values.append(token)
    if positional and positional[-1].kind == "texts":
        head = len(positional) - 1
        if len(values) < head:
            return None
        kwargs.update((p.name, v) for p, v in zip(positional[:head], values))
        kwargs[positional[-1].name] = values[head:] or None
    elif len(values) != len(positional):
        return None
    else:
        kwargs.update((p.name, v) for p, v in zip(positional, values))
    return command, kwargs


def try_fast(args: list[str]) -> bool:
    """Run ``args`` on the fast path when it can; True when it did (the command has run)."""
    parsed = parse(args)
    if parsed is None:
        return False
    import importlib

    command, kwargs = parsed
    module, _dot, function = COMMANDS[command].body.rpartition(".")
    getattr(importlib.import_module(f".{module}", __package__), function)(**kwargs)
    return True
