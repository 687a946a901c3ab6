"""The page's code and style as sent: each `.js` and `.css` file of web/static without its
comment lines, indentation and blank lines. The sources keep their comments for the people
who carry them on; a phone downloads only what runs, which keeps the page within its weight
budget (PAGE_BUDGET). Lines are never joined, so JavaScript reads each statement as written.

A file this cannot compact safely is sent as it is: a JavaScript file with a template literal
spanning lines (an odd count of backticks on a line), whose indentation is part of a string."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask, Response, request
from werkzeug.security import safe_join

CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
MIMETYPES = {".js": "text/javascript", ".css": "text/css"}


def compact_js(source: str) -> str:
    """`source` without whole-line `//` comments, indentation and blank lines, or unchanged
    when a template literal spans lines."""
    lines = source.splitlines()
    if any(line.count("`") % 2 for line in lines):
        return source
    kept = (line.strip() for line in lines)
    return "".join(f"{line}\n" for line in kept if line and not line.startswith("//"))


def compact_css(source: str) -> str:
    """`source` without comments, indentation and blank lines."""
    kept = (line.strip() for line in CSS_COMMENT.sub("", source).splitlines())
    return "".join(f"{line}\n" for line in kept if line)


COMPACTORS: dict[str, Callable[[str], str]] = {".js": compact_js, ".css": compact_css}


class CompactStatic:
    """Flask's static view, with `.js` and `.css` files compacted. Each file is compacted once
    and kept until it changes on disk (an edited source shows at the next reload)."""

    def __init__(self, app: Flask) -> None:
        self.folder = app.static_folder or ""
        self.plain = app.view_functions["static"]
        self.kept: dict[str, tuple[int, bytes]] = {}
        app.view_functions["static"] = self.serve

    def serve(self, filename: str) -> Response:
        suffix = Path(filename).suffix
        path = safe_join(self.folder, filename)
        if suffix not in COMPACTORS or path is None or not Path(path).is_file():
            return self.plain(filename=filename)
        response = Response(self.compacted(path, suffix), mimetype=MIMETYPES[suffix])
        response.add_etag()
        response.headers["Cache-Control"] = "no-cache"  # asked again, answered 304 if unchanged
        return response.make_conditional(request)

    def compacted(self, path: str, suffix: str) -> bytes:
        changed = Path(path).stat().st_mtime_ns
        kept = self.kept.get(path)
        if kept is None or kept[0] != changed:
            body = COMPACTORS[suffix](Path(path).read_text("utf-8")).encode("utf-8")
            kept = self.kept[path] = (changed, body)
        return kept[1]
