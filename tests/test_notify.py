"""The daemon tells systemd it is ready, pings the watchdog from the hub, says when it stops."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from ports import free_port

from companion.daemon.notify import Notifier


def test_notifier_speaks_the_notify_protocol(tmp_path):
    path = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"})
        assert notifier.watchdog_s == 30.0
        assert notifier.ready("refereeing") and notifier.ping()
        assert server.recv(100) == b"READY=1\nSTATUS=refereeing"
        assert server.recv(100) == b"WATCHDOG=1"
    outside = Notifier({})
    assert outside.watchdog_s is None and not outside.ready()
    other = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"})
    assert other.watchdog_s is None  # that watchdog is another process's


def test_daemon_reports_ready_watchdog_and_stopping(tmp_path):
    path = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.settimeout(20)
        env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="300000",
                   PYTHONUNBUFFERED="1")
        proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--simulate",
                                 "--host", "127.0.0.1", "--port", str(free_port()),
                                 "--data", str(tmp_path / "data")], env=env,
                                stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            messages = []
            deadline = time.monotonic() + 20
            while messages.count(b"WATCHDOG=1") < 3 and time.monotonic() < deadline:
                messages.append(server.recv(200))
            assert any(m.startswith(b"READY=1") for m in messages)
            assert messages.count(b"WATCHDOG=1") >= 3  # every 0.1 s from the hub
            proc.send_signal(signal.SIGTERM)
            while (message := server.recv(200)) == b"WATCHDOG=1":
                pass
            assert message == b"STOPPING=1"
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.communicate(timeout=20)
