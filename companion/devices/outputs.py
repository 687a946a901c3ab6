"""LEDs beside the player buttons and the buzzer, driven from what the core publishes."""

from __future__ import annotations

import logging
import threading
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


class TableOutputs:
    """A hub subscriber: player LEDs (index = seat) and the buzzer."""

    def __init__(self, led_pins: tuple[int, ...], buzzer_pin: int | None) -> None:
        self.leds: list[LED] = []
        self.buzzer: Buzzer | None = None
        self._lit: list[int] = []  # what the last ``leds`` asked for: shown again after a blink
        self._blinks = 0
        self._restore: threading.Timer | None = None
        try:
            self.leds = [LED(pin) for pin in led_pins]
            self.buzzer = Buzzer(buzzer_pin) if buzzer_pin is not None else None
        except Exception:
            self.close()
            raise

    def handle(self, topic: str, payload: Any) -> None:
        if topic == "leds":
            self._lit = list(payload)
            self._show(self._blinks)
        elif topic == "sound":
            self._beep(payload)
        elif topic == "signal" and payload:  # an announcement's pattern (companion/signals.py)
            self._beep(payload.get("sound"))
            self._blink(payload.get("blink") or [], int(payload.get("times") or 0))

    def _beep(self, sound: str | None) -> None:
        if sound and self.buzzer is not None:
            on, off, times = SOUNDS[sound]
            self.buzzer.beep(on_time=on, off_time=off or on, n=times, background=True)

    def _show(self, blinks: int) -> None:
        """The LEDs as ``leds`` asked, unless a newer blink has started since."""
        if blinks == self._blinks:
            for index, led in enumerate(self.leds):
                led.value = index in self._lit

    def _blink(self, seats: list[int], times: int) -> None:
        seats = [i for i in seats if 0 <= i < len(self.leds)]
        if not seats or times <= 0:
            return
        self._blinks += 1
        if self._restore is not None:
            self._restore.cancel()
        for index in seats:
            self.leds[index].blink(on_time=BLINK_S, off_time=BLINK_S, n=times, background=True)
        self._restore = threading.Timer(2 * BLINK_S * times + 0.05, self._show, (self._blinks,))
        self._restore.daemon = True
        self._restore.start()

    def close(self) -> None:
        if self._restore is not None:
            self._restore.cancel()
        for device in [*self.leds, self.buzzer]:
            if device is not None:
                device.close()
