"""Printings: the original, current and German printings of cards and bases, from the differences.

A *printing* is one product's version of a card or base (``data/printings.json``). The card archive
holds the current (reprinted) versions; Kadsuno's faction files, the zhuanggenhua engine's classic
file and fabikw's 2015 tables the original ones (shared/data/README.md). This module

* finds the differences between the card archive and each other source (the adapters in
  :mod:`.sources` compare; each difference is a :class:`~.difference.Difference`);
* settles them by the ordered rules of :mod:`.settle` (``printing``: a real difference between
  printings, kept in the printings table; ``corrected``, ``reviewed`` or ``unresolved``);
* makes the printing rows: titans' products, the original and current rows of the cards and bases
  settled as printings, and the base printings ``curated/printings.json`` gives.

Nothing it is given is changed: what the catalogue takes from the printings (titans' products, base
stats only the engine has) comes back in :class:`Printings` for the compiler to apply.
Errors: :class:`~.compile_errors.CompileError` for curated entries that match nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from smashup_db.common.text import key
from smashup_db.compiler.compile_errors import CompileError, SourceError
from smashup_db.compiler.difference import (
    CARD_FIELDS,
    Difference,
    matches_kadsuno_entry,
    same_value,
)
from smashup_db.compiler.settle import (
    KADSUNO_RULES,
    OTHER_SOURCE_RULES,
    RULES,
    Evidence,
    Tally,
    by_majority,
    classic_and_pod,
    settle,
)
from smashup_db.compiler.sources import game_engine, randomizer, scoring_tool
from smashup_db.compiler.sources.readers import load_json
from smashup_db.errors import Message
from smashup_db.i18n import N_

__all__ = ["PRINTINGS", "RULES", "PrintingInputs", "PrintingRow", "Printings", "build_printings"]

PRINTINGS = ("original", "current", "german")
NO_VP = [None, None, None]
_LISTS = (
    ("differences", ("faction", "status", "reason")),
    ("bases", ("name", "printing", "reason", "evidence")),
    ("base_products", ("name", "product", "printing", "reason", "evidence")),
    ("weak_evidence", ("source", "products", "reason", "evidence")),
)


def _check_entry(entry: dict, needed: tuple, path: Path, list_key: str, i: int) -> None:
    where = {"prefix": path, "list_key": list_key, "i": i}
    for f in needed:
        if f not in entry:
            raise SourceError(N_("{list_key}[{i}]: field '{f}' is missing"), f=f, **where)
    if entry.get("status", "printing") not in ("printing", "reviewed"):
        raise SourceError(N_("{list_key}[{i}].status: must be printing or reviewed"), **where)
    if entry.get("printing", "original") not in PRINTINGS:
        raise SourceError(
            N_("{list_key}[{i}].printing: must be one of {printings}"),
            printings=", ".join(PRINTINGS),
            **where,
        )


def load_curated_printings(data_dir: Path) -> dict:
    """Read ``data/curated/printings.json``: ``{"titans": {"pack", "pack_name", "first_box", ...},
    "differences", "bases", "base_products", "weak_evidence"}`` (lists of entries, each checked)."""
    path = Path(data_dir) / "curated" / "printings.json"
    doc = load_json(path)
    for list_key, needed in _LISTS:
        if not isinstance(doc.get(list_key), list):
            raise SourceError(
                N_("field '{list_key}' must be a list"), prefix=path, list_key=list_key
            )
        for i, entry in enumerate(doc[list_key]):
            _check_entry(entry, needed, path, list_key, i)
    titans = doc.get("titans")
    for f in ("pack", "pack_name", "first_box", "evidence"):
        if not isinstance(titans, dict) or f not in titans:
            raise SourceError(
                N_("{where}: field '{field}' is missing"), prefix=path, where="titans", field=f
            )
    return doc


@dataclass(frozen=True)
class PrintingInputs:
    """What :func:`build_printings` compares; none of it is changed.

    ``products``, ``factions`` (with ``cards``, ``home``), ``bases`` (with ``raw``): the compiler's
    records, corrected; ``raw_factions``: the card archive's factions before corrections;
    ``decks``: :func:`.sources.randomizer.read_original_decks`; ``curated``:
    :func:`load_curated_printings`; ``corrections``: ``curated/corrections.json``;
    ``product_by_key``: products by folded name or alias; ``engine``, ``scoring_tool``: the read
    zhuanggenhua and fabikw tables (None: not compared).
    """

    products: list[dict]
    factions: list[dict]
    bases: list[dict]
    raw_factions: list[dict]
    decks: dict[str, dict]
    curated: dict
    corrections: list[dict]
    product_by_key: dict[str, dict]
    engine: dict | None = None
    scoring_tool: dict | None = None


@dataclass
class Printings:
    """What :func:`build_printings` found.

    ``rows``: as in ``data/printings.json`` (``kind``, ``id``, ``product``, ``printing``, facts,
    ``unknown`` fields, ``reason``, ``evidence``), sorted; ``differences``: every difference,
    settled; ``titans``: ``{card id: product id}`` (titans have no power); ``base_stats``: ``{base
    id: {"breakpoint", "vp", "note"}}`` for bases only the engine gives stats for; ``notes``,
    ``warnings`` and ``by_source`` for the compile report.
    """

    rows: list[PrintingRow] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    titans: dict[str, str] = field(default_factory=dict)
    #: ``{card id: {field: value, "note": ""}}``: what a majority of the sources decides (:func:`.settle.by_majority`).
    decided: dict[str, dict] = field(default_factory=dict)
    base_stats: dict[str, dict] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    warnings: list = field(default_factory=list)
    by_source: dict = field(default_factory=dict)


# --------------------------------------------------------------------------- rows


@dataclass
class PrintingRow:
    """One product's printing of a card or base (a row of ``data/printings.json``).

    ``kind``: ``card`` or ``base``; ``id``: the catalogue's id; ``product``: the product id;
    ``printing``: ``original``, ``current`` or ``german``; the facts of that printing (``name``,
    ``type``, ``copies``, ``power``, ``breakpoint``, ``vp`` as ``[1st, 2nd, 3rd]``); ``unknown``:
    the facts no source gives (stored as None); ``reason`` and ``evidence``: why and where from.
    """

    kind: str
    id: str
    product: str
    printing: str
    name: str | None
    type: str
    copies: int | None
    power: int | None
    breakpoint: int | None
    vp: list
    unknown: list[str] = field(default_factory=list)
    reason: str = ""
    evidence: str = ""

    def as_record(self) -> dict:
        """The record written to ``data/printings.json`` (keys in field order)."""
        return dataclasses.asdict(self)


def card_row(card: dict, product: str, printing: str, **facts) -> PrintingRow:
    """A card's printing row: the card's facts, ``facts`` over them."""
    row = PrintingRow(
        "card",
        card["id"],
        product,
        printing,
        card["name"],
        card["type"],
        card["copies"],
        card["power"],
        None,
        list(NO_VP),
    )
    return dataclasses.replace(row, **facts)


def base_row(base: dict, product: str, printing: str, **facts) -> PrintingRow:
    """A base's printing row: the base's facts, ``facts`` over them."""
    row = PrintingRow(
        "base",
        base["id"],
        product,
        printing,
        base["en"],
        "base",
        1,
        None,
        base["breakpoint"],
        list(base["vp"]),
    )
    return dataclasses.replace(row, **facts)


def _current_base_row(b: dict) -> PrintingRow:
    return base_row(
        b,
        b["product"],
        "current",
        reason="current printing (card archive)",
        evidence="card-archive/smashup-bases.json",
    )


def _find_row(rows: list[PrintingRow], kind: str, ident: str, **match) -> PrintingRow | None:
    """The first row of that ``kind`` and ``id`` whose fields equal ``match``, or None."""
    return next(
        (
            r
            for r in rows
            if r.kind == kind
            and r.id == ident
            and all(getattr(r, k) == v for k, v in match.items())
        ),
        None,
    )


def _by_id(diffs: list[Difference], accept) -> dict[str, list[Difference]]:
    """The differences ``accept`` takes that have an id, grouped by id (ids in first-seen order)."""
    out: dict[str, list[Difference]] = {}
    for d in diffs:
        if d.id and accept(d):
            out.setdefault(d.id, []).append(d)
    return out


def _joined(values) -> str:
    return "; ".join(dict.fromkeys(values))


def titan_rows(inp: PrintingInputs) -> tuple[list[PrintingRow], dict[str, str]]:
    """The titans' printing rows and ``{card id: product id}``: a titan is sold in its faction's box
    from ``titans.first_box`` on, else in ``titans.pack`` (``curated/printings.json``)."""
    titans = inp.curated["titans"]
    by_id = {p["id"]: p for p in inp.products}
    first = by_id[titans["first_box"]]
    rows: list[PrintingRow] = []
    products: dict[str, str] = {}
    for fac in inp.factions:
        deck = inp.decks.get(key(fac["en"]), {})
        own = by_id[fac["home"]["id"]]
        for card in (c for c in fac["cards"] if c["type"] == "titan"):
            if own["sort"] >= first["sort"]:
                product, why = own["id"], f"sold in {own['en']}, which has titans in its box"
            elif deck.get("titans_pack"):
                product = titans["pack"]
                why = "kadsuno-factions/" + deck["file"] + " names the TITANS Event Kit pack"
            else:
                product = titans["pack"]
                why = (
                    f"{own['en']} predates titans (first in {first['en']}); the only other titan "
                    f"products are {titans['pack_name']}"
                )
            products[card["id"]] = product
            rows.append(
                card_row(
                    card, product, "current", power=None, reason=why, evidence=titans["evidence"]
                )
            )
    return rows, products


def _kadsuno_card_rows(inp: PrintingInputs, diffs: list[Difference]) -> list[PrintingRow]:
    """Original and current rows of the cards whose Kadsuno differences are printings."""
    cards = {c["id"]: (f, c) for f in inp.factions for c in f["cards"]}
    rows: list[PrintingRow] = []
    chosen = _by_id(diffs, lambda d: d.kind == "card" and d.status == "printing")
    for cid, mine in chosen.items():
        fac, card = cards[cid]
        orig = {
            **(mine[0].original_card or {}),
            **{d.field: d.original for d in mine if d.field in CARD_FIELDS},
        }
        deck = inp.decks.get(key(mine[0].faction), {})
        product = inp.product_by_key.get(key(deck.get("set") or ""), fac["home"])["id"]
        reason = _joined(d.reason for d in mine)
        evidence = f"kadsuno-factions/{deck.get('file')}"
        rows.append(card_row(card, product, "original", **orig, reason=reason, evidence=evidence))
        rows.append(
            card_row(
                card,
                fac["home"]["id"],
                "current",
                reason=reason,
                evidence="card-archive/smashup-catalog.json",
            )
        )
    return rows


def _engine_printing_card(d: Difference) -> bool:
    return d.kind == "card" and d.status == "printing" and d.is_classic and d.field in CARD_FIELDS


def _engine_card_rows(
    inp: PrintingInputs, extra: list[Difference], rows: list[PrintingRow]
) -> list[str]:
    """Original card rows from the engine's classic differences settled as printings, merged into
    Kadsuno's (its evidence added; a value the two give differently is reported). Returns warnings."""
    cards = {c["id"]: (f, c) for f in inp.factions for c in f["cards"]}
    chosen = _by_id(extra, _engine_printing_card)
    warnings = []
    for cid in sorted(chosen):
        mine = chosen[cid]
        fac, card = cards[cid]
        evidence = _joined(d.evidence for d in mine)
        row = _find_row(rows, "card", cid, printing="original")
        if row is not None:
            warnings += [
                f"printing: {card['name']} {d.field}: Kadsuno {getattr(row, d.field)!r}, "
                f"zhuanggenhua classic {d.original!r}; the Kadsuno value is kept"
                for d in mine
                if not same_value(d.field, getattr(row, d.field), d.original)
            ]
            row.evidence += f"; {evidence} (agrees)"
            continue
        facts = {d.field: d.original for d in mine}
        reason = _joined(d.reason for d in mine)
        home = fac["home"]["id"]
        rows.append(card_row(card, home, "original", **facts, reason=reason, evidence=evidence))
        rows.append(
            card_row(
                card, home, "current", reason=reason, evidence="card-archive/smashup-catalog.json"
            )
        )
    return warnings


