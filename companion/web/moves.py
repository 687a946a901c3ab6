"""A posted move's short road: ``POST /api/games/<id>/actions`` answered without Flask.

Every move at the table is this one request, and on a Pi Zero 2 W its cost is the daemon's
CPU per move: Flask's request machinery (about 400 Python calls: contexts, proxies, header
objects, signals) ran on a web thread for each, and was a third of the daemon's CPU per move
with twenty phones watching. Here the server's loop hands the request to `MoveLane.take`,
which checks it exactly as the Flask route does (the same functions of guard.py, in the same
order: foreign host, unknown ``lang``, cross-site, not JSON, not paired, malformed JSON), posts
the move to the hub (`Hub.submit`: no web thread waits for it) and writes the answer from the
loop when the hub is done, withdrawn as ``table_busy`` if the hub has not got to it in time.

The lane only takes requests in the page's plain shape (a simple Host, cookie, Content-Type
and query); anything unusual goes to Flask, whose route (`api.post_action`) remains the
reference: `tests/test_move_lane.py` holds the two to the same status, headers and bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from werkzeug.http import HTTP_STATUS_CODES

from companion.rules import Refusal
from companion.rules.base import shown
from companion.web.answers import view_json
from companion.web.guard import (
    API_HEADERS,
    LANG_COOKIE,
    RETRY_AFTER_S,
    SECURITY_HEADERS,
    SESSION_COOKIE,
    check_language,
    check_write,
    choose_language,
    error_answer,
    origin_allowed,
    parse_json,
    report_bug,
    storage_failure,
)
from companion.web.hosts import allowed_host

Answer = Callable[[str, list[tuple[str, str]], bytes], None]

PATH = re.compile(r"/api/games/([1-9][0-9]{0,8})/actions")
SIMPLE_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
SIMPLE_QUERY = re.compile(r"(?:lang=([A-Za-z0-9_-]{0,20}))?")
SIMPLE_COOKIE = re.compile(r"[A-Za-z0-9_.-]+=[A-Za-z0-9_.~-]*")
SIMPLE_TYPE = re.compile(r"[A-Za-z0-9.+/-]+(?:\s*;\s*[A-Za-z0-9_-]+=[A-Za-z0-9_.-]+)*")


def apply_move(daemon: Any, game_id: int, action: Any) -> dict[str, Any]:
    """On the hub: enter the action; the answer carries the state it led to. The action may
    carry `seq`, the number of actions the page saw (not part of the action): a move another
    phone entered already is then refused as ``already_entered`` (`Sessions.apply`)."""
    seq = None
    if isinstance(action, dict) and "seq" in action:
        action = dict(action)
        seq = action.pop("seq")
        if type(seq) is not int or seq < 0:
            raise Refusal("bad_value", key="seq", value=shown(seq, 20))
    outcome = daemon.table.apply(game_id, action, seq)
    return {"ok": True, "events": outcome.events, "action": outcome.action,
            "state": daemon.sessions.get(game_id).view()}


@dataclass(frozen=True)
class _Request:
    """What the checks read from a request in the page's plain shape."""

    path: str
    game_id: int
    lang: str | None
    host: str
    origin: str | None
    mimetype: str
    cookies: dict[str, str]
    accept_language: str | None
    body: bytes

    def language(self) -> str:
        return choose_language(self.lang, self.cookies.get(LANG_COOKIE), self.accept_language)


def _plain(environ: dict[str, Any]) -> _Request | None:
    """The request, if it is a posted move in the plain shape; else None (Flask decides:
    percent-escapes, odd cookies, ports, parameters …)."""
    match = PATH.fullmatch(environ["PATH_INFO"])
    query = SIMPLE_QUERY.fullmatch(environ["QUERY_STRING"])
    host = environ.get("HTTP_HOST", "")
    content_type = environ.get("CONTENT_TYPE", "")
    cookies = _cookies(environ.get("HTTP_COOKIE", ""))
    if environ["REQUEST_METHOD"] != "POST" or match is None or query is None \
            or not SIMPLE_HOST.fullmatch(host) or host.endswith(":80") \
            or not SIMPLE_TYPE.fullmatch(content_type) or cookies is None:
        return None
    return _Request(
        path=environ["PATH_INFO"], game_id=int(match.group(1)),
        lang=query.group(1) if environ["QUERY_STRING"] else None, host=host,
        origin=environ.get("HTTP_ORIGIN") or environ.get("HTTP_REFERER"),
        mimetype=content_type.split(";")[0].strip().lower(), cookies=cookies,
        accept_language=environ.get("HTTP_ACCEPT_LANGUAGE"),
        body=environ["wsgi.input"].getvalue())


def _cookies(header: str) -> dict[str, str] | None:
    """name → value (the first of each name, as werkzeug reads them), if every pair is plain."""
    out: dict[str, str] = {}
    for part in header.split(";") if header.strip() else ():
        pair = part.strip()
        if not SIMPLE_COOKIE.fullmatch(pair):
            return None
        name, _, value = pair.partition("=")
        out.setdefault(name, value)
    return out


