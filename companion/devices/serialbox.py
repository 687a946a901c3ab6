"""The USB serial button box: the same buttons on a microcontroller, with its own clock.

Line protocol (ASCII, one message per line, at most 80 bytes; see hardware/buttonbox/):

    box → host   HELLO companion-buttons <version> [buttons=<n>] [wrap=<period_us>]
    box → host   P <button> <t_us>      a press, on the box's microsecond clock
    box → host   R <button> <t_us>      a release
    box → host   PONG <seq> <t_us>      answer to a PING: the box clock when it answered
    host → box   HELLO?                 ask for the HELLO line again
    host → box   PING <seq>

Button names are short tokens (``p0`` … ``p5``, ``ok``). Box time is mapped onto the host's
monotonic clock from ping round trips, offset and drift (`companion.devices.clockmap`), so
presses keep the box's sub-millisecond spacing. Unplugging is survived:
the reader closes, waits and reopens the same path (a udev symlink keeps it stable); each
change of `status` ("connected", "disconnected") goes to `on_status` (the daemon posts it to
the hub: daemon/links.py).
Every field is validated: button names are ``p0`` … ``p9`` or ``ok``, times fit the box's
counter (below ``wrap``, or 2^62 µs), HELLO values are in range. Garbage, partial, overlong
and out-of-range lines are counted and dropped, and never move the clock mapping. A press
whose mapped time is not within `MAX_DELAY_S` before its arrival is stamped on arrival.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable

import serial

from companion.devices.clockmap import MAX_US, ClockMap

log = logging.getLogger("companion.serialbox")

PROTOCOL = "companion-buttons"
VERSION = 1
MAX_LINE = 80
LINE = re.compile(r"^(P|R) (p[0-9]|ok) (\d{1,19})$")
PONG = re.compile(r"^PONG (\d{1,6}) (\d{1,19})$")
HELLO = re.compile(r"^HELLO (\S+) (\d{1,4})((?: [a-z]+=\d{1,19})*)$")
EdgeSink = Callable[[str, float, bool, str], None]
PING_S = 1.0  # the clock map's round trips: often enough to follow a drifting crystal
# HELLO values: name → (lowest, highest) accepted; other keys are ignored.
HELLO_RANGES = {"buttons": (1, 16), "wrap": (1 << 20, MAX_US)}
MAX_DELAY_S = 1.0  # a press reaches the host well within this (USB, ms)


class SerialBox:
    def __init__(self, port: str, sink: EdgeSink, baud: int = 115200,
                 clock: Callable[[], float] = time.monotonic, reconnect_s: float = 1.0,
                 ping_s: float = PING_S, on_status: Callable[[str], None] | None = None) -> None:
        self.port, self.baud, self.sink, self.clock = port, baud, sink, clock
        self.reconnect_s, self.ping_s = reconnect_s, ping_s
        self.on_status = on_status or (lambda status: None)
        self.stats = {"lines": 0, "presses": 0, "garbage": 0, "overlong": 0, "connects": 0,
                      "disconnects": 0}
        # "starting" until the first try: a box missing at start is a change ("disconnected")
        # that `on_status` hears, not only one pulled later
        self.status = "starting"
        self.hello: dict[str, int | str] | None = None
        self.clockmap = ClockMap()
        self._stop = threading.Event()
        self._pings: dict[int, float] = {}
        self._seq = 0
        self._next_ping, self._pings_sent = 0.0, 0
        self._thread = threading.Thread(target=self._run, name="serialbox", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _set_status(self, status: str) -> None:
        if status != self.status:
            self.status = status
            log.info("button box %s: %s", self.port, status)
            self.on_status(status)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with serial.Serial(self.port, self.baud, timeout=0.05) as port:
                    self.stats["connects"] += 1
                    self._session(port)
            except (serial.SerialException, OSError, ValueError) as exc:  # ValueError: NUL
                if self.status == "connected":
                    self.stats["disconnects"] += 1
                log.debug("button box %s: %s", self.port, exc)
            self._set_status("disconnected")
            self.clockmap = ClockMap()
            self.hello = None
            self._stop.wait(self.reconnect_s)

    def _session(self, port: serial.Serial) -> None:
        self._set_status("connected")
        port.write(b"HELLO?\n")
        buffer = bytearray()
        dropping = False
        self._next_ping, self._pings_sent = 0.0, 0
        while not self._stop.is_set():
            now = self.clock()
            if now >= self._next_ping:
                self._send_ping(port)
                self._pings_sent += 1
                # A quick burst at connect fixes the clock before the first race.
                self._next_ping = now + (0.05 if self._pings_sent < 5 else self.ping_s)
            # Block for the first byte only: read(n) would wait out the timeout for n bytes
            # and make every arrival (and so the clock mapping) late.
            chunk = port.read(1)
            arrived = self.clock()
            if chunk and port.in_waiting:
                chunk += port.read(port.in_waiting)
            for byte in chunk:
                if byte == 0x0A:  # newline
                    if dropping:
                        dropping = False
                    else:
                        self._line(bytes(buffer), arrived)
                    buffer.clear()
                elif not dropping:
                    buffer.append(byte)
                    if len(buffer) > MAX_LINE:
                        self.stats["overlong"] += 1
                        buffer.clear()
                        dropping = True

    def _send_ping(self, port: serial.Serial) -> None:
        self._seq = (self._seq + 1) % 1_000_000
        self._pings[self._seq] = self.clock()
        if len(self._pings) > 32:
            self._pings.pop(next(iter(self._pings)))
        port.write(f"PING {self._seq}\n".encode())

    def _line(self, raw: bytes, arrived: float) -> None:
        try:
            text = raw.decode("ascii").strip()
        except UnicodeDecodeError:
            self.stats["garbage"] += 1
            return
        if not text:
            return
        self.stats["lines"] += 1
        if (m := LINE.match(text)) and self.clockmap.valid(t_us := int(m.group(3))):
            kind, name = m.group(1), m.group(2)
            t = self.clockmap.to_host(t_us) if self.clockmap.ready else arrived
            if not arrived - MAX_DELAY_S <= t <= arrived:  # never in the future, nor stale
                t = arrived
            self.stats["presses"] += kind == "P"
            self.sink(name, t, kind == "P", "serial")
        elif (m := PONG.match(text)) and self.clockmap.valid(t_us := int(m.group(2))):
            sent = self._pings.pop(int(m.group(1)), None)
            if sent is not None:
                self.clockmap.add(sent, arrived, t_us)
        elif (m := HELLO.match(text)) and m.group(1) == PROTOCOL \
                and (hello := self._hello(int(m.group(2)), m.group(3))) is not None:
            self.hello = hello
            if hello["version"] != VERSION:
                log.warning("button box speaks protocol version %s, expected %s",
                            hello["version"], VERSION)
            wrap = hello.get("wrap")
            if wrap != self.clockmap.wrap_us:  # another counter: map its clock afresh
                self.clockmap = ClockMap(wrap_us=wrap)
                self._pings.clear()
                self._next_ping, self._pings_sent = 0.0, 0  # a quick burst of pings again
        else:
            self.stats["garbage"] += 1

    @staticmethod
    def _hello(version: int, fields_text: str) -> dict[str, int] | None:
        """The HELLO's values, or None when one is out of range (the line is refused)."""
        hello = {"version": version}
        for key, _, value in (kv.partition("=") for kv in fields_text.split()):
            if key in HELLO_RANGES:
                low, high = HELLO_RANGES[key]
                if not low <= int(value) <= high:
                    log.warning("button box HELLO refused: %s=%s out of range", key, value)
                    return None
                hello[key] = int(value)
        return hello
