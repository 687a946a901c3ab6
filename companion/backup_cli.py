"""`companion backup FILE` and `companion restore FILE`: the same files as the page's.

Backing up works while the daemon runs (its own read connection). Restoring writes the data
directory directly, so it takes the directory's lock (`datalock.py`) first: while a
daemon runs on it, the restore is refused and nothing changes (restore on the page then, or
`POST /api/restore`, which swaps the data in through the running table, or stop that daemon
first: stop_advice.py says how); and no daemon can start on the directory while a restore is
under way.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TextIO

from companion.daemon.settings import SETTINGS_FILE, Settings
from companion.datalock import DataDirBusy, DataLock
from companion.host import default_data_dir
from companion.i18n import message
from companion.i18n.said import Said, complaint, os_error, say
from companion.sessions.backup import (
    BackupError,
    check_backup,
    copy_into,
    is_backup,
    keep_before_restore,
    write_backup,
)
from companion.sessions.store import DB_NAME, GameStore
from companion.stop_advice import stop_advice


def _settings(data: Path) -> Settings:
    return Settings.load(data / SETTINGS_FILE, "en")


def backup_main(file: Path, data: Path | None, out: TextIO, err: TextIO,
                lang: str = "en", as_json: bool = False) -> int:
    data = data or default_data_dir()
    db = data / DB_NAME
    refused = _refused_target(file, db) if db.exists() else \
        Said("cli:no_database", dir=str(data))
    if refused is None:
        try:
            info = write_backup(db, file, _settings(data).as_json(), check=True)
        except BackupError as exc:  # the copy of a damaged database: the older file stays
            refused = Said("cli:backup_failed_check", file=str(file), code=exc.code,
                           problem=message(exc.code, exc.params, lang))
        except (OSError, sqlite3.Error) as exc:
            detail = os_error(exc) if isinstance(exc, OSError) else str(exc)
            refused = Said("cli:cannot_write", file=str(file), error=detail)
    if refused is not None:
        err.write(f"{complaint('companion backup', refused, lang)}\n")
        return 2
    if as_json:
        out.write(json.dumps({"backup": str(file), **info.as_json()}) + "\n")
    else:
        out.write(say(Said("cli:backup_written", file=str(file), n=info.games), lang) + "\n")
    return 0


def _refused_target(file: Path, db: Path) -> Said | None:
    """Why a backup must not be written to `file`: a folder that is not there (a USB stick not
    mounted: the backup would stay on the SD card), the games database itself (or its log),
    or a file there that is not a backup (written over, it would be lost)."""
    if not file.parent.is_dir():
        return Said("cli:no_folder", folder=str(file.parent))
    database = {db.resolve(), *(db.with_name(db.name + end).resolve() for end in ("-wal", "-shm"))}
    if file.resolve() in database:
        return Said("cli:backup_is_database", file=str(file))
    if file.exists() and not is_backup(file):
        return Said("cli:not_a_backup_kept", file=str(file))
    return None


def restore_main(file: Path, data: Path | None, lang: str, out: TextIO, err: TextIO,
                 as_json: bool = False) -> int:
    data = data or default_data_dir()
    try:
        info = check_backup(file)
    except OSError as exc:
        said = Said("cli:cannot_read", file=str(file), error=os_error(exc))
        err.write(f"{complaint('companion restore', said, lang)}\n")
        return 2
    except BackupError as exc:
        err.write(f"{complaint('companion restore', message(exc.code, exc.params, lang), lang)}"
                  f" [{exc.code}]\n")
        return 2
    try:
        lock = DataLock(data).acquire()
    except DataDirBusy as busy:
        params = {"data": str(data), "pid": busy.holder or "?",
                  "stop": stop_advice(busy.holder)}
        err.write(f"{complaint('companion restore', message('data_in_use', params, lang), lang)}"
                  f" [data_in_use]\n")
        return 2
    try:
        store = GameStore(data)
        try:
            settings = _settings(data)
            kept = keep_before_restore(store.path, settings.as_json())
            copy_into(file, store.db)
        finally:
            store.close()
        settings.chosen = "language" in info.settings  # the backup's choice, or none
        settings.language = info.settings.get("language", settings.language)
        settings.hardware = info.settings.get("hardware", {})
        settings.save()
    finally:
        lock.release()
    if as_json:
        out.write(json.dumps({"restored": info.as_json(), "kept": str(kept)}) + "\n")
    else:
        out.write(say(Said("cli:restored", file=str(file), n=info.games, kept=str(kept)), lang)
                  + "\n")
    return 0
