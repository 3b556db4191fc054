"""German first: every message has a German entry, and every command speaks German on the full catalogue.

The command test runs each leaf command of the Typer app (a test fails when a
new command is not listed here) with ``LANG=de_DE.UTF-8`` and ``--lang de``
where the command takes it, and fails on any output line that is English text
the message table should have translated: a line matching an English message
template of :mod:`smashup_db.i18n.terms`, or with English words left after taking
out the catalogue's names (a card with no German name is shown in English and
marked ``*``: a fallback, not a failure), ids, file paths, options and numbers.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from helpers import CATALOG, REPO, require_shared
from smashup_db.i18n import catalog, gettext, ngettext
from smashup_db.i18n.terms import PLURALS, TERMS, count, term

#: English words that never appear in a German message (data lines have their names taken out first).
ENGLISH = {
    "the",
    "with",
    "and",
    "of",
    "is",
    "are",
    "not",
    "no",
    "use",
    "added",
    "changed",
    "unchanged",
    "wrote",
    "imported",
    "products",
    "factions",
    "cards",
    "bases",
    "rows",
    "games",
    "warning",
    "error",
    "players",
    "round",
    "unknown",
    "matched",
    "still",
    "without",
    "names",
    "text",
    "wins",
    "played",
    "finished",
    "recorded",
    "saved",
    "removed",
    "entries",
    "pages",
    "built",
    "search",
    "off",
    "found",
    "file",
    "line",
    "column",
    "missing",
    "empty",
    "rescued",
    "kept",
    "to",
    "from",
    "for",
    "has",
    "have",
    "any",
    "pick",
    "your",
    "minion",
    "minions",
    "action",
    "actions",
    "power",
    "breakpoint",
    "copies",
    "type",
    "player",
    "date",
    "winner",
    "clean",
    "problem",
    "problems",
    "bad",
    "nothing",
    "was",
    "were",
    "into",
}
#: Option words that are the same in both languages (they are what the user types).
OPTION_WORDS = {"format", "offer", "ban", "include", "complexity", "products", "avoid-recent"}


def _placeholders(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_message_has_a_german_entry_with_the_same_placeholders():
    german = catalog("de")._catalog  # the compiled messages.mo: {msgid: msgstr, (msgid, i): form}
    for key, en in TERMS.items():
        assert en in german and gettext(en, "de").strip(), f"{key}: no German entry"
        assert _placeholders(gettext(en, "de")) == _placeholders(en), key
    for key, (one, many) in PLURALS.items():
        assert (one, 0) in german and (one, 1) in german, key
        assert ngettext(one, many, 2, "de") != many or many == "Talente", key


def test_messages_used_by_the_cli_exist_in_german():
    """Every key the CLI modules ask for (msg, term, count, _t) has a German entry."""
    used = set()
    for path in (REPO / "smashup_db" / "cli").glob("*.py"):
        src = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\b(?:msg|term|count)\("([\w.-]+)"', src))
        if "def _t(" in src:
            used |= {"g." + k for k in re.findall(r'\b_t\((?:L|cat\.lang), "([\w.-]+)"', src)}
    assert len(used) > 60
    used = {
        k for k in used if not k.endswith(".")
    }  # "g." + key: the keys are collected from _t above
    german = catalog("de")._catalog
    missing = sorted(k for k in used if not (k in PLURALS or TERMS.get(k) in german))
    assert not missing, missing


def test_plural_forms():
    assert count("minion", 1, "de") == "1 Kreatur" and count("minion", 10, "de") == "10 Kreaturen"
    assert count("action", 1, "de") == "1 Aktion" and count("action", 2, "de") == "2 Aktionen"
    assert count("minion", 1, "en") == "1 minion" and count("minion", 0, "en") == "0 minions"
    assert term("card_word", "de", 20) == "Karten"


def _raised(fn, *args, **kwargs):
    from smashup_db.errors import UserError

    with pytest.raises(UserError) as info:
        fn(*args, **kwargs)
    return info.value


def test_errors_raised_by_the_library_render_in_german():
    """Real errors carry their English template and values; German comes from the catalog, never from str()."""
    from smashup_db.i18n import render
    from smashup_db.importer.translation_csv import parse_translations
    from smashup_db.rules import players
    from smashup_db.rules.draft import DraftState
    from smashup_db.rules.scoring import ScoringError
    from smashup_db.search.parser import parse

    err = _raised(parse, "(t:minion")
    assert str(err) == "missing ')' for the '(' opened at column 1"
    assert render(err, "de") == "')' fehlt zur geöffneten '(' an Stelle 1"
    err = _raised(parse, "t:minon")
    assert render(err, "de").startswith(
        "unbekannter Typ 'minon' (meintest du 'minion', "
    ) and render(err, "de").endswith("?) an Stelle 3")
    assert render(_raised(parse, "foo:bar"), "de").startswith("unbekanntes Feld 'foo'")
    err = _raised(
        parse_translations, "kind,id,lang,name,text\nwidget,x,de,B,\ncard,y,xx,C,\n", "x.csv"
    )
    assert render(err, "de").splitlines() == [
        "x.csv: 2 fehlerhafte Zeilen; nichts wurde importiert",
        "  Zeile 2: kind: unbekannte Art 'widget'; erlaubt: product, faction, card, base",
        "  Zeile 3: lang: unbekannte Sprache 'xx'; erlaubt: de, en",
    ]
    assert str(err).splitlines()[0] == "x.csv: 2 bad rows; nothing was imported"
    err = _raised(players.name_numbers, ["Anna"], "power", ScoringError)
    assert render(err, "de") == "erwartet NAME=STÄRKE, nicht 'Anna' (z. B. Anna=12)"
    assert str(err) == "expected NAME=POWER, got 'Anna' (e.g. Anna=12)"
    state = DraftState(["Anna", "Ben"], ["ninjas", "pirates", "robots", "zombies"])
    state.names = {"ninjas": "Ninjas", "pirates": "Piraten"}
    state.pick("ninjas")
    err = _raised(state.pick, "ninjas")
    assert render(err, "de") == "Anna hat Ninjas schon, und es gibt nur 1 Exemplar"
    assert (
        str(err) == "Ninjas is taken by Anna and only 1 copy is owned"
    )  # a name, never the id 'ninjas'


def test_a_message_value_renders_in_the_same_language():
    from smashup_db.errors import Message, UserError
    from smashup_db.i18n import N_, render

    inner = Message(N_("file not found"))
    err = UserError(N_("cannot read: {value}"), prefix="boxes.csv", value=inner)
    assert render(err, "de") == "boxes.csv: kann nicht lesen: Datei nicht gefunden"
    assert render(err, "en") == str(err) == "boxes.csv: cannot read: file not found"


# --------------------------------------------------------------------------- every command in German


def _english_templates() -> list[re.Pattern]:
    """English messages of the catalog (at least two words outside placeholders) whose German differs, as patterns."""
    out = []
    german = catalog(
        "de"
    )._catalog  # every message of the catalog: the message table's and the library's
    for en in sorted({k for k in german if isinstance(k, str) and k}):
        if en == gettext(en, "de"):
            continue
        literal = re.sub(r"\{[^{}]*\}", " ", en)
        if len(re.findall(r"[A-Za-z]{2,}", literal)) < 2:
            continue
        parts = re.split(r"(\{[^{}]*\})", en.split("\n")[0])
        out.append(
            re.compile("".join(".*?" if p.startswith("{") else re.escape(p) for p in parts if p))
        )
    return out


def _commands(tmp: Path, has_archive: bool) -> list[tuple[str, list[str]]]:
    """(command, arguments) for every leaf command; run in this order on one database."""
    csv_ok = tmp / "ninjas.csv"
    bad = tmp / "bad.csv"
    bad.write_text(
        "kind,id,lang,name,text\ncard,no-such,de,A,\nwidget,x,de,B,\ncard,laser-sword,xx,C,\n",
        encoding="utf-8",
    )
    cmds = [
        ("products", ["products"]),
        ("factions", ["factions", "--product", "Core Set"]),
        ("faction", ["faction", "ninjas"]),
        ("card", ["card", "laser sword"]),
        ("card", ["card", "xyzzy"]),
        ("base", ["base", "USS Undertaking"]),
        ("bases", ["bases", "--product", "Core Set"]),
        ("stats", ["stats"]),
        ("search", ["search", "t:minion f:ninjas"]),
        ("search", ["search", "zzzqqq"]),
        ("search", ["search", "pow>="]),
        ("draft", ["draft", "-p", "Anna,Ben,Cleo", "--auto", "--seed", "1", "--record"]),
        ("draft", ["draft", "-p", "Anna", "--auto"]),
        ("score", ["score", "USS Undertaking", "Anna=12", "Ben=12", "Cleo=5"]),
        (
            "bases deck",
            [
                "bases",
                "deck",
                "--factions",
                "aliens,ninjas,zombies,wizards",
                "--players",
                "4",
                "--seed",
                "1",
            ],
        ),
        (
            "setup",
            [
                "setup",
                "--factions",
                "aliens,elder-things,clerics,penguins",
                "--players",
                "2",
                "--seed",
                "1",
                "--titans",
            ],
        ),
        ("setup", ["setup", "--factions", "aliens,nonsense", "--players", "2"]),
        ("score", ["score", "USS Undertaking", "Anna=2", "Ben=3"]),
        ("game end", ["game", "end", "Anna=17", "Ben=16", "--madness", "Anna=2,Ben=1"]),
        ("collection add", ["collection", "add", "Core Set"]),
        ("collection list", ["collection", "list"]),
        ("collection export", ["collection", "export", str(tmp / "boxes.csv")]),
        ("collection import", ["collection", "import", str(tmp / "boxes.csv")]),
        ("collection code", ["collection", "code"]),
        ("collection add", ["collection", "add", "--code", "not-a-code"]),
        ("collection remove", ["collection", "remove", "Core Set"]),
        ("preset save", ["preset", "save", "fam", "--ban", "Elder Things"]),
        ("preset list", ["preset", "list"]),
        ("preset remove", ["preset", "remove", "fam"]),
        (
            "game end",
            ["game", "end", "Anna=16", "Ben=15", "Cleo=9", "--madness", "Anna=4", "--record"],
        ),
        ("game end", ["game", "end", "Anna=6", "Ben=5"]),
        (
            "game record",
            [
                "game",
                "record",
                "Anna=17",
                "Ben=12",
                "--factions",
                "Anna=Aliens+Ninjas,Ben=Piraten+Roboter",
            ],
        ),
        ("games list", ["games", "list"]),
        ("games stats", ["games", "stats"]),
        ("games export", ["games", "export", str(tmp / "games.json")]),
        ("games import", ["games", "import", str(tmp / "games.json")]),
        ("import text", ["import", "text"]),
        ("import images", ["import", "images", str(tmp / "no-card-art")]),
        (
            "export translations",
            [
                "export",
                "translations",
                "--lang",
                "de",
                "--missing",
                "--faction",
                "ninjas",
                "--out",
                str(csv_ok),
            ],
        ),
        ("import translations", ["import", "translations", str(csv_ok)]),
        ("import translations", ["import", "translations", str(bad)]),
        ("translations status", ["translations", "status"]),
        ("db build", ["db", "build"]),
        ("db recover", ["db", "recover"]),
        ("data check", ["data", "check"]),
        (
            "data compile",
            ["data", "compile", "--sources", str(tmp / "nowhere"), "--data", str(tmp / "nodata")],
        ),
        ("site build", ["site", "build", "--out", str(tmp / "site"), "--no-search"]),
        ("site serve", ["site", "serve", "--port", "70000", "--dir", str(tmp / "site")]),
    ]
    if has_archive:
        cmds.insert(0, ("import text", ["import", "text", str(CATALOG)]))
    return cmds


def _leaf_commands() -> set[str]:
    import typer.main

    from smashup_db.cli import app

    out = set()

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            if getattr(cmd, "invoke_without_command", False) and path:
                out.add(" ".join(path))
            for name, sub in subs.items():
                walk(sub, path + (name,))
        else:
            out.add(" ".join(path))

    walk(typer.main.get_command(app), ())
    return out


def _takes_lang(args: list[str]) -> bool:
    import typer.main

    from smashup_db.cli import app

    cmd = typer.main.get_command(app)
    for word in args:
        subs = getattr(cmd, "commands", None)
        if not subs or word not in subs:
            break
        cmd = subs[word]
    if " ".join(args[:2]) == "export translations":
        return False  # its --lang is the language exported, given already
    return any("--lang" in p.opts for p in cmd.params)


def _names(db) -> list[str]:
    from smashup_db.catalogue import model as readmodel
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(db)
    try:
        model = readmodel.load(reader)
    finally:
        reader.close()
    names = {n for names in model.names.values() for n in names.values()}
    return sorted(names, key=len, reverse=True)


def _strip_data(line: str, names: list[str], tmp: Path) -> str:
    line = line.replace(str(tmp), " ")
    for n in names:
        if n in line:
            line = line.replace(n, " ")
    line = re.sub(r"https?://\S+|\S*/\S*|--[\w-]+|'[^']*'|\b[a-z0-9]+(?:-[a-z0-9]+)+\b", " ", line)
    line = re.sub(
        r"\b[a-z]+(?:_[a-z]+)+\b", " ", line
    )  # table names (db recover's report) are identifiers
    line = re.sub(r"\bsmashup( [a-z]+)*", " ", line)  # command examples are typed as they are
    line = re.sub(r"no such table: \w+", " ", line)  # the database driver's own words, quoted
    return line


def test_every_command_speaks_german(cli, db_path, backend, tmp_path, monkeypatch):
    """Without imported rules text (AEG's English wording is data, not a message; see the next test)."""
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("COLUMNS", "400")  # names are not cut by table wrapping
    cmds = _commands(tmp_path, False)
    if backend != "sqlite":
        cmds = [c for c in cmds if c[0] != "db recover"]
    covered = {name for name, _ in cmds}
    missing = _leaf_commands() - covered - ({"db recover"} if backend != "sqlite" else set())
    assert not missing, f"commands not run in German: {sorted(missing)}"
    templates = _english_templates()
    assert cli("stats").exit_code == 0
    names = _names(db_path)
    bad_lines = []
    for _name, args in cmds:
        full = args + (["--lang", "de"] if _takes_lang(args) else [])
        res = cli(*full)
        assert "Traceback" not in res.output, (full, res.output)
        for raw in res.output.splitlines():
            if any(t.search(raw) for t in templates):
                bad_lines.append((" ".join(args), raw))
                continue
            words = set(re.findall(r"[a-z]+(?:-[a-z]+)*", _strip_data(raw, names, tmp_path)))
            english = (words & ENGLISH) - OPTION_WORDS
            if english:
                bad_lines.append((" ".join(args), raw, sorted(english)))
    assert not bad_lines, "\n".join(map(str, bad_lines))


def test_import_text_summary_is_german(cli, db_path, monkeypatch):
    archive = require_shared("card-archive", "smashup-catalog.json")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    res = cli("import", "text", str(archive))
    assert res.exit_code == 0, res.output
    summary = [ln for ln in res.stdout.splitlines() if ln.strip()]
    assert (
        summary[0].startswith("smashup-catalog.json")
        and "importiert in" in summary[0]
        and "zugeordnet" in summary[0]
    )
    assert summary[1].startswith("Text: ") and "Regelhinweise" in summary[1]
    assert summary[2].startswith("noch ohne englischen Text: ")
    card = cli("card", "laser sword", "--lang", "de").stdout
    assert (
        "(kein deutscher Text bekannt, englischer Text gezeigt)" in card
    )  # English text is marked


def test_errors_are_german_under_a_german_locale(cli, db_path, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    res = cli("card", "xyzzy")
    assert res.exit_code == 1
    assert res.output.strip().splitlines()[-1].startswith("Fehler: Karte 'xyzzy' nicht gefunden")
    monkeypatch.setenv("LANG", "C.UTF-8")
    res = cli("card", "xyzzy")
    assert res.output.strip().splitlines()[-1].startswith("error: no card named 'xyzzy'")
