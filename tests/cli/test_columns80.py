"""Every table the CLI prints, at 80 columns in English and German (issues 23 and 32).

Each table command runs once per language at 80 columns: no line is wider than 80 cells, the frame
is kept, no cell ends with an ellipsis, no heading is broken inside a word, and no faction, card,
base or product name is cut. Tables narrow their widest columns down to the longest word (names
wrap between words), take short headings ("ZW", "Kr./Akt.") and then leave out id and detail
columns before anything is broken. A heading as drawn (the pieces of its lines joined by a space)
must be a line of a message of the catalog in the language shown, or a short form
(``smashup_db.i18n.terms.SHORT_HEADINGS``): "Zerstör/ungswer/t" is neither. Name checks read the
table back cell by cell (continuation lines joined) and compare every name with the catalogue's.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys

import pytest
from rich.cells import cell_len

from helpers import json_ok, on_terminal, smashup_env
from smashup_db.catalogue.view import Catalogue
from smashup_db.cli.output import label
from smashup_db.i18n import catalog
from smashup_db.i18n.terms import short_headings


@pytest.fixture(scope="module")
def cats(catalogue_reader):
    return {lang: Catalogue(catalogue_reader, lang) for lang in ("en", "de")}


@pytest.fixture
def at80(cli, monkeypatch):
    """``cli`` with a terminal of 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    return cli


def _cells(line: str) -> list[str] | None:
    """The cells of one body line of a Rich table (framed or without its outer frame), or None."""
    if "│" not in line:
        return None
    parts = line.split("│")
    if line.startswith("│"):
        parts = parts[1:-1]
    return [p.strip() for p in parts]


def _join(pieces: list[str]) -> str:
    out = ""
    for p in pieces:
        if not p:
            continue
        out += ("" if not out or out.endswith("-") else " ") + p
    return out


def tables(text: str, key: int = 0) -> list[list[list[str]]]:
    """Every table in ``text``: a list of rows, each a list of cells (the lines of a wrapped cell joined).

    A row starts at a line whose ``key`` column is not empty (a column that never wraps: a number, or an id,
    which wraps only after a hyphen).
    """
    out, rows, pieces = [], None, None
    for line in text.splitlines() + [""]:
        if "╇" in line:  # the line under the headings: the body follows
            rows, pieces = [], None
            continue
        if rows is None:
            continue
        cells = _cells(line)
        if cells is None or line.startswith("└"):
            if pieces:
                rows.append([_join(c) for c in pieces])
            out.append(rows)
            rows, pieces = None, None
            continue
        if cells[key] and not (
            pieces and pieces[key][-1].endswith("-")
        ):  # (an id broken after a hyphen goes on)
            if pieces:
                rows.append([_join(c) for c in pieces])
            pieces = [[c] for c in cells]
        else:
            for i, c in enumerate(cells):
                pieces[i].append(c)
    return out


def assert_fits(text: str) -> None:
    from rich.cells import cell_len

    assert "…" not in text
    too_long = [ln for ln in text.splitlines() if cell_len(ln) > 80]
    assert not too_long, too_long[:3]


def headings(text: str) -> list[str]:
    """The headings of every framed table in ``text``, each as its lines' pieces joined by a space."""
    out: list[str] = []
    cols: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("┏"):
            cols = []
            continue
        if cols is None:
            continue
        if line.startswith("┡") or line.startswith("┗"):
            out += [" ".join(p for p in c if p) for c in cols]
            cols = None
            continue
        assert line.startswith("┃") and line.endswith("┃"), line  # the frame is kept
        pieces = [p.strip() for p in line[1:-1].split("┃")]
        if not cols:
            cols = [[] for _ in pieces]
        for c, p in zip(cols, pieces, strict=True):
            c.append(p)
    return out


