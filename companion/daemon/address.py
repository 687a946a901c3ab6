"""The address phones use to reach this companion (shown as a QR code on the OLED)."""

from __future__ import annotations

from companion.network.listen import WILDCARDS
from companion.network.route import route_address

__all__ = ["LOOPBACK", "WILDCARDS", "local_ip", "page_url", "route_address"]
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
