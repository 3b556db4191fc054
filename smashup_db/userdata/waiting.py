"""The last draft of each set of players, waiting for its result (table ``waiting_draft``).

Every ``smashup draft`` keeps its result here, one row per set of players (a new
draft of the same players replaces the old one). It is user data, not the game
log: ``games list`` never shows it and no build or import touches it. When the game
is over, ``smashup game end NAME=VP ... --record`` turns it into a finished game of
the log (:func:`smashup_db.userdata.gamelog.complete`) and deletes it.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

from smashup_db.catalogue.view import Catalogue
from smashup_db.db import writing
from smashup_db.db.tables import TABLES


def players_key(names) -> str:
    """The key of a set of players: their names folded (``str.casefold``), sorted, one per line."""
    return "\n".join(sorted({n.strip().casefold() for n in names}))


def keep(
    cat: Catalogue, holdings: dict[str, list[str]], *, seed: int | None, bases: list[str]
) -> str:
    """Keep a finished draft (player -> two faction ids, in seat order) for its players.

    Replaces the waiting draft of the same players; returns the key
    (:func:`players_key`). Raises :class:`~smashup_db.errors.DatabaseError` when the
    database cannot be written.
    """
    key = players_key(holdings)
    row = {
        "players": key,
        "draft": json.dumps(
            {
                "seats": [{"player": p, "factions": list(f)} for p, f in holdings.items()],
                "seed": seed,
                "bases": list(bases),
            }
        ),
        "drafted_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    with writing(cat.r.url, "record") as w:
        w.execute(TABLES["waiting_draft"].delete(), {"players": key})
        w.execute(TABLES["waiting_draft"].insert(), row)
    return key


def find(cat: Catalogue, names) -> dict | None:
    """The waiting draft of exactly the players ``names`` (case ignored), or None.

    Returns ``{"key", "drafted_at", "seats": [{"player", "factions"}], "seed", "bases"}``.
    """
    key = players_key(names)
    rows = cat.r.all("SELECT draft, drafted_at FROM waiting_draft WHERE players = :k", k=key)
    if not rows:
        return None
    row = rows[0]
    return {"key": key, "drafted_at": row["drafted_at"], **json.loads(row["draft"])}


def forget(w, key: str) -> None:
    """Delete the waiting draft ``key`` in the write transaction ``w`` (nothing when absent)."""
    w.execute(TABLES["waiting_draft"].delete(), {"players": key})
