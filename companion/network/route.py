"""Whether the box is on a network at all, and noticing when that changes (a Wi-Fi joined
after start, a cable plugged in or pulled).

`route_address` asks the kernel which address the box would route from; `RouteWatch` asks
every `poll_s` and hands each change to `on_change` (the daemon posts it to the hub, as the
hotspot posts its status: the pairing address and the OLED follow, daemon/reach.py).
"""

from __future__ import annotations

import socket
from collections.abc import Callable

from companion.network.poller import Poller

POLL_S = 3.0
# Private and never contacted: only the kernel's choice of route to it is asked for.
PROBE_TARGET = ("10.255.255.255", 1)


def route_address() -> str | None:
    """This machine's address on the network it would route through; None without a route
    (no cable, no Wi-Fi, no access point of its own: no phone can reach the box).

    Connecting a UDP socket sends nothing: it only asks the kernel which source address a
    packet to that (private, never contacted) address would leave from.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE_TARGET)
        return probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()


class RouteWatch:
    def __init__(self, on_change: Callable[[str | None], None], last: str | None,
                 poll_s: float = POLL_S) -> None:
        """`last`: the address the daemon started with (only changes are reported)."""
        self.on_change = on_change
        self.last = last
        self._poller = Poller(self.step, poll_s, "route")

    def step(self) -> str | None:
        """One look; a change goes to `on_change`."""
        address = route_address()
        if address != self.last:
            self.last = address
            self.on_change(address)
        return address

    def start(self) -> None:
        self._poller.start()

    def stop(self) -> None:
        self._poller.stop()
