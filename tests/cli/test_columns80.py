"""At 80 columns, in English and German, no table cuts a faction, card, base or product name (issue 23).

Tables narrow their widest columns down to the longest word (names wrap between words), drop empty
columns where asked (the draft pool) and never end a cell with an ellipsis. Each test reads the table
back cell by cell (continuation lines joined) and compares every name with the catalogue's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from helpers import json_ok, on_terminal, smashup_env
from smashup_db.catalogue.view import Catalogue
from smashup_db.cli.output import label
from smashup_db.compiler.bootstrap import open_reader


@pytest.fixture(scope="module")
def cats(tmp_path_factory):
    reader = open_reader(str(tmp_path_factory.mktemp("c80") / "c80.db"))
    yield {lang: Catalogue(reader, lang) for lang in ("en", "de")}
    reader.close()


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


# ---------------------------------------------------------------------- catalogue tables


@pytest.mark.parametrize("lang", ["en", "de"])
def test_products_at_80_columns(at80, cats, lang):
    out = at80("products", "--lang", lang).output
    assert_fits(out)
    ids = (
        lang == "en"
    )  # the German table (one column more) leaves its ids out rather than wrap them
    (rows,) = tables(out, key=2 if ids else 1)
    cat = cats[lang]
    products = cat.products()
    if ids:
        assert [r[0] for r in rows] == [p["id"] for p in products]
    assert [r[int(ids)] for r in rows] == [label(p, lang) for p in products]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bases_at_80_columns(at80, cats, lang):
    out = at80("bases", "--lang", lang).output
    assert_fits(out)
    (rows,) = tables(out, key=1)
    bases = cats[lang].bases()
    assert [r[0] for r in rows] == [label(b, lang) for b in bases]
    assert [r[3] for r in rows] == [label(b["faction"], lang) for b in bases]
    assert [r[4] for r in rows] == [label(b["product"], lang) for b in bases]


def test_factions_at_80_columns_in_german(at80, cats):
    out = at80("factions", "--lang", "de").output
    assert_fits(out)
    (rows,) = tables(out)
    de = cats["de"]
    assert [(r[0], r[1]) for r in rows] == [(f["id"], label(f, "de")) for f in de.factions()]


def test_bases_deck_lists_the_whole_deck_at_80_columns(at80, cats):
    res = json_ok(
        at80(
            "bases",
            "deck",
            "-f",
            "Steampunks,Wechslerbots,Zombies,Astroritter",
            "-n",
            "2",
            "--seed",
            "1",
            "--json",
        )
    )
    out = at80(
        "bases",
        "deck",
        "-f",
        "Steampunks,Wechslerbots,Zombies,Astroritter",
        "-n",
        "2",
        "--seed",
        "1",
        "--lang",
        "de",
    ).output
    assert_fits(out)
    in_play, deck = tables(out, key=1)
    de = cats["de"]
    assert [r[0] for r in in_play] == [
        label(de.named("base", b), "de") for b in res["bases_in_play"]
    ]
    assert [r[0] for r in deck] == [label(de.named("base", b), "de") for b in res["base_deck"]]
    assert f"Das ganze Basisdeck ({len(res['base_deck'])})" in out


def test_auto_draft_and_setup_sheet_at_80_columns_in_german(at80):
    out = at80(
        "draft",
        "--players",
        "Anna,Ben,Cleo,Dora,Emil,Fritzi,Gustav,Hermine",
        "--auto",
        "--seed",
        "3",
        "--lang",
        "de",
    ).output
    assert_fits(out)
    out = at80(
        "setup",
        "-f",
        "aliens,elder-things,clerics,kree,penguins,mermaids",
        "-n",
        "4",
        "--titans",
        "--lang",
        "de",
    ).output
    assert_fits(out)
    assert "Herausnehmen, Schachtel für Schachtel" in out


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
