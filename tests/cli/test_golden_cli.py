"""Golden files: the output of a fixed set of commands, byte for byte.

Each command runs as a whole process (``python -m smashup_db ...``), so the
whole path a user takes is covered: argument parsing, start-up, database,
printing. The database is built fresh and the card archive's text imported
from ``../shared/data`` (the test skips without it). Terminal width and
language are fixed, so tables render the same on every machine.

To record the files again after a deliberate change of output:
``SMASHUP_UPDATE_GOLDEN=1 python -m pytest tests/cli/test_golden_cli.py``;
review the diff before committing it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import require_shared

GOLDEN = Path(__file__).parent / "golden"

#: (file name, arguments). Order matters: the collection commands change the
#: database for the commands after them.
COMMANDS: list[tuple[str, list[str]]] = [
    ("products", ["products"]),
    ("products-de", ["products", "--lang", "de"]),
    ("products-json", ["products", "--json"]),
    ("factions", ["factions"]),
    ("factions-de-core", ["factions", "--lang", "de", "--product", "Core Set"]),
    ("factions-json", ["factions", "--json"]),
    ("faction-changerbots-de-name", ["faction", "Wechslerbots"]),
    ("faction-killer-plants-json", ["faction", "killer plants", "--json"]),
    ("faction-ninjas-de", ["faction", "ninjas", "--lang", "de"]),
    ("card-cesium-armor", ["card", "cesium armor"]),
    ("card-cesium-armor-de-json", ["card", "Cäsiumrüstung", "--json"]),
    ("card-cesium-armor-de", ["card", "Cäsiumrüstung", "--lang", "de"]),
    ("card-invader-json", ["card", "invader", "--json"]),
    ("card-typo", ["card", "cesium armr"]),
    ("base-uss-undertaking", ["base", "USS Undertaking"]),
    ("base-uss-undertaking-json", ["base", "USS Undertaking", "--json"]),
    ("base-tar-pits-de", ["base", "Teergruben", "--lang", "de"]),
    ("base-unknown-stats", ["base", "Bastion", "--json"]),
    ("bases-core", ["bases", "--product", "Core Set"]),
    ("bases-ghosts-de-json", ["bases", "--faction", "Geister", "--lang", "de", "--json"]),
    ("bases-all-de", ["bases", "--lang", "de"]),
    ("stats", ["stats"]),
    ("stats-json", ["stats", "--json"]),
    ("search-ninja-minions", ["search", "t:minion f:ninjas pow>=3"]),
    ("search-ninja-minions-json", ["search", "t:minion f:ninjas pow>=3", "--json"]),
    ("search-talent-json", ["search", "kw:talent -t:minion", "--json"]),
    (
        "search-phrase-de-json",
        ["search", '"draw a card" (t:base OR t:titan)', "--lang", "de", "--json"],
    ),
    ("search-german-values", ["search", "t:kreatur f:geister kw:dauerhaft", "--lang", "de"]),
    ("search-syntax-error", ["search", "t:minion ("]),
    ("search-unknown-field", ["search", "colour:red"]),
    ("faction-unknown", ["faction", "xyzzy"]),
    ("draft-auto-seed1", ["draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "1"]),
    (
        "draft-auto-seed7-json",
        ["draft", "--players", "Anna,Ben", "--auto", "--seed", "7", "--json"],
    ),
    (
        "draft-pick-json",
        [
            "draft",
            "-p",
            "Anna,Ben",
            "--seed",
            "3",
            "--pick",
            "Anna=1",
            "--pick",
            "Ben=4",
            "--auto",
            "--json",
        ],
    ),
    ("draft-de", ["draft", "--players", "Anna,Ben,Cleo", "--auto", "--seed", "2", "--lang", "de"]),
    ("draft-one-player", ["draft", "--players", "Anna", "--auto", "--seed", "1"]),
    (
        "bases-deck",
        [
            "bases",
            "deck",
            "--factions",
            "aliens,ninjas,zombies,wizards",
            "--players",
            "2",
            "--seed",
            "5",
        ],
    ),
    (
        "bases-deck-faction-json",
        [
            "bases",
            "deck",
            "--factions",
            "Steampunks,Wechslerbots,Zombies,Astroritter",
            "--players",
            "2",
            "--seed",
            "5",
            "--base-mode",
            "faction",
            "--json",
        ],
    ),
    ("score", ["score", "USS Undertaking", "Anna=12", "Ben=12", "Cleo=5"]),
    (
        "score-de-json",
        ["score", "USS Undertaking", "Anna=12", "Ben=12", "Cleo=5", "--json", "--lang", "de"],
    ),
    ("score-bad-vp", ["score", "Bastion", "Anna=3", "--vp", "4,x,1"]),
    ("collection-list-empty", ["collection", "list"]),
    ("collection-add", ["collection", "add", "Core Set"]),
    (
        "collection-add-de-owner",
        ["collection", "add", "Vergessene Helden", "--owner", "Ben", "--json"],
    ),
    ("collection-list", ["collection", "list", "--lang", "de"]),
    (
        "draft-owned-json",
        ["draft", "--players", "Anna,Ben", "--auto", "--seed", "4", "--owned", "--json"],
    ),
    (
        "collection-remove-missing",
        ["collection", "remove", "Pretty Pretty Smash Up", "--owner", "Ben"],
    ),
]


def _env(db: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMASHUP_", "LC_", "LANG"))}
    env.update(
        SMASHUP_DB=db,
        LANG="C.UTF-8",
        COLUMNS="100",
        LINES="50",
        TERM="dumb",
        NO_COLOR="1",
        PYTHONIOENCODING="utf-8",
    )
    env.pop("FORCE_COLOR", None)
    return env


def _run(args: list[str], env: dict) -> str:
    """One command as a whole process; the transcript compared with the golden file."""
    proc = subprocess.run(
        [sys.executable, "-m", "smashup_db", *args],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    return f"$ smashup {subprocess.list2cmdline(args)}\n[exit {proc.returncode}]\n--- stdout\n{proc.stdout}--- stderr\n{proc.stderr}"


@pytest.fixture(scope="module")
def golden_db(tmp_path_factory):
    archive = require_shared("card-archive")
    for source in ("smashup-catalog.json", "smashup-bases.json"):
        require_shared("card-archive", source)
    db = str(tmp_path_factory.mktemp("golden") / "golden.db")
    env = _env(db)
    for source in ("smashup-catalog.json", "smashup-bases.json"):
        proc = subprocess.run(
            [sys.executable, "-m", "smashup_db", "import", "text", str(archive / source)],
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, proc.stderr
    return env


def test_golden_outputs(golden_db, tmp_path):
    """Every command's exit code, stdout and stderr equal the recorded golden file.

    Run as a user runs them (look-ups take the start-up fast path; that it parses
    as Typer does is checked in ``test_startup.py``).
    """
    import sqlite3

    update = os.environ.get("SMASHUP_UPDATE_GOLDEN") == "1"
    env = dict(golden_db)
    env["SMASHUP_DB"] = str(tmp_path / "run.db")  # a copy: the collection commands change it
    with sqlite3.connect(golden_db["SMASHUP_DB"]) as src, sqlite3.connect(env["SMASHUP_DB"]) as dst:
        src.backup(dst)
    GOLDEN.mkdir(exist_ok=True)
    mismatches = []
    for name, args in COMMANDS:
        got = _run(args, env)
        assert "Traceback" not in got, got
        path = GOLDEN / f"{name}.txt"
        if update:
            path.write_text(got, encoding="utf-8")
        elif not path.is_file() or path.read_text(encoding="utf-8") != got:
            mismatches.append(name)
    assert not mismatches, f"output differs from tests/cli/golden/ for: {', '.join(mismatches)}"


def test_golden_set_is_large_and_varied():
    """At least 30 commands, in both languages, as tables and JSON, with errors among them."""
    assert len(COMMANDS) >= 30
    flat = [" ".join(a) for _, a in COMMANDS]
    assert any("--json" in f for f in flat) and any("--lang de" in f for f in flat)
    assert len({a[0] for _, a in COMMANDS}) >= 10
    assert len({n for n, _ in COMMANDS}) == len(COMMANDS)
