"""The button box firmware (hardware/buttonbox/main.py) run under CPython.

Only what MicroPython's board gives is stood in for (`machine.Pin` with an interrupt the test
fires, the wrapping ``ticks_us`` clock); the firmware's own code runs as shipped, and what it
writes is parsed with the host reader's own patterns.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import ClassVar

import pytest

from companion.devices.serialbox import HELLO, LINE, PONG

FIRMWARE = Path(__file__).parent.parent / "hardware" / "buttonbox" / "main.py"
PERIOD = 1 << 30  # MicroPython's ticks period


class BoardClock:
    """ticks_us/ticks_diff/ticks_add with MicroPython's wrap-around semantics."""

    def __init__(self, now: int = 1_000_000) -> None:
        self.now = now

    def ticks_us(self) -> int:
        return self.now % PERIOD

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return (a - b + PERIOD // 2) % PERIOD - PERIOD // 2

    @staticmethod
    def ticks_add(a: int, b: int) -> int:
        return (a + b) % PERIOD


class BoardPin:
    """A Pico pin: its level, and the interrupt the firmware attached."""

    IN, PULL_UP, IRQ_FALLING, IRQ_RISING = 0, 1, 4, 8
    all: ClassVar[dict[int, BoardPin]] = {}

    def __init__(self, number: int, mode: int, pull: int) -> None:
        self.number, self.level, self.handler, self.hard = number, 1, None, False
        BoardPin.all[number] = self

    def value(self) -> int:
        return self.level

    def irq(self, handler, trigger: int, hard: bool = False) -> None:
        self.handler, self.hard = handler, hard

    def edge(self, level: int, clock: BoardClock, at: int, read_as: int | None = None) -> None:
        """The contact moves to `level` at `at` µs; the interrupt runs and (if `read_as`)
        finds the pin already bounced to another level."""
        clock.now = at
        self.level = level
        if read_as is not None:
            self.level = read_as
        self.handler(self)
        self.level = level if read_as is None else read_as


@pytest.fixture
def box(monkeypatch):
    clock = BoardClock()
    machine = types.ModuleType("machine")
    machine.Pin = BoardPin
    machine.disable_irq = lambda: 1
    machine.enable_irq = lambda state: None
    micropython = types.ModuleType("micropython")
    micropython.alloc_emergency_exception_buf = lambda size: None
    board_time = types.ModuleType("time")
    board_time.ticks_us, board_time.ticks_diff = clock.ticks_us, clock.ticks_diff
    board_time.ticks_add = clock.ticks_add
    BoardPin.all = {}
    spec = importlib.util.spec_from_file_location("buttonbox_main", FIRMWARE)
    firmware = importlib.util.module_from_spec(spec)
    with monkeypatch.context() as patch:  # the board's modules only while it imports
        patch.setitem(sys.modules, "machine", machine)
        patch.setitem(sys.modules, "micropython", micropython)
        patch.setitem(sys.modules, "time", board_time)
        spec.loader.exec_module(firmware)
    firmware.setup()
    out: list[str] = []
    firmware.clock, firmware.out = clock, out
    firmware.sent = lambda: _take(firmware, out)
    return firmware


def _take(firmware, out: list[str]) -> list[str]:
    firmware.drain(out.append)
    lines = "".join(out).splitlines()
    out.clear()
    return lines


def pin(firmware, name: str) -> BoardPin:
    return BoardPin.all[dict(firmware.BUTTONS)[name]]


def test_every_button_has_a_hard_interrupt_and_the_hello_parses(box):
    assert all(p.hard for p in BoardPin.all.values()) and len(BoardPin.all) == 7
    out: list[str] = []
    box.hello(out.append)
    match = HELLO.match(out[0].rstrip("\n"))
    assert match and match.group(1) == "companion-buttons" and "wrap=1073741824" in out[0]


def test_a_press_is_stamped_at_its_first_edge_even_if_the_contact_bounced_open(box):
    p0 = pin(box, "p0")
    p0.edge(0, box.clock, 2_000_000, read_as=1)  # by the time the handler runs: open again
    p0.edge(0, box.clock, 2_000_300)  # settles closed, inside the lockout
    lines = box.sent()
    assert lines == ["P p0 2000000"]
    assert LINE.match(lines[0])


def test_fifty_bounce_edges_within_5ms_are_one_press_then_one_release(box):
    p1 = pin(box, "p1")
    for k in range(50):
        p1.edge(k % 2, box.clock, 3_000_000 + k * 90)  # closes, opens, closes, …
    p1.edge(0, box.clock, 3_004_600)  # closed at the end of the chatter
    box.clock.now = 3_010_000
    box.reconcile()
    p1.edge(1, box.clock, 3_500_000)  # released
    assert box.sent() == ["P p1 3000000", "R p1 3500000"]


def test_a_tap_shorter_than_the_lockout_is_reported_once_the_lockout_is_over(box):
    ok = pin(box, "ok")
    ok.edge(0, box.clock, 4_000_000)
    ok.edge(1, box.clock, 4_002_000)  # released within 2 ms: hidden by the lockout
    box.clock.now = 4_003_000
    box.reconcile()
    assert box.sent() == ["P ok 4000000"]  # still in the lockout
    box.clock.now = 4_006_000
    box.reconcile()
    assert box.sent() == ["R ok 4006000"]


def test_two_players_100us_apart_keep_their_order_and_spacing(box):
    pin(box, "p1").edge(0, box.clock, 5_000_000)
    pin(box, "p0").edge(0, box.clock, 5_000_100)
    assert box.sent() == ["P p1 5000000", "P p0 5000100"]


def test_an_edge_long_after_the_last_one_is_not_mistaken_for_chatter_across_the_wrap(box):
    p0 = pin(box, "p0")
    p0.edge(0, box.clock, PERIOD - 1_000)
    p0.edge(1, box.clock, PERIOD + 200_000)  # the counter wrapped meanwhile
    # 2^29 µs (about 9 minutes) later ticks_diff turns negative: still not chatter
    p0.edge(0, box.clock, PERIOD + 200_000 + (PERIOD // 2) + 10)
    lines = box.sent()
    assert [line.split()[0] for line in lines] == ["P", "R", "P"]
    assert all(0 <= int(line.split()[2]) < PERIOD for line in lines)


def test_a_full_ring_drops_and_counts_never_overwrites(box):
    p0 = pin(box, "p0")
    for k in range(box.RING + 10):
        p0.edge(k % 2, box.clock, 6_000_000 + k * 10_000)
    assert box.dropped[0] == 11  # one slot stays free to tell full from empty
    lines = box.sent()
    assert len(lines) == box.RING - 1 and lines[0] == "P p0 6000000"


def test_host_lines_ping_hello_and_garbage(box):
    reader, out = box.LineReader(), []
    for text in ("PING 42\n", "HELLO?\n", "PING x\n", "X" * 200 + "\n", "PING 7\n"):
        for ch in text:
            line = reader.feed(ch)
            if line:
                box.answer(line, out.append)
    lines = "".join(out).splitlines()
    assert len(lines) == 3
    assert PONG.match(lines[0]) and lines[0].startswith("PONG 42 ")
    assert HELLO.match(lines[1])
    assert lines[2].startswith("PONG 7 ")
