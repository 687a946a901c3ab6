"""Server-Sent Events: every open page hears every change within a fraction of a second.

The broker is a hub subscriber delivered in the web server's event loop (`PostedMailbox`; the
OLED's frames come from the display's thread): it encodes each message once and writes it to
every open stream in one pass (`fan_out`; see server.py: streams hold no thread). The OLED's
picture (``frame``) goes to paired phones only: it shows the pairing PIN; so do the legal
moves (``legal``, after each ``state``; watchers make no moves). ``entry`` is the history's
new line, sent before the state it leads to, so a phone appends it instead of fetching the
whole history again. ``links`` is whether the button box and the club's broker are there
(daemon/links.py), on every change. A phone that stops reading (its unsent bytes over the
server's limit) is dropped; its browser reconnects on its own (EventSource does) and starts
again from a fresh snapshot.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import threading
from collections.abc import Callable
from typing import Any

from companion.daemon.hub import LoopDoor
from companion.web import answers

FORWARDED = ("state", "race", "pairing", "games", "language", "frame", "button", "unpaired",
             "announce", "entry", "position", "links")
PAIRED_ONLY = ("frame", "legal")
PAIRING_PUBLIC = ("url", "show")  # never the PIN or the QR code's secret
RETRY = "retry: 1000\n\n"  # EventSource: reconnect after a second
WRITE_LIMIT = 256 * 1024  # a stream's unsent bytes beyond this: the phone is not reading


# One encoder for every message, made once (`json.dumps` with arguments makes one per call).
# No circular check: a message is a tree built for the wire, and the check was a fifth of the
# time taken to encode the moves (~3.5 KB after every change).
_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {_encode(data)}\n\n"


def sse_state(view: dict[str, Any], event_id: int | None = None) -> str:
    """A game's ``state`` message: the view's JSON as the move's answer carries it
    (`answers.view_json`, encoded once for both) when it is the same text as ours, i.e.
    all ASCII (ours escapes the rest)."""
    text = answers.view_json(view)
    if not text.isascii():
        return sse("state", view, event_id)
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: state\ndata: {text}\n\n"


class TooManyStreams(Exception):
    pass


class StreamClient:
    """One open stream. Messages that come before the server attached its connection wait
    (after the snapshot); after that each goes straight to the connection's buffer."""

    def __init__(self, broker: Broker, paired: bool, write_limit: int) -> None:
        self.broker = broker
        self.paired = paired
        self.write_limit = write_limit
        self.opening = RETRY
        self.pending: list[str] = []
        self._write: Callable[[str], None] | None = None
        self._backlog: Callable[[], int] = lambda: 0
        self._close: Callable[[], None] = lambda: None
        self.closed = False

    def prime(self, snapshot: list[tuple[str, Any]]) -> None:
        """What the stream starts with: the state as it is now."""
        self.opening = RETRY + "".join(sse(event, data) for event, data in snapshot)

    def attach(self, write: Callable[[str], None], backlog: Callable[[], int],
               close: Callable[[], None]) -> None:
        """In the loop: the connection is ready; the snapshot and what waited go out."""
        if self.closed:  # it made way before it began
            close()
            return
        self._write, self._backlog, self._close = write, backlog, close
        write(self.opening + "".join(self.pending))
        self.pending.clear()

    def send(self, text: str) -> None:
        """In the loop (or the publishing thread without a server)."""
        if self.closed:
            return
        if self._write is None:
            self.pending.append(text)
            return
        self._write(text)
        if self._backlog() > self.write_limit:  # not reading: dropped, it reconnects
            self.broker.dropped += 1
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.broker.forget(self)
            self._close()


