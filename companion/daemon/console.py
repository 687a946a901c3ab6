"""A terminal table for simulation: keys drive the mock pins, race results are printed.

    n        new How Ruck! game (A against B)
    o        press OK (starts the race)
    1 … 6    press that player's button
    q        quit
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

from gpiozero import Device


class Console:
    def __init__(self, daemon, stop: threading.Event) -> None:
        self.daemon = daemon
        self.stop = stop
        daemon.hub.subscribe(self.show, "console")

    def start(self) -> None:
        threading.Thread(target=self._read, name="console", daemon=True).start()
        print(__doc__, flush=True)

    def press(self, pin: int) -> None:
        mock = Device.pin_factory.pin(pin)
        mock.drive_low()
        time.sleep(0.08)
        mock.drive_high()

    def _read(self) -> None:
        config = self.daemon.config
        for line in sys.stdin:
            key = line.strip().lower()
            if key == "q":
                self.stop.set()
                return
            if key == "n":
                self.daemon.hub.call(self.daemon.table.create_game, "howruck", ["A", "B"])
            elif key == "o" and config.ok_pin is not None:
                self.press(config.ok_pin)
            elif key.isdigit() and 1 <= int(key) <= len(config.player_pins):
                self.press(config.player_pins[int(key) - 1])

    def show(self, topic: str, payload: Any) -> None:
        if topic == "race":
            decision = payload.get("decision")
            if payload["phase"] == "countdown":
                print(f"  … {payload['countdown']}", flush=True)
            elif payload["phase"] == "running":
                print("  How Ruck!", flush=True)
            elif decision:
                result = "tie — draw a card" if decision["tie"] else f"Stopp! {decision['winner']}"
                print(f"  {result}  {decision['times_ms']}", flush=True)
            if payload.get("false_start"):
                print(f"  false start: {payload['false_start']}", flush=True)
        elif topic == "state" and payload:
            print(f"  game {payload['id']}: phase {payload.get('phase')}, "
                  f"barrel {payload.get('barrel')}, turn {payload.get('turn')}", flush=True)
