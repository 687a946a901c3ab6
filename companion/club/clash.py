"""Two boxes under one table name (publisher.py): which other boxes were heard and when,
when to announce this one again, and when the clash is over.

A box that hears another id announced live on its table's ``box`` topic is in a clash. While
in it, each box announces itself every `every_s`, so each hears that the other is still
there; a box not heard for `CLASH_OVER_AFTER` such periods is gone (renamed or switched off),
and when the last one is gone the clash is over, without a restart. paho's thread records
what it hears (`heard`), the publisher's delivery thread asks what is due (`tick`).
"""

from __future__ import annotations

import threading

CLASH_EVERY_S = 30.0  # in a clash, each box announces itself this often
CLASH_OVER_AFTER = 2.5  # a box not heard for this many periods is gone


class Clash:
    def __init__(self, every_s: float = CLASH_EVERY_S) -> None:
        self.every_s = every_s
        self.announced_at = 0.0  # when this box last announced itself (monotonic)
        self._heard: dict[str, float] = {}  # other box id -> when last heard (monotonic)
        self._lock = threading.Lock()

    def heard(self, other: str, now: float) -> bool:
        """Another box announced itself live; whether it is new (not heard in this clash)."""
        with self._lock:
            new = other not in self._heard
            self._heard[other] = now
        return new

    def other(self) -> str | None:
        """One of the other boxes heard (the same one while it lasts), or None: no clash."""
        with self._lock:
            return min(self._heard) if self._heard else None

    def clear(self) -> None:
        with self._lock:
            self._heard.clear()

    def tick(self, now: float) -> str | None:
        """What is due now: "over" (the last other box was not heard for long), "announce"
        (this box's turn to say it is still there), or None."""
        with self._lock:
            if not self._heard:
                return None
            for other, at in list(self._heard.items()):
                if now - at > CLASH_OVER_AFTER * self.every_s:
                    del self._heard[other]
            if not self._heard:
                return "over"
        return "announce" if now - self.announced_at >= self.every_s else None

    def wait_s(self, idle_s: float) -> float:
        """How long the delivery thread may sleep: shorter in a clash, to keep its pace."""
        with self._lock:
            return min(idle_s, self.every_s / 4) if self._heard else idle_s
