"""`companion backup FILE` and `companion restore FILE`: the same files as the page's.

Backing up works while the daemon runs (its own read connection). Restoring writes the data
directory directly: stop the service first (`sudo systemctl stop companion`), or restore
from the page, which swaps the data in through the running table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from companion.daemon.settings import Settings
from companion.i18n import message
from companion.sessions.backup import (
    BACKUP_SUFFIX,
    BackupError,
    check_backup,
    copy_into,
    stamp,
    write_backup,
)
from companion.sessions.store import DB_NAME, GameStore, default_data_dir


def _settings(data: Path) -> Settings:
    return Settings.load(data / "settings.json", "en")


def backup_main(file: Path, data: Path | None, out: TextIO, err: TextIO) -> int:
    data = data or default_data_dir()
    db = data / DB_NAME
    if not db.exists():
        err.write(f"companion backup: no games database in {data}\n")
        return 2
    try:
        write_backup(db, file, _settings(data).as_json())
        info = check_backup(file)
    except OSError as exc:
        err.write(f"companion backup: cannot write {file}: {exc.strerror or exc}\n")
        return 2
    out.write(json.dumps({"backup": str(file), **info.as_json()}) + "\n")
    return 0


def restore_main(file: Path, data: Path | None, lang: str, out: TextIO, err: TextIO) -> int:
    data = data or default_data_dir()
    try:
        info = check_backup(file)
    except OSError as exc:
        err.write(f"companion restore: cannot read {file}: {exc.strerror or exc}\n")
        return 2
    except BackupError as exc:
        err.write(f"companion restore: {exc.code}: {message(exc.code, exc.params, lang)}\n")
        return 2
    store = GameStore(data)
    try:
        settings = _settings(data)
        kept = data / "backups" / f"before-restore-{stamp()}{BACKUP_SUFFIX}"
        write_backup(store.path, kept, settings.as_json())
        copy_into(file, store.db)
    finally:
        store.close()
    settings.language = info.settings.get("language", settings.language)
    settings.hardware = info.settings.get("hardware", {})
    settings.save()
    out.write(json.dumps({"restored": info.as_json(), "kept": str(kept)}) + "\n")
    return 0
