"""Every table the CLI prints, at 80 columns in English and German: no heading is broken inside a
word, no line is wider than 80 cells, the frame is kept (issue 32).

A heading as drawn at 80 columns (the pieces of its lines joined by one space) must be one of the
headings the same command draws on a terminal wide enough for everything, or the short form of
one (``smashup_db.i18n.terms.SHORT_HEADINGS``): "Zerstör/ungswer/t" is neither."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from smashup_db.i18n.terms import short_headings

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
    [
        "bases",
        "deck",
        "-f",
        "Steampunks,Wechslerbots,Zombies,Astroritter",
        "-n",
        "2",
        "--seed",
        "1",
    ],
    ["draft", "-p", "Anna,Ben,Cleo,Dora,Emil,Fritzi,Gustav,Hermine", "--auto", "--seed", "3"],
    ["setup", "-f", "aliens,elder-things,clerics,kree,penguins,mermaids", "-n", "4", "--titans"],
    ["score", "Tar Pits", "Anna=12", "Ben=12", "Cleo=5"],
    ["game", "end", "Anna=15", "Ben=17", "Cleo=12", "--madness", "Anna=0,Ben=4,Cleo=2"],
    ["games", "list"],
    ["games", "stats"],
    ["translations", "status"],
    ["draft", "-p", "Anna,Ben,Cleo", "-i", "--seed", "4"],  # the pool, then 'q'
]
#: What a command reads from its input (the interactive draft quits at once).
ANSWERS = {"-i": "q\n"}


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


@pytest.fixture
def recorded(cli, monkeypatch):
    """``cli`` on a database with one drafted and finished game (for ``games list``/``stats``)."""
    monkeypatch.setenv("COLUMNS", "80")
    assert cli("draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "2", "--record").exit_code == 0
    res = cli(
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
    return cli


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_table_at_80_columns(recorded, monkeypatch, lang):
    short = short_headings()
    seen = 0
    for args in COMMANDS:
        monkeypatch.setenv("COLUMNS", "1000")
        answer = next((a for flag, a in ANSWERS.items() if flag in args), None)
        wide = recorded(*args, "--lang", lang, input=answer)
        assert wide.exit_code == 0 or answer, (args, wide.output)
        full = set(headings(wide.output))
        allowed = full | {" / ".join(short.get(p, p) for p in h.split(" / ")) for h in full}
        monkeypatch.setenv("COLUMNS", "80")
        out = recorded(*args, "--lang", lang, input=answer).output
        too_long = [ln for ln in out.splitlines() if cell_len(ln) > 80]
        assert not too_long, (args, too_long[:2])
        drawn = headings(out)
        assert drawn, (args, out[:400])
        broken = [h for h in drawn if h not in allowed]
        assert not broken, (args, lang, broken, sorted(allowed))
        seen += len(drawn)
    assert seen > 60


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
