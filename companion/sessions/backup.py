"""Backup files: the games database copied with SQLite's backup API, settings inside.

A backup is one SQLite file: the live database's pages, copied in one step of
``sqlite3_backup_step(-1)`` (one read transaction, so one consistent moment even while the
table keeps writing: WAL readers never block the writer), then the table's settings written
into its ``meta`` table and its journal switched to a plain rollback journal so the file
stands alone.

`check_backup` reads a candidate completely before anything changes: ours (the ``app``
marker), whole (the header's page count against the file's size, SQLite's integrity check,
every game's action count against its rows, no action without its game), not from a newer
schema, every value the table will read readable as it reads it (JSON texts, times, statuses,
player names), and every stored game replaying through its rule core. `copy_into` then
replaces the live games with the file's rows as one SQLite transaction: rows, never the
file's schema (a backup is a file from anywhere: a trigger in it would otherwise run on the
table's next move).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import config as configuration
from companion.i18n import languages
from companion.rules import Refusal, get_core
from companion.sessions import rebuild
from companion.sessions.players import SCHEMA as ALIASES_SCHEMA
from companion.sessions.players import check_name
from companion.sessions.store import APP_MARKER, SCHEMA_VERSION, STATUSES

SQLITE_MAGIC = b"SQLite format 3\x00"
SETTINGS_KEY = "backup_settings"
CREATED_KEY = "backup_created"
BACKUP_SUFFIX = ".companion-backup"
IMPORTED = {  # what a restore takes from a backup: these tables' rows, these columns
    "games": ("id", "game", "header", "created", "updated", "status", "result", "actions"),
    "actions": ("game_id", "seq", "action", "at"),
    "player_aliases": ("name", "player"),
}


class BackupError(Refusal):
    """A backup file we will not restore; nothing was changed. Codes: backup_not_ours,
    backup_truncated, backup_corrupt, backup_too_new, backup_game_broken."""


def damaged(sqlite_said: str) -> BackupError:
    """A file SQLite itself finds broken: SQLite's own words (English) stay in the params for
    whoever looks into it; the sentence says it in the reader's language."""
    return BackupError("backup_corrupt", reason="damaged", sqlite=sqlite_said[:80])


def settings_refused(err: configuration.ConfigError) -> BackupError:
    """A backup whose settings this table cannot use (`err`: which one, why). The setting's
    own refusal goes inside as a code and its params, said in the reader's language with
    the setting named in words (a backup's settings are the ones the page wrote)."""
    return BackupError("backup_corrupt", reason="setting_refused",
                       problem={"code": "bad_setting", "params": err.refusal_params(named=True)})


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


