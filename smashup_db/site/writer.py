"""Write the pages of a build in a helper process while the next pages are rendered.

A site has thousands of pages, each in its own folder (``cards/<id>/index.html``).
Creating a folder and a file are system calls whose cost is the kernel's, not
Python's: on a slow disk they cost more than rendering the page. So the build
hands each rendered page to :class:`PageWriter`, which sends it through a pipe
to a helper process that writes it (on a few threads) while the build goes on
rendering; the two run on different cores. Threads inside the build process
would not do: every write would wait for the interpreter lock that rendering
holds.

The helper is this file run by the same Python (``python -S -E writer.py``:
the standard library only, no site packages, started in milliseconds), not a
fork of the build process, so it is safe beside threads (a progress bar's) and
works the same on every system. Where it cannot be started, the pages are
written by the build process itself, one after another.

Protocol on the helper's stdin: per page an 8-byte header (path length, page
length; two little-endian unsigned 32-bit numbers), the UTF-8 path and the
UTF-8 page; a header of two zeros ends the build; a header (0, :data:`SYNC`) asks for one
answer line (as below) once every write so far is done, and the build goes on. A path length with the
high bit set (:data:`LINK`) asks for a link instead: the "page" is the UTF-8
path of an existing file (of the previous build) to hard-link, or copy, there; with an empty
path, the "page" is many such pairs, ``path NUL source NUL …``. The helper answers with one
JSON line on stdout: ``{}`` when every page was written, else
``{"errno", "strerror", "filename"}`` of the first write that failed (later
pages are then skipped). End of input without the closing header means the
build was abandoned: the helper finishes only the writes already under way,
drops the queued ones and exits.

The helper dies with its build: on Linux it asks the kernel for SIGKILL when
its parent ends (``prctl(PR_SET_PDEATHSIG)``), and everywhere it stops when
its parent's process id changes, so a build killed with SIGKILL leaves no
process that goes on writing into a folder the next build removes.

Errors are not lost: :meth:`PageWriter.close` raises that first ``OSError``
again (a full disk, say); the build then removes its temporary folder as for
any other error.
"""

from __future__ import annotations

import json
import os
import struct
import sys

#: Threads of the helper. The calls wait on the file system, so more threads than cores help.
THREADS = 4
HEADER = struct.Struct("<II")
#: Flag on the path length: link an existing file instead of writing a page (incremental builds).
LINK = 0x80000000
GONE = "the page-writing process ended unexpectedly"
#: Length field of a message without a path that asks the helper to answer once all writes so far are done.
SYNC = 1
#: Test hook: pages whose path contains this text fail as on a full disk. Never set it otherwise.
FULL_DISK_VAR = "SMASHUP_TEST_FULL_DISK"
#: Test hook: seconds each page write waits first, as on a slow disk. Never set it otherwise.
SLOW_DISK_VAR = "SMASHUP_TEST_SLOW_DISK"


def write_page(path: str, data: bytes) -> None:
    """Write ``data`` (a UTF-8 page) to ``path``, creating its folder. Raises ``OSError``."""
    full = os.environ.get(FULL_DISK_VAR)
    if full and full in path:
        import errno

        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
    slow = os.environ.get(SLOW_DISK_VAR)
    if slow:
        import time

        time.sleep(float(slow))
    try:
        fh = open(path, "wb")
    except FileNotFoundError:  # its folder is new (most are there already: the spare's, .outdir.start_folder)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fh = open(path, "wb")
    with fh:
        fh.write(data)


def link_page(path: str, source: str) -> None:
    """Hard-link ``source`` (a page of the previous build) to ``path``, creating its folder; copy where
    links are not possible. Raises ``OSError``."""
    try:
        try:
            os.link(source, path)
        except FileNotFoundError:  # its folder is new; creating it first each time would lock the parent folder
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.link(source, path)
    except OSError:
        import shutil

        shutil.copyfile(source, path)


