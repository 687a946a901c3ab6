"""The HTTP/1.1 reader's edges that a mutation probe found unguarded (companion/web/http1.py):
framing that could be read two ways (smuggling), limits at and past their boundary, and
what an answer may not carry. Each case here failed with one deliberate mistake in the
reader (see the helper report of "mut48"); test_http1.py holds the common cases."""

from __future__ import annotations

import pytest

from companion.web.http1 import ChunkedBody, Malformed, answer_bytes, parse_head


def head(text: str):
    return parse_head(text.replace("\n", "\r\n").encode("latin-1"))


def refused(text: str) -> tuple[int, str]:
    with pytest.raises(Malformed) as caught:
        head(text)
    return caught.value.status, caught.value.code


@pytest.mark.parametrize("text", [
    # framing split over two fields: one reader sees gzip (unknown), another chunked
    "POST / HTTP/1.1\nHost: t\nTransfer-Encoding: gzip\nTransfer-Encoding: chunked",
    "POST / HTTP/1.1\nHost: t\nTransfer-Encoding: chunked\nTransfer-Encoding: chunked",
    # digits that are no ASCII digits: "²" is a digit to str.isdigit, not to int()
    "POST / HTTP/1.1\nHost: t\nContent-Length: \u00b2",
    # a length longer than any body we take (13 digits, even with leading zeros)
    "POST / HTTP/1.1\nHost: t\nContent-Length: 0000000000003",
    # a version of HTTP/1 we do not know is not read as HTTP/1.0
    "GET / HTTP/1.2\nHost: t",
])
def test_framing_read_two_ways_is_a_bad_request(text):
    assert refused(text) == (400, "bad_request")


def test_a_list_of_equal_content_lengths_is_one_length():
    """RFC 9110 8.6: "Content-Length: 3, 3" (a proxy joined two equal fields) is 3."""
    assert head("POST / HTTP/1.1\nHost: t\nContent-Length: 3, 3").length == 3


def test_every_connection_field_counts_and_a_close_in_any_of_them_closes():
    assert not head("GET / HTTP/1.1\nHost: t\nConnection: close\nConnection: upgrade")\
        .keep_alive
    assert head("GET / HTTP/1.0\nConnection: keep-alive\nConnection: x-other").keep_alive


@pytest.mark.parametrize("target, path", [
    ("http://t/api/status?x=1", b"/api/status?x=1"),
    ("http://t", b"/"),
    ("http://t?x=1", b"/?x=1"),
    ("https://t:8080/a", b"/a"),
])
def test_an_absolute_target_is_its_path_on_its_own_host(target, path):
    """RFC 9112 3.2.2: a server must accept the absolute form and use its host, not the
    Host field's (the server on real sockets: test_front_door_server.py)."""
    h = head(f"GET {target} HTTP/1.1\nX-A: 1\nHost: elsewhere")
    assert h.target == path
    assert h.headers == [("host", target.split("/")[2].split("?")[0]), ("x-a", "1")]
    assert head(f"GET {target} HTTP/1.0").headers[0][0] == "host"


@pytest.mark.parametrize("target", ["http:///x", "http://user@t/x", "http:/x", "ftp://t/x"])
def test_an_absolute_target_without_a_plain_host_is_a_bad_request(target):
    assert refused(f"GET {target} HTTP/1.1\nHost: t") == (400, "bad_request")


def test_a_value_loses_its_surrounding_tabs_as_well_as_spaces():
    assert head("GET / HTTP/1.1\nHost:\tt \t\nX-A: \t a\tb \t").headers == [
        ("host", "t"), ("x-a", "a\tb")]


def test_expect_100_continue_is_an_http_1_1_request_only():
    """RFC 9110 10.1.1: a server must not send 100 Continue to an HTTP/1.0 client."""
    assert not head("PUT /x HTTP/1.0\nExpect: 100-continue\nContent-Length: 3")\
        .expect_continue
    assert head("PUT /x HTTP/1.1\nHost: t\nExpect: 100-continue\nContent-Length: 3")\
        .expect_continue


def test_a_chunked_body_exactly_at_the_limit_is_whole():
    reader = ChunkedBody(limit=16)
    assert reader.feed(bytearray(b"10\r\n" + b"x" * 16 + b"\r\n0\r\n\r\n"))
    assert reader.body() == b"x" * 16


@pytest.mark.parametrize("data, status", [
    (b"10001\r\n", 413),  # a size past 16 bits is still its whole size, never wrapped
    (b"123456789\r\n", 400),  # nine hex digits: no size we read
    (b"0\r\nno colon here\r\n\r\n", 400),  # a trailer field is a field
    (b"0\r\nBad Name: x\r\n\r\n", 400),
])
def test_a_chunked_body_is_refused_at_its_edges(data, status):
    with pytest.raises(Malformed) as caught:
        ChunkedBody(limit=1024).feed(bytearray(data))
    assert caught.value.status == status


@pytest.mark.parametrize("status", ["204 NO CONTENT", "304 NOT MODIFIED", "100 CONTINUE"])
def test_an_answer_that_has_no_body_says_no_length(status):
    """RFC 9110 8.6: no Content-Length on a 1xx or 204 (nor on a 304 not sent by the app)."""
    answer = answer_bytes(status, [], b"", True, "1.1")
    assert b"content-length" not in answer.lower()
    assert b"Content-Length: 0" in answer_bytes("200 OK", [], b"", True, "1.1")
