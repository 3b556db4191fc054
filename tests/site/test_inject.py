"""The build's one way of writing values into scripts (site/inject.py): a marker that is not there stops the build."""

from __future__ import annotations

import pytest

from smashup_db.site.inject import inject
from smashup_db.site.paths import SiteError, templates_dir

SCRIPT = 'var BASE = /*@BASE@*/"/";\nvar CORE = /*@CORE@*/[];\n'


def test_values_replace_marker_and_stand_in():
    assert inject(SCRIPT, {"BASE": '"/smashup/"', "CORE": '["a"]'}, "sw.js") == (
        'var BASE = "/smashup/";\nvar CORE = ["a"];\n'
    )


def test_a_renamed_marker_fails_the_build():
    renamed = SCRIPT.replace("/*@BASE@*/", "/*@BASE_URL@*/")
    with pytest.raises(SiteError, match=r"sw.js has 0 markers /\*@BASE@\*/"):
        inject(renamed, {"BASE": '"/x/"', "CORE": "[]", "BASE_URL": '"/x/"'}, "sw.js")
    with pytest.raises(SiteError, match="does not fill: BASE_URL"):
        inject(renamed, {"CORE": "[]"}, "sw.js")


def test_a_marker_twice_fails_the_build():
    with pytest.raises(SiteError, match="2 markers"):
        inject(SCRIPT + SCRIPT, {"BASE": '"/"', "CORE": "[]"}, "sw.js")


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("sw.js", {"BUILD", "BASE", "CORE"}),
        ("local.js", {"SLOTS", "PF", "BASE"}),
        ("query.js", {"GLOSSARY", "MESSAGES"}),
        ("search.js", {"MARKS"}),
    ],
)
def test_the_site_scripts_hold_the_markers_the_build_fills(name, keys):
    script = (templates_dir() / name).read_text(encoding="utf-8")
    out = inject(script, dict.fromkeys(keys, "0"), name)
    assert "/*@" not in out