def _unknown_facts(entry: dict) -> tuple[list[str], dict]:
    unknown = list(entry.get("unknown", []))
    return unknown, {f: (list(NO_VP) if f == "vp" else None) for f in unknown}


def curated_base_rows(inp: PrintingInputs, bases: list[dict], rows: list[PrintingRow]) -> None:
    """Add the base printings of ``curated/printings.json`` (``bases``, ``base_products``) to ``rows``,
    each with the base's current row where it has none yet."""
    base_by = {key(b["en"]): b for b in bases}
    for entry in inp.curated["bases"]:
        b = base_by.get(key(entry["name"]))
        if b is None:
            raise CompileError(
                N_("curated/printings.json: base {entry!r} is not in the catalogue"),
                entry=entry["name"],
            )
        unknown, blanks = _unknown_facts(entry)
        facts = dict(entry.get("set", {})) | blanks
        rows.append(
            base_row(
                b,
                b["product"],
                entry["printing"],
                **facts,
                unknown=unknown,
                reason=entry["reason"],
                evidence=entry["evidence"],
            )
        )
        if not _find_row(rows, "base", b["id"], printing="current"):
            rows.append(_current_base_row(b))
    products = {p["id"] for p in inp.products}
    for entry in inp.curated["base_products"]:
        b = base_by.get(key(entry["name"]))
        if b is None or entry["product"] not in products:
            raise CompileError(
                N_("curated/printings.json: base_products {entry!r}/{entry2!r} unknown"),
                entry=entry["name"],
                entry2=entry["product"],
            )
        unknown, facts = _unknown_facts(entry)
        rows.append(
            base_row(
                b,
                entry["product"],
                entry["printing"],
                **facts,
                unknown=unknown,
                reason=entry["reason"],
                evidence=entry["evidence"],
            )
        )
        if not _find_row(rows, "base", b["id"], product=b["product"]):
            rows.append(_current_base_row(b))


