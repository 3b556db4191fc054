"""Work of a build done in a second process while the pages render: :class:`Beside`.

A build writes two kinds of output: the pages (rendered one by one, most of its time) and the
files made from the whole catalogue at once (downloads, search indexes, the play page's data,
icons). They do not read each other, so on a machine with a second core the second kind is made
by a child process forked from the build, which has the catalogue in memory already. Where
``fork`` is missing or unsafe (Windows, macOS) the work is simply done at once, in the build.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from typing import Callable


def _can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux") and (os.cpu_count() or 1) > 1


def _quiet() -> None:
    """In the child: its own standard streams (to /dev/null) and no warnings printed. A thread of the
    parent (a progress bar's) may have held a stream's lock at the fork; the child never waits for it."""
    import warnings

    warnings.simplefilter("ignore")
    sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")


class Beside:
    """Run ``work()`` in a forked child now; :meth:`wait` later gives back what it raised.

    The child ends with ``os._exit`` (no clean-up handlers of the parent run twice), prints nothing
    (:func:`_quiet`) and is killed by the kernel when the build ends first (``PR_SET_PDEATHSIG``, as
    the page writer's helper).
    Create it before any other helper process of the build, so that the child holds none of their
    pipes. Without ``fork``, ``work()`` runs in the constructor and its error is raised by :meth:`wait`.
    """

    def __init__(self, work: Callable[[], None], forking: bool | None = None):
        self._pid: int | None = None
        self._fd: int | None = None
        self._error: BaseException | None = None
        if not (_can_fork() if forking is None else forking):
            try:
                work()
            except Exception as exc:  # kept for wait(), so that both ways report at the same point
                self._error = exc
            return
        read, write = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: do the work, report the outcome, end without the parent's clean-up
            os.close(read)
            status = 0
            try:
                _quiet()
                from smashup_db.site.writer import _die_with_parent

                _die_with_parent(parent)
                work()
                answer = b""
            except BaseException as exc:  # noqa: BLE001 - every outcome goes back to the parent
                status = 1
                try:
                    answer = pickle.dumps(exc)
                except Exception:
                    answer = pickle.dumps(RuntimeError(repr(exc)))
            try:
                with os.fdopen(write, "wb") as fh:
                    fh.write(answer)
            finally:
                os._exit(status)
        os.close(write)
        self._pid, self._fd = pid, read

    def wait(self) -> None:
        """Wait for the work to end; raise what it raised (``OSError``, ``SiteError``, …)."""
        if self._pid is None:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            return
        fd, self._fd = self._fd, None  # closed by the with below, also when the read is interrupted (then stop())
        with os.fdopen(fd, "rb") as fh:
            answer = fh.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if answer:
            try:
                error = pickle.loads(answer)
            except Exception:
                error = RuntimeError("the build's second process failed")
            raise error
        if status != 0:
            raise OSError(None, "the build's second process ended unexpectedly")

    def stop(self) -> None:
        """Kill the child (the build is abandoned) and wait for it; nothing it wrote is kept by the caller."""
        if self._pid is None:
            return
        try:
            os.kill(self._pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self._pid, 0)
        if self._fd is not None:
            os.close(self._fd)
        self._pid = self._fd = None
