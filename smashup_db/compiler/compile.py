"""Compile the public sources into the project's ``data/`` files.

``compile_catalogue(sources, data_dir)`` is what ``smashup data compile`` runs.
The output is deterministic: the same sources give byte-identical files
(sorted keys where order is not meaningful, fixed order elsewhere, no dates
other than the sources' own).

Files written (all generated; never edit them by hand):

* ``data/products/<product>.json``: the product, its faction ids and its bases;
* ``data/factions/<faction>.json``: the faction and its cards (facts only);
* ``data/i18n/de.tsv``: German names with confidence and evidence;
* ``data/glossary.tsv``: game terms English -> German;
* ``data/catalogue.json``: version (a hash of the other files), counts, sources.

Hand-written inputs live in ``data/curated/`` (product table, corrections).
Errors: :class:`~smashup_db.compiler.compile_errors.SourceError` for unreadable
sources, :class:`CompileError` for facts that cannot be reconciled.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from smashup_db.common.text import key, slugify
from smashup_db.compiler.compile_errors import CompileError, SourceError
from smashup_db.compiler.components import build_components
from smashup_db.compiler.printdiff import PrintingInputs, build_printings, load_curated_printings
from smashup_db.compiler.sources import (
    archive,
    drafter,
    game_engine,
    german,
    randomizer,
    scoring_tool,
)
from smashup_db.compiler.sources.readers import load_json
from smashup_db.errors import Message, UserError
from smashup_db.i18n import N_

GENERATED = (
    "products",
    "factions",
    "i18n",
    "glossary.tsv",
    "printings.json",
    "aliases.tsv",
    "components.json",
    "catalogue.json",
)
SOURCE_VERSIONS = [
    {
        "name": "card-archive",
        "repository": "906919303-crypto/smash-up-card-archive",
        "commit": "58fa7e7432874b3c0f3727289e399445754eb383",
        "retrieved": "2026-07-26",
    },
    {
        "name": "kadsuno-factions",
        "repository": "Kadsuno/smash-up-randomizer",
        "commit": "40b207c1938a01a3b09461c832e337f01e9b0c99",
    },
    {
        "name": "pinkepop",
        "repository": "PinkePop/smashup-drafter",
        "commit": "9fc6b9c8c0411a51526c7e88c3f7ce26466d7792",
    },
    {
        "name": "zhuanggenhua",
        "repository": "zhuanggenhua/BoardGame",
        "commit": "939e96e9bee213d1924e9f60b1c31770be6cd048 (cards.ts; faction files: see zhuanggenhua/cards.tsv)",
    },
    {
        "name": "fabikw",
        "repository": "fabikw/Smash-UP",
        "commit": "0ee94c2311a90f1fac3865f7a9bf066280e58952",
    },
    {"name": "names-de", "compiled": "2026-12-01"},
]
CATALOGUE_DATE = "2026-11-30"


@dataclass
class Report:
    """What the compiler noticed: counts and warnings (names it could not match...)."""

    warnings: list[Message] = field(default_factory=list)
    #: What the compiler left aside on purpose (rows of a source it does not compare, and why).
    notes: list[str] = field(default_factory=list)
    #: Per compared pair of sources: ``{"card-archive/zhuanggenhua-classic": {"found": n, "settled": {rule: n}}}``.
    by_source: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)
    files: int = 0


# --------------------------------------------------------------------------- corrections


def load_curated(data_dir: Path) -> tuple[list[dict], list[dict]]:
    """Read ``data/curated/products.json`` and ``corrections.json``."""
    out = []
    for name, list_key in (("products.json", "products"), ("corrections.json", "corrections")):
        path = data_dir / "curated" / name
        doc = load_json(path)
        if not isinstance(doc, dict) or not isinstance(doc.get(list_key), list):
            raise SourceError(
                N_("field '{list_key}' must be a list"), prefix=path, list_key=list_key
            )
        for i, entry in enumerate(doc[list_key]):
            needed = (
                ("id", "en", "kind") if list_key == "products" else ("kind", "reason", "evidence")
            )
            for f in needed:
                if f not in entry:
                    raise SourceError(
                        N_("{list_key}[{i}]: field '{f}' is missing"),
                        prefix=path,
                        list_key=list_key,
                        i=i,
                        f=f,
                    )
        out.append(doc[list_key])
    return out[0], out[1]


def _apply_set(records: list[dict], corr: dict, label: str) -> None:
    matches = [
        r
        for r in records
        if all(key(str(r.get(k) or "")) == key(str(v)) for k, v in corr["match"].items())
    ]
    if not matches:
        raise CompileError(
            N_("correction for {label} {match} matches nothing: remove or update it"),
            label=label,
            match=corr["match"],
        )
    for r in matches:
        r.update(corr["set"])


def apply_corrections(
    archive: dict, drafter_products: list[dict], corrections: list[dict]
) -> list[dict]:
    """Apply the ``set`` corrections to the source records in place.

    Returns the ``link`` additions. Raises :class:`CompileError` for a
    correction that matches nothing or has an unknown kind.
    """
    cards = []
    for fac in archive["factions"]:
        for card in fac["cards"]:
            card["faction"] = fac["name"]
            cards.append(card)
    pp_factions = [
        {"name": n, "set": s, "index": i}
        for s in drafter_products
        for i, n in enumerate(s["factions"])
    ]
    links = []
    for corr in corrections:
        kind, source = corr["kind"], corr.get("source")
        if kind == "link":
            links.append(corr["add"])
        elif kind == "reviewed" or source in ("zhuanggenhua", "fabikw"):
            continue  # corrections of these two sources are applied where they are compared (settle.py)
        elif source == "card-archive" and kind == "card":
            _apply_set(cards, corr, "card")
        elif source == "card-archive" and kind == "base":
            _apply_set(archive["bases"], corr, "base")
        elif source == "pinkepop" and kind == "product":
            _apply_set(drafter_products, corr, "product")
        elif source == "pinkepop" and kind == "faction":
            _apply_set(pp_factions, corr, "faction")
            for f in pp_factions:
                f["set"]["factions"][f["index"]] = f["name"]
        else:
            raise CompileError(
                N_("correction of unknown kind {source}/{kind}"), source=source, kind=kind
            )
    return links


# --------------------------------------------------------------------------- compile


def _unique_ids(items: list[dict], name_of, qualifier_of) -> None:
    """Give every item an ``id``: the slug of its name, qualified on collision.

    The first item in catalogue order keeps the plain slug; later ones with the
    same slug get ``<slug>-<qualifier>``. Items without a name use the qualifier
    plus their kind. An item that already has an ``id`` (a correction of its name keeps it) keeps it.
    """
    seen: set[str] = {item["id"] for item in items if item.get("id")}
    for item in items:
        if item.get("id"):
            continue  # kept by a correction of its name (curated/corrections.json): ids never change
        base = slugify(name_of(item))
        ident = base if base not in seen else f"{base}-{qualifier_of(item)}"
        n = 2
        while ident in seen:
            ident, n = f"{base}-{qualifier_of(item)}-{n}", n + 1
        seen.add(ident)
        item["id"] = ident


#: Complexity levels of the Kadsuno ``playstyle`` field, in order.
COMPLEXITY_LEVELS = ("low", "medium", "high")


def complexity_of(playstyle: str | None) -> str | None:
    """Normalise a Kadsuno ``playstyle`` ("Low-Medium") to ``"low-medium"``; None when not a known level."""
    if not playstyle:
        return None
    parts = [p.strip().lower() for p in str(playstyle).split("-")]
    if not parts or any(p not in COMPLEXITY_LEVELS for p in parts) or len(parts) > 2:
        return None
    return "-".join(parts)


def build_catalogue(sources_dir: Path, data_dir: Path) -> tuple[dict, Report]:
    """Merge the sources into the catalogue (in memory).

    Returns ``({"products": [...], "factions": [...], "names_de": [...],
    "printings": [...], "differences": [...], "glossary": [...]}, report)``.
    The steps, in order: read the sources, the products, the factions and
    their product links, the catalogue order, the cards, the bases, the
    German names, the printings. Raises :class:`CompileError` or
    :class:`~.sources.SourceError`.
    """
    c = _Compile(sources_dir, data_dir)
    c.products()
    c.factions()
    c.order()
    c.cards()
    c.bases()
    c.german_names()
    c.german_editions()
    printing_rows, diffs = c.printings()
    components, warnings = build_components(c.products_, c.engine["cards"], c.glossary)
    c.report.warnings += warnings
    catalogue = {
        "products": c.products_,
        "factions": c.factions_,
        "names_de": c.de_rows,
        "aliases": c.aliases(),
        "components": components,
        "printings": printing_rows,
        "differences": diffs,
        "glossary": [
            {"en": g["english"], "de": g["german"], "note": g.get("note") or ""} for g in c.glossary
        ],
    }
    c.report.counts = {
        "products": len(c.products_),
        "factions": len(c.factions_),
        "cards": len(c.all_cards),
        "bases": len(c.bases_),
        "bases_unknown_stats": sum(b["breakpoint"] is None for b in c.bases_),
        "names_de": len(c.de_rows),
        "printings": len(printing_rows),
        "differences": len(diffs),
        "unresolved": sum(d["status"] == "unresolved" for d in diffs),
    }
    return catalogue, c.report


class _Compile:
    """The state of one compile and its steps (see :func:`build_catalogue`); each step fills its part."""

    def __init__(self, sources_dir: Path, data_dir: Path):
        self.report = Report()
        self.data_dir = Path(data_dir)
        self.curated, self.corrections = load_curated(data_dir)
        self.archive = archive.read_card_archive(sources_dir)
        self.faction_files = randomizer.read_factions(sources_dir)
        self.drafter_products = drafter.read_products(sources_dir)
        self.names_de = german.read_names(sources_dir)
        self.glossary = german.read_glossary(sources_dir)
        self.raw_factions = copy.deepcopy(self.archive["factions"])
        self.raw_bases = copy.deepcopy(self.archive["bases"])
        self.engine = game_engine.read_engine(sources_dir)
        self.scoring_tool = scoring_tool.read_scoring_tool(sources_dir)
        self.original_decks = randomizer.read_original_decks(sources_dir)
        self.editions_de = german.read_editions(sources_dir)
        self.curated_printings = load_curated_printings(data_dir)
        self.extra_links = apply_corrections(self.archive, self.drafter_products, self.corrections)
        self.product_by_key: dict[str, dict] = {}
        self.faction_by_key: dict[str, dict] = {}
        self.links: set[tuple[str, str]] = set()

    def product_of(self, name: str, where: str) -> dict:
        prod = self.product_by_key.get(key(name))
        if prod is None:
            raise CompileError(
                N_("product {name!r} is not in data/curated/products.json (add it or an alias)"),
                prefix=where,
                name=name,
            )
        return prod

    def faction_of(self, name: str) -> dict | None:
        return self.faction_by_key.get(key(name))

    def products(self) -> None:
        """The curated product table, with years PinkePop knows where the table has none."""
        self.products_ = []
        for sort, cur in enumerate(self.curated):
            prod = {
                "id": cur["id"],
                "en": cur["en"],
                "kind": cur["kind"],
                "year": cur.get("year"),
                "year_evidence": cur.get("year_evidence"),
                "extra_decks": sorted(cur.get("extra_decks", [])),
                "sort": sort,
                "factions": [],
                "bases": [],
            }
            self.products_.append(prod)
            for alias in [cur["en"], cur["id"], *cur.get("aliases", [])]:
                self.product_by_key[key(alias)] = prod
        for pp in self.drafter_products:
            prod = self.product_by_key.get(key(pp["name"]))
            if prod is None:
                self.report.warnings.append(
                    Message(
                        N_("pinkepop: product {name!r} not in the product table; ignored"),
                        name=pp["name"],
                    )
                )
                continue
            year = pp.get("year") or (
                int(pp["release_date"][:4]) if pp.get("release_date") else None
            )
            if prod["year"] is None and year:
                prod["year"] = year
        self.by_id = {p["id"]: p for p in self.products_}

    def factions(self) -> None:
        """The archive's factions; product links from every source; complexity from Kadsuno."""
        report = self.report
        self.factions_ = []
        for fac in self.archive["factions"]:
            prod = self.product_of(fac["set"], f"card-archive faction {fac['name']}")
            rec = {
                "id": slugify(fac["name"]),
                "en": fac["name"],
                "cards": fac["cards"],
                "home": prod,
            }
            self.factions_.append(rec)
            self.faction_by_key[key(fac["name"])] = rec
            self.links.add((prod["id"], rec["id"]))
        for kf in self.faction_files:
            rec = self.faction_of(kf["name"])
            if rec is None:
                report.warnings.append(
                    Message(
                        N_("faction {name!r} not in the card archive; ignored"),
                        prefix=f"kadsuno {kf['file']}",
                        name=kf["name"],
                    )
                )
                continue
            self.links.add((self.product_of(kf["set"], f"kadsuno {kf['file']}")["id"], rec["id"]))
            level = complexity_of(kf.get("playstyle"))
            if kf.get("playstyle") and level is None:
                report.warnings.append(
                    Message(
                        N_(
                            "{name} playstyle {playstyle!r} is not a complexity ({levels}); "
                            "left unknown"
                        ),
                        prefix=f"kadsuno {kf['file']}",
                        name=kf["name"],
                        playstyle=kf["playstyle"],
                        levels=", ".join(COMPLEXITY_LEVELS),
                    )
                )
            rec["complexity"] = level or rec.get("complexity")
        for pp in self.drafter_products:
            prod = self.product_by_key.get(key(pp["name"]))
            for fname in pp["factions"]:
                rec = self.faction_of(fname or "")
                if prod is None:
                    continue
                if rec is None:
                    report.warnings.append(
                        Message(
                            N_("faction {name!r} not in the card archive; ignored"),
                            prefix=f"pinkepop {pp['name']}",
                            name=fname,
                        )
                    )
                    continue
                self.links.add((prod["id"], rec["id"]))
        for add in self.extra_links:
            rec = self.faction_of(add["faction"])
            if rec is None or add["product"] not in self.by_id:
                raise CompileError(
                    N_("corrections: link {add} names an unknown product or faction"), add=add
                )
            self.links.add((add["product"], rec["id"]))

    def order(self) -> None:
        """Catalogue order: factions by their first product, then by id; each product lists its factions so."""
        for pid, fid in sorted(self.links):
            self.by_id[pid]["factions"].append(fid)
        self.first_sort = {
            f["id"]: min(self.by_id[p]["sort"] for p, g in self.links if g == f["id"])
            for f in self.factions_
        }
        self.factions_.sort(key=lambda f: (self.first_sort[f["id"]], f["id"]))
        for p in self.products_:
            p["factions"].sort(key=lambda fid: (self.first_sort[fid], fid))

    def cards(self) -> None:
        """Every card with its faction and place in the deck; ids made unique."""
        self.all_cards = []
        for fac in self.factions_:
            for sort, card in enumerate(fac["cards"]):
                card["faction"] = fac["id"]
                card["sort"] = sort
                self.all_cards.append(card)
        _unique_ids(
            self.all_cards,
            lambda c: c["name"] or f"{c['faction']} {c['type']}",
            lambda c: c["faction"],
        )

    def bases(self) -> None:
        """The archive's bases, plus those a faction file names and the archive lacks (stats unknown)."""
        self.bases_ = [self._archive_base(i, b) for i, b in enumerate(self.archive["bases"])]
        self.bases_ += self._bases_only_named()
        fsort = {f["id"]: i for i, f in enumerate(self.factions_)}
        self.bases_.sort(
            key=lambda b: (
                self.by_id[b["product"]]["sort"],
                fsort.get(b["faction"], 10_000),
                key(b["en"]),
            )
        )
        _unique_ids(self.bases_, lambda b: b["en"], lambda b: b["faction"] or b["product"])
        for b in self.bases_:
            self.by_id[b["product"]]["bases"].append(b)

    def _archive_base(self, i: int, b: dict) -> dict:
        """The catalogue record of the archive's ``i``-th base (``raw``: its facts before corrections)."""
        fac = self.faction_of(b["faction"]) if b["faction"] else None
        if b["faction"] and fac is None:
            raise CompileError(
                N_("card-archive base {name!r}: unknown faction {faction!r}"),
                name=b["name"],
                faction=b["faction"],
            )
        raw = self.raw_bases[i]
        return {
            "en": b["name"],
            "product": self.product_of(b["set"], f"card-archive base {b['name']}")["id"],
            "faction": fac["id"] if fac else None,
            "breakpoint": b["breakpoint"],
            "vp": b["vp"] or [None, None, None],
            "note": "",
            "scoring": b.get("scoring"),
            "raw": {"en": raw["name"], "breakpoint": raw["breakpoint"], "vp": raw["vp"]},
        }

    def _bases_only_named(self) -> list[dict]:
        """Bases a Kadsuno file names and the archive lacks, with unknown stats.

        Added by name, but only as many as the archive is short of: where the counts agree, a
        differing name is a rename, not a gap. Names of other printings (Miskatonic University) are
        not missing bases.
        """
        known = {key(b["en"]) for b in self.bases_}
        known |= {
            key(e["set"]["name"])
            for e in self.curated_printings["bases"]
            if e.get("set", {}).get("name")
        }
        archive_count: dict[str | None, int] = defaultdict(int)
        for b in self.bases_:
            archive_count[b["faction"]] += 1
        out: list[dict] = []
        for kf in self.faction_files:
            fac = self.faction_of(kf["name"])
            if fac is None:
                continue
            missing = [n for n in kf["bases"] if key(n) not in known]
            if missing and len(missing) != len(kf["bases"]) - archive_count[fac["id"]]:
                self.report.warnings.append(
                    Message(
                        N_(
                            "{name} base(s) {missing} not in the card archive, which has its {n} bases under other names; "
                            "not added"
                        ),
                        prefix=f"kadsuno {kf['file']}",
                        name=kf["name"],
                        missing=", ".join(missing),
                        n=archive_count[fac["id"]],
                    )
                )
                continue
            product = self.product_of(kf["set"], f"kadsuno {kf['file']}")["id"] if missing else None
            out += [
                {
                    "en": bname.replace("\u2019", "'"),
                    "product": product,
                    "faction": fac["id"],
                    "breakpoint": None,
                    "vp": [None, None, None],
                    "note": f"named by kadsuno-factions/{kf['file']}; no source has its breakpoint or VP",
                }
                for bname in missing
            ]
            known |= {key(n) for n in missing}
        return out

    def german_editions(self) -> None:
        """The German editions (data README: the 14 products published in German follow the original
        printings) as the products' ``german``; :class:`CompileError` for an unknown product."""
        for ed in self.editions_de:
            prod = self.product_by_key.get(key(ed["english_product"]))
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

    def printings(self) -> tuple[list[dict], list[dict]]:
        """The printing rows and differences (``data/printings.json``); the titans get their product
        (and no power), bases only the engine has stats for get them; the report its part."""
        found = build_printings(
            PrintingInputs(
                products=self.products_,
                factions=self.factions_,
                bases=self.bases_,
                raw_factions=self.raw_factions,
                decks=self.original_decks,
                curated=self.curated_printings,
                corrections=self.corrections,
                product_by_key=self.product_by_key,
                engine=self.engine,
                scoring_tool=self.scoring_tool,
            )
        )
        for card in self.all_cards:
            card.update(found.decided.get(card["id"], {}))
            if card["id"] in found.titans:
                card["power"], card["product"] = None, found.titans[card["id"]]
        for b in self.bases_:
            b.update(found.base_stats.get(b["id"], {}))
        self.report.notes += found.notes
        self.report.warnings += found.warnings
        self.report.by_source = found.by_source
        return [r.as_record() for r in found.rows], [d.as_record() for d in found.differences]

    def aliases(self) -> list[dict]:
        """``data/curated/aliases.json`` checked: every row names an existing thing and has a source.

        Returns ``[{"kind", "id", "alias", "lang", "type", "source"}]`` sorted; raises :class:`CompileError`
        for a row whose target is unknown or that lacks a source.
        """
        path = self.data_dir / "curated" / "aliases.json"
        if not path.is_file():
            return []
        doc = load_json(path)
        ids = {
            "product": {p["id"] for p in self.products_},
            "faction": {f["id"] for f in self.factions_},
            "card": {c["id"] for c in self.all_cards},
            "base": {b["id"] for b in self.bases_},
        }
        out = []
        for i, row in enumerate(doc.get("aliases", [])):
            for f in ("kind", "id", "alias", "lang", "type", "source"):
                if not str(row.get(f) or "").strip():
                    raise SourceError(f"{path}: aliases[{i}]: field '{f}' is missing")
            if row["id"] not in ids.get(row["kind"], ()):
                raise CompileError(
                    f"{path}: aliases[{i}]: {row['kind']} {row['id']!r} is not in the catalogue"
                )
            out.append(
                {f: row[f].strip() for f in ("kind", "id", "alias", "lang", "type", "source")}
            )
        return sorted(out, key=lambda r: (r["kind"], r["id"], r["alias"]))

    def german_names(self) -> None:
        """The rows of names-de.tsv matched to ids (every thing of that English name)."""
        index: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        aliases = {c["id"]: c.get("aliases", []) for c in self.curated}
        for p in self.products_:
            for alias in [p["en"], *aliases[p["id"]]]:
                index["set"][key(alias)].append(p["id"])
        for f in self.factions_:
            index["faction"][key(f["en"])].append(f["id"])
        for c in self.all_cards:
            if c["name"]:
                index["card"][key(c["name"])].append(c["id"])
        for b in self.bases_:
            index["base"][key(b["en"])].append(b["id"])
        kind_map = {"set": "product", "faction": "faction", "card": "card", "base": "base"}
        self.de_rows = []
        for row in self.names_de:
            kind = row["kind"]
            if kind not in kind_map:
                self.report.warnings.append(
                    Message(
                        N_("unknown kind {kind!r} for {name!r}; ignored"),
                        prefix="names-de",
                        kind=kind,
                        name=row["english"],
                    )
                )
                continue
            ids = sorted(set(index[kind].get(key(row["english"]), [])))
            if not ids:
                self.report.warnings.append(
                    Message(
                        N_("{kind} {name!r} not in the catalogue; ignored"),
                        prefix="names-de",
                        kind=kind,
                        name=row["english"],
                    )
                )
                continue
            for ident in ids:
                self.de_rows.append(
                    {
                        "kind": kind_map[kind],
                        "id": ident,
                        "name": row["german"].strip(),
                        "confidence": row["confidence"].strip(),
                        "evidence": row["evidence"].strip(),
                    }
                )
        self.de_rows.sort(key=lambda r: (r["kind"], r["id"]))