@functools.cache
def allowed_headings(lang: str) -> frozenset[str]:
    """Every heading a table in ``lang`` may show: a line of a message of the catalog (the English
    message, or its German translation), a short form, a symbol, ``id`` or a language code."""
    out = {"#", "%", "id", "en", "de"} | set(short_headings().values())
    for en, de in catalog("de")._catalog.items():
        shown = de if lang == "de" else (en[0] if isinstance(en, tuple) else en)
        out.update(part.strip() for part in str(shown).split("\n"))
    return frozenset(out)


def broken_headings(text: str, lang: str) -> list[str]:
    """The headings of the tables in ``text`` that are not whole (:func:`allowed_headings`; each
    part of a heading "A / B" alike): broken inside a word."""
    allowed = allowed_headings(lang)
    return [h for h in headings(text) if not all(p in allowed for p in h.split(" / "))]


# ---------------------------------------------------------------------- the interactive draft (a real terminal)


def test_interactive_german_draft_at_80_columns_shows_every_pool_name_in_full(db_path, cats):
    """``COLUMNS=80 smashup draft --players "Anna,Ben,Cleo" --lang de`` on a terminal, picks typed in turn."""
    env = smashup_env(db_path, COLUMNS="80", LINES="50", TERM="xterm", NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    args = ["draft", "--players", "Anna,Ben,Cleo", "--lang", "de", "--seed", "5"]
    pool = json.loads(
        subprocess.run(
            [sys.executable, "-m", "smashup_db", *args, "--auto", "--json"],
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        ).stdout
    )["pool"]
    screen = on_terminal(
        [sys.executable, "-m", "smashup_db", *args],
        env,
        ["1", "?", "2", "3", "4", "5", "6"],
        "deine Wahl:",
    ).text
    assert "Aufbau für 3 Spieler" in screen, screen[-2000:]
    assert_fits(screen)
    de = cats["de"]
    pools = [t for t in tables(screen) if t and len(t) == len(pool) and t[0][0] == "1"]
    assert len(pools) == 2  # the pool once, and again for "?" after the first pick
    for table in pools:
        for i, (row, fid) in enumerate(zip(table, pool, strict=True), 1):
            assert row[0] == str(i)
            assert row[1] == label(de.named("faction", fid), "de")
            assert row[2] == ", ".join(
                label(de.named("product", p), "de") for p in de.model.factions[fid].products
            )
    assert (
        len(pools[0][0]) == 6 and len(pools[1][0]) == 7
    )  # "genommen von" only once a faction is taken


# ---------------------------------------------------------------------- every table command, once per language

SETUP = ["setup", "-f", "aliens,elder-things,clerics,kree,penguins,mermaids", "-n", "4", "--titans"]
DECK = [
    "bases",
    "deck",
    "-f",
    "Steampunks,Wechslerbots,Zombies,Astroritter",
    "-n",
    "2",
    "--seed",
    "1",
]
#: Every command that prints a table (after a recorded game: ``games list``/``stats``).
COMMANDS = [
    ["products"],
    ["factions"],
    ["factions", "--product", "Grundspiel"],
    ["faction", "zombies"],
    ["faction", "Schmusekätzchen"],
    ["bases"],
    ["search", "dino"],
    ["search", "t:base bp>=20"],
    DECK,
    ["draft", "-p", "Anna,Ben,Cleo,Dora,Emil,Fritzi,Gustav,Hermine", "--auto", "--seed", "3"],
    SETUP,
    ["score", "Tar Pits", "Anna=12", "Ben=12", "Cleo=5"],
    ["game", "end", "Anna=15", "Ben=17", "Cleo=12", "--madness", "Anna=0,Ben=4,Cleo=2"],
    ["games", "list"],
    ["games", "stats"],
    ["translations", "status"],
    ["draft", "-p", "Anna,Ben,Cleo", "-i", "--seed", "4"],  # the pool, then 'q'
]
#: What a command reads from its input (the interactive draft quits at once).
ANSWERS = {"-i": "q\n"}


@pytest.fixture
def recorded(at80):
    """``cli`` at 80 columns on a database with one drafted and finished game (``games list``/``stats``)."""
    assert at80("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "2", "--record").exit_code == 0
    res = at80(
        "game",
        "end",
        "Anna=15",
        "Ben=17",
        "Cleo=12",
        "--madness",
        "Anna=0,Ben=4,Cleo=2",
        "--record",
    )
    assert res.exit_code == 0, res.output
    return at80


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_table_at_80_columns(recorded, cats, lang):
    shown, seen = {}, 0
    for args in COMMANDS:
        answer = next((a for flag, a in ANSWERS.items() if flag in args), None)
        res = recorded(*args, "--lang", lang, input=answer)
        assert res.exit_code == 0 or answer, (args, res.output)
        out = shown[" ".join(args)] = res.output
        too_long = [ln for ln in out.splitlines() if cell_len(ln) > 80]
        assert not too_long, (args, too_long[:2])
        assert "…" not in out, args
        drawn = headings(out)
        assert drawn, (args, out[:400])
        assert not broken_headings(out, lang), (args, lang, broken_headings(out, lang))
        seen += len(drawn)
    assert seen > 60
    _names_whole(shown, cats[lang], lang, recorded)


def _names_whole(shown: dict, cat, lang: str, cli) -> None:
    """Every name of the products, bases, factions and base-deck tables, read back, is the catalogue's."""
    ids = lang == "en"  # the German products table (one column more) leaves its ids out
    (rows,) = tables(shown["products"], key=2 if ids else 1)
    products = cat.products()
    if ids:
        assert [r[0] for r in rows] == [p["id"] for p in products]
    assert [r[int(ids)] for r in rows] == [label(p, lang) for p in products]

    (rows,) = tables(shown["bases"], key=1)
    bases = cat.bases()
    assert [r[0] for r in rows] == [label(b, lang) for b in bases]
    assert [r[3] for r in rows] == [label(b["faction"], lang) for b in bases]
    assert [r[4] for r in rows] == [label(b["product"], lang) for b in bases]

    rows = tables(shown["factions"])[0]
    assert [(r[0], r[1]) for r in rows] == [(f["id"], label(f, lang)) for f in cat.factions()]

    res = json_ok(cli(*DECK, "--json"))
    in_play, deck = tables(shown[" ".join(DECK)], key=1)
    assert [r[0] for r in in_play] == [
        label(cat.named("base", b), lang) for b in res["bases_in_play"]
    ]
    assert [r[0] for r in deck] == [label(cat.named("base", b), lang) for b in res["base_deck"]]
    if lang == "de":
        assert f"Das ganze Basisdeck ({len(res['base_deck'])})" in shown[" ".join(DECK)]
        assert "Herausnehmen, Schachtel für Schachtel" in shown[" ".join(SETUP)]


# ---------------------------------------------------------------------- help texts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_texts_wrap_cleanly_at_80_columns(lang):
    """No help line is wider than 80 columns, and each example command stands whole on a line of its own."""
    env = {
        "COLUMNS": "80",
        "SMASHUP_LANG": lang,
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
    }
    code = (
        "import json, sys, typer; from typer.testing import CliRunner; from smashup_db.cli import typer_app\n"
        "app = typer_app(sys.argv[1]); cmd = typer.main.get_command(app); out = {}\n"
        "def walk(c, path):\n"
        "    yield path, c\n"
        "    for n, s in sorted(getattr(c, 'commands', {}).items()):\n"
        "        yield from walk(s, path + [n])\n"
        "for path, c in walk(cmd, []):\n"
        "    r = CliRunner().invoke(app, path + ['--help'])\n"
        "    out[' '.join(path)] = [r.exit_code, r.output]\n"
        "print(json.dumps(out))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, lang],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
    )
    helps = json.loads(proc.stdout)
    assert len(helps) > 30
    for path, (code_, text) in helps.items():
        assert code_ == 0, (path, text)
        assert_fits(text)
        lines = [
            " ".join(ln.split()) if not ln.lstrip().startswith("│") else "│"
            for ln in text.splitlines()
        ]  # the text outside the option panels
        inline = [ln for ln in lines if re.search(r"(Examples?|Beispiele?): smashup", ln)]
        assert not inline, (
            path,
            inline,
        )  # examples stand on lines of their own, not run into the text
        for i, ex in enumerate(
            lines
        ):  # an example command stands alone: a blank line or a frame follows
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if ex.startswith("smashup ") and nxt not in ("", "│") and not nxt.startswith("╭"):
                assert len(ex) + 1 + len(nxt.split()[0]) > 76, (
                    path,
                    ex,
                    nxt,
                )  # only a command too long to fit


def test_reflow_puts_inline_examples_on_lines_of_their_own():
    from smashup_db.cli.framework import reflow

    assert reflow(
        'Show a card.\n\nExamples: smashup card X; smashup card "cesium armor" --json'
    ) == ('Show a card.\n\nExamples:\n\n  smashup card X\n\n  smashup card "cesium armor" --json')
    assert (
        reflow("List presets. Example: smashup preset list")
        == "List presets.\n\nExample:\n\n  smashup preset list"
    )
    assert reflow("Beispiele: smashup a;\nsmashup b") == "Beispiele:\n\n  smashup a\n\n  smashup b"
    assert reflow("No example here: just text.") == "No example here: just text."


# ---------------------------------------------------------------------- short headings, left-out columns


def test_the_heading_check_catches_a_heading_broken_inside_a_word():
    table = "┏━━━━━━━━┳━━━━━━━━┓\n┃ Siegpu ┃ Stärke ┃\n┃ nkte   ┃        ┃\n┡━━━━━━━━╇━━━━━━━━┩\n"
    assert headings(table) == ["Siegpu nkte", "Stärke"]
    assert broken_headings(table, "de") == ["Siegpu nkte"]
    assert (
        broken_headings(table.replace("Siegpu", "Siegpunkte").replace("nkte  ", "      "), "de")
        == []
    )


def test_narrow_tables_take_short_headings_then_drop_ids(cli, monkeypatch):
    """German products at 80 columns: no id column (its ids would wrap: "awesome-level- / 9000");
    in English the ids fit and stay. German short forms from the one list, only where needed."""
    monkeypatch.setenv("COLUMNS", "80")
    de = headings(cli("products", "--lang", "de").output)
    assert "id" not in de and "Fraktionen" in de and "deutsche Auflage" in de
    assert "awesome-level-" not in cli("products", "--lang", "de").output
    en = headings(cli("products", "--lang", "en").output)
    assert en[0] == "id" and "Factions" in en
    bases = headings(cli("bases", "--lang", "de").output)
    assert bases[:2] == ["Name", "ZW"]  # only as many short forms as needed, the longest first
    pool = headings(
        cli("draft", "-p", "A,B,C", "-i", "--seed", "4", "--lang", "de", input="q\n").output
    )
    assert "Kr./Akt." in pool and "Fraktion" in pool
    assert "Kr./Akt." in short_headings().values()


def test_a_droppable_column_gives_way_only_when_no_layout_keeps_every_word_whole():
    """The German draft pool with "genommen von" (after a pick, '?') broke faction names at 80
    columns ("Mörderpflan/zen"): its keywords column is left out instead, and only then."""
    from smashup_db.cli.output import layout

    heads = ["#", "Fraktion", "Schachtel", "Kr./Akt.", "Stärke", "Schlüsselwörter", "genommen von"]
    row = ["1", "Mörderpflanzen", "Wahnsinnslevel 9000", "10/10", "32", "Dauerhaft, zusätzlich"]
    rows = [row + ["Ben"], ["7", "Schmusekätzchen", "Kuschelattacke", *row[3:], ""]]
    keep, _, _ = layout(heads, rows, set(), 80, droppable={5})
    assert keep == [0, 1, 2, 3, 4, 6]
    assert layout(heads, rows, set(), 80)[0] == list(range(7))  # (not droppable: kept, folded)
    assert layout(heads, rows, set(), 120, droppable={5})[0] == list(range(7))  # it fits: kept
