"""The page's code and style as sent: each `.js` and `.css` file of web/static without its
comments, indentation and blank lines. The sources keep their comments for the people
who carry them on; a phone downloads only what runs, which keeps the page within its weight
budget (PAGE_BUDGET). Lines are never joined, so JavaScript reads each statement as written.

A file this cannot compact safely is sent as it is: a JavaScript file with a template literal
spanning lines (an odd count of backticks on a line), whose indentation is part of a string.

The page's start-up scripts (START_SCRIPTS) stay one file per job in the source, and are sent
as one file, START_BUNDLE, made here from them as they are on disk: one request instead of
eleven on a Pi's Wi-Fi, and smaller gzipped as one. They are classic scripts each wrapped in
its own function, so run one after the other in one file they do what they did as eleven
`defer` scripts in this order. As eleven files, one that threw while it ran was reported and
the others still ran; in one file a throw would end the file there, so each part runs in its
own `try` and what it throws is thrown again a moment later (reported as before, the next
part runs meanwhile)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask, Response, request
from werkzeug.security import safe_join

CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
MIMETYPES = {".js": "text/javascript", ".css": "text/css"}
# The scripts the page runs at start, in the order they run (each uses those before it).
START_SCRIPTS = ("core.js", "i18n.js", "announce.js", "choices.js", "seats.js", "live.js",
                 "pairing.js", "history.js", "play.js", "tabs.js", "app.js")
START_BUNDLE = "page.js"  # the name they are sent under (/static/page.js): no file of its own
BUNDLES = {START_BUNDLE: START_SCRIPTS}  # of scripts only (each part runs in a `try`)


# A comment after code: `//` after a blank, outside any string (see `_code_of`).
TRAILING = re.compile(r"\s+//(?:\s|$)")
ESCAPED = re.compile(r"\\.")


def _code_of(line: str) -> str:
    """A line without the comment after its code. Only where that is certain: before the
    `//` each kind of quote (", ', `) comes an even number of times, escapes aside (so the
    `//` is in no string; one quote inside another's string makes it odd, and the line is
    kept whole). A URL's `//` follows a colon, not a blank."""
    for found in TRAILING.finditer(line):
        before = ESCAPED.sub("", line[:found.start()])
        if all(before.count(quote) % 2 == 0 for quote in "\"'`"):
            return line[:found.start()]
    return line


def compact_js(source: str) -> str:
    """`source` without `//` comments (whole lines, and after code), indentation and blank
    lines, or unchanged when a template literal spans lines."""
    lines = source.splitlines()
    if any(line.count("`") % 2 for line in lines):
        return source
    kept = (_code_of(line.strip()) for line in lines)
    return "".join(f"{line}\n" for line in kept if line and not line.startswith("//"))


def compact_css(source: str) -> str:
    """`source` without comments, indentation and blank lines."""
    kept = (line.strip() for line in CSS_COMMENT.sub("", source).splitlines())
    return "".join(f"{line}\n" for line in kept if line)


COMPACTORS: dict[str, Callable[[str], str]] = {".js": compact_js, ".css": compact_css}


PART_START = "try {\n"
# An error thrown by one part is reported as an uncaught error once the file has run, as
# it was when the part was a file of its own; the parts after it run first.
PART_END = "} catch (e) { setTimeout(function () { throw e; }); }\n"


class Compacted:
    """Files as sent: one file compacted, or several scripts compacted and joined in order (a
    bundle), each in a `try` of its own (PART_START, PART_END): no part runs on into the next
    (a part ending `})()` before one starting `(` would call it), and none stops the ones
    after it. Each is made once and made again when any of its files changes on disk (an
    edited source shows at the next reload)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[Path, ...], tuple[tuple[int, ...], bytes]] = {}

    def body(self, paths: tuple[Path, ...]) -> bytes:
        changed = tuple(path.stat().st_mtime_ns for path in paths)
        kept = self.kept.get(paths)
        if kept is None or kept[0] != changed:
            parts = [COMPACTORS[path.suffix](path.read_text("utf-8")) for path in paths]
            body = parts[0] if len(parts) == 1 else \
                "".join(f"{PART_START}{part.rstrip()}\n{PART_END}" for part in parts)
            kept = self.kept[paths] = (changed, body.encode("utf-8"))
        return kept[1]


class CompactStatic:
    """Flask's static view, with `.js` and `.css` files compacted and the bundles (BUNDLES)
    made of theirs (Compacted)."""

    def __init__(self, app: Flask) -> None:
        self.folder = app.static_folder or ""
        self.plain = app.view_functions["static"]
        self.compacted = Compacted()
        app.view_functions["static"] = self.serve

    def serve(self, filename: str) -> Response:
        suffix = Path(filename).suffix
        if filename in BUNDLES:
            paths = tuple(Path(self.folder) / name for name in BUNDLES[filename])
        else:
            path = safe_join(self.folder, filename)
            if suffix not in COMPACTORS or path is None or not Path(path).is_file():
                return self.plain(filename=filename)
            paths = (Path(path),)
        response = Response(self.compacted.body(paths), mimetype=MIMETYPES[suffix])
        response.add_etag()
        response.headers["Cache-Control"] = "no-cache"  # asked again, answered 304 if unchanged
        return response.make_conditional(request)
