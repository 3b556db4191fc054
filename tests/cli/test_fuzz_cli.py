"""Fuzz every command (issues 15 and 21): random arguments, names, owners, queries and small files.

Whatever a person types, a command ends with exit code 0, 1 or 2, no
traceback, and an error of one line: with exit code 1 exactly one ``error:``
line and nothing after it; when it failed, the database is intact
(``PRAGMA integrity_check``) with the collection unchanged. The commands and
their options are read from the Typer application itself, so a new command is
fuzzed without touching this file. Every command runs in a temporary folder
(the working directory, ``$HOME`` and the XDG folders point into it), and every
file or folder a command may write (``--out``, export files, ``--data`` of
``data compile``, the database of ``db recover``) is inside it.

``test_fuzz_every_command[full]`` runs 5,000 command lines of the quick
commands (marked ``long``: .ci/run runs it after the README's command, which
runs the ``[sample]`` of 300); the slow ones (a site build, a compile, a
recovery, a rebuild, a data check: seconds each) get their own, smaller run,
also ``long``. ``site serve`` runs too: its server is made (port, folder checked) but returns at once
instead of serving for ever. Every command of the Click tree is fuzzed (the full run checks that each
was drawn) and the run prints its figures: command lines, commands, exit codes.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SKIP: set[tuple] = set()  # every command is fuzzed
#: Commands that take seconds: fuzzed in their own, smaller run.
SLOW = {
    ("site", "build"),
    ("data", "compile"),
    ("db", "recover"),
    ("db", "build"),
    ("data", "check"),
}
#: Command lines of the quick commands in the full run (issue 21: at least 5,000) and in the sample.
QUICK_EXAMPLES = int(os.environ.get("SMASHUP_FUZZ_EXAMPLES", "5000"))
SAMPLE_EXAMPLES = 300
SLOW_EXAMPLES = 40

#: Characters people (and attackers) type: letters, German, markup, formulas, control characters.
_ALPHABET = st.sampled_from(
    list("abcxyzÄöüß ,;=+-@[]/<>\"'\\:()*?!0123456789")
    + ["\x1b", "\x00", "\x07", "\n", "\t", "\u202e", "é", "\u00b2", "\u0667", "_", "."]
)
TEXT = st.text(alphabet=_ALPHABET, max_size=30)
NAMES = st.one_of(
    TEXT,
    st.sampled_from(
        [
            "Core Set",
            "ninjas",
            "Wechslerbots",
            "cesium armor",
            "USS Undertaking",
            "Anna",
            "Ben",
            "[/]",
            "Anna [club]",
            "me",
            "=1+1",
            "ninjas,aliens",
        ]
    ),
)
NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=20).map(str),
    st.sampled_from([99999999999999999999, 0, -1, 2**63, 2**53 - 1]).map(str),
    # shapes Python's int() reads that are no whole number (the play page's rule): refused in one line
    st.sampled_from(["+7", "1_000", "7.0", " 7", "\u0667", "\u00b2", "9" * 5000, ""]),
)
QUERY = st.one_of(
    TEXT,
    st.lists(
        st.sampled_from(
            [
                "t:minion",
                "f:ninjas",
                "pow>=3",
                "-",
                "OR",
                "(",
                ")",
                '"',
                "kw:",
                "bp<",
                "lang:de",
                "xyz",
                "s:core",
            ]
        ),
        max_size=12,
    ).map(" ".join),
)


def _leaves(app):
    """``[(path words, click command)]`` of every command of the tree: each runnable command, and each group
    alone (``smashup collection`` and a stray word: its help or a usage error)."""
    import typer.main

    out = []

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            if path and path not in SKIP:
                out.append((path, cmd))
            for name, sub in subs.items():
                walk(sub, path + (name,))
        elif path and path not in SKIP:
            out.append((path, cmd))

    walk(typer.main.get_command(app), ())
    return out


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A built SQLite database with a collection, the Typer app (as one Click command), its commands, a folder.

    The folder is the working directory and the home of every command run here.
    """
    import shutil

    import typer.main
    from typer.testing import CliRunner

    from smashup_db.cli import app
    from tests.conftest import DATA

    tmp = tmp_path_factory.mktemp("fuzz")
    db = str(tmp / "fuzz.db")
    data = tmp / "data"  # data compile writes here, never into the checkout
    shutil.copytree(DATA / "curated", data / "curated")
    mp = pytest.MonkeyPatch()
    mp.chdir(tmp)  # a stray word may be taken as an output file name ("games export extra")
    for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        mp.setenv(var, str(tmp / "home"))
    mp.setenv("SMASHUP_DB", db)
    mp.setenv("LANG", "C.UTF-8")
    mp.delenv("SMASHUP_LANG", raising=False)
    cli = typer.main.get_command(app)
    import typer.testing

    mp.setattr(typer.testing, "_get_command", lambda _app: cli)  # built once, not per command line
    from http.server import ThreadingHTTPServer

    mp.setattr(ThreadingHTTPServer, "serve_forever", lambda self, *a: None)  # site serve returns
    _reuse_models(mp)
    runner = CliRunner()
    for args in (["stats"], ["collection", "add", "Core Set", "--owner", "Ben"]):
        assert runner.invoke(app, args + ["--db", db]).exit_code == 0
    shutil.copy(db, tmp / "recover.db")
    yield {
        "app": app,
        "runner": runner,
        "db": db,
        "tmp": tmp,
        "data": str(data),
        "commands": _leaves(app),
    }
    mp.undo()


