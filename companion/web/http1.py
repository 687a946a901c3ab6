"""HTTP/1.1 requests read from bytes: the head (request line and headers) and the body,
sized by Content-Length or chunked; and the answers' bytes. Pure functions and small
readers, no I/O: the server (server.py) feeds them what the socket gave.

Why our own and not h11 (used before): the server answers a few kinds of small requests from
phones, and h11's general machinery (events, a state machine per side, validation of the
answers we write) cost more daemon CPU per posted move than the rest of the request path; on
a Pi Zero 2 W that is what every phone at the table waits for. This reader is strict where
it matters (RFC 9112): one Host for HTTP/1.1, no line folding, no Transfer-Encoding other
than chunked, never both Content-Length and Transfer-Encoding, no control characters, limits
on every part; anything else is a `Malformed` with the status and the stable code to answer.
"""

from __future__ import annotations

import functools
import io
import re
from dataclasses import dataclass
from typing import Any, BinaryIO

from companion.rules.base import Refusal

# RFC 9110 token characters; a request target is any visible ASCII.
_REQUEST_LINE = re.compile(
    rb"([!#$%&'*+\-.^_`|~0-9A-Za-z]+) ([\x21-\x7e]+) HTTP/([0-9])\.([0-9])")
METHODS = frozenset((b"GET", b"HEAD", b"POST", b"PUT", b"DELETE", b"OPTIONS", b"PATCH",
                     b"CONNECT", b"TRACE"))  # the standard ones; any other is not implemented
# name ":" value of tab, visible ASCII, space and obs-text only (no NUL, bare CR or other
# control character); the value's surrounding spaces and tabs are stripped after the match
# (a lazy `(.*?)[ \t]*` in the pattern tried every end of the value, and a second search
# for bad characters read it again: most of a head's parsing time)
_HEADER = re.compile(rb"([!#$%&'*+\-.^_`|~0-9A-Za-z]+):([\t\x20-\x7e\x80-\xff]*)")
_LINE_END = re.compile(rb"\r?\n")
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_CHUNK_SIZE = re.compile(rb"([0-9A-Fa-f]{1,8})[ \t]*(?:;[^\r\n]*)?")
# RFC 9112 3.2.2's absolute form: scheme "://" authority (no user information), then the path
# and query; a proxy's form, which a server must take all the same
_ABSOLUTE = re.compile(rb"https?://([^/?#@]+)([/?][^#]*)?")
MAX_CHUNK_LINE = 1024


class Malformed(Refusal):
    """A request the server answers itself (400, 413, 431) and then closes: a refusal with
    the HTTP status to answer it with (the app never sees it)."""

    def __init__(self, status: int, code: str, **params: Any) -> None:
        super().__init__(code, **params)
        self.status = status


@dataclass(slots=True)
class Head:
    """A request's line and headers. Header names are lower case, in the order sent."""

    method: str
    target: bytes  # a path (and query); an absolute target is read as its path, its host as Host
    version: str  # "1.0" or "1.1"
    headers: list[tuple[str, str]]
    keep_alive: bool
    length: int | None  # Content-Length; None when chunked or no body
    chunked: bool
    expect_continue: bool


def head_end(buffer: bytes | bytearray) -> tuple[int, int] | None:
    """(where the head ends, where the body begins) once the blank line has come."""
    match = _HEAD_END.search(buffer)
    return (match.start(), match.end()) if match else None


def parse_head(raw: bytes) -> Head:
    """The head without its final blank line. Raises `Malformed`."""
    lines = _LINE_END.split(raw)
    line = _REQUEST_LINE.fullmatch(lines[0])
    if line is None:
        raise Malformed(400, "bad_request")
    method, target, major, minor = line.groups()
    if major != b"1" or minor not in (b"0", b"1"):
        raise Malformed(400, "bad_request")
    if method not in METHODS:  # case-sensitive (RFC 9110 9.1): "get" is not GET
        raise Malformed(501, "not_implemented", method=method.decode("ascii")[:20])
    if not (target.startswith((b"/", b"http://", b"https://"))
            or (target == b"*" and method == b"OPTIONS")):  # RFC 9112 3.2's forms
        raise Malformed(400, "bad_request")
    version = "1.1" if minor == b"1" else "1.0"
    headers: list[tuple[str, str]] = []
    hosts, connection, expect = 0, "", ""
    lengths: set[str] = set()
    encodings: list[str] = []
    for text in lines[1:]:
        header = _HEADER.fullmatch(text)
        if header is None:
            raise Malformed(400, "bad_request")  # folded lines, bare CR, NUL, no colon…
        name = header.group(1).decode("ascii").lower()
        value = header.group(2).strip(b" \t").decode("latin-1")
        headers.append((name, value))
        if name == "host":
            hosts += 1
        elif name == "content-length":
            lengths.update(part.strip() for part in value.split(","))
        elif name == "transfer-encoding":
            encodings += [part.strip().lower() for part in value.split(",")]
        elif name == "connection":
            connection += "," + value.lower()
        elif name == "expect":
            expect = value.lower()
    if version == "1.1" and hosts != 1:
        raise Malformed(400, "bad_request")
    if not target.startswith((b"/", b"*")):
        target, headers = _origin_form(target, headers)
    length = _content_length(lengths)
    chunked = bool(encodings)
    if chunked and (encodings != ["chunked"] or length is not None or version == "1.0"):
        raise Malformed(400, "bad_request")  # no smuggling: one framing, the one we read
    tokens = {token.strip() for token in connection.split(",")}
    keep_alive = "close" not in tokens if version == "1.1" else "keep-alive" in tokens
    return Head(method.decode("ascii"), target, version, headers, keep_alive,
                length, chunked, expect == "100-continue" and version == "1.1")


