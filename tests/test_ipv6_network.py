"""A box on a network without IPv4 (some phone hotspots and club networks give only IPv6):
the pairing address is its IPv6 one, not "no network". Real parts: network namespaces of the
test's own (netns_helpers.py) with real kernel addresses and routes, the real route probe."""

from __future__ import annotations

import http.client
import socket

import pytest

from companion.bench.web_bench import free_port
from companion.config import parse
from companion.daemon import Daemon
from companion.network.route import route_address
from companion.web import WebServer
from tests.netns_helpers import Netns
from tests.web_helpers import Client


@pytest.fixture
def netns():
    ns = Netns()
    yield ns
    ns.close()


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


def test_a_daemon_on_an_ipv6_only_network_pairs_phones_over_ipv6(netns, mock_pins, tmp_path):
    """Listening on every interface (the default "0.0.0.0") takes IPv6 too: the pairing URL
    on an IPv6-only network is answered there, and IPv4 still is."""
    port = free_port()
    config = parse({"web": {"host": "0.0.0.0", "port": port}, "wifi": {"hotspot": "off"}})
    netns.connect("fd47::2/64", "fd47::1")

    def start() -> Daemon:
        daemon = Daemon(config, tmp_path, simulate=True, web=True)
        daemon.start()
        return daemon

    daemon = netns.run(start)
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


def test_every_interface_is_ipv4_and_ipv6_and_an_ipv4_client_is_said_as_ipv4():
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


def test_doctor_sees_the_page_port_taken_on_ipv6(tmp_path):
    """The doctor binds as the web server does: a port another program holds on IPv6 only
    would stop the companion, so it is not "free"."""
    from companion.doctor import check_web_port

    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as other:
        other.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        other.bind(("::", 0))
        other.listen(1)
        port = other.getsockname()[1]
        [found] = check_web_port(parse({"web": {"port": port}}))
        assert not found.ok and found.check == "web"
    [found] = check_web_port(parse({"web": {"port": port}}))
    assert found.ok
