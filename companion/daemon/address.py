"""The address phones use to reach this companion (shown as a QR code on the OLED)."""

from __future__ import annotations

import socket


def local_ip() -> str:
    """This machine's address on the network it would route through; loopback without one.

    Connecting a UDP socket sends nothing: it only asks the kernel which source address a
    packet to that (private, never contacted) address would leave from.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def page_url(host: str, port: int) -> str:
    """The phone page's URL for a configured listen address."""
    if host in ("0.0.0.0", "", "::"):
        host = local_ip()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"
