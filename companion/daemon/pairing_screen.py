"""The pairing's glue to the table: what the OLED's pairing screen shows, and when.

`Pairing` decides who is paired; this module shows its PIN and QR code on the display for
`PAIRING_SHOWN_S` after a new PIN is drawn (or until a phone pairs), publishes ``pairing``
and ``unpaired``, and in simulation logs every address and PIN the display shows (the
terminal is the display there).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from companion.daemon.address import panel_url
from companion.daemon.hub import Hub
from companion.daemon.pairing import Pairing

log = logging.getLogger("companion.table")
PAIRING_SHOWN_S = 120.0  # a new PIN stays on the OLED this long (or until a phone pairs)


class PairingScreen:
    def __init__(self, hub: Hub, pairing: Pairing, page_url: str,
                 announce_pin: bool = False) -> None:
        self.hub = hub
        self.pairing = pairing
        self.page_url = page_url
        self.offline = False  # no network: no phone can reach `page_url` (daemon/reach.py)
        self.show = False
        self.announce_pin = announce_pin  # log new PINs: only the simulation's terminal
        self._announced: tuple[str, str] | None = None

    def view(self) -> dict[str, Any]:
        """What the OLED's pairing screen shows: "qr" is the address with the one-time
        secret in its fragment (the page never gets it: the stream forwards url and show;
        a long IPv6 address gives way to the box's name there: `panel_url`);
        "offline": no network, the OLED says so instead of showing a QR code."""
        return {"url": self.page_url, "qr": panel_url(self.page_url, self.pairing.secret),
                "pin": self.pairing.pin, "show": self.show, "offline": self.offline}

    def publish(self) -> None:
        view = self.view()
        announced = (view["qr"], view["pin"])
        if self.announce_pin and announced != self._announced:
            self._announced = announced  # the simulation's terminal is the display
            log.info("pairing: open %s or enter PIN %s", *announced)
        self.hub.publish("pairing", view)

    def new_pin(self) -> dict[str, Any]:
        """Draw a new PIN (and QR secret) and show it on the OLED for a while."""
        self.pairing.draw_pin()
        self.show = True
        self.publish()
        pin = self.pairing.pin
        self.hub.at(self.hub.clock() + PAIRING_SHOWN_S, partial(self.hide, pin))
        return self.view()

    def hide(self, pin: str | None = None) -> None:
        """The pairing screen leaves the OLED (with `pin`: only if that PIN is still shown)."""
        if self.show and (pin is None or pin == self.pairing.pin):
            self.show = False
            self.publish()

    def pair(self, pin: Any, client: str, secret: Any = None) -> str:
        token = self.pairing.pair(pin, client, secret)
        self.show = False  # a phone paired: the game's screen comes back
        self.publish()  # with the QR code's new secret
        return token

    def unpair_all(self) -> None:
        """Forget every paired phone: their open streams are closed, they watch again."""
        self.pairing.unpair_all()
        self.hub.publish("unpaired", {})
