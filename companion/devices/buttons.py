"""Player and OK buttons over GPIO, each edge passed on with its own timestamp.

gpiozero's ``when_pressed`` carries no time; the pin's ``when_changed(ticks, state)`` does.
`TimedButton` is a gpiozero input device that hands every edge, with those ticks, to a sink
before gpiozero's own handling — a small device class composed the gpiozero way.

Not a gpiozero `Button`: each `Button` starts a thread for `when_held` that wakes ten times a
second for as long as the button exists (seven buttons at a six-seat table: seventy wake-ups
a second of an idle Pi Zero 2 W). Nothing here uses holding, so `TimedButton` is a
`DigitalInputDevice` with `Button`'s names for the rest (`is_pressed`, `when_pressed`, …).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from gpiozero import DigitalInputDevice

log = logging.getLogger("companion.buttons")
EdgeSink = Callable[[str, float, bool, str], None]  # (button name, t, pressed, source)
# Edge ticks further than this from a clock are not on that clock.
CLOCK_SANITY_S = 5.0


class TimedButton(DigitalInputDevice):
    """A button that reports each raw edge as (ticks in seconds, pressed).

    Only gpiozero's public API: the pin's ``when_changed`` hook is taken over and gpiozero's
    own handler (read back from that same hook) is called after ours, so ``is_pressed`` and
    ``when_pressed`` keep working. The pin holds its handler weakly: a bound method of this
    button, alive as long as the button is."""

    def __init__(self, pin: int, on_edge: Callable[[float, bool], None], *,
                 pull_up: bool = True, **kwargs) -> None:
        super().__init__(pin, pull_up=pull_up, bounce_time=None, **kwargs)
        self._on_edge = on_edge
        self._pressed_state = 0 if pull_up else 1  # a pull-up button reads low when pressed
        self._inner_changed = self.pin.when_changed
        self.pin.when_changed = self._edge_changed

    def _edge_changed(self, ticks: float, state: int) -> None:
        self._on_edge(ticks, state == self._pressed_state)
        if self._inner_changed is not None:
            self._inner_changed(ticks, state)

    # gpiozero's `Button` names, as `Button` defines them (without its hold thread)
    is_pressed = DigitalInputDevice.is_active
    pressed_time = DigitalInputDevice.active_time
    when_pressed = DigitalInputDevice.when_activated
    when_released = DigitalInputDevice.when_deactivated
    wait_for_press = DigitalInputDevice.wait_for_active
    wait_for_release = DigitalInputDevice.wait_for_inactive


class ButtonPanel:
    """The configured buttons: one per player seat (``p0``, ``p1``, …) and ``ok``."""

    def __init__(self, player_pins: tuple[int, ...], ok_pin: int | None, pull_up: bool,
                 sink: EdgeSink, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.sink = sink
        self.clock = clock
        self.wall = wall
        self.ticks_clock = "monotonic"  # what the backend's ticks turned out to be on
        self.buttons: dict[str, TimedButton] = {}
        names = [(f"p{i}", pin) for i, pin in enumerate(player_pins)]
        if ok_pin is not None:
            names.append(("ok", ok_pin))
        try:
            for name, pin in names:
                self.buttons[name] = TimedButton(
                    pin, lambda t, pressed, n=name: self._edge(n, t, pressed), pull_up=pull_up)
        except Exception:
            self.close()
            raise

    @property
    def names(self) -> list[str]:
        return list(self.buttons)

    def held(self, name: str) -> bool:
        """Whether that button is pressed right now (OK held at start opens the Wi-Fi)."""
        button = self.buttons.get(name)
        return bool(button is not None and button.is_pressed)

    def _edge(self, name: str, ticks: float, pressed: bool) -> None:
        self.sink(name, self.host_time(ticks), pressed, "gpio")

    def host_time(self, ticks: float) -> float:
        """An edge's ticks on the host's monotonic clock. Kernel line events are stamped on
        CLOCK_MONOTONIC by default, but a backend may stamp CLOCK_REALTIME: those keep their
        precision, shifted by the clocks' offset. Ticks on neither clock fall back to the
        arrival time (the race then depends on delivery order: logged once)."""
        now = self.clock()
        if abs(now - ticks) <= CLOCK_SANITY_S:
            return ticks
        offset = self.wall() - now
        if abs(ticks - offset - now) <= CLOCK_SANITY_S:
            self._note_clock("realtime", "pin timestamps are on the realtime clock; converted")
            return ticks - offset
        self._note_clock("arrival", "pin timestamps are on no known clock; using arrival time")
        return now

    def _note_clock(self, kind: str, message: str) -> None:
        if self.ticks_clock != kind:
            self.ticks_clock = kind
            log.warning(message)

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
