"""What a reader of the site should (not) see: internal notes, empty errata flags, file names.

Imported data carries bookkeeping meant for maintainers: erratum flags such as
"Yes, Wording" or "Yes/No" that say nothing about the card, source labels made
of a file name ("smashup-catalog.json (Smash Up faction card catalog)"), and
compiler notes on bases ("named by kadsuno-factions/x.json; ..."). These
helpers (registered as Jinja2 filters by the build) keep the pages to what a
player can use. Unknown stays unknown: nothing here invents a value.
"""

from __future__ import annotations

import re

# Both are matched against text stripped of outer blanks (str.strip), so no two parts of a pattern can
# take the same run of blanks: each runs in linear time (issue 21: a "\s*...\s*$" pattern was quadratic on a
# 10,000-character ruling such as "yes" + 9,990 blanks + "x").
_FLAG_RE = re.compile(
    r"(?:(?:yes|no)\b(?:yes|no|wording|functional|timing|[\s,/()\-–])*|unknown|see source|n/a)\.?",
    re.IGNORECASE,
)
_FILE_SOURCE_RE = re.compile(
    r"(?<![\w.-])[\w.-]+\.(?:json|csv|tsv|txt|md|yaml|yml)\s*(?:\((?P<name>[^()]*)\))?",
    re.IGNORECASE,
)
_INTERNAL_RE = re.compile(r"named by|\.json\b|\.csv\b|\.tsv\b|no source has", re.IGNORECASE)


def says_something(text: str | None) -> bool:
    """False for empty rulings and bare erratum flags ("Yes, Wording", "Yes/No", "No")."""
    return bool(text and text.strip()) and not _FLAG_RE.fullmatch(text.strip())


def public_rulings(rulings: list[dict]) -> list[dict]:
    """The rulings worth showing (see :func:`says_something`), in their order."""
    return [r for r in rulings or [] if says_something(r.get("text"))]


def public_source(source: str | None) -> str:
    """A source by its public name: "x.json (Public Name)" -> "Public Name"; a bare file name -> ""."""
    if not source:
        return ""
    m = _FILE_SOURCE_RE.fullmatch(source.strip())
    if m:
        return (m.group("name") or "").strip()
    return source.strip()


def public_note(note: str | None) -> str:
    """A base note without compiler bookkeeping (file names, "named by ..."); "" when nothing is left."""
    parts = [p.strip() for p in re.split(r";\s*", note or "") if p.strip()]
    return "; ".join(p for p in parts if not _INTERNAL_RE.search(p))


_PLACEHOLDERS = {"tba", "tbd", "todo", "unknown", "n/a", "?", "-", "…", "..."}


def is_placeholder(text: str | None) -> bool:
    """True for a text that only stands in for a missing one ("TBA", "TBD", "?", "unknown")."""
    return (text or "").strip().lower().rstrip(".") in _PLACEHOLDERS or not (text or "").strip()


#: Public pages of the sources the importers know (their ``source.url`` fields; see ../shared/data/README.md).
SOURCE_LINKS = {
    "Smash Up faction card catalog": "https://smashup-rulebook.alderac.com/wiki/Main_Page",
    "AEG Official Rulebook Wiki": "https://smashup-rulebook.alderac.com/",
}


def source_link(name: str) -> str:
    """The public web page of a source shown by :func:`public_source`, or "" when not known."""
    return SOURCE_LINKS.get(name, "")


FILTERS = {
    "is_placeholder": is_placeholder,
    "source_link": source_link,
    "public_rulings": public_rulings,
    "public_source": public_source,
    "public_note": public_note,
}
