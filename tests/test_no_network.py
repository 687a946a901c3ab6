"""A box with no network at all (no cable, no Wi-Fi, no access point of its own): the pairing
address would be 127.0.0.1, which no phone can use. The box says so (log, OLED, /api/status,
`companion doctor`), and when a network appears the pairing address follows without a
restart. Real parts: a network namespace of the test's own with no route (netns_helpers.py),
the daemon's real address probe, luma's real driver over the virtual controller, HTTP inside
that namespace."""

from __future__ import annotations

import logging

import zxingcpp
from ports import free_port

from companion.config import parse
from companion.daemon import Daemon
from companion.screens import Scene, render
from tests.daemon_helpers import wait_until
from tests.web_helpers import Client, started_daemon


def shows_qr(daemon: Daemon) -> str | None:
    """The text of the QR code the (virtual) panel lights, if any."""
    image = daemon.virtual_oled.image().convert("L").resize((512, 256))
    codes = zxingcpp.read_barcodes(image)
    return codes[0].text if codes else None


def test_no_network_is_said_and_a_network_that_appears_is_followed(netns, mock_pins,
                                                                   tmp_path, caplog):
    caplog.set_level(logging.INFO)
    port = free_port()
    config = parse({"web": {"host": "0.0.0.0", "port": port}, "wifi": {"hotspot": "off"}})
    daemon = netns.run(lambda: started_daemon(config, tmp_path))
    try:
        lang = daemon.settings.language
        offline = render(Scene(lang=lang, pairing={"offline": True})).tobytes()
        assert offline != render(Scene(lang=lang)).tobytes()  # not the first, empty frame
        wait_until(lambda: daemon.virtual_oled.image().tobytes() == offline, timeout=10)
        assert shows_qr(daemon) is None  # no QR code that no phone could use
        assert any(r.levelname == "WARNING" and "no network" in r.getMessage()
                   for r in caplog.records)
        status, body, _ = netns.run(lambda: Client(port).get("/api/status"))
        assert status == 200
        assert body["network"] == {"offline": True, "address": None}
        assert body["page_url"] == f"http://127.0.0.1:{port}/"

        netns.connect("10.77.0.2/24")  # a cable plugged in, a Wi-Fi joined
        url = f"http://10.77.0.2:{port}/"
        wait_until(lambda: daemon.page_url == url, timeout=15)
        qr = daemon.hub.call(daemon.table.pairing_view)["qr"]
        wanted = qr.upper().split("#")[0] + "#" + qr.split("#")[1]  # host part upper-cased
        wait_until(lambda: shows_qr(daemon) == wanted, timeout=10)
        status, body, _ = netns.run(lambda: Client(port).get("/api/status"))
        assert body["network"] == {"offline": False, "address": "10.77.0.2"}
        assert body["page_url"] == url
        assert any(f"phones reach the box at {url}" in r.getMessage() for r in caplog.records)
    finally:
        daemon.stop()


def test_doctor_says_no_network_and_what_to_do(netns):
    from companion.doctor import check_reach

    config = parse({"web": {"port": 8123}})
    [found] = netns.run(lambda: list(check_reach(config, own_wifi=False)))
    assert not found.ok and found.check == "network"
    assert "no phone can reach" in found.message and "http://127.0.0.1:8123/" in found.message
    assert "cable" in found.fix and "hotspot" in found.fix
    [covered] = netns.run(lambda: list(check_reach(config, own_wifi=True)))
    assert covered.ok and "own Wi-Fi" in covered.message
    netns.connect("10.77.0.2/24")
    [found] = netns.run(lambda: list(check_reach(config, own_wifi=False)))
    assert found.ok and "http://10.77.0.2:8123/" in found.message


def test_the_league_says_where_its_standings_are_reached_or_that_nothing_can(netns):
    """`companion league` on every interface (its default) says the address it is reached
    at, found as the table's page's is: none without a network (this machine only, said so),
    then an IPv6-only network's, bracketed as a phone's browser takes it."""
    from companion.club.league import standings_url

    alone = netns.run(lambda: standings_url("0.0.0.0", 8090))
    assert alone == "http://127.0.0.1:8090/ (no network: only on this machine)"
    netns.connect("fd00:77::2/64", "fd00:77::1")
    assert netns.run(lambda: standings_url("0.0.0.0", 8090)) == "http://[fd00:77::2]:8090/"
    assert netns.run(lambda: standings_url("192.168.1.5", 8090)) == "http://192.168.1.5:8090/"