# --------------------------------------------------------------------------- write


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def render_files(catalogue: dict) -> dict[str, str]:
    """The generated files as ``{relative path: text}`` (no I/O)."""
    files: dict[str, str] = {}
    for p in catalogue["products"]:
        files[f"products/{p['id']}.json"] = _dump(
            {
                "id": p["id"],
                "name": p["en"],
                "kind": p["kind"],
                "year": p["year"],
                "extra_decks": p["extra_decks"],
                "sort": p["sort"],
                "factions": p["factions"],
                **({"year_evidence": p["year_evidence"]} if p.get("year_evidence") else {}),
                **({"german_edition": p["german"]} if p.get("german") else {}),
                "bases": [
                    {
                        "id": b["id"],
                        "name": b["en"],
                        "faction": b["faction"],
                        "breakpoint": b["breakpoint"],
                        "vp": b["vp"],
                        **({"note": b["note"]} if b["note"] else {}),
                        **({"scoring": b["scoring"]} if b.get("scoring") else {}),
                    }
                    for b in p["bases"]
                ],
            }
        )
    for sort, f in enumerate(catalogue["factions"]):
        files[f"factions/{f['id']}.json"] = _dump(
            {
                "id": f["id"],
                "name": f["en"],
                "sort": sort,
                "complexity": f.get("complexity"),
                "cards": [
                    {
                        "id": c["id"],
                        "name": c["name"],
                        "type": c["type"],
                        "copies": c["copies"],
                        "power": c["power"],
                        "keywords": c["keywords"],
                        **({"product": c["product"]} if c.get("product") else {}),
                        **({"note": c["note"]} if c.get("note") else {}),
                    }
                    for c in f["cards"]
                ],
            }
        )
    lines = ["kind\tid\tname\tconfidence\tevidence"]
    lines += [
        f"{r['kind']}\t{r['id']}\t{r['name']}\t{r['confidence']}\t{r['evidence']}"
        for r in catalogue["names_de"]
    ]
    files["i18n/de.tsv"] = "\n".join(lines) + "\n"
    files["printings.json"] = _dump(
        {
            "printings": catalogue.get("printings", []),
            "differences": catalogue.get("differences", []),
        }
    )
    al = ["kind\tid\talias\tlang\ttype\tsource"]
    al += [
        "\t".join(r[f] for f in ("kind", "id", "alias", "lang", "type", "source"))
        for r in catalogue.get("aliases", [])
    ]
    files["aliases.tsv"] = "\n".join(al) + "\n"
    files["components.json"] = _dump({"components": catalogue.get("components", [])})
    gl = ["en\tde\tnote"] + [f"{g['en']}\t{g['de']}\t{g['note']}" for g in catalogue["glossary"]]
    files["glossary.tsv"] = "\n".join(gl) + "\n"
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + files[path].encode() + b"\0")
    files["catalogue.json"] = _dump(
        {
            "version": digest.hexdigest()[:16],
            "date": CATALOGUE_DATE,
            "sources": SOURCE_VERSIONS,
            "counts": {
                "products": len(catalogue["products"]),
                "factions": len(catalogue["factions"]),
                "cards": sum(len(f["cards"]) for f in catalogue["factions"]),
                "bases": sum(len(p["bases"]) for p in catalogue["products"]),
            },
        }
    )
    return files


