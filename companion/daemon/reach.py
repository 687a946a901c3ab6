"""Where phones reach the table: the pairing address, following the network.

Two things move it, both posted to the hub: the box's own Wi-Fi's status
(network/hotspot.py: while its access point is up, phones reach the box at the access
point's address) and the route (network/route.py: the address the machine routes from, None
without any network). With a listen address of every interface (``0.0.0.0``) and neither,
the box is offline: a QR code at 127.0.0.1 is no use to any phone. That is said in the log
(at start and when it changes), on the OLED (the pairing view's ``offline``: the screen says
"No network" instead of a QR code), in `/api/status` (``network``) and by `companion doctor`;
when a network appears the pairing QR code and URL follow it without a restart.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.daemon.address import LOOPBACK, WILDCARDS, page_url
from companion.daemon.pairing_screen import PairingScreen

log = logging.getLogger("companion.network")


class Reach:
    """Runs on the hub thread; sets the pairing screen's address and ``offline``."""

    def __init__(self, pairing_screen: PairingScreen, host: str, port: int,
                 route: str | None) -> None:
        """`route`: the address the machine routed from at start (`route_address`)."""
        self.pairing_screen = pairing_screen
        self.host, self.port = host, port
        self.route = route
        self.wifi: dict[str, Any] = {}
        self._follow(publish=False)

    @property
    def offline(self) -> bool:
        return self.pairing_screen.offline

    def view(self) -> dict[str, Any]:
        """For /api/status: whether phones can reach the box, and at which address."""
        return {"offline": self.offline, "address": self.address()}

    def address(self) -> str | None:
        """The address phones reach the box at (None: offline)."""
        if self.wifi.get("mode") == "ap" and self.wifi.get("address"):
            return str(self.wifi["address"])
        if self.host not in WILDCARDS:
            return self.host
        return self.route

    def wifi_changed(self, status: dict[str, Any]) -> None:
        self.wifi = status
        self._follow()

    def route_changed(self, address: str | None) -> None:
        self.route = address
        self._follow()

    def announce(self) -> None:
        """At start: say it if no phone can reach the box."""
        if self.offline:
            self._say_offline()

    def _follow(self, publish: bool = True) -> None:
        address = self.address()
        url = page_url(address or LOOPBACK, self.port)
        screen = self.pairing_screen
        offline = address is None
        if (url, offline) == (screen.page_url, screen.offline):
            return
        screen.page_url, screen.offline = url, offline
        if publish:
            if offline:
                self._say_offline()
            else:
                log.info("network: phones reach the box at %s", url)
            screen.publish()

    def _say_offline(self) -> None:
        log.warning("no network: no phone can reach the box (its page is at %s on this "
                    "machine only); join a Wi-Fi or plug in a cable, the pairing address "
                    "follows", self.pairing_screen.page_url)
