"""Every leaf command in German: its output, its ``--help`` and usage errors, with no English sentence.

Each leaf command of the Typer app runs in German twice: with ``--lang de``
(on a ``C`` locale) and under ``LANG=de_DE.UTF-8``; each leaf's ``--help``
and a set of deliberate usage errors (``smashup draft --players`` among them)
too. The help texts are built when the application is built, in the
language chosen then (as :func:`smashup_db.cli.main` does), so every run of a
mode happens in one fresh process that builds the application for that mode
and invokes each command line on it; the brief's usage error also runs as a
whole ``python -m smashup_db`` process in both modes.

The English detector (:func:`english`) flags a line that matches an English
message of our catalog whose German differs (Click's usage errors and the
help pages' words are catalog messages too, :mod:`smashup_db.cli.framework`),
or that has an English function word left after taking out what is not prose:
the catalogue's names (proper names; a card without a German name is shown in
English, marked ``*``), ids, paths, URLs, options and their typed values,
quoted values, command examples, placeholders (``NAME=VP``, ``<str>``,
``{name}``) and numbers. ``test_the_detector_catches_english`` proves it flags
English and passes German.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from smashup_db.i18n import catalog

#: English words that do not occur in German prose (no "was", "will", "also", "an", "in", "so": German words too).
FUNCTION_WORDS = {
    "the",
    "of",
    "and",
    "or",
    "is",
    "are",
    "to",
    "for",
    "with",
    "from",
    "this",
    "that",
    "these",
    "those",
    "your",
    "you",
    "by",
    "on",
    "at",
    "it",
    "its",
    "be",
    "has",
    "have",
    "were",
    "which",
    "when",
    "where",
    "who",
    "how",
    "than",
    "then",
    "there",
    "their",
    "they",
    "would",
    "should",
    "can",
    "cannot",
    "does",
    "any",
    "each",
    "every",
    "only",
    "into",
    "if",
    "but",
    "show",
    "print",
    "use",
    "must",
    "yet",
    "been",
    "our",
    "such",
    "more",
    "after",
    "before",
    "again",
    "same",
    "without",
    "between",
    "about",
    "until",
    "while",
    "missing",
    "invalid",
    "got",
    "unexpected",
    "try",
    "help",
    "usage",
    "options",
    "arguments",
    "commands",
    "required",
    "default",
    "error",
    "warning",
    "not",
    "no",
    "found",
    "named",
    "did",
    "mean",
    "takes",
    "requires",
    "value",
    "values",
}
#: Words of what a person types, the same in both languages: the query language's fields and values (see
#: ``smashup search --help``), option values (``--format snake``, ``--base-mode set``, ``--printing german``).
TYPED = {
    "name",
    "text",
    "faction",
    "product",
    "lang",
    "type",
    "minion",
    "action",
    "titan",
    "fusion",
    "other",
    "base",
    "card",
    "ongoing",
    "talent",
    "special",
    "power",
    "pow",
    "copies",
    "breakpoint",
    "bp",
    "vp",
    "vp2",
    "vp3",
    "kw",
    "snake",
    "random",
    "offer",
    "set",
    "all",
    "low",
    "medium",
    "high",
    "original",
    "current",
    "german",
    "markdown",
    "html",
    "kind",
    "id",
    "de",
    "en",
    "json",
    "csv",
    "str",
    "int",
    "bool",
    "path",
}


def _english_patterns() -> re.Pattern:
    """One regex matching any English message of our catalog (two or more words of 3+ letters outside
    placeholders) whose German differs: our messages, Click's usage errors, the help pages' words."""
    parts = []
    for en, de in catalog("de")._catalog.items():
        if not isinstance(en, str) or not en or en == de:
            continue
        for line in en.split("\n"):
            if line.strip() and line.strip() in de:
                continue  # the same in German (a command example)
            literal = re.sub(
                r"\{[^}]*\}|\b\w+(?:-\w+)+\b", " ", line
            )  # placeholders, typed values (avoid-recent)
            if len(re.findall(r"[A-Za-z]{3,}", literal)) < 2:
                continue
            pieces = re.split(r"(\{[^}]*\})", line.strip())
            parts.append(
                "".join(r".*?" if p.startswith("{") else re.escape(p) for p in pieces if p)
            )
    return re.compile("|".join(sorted(set(parts), key=len, reverse=True)))


_PATTERNS: list = []


def _names(db: str | None = None) -> list[str]:
    """Every name of the catalogue, English and German, longest first (proper names, allowed)."""
    from smashup_db.catalogue import model as readmodel
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(db)
    try:
        model = readmodel.load(reader)
    finally:
        reader.close()
    return sorted(
        {n for names in model.names.values() for n in names.values() if n}, key=len, reverse=True
    )


def _strip(line: str, names: list[str]) -> str:
    """The line without what is not prose: names, paths, URLs, options, quoted values, examples, placeholders."""
    for n in names:
        if n in line:
            line = line.replace(n, " ")
    line = re.sub(r"https?://\S+|\S*/\S*|\S+\.(?:json|csv|db|md|html)\b", " ", line)
    line = re.sub(r"\bsmashup(?: [a-z-]+)*", " ", line)  # command examples are typed as they are
    line = re.sub(
        r"(?<!\S)--?[\w-]+(?:[ =][a-z][\w,.-]*)?", " ", line
    )  # an option and the value typed after it
    line = re.sub(
        r"'[^']*'|\"[^\"]*\"|<[^>]*>|\{[^}]*\}|\[[a-z]+\]|\b[A-Z][A-Z0-9_.=,+-]*[A-Z0-9]\b",
        " ",
        line,
    )
    line = re.sub(
        r"\b[a-z0-9]+(?:[-_:][a-z0-9]+)+\b|\b[a-z][a-z0-9]*:", " ", line
    )  # ids, hyphenated values, fields
    return line


def english(line: str, names: list[str] = ()) -> list[str]:
    """Why ``line`` is English (empty when it is not): the catalog message it matches, or its English words."""
    if not _PATTERNS:
        _PATTERNS.append(_english_patterns())
    found = _PATTERNS[0].search(line)
    if found and found.group(0).strip():
        return [f"message: {found.group(0)!r}"]
    words = {
        w.lower()
        for w in re.findall(r"[A-Za-z]+", _strip(line, list(names)))
        if not w.isupper() or len(w) == 1
    }
    return sorted((words & FUNCTION_WORDS) - TYPED)


def test_the_detector_catches_english():
    caught = [
        "Usage: smashup card [OPTIONS] NAME",
        "Try 'smashup card -h' for help.",
        "│ Missing option '--players' / '-p'.                     │",
        "│ Option '--players' requires an argument.              │",
        "│ --json   <bool>  Print JSON for scripts instead of a table. │",
        "│ --help   -h      Show this message and exit.          │",
        "List every product (set, expansion, box) in publication order.",
        "the collection is empty; add boxes with: smashup collection add PRODUCT",
        "Bases in play (5 of a set-matched deck of 12)",
        "Draft (seed 7)",
        "The base deck has nine bases, which is not enough for these players.",  # no catalog message: words
        "error: no card named 'xyzzy'",
    ]
    for line in caught:
        assert english(line), line
    passed = [
        "Aufruf: smashup card [OPTIONEN] {name}",
        "Hilfe mit 'smashup card -h'.",
        "│ Option '--players' braucht einen Wert.                │",
        "│ --json   <bool>  JSON für Skripte statt einer Tabelle ausgeben. │",
        "Fehler: Karte 'xyzzy' nicht gefunden",
        "Fraktionswahl (Startwert 7)",
        "Laser Sword* (laser-sword) - Aktion, 1x, Fraktion: Cyborg Apes*",  # names are proper names
        "  smashup draft -p Anna,Ben --seed 3 --pick Anna=1 --pick Ben=4 --auto --json",
        "Zerstörungswerte und Siegpunkte welcher Druckversion: original, current oder german",
    ]
    for line in passed:
        assert not english(line, ["Laser Sword", "Cyborg Apes"]), (line, english(line))


# ------------------------------------------------------------------------------------------ the runs

_DRIVER = """
import json, sys
from smashup_db.cli import typer_app
from smashup_db.cli.framework import display_lang
from typer.testing import CliRunner