def write_backup(db_path: Path, out_path: Path, settings: dict[str, Any],
                 check: bool = False) -> BackupInfo | None:
    """Copy the database at `db_path` (live or not) to `out_path` with `settings` inside;
    with `check`, the copy must pass `check_backup` (whose findings it returns) before it
    takes `out_path`'s place (BackupError if not).

    Written whole into a temporary file beside `out_path`, flushed to the disk, then renamed
    over it: a failure half-way (a full USB stick, a pulled one) leaves no half backup, and
    whatever was at `out_path` stays as it was. The folder must exist (a backup meant for a
    USB stick that is not mounted must not land on the SD card under the stick's path)."""
    fd, name = tempfile.mkstemp(prefix=f".{out_path.name}.", suffix=".partial",
                                dir=out_path.parent)
    os.close(fd)
    partial = Path(name)
    try:
        with contextlib.closing(sqlite3.connect(db_path, isolation_level=None)) as source, \
                contextlib.closing(sqlite3.connect(partial, isolation_level=None)) as target:
            source.execute("PRAGMA busy_timeout=5000")
            source.backup(target)  # pages=-1: every page in one step, one snapshot
            target.execute("PRAGMA journal_mode=DELETE")
            target.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                           (SETTINGS_KEY, json.dumps(settings, ensure_ascii=False)))
            target.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (CREATED_KEY,
                                                                          repr(time.time())))
        with open(partial, "rb+") as written:
            os.fsync(written.fileno())
        info = check_backup(partial) if check else None
        os.replace(partial, out_path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    folder = os.open(out_path.parent, os.O_RDONLY)
    try:  # the rename itself on the disk
        os.fsync(folder)
    finally:
        os.close(folder)
    return info


def keep_before_restore(db_path: Path, settings: dict[str, Any]) -> Path:
    """The data a restore is about to replace, as a backup in the data directory's
    ``backups`` folder (made if missing); its path."""
    folder = db_path.parent / "backups"
    folder.mkdir(parents=True, exist_ok=True)
    name, n = f"before-restore-{stamp()}", 1
    kept = folder / f"{name}{BACKUP_SUFFIX}"
    while kept.exists():  # a restore within the same second: never over what one kept
        n += 1
        kept = folder / f"{name}-{n}{BACKUP_SUFFIX}"
    write_backup(db_path, kept, settings)
    return kept


def is_backup(path: Path) -> bool:
    """Whether the file at `path` says it is one of our backups (SQLite, our ``app`` marker);
    nothing more is checked."""
    try:
        with open(path, "rb") as stream:
            if not stream.read(16).startswith(SQLITE_MAGIC):
                return False
        db = _open_read_only(path)
        try:
            row = db.execute("SELECT value FROM meta WHERE key='app'").fetchone()
        finally:
            db.close()
    except (OSError, sqlite3.Error):
        return False
    return row is not None and row[0] == APP_MARKER


def copy_into(backup_path: Path, live: sqlite3.Connection) -> None:
    """Replace the games, their actions and the player aliases in `live` with the checked
    backup's, as one transaction. Rows only, column by column: nothing of the file's own
    schema comes along (a trigger, a view, another table), and the live database keeps what
    is its own (`meta` but the game shown, the club outbox with its undelivered messages
    and its sequence: receivers drop numbers they have seen)."""
    source = _open_read_only(backup_path)
    try:
        present = _tables(source)
        live.execute(ALIASES_SCHEMA)
        live.execute("BEGIN IMMEDIATE")
        try:
            outbox = _outbox_mark(live)
            for table in reversed(IMPORTED):
                live.execute(f"DELETE FROM {table}")
            for table, columns in IMPORTED.items():
                if table not in present:  # a backup from before players could be renamed
                    continue
                names = ", ".join(columns)
                rows = source.execute(f"SELECT {names} FROM {table}")
                insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"
                while batch := rows.fetchmany(1000):
                    live.executemany(insert, batch)
            # the game its table showed (kept as text; a value naming no game is passed over)
            shown = source.execute("SELECT value FROM meta WHERE key='shown'").fetchone()
            live.execute("DELETE FROM meta WHERE key='shown'")
            if shown is not None:
                live.execute("INSERT INTO meta VALUES ('shown', ?)", (str(shown[0]),))
            if outbox is not None:  # what the outbox's triggers made of the swap: not news
                renamed = live.execute("SELECT at FROM mqtt_outbox WHERE seq>? AND "
                                       "kind='aliases' LIMIT 1", (outbox,)).fetchone()
                live.execute("DELETE FROM mqtt_outbox WHERE seq>?", (outbox,))
                live.execute("UPDATE sqlite_sequence SET seq=? WHERE name='mqtt_outbox'",
                             (outbox,))
                if renamed:  # but the renames it brought are (sent whole: one row says it)
                    live.execute("INSERT INTO mqtt_outbox (kind, game_id, at) "
                                 "VALUES ('aliases', 0, ?)", renamed)
        except BaseException:
            live.execute("ROLLBACK")
            raise
        live.execute("COMMIT")
    finally:
        source.close()


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A file from elsewhere, read only: its schema may call no function we did not ask for
    (SQLite's `trusted_schema`: views, triggers, generated columns)."""
    db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    db.execute("PRAGMA trusted_schema=OFF")
    return db


def _outbox_mark(live: sqlite3.Connection) -> int | None:
    """The club outbox's last sequence number (None: no club play on this table)."""
    if "mqtt_outbox" not in _tables(live):
        return None
    row = live.execute("SELECT seq FROM sqlite_sequence WHERE name='mqtt_outbox'").fetchone()
    return row[0] if row else 0


def _tables(db: sqlite3.Connection) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def check_backup(path: Path) -> BackupInfo:
    """Everything about the file we can check without changing anything (see the module)."""
    _check_header(path)
    try:
        db = _open_read_only(path)
    except sqlite3.Error as exc:
        raise damaged(str(exc)) from None
    try:
        return _check_contents(db)
    except sqlite3.DatabaseError as exc:
        raise damaged(str(exc)) from None
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
    tables = _tables(db)
    if not {"meta", "games", "actions"} <= tables:
        raise BackupError("backup_not_ours")
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("app") != APP_MARKER:
        raise BackupError("backup_not_ours")
    try:
        schema = int(meta.get("schema", ""))
    except (ValueError, TypeError):
        raise BackupError("backup_corrupt", reason="schema") from None
    if schema > SCHEMA_VERSION:
        raise BackupError("backup_too_new", version=schema, supported=SCHEMA_VERSION)
    problems = db.execute("PRAGMA integrity_check").fetchall()
    if problems != [("ok",)]:
        raise damaged(str(problems[0][0]))
    settings = _settings(meta.get(SETTINGS_KEY))
    created = _time(meta.get(CREATED_KEY)) if CREATED_KEY in meta else None
    if created is not None and math.isnan(created):
        raise BackupError("backup_corrupt", reason="backup_time")
    columns = ", ".join(IMPORTED["games"])
    games = db.execute(f"SELECT {columns} FROM games ORDER BY id").fetchall()
    total = sum(_check_game(db, row) for row in games)
    if db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] != total:
        raise BackupError("backup_corrupt", reason="orphan_actions")
    if "player_aliases" in tables:
        _check_aliases(db)
    return BackupInfo(len(games), total, schema, created, settings)


def _check_game(db: sqlite3.Connection, row: tuple) -> int:
    """One stored game exactly as the table will read it: every column of its row and of
    its actions' rows, its actions replayed through its rule core. Its action count."""
    game_id, game, header_text, created, updated, status, result, count = row
    if not isinstance(game_id, int) or not isinstance(count, int) or count < 0 \
            or status not in STATUSES:
        raise BackupError("backup_corrupt", reason="game_row",
                          game_id=game_id if isinstance(game_id, int) else "?")
    if math.isnan(_time(created)) or math.isnan(_time(updated)):
        raise BackupError("backup_corrupt", reason="game_time", game_id=game_id)
    rows = db.execute("SELECT seq, action, at FROM actions WHERE game_id=? ORDER BY seq",
                      (game_id,)).fetchall()
    if len(rows) != count or [r[0] for r in rows] != list(range(count)):
        raise BackupError("backup_truncated", game_id=game_id, expected=count,
                          size=len(rows))
    for seq, _, at in rows:
        if math.isnan(_time(at)):
            raise BackupError("backup_corrupt", reason="action_time", game_id=game_id, seq=seq)
    try:
        _json(result)
    except ValueError:
        raise BackupError("backup_corrupt", reason="game_result", game_id=game_id) from None
    try:
        header = _json(header_text)
        actions = [_json(r[1]) for r in rows]
        core = get_core(game)
        _, bad = rebuild(core, header, actions)
    except (ValueError, TypeError, KeyError, AttributeError, Refusal):
        raise BackupError("backup_game_broken", game_id=game_id, seq=0) from None
    if bad is not None:
        raise BackupError("backup_game_broken", game_id=game_id, seq=bad)
    return count


def _check_aliases(db: sqlite3.Connection) -> None:
    try:
        for name, player in db.execute("SELECT name, player FROM player_aliases"):
            check_name(name)
            check_name(player)
    except Refusal:
        raise BackupError("backup_corrupt", reason="player_aliases") from None


def _json(text: Any) -> Any:
    """A stored JSON text (None stays None), as the store reads it; ValueError for anything
    else, nesting too deep for the interpreter included."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError("not text")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None


def _time(value: Any) -> float:
    """A stored time as a number (the meta table keeps it as text); NaN for anything that is
    not a finite number."""
    try:
        number = float(value)
    except (ValueError, TypeError):
        return math.nan
    return number if math.isfinite(number) else math.nan


def _settings(text: str | None) -> dict[str, Any]:
    """The settings stored in a backup, checked as the page checks them."""
    if text is None:
        return {}
    unusable = BackupError("backup_corrupt", reason="settings")
    try:
        settings = _json(text)
    except ValueError:
        raise unusable from None
    if not isinstance(settings, dict) or settings.get("language", "en") not in languages() \
            or not isinstance(settings.get("hardware", {}), dict):
        raise unusable
    try:
        configuration.parse(settings.get("hardware", {}), "backup")
    except configuration.ConfigError as err:
        raise settings_refused(err) from None
    except (TypeError, AttributeError):
        raise unusable from None
    return settings


def stamp(now: float | None = None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
