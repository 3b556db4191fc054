"""Printings from four sources (issue 20): card archive, Kadsuno, zhuanggenhua, fabikw."""

from __future__ import annotations

import pytest

from smashup_db.compiler.compile import build_catalogue
from tests.conftest import DATA

_CACHE: dict = {}


@pytest.fixture
def compiled(shared_data):
    if "c" not in _CACHE:  # one compile for the module (the compile is deterministic)
        _CACHE["c"] = build_catalogue(shared_data, DATA)
    return _CACHE["c"]


def _rows(catalogue, ident):
    return {r["printing"]: r for r in catalogue["printings"] if r["id"] == ident}


def test_every_difference_of_every_pair_of_sources_is_settled(compiled):
    catalogue, report = compiled
    assert set(report.by_source) == {
        "card-archive/kadsuno",
        "card-archive/zhuanggenhua-classic",
        "card-archive/zhuanggenhua-pod",
        "card-archive/fabikw",
    }
    assert all(s["found"] > 0 for s in report.by_source.values())
    unresolved = [
        d
        for d in catalogue["differences"]
        if d["status"] not in ("printing", "corrected", "reviewed")
    ]
    assert unresolved == []
    assert all(d["reason"] for d in catalogue["differences"])


def test_every_printing_carries_its_evidence(compiled):
    catalogue, _ = compiled
    assert all(r["evidence"] and r["reason"] for r in catalogue["printings"])


def test_saucy_wench_is_the_original_cut_lass(compiled):
    rows = _rows(compiled[0], "cut-lass")
    assert (rows["original"]["name"], rows["original"]["copies"], rows["original"]["power"]) == (
        "Saucy Wench",
        3,
        3,
    )
    assert (
        rows["original"]["product"] == "core-set"
        and "zhuanggenhua/cards.tsv" in rows["original"]["evidence"]
    )
    assert rows["current"]["name"] == "Cut Lass"


def test_weed_eater_original_power_comes_from_the_classic_file(compiled):
    rows = _rows(compiled[0], "weed-eater")
    assert rows["original"]["power"] == 5 and rows["current"]["power"] == 3


def test_original_base_stats_no_longer_unknown_where_two_sources_give_them(compiled):
    mk = _rows(compiled[0], "mushroom-kingdom")["original"]
    assert (mk["breakpoint"], mk["vp"], mk["unknown"]) == (20, [5, 3, 2], [])
    assert "fabikw" in mk["evidence"] and "zhuanggenhua" in mk["evidence"]
    au = _rows(compiled[0], "arkham-university")["original"]
    assert (au["name"], au["vp"], au["unknown"]) == ("Miskatonic University", [3, 3, 2], [])


def test_back_translated_names_are_never_a_printing_by_name_alone(compiled):
    catalogue, _ = compiled
    names = {r["name"] for r in catalogue["printings"]}
    for back_translation in ("Land of Balance", "Castle of Ice", "Fairy Ring", "Laseratops"):
        assert back_translation not in names
    settled = {
        (d["name"], d["original_name"]): d
        for d in catalogue["differences"]
        if d["field"] == "name" and d["sources"] == "card-archive/zhuanggenhua-classic"
    }
    assert settled[("Lasertops", "Laseratops")]["status"] == "reviewed"


def test_fabikw_errors_are_corrected_with_a_reason(compiled):
    catalogue, _ = compiled
    tortuga = [
        d
        for d in catalogue["differences"]
        if d["sources"] == "card-archive/fabikw" and d["name"] == "Tortuga"
    ]
    assert tortuga and all(
        d["status"] == "corrected" and "three against one" in d["reason"] for d in tortuga
    )
