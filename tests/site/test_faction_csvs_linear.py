"""Issue 21 items 12 and 14 on the site side: costs that grow linearly with the catalogue and the rulings.

Item 14: the per-faction translation CSVs of a site build look each thing up
once per faction that has it, not once per faction for every thing (the work
is counted, so the test does not depend on the machine's load; the seconds
are in ``bench/bench_faction_csvs.py``).
"""

from __future__ import annotations

import csv
import io

import pytest


class _Counting(dict):
    """The model's names, counting lookups."""

    gets = 0

    def get(self, key, default=None):
        type(self).gets += 1
        return super().get(key, default)


class _Walks(dict):
    """A mapping of the model that counts how often it is walked whole."""

    walks = 0

    def __iter__(self):
        type(self).walks += 1
        return super().__iter__()

    def items(self):
        type(self).walks += 1
        return super().items()


@pytest.fixture(scope="module")
def site_data(tmp_path_factory):
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site.sitedata import load

    db = str(tmp_path_factory.mktemp("csv") / "s.db")
    reader = open_reader(db)
    try:
        return load(reader)
    finally:
        reader.close()


def test_faction_csvs_grow_linearly(site_data, tmp_path):
    from smashup_db.catalogue.coverage import things_of
    from smashup_db.importer.translation_csv import export_rows
    from smashup_db.site.status_page import csv_name, write_faction_csvs

    cat = site_data.catalogue
    m = cat.model
    things = len(m.products) + len(m.factions) + len(m.cards) + len(m.bases)
    per_faction = sum(len(things_of(m, "faction", fid)) for fid in site_data.factions)
    names = _Counting(m.names)
    texts = _Walks(site_data.imported)
    cat.model = m._replace(names=names, products=_Walks(m.products))
    real_texts, site_data.imported = site_data.imported, texts
    try:
        _Counting.gets = _Walks.walks = 0
        n = write_faction_csvs(site_data, tmp_path)
        lookups, walks = _Counting.gets, _Walks.walks
    finally:
        cat.model, site_data.imported = m, real_texts
    # the catalogue and the imported texts are walked a fixed number of times, not once per faction
    assert walks <= 4, walks
    assert n == len(site_data.factions) > 100
    # one lookup per (faction, thing of that faction); the quadratic build made factions x things
    assert lookups <= per_faction + things, (
        lookups,
        per_faction,
        things,
        len(site_data.factions) * things,
    )
    # and the files are exactly the per-faction exports, in catalogue order
    for fid in list(site_data.factions)[:: max(1, len(site_data.factions) // 12)]:
        expected = export_rows(cat, "de", missing=True, faction=fid, texts=site_data.imported)
        got = list(
            csv.DictReader(
                io.StringIO(
                    (tmp_path / "data" / "translations" / csv_name(fid)).read_text(encoding="utf-8")
                )
            )
        )
        assert [(r["kind"], r["id"], r["name_en"]) for r in got] == [
            (r["kind"], r["id"], r["name_en"]) for r in expected
        ]
