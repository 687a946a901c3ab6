"""The phone page and the JSON API: a Flask app, served by `server.WebServer`.

`create_app(daemon)` builds the app; `WebServer` (server.py) runs it: one event loop for
every connection and live stream, a few threads for the app. Pages and assets
come from the project's `web/` folder (installed as ``share/companion/web`` beside the
package), all served locally: the Pi often has no internet.
"""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.routing import IntegerConverter

from companion.i18n.catalogs import language_name, languages, page_text
from companion.rules import Refusal
from companion.web.api import api
from companion.web.assets import CompactStatic
from companion.web.club import MAX_RESTORE_BYTES, club
from companion.web.guard import (
    API_HEADERS,
    SECURITY_HEADERS,
    error_response,
    language,
    refusal_response,
    report_bug,
    storage_failure,
)
from companion.web.home import home
from companion.web.hosts import allowed_host, own_names
from companion.web.moves import MoveLane
from companion.web.server import MAX_BODY, WebServer

__all__ = ["LARGE_BODIES", "PAGE_BUDGET", "PageBudget", "WebServer", "create_app", "move_lane"]

LARGE_BODIES = {"/api/restore": MAX_RESTORE_BYTES}  # paths whose body may pass MAX_BODY


class PageBudget(NamedTuple):
    """What a phone downloads to open the page: the page and every asset it loads at start,
    as sent, in bytes (`raw`) and gzipped each file on its own (`gzip`)."""

    raw: int
    gzip: int


# The page's weight budget, the one figure the test (test_web_api.py) holds the page to and
# `companion bench web` (web.page_bytes) reports beside its weight.
PAGE_BUDGET = PageBudget(raw=100_000, gzip=30_000)


HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
              413: "body_too_large"}


def web_root() -> Path:
    """`web/` of a checkout (editable install), else the installed copy under sys.prefix."""
    checkout = Path(__file__).resolve().parents[2] / "web"
    if (checkout / "templates").is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "companion" / "web"


def move_lane(app: Flask) -> MoveLane:
    """The posted moves' short road (moves.py), checking what `app` checks and answering in
    the bytes `jsonify` writes: the app's JSON settings, in an encoder made once."""
    provider = app.json
    encode = json.JSONEncoder(default=provider.default, ensure_ascii=provider.ensure_ascii,
                              sort_keys=provider.sort_keys, separators=(",", ":"),
                              check_circular=False).encode
    return MoveLane(app.config["daemon"], app.config["own_names"], encode)


class GameIdConverter(IntegerConverter):
    """`<game_id:...>`: a game's number as the page writes it (ASCII digits, no leading
    zero; the move lane reads the same shape). werkzeug's `int` also took "00001" and
    Arabic-Indic digits: several addresses for one game."""

    regex = r"[1-9][0-9]{0,8}"


def create_app(daemon: Any) -> Flask:
    root = web_root()
    app = Flask(__name__, template_folder=str(root / "templates"),
                static_folder=str(root / "static"), static_url_path="/static")
    app.url_map.converters["game_id"] = GameIdConverter
    CompactStatic(app)  # the page's code and style sent without their comments (assets.py)
    app.config.update(daemon=daemon, MAX_CONTENT_LENGTH=MAX_BODY)
    app.json.ensure_ascii = False
    # Keys in the order built (Flask ignores JSON_SORT_KEYS since 2.3): sorting was a fifth
    # of the time taken to encode a move's answer, and its state is then the very text the
    # stream sent (answers.view_json).
    app.json.sort_keys = False
    app.register_blueprint(api)
    app.register_blueprint(home)
    app.register_blueprint(club)
    names = own_names(getattr(daemon, "page_url", ""))
    app.config["own_names"] = names

    @app.before_request
    def addressed_to_us() -> None:  # DNS rebinding: see hosts.py
        if not allowed_host(request.host, names):
            raise Refusal("foreign_host")

    @app.get("/")
    def index() -> str:
        lang = language()
        return render_template("index.html", lang=lang, t=partial(page_text, lang=lang),
                               languages=[(code, language_name(code)) for code in languages()])

    @app.errorhandler(Refusal)
    def refused(exc: Refusal) -> Response:
        return refusal_response(exc)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        if (exc.code or 500) >= 500:  # werkzeug's own 500: still a bug of ours
            return unexpected(exc)
        code = HTTP_CODES.get(exc.code or 400, "bad_request")
        response = error_response(code, {}, exc.code or 400)
        if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(exc.valid_methods))
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        """A bug, not the client's fault: a 500 with an id the log line carries too (unless
        is the card's: full or failing, `storage_failure`)."""
        storage = storage_failure(exc)
        if storage is not None:
            return refusal_response(storage)
        return error_response("internal", report_bug(request.method, request.path, exc), 500)

    @app.after_request
    def headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS:
            response.headers.setdefault(name, value)
        if request.path.startswith("/api/"):
            for name, value in API_HEADERS:
                response.headers.setdefault(name, value)
        return response

    return app
