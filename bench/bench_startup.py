"""Benchmark start-up: whole processes timed side by side in one run.

Usage: python bench/bench_startup.py [--runs N] [--db PATH] [--only-typer]

Times, each as a fresh process with output to a pipe (median and best of N runs,
wall clock):
  python3 -c pass                               (the floor)
  jq scanning the raw card archive JSON for Cesium Armor (what a shell user would do)
  smashup card "cesium armor"
  smashup card "Cäsiumrüstung" --json
  smashup search 't:minion f:ninjas pow>=3'
  smashup db build                              (rebuild of the facts)
  smashup import text <card archive>            (re-import: no changes)
and prints each look-up's ratio to the jq scan and to `python3 -c pass`, and the
writers' ratio to the card look-up. Then the CPU time (user + system, from the
kernel's rusage of each child) of `smashup card "cesium armor"` against the jq
scan in paired runs (jq, card, jq, card ...; the ratio of each pair, median and
quartiles), which is steadier than wall time on a loaded machine (issue 19: card
<= 1.0x jq). Then, paired the same way against ``python3 -c pass``, the CPU time of
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--db", help="database to use (default: a fresh temporary one)")
    ap.add_argument(
        "--only-typer", action="store_true", help="only the draft/collection/games ratios"
    )
    args = ap.parse_args()

    db = args.db or str(Path(tempfile.mkdtemp()) / "startup.db")
    env = {**os.environ, "SMASHUP_DB": db, "LANG": "C.UTF-8"}
    # As installed for a user: Python keeps compiled bytecode (the warm-up run writes it).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    smashup = [sys.executable, "-m", "smashup_db"]
    exe = shutil.which("smashup")
    if exe:
        smashup = [exe]
    if args.only_typer:
        subprocess.run(smashup + ["db", "build"], env=env, check=True, capture_output=True)
        return typer_ratios(smashup, env, max(args.runs, 20))
    if ARCHIVE.is_file():
        subprocess.run(
            smashup + ["import", "text", str(ARCHIVE)], env=env, check=True, capture_output=True
        )

    rows: dict[str, tuple[float, float]] = {}
    rows["python3 -c pass"] = timed([sys.executable, "-c", "pass"], env, args.runs)
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

    py = rows["python3 -c pass"][0]
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
        med, lo, hi, ms = paired_cpu(
            ["jq", JQ_FILTER, str(ARCHIVE)],
            smashup + ["card", "cesium armor"],
            env,
            max(args.runs, 20),
        )
        print(
            f'CPU, paired with jq: card "cesium armor" {statistics.median(ms):.1f} ms, '
            f"{med:.2f}x jq (quartiles {lo:.2f}-{hi:.2f})"
        )
        # the floor under any Python command: the interpreter's own start-up against jq
        med, lo, hi, ms = paired_cpu(
            ["jq", JQ_FILTER, str(ARCHIVE)], [sys.executable, "-c", "pass"], env, max(args.runs, 20)
        )
        print(
            f"CPU, paired with jq: python3 -c pass {statistics.median(ms):.1f} ms, "
            f"{med:.2f}x jq (quartiles {lo:.2f}-{hi:.2f}; the floor of any command written in Python)"
        )
        # a text with typographic quotes (’“”•): printed piped without Rich too (issue 30)
        med, lo, hi, ms = paired_cpu(
            ["jq", JQ_FILTER, str(ARCHIVE)],
            smashup + ["card", "Laser Sword"],
            env,
            max(args.runs, 20),
        )
        print(
            f'CPU, paired with jq: card "Laser Sword" {statistics.median(ms):.1f} ms, '
            f"{med:.2f}x jq (quartiles {lo:.2f}-{hi:.2f})"
        )
    typer_ratios(smashup, env, max(args.runs, 20))


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


def typer_ratios(smashup: list[str], env: dict, runs: int) -> None:
    """Print each of :data:`TYPER_COMMANDS`' CPU time over ``python3 -c pass``'s (paired), with the goal."""
    py = [sys.executable, "-c", "pass"]
    for label, a in TYPER_COMMANDS.items():
        med, lo, hi, ms = paired_cpu(py, smashup + a, env, runs)
        verdict = "ok" if med <= TYPER_GOAL else "OVER"
        print(
            f"CPU, paired with python3 -c pass: {label} {statistics.median(ms):.1f} ms, "
            f"{med:.1f}x python (quartiles {lo:.1f}-{hi:.1f}; goal <= {TYPER_GOAL:g}x: {verdict})"
        )


if __name__ == "__main__":
    main()
