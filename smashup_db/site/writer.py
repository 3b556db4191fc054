"""Write the pages of a build in a helper process while the next pages are rendered.

A site has thousands of pages, each in its own folder (``cards/<id>/index.html``).
Creating a folder and a file are system calls whose cost is the kernel's, not
Python's: on a slow disk they cost more than rendering the page. So the build
hands each rendered page to :class:`PageWriter`, whose helper process writes it
(on a few threads) while the build goes on rendering; the two run on different
cores. Threads inside the build process would not do: every write would have
to wait for the interpreter lock that rendering holds.

Where a process cannot be forked (not Linux or macOS), the pages are written
in the build process itself, one after another.

Errors are not lost: the first ``OSError`` of any write (a full disk, say) is
raised again, with its errno, message and file name, by
:meth:`PageWriter.close`; the build then removes its temporary folder as for
any other error.
"""

from __future__ import annotations

import os

#: Threads of the helper process. The calls wait on the file system, so more threads than cores help.
THREADS = 4
#: Pages sent to the helper at a time (fewer hand-overs than one page each).
BATCH = 64


def write_page(path: str, html: str) -> None:
    """Write ``html`` (UTF-8) to ``path``, creating its folder. Raises ``OSError``."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(html)


def _write_all(pages: list[tuple[str, str]]) -> None:
    for path, html in pages:
        write_page(path, html)


def _helper(conn) -> None:
    """The helper process: write every batch received on ``conn`` until ``None``; answer with the outcome.

    The answer is ``None`` when every page was written, else ``(errno, strerror, filename)``
    of the first failed write (later batches are then skipped).
    """
    from concurrent.futures import ThreadPoolExecutor

    failure = None
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = []
        while True:
            batch = conn.recv()
            if batch is None:
                break
            futures.append(pool.submit(_write_all, batch))
        for future in futures:
            try:
                future.result()
            except OSError as exc:
                failure = failure or (exc.errno, exc.strerror or str(exc), exc.filename)
    conn.send(failure)
    conn.close()


class PageWriter:
    """Collects ``(path, html)`` pages and writes them in a helper process.

    Use as a context manager; leaving the block waits until every page is
    written and raises the first ``OSError`` of any write. When the block itself
    raises, the helper is stopped after the writes it has begun (so the caller
    can remove the folder safely) and the exception goes on.
    """

    def __init__(self, batch: int = BATCH):
        self._batch_size = batch
        self._batch: list[tuple[str, str]] = []
        self.written = 0
        self._conn = self._proc = None
        import multiprocessing

        if "fork" in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context("fork")  # the helper needs nothing of ours but the code
            self._conn, child = context.Pipe()
            self._proc = context.Process(target=_helper, args=(child,), name="smashup-site-writer", daemon=True)
            self._proc.start()
            child.close()

    def add(self, path: str, html: str) -> None:
        """Queue one page (``path``: a file path as text)."""
        self.written += 1
        if self._proc is None:
            write_page(path, html)
            return
        self._batch.append((path, html))
        if len(self._batch) >= self._batch_size:
            self._conn.send(self._batch)
            self._batch = []

    def close(self) -> None:
        """Write what is queued and wait for the helper; raises the first write's ``OSError``."""
        if self._proc is None:
            return
        try:
            if self._batch:
                self._conn.send(self._batch)
                self._batch = []
            self._conn.send(None)
            failure = self._conn.recv()
        except (EOFError, OSError):  # the helper died (killed, out of memory)
            failure = (None, "the page-writing process ended unexpectedly", None)
        finally:
            self._stop()
        if failure:
            raise OSError(*failure[:2], failure[2]) if failure[2] else OSError(*failure[:2])

    def _stop(self) -> None:
        self._conn.close()
        self._proc.join(timeout=60)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join()
        self._proc = None

    def __enter__(self) -> "PageWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        elif self._proc is not None:
            try:
                self._conn.send(None)  # stop after the batches already sent
            except OSError:
                pass
            self._stop()
