"""The hub's `call`: a caller that gives up is never told "failed" while the work happens."""

from __future__ import annotations

import threading
import time

import pytest

from companion.daemon.hub import Hub, HubBusy


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
