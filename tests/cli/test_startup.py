"""Start-up: look-ups load only what they need, and the fast path agrees with Typer."""

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

#: Modules a look-up must never import (each costs tens of milliseconds of start-up).
DENY = ("typer", "click", "pydantic", "sqlalchemy", "sqlmodel", "jinja2", "alembic", "rapidfuzz", "rich",
        "importlib.metadata")

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
    env.pop("SMASHUP_NO_FASTPATH", None)
    subprocess.run([sys.executable, "-m", "smashup_db", "stats"], env=env, check=True, capture_output=True)
    return env


@pytest.mark.parametrize("args", LOOKUPS, ids=lambda a: " ".join(a))
def test_lookups_import_nothing_heavy(built_db, args):
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args)], env=built_db, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    heavy = sorted(m for m in modules if m.split(".")[0] in DENY or m in DENY)
    assert heavy == [], f"smashup {' '.join(args)} imported {heavy}"
    assert proc.stdout.strip()


def test_a_table_may_use_rich_but_not_typer(built_db):
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(["search", "t:minion f:ninjas pow>=3"])],
                          env=built_db, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    modules = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    assert "rich.table" in modules and not {"typer", "sqlalchemy", "pydantic"} & {m.split(".")[0] for m in modules}


def test_fast_path_specs_match_the_typer_commands():
    """Every option and argument the fast path knows is the Typer command's, with the same meaning."""
    import typer.main

    from smashup_db.cli import app

    group = typer.main.get_command(app)
    for name, (positional, options) in fast.COMMANDS.items():
        cmd = group
        for word in name.split():
            cmd = cmd.commands[word]
        params = {p.name: p for p in cmd.params}
        arguments = [p for p in cmd.params if p.param_type_name == "argument"]
        assert tuple(p.name + ("*" if p.nargs == -1 else "") for p in arguments) == positional, name
        typer_opts = {opt: p for p in cmd.params if p.param_type_name == "option" for opt in p.opts}
        typer_opts.pop("--help", None)
        assert set(options) == set(typer_opts), name
        for opt, (param, takes_value) in options.items():
            p = typer_opts[opt]
            target = "faction_" if (name, param) == ("bases", "faction") else param
            assert p.name == target and params[target] is p, (name, opt)
            assert p.is_flag != takes_value, (name, opt)


@pytest.mark.parametrize("args", [
    ["card"], ["card", "a", "b"], ["card", "x", "--help"], ["card", "x", "--nope"], ["card", "x", "--json=1"],
    ["search", "x", "--limit", "many"], ["card", "x", "--db"], ["bases", "deck", "-f", "x"], ["draft", "-p", "A,B"],
    ["card", "x", "-lde"], [], ["--help"], ["import", "text"], ["db", "build", "extra"], ["import", "translations", "x"],
])
def test_fast_path_leaves_everything_else_to_typer(args):
    assert fast.parse(args) is None


def test_fast_path_parses_like_click():
    assert fast.parse(["card", "--lang=de", "Laser Sword", "--json", "--db", "x.db"]) == (
        "card", {"lang": "de", "name": "Laser Sword", "json_out": True, "db": "x.db"})
    assert fast.parse(["search", "-n", "0", "t:base"]) == ("search", {"limit": 0, "query": "t:base"})
    assert fast.parse(["bases", "-p", "core", "-f", "ninjas", "-p", "Core Set"])[1]["product"] == "Core Set"
    assert fast.parse(["import", "text", "a.json", "--json", "b.json"]) == (
        "import text", {"sources": ["a.json", "b.json"], "json_out": True})
    assert fast.parse(["db", "build", "--db=x.db"]) == ("db build", {"db": "x.db"})


_TEXT = st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzÄöüßé-.,:;()[]'\"0123456789  ")),
                max_size=300)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.integers(min_value=1, max_value=120))
def test_plain_wrap_is_rich_wrap(text, width):
    """Piped lines are wrapped exactly as Rich would print them."""
    from rich.console import Console
    from rich.text import Text

    buf = io.StringIO()
    Console(file=buf, width=width, force_terminal=False, color_system=None).print(Text(text))
    assert "".join(s + "\n" for s in output.wrap(text, width)) == buf.getvalue()
