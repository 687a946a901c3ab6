"""The real pyserial reader against a fake box process on a pseudo-terminal pair."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from daemon_helpers import Recorder, drive, make_daemon

from companion.devices.serialbox import MAX_DELAY_S, ClockMap, SerialBox

HERE = Path(__file__).resolve().parent


class Box:
    """A plugged-in fake box: a pty whose slave is reachable at `link`."""

    def __init__(self, link: Path, drift_ppm: float = 0.0,
                 wrap_in_s: float | None = None) -> None:
        self.link = link
        master, slave = os.openpty()
        self.slave_fd = slave
        if link.is_symlink():
            link.unlink()
        link.symlink_to(os.ttyname(slave))
        wrap = [] if wrap_in_s is None else [str(wrap_in_s)]
        self.proc = subprocess.Popen([sys.executable, str(HERE / "fake_box.py"), str(master),
                                      str(drift_ppm), *wrap],
                                     pass_fds=[master], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        os.close(master)

    def send(self, command: str) -> None:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        assert self.proc.stdout.readline().strip() == "ok"

    def unplug(self) -> None:
        self.proc.stdin.write("exit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)
        os.close(self.slave_fd)
        self.link.unlink()


def wait_until(condition, timeout=30.0):
    """Poll until `condition()` holds. The deadline is only for a hang: a loaded machine may
    take seconds to start the fake box's Python process, and a passing test never waits it out."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def map_error(reader: SerialBox) -> float:
    """How far the reader's clock map may put a box time, whatever the machine's load: half
    its quickest ping round trip so far (the box read its clock within the trip; in its
    first seconds the map keeps the quickest trip's offset, clockmap.py), and a few µs of
    the fake box's truncation. A busy machine's slow round trips widen it (2.3 ms was seen
    under three busy loops: a fixed 2 ms did not hold). Later pings only make it smaller."""
    quickest = min(rtt for rtt, _, _ in list(reader.clockmap.samples))  # a copy: it grows
    return quickest / 2 + 10e-6


def wait_for_a_telling_map(reader: SerialBox) -> None:
    """Wait until the reader has the box's HELLO and a clock map whose error bound can tell a
    press's box time from its arrival well within `MAX_DELAY_S` (a press the map puts
    further back takes its arrival). `ready` alone is not enough: four slow round trips on
    a loaded machine make it ready with an error of half the quickest of them, and a press
    set twice that far back would arrive too late to keep its box time."""
    wait_until(lambda: reader.hello and reader.clockmap.ready
               and map_error(reader) < MAX_DELAY_S / 20)


@pytest.fixture
def box_link(tmp_path):
    return tmp_path / "companion-buttons"


def plug_in(link: Path, wrap_in_s: float | None = None) -> tuple[Box, SerialBox, list]:
    """A fake box at `link` and a started reader collecting its edges."""
    edges: list = []
    box = Box(link, wrap_in_s=wrap_in_s)
    reader = SerialBox(str(link), lambda *e: edges.append(e), reconnect_s=0.1)
    reader.start()
    return box, reader, edges


def test_presses_map_onto_the_host_clock_and_garbage_is_counted(box_link):
    box, reader, edges = plug_in(box_link)
    try:
        wait_for_a_telling_map(reader)
        assert reader.hello == {"version": 1, "buttons": 3, "wrap": 1 << 30}
        error = map_error(reader)
        t = time.monotonic() - 0.010 - 2 * error  # its arrival: further off than the error
        box.send(f"press p1 {t}")
        box.send("raw garbage line\\n")
        box.send("raw P p0 notanumber\\n")
        box.send("raw \\xff\\xfe\\n")
        box.send("raw " + "X" * 300 + "\\n")
        box.send("raw P p0 12")  # partial: completed below into a garbage line
        box.send("raw 34 extra\\n")
        box.send(f"release p1 {t + 0.05}")
        wait_until(lambda: len(edges) == 2)
        name, mapped, pressed, source = edges[0]
        assert (name, pressed, source) == ("p1", True, "serial")
        assert abs(mapped - t) <= error  # within half the quickest ping round trip
        assert edges[1][2] is False
        assert reader.stats["garbage"] == 4 and reader.stats["overlong"] == 1
    finally:
        reader.stop()
        box.unplug()


