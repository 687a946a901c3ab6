"""The table's links to the parts that can go away: the USB button box and the club's broker.

Owned by the hub thread, like `Table`: the serial reader and the MQTT publisher never write
it, they post what they saw (`box_changed`, `club_changed`) and this keeps the one status
that `/api/status`, the page (``links``, published on every change) and the OLED (``notice``)
show.

Button box (``devices.button_box.state``): ``off`` (none configured), ``starting`` (the
reader has not tried the port yet), ``connected``, ``gone`` (configured but not there: never
plugged in, or pulled out; the reader tries the same path again every second and the state
follows when the box is back).

Club link (``club.state``): ``off`` (no ``[mqtt]``), ``connecting`` (the first connection
is not made yet), ``connected``, ``reconnecting`` (the broker was lost, cannot be reached or
refused the table; paho keeps trying, the outbox keeps what the table sends), ``clash``
(connected, and another box publishes under this table's name: ``clash_with`` is its id).
``clash_with`` names the other box while a clash lasts: in ``clash``, and in
``reconnecting`` when the broker was lost during a clash not over yet (a clash ends when the
other box was not heard for a while, connected or not: club/clash.py); null otherwise.

``since`` is when the state began, in seconds since the epoch.

The OLED: while the box is gone a notice screen shows for `NOTICE_S` in every
`NOTICE_EVERY_S`, the game's own screen in between (like a banner, it never hides the score
for good); when the box is back, "connected again" for `NOTICE_S`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.daemon.hub import Hub

NOTICE_S = 4.0  # the notice stays this long (as a banner does)
NOTICE_EVERY_S = 15.0  # ... and comes again this often while the box is gone
BOX_STATES = ("off", "starting", "connected", "gone")
CLUB_STATES = ("off", "connecting", "connected", "reconnecting", "clash")


class Links:
    def __init__(self, hub: Hub, box_port: str = "", club: dict[str, Any] | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        """`box_port`: the configured serial port ("" for none); `club`: the configured
        broker's ``broker`` ("host:port"), ``table`` and ``box`` (this box's id), or None."""
        self.hub = hub
        self.wall = wall
        self.notice_s, self.notice_every_s = NOTICE_S, NOTICE_EVERY_S
        now = wall()
        self.box: dict[str, Any] = {"state": "starting" if box_port else "off",
                                    "port": box_port or None, "since": now}
        self.club: dict[str, Any] = {"state": "connecting" if club else "off",
                                     "broker": None, "table": None, "box": None,
                                     "clash_with": None, "since": now, **(club or {})}
        self.notice: str | None = None
        self._notice_round = 0  # a timer of an older round of notices does nothing

    # --- on the hub thread ---------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """``devices`` and ``club``, as /api/status and the page's stream carry them."""
        return {"devices": {"button_box": dict(self.box)}, "club": dict(self.club)}

    def box_changed(self, status: str) -> None:
        """The serial reader's status: "connected" or "disconnected"."""
        state = "connected" if status == "connected" else "gone"
        was = self.box["state"]
        if state == was:
            return
        self.box.update(state=state, since=self.wall())
        self.hub.publish("links", self.view())
        if state == "gone":
            self._show("box_gone")
        elif was == "gone":
            self._show("box_back")

    def club_changed(self, status: dict[str, Any]) -> None:
        """The MQTT publisher's link: {"state": "connected" | "reconnecting" | "clash",
        "clash_with": the other box's id while a clash lasts, or None}."""
        state = status.get("state")
        if self.club["state"] == "off" or state not in CLUB_STATES[2:]:
            return
        clash_with = status.get("clash_with") if state in ("clash", "reconnecting") else None
        if (state, clash_with) == (self.club["state"], self.club["clash_with"]):
            return
        self.club.update(state=state, clash_with=clash_with, since=self.wall())
        self.hub.publish("links", self.view())

    def _show(self, notice: str) -> None:
        """Put `notice` on the OLED for `notice_s` (a new round: older timers lapse)."""
        self._notice_round += 1
        self._set_notice(notice)
        self.hub.at(self.hub.clock() + self.notice_s, self._hide_after(self._notice_round))

    def _hide_after(self, round_: int) -> Callable[[], None]:
        def hide() -> None:
            if round_ != self._notice_round:
                return
            self._set_notice(None)
            if self.box["state"] == "gone":  # again in a while, the score meanwhile
                self.hub.at(self.hub.clock() + max(0.0, self.notice_every_s - self.notice_s),
                            self._again_after(round_))
        return hide

    def _again_after(self, round_: int) -> Callable[[], None]:
        def again() -> None:
            if round_ == self._notice_round and self.box["state"] == "gone":
                self._show("box_gone")
        return again

    def _set_notice(self, notice: str | None) -> None:
        if notice != self.notice:
            self.notice = notice
            self.hub.publish("notice", notice)
