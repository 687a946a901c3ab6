"""A terminal table for simulation: keys drive the mock pins, race results are printed.

    n        new How Ruck! game (A against B)
    o        press OK (starts the race)
    1 … 6    press that player's button
    q        quit

On a terminal each key acts at once (cbreak mode; the terminal is given back as it was at
exit); from a pipe each character read is a key.
"""

from __future__ import annotations

import os
import sys
import termios
import threading
import time
import tty
from typing import Any

from gpiozero import Device


class Console:
    def __init__(self, daemon, stop: threading.Event) -> None:
        self.daemon = daemon
        self.stop = stop
        self._saved: list[Any] | None = None
        daemon.hub.subscribe(self.show, "console")

    def start(self) -> None:
        fd = sys.stdin.fileno()
        if os.isatty(fd):
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        threading.Thread(target=self._read, name="console", daemon=True).start()
        print(__doc__.split("\n\n")[1], flush=True)

    def close(self) -> None:
        """Give the terminal back as it was (cbreak off, echo on)."""
        if self._saved is not None:
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._saved)
            self._saved = None

    def press(self, pin: int) -> None:
        mock = Device.pin_factory.pin(pin)
        mock.drive_low()
        time.sleep(0.08)
        mock.drive_high()

    def _read(self) -> None:
        fd = sys.stdin.fileno()
        while not self.stop.is_set():
            try:
                data = os.read(fd, 1)
            except OSError:
                data = b""
            if not data:  # end of input: the table goes on without a keyboard
                return
            self.key(data.decode(errors="replace").lower())

    def key(self, key: str) -> None:
        config = self.daemon.config
        if key == "q":
            self.stop.set()
        elif key == "n":
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
                print(f"  {race_sentence(decision)}", flush=True)
            if payload.get("false_start"):
                print(f"  False start by {payload['false_start']}.", flush=True)
        elif topic == "state" and payload:
            parts = [f"game {payload['id']}: {payload.get('phase')}"]
            if payload.get("barrel") is not None:
                parts.append(f"barrel on field {payload['barrel']}")
            if payload.get("turn"):
                parts.append(f"{payload['turn']}'s turn")
            print("  " + ", ".join(parts), flush=True)


def race_sentence(decision: dict[str, Any]) -> str:
    """A decided race as the terminal says it: who, and by how much."""
    margin = decision.get("margin_us")
    if decision["tie"]:
        apart = f" ({margin / 1000:.1f} ms apart)" if margin is not None else ""
        return f"Tie{apart}: each player draws a card."
    if decision.get("reason") == "false_start":
        return f"Stopp! {decision['winner']} won the race: the other player false-started."
    ahead = f", {margin / 1000:.1f} ms ahead" if margin is not None else ""
    return f"Stopp! {decision['winner']} won the race{ahead}."
