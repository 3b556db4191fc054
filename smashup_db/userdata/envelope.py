"""The envelope of the project's own JSON exports (collection backup, game log).

Each export is ``{"format": NAME, "version": N, KEY: [objects...]}``; one
check reads it for every kind, so both name the file and the field the same way.
"""

from __future__ import annotations


def items(data, source: str, fmt: str, version: int, key: str, error: type[Exception]) -> list[tuple[str, dict]]:
    """The objects under ``key`` of an export, each with where it is (``"FILE: KEY[i]"``).

    Raises ``error`` (one line naming ``source`` and the field) for another
    format or version, a ``key`` that is not a list, or an item that is not an object.
    """
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(f"{source}: format: not a {fmt.replace('-', ' ')} (expected \"format\": \"{fmt}\")")
    if data.get("version") != version:
        raise error(f"{source}: version: {data.get('version')!r} is not supported (expected {version})")
    entries = data.get(key)
    if not isinstance(entries, list):
        raise error(f"{source}: {key}: must be a list")
    out = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise error(f"{source}: {key}[{i}]: must be an object")
        out.append((f"{source}: {key}[{i}]", entry))
    return out
