"""The table says when its button box or its club link is gone: `/api/status` over real HTTP
with the real pyserial reader on a pseudo-terminal (the fake box's process ends and its
master end closes: a pulled cable), the OLED's notice on the virtual panel, and the club's
link to a real Mosquitto."""

from __future__ import annotations

import pytest
from daemon_helpers import wait_until
from test_serialbox import Box
from web_helpers import Client, web_daemon

from companion.daemon.links import BOX_STATES, CLUB_STATES


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
