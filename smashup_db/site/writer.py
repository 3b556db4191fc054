"""Write the pages of a build on a few threads while the next pages are rendered.

A site has thousands of pages, each in its own folder (``cards/<id>/index.html``). Creating a file
is the kernel's work, not Python's, and the interpreter lock is released while the kernel does it:
so the build hands each rendered page to :class:`PageWriter`, whose threads (a
``concurrent.futures.ThreadPoolExecutor`` of :data:`THREADS`) write it while the build goes on
rendering. Threads live and die with the build's process: a build killed with SIGKILL leaves no
writer behind, and nothing is written once :class:`PageWriter` has raised or been left.

Errors are not lost: the first ``OSError`` of any write (a full disk, say) is raised again by
:meth:`PageWriter.sync` or :meth:`PageWriter.close`; later pages are then skipped.

The writes go through the module's :func:`write_page` and :func:`link_page`, looked up at each call,
so a test can replace them (a slow or full disk) with ``monkeypatch.setattr``.
"""

from __future__ import annotations

import os
import shutil
from concurrent.futures import Future, ThreadPoolExecutor

#: Threads that write. The calls wait on the file system, so more threads than cores help.
THREADS = 4
#: Pages handed to a thread at once: one task per page would cost the build more than the write saves.
BATCH = 32


#: How a page file is opened: created or emptied, written only (``O_BINARY``: no newline translation on
#: Windows). Permissions are those of ``open(path, "wb")``: 0o666 less the umask.
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)


def write_page(path: str, data: bytes) -> None:
    """Write ``data`` (a UTF-8 page) to ``path``, creating its folder. Raises ``OSError``.

    Three system calls (open, write, close), each of which lets go of the interpreter lock: the
    fewer a writer thread makes, the less often it has to take the lock back from rendering
    (``open(path, "wb")`` makes two more, to size its buffer)."""
    try:
        fd = os.open(path, _FLAGS, 0o666)
    except FileNotFoundError:  # its folder is new (most are there already: .outdir.start_folder)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, _FLAGS, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def link_page(path: str, source: str) -> None:
    """Hard-link ``source`` (a page of the previous build) to ``path``, creating its folder; copy where
    links are not possible. Raises ``OSError``."""
    try:
        try:
            os.link(source, path)
        except (
            FileNotFoundError
        ):  # its folder is new; creating it first each time would lock the parent folder
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.link(source, path)
    except OSError:
        shutil.copyfile(source, path)


class PageWriter:
    """Collects ``(path, html)`` pages and writes them on :data:`THREADS` threads.

    Use as a context manager; leaving the block waits until every page is written and raises the
    first ``OSError`` of any write. When the block itself raises (an error, a Ctrl+C), the pages not
    yet begun are dropped and the writes under way are waited for, so the caller can remove the
    folder safely; the exception goes on.
    """

    def __init__(self, threads: int = THREADS):
        self.written = 0
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="page-writer")
        self._batch: list[tuple[str, str | bytes]] = []  # (path, page) or (path, source to link)
        self._pending: list[Future] = []
        self._failure: list[OSError] = []  # the first write that failed
        self._stopped = False

    def add(self, path: str, html: str) -> None:
        """Hand over one page (``path``: a file path as text). Raises the ``OSError`` of an earlier write."""
        self.written += 1
        self._batch.append((path, html.encode("utf-8")))
        if len(self._batch) >= BATCH:
            self._submit()

    def link_many(self, pairs: list[tuple[str, str]]) -> None:
        """Hand over pages taken from the previous build, ``[(path, source)]``: each ``source`` (a file of
        the previous build) is hard-linked, or copied, to its ``path``."""
        self.written += len(pairs)
        self._submit()
        share = -(-len(pairs) // THREADS) or 1  # one task per thread: a link is two system calls
        for i in range(0, len(pairs), share):
            self._pending.append(self._pool.submit(self._write, pairs[i : i + share]))

    def sync(self) -> None:
        """Wait until every page handed over so far is on disk (the build goes on handing over more
        afterwards); raises the first write's ``OSError``."""
        self._submit()
        try:
            for job in self._pending:
                job.result()
        except BaseException:  # a Ctrl+C while waiting: nothing writes on
            self.stop()
            raise
        self._pending.clear()
        if self._failure:
            raise self._failure[0]

    def close(self) -> None:
        """Wait until every page is written and end the threads; raises the first write's ``OSError``."""
        try:
            self.sync()
        finally:
            self.stop()

    def stop(self) -> None:
        """End the threads. Writes not begun are dropped (the build failed), those under way waited for."""
        self._stopped = True
        self._batch.clear()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _submit(self) -> None:
        if self._batch:
            self._pending.append(self._pool.submit(self._write, self._batch))
            self._batch = []

    def _write(self, batch: list[tuple[str, str | bytes]]) -> None:
        for path, what in batch:
            if self._failure or self._stopped:
                return
            try:
                if isinstance(what, bytes):
                    write_page(path, what)
                else:
                    link_page(path, what)
            except OSError as exc:
                self._failure.append(exc)

    def __enter__(self) -> PageWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.stop()
