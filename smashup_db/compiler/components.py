"""The special decks (Madness, Munchkin's Monster and Treasure decks) as catalogue entries.

Their cards come from the zhuanggenhua engine's table (shared/data/README.md), their German names
from the German glossary, their products from the product table's ``extra_decks``.
"""

from __future__ import annotations

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


def _engine_evidence(rows: list[dict], count: int | None) -> str:
    """Where the engine's table lists a deck's cards: ``zhuanggenhua/cards.tsv lines a-b (file: ...)``."""
    if not rows:
        return ""
    lines = sorted({z["row"] for z in rows})
    where = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"
    return (
        f"zhuanggenhua/cards.tsv {where} ({rows[0]['file']}: {len(rows)} card(s), {count} in all)"
    )


def build_components(
    products: list[dict], engine_cards: list[dict], glossary: list[dict]
) -> tuple[list[dict], list[str]]:
    """The special decks as catalogue entries, and warnings.

    Entries: ``[{"id", "kind", "name", "name_de", "count", "cards", "products", "evidence"}]``.
    ``count`` is the number of physical cards (the sum of copies in the engine's table: Madness 1
    card x 30), ``cards`` the number of different cards; ``products`` the boxes whose
    ``extra_decks`` list it (no source names a later box shipping Madness); ``name_de`` the German
    edition's term from the glossary (None when it has none). A deck no product lists is left out;
    a deck no source gives the cards of is warned about.
    """
    gl = {g["english"].strip().lower(): g for g in glossary}
    out, warnings = [], []
    for comp in COMPONENTS:
        prods = [p["id"] for p in products if comp["id"] in p.get("extra_decks", [])]
        if not prods:
            continue
        rows = [z for z in engine_cards if z["faction"] == comp["zh"]]
        count = sum(z["copies"] or 0 for z in rows) or None
        g = gl.get(comp["glossary"].lower())
        evidence = _engine_evidence(rows, count)
        if g:
            evidence += (
                f"; german/glossary-de.tsv ({g['english']} = {g['german']}, {g.get('note') or ''})"
            )
        if not rows:
            warnings.append(f"component {comp['id']}: no source gives its cards; count unknown")
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
    return out, warnings
