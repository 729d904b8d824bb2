"""SQLite WAL checkpoints off the writer's path, at quiet moments.

In WAL mode a commit appends pages to the ``-wal`` file; a *checkpoint* copies them back into
the database file and fsyncs it. By default SQLite runs one inside the commit that takes the
log past 1,000 pages, so every so often a save waited for a copy of ~4 MB and two fsyncs,
and every move queued behind it waited too: after a busy spell the peer benchmark's moves
waited up to 0.5 s at the 99th percentile with SQLite, 3 ms with no file (``bench/peers``).

:class:`Checkpointer` runs them from its own thread and connection instead (``PASSIVE``: it
never waits for, or blocks, the writer), when the writer has been quiet for a moment
(:data:`QUIET`), or, when it never is, once commits have changed :data:`ROWS` rows since the
last one. Checkpoints are few because their fsync still competes with the commits' for the
disk. The log stays short and restarts from its beginning whenever a checkpoint catches up;
the writer keeps SQLite's own automatic checkpoint only as a backstop
(:data:`BACKSTOP_PAGES`).

A commit does not wake the thread: it records its changes and time, and the thread looks at
them every :data:`LOOK` seconds while commits come, sleeping untouched while none do (the
first commit after a checkpoint wakes it). Woken by every commit, it cost each lightly loaded
move about 0.15-0.2 ms more before its push on this 2-core VM (``bench/durable_push.py``):
a third thread to schedule and a turn at the GIL next to the writer's.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

#: The writer's ``wal_autocheckpoint``: a commit checkpoints inline only if the log has grown
#: this long (64 MiB of 4 KiB pages), i.e. if the checkpointer cannot keep up.
BACKSTOP_PAGES = 16_384
#: Seconds without a commit that make a quiet moment.
QUIET = 0.25
#: Rows changed since the last checkpoint that call for one even without a quiet moment
#: (about two seconds of a saturated server; a few thousand pages of log).
ROWS = 4_000
#: Seconds between looks at the commits while they come.
LOOK = 0.25


class Checkpointer:
    """One thread that checkpoints the database at ``path`` as the writer's commits ask."""

    def __init__(self, path: Path, quiet: float = QUIET, rows: int = ROWS,
                 look: float = LOOK) -> None:
        self.path = path
        self.quiet = quiet
        self.rows = rows
        self.look = look
        #: Checkpoints run so far (for tests and figures).
        self.runs = 0
        # written by the writer only: its connection's total_changes, when it last committed
        self._changes = 0
        self._last_commit = time.monotonic()
        self._asleep = False  # waiting for the first commit after a checkpoint
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints",
                                        daemon=True)
        self._thread.start()

    def committed(self, total_changes: int) -> None:
        """Called by the writer after each commit, with its connection's ``total_changes``
        (two stores, and an event only when the thread sleeps)."""
        self._changes = total_changes
        self._last_commit = time.monotonic()
        if self._asleep:
            self._wake.set()

    def _sleep_until_a_commit(self, done: int) -> None:
        """Block until the writer has changed rows since ``done`` (or we are stopping)."""
        self._wake.clear()
        self._asleep = True  # before looking: a commit after this line sets the event
        if self._changes == done and not self._stopping.is_set():  # close() may have set it
            self._wake.wait()
        self._asleep = False

    def _due(self, done: int) -> bool:
        """Wait for a quiet moment, or a log grown long; False when stopping first."""
        while not self._stopping.is_set():
            since = time.monotonic() - self._last_commit
            if since >= self.quiet or self._changes - done >= self.rows:
                return True
            self._stopping.wait(min(self.quiet - since, self.look))
        return False

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        done = 0  # the writer's total_changes at the last checkpoint
        try:
            while True:
                self._sleep_until_a_commit(done)
                if not self._due(done):
                    return
                done = self._changes
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error:  # busy or failing disk: the writer's backstop remains
                    log.warning("WAL checkpoint failed", exc_info=True)
                self.runs += 1
        finally:
            db.close()

    def close(self) -> None:
        """Stop (the writer's connection, closed last, checkpoints what is left)."""
        self._stopping.set()
        self._wake.set()
        self._thread.join()
