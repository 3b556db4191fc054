"""German by contribution (issue 33 item 5): the visitor's form's script and each German box's progress.

* ``assets/contribute.js`` (from ``templates/site/contribute.js``): the form on German card and base
  pages and the page "Meine Übersetzungen", with the glossary's German terms written in
  (``data/glossary.tsv``, read by :func:`smashup_db.site.sitedata.read_glossary`).
* :func:`box_progress`: per German box, the names and texts known in German, counted by
  :func:`smashup_db.catalogue.coverage.coverage` (the numbers of ``smashup translations status``), and
  what is missing, for the box's German page.
"""

from __future__ import annotations

import json

from smashup_db.catalogue.coverage import coverage, things_of
from smashup_db.site.inject import inject
from smashup_db.site.paths import templates_dir

#: The language contributed.
TARGET = "de"


def contribute_js(data) -> str:
    """``assets/contribute.js`` with the glossary's German terms (each once, in the glossary's order)."""
    terms = list(
        dict.fromkeys(t.strip() for r in data.glossary for t in (r.get("de") or "").split(" / "))
    )
    terms = [t for t in terms if t]
    src = (templates_dir() / "contribute.js").read_text(encoding="utf-8")
    return inject(
        src,
        {"TERMS": json.dumps(terms, ensure_ascii=False).replace("</", "<\\/")},
        "assets/contribute.js",
    )


def box_progress(data) -> dict[str, dict]:
    """``{product id: {"names", "names_total", "texts", "texts_total", "missing": [...]}}`` for every
    product with a German edition; ``things``: the ``(kind, id)`` it counts; ``missing`` lists ``{"kind", "id", "name", "text"}`` (booleans: the
    German name, the German text is missing) of the box's things in catalogue order (products and
    factions have no text). Counts are coverage()'s, so they match ``smashup translations status``."""
    model = data.catalogue.model
    rows = {r["id"]: r for r in coverage(model, TARGET, data.imported)["products"]}
    texted = {k for k, found in data.imported.items() if TARGET in found.texts}
    out = {}
    for pid, p in model.products.items():
        if not p.german_title or pid not in rows:
            continue
        missing, things = [], things_of(model, "product", pid)
        for kind, ref in things:
            no_name = TARGET not in model.names.get((kind, ref), {})
            no_text = kind in ("card", "base") and (kind, ref) not in texted
            if no_name or no_text:
                missing.append({"kind": kind, "id": ref, "name": no_name, "text": no_text})
        counts = {k: rows[pid][k] for k in ("names", "names_total", "texts", "texts_total")}
        out[pid] = {**counts, "things": things, "missing": missing}
    return out
