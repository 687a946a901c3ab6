"""LEDs beside the player buttons and the buzzer, driven from what the core publishes."""

from __future__ import annotations

import logging
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


class TableOutputs:
    """A hub subscriber: player LEDs (index = seat) and the buzzer."""

    def __init__(self, led_pins: tuple[int, ...], buzzer_pin: int | None) -> None:
        self.leds: list[LED] = []
        self.buzzer: Buzzer | None = None
        try:
            self.leds = [LED(pin) for pin in led_pins]
            self.buzzer = Buzzer(buzzer_pin) if buzzer_pin is not None else None
        except Exception:
            self.close()
            raise

    def handle(self, topic: str, payload: Any) -> None:
        if topic == "leds":
            for index, led in enumerate(self.leds):
                led.value = index in payload
        elif topic == "sound" and self.buzzer is not None:
            on, off, times = SOUNDS[payload]
            self.buzzer.beep(on_time=on, off_time=off or on, n=times, background=True)

    def close(self) -> None:
        for device in [*self.leds, self.buzzer]:
            if device is not None:
                device.close()
