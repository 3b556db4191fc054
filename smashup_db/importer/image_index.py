"""The images folder's read side: where it is, what its index holds, one picture's path.

The folder and its index (``images.json``) are written by ``smashup import images``
(:mod:`smashup_db.importer.images`, which says what they hold); the look-ups (``card``, ``base``:
the path of the picture) and the site (:mod:`smashup_db.site.faces`) only read them, through this
module, which imports nothing heavy: a look-up pays no import of the importer for a path.
"""

from __future__ import annotations

import os
import re

#: Environment variable naming the images folder (overrides the folder beside the database).
ENV_VAR = "SMASHUP_IMAGES"
INDEX = "images.json"
#: Picture formats accepted (Pillow's names) and the extension each is stored with.
FORMATS = {"WEBP": ".webp", "PNG": ".png", "JPEG": ".jpg"}
#: A catalogue id as it may name a stored file.
SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,150}")
KINDS = ("card", "base")


def images_dir(db: str | None = None) -> str:
    """The images folder of the database ``db`` (as ``--db``; default ``$SMASHUP_DB`` / the user database).

    ``$SMASHUP_IMAGES`` when set; for an SQLite file ``<folder>/<stem>-images``
    beside it (so the default database in the platformdirs user data folder has
    ``smashup-images`` next to it); for a server URL a folder in the user data
    folder named after the URL's digest. The folder may not exist yet.
    Raises :class:`~smashup_db.errors.DatabaseError` for an unusable ``--db``.
    """
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return os.path.abspath(os.path.expanduser(env))
    from smashup_db.db import resolve_url, safe_url, sqlite_path

    url = resolve_url(db)
    path = sqlite_path(url)
    if path and path != ":memory:":
        folder, name = os.path.split(os.path.abspath(path))
        return os.path.join(folder, os.path.splitext(name)[0] + "-images")
    import hashlib  # only for a server URL: a look-up on a file pays no import for it

    from platformdirs import user_data_dir

    digest = hashlib.sha256(safe_url(url).encode("utf-8")).hexdigest()[:12]
    return os.path.join(user_data_dir("smashup-db", appauthor=False), f"images-{digest}")


def read_index(folder: str) -> dict:
    """The index of an images folder: ``{"card/<id>": {"file", "width", "height", "size", "sha256", "source"}}``.

    Entries whose file is not a plain name below ``folder`` are dropped; a
    missing, unreadable or malformed index gives ``{}`` (no pictures).
    """
    try:
        with open(os.path.join(folder, INDEX), encoding="utf-8") as fh:
            import json  # only when there is an index (a look-up without pictures does without it)

            doc = json.load(fh)
    except (OSError, ValueError):
        return {}
    out = {}
    images = doc.get("images") if isinstance(doc, dict) else None
    for k, v in images.items() if isinstance(images, dict) else ():
        kind, _, ref = str(k).partition("/")
        if (
            kind in KINDS
            and SAFE_ID.fullmatch(ref)
            and isinstance(v, dict)
            and v.get("file") in {f"{kind}/{ref}{ext}" for ext in FORMATS.values()}
            and isinstance(v.get("width"), int)
            and isinstance(v.get("height"), int)
        ):
            out[k] = v
    return out


def picture(db: str | None, kind: str, ref: str) -> dict | None:
    """The stored picture of card or base ``ref``: its index entry plus ``path`` (absolute), or None."""
    folder = images_dir(db)
    entry = read_index(folder).get(f"{kind}/{ref}")
    if not entry:
        return None
    path = os.path.join(folder, entry["file"])
    return {**entry, "path": path} if os.path.isfile(path) else None
