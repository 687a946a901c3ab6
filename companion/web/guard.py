"""Requests in and errors out: JSON bodies read strictly, writes guarded, refusals translated.

Watching needs nothing. A write (POST/PUT) must be JSON (a cross-site HTML form cannot send
that without a CORS preflight, which we never grant), must come from this page's own origin
when the browser says where it comes from, and, except pairing itself, must carry a paired
session cookie. Errors are always ``{"error": {"code", "message", "params"}}``, the message
in the caller's language: a `Refusal` (the rules' or ours) is a 4xx; a hub call withdrawn
because the table was busy is a 503 with Retry-After (nothing happened); a full card is a 507
(`storage_failure`: nothing stored); only a bug is a 500.
"""

from __future__ import annotations

import errno
import json
import logging
import re
import sqlite3
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import Response, current_app, g, jsonify, request

from companion.daemon.hub import HubBusy
from companion.i18n import languages, message, pick_language
from companion.rules import Refusal

log = logging.getLogger("companion.web")
SESSION_COOKIE = "companion_session"
LANG_COOKIE = "companion_lang"
STATUS = {  # error code → HTTP status; every other rule refusal is 422
    "not_found": 404, "no_such_game": 404, "method_not_allowed": 405,
    "malformed_json": 400, "expected_object": 400, "body_too_large": 413,
    "json_required": 415, "not_paired": 401, "cross_site": 403, "wrong_pin": 403,
    "pairing_locked": 429, "too_many_streams": 503, "not_simulated": 404,
    "bad_request": 400, "unknown_button": 400, "foreign_host": 421, "internal": 500,
    "table_busy": 503, "undo_stale": 409, "already_entered": 409, "storage_full": 507,
    "storage_failed": 507,
}
RETRY_AFTER_S = 1  # a busy table: when the phone may try again


# One error type: the web's own refusals (not paired, cross-site, malformed JSON, …) are
# `Refusal`s like the rules' (a code and parameters; the status comes from STATUS).


def language() -> str:
    """The caller's language: ?lang=, the page's cookie, else Accept-Language."""
    return choose_language(request.args.get("lang"), request.cookies.get(LANG_COOKIE),
                           request.headers.get("Accept-Language"))