def _reuse_models(mp) -> None:
    """Read the catalogue's model once per state of the database file, not once per command line.

    Loading it is a third of a command's time and gives the same model while
    the file (and its write-ahead log) is unchanged, so commands run on a copy
    of the last model read, with their own reader; any write (an import, a
    collection change) changes the files and the next command reads it again.
    """
    from smashup_db.catalogue import model as readmodel
    from smashup_db.db.engine import sqlite_path

    real = readmodel.load
    last: dict = {}

    def state(path: str):
        try:
            return tuple(
                (st.st_mtime_ns, st.st_size) for st in (os.stat(path), os.stat(path + "-wal"))
            )
        except OSError:
            return None

    def load(reader):
        path = sqlite_path(reader.url)
        key = (path, state(path)) if path else None
        if key is None or key[1] is None:
            return real(reader)
        if last.get("key") != key:
            last["key"], last["model"] = key, real(reader)
        return last["model"]._replace(reader=reader)

    mp.setattr(readmodel, "load", load)


@st.composite
def invocations(draw, commands, tmp, data):
    path, cmd = draw(st.sampled_from(commands))
    args = list(path)
    if path == ("data", "compile"):
        args += ["--data", data]  # compile writes into --data: always the copy in the folder
    if path == ("db", "recover"):
        args += [
            "--db",
            str(tmp / "recover.db"),
        ]  # recover replaces its database: never the fuzzed one
    for p in cmd.params:
        if p.name in ("help", "db") or not draw(st.booleans()):
            continue
        if path == ("data", "compile") and p.name == "data":
            continue
        if path == ("site", "build") and p.name == "out":
            args += [
                "--out",
                str(tmp / f"site-{draw(st.integers(0, 3))}"),
            ]  # a fresh folder, never the fuzz folder
            continue
        if p.param_type_name == "argument":
            n = draw(st.integers(min_value=1, max_value=3)) if p.nargs == -1 else 1
            args += [draw(_value(p, tmp)) for _ in range(n)]
        elif p.is_flag:
            args.append(p.opts[0])
        else:
            args += [p.opts[-1], draw(_value(p, tmp))]
    if draw(st.booleans()):  # sometimes an option the command does not have, or a stray word
        args.append(
            draw(st.sampled_from(["--nope", "-z", "extra", "--json", "--lang", "de", "--"]))
        )
    return args


def _value(param, tmp):
    annotation = str(getattr(getattr(param, "type_descriptor", None), "annotation", ""))
    name = param.name or ""
    if "int" in annotation:
        return NUMBERS
    if "Path" in annotation or name in ("file", "sources", "out"):
        return st.sampled_from(["csv", "json", "missing", "folder"]).flatmap(
            lambda k: _file(k, tmp)
        )
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
        rows = st.lists(
            st.lists(TEXT, min_size=0, max_size=6).map(lambda r: ",".join(r)), max_size=5
        )
        head = st.sampled_from(
            ["kind,id,lang,name,text", "owner,product,copies", "", "\ufeffkind;id;lang;name;text"]
        )
        body = st.tuples(head, rows).map(lambda t: "\n".join([t[0], *t[1]]))
    else:
        body = st.one_of(
            st.recursive(
                st.one_of(st.none(), st.booleans(), st.integers(), TEXT),
                lambda inner: st.one_of(
                    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)
                ),
                max_leaves=12,
            ).map(json.dumps),
            st.sampled_from(
                [
                    '{"format": "smashup-games", "version": 1, "games": [{}]}',
                    '{"format": "smashup-collection", "version": 1, "entries": [{"owner": "[/]"}]}',
                    '{"factions": [{"cards": [{"name": "\\u0000"}]}]}',
                    "[" * 5000,
                    "{",
                ]
            ),
        )

    numbers = itertools.count(1)

    def write(text):
        path = tmp / f"in{next(numbers)}.{kind}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return str(path)

    return body.map(write)


