"""The shared-link pictures (``og:image``, :mod:`smashup_db.site.ogimage`) drawn on a pool are the same files
as drawn one after another: the same names and bytes, each drawn once, and taken from the cache next time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from smashup_db.site.ogimage import OgPictures

pytest.importorskip("PIL")

ITEMS = [
    (
        ("card", f"c{i}", lang),
        (f"Card {i} <b>", f"Minion · {i % 3 + 1}× · Power {i}", "Aliens", site),
    )
    for i in range(12)
    for lang, site in (("en", "Smash Up catalogue"), ("de", "Smash Up Katalog"))
] + [
    (("card", "twin", "de"), ("Card 0 <b>", "Minion · 1× · Power 0", "Aliens", "Smash Up Katalog"))
]


def _files(root) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "assets" / "og").iterdir())}


def test_drawn_on_a_pool_as_one_after_another(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "alone-cache"))
    alone = OgPictures("/")
    assert alone.write(tmp_path / "alone", ITEMS)() is None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "pool-cache"))
    pooled = OgPictures("/")
    with ThreadPoolExecutor(max_workers=3) as pool:
        wait = pooled.write(tmp_path / "pool", ITEMS, pool)
        wait()
    files = _files(tmp_path / "alone")
    assert (
        files == _files(tmp_path / "pool") and len(files) == 24
    )  # the twin shares c0's (de) picture
    assert all(png.startswith(b"\x89PNG") for png in files.values())
    assert alone.stats == pooled.stats == {"drawn": 24, "cached": 0}
    for key, _ in ITEMS:
        assert alone.url(*key) == pooled.url(*key)
    assert pooled.url("card", "twin", "de") == pooled.url("card", "c0", "de")
    again = OgPictures("/")
    with ThreadPoolExecutor(max_workers=3) as pool:
        again.write(tmp_path / "again", ITEMS, pool)()
    assert again.stats == {"drawn": 0, "cached": 24} and _files(tmp_path / "again") == files
