"""The loopback ports of the tests and of `companion bench` (companion/bench/ports.py, the
tests' ports.py): never one the kernel hands out to others, never one given to another
process still running, nor twice to this one."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from ports import ephemeral_range, free_port

from companion.bench import ports as bench_ports
from companion.bench.web_bench import simulated_daemon

NOBODY = 65534


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


def test_the_benchs_daemon_listens_on_such_a_port():
    """`companion bench web` starts its daemon on a port of the same picker: one bound as
    port 0 and released (as it was) is the kernel's to give to anyone before the daemon
    binds it."""
    low, high = ephemeral_range()
    with simulated_daemon() as daemon:
        port = daemon.web.port
    assert not low <= port <= high, (port, low, high)


@pytest.fixture
def own_locks(monkeypatch):
    """The pickers' lock directory, for this test alone (in a directory every user may
    enter, as /tmp is); root only: the test asks as another user too."""
    if os.geteuid() != 0:
        pytest.skip("asking for a port as another user needs root")
    base = Path(tempfile.mkdtemp(prefix="companion-ports-test-"))
    base.chmod(0o755)
    monkeypatch.setattr(bench_ports, "LOCKS", base / "locks")
    yield bench_ports.LOCKS
    shutil.rmtree(base)


def as_user(uid: int, ask: Callable[[], list[int]]) -> list[int] | None:
    """`ask()` in a child process running as `uid`: the ports it gave, None on OSError."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: nothing but the question, then gone
        answer = "none"
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            answer = " ".join(str(port) for port in ask())
        except OSError:
            pass
        finally:
            os.write(write, answer.encode())
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = pipe.read()
    os.waitpid(pid, 0)
    return None if answer == "none" else [int(port) for port in answer.split()]


def test_a_bench_run_by_another_user_after_root_finds_ports(own_locks):
    """Tests run by root (sudo: the network namespaces) leave the lock directory and the
    files of the ports they took; a bench run by pi afterwards takes ports there too: one
    root took and let go, and one no one took before (its file is new)."""
    taken = as_user(0, lambda: [free_port()])  # root's process takes it, and ends
    assert taken is not None
    (port,) = taken
    given = as_user(NOBODY, lambda: [free_port(port, port), free_port()])
    assert given is not None and given[0] == port, given
    assert sorted(int(lock.name) for lock in own_locks.iterdir()) == sorted(given)
