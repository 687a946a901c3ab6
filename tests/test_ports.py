"""The tests' loopback ports (ports.py): never one the kernel hands out to others, never one
given to another test process still running, nor twice to this one."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from ports import ephemeral_range, free_port


def test_a_port_given_is_outside_the_range_the_kernel_hands_out():
    """The kernel gives ports of that range to every bind to port 0 and every outgoing
    connection on the machine: one of them took a number the daemon was about to bind."""
    low, high = ephemeral_range()
    given = [free_port() for _ in range(50)]
    assert not [p for p in given if low <= p <= high], (low, high)
    assert len(set(given)) == len(given)  # none given twice
    for port in given:  # and free: a server may bind it
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))


def test_a_port_given_is_not_given_to_another_process_while_this_one_runs():
    """Two test runs side by side (each its own process) never share a port."""
    mine = free_port()
    other = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import ports\n"
         "try: print(ports.free_port(int(sys.argv[2]), int(sys.argv[2])))\n"
         "except OSError: print('none')", str(Path(__file__).parent), str(mine)],
        capture_output=True, text=True, timeout=60, check=True)
    assert other.stdout.strip() == "none", other.stdout  # the only port asked for is ours
    with pytest.raises(OSError):
        free_port(mine, mine)  # nor given again here
