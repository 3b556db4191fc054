"""The play page takes what ``smashup collection add --code`` takes: the empty collection's code (docs/play.md,
"Same input, same answer"). The engine's rows of that table run in Node (test_play_golden.py)."""

from __future__ import annotations

import pytest
from test_play_browser import open_play, phone, site_url  # noqa: F401 - fixtures

from helpers import needs_chromium
from smashup_db.userdata.boxcode import encode

pytestmark = [needs_chromium, pytest.mark.long]


def test_the_empty_collection_code_ticks_no_box_and_is_no_error(phone, site_url, cli):  # noqa: F811
    empty = encode({})
    assert cli("collection", "add", "--code", empty).exit_code == 0  # the CLI takes it
    open_play(phone, site_url, "en", "owned=core-set", state="form")
    phone.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    phone.fill("#owned-code", empty)
    phone.tap("#owned-code-use")
    line = phone.text_content("#play-status")
    assert not line.startswith("Error"), line
    assert phone.locator("#owned-boxes input:checked").count() == 0
    assert not phone.errors
