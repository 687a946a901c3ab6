"""`companion doctor`'s broker check: connect as the table would, say what the broker said."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from companion.config import Config


def check_mqtt(config: Config, data_dir: Path | None = None,
               timeout_s: float = 5.0) -> Iterator:
    from companion.club.publisher import make_client
    from companion.doctor import Finding

    if not config.mqtt_host:
        yield Finding("mqtt", True, "no MQTT broker configured (club play off)")
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
        yield Finding("mqtt", False, f"cannot reach the MQTT broker at {where}: {exc}",
                      "start the broker (sudo systemctl start mosquitto) or correct "
                      "[mqtt] host and port; the table plays on and keeps what it sends")
        return
    client.loop_start()
    try:
        done.wait(timeout_s)
    finally:
        client.disconnect()
        client.loop_stop()
    reason = answer.get("reason")
    if reason is None:
        yield Finding("mqtt", False, f"the MQTT broker at {where} did not answer",
                      "check [mqtt] port and tls")
    elif getattr(reason, "is_failure", False):
        yield Finding("mqtt", False, f"the MQTT broker at {where} refused the table: {reason}",
                      "check [mqtt] username and password (and the broker's acl)")
    else:
        yield Finding("mqtt", True, f"MQTT broker at {where} accepts table "
                      f"{config.mqtt_table!r}" + _waiting(data_dir))


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
    return f"; {count} messages wait in the outbox" if count else ""
