"""The page's listening socket (companion/network/listen.py) where a mutation probe found it
unguarded: an IPv6 listen address as given, and a restart on the same port while the last
connections' ends still linger (TIME_WAIT). Real sockets on loopback."""

from __future__ import annotations

import http.client

from test_ipv6_network import ipv6_loopback as ipv6_loopback  # the fixture: ::1 exists

from companion.web import WebServer


def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [environ["REMOTE_ADDR"].encode()]


def ask(host: str, port: int) -> str:
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("GET", "/", headers={"Connection": "close"})  # the server closes first
    try:
        return conn.getresponse().read().decode()
    finally:
        conn.close()


def test_an_ipv6_listen_address_is_bound_as_given(ipv6_loopback):
    server = WebServer(app, "::1", 0)
    server.start()
    try:
        assert ask("::1", server.port) == "::1"
    finally:
        server.stop()


def test_a_restart_takes_the_same_port_while_old_connections_linger():
    """`companion run` restarted (an upgrade, a crash) must get its port back at once, not
    fail while the connections it closed wait out TIME_WAIT (SO_REUSEADDR)."""
    first = WebServer(app, "127.0.0.1", 0)
    first.start()
    port = first.port
    try:
        for _ in range(3):
            assert ask("127.0.0.1", port) == "127.0.0.1"
    finally:
        first.stop()
        first.sock.close()
    second = WebServer(app, "127.0.0.1", port)
    second.start()
    try:
        assert ask("127.0.0.1", port) == "127.0.0.1"
    finally:
        second.stop()
