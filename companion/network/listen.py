"""The page's listening socket, and who is on the other end.

A listen address of every interface ("0.0.0.0", the default, "" or "::") means IPv4 and
IPv6: on an IPv6-only network (some phone hotspots and club networks) the pairing address
is the box's IPv6 one (route.py), and an IPv4-only socket would refuse the phone that scans
it. So it is one IPv6 socket that takes IPv4 too (``IPV6_V6ONLY`` off: IPv4 clients arrive
as ``::ffff:a.b.c.d``, `client_address` gives them back as a.b.c.d); on a kernel without
IPv6, IPv4 alone as before. Any other address is bound as given.
"""

from __future__ import annotations

import errno
import ipaddress
import socket

WILDCARDS = ("0.0.0.0", "", "::")  # listen addresses that mean "every interface"
# binding "::" fails so where the kernel has no IPv6: IPv4 alone then
NO_IPV6 = (errno.EAFNOSUPPORT, errno.EADDRNOTAVAIL, errno.EPROTONOSUPPORT)


def bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port (not yet listening); the OSError of the bind (an
    address in use, one this machine does not have) is the caller's to say."""
    if host in WILDCARDS:
        try:
            return _bind(socket.AF_INET6, "::", port, dual=True)
        except OSError as exc:
            if exc.errno not in NO_IPV6:
                raise
        return _bind(socket.AF_INET, "0.0.0.0", port)
    return _bind(socket.AF_INET6 if ":" in host else socket.AF_INET, host, port)


def _bind(family: socket.AddressFamily, host: str, port: int, dual: bool = False
          ) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if dual:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def client_address(peer: str) -> str:
    """A peer's address as the client knows it: an IPv4 client of the dual-stack socket
    as a.b.c.d, not ::ffff:a.b.c.d."""
    try:
        mapped = ipaddress.IPv6Address(peer).ipv4_mapped
    except ValueError:
        return peer
    return str(mapped) if mapped is not None else peer
