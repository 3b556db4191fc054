"""Benchmark start-up: whole processes timed side by side in one run.

Usage: python bench/bench_startup.py [--runs N] [--db PATH] [--only-typer] [--venv DIR | --make-venv]

Which interpreter: start-up is measured for the ``smashup`` console script and the ``python`` of a
virtual environment, as a user installs the package (``--venv DIR``: an existing one with smashup-db
installed; ``--make-venv``: a throwaway one made with ``python -m venv`` and ``pip install -e`` of
this checkout, removed at the end). Without either, the interpreter running this script and the
``smashup`` on PATH are used: a global interpreter's start-up is not ours to measure, as its
``site-packages`` may hold ``.pth`` files that import modules at every start (a certificate bundle's
``certifi``) and ``python3``/``smashup`` on PATH may be a version manager's shell-script shim (pyenv),
which both add to every Python command and to its floor alike (on the machine of issue 30, such an
interpreter's ``python3 -c pass`` cost 1.25x the jq scan, a plain venv's 0.27x).

Times, each as a fresh process with output to a pipe (median and best of N runs,
wall clock):
  python3 -c pass                               (the floor)
  jq scanning the raw card archive JSON for Cesium Armor (what a shell user would do)
  smashup card "cesium armor"
  smashup card "Cäsiumrüstung" --json
  smashup card "Powerful Sword", smashup card Wish   (texts holding ’ “ ” and •)
  smashup search 't:minion f:ninjas pow>=3'
  smashup db build                              (rebuild of the facts)
  smashup import text <card archive>            (re-import: no changes)
and prints each look-up's ratio to the jq scan and to `python3 -c pass`, and the
writers' ratio to the card look-up. Then the CPU time (user + system, from the
kernel's rusage of each child) of `smashup card "cesium armor"` against the jq
scan in paired runs (jq, card, jq, card ...; the ratio of each pair, median and
quartiles), which is steadier than wall time on a loaded machine (issue 19: card
<= 1.0x jq), with the floor (``python -c pass``) paired the same way and the cards
whose texts hold ’ “ ” and • (issue 30: printed piped without Rich too). Then, paired the same way against ``python3 -c pass``, the CPU time of
the commands that go through Typer: ``draft --players A,B,C --auto --seed 1
--json``, ``collection list`` and ``games list`` (goal: each <= 12x python).
Goals (issue 10): look-up <= 1.5x jq and
<= 6x python; db build and import text <= 2x a look-up. Needs jq on PATH and
../shared/data for the jq and import rows (skipped without them). Bytecode
caching is on (PYTHONDONTWRITEBYTECODE is dropped), as for an installed package.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ARCHIVE = (
    Path(__file__).resolve().parents[1].parent
    / "shared"
    / "data"
    / "card-archive"
    / "smashup-catalog.json"
)
JQ_FILTER = '.factions[] | .cards[] | select(.name == "Cesium Armor")'


def timed(cmd: list[str], env: dict, runs: int) -> tuple[float, float]:
    """``(median, best)`` wall time in ms of ``runs`` runs of ``cmd`` (after one warm-up run)."""
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times)


def cpu_ms(cmd: list[str], env: dict) -> float:
    """CPU time (user + system) in ms of one run of ``cmd``, output to a pipe."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, cmd)
    return (usage.ru_utime + usage.ru_stime) * 1000


def paired_cpu(
    a: list[str], b: list[str], env: dict, runs: int
) -> tuple[float, float, float, list[float]]:
    """``b``'s CPU time over ``a``'s in ``runs`` pairs: (median, lower quartile, upper quartile, b's ms)."""
    cpu_ms(a, env), cpu_ms(b, env)  # warm-up (bytecode, page cache)
    ratios, b_ms = [], []
    for _ in range(runs):
        ta, tb = cpu_ms(a, env), cpu_ms(b, env)
        ratios.append(tb / ta)
        b_ms.append(tb)
    q = statistics.quantiles(ratios, n=4)
    return statistics.median(ratios), q[0], q[2], b_ms


