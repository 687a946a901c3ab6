"""A box on a network without IPv4 (some phone hotspots and club networks give only IPv6):
the pairing address is its IPv6 one, not "no network"; the page listens there, the doctor
and the OLED's QR code give it. Real parts: network namespaces of the test's own
(netns_helpers.py) with real kernel addresses and routes, the real route probe, real HTTP,
luma's real driver over the virtual panel (its QR code read back with zxing)."""

from __future__ import annotations

import http.client
import socket
from urllib.parse import urlsplit

import pytest
import zxingcpp

from companion.config import parse
from companion.daemon import Daemon
from companion.network.route import route_address
from companion.screens.common import qr_matrix
from companion.web import WebServer
from tests.daemon_helpers import wait_until
from tests.ports import free_port
from tests.web_helpers import Client, started_daemon


@pytest.mark.parametrize(("network", "expected"), [
    ((), None),  # loopback only: no phone can reach the box
    (("fd47::2/64", "fd47::1"), "fd47::2"),  # IPv6 only
    (("2001:db8:47::2/64", "2001:db8:47::1"), "2001:db8:47::2"),  # a global IPv6 address
    (("10.77.0.2/24", "10.77.0.1", ("fd47::2/64", "fd47::1")), "10.77.0.2"),  # IPv4 first
    # link-local only (a router's route, no address of its own): no phone can use that
    (("fe80::5/64", "fe80::1"), None),
], ids=["nothing", "ipv6-only", "ipv6-global", "both", "link-local-only"])
def test_route_address_asks_for_an_ipv6_route_without_an_ipv4_one(netns, network, expected):
    if network:
        netns.connect(*network)
    assert netns.run(route_address) == expected


def test_doctor_gives_the_ipv6_pairing_address(netns):
    from companion.doctor import check_reach

    netns.connect("fd47::2/64", "fd47::1")
    [found] = netns.run(lambda: list(check_reach(parse({"web": {"port": 8123}}), False)))
    assert found.ok and "http://[fd47::2]:8123/" in found.message


def test_a_daemon_on_an_ipv6_only_network_pairs_phones_over_ipv6(netns, mock_pins, tmp_path):
    """Listening on every interface (the default "0.0.0.0") takes IPv6 too: the pairing URL
    on an IPv6-only network is answered there, and IPv4 still is."""
    port = free_port()
    config = parse({"web": {"host": "0.0.0.0", "port": port}, "wifi": {"hotspot": "off"}})
    netns.connect("fd47::2/64", "fd47::1")
    daemon = netns.run(lambda: started_daemon(config, tmp_path))
    try:
        url = f"http://[fd47::2]:{port}/"
        assert daemon.page_url == url
        phone = Client(port, source="fd47::2", host="fd47::2")  # Host: [fd47::2]:port
        status, body, _ = netns.run(lambda: phone.get("/api/status"))
        assert status == 200
        assert body["network"] == {"offline": False, "address": "fd47::2"}
        assert body["page_url"] == url
        netns.run(lambda: phone.pair(daemon))
        status, body, _ = netns.run(lambda: phone.get("/api/status"))
        assert body["paired"] is True
        status, _, _ = netns.run(lambda: Client(port).get("/api/status"))  # IPv4 as before
        assert status == 200
    finally:
        daemon.stop()


@pytest.fixture
def ipv6_loopback() -> None:
    """::1 must exist (a machine booted with IPv6 off has none: nothing to test there)."""
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError as exc:
        pytest.skip(f"no IPv6 loopback on this machine ({exc})")


def test_every_interface_is_ipv4_and_ipv6_and_an_ipv4_client_is_said_as_ipv4(ipv6_loopback):
    """The web server on "0.0.0.0" answers over ::1 and over 127.0.0.1; the app sees the
    IPv4 client as 127.0.0.1 (the pairing's try limit and the log count it so), not as the
    dual-stack socket's ::ffff:127.0.0.1."""
    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [environ["REMOTE_ADDR"].encode()]

    server = WebServer(app, "0.0.0.0", 0)
    server.start()
    try:
        for host in ("::1", "127.0.0.1"):
            conn = http.client.HTTPConnection(host, server.port, timeout=10)
            conn.request("GET", "/")
            assert conn.getresponse().read().decode() == host
            conn.close()
    finally:
        server.stop()


