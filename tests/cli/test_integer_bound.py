"""No integer a person types reaches the database unbounded: each is refused in one line beyond
rules.numbers.MAX_WHOLE (2**53 - 1) instead of an OverflowError from SQLite, and any seed the play page
shows can be recorded by ``draft --record``."""

from __future__ import annotations

import pytest

from helpers import one_line_error
from smashup_db.rules.numbers import MAX_WHOLE

HUGE = str(2**63)  # 9223372036854775808: one more than SQLite's largest INTEGER
FACTIONS = "A=aliens+ninjas,B=pirates+robots"


def _refused(res, *needles):
    """One error line (exit 1) or one usage error (exit 2) naming the bound; never a traceback."""
    assert res.exit_code in (1, 2), res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    if res.exit_code == 1:  # the bound, or a tighter one of the input's own (copies: 1 to 99)
        one_line_error(res, *needles)
    else:
        assert str(MAX_WHOLE) in res.output.replace("\n", "").replace("│", "").replace(" ", "")


@pytest.mark.parametrize(
    "args",
    [
        ["game", "record", f"A={HUGE}", "B=1", "-f", FACTIONS],
        ["game", "record", "A=1", "B=2", "-f", FACTIONS, "--madness", f"A={HUGE}"],
        ["game", "end", "A=1", "B=2", "--game", HUGE],
        ["game", "record", "A=1", "B=2", "-f", FACTIONS, "--game", HUGE],
        ["games", "list", "--limit", HUGE],
        ["search", "alien", "--limit", HUGE],
        ["collection", "add", "core-set", "--copies", HUGE],
        ["collection", "remove", "core-set", "--copies", HUGE],
        ["draft", "-p", "A,B", "--auto", "--seed", HUGE],
        ["draft", "-p", "A,B", "--auto", "--pool", HUGE],
        ["draft", "-p", "A,B", "--auto", "--format", "offer", "--offer", HUGE],
        ["draft", "-p", "A,B", "--auto", "--avoid-recent", HUGE],
        ["bases", "deck", "-f", "aliens,ninjas", "-n", HUGE],
        ["setup", "-f", "aliens,ninjas", "-n", "2", "--seed", HUGE],
        ["preset", "save", "x", "--offer", HUGE],
    ],
    ids=lambda a: " ".join(a[:2]) + " " + next((x for x in a if x.startswith("-")), ""),
)
def test_an_integer_beyond_the_bound_is_one_line_not_an_overflow(cli, args):
    _refused(cli(*args))


def test_the_largest_seed_the_play_page_shows_is_recorded(cli):
    res = cli("draft", "-p", "A,B", "--auto", "--seed", str(MAX_WHOLE), "--record", "--json")
    assert res.exit_code == 0, res.output
    listed = cli("games", "list", "--json")
    assert f'"seed": {MAX_WHOLE}' in listed.stdout


def test_a_seed_one_beyond_is_refused_before_anything_is_recorded(cli):
    one_line_error(
        cli("draft", "-p", "A,B", "--auto", "--seed", str(MAX_WHOLE + 1), "--record"), "--seed"
    )
    assert "no games" in cli("games", "list").stdout.lower()
