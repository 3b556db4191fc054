"""The public card archive at a pinned commit: where ``smashup import text`` / ``import images`` fetch from.

The card archive (GitHub repository :data:`REPOSITORY`) publishes the rules
text of every card and base (two JSON files) and a picture of each
(``public/card-art/``). The project never ships them; with no argument the
two imports fetch them from :data:`COMMIT`, a fixed commit, so every user
imports the same files. :data:`FILES` names the files and the SHA-256 each has
at that commit; a fetched file with another checksum is refused (a proxy
that rewrote it, a mirror of another version).

``$SMASHUP_ARCHIVE_URL`` (:data:`URL_VAR`) replaces the base URL
:data:`BASE_URL` (a mirror, or the tests' local server): the same paths are
read below it. Offline, :func:`offline_error` says in one line what to
download and how to import the local copy.
"""

from __future__ import annotations

import os

from smashup_db.i18n import N_
from smashup_db.importer import ImportFileError

#: The GitHub repository of the public card archive.
REPOSITORY = "906919303-crypto/smash-up-card-archive"
#: The commit every import without an argument reads (the one ``../shared/data`` was copied from).
COMMIT = "58fa7e7432874b3c0f3727289e399445754eb383"
#: The archive's files below the repository root, each with its SHA-256 at :data:`COMMIT`.
FILES = {
    "smashup-catalog.json": (
        "app/data/smashup-catalog.json",
        "82b95d368b5a5e499bd3509bdda578c9c05cf409190a3c81ea95c3504da88b09",
    ),
    "smashup-bases.json": (
        "app/data/smashup-bases.json",
        "664b5dffa5e2fdb70bdcbc4d18891b8c41c7cff9c1c88d748a3cd8424e38b2ab",
    ),
}
#: The pictures' folder below the repository root (the JSON's ``imageUrl`` is a path below its parent).
CARD_ART = "public/card-art/"
#: Where the files of :data:`COMMIT` are served, raw.
BASE_URL = f"https://raw.githubusercontent.com/{REPOSITORY}/{COMMIT}/"
#: Environment variable replacing :data:`BASE_URL` (a mirror; the tests' local server).
URL_VAR = "SMASHUP_ARCHIVE_URL"


def base_url() -> str:
    """The base URL the pinned files are read below: ``$SMASHUP_ARCHIVE_URL`` or :data:`BASE_URL`, ending in ``/``."""
    return (os.environ.get(URL_VAR, "").strip() or BASE_URL).rstrip("/") + "/"


def text_urls() -> list[str]:
    """The URLs of the two JSON files (card catalogue, bases), in that order."""
    root = base_url()
    return [root + path for path, _ in FILES.values()]


def card_art_url() -> str:
    """The URL of the archive's ``card-art/`` folder (ending in ``/``)."""
    return base_url() + CARD_ART


def where() -> str:
    """The archive named in one phrase for hints, in no language: ``github.com/<repository>@<commit> (<files>)``."""
    paths = ", ".join(path for path, _ in FILES.values())
    return f"github.com/{REPOSITORY}@{COMMIT[:12]} ({paths}, {CARD_ART})"


def fetch(url: str, progress=None, clock=None) -> bytes:
    """The bytes of the pinned file at ``url``, checked against its SHA-256 in :data:`FILES`.

    ``progress(done, total)`` as in :func:`~smashup_db.importer.files.read_bytes`; ``clock``: the
    run's :class:`~smashup_db.importer.files.RunClock` (one deadline for all its files), else the
    file's own deadline.
    Raises :class:`ImportFileError` for another checksum, :func:`offline_error`'s
    error when the server cannot be reached, and the download's own errors.
    """
    from smashup_db.importer.files import FetchError, read_bytes

    try:
        data = clock.read(url, progress=progress) if clock else read_bytes(url, progress=progress)
    except FetchError as exc:
        raise offline_error(exc) from None
    name = url.rsplit("/", 1)[-1]
    expected = FILES.get(name, (None, None))[1]
    import hashlib  # here, not at the top: a look-up's hint reads this module's names only

    got = hashlib.sha256(data).hexdigest()
    if expected and got != expected:
        raise ImportFileError(
            N_(
                "its SHA-256 is {got}, not the {expected} of commit {commit}; not imported "
                "(another version: give its file or URL to import it)"
            ),
            prefix=url,
            got=got[:16] + "…",
            expected=expected[:16] + "…",
            commit=COMMIT[:12],
        )
    return data


def offline_error(exc: ImportFileError) -> ImportFileError:
    """One line for an archive that cannot be reached: what to download, and how to import the copy."""
    return ImportFileError(
        N_(
            "cannot reach the card archive ({why}); download github.com/{repo} at commit {commit} "
            "(e.g. https://github.com/{repo}/archive/{commit}.zip) and import the local copy: "
            "smashup import text app/data/smashup-catalog.json app/data/smashup-bases.json; "
            "smashup import images public/card-art app/data/smashup-catalog.json "
            "app/data/smashup-bases.json"
        ),
        why=exc,
        repo=REPOSITORY,
        commit=COMMIT,
    )