class MoveLane:
    def __init__(self, daemon: Any, names: frozenset[str], encode: Callable[[Any], str]
                 ) -> None:
        self.daemon = daemon
        self.names = names  # the host names we answer to (hosts.py)
        self.encode = encode  # the app's JSON, compact (the same bytes as jsonify)
        self.taken = 0
        # in the loop: the moves on their way to the hub (when each is withdrawn), oldest first
        self._waiting: dict[Future, tuple[float, Answer, _Request]] = {}
        self._withdrawing: Any = None  # the timer that withdraws them (asyncio.TimerHandle)

    def take(self, environ: dict[str, Any], answer: Answer, server: Any) -> bool:
        """In the server's loop: False leaves the request to the app; True means `answer`
        will be called once, later, in the loop (through `server.door`)."""
        request = _plain(environ)
        if request is None:
            return False
        self.taken += 1
        try:
            self._start(request, answer, server)
        except Exception as exc:  # a bug of ours: a logged 500, as the app answers one
            server.door.call(self._bug, answer, request, exc)
        return True

    def _start(self, request: _Request, answer: Answer, server: Any) -> None:
        try:
            if not allowed_host(request.host, self.names):
                raise Refusal("foreign_host")
            check_language(request.lang)
            check_write(origin_allowed(request.origin, request.host), request.mimetype,
                        lambda: self.daemon.table.paired(request.cookies.get(SESSION_COOKIE)))
            action = parse_json(request.body)
        except Refusal as refused:
            server.door.call(self._error, answer, request, refused.code, dict(refused.params))
            return
        hub = self.daemon.hub
        future = hub.submit(apply_move, self.daemon, request.game_id, action)
        deadline = server.loop.time() + hub.call_timeout_s
        self._waiting[future] = (deadline, answer, request)
        if self._withdrawing is None:
            self._withdrawing = server.loop.call_at(deadline, self._withdraw, server.loop)

        def done(finished: Future) -> None:  # on the hub thread, after the job's messages
            server.door.call(self._finish, finished, answer, request)  # one wake-up
        future.add_done_callback(done)

    def _withdraw(self, loop: Any) -> None:
        """The moves the hub has not got to in time are withdrawn (as hub.py's `call`
        withdraws): answered busy, they never run. One timer for all moves on their way,
        due at the first one's time, not one made and cancelled for each move."""
        self._withdrawing, now = None, loop.time()
        for future, (deadline, answer, request) in list(self._waiting.items()):
            if deadline <= now:
                del self._waiting[future]
                if future.cancel():  # still queued (a running move is answered when done)
                    self._error(answer, request, "table_busy", {"retry_after": RETRY_AFTER_S})
        if self._waiting:
            due = min(deadline for deadline, _, _ in self._waiting.values())
            self._withdrawing = loop.call_at(due, self._withdraw, loop)

    def _finish(self, future: Future, answer: Answer, request: _Request) -> None:
        self._waiting.pop(future, None)
        if future.cancelled():
            return  # answered as busy already
        error = future.exception()
        if error is not None and not isinstance(error, Refusal):
            error = storage_failure(error) or error
        if error is None:
            self._send(answer, "200 OK", self._moved(future.result()), [])
        elif isinstance(error, Refusal):
            self._error(answer, request, error.code, dict(error.params))
        else:
            self._bug(answer, request, error)

    def _bug(self, answer: Answer, request: _Request, error: BaseException) -> None:
        """A 500 with an id the log line carries too (as the app's `unexpected`)."""
        self._error(answer, request, "internal", report_bug("POST", request.path, error), 500)

    def _error(self, answer: Answer, request: _Request, code: str, params: dict[str, Any],
               status: int | None = None) -> None:
        status, body, headers = error_answer(code, params, request.language(), status)
        self._json(answer, _status_line(status), body, headers)

    def _moved(self, result: dict[str, Any]) -> str:
        """The move's answer (`apply_move`'s, "state" last) as the app encodes it, with the
        state's JSON the stream's ``state`` message was made from (encoded once)."""
        rest = self.encode({key: value for key, value in result.items() if key != "state"})
        return f'{rest[:-1]},"state":{view_json(result["state"])}}}'

    def _json(self, answer: Answer, status: str, body: Any, extra: list[tuple[str, str]]
              ) -> None:
        self._send(answer, status, self.encode(body), extra)

    def _send(self, answer: Answer, status: str, text: str, extra: list[tuple[str, str]]
              ) -> None:
        payload = f"{text}\n".encode()
        answer(status, [("Content-Type", "application/json"),
                        ("Content-Length", str(len(payload))), *extra,
                        *SECURITY_HEADERS, *API_HEADERS], payload)


def _status_line(status: int) -> str:
    """As werkzeug writes it (the same status line as the app's)."""
    return f"{status} {HTTP_STATUS_CODES[status].upper()}"
