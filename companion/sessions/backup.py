"""Backup files: the games database copied with SQLite's backup API, settings inside.

A backup is one SQLite file: the live database's pages, copied in one step of
``sqlite3_backup_step(-1)`` (one read transaction, so one consistent moment even while the
table keeps writing: WAL readers never block the writer), then the table's settings written
into its ``meta`` table and its journal switched to a plain rollback journal so the file
stands alone.

`check_backup` reads a candidate completely before anything changes: ours (the ``app``
marker), whole (the header's page count against the file's size, SQLite's integrity check,
every game's action count against its rows), not from a newer schema, and every stored game
replaying through its rule core. `copy_into` swaps a checked file into a live connection as
one SQLite transaction (the backup API again, in the other direction).
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import config as configuration
from companion.i18n import languages
from companion.rules import Refusal, get_core
from companion.sessions import rebuild
from companion.sessions.store import APP_MARKER, SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"
SETTINGS_KEY = "backup_settings"
CREATED_KEY = "backup_created"
BACKUP_SUFFIX = ".companion-backup"


class BackupError(Refusal):
    """A backup file we will not restore; nothing was changed. Codes: backup_not_ours,
    backup_truncated, backup_corrupt, backup_too_new, backup_game_broken."""


@dataclass(frozen=True)
class BackupInfo:
    games: int
    actions: int
    schema: int
    created: float | None
    settings: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "actions": self.actions, "schema": self.schema,
                "created": self.created}


def write_backup(db_path: Path, out_path: Path, settings: dict[str, Any]) -> None:
    """Copy the database at `db_path` (live or not) to `out_path` with `settings` inside."""
    out_path.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(db_path, isolation_level=None)
    target = sqlite3.connect(out_path, isolation_level=None)
    try:
        source.execute("PRAGMA busy_timeout=5000")
        source.backup(target)  # pages=-1: every page in one step, one snapshot
        target.execute("PRAGMA journal_mode=DELETE")
        target.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                       (SETTINGS_KEY, json.dumps(settings, ensure_ascii=False)))
        target.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (CREATED_KEY,
                                                                      repr(time.time())))
    finally:
        target.close()
        source.close()


def copy_into(backup_path: Path, live: sqlite3.Connection) -> None:
    """Replace everything in `live` with the checked backup, as one transaction."""
    outbox = _live_outbox(live)
    source = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True)
    try:
        source.backup(live)
    finally:
        source.close()
    live.execute("DELETE FROM meta WHERE key IN (?, ?)", (SETTINGS_KEY, CREATED_KEY))
    if outbox is not None:
        _put_back_outbox(live, *outbox)


def _live_outbox(live: sqlite3.Connection) -> tuple[list[tuple], int] | None:
    """The club outbox is the live table's, not the backup's: its undelivered messages stay
    and its sequence number never goes back (receivers drop numbers they have seen)."""
    try:
        rows = live.execute("SELECT * FROM mqtt_outbox ORDER BY seq").fetchall()
        last = live.execute("SELECT seq FROM sqlite_sequence WHERE name='mqtt_outbox'"
                            ).fetchone()
    except sqlite3.OperationalError:  # no club play on this table
        return None
    return rows, last[0] if last else 0


def _put_back_outbox(live: sqlite3.Connection, rows: list[tuple], last: int) -> None:
    from companion.club.outbox import install
    install(live)
    live.execute("BEGIN IMMEDIATE")
    try:
        live.execute("DELETE FROM mqtt_outbox")
        live.executemany("INSERT INTO mqtt_outbox VALUES (?, ?, ?, ?, ?, ?)", rows)
        live.execute("UPDATE sqlite_sequence SET seq=MAX(seq, ?) WHERE name='mqtt_outbox'",
                     (last,))
        live.execute("INSERT INTO sqlite_sequence (name, seq) SELECT 'mqtt_outbox', ? "
                     "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE "
                     "name='mqtt_outbox')", (last,))
    except BaseException:
        live.execute("ROLLBACK")
        raise
    live.execute("COMMIT")


def check_backup(path: Path) -> BackupInfo:
    """Everything about the file we can check without changing anything (see the module)."""
    _check_header(path)
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise BackupError("backup_corrupt", detail=str(exc)[:80]) from None
    try:
        return _check_contents(db)
    except sqlite3.DatabaseError as exc:
        raise BackupError("backup_corrupt", detail=str(exc)[:80]) from None
    finally:
        db.close()


def _check_header(path: Path) -> None:
    with open(path, "rb") as stream:
        header = stream.read(100)
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise BackupError("backup_not_ours")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    size = path.stat().st_size
    if page_size < 512 or size < page_size * pages or size % page_size:
        raise BackupError("backup_truncated", size=size, expected=page_size * pages)


def _check_contents(db: sqlite3.Connection) -> BackupInfo:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"meta", "games", "actions"} <= tables:
        raise BackupError("backup_not_ours")
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("app") != APP_MARKER:
        raise BackupError("backup_not_ours")
    try:
        schema = int(meta.get("schema", ""))
    except ValueError:
        raise BackupError("backup_corrupt", detail="schema") from None
    if schema > SCHEMA_VERSION:
        raise BackupError("backup_too_new", version=schema, supported=SCHEMA_VERSION)
    problems = db.execute("PRAGMA integrity_check").fetchall()
    if problems != [("ok",)]:
        raise BackupError("backup_corrupt", detail=str(problems[0][0])[:80])
    settings = _settings(meta.get(SETTINGS_KEY))
    games = db.execute("SELECT id, game, header, actions FROM games ORDER BY id").fetchall()
    total = 0
    for game_id, game, header_text, count in games:
        total += _check_game(db, game_id, game, header_text, count)
    created = meta.get(CREATED_KEY)
    return BackupInfo(len(games), total, schema, float(created) if created else None, settings)


def _check_game(db: sqlite3.Connection, game_id: int, game: str, header_text: str,
                count: int) -> int:
    rows = db.execute("SELECT seq, action FROM actions WHERE game_id=? ORDER BY seq",
                      (game_id,)).fetchall()
    if len(rows) != count or [r[0] for r in rows] != list(range(count)):
        raise BackupError("backup_truncated", game_id=game_id, expected=count,
                          size=len(rows))
    try:
        header = json.loads(header_text)
        actions = [json.loads(r[1]) for r in rows]
        core = get_core(game)
        _, bad = rebuild(core, header, actions)
    except (ValueError, TypeError, KeyError, Refusal):
        raise BackupError("backup_game_broken", game_id=game_id, seq=0) from None
    if bad is not None:
        raise BackupError("backup_game_broken", game_id=game_id, seq=bad)
    return count


def _settings(text: str | None) -> dict[str, Any]:
    """The settings stored in a backup, checked as the page checks them."""
    if text is None:
        return {}
    try:
        settings = json.loads(text)
    except ValueError:
        raise BackupError("backup_corrupt", detail="settings") from None
    if not isinstance(settings, dict) or settings.get("language", "en") not in languages() \
            or not isinstance(settings.get("hardware", {}), dict):
        raise BackupError("backup_corrupt", detail="settings")
    try:
        configuration.parse(settings.get("hardware", {}), "backup")
    except (configuration.ConfigError, TypeError, AttributeError):
        raise BackupError("backup_corrupt", detail="settings") from None
    return settings


def stamp(now: float | None = None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
