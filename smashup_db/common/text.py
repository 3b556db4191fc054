"""Small text helpers shared by the compiler, the look-ups and the site.

``slugify`` makes the stable ids used as primary keys and permalinks;
``fold`` makes the case- and accent-insensitive words used for name matching and search;
``name_key`` the one spelling-insensitive key a typed name is compared by (mirrored in the
site's ``assets/fold.js``).
"""

from __future__ import annotations

import re
import unicodedata

_GERMAN = str.maketrans({"ß": "ss", "ẞ": "ss", "Æ": "ae", "æ": "ae", "Ø": "o", "ø": "o"})
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def ascii_fold(text: str) -> str:
    """Return ``text`` with accents removed and typographic quotes made plain.

    "Cäsiumrüstung" -> "Casiumrustung"; "Grimms’" -> "Grimms'". Case is kept.
    """
    text = text.translate(_QUOTES).translate(_GERMAN)
    if text.isascii():  # nothing to decompose (most card text): skip the per-character pass
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_NOT_WORD = re.compile(r"[^0-9a-z]+")
#: Not a letter or digit of any script (Latin, Cyrillic, Greek, CJK, Arabic ...), or an underscore.
_NOT_LETTER = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """Key for case- and accent-insensitive matching of names.

    Lower-cases, strips accents, turns punctuation into single spaces:
    ``fold("Cäsium-Rüstung!") == "casium rustung"``. Letters and digits of
    every script are kept (``fold("Ниндзя") == "ниндзя"``); only a name made
    of nothing but punctuation folds to ``""``.
    """
    return _NOT_LETTER.sub(" ", ascii_fold(text).casefold()).strip()


def name_key(text: str) -> str:
    """The one key a typed name is compared by: case, accents, spaces, hyphens, punctuation and the
    German "ae/oe/ue/ss" spellings of ä, ö, ü, ß ignored, in both languages.

    :func:`fold`, then every space dropped, then "ae"/"oe"/"ue" read as "a"/"o"/"u" (left to right,
    without overlaps): ``name_key("Cäsium-Rüstung") == name_key("Caesiumruestung") ==
    name_key("cäsium rüstung") == "casiumrustung"``; ``name_key("Wechsler Bots") == "wechslerbots"``.
    Applied alike to the name typed and to the names it is compared with (English names lose their
    "ae/oe/ue" too: ``"Queen"`` -> ``"quen"``), so only equality and prefixes of keys mean anything.
    The site's search and name look-ups use ``SmashFold.key`` in ``templates/site/assets/fold.js``,
    the same rule in JavaScript (``tests/common/test_name_key.py`` runs both over every name).
    """
    return folded_key(fold(text))


def folded_key(folded: str) -> str:
    """:func:`name_key` of a text whose :func:`fold` is ``folded`` (the search index's bodies and
    the catalogue's stored names are folded already: this skips folding them again)."""
    # "ae/oe/ue" read as "a/o/u" (what fold makes of ä, ö, ü): re.sub(r"([aou])e", r"\1", ...)
    # but faster; the pairs cannot overlap and dropping an "e" never makes a new "oe" or "ue"
    # (tests/common/test_name_key.py checks the two agree).
    return folded.replace(" ", "").replace("ae", "a").replace("oe", "o").replace("ue", "u")


def key(name: str) -> str:
    """Matching key across sources: folded and without spaces ("Rock Stars" == "Rockstars").

    Used by the compiler to match names between sources and by the text importer
    to match archive records to catalogue entries.
    """
    return fold(name.replace("™", "").replace("®", "")).replace(" ", "")


#: German compound words: a word of at least this many letters is split into parts ...
COMPOUND_MIN = 8
#: ... each part at least this long, starting at least this far into the word.
PART_MIN = 4


def word_parts(word: str) -> list[str]:
    """The trailing parts of a folded German compound word, longest first (for the search index).

    German joins words without a space (Cäsium + Rüstung = Cäsiumrüstung); a
    search for a part should find the whole. Without a dictionary the word is
    not split at its true joints: every ending of :data:`PART_MIN` or more
    letters that starts :data:`PART_MIN` - 1 or more letters in is a part, so a
    prefix search over the parts is a search for any inner piece:
    ``word_parts("casiumrustung")`` holds ``"rustung"`` (and ``"umrustung"``,
    ``"stung"`` ...). Words shorter than :data:`COMPOUND_MIN` have no parts.
    """
    if len(word) < COMPOUND_MIN or not word.isalpha():
        return []
    return [word[i:] for i in range(PART_MIN - 1, len(word) - PART_MIN + 1)]


def slugify(text: str) -> str:
    """Stable, URL- and path-safe id made of ``[a-z0-9-]`` only.

    ``slugify("It's Your Fault!") == "its-your-fault"``. Apostrophes and dots vanish
    rather than split words. Raises ``ValueError`` for text with no letters or
    digits (a slug must never be empty: it becomes a folder name on the site).
    """
    text = ascii_fold(text).casefold().replace("'", "").replace(".", "")
    slug = _NOT_WORD.sub("-", text).strip("-")
    if not slug:
        raise ValueError(f"cannot make an id from {text!r}")
    return slug


SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def is_slug(value: str) -> bool:
    """True when ``value`` is a well-formed id (safe as a single path segment)."""
    return bool(SLUG_RE.match(value or ""))
