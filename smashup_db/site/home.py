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