#: How a reason names the source of a difference (by :attr:`Difference.sources`).
SOURCE_WORDS = {
    "card-archive/zhuanggenhua-classic": "zhuanggenhua classic",
    "card-archive/zhuanggenhua-pod": "zhuanggenhua pod",
    "card-archive/fabikw": "fabikw (2015)",
    "card-archive/kadsuno": "Kadsuno",
}


def fact_words(fld: str, value) -> str:
    """A fact as a reason writes it: ``breakpoint 20``, ``VP 5/3/2``, ``power 4``."""
    if fld == "vp":
        return "VP " + "/".join("?" if v is None else str(v) for v in value)
    return f"{fld} {value}"


def filled_reason(reason: str, row: PrintingRow, filled: dict[str, list[Difference]]) -> str:
    """The reason of a curated row whose unknown facts the sources filled, written from the numbers it
    now holds: the curated reason without its "no source gives ..." clause, then each filled fact with the sources that give
    it, then what is still unknown (Mushroom Kingdom's original printing: "breakpoint 20 from
    zhuanggenhua classic; VP 5/3/2 from zhuanggenhua classic, fabikw (2015)")."""
    parts = [c.strip() for c in reason.split(";") if not c.strip().startswith("no source gives")]
    for fld, diffs in filled.items():
        who = ", ".join(dict.fromkeys(SOURCE_WORDS.get(d.sources, d.sources) for d in diffs))
        parts.append(f"{fact_words(fld, getattr(row, fld))} from {who}")
    if row.unknown:
        parts.append("no source gives its " + " and ".join(row.unknown))
    return "; ".join(parts)


