"""A fake button box on the master side of a pty: answers HELLO? and PING like the firmware,
with its own clock (host monotonic + an offset, wrapping like MicroPython's ticks_us; an
optional second argument makes that clock run fast by so many ppm).
Commands on stdin: ``press NAME HOST_T`` / ``release NAME HOST_T`` (an edge at that host
time), ``raw TEXT`` (bytes as they are, \\n escapes allowed), ``exit``."""

from __future__ import annotations

import os
import select
import sys
import time

OFFSET_US = 987_654_321
WRAP_US = 1 << 30
# Optional arguments: the box crystal's drift in ppm, then (seconds) when the counter wraps.
DRIFT_PPM = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0


def box_us(host_t: float) -> int:
    return (int(host_t * (1 + DRIFT_PPM * 1e-6) * 1e6) + OFFSET_US) % WRAP_US


def wrap_after(seconds: float) -> None:
    """Set the box clock's offset so that its counter wraps `seconds` from now."""
    global OFFSET_US
    OFFSET_US = WRAP_US - int(time.monotonic() * 1e6) % WRAP_US - int(seconds * 1e6)


def main(fd: int) -> None:
    os.write(fd, f"HELLO companion-buttons 1 buttons=3 wrap={WRAP_US}\n".encode())
    pending = b""
    while True:
        ready, _, _ = select.select([fd, sys.stdin], [], [], 0.5)
        if fd in ready:
            try:
                data = os.read(fd, 1024)
            except OSError:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                words = line.decode().split()
                if words[:1] == ["PING"]:
                    os.write(fd, f"PONG {words[1]} {box_us(time.monotonic())}\n".encode())
                elif words[:1] == ["HELLO?"]:
                    os.write(fd, f"HELLO companion-buttons 1 buttons=3 wrap={WRAP_US}\n"
                             .encode())
        if sys.stdin in ready:
            command = sys.stdin.readline()
            if not command or command.strip() == "exit":
                return
            verb, _, rest = command.strip().partition(" ")
            if verb in ("press", "release"):
                name, host_t = rest.split()
                kind = "P" if verb == "press" else "R"
                os.write(fd, f"{kind} {name} {box_us(float(host_t))}\n".encode())
            elif verb == "raw":
                os.write(fd, rest.encode().decode("unicode_escape").encode("latin-1"))
            sys.stdout.write("ok\n")
            sys.stdout.flush()


if __name__ == "__main__":
    if len(sys.argv) > 3:
        wrap_after(float(sys.argv[3]))
    main(int(sys.argv[1]))
