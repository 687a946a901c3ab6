"""Server-Sent Events: every open page hears every change within a fraction of a second.

One hub subscriber (its own mailbox thread) encodes each message once and hands it to every
connected client's bounded queue. The OLED's picture (``frame``) goes to paired phones only:
it shows the pairing PIN. A client that falls behind (its queue full) is dropped; its
browser reconnects on its own (EventSource does) and starts again from a fresh snapshot.
Each open stream holds one waitress thread, so the number of streams is capped below the
server's thread count, keeping threads free for the API.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

FORWARDED = ("state", "race", "pairing", "games", "language", "frame", "button", "unpaired",
             "announce")
PAIRED_ONLY = ("frame",)
PAIRING_PUBLIC = ("url", "show")  # never the PIN or the QR code's secret
CLIENT_QUEUE = 256
KEEPALIVE_S = 15.0


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class TooManyStreams(Exception):
    pass


class Broker:
    def __init__(self, max_clients: int) -> None:
        self.max_clients = max_clients
        self._clients: dict[queue.Queue, bool] = {}  # client → paired
        self._lock = threading.Lock()  # guards the client set only (web threads add/remove)
        self._ids = itertools.count(1)
        self.dropped = 0

    @property
    def clients(self) -> int:
        return len(self._clients)

    def publish(self, topic: str, payload: Any) -> None:
        """Called on the hub's mailbox thread (and the display's, for frames)."""
        if topic not in FORWARDED:
            return
        if topic == "unpaired":  # every phone unpaired: their streams end, they come back
            with self._lock:  # as watchers
                gone = [c for c, paired in self._clients.items() if paired]
            for client in gone:
                self._drop(client)
            return
        if topic == "pairing" and isinstance(payload, dict):
            payload = {k: v for k, v in payload.items() if k in PAIRING_PUBLIC}
        message = sse(topic, payload, next(self._ids))
        with self._lock:
            clients = [c for c, paired in self._clients.items()
                       if paired or topic not in PAIRED_ONLY]
        for client in clients:
            try:
                client.put_nowait(message)
            except queue.Full:
                self._drop(client)

    def _drop(self, client: queue.Queue) -> None:
        with self._lock:
            self._clients.pop(client, None)
        self.dropped += 1
        self._drop_queue(client)  # what it missed comes back as the snapshot on reconnect

    def close(self) -> None:
        """End every open stream (shut-down): each client's thread returns at once."""
        with self._lock:
            clients, self._clients = list(self._clients), {}
        for client in clients:
            self._drop_queue(client)

    def _drop_queue(self, client: queue.Queue) -> None:
        while True:
            try:
                client.get_nowait()
            except queue.Empty:
                break
        client.put_nowait(None)

    def listen(self, snapshot: Callable[[], list[tuple[str, Any]]],
               paired: bool = False) -> Iterator[str]:
        """The stream for one client: a snapshot first, then every change, keep-alives."""
        client: queue.Queue = queue.Queue(CLIENT_QUEUE)
        with self._lock:
            if len(self._clients) >= self.max_clients:
                raise TooManyStreams
            self._clients[client] = paired

        def stream() -> Iterator[str]:
            try:
                yield "retry: 1000\n\n"
                for event, data in snapshot():
                    yield sse(event, data)
                while True:
                    try:
                        message = client.get(timeout=KEEPALIVE_S)
                    except queue.Empty:
                        yield ": keep-alive\n\n"
                        continue
                    if message is None:  # dropped for falling behind: reconnect
                        return
                    yield message
            finally:
                with self._lock:
                    self._clients.pop(client, None)

        return stream()


def frame_data(image) -> str:
    """An OLED frame as a PNG data URL (about 300 bytes)."""
    buffer = io.BytesIO()
    image.convert("1").save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
