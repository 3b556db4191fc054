"""Saved draft options ("presets"), kept in the ``preset`` table of the user database.

A preset stores resolved ids (:meth:`smashup_db.gamenight.options.DraftOptions.as_dict`),
so a renamed faction or a German name typed at save time still works later.
No build or import touches presets.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

from smashup_db.catalogue.view import Catalogue
from smashup_db.db.tables import TABLES
from smashup_db.errors import UserError
from smashup_db.i18n import N_

MAX_NAME = 40


class PresetError(UserError, ValueError):
    """Unknown or badly named preset; one line."""


def _check_name(name: str) -> str:
    import unicodedata

    n = (name or "").strip()
    if not n or len(n) > MAX_NAME or any(unicodedata.category(c) in ("Cc", "Cf") for c in n):
        raise PresetError(
            N_("a preset name must be 1 to {max_name} printable characters, got {name!r}"),
            max_name=MAX_NAME,
            name=name,
        )
    return n


def save(cat: Catalogue, name: str, options: dict) -> dict:
    """Store (or replace) preset ``name`` with ``options``; returns ``{"name", "options", "saved_at"}``."""
    from smashup_db.db import writing

    name = _check_name(name)
    row = {
        "name": name,
        "options": json.dumps(options, sort_keys=True),
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    with writing(cat.r.url, "preset") as w:
        w.execute(TABLES["preset"].delete(), {"name": name})
        w.execute(TABLES["preset"].insert(), row)
    return {"name": name, "options": options, "saved_at": row["saved_at"]}


def all_presets(cat: Catalogue) -> list[dict]:
    """Every preset, by name: ``[{"name", "options", "saved_at"}]``."""
    return [
        {"name": r["name"], "options": json.loads(r["options"]), "saved_at": r["saved_at"]}
        for r in cat.r.all("SELECT name, options, saved_at FROM preset ORDER BY name")
    ]


def find(cat: Catalogue, name: str) -> dict:
    """Preset ``name`` (exact, else ignoring case) as ``{"name", "options", "saved_at"}``;
    :class:`PresetError` listing the saved names when there is none."""
    items = all_presets(cat)
    for match in (
        lambda p: p["name"] == name.strip(),
        lambda p: p["name"].casefold() == name.strip().casefold(),
    ):
        hit = [p for p in items if match(p)]
        if hit:
            return hit[0]
    known = ", ".join(p["name"] for p in items)
    if known:
        raise PresetError(
            N_("no preset named {name!r}; saved presets: {known}"), name=name, known=known
        )
    raise PresetError(
        N_("no preset named {name!r}; save one with: smashup preset save NAME --ban ..."), name=name
    )


def load(cat: Catalogue, name: str) -> dict:
    """The options of preset ``name`` (see :func:`find`)."""
    return find(cat, name)["options"]


def remove(cat: Catalogue, name: str) -> None:
    """Delete preset ``name``; :class:`PresetError` when there is none."""
    from smashup_db.db import writing

    real = find(cat, name)["name"]
    with writing(cat.r.url, "preset") as w:
        w.execute(TABLES["preset"].delete(), {"name": real})
