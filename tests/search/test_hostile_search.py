"""A hostile query (issue 15): 999 words are refused in one line, before the database is asked."""

from __future__ import annotations

from helpers import one_line_error


def test_999_word_query(cli):
    assert cli("stats").exit_code == 0
    err = one_line_error(cli("search", " ".join(f"word{i}" for i in range(999))), "at most")
    assert "database" not in err
