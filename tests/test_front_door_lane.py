"""The posted moves' short road (companion/web/moves.py) where a mutation probe found it
could part from the Flask route unseen: a method other than POST, a game number in another
spelling, a media type in capitals, a session cookie sent twice. Each is sent over real
HTTP and through the app, as test_move_lane.py does, and must be answered alike."""

from __future__ import annotations

import logging

import pytest
from test_move_lane import headers_for, raw_request, same_answer
from test_move_lane import table as table  # the fixture: a paired phone and a game
from test_web_busy import BUSY_TIMEOUT_S, Stuck
from web_helpers import Client


def test_another_method_on_the_actions_path_is_left_to_the_app(table):
    daemon, cookie, game_id = table
    raw = raw_request(f"/api/games/{game_id}/actions", b'{"type": "nonsense"}',
                      headers_for(cookie)).replace(b"POST ", b"PUT ", 1)
    status, answer = same_answer(daemon, raw, taken=False)
    assert status.startswith("405") and answer["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize("number", ["01", "0"])
def test_a_game_number_in_another_spelling_is_left_to_the_app(table, number):
    """One address per game: "01" is not game 1 (the app's route answers 404)."""
    daemon, cookie, _ = table
    status, answer = same_answer(daemon, raw_request(
        f"/api/games/{number}/actions", b'{"type": "nonsense"}', headers_for(cookie)),
        taken=False)
    assert status.startswith("404") and answer["error"]["code"] == "not_found"


def test_a_media_type_in_capitals_is_json_as_for_the_app(table):
    """RFC 9110 8.3.1: type and subtype are case-insensitive."""
    daemon, cookie, game_id = table
    status, answer = same_answer(daemon, raw_request(
        f"/api/games/{game_id}/actions", b'{"type": "nonsense"}',
        headers_for(cookie, **{"Content-Type": "Application/JSON"})))
    assert status.startswith("422") and answer["error"]["code"] != "json_required"


@pytest.mark.parametrize("order", ["paired first", "stranger first"])
def test_a_session_cookie_sent_twice_counts_as_the_app_counts_it(table, order):
    """The first of two cookies of one name is the one read (as werkzeug reads them): the
    lane may not pair a phone the app would not, nor refuse one it would pair."""
    daemon, cookie, game_id = table
    stranger = "companion_session=not-a-session"
    both = f"{cookie}; {stranger}" if order == "paired first" else f"{stranger}; {cookie}"
    status, answer = same_answer(daemon, raw_request(
        f"/api/games/{game_id}/actions", b'{"type": "nonsense"}', headers_for(both)))
    if order == "paired first":
        assert status.startswith("422") and answer["error"]["code"] != "not_paired"
    else:
        assert status.startswith("401") and answer["error"]["code"] == "not_paired"


@pytest.mark.parametrize("seq", [-1, True, 1.0, "0"])
def test_a_seq_that_is_no_count_of_actions_is_refused(table, seq):
    """`seq` counts the actions the page saw: a whole number from 0 (-1 would name the last
    action entered, and true is no number even to Python's `isinstance`)."""
    daemon, cookie, game_id = table
    client = Client(daemon.web.port)
    client.cookie = cookie
    _, legal, _ = client.get(f"/api/games/{game_id}/legal?full=1")
    before = daemon.web.lane.taken
    status, body, _ = client.post(f"/api/games/{game_id}/actions",
                                  {**legal["actions"][0], "seq": seq})
    assert daemon.web.lane.taken == before + 1
    assert status == 422 and body["error"]["code"] == "bad_value"
    assert body["error"]["params"]["key"] == "seq"


def test_a_move_withdrawn_as_busy_is_answered_once_and_nothing_fails(table, caplog):
    """A move the hub has not got to in time is answered busy; its withdrawal (the job
    cancelled) is no error of ours, and the hub, once free, does not run it."""
    daemon, cookie, game_id = table
    daemon.hub.call_timeout_s = BUSY_TIMEOUT_S
    caplog.set_level(logging.INFO)
    client = Client(daemon.web.port)
    client.cookie = cookie
    _, legal, _ = client.get(f"/api/games/{game_id}/legal?full=1")
    before = daemon.web.lane.taken
    with Stuck(daemon):
        status, body, _ = client.post(f"/api/games/{game_id}/actions", legal["actions"][0])
    assert daemon.web.lane.taken == before + 1
    assert status == 503 and body["error"]["code"] == "table_busy"
    daemon.hub.call(lambda: None)
    assert client.get(f"/api/games/{game_id}")[1]["actions"] == 0
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
