"""A whole German game night at 80 columns, on a pseudo-terminal, from a fresh home folder (issue 32's
first acceptance item).

The host's evening, each step a real ``python -m smashup_db`` on a terminal of 80 x 50 under
``LANG=de_DE.UTF-8``: ``import text`` with no argument (the pinned archive, served from ``../shared``
on 127.0.0.1 by the ``archive_server`` fixture), three owners' German boxes, an interactive draft of
their boxes without ``--record`` (the picks typed at its prompt, ``?`` once), the set-up sheet, a
tied base, ``game end … --madness … --record``, ``games list``, ``games stats``.

Every screen: no line wider than 80 cells, no table heading broken inside a word, no English
sentence, no literal ``\\n``; and the game recorded by ``game end`` is the drafted one, with the
six factions picked at the terminal.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_columns80 import broken_headings, tables  # tests/cli/test_columns80.py
from test_german_everywhere import _names, english  # tests/cli/test_german_everywhere.py

from helpers import on_terminal
from smashup_db.i18n.terms import term

#: The boxes each friend brings, by their German titles (Anna's core set named the way people say it).
BOXES = {
    "Anna": [["Grundspiel", "--printing", "deutsch"], ["Der endgültige Cthulhu"]],
    "Ben": [["Kuschelattacke"], ["Die wilden 70er"]],
    "Cleo": [["Wahnsinnslevel 9000"], ["Vergessene Helden"]],
}
PLAYERS = "Anna,Ben,Cleo"
#: What is typed at the draft's prompt: pool numbers (they stay the same all draft), and once '?'.
PICKS = ["1", "?", "2", "3", "4", "5", "6"]
PROMPT = "deine Wahl:"


@pytest.fixture
def home():
    """An empty home folder with a path as short as a user's (the database's path is shown whole)."""
    folder = tempfile.mkdtemp(prefix="smashup-home-")
    yield Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


def _home_env(home: Path, url: str) -> dict:
    """The environment of a new user: an empty home folder, German locale, a terminal of 80 x 50."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SMASHUP_", "LC_", "LANG", "XDG_", "COLUMNS", "LINES", "NO_COLOR"))
    }
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        LANG="de_DE.UTF-8",
        COLUMNS="80",
        LINES="50",
        TERM="xterm-256color",
        SMASHUP_ARCHIVE_URL=url,
    )
    env.pop("FORCE_COLOR", None)
    return env


class Evening:
    """Runs the steps on a terminal and checks every screen; ``screens`` keeps them, in order."""

    def __init__(self, env: dict):
        self.env = env
        self.screens: list[tuple[list[str], str]] = []
        self.names: list[str] = []

    def __call__(self, *args: str, answers: list[str] = ()) -> str:
        shown = on_terminal(
            [sys.executable, "-m", "smashup_db", *args], self.env, list(answers), PROMPT
        )
        text = shown.text
        assert shown.returncode == 0, (args, text[-3000:])
        assert "Traceback" not in text, (args, text[-3000:])
        too_wide = [ln for ln in shown.lines if cell_len(ln) > 80]
        assert not too_wide, (args, too_wide[:3])
        assert not broken_headings(text, "de"), (args, broken_headings(text, "de"))
        assert "\\n" not in text, (args, text)
        # a base whose own rule gives its VP is not worth "0/0/0"; a name shown in English is explained
        assert "0/0/0" not in text, (args, text)
        if re.search(r"\w\*", text):
            assert f"* {term('english_shown', 'de')}" in text, (args, text)
        if self.names:  # (the names come from the database the first step makes)
            self.check_german(args, text)
        self.screens.append((list(args), text))
        return text

    def check_german(self, args, text: str) -> None:
        english_lines = [(ln, why) for ln in text.splitlines() if (why := english(ln, self.names))]
        assert not english_lines, (args, english_lines)


