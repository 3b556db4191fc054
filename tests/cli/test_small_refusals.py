"""Options that were ignored or taken silently are refused in one line (or applied), each by one rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import one_line_error
from smashup_db.common.urls import check_base
from smashup_db.gamenight.result_url import parse_record_url

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_collection_code_with_copies_or_printing_is_refused_not_ignored(cli):
    code = (
        cli("collection", "code").stdout.splitlines()[0].strip()
    )  # the empty collection's code (first line)
    one_line_error(cli("collection", "add", "--code", code, "--copies", "3"), "--copies")
    one_line_error(cli("collection", "add", "--code", code, "--printing", "current"), "--printing")
    assert cli("collection", "add", "--code", code).exit_code == 0


def test_site_build_refuses_an_out_folder_whose_parent_is_missing(cli, tmp_path):
    out = tmp_path / "a" / "b" / "c" / "site"
    one_line_error(cli("site", "build", "--out", out), "does not exist")
    assert not (tmp_path / "a").exists()


def test_a_negative_limit_is_refused_by_search_as_by_games_list(cli):
    games = one_line_error(cli("games", "list", "--limit", "-1"), "--limit")
    found = one_line_error(cli("search", "alien", "--limit", "-5"), "--limit")
    assert games.replace("-1", "N") == found.replace("-5", "N")
    assert cli("search", "alien", "--limit", "0", "--json").exit_code == 0  # 0 is all, in both


@pytest.mark.parametrize(
    "base",
    ["/..//", "/a/../b/", "/./", "//", "/smashup//", "https://ex.org/%2e%2e/", "https://a%20b/"],
)
def test_base_addresses_that_climb_or_hold_empty_folders_are_refused(base):
    assert check_base(base) is None


def test_base_url_and_site_url_with_dots_or_spaces_are_refused_by_the_cli(cli):
    one_line_error(cli("site", "build", "--base-url", "/..//"), "--base-url")
    one_line_error(
        cli("draft", "-p", "A,B", "--auto", "--qr", "--site-url", "https://a b/"), "--site-url"
    )


def test_the_documented_game_log_link_keeps_the_plus_between_two_factions():
    text = (DOCS / "play-score.md").read_text(encoding="utf-8")
    link = re.search(r"`…(/play/\?record=1[^`]*)`", text)[1]
    got = parse_record_url("https://example.org" + link)
    assert got["factions"] == ["Anna=aliens+ninjas,Ben=pirates+robots"]


def test_a_random_draft_needs_no_terminal(cli):
    res = cli("draft", "-p", "A,B", "--format", "random", "--seed", "4", "--json")
    assert res.exit_code == 0, res.output
    one_line_error(cli("draft", "-p", "A,B", "--seed", "4"), "no terminal")
