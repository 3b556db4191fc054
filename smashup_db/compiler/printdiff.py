"""Printings: compare the original printings (Kadsuno files) with the current ones (card archive).

A *printing* is one product's version of a card or base (see
``models.Printing``). The card archive holds the current (reprinted) versions,
the Kadsuno faction files the original ones (shared/data/README.md). This
module

* reads the Kadsuno card lines (``2x Name - power 3 - text``; only name,
  copies and power are kept, never the text) and which factions got a titan
  in the TITANS Event Kit packs;
* compares both sources card by card (:func:`differences`), pairing renamed
  cards of a faction by type, copies, power and name likeness;
* classifies every difference (:func:`classify`) as ``printing`` (a real
  difference between printings, kept in the printings table), ``corrected``
  (a source error fixed in ``curated/corrections.json``), ``reviewed`` (checked
  and left, with a reason, in ``curated/printings.json``) or ``unresolved``;
* derives fusions, titans' products and bases with their own scoring rule.

Errors: :class:`~.compile.CompileError` for curated entries that match nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

from smashup_db.compiler import adapters as src
from smashup_db.compiler.adapters import is_fusion, scoring_flag  # noqa: F401  (re-exported)
from smashup_db.errors import Message
from smashup_db.i18n import N_

PRINTINGS = ("original", "current", "german")
#: "2x Name - power 3 - text": the name ends on a non-blank, so the lazy name never rescans a run of blanks
#: (linear time).
_LINE = re.compile(r"^\s*(\d+)x\s+(.*?\S)\s+-\s+(?:power\s*(\d+)\s*-)?", re.I)
_TITANS_PACK = re.compile(r"TITANS (?:Event Kit|pack)")
#: The compared fields of a card.
CARD_FIELDS = ("name", "copies", "power")
#: The scoring flags of bases whose text changes who gets VP.
SCORING_FLAGS = ("replaced", "per-minion", "extra-vp", "other")


def read_kadsuno_cards(root: Path) -> dict[str, dict]:
    """Kadsuno cards per faction key: ``{key: {"file", "set", "titans_pack", "bases": [names], "cards": [...]}}``.

    Each card is ``{"name", "type" (minion|action), "copies", "power"}`` from the
    ``characters`` and ``actions`` fields. ``titans_pack`` is True when the
    faction's file says its titan came in the TITANS Event Kit packs.
    """
    from smashup_db.common.text import key

    out: dict[str, dict] = {}
    for path in sorted((root / src.KADSUNO_DIR).glob("*.json")):
        for fac in src._load_json(path):
            cards = []
            for fld, ctype in (("characters", "minion"), ("actions", "action")):
                for line in str(fac.get(fld) or "").splitlines():
                    m = _LINE.match(line)
                    if m:
                        cards.append(
                            {
                                "name": m.group(2).replace("’", "'").strip(),
                                "type": ctype,
                                "copies": int(m.group(1)),
                                "power": int(m.group(3)) if m.group(3) else None,
                            }
                        )
            text = " ".join(v for v in fac.values() if isinstance(v, str))
            bases = [
                line.lstrip("* ").strip().replace("’", "'")
                for line in str(fac.get("bases") or "").splitlines()
                if line.strip()
            ]
            out[key(fac["name"])] = {
                "file": path.name,
                "set": fac.get("expansion"),
                "cards": cards,
                "bases": bases,
                "titans_pack": bool(_TITANS_PACK.search(text)),
            }
    return out


def _likeness(a: str, b: str) -> float:
    from rapidfuzz import fuzz

    return fuzz.ratio(a.lower(), b.lower())


def differences(archive_factions: list[dict], kadsuno: dict[str, dict]) -> list[dict]:
    """Every difference between the original (Kadsuno) and current (archive) cards.

    ``archive_factions`` are the card archive's factions *before* corrections
    (``[{"name", "cards": [{"name", "type", "copies", "power"}]}]``). Returns
    ``[{"kind": "card", "faction", "name" (current), "original_name", "field",
    "original", "current", "original_card"}]`` (``original_card``: the paired
    original card's type, copies and power); ``field`` is ``name``, ``copies``,
    ``power``, ``only-current`` (no original card pairs with it) or ``only-original``.
    Titans are left out (the Kadsuno files list them apart).
    """
    from smashup_db.common.text import key

    out = []
    for fac in archive_factions:
        kf = kadsuno.get(key(fac["name"]))
        if kf is None:
            continue
        cur = [c for c in fac["cards"] if c["type"] != "titan" and c.get("name")]
        orig = list(kf["cards"])
        pairs = []
        by_key = {key(c["name"]): c for c in orig}
        rest_cur = []
        for c in cur:
            o = by_key.pop(key(c["name"]), None)
            (pairs.append((c, o)) if o else rest_cur.append(c))
        rest_orig = [o for o in orig if key(o["name"]) in by_key]
        # Renamed cards: pair the most alike (same type, copies, power first, then name likeness).
        scored = sorted(
            (
                (
                    (
                        (c["type"] == o["type"])
                        + (c["copies"] == o["copies"])
                        + (c["power"] == o["power"]),
                        _likeness(c["name"], o["name"]),
                    ),
                    i,
                    j,
                )
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
        for c, o in pairs:
            for fld in CARD_FIELDS:
                a, b = o[fld], c[fld]
                if fld == "power" and c["type"] not in ("minion",):
                    continue
                if (key(a or "") != key(b or "")) if fld == "name" else a != b:
                    out.append(
                        {
                            "kind": "card",
                            "faction": fac["name"],
                            "name": c["name"],
                            "original_name": o["name"],
                            "field": fld,
                            "original": a,
                            "current": b,
                            "original_card": {
                                "type": o["type"],
                                "copies": o["copies"],
                                "power": o["power"],
                            },
                        }
                    )
        for i, c in enumerate(rest_cur):
            if i not in used_c:
                out.append(
                    {
                        "kind": "card",
                        "faction": fac["name"],
                        "name": c["name"],
                        "original_name": None,
                        "field": "only-current",
                        "original": None,
                        "current": c["copies"],
                    }
                )
        for j, o in enumerate(rest_orig):
            if j not in used_o:
                out.append(
                    {
                        "kind": "card",
                        "faction": fac["name"],
                        "name": None,
                        "original_name": o["name"],
                        "field": "only-original",
                        "original": o["copies"],
                        "current": None,
                    }
                )
    return out


def base_differences(
    factions: list[dict], bases: list[dict], kadsuno: dict[str, dict]
) -> list[dict]:
    """Base names the Kadsuno files (original) and the catalogue (current) give differently, per faction.

    ``factions`` and ``bases`` are the compiler's records (``en``, ``id``;
    ``en``, ``faction``). A faction with exactly one unmatched base on each
    side gives a ``name`` difference; other unmatched bases give
    ``only-current``/``only-original``. Same record shape as :func:`differences`.
    """
    from smashup_db.common.text import key

    out = []
    for fac in factions:
        kf = kadsuno.get(key(fac["en"]))
        if kf is None or not kf.get("bases"):
            continue
        cur = [b["en"] for b in bases if b["faction"] == fac["id"]]
        only_cur = [n for n in cur if key(n) not in {key(k) for k in kf["bases"]}]
        only_orig = [n for n in kf["bases"] if key(n) not in {key(c) for c in cur}]
        if len(only_cur) == 1 and len(only_orig) == 1:
            out.append(
                {
                    "kind": "base",
                    "faction": fac["en"],
                    "name": only_cur[0],
                    "original_name": only_orig[0],
                    "field": "name",
                    "original": only_orig[0],
                    "current": only_cur[0],
                }
            )
            continue
        out += [
            {
                "kind": "base",
                "faction": fac["en"],
                "name": n,
                "original_name": None,
                "field": "only-current",
                "original": None,
                "current": n,
            }
            for n in only_cur
        ]
        out += [
            {
                "kind": "base",
                "faction": fac["en"],
                "name": None,
                "original_name": n,
                "field": "only-original",
                "original": n,
                "current": None,
            }
            for n in only_orig
        ]
    return out


def _matches(entry: dict, diff: dict) -> bool:
    from smashup_db.common.text import key

    if key(entry.get("faction", "")) != key(diff["faction"]):
        return False
    names = entry.get("names") or [entry.get("name")]
    if not any(
        n and (key(n) == key(diff["name"] or "") or key(n) == key(diff["original_name"] or ""))
        for n in names
    ):
        return False
    fields = entry.get("fields")
    return fields is None or diff["field"] in fields


def classify(diffs: list[dict], curated: list[dict], corrections: list[dict]) -> list[dict]:
    """Give every difference a ``status`` and ``reason`` (in place; also returned).

    ``corrected``: a card-archive ``card`` correction matching the card sets
    the differing field; ``printing``/``reviewed``: an entry of
    ``curated/printings.json`` (``faction``, ``name`` or ``names``, optional
    ``fields``, ``status``, ``reason``); otherwise ``unresolved``.
    """
    from smashup_db.common.text import key

    for d in diffs:
        d["status"], d["reason"] = "unresolved", ""
        for corr in corrections:
            if corr.get("kind") != "card" or corr.get("source") != "card-archive":
                continue
            match = corr.get("match", {})
            if (
                key(str(match.get("faction", ""))) == key(d["faction"])
                and key(str(match.get("name", ""))) == key(d["name"] or "")
                and d["field"] in corr.get("set", {})
            ):
                d["status"], d["reason"] = "corrected", corr["reason"]
                break
        if d["status"] != "unresolved":
            continue
        for entry in curated:
            if _matches(entry, d):
                d["status"], d["reason"] = entry["status"], entry["reason"]
                break
    return diffs


# --------------------------------------------------------------------------- curated input and rows

#: The product that sold the titans of factions published before titans existed.
TITANS_PACK = "titans-event-kit"
#: The first product with titans in its own box (the data README: "before Big in Japan").
FIRST_TITAN_BOX = "big-in-japan"


def load_curated_printings(data_dir: Path) -> dict:
    """Read ``data/curated/printings.json``: ``{"differences", "bases", "base_products"}`` lists."""
    path = Path(data_dir) / "curated" / "printings.json"
    doc = src._load_json(path)
    for list_key, needed in (
        ("differences", ("faction", "status", "reason")),
        ("bases", ("name", "printing", "reason", "evidence")),
        ("base_products", ("name", "product", "printing", "reason", "evidence")),
    ):
        if not isinstance(doc.get(list_key), list):
            raise src.SourceError(
                N_("field '{list_key}' must be a list"), prefix=path, list_key=list_key
            )
        for i, entry in enumerate(doc[list_key]):
            for f in needed:
                if f not in entry:
                    raise src.SourceError(
                        N_("{list_key}[{i}]: field '{f}' is missing"),
                        prefix=path,
                        list_key=list_key,
                        i=i,
                        f=f,
                    )
            if entry.get("status", "printing") not in ("printing", "reviewed"):
                raise src.SourceError(
                    N_("{list_key}[{i}].status: must be printing or reviewed"),
                    prefix=path,
                    list_key=list_key,
                    i=i,
                )
            if entry.get("printing", "original") not in PRINTINGS:
                raise src.SourceError(
                    N_("{list_key}[{i}].printing: must be one of {printings}"),
                    prefix=path,
                    list_key=list_key,
                    i=i,
                    printings=", ".join(PRINTINGS),
                )
    return doc


def _card_row(card: dict, product: str, printing: str, **facts) -> dict:
    row = {
        "kind": "card",
        "id": card["id"],
        "product": product,
        "printing": printing,
        "name": card["name"],
        "type": card["type"],
        "copies": card["copies"],
        "power": card["power"],
        "breakpoint": None,
        "vp": [None, None, None],
        "unknown": [],
        "reason": "",
        "evidence": "",
    }
    row.update(facts)
    return row


def _base_row(base: dict, product: str, printing: str, **facts) -> dict:
    row = {
        "kind": "base",
        "id": base["id"],
        "product": product,
        "printing": printing,
        "name": base["en"],
        "type": "base",
        "copies": 1,
        "power": None,
        "breakpoint": base["breakpoint"],
        "vp": list(base["vp"]),
        "unknown": [],
        "reason": "",
        "evidence": "",
    }
    row.update(facts)
    return row


def build_printings(
    products,
    factions,
    bases,
    raw_factions,
    kad_cards,
    editions_de,
    curated,
    corrections,
    product_by_key,
    report,
    zhuanggenhua=None,
    fabikw=None,
    raw_factions_by_name=None,
) -> tuple[list[dict], list[dict]]:
    """Printing rows and classified differences; sets titans' ``product`` and products' ``german``.

    Returns ``(rows, differences)``: ``rows`` as in ``data/printings.json``
    (``kind``, ``id``, ``product``, ``printing``, facts, ``unknown`` fields,
    ``reason``, ``evidence``), ``differences`` as :func:`differences` with
    ``status``, ``reason`` and the ``id`` of the card. Raises
    :class:`~.compile.CompileError` for curated entries that match nothing.
    """
    from smashup_db.common.text import key
    from smashup_db.compiler.adapters import CompileError

    by_id = {p["id"]: p for p in products}
    # German editions (data README: the 14 products published in German follow the original printings).
    for ed in editions_de:
        prod = product_by_key.get(key(ed["english_product"]))
        if prod is None:
            raise CompileError(
                N_("editions-de: product {name!r} is not in the product table"),
                name=ed["english_product"],
            )
        prod["german"] = {
            "title": ed["german_title"].strip(),
            "release": ed["german_release"].strip() or None,
            "evidence": ed["evidence"].strip(),
        }
    rows: list[dict] = []
    # Titans: their own box from Big in Japan on, else the TITANS Event Kit packs.
    first_box = by_id[FIRST_TITAN_BOX]["sort"]
    home = {f["id"]: f["home"]["id"] for f in factions}
    for fac in factions:
        kf = kad_cards.get(key(fac["en"]), {})
        for card in fac["cards"]:
            if card["type"] != "titan":
                continue
            card["power"] = (
                None  # titans have no power (the archive took "power N or less" from the text)
            )
            own = by_id[home[fac["id"]]]
            if own["sort"] >= first_box:
                card["product"], why = (
                    own["id"],
                    f"sold in {own['en']}, which has titans in its box",
                )
            else:
                card["product"] = TITANS_PACK
                why = (
                    "kadsuno-factions/" + kf["file"] + " names the TITANS Event Kit pack"
                    if kf.get("titans_pack")
                    else f"{own['en']} predates titans (first in Big in Japan); the only other titan "
                    "products are the TITANS Event Kit packs"
                )
            rows.append(
                _card_row(
                    card,
                    card["product"],
                    "current",
                    reason=why,
                    evidence="shared/data/README.md (titans)",
                )
            )
    # Cards: original (Kadsuno) against current (archive).
    diffs = classify(
        differences(raw_factions, kad_cards) + base_differences(factions, bases, kad_cards),
        curated["differences"],
        corrections,
    )
    cards_by = {(key(f["en"]), key(c["name"] or "")): c for f in factions for c in f["cards"]}
    bases_by_name = {key(b["en"]): b for b in bases}
    renamed = {key(e["name"]): e for e in curated["bases"] if e.get("set", {}).get("name")}
    used = set()
    for d in diffs:
        if d["kind"] == "base":
            base = bases_by_name.get(key(d["name"] or ""))
            d["id"] = base["id"] if base else None
            e = renamed.get(key(d["name"] or ""))
            if (
                d["status"] == "unresolved"
                and e
                and key(e["set"]["name"]) == key(d["original_name"] or "")
            ):
                d["status"], d["reason"] = "printing", e["reason"]
            continue
        card = cards_by.get((key(d["faction"]), key(d["name"] or "")))
        d["id"] = card["id"] if card else None
    for d in diffs:
        d["sources"] = "card-archive/kadsuno"
        d["rule"] = {"unresolved": ""}.get(
            d["status"], "corrected" if d["status"] == "corrected" else "curated"
        )
    for entry in curated["differences"]:
        if entry.get("source", "kadsuno") != "kadsuno":
            continue
        if not any(_matches(entry, d) for d in diffs):
            raise CompileError(
                N_(
                    "curated/printings.json: {faction} {name} matches no difference: remove or update it"
                ),
                faction=entry.get("faction"),
                name=entry.get("name") or entry.get("names"),
            )
    for d in diffs:
        if d["kind"] != "card" or d["status"] != "printing" or d["id"] is None or d["id"] in used:
            continue
        used.add(d["id"])
        card = next(c for f in factions for c in f["cards"] if c["id"] == d["id"])
        mine = [
            x
            for x in diffs
            if x["kind"] == "card" and x["id"] == d["id"] and x["status"] == "printing"
        ]
        orig = {
            **mine[0]["original_card"],
            **{x["field"]: x["original"] for x in mine if x["field"] in CARD_FIELDS},
        }
        fac_id = card["faction"]
        kf = kad_cards.get(key(d["faction"]), {})
        product = product_by_key.get(key(kf.get("set") or ""), by_id[home[fac_id]])["id"]
        reason = "; ".join(dict.fromkeys(x["reason"] for x in mine))
        rows.append(
            _card_row(
                card,
                product,
                "original",
                **orig,
                reason=reason,
                evidence=f"kadsuno-factions/{kf.get('file')}",
            )
        )
        rows.append(
            _card_row(
                card,
                home[fac_id],
                "current",
                reason=reason,
                evidence="card-archive/smashup-catalog.json",
            )
        )
    # The other two sources: zhuanggenhua (classic and pod files) and fabikw (2015).
    extra = _other_sources(
        factions,
        bases,
        diffs,
        curated,
        corrections,
        product_by_key,
        report,
        zhuanggenhua,
        fabikw,
        raw_factions_by_name or {},
    )
    _card_rows_from(extra, factions, home, rows, report)
    # Bases: printings from curated evidence and from the sources that have original base stats.
    base_by = {key(b["en"]): b for b in bases}
    for entry in curated["bases"]:
        b = base_by.get(key(entry["name"]))
        if b is None:
            raise CompileError(
                N_("curated/printings.json: base {entry!r} is not in the catalogue"),
                entry=entry["name"],
            )
        facts = dict(entry.get("set", {}))
        unknown = list(entry.get("unknown", []))
        for f in unknown:
            facts[f] = [None, None, None] if f == "vp" else None
        rows.append(
            _base_row(
                b,
                b["product"],
                entry["printing"],
                **facts,
                unknown=unknown,
                reason=entry["reason"],
                evidence=entry["evidence"],
            )
        )
        if not any(
            r["kind"] == "base" and r["id"] == b["id"] and r["printing"] == "current" for r in rows
        ):
            rows.append(
                _base_row(
                    b,
                    b["product"],
                    "current",
                    reason="current printing (card archive)",
                    evidence="card-archive/smashup-bases.json",
                )
            )
    for entry in curated["base_products"]:
        b = base_by.get(key(entry["name"]))
        if b is None or entry["product"] not in by_id:
            raise CompileError(
                N_("curated/printings.json: base_products {entry!r}/{entry2!r} unknown"),
                entry=entry["name"],
                entry2=entry["product"],
            )
        unknown = list(entry.get("unknown", []))
        facts = {f: ([None, None, None] if f == "vp" else None) for f in unknown}
        rows.append(
            _base_row(
                b,
                entry["product"],
                entry["printing"],
                **facts,
                unknown=unknown,
                reason=entry["reason"],
                evidence=entry["evidence"],
            )
        )
        if not any(
            r["kind"] == "base" and r["id"] == b["id"] and r["product"] == b["product"]
            for r in rows
        ):
            rows.append(
                _base_row(
                    b,
                    b["product"],
                    "current",
                    reason="current printing (card archive)",
                    evidence="card-archive/smashup-bases.json",
                )
            )
    _base_rows_from(extra, bases, rows, report)
    diffs = diffs + extra
    _summarise(diffs, report)
    rows.sort(
        key=lambda r: (
            r["kind"],
            r["id"],
            by_id[r["product"]]["sort"] if r["product"] in by_id else 999,
            PRINTINGS.index(r["printing"]),
        )
    )
    for d in diffs:
        if d["status"] == "unresolved":
            report.warnings.append(
                Message(
                    N_(
                        "printing difference unresolved ({sources}): {faction} {name} {field}: "
                        "other {original!r}, card archive {current!r}"
                    ),
                    sources=d["sources"],
                    faction=d["faction"],
                    name=d["name"] or d["original_name"],
                    field=d["field"],
                    original=d["original"],
                    current=d["current"],
                )
            )
        d.pop("pod_seen", None)
    return rows, diffs


def _other_sources(
    factions,
    bases,
    kad_diffs,
    curated,
    corrections,
    product_by_key,
    report,
    zhuanggenhua,
    fabikw,
    raw_factions_by_name,
) -> list[dict]:
    """The zhuanggenhua and fabikw differences, settled (:func:`settle`); unused curated entries stop the compiler."""
    from smashup_db.common.text import key
    from smashup_db.compiler.adapters import CompileError

    extra: list[dict] = []
    raw_bases = {b["id"]: b.get("raw") or {} for b in bases}
    if zhuanggenhua is not None:
        raw_by = {}
        for f in factions:
            rf = raw_factions_by_name.get(f["en"])
            for c in f["cards"]:
                if rf and c.get("sort") is not None and c["sort"] < len(rf["cards"]):
                    raw_by[(f["id"], c["sort"])] = rf["cards"][c["sort"]]
        extra += zh_card_differences(factions, raw_by, zhuanggenhua["cards"], kad_diffs, report)
        extra += zh_base_differences(factions, bases, raw_bases, zhuanggenhua["bases"], report)
    if fabikw is not None:
        base_ids = {key(b["en"]): b["id"] for b in bases}
        renamed = {
            key(e["set"]["name"]): base_ids.get(key(e["name"]))
            for e in curated["bases"]
            if e.get("set", {}).get("name")
        }
        extra += fabikw_base_differences(bases, raw_bases, fabikw, product_by_key, report, renamed)
    settle(extra, kad_diffs, curated["differences"], corrections, curated["bases"])
    for entry in curated["differences"]:
        if entry.get("source", "kadsuno") != "kadsuno" and not entry.pop("_used", False):
            raise CompileError(
                f"curated/printings.json: {entry.get('source')} {entry.get('faction')} "
                f"{entry.get('name') or entry.get('names')} matches no difference: remove or update it"
            )
    for d in extra:
        d.pop("raw", None)
    return extra


def _card_rows_from(extra, factions, home, rows, report) -> None:
    """Original card rows from zhuanggenhua classic differences settled as printings (merged into Kadsuno's)."""
    card_by_id = {c["id"]: (f, c) for f in factions for c in f["cards"]}
    ids = sorted(
        {
            d["id"]
            for d in extra
            if d["kind"] == "card"
            and d["status"] == "printing"
            and d.get("id")
            and d["sources"].endswith("-classic")
            and d["field"] in CARD_FIELDS
        }
    )
    for cid in ids:
        mine = [
            d
            for d in extra
            if d.get("id") == cid
            and d["kind"] == "card"
            and d["status"] == "printing"
            and d["sources"].endswith("-classic")
            and d["field"] in CARD_FIELDS
        ]
        f, card = card_by_id[cid]
        evidence = "; ".join(dict.fromkeys(d["evidence"] for d in mine))
        row = next(
            (
                r
                for r in rows
                if r["kind"] == "card" and r["id"] == cid and r["printing"] == "original"
            ),
            None,
        )
        if row is not None:
            for d in mine:
                if not _same(d["field"], row[d["field"]], d["original"]):
                    report.warnings.append(
                        f"printing: {card['name']} {d['field']}: Kadsuno {row[d['field']]!r}, "
                        f"zhuanggenhua classic {d['original']!r}; the Kadsuno value is kept"
                    )
            row["evidence"] += f"; {evidence} (agrees)"
            continue
        facts = {d["field"]: d["original"] for d in mine}
        reason = "; ".join(dict.fromkeys(d["reason"] for d in mine))
        rows.append(
            _card_row(card, home[f["id"]], "original", **facts, reason=reason, evidence=evidence)
        )
        rows.append(
            _card_row(
                card,
                home[f["id"]],
                "current",
                reason=reason,
                evidence="card-archive/smashup-catalog.json",
            )
        )


def _base_rows_from(extra, bases, rows, report) -> None:
    """Original base rows from zhuanggenhua classic and fabikw differences settled as printings.

    A curated original row (``curated/printings.json`` bases) gets its unknown facts filled from the
    sources and their evidence appended; a fact the sources give differently is reported.
    """
    base_by_id = {b["id"]: b for b in bases}
    ids = sorted(
        {
            d["id"]
            for d in extra
            if d["kind"] == "base"
            and d["status"] == "printing"
            and d.get("id")
            and not d["sources"].endswith("-pod")
        }
    )
    for bid in ids:
        mine = [
            d
            for d in extra
            if d["kind"] == "base"
            and d.get("id") == bid
            and d["status"] == "printing"
            and not d["sources"].endswith("-pod")
        ]
        b = base_by_id[bid]
        facts: dict = {}
        for d in sorted(mine, key=lambda x: family(x) != "zhuanggenhua"):
            facts.setdefault(d["field"], d["original"])
        evidence = "; ".join(dict.fromkeys(d["evidence"] for d in mine))
        reason = "; ".join(dict.fromkeys(d["reason"] for d in mine))
        row = next(
            (
                r
                for r in rows
                if r["kind"] == "base"
                and r["id"] == bid
                and r["printing"] == "original"
                and r["product"] == b["product"]
            ),
            None,
        )
        if row is not None:
            for fld, value in facts.items():
                if fld in row["unknown"]:
                    row[fld] = value
                    row["unknown"].remove(fld)
                elif not _same(fld, row[fld], value):
                    report.warnings.append(
                        f"printing: base {b['en']} {fld}: curated {row[fld]!r}, sources {value!r};"
                        " the curated value is kept"
                    )
            row["evidence"] += f"; {evidence}"
            continue
        rows.append(
            _base_row(b, b["product"], "original", **facts, reason=reason, evidence=evidence)
        )
        if not any(
            r["kind"] == "base" and r["id"] == bid and r["printing"] == "current" for r in rows
        ):
            rows.append(
                _base_row(
                    b,
                    b["product"],
                    "current",
                    reason="current printing (card archive)",
                    evidence="card-archive/smashup-bases.json",
                )
            )


def _summarise(diffs, report) -> None:
    """``report.by_source``: per compared pair of sources, how many differences and how each was settled."""
    out: dict[str, dict] = {}
    for d in diffs:
        s = out.setdefault(d["sources"], {"found": 0, "settled": {}})
        s["found"] += 1
        how = (
            d["status"]
            if d["status"] == "unresolved"
            else f"{d['status']} ({d.get('rule') or 'curated'})"
        )
        s["settled"][how] = s["settled"].get(how, 0) + 1
    report.by_source = {
        k: {"found": v["found"], "settled": dict(sorted(v["settled"].items()))}
        for k, v in sorted(out.items())
    }


# --------------------------------------------------------------------------- four sources

#: The engine's faction keys that are not the catalogue's slug (zhuanggenhua/README.md).
ZH_FACTIONS = {
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
ZH_NOT_FACTIONS = {
    "madness": "a component (the Madness deck), not a faction",
    "munchkin_monsters": "a component (Munchkin's Monster deck), not a faction",
    "munchkin_treasures": "a component (Munchkin's Treasure deck), not a faction",
    "huluwawa": "the engine's own faction (no AEG product)",
    "paladins": "the engine's own faction (no AEG product)",
    "new_goblins": "the engine's remake of the Goblins (the classic file 'goblins' is compared)",
    "new_round_table_knights": "the engine's remake of the Knights of the Round Table "
    "(the classic file 'round_table_knights' is compared)",
}
#: The rule that settles each kind of difference, with why (shown by ``smashup data compile``).
RULES = {
    "corrected": "a source error fixed in curated/corrections.json",
    "curated": "reviewed case by case in curated/printings.json",
    "two-against-one": "two sources agree against the third: the original printing where the older sources "
    "(Kadsuno, zhuanggenhua classic, fabikw 2015) agree against the card archive's current one",
    "pod-third-opinion": "zhuanggenhua's pod file is a third opinion only (data README); the card archive "
    "gives the current printing",
    "back-translation": "paired by faction, type, copies and power: zhuanggenhua's English names are partly "
    "back-translations from Chinese (data README), so a name alone is no printing; the "
    "card archive's name is kept",
    "classic-and-pod": "zhuanggenhua's classic and pod files differ exactly as the original and the card archive's "
    "current printing do: a reprint change",
    "weak-evidence": "fabikw's rows for It's Your Fault! and Munchkin were written before those boxes came out "
    "(data README): too weak to make or refute a printing",
}


def zh_faction_id(engine_key: str, faction_ids: set[str]) -> str | None:
    """The catalogue faction id of a zhuanggenhua faction key (``frankenstein`` -> ``mad-scientists``), or None."""
    if engine_key in ZH_NOT_FACTIONS:
        return None
    if engine_key in ZH_FACTIONS:
        return ZH_FACTIONS[engine_key]
    slug = engine_key.replace("_", "-")
    for cand in (slug, "the-" + slug, slug.removeprefix("munchkin-")):
        if cand in faction_ids:
            return cand
    return None


def _types_agree(archive_type: str, zh_type: str) -> bool:
    return (
        archive_type == zh_type
        or archive_type == "other"
        or (archive_type == "fusion" and zh_type == "fusion")
    )


def _pair(
    cur: list[dict], other: list[dict], names_of
) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """Pair the archive's cards ``cur`` with another source's cards ``other`` of one faction.

    First by name (the archive's name or a known name of another printing, ``names_of(card)``); then
    by type, copies and power where exactly one card on each side fits; then by type and power (copies
    may differ) where exactly one fits; a name likeness only breaks ties between cards whose numbers
    all agree. Returns ``(pairs, unpaired_cur, unpaired_other)``.
    """
    from smashup_db.common.text import key

    pairs, rest_o = [], []
    left = list(cur)
    for o in other:
        hit = next((c for c in left if key(o["name"] or "\0") in names_of(c)), None)
        if hit is None:
            rest_o.append(o)
        else:
            left.remove(hit)
            pairs.append((hit, o))

    def fit(c, o, same_copies):
        return (
            _types_agree(c["type"], o["type"])
            and (c["copies"] == o["copies"] or not same_copies)
            and (c["power"] == o["power"] or o["type"] != "minion")
        )

    for same_copies in (True, False):
        still = []
        for o in rest_o:
            fits = [c for c in left if fit(c, o, same_copies)]
            if len(fits) > 1 and same_copies:
                ranked = sorted(fits, key=lambda c: -_likeness(c["name"], o["name"] or ""))
                if (
                    _likeness(ranked[0]["name"], o["name"] or "")
                    >= 60
                    > _likeness(ranked[1]["name"], o["name"] or "")
                ):
                    fits = ranked[:1]
            rivals = [x for x in rest_o if fits and fit(fits[0], x, same_copies)]
            if len(fits) == 1 and (same_copies or len(rivals) == 1):
                left.remove(fits[0])
                pairs.append((fits[0], o))
            else:
                still.append(o)
        rest_o = still
    return pairs, left, rest_o


def zh_card_differences(
    factions: list[dict], raw_by: dict, zh_cards: list[dict], kad_diffs: list[dict], report
) -> list[dict]:
    """Every difference between the card archive and zhuanggenhua's classic and pod files.

    ``factions``: the compiler's factions (cards corrected, with ids); ``raw_by``: ``{(faction id, sort):
    card before corrections}``; ``kad_diffs``: the archive/Kadsuno differences (their original names
    pair renamed cards). Records as :func:`differences` plus ``sources``
    (``card-archive/zhuanggenhua-classic`` or ``-pod``), ``id``, ``raw`` (the archive's value before
    corrections), ``kadsuno`` (the Kadsuno value where one is known) and ``evidence`` (file and line).
    """
    from smashup_db.common.text import key

    fac_by = {f["id"]: f for f in factions}
    other_names: dict[str, set[str]] = {}
    for d in kad_diffs:
        if d["kind"] == "card" and d.get("id") and d.get("original_name"):
            other_names.setdefault(d["id"], set()).add(key(d["original_name"]))
    groups: dict[tuple[str, str], list[dict]] = {}
    skipped: dict[str, int] = {}
    for z in zh_cards:
        if z["type"] in ("titan", "monster"):
            continue
        fid = zh_faction_id(z["faction"], set(fac_by))
        if fid is None:
            skipped[z["faction"]] = skipped.get(z["faction"], 0) + 1
            continue
        groups.setdefault((fid, z["printing"]), []).append(z)
    for k, n in sorted(skipped.items()):
        why = ZH_NOT_FACTIONS.get(k, "no catalogue faction of that name")
        report.notes.append(
            f"zhuanggenhua: {n} card row(s) of {k!r} not compared with the faction cards: {why}"
        )
    kad_by = {(d.get("id"), d["field"]): d for d in kad_diffs if d["kind"] == "card"}
    out = []
    for (fid, printing), zs in sorted(groups.items()):
        fac = fac_by[fid]
        cur = [c for c in fac["cards"] if c["type"] != "titan" and c.get("name")]
        pairs, only_cur, only_zh = _pair(
            cur, zs, lambda c: {key(c["name"])} | other_names.get(c["id"], set())
        )
        sources = f"card-archive/zhuanggenhua-{printing}"

        def rec(c, z, fld, zv, cv, raw):
            kd = kad_by.get((c["id"] if c else None, fld)) if c else None
            return {
                "kind": "card",
                "sources": sources,
                "faction": fac["en"],
                "name": c["name"] if c else None,
                "id": c["id"] if c else None,
                "original_name": z["name"] if z else None,
                "field": fld,
                "original": zv,
                "current": cv,
                "raw": raw,
                "kadsuno": (
                    kd["original"] if kd else (cv if c and fld != "only-current" else None)
                ),
                "evidence": (
                    f"zhuanggenhua/cards.tsv line {z['row']} ({z['file']})"
                    if z
                    else f"zhuanggenhua/cards.tsv ({fid} {printing}: no card pairs with it)"
                ),
            }

        for c, z in pairs:
            raw = raw_by.get((fid, c["sort"]), c)
            if (
                key(z["name"] or "") not in {key(c["name"])} | other_names.get(c["id"], set())
                and z["name"]
            ):
                out.append(rec(c, z, "name", z["name"], c["name"], raw["name"]))
            elif z["name"] and key(z["name"]) != key(c["name"]):
                out.append(rec(c, z, "name", z["name"], c["name"], raw["name"]))
            for fld in ("copies", "power"):
                if fld == "power" and c["type"] != "minion":
                    continue
                if z[fld] is None:
                    continue
                if z[fld] != c[fld] or z[fld] != raw.get(fld):
                    out.append(rec(c, z, fld, z[fld], c[fld], raw.get(fld)))
        for c in only_cur:
            out.append(rec(c, None, "only-current", None, c["copies"], c["copies"]))
        for z in only_zh:
            out.append(rec(None, z, "only-original", z["copies"], None, None))
    return out


def zh_base_differences(
    factions: list[dict], bases: list[dict], raw_bases: dict, zh_bases: list[dict], report
) -> list[dict]:
    """Differences between the card archive's bases and zhuanggenhua's (classic and pod) base stats.

    A zhuanggenhua base pairs with a catalogue base of its faction by name, else (the faction's only
    unpaired base on both sides) by position. Fields ``name``, ``breakpoint``, ``vp``. ``raw_bases``:
    ``{base id: the archive's record before corrections}``.
    """
    from smashup_db.common.text import key

    fac_ids = {f["id"] for f in factions}
    by_fac: dict[str | None, list[dict]] = {}
    for b in bases:
        by_fac.setdefault(b["faction"], []).append(b)
    out = []
    groups: dict[tuple, list[dict]] = {}
    for z in zh_bases:
        fid = zh_faction_id(z["faction"], fac_ids) if z["faction"] else None
        groups.setdefault((fid, z["printing"]), []).append(z)
    all_by_name = {key(b["en"]): b for b in bases}
    paired: dict[str, set[str]] = {}
    for (fid, printing), zs in sorted(groups.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        mine = list(by_fac.get(fid, [])) if fid else []
        rest = []
        pairs = []
        for z in zs:
            hit = next((b for b in mine if key(b["en"]) == key(z["name"])), None) or (
                all_by_name.get(key(z["name"])) if fid is None else None
            )
            if hit is None:
                rest.append(z)
            else:
                if hit in mine:
                    mine.remove(hit)
                pairs.append((hit, z))
        # Then by numbers (breakpoint and VP agree, one base each side), then by the most alike name
        # among the faction's own bases (two bases a faction: never by a name of another faction).
        for z in list(rest):
            fits = [
                b for b in mine if b["breakpoint"] == z["breakpoint"] and list(b["vp"]) == z["vp"]
            ]
            if len(fits) == 1:
                mine.remove(fits[0])
                rest.remove(z)
                pairs.append((fits[0], z))
        scored = sorted(
            (
                (_likeness(b["en"], z["name"]), i, j)
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
            pairs.append((mine[0], rest[0]))
            rest = []
        for z in rest:
            report.notes.append(
                f"zhuanggenhua: base {z['name']!r} ({z['faction'] or 'no faction'}, {printing}) "
                "pairs with no catalogue base; not compared"
            )
        for b, _z in pairs:
            paired.setdefault(b["id"], set()).add(printing)
        for b, z in pairs:
            raw = raw_bases.get(b["id"], b)
            fac = next((f["en"] for f in factions if f["id"] == b["faction"]), b["faction"] or "")
            if b["breakpoint"] is None and printing == "classic" and z["breakpoint"] is not None:
                # The card archive has no stats for this base (data README: the Marvel/Disney bases, Bastion):
                # zhuanggenhua is the only source, and for boxes without a reprint its classic file is the one
                # printing. The base takes its facts, with the evidence in its note.
                b["breakpoint"], b["vp"] = z["breakpoint"], list(z["vp"] or [None, None, None])
                b["note"] = (
                    f"breakpoint and VP from zhuanggenhua/bases.tsv line {z['row']} ({z['file']}); "
                    "the card archive has none"
                )
                report.notes.append(
                    f"zhuanggenhua: base {b['en']}: breakpoint and VP taken from "
                    f"zhuanggenhua/bases.tsv line {z['row']} (the only source)"
                )
            for fld, zv, cv, rv in (
                ("name", z["name"], b["en"], raw.get("en", b["en"])),
                ("breakpoint", z["breakpoint"], b["breakpoint"], raw.get("breakpoint")),
                ("vp", z["vp"], list(b["vp"]), raw.get("vp")),
            ):
                if zv is None:
                    continue
                archive_had = rv is not None and rv != [None, None, None]
                differs = (
                    key(zv) != key(cv)
                    if fld == "name"
                    else (zv != cv or (archive_had and zv != rv))
                )
                if differs:
                    out.append(
                        {
                            "kind": "base",
                            "sources": f"card-archive/zhuanggenhua-{printing}",
                            "faction": fac,
                            "name": b["en"],
                            "id": b["id"],
                            "original_name": z["name"],
                            "field": fld,
                            "original": zv,
                            "current": cv,
                            "raw": rv,
                            "evidence": f"zhuanggenhua/bases.tsv line {z['row']} ({z['file']})",
                        }
                    )
    for d in out:
        d["pod_seen"] = "pod" in paired.get(d["id"], set())
    return out


def fabikw_base_differences(
    bases: list[dict],
    raw_bases: dict,
    fabikw: dict,
    product_by_key: dict,
    report,
    other_names: dict | None = None,
) -> list[dict]:
    """Differences between the card archive's bases and fabikw's 2015 VP (``name``, ``vp``).

    A fabikw base pairs with a catalogue base of its product by name, else with the product's only
    base of the same VP that no other fabikw row names.
    """
    from smashup_db.common.text import key

    out = []
    by_prod: dict[str, list[dict]] = {}
    for b in bases:
        by_prod.setdefault(b["product"], []).append(b)
    named = {key(b["en"]): b for b in bases}
    by_id = {b["id"]: b for b in bases}
    for old_name, bid in (other_names or {}).items():
        named.setdefault(old_name, by_id.get(bid))
    rows_by_prod: dict[str, list[dict]] = {}
    for r in fabikw["bases"]:
        prod = product_by_key.get(key(r["product"]))
        if prod is None:
            report.notes.append(
                f"fabikw: base {r['name']!r}: product {r['product']!r} unknown; not compared"
            )
            continue
        rows_by_prod.setdefault(prod["id"], []).append(r)
    for pid, rows in rows_by_prod.items():
        mine = list(by_prod.get(pid, []))
        pairs, rest = [], []
        for r in rows:
            hit = next((b for b in mine if key(b["en"]) == key(r["name"])), None) or named.get(
                key(r["name"])
            )
            if hit is None:
                rest.append(r)
            else:
                if hit in mine:
                    mine.remove(hit)
                pairs.append((hit, r))
        for r in rest:
            fits = [b for b in mine if list(b["vp"]) == r["vp"]]
            if len(fits) == 1:
                mine.remove(fits[0])
                pairs.append((fits[0], r))
            else:
                report.notes.append(
                    f"fabikw: base {r['name']!r} ({r['product']}) pairs with no catalogue base; "
                    "not compared"
                )
        for b, r in pairs:
            raw = raw_bases.get(b["id"], b)
            for fld, fv, cv, rv in (
                ("name", r["name"], b["en"], raw.get("en", b["en"])),
                ("vp", r["vp"], list(b["vp"]), raw.get("vp")),
            ):
                differs = key(fv) != key(cv) if fld == "name" else (fv != cv or fv != rv)
                if differs:
                    out.append(
                        {
                            "kind": "base",
                            "sources": "card-archive/fabikw",
                            "faction": "",
                            "name": b["en"],
                            "id": b["id"],
                            "original_name": r["name"],
                            "field": fld,
                            "original": fv,
                            "current": cv,
                            "raw": rv,
                            "product": r["product"],
                            "evidence": f"fabikw/bases-2015.tsv line {r['row']}",
                        }
                    )
    return out


def family(d: dict) -> str:
    """The source a difference compares the card archive with: ``kadsuno``, ``zhuanggenhua`` or ``fabikw``."""
    other = d.get("sources", "card-archive/kadsuno").split("/", 1)[1]
    return other.split("-", 1)[0] if other.startswith("zhuanggenhua") else other


def _same(field: str, a, b) -> bool:
    from smashup_db.common.text import key

    if field == "name":
        return key(a or "") == key(b or "")
    return a == b


def settle(
    diffs: list[dict],
    kad_diffs: list[dict],
    curated: list[dict],
    corrections: list[dict],
    curated_bases: list[dict],
) -> list[dict]:
    """Give every zhuanggenhua or fabikw difference a ``status``, ``rule`` and ``reason`` (in place).

    In order: a correction of either source (``corrected``); a curated entry with that ``source``
    (``curated``); agreement of two sources against the third (``two-against-one``: the original
    printing where the older sources agree against the card archive, or the archive's value where only
    one source differs); zhuanggenhua's pod file (``pod-third-opinion``); a name paired by numbers
    (``back-translation``); fabikw rows of boxes released after it (``weak-evidence``). What none
    settles stays ``unresolved``. See :data:`RULES` for why each wins.
    """
    from smashup_db.common.text import key

    kad_by = {(d.get("id"), d["field"]): d for d in kad_diffs if d["kind"] == "card"}
    renamed = {key(e["name"]): e for e in curated_bases if e.get("set", {}).get("name")}
    by_thing: dict[tuple, list[dict]] = {}
    for d in diffs:
        by_thing.setdefault((d["kind"], d.get("id"), d["field"]), []).append(d)
    for d in sorted(diffs, key=lambda x: x.get("sources", "").endswith("-pod")):
        d["status"], d["rule"], d["reason"] = "unresolved", "", ""
        fam = family(d)
        # 1. a correction: the archive's raw value was wrong (fixed), or the other source's.
        for corr in corrections:
            m = corr.get("match", {})
            if corr.get("kind") != d["kind"] or d["field"] not in corr.get("set", {}):
                continue
            names = {key(str(m.get("name", "")))}
            if (
                corr.get("source") == "card-archive"
                and key(d["name"] or "") in names
                and _same(d["field"], corr["set"][d["field"]], d["original"])
                and d.get("raw") != d["current"]
            ):
                d["status"], d["rule"], d["reason"] = "corrected", "corrected", corr["reason"]
            elif (
                corr.get("source") == fam
                and (key(d.get("original_name") or "") in names or key(d["name"] or "") in names)
                and _same(d["field"], corr["set"][d["field"]], d["current"])
            ):
                d["status"], d["rule"], d["reason"] = "corrected", "corrected", corr["reason"]
                d["original"] = corr["set"][d["field"]]
            if d["status"] == "corrected":
                break
        if d["status"] != "unresolved":
            continue
        # 2. a curated review of this source.
        for entry in curated:
            if entry.get("source", "kadsuno") == fam and _matches_any(entry, d):
                d["status"], d["rule"], d["reason"] = entry["status"], "curated", entry["reason"]
                entry["_used"] = True
                break
        if d["status"] != "unresolved":
            continue
        pod = d.get("sources", "").endswith("-pod")
        kd = kad_by.get((d.get("id"), d["field"])) if d["kind"] == "card" else None
        classic = next(
            (
                x
                for x in by_thing.get((d["kind"], d.get("id"), d["field"]), [])
                if x.get("sources", "").endswith("-classic") and x is not d
            ),
            None,
        )
        fab = next(
            (
                x
                for x in by_thing.get((d["kind"], d.get("id"), d["field"]), [])
                if family(x) == "fabikw" and x is not d
            ),
            None,
        )
        # 3. two against one.
        if (
            kd
            and kd["status"] == "printing"
            and _same(d["field"], kd["original"], d["original"])
            and not pod
        ):
            d["status"], d["rule"] = "printing", "two-against-one"
            d["reason"] = (
                "zhuanggenhua classic agrees with the Kadsuno file on the original printing: "
                + kd["reason"]
            )
        elif (
            kd
            and kd["status"] in ("reviewed", "corrected")
            and _same(d["field"], kd["original"], d["original"])
        ):
            d["status"], d["rule"], d["reason"] = "reviewed", "curated", kd["reason"]
        elif (
            d["kind"] == "base"
            and d["field"] == "name"
            and not pod
            and key(d["original_name"] or "")
            in {
                key(e["set"]["name"])
                for e in renamed.values()
                if key(e["name"]) == key(d["name"] or "")
            }
        ):
            d["status"], d["rule"] = "printing", "curated"
            d["reason"] = renamed[key(d["name"])]["reason"]
        elif (
            d["kind"] == "base"
            and not pod
            and (
                (
                    fam == "zhuanggenhua"
                    and fab
                    and _same(d["field"], fab["original"], d["original"])
                )
                or (
                    fam == "fabikw"
                    and classic
                    and _same(d["field"], classic["original"], d["original"])
                )
            )
        ):
            d["status"], d["rule"] = "printing", "two-against-one"
            d["reason"] = (
                "zhuanggenhua classic and fabikw (2015) agree on the original printing against the "
                "card archive's current one"
            )
        elif pod:
            if (
                classic
                and classic["status"] == "printing"
                and _same(d["field"], classic["original"], d["original"])
            ):
                d["reason"] = (
                    "the pod file keeps the classic (original) value; the card archive gives the "
                    "current printing"
                )
            else:
                d["reason"] = (
                    "the card archive and zhuanggenhua's classic file give the current value"
                )
            d["status"], d["rule"] = "reviewed", "pod-third-opinion"
        elif fam == "zhuanggenhua" and d["field"] == "name":
            d["status"], d["rule"], d["reason"] = (
                "reviewed",
                "back-translation",
                RULES["back-translation"],
            )
        elif fam == "fabikw" and d.get("product") in ("It's Your Fault!", "Smash Up: Munchkin"):
            d["status"], d["rule"], d["reason"] = (
                "reviewed",
                "weak-evidence",
                RULES["weak-evidence"],
            )
    # 4. classic and pod: the engine's own two files differ as original and current do.
    for d in diffs:
        if (
            d["status"] != "unresolved"
            or d["kind"] != "base"
            or not d.get("sources", "").endswith("-classic")
        ):
            continue
        others = [
            x
            for x in diffs
            if x is not d
            and x.get("id") == d.get("id")
            and x["field"] == d["field"]
            and x.get("sources", "").endswith("-pod")
        ]
        has_pod_row = d.get("pod_seen")
        if has_pod_row and not others:
            d["status"], d["rule"], d["reason"] = (
                "printing",
                "classic-and-pod",
                RULES["classic-and-pod"],
            )
    return diffs


def _matches_any(entry: dict, d: dict) -> bool:
    """A curated entry of another source matches by faction (when given), name or names, and fields."""
    from smashup_db.common.text import key

    if entry.get("faction") and key(entry["faction"]) != key(d["faction"] or ""):
        return False
    names = entry.get("names") or [entry.get("name")]
    if names != ["*"] and not any(
        n and (key(n) == key(d["name"] or "") or key(n) == key(d["original_name"] or ""))
        for n in names
    ):
        return False
    if entry.get("printings") and d.get("sources", "").rsplit("-", 1)[-1] not in entry["printings"]:
        return False
    fields = entry.get("fields")
    return fields is None or d["field"] in fields


# --------------------------------------------------------------------------- components

#: The special decks (``extra_decks`` of the product table) as catalogue entries: the engine's faction key of
#: their cards in zhuanggenhua/cards.tsv, their kind, English name and the glossary term of their German name.
COMPONENTS = (
    {
        "id": "madness",
        "kind": "madness",
        "name": "Madness",
        "zh": "madness",
        "glossary": "Madness card",
    },
    {
        "id": "munchkin-monsters",
        "kind": "monster",
        "name": "Monster deck",
        "zh": "munchkin_monsters",
        "glossary": "Monster",
    },
    {
        "id": "munchkin-treasures",
        "kind": "treasure",
        "name": "Treasure deck",
        "zh": "munchkin_treasures",
        "glossary": "Treasure",
    },
)


def build_components(
    products: list[dict], zh_cards: list[dict], glossary: list[dict], report
) -> list[dict]:
    """The special decks as catalogue entries: ``[{"id", "kind", "name", "name_de", "count", "cards",
    "products", "evidence"}]``.

    ``count`` is the number of physical cards (the sum of copies in zhuanggenhua's file: Madness 1 card x 30),
    ``cards`` the number of different cards; ``products`` the boxes whose ``extra_decks`` list it (no source
    names a later box shipping Madness); ``name_de`` the German edition's term from the glossary (None when it
    has none). A deck no product lists is left out.
    """
    gl = {g["english"].strip().lower(): g for g in glossary}
    out = []
    for comp in COMPONENTS:
        prods = [p["id"] for p in products if comp["id"] in p.get("extra_decks", [])]
        if not prods:
            continue
        rows = [z for z in zh_cards if z["faction"] == comp["zh"]]
        count = sum(z["copies"] or 0 for z in rows) or None
        g = gl.get(comp["glossary"].lower())
        lines = sorted({z["row"] for z in rows})
        where = (
            (f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}")
            if lines
            else ""
        )
        evidence = (
            f"zhuanggenhua/cards.tsv {where} ({rows[0]['file']}: {len(rows)} card(s), {count} in all)"
            if rows
            else ""
        )
        if g:
            evidence += (
                f"; german/glossary-de.tsv ({g['english']} = {g['german']}, {g.get('note') or ''})"
            )
        if not rows:
            report.warnings.append(
                f"component {comp['id']}: no source gives its cards; count unknown"
            )
        out.append(
            {
                "id": comp["id"],
                "kind": comp["kind"],
                "name": comp["name"],
                "name_de": g["german"].strip() if g else None,
                "count": count,
                "cards": len(rows) or None,
                "products": prods,
                "evidence": evidence.strip("; "),
            }
        )
    return out