def test_doctor_sees_the_page_port_taken_on_ipv6(ipv6_loopback):
    """The doctor binds as the web server does: a port another program holds on IPv6 only
    would stop the companion, so it is not "free". (A port bound as port 0 came from the
    kernel's ephemeral range: under load another socket took it once released, and the
    second look failed.)"""
    from companion.doctor import check_web_port

    port = free_port()  # ours alone (tests/ports.py): free again once `other` lets it go
    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as other:
        other.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        other.bind(("::", port))
        other.listen(1)
        [found] = check_web_port(parse({"web": {"port": port}}))
        assert not found.ok and found.check == "web"
    [found] = check_web_port(parse({"web": {"port": port}}))
    assert found.ok


def shows_qr(daemon: Daemon) -> str | None:
    """The text of the QR code the (virtual) panel lights, if any."""
    image = daemon.virtual_oled.image().convert("L").resize((512, 256))
    codes = zxingcpp.read_barcodes(image)
    return codes[0].text if codes else None


@pytest.mark.parametrize(("address", "named"), [
    ("2001:db8:47:0:ba27:ebff:fe12:3456", True),  # a whole SLAAC address: too fine at 62 px
    ("fd47::2", False),  # short enough: the address itself, as for IPv4
])
def test_the_panel_qr_code_names_the_box_when_its_ipv6_address_is_too_long(
        netns, mock_pins, tmp_path, address, named):
    """The OLED's QR code stays at 2 px per module (what a phone's camera reads off the
    panel): a long IPv6 address in it would make it 1 px, so it gives the box's host name
    (name.local, answered by Avahi) instead; the page's URL stays the address."""
    port = free_port()
    config = parse({"web": {"host": "0.0.0.0", "port": port}, "wifi": {"hotspot": "off"}})
    netns.connect(f"{address}/64", address.rsplit(":", 1)[0] + ":1")
    daemon = netns.run(lambda: started_daemon(config, tmp_path))
    try:
        assert daemon.page_url == f"http://[{address}]:{port}/"
        qr = daemon.hub.call(daemon.table.pairing_view)["qr"]
        base, secret = qr.split("#")
        host = f"{socket.gethostname().split('.')[0].lower()}.local" if named else f"[{address}]"
        assert base == f"http://{host}:{port}/"
        # scheme and host are case-insensitive (a plain one is encoded upper-case)
        wait_until(lambda: (shows_qr(daemon) or "").lower() == qr.lower(), timeout=10)
        assert shows_qr(daemon).endswith(f"#{secret}")
        assert len(qr_matrix(qr)) + 2 <= 62 // 2  # 2 px per module with its quiet zone
        if named:  # the box answers to that name (DNS rebinding guard, web/hosts.py)
            status, _, _ = netns.run(lambda: Client(port, source=address, host=address)
                                     .get("/api/status", headers={"Host": f"{host}:{port}"}))
            assert status == 200
    finally:
        daemon.stop()


LONG = "http://[2001:db8:47:0:ba27:ebff:fe12:3456]:8080/"


@pytest.mark.parametrize(("hostname", "shown"), [
    ("Table-Pi.club.lan", "http://table-pi.local:8080/"),  # Avahi's name: the first label
    ("a" * 40, LONG),  # a name longer than the address helps nothing: the address stays
])
def test_the_name_in_the_qr_code_is_one_the_box_answers_to(monkeypatch, hostname, shown):
    """The host name (the system's, not the project's: set here) as the QR code gives it is
    one the DNS rebinding guard lets in; a name that does not fit either is not used."""
    from companion.daemon.address import panel_url
    from companion.web.hosts import allowed_host, own_names

    monkeypatch.setattr(socket, "gethostname", lambda: hostname)
    secret = "S" * 22  # secrets.token_urlsafe(16)'s length
    qr = panel_url(LONG, secret)
    assert qr == f"{shown}#pair={secret}"
    assert allowed_host(urlsplit(qr).netloc, own_names(LONG))