def _origin_form(target: bytes, headers: list[tuple[str, str]]
                 ) -> tuple[bytes, list[tuple[str, str]]]:
    """An absolute target as the path (and query) it names, and its host as the request's
    Host: RFC 9112 3.2.2 has the server ignore the Host field then, so the host checks
    (hosts.py) judge the host the request was really sent to."""
    absolute = _ABSOLUTE.fullmatch(target)
    if absolute is None:
        raise Malformed(400, "bad_request")
    authority, rest = absolute.groups()
    path = rest or b"/"
    host = ("host", authority.decode("ascii"))
    return (path if path.startswith(b"/") else b"/" + path,
            [host, *(header for header in headers if header[0] != "host")])


def _content_length(values: set[str]) -> int | None:
    if not values:
        return None
    if len(values) > 1:
        raise Malformed(400, "bad_request")
    value = next(iter(values))
    if not value.isdigit() or not value.isascii() or len(value) > 12:
        raise Malformed(400, "bad_request")
    return int(value)


class _Body:
    """What a body reader writes to: memory, unless the server gives it a file (`sink`)."""

    def __init__(self, sink: BinaryIO | None) -> None:
        self.sink: BinaryIO = sink if sink is not None else io.BytesIO()

    def body(self) -> bytes:
        self.sink.seek(0)
        return self.sink.read()


class FixedBody(_Body):
    """A body of Content-Length bytes."""

    def __init__(self, length: int, sink: BinaryIO | None = None) -> None:
        super().__init__(sink)
        self.left = length

    def feed(self, data: bytearray) -> bool:
        """Takes what belongs to the body from the front of `data`; True once it is whole."""
        take = min(self.left, len(data))
        if take:
            self.sink.write(data[:take])
            del data[:take]
            self.left -= take
        return self.left == 0


class ChunkedBody(_Body):
    """A chunked body, cut as soon as it grows past `limit` (its size is not known ahead)."""

    def __init__(self, limit: int, sink: BinaryIO | None = None) -> None:
        super().__init__(sink)
        self.limit = limit
        self.size = 0
        self.left = 0  # bytes of the current chunk still to come
        self.state = "size"  # size | data | data_end | trailer

    def feed(self, data: bytearray) -> bool:
        while True:
            if self.state == "data":
                take = min(self.left, len(data))
                if not take:
                    return False
                self.sink.write(data[:take])
                del data[:take]
                self.left -= take
                if self.left == 0:
                    self.state = "data_end"
                continue
            line = self._line(data)
            if line is None:
                return False
            if self.state == "data_end":
                if line:
                    raise Malformed(400, "bad_request")
                self.state = "size"
            elif self.state == "size":
                size = _CHUNK_SIZE.fullmatch(line)
                if size is None:
                    raise Malformed(400, "bad_request")
                self.left = int(size.group(1), 16)
                self.size += self.left
                if self.size > self.limit:
                    raise Malformed(413, "body_too_large", limit=self.limit)
                self.state = "data" if self.left else "trailer"
            elif not line:  # the trailer's end: the body is whole
                return True
            elif _HEADER.fullmatch(line) is None:
                raise Malformed(400, "bad_request")
            else:  # a trailer field (ignored), counted against the limit too
                self.size += len(line)
                if self.size > self.limit:
                    raise Malformed(413, "body_too_large", limit=self.limit)

    @staticmethod
    def _line(data: bytearray) -> bytes | None:
        end = data.find(b"\n")
        if end < 0:
            if len(data) > MAX_CHUNK_LINE:
                raise Malformed(400, "bad_request")
            return None
        line = bytes(data[:end]).removesuffix(b"\r")
        del data[:end + 1]
        return line


def answer_head(status: str, headers: list, extra: list[str]) -> bytes:
    """A response's status line and headers (the app's, then ours in `extra`)."""
    lines = [f"HTTP/1.1 {status}", *(f"{name}: {value}" for name, value in headers), *extra]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def answer_bytes(status: str, headers: list, payload: bytes, keep_alive: bool,
                 version: str, head_only: bool = False) -> bytes:
    """An answer's bytes, in one piece. Content-Length is the app's, else the payload's.

    `head_only` (an answer to HEAD): the payload is not sent, and its length is said only
    when the app made one: it is then GET's body, whose length GET would be told. Werkzeug
    makes no body for HEAD, and a generated one's length is known to no one; RFC 9110 8.6
    allows no Content-Length then, never another number (0 would say GET's body is empty).
    """
    extra = []
    if not status.startswith(("1", "204", "304")) and (payload or not head_only) and \
            not any(name.lower() == "content-length" for name, _ in headers):
        extra.append(f"Content-Length: {len(payload)}")
    if not keep_alive:
        extra.append("Connection: close")
    elif version == "1.0":
        extra.append("Connection: keep-alive")
    return answer_head(status, headers, extra) + (b"" if head_only else payload)


@functools.lru_cache(maxsize=8)
def framed(text: str, chunked: bool) -> bytes:
    """A stream message as bytes on the wire, made once for every phone it goes to (the
    broker hands each one the same string)."""
    data = text.encode()
    return b"%x\r\n%b\r\n" % (len(data), data) if chunked else data
