"""The ``smashup`` Typer application: the root group, whose commands come from the command modules.

Each ``*_cmds`` module owns one Typer app: a named group (``collection``,
``game``, ``db`` ...), the module being named after it (``collection_cmds``),
or, for the top-level commands, a nameless one whose commands are merged into
the root (``lookup_cmds``: the look-ups; ``gamenight_cmds``: draft and score;
``setup_cmds``: setup). They parse, call the library and print, and hold no
rules of their own.

A command line needs one of them only, so the root group imports a module when
one of its commands is first looked up (:class:`Commands`, the root's
``commands``, a mapping in Click's sense): ``smashup draft ...`` loads
``gamenight_cmds`` and nothing of ``site`` or ``collection``. ``smashup --help``
and a mistyped command (the suggestion) load them all.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import MutableMapping

import typer
import typer.main

from smashup_db.cli.framework import apply, classes
from smashup_db.i18n import _

#: The command modules in the order their commands appear in ``smashup --help``.
MODULES = (
    "lookup_cmds",
    "bases_cmds",
    "gamenight_cmds",
    "setup_cmds",
    "collection_cmds",
    "game_cmds",
    "games_cmds",
    "preset_cmds",
    "import_cmds",
    "export_cmds",
    "translations_cmds",
    "site_cmds",
    "db_cmds",
    "data_cmds",
)


@functools.cache
def module_commands(module_name: str) -> dict:
    """The Click commands a command module adds to the root, by name (its group, or its top-level commands).

    Made once per process (the module's Typer app is given our command classes here).
    """
    module_app = importlib.import_module(f"{__package__}.{module_name}").app
    apply(module_app)  # its usage lines, help option and usage errors in the display language
    group = typer.main.get_group(module_app)
    if not group.name:
        return dict(group.commands)  # a nameless group: its commands go to the root
    return {group.name: group}


def _may_hold(module_name: str, name: str) -> bool:
    """False when the module's declared commands (``COMMANDS``, data: cheap to import) say ``name`` is
    not a top-level command of it (a module that declares commands declares all its top-level ones)."""
    declared = getattr(importlib.import_module(f"{__package__}.{module_name}"), "COMMANDS", None)
    return declared is None or name in declared


class Commands(MutableMapping):
    """The root's subcommands by name; a module is imported when one of its commands is first needed.

    A name is looked for in the module named after it (``db`` -> ``db_cmds``),
    else in the modules of top-level commands, in :data:`MODULES` order.
    """

    def __init__(self) -> None:
        self._loaded: dict = {}
        self._modules_done: set[str] = set()

    def _load(self, module_name: str) -> None:
        if module_name not in self._modules_done:
            self._modules_done.add(module_name)
            self._loaded.update(module_commands(module_name))  # a copy: the root may add to it

    def __getitem__(self, name: str):
        if name not in self._loaded and isinstance(name, str):
            own = f"{name}_cmds"
            for module_name in [own] if own in MODULES else MODULES:
                if own not in MODULES and not _may_hold(module_name, name):
                    continue
                self._load(module_name)
                if name in self._loaded:
                    break
        return self._loaded[name]

    def __iter__(self):
        for module_name in MODULES:
            self._load(module_name)
        return iter(list(self._loaded))

    def __len__(self) -> int:
        return len(list(iter(self)))

    def __setitem__(self, name: str, command) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._loaded[name]


class Root(classes()[1]):
    """The root group (speaking the display language, as every group): its commands are :class:`Commands`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commands = Commands()


app = typer.Typer(
    name="smashup",
    cls=Root,
    help=_(
        "Smash Up catalogue and game-night helper, in English and German.\n\n"
        "Examples:\n\n"
        '  smashup draft --players "Anna,Ben,Cleo" --auto --seed 1\n\n'
        '  smashup card "Cäsiumrüstung" --lang de\n\n'
        "  smashup faction Wechslerbots --json"
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


@app.callback()
def root() -> None:  # no options of its own: the callback makes Typer build the root as a group
    pass


apply(app)  # the root's usage line, help option and usage errors in the display language
