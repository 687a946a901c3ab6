"""A real Mosquitto broker on a free loopback port (config file written by the test), a
subscriber that records what arrives, and a cable between table and broker that a test can
tamper with."""

from __future__ import annotations

import contextlib
import getpass
import json
import queue
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from needs import needs
from ports import free_port

MOSQUITTO = shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/bin")
needs_mosquitto = needs(MOSQUITTO is not None, "mosquitto")


class Broker:
    def __init__(self, folder: Path, users: dict[str, str] | None = None) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.log = folder / "mosquitto.log"
        lines = [f"listener {self.port} 127.0.0.1", f"user {getpass.getuser()}",
                 "persistence true",
                 f"persistence_location {folder}/", "autosave_interval 1",
                 f"log_dest file {self.log}", "log_type all"]
        if users:
            passwords = folder / "passwords"
            passwords.write_text("".join(f"{u}:{p}\n" for u, p in users.items()))
            passwords.chmod(0o600)
            subprocess.run([shutil.which("mosquitto_passwd", path="/usr/bin:/usr/sbin") or
                            "mosquitto_passwd", "-U",
                            str(passwords)], check=True, capture_output=True)
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        else:
            lines.append("allow_anonymous true")
        self.config = folder / "mosquitto.conf"
        self.config.write_text("\n".join(lines) + "\n")
        self.process: subprocess.Popen | None = None

    def start(self) -> Broker:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            probe = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
            try:
                probe.connect("127.0.0.1", self.port)
                probe.disconnect()
                return self
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read()
                assert time.monotonic() < deadline, "mosquitto did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # saves its persistence file
            self.process.wait(10)
        self.process = None


class Listener:
    """A subscriber with a persistent session (it keeps its queue across broker restarts)."""

    def __init__(self, port: int, topics: str, client_id: str = "test-listener",
                 clean: bool = True) -> None:
        self.messages: queue.Queue = queue.Queue()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=clean)
        self.client.on_message = self._on_message
        self.redelivered = 0  # QoS 1 messages the broker sent this listener again (dup)
        self.client.on_connect = lambda c, u, f, r, p: c.subscribe(topics, qos=1)
        self.client.reconnect_delay_set(0.1, 0.5)
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def _on_message(self, client, userdata, message) -> None:
        if message.dup:  # the broker's own resend to us (our ack was lost): not the table's
            self.redelivered += 1
            return
        self.messages.put((message.topic, message.payload.decode(), message.retain))

    def take(self, predicate, timeout: float = 10.0) -> list[tuple[str, Any, bool]]:
        """Messages until one matches (all returned, that one last)."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"not received; got {got[-5:]}"
            try:
                topic, text, retain = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            try:
                payload = json.loads(text)
            except ValueError:
                payload = text
            got.append((topic, payload, retain))
            if predicate(topic, payload, retain):
                return got

    def latest(self, topics: set[str], timeout: float = 10.0) -> dict[str, tuple[Any, bool]]:
        """(payload, retained) of each of `topics`, once every one has come."""
        seen: dict[str, tuple[Any, bool]] = {}
        for topic, payload, retain in self.take(
                lambda t, p, r: seen.setdefault(t, (p, r)) and topics <= set(seen), timeout):
            seen[topic] = (payload, retain)
        return seen

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def state_at(listener: Listener, actions: int,
             taken: list[tuple[str, Any, bool]] = ()) -> dict[str, Any]:
    """The first table state that stands after `actions` actions: among the messages the
    test has `taken` already, else the next the listener hears. The publisher hears of a new
    state on its own mailbox thread, so right after a move the state may still be the one
    before; and the game's result may come before or after its last state."""
    def after(topic: str, payload: Any, retained: bool = False) -> bool:
        return topic.endswith("/state") and isinstance(payload, dict) \
            and (payload.get("state") or {}).get("actions") == actions
    for topic, payload, _ in taken:
        if after(topic, payload):
            return payload
    return listener.take(after, timeout=30.0)[-1][1]


class Cable:
    """A TCP relay between the table and the broker that a test can tamper with: hold back
    what the broker says (its acknowledgements), or cut the line when the table sends
    something, before the broker gets it, and take no new connections after."""

    def __init__(self, broker_port: int) -> None:
        self.broker_port = broker_port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.sent = bytearray()  # everything the table sent through the cable
        self.cut = threading.Event()
        self._cut_on: bytes | None = None
        self._held: bytearray | None = None  # the broker's words held back, when holding
        self._lock = threading.Lock()
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                table, _ = self.server.accept()
            except OSError:
                return
            broker = socket.create_connection(("127.0.0.1", self.broker_port))
            with self._lock:
                self._pairs.append((table, broker))
            threading.Thread(target=self._pump, args=(table, broker, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(broker, table, False),
                             daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, from_table: bool) -> None:
        while True:
            try:
                chunk = source.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self._close(source, target)
                return
            with self._lock:
                if from_table:
                    if self._cut_on is not None and self._cut_on in chunk:
                        self.cut.set()
                        self.server.close()
                        self._close(source, target)
                        return
                    self.sent += chunk
                elif self._held is not None:
                    self._held += chunk
                    continue
            try:
                target.sendall(chunk)
            except OSError:
                self._close(source, target)
                return

    @staticmethod
    def _close(*ends: socket.socket) -> None:
        for end in ends:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def cut_when_sent(self, marker: bytes) -> None:
        """The next time the table sends `marker`, the line goes dead before the broker hears
        it, and the cable takes no new connections."""
        with self._lock:
            self._cut_on = marker

    def saw(self, marker: bytes) -> bool:
        with self._lock:
            return marker in self.sent

    def hold(self) -> None:
        """Keep what the broker says from the table until `release`."""
        with self._lock:
            self._held = bytearray()
            self.sent.clear()

    def release(self) -> None:
        with self._lock:
            held, self._held = self._held or b"", None
            for table, _ in self._pairs:
                with contextlib.suppress(OSError):
                    table.sendall(held)

    def stop(self) -> None:
        self.server.close()
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            self._close(*pair)
