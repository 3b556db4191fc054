"""Start-up: look-ups load only what they need, and the fast path parses as Typer does (one declaration)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smashup_db.cli import fast, output


def _declared() -> dict:
    """Every declared command by its words, from the group modules the fast path reads."""
    import importlib

    found: dict = {}
    for module in fast.DECLARED:
        commands = importlib.import_module(f"smashup_db.cli.{module}").COMMANDS
        assert not found.keys() & commands.keys(), module  # each command declared once
        found.update(commands)
    return found


DECLARED = _declared()

#: Modules a look-up must never import (each costs tens of milliseconds of start-up).
DENY = (
    "typer",
    "click",
    "pydantic",
    "sqlalchemy",
    "sqlmodel",
    "jinja2",
    "alembic",
    "rapidfuzz",
    "rich",
    "importlib.metadata",
)

#: Command lines that must run without the heavy modules (writers on a current SQLite database included).
LOOKUPS = [
    ["card", "cesium armor"],
    ["card", "Cäsiumrüstung", "--json"],
    ["base", "USS Undertaking", "--lang", "de"],
    ["search", "t:minion f:ninjas pow>=3", "--json"],
    ["faction", "ninjas", "--json"],
    ["stats", "--json"],
]

_PROBE = """
import sys, json
sys.argv = ["smashup"] + json.loads(sys.argv[1])
from smashup_db.cli import main
try:
    main()
finally:
    sys.stdout.flush()
    sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


@pytest.fixture(scope="module")
def built_db(tmp_path_factory):
    """A built database (so the look-ups below are pure reads)."""
    db = str(tmp_path_factory.mktemp("startup") / "s.db")
    env = {**os.environ, "SMASHUP_DB": db, "LANG": "C.UTF-8"}
    subprocess.run(
        [sys.executable, "-m", "smashup_db", "stats"], env=env, check=True, capture_output=True
    )
    return env


@pytest.mark.parametrize("args", LOOKUPS, ids=lambda a: " ".join(a))
def test_lookups_import_nothing_heavy(built_db, args):
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(args)],
        env=built_db,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    heavy = sorted(m for m in modules if m.split(".")[0] in DENY or m in DENY)
    assert heavy == [], f"smashup {' '.join(args)} imported {heavy}"
    assert proc.stdout.strip()


def test_a_table_may_use_rich_but_not_typer(built_db):
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(["search", "t:minion f:ninjas pow>=3"])],
        env=built_db,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    modules = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    assert "rich.table" in modules and not {"typer", "sqlalchemy", "pydantic"} & {
        m.split(".")[0] for m in modules
    }


class _Recorder:
    """Stands in for every declared command's body and records the keyword arguments it is called with."""

    def __init__(self, monkeypatch):
        import importlib

        self.calls: list[tuple[str, dict]] = []
        for spec in DECLARED.values():
            module, _dot, function = spec.body.rpartition(".")
            monkeypatch.setattr(
                importlib.import_module(f"smashup_db.cli.{module}"), function, self._body(spec.name)
            )

    def _body(self, name):
        def record(**kwargs):
            self.calls.append((name, kwargs))

        return record

    def take(self):
        calls, self.calls = self.calls, []
        return calls


def test_every_declared_command_is_a_typer_command_with_the_declared_parameters():
    """The Typer commands are made from the declarations: same words, parameters, option strings and kinds."""
    import typer.main

    from smashup_db.cli import app

    group = typer.main.get_command(app)
    for name, spec in DECLARED.items():
        cmd = group
        for word in name.split():
            cmd = cmd.commands[word]
        params = [p for p in cmd.params if p.name != "help"]
        assert [p.name for p in params] == [p.name for p in spec.params], name
        for p, d in zip(params, spec.params, strict=True):
            assert tuple(p.opts + p.secondary_opts) == (d.flags or (d.name,)), (name, d.name)
            assert (p.param_type_name == "argument") == d.positional
            assert p.is_flag if d.kind == "flag" else not getattr(p, "is_flag", False), (
                name,
                d.name,
            )
            assert (p.nargs == -1) == (d.kind == "texts"), (name, d.name)


#: Tokens a fuzzed command line is made of: every declared option string, values, and things Typer must see.
_VALUES = [
    "de",
    "en",
    "x",
    "Core Set",
    "5",
    "-1",
    "+3",
    "1_0",
    " 7",
    "many",
    "",
    "a=b",
    "-",
    "--",
    "-h",
    "--help",
    "--nope",
    "-lde",
    "deck",
    "--lang=de",
    "--json=1",
    "--limit=0",
    "cesium armor",
    "x.db",
]


@st.composite
def _command_lines(draw):
    name = draw(st.sampled_from(sorted(DECLARED)))
    flags = [f for p in DECLARED[name].params for f in p.flags]
    tokens = st.one_of(
        st.sampled_from(flags),
        st.sampled_from(_VALUES),
        st.builds(lambda f, v: f"{f}={v}", st.sampled_from(flags), st.sampled_from(_VALUES)),
    )
    return name.split() + draw(st.lists(tokens, max_size=6))


