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
                        cards.append({"name": m.group(2).replace("’", "'").strip(), "type": ctype,
                                      "copies": int(m.group(1)),
                                      "power": int(m.group(3)) if m.group(3) else None})
            text = " ".join(v for v in fac.values() if isinstance(v, str))
            bases = [line.lstrip("* ").strip().replace("’", "'") for line in str(fac.get("bases") or "").splitlines()
                     if line.strip()]
            out[key(fac["name"])] = {"file": path.name, "set": fac.get("expansion"), "cards": cards, "bases": bases,
                                     "titans_pack": bool(_TITANS_PACK.search(text))}
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
        scored = sorted(((((c["type"] == o["type"]) + (c["copies"] == o["copies"]) + (c["power"] == o["power"]),
                           _likeness(c["name"], o["name"])), i, j)
                         for i, c in enumerate(rest_cur) for j, o in enumerate(rest_orig)), reverse=True)
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
                    out.append({"kind": "card", "faction": fac["name"], "name": c["name"],
                                "original_name": o["name"], "field": fld, "original": a, "current": b,
                                "original_card": {"type": o["type"], "copies": o["copies"], "power": o["power"]}})
        for i, c in enumerate(rest_cur):
            if i not in used_c:
                out.append({"kind": "card", "faction": fac["name"], "name": c["name"], "original_name": None,
                            "field": "only-current", "original": None, "current": c["copies"]})
        for j, o in enumerate(rest_orig):
            if j not in used_o:
                out.append({"kind": "card", "faction": fac["name"], "name": None, "original_name": o["name"],
                            "field": "only-original", "original": o["copies"], "current": None})
    return out


def base_differences(factions: list[dict], bases: list[dict], kadsuno: dict[str, dict]) -> list[dict]:
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
            out.append({"kind": "base", "faction": fac["en"], "name": only_cur[0], "original_name": only_orig[0],
                        "field": "name", "original": only_orig[0], "current": only_cur[0]})
            continue
        out += [{"kind": "base", "faction": fac["en"], "name": n, "original_name": None, "field": "only-current",
                 "original": None, "current": n} for n in only_cur]
        out += [{"kind": "base", "faction": fac["en"], "name": None, "original_name": n, "field": "only-original",
                 "original": n, "current": None} for n in only_orig]
    return out


def _matches(entry: dict, diff: dict) -> bool:
    from smashup_db.common.text import key

    if key(entry.get("faction", "")) != key(diff["faction"]):
        return False
    names = entry.get("names") or [entry.get("name")]
    if not any(n and (key(n) == key(diff["name"] or "") or key(n) == key(diff["original_name"] or ""))
               for n in names):
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
            if (key(str(match.get("faction", ""))) == key(d["faction"])
                    and key(str(match.get("name", ""))) == key(d["name"] or "")
                    and d["field"] in corr.get("set", {})):
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
    for list_key, needed in (("differences", ("faction", "status", "reason")),
                             ("bases", ("name", "printing", "reason", "evidence")),
                             ("base_products", ("name", "product", "printing", "reason", "evidence"))):
        if not isinstance(doc.get(list_key), list):
            raise src.SourceError(N_("field '{list_key}' must be a list"), prefix=path, list_key=list_key)
        for i, entry in enumerate(doc[list_key]):
            for f in needed:
                if f not in entry:
                    raise src.SourceError(N_("{list_key}[{i}]: field '{f}' is missing"), prefix=path, list_key=list_key, i=i, f=f)
            if entry.get("status", "printing") not in ("printing", "reviewed"):
                raise src.SourceError(N_("{list_key}[{i}].status: must be printing or reviewed"), prefix=path, list_key=list_key, i=i)
            if entry.get("printing", "original") not in PRINTINGS:
                raise src.SourceError(N_("{list_key}[{i}].printing: must be one of {printings}"), prefix=path, list_key=list_key, i=i, printings=', '.join(PRINTINGS))
    return doc


def _card_row(card: dict, product: str, printing: str, **facts) -> dict:
    row = {"kind": "card", "id": card["id"], "product": product, "printing": printing, "name": card["name"],
           "type": card["type"], "copies": card["copies"], "power": card["power"],
           "breakpoint": None, "vp": [None, None, None], "unknown": [], "reason": "", "evidence": ""}
    row.update(facts)
    return row


def _base_row(base: dict, product: str, printing: str, **facts) -> dict:
    row = {"kind": "base", "id": base["id"], "product": product, "printing": printing, "name": base["en"],
           "type": "base", "copies": 1, "power": None, "breakpoint": base["breakpoint"], "vp": list(base["vp"]),
           "unknown": [], "reason": "", "evidence": ""}
    row.update(facts)
    return row