def _labels(db: str, kind: str) -> dict[str, str]:
    """Every name of ``kind`` (faction, product) as the German CLI shows it -> its id."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.cli.output import label
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(db)
    try:
        de = Catalogue(reader, "de")
        ids = de.model.factions if kind == "faction" else [p["id"] for p in de.products()]
        return {label(de.named(kind, x), "de"): x for x in ids}
    finally:
        reader.close()


@pytest.mark.long
def test_a_german_evening_at_80_columns_on_a_terminal(archive_server, home):
    _, url, asked = archive_server
    env = _home_env(home, url)
    db = os.path.join(env["XDG_DATA_HOME"], "smashup-db", "smashup.db")
    smashup = Evening(env)

    out = smashup("import", "text")
    assert os.path.isfile(db) and "1601 von 1601" in out and len(asked) == 2
    smashup.names = _names(db)
    smashup.check_german(["import", "text"], out)

    for owner, boxes in BOXES.items():
        for box in boxes:
            out = smashup("collection", "add", *box, "--owner", owner)
            assert f"{owner}: " in out and "1 Exemplar (deutsche Auflage)" in out, out
    owners = [a for o in BOXES for a in ("--owner", o)]

    draft = smashup("draft", "-p", PLAYERS, *owners, "--seed", "7", answers=PICKS)
    picked = [ln.split(" → ") for ln in draft.splitlines() if " → " in ln]
    assert len(picked) == 6 and draft.count(PROMPT) == len(PICKS), draft
    pools = [t for t in tables(draft) if t and t[0][0] == "1"]
    assert len(pools) == 2  # the pool once, and again for '?': not after every pick
    factions_de, products_de = _labels(db, "faction"), _labels(db, "product")
    # every name whole, also in the second pool, with its column "genommen von"
    for pool in pools:
        assert all(row[1] in factions_de for row in pool), pool
        assert all(p in products_de for row in pool for p in row[2].split(", ")), pool
    assert draft.rstrip().endswith(f"smashup game end {PLAYERS.replace(',', '=SP ')}=SP --record")

    factions = [f for _, f in picked]
    sheet = smashup("setup", "-f", ",".join(factions), "-n", "3", *owners, "--seed", "7")
    assert "Herausnehmen, Schachtel für Schachtel" in sheet
    assert "Wahnsinnskarte" in sheet or "Der endgültige Cthulhu" not in sheet  # its Madness cards

    score = smashup("score", "Friedberger Stadtfriedhof", "Anna=12", "Ben=12", "Cleo=5")
    (rows,) = tables(score)
    vp = re.search(r"Siegpunkte (\d+)/\d+/(\d+)", " ".join(score.split()))
    # the rulebook's tie: both tied players take first place's VP, the next one is third
    assert [(r[0], r[2], r[3]) for r in rows] == [
        ("Anna", "1", vp[1]),
        ("Ben", "1", vp[1]),
        ("Cleo", "3", vp[2]),
    ], rows

    end = smashup(
        "game",
        "end",
        "Anna=15",
        "Ben=17",
        "Cleo=12",
        "--madness",
        "Anna=0,Ben=4,Cleo=2",
        "--record",
    )
    assert "Anna gewinnt" in end and "Partie 1" in end, end

    listed = smashup("games", "list")
    assert "Anna" in listed and "Ben" in listed
    smashup("games", "stats")

    games = json.loads(
        on_terminal([sys.executable, "-m", "smashup_db", "games", "list", "--json"], env).text
    )
    (game,) = games
    assert game["status"] == "finished" and game["winner"] == "Anna" and game["seed"] == 7
    held = {p["player"]: p["factions"] for p in game["players"]}
    want: dict[str, list[str]] = {}
    for player, faction in picked:
        want.setdefault(player, []).append(factions_de[faction])
    assert held == want
    assert {p["player"]: (p["vp"], p["madness"]) for p in game["players"]} == {
        "Anna": (15, 0),
        "Ben": (17, 4),
        "Cleo": (12, 2),
    }
