"""The collection code (issue 22): versioned, append-only slots, one-line errors, CLI round trip."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess

import pytest

from smashup_db.userdata.boxcode import SLOTS, CodeError, decode, encode

#: sha256 of the version-1 slots ("\n"-joined): the first 31 slots may never change (append only).
V1_SLOTS_SHA = hashlib.sha256("\n".join(SLOTS[:31]).encode()).hexdigest()


def test_round_trip_every_printing_and_empty():
    owned = {
        "core-set": "original",
        "cease-and-desist": "german",
        "teens": None,
        SLOTS[-1]: "current",
    }
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
    assert SLOTS[:31] == tuple(
        sorted(SLOTS[:31])
    )  # version 1: the 31 products of catalogue 1, by id
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
    code = res.stdout.splitlines()[0]  # the code alone on its first line, then what it is
    assert decode(code) == {"cease-and-desist": "german", "core-set": "original"}
    res = cli("collection", "add", "--code", code, "--owner", "Ann", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)
    assert {r["product"]["id"]: (r["printing"], r["added"]) for r in rows} == {
        "cease-and-desist": ("german", True),
        "core-set": ("original", True),
    }
    again = json.loads(cli("collection", "add", "--code", code, "--owner", "Ann", "--json").output)
    assert not any(r["added"] for r in again) and all(
        r["copies"] == 1 for r in again
    )  # nothing doubled
    for bad in ("nonsense!", code[:-1] + ("A" if code[-1] != "A" else "B")):
        res = cli("collection", "add", "--code", bad)
        assert (
            res.exit_code == 1 and res.output.count("\n") == 1 and res.output.startswith("error:")
        ), res.output
    res = cli("collection", "add", "--code", "nonsense!", "--lang", "de")
    assert (
        res.exit_code == 1 and res.output.startswith("Fehler:") and "Sammlungscode" in res.output
    ), res.output


# --------------------------------------------------------------------------- spare bits: one code per collection

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _spell(body: bytes) -> str:
    """A code of the raw ``body`` (version byte onwards), with its check byte: as encode spells it."""
    import base64
    import binascii

    return (
        base64.urlsafe_b64encode(body + bytes([binascii.crc32(body) & 0xFF])).decode().rstrip("=")
    )


def _samples() -> list[dict]:
    import random

    rnd = random.Random(22)
    out = [
        {},
        {"core-set": "original"},
        {SLOTS[0]: None},
        {SLOTS[-1]: "german"},
        dict.fromkeys(SLOTS, "current"),
    ]
    for _ in range(60):
        out.append(
            {
                p: rnd.choice((None, "original", "current", "german"))
                for p in rnd.sample(SLOTS, rnd.randint(1, 12))
            }
        )
    return out


def spare_bit_variants(code: str) -> list[str]:
    """Every other spelling of ``code`` whose last letter differs only in its unused low bits."""
    spare = {0: 0, 2: 4, 3: 2}[len(code) % 4]
    last = _B64.index(code[-1])
    return [code[:-1] + _B64[last | extra] for extra in range(1, 1 << spare) if not last & extra]


def crafted_codes() -> list[str]:
    """Codes with a right check byte that decode to a real collection but are not how encode spells it."""
    core = SLOTS.index("core-set")  # slot 6: owned bit 6 of byte 0
    return [
        _spell(
            bytes([1, 7, 1 << core | 0x80, 1])
        ),  # a bit set past n = 7 (slot 7: not a slot of this code)
        _spell(bytes([1, 16, 1 << core, 0, 1])),  # n = 16: past the last owned slot + 1
        _spell(bytes([1, 0x87, 0x00, 1 << core, 1])),  # n = 7 in two varint bytes
        _spell(bytes([1, 7, 1 << core, 0b1101])),  # a spare bit past the one printing (bits 2-3)
        _spell(bytes([1, 3, 0])),  # n = 3 with nothing owned (the empty code is n = 0)
    ]


def test_spare_bits_are_refused_every_collection_has_one_code():
    """Issue: the last letter's unused low bits were ignored, so several codes meant the same boxes. Now
    only the spelling encode writes is read; each other one is a one-line 'mistyped' error."""
    lengths = set()
    for owned in _samples():
        code = encode(owned)
        assert decode(code) == owned
        lengths.add(len(code) % 4)
        for other in spare_bit_variants(code):
            with pytest.raises(CodeError, match="mistyped") as err:
                decode(other)
            assert "\n" not in str(err.value) and other in str(err.value)
    assert lengths == {0, 2, 3}  # every kind of last letter (no, 4 and 2 spare bits) was tried
    for code in crafted_codes():
        with pytest.raises(CodeError, match="mistyped"):
            decode(code)


def test_spare_bit_code_refused_by_the_cli_in_both_languages(cli):
    code = encode({"core-set": "german", "teens": None})
    other = spare_bit_variants(code)[0]
    for lang, start, word in (("en", "error:", "mistyped"), ("de", "Fehler:", "vertippt")):
        res = cli("collection", "add", "--code", other, "--lang", lang)
        assert (
            res.exit_code == 1 and res.output.count("\n") == 1 and res.output.startswith(start)
        ), res.output
        assert word in res.output and other in res.output


NODE = shutil.which("node") or shutil.which("nodejs")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_browser_decoder_reads_exactly_the_codes_python_reads(tmp_path):
    """The site's decoder (templates/site/local.js, in Node) accepts a code exactly when boxcode.decode does and
    reads the same boxes: canonical codes, their spare-bit spellings, crafted ones, and random check-right bytes."""
    import random

    from helpers import REPO

    rnd = random.Random(7)
    codes = []
    for owned in _samples():
        codes.append(encode(owned))
        codes.extend(spare_bit_variants(codes[-1]))
    codes += crafted_codes()
    for _ in range(
        400
    ):  # random bodies with a right check byte: mostly refused, each the same on both sides
        n = rnd.randint(0, 40)
        body = (
            bytes([1]) + bytes([n]) + bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 10)))
        )
        codes.append(_spell(body))
    expected = []
    for c in codes:
        try:
            expected.append(decode(c))
        except CodeError:
            expected.append(None)
    assert sum(e is None for e in expected) > 100 and sum(e is not None for e in expected) > 50
    script = (
        "const O = require(process.argv[1]); const [codes, slots] = JSON.parse(require('fs')"
        ".readFileSync(0, 'utf8')); process.stdout.write(JSON.stringify(codes.map(c => { try { return "
        "O.decode(c, slots); } catch (e) { return null; } })));"
    )
    res = subprocess.run(
        [NODE, "-e", script, str(REPO / "templates" / "site" / "local.js")],
        input=json.dumps([codes, list(SLOTS)]),
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(res.stdout)
    diffs = [(c, e, g) for c, e, g in zip(codes, expected, got, strict=True) if e != g]
    assert not diffs, diffs[:5]
