"""Every command's --help speaks to a player: no programming types (<bool>, <list[str]>, <str>) beside
its options and no pointer to a file of the source tree (docs/...) that a pip user does not have."""

from __future__ import annotations

import re

import pytest

from smashup_db.cli import app

TYPES = re.compile(r"<(bool|str|int|path|list\[[a-z]+\]|float)>")


def _leaves() -> list[list[str]]:
    """Every command path of the CLI, groups and leaves (``[["draft"], ["game", "end"], ...]``)."""
    import typer.main

    out: list[list[str]] = []

    def walk(cmd, path):
        out.append(path)
        if hasattr(cmd, "commands"):
            for name in cmd.list_commands(None):
                walk(cmd.get_command(None, name), [*path, name])

    walk(typer.main.get_command(app), [])
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_command_help_shows_programming_types_or_source_files(smashup_cli, monkeypatch, lang):
    monkeypatch.setenv("SMASHUP_LANG", lang)
    bad = []
    for path in _leaves():
        out = smashup_cli(*path, "--help")
        assert out.exit_code == 0, (path, out.output)
        if TYPES.search(out.stdout) or "docs/" in out.stdout:
            bad.append(" ".join(path) or "(root)")
    assert not bad, bad


def test_number_options_still_say_they_take_a_number(smashup_cli):
    out = smashup_cli("draft", "--help")
    assert re.search(r"--pool\s+N\s", out.stdout), out.stdout
