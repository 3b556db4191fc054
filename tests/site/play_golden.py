"""The golden draft table of the play page: cases, their URL, their CLI command, and the table itself.

:func:`record` makes the table from the Python CLI on every test run (the ``golden_drafts`` fixture in
``tests/site/conftest.py``; nothing is stored, so it cannot go stale): >= 200 drafts across formats, pool
options, base modes, player counts, seeds and owned boxes, each with what ``smashup draft ... --auto
--json --lang L`` printed (or its one-line refusal, exit 1). The play page's engine must then give the
same, in Node (test_play_golden.py) and in Chromium (test_play_browser.py). To look at it::

    python tests/site/play_golden.py WORKDIR OUT.json

Cases with owned boxes run on a database whose collection ``owner<i>`` holds them (``smashup collection add``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from urllib.parse import quote

NAMES = [
    "Anna",
    "Ben",
    "Cleo",
    "Dora",
    "Emil",
    "Jürgen",
    "Zoë",
    "Ōta",
    "<b>Max</b>",
    "Li Wei",
    "O'Neil",
    "Fritz",
]


def make_cases(factions: list[str], products: list[str], n: int = 220) -> list[dict]:
    """``n`` varied draft cases (deterministic); ``factions``/``products`` are the catalogue's ids."""
    rng = random.Random(2026_12_01)
    cases: list[dict] = [
        {"players": ["Anna", "Ben", "Cleo", "Dora"], "seed": 11, "ban": ["aliens"], "lang": "de"},
        {"players": ["Anna", "Ben", "Cleo"], "seed": 7, "lang": "en"},
    ]
    formats = ["snake", "snake", "random", "offer", "pick-one-random"]
    while len(cases) < n:
        i = len(cases)
        case: dict = {
            "players": rng.sample(NAMES, rng.randint(2, 8 if i % 5 == 0 else 5)),
            "seed": rng.choice(
                [rng.randrange(1, 1_000_000), rng.randrange(0, 100), 2**40 + rng.randrange(99)]
            ),
            "lang": rng.choice(["en", "de"]),
        }
        kind = i % 4
        if kind:  # else a plain snake draft (the original draw)
            fmt = rng.choice(formats)
            if fmt != "snake":
                case["format"] = fmt
            if fmt == "offer" and rng.random() < 0.6:
                case["offer"] = rng.choice([2, 3, 4])
            if rng.random() < 0.5:
                case["ban"] = rng.sample(factions, rng.randint(1, 4))
            if rng.random() < 0.3:
                case["include"] = [
                    f
                    for f in rng.sample(factions, rng.randint(1, 2))
                    if f not in case.get("ban", [])
                ]
            if rng.random() < 0.3:
                case["complexity"] = rng.sample(["low", "medium", "high"], rng.randint(1, 2))
            if rng.random() < 0.2:
                case["products"] = rng.sample(products, rng.randint(2, 9))
        if rng.random() < 0.4:
            case["base_mode"] = rng.choice(["faction", "all"])
        if rng.random() < 0.08 and case.get("format", "snake") in ("snake", "pick-one-random"):
            case["pool"] = rng.choice([10, 12, 16])
        if rng.random() < 0.1:
            case["start"] = case["players"][-1]
        if rng.random() < 0.12:
            owned = rng.sample(products, rng.randint(4, 12))
            case["owned"] = [
                [p, 2 if j == 0 and rng.random() < 0.5 else 1] for j, p in enumerate(owned)
            ]
        cases.append(case)
    return cases + agreement_cases(products)


def agreement_cases(products: list[str]) -> list[dict]:
    """One case per row of docs/play.md's table "Same input, same answer": inputs the play page and
    ``smashup draft`` once answered differently (each must now give the same result or refusal)."""
    big = "9" * 4301  # more digits than Python's int() reads by default
    two = ["Anna", "Ben"]
    return [
        {"players": ["Straße", "Ben"], "seed": 3, "start": "STRASSE", "lang": "en"},
        {"players": ["Anna", "STRASSE"], "seed": 3, "start": "straße", "lang": "de"},
        {"players": two, "seed": 5, "owned": [[products[0], 0]], "lang": "en"},
        {"players": two, "seed": 5, "owned": [[products[0], 100]], "lang": "de"},
        {"players": two, "seed": 5, "owned": [[products[0], 99], [products[1], 1]], "lang": "en"},
        {"players": two, "seed": 5, "base_mode": "SET", "lang": "en"},
        {"players": two, "seed": "+7", "lang": "en"},
        {"players": two, "seed": "1_000", "lang": "de"},
        {"players": two, "seed": "7.0", "lang": "en"},
        {"players": two, "seed": big, "lang": "en"},
        {"players": two, "seed": 2**53, "lang": "de"},
        {"players": two, "seed": 2**53 - 1, "lang": "en"},
        {"players": two, "seed": -(2**53 - 1), "lang": "en"},
        {"players": two, "seed": 9, "pool": "99999999999999999999999", "lang": "en"},
        {"players": two, "seed": 9, "pool": 10**15 + 1, "lang": "en"},
        {"players": two, "seed": 9, "format": "offer", "offer": 10**15 + 1, "lang": "de"},
        {"players": two, "seed": 9, "format": "offer", "offer": "3.0", "lang": "en"},
        {"players": two, "seed": 9, "format": "bogus", "lang": "de"},
        {"players": two, "seed": 9, "format": "bogus", "lang": "en"},
        {"players": two, "seed": 9, "base_mode": "bogus", "lang": "de"},
        {"players": two, "seed": 9, "complexity": ["sehr"], "lang": "de"},
        {"players": two, "seed": "\u0667", "lang": "en"},  # an Arabic-Indic 7: int() reads it
        {"players": two, "seed": " 7", "lang": "de"},  # spaces around are ignored by both
        {"players": two, "seed": 9, "pool": "+10", "lang": "en"},
        {"players": two, "seed": 9, "format": "offer", "offer": "1_0", "lang": "de"},
        {"players": two, "seed": 12, "format": "Schlange", "lang": "de"},
        {"players": two, "seed": 12, "complexity": ["niedrig", "Mittel"], "lang": "de"},
        {"players": two, "seed": 12, "base_mode": "Fraktion", "lang": "de"},
        {"players": two, "seed": 12, "base_mode": "alle", "lang": "en"},
    ]