def _fill_curated_row(
    row: PrintingRow, facts: dict, name: str, mine: list[Difference] = ()
) -> list[str]:
    """Fill a curated original row's unknown facts from the sources (its reason then written from the
    numbers, :func:`filled_reason`); report a fact they give otherwise."""
    warnings = []
    filled: dict[str, list[Difference]] = {}
    for fld, value in facts.items():
        if fld in row.unknown:
            setattr(row, fld, value)
            row.unknown.remove(fld)
            filled[fld] = [d for d in mine if d.field == fld and same_value(fld, d.original, value)]
        elif not same_value(fld, getattr(row, fld), value):
            warnings.append(
                f"printing: base {name} {fld}: curated {getattr(row, fld)!r}, sources {value!r};"
                " the curated value is kept"
            )
    if filled:
        row.reason = filled_reason(row.reason, row, filled)
    return warnings


def _source_base_rows(
    extra: list[Difference], bases: list[dict], rows: list[PrintingRow]
) -> list[str]:
    """Original base rows from the engine's classic and fabikw differences settled as printings.

    A curated original row gets its unknown facts filled from the sources and their evidence
    appended; a fact the sources give differently is reported. Returns warnings.
    """
    base_by_id = {b["id"]: b for b in bases}
    chosen = _by_id(extra, lambda d: d.kind == "base" and d.status == "printing" and not d.is_pod)
    warnings: list[str] = []
    for bid in sorted(chosen):
        mine = chosen[bid]
        b = base_by_id[bid]
        facts: dict = {}
        for d in sorted(mine, key=lambda x: x.family != "zhuanggenhua"):
            facts.setdefault(d.field, d.original)
        evidence = _joined(d.evidence for d in mine)
        row = _find_row(rows, "base", bid, printing="original", product=b["product"])
        if row is not None:
            warnings += _fill_curated_row(row, facts, b["en"], mine)
            row.evidence += f"; {evidence}"
            continue
        reason = _joined(d.reason for d in mine)
        rows.append(
            base_row(b, b["product"], "original", **facts, reason=reason, evidence=evidence)
        )
        if not _find_row(rows, "base", bid, printing="current"):
            rows.append(_current_base_row(b))
    return warnings


