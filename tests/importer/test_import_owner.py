"""Issue 21 item 5: an import replaces only rows it wrote itself (keyed by importer and file, not by
the free-text source column), and archive rulings are not duplicated when the archive renames itself."""

from __future__ import annotations

import json

from helpers import db_execute, db_rows


def test_text_import_never_replaces_a_translation_naming_the_archive(
    cli, db_path, shared_data, tmp_path
):
    bases = shared_data / "card-archive" / "smashup-bases.json"
    upstream = json.loads(bases.read_text(encoding="utf-8"))["source"]["name"]
    assert cli("import", "text", str(bases)).exit_code == 0
    (ref,) = db_rows(
        db_path, "SELECT ref FROM entity_text WHERE kind = 'base' ORDER BY ref LIMIT 1"
    )[0]
    (bare,) = db_rows(
        db_path,
        "SELECT id FROM base WHERE id NOT IN (SELECT ref FROM entity_text"
        " WHERE kind = 'base') ORDER BY id LIMIT 1",
    )[0]
    csv = tmp_path / "t.csv"
    csv.write_text(
        "kind,id,lang,name,text,source\n"
        f"base,{ref},en,,My own wording of it.,{upstream}\n"
        f"base,{bare},en,,Text the archive lacks.,{upstream}\n",
        encoding="utf-8",
    )
    res = cli("import", "translations", str(csv))
    assert res.exit_code == 0, res.output
    mine = [(ref, "My own wording of it."), (bare, "Text the archive lacks.")]
    query = "SELECT ref, text FROM entity_text WHERE kind = 'base' AND ref IN (:a, :b) ORDER BY ref"
    assert sorted(db_rows(db_path, query, a=ref, b=bare)) == sorted(mine)
    for _ in range(2):  # re-import the archive (twice): the user's rows stay as they are
        res = cli("import", "text", str(bases), "--json")
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)["texts"]["removed"] == 0
        assert sorted(db_rows(db_path, query, a=ref, b=bare)) == sorted(mine)
    assert db_rows(
        db_path, "SELECT importer FROM entity_text WHERE ref = :r AND kind = 'base'", r=bare
    ) == [("translations:t.csv",)]


def test_renamed_archive_does_not_duplicate_rulings(cli, db_path, shared_data, tmp_path):
    bases = shared_data / "card-archive" / "smashup-bases.json"
    assert cli("import", "text", str(bases)).exit_code == 0
    before = db_rows(db_path, "SELECT COUNT(*) FROM ruling")[0][0]
    texts = db_rows(db_path, "SELECT COUNT(*) FROM entity_text")[0][0]
    assert before > 0
    doc = json.loads(bases.read_text(encoding="utf-8"))
    doc["source"]["name"] = "AEG Rulebook Wiki (renamed)"
    renamed = tmp_path / "bases-2.json"
    renamed.write_text(json.dumps(doc), encoding="utf-8")
    res = cli("import", "text", str(renamed), "--json")
    assert res.exit_code == 0, res.output
    assert db_rows(db_path, "SELECT COUNT(*) FROM ruling")[0][0] == before
    assert db_rows(db_path, "SELECT COUNT(*) FROM entity_text")[0][0] == texts
    assert db_rows(db_path, "SELECT DISTINCT source FROM ruling") == [
        ("bases-2.json (AEG Rulebook Wiki (renamed))",)
    ]


def test_migration_keys_existing_rows_by_what_wrote_them(db_path):
    from smashup_db.compiler.bootstrap import open_db
    from smashup_db.db import engine_for, migrations, resolve_url

    with engine_for(resolve_url(db_path)).begin() as conn:
        migrations.upgrade(conn, "0006")  # the revision before the importer keys (0007)
    db_execute(
        db_path,
        "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES"
        " ('base', 'the-homeworld', 'en', 'x', 'translations:t.csv (AEG Official Rulebook Wiki)'),"
        " ('card', 'laser-sword', 'en', 'y', 'smashup-catalog.json (card archive)'),"
        " ('card', 'laser-sword', 'de', 'z', 'translations:de.csv')",
    )
    db_execute(
        db_path,
        "INSERT INTO ruling (entity, ref, kind, lang, text, source) VALUES"
        " ('base', 'the-homeworld', 'clarification', 'en', 'c', 'b.json (AEG Official Rulebook Wiki)')",
    )
    open_db(db_path)
    assert sorted(db_rows(db_path, "SELECT ref, lang, importer FROM entity_text")) == [
        ("laser-sword", "de", "translations"),
        ("laser-sword", "en", "card-archive:cards"),
        ("the-homeworld", "en", "translations"),
    ]
    assert db_rows(db_path, "SELECT importer FROM ruling") == [("card-archive:bases",)]
