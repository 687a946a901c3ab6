"""The page's socket on every interface (network/listen.py) under the kernel's IPv6 settings:
one IPv6 socket that takes IPv4 too, whatever `net.ipv6.bindv6only` says, still there with
IPv6 switched off, and an IPv4 socket on a kernel without IPv6 at all. Real parts: the
daemon in network namespaces of the test's own (netns_helpers.py) with their own sysctls,
`companion run` as a process whose kernel refuses IPv6 sockets (no_ipv6.py), real HTTP."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from no_ipv6 import UNSUPPORTED
from ports import free_port
from web_helpers import Client, started_daemon

from companion.config import parse


@pytest.mark.parametrize(("setting", "ipv6"), [
    # IPv6 sockets take no IPv4 unless they ask (some distributions' default, BSD's)
    ("net.ipv6.bindv6only", True),
    # IPv6 switched off (a common Pi tweak): the kernel has IPv6, the box no address of it
    ("net.ipv6.conf.all.disable_ipv6", False),
], ids=["bindv6only", "ipv6-disabled"])
def test_listening_everywhere_answers_ipv4_whatever_the_ipv6_settings(
        netns, mock_pins, tmp_path, setting, ipv6):
    """The default listen address ("0.0.0.0": every interface) answers a phone on IPv4 and,
    where the box has IPv6, on IPv6; no kernel setting leaves the IPv4 phones out."""
    netns.sysctl(setting, "1")
    port = free_port()
    config = parse({"web": {"host": "0.0.0.0", "port": port}, "wifi": {"hotspot": "off"}})
    daemon = netns.run(lambda: started_daemon(config, tmp_path))
    try:
        status, body, _ = netns.run(lambda: Client(port).get("/api/status"))
        assert status == 200 and "paired" in body
        ipv6_phone = Client(port, source="::1", host="::1")
        if ipv6:
            assert netns.run(lambda: ipv6_phone.get("/api/status"))[0] == 200
        else:  # the namespace really has no IPv6 left: ::1 is gone
            with pytest.raises(OSError):
                netns.run(lambda: ipv6_phone.get("/api/status"))
    finally:
        daemon.stop()


def test_a_kernel_without_ipv6_gets_an_ipv4_page(tmp_path):
    """A Pi booted with IPv6 off altogether refuses every IPv6 socket (EAFNOSUPPORT):
    `companion run` listens on IPv4 alone then, and a phone's page is answered."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("no_ipv6.py")), "run", "--simulate",
         "--host", "0.0.0.0", "--port", str(port), "--data", str(tmp_path)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        status = _first_answer(proc, Client(port))
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    if proc.returncode == UNSUPPORTED:
        pytest.skip("no seccomp filter here (libseccomp): no kernel without IPv6 to show")
    assert status == 200, err.decode(errors="replace")[-2000:]


def _first_answer(proc: subprocess.Popen, phone: Client, timeout: float = 30.0) -> int | None:
    """The status of /api/status once the daemon answers; None if it ended first."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            return phone.get("/api/status")[0]
        except ConnectionRefusedError:  # not listening yet
            time.sleep(0.1)
    return None