def test_fast_path_calls_the_bodies_as_typer_does(monkeypatch):
    """Whatever command line the fast path takes, Typer takes too and calls the same body with the same
    arguments (the bodies are replaced by a recorder; hypothesis writes the command lines)."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    recorder, runner = _Recorder(monkeypatch), CliRunner()
    taken = []

    @settings(max_examples=250, deadline=None)
    @given(_command_lines())
    def check(args):
        if not fast.try_fast(args):
            return  # left to Typer
        by_fast = recorder.take()
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert recorder.take() == by_fast, args
        taken.append(args)

    check()
    assert len(taken) >= 25  # enough generated lines are simple enough for the fast path


@pytest.mark.parametrize(
    "args",
    [
        ["card"],
        ["card", "a", "b"],
        ["card", "x", "--help"],
        ["card", "x", "--nope"],
        ["card", "x", "--json=1"],
        ["search", "x", "--limit", "many"],
        ["card", "x", "--db"],
        ["bases", "deck", "-f", "x"],
        ["draft", "-p", "A,B"],
        ["card", "x", "-lde"],
        [],
        ["--help"],
        ["db", "build", "extra"],
        ["import", "nope", "x"],
        ["collection", "list"],
    ],
)
def test_fast_path_leaves_everything_else_to_typer(args):
    assert fast.parse(args) is None


def test_fast_path_parses_like_click():
    assert fast.parse(["card", "--lang=de", "Laser Sword", "--json", "--db", "x.db"]) == (
        "card",
        {
            "lang": "de",
            "name": "Laser Sword",
            "json_out": True,
            "db": "x.db",
            "printing": None,
            "owner": None,
        },
    )
    assert fast.parse(["search", "-n", "0", "t:base"])[1] == {
        "limit": 0,
        "query": "t:base",
        "db": None,
        "lang": None,
        "json_out": False,
        "printing": None,
        "owner": None,
    }
    assert fast.parse(["base", "Field of Honor", "--owner", "Ben"])[1]["owner"] == "Ben"
    assert fast.parse(["search", "t:base"])[1]["limit"] == 50  # the declared default
    assert (
        fast.parse(["bases", "-p", "core", "-f", "ninjas", "-p", "Core Set"])[1]["product"]
        == "Core Set"
    )
    assert fast.parse(["import", "text", "a.json", "--json", "b.json"]) == (
        "import text",
        {"sources": ["a.json", "b.json"], "json_out": True, "db": None},
    )
    assert (
        fast.parse(["import", "text"])[1]["sources"] is None
    )  # the body says where to get the files
    assert fast.parse(["db", "build", "--db=x.db"]) == ("db build", {"db": "x.db", "data": None})


def test_each_command_is_declared_in_its_groups_module():
    """``db build`` in db_cmds, ``import text`` in import_cmds, the top-level look-ups in lookup_cmds."""
    import importlib

    for module in fast.DECLARED:
        for name in importlib.import_module(f"smashup_db.cli.{module}").COMMANDS:
            group = name.split()[0]
            expected = f"{group}_cmds" if f"{group}_cmds" in fast.DECLARED else "lookup_cmds"
            assert module == expected, name


def test_no_private_typer_or_click_api():
    """Only Typer's and Click's documented names: no ``typer._click``, ``click._...``, ``ctx._protected_args``."""
    import pathlib
    import re

    root = pathlib.Path(fast.__file__).resolve().parents[1]
    private = re.compile(r"typer\._|click\._|_protected_args")
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(text)
    ]
    assert found == []


@pytest.mark.parametrize(
    "args, module, absent",
    [
        (
            ["draft", "--players", "A,B,C", "--auto", "--seed", "1", "--json"],
            "gamenight_cmds",
            "site_cmds",
        ),
        (["collection", "list"], "collection_cmds", "gamenight_cmds"),
        (["games", "list"], "games_cmds", "collection_cmds"),
    ],
)
def test_a_command_loads_only_its_own_module(built_db, args, module, absent):
    """The root group imports a command module when one of its commands is looked up, not every module."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(args)],
        env=built_db,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    assert f"smashup_db.cli.{module}" in modules
    assert f"smashup_db.cli.{absent}" not in modules
    assert "smashup_db.cli.site_cmds" not in modules


_TEXT = st.text(
    alphabet=st.sampled_from(
        list("abcdefghijklmnopqrstuvwxyzÄöüßé-.,:;()[]'\"0123456789  ’‘“”„•…–—€™ẞ\xad\u2011")
    ),
    max_size=300,
)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.integers(min_value=1, max_value=120))
def test_plain_wrap_is_rich_wrap(text, width):
    """Piped lines are wrapped exactly as Rich would print them (typographic quotes, bullets and
    dashes of card text included)."""
    from rich.console import Console
    from rich.text import Text

    buf = io.StringIO()
    Console(file=buf, width=width, force_terminal=False, color_system=None).print(Text(text))
    assert "".join(s + "\n" for s in output.wrap(text, width)) == buf.getvalue()


def test_every_character_wrapped_without_rich_is_one_cell_in_rich():
    """Each character the plain wrapper accepts is one cell and one grapheme for Rich, so its
    word wrap and Rich's cut the same places; others (wide, zero-width) go through Rich."""
    from rich.cells import cell_len, split_graphemes

    accepted = [chr(c) for c in range(0x20, 0x2200) if output.wrap(chr(c), 10) is not None]
    assert "’" in accepted and "•" in accepted and "…" in accepted
    for ch in accepted:
        assert cell_len(ch) == 1 and cell_len("a" + ch) == 2, hex(ord(ch))
        assert len(split_graphemes("a" + ch)[0]) == 2, hex(ord(ch))
    for ch in ("\u200b", "\u200d", "\u2028", "\u0301", "\u3042", "\ufe0f"):
        assert output.wrap(ch, 10) is None, hex(ord(ch))