def test_unplug_and_plug_back_in_without_a_restart(box_link):
    box, reader, edges = plug_in(box_link)
    try:
        wait_until(lambda: reader.status == "connected" and reader.clockmap.ready)
        box.unplug()
        wait_until(lambda: reader.status == "disconnected")
        box = Box(box_link)
        wait_until(lambda: reader.status == "connected" and reader.clockmap.ready)
        box.send(f"press p0 {time.monotonic()}")
        wait_until(lambda: len(edges) == 1)
        assert reader.stats["connects"] >= 2 and reader.stats["disconnects"] >= 1
    finally:
        reader.stop()
        box.unplug()


def test_clock_map_follows_a_drifting_box_clock(box_link, monkeypatch):
    """A box whose crystal runs 1,000 ppm fast (exaggerated so that a few seconds show it):
    the map estimates the drift from the round trips and maps a press onto the host clock
    within a fraction of what the drift alone adds up to in that time."""
    monkeypatch.setattr(ClockMap, "min_span_s", 1.0)  # fit the rate after 1 s, not 10 s
    box = Box(box_link, drift_ppm=1000)
    edges: list = []
    reader = SerialBox(str(box_link), lambda *e: edges.append(e), reconnect_s=0.1,
                       ping_s=0.05)
    reader.start()
    try:
        wait_until(lambda: len(reader.clockmap.samples) >= 60, timeout=20)
        assert abs(reader.clockmap.drift_ppm - 1000) < 150, reader.clockmap.drift_ppm
        t = time.monotonic() - 0.001
        box.send(f"press p0 {t}")
        wait_until(lambda: edges)
        _, mapped, _, _ = edges[0]
        # the drift alone moves the box clock 1 ms in each second since the first ping
        assert abs(mapped - t) < 0.0005, (mapped - t, reader.clockmap.samples)
    finally:
        reader.stop()
        box.unplug()


@pytest.mark.parametrize("hostile", [
    "P p5 99999999999999999999",  # 20 digits: far beyond the box's 2^30 µs counter
    f"P p5 {1 << 30}",  # one past the counter's range
    "PONG 1 99999999999999999999",
    "HELLO companion-buttons 1 buttons=3 wrap=1",  # a wrap that would unwrap nonsense
    "HELLO companion-buttons 99999999999999999999 buttons=99999999999999 wrap=0",
    "P zz 12", "P p1 -5", "R ok 1 2", "PONG x 5", "HELLO companion-buttons 1 wrap=",
])
def test_a_hostile_line_is_refused_and_the_next_press_keeps_its_box_time(box_link, hostile):
    box, reader, edges = plug_in(box_link)
    try:
        wait_for_a_telling_map(reader)
        garbage = reader.stats["garbage"]
        box.send("raw " + hostile + "\\n")
        wait_until(lambda: reader.stats["garbage"] == garbage + 1)  # counted as refused
        assert reader.clockmap.ready, hostile  # not dropped (a HELLO maps a new counter)
        error = map_error(reader)  # the map as the hostile line left it
        t = time.monotonic() - 0.010 - 2 * error  # its arrival: further off than the error
        box.send(f"press p1 {t}")
        wait_until(lambda: any(e[0] == "p1" for e in edges))
        (_, mapped, _, _), = [e for e in edges if e[0] == "p1"]
        assert abs(mapped - t) <= error, (hostile, mapped - t, error)  # box time, not arrival
        assert reader.stats["garbage"] == garbage + 1
        assert reader._thread.is_alive()
    finally:
        reader.stop()
        box.unplug()