def _collection(db: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return sorted(conn.execute("SELECT owner, product_id, copies FROM collection"))


def _check(world, args, seen) -> None:
    app, runner, db = world["app"], world["runner"], world["db"]
    before = _collection(db)
    explicit_db = "--" in args or "--db" in args
    res = runner.invoke(app, args if explicit_db else args + ["--db", db])
    assert res.exit_code in (0, 1, 2), (args, res.exit_code, res.output)
    seen[res.exit_code].add(" ".join(a for a in args[:2] if not a.startswith("-")))
    assert res.exception is None or isinstance(res.exception, SystemExit), (
        args,
        repr(res.exception),
    )
    assert "Traceback" not in res.output, (args, res.output)
    err = res.stderr.splitlines()
    errors = [i for i, line in enumerate(err) if line.startswith(("error:", "Fehler:"))]
    assert len(errors) <= 1, (args, res.stderr)
    if (
        res.exit_code == 1
    ):  # one line, and nothing after it but the listed bad rows of an import ("  line 3: ...")
        assert errors and all(
            line.startswith(("  line ", "  Zeile ")) for line in err[errors[0] + 1 :]
        ), (args, res.stderr)
    if res.exit_code != 0:
        assert _collection(db) == before, args
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _outside_writes(tmp) -> list[str]:
    """Files the fuzz left in the checkout (it must leave none)."""
    import subprocess

    from tests.conftest import REPO

    out = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    return (
        [line for line in out.stdout.splitlines() if "test_fuzz" not in line]
        if out.returncode == 0
        else []
    )


@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(SAMPLE_EXAMPLES, id="sample"),
        pytest.param(QUICK_EXAMPLES, id="full", marks=pytest.mark.long),
    ],
)
def test_fuzz_every_command(world, examples):
    """5,000 command lines of the quick commands (300 in the sample); the full run draws every one."""
    quick = [c for c in world["commands"] if c[0] not in SLOW]
    seen: dict[int, set] = {0: set(), 1: set(), 2: set()}
    before = _outside_writes(world["tmp"])
    count = [0]
    drawn: set[tuple] = set()

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    @given(invocations(quick, world["tmp"], world["data"]))
    def check(args):
        count[0] += 1
        drawn.add(max((p for p, _ in quick if tuple(args[: len(p)]) == p), key=len))
        _check(world, args, seen)

    check()
    print(
        f"fuzz: {count[0]} command lines over {len(drawn)} of {len(quick)} quick commands "
        f"({len(world['commands'])} in all); exit codes seen for "
        + ", ".join(f"{code}: {len(cmds)} commands" for code, cmds in seen.items())
        + "; 0 tracebacks"
    )
    assert count[0] >= examples
    # the fuzzing reached real work, person-made errors and usage errors, over many commands
    assert all(seen.values()) and len(set().union(*seen.values())) >= 25, seen
    if examples >= 2000:  # the full run: every command of the tree was fuzzed
        assert drawn == {p for p, _ in quick}, sorted({p for p, _ in quick} - drawn)
    assert _outside_writes(world["tmp"]) == before


@pytest.mark.long
def test_fuzz_slow_commands(world):
    """Site builds, compiles, recoveries, rebuilds and data checks, with their output inside the folder."""
    slow = [c for c in world["commands"] if c[0] in SLOW]
    assert len(slow) == len(SLOW)
    seen: dict[int, set] = {0: set(), 1: set(), 2: set()}
    before = _outside_writes(world["tmp"])

    @settings(
        max_examples=SLOW_EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    @given(invocations(slow, world["tmp"], world["data"]))
    def check(args):
        _check(world, args, seen)

    check()
    assert seen[1] or seen[2], seen
    assert _outside_writes(world["tmp"]) == before