def _majority_rows(inp: PrintingInputs, decided: list[Tally], out: Printings) -> None:
    """Apply the majority's decisions: ``out.decided`` for the compiler, the value in the card's printing
    rows, or (a card without them) a current row per product of its faction carrying the votes as
    reason and their files as evidence; one report note per decision."""
    cards = {c["id"]: (f, c) for f in inp.factions for c in f["cards"]}
    for t in decided:
        fac, card = cards[t.id]
        out.decided.setdefault(t.id, {"note": ""})[t.field] = t.value
        reason = f"the majority decides {t.field} {t.value!r}: {t.worded()}"
        out.notes.append(f"majority, {t.field} of {card['name']}: {t.worded()}")
        mine = [r for r in out.rows if r.kind == "card" and r.id == t.id]
        for r in mine:
            if r.printing == "current" or same_value(
                t.field, getattr(r, t.field), t.votes["card archive"]
            ):
                setattr(r, t.field, t.value)
        if mine:
            continue
        for p in inp.products:
            if fac["id"] in p["factions"]:
                row = card_row(
                    card, p["id"], "current", reason=reason, evidence="; ".join(t.evidence)
                )
                out.rows.append(dataclasses.replace(row, **{t.field: t.value}))


# --------------------------------------------------------------------------- differences


def _with_ids(diffs: list[Difference], factions: list[dict], bases: list[dict]) -> list[Difference]:
    """The Kadsuno differences with the catalogue ``id`` of their card or base (None: no such one)."""
    cards = {(key(f["en"]), key(c["name"] or "")): c for f in factions for c in f["cards"]}
    base_by = {key(b["en"]): b for b in bases}
    out = []
    for d in diffs:
        if d.kind == "base":
            thing = base_by.get(key(d.name or ""))
        else:
            thing = cards.get((key(d.faction), key(d.name or "")))
        out.append(dataclasses.replace(d, id=thing["id"] if thing else None))
    return out


def _evidence(inp: PrintingInputs) -> Evidence:
    renamed = {key(e["name"]): e for e in inp.curated["bases"] if e.get("set", {}).get("name")}
    weak: dict[str, set[str]] = {}
    for entry in inp.curated["weak_evidence"]:
        names = {k for k, p in inp.product_by_key.items() if p["id"] in entry["products"]}
        weak.setdefault(entry["source"], set()).update(names)
    return Evidence(inp.corrections, inp.curated["differences"], renamed, weak_products=weak)


def kadsuno_differences(inp: PrintingInputs, ev: Evidence) -> list[Difference]:
    """The card archive against Kadsuno's files, with ids, settled by :data:`.settle.KADSUNO_RULES`.

    Raises :class:`CompileError` for a Kadsuno entry of ``curated/printings.json`` that matches none.
    """
    found = randomizer.compare_cards(inp.raw_factions, inp.decks)
    found += randomizer.compare_bases(inp.factions, inp.bases, inp.decks)
    diffs, _used = settle(_with_ids(found, inp.factions, inp.bases), KADSUNO_RULES, ev)
    for entry in inp.curated["differences"]:
        if entry.get("source", "kadsuno") != "kadsuno":
            continue
        if not any(matches_kadsuno_entry(entry, d) for d in diffs):
            raise CompileError(
                N_(
                    "curated/printings.json: {faction} {name} matches no difference: remove or update it"
                ),
                faction=entry.get("faction"),
                name=entry.get("name") or entry.get("names"),
            )
    return diffs


def _raw_cards(inp: PrintingInputs) -> dict:
    """``{(faction id, sort): the archive's card before corrections}``."""
    raw_by_name = {f["name"]: f for f in inp.raw_factions}
    out = {}
    for f in inp.factions:
        rf = raw_by_name.get(f["en"])
        for c in f["cards"]:
            if rf and c.get("sort") is not None and c["sort"] < len(rf["cards"]):
                out[(f["id"], c["sort"])] = rf["cards"][c["sort"]]
    return out


