"""The collection code: a short text naming the boxes a group owns and their printings.

``smashup collection code`` prints it, ``smashup collection add --code CODE`` reads it,
and the site (``assets/local.js``) decodes it in the browser, where a visitor pastes it
once. It holds product ids and printings only: no owner names, no copies.

Format, version 1 (bytes, then base64url without ``=`` padding)::

    byte 0        version (1)
    varint        n: number of slots the code covers (LEB128: 7 bits a byte, high bit = more)
    ceil(n/8)     owned bits: slot i is bit (i % 8) of byte (i // 8)
    ceil(2k/8)    2 bits per owned slot, in slot order (k = owned slots): 0 not recorded,
                  1 original, 2 current, 3 german; packed the same way (slot j: bits 2j, 2j+1)
    1 byte        check: CRC-32 of all bytes before it, low 8 bits

Every collection has exactly one code: the unused bits (the last letter's low bits, bits
past the last slot or printing, a longer varint, ``n`` past the last owned slot) are zero,
and a code with any of them set is refused (the browser's decoder in ``local.js`` too).

A slot is a product's place in :data:`SLOTS`, the product ids in the order they were
given a slot (version 1: the 31 products of catalogue 1, sorted by id). **The list is
append-only**: a product added to a later catalogue gets the next free slot at the end,
a product is never removed or moved (a withdrawn one keeps its slot). ``n`` is the last
owned slot plus one, so every code written by an older smashup stays valid and means the
same boxes in every later one; a code naming a slot this smashup does not know (written
by a newer one) is refused with a clear message. A change that cannot keep this rule
takes version byte 2.
"""

from __future__ import annotations

import base64
import binascii

from smashup_db.errors import UserError
from smashup_db.i18n import N_

VERSION = 1

#: Product id per slot (append-only; see the module docstring). Slots 0-30: catalogue 1.
SLOTS: tuple[str, ...] = (
    "10th-anniversary",
    "all-stars",
    "awesome-level-9000",
    "big-in-japan",
    "cease-and-desist",
    "clowns",
    "core-set",
    "excellent-movies-dudes",
    "goblins",
    "half-the-battle",
    "its-your-fault",
    "knights-of-the-round-table",
    "monster-smash",
    "oops-you-did-it-again",
    "penguins",
    "pretty-pretty-smash-up",
    "science-fiction-double-feature",
    "sheep",
    "slashers",
    "smash-up-disney-edition",
    "smash-up-marvel",
    "smash-up-munchkin",
    "teens",
    "that-70s-expansion",
    "the-big-geeky-box",
    "the-bigger-geekier-box",
    "the-obligatory-cthulhu-set",
    "titans-event-kit",
    "what-were-we-thinking",
    "world-tour-culture-shock",
    "world-tour-international-incident",
)

#: Printing per 2-bit value (0: not recorded).
PRINTING_BITS = (None, "original", "current", "german")
#: Longest code read (a v1 code of every slot known today is about 20 characters).
MAX_CODE = 200


class CodeError(UserError, ValueError):
    """A collection code that cannot be read (mistyped, cut short, or from a newer smashup)."""