def choose_language(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    for choice in (asked, cookie):
        if choice in languages():
            return choice
    return pick_language(accept_language)


def known_language() -> None:
    """Before every `/api` request: a `lang` the document does not list is refused (422
    bad_value), as the OpenAPI document says, never silently ignored."""
    check_language(request.args.get("lang"))


def check_language(asked: str | None) -> None:
    if asked is not None and asked not in languages():
        raise Refusal("bad_value", key="lang", value=asked[:20])


def error_response(code: str, params: dict[str, Any] | None = None,
                   status: int | None = None) -> Response:
    status, body, headers = error_answer(code, params or {}, language(), status)
    response = jsonify(body)
    response.status_code = status
    response.headers.extend(headers)
    return response


def error_answer(code: str, params: dict[str, Any], lang: str, status: int | None = None
                 ) -> tuple[int, dict[str, Any], list[tuple[str, str]]]:
    """An error's status, body and extra headers, the message in `lang`."""
    status = status or STATUS.get(code, 422)
    body = {"error": {"code": code, "message": message(code, params, lang), "params": params}}
    # busy, full: nothing happened, try again shortly
    return status, body, [("Retry-After", str(RETRY_AFTER_S))] if status == 503 else []


def report_bug(method: str, path: str, exc: BaseException) -> dict[str, str]:
    """A bug, not the client's fault: logged once, with its traceback, under a fresh id; the
    500's params carry the id (the traceback is never sent)."""
    error_id = uuid.uuid4().hex[:12]
    log.error("unexpected error %s on %s %s", error_id, method, path, exc_info=exc)
    return {"id": error_id}


STORAGE_FULL = ({sqlite3.SQLITE_FULL}, {errno.ENOSPC, errno.EDQUOT})
# a card that fails is remounted read-only by the kernel, or fails to read and write
STORAGE_FAILED = ({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT},
                  {errno.EROFS, errno.EIO})


def storage_failure(exc: BaseException) -> Refusal | None:
    """A failure that is no bug but the storage's: the card is full (SQLite's SQLITE_FULL,
    no space left) or cannot be written (read-only after a fault, an I/O error). Nothing was
    stored (the commit did not happen), so the phone is told so with a stable code (507)
    instead of a 500; the log says it for whoever looks after the box."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        found: tuple[int | None, int | None] = (None if code is None else code & 0xFF, None)
    elif isinstance(exc, OSError):
        found = (None, exc.errno)
    else:
        return None
    for refusal, (sqlite_codes, errnos) in (("storage_full", STORAGE_FULL),
                                             ("storage_failed", STORAGE_FAILED)):
        if found[0] in sqlite_codes or found[1] in errnos:
            log.error("the storage failed (%s): %s", refusal, exc)
            return Refusal(refusal)
    return None


def refusal_response(exc: Refusal) -> Response:
    return error_response(exc.code, dict(exc.params))


def busy_response(exc: HubBusy) -> Response:
    """A hub call that waited too long in the queue was withdrawn (`Hub.call`): it did not
    run and never will, so the phone is told "nothing happened, try again" (503,
    Retry-After), never a 500 or a success it cannot be sure of."""
    return error_response("table_busy", {"retry_after": RETRY_AFTER_S})


def json_body() -> Any:
    """The request's JSON, strictly (`parse_json`)."""
    return parse_json(request.get_data(cache=True))


MAX_JSON_DEPTH = 32  # a move, a game's options or the settings nest 5 deep at most
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_JSON_NESTING = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes) -> int:
    """How deep `raw`'s arrays and objects nest (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _JSON_NESTING.findall(_JSON_STRING.sub(b"", raw)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_json(raw: bytes) -> Any:
    """JSON, strictly: UTF-8 text only (RFC 8259: `json.loads` would also take UTF-16 and
    UTF-32); malformed JSON (nested too deep, or a string with a lone surrogate, which no
    reply could echo) is a 400 with its own code.

    Nesting is measured before parsing when there are enough brackets for it to matter:
    `json.loads` recurses once per level, and thousands of levels ran the web thread to
    the interpreter's recursion limit, where any object the garbage collector finalised
    meanwhile failed too (an "unraisable" error, seen now and then in the tests)."""
    if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and json_depth(raw) > MAX_JSON_DEPTH:
        raise Refusal("malformed_json", detail=f"nested deeper than {MAX_JSON_DEPTH}")
    try:
        body = json.loads((raw or b"null").decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refusal("malformed_json", detail=str(exc)[:120]) from None
    except RecursionError:
        raise Refusal("malformed_json", detail="nested too deep") from None
    # a lone surrogate can come only from a \u escape (strict UTF-8 refuses encoded ones):
    # a plain ASCII body without one (every move the page posts) needs no walk
    if b"\\u" in raw and not encodable(body):
        raise Refusal("malformed_json", detail="a string with a lone surrogate")
    return body


def encodable(value: Any) -> bool:
    """Every string (keys included) is valid Unicode text: UTF-8 can encode it."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


def json_object() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise Refusal("expected_object")
    return body


def same_origin() -> bool:
    return origin_allowed(request.headers.get("Origin") or request.headers.get("Referer"),
                          request.host)


def origin_allowed(origin: str | None, host: str) -> bool:
    """Whether a write comes from this page's own origin: scheme, host and port. The table
    serves plain HTTP only, so a page of https://the-same-host is another origin."""
    if not origin:
        return True  # not a browser (curl, the tests, scripts on the table's network)
    parts = urlsplit(origin)
    return parts.scheme == "http" and parts.netloc == host


def session_token() -> str | None:
    return request.cookies.get(SESSION_COOKIE)


def paired() -> bool:
    """Whether this phone is paired: read from the pairing's snapshot (no hub trip)."""
    if "paired" not in g:
        g.paired = current_app.config["daemon"].table.paired(session_token())
    return g.paired


def writes(pairing_needed: bool = True) -> Callable:
    """Guard a write endpoint (see the module docstring)."""
    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            check_write(same_origin(), request.mimetype,
                        lambda: not pairing_needed or paired())
            return view(*args, **kwargs)
        return guarded
    return decorate


def check_write(from_here: bool, mimetype: str, allowed: Callable[[], bool]) -> None:
    """A write's refusals, in this order (the module docstring): `allowed` says whether the
    caller may write (paired, where pairing is needed)."""
    if not from_here:
        raise Refusal("cross_site")
    if mimetype != "application/json":
        raise Refusal("json_required")
    if not allowed():
        raise Refusal("not_paired")


SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; "
     "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
     "form-action 'self'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
)
API_HEADERS = (("Cache-Control", "no-store"),)  # besides the security headers, on /api/