class Broker:
    TOPICS = FORWARDED  # the hub topics `publish` acts on

    def __init__(self, max_clients: int) -> None:
        self.max_clients = max_clients
        self._clients: list[StreamClient] = []
        self._lock = threading.Lock()  # the client list: opened on web threads, closed in the loop
        self._ids = itertools.count(1)
        self._door: LoopDoor | None = None
        self.dropped = 0  # streams ended because their phone did not read
        self._pending: list[tuple[str, bool]] = []  # messages not yet handed to the loop
        self._pending_lock = threading.Lock()

    def attach(self, door: LoopDoor) -> None:
        """The way into the server's event loop: fan-outs run there (its connections are not
        thread-safe)."""
        self._door = door

    @property
    def clients(self) -> int:
        return len(self._clients)

    def open(self, paired: bool, write_limit: int = WRITE_LIMIT) -> StreamClient:
        """A place for a new stream. When every place is taken, a paired phone takes the
        oldest watcher's (anyone on the network may watch: watchers filling the house must
        not lock the table out); a watcher, or a paired phone in a house of paired phones,
        gets `TooManyStreams`."""
        client = StreamClient(self, paired, write_limit)
        with self._lock:
            victim = None
            if len(self._clients) >= self.max_clients:
                victim = next((c for c in self._clients if not c.paired), None) \
                    if paired else None
                if victim is None:
                    raise TooManyStreams
                self._clients.remove(victim)
            self._clients.append(client)
        if victim is not None:
            self._in_loop(victim.close)  # its connection is the loop's
        return client

    def forget(self, client: StreamClient) -> None:
        with self._lock:
            if client in self._clients:
                self._clients.remove(client)

    def publish(self, topic: str, payload: Any) -> None:
        """Called on the hub's mailbox thread (and the display's, for frames)."""
        if topic not in FORWARDED or not self._clients:
            return
        if topic == "unpaired":  # every phone unpaired: their streams end, they come back
            self._in_loop(self._end_paired)  # as watchers
            return
        if topic == "position":  # the moves, for the phones that may make them
            if not any(c.paired for c in self._clients):
                return
            topic, payload = "legal", legal_event(payload)
        if topic == "pairing" and isinstance(payload, dict):
            payload = {k: v for k, v in payload.items() if k in PAIRING_PUBLIC}
        text = sse_state(payload, next(self._ids)) if topic == "state" and payload else \
            sse(topic, payload, next(self._ids))
        self._send_soon(text, topic in PAIRED_ONLY)

    def _send_soon(self, text: str, paired_only: bool) -> None:
        """Queue a message; the loop sends everything queued in one write per stream. One
        change is several messages (its history line, state, moves, announcement): written
        together they cost one system call per phone instead of four."""
        with self._pending_lock:
            self._pending.append((text, paired_only))
            if len(self._pending) > 1:  # a flush is already on its way
                return
        self._in_loop(self._flush)

    def _flush(self) -> None:
        with self._pending_lock:
            pending, self._pending = self._pending, []
        if pending:
            self.fan_out("".join(text for text, _ in pending), paired_only=True)
            everyone = "".join(text for text, paired_only in pending if not paired_only)
            if everyone:
                self.fan_out(everyone, paired_only=False, unpaired_only=True)

    def fan_out(self, text: str, paired_only: bool, unpaired_only: bool = False) -> None:
        """In the loop: one message to every open stream (paired or unpaired ones only)."""
        with self._lock:
            clients = [c for c in self._clients if (c.paired or not paired_only)
                       and not (unpaired_only and c.paired)]
        for client in clients:
            client.send(text)

    def _end_paired(self) -> None:
        with self._lock:
            paired = [c for c in self._clients if c.paired]
        for client in paired:
            client.close()

    def _in_loop(self, fn: Callable[..., None], *args: Any) -> None:
        """fn in the loop: after what the loop is running now (one change's messages are
        flushed together, with no extra wake-up when they are delivered in the loop)."""
        if self._door is None:
            fn(*args)
        else:
            self._door.call(fn, *args)

    def close(self) -> None:
        """End every open stream (shut-down)."""
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            self._in_loop(client.close)


class StreamOpener:
    """``environ["companion.stream"]``: the app's way to turn its answer into a live stream
    (`snapshot` is computed after the stream is registered, so nothing is missed)."""

    def __init__(self, broker: Broker, environ: dict[str, Any]) -> None:
        self.broker = broker
        self.environ = environ

    def __call__(self, snapshot: Callable[[], list[tuple[str, Any]]], paired: bool) -> None:
        client = self.broker.open(paired)  # raises TooManyStreams
        try:
            client.prime(snapshot())
        except BaseException:
            client.close()
            raise
        self.environ["companion.opened"] = client


def legal_event(position: dict[str, Any]) -> dict[str, Any]:
    """A ``legal`` message: the shown game's moves (compact, `choices.py`) after its
    `actions`-th action; computed here, off the hub thread, once for every phone."""
    answer = answers.legal(position["game"], position["core"], position["state"])
    return {"game": position["game"], "actions": position["actions"], **answer}


def frame_data(image) -> str:
    """An OLED frame as a PNG data URL (about 300 bytes): one-bit, or greyscale for the
    simulated panel as seen (dimmed: its lit pixels grey)."""
    buffer = io.BytesIO()
    (image if image.mode == "L" else image.convert("1")).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
