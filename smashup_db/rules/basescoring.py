"""Scoring one named base: its printing's breakpoint and VP, and its own scoring rule.

:func:`score_named_base` wraps :func:`smashup_db.rules.scoring.score_base` for a base
of the catalogue. Bases whose text changes who gets VP carry a scoring flag
(``base.scoring``, derived from the English text by the compiler):

* ``replaced`` (Unicrave): "Before this base scores, replace it with the top
  card of the base deck ... and keep scoring": the base that replaces it is
  scored, with that base's VP (``vp``); without them the places are shown and
  no VP are given.
* ``per-minion`` (Rhodes Plaza Mall): each player gains 1 VP per minion there;
  applied when the minion counts are given (``minions``), else a notice asks for them.
* ``extra-vp`` (Factory 436-1337) and ``other``: the printed VP are applied and a
  notice says that the base's text adds to them (the text follows when imported).

Pure function over plain dicts; no database.
"""

from __future__ import annotations

from typing import Callable, Mapping

from smashup_db.errors import N_
from smashup_db.rules.scoring import ScoringError, score_base

NOTICES = {
    "replaced": {
        "en": "{name} is replaced before scoring: the base that replaces it scores instead "
        "(give its VP with {vp}).",
        "de": "{name} wird vor der Wertung ersetzt: gewertet wird die Basis, die sie ersetzt "
        "(ihre Siegpunkte mit {vp} angeben).",
    },
    "per-minion": {
        "en": "{name} gives each player 1 VP per minion there instead of 1st/2nd/3rd place VP "
        "(give the counts with {minions} NAME=N,...).",
        "de": "{name} gibt jedem Spieler 1 Siegpunkt pro eigener Kreatur dort statt der Platz-Siegpunkte "
        "(Anzahl mit {minions} NAME=N,... angeben).",
    },
    "extra-vp": {
        "en": "{name} gives extra VP by its own rule on top of the places shown (see its text).",
        "de": "{name} gibt nach eigener Regel zusätzliche Siegpunkte zu den gezeigten (siehe Kartentext).",
    },
    "other": {
        "en": "{name} changes who gets VP by its own rule: the places shown use the printed VP; "
        "apply the base's text.",
        "de": "{name} verteilt Siegpunkte nach eigener Regel: die gezeigten Plätze nutzen die aufgedruckten "
        "Siegpunkte; der Kartentext gilt.",
    },
}


APPLIED = {
    "en": "{name}: each player gains 1 VP per minion there (its own rule, applied).",
    "de": "{name}: jeder Spieler erhält 1 Siegpunkt pro eigener Kreatur dort (eigene Regel, angewendet).",
}


def parse_counts(text: str | None) -> dict[str, int]:
    """``"Anna=3,Ben=1"`` -> ``{"Anna": 3, "Ben": 1}``; raises :class:`ScoringError` for malformed input
    (a count as :func:`smashup_db.rules.numbers.whole` reads it: no ``+3``, ``1_0``, ``3.0``)."""
    from smashup_db.rules.numbers import whole

    out: dict[str, int] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, sep, value = item.rpartition("=")
        try:
            n = whole(value, "minions")
        except ValueError:  # rules.numbers' RuleError is one
            n = -1
        if not sep or not name.strip() or n < 0:
            raise ScoringError(
                N_("{field} expects NAME=COUNT,... with whole numbers >= 0, got {text!r}"),
                field="minions",
                given=item.strip(),
                text=item.strip(),
            )
        out[name.strip()] = n
    return out


def score_named_base(
    base: dict,
    powers: Mapping[str, int],
    has_minion: set[str] | None = None,
    vp: tuple[int, int, int] | None = None,
    minions: Mapping[str, int] | None = None,
    lang: str = "en",
    label: Callable[[str], str] = str,
) -> dict:
    """Score ``base`` (a look-up row: ``name``, ``breakpoint``, ``vp``, ``scoring``, ``stats_known``).

    Returns ``{"breakpoint", "total_power", "reached", "vp", "scoring", "rule_applied",
    "notice", "results": [{"player", "power", "place", "vp"}]}``. ``vp`` overrides
    the base's VP (needed when unknown, and for the base replacing a ``replaced`` one). A notice names
    the inputs ``vp`` and ``minions`` as ``label`` words them (the CLI: its options; default: as they are).
    Raises :class:`ScoringError` when the VP are unknown and not given, or for
    minion counts naming players without power.
    """
    flag = base.get("scoring")
    name = base["name"]
    lang = lang if lang in ("en", "de") else "en"
    notice = (
        NOTICES[flag][lang].format(name=name, vp=label("vp"), minions=label("minions"))
        if flag
        else None
    )
    if flag == "per-minion" and minions:
        notice = APPLIED[lang].format(name=name)
    if vp is None and flag == "replaced":
        vp = (0, 0, 0)
    if vp is None:
        if not base.get("stats_known") or any(v is None for v in base["vp"]):
            raise ScoringError(
                N_(
                    "the VP of {name} are unknown in this printing; give them with {field} 1ST,2ND,3RD"
                ),
                field="vp",
                name=name,
            )
        vp = tuple(base["vp"])
    placements = score_base(powers, vp, set(has_minion or ()))
    results: list[dict] = [
        {"player": p.player, "power": p.power, "place": p.place, "vp": p.vp} for p in placements
    ]
    applied = False
    if flag == "per-minion" and minions:
        unknown = sorted(set(minions) - set(powers))
        if unknown:
            raise ScoringError(
                N_("{field} names players with no power given: {unknown}"),
                field="minions",
                given=unknown,
                allowed=tuple(powers),
                unknown=", ".join(unknown),
            )
        for r, p in zip(results, placements, strict=True):
            r["vp"] = minions.get(p.player, 0)
        applied = True
    total = sum(powers.values())
    bp = base.get("breakpoint")
    return {
        "breakpoint": bp,
        "total_power": total,
        "reached": None if bp is None else total >= bp,
        "vp": list(vp),
        "scoring": flag,
        "rule_applied": applied,
        "notice": notice,
        "results": results,
    }
