"""The envelope of the project's own JSON exports (collection backup, game log).

Each export is ``{"format": NAME, "version": N, KEY: [objects...]}``; one
check reads it for every kind, so both name the file and the field the same way.
"""

from __future__ import annotations

from smashup_db.i18n import N_


def items(
    data, source: str, fmt: str, version: int, key: str, error: type[Exception]
) -> list[tuple[str, dict]]:
    """The objects under ``key`` of an export, each with where it is (``"FILE: KEY[i]"``).

    Raises ``error`` (one line naming ``source`` and the field) for another
    format or version, a ``key`` that is not a list, or an item that is not an object.
    """
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(
            N_('format: not a {what} (expected "format": "{fmt}")'),
            prefix=source,
            what=fmt.replace("-", " "),
            fmt=fmt,
        )
    if data.get("version") != version:
        raise error(
            N_("version: {found!r} is not supported (expected {version})"),
            prefix=source,
            found=data.get("version"),
            version=version,
        )
    entries = data.get(key)
    if not isinstance(entries, list):
        raise error(N_("{key}: must be a list"), prefix=source, key=key)
    out = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise error(N_("{key}[{i}]: must be an object"), prefix=source, key=key, i=i)
        out.append((f"{source}: {key}[{i}]", entry))
    return out
