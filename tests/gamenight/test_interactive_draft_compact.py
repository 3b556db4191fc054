"""The interactive draft redraws compactly: the pool once, then one line per pick and a short "left"
line; ``?`` shows the pool again; ``q`` stops without an error."""

from __future__ import annotations

import pytest

from helpers import json_ok
from smashup_db.catalogue.view import Catalogue

ARGS = ["draft", "-p", "Anna,Ben", "--seed", "2", "--start", "Anna", "-i"]


@pytest.fixture(scope="module")
def cat(catalogue_reader):
    return Catalogue(catalogue_reader, "en")


def test_the_pool_is_shown_once_then_one_pick_line_and_one_left_line_per_pick(cli):
    out = cli(*ARGS, input="1\n2\n3\n4\n")
    assert out.exit_code == 0, out.output
    text = out.stdout[: out.stdout.index("Draft (seed 2)")]  # the draft, before its result
    assert text.count("Pool (8)") == 1
    assert text.count("Anna →") == 2 and text.count("Ben →") == 2
    assert text.count("left: ") == 3  # after each pick but the last
    pool = json_ok(cli(*ARGS[:-1], "--auto", "--json"))["pool"]
    assert len(text.splitlines()) < 40 + len(pool) * 4  # was about 30 lines per pick


def test_the_left_line_keeps_the_pool_numbers_of_what_is_still_free(cli, cat):
    pool = json_ok(cli(*ARGS[:-1], "--auto", "--json"))["pool"]
    out = cli(*ARGS, input="3\nq\n")
    left = next(ln for ln in out.stdout.splitlines() if ln.startswith("left: "))
    names = [cat.name("faction", f)[0] for f in pool]
    expected = ", ".join(f"{i} {n}" for i, n in enumerate(names, 1) if i != 3)
    assert " ".join(out.stdout[out.stdout.index(left) :].split()).startswith("left: " + expected)


def test_a_question_mark_shows_the_pool_again_with_who_took_what(cli):
    out = cli(*ARGS, input="1\n?\n2\n3\n4\n")
    assert out.exit_code == 0, out.output
    text = out.stdout[: out.stdout.index("Draft (seed 2)")]
    assert text.count("Pool (8)") == 2
    assert "taken by" in text[text.rindex("Pool (8)") :]


def test_quitting_with_q_says_it_stopped_and_is_not_an_error(cli):
    out = cli(*ARGS, input="1\nq\n")
    assert out.exit_code == 0, out.output
    assert "draft stopped" in out.stdout and "error" not in out.output.lower()
    nothing = cli("game", "end", "Anna=15", "Ben=3", "--record")
    assert nothing.exit_code == 1  # a stopped draft is not kept
    de = cli(*ARGS, "--lang", "de", input="q\n")
    assert de.exit_code == 0 and "Fraktionswahl beendet" in de.stdout
    assert "Fehler" not in de.output
