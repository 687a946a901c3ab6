"""Reading HTTP/1.1 requests (companion/web/http1.py): what is accepted, what is refused
with which status and code, and chunked bodies however the network cuts them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.web.http1 import ChunkedBody, FixedBody, Malformed, head_end, parse_head


def head(text: str):
    return parse_head(text.replace("\n", "\r\n").encode("latin-1"))


def test_a_request_line_and_headers():
    h = head("POST /api/games?x=1 HTTP/1.1\nHost: table\nContent-Type: application/json\n"
             "Content-Length: 12\nX-Two:  a  b \nX-Two: c")
    assert (h.method, h.target, h.version) == ("POST", b"/api/games?x=1", "1.1")
    assert h.headers == [("host", "table"), ("content-type", "application/json"),
                         ("content-length", "12"), ("x-two", "a  b"), ("x-two", "c")]
    assert h.length == 12 and not h.chunked and h.keep_alive and not h.expect_continue


@pytest.mark.parametrize("text, keep_alive", [
    ("GET / HTTP/1.1\nHost: t", True),
    ("GET / HTTP/1.1\nHost: t\nConnection: close", False),
    ("GET / HTTP/1.1\nHost: t\nConnection: Keep-Alive, Close", False),
    ("GET / HTTP/1.0", False),
    ("GET / HTTP/1.0\nConnection: keep-alive", True),
])
def test_which_connections_stay_open(text, keep_alive):
    assert head(text).keep_alive is keep_alive


def test_expect_continue_and_bare_line_feeds():
    h = parse_head(b"PUT /x HTTP/1.1\nHost: t\nExpect: 100-continue\nContent-Length: 3")
    assert h.expect_continue and h.length == 3
    assert head_end(b"GET / HTTP/1.1\nHost: t\n\nrest") == (22, 24)
    assert head_end(b"GET / HTTP/1.1\r\nHost: t\r\n\r\nrest") == (23, 27)
    assert head_end(b"GET / HTTP/1.1\r\nHost: t\r\n") is None


@pytest.mark.parametrize("text", [
    "GET / HTTP/1.1",  # no Host
    "GET / HTTP/1.1\nHost: a\nHost: b",  # two
    "GET / HTTP/2.0\nHost: t",
    "GET /a b HTTP/1.1\nHost: t",  # a space in the target
    "GET / HTTP/1.1\nHost: t\n folded: on",  # obsolete line folding
    "GET / HTTP/1.1\nHost: t\nX-Bad\x01: 1",
    "GET / HTTP/1.1\nHost: t\nX-Bad: a\x00b",
    "GET / HTTP/1.1\nHost: t\nX-Bad: a\rb",
    "GET / HTTP/1.1\nHost: t\nno colon",
    "GET / HTTP/1.1\nHost: t\nBad Name: 1",
    "POST / HTTP/1.1\nHost: t\nContent-Length: -1",
    "POST / HTTP/1.1\nHost: t\nContent-Length: 1e3",
    "POST / HTTP/1.1\nHost: t\nContent-Length: 3\nContent-Length: 4",
    "POST / HTTP/1.1\nHost: t\nContent-Length: 3, 4",
    "POST / HTTP/1.1\nHost: t\nTransfer-Encoding: gzip",
    "POST / HTTP/1.1\nHost: t\nTransfer-Encoding: gzip, chunked",
    "POST / HTTP/1.1\nHost: t\nTransfer-Encoding: chunked\nContent-Length: 3",
    "POST / HTTP/1.0\nTransfer-Encoding: chunked",
    "\u00e9 / HTTP/1.1\nHost: t",
    "GET api/status HTTP/1.1\nHost: t",  # a target is a path from the root
    "GET * HTTP/1.1\nHost: t",  # "*" is OPTIONS's alone
])
def test_what_is_refused_as_a_bad_request(text):
    with pytest.raises(Malformed) as refused:
        head(text)
    assert (refused.value.status, refused.value.code) == (400, "bad_request")


@pytest.mark.parametrize("method", ["get", "Post", "BREW"])
def test_a_method_is_case_sensitive_and_an_unknown_one_not_implemented(method):
    """RFC 9110 9.1: "get" is not GET (the app's framework upper-cased it and served it)."""
    with pytest.raises(Malformed) as refused:
        head(f"{method} / HTTP/1.1\nHost: t")
    assert (refused.value.status, refused.value.code) == (501, "not_implemented")
    assert head("OPTIONS * HTTP/1.1\nHost: t").target == b"*"


def test_repeated_equal_content_lengths_are_one():
    assert head("POST / HTTP/1.1\nHost: t\nContent-Length: 3\nContent-Length: 3").length == 3


def feed_in_pieces(reader, data: bytes, cuts: list[int]) -> tuple[bool, bytes]:
    """Feed `data` cut at `cuts` as a socket would; (whole, what is left after the body)."""
    buffer = bytearray()
    whole = False
    for start, end in zip([0, *cuts], [*cuts, len(data)], strict=True):
        buffer += data[start:end]
        if not whole:
            whole = reader.feed(buffer)
    return whole, bytes(buffer)


CHUNKED = (b"5;name=value\r\nhello\r\n0a\r\n, chunked!\r\n1\n \n0\r\n"
           b"Trailer-Field: x\r\n\r\nGET /next")


@given(st.lists(st.integers(0, len(CHUNKED)), max_size=12).map(sorted))
def test_a_chunked_body_however_it_is_cut(cuts):
    reader = ChunkedBody(limit=1024)
    whole, rest = feed_in_pieces(reader, CHUNKED, cuts)
    assert whole and reader.body() == b"hello, chunked! " and rest == b"GET /next"


@given(st.lists(st.integers(0, 20), max_size=6).map(sorted))
def test_a_fixed_body_however_it_is_cut(cuts):
    reader = FixedBody(11)
    whole, rest = feed_in_pieces(reader, b"hello world and more", cuts)
    assert whole and reader.body() == b"hello world" and rest == b" and more"


@pytest.mark.parametrize("data, status", [
    (b"zz\r\n", 400),  # not a size
    (b"5\r\nhelloXX\r\n", 400),  # no line end after the data
    (b"401\r\n", 413),  # over the limit before a byte of it came
    (b"200\r\n" + b"a" * 512 + b"\r\n201\r\n", 413),  # the sum over the limit
    (b"0\r\n" + b"X-Trailer: " + b"a" * 1100 + b"\r\n", 413),  # a trailer counts too
    (b"1" * 2000, 400),  # a size line that never ends
])
def test_a_chunked_body_is_refused(data, status):
    with pytest.raises(Malformed) as refused:
        ChunkedBody(limit=1024).feed(bytearray(data))
    assert refused.value.status == status
