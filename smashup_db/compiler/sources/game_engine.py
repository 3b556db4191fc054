"""The open-source engine's card and base tables (``zhuanggenhua/``): classic and pod printings.

Source: GitHub ``zhuanggenhua/BoardGame`` (MIT), ``src/games/smashup/data/``, extracted into
``cards.tsv`` and ``bases.tsv`` (shared/data/README.md). Per card the file, printing (``classic`` =
original, ``pod`` = AEG's print-on-demand reprint), type, English name, faction key, power, copies;
per base breakpoint and VP. Its English names are partly back-translations from Chinese: cards and
bases pair by faction, type and numbers, never by name alone. Differences with the card archive get
``sources`` ``card-archive/zhuanggenhua-classic`` or ``-pod``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from smashup_db.common.text import key
from smashup_db.compiler.compile_errors import SourceError
from smashup_db.compiler.difference import Difference
from smashup_db.compiler.sources.randomizer import likeness
from smashup_db.compiler.sources.readers import int_or_none, read_tsv, straight_quotes, vp_triple

CARDS = Path("zhuanggenhua/cards.tsv")
BASES = Path("zhuanggenhua/bases.tsv")

#: The engine's faction keys that are not the catalogue's slug (zhuanggenhua/README.md).
FACTION_KEYS = {
    "all_stars": "smash-up-all-stars",
    "diy_clowns": "clowns",
    "diy_killers": "slashers",
    "frankenstein": "mad-scientists",
    "superheroes": "super-heroes",
    "round_table_knights": "knights-of-the-round-table",
    "cthulhu": "minions-of-cthulhu",
    "miskatonic": "miskatonic-university",
}
#: The engine's keys that are no faction deck of the catalogue: components (compared apart) and the
#: engine's own or remade decks that no AEG box holds under that key.
NOT_FACTIONS = {
    "madness": "a component (the Madness deck), not a faction",
    "munchkin_monsters": "a component (Munchkin's Monster deck), not a faction",
    "munchkin_treasures": "a component (Munchkin's Treasure deck), not a faction",
    "huluwawa": "the engine's own faction (no AEG product)",
    "paladins": "the engine's own faction (no AEG product)",
    "new_goblins": "the engine's remake of the Goblins (the classic file 'goblins' is compared)",
    "new_round_table_knights": "the engine's remake of the Knights of the Round Table "
    "(the classic file 'round_table_knights' is compared)",
}


def _faction_key(value: str) -> str:
    fac = value.strip()
    return fac[:-4] if fac.endswith("_pod") else fac


def _card_row(r: dict, path: Path, i: int) -> dict:
    where = f"line {i}"
    if r["printing"] not in ("classic", "pod"):
        raise SourceError(
            f"{path}: {where}.printing: expected classic or pod, got {r['printing']!r}"
        )
    return {
        "file": r["file"],
        "commit": r["commit"],
        "printing": r["printing"],
        "id": r["id"],
        "type": r["type"].strip(),
        "name": straight_quotes(r["name_en"]),
        "faction": _faction_key(r["faction"]),
        "power": int_or_none(r["power"], path, where + ".power"),
        "copies": int_or_none(r["copies"], path, where + ".copies"),
        "row": i,
    }


def _base_row(r: dict, path: Path, i: int) -> dict:
    where = f"line {i}"
    return {
        "file": r["file"],
        "commit": r["commit"],
        "printing": r["printing"],
        "id": r["id"],
        "name": straight_quotes(r["name_en"]),
        "faction": _faction_key(r["faction"]),
        "breakpoint": int_or_none(r["breakpoint"], path, where + ".breakpoint"),
        "vp": vp_triple(r["vp"], path, where),
        "row": i,
    }


def read_engine(root: Path) -> dict:
    """Read ``zhuanggenhua/cards.tsv`` and ``bases.tsv``.

    Returns ``{"cards": [{"file", "commit", "printing" (classic|pod), "id", "type", "name",
    "faction" (the engine's key, ``_pod`` stripped), "power", "copies", "row"}],
    "bases": [{"file", "commit", "printing", "id", "name", "faction", "breakpoint", "vp", "row"}]}``
    (``row``: the line number in the file, for evidence).
    """
    cpath, bpath = root / CARDS, root / BASES
    card_columns = ("file", "commit", "printing", "id", "type", "name_en", "faction", "power")
    cards = [
        _card_row(r, cpath, i)
        for i, r in enumerate(read_tsv(cpath, (*card_columns, "copies")), start=2)
    ]
    base_columns = ("file", "commit", "printing", "id", "name_en", "faction", "breakpoint", "vp")
    bases = [_base_row(r, bpath, i) for i, r in enumerate(read_tsv(bpath, base_columns), start=2)]
    return {"cards": cards, "bases": bases}


def faction_id(engine_key: str, faction_ids: set[str]) -> str | None:
    """The catalogue faction id of an engine faction key (``frankenstein`` -> ``mad-scientists``), or None."""
    if engine_key in NOT_FACTIONS:
        return None
    if engine_key in FACTION_KEYS:
        return FACTION_KEYS[engine_key]
    slug = engine_key.replace("_", "-")
    for cand in (slug, "the-" + slug, slug.removeprefix("munchkin-")):
        if cand in faction_ids:
            return cand
    return None


# --------------------------------------------------------------------------- cards


def _types_agree(archive_type: str, engine_type: str) -> bool:
    return archive_type == engine_type or archive_type == "other"


def _fits(c: dict, o: dict, same_copies: bool) -> bool:
    return (
        _types_agree(c["type"], o["type"])
        and (c["copies"] == o["copies"] or not same_copies)
        and (c["power"] == o["power"] or o["type"] != "minion")
    )


def _clear_likeness_winner(fits: list[dict], o: dict) -> list[dict]:
    """Of several cards whose numbers all agree, the one clearly most alike in name (>= 60, the next < 60)."""
    ranked = sorted(fits, key=lambda c: -likeness(c["name"], o["name"] or ""))
    if (
        likeness(ranked[0]["name"], o["name"] or "")
        >= 60
        > likeness(ranked[1]["name"], o["name"] or "")
    ):
        return ranked[:1]
    return fits


def _pair_by_numbers(left: list, rest_o: list, pairs: list, same_copies: bool) -> list[dict]:
    """One pass of :func:`pair_cards` by numbers; moves paired cards from ``left`` to ``pairs``."""
    still = []
    for o in rest_o:
        fits = [c for c in left if _fits(c, o, same_copies)]
        if len(fits) > 1 and same_copies:
            fits = _clear_likeness_winner(fits, o)
        rivals = [x for x in rest_o if fits and _fits(fits[0], x, same_copies)]
        if len(fits) == 1 and (same_copies or len(rivals) == 1):
            left.remove(fits[0])
            pairs.append((fits[0], o))
        else:
            still.append(o)
    return still


def pair_cards(
    cur: list[dict], other: list[dict], names_of
) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """Pair the archive's cards ``cur`` with the engine's cards ``other`` of one faction.

    First by name (the archive's name or a known name of another printing, ``names_of(card)``); then
    by type, copies and power where exactly one card on each side fits; then by type and power (copies
    may differ) where exactly one fits; a name likeness only breaks ties between cards whose numbers
    all agree. Returns ``(pairs, unpaired_cur, unpaired_other)``.
    """
    pairs: list[tuple[dict, dict]] = []
    rest_o = []
    left = list(cur)
    for o in other:
        hit = next((c for c in left if key(o["name"] or "\0") in names_of(c)), None)
        if hit is None:
            rest_o.append(o)
        else:
            left.remove(hit)
            pairs.append((hit, o))
    for same_copies in (True, False):
        rest_o = _pair_by_numbers(left, rest_o, pairs, same_copies)
    return pairs, left, rest_o


def _group_cards(engine_cards: list[dict], faction_ids: set[str]) -> tuple[dict, list[str]]:
    """The engine's faction cards per ``(faction id, printing)``, and notes on the rows left aside."""
    groups: dict[tuple[str, str], list[dict]] = {}
    skipped: dict[str, int] = {}
    for z in engine_cards:
        if z["type"] in ("titan", "monster"):
            continue
        fid = faction_id(z["faction"], faction_ids)
        if fid is None:
            skipped[z["faction"]] = skipped.get(z["faction"], 0) + 1
            continue
        groups.setdefault((fid, z["printing"]), []).append(z)
    notes = [
        f"zhuanggenhua: {n} card row(s) of {k!r} not compared with the faction cards: "
        + NOT_FACTIONS.get(k, "no catalogue faction of that name")
        for k, n in sorted(skipped.items())
    ]
    return groups, notes


@dataclasses.dataclass(frozen=True)
class _CardGroup:
    """One faction's cards in one of the engine's files, compared with the archive's."""

    faction: dict
    fid: str
    printing: str
    kadsuno_by: dict

    def diff(self, c: dict | None, z: dict | None, fld: str, zv, cv, raw) -> Difference:
        kd = self.kadsuno_by.get((c["id"], fld)) if c else None
        return Difference(
            "card",
            f"card-archive/zhuanggenhua-{self.printing}",
            self.faction["en"],
            c["name"] if c else None,
            z["name"] if z else None,
            fld,
            zv,
            cv,
            id=c["id"] if c else None,
            raw=raw,
            kadsuno=kd.original if kd else (cv if c and fld != "only-current" else None),
            evidence=(
                f"zhuanggenhua/cards.tsv line {z['row']} ({z['file']})"
                if z
                else f"zhuanggenhua/cards.tsv ({self.fid} {self.printing}: no card pairs with it)"
            ),
        )

    def pair_differences(self, c: dict, z: dict, raw: dict) -> list[Difference]:
        out = []
        if z["name"] and key(z["name"]) != key(c["name"]):
            out.append(self.diff(c, z, "name", z["name"], c["name"], raw["name"]))
        for fld in ("copies", "power"):
            if (fld == "power" and c["type"] != "minion") or z[fld] is None:
                continue
            if z[fld] != c[fld] or z[fld] != raw.get(fld):
                out.append(self.diff(c, z, fld, z[fld], c[fld], raw.get(fld)))
        return out


def compare_cards(
    factions: list[dict], raw_by: dict, engine_cards: list[dict], kadsuno_diffs: list[Difference]
) -> tuple[list[Difference], list[str]]:
    """Every difference between the card archive and the engine's classic and pod files.

    ``factions``: the compiler's factions (cards corrected, with ids); ``raw_by``: ``{(faction id,
    sort): card before corrections}``; ``kadsuno_diffs``: the archive/Kadsuno differences, settled
    and with ids (their original names pair renamed cards). Returns ``(differences, notes)``: each
    difference with ``id``, ``raw`` (the archive's value before corrections), ``kadsuno`` (the
    Kadsuno value where one is known) and ``evidence`` (file and line); the notes name the rows left
    aside.
    """
    fac_by = {f["id"]: f for f in factions}
    other_names: dict[str, set[str]] = {}
    for d in kadsuno_diffs:
        if d.kind == "card" and d.id and d.original_name:
            other_names.setdefault(d.id, set()).add(key(d.original_name))
    groups, notes = _group_cards(engine_cards, set(fac_by))
    kad_by = {(d.id, d.field): d for d in kadsuno_diffs if d.kind == "card"}
    out: list[Difference] = []
    for (fid, printing), zs in sorted(groups.items()):
        group = _CardGroup(fac_by[fid], fid, printing, kad_by)
        cur = [c for c in fac_by[fid]["cards"] if c["type"] != "titan" and c.get("name")]
        pairs, only_cur, only_zh = pair_cards(
            cur, zs, lambda c: {key(c["name"])} | other_names.get(c["id"], set())
        )
        for c, z in pairs:
            out += group.pair_differences(c, z, raw_by.get((fid, c["sort"]), c))
        out += [
            group.diff(c, None, "only-current", None, c["copies"], c["copies"]) for c in only_cur
        ]
        out += [group.diff(None, z, "only-original", z["copies"], None, None) for z in only_zh]
    return out, notes


# --------------------------------------------------------------------------- bases


def _pair_bases_by_name(mine: list, zs: list, all_by_name: dict, fid) -> tuple[list, list]:
    pairs, rest = [], []
    for z in zs:
        hit = next((b for b in mine if key(b["en"]) == key(z["name"])), None) or (
            all_by_name.get(key(z["name"])) if fid is None else None
        )
        if hit is None:
            rest.append(z)
            continue
        if hit in mine:
            mine.remove(hit)
        pairs.append((hit, z))
    return pairs, rest


def _pair_bases(mine: list, zs: list, all_by_name: dict, fid) -> tuple[list, list]:
    """Pair one group's bases: by name; then by numbers (breakpoint and VP agree, one base each side);
    then by the most alike name (>= 50) among the faction's own bases (never by a name of another
    faction); then the last unpaired base on each side. Returns ``(pairs, unpaired engine bases)``."""
    pairs, rest = _pair_bases_by_name(mine, zs, all_by_name, fid)
    for z in list(rest):
        fits = [b for b in mine if b["breakpoint"] == z["breakpoint"] and list(b["vp"]) == z["vp"]]
        if len(fits) == 1:
            mine.remove(fits[0])
            rest.remove(z)
            pairs.append((fits[0], z))
    scored = sorted(
        (
            (likeness(b["en"], z["name"]), i, j)
            for i, b in enumerate(mine)
            for j, z in enumerate(rest)
        ),
        reverse=True,
    )
    used_b, used_z = set(), set()
    for score, i, j in scored:
        if score >= 50 and i not in used_b and j not in used_z:
            used_b.add(i)
            used_z.add(j)
            pairs.append((mine[i], rest[j]))
    mine = [b for i, b in enumerate(mine) if i not in used_b]
    rest = [z for j, z in enumerate(rest) if j not in used_z]
    if len(rest) == 1 and len(mine) == 1:
        return pairs + [(mine[0], rest[0])], []
    return pairs, rest


def _fill(b: dict, z: dict) -> tuple[dict, str]:
    """The facts of a base the card archive has no stats for (data README: the Marvel/Disney bases,
    Bastion), from the engine's classic file, the one printing of boxes without a reprint; and a note."""
    fill = {
        "breakpoint": z["breakpoint"],
        "vp": list(z["vp"] or [None, None, None]),
        "note": f"breakpoint and VP from zhuanggenhua/bases.tsv line {z['row']} ({z['file']}); "
        "the card archive has none",
    }
    note = (
        f"zhuanggenhua: base {b['en']}: breakpoint and VP taken from "
        f"zhuanggenhua/bases.tsv line {z['row']} (the only source)"
    )
    return fill, note


def _stat_differs(engine_value, current, raw) -> bool:
    """A breakpoint or VP differs from the archive's, now or before corrections (when it had one)."""
    archive_had = raw is not None and raw != [None, None, None]
    return engine_value != current or (archive_had and engine_value != raw)


def _base_differences(b: dict, z: dict, printing: str, faction: str) -> list[Difference]:
    raw = b.get("raw") or {}
    found = []
    if z["name"] is not None and key(z["name"]) != key(b["en"]):
        found.append(("name", z["name"], b["en"], raw.get("en", b["en"])))
    for fld, current in (("breakpoint", b["breakpoint"]), ("vp", list(b["vp"]))):
        if z[fld] is not None and _stat_differs(z[fld], current, raw.get(fld)):
            found.append((fld, z[fld], current, raw.get(fld)))
    return [
        Difference(
            "base",
            f"card-archive/zhuanggenhua-{printing}",
            faction,
            b["en"],
            z["name"],
            fld,
            zv,
            cv,
            id=b["id"],
            raw=rv,
            evidence=f"zhuanggenhua/bases.tsv line {z['row']} ({z['file']})",
        )
        for fld, zv, cv, rv in found
    ]


def _group_bases(engine_bases: list[dict], faction_ids: set[str]) -> list[tuple[tuple, list[dict]]]:
    """The engine's bases per ``(faction id or None, printing)``, sorted (no faction first)."""
    groups: dict[tuple, list[dict]] = {}
    for z in engine_bases:
        fid = faction_id(z["faction"], faction_ids) if z["faction"] else None
        groups.setdefault((fid, z["printing"]), []).append(z)
    return sorted(groups.items(), key=lambda kv: (kv[0][0] or "", kv[0][1]))


def compare_bases(
    factions: list[dict], bases: list[dict], engine_bases: list[dict]
) -> tuple[list[Difference], dict[str, dict], list[str]]:
    """Differences between the card archive's bases and the engine's (classic and pod) base stats.

    ``bases``: the compiler's bases (``id``, ``en``, ``faction``, ``breakpoint``, ``vp``, ``raw``:
    the archive's record before corrections); left unchanged. An engine base pairs with a catalogue
    base of its faction (see :func:`_pair_bases`). Fields ``name``, ``breakpoint``, ``vp``. Returns
    ``(differences, fills, notes)``: ``fills`` ``{base id: {"breakpoint", "vp", "note"}}`` for
    bases the archive has no stats for, taken from the classic file (and compared as filled).
    """
    bases = [dict(b) for b in bases]
    fac_name = {f["id"]: f["en"] for f in factions}
    by_fac: dict[str | None, list[dict]] = {}
    for b in bases:
        by_fac.setdefault(b["faction"], []).append(b)
    groups = _group_bases(engine_bases, {f["id"] for f in factions})
    all_by_name = {key(b["en"]): b for b in bases}
    paired: dict[str, set[str]] = {}
    out: list[Difference] = []
    fills: dict[str, dict] = {}
    notes: list[str] = []
    for (fid, printing), zs in groups:
        pairs, rest = _pair_bases(list(by_fac.get(fid, [])) if fid else [], zs, all_by_name, fid)
        notes += [
            f"zhuanggenhua: base {z['name']!r} ({z['faction'] or 'no faction'}, {printing}) "
            "pairs with no catalogue base; not compared"
            for z in rest
        ]
        for b, z in pairs:
            paired.setdefault(b["id"], set()).add(printing)
            if b["breakpoint"] is None and printing == "classic" and z["breakpoint"] is not None:
                fills[b["id"]], note = _fill(b, z)
                b.update(fills[b["id"]])
                notes.append(note)
            faction = fac_name.get(b["faction"], b["faction"] or "")
            out += _base_differences(b, z, printing, faction)
    out = [dataclasses.replace(d, pod_seen="pod" in paired.get(d.id or "", set())) for d in out]
    return out, fills, notes