def write_files(files: dict[str, str], data_dir: Path) -> None:
    """Replace the generated part of ``data_dir`` with ``files``, atomically per folder.

    Everything is first written to a temporary folder beside ``data_dir``;
    only then are the old generated files removed and the new ones moved in,
    so an error while writing leaves the previous data untouched. Raises
    :class:`CompileError` (one line) when a file cannot be written (full disk,
    no permission).
    """
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".compile-", dir=data_dir))
    except OSError as exc:
        raise CompileError(
            N_("cannot write to {data_dir}: {value}"), data_dir=data_dir, value=exc.strerror or exc
        ) from None
    try:
        for rel, text in files.items():
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                target.write_text(text, encoding="utf-8", newline="\n")
            except OSError as exc:  # e.g. a full disk: the old data/ is still untouched
                raise CompileError(
                    N_("cannot write {n}: {value}; {data_dir} was left as it was"),
                    n=data_dir / rel,
                    value=exc.strerror or exc,
                    data_dir=data_dir,
                ) from None
        for name in GENERATED:
            old = data_dir / name
            if old.is_dir():
                shutil.rmtree(old)
            elif old.exists():
                old.unlink()
            if (tmp / name).exists():
                os.replace(tmp / name, old)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def compile_catalogue(sources_dir: Path, data_dir: Path) -> Report:
    """Compile ``sources_dir`` (``../shared/data``) into ``data_dir``; return the report.

    Raises :class:`~smashup_db.errors.UserError` when ``sources_dir`` is not a folder, ``OSError`` when it
    cannot be read.
    """
    if not os.path.isdir(sources_dir):
        os.stat(
            sources_dir
        )  # missing, or a name too long: the system's reason (an OSError, one line in the CLI)
        raise UserError(
            N_(
                "--sources {path} is not a folder; give the folder of the public source data"
                " (../shared/data)"
            ),
            path=str(sources_dir),
        )
    catalogue, report = build_catalogue(Path(sources_dir), Path(data_dir))
    files = render_files(catalogue)
    write_files(files, Path(data_dir))
    report.files = len(files)
    return report
