"""Helpers for driving a real simulated daemon in tests."""

from __future__ import annotations

import queue
import time
from typing import Any

import gpiozero.pins.mock

from companion.config import parse
from companion.daemon import Daemon


class Recorder:
    """Subscribes to the hub and keeps every published message."""

    def __init__(self, hub) -> None:
        self.messages: queue.Queue = queue.Queue()
        self.seen: list[tuple[str, Any]] = []
        hub.subscribe(lambda topic, payload: self.messages.put((topic, payload)), "recorder")

    def wait_for(self, predicate, timeout: float = 5.0) -> tuple[str, Any]:
        """The first message (already seen or still to come) that matches."""
        for item in self.seen:
            if predicate(*item):
                return item
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"not published; seen {self.seen[-10:]}"
            item = self.messages.get(timeout=remaining)
            self.seen.append(item)
            if predicate(*item):
                return item

    def race_result(self, timeout: float = 5.0) -> dict:
        _, payload = self.wait_for(lambda t, p: t == "race" and p.get("decision"), timeout)
        return payload["decision"]


def wait_until(predicate, timeout: float = 5.0) -> None:
    """Poll until `predicate()` holds; fail the test after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.01)


def make_daemon(tmp_path, **config: Any) -> Daemon:
    data = {"race": {"countdown_s": 0, **config.pop("race", {})}, **config}
    daemon = Daemon(parse(data), tmp_path, simulate=False, virtual_display=True)
    daemon.start()
    return daemon


def drive(factory, pin: int, pressed: bool, at: float | None = None, monkeypatch=None) -> None:
    """Drive a mock pin (active low) with an exact edge time when `at` is given."""
    if at is not None:
        monkeypatch.setattr(gpiozero.pins.mock, "monotonic", lambda: at)
    mock = factory.pin(pin)
    mock.drive_low() if pressed else mock.drive_high()
    if at is not None:
        monkeypatch.setattr(gpiozero.pins.mock, "monotonic", time.monotonic)
