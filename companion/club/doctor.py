"""`companion doctor`'s broker check: connect as the table would, say what the broker said."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from companion.config import Config
from companion.i18n.said import Said


def check_mqtt(config: Config, data_dir: Path | None = None,
               timeout_s: float = 5.0) -> Iterator:
    from companion.club.publisher import make_client
    from companion.doctor import Finding

    if not config.mqtt_host:
        yield Finding("mqtt", True, Said("doctor:mqtt_none"))
        return
    where = f"{config.mqtt_host}:{config.mqtt_port}"
    answer: dict[str, object] = {}
    done = threading.Event()

    def connected(client, userdata, flags, reason, properties) -> None:
        answer["reason"] = reason
        done.set()

    client = make_client(config, f"companion-doctor-{config.mqtt_table}")
    client.on_connect = connected
    try:
        client.connect(config.mqtt_host, config.mqtt_port, 10)
    except (OSError, ValueError) as exc:
        yield Finding("mqtt", False, Said("doctor:mqtt_unreachable", where=where, error=str(exc)),
                      Said("doctor:mqtt_unreachable_fix"))
        return
    client.loop_start()
    try:
        done.wait(timeout_s)
    finally:
        client.disconnect()
        client.loop_stop()
    reason = answer.get("reason")
    if reason is None:
        yield Finding("mqtt", False, Said("doctor:mqtt_silent", where=where),
                      Said("doctor:mqtt_silent_fix"))
    elif getattr(reason, "is_failure", False):
        yield Finding("mqtt", False, Said("doctor:mqtt_refused", where=where, reason=str(reason)),
                      Said("doctor:mqtt_refused_fix"))
    else:
        yield Finding("mqtt", True, Said("doctor:mqtt_ok", where=where, table=config.mqtt_table,
                                         waiting=_waiting(data_dir)))


def _waiting(data_dir: Path | None) -> str:
    """How many messages wait in the outbox (nothing is created if there is none)."""
    if data_dir is None or not (data_dir / "games.sqlite3").exists():
        return ""
    import sqlite3
    db = sqlite3.connect(f"file:{data_dir / 'games.sqlite3'}?mode=ro", uri=True)
    try:
        count = db.execute("SELECT COUNT(*) FROM mqtt_outbox").fetchone()[0]
    except sqlite3.Error:
        return ""
    finally:
        db.close()
    return Said("doctor:mqtt_waiting", n=count) if count else ""