def build_printings(products, factions, bases, raw_factions, kad_cards, editions_de, curated, corrections,
                    product_by_key, report) -> tuple[list[dict], list[dict]]:
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
            raise CompileError(N_("editions-de: product {name!r} is not in the product table"), name=ed['english_product'])
        prod["german"] = {"title": ed["german_title"].strip(), "release": ed["german_release"].strip() or None,
                          "evidence": ed["evidence"].strip()}
    rows: list[dict] = []
    # Titans: their own box from Big in Japan on, else the TITANS Event Kit packs.
    first_box = by_id[FIRST_TITAN_BOX]["sort"]
    home = {f["id"]: f["home"]["id"] for f in factions}
    for fac in factions:
        kf = kad_cards.get(key(fac["en"]), {})
        for card in fac["cards"]:
            if card["type"] != "titan":
                continue
            card["power"] = None  # titans have no power (the archive took "power N or less" from the text)
            own = by_id[home[fac["id"]]]
            if own["sort"] >= first_box:
                card["product"], why = own["id"], f"sold in {own['en']}, which has titans in its box"
            else:
                card["product"] = TITANS_PACK
                why = ("kadsuno-factions/" + kf["file"] + " names the TITANS Event Kit pack" if kf.get("titans_pack")
                       else f"{own['en']} predates titans (first in Big in Japan); the only other titan "
                            "products are the TITANS Event Kit packs")
            rows.append(_card_row(card, card["product"], "current", reason=why,
                                  evidence="shared/data/README.md (titans)"))
    # Cards: original (Kadsuno) against current (archive).
    diffs = classify(differences(raw_factions, kad_cards) + base_differences(factions, bases, kad_cards),
                     curated["differences"], corrections)
    cards_by = {(key(f["en"]), key(c["name"] or "")): c for f in factions for c in f["cards"]}
    bases_by_name = {key(b["en"]): b for b in bases}
    renamed = {key(e["name"]): e for e in curated["bases"] if e.get("set", {}).get("name")}
    used = set()
    for d in diffs:
        if d["kind"] == "base":
            base = bases_by_name.get(key(d["name"] or ""))
            d["id"] = base["id"] if base else None
            e = renamed.get(key(d["name"] or ""))
            if d["status"] == "unresolved" and e and key(e["set"]["name"]) == key(d["original_name"] or ""):
                d["status"], d["reason"] = "printing", e["reason"]
            continue
        card = cards_by.get((key(d["faction"]), key(d["name"] or "")))
        d["id"] = card["id"] if card else None
    for entry in curated["differences"]:
        if not any(_matches(entry, d) for d in diffs):
            raise CompileError(N_("curated/printings.json: {faction} {name} matches no difference: remove or update it"), faction=entry.get('faction'), name=entry.get('name') or entry.get('names'))
    for d in diffs:
        if d["kind"] != "card" or d["status"] != "printing" or d["id"] is None or d["id"] in used:
            continue
        used.add(d["id"])
        card = next(c for f in factions for c in f["cards"] if c["id"] == d["id"])
        mine = [x for x in diffs if x["kind"] == "card" and x["id"] == d["id"] and x["status"] == "printing"]
        orig = {**mine[0]["original_card"],
                **{x["field"]: x["original"] for x in mine if x["field"] in CARD_FIELDS}}
        fac_id = card["faction"]
        kf = kad_cards.get(key(d["faction"]), {})
        product = product_by_key.get(key(kf.get("set") or ""), by_id[home[fac_id]])["id"]
        reason = "; ".join(dict.fromkeys(x["reason"] for x in mine))
        rows.append(_card_row(card, product, "original", **orig, reason=reason,
                              evidence=f"kadsuno-factions/{kf.get('file')}"))
        rows.append(_card_row(card, home[fac_id], "current", reason=reason,
                              evidence="card-archive/smashup-catalog.json"))
    # Bases: printings from curated evidence (no source has the original base stats).
    base_by = {key(b["en"]): b for b in bases}
    for entry in curated["bases"]:
        b = base_by.get(key(entry["name"]))
        if b is None:
            raise CompileError(N_("curated/printings.json: base {entry!r} is not in the catalogue"), entry=entry['name'])
        facts = dict(entry.get("set", {}))
        unknown = list(entry.get("unknown", []))
        for f in unknown:
            facts[f] = [None, None, None] if f == "vp" else None
        rows.append(_base_row(b, b["product"], entry["printing"], **facts, unknown=unknown,
                              reason=entry["reason"], evidence=entry["evidence"]))
        if not any(r["kind"] == "base" and r["id"] == b["id"] and r["printing"] == "current" for r in rows):
            rows.append(_base_row(b, b["product"], "current", reason="current printing (card archive)",
                                  evidence="card-archive/smashup-bases.json"))
    for entry in curated["base_products"]:
        b = base_by.get(key(entry["name"]))
        if b is None or entry["product"] not in by_id:
            raise CompileError(N_("curated/printings.json: base_products {entry!r}/{entry2!r} unknown"), entry=entry['name'], entry2=entry['product'])
        unknown = list(entry.get("unknown", []))
        facts = {f: ([None, None, None] if f == "vp" else None) for f in unknown}
        rows.append(_base_row(b, entry["product"], entry["printing"], **facts, unknown=unknown,
                              reason=entry["reason"], evidence=entry["evidence"]))
        if not any(r["kind"] == "base" and r["id"] == b["id"] and r["product"] == b["product"] for r in rows):
            rows.append(_base_row(b, b["product"], "current", reason="current printing (card archive)",
                                  evidence="card-archive/smashup-bases.json"))
    rows.sort(key=lambda r: (r["kind"], r["id"], by_id[r["product"]]["sort"] if r["product"] in by_id else 999,
                             PRINTINGS.index(r["printing"])))
    for d in diffs:
        if d["status"] == "unresolved":
            report.warnings.append(Message(N_("printing difference unresolved: {faction} {name} {field}: original "
                                              "{original!r}, current {current!r}"), faction=d["faction"],
                                           name=d["name"] or d["original_name"], field=d["field"],
                                           original=d["original"], current=d["current"]))
    return rows, diffs
