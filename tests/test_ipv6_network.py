"""A box on a network without IPv4 (some phone hotspots and club networks give only IPv6):
the pairing address is its IPv6 one, not "no network". Real parts: network namespaces of the
test's own (netns_helpers.py) with real kernel addresses and routes, the real route probe."""

from __future__ import annotations

import pytest

from companion.network.route import route_address
from tests.netns_helpers import Netns


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
