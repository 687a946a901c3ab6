"""The stream broker: the messages of one change go to each phone in one write, paired-only
messages (the OLED picture, the legal moves) never to a watcher, and nothing out of order.
A real asyncio loop in its own thread, as in the server."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from companion.daemon.hub import LoopDoor
from companion.rules import get_core
from companion.web.stream import Broker


@pytest.fixture
def loop():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def open_client(broker: Broker, loop, paired: bool) -> list[str]:
    writes: list[str] = []
    client = broker.open(paired)
    client.prime([])
    ready = threading.Event()

    def attach() -> None:
        client.attach(writes.append, lambda: 0, lambda: None)
        ready.set()
    loop.call_soon_threadsafe(attach)
    assert ready.wait(5)
    writes.clear()  # the opening (retry line)
    return writes


def in_loop(loop, fn):
    done = threading.Event()
    loop.call_soon_threadsafe(lambda: (fn(), done.set()))
    assert done.wait(5)


def test_one_change_is_one_write_per_phone_and_watchers_get_no_moves(loop):
    broker = Broker(max_clients=10)
    broker.attach(LoopDoor(loop))
    player, watcher = open_client(broker, loop, True), open_client(broker, loop, False)
    core = get_core("tauziehen")
    state = core.new_game(["P1", "P2"], {}, 1)
    position = {"game": 1, "actions": 0, "core": core, "state": state}
    # the loop is held busy while the hub publishes one change's messages
    gate = threading.Event()
    loop.call_soon_threadsafe(gate.wait, 5)
    broker.publish("entry", {"game": 1, "seq": 0})
    broker.publish("state", {"id": 1, "actions": 0})
    broker.publish("position", position)
    broker.publish("announce", {"game": 1, "items": []})
    gate.set()
    in_loop(loop, lambda: None)  # the flush ran
    assert len(player) == 1 and len(watcher) == 1
    events = [line[7:] for line in player[0].splitlines() if line.startswith("event: ")]
    assert events == ["entry", "state", "legal", "announce"]
    assert [line[7:] for line in watcher[0].splitlines() if line.startswith("event: ")] == \
        ["entry", "state", "announce"]
    assert '"count":' in player[0].split("event: legal", 1)[1]


def test_no_moves_are_computed_while_no_paired_phone_listens(loop):
    broker = Broker(max_clients=10)
    broker.attach(LoopDoor(loop))
    watcher = open_client(broker, loop, False)

    class Unplayable:  # a core whose moves cannot be computed: asked for, it would fail
        def legal_actions(self, state, player=None):
            raise AssertionError("moves computed for watchers only")
    broker.publish("position", {"game": 1, "actions": 0, "core": Unplayable(), "state": 1})
    broker.publish("state", {"id": 1})
    in_loop(loop, lambda: None)
    assert len(watcher) == 1 and "event: legal" not in watcher[0]


def test_a_state_message_is_the_same_text_as_before_and_the_answers_state():
    """The view is encoded once (answers.view_json) for the stream and the move's answer;
    the message is what `sse` makes of it, non-ASCII names (escaped on the stream) too."""
    from companion.web.answers import view_json
    from companion.web.stream import sse, sse_state

    for view in ({"id": 1, "players": ["Anna", "Bo"]}, {"id": 2, "players": ["Jürgen", "Bo"]}):
        assert sse_state(view, 7) == sse("state", view, 7)
        assert view_json(view) == json.dumps(view, ensure_ascii=False, separators=(",", ":"))
        assert view_json(view) is view_json(view)  # made once
