"""Every command's --help speaks to a player: no programming types (<bool>, <list[str]>, <str>, INTEGER) beside
its options and no pointer to a file of the source tree (docs/...) that a pip user does not have."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from smashup_db.cli import app

#: Programming types, and Click's own type word for a number (every number option shows ``N``).
TYPES = re.compile(r"<(bool|str|int|path|list\[[a-z]+\]|float)>|\bINTEGER\b")


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


def _bad_helps(lang: str) -> list[str]:
    """The commands whose ``--help`` in ``lang`` shows a programming type or a docs/ file."""
    from typer.testing import CliRunner

    runner, bad = CliRunner(), []
    for path in _leaves():
        out = runner.invoke(app, [*path, "--help"], env={"SMASHUP_LANG": lang})
        assert out.exit_code == 0, (path, out.output)
        if TYPES.search(out.stdout) or "docs/" in out.stdout:
            bad.append(" ".join(path) or "(root)")
    return bad


def test_no_command_help_shows_programming_types_or_source_files_in_english():
    assert not _bad_helps("en")


def test_no_command_help_shows_programming_types_or_source_files_in_german():
    """In a child process: help texts are built once per process, in its language."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import test_help_explains_itself as t; "
        "bad = t._bad_helps('de'); print(bad); sys.exit(1 if bad else 0)"
    )
    here = str(Path(__file__).parent)
    proc = subprocess.run(
        [sys.executable, "-c", code, here], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]


def test_number_options_still_say_they_take_a_number(smashup_cli):
    out = smashup_cli("draft", "--help")
    assert re.search(r"--pool\s+N\s", out.stdout), out.stdout
