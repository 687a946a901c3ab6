"""The table's MQTT publisher: the outbox delivered in order, the public state retained.

Topics (``companion/<table>/...``):
- ``event``: every outbox row in order, QoS 1: a game started, an accepted action with the
  events it caused, an action taken back; each with the table's sequence number ``seq``
  (a receiver drops any ``seq`` it has seen: after a crash between the broker's
  acknowledgement and the row's deletion the same message comes again, never as a new one).
- ``result``: each finished game's result, QoS 1, from the same outbox. Its players and
  winner are people (sessions/people.py: a Lauf Rauf! colour under the name of the person
  who played it, as the statistics count it), so the league counts people, not colours; a
  game's ``names`` go along, in the result and in the game's ``event``. A seat played
  without a name is still its colour there (as ever); ``unnamed`` lists those players
  (`sessions.people.unnamed`; empty in a game without colours), who are nobody to the
  statistics and to the league. ``seats``, ``named`` and ``winner_seats`` say each player's
  seat, whether it had a name and which seats won (messages.py): where two seats carry one
  name (blue's person "red" beside the unnamed red seat) only these tell them apart.
- ``aliases``: all the table's renames and merges (sessions/players.py), QoS 1, from the
  outbox whenever they change: the league names the table's people as the table does.
- ``state``: retained, the current game's public state (as the page sees it).
- ``status``: retained ``online``; ``offline`` as the last will and on a clean stop.
- ``box``: retained, this box's own id (identity.py), announced on every connection. Every
  ``event`` and ``result`` carries it too (``box``), so two boxes that share a table name
  stay apart: each has its own client id (no knocking each other off the broker), and the
  league keys results on (table, box, seq). A box that hears another id announced live on
  its table's ``box`` topic warns (``clash``) and announces itself once more, so the other
  box hears of it too. A retained id from before is not a clash: it may be a box this one
  replaced. A clash ends without a restart when the other box is no longer heard (clash.py),
  or at once when the retained id is cleared on the broker (an empty retained message: each
  box then announces itself again, and a box still there is heard at once).
- Home Assistant's discovery configs (homeassistant.py), retained, on every connection and
  again when the table's language changes (the sensors are named in it).

One thread owns the delivery: it waits for a nudge (the hub published something, the broker
connected) and sends the pending rows one at a time, each after the previous one was
acknowledged, so order holds across reconnects and restarts. The hub only ever drops a
message into a mailbox: the table never waits for the broker. paho's own thread keeps
reconnecting; each failure is logged once per kind and kept for `companion doctor`-like
views (`problem`). Each change of the link (connected, reconnecting, clash) goes to
`on_status` (the daemon posts it to the hub: daemon/links.py).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from companion.club.acks import Acknowledgements
from companion.club.clash import Clash
from companion.club.homeassistant import discovery, scoreboard
from companion.club.identity import stable_id
from companion.club.messages import OutboxMessages
from companion.club.outbox import Outbox, Row
from companion.config import Config

log = logging.getLogger("companion.mqtt")
IDLE_S = 1.0
KEEPALIVE_S = 30
BOX_FILE = "club-box-id"  # in the data folder, beside the games database


def topic(table: str, leaf: str) -> str:
    return f"companion/{table}/{leaf}"


def make_client(config: Config, client_id: str) -> mqtt.Client:
    """A paho client with this table's credentials and TLS settings."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                         clean_session=True)
    if config.mqtt_username:
        client.username_pw_set(config.mqtt_username, config.mqtt_password or None)
    if config.mqtt_tls:
        try:
            client.tls_set(ca_certs=config.mqtt_ca_file or None)
        except OSError as exc:  # say which file: the error itself does not
            raise OSError(exc.errno, f"mqtt.ca_file {config.mqtt_ca_file!r}: "
                                     f"{exc.strerror or exc}") from None
    client.reconnect_delay_set(min_delay=1, max_delay=30)
    client.max_inflight_messages_set(1)  # in order, one at a time
    return client


def describe(reason: Any) -> str:
    """A paho reason code or error number as words."""
    if isinstance(reason, int):
        return mqtt.error_string(reason)
    return str(reason)


