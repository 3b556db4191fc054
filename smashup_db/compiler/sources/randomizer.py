"""The randomizer's faction files (``kadsuno-factions/``): the original printings of the factions.

Source: GitHub ``Kadsuno/smash-up-randomizer``, ``database/data/factions/`` (shared/data/README.md),
from the fan wiki. Its cards are text lines (``2x Name - power 3 - text``) closer to the original
printings than the card archive; it says which factions' titans came in the TITANS Event Kit packs.
Only names, copies, power, base names and the ``playstyle`` are read; the marketing fields never.
Differences with the card archive get ``sources`` ``card-archive/kadsuno``.
"""

from __future__ import annotations

import re
from pathlib import Path

from smashup_db.common.text import key
from smashup_db.compiler.compile_errors import SourceError
from smashup_db.compiler.difference import CARD_FIELDS, KADSUNO, Difference
from smashup_db.compiler.sources.readers import load_json, require
from smashup_db.i18n import N_

FOLDER = Path("kadsuno-factions")
#: "2x Name - power 3 - text": the name ends on a non-blank, so the lazy name never rescans a run of blanks
#: (linear time).
_LINE = re.compile(r"^\s*(\d+)x\s+(.*?\S)\s+-\s+(?:power\s*(\d+)\s*-)?", re.I)
_TITANS_PACK = re.compile(r"TITANS (?:Event Kit|pack)")


def read_factions(root: Path) -> list[dict]:
    """The factions: ``[{"name", "set", "bases": [names], "playstyle", "file"}]``.

    Only names and the ``playstyle`` (complexity, e.g. "Low-Medium"; None when
    absent) are taken; the marketing fields are ignored (data README).
    """
    out = []
    folder = root / FOLDER
    files = sorted(folder.glob("*.json"))
    if not files:
        raise SourceError(N_("no faction files found"), prefix=folder)
    for path in files:
        data = load_json(path)
        if not isinstance(data, list):
            raise SourceError(N_("expected a list of factions"), prefix=path)
        for i, fac in enumerate(data):
            where = f"[{i}]"
            bases_text = require(fac, "bases", path, where) or ""
            names = [line.lstrip("* ").strip() for line in bases_text.splitlines() if line.strip()]
            out.append(
                {
                    "name": require(fac, "name", path, where),
                    "set": require(fac, "expansion", path, where),
                    "bases": names,
                    "playstyle": fac.get("playstyle") or None,
                    "file": path.name,
                }
            )
    return out


def _card_lines(fac: dict) -> list[dict]:
    cards = []
    for fld, ctype in (("characters", "minion"), ("actions", "action")):
        for line in str(fac.get(fld) or "").splitlines():
            m = _LINE.match(line)
            if m:
                cards.append(
                    {
                        "name": m.group(2).replace("\u2019", "'").strip(),
                        "type": ctype,
                        "copies": int(m.group(1)),
                        "power": int(m.group(3)) if m.group(3) else None,
                    }
                )
    return cards


def read_original_decks(root: Path) -> dict[str, dict]:
    """The original cards per faction key: ``{key: {"file", "set", "titans_pack", "bases": [names], "cards"}}``.

    Each card is ``{"name", "type" (minion|action), "copies", "power"}`` from the
    ``characters`` and ``actions`` fields (name, copies and power only, never the text).
    ``titans_pack`` is True when the faction's file says its titan came in the TITANS Event Kit packs.
    """
    out: dict[str, dict] = {}
    for path in sorted((root / FOLDER).glob("*.json")):
        for fac in load_json(path):
            text = " ".join(v for v in fac.values() if isinstance(v, str))
            bases = [
                line.lstrip("* ").strip().replace("\u2019", "'")
                for line in str(fac.get("bases") or "").splitlines()
                if line.strip()
            ]
            out[key(fac["name"])] = {
                "file": path.name,
                "set": fac.get("expansion"),
                "cards": _card_lines(fac),
                "bases": bases,
                "titans_pack": bool(_TITANS_PACK.search(text)),
            }
    return out


def likeness(a: str, b: str) -> float:
    """How alike two names are, 0 to 100 (rapidfuzz's ratio, case ignored)."""
    from rapidfuzz import fuzz

    return fuzz.ratio(a.lower(), b.lower())


def _numbers_agree(c: dict, o: dict) -> int:
    return (c["type"] == o["type"]) + (c["copies"] == o["copies"]) + (c["power"] == o["power"])


