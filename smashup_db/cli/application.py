"""The ``smashup`` Typer application: the root group composed of every command module's own app.

Each ``*_cmds`` module owns one Typer app: a named group (``collection``,
``game``, ``db`` ...) or, for the top-level commands, a nameless one whose
commands are merged into the root (``lookup_cmds``: the look-ups;
``gamenight_cmds``: draft and score). This module only composes them; they
parse, call the library and print, and hold no rules of their own.
"""

from __future__ import annotations

import typer

from smashup_db.cli import (
    bases_cmds,
    collection_cmds,
    data_cmds,
    db_cmds,
    export_cmds,
    game_cmds,
    gamenight_cmds,
    games_cmds,
    import_cmds,
    lookup_cmds,
    preset_cmds,
    setup_cmds,
    site_cmds,
    translations_cmds,
)
from smashup_db.cli.framework import apply
from smashup_db.i18n import _

app = typer.Typer(
    name="smashup",
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


#: The command modules in the order their commands appear in ``smashup --help``.
MODULES = (
    lookup_cmds,
    bases_cmds,
    gamenight_cmds,
    setup_cmds,
    collection_cmds,
    game_cmds,
    games_cmds,
    preset_cmds,
    import_cmds,
    export_cmds,
    translations_cmds,
    site_cmds,
    db_cmds,
    data_cmds,
)
for _module in MODULES:
    app.add_typer(_module.app)
apply(app)  # every command's usage line, help option and usage errors in the display language
