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
"""

from __future__ import annotations

import logging
import sqlite3
import threading
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


class Checkpointer:
    """One thread that checkpoints the database at ``path`` as the writer's commits ask."""

    def __init__(self, path: Path, quiet: float = QUIET, rows: int = ROWS) -> None:
        self.path = path
        self.quiet = quiet
        self.rows = rows
        #: Checkpoints run so far (for tests and figures).
        self.runs = 0
        self._changes = 0  # written by the writer only: the connection's total_changes
        self._committed = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints",
                                        daemon=True)
        self._thread.start()

    def committed(self, total_changes: int) -> None:
        """Called by the writer after each commit, with its connection's ``total_changes``
        (cheap: a store and an event)."""
        self._changes = total_changes
        self._committed.set()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        done = 0  # the writer's total_changes at the last checkpoint
        try:
            while True:
                self._committed.wait()
                self._committed.clear()
                # wait for a quiet moment, unless the log has grown long meanwhile
                while (not self._stopping.is_set() and self._changes - done < self.rows
                       and self._committed.wait(self.quiet)):
                    self._committed.clear()
                if self._stopping.is_set():
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
        self._committed.set()
        self._thread.join()
