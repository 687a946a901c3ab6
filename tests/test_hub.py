"""The hub's `call`: a caller that gives up is never told "failed" while the work happens."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from companion.daemon.hub import Hub, HubBusy, LoopDoor


@pytest.fixture
def hub():
    h = Hub()
    h.start()
    yield h
    h.stop()


def test_a_call_that_times_out_in_the_queue_is_cancelled_and_never_runs(hub):
    release = threading.Event()
    hub.post(release.wait, 5.0)  # the hub is busy with something slow
    ran: list[str] = []
    with pytest.raises(HubBusy):
        hub.call(ran.append, "action", timeout=0.1)
    release.set()
    hub.call(lambda: None)  # everything queued before this has been handled
    assert ran == []  # told it failed: it did not happen later either


def test_a_call_already_running_when_the_timeout_hits_reports_its_real_outcome(hub):
    def slow() -> str:
        time.sleep(0.3)
        return "committed"
    assert hub.call(slow, timeout=0.1) == "committed"


def test_an_exception_still_reaches_the_caller(hub):
    with pytest.raises(ZeroDivisionError):
        hub.call(lambda: 1 / 0)


def test_a_jobs_messages_reach_a_mailbox_together_and_only_the_topics_it_takes(hub):
    """Published during one hub job, the messages wait until it ends and are then handed
    over at once: the subscriber is woken once per change, not once per message."""
    seen: list[tuple[str, int]] = []
    done = threading.Event()
    box = None

    def handler(topic: str, payload: int) -> None:
        seen.append((topic, box.pending()))  # how many were waiting behind this one
        if topic == "end":
            done.set()
    box = hub.subscribe(handler, "test", topics=("state", "end"))

    def job() -> None:
        hub.publish("state", 1)
        time.sleep(0.05)  # handed over at once, the subscriber would be handling it now
        hub.publish("leds", 2)
        hub.publish("end", 3)
    hub.call(job)
    assert done.wait(5)
    assert seen == [("state", 1), ("end", 0)]  # together; no "leds"


def test_a_loop_mailbox_runs_its_handler_in_the_loop_in_order(hub):
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        seen: list[tuple[str, int, bool]] = []
        done = threading.Event()

        def handler(topic: str, payload: int) -> None:
            seen.append((topic, payload, threading.current_thread() is thread))
            if payload == 4:
                done.set()
        hub.subscribe_posted(handler, "test", LoopDoor(loop).call, topics=("state", "entry"))
        hub.call(lambda: [hub.publish(t, n) for n, t in
                          enumerate(("entry", "leds", "state", "sound", "entry"))])
        assert done.wait(5)
        assert seen == [("entry", 0, True), ("state", 2, True), ("entry", 4, True)]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


def test_a_job_can_hand_over_what_it_published_before_its_slow_part(hub):
    """The race result is shown before the commit that follows it in the same job."""
    heard = threading.Event()
    hub.subscribe(lambda topic, payload: heard.set(), "test", topics=("race",))

    def job() -> bool:
        hub.publish("race", {"decision": "A"})
        hub.deliver_now()
        return heard.wait(2)  # the slow part: the subscriber has it meanwhile
    assert hub.call(job) is True


def test_a_loop_door_wakes_the_loop_once_for_what_comes_before_it_gets_there():
    """Calls from other threads while the loop is busy: one wake-up (one call_soon_threadsafe)
    runs them all in order; a call made during that run joins it, before anything else the
    loop has queued."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    wakes = []
    wake = loop.call_soon_threadsafe
    try:
        door = LoopDoor(loop)
        loop.call_soon_threadsafe = lambda *a: (wakes.append(a), wake(*a))[1]
        gate, done = threading.Event(), threading.Event()
        wake(gate.wait, 5)  # the loop is busy
        order: list[str] = []

        def last() -> None:  # the run's last call: what it hands over joins the run
            order.append("last")
            loop.call_soon(order.append, "queued in the loop")
            door.call(order.append, "joined")
            door.call(done.set)
        door.call(order.append, "first")
        door.call(last)
        gate.set()
        assert done.wait(5)
        assert len(wakes) == 1
        time.sleep(0.05)
        assert order == ["first", "last", "joined", "queued in the loop"]
    finally:
        wake(loop.stop)
        thread.join(5)
        loop.close()


class _Box:
    """A subscriber that notes, on the hub thread, when it was handed a job's messages."""

    def __init__(self, name: str, handed: list[str], coalesce: bool) -> None:
        self.name, self.handed, self.coalesce, self.topics = name, handed, coalesce, None

    def put_many(self, messages) -> None:
        self.handed.append(self.name)

    def close(self, timeout: float = 2.0) -> None:
        pass


def test_coalescing_subscribers_are_handed_each_jobs_messages_last(hub):
    """The display (coalescing: it draws the newest state) subscribes first, at start; the
    outputs, the phones and anyone acting on each message must be woken before it."""
    handed: list[str] = []
    for name, coalesce in (("display", True), ("outputs", False), ("panel", True),
                           ("phones", False), ("recorder", False)):
        hub.add_subscriber(_Box(name, handed, coalesce))
    hub.call(hub.publish, "race", {"decision": "A"})
    assert handed == ["outputs", "phones", "recorder", "display", "panel"]
