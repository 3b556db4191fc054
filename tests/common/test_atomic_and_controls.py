"""The one atomic writer (common/safe_write.py) and the one set of control characters (common/sanitize.py)."""

from __future__ import annotations

import os

import pytest

from smashup_db.common import safe_write
from smashup_db.common.safe_write import write_atomic
from smashup_db.gamenight.share import clean, md_escape


def test_write_atomic_replaces_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "f.bin"
    write_atomic(target, b"old")
    assert target.read_bytes() == b"old"

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_write.os, "replace", broken)
    with pytest.raises(OSError):
        write_atomic(target, b"new", durable=False)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.bin"]  # no temporary file left behind


def test_write_atomic_sets_the_mode_it_is_given(tmp_path):
    write_atomic(tmp_path / "a", b"x", mode=0o644)
    assert (tmp_path / "a").stat().st_mode & 0o777 == 0o644


def test_share_text_drops_the_same_controls_as_the_importer():
    from smashup_db.common.sanitize import strip_controls

    hostile = "An\x1b[2Jna\u202e\u2066\u061c\x85\tZ\u200dW"
    assert clean(hostile) == strip_controls(hostile, keep_lines=False) == "An[2JnaZ\u200dW"
    assert md_escape("*A\u202eB*") == "\\*AB\\*"
