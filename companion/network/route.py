"""Whether the box is on a network at all, and noticing when that changes (a Wi-Fi joined
after start, a cable plugged in or pulled).

`route_address` asks the kernel which address the box would route from (IPv4, else IPv6);
`RouteWatch` asks every `poll_s` and hands each change to `on_change` (the daemon posts it to
the hub, as the hotspot posts its status: the pairing address and the OLED follow,
daemon/reach.py).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable

from companion.network.poller import Poller

POLL_S = 3.0
# Private and never contacted: only the kernel's choice of route to them is asked for (IPv4
# first, as before; IPv6 when there is no IPv4 route: some phone hotspots and club networks
# give only IPv6). The IPv6 one is a unique local address (fc00::/7) like 10/8's: a network
# that has those makes the kernel prefer its own unique local address, stable and on-link
# for the phones, over a global one.
PROBE_TARGET = ("10.255.255.255", 1)
PROBE_TARGET_V6 = ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1)


def route_address() -> str | None:
    """This machine's address on the network it would route through, IPv4 if it has an
    IPv4 route, else IPv6; None without a route (no cable, no Wi-Fi, no access point of its
    own: no phone can reach the box).

    An IPv6 link-local address (fe80::/10, all an interface has without a router or
    configured address) counts as no route: a phone could only use it with the box's
    interface as zone ("http://[fe80::1%25wlan0]/"), which the phone cannot know and
    browsers do not accept.
    """
    address = _source(socket.AF_INET, PROBE_TARGET)
    if address is None:
        address = _source(socket.AF_INET6, PROBE_TARGET_V6)
        if address is not None and ipaddress.IPv6Address(address.split("%")[0]).is_link_local:
            return None
    return address


def _source(family: socket.AddressFamily, target: tuple[str, int]) -> str | None:
    """The source address a packet to `target` would leave from; None without a route (or
    without that family: a kernel with IPv6 switched off).

    Connecting a UDP socket sends nothing: it only asks the kernel for its choice.
    """
    try:
        probe = socket.socket(family, socket.SOCK_DGRAM)
    except OSError:
        return None
    try:
        probe.connect(target)
        return str(probe.getsockname()[0])
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
