"""The compiler: deterministic, faithful to the sources, corrections applied."""

from __future__ import annotations

import json
import shutil

import pytest

from helpers import DATA
from smashup_db.compiler.compile import (
    CompileError,
    build_catalogue,
    compile_catalogue,
    render_files,
)


def _tree(root):
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA / "curated", target / "curated")
    return target


def test_compile_is_deterministic_and_matches_committed_data(shared_data, data_copy, tmp_path):
    compile_catalogue(shared_data, data_copy)
    first = _tree(data_copy)
    compile_catalogue(shared_data, data_copy)
    assert _tree(data_copy) == first, "two compiles gave different bytes"
    committed = {k: v for k, v in _tree(DATA).items() if not k.startswith(".") and k != "README.md"}
    assert first == committed, "data/ is stale: run smashup data compile --sources ../shared/data"


def test_counts_and_faction_decks(shared_data, data_copy):
    catalogue, report = build_catalogue(shared_data, data_copy)
    assert report.counts["factions"] == 106
    assert report.counts["products"] >= 27
    assert report.counts["bases"] >= 181
    for fac in catalogue["factions"]:
        assert sum(c["copies"] for c in fac["cards"] if c["type"] != "titan") == 20, fac["id"]


def test_corrections_are_applied(shared_data, data_copy):
    catalogue, _ = build_catalogue(shared_data, data_copy)
    cards = {c["id"]: c for f in catalogue["factions"] for c in f["cards"]}
    assert cards["war-raptor"]["power"] == 2
    assert cards["ghost-knight"]["power"] == 0  # null in the source, "Power 0" in the text
    assert cards["mechanic"]["power"] == 4  # "Power4"
    assert not any(c["name"] == "Titan Card Name" for c in cards.values())
    bases = {b["id"]: b for p in catalogue["products"] for b in p["bases"]}
    assert "nightmare-realm" in bases and bases["nightmare-realm"]["breakpoint"] == 22
    assert not any(b["en"] == "Base" for b in bases.values())
    # Bastion: missing from the archive (named by Kadsuno); zhuanggenhua is the only source of its stats
    assert bases["bastion"]["breakpoint"] == 11 and bases["bastion"]["vp"] == [3, 2, 2]
    assert bases["bastion"]["faction"] == "warriors" and "zhuanggenhua" in bases["bastion"]["note"]
    products = {p["id"]: p for p in catalogue["products"]}
    assert products["that-70s-expansion"]["year"] == 2018
    assert (
        "sheep" in products["sheep"]["factions"]
        and "sheep" in products["10th-anniversary"]["factions"]
    )
    assert "changerbots" in products["cease-and-desist"]["factions"]


def test_marvel_and_disney_bases_added_by_name_with_unknown_stats(shared_data, data_copy):
    """Added by name (Kadsuno); stats only where zhuanggenhua has them (its note says so), else unknown."""
    catalogue, _ = build_catalogue(shared_data, data_copy)
    products = {p["id"]: p for p in catalogue["products"]}
    for pid in ("smash-up-marvel", "smash-up-disney-edition"):
        assert len(products[pid]["bases"]) == 16
        for b in products[pid]["bases"]:
            assert b["note"]
            if b["breakpoint"] is None:
                assert b["vp"] == [None, None, None]
            else:
                assert "zhuanggenhua/bases.tsv" in b["note"]
    assert (
        sum(b["breakpoint"] is not None for b in products["smash-up-disney-edition"]["bases"]) >= 10
    )


def test_german_names_cover_every_high_confidence_row(shared_data, data_copy):
    catalogue, report = build_catalogue(shared_data, data_copy)
    rows = (shared_data / "german" / "names-de.tsv").read_text(encoding="utf-8").splitlines()[1:]
    high = [r.split("\t") for r in rows if r.split("\t")[3] == "high"]
    compiled = {(r["name"]) for r in catalogue["names_de"]}
    for kind, english, german, *_ in high:
        assert german in compiled, f"{kind} {english} -> {german} missing"
    assert not [w for w in report.warnings if str(w).startswith("names-de")]


def test_stale_correction_stops_the_compiler(shared_data, data_copy):
    path = data_copy / "curated" / "corrections.json"
    doc = json.loads(path.read_text())
    doc["corrections"].append(
        {
            "source": "card-archive",
            "kind": "card",
            "match": {"name": "No Such Card"},
            "set": {"power": 1},
            "reason": "test",
            "evidence": "test",
        }
    )
    path.write_text(json.dumps(doc))
    with pytest.raises(CompileError, match="No Such Card"):
        build_catalogue(shared_data, data_copy)


def test_render_has_a_file_per_product_and_faction(shared_data, data_copy):
    catalogue, _ = build_catalogue(shared_data, data_copy)
    files = render_files(catalogue)
    assert sum(k.startswith("products/") for k in files) == len(catalogue["products"])
    assert sum(k.startswith("factions/") for k in files) == 106
    assert "i18n/de.tsv" in files and "catalogue.json" in files
