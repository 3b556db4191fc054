"""The shareable draft page prints on one A4 page (headless Chromium, like the site's browser tests).

Needs the ``chromium`` system package and ``pip install playwright``; skips otherwise.
"""

from __future__ import annotations

import re

import pytest

from helpers import needs_chromium

pytestmark = needs_chromium


@pytest.mark.parametrize("lang", ["en", "de"])
def test_eight_player_draft_page_prints_on_one_a4_page(run, lang, browser):
    """The biggest table (8 players, 9 bases, many boxes, long names) still fits one A4 page."""
    players = ",".join(f"Spielerin Nummer {i} mit einem langen Namen" for i in range(1, 9))
    out = run.tmp / "night.html"
    res = run(
        "draft",
        "-p",
        players,
        "--auto",
        "--seed",
        "8",
        "--format-out",
        "html",
        "--out",
        out,
        "--lang",
        lang,
        "--base-mode",
        "all",
    )
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    assert html.count("<tr>") == 1 + 8 + 1 + 9  # two header rows, 8 players, 9 bases
    page = browser.new_page()
    try:
        page.set_content(html)
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
    finally:
        page.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"the draft page prints on {pages} A4 pages"
