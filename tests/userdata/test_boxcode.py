"""The collection code (issue 22): versioned, append-only slots, one-line errors, CLI round trip."""

from __future__ import annotations

import hashlib
import json

import pytest

from smashup_db.userdata.boxcode import SLOTS, CodeError, decode, encode

#: sha256 of the version-1 slots ("\n"-joined): the first 31 slots may never change (append only).
V1_SLOTS_SHA = hashlib.sha256("\n".join(SLOTS[:31]).encode()).hexdigest()


def test_round_trip_every_printing_and_empty():
    owned = {"core-set": "original", "cease-and-desist": "german", "teens": None, SLOTS[-1]: "current"}
    code = encode(owned)
    assert decode(code) == owned and len(code) < 24
    assert decode(encode({})) == {}
    assert decode("  " + code + "\n") == owned


def test_slots_are_append_only_and_cover_the_catalogue(db_path):
    from smashup_db.catalogue import model
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(db_path)
    try:
        products = set(model.load(reader).products)
    finally:
        reader.close()
    assert len(set(SLOTS)) == len(SLOTS)
    assert SLOTS[:31] == tuple(sorted(SLOTS[:31]))  # version 1: the 31 products of catalogue 1, by id
    assert hashlib.sha256("\n".join(SLOTS[:31]).encode()).hexdigest() == V1_SLOTS_SHA
    assert products <= set(SLOTS)


def test_old_codes_stay_valid_when_slots_are_appended():
    code = encode({"core-set": "german"}, SLOTS)
    assert decode(code, SLOTS + ("a-new-box",)) == {"core-set": "german"}
    newer = encode({"a-new-box": None}, SLOTS + ("a-new-box",))
    with pytest.raises(CodeError, match="does not know"):
        decode(newer)


@pytest.mark.parametrize("bad", ["", "x", "ab$c", "AQ", "AQUQA3x", "A" * 300, "AgUQA3k"])
def test_bad_codes_are_refused(bad):
    with pytest.raises(CodeError):
        decode(bad)


def test_cli_code_and_add_code(cli, tmp_path):
    assert cli("collection", "add", "Vergessene Helden", "--owner", "Ben").exit_code == 0
    assert cli("collection", "add", "Core Set", "--printing", "original").exit_code == 0
    res = cli("collection", "code")
    assert res.exit_code == 0, res.output
    code = res.output.strip()
    assert decode(code) == {"cease-and-desist": "german", "core-set": "original"}
    res = cli("collection", "add", "--code", code, "--owner", "Ann", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)
    assert {r["product"]["id"]: (r["printing"], r["added"]) for r in rows} == {
        "cease-and-desist": ("german", True), "core-set": ("original", True)}
    again = json.loads(cli("collection", "add", "--code", code, "--owner", "Ann", "--json").output)
    assert not any(r["added"] for r in again) and all(r["copies"] == 1 for r in again)  # nothing doubled
    for bad in ("nonsense!", code[:-1] + ("A" if code[-1] != "A" else "B")):
        res = cli("collection", "add", "--code", bad)
        assert res.exit_code == 1 and res.output.count("\n") == 1 and res.output.startswith("error:"), res.output
    res = cli("collection", "add", "--code", "nonsense!", "--lang", "de")
    assert res.exit_code == 1 and res.output.startswith("Fehler:") and "Sammlungscode" in res.output, res.output
