"""A web request whose hub call times out (the hub is stuck behind something long): the phone
is told, with a stable code, a 503 and Retry-After, that nothing happened; and nothing does
happen later (the call was withdrawn before it ran). Loopback only; bounded times."""

from __future__ import annotations

import threading
import time

import pytest
from daemon_helpers import wait_until
from web_helpers import Client

BUSY_TIMEOUT_S = 0.3  # the hub's call timeout for these tests (10 s in the product)


@pytest.fixture
def daemon(web_live):
    web_live.hub.call_timeout_s = BUSY_TIMEOUT_S
    return web_live


class Stuck:
    """Holds the hub thread (as a long restore or a slow disk would) until released."""

    def __init__(self, daemon) -> None:
        self.daemon = daemon
        self.release = threading.Event()
        self.running = threading.Event()

    def __enter__(self) -> Stuck:
        def hold() -> None:
            self.running.set()
            self.release.wait(10)
        self.daemon.hub.post(hold)
        assert self.running.wait(5)
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self.daemon.hub.call(lambda: None, timeout=5)  # the hub is free again


def assert_busy(status: int, body, headers: dict[str, str]) -> None:
    assert status == 503, (status, body)
    assert body["error"]["code"] == "table_busy"
    assert int(headers["retry-after"]) >= 1
    assert body["error"]["message"]


def test_an_action_that_times_out_is_refused_as_busy_and_never_runs(daemon):
    client = Client(daemon.web.port)
    client.pair(daemon)
    _, game, _ = client.post("/api/games", {"game": "laufrauf", "players": ["red", "blue"]})
    with Stuck(daemon):
        assert_busy(*client.post(f"/api/games/{game['id']}/actions",
                                 {"type": "roll", "player": "red"}))
    status, state, _ = client.get(f"/api/games/{game['id']}")
    assert status == 200 and state["actions"] == 0  # withdrawn: it did not run after all
    status, _, _ = client.post(f"/api/games/{game['id']}/actions",
                               {"type": "roll", "player": "red"})
    assert status == 200  # the same action, once the hub is free


def test_moves_posted_one_after_another_are_each_withdrawn_in_their_turn(daemon):
    """The moves on their way to a stuck hub are withdrawn by one timer: after the first
    move's, the next move's deadline is still kept (both answered busy while the hub is
    still stuck, and neither runs later)."""
    client = Client(daemon.web.port)
    client.pair(daemon)
    _, game, _ = client.post("/api/games", {"game": "laufrauf", "players": ["red", "blue"]})
    answers: list = []

    def post() -> None:
        answers.append(client.post(f"/api/games/{game['id']}/actions",
                                   {"type": "roll", "player": "red"}))
    with Stuck(daemon):
        first = threading.Thread(target=post)
        first.start()
        wait_until(lambda: daemon.web.lane.taken == 1)
        time.sleep(BUSY_TIMEOUT_S / 2)  # the second comes while the first waits
        second = threading.Thread(target=post)
        second.start()
        first.join(5)
        second.join(5)
        assert len(answers) == 2
        for answer in answers:
            assert_busy(*answer)
    status, state, _ = client.get(f"/api/games/{game['id']}")
    assert status == 200 and state["actions"] == 0


def test_a_pairing_that_times_out_does_not_use_up_the_qr_secret(daemon):
    secret = daemon.hub.call(lambda: daemon.table.pairing.secret)
    client = Client(daemon.web.port)
    with Stuck(daemon):
        assert_busy(*client.post("/api/pair", {"secret": secret}))
    assert client.cookie is None
    status, body, _ = client.post("/api/pair", {"secret": secret})
    assert status == 200 and body == {"paired": True}  # the withdrawn try never used it


def test_reads_are_busy_too_and_answer_in_the_callers_language(daemon):
    client = Client(daemon.web.port)
    with Stuck(daemon):
        status, body, headers = client.get("/api/games?lang=de")
        assert_busy(status, body, headers)
        english = client.get("/api/games?lang=en")[1]["error"]["message"]
        assert body["error"]["message"] != english
    wait_until(lambda: client.get("/api/games")[0] == 200)
