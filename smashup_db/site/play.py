"""The game-night page ``/L/play/``: the catalogue facts its draft needs, as one compact JSON per language.

The page (``templates/site/play.html`` with ``play-engine.js`` and ``play.js``) runs the same
draft as ``smashup draft`` (:mod:`smashup_db.gamenight.session`, :mod:`smashup_db.rules.draft`,
:mod:`~smashup_db.rules.formats`, :mod:`~smashup_db.rules.pool`, :mod:`~smashup_db.rules.basedeck`)
with a JavaScript port of CPython's ``random.Random``; this module writes what it reads:
``assets/play-<lang>.json``::

    {"v": catalogue version,
     "f": [[faction id, name, complexity or null, [product ids]], ...],     catalogue order
     "p": [[product id, name, [base ids], [extra deck ids]], ...],          publication order
     "b": {base id: [name, faction id or null, stats known 0/1, printing, breakpoint, [vp1, vp2, vp3],
                     own scoring rule or null]},
     "x": {extra deck id: its name}}

Names are in the page's language (the CLI's ``--lang``: the same fallback to English), so the
result's warnings read as ``smashup draft --json --lang L`` writes them. Facts only, no rules text.
"""

from __future__ import annotations

import json
from pathlib import Path

from smashup_db.gamenight.session import links
from smashup_db.i18n.terms import term
from smashup_db.site.paths import safe_path

__all__ = ["PLAY_ASSETS", "play_data", "write_play_assets"]

#: Scripts of the play page, copied from the templates folder into ``assets/``.
PLAY_ASSETS = ("play-engine.js", "play.js")


def play_data(cat, lang: str, version: str = "") -> dict:
    """The play page's catalogue facts in ``lang`` (shape in the module docstring) from a
    :class:`~smashup_db.catalogue.view.Catalogue` ``cat`` (its read model; no database access)."""
    lk = links(cat)
    m = cat.model

    def nm(kind, ref):
        return cat.name(kind, ref, lang)[0]

    factions = [[f, nm("faction", f), m.factions[f].complexity or None, lk.faction_products.get(f, [])]
                for f in lk.factions]
    products = [[p, nm("product", p), lk.product_bases[p], lk.extra_decks.get(p, [])] for p in lk.product_bases]
    bases = {}
    for bid in m.bases:
        row = cat.base_row(bid)
        bases[bid] = [nm("base", bid), m.bases[bid].faction or None, 1 if row["stats_known"] else 0,
                      row.get("printing"), row["breakpoint"], list(row["vp"]), row.get("scoring")]
    extra = {d: term(d, lang) for ds in lk.extra_decks.values() for d in ds}
    return {"v": version, "f": factions, "p": products, "b": bases, "x": extra}


def write_play_assets(root: Path, cat, langs, templates: Path, version: str = "") -> dict[str, int]:
    """Write ``assets/play-engine.js``, ``assets/play.js`` and ``assets/play-<lang>.json`` under ``root``.

    Returns the byte size of each data file (``{"en": n, ...}``). Raises ``OSError`` when a file cannot be written.
    """
    assets = safe_path(root, "assets", filename="")
    assets.mkdir(parents=True, exist_ok=True)
    for name in PLAY_ASSETS:
        src = templates / name
        if src.is_file():
            (assets / name).write_bytes(src.read_bytes())
    sizes = {}
    for lang in langs:
        body = json.dumps(play_data(cat, lang, version), ensure_ascii=False, separators=(",", ":"))
        safe_path(root, "assets", filename=f"play-{lang}.json").write_text(body, encoding="utf-8")
        sizes[lang] = len(body.encode("utf-8"))
    return sizes
