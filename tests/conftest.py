"""Shared fixtures: paths, a fresh database per test, the CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
DATA = REPO / "data"


@pytest.fixture
def shared_data() -> Path:
    """The public source data beside the project; skips the test when absent."""
    if not (SHARED_DATA / "card-archive" / "smashup-catalog.json").is_file():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture
def db_path(tmp_path, monkeypatch) -> str:
    """A fresh SQLite file for this test, also set as $SMASHUP_DB."""
    path = str(tmp_path / "smashup.db")
    monkeypatch.setenv("SMASHUP_DB", path)
    monkeypatch.delenv("SMASHUP_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return path


@pytest.fixture
def cli(db_path):
    """Run ``smashup ARGS`` in-process on the test database; returns the click Result."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return run
