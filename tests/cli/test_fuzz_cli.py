"""Fuzz every command (issue 15): random arguments, names, owners, queries and small files.

Whatever a person types, a command ends with exit code 0, 1 or 2, at most one
``error:`` line, no traceback, and, when it failed, the database intact
(``PRAGMA integrity_check``) with the collection unchanged. The commands and
their options are read from the Typer application itself, so a new command is
fuzzed without touching this file; only commands that serve forever or write
outside the database (``site serve``, ``site build``, ``data compile``) and
``db recover`` (which replaces the file on purpose) are left out.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SKIP = {("site", "serve"), ("site", "build"), ("data", "compile"), ("db", "recover")}

#: Characters people (and attackers) type: letters, German, markup, formulas, control characters.
_ALPHABET = st.sampled_from(list("abcxyzÄöüß ,;=+-@[]/<>\"'\\:()*?!0123456789") + ["\x1b", "\x00", "\x07", "\n",
                                                                                   "\t", "\u202e", "é"])
TEXT = st.text(alphabet=_ALPHABET, max_size=30)
NAMES = st.one_of(TEXT, st.sampled_from(["Core Set", "ninjas", "Wechslerbots", "cesium armor", "USS Undertaking",
                                         "Anna", "Ben", "[/]", "Anna [club]", "me", "=1+1", "ninjas,aliens"]))
NUMBERS = st.one_of(st.integers(min_value=-5, max_value=20), st.sampled_from([99999999999999999999, 0, -1, 2**63]))
QUERY = st.one_of(TEXT, st.lists(st.sampled_from(["t:minion", "f:ninjas", "pow>=3", "-", "OR", "(", ")", '"', "kw:",
                                                  "bp<", "lang:de", "xyz", "s:core"]), max_size=12).map(" ".join))


def _leaves(app):
    """``[(path words, click command)]`` of every runnable command."""
    import typer.main

    out = []

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            if getattr(cmd, "invoke_without_command", False) and path:
                out.append((path, cmd))
            for name, sub in subs.items():
                walk(sub, path + (name,))
        elif path and path not in SKIP:
            out.append((path, cmd))

    walk(typer.main.get_command(app), ())
    return out


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A built SQLite database with a collection, the Typer app, its commands and a folder for files."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    tmp = tmp_path_factory.mktemp("fuzz")
    db = str(tmp / "fuzz.db")
    runner = CliRunner()
    for args in (["stats"], ["collection", "add", "Core Set", "--owner", "Ben"]):
        assert runner.invoke(app, args + ["--db", db]).exit_code == 0
    return {"app": app, "runner": runner, "db": db, "tmp": tmp, "commands": _leaves(app)}


@st.composite
def invocations(draw, commands, tmp):
    path, cmd = draw(st.sampled_from(commands))
    args = list(path)
    for p in cmd.params:
        if p.name in ("help", "db") or not draw(st.booleans()):
            continue
        if p.param_type_name == "argument":
            n = draw(st.integers(min_value=1, max_value=3)) if p.nargs == -1 else 1
            args += [draw(_value(p, tmp)) for _ in range(n)]
        elif p.is_flag:
            args.append(p.opts[0])
        else:
            args += [p.opts[-1], draw(_value(p, tmp))]
    if draw(st.booleans()):  # sometimes an option the command does not have, or a stray word
        args.append(draw(st.sampled_from(["--nope", "-z", "extra", "--json", "--lang", "de", "--"])))
    return args


def _value(param, tmp):
    annotation = str(getattr(getattr(param, "type_descriptor", None), "annotation", ""))
    name = param.name or ""
    if "int" in annotation:
        return NUMBERS.map(str)
    if "Path" in annotation or name in ("file", "sources", "out"):
        return st.sampled_from(["csv", "json", "missing", "folder"]).flatmap(lambda k: _file(k, tmp))
    if name in ("query",):
        return QUERY
    if name == "lang":
        return st.sampled_from(["de", "en", "fr", "", "DE"])
    return NAMES


def _file(kind, tmp):
    if kind == "missing":
        return st.just(str(tmp / "no-such-file.csv"))
    if kind == "folder":
        return st.just(str(tmp))
    if kind == "csv":
        rows = st.lists(st.lists(TEXT, min_size=0, max_size=6).map(lambda r: ",".join(r)), max_size=5)
        head = st.sampled_from(["kind,id,lang,name,text", "owner,product,copies", "", "\ufeffkind;id;lang;name;text"])
        body = st.tuples(head, rows).map(lambda t: "\n".join([t[0], *t[1]]))
    else:
        body = st.one_of(
            st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), TEXT),
                         lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                 st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
            .map(json.dumps),
            st.sampled_from(['{"format": "smashup-games", "version": 1, "games": [{}]}',
                             '{"format": "smashup-collection", "version": 1, "entries": [{"owner": "[/]"}]}',
                             '{"factions": [{"cards": [{"name": "\\u0000"}]}]}', "[" * 5000, "{"]))

    def write(text, _n=[0]):
        _n[0] += 1
        path = tmp / f"in{_n[0]}.{kind}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return str(path)

    return body.map(write)


def _collection(db: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return sorted(conn.execute("SELECT owner, product_id, copies FROM collection"))


def test_fuzz_every_command(world, monkeypatch):
    app, runner, db = world["app"], world["runner"], world["db"]
    monkeypatch.chdir(world["tmp"])  # a stray word may be taken as an output file name ("games export extra")
    seen: dict[int, set] = {0: set(), 1: set(), 2: set()}

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(invocations(world["commands"], world["tmp"]))
    def check(args):
        before = _collection(db)
        res = runner.invoke(app, args + ["--db", db] if "--" not in args else args)
        assert res.exit_code in (0, 1, 2), (args, res.exit_code, res.output)
        seen[res.exit_code].add(" ".join(a for a in args[:2] if not a.startswith("-")))
        assert res.exception is None or isinstance(res.exception, SystemExit), (args, repr(res.exception))
        assert "Traceback" not in res.output, (args, res.output)
        errors = [line for line in res.stderr.splitlines() if line.startswith("error:")]
        assert len(errors) <= 1, (args, res.stderr)
        if res.exit_code != 0:
            assert _collection(db) == before, args
            with sqlite3.connect(db) as conn:
                assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    check()
    # the fuzzing reached real work, person-made errors and usage errors, over many commands
    assert all(seen.values()) and len(set().union(*seen.values())) >= 15, seen
