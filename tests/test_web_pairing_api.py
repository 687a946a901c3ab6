"""Pairing over HTTP: watching needs nothing, changing needs a paired phone; the session
cookie, wrong PINs and their lock-out, a new PIN (from the page or by holding OK), and
pairings that outlive a restart. (Split from test_web_api.py; the pairing rules themselves,
on a fake clock, are in test_pairing.py.)"""

from __future__ import annotations

import json
import time

from daemon_helpers import drive, wait_until
from web_helpers import Client, web_daemon

from companion.daemon import pairing as pairing_module


def test_watching_needs_nothing_changing_needs_pairing(daemon, client):
    status, body, _ = client.get("/api/status")
    assert status == 200 and body["paired"] is False and body["simulate"] is True
    status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})
    assert status == 401 and body["error"]["code"] == "not_paired"
    client.pair(daemon)
    assert client.get("/api/status")[1]["paired"] is True
    status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"],
                                                 "seed": 3})
    assert status == 201 and body["phase"] == "teams" and body["id"] >= 1


def test_session_cookie_is_httponly_samesite_and_the_pin_never_in_a_url(daemon, client):
    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    _, _, headers = client.post("/api/pair", {"pin": pin})
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert pin not in cookie
    body = client.get("/api/status")[1]
    assert pin not in json.dumps(body)


def test_pairing_survives_a_restart(tmp_path):
    first = web_daemon(tmp_path)
    phone = Client(first.web.port)
    phone.pair(first)
    first.stop()
    second = web_daemon(tmp_path)
    try:
        again = Client(second.web.port)
        again.cookie = phone.cookie
        assert again.get("/api/status")[1]["paired"] is True
    finally:
        second.stop()


def test_wrong_pins_lock_out(daemon, client, monkeypatch):
    codes = []
    for _ in range(pairing_module.MAX_TRIES):
        status, body, _ = client.post("/api/pair", {"pin": "000000x"})
        codes.append((status, body["error"]["code"]))
    assert codes[0] == (403, "wrong_pin") and codes[-1] == (429, "pairing_locked")
    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    status, body, _ = client.post("/api/pair", {"pin": pin})  # even the right PIN now
    assert status == 429 and body["error"]["params"]["seconds"] > 0
    status, body, _ = client.post("/api/pair?lang=de", {"pin": pin})
    assert "Sekunden" in body["error"]["message"]


def test_a_malformed_pairing_request_is_refused_without_using_up_a_try(daemon, client):
    """Only a PIN (or QR secret) that was really typed counts towards the lock-out: a
    request of the wrong shape is explained instead, and the phone keeps its tries."""
    refused = [client.post("/api/pair", body)[1]["error"] for body in (
        {}, {"pin": 123456}, {"pin": None}, {"pin": ["123456"]}, {"secret": 7},
        {"pin": "123456", "secret": "x"}) for _ in range(2)]
    assert [e["code"] for e in refused] == ["missing_key"] * 2 + ["wrong_type"] * 8 + [
        "unknown_key"] * 2
    status, body, _ = client.post("/api/pair", {"pin": "000000x"})
    assert status == 403 and body["error"]["params"]["tries_left"] == \
        pairing_module.MAX_TRIES - 1
    client.pair(daemon)  # and the right PIN pairs


def scripted_pins(daemon, *pins: str) -> None:
    """The next PINs the table draws (instead of random ones)."""
    daemon.hub.call(setattr, daemon.table.pairing, "_new_pin", iter(pins).__next__)


def test_a_new_pin_keeps_paired_phones_and_shows_on_the_display(daemon, client):
    client.pair(daemon)
    old = daemon.hub.call(lambda: daemon.table.pairing.pin)
    scripted_pins(daemon, "424242")
    assert client.post("/api/pin")[0] == 200
    assert daemon.hub.call(lambda: daemon.table.pairing.pin) == "424242"
    assert client.get("/api/status")[1]["paired"] is True  # paired phones stay paired
    wait_until(lambda: daemon.display.scene.show_pairing
             and daemon.display.scene.pairing["pin"] == "424242")
    stranger = Client(client.port)
    assert stranger.post("/api/pair", {"pin": old})[0] == 403
    assert stranger.post("/api/pair", {"pin": "424242"})[0] == 200
    wait_until(lambda: not daemon.display.scene.show_pairing)  # a phone paired: screen back


def test_holding_ok_for_three_seconds_draws_a_new_pin(daemon, monkeypatch):
    from gpiozero import Device
    scripted_pins(daemon, "135790")
    now = time.monotonic()  # edge times within the pins' clock sanity check (5 s)
    drive(Device.pin_factory, 22, True, at=now - 4.8, monkeypatch=monkeypatch)
    drive(Device.pin_factory, 22, False, at=now - 4.3, monkeypatch=monkeypatch)  # short: no
    time.sleep(0.1)
    assert daemon.hub.call(lambda: daemon.table.pairing.pin) != "135790"
    drive(Device.pin_factory, 22, True, at=now - 3.6, monkeypatch=monkeypatch)
    drive(Device.pin_factory, 22, False, at=now, monkeypatch=monkeypatch)  # held 3.6 s
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.pairing.pin) == "135790")
    assert daemon.hub.call(lambda: daemon.table.show_pairing) is True
