"""The access point's name and password, and the QR code phones scan to join it.

A password left empty in the config is generated once (12 characters a person can read off
the display and type: no 0/O, 1/l/I) and kept in ``wifi.json`` in the data directory, so
the same phones rejoin next time. It is written when the daemon is built, before any thread
runs: nothing else writes that file.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

READABLE = "abcdefghijkmnpqrstuvwxyz23456789"
SPECIAL = '\\;,:"'  # escaped with a backslash in the WIFI: form


@dataclass(frozen=True)
class Credentials:
    ssid: str
    password: str


def default_ssid() -> str:
    """ "table-" and four hex digits of this box's host name: the same on every start, and
    short enough to read on the display."""
    digest = hashlib.sha256(socket.gethostname().encode()).hexdigest()
    return f"table-{digest[:4]}"


def load(path: Path, ssid: str = "", password: str = "") -> Credentials:
    """The configured name and password; missing ones from the kept file, else new."""
    try:
        kept = json.loads(path.read_text())
        kept = kept if isinstance(kept, dict) else {}
    except (OSError, ValueError):
        kept = {}
    chosen = Credentials(ssid or str(kept.get("ssid") or default_ssid()),
                         password or str(kept.get("password") or ""))
    if not chosen.password:
        chosen = Credentials(chosen.ssid, "".join(secrets.choice(READABLE) for _ in range(12)))
    if kept != {"ssid": chosen.ssid, "password": chosen.password}:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"ssid": chosen.ssid, "password": chosen.password}))
        tmp.replace(path)
    return chosen


def _escape(value: str) -> str:
    return "".join("\\" + c if c in SPECIAL else c for c in value)


def wifi_qr(credentials: Credentials) -> str:
    """The standard Wi-Fi QR text phones' cameras understand (WPA2, the name not hidden)."""
    return f"WIFI:T:WPA;S:{_escape(credentials.ssid)};P:{_escape(credentials.password)};;"