class Publisher:
    def __init__(self, config: Config, db_path: Path, lang: str | None = None) -> None:
        self.config = config
        # the table's language (the page's choice, else the file's), for what the scoreboard
        # says in words (homeassistant.py); the hub's "language" messages follow a change
        self.lang = lang or config.language
        self.table = config.mqtt_table
        self.outbox = Outbox(db_path)
        self.box = stable_id(db_path.parent / BOX_FILE)
        self.messages = OutboxMessages(self.table, self.box, self.outbox)
        self.client = make_client(config, f"companion-{self.table}-{self.box}")
        self.client.will_set(topic(self.table, "status"), "offline", qos=1, retain=True)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_connect_fail = self._on_connect_fail
        self.connected = threading.Event()
        self.problem: str | None = None  # the last connection failure, for views and tests
        self.clash: str | None = None  # another box publishes under this table's name
        self.announced = threading.Event()  # the broker sent this box's own id back
        self.others = Clash()  # the other boxes heard under this table's name
        self.on_status: Callable[[dict[str, Any]], None] = lambda status: None
        self._reported: dict[str, Any] | None = None
        self._status_lock = threading.Lock()  # a status is worked out and posted in one go
        self.sent = 0
        self._nudge = threading.Event()
        self._stopping = threading.Event()
        self._state: Any = None
        self._state_dirty = False
        self._state_version = 0
        self._discovered_in: str | None = None  # the language the sensors were named in
        self._lock = threading.Lock()
        # Outbox rows handed to paho and not yet acknowledged: paho sends them again itself
        # after a reconnect, so they are waited for, never published a second time.
        self._inflight: dict[int, tuple[mqtt.MQTTMessageInfo, float]] = {}  # and when sent
        self._acks = Acknowledgements()
        self._thread = threading.Thread(target=self._run, name="mqtt-outbox", daemon=True)

    def link_info(self) -> dict[str, str]:
        """Where this table publishes, for the table's status (daemon/links.py)."""
        return {"broker": f"{self.config.mqtt_host}:{self.config.mqtt_port}",
                "table": self.table, "box": self.box}

    # --- life -------------------------------------------------------------------------------
    def start(self) -> None:
        where = f"{self.config.mqtt_host}:{self.config.mqtt_port}"
        log.info("mqtt: publishing as table %r to %s (%d waiting in the outbox)", self.table,
                 where, self.outbox.count())
        self.client.connect_async(self.config.mqtt_host, self.config.mqtt_port, KEEPALIVE_S)
        self.client.loop_start()
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._nudge.set()
        self._thread.join(5)
        if self.connected.is_set():
            info = self.client.publish(topic(self.table, "status"), "offline", qos=1,
                                       retain=True)
            info.wait_for_publish(2)
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()

    # --- from the hub (a mailbox thread) -----------------------------------------------------
    def handle(self, name: str, payload: Any) -> None:
        """Every hub message nudges the delivery; the game's state is kept to retain, and
        sent again in the table's new language (its scoreboard says seats in words)."""
        if name in ("state", "language"):
            with self._lock:
                if name == "state":
                    self._state = payload
                else:
                    self.lang = payload
                self._state_dirty = True
                self._state_version += 1
        self._nudge.set()

    # --- paho's thread ----------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason, properties) -> None:
        if reason.is_failure:
            self._fail(f"the broker refused the connection: {reason}")
            self._report()
            return
        if self.problem:
            log.info("mqtt: connected to %s:%d again", self.config.mqtt_host,
                     self.config.mqtt_port)
        self.problem = None
        client.subscribe(topic(self.table, "box"), qos=1)  # before the announcement: in order
        self._announce()
        client.publish(topic(self.table, "status"), "online", qos=1, retain=True)
        self._discover(client)
        with self._lock:
            self._state_dirty = True
        self.connected.set()
        self._report()
        self._nudge.set()

    def _discover(self, client: mqtt.Client) -> None:
        """Home Assistant finds the table's sensors (retained configs, unless switched off),
        named in the table's language: on every connection, and again when the language
        changes (`_run`); their ids stay (homeassistant.discovery)."""
        with self._lock:
            lang = self.lang
        if self.config.mqtt_discovery:
            for where, config in discovery(self.table, self.config.mqtt_discovery_prefix,
                                           topic(self.table, "state"),
                                           topic(self.table, "status"), lang):
                client.publish(where, json.dumps(config, ensure_ascii=False), qos=1,
                               retain=True)
        self._discovered_in = lang

    def _on_connect_fail(self, client, userdata) -> None:
        self._fail("cannot reach the broker; the table plays on, the outbox keeps what it "
                   "sends")
        self._report()

    def _on_disconnect(self, client, userdata, flags, reason, properties) -> None:
        was_connected = self.connected.is_set()
        self.connected.clear()
        if was_connected and not self._stopping.is_set():  # a refusal was said already
            self._fail(f"lost the broker ({reason}); the table plays on, the outbox keeps "
                       "what it sends")
        if not self._stopping.is_set():
            self._report()

    def _on_message(self, client, userdata, message) -> None:
        """An id on this table's ``box`` topic: this box's own comes back (announced); another
        one sent live (not a retained one from before) is a second box under this name."""
        if message.topic != topic(self.table, "box"):
            return
        other = message.payload.decode(errors="replace").strip()[:40]
        if other == self.box:
            self.announced.set()
            return
        if not other:  # the retained id was cleared: whoever is still there says so again
            self._clash_over("the table's box id was cleared on the broker")
            self._announce()
            return
        if message.retain:
            return
        if not self.others.heard(other, time.monotonic()):
            return
        self.clash = (f"another box also publishes as table {self.table!r} (box {other}; "
                      f"this one is {self.box}): give each table its own [mqtt] table name")
        log.warning("mqtt: %s; the league keeps both boxes' results apart", self.clash)
        self._announce()  # tell it too
        self._report()
        self._nudge.set()  # the delivery thread's wait follows the clash's pace

    def _announce(self) -> None:
        """This box's id on the table's ``box`` topic, retained."""
        self.others.announced_at = time.monotonic()
        self.client.publish(topic(self.table, "box"), self.box, qos=1, retain=True)

    def _clash_tick(self) -> None:
        """On the delivery thread: in a clash, announce again when due; end it when the
        other box is gone."""
        due = self.others.tick(time.monotonic())
        if due == "over":
            self._clash_over("no other box publishes under this name any more")
        elif due == "announce" and self.connected.is_set():
            self._announce()

    def _clash_over(self, why: str) -> None:
        self.others.clear()
        if self.clash is not None:
            self.clash = None
            log.info("mqtt: table %r: %s", self.table, why)
        self._report()

    def link(self) -> dict[str, Any]:
        """The link as the table shows it (daemon/links.py): connected, reconnecting or
        clash, with the other box's id while a clash lasts. A broker lost during a clash does
        not end it (the other box is not heard, but was not heard gone either: the clash
        ends as ever, `clash.py`), so `reconnecting` still names the other box until then,
        and the link is a clash again at once if it is back before."""
        other = self.others.other()
        if not self.connected.is_set():
            return {"state": "reconnecting", "clash_with": other}
        if other is not None:
            return {"state": "clash", "clash_with": other}
        return {"state": "connected", "clash_with": None}

    def _report(self) -> None:
        """Hand a changed link to `on_status` (worked out and handed over under one lock:
        paho's thread and the delivery thread both report, and must not cross)."""
        with self._status_lock:
            status = self.link()
            if status != self._reported:
                self._reported = status
                self.on_status(status)

    def _on_publish(self, client, userdata, mid, reason, properties) -> None:
        self._acks.heard(mid)

    def _fail(self, problem: str) -> None:
        if problem != self.problem:
            log.warning("mqtt: %s:%d: %s", self.config.mqtt_host, self.config.mqtt_port,
                        problem)
        self.problem = problem

    # --- the delivery thread -----------------------------------------------------------------
    def _run(self) -> None:
        while not self._stopping.is_set():
            self._nudge.wait(self.others.wait_s(IDLE_S))
            self._nudge.clear()
            self._clash_tick()
            if not self.connected.is_set():
                continue
            try:
                if self._discovered_in != self.lang:  # the page chose another language
                    self._discover(self.client)
                self._send_state()
                while self.connected.is_set() and not self._stopping.is_set() and (
                        rows := self.outbox.pending()):
                    if not all(self._deliver(row) for row in rows):
                        break
                self._send_state()  # the newest state, after the events that made it
            except Exception:  # a bug here must not stop the delivery for good
                log.exception("mqtt: delivery failed")
                time.sleep(IDLE_S)

    def _publish(self, leaf: str, payload: Any, retain: bool = False,
                 row: int | None = None) -> bool:
        """Publish (unless paho still holds this row) and wait for the acknowledgement."""
        inflight = self._inflight.get(row) if row is not None else None
        if inflight is None:
            sent = time.monotonic()
            info = self.client.publish(topic(self.table, leaf),
                                       json.dumps(payload, ensure_ascii=False), qos=1,
                                       retain=retain)
            if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
                return False
            if row is not None:
                self._inflight[row] = (info, sent)
        else:
            info, sent = inflight
        if not self._acks.wait(info, sent, self.connected.is_set):
            return False
        self._inflight.pop(row, None)
        return True

    def state_sent(self) -> bool:
        """The newest state is on the broker (for tests and views)."""
        with self._lock:
            return not self._state_dirty

    def _send_state(self) -> None:
        with self._lock:
            if not self._state_dirty:
                return
            state, version, lang = self._state, self._state_version, self.lang
        body = {"table": self.table, "game_id": state.get("id") if state else None,
                "state": state, "scoreboard": scoreboard(state, lang)}
        if self._publish("state", body, retain=True):
            with self._lock:
                self._state_dirty = self._state_version != version

    def _deliver(self, row: Row) -> bool:
        leaf, payload = self.messages.message(row)
        if not self._publish(leaf, payload, row=row.seq):
            return False
        self.outbox.delivered(row.seq)
        self.sent += 1
        return True
