"""One companion per data directory: the running daemon holds an exclusive lock on
``companion.lock`` in it for its whole life.

Why: `companion restore` on the command line swaps the games database file in place; under a
running daemon that would be read and written by two programs at once (the daemon's open
connection keeps the old file, its next write lands beside the restored data). A second
daemon on the same directory would likewise replay and append to the same logs. The lock is
an advisory `flock`, released by the kernel when the holder exits, even after SIGKILL: a
crashed daemon never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_NAME = "companion.lock"


class DataDirBusy(Exception):
    """Another process (a running daemon) holds the data directory."""

    def __init__(self, data_dir: Path, holder: str) -> None:
        super().__init__(f"{data_dir} is in use by a running companion (pid {holder or '?'})")
        self.data_dir, self.holder = data_dir, holder


def holder(data_dir: Path) -> str | None:
    """Who holds `data_dir`'s lock: the holder's pid as its lock file says it ("" if it says
    none), or None if no one does (or the folder cannot be looked into). The lock is only
    tried, never kept: a look, as `companion doctor` takes it beside a running companion."""
    try:
        fd = os.open(Path(data_dir) / LOCK_NAME, os.O_RDONLY)
    except OSError:  # no lock file (no companion ever ran here), or not ours to read
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return os.pread(fd, 32, 0).decode(errors="replace").strip()
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


class DataLock:
    """Held from `acquire` until `release` (or the process ends)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> DataLock:
        """Take the lock, or raise `DataDirBusy` naming the holder's pid; never waits."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
            os.close(fd)
            raise DataDirBusy(self.data_dir, holder) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> DataLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