def encode(owned: dict[str, str | None], slots: tuple[str, ...] = SLOTS) -> str:
    """The code of ``owned`` (``{product id: printing or None}``).

    Raises :class:`CodeError` for a product without a slot (a catalogue product missing from
    :data:`SLOTS` is a bug the tests catch) or an unknown printing.
    """
    index = {pid: i for i, pid in enumerate(slots)}
    missing = sorted(p for p in owned if p not in index)
    if missing:
        raise CodeError(
            N_("product {product} has no place in the collection code"), product=missing[0]
        )
    have = sorted(index[p] for p in owned)
    n = have[-1] + 1 if have else 0
    bits = bytearray((n + 7) // 8)
    for i in have:
        bits[i // 8] |= 1 << (i % 8)
    prints = bytearray((2 * len(have) + 7) // 8)
    for j, i in enumerate(have):
        value = owned[slots[i]]
        if value not in PRINTING_BITS:
            raise CodeError(
                N_("unknown printing {printing!r}; use one of: {printings}"),
                printing=value,
                printings="original, current, german",
            )
        prints[(2 * j) // 8] |= PRINTING_BITS.index(value) << ((2 * j) % 8)
    body = bytes([VERSION]) + _varint(n) + bytes(bits) + bytes(prints)
    body += bytes([binascii.crc32(body) & 0xFF])
    return base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def decode(code: str, slots: tuple[str, ...] = SLOTS) -> dict[str, str | None]:
    """``{product id: printing or None}`` of a code (spaces around it ignored).

    Raises :class:`CodeError` (one line) when the code is not base64url, is cut short or
    mistyped (its check byte differs), has another version, names a slot unknown here, or
    is not spelt exactly as :func:`encode` spells these boxes (a spare bit set, say in the
    last letter's unused low bits: every collection has exactly one code).
    """
    text = (code or "").strip()
    if not text or len(text) > MAX_CODE or any(c not in _ALPHABET for c in text):
        raise CodeError(
            N_(
                "{code!r} is not a collection code (letters, digits, '-' and '_' from smashup "
                "collection code)"
            ),
            code=_shown(text),
        )
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise CodeError(
            N_(
                "{code!r} is not a collection code (letters, digits, '-' and '_' from smashup "
                "collection code)"
            ),
            code=_shown(text),
        ) from None
    if len(raw) < 3 or binascii.crc32(raw[:-1]) & 0xFF != raw[-1]:
        raise CodeError(
            N_("the collection code {code!r} is mistyped or incomplete (its check does not match)"),
            code=_shown(text),
        )
    if raw[0] != VERSION:
        raise CodeError(
            N_(
                "the collection code {code!r} has version {version}; this smashup reads version {known}"
            ),
            code=_shown(text),
            version=raw[0],
            known=VERSION,
        )
    n, pos = _read_varint(raw, 1)
    nbits = (n + 7) // 8 if n is not None else -1
    bits = raw[pos : pos + nbits]
    if n is None or len(bits) != nbits:
        raise CodeError(
            N_("the collection code {code!r} is mistyped or incomplete (its check does not match)"),
            code=_shown(text),
        )
    have = [i for i in range(n) if bits[i // 8] >> (i % 8) & 1]
    if any(i >= len(slots) for i in have):
        raise CodeError(
            N_(
                "the collection code {code!r} names boxes this catalogue does not know; update smashup"
            ),
            code=_shown(text),
        )
    prints = raw[pos + nbits : -1]
    if len(prints) != (2 * len(have) + 7) // 8:
        raise CodeError(
            N_("the collection code {code!r} is mistyped or incomplete (its check does not match)"),
            code=_shown(text),
        )
    owned = {
        slots[i]: PRINTING_BITS[prints[(2 * j) // 8] >> ((2 * j) % 8) & 3]
        for j, i in enumerate(have)
    }
    if (
        encode(owned, slots) != text
    ):  # spare bits set (in the last letter, past the last slot, ...): refused
        raise CodeError(
            N_(
                "the collection code {code!r} is mistyped (smashup collection code never writes it "
                "this way; copy it again)"
            ),
            code=_shown(text),
        )
    return owned


def group_owned(rows: list[dict]) -> dict[str, str | None]:
    """``{product id: printing}`` of collection rows (:func:`smashup_db.userdata.collection.entries`).

    Several owners of one box: a recorded printing beats none; german beats original beats current
    (the rank of :func:`~smashup_db.userdata.collection.owned_printings`).
    """
    rank = {"german": 0, "original": 1, "current": 2, None: 3}
    out: dict[str, str | None] = {}
    for r in rows:
        pid, printing = r["product"]["id"], r.get("printing")
        if pid not in out or rank.get(printing, 3) < rank.get(out[pid], 3):
            out[pid] = printing
    return out


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(raw: bytes, pos: int) -> tuple[int | None, int]:
    n, shift = 0, 0
    while pos < len(raw) - 1 and shift < 28:
        b = raw[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, pos
    return None, pos
