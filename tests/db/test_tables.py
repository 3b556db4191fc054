"""The schema's one declaration (smashup_db/db/tables.py): its order, groups and the SQL it writes."""

from __future__ import annotations

import pytest

from smashup_db.db.tables import FACT_TABLES, TABLES, USER_TABLES, tables


def test_parents_come_before_children():
    """The writers insert in declaration order and delete in reverse: every foreign key points back."""
    seen: set[str] = set()
    for table in TABLES.values():
        for c in table.columns:
            if c.ref:
                assert c.ref.split(".")[0] in seen | {table.name}, (table.name, c.name, c.ref)
        seen.add(table.name)


def test_groups_cover_every_table_once():
    groups = ("facts", "derived", "imported", "user", "meta")
    assert sorted(t for g in groups for t in tables(g)) == sorted(TABLES)
    assert (
        FACT_TABLES == tables("facts") and "card" in FACT_TABLES and "collection" not in FACT_TABLES
    )
    # What db recover salvages: the user's and the imported rows, never the facts (they come back from data/).
    assert {t for t, _ in USER_TABLES} == {*tables("user"), *tables("imported")}
    assert dict(USER_TABLES)["name"] == "origin <> 'data'"


def test_statements_name_declared_columns_only():
    game = TABLES["game"]
    assert game.insert(returning="id") == (
        "INSERT INTO game (uid, played_on, status, winner, seed, recorded_at)"
        " VALUES (:uid, :played_on, :status, :winner, :seed, :recorded_at)"
        " RETURNING id"
    )
    assert TABLES["entity_text"].update(("text",)) == (
        "UPDATE entity_text SET text = :text WHERE kind = :kind AND ref = :ref AND lang = :lang"
    )
    assert TABLES["collection"].delete(()) == "DELETE FROM collection"
    assert (
        TABLES["search_doc"]
        .insert(into="search_fts")
        .startswith("INSERT INTO search_fts (key, lang, field, body)")
    )
    for make in (
        lambda: TABLES["card"].insert(("id", "colour")),
        lambda: TABLES["card"].update(("colour",)),
        lambda: TABLES["card"].delete(("colour",)),
        lambda: TABLES["card"].select(("colour",)),
    ):
        with pytest.raises(KeyError, match="colour"):
            make()
