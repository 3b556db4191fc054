"""Issue 21 item 12: every regular expression applied to imported or user text runs in linear time.

Each compiled pattern of the package (found by walking its modules, so a new
one is covered without touching this file) and each function that applies an
inline pattern is fed adversarial strings at the size limit (10,000
characters: long runs of blanks after a prefix the pattern accepts, repeated
separators, repeated prefixes). A backtracking pattern takes seconds on such
a string (the issue measured 118.9 s for 300 rulings); a linear one takes
about a millisecond, so the bound below is generous for a loaded machine.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time

import pytest

N = 10_000
#: Seconds one call may take on a 10,000-character string (linear: ~1 ms; quadratic: seconds).
LIMIT = 0.4

_PREFIXES = [
    "",
    "yes",
    "no",
    "Yes, wording",
    "power",
    "Power 3",
    "power x",
    "2x Name",
    "1x a -",
    "a.json",
    "x.csv (",
    "Minion:",
    "Ongoing",
    "Talent",
    "When this base scores",
    "Play on a",
    "extra",
    "named by",
    "line 1",
    "line 2, column",
    "t:minion",
    "pow",
    "-",
    ".a",
    "a-b",
    "f:ninjas",
    "no card named",
    "unknown card x",
    "the database",
    "Fusion",
    "for every 1",
    "replace it",
    "\x1b[",
    "word",
    "a b",
]
_FILL = [" ", "\t", "a", "1", ".", "-", ":", ";", "(", ",", "é", "\u202e", "x"]
_REPEATS = [
    "yes ",
    "no/",
    "a.json",
    "; did you mean: ",
    ": ",
    " named ",
    "power ",
    "1x ",
    " - ",
    "a.",
    "a-",
    "Minion: ",
    "(x)",
    " at column 1",
    "line 1: ",
    "{",
    "ab",
    "yes, ",
    "\\",
    "Ongoing ",
    "a (",
]


def adversarial() -> list[str]:
    """Strings of about N characters built to make backtracking patterns stall."""
    out = [c * N for c in _FILL]
    for p in _PREFIXES:
        for c in (" ", "a", "1"):
            out.append(p + c * (N - len(p) - 1) + "!")
            out.append(p + c * (N - len(p)))
    out += [(r * (N // len(r) + 1))[:N] for r in _REPEATS]
    out += [(r * (N // len(r) + 1))[: N - 1] + "!" for r in _REPEATS]
    return out


def _patterns() -> list[tuple[str, re.Pattern]]:
    import smashup_db

    found = []
    for info in pkgutil.walk_packages(smashup_db.__path__, "smashup_db."):
        if info.name.endswith(".__main__"):
            continue
        try:
            mod = importlib.import_module(info.name)
        except Exception:  # a module needing an optional extra
            continue
        for name, value in vars(mod).items():
            if isinstance(value, re.Pattern):
                found.append((f"{info.name}.{name}", value))
            elif isinstance(value, dict):
                found += [
                    (f"{info.name}.{name}[{k!r}]", v)
                    for k, v in value.items()
                    if isinstance(v, re.Pattern)
                ]
    return sorted(dict.fromkeys(found), key=lambda t: t[0])


def _timed(fn, text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return time.perf_counter() - start


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return adversarial()


def test_item12_the_patterns_are_found():
    names = {n for n, _ in _patterns()}
    for expected in (
        "smashup_db.site.clean._FLAG_RE",
        "smashup_db.importer.card_archive.POWER_PREFIX",
        "smashup_db.cli.output._WORD",
        "smashup_db.compiler.sources.randomizer._LINE",
    ):
        assert expected in names, sorted(names)
    assert len(names) >= 25


@pytest.mark.parametrize("name,pattern", _patterns(), ids=[n for n, _ in _patterns()])
def test_item12_every_pattern_is_linear(name, pattern, texts):
    for text in texts:
        for how in (
            pattern.match,
            pattern.search,
            pattern.fullmatch,
            lambda t: pattern.sub("", t),
            lambda t: list(pattern.finditer(t)),
        ):
            took = _timed(how, text)
            assert took < LIMIT, (name, repr(text[:40]), len(text), round(took, 2))


def _callers():
    """Functions that apply inline patterns (or patterns built at run time) to imported or user text."""
    from smashup_db.cli.output import wrap
    from smashup_db.compiler.sources import archive as adapters
    from smashup_db.errors import UserError
    from smashup_db.i18n import N_, render
    from smashup_db.importer import card_archive
    from smashup_db.search.execute import find_spans
    from smashup_db.search.parser import Words, parse, tokenize
    from smashup_db.site import clean

    out = [
        ("clean.says_something", clean.says_something),
        ("clean.public_source", clean.public_source),
        ("clean.public_note", clean.public_note),
        ("card_archive.clean_text", card_archive.clean_text),
        ("render(de)", lambda t: render(UserError(N_("no card named {name}"), name=t), "de")),
        ("wrap", lambda t: wrap(t, 80)),
        (
            "find_spans",
            lambda t: find_spans(
                t,
                [
                    Words(("a", "b"), "any", False),
                    Words(("yes",), "any", True),
                    Words(("power", "x"), "any", False),
                ],
            ),
        ),
        ("search.parse", parse),
        ("search.tokenize", tokenize),
        ("card_archive.faction_id", card_archive.faction_id),
        ("adapters.is_fusion", adapters.is_fusion),
        ("adapters.printed_power", adapters.printed_power),
        ("adapters.keywords_of", adapters.keywords_of),
        ("adapters.scoring_flag", lambda t: adapters.scoring_flag(t, [3, 2, 1])),
    ]
    return out


@pytest.mark.parametrize("name,fn", _callers(), ids=[n for n, _ in _callers()])
def test_item12_functions_with_inline_patterns_are_linear(name, fn, texts):
    for text in texts:
        try:
            took = _timed(fn, text)
        except Exception:  # refusing the text is fine; taking long is not
            continue
        assert took < LIMIT, (name, repr(text[:40]), round(took, 2))
