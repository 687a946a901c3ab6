"""LEDs beside the player buttons and the buzzer, driven from what the core publishes.

Blinks and beeps are timed by one thread of our own (`Timeline`), not by gpiozero's
``blink(background=True)`` and ``beep(background=True)``: those start a thread per call, and
an announcement (most moves have one) blinked a seat, beeped and started a timer to restore
the LEDs: three new threads per move, a measurable share of the daemon's CPU per move on a
Pi Zero 2 W. The same thread takes the hub's messages (`TableOutputs.post`): a mailbox thread
of their own was one more thread woken for every move. The pins are written only when what
they show changes.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import LED, Buzzer

log = logging.getLogger("companion.outputs")

# (on seconds, off seconds, repetitions) per sound
SOUNDS = {
    "tick": (0.05, 0.0, 1),
    "go": (0.4, 0.0, 1),  # "How Ruck!"
    "stopp": (0.12, 0.08, 3),  # "Stopp!"
    "false_start": (0.05, 0.05, 5),
    "tie": (0.2, 0.1, 2),
    "dice": (0.03, 0.03, 2),  # a virtual throw
    "huckauf": (0.3, 0.1, 2),  # the Berggeist must move
}
BLINK_S = 0.15  # a seat's LED blinking for an announcement (companion/signals.py): on = off


class Timeline:
    """Runs steps at their times on one thread (started with the first step). Each step
    belongs to a track ("blink", "beep"); `replace` drops a track's steps still to come."""

    def __init__(self, lock: threading.RLock, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._cv = threading.Condition(lock)  # the outputs' lock: a step and a message never
        self._steps: list[tuple[float, int, str, Callable[[], None]]] = []  # interleave
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._closed = False

    def replace(self, track: str, steps: list[tuple[float, Callable[[], None]]]) -> None:
        """`track`'s steps from now on: (seconds from now, what to do). Caller holds the lock."""
        now = self.clock()
        self._steps = [s for s in self._steps if s[2] != track]
        heapq.heapify(self._steps)
        for delay, step in steps:
            heapq.heappush(self._steps, (now + delay, next(self._order), track, step))
        self._start()
        self._cv.notify()

    def post(self, call: Callable[[], None]) -> None:
        """Run `call` on the timeline's thread as soon as it can, after calls posted before
        (steps keep their times). Any thread may post."""
        with self._cv:
            heapq.heappush(self._steps, (self.clock(), next(self._order), "", call))
            self._start()
            self._cv.notify()

    def _start(self) -> None:
        """The thread, with the first step or call. Caller holds the lock."""
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="outputs", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        with self._cv:
            while not self._closed:
                if not self._steps:
                    self._cv.wait()
                    continue
                wait = self._steps[0][0] - self.clock()
                if wait > 0:
                    self._cv.wait(wait)
                    continue
                step = heapq.heappop(self._steps)[3]
                try:
                    step()
                except Exception:  # a pin failing must not stop the other outputs
                    log.exception("outputs: a timed step failed")

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self._steps.clear()
            self._cv.notify()
        if self._thread is not None:
            self._thread.join(2)


class TableOutputs:
    """A hub subscriber: player LEDs (index = seat) and the buzzer."""

    TOPICS = ("leds", "sound", "signal")  # what `handle` acts on (the hub sends only these)

    def __init__(self, led_pins: tuple[int, ...], buzzer_pin: int | None) -> None:
        self.leds: list[LED] = []
        self.buzzer: Buzzer | None = None
        self._lit: set[int] = set()  # what the last ``leds`` asked for
        self._blinking: set[int] = set()  # seats a blink owns until it ends
        self._shown: dict[int, bool] = {}  # what each LED shows now (-1: the buzzer)
        self._lock = threading.RLock()
        self._timeline = Timeline(self._lock)
        try:
            self.leds = [LED(pin) for pin in led_pins]
            self.buzzer = Buzzer(buzzer_pin) if buzzer_pin is not None else None
        except Exception:
            self.close()
            raise

    def post(self, call: Callable[[], None]) -> None:
        """Run `call` on the outputs' one thread (the hub delivers `handle`'s messages so)."""
        self._timeline.post(call)

    def handle(self, topic: str, payload: Any) -> None:
        with self._lock:
            if topic == "leds":
                self._lit = set(payload)
                self._show()
            elif topic == "sound":
                self._beep(payload)
            elif topic == "signal" and payload:  # an announcement (companion/signals.py)
                self._beep(payload.get("sound"))
                self._blink(payload.get("blink") or [], int(payload.get("times") or 0))

    def _set(self, index: int, on: bool) -> None:
        """LED `index` (or the buzzer, -1) on or off, if it is not already."""
        if self._shown.get(index) is on:
            return
        device = self.buzzer if index < 0 else self.leds[index]
        if device is not None:
            device.value = on
            self._shown[index] = on

    def _show(self) -> None:
        """The LEDs as ``leds`` asked, but for those a blink owns."""
        for index in range(len(self.leds)):
            if index not in self._blinking:
                self._set(index, index in self._lit)

    def _beep(self, sound: str | None) -> None:
        if not sound or self.buzzer is None:
            return
        on, off, times = SOUNDS[sound]
        steps = []
        for k in range(times):
            steps += [(k * (on + (off or on)), lambda: self._set(-1, True)),
                      (k * (on + (off or on)) + on, lambda: self._set(-1, False))]
        self._timeline.replace("beep", steps)

    def _blink(self, seats: list[int], times: int) -> None:
        seats = sorted({i for i in seats if 0 <= i < len(self.leds)})
        if not seats or times <= 0:
            return
        self._blinking = set(seats)
        self._show()  # a blink this one cuts short: its other seats as ``leds`` asked

        def turn(on: bool) -> Callable[[], None]:
            def step() -> None:
                for index in seats:
                    self._set(index, on)
            return step

        def done() -> None:
            self._blinking = set()
            self._show()

        steps = []
        for k in range(times):
            steps += [(2 * k * BLINK_S, turn(True)), ((2 * k + 1) * BLINK_S, turn(False))]
        steps.append((2 * BLINK_S * times + 0.05, done))
        self._timeline.replace("blink", steps)

    def close(self) -> None:
        self._timeline.close()
        for device in [*self.leds, self.buzzer]:
            if device is not None:
                device.close()
