"""The home page's "random card": one picked per catalogue version, and the list the button draws from.

Without script the link goes to :func:`random_card` (the same card for a catalogue version, so two
builds of it are byte for byte the same); with script the home page fetches ``assets/card-ids.json``
(:func:`write_card_ids`, only when the button is pressed) and goes to a card drawn in the browser.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from smashup_db.site.paths import safe_path


def random_card(data) -> str | None:
    """The id of the card the home page links without script: picked by the hash of the catalogue
    version (``data``: :class:`~smashup_db.site.sitedata.SiteData`); None without cards."""
    ids = sorted(data.cards)
    if not ids:
        return None
    digest = hashlib.sha256(str(data.version).encode("utf-8")).digest()
    return ids[int.from_bytes(digest[:8], "big") % len(ids)]


def write_card_ids(root: Path, data) -> None:
    """Write ``assets/card-ids.json``: every card id, sorted (what the random card is drawn from)."""
    safe_path(root, "assets", filename="card-ids.json").write_text(
        json.dumps(sorted(data.cards), separators=(",", ":")), encoding="utf-8"
    )


def lead_faces(data, has_face) -> dict[tuple[str, str], tuple[str, str]]:
    """The picture that stands for each faction and product in the image views and on the home page's box
    tiles: ``{("faction", id): ("card", card id), ("product", id): (kind, id)}``.

    A faction: its first card (deck order) with a picture; a product: its first faction's, else the next
    faction's, else its first base with a picture. ``data``: :class:`~smashup_db.site.sitedata.SiteData`;
    ``has_face(kind, id)``: whether the build has that picture. Without pictures the dict is empty.
    """
    leads: dict[tuple[str, str], tuple[str, str]] = {}
    for fid, f in data.factions.items():
        cid = next((c for c in f["cards"] if has_face("card", c)), None)
        if cid:
            leads["faction", fid] = ("card", cid)
    for pid, p in data.products.items():
        lead = next((leads[k] for k in (("faction", f) for f in p["factions"]) if k in leads), None)
        if lead is None:
            bid = next((b for b in p["bases"] if has_face("base", b)), None)
            lead = ("base", bid) if bid else None
        if lead:
            leads["product", pid] = lead
    return leads


def tile_faces(data, leads: dict) -> dict[str, list[tuple[str, str]]]:
    """The faces each product's tile on the home page shows, in the order its factions are listed:
    ``{product id: [("card", id), ...]}``, the picture standing for each of its factions
    (:func:`lead_faces`'s ``leads``) that has one; a product without factions (bases only) shows the
    picture standing for it (its first base's). Products with no such picture are left out."""
    tiles: dict[str, list[tuple[str, str]]] = {}
    for pid, p in data.products.items():
        faces = [leads["faction", f] for f in p["factions"] if ("faction", f) in leads]
        if not faces and not p["factions"] and ("product", pid) in leads:
            faces = [leads["product", pid]]
        if faces:
            tiles[pid] = faces
    return tiles
