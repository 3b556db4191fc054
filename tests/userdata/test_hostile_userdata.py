"""Hostile numbers in user data (issue 15): a copies count past any integer, or past what a collection
records, is refused in one line and the collection kept as it was. SQLite and, with
``SMASHUP_TEST_PG_URL``, PostgreSQL.
"""

from __future__ import annotations

from helpers import db_rows, one_line_error


def test_copies_overflow(cli, db_path):
    assert cli("stats").exit_code == 0  # the database exists (its creation is announced on stderr)
    one_line_error(
        cli("collection", "add", "Core Set", "--copies", "99999999999999999999"), "--copies"
    )
    assert cli("collection", "add", "Core Set", "--copies", "99").exit_code == 0
    one_line_error(cli("collection", "add", "Core Set"), "at most 99")
    assert db_rows(db_path, "SELECT copies FROM collection") == [(99,)]