def other_source_differences(
    inp: PrintingInputs, kadsuno: list[Difference], ev: Evidence, out: Printings
) -> tuple[list[Difference], list[dict]]:
    """The engine's and fabikw's differences, settled by :data:`.settle.OTHER_SOURCE_RULES`, and the
    bases with the stats only the engine gives (``out.base_stats``, ``out.notes`` filled)."""
    found: list[Difference] = []
    bases = inp.bases
    if inp.engine is not None:
        cards, notes = game_engine.compare_cards(
            inp.factions, _raw_cards(inp), inp.engine["cards"], kadsuno
        )
        base_diffs, out.base_stats, more = game_engine.compare_bases(
            inp.factions, inp.bases, inp.engine["bases"]
        )
        found += cards + base_diffs
        out.notes += notes + more
        bases = [b | out.base_stats.get(b["id"], {}) for b in inp.bases]
    if inp.scoring_tool is not None:
        base_ids = {key(b["en"]): b["id"] for b in bases}
        renamed = {
            key(e["set"]["name"]): base_ids.get(key(e["name"]))
            for e in inp.curated["bases"]
            if e.get("set", {}).get("name")
        }
        diffs, notes = scoring_tool.compare_bases(
            bases, inp.scoring_tool, inp.product_by_key, renamed
        )
        found += diffs
        out.notes += notes
    ev = dataclasses.replace(ev, kadsuno={(d.id, d.field): d for d in kadsuno if d.kind == "card"})
    settled, used = settle(found, OTHER_SOURCE_RULES, ev, last=classic_and_pod)
    for i, entry in enumerate(inp.curated["differences"]):
        if entry.get("source", "kadsuno") != "kadsuno" and i not in used:
            raise CompileError(
                f"curated/printings.json: {entry.get('source')} {entry.get('faction')} "
                f"{entry.get('name') or entry.get('names')} matches no difference: remove or update it"
            )
    return settled, bases


def by_source(diffs: list[Difference]) -> dict:
    """Per compared pair of sources, how many differences and how each was settled:
    ``{sources: {"found": n, "settled": {"status (rule)": n}}}``, sorted."""
    out: dict[str, dict] = {}
    for d in diffs:
        s = out.setdefault(d.sources, {"found": 0, "settled": {}})
        s["found"] += 1
        how = d.status if d.status == "unresolved" else f"{d.status} ({d.rule or 'curated'})"
        s["settled"][how] = s["settled"].get(how, 0) + 1
    return {
        k: {"found": v["found"], "settled": dict(sorted(v["settled"].items()))}
        for k, v in sorted(out.items())
    }


def _unresolved_warning(d: Difference) -> Message:
    return Message(
        N_(
            "printing difference unresolved ({sources}): {faction} {name} {field}: "
            "other {original!r}, card archive {current!r}"
        ),
        sources=d.sources,
        faction=d.faction,
        name=d.name or d.original_name,
        field=d.field,
        original=d.original,
        current=d.current,
    )


def build_printings(inp: PrintingInputs) -> Printings:
    """The printing rows and the settled differences of ``inp`` (see :class:`Printings`).

    In order: the titans; Kadsuno's differences and the original rows of their printings; the
    engine's and fabikw's differences and theirs; the curated base printings. Raises
    :class:`CompileError` for curated entries that match nothing.
    """
    out = Printings()
    out.rows, out.titans = titan_rows(inp)
    ev = _evidence(inp)
    kadsuno = kadsuno_differences(inp, ev)
    out.rows += _kadsuno_card_rows(inp, kadsuno)
    extra, bases = other_source_differences(inp, kadsuno, ev, out)
    out.warnings += _engine_card_rows(inp, extra, out.rows)
    curated_base_rows(inp, bases, out.rows)
    out.warnings += _source_base_rows(extra, bases, out.rows)
    out.differences, decided, split = by_majority(kadsuno + extra)
    _majority_rows(inp, decided, out)
    out.notes += [f"left unknown, {t.field} of {t.id}: {t.worded()}" for t in split]
    out.by_source = by_source(out.differences)
    sort = {p["id"]: p["sort"] for p in inp.products}
    out.rows.sort(
        key=lambda r: (
            r.kind,
            r.id,
            sort.get(r.product, 999),
            PRINTINGS.index(r.printing),
        )
    )
    out.warnings += [_unresolved_warning(d) for d in out.differences if d.status == "unresolved"]
    return out
