"""The request guard and the host names (companion/web/guard.py, companion/web/hosts.py)
where a mutation probe found them unguarded: JSON nesting exactly at its limit, Retry-After
on busy answers only, and the names the box answers to. Pure functions, called directly;
the same checks over HTTP are in test_web_hostile.py and test_move_lane.py."""

from __future__ import annotations

import socket

import pytest

from companion.rules import Refusal
from companion.web.guard import MAX_JSON_DEPTH, error_answer, parse_json
from companion.web.hosts import allowed_host, own_names


def test_json_nested_exactly_to_the_limit_is_read_however_many_brackets_it_has():
    """The limit is on depth, not on the number of brackets: siblings do not deepen."""
    deepest = b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH
    at_the_limit = b"[" + deepest[1:-1] + b", [], {}]"
    assert at_the_limit.count(b"[") + at_the_limit.count(b"{") > MAX_JSON_DEPTH
    assert parse_json(at_the_limit) is not None
    with pytest.raises(Refusal):
        parse_json(b"[" + at_the_limit + b"]")


@pytest.mark.parametrize("code, status, retry", [
    ("table_busy", None, True), ("too_many_streams", None, True),
    ("internal", 500, False), ("storage_full", None, False), ("not_paired", None, False),
])
def test_only_a_busy_answer_says_when_to_try_again(code, status, retry):
    """503: nothing happened, try again shortly (Retry-After); a bug or a full card is no
    reason to retry in a second."""
    _, _, headers = error_answer(code, {}, "en", status)
    assert (("Retry-After", "1") in headers) is retry


def test_the_box_answers_to_the_name_in_its_page_address():
    names = own_names("http://Companion.Example.:8080/")
    assert "companion.example" in names and "localhost" in names
    assert allowed_host("companion.example:8080", names)
    assert allowed_host("COMPANION.example.", names)
    assert not allowed_host("companion.example.evil:8080", names)


def test_the_box_answers_to_its_whole_host_name_and_its_first_label(monkeypatch):
    """A host name with a domain (``table-pi.club.lan``): the whole name, its first label and
    both with ``.local`` (Avahi's name) are the box's own."""
    monkeypatch.setattr(socket, "gethostname", lambda: "Table-Pi.club.lan.")
    names = own_names("")
    assert {"table-pi.club.lan", "table-pi.club.lan.local", "table-pi",
            "table-pi.local"} <= names
