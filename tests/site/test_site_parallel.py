"""The build's second process (:class:`smashup_db.site.parallel.Beside`): its outcome and its stop."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from smashup_db.errors import UserError
from smashup_db.site.parallel import Beside

fork_only = pytest.mark.skipif(not (hasattr(os, "fork") and sys.platform.startswith("linux")),
                               reason="the second process is a fork (Linux)")


@pytest.mark.parametrize("forking", [pytest.param(True, marks=fork_only), False])
def test_what_the_work_raises_comes_back_from_wait(forking, tmp_path):
    def work():
        (tmp_path / "done").write_text("yes")
        raise UserError("the work failed on purpose")

    beside = Beside(work, forking=forking)
    with pytest.raises(UserError, match="failed on purpose"):
        beside.wait()
    assert (tmp_path / "done").read_text() == "yes"  # the work ran (in the child, or at once)


@fork_only
def test_an_interrupted_wait_leaves_the_second_process_to_stop(tmp_path):
    """Ctrl+C while the build waits for the second process: the build's clean-up stops it (no error of
    its own, which would hide the Ctrl+C and skip removing the build folder)."""
    beside = Beside(lambda: time.sleep(30), forking=True)
    pid = beside._pid

    def interrupt(_signum, _frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            beside.wait()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    beside.stop()
    with pytest.raises(ChildProcessError):  # reaped: no such child any more
        os.waitpid(pid, os.WNOHANG)
