"""The broker's acknowledgements as the publisher's delivery thread waits for them (QoS 1).

paho's thread hears each acknowledgement (`heard`); the delivery thread waits for the one of
the message it sent (`wait`). Message ids come round (paho counts to 65535) and the table
also publishes messages it never waits for (its status, its box announcements), so an
acknowledgement counts only for a message sent before it came, and old ones are let go.
paho marks a message published only after its callback has run; that mark also covers an
acknowledgement that came after the wait gave up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import paho.mqtt.client as mqtt

ACK_TIMEOUT_S = 5.0
ACKS_KEPT = 64  # acknowledgements held before old ones are let go


class Acknowledgements:
    def __init__(self) -> None:
        self._at: dict[int, float] = {}  # message id -> when its acknowledgement came
        self._changed = threading.Condition()

    def heard(self, mid: int) -> None:
        """On paho's thread: the broker acknowledged message `mid`."""
        with self._changed:
            now = time.monotonic()
            self._at[mid] = now
            if len(self._at) > ACKS_KEPT:  # none waited for: no longer anyone's
                for old in [m for m, at in self._at.items() if at < now - ACK_TIMEOUT_S]:
                    del self._at[old]
            self._changed.notify_all()

    def wait(self, info: mqtt.MQTTMessageInfo, sent: float,
             connected: Callable[[], bool]) -> bool:
        """Whether the message `info`, handed to paho at `sent` (monotonic), was
        acknowledged within ACK_TIMEOUT_S (no longer waited for once not `connected`)."""

        def acked() -> bool:
            return info.is_published() or self._at.get(info.mid, sent - 1) >= sent

        deadline = time.monotonic() + ACK_TIMEOUT_S
        with self._changed:
            while not acked() and connected() and (left := deadline - time.monotonic()) > 0:
                self._changed.wait(min(left, 0.2))
            if not acked():
                return False
            self._at.pop(info.mid, None)
        return True
