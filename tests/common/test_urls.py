"""One check of a site's base address and one join under it, shared by the site build and the share link."""

from __future__ import annotations

import pytest

from smashup_db.common.urls import check_base, join
from smashup_db.errors import UserError
from smashup_db.gamenight.share import check_site_url, play_link
from smashup_db.site.build import normalize_base_url

ADDRESSES = [
    "https://example.org",
    "https://example.org/smashup",
    "http://localhost:8000/",
    "https://example.org/?x=1",
    "https://example.org/smashup/#top",
    "https://example.org/a b/",
    "https://example.org/\u202e/",
    "https://example.org/'x'/",
    "https://[::1",
    "https://",
    "ftp://example.org/",
    "example.org",
]


def _accepts(check, value):
    try:
        return check(value)
    except UserError:
        return None


@pytest.mark.parametrize("value", ADDRESSES)
def test_the_site_and_the_share_link_agree_on_an_address(value):
    assert (
        _accepts(normalize_base_url, value) == _accepts(check_site_url, value) == check_base(value)
    )


def test_a_base_with_a_query_is_refused_by_both():
    """The share link once accepted this and wrote ``https://example.org/?x=1/en/play/?seed=1``."""
    with pytest.raises(UserError, match="not an http"):
        check_site_url("https://example.org/?x=1")
    with pytest.raises(UserError, match="bad --base-url"):
        normalize_base_url("https://example.org/?x=1")


def test_paths_are_bases_of_the_site_only():
    assert normalize_base_url("/smashup") == "/smashup/"
    assert _accepts(check_site_url, "/smashup/") is None
    assert check_base("//evil.example/", path_ok=True) is None


def test_the_share_link_is_joined_under_the_base():
    link = play_link(
        check_site_url("https://example.org/smashup"),
        "de",
        [("players", "Anna,Jürgen"), ("seed", "1")],
    )
    assert link == "https://example.org/smashup/de/play/?players=Anna,J%C3%BCrgen&seed=1"


@pytest.mark.parametrize("path", ["/en/", "https://evil.example/", "../en/"])
def test_join_stays_under_the_base(path):
    with pytest.raises(ValueError):
        join("https://example.org/smashup/", path)
