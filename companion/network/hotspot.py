"""When the box opens its own Wi-Fi, and when it gives the network back.

`[wifi] hotspot`:
- ``off``: never; the box uses whatever network the Pi has.
- ``always``: the access point from the start.
- ``auto`` (default): if no network (a known Wi-Fi or a cable) is connected `grace_s` after
  start, or OK was held at start, the access point opens. While no phone has joined it, the
  box looks for a known Wi-Fi every `recheck_s`, and when one is in range closes the access
  point and connects to it: a box carried home finds the home network again. Once a phone
  has joined, the access point stays (switching would cut the table off mid-game).

`Hotspot.step` makes one decision from NetworkManager's answers; the thread calls it every
`poll_s`. Each change of status goes to `on_status` (the daemon posts it to the hub: the OLED
shows the Wi-Fi QR code until a phone joined, then the pairing QR at the access point's
address). If `nmcli` is missing or fails, that is logged once and reported as the status's
``problem``; the box keeps serving on whatever network it has.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from companion.network.credentials import Credentials, wifi_qr
from companion.network.nmcli import Nmcli, NmcliError
from companion.network.poller import Poller

log = logging.getLogger("companion.wifi")
MODES = ("auto", "always", "off")


class Hotspot:
    def __init__(self, nm: Nmcli, mode: str, credentials: Credentials,
                 on_status: Callable[[dict[str, Any]], None], *, forced: bool = False,
                 grace_s: float = 20.0, recheck_s: float = 120.0, poll_s: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.nm = nm
        self.mode = mode
        self.credentials = credentials
        self.on_status = on_status
        self.forced = forced  # OK held at start
        self.grace_s, self.recheck_s, self.poll_s = grace_s, recheck_s, poll_s
        self.clock = clock
        self.started = clock()
        self.next_recheck = 0.0
        self.ifname: str | None = None
        self.status: dict[str, Any] = {"mode": "starting"}
        self._poller = Poller(self.step, poll_s, "wifi")

    # --- the decision --------------------------------------------------------------------------
    def step(self) -> dict[str, Any]:
        """One look at the network and what to do about it; returns the status."""
        if self.mode == "off":
            return self._report({"mode": "off"})
        try:
            return self._report(self._decide())
        except NmcliError as exc:
            return self._report({"mode": "error", "problem": str(exc)})

    def _decide(self) -> dict[str, Any]:
        nm = self.nm
        if self.ifname is None:
            self.ifname = nm.wifi_device()
            if self.ifname is None:
                raise NmcliError("no Wi-Fi interface (NetworkManager lists none)")
        if nm.hotspot_up():
            return self._while_up()
        connected = nm.connected()
        now = self.clock()
        wants_ap = self.mode == "always" or self.forced or (
            connected is None and now - self.started >= self.grace_s)
        if connected is not None and not (self.mode == "always" or self.forced):
            return {"mode": "client", "network": connected}
        if not wants_ap:
            return {"mode": "waiting"}
        log.info("wifi: opening the access point %s on %s", self.credentials.ssid, self.ifname)
        nm.start_hotspot(self.ifname, self.credentials.ssid, self.credentials.password)
        self.next_recheck = now + self.recheck_s
        return self._ap_status(0)

    def _while_up(self) -> dict[str, Any]:
        joined = self.nm.joined(self.ifname or "")
        now = self.clock()
        if joined == 0 and self.mode == "auto" and not self.forced and now >= self.next_recheck:
            self.next_recheck = now + self.recheck_s
            known = self.nm.known_wifi()
            in_range = [known[ssid] for ssid in sorted(self.nm.visible()) if ssid in known]
            if in_range:
                log.info("wifi: %s is in range: closing the access point", in_range[0])
                self.nm.stop_hotspot()
                self.nm.connect(in_range[0])
                return {"mode": "client", "network": in_range[0]}
        return self._ap_status(joined)

    def _ap_status(self, joined: int) -> dict[str, Any]:
        return {"mode": "ap", "ssid": self.credentials.ssid,
                "password": self.credentials.password, "qr": wifi_qr(self.credentials),
                "joined": joined, "address": self.nm.address(self.ifname or "")}

    def _report(self, status: dict[str, Any]) -> dict[str, Any]:
        if status != self.status:
            if status.get("problem") and status.get("problem") != self.status.get("problem"):
                log.warning("wifi: %s; the box keeps serving on the network it has",
                            status["problem"])
            self.status = status
            self.on_status(status)
        return status

    # --- the thread --------------------------------------------------------------------------
    def start(self) -> None:
        if self.mode != "off":
            self._poller.start()

    def stop(self) -> None:
        self._poller.stop()