def pair_cards(cur: list[dict], orig: list[dict]) -> tuple[list[tuple], list[dict], list[dict]]:
    """Pair a faction's current cards with its original ones: by name, then the most alike.

    Renamed cards pair greedily by how many of type, copies and power agree, then by name likeness.
    Returns ``(pairs [(current, original)], unpaired current, unpaired original)``.
    """
    by_key = {key(c["name"]): c for c in orig}
    pairs, rest_cur = [], []
    for c in cur:
        o = by_key.pop(key(c["name"]), None)
        (pairs.append((c, o)) if o else rest_cur.append(c))
    rest_orig = [o for o in orig if key(o["name"]) in by_key]
    scored = sorted(
        (
            ((_numbers_agree(c, o), likeness(c["name"], o["name"])), i, j)
            for i, c in enumerate(rest_cur)
            for j, o in enumerate(rest_orig)
        ),
        reverse=True,
    )
    used_c, used_o = set(), set()
    for _score, i, j in scored:
        if i not in used_c and j not in used_o:
            used_c.add(i)
            used_o.add(j)
            pairs.append((rest_cur[i], rest_orig[j]))
    return (
        pairs,
        [c for i, c in enumerate(rest_cur) if i not in used_c],
        [o for j, o in enumerate(rest_orig) if j not in used_o],
    )


def _pair_differences(faction: str, c: dict, o: dict, evidence: str = "") -> list[Difference]:
    out = []
    for fld in CARD_FIELDS:
        a, b = o[fld], c[fld]
        if fld == "power" and c["type"] != "minion":
            continue
        if (key(a or "") != key(b or "")) if fld == "name" else a != b:
            out.append(
                Difference(
                    "card",
                    KADSUNO,
                    faction,
                    c["name"],
                    o["name"],
                    fld,
                    a,
                    b,
                    original_card={"type": o["type"], "copies": o["copies"], "power": o["power"]},
                    evidence=evidence,
                )
            )
    return out


def compare_cards(archive_factions: list[dict], decks: dict[str, dict]) -> list[Difference]:
    """Every difference between the original (this source) and current (card archive) cards.

    ``archive_factions`` are the card archive's factions *before* corrections
    (``[{"name", "cards": [{"name", "type", "copies", "power"}]}]``), ``decks`` from
    :func:`read_original_decks`. Fields ``name``, ``copies``, ``power``, ``only-current`` (no
    original card pairs with it) or ``only-original``; a paired card's difference carries
    ``original_card``. Titans are left out (the files list them apart).
    """
    out: list[Difference] = []
    for fac in archive_factions:
        deck = decks.get(key(fac["name"]))
        if deck is None:
            continue
        cur = [c for c in fac["cards"] if c["type"] != "titan" and c.get("name")]
        pairs, only_cur, only_orig = pair_cards(cur, list(deck["cards"]))
        for c, o in pairs:
            out += _pair_differences(
                fac["name"], c, o, f"kadsuno-factions/{deck['file']} ({fac['name']}: {o['name']})"
            )
        out += [
            Difference(
                "card", KADSUNO, fac["name"], c["name"], None, "only-current", None, c["copies"]
            )
            for c in only_cur
        ]
        out += [
            Difference(
                "card", KADSUNO, fac["name"], None, o["name"], "only-original", o["copies"], None
            )
            for o in only_orig
        ]
    return out


def compare_bases(
    factions: list[dict], bases: list[dict], decks: dict[str, dict]
) -> list[Difference]:
    """Base names this source (original) and the catalogue (current) give differently, per faction.

    ``factions`` and ``bases`` are the compiler's records (``en``, ``id``; ``en``, ``faction``). A
    faction with exactly one unmatched base on each side gives a ``name`` difference; other
    unmatched bases give ``only-current``/``only-original``.
    """
    out: list[Difference] = []
    for fac in factions:
        deck = decks.get(key(fac["en"]))
        if deck is None or not deck.get("bases"):
            continue
        cur = [b["en"] for b in bases if b["faction"] == fac["id"]]
        only_cur = [n for n in cur if key(n) not in {key(k) for k in deck["bases"]}]
        only_orig = [n for n in deck["bases"] if key(n) not in {key(c) for c in cur}]
        name = fac["en"]
        if len(only_cur) == 1 and len(only_orig) == 1:
            cur_name, orig_name = only_cur[0], only_orig[0]
            out.append(
                Difference("base", KADSUNO, name, cur_name, orig_name, "name", orig_name, cur_name)
            )
            continue
        out += [
            Difference("base", KADSUNO, name, n, None, "only-current", None, n) for n in only_cur
        ]
        out += [
            Difference("base", KADSUNO, name, None, n, "only-original", n, None) for n in only_orig
        ]
    return out