def make_venv(folder: Path) -> Path:
    """A new virtual environment in ``folder`` with this checkout installed editable (``pip install -e``)."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    repo = Path(__file__).resolve().parents[1]
    subprocess.run(
        [str(folder / "bin" / "python"), "-m", "pip", "install", "-q", "-e", str(repo)], check=True
    )
    return folder


#: Look-ups whose CPU time is paired with the jq scan's (goal: each <= 1.0x jq).
PAIRED_LOOKUPS = {
    'card "cesium armor"': ["card", "cesium armor"],
    'card "Powerful Sword" (text with ’ “ ”)': ["card", "Powerful Sword"],
    "card Wish (text with •)": ["card", "Wish"],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--db", help="database to use (default: a fresh temporary one)")
    ap.add_argument(
        "--only-typer", action="store_true", help="only the draft/collection/games ratios"
    )
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--venv", help="a virtual environment with smashup-db installed")
    where.add_argument(
        "--make-venv",
        action="store_true",
        help="make a throwaway virtual environment with this checkout installed editable",
    )
    args = ap.parse_args()

    made = None
    if args.make_venv:
        made = Path(tempfile.mkdtemp(prefix="smashup-bench-venv-"))
        args.venv = str(make_venv(made / "venv"))
    try:
        run(args)
    finally:
        if made:
            shutil.rmtree(made, ignore_errors=True)


def run(args) -> None:
    """The measurements of :func:`main` with its parsed ``args``."""
    db = args.db or str(Path(tempfile.mkdtemp()) / "startup.db")
    env = {**os.environ, "SMASHUP_DB": db, "LANG": "C.UTF-8"}
    # As installed for a user: Python keeps compiled bytecode (the warm-up run writes it).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.venv:
        python = [str(Path(args.venv) / "bin" / "python")]
        smashup = [str(Path(args.venv) / "bin" / "smashup")]
        env.pop("PYTHONPATH", None)  # the venv's own install, not a checkout on the path
        print(f"interpreter: {python[0]} (virtual environment), command: {smashup[0]}")
    else:
        python = [sys.executable]
        smashup = [sys.executable, "-m", "smashup_db"]
        exe = shutil.which("smashup")
        if exe:
            smashup = [exe]
        print(
            f"interpreter: {python[0]}, command: {smashup[0]} (not a venv: its site-packages' .pth "
            "files and any shim count in every row; --make-venv measures as installed)"
        )
    if args.only_typer:
        subprocess.run(smashup + ["db", "build"], env=env, check=True, capture_output=True)
        return typer_ratios(python, smashup, env, max(args.runs, 20))
    if ARCHIVE.is_file():
        subprocess.run(
            smashup + ["import", "text", str(ARCHIVE)], env=env, check=True, capture_output=True
        )

    rows: dict[str, tuple[float, float]] = {}
    rows["python -c pass"] = timed(python + ["-c", "pass"], env, args.runs)
    if shutil.which("jq") and ARCHIVE.is_file():
        rows["jq scan of the archive"] = timed(["jq", JQ_FILTER, str(ARCHIVE)], env, args.runs)
    lookups = {
        'card "cesium armor"': ["card", "cesium armor"],
        'card "Cäsiumrüstung" --json': ["card", "Cäsiumrüstung", "--json"],
        'card "Laser Sword" (text with ’)': ["card", "Laser Sword"],
        "search 't:minion f:ninjas pow>=3'": ["search", "t:minion f:ninjas pow>=3"],
    }
    for label, a in lookups.items():
        rows[label] = timed(smashup + a, env, args.runs)
    writers = {"db build": ["db", "build"]}
    if ARCHIVE.is_file():
        writers["import text (no changes)"] = ["import", "text", str(ARCHIVE)]
    for label, a in writers.items():
        rows[label] = timed(smashup + a, env, max(3, args.runs // 4))

    py = rows["python -c pass"][0]
    jq = rows.get("jq scan of the archive", (None,))[0]
    card = rows['card "cesium armor"'][0]
    print(
        f"{'command':40} {'median ms':>10} {'best ms':>9} {'x jq':>6} {'x python':>9} {'x look-up':>10}"
    )
    for label, (med, best) in rows.items():
        is_lookup = label in lookups
        x_jq = f"{med / jq:.2f}" if jq and is_lookup else ""
        x_py = f"{med / py:.1f}" if is_lookup else ""
        x_lk = f"{med / card:.2f}" if label in writers else ""
        print(f"{label:40} {med:10.1f} {best:9.1f} {x_jq:>6} {x_py:>9} {x_lk:>10}")
    if jq:
        jq_cmd = ["jq", JQ_FILTER, str(ARCHIVE)]
        # the floor under any Python command: the interpreter's own start-up against jq
        med, lo, hi, ms = paired_cpu(jq_cmd, python + ["-c", "pass"], env, max(args.runs, 20))
        print(
            f"CPU, paired with jq: python -c pass {statistics.median(ms):.1f} ms, "
            f"{med:.2f}x jq (quartiles {lo:.2f}-{hi:.2f}; the floor of any command written in Python)"
        )
        for label, a in PAIRED_LOOKUPS.items():
            med, lo, hi, ms = paired_cpu(jq_cmd, smashup + a, env, max(args.runs, 20))
            print(
                f"CPU, paired with jq: {label} {statistics.median(ms):.1f} ms, {med:.2f}x jq "
                f"(quartiles {lo:.2f}-{hi:.2f}; goal <= 1.0x: {'ok' if med <= 1.0 else 'OVER'})"
            )
        # the same database where a user has it: the default location (no SMASHUP_DB), which
        # costs the look-up the user data folder's rule (db.engine.linux_data_folder)
        home = Path(tempfile.mkdtemp(prefix="smashup-bench-home-"))
        (home / "smashup-db").mkdir()
        shutil.copyfile(db, home / "smashup-db" / "smashup.db")
        plain = {k: v for k, v in env.items() if k != "SMASHUP_DB"} | {"XDG_DATA_HOME": str(home)}
        med, lo, hi, ms = paired_cpu(
            jq_cmd, smashup + ["card", "cesium armor"], plain, max(args.runs, 20)
        )
        shutil.rmtree(home, ignore_errors=True)
        print(
            f'CPU, paired with jq: card "cesium armor" (default database location) '
            f"{statistics.median(ms):.1f} ms, {med:.2f}x jq (quartiles {lo:.2f}-{hi:.2f}; "
            f"goal <= 1.0x: {'ok' if med <= 1.0 else 'OVER'})"
        )
    typer_ratios(python, smashup, env, max(args.runs, 20))


#: Commands outside the fast path whose CPU time is compared with ``python3 -c pass`` (goal: <= 12x).
TYPER_COMMANDS = {
    "draft --players A,B,C --auto --seed 1 --json": [
        "draft",
        "--players",
        "A,B,C",
        "--auto",
        "--seed",
        "1",
        "--json",
    ],
    "collection list": ["collection", "list"],
    "games list": ["games", "list"],
}
TYPER_GOAL = 12.0


def typer_ratios(python: list[str], smashup: list[str], env: dict, runs: int) -> None:
    """Print each of :data:`TYPER_COMMANDS`' CPU time over ``python -c pass``'s (paired), with the goal."""
    py = python + ["-c", "pass"]
    for label, a in TYPER_COMMANDS.items():
        med, lo, hi, ms = paired_cpu(py, smashup + a, env, runs)
        verdict = "ok" if med <= TYPER_GOAL else "OVER"
        print(
            f"CPU, paired with python -c pass: {label} {statistics.median(ms):.1f} ms, "
            f"{med:.1f}x python (quartiles {lo:.1f}-{hi:.1f}; goal <= {TYPER_GOAL:g}x: {verdict})"
        )


if __name__ == "__main__":
    main()
