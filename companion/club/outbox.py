"""The durable outbox: rows written by SQLite triggers in the same commit as the change.

The table's code does not know about MQTT: triggers on the games database add a row to
``mqtt_outbox`` whenever a game is created, an action stored or taken back, or a game
finished, inside the transaction that made the change, so an acknowledged action always has
its outbox row. A rename or merge of players (a row into ``player_aliases``, or one taken
out) adds an ``aliases`` row the same way: the publisher sends the table's aliases as they
are when it delivers it, so the league names people as the table does. The row's ``seq``
(AUTOINCREMENT: never reused) is the table's sequence number on the wire. The publisher
reads the rows through its own connection (WAL: it never blocks the table) and deletes each
only after the broker acknowledged it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

NOW = "((julianday('now') - 2440587.5) * 86400.0)"
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS mqtt_outbox (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL,
    game_id    INTEGER NOT NULL,
    action_seq INTEGER,
    body       TEXT,
    at         REAL NOT NULL
);
CREATE TRIGGER IF NOT EXISTS mqtt_on_game AFTER INSERT ON games BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, body, at)
        VALUES ('game', NEW.id, NEW.header, NEW.created);
END;
CREATE TRIGGER IF NOT EXISTS mqtt_on_action AFTER INSERT ON actions BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, action_seq, body, at)
        VALUES ('action', NEW.game_id, NEW.seq, NEW.action, NEW.at);
END;
CREATE TRIGGER IF NOT EXISTS mqtt_on_undo AFTER DELETE ON actions BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, action_seq, at)
        VALUES ('undo', OLD.game_id, OLD.seq, {NOW});
END;
CREATE TABLE IF NOT EXISTS player_aliases (name TEXT PRIMARY KEY, player TEXT NOT NULL);
CREATE TRIGGER IF NOT EXISTS mqtt_on_alias AFTER INSERT ON player_aliases BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, at) VALUES ('aliases', 0, {NOW});
END;
CREATE TRIGGER IF NOT EXISTS mqtt_on_alias_gone AFTER DELETE ON player_aliases BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, at) VALUES ('aliases', 0, {NOW});
END;
CREATE TRIGGER IF NOT EXISTS mqtt_on_result AFTER UPDATE OF status ON games
    WHEN NEW.status = 'over' AND OLD.status != 'over' BEGIN
    INSERT INTO mqtt_outbox (kind, game_id, body, at)
        VALUES ('result', NEW.id, NEW.result, NEW.updated);
END;
"""
TRIGGERS = ("mqtt_on_game", "mqtt_on_action", "mqtt_on_undo", "mqtt_on_result",
            "mqtt_on_alias", "mqtt_on_alias_gone")


@dataclass(frozen=True)
class Row:
    seq: int
    kind: str  # game | action | undo | result | aliases
    game_id: int
    action_seq: int | None
    body: str | None
    at: float


class Outbox:
    """The publisher's own connection to the games database."""

    def __init__(self, db_path: Path) -> None:
        self.db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.execute("PRAGMA synchronous=FULL")
        install(self.db)

    def pending(self, limit: int = 100) -> list[Row]:
        rows = self.db.execute(
            "SELECT seq, kind, game_id, action_seq, body, at FROM mqtt_outbox ORDER BY seq "
            "LIMIT ?", (limit,)).fetchall()
        return [Row(*r) for r in rows]

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM mqtt_outbox").fetchone()[0]

    def delivered(self, seq: int) -> None:
        self.db.execute("DELETE FROM mqtt_outbox WHERE seq=?", (seq,))

    def game(self, game_id: int) -> tuple[str, str] | None:
        """(game, header JSON) of a stored game."""
        return self.db.execute("SELECT game, header FROM games WHERE id=?",
                               (game_id,)).fetchone()

    def aliases(self) -> dict[str, str]:
        """The table's player aliases now (renames and merges: sessions/players.py)."""
        return dict(self.db.execute("SELECT name, player FROM player_aliases"))

    def actions_before(self, game_id: int, seq: int) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT action FROM actions WHERE game_id=? AND seq<? ORDER BY seq",
            (game_id, seq))]

    def close(self) -> None:
        self.db.close()


def install(db: sqlite3.Connection) -> None:
    """The outbox table and its triggers (idempotent). A table whose players were renamed
    before its aliases went out (an older data folder) sends them once, when the trigger
    that sends them is new."""
    new = db.execute("SELECT 1 FROM sqlite_master WHERE type='trigger' AND "
                     "name='mqtt_on_alias'").fetchone() is None
    db.executescript(SCHEMA)
    if new and db.execute("SELECT 1 FROM player_aliases LIMIT 1").fetchone():
        db.execute(f"INSERT INTO mqtt_outbox (kind, game_id, at) VALUES ('aliases', 0, {NOW})")


def uninstall(db_path: Path) -> None:
    """Without [mqtt] the triggers go (the outbox would only grow); its rows stay."""
    db = sqlite3.connect(db_path, isolation_level=None)
    try:
        db.execute("PRAGMA busy_timeout=5000")
        for name in TRIGGERS:
            db.execute(f"DROP TRIGGER IF EXISTS {name}")
    finally:
        db.close()
