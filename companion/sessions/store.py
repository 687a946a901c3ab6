"""The games database: each game is its header and its ordered action log (sqlite3, WAL).

Durability: ``synchronous=FULL`` with WAL makes a committed transaction survive a power cut,
and `append` commits before it returns, so an acknowledged action is never lost. Only the
state owner (one thread) uses a store.

The write-ahead log is kept small (`WAL_PAGES`) so that it is written over in place: sqlite
starts a fresh log with every start and, by default, lets it grow to 4 MB before it starts
again at its beginning, about 300 moves. While the file grows, every commit's fsync also
commits the file system's journal (its size changed): on the SD card one more write and wait
per move, and here about twice the time and CPU per commit (`companion bench sessions`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
WAL_PAGES = 128  # the log starts again at its beginning after this many pages (512 KiB)
DB_NAME = "games.sqlite3"
APP_MARKER = "companion"  # meta 'app': what tells our files (and backups) from others
STATUSES = ("playing", "over")  # a stored game's `status`

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT NOT NULL,
    header   TEXT NOT NULL,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    status   TEXT NOT NULL DEFAULT 'playing',
    result   TEXT,
    actions  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    action   TEXT NOT NULL,
    at       REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    header: dict[str, Any]
    created: float
    updated: float
    status: str
    result: Any
    actions: int


class GameStore:
    def __init__(self, data_dir: Path | str) -> None:
        self.path = Path(data_dir) / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
        self.db.execute(f"PRAGMA journal_size_limit={4 * WAL_PAGES * 4096}")  # after a burst
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('app', ?)", (APP_MARKER,))

    def _tx(self):
        return Transaction(self.db)

    def close(self) -> None:
        self.db.close()

    # --- writing ------------------------------------------------------------------------------
    def create(self, header: dict[str, Any]) -> int:
        now = time.time()
        with self._tx():
            cur = self.db.execute(
                "INSERT INTO games (game, header, created, updated) VALUES (?, ?, ?, ?)",
                (header["game"], _dump(header), now, now))
        return int(cur.lastrowid)

    def append(self, game_id: int, seq: int, action: dict[str, Any], status: str,
               result: Any) -> None:
        """Add action number `seq` (0-based) and the game's new summary, in one commit."""
        now = time.time()
        with self._tx():
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)",
                            (game_id, seq, _dump(action), now))
            self.db.execute(
                "UPDATE games SET updated=?, status=?, result=?, actions=? WHERE id=?",
                (now, status, _dump(result), seq + 1, game_id))

    def truncate(self, game_id: int, keep: int, status: str, result: Any) -> None:
        """Drop every action from number `keep` on (undo)."""
        with self._tx():
            self.db.execute("DELETE FROM actions WHERE game_id=? AND seq>=?", (game_id, keep))
            self.db.execute(
                "UPDATE games SET updated=?, status=?, result=?, actions=? WHERE id=?",
                (time.time(), status, _dump(result), keep, game_id))

    def delete(self, game_id: int) -> None:
        """Forget a game and its actions, in one commit (a 'shown' naming it is passed over
        at start, and ids are never given again)."""
        with self._tx():
            self.db.execute("DELETE FROM games WHERE id=?", (game_id,))  # actions: cascade

    def set_shown(self, game_id: int) -> None:
        """The game the table shows, kept so that a restart shows it again."""
        with self._tx():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('shown', ?)", (str(game_id),))

    # --- reading ------------------------------------------------------------------------------
    def shown(self) -> int | None:
        row = self.db.execute("SELECT value FROM meta WHERE key='shown'").fetchone()
        return int(row[0]) if row and row[0].isdigit() else None

    def games(self) -> list[GameRow]:
        rows = self.db.execute(
            "SELECT id, game, header, created, updated, status, result, actions FROM games "
            "ORDER BY id").fetchall()
        return [_row(r) for r in rows]

    def game(self, game_id: int) -> GameRow | None:
        r = self.db.execute(
            "SELECT id, game, header, created, updated, status, result, actions FROM games "
            "WHERE id=?", (game_id,)).fetchone()
        return _row(r) if r else None

    def actions(self, game_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq",
                               (game_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]


class Transaction:
    """BEGIN IMMEDIATE … COMMIT (ROLLBACK on error): the commit is durable when it returns."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite ends some itself (a full disk): the error stays
            self.db.execute("ROLLBACK")


# Made once (`json.dumps` with arguments makes an encoder per call; two per move).
_dump = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _row(r: tuple) -> GameRow:
    return GameRow(id=r[0], game=r[1], header=json.loads(r[2]), created=r[3], updated=r[4],
                   status=r[5], result=json.loads(r[6]) if r[6] else None, actions=r[7])
