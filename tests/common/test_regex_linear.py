"""Every regular expression applied to imported or user text runs in linear time (issue 21, item 12).

Each compiled pattern of the package (found by walking its modules, so a new
one is covered without touching this file) and each function that applies an
inline pattern is fed adversarial strings at the size limit (10,000
characters: long runs of blanks after a prefix the pattern accepts, repeated
separators, repeated prefixes) and the same strings ten times shorter. What is
compared is how the cost grows, not how long a call takes: ten times the text
costs about ten times the CPU on a linear pattern and a hundred times on a
quadratic one (a backtracking pattern took 118.9 s for 300 rulings). The cost
is this thread's CPU time (``time.thread_time``), which other processes on a
loaded machine do not add to, and a call under :data:`FLOOR` counts as instant.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time

import pytest

N = 10_000
#: The shorter texts: N / 10 characters.
SHORT = N // 10
#: How many times the CPU of the short text the long one may cost (linear: ~10; quadratic: ~100).
GROWTH = 40
#: CPU seconds below which a call on the short text counts as instant (ratios of tiny timings are noise).
FLOOR = 0.0005

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


def adversarial(n: int = N) -> list[str]:
    """Strings of about ``n`` characters built to make backtracking patterns stall (the same kinds, in
    the same order, for every ``n``)."""
    out = [c * n for c in _FILL]
    for p in _PREFIXES:
        for c in (" ", "a", "1"):
            out.append(p + c * (n - len(p) - 1) + "!")
            out.append(p + c * (n - len(p)))
    out += [(r * (n // len(r) + 1))[:n] for r in _REPEATS]
    out += [(r * (n // len(r) + 1))[: n - 1] + "!" for r in _REPEATS]
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


def _cpu(fn, text: str) -> float:
    """CPU seconds this thread spends in ``fn(text)``."""
    start = time.thread_time()
    fn(text)
    return time.thread_time() - start


def growth(fn, short: str, long: str) -> float:
    """How many times the CPU of ``fn(short)`` (at least FLOOR) ``fn(long)`` costs; the best of up to
    three tries, so one unlucky measurement does not count."""
    best = float("inf")
    for _ in range(3):
        best = min(best, _cpu(fn, long) / max(_cpu(fn, short), FLOOR))
        if best <= GROWTH:
            break
    return best


def test_growth_tells_a_quadratic_function_from_a_linear_one():
    def linear(text):
        return sum(1 for _ in text)

    def quadratic(text):
        return sum(1 for i in range(0, len(text), 8) for _ in text[i:])

    short, long = "a" * SHORT, "a" * N
    assert growth(linear, short * 10, long * 10) <= GROWTH  # texts long enough to pass the floor
    assert growth(quadratic, short, long) > GROWTH


@pytest.fixture(scope="module")
def texts() -> list[tuple[str, str]]:
    """``(short, long)`` pairs: each adversarial text at N / 10 and at N characters."""
    return list(zip(adversarial(SHORT), adversarial(N), strict=True))


def test_the_patterns_are_found():
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
def test_every_pattern_is_linear(name, pattern, texts):
    for short, long in texts:
        for how in (
            pattern.match,
            pattern.search,
            pattern.fullmatch,
            lambda t: pattern.sub("", t),
            lambda t: list(pattern.finditer(t)),
        ):
            times = growth(how, short, long)
            assert times <= GROWTH, (name, repr(long[:40]), round(times))


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
def test_functions_with_inline_patterns_are_linear(name, fn, texts):
    for short, long in texts:
        try:
            times = growth(fn, short, long)
        except Exception:  # refusing the text is fine; taking long is not
            continue
        assert times <= GROWTH, (name, repr(long[:40]), round(times))