def url_query(case: dict) -> str:
    """The play page's query string for ``case`` (the URL contract), with ``auto=1``."""
    parts = [("players", ",".join(case["players"])), ("seed", str(case["seed"])), ("auto", "1")]
    for key in ("format", "offer", "pool", "start", "base_mode"):
        if key in case:
            parts.append((key, str(case[key])))
    for key in ("ban", "include", "complexity", "products"):
        if case.get(key):
            parts.append((key, ",".join(case[key])))
    if case.get("owned"):
        parts.append(("owned", ",".join(p if n == 1 else f"{p}:{n}" for p, n in case["owned"])))
    return "&".join(f"{k}={quote(v, safe=',')}" for k, v in parts)


def cli_args(case: dict, owner: str | None = None) -> list[str]:
    """``smashup draft`` arguments for ``case`` (``--collection owner`` when it has owned boxes)."""
    args = [
        "draft",
        "--players",
        ",".join(case["players"]),
        "--seed",
        str(case["seed"]),
        "--auto",
        "--json",
        "--lang",
        case["lang"],
    ]
    for key, opt in (
        ("format", "--format"),
        ("offer", "--offer"),
        ("pool", "--pool"),
        ("start", "--start"),
        ("base_mode", "--mode"),
    ):
        if key in case:
            args += [opt, str(case[key])]
    for key in ("ban", "include", "complexity", "products"):
        if case.get(key):
            args += [f"--{key}", ",".join(case[key])]
    if owner is not None:
        args += ["--collection", owner]
    return args


def record(workdir: Path) -> list[dict]:
    """Run every case through ``smashup draft`` (in-process, fresh databases under ``workdir``); returns
    ``[{"case": ..., "query": ..., "result": {...} | None, "error": str | None}]`` (``error``: the CLI's
    English or German line). Owned cases get their own database, so the other cases see no collection."""
    from typer.testing import CliRunner

    from smashup_db.catalogue.view import Catalogue
    from smashup_db.cli import app
    from smashup_db.compiler.bootstrap import ensure_current, open_reader

    runner = CliRunner()
    plain_db, owned_db = str(workdir / "plain.db"), str(workdir / "owned.db")
    for db in (plain_db, owned_db):
        ensure_current(db)
    reader = open_reader(plain_db)
    try:
        model = Catalogue(reader, "en").model
        factions, products = list(model.factions), list(model.products)
    finally:
        reader.close()
    rows = []
    for i, case in enumerate(make_cases(factions, products)):
        owner, res = None, None
        db = plain_db
        if case.get("owned"):
            owner, db = f"owner{i}", owned_db
            for p, n in case["owned"]:
                res = runner.invoke(
                    app,
                    [
                        "collection",
                        "add",
                        p,
                        "--owner",
                        owner,
                        "--copies",
                        str(n),
                        "--printing",
                        "current",
                        "--lang",
                        case["lang"],
                        "--db",
                        db,
                    ],
                )
                if res.exit_code:  # refused (copies out of bounds): the draft's answer is that line
                    break
        if res is None or res.exit_code == 0:
            res = runner.invoke(app, cli_args(case, owner) + ["--db", db])
        row = {"case": case, "query": url_query(case), "result": None, "error": None}
        if res.exit_code == 0:
            row["result"] = json.loads(res.stdout)
        else:
            row["error"] = (res.stderr or res.output).strip().splitlines()[-1]
        rows.append(row)
    return rows


if __name__ == "__main__":  # python tests/site/play_golden.py WORKDIR OUT.json
    import sys

    out = record(Path(sys.argv[1]))
    # one draft per line, so that two tables compare line by line
    Path(sys.argv[2]).write_text(
        "[\n"
        + ",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in out)
        + "\n]\n",
        encoding="utf-8",
    )
    print(len(out), "drafts,", sum(1 for r in out if r["error"]), "refused")
