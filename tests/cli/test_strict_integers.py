"""Every integer a person types on the command line is read by one strict rule, the play page's
(issue 35 item 5, docs/play.md "Same input, same answer"): Click's own INT took ``+7``, ``1_000`` and
``٧`` (Python's ``int()`` reads them) where the page refuses them.

The integer parameters are found by walking the Click command tree (no list here): each must be of
the one type (cli/whole.py), and each refuses the shapes below in one line, in English and German,
and takes ``7`` (and `` 7``: spaces around are ignored by the page and the CLI alike).
"""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from helpers import one_line_error
from smashup_db.cli.whole import WholeNumber

#: Shapes Python's int() (or float) accepts that are no whole number to the page.
REFUSED = ["+7", "1_000", "7.0", "\u0667", "\u00b2", "0x7", "7 7", ""]
GERMAN = "muss eine ganze Zahl sein"


def _leaves():
    """``[(command words, click command)]`` of every command of the application (groups' own too)."""
    import typer.main

    from smashup_db.cli import app

    out = []

    def walk(cmd, path):
        out.append((path, cmd))
        for name, sub in (getattr(cmd, "commands", None) or {}).items():
            walk(sub, path + (name,))

    walk(typer.main.get_command(app), ())
    return out


def _integer_params():
    """``[(command words, click parameter)]`` of every parameter that takes a number."""
    found = []
    for path, cmd in _leaves():
        for p in cmd.params:
            if isinstance(
                p.type, (WholeNumber, click.types.IntParamType, click.types.FloatParamType)
            ):
                found.append((path, p))
            elif p.metavar == "N" or (p.metavar or "").upper() in ("INTEGER", "INT"):
                found.append((path, p))  # a number taken as text, read by hand: not the one rule
    return found


INTEGERS = _integer_params()


def _line(path, param, value):
    flag = [o for o in param.opts if o.startswith("--")] or param.opts
    return [*path, flag[0], value] if param.param_type_name == "option" else [*path, value]


def test_every_integer_parameter_is_of_the_one_strict_type():
    assert (
        len(INTEGERS) >= 17
    )  # seeds, pool, offer, avoid-recent, players, copies, game, limit, port
    commands = {path for path, _ in INTEGERS}
    assert {
        ("draft",),
        ("search",),
        ("games", "list"),
        ("collection", "add"),
        ("site", "serve"),
    } <= commands
    loose = [
        (" ".join(path), p.name) for path, p in INTEGERS if not isinstance(p.type, WholeNumber)
    ]
    assert loose == []


@pytest.mark.parametrize(
    "path,param", INTEGERS, ids=[" ".join(p) + " " + q.name for p, q in INTEGERS]
)
def test_an_integer_option_refuses_what_the_page_refuses_and_takes_7(
    smashup_cli, monkeypatch, path, param
):
    monkeypatch.setenv("SMASHUP_LANG", "en")
    for value in REFUSED:
        err = one_line_error(smashup_cli(*_line(path, param, value)), "whole number")
        assert repr(value) in err or value == "", err  # the input as typed, quoted
    monkeypatch.setenv("SMASHUP_LANG", "de")  # not every command has --lang
    for value in REFUSED:
        german = smashup_cli(*_line(path, param, value))
        assert german.exit_code == 1 and german.stderr.count("\n") == 1, german.output
        assert german.stderr.startswith("Fehler: ") and GERMAN in german.stderr, german.stderr
    ctx = click.Context(click.Command("x"))
    for value in ("7", " 7", "7 "):
        assert param.type.convert(value, param, ctx) == 7
    assert param.type.convert("-0", param, ctx) == 0


@pytest.mark.parametrize(
    "path,param", INTEGERS, ids=[" ".join(p) + " " + q.name for p, q in INTEGERS]
)
def test_an_integer_beyond_the_bound_is_refused_in_one_line(smashup_cli, path, param):
    from smashup_db.rules.numbers import MAX_WHOLE

    for value in (str(MAX_WHOLE + 1), "-" + "9" * 5000):
        one_line_error(smashup_cli(*_line(path, param, value)), "whole numbers go up to")


def test_the_fast_path_leaves_a_loose_integer_to_the_one_rule(db_path):
    """The declared commands (``search --limit``) run without Typer; a loose integer still gets the line."""
    from smashup_db.cli import fast

    declared = [
        (name, p)
        for module in fast.DECLARED
        for name, spec in __import__(
            f"smashup_db.cli.{module}", fromlist=["COMMANDS"]
        ).COMMANDS.items()
        for p in spec.params
        if p.kind == "int"
    ]
    assert declared  # search --limit
    for name, p in declared:
        args = [*name.split(), *([p.flags[0], "+7"] if p.flags else ["+7"]), "--db", db_path]
        res = subprocess.run(
            [sys.executable, "-m", "smashup_db", *args], capture_output=True, text=True, timeout=60
        )
        one_line_error(res, "whole number", "'+7'")


@pytest.mark.parametrize(
    "args,option",
    [
        (["score", "Jungle Oasis", "A=3", "B=1", "--vp", "+4,2,1"], "--vp"),
        (["score", "Jungle Oasis", "A=3", "B=1", "--vp", "4,2,\u0661"], "--vp"),
        (["score", "Jungle Oasis", "A=3", "B=1", "--minions", "A=+1"], "--minions"),
        (["score", "Jungle Oasis", "A=3", "B=1", "--minions", "A=1_0"], "--minions"),
    ],
)
def test_numbers_inside_an_option_value_follow_the_same_rule(cli, args, option):
    """``--vp`` and ``--minions`` read their numbers with int(): ``+4,2,1`` and ``A=+1`` were taken."""
    one_line_error(cli(*args), option)


@pytest.mark.parametrize("number", ["\u00b2", "\u0667", "9" * 5000])
def test_a_pool_number_is_ascii_digits(cli, number):
    """``--pick A=²`` was a traceback (str.isdigit takes "²", int() does not); ``٧`` picked number 7."""
    res = cli("draft", "-p", "A,B", "--seed", "3", "--pick", f"A={number}", "--auto")
    one_line_error(res, "is not a faction in the pool")
