"""Backup and restore of a running table: the copy off the hub, the swap on it.

A backup reads the database through its own connection (WAL: play goes on); only the
settings are read on the hub thread. A restore checks the whole file first, off the hub
(replaying every game can take a while), then swaps it in with one hub call: the current
data kept as a backup file, the new contents copied in as one SQLite transaction, the games
read again, the table shown its newest unfinished game, the settings applied.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from companion import config as configuration
from companion.sessions.backup import (
    BackupInfo,
    check_backup,
    copy_into,
    keep_before_restore,
    settings_refused,
    write_backup,
)

log = logging.getLogger("companion.restore")
SWAP_TIMEOUT_S = 120.0


def backups_dir(daemon: Any) -> Path:
    return daemon.sessions.store.path.parent / "backups"


def take_backup(daemon: Any, out: Path) -> None:
    """A consistent copy of every game and setting, written to `out` (its folder made if
    missing), while play goes on."""
    out.parent.mkdir(parents=True, exist_ok=True)
    settings = daemon.hub.call(lambda: dict(daemon.settings.as_json()))
    write_backup(daemon.sessions.store.path, out, settings)


def restore(daemon: Any, path: Path) -> dict[str, Any]:
    """Check `path` completely, then swap it in through the hub; raises BackupError."""
    info = check_backup(path)
    hardware = info.settings.get("hardware", {})
    try:  # laid over this table's config file, as the page's settings are
        configuration.parse(hardware, daemon.file_config.source, base=daemon.file_config)
    except configuration.ConfigError as err:
        raise settings_refused(err) from None
    return daemon.hub.call(_swap, daemon, path, info, timeout=SWAP_TIMEOUT_S)


def _swap(daemon: Any, path: Path, info: BackupInfo) -> dict[str, Any]:
    """On the hub thread: nothing else reads or writes the games meanwhile."""
    store, table = daemon.sessions.store, daemon.table
    kept = keep_before_restore(store.path, daemon.settings.as_json())
    copy_into(path, store.db)
    daemon.sessions.reload()
    table.games.reopen()  # the game the backup's table showed
    table.reset_race()
    table.save_settings(info.settings.get("language"),  # the backup's replace ours, in one
                        info.settings.get("hardware", {}), daemon.file_config,  # atomic save
                        replace=True)
    daemon.hub.publish("state", table.view())
    daemon.hub.publish("race", table.race_view())
    daemon.hub.publish("games", {"restored": info.games})
    log.info("restored %d games (%d actions); the previous data is kept in %s",
             info.games, info.actions, kept)
    return {"restored": info.as_json(), "kept": kept.name}
