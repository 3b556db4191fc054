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


def test_printable_escapes_exactly_the_control_set_and_strip_controls_drops_it():
    """Every code point: escaped (and stripped) exactly when it is a C0/C1 control, DEL or a bidi
    control; tab and newline only on one line."""
    from smashup_db.common.sanitize import printable, strip_controls

    bidi = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
    controls = {*range(0x00, 0x20), *range(0x7F, 0xA0), *bidi}
    for code in range(0x110000):
        ch = chr(code)
        assert (printable(ch, one_line=True) != ch) == (code in controls), hex(code)
        assert (printable(ch) != ch) == (code in controls - {9, 10}), hex(code)
    assert printable("a\x1b[2J\u202eb\tc\n") == "a\\x1b[2J\\u202eb\tc\n"
    assert printable("a\r\tb\n", one_line=True) == "a\\r\\tb\\n"
    assert strip_controls("a\tb\r\nc\x1b\u202e\x85d") == "a\tb\ncd"
    assert strip_controls("a\tb\nc", keep_lines=False) == "abc"
