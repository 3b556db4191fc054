"""Run ``smashup ARGS`` stopped at one of its stop points: ``python tests/paused_smashup.py LABEL:SECONDS ARGS...``.

Replaces :func:`smashup_db.db.transaction.stop_point` (a no-op in the program) so that the write
transaction named LABEL, or a server reader after its first query (LABEL ``read``), prints
``paused in LABEL`` on stderr and sleeps SECONDS before going on: a test kills or freezes the command
there. The program itself reads no test setting.
"""

from __future__ import annotations

import sys
import time


def main() -> None:
    label, _, seconds = sys.argv[1].partition(":")
    from smashup_db.db import transaction

    def pause(name: str) -> None:
        if name == label:
            sys.stderr.write(f"paused in {name}\n")
            sys.stderr.flush()
            time.sleep(float(seconds or 60))

    transaction.stop_point = pause
    sys.argv = ["smashup", *sys.argv[2:]]
    from smashup_db.cli import main as smashup

    smashup()


if __name__ == "__main__":
    main()
