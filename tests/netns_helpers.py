"""A network of the test's own: a Linux network namespace with loopback and nothing else (no
route: a laptop unplugged, a Pi with no Wi-Fi), and a way to give it a network later.

A child `unshare -n sleep` holds the namespace. `Netns.run(fn)` runs `fn` on a thread that
entered it (setns(2) moves only the calling thread; the threads it starts stay in it, so a
daemon built and started there probes, listens and serves inside). `Netns.connect` adds a
veth interface with an address (IPv4, IPv6 or both) and a default route: the network appears,
as a Wi-Fi joined after start would. Needs root (CAP_SYS_ADMIN in this namespace too, for setns).
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import pytest

CLONE_NEWNET = 0x40000000
T = TypeVar("T")


def _ns_id(pid: int | str) -> str:
    return os.readlink(f"/proc/{pid}/ns/net")


class Netns:
    def __init__(self) -> None:
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
            pytest.skip("a network namespace of the test's own needs root, unshare and ip")
        self.holder = subprocess.Popen(["unshare", "-n", "sleep", "600"])
        deadline = time.monotonic() + 5
        while _ns_id(self.holder.pid) == _ns_id("self"):  # until unshare(2) happened
            if self.holder.poll() is not None or time.monotonic() > deadline:
                pytest.skip("unshare -n does not work here")
            time.sleep(0.01)
        self.path = f"/proc/{self.holder.pid}/ns/net"
        self.ip("link", "set", "lo", "up")

    def ip(self, *args: str) -> None:
        """`ip ARGS` inside the namespace (never in the test's own: checked first)."""
        assert _ns_id(self.holder.pid) != _ns_id("self")
        subprocess.run(["nsenter", f"--net={self.path}", "ip", *args], check=True,
                       capture_output=True, timeout=10)

    def sysctl(self, name: str, value: str) -> None:
        """Sets one of the namespace's own network settings (`net.ipv6.bindv6only`,
        `net.ipv6.conf.all.disable_ipv6`…: each namespace has its own, the machine's stay
        as they are)."""
        assert _ns_id(self.holder.pid) != _ns_id("self")
        subprocess.run(["nsenter", f"--net={self.path}", "sysctl", "-qw", f"{name}={value}"],
                       check=True, capture_output=True, timeout=10)

    def connect(self, address: str = "10.77.0.2/24", gateway: str = "10.77.0.1",
                also: tuple[str, str] | None = None) -> None:
        """A network appears: an interface with `address` and a default route via `gateway`
        (IPv4 or IPv6; `also`: a second address and gateway on it, e.g. the other family's).
        IPv6 addresses skip duplicate address detection: usable at once, not a second later.
        """
        self.ip("link", "add", "veth0", "type", "veth", "peer", "name", "veth1")
        for addr, via in ((address, gateway), *([also] if also else [])):
            six = ["-6"] if ":" in addr else []
            self.ip(*six, "addr", "add", addr, "dev", "veth0", *(["nodad"] if six else []))
            if addr == address:
                self.ip("link", "set", "veth0", "up")
                self.ip("link", "set", "veth1", "up")
            self.ip(*six, "route", "add", "default", "via", via, "dev", "veth0")

    def run(self, fn: Callable[[], T]) -> T:
        """`fn()` on a thread inside the namespace; its result (or its exception)."""
        outcome: dict[str, object] = {}

        def inside() -> None:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = os.open(self.path, os.O_RDONLY)
            try:
                if libc.setns(fd, CLONE_NEWNET) != 0:
                    raise OSError(ctypes.get_errno(), "setns")
                outcome["value"] = fn()
            except BaseException as exc:  # handed to the caller's thread
                outcome["error"] = exc
            finally:
                os.close(fd)

        thread = threading.Thread(target=inside, name="netns")
        thread.start()
        thread.join(60)
        if "error" in outcome:
            raise outcome["error"]  # type: ignore[misc]
        return outcome["value"]  # type: ignore[return-value]

    def close(self) -> None:
        self.holder.kill()
        self.holder.wait()