class PageWriter:
    """Collects ``(path, html)`` pages and writes them in a helper process.

    Use as a context manager; leaving the block waits until every page is
    written and raises the first ``OSError`` of any write. When the block itself
    raises, the helper stops after the writes it has begun (so the caller can
    remove the folder safely) and the exception goes on. When a wait for the
    helper is itself interrupted (Ctrl+C while the last pages are written), the
    helper is killed before the exception goes on: in every case no page is
    written once this object has raised.
    """

    def __init__(self):
        import subprocess

        self.written = 0
        try:
            self._proc = subprocess.Popen([sys.executable, "-S", "-E", os.path.abspath(__file__), str(os.getpid())],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 20)
        except OSError:  # no interpreter to start (an embedded Python): write here instead
            self._proc = None

    def add(self, path: str, html: str) -> None:
        """Hand over one page (``path``: a file path as text). Raises ``OSError`` if the helper is gone."""
        self.written += 1
        data = html.encode("utf-8")
        if self._proc is None:
            write_page(path, data)
            return
        name = path.encode("utf-8")
        try:
            self._proc.stdin.write(HEADER.pack(len(name), len(data)) + name + data)
        except BrokenPipeError:
            self._gone()

    def sync(self) -> None:
        """Wait until every page handed over so far is on disk (the build goes on handing over more
        afterwards); raises the first write's ``OSError``."""
        if self._proc is None:
            return
        answer = self._ask(SYNC)
        if not answer:
            self._gone()
        _raise_failure(answer)

    def link_many(self, pairs: list[tuple[str, str]]) -> None:
        """Hand over pages taken from the previous build, ``[(path, source)]``, in one message: each ``source``
        (a file of the previous build) is hard-linked, or copied, to its ``path``."""
        if not pairs:
            return
        self.written += len(pairs)
        if self._proc is None:
            for path, source in pairs:
                link_page(path, source)
            return
        data = "\0".join(p for pair in pairs for p in pair).encode("utf-8")
        try:
            self._proc.stdin.write(HEADER.pack(LINK, len(data)) + data)
            self._proc.stdin.flush()
        except BrokenPipeError:
            self._gone()

    def close(self) -> None:
        """Wait until every page is written; raises the first write's ``OSError``."""
        if self._proc is None:
            return
        answer = self._ask(0)
        self._finish()
        _raise_failure(answer)

    def _ask(self, length: int) -> bytes:
        """Send the message without a path of this ``length`` (:data:`SYNC`, or 0: the end) and return the
        helper's answer line (empty when it is gone). When the wait is interrupted (Ctrl+C while the helper
        writes the pages queued before), the helper is killed: its queue is dropped, nothing writes on."""
        try:
            self._proc.stdin.write(HEADER.pack(0, length))
            self._proc.stdin.flush()
            return self._proc.stdout.readline()
        except BrokenPipeError:
            return b""
        except BaseException:
            self._kill()
            raise

    def _gone(self) -> None:
        self._finish()
        raise OSError(None, GONE)

    def _kill(self) -> None:
        """End the helper at once (an abandoned build whose folder is about to be removed) and wait for it."""
        self._proc.kill()
        self._finish()

    def _finish(self) -> None:
        """Close both pipes (end of input: the helper finishes what it began) and wait for the helper;
        killed if that wait is interrupted."""
        try:
            for stream in (self._proc.stdin, self._proc.stdout):
                try:
                    stream.close()
                except OSError:  # the helper is gone: what was still buffered for it is dropped
                    pass
            self._proc.wait()
        except BaseException:
            self._proc.kill()
            self._proc.wait()
            self._proc = None
            raise
        self._proc = None

    def __enter__(self) -> "PageWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        elif self._proc is not None:
            self._finish()  # end of input without the closing header: the build is abandoned


def _raise_failure(answer: bytes) -> None:
    """Raise the ``OSError`` the helper's answer line names (none for ``{}``; an unreadable one: the helper is gone)."""
    try:
        failure = json.loads(answer)
    except ValueError:
        failure = {"errno": None, "strerror": GONE, "filename": None}
    if failure:
        raise OSError(failure["errno"], failure["strerror"], failure["filename"])


def _read_exactly(stream, size: int) -> bytes | None:
    data = stream.read(size)
    return data if len(data) == size else None


def _die_with_parent(parent: int | None) -> None:
    """Have the kernel kill this process when its parent ends (Linux); exit now if it already has."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError, ImportError):
            pass
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def _helper(stdin, stdout, parent: int | None = None) -> None:
    """The helper process: write the pages read from ``stdin``; answer on ``stdout`` (see the module doc).

    ``parent``: the build's process id; a write that finds the parent gone
    (the helper was adopted by another process) is skipped.
    """
    from concurrent.futures import ThreadPoolExecutor

    failure: list[dict] = []

    def write(path: str, data: bytes, link: bool = False) -> None:
        if failure or (parent is not None and os.getppid() != parent):
            return
        try:
            if link:
                link_page(path, data.decode("utf-8"))
            else:
                write_page(path, data)
        except OSError as exc:
            failure.append({"errno": exc.errno, "strerror": exc.strerror or str(exc), "filename": exc.filename})

    finished = False
    pool = ThreadPoolExecutor(max_workers=THREADS)
    pending = []  # the writes handed to the pool since the last sync

    def answer() -> None:
        stdout.write((json.dumps(failure[0] if failure else {}) + "\n").encode("utf-8"))
        stdout.flush()

    try:
        while True:
            header = _read_exactly(stdin, HEADER.size)
            if header is None:
                break  # abandoned by the build
            name_len, data_len = HEADER.unpack(header)
            if name_len == 0 and data_len == SYNC:
                for job in pending:
                    job.result()
                pending.clear()
                answer()
                continue
            if name_len == 0:
                finished = True
                break
            link = bool(name_len & LINK)
            name_len &= ~LINK
            name, data = _read_exactly(stdin, name_len), _read_exactly(stdin, data_len)
            if name is None or data is None:
                break
            if link and not name:  # many links: "path\0source\0path\0source…"
                paths = data.decode("utf-8").split("\0")
                for path, source in zip(paths[::2], paths[1::2]):
                    write(path, source.encode("utf-8"), True)
                continue
            if link:  # two system calls: done here, at once (through the pool the bookkeeping costs more)
                write(name.decode("utf-8"), data, True)
            else:
                pending.append(pool.submit(write, name.decode("utf-8"), data))
    finally:
        pool.shutdown(wait=True, cancel_futures=not finished)  # abandoned: queued pages are dropped
    if finished:
        answer()


if __name__ == "__main__":
    import signal

    # Ctrl+C reaches the whole process group: the build handles it and closes the pipe, and
    # this helper then finishes the writes it began (no second traceback from here).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    build = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else None
    _die_with_parent(build)
    _helper(sys.stdin.buffer, sys.stdout.buffer, build)
