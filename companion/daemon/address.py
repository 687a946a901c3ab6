"""The address phones use to reach this companion (shown as a QR code on the OLED)."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from companion.network.listen import WILDCARDS
from companion.network.route import route_address

__all__ = ["LOOPBACK", "WILDCARDS", "local_ip", "page_url", "panel_url", "route_address"]
LOOPBACK = "127.0.0.1"
def local_ip() -> str:
    """`route_address`, or loopback without a route."""
    return route_address() or LOOPBACK


def page_url(host: str, port: int) -> str:
    """The phone page's URL for a configured listen address."""
    if host in WILDCARDS:
        host = local_ip()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"


def panel_url(url: str, secret: str) -> str:
    """What the OLED's pairing QR code says: `url` with the one-time `secret` in its fragment.

    A whole IPv6 address (an IPv6-only network's, e.g. a SLAAC one: 39 characters) makes
    that QR code too fine for the panel (1 px per module); then it names the box instead,
    ``http://<host name>.local:PORT/`` (Raspberry Pi OS's Avahi answers that name, over
    IPv6 too; web/hosts.py lets it in). A short IPv6 address, and any IPv4 one, stays.
    """
    from companion.screens.common import qr_fits  # segno: once a QR code is shown

    qr = f"{url}#pair={secret}"
    parts = urlsplit(url)
    if not parts.netloc.startswith("[") or qr_fits(qr):
        return qr
    name = socket.gethostname().split(".")[0].lower()
    named = parts._replace(netloc=f"{name}.local" + (f":{parts.port}" if parts.port else ""))
    named_qr = f"{named.geturl()}#pair={secret}"
    return named_qr if name and qr_fits(named_qr) else qr
