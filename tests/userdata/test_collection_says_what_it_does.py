"""The collection says what it does: a box in another printing is asked about (terminal) or refused
naming the two ways to say which is meant; every add and remove prints the copies and printing that
result; a part of a German name records the same printing as the whole name."""

from __future__ import annotations

import pytest

from helpers import json_ok


def _rows(cli) -> dict:
    return {
        (r["owner"], r["product"]["id"]): (r["copies"], r["printing"])
        for r in json_ok(cli("collection", "list", "--json"))
    }


def test_another_printing_of_an_owned_box_is_refused_naming_both_ways(cli):
    assert cli("collection", "add", "Core Set").exit_code == 0
    out = cli("collection", "add", "Core Set", "--printing", "original")
    assert out.exit_code == 1 and "Traceback" not in out.output
    assert "--same-box" in out.output and "--another-box" in out.output
    assert len(out.output.strip().splitlines()) == 1
    assert _rows(cli) == {("me", "core-set"): (1, None)}  # nothing changed
    de = cli("collection", "add", "Core Set", "--printing", "original", "--lang", "de")
    assert de.exit_code == 1 and "--same-box" in de.output and "Erstauflage" in de.output


def test_same_box_corrects_the_printing_and_another_box_adds_a_copy(cli):
    cli("collection", "add", "Core Set")
    fixed = cli("collection", "add", "Core Set", "--printing", "original", "--same-box")
    assert fixed.exit_code == 0
    assert fixed.stdout.strip() == "me: Core Set, 1 copy, now recorded as original printing"
    assert _rows(cli) == {("me", "core-set"): (1, "original")}
    more = cli("collection", "add", "Core Set", "--printing", "current", "--another-box")
    assert more.stdout.strip() == "me: Core Set, 2 copies (current printing)"
    assert _rows(cli) == {("me", "core-set"): (2, "current")}
    same = cli(
        "collection", "add", "Core Set", "--printing", "current"
    )  # same printing: no question
    assert same.exit_code == 0 and _rows(cli) == {("me", "core-set"): (3, "current")}
    both = cli(
        "collection", "add", "Core Set", "--same-box", "--another-box", "--printing", "german"
    )
    assert both.exit_code == 1 and "not both" in both.output


@pytest.mark.parametrize(("answer", "expected"), [("1", (1, "original")), ("2", (2, "original"))])
def test_at_a_terminal_the_collection_asks_which_is_meant(cli, monkeypatch, answer, expected):
    from smashup_db.cli import collection_cmds

    cli("collection", "add", "Core Set")
    monkeypatch.setattr(collection_cmds, "_asking", lambda: True)
    out = cli("collection", "add", "Core Set", "--printing", "original", input=answer + "\n")
    assert out.exit_code == 0, out.output
    assert "me has Core Set already: 1x, current printing." in out.stdout
    assert _rows(cli) == {("me", "core-set"): expected}


def test_quitting_the_question_changes_nothing(cli, monkeypatch):
    from smashup_db.cli import collection_cmds

    cli("collection", "add", "Core Set")
    monkeypatch.setattr(collection_cmds, "_asking", lambda: True)
    out = cli("collection", "add", "Core Set", "--printing", "original", input="q\n")
    assert out.exit_code == 1 and "nothing changed" in out.output
    assert _rows(cli) == {("me", "core-set"): (1, None)}


def test_every_add_and_remove_prints_the_copies_and_printing_that_result(cli):
    assert cli("collection", "add", "Core Set", "--copies", "2").stdout.strip() == (
        "me: Core Set, 2 copies (current printing)"
    )
    assert cli("collection", "remove", "Core Set", "--copies", "1").stdout.strip() == (
        "me: Core Set, 1 copy (current printing)"
    )
    gone = cli("collection", "remove", "Core Set")
    assert gone.stdout.strip() == "me: Core Set removed; no copy left"
    assert "0x" not in gone.stdout
    de = cli("collection", "add", "Vergessene Helden", "--owner", "Ben", "--lang", "de")
    assert de.stdout.strip() == "Ben: Vergessene Helden, 1 Exemplar (deutsche Auflage)"
    removed = json_ok(cli("collection", "remove", "Vergessene Helden", "--owner", "Ben", "--json"))
    assert removed["copies"] == 0 and removed["removed"] == 1 and removed["printing"] == "german"


@pytest.mark.parametrize("query", ["cthulhu", "Cthulhu", "endgültige"])
def test_a_part_of_the_german_name_records_the_printing_of_the_whole_name(cli, query):
    whole = json_ok(
        cli("collection", "add", "Der endgültige Cthulhu", "--lang", "de", "--owner", "A", "--json")
    )
    part = json_ok(cli("collection", "add", query, "--lang", "de", "--owner", "B", "--json"))
    assert part["product"]["id"] == whole["product"]["id"]
    assert part["printing"] == whole["printing"] == "german"


def test_a_part_of_the_english_name_in_english_leaves_the_printing_open(cli):
    part = json_ok(cli("collection", "add", "obligatory", "--json"))
    whole = json_ok(
        cli("collection", "add", "The Obligatory Cthulhu Set", "--owner", "B", "--json")
    )
    assert part["printing"] is whole["printing"] is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_collection_code_says_what_the_code_is_and_how_to_use_it(cli, lang):
    cli("collection", "add", "Core Set")
    out = cli("collection", "code", "--lang", lang)
    lines = out.stdout.splitlines()
    code = json_ok(cli("collection", "code", "--json"))["code"]
    assert lines[0] == code  # alone on its line, never wrapped
    text = " ".join(" ".join(lines[1:]).split())
    assert f"/{lang}/boxes/" in text and "smashup collection add --code CODE" in text
    assert ("Schachteln" if lang == "de" else "boxes") in text
