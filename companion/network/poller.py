"""A thread that takes one look every so often (`step`) until stopped: the box's own Wi-Fi
(hotspot.py) and the route (route.py) each watch the network this way."""

from __future__ import annotations

import threading
from collections.abc import Callable


class Poller:
    def __init__(self, step: Callable[[], object], poll_s: float, name: str) -> None:
        """`step` is called at once, then every `poll_s` seconds, on a thread called `name`."""
        self.step, self.poll_s = step, poll_s
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(5)

    def _run(self) -> None:
        while not self._stopping.is_set():
            self.step()
            self._stopping.wait(self.poll_s)
