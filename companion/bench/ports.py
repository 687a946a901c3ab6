"""Loopback ports for the servers a benchmark or a test starts (the daemon's page, Mosquitto,
the league server), that nobody else is given before the server binds its own.

A port taken by binding port 0 and closed again goes back to the kernel's ephemeral range,
from which every other bind to port 0 and every outgoing connection on the machine draws its
own port: a test run, the browser, any client. Under load one of them took the number before
the daemon bound it ("Address already in use"). The ports here are outside that range, so
the kernel never hands one out, and each is reserved for the life of this process by a lock
on a file named after it: another process asking here (a bench beside a test run) skips it,
and so does this one (a port is given once). The tests take theirs from here too
(tests/ports.py): one picker, so a bench and a test run never share a port.
"""

from __future__ import annotations

import fcntl
import os
import random
import socket
import tempfile
from pathlib import Path

LOCKS = Path(tempfile.gettempdir()) / "companion-ports"
LOWEST = 10000  # below it: ports of well-known services
_held: list[int] = []  # the lock files' descriptors: a port stays ours while this process runs


def ephemeral_range() -> tuple[int, int]:
    """The ports the kernel gives out for port 0 and outgoing connections (Linux's default
    where it cannot be read)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def free_port(lowest: int = LOWEST, highest: int = 65535) -> int:
    """A loopback port free now, outside the ephemeral range, not given before to this
    process or to another one still running; from lowest..highest. OSError when none is."""
    low, high = ephemeral_range()
    ports = [p for p in range(lowest, highest + 1) if not low <= p <= high]
    start = random.randrange(len(ports)) if ports else 0
    _lock_dir()
    for port in ports[start:] + ports[:start]:
        fd = _reserve(port)
        if fd is None:
            continue
        if _bindable(port):
            _held.append(fd)
            return port
        os.close(fd)  # in use by someone who does not ask here: not ours to hold
    raise OSError(f"no free loopback port in {lowest}..{highest} outside {low}..{high}")


def _lock_dir() -> None:
    """The lock files' directory, open to every user as /tmp is (sticky, writable by all):
    a bench run by pi and a test run by root take their ports from the same place."""
    try:
        LOCKS.mkdir()
    except FileExistsError:
        return
    LOCKS.chmod(0o1777)  # mkdir's mode passes through the umask


def _reserve(port: int) -> int | None:
    """The descriptor of this process's lock on the port's file; None while another open
    file holds it (another process's, or this one's: a port already given), or when the
    file is another user's that this one may not open (then the port is left to them)."""
    path = LOCKS / str(port)
    try:  # read-only is enough for flock, and lets any user open another's file
        fd = os.open(path, os.O_RDONLY) if path.exists() else \
            os.open(path, os.O_RDONLY | os.O_CREAT, 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _bindable(port: int) -> bool:
    """Nothing else listens on it (a service, a server of a process not using this module)."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