@pytest.mark.parametrize("offset_s", [0.5, -5.0])
def test_a_box_time_in_the_future_or_long_past_counts_as_its_arrival(box_link, offset_s):
    """A press the clock map puts after its own arrival (a box clock jumping ahead) would
    win every race, and one from long ago is no press of this race: both take the time
    they arrived."""
    box, reader, edges = plug_in(box_link)
    try:
        wait_until(lambda: reader.clockmap.ready and reader.hello)
        sent = time.monotonic()
        box.send(f"press p1 {sent + offset_s}")
        wait_until(lambda: any(e[0] == "p1" for e in edges))
        heard = time.monotonic()
        (_, mapped, _, _), = [e for e in edges if e[0] == "p1"]
        assert sent <= mapped <= heard, (offset_s, mapped - sent)
    finally:
        reader.stop()
        box.unplug()


def test_a_hello_without_wrap_still_lets_presses_count_on_the_box_clock(box_link):
    """The box counter has wrapped once; then a HELLO says nothing about wrapping."""
    box, reader, edges = plug_in(box_link, wrap_in_s=0.3)
    try:
        wait_until(lambda: reader.clockmap.ready and reader.hello)
        time.sleep(0.4)
        box.send(f"press p0 {time.monotonic() - 0.001}")  # after the wrap: still on time
        wait_until(lambda: len(edges) == 1)
        assert abs(edges[0][1] - time.monotonic()) < 0.05
        edges.clear()
        box.send("raw HELLO companion-buttons 1 buttons=3\\n")
        wait_until(lambda: reader.hello.get("wrap") is None)
        t = time.monotonic() - 0.010
        box.send(f"press p1 {t}")
        wait_until(lambda: len(edges) == 1)
        assert edges[0][:1] == ("p1",) and abs(edges[0][1] - t) < 0.05
        assert reader._thread.is_alive()
    finally:
        reader.stop()
        box.unplug()


def test_gpio_and_serial_presses_in_one_race_and_a_box_unplugged_mid_race(
        tmp_path, box_link, mock_pins, monkeypatch):
    box = Box(box_link)
    daemon = make_daemon(tmp_path, serial={"port": str(box_link)})
    daemon.serial_box.reconnect_s = 0.1
    rec = Recorder(daemon.hub)
    try:
        daemon.hub.call(daemon.table.create_game, "howruck", ["Ann", "Bob"],
                        {"tie_window_ms": 0})
        wait_until(lambda: daemon.serial_box.clockmap.ready)
        drive(mock_pins, 22, True)  # OK on GPIO (acts on its release)
        drive(mock_pins, 22, False)
        rec.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
        box.unplug()  # mid-race
        wait_until(lambda: daemon.serial_box.status == "disconnected")
        box = Box(box_link)
        wait_until(lambda: daemon.serial_box.status == "connected"
                   and daemon.serial_box.clockmap.ready
                   and daemon.serial_box.clockmap.uncertainty_s < 0.0005)
        # Ann presses on GPIO now; Bob's box press, taken on the box 2 ms earlier, arrives
        # after it: the box's timestamp decides, not the arrival order.
        now = time.monotonic()
        drive(mock_pins, 17, True, at=now, monkeypatch=monkeypatch)
        box.send(f"press p1 {now - 0.002}")
        decision = rec.race_result()
        assert decision["winner"] == "Bob", (decision, daemon.serial_box.clockmap.samples)
        gap = decision["times_ms"]["Ann"] - decision["times_ms"]["Bob"]
        assert abs(gap - 2.0) < 1.0
        assert decision["times_ms"]["Bob"] > 0  # after the signal
    finally:
        daemon.stop()
        box.unplug()


def test_the_reader_survives_a_port_it_cannot_open(tmp_path):
    """Even a path the config would refuse (a NUL byte) only keeps the box disconnected."""
    reader = SerialBox("/dev/tty\u0000x", lambda *e: None, reconnect_s=0.05)
    reader.start()
    try:
        time.sleep(0.3)
        assert reader._thread.is_alive() and reader.status == "disconnected"
    finally:
        reader.stop()
