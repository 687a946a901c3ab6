"""systemd's notify protocol in a few lines: READY, STOPPING and the watchdog ping.

Under `Type=notify` systemd passes $NOTIFY_SOCKET; with `WatchdogSec=` it also passes
$WATCHDOG_USEC and restarts the service when pings stop. The daemon pings from the hub thread,
so a hub that hangs stops the pings and gets restarted. Outside systemd every call is a no-op.
"""

from __future__ import annotations

import os
import socket


class Notifier:
    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.address = env.get("NOTIFY_SOCKET") or None
        if self.address and self.address.startswith("@"):  # an abstract socket
            self.address = "\0" + self.address[1:]
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        ours = not pid or pid == str(os.getpid())
        self.watchdog_s = int(usec) / 1e6 if usec.isdigit() and ours else None

    def send(self, message: str) -> bool:
        if not self.address:
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            try:
                sock.sendto(message.encode(), self.address)
            except OSError:
                return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def ping(self) -> bool:
        return self.send("WATCHDOG=1")
