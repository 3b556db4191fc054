"""``db build`` writes only when the compiled facts differ from what the database holds.

A rebuild of the same catalogue must write nothing (not one statement), and any
difference in any fact table, in the compiled names or in the build's meta rows
must make it replace the facts again, on both backends.
"""

from __future__ import annotations

import pytest

from helpers import db_execute, db_rows
from smashup_db.compiler.bootstrap import ensure_current
from smashup_db.compiler.datafiles import read_data
from smashup_db.compiler.load import build_catalogue_db
from smashup_db.db import transaction


@pytest.fixture
def statements(monkeypatch) -> list[str]:
    """Every statement run through a Writer's ``execute`` (writes only; reads use ``all``/``tuples``)."""
    seen: list[str] = []
    real = transaction.Writer.execute

    def spy(self, sql, params=None):
        seen.append(sql)
        return real(self, sql, params)

    monkeypatch.setattr(transaction.Writer, "execute", spy)
    return seen


def test_rebuild_of_the_same_catalogue_writes_nothing(db_path, statements):
    ensure_current(db_path)  # builds the catalogue
    statements.clear()
    report = build_catalogue_db(db_path, read_data())
    assert report.changed is False
    assert statements == []
    assert report.counts["card"] == db_rows(db_path, "SELECT COUNT(*) FROM card")[0][0] > 1000


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE card SET power = 99 WHERE id = 'laser-sword'",  # one value of one row
        "DELETE FROM card_keyword WHERE card_id = 'laser-sword'",  # a row missing
        "UPDATE name SET name = 'Laser Sabre' WHERE kind = 'card' AND ref = 'laser-sword' AND lang = 'en'"
        " AND origin = 'data'",  # a compiled name
        "UPDATE meta SET value = '0' WHERE key = 'printing_differences'",  # a meta row of the build
    ],
)
def test_any_difference_makes_the_build_replace_the_facts(db_path, statements, change):
    ensure_current(db_path)
    before = db_rows(db_path, "SELECT id, type, copies, power FROM card ORDER BY id")
    keywords = db_rows(
        db_path, "SELECT keyword FROM card_keyword WHERE card_id = 'laser-sword' ORDER BY keyword"
    )
    assert keywords
    db_execute(db_path, change)
    statements.clear()
    report = build_catalogue_db(db_path, read_data())
    assert report.changed is True
    assert any(s.startswith("INSERT INTO card ") for s in statements)
    assert db_rows(db_path, "SELECT id, type, copies, power FROM card ORDER BY id") == before
    assert (
        db_rows(
            db_path,
            "SELECT keyword FROM card_keyword WHERE card_id = 'laser-sword' ORDER BY keyword",
        )
        == keywords
    )
    assert db_rows(
        db_path,
        "SELECT name FROM name WHERE kind = 'card' AND ref = 'laser-sword' AND lang = 'en'"
        " AND origin = 'data'",
    ) == [("Laser Sword",)]
    # the search index follows the names again
    assert db_rows(
        db_path,
        "SELECT COUNT(*) FROM search_doc WHERE key = 'card:laser-sword' AND field = 'name'"
        " AND body = 'laser sword'",
    ) == [(1,)]
    statements.clear()
    assert build_catalogue_db(db_path, read_data()).changed is False and statements == []


def test_compiled_rows_have_exactly_the_declared_columns():
    """The build inserts the declared columns (the models' lists in smashup_db/db/columns.py); each
    compiled row gives every one of them and nothing else, so a new column cannot be left out silently."""
    from smashup_db.compiler.load import fact_rows
    from smashup_db.db.tables import FACT_TABLES, TABLES

    rows = fact_rows(read_data())
    assert set(rows) == {*FACT_TABLES, "name"}
    for table, table_rows in rows.items():
        assert table_rows, table
        wrong = {tuple(r) for r in table_rows if tuple(r) != TABLES[table].written}
        assert wrong == set(), (table, wrong)
