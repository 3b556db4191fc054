"""Values written into the site's scripts at build time, at their markers.

A script template holds a marker and a stand-in value that keeps it a working script on its own
(``var BASE = /*@BASE@*/"/";``); the build replaces marker and stand-in with the real value
(``var BASE = "/smashup/";``). :func:`inject` is the one place that does it, and it refuses to
guess: a marker that is missing (renamed in the script, or misspelt here) or found twice, and a
marker in the script that nobody fills, stop the build with :class:`~smashup_db.site.paths.SiteError`
instead of shipping the stand-in.
"""

from __future__ import annotations

import re
from typing import Mapping

from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

__all__ = ["inject"]

#: A marker and its stand-in: null, {}, [] or a double-quoted string without quotes or backslashes inside.
_MARKER = re.compile(r'/\*@([A-Z_]+)@\*/(null|\{\}|\[\]|"[^"\\\n]*")')


def inject(script: str, values: Mapping[str, str], name: str) -> str:
    """``script`` with each ``/*@KEY@*/stand-in`` replaced by ``values[KEY]`` (JSON text, written as it is).

    ``name`` (e.g. ``assets/local.js``) names the script in the error. Raises
    :class:`~smashup_db.site.paths.SiteError` when a key of ``values`` has no marker or more than one,
    or the script holds a marker that ``values`` does not fill.
    """
    found = [m.group(1) for m in _MARKER.finditer(script)]
    for key in values:
        if found.count(key) != 1:
            raise SiteError(
                N_(
                    "the script {name} has {n} markers /*@{key}@*/ where the build writes one value"
                ),
                name=name,
                n=found.count(key),
                key=key,
            )
    unfilled = sorted(set(found) - set(values))
    if unfilled:
        raise SiteError(
            N_("the script {name} has markers the build does not fill: {keys}"),
            name=name,
            keys=", ".join(unfilled),
        )
    return _MARKER.sub(lambda m: values[m.group(1)], script)
