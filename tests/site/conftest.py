"""Fixtures of the site tests: the play page's draft table, made from the CLI once per test session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def golden_drafts(tmp_path_factory) -> list[dict]:
    """The draft table of play_golden.py, from ``smashup draft`` now (220 drafts; about 40 s of CPU)."""
    from play_golden import record

    return record(tmp_path_factory.mktemp("golden-drafts"))
