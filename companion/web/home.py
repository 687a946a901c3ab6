"""What a phone asks for besides the page: its words (`/i18n/<lang>.json`, one gettext catalog
per language, and a game's or a tab's own part of it, `/i18n/<lang>/<part>.json`), the
favicon and the web app manifest, so that "add to home screen" shows the companion's name,
icon and colours."""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, request, send_from_directory

from companion.i18n.catalogs import languages, page_words
from companion.i18n.page_parts import PARTS
from companion.rules import Refusal

home = Blueprint("home", __name__)
THEME = "#1565c0"  # --accent in app.css; the icons are drawn on it (scripts/make_icons.py)
MANIFEST = {
    "name": "companion — the table referee",
    "short_name": "companion",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": "#fafafa",
    "theme_color": THEME,
    "icons": [{"src": f"/static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"}
              for n in (192, 512)],
}


@home.get("/favicon.ico")
def favicon() -> Response:
    return send_from_directory(current_app.static_folder or "", "favicon.ico",
                               mimetype="image/vnd.microsoft.icon", max_age=86400)


@home.get("/manifest.webmanifest")
def manifest() -> Response:
    return Response(json.dumps(MANIFEST, ensure_ascii=False),
                    mimetype="application/manifest+json")


@home.get("/i18n/<lang>.json")
def strings(lang: str) -> Response:
    """The page's words in `lang` (those of no part). The same for every phone until the
    companion restarts: revalidated by its ETag (a 304 costs a phone a few bytes)."""
    return _words(lang, "")


@home.get("/i18n/<lang>/<part>.json")
def part_strings(lang: str, part: str) -> Response:
    """One part's words in `lang` (a game's, a tab's: companion/i18n/page_parts.py PARTS)."""
    if part not in PARTS:
        raise Refusal("not_found")
    return _words(lang, part)


def _words(lang: str, part: str) -> Response:
    if lang not in languages():
        raise Refusal("not_found")
    body = json.dumps(page_words(lang, part), ensure_ascii=False, separators=(",", ":"))
    response = Response(body, mimetype="application/json")
    response.add_etag()
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
