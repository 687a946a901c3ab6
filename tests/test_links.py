"""The table says when its button box or its club link is gone: `/api/status` over real HTTP
with the real pyserial reader on a pseudo-terminal (the fake box's process ends and its
master end closes: a pulled cable), the OLED's notice on the virtual panel, and the club's
link to a real Mosquitto."""

from __future__ import annotations

import pytest
from daemon_helpers import wait_until
from test_panel_care import Clock, run_due
from test_serialbox import Box
from web_helpers import Client, web_daemon

from companion.config import parse
from companion.daemon import Daemon, links
from companion.daemon.links import BOX_STATES, CLUB_STATES
from companion.screens import draw, pick, render


@pytest.fixture
def box_link(tmp_path):
    return tmp_path / "companion-buttons"


def status(daemon) -> dict:
    code, body, _ = Client(daemon.web.port).get("/api/status")
    assert code == 200, body
    return body


def box_state(daemon) -> str:
    return status(daemon)["devices"]["button_box"]["state"]


def test_a_pulled_button_box_is_gone_in_the_status_and_connected_again_when_back(
        tmp_path, box_link):
    box = Box(box_link)
    daemon = web_daemon(tmp_path / "data", serial={"port": str(box_link)})
    daemon.serial_box.reconnect_s = 0.1
    try:
        wait_until(lambda: box_state(daemon) == "connected")
        first = status(daemon)["devices"]["button_box"]
        assert first["port"] == str(box_link)
        box.unplug()  # the box's end of the line closes: the reader's read fails
        wait_until(lambda: box_state(daemon) == "gone")
        gone = status(daemon)["devices"]["button_box"]
        assert gone["since"] >= first["since"]
        box = Box(box_link)  # plugged in again, at the same path (the udev link)
        wait_until(lambda: box_state(daemon) == "connected")
        assert status(daemon)["club"]["state"] == "off"
    finally:
        daemon.stop()
        box.unplug()


def test_a_box_missing_at_start_is_gone_and_no_box_configured_is_off(tmp_path, box_link):
    daemon = web_daemon(tmp_path / "data", serial={"port": str(box_link)})
    daemon.serial_box.reconnect_s = 0.1
    try:
        wait_until(lambda: box_state(daemon) == "gone")
        box = Box(box_link)
        try:
            wait_until(lambda: box_state(daemon) == "connected")
        finally:
            box.unplug()
    finally:
        daemon.stop()
    plain = web_daemon(tmp_path / "plain")
    try:
        body = status(plain)
        assert body["devices"] == {"button_box": {"state": "off", "port": None,
                                                  "since": body["devices"]["button_box"]["since"]}}
        assert body["club"]["state"] == "off" and body["club"]["broker"] is None
        assert {body["devices"]["button_box"]["state"]} <= set(BOX_STATES)
        assert {body["club"]["state"]} <= set(CLUB_STATES)
    finally:
        plain.stop()


def notice_on_panel(daemon) -> list[str] | None:
    """The texts of the notice the panel shows now (None: it shows no notice), read from the
    screens' own text layer of the display's scene, once the panel shows exactly that scene."""
    scene = daemon.display.scene
    if daemon.virtual_oled.image().tobytes() != render(scene).tobytes():
        return None
    return [said for said, _ in draw(scene).texts] if pick(scene) == "notice" else None


def test_the_oled_says_the_box_is_gone_a_while_at_a_time_and_that_it_is_back(
        tmp_path, box_link, mock_pins):
    """The notice shows at once, gives the score back after NOTICE_S, comes again while the
    box stays gone, and says "connected again" when it is back. The hub's clock is moved on
    by the test."""
    box = Box(box_link)
    clock = Clock()
    daemon = Daemon(parse({"language": "de", "serial": {"port": str(box_link)}}),
                    tmp_path / "data", simulate=False, virtual_display=True, clock=clock)
    daemon.serial_box.reconnect_s = 0.1
    daemon.start()
    try:
        daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
        wait_until(lambda: daemon.hub.call(lambda: daemon.links.box["state"]) == "connected")
        wait_until(lambda: pick(daemon.display.scene) == "howruck"
                   and notice_on_panel(daemon) is None)
        box.unplug()
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "nicht verbunden",
                                                       "USB-Kabel prüfen"])
        clock.skipped += links.NOTICE_S
        run_due(daemon)  # the score again
        wait_until(lambda: pick(daemon.display.scene) == "howruck"
                   and daemon.virtual_oled.image().tobytes()
                   == render(daemon.display.scene).tobytes())
        clock.skipped += links.NOTICE_EVERY_S - links.NOTICE_S
        run_due(daemon)  # still gone: the notice again
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "nicht verbunden",
                                                       "USB-Kabel prüfen"])
        box = Box(box_link)
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "wieder verbunden"])
        clock.skipped += links.NOTICE_S
        run_due(daemon)
        wait_until(lambda: pick(daemon.display.scene) == "howruck")
        clock.skipped += links.NOTICE_EVERY_S * 2
        run_due(daemon)  # back: no notice comes again
        daemon.hub.call(lambda: None)
        assert daemon.hub.call(lambda: daemon.links.notice) is None
    finally:
        daemon.stop()
        box.unplug()