import os

runs = json.loads(sys.argv[1])
app = typer_app(display_lang(runs[0][0]))  # built in the language main() would choose for these command lines
runner, out = CliRunner(), []
for args, columns in runs:
    os.environ["COLUMNS"] = str(columns)  # help at 80 columns; tables wide, so that names are not cut
    result = runner.invoke(app, args)
    out.append([args, result.exit_code, result.output, repr(result.exception) if result.exit_code not in (0, 1, 2)
                else ""])
sys.stdout.write("\\nRESULTS " + json.dumps(out))
"""

#: Deliberate usage errors (each also has its leaf's --help run): missing value, missing option, missing
#: argument, unknown option, extra argument, bad number, a flag given a value, an unknown command.
USAGE_ERRORS = [
    ["draft", "--players"],
    ["draft"],
    ["card"],
    ["card", "x", "--nope"],
    ["card", "a", "b"],
    [
        "search"
    ],  # (a wrong number is the rules' one line, not a usage error: test_strict_integers.py)
    ["bases", "--json=1"],
    ["bases", "deck"],
    ["cardx"],
    ["collection", "frobnicate"],
    ["collection"],
]


def _env(mode: str, db: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMASHUP_", "LC_", "LANG"))}
    env.update(
        SMASHUP_ARCHIVE_URL=os.environ[
            "SMASHUP_ARCHIVE_URL"
        ],  # conftest's closed port: no internet
        SMASHUP_DB=db,
        COLUMNS="80",
        LINES="50",
        TERM="dumb",
        NO_COLOR="1",
        PYTHONIOENCODING="utf-8",
        LANG="de_DE.UTF-8" if mode == "LANG" else "C.UTF-8",
    )
    return env


def _with_lang(args: list[str]) -> list[str]:
    """``args`` with ``--lang de`` where the command has a display language (usage errors: before a value)."""
    if args and args[-1] == "--players":
        return args[:-1] + [
            "--lang",
            "de",
            "--players",
        ]  # after --players, --lang would be its value
    return args + ["--lang", "de"]


def _run_mode(mode: str, db: str, tmp: Path, names: list[str]) -> list:
    from test_german import _commands, _leaf_commands, _takes_lang  # tests/cli/test_german.py

    leaves = sorted(_leaf_commands())
    from smashup_db.cli.framework import OTHER_LANG

    runs = []
    for _name, args in _commands(tmp, False):
        if mode == "LANG":
            runs.append(args)
        elif (
            _takes_lang(args) and args[0] not in OTHER_LANG
        ):  # site build --lang: the languages built
            runs.append(args + ["--lang", "de"])
    runs = [(r, 400) for r in runs]
    helps = []
    for leaf in leaves + [
        "",
        "bases",
        "collection",
        "db",
        "data",
        "game",
        "games",
        "import",
        "export",
        "preset",
        "site",
        "translations",
    ]:
        words = leaf.split()
        if mode == "--lang" and words and words[0] in OTHER_LANG:
            continue  # their --lang is not the display language: help in the locale's (the LANG mode checks it)
        helps.append(words + ["--help"] + (["--lang", "de"] if mode == "--lang" else []))
    for args in USAGE_ERRORS:
        helps.append(_with_lang(args) if mode == "--lang" else args)
    runs += [(r, 80) for r in helps if r != ["--help", "--lang", "de"]]
    proc = subprocess.run(
        [sys.executable, "-c", _DRIVER, json.dumps(runs)],
        env=_env(mode, db),
        cwd=tmp,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0 and "RESULTS " in proc.stdout, proc.stderr[-3000:]
    return json.loads(proc.stdout.rsplit("RESULTS ", 1)[1])


@pytest.mark.parametrize("mode", ["--lang", pytest.param("LANG", marks=pytest.mark.long)])
def test_every_leaf_command_its_help_and_usage_errors_are_german(tmp_path, mode):
    """On a fresh SQLite database (the German texts do not depend on the backend; test_german.py runs both)."""
    db = str(tmp_path / "de.db")
    built = subprocess.run(
        [sys.executable, "-m", "smashup_db", "stats"],
        env=_env("LANG", db),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert built.returncode == 0, built.stderr
    names = _names(db)
    results = _run_mode(mode, db, tmp_path, names)
    bad, helps, errors = [], 0, 0
    for args, code, output, exc in results:
        assert not exc and "Traceback" not in output, (args, exc, output[-2000:])
        if mode == "--lang" and args == ["--help"]:
            continue  # the root has no --lang: its help is in the locale's language (checked in the LANG mode)
        helps += "--help" in args
        errors += code == 2 and "--help" not in args
        for raw in output.replace(str(tmp_path), " ").splitlines():
            why = english(raw, names)
            if why:
                bad.append((" ".join(args), raw.strip(), why))
    assert helps >= 40 and errors >= len(USAGE_ERRORS) - 1, (helps, errors)
    assert not bad, "\n".join(map(str, bad))


@pytest.mark.parametrize("mode", ["--lang", "LANG"])
def test_the_brief_usage_error_is_german_in_a_whole_process(tmp_path, mode):
    args = ["draft", "--lang", "de", "--players"] if mode == "--lang" else ["draft", "--players"]
    proc = subprocess.run(
        [sys.executable, "-m", "smashup_db", *args],
        env=_env(mode, str(tmp_path / "x.db")),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2
    assert "Option '--players' braucht einen Wert." in proc.stderr and "Fehler" in proc.stderr, (
        proc.stderr
    )
    assert not [ln for ln in proc.stderr.splitlines() if english(ln)], proc.stderr


def test_every_usage_error_message_switches_language_in_process(smashup_cli):
    """Click's usage errors go through gettext on every call: in one process, the error panel's message
    reads in English with --lang en and in German with --lang de (a Click wording our catalog lacks
    stays English and fails). The panel's frame words are Typer's, fixed when Typer is imported; the
    subprocess test above checks those."""

    def message(args):
        run = smashup_cli(*args)
        assert run.exit_code == 2, (args, run.output)
        return [ln.strip("│ ") for ln in run.output.splitlines() if ln.startswith("│")]

    for args in USAGE_ERRORS:
        german_args = _with_lang(list(args))
        english_args = [
            ("en" if a == "de" and german_args[i - 1] == "--lang" else a)
            for i, a in enumerate(german_args)
        ]
        german, english_lines = message(german_args), message(english_args)
        assert german and not [ln for ln in german if english(ln)], (args, german)
        assert german != english_lines, (args, german)


def test_help_examples_fit_in_80_columns():
    """Every indented line of a help text (command examples keep their line breaks) fits beside the panel."""
    from babel.messages.pofile import read_po

    po_path = (
        Path(__file__).resolve().parents[2] / "smashup_db/i18n/locale/de/LC_MESSAGES/messages.po"
    )
    with po_path.open("rb") as fh:
        po = read_po(fh)
    long = [
        ln
        for m in po
        if isinstance(m.id, str) and m.id
        for text in (m.id, m.string)
        for ln in text.split("\n")
        if ln.startswith("  ") and len(ln) > 77 and "://" not in ln
    ]  # a URL: one word
    assert not long, long


def test_help_paragraphs_are_reflowed_and_examples_kept():
    """Prose paragraphs are one line each (the terminal wraps them at its width); example lines keep their breaks."""
    from smashup_db.cli.framework import reflow

    assert (
        reflow("One line\nand the next.\n\n  smashup card x\n  smashup card y\n")
        == "One line and the next.\n\n  smashup card x\n  smashup card y\n"
    )
    assert reflow(None) is None
