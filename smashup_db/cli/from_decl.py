"""Typer commands and options made from the declarations of :mod:`.decl`.

A declared parameter becomes an ``Annotated`` Typer option or argument
(:func:`annotated`); a declared command becomes a Typer command whose
function has exactly the declared parameters and calls the declared body
(:func:`add_command`). Help texts are translated into the display language
here, when the application is built (see :func:`smashup_db.cli.typer_app`).
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from smashup_db.cli.decl import Command, Param
from smashup_db.cli.whole import WHOLE_NUMBER
from smashup_db.i18n import _

_TYPES = {
    "text": Optional[str],
    "int": Optional[int],
    "path": Optional[Path],
    "flag": bool,
    "texts": Optional[List[str]],
}


def annotated(param: Param):
    """``Annotated[type, typer.Option(...)]`` (or ``typer.Argument``) for a declared parameter."""
    kind = _TYPES[param.kind]
    if param.kind == "int" and param.default is not None:
        kind = int
    if param.positional:
        if param.kind != "texts":
            kind = {"text": str, "int": int, "path": Path}[param.kind]
        whole = {"click_type": WHOLE_NUMBER} if param.kind == "int" else {}
        return Annotated[kind, typer.Argument(help=_(param.help), show_default=False, **whole)]
    bound = {"click_type": WHOLE_NUMBER, "metavar": "N"} if param.kind == "int" else {}
    return Annotated[
        kind,
        typer.Option(
            *param.flags,
            help=_(param.help),
            show_default=param.default not in (None, False),
            **bound,
        ),
    ]


def body(command: Command):
    """The function ``command.body`` names (``"lookups.card"`` is :func:`smashup_db.cli.lookups.card`)."""
    module, _dot, function = command.body.rpartition(".")
    return getattr(importlib.import_module(f"{__package__}.{module}"), function)


def _signature(command: Command, context: bool) -> tuple[inspect.Signature, dict]:
    params, annotations = [], {}
    if context:
        params.append(
            inspect.Parameter(
                "ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context
            )
        )
        annotations["ctx"] = typer.Context
    for p in command.params:
        kind = annotated(p)
        required = p.positional and p.kind != "texts"
        params.append(
            inspect.Parameter(
                p.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=kind,
                default=inspect.Parameter.empty if required else p.default,
            )
        )
        annotations[p.name] = kind
    return inspect.Signature(params), annotations


def typer_app(commands: dict[str, Command], **settings) -> typer.Typer:
    """A Typer app (``typer.Typer(**settings)``) holding the declared ``commands``, a group's own one as its callback.

    No shell-completion options of its own: they are the root's (the group is built on its own, see
    :mod:`.application`).
    """
    app = typer.Typer(add_completion=False, **settings)
    for command in commands.values():
        add_command(app, command)
    return app


def add_command(app: typer.Typer, command: Command) -> None:
    """Register ``command`` on ``app``: as ``app``'s own callback for a group's command, else as a subcommand."""
    if command.group:

        def entry(ctx: typer.Context, **kwargs) -> None:
            if ctx.invoked_subcommand is None:
                body(command)(**kwargs)
    else:

        def entry(**kwargs) -> None:
            body(command)(**kwargs)

    entry.__signature__, entry.__annotations__ = _signature(command, command.group)
    entry.__name__ = entry.__qualname__ = command.name.replace(" ", "_")
    entry.__doc__ = command.help
    if command.group:
        app.callback(invoke_without_command=True, help=_(command.help))(entry)
    else:
        app.command(command.name.split()[-1], help=_(command.help))(entry)
